// SPDX-License-Identifier: GPL-2.0
/*
 * kapi-gen - turn the kernel-doc API specs of a C file into a header
 *
 *   kapi-gen [-o OUT.apispec.h] [--check] [-Werror] [--tree DIR]
 *            [--arch ARCH] SOURCE.c
 *
 * Every problem is reported as "SOURCE:LINE: error: ..." and all of a file's
 * problems are reported in one run. The header is written to a temporary
 * file and renamed into place only when the whole file was clean, so a
 * failed run never leaves a header behind (a stale one is removed), and make
 * cannot mistake a half-written one for up to date.
 *
 * With --tree, the errors of each system call spec are checked against the
 * errnos the code of the tree can return (kapi_errnos.c): what disagrees
 * is a warning at the spec's line.
 *
 * --arch names the target architecture (the kernel build passes SRCARCH):
 * errnos are numbered as on it, for the checks of the generated header
 * and of the code, since alpha, mips, parisc, powerpc and sparc number
 * some of them their own way; constants and system call numbers are its
 * own for x86 (x86-64) and arm64, whose compilers check them. Without it,
 * x86-64's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kapi_errnos.h"
#include "kapi_gen.h"
#include "kapi_internal.h"

static void print_usage(void)
{
	fprintf(stderr,
		"usage: kapi-gen [-o OUT.apispec.h] [--check] [-Werror] [--tree DIR]\n"
		"                [--arch ARCH] SOURCE.c\n"
		"  -o FILE     header to write (default: SOURCE with .c replaced by .apispec.h)\n"
		"  --check     parse and report only, write nothing\n"
		"  -Werror     treat warnings as errors\n"
		"  --tree DIR  check system call specs' errors against the errnos\n"
		"              the code of kernel tree DIR can return\n"
		"  --arch ARCH the target architecture (SRCARCH), whose errno,\n"
		"              constant and system call numbers to use and check\n"
		"              (constants and syscalls: x86 and arm64; default x86)\n");
}

static char *default_output(const char *src)
{
	size_t n = strlen(src);
	char *out;

	if (n > 2 && !strcmp(src + n - 2, ".c"))
		n -= 2;
	out = kapi_xmalloc(n + sizeof(".apispec.h"));
	memcpy(out, src, n);
	memcpy(out + n, ".apispec.h", sizeof(".apispec.h"));
	return out;
}

/* Warn where the syscall specs of @f disagree with the code of @tree. */
static void check_errnos(struct kapi_file *f, const char *src,
			 const char *tree_dir)
{
	struct kapi_tree *tree = NULL;
	struct kapi_errno_finding *fd;
	struct kapi_errno_report r;
	unsigned int i, k, n;

	for (i = 0; i < f->n_specs; i++) {
		const struct kapi_parsed_spec *s = &f->specs[i];

		if (s->kind != KAPI_KIND_SYSCALL || s->n_diag_errors)
			continue;
		if (!tree)
			tree = kapi_tree_open(tree_dir, stderr);
		if (!tree) {
			f->n_errors++;
			return;
		}
		kapi_errnos_syscall(tree, s->name, &r);
		if (!r.found) {
			fprintf(stderr,
				"%s:%u: warning: %s: no SYSCALL_DEFINE in %s to check errors against\n",
				src, s->line, s->name, tree_dir);
			f->n_warnings++;
		}
		n = r.found ? kapi_errnos_compare(s, &r, &fd) : 0;
		for (k = 0; k < n; k++)
			fprintf(stderr, "%s:%u: warning: %s\n", src, fd[k].line,
				fd[k].msg);
		f->n_warnings += n;
		if (n)
			kapi_errno_findings_free(fd, n);
		kapi_errno_report_release(&r);
	}
	kapi_tree_free(tree);
}

/* Write the header next to @out and move it into place. */
static int write_output(const struct kapi_file *f, const char *src,
			const struct kapi_gen_tests *tests, const char *out)
{
	size_t len = strlen(out) + sizeof(".tmpXXXXXX");
	char *tmp = kapi_xmalloc(len);
	FILE *fp;
	int fd, ret;

	snprintf(tmp, len, "%s.tmpXXXXXX", out);
	fd = mkstemp(tmp);
	if (fd < 0) {
		fprintf(stderr, "kapi-gen: %s: %s\n", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	fp = fdopen(fd, "w");
	if (!fp) {
		close(fd);
		unlink(tmp);
		free(tmp);
		return -1;
	}
	ret = kapi_gen_write(fp, f, src, tests);
	if (fclose(fp) || ret) {
		fprintf(stderr, "kapi-gen: %s: write failed\n", tmp);
		ret = -1;
	} else if (rename(tmp, out)) {
		fprintf(stderr, "kapi-gen: %s: %s\n", out, strerror(errno));
		ret = -1;
	}
	if (ret)
		unlink(tmp);
	free(tmp);
	return ret;
}

int main(int argc, char **argv)
{
	struct kapi_parse_opts opts = { .diag = stderr };
	struct kapi_gen_tests tests;
	const char *src = NULL, *out_arg = NULL, *tree = NULL;
	bool check = false, werror = false;
	struct kapi_arch arch;
	struct kapi_file *f;
	char *out;
	int i, ret = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc) {
			out_arg = argv[++i];
		} else if (!strcmp(argv[i], "--check")) {
			check = true;
		} else if (!strcmp(argv[i], "-Werror")) {
			werror = true;
		} else if (!strcmp(argv[i], "--tree") && i + 1 < argc) {
			tree = argv[++i];
		} else if (!strcmp(argv[i], "--arch") && i + 1 < argc) {
			if (!kapi_arch_of_name(argv[++i], &arch)) {
				fprintf(stderr,
					"kapi-gen: unknown architecture '%s' (scripts/kapi/kapi_symbols.c knows the kernel's)\n",
					argv[i]);
				return 1;
			}
			kapi_arch_use(arch);
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			print_usage();
			return 0;
		} else if (argv[i][0] != '-' && !src) {
			src = argv[i];
		} else {
			print_usage();
			return 1;
		}
	}
	if (!src) {
		print_usage();
		return 1;
	}
	out = out_arg ? kapi_xstrdup(out_arg) : default_output(src);

	kapi_parse_file(src, &opts, &f);
	f->n_errors += kapi_gen_check_include(src, f, stderr);
	f->n_errors += kapi_gen_read_tests(src, &tests, stderr);
	if (tree && !f->n_errors)
		check_errnos(f, src, tree);
	if (f->n_errors || (werror && f->n_warnings)) {
		fprintf(stderr, "kapi-gen: %s: %u error%s, %u warning%s%s; %s\n",
			src, f->n_errors, f->n_errors == 1 ? "" : "s",
			f->n_warnings, f->n_warnings == 1 ? "" : "s",
			werror && f->n_warnings ? " (warnings are errors)" : "",
			check ? "spec check failed" : "no header written");
		ret = 1;
	} else if (!check && write_output(f, src, &tests, out)) {
		ret = 1;
	}
	/* never leave a header that does not match the source */
	if (ret && !check)
		unlink(out);
	kapi_gen_tests_free(&tests);
	kapi_file_free(f);
	free(out);
	return ret;
}
