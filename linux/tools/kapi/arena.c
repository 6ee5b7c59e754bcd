// SPDX-License-Identifier: GPL-2.0
/*
 * The arena: a list of zeroed chunks, one per allocation, freed together.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "main.h"

struct kapi_chunk {
	struct kapi_chunk *next;
	max_align_t data[];
};

static void __noreturn out_of_memory(void)
{
	/* nothing sensible to do without memory: say so and stop */
	fprintf(stderr, "kapi: out of memory\n");
	exit(KAPI_EXIT_INTERNAL);
}

void *arena_alloc(struct kapi_arena *a, size_t n)
{
	struct kapi_chunk *c;

	if (n > SIZE_MAX - sizeof(*c))
		out_of_memory();
	c = calloc(1, sizeof(*c) + n);
	if (!c)
		out_of_memory();
	c->next = a->head;
	a->head = c;
	return c->data;
}

char *arena_strndup(struct kapi_arena *a, const char *s, size_t n)
{
	char *d = arena_alloc(a, n + 1);

	return memcpy(d, s, n);
}

char *arena_strdup(struct kapi_arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

char *arena_vprintf(struct kapi_arena *a, const char *fmt, va_list ap)
{
	char *tmp, *s;

	if (vasprintf(&tmp, fmt, ap) < 0)
		out_of_memory();
	s = arena_strdup(a, tmp);
	free(tmp);
	return s;
}

char *arena_printf(struct kapi_arena *a, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = arena_vprintf(a, fmt, ap);
	va_end(ap);
	return s;
}

void *arena_grow(struct kapi_arena *a, void *v, size_t size, size_t need,
		 unsigned int *cap)
{
	size_t n = *cap ? *cap : 8;
	void *w;

	if (need <= *cap)
		return v;
	while (n < need)
		n *= 2;
	if (n > UINT_MAX || n > SIZE_MAX / size)
		out_of_memory();
	w = arena_alloc(a, n * size);
	if (*cap)
		memcpy(w, v, *cap * size);
	*cap = n;
	return w;
}

void arena_free(struct kapi_arena *a)
{
	struct kapi_chunk *c, *next;

	for (c = a->head; c; c = next) {
		next = c->next;
		free(c);
	}
	a->head = NULL;
}
