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
#include <linux/kapi_fields.h>

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

/* An integer the compiler knows, null in a spec read from source. */
static void j_known(struct json *j, const char *key, bool known, s64 v)
{
	if (known)
		j_int(j, key, v);
	else
		j_null(j, key);
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
	bool first_unknown = p->unknown & KAPI_UNKNOWN_FIRST;
	unsigned int i;

	j_open(j, "constraint", '{');
	j_name(j, "kind", &kapi_constraint_names, p->constraint);
	switch (p->constraint) {
	case KAPI_CONSTRAINT_RANGE:
		j_known(j, "min", !first_unknown, p->ext.min);
		j_known(j, "max", !(p->unknown & KAPI_UNKNOWN_MAX),
			p->ext.max);
		break;
	case KAPI_CONSTRAINT_MASK:
		if (first_unknown)
			j_null(j, "mask");
		else
			j_hex(j, "mask", p->ext.mask);
		break;
	case KAPI_CONSTRAINT_ALIGNMENT:
		j_known(j, "align", !first_unknown, p->ext.align);
		break;
	case KAPI_CONSTRAINT_ENUM:
		j_open(j, "values", '[');
		for (i = 0; p->ext.values && i < p->n_values; i++)
			j_known(j, NULL, !first_unknown, p->ext.values[i]);
		j_close(j, ']');
		break;
	case KAPI_CONSTRAINT_BUFFER:
		j_int(j, "size_param", p->size_param);
		break;
	}
	j_close(j, '}');
}

/*
 * "values": a parameter's or member's value set, inline so that each spec
 * stands alone; a value is null where the spec comes from source.
 */
static void json_set(struct json *j, const struct kapi_value_set *set,
		     u8 others)
{
	unsigned int i;

	if (!set) {
		j_null(j, "values");
		return;
	}
	j_open(j, "values", '{');
	j_str(j, "name", set->name);
	j_name(j, "kind", &kapi_set_kind_names, set->kind);
	j_name(j, "others", &kapi_others_names, others);
	j_open(j, "values", '[');
	for (i = 0; set->values && i < set->n_values; i++) {
		j_open(j, NULL, '{');
		j_str(j, "name", set->values[i].name);
		if (set->valued)
			j_int(j, "value", set->values[i].value);
		else
			j_null(j, "value");
		j_str(j, "description", set->values[i].desc);
		j_close(j, '}');
	}
	j_close(j, ']');
	j_close(j, '}');
}

/* "struct": the structure (or array of them) a pointer points to. */
static void json_layout(struct json *j, const struct kapi_param *p)
{
	const struct kapi_struct *lo = p->layout;
	const struct kapi_struct_field *f;
	unsigned int i;

	if (!lo) {
		j_null(j, "struct");
		return;
	}
	j_open(j, "struct", '{');
	j_str(j, "name", lo->name);
	j_known(j, "size", lo->laid_out, lo->size);
	j_known(j, "count_param", p->count_param >= 0, p->count_param);
	j_flags(j, "member_flags", &kapi_param_flag_names, p->member_flags);
	j_open(j, "fields", '[');
	for (i = 0; lo->fields && i < lo->n_fields; i++) {
		f = &lo->fields[i];
		j_open(j, NULL, '{');
		j_str(j, "name", f->name);
		j_str(j, "ctype", f->ctype);
		j_name(j, "type", &kapi_type_names, f->type);
		j_flags(j, "flags", &kapi_param_flag_names, f->flags);
		j_known(j, "offset", lo->laid_out, f->offset);
		j_known(j, "size", lo->laid_out, f->size);
		j_known(j, "size_of", f->size_of >= 0, f->size_of);
		json_set(j, f->set, f->others);
		j_str(j, "description", f->desc);
		j_close(j, '}');
	}
	j_close(j, ']');
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
		json_set(j, p->set, p->others);
		json_layout(j, p);
		if (p->error)
			j_int(j, "error", p->error);
		else
			j_null(j, "error");
		if (p->error_above)
			j_int(j, "error_above", p->error_above);
		else
			j_null(j, "error_above");
		j_str(j, "description", p->desc);
		j_str(j, "valid", p->valid);
		j_close(j, '}');
	}
	j_close(j, ']');
	j_open(j, "check_order", '[');
	for (i = 0; i < spec->n_check_order; i++)
		j_int(j, NULL, spec->check_order[i]);
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

/* One entry of a list section, field by field as kapi_model.h lists them. */
static void json_entry(struct json *j, const struct kapi_spec *spec,
		       const struct kapi_section *sec, const void *entry)
{
	const struct kapi_field *f;
	unsigned int i;
	char id[96];

	j_open(j, NULL, '{');
	for (i = 0; i < sec->n_fields; i++) {
		f = &sec->fields[i];
		switch (f->shape) {
		case KAPI_SHAPE_STR:
		case KAPI_SHAPE_CMD:
			j_str(j, f->json, kapi_field_text(spec, entry, f));
			break;
		case KAPI_SHAPE_INT:
		case KAPI_SHAPE_UINT:
			j_int(j, f->json, kapi_field_int(entry, f));
			break;
		case KAPI_SHAPE_BOOL:
			j_bool(j, f->json, kapi_field_int(entry, f));
			break;
		case KAPI_SHAPE_ENUM:
			j_name(j, f->json, f->names, kapi_field_int(entry, f));
			break;
		case KAPI_SHAPE_FLAGS:
			j_flags(j, f->json, f->names, kapi_field_int(entry, f));
			break;
		case KAPI_SHAPE_ITEM_ID:
			snprintf(id, sizeof(id), KAPI_ITEM_ID_FMT,
				 spec->name ?: "?", kapi_item_id_prefix(entry),
				 ((const struct kapi_item *)entry)->number);
			j_str(j, f->json, id);
			break;
		}
	}
	j_close(j, '}');
}

static void json_section(struct json *j, const struct kapi_spec *spec,
			 const struct kapi_section *sec)
{
	unsigned int i, n = kapi_section_count(spec, sec);
	const void *entry;

	j_open(j, sec->json, '[');
	for (i = 0; i < n; i++) {
		entry = kapi_section_entry(spec, sec, i);
		if (!entry)
			break;
		json_entry(j, spec, sec, entry);
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
	unsigned int i;

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
	for (i = 0; i < KAPI_N_SECTIONS; i++)
		json_section(&j, spec, &kapi_sections[i]);
	j_str(&j, "examples", spec->examples);
	j_str(&j, "notes", spec->notes);
	j_close(&j, '}');
	seq_buf_putc(s, '\n');
}
EXPORT_SYMBOL_GPL(kapi_render_json);
