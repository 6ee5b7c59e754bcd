// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_entry.c - the parsed entries of the list sections as memory
 *
 * An entry (struct kapi_parsed_<tag>) is the kernel's structure followed
 * by the forms fields were written in; the model's field lists say which
 * members are strings, so appending, copying and releasing an entry is
 * one walk over them, whatever the section.
 */
#include <stdlib.h>
#include <string.h>

#include "kapi_internal.h"

#define KAPI_PARSED_SECTION(arr, cnt, tag, FIELDS, rm, add, ttl) \
	{								\
		offsetof(struct kapi_parsed_spec, arr),			\
		offsetof(struct kapi_parsed_spec, cnt),			\
		sizeof(struct kapi_parsed_##tag),			\
		offsetof(struct kapi_parsed_##tag, written),		\
		offsetof(struct kapi_parsed_##tag, line),		\
	},
const struct kapi_parsed_section kapi_parsed_sections[] = {
	KAPI_SECTION_LIST(KAPI_PARSED_SECTION)
};

/* Room in a u8 count of struct kapi_spec. */
bool kapi_room(struct kapi_parser *p, unsigned int n, unsigned int line,
	       const char *what)
{
	if (n < 255)
		return true;
	if (n == 255)
		kapi_err(p, line, "too many %s (struct kapi_spec holds at most 255)",
			 what);
	return false;
}

static char **section_array(struct kapi_parsed_spec *s, unsigned int sec)
{
	return (char **)((char *)s + kapi_parsed_sections[sec].array_offset);
}

static unsigned int *section_count(struct kapi_parsed_spec *s,
				   unsigned int sec)
{
	return (unsigned int *)((char *)s +
				kapi_parsed_sections[sec].count_offset);
}

unsigned int kapi_entry_count(const struct kapi_parsed_spec *s,
			      unsigned int sec)
{
	return *section_count((struct kapi_parsed_spec *)s, sec);
}

void *kapi_entry_at(const struct kapi_parsed_spec *s, unsigned int sec,
		    unsigned int i)
{
	char *array = *section_array((struct kapi_parsed_spec *)s, sec);

	return array + (size_t)i * kapi_parsed_sections[sec].entry_size;
}

struct kapi_written *kapi_entry_written(void *entry, unsigned int sec)
{
	return (struct kapi_written *)((char *)entry +
				       kapi_parsed_sections[sec].written_offset);
}

void *kapi_entry_append(struct kapi_parsed_spec *s, unsigned int sec)
{
	size_t size = kapi_parsed_sections[sec].entry_size;
	char **array = section_array(s, sec);
	unsigned int *n = section_count(s, sec);
	char *e;

	*array = kapi_xrealloc(*array, (*n + 1) * size);
	e = *array + (size_t)*n * size;
	memset(e, 0, size);
	(*n)++;
	return e;
}

void kapi_entry_pop(struct kapi_parsed_spec *s, unsigned int sec)
{
	(*section_count(s, sec))--;
}

void kapi_entry_copy(unsigned int sec, void *dst, const void *src)
{
	const struct kapi_section *d = &kapi_sections[sec];
	struct kapi_written *w;
	unsigned int k;

	memcpy(dst, src, kapi_parsed_sections[sec].entry_size);
	for (k = 0; k < d->n_fields; k++) {
		char **str = (char **)((char *)dst + d->fields[k].offset);

		if (d->fields[k].shape == KAPI_SHAPE_STR && *str)
			*str = kapi_xstrdup(*str);
	}
	w = kapi_entry_written(dst, sec);
	for (k = 0; k < KAPI_MAX_WRITTEN; k++)
		if (w[k].text)
			w[k].text = kapi_xstrdup(w[k].text);
}

void kapi_entry_release(unsigned int sec, void *entry)
{
	const struct kapi_section *d = &kapi_sections[sec];
	struct kapi_written *w = kapi_entry_written(entry, sec);
	unsigned int k;

	for (k = 0; k < d->n_fields; k++)
		if (d->fields[k].shape == KAPI_SHAPE_STR)
			free((char *)kapi_field_str(entry, &d->fields[k]));
	for (k = 0; k < KAPI_MAX_WRITTEN; k++)
		free(w[k].text);
}

void kapi_set_written(struct kapi_written *w, const char *member, char *text,
		      unsigned int line)
{
	unsigned int i;

	for (i = 0; i < KAPI_MAX_WRITTEN && w[i].member; i++)
		if (!strcmp(w[i].member, member))
			break;
	if (i == KAPI_MAX_WRITTEN) {
		free(text);
		return;
	}
	if (w[i].member)
		free(w[i].text);
	w[i].member = member;
	w[i].text = text;
	w[i].line = line;
}

const struct kapi_written *kapi_written(const struct kapi_written *w,
					const char *member)
{
	unsigned int i;

	for (i = 0; i < KAPI_MAX_WRITTEN && w[i].member; i++)
		if (!strcmp(w[i].member, member))
			return &w[i];
	return NULL;
}

static void free_expr(struct kapi_expr *e)
{
	free(e->text);
}

/* The parsed entries of list section @sec and their strings. */
static void free_section(struct kapi_parsed_spec *s, unsigned int sec)
{
	unsigned int i, n = kapi_entry_count(s, sec);

	char **array = (char **)((char *)s +
				 kapi_parsed_sections[sec].array_offset);

	for (i = 0; *array && i < n; i++)
		kapi_entry_release(sec, kapi_entry_at(s, sec, i));
	free(*array);
	*array = NULL;
	*(unsigned int *)((char *)s + kapi_parsed_sections[sec].count_offset) = 0;
}

void kapi_parsed_spec_free(struct kapi_parsed_spec *s)
{
	unsigned int i, j;

	for (i = 0; i < s->n_params; i++) {
		struct kapi_parsed_param *pp = &s->params[i];

		free(pp->name);
		free(pp->ctype);
		free(pp->desc);
		free(pp->valid);
		free(pp->error_name);
		free(pp->error_above_name);
		free(pp->set_name);
		free(pp->layout_name);
		free(pp->count_name);
		for (j = 0; j < pp->n_fd_modes; j++) {
			free(pp->fd_modes[j].mode);
			free(pp->fd_modes[j].error_name);
		}
		free_expr(&pp->flags);
		free_expr(&pp->min);
		free_expr(&pp->max);
		free_expr(&pp->mask);
		free_expr(&pp->align);
		for (j = 0; j < pp->n_values; j++)
			free_expr(&pp->values[j]);
		free(pp->values);
	}
	free(s->params);
	for (i = 0; i < s->n_unreturned; i++) {
		free(s->unreturned[i].name);
		free(s->unreturned[i].reason);
	}
	free(s->unreturned);
	for (i = 0; i < KAPI_N_SECTIONS; i++)
		free_section(s, i);
	free(s->ret.desc);
	free(s->ret.ctype);
	free_expr(&s->ret.min);
	free_expr(&s->ret.max);
	free_expr(&s->context);
	free(s->name);
	free(s->doc_name);
	free(s->ident);
	free(s->summary);
	free(s->desc);
	free(s->examples);
	free(s->notes);
	free(s->since);
	memset(s, 0, sizeof(*s));
}

const struct kapi_parsed_error *
kapi_error_listed(const struct kapi_parsed_spec *s, const char *name,
		  const char *variant)
{
	unsigned int i;

	for (i = 0; i < s->n_errors; i++) {
		const struct kapi_written *w =
			kapi_written(s->errors[i].written, "variant");

		/* the entry being read has no name yet */
		if (s->errors[i].k.name &&
		    !strcmp(s->errors[i].k.name, name) &&
		    (variant ? w && !strcmp(variant, w->text) : !w))
			return &s->errors[i];
	}
	return NULL;
}
