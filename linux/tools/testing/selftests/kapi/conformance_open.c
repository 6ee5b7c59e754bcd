// SPDX-License-Identifier: GPL-2.0
/*
 * Conformance of open, openat, openat2, creat, close and close_range with
 * their specs (fs/open.c): every errno the specs list is provoked through
 * the syscall that reports it, or skipped with the reason, and the effects
 * the specs promise are checked.
 *
 * Runs as root. Permission cases run in a child that drops to
 * nobody/nogroup; cases that mount run in a child with a private mount
 * namespace; cases that change global sysctls run only in the kapi test
 * guest (kapi in debugfs) and restore them.
 */
#include "kapi_conformance.h"

#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <sched.h>
#include <grp.h>
#include <linux/close_range.h>
#include <linux/fs.h>
#include <linux/major.h>
#include <linux/openat2.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/time.h>
#include <sys/wait.h>

#define PLAN	208

/* A bit that no O_ flag of <asm-generic/fcntl.h> uses. */
#define O_UNUSED_BIT	0x40000000
/* __FMODE_NONOTIFY of include/linux/fs.h in 6.12: not uapi, but accepted */
#define FMODE_NONOTIFY_BIT	(1U << 25)
/* The bits no RESOLVE_ flag of <linux/openat2.h> uses. */
#define RESOLVE_UNKNOWN	(~(__u64)(RESOLVE_NO_XDEV | RESOLVE_NO_MAGICLINKS | \
				  RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH | \
				  RESOLVE_IN_ROOT | RESOLVE_CACHED))
/* The mode bits openat2() accepts (include/linux/stat.h). */
#define S_IALLUGO	(S_ISUID | S_ISGID | S_ISVTX | 0777)

enum sc { S_OPEN, S_OPENAT, S_OPENAT2, S_CREAT };
static const char *const sc_name[] = { "open", "openat", "openat2", "creat" };

static char dir[64];
static int dirfd_g = -1;
static bool guest;

struct res {
	long ret;
	int err;
};

static const char *P(const char *name)
{
	return kc_path(dir, name);
}

static long sys_openat2(int dfd, const char *path, struct open_how *how,
			size_t size)
{
	return syscall(SYS_openat2, dfd, path, how, size);
}

/*
 * Open @name (relative to the test directory unless absolute) with the
 * syscall @s: open and creat get the full path, openat and openat2 the
 * test directory's descriptor and the name. creat ignores @flags.
 */
static struct res xopen(enum sc s, const char *name, int flags, mode_t mode)
{
	struct open_how how = { .flags = (unsigned int)flags };
	const char *full = name && name[0] != '/' && name[0] ? P(name) : name;
	struct res r;

	switch (s) {
	case S_OPEN:
		r.ret = syscall(SYS_open, full, flags, mode);
		break;
	case S_OPENAT:
		r.ret = syscall(SYS_openat, dirfd_g, name, flags, mode);
		break;
	case S_OPENAT2:
		if (flags & (O_CREAT | __O_TMPFILE))
			how.mode = mode;
		r.ret = sys_openat2(dirfd_g, name, &how, sizeof(how));
		break;
	default:
		r.ret = syscall(SYS_creat, full, mode);
		break;
	}
	r.err = r.ret < 0 ? errno : 0;
	if (r.ret >= 0)
		close(r.ret);
	return r;
}

/* --- children: results come back through a pipe --- */

typedef struct res (*child_fn)(enum sc s, void *arg);

enum { AS_ROOT = 0, AS_NOBODY = 1, IN_MNTNS = 2 };

static struct res in_child(int how, child_fn fn, enum sc s, void *arg)
{
	struct res r = { -2, 0 };
	int p[2], st;
	pid_t pid;

	if (pipe(p))
		return r;
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		if (how & IN_MNTNS) {
			if (unshare(CLONE_NEWNS) == 0)
				mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
			else if (!guest)
				_exit(3);
			/* the old descriptor would walk the old namespace */
			dirfd_g = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
		}
		if ((how & AS_NOBODY) &&
		    (setgroups(0, NULL) || setresgid(65534, 65534, 65534) ||
		     setresuid(65534, 65534, 65534)))
			_exit(2);
		r = fn(s, arg);
		if (write(p[1], &r, sizeof(r)) != sizeof(r))
			_exit(1);
		_exit(0);
	}
	close(p[1]);
	if (pid < 0 || read(p[0], &r, sizeof(r)) != sizeof(r))
		r.ret = -2;
	close(p[0]);
	if (pid > 0)
		waitpid(pid, &st, 0);
	return r;
}

struct oarg {
	const char *name;
	int flags;
	mode_t mode;
};

static struct res c_open(enum sc s, void *arg)
{
	struct oarg *a = arg;

	return xopen(s, a->name, a->flags, a->mode);
}

/* Report a child-run case whose errno is @want. */
static void child_errno(struct res r, const char *sys, int want,
			const char *what)
{
	if (r.ret == -2) {
		ksft_test_result_fail("%s.%s\n", sys, what);
		ksft_print_msg("%s: the child could not run the case\n", what);
		kc_sys(sys, NULL)->cases++;
		return;
	}
	kc_errno(sys, r.ret < 0 ? -1 : r.ret, r.err, want, "%s", what);
}

/* Mount a tmpfs with @opts on mnt/, then run the open; in a mount ns. */
struct marg {
	const char *opts;
	unsigned long remount;		/* flags to remount with, after setup */
	const char *setup;		/* file to create before remounting */
	int ncreate;			/* create this many files first */
	struct oarg o;
};

static struct res c_mounted(enum sc s, void *arg)
{
	struct marg *m = arg;
	struct res r = { -2, 0 };
	char name[64];
	int i, fd;

	if (mount("tmpfs", P("mnt"), "tmpfs", 0, m->opts))
		return r;
	if (m->setup) {
		fd = open(P(m->setup), O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
		if (fd >= 0)
			close(fd);
	}
	for (i = 0; i < m->ncreate; i++) {
		snprintf(name, sizeof(name), "mnt/fill%d", i);
		fd = open(P(name), O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
		if (fd < 0)
			break;
		close(fd);
	}
	if (m->remount &&
	    mount(NULL, P("mnt"), NULL, MS_REMOUNT | m->remount, m->opts))
		goto out;
	r = xopen(s, m->o.name, m->o.flags, m->o.mode);
out:
	umount2(P("mnt"), MNT_DETACH);
	return r;
}

/* --- setup --- */

static void touch(const char *name, mode_t mode, const char *data)
{
	int fd = open(P(name), O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, mode);

	if (fd < 0)
		return;
	if (data && write(fd, data, strlen(data)) < 0)
		ksft_print_msg("write %s: %s\n", name, strerror(errno));
	fchmod(fd, mode);
	close(fd);
}

static int copy_file(const char *from, const char *to)
{
	char buf[65536];
	int in = open(from, O_RDONLY | O_CLOEXEC), out;
	ssize_t n;

	if (in < 0)
		return -1;
	out = open(to, O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0755);
	if (out < 0) {
		close(in);
		return -1;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n)
			break;
	close(in);
	close(out);
	return n == 0 ? 0 : -1;
}

static int read_file(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

static void on_alarm(int sig)
{
	(void)sig;
}

/* A process running a copy of this program, for ETXTBSY. */
static pid_t exe_pid = -1;

static void start_exe(void)
{
	int p[2];
	char c, fdstr[16];

	if (copy_file("/proc/self/exe", P("exe")) || pipe(p))
		return;
	exe_pid = fork();
	if (exe_pid == 0) {
		close(p[0]);
		snprintf(fdstr, sizeof(fdstr), "%d", p[1]);
		execl(P("exe"), "exe", "--kc-sleep", fdstr, (char *)NULL);
		_exit(1);
	}
	close(p[1]);
	if (exe_pid < 0 || read(p[0], &c, 1) != 1) {
		if (exe_pid > 0) {
			kill(exe_pid, SIGKILL);
			waitpid(exe_pid, NULL, 0);
		}
		exe_pid = -1;
	}
	close(p[0]);
}

static void stop_exe(void)
{
	if (exe_pid > 0) {
		kill(exe_pid, SIGKILL);
		waitpid(exe_pid, NULL, 0);
	}
	exe_pid = -1;
}

/*
 * A misc minor above MISC_DYNAMIC_MINOR that nobody registered (from
 * /proc/misc): misc_open() fails with ENODEV for it without asking for a
 * module. -1 if there is no misc driver.
 */
static int unused_misc_minor(void)
{
	char buf[8192], *line, *save = NULL;
	int m, cand = 1000000;
	bool again = true;

	if (read_file("/proc/misc", buf, sizeof(buf)))
		return -1;
	while (again) {
		char copy[8192];

		again = false;
		strcpy(copy, buf);
		save = NULL;
		for (line = strtok_r(copy, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save))
			if (sscanf(line, "%d", &m) == 1 && m == cand) {
				cand--;
				again = true;
			}
	}
	return cand;
}

/* --- errno cases shared by open, openat, openat2 and creat --- */

static void fifo_eintr(enum sc s)
{
	struct sigaction sa = { .sa_handler = on_alarm }, old;
	struct itimerval it = { .it_value = { 0, 200000 } };
	struct res r;

	sigemptyset(&sa.sa_mask);	/* no SA_RESTART */
	sigaction(SIGALRM, &sa, &old);
	setitimer(ITIMER_REAL, &it, NULL);
	r = xopen(s, "fifo", s == S_CREAT ? 0 : O_RDONLY, 0);
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	sigaction(SIGALRM, &old, NULL);
	kc_errno(sc_name[s], r.ret < 0 ? -1 : r.ret, r.err, EINTR,
		 "fifo_wait_interrupted");
}

static struct res c_emfile(enum sc s, void *arg)
{
	struct rlimit rl = { 3, 3 };

	(void)arg;
	if (setrlimit(RLIMIT_NOFILE, &rl))
		return (struct res){ -2, 0 };
	return xopen(s, "file", s == S_CREAT ? 0 : O_RDONLY, 0);
}

/*
 * alloc_empty_file() compares the global part of the per-CPU nr_files
 * counter with fs.file-max before it sums the CPUs: while every CPU's
 * share is below the counter's batch, that part can be 0 and no limit
 * holds. Holding more files than all CPUs can keep to themselves puts the
 * count above 1. Returns the descriptors held, or -1.
 */
static int hold_files(int *fds, int max)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	long batch = cpus * 2 > 32 ? cpus * 2 : 32;
	int n, want = (int)(cpus * batch) + 16;

	if (cpus < 1 || want > max)
		return -1;
	for (n = 0; n < want; n++) {
		fds[n] = open(P("file"), O_RDONLY | O_CLOEXEC);
		if (fds[n] < 0)
			break;
	}
	if (n == want)
		return n;
	while (n--)
		close(fds[n]);
	return -1;
}

static void enfile(enum sc s)
{
	const char *sys = sc_name[s];
	struct oarg o = { "file", O_RDONLY, 0 };
	int fds[600], held;
	char old[64];
	struct res r;

	if (!guest || read_file("/proc/sys/fs/file-max", old, sizeof(old))) {
		kc_skip_errno(sys, ENFILE,
			      "lowers fs.file-max: only in the kapi test guest");
		return;
	}
	held = hold_files(fds, ARRAY_SIZE(fds));
	if (held < 0) {
		kc_skip_errno(sys, ENFILE,
			      "cannot hold enough files to fill the per-CPU counter");
		return;
	}
	if (kc_write("/proc/sys/fs/file-max", "1")) {
		kc_skip_errno(sys, ENFILE, "cannot write fs.file-max");
	} else {
		r = in_child(AS_NOBODY, c_open, s, &o);
		kc_write("/proc/sys/fs/file-max", old);
		child_errno(r, sys, ENFILE, "file_max_reached");
	}
	while (held--)
		close(fds[held]);
}

static void common_errnos(enum sc s)
{
	const char *sys = sc_name[s];
	bool cr = s == S_CREAT;
	int rd = cr ? 0 : O_RDONLY;
	char longname[PATH_MAX + 16], comp[NAME_MAX + 16];
	struct oarg o;
	struct marg m;
	struct res r;
	long ret;
	int minor;

	/* EFAULT: an unreadable pathname */
	switch (s) {
	case S_OPEN:
		ret = syscall(SYS_open, NULL, O_RDONLY, 0);
		break;
	case S_OPENAT:
		ret = syscall(SYS_openat, AT_FDCWD, NULL, O_RDONLY, 0);
		break;
	case S_OPENAT2: {
		struct open_how how = { .flags = O_RDONLY };

		ret = sys_openat2(AT_FDCWD, NULL, &how, sizeof(how));
		break;
	}
	default:
		ret = syscall(SYS_creat, NULL, 0600);
		break;
	}
	kc_errno(sys, ret, errno, EFAULT, "null_path");

	memset(longname, 'a', sizeof(longname) - 1);
	longname[0] = '/';
	longname[sizeof(longname) - 1] = '\0';
	r = xopen(s, longname, rd, 0);
	kc_errno(sys, r.ret, r.err, ENAMETOOLONG, "path_over_path_max");
	memset(comp, 'b', sizeof(comp) - 1);
	comp[sizeof(comp) - 1] = '\0';
	r = xopen(s, comp, cr ? 0 : O_RDWR | O_CREAT, 0600);
	kc_errno(sys, r.ret, r.err, ENAMETOOLONG, "component_over_name_max");

	r = xopen(s, "missing/x", cr ? 0 : O_RDWR | O_CREAT, 0600);
	kc_errno(sys, r.ret, r.err, ENOENT, "missing_directory");
	r = xopen(s, "", rd, 0);
	kc_errno(sys, r.ret, r.err, ENOENT, "empty_path");

	r = xopen(s, "file/x", cr ? 0 : O_RDWR | O_CREAT, 0600);
	kc_errno(sys, r.ret, r.err, ENOTDIR, "file_as_directory");

	r = xopen(s, "loop1", rd, 0);
	kc_errno(sys, r.ret, r.err, ELOOP, "symlink_loop");

	r = xopen(s, "sub", cr ? 0 : O_RDWR, 0);
	kc_errno(sys, r.ret, r.err, EISDIR, "directory_for_writing");

	/* EACCES: nobody reading a 0600 root file, creating in a 0755 dir */
	o = (struct oarg){ cr ? "sub/new" : "secret",
			   cr ? 0 : O_RDONLY, 0600 };
	r = in_child(AS_NOBODY, c_open, s, &o);
	child_errno(r, sys, EACCES, cr ? "create_without_dir_write" :
					 "read_without_permission");

	/* EROFS: creating on a read-only tmpfs */
	m = (struct marg){ .opts = "size=64k", .remount = MS_RDONLY,
			   .o = { "mnt/new", cr ? 0 : O_CREAT | O_RDWR, 0600 } };
	r = in_child(IN_MNTNS, c_mounted, s, &m);
	if (r.ret == -2 && !guest)
		kc_skip_errno(sys, EROFS, "needs a private mount namespace");
	else
		child_errno(r, sys, EROFS, "create_on_read_only_fs");

	/* ENOSPC: a tmpfs with no inode left */
	m = (struct marg){ .opts = "nr_inodes=4", .ncreate = 8,
			   .o = { "mnt/new", cr ? 0 : O_CREAT | O_RDWR, 0600 } };
	r = in_child(IN_MNTNS, c_mounted, s, &m);
	if (r.ret == -2 && !guest)
		kc_skip_errno(sys, ENOSPC, "needs a private mount namespace");
	else
		child_errno(r, sys, ENOSPC, "no_inodes_left");

	/* ETXTBSY: writing to a running executable */
	if (exe_pid > 0) {
		r = xopen(s, "exe", cr ? 0 : O_WRONLY, 0);
		kc_errno(sys, r.ret, r.err, ETXTBSY, "write_running_executable");
	} else {
		kc_skip_errno(sys, ETXTBSY, "could not start a copy of the test");
	}

	/* EPERM */
	if (!cr) {
		o = (struct oarg){ "public", O_RDONLY | O_NOATIME, 0 };
		r = in_child(AS_NOBODY, c_open, s, &o);
		child_errno(r, sys, EPERM, "noatime_not_owner");
	} else {
		int fd = open(P("appendonly"), O_RDONLY | O_CLOEXEC);
		int fl = FS_APPEND_FL;

		if (fd >= 0 && ioctl(fd, FS_IOC_SETFLAGS, &fl) == 0) {
			r = xopen(s, "appendonly", 0, 0);
			fl = 0;
			ioctl(fd, FS_IOC_SETFLAGS, &fl);
			kc_errno(sys, r.ret, r.err, EPERM, "append_only_file");
		} else {
			kc_skip_errno(sys, EPERM,
				      "tmpfs here has no chattr (CONFIG_TMPFS_XATTR)");
		}
		if (fd >= 0)
			close(fd);
	}

	/* ENXIO */
	if (!cr) {
		r = xopen(s, "fifo", O_WRONLY | O_NONBLOCK, 0);
		kc_errno(sys, r.ret, r.err, ENXIO, "fifo_without_reader");
	} else if (guest && mknod(P("nodrv"), S_IFCHR | 0600,
				  makedev(4000, 0)) == 0) {
		r = xopen(s, "nodrv", 0, 0);
		kc_errno(sys, r.ret, r.err, ENXIO, "device_without_driver");
	} else {
		kc_skip_errno(sys, ENXIO,
			      "a device without driver makes the host kernel run modprobe; guest only");
	}

	/* ENODEV: a misc minor nobody registered */
	minor = unused_misc_minor();
	if (minor > 0) {
		char name[32];

		snprintf(name, sizeof(name), "misc%d", minor);
		unlink(P(name));
		if (mknod(P(name), S_IFCHR | 0600, makedev(MISC_MAJOR, minor)) == 0) {
			r = xopen(s, name, cr ? 0 : O_RDONLY, 0);
			kc_errno(sys, r.ret, r.err, ENODEV, "unregistered_misc_minor");
		} else {
			kc_skip_errno(sys, ENODEV, "mknod failed");
		}
	} else {
		kc_skip_errno(sys, ENODEV, "no misc driver (/proc/misc)");
	}

	fifo_eintr(s);

	r = in_child(AS_ROOT, c_emfile, s, NULL);
	child_errno(r, sys, EMFILE, "rlimit_nofile_reached");

	enfile(s);

	kc_skip_errno(sys, EBUSY,
		      "no exclusive-open device or block device in the guest");
	kc_skip_errno(sys, ENOMEM, "memory exhaustion cannot be provoked safely");
	kc_skip_errno(sys, EDQUOT, "no quota support (CONFIG_QUOTA is off)");
	kc_skip_errno(sys, EOVERFLOW,
		      "needs an fsuid without mapping (user namespaces or idmapped mounts)");
	kc_skip_errno(sys, EIO, "needs a failing storage device");
	kc_skip_errno(sys, ESTALE,
		      "needs a network filesystem whose revalidation fails (NFS)");
}

/* open, openat and openat2 only: the flags argument */
static void flag_errnos(enum sc s)
{
	const char *sys = sc_name[s];
	struct res r;

	r = xopen(s, "exists", O_CREAT | O_EXCL | O_RDWR, 0600);
	kc_errno(sys, r.ret, r.err, EEXIST, "creat_excl_existing");
	r = xopen(s, "dangling", O_CREAT | O_EXCL | O_RDWR, 0600);
	kc_errno(sys, r.ret, r.err, EEXIST, "creat_excl_symlink");
	r = xopen(s, "file", O_RDONLY | O_DIRECTORY, 0);
	kc_errno(sys, r.ret, r.err, ENOTDIR, "o_directory_on_file");
	r = xopen(s, "symlink", O_RDONLY | O_NOFOLLOW, 0);
	kc_errno(sys, r.ret, r.err, ELOOP, "o_nofollow_symlink");
	r = xopen(s, "sub", O_CREAT | O_RDWR, 0600);
	kc_errno(sys, r.ret, r.err, EISDIR, "creat_existing_directory");
	r = xopen(s, "missing", O_RDONLY, 0);
	kc_errno(sys, r.ret, r.err, ENOENT, "missing_file");
	r = xopen(s, "new", O_CREAT | O_DIRECTORY | O_RDWR, 0600);
	kc_errno(sys, r.ret, r.err, EINVAL, "creat_with_directory");
	r = xopen(s, "sub", O_TMPFILE | O_RDONLY, 0600);
	kc_errno(sys, r.ret, r.err, EINVAL, "tmpfile_read_only");
	r = xopen(s, "/proc/self/status", O_RDONLY | O_DIRECT, 0);
	kc_errno(sys, r.ret, r.err, EINVAL, "o_direct_unsupported");
	r = xopen(s, "/proc", O_TMPFILE | O_RDWR, 0600);
	kc_errno(sys, r.ret, r.err, EOPNOTSUPP, "tmpfile_on_procfs");
	r = xopen(s, "/sys/kernel/kc_new_file", O_CREAT | O_RDWR, 0600);
	kc_errno(sys, r.ret, r.err, EACCES, "create_on_sysfs");
}

/* EAGAIN from a lease (open, openat); needs CONFIG_FILE_LOCKING. */
static void lease_eagain(enum sc s)
{
	const char *sys = sc_name[s];
	struct oarg o = { "leased", O_WRONLY | O_NONBLOCK, 0 };
	struct res r;
	int fd;

	signal(SIGIO, SIG_IGN);
	fd = open(P("leased"), O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fcntl(fd, F_SETLEASE, F_RDLCK)) {
		kc_skip_errno(sys, EAGAIN,
			      "no leases (CONFIG_FILE_LOCKING is off)");
		if (fd >= 0)
			close(fd);
		return;
	}
	r = in_child(AS_ROOT, c_open, s, &o);
	fcntl(fd, F_SETLEASE, F_UNLCK);
	close(fd);
	child_errno(r, sys, EAGAIN, "lease_break_nonblock");
}

/* --- successful calls and their effects --- */

static void open_effects(enum sc s)
{
	const char *sys = sc_name[s];
	char buf[16];
	struct res r;
	struct stat st;
	long fd, fd2, fd3;
	bool ok;

	/* lowest free number */
	fd = open(P("file"), O_RDONLY);
	fd2 = open(P("file"), O_RDONLY);
	if (fd >= 0)
		close(fd);
	fd3 = s == S_OPENAT ? syscall(SYS_openat, dirfd_g, "file", O_RDONLY) :
	      syscall(SYS_open, P("file"), O_RDONLY);
	kc_check(sys, fd >= 0 && fd2 > fd && fd3 == fd, fd3, errno,
		 "lowest_free_descriptor");
	if (fd2 >= 0)
		close(fd2);
	if (fd3 >= 0)
		close(fd3);

	fd = s == S_OPENAT ?
		syscall(SYS_openat, dirfd_g, "file", O_RDONLY | O_CLOEXEC) :
		syscall(SYS_open, P("file"), O_RDONLY | O_CLOEXEC);
	fd2 = s == S_OPENAT ? syscall(SYS_openat, dirfd_g, "file", O_RDONLY) :
	      syscall(SYS_open, P("file"), O_RDONLY);
	ok = fd >= 0 && fd2 >= 0 && (fcntl(fd, F_GETFD) & FD_CLOEXEC) &&
	     !(fcntl(fd2, F_GETFD) & FD_CLOEXEC);
	kc_check(sys, ok, fd < 0 ? fd : fd2, errno, "o_cloexec_sets_fd_cloexec");
	if (fd >= 0)
		close(fd);
	if (fd2 >= 0)
		close(fd2);

	touch("append", 0600, "abc");
	fd = s == S_OPENAT ?
		syscall(SYS_openat, dirfd_g, "append", O_WRONLY | O_APPEND) :
		syscall(SYS_open, P("append"), O_WRONLY | O_APPEND);
	ok = fd >= 0 && lseek(fd, 0, SEEK_SET) == 0 && write(fd, "de", 2) == 2;
	if (fd >= 0)
		close(fd);
	ok = ok && read_file(P("append"), buf, sizeof(buf)) == 0 &&
	     !strcmp(buf, "abcde");
	kc_check(sys, ok, fd, errno, "o_append_writes_at_end");

	touch("trunc", 0600, "0123456789");
	r = xopen(s, "trunc", O_WRONLY | O_TRUNC, 0);
	kc_check(sys, r.ret >= 0 && stat(P("trunc"), &st) == 0 &&
		 st.st_size == 0, r.ret, r.err, "o_trunc_truncates");

	unlink(P("created"));
	r = xopen(s, "created", O_CREAT | O_EXCL | O_WRONLY, 0640);
	kc_check(sys, r.ret >= 0 && stat(P("created"), &st) == 0 &&
		 S_ISREG(st.st_mode) && (st.st_mode & 0777) == 0640,
		 r.ret, r.err, "o_creat_excl_creates");

	fd = s == S_OPENAT ?
		syscall(SYS_openat, dirfd_g, "sub", O_TMPFILE | O_RDWR, 0600) :
		syscall(SYS_open, P("sub"), O_TMPFILE | O_RDWR, 0600);
	kc_check(sys, fd >= 0 && fstat(fd, &st) == 0 && st.st_nlink == 0 &&
		 S_ISREG(st.st_mode), fd, errno, "o_tmpfile_unnamed_file");
	if (fd >= 0)
		close(fd);

	/* bits no open flag uses are dropped, not refused */
	fd = s == S_OPENAT ?
		syscall(SYS_openat, dirfd_g, "file", O_RDONLY | O_UNUSED_BIT) :
		syscall(SYS_open, P("file"), O_RDONLY | O_UNUSED_BIT);
	kc_check(sys, fd >= 0, fd, errno, "unknown_flags_ignored");
	if (fd >= 0)
		close(fd);

	/* O_PATH drops the flags it does not allow */
	fd = s == S_OPENAT ?
		syscall(SYS_openat, dirfd_g, "file", O_PATH | O_RDWR | O_TRUNC) :
		syscall(SYS_open, P("file"), O_PATH | O_RDWR | O_TRUNC);
	kc_check(sys, fd >= 0 && stat(P("file"), &st) == 0 && st.st_size == 4,
		 fd, errno, "o_path_ignores_other_flags");
	if (fd >= 0)
		close(fd);
}

static void openat_specific(void)
{
	long fd;
	int filefd;

	fd = syscall(SYS_openat, -5, P("file"), O_RDONLY);
	kc_check("openat", fd >= 0, fd, errno, "absolute_path_ignores_dirfd");
	if (fd >= 0)
		close(fd);
	fd = syscall(SYS_openat, AT_FDCWD, P("file"), O_RDONLY);
	kc_check("openat", fd >= 0, fd, errno, "at_fdcwd");
	if (fd >= 0)
		close(fd);

	fd = syscall(SYS_openat, -5, "file", O_RDONLY);
	kc_errno("openat", fd, errno, EBADF, "negative_dirfd_relative_path");
	fd = syscall(SYS_openat, 9999, "file", O_RDONLY);
	kc_errno("openat", fd, errno, EBADF, "closed_dirfd");
	filefd = open(P("file"), O_RDONLY | O_CLOEXEC);
	fd = syscall(SYS_openat, filefd, "x", O_RDONLY);
	kc_errno("openat", fd, errno, ENOTDIR, "dirfd_not_directory");
	close(filefd);
}

static long how2(int dfd, const char *path, __u64 flags, __u64 mode,
		 __u64 resolve)
{
	struct open_how how = { .flags = flags, .mode = mode,
				.resolve = resolve };
	long fd = sys_openat2(dfd, path, &how, sizeof(how));

	return fd;
}

static void openat2_specific(void)
{
	char big[64] = { 0 };
	struct open_how *hp = (struct open_how *)big;
	char selffd[64], buf[16];
	long fd;
	int sfd;

	/* EINVAL: everything openat() would drop or tolerate */
	fd = how2(dirfd_g, "file", O_RDONLY | O_UNUSED_BIT, 0, 0);
	kc_errno("openat2", fd, errno, EINVAL, "unknown_flag");
	fd = how2(dirfd_g, "file", O_RDONLY | (1ULL << 40), 0, 0);
	kc_errno("openat2", fd, errno, EINVAL, "upper_flag_bits");
	fd = how2(dirfd_g, "file", O_RDONLY, 0, RESOLVE_UNKNOWN);
	kc_errno("openat2", fd, errno, EINVAL, "unknown_resolve");
	fd = how2(dirfd_g, "file", O_RDONLY, 0,
		  RESOLVE_BENEATH | RESOLVE_IN_ROOT);
	kc_errno("openat2", fd, errno, EINVAL, "beneath_and_in_root");
	fd = how2(dirfd_g, "file", O_RDONLY, 0600, 0);
	kc_errno("openat2", fd, errno, EINVAL, "mode_without_create");
	fd = how2(dirfd_g, "new", O_CREAT | O_RDWR, S_IALLUGO + 1, 0);
	kc_errno("openat2", fd, errno, EINVAL, "mode_beyond_s_iallugo");
	fd = how2(dirfd_g, "file", O_PATH | O_RDWR, 0, 0);
	kc_errno("openat2", fd, errno, EINVAL, "o_path_with_access_mode");
	/* the kernel-internal FMODE_NONOTIFY bit is stripped, not refused */
	fd = how2(dirfd_g, "file", O_RDONLY | FMODE_NONOTIFY_BIT, 0, 0);
	kc_check("openat2", fd >= 0, fd, errno, "fmode_nonotify_ignored");
	if (fd >= 0)
		close(fd);
	fd = sys_openat2(dirfd_g, "file", hp,
			 offsetof(struct open_how, resolve));
	kc_errno("openat2", fd, errno, EINVAL, "usize_below_ver0");

	/* E2BIG */
	fd = sys_openat2(dirfd_g, "file", hp, getpagesize() + 1);
	kc_errno("openat2", fd, errno, E2BIG, "usize_over_page_size");
	big[sizeof(*hp)] = 1;
	fd = sys_openat2(dirfd_g, "file", hp, sizeof(big));
	kc_errno("openat2", fd, errno, E2BIG, "nonzero_trailing_bytes");
	big[sizeof(*hp)] = 0;
	fd = sys_openat2(dirfd_g, "file", hp, sizeof(big));
	kc_check("openat2", fd >= 0, fd, errno, "zero_trailing_bytes_accepted");
	if (fd >= 0)
		close(fd);

	fd = sys_openat2(dirfd_g, "file", NULL, sizeof(struct open_how));
	kc_errno("openat2", fd, errno, EFAULT, "null_how");
	fd = how2(-5, "file", O_RDONLY, 0, 0);
	kc_errno("openat2", fd, errno, EBADF, "bad_dirfd");
	fd = how2(-5, "/", O_RDONLY, 0, RESOLVE_IN_ROOT);
	kc_errno("openat2", fd, errno, EBADF, "bad_dirfd_in_root_absolute");
	fd = how2(-5, P("file"), O_RDONLY, 0, 0);
	kc_check("openat2", fd >= 0, fd, errno, "absolute_path_ignores_dirfd");
	if (fd >= 0)
		close(fd);

	/* EXDEV */
	fd = how2(dirfd_g, "../x", O_RDONLY, 0, RESOLVE_BENEATH);
	kc_errno("openat2", fd, errno, EXDEV, "beneath_dotdot");
	fd = how2(dirfd_g, P("file"), O_RDONLY, 0, RESOLVE_BENEATH);
	kc_errno("openat2", fd, errno, EXDEV, "beneath_absolute");
	fd = how2(AT_FDCWD, "/proc/self/status", O_RDONLY, 0, RESOLVE_NO_XDEV);
	kc_errno("openat2", fd, errno, EXDEV, "no_xdev_crosses_mount");

	/* ELOOP */
	fd = how2(dirfd_g, "symlink", O_RDONLY, 0, RESOLVE_NO_SYMLINKS);
	kc_errno("openat2", fd, errno, ELOOP, "no_symlinks");
	sfd = open(P("file"), O_RDONLY | O_CLOEXEC);
	snprintf(selffd, sizeof(selffd), "/proc/self/fd/%d", sfd);
	fd = how2(AT_FDCWD, selffd, O_RDONLY, 0, RESOLVE_NO_MAGICLINKS);
	kc_errno("openat2", fd, errno, ELOOP, "no_magiclinks");
	fd = how2(AT_FDCWD, selffd, O_RDONLY, 0, 0);
	kc_check("openat2", fd >= 0, fd, errno, "magiclink_followed");
	if (fd >= 0)
		close(fd);
	close(sfd);

	/* EAGAIN */
	fd = how2(dirfd_g, "cached_new", O_CREAT | O_RDWR, 0600,
		  RESOLVE_CACHED);
	kc_errno("openat2", fd, errno, EAGAIN, "cached_with_o_creat");

	/* resolution scopes */
	fd = how2(dirfd_g, "sub/inner", O_RDONLY, 0, RESOLVE_BENEATH);
	kc_check("openat2", fd >= 0, fd, errno, "beneath_inside_ok");
	if (fd >= 0)
		close(fd);
	fd = how2(dirfd_g, "/file", O_RDONLY, 0, RESOLVE_IN_ROOT);
	buf[0] = '\0';
	kc_check("openat2", fd >= 0 && read(fd, buf, 4) == 4 &&
		 !memcmp(buf, "data", 4), fd, errno, "in_root_absolute");
	if (fd >= 0)
		close(fd);
	fd = how2(dirfd_g, "../../../file", O_RDONLY, 0, RESOLVE_IN_ROOT);
	kc_check("openat2", fd >= 0, fd, errno, "in_root_dotdot_clamped");
	if (fd >= 0)
		close(fd);
	fd = how2(dirfd_g, "symlink", O_PATH | O_NOFOLLOW, 0,
		  RESOLVE_NO_SYMLINKS);
	kc_check("openat2", fd >= 0, fd, errno, "o_path_nofollow_symlink");
	if (fd >= 0)
		close(fd);
	fd = how2(dirfd_g, "file", O_RDONLY | O_CLOEXEC, 0, 0);
	kc_check("openat2", fd >= 0 && (fcntl(fd, F_GETFD) & FD_CLOEXEC), fd,
		 errno, "o_cloexec_sets_fd_cloexec");
	if (fd >= 0)
		close(fd);
}

static void creat_specific(void)
{
	struct stat st;
	char buf[8];
	long fd;
	int fl;

	unlink(P("creat_new"));
	fd = syscall(SYS_creat, P("creat_new"), 0640);
	fl = fd >= 0 ? fcntl(fd, F_GETFL) : -1;
	kc_check("creat", fd >= 0 && (fl & O_ACCMODE) == O_WRONLY &&
		 !(fcntl(fd, F_GETFD) & FD_CLOEXEC) &&
		 stat(P("creat_new"), &st) == 0 && (st.st_mode & 0777) == 0640,
		 fd, errno, "creates_write_only");
	if (fd >= 0)
		close(fd);

	touch("creat_old", 0644, "old contents");
	fd = syscall(SYS_creat, P("creat_old"), 0600);
	kc_check("creat", fd >= 0 && stat(P("creat_old"), &st) == 0 &&
		 st.st_size == 0 && (st.st_mode & 0777) == 0644 &&
		 read(fd, buf, 1) < 0 && errno == EBADF,
		 fd, fd < 0 ? errno : 0, "truncates_existing_keeps_mode");
	if (fd >= 0)
		close(fd);

	fd = syscall(SYS_creat, P("sub/"), 0600);
	kc_errno("creat", fd, errno, EISDIR, "trailing_slash");
}

static void close_cases(void)
{
	long fd, r;
	struct stat st;

	fd = open(P("file"), O_RDONLY | O_CLOEXEC);
	r = syscall(SYS_close, fd);
	kc_check("close", r == 0 && fcntl(fd, F_GETFD) == -1 && errno == EBADF,
		 r, errno, "closes_descriptor");
	r = syscall(SYS_close, fd);
	kc_errno("close", r, errno, EBADF, "already_closed");
	r = syscall(SYS_close, (unsigned int)INT_MAX + 1);
	kc_errno("close", r, errno, EBADF, "above_int_max");
	r = syscall(SYS_close, -1);
	kc_errno("close", r, errno, EBADF, "minus_one");

	fd = open(P("file"), O_PATH | O_CLOEXEC);
	r = syscall(SYS_close, fd);
	kc_check("close", fd >= 0 && r == 0, r, errno, "o_path_descriptor");

	/* the number is reused by the next open */
	fd = open(P("file"), O_RDONLY | O_CLOEXEC);
	r = syscall(SYS_close, fd);
	kc_check("close", r == 0 && open(P("file"), O_RDONLY | O_CLOEXEC) == fd &&
		 fstat(fd, &st) == 0, r, errno, "number_reused");
	close(fd);

	kc_skip_errno("close", EINTR,
		      "needs a ->flush that sleeps interruptibly (FUSE, NFS)");
	kc_skip_errno("close", EIO,
		      "needs write-back errors reported by ->flush (NFS, FUSE)");
	kc_skip_errno("close", ENOSPC,
		      "needs write-back errors reported by ->flush (NFS, FUSE)");
	kc_skip_errno("close", EDQUOT,
		      "needs write-back errors reported by ->flush (NFS, FUSE)");
}

static int thread_fd;
static long thread_ret;
static int thread_err;

static void *unshare_thread(void *arg)
{
	unsigned int flags = (unsigned int)(long)arg;

	thread_ret = syscall(SYS_close_range, thread_fd, thread_fd,
			     CLOSE_RANGE_UNSHARE | flags);
	thread_err = errno;
	if (!flags)
		thread_ret = thread_ret == 0 &&
			     fcntl(thread_fd, F_GETFD) == -1 ? 0 : -3;
	return NULL;
}

static void *emfile_thread(void *arg)
{
	(void)arg;
	thread_ret = syscall(SYS_close_range, 300, 400, CLOSE_RANGE_UNSHARE);
	thread_err = errno;
	return NULL;
}

static void close_range_cases(void)
{
	pthread_t t;
	long r;
	int a, b, c;
	bool ok;
	char old[32];

	a = open(P("file"), O_RDONLY);
	b = open(P("file"), O_RDONLY);
	c = open(P("file"), O_RDONLY);
	r = syscall(SYS_close_range, a, c, 0);
	ok = r == 0 && fcntl(a, F_GETFD) == -1 && fcntl(b, F_GETFD) == -1 &&
	     fcntl(c, F_GETFD) == -1;
	kc_check("close_range", ok, r, errno, "closes_range");

	a = open(P("file"), O_RDONLY);
	b = open(P("file"), O_RDONLY);
	r = syscall(SYS_close_range, a, b, CLOSE_RANGE_CLOEXEC);
	ok = r == 0 && (fcntl(a, F_GETFD) & FD_CLOEXEC) &&
	     (fcntl(b, F_GETFD) & FD_CLOEXEC);
	kc_check("close_range", ok, r, errno, "cloexec_sets_flag");
	close(a);
	close(b);

	r = syscall(SYS_close_range, 100000, ~0U, 0);
	kc_check("close_range", r == 0, r, errno, "range_above_table");

	a = open(P("file"), O_RDONLY);
	r = syscall(SYS_close_range, a, a, CLOSE_RANGE_UNSHARE);
	kc_check("close_range", r == 0 && fcntl(a, F_GETFD) == -1, r, errno,
		 "unshare_unshared_table");

	/* a thread unshares: its copy loses the fd, the process keeps it */
	thread_fd = open(P("file"), O_RDONLY | O_CLOEXEC);
	thread_ret = -3;
	if (pthread_create(&t, NULL, unshare_thread, (void *)0L) == 0)
		pthread_join(t, NULL);
	kc_check("close_range", thread_ret == 0 &&
		 fcntl(thread_fd, F_GETFD) != -1, thread_ret == -1 ? -1 : 0,
		 thread_err, "unshare_keeps_other_threads_fds");
	close(thread_fd);

	r = syscall(SYS_close_range, 0, ~0U,
		    ~(CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC));
	kc_errno("close_range", r, errno, EINVAL, "unknown_flag");
	r = syscall(SYS_close_range, 10, 5, 0);
	kc_errno("close_range", r, errno, EINVAL, "fd_above_max_fd");

	/* EMFILE: copying a shared table that fs.nr_open no longer allows */
	if (!guest || read_file("/proc/sys/fs/nr_open", old, sizeof(old))) {
		kc_skip_errno("close_range", EMFILE,
			      "lowers fs.nr_open: only in the kapi test guest");
	} else {
		a = open(P("file"), O_RDONLY | O_CLOEXEC);
		b = dup2(a, 200);
		thread_ret = -3;
		if (b == 200 && kc_write("/proc/sys/fs/nr_open", "64") == 0) {
			if (pthread_create(&t, NULL, emfile_thread, NULL) == 0)
				pthread_join(t, NULL);
			kc_write("/proc/sys/fs/nr_open", old);
		}
		kc_errno("close_range", thread_ret, thread_err, EMFILE,
			 "unshare_beyond_nr_open");
		close(a);
		close(200);
	}
	kc_skip_errno("close_range", ENOMEM,
		      "memory exhaustion cannot be provoked safely");
}

static void setup(void)
{
	strcpy(dir, "/tmp/kc_open.XXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(1);
	}
	chmod(dir, 0755);
	dirfd_g = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	touch("file", 0644, "data");
	touch("exists", 0644, NULL);
	touch("secret", 0600, "s");
	touch("public", 0644, "p");
	touch("leased", 0644, "l");
	touch("appendonly", 0644, "a");
	mkdir(P("sub"), 0755);
	touch("sub/inner", 0644, "i");
	mkdir(P("mnt"), 0755);
	symlink("file", P("symlink"));
	symlink("nowhere", P("dangling"));
	symlink("loop2", P("loop1"));
	symlink("loop1", P("loop2"));
	mkfifo(P("fifo"), 0666);
	start_exe();
}

static void cleanup(void)
{
	char cmd[128];

	stop_exe();
	umount2(P("mnt"), MNT_DETACH);
	close(dirfd_g);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		ksft_print_msg("could not remove %s\n", dir);
}

int main(int argc, char **argv)
{
	static const char *const names[] = {
		"open", "openat", "openat2", "creat", "close", "close_range",
		NULL
	};

	if (argc == 3 && !strcmp(argv[1], "--kc-sleep")) {
		if (write(atoi(argv[2]), "x", 1) != 1)
			return 1;
		for (;;)
			pause();
	}
	guest = access(KC_KAPI_DIR, F_OK) == 0;
	kc_init(names, PLAN);
	if (getuid() != 0)
		ksft_print_msg("not root: the permission cases will fail\n");
	setup();

	open_effects(S_OPEN);
	flag_errnos(S_OPEN);
	common_errnos(S_OPEN);
	lease_eagain(S_OPEN);

	open_effects(S_OPENAT);
	openat_specific();
	flag_errnos(S_OPENAT);
	common_errnos(S_OPENAT);
	lease_eagain(S_OPENAT);

	openat2_specific();
	flag_errnos(S_OPENAT2);
	common_errnos(S_OPENAT2);

	creat_specific();
	common_errnos(S_CREAT);

	close_cases();
	close_range_cases();

	cleanup();
	kc_coverage();
	ksft_finished();
}
