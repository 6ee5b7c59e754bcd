// SPDX-License-Identifier: GPL-2.0
/*
 * --format syzlang-const: the .const file syzkaller needs next to the
 * syzlang of print_syzlang.c (sys/linux/NAME.txt.const for NAME.txt), in
 * the format of syzkaller's pkg/compiler/const_file.go:
 *
 *   arches = amd64
 *   O_CREAT = 64
 *   __NR_openat2 = 437
 *
 * one line per name the syzlang uses, sorted: the __NR_ number of every
 * system call (??? where the architecture has none) and the value of
 * every name of a value set it takes. The numbers are the compiler's, so
 * they come from a compiled spec only (--vmlinux, --debugfs); read from
 * source a spec has names only and the caller refuses it. Values are
 * unsigned, as syzkaller reads them: AT_FDCWD is 18446744073709551516.
 *
 * The architecture is the ELF file's (--vmlinux), or the machine's for
 * --debugfs, which shows the running kernel.
 */
#include <errno.h>
#include <elf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "main.h"
#include "model.h"
#include "print.h"

#ifndef EM_LOONGARCH
#define EM_LOONGARCH	258
#endif

/* syzkaller's name of the architecture of ELF machine @m, or NULL */
static const char *elf_arch(unsigned int m, bool is64, bool le)
{
	switch (m) {
	case EM_X86_64:
		return "amd64";
	case EM_386:
		return "386";
	case EM_AARCH64:
		return "arm64";
	case EM_ARM:
		return "arm";
	case EM_PPC64:
		return le ? "ppc64le" : NULL;
	case EM_RISCV:
		return is64 ? "riscv64" : NULL;
	case EM_S390:
		return is64 ? "s390x" : NULL;
	case EM_MIPS:
		return is64 && le ? "mips64le" : NULL;
	case EM_LOONGARCH:
		return is64 ? "loong64" : NULL;
	default:
		return NULL;
	}
}

/* e_ident and e_machine are where they are in every ELF header */
static const char *vmlinux_arch(const char *path)
{
	unsigned char h[20];
	const char *arch;
	unsigned int m;
	FILE *f;

	f = fopen(path, "rb");
	if (!f) {
		p_err("%s: %s", path, strerror(errno));
		return NULL;
	}
	if (fread(h, 1, sizeof(h), f) != sizeof(h) || memcmp(h, ELFMAG, SELFMAG)) {
		p_err("%s: no ELF header", path);
		fclose(f);
		return NULL;
	}
	fclose(f);
	m = h[EI_DATA] == ELFDATA2MSB ? h[18] << 8 | h[19] : h[19] << 8 | h[18];
	arch = elf_arch(m, h[EI_CLASS] == ELFCLASS64, h[EI_DATA] == ELFDATA2LSB);
	if (!arch)
		p_err("%s: ELF machine %u is no architecture syzkaller knows",
		      path, m);
	return arch;
}

static const char *machine_arch(void)
{
	static const struct {
		const char *machine, *arch;
	} arches[] = {
		{ "x86_64", "amd64" }, { "i386", "386" }, { "i486", "386" },
		{ "i586", "386" }, { "i686", "386" }, { "aarch64", "arm64" },
		{ "ppc64le", "ppc64le" }, { "riscv64", "riscv64" },
		{ "s390x", "s390x" }, { "mips64", "mips64le" },
		{ "loongarch64", "loong64" },
	};
	struct utsname u;
	unsigned int i;

	if (uname(&u)) {
		p_err("uname: %s", strerror(errno));
		return NULL;
	}
	for (i = 0; i < ARRAY_SIZE(arches); i++)
		if (!strcmp(u.machine, arches[i].machine))
			return arches[i].arch;
	if (!strncmp(u.machine, "arm", 3))
		return "arm";
	p_err("machine %s is no architecture syzkaller knows", u.machine);
	return NULL;
}

struct syz_const {
	char *name;
	u64 value;
	bool defined;
	const char *set;	/* the value set it comes from, or NULL */
};

struct consts {
	struct syz_const *c;
	unsigned int n;
	int ret;
};

static void add(struct consts *cs, char *name, u64 value, bool defined,
		const char *set)
{
	struct syz_const *grown;

	if (!name) {
		cs->ret = KAPI_EXIT_INTERNAL;
		return;
	}
	grown = realloc(cs->c, (cs->n + 1) * sizeof(*cs->c));
	if (!grown) {
		free(name);
		cs->ret = KAPI_EXIT_INTERNAL;
		return;
	}
	cs->c = grown;
	cs->c[cs->n++] = (struct syz_const){ name, value, defined, set };
}

static void add_set(const struct kapi_value_set *set, void *data)
{
	struct consts *cs = data;
	unsigned int k;

	if (!set->valued) {
		p_err("value set '%s' has no numbers, though a compiled spec has them",
		      set->name);
		if (!cs->ret)
			cs->ret = KAPI_EXIT_CORRUPT;
		return;
	}
	for (k = 0; k < set->n_values; k++)
		add(cs, strdup(set->values[k].name), set->values[k].value, true,
		    set->name);
}

static int by_name(const void *a, const void *b)
{
	const struct syz_const *x = a, *y = b;

	return strcmp(x->name, y->name);
}

int print_syzlang_const(FILE *f, const struct kapi_origin *o,
			const struct kapi_spec *const *specs, unsigned int n)
{
	struct consts cs = { 0 };
	const struct syz_const *c, *prev;
	const char *arch;
	unsigned int i;
	char *name;

	arch = o->kind == KAPI_ORIGIN_VMLINUX ? vmlinux_arch(o->path) :
	       machine_arch();
	if (!arch)
		return KAPI_EXIT_CORRUPT;
	for (i = 0; i < n; i++) {
		if (specs[i]->kind != KAPI_KIND_SYSCALL)
			continue;
		if (asprintf(&name, "__NR_%s", specs[i]->name) < 0)
			name = NULL;
		add(&cs, name, specs[i]->nr, specs[i]->nr >= 0, NULL);
	}
	print_syzlang_walk_sets(specs, n, add_set, &cs);
	if (cs.n)
		qsort(cs.c, cs.n, sizeof(*cs.c), by_name);
	/* a name in two sets is one constant: it must be one number */
	for (i = 1; i < cs.n && !cs.ret; i++) {
		c = &cs.c[i];
		prev = &cs.c[i - 1];
		if (!strcmp(c->name, prev->name) && c->value != prev->value) {
			p_err("%s is %lld in value set '%s' but %lld in '%s'",
			      c->name, (long long)prev->value, prev->set,
			      (long long)c->value, c->set);
			cs.ret = KAPI_EXIT_CORRUPT;
		}
	}
	if (cs.ret == KAPI_EXIT_INTERNAL)
		p_err("out of memory");
	if (!cs.ret) {
		fputs("# Generated by kapi from kernel API specifications; do not edit.\n", f);
		fprintf(f, "arches = %s\n", arch);
	}
	for (i = 0; i < cs.n && !cs.ret; i++) {
		c = &cs.c[i];
		if (i && !strcmp(c->name, cs.c[i - 1].name))
			continue;
		if (c->defined)
			fprintf(f, "%s = %llu\n", c->name,
				(unsigned long long)c->value);
		else
			fprintf(f, "%s = ???\n", c->name);
	}
	for (i = 0; i < cs.n; i++)
		free(cs.c[i].name);
	free(cs.c);
	return cs.ret;
}
