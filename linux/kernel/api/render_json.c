// SPDX-License-Identifier: GPL-2.0
/*
 * JSON rendering of a kernel API specification, as shown in
 * /sys/kernel/debug/kapi/json/<name>. Field names are a stable interface,
 * documented in Documentation/dev-tools/kapi.rst: every field is always
 * present (null, or an empty array, when the spec has nothing to say), so
 * consumers never have to guess whether a key was forgotten.
 */
#include <linux/kernel_api_spec.h>
#include <linux/export.h>
#include <linux/seq_buf.h>
#include "kapi_names.h"

/* A streaming writer: remembers whether the next member needs a comma. */
struct json {
	struct seq_buf *s;
	bool comma;
};

static void j_sep(struct json *j, const char *key)
{
	if (j->comma)
		seq_buf_putc(j->s, ',');
	j->comma = true;
	if (key)
		seq_buf_printf(j->s, "\"%s\":", key);
}

static void j_string_value(struct seq_buf *s, const char *v)
{
	unsigned char c;

	if (!v) {
		seq_buf_puts(s, "null");
		return;
	}
	seq_buf_putc(s, '"');
	while ((c = *v++)) {
		switch (c) {
		case '"':
			seq_buf_puts(s, "\\\"");
			break;
		case '\\':
			seq_buf_puts(s, "\\\\");
			break;
		case '\n':
			seq_buf_puts(s, "\\n");
			break;
		case '\t':
			seq_buf_puts(s, "\\t");
			break;
		default:
			if (c < 0x20 || c == 0x7f)
				seq_buf_printf(s, "\\u%04x", c);
			else
				seq_buf_putc(s, c);
		}
	}
	seq_buf_putc(s, '"');
}

static void j_str(struct json *j, const char *key, const char *v)
{
	j_sep(j, key);
	j_string_value(j->s, v);
}

static void j_int(struct json *j, const char *key, s64 v)
{
	j_sep(j, key);
	seq_buf_printf(j->s, "%lld", v);
}

/* Masks are u64: as hex strings they survive parsers that use doubles. */
static void j_hex(struct json *j, const char *key, u64 v)
{
	j_sep(j, key);
	seq_buf_printf(j->s, "\"0x%llx\"", v);
}

static void j_bool(struct json *j, const char *key, bool v)
{
	j_sep(j, key);
	seq_buf_puts(j->s, v ? "true" : "false");
}

static void j_null(struct json *j, const char *key)
{
	j_sep(j, key);
	seq_buf_puts(j->s, "null");
}

static void j_open(struct json *j, const char *key, char c)
{
	j_sep(j, key);
	seq_buf_putc(j->s, c);
	j->comma = false;
}

static void j_close(struct json *j, char c)
{
	seq_buf_putc(j->s, c);
	j->comma = true;
}

static void j_name(struct json *j, const char *key,
		   const struct kapi_names *names, unsigned int v)
{
	j_str(j, key, kapi_name(names, v));
}

static void j_flags(struct json *j, const char *key,
		    const struct kapi_names *names, u32 bits)
{
	unsigned int i;
	char unknown[8];

	j_open(j, key, '[');
	for (i = 0; i < 32; i++) {
		if (!(bits & (1U << i)))
			continue;
		if (i < names->count) {
			j_str(j, NULL, names->names[i]);
		} else {
			snprintf(unknown, sizeof(unknown), "bit%u", i);
			j_str(j, NULL, unknown);
		}
	}
	j_close(j, ']');
}

static void json_constraint(struct json *j, const struct kapi_param *p)
{
	unsigned int i;

	j_open(j, "constraint", '{');
	j_name(j, "kind", &kapi_constraint_names, p->constraint);
	switch (p->constraint) {
	case KAPI_CONSTRAINT_RANGE:
		j_int(j, "min", p->ext.min);
		j_int(j, "max", p->ext.max);
		break;
	case KAPI_CONSTRAINT_MASK:
		j_hex(j, "mask", p->ext.mask);
		break;
	case KAPI_CONSTRAINT_ALIGNMENT:
		j_int(j, "align", p->ext.align);
		break;
	case KAPI_CONSTRAINT_ENUM:
		j_open(j, "values", '[');
		for (i = 0; p->ext.values && i < p->n_values; i++)
			j_int(j, NULL, p->ext.values[i]);
		j_close(j, ']');
		break;
	case KAPI_CONSTRAINT_BUFFER:
		j_int(j, "size_param", p->size_param);
		break;
	}
	j_close(j, '}');
}

static void json_params(struct json *j, const struct kapi_spec *spec)
{
	const struct kapi_param *p;
	unsigned int i;

	j_open(j, "params", '[');
	for (i = 0; spec->params && i < spec->n_params; i++) {
		p = &spec->params[i];
		j_open(j, NULL, '{');
		j_int(j, "index", i);
		j_str(j, "name", p->name);
		j_str(j, "ctype", p->ctype);
		j_name(j, "type", &kapi_type_names, p->type);
		j_flags(j, "flags", &kapi_param_flag_names, p->flags);
		json_constraint(j, p);
		if (p->error)
			j_int(j, "error", p->error);
		else
			j_null(j, "error");
		j_str(j, "description", p->desc);
		j_close(j, '}');
	}
	j_close(j, ']');
}

static void json_return(struct json *j, const struct kapi_spec *spec)
{
	const struct kapi_return *r = &spec->ret;

	j_open(j, "return", '{');
	j_name(j, "type", &kapi_type_names, r->type);
	j_name(j, "check", &kapi_return_check_names, r->check);
	j_int(j, "success_min", r->success_min);
	j_int(j, "success_max", r->success_max);
	j_str(j, "description", r->desc);
	j_close(j, '}');
}

static void json_errors(struct json *j, const struct kapi_spec *spec)
{
	const struct kapi_error *e;
	unsigned int i;

	j_open(j, "errors", '[');
	for (i = 0; spec->errors && i < spec->n_errors; i++) {
		e = &spec->errors[i];
		j_open(j, NULL, '{');
		j_str(j, "name", e->name);
		j_int(j, "errno", e->error);
		j_str(j, "condition", e->condition);
		j_str(j, "description", e->desc);
		j_close(j, '}');
	}
	j_close(j, ']');
}

static void json_locks(struct json *j, const struct kapi_spec *spec)
{
	const struct kapi_lock *l;
	unsigned int i;

	j_open(j, "locks", '[');
	for (i = 0; spec->locks && i < spec->n_locks; i++) {
		l = &spec->locks[i];
		j_open(j, NULL, '{');
		j_str(j, "name", l->name);
		j_name(j, "kind", &kapi_lock_kind_names, l->kind);
		j_name(j, "acquired", &kapi_tristate_names, l->acquired);
		j_name(j, "released", &kapi_tristate_names, l->released);
		j_str(j, "description", l->desc);
		j_close(j, '}');
	}
	j_close(j, ']');
}

static void json_signals(struct json *j, const struct kapi_spec *spec)
{
	const struct kapi_signal *g;
	unsigned int i;

	j_open(j, "signals", '[');
	for (i = 0; spec->signals && i < spec->n_signals; i++) {
		g = &spec->signals[i];
		j_open(j, NULL, '{');
		j_str(j, "name", g->name);
		j_name(j, "direction", &kapi_signal_direction_names,
		       g->direction);
		j_name(j, "action", &kapi_signal_action_names, g->action);
		j_name(j, "timing", &kapi_signal_timing_names, g->timing);
		j_int(j, "error", g->error);
		j_bool(j, "restartable", g->restartable);
		j_str(j, "condition", g->condition);
		j_str(j, "description", g->desc);
		j_close(j, '}');
	}
	j_close(j, ']');
}

static void json_effects(struct json *j, const struct kapi_spec *spec)
{
	const struct kapi_effect *e;
	unsigned int i;

	j_open(j, "side_effects", '[');
	for (i = 0; spec->effects && i < spec->n_effects; i++) {
		e = &spec->effects[i];
		j_open(j, NULL, '{');
		j_flags(j, "kinds", &kapi_effect_names, e->kinds);
		j_str(j, "target", e->target);
		j_str(j, "condition", e->condition);
		j_name(j, "reversible", &kapi_tristate_names, e->reversible);
		j_str(j, "description", e->desc);
		j_close(j, '}');
	}
	j_close(j, ']');
}

static void json_transitions(struct json *j, const struct kapi_spec *spec)
{
	const struct kapi_transition *t;
	unsigned int i;

	j_open(j, "state_transitions", '[');
	for (i = 0; spec->transitions && i < spec->n_transitions; i++) {
		t = &spec->transitions[i];
		j_open(j, NULL, '{');
		j_str(j, "object", t->object);
		j_str(j, "from", t->from);
		j_str(j, "to", t->to);
		j_str(j, "condition", t->condition);
		j_str(j, "description", t->desc);
		j_close(j, '}');
	}
	j_close(j, ']');
}

static void json_caps(struct json *j, const struct kapi_spec *spec)
{
	const struct kapi_capability *c;
	unsigned int i;

	j_open(j, "capabilities", '[');
	for (i = 0; spec->caps && i < spec->n_caps; i++) {
		c = &spec->caps[i];
		j_open(j, NULL, '{');
		j_str(j, "name", c->name);
		j_int(j, "cap", c->cap);
		j_name(j, "kind", &kapi_cap_kind_names, c->kind);
		j_str(j, "allows", c->allows);
		j_str(j, "without", c->without);
		j_str(j, "condition", c->condition);
		j_close(j, '}');
	}
	j_close(j, ']');
}

static void json_constraints(struct json *j, const struct kapi_spec *spec)
{
	const struct kapi_constraint *c;
	unsigned int i;

	j_open(j, "constraints", '[');
	for (i = 0; spec->constraints && i < spec->n_constraints; i++) {
		c = &spec->constraints[i];
		j_open(j, NULL, '{');
		j_str(j, "name", c->name);
		j_str(j, "description", c->desc);
		j_str(j, "expr", c->expr);
		j_close(j, '}');
	}
	j_close(j, ']');
}

static void json_items(struct json *j, const struct kapi_spec *spec)
{
	const struct kapi_item *it;
	unsigned int i;
	char id[96];

	j_open(j, "items", '[');
	for (i = 0; spec->items && i < spec->n_items; i++) {
		it = &spec->items[i];
		j_open(j, NULL, '{');
		snprintf(id, sizeof(id), KAPI_ITEM_ID_FMT, spec->name ?: "?",
			 kapi_item_id_prefix(it), it->number);
		j_str(j, "id", id);
		j_int(j, "number", it->number);
		j_name(j, "kind", &kapi_item_kind_names, it->kind);
		j_str(j, "text", it->text);
		j_close(j, '}');
	}
	j_close(j, ']');
}

/**
 * kapi_render_json() - write @spec as one JSON object and a newline
 * @s: destination; check seq_buf_has_overflowed() afterwards
 * @spec: the spec
 */
void kapi_render_json(struct seq_buf *s, const struct kapi_spec *spec)
{
	struct json j = { .s = s };

	j_open(&j, NULL, '{');
	j_str(&j, "name", spec->name);
	j_name(&j, "kind", &kapi_kind_names, spec->kind);
	if (spec->kind == KAPI_KIND_SYSCALL && spec->nr >= 0)
		j_int(&j, "nr", spec->nr);
	else
		j_null(&j, "nr");
	j_str(&j, "summary", spec->summary);
	j_str(&j, "description", spec->desc);
	j_open(&j, "source", '{');
	j_str(&j, "file", spec->file);
	j_int(&j, "line", spec->line);
	j_close(&j, '}');
	j_flags(&j, "context", &kapi_ctx_names, spec->context);
	j_str(&j, "since", spec->since);
	json_params(&j, spec);
	json_return(&j, spec);
	json_errors(&j, spec);
	json_locks(&j, spec);
	json_signals(&j, spec);
	json_effects(&j, spec);
	json_transitions(&j, spec);
	json_caps(&j, spec);
	json_constraints(&j, spec);
	json_items(&j, spec);
	j_str(&j, "examples", spec->examples);
	j_str(&j, "notes", spec->notes);
	j_close(&j, '}');
	seq_buf_putc(s, '\n');
}
EXPORT_SYMBOL_GPL(kapi_render_json);
