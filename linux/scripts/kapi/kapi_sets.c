// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_sets.c - named value sets (value-set:) and the parameters that take
 * them (values:, others:)
 *
 * A set belongs to the file, whichever spec comment of the file defines it,
 * so that open(), openat() and creat() share one list of O_* flags. The
 * host never evaluates a value: the generator emits each name for the
 * kernel compiler, so any constant the annotated file can see may be
 * listed, and the build proves the set agrees with the parameter's
 * constraint (kapi_gen.c).
 */
#include <stdlib.h>
#include <string.h>

#include "kapi_internal.h"

/* Parse "NAME, KIND" of the value-set: line. */
static bool set_head(struct kapi_parser *p, const char *text, unsigned int line,
		     struct kapi_parsed_set *set)
{
	char *head = kapi_squash(text), *kind = strchr(head, ',');
	unsigned int i;
	bool ok = false;

	if (kind)
		*kind++ = '\0';
	set->name = kapi_squash(head);
	if (!kapi_is_ident(set->name)) {
		kapi_err(p, line, "value-set: needs 'NAME, flags' or 'NAME, enum', got '%s'",
			 text);
		goto out;
	}
	kind = kapi_squash(kind ? kind : "");
	for (i = 0; i < kapi_set_kind_names.count; i++)
		if (!strcmp(kind, kapi_set_kind_names.names[i]))
			break;
	/* a bad kind is reported, but the set is kept for its takers */
	if (i == kapi_set_kind_names.count) {
		kapi_err(p, line, "value-set '%s': kind '%s' is neither flags (bits that combine) nor enum (one of the values)",
			 set->name, kind);
		i = KAPI_SET_FLAGS;
	}
	set->kind = (int)i;
	ok = true;
	free(kind);
out:
	free(head);
	return ok;
}

/* "NAME: meaning" starts a value; NULL when @s does not. */
static const char *value_start(const char *s, size_t *len)
{
	size_t n = 0;

	if (!kapi_is_ident_start((unsigned char)s[0]))
		return NULL;
	while (kapi_is_ident_char((unsigned char)s[n]))
		n++;
	if (s[n] != ':')
		return NULL;
	*len = n;
	return s + n + 1;
}

static void add_value(struct kapi_parser *p, struct kapi_parsed_set *set,
		      const char *name, size_t len, const char *desc,
		      unsigned int line)
{
	struct kapi_parsed_value *v;
	unsigned int i;

	for (i = 0; i < set->n_values; i++) {
		if (strlen(set->values[i].name) == len &&
		    !strncmp(set->values[i].name, name, len)) {
			kapi_err(p, line, "value-set '%s': %.*s is listed twice (first at line %u)",
				 set->name, (int)len, name, set->values[i].line);
			return;
		}
	}
	if (set->n_values == UINT16_MAX) {
		kapi_err(p, line, "value-set '%s': at most %u values", set->name,
			 UINT16_MAX);
		return;
	}
	v = KAPI_GROW(set->values, set->n_values);
	v->name = kapi_xstrndup(name, len);
	v->desc = kapi_squash(desc);
	v->line = line;
}

void kapi_do_value_set(struct kapi_parser *p, const struct kapi_raw_block *b)
{
	struct kapi_file *f = p->file;
	struct kapi_parsed_set set = { .line = b->line };
	const char *text = b->head.s ? b->head.s : "", *nl, *desc;
	unsigned int line = b->line, i;
	bool stray = false;
	struct kapi_sbuf more = { 0 };
	char *l;
	size_t len;

	nl = strchr(text, '\n');
	l = kapi_xstrndup(text, nl ? (size_t)(nl - text) : strlen(text));
	if (!set_head(p, l, line, &set)) {
		free(l);
		free(set.name);
		return;
	}
	free(l);
	/* each value on its own line; a line that starts none continues one */
	while (nl) {
		text = nl + 1;
		line++;
		nl = strchr(text, '\n');
		l = kapi_xstrndup(text, nl ? (size_t)(nl - text) : strlen(text));
		if (!*l) {
			free(l);
			continue;
		}
		desc = value_start(l, &len);
		if (desc) {
			add_value(p, &set, l, len, desc, line);
		} else if (set.n_values) {
			struct kapi_parsed_value *v = &set.values[set.n_values - 1];

			kapi_sbuf_adds(&more, v->desc);
			kapi_sbuf_addc(&more, ' ');
			kapi_sbuf_adds(&more, l);
			free(v->desc);
			v->desc = kapi_squash(more.s);
			kapi_sbuf_release(&more);
		} else {
			kapi_err(p, line, "value-set '%s': expected 'NAME: meaning', got '%s'",
				 set.name, l);
			stray = true;
		}
		free(l);
	}
	for (i = 0; i < set.n_values; i++)
		if (!*set.values[i].desc)
			kapi_err(p, set.values[i].line,
				 "value-set '%s': %s needs a meaning after the colon",
				 set.name, set.values[i].name);
	if (!set.n_values && !stray)
		kapi_err(p, b->line, "value-set '%s' lists no value; write one 'NAME: meaning' line per value below it",
			 set.name);
	for (i = 0; i < f->n_sets; i++) {
		if (!strcmp(f->sets[i].name, set.name)) {
			kapi_err(p, b->line, "value-set '%s' is defined twice in this file (first at line %u)",
				 set.name, f->sets[i].line);
			break;
		}
	}
	*KAPI_GROW(f->sets, f->n_sets) = set;
}

static void refused_checked(struct kapi_parser *p,
			    const struct kapi_parsed_param *pp);

void kapi_param_values(struct kapi_parser *p, struct kapi_parsed_param *pp,
		       const struct kapi_raw_kv *values,
		       const struct kapi_raw_kv *others)
{
	char *s;
	unsigned int i;

	pp->others = KAPI_OTHERS_UNSPECIFIED;
	if (values) {
		s = kapi_squash(values->val.s);
		if (kapi_is_ident(s)) {
			pp->set_name = s;
			pp->set_line = values->line;
		} else {
			kapi_err(p, values->line, "values: names one value-set, got '%s'",
				 s);
			free(s);
		}
	}
	if (!others)
		return;
	pp->others_line = others->line;
	s = kapi_squash(others->val.s);
	for (i = 0; i < kapi_others_names.count; i++)
		if (!strcmp(s, kapi_others_names.names[i]))
			break;
	if (i == kapi_others_names.count)
		kapi_err(p, others->line, "others: '%s' is not ignored, refused, passed or unspecified",
			 s);
	else
		pp->others = (int)i;
	free(s);
	if (!values) {
		kapi_err(p, others->line, "others: says what happens to values outside values:, which param '%s' does not have",
			 pp->name);
		return;
	}
	/*
	 * A refused value needs the check that refuses it in the spec, so that
	 * the build can prove the set lies inside it and enforce mode can act.
	 */
	if (pp->others == KAPI_OTHERS_REFUSED && !pp->constraint_implied)
		refused_checked(p, pp);
}

static void refused_checked(struct kapi_parser *p,
			    const struct kapi_parsed_param *pp)
{
	if (pp->constraint != KAPI_CONSTRAINT_MASK &&
	    pp->constraint != KAPI_CONSTRAINT_RANGE &&
	    pp->constraint != KAPI_CONSTRAINT_ENUM)
		kapi_err(p, pp->others_line, "others: refused needs the check that refuses them: constraint-type: mask, range or enum");
}

void kapi_resolve_sets(struct kapi_parser *p)
{
	struct kapi_file *f = p->file;
	struct kapi_parsed_param *pp;
	unsigned int i, j, k;

	for (i = 0; i < f->n_specs; i++) {
		for (j = 0; j < f->specs[i].n_params; j++) {
			pp = &f->specs[i].params[j];
			if (!pp->set_name)
				continue;
			for (k = 0; k < f->n_sets; k++)
				if (!strcmp(f->sets[k].name, pp->set_name))
					break;
			if (k == f->n_sets) {
				p->spec = &f->specs[i];
				kapi_err(p, pp->set_line, "values: no value-set '%s' in this file",
					 pp->set_name);
				p->spec = NULL;
				continue;
			}
			pp->set = &f->sets[k];
			f->sets[k].used = true;
			/* the names of an enum set are the values it takes */
			if (pp->constraint_implied &&
			    pp->constraint == KAPI_CONSTRAINT_NONE &&
			    pp->set->kind == KAPI_SET_ENUM)
				pp->constraint = KAPI_CONSTRAINT_ENUM;
			if (pp->others == KAPI_OTHERS_REFUSED &&
			    pp->constraint_implied) {
				p->spec = &f->specs[i];
				refused_checked(p, pp);
				p->spec = NULL;
			}
		}
	}
	for (k = 0; k < f->n_sets; k++)
		if (!f->sets[k].used)
			kapi_warn(p, f->sets[k].line, "value-set '%s' is taken by no parameter (values: %s)",
				  f->sets[k].name, f->sets[k].name);
}

void kapi_sets_free(struct kapi_file *file)
{
	unsigned int i, j;

	for (i = 0; i < file->n_sets; i++) {
		for (j = 0; j < file->sets[i].n_values; j++) {
			free(file->sets[i].values[j].name);
			free(file->sets[i].values[j].desc);
		}
		free(file->sets[i].values);
		free(file->sets[i].name);
	}
	free(file->sets);
	file->sets = NULL;
	file->n_sets = 0;
}
