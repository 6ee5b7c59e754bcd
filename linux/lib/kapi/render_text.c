// SPDX-License-Identifier: GPL-2.0
/*
 * Human-readable rendering of a kernel API specification, as shown in
 * /sys/kernel/debug/kapi/specs/<name>. Sections a spec does not use are
 * left out; prose keeps its line breaks and is indented under its item.
 */
#include <linux/kernel_api_spec.h>
#include <linux/export.h>
#include <linux/seq_buf.h>
#include <linux/kapi_fields.h>

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

/*
 * A parameter's constraint in words, "range 0..4096"; shared as above. A
 * number only the compiler knows (a spec read from source) is "?".
 */
void kapi_render_constraint(struct seq_buf *s, const struct kapi_param *p)
{
	bool first_unknown = p->unknown & KAPI_UNKNOWN_FIRST;
	unsigned int i;

	seq_buf_puts(s, kapi_name(&kapi_constraint_names, p->constraint));
	switch (p->constraint) {
	case KAPI_CONSTRAINT_RANGE:
		if (first_unknown)
			seq_buf_puts(s, " ?");
		else
			seq_buf_printf(s, " %lld", p->ext.min);
		if (p->unknown & KAPI_UNKNOWN_MAX)
			seq_buf_puts(s, "..?");
		else
			seq_buf_printf(s, "..%lld", p->ext.max);
		break;
	case KAPI_CONSTRAINT_MASK:
		if (first_unknown)
			seq_buf_puts(s, " ?");
		else
			seq_buf_printf(s, " 0x%llx", p->ext.mask);
		break;
	case KAPI_CONSTRAINT_ALIGNMENT:
		if (first_unknown)
			seq_buf_puts(s, " ?");
		else
			seq_buf_printf(s, " %llu", p->ext.align);
		break;
	case KAPI_CONSTRAINT_ENUM:
		for (i = 0; i < p->n_values && p->ext.values; i++)
			if (first_unknown)
				seq_buf_puts(s, i ? ", ?" : " ?");
			else
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

/*
 * "values: open_flags (flags; others ignored)" and a line per value, with
 * the number when the set holds the compiler's (not in a spec from source).
 */
static void text_set(struct seq_buf *s, int indent,
		     const struct kapi_value_set *set, u8 others)
{
	const struct kapi_value *v;
	unsigned int i;

	seq_buf_printf(s, "%*svalues: %s (%s; others %s)\n", indent, "",
		       set->name ?: "?",
		       kapi_name(&kapi_set_kind_names, set->kind),
		       kapi_name(&kapi_others_names, others));
	for (i = 0; set->values && i < set->n_values; i++) {
		v = &set->values[i];
		seq_buf_printf(s, "%*s%s", indent + 2, "", v->name ?: "?");
		if (set->valued && set->kind == KAPI_SET_FLAGS)
			seq_buf_printf(s, " (0x%llx)", (u64)v->value);
		else if (set->valued)
			seq_buf_printf(s, " (%lld)", v->value);
		seq_buf_printf(s, ": %s\n", v->desc ?: "");
	}
}

/*
 * "struct: open_how (24 bytes)" and a line per member; offsets and sizes
 * only where the compiler laid the structure out.
 */
static void text_layout(struct seq_buf *s, const struct kapi_param *p)
{
	const struct kapi_struct *lo = p->layout;
	const struct kapi_struct_field *f;
	unsigned int i;

	seq_buf_printf(s, "      struct: %s", lo->name ?: "?");
	if (p->count_param >= 0)
		seq_buf_printf(s, " array, count in parameter %d",
			       p->count_param);
	if (lo->laid_out)
		seq_buf_printf(s, " (%u bytes%s)", lo->size,
			       p->count_param >= 0 ? " each" : "");
	if (p->member_flags) {
		seq_buf_puts(s, "; members point to ");
		kapi_render_flags(s, &kapi_param_flag_names, p->member_flags);
	}
	seq_buf_putc(s, '\n');
	for (i = 0; lo->fields && i < lo->n_fields; i++) {
		f = &lo->fields[i];
		seq_buf_printf(s, "        %s: %s", f->name ?: "?",
			       f->ctype ?: "?");
		if (lo->laid_out)
			seq_buf_printf(s, " (offset %u, %u bytes)", f->offset,
				       f->size);
		seq_buf_printf(s, "; %s", kapi_name(&kapi_type_names, f->type));
		if (f->flags) {
			seq_buf_puts(s, ", ");
			kapi_render_flags(s, &kapi_param_flag_names, f->flags);
		}
		if (f->size_of >= 0 && f->size_of < lo->n_fields)
			seq_buf_printf(s, ", size of %s",
				       lo->fields[f->size_of].name ?: "?");
		seq_buf_printf(s, ": %s\n", f->desc ?: "");
		if (f->set)
			text_set(s, 10, f->set, f->others);
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
		if (p->set)
			text_set(s, 6, p->set, p->others);
		if (p->layout)
			text_layout(s, p);
		if (p->error)
			seq_buf_printf(s, "      enforce refuses with errno %d\n",
				       p->error);
		if (p->error_above)
			seq_buf_printf(s, "      above the range: errno %d\n",
				       p->error_above);
		text_block(s, 6, p->desc);
		if (p->valid) {
			seq_buf_puts(s, "      valid:\n");
			text_block(s, 8, p->valid);
		}
	}
	if (spec->n_check_order) {
		seq_buf_puts(s, "  checked in the order:");
		for (i = 0; i < spec->n_check_order; i++)
			seq_buf_printf(s, " %s", spec->check_order[i] < spec->n_params ?
				       spec->params[spec->check_order[i]].name : "?");
		seq_buf_putc(s, '\n');
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

/**
 * kapi_render_value() - write the value of one field of a section entry
 * @s: destination
 * @spec: the spec the entry belongs to (an item's ID starts with its name)
 * @entry: the entry
 * @f: the field
 *
 * A string as it is ("?" for a missing key, nothing for other missing
 * strings), a number, the name of an enum value, flag names, yes or no,
 * an item's ID, the name of a command. tools/kapi's rst and man printers
 * use it too.
 */
void kapi_render_value(struct seq_buf *s, const struct kapi_spec *spec,
		       const void *entry, const struct kapi_field *f)
{
	const char *str;
	s64 v;

	if (f->shape == KAPI_SHAPE_STR || f->shape == KAPI_SHAPE_CMD) {
		str = kapi_field_text(spec, entry, f);
		if (str || f->compat == KAPI_COMPAT_KEY)
			seq_buf_puts(s, str ?: "?");
		return;
	}
	v = kapi_field_int(entry, f);
	switch (f->shape) {
	case KAPI_SHAPE_ENUM:
		seq_buf_puts(s, kapi_name(f->names, v));
		break;
	case KAPI_SHAPE_FLAGS:
		kapi_render_flags(s, f->names, v);
		break;
	case KAPI_SHAPE_BOOL:
		seq_buf_puts(s, v ? "yes" : "no");
		break;
	case KAPI_SHAPE_ITEM_ID:
		seq_buf_printf(s, KAPI_ITEM_ID_FMT, spec->name ?: "?",
			       kapi_item_id_prefix(entry), (unsigned int)v);
		break;
	default:
		seq_buf_printf(s, "%lld", v);
	}
}

/*
 * One entry of a list section: its first line, then its LINE fields and
 * prose in the order of the field list.
 */
static void text_entry(struct seq_buf *s, const struct kapi_spec *spec,
		       const struct kapi_section *sec, const void *entry)
{
	const struct kapi_field *f;
	unsigned int i;

	seq_buf_puts(s, "  ");
	for (i = 0; i < sec->n_fields; i++) {
		f = &sec->fields[i];
		if (!kapi_field_in_head(entry, f))
			continue;
		seq_buf_puts(s, f->before);
		if (f->shape != KAPI_SHAPE_BOOL)
			kapi_render_value(s, spec, entry, f);
		seq_buf_puts(s, f->after);
	}
	seq_buf_putc(s, '\n');
	for (i = 0; i < sec->n_fields; i++) {
		f = &sec->fields[i];
		if (f->show == KAPI_SHOW_PROSE) {
			text_block(s, 6, kapi_field_str(entry, f));
		} else if (f->show == KAPI_SHOW_LINE &&
			   kapi_field_is_set(entry, f)) {
			seq_buf_printf(s, "      %s: ", f->before);
			kapi_render_value(s, spec, entry, f);
			seq_buf_putc(s, '\n');
		}
	}
}

/* "title (n):" and the entries of @part. */
static void text_part(struct seq_buf *s, const struct kapi_spec *spec,
		      const struct kapi_part *part)
{
	const void *entry;
	unsigned int i, n = kapi_part_count(spec, part);

	if (!n || !part->title)
		return;
	seq_buf_printf(s, "%s (%u):\n", part->title, n);
	for (i = 0; i < kapi_section_count(spec, part->sec); i++) {
		entry = kapi_section_entry(spec, part->sec, i);
		if (kapi_part_has(part, entry))
			text_entry(s, spec, part->sec, entry);
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
	unsigned int i;

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
	for (i = 0; i < KAPI_N_PARTS; i++)
		text_part(s, spec, &kapi_parts[i]);
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
	for (i = 0; i < KAPI_N_SECTIONS; i++) {
		sec = &kapi_sections[i];
		seq_buf_printf(s, " %s=%u", sec->member,
			       kapi_section_count(spec, sec));
	}
	seq_buf_putc(s, '\n');
}
EXPORT_SYMBOL_GPL(kapi_render_list_line);
