// SPDX-License-Identifier: GPL-2.0
/*
 * Conformance of fcntl with its spec (fs/fcntl.c), a call with one
 * variant per command: each command's effect is checked, and every errno
 * the spec lists is provoked by some command or skipped with the reason.
 * The run-time checker (warn mode) holds each result to the command's own
 * success range and errnos, so a silent checker here means the variants
 * are right about the cases below.
 *
 * Cases that need an unprivileged caller (O_NOATIME, leases, pipe sizes)
 * run in a child that has dropped to uid 65534; the child's exit status
 * carries the errno.
 */
#include "kapi_conformance.h"

#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

/* 6.10 and 6.12 commands newer than the build host's headers */
#ifndef F_DUPFD_QUERY
#define F_DUPFD_QUERY	(1024 + 3)
#endif
#ifndef F_CREATED_QUERY
#define F_CREATED_QUERY	(1024 + 4)
#endif
/* include/uapi/asm-generic/fcntl.h; glibc does not export it */
#ifndef F_GETOWNER_UIDS
#define F_GETOWNER_UIDS	17
#endif

#define PLAN	73

/* A number far above anything this program opens. */
#define FD_UNUSED	9999
/* No command of 6.12 has this number. */
#define CMD_UNKNOWN	12345
#define NOBODY		65534

static char dir[64];

static const char *P(const char *name)
{
	return kc_path(dir, name);
}

/* The raw syscall: libc's fcntl() rewrites some commands. */
static long sys_fcntl(int fd, unsigned int cmd, unsigned long arg)
{
	return syscall(SYS_fcntl, fd, cmd, arg);
}

static long sys_fcntl_ptr(int fd, unsigned int cmd, const void *p)
{
	return sys_fcntl(fd, cmd, (unsigned long)p);
}

static int open_file(const char *name, int flags)
{
	int fd = open(P(name), flags | O_CLOEXEC, 0644);

	if (fd < 0)
		ksft_exit_fail_msg("open %s: %s\n", P(name), strerror(errno));
	return fd;
}

static struct flock lock_of(short type, off_t start, off_t len)
{
	struct flock fl = {
		.l_type = type, .l_whence = SEEK_SET,
		.l_start = start, .l_len = len,
	};

	return fl;
}

/*
 * Run @fn in a child as uid NOBODY: the child exits with 0 when @fn's
 * call succeeded, else with its errno. Returns what the case's result
 * needs: -1 and *@err for a failure, 0 for a success.
 */
static long as_nobody(long (*fn)(void), int *err)
{
	int st = 0;
	pid_t pid = fork();

	if (pid == 0) {
		if (setgid(NOBODY) || setuid(NOBODY))
			_exit(255);
		_exit(fn() == -1 ? errno : 0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
	    WEXITSTATUS(st) == 255) {
		*err = ECHILD;
		return -1;
	}
	*err = WEXITSTATUS(st);
	return *err ? -1 : 0;
}

/* A child holding a POSIX lock on @name until release_holder(). */
static struct {
	pid_t pid;
	int release;		/* write end: closing it lets the child go */
} holder;

static void hold_lock(const char *name, short type, off_t start, off_t len)
{
	int ready[2], rel[2];
	char c;

	if (pipe(ready) || pipe(rel))
		ksft_exit_fail_msg("pipe: %s\n", strerror(errno));
	holder.pid = fork();
	if (holder.pid == 0) {
		struct flock fl = lock_of(type, start, len);
		int fd = open(P(name), O_RDWR);

		close(ready[0]);
		close(rel[1]);
		c = fd >= 0 && !sys_fcntl_ptr(fd, F_SETLK, &fl);
		if (write(ready[1], &c, 1) != 1)
			_exit(1);
		/* EOF when the parent releases, or a byte: go on waiting */
		while (read(rel[0], &c, 1) == 1)
			;
		_exit(0);
	}
	close(ready[1]);
	close(rel[0]);
	if (read(ready[0], &c, 1) != 1 || !c)
		ksft_exit_fail_msg("the lock holder could not lock %s\n", P(name));
	close(ready[0]);
	holder.release = rel[1];
}

static void release_holder(void)
{
	close(holder.release);
	waitpid(holder.pid, NULL, 0);
}

static void on_alarm(int sig)
{
	(void)sig;
}

/* SIGALRM without SA_RESTART, so that a blocked fcntl() returns EINTR. */
static void interrupt_in_one_second(void)
{
	struct sigaction sa = { .sa_handler = on_alarm };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	alarm(1);
}

static void descriptor_cases(void)
{
	int a, b, path;
	long r, q1, q2;

	a = open_file("file", O_RDWR);
	r = sys_fcntl(a, F_SETFD, 0);
	q1 = sys_fcntl(a, F_GETFD, 0);
	r = r ?: sys_fcntl(a, F_SETFD, FD_CLOEXEC);
	q2 = sys_fcntl(a, F_GETFD, 0);
	kc_check("fcntl", r == 0 && q1 == 0 && q2 == FD_CLOEXEC, r, errno,
		 "setfd_getfd_round_trip");

	r = sys_fcntl(a, F_DUPFD, 100);
	kc_check("fcntl", r >= 100 && sys_fcntl(r, F_GETFD, 0) == 0, r, errno,
		 "dupfd_at_or_above_arg_without_cloexec");
	close(r);
	r = sys_fcntl(a, F_DUPFD_CLOEXEC, 0);
	kc_check("fcntl", r >= 0 && sys_fcntl(r, F_GETFD, 0) == FD_CLOEXEC, r,
		 errno, "dupfd_cloexec_sets_cloexec");
	b = open_file("file", O_RDONLY);
	q1 = sys_fcntl(a, F_DUPFD_QUERY, r);
	q2 = sys_fcntl(a, F_DUPFD_QUERY, b);
	kc_check("fcntl", q1 == 1 && q2 == 0, q1 < 0 ? q1 : q2, errno,
		 "dupfd_query_tells_duplicates_apart");
	close(r);
	close(b);

	b = open(P("created"), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	q1 = sys_fcntl(b, F_CREATED_QUERY, 0);
	q2 = sys_fcntl(a, F_CREATED_QUERY, 0);
	kc_check("fcntl", q1 == 1 && q2 == 0, q1 < 0 ? q1 : q2, errno,
		 "created_query_after_o_creat");
	close(b);

	r = sys_fcntl(a, F_SETFL, O_NONBLOCK | O_APPEND);
	q1 = sys_fcntl(a, F_GETFL, 0);
	kc_check("fcntl", r == 0 && q1 >= 0 &&
		 (q1 & (O_NONBLOCK | O_APPEND)) == (O_NONBLOCK | O_APPEND) &&
		 (q1 & O_ACCMODE) == O_RDWR, r ?: q1, errno,
		 "setfl_getfl_status_flags");
	r = sys_fcntl(a, F_SETFL, O_RDONLY);
	q1 = sys_fcntl(a, F_GETFL, 0);
	kc_check("fcntl", r == 0 && (q1 & O_ACCMODE) == O_RDWR &&
		 !(q1 & O_APPEND), r ?: q1, errno,
		 "setfl_leaves_access_mode");

	path = open(P("file"), O_PATH | O_CLOEXEC);
	r = sys_fcntl(path, F_GETFD, 0);
	kc_check("fcntl", r == FD_CLOEXEC, r, errno, "o_path_getfd_allowed");
	r = sys_fcntl(path, F_SETFL, O_NONBLOCK);
	kc_errno("fcntl", r, errno, EBADF, "o_path_setfl_refused");
	close(path);

	r = sys_fcntl(FD_UNUSED, F_GETFD, 0);
	kc_errno("fcntl", r, errno, EBADF, "fd_not_open");
	r = sys_fcntl(FD_UNUSED, CMD_UNKNOWN, 0);
	kc_errno("fcntl", r, errno, EBADF, "fd_checked_before_cmd");
	r = sys_fcntl(a, CMD_UNKNOWN, 0);
	kc_errno("fcntl", r, errno, EINVAL, "unknown_command");
	close(a);
}

static long dupfd_from_60(int fd)
{
	return sys_fcntl(fd, F_DUPFD, 60);
}

static void dup_cases(void)
{
	struct rlimit old;
	int a;
	long r;

	a = open_file("file", O_RDONLY);
	getrlimit(RLIMIT_NOFILE, &old);
	r = sys_fcntl(a, F_DUPFD, old.rlim_cur);
	kc_errno("fcntl", r, errno, EINVAL, "dupfd_arg_at_rlimit");
	r = sys_fcntl(a, F_DUPFD_CLOEXEC, (unsigned long)-1);
	kc_errno("fcntl", r, errno, EINVAL, "dupfd_cloexec_arg_negative");
	r = sys_fcntl(a, F_DUPFD_QUERY, FD_UNUSED);
	kc_errno("fcntl", r, errno, EBADF, "dupfd_query_arg_not_open");

	kc_emfile("fcntl", "dupfd_no_number_below_rlimit", dupfd_from_60, a);
	close(a);
}

static long noatime_on_roots_file(void)
{
	int fd = open(P("file"), O_RDONLY | O_CLOEXEC);

	return fd < 0 ? -1 : sys_fcntl(fd, F_SETFL, O_NOATIME);
}

static void setfl_cases(void)
{
	int fd, err;
	long r;

	r = as_nobody(noatime_on_roots_file, &err);
	kc_errno("fcntl", r, err, EPERM, "setfl_noatime_not_owner");
	fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
	r = sys_fcntl(fd, F_SETFL, O_DIRECT);
	kc_errno("fcntl", r, errno, EINVAL, "setfl_o_direct_unsupported");
	close(fd);
}

static void lock_cases(void)
{
	struct flock fl;
	int a, ro, b;
	long r;

	a = open_file("file", O_RDWR);
	fl = lock_of(F_WRLCK, 0, 10);
	r = sys_fcntl_ptr(a, F_GETLK, &fl);
	kc_check("fcntl", r == 0 && fl.l_type == F_UNLCK, r, errno,
		 "getlk_no_conflict_gives_unlck");
	fl = lock_of(F_WRLCK, 0, 10);
	r = sys_fcntl_ptr(a, F_SETLK, &fl);
	kc_check("fcntl", r == 0, r, errno, "setlk_write_lock");
	fl = lock_of(F_UNLCK, 0, 10);
	r = sys_fcntl_ptr(a, F_SETLK, &fl);
	kc_check("fcntl", r == 0, r, errno, "setlk_unlock");

	r = sys_fcntl_ptr(a, F_GETLK, NULL);
	kc_errno("fcntl", r, errno, EFAULT, "getlk_null_flock");
	r = sys_fcntl_ptr(a, F_SETLK, NULL);
	kc_errno("fcntl", r, errno, EFAULT, "setlk_null_flock");
	fl = lock_of(99, 0, 10);
	r = sys_fcntl_ptr(a, F_GETLK, &fl);
	kc_errno("fcntl", r, errno, EINVAL, "getlk_bad_type");
	fl = lock_of(F_RDLCK, 0, 10);
	fl.l_whence = 7;
	r = sys_fcntl_ptr(a, F_SETLK, &fl);
	kc_errno("fcntl", r, errno, EINVAL, "setlk_bad_whence");
	fl = lock_of(F_RDLCK, LLONG_MAX, 2);
	r = sys_fcntl_ptr(a, F_SETLK, &fl);
	kc_errno("fcntl", r, errno, EOVERFLOW, "setlk_end_beyond_off_t");

	ro = open_file("file", O_RDONLY);
	fl = lock_of(F_WRLCK, 0, 1);
	r = sys_fcntl_ptr(ro, F_SETLK, &fl);
	kc_errno("fcntl", r, errno, EBADF, "setlk_write_lock_on_read_only_fd");

	hold_lock("file", F_WRLCK, 0, 10);
	fl = lock_of(F_RDLCK, 5, 1);
	r = sys_fcntl_ptr(a, F_SETLK, &fl);
	kc_errno("fcntl", r, errno, EAGAIN, "setlk_conflict");
	fl = lock_of(F_RDLCK, 5, 1);
	r = sys_fcntl_ptr(a, F_GETLK, &fl);
	kc_check("fcntl", r == 0 && fl.l_type == F_WRLCK && fl.l_pid == holder.pid,
		 r, errno, "getlk_reports_the_holder");
	interrupt_in_one_second();
	fl = lock_of(F_RDLCK, 5, 1);
	r = sys_fcntl_ptr(a, F_SETLKW, &fl);
	kc_errno("fcntl", r, errno, EINTR, "setlkw_interrupted");
	release_holder();

	/* open file description locks: two opens conflict in one process */
	b = open_file("file", O_RDWR);
	fl = lock_of(F_WRLCK, 0, 10);
	r = sys_fcntl_ptr(a, F_OFD_SETLK, &fl);
	kc_check("fcntl", r == 0, r, errno, "ofd_setlk_write_lock");
	fl = lock_of(F_WRLCK, 0, 10);
	r = sys_fcntl_ptr(b, F_OFD_GETLK, &fl);
	kc_check("fcntl", r == 0 && fl.l_type == F_WRLCK && fl.l_pid == -1, r,
		 errno, "ofd_getlk_sees_other_description");
	fl = lock_of(F_WRLCK, 0, 10);
	r = sys_fcntl_ptr(b, F_OFD_SETLK, &fl);
	kc_errno("fcntl", r, errno, EAGAIN, "ofd_setlk_conflict");
	interrupt_in_one_second();
	fl = lock_of(F_WRLCK, 0, 10);
	r = sys_fcntl_ptr(b, F_OFD_SETLKW, &fl);
	kc_errno("fcntl", r, errno, EINTR, "ofd_setlkw_interrupted");
	fl = lock_of(F_RDLCK, 0, 10);
	fl.l_pid = 1;
	r = sys_fcntl_ptr(b, F_OFD_GETLK, &fl);
	kc_errno("fcntl", r, errno, EINVAL, "ofd_getlk_pid_not_zero");
	close(b);
	close(ro);
	close(a);
}

/* Whether @pid sleeps in fcntl(): /proc/<pid>/syscall and .../stat. */
static bool sleeps_in_fcntl(pid_t pid)
{
	char path[64], buf[256], *p;
	bool in = false;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/syscall", pid);
	f = fopen(path, "re");
	if (f && fgets(buf, sizeof(buf), f))
		in = atol(buf) == SYS_fcntl;
	if (f)
		fclose(f);
	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "re");
	if (!f)
		return false;
	p = fgets(buf, sizeof(buf), f) ? strrchr(buf, ')') : NULL;
	fclose(f);
	return in && p && p[1] == ' ' && p[2] == 'S';
}

/*
 * EDEADLK: this process holds byte 0 and a child byte 1; the child waits
 * for byte 0, and this process asking to wait for byte 1 would close the
 * circle.
 */
static void deadlock_case(void)
{
	struct flock fl;
	int a, tries, ready[2];
	pid_t pid;
	long r;
	char c;

	a = open_file("file", O_RDWR);
	fl = lock_of(F_WRLCK, 0, 1);
	sys_fcntl_ptr(a, F_SETLK, &fl);
	if (pipe(ready))
		ksft_exit_fail_msg("pipe: %s\n", strerror(errno));
	pid = fork();
	if (pid == 0) {
		int fd = open(P("file"), O_RDWR);

		fl = lock_of(F_WRLCK, 1, 1);
		c = fd >= 0 && !sys_fcntl_ptr(fd, F_SETLK, &fl);
		if (write(ready[1], &c, 1) != 1)
			_exit(1);
		fl = lock_of(F_WRLCK, 0, 1);
		sys_fcntl_ptr(fd, F_SETLKW, &fl);
		_exit(0);
	}
	close(ready[1]);
	if (read(ready[0], &c, 1) != 1 || !c)
		ksft_exit_fail_msg("the child could not lock byte 1\n");
	close(ready[0]);
	for (tries = 0; tries < 5000 && !sleeps_in_fcntl(pid); tries++)
		usleep(1000);
	if (tries == 5000) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		close(a);
		kc_skip_errno("fcntl", EDEADLK,
			      "needs /proc/<pid>/syscall to see the child wait");
		return;
	}
	fl = lock_of(F_WRLCK, 1, 1);
	r = sys_fcntl_ptr(a, F_SETLKW, &fl);
	kc_errno("fcntl", r, errno, EDEADLK, "setlkw_would_deadlock");
	close(a);		/* drops byte 0: the child gets it and exits */
	waitpid(pid, NULL, 0);
}

static void owner_cases(void)
{
	struct f_owner_ex ex = { .type = F_OWNER_TID, .pid = 0 }, got = { 0 };
	int a;
	long r, q;

	a = open_file("file", O_RDONLY);
	r = sys_fcntl(a, F_SETOWN, getpid());
	q = sys_fcntl(a, F_GETOWN, 0);
	kc_check("fcntl", r == 0 && q == getpid(), r ?: q, errno,
		 "setown_getown_round_trip");
	r = sys_fcntl(a, F_SETOWN, INT_MAX);
	kc_errno("fcntl", r, errno, ESRCH, "setown_no_such_process");
	r = sys_fcntl(a, F_SETOWN, (unsigned long)(long)INT_MIN);
	kc_errno("fcntl", r, errno, EINVAL, "setown_int_min");

	ex.pid = (pid_t)syscall(SYS_gettid);
	r = sys_fcntl_ptr(a, F_SETOWN_EX, &ex);
	q = sys_fcntl_ptr(a, F_GETOWN_EX, &got);
	kc_check("fcntl", r == 0 && q == 0 && got.type == F_OWNER_TID &&
		 got.pid == ex.pid, r ?: q, errno, "setown_ex_getown_ex_round_trip");
	ex.type = 99;
	r = sys_fcntl_ptr(a, F_SETOWN_EX, &ex);
	kc_errno("fcntl", r, errno, EINVAL, "setown_ex_bad_type");
	ex.type = F_OWNER_PID;
	ex.pid = INT_MAX;
	r = sys_fcntl_ptr(a, F_SETOWN_EX, &ex);
	kc_errno("fcntl", r, errno, ESRCH, "setown_ex_no_such_process");
	r = sys_fcntl_ptr(a, F_SETOWN_EX, NULL);
	kc_errno("fcntl", r, errno, EFAULT, "setown_ex_null");
	r = sys_fcntl_ptr(a, F_GETOWN_EX, NULL);
	kc_errno("fcntl", r, errno, EFAULT, "getown_ex_null");

	r = sys_fcntl(a, F_SETSIG, SIGUSR1);
	q = sys_fcntl(a, F_GETSIG, 0);
	kc_check("fcntl", r == 0 && q == SIGUSR1, r ?: q, errno,
		 "setsig_getsig_round_trip");
	r = sys_fcntl(a, F_SETSIG, 65);
	kc_errno("fcntl", r, errno, EINVAL, "setsig_not_a_signal");
	close(a);
}

static long lease_on_roots_file(void)
{
	int fd = open(P("file"), O_RDONLY | O_CLOEXEC);

	return fd < 0 ? -1 : sys_fcntl(fd, F_SETLEASE, F_RDLCK);
}

static void lease_cases(void)
{
	int a, b, err;
	long r, q;

	a = open_file("lease", O_RDONLY | O_CREAT);
	r = sys_fcntl(a, F_SETLEASE, F_RDLCK);
	q = sys_fcntl(a, F_GETLEASE, 0);
	kc_check("fcntl", r == 0 && q == F_RDLCK, r ?: q, errno,
		 "setlease_getlease_read_lease");
	r = sys_fcntl(a, F_SETLEASE, F_UNLCK);
	q = sys_fcntl(a, F_GETLEASE, 0);
	kc_check("fcntl", r == 0 && q == F_UNLCK, r ?: q, errno,
		 "setlease_unlck_releases");
	r = sys_fcntl(a, F_SETLEASE, F_UNLCK);
	kc_errno("fcntl", r, errno, EAGAIN, "setlease_unlck_without_lease");
	r = sys_fcntl(a, F_SETLEASE, 99);
	kc_errno("fcntl", r, errno, EINVAL, "setlease_bad_type");
	b = open_file("lease", O_RDONLY);
	r = sys_fcntl(a, F_SETLEASE, F_WRLCK);
	kc_errno("fcntl", r, errno, EAGAIN, "setlease_write_with_other_open");
	close(b);
	close(a);
	r = as_nobody(lease_on_roots_file, &err);
	kc_errno("fcntl", r, err, EACCES, "setlease_not_owner");
	a = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	r = sys_fcntl(a, F_SETLEASE, F_RDLCK);
	kc_errno("fcntl", r, errno, EINVAL, "setlease_on_directory");

	r = sys_fcntl(a, F_NOTIFY, DN_CREATE);
	q = sys_fcntl(a, F_NOTIFY, 0);
	kc_check("fcntl", r == 0 && q == 0, r ?: q, errno,
		 "notify_on_directory_and_off");
	close(a);
	a = open_file("file", O_RDONLY);
	r = sys_fcntl(a, F_NOTIFY, DN_CREATE);
	kc_errno("fcntl", r, errno, ENOTDIR, "notify_on_file");
	close(a);
}

static long grow_pipe_past_max(void)
{
	int p[2];

	if (pipe(p))
		return -1;
	return sys_fcntl(p[0], F_SETPIPE_SZ, 64 << 20);
}

static void pipe_cases(void)
{
	char buf[4096] = { 0 };
	int p[2], a, i, err;
	long r, q;

	if (pipe2(p, O_CLOEXEC))
		ksft_exit_fail_msg("pipe: %s\n", strerror(errno));
	q = sys_fcntl(p[0], F_GETPIPE_SZ, 0);
	r = sys_fcntl(p[1], F_SETPIPE_SZ, 3 * 4096);
	kc_check("fcntl", q > 0 && r == 4 * 4096 &&
		 sys_fcntl(p[0], F_GETPIPE_SZ, 0) == r, r < 0 ? r : q, errno,
		 "setpipe_sz_rounds_to_power_of_two_pages");
	for (i = 0; i < 3; i++)
		if (write(p[1], buf, sizeof(buf)) != sizeof(buf))
			break;
	r = sys_fcntl(p[1], F_SETPIPE_SZ, 4096);
	kc_errno("fcntl", r, errno, EBUSY, "setpipe_sz_below_content");
	r = sys_fcntl(p[1], F_SETPIPE_SZ, 0x80000001UL);
	kc_errno("fcntl", r, errno, EINVAL, "setpipe_sz_too_large");
	close(p[0]);
	close(p[1]);
	r = as_nobody(grow_pipe_past_max, &err);
	kc_errno("fcntl", r, err, EPERM, "setpipe_sz_past_max_unprivileged");
	a = open_file("file", O_RDONLY);
	r = sys_fcntl(a, F_GETPIPE_SZ, 0);
	kc_errno("fcntl", r, errno, EBADF, "getpipe_sz_not_a_pipe");
	close(a);
}

static void seal_cases(void)
{
	int m, p[2];
	long r, q;
	void *map;

	m = (int)syscall(SYS_memfd_create, "kc", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	if (m < 0)
		ksft_exit_fail_msg("memfd_create: %s\n", strerror(errno));
	if (ftruncate(m, 4096))
		ksft_exit_fail_msg("ftruncate: %s\n", strerror(errno));
	r = sys_fcntl(m, F_ADD_SEALS, F_SEAL_GROW);
	q = sys_fcntl(m, F_GET_SEALS, 0);
	kc_check("fcntl", r == 0 && q == F_SEAL_GROW, r ?: q, errno,
		 "add_seals_get_seals");
	r = sys_fcntl(m, F_ADD_SEALS, 0x8000);
	kc_errno("fcntl", r, errno, EINVAL, "add_seals_unknown_bit");
	map = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, m, 0);
	r = sys_fcntl(m, F_ADD_SEALS, F_SEAL_WRITE);
	kc_errno("fcntl", r, errno, EBUSY, "add_seals_write_while_mapped");
	if (map != MAP_FAILED)
		munmap(map, 4096);
	r = sys_fcntl(m, F_ADD_SEALS, F_SEAL_SEAL);
	q = sys_fcntl(m, F_ADD_SEALS, F_SEAL_SHRINK);
	kc_errno("fcntl", r ?: q, errno, EPERM, "add_seals_after_seal_seal");
	close(m);
	if (pipe2(p, O_CLOEXEC))
		ksft_exit_fail_msg("pipe: %s\n", strerror(errno));
	r = sys_fcntl(p[1], F_GET_SEALS, 0);
	kc_errno("fcntl", r, errno, EINVAL, "get_seals_not_sealable");
	close(p[0]);
	close(p[1]);
}

static void hint_cases(void)
{
	uint64_t hint = RWH_WRITE_LIFE_SHORT, got = 0;
	int a;
	long r, q;

	a = open_file("file", O_RDWR);
	r = sys_fcntl_ptr(a, F_SET_RW_HINT, &hint);
	q = sys_fcntl_ptr(a, F_GET_RW_HINT, &got);
	kc_check("fcntl", r == 0 && q == 0 && got == hint, r ?: q, errno,
		 "set_rw_hint_get_rw_hint");
	hint = 99;
	r = sys_fcntl_ptr(a, F_SET_RW_HINT, &hint);
	kc_errno("fcntl", r, errno, EINVAL, "set_rw_hint_not_a_hint");
	r = sys_fcntl_ptr(a, F_GET_RW_HINT, NULL);
	kc_errno("fcntl", r, errno, EFAULT, "get_rw_hint_null");
	close(a);
}

int main(void)
{
	static const char *const names[] = { "fcntl", NULL };
	uid_t uids[2];
	char cmd[96];
	int a;
	long r;

	kc_init(names, PLAN);
	snprintf(dir, sizeof(dir), "/tmp/kc_fcntl.XXXXXX");
	if (!mkdtemp(dir) || chmod(dir, 0755))
		ksft_exit_fail_msg("mkdtemp: %s\n", strerror(errno));
	kc_touch(P("file"), "0123456789");
	if (geteuid() != 0)
		ksft_exit_skip("needs root: some cases drop to uid %d\n", NOBODY);

	descriptor_cases();
	dup_cases();
	setfl_cases();
	lock_cases();
	deadlock_case();
	owner_cases();
	lease_cases();
	pipe_cases();
	seal_cases();
	hint_cases();

	/* without CONFIG_CHECKPOINT_RESTORE (the test kernel's case) EINVAL */
	a = open_file("file", O_RDONLY);
	r = sys_fcntl_ptr(a, F_GETOWNER_UIDS, uids);
	kc_check("fcntl", r == 0 || errno == EINVAL, r, errno,
		 "getowner_uids_or_einval_without_checkpoint_restore");
	close(a);

	kc_skip_errno("fcntl", ENOMEM,
		      "allocations of the descriptor table, locks and owners cannot be made to fail safely");
	kc_skip_errno("fcntl", ENOLCK,
		      "a lock allocation cannot be made to fail safely");
	kc_skip_errno("fcntl", ENOENT,
		      "a race with the teardown of the directory's last watch");

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		ksft_print_msg("could not remove %s\n", dir);
	kc_coverage();
	ksft_finished();
}
