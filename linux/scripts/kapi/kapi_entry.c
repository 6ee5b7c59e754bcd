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
