// SPDX-License-Identifier: GPL-2.0
/*
 * compare.c - the specs a compiler builds from a generated header must be
 * exactly what kapi_spec_build() makes from the source, field by field:
 * that is what lets tools/kapi show specs from source that equal the ones
 * read from vmlinux.
 *
 *   compare SOURCE   (built with -DGEN_HEADER="\"x.apispec.h\"")
 */
#include "kapi_shim.h"
#include GEN_HEADER

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "kapi_parse.h"

static int fails;
static const char *where;

static void __attribute__((format(printf, 1, 2))) bad(const char *fmt, ...)
{
	va_list ap;

	printf("# %s: ", where);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fails++;
}

static void str(const char *what, const char *a, const char *b)
{
	if ((!a) != (!b) || (a && strcmp(a, b)))
		bad("%s: compiled \"%s\" != parsed \"%s\"", what,
		    a ? a : "(null)", b ? b : "(null)");
}

#define NUM(what, a, b)							\
	do {								\
		if ((long long)(a) != (long long)(b))			\
			bad("%s: compiled %lld != parsed %lld", what,	\
			    (long long)(a), (long long)(b));		\
	} while (0)

/* A list section, every field of every entry, as kapi_model.h lists them. */
static void compare_section(const struct kapi_spec *c,
			    const struct kapi_spec *p,
			    const struct kapi_section *sec)
{
	unsigned int nc = kapi_section_count(c, sec);
	unsigned int np = kapi_section_count(p, sec), i, k;
	const struct kapi_field *f;
	const void *a, *b;
	char w[96];

	snprintf(w, sizeof(w), "n_%s", sec->member);
	NUM(w, nc, np);
	for (i = 0; i < nc && i < np; i++) {
		a = kapi_section_entry(c, sec, i);
		b = kapi_section_entry(p, sec, i);
		for (k = 0; k < sec->n_fields; k++) {
			f = &sec->fields[k];
			snprintf(w, sizeof(w), "%s[%u].%s", sec->member, i,
				 f->member);
			if (f->shape == KAPI_SHAPE_STR)
				str(w, kapi_field_str(a, f), kapi_field_str(b, f));
			else
				NUM(w, kapi_field_int(a, f), kapi_field_int(b, f));
		}
	}
}

static void compare(const struct kapi_spec *c, const struct kapi_spec *p)
{
	unsigned int i, j;
	char w[64];

	str("name", c->name, p->name);
	str("summary", c->summary, p->summary);
	str("desc", c->desc, p->desc);
	str("examples", c->examples, p->examples);
	str("notes", c->notes, p->notes);
	str("since", c->since, p->since);
	str("file", c->file, p->file);
	NUM("line", c->line, p->line);
	NUM("nr", c->nr, p->nr);
	NUM("kind", c->kind, p->kind);
	NUM("context", c->context, p->context);
	for (i = 0; i < KAPI_ERRNO_MAP_BITS / 64; i++) {
		snprintf(w, sizeof(w), "errno_map[%u]", i);
		NUM(w, c->errno_map[i], p->errno_map[i]);
	}
	str("ret.desc", c->ret.desc, p->ret.desc);
	NUM("ret.success_min", c->ret.success_min, p->ret.success_min);
	NUM("ret.success_max", c->ret.success_max, p->ret.success_max);
	NUM("ret.type", c->ret.type, p->ret.type);
	NUM("ret.check", c->ret.check, p->ret.check);

	NUM("n_check_order", c->n_check_order, p->n_check_order);
	for (i = 0; i < KAPI_MAX_CHECK_ORDER; i++)
		NUM("check_order[]", c->check_order[i], p->check_order[i]);
	NUM("n_params", c->n_params, p->n_params);
	for (i = 0; i < c->n_params && i < p->n_params; i++) {
		const struct kapi_param *a = &c->params[i], *b = &p->params[i];

		snprintf(w, sizeof(w), "params[%u]", i);
		str(w, a->name, b->name);
		str("ctype", a->ctype, b->ctype);
		str("desc", a->desc, b->desc);
		str("valid", a->valid, b->valid);
		NUM("type", a->type, b->type);
		NUM("flags", a->flags, b->flags);
		NUM("constraint", a->constraint, b->constraint);
		NUM("size_param", a->size_param, b->size_param);
		NUM("n_values", a->n_values, b->n_values);
		NUM("error", a->error, b->error);
		NUM("error_above", a->error_above, b->error_above);
		NUM("others", a->others, b->others);
		NUM("set", !a->set, !b->set);
		if (a->set && b->set) {
			/* source has the names; only the compiler the values */
			str("set.name", a->set->name, b->set->name);
			NUM("set.kind", a->set->kind, b->set->kind);
			NUM("set.valued (compiled)", a->set->valued, 1);
			NUM("set.valued (source)", b->set->valued, 0);
			NUM("set.n_values", a->set->n_values, b->set->n_values);
			for (j = 0; j < a->set->n_values &&
			     j < b->set->n_values; j++) {
				str("set.values[].name", a->set->values[j].name,
				    b->set->values[j].name);
				str("set.values[].desc", a->set->values[j].desc,
				    b->set->values[j].desc);
			}
		}
		NUM("layout", !a->layout, !b->layout);
		if (a->layout && b->layout) {
			const struct kapi_struct *x = a->layout, *y = b->layout;

			/* source has names and types; the compiler places them */
			str("layout.name", x->name, y->name);
			NUM("layout.laid_out (compiled)", x->laid_out, 1);
			NUM("layout.laid_out (source)", y->laid_out, 0);
			NUM("count_param", a->count_param, b->count_param);
			NUM("member_flags", a->member_flags, b->member_flags);
			NUM("layout.n_fields", x->n_fields, y->n_fields);
			for (j = 0; j < x->n_fields && j < y->n_fields; j++) {
				str("field.name", x->fields[j].name,
				    y->fields[j].name);
				str("field.ctype", x->fields[j].ctype,
				    y->fields[j].ctype);
				str("field.desc", x->fields[j].desc,
				    y->fields[j].desc);
				NUM("field.type", x->fields[j].type,
				    y->fields[j].type);
				NUM("field.flags", x->fields[j].flags,
				    y->fields[j].flags);
				NUM("field.others", x->fields[j].others,
				    y->fields[j].others);
				NUM("field.size_of", x->fields[j].size_of,
				    y->fields[j].size_of);
				NUM("field.set", !x->fields[j].set,
				    !y->fields[j].set);
			}
		}
		/* a name only the compiler knows: no number from source */
		NUM("unknown (compiled)", a->unknown, 0);
		if (a->constraint == KAPI_CONSTRAINT_ENUM) {
			for (j = 0; j < a->n_values && j < b->n_values; j++)
				if (!(b->unknown & KAPI_UNKNOWN_FIRST))
					NUM("values[]", a->ext.values[j],
					    b->ext.values[j]);
		} else {
			if (!(b->unknown & KAPI_UNKNOWN_FIRST))
				NUM("ext.min/mask/align", a->ext.min, b->ext.min);
			if (!(b->unknown & KAPI_UNKNOWN_MAX))
				NUM("ext.max", a->ext.max, b->ext.max);
		}
	}
	for (i = 0; i < KAPI_N_SECTIONS; i++)
		compare_section(c, p, &kapi_sections[i]);
}

int main(int argc, char **argv)
{
	struct kapi_parse_opts opts = { .diag = NULL };
	const struct kapi_spec *c;
	struct kapi_file *f;
	unsigned int i, n = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: compare SOURCE\n");
		return 2;
	}
	if (kapi_parse_file(argv[1], &opts, &f)) {
		printf("# %s: parse errors\n", argv[1]);
		fails++;
	}
	for (c = __start_kapi_specs; c < __stop_kapi_specs; c++) {
		struct kapi_spec *p = NULL;

		where = c->name;
		n++;
		for (i = 0; i < f->n_specs; i++)
			if (!strcmp(f->specs[i].name, c->name))
				p = kapi_spec_build(&f->specs[i], argv[1]);
		if (!p) {
			bad("no spec of that name parsed from %s", argv[1]);
			continue;
		}
		compare(c, p);
		kapi_spec_free(p);
	}
	where = argv[1];
	NUM("number of specs", n, f->n_specs);
	if (!fails)
		printf("# %u spec(s) of %s equal field by field\n", n, argv[1]);
	kapi_file_free(f);
	return fails ? 1 : 0;
}
