// SPDX-License-Identifier: GPL-2.0
/*
 * reStructuredText: one section per spec, for Sphinx or rst2html. Names
 * and C types are inline literals; prose is escaped so that a stray '*' or
 * '_' in a description cannot turn into markup, and keeps its paragraphs.
 */
#include <stdarg.h>
#include <string.h>

#include "compiler.h"
#include "kapi_names.h"
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

static void rst_params(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_param *p;
	unsigned int i;
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
		fprintf(f, "   :type: %s\n", kapi_name(&kapi_type_names, p->type));
		fputs("   :flags: ", f);
		print_flags(f, &kapi_param_flag_names, p->flags);
		putc('\n', f);
		if (p->constraint != KAPI_CONSTRAINT_NONE) {
			fputs("   :constraint: ", f);
			print_constraint(f, p);
			putc('\n', f);
		}
		if (p->desc) {
			putc('\n', f);
			rst_block(f, 3, p->desc);
		}
		putc('\n', f);
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

static void rst_errors(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_error *e;
	unsigned int i;

	rst_section(f, "Errors");
	for (i = 0; i < spec->n_errors; i++) {
		e = &spec->errors[i];
		rst_literal(f, e->name);
		fprintf(f, " (%d)\n", e->error);
		if (e->condition) {
			fputs("   ", f);
			rst_line(f, e->condition, strlen(e->condition));
			putc('\n', f);
		} else if (!e->desc) {
			fputs("   \\-\n", f);
		}
		if (e->desc) {
			if (e->condition)
				putc('\n', f);
			rst_block(f, 3, e->desc);
		}
		putc('\n', f);
	}
}

/* A definition list entry: term, a first line of facts, then prose. */
static void rst_entry(FILE *f, const char *term, const char *facts_fmt, ...)
	__printf(3, 4);

static void rst_entry(FILE *f, const char *term, const char *facts_fmt, ...)
{
	va_list ap;

	rst_literal(f, term);
	fputs("\n   ", f);
	va_start(ap, facts_fmt);
	vfprintf(f, facts_fmt, ap);
	va_end(ap);
	putc('\n', f);
}

static void rst_locks(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_lock *l;
	unsigned int i;

	rst_section(f, "Locks");
	for (i = 0; i < spec->n_locks; i++) {
		l = &spec->locks[i];
		rst_entry(f, l->name, "%s, acquired %s, released %s",
			  kapi_name(&kapi_lock_kind_names, l->kind),
			  kapi_name(&kapi_tristate_names, l->acquired),
			  kapi_name(&kapi_tristate_names, l->released));
		if (l->desc) {
			putc('\n', f);
			rst_block(f, 3, l->desc);
		}
		putc('\n', f);
	}
}

static void rst_signals(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_signal *g;
	unsigned int i;

	rst_section(f, "Signals");
	for (i = 0; i < spec->n_signals; i++) {
		g = &spec->signals[i];
		rst_entry(f, g->name, "%s, action %s, timing %s%s",
			  kapi_name(&kapi_signal_direction_names, g->direction),
			  kapi_name(&kapi_signal_action_names, g->action),
			  kapi_name(&kapi_signal_timing_names, g->timing),
			  g->restartable ? ", restartable" : "");
		if (g->error || g->condition)
			putc('\n', f);
		if (g->error)
			fprintf(f, "   :error: %d\n", g->error);
		rst_field(f, 3, "condition", g->condition);
		if (g->desc) {
			putc('\n', f);
			rst_block(f, 3, g->desc);
		}
		putc('\n', f);
	}
}

static void rst_effects(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_effect *e;
	unsigned int i;

	rst_section(f, "Side effects");
	for (i = 0; i < spec->n_effects; i++) {
		e = &spec->effects[i];
		rst_literal(f, e->target);
		fputs("\n   ", f);
		print_flags(f, &kapi_effect_names, e->kinds);
		fprintf(f, "; reversible: %s\n",
			kapi_name(&kapi_tristate_names, e->reversible));
		if (e->condition) {
			putc('\n', f);
			rst_field(f, 3, "condition", e->condition);
		}
		if (e->desc) {
			putc('\n', f);
			rst_block(f, 3, e->desc);
		}
		putc('\n', f);
	}
}

static void rst_transitions(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_transition *t;
	unsigned int i;

	rst_section(f, "State transitions");
	for (i = 0; i < spec->n_transitions; i++) {
		t = &spec->transitions[i];
		rst_literal(f, t->object);
		fputs("\n   ", f);
		rst_literal(f, t->from);
		fputs(" → ", f);
		rst_literal(f, t->to);
		putc('\n', f);
		if (t->condition) {
			putc('\n', f);
			rst_field(f, 3, "condition", t->condition);
		}
		if (t->desc) {
			putc('\n', f);
			rst_block(f, 3, t->desc);
		}
		putc('\n', f);
	}
}

static void rst_caps(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_capability *c;
	unsigned int i;

	rst_section(f, "Capabilities");
	for (i = 0; i < spec->n_caps; i++) {
		c = &spec->caps[i];
		rst_literal(f, c->name);
		fprintf(f, " (%d)\n   %s\n", c->cap,
			kapi_name(&kapi_cap_kind_names, c->kind));
		if (c->allows || c->without || c->condition)
			putc('\n', f);
		rst_field(f, 3, "allows", c->allows);
		rst_field(f, 3, "without", c->without);
		rst_field(f, 3, "condition", c->condition);
		putc('\n', f);
	}
}

static void rst_constraints(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_constraint *c;
	unsigned int i;

	rst_section(f, "Constraints");
	for (i = 0; i < spec->n_constraints; i++) {
		c = &spec->constraints[i];
		if (c->name)
			rst_line(f, c->name, strlen(c->name));
		else
			fputs("?", f);
		putc('\n', f);
		if (c->desc)
			rst_block(f, 3, c->desc);
		if (c->expr) {
			if (c->desc)
				putc('\n', f);
			fputs("   ", f);
			rst_literal(f, c->expr);
			putc('\n', f);
		}
		if (!c->desc && !c->expr)
			fputs("   \\-\n", f);
		putc('\n', f);
	}
}

static void rst_items(FILE *f, const struct kapi_spec *spec,
		      enum kapi_item_kind kind, const char *title)
{
	const struct kapi_item *it;
	unsigned int i, n = 0;

	for (i = 0; i < spec->n_items; i++)
		n += spec->items[i].kind == kind;
	if (!n)
		return;
	rst_section(f, title);
	for (i = 0; i < spec->n_items; i++) {
		it = &spec->items[i];
		if (it->kind != kind)
			continue;
		fprintf(f, "``" KAPI_ITEM_ID_FMT "``\n", spec->name,
			kapi_item_id_prefix(it), it->number);
		if (it->text)
			rst_block(f, 3, it->text);
		else
			fputs("   \\-\n", f);
		putc('\n', f);
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
	if (spec->n_errors)
		rst_errors(f, spec);
	if (spec->n_locks)
		rst_locks(f, spec);
	if (spec->n_signals)
		rst_signals(f, spec);
	if (spec->n_effects)
		rst_effects(f, spec);
	if (spec->n_transitions)
		rst_transitions(f, spec);
	if (spec->n_caps)
		rst_caps(f, spec);
	if (spec->n_constraints)
		rst_constraints(f, spec);
	rst_items(f, spec, KAPI_ITEM_BEHAVIOR, "Behaviors");
	rst_items(f, spec, KAPI_ITEM_CONSTRAINT_OF_USE, "Constraints of use");
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
