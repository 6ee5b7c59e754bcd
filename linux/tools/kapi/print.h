/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The printers: one spec in one format. text and json are byte-for-byte
 * the kernel's debugfs specs/<name> and json/<name>; rst, man and syzlang
 * exist only here. Every name of an enum value or flag comes from
 * kernel/api/kapi_names.c.
 */
#ifndef KAPI_TOOL_PRINT_H
#define KAPI_TOOL_PRINT_H

#include <stdio.h>

#include <linux/kernel_api_spec.h>

#include "json_writer.h"

struct kapi_names;

void print_text(FILE *f, const struct kapi_spec *spec);
/* "a, b, c" for the bits of @bits, "none" without bits (text and rst). */
void print_flags(FILE *f, const struct kapi_names *names, u32 bits);
/* A parameter's constraint in words, "range 0..4096", as text shows it. */
void print_constraint(FILE *f, const struct kapi_param *p);

void print_json(struct json_writer *w, const struct kapi_spec *spec);

void print_rst(FILE *f, const struct kapi_spec *spec);
void print_rst_list(FILE *f, const struct kapi_spec *const *specs,
		    unsigned int n);

void print_man(FILE *f, const struct kapi_spec *spec);

void print_syzlang_header(FILE *f);
void print_syzlang(FILE *f, const struct kapi_spec *spec);

#endif /* KAPI_TOOL_PRINT_H */
