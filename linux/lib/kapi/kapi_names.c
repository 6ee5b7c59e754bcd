// SPDX-License-Identifier: GPL-2.0
/*
 * Names of the values in the kernel API specification data model.
 *
 * The renderers, debugfs and tools/kapi all print these, so they live in
 * one place. This file depends on nothing but kernel_api_spec.h so that
 * host programs can compile it too.
 */
#include <linux/kernel_api_spec.h>
#include <linux/kapi_names.h>

#ifdef __KERNEL__
#include <linux/build_bug.h>
#include <linux/array_size.h>
#else
#include <assert.h>
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

#define KAPI_NAME_OF_ENUM	KAPI_EM_NAME
#define KAPI_NAME_OF_BITS	KAPI_EM_BITNAME

/*
 * One table per list of kapi_model.h, indexed by value (or bit number);
 * the assertion catches a list whose count constant was left behind.
 */
#define KAPI_NAMES(tok, LIST, shape, prefix, nr)			\
	static const char *const kapi_##tok##_list[] = {		\
		LIST(KAPI_NAME_OF_##shape, KAPI_NAME_OF_##shape)	\
	};								\
	static_assert(ARRAY_SIZE(kapi_##tok##_list) == (nr),		\
		      "a name for every value of " #LIST);		\
	const struct kapi_names kapi_##tok##_names = {			\
		.names = kapi_##tok##_list,				\
		.count = ARRAY_SIZE(kapi_##tok##_list),			\
	};
KAPI_VALUE_LISTS(KAPI_NAMES)

const char *kapi_name(const struct kapi_names *t, unsigned int value)
{
	if (value >= t->count)
		return "unknown";
	return t->names[value];
}
