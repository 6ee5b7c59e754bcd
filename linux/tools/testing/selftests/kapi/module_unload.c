// SPDX-License-Identifier: GPL-2.0
/*
 * A module's specs come and go with it, also while their files are in use.
 *
 * Loads and unloads kapi_test_module in a loop for SECONDS (default 3)
 * while other processes open, read and close its files in
 * /sys/kernel/debug/kapi/{specs,json}/. An open that races with the
 * unload must either succeed with the whole spec or fail with ENOENT (a
 * read after the file is gone fails with EIO, as for any debugfs file),
 * and neither side may wait for the other for ever: debugfs removes a file
 * only once the opens already inside it have finished, so the registry
 * must not hold a lock those opens need while it removes the files.
 * A cycle that makes no progress for HANG_SECONDS is reported as a hang,
 * naming where each process is blocked.
 *
 * With PATH/loop.ko the module is the loop driver: its two ioctl specs
 * come and go the same way, and two more processes issue its ioctls
 * (LOOP_CTL_GET_FREE on /dev/loop-control, LOOP_GET_STATUS64 on a loop
 * device) for its run-time checks to see while it loads and unloads. An
 * unload that finds the module in use (an ioctl in flight) is retried,
 * not counted as a failure; an ioctl may only fail as the module's state
 * explains (no node, no device, an unbound device).
 *
 * usage: module_unload [SECONDS [PATH/kapi_test_module.ko | PATH/loop.ko]]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/loop.h>

#include "../kselftest.h"

#define KAPI		"/sys/kernel/debug/kapi"
#define OPENERS		4
#define IOCTLERS	2
#define HANG_SECONDS	30

static const char *const test_module_specs[] = {
	"kapi_testmod_clamp", "kapi_testmod_check_order",
	"kapi_testmod_check_mask", "kapi_testmod_check_align",
};

static const char *const loop_specs[] = { "lo_ioctl", "loop_control_ioctl" };

/* the module under test: kapi_test_module, or loop with its ioctls */
static const char *modname = "kapi_test_module";
static const char *const *spec_names = test_module_specs;
static unsigned int n_specs = ARRAY_SIZE(test_module_specs);
static bool with_ioctls;

/* Shared between the processes. */
struct shared {
	int stop;		/* read and written with __atomic */
	long cycles;		/* completed load + unload pairs */
	long load_errors, unload_errors, unload_busy;
	long ioctls, ioctl_absent, ioctl_bad;
	int last_ioctl_errno;
	long opens, enoent, eio, bad_errno, bad_content;
	int last_bad_errno;
};

static struct shared *sh;
static int mod_fd = -1;

static int stopped(void)
{
	return __atomic_load_n(&sh->stop, __ATOMIC_RELAXED);
}

static long now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec;
}

static int load(void)
{
	return syscall(SYS_finit_module, mod_fd, "", 0);
}

static int unload(void)
{
	return syscall(SYS_delete_module, modname, O_NONBLOCK);
}

static int loaded(void)
{
	size_t len = strlen(modname);
	char line[256];
	int found = 0;
	FILE *f = fopen("/proc/modules", "r");

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		found = !strncmp(line, modname, len) && line[len] == ' ';
	fclose(f);
	return found;
}

/* Number of the module's specs that have both files and a list line. */
static int specs_visible(void)
{
	char path[256], line[512];
	unsigned int i, n = 0, listed = 0;
	FILE *f;

	for (i = 0; i < n_specs; i++) {
		snprintf(path, sizeof(path), KAPI "/specs/%s", spec_names[i]);
		n += !access(path, F_OK);
		snprintf(path, sizeof(path), KAPI "/json/%s", spec_names[i]);
		n += !access(path, F_OK);
	}
	f = fopen(KAPI "/list", "r");
	if (f) {
		while (fgets(line, sizeof(line), f))
			for (i = 0; i < n_specs; i++)
				listed += !strncmp(line, spec_names[i],
						   strlen(spec_names[i])) &&
					  line[strlen(spec_names[i])] == ' ';
		fclose(f);
	}
	return n == 2 * n_specs && listed == n_specs ? 1 :
	       !n && !listed ? 0 : -1;
}

static const char *find_module(const char *arg)
{
	static char path[512];
	struct utsname u;

	if (arg)
		return access(arg, R_OK) ? NULL : arg;
	snprintf(path, sizeof(path), "/kapi/modules/%s.ko", modname);
	if (!access(path, R_OK))
		return path;
	if (uname(&u))
		return NULL;
	snprintf(path, sizeof(path), "/lib/modules/%s/kernel/kernel/api/%s.ko",
		 u.release, modname);
	return access(path, R_OK) ? NULL : path;
}

/* Does @buf hold the rendering of spec @name, as text or as JSON? */
static int content_ok(const char *buf, const char *name, int json)
{
	if (json)
		return buf[0] == '{' && strstr(buf, name);
	return !strncmp(buf, name, strlen(name));
}

/* Open, read and close the module's files until told to stop. */
static void opener(int id)
{
	char path[256], buf[4096];
	const char *name;
	unsigned int i;
	ssize_t n, got;
	int fd, json;

	for (i = id; !stopped(); i++) {
		json = i & 1;
		name = spec_names[(i / 2) % n_specs];
		snprintf(path, sizeof(path), KAPI "/%s/%s",
			 json ? "json" : "specs", name);
		fd = open(path, O_RDONLY);
		if (fd < 0) {
			if (errno == ENOENT) {
				__atomic_add_fetch(&sh->enoent, 1, __ATOMIC_RELAXED);
			} else {
				__atomic_add_fetch(&sh->bad_errno, 1, __ATOMIC_RELAXED);
				sh->last_bad_errno = errno;
			}
			continue;
		}
		got = 0;
		while ((n = read(fd, buf + got, sizeof(buf) - 1 - got)) > 0)
			got += n;
		close(fd);
		buf[got] = '\0';
		/* debugfs fails reads of a file removed since its open. */
		if (n < 0 && errno == EIO) {
			__atomic_add_fetch(&sh->eio, 1, __ATOMIC_RELAXED);
			continue;
		}
		/* Rendered at open: whole, whatever happened since. */
		if (n < 0 || !content_ok(buf, name, json))
			__atomic_add_fetch(&sh->bad_content, 1, __ATOMIC_RELAXED);
		else
			__atomic_add_fetch(&sh->opens, 1, __ATOMIC_RELAXED);
	}
	_exit(0);
}

/*
 * An ioctl of the loop driver's that failed as its state explains: no
 * node or no driver behind it (unloaded, or going), or a device that is
 * not bound (ENXIO from LOOP_GET_STATUS64). Anything else is counted.
 */
static void ioctl_result(int fd, long ret)
{
	if (fd >= 0 && ret >= 0) {
		__atomic_add_fetch(&sh->ioctls, 1, __ATOMIC_RELAXED);
		return;
	}
	if (errno == ENOENT || errno == ENODEV || errno == ENXIO) {
		__atomic_add_fetch(&sh->ioctl_absent, 1, __ATOMIC_RELAXED);
		return;
	}
	__atomic_add_fetch(&sh->ioctl_bad, 1, __ATOMIC_RELAXED);
	sh->last_ioctl_errno = errno;
}

/* Issue loop ioctls until told to stop, whether the module is in or not. */
static void ioctler(int id)
{
	struct loop_info64 info;
	const char *path = id ? "/dev/loop7" : "/dev/loop-control";
	long ret = -1;
	int fd;

	while (!stopped()) {
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd >= 0) {
			if (id)
				ret = ioctl(fd, LOOP_GET_STATUS64, &info);
			else
				ret = ioctl(fd, LOOP_CTL_GET_FREE);
		}
		ioctl_result(fd, ret);
		if (fd >= 0)
			close(fd);
	}
	_exit(0);
}

/* Load and unload until told to stop; always ends unloaded. */
static void loader(void)
{
	while (!stopped()) {
		if (load()) {
			__atomic_add_fetch(&sh->load_errors, 1, __ATOMIC_RELAXED);
			usleep(10000);
			continue;
		}
		/* Leave the files up for a moment so that opens find them. */
		usleep(1000);
		while (unload()) {
			if (with_ioctls && (errno == EAGAIN || errno == EBUSY))
				__atomic_add_fetch(&sh->unload_busy, 1,
						   __ATOMIC_RELAXED);
			else
				__atomic_add_fetch(&sh->unload_errors, 1,
						   __ATOMIC_RELAXED);
			usleep(10000);
		}
		__atomic_add_fetch(&sh->cycles, 1, __ATOMIC_RELAXED);
	}
	_exit(0);
}

/*
 * The workers print nothing: give them no share of our output, which a
 * reader may wait on until they exit, and after a hang they never do.
 */
static void quiet(void)
{
	int fd = open("/dev/null", O_WRONLY);

	if (fd >= 0) {
		dup2(fd, STDOUT_FILENO);
		dup2(fd, STDERR_FILENO);
		close(fd);
	}
}

/* Where @pid waits: its wait channel and its state (D: uninterruptible). */
static void show_blocked(const char *who, pid_t pid)
{
	char path[64], wchan[128] = "?", stat[512] = "";
	char *state;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/wchan", pid);
	f = fopen(path, "r");
	if (f) {
		if (!fgets(wchan, sizeof(wchan), f))
			snprintf(wchan, sizeof(wchan), "?");
		fclose(f);
	}
	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	if (f) {
		if (!fgets(stat, sizeof(stat), f))
			stat[0] = '\0';
		fclose(f);
	}
	state = strrchr(stat, ')');
	ksft_print_msg("%s pid %d: state %c, waiting in %s\n", who, pid,
		       state && state[1] && state[2] ? state[2] : '?', wchan);
}

int main(int argc, char **argv)
{
	int secs = argc > 1 ? atoi(argv[1]) : 3;
	const char *arg = argc > 2 ? argv[2] : NULL, *path, *base;
	pid_t pids[OPENERS + 1 + IOCTLERS];
	long end, last_cycles = -1, last_progress;
	int i, status, hung = 0, visible, reaped = 0, nprocs = OPENERS + 1;

	base = arg ? strrchr(arg, '/') : NULL;
	base = base ? base + 1 : arg;
	if (base && !strcmp(base, "loop.ko")) {
		modname = "loop";
		spec_names = loop_specs;
		n_specs = ARRAY_SIZE(loop_specs);
		with_ioctls = true;
		nprocs += IOCTLERS;
	}
	path = find_module(arg);

	ksft_print_header();
	ksft_set_plan(with_ioctls ? 6 : 5);

	if (access("/proc/modules", F_OK))
		ksft_exit_skip("no /proc/modules: a kernel without modules\n");
	if (access(KAPI "/list", R_OK))
		ksft_exit_skip(KAPI "/list missing (CONFIG_KAPI_SPEC_DEBUGFS=n?)\n");
	if (!path && with_ioctls && !access("/sys/module/loop", F_OK) && !loaded())
		ksft_exit_skip("loop is built in: nothing to unload\n");
	if (!path)
		ksft_exit_fail_msg("%s.ko not found (CONFIG_KAPI_TEST_MODULE=m, CONFIG_BLK_DEV_LOOP=m)\n",
				   modname);
	mod_fd = open(path, O_RDONLY | O_CLOEXEC);
	if (mod_fd < 0)
		ksft_exit_fail_msg("%s: %s\n", path, strerror(errno));
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		ksft_exit_fail_perror("mmap");
	if (loaded() && unload())
		ksft_exit_fail_msg("%s is loaded and does not unload: %s\n",
				   modname, strerror(errno));

	/* 1. The specs are there exactly while the module is. */
	visible = specs_visible();
	if (load()) {
		ksft_test_result_fail("module_unload.specs_follow_module # load: %s\n",
				      strerror(errno));
	} else {
		int up = specs_visible();

		if (unload())
			ksft_exit_fail_msg("unload: %s\n", strerror(errno));
		ksft_print_msg("spec files before load %d, loaded %d, after unload %d (1 all, 0 none)\n",
			       visible, up, specs_visible());
		ksft_test_result(!visible && up == 1 && !specs_visible(),
				 "module_unload.specs_follow_module\n");
	}

	/* 2. Unload while the files are being opened, for @secs seconds. */
	fflush(stdout);
	for (i = 0; i < OPENERS; i++) {
		pids[i] = fork();
		if (!pids[i]) {
			quiet();
			opener(i);
		}
	}
	pids[OPENERS] = fork();
	if (!pids[OPENERS]) {
		quiet();
		loader();
	}
	for (i = OPENERS + 1; i < nprocs; i++) {
		pids[i] = fork();
		if (!pids[i]) {
			quiet();
			ioctler(i - OPENERS - 1);
		}
	}

	end = now() + secs;
	last_progress = now();
	while (reaped < nprocs) {
		if (now() >= end)
			__atomic_store_n(&sh->stop, 1, __ATOMIC_RELAXED);
		if (sh->cycles != last_cycles) {
			last_cycles = sh->cycles;
			last_progress = now();
		}
		if (now() - last_progress > HANG_SECONDS) {
			hung = 1;
			break;
		}
		while (waitpid(-1, &status, WNOHANG) > 0)
			reaped++;
		usleep(100000);
	}
	ksft_print_msg("%ld load/unload cycles, %ld opens read whole, %ld ENOENT, %ld EIO, %ld other errors (last %d), %ld bad contents, %ld failed loads, %ld failed unloads\n",
		       sh->cycles, sh->opens, sh->enoent, sh->eio,
		       sh->bad_errno, sh->last_bad_errno, sh->bad_content,
		       sh->load_errors, sh->unload_errors);
	if (with_ioctls)
		ksft_print_msg("%ld ioctls done, %ld found no driver or device, %ld other failures (last errno %d), %ld busy unloads\n",
			       sh->ioctls, sh->ioctl_absent, sh->ioctl_bad,
			       sh->last_ioctl_errno, sh->unload_busy);
	if (hung) {
		ksft_print_msg("no load/unload cycle finished in %d s: deadlock\n",
			       HANG_SECONDS);
		show_blocked("loader", pids[OPENERS]);
		for (i = 0; i < OPENERS; i++)
			show_blocked("opener", pids[i]);
		ksft_test_result_fail("module_unload.no_hang\n");
		/* The blocked processes cannot be killed; leave them. */
		ksft_test_result_skip("module_unload.cycles: the loader hung\n");
		ksft_test_result_skip("module_unload.racing_opens: the loader hung\n");
		ksft_test_result_skip("module_unload.gone_after_unload: the loader hung\n");
		if (with_ioctls)
			ksft_test_result_skip("module_unload.ioctls: the loader hung\n");
		ksft_exit_fail();
	}
	ksft_test_result_pass("module_unload.no_hang\n");
	ksft_test_result(sh->cycles > 0 && !sh->load_errors && !sh->unload_errors,
			 "module_unload.cycles\n");
	ksft_test_result(sh->opens > 0 && !sh->bad_errno && !sh->bad_content,
			 "module_unload.racing_opens\n");
	ksft_test_result(!loaded() && !specs_visible(),
			 "module_unload.gone_after_unload\n");
	if (with_ioctls)
		ksft_test_result(sh->ioctls > 0 && !sh->ioctl_bad,
				 "module_unload.ioctls\n");
	ksft_finished();
}
