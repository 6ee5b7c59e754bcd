/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Machine-readable specifications of kernel APIs.
 *
 * One data model for the kernel (registry, runtime checks, debugfs) and for
 * host programs (the kernel-doc generator in scripts/kapi and tools/kapi,
 * which reads specs straight out of vmlinux). Everything is const and
 * pointer based: strings live once in .rodata, arrays are exactly as long
 * as their content, and a spec that does not use a feature pays one NULL
 * pointer and a zero count for it.
 *
 * The enum values below are ABI for tools/kapi's vmlinux reader: append,
 * never renumber.
 */
#ifndef _LINUX_KERNEL_API_SPEC_H
#define _LINUX_KERNEL_API_SPEC_H

#ifdef __KERNEL__
#include <linux/bits.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#else
#include <errno.h>
#include <stdint.h>
#include <stdbool.h>
typedef uint8_t u8;
typedef int8_t s8;
typedef uint16_t u16;
typedef int16_t s16;
typedef uint32_t u32;
typedef int32_t s32;
typedef uint64_t u64;
typedef int64_t s64;
#ifndef BIT
#define BIT(nr) (1UL << (nr))
#endif
#endif

/* quoted: host programs include this header by path, without -I include */
#include "kapi_model.h"

/*
 * Bumped when the layout of any structure below changes. The kernel
 * records it in the symbol kapi_spec_version, which tools/kapi checks
 * before it reads a single spec out of an image.
 */
#define KAPI_SPEC_VERSION	15

/* At most this many parameters in a check-order: list. */
#define KAPI_MAX_CHECK_ORDER	16

KAPI_DEFINE_ENUM(kapi_kind, KAPI_KIND_LIST, KAPI_KIND_COUNT);

/* Execution contexts an API may be called from (context-flags:). */
KAPI_DEFINE_BITS(kapi_ctx, KAPI_CTX_LIST, KAPI_CTX_COUNT);

KAPI_DEFINE_ENUM(kapi_type, KAPI_TYPE_LIST, KAPI_TYPE_COUNT);

/* Direction and provenance of a parameter (flags:). */
KAPI_DEFINE_BITS(kapi_param_flag, KAPI_PARAM_FLAG_LIST, KAPI_PARAM_FLAG_COUNT);
#define KAPI_PARAM_INOUT	(KAPI_PARAM_IN | KAPI_PARAM_OUT)

/* kapi_param.unknown: which numbers of a constraint are names only */
#define KAPI_UNKNOWN_FIRST	0x1	/* min, mask, align or the enum values */
#define KAPI_UNKNOWN_MAX	0x2

/*
 * RANGE: min <= v <= max (signed); MASK: (v & ~mask) == 0; ENUM: v is one
 * of values[]; ALIGNMENT: v % align == 0; USER_PTR: access_ok(); BUFFER: a
 * user buffer sized by another parameter; USER_STRING: NUL-terminated;
 * USER_PATH: at most PATH_MAX; FD: an open descriptor (or AT_FDCWD if
 * allowed); CUSTOM: described in prose only.
 */
KAPI_DEFINE_ENUM(kapi_constraint_kind, KAPI_CONSTRAINT_LIST,
		 KAPI_CONSTRAINT_COUNT);

KAPI_DEFINE_ENUM(kapi_set_kind, KAPI_SET_KIND_LIST, KAPI_SET_KIND_COUNT);

KAPI_DEFINE_ENUM(kapi_others, KAPI_OTHERS_LIST, KAPI_OTHERS_COUNT);

/**
 * struct kapi_value - one named value of a value set
 * @name: the kernel's name for it ("O_CREAT")
 * @desc: what it means
 * @value: the value the kernel compiler gave @name
 */
struct kapi_value {
	const char *name;
	const char *desc;
	s64 value;
};

/**
 * struct kapi_value_set - the named values a parameter takes (value-set:)
 * @name: the set's name ("open_flags"), shared by the parameters using it
 * @values: @n_values values, in annotation order
 * @n_values: see @values
 * @kind: &enum kapi_set_kind: bits that combine, or one value of the list
 * @valued: whether kapi_value::value holds the compiler's value; false in
 *	a spec read from source, which knows the names only
 */
struct kapi_value_set {
	const char *name;
	const struct kapi_value *values;
	u16 n_values;
	u8 kind;
	bool valued;
};

/**
 * struct kapi_struct_field - one member of a structure in user memory
 * @name: the member's name ("flags")
 * @ctype: its C type as the annotation wrote it ("__u64")
 * @desc: what it holds
 * @set: the named values it takes, or NULL
 * @offset: offsetof() the member, as the compiler laid it out
 * @size: sizeof() the member
 * @type: &enum kapi_type, from @ctype
 * @flags: KAPI_PARAM_IN/OUT: for a pointer member, which way the memory
 *	it points to is used
 * @others: &enum kapi_others, for values outside @set
 * @size_of: index of the member whose size in bytes this one holds, -1
 */
struct kapi_struct_field {
	const char *name;
	const char *ctype;
	const char *desc;
	const struct kapi_value_set *set;
	u32 offset;
	u32 size;
	u8 type;
	u8 flags;
	u8 others;
	s8 size_of;
};

/**
 * struct kapi_struct - the layout of a structure a parameter points to
 * @name: the structure's tag ("open_how" for struct open_how)
 * @fields: @n_fields members, in memory order
 * @size: sizeof() the structure
 * @n_fields: see @fields
 * @laid_out: whether @size and the members' offsets and sizes hold the
 *	compiler's; false in a spec read from source
 */
struct kapi_struct {
	const char *name;
	const struct kapi_struct_field *fields;
	u32 size;
	u16 n_fields;
	bool laid_out;
};

/*
 * One parameter of an API: the members of KAPI_PARAM_FIELDS
 * (<linux/kapi_model.h> says what each holds), then the structured ones:
 * @n_values, the number of entries in @ext.values (%KAPI_CONSTRAINT_ENUM);
 * @unknown, KAPI_UNKNOWN_* bits, the numbers of @ext that only the
 * compiler knows (a spec read from source has names there, such as
 * KMALLOC_MAX_SIZE, and no value; always 0 in a built kernel); @ext, the
 * bounds of the constraint, one per kind (min and max of a range, mask,
 * align, the allowed values of an enum); @set, the named values the
 * parameter takes (values:) or NULL; @layout, the structure (or array of
 * them) this pointer points to (struct:) or NULL. The strings come first
 * and the small scalars last, so that no padding falls between them.
 */
struct kapi_param {
	KAPI_PARAM_FIELDS(KAPI_EM_PTR_MEMBER)
	union {
		struct {
			s64 min;
			s64 max;
		};
		u64 mask;
		u64 align;
		const s64 *values;
	} ext;
	const struct kapi_value_set *set;
	const struct kapi_struct *layout;
	KAPI_PARAM_FIELDS(KAPI_EM_SCALAR_MEMBER)
	u16 n_values;
	u8 unknown;
};

/*
 * EXACT: success is exactly success_min; RANGE: in [success_min,
 * success_max]; ERROR_CHECK: 0 on success, listed errnos otherwise; FD: a
 * new descriptor; NO_RETURN: does not return on success.
 */
KAPI_DEFINE_ENUM(kapi_return_check, KAPI_RETURN_LIST, KAPI_RETURN_COUNT);

/**
 * struct kapi_return - what an API returns
 * @desc: prose (desc:)
 * @success_min: smallest successful value
 * @success_max: largest successful value
 * @type: &enum kapi_type
 * @check: &enum kapi_return_check
 */
struct kapi_return {
	const char *desc;
	s64 success_min;
	s64 success_max;
	u8 type;
	u8 check;
};

/* Where a listed errno comes from (origin:); none: the core. */
KAPI_DEFINE_BITS(kapi_errno_origin, KAPI_FROM_LIST, KAPI_FROM_COUNT);

KAPI_DEFINE_STRUCT(kapi_error, KAPI_ERROR_FIELDS);

KAPI_DEFINE_ENUM(kapi_lock_kind, KAPI_LOCK_LIST, KAPI_LOCK_COUNT);

/* Whether a lock is taken or dropped by the API (acquired:, released:). */
KAPI_DEFINE_ENUM(kapi_tristate, KAPI_TRISTATE_LIST, KAPI_TRISTATE_COUNT);

KAPI_DEFINE_STRUCT(kapi_lock, KAPI_LOCK_FIELDS);

KAPI_DEFINE_ENUM(kapi_signal_direction, KAPI_SIGNAL_DIRECTION_LIST,
		 KAPI_SIGNAL_DIRECTION_COUNT);

KAPI_DEFINE_ENUM(kapi_signal_action, KAPI_SIGNAL_ACTION_LIST,
		 KAPI_SIGNAL_ACTION_COUNT);

KAPI_DEFINE_ENUM(kapi_signal_timing, KAPI_SIGNAL_TIMING_LIST,
		 KAPI_SIGNAL_TIME_COUNT);

KAPI_DEFINE_STRUCT(kapi_signal, KAPI_SIGNAL_FIELDS);

/* Kinds of side effect, combinable (side-effect:). */
KAPI_DEFINE_BITS(kapi_effect_kind, KAPI_EFFECT_LIST, KAPI_EFFECT_COUNT);
#define KAPI_EFFECT_NONE	0U

KAPI_DEFINE_STRUCT(kapi_effect, KAPI_EFFECT_FIELDS);

KAPI_DEFINE_STRUCT(kapi_transition, KAPI_TRANSITION_FIELDS);

KAPI_DEFINE_ENUM(kapi_cap_kind, KAPI_CAP_KIND_LIST, KAPI_CAP_KIND_COUNT);

KAPI_DEFINE_STRUCT(kapi_capability, KAPI_CAPABILITY_FIELDS);

KAPI_DEFINE_STRUCT(kapi_constraint, KAPI_CONSTRAINT_FIELDS);

KAPI_DEFINE_STRUCT(kapi_variant, KAPI_VARIANT_FIELDS);

KAPI_DEFINE_ENUM(kapi_item_kind, KAPI_ITEM_KIND_LIST, KAPI_ITEM_KIND_COUNT);

/*
 * Numbered behaviours and constraints of use are numbered from 1 each; the
 * "c" of a constraint of use keeps the two apart, so an ID names one item.
 * Format IDs with KAPI_ITEM_ID_FMT.
 */
KAPI_DEFINE_STRUCT(kapi_item, KAPI_ITEM_FIELDS);

/* printf(KAPI_ITEM_ID_FMT, name, kapi_item_id_prefix(it), it->number) */
#define KAPI_ITEM_ID_FMT	"%s.%s%u"

static inline const char *kapi_item_id_prefix(const struct kapi_item *it)
{
	return it->kind == KAPI_ITEM_CONSTRAINT_OF_USE ? "c" : "";
}

/* Errnos up to this value have a bit in struct kapi_spec::errno_map. */
#define KAPI_ERRNO_MAP_BITS	192

/**
 * struct kapi_spec - the specification of one API
 * @name: function or syscall name ("read", "read_mem")
 * @summary: one line (the kernel-doc purpose)
 * @desc: longer description (long-desc:), or NULL
 * @examples: examples:, or NULL
 * @notes: notes:, or NULL
 * @since: since-version:, or NULL
 * @file: source file the spec was generated from, or NULL
 * @params: @n_params parameters, in prototype order
 * @errors: @n_errors errors, in annotation order
 * @locks: @n_locks locks
 * @signals: @n_signals signal interactions
 * @side_effects: @n_side_effects side effects
 * @state_transitions: @n_state_transitions state transitions
 * @capabilities: @n_capabilities capabilities
 * @constraints: @n_constraints constraints
 * @variants: @n_variants commands of a multiplexed call, told apart by
 *	the parameter flagged %KAPI_PARAM_SELECTOR
 * @items: @n_items numbered behaviours and constraints of use
 * @ret: the return value
 * @errno_map: bit e set when errno e (< %KAPI_ERRNO_MAP_BITS) is listed,
 *	so checking a returned errno is a couple of instructions
 * @context: KAPI_CTX_* bits
 * @line: line of the kernel-doc comment in @file
 * @nr: syscall number on this architecture, -1 if not a syscall
 * @kind: &enum kapi_kind
 * @n_params: see @params
 * @n_errors: see @errors
 * @n_locks: see @locks
 * @n_signals: see @signals
 * @n_side_effects: see @side_effects
 * @n_state_transitions: see @state_transitions
 * @n_capabilities: see @capabilities
 * @n_constraints: see @constraints
 * @n_variants: see @variants
 * @n_items: see @items
 * @n_check_order: entries in @check_order
 * @check_order: the parameters (indices) in the order the kernel checks
 *	them (check-order:), the others after them in prototype order; enforce
 *	mode refuses a call for its first bad argument in that order
 */
struct kapi_spec {
	const char *name;
	const char *summary;
	const char *desc;
	const char *examples;
	const char *notes;
	const char *since;
	const char *file;
	const struct kapi_param *params;
	const struct kapi_error *errors;
	const struct kapi_lock *locks;
	const struct kapi_signal *signals;
	const struct kapi_effect *side_effects;
	const struct kapi_transition *state_transitions;
	const struct kapi_capability *capabilities;
	const struct kapi_constraint *constraints;
	const struct kapi_variant *variants;
	const struct kapi_item *items;
	struct kapi_return ret;
	u64 errno_map[KAPI_ERRNO_MAP_BITS / 64];
	u32 context;
	u32 line;
	s16 nr;
	u8 kind;
	u8 n_params;
	u8 n_errors;
	u8 n_locks;
	u8 n_signals;
	u8 n_side_effects;
	u8 n_state_transitions;
	u8 n_capabilities;
	u8 n_constraints;
	u8 n_variants;
	u8 n_items;
	u8 n_check_order;
	u8 check_order[KAPI_MAX_CHECK_ORDER];
};

/* Helpers for writing (or generating) a spec in C. */
#define KAPI_ARRAY(field, a)	.field = (a), .n_##field = sizeof(a) / sizeof((a)[0])
/* Word @w of errno_map for errno @e: OR one per listed errno per word. */
#define KAPI_ERRNO_BIT(w, e)	\
	(((e) / 64 == (w)) ? 1ULL << ((e) % 64) : 0ULL)

/*
 * kapi_errno_listed() - does @spec list errno @err (positive)?
 *
 * Used on the syscall return path, hence the bitmap rather than a scan.
 * Errnos are the architecture's: past the map are the kernel-internal
 * codes (512 and up) and a few of mips (EDQUOT is 1133) and parisc
 * (ENOTRECOVERABLE is 255), found in @spec->errors.
 */
static inline bool kapi_errno_listed(const struct kapi_spec *spec, long err)
{
	unsigned int i;

	if (err <= 0)
		return false;
	if (err < KAPI_ERRNO_MAP_BITS)
		return spec->errno_map[err / 64] & (1ULL << (err % 64));
	for (i = 0; i < spec->n_errors; i++)
		if (spec->errors[i].error == err)
			return true;
	return false;
}

/*
 * kapi_param_errno() - the negative errno enforce mode refuses a bad @p
 * with: its error:, else its kind's (EBADF for a descriptor, EFAULT for
 * user memory, EINVAL otherwise). The run-time checks and kapi probe's
 * prediction of them both use this.
 */
static inline long kapi_param_errno(const struct kapi_param *p)
{
	if (p->error)
		return -p->error;
	if (p->type == KAPI_TYPE_FD)
		return -EBADF;
	if (p->type == KAPI_TYPE_USER_PTR || p->type == KAPI_TYPE_PATH)
		return -EFAULT;
	switch (p->constraint) {
	case KAPI_CONSTRAINT_FD:
		return -EBADF;
	case KAPI_CONSTRAINT_USER_PTR:
	case KAPI_CONSTRAINT_BUFFER:
	case KAPI_CONSTRAINT_USER_STRING:
	case KAPI_CONSTRAINT_USER_PATH:
		return -EFAULT;
	default:
		return -EINVAL;
	}
}

/*
 * The renderers of lib/kapi/render_*.c, which debugfs shows and which
 * tools/kapi builds for the host over its own seq_buf.
 */
struct seq_buf;
void kapi_render_text(struct seq_buf *s, const struct kapi_spec *spec);
void kapi_render_json(struct seq_buf *s, const struct kapi_spec *spec);
void kapi_render_list_line(struct seq_buf *s, const struct kapi_spec *spec);

#ifdef __KERNEL__

#define KAPI_SECTION	".kapi_specs"

/*
 * DEFINE_KAPI_SPEC() - place a spec in the .kapi_specs section. Specs are
 * laid out as an array there, so every entry must have the natural
 * alignment of the structure and nothing else.
 */
#define DEFINE_KAPI_SPEC(ident)						\
	static const struct kapi_spec __kapi_spec_##ident __used	\
	__section(KAPI_SECTION) __aligned(__alignof__(struct kapi_spec))

struct module;

#ifdef CONFIG_KAPI_SPEC
extern const u32 kapi_spec_version;
const struct kapi_spec *kapi_find_spec(const char *name);
int kapi_register_specs(const struct kapi_spec *specs, unsigned int n,
			struct module *owner);
void kapi_unregister_specs(const struct kapi_spec *specs);
int kapi_walk_specs(int (*fn)(const struct kapi_spec *spec, void *data),
		    void *data);
unsigned int kapi_spec_count(void);
#else
static inline const struct kapi_spec *kapi_find_spec(const char *name)
{
	return NULL;
}

static inline unsigned int kapi_spec_count(void)
{
	return 0;
}
#endif /* CONFIG_KAPI_SPEC */

#endif /* __KERNEL__ */

#endif /* _LINUX_KERNEL_API_SPEC_H */
