// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the run-time checks that scripts/kapi generates: one
 * annotated function below has a parameter of every constraint kind, so
 * its generated __kapi_bad_ and __kapi_report_ functions are exactly what
 * a syscall gets. Each kind is tried with a value it accepts and one it
 * refuses, in warn and in enforce mode. No user memory is touched: the
 * user addresses are only ever compared.
 */
#include <kunit/test.h>
#include <linux/bottom_half.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/kapi_checks.h>
#include <linux/kernel_api_spec.h>
#include <linux/limits.h>
#include "kapi_internal.h"

#include "runtime_test.apispec.h"

/**
 * kapi_check_kinds - a function with one parameter of each constraint kind
 * @fd: an open descriptor
 * @dfd: a directory descriptor or AT_FDCWD
 * @count: how many, 1 to 16
 * @flags: KAPI test flags
 * @whence: one of three values
 * @offset: a multiple of 8
 * @order: a power of two
 * @ptr: a user address
 * @buf: a user buffer of @len bytes
 * @len: size of @buf
 * @name: a user string
 * @path: a user path name
 *
 * context-flags: KAPI_CTX_PROCESS | KAPI_CTX_SLEEPABLE
 *
 * param: fd
 *   type: KAPI_TYPE_FD
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_FD
 *
 * param: dfd
 *   type: KAPI_TYPE_FD
 *   flags: KAPI_PARAM_IN | KAPI_PARAM_OPTIONAL
 *   constraint-type: KAPI_CONSTRAINT_FD
 *
 * param: count
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_RANGE
 *   range: 1, 16
 *
 * param: flags
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_MASK
 *   valid-mask: 0x0f
 *
 * param: whence
 *   type: KAPI_TYPE_INT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_ENUM
 *   enum: 0, 1, 4
 *
 * param: offset
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_ALIGNMENT
 *   align: 8
 *
 * param: order
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_POWER_OF_TWO
 *
 * param: ptr
 *   type: KAPI_TYPE_USER_PTR
 *   flags: KAPI_PARAM_IN | KAPI_PARAM_USER
 *   constraint-type: KAPI_CONSTRAINT_USER_PTR
 *
 * param: buf
 *   type: KAPI_TYPE_USER_PTR
 *   flags: KAPI_PARAM_OUT | KAPI_PARAM_USER
 *   constraint-type: KAPI_CONSTRAINT_BUFFER
 *   size-param: 9
 *
 * param: len
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_NONE
 *
 * param: name
 *   type: KAPI_TYPE_USER_PTR
 *   flags: KAPI_PARAM_IN | KAPI_PARAM_USER
 *   constraint-type: KAPI_CONSTRAINT_USER_STRING
 *
 * param: path
 *   type: KAPI_TYPE_PATH
 *   flags: KAPI_PARAM_IN | KAPI_PARAM_USER
 *   constraint-type: KAPI_CONSTRAINT_USER_PATH
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_EXACT
 *   success: == 0
 *
 * check-order: dfd, count, flags, whence, offset, order, ptr, buf, len, name,
 *   path, fd
 */
static noinline int kapi_check_kinds(int fd, int dfd, unsigned int count,
				     unsigned int flags, int whence,
				     unsigned long offset, unsigned long order,
				     void __user *ptr, char __user *buf,
				     size_t len, const char __user *name,
				     const char __user *path)
{
	return 0;
}

/**
 * kapi_check_fd_first - a descriptor the kernel looks up before a count
 * @fd: a descriptor open for reading
 * @count: 1 to 16
 *
 * context-flags: KAPI_CTX_PROCESS | KAPI_CTX_SLEEPABLE
 *
 * param: fd
 *   type: KAPI_TYPE_FD
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_FD
 *   fd-modes: FMODE_READ EBADF
 *
 * param: count
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_RANGE
 *   range: 1, 16
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_EXACT
 *   success: == 0
 *
 * error: EBADF, fd is not open for reading
 * error: EINVAL, count is out of range
 */
static noinline int kapi_check_fd_first(int fd, unsigned int count)
{
	return 0;
}

/**
 * kapi_check_rule - a rule over two arguments, tested before either
 * @lo: first of a range
 * @hi: last of the range
 * @flags: 0 or 1
 *
 * context-flags: KAPI_CTX_PROCESS | KAPI_CTX_SLEEPABLE
 *
 * param: lo
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_NONE
 *
 * param: hi
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_NONE
 *
 * param: flags
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_MASK
 *   valid-mask: 1
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_EXACT
 *   success: == 0
 *
 * constraint: Ordered
 *   desc: A range whose first number is above its last is refused first.
 *   expr: lo <= hi
 *   error: ERANGE
 *
 * error: ERANGE, lo is above hi
 * error: EINVAL, flags has a bit other than 1
 */
static noinline int kapi_check_rule(unsigned int lo, unsigned int hi,
				    unsigned int flags)
{
	return 0;
}

#define USER_ADDR	0x10000L
/* The top page: kernel space on every 64-bit architecture. */
#define KERNEL_ADDR	(-4096L)

enum {
	P_FD, P_DFD, P_COUNT, P_FLAGS, P_WHENCE, P_OFFSET, P_ORDER, P_PTR,
	P_BUF, P_LEN, P_NAME, P_PATH, P_N
};

static const long good_args[P_N] = {
	[P_FD] = 3, [P_DFD] = AT_FDCWD, [P_COUNT] = 16, [P_FLAGS] = 0x9,
	[P_WHENCE] = 4, [P_OFFSET] = 64, [P_ORDER] = 4096,
	[P_PTR] = USER_ADDR, [P_BUF] = USER_ADDR, [P_LEN] = 4096,
	[P_NAME] = USER_ADDR, [P_PATH] = USER_ADDR,
};

struct bad_arg {
	const char *what;
	int param;
	long value;
	int err;	/* what enforce mode refuses with */
};

static const struct bad_arg bad_args[] = {
	{ "fd negative", P_FD, -1, -EBADF },
	{ "fd AT_FDCWD where not allowed", P_FD, AT_FDCWD, -EBADF },
	{ "dfd negative", P_DFD, -5, -EBADF },
	{ "count below range", P_COUNT, 0, -EINVAL },
	{ "count above range", P_COUNT, 17, -EINVAL },
	{ "flags outside mask", P_FLAGS, 0x10, -EINVAL },
	{ "whence not in enum", P_WHENCE, 2, -EINVAL },
	{ "offset misaligned", P_OFFSET, 65, -EINVAL },
	{ "order not a power of two", P_ORDER, 4095, -EINVAL },
	{ "order zero", P_ORDER, 0, -EINVAL },
	{ "ptr NULL", P_PTR, 0, -EFAULT },
	{ "ptr kernel address", P_PTR, KERNEL_ADDR, -EFAULT },
	{ "buf kernel address", P_BUF, KERNEL_ADDR, -EFAULT },
	{ "buf size wraps", P_LEN, -1L, -EFAULT },
	{ "name NULL", P_NAME, 0, -EFAULT },
	{ "path kernel address", P_PATH, KERNEL_ADDR, -EFAULT },
};

static void bad_arg_desc(const struct bad_arg *b, char *desc)
{
	strscpy(desc, b->what, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(bad_arg, bad_args, bad_arg_desc);

static bool call_bad(const long *a)
{
	return __kapi_bad_kapi_check_kinds(a[0], a[1], a[2], a[3], a[4], a[5],
					   a[6], a[7], a[8], a[9], a[10], a[11]);
}

static long call_report(const long *a)
{
	return __kapi_report_kapi_check_kinds(false, 0, a[0], a[1], a[2], a[3],
					      a[4], a[5], a[6], a[7], a[8],
					      a[9], a[10], a[11]);
}

static void restore_mode(void *mode)
{
	kapi_set_mode(kapi_mode_name((long)mode));
}

/*
 * kapi_test_set_mode() - switch the checks to @mode for the rest of @test
 * @test: the running test; its end restores the mode it found
 * @mode: "off", "warn" or "enforce"
 *
 * Shared with the function-check suite, which is linked with this one.
 */
void kapi_test_set_mode(struct kunit *test, const char *mode)
{
	long old = kapi_get_mode();

	KUNIT_ASSERT_EQ(test, 0,
			kunit_add_action_or_reset(test, restore_mode,
						  (void *)old));
	KUNIT_ASSERT_EQ(test, 0, kapi_set_mode(mode));
}

static void runtime_good_args_pass(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, call_bad(good_args));
	kapi_test_set_mode(test, "enforce");
	KUNIT_EXPECT_EQ(test, call_report(good_args), 0);
	/* The function itself is what the checks guard. */
	KUNIT_EXPECT_EQ(test, kapi_check_kinds(3, AT_FDCWD, 1, 0, 0, 0, 1,
					       NULL, NULL, 0, NULL, NULL), 0);
}

static void runtime_bad_arg_detected(struct kunit *test)
{
	const struct bad_arg *b = test->param_value;
	long a[P_N];

	memcpy(a, good_args, sizeof(a));
	a[b->param] = b->value;
	KUNIT_EXPECT_TRUE(test, call_bad(a));
}

static void runtime_warn_never_refuses(struct kunit *test)
{
	const struct bad_arg *b = test->param_value;
	long a[P_N];

	memcpy(a, good_args, sizeof(a));
	a[b->param] = b->value;
	kapi_test_set_mode(test, "warn");
	KUNIT_EXPECT_EQ(test, call_report(a), 0);
}

static void runtime_enforce_refuses(struct kunit *test)
{
	const struct bad_arg *b = test->param_value;
	long a[P_N];

	memcpy(a, good_args, sizeof(a));
	a[b->param] = b->value;
	kapi_test_set_mode(test, "enforce");
	KUNIT_EXPECT_EQ(test, call_report(a), b->err);
}

/*
 * After the call, the result decides: a bad argument that made the call
 * fail is what the spec predicts (counted, not reported); one the kernel
 * accepted is a finding. Uses read's spec, which has counters; this
 * leaves one report on read in kapi/stats, which the selftests discount
 * by only ever comparing counters before and after.
 */
static void runtime_outcome_decides(struct kunit *test)
{
	const struct kapi_spec *read = kapi_find_spec("read");
	struct kapi_syscall_stats *st;
	long rejected, param;

	if (!read)
		kunit_skip(test, "no spec for read in this kernel");
	st = kapi_syscall_stats(read->nr);
	KUNIT_ASSERT_NOT_NULL(test, st);
	kapi_test_set_mode(test, "warn");
	rejected = atomic_long_read(&st->rejected);
	param = atomic_long_read(&st->violations[KAPI_VIOLATION_PARAM]);

	/* Before the call, warn mode waits for the outcome. */
	KUNIT_EXPECT_EQ(test, kapi_param_violation(read, 0, -1, false, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&st->rejected), rejected);

	KUNIT_EXPECT_EQ(test, kapi_param_violation(read, 0, -1, true, -EBADF, 0), 0);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&st->rejected), rejected + 1);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&st->violations[KAPI_VIOLATION_PARAM]),
			param);

	KUNIT_EXPECT_EQ(test, kapi_param_violation(read, 0, -1, true, 1, 0), 0);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&st->violations[KAPI_VIOLATION_PARAM]),
			param + 1);

	KUNIT_EXPECT_EQ(test, kapi_set_mode("enforce"), 0);
	KUNIT_EXPECT_EQ(test, kapi_param_violation(read, 0, -1, false, 0, 0), -EBADF);
	KUNIT_EXPECT_EQ(test, kapi_param_violation(read, 0, -1, false, 0, -E2BIG),
			-E2BIG);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&st->rejected), rejected + 3);
}

static void runtime_context_checked(struct kunit *test)
{
	bool bad;

	/* Softirq-disabled sections count in preempt_count() in every config. */
	local_bh_disable();
	bad = call_bad(good_args);
	local_bh_enable();
	KUNIT_EXPECT_TRUE(test, bad);
}

static void runtime_mode_names(struct kunit *test)
{
	kapi_test_set_mode(test, "off");
	KUNIT_EXPECT_STREQ(test, kapi_mode_name(kapi_get_mode()), "off");
	KUNIT_EXPECT_EQ(test, kapi_set_mode("sometimes"), -EINVAL);
	KUNIT_EXPECT_STREQ(test, kapi_mode_name(kapi_get_mode()), "off");
	KUNIT_EXPECT_EQ(test, kapi_set_mode("enforce"), 0);
	KUNIT_EXPECT_STREQ(test, kapi_mode_name(kapi_get_mode()), "enforce");
}

static void runtime_errno_check(struct kunit *test)
{
	const struct kapi_spec *read = kapi_find_spec("read");

	if (!read)
		kunit_skip(test, "no spec for read in this kernel");
	/* Listed errnos and -ERESTARTSYS (seen as EINTR) pass through. */
	KUNIT_EXPECT_EQ(test, kapi_check_errno(read, -EBADF), -EBADF);
	KUNIT_EXPECT_EQ(test, kapi_check_errno(read, -512), -512);
	/* An unlisted one is reported, and still returned unchanged. */
	KUNIT_EXPECT_EQ(test, kapi_check_errno(read, -ENOTTY), -ENOTTY);
}

/*
 * The -ERESTART* codes are what a syscall interrupted by a signal returns
 * on its way to the signal code; the caller sees EINTR (or a restart), so
 * they pass as EINTR. -ENOIOCTLCMD (515) sits among them but is no
 * restart code: it is an errno the spec does not list and is reported.
 * Leaves one errno report (515) on read, like runtime_errno_check's.
 */
static void runtime_restart_codes(struct kunit *test)
{
	static const long restart[] = {
		-ERESTARTSYS, -ERESTARTNOINTR, -ERESTARTNOHAND,
		-ERESTART_RESTARTBLOCK,
	};
	const struct kapi_spec *read = kapi_find_spec("read");
	struct kapi_syscall_stats *st;
	unsigned int i;
	long errs;

	if (!read)
		kunit_skip(test, "no spec for read in this kernel");
	st = kapi_syscall_stats(read->nr);
	KUNIT_ASSERT_NOT_NULL(test, st);
	KUNIT_ASSERT_TRUE(test, kapi_errno_listed(read, EINTR));
	KUNIT_ASSERT_FALSE(test, kapi_errno_listed(read, ENOIOCTLCMD));
	errs = atomic_long_read(&st->violations[KAPI_VIOLATION_ERRNO]);

	for (i = 0; i < ARRAY_SIZE(restart); i++) {
		KUNIT_EXPECT_TRUE_MSG(test, kapi_is_restart(restart[i]),
				      "ret %ld", restart[i]);
		KUNIT_EXPECT_EQ(test, kapi_check_errno(read, restart[i]),
				restart[i]);
	}
	KUNIT_EXPECT_EQ(test,
			atomic_long_read(&st->violations[KAPI_VIOLATION_ERRNO]),
			errs);

	KUNIT_EXPECT_FALSE(test, kapi_is_restart(-ENOIOCTLCMD));
	KUNIT_EXPECT_FALSE(test, kapi_is_restart(-EPROBE_DEFER));
	KUNIT_EXPECT_FALSE(test, kapi_is_restart(-EINTR));
	KUNIT_EXPECT_EQ(test, kapi_check_errno(read, -ENOIOCTLCMD),
			-ENOIOCTLCMD);
	KUNIT_EXPECT_EQ(test,
			atomic_long_read(&st->violations[KAPI_VIOLATION_ERRNO]),
			errs + 1);
}

/*
 * A descriptor that is not open fails before its mode bits are looked at;
 * INT_MAX is past every descriptor table. The mode bits themselves are
 * held to the kernel by kapi probe (pread64 on a pipe: ESPIPE).
 */
static void runtime_fd_errno_not_open(struct kunit *test)
{
	static const struct kapi_fd_mode readable[] = {
		{ FMODE_READ, -EINVAL },
	};

	KUNIT_EXPECT_EQ(test, kapi_fd_errno(INT_MAX, NULL, 0), -EBADF);
	KUNIT_EXPECT_EQ(test, kapi_fd_errno(INT_MAX, readable, 1), -EBADF);
}

/*
 * A bad count behind a descriptor that is not open is refused with the
 * descriptor's EBADF, as the kernel's own lookup would fail first; a
 * negative descriptor with its own. A test thread has no descriptors open.
 */
static void runtime_fd_checked_first(struct kunit *test)
{
	kapi_test_set_mode(test, "enforce");
	KUNIT_EXPECT_EQ(test, __kapi_report_kapi_check_fd_first(false, 0, 3, 0),
			-EBADF);
	KUNIT_EXPECT_EQ(test, __kapi_report_kapi_check_fd_first(false, 0, -1, 0),
			-EBADF);
	KUNIT_EXPECT_EQ(test, __kapi_report_kapi_check_fd_first(false, 0, 3, 5),
			0);
	KUNIT_EXPECT_EQ(test, kapi_check_fd_first(3, 5), 0);
}

/*
 * A constraint with an errno is tested before the arguments it spans, in
 * both halves of the check; an unbroken one passes the call on.
 */
static void runtime_rule_checked_first(struct kunit *test)
{
	kapi_test_set_mode(test, "enforce");
	KUNIT_EXPECT_TRUE(test, __kapi_bad_kapi_check_rule(5, 3, 0));
	KUNIT_EXPECT_FALSE(test, __kapi_bad_kapi_check_rule(3, 5, 1));
	KUNIT_EXPECT_EQ(test, __kapi_report_kapi_check_rule(false, 0, 5, 3, 2),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, __kapi_report_kapi_check_rule(false, 0, 3, 5, 2),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, __kapi_report_kapi_check_rule(false, 0, 3, 3, 1),
			0);
	/* after a call the kernel failed, nothing is refused */
	KUNIT_EXPECT_EQ(test, __kapi_report_kapi_check_rule(true, -ERANGE, 5, 3,
							    0), 0);
	KUNIT_EXPECT_EQ(test, kapi_check_rule(3, 5, 0), 0);
}

/* 1 + the index of command @name of @spec, 0 if it has none by that name */
static unsigned int variant_of(const struct kapi_spec *spec, const char *name)
{
	unsigned int i;

	for (i = 0; i < spec->n_variants; i++)
		if (!strcmp(spec->variants[i].name, name))
			return i + 1;
	return 0;
}

/*
 * An errno listed for one command is fine from that command and reported
 * from another; one listed for no command in particular is fine from any,
 * an unknown command included. Leaves one errno report on fcntl.
 */
static void runtime_variant_errno(struct kunit *test)
{
	const struct kapi_spec *fcntl = kapi_find_spec("fcntl");
	unsigned int dupfd, getfd;
	struct kapi_syscall_stats *st;
	long errs;

	if (!fcntl)
		kunit_skip(test, "no spec for fcntl in this kernel");
	dupfd = variant_of(fcntl, "F_DUPFD");
	getfd = variant_of(fcntl, "F_GETFD");
	KUNIT_ASSERT_NE(test, dupfd, 0);
	KUNIT_ASSERT_NE(test, getfd, 0);
	st = kapi_syscall_stats(fcntl->nr);
	KUNIT_ASSERT_NOT_NULL(test, st);
	errs = atomic_long_read(&st->violations[KAPI_VIOLATION_ERRNO]);

	KUNIT_EXPECT_EQ(test, kapi_check_variant_errno(fcntl, dupfd, -EMFILE),
			-EMFILE);
	KUNIT_EXPECT_EQ(test, kapi_check_variant_errno(fcntl, dupfd, -EBADF),
			-EBADF);
	KUNIT_EXPECT_EQ(test, kapi_check_variant_errno(fcntl, 0, -EINVAL),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&st->violations[KAPI_VIOLATION_ERRNO]),
			errs);
	KUNIT_EXPECT_EQ(test, kapi_check_variant_errno(fcntl, getfd, -EMFILE),
			-EMFILE);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&st->violations[KAPI_VIOLATION_ERRNO]),
			errs + 1);
}

static struct kunit_case kapi_runtime_cases[] = {
	KUNIT_CASE(runtime_good_args_pass),
	KUNIT_CASE_PARAM(runtime_bad_arg_detected, bad_arg_gen_params),
	KUNIT_CASE_PARAM(runtime_warn_never_refuses, bad_arg_gen_params),
	KUNIT_CASE_PARAM(runtime_enforce_refuses, bad_arg_gen_params),
	KUNIT_CASE(runtime_outcome_decides),
	KUNIT_CASE(runtime_context_checked),
	KUNIT_CASE(runtime_mode_names),
	KUNIT_CASE(runtime_errno_check),
	KUNIT_CASE(runtime_restart_codes),
	KUNIT_CASE(runtime_fd_errno_not_open),
	KUNIT_CASE(runtime_fd_checked_first),
	KUNIT_CASE(runtime_rule_checked_first),
	KUNIT_CASE(runtime_variant_errno),
	{}
};

static struct kunit_suite kapi_runtime_suite = {
	.name = "kapi_runtime",
	.test_cases = kapi_runtime_cases,
};

kunit_test_suites(&kapi_runtime_suite);
