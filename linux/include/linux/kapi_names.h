/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Names of enum values and flag bits of the kernel API specification data
 * model, shared by the kernel's renderers and tools/kapi.
 */
#ifndef _LINUX_KAPI_NAMES_H
#define _LINUX_KAPI_NAMES_H

#include <linux/kernel_api_spec.h>

/**
 * struct kapi_names - names of an enum's values, or of a flag set's bits
 * @names: @count names, indexed by value (enum) or bit number (flags)
 * @count: number of entries in @names
 */
struct kapi_names {
	const char *const *names;
	unsigned int count;
};

#define KAPI_NAMES_DECL(tok, LIST, shape, prefix, nr)		\
	extern const struct kapi_names kapi_##tok##_names;
KAPI_VALUE_LISTS(KAPI_NAMES_DECL)

struct seq_buf;

/* Words for flags and a parameter's constraint (render_text.c). */
void kapi_render_flags(struct seq_buf *s, const struct kapi_names *names,
		       u32 bits);
void kapi_render_constraint(struct seq_buf *s, const struct kapi_param *p);

/* The name of @value in @t, or "unknown" when it is out of range. */
const char *kapi_name(const struct kapi_names *t, unsigned int value);

#endif /* _LINUX_KAPI_NAMES_H */
