// SPDX-License-Identifier: GPL-2.0
/*
 * Multiplexed calls: the parameter flagged KAPI_PARAM_SELECTOR picks a
 * command out of its value set, and variant: blocks say what each command
 * does. Once the file's value sets are known, this ties the three together.
 */

#include <string.h>

#include "kapi_internal.h"

static bool set_has(const struct kapi_parsed_set *set, const char *name)
{
	unsigned int i;

	for (i = 0; i < set->n_values; i++)
		if (!strcmp(set->values[i].name, name))
			return true;
	return false;
}

/*
 * constraint-type: KAPI_CONSTRAINT_ENUM without enum: takes the values of
 * the set: the commands are named once, in the value-set.
 */
static void enum_from_set(struct kapi_parsed_param *pp)
{
	const struct kapi_parsed_set *set = pp->set;
	unsigned int i;

	if (pp->constraint != KAPI_CONSTRAINT_ENUM || pp->n_values || !set)
		return;
	pp->values = kapi_xmalloc(set->n_values * sizeof(*pp->values));
	memset(pp->values, 0, set->n_values * sizeof(*pp->values));
	for (i = 0; i < set->n_values; i++) {
		pp->values[i].text = kapi_xstrdup(set->values[i].name);
		pp->values[i].line = set->values[i].line;
		pp->values[i].symbolic = true;
	}
	pp->n_values = set->n_values;
	pp->values_from_set = true;
}

static int find_selector(struct kapi_parser *p, struct kapi_parsed_spec *s)
{
	struct kapi_parsed_param *pp;
	int sel = -1;
	unsigned int i;

	for (i = 0; i < s->n_params; i++) {
		pp = &s->params[i];
		enum_from_set(pp);
		if (pp->others == KAPI_OTHERS_PASSED &&
		    !(pp->flags.value & KAPI_PARAM_SELECTOR))
			kapi_err(p, pp->others_line, "param '%s': others: passed is for the selector of a multiplexed call (flags: KAPI_PARAM_SELECTOR)",
				 pp->name);
		if (!(pp->flags.value & KAPI_PARAM_SELECTOR))
			continue;
		if (sel >= 0) {
			kapi_err(p, pp->flags.line, "param '%s': a call has one selector; '%s' is one already",
				 pp->name, s->params[sel].name);
			continue;
		}
		if (!pp->set || pp->set->kind != KAPI_SET_ENUM) {
			kapi_err(p, pp->flags.line, "param '%s': a selector names its commands in values: (a value-set of kind enum)",
				 pp->name);
			continue;
		}
		sel = (int)i;
	}
	return sel;
}

static void resolve_spec(struct kapi_parser *p, struct kapi_parsed_spec *s)
{
	const struct kapi_parsed_set *set;
	const struct kapi_written *w;
	unsigned int i, j;

	s->selector = find_selector(p, s);
	if (s->selector < 0) {
		if (s->n_variants) {
			kapi_err(p, s->variants[0].line, "variant: needs a parameter with flags: KAPI_PARAM_SELECTOR, whose value set names the commands");
			return;
		}
		for (i = 0; i < s->n_errors; i++)
			if (kapi_written(s->errors[i].written, "variant"))
				kapi_err(p, s->errors[i].line, "error: variant: needs variant: blocks and a selector parameter");
		return;
	}
	set = s->params[s->selector].set;
	for (i = 0; i < s->n_variants; i++)
		if (!set_has(set, s->variants[i].k.name))
			kapi_err(p, s->variants[i].line, "variant '%s' is not a value of value-set '%s', which names the commands of '%s'",
				 s->variants[i].k.name, set->name,
				 s->params[s->selector].name);
	for (i = 0; i < s->n_errors; i++) {
		w = kapi_written(s->errors[i].written, "variant");
		if (!w)
			continue;
		for (j = 0; j < s->n_variants; j++)
			if (!strcmp(s->variants[j].k.name, w->text))
				break;
		if (j == s->n_variants)
			kapi_err(p, w->line, "error %s: variant: '%s' is not described by a variant: block",
				 s->errors[i].k.name, w->text);
		else
			s->errors[i].k.variant = j + 1;
	}
}

void kapi_resolve_variants(struct kapi_parser *p)
{
	struct kapi_file *f = p->file;
	unsigned int i;

	for (i = 0; i < f->n_specs; i++) {
		p->spec = &f->specs[i];
		resolve_spec(p, &f->specs[i]);
	}
	p->spec = NULL;
}
