// SPDX-License-Identifier: GPL-2.0
/*
 * man(7) pages: NAME, SYNOPSIS, DESCRIPTION (with the parameters), RETURN
 * VALUE, ERRORS, then whatever else the spec says. System calls and ioctls
 * go in section 2, kernel functions in section 9. The page has no date, so
 * the same spec always gives the same bytes.
 */
#include <ctype.h>
#include <string.h>

#include "kapi_names.h"
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

static void man_params(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_param *p;
	unsigned int i;

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
		fputs(".\n", f);
		if (p->desc) {
			fputs(".IP\n", f);
			man_block(f, p->desc, "IP");
		}
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

static void man_errors(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_error *e;
	unsigned int i;

	fputs(".SH ERRORS\n", f);
	for (i = 0; i < spec->n_errors; i++) {
		e = &spec->errors[i];
		fputs(".TP\n.B ", f);
		man_arg(f, e->name ? e->name : "?");
		putc('\n', f);
		if (e->condition)
			man_line(f, e->condition);
		if (e->desc) {
			if (e->condition)
				fputs(".IP\n", f);
			man_block(f, e->desc, "IP");
		}
		if (!e->condition && !e->desc)
			fprintf(f, "Error %d.\n", e->error);
	}
}

/* A tagged paragraph: @tag in bold, a line of facts, then prose. */
static void man_tp(FILE *f, const char *tag)
{
	fputs(".TP\n.B ", f);
	man_arg(f, tag ? tag : "?");
	putc('\n', f);
}

static void man_labelled(FILE *f, const char *label, const char *value)
{
	if (!value)
		return;
	fprintf(f, ".IP\n%s: ", label);
	man_line(f, value);
}

static void man_rest(FILE *f, const struct kapi_spec *spec)
{
	unsigned int i;

	fputs(".SH CONTEXT\n", f);
	print_flags(f, &kapi_ctx_names, spec->context);
	putc('\n', f);
	if (spec->n_locks)
		fputs(".SH LOCKS\n", f);
	for (i = 0; i < spec->n_locks; i++) {
		const struct kapi_lock *l = &spec->locks[i];

		man_tp(f, l->name);
		fprintf(f, "%s, acquired %s, released %s.\n",
			kapi_name(&kapi_lock_kind_names, l->kind),
			kapi_name(&kapi_tristate_names, l->acquired),
			kapi_name(&kapi_tristate_names, l->released));
		if (l->desc) {
			fputs(".IP\n", f);
			man_block(f, l->desc, "IP");
		}
	}
	if (spec->n_signals)
		fputs(".SH SIGNALS\n", f);
	for (i = 0; i < spec->n_signals; i++) {
		const struct kapi_signal *g = &spec->signals[i];

		man_tp(f, g->name);
		fprintf(f, "%s, action %s, timing %s",
			kapi_name(&kapi_signal_direction_names, g->direction),
			kapi_name(&kapi_signal_action_names, g->action),
			kapi_name(&kapi_signal_timing_names, g->timing));
		if (g->error)
			fprintf(f, ", error %d", g->error);
		fprintf(f, "%s.\n", g->restartable ? ", restartable" : "");
		man_labelled(f, "Condition", g->condition);
		if (g->desc) {
			fputs(".IP\n", f);
			man_block(f, g->desc, "IP");
		}
	}
	if (spec->n_effects)
		fputs(".SH SIDE EFFECTS\n", f);
	for (i = 0; i < spec->n_effects; i++) {
		const struct kapi_effect *e = &spec->effects[i];

		man_tp(f, e->target);
		print_flags(f, &kapi_effect_names, e->kinds);
		fprintf(f, "; reversible: %s.\n",
			kapi_name(&kapi_tristate_names, e->reversible));
		man_labelled(f, "Condition", e->condition);
		if (e->desc) {
			fputs(".IP\n", f);
			man_block(f, e->desc, "IP");
		}
	}
	if (spec->n_transitions)
		fputs(".SH STATE TRANSITIONS\n", f);
	for (i = 0; i < spec->n_transitions; i++) {
		const struct kapi_transition *t = &spec->transitions[i];

		man_tp(f, t->object);
		man_text(f, t->from ? t->from : "?",
			 strlen(t->from ? t->from : "?"));
		fputs(" \\(-> ", f);
		man_line(f, t->to ? t->to : "?");
		man_labelled(f, "Condition", t->condition);
		if (t->desc) {
			fputs(".IP\n", f);
			man_block(f, t->desc, "IP");
		}
	}
	if (spec->n_caps)
		fputs(".SH CAPABILITIES\n", f);
	for (i = 0; i < spec->n_caps; i++) {
		const struct kapi_capability *c = &spec->caps[i];

		man_tp(f, c->name);
		fprintf(f, "%s (capability %d).\n",
			kapi_name(&kapi_cap_kind_names, c->kind), c->cap);
		man_labelled(f, "Allows", c->allows);
		man_labelled(f, "Without it", c->without);
		man_labelled(f, "Condition", c->condition);
	}
	if (spec->n_constraints)
		fputs(".SH CONSTRAINTS\n", f);
	for (i = 0; i < spec->n_constraints; i++) {
		const struct kapi_constraint *c = &spec->constraints[i];

		man_tp(f, c->name);
		if (c->desc)
			man_block(f, c->desc, "IP");
		if (c->expr) {
			if (c->desc)
				fputs(".IP\n", f);
			fputs(".I ", f);
			man_arg(f, c->expr);
			putc('\n', f);
		}
		if (!c->desc && !c->expr)
			fputs("\\&\n", f);
	}
}

static void man_items(FILE *f, const struct kapi_spec *spec,
		      enum kapi_item_kind kind, const char *title)
{
	const struct kapi_item *it;
	unsigned int i, n = 0;
	char id[96];

	for (i = 0; i < spec->n_items; i++)
		n += spec->items[i].kind == kind;
	if (!n)
		return;
	fprintf(f, ".SH %s\n", title);
	for (i = 0; i < spec->n_items; i++) {
		it = &spec->items[i];
		if (it->kind != kind)
			continue;
		snprintf(id, sizeof(id), KAPI_ITEM_ID_FMT, spec->name,
			 kapi_item_id_prefix(it), it->number);
		man_tp(f, id);
		if (it->text)
			man_block(f, it->text, "IP");
		else
			fputs("\\&\n", f);
	}
}

void print_man(FILE *f, const struct kapi_spec *spec)
{
	const char *n;

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
	if (spec->n_errors)
		man_errors(f, spec);
	man_rest(f, spec);
	man_items(f, spec, KAPI_ITEM_BEHAVIOR, "BEHAVIOR");
	man_items(f, spec, KAPI_ITEM_CONSTRAINT_OF_USE, "CONSTRAINTS OF USE");
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
