// SPDX-License-Identifier: GPL-2.0
/*
 * Conformance of the loop driver's ioctl methods with their specs
 * (drivers/block/loop.c): lo_ioctl, the LOOP_* commands of /dev/loopN,
 * and loop_control_ioctl, the LOOP_CTL_* commands of /dev/loop-control.
 * Every errno the specs list is provoked, or skipped with the reason, and
 * the effects that are cheap to see (the binding, the status, the states a
 * device goes through, devices coming and going) are checked.
 *
 * When loop is a module that is not loaded, the test loads it (argv[1], or
 * /kapi/modules/loop.ko) and unloads it at the end: the specs are in
 * debugfs only while it is loaded. A loop that is built in or already
 * loaded is left as it is. The cases use loop devices of their own, made
 * with LOOP_CTL_ADD and removed at the end, and backing files on /tmp
 * (tmpfs) and on a ramfs mounted in a private mount namespace.
 *
 * EPERM needs a descriptor not open for writing and a caller without
 * CAP_SYS_ADMIN: a child opens the device read-only, drops every
 * capability with capset() and sends the result back through a pipe.
 *
 * Runs as root in the kapi test guest only: it loads a module and binds,
 * adds and removes loop devices.
 *
 * usage: conformance_loop [PATH/loop.ko]
 */
#include "kapi_conformance.h"

#include <sched.h>
#include <linux/capability.h>
#include <linux/loop.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#define PLAN		98

#define LO		"lo_ioctl"
#define CTL		"loop_control_ioctl"
#define CTL_PATH	"/dev/loop-control"
#define MODULE_PATH	"/kapi/modules/loop.ko"

/* The numbers right after the last command of each method. */
#define LO_CMD_UNKNOWN	0x4C0B
#define CTL_CMD_UNKNOWN	0x4C83
/* The first index add_disk() refuses without max_part: MINORMASK + 1. */
#define INDEX_TOO_BIG	1048576L
#define MIB		(1024 * 1024)

#ifndef BLKSSZGET
#define BLKSSZGET	_IO(0x12, 104)
#endif

static char base[64];
static int ctl_fd = -1;
static int dev_a = -1, dev_b = -1;	/* the devices the test made */
static int junk_fd = -1;		/* see configure_bad_block_size */
static bool loaded_by_us;
static bool tidy;			/* the normal clean-up has run */
static pid_t main_pid;

static const char *P(const char *name)
{
	return kc_path(base, name);
}

static const char *dev_path(int idx)
{
	static char buf[32];

	snprintf(buf, sizeof(buf), "/dev/loop%d", idx);
	return buf;
}

/* The raw syscall: libc is not to stand in between. */
static long sys_ioctl(int fd, unsigned int cmd, unsigned long arg)
{
	return syscall(SYS_ioctl, fd, cmd, arg);
}

static long sys_ioctl_ptr(int fd, unsigned int cmd, const void *p)
{
	return sys_ioctl(fd, cmd, (unsigned long)p);
}

static long ctl(unsigned int cmd, long parm)
{
	return sys_ioctl(ctl_fd, cmd, (unsigned long)parm);
}

/* A case that must fail with @want: ioctl(@fd, @cmd, @arg) on a loop device. */
static void lo_errno(int fd, unsigned int cmd, unsigned long arg, int want,
		     const char *what)
{
	long r = sys_ioctl(fd, cmd, arg);

	kc_errno(LO, r, errno, want, "%s", what);
}

static void lo_errno_ptr(int fd, unsigned int cmd, const void *p, int want,
			 const char *what)
{
	lo_errno(fd, cmd, (unsigned long)p, want, what);
}

/*
 * What loop-control gives for an unknown command: the errno of a syscall
 * number that does not exist. (checkpatch.pl warns wherever the name of
 * that errno appears, as code outside the syscall entry should not return
 * it; the driver does, and the spec says so, but this test only checks.)
 */
static int no_such_syscall_errno(void)
{
	syscall(-1);
	return errno;
}

static void ctl_errno(unsigned int cmd, long parm, int want, const char *what)
{
	long r = ctl(cmd, parm);

	kc_errno(CTL, r, errno, want, "%s", what);
}

/*
 * A case made of several calls: the first of them that fails, if any,
 * is what kc_check() is told about.
 */
static struct {
	bool failed;
	int err;
} acc;

static void acc_start(void)
{
	acc.failed = false;
	acc.err = 0;
}

static long acc_call(long r)
{
	if (r == -1 && !acc.failed) {
		acc.failed = true;
		acc.err = errno;
	}
	return r;
}

static void acc_check(const char *name, bool ok, const char *what)
{
	kc_check(name, ok, acc.failed ? -1 : 0, acc.err, "%s", what);
}

/*
 * An errno the spec lists for @cmd that cannot happen in the guest,
 * though other commands give it (so kc_skip_errno() is not for it).
 */
static void skip_cmd(const char *name, const char *cmd, int err,
		     const char *reason)
{
	char what[96];

	snprintf(what, sizeof(what), "%s.%s.%s", name, cmd, strerrorname_np(err));
	ksft_test_result_code(KSFT_SKIP, what, "%s", reason);
}

/* Wait up to 3 s for /dev/loop@idx (devtmpfs) to come or go. */
static bool wait_node(int idx, bool present)
{
	int i;

	for (i = 0; i < 300; i++) {
		if ((access(dev_path(idx), F_OK) == 0) == present)
			return true;
		usleep(10000);
	}
	return false;
}

static int open_dev(int idx, int flags)
{
	int fd;

	wait_node(idx, true);
	fd = open(dev_path(idx), flags | O_CLOEXEC);
	if (fd < 0)
		ksft_exit_fail_msg("open %s: %s\n", dev_path(idx), strerror(errno));
	return fd;
}

static int open_file(const char *path, int flags)
{
	int fd = open(path, flags | O_CLOEXEC);

	if (fd < 0)
		ksft_exit_fail_msg("open %s: %s\n", path, strerror(errno));
	return fd;
}

static void make_file(const char *path, off_t size)
{
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	if (fd < 0 || ftruncate(fd, size))
		ksft_exit_fail_msg("cannot make %s: %s\n", path, strerror(errno));
	close(fd);
}

static ino_t ino_of(int fd)
{
	struct stat st;

	return fstat(fd, &st) ? 0 : st.st_ino;
}

/* The logical block size of the device open on @fd, or -1. */
static int block_size(int fd)
{
	int sz = -1;

	if (ioctl(fd, BLKSSZGET, &sz))
		return -1;
	return sz;
}

/* LOOP_CONFIGURE of backing file @fd with lo_flags @flags, else defaults */
static void config_init(struct loop_config *cfg, int fd, unsigned int flags)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->fd = fd;
	cfg->info.lo_flags = flags;
}

static int unload_loop(void)
{
	int i;

	for (i = 0; i < 100; i++) {
		if (!syscall(SYS_delete_module, "loop", O_NONBLOCK))
			return 0;
		if (errno != EAGAIN && errno != EBUSY)
			return -1;
		usleep(50000);
	}
	return -1;
}

/*
 * Load loop.ko unless /dev/loop-control is there already (built in, or
 * loaded by someone else): then nothing is loaded or unloaded.
 */
static void load_loop(const char *arg)
{
	const char *path = arg ? arg : MODULE_PATH;
	int fd, i;

	if (!access(CTL_PATH, F_OK))
		return;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ksft_print_header();
		ksft_exit_skip("no %s, and %s: %s (CONFIG_BLK_DEV_LOOP=m?)\n",
			       CTL_PATH, path, strerror(errno));
	}
	if (!syscall(SYS_finit_module, fd, "", 0)) {
		loaded_by_us = true;
	} else if (errno != EEXIST) {
		ksft_print_header();
		ksft_exit_fail_msg("finit_module(%s): %s\n", path, strerror(errno));
	}
	close(fd);
	for (i = 0; i < 500 && access(CTL_PATH, F_OK); i++)
		usleep(10000);
	if (access(CTL_PATH, F_OK)) {
		if (loaded_by_us)
			unload_loop();
		ksft_print_header();
		ksft_exit_fail_msg("loop loaded, but no %s appeared\n", CTL_PATH);
	}
}

static void remove_files(void)
{
	static const char *const files[] = { "img", "img2", "big", "junk" };
	unsigned int i;

	unlink(P("r/img"));
	if (umount2(P("r"), MNT_DETACH) && errno != EINVAL)
		ksft_print_msg("umount %s: %s\n", P("r"), strerror(errno));
	rmdir(P("r"));
	for (i = 0; i < ARRAY_SIZE(files); i++)
		unlink(P(files[i]));
	if (rmdir(base))
		ksft_print_msg("could not remove %s: %s\n", base, strerror(errno));
}

/*
 * On an early exit (ksft_exit_fail_msg()): unbind and remove the test's
 * devices and unload loop if the test loaded it, so that the guest's
 * later steps find the kernel as it was.
 */
static void emergency_cleanup(void)
{
	int idx[2] = { dev_a, dev_b };
	int fd, i;

	if (tidy || getpid() != main_pid)
		return;
	for (fd = 3; fd < 1024; fd++)
		if (fd != ctl_fd)
			close(fd);
	for (i = 0; i < 2; i++) {
		if (idx[i] < 0)
			continue;
		fd = open(dev_path(idx[i]), O_RDWR | O_CLOEXEC);
		if (fd >= 0) {
			sys_ioctl(fd, LOOP_CLR_FD, 0);
			close(fd);
		}
		if (ctl_fd >= 0)
			ctl(LOOP_CTL_REMOVE, idx[i]);
	}
	if (ctl_fd >= 0)
		close(ctl_fd);
	if (base[0])
		remove_files();
	if (loaded_by_us && unload_loop())
		ksft_print_msg("could not unload loop: %s\n", strerror(errno));
}

static void setup(void)
{
	snprintf(base, sizeof(base), "/tmp/kc_loop.XXXXXX");
	if (!mkdtemp(base))
		ksft_exit_fail_msg("mkdtemp: %s\n", strerror(errno));
	make_file(P("img"), MIB);
	make_file(P("img2"), MIB);
	make_file(P("big"), 2 * MIB);
	make_file(P("junk"), MIB);
	/* the ramfs goes away with the namespace if the test dies */
	if (unshare(CLONE_NEWNS) ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
		ksft_print_msg("no private mount namespace: %s\n", strerror(errno));
	if (mkdir(P("r"), 0700) || mount("none", P("r"), "ramfs", 0, NULL))
		ksft_print_msg("mount ramfs on %s: %s\n", P("r"), strerror(errno));
	else
		make_file(P("r/img"), MIB);
	ctl_fd = open_file(CTL_PATH, O_RDWR);
}

/* LOOP_CTL_* on devices that are neither bound nor open */
static void control_cases(void)
{
	long r, c;
	int fd, err;

	r = ctl(LOOP_CTL_ADD, -1);
	err = errno;
	dev_a = r;
	kc_check(CTL, r >= 0 && wait_node(r, true), r, err,
		 "add_negative_index_takes_a_free_one");
	r = ctl(LOOP_CTL_ADD, -1);
	err = errno;
	dev_b = r;
	kc_check(CTL, r >= 0 && r != dev_a && wait_node(r, true), r, err,
		 "add_again_takes_another_index");
	if (dev_a < 0 || dev_b < 0)
		ksft_exit_fail_msg("cannot make loop devices to test with\n");

	/* dev_a is unbound: the lowest unbound index is at most dev_a */
	r = ctl(LOOP_CTL_GET_FREE, 0);
	kc_check(CTL, r >= 0 && r <= dev_a, r, errno,
		 "get_free_finds_an_unbound_device");
	ctl_errno(LOOP_CTL_ADD, dev_a, EEXIST, "add_existing_index");
	ctl_errno(LOOP_CTL_ADD, INDEX_TOO_BIG, EINVAL,
		  "add_index_beyond_the_minor_numbers");
	ctl_errno(LOOP_CTL_REMOVE, -1, EINVAL, "remove_negative_index");
	ctl_errno(CTL_CMD_UNKNOWN, 0, no_such_syscall_errno(), "unknown_command");

	/* a third device, to remove, to add again by index, to remove twice */
	c = ctl(LOOP_CTL_ADD, -1);
	err = errno;
	r = c >= 0 ? ctl(LOOP_CTL_REMOVE, c) : c;
	if (c >= 0)
		err = errno;
	kc_check(CTL, c >= 0 && r == 0 && wait_node(c, false), r, err,
		 "remove_unbound_closed_device");
	r = c >= 0 ? ctl(LOOP_CTL_ADD, c) : 0;
	err = errno;
	kc_check(CTL, c >= 0 && r == c && wait_node(c, true), r, err,
		 "add_given_index_returns_it");
	if (c >= 0 && r == c)
		ctl(LOOP_CTL_REMOVE, c);
	ctl_errno(LOOP_CTL_REMOVE, c >= 0 ? c : INT_MAX, ENODEV,
		  "remove_missing_index");

	fd = open_dev(dev_a, O_RDONLY);
	ctl_errno(LOOP_CTL_REMOVE, dev_a, EBUSY, "remove_open_device");
	close(fd);

	kc_skip_errno(CTL, EINTR,
		      "only a task being killed gets it, and never sees it");
	kc_skip_errno(CTL, ENOMEM, "allocations cannot be made to fail safely");
	skip_cmd(CTL, "LOOP_CTL_GET_FREE", EINVAL,
		 "needs every index up to MINORMASK in use and bound");
}

/* Every command on an unbound device; the bad arguments LOOP_CONFIGURE sees. */
static void unbound_cases(void)
{
	struct loop_info old;
	struct loop_info64 info;
	struct loop_config cfg;
	int fa, fb, img, dir, opath, p[2];

	memset(&old, 0, sizeof(old));
	memset(&info, 0, sizeof(info));
	fa = open_dev(dev_a, O_RDWR);
	fb = open_dev(dev_b, O_RDWR);
	img = open_file(P("img"), O_RDWR);
	junk_fd = open_file(P("junk"), O_RDWR);
	dir = open_file(base, O_RDONLY | O_DIRECTORY);
	opath = open_file(P("img"), O_PATH);
	if (pipe2(p, O_CLOEXEC))
		ksft_exit_fail_msg("pipe: %s\n", strerror(errno));

	lo_errno(fa, LO_CMD_UNKNOWN, 0, EINVAL, "unknown_command_unbound");
	lo_errno(fa, LOOP_CLR_FD, 0, ENXIO, "clr_fd_unbound");
	lo_errno_ptr(fa, LOOP_SET_STATUS, &old, ENXIO, "set_status_unbound");
	lo_errno_ptr(fa, LOOP_GET_STATUS, &old, ENXIO, "get_status_unbound");
	lo_errno_ptr(fa, LOOP_SET_STATUS64, &info, ENXIO, "set_status64_unbound");
	lo_errno_ptr(fa, LOOP_GET_STATUS64, &info, ENXIO, "get_status64_unbound");
	lo_errno(fa, LOOP_SET_CAPACITY, 0, ENXIO, "set_capacity_unbound");
	lo_errno(fa, LOOP_SET_DIRECT_IO, 0, ENXIO, "set_direct_io_unbound");
	lo_errno(fa, LOOP_SET_BLOCK_SIZE, 512, ENXIO, "set_block_size_unbound");
	lo_errno(fa, LOOP_CHANGE_FD, img, ENXIO, "change_fd_unbound");
	/* the new file is checked before the state */
	lo_errno(fa, LOOP_CHANGE_FD, dir, EINVAL, "change_fd_directory_unbound");
	lo_errno_ptr(fa, LOOP_GET_STATUS, NULL, EINVAL, "get_status_null");
	lo_errno_ptr(fa, LOOP_GET_STATUS64, NULL, EINVAL, "get_status64_null");
	lo_errno_ptr(fa, LOOP_SET_STATUS, KC_KADDR, EFAULT,
		     "set_status_unreadable");
	lo_errno_ptr(fa, LOOP_SET_STATUS64, KC_KADDR, EFAULT,
		     "set_status64_unreadable");
	lo_errno_ptr(fa, LOOP_CONFIGURE, KC_KADDR, EFAULT,
		     "configure_unreadable");

	lo_errno(fa, LOOP_SET_FD, -1UL, EBADF, "set_fd_bad_descriptor");
	lo_errno(fa, LOOP_SET_FD, opath, EBADF, "set_fd_o_path");
	lo_errno(fa, LOOP_SET_FD, dir, EINVAL, "set_fd_directory");
	lo_errno(fa, LOOP_SET_FD, p[0], EINVAL, "set_fd_pipe");
	lo_errno(fa, LOOP_SET_FD, fa, EBADF, "set_fd_device_itself");
	lo_errno(fa, LOOP_SET_FD, fb, EINVAL, "set_fd_unbound_loop_device");

	config_init(&cfg, img, 2);
	lo_errno_ptr(fa, LOOP_CONFIGURE, &cfg, EINVAL, "configure_unknown_flag");
	config_init(&cfg, img, 0);
	cfg.info.lo_encrypt_key_size = LO_KEY_SIZE + 1;
	lo_errno_ptr(fa, LOOP_CONFIGURE, &cfg, EINVAL,
		     "configure_key_size_too_big");
	config_init(&cfg, img, 0);
	cfg.info.lo_encrypt_type = 7;
	lo_errno_ptr(fa, LOOP_CONFIGURE, &cfg, EINVAL, "configure_encryption");
	config_init(&cfg, img, 0);
	cfg.info.lo_offset = 1ULL << 63;
	lo_errno_ptr(fa, LOOP_CONFIGURE, &cfg, EOVERFLOW,
		     "configure_offset_above_llong_max");
	config_init(&cfg, img, 0);
	cfg.info.lo_sizelimit = ~0ULL;
	lo_errno_ptr(fa, LOOP_CONFIGURE, &cfg, EOVERFLOW,
		     "configure_sizelimit_above_llong_max");
	/*
	 * Refused by the queue limits, late: the device keeps a pointer to
	 * the file, so junk_fd stays open until the device is bound again.
	 */
	config_init(&cfg, junk_fd, 0);
	cfg.block_size = 1000;
	lo_errno_ptr(fa, LOOP_CONFIGURE, &cfg, EINVAL, "configure_bad_block_size");

	close(p[0]);
	close(p[1]);
	close(opath);
	close(dir);
	close(img);
	close(fb);
	close(fa);
}

/*
 * SET_FD, CONFIGURE and SET_BLOCK_SIZE through a plain descriptor while
 * another one holds the device exclusively; the exclusive one may bind.
 */
static void exclusive_cases(void)
{
	struct loop_info64 info;
	struct loop_config cfg;
	int fb, fbx, img;
	long r, q;

	memset(&info, 0, sizeof(info));
	fb = open_dev(dev_b, O_RDWR);
	fbx = open_dev(dev_b, O_RDWR | O_EXCL);
	img = open_file(P("img"), O_RDWR);

	lo_errno(fb, LOOP_SET_FD, img, EBUSY, "set_fd_held_exclusively");
	config_init(&cfg, img, 0);
	lo_errno_ptr(fb, LOOP_CONFIGURE, &cfg, EBUSY,
		     "configure_held_exclusively");
	lo_errno(fb, LOOP_SET_BLOCK_SIZE, 4096, EBUSY,
		 "set_block_size_held_exclusively");

	r = sys_ioctl(fbx, LOOP_SET_FD, img);
	kc_check(LO, r == 0, r, errno, "set_fd_through_exclusive_descriptor");

	/* with another opener, LOOP_CLR_FD only asks for autoclear */
	acc_start();
	r = acc_call(sys_ioctl(fbx, LOOP_CLR_FD, 0));
	q = acc_call(sys_ioctl_ptr(fb, LOOP_GET_STATUS64, &info));
	acc_check(LO, r == 0 && q == 0 && (info.lo_flags & LO_FLAGS_AUTOCLEAR),
		  "clr_fd_with_another_opener_defers");
	close(fbx);
	close(fb);
	close(img);

	/* the last close unbound it */
	fb = open_dev(dev_b, O_RDWR);
	lo_errno_ptr(fb, LOOP_GET_STATUS64, &info, ENXIO,
		     "unbound_after_last_close");
	close(fb);
}

/*
 * ioctl(@cmd, @arg) on loop device @idx from a child that opened it
 * read-only and dropped every capability. The result comes back through
 * a pipe; false if the child could not get that far.
 */
static bool ro_nocap(int idx, unsigned int cmd, unsigned long arg, long *ret,
		     int *err)
{
	struct {
		long ret;
		int err;
	} res;
	int p[2], st;
	ssize_t n = -1;
	pid_t pid;

	memset(&res, 0, sizeof(res));
	if (pipe2(p, O_CLOEXEC))
		return false;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		struct __user_cap_header_struct hdr = {
			.version = _LINUX_CAPABILITY_VERSION_3,
		};
		struct __user_cap_data_struct none[2];
		int fd;

		memset(none, 0, sizeof(none));
		close(p[0]);
		fd = open(dev_path(idx), O_RDONLY | O_CLOEXEC);
		if (fd < 0 || syscall(SYS_capset, &hdr, none))
			_exit(1);
		res.ret = sys_ioctl(fd, cmd, arg);
		res.err = errno;
		_exit(write(p[1], &res, sizeof(res)) == sizeof(res) ? 0 : 1);
	}
	close(p[1]);
	if (pid > 0) {
		n = read(p[0], &res, sizeof(res));
		waitpid(pid, &st, 0);
	}
	close(p[0]);
	if (n != sizeof(res))
		return false;
	*ret = res.ret;
	*err = res.err;
	return true;
}

static void eperm_case(unsigned int cmd, unsigned long arg, const char *what)
{
	long r;
	int err;

	if (!ro_nocap(dev_a, cmd, arg, &r, &err)) {
		ksft_print_msg("%s: child could not open %s O_RDONLY and drop capabilities\n",
			       what, dev_path(dev_a));
		kc_no_reports();
		ksft_test_result_fail("%s.%s\n", LO, what);
		return;
	}
	kc_errno(LO, r, err, EPERM, "%s", what);
}

/* Status, block size, direct I/O and capacity of a read-write binding. */
static void bound_cases(void)
{
	struct loop_info old, cur_old;
	struct loop_info64 info, cur;
	struct loop_config cfg;
	int fa, img, img2, s1, s2;
	long r, q;

	fa = open_dev(dev_a, O_RDWR);
	img = open_file(P("img"), O_RDWR);
	img2 = open_file(P("img2"), O_RDONLY);

	acc_start();
	memset(&info, 0, sizeof(info));
	r = acc_call(sys_ioctl(fa, LOOP_SET_FD, img));
	q = acc_call(sys_ioctl_ptr(fa, LOOP_GET_STATUS64, &info));
	acc_check(LO, r == 0 && q == 0 && info.lo_number == (__u32)dev_a &&
		  info.lo_inode == ino_of(img) &&
		  !(info.lo_flags & LO_FLAGS_READ_ONLY),
		  "set_fd_binds_read_write");
	/* the bad LOOP_CONFIGURE's file is no longer pointed at */
	close(junk_fd);
	junk_fd = -1;

	lo_errno(fa, LOOP_SET_FD, img, EBUSY, "set_fd_bound");
	config_init(&cfg, img, 0);
	lo_errno_ptr(fa, LOOP_CONFIGURE, &cfg, EBUSY, "configure_bound");
	lo_errno(fa, LO_CMD_UNKNOWN, 0, EINVAL, "unknown_command_bound");

	memset(&old, 0, sizeof(old));
	r = sys_ioctl_ptr(fa, LOOP_GET_STATUS, &old);
	kc_check(LO, r == 0 && old.lo_number == dev_a && old.lo_offset == 0,
		 r, errno, "get_status_old_layout");
	lo_errno_ptr(fa, LOOP_GET_STATUS, KC_KADDR, EFAULT,
		     "get_status_unwritable");
	lo_errno_ptr(fa, LOOP_GET_STATUS64, KC_KADDR, EFAULT,
		     "get_status64_unwritable");
	cur_old = old;
	cur = info;

	old.lo_offset = -1;
	lo_errno_ptr(fa, LOOP_SET_STATUS, &old, EOVERFLOW,
		     "set_status_negative_offset");
	info = cur;
	info.lo_encrypt_key_size = LO_KEY_SIZE + 1;
	lo_errno_ptr(fa, LOOP_SET_STATUS64, &info, EINVAL,
		     "set_status64_key_size_too_big");
	info = cur;
	info.lo_encrypt_type = 7;
	lo_errno_ptr(fa, LOOP_SET_STATUS64, &info, EINVAL,
		     "set_status64_encryption");
	info = cur;
	info.lo_offset = 1ULL << 63;
	lo_errno_ptr(fa, LOOP_SET_STATUS64, &info, EOVERFLOW,
		     "set_status64_offset_above_llong_max");

	/* an offset LOOP_GET_STATUS's int cannot hold (past EOF: size 0) */
	acc_start();
	info = cur;
	info.lo_offset = 0x80000000ULL;
	r = acc_call(sys_ioctl_ptr(fa, LOOP_SET_STATUS64, &info));
	memset(&info, 0, sizeof(info));
	q = acc_call(sys_ioctl_ptr(fa, LOOP_GET_STATUS64, &info));
	acc_check(LO, r == 0 && q == 0 && info.lo_offset == 0x80000000ULL,
		  "set_status64_offset_2g");
	lo_errno_ptr(fa, LOOP_GET_STATUS, &old, EOVERFLOW,
		     "get_status_offset_beyond_int");
	acc_start();
	info = cur;
	r = acc_call(sys_ioctl_ptr(fa, LOOP_SET_STATUS64, &info));
	memset(&info, 0, sizeof(info));
	q = acc_call(sys_ioctl_ptr(fa, LOOP_GET_STATUS64, &info));
	acc_check(LO, r == 0 && q == 0 && info.lo_offset == 0,
		  "set_status64_offset_back_to_0");

	r = sys_ioctl(fa, LOOP_SET_CAPACITY, 0);
	kc_check(LO, r == 0, r, errno, "set_capacity_bound");

	lo_errno(fa, LOOP_SET_BLOCK_SIZE, 1000, EINVAL,
		 "set_block_size_not_a_power_of_2");
	acc_start();
	r = acc_call(sys_ioctl(fa, LOOP_SET_BLOCK_SIZE, 4096));
	s1 = block_size(fa);
	q = acc_call(sys_ioctl(fa, LOOP_SET_BLOCK_SIZE, 0));
	s2 = block_size(fa);
	acc_check(LO, r == 0 && q == 0 && s1 == 4096 && s2 == 512,
		  "set_block_size_4096_then_default");

	/* tmpfs files can do direct I/O */
	acc_start();
	r = acc_call(sys_ioctl(fa, LOOP_SET_DIRECT_IO, 1));
	memset(&info, 0, sizeof(info));
	acc_call(sys_ioctl_ptr(fa, LOOP_GET_STATUS64, &info));
	q = acc_call(sys_ioctl(fa, LOOP_SET_DIRECT_IO, 0));
	acc_check(LO, r == 0 && q == 0 && (info.lo_flags & LO_FLAGS_DIRECT_IO),
		  "set_direct_io_on_and_off_tmpfs");

	lo_errno(fa, LOOP_CHANGE_FD, img2, EINVAL, "change_fd_read_write_binding");

	/* the lowest unbound device is not this one (dev_b is unbound) */
	r = ctl(LOOP_CTL_GET_FREE, 0);
	kc_check(CTL, r >= 0 && r != dev_a, r, errno,
		 "get_free_passes_over_bound_device");

	/* a read-only descriptor and no CAP_SYS_ADMIN; harmless if allowed */
	eperm_case(LOOP_SET_STATUS, (unsigned long)&cur_old,
		   "set_status_no_write_no_cap");
	eperm_case(LOOP_SET_STATUS64, (unsigned long)&cur,
		   "set_status64_no_write_no_cap");
	eperm_case(LOOP_SET_CAPACITY, 0, "set_capacity_no_write_no_cap");
	eperm_case(LOOP_SET_DIRECT_IO, 0, "set_direct_io_no_write_no_cap");
	eperm_case(LOOP_SET_BLOCK_SIZE, 512, "set_block_size_no_write_no_cap");

	/* bound without AUTOCLEAR, it stays bound when nobody has it open */
	close(fa);
	ctl_errno(LOOP_CTL_REMOVE, dev_a, EBUSY, "remove_bound_device");

	/* LOOP_CLR_FD by the only opener: Lo_rundown until the close */
	fa = open_dev(dev_a, O_RDWR);
	r = sys_ioctl(fa, LOOP_CLR_FD, 0);
	kc_check(LO, r == 0, r, errno, "clr_fd_only_opener");
	lo_errno_ptr(fa, LOOP_GET_STATUS64, &info, ENXIO,
		     "get_status64_in_rundown");
	lo_errno(fa, LOOP_CLR_FD, 0, ENXIO, "clr_fd_in_rundown");
	lo_errno(fa, LOOP_SET_FD, img, EBUSY, "set_fd_in_rundown");
	close(fa);
	close(img2);
	close(img);
}

/* LOOP_CHANGE_FD on a read-only binding, LOOP_SET_DIRECT_IO on ramfs */
static void change_fd_cases(int *fa_out, int *fb_out)
{
	struct loop_info64 info;
	struct loop_config cfg;
	int fa, fb, img, img2, big, rfd, p[2];
	long r, q;

	fa = open_dev(dev_a, O_RDWR);
	img = open_file(P("img"), O_RDWR);
	img2 = open_file(P("img2"), O_RDONLY);
	big = open_file(P("big"), O_RDONLY);
	if (pipe2(p, O_CLOEXEC))
		ksft_exit_fail_msg("pipe: %s\n", strerror(errno));

	acc_start();
	config_init(&cfg, img, LO_FLAGS_READ_ONLY);
	memset(&info, 0, sizeof(info));
	r = acc_call(sys_ioctl_ptr(fa, LOOP_CONFIGURE, &cfg));
	q = acc_call(sys_ioctl_ptr(fa, LOOP_GET_STATUS64, &info));
	acc_check(LO, r == 0 && q == 0 && (info.lo_flags & LO_FLAGS_READ_ONLY),
		  "configure_read_only");
	lo_errno(fa, LOOP_CHANGE_FD, big, EINVAL, "change_fd_other_size");
	lo_errno(fa, LOOP_CHANGE_FD, fa, EBADF, "change_fd_device_itself");
	lo_errno(fa, LOOP_CHANGE_FD, -1UL, EBADF, "change_fd_bad_descriptor");
	lo_errno(fa, LOOP_CHANGE_FD, p[0], EINVAL, "change_fd_pipe");
	acc_start();
	memset(&info, 0, sizeof(info));
	r = acc_call(sys_ioctl(fa, LOOP_CHANGE_FD, img2));
	q = acc_call(sys_ioctl_ptr(fa, LOOP_GET_STATUS64, &info));
	acc_check(LO, r == 0 && q == 0 && info.lo_inode == ino_of(img2),
		  "change_fd_same_size_read_only");

	/* ramfs has no direct_IO: the file cannot do direct I/O */
	fb = open_dev(dev_b, O_RDWR);
	rfd = open(P("r/img"), O_RDWR | O_CLOEXEC);
	r = sys_ioctl(fb, LOOP_SET_FD, rfd);
	kc_check(LO, r == 0, r, errno, "set_fd_ramfs_file");
	lo_errno(fb, LOOP_SET_DIRECT_IO, 1, EINVAL, "set_direct_io_ramfs");
	r = sys_ioctl(fb, LOOP_SET_DIRECT_IO, 0);
	kc_check(LO, r == 0, r, errno, "set_direct_io_off_ramfs");

	if (rfd >= 0)
		close(rfd);
	close(p[0]);
	close(p[1]);
	close(big);
	close(img2);
	close(img);
	*fa_out = fa;
	*fb_out = fb;
}

/* Unbind and remove the devices. */
static void cleanup_cases(int fa, int fb)
{
	long r, q;

	acc_start();
	r = acc_call(sys_ioctl(fa, LOOP_CLR_FD, 0));
	q = acc_call(sys_ioctl(fb, LOOP_CLR_FD, 0));
	close(fa);
	close(fb);
	acc_check(LO, r == 0 && q == 0, "clr_fd_unbinds_at_close");

	acc_start();
	r = acc_call(ctl(LOOP_CTL_REMOVE, dev_a));
	q = acc_call(ctl(LOOP_CTL_REMOVE, dev_b));
	acc_check(CTL, r == 0 && q == 0 && wait_node(dev_a, false) &&
		  wait_node(dev_b, false), "remove_after_last_close");
	if (!r)
		dev_a = -1;
	if (!q)
		dev_b = -1;
}

static void lo_skips(void)
{
	kc_skip_errno(LO, EINTR,
		      "only a task being killed gets it, and never sees it");
	kc_skip_errno(LO, ENOMEM,
		      "the work queue allocation cannot be made to fail safely");
	kc_skip_errno(LO, EACCES, "needs an LSM policy that denies getattr");
	kc_skip_errno(LO, EIO,
		      "tmpfs and ramfs getattr cannot fail (needs NFS or FUSE)");
	skip_cmd(LO, "LOOP_GET_STATUS", EPERM,
		 "needs an LSM policy that denies getattr");
}

static void unload_result(void)
{
	bool gone;

	if (!loaded_by_us) {
		ksft_test_result_code(KSFT_SKIP, "loop.module_unload",
				      "loop was not loaded by this test");
		return;
	}
	if (unload_loop()) {
		ksft_print_msg("delete_module(loop): %s\n", strerror(errno));
		ksft_test_result_fail("loop.module_unload\n");
		return;
	}
	loaded_by_us = false;
	gone = access(KC_KAPI_DIR "/json/" LO, F_OK) &&
	       access(KC_KAPI_DIR "/json/" CTL, F_OK);
	if (!gone)
		ksft_print_msg("the loop specs are still in %s/json after the unload\n",
			       KC_KAPI_DIR);
	ksft_test_result(gone, "loop.module_unload\n");
}

/*
 * The run-time checks of a module's functions count their reports with
 * the rest: each spec has its line in kapi/stats while the module is in,
 * so that the cases below see a report (kc_no_reports()) as they do for a
 * syscall. Without the checks (no stats file) there is nothing to show.
 */
static void counters_case(void)
{
	struct kc_stats st;
	bool ok;

	if (!kc.kapi || access(KC_KAPI_DIR "/stats", R_OK)) {
		ksft_test_result_skip("loop.counters_in_stats: no %s/stats\n",
				      KC_KAPI_DIR);
		return;
	}
	ok = !kc_read_stats(LO, &st) && !kc_read_stats(CTL, &st);
	ksft_test_result(ok, "loop.counters_in_stats\n");
}

int main(int argc, char **argv)
{
	static const char *const names[] = { LO, CTL, NULL };
	int fa, fb;

	if (geteuid() != 0) {
		ksft_print_header();
		ksft_exit_skip("needs root: loads loop.ko and binds loop devices\n");
	}
	main_pid = getpid();
	load_loop(argc > 1 ? argv[1] : NULL);
	atexit(emergency_cleanup);
	kc_init(names, PLAN);
	setup();
	counters_case();

	control_cases();
	unbound_cases();
	exclusive_cases();
	bound_cases();
	change_fd_cases(&fa, &fb);
	cleanup_cases(fa, fb);
	lo_skips();

	close(ctl_fd);
	ctl_fd = -1;
	remove_files();
	tidy = true;
	kc_coverage();
	unload_result();
	ksft_finished();
}
