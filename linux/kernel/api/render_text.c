// SPDX-License-Identifier: GPL-2.0
/*
 * Human-readable rendering of a kernel API specification, as shown in
 * /sys/kernel/debug/kapi/specs/<name>. Sections a spec does not use are
 * left out; prose keeps its line breaks and is indented under its item.
 */
#include <linux/kernel_api_spec.h>
#include <linux/export.h>
#include <linux/seq_buf.h>
#include "kapi_fields.h"

/* Print each line of @text on its own line, indented by @indent. */
static void text_block(struct seq_buf *s, int indent, const char *text)
{
	const char *nl;

	if (!text)
		return;
	while (*text) {
		nl = strchrnul(text, '\n');
		if (nl != text)
			seq_buf_printf(s, "%*s%.*s", indent, "",
				       (int)(nl - text), text);
		seq_buf_putc(s, '\n');
		if (!*nl)
			break;
		text = nl + 1;
	}
}

static void text_field(struct seq_buf *s, int indent, const char *label,
		       const char *value)
{
	if (value)
		seq_buf_printf(s, "%*s%s: %s\n", indent, "", label, value);
}

/*
 * "a, b, c" for the bits set in @bits, "none" for no bits. tools/kapi's
 * rst, man and diff use it too, so the words are the same everywhere.
 */
void kapi_render_flags(struct seq_buf *s, const struct kapi_names *names,
		       u32 bits)
{
	const char *sep = "";
	unsigned int i;

	if (!bits) {
		seq_buf_puts(s, "none");
		return;
	}
	for (i = 0; i < 32; i++) {
		if (!(bits & (1U << i)))
			continue;
		if (i < names->count)
			seq_buf_printf(s, "%s%s", sep, names->names[i]);
		else
			seq_buf_printf(s, "%sbit%u", sep, i);
		sep = ", ";
	}
}

/* A parameter's constraint in words, "range 0..4096"; shared as above. */
void kapi_render_constraint(struct seq_buf *s, const struct kapi_param *p)
{
	unsigned int i;

	seq_buf_puts(s, kapi_name(&kapi_constraint_names, p->constraint));
	switch (p->constraint) {
	case KAPI_CONSTRAINT_RANGE:
		seq_buf_printf(s, " %lld..%lld", p->ext.min, p->ext.max);
		break;
	case KAPI_CONSTRAINT_MASK:
		seq_buf_printf(s, " 0x%llx", p->ext.mask);
		break;
	case KAPI_CONSTRAINT_ALIGNMENT:
		seq_buf_printf(s, " %llu", p->ext.align);
		break;
	case KAPI_CONSTRAINT_ENUM:
		for (i = 0; i < p->n_values && p->ext.values; i++)
			seq_buf_printf(s, "%s%lld", i ? ", " : " ",
				       p->ext.values[i]);
		break;
	case KAPI_CONSTRAINT_BUFFER:
		if (p->size_param >= 0)
			seq_buf_printf(s, " (size in parameter %d)",
				       p->size_param);
		break;
	}
}

static void text_params(struct seq_buf *s, const struct kapi_spec *spec)
{
	const struct kapi_param *p;
	unsigned int i;

	seq_buf_printf(s, "parameters (%u):\n", spec->n_params);
	for (i = 0; spec->params && i < spec->n_params; i++) {
		p = &spec->params[i];
		seq_buf_printf(s, "  %u %s: %s\n", i, p->name ?: "?",
			       p->ctype ?: "?");
		seq_buf_printf(s, "      type: %s; flags: ",
			       kapi_name(&kapi_type_names, p->type));
		kapi_render_flags(s, &kapi_param_flag_names, p->flags);
		seq_buf_putc(s, '\n');
		if (p->constraint != KAPI_CONSTRAINT_NONE) {
			seq_buf_puts(s, "      constraint: ");
			kapi_render_constraint(s, p);
			seq_buf_putc(s, '\n');
		}
		if (p->error)
			seq_buf_printf(s, "      enforce refuses with errno %d\n",
				       p->error);
		text_block(s, 6, p->desc);
	}
}

static void text_return(struct seq_buf *s, const struct kapi_spec *spec)
{
	const struct kapi_return *r = &spec->ret;

	seq_buf_printf(s, "return: %s, %s",
		       kapi_name(&kapi_type_names, r->type),
		       kapi_name(&kapi_return_check_names, r->check));
	if (r->check == KAPI_RETURN_EXACT)
		seq_buf_printf(s, ", success == %lld", r->success_min);
	else if (r->check == KAPI_RETURN_RANGE || r->check == KAPI_RETURN_FD)
		seq_buf_printf(s, ", success %lld..%lld", r->success_min,
			       r->success_max);
	seq_buf_putc(s, '\n');
	text_block(s, 4, r->desc);
}

static void text_errors(struct seq_buf *s, const struct kapi_spec *spec)
{
	const struct kapi_error *e;
	unsigned int i;

	seq_buf_printf(s, "errors (%u):\n", spec->n_errors);
	for (i = 0; spec->errors && i < spec->n_errors; i++) {
		e = &spec->errors[i];
		seq_buf_printf(s, "  %s (%d): %s\n", e->name ?: "?", e->error,
			       e->condition ?: "");
		text_block(s, 6, e->desc);
	}
}

static void text_locks(struct seq_buf *s, const struct kapi_spec *spec)
{
	const struct kapi_lock *l;
	unsigned int i;

	seq_buf_printf(s, "locks (%u):\n", spec->n_locks);
	for (i = 0; spec->locks && i < spec->n_locks; i++) {
		l = &spec->locks[i];
		seq_buf_printf(s, "  %s: %s, acquired %s, released %s\n",
			       l->name ?: "?",
			       kapi_name(&kapi_lock_kind_names, l->kind),
			       kapi_name(&kapi_tristate_names, l->acquired),
			       kapi_name(&kapi_tristate_names, l->released));
		text_block(s, 6, l->desc);
	}
}

static void text_signals(struct seq_buf *s, const struct kapi_spec *spec)
{
	const struct kapi_signal *g;
	unsigned int i;

	seq_buf_printf(s, "signals (%u):\n", spec->n_signals);
	for (i = 0; spec->signals && i < spec->n_signals; i++) {
		g = &spec->signals[i];
		seq_buf_printf(s, "  %s: %s, action %s, timing %s",
			       g->name ?: "?",
			       kapi_name(&kapi_signal_direction_names,
					 g->direction),
			       kapi_name(&kapi_signal_action_names, g->action),
			       kapi_name(&kapi_signal_timing_names, g->timing));
		if (g->error)
			seq_buf_printf(s, ", error %d", g->error);
		seq_buf_printf(s, "%s\n", g->restartable ? ", restartable" : "");
		text_field(s, 6, "condition", g->condition);
		text_block(s, 6, g->desc);
	}
}

static void text_effects(struct seq_buf *s, const struct kapi_spec *spec)
{
	const struct kapi_effect *e;
	unsigned int i;

	seq_buf_printf(s, "side effects (%u):\n", spec->n_effects);
	for (i = 0; spec->effects && i < spec->n_effects; i++) {
		e = &spec->effects[i];
		seq_buf_puts(s, "  ");
		kapi_render_flags(s, &kapi_effect_names, e->kinds);
		seq_buf_printf(s, " on %s; reversible: %s\n", e->target ?: "?",
			       kapi_name(&kapi_tristate_names, e->reversible));
		text_field(s, 6, "condition", e->condition);
		text_block(s, 6, e->desc);
	}
}

static void text_transitions(struct seq_buf *s, const struct kapi_spec *spec)
{
	const struct kapi_transition *t;
	unsigned int i;

	seq_buf_printf(s, "state transitions (%u):\n", spec->n_transitions);
	for (i = 0; spec->transitions && i < spec->n_transitions; i++) {
		t = &spec->transitions[i];
		seq_buf_printf(s, "  %s: %s -> %s\n", t->object ?: "?",
			       t->from ?: "?", t->to ?: "?");
		text_field(s, 6, "condition", t->condition);
		text_block(s, 6, t->desc);
	}
}

static void text_caps(struct seq_buf *s, const struct kapi_spec *spec)
{
	const struct kapi_capability *c;
	unsigned int i;

	seq_buf_printf(s, "capabilities (%u):\n", spec->n_caps);
	for (i = 0; spec->caps && i < spec->n_caps; i++) {
		c = &spec->caps[i];
		seq_buf_printf(s, "  %s (%d): %s\n", c->name ?: "?", c->cap,
			       kapi_name(&kapi_cap_kind_names, c->kind));
		text_field(s, 6, "allows", c->allows);
		text_field(s, 6, "without", c->without);
		text_field(s, 6, "condition", c->condition);
	}
}

static void text_constraints(struct seq_buf *s, const struct kapi_spec *spec)
{
	const struct kapi_constraint *c;
	unsigned int i;

	seq_buf_printf(s, "constraints (%u):\n", spec->n_constraints);
	for (i = 0; spec->constraints && i < spec->n_constraints; i++) {
		c = &spec->constraints[i];
		seq_buf_printf(s, "  %s\n", c->name ?: "?");
		text_block(s, 6, c->desc);
		text_field(s, 6, "expr", c->expr);
	}
}

static void text_items(struct seq_buf *s, const struct kapi_spec *spec,
		       enum kapi_item_kind kind, const char *title)
{
	const struct kapi_item *it;
	unsigned int i, n = 0;

	for (i = 0; spec->items && i < spec->n_items; i++)
		n += spec->items[i].kind == kind;
	if (!n)
		return;
	seq_buf_printf(s, "%s (%u):\n", title, n);
	for (i = 0; spec->items && i < spec->n_items; i++) {
		it = &spec->items[i];
		if (it->kind != kind)
			continue;
		seq_buf_printf(s, "  " KAPI_ITEM_ID_FMT ":\n", spec->name ?: "?",
			       kapi_item_id_prefix(it), it->number);
		text_block(s, 6, it->text);
	}
}

/**
 * kapi_render_text() - write @spec as text a person reads
 * @s: destination; check seq_buf_has_overflowed() afterwards
 * @spec: the spec
 *
 * The output depends on nothing but @spec, so a reader that retries with a
 * bigger buffer gets the same bytes.
 */
void kapi_render_text(struct seq_buf *s, const struct kapi_spec *spec)
{
	seq_buf_printf(s, "%s (%s", spec->name ?: "?",
		       kapi_name(&kapi_kind_names, spec->kind));
	if (spec->kind == KAPI_KIND_SYSCALL && spec->nr >= 0)
		seq_buf_printf(s, " %d", spec->nr);
	seq_buf_puts(s, ")\n");
	text_field(s, 2, "summary", spec->summary);
	if (spec->file)
		seq_buf_printf(s, "  source: %s:%u\n", spec->file, spec->line);
	seq_buf_puts(s, "  context: ");
	kapi_render_flags(s, &kapi_ctx_names, spec->context);
	seq_buf_putc(s, '\n');
	text_field(s, 2, "since", spec->since);
	if (spec->desc) {
		seq_buf_puts(s, "description:\n");
		text_block(s, 4, spec->desc);
	}
	if (spec->n_params)
		text_params(s, spec);
	text_return(s, spec);
	if (spec->n_errors)
		text_errors(s, spec);
	if (spec->n_locks)
		text_locks(s, spec);
	if (spec->n_signals)
		text_signals(s, spec);
	if (spec->n_effects)
		text_effects(s, spec);
	if (spec->n_transitions)
		text_transitions(s, spec);
	if (spec->n_caps)
		text_caps(s, spec);
	if (spec->n_constraints)
		text_constraints(s, spec);
	text_items(s, spec, KAPI_ITEM_BEHAVIOR, "behaviors");
	text_items(s, spec, KAPI_ITEM_CONSTRAINT_OF_USE, "constraints of use");
	if (spec->examples) {
		seq_buf_puts(s, "examples:\n");
		text_block(s, 4, spec->examples);
	}
	if (spec->notes) {
		seq_buf_puts(s, "notes:\n");
		text_block(s, 4, spec->notes);
	}
}
EXPORT_SYMBOL_GPL(kapi_render_text);

/**
 * kapi_render_list_line() - write @spec's line of debugfs kapi/list
 * @s: destination; check seq_buf_has_overflowed() afterwards
 * @spec: the spec
 *
 * Its name, its kind and how many entries each part of it has, with a
 * newline. tools/kapi prints the same line for `list` and checks a debugfs
 * copy against it.
 */
void kapi_render_list_line(struct seq_buf *s, const struct kapi_spec *spec)
{
	const struct kapi_section *sec;
	unsigned int i;

	seq_buf_printf(s, "%s %s params=%u", spec->name ?: "?",
		       kapi_name(&kapi_kind_names, spec->kind), spec->n_params);
	for (i = 0; i < kapi_n_sections; i++) {
		sec = &kapi_sections[i];
		seq_buf_printf(s, " %s=%u", sec->member,
			       kapi_section_count(spec, sec));
	}
	seq_buf_putc(s, '\n');
}
EXPORT_SYMBOL_GPL(kapi_render_list_line);
