// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the spec registry (registration as a module does it,
 * lookups, refusals) and of the data model's helpers.
 */
#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/kernel_api_spec.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/string.h>
#include "kapi_internal.h"
#include <linux/kapi_names.h>
#include "kapi_test_fixtures.h"

static const struct kapi_spec table_a[] = {
	{ .name = "kapi_test_alpha", .file = "a.c", .line = 1 },
	{ .name = "kapi_test_beta", .file = "a.c", .line = 2 },
	{ .name = "kapi_test_gamma", .file = "a.c", .line = 3 },
};

/* Clashes with table_a on its second entry. */
static const struct kapi_spec table_clash[] = {
	{ .name = "kapi_test_delta" },
	{ .name = "kapi_test_beta", .file = "b.c", .line = 9 },
};

static const struct kapi_spec table_self_clash[] = {
	{ .name = "kapi_test_eps" },
	{ .name = "kapi_test_eps" },
};

static const struct kapi_spec table_nameless[] = {
	{ .name = "kapi_test_zeta" },
	{ .name = NULL },
};

static const struct kapi_spec table_empty_name[] = {
	{ .name = "" },
};

static void unregister_action(void *specs)
{
	kapi_unregister_specs(specs);
}

/* Register for the duration of the test case, whatever its outcome. */
static int register_for_test(struct kunit *test, const struct kapi_spec *specs,
			     unsigned int n)
{
	int ret = kapi_register_specs(specs, n, THIS_MODULE);

	if (!ret)
		KUNIT_ASSERT_EQ(test, 0,
				kunit_add_action_or_reset(test,
							  unregister_action,
							  (void *)specs));
	return ret;
}

static void registry_register_and_find(struct kunit *test)
{
	unsigned int i;

	KUNIT_ASSERT_EQ(test, register_for_test(test, table_a,
						ARRAY_SIZE(table_a)), 0);
	for (i = 0; i < ARRAY_SIZE(table_a); i++)
		KUNIT_EXPECT_PTR_EQ(test, kapi_find_spec(table_a[i].name),
				    &table_a[i]);
}

static void registry_find_unknown(struct kunit *test)
{
	KUNIT_EXPECT_NULL(test, kapi_find_spec("kapi_test_no_such_spec"));
	KUNIT_EXPECT_NULL(test, kapi_find_spec(""));
}

static void registry_find_is_exact(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, register_for_test(test, table_a,
						ARRAY_SIZE(table_a)), 0);
	KUNIT_EXPECT_NULL(test, kapi_find_spec("kapi_test_alph"));
	KUNIT_EXPECT_NULL(test, kapi_find_spec("kapi_test_alphax"));
	KUNIT_EXPECT_NULL(test, kapi_find_spec("KAPI_TEST_ALPHA"));
}

static void registry_unregister_removes(struct kunit *test)
{
	unsigned int before = kapi_spec_count();

	KUNIT_ASSERT_EQ(test, kapi_register_specs(table_a, ARRAY_SIZE(table_a),
						  THIS_MODULE), 0);
	KUNIT_EXPECT_EQ(test, kapi_spec_count(), before + ARRAY_SIZE(table_a));
	kapi_unregister_specs(table_a);
	KUNIT_EXPECT_EQ(test, kapi_spec_count(), before);
	KUNIT_EXPECT_NULL(test, kapi_find_spec("kapi_test_alpha"));
	KUNIT_EXPECT_NULL(test, kapi_find_spec("kapi_test_gamma"));
}

static void registry_reregister(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, kapi_register_specs(table_a, ARRAY_SIZE(table_a),
						  THIS_MODULE), 0);
	kapi_unregister_specs(table_a);
	KUNIT_ASSERT_EQ(test, register_for_test(test, table_a,
						ARRAY_SIZE(table_a)), 0);
	KUNIT_EXPECT_PTR_EQ(test, kapi_find_spec("kapi_test_beta"),
			    &table_a[1]);
}

static void registry_unregister_unknown_is_noop(struct kunit *test)
{
	unsigned int before = kapi_spec_count();

	kapi_unregister_specs(table_clash);
	KUNIT_EXPECT_EQ(test, kapi_spec_count(), before);
}

static void registry_unregister_vmlinux_refused(struct kunit *test)
{
	const struct kapi_spec *specs;
	unsigned int n, before = kapi_spec_count();

	specs = kapi_vmlinux_specs(&n);
	if (!n)
		kunit_skip(test, "no specs in vmlinux");
	kapi_unregister_specs(specs);
	KUNIT_EXPECT_EQ(test, kapi_spec_count(), before);
	KUNIT_EXPECT_NOT_NULL(test, kapi_find_spec(specs[0].name));
}

static void registry_empty_table(struct kunit *test)
{
	unsigned int before = kapi_spec_count();

	KUNIT_EXPECT_EQ(test, kapi_register_specs(table_a, 0, NULL), 0);
	KUNIT_EXPECT_EQ(test, kapi_spec_count(), before);
	KUNIT_EXPECT_EQ(test, kapi_register_specs(NULL, 3, NULL), -EINVAL);
}

static void registry_refuses_duplicate(struct kunit *test)
{
	unsigned int before;

	KUNIT_ASSERT_EQ(test, register_for_test(test, table_a,
						ARRAY_SIZE(table_a)), 0);
	before = kapi_spec_count();
	KUNIT_EXPECT_EQ(test, kapi_register_specs(table_clash,
						  ARRAY_SIZE(table_clash),
						  NULL), -EEXIST);
	/* All or nothing: the clash's first, unique spec is not visible. */
	KUNIT_EXPECT_NULL(test, kapi_find_spec("kapi_test_delta"));
	KUNIT_EXPECT_PTR_EQ(test, kapi_find_spec("kapi_test_beta"),
			    &table_a[1]);
	KUNIT_EXPECT_EQ(test, kapi_spec_count(), before);
}

static void registry_refuses_duplicate_in_table(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, kapi_register_specs(table_self_clash,
						  ARRAY_SIZE(table_self_clash),
						  NULL), -EEXIST);
	KUNIT_EXPECT_NULL(test, kapi_find_spec("kapi_test_eps"));
}

static void registry_refuses_nameless(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, kapi_register_specs(table_nameless,
						  ARRAY_SIZE(table_nameless),
						  NULL), -EINVAL);
	KUNIT_EXPECT_NULL(test, kapi_find_spec("kapi_test_zeta"));
	KUNIT_EXPECT_EQ(test, kapi_register_specs(table_empty_name, 1, NULL),
			-EINVAL);
}

static void registry_refuses_vmlinux_name(struct kunit *test)
{
	const struct kapi_spec *specs;
	struct kapi_spec *copy;
	unsigned int n;

	specs = kapi_vmlinux_specs(&n);
	if (!n)
		kunit_skip(test, "no specs in vmlinux");
	copy = kunit_kzalloc(test, sizeof(*copy), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, copy);
	copy->name = specs[0].name;
	KUNIT_EXPECT_EQ(test, kapi_register_specs(copy, 1, NULL), -EEXIST);
	KUNIT_EXPECT_PTR_EQ(test, kapi_find_spec(specs[0].name), &specs[0]);
}

struct walk {
	unsigned int seen, stop_after;
	bool saw_alpha, saw_gamma;
};

static int walk_one(const struct kapi_spec *spec, void *data)
{
	struct walk *w = data;

	w->seen++;
	w->saw_alpha |= spec == &table_a[0];
	w->saw_gamma |= spec == &table_a[2];
	return w->stop_after && w->seen == w->stop_after ? 42 : 0;
}

static void registry_walk_visits_all(struct kunit *test)
{
	struct walk w = {};

	KUNIT_ASSERT_EQ(test, register_for_test(test, table_a,
						ARRAY_SIZE(table_a)), 0);
	KUNIT_EXPECT_EQ(test, kapi_walk_specs(walk_one, &w), 0);
	KUNIT_EXPECT_EQ(test, w.seen, kapi_spec_count());
	KUNIT_EXPECT_TRUE(test, w.saw_alpha);
	KUNIT_EXPECT_TRUE(test, w.saw_gamma);
}

static void registry_walk_stops(struct kunit *test)
{
	struct walk w = { .stop_after = 2 };

	KUNIT_ASSERT_EQ(test, register_for_test(test, table_a,
						ARRAY_SIZE(table_a)), 0);
	KUNIT_EXPECT_EQ(test, kapi_walk_specs(walk_one, &w), 42);
	KUNIT_EXPECT_EQ(test, w.seen, 2);
}

static void count_call(const struct kapi_spec *spec, void *data)
{
	*(const struct kapi_spec **)data = spec;
}

static void registry_call_with_spec(struct kunit *test)
{
	const struct kapi_spec *got = NULL;

	KUNIT_ASSERT_EQ(test, register_for_test(test, table_a,
						ARRAY_SIZE(table_a)), 0);
	KUNIT_EXPECT_EQ(test, kapi_call_with_spec("kapi_test_gamma",
						  count_call, &got), 0);
	KUNIT_EXPECT_PTR_EQ(test, got, &table_a[2]);
	got = NULL;
	KUNIT_EXPECT_EQ(test, kapi_call_with_spec("kapi_test_nope",
						  count_call, &got), -ENOENT);
	KUNIT_EXPECT_NULL(test, got);
}

/* Every spec linked into vmlinux is registered and found where it lives. */
static void registry_vmlinux_section(struct kunit *test)
{
	const struct kapi_spec *specs;
	unsigned int n, i;

	specs = kapi_vmlinux_specs(&n);
	KUNIT_EXPECT_GE(test, kapi_spec_count(), n);
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_TRUE(test, IS_ALIGNED((unsigned long)&specs[i],
						   __alignof__(*specs)));
		KUNIT_ASSERT_NOT_NULL(test, specs[i].name);
		KUNIT_EXPECT_PTR_EQ(test, kapi_find_spec(specs[i].name),
				    &specs[i]);
	}
	if (!n)
		kunit_skip(test, "no specs in vmlinux");
}

#ifdef CONFIG_KAPI_RUNTIME_CHECKS
/*
 * A table registered at run time (a module's) has counters for the
 * run-time checks' reports, one block per spec, found from the spec under
 * RCU and gone with the table.
 */
static void registry_table_counters(struct kunit *test)
{
	struct kapi_syscall_stats *st, *other, *gone;

	KUNIT_ASSERT_EQ(test, register_for_test(test, table_a,
						ARRAY_SIZE(table_a)), 0);
	rcu_read_lock();
	st = kapi_table_stats(&table_a[1]);
	other = kapi_table_stats(&table_clash[0]);
	rcu_read_unlock();
	KUNIT_ASSERT_NOT_NULL(test, st);
	KUNIT_EXPECT_PTR_EQ(test, st->spec, &table_a[1]);
	KUNIT_EXPECT_NULL(test, other);

	kapi_unregister_specs(table_a);
	rcu_read_lock();
	gone = kapi_table_stats(&table_a[1]);
	rcu_read_unlock();
	KUNIT_EXPECT_NULL(test, gone);
}
#endif

static struct kunit_case kapi_registry_cases[] = {
	KUNIT_CASE(registry_register_and_find),
	KUNIT_CASE(registry_find_unknown),
	KUNIT_CASE(registry_find_is_exact),
	KUNIT_CASE(registry_unregister_removes),
	KUNIT_CASE(registry_reregister),
	KUNIT_CASE(registry_unregister_unknown_is_noop),
	KUNIT_CASE(registry_unregister_vmlinux_refused),
	KUNIT_CASE(registry_empty_table),
	KUNIT_CASE(registry_refuses_duplicate),
	KUNIT_CASE(registry_refuses_duplicate_in_table),
	KUNIT_CASE(registry_refuses_nameless),
	KUNIT_CASE(registry_refuses_vmlinux_name),
	KUNIT_CASE(registry_walk_visits_all),
	KUNIT_CASE(registry_walk_stops),
	KUNIT_CASE(registry_call_with_spec),
	KUNIT_CASE(registry_vmlinux_section),
#ifdef CONFIG_KAPI_RUNTIME_CHECKS
	KUNIT_CASE(registry_table_counters),
#endif
	{}
};

static struct kunit_suite kapi_registry_suite = {
	.name = "kapi_registry",
	.test_cases = kapi_registry_cases,
};

static void model_errno_listed(struct kunit *test)
{
	const struct kapi_spec *s = &kapi_fixture_full;

	KUNIT_EXPECT_TRUE(test, kapi_errno_listed(s, EBADF));
	KUNIT_EXPECT_TRUE(test, kapi_errno_listed(s, EFAULT));
	KUNIT_EXPECT_FALSE(test, kapi_errno_listed(s, EINVAL));
	KUNIT_EXPECT_FALSE(test, kapi_errno_listed(s, EBADF + 64));
}

static void model_errno_listed_bounds(struct kunit *test)
{
	static const struct kapi_spec all = {
		.errno_map = { ~0ULL, ~0ULL, ~0ULL },
	};
	/* past the map (mips's EDQUOT is 1133): found in the list */
	static const struct kapi_error past[] = {
		{ .name = "ENOIOCTLCMD", .error = ENOIOCTLCMD },
	};
	static const struct kapi_spec listed_past = {
		.errors = past,
		.n_errors = ARRAY_SIZE(past),
	};

	KUNIT_EXPECT_FALSE(test, kapi_errno_listed(&all, 0));
	KUNIT_EXPECT_FALSE(test, kapi_errno_listed(&all, -EBADF));
	KUNIT_EXPECT_TRUE(test, kapi_errno_listed(&all, 1));
	KUNIT_EXPECT_TRUE(test, kapi_errno_listed(&all,
						  KAPI_ERRNO_MAP_BITS - 1));
	KUNIT_EXPECT_FALSE(test, kapi_errno_listed(&all, KAPI_ERRNO_MAP_BITS));
	KUNIT_EXPECT_FALSE(test, kapi_errno_listed(&all, 4095));
	KUNIT_EXPECT_TRUE(test, kapi_errno_listed(&listed_past, ENOIOCTLCMD));
	KUNIT_EXPECT_FALSE(test, kapi_errno_listed(&listed_past,
						   ENOIOCTLCMD + 1));
	KUNIT_EXPECT_FALSE(test, kapi_errno_listed(&listed_past, EBADF));
}

static void model_errno_bit_macro(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, KAPI_ERRNO_BIT(0, 1), 2ULL);
	KUNIT_EXPECT_EQ(test, KAPI_ERRNO_BIT(1, 1), 0ULL);
	KUNIT_EXPECT_EQ(test, KAPI_ERRNO_BIT(1, 64), 1ULL);
	KUNIT_EXPECT_EQ(test, KAPI_ERRNO_BIT(2, 133), 1ULL << 5);
}

/* The errno bitmap says exactly what the error list says. */
static void model_errno_map_matches_errors(struct kunit *test)
{
	const struct kapi_spec *s = &kapi_fixture_full;
	unsigned int i, bits = 0;

	for (i = 0; i < s->n_errors; i++)
		KUNIT_EXPECT_TRUE(test, kapi_errno_listed(s, s->errors[i].error));
	for (i = 0; i < ARRAY_SIZE(s->errno_map); i++)
		bits += hweight64(s->errno_map[i]);
	KUNIT_EXPECT_EQ(test, bits, s->n_errors);
}

static void model_array_macro(struct kunit *test)
{
	const struct kapi_spec *s = &kapi_fixture_full;

	KUNIT_EXPECT_EQ(test, s->n_params, 3);
	KUNIT_EXPECT_EQ(test, s->n_errors, 2);
	KUNIT_EXPECT_EQ(test, s->n_items, 3);
	KUNIT_EXPECT_STREQ(test, s->params[2].name, "flags");
}

static void model_names_cover_enums(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, kapi_kind_names.count, KAPI_KIND_COUNT);
	KUNIT_EXPECT_EQ(test, kapi_ctx_names.count, KAPI_CTX_COUNT);
	KUNIT_EXPECT_EQ(test, kapi_type_names.count, KAPI_TYPE_COUNT);
	KUNIT_EXPECT_EQ(test, kapi_param_flag_names.count,
			KAPI_PARAM_FLAG_COUNT);
	KUNIT_EXPECT_EQ(test, kapi_constraint_names.count,
			KAPI_CONSTRAINT_COUNT);
	KUNIT_EXPECT_EQ(test, kapi_return_check_names.count,
			KAPI_RETURN_COUNT);
	KUNIT_EXPECT_EQ(test, kapi_lock_kind_names.count, KAPI_LOCK_COUNT);
	KUNIT_EXPECT_EQ(test, kapi_signal_direction_names.count,
			KAPI_SIGNAL_DIRECTION_COUNT);
	KUNIT_EXPECT_EQ(test, kapi_signal_action_names.count,
			KAPI_SIGNAL_ACTION_COUNT);
	KUNIT_EXPECT_EQ(test, kapi_signal_timing_names.count,
			KAPI_SIGNAL_TIME_COUNT);
	KUNIT_EXPECT_EQ(test, kapi_effect_names.count, KAPI_EFFECT_COUNT);
	KUNIT_EXPECT_EQ(test, kapi_cap_kind_names.count, KAPI_CAP_KIND_COUNT);
}

static void model_name_out_of_range(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, kapi_name(&kapi_kind_names, KAPI_KIND_IOCTL),
			   "ioctl");
	KUNIT_EXPECT_STREQ(test, kapi_name(&kapi_kind_names, KAPI_KIND_COUNT),
			   "unknown");
	KUNIT_EXPECT_STREQ(test, kapi_name(&kapi_type_names, ~0U), "unknown");
}

static struct kunit_case kapi_model_cases[] = {
	KUNIT_CASE(model_errno_listed),
	KUNIT_CASE(model_errno_listed_bounds),
	KUNIT_CASE(model_errno_bit_macro),
	KUNIT_CASE(model_errno_map_matches_errors),
	KUNIT_CASE(model_array_macro),
	KUNIT_CASE(model_names_cover_enums),
	KUNIT_CASE(model_name_out_of_range),
	{}
};

static struct kunit_suite kapi_model_suite = {
	.name = "kapi_model",
	.test_cases = kapi_model_cases,
};

kunit_test_suites(&kapi_registry_suite, &kapi_model_suite);

MODULE_DESCRIPTION("KUnit tests for kernel API specifications");
MODULE_LICENSE("GPL");
