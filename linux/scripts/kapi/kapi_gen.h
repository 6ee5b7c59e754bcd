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

#endif /* KAPI_GEN_H */
