/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kapi_gen.h - write a parsed file's specs as C initializers
 */
#ifndef KAPI_GEN_H
#define KAPI_GEN_H

#include <stdio.h>

#include "kapi_parse.h"

/*
 * Write the .apispec.h for @file to @out; @src is the source path as the
 * build names it (kapi_spec::file and the comments). Returns 0, or -1 if
 * writing failed.
 */
int kapi_gen_write(FILE *out, const struct kapi_file *file, const char *src);

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

#endif /* KAPI_GEN_H */
