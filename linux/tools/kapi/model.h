/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tool's model: a set of struct kapi_spec (the kernel's own data model,
 * <linux/kernel_api_spec.h>) read from one origin. Every reader produces
 * the same thing, so printers and diff never know where a spec came from.
 */
#ifndef KAPI_TOOL_MODEL_H
#define KAPI_TOOL_MODEL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include <linux/kernel_api_spec.h>

#include "arena.h"
#include "compiler.h"

enum kapi_origin_kind {
	KAPI_ORIGIN_SOURCE,
	KAPI_ORIGIN_VMLINUX,
	KAPI_ORIGIN_DEBUGFS,
};

struct kapi_origin {
	enum kapi_origin_kind kind;
	const char *path;
};

struct kapi_set {
	struct kapi_origin origin;
	/*
	 * Whose numbers its errnos are (enum kapi_errno_abi): a vmlinux's
	 * ELF machine's, else --arch's or the running kernel's
	 */
	int errno_abi;
	const struct kapi_spec **specs;	/* sorted by name, names unique */
	unsigned int n;
	unsigned int cap;
	struct kapi_arena arena;
};

/*
 * After a reader: sort by name and refuse an empty set or a name given
 * twice; returns a KAPI_EXIT_* code, messages on stderr.
 */
int kapi_set_finish(struct kapi_set *set);
void kapi_set_free(struct kapi_set *set);
void kapi_set_add(struct kapi_set *set, const struct kapi_spec *spec);
const struct kapi_spec *kapi_set_find(const struct kapi_set *set,
				      const char *name);

/*
 * How a reader turns the pointers stored in a spec into memory. In a spec
 * read out of an ELF file they are addresses in that file; in a spec built
 * in memory they are plain pointers. Both return memory that stays valid
 * while the reader runs, or NULL with a reason in @why.
 */
struct kapi_resolver {
	const void *(*array)(struct kapi_resolver *r, const void *addr,
			     size_t size, size_t n);
	const char *(*string)(struct kapi_resolver *r, const char *addr);
	char why[256];
};

/* A resolver for specs whose pointers are real pointers. */
extern struct kapi_resolver kapi_memory_resolver;

/*
 * kapi_spec_import() - deep-copy @raw into @a, resolving every pointer
 * with @r. This is the one place that knows which fields of the data model
 * are pointers. Returns NULL and fills @err when a pointer cannot be
 * resolved or a value cannot be valid (a bool that is neither 0 nor 1).
 */
const struct kapi_spec *kapi_spec_import(struct kapi_arena *a,
					 const struct kapi_spec *raw,
					 struct kapi_resolver *r,
					 char *err, size_t errlen);

/* errno_map as the generator computes it from the errors list. */
void kapi_errno_map_compute(const struct kapi_spec *spec,
			    u64 map[KAPI_ERRNO_MAP_BITS / 64]);

#endif /* KAPI_TOOL_MODEL_H */
