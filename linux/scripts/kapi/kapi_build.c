// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_build.c - release a parsed spec, and build the struct kapi_spec a
 * kernel compiled from the same source would hold
 */
#include <stdlib.h>
#include <string.h>

#include "kapi_internal.h"

/* ------------------------------------------------------------------ */
/* the model as the kernel would hold it                               */

/*
 * A value set as source shows it: the names and what they mean, without
 * values, which only the kernel compiler knows (valued is false).
 */
static struct kapi_value_set *build_set(const struct kapi_parsed_set *ps)
{
	struct kapi_value_set *set = calloc(1, sizeof(*set));
	struct kapi_value *v = calloc(ps->n_values + 1, sizeof(*v));
	unsigned int i;

	if (!set || !v) {
		free(set);
		free(v);
		return NULL;
	}
	for (i = 0; i < ps->n_values; i++) {
		v[i].name = ps->values[i].name;
		v[i].desc = ps->values[i].desc;
	}
	set->name = ps->name;
	set->values = v;
	set->n_values = (u16)ps->n_values;
	set->kind = (u8)ps->kind;
	return set;
}

static void free_set(const struct kapi_value_set *set)
{
	if (!set)
		return;
	free((void *)set->values);
	free((void *)set);
}

/* A layout as source shows it: names, types and meanings, no offsets. */
static struct kapi_struct *build_layout(const struct kapi_parsed_layout *pl)
{
	struct kapi_struct *lo = calloc(1, sizeof(*lo));
	struct kapi_struct_field *f = calloc(pl->n_fields + 1, sizeof(*f));
	unsigned int i;

	if (!lo || !f)
		goto fail;
	lo->name = pl->name;
	lo->fields = f;
	lo->n_fields = (u16)pl->n_fields;
	for (i = 0; i < pl->n_fields; i++) {
		f[i].name = pl->fields[i].name;
		f[i].ctype = pl->fields[i].ctype;
		f[i].desc = pl->fields[i].desc;
		f[i].type = (u8)pl->fields[i].type;
		f[i].flags = (u8)pl->fields[i].flags;
		f[i].others = (u8)pl->fields[i].others;
		f[i].size_of = (s8)pl->fields[i].size_of;
		if (pl->fields[i].set) {
			f[i].set = build_set(pl->fields[i].set);
			if (!f[i].set)
				goto fail;
		}
	}
	return lo;
fail:
	for (i = 0; f && i < pl->n_fields; i++)
		free_set(f[i].set);
	free(f);
	free(lo);
	return NULL;
}

static void free_layout(const struct kapi_struct *lo)
{
	unsigned int i;

	if (!lo)
		return;
	for (i = 0; i < lo->n_fields; i++)
		free_set(lo->fields[i].set);
	free((void *)lo->fields);
	free((void *)lo);
}

/*
 * A list section of @ps as the kernel holds it: each entry's kernel
 * structure, copied (its strings stay @ps's). Always an array, one entry
 * longer than needed, as the generated headers have.
 */
static bool build_section(struct kapi_spec *s, const struct kapi_parsed_spec *ps,
			  const struct kapi_section *sec,
			  const struct kapi_parsed_section *pse)
{
	const char *from = *(char *const *)((const char *)ps + pse->array_offset);
	unsigned int i, n = *(const unsigned int *)((const char *)ps +
						   pse->count_offset);
	char *to = calloc(n + 1, sec->entry_size);

	if (!to)
		return false;
	for (i = 0; i < n; i++)
		memcpy(to + (size_t)i * sec->entry_size,
		       from + (size_t)i * pse->entry_size, sec->entry_size);
	*(char **)((char *)s + sec->array_offset) = to;
	*((u8 *)s + sec->count_offset) = n;
	return true;
}

struct kapi_spec *kapi_spec_build(const struct kapi_parsed_spec *ps,
				  const char *file)
{
	struct kapi_spec *s = calloc(1, sizeof(*s));
	struct kapi_param *params;
	unsigned int i, j;

	if (!s)
		return NULL;
	s->name = ps->name;
	s->summary = ps->summary;
	s->desc = ps->desc;
	s->examples = ps->examples;
	s->notes = ps->notes;
	s->since = ps->since;
	s->file = file;
	s->line = ps->line;
	s->kind = ps->kind;
	s->context = (u32)ps->context.value;
	s->nr = ps->kind == KAPI_KIND_SYSCALL ? kapi_syscall_nr(ps->name) : -1;
	s->n_check_order = ps->n_order;
	for (i = 0; i < ps->n_order; i++)
		s->check_order[i] = ps->order[i];

	params = calloc(ps->n_params + 1, sizeof(*params));
	s->params = params;
	if (!params) {
		kapi_spec_free(s);
		return NULL;
	}
	for (i = 0; i < KAPI_N_SECTIONS; i++) {
		if (!build_section(s, ps, &kapi_sections[i],
				   &kapi_parsed_sections[i])) {
			kapi_spec_free(s);
			return NULL;
		}
	}

	for (i = 0; i < ps->n_params; i++) {
		const struct kapi_parsed_param *pp = &ps->params[i];
		struct kapi_param *kp = &params[i];

		kp->name = pp->name;
		kp->ctype = pp->ctype;
		kp->desc = pp->desc;
		kp->valid = pp->valid;
		kp->type = pp->type;
		kp->flags = (u8)pp->flags.value;
		kp->constraint = pp->constraint;
		kp->size_param = pp->size_param;
		kp->error = pp->error;
		kp->error_above = pp->error_above;
		kp->others = (u8)pp->others;
		kp->count_param = -1;
		if (pp->set) {
			kp->set = build_set(pp->set);
			if (!kp->set) {
				s->n_params = i;
				kapi_spec_free(s);
				return NULL;
			}
		}
		if (pp->layout) {
			kp->layout = build_layout(pp->layout);
			kp->count_param = (s8)pp->count_param;
			kp->member_flags = (u8)pp->member_flags;
			if (!kp->layout) {
				s->n_params = i + 1;
				kapi_spec_free(s);
				return NULL;
			}
		}
		switch (pp->constraint) {
		/* a name only the compiler knows has no number here */
		case KAPI_CONSTRAINT_RANGE:
			kp->ext.min = pp->min.symbolic ? 0 : (s64)pp->min.value;
			kp->ext.max = pp->max.symbolic ? 0 : (s64)pp->max.value;
			kp->unknown = (pp->min.symbolic ? KAPI_UNKNOWN_FIRST : 0) |
				      (pp->max.symbolic ? KAPI_UNKNOWN_MAX : 0);
			break;
		case KAPI_CONSTRAINT_MASK:
			kp->ext.mask = pp->mask.symbolic ? 0 : pp->mask.value;
			kp->unknown = pp->mask.symbolic ? KAPI_UNKNOWN_FIRST : 0;
			break;
		case KAPI_CONSTRAINT_ALIGNMENT:
			kp->ext.align = pp->align.symbolic ? 0 : pp->align.value;
			kp->unknown = pp->align.symbolic ? KAPI_UNKNOWN_FIRST : 0;
			break;
		case KAPI_CONSTRAINT_ENUM: {
			s64 *v = calloc(pp->n_values + 1, sizeof(*v));

			if (!v) {
				s->n_params = i;
				kapi_spec_free(s);
				return NULL;
			}
			for (j = 0; j < pp->n_values; j++) {
				v[j] = pp->values[j].symbolic ? 0 :
					(s64)pp->values[j].value;
				if (pp->values[j].symbolic)
					kp->unknown = KAPI_UNKNOWN_FIRST;
			}
			kp->ext.values = v;
			kp->n_values = pp->n_values;
			break;
		}
		}
	}
	s->n_params = ps->n_params;

	for (i = 0; i < s->n_errors; i++)
		if (s->errors[i].error < KAPI_ERRNO_MAP_BITS)
			s->errno_map[s->errors[i].error / 64] |=
				1ULL << (s->errors[i].error % 64);

	s->ret.desc = ps->ret.desc;
	s->ret.type = ps->ret.type;
	s->ret.check = ps->ret.check;
	s->ret.success_min = (s64)ps->ret.min.value;
	s->ret.success_max = (s64)ps->ret.max.value;
	return s;
}

void kapi_spec_free(struct kapi_spec *spec)
{
	unsigned int i;

	if (!spec)
		return;
	for (i = 0; spec->params && i < spec->n_params; i++) {
		if (spec->params[i].constraint == KAPI_CONSTRAINT_ENUM)
			free((void *)spec->params[i].ext.values);
		free_set(spec->params[i].set);
		free_layout(spec->params[i].layout);
	}
	free((void *)spec->params);
	for (i = 0; i < KAPI_N_SECTIONS; i++)
		free(*(void **)((char *)spec + kapi_sections[i].array_offset));
	free(spec);
}
