// SPDX-License-Identifier: GPL-2.0
/*
 * The specified syscalls called by a 32-bit program on an x86-64 kernel,
 * that is through the ia32 entry (built with -m32).
 *
 * The ia32 table sends a syscall either to the function the 64-bit entry
 * reaches, whose checks then apply as they are, or to a compat_sys_*()
 * or sys_ia32_*() function of its own, which the checks do not reach.
 * The table below says which for every specified syscall; each case
 * makes K correct and K failing calls through the ia32 entry, checks
 * their results, and then that kapi/stats counted them under the right
 * syscall, among its compat-calls, exactly when the entry is checked,
 * and that the checker reported nothing.
 */
#include <linux/openat2.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#include "kapi_conformance.h"

/* More calls than a case's own reads of kapi/stats make */
#define K 32

/* descriptors the calls use, opened before the first case */
static int zero_fd, null_fd, pipe_fd[2];
static char buf[8];

/* 0 when a call that should fail with @want did, else -1 */
static int failed_with(long ret, int want)
{
	return ret == -1 && errno == want ? 0 : -1;
}

/* 0 when a call that made descriptor @fd succeeded; closes it */
static int made_fd(long fd)
{
	if (fd < 0)
		return -1;
	return syscall(SYS_close, fd) ? -1 : 0;
}

static int call_read(bool ok)
{
	return ok ? -(syscall(SYS_read, zero_fd, buf, 1) != 1) :
		    failed_with(syscall(SYS_read, -1, buf, 1), EBADF);
}

static int call_write(bool ok)
{
	return ok ? -(syscall(SYS_write, null_fd, buf, 1) != 1) :
		    failed_with(syscall(SYS_write, -1, buf, 1), EBADF);
}

static int call_readv(bool ok)
{
	struct iovec v = { buf, 1 };

	return ok ? -(syscall(SYS_readv, zero_fd, &v, 1) != 1) :
		    failed_with(syscall(SYS_readv, zero_fd, &v, -1), EINVAL);
}

static int call_writev(bool ok)
{
	struct iovec v = { buf, 1 };

	return ok ? -(syscall(SYS_writev, null_fd, &v, 1) != 1) :
		    failed_with(syscall(SYS_writev, -1, &v, 1), EBADF);
}

/* the 64-bit position goes in two registers: low half first */
static int call_pread64(bool ok)
{
	return ok ? -(syscall(SYS_pread64, zero_fd, buf, 1, 0, 0) != 1) :
		    failed_with(syscall(SYS_pread64, zero_fd, buf, 1, 0, 0x80000000),
				EINVAL);
}

static int call_pwrite64(bool ok)
{
	return ok ? -(syscall(SYS_pwrite64, null_fd, buf, 1, 0, 0) != 1) :
		    failed_with(syscall(SYS_pwrite64, -1, buf, 1, 0, 0), EBADF);
}

static int call_lseek(bool ok)
{
	return ok ? -(syscall(SYS_lseek, zero_fd, 0, SEEK_SET) != 0) :
		    failed_with(syscall(SYS_lseek, zero_fd, 0, 7), EINVAL);
}

static int call_open(bool ok)
{
	return ok ? made_fd(syscall(SYS_open, "/dev/null", O_RDONLY)) :
		    failed_with(syscall(SYS_open, "", O_RDONLY), ENOENT);
}

static int call_openat(bool ok)
{
	return ok ? made_fd(syscall(SYS_openat, AT_FDCWD, "/dev/null", O_RDONLY)) :
		    failed_with(syscall(SYS_openat, -1, "null", O_RDONLY), EBADF);
}

static int call_creat(bool ok)
{
	return ok ? made_fd(syscall(SYS_creat, "/tmp/kapi-ia32", 0600)) :
		    failed_with(syscall(SYS_creat, "", 0600), ENOENT);
}

static int call_openat2(bool ok)
{
	struct open_how how = { .flags = O_RDONLY };

	if (!ok)
		how.flags = 1ULL << 40;
	return ok ? made_fd(syscall(SYS_openat2, AT_FDCWD, "/dev/null", &how,
				    sizeof(how))) :
		    failed_with(syscall(SYS_openat2, AT_FDCWD, "/dev/null", &how,
					sizeof(how)), EINVAL);
}

static int call_close(bool ok)
{
	return ok ? made_fd(syscall(SYS_dup, null_fd)) :
		    failed_with(syscall(SYS_close, -1), EBADF);
}

static int call_close_range(bool ok)
{
	long fd = syscall(SYS_dup, null_fd);

	if (fd < 0)
		return -1;
	if (ok)
		return syscall(SYS_close_range, fd, fd, 0) ? -1 : 0;
	syscall(SYS_close, fd);
	return failed_with(syscall(SYS_close_range, 5, 3, 0), EINVAL);
}

static int call_dup(bool ok)
{
	return ok ? made_fd(syscall(SYS_dup, null_fd)) :
		    failed_with(syscall(SYS_dup, -1), EBADF);
}

static int call_dup2(bool ok)
{
	return ok ? made_fd(syscall(SYS_dup2, null_fd, 100)) :
		    failed_with(syscall(SYS_dup2, -1, 100), EBADF);
}

static int call_dup3(bool ok)
{
	return ok ? made_fd(syscall(SYS_dup3, null_fd, 100, O_CLOEXEC)) :
		    failed_with(syscall(SYS_dup3, null_fd, null_fd, 0), EINVAL);
}

static int call_fcntl(bool ok)
{
	return ok ? -(syscall(SYS_fcntl, null_fd, F_GETFL) < 0) :
		    failed_with(syscall(SYS_fcntl, -1, F_GETFL), EBADF);
}

static int call_fcntl64(bool ok)
{
	return ok ? -(syscall(SYS_fcntl64, null_fd, F_GETFL) < 0) :
		    failed_with(syscall(SYS_fcntl64, -1, F_GETFL), EBADF);
}

static int call_ioctl(bool ok)
{
	int n;

	return ok ? -(syscall(SYS_ioctl, pipe_fd[0], FIONREAD, &n) != 0) :
		    failed_with(syscall(SYS_ioctl, -1, FIONREAD, &n), EBADF);
}

static const struct ia32_case {
	const char *spec;	/* the spec of the syscall */
	const char *entry;	/* what arch/x86/entry/syscalls/syscall_32.tbl calls */
	bool checked;		/* whether that runs the spec's checks */
	int (*call)(bool ok);	/* one call, correct or failing; 0 if as expected */
} cases[] = {
	{ "read",	 "sys_read",		true,  call_read },
	{ "write",	 "sys_write",		true,  call_write },
	{ "readv",	 "sys_readv",		true,  call_readv },
	{ "writev",	 "sys_writev",		true,  call_writev },
	{ "pread64",	 "sys_ia32_pread64",	false, call_pread64 },
	{ "pwrite64",	 "sys_ia32_pwrite64",	false, call_pwrite64 },
	{ "lseek",	 "compat_sys_lseek",	false, call_lseek },
	{ "open",	 "compat_sys_open",	false, call_open },
	{ "openat",	 "compat_sys_openat",	false, call_openat },
	{ "creat",	 "sys_creat",		true,  call_creat },
	{ "openat2",	 "sys_openat2",		true,  call_openat2 },
	{ "close",	 "sys_close",		true,  call_close },
	{ "close_range", "sys_close_range",	true,  call_close_range },
	{ "dup",	 "sys_dup",		true,  call_dup },
	{ "dup2",	 "sys_dup2",		true,  call_dup2 },
	{ "dup3",	 "sys_dup3",		true,  call_dup3 },
	{ "fcntl",	 "compat_sys_fcntl64",	false, call_fcntl },
	{ "fcntl",	 "compat_sys_fcntl64 (fcntl64)", false, call_fcntl64 },
	{ "ioctl",	 "compat_sys_ioctl",	false, call_ioctl },
};

/* @spec's calls and compat-calls columns of kapi/stats */
static int read_counts(const char *spec, long *calls, long *compat)
{
	char *text = kc_slurp(KC_KAPI_DIR "/stats"), *line, *save = NULL;
	char name[64];
	int found = -1;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "%63s %*d %ld %*d %*d %*d %*d %*d %*s %ld",
			   name, calls, compat) == 3 && !strcmp(name, spec)) {
			found = 0;
			break;
		}
	}
	free(text);
	return found;
}

static void run_case(const struct ia32_case *c)
{
	long calls0 = 0, compat0 = 0, calls1 = 0, compat1 = 0;
	bool counted = kc.kapi && kc_sys(c->spec, NULL)->have_spec;
	int i, wrong = 0;

	if (counted && read_counts(c->spec, &calls0, &compat0)) {
		ksft_print_msg("%s: no compat-calls column in %s/stats\n",
			       c->spec, KC_KAPI_DIR);
		ksft_test_result_fail("ia32.%s via %s\n", c->spec, c->entry);
		return;
	}
	for (i = 0; i < 2 * K; i++)
		wrong += !!c->call(i & 1);
	if (counted)
		read_counts(c->spec, &calls1, &compat1);
	if (wrong) {
		ksft_print_msg("%s: %d of %d calls did not return what they should\n",
			       c->spec, wrong, 2 * K);
		ksft_test_result_fail("ia32.%s via %s\n", c->spec, c->entry);
		return;
	}
	if (!counted) {
		kc_no_reports();
		ksft_test_result_skip("ia32.%s via %s: results only (no spec in debugfs)\n",
				      c->spec, c->entry);
		return;
	}
	if (!kc_no_reports()) {
		ksft_test_result_fail("ia32.%s via %s\n", c->spec, c->entry);
		return;
	}
	ksft_print_msg("%s via %s: calls +%ld, compat-calls +%ld\n", c->spec,
		       c->entry, calls1 - calls0, compat1 - compat0);
	if (c->checked ? compat1 - compat0 < 2 * K || calls1 - calls0 < 2 * K :
			 compat1 != compat0) {
		ksft_print_msg("%s: the table says the entry is%s checked\n",
			       c->spec, c->checked ? "" : " not");
		ksft_test_result_fail("ia32.%s via %s\n", c->spec, c->entry);
		return;
	}
	ksft_test_result_pass("ia32.%s via %s: %s\n", c->spec, c->entry,
			      c->checked ? "checked" : "not checked");
}

int main(void)
{
	const char *names[ARRAY_SIZE(cases) + 1] = { NULL };
	unsigned int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		if (!n || strcmp(names[n - 1], cases[i].spec))
			names[n++] = cases[i].spec;
	kc_init(names, ARRAY_SIZE(cases));
	zero_fd = open("/dev/zero", O_RDONLY | O_CLOEXEC);
	null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (zero_fd < 0 || null_fd < 0 || pipe(pipe_fd))
		ksft_exit_fail_msg("cannot open /dev/zero, /dev/null or a pipe: %s\n",
				   strerror(errno));
	for (i = 0; i < ARRAY_SIZE(cases); i++)
		run_case(&cases[i]);
	unlink("/tmp/kapi-ia32");
	ksft_finished();
}
