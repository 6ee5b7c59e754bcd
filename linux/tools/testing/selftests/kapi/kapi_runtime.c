// SPDX-License-Identifier: GPL-2.0
/*
 * Run-time checks of specified syscalls, seen from userspace:
 *  - correct calls produce no report and are counted;
 *  - each deliberately bad call returns exactly what it returns with the
 *    checks off (warn mode never changes a result); it fails, as the spec
 *    says such a call does, so it is counted as rejected and not reported;
 *  - enforce mode refuses the call with the errno the spec names.
 * Prints KTAP; needs debugfs and CONFIG_KAPI_RUNTIME_CHECKS.
 */
#include "kapi_conformance.h"

#include <limits.h>
#include <sys/syscall.h>

static int set_mode(const char *mode)
{
	return kc_write(KC_KAPI_DIR "/mode", mode);
}

struct outcome {
	long ret;
	int err;
};

static struct outcome do_read(long fd, long buf, long count)
{
	struct outcome o;

	errno = 0;
	o.ret = syscall(SYS_read, fd, buf, count);
	o.err = o.ret < 0 ? errno : 0;
	return o;
}

struct bad_case {
	const char *what;
	long fd_sel, buf, count;	/* fd_sel: -2 = the open /dev/zero fd */
	int rejected;			/* calls counted as rejected in warn */
	int enforce_errno;		/* errno enforce mode refuses with */
};

#define TRACING "/sys/kernel/tracing"

/* What the checker does also shows up as a kapi:kapi_violation event. */
static void trace_test(int zero)
{
	char buf[8192];
	ssize_t n;
	int fd;

	if (kc_write_flags(TRACING "/trace", "", O_TRUNC) ||
	    kc_write(TRACING "/events/kapi/kapi_violation/enable", "1")) {
		ksft_test_result_code(KSFT_SKIP, "kapi_runtime.tracepoint",
				      "no kapi events in %s", TRACING);
		return;
	}
	set_mode("enforce");
	do_read(-1, (long)buf, 1);
	set_mode("warn");
	(void)zero;
	kc_write(TRACING "/events/kapi/kapi_violation/enable", "0");
	fd = open(TRACING "/trace", O_RDONLY);
	n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);
	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	ksft_test_result(strstr(buf, "kapi_violation: read kind=param param=0"),
			 "kapi_runtime.tracepoint\n");
}

/*
 * Kernel functions checked at their entry (nr -1 in kapi/stats) have been
 * called all through the boot, the KUnit suites and the tests before this
 * one; the KUnit cases that provoke reports on purpose take them back. So
 * every report count of every function must still be 0.
 */
static void check_functions_quiet(void)
{
	char *text = kc_slurp(KC_KAPI_DIR "/stats"), *line, *save = NULL;
	long rejected, v[4];
	int n_fn = 0, bad = 0;
	char name[64];

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "%63s -1 - %ld %ld %ld %ld %ld", name,
			   &rejected, &v[0], &v[1], &v[2], &v[3]) != 6)
			continue;
		n_fn++;
		if (v[0] || v[1] || v[2] || v[3]) {
			ksft_print_msg("%s: reports param %ld return %ld errno %ld context %ld\n",
				       name, v[0], v[1], v[2], v[3]);
			bad++;
		}
	}
	free(text);
	if (!n_fn) {
		ksft_print_msg("no function specs in %s/stats\n", KC_KAPI_DIR);
		ksft_test_result_skip("kapi_runtime.functions_report_nothing\n");
	} else {
		ksft_test_result(!bad, "kapi_runtime.functions_report_nothing # %d functions\n",
				 n_fn);
	}
}

int main(void)
{
	static char buf[64];
	struct kc_stats a, b;
	int zero, i, n_ok;
	static const struct bad_case cases[] = {
		{ "fd_negative", -1, 0, 1, 1, EBADF },
		{ "fd_above_int_max", (long)INT_MAX + 1, 0, 1, 1, EBADF },
		{ "buf_kernel_address", -2, (long)KC_KADDR, 8, 1, EFAULT },
		{ "count_negative_as_ssize", -2, 0, -1L, 1, EFAULT },
	};

	ksft_print_header();
	if (kc_read_stats("read", &a) || set_mode("warn"))
		ksft_exit_skip("no %s/stats with a read entry or no %s/mode\n",
			       KC_KAPI_DIR, KC_KAPI_DIR);
	ksft_set_plan(5 + 2 * ARRAY_SIZE(cases));

	zero = open("/dev/zero", O_RDONLY);
	if (zero < 0)
		ksft_exit_fail_msg("/dev/zero: %s\n", strerror(errno));

	/* Correct use: no report, every call counted. */
	kc_read_stats("read", &a);
	n_ok = 0;
	for (i = 0; i < 100; i++)
		n_ok += read(zero, buf, 1 + i % sizeof(buf)) > 0;
	n_ok += read(zero, buf, 0) == 0;
	n_ok += read(zero, NULL, 0) == 0;
	kc_read_stats("read", &b);
	ksft_test_result(n_ok == 102, "kapi_runtime.correct_calls_succeed\n");
	ksft_test_result(b.param == a.param && b.ret == a.ret && b.err == a.err &&
			 b.ctx == a.ctx, "kapi_runtime.correct_calls_no_report\n");
	/* Our own stats reads count too: they read via read(2). */
	ksft_test_result(b.calls - a.calls >= 102,
			 "kapi_runtime.calls_counted # %ld\n", b.calls - a.calls);

	for (i = 0; i < (int)(ARRAY_SIZE(cases)); i++) {
		const struct bad_case *c = &cases[i];
		long fd = c->fd_sel == -2 ? zero : c->fd_sel;
		long ubuf = c->buf ? c->buf : (long)buf;
		struct outcome off, warn, enf;

		set_mode("off");
		off = do_read(fd, ubuf, c->count);
		set_mode("warn");
		kc_read_stats("read", &a);
		warn = do_read(fd, ubuf, c->count);
		kc_read_stats("read", &b);
		ksft_print_msg("%s: off %ld/%d warn %ld/%d rejected %ld reports %ld\n",
			       c->what, off.ret, off.err, warn.ret, warn.err,
			       b.rejected - a.rejected, b.param - a.param);
		ksft_test_result(off.ret == warn.ret && off.err == warn.err &&
				 b.rejected - a.rejected == c->rejected &&
				 b.param == a.param && b.err == a.err,
				 "kapi_runtime.warn_same_result.%s\n", c->what);

		set_mode("enforce");
		enf = do_read(fd, ubuf, c->count);
		set_mode("warn");
		ksft_test_result(enf.ret == -1 && enf.err == c->enforce_errno,
				 "kapi_runtime.enforce_refuses.%s # errno %d\n",
				 c->what, enf.err);
	}
	trace_test(zero);
	close(zero);
	check_functions_quiet();
	ksft_finished();
}
