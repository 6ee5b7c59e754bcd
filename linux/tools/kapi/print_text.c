// SPDX-License-Identifier: GPL-2.0
/*
 * Text for people: the same bytes as the kernel's kapi_render_text()
 * (kernel/api/render_text.c) gives in debugfs specs/<name>, so what a user
 * sees does not depend on where the spec was read from. Sections a spec
 * does not use are left out; prose keeps its line breaks, indented.
 */
#include <string.h>

#include "kapi_names.h"
#include "print.h"

#define S(x)	((x) ?: "?")

/* Each line of @text on its own line, indented by @indent. */
static void text_block(FILE *f, int indent, const char *text)
{
	const char *nl;

	if (!text)
		return;
	while (*text) {
		nl = strchrnul(text, '\n');
		if (nl != text)
			fprintf(f, "%*s%.*s", indent, "", (int)(nl - text), text);
		putc('\n', f);
		if (!*nl)
			break;
		text = nl + 1;
	}
}

static void text_field(FILE *f, int indent, const char *label,
		       const char *value)
{
	if (value)
		fprintf(f, "%*s%s: %s\n", indent, "", label, value);
}

void print_flags(FILE *f, const struct kapi_names *names, u32 bits)
{
	const char *sep = "";
	unsigned int i;

	if (!bits) {
		fputs("none", f);
		return;
	}
	for (i = 0; i < 32; i++) {
		if (!(bits & (1U << i)))
			continue;
		if (i < names->count)
			fprintf(f, "%s%s", sep, names->names[i]);
		else
			fprintf(f, "%sbit%u", sep, i);
		sep = ", ";
	}
}

void print_constraint(FILE *f, const struct kapi_param *p)
{
	unsigned int i;

	fputs(kapi_name(&kapi_constraint_names, p->constraint), f);
	switch (p->constraint) {
	case KAPI_CONSTRAINT_RANGE:
		fprintf(f, " %lld..%lld", (long long)p->ext.min,
			(long long)p->ext.max);
		break;
	case KAPI_CONSTRAINT_MASK:
		fprintf(f, " 0x%llx", (unsigned long long)p->ext.mask);
		break;
	case KAPI_CONSTRAINT_ALIGNMENT:
		fprintf(f, " %llu", (unsigned long long)p->ext.align);
		break;
	case KAPI_CONSTRAINT_ENUM:
		for (i = 0; i < p->n_values && p->ext.values; i++)
			fprintf(f, "%s%lld", i ? ", " : " ",
				(long long)p->ext.values[i]);
		break;
	case KAPI_CONSTRAINT_BUFFER:
		if (p->size_param >= 0)
			fprintf(f, " (size in parameter %d)", p->size_param);
		break;
	}
}

static void text_params(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_param *p;
	unsigned int i;

	fprintf(f, "parameters (%u):\n", spec->n_params);
	for (i = 0; spec->params && i < spec->n_params; i++) {
		p = &spec->params[i];
		fprintf(f, "  %u %s: %s\n", i, S(p->name), S(p->ctype));
		fprintf(f, "      type: %s; flags: ",
			kapi_name(&kapi_type_names, p->type));
		print_flags(f, &kapi_param_flag_names, p->flags);
		putc('\n', f);
		if (p->constraint != KAPI_CONSTRAINT_NONE) {
			fputs("      constraint: ", f);
			print_constraint(f, p);
			putc('\n', f);
		}
		if (p->error)
			fprintf(f, "      enforce refuses with errno %d\n",
				p->error);
		text_block(f, 6, p->desc);
	}
}

static void text_return(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_return *r = &spec->ret;

	fprintf(f, "return: %s, %s", kapi_name(&kapi_type_names, r->type),
		kapi_name(&kapi_return_check_names, r->check));
	if (r->check == KAPI_RETURN_EXACT)
		fprintf(f, ", success == %lld", (long long)r->success_min);
	else if (r->check == KAPI_RETURN_RANGE || r->check == KAPI_RETURN_FD)
		fprintf(f, ", success %lld..%lld", (long long)r->success_min,
			(long long)r->success_max);
	putc('\n', f);
	text_block(f, 4, r->desc);
}

static void text_errors(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_error *e;
	unsigned int i;

	fprintf(f, "errors (%u):\n", spec->n_errors);
	for (i = 0; spec->errors && i < spec->n_errors; i++) {
		e = &spec->errors[i];
		fprintf(f, "  %s (%d): %s\n", S(e->name), e->error,
			e->condition ? e->condition : "");
		text_block(f, 6, e->desc);
	}
}

static void text_locks(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_lock *l;
	unsigned int i;

	fprintf(f, "locks (%u):\n", spec->n_locks);
	for (i = 0; spec->locks && i < spec->n_locks; i++) {
		l = &spec->locks[i];
		fprintf(f, "  %s: %s, acquired %s, released %s\n", S(l->name),
			kapi_name(&kapi_lock_kind_names, l->kind),
			kapi_name(&kapi_tristate_names, l->acquired),
			kapi_name(&kapi_tristate_names, l->released));
		text_block(f, 6, l->desc);
	}
}

static void text_signals(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_signal *g;
	unsigned int i;

	fprintf(f, "signals (%u):\n", spec->n_signals);
	for (i = 0; spec->signals && i < spec->n_signals; i++) {
		g = &spec->signals[i];
		fprintf(f, "  %s: %s, action %s, timing %s", S(g->name),
			kapi_name(&kapi_signal_direction_names, g->direction),
			kapi_name(&kapi_signal_action_names, g->action),
			kapi_name(&kapi_signal_timing_names, g->timing));
		if (g->error)
			fprintf(f, ", error %d", g->error);
		fprintf(f, "%s\n", g->restartable ? ", restartable" : "");
		text_field(f, 6, "condition", g->condition);
		text_block(f, 6, g->desc);
	}
}

static void text_effects(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_effect *e;
	unsigned int i;

	fprintf(f, "side effects (%u):\n", spec->n_effects);
	for (i = 0; spec->effects && i < spec->n_effects; i++) {
		e = &spec->effects[i];
		fputs("  ", f);
		print_flags(f, &kapi_effect_names, e->kinds);
		fprintf(f, " on %s; reversible: %s\n", S(e->target),
			kapi_name(&kapi_tristate_names, e->reversible));
		text_field(f, 6, "condition", e->condition);
		text_block(f, 6, e->desc);
	}
}

static void text_transitions(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_transition *t;
	unsigned int i;

	fprintf(f, "state transitions (%u):\n", spec->n_transitions);
	for (i = 0; spec->transitions && i < spec->n_transitions; i++) {
		t = &spec->transitions[i];
		fprintf(f, "  %s: %s -> %s\n", S(t->object), S(t->from),
			S(t->to));
		text_field(f, 6, "condition", t->condition);
		text_block(f, 6, t->desc);
	}
}

static void text_caps(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_capability *c;
	unsigned int i;

	fprintf(f, "capabilities (%u):\n", spec->n_caps);
	for (i = 0; spec->caps && i < spec->n_caps; i++) {
		c = &spec->caps[i];
		fprintf(f, "  %s (%d): %s\n", S(c->name), c->cap,
			kapi_name(&kapi_cap_kind_names, c->kind));
		text_field(f, 6, "allows", c->allows);
		text_field(f, 6, "without", c->without);
		text_field(f, 6, "condition", c->condition);
	}
}

static void text_constraints(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_constraint *c;
	unsigned int i;

	fprintf(f, "constraints (%u):\n", spec->n_constraints);
	for (i = 0; spec->constraints && i < spec->n_constraints; i++) {
		c = &spec->constraints[i];
		fprintf(f, "  %s\n", S(c->name));
		text_block(f, 6, c->desc);
		text_field(f, 6, "expr", c->expr);
	}
}

static void text_items(FILE *f, const struct kapi_spec *spec,
		       enum kapi_item_kind kind, const char *title)
{
	const struct kapi_item *it;
	unsigned int i, n = 0;

	for (i = 0; spec->items && i < spec->n_items; i++)
		n += spec->items[i].kind == kind;
	if (!n)
		return;
	fprintf(f, "%s (%u):\n", title, n);
	for (i = 0; spec->items && i < spec->n_items; i++) {
		it = &spec->items[i];
		if (it->kind != kind)
			continue;
		fprintf(f, "  " KAPI_ITEM_ID_FMT ":\n", S(spec->name),
			kapi_item_id_prefix(it), it->number);
		text_block(f, 6, it->text);
	}
}

void print_text(FILE *f, const struct kapi_spec *spec)
{
	fprintf(f, "%s (%s", S(spec->name),
		kapi_name(&kapi_kind_names, spec->kind));
	if (spec->kind == KAPI_KIND_SYSCALL && spec->nr >= 0)
		fprintf(f, " %d", spec->nr);
	fputs(")\n", f);
	text_field(f, 2, "summary", spec->summary);
	if (spec->file)
		fprintf(f, "  source: %s:%u\n", spec->file, spec->line);
	fputs("  context: ", f);
	print_flags(f, &kapi_ctx_names, spec->context);
	putc('\n', f);
	text_field(f, 2, "since", spec->since);
	if (spec->desc) {
		fputs("description:\n", f);
		text_block(f, 4, spec->desc);
	}
	if (spec->n_params)
		text_params(f, spec);
	text_return(f, spec);
	if (spec->n_errors)
		text_errors(f, spec);
	if (spec->n_locks)
		text_locks(f, spec);
	if (spec->n_signals)
		text_signals(f, spec);
	if (spec->n_effects)
		text_effects(f, spec);
	if (spec->n_transitions)
		text_transitions(f, spec);
	if (spec->n_caps)
		text_caps(f, spec);
	if (spec->n_constraints)
		text_constraints(f, spec);
	text_items(f, spec, KAPI_ITEM_BEHAVIOR, "behaviors");
	text_items(f, spec, KAPI_ITEM_CONSTRAINT_OF_USE, "constraints of use");
	if (spec->examples) {
		fputs("examples:\n", f);
		text_block(f, 4, spec->examples);
	}
	if (spec->notes) {
		fputs("notes:\n", f);
		text_block(f, 4, spec->notes);
	}
}
