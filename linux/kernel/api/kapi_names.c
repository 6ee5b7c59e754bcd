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
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

#define KAPI_NAMES(ident, ...)						\
	static const char *const ident##_list[] = { __VA_ARGS__ };	\
	const struct kapi_names ident = {				\
		.names = ident##_list,					\
		.count = ARRAY_SIZE(ident##_list),			\
	}

KAPI_NAMES(kapi_kind_names, "function", "syscall", "ioctl");

KAPI_NAMES(kapi_ctx_names, "process", "softirq", "hardirq", "nmi", "atomic",
	   "sleepable", "preempt-disabled", "irq-disabled");

KAPI_NAMES(kapi_type_names, "void", "int", "uint", "ptr", "struct", "union",
	   "enum", "func-ptr", "array", "fd", "user-ptr", "path", "custom");

KAPI_NAMES(kapi_param_flag_names, "in", "out", "user", "optional", "const");

KAPI_NAMES(kapi_constraint_names, "none", "range", "mask", "enum",
	   "alignment", "power-of-two", "user-ptr", "buffer", "user-string",
	   "user-path", "fd", "custom");

KAPI_NAMES(kapi_return_check_names, "none", "exact", "range", "error-check",
	   "fd", "custom", "no-return");

KAPI_NAMES(kapi_lock_kind_names, "none", "mutex", "spinlock", "rwlock",
	   "seqlock", "rcu", "semaphore", "custom");

KAPI_NAMES(kapi_tristate_names, "no", "yes", "conditional");

KAPI_NAMES(kapi_signal_direction_names, "receive", "send", "handle", "block",
	   "ignore");

KAPI_NAMES(kapi_signal_action_names, "default", "terminate", "coredump",
	   "stop", "continue", "custom", "return", "restart");

KAPI_NAMES(kapi_signal_timing_names, "any", "before", "during", "after");

KAPI_NAMES(kapi_effect_names, "modify-state", "process-state", "irreversible",
	   "schedule", "filesystem", "hardware", "alloc-memory", "free-memory",
	   "signal-send", "file-position", "lock-acquire", "lock-release",
	   "resource-create", "resource-destroy", "network");

KAPI_NAMES(kapi_cap_kind_names, "bypass-check", "increase-limit",
	   "override-restriction", "grant-permission", "modify-behavior",
	   "access-resource", "perform-operation");

KAPI_NAMES(kapi_item_kind_names, "behavior", "constraint-of-use");

const char *kapi_name(const struct kapi_names *t, unsigned int value)
{
	if (value >= t->count)
		return "unknown";
	return t->names[value];
}
