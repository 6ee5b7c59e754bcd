// SPDX-License-Identifier: GPL-2.0
/*
 * JSON: the stable interface of Documentation/dev-tools/kapi.rst and
 * tools/kapi/kapi-spec.schema.json. The fields, their order and their
 * values are those of the kernel's kapi_render_json(), so that compact
 * output equals debugfs json/<name> byte for byte. Every field is always
 * present: null or [] when the spec has nothing to say.
 */
#include <stdio.h>

#include "kapi_names.h"
#include "print.h"

static void j_name(struct json_writer *w, const char *key,
		   const struct kapi_names *names, unsigned int v)
{
	jsonw_string_field(w, key, kapi_name(names, v));
}

static void j_flags(struct json_writer *w, const char *key,
		    const struct kapi_names *names, u32 bits)
{
	unsigned int i;
	char unknown[8];

	jsonw_name(w, key);
	jsonw_start_array(w);
	for (i = 0; i < 32; i++) {
		if (!(bits & (1U << i)))
			continue;
		if (i < names->count) {
			jsonw_string(w, names->names[i]);
		} else {
			snprintf(unknown, sizeof(unknown), "bit%u", i);
			jsonw_string(w, unknown);
		}
	}
	jsonw_end_array(w);
}

static void json_constraint(struct json_writer *w, const struct kapi_param *p)
{
	unsigned int i;

	jsonw_name(w, "constraint");
	jsonw_start_object(w);
	j_name(w, "kind", &kapi_constraint_names, p->constraint);
	switch (p->constraint) {
	case KAPI_CONSTRAINT_RANGE:
		jsonw_int_field(w, "min", p->ext.min);
		jsonw_int_field(w, "max", p->ext.max);
		break;
	case KAPI_CONSTRAINT_MASK:
		jsonw_hex_field(w, "mask", p->ext.mask);
		break;
	case KAPI_CONSTRAINT_ALIGNMENT:
		jsonw_int_field(w, "align", (s64)p->ext.align);
		break;
	case KAPI_CONSTRAINT_ENUM:
		jsonw_name(w, "values");
		jsonw_start_array(w);
		for (i = 0; p->ext.values && i < p->n_values; i++)
			jsonw_int(w, p->ext.values[i]);
		jsonw_end_array(w);
		break;
	case KAPI_CONSTRAINT_BUFFER:
		jsonw_int_field(w, "size_param", p->size_param);
		break;
	}
	jsonw_end_object(w);
}

static void json_params(struct json_writer *w, const struct kapi_spec *spec)
{
	const struct kapi_param *p;
	unsigned int i;

	jsonw_name(w, "params");
	jsonw_start_array(w);
	for (i = 0; spec->params && i < spec->n_params; i++) {
		p = &spec->params[i];
		jsonw_start_object(w);
		jsonw_int_field(w, "index", i);
		jsonw_string_field(w, "name", p->name);
		jsonw_string_field(w, "ctype", p->ctype);
		j_name(w, "type", &kapi_type_names, p->type);
		j_flags(w, "flags", &kapi_param_flag_names, p->flags);
		json_constraint(w, p);
		if (p->error)
			jsonw_int_field(w, "error", p->error);
		else
			jsonw_null_field(w, "error");
		jsonw_string_field(w, "description", p->desc);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
}

static void json_return(struct json_writer *w, const struct kapi_spec *spec)
{
	const struct kapi_return *r = &spec->ret;

	jsonw_name(w, "return");
	jsonw_start_object(w);
	j_name(w, "type", &kapi_type_names, r->type);
	j_name(w, "check", &kapi_return_check_names, r->check);
	jsonw_int_field(w, "success_min", r->success_min);
	jsonw_int_field(w, "success_max", r->success_max);
	jsonw_string_field(w, "description", r->desc);
	jsonw_end_object(w);
}

static void json_errors(struct json_writer *w, const struct kapi_spec *spec)
{
	const struct kapi_error *e;
	unsigned int i;

	jsonw_name(w, "errors");
	jsonw_start_array(w);
	for (i = 0; spec->errors && i < spec->n_errors; i++) {
		e = &spec->errors[i];
		jsonw_start_object(w);
		jsonw_string_field(w, "name", e->name);
		jsonw_int_field(w, "errno", e->error);
		jsonw_string_field(w, "condition", e->condition);
		jsonw_string_field(w, "description", e->desc);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
}

static void json_locks(struct json_writer *w, const struct kapi_spec *spec)
{
	const struct kapi_lock *l;
	unsigned int i;

	jsonw_name(w, "locks");
	jsonw_start_array(w);
	for (i = 0; spec->locks && i < spec->n_locks; i++) {
		l = &spec->locks[i];
		jsonw_start_object(w);
		jsonw_string_field(w, "name", l->name);
		j_name(w, "kind", &kapi_lock_kind_names, l->kind);
		j_name(w, "acquired", &kapi_tristate_names, l->acquired);
		j_name(w, "released", &kapi_tristate_names, l->released);
		jsonw_string_field(w, "description", l->desc);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
}

static void json_signals(struct json_writer *w, const struct kapi_spec *spec)
{
	const struct kapi_signal *g;
	unsigned int i;

	jsonw_name(w, "signals");
	jsonw_start_array(w);
	for (i = 0; spec->signals && i < spec->n_signals; i++) {
		g = &spec->signals[i];
		jsonw_start_object(w);
		jsonw_string_field(w, "name", g->name);
		j_name(w, "direction", &kapi_signal_direction_names,
		       g->direction);
		j_name(w, "action", &kapi_signal_action_names, g->action);
		j_name(w, "timing", &kapi_signal_timing_names, g->timing);
		jsonw_int_field(w, "error", g->error);
		jsonw_bool_field(w, "restartable", g->restartable);
		jsonw_string_field(w, "condition", g->condition);
		jsonw_string_field(w, "description", g->desc);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
}

static void json_effects(struct json_writer *w, const struct kapi_spec *spec)
{
	const struct kapi_effect *e;
	unsigned int i;

	jsonw_name(w, "side_effects");
	jsonw_start_array(w);
	for (i = 0; spec->effects && i < spec->n_effects; i++) {
		e = &spec->effects[i];
		jsonw_start_object(w);
		j_flags(w, "kinds", &kapi_effect_names, e->kinds);
		jsonw_string_field(w, "target", e->target);
		jsonw_string_field(w, "condition", e->condition);
		j_name(w, "reversible", &kapi_tristate_names, e->reversible);
		jsonw_string_field(w, "description", e->desc);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
}

static void json_transitions(struct json_writer *w,
			     const struct kapi_spec *spec)
{
	const struct kapi_transition *t;
	unsigned int i;

	jsonw_name(w, "state_transitions");
	jsonw_start_array(w);
	for (i = 0; spec->transitions && i < spec->n_transitions; i++) {
		t = &spec->transitions[i];
		jsonw_start_object(w);
		jsonw_string_field(w, "object", t->object);
		jsonw_string_field(w, "from", t->from);
		jsonw_string_field(w, "to", t->to);
		jsonw_string_field(w, "condition", t->condition);
		jsonw_string_field(w, "description", t->desc);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
}

static void json_caps(struct json_writer *w, const struct kapi_spec *spec)
{
	const struct kapi_capability *c;
	unsigned int i;

	jsonw_name(w, "capabilities");
	jsonw_start_array(w);
	for (i = 0; spec->caps && i < spec->n_caps; i++) {
		c = &spec->caps[i];
		jsonw_start_object(w);
		jsonw_string_field(w, "name", c->name);
		jsonw_int_field(w, "cap", c->cap);
		j_name(w, "kind", &kapi_cap_kind_names, c->kind);
		jsonw_string_field(w, "allows", c->allows);
		jsonw_string_field(w, "without", c->without);
		jsonw_string_field(w, "condition", c->condition);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
}

static void json_constraints(struct json_writer *w,
			     const struct kapi_spec *spec)
{
	const struct kapi_constraint *c;
	unsigned int i;

	jsonw_name(w, "constraints");
	jsonw_start_array(w);
	for (i = 0; spec->constraints && i < spec->n_constraints; i++) {
		c = &spec->constraints[i];
		jsonw_start_object(w);
		jsonw_string_field(w, "name", c->name);
		jsonw_string_field(w, "description", c->desc);
		jsonw_string_field(w, "expr", c->expr);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
}

static void json_items(struct json_writer *w, const struct kapi_spec *spec)
{
	const struct kapi_item *it;
	unsigned int i;
	char id[96];

	jsonw_name(w, "items");
	jsonw_start_array(w);
	for (i = 0; spec->items && i < spec->n_items; i++) {
		it = &spec->items[i];
		jsonw_start_object(w);
		snprintf(id, sizeof(id), KAPI_ITEM_ID_FMT,
			 spec->name ? spec->name : "?",
			 kapi_item_id_prefix(it), it->number);
		jsonw_string_field(w, "id", id);
		jsonw_int_field(w, "number", it->number);
		j_name(w, "kind", &kapi_item_kind_names, it->kind);
		jsonw_string_field(w, "text", it->text);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
}

void print_json(struct json_writer *w, const struct kapi_spec *spec)
{
	jsonw_start_object(w);
	jsonw_string_field(w, "name", spec->name);
	j_name(w, "kind", &kapi_kind_names, spec->kind);
	if (spec->kind == KAPI_KIND_SYSCALL && spec->nr >= 0)
		jsonw_int_field(w, "nr", spec->nr);
	else
		jsonw_null_field(w, "nr");
	jsonw_string_field(w, "summary", spec->summary);
	jsonw_string_field(w, "description", spec->desc);
	jsonw_name(w, "source");
	jsonw_start_object(w);
	jsonw_string_field(w, "file", spec->file);
	jsonw_int_field(w, "line", spec->line);
	jsonw_end_object(w);
	j_flags(w, "context", &kapi_ctx_names, spec->context);
	jsonw_string_field(w, "since", spec->since);
	json_params(w, spec);
	json_return(w, spec);
	json_errors(w, spec);
	json_locks(w, spec);
	json_signals(w, spec);
	json_effects(w, spec);
	json_transitions(w, spec);
	json_caps(w, spec);
	json_constraints(w, spec);
	json_items(w, spec);
	jsonw_string_field(w, "examples", spec->examples);
	jsonw_string_field(w, "notes", spec->notes);
	jsonw_end_object(w);
}
