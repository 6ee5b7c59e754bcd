// SPDX-License-Identifier: GPL-2.0
/*
 * arch_tables ARCH - scripts/kapi's tables for architecture ARCH, one
 * "const NAME VALUE" per constant (VALUE as C converts it to u64) and one
 * "nr NAME N" per system call, for run.sh to compare with a kernel tree's
 * syscall tables and with what a compiler makes of its headers.
 */
#include <stdio.h>

#include "kapi_internal.h"

int main(int argc, char **argv)
{
	struct kapi_arch arch;
	struct kapi_cval c;
	const char *name;
	unsigned int i;
	int nr;

	if (argc != 2 || !kapi_arch_of_name(argv[1], &arch)) {
		fprintf(stderr, "usage: arch_tables ARCH\n");
		return 1;
	}
	kapi_arch_use(arch);
	for (i = 0; (name = kapi_const_nth(i)); i++)
		if (kapi_const_value(name, &c))
			printf("const %s %llu\n", name,
			       (unsigned long long)kapi_cval_u64(c));
	for (i = 0; (name = kapi_syscall_nth(i, &nr)); i++)
		printf("nr %s %d\n", name, nr);
	return 0;
}
