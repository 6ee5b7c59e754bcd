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

	NUM("n_params", c->n_params, p->n_params);
	for (i = 0; i < c->n_params && i < p->n_params; i++) {
		const struct kapi_param *a = &c->params[i], *b = &p->params[i];

		snprintf(w, sizeof(w), "params[%u]", i);
		str(w, a->name, b->name);
		str("ctype", a->ctype, b->ctype);
		str("desc", a->desc, b->desc);
		NUM("type", a->type, b->type);
		NUM("flags", a->flags, b->flags);
		NUM("constraint", a->constraint, b->constraint);
		NUM("size_param", a->size_param, b->size_param);
		NUM("n_values", a->n_values, b->n_values);
		NUM("error", a->error, b->error);
		if (a->constraint == KAPI_CONSTRAINT_ENUM) {
			for (j = 0; j < a->n_values && j < b->n_values; j++)
				NUM("values[]", a->ext.values[j], b->ext.values[j]);
		} else {
			NUM("ext.min/mask/align", a->ext.min, b->ext.min);
			NUM("ext.max", a->ext.max, b->ext.max);
		}
	}
	NUM("n_errors", c->n_errors, p->n_errors);
	for (i = 0; i < c->n_errors && i < p->n_errors; i++) {
		const struct kapi_error *a = &c->errors[i], *b = &p->errors[i];

		snprintf(w, sizeof(w), "errors[%u]", i);
		str(w, a->name, b->name);
		str("condition", a->condition, b->condition);
		str("desc", a->desc, b->desc);
		NUM("error", a->error, b->error);
	}
	NUM("n_locks", c->n_locks, p->n_locks);
	for (i = 0; i < c->n_locks && i < p->n_locks; i++) {
		const struct kapi_lock *a = &c->locks[i], *b = &p->locks[i];

		snprintf(w, sizeof(w), "locks[%u]", i);
		str(w, a->name, b->name);
		str("desc", a->desc, b->desc);
		NUM("kind", a->kind, b->kind);
		NUM("acquired", a->acquired, b->acquired);
		NUM("released", a->released, b->released);
	}
	NUM("n_signals", c->n_signals, p->n_signals);
	for (i = 0; i < c->n_signals && i < p->n_signals; i++) {
		const struct kapi_signal *a = &c->signals[i], *b = &p->signals[i];

		snprintf(w, sizeof(w), "signals[%u]", i);
		str(w, a->name, b->name);
		str("condition", a->condition, b->condition);
		str("desc", a->desc, b->desc);
		NUM("error", a->error, b->error);
		NUM("direction", a->direction, b->direction);
		NUM("action", a->action, b->action);
		NUM("timing", a->timing, b->timing);
		NUM("restartable", a->restartable, b->restartable);
	}
	NUM("n_effects", c->n_effects, p->n_effects);
	for (i = 0; i < c->n_effects && i < p->n_effects; i++) {
		const struct kapi_effect *a = &c->effects[i], *b = &p->effects[i];

		snprintf(w, sizeof(w), "effects[%u]", i);
		str(w, a->target, b->target);
		str("condition", a->condition, b->condition);
		str("desc", a->desc, b->desc);
		NUM("kinds", a->kinds, b->kinds);
		NUM("reversible", a->reversible, b->reversible);
	}
	NUM("n_transitions", c->n_transitions, p->n_transitions);
	for (i = 0; i < c->n_transitions && i < p->n_transitions; i++) {
		const struct kapi_transition *a = &c->transitions[i];
		const struct kapi_transition *b = &p->transitions[i];

		snprintf(w, sizeof(w), "transitions[%u]", i);
		str(w, a->object, b->object);
		str("from", a->from, b->from);
		str("to", a->to, b->to);
		str("condition", a->condition, b->condition);
		str("desc", a->desc, b->desc);
	}
	NUM("n_caps", c->n_caps, p->n_caps);
	for (i = 0; i < c->n_caps && i < p->n_caps; i++) {
		const struct kapi_capability *a = &c->caps[i], *b = &p->caps[i];

		snprintf(w, sizeof(w), "caps[%u]", i);
		str(w, a->name, b->name);
		str("allows", a->allows, b->allows);
		str("without", a->without, b->without);
		str("condition", a->condition, b->condition);
		NUM("cap", a->cap, b->cap);
		NUM("kind", a->kind, b->kind);
	}
	NUM("n_constraints", c->n_constraints, p->n_constraints);
	for (i = 0; i < c->n_constraints && i < p->n_constraints; i++) {
		const struct kapi_constraint *a = &c->constraints[i];
		const struct kapi_constraint *b = &p->constraints[i];

		snprintf(w, sizeof(w), "constraints[%u]", i);
		str(w, a->name, b->name);
		str("desc", a->desc, b->desc);
		str("expr", a->expr, b->expr);
	}
	NUM("n_items", c->n_items, p->n_items);
	for (i = 0; i < c->n_items && i < p->n_items; i++) {
		const struct kapi_item *a = &c->items[i], *b = &p->items[i];

		snprintf(w, sizeof(w), "items[%u]", i);
		str(w, a->text, b->text);
		NUM("number", a->number, b->number);
		NUM("kind", a->kind, b->kind);
	}
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
