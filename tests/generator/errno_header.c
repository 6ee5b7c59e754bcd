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
	const char *name;
	unsigned int i;
	int abi, v;

	abi = argc == 2 ? kapi_errno_abi_of_arch(argv[1]) : -1;
	if (abi < 0) {
		fprintf(stderr, "usage: errno_header ARCH\n");
		return 1;
	}
	printf("/* errnos of %s, from scripts/kapi/kapi_symbols.c */\n",
	       kapi_errno_abi_name(abi));
	for (i = 0; (name = kapi_errno_nth(i)); i++)
		if (kapi_errno_value(abi, name, &v))
			printf("#undef %s\n#define %s %d\n", name, name, v);
	return 0;
}
