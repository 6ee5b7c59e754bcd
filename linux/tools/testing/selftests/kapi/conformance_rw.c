// SPDX-License-Identifier: GPL-2.0
/*
 * Conformance of read, write, lseek, pread64, pwrite64, readv and writev
 * with their specs in fs/read_write.c: every errno each spec lists is
 * provoked or skipped with a reason, and the successful paths and their
 * side effects (file position, O_APPEND, clamping to MAX_RW_COUNT, scatter
 * and gather order, signals sent) are checked.
 *
 * Three groups of cases run only in the test guest (kapi in debugfs):
 * mounting a tiny tmpfs (in a child's private mount namespace) for ENOSPC,
 * flooding the kernel log for the EPIPE of /dev/kmsg readers, and opening
 * /dev/mem for writing. Set KC_RW_MOUNT=1 to run the mount case on a host.
 */
#include "kapi_conformance.h"

#include <limits.h>
#include <linux/magic.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/wait.h>

#define PLAN		210

/* include/linux/fs.h: INT_MAX rounded down to a page */
#define MAX_RW_COUNT	(INT_MAX & ~(getpagesize() - 1L))
/* A count above MAX_RW_COUNT whose range still fits in user space. */
#define HUGE_COUNT	(1UL << 33)
#ifndef SEEK_MAX
#define SEEK_MAX	SEEK_HOLE
#endif

static const char *const names[] = {
	"read", "write", "lseek", "pread64", "pwrite64", "readv", "writev",
	NULL
};

static char dir[64];
static char *big;		/* a small mapping at a low address */
static char *noaccess;		/* a PROT_NONE page */
static bool guest;

/* The raw syscalls, so that libc substitutes nothing. */
static long sys_read(int fd, void *buf, size_t n)
{
	return syscall(SYS_read, fd, buf, n);
}

static long sys_write(int fd, const void *buf, size_t n)
{
	return syscall(SYS_write, fd, buf, n);
}

static long sys_lseek(int fd, long off, unsigned int whence)
{
	return syscall(SYS_lseek, fd, off, whence);
}

static long sys_pread(int fd, void *buf, size_t n, long pos)
{
	return syscall(SYS_pread64, fd, buf, n, pos);
}

static long sys_pwrite(int fd, const void *buf, size_t n, long pos)
{
	return syscall(SYS_pwrite64, fd, buf, n, pos);
}

static long sys_readv(long fd, const struct iovec *v, unsigned long n)
{
	return syscall(SYS_readv, fd, v, n);
}

static long sys_writev(long fd, const struct iovec *v, unsigned long n)
{
	return syscall(SYS_writev, fd, v, n);
}

/* ret and errno of the last call, errno saved at once */
static long r;
static int e;
#define CALL(x)	do { errno = 0; r = (x); e = errno; } while (0)

static void path(char *out, size_t len, const char *name)
{
	snprintf(out, len, "%s/%s", dir, name);
}

/* A fresh file holding @text, open with @flags (O_CREAT|O_TRUNC added). */
static int mkfile(const char *name, const char *text, int flags)
{
	char p[128];
	int fd;

	path(p, sizeof(p), name);
	fd = open(p, flags | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		ksft_exit_fail_msg("open %s: %s\n", p, strerror(errno));
	if (text && pwrite(fd, text, strlen(text), 0) != (ssize_t)strlen(text))
		ksft_exit_fail_msg("fill %s: %s\n", p, strerror(errno));
	return fd;
}

static int openat_dir(const char *name, int flags)
{
	char p[128];

	path(p, sizeof(p), name);
	return open(p, flags);
}

static void on_alarm(int sig)
{
	(void)sig;
}

/* A SIGALRM handler without SA_RESTART, fired once after 100 ms. */
static void arm_timer(void)
{
	struct itimerval it = { .it_value = { .tv_usec = 100000 } };
	struct sigaction sa = { .sa_handler = on_alarm };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
}

static void disarm_timer(void)
{
	struct itimerval it = { 0 };

	setitimer(ITIMER_REAL, &it, NULL);
}

static bool pending(int sig)
{
	sigset_t set;

	return !sigpending(&set) && sigismember(&set, sig);
}

/* Takes a blocked, pending @sig off the queue. */
static void consume(int sig)
{
	struct timespec zero = { 0 };
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, sig);
	while (sigtimedwait(&set, NULL, &zero) == sig)
		;
}

static void block(int sig, bool on)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(on ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

/* A pipe whose write end is full; @wr is left blocking. */
static void full_pipe(int p[2])
{
	static char chunk[4096];

	if (pipe2(p, O_NONBLOCK))
		ksft_exit_fail_msg("pipe2: %s\n", strerror(errno));
	while (write(p[1], chunk, sizeof(chunk)) > 0)
		;
	while (write(p[1], chunk, 1) > 0)
		;
}

static void set_blocking(int fd)
{
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
}

static void close_pair(int p[2])
{
	close(p[0]);
	close(p[1]);
}

/* ------------------------------------------------------------------ */

/* Errnos of the read and write families the test kernel cannot produce. */
struct rw_skip {
	int err;
	const char *why;
};

static const struct rw_skip read_skips[] = {
	{ EIO, "no failing device or background terminal in the test" },
	{ EPERM, "no LSM or fanotify in the test kernel" },
	{ EACCES, "no LSM in the test kernel" },
	{ ENOMEM, "allocation failure cannot be provoked" },
	{ ENOTCONN, "CONFIG_NET is off in the test kernel" },
	{ ECONNRESET, "CONFIG_NET is off in the test kernel" },
};

static const struct rw_skip write_skips[] = {
	{ EDQUOT, "no quota support (CONFIG_TMPFS_QUOTA off)" },
	{ EACCES, "no LSM in the test kernel" },
	{ ETXTBSY, "no swap support (CONFIG_SWAP off)" },
	{ EIO, "no failing device or background terminal in the test" },
	{ ENOMEM, "allocation failure cannot be provoked" },
	{ ENOTCONN, "CONFIG_NET is off in the test kernel" },
	{ ECONNRESET, "CONFIG_NET is off in the test kernel" },
	{ EDESTADDRREQ, "CONFIG_NET is off in the test kernel" },
};

static void skip_errnos(const char *name, const struct rw_skip *skips,
			size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		kc_skip_errno(name, skips[i].err, skips[i].why);
}

static void test_read(void)
{
	char buf[64];
	int fd, p[2], d;

	fd = mkfile("r", "hello world", O_RDWR);
	memset(buf, 0, sizeof(buf));
	CALL(sys_read(fd, buf, 5));
	kc_check("read", r == 5 && !memcmp(buf, "hello", 5) &&
		 lseek(fd, 0, SEEK_CUR) == 5, r, e, "advances_offset");
	CALL(sys_read(fd, buf, sizeof(buf)));
	kc_check("read", r == 6 && !memcmp(buf, " world", 6), r, e,
		 "partial_at_eof");
	CALL(sys_read(fd, buf, sizeof(buf)));
	kc_check("read", r == 0, r, e, "zero_at_eof");
	lseek(fd, 0, SEEK_SET);
	CALL(sys_read(fd, buf, 0));
	kc_check("read", r == 0 && lseek(fd, 0, SEEK_CUR) == 0, r, e,
		 "count_zero");
	CALL(sys_read(fd, NULL, 0));
	kc_check("read", r == 0, r, e, "count_zero_null_buf");
	CALL(sys_read(fd, big, HUGE_COUNT));
	kc_check("read", r == 11, r, e, "huge_count_clamped");

	/* A dup shares the open file description, hence the position. */
	d = dup(fd);
	lseek(fd, 6, SEEK_SET);
	CALL(sys_read(d, buf, 5));
	kc_check("read", r == 5 && !memcmp(buf, "world", 5) &&
		 lseek(fd, 0, SEEK_CUR) == 11, r, e, "shared_offset");
	close(d);

	CALL(sys_read(-1, buf, 1));
	kc_errno("read", r, e, EBADF, "EBADF_not_open");
	d = openat_dir("r", O_WRONLY);
	CALL(sys_read(d, buf, 1));
	kc_errno("read", r, e, EBADF, "EBADF_write_only");
	close(d);
	d = openat_dir("r", O_PATH);
	CALL(sys_read(d, buf, 1));
	kc_errno("read", r, e, EBADF, "EBADF_o_path");
	close(d);

	lseek(fd, LLONG_MAX - 5, SEEK_SET);
	CALL(sys_read(fd, buf, 10));
	kc_errno("read", r, e, EINVAL, "EINVAL_pos_plus_count");
	d = open("/sys/kernel/tracing/trace_marker", O_RDWR);
	if (d >= 0) {
		CALL(sys_read(d, buf, 1));
		kc_errno("read", r, e, EINVAL, "EINVAL_no_read_method");
		close(d);
	} else {
		ksft_test_result_code(KSFT_SKIP, "read.EINVAL_no_read_method",
				      "no tracefs trace_marker");
	}
	d = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	CALL(sys_read(d, buf, 1));
	kc_errno("read", r, e, EINVAL, "EINVAL_kmsg_small_buffer");
	close(d);

	lseek(fd, 0, SEEK_SET);
	CALL(sys_read(fd, KC_KADDR, 4));
	kc_errno("read", r, e, EFAULT, "EFAULT_kernel_address");
	CALL(sys_read(fd, KC_KADDR, 0));
	kc_errno("read", r, e, EFAULT, "EFAULT_kernel_address_count_zero");
	CALL(sys_read(fd, noaccess, 4));
	kc_errno("read", r, e, EFAULT, "EFAULT_unmapped");
	CALL(sys_read(fd, buf, (size_t)-1));
	kc_errno("read", r, e, EFAULT, "EFAULT_negative_count");
	close(fd);

	d = open(dir, O_RDONLY | O_DIRECTORY);
	CALL(sys_read(d, buf, sizeof(buf)));
	kc_errno("read", r, e, EISDIR, "EISDIR");
	close(d);

	if (pipe2(p, O_NONBLOCK))
		exit(1);
	CALL(sys_read(p[0], buf, 1));
	kc_errno("read", r, e, EAGAIN, "EAGAIN_empty_pipe");
	CALL(sys_read(p[0], buf, 0));
	kc_check("read", r == 0, r, e, "pipe_count_zero");
	write(p[1], "abc", 3);
	CALL(sys_read(p[0], buf, sizeof(buf)));
	kc_check("read", r == 3 && !memcmp(buf, "abc", 3), r, e,
		 "pipe_short_count");
	set_blocking(p[0]);
	arm_timer();
	CALL(sys_read(p[0], buf, 1));
	disarm_timer();
	kc_errno("read", r, e, EINTR, "EINTR_pipe");
	close_pair(p);

	skip_errnos("read", read_skips, ARRAY_SIZE(read_skips));
}

static void test_write(void)
{
	char buf[64], *rec;
	struct rlimit old, lim;
	int fd, p[2], d;
	struct stat st;

	fd = mkfile("w", NULL, O_RDWR);
	CALL(sys_write(fd, "abcdef", 6));
	kc_check("write", r == 6 && lseek(fd, 0, SEEK_CUR) == 6 &&
		 pread(fd, buf, 6, 0) == 6 && !memcmp(buf, "abcdef", 6), r, e,
		 "advances_offset");
	lseek(fd, 2, SEEK_SET);
	CALL(sys_write(fd, "XY", 2));
	kc_check("write", r == 2 && pread(fd, buf, 6, 0) == 6 &&
		 !memcmp(buf, "abXYef", 6) && lseek(fd, 0, SEEK_CUR) == 4,
		 r, e, "overwrites_at_offset");
	CALL(sys_write(fd, NULL, 0));
	kc_check("write", r == 0 && !fstat(fd, &st) && st.st_size == 6, r, e,
		 "count_zero");
	close(fd);

	fd = mkfile("w", "0123", O_RDWR | O_APPEND);
	lseek(fd, 1, SEEK_SET);
	CALL(sys_write(fd, "45", 2));
	kc_check("write", r == 2 && pread(fd, buf, 6, 0) == 6 &&
		 !memcmp(buf, "012345", 6) && lseek(fd, 0, SEEK_CUR) == 6,
		 r, e, "o_append_at_end");
	close(fd);

	d = open("/dev/null", O_WRONLY);
	CALL(sys_write(d, big, HUGE_COUNT));
	kc_check("write", r == MAX_RW_COUNT, r, e, "huge_count_clamped");
	close(d);

	CALL(sys_write(-1, "x", 1));
	kc_errno("write", r, e, EBADF, "EBADF_not_open");
	d = open(dir, O_RDONLY | O_DIRECTORY);
	CALL(sys_write(d, "x", 1));
	kc_errno("write", r, e, EBADF, "EBADF_directory");
	close(d);
	d = openat_dir("w", O_RDONLY);
	CALL(sys_write(d, "x", 1));
	kc_errno("write", r, e, EBADF, "EBADF_read_only");
	close(d);

	fd = mkfile("w", NULL, O_RDWR);
	lseek(fd, LLONG_MAX - 5, SEEK_SET);
	CALL(sys_write(fd, "0123456789", 10));
	kc_errno("write", r, e, EINVAL, "EINVAL_pos_plus_count");
	d = open("/proc/self/stat", O_WRONLY);
	CALL(sys_write(d, "x", 1));
	kc_errno("write", r, e, EINVAL, "EINVAL_no_write_method");
	close(d);
	d = open("/dev/kmsg", O_WRONLY);
	rec = calloc(1, 2048);
	memset(rec, 'k', 2047);
	CALL(sys_write(d, rec, 2047));
	kc_errno("write", r, e, EINVAL, "EINVAL_kmsg_record_too_long");
	close(d);

	lseek(fd, 0, SEEK_SET);
	CALL(sys_write(fd, KC_KADDR, 4));
	kc_errno("write", r, e, EFAULT, "EFAULT_kernel_address");
	CALL(sys_write(fd, noaccess, 4));
	kc_errno("write", r, e, EFAULT, "EFAULT_unmapped");
	CALL(sys_write(fd, "x", (size_t)-1));
	kc_errno("write", r, e, EFAULT, "EFAULT_negative_count");

	/* RLIMIT_FSIZE: short write below the limit, EFBIG + SIGXFSZ at it */
	getrlimit(RLIMIT_FSIZE, &old);
	lim = old;
	lim.rlim_cur = 4096;
	block(SIGXFSZ, true);
	setrlimit(RLIMIT_FSIZE, &lim);
	lseek(fd, 4000, SEEK_SET);
	CALL(sys_write(fd, big, 200));
	kc_check("write", r == 96, r, e, "short_at_rlimit_fsize");
	CALL(sys_write(fd, "x", 1));
	kc_errno("write", r, e, EFBIG, "EFBIG_rlimit_fsize");
	kc_check("write", pending(SIGXFSZ), 0, 0, "sends_SIGXFSZ");
	consume(SIGXFSZ);
	setrlimit(RLIMIT_FSIZE, &old);
	block(SIGXFSZ, false);
	close(fd);

	fd = memfd_create("kapi-rw", MFD_ALLOW_SEALING);
	write(fd, "sealed", 6);
	fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE);
	CALL(sys_write(fd, "x", 1));
	kc_errno("write", r, e, EPERM, "EPERM_memfd_seal_write");
	close(fd);

	/* pipes */
	if (pipe(p))
		exit(1);
	close(p[0]);
	block(SIGPIPE, true);
	CALL(sys_write(p[1], "x", 0));
	kc_check("write", r == 0 && !pending(SIGPIPE), r, e,
		 "count_zero_no_reader");
	CALL(sys_write(p[1], "x", 1));
	kc_errno("write", r, e, EPIPE, "EPIPE");
	kc_check("write", pending(SIGPIPE), 0, 0, "sends_SIGPIPE");
	consume(SIGPIPE);
	block(SIGPIPE, false);
	close(p[1]);

	full_pipe(p);
	CALL(sys_write(p[1], "x", 1));
	kc_errno("write", r, e, EAGAIN, "EAGAIN_full_pipe");
	set_blocking(p[1]);
	arm_timer();
	CALL(sys_write(p[1], "x", 1));
	disarm_timer();
	kc_errno("write", r, e, EINTR, "EINTR_full_pipe");
	close_pair(p);

	skip_errnos("write", write_skips, ARRAY_SIZE(write_skips));
	free(rec);
}

static void test_lseek(void)
{
	int fd, p[2], d;
	struct stat st;

	fd = mkfile("l", "0123456789", O_RDWR);
	CALL(sys_lseek(fd, 3, SEEK_SET));
	kc_check("lseek", r == 3, r, e, "SEEK_SET");
	CALL(sys_lseek(fd, 4, SEEK_CUR));
	kc_check("lseek", r == 7, r, e, "SEEK_CUR");
	CALL(sys_lseek(fd, -2, SEEK_CUR));
	kc_check("lseek", r == 5, r, e, "SEEK_CUR_backwards");
	CALL(sys_lseek(fd, 0, SEEK_CUR));
	kc_check("lseek", r == 5, r, e, "SEEK_CUR_query");
	CALL(sys_lseek(fd, -1, SEEK_END));
	kc_check("lseek", r == 9, r, e, "SEEK_END");
	CALL(sys_lseek(fd, 100, SEEK_END));
	kc_check("lseek", r == 110 && !fstat(fd, &st) && st.st_size == 10,
		 r, e, "past_eof_keeps_size");
	d = dup(fd);
	CALL(sys_lseek(fd, 4, SEEK_SET));
	kc_check("lseek", r == 4 && lseek(d, 0, SEEK_CUR) == 4, r, e,
		 "shared_by_dup");
	close(d);

	/* data at [0, 4096) and [1 MiB, 1 MiB + 4096), holes between */
	ftruncate(fd, 0);
	pwrite(fd, big, 4096, 0);
	pwrite(fd, big, 4096, 1 << 20);
	CALL(sys_lseek(fd, 0, SEEK_DATA));
	kc_check("lseek", r == 0, r, e, "SEEK_DATA_at_data");
	CALL(sys_lseek(fd, 0, SEEK_HOLE));
	kc_check("lseek", r == 4096, r, e, "SEEK_HOLE");
	CALL(sys_lseek(fd, 8192, SEEK_DATA));
	kc_check("lseek", r == 1 << 20, r, e, "SEEK_DATA_skips_hole");
	CALL(sys_lseek(fd, (1 << 20) + 10, SEEK_HOLE));
	kc_check("lseek", r == (1 << 20) + 4096, r, e, "SEEK_HOLE_at_eof");

	CALL(sys_lseek(fd, (1 << 20) + 4096, SEEK_DATA));
	kc_errno("lseek", r, e, ENXIO, "ENXIO_SEEK_DATA_at_eof");
	CALL(sys_lseek(fd, (1 << 20) + 4096, SEEK_HOLE));
	kc_errno("lseek", r, e, ENXIO, "ENXIO_SEEK_HOLE_at_eof");
	CALL(sys_lseek(fd, -1, SEEK_DATA));
	kc_errno("lseek", r, e, ENXIO, "ENXIO_SEEK_DATA_negative");

	CALL(sys_lseek(-1, 0, SEEK_SET));
	kc_errno("lseek", r, e, EBADF, "EBADF");
	CALL(sys_lseek(fd, 0, SEEK_MAX + 1));
	kc_errno("lseek", r, e, EINVAL, "EINVAL_whence");
	CALL(sys_lseek(fd, 0, (unsigned int)-1));
	kc_errno("lseek", r, e, EINVAL, "EINVAL_whence_minus_one");
	CALL(sys_lseek(fd, -1, SEEK_SET));
	kc_errno("lseek", r, e, EINVAL, "EINVAL_negative");
	lseek(fd, LLONG_MAX, SEEK_SET);
	CALL(sys_lseek(fd, LLONG_MAX, SEEK_CUR));
	kc_errno("lseek", r, e, EINVAL, "EINVAL_SEEK_CUR_overflow");
	CALL(sys_lseek(fd, LLONG_MAX, SEEK_END));
	kc_errno("lseek", r, e, EINVAL, "EINVAL_SEEK_END_overflow");
	close(fd);

	if (pipe(p))
		exit(1);
	CALL(sys_lseek(p[0], 0, SEEK_CUR));
	kc_errno("lseek", r, e, ESPIPE, "ESPIPE_pipe");
	CALL(sys_lseek(p[0], 0, SEEK_MAX + 1));
	kc_errno("lseek", r, e, EINVAL, "EINVAL_whence_before_ESPIPE");
	close_pair(p);
	d = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	CALL(sys_lseek(d, 1, SEEK_SET));
	kc_errno("lseek", r, e, ESPIPE, "ESPIPE_kmsg_offset");
	CALL(sys_lseek(d, 0, SEEK_END));
	kc_check("lseek", r == 0, r, e, "kmsg_SEEK_END");
	close(d);

	/* /dev/mem: unsigned offsets, the last 4095 refused */
	d = open("/dev/mem", O_RDONLY);
	if (d >= 0) {
		CALL(sys_lseek(d, -1, SEEK_SET));
		kc_errno("lseek", r, e, EOVERFLOW, "EOVERFLOW_dev_mem");
		CALL(sys_lseek(d, -8192, SEEK_SET));
		kc_check("lseek", r == -8192, r, e, "dev_mem_negative_offset");
		close(d);
	} else {
		kc_skip_errno("lseek", EOVERFLOW, "cannot open /dev/mem");
		ksft_test_result_code(KSFT_SKIP, "lseek.dev_mem_negative_offset",
				      "cannot open /dev/mem");
	}
	kc_skip_errno("lseek", EIO, "no filesystem with an on-disk extent map in the test");
}

static void test_pread(void)
{
	char buf[64];
	int fd, p[2], d;

	fd = mkfile("pr", "hello world", O_RDWR);
	lseek(fd, 2, SEEK_SET);
	memset(buf, 0, sizeof(buf));
	CALL(sys_pread(fd, buf, 5, 6));
	kc_check("pread64", r == 5 && !memcmp(buf, "world", 5) &&
		 lseek(fd, 0, SEEK_CUR) == 2, r, e, "keeps_offset");
	CALL(sys_pread(fd, buf, sizeof(buf), 8));
	kc_check("pread64", r == 3, r, e, "partial_at_eof");
	CALL(sys_pread(fd, buf, sizeof(buf), 1000));
	kc_check("pread64", r == 0, r, e, "past_eof");
	CALL(sys_pread(fd, buf, 0, 0));
	kc_check("pread64", r == 0, r, e, "count_zero");
	CALL(sys_pread(fd, big, HUGE_COUNT, 0));
	kc_check("pread64", r == 11, r, e, "huge_count_clamped");

	CALL(sys_pread(-1, buf, 1, 0));
	kc_errno("pread64", r, e, EBADF, "EBADF_not_open");
	d = openat_dir("pr", O_WRONLY);
	CALL(sys_pread(d, buf, 1, 0));
	kc_errno("pread64", r, e, EBADF, "EBADF_write_only");
	close(d);
	CALL(sys_pread(fd, buf, 1, -1));
	kc_errno("pread64", r, e, EINVAL, "EINVAL_negative_pos");
	CALL(sys_pread(-1, buf, 1, -1));
	kc_errno("pread64", r, e, EINVAL, "EINVAL_before_EBADF");
	CALL(sys_pread(fd, buf, 10, LLONG_MAX - 5));
	kc_errno("pread64", r, e, EINVAL, "EINVAL_pos_plus_count");
	CALL(sys_pread(fd, KC_KADDR, 4, 0));
	kc_errno("pread64", r, e, EFAULT, "EFAULT_kernel_address");
	CALL(sys_pread(fd, noaccess, 4, 0));
	kc_errno("pread64", r, e, EFAULT, "EFAULT_unmapped");
	close(fd);

	if (pipe(p))
		exit(1);
	write(p[1], "x", 1);
	CALL(sys_pread(p[0], buf, 1, 0));
	kc_errno("pread64", r, e, ESPIPE, "ESPIPE_pipe");
	close_pair(p);

	d = open(dir, O_RDONLY | O_DIRECTORY);
	CALL(sys_pread(d, buf, sizeof(buf), 0));
	kc_errno("pread64", r, e, EISDIR, "EISDIR");
	close(d);

	/* /dev/kmsg ignores the position but allows positioned reads */
	d = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	CALL(sys_pread(d, buf, 1, 0));
	kc_errno("pread64", r, e, EINVAL, "EINVAL_kmsg_small_buffer");
	lseek(d, 0, SEEK_END);
	CALL(sys_pread(d, buf, sizeof(buf), 0));
	kc_errno("pread64", r, e, EAGAIN, "EAGAIN_kmsg_at_end");
	set_blocking(d);
	arm_timer();
	CALL(sys_pread(d, buf, sizeof(buf), 0));
	disarm_timer();
	kc_errno("pread64", r, e, EINTR, "EINTR_kmsg_at_end");
	close(d);

	kc_skip_errno("pread64", EIO, "no failing device in the test");
	kc_skip_errno("pread64", EPERM, "no LSM or fanotify in the test kernel");
	kc_skip_errno("pread64", EACCES, "no LSM in the test kernel");
	kc_skip_errno("pread64", ENOMEM, "allocation failure cannot be provoked");
}

static void test_pwrite(void)
{
	struct rlimit old, lim;
	char buf[64], *rec;
	int fd, p[2], d;
	struct stat st;

	fd = mkfile("pw", "0123456789", O_RDWR);
	lseek(fd, 1, SEEK_SET);
	CALL(sys_pwrite(fd, "AB", 2, 4));
	kc_check("pwrite64", r == 2 && pread(fd, buf, 10, 0) == 10 &&
		 !memcmp(buf, "0123AB6789", 10) && lseek(fd, 0, SEEK_CUR) == 1,
		 r, e, "keeps_offset");
	CALL(sys_pwrite(fd, "Z", 1, 20));
	kc_check("pwrite64", r == 1 && !fstat(fd, &st) && st.st_size == 21 &&
		 pread(fd, buf, 1, 15) == 1 && buf[0] == 0, r, e,
		 "past_eof_leaves_hole");
	CALL(sys_pwrite(fd, "x", 0, 0));
	kc_check("pwrite64", r == 0, r, e, "count_zero");
	close(fd);

	fd = mkfile("pw", "0123", O_RDWR | O_APPEND);
	CALL(sys_pwrite(fd, "45", 2, 0));
	kc_check("pwrite64", r == 2 && pread(fd, buf, 6, 0) == 6 &&
		 !memcmp(buf, "012345", 6), r, e, "o_append_appends");

	CALL(sys_pwrite(-1, "x", 1, 0));
	kc_errno("pwrite64", r, e, EBADF, "EBADF_not_open");
	d = openat_dir("pw", O_RDONLY);
	CALL(sys_pwrite(d, "x", 1, 0));
	kc_errno("pwrite64", r, e, EBADF, "EBADF_read_only");
	close(d);
	CALL(sys_pwrite(fd, "x", 1, -1));
	kc_errno("pwrite64", r, e, EINVAL, "EINVAL_negative_pos");
	close(fd);
	fd = mkfile("pw", NULL, O_RDWR);
	CALL(sys_pwrite(fd, "0123456789", 10, LLONG_MAX - 5));
	kc_errno("pwrite64", r, e, EINVAL, "EINVAL_pos_plus_count");
	d = open("/dev/kmsg", O_WRONLY);
	rec = calloc(1, 2048);
	memset(rec, 'k', 2047);
	CALL(sys_pwrite(d, rec, 2047, 0));
	kc_errno("pwrite64", r, e, EINVAL, "EINVAL_kmsg_record_too_long");
	close(d);
	free(rec);
	CALL(sys_pwrite(fd, KC_KADDR, 4, 0));
	kc_errno("pwrite64", r, e, EFAULT, "EFAULT_kernel_address");
	CALL(sys_pwrite(fd, noaccess, 4, 0));
	kc_errno("pwrite64", r, e, EFAULT, "EFAULT_unmapped");

	getrlimit(RLIMIT_FSIZE, &old);
	lim = old;
	lim.rlim_cur = 4096;
	block(SIGXFSZ, true);
	setrlimit(RLIMIT_FSIZE, &lim);
	CALL(sys_pwrite(fd, "x", 1, 4096));
	kc_errno("pwrite64", r, e, EFBIG, "EFBIG_rlimit_fsize");
	kc_check("pwrite64", pending(SIGXFSZ), 0, 0, "sends_SIGXFSZ");
	consume(SIGXFSZ);
	setrlimit(RLIMIT_FSIZE, &old);
	block(SIGXFSZ, false);
	close(fd);

	if (pipe(p))
		exit(1);
	CALL(sys_pwrite(p[1], "x", 1, 0));
	kc_errno("pwrite64", r, e, ESPIPE, "ESPIPE_pipe");
	close_pair(p);

	fd = memfd_create("kapi-rw", MFD_ALLOW_SEALING);
	write(fd, "sealed", 6);
	fcntl(fd, F_ADD_SEALS, F_SEAL_GROW);
	CALL(sys_pwrite(fd, "S", 1, 0));
	kc_check("pwrite64", r == 1, r, e, "seal_grow_allows_overwrite");
	CALL(sys_pwrite(fd, "xy", 2, 5));
	kc_errno("pwrite64", r, e, EPERM, "EPERM_memfd_seal_grow");
	close(fd);

	kc_skip_errno("pwrite64", EDQUOT, "no quota support (CONFIG_TMPFS_QUOTA off)");
	kc_skip_errno("pwrite64", EACCES, "no LSM in the test kernel");
	kc_skip_errno("pwrite64", ETXTBSY, "no swap support (CONFIG_SWAP off)");
	kc_skip_errno("pwrite64", EINTR,
		      "no FUSE, NFS or device whose positional write sleeps interruptibly");
	kc_skip_errno("pwrite64", EIO, "no failing device in the test");
	kc_skip_errno("pwrite64", ENOMEM, "allocation failure cannot be provoked");
}

static void test_readv(void)
{
	char a[8], b[8], buf[64];
	struct iovec iov[2];
	int fd, p[2], d;
	static struct iovec many[UIO_MAXIOV + 1];

	fd = mkfile("rv", "abcdefghijk", O_RDWR);
	memset(a, 0, sizeof(a));
	memset(b, 0, sizeof(b));
	iov[0] = (struct iovec){ a, 3 };
	iov[1] = (struct iovec){ b, 5 };
	CALL(sys_readv(fd, iov, 2));
	kc_check("readv", r == 8 && !memcmp(a, "abc", 3) &&
		 !memcmp(b, "defgh", 5) && lseek(fd, 0, SEEK_CUR) == 8, r, e,
		 "scatter_order");
	iov[0] = (struct iovec){ a, 2 };
	iov[1] = (struct iovec){ b, 5 };
	CALL(sys_readv(fd, iov, 2));
	kc_check("readv", r == 3 && !memcmp(a, "ij", 2) && b[0] == 'k', r, e,
		 "partial_at_eof");
	CALL(sys_readv(fd, iov, 2));
	kc_check("readv", r == 0, r, e, "zero_at_eof");
	CALL(sys_readv(fd, NULL, 0));
	kc_check("readv", r == 0, r, e, "vlen_zero");
	lseek(fd, 0, SEEK_SET);
	iov[0] = (struct iovec){ a, 1 };
	CALL(sys_readv(fd, iov, (1UL << 32) | 1));
	kc_check("readv", r == 1 && a[0] == 'a', r, e, "vlen_high_bits_ignored");
	CALL(sys_readv(fd, iov, 1UL << 32));
	kc_check("readv", r == 0, r, e, "vlen_low_bits_zero");
	lseek(fd, 0, SEEK_SET);
	iov[0] = (struct iovec){ big, HUGE_COUNT };
	iov[1] = (struct iovec){ big, HUGE_COUNT };
	CALL(sys_readv(fd, iov, 2));
	kc_check("readv", r == 11, r, e, "huge_total_clamped");
	/* one segment is shortened to MAX_RW_COUNT before access_ok(), two are not */
	d = open("/dev/null", O_RDONLY);
	iov[0] = (struct iovec){ big, SSIZE_MAX };
	CALL(sys_readv(d, iov, 1));
	kc_check("readv", r == 0, r, e, "one_segment_shortened_before_access_ok");
	iov[1] = (struct iovec){ big, 1 };
	CALL(sys_readv(d, iov, 2));
	kc_errno("readv", r, e, EFAULT, "EFAULT_segment_past_user_space");
	close(d);

	CALL(sys_readv(-1, iov, 1));
	kc_errno("readv", r, e, EBADF, "EBADF_not_open");
	d = openat_dir("rv", O_WRONLY);
	iov[0] = (struct iovec){ a, 1 };
	CALL(sys_readv(d, iov, 1));
	kc_errno("readv", r, e, EBADF, "EBADF_write_only");
	close(d);

	CALL(sys_readv(fd, many, ARRAY_SIZE(many)));
	kc_errno("readv", r, e, EINVAL, "EINVAL_vlen_above_UIO_MAXIOV");
	iov[0] = (struct iovec){ a, (size_t)-1 };
	CALL(sys_readv(fd, iov, 1));
	kc_errno("readv", r, e, EINVAL, "EINVAL_negative_len_one_segment");
	iov[0] = (struct iovec){ a, 1 };
	iov[1] = (struct iovec){ b, (size_t)LLONG_MIN };
	CALL(sys_readv(fd, iov, 2));
	kc_errno("readv", r, e, EINVAL, "EINVAL_negative_len");
	lseek(fd, LLONG_MAX - 5, SEEK_SET);
	iov[1] = (struct iovec){ b, 8 };
	CALL(sys_readv(fd, iov, 2));
	kc_errno("readv", r, e, EINVAL, "EINVAL_pos_plus_total");
	lseek(fd, 0, SEEK_SET);

	CALL(sys_readv(fd, KC_KADDR, 2));
	kc_errno("readv", r, e, EFAULT, "EFAULT_vec_kernel_address");
	CALL(sys_readv(fd, NULL, 1));
	kc_errno("readv", r, e, EFAULT, "EFAULT_vec_null");
	iov[0] = (struct iovec){ a, 1 };
	iov[1] = (struct iovec){ KC_KADDR, 4 };
	CALL(sys_readv(fd, iov, 2));
	kc_errno("readv", r, e, EFAULT, "EFAULT_segment_kernel_address");
	iov[0] = (struct iovec){ noaccess, 4 };
	CALL(sys_readv(fd, iov, 1));
	kc_errno("readv", r, e, EFAULT, "EFAULT_segment_unmapped");
	close(fd);

	d = open(dir, O_RDONLY | O_DIRECTORY);
	iov[0] = (struct iovec){ buf, sizeof(buf) };
	CALL(sys_readv(d, iov, 1));
	kc_errno("readv", r, e, EISDIR, "EISDIR");
	iov[0] = (struct iovec){ buf, 0 };
	CALL(sys_readv(d, iov, 1));
	kc_check("readv", r == 0, r, e, "directory_zero_total");
	close(d);

	if (pipe2(p, O_NONBLOCK))
		exit(1);
	iov[0] = (struct iovec){ buf, 1 };
	CALL(sys_readv(p[0], iov, 1));
	kc_errno("readv", r, e, EAGAIN, "EAGAIN_empty_pipe");
	set_blocking(p[0]);
	arm_timer();
	CALL(sys_readv(p[0], iov, 1));
	disarm_timer();
	kc_errno("readv", r, e, EINTR, "EINTR_pipe");
	close_pair(p);

	skip_errnos("readv", read_skips, ARRAY_SIZE(read_skips));
}

static void test_writev(void)
{
	struct rlimit old, lim;
	static struct iovec many[UIO_MAXIOV + 1];
	struct iovec iov[3];
	char buf[64];
	int fd, p[2], d;

	fd = mkfile("wv", NULL, O_RDWR);
	iov[0] = (struct iovec){ "ab", 2 };
	iov[1] = (struct iovec){ "", 0 };
	iov[2] = (struct iovec){ "cde", 3 };
	CALL(sys_writev(fd, iov, 3));
	kc_check("writev", r == 5 && pread(fd, buf, 5, 0) == 5 &&
		 !memcmp(buf, "abcde", 5) && lseek(fd, 0, SEEK_CUR) == 5, r, e,
		 "gather_order");
	CALL(sys_writev(fd, NULL, 0));
	kc_check("writev", r == 0, r, e, "vlen_zero");
	close(fd);
	fd = mkfile("wv", "01", O_RDWR | O_APPEND);
	iov[0] = (struct iovec){ "2", 1 };
	iov[1] = (struct iovec){ "3", 1 };
	CALL(sys_writev(fd, iov, 2));
	kc_check("writev", r == 2 && pread(fd, buf, 4, 0) == 4 &&
		 !memcmp(buf, "0123", 4), r, e, "o_append_at_end");
	close(fd);

	d = open("/dev/null", O_WRONLY);
	iov[0] = (struct iovec){ big, 1UL << 31 };
	iov[1] = (struct iovec){ big, 1UL << 31 };
	CALL(sys_writev(d, iov, 2));
	kc_check("writev", r == MAX_RW_COUNT, r, e, "huge_total_clamped");
	/* one segment is shortened to MAX_RW_COUNT before access_ok(), two are not */
	iov[0] = (struct iovec){ big, SSIZE_MAX };
	CALL(sys_writev(d, iov, 1));
	kc_check("writev", r == MAX_RW_COUNT, r, e,
		 "one_segment_shortened_before_access_ok");
	iov[1] = (struct iovec){ big, 1 };
	CALL(sys_writev(d, iov, 2));
	kc_errno("writev", r, e, EFAULT, "EFAULT_segment_past_user_space");
	close(d);

	iov[0] = (struct iovec){ "x", 1 };
	CALL(sys_writev(-1, iov, 1));
	kc_errno("writev", r, e, EBADF, "EBADF_not_open");
	d = openat_dir("wv", O_RDONLY);
	CALL(sys_writev(d, iov, 1));
	kc_errno("writev", r, e, EBADF, "EBADF_read_only");
	close(d);

	fd = mkfile("wv", NULL, O_RDWR);
	CALL(sys_writev(fd, many, ARRAY_SIZE(many)));
	kc_errno("writev", r, e, EINVAL, "EINVAL_vlen_above_UIO_MAXIOV");
	iov[1] = (struct iovec){ "y", (size_t)-1 };
	CALL(sys_writev(fd, iov, 2));
	kc_errno("writev", r, e, EINVAL, "EINVAL_negative_len");
	lseek(fd, LLONG_MAX - 5, SEEK_SET);
	iov[1] = (struct iovec){ "0123456789", 10 };
	CALL(sys_writev(fd, iov, 2));
	kc_errno("writev", r, e, EINVAL, "EINVAL_pos_plus_total");
	lseek(fd, 0, SEEK_SET);
	CALL(sys_writev(fd, KC_KADDR, 2));
	kc_errno("writev", r, e, EFAULT, "EFAULT_vec_kernel_address");
	iov[1] = (struct iovec){ KC_KADDR, 4 };
	CALL(sys_writev(fd, iov, 2));
	kc_errno("writev", r, e, EFAULT, "EFAULT_segment_kernel_address");
	iov[0] = (struct iovec){ noaccess, 4 };
	CALL(sys_writev(fd, iov, 1));
	kc_errno("writev", r, e, EFAULT, "EFAULT_segment_unmapped");

	getrlimit(RLIMIT_FSIZE, &old);
	lim = old;
	lim.rlim_cur = 4096;
	block(SIGXFSZ, true);
	setrlimit(RLIMIT_FSIZE, &lim);
	lseek(fd, 4096, SEEK_SET);
	iov[0] = (struct iovec){ "x", 1 };
	CALL(sys_writev(fd, iov, 1));
	kc_errno("writev", r, e, EFBIG, "EFBIG_rlimit_fsize");
	consume(SIGXFSZ);
	setrlimit(RLIMIT_FSIZE, &old);
	block(SIGXFSZ, false);
	close(fd);

	fd = memfd_create("kapi-rw", MFD_ALLOW_SEALING);
	write(fd, "sealed", 6);
	fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE);
	CALL(sys_writev(fd, iov, 1));
	kc_errno("writev", r, e, EPERM, "EPERM_memfd_seal_write");
	close(fd);

	if (pipe(p))
		exit(1);
	close(p[0]);
	block(SIGPIPE, true);
	iov[0] = (struct iovec){ "x", 0 };
	CALL(sys_writev(p[1], iov, 1));
	kc_check("writev", r == 0 && !pending(SIGPIPE), r, e,
		 "zero_total_no_reader");
	iov[0] = (struct iovec){ "x", 1 };
	CALL(sys_writev(p[1], iov, 1));
	kc_errno("writev", r, e, EPIPE, "EPIPE");
	kc_check("writev", pending(SIGPIPE), 0, 0, "sends_SIGPIPE");
	consume(SIGPIPE);
	block(SIGPIPE, false);
	close(p[1]);

	full_pipe(p);
	CALL(sys_writev(p[1], iov, 1));
	kc_errno("writev", r, e, EAGAIN, "EAGAIN_full_pipe");
	set_blocking(p[1]);
	arm_timer();
	CALL(sys_writev(p[1], iov, 1));
	disarm_timer();
	kc_errno("writev", r, e, EINTR, "EINTR_full_pipe");
	close_pair(p);

	skip_errnos("writev", write_skips, ARRAY_SIZE(write_skips));
}

/* ---- cases that need the guest ------------------------------------ */

struct outcome {
	long ret;
	int err;
};

/*
 * ENOSPC: a 2-page tmpfs, mounted in a private mount namespace of a child
 * so that nothing outside it sees the mount, filled; then one write of
 * each kind. The child sends back what the calls returned.
 */
static void test_enospc(void)
{
	static const char *const who[] = { "write", "pwrite64", "writev" };
	struct outcome out[3] = { { -2, 0 }, { -2, 0 }, { -2, 0 } };
	char mnt[128], file[160];
	struct iovec iov = { "x", 1 };
	int p[2], fd, i, st, d;
	pid_t pid;

	d = open("/dev/full", O_WRONLY);
	CALL(sys_write(d, "x", 1));
	kc_errno("write", r, e, ENOSPC, "ENOSPC_dev_full");
	CALL(sys_pwrite(d, "x", 1, 0));
	kc_errno("pwrite64", r, e, ENOSPC, "ENOSPC_dev_full");
	CALL(sys_writev(d, &iov, 1));
	kc_errno("writev", r, e, ENOSPC, "ENOSPC_dev_full");
	close(d);

	if (!guest && !getenv("KC_RW_MOUNT")) {
		for (i = 0; i < 3; i++)
			kc_skip_errno(who[i], ENOSPC,
				      "mounts only in the test guest (KC_RW_MOUNT=1 to force)");
		return;
	}
	path(mnt, sizeof(mnt), "mnt");
	snprintf(file, sizeof(file), "%s/f", mnt);
	mkdir(mnt, 0700);
	if (pipe(p))
		exit(1);
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		if (unshare(CLONE_NEWNS) ||
		    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
		    mount("kapi-rw", mnt, "tmpfs", 0, "size=8k")) {
			out[0].err = errno;
			write(p[1], out, sizeof(out));
			_exit(0);
		}
		fd = open(file, O_RDWR | O_CREAT, 0600);
		while (write(fd, big, 4096) > 0)
			;
		errno = 0;
		out[0].ret = syscall(SYS_write, fd, "x", 1);
		out[0].err = errno;
		errno = 0;
		out[1].ret = syscall(SYS_pwrite64, fd, "x", 1, 1 << 20);
		out[1].err = errno;
		errno = 0;
		out[2].ret = syscall(SYS_writev, fd, &iov, 1);
		out[2].err = errno;
		write(p[1], out, sizeof(out));
		_exit(0);
	}
	close(p[1]);
	if (read(p[0], out, sizeof(out)) != sizeof(out))
		out[0] = (struct outcome){ -2, EIO };
	close(p[0]);
	waitpid(pid, &st, 0);
	rmdir(mnt);
	for (i = 0; i < 3; i++) {
		if (out[0].ret == -2)
			kc_skip_errno(who[i], ENOSPC,
				      "could not mount a tmpfs in a private mount namespace");
		else
			kc_errno(who[i], out[i].ret, out[i].err, ENOSPC,
				 "ENOSPC_full_tmpfs");
	}
}

/*
 * EPIPE from /dev/kmsg: readers opened at the oldest record, then enough
 * debug-level records written (each writer opened anew so that the
 * per-open rate limit never drops them) to overwrite the whole log.
 */
static void test_kmsg_epipe(void)
{
	char rec[256], buf[8192];
	struct iovec iov = { buf, sizeof(buf) };
	int rd[3], w = -1, i;

	if (!guest) {
		kc_skip_errno("read", EPIPE, "floods the kernel log: test guest only");
		kc_skip_errno("pread64", EPIPE, "floods the kernel log: test guest only");
		kc_skip_errno("readv", EPIPE, "floods the kernel log: test guest only");
		return;
	}
	for (i = 0; i < 3; i++)
		rd[i] = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	for (i = 0; i < 3000; i++) {
		if (i % 8 == 0) {
			close(w);
			w = open("/dev/kmsg", O_WRONLY);
		}
		snprintf(rec, sizeof(rec),
			 "<7>kapi conformance_rw: overwriting the log, record %04d %0180d",
			 i, 0);
		write(w, rec, strlen(rec));
	}
	close(w);
	CALL(sys_read(rd[0], buf, sizeof(buf)));
	kc_errno("read", r, e, EPIPE, "EPIPE_kmsg_records_lost");
	CALL(sys_pread(rd[1], buf, sizeof(buf), 0));
	kc_errno("pread64", r, e, EPIPE, "EPIPE_kmsg_records_lost");
	CALL(sys_readv(rd[2], &iov, 1));
	kc_errno("readv", r, e, EPIPE, "EPIPE_kmsg_records_lost");
	for (i = 0; i < 3; i++)
		close(rd[i]);
}

/*
 * EOVERFLOW of rw_verify_area(): /dev/mem has unsigned offsets, so a
 * position 8 KiB below 2^64 is valid, and 8 KiB from it wraps. Writes are
 * refused before the driver runs; they are still tried only in the guest.
 */
static void test_devmem(void)
{
	char buf[8192];
	struct iovec iov = { buf, sizeof(buf) };
	const char *why;
	int d;

	d = open("/dev/mem", O_RDONLY);
	if (d < 0) {
		kc_skip_errno("read", EOVERFLOW, "cannot open /dev/mem");
		kc_skip_errno("readv", EOVERFLOW, "cannot open /dev/mem");
	} else {
		lseek(d, -8192, SEEK_SET);
		CALL(sys_read(d, buf, sizeof(buf)));
		kc_errno("read", r, e, EOVERFLOW, "EOVERFLOW_dev_mem_wrap");
		CALL(sys_readv(d, &iov, 1));
		kc_errno("readv", r, e, EOVERFLOW, "EOVERFLOW_dev_mem_wrap");
		close(d);
	}
	d = guest ? open("/dev/mem", O_WRONLY) : -1;
	if (d < 0) {
		why = guest ? "cannot open /dev/mem" : "writes /dev/mem: test guest only";
		kc_skip_errno("write", EOVERFLOW, why);
		kc_skip_errno("writev", EOVERFLOW, why);
		return;
	}
	lseek(d, -8192, SEEK_SET);
	CALL(sys_write(d, buf, sizeof(buf)));
	kc_errno("write", r, e, EOVERFLOW, "EOVERFLOW_dev_mem_wrap");
	CALL(sys_writev(d, &iov, 1));
	kc_errno("writev", r, e, EOVERFLOW, "EOVERFLOW_dev_mem_wrap");
	close(d);
}

static bool on_tmpfs(const char *p)
{
	struct statfs sf;

	return !statfs(p, &sf) && sf.f_type == TMPFS_MAGIC;
}

/* ESRCH: a /proc/PID file whose task was reaped after the open. */
static void test_esrch(void)
{
	char p[64], buf[512];
	struct iovec iov = { buf, sizeof(buf) };
	int fd[3], i;
	pid_t pid;

	pid = fork();
	if (pid == 0) {
		pause();
		_exit(0);
	}
	snprintf(p, sizeof(p), "/proc/%d/stat", (int)pid);
	for (i = 0; i < 3; i++)
		fd[i] = open(p, O_RDONLY);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	CALL(sys_read(fd[0], buf, sizeof(buf)));
	kc_errno("read", r, e, ESRCH, "ESRCH_proc_task_gone");
	CALL(sys_pread(fd[1], buf, sizeof(buf), 0));
	kc_errno("pread64", r, e, ESRCH, "ESRCH_proc_task_gone");
	CALL(sys_readv(fd[2], &iov, 1));
	kc_errno("readv", r, e, ESRCH, "ESRCH_proc_task_gone");
	for (i = 0; i < 3; i++)
		close(fd[i]);
}

static void cleanup(void)
{
	static const char *const files[] = {
		"r", "w", "l", "pr", "pw", "rv", "wv", NULL
	};
	char p[128];
	unsigned int i;

	for (i = 0; files[i]; i++) {
		path(p, sizeof(p), files[i]);
		unlink(p);
	}
	rmdir(dir);
}

int main(void)
{
	guest = access(KC_KAPI_DIR, F_OK) == 0;
	kc_init(names, PLAN);

	/* tmpfs: its limits (MAX_LFS_FILESIZE) and holes are what we test */
	snprintf(dir, sizeof(dir), "%s/kapi-rw.XXXXXX",
		 on_tmpfs("/tmp") || !on_tmpfs("/dev/shm") ? "/tmp" : "/dev/shm");
	if (!mkdtemp(dir))
		ksft_exit_fail_msg("mkdtemp: %s\n", strerror(errno));
	/* low, so that HUGE_COUNT bytes from it stay in the user half */
	big = mmap((void *)(1UL << 32), 1 << 16, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	noaccess = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			-1, 0);
	if (big == MAP_FAILED || noaccess == MAP_FAILED ||
	    (uintptr_t)big + 2 * HUGE_COUNT >= (1UL << 47))
		ksft_exit_fail_msg("mmap: %s\n", strerror(errno));
	memset(big, 'b', 1 << 16);

	test_read();
	test_write();
	test_lseek();
	test_pread();
	test_pwrite();
	test_readv();
	test_writev();
	test_enospc();
	test_kmsg_epipe();
	test_devmem();
	test_esrch();
	cleanup();

	kc_coverage();
	ksft_finished();
}
