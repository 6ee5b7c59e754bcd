// SPDX-License-Identifier: GPL-2.0
/*
 * The cost of a checked kernel function, for `make bench`: kernel_read() of
 * one byte from a file whose read method does nothing but hand back a zero,
 * timed in batches with the checks compiled out, off and in warn mode.
 *
 * Under QEMU with -icount shift=0 the guest clock advances one nanosecond
 * per instruction, so the figures printed ("kapi-bench: function ...") are
 * instructions per call there and plain nanoseconds anywhere else. The best
 * of a few batches leaves out the batches a timer interrupt landed in. The
 * suite checks that every read returned its byte, so it also runs as a
 * test in `make test`, where its figures mean nothing.
 */
#include <kunit/test.h>
#include <linux/anon_inodes.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/minmax.h>
#include <linux/timekeeping.h>
#include <linux/uio.h>
#include "kapi_internal.h"

#define COST_BATCH	1000
#define COST_BATCHES	5

static ssize_t cost_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	return iov_iter_zero(iov_iter_count(to), to);
}

static const struct file_operations cost_fops = {
	.owner = THIS_MODULE,
	.read_iter = cost_read_iter,
};

/* Tenths of a nanosecond per kernel_read() of one byte; 0 on a bad read. */
static u64 kernel_read_tenths(struct kunit *test, struct file *file)
{
	u64 best = U64_MAX;
	unsigned int b, i;

	for (b = 0; b < COST_BATCHES; b++) {
		unsigned int good = 0;
		u64 start;

		start = ktime_get_ns();
		for (i = 0; i < COST_BATCH; i++) {
			loff_t pos = 0;
			char c = 1;

			good += kernel_read(file, &c, 1, &pos) == 1 && !c;
		}
		best = min(best, ktime_get_ns() - start);
		KUNIT_EXPECT_EQ(test, good, COST_BATCH);
		if (good != COST_BATCH)
			return 0;
	}
	return div_u64(best * 10, COST_BATCH);
}

static void report_cost(struct kunit *test, struct file *file,
			const char *label)
{
	u64 t = kernel_read_tenths(test, file);

	/* printk, not kunit_info(): make bench reads it from the console */
	pr_info("kapi-bench: function %s kernel_read %llu.%llu\n", label,
		div_u64(t, 10), t % 10);
}

static void function_cost_kernel_read(struct kunit *test)
{
	struct file *file;

	file = anon_inode_getfile("[kapi-cost]", &cost_fops, NULL, O_RDONLY);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, file);
#ifdef CONFIG_KAPI_RUNTIME_FUNCTION_CHECKS
	kapi_test_set_mode(test, "off");
	report_cost(test, file, "mode-off");
	kapi_test_set_mode(test, "warn");
	report_cost(test, file, "mode-warn");
#else
	report_cost(test, file, "compiled-out");
#endif
	fput(file);
}

static struct kunit_case kapi_function_cost_cases[] = {
	KUNIT_CASE(function_cost_kernel_read),
	{}
};

static struct kunit_suite kapi_function_cost_suite = {
	.name = "kapi_function_cost",
	.test_cases = kapi_function_cost_cases,
};

kunit_test_suites(&kapi_function_cost_suite);
