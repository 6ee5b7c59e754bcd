/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel API specification data model, each fact written once.
 */
#ifndef _LINUX_KAPI_MODEL_H
#define _LINUX_KAPI_MODEL_H

/**
 * DOC: value lists
 *
 * Every enumeration and flag set of struct kapi_spec is a list in the style
 * of include/trace/events: EM(symbol, "name") for each entry and EMe() for
 * the last. kernel_api_spec.h expands them into the enums, kernel/api's
 * name tables into the names debugfs, JSON and tools/kapi print, and
 * scripts/kapi's symbol families into the names annotations may use, so a
 * new value is one line here. The order is ABI for tools/kapi's vmlinux
 * reader: append, never reorder.
 *
 * The lists take the two macros as parameters instead of relying on
 * global EM/EMe definitions, so including this header never clashes with
 * a trace event header that defines its own.
 */

/* What a spec describes. */
#define KAPI_KIND_LIST(EM, EMe)						\
	EM(KAPI_KIND_FUNCTION,		"function")			\
	EM(KAPI_KIND_SYSCALL,		"syscall")			\
	EMe(KAPI_KIND_IOCTL,		"ioctl")

/* Execution contexts an API may be called from (context-flags:); bits. */
#define KAPI_CTX_LIST(EM, EMe)						\
	EM(KAPI_CTX_PROCESS,		"process")			\
	EM(KAPI_CTX_SOFTIRQ,		"softirq")			\
	EM(KAPI_CTX_HARDIRQ,		"hardirq")			\
	EM(KAPI_CTX_NMI,		"nmi")				\
	EM(KAPI_CTX_ATOMIC,		"atomic")			\
	EM(KAPI_CTX_SLEEPABLE,		"sleepable")			\
	EM(KAPI_CTX_PREEMPT_DISABLED,	"preempt-disabled")		\
	EMe(KAPI_CTX_IRQ_DISABLED,	"irq-disabled")

/* The kind of value a parameter or the return value is. */
#define KAPI_TYPE_LIST(EM, EMe)						\
	EM(KAPI_TYPE_VOID,		"void")				\
	EM(KAPI_TYPE_INT,		"int")				\
	EM(KAPI_TYPE_UINT,		"uint")				\
	EM(KAPI_TYPE_PTR,		"ptr")				\
	EM(KAPI_TYPE_STRUCT,		"struct")			\
	EM(KAPI_TYPE_UNION,		"union")			\
	EM(KAPI_TYPE_ENUM,		"enum")				\
	EM(KAPI_TYPE_FUNC_PTR,		"func-ptr")			\
	EM(KAPI_TYPE_ARRAY,		"array")			\
	EM(KAPI_TYPE_FD,		"fd")				\
	EM(KAPI_TYPE_USER_PTR,		"user-ptr")			\
	EM(KAPI_TYPE_PATH,		"path")				\
	EMe(KAPI_TYPE_CUSTOM,		"custom")

/*
 * Direction and provenance of a parameter (flags:); bits. DIRFD: the
 * directory descriptor of an *at() call, where AT_FDCWD stands for the
 * working directory. SELECTOR: the command of a multiplexed call (fcntl's
 * cmd), whose value set names the commands and picks the variant: that
 * says what the other arguments and the result mean.
 */
#define KAPI_PARAM_FLAG_LIST(EM, EMe)					\
	EM(KAPI_PARAM_IN,		"in")				\
	EM(KAPI_PARAM_OUT,		"out")				\
	EM(KAPI_PARAM_USER,		"user")				\
	EM(KAPI_PARAM_OPTIONAL,		"optional")			\
	EM(KAPI_PARAM_CONST,		"const")				\
	EM(KAPI_PARAM_DIRFD,		"dirfd")				\
	EMe(KAPI_PARAM_SELECTOR,	"selector")

/* How a parameter's valid values are described (constraint-type:). */
#define KAPI_CONSTRAINT_LIST(EM, EMe)					\
	EM(KAPI_CONSTRAINT_NONE,	"none")				\
	EM(KAPI_CONSTRAINT_RANGE,	"range")			\
	EM(KAPI_CONSTRAINT_MASK,	"mask")				\
	EM(KAPI_CONSTRAINT_ENUM,	"enum")				\
	EM(KAPI_CONSTRAINT_ALIGNMENT,	"alignment")			\
	EM(KAPI_CONSTRAINT_POWER_OF_TWO, "power-of-two")		\
	EM(KAPI_CONSTRAINT_USER_PTR,	"user-ptr")			\
	EM(KAPI_CONSTRAINT_BUFFER,	"buffer")			\
	EM(KAPI_CONSTRAINT_USER_STRING,	"user-string")			\
	EM(KAPI_CONSTRAINT_USER_PATH,	"user-path")			\
	EM(KAPI_CONSTRAINT_FD,		"fd")				\
	EMe(KAPI_CONSTRAINT_CUSTOM,	"custom")

/* How a successful return value is checked (check-type:). */
#define KAPI_RETURN_LIST(EM, EMe)					\
	EM(KAPI_RETURN_NONE,		"none")				\
	EM(KAPI_RETURN_EXACT,		"exact")			\
	EM(KAPI_RETURN_RANGE,		"range")			\
	EM(KAPI_RETURN_ERROR_CHECK,	"error-check")			\
	EM(KAPI_RETURN_FD,		"fd")				\
	EM(KAPI_RETURN_CUSTOM,		"custom")			\
	EMe(KAPI_RETURN_NO_RETURN,	"no-return")

/* Kinds of lock (lock: ... type:). */
#define KAPI_LOCK_LIST(EM, EMe)						\
	EM(KAPI_LOCK_NONE,		"none")				\
	EM(KAPI_LOCK_MUTEX,		"mutex")			\
	EM(KAPI_LOCK_SPINLOCK,		"spinlock")			\
	EM(KAPI_LOCK_RWLOCK,		"rwlock")			\
	EM(KAPI_LOCK_SEQLOCK,		"seqlock")			\
	EM(KAPI_LOCK_RCU,		"rcu")				\
	EM(KAPI_LOCK_SEMAPHORE,		"semaphore")			\
	EMe(KAPI_LOCK_CUSTOM,		"custom")

/* Whether something happens: acquired:, released:, reversible:. */
#define KAPI_TRISTATE_LIST(EM, EMe)					\
	EM(KAPI_NO,			"no")				\
	EM(KAPI_YES,			"yes")				\
	EMe(KAPI_CONDITIONAL,		"conditional")

#define KAPI_SIGNAL_DIRECTION_LIST(EM, EMe)				\
	EM(KAPI_SIGNAL_RECEIVE,		"receive")			\
	EM(KAPI_SIGNAL_SEND,		"send")				\
	EM(KAPI_SIGNAL_HANDLE,		"handle")			\
	EM(KAPI_SIGNAL_BLOCK,		"block")			\
	EMe(KAPI_SIGNAL_IGNORE,		"ignore")

#define KAPI_SIGNAL_ACTION_LIST(EM, EMe)				\
	EM(KAPI_SIGNAL_ACTION_DEFAULT,	"default")			\
	EM(KAPI_SIGNAL_ACTION_TERMINATE, "terminate")			\
	EM(KAPI_SIGNAL_ACTION_COREDUMP,	"coredump")			\
	EM(KAPI_SIGNAL_ACTION_STOP,	"stop")				\
	EM(KAPI_SIGNAL_ACTION_CONTINUE,	"continue")			\
	EM(KAPI_SIGNAL_ACTION_CUSTOM,	"custom")			\
	EM(KAPI_SIGNAL_ACTION_RETURN,	"return")			\
	EMe(KAPI_SIGNAL_ACTION_RESTART,	"restart")

#define KAPI_SIGNAL_TIMING_LIST(EM, EMe)				\
	EM(KAPI_SIGNAL_TIME_ANY,	"any")				\
	EM(KAPI_SIGNAL_TIME_BEFORE,	"before")			\
	EM(KAPI_SIGNAL_TIME_DURING,	"during")			\
	EMe(KAPI_SIGNAL_TIME_AFTER,	"after")

/* Kinds of side effect, combinable (side-effect:); bits. */
#define KAPI_EFFECT_LIST(EM, EMe)					\
	EM(KAPI_EFFECT_MODIFY_STATE,	"modify-state")			\
	EM(KAPI_EFFECT_PROCESS_STATE,	"process-state")		\
	EM(KAPI_EFFECT_IRREVERSIBLE,	"irreversible")			\
	EM(KAPI_EFFECT_SCHEDULE,	"schedule")			\
	EM(KAPI_EFFECT_FILESYSTEM,	"filesystem")			\
	EM(KAPI_EFFECT_HARDWARE,	"hardware")			\
	EM(KAPI_EFFECT_ALLOC_MEMORY,	"alloc-memory")			\
	EM(KAPI_EFFECT_FREE_MEMORY,	"free-memory")			\
	EM(KAPI_EFFECT_SIGNAL_SEND,	"signal-send")			\
	EM(KAPI_EFFECT_FILE_POSITION,	"file-position")		\
	EM(KAPI_EFFECT_LOCK_ACQUIRE,	"lock-acquire")			\
	EM(KAPI_EFFECT_LOCK_RELEASE,	"lock-release")			\
	EM(KAPI_EFFECT_RESOURCE_CREATE,	"resource-create")		\
	EM(KAPI_EFFECT_RESOURCE_DESTROY, "resource-destroy")		\
	EMe(KAPI_EFFECT_NETWORK,	"network")

/* What a capability changes about the API (capability: ... type:). */
#define KAPI_CAP_KIND_LIST(EM, EMe)					\
	EM(KAPI_CAP_BYPASS_CHECK,	"bypass-check")			\
	EM(KAPI_CAP_INCREASE_LIMIT,	"increase-limit")		\
	EM(KAPI_CAP_OVERRIDE_RESTRICTION, "override-restriction")	\
	EM(KAPI_CAP_GRANT_PERMISSION,	"grant-permission")		\
	EM(KAPI_CAP_MODIFY_BEHAVIOR,	"modify-behavior")		\
	EM(KAPI_CAP_ACCESS_RESOURCE,	"access-resource")		\
	EMe(KAPI_CAP_PERFORM_OPERATION,	"perform-operation")

/*
 * Where a listed errno comes from when not from the code every caller runs
 * through (origin:); bits, none for the core. The build's errno analysis
 * (scripts/kapi/kapi_errnos.c) holds a core errno to a path of the code.
 */
#define KAPI_FROM_LIST(EM, EMe)					\
	EM(KAPI_FROM_METHODS,		"methods")			\
	EMe(KAPI_FROM_LSM,		"lsm")

/* What a named value set holds (value-set: NAME, KIND): bits or values. */
#define KAPI_SET_KIND_LIST(EM, EMe)					\
	EM(KAPI_SET_FLAGS,		"flags")			\
	EMe(KAPI_SET_ENUM,		"enum")

/*
 * What the kernel does with a value outside a parameter's value set
 * (others:): nothing said, drops the unknown bits, fails the call, or
 * passes the call on to code this spec does not describe (ioctl: the
 * file's own ioctl method), whose results are not checked against it.
 */
#define KAPI_OTHERS_LIST(EM, EMe)					\
	EM(KAPI_OTHERS_UNSPECIFIED,	"unspecified")			\
	EM(KAPI_OTHERS_IGNORED,		"ignored")			\
	EM(KAPI_OTHERS_REFUSED,	"refused")			\
	EMe(KAPI_OTHERS_PASSED,		"passed")

/* Numbered items: "function behavior:" and "constraints of use:". */
#define KAPI_ITEM_KIND_LIST(EM, EMe)					\
	EM(KAPI_ITEM_BEHAVIOR,		"behavior")			\
	EMe(KAPI_ITEM_CONSTRAINT_OF_USE, "constraint-of-use")

/*
 * Every list above, once: L(token, LIST, ENUM or BITS, symbol prefix,
 * count). enum kapi_value_list numbers them (KAPI_VL_<token>); kernel/api
 * makes the name table kapi_<token>_names of each and scripts/kapi the
 * family of symbol names annotations may use. A field list names the
 * list of an ENUM or FLAGS field by its token.
 */
#define KAPI_VALUE_LISTS(L)						\
	L(kind, KAPI_KIND_LIST, ENUM, "KAPI_KIND_", KAPI_KIND_COUNT)	\
	L(ctx, KAPI_CTX_LIST, BITS, "KAPI_CTX_", KAPI_CTX_COUNT)	\
	L(type, KAPI_TYPE_LIST, ENUM, "KAPI_TYPE_", KAPI_TYPE_COUNT)	\
	L(param_flag, KAPI_PARAM_FLAG_LIST, BITS, "KAPI_PARAM_",	\
	  KAPI_PARAM_FLAG_COUNT)					\
	L(constraint, KAPI_CONSTRAINT_LIST, ENUM, "KAPI_CONSTRAINT_",	\
	  KAPI_CONSTRAINT_COUNT)					\
	L(return_check, KAPI_RETURN_LIST, ENUM, "KAPI_RETURN_",		\
	  KAPI_RETURN_COUNT)						\
	L(lock_kind, KAPI_LOCK_LIST, ENUM, "KAPI_LOCK_", KAPI_LOCK_COUNT) \
	L(tristate, KAPI_TRISTATE_LIST, ENUM, "KAPI_", KAPI_TRISTATE_COUNT) \
	L(signal_direction, KAPI_SIGNAL_DIRECTION_LIST, ENUM, "KAPI_SIGNAL_", \
	  KAPI_SIGNAL_DIRECTION_COUNT)					\
	L(signal_action, KAPI_SIGNAL_ACTION_LIST, ENUM,			\
	  "KAPI_SIGNAL_ACTION_", KAPI_SIGNAL_ACTION_COUNT)		\
	L(signal_timing, KAPI_SIGNAL_TIMING_LIST, ENUM, "KAPI_SIGNAL_TIME_", \
	  KAPI_SIGNAL_TIME_COUNT)					\
	L(effect, KAPI_EFFECT_LIST, BITS, "KAPI_EFFECT_", KAPI_EFFECT_COUNT) \
	L(cap_kind, KAPI_CAP_KIND_LIST, ENUM, "KAPI_CAP_", KAPI_CAP_KIND_COUNT) \
	L(item_kind, KAPI_ITEM_KIND_LIST, ENUM, "KAPI_ITEM_",		\
	  KAPI_ITEM_KIND_COUNT)						\
	L(origin, KAPI_FROM_LIST, BITS, "KAPI_FROM_", KAPI_FROM_COUNT)	\
	L(set_kind, KAPI_SET_KIND_LIST, ENUM, "KAPI_SET_", KAPI_SET_KIND_COUNT) \
	L(others, KAPI_OTHERS_LIST, ENUM, "KAPI_OTHERS_", KAPI_OTHERS_COUNT)

#define KAPI_EM_VL(tok, LIST, shape, prefix, count)	KAPI_VL_##tok,
/* KAPI_VL_none: the list of a field that has none */
enum kapi_value_list {
	KAPI_VALUE_LISTS(KAPI_EM_VL)
	KAPI_VL_COUNT,
	KAPI_VL_none = KAPI_VL_COUNT
};

/*
 * What the run-time checker reports (kapi/stats columns, the kapi_violation
 * tracepoint): a parameter outside its constraint that the kernel accepted,
 * a return value or an errno the spec does not list, a call from a context
 * the spec excludes.
 */
#define KAPI_VIOLATION_LIST(EM, EMe)					\
	EM(KAPI_VIOLATION_PARAM,	"param")			\
	EM(KAPI_VIOLATION_RETURN,	"return")			\
	EM(KAPI_VIOLATION_ERRNO,	"errno")			\
	EMe(KAPI_VIOLATION_CONTEXT,	"context")

/*
 * Expanders. An enum list becomes "symbol," entries; a bit list first
 * becomes bit numbers (symbol##_BIT) and then "symbol = 1U << bit" values.
 */
#define KAPI_EM_ENUM(sym, name)		sym,
#define KAPI_EM_BITNR(sym, name)	sym##_BIT,
#define KAPI_EM_BITVAL(sym, name)	sym = 1U << sym##_BIT,
/* ... and name tables indexed by value or bit number. */
#define KAPI_EM_NAME(sym, name)		[sym] = name,
#define KAPI_EM_BITNAME(sym, name)	[sym##_BIT] = name,

#define KAPI_DEFINE_ENUM(tag, LIST, count)				\
	enum tag { LIST(KAPI_EM_ENUM, KAPI_EM_ENUM) count }

/*
 * Structure members from a field list; an ITEM_ID has no member. The
 * strings are stored first and the small scalars after them, so that no
 * padding falls between a narrow field and the next pointer (a list
 * element is where the per-spec size goes); the list order stays the
 * order of display.
 */
#define KAPI_PTR_STR(ctype, mem)	ctype mem;
#define KAPI_PTR_INT(ctype, mem)
#define KAPI_PTR_UINT(ctype, mem)
#define KAPI_PTR_BOOL(ctype, mem)
#define KAPI_PTR_ENUM(ctype, mem)
#define KAPI_PTR_FLAGS(ctype, mem)
#define KAPI_PTR_ITEM_ID(ctype, mem)
#define KAPI_PTR_CMD(ctype, mem)
#define KAPI_SCALAR_STR(ctype, mem)
#define KAPI_SCALAR_INT(ctype, mem)	ctype mem;
#define KAPI_SCALAR_UINT(ctype, mem)	ctype mem;
#define KAPI_SCALAR_BOOL(ctype, mem)	ctype mem;
#define KAPI_SCALAR_ENUM(ctype, mem)	ctype mem;
#define KAPI_SCALAR_FLAGS(ctype, mem)	ctype mem;
#define KAPI_SCALAR_ITEM_ID(ctype, mem)
#define KAPI_SCALAR_CMD(ctype, mem)	ctype mem;
#define KAPI_EM_PTR_MEMBER(type, ctype, mem, shape, list, json, compat, sub, \
			   show)					\
	KAPI_PTR_##shape(ctype, mem)
#define KAPI_EM_SCALAR_MEMBER(type, ctype, mem, shape, list, json, compat, \
			      sub, show)				\
	KAPI_SCALAR_##shape(ctype, mem)
#define KAPI_DEFINE_STRUCT(tag, FIELDS)					\
	struct tag {							\
		FIELDS(KAPI_EM_PTR_MEMBER)				\
		FIELDS(KAPI_EM_SCALAR_MEMBER)				\
	}

#define KAPI_DEFINE_BITS(tag, LIST, count)				\
	enum tag##_bit { LIST(KAPI_EM_BITNR, KAPI_EM_BITNR) count };	\
	enum tag { LIST(KAPI_EM_BITVAL, KAPI_EM_BITVAL) }

/**
 * DOC: section field lists
 *
 * The fields of each list section of struct kapi_spec, in the order they
 * are shown (the structs store the strings first): F(struct, C type,
 * member, shape, list, JSON key, compat, annotation, text).
 * kernel_api_spec.h declares the structs from these lists and
 * lib/kapi/kapi_fields.c makes the descriptor tables
 * that the parser, the generator, every renderer, tools/kapi's readers and
 * its comparer walk, so a new field is one line here.
 *
 * shape	how the member is stored and shown: STR (a string), INT or
 *		UINT (an integer of the member's size), BOOL, ENUM (a value
 *		of the names table), FLAGS (bits named by the table), ITEM_ID
 *		(no member: the item's "<function>.N" ID, derived), CMD (a
 *		command of the spec: 1 + the index of its entry in variants,
 *		0 for none; shown as that entry's name)
 * list	the value list (its KAPI_VALUE_LISTS token) that names an ENUM's
 *		values or a FLAGS field's bits; none for the other shapes
 * compat	what `kapi diff` makes of a change: KEY (identifies the entry:
 *		a change is a removal plus an addition), DOC (prose, compatible),
 *		ABI (incompatible), CALLER (incompatible for in-kernel
 *		functions, whose callers hold locks around the call; compatible
 *		for system calls), OWN (the consumer's own code judges it)
 * annotation	where scripts/kapi reads the field: SUB("key") from the
 *		sub-key "key:" of the block, parsed by its shape (an ENUM or
 *		FLAGS takes the list's KAPI_* names); OWN("key") from that
 *		sub-key by the section's own code (an errno name);
 *		AT_HEAD from the block's first line; DERIVED from other fields
 * text	how text, rst and man show it: HEAD(before, after) on the
 *		entry's first line; OPT(before, after) the same, left out when
 *		zero, false or NULL (a BOOL shows only "before"); LINE(label)
 *		a "label: value" line of its own when set; PROSE indented
 *		paragraphs; HIDE not at all. A HEAD string that is NULL shows
 *		"?" for a KEY field and nothing for another.
 */

/*
 * An errno the API may return: name as written ("EAGAIN"), its positive
 * value, when it happens in a line (the text after the comma), desc:, and
 * whether the file's methods or an LSM return it rather than the core;
 * for a multiplexed call, the one command it happens with (variant:).
 */
#define KAPI_ERROR_FIELDS(F)						\
	F(kapi_error, const char *, name, STR, none, "name", KEY,	\
	  AT_HEAD, HEAD("", ""))					\
	F(kapi_error, s32, error, INT, none, "errno", ABI,		\
	  DERIVED, HEAD(" (", ")"))					\
	F(kapi_error, const char *, condition, STR, none, "condition", DOC, \
	  AT_HEAD, HEAD(": ", ""))					\
	F(kapi_error, const char *, desc, STR, none, "description", DOC, \
	  SUB("desc"), PROSE)						\
	F(kapi_error, u8, origin, FLAGS, origin, "origin", DOC,		\
	  SUB("origin"), OPT(", from ", ""))				\
	F(kapi_error, u8, variant, CMD, none, "variant", KEY,		\
	  OWN("variant"), OPT(", with command ", ""))

/* A lock the API takes, drops or expects held ("files->file_lock"). */
#define KAPI_LOCK_FIELDS(F)						\
	F(kapi_lock, const char *, name, STR, none, "name", KEY,	\
	  AT_HEAD, HEAD("", ""))					\
	F(kapi_lock, u8, kind, ENUM, lock_kind, "kind", CALLER,		\
	  SUB("type"), HEAD(": ", ""))					\
	F(kapi_lock, u8, acquired, ENUM, tristate, "acquired", CALLER,	\
	  SUB("acquired"), HEAD(", acquired ", ""))			\
	F(kapi_lock, u8, released, ENUM, tristate, "released", CALLER,	\
	  SUB("released"), HEAD(", released ", ""))			\
	F(kapi_lock, bool, held_on_entry, BOOL, none, "held_on_entry",	\
	  CALLER, SUB("held-on-entry"), OPT(", held on entry", ""))	\
	F(kapi_lock, const char *, desc, STR, none, "description", DOC,	\
	  SUB("desc"), PROSE)

/*
 * How the API interacts with a signal ("Any signal"); error is the errno
 * returned when the signal interrupts the call, 0 if none.
 */
#define KAPI_SIGNAL_FIELDS(F)						\
	F(kapi_signal, const char *, name, STR, none, "name", KEY,	\
	  AT_HEAD, HEAD("", ""))					\
	F(kapi_signal, u8, direction, ENUM, signal_direction,		\
	  "direction", DOC, SUB("direction"), HEAD(": ", ""))		\
	F(kapi_signal, u8, action, ENUM, signal_action, "action", DOC,	\
	  SUB("action"), HEAD(", action ", ""))				\
	F(kapi_signal, u8, timing, ENUM, signal_timing, "timing", DOC,	\
	  SUB("timing"), HEAD(", timing ", ""))				\
	F(kapi_signal, s16, error, INT, none, "error", DOC,		\
	  OWN("error"), OPT(", error ", ""))				\
	F(kapi_signal, bool, restartable, BOOL, none, "restartable", DOC, \
	  SUB("restartable"), OPT(", restartable", ""))			\
	F(kapi_signal, const char *, condition, STR, none, "condition", DOC, \
	  SUB("condition"), LINE("condition"))				\
	F(kapi_signal, const char *, desc, STR, none, "description", DOC, \
	  SUB("desc"), PROSE)

/* A side effect: its kinds, what is affected, when (NULL: always). */
#define KAPI_EFFECT_FIELDS(F)						\
	F(kapi_effect, u32, kinds, FLAGS, effect, "kinds", DOC,		\
	  AT_HEAD, HEAD("", ""))					\
	F(kapi_effect, const char *, target, STR, none, "target", KEY,	\
	  SUB("target"), HEAD(" on ", ""))				\
	F(kapi_effect, const char *, condition, STR, none, "condition", DOC, \
	  SUB("condition"), LINE("condition"))				\
	F(kapi_effect, u8, reversible, ENUM, tristate, "reversible", DOC, \
	  SUB("reversible"), HEAD("; reversible: ", ""))		\
	F(kapi_effect, const char *, desc, STR, none, "description", DOC, \
	  SUB("desc"), PROSE)

/* A state change of some object (state-trans:). */
#define KAPI_TRANSITION_FIELDS(F)					\
	F(kapi_transition, const char *, object, STR, none, "object", KEY, \
	  AT_HEAD, HEAD("", ""))					\
	F(kapi_transition, const char *, from, STR, none, "from", KEY,	\
	  SUB("from"), HEAD(": ", ""))					\
	F(kapi_transition, const char *, to, STR, none, "to", KEY,	\
	  SUB("to"), HEAD(" -> ", ""))					\
	F(kapi_transition, const char *, condition, STR, none, "condition", \
	  DOC, SUB("condition"), LINE("condition"))			\
	F(kapi_transition, const char *, desc, STR, none, "description", DOC, \
	  SUB("desc"), PROSE)

/*
 * A capability ("CAP_SYS_ADMIN", its number or -1) that changes what the
 * API does: what holding it allows, what happens without it, when.
 */
#define KAPI_CAPABILITY_FIELDS(F)					\
	F(kapi_capability, const char *, name, STR, none, "name", KEY,	\
	  AT_HEAD, HEAD("", ""))					\
	F(kapi_capability, s16, cap, INT, none, "cap", ABI,		\
	  DERIVED, HEAD(" (", ")"))					\
	F(kapi_capability, u8, kind, ENUM, cap_kind, "kind", ABI,	\
	  SUB("type"), HEAD(": ", ""))					\
	F(kapi_capability, const char *, allows, STR, none, "allows", DOC, \
	  SUB("allows"), LINE("allows"))				\
	F(kapi_capability, const char *, without, STR, none, "without", DOC, \
	  SUB("without"), LINE("without"))				\
	F(kapi_capability, const char *, condition, STR, none, "condition", \
	  DOC, SUB("condition"), LINE("condition"))

/*
 * A rule spanning parameters or system state; expr may be NULL. With an
 * errno (error:), expr is C over the parameter names that the build
 * compiles and the run-time checker tests before any single parameter:
 * the kernel fails a call that breaks it with that errno. checked is set
 * then, and also by checked: yes on a function's rule without an errno: a
 * rule on its callers that the checker tests at the function's entry and
 * reports when broken (kmalloc: a blocking allocation needs a caller that
 * may sleep).
 */
#define KAPI_CONSTRAINT_FIELDS(F)					\
	F(kapi_constraint, const char *, name, STR, none, "name", KEY,	\
	  AT_HEAD, HEAD("", ""))					\
	F(kapi_constraint, s16, error, INT, none, "errno", ABI,		\
	  OWN("error"), OPT(", errno ", ""))				\
	F(kapi_constraint, bool, checked, BOOL, none, "checked", ABI,	\
	  SUB("checked"), OPT(", checked", ""))				\
	F(kapi_constraint, const char *, desc, STR, none, "description", \
	  DOC, SUB("desc"), PROSE)					\
	F(kapi_constraint, const char *, expr, STR, none, "expr", DOC,	\
	  SUB("expr"), LINE("expr"))

/*
 * One command of a multiplexed call: name is a value of the selector
 * parameter's value set ("F_DUPFD"), summary what it does, arg what the
 * argument after the selector is for it, arg_layout the struct-layout: of
 * the file it points to (the build proves the layout against the
 * structure; the kernel keeps its name), and what a success returns
 * (result:), checked like a return: (check-type:, success:). An error: with
 * variant: NAME happens with that command only. passed: yes says that the
 * kernel may hand the command to the file's own method (ioctl's FIONREAD on
 * anything but a regular file): what it returns is then that method's, so
 * the run-time checker leaves the command's results alone.
 */
#define KAPI_VARIANT_FIELDS(F)						\
	F(kapi_variant, const char *, name, STR, none, "name", KEY,	\
	  AT_HEAD, HEAD("", ""))					\
	F(kapi_variant, const char *, summary, STR, none, "summary", DOC, \
	  AT_HEAD, HEAD(": ", ""))					\
	F(kapi_variant, s64, success_min, INT, none, "success_min", ABI, \
	  OWN("success"), LINE("success from"))				\
	F(kapi_variant, s64, success_max, INT, none, "success_max", ABI, \
	  DERIVED, LINE("success to"))					\
	F(kapi_variant, u8, check, ENUM, return_check, "check", ABI,	\
	  SUB("check-type"), OPT(", success ", ""))			\
	F(kapi_variant, u8, arg_type, ENUM, type, "arg_type", ABI,	\
	  SUB("arg-type"), OPT(", argument ", ""))			\
	F(kapi_variant, const char *, arg, STR, none, "arg", DOC,	\
	  SUB("arg"), LINE("argument"))					\
	F(kapi_variant, const char *, arg_layout, STR, none, "arg_layout", \
	  ABI, SUB("arg-layout"), LINE("argument layout"))		\
	F(kapi_variant, bool, passed, BOOL, none, "passed", ABI,	\
	  SUB("passed"), OPT(", or passed to the file's method", ""))	\
	F(kapi_variant, const char *, result, STR, none, "result", DOC,	\
	  SUB("result"), LINE("result"))

/*
 * A numbered behaviour or constraint of use: N in "<function>.N" or
 * "<function>.cN" (both lists count from 1), its kind and text.
 */
#define KAPI_ITEM_FIELDS(F)						\
	F(kapi_item, u16, number, ITEM_ID, none, "id", KEY,		\
	  DERIVED, HEAD("", ":"))					\
	F(kapi_item, u16, number, UINT, none, "number", KEY,		\
	  AT_HEAD, HIDE)						\
	F(kapi_item, u8, kind, ENUM, item_kind, "kind", ABI,		\
	  DERIVED, HIDE)						\
	F(kapi_item, const char *, text, STR, none, "text", DOC,	\
	  AT_HEAD, PROSE)

/*
 * The members of struct kapi_param (kernel_api_spec.h declares it from
 * this list and its structured members), in the order they are shown and
 * compared, with the columns of a section's field: the name and C type
 * from the prototype; its kind of value; KAPI_PARAM_* flags; the kind of
 * constraint; for a buffer, the index of the parameter holding its size
 * (-1: none); what the kernel does with a value outside the value set
 * (others:); with a layout, the index of the parameter holding how many
 * structures the array has (-1: one) and how the call uses the memory
 * the structure's pointers point to (readv() writes through
 * iovec.iov_base, writev() reads); the errno (positive, 0: the
 * constraint's usual one) enforce mode refuses a bad value with, and the
 * one above a range's maximum where the kernel has a bound of its own
 * (error-above:); what it is (the kernel-doc @name: line) and what valid
 * values are, in words (cdesc:).
 *
 * A member whose meaning takes more than its own value is OWN in the
 * compat column: the flags (a direction narrows or widens what callers
 * may do), the constraint with its bounds and size parameter, the value
 * set's policy, the layout's count and member use; each consumer has code
 * for those at their place in the list, and walks the others.
 */
#define KAPI_PARAM_FIELDS(F)						\
	F(kapi_param, const char *, name, STR, none, "name", DOC,	\
	  AT_HEAD, HEAD("", ""))					\
	F(kapi_param, const char *, ctype, STR, none, "ctype", ABI,	\
	  DERIVED, HEAD(": ", ""))					\
	F(kapi_param, u8, type, ENUM, type, "type", ABI,		\
	  SUB("type"), LINE("type"))					\
	F(kapi_param, u8, flags, FLAGS, param_flag, "flags", OWN,	\
	  SUB("flags"), LINE("flags"))					\
	F(kapi_param, u8, constraint, ENUM, constraint, "constraint", OWN, \
	  SUB("constraint-type"), LINE("constraint"))			\
	F(kapi_param, s8, size_param, INT, none, "size_param", OWN,	\
	  SUB("size-param"), HIDE)					\
	F(kapi_param, u8, others, ENUM, others, "others", OWN,		\
	  SUB("others"), HIDE)						\
	F(kapi_param, s8, count_param, INT, none, "count_param", OWN,	\
	  OWN("struct"), HIDE)						\
	F(kapi_param, u8, member_flags, FLAGS, param_flag, "member_flags", \
	  OWN, OWN("struct"), HIDE)					\
	F(kapi_param, s16, error, INT, none, "error", ABI,		\
	  OWN("error"), LINE("refused with"))				\
	F(kapi_param, s16, error_above, INT, none, "error_above", ABI,	\
	  OWN("error-above"), LINE("above the range"))			\
	F(kapi_param, const char *, desc, STR, none, "description", DOC, \
	  DERIVED, PROSE)						\
	F(kapi_param, const char *, valid, STR, none, "valid", DOC,	\
	  SUB("cdesc"), PROSE)

/*
 * The list sections of struct kapi_spec, in JSON order:
 * S(array member, count member, struct tag, FIELDS list, removed, added,
 * title). The array member is the section's word everywhere: its JSON key
 * and its count in debugfs kapi/list. removed and added are what `kapi
 * diff` makes of an entry that goes away or appears, title the heading
 * text, rst and man give it; items are shown in one part per kind
 * instead (kapi_parts[] in lib/kapi/kapi_fields.c).
 */
#define KAPI_SECTION_LIST(S)						\
	S(errors, n_errors, error, KAPI_ERROR_FIELDS, ABI, DOC, "errors") \
	S(locks, n_locks, lock, KAPI_LOCK_FIELDS, CALLER, CALLER, "locks") \
	S(signals, n_signals, signal, KAPI_SIGNAL_FIELDS, DOC, DOC, "signals") \
	S(side_effects, n_side_effects, effect, KAPI_EFFECT_FIELDS, DOC, DOC, \
	  "side effects")						\
	S(state_transitions, n_state_transitions, transition,		\
	  KAPI_TRANSITION_FIELDS, DOC, DOC, "state transitions")	\
	S(capabilities, n_capabilities, capability, KAPI_CAPABILITY_FIELDS, \
	  ABI, ABI, "capabilities")					\
	S(constraints, n_constraints, constraint, KAPI_CONSTRAINT_FIELDS, \
	  DOC, DOC, "constraints")					\
	S(variants, n_variants, variant, KAPI_VARIANT_FIELDS, ABI, DOC,	\
	  "commands")							\
	S(items, n_items, item, KAPI_ITEM_FIELDS, ABI, DOC, NULL)

#endif /* _LINUX_KAPI_MODEL_H */
