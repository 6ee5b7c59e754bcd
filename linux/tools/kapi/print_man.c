// SPDX-License-Identifier: GPL-2.0
/*
 * man(7) pages: NAME, SYNOPSIS, DESCRIPTION (with the parameters), RETURN
 * VALUE, ERRORS, then whatever else the spec says. System calls and ioctls
 * go in section 2, kernel functions in section 9. The page has no date, so
 * the same spec always gives the same bytes.
 */
#include <stddef.h>
#include <ctype.h>
#include <string.h>

#include <linux/kapi_fields.h>
#include <linux/kapi_names.h>
#include "print.h"

/* One character of text; control characters shown as ^X, not fed to roff. */
static void man_char(FILE *f, char c)
{
	unsigned char u = c;

	if (c == '\\')
		fputs("\\e", f);
	else if ((u < 0x20 && c != '\t') || u == 0x7f)
		fprintf(f, "^%c", u == 0x7f ? '?' : u + 0x40);
	else
		putc(c, f);
}

/* Text on a line of its own: roff must not take it for a request. */
static void man_text(FILE *f, const char *s, size_t n)
{
	size_t i;

	if (n && (s[0] == '.' || s[0] == '\''))
		fputs("\\&", f);
	for (i = 0; i < n; i++)
		man_char(f, s[i]);
}

static void man_line(FILE *f, const char *s)
{
	man_text(f, s, strlen(s));
	putc('\n', f);
}

/* A macro argument: quoted, with quotes and backslashes escaped. */
static void man_arg(FILE *f, const char *s)
{
	putc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputs("\\(dq", f);
		else if (*s == '\n')
			putc(' ', f);
		else
			man_char(f, *s);
	}
	putc('"', f);
}

/* @text with blank lines as paragraph breaks (@para: "PP" or "IP"). */
static void man_block(FILE *f, const char *text, const char *para)
{
	const char *nl;
	bool blank = false;

	while (text && *text) {
		nl = strchrnul(text, '\n');
		if (nl == text) {
			blank = true;
		} else {
			if (blank)
				fprintf(f, ".%s\n", para);
			blank = false;
			man_text(f, text, nl - text);
			putc('\n', f);
		}
		if (!*nl)
			break;
		text = nl + 1;
	}
}

/* Code in no-fill mode: every line as it is, blank ones too. */
static void man_code(FILE *f, const char *text)
{
	const char *nl;

	while (*text) {
		nl = strchrnul(text, '\n');
		if (nl == text)
			fputs("\\&", f);
		else
			man_text(f, text, nl - text);
		putc('\n', f);
		if (!*nl)
			break;
		text = nl + 1;
	}
}

/* The C return type, as far as the data model knows it. */
static const char *return_ctype(const struct kapi_spec *spec)
{
	if (spec->kind != KAPI_KIND_FUNCTION)
		return "long";
	switch (spec->ret.type) {
	case KAPI_TYPE_VOID:
		return "void";
	case KAPI_TYPE_INT:
	case KAPI_TYPE_FD:
		return "int";
	case KAPI_TYPE_UINT:
		return "unsigned int";
	case KAPI_TYPE_PTR:
	case KAPI_TYPE_USER_PTR:
		return "void *";
	default:
		return "long";
	}
}

static void man_synopsis(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_param *p;
	char bold[512];
	unsigned int i;
	size_t n;

	fputs(".SH SYNOPSIS\n.nf\n", f);
	if (!spec->n_params) {
		snprintf(bold, sizeof(bold), "%s %s(void);",
			 return_ctype(spec), spec->name);
		fputs(".B ", f);
		man_arg(f, bold);
		fputs("\n.fi\n", f);
		return;
	}
	/* .BI alternates bold and italic: bold types, italic names */
	fputs(".BI", f);
	n = snprintf(bold, sizeof(bold), "%s %s(", return_ctype(spec),
		     spec->name);
	for (i = 0; i < spec->n_params; i++) {
		p = &spec->params[i];
		if (n < sizeof(bold))
			n += snprintf(bold + n, sizeof(bold) - n, "%s%s",
				      i ? ", " : "", p->ctype ? p->ctype : "?");
		if (n && n < sizeof(bold) - 1 && bold[n - 1] != '*') {
			bold[n++] = ' ';
			bold[n] = '\0';
		}
		putc(' ', f);
		man_arg(f, bold);
		putc(' ', f);
		man_arg(f, p->name ? p->name : "?");
		n = 0;
		bold[0] = '\0';
	}
	fputs(" \");\"\n.fi\n", f);
}

/*
 * A parameter's value set the way man-pages lists flags: each name in
 * bold with its meaning indented below, and what other values do.
 */
static void man_set(FILE *f, const struct kapi_value_set *set, u8 others)
{
	bool flags = set->kind == KAPI_SET_FLAGS;
	unsigned int i;

	fputs(".IP\n", f);
	fprintf(f, "%s ", flags ? "Zero or more of these bits, ORed:" :
		"One of these values:");
	if (others == KAPI_OTHERS_IGNORED)
		fprintf(f, "other %s are ignored.\n", flags ? "bits" : "values");
	else if (others == KAPI_OTHERS_REFUSED)
		fprintf(f, "other %s make the call fail.\n",
			flags ? "bits" : "values");
	else if (others == KAPI_OTHERS_PASSED)
		fprintf(f, "other %s are passed on to the file's own method.\n",
			flags ? "bits" : "values");
	else
		fputs("the specification does not say what others do.\n", f);
	fputs(".RS\n", f);
	for (i = 0; set->values && i < set->n_values; i++) {
		fputs(".TP\n.B ", f);
		man_arg(f, set->values[i].name ?: "?");
		putc('\n', f);
		if (set->valued)
			fprintf(f, flags ? "(0x%llx) " : "(%lld) ",
				(long long)set->values[i].value);
		man_line(f, set->values[i].desc ?: "");
	}
	fputs(".RE\n", f);
}

/*
 * The structure a parameter points to as man-pages shows one: the C
 * declaration with a comment per member, then the members' value sets.
 */
static void man_layout(FILE *f, const struct kapi_spec *spec,
		       const struct kapi_param *p)
{
	const struct kapi_struct *lo = p->layout;
	const struct kapi_struct_field *m;
	unsigned int i;
	size_t n;

	fputs(".IP\n", f);
	if (p->count_param >= 0 && p->count_param < spec->n_params)
		fprintf(f, "An array of\n.I %s\nstructures:\n",
			spec->params[p->count_param].name ?: "count");
	else
		fputs("A structure:\n", f);
	fputs(".PP\n.in +4n\n.EX\n", f);
	fprintf(f, "struct %s {\n", lo->name ?: "?");
	for (i = 0; lo->fields && i < lo->n_fields; i++) {
		m = &lo->fields[i];
		n = m->ctype ? strlen(m->ctype) : 0;
		fprintf(f, "    %s%s%s;", m->ctype ?: "?",
			n && m->ctype[n - 1] == '*' ? "" : " ", m->name ?: "?");
		if (lo->laid_out)
			fprintf(f, "  /* offset %u */", m->offset);
		putc('\n', f);
	}
	fputs("};\n.EE\n.in\n", f);
	for (i = 0; lo->fields && i < lo->n_fields; i++) {
		m = &lo->fields[i];
		fputs(".TP\n.I ", f);
		man_arg(f, m->name ?: "?");
		putc('\n', f);
		man_line(f, m->desc ?: "");
		if (m->set)
			man_set(f, m->set, m->others);
	}
}

static void man_put_tag(FILE *f, const char *text, bool key);

static void man_params(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_param *p;
	unsigned int i, k;

	fputs(".SS Parameters\n", f);
	for (i = 0; i < spec->n_params; i++) {
		p = &spec->params[i];
		fputs(".TP\n.I ", f);
		man_arg(f, p->name ? p->name : "?");
		fprintf(f, "\nType %s; flags ",
			kapi_name(&kapi_type_names, p->type));
		print_flags(f, &kapi_param_flag_names, p->flags);
		if (p->constraint != KAPI_CONSTRAINT_NONE) {
			fputs("; constraint ", f);
			print_constraint(f, p);
		}
		/* the other LINE members, by their value */
		for (k = 0; k < kapi_n_param_fields; k++) {
			const struct kapi_field *fld = &kapi_param_fields[k];

			if (fld->show != KAPI_SHOW_LINE ||
			    fld->compat == KAPI_COMPAT_OWN ||
			    fld->offset == offsetof(struct kapi_param, type) ||
			    !kapi_field_is_set(p, fld))
				continue;
			fprintf(f, "; %s ", fld->before);
			print_value(f, spec, p, fld, man_put_tag);
		}
		fputs(".\n", f);
		if (p->desc) {
			fputs(".IP\n", f);
			man_block(f, p->desc, "IP");
		}
		if (p->valid) {
			fputs(".IP\n", f);
			man_block(f, p->valid, "IP");
		}
		if (p->set)
			man_set(f, p->set, p->others);
		if (p->layout)
			man_layout(f, spec, p);
	}
	if (spec->n_check_order) {
		fputs(".PP\nChecked in this order:", f);
		for (i = 0; i < spec->n_check_order; i++) {
			fputs(i ? ", " : " ", f);
			man_arg(f, spec->check_order[i] < spec->n_params ?
				spec->params[spec->check_order[i]].name : "?");
		}
		fputs(".\n", f);
	}
}

static void man_return(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_return *r = &spec->ret;

	fputs(".SH RETURN VALUE\n", f);
	if (r->desc) {
		man_block(f, r->desc, "PP");
		fputs(".PP\n", f);
	}
	fprintf(f, "Type %s; check %s",
		kapi_name(&kapi_type_names, r->type),
		kapi_name(&kapi_return_check_names, r->check));
	if (r->check == KAPI_RETURN_EXACT)
		fprintf(f, "; success is %lld", (long long)r->success_min);
	else if (r->check == KAPI_RETURN_RANGE || r->check == KAPI_RETURN_FD)
		fprintf(f, "; success is %lld to %lld",
			(long long)r->success_min, (long long)r->success_max);
	fputs(".\n", f);
}

/* A value on a tag line: the entry's name in bold, the rest as text. */
static void man_put_tag(FILE *f, const char *text, bool key)
{
	fputs(key ? "\\fB" : "", f);
	for (; *text; text++)
		man_char(f, *text);
	fputs(key ? "\\fR" : "", f);
}

/*
 * A section entry as a tagged paragraph: the line text shows as the tag,
 * then its labelled fields and its prose.
 */
static void man_entry(FILE *f, const struct kapi_spec *spec,
		      const struct kapi_section *sec, const void *entry)
{
	const struct kapi_field *fld;
	const char *text;
	bool body = false;
	unsigned int i;

	fputs(".TP\n", f);
	print_head(f, spec, sec, entry, man_put_tag);
	putc('\n', f);
	for (i = 0; i < sec->n_fields; i++) {
		fld = &sec->fields[i];
		text = fld->show == KAPI_SHOW_PROSE ?
		       kapi_field_str(entry, fld) : NULL;
		if (!text && (fld->show != KAPI_SHOW_LINE ||
			      !kapi_field_is_set(entry, fld)))
			continue;
		if (body)
			fputs(".IP\n", f);
		body = true;
		if (text) {
			man_block(f, text, "IP");
			continue;
		}
		fprintf(f, "%s: ", fld->before);
		print_value(f, spec, entry, fld, man_put_tag);
		putc('\n', f);
	}
	if (!body)
		fputs("\\&\n", f);
}

/* A part of the spec under its title, in capitals. */
static void man_part(FILE *f, const struct kapi_spec *spec,
		     const struct kapi_part *part)
{
	const void *entry;
	const char *t;
	unsigned int i;

	if (!part->title || !kapi_part_count(spec, part))
		return;
	fputs(".SH ", f);
	for (t = part->title; *t; t++)
		putc(toupper((unsigned char)*t), f);
	putc('\n', f);
	for (i = 0; i < kapi_section_count(spec, part->sec); i++) {
		entry = kapi_section_entry(spec, part->sec, i);
		if (kapi_part_has(part, entry))
			man_entry(f, spec, part->sec, entry);
	}
}

void print_man(FILE *f, const struct kapi_spec *spec)
{
	const char *n;
	unsigned int i;

	fprintf(f, ".\\\" Generated by kapi from the kernel API specification of %s.\n",
		spec->name);
	fputs(".TH ", f);
	for (n = spec->name; *n; n++)
		putc(toupper((unsigned char)*n), f);
	fprintf(f, " %d \"\" \"Linux\" \"Kernel API specification\"\n",
		spec->kind == KAPI_KIND_FUNCTION ? 9 : 2);
	fputs(".SH NAME\n", f);
	man_text(f, spec->name, strlen(spec->name));
	fputs(" \\- ", f);
	man_line(f, spec->summary ? spec->summary : "no summary");
	man_synopsis(f, spec);
	fputs(".SH DESCRIPTION\n", f);
	if (spec->desc)
		man_block(f, spec->desc, "PP");
	else if (spec->summary)
		man_line(f, spec->summary);
	else
		fputs("No description.\n", f);
	if (spec->n_params)
		man_params(f, spec);
	man_return(f, spec);
	fputs(".SH CONTEXT\n", f);
	print_flags(f, &kapi_ctx_names, spec->context);
	putc('\n', f);
	for (i = 0; i < KAPI_N_PARTS; i++)
		man_part(f, spec, &kapi_parts[i]);
	if (spec->examples) {
		fputs(".SH EXAMPLES\n.EX\n", f);
		man_code(f, spec->examples);
		fputs(".EE\n", f);
	}
	if (spec->notes) {
		fputs(".SH NOTES\n", f);
		man_block(f, spec->notes, "PP");
	}
	if (spec->since) {
		fputs(".SH HISTORY\nSince ", f);
		man_line(f, spec->since);
	}
	if (spec->file)
		fprintf(f, ".SH SPECIFICATION\nWritten in %s, line %u.\n",
			spec->file, spec->line);
	fputs(".SH SEE ALSO\n.BR kapi (8)\n", f);
}
