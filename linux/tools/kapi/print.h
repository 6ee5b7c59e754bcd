/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The printers of the formats the kernel does not render: one spec as rst,
 * man or syzlang. Text and JSON come from the kernel's own renderers
 * (kernel/api/render_*.c, see show.c). Every name of an enum value or flag
 * comes from kernel/api/kapi_names.c.
 */
#ifndef KAPI_TOOL_PRINT_H
#define KAPI_TOOL_PRINT_H

#include <stdio.h>

#include <linux/kernel_api_spec.h>

struct kapi_names;

/* "a, b, c" for the bits of @bits, "none" without bits (text and rst). */
void print_flags(FILE *f, const struct kapi_names *names, u32 bits);
/* A parameter's constraint in words, "range 0..4096", as text shows it. */
void print_constraint(FILE *f, const struct kapi_param *p);

void print_rst(FILE *f, const struct kapi_spec *spec);
void print_rst_list(FILE *f, const struct kapi_spec *const *specs,
		    unsigned int n);

void print_man(FILE *f, const struct kapi_spec *spec);

void print_syzlang_header(FILE *f);
void print_syzlang(FILE *f, const struct kapi_spec *spec);

#endif /* KAPI_TOOL_PRINT_H */
