// SPDX-License-Identifier: GPL-2.0
/*
 * Names of the values in the kernel API specification data model.
 *
 * The renderers, debugfs and tools/kapi all print these, so they live in
 * one place. This file depends on nothing but kernel_api_spec.h so that
 * host programs can compile it too.
 */
#include <linux/kernel_api_spec.h>
#include "kapi_names.h"

#ifdef __KERNEL__
#include <linux/build_bug.h>
#include <linux/array_size.h>
#else
#include <assert.h>
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

/*
 * One table per list of kapi_model.h, indexed by value (or bit number);
 * the assertion catches a list whose count constant was left behind.
 */
#define KAPI_NAMES(ident, LIST, EM, nr)				\
	static const char *const ident##_list[] = {			\
		LIST(EM, EM)						\
	};								\
	static_assert(ARRAY_SIZE(ident##_list) == (nr));		\
	const struct kapi_names ident = {				\
		.names = ident##_list,					\
		.count = ARRAY_SIZE(ident##_list),			\
	}

KAPI_NAMES(kapi_kind_names, KAPI_KIND_LIST, KAPI_EM_NAME, KAPI_KIND_COUNT);
KAPI_NAMES(kapi_ctx_names, KAPI_CTX_LIST, KAPI_EM_BITNAME, KAPI_CTX_COUNT);
KAPI_NAMES(kapi_type_names, KAPI_TYPE_LIST, KAPI_EM_NAME, KAPI_TYPE_COUNT);
KAPI_NAMES(kapi_param_flag_names, KAPI_PARAM_FLAG_LIST, KAPI_EM_BITNAME,
	   KAPI_PARAM_FLAG_COUNT);
KAPI_NAMES(kapi_constraint_names, KAPI_CONSTRAINT_LIST, KAPI_EM_NAME,
	   KAPI_CONSTRAINT_COUNT);
KAPI_NAMES(kapi_return_check_names, KAPI_RETURN_LIST, KAPI_EM_NAME,
	   KAPI_RETURN_COUNT);
KAPI_NAMES(kapi_lock_kind_names, KAPI_LOCK_LIST, KAPI_EM_NAME,
	   KAPI_LOCK_COUNT);
KAPI_NAMES(kapi_tristate_names, KAPI_TRISTATE_LIST, KAPI_EM_NAME,
	   KAPI_TRISTATE_COUNT);
KAPI_NAMES(kapi_signal_direction_names, KAPI_SIGNAL_DIRECTION_LIST,
	   KAPI_EM_NAME, KAPI_SIGNAL_DIRECTION_COUNT);
KAPI_NAMES(kapi_signal_action_names, KAPI_SIGNAL_ACTION_LIST, KAPI_EM_NAME,
	   KAPI_SIGNAL_ACTION_COUNT);
KAPI_NAMES(kapi_signal_timing_names, KAPI_SIGNAL_TIMING_LIST, KAPI_EM_NAME,
	   KAPI_SIGNAL_TIME_COUNT);
KAPI_NAMES(kapi_effect_names, KAPI_EFFECT_LIST, KAPI_EM_BITNAME,
	   KAPI_EFFECT_COUNT);
KAPI_NAMES(kapi_cap_kind_names, KAPI_CAP_KIND_LIST, KAPI_EM_NAME,
	   KAPI_CAP_KIND_COUNT);
KAPI_NAMES(kapi_item_kind_names, KAPI_ITEM_KIND_LIST, KAPI_EM_NAME,
	   KAPI_ITEM_KIND_COUNT);

const char *kapi_name(const struct kapi_names *t, unsigned int value)
{
	if (value >= t->count)
		return "unknown";
	return t->names[value];
}
