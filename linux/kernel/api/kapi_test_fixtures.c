// SPDX-License-Identifier: GPL-2.0
/*
 * Hand-written specs that the KUnit suites of kernel/api render and check
 * byte for byte. tools/kapi's tests compile this same file into an ELF
 * object (placing the specs in .kapi_specs through KAPI_FIXTURE_DEFINE)
 * and compare the tool's output with what these suites expect, so the
 * fixture exists once.
 */
#include <linux/errno.h>
#include <linux/kernel_api_spec.h>
#include "kapi_test_fixtures.h"

#ifndef KAPI_FIXTURE_DEFINE
#define KAPI_FIXTURE_DEFINE(ident)	const struct kapi_spec ident
#endif

static const struct kapi_value fixture_flag_values[] = {
	{ .name = "FX_A", .desc = "The first bit.", .value = 1 },
	{ .name = "FX_B", .desc = "The \"second\" bit.", .value = 2 },
};

static const struct kapi_value_set fixture_flag_set = {
	.name = "fx_flags", .kind = KAPI_SET_FLAGS, .valued = true,
	KAPI_ARRAY(values, fixture_flag_values),
};

static const struct kapi_param fixture_params[] = {
	{
		.name = "fd", .ctype = "int", .desc = "An open descriptor.",
		.valid = "Below the open-file limit.",
		.type = KAPI_TYPE_FD, .flags = KAPI_PARAM_IN,
		.constraint = KAPI_CONSTRAINT_RANGE, .size_param = -1,
		.ext.min = 0, .ext.max = 2147483647,
		.error_above = EMFILE,
	},
	{
		.name = "buf", .ctype = "char __user *",
		.desc = "Where data goes.", .type = KAPI_TYPE_USER_PTR,
		.flags = KAPI_PARAM_OUT | KAPI_PARAM_USER,
		.constraint = KAPI_CONSTRAINT_BUFFER, .size_param = 2,
		.error = EFAULT,
	},
	{
		.name = "flags", .ctype = "unsigned int",
		.type = KAPI_TYPE_UINT, .flags = KAPI_PARAM_IN,
		.constraint = KAPI_CONSTRAINT_MASK, .size_param = -1,
		.ext.mask = 0x3, .set = &fixture_flag_set,
		.others = KAPI_OTHERS_REFUSED,
	},
};

static const struct kapi_error fixture_errors[] = {
	{ .name = "EBADF", .error = EBADF, .condition = "fd is not open",
	  .desc = "Also when closed." },
	{ .name = "EFAULT", .error = EFAULT, .condition = "buf is bad" },
};

static const struct kapi_lock fixture_locks[] = {
	{ .name = "f->f_pos_lock", .kind = KAPI_LOCK_MUTEX,
	  .acquired = KAPI_CONDITIONAL, .released = KAPI_YES,
	  .desc = "Taken for regular files." },
};

static const struct kapi_signal fixture_signals[] = {
	{ .name = "Any signal", .direction = KAPI_SIGNAL_RECEIVE,
	  .action = KAPI_SIGNAL_ACTION_RETURN,
	  .timing = KAPI_SIGNAL_TIME_DURING, .error = EINTR,
	  .restartable = true, .condition = "While waiting",
	  .desc = "Interrupts the wait." },
};

static const struct kapi_effect fixture_effects[] = {
	{ .kinds = KAPI_EFFECT_FILE_POSITION | KAPI_EFFECT_MODIFY_STATE,
	  .target = "f_pos", .reversible = KAPI_NO,
	  .desc = "Advances the offset." },
};

static const struct kapi_transition fixture_transitions[] = {
	{ .object = "file position", .from = "p", .to = "p + n",
	  .condition = "on success" },
};

static const struct kapi_capability fixture_caps[] = {
	{ .name = "CAP_SYS_ADMIN", .cap = 21, .kind = KAPI_CAP_INCREASE_LIMIT,
	  .allows = "More", .without = "Less" },
};

static const struct kapi_constraint fixture_constraints[] = {
	{ .name = "count clamp", .desc = "Clamped to MAX_RW_COUNT.",
	  .expr = "count <= MAX_RW_COUNT" },
};

static const struct kapi_item fixture_items[] = {
	{ .number = 1, .kind = KAPI_ITEM_BEHAVIOR, .text = "Reads data." },
	{ .number = 2, .kind = KAPI_ITEM_BEHAVIOR, .text = "Advances." },
	{ .number = 3, .kind = KAPI_ITEM_CONSTRAINT_OF_USE,
	  .text = "Caller holds no locks." },
};

KAPI_FIXTURE_DEFINE(kapi_fixture_full) = {
	.name = "kapi_fixture",
	.summary = "Do a test thing",
	.desc = "First line.\nSecond line.",
	.examples = "n = kapi_fixture(fd, buf, 0);",
	.notes = "Line one.\n\nLine three.",
	.since = "6.12",
	.file = "fs/fixture.c",
	.line = 42,
	.nr = 7,
	.kind = KAPI_KIND_SYSCALL,
	.context = KAPI_CTX_PROCESS | KAPI_CTX_SLEEPABLE,
	KAPI_ARRAY(params, fixture_params),
	KAPI_ARRAY(errors, fixture_errors),
	KAPI_ARRAY(locks, fixture_locks),
	KAPI_ARRAY(signals, fixture_signals),
	KAPI_ARRAY(side_effects, fixture_effects),
	KAPI_ARRAY(state_transitions, fixture_transitions),
	KAPI_ARRAY(capabilities, fixture_caps),
	KAPI_ARRAY(constraints, fixture_constraints),
	KAPI_ARRAY(items, fixture_items),
	.n_check_order = 2,
	.check_order = { 2, 0 },
	.ret = {
		.type = KAPI_TYPE_INT, .check = KAPI_RETURN_RANGE,
		.success_min = 0, .success_max = 2147479552,
		.desc = "Bytes copied.",
	},
	.errno_map = {
		[0] = KAPI_ERRNO_BIT(0, EBADF) | KAPI_ERRNO_BIT(0, EFAULT),
	},
};

KAPI_FIXTURE_DEFINE(kapi_fixture_empty) = {
	.name = "kapi_empty",
};
