// SPDX-License-Identifier: GPL-2.0
/*
 * Conformance of dup, dup2 and dup3 with their specs (fs/file.c): every
 * errno the specs list is provoked, or skipped with the reason, and the
 * effects the specs promise (lowest free number, shared open file
 * description, close-on-exec, replacing an open descriptor) are checked.
 *
 * EBUSY needs a number that open() has reserved but not yet filled: a
 * thread opens a FIFO for reading, which sleeps in fifo_open() holding
 * the number until a writer comes. The case that lowers fs.nr_open runs
 * only in the kapi test guest and restores it.
 */
#include "kapi_conformance.h"

#include <limits.h>
#include <pthread.h>
#include <semaphore.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#define PLAN	33

/* A number far above anything this program opens. */
#define FD_UNUSED	9999

static char dir[64];
static bool guest;

static const char *P(const char *name)
{
	return kc_path(dir, name);
}

/* The raw syscalls: libc may check arguments itself. */
static long sys_dup(unsigned int fd)
{
	return syscall(SYS_dup, fd);
}

static long sys_dup2(unsigned int oldfd, unsigned int newfd)
{
	return syscall(SYS_dup2, oldfd, newfd);
}

static long sys_dup3(unsigned int oldfd, unsigned int newfd, int flags)
{
	return syscall(SYS_dup3, oldfd, newfd, flags);
}

static bool same_file(int a, int b)
{
	struct stat sa, sb;

	return fstat(a, &sa) == 0 && fstat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

static bool cloexec(int fd)
{
	int f = fcntl(fd, F_GETFD);

	return f >= 0 && (f & FD_CLOEXEC);
}

static int lowest_free(void)
{
	int fd = dup(0);

	if (fd >= 0)
		close(fd);
	return fd;
}

static long dup_any(int fd)
{
	return sys_dup(fd);
}

static void dup_cases(void)
{
	int a, b, path;
	long r;
	bool ok;

	a = open(P("file"), O_RDONLY | O_CLOEXEC);
	b = open(P("file"), O_RDONLY);
	close(a);
	r = sys_dup(b);
	kc_check("dup", r == a && !cloexec(r) && same_file(r, b), r, errno,
		 "lowest_free_number_no_cloexec");
	ok = r >= 0 && lseek(b, 3, SEEK_SET) == 3 &&
	     lseek((int)r, 0, SEEK_CUR) == 3;
	kc_check("dup", ok, r, errno, "shares_file_position");
	close((int)r);
	close(b);

	path = open(P("file"), O_PATH | O_CLOEXEC);
	r = sys_dup(path);
	kc_check("dup", r >= 0 && same_file(r, path), r, errno, "o_path_descriptor");
	close((int)r);
	close(path);

	r = sys_dup(FD_UNUSED);
	kc_errno("dup", r, errno, EBADF, "not_open");
	r = sys_dup(~0U);
	kc_errno("dup", r, errno, EBADF, "above_int_max");

	/* EMFILE: every number below a low RLIMIT_NOFILE in use */
	a = open(P("file"), O_RDONLY | O_CLOEXEC);
	kc_emfile("dup", "rlimit_nofile_reached", dup_any, a);
	close(a);

	kc_skip_errno("dup", ENOMEM,
		      "growing the descriptor table cannot be made to fail safely");
}

/* A thread holding a reserved descriptor number: open() of a FIFO. */
static struct {
	sem_t go;
	pid_t tid;
	int fd;
} opener;

static void *fifo_opener(void *arg)
{
	(void)arg;
	__atomic_store_n(&opener.tid, (pid_t)syscall(SYS_gettid),
			 __ATOMIC_RELEASE);
	sem_wait(&opener.go);
	opener.fd = open(P("fifo"), O_RDONLY | O_CLOEXEC);
	return NULL;
}

/*
 * Whether the thread sleeps in openat(): its syscall number in
 * /proc/.../syscall (read through @sfd, opened beforehand so that
 * polling takes no descriptor number) and its state in .../stat.
 */
static bool opener_blocked(int sfd, int stfd)
{
	char buf[256], *p;
	ssize_t n;

	n = pread(sfd, buf, sizeof(buf) - 1, 0);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	if (atol(buf) != SYS_openat && atol(buf) != SYS_open)
		return false;
	n = pread(stfd, buf, sizeof(buf) - 1, 0);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' && p[2] == 'S';
}

/*
 * Provoke EBUSY from @name (dup2 or dup3): reserve a number in a
 * thread's open() and duplicate onto it. Two results, skipped when the
 * thread's sleep cannot be seen (no /proc/<tid>/syscall).
 */
static void ebusy_case(const char *name)
{
	char path[96];
	pthread_t t;
	int a, w, sfd, stfd, want, tries;
	long r = 0;
	int err = 0;

	a = open(P("file"), O_RDONLY | O_CLOEXEC);
	opener.tid = 0;
	opener.fd = -1;
	sem_init(&opener.go, 0, 0);
	if (pthread_create(&t, NULL, fifo_opener, NULL)) {
		close(a);
		kc_skip_errno(name, EBUSY, "cannot start a thread");
		ksft_test_result_skip("%s.reserving_open_gets_the_number\n",
				      name);
		return;
	}
	while (!__atomic_load_n(&opener.tid, __ATOMIC_ACQUIRE))
		usleep(1000);
	snprintf(path, sizeof(path), "/proc/self/task/%d/syscall", opener.tid);
	sfd = open(path, O_RDONLY | O_CLOEXEC);
	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", opener.tid);
	stfd = open(path, O_RDONLY | O_CLOEXEC);
	want = lowest_free();
	sem_post(&opener.go);
	for (tries = 0; tries < 5000 && sfd >= 0 && stfd >= 0; tries++) {
		if (opener_blocked(sfd, stfd))
			break;
		usleep(1000);
	}
	if (sfd >= 0 && stfd >= 0 && tries < 5000) {
		if (!strcmp(name, "dup2"))
			r = sys_dup2(a, want);
		else
			r = sys_dup3(a, want, 0);
		err = errno;
	}
	/* a writer lets the reader's open() finish */
	w = open(P("fifo"), O_WRONLY | O_CLOEXEC);
	pthread_join(t, NULL);
	if (sfd < 0 || stfd < 0) {
		close(w);
		close(a);
		if (opener.fd >= 0)
			close(opener.fd);
		kc_skip_errno(name, EBUSY,
			      "needs /proc/<tid>/syscall to see open() sleep");
		ksft_test_result_skip("%s.reserving_open_gets_the_number\n",
				      name);
		return;
	}
	kc_errno(name, r, err, EBUSY, "number_reserved_by_open");
	kc_check(name, opener.fd == want, opener.fd, errno,
		 "reserving_open_gets_the_number");
	close(w);
	close(a);
	if (opener.fd >= 0)
		close(opener.fd);
	close(sfd);
	close(stfd);
}

static void dup2_cases(void)
{
	struct rlimit lim;
	int a, b, c;
	char ch;
	long r;

	a = open(P("file"), O_RDONLY | O_CLOEXEC);
	b = open(P("other"), O_RDONLY | O_CLOEXEC);
	c = open(P("other"), O_RDONLY | O_CLOEXEC);
	r = sys_dup2(a, b);
	kc_check("dup2", r == b && same_file(b, a) && !cloexec(b), r, errno,
		 "replaces_open_descriptor");
	kc_check("dup2", !same_file(c, b) && read(c, &ch, 1) == 1, 0, 0,
		 "replaced_file_stays_open_elsewhere");
	close(c);

	r = sys_dup2(a, a);
	kc_check("dup2", r == a && cloexec(a), r, errno,
		 "same_number_returns_it_unchanged");

	r = sys_dup2(a, 1000);
	kc_check("dup2", r == 1000 && same_file(1000, a), r, errno,
		 "grows_table_for_high_number");
	close(1000);

	r = sys_dup2(FD_UNUSED, FD_UNUSED);
	kc_errno("dup2", r, errno, EBADF, "same_number_not_open");
	r = sys_dup2(FD_UNUSED, b);
	kc_errno("dup2", r, errno, EBADF, "oldfd_not_open");
	getrlimit(RLIMIT_NOFILE, &lim);
	r = sys_dup2(a, (unsigned int)lim.rlim_cur);
	kc_errno("dup2", r, errno, EBADF, "newfd_at_rlimit_nofile");
	r = sys_dup2(a, ~0U);
	kc_errno("dup2", r, errno, EBADF, "newfd_above_int_max");
	close(a);
	close(b);

	ebusy_case("dup2");
	kc_skip_errno("dup2", ENOMEM,
		      "growing the descriptor table cannot be made to fail safely");
}

/* dup3 onto a number below RLIMIT_NOFILE but at or above fs.nr_open. */
static void nr_open_case(void)
{
	char old[32] = "";
	int st = -1, a, fd;
	pid_t pid;
	ssize_t n;

	fd = open("/proc/sys/fs/nr_open", O_RDONLY | O_CLOEXEC);
	n = fd >= 0 ? read(fd, old, sizeof(old) - 1) : -1;
	if (fd >= 0)
		close(fd);
	if (!guest || n <= 0) {
		kc_skip_errno("dup3", EBADF,
			      "lowers fs.nr_open: only in the kapi test guest");
		return;
	}
	old[n] = '\0';
	a = open(P("file"), O_RDONLY | O_CLOEXEC);
	/* a child's table is sized to its open numbers: 64 slots here */
	pid = fork();
	if (pid == 0) {
		long r;

		if (kc_write("/proc/sys/fs/nr_open", "64"))
			_exit(2);
		r = sys_dup3(a, 100, 0);
		_exit(r == -1 && errno == EBADF ? 0 : 1);
	}
	if (pid > 0)
		waitpid(pid, &st, 0);
	kc_write("/proc/sys/fs/nr_open", old);
	kc_check("dup3", WIFEXITED(st) && WEXITSTATUS(st) == 0, 0, 0,
		 "newfd_beyond_nr_open_is_ebadf");
	close(a);
}

static void dup3_cases(void)
{
	struct rlimit lim;
	int a, b;
	long r;

	a = open(P("file"), O_RDONLY);
	b = open(P("other"), O_RDONLY);
	r = sys_dup3(a, b, O_CLOEXEC);
	kc_check("dup3", r == b && cloexec(b) && same_file(a, b), r, errno,
		 "cloexec_flag_sets_fd_cloexec");
	r = sys_dup3(a, b, 0);
	kc_check("dup3", r == b && !cloexec(b), r, errno,
		 "no_flag_clears_fd_cloexec");

	r = sys_dup3(a, b, O_NONBLOCK);
	kc_errno("dup3", r, errno, EINVAL, "flag_other_than_o_cloexec");
	r = sys_dup3(a, a, 0);
	kc_errno("dup3", r, errno, EINVAL, "same_number");
	/* checked before either number is looked at */
	r = sys_dup3(FD_UNUSED, FD_UNUSED, 0);
	kc_errno("dup3", r, errno, EINVAL, "same_number_not_open");
	r = sys_dup3(FD_UNUSED, b, O_CLOEXEC | O_NONBLOCK);
	kc_errno("dup3", r, errno, EINVAL, "bad_flag_before_bad_oldfd");

	r = sys_dup3(FD_UNUSED, b, 0);
	kc_errno("dup3", r, errno, EBADF, "oldfd_not_open");
	getrlimit(RLIMIT_NOFILE, &lim);
	r = sys_dup3(a, (unsigned int)lim.rlim_cur, 0);
	kc_errno("dup3", r, errno, EBADF, "newfd_at_rlimit_nofile");
	close(a);
	close(b);

	nr_open_case();
	ebusy_case("dup3");
	kc_skip_errno("dup3", ENOMEM,
		      "growing the descriptor table cannot be made to fail safely");
}

int main(void)
{
	static const char *const names[] = { "dup", "dup2", "dup3", NULL };
	char cmd[96];

	guest = access(KC_KAPI_DIR, F_OK) == 0;
	kc_init(names, PLAN);
	strcpy(dir, "/tmp/kc_dup.XXXXXX");
	if (!mkdtemp(dir))
		ksft_exit_fail_msg("mkdtemp: %s\n", strerror(errno));
	kc_touch(P("file"), "0123456789");
	kc_touch(P("other"), "x");
	if (mkfifo(P("fifo"), 0600))
		ksft_exit_fail_msg("mkfifo: %s\n", strerror(errno));

	dup_cases();
	dup2_cases();
	dup3_cases();

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		ksft_print_msg("could not remove %s\n", dir);
	kc_coverage();
	ksft_finished();
}
