/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Names of enum values and flag bits of the kernel API specification data
 * model, shared by the kernel's renderers and tools/kapi.
 */
#ifndef _KERNEL_API_KAPI_NAMES_H
#define _KERNEL_API_KAPI_NAMES_H

/**
 * struct kapi_names - names of an enum's values, or of a flag set's bits
 * @names: @count names, indexed by value (enum) or bit number (flags)
 * @count: number of entries in @names
 */
struct kapi_names {
	const char *const *names;
	unsigned int count;
};

extern const struct kapi_names kapi_kind_names;
extern const struct kapi_names kapi_ctx_names;
extern const struct kapi_names kapi_type_names;
extern const struct kapi_names kapi_param_flag_names;
extern const struct kapi_names kapi_constraint_names;
extern const struct kapi_names kapi_return_check_names;
extern const struct kapi_names kapi_lock_kind_names;
extern const struct kapi_names kapi_tristate_names;
extern const struct kapi_names kapi_signal_direction_names;
extern const struct kapi_names kapi_signal_action_names;
extern const struct kapi_names kapi_signal_timing_names;
extern const struct kapi_names kapi_effect_names;
extern const struct kapi_names kapi_cap_kind_names;
extern const struct kapi_names kapi_item_kind_names;

/* The name of @value in @t, or "unknown" when it is out of range. */
const char *kapi_name(const struct kapi_names *t, unsigned int value);

#endif /* _KERNEL_API_KAPI_NAMES_H */
