// SPDX-License-Identifier: GPL-2.0
/*
 * Conformance of ioctl with its spec (fs/ioctl.c), a call with one variant
 * per generic command: every errno the spec lists is provoked by some
 * command or skipped with the reason, and the effects that are cheap to
 * see are checked. An errno that one command cannot give in the test
 * guest, while another command gives it, has a skip of its own
 * (ioctl.CMD.ERRNO) saying why.
 *
 * All file work is done on tmpfs mounts of the test's own, in a private
 * mount namespace: FIFREEZE and FITHAW never see another file system (and
 * a freeze that succeeds is thawed at once). Cases that need a caller
 * without capabilities run in a child that has dropped to uid 65534; the
 * child's exit status carries the errno.
 */
#include "kapi_conformance.h"

#include <assert.h>
#include <limits.h>
#include <sched.h>
#include <stdint.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

/* Commands newer than the build host's headers, as 6.12 has them */
#ifndef FS_IOC_GETFSUUID
struct fsuuid2 {
	__u8 len;
	__u8 uuid[16];
};

#define FS_IOC_GETFSUUID	_IOR(0x15, 0, struct fsuuid2)
#endif
#ifndef FS_IOC_GETFSSYSFSPATH
struct fs_sysfs_path {
	__u8 len;
	__u8 name[128];
};

#define FS_IOC_GETFSSYSFSPATH	_IOR(0x15, 1, struct fs_sysfs_path)
#endif
/* include/linux/falloc.h: the kernel does not export these */
#ifndef FS_IOC_RESVSP
struct space_resv {
	__s16 l_type;
	__s16 l_whence;
	__s64 l_start;
	__s64 l_len;
	__s32 l_sysid;
	__u32 l_pid;
	__s32 l_pad[4];
};

#define FS_IOC_RESVSP		_IOW('X', 40, struct space_resv)
#define FS_IOC_UNRESVSP		_IOW('X', 41, struct space_resv)
#define FS_IOC_RESVSP64		_IOW('X', 42, struct space_resv)
#define FS_IOC_UNRESVSP64	_IOW('X', 43, struct space_resv)
#define FS_IOC_ZERO_RANGE	_IOW('X', 57, struct space_resv)
#endif

/* The sizes the command numbers encode: a fallback with a typo breaks here. */
static_assert(sizeof(struct fsuuid2) == 17, "struct fsuuid2");
static_assert(sizeof(struct fs_sysfs_path) == 129, "struct fs_sysfs_path");
#ifdef __x86_64__
static_assert(sizeof(struct space_resv) == 48, "struct space_resv");
#endif

#define PLAN	134

/* A number far above anything this program opens. */
#define FD_UNUSED	9999
/* No file in the guest knows this command. */
#define CMD_UNKNOWN	_IO('k', 0x7f)
#define NOBODY		65534

static char base[64];
static long pagesz;

static const char *P(const char *name)
{
	return kc_path(base, name);
}

/* The raw syscall: libc's ioctl() is not to stand in between. */
static long sys_ioctl(int fd, unsigned int cmd, unsigned long arg)
{
	return syscall(SYS_ioctl, fd, cmd, arg);
}

static long sys_ioctl_ptr(int fd, unsigned int cmd, const void *p)
{
	return sys_ioctl(fd, cmd, (unsigned long)p);
}

static int open_path(const char *path, int flags)
{
	int fd = open(path, flags | O_CLOEXEC, 0644);

	if (fd < 0)
		ksft_exit_fail_msg("open %s: %s\n", path, strerror(errno));
	return fd;
}

static void make_pipe(int p[2])
{
	if (pipe2(p, O_CLOEXEC))
		ksft_exit_fail_msg("pipe: %s\n", strerror(errno));
}

static void close_pipe(int p[2])
{
	close(p[0]);
	close(p[1]);
}

/*
 * An errno the spec lists for @cmd that cannot happen in the guest,
 * though other commands give it (so kc_skip_errno() is not for it).
 */
static void skip_cmd(const char *cmd, int err, const char *reason)
{
	char what[96];

	snprintf(what, sizeof(what), "ioctl.%s.%s", cmd, strerrorname_np(err));
	ksft_test_result_code(KSFT_SKIP, what, "%s", reason);
}

/*
 * ioctl(@fd, @cmd, @arg) in a child as uid NOBODY, which holds no
 * capability: -1 and *@err for a failure, 0 for a success.
 */
static long as_nobody(int fd, unsigned int cmd, unsigned long arg, int *err)
{
	int st = 0;
	pid_t pid = fork();

	if (pid == 0) {
		if (setgid(NOBODY) || setuid(NOBODY))
			_exit(255);
		_exit(sys_ioctl(fd, cmd, arg) == -1 ? errno : 0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
	    WEXITSTATUS(st) == 255) {
		*err = ECHILD;
		return -1;
	}
	*err = WEXITSTATUS(st);
	return *err ? -1 : 0;
}

static void descriptor_cases(void)
{
	int f, d, null, path, p[2], err;
	long r, q;

	f = open_path(P("a/file"), O_RDWR);
	r = sys_ioctl(f, FIONCLEX, 0);
	err = errno;
	q = fcntl(f, F_GETFD);
	kc_check("ioctl", r == 0 && q == 0, r, err, "fionclex_clears_cloexec");
	r = sys_ioctl(f, FIOCLEX, 0);
	err = errno;
	q = fcntl(f, F_GETFD);
	kc_check("ioctl", r == 0 && q == FD_CLOEXEC, r, err,
		 "fioclex_sets_cloexec");

	r = sys_ioctl(FD_UNUSED, FIOCLEX, 0);
	kc_errno("ioctl", r, errno, EBADF, "fd_not_open");
	path = open_path(P("a/file"), O_PATH);
	r = sys_ioctl(path, FIOCLEX, 0);
	kc_errno("ioctl", r, errno, EBADF, "o_path_fd");
	close(path);
	r = sys_ioctl(FD_UNUSED, CMD_UNKNOWN, 0);
	kc_errno("ioctl", r, errno, EBADF, "fd_checked_before_cmd");

	/* neither the generic code nor any of these files' methods knows it */
	d = open_path(P("a/dir"), O_RDONLY | O_DIRECTORY);
	null = open_path("/dev/null", O_RDWR);
	make_pipe(p);
	r = sys_ioctl(f, CMD_UNKNOWN, 0);
	kc_errno("ioctl", r, errno, ENOTTY, "unknown_cmd_regular_file");
	r = sys_ioctl(d, CMD_UNKNOWN, 0);
	kc_errno("ioctl", r, errno, ENOTTY, "unknown_cmd_directory");
	r = sys_ioctl(null, CMD_UNKNOWN, 0);
	kc_errno("ioctl", r, errno, ENOTTY, "unknown_cmd_dev_null");
	r = sys_ioctl(p[0], CMD_UNKNOWN, 0);
	kc_errno("ioctl", r, errno, ENOTTY, "unknown_cmd_pipe");
	close_pipe(p);
	close(null);
	close(d);
	close(f);

	kc_skip_errno("ioctl", EACCES, "CONFIG_SECURITY is off: no LSM");
	skip_cmd("lsm", EPERM, "CONFIG_SECURITY is off: no LSM");
}

static void fionbio_cases(void)
{
	int f, on, err;
	long r, q;

	f = open_path(P("a/file"), O_RDONLY);
	on = 1;
	r = sys_ioctl_ptr(f, FIONBIO, &on);
	err = errno;
	q = fcntl(f, F_GETFL);
	kc_check("ioctl", r == 0 && q >= 0 && (q & O_NONBLOCK), r, err,
		 "fionbio_sets_o_nonblock");
	on = 0;
	r = sys_ioctl_ptr(f, FIONBIO, &on);
	err = errno;
	q = fcntl(f, F_GETFL);
	kc_check("ioctl", r == 0 && q >= 0 && !(q & O_NONBLOCK), r, err,
		 "fionbio_clears_o_nonblock");
	r = sys_ioctl_ptr(f, FIONBIO, NULL);
	kc_errno("ioctl", r, errno, EFAULT, "fionbio_null");
	close(f);
}

static void fioasync_cases(void)
{
	int f, p[2], on, err;
	long r, q;

	make_pipe(p);
	on = 1;
	r = sys_ioctl_ptr(p[0], FIOASYNC, &on);
	err = errno;
	q = fcntl(p[0], F_GETFL);
	kc_check("ioctl", r == 0 && q >= 0 && (q & O_ASYNC), r, err,
		 "fioasync_pipe_sets_o_async");
	on = 0;
	r = sys_ioctl_ptr(p[0], FIOASYNC, &on);
	err = errno;
	q = fcntl(p[0], F_GETFL);
	kc_check("ioctl", r == 0 && q >= 0 && !(q & O_ASYNC), r, err,
		 "fioasync_pipe_clears_o_async");
	close_pipe(p);

	f = open_path(P("a/file"), O_RDONLY);
	on = 1;
	r = sys_ioctl_ptr(f, FIOASYNC, &on);
	kc_errno("ioctl", r, errno, ENOTTY, "fioasync_no_fasync_method");
	/* no change asked: no method needed */
	on = 0;
	r = sys_ioctl_ptr(f, FIOASYNC, &on);
	kc_check("ioctl", r == 0, r, errno, "fioasync_off_when_off_without_method");
	r = sys_ioctl_ptr(f, FIOASYNC, NULL);
	kc_errno("ioctl", r, errno, EFAULT, "fioasync_null");
	close(f);
	skip_cmd("FIOASYNC", ENOMEM,
		 "fasync_helper()'s allocation cannot be made to fail safely");
}

static void fioqsize_cases(void)
{
	long long q = -1;
	struct stat st;
	int f, d, p[2], err;
	long r;

	f = open_path(P("a/file"), O_RDONLY);
	r = sys_ioctl_ptr(f, FIOQSIZE, &q);
	err = errno;
	kc_check("ioctl", r == 0 && !fstat(f, &st) && q >= 10 &&
		 q == (long long)st.st_blocks * 512, r, err,
		 "fioqsize_file_allocated_bytes");
	d = open_path(P("a/dir"), O_RDONLY | O_DIRECTORY);
	r = sys_ioctl_ptr(d, FIOQSIZE, &q);
	kc_check("ioctl", r == 0, r, errno, "fioqsize_directory");
	close(d);
	make_pipe(p);
	r = sys_ioctl_ptr(p[0], FIOQSIZE, &q);
	kc_errno("ioctl", r, errno, ENOTTY, "fioqsize_pipe");
	close_pipe(p);
	r = sys_ioctl_ptr(f, FIOQSIZE, NULL);
	kc_errno("ioctl", r, errno, EFAULT, "fioqsize_null");
	close(f);
}

/* Only on the test's own tmpfs; a freeze that works is undone at once. */
static void freeze_cases(void)
{
	int f, err;
	long r;

	f = open_path(P("a/file"), O_RDONLY);
	r = as_nobody(f, FIFREEZE, 0, &err);
	if (r == 0)
		sys_ioctl(f, FITHAW, 0);
	kc_errno("ioctl", r, err, EPERM, "fifreeze_without_cap_sys_admin");
	r = as_nobody(f, FITHAW, 0, &err);
	kc_errno("ioctl", r, err, EPERM, "fithaw_without_cap_sys_admin");
	r = sys_ioctl(f, FIFREEZE, 0);
	err = errno;
	if (r == 0)
		sys_ioctl(f, FITHAW, 0);
	kc_errno("ioctl", r, err, EOPNOTSUPP, "fifreeze_tmpfs_cannot_freeze");
	r = sys_ioctl(f, FITHAW, 0);
	kc_errno("ioctl", r, errno, EINVAL, "fithaw_not_frozen");
	close(f);

	kc_skip_errno("ioctl", EBUSY,
		      "FIFREEZE: no guest file system can be frozen (tmpfs, ramfs, proc, sysfs lack freeze_fs)");
	kc_skip_errno("ioctl", EIO,
		      "FIFREEZE: no guest file system can be frozen, so none syncs on freeze");
	skip_cmd("FIFREEZE", EINVAL,
		 "no guest file system can be frozen: EOPNOTSUPP comes before the dying-sb check");
	skip_cmd("FIFREEZE", ENOSPC,
		 "no guest file system can be frozen, so none syncs on freeze");
}

static void fiemap_cases(void)
{
	struct fiemap fm = { .fm_length = ~0ULL };
	int f;
	long r;

	f = open_path(P("a/file"), O_RDONLY);
	r = sys_ioctl_ptr(f, FS_IOC_FIEMAP, &fm);
	kc_errno("ioctl", r, errno, EOPNOTSUPP, "fiemap_no_fiemap_method");
	r = sys_ioctl_ptr(f, FS_IOC_FIEMAP, NULL);
	kc_errno("ioctl", r, errno, EOPNOTSUPP, "fiemap_method_checked_before_arg");
	close(f);

	kc_skip_errno("ioctl", EBADR,
		      "FS_IOC_FIEMAP: no guest file system has a fiemap method");
	skip_cmd("FS_IOC_FIEMAP", EFAULT,
		 "no guest file system has a fiemap method: EOPNOTSUPP comes before arg is read");
	skip_cmd("FS_IOC_FIEMAP", EINVAL,
		 "no guest file system has a fiemap method: EOPNOTSUPP comes first");
	skip_cmd("FS_IOC_FIEMAP", EFBIG,
		 "no guest file system has a fiemap method: EOPNOTSUPP comes first");
}

static void figetbsz_cases(void)
{
	int f, bsz = 0;
	long r;

	f = open_path(P("a/file"), O_RDONLY);
	r = sys_ioctl_ptr(f, FIGETBSZ, &bsz);
	kc_check("ioctl", r == 0 && bsz == pagesz, r, errno,
		 "figetbsz_tmpfs_page_size");
	r = sys_ioctl_ptr(f, FIGETBSZ, NULL);
	kc_errno("ioctl", r, errno, EFAULT, "figetbsz_null");
	close(f);
	skip_cmd("FIGETBSZ", EINVAL, "every guest super block has a block size");
}

/* The files FICLONE, FICLONERANGE and FIDEDUPERANGE work on. */
static struct {
	int rw, rw2, ro, wo, app, other_fs, dir, pipe[2];
} cl;

static void open_clone_files(void)
{
	cl.rw = open_path(P("a/file"), O_RDWR);
	cl.rw2 = open_path(P("a/other"), O_RDWR);
	cl.ro = open_path(P("a/other"), O_RDONLY);
	cl.wo = open_path(P("a/file"), O_WRONLY);
	cl.app = open_path(P("a/other"), O_WRONLY | O_APPEND);
	cl.other_fs = open_path(P("b/file"), O_RDWR);
	cl.dir = open_path(P("a/dir"), O_RDONLY | O_DIRECTORY);
	make_pipe(cl.pipe);
}

static void close_clone_files(void)
{
	close(cl.rw);
	close(cl.rw2);
	close(cl.ro);
	close(cl.wo);
	close(cl.app);
	close(cl.other_fs);
	close(cl.dir);
	close_pipe(cl.pipe);
}

/* FICLONE: fd is the destination, arg the source descriptor. */
static void ficlone_cases(void)
{
	long r;

	r = sys_ioctl(cl.rw2, FICLONE, FD_UNUSED);
	kc_errno("ioctl", r, errno, EBADF, "ficlone_src_not_open");
	r = sys_ioctl(cl.rw2, FICLONE, cl.other_fs);
	kc_errno("ioctl", r, errno, EXDEV, "ficlone_other_file_system");
	r = sys_ioctl(cl.dir, FICLONE, cl.rw);
	kc_errno("ioctl", r, errno, EISDIR, "ficlone_dst_directory");
	r = sys_ioctl(cl.pipe[1], FICLONE, cl.pipe[0]);
	kc_errno("ioctl", r, errno, EINVAL, "ficlone_pipes_not_regular");
	r = sys_ioctl(cl.ro, FICLONE, cl.rw);
	kc_errno("ioctl", r, errno, EBADF, "ficlone_dst_read_only");
	r = sys_ioctl(cl.app, FICLONE, cl.rw);
	kc_errno("ioctl", r, errno, EBADF, "ficlone_dst_append_only");
	r = sys_ioctl(cl.rw2, FICLONE, cl.rw);
	kc_errno("ioctl", r, errno, EOPNOTSUPP, "ficlone_tmpfs_cannot_share");
}

static long clone_range(int dst, int src)
{
	struct file_clone_range fcr = { .src_fd = src, .src_length = 10 };

	return sys_ioctl_ptr(dst, FICLONERANGE, &fcr);
}

static void ficlonerange_cases(void)
{
	long r;

	r = sys_ioctl_ptr(cl.rw2, FICLONERANGE, NULL);
	kc_errno("ioctl", r, errno, EFAULT, "ficlonerange_null");
	r = clone_range(cl.rw2, FD_UNUSED);
	kc_errno("ioctl", r, errno, EBADF, "ficlonerange_src_not_open");
	r = clone_range(cl.rw2, cl.other_fs);
	kc_errno("ioctl", r, errno, EXDEV, "ficlonerange_other_file_system");
	r = clone_range(cl.dir, cl.rw);
	kc_errno("ioctl", r, errno, EISDIR, "ficlonerange_dst_directory");
	r = clone_range(cl.pipe[1], cl.pipe[0]);
	kc_errno("ioctl", r, errno, EINVAL, "ficlonerange_pipes_not_regular");
	r = clone_range(cl.rw2, cl.rw);
	kc_errno("ioctl", r, errno, EOPNOTSUPP, "ficlonerange_tmpfs_cannot_share");
}

/* FIDEDUPERANGE: fd is the source; one destination, rw2. */
static void fideduperange_cases(void)
{
	struct file_dedupe_range *d;
	long r;

	d = calloc(1, sizeof(*d) + sizeof(d->info[0]));
	if (!d)
		ksft_exit_fail_msg("out of memory\n");
	d->src_length = 10;
	d->dest_count = 1;
	d->info[0].dest_fd = cl.rw2;

	r = sys_ioctl_ptr(cl.rw, FIDEDUPERANGE, NULL);
	kc_errno("ioctl", r, errno, EFAULT, "fideduperange_null");
	/* only dest_count is read before the size is refused */
	d->dest_count = (pagesz - sizeof(*d)) / sizeof(d->info[0]) + 1;
	r = sys_ioctl_ptr(cl.rw, FIDEDUPERANGE, d);
	kc_errno("ioctl", r, errno, ENOMEM, "fideduperange_more_than_a_page");
	d->dest_count = 1;
	r = sys_ioctl_ptr(cl.wo, FIDEDUPERANGE, d);
	kc_errno("ioctl", r, errno, EINVAL, "fideduperange_src_not_readable");
	d->reserved1 = 1;
	r = sys_ioctl_ptr(cl.rw, FIDEDUPERANGE, d);
	kc_errno("ioctl", r, errno, EINVAL, "fideduperange_reserved_not_0");
	d->reserved1 = 0;
	r = sys_ioctl_ptr(cl.dir, FIDEDUPERANGE, d);
	kc_errno("ioctl", r, errno, EISDIR, "fideduperange_src_directory");
	r = sys_ioctl_ptr(cl.rw, FIDEDUPERANGE, d);
	kc_errno("ioctl", r, errno, EOPNOTSUPP, "fideduperange_tmpfs_cannot_share");
	free(d);
}

static void fionread_cases(void)
{
	int f, null, p[2], n, err;
	long r;

	f = open_path(P("a/file"), O_RDONLY);
	lseek(f, 3, SEEK_SET);
	n = -1;
	r = sys_ioctl_ptr(f, FIONREAD, &n);
	kc_check("ioctl", r == 0 && n == 7, r, errno,
		 "fionread_file_size_minus_position");
	lseek(f, 15, SEEK_SET);
	n = 0;
	r = sys_ioctl_ptr(f, FIONREAD, &n);
	kc_check("ioctl", r == 0 && n == -5, r, errno,
		 "fionread_past_end_is_negative");
	r = sys_ioctl_ptr(f, FIONREAD, NULL);
	kc_errno("ioctl", r, errno, EFAULT, "fionread_null");
	close(f);

	make_pipe(p);
	n = -1;
	if (write(p[1], "hello", 5) != 5)
		ksft_exit_fail_msg("write to pipe: %s\n", strerror(errno));
	r = sys_ioctl_ptr(p[0], FIONREAD, &n);
	err = errno;
	kc_check("ioctl", r == 0 && n == 5, r, err, "fionread_pipe_buffered_bytes");
	close_pipe(p);
	/* not a regular file: the method decides, and /dev/null has none */
	null = open_path("/dev/null", O_RDONLY);
	r = sys_ioctl_ptr(null, FIONREAD, &n);
	kc_errno("ioctl", r, errno, ENOTTY, "fionread_dev_null_no_method");
	close(null);
}

#define NO_FILEATTR	"tmpfs has no fileattr ops here (CONFIG_TMPFS_XATTR off)"

/*
 * Without fileattr ops the flag commands go to the file's method (none on
 * tmpfs); the set commands read arg and take write access to the mount
 * before they look.
 */
static void fileattr_fallback_cases(int f, int ro)
{
	struct fsxattr fx = { 0 };
	unsigned int flags = 0;
	long r;

	r = sys_ioctl_ptr(f, FS_IOC_GETFLAGS, &flags);
	kc_errno("ioctl", r, errno, ENOTTY, "getflags_no_fileattr_falls_back");
	skip_cmd("FS_IOC_GETFLAGS", EFAULT,
		 NO_FILEATTR "; the fallback comes before arg is written");

	r = sys_ioctl_ptr(f, FS_IOC_SETFLAGS, NULL);
	kc_errno("ioctl", r, errno, EFAULT, "setflags_null");
	r = sys_ioctl_ptr(ro, FS_IOC_SETFLAGS, &flags);
	kc_errno("ioctl", r, errno, EROFS, "setflags_read_only_mount");
	r = sys_ioctl_ptr(f, FS_IOC_SETFLAGS, &flags);
	kc_errno("ioctl", r, errno, ENOTTY, "setflags_no_fileattr_falls_back");
	skip_cmd("FS_IOC_SETFLAGS", EPERM, NO_FILEATTR "; the fallback comes first");
	skip_cmd("FS_IOC_SETFLAGS", EOPNOTSUPP, NO_FILEATTR "; the fallback comes first");

	r = sys_ioctl_ptr(f, FS_IOC_FSGETXATTR, &fx);
	kc_errno("ioctl", r, errno, ENOTTY, "fsgetxattr_no_fileattr_falls_back");
	skip_cmd("FS_IOC_FSGETXATTR", EFAULT,
		 NO_FILEATTR "; the fallback comes before arg is written");

	r = sys_ioctl_ptr(f, FS_IOC_FSSETXATTR, NULL);
	kc_errno("ioctl", r, errno, EFAULT, "fssetxattr_null");
	r = sys_ioctl_ptr(ro, FS_IOC_FSSETXATTR, &fx);
	kc_errno("ioctl", r, errno, EROFS, "fssetxattr_read_only_mount");
	r = sys_ioctl_ptr(f, FS_IOC_FSSETXATTR, &fx);
	kc_errno("ioctl", r, errno, ENOTTY, "fssetxattr_no_fileattr_falls_back");
	skip_cmd("FS_IOC_FSSETXATTR", EPERM, NO_FILEATTR "; the fallback comes first");
	skip_cmd("FS_IOC_FSSETXATTR", EINVAL, NO_FILEATTR "; the fallback comes first");
	skip_cmd("FS_IOC_FSSETXATTR", EOPNOTSUPP, NO_FILEATTR "; the fallback comes first");
}

/*
 * With CONFIG_TMPFS_XATTR tmpfs has fileattr ops: it keeps the flags of
 * SHMEM_FL_USER_MODIFIABLE and refuses every other flag and every
 * fsxattr change (shmem_fileattr_set()). The same number of results as
 * fileattr_fallback_cases(), so that the plan holds in both kernels.
 */
static void fileattr_tmpfs_cases(int f, int ro)
{
	struct fsxattr fx = { 0 };
	unsigned int flags = 0, set = FS_NOATIME_FL, got = 0;
	int err;
	long r, q;

	r = sys_ioctl_ptr(f, FS_IOC_GETFLAGS, &flags);
	kc_check("ioctl", r == 0, r, errno, "getflags_reads_flags");
	r = sys_ioctl_ptr(f, FS_IOC_GETFLAGS, NULL);
	kc_errno("ioctl", r, errno, EFAULT, "getflags_null");

	r = sys_ioctl_ptr(f, FS_IOC_SETFLAGS, NULL);
	kc_errno("ioctl", r, errno, EFAULT, "setflags_null");
	r = sys_ioctl_ptr(ro, FS_IOC_SETFLAGS, &flags);
	kc_errno("ioctl", r, errno, EROFS, "setflags_read_only_mount");
	r = sys_ioctl_ptr(f, FS_IOC_SETFLAGS, &set);
	err = errno;
	q = sys_ioctl_ptr(f, FS_IOC_GETFLAGS, &got);
	kc_check("ioctl", r == 0 && q == 0 && (got & FS_NOATIME_FL), r, err,
		 "setflags_sets_noatime");
	sys_ioctl_ptr(f, FS_IOC_SETFLAGS, &flags);
	r = as_nobody(f, FS_IOC_SETFLAGS, (unsigned long)&flags, &err);
	kc_errno("ioctl", r, err, EPERM, "setflags_not_owner");
	set = flags | FS_COMPR_FL;
	r = sys_ioctl_ptr(f, FS_IOC_SETFLAGS, &set);
	kc_errno("ioctl", r, errno, EOPNOTSUPP, "setflags_flag_tmpfs_lacks");

	r = sys_ioctl_ptr(f, FS_IOC_FSGETXATTR, &fx);
	kc_check("ioctl", r == 0, r, errno, "fsgetxattr_reads_attributes");
	r = sys_ioctl_ptr(f, FS_IOC_FSGETXATTR, NULL);
	kc_errno("ioctl", r, errno, EFAULT, "fsgetxattr_null");

	r = sys_ioctl_ptr(f, FS_IOC_FSSETXATTR, NULL);
	kc_errno("ioctl", r, errno, EFAULT, "fssetxattr_null");
	r = sys_ioctl_ptr(ro, FS_IOC_FSSETXATTR, &fx);
	kc_errno("ioctl", r, errno, EROFS, "fssetxattr_read_only_mount");
	r = as_nobody(f, FS_IOC_FSSETXATTR, (unsigned long)&fx, &err);
	kc_errno("ioctl", r, err, EPERM, "fssetxattr_not_owner");
	/* an inherited extent size hint is for directories only */
	fx.fsx_xflags = FS_XFLAG_EXTSZINHERIT;
	r = sys_ioctl_ptr(f, FS_IOC_FSSETXATTR, &fx);
	kc_errno("ioctl", r, errno, EINVAL, "fssetxattr_extszinherit_on_file");
	/* only flags that map onto FS_*_FL: tmpfs takes them */
	fx.fsx_xflags = 0;
	r = sys_ioctl_ptr(f, FS_IOC_FSSETXATTR, &fx);
	kc_check("ioctl", r == 0, r, errno, "fssetxattr_common_flags");
	fx.fsx_extsize = 4096;
	r = sys_ioctl_ptr(f, FS_IOC_FSSETXATTR, &fx);
	kc_errno("ioctl", r, errno, EOPNOTSUPP, "fssetxattr_extsize_tmpfs_lacks");
}

static void fileattr_cases(void)
{
	unsigned int flags;
	int f, ro;

	f = open_path(P("a/file"), O_RDONLY);
	ro = open_path(P("ro/file"), O_RDONLY);
	/* the probe: ENOTTY when the inode has no fileattr_get */
	if (sys_ioctl_ptr(f, FS_IOC_GETFLAGS, &flags) == 0)
		fileattr_tmpfs_cases(f, ro);
	else
		fileattr_fallback_cases(f, ro);
	close(ro);
	close(f);
}

static void fs_id_cases(void)
{
	struct fsuuid2 ua = { 0 }, ub = { 0 };
	struct fs_sysfs_path sp = { 0 };
	int a, b, proc, err;
	long r, q;

	a = open_path(P("a/file"), O_RDONLY);
	b = open_path(P("b/file"), O_RDONLY);
	r = sys_ioctl_ptr(a, FS_IOC_GETFSUUID, &ua);
	err = errno;
	q = sys_ioctl_ptr(b, FS_IOC_GETFSUUID, &ub);
	/* every tmpfs gets a random UUID of its own */
	kc_check("ioctl", r == 0 && q == 0 && ua.len == 16 && ub.len == 16 &&
		 memcmp(ua.uuid, ub.uuid, 16), r ?: q, r ? err : errno,
		 "getfsuuid_tmpfs_own_uuid");
	r = sys_ioctl_ptr(a, FS_IOC_GETFSUUID, NULL);
	kc_errno("ioctl", r, errno, EFAULT, "getfsuuid_null");
	proc = open_path("/proc/self/stat", O_RDONLY);
	r = sys_ioctl_ptr(proc, FS_IOC_GETFSUUID, &ua);
	kc_errno("ioctl", r, errno, ENOTTY, "getfsuuid_proc_has_none");
	close(proc);

	r = sys_ioctl_ptr(a, FS_IOC_GETFSSYSFSPATH, &sp);
	kc_errno("ioctl", r, errno, ENOTTY, "getfssysfspath_tmpfs_has_none");
	skip_cmd("FS_IOC_GETFSSYSFSPATH", EFAULT,
		 "no guest file system has a /sys/fs directory: ENOTTY comes before the copy");
	close(b);
	close(a);
}

static void fibmap_cases(void)
{
	int f, p[2], blk, err;
	long r;

	f = open_path(P("a/file"), O_RDONLY);
	blk = 0;
	r = as_nobody(f, FIBMAP, (unsigned long)&blk, &err);
	kc_errno("ioctl", r, err, EPERM, "fibmap_without_cap_sys_rawio");
	r = sys_ioctl_ptr(f, FIBMAP, NULL);
	kc_errno("ioctl", r, errno, EFAULT, "fibmap_null");
	blk = -1;
	r = sys_ioctl_ptr(f, FIBMAP, &blk);
	kc_errno("ioctl", r, errno, EINVAL, "fibmap_negative_block");
	/* tmpfs has no bmap (none does without CONFIG_BLOCK): 0 comes back */
	blk = 7;
	r = sys_ioctl_ptr(f, FIBMAP, &blk);
	err = errno;
	kc_check("ioctl", r == -1 && err == EINVAL && blk == 0, r, err,
		 "fibmap_unmapped_writes_0");
	close(f);
	make_pipe(p);
	r = sys_ioctl_ptr(p[0], FIBMAP, &blk);
	kc_errno("ioctl", r, errno, ENOTTY, "fibmap_pipe_goes_to_method");
	close_pipe(p);
	kc_skip_errno("ioctl", ERANGE,
		      "FIBMAP: no guest file system maps blocks (tmpfs and ramfs have no bmap, and no disk file system is mounted)");
}

/* The space reservation commands, all regular files only. */
enum space_kind { ALLOCATE, PUNCH, ZERO };

static const struct {
	unsigned int cmd;
	const char *name;
	enum space_kind kind;
} space[] = {
	{ FS_IOC_RESVSP, "resvsp", ALLOCATE },
	{ FS_IOC_RESVSP64, "resvsp64", ALLOCATE },
	{ FS_IOC_UNRESVSP, "unresvsp", PUNCH },
	{ FS_IOC_UNRESVSP64, "unresvsp64", PUNCH },
	{ FS_IOC_ZERO_RANGE, "zero_range", ZERO },
};

#define N_SPACE	((int)ARRAY_SIZE(space))

static struct space_resv resv(short whence, long long start, long long len)
{
	struct space_resv sr = {
		.l_whence = whence, .l_start = start, .l_len = len,
	};

	return sr;
}

/* What every one of them gives, whatever it does. */
static void space_errno_cases(void)
{
	struct space_resv sr;
	int w, ro, proc, p[2], i;
	long r;

	w = open_path(P("a/file"), O_RDWR);
	ro = open_path(P("a/file"), O_RDONLY);
	/* a regular file whose file system has no fallocate method */
	proc = open_path("/proc/self/comm", O_WRONLY);
	make_pipe(p);
	for (i = 0; i < N_SPACE; i++) {
		const char *n = space[i].name;
		unsigned int cmd = space[i].cmd;

		r = sys_ioctl_ptr(w, cmd, NULL);
		kc_errno("ioctl", r, errno, EFAULT, "%s_null", n);
		sr = resv(3, 0, pagesz);
		r = sys_ioctl_ptr(w, cmd, &sr);
		kc_errno("ioctl", r, errno, EINVAL, "%s_bad_whence", n);
		sr = resv(SEEK_SET, 0, pagesz);
		r = sys_ioctl_ptr(ro, cmd, &sr);
		kc_errno("ioctl", r, errno, EBADF, "%s_read_only_fd", n);
		sr = resv(SEEK_SET, 1, LLONG_MAX);
		r = sys_ioctl_ptr(w, cmd, &sr);
		kc_errno("ioctl", r, errno, EFBIG, "%s_end_overflows", n);
		/* tmpfs allocates and punches but does not zero */
		sr = resv(SEEK_SET, 0, pagesz);
		r = sys_ioctl_ptr(space[i].kind == ZERO ? w : proc, cmd, &sr);
		kc_errno("ioctl", r, errno, EOPNOTSUPP, "%s_%s", n,
			 space[i].kind == ZERO ? "tmpfs_cannot_zero" :
						 "proc_has_no_fallocate");
		r = sys_ioctl_ptr(p[1], cmd, &sr);
		kc_errno("ioctl", r, errno, ENOTTY, "%s_pipe_goes_to_method", n);
	}
	close_pipe(p);
	close(proc);
	close(ro);
	close(w);
	kc_skip_errno("ioctl", ETXTBSY,
		      "space commands: no swap file is active in the guest");
}

/*
 * Zeroing gets no seal check; an append-only inode refuses it, where tmpfs
 * can carry the flag (fileattr ops, CONFIG_TMPFS_XATTR).
 */
static void zero_range_append_only_case(void)
{
	struct space_resv sr = resv(SEEK_SET, 0, pagesz);
	unsigned int fl = FS_APPEND_FL;
	int w = open_path(P("a/file"), O_WRONLY | O_APPEND);
	long r;

	if (sys_ioctl_ptr(w, FS_IOC_SETFLAGS, &fl)) {
		skip_cmd("FS_IOC_ZERO_RANGE", EPERM,
			 "needs an append-only or immutable inode: " NO_FILEATTR);
	} else {
		r = sys_ioctl_ptr(w, FS_IOC_ZERO_RANGE, &sr);
		kc_errno("ioctl", r, errno, EPERM, "zero_range_append_only");
		fl = 0;
		sys_ioctl_ptr(w, FS_IOC_SETFLAGS, &fl);
	}
	close(w);
}

/* A memfd sealed against growing and writing refuses both kinds. */
static void space_seal_cases(void)
{
	struct space_resv sr;
	int m, i;
	long r;

	m = (int)syscall(SYS_memfd_create, "kc", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	if (m < 0 || ftruncate(m, pagesz) ||
	    fcntl(m, F_ADD_SEALS, F_SEAL_GROW | F_SEAL_WRITE))
		ksft_exit_fail_msg("sealed memfd: %s\n", strerror(errno));
	for (i = 0; i < N_SPACE; i++) {
		if (space[i].kind == ZERO)
			continue;
		sr = resv(SEEK_SET, 0, 2 * pagesz);
		r = sys_ioctl_ptr(m, space[i].cmd, &sr);
		kc_errno("ioctl", r, errno, EPERM, "%s_sealed_memfd", space[i].name);
	}
	close(m);
	zero_range_append_only_case();
}

/*
 * Reserving keeps the size and adds blocks (FIOQSIZE counts them);
 * punching the same range gives them back.
 */
static void space_success_case(int alloc, int punch)
{
	struct space_resv sr = resv(SEEK_SET, 0, 16 * pagesz);
	long long q = -1;
	struct stat st;
	long r, qr;
	blkcnt_t held;
	int f, err;

	f = open_path(P("a/resv"), O_RDWR | O_CREAT | O_TRUNC);
	r = sys_ioctl_ptr(f, space[alloc].cmd, &sr);
	err = errno;
	qr = sys_ioctl_ptr(f, FIOQSIZE, &q);
	held = fstat(f, &st) ? 0 : st.st_blocks;
	kc_check("ioctl", r == 0 && qr == 0 && st.st_size == 0 &&
		 held * 512 >= 16 * pagesz && q == held * 512, r, err,
		 "%s_allocates_keeping_size", space[alloc].name);
	r = sys_ioctl_ptr(f, space[punch].cmd, &sr);
	err = errno;
	kc_check("ioctl", r == 0 && !fstat(f, &st) && st.st_size == 0 &&
		 st.st_blocks < held, r, err, "%s_frees_the_range",
		 space[punch].name);
	close(f);
	unlink(P("a/resv"));
}

static void space_cases(void)
{
	struct space_resv sr;
	int f, i;
	long r;

	space_errno_cases();
	space_seal_cases();
	space_success_case(0, 2);
	space_success_case(1, 3);
	/* b is a 64k tmpfs: a megabyte is refused before any page is taken */
	f = open_path(P("b/file"), O_RDWR);
	for (i = 0; i < N_SPACE; i++) {
		if (space[i].kind != ALLOCATE)
			continue;
		sr = resv(SEEK_SET, 0, 1 << 20);
		r = sys_ioctl_ptr(f, space[i].cmd, &sr);
		kc_errno("ioctl", r, errno, ENOSPC, "%s_tmpfs_full", space[i].name);
	}
	close(f);
}

/*
 * a: the tmpfs most cases use; b: a second, small one (EXDEV, ENOSPC);
 * ro: a read-only bind mount of a (EROFS). Private to this process.
 */
static void mount_all(void)
{
	if (unshare(CLONE_NEWNS) ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
		ksft_exit_fail_msg("private mount namespace: %s\n",
				   strerror(errno));
	snprintf(base, sizeof(base), "/tmp/kc_ioctl.XXXXXX");
	if (!mkdtemp(base))
		ksft_exit_fail_msg("mkdtemp: %s\n", strerror(errno));
	if (mkdir(P("a"), 0755) || mkdir(P("b"), 0755) || mkdir(P("ro"), 0755))
		ksft_exit_fail_msg("mkdir: %s\n", strerror(errno));
	if (mount("tmpfs", P("a"), "tmpfs", 0, "size=4m") ||
	    mount("tmpfs", P("b"), "tmpfs", 0, "size=64k"))
		ksft_exit_fail_msg("mount tmpfs: %s\n", strerror(errno));
	kc_touch(P("a/file"), "0123456789");
	kc_touch(P("a/other"), "0123456789");
	kc_touch(P("b/file"), "0123456789");
	if (mkdir(P("a/dir"), 0755))
		ksft_exit_fail_msg("mkdir: %s\n", strerror(errno));
	if (mount(P("a"), P("ro"), NULL, MS_BIND, NULL) ||
	    mount(NULL, P("ro"), NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL))
		ksft_exit_fail_msg("read-only bind mount: %s\n", strerror(errno));
}

static void unmount_all(void)
{
	const char *const dirs[] = { "ro", "a", "b" };
	int i;

	for (i = 0; i < 3; i++) {
		if (umount2(P(dirs[i]), MNT_DETACH) || rmdir(P(dirs[i])))
			ksft_print_msg("could not remove %s: %s\n", P(dirs[i]),
				       strerror(errno));
	}
	if (rmdir(base))
		ksft_print_msg("could not remove %s: %s\n", base, strerror(errno));
}

int main(void)
{
	static const char *const names[] = { "ioctl", NULL };

	kc_init(names, PLAN);
	if (geteuid() != 0)
		ksft_exit_skip("needs root: mounts tmpfs, some cases drop to uid %d\n",
			       NOBODY);
	pagesz = sysconf(_SC_PAGESIZE);
	mount_all();

	descriptor_cases();
	fionbio_cases();
	fioasync_cases();
	fioqsize_cases();
	freeze_cases();
	fiemap_cases();
	figetbsz_cases();
	open_clone_files();
	ficlone_cases();
	ficlonerange_cases();
	fideduperange_cases();
	close_clone_files();
	fionread_cases();
	fileattr_cases();
	fs_id_cases();
	fibmap_cases();
	space_cases();

	unmount_all();
	kc_coverage();
	ksft_finished();
}
