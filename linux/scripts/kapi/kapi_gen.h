/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kapi_gen.h - write a parsed file's specs as C initializers
 */
#ifndef KAPI_GEN_H
#define KAPI_GEN_H

#include <stdio.h>

#include "kapi_parse.h"

struct kapi_gen_tests;

/*
 * Write the .apispec.h for @file to @out; @src is the source path as the
 * build names it (kapi_spec::file and the comments); @tests (may be NULL)
 * the citations of its tests. Returns 0, or -1 if writing failed.
 */
int kapi_gen_write(FILE *out, const struct kapi_file *file, const char *src,
		   const struct kapi_gen_tests *tests);

/*
 * For a syscall spec, write the specialised run-time checks that
 * include/linux/kapi_runtime.h binds into its SYSCALL_DEFINE.
 */
void kapi_gen_checks(FILE *out, const struct kapi_parsed_spec *spec);

/*
 * Report (to @diag, counted in the return value) a file that includes its
 * .apispec.h below a syscall it specifies, where checks cannot bind.
 */
int kapi_gen_check_include(const char *path, const struct kapi_file *file,
			   FILE *diag);

/* The tests of a file with the items each cites (kapi_gen_tests.c). */
struct kapi_gen_test {
	char *name;		/* the test function */
	char *ids;		/* "read_mem.2#5c04e1 read_mem.8#0a7d39" */
};

struct kapi_gen_tests {
	struct kapi_gen_test *t;
	unsigned int n;
	unsigned int n_errors;
};

/*
 * Read the "Verifies:" lists of @path into @out; report malformed ones to
 * @diag as "path:line: error: ..." and return how many there were.
 */
unsigned int kapi_gen_read_tests(const char *path, struct kapi_gen_tests *out,
				 FILE *diag);
/* The table of kapi_kunit_cites(), if @tests has any. */
void kapi_gen_write_tests(FILE *out, const struct kapi_gen_tests *tests);
void kapi_gen_tests_free(struct kapi_gen_tests *tests);

#endif /* KAPI_GEN_H */
