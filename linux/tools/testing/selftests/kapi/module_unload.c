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
 * usage: module_unload [SECONDS [PATH/kapi_test_module.ko]]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../kselftest.h"

#define KAPI		"/sys/kernel/debug/kapi"
#define MODNAME		"kapi_test_module"
#define OPENERS		4
#define HANG_SECONDS	30

static const char *const spec_names[] = {
	"kapi_testmod_clamp", "kapi_testmod_check_order",
	"kapi_testmod_check_mask", "kapi_testmod_check_align",
};

#define N_SPECS		ARRAY_SIZE(spec_names)

/* Shared between the processes. */
struct shared {
	int stop;		/* read and written with __atomic */
	long cycles;		/* completed load + unload pairs */
	long load_errors, unload_errors;
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
	return syscall(SYS_delete_module, MODNAME, O_NONBLOCK);
}

static int loaded(void)
{
	char line[256];
	int found = 0;
	FILE *f = fopen("/proc/modules", "r");

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		found = !strncmp(line, MODNAME " ", strlen(MODNAME) + 1);
	fclose(f);
	return found;
}

/* Number of the module's specs that have both files and a list line. */
static int specs_visible(void)
{
	char path[256], line[512];
	unsigned int i, n = 0, listed = 0;
	FILE *f;

	for (i = 0; i < N_SPECS; i++) {
		snprintf(path, sizeof(path), KAPI "/specs/%s", spec_names[i]);
		n += !access(path, F_OK);
		snprintf(path, sizeof(path), KAPI "/json/%s", spec_names[i]);
		n += !access(path, F_OK);
	}
	f = fopen(KAPI "/list", "r");
	if (f) {
		while (fgets(line, sizeof(line), f))
			for (i = 0; i < N_SPECS; i++)
				listed += !strncmp(line, spec_names[i],
						   strlen(spec_names[i])) &&
					  line[strlen(spec_names[i])] == ' ';
		fclose(f);
	}
	return n == 2 * N_SPECS && listed == N_SPECS ? 1 :
	       !n && !listed ? 0 : -1;
}

static const char *find_module(const char *arg)
{
	static char path[512];
	struct utsname u;

	if (arg)
		return arg;
	if (!access("/kapi/modules/" MODNAME ".ko", R_OK))
		return "/kapi/modules/" MODNAME ".ko";
	if (uname(&u))
		return NULL;
	snprintf(path, sizeof(path), "/lib/modules/%s/kernel/kernel/api/%s.ko",
		 u.release, MODNAME);
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
		name = spec_names[(i / 2) % N_SPECS];
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
			__atomic_add_fetch(&sh->unload_errors, 1, __ATOMIC_RELAXED);
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
	const char *path = find_module(argc > 2 ? argv[2] : NULL);
	pid_t pids[OPENERS + 1];
	long end, last_cycles = -1, last_progress;
	int i, status, hung = 0, visible, reaped = 0;

	ksft_print_header();
	ksft_set_plan(5);

	if (access("/proc/modules", F_OK))
		ksft_exit_skip("no /proc/modules: a kernel without modules\n");
	if (access(KAPI "/list", R_OK))
		ksft_exit_skip(KAPI "/list missing (CONFIG_KAPI_SPEC_DEBUGFS=n?)\n");
	if (!path)
		ksft_exit_fail_msg("%s.ko not found in /kapi/modules or /lib/modules (CONFIG_KAPI_TEST_MODULE=m)\n",
				   MODNAME);
	mod_fd = open(path, O_RDONLY | O_CLOEXEC);
	if (mod_fd < 0)
		ksft_exit_fail_msg("%s: %s\n", path, strerror(errno));
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		ksft_exit_fail_perror("mmap");
	if (loaded() && unload())
		ksft_exit_fail_msg(MODNAME " is loaded and does not unload: %s\n",
				   strerror(errno));

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

	end = now() + secs;
	last_progress = now();
	while (reaped < OPENERS + 1) {
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
		ksft_exit_fail();
	}
	ksft_test_result_pass("module_unload.no_hang\n");
	ksft_test_result(sh->cycles > 0 && !sh->load_errors && !sh->unload_errors,
			 "module_unload.cycles\n");
	ksft_test_result(sh->opens > 0 && !sh->bad_errno && !sh->bad_content,
			 "module_unload.racing_opens\n");
	ksft_test_result(!loaded() && !specs_visible(),
			 "module_unload.gone_after_unload\n");
	ksft_finished();
}
