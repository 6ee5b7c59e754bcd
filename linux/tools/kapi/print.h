/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The printers of the formats the kernel does not render: one spec as rst,
 * man or syzlang, all of them as one XML document. Text and JSON come from
 * the kernel's own renderers (lib/kapi/render_*.c, see show.c). Every
 * name of an enum value or flag comes from lib/kapi/kapi_names.c.
 */
#ifndef KAPI_TOOL_PRINT_H
#define KAPI_TOOL_PRINT_H

#include <stdbool.h>
#include <stdio.h>

#include <linux/kernel_api_spec.h>

struct kapi_names;

/* "a, b, c" for the bits of @bits, "none" without bits (text and rst). */
void print_flags(FILE *f, const struct kapi_names *names, u32 bits);
/* A parameter's constraint in words, "range 0..4096", as text shows it. */
void print_constraint(FILE *f, const struct kapi_param *p);

/*
 * How rst and man write a value: @key says it is the name that identifies
 * its entry (a literal or bold), else it is prose or a word of the model.
 */
typedef void print_put_fn(FILE *f, const char *text, bool key);

struct kapi_field;
struct kapi_section;
/* The value of field @fld of @entry in the kernel's words, to @put. */
void print_value(FILE *f, const struct kapi_spec *spec, const void *entry,
		 const struct kapi_field *fld, print_put_fn *put);
/* The first line of a section entry as text shows it, values to @put. */
void print_head(FILE *f, const struct kapi_spec *spec,
		const struct kapi_section *sec, const void *entry,
		print_put_fn *put);

void print_rst(FILE *f, const struct kapi_spec *spec);
void print_rst_list(FILE *f, const struct kapi_spec *const *specs,
		    unsigned int n);

void print_man(FILE *f, const struct kapi_spec *spec);

/*
 * The XML document of @specs (show) or of their summaries (list), printed
 * only when complete: KAPI_EXIT_OK, or an exit code after a message, with
 * nothing printed (KAPI_EXIT_CORRUPT: a string is not UTF-8).
 */
int print_xml(FILE *f, const struct kapi_spec *const *specs, unsigned int n);
int print_xml_list(FILE *f, const struct kapi_spec *const *specs,
		   unsigned int n);

void print_syzlang_header(FILE *f);
void print_syzlang(FILE *f, const struct kapi_spec *spec);
/* The value sets the syscalls among @specs take, each once, by name. */
void print_syzlang_sets(FILE *f, const struct kapi_spec *const *specs,
			unsigned int n);
typedef void print_syzlang_set_fn(const struct kapi_value_set *set,
				  void *data);
/* @fn on each value set the syzlang of @specs names, once each. */
void print_syzlang_walk_sets(const struct kapi_spec *const *specs,
			     unsigned int n, print_syzlang_set_fn *fn,
			     void *data);
struct kapi_origin;
/*
 * The syzkaller .const file of that syzlang, for the architecture of @o:
 * KAPI_EXIT_OK, or an exit code after a message.
 */
int print_syzlang_const(FILE *f, const struct kapi_origin *o,
			const struct kapi_spec *const *specs, unsigned int n);

#endif /* KAPI_TOOL_PRINT_H */
