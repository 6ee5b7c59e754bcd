// SPDX-License-Identifier: GPL-2.0
/*
 * errno_header ARCH - scripts/kapi's errno table for architecture ARCH as
 * C: "#undef E" and "#define E N" for every name it has there. The tests
 * compare it with the kernel tree's headers, and compile specs for an
 * architecture not the host's with it (-include).
 */
#include <stdio.h>

#include "kapi_internal.h"

int main(int argc, char **argv)
{
	struct kapi_arch arch;
	const char *name;
	enum kapi_errno_abi abi;
	unsigned int i;
	int v;

	if (argc != 2 || !kapi_arch_of_name(argv[1], &arch)) {
		fprintf(stderr, "usage: errno_header ARCH\n");
		return 1;
	}
	abi = arch.errno_abi;
	printf("/* errnos of %s, from scripts/kapi/kapi_symbols.c */\n",
	       kapi_errno_abi_name(abi));
	for (i = 0; (name = kapi_errno_nth(i)); i++)
		if (kapi_errno_value(abi, name, &v))
			printf("#undef %s\n#define %s %d\n", name, name, v);
	return 0;
}
