// SPDX-License-Identifier: GPL-2.0
/*
 * Running one generated call: a child process makes fresh fixtures in a
 * scratch directory of its own, makes the call and leaves the result in
 * memory it shares with the parent (a call may close every descriptor,
 * close_range(0, ~0U, 0), so no pipe would survive it). The parent sets
 * the checker's mode before the fork and removes the scratch directory
 * after it. Nothing outside the scratch directory is written: the only
 * device is /dev/null.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "probe.h"

#define MODE_FILE	"/sys/kernel/debug/kapi/mode"
#define PAGE		4096
#define CALL_SECONDS	5

static const char *const mode_names[PROBE_N_MODES] = {
	[PROBE_OFF] = "off",
	[PROBE_ENFORCE] = "enforce",
	[PROBE_WARN] = "warn",
};

bool probe_have_modes(void)
{
	return access(MODE_FILE, W_OK) == 0;
}

/* The mode the kernel was in before the probe, to put back after it. */
static char saved_mode[16];

void probe_save_mode(void)
{
	FILE *f = fopen(MODE_FILE, "r");

	if (!f)
		return;
	if (!fgets(saved_mode, sizeof(saved_mode), f))
		saved_mode[0] = '\0';
	saved_mode[strcspn(saved_mode, "\n")] = '\0';
	fclose(f);
}

void probe_restore_mode(void)
{
	int fd;

	if (!saved_mode[0])
		return;
	fd = open(MODE_FILE, O_WRONLY);
	if (fd < 0)
		return;
	if (write(fd, saved_mode, strlen(saved_mode)) < 0)
		fprintf(stderr, "kapi probe: could not put mode %s back\n",
			saved_mode);
	close(fd);
}

static bool set_mode(enum probe_mode mode)
{
	int fd = open(MODE_FILE, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return mode == PROBE_OFF;
	n = write(fd, mode_names[mode], strlen(mode_names[mode]));
	close(fd);
	return n == (ssize_t)strlen(mode_names[mode]);
}

/* @pages pages, the one after them unmapped; @prot for the pages. */
static char *pages(unsigned int n, int prot)
{
	char *p = mmap(NULL, (n + 1) * PAGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		_exit(120);
	munmap(p + n * PAGE, PAGE);
	if (prot != (PROT_READ | PROT_WRITE))
		mprotect(p, n * PAGE, prot);
	return p;
}

static int open_or_die(const char *path, int flags)
{
	int fd = open(path, flags);

	if (fd < 0)
		_exit(121);
	return fd;
}

/* The value of @c, its fixture made in the current directory. */
static long fixture(const struct probe_class *c)
{
	static int pipe_fds[2] = { -1, -1 };
	char *p;

	switch (c->fx) {
	case PF_VALUE:
		return c->value;
	case PF_REG_RW:
		return open_or_die("file", O_RDWR);
	case PF_REG_RO:
		return open_or_die("file", O_RDONLY);
	case PF_REG_WO:
		return open_or_die("file", O_WRONLY);
	case PF_DIR:
		return open_or_die("dir", O_RDONLY | O_DIRECTORY);
	case PF_PIPE_R:
	case PF_PIPE_W:
		if (pipe_fds[0] < 0 && pipe2(pipe_fds, O_NONBLOCK))
			_exit(122);
		return pipe_fds[c->fx == PF_PIPE_W];
	case PF_DEVNULL:
		return open_or_die("/dev/null", O_RDWR);
	case PF_OPATH:
		return open_or_die("file", O_PATH);
	case PF_BUF:
		return (long)pages(2, PROT_READ | PROT_WRITE);
	case PF_BUF_RO:
		return (long)pages(2, PROT_READ);
	case PF_UNMAPPED:
		return (long)pages(0, PROT_NONE);
	case PF_PATH_FILE:
		return (long)"file";
	case PF_PATH_DIR:
		return (long)"dir";
	case PF_PATH_MISSING:
		return (long)"missing";
	case PF_PATH_EMPTY:
		return (long)"";
	case PF_PATH_LONG:
		p = pages(2, PROT_READ | PROT_WRITE);
		memset(p, 'a', PATH_MAX);
		return (long)p;
	}
	return 0;
}

static void child(long nr, const struct probe_call *call, const char *dir,
		  struct probe_result *out)
{
	long a[6] = { 0 };
	unsigned int i;
	int fd;
	long r;

	signal(SIGPIPE, SIG_IGN);
	alarm(CALL_SECONDS);
	if (chdir(dir) || mkdir("dir", 0755))
		_exit(123);
	fd = open("file", O_RDWR | O_CREAT | O_EXCL, 0644);
	if (fd < 0 || write(fd, "0123456789abcdef", 16) != 16 || close(fd))
		_exit(124);
	for (i = 0; i < call->n_args; i++)
		a[i] = fixture(call->arg[i]);
	r = syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	out->ret = r < 0 ? -(long long)errno : r;
	_exit(0);
}

static int rm_entry(const char *path, const struct stat *st, int type,
		    struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	return remove(path);
}

bool probe_run(long nr, const struct probe_call *call, enum probe_mode mode,
	       struct probe_result *res)
{
	struct probe_result *shared;
	char dir[] = "/tmp/kapi-probe.XXXXXX";
	int status;
	pid_t pid;

	memset(res, 0, sizeof(*res));
	if (!set_mode(mode) || !mkdtemp(dir))
		return false;
	shared = mmap(NULL, sizeof(*shared), PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED)
		return false;
	shared->ret = LLONG_MIN;
	fflush(NULL);
	pid = fork();
	if (pid == 0)
		child(nr, call, dir, shared);
	if (pid > 0 && waitpid(pid, &status, 0) == pid) {
		*res = *shared;
		if (WIFSIGNALED(status)) {
			res->signal = WTERMSIG(status);
			res->timeout = res->signal == SIGALRM;
		} else if (WEXITSTATUS(status) || res->ret == LLONG_MIN) {
			pid = -1;	/* a fixture could not be made */
		}
	}
	munmap(shared, sizeof(*shared));
	nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	set_mode(PROBE_OFF);
	return pid > 0;
}

const char *probe_result_str(const struct probe_result *res, char *buf,
			     unsigned int len)
{
	if (res->timeout)
		snprintf(buf, len, "timeout");
	else if (res->signal)
		snprintf(buf, len, "killed by signal %d", res->signal);
	else if (res->ret < 0)
		snprintf(buf, len, "-%s", strerrorname_np(-res->ret) ?: "E?");
	else
		snprintf(buf, len, "%lld", res->ret);
	return buf;
}
