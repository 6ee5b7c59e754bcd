/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tool's one allocator: an arena that owns everything a command reads
 * and makes, freed in one go. Running out of memory ends the program with
 * KAPI_EXIT_INTERNAL, so no caller checks for NULL.
 */
#ifndef KAPI_TOOL_ARENA_H
#define KAPI_TOOL_ARENA_H

#include <stdarg.h>
#include <stddef.h>

#include "compiler.h"

struct kapi_arena {
	struct kapi_chunk *head;
};

void *arena_alloc(struct kapi_arena *a, size_t n);	/* zeroed */
char *arena_strdup(struct kapi_arena *a, const char *s);
char *arena_strndup(struct kapi_arena *a, const char *s, size_t n);
char *arena_printf(struct kapi_arena *a, const char *fmt, ...) __printf(2, 3);
char *arena_vprintf(struct kapi_arena *a, const char *fmt, va_list ap)
	__printf(2, 0);
void arena_free(struct kapi_arena *a);

/*
 * Room for @need elements of @size bytes in the array @v of capacity
 * *@cap: @v itself, or a zeroed copy at least twice as large (the old
 * block stays in the arena until it is freed).
 */
void *arena_grow(struct kapi_arena *a, void *v, size_t size, size_t need,
		 unsigned int *cap);

/* Append a zeroed element to array @v of @n elements; returns it. */
#define arena_push(a, v, n, cap) ({					\
	__auto_type __v = &(v);						\
	__auto_type __n = &(n);						\
									\
	*__v = arena_grow((a), *__v, sizeof(**__v), *__n + 1, &(cap));	\
	&(*__v)[(*__n)++];						\
})

#endif /* KAPI_TOOL_ARENA_H */
