// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the checks kernel functions opt in to with KAPI_FN_CHECKED()
 * and kapi_fn_call(): a real function (msleep) called from contexts its
 * spec excludes, correct calls of the checked kernel functions, and a
 * function of this file whose spec has a rule and an errno list.
 *
 * msleep(0) never sleeps, so calling it with a spinlock held or from a
 * timer is harmless, yet its spec rules both out: the report is the
 * checker's alone. A test that provokes a report on purpose takes it back
 * from the counters once it has seen it, so that kapi/stats keeps only the
 * reports nobody expected, which the selftests require to be none.
 */
#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/kapi_checks.h>
#include <linux/kernel_api_spec.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/timer.h>
#include "kapi_internal.h"

#include "function_checks_test.apispec.h"

static __always_inline long fn_test_halve(int n)
{
	if (n == 1001)
		return -ENOENT;
	if (n < 0)
		return 0;
	if (n & 1)
		return -EINVAL;
	return n / 2;
}

static long kapi_fn_test_halve(int n);

KAPI_FN_CHECKED(kapi_fn_test_halve, fn_test_halve);

/**
 * kapi_fn_test_halve - halve an even number
 * @n: the number
 *
 * context-flags: KAPI_CTX_PROCESS | KAPI_CTX_SLEEPABLE
 *
 * param: n
 *   type: KAPI_TYPE_INT
 *   flags: KAPI_PARAM_IN
 *   cdesc: Non-negative; odd numbers give EINVAL, negative ones 0.
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: 0..100
 *   desc: Half of @n.
 *
 * constraint: Never a negative number
 *   desc: Callers check for negative numbers before they call.
 *   expr: n >= 0
 *   checked: yes
 *
 * error: EINVAL, n is odd
 *   desc: Odd numbers have no whole half.
 *
 * notes: Returns what it is told to for a few numbers, so that the tests
 *   can make it break its own spec: -ENOENT for 1001, 150 for 300.
 */
static noinline long kapi_fn_test_halve(int n)
{
	return kapi_fn_call(kapi_fn_test_halve, fn_test_halve, n);
}

/* msleep() of 0 ms returns at once (a variable: checkpatch flags short sleeps) */
static unsigned int fn_test_nap_ms;

/* a lock that the tests hold around calls that must not be made under one */
static DEFINE_SPINLOCK(fn_test_lock);

/* The counters of vmlinux's function spec @name, or NULL. */
static struct kapi_syscall_stats *fn_stats(const char *name)
{
	struct kapi_syscall_stats *st;
	unsigned int i;

	for (i = 0; (st = kapi_function_stats(i)); i++)
		if (st->spec->kind == KAPI_KIND_FUNCTION &&
		    !strcmp(st->spec->name, name))
			return st;
	return NULL;
}

static struct kapi_syscall_stats *need_stats(struct kunit *test,
					     const char *name)
{
	struct kapi_syscall_stats *st = fn_stats(name);

	if (!st)
		kunit_skip(test, "%s has no counters (not in vmlinux)", name);
	return st;
}

static long reports(struct kapi_syscall_stats *st, enum kapi_violation v)
{
	return atomic_long_read(&st->violations[v]);
}

/* Expect @want new reports of kind @v since @before, then take them back. */
static void expect_reports(struct kunit *test, struct kapi_syscall_stats *st,
			   enum kapi_violation v, long before, long want)
{
	long got = reports(st, v) - before;

	KUNIT_EXPECT_EQ_MSG(test, got, want, "%s: %s reports",
			    st->spec->name, kapi_violation_names[v]);
	if (got == want && want)
		atomic_long_sub(want, &st->violations[v]);
}

/* msleep() with a spinlock held in @mode: @want context reports */
static void msleep_under_lock(struct kunit *test, const char *mode, long want)
{
	struct kapi_syscall_stats *st = need_stats(test, "msleep");
	long before;

	kapi_test_set_mode(test, mode);
	before = reports(st, KAPI_VIOLATION_CONTEXT);
	spin_lock(&fn_test_lock);
	msleep(fn_test_nap_ms);
	spin_unlock(&fn_test_lock);
	expect_reports(test, st, KAPI_VIOLATION_CONTEXT, before, want);
}

static void fn_sleepable_under_spinlock_reported(struct kunit *test)
{
	/* without a preempt count, a held spinlock leaves nothing to see */
	if (!IS_ENABLED(CONFIG_PREEMPT_COUNT))
		kunit_skip(test, "no CONFIG_PREEMPT_COUNT: spinlocks are not a visible context");
	msleep_under_lock(test, "warn", 1);
}

struct timer_call {
	struct timer_list timer;
	struct completion done;
};

static void call_msleep_from_timer(struct timer_list *t)
{
	struct timer_call *tc = from_timer(tc, t, timer);

	msleep(fn_test_nap_ms);
	complete(&tc->done);
}

static void fn_process_only_from_timer_reported(struct kunit *test)
{
	struct kapi_syscall_stats *st = need_stats(test, "msleep");
	struct timer_call tc;
	unsigned long left;
	long before;

	kapi_test_set_mode(test, "warn");
	init_completion(&tc.done);
	timer_setup_on_stack(&tc.timer, call_msleep_from_timer, 0);
	before = reports(st, KAPI_VIOLATION_CONTEXT);
	mod_timer(&tc.timer, jiffies + 1);
	left = wait_for_completion_timeout(&tc.done, 10 * HZ);
	del_timer_sync(&tc.timer);
	destroy_timer_on_stack(&tc.timer);
	KUNIT_ASSERT_NE_MSG(test, left, 0, "the timer never ran");
	expect_reports(test, st, KAPI_VIOLATION_CONTEXT, before, 1);
}

static void fn_checks_quiet_when_off(struct kunit *test)
{
	msleep_under_lock(test, "off", 0);
}

/* Correct calls of the checked kernel functions report nothing. */
static void fn_correct_use_quiet(struct kunit *test)
{
	static const char *const names[] = { "__kmalloc_noprof", "kfree",
					     "msleep" };
	struct kapi_syscall_stats *st[ARRAY_SIZE(names)];
	long before[ARRAY_SIZE(names)][KAPI_VIOLATION_COUNT];
	size_t size = 40;
	unsigned int i, v;
	void *a, *b;

	kapi_test_set_mode(test, "warn");
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		st[i] = need_stats(test, names[i]);
		for (v = 0; v < KAPI_VIOLATION_COUNT; v++)
			before[i][v] = reports(st[i], v);
	}
	/* a size the compiler cannot see goes through __kmalloc_noprof() */
	OPTIMIZER_HIDE_VAR(size);
	a = kmalloc(size, GFP_KERNEL);
	spin_lock(&fn_test_lock);
	b = kmalloc(size, GFP_ATOMIC);
	kfree(b);
	spin_unlock(&fn_test_lock);
	kfree(a);
	kfree(NULL);
	msleep(fn_test_nap_ms);
	KUNIT_EXPECT_NOT_NULL(test, a);
	for (i = 0; i < ARRAY_SIZE(names); i++)
		for (v = 0; v < KAPI_VIOLATION_COUNT; v++)
			expect_reports(test, st[i], v, before[i][v], 0);
}

static void fn_rule_reported(struct kunit *test)
{
	struct kapi_syscall_stats *st;
	long before;

	kapi_test_set_mode(test, "enforce");
	st = need_stats(test, "kapi_fn_test_halve");
	before = reports(st, KAPI_VIOLATION_PARAM);
	/* reported, never refused: the function runs and answers */
	KUNIT_EXPECT_EQ(test, kapi_fn_test_halve(-4), 0);
	KUNIT_EXPECT_EQ(test, kapi_fn_test_halve(4), 2);
	expect_reports(test, st, KAPI_VIOLATION_PARAM, before, 1);
}

static void fn_result_checked(struct kunit *test)
{
	struct kapi_syscall_stats *st;
	long err, ret;

	kapi_test_set_mode(test, "warn");
	st = need_stats(test, "kapi_fn_test_halve");
	err = reports(st, KAPI_VIOLATION_ERRNO);
	ret = reports(st, KAPI_VIOLATION_RETURN);
	KUNIT_EXPECT_EQ(test, kapi_fn_test_halve(3), -EINVAL);
	KUNIT_EXPECT_EQ(test, kapi_fn_test_halve(200), 100);
	expect_reports(test, st, KAPI_VIOLATION_ERRNO, err, 0);
	expect_reports(test, st, KAPI_VIOLATION_RETURN, ret, 0);
	/* the results are handed back as they are */
	KUNIT_EXPECT_EQ(test, kapi_fn_test_halve(1001), -ENOENT);
	KUNIT_EXPECT_EQ(test, kapi_fn_test_halve(300), 150);
	expect_reports(test, st, KAPI_VIOLATION_ERRNO, err, 1);
	expect_reports(test, st, KAPI_VIOLATION_RETURN, ret, 1);
}

static void fn_context_test_folds(struct kunit *test)
{
	/* a task outside atomic sections: only "sleepable" callers pass */
	KUNIT_EXPECT_FALSE(test, kapi_context_bad(KAPI_CTX_PROCESS |
						  KAPI_CTX_SLEEPABLE));
	KUNIT_EXPECT_TRUE(test, kapi_context_bad(KAPI_CTX_SOFTIRQ));
	local_bh_disable();
	KUNIT_EXPECT_TRUE(test, kapi_context_bad(KAPI_CTX_PROCESS |
						 KAPI_CTX_SLEEPABLE));
	KUNIT_EXPECT_FALSE(test, kapi_context_bad(KAPI_CTX_PROCESS |
						  KAPI_CTX_SLEEPABLE |
						  KAPI_CTX_ATOMIC));
	KUNIT_EXPECT_FALSE(test, kapi_context_bad(KAPI_CTX_PROCESS));
	local_bh_enable();
}

static struct kunit_case kapi_function_checks_cases[] = {
	KUNIT_CASE(fn_sleepable_under_spinlock_reported),
	KUNIT_CASE(fn_process_only_from_timer_reported),
	KUNIT_CASE(fn_checks_quiet_when_off),
	KUNIT_CASE(fn_correct_use_quiet),
	KUNIT_CASE(fn_rule_reported),
	KUNIT_CASE(fn_result_checked),
	KUNIT_CASE(fn_context_test_folds),
	{}
};

static struct kunit_suite kapi_function_checks_suite = {
	.name = "kapi_function_checks",
	.test_cases = kapi_function_checks_cases,
};

kunit_test_suites(&kapi_function_checks_suite);
