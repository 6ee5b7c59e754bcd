/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Comparing two sets of specs: the list of what changed, each change
 * classified as compatible or incompatible for callers of the API. The
 * rules are in compare.c and documented in Documentation/kapi.rst.
 */
#ifndef KAPI_TOOL_COMPARE_H
#define KAPI_TOOL_COMPARE_H

#include "model.h"

enum kapi_change_level {
	KAPI_COMPATIBLE = 1,
	KAPI_INCOMPATIBLE = 2,
};

enum kapi_change_kind {
	KAPI_CHANGE_ADDED,
	KAPI_CHANGE_REMOVED,
	KAPI_CHANGE_CHANGED,
	KAPI_CHANGE_NARROWED,	/* accepts or promises fewer values */
	KAPI_CHANGE_WIDENED,	/* accepts or promises more values */
};

struct kapi_change {
	const char *spec;
	const char *field;	/* JSON path, "params[1].constraint"; NULL: spec */
	enum kapi_change_kind kind;
	enum kapi_change_level level;
	const char *detail;	/* "bits 0x2 removed", or NULL */
	const char *old_val;	/* NULL when added or not shown */
	const char *new_val;	/* NULL when removed or not shown */
};

struct kapi_changes {
	struct kapi_change *v;
	unsigned int n;
	unsigned int cap;
	struct kapi_arena arena;
};

/* Every difference between @old and @new, in spec name order. */
void kapi_compare(const struct kapi_set *old, const struct kapi_set *new,
		  struct kapi_changes *out);
void kapi_changes_free(struct kapi_changes *c);
/* 0 for no change, else the highest enum kapi_change_level. */
int kapi_changes_level(const struct kapi_changes *c);

const char *kapi_change_kind_name(enum kapi_change_kind kind);
const char *kapi_change_level_name(int level);

#endif /* KAPI_TOOL_COMPARE_H */
