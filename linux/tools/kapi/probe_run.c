// SPDX-License-Identifier: GPL-2.0
/*
 * Running one generated call: a child process makes fresh fixtures in a
 * scratch directory of its own, makes the call and leaves the result in
 * memory it shares with the parent (a call may close every descriptor,
 * close_range(0, ~0U, 0), so no pipe would survive it). The parent sets
 * the checker's mode before the fork (it stays so until the next run
 * wants another) and removes the scratch directory after it. Nothing
 * outside the scratch directory is written: the only device is /dev/null.
 */
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "probe.h"

/* kapi/mode and kapi/stats of the kernel under test (probe_set_debugfs()) */
static char mode_file[PATH_MAX] = "/sys/kernel/debug/kapi/mode";
static char stats_file[PATH_MAX] = "/sys/kernel/debug/kapi/stats";
#define PAGE		4096
#define CALL_SECONDS	5
/* more than the 16 bytes the baseline calls read, write or seek past */
#define FILE_DATA	"0123456789abcdef0123456789abcdef" \
			"0123456789abcdef0123456789abcdef"

static const char *const mode_names[PROBE_N_MODES] = {
	[PROBE_OFF] = "off",
	[PROBE_ENFORCE] = "enforce",
	[PROBE_WARN] = "warn",
};

const char *probe_mode_name(enum probe_mode mode)
{
	return mode_names[mode];
}

void probe_set_debugfs(const char *dir)
{
	snprintf(mode_file, sizeof(mode_file), "%s/mode", dir);
	snprintf(stats_file, sizeof(stats_file), "%s/stats", dir);
}

bool probe_have_modes(void)
{
	return access(mode_file, W_OK) == 0;
}

unsigned long probe_user_max(void)
{
	static unsigned long max;

#if defined(__aarch64__)
	/*
	 * arm64: TASK_SIZE_MAX is 2^VA_BITS as the kernel was configured (48
	 * or 52), whatever the CPU maps. An empty getrandom() buffer (no
	 * spec, so no checker) past 2^48 is refused only with 48.
	 */
	if (!max)
		max = syscall(SYS_getrandom, (void *)((1UL << 48) + PAGE), 0,
			      GRND_INSECURE) == 0 ? 1UL << 52 : 1UL << 48;
#else
	void *p;

	if (!max) {
		/*
		 * x86-64: above 2^47 only with five-level page tables (LA57);
		 * TASK_SIZE_MAX keeps a guard page below the limit.
		 */
		p = mmap((void *)(1UL << 48), PAGE, PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
			 -1, 0);
		max = (1UL << (p == MAP_FAILED ? 47 : 56)) - PAGE;
		if (p != MAP_FAILED)
			munmap(p, PAGE);
	}
#endif
	return max;
}

bool probe_fixture_ok(enum probe_fixture fx)
{
	static signed char ok[PF_N_FIXTURES];	/* 0 untried, 1 yes, -1 no */
	int fds[2] = { -1, -1 };

	if (fx >= PF_N_FIXTURES)
		return false;
	if (!ok[fx]) {
		switch (fx) {
		case PF_SOCKET:
			socketpair(AF_UNIX, SOCK_STREAM, 0, fds);
			break;
		case PF_EVENTFD:
			fds[0] = eventfd(0, 0);
			break;
		case PF_MEMFD:
			fds[0] = memfd_create("kapi-probe", 0);
			break;
		case PF_KMSG:
			fds[0] = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
			break;
		case PF_DEVZERO:
			fds[0] = open("/dev/zero", O_RDWR);
			break;
		default:
			fds[0] = 0;
			break;
		}
		ok[fx] = fds[0] >= 0 ? 1 : -1;
		if (fds[0] > 0)
			close(fds[0]);
		if (fds[1] >= 0)
			close(fds[1]);
	}
	return ok[fx] > 0;
}

/* The mode the kernel was in before the probe, to put back after it. */
static char saved_mode[16];

void probe_save_mode(void)
{
	FILE *f = fopen(mode_file, "r");

	if (!f)
		return;
	if (!fgets(saved_mode, sizeof(saved_mode), f))
		saved_mode[0] = '\0';
	saved_mode[strcspn(saved_mode, "\n")] = '\0';
	fclose(f);
}

/*
 * The mode is written only when it changes, through a descriptor kept
 * open: under emulation each system call of the probe's own counts.
 */
static int mode_fd = -1;
static int cur_mode = -1;	/* what was last written; -1: unknown */

void probe_restore_mode(void)
{
	if (mode_fd >= 0) {
		close(mode_fd);
		mode_fd = -1;
	}
	cur_mode = -1;
	if (!saved_mode[0])
		return;
	mode_fd = open(mode_file, O_WRONLY | O_CLOEXEC);
	if (mode_fd < 0)
		return;
	if (write(mode_fd, saved_mode, strlen(saved_mode)) < 0)
		fprintf(stderr, "kapi probe: could not put mode %s back\n",
			saved_mode);
	close(mode_fd);
	mode_fd = -1;
}

static bool set_mode(enum probe_mode mode)
{
	size_t len = strlen(mode_names[mode]);

	if ((int)mode == cur_mode)
		return true;
	if (mode_fd < 0)
		mode_fd = open(mode_file, O_WRONLY | O_CLOEXEC);
	if (mode_fd < 0)
		return mode == PROBE_OFF;
	if (write(mode_fd, mode_names[mode], len) != (ssize_t)len) {
		cur_mode = -1;
		return false;
	}
	cur_mode = mode;
	return true;
}

/*
 * The checker's counts for system call @nr from kapi/stats: "name nr calls
 * rejected" then one column per kind of report, then the unlisted errnos
 * (where the header says), then calls through a compat entry.
 * The file stays open and is read from its start each time: this runs
 * four times per generated call, and under emulation every system call
 * counts.
 */
static bool read_counts(long nr, long *rejected, long *reports)
{
	static char buf[16384];
	static int fd = -1;
	char *line, *next, *tok, *save;
	ssize_t len = 0, r;
	long v[16];
	int n, i, last, errs = -1;

	if (fd < 0)
		fd = open(stats_file, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	/* the kernel renders it whole: a short read is all of it */
	do {
		r = pread(fd, buf + len, sizeof(buf) - 1 - len, len);
		if (r > 0)
			len += r;
	} while (r > 0 && len < (ssize_t)sizeof(buf) - 1 && buf[len - 1] != '\n');
	buf[len] = '\0';
	for (line = buf; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (line[0] == '#') {
			/* the report counts end where the errno list starts */
			tok = strstr(line, " undocumented-errnos");
			for (errs = -1; tok && tok > line; tok--)
				errs += *tok == ' ';
			continue;
		}
		n = 0;
		for (tok = strtok_r(line, "\t ", &save); tok && n < 16;
		     tok = strtok_r(NULL, "\t ", &save))
			v[n++] = strtol(tok, NULL, 10);
		/* without the header, the errno list is the last column */
		last = errs > 4 ? errs : n - 1;
		if (n < 6 || n < last || v[1] != nr)
			continue;
		*rejected = v[3];
		*reports = 0;
		for (i = 4; i < last; i++)
			*reports += v[i];
		return true;
	}
	return false;
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

static int pair_end(int type, bool second)
{
	static int fds[2] = { -1, -1 };

	if (fds[0] < 0) {
		if (type == PF_SOCKET ?
		    socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, fds) :
		    pipe2(fds, O_NONBLOCK))
			_exit(122);
	}
	return fds[second];
}

static int fifo_end(bool writer)
{
	static int reader = -1;

	/* a writer's open fails with ENXIO until there is a reader */
	if (reader < 0)
		reader = open_or_die("fifo", O_RDONLY | O_NONBLOCK);
	return writer ? open_or_die("fifo", O_WRONLY | O_NONBLOCK) : reader;
}

static char *filled(size_t len)
{
	char *p = pages(2, PROT_READ | PROT_WRITE);

	memset(p, 'a', len);
	return p;
}

/* The value of @c, its fixture made in the current directory. */
static long fixture(const struct probe_class *c)
{
	int fd;

	switch (c->fx) {
	case PF_VALUE:
	case PF_N_FIXTURES:
		return c->value;
	case PF_REG_RW:
		return open_or_die("file", O_RDWR);
	case PF_REG_RO:
		return open_or_die("file", O_RDONLY);
	case PF_REG_WO:
		return open_or_die("file", O_WRONLY);
	case PF_REG_APPEND:
		return open_or_die("file", O_RDWR | O_APPEND);
	case PF_DIR:
		return open_or_die("dir", O_RDONLY | O_DIRECTORY);
	case PF_PIPE_R:
	case PF_PIPE_W:
		return pair_end(PF_PIPE_R, c->fx == PF_PIPE_W);
	case PF_SOCKET:
		return pair_end(PF_SOCKET, false);
	case PF_FIFO_R:
	case PF_FIFO_W:
		return fifo_end(c->fx == PF_FIFO_W);
	case PF_DEVNULL:
		return open_or_die("/dev/null", O_RDWR);
	case PF_DEVZERO:
		return open_or_die("/dev/zero", O_RDWR);
	case PF_KMSG:
		return open_or_die("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	case PF_EVENTFD:
		fd = eventfd(0, EFD_NONBLOCK);
		if (fd < 0)
			_exit(122);
		return fd;
	case PF_MEMFD:
		fd = memfd_create("kapi-probe", 0);
		if (fd < 0 || write(fd, FILE_DATA, sizeof(FILE_DATA) - 1) < 0)
			_exit(122);
		return fd;
	case PF_CLOSED:
		fd = open_or_die("file", O_RDONLY);
		close(fd);
		return fd;
	case PF_OPATH:
		return open_or_die("file", O_PATH);
	case PF_BUF:
		return (long)pages(2, PROT_READ | PROT_WRITE);
	case PF_BUF_RO:
		return (long)pages(2, PROT_READ);
	case PF_BUF_END:
		return (long)(pages(1, PROT_READ | PROT_WRITE) + PAGE - 8);
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
		return (long)filled(PATH_MAX);
	case PF_PATH_NAME_LONG:
		return (long)filled(NAME_MAX + 1);
	case PF_PATH_LINK:
		return (long)"link";
	case PF_PATH_DANGLING:
		return (long)"dangling";
	case PF_PATH_LOOP:
		return (long)"loop";
	case PF_PATH_SLASH:
		return (long)"file/";
	case PF_PATH_NOTDIR:
		return (long)"file/x";
	}
	return 0;
}

/*
 * The scratch directory's entries a fixture refers to. Only those are
 * made: under emulation every system call costs, and a call only sees the
 * names its arguments give it (no probed call lists a directory).
 */
enum {
	NEED_FILE = 1, NEED_DIR = 2, NEED_FIFO = 4, NEED_LINK = 8,
	NEED_DANGLING = 16, NEED_LOOP = 32,
};

static unsigned int needs(enum probe_fixture fx)
{
	switch (fx) {
	case PF_REG_RW:
	case PF_REG_RO:
	case PF_REG_WO:
	case PF_REG_APPEND:
	case PF_CLOSED:
	case PF_OPATH:
	case PF_PATH_FILE:
	case PF_PATH_SLASH:
	case PF_PATH_NOTDIR:
		return NEED_FILE;
	case PF_DIR:
	case PF_PATH_DIR:
		return NEED_DIR;
	case PF_FIFO_R:
	case PF_FIFO_W:
		return NEED_FIFO;
	case PF_PATH_LINK:
		return NEED_LINK | NEED_FILE;
	case PF_PATH_DANGLING:
		return NEED_DANGLING;
	case PF_PATH_LOOP:
		return NEED_LOOP;
	default:
		return 0;
	}
}

static void child(long nr, const struct probe_call *call, const char *dir,
		  struct probe_result *out)
{
	unsigned int i, need = 0;
	long a[6] = { 0 };
	int fd;
	long r;

	signal(SIGPIPE, SIG_IGN);
	alarm(CALL_SECONDS);
	for (i = 0; i < call->n_args; i++)
		need |= needs(call->arg[i]->fx);
	if (chdir(dir) ||
	    (need & NEED_DIR && mkdir("dir", 0755)) ||
	    (need & NEED_FIFO && mkfifo("fifo", 0644)) ||
	    (need & NEED_LINK && symlink("file", "link")) ||
	    (need & NEED_DANGLING && symlink("missing", "dangling")) ||
	    (need & NEED_LOOP && symlink("loop", "loop")))
		_exit(123);
	if (need & NEED_FILE) {
		fd = open("file", O_RDWR | O_CREAT | O_EXCL, 0644);
		if (fd < 0 || write(fd, FILE_DATA, sizeof(FILE_DATA) - 1) !=
		    sizeof(FILE_DATA) - 1 || close(fd))
			_exit(124);
	}
	for (i = 0; i < call->n_args; i++)
		a[i] = fixture(call->arg[i]);
	memcpy(out->args, a, sizeof(out->args));
	r = syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	out->ret = r < 0 ? -(long long)errno : r;
	_exit(0);
}

/* Remove what directory @fd holds, its subdirectories too; closes @fd. */
static void rm_tree(int fd)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;
	int sub;

	if (!d) {
		close(fd);
		return;
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		/* try it as a file first: there are more of those */
		if (!unlinkat(fd, e->d_name, 0) || errno != EISDIR)
			continue;
		sub = openat(fd, e->d_name, O_RDONLY | O_DIRECTORY |
			     O_NOFOLLOW | O_CLOEXEC);
		if (sub >= 0)
			rm_tree(sub);
		unlinkat(fd, e->d_name, AT_REMOVEDIR);
	}
	closedir(d);
}

bool probe_run(long nr, const struct probe_call *call, enum probe_mode mode,
	       struct probe_result *res)
{
	struct probe_result *shared;
	char dir[] = "/tmp/kapi-probe.XXXXXX";
	long rejected = 0, reports = 0;
	bool counted;
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
	counted = mode != PROBE_OFF && read_counts(nr, &rejected, &reports);
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
		res->counted = counted &&
			       read_counts(nr, &res->rejected, &res->reports);
		res->rejected -= rejected;
		res->reports -= reports;
	}
	munmap(shared, sizeof(*shared));
	status = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (status >= 0)
		rm_tree(status);
	rmdir(dir);
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
