// SPDX-License-Identifier: GPL-2.0
/*
 * reStructuredText: one section per spec, for Sphinx or rst2html. Names
 * and C types are inline literals; prose is escaped so that a stray '*' or
 * '_' in a description cannot turn into markup, and keeps its paragraphs.
 */
#include <stddef.h>
#include <ctype.h>
#include <string.h>

#include "compiler.h"
#include <linux/kapi_fields.h>
#include <linux/kapi_names.h>
#include "print.h"

/* Characters that start inline markup anywhere in a line. */
static void rst_escape(FILE *f, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (strchr("\\*`_|[]", s[i]))
			putc('\\', f);
		putc(s[i], f);
	}
}

/*
 * One line of prose. A line that starts like a list item, an enumerator,
 * a comment or a section adornment gets its first character escaped.
 */
static void rst_line(FILE *f, const char *s, size_t n)
{
	size_t i = 0;

	/* indentation would make a block quote: prose has none in rst */
	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}

	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	if ((n && strchr("-+*#=.:>~^'\"!$%&,;/?@(", s[0])) ||
	    (i && i < n && (s[i] == '.' || s[i] == ')')))
		putc('\\', f);
	rst_escape(f, s, n);
}

/* @text, line by line, every line indented by @indent; blank lines kept. */
static void rst_block(FILE *f, int indent, const char *text)
{
	const char *nl;

	while (text && *text) {
		nl = strchrnul(text, '\n');
		if (nl != text) {
			fprintf(f, "%*s", indent, "");
			rst_line(f, text, nl - text);
		}
		putc('\n', f);
		if (!*nl)
			break;
		text = nl + 1;
	}
}

static void rst_text(FILE *f, const char *s)
{
	rst_escape(f, s, strlen(s));
}

/* ``s``, or escaped text where a literal cannot hold @s. */
static void rst_literal(FILE *f, const char *s)
{
	size_t n;

	if (!s) {
		fputs("?", f);
		return;
	}
	n = strlen(s);
	if (!n || strchr(s, '`') || strchr(s, '\n') || s[0] == ' ' ||
	    s[n - 1] == ' ') {
		rst_text(f, s);
		return;
	}
	fprintf(f, "``%s``", s);
}

static void rst_title(FILE *f, const char *title, char c)
{
	size_t i, n = 0;

	fprintf(f, "%s\n", title);
	/* characters, not bytes: UTF-8 continuation bytes do not count */
	for (i = 0; title[i]; i++)
		n += ((unsigned char)title[i] & 0xc0) != 0x80;
	for (i = 0; i < n; i++)
		putc(c, f);
	fputs("\n\n", f);
}

static void rst_section(FILE *f, const char *title)
{
	rst_title(f, title, '-');
}

/* ":label: value" where value is escaped prose (or left out if NULL). */
static void rst_field(FILE *f, int indent, const char *label,
		      const char *value)
{
	if (!value)
		return;
	fprintf(f, "%*s:%s: ", indent, "", label);
	rst_text(f, value);
	putc('\n', f);
}

/* A value set: a definition list of its names, indented by @ind. */
static void rst_set(FILE *f, int ind, const struct kapi_value_set *set,
		    u8 others)
{
	unsigned int i;

	fprintf(f, "%*s:values: %s (%s; others %s)\n\n", ind, "",
		set->name ?: "?", kapi_name(&kapi_set_kind_names, set->kind),
		kapi_name(&kapi_others_names, others));
	for (i = 0; set->values && i < set->n_values; i++) {
		fprintf(f, "%*s", ind, "");
		rst_literal(f, set->values[i].name);
		if (set->valued)
			fprintf(f, set->kind == KAPI_SET_FLAGS ? " (0x%llx)" : " (%lld)",
				(long long)set->values[i].value);
		fprintf(f, "\n%*s", ind + 3, "");
		rst_text(f, set->values[i].desc ?: "");
		putc('\n', f);
	}
}

/* The structure a parameter points to: a definition list of members. */
static void rst_layout(FILE *f, const struct kapi_param *p)
{
	const struct kapi_struct *lo = p->layout;
	const struct kapi_struct_field *m;
	unsigned int i;

	fprintf(f, "   :struct: %s%s\n\n", lo->name ?: "?",
		p->count_param >= 0 ? " (array)" : "");
	for (i = 0; lo->fields && i < lo->n_fields; i++) {
		m = &lo->fields[i];
		fputs("   ", f);
		rst_literal(f, m->name);
		fputs(" (", f);
		rst_literal(f, m->ctype);
		if (lo->laid_out)
			fprintf(f, ", offset %u", m->offset);
		fputs(")\n      ", f);
		rst_text(f, m->desc ?: "");
		fputs("\n\n", f);
		if (m->set) {
			rst_set(f, 6, m->set, m->others);
			putc('\n', f);
		}
	}
}

static void rst_put_field(FILE *f, const char *text, bool key);

/*
 * A LINE member of a parameter as a field: the flags and the constraint,
 * which are OWN, by their own words; the others by their value.
 */
static void rst_param_line(FILE *f, const struct kapi_spec *spec,
			   const struct kapi_param *p,
			   const struct kapi_field *fld)
{
	if (fld->show != KAPI_SHOW_LINE)
		return;
	if (fld->offset == offsetof(struct kapi_param, flags)) {
		fputs("   :flags: ", f);
		print_flags(f, &kapi_param_flag_names, p->flags);
	} else if (fld->offset == offsetof(struct kapi_param, constraint)) {
		if (p->constraint == KAPI_CONSTRAINT_NONE)
			return;
		fputs("   :constraint: ", f);
		print_constraint(f, p);
	} else if (kapi_field_is_set(p, fld)) {
		fprintf(f, "   :%s: ", fld->before);
		print_value(f, spec, p, fld, rst_put_field);
	} else {
		return;
	}
	putc('\n', f);
}

static void rst_params(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_param *p;
	unsigned int i, k;
	size_t n;

	rst_section(f, "Parameters");
	for (i = 0; i < spec->n_params; i++) {
		p = &spec->params[i];
		/* the C declaration as the prototype has it */
		if (p->ctype && p->name) {
			n = strlen(p->ctype);
			fprintf(f, "``%s%s%s``\n", p->ctype,
				n && p->ctype[n - 1] == '*' ? "" : " ",
				p->name);
		} else {
			rst_literal(f, p->name);
			putc('\n', f);
		}
		for (k = 0; k < kapi_n_param_fields; k++)
			rst_param_line(f, spec, p, &kapi_param_fields[k]);
		if (p->desc) {
			putc('\n', f);
			rst_block(f, 3, p->desc);
		}
		if (p->valid) {
			putc('\n', f);
			rst_block(f, 3, p->valid);
		}
		if (p->set) {
			putc('\n', f);
			rst_set(f, 3, p->set, p->others);
		}
		if (p->layout) {
			putc('\n', f);
			rst_layout(f, p);
		}
		putc('\n', f);
	}
	if (spec->n_check_order) {
		fputs("Checked in this order:", f);
		for (i = 0; i < spec->n_check_order; i++)
			fprintf(f, "%s ``%s``", i ? "," : "",
				spec->check_order[i] < spec->n_params ?
				spec->params[spec->check_order[i]].name : "?");
		fputs(".\n\n", f);
	}
}

static void rst_return(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_return *r = &spec->ret;

	rst_section(f, "Return value");
	fprintf(f, ":type: %s\n:check: %s\n",
		kapi_name(&kapi_type_names, r->type),
		kapi_name(&kapi_return_check_names, r->check));
	if (r->check == KAPI_RETURN_EXACT)
		fprintf(f, ":success: %lld\n", (long long)r->success_min);
	else if (r->check == KAPI_RETURN_RANGE || r->check == KAPI_RETURN_FD)
		fprintf(f, ":success: %lld..%lld\n", (long long)r->success_min,
			(long long)r->success_max);
	putc('\n', f);
	if (r->desc) {
		rst_block(f, 0, r->desc);
		putc('\n', f);
	}
}

/*
 * A value in a definition list term: a name as a literal, prose escaped,
 * with " : " kept from starting a classifier.
 */
static void rst_put_term(FILE *f, const char *text, bool key)
{
	const char *c;

	if (key) {
		rst_literal(f, text);
		return;
	}
	for (c = text; *c; c++) {
		if (*c == ':' && c > text && c[-1] == ' ')
			putc('\\', f);
		rst_escape(f, c, 1);
	}
}

/* A value in a field list: escaped prose. */
static void rst_put_field(FILE *f, const char *text, bool key __maybe_unused)
{
	rst_text(f, text);
}

/*
 * A section entry as a definition list item: the line text shows as the
 * term, then its fields as a field list and its prose as paragraphs.
 */
static void rst_entry(FILE *f, const struct kapi_spec *spec,
		      const struct kapi_section *sec, const void *entry)
{
	const struct kapi_field *fld;
	unsigned int i, prev = KAPI_SHOW_HIDE;
	const char *text = NULL;

	print_head(f, spec, sec, entry, rst_put_term);
	putc('\n', f);
	for (i = 0; i < sec->n_fields; i++) {
		fld = &sec->fields[i];
		if (fld->show == KAPI_SHOW_PROSE) {
			text = kapi_field_str(entry, fld);
			if (!text)
				continue;
		} else if (fld->show != KAPI_SHOW_LINE ||
			   !kapi_field_is_set(entry, fld)) {
			continue;
		}
		/* a blank line between paragraphs and field lists */
		if (prev != KAPI_SHOW_HIDE &&
		    (prev != KAPI_SHOW_LINE || fld->show != KAPI_SHOW_LINE))
			putc('\n', f);
		prev = fld->show;
		if (fld->show == KAPI_SHOW_PROSE) {
			rst_block(f, 3, text);
			continue;
		}
		fprintf(f, "   :%s: ", fld->before);
		print_value(f, spec, entry, fld, rst_put_field);
		putc('\n', f);
	}
	if (prev == KAPI_SHOW_HIDE)
		fputs("   \\-\n", f);
	putc('\n', f);
}

/* A part of the spec under its title, capitalised. */
static void rst_part(FILE *f, const struct kapi_spec *spec,
		     const struct kapi_part *part)
{
	const void *entry;
	char title[64];
	unsigned int i;

	if (!part->title || !kapi_part_count(spec, part))
		return;
	snprintf(title, sizeof(title), "%c%s", toupper(part->title[0]),
		 part->title + 1);
	rst_section(f, title);
	for (i = 0; i < kapi_section_count(spec, part->sec); i++) {
		entry = kapi_section_entry(spec, part->sec, i);
		if (kapi_part_has(part, entry))
			rst_entry(f, spec, part->sec, entry);
	}
}

/* Examples are code: a literal block, nothing escaped. */
static void rst_examples(FILE *f, const char *text)
{
	const char *nl;

	rst_section(f, "Examples");
	fputs("::\n\n", f);
	while (*text) {
		nl = strchrnul(text, '\n');
		if (nl != text)
			fprintf(f, "    %.*s", (int)(nl - text), text);
		putc('\n', f);
		if (!*nl)
			break;
		text = nl + 1;
	}
	putc('\n', f);
}

void print_rst(FILE *f, const struct kapi_spec *spec)
{
	unsigned int i;

	rst_title(f, spec->name, '=');
	if (spec->summary) {
		rst_block(f, 0, spec->summary);
		putc('\n', f);
	}
	fprintf(f, ":kind: %s", kapi_name(&kapi_kind_names, spec->kind));
	if (spec->kind == KAPI_KIND_SYSCALL && spec->nr >= 0)
		fprintf(f, " %d", spec->nr);
	putc('\n', f);
	if (spec->file)
		fprintf(f, ":source: %s:%u\n", spec->file, spec->line);
	fputs(":context: ", f);
	print_flags(f, &kapi_ctx_names, spec->context);
	putc('\n', f);
	rst_field(f, 0, "since", spec->since);
	putc('\n', f);
	if (spec->desc) {
		rst_section(f, "Description");
		rst_block(f, 0, spec->desc);
		putc('\n', f);
	}
	if (spec->n_params)
		rst_params(f, spec);
	rst_return(f, spec);
	for (i = 0; i < KAPI_N_PARTS; i++)
		rst_part(f, spec, &kapi_parts[i]);
	if (spec->examples)
		rst_examples(f, spec->examples);
	if (spec->notes) {
		rst_section(f, "Notes");
		rst_block(f, 0, spec->notes);
		putc('\n', f);
	}
}

void print_rst_list(FILE *f, const struct kapi_spec *const *specs,
		    unsigned int n)
{
	const struct kapi_spec *s;
	unsigned int i;

	fputs(".. list-table:: Kernel API specifications\n"
	      "   :header-rows: 1\n"
	      "\n"
	      "   * - Name\n"
	      "     - Kind\n"
	      "     - Summary\n", f);
	for (i = 0; i < n; i++) {
		s = specs[i];
		fprintf(f, "   * - ``%s``\n     - %s", s->name,
			kapi_name(&kapi_kind_names, s->kind));
		if (s->kind == KAPI_KIND_SYSCALL && s->nr >= 0)
			fprintf(f, " %d", s->nr);
		fputs("\n     - ", f);
		if (s->summary && !strchr(s->summary, '\n'))
			rst_line(f, s->summary, strlen(s->summary));
		else if (s->summary)
			rst_escape(f, s->summary, strcspn(s->summary, "\n"));
		putc('\n', f);
	}
}
