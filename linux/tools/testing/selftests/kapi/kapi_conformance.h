/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Conformance tests of syscall specifications: a small harness shared by
 * the conformance_*.c programs.
 *
 * Each program checks one family of syscalls against the specs the booted
 * kernel carries. For every case it checks the exact result, and, when
 * the kernel exposes kapi in debugfs:
 *  - an errno the call returned must be listed in the syscall's spec;
 *  - the run-time checker (warn mode) must not have reported anything
 *    during the case: a report during a call the spec describes means the
 *    spec (or the checker) is wrong;
 *  - at the end, every errno the spec lists must have been triggered by
 *    some case or skipped with a reason (kc_skip_errno()); a
 *    "kapi-coverage:" line per errno says which, for `kapi probe ...
 *    conformance LOG` to merge into its coverage table.
 * Without kapi in debugfs (e.g. on a development host) only the results
 * are checked and the spec-based cases are skipped, saying why.
 *
 * Output is KTAP, printed with kselftest.h; the exit status follows kselftest
 * (0 pass, 1 fail).
 */
#ifndef KAPI_CONFORMANCE_H
#define KAPI_CONFORMANCE_H

#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#include "../kselftest.h"

#define KC_KAPI_DIR	"/sys/kernel/debug/kapi"
#define KC_MAX_ERRNOS	64
#define KC_MAX_SYSCALLS	24
/* An address access_ok() refuses: the kernel half (x86-64 and arm64). */
#define KC_KADDR	((void *)0xffff888000000000UL)

/*
 * Syscalls under test that an architecture's table leaves out (arm64's,
 * asm-generic's, has no open, creat or dup2). Their cases still run, the
 * call becoming syscall(-1), so that the plan is the same everywhere; each
 * of their results is a skip that says why. <sys/syscall.h> comes first:
 * a SYS_ name it defines later would not change kc_absent()'s table.
 */
#ifndef SYS_open
#define SYS_open	-1
#endif
#ifndef SYS_creat
#define SYS_creat	-1
#endif
#ifndef SYS_dup2
#define SYS_dup2	-1
#endif

/* What the checker has reported for one syscall (a kapi/stats line). */
struct kc_stats {
	long calls, rejected, param, ret, err, ctx;
};

/* One syscall under test: its spec's errnos and what the cases did. */
struct kc_syscall {
	const char *name;
	bool have_spec;
	int n_errnos;
	int errnos[KC_MAX_ERRNOS];
	bool triggered[KC_MAX_ERRNOS];
	bool skipped[KC_MAX_ERRNOS];
	/* the first case that returned each, or why it cannot be provoked */
	char how[KC_MAX_ERRNOS][128];
	int n_unlisted;			/* errnos seen that the spec lacks */
	int cases;
};

static struct {
	bool kapi;			/* kapi debugfs present */
	struct kc_syscall sys[KC_MAX_SYSCALLS];
	int n_sys;
	struct kc_stats mark[KC_MAX_SYSCALLS];
} kc;

/* A file at @path holding @data; the test cannot go on without it. */
static inline void kc_touch(const char *path, const char *data)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0 || write(fd, data, strlen(data)) != (ssize_t)strlen(data))
		ksft_exit_fail_msg("cannot create %s: %s\n", path,
				   strerror(errno));
	close(fd);
}

/*
 * @dir/@name, in one of four buffers used in turn, so that a call can take
 * up to four such paths at once.
 */
static inline const char *kc_path(const char *dir, const char *name)
{
	static char buf[4][PATH_MAX];
	static int i;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", dir, name);
	return buf[i];
}

/* The whole of a small file (debugfs), NUL-terminated; NULL if absent. */
static inline char *kc_slurp(const char *path)
{
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap);
	ssize_t n;
	int fd;

	if (!buf)
		return NULL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		free(buf);
		return NULL;
	}
	while ((n = read(fd, buf + len, cap - len - 1)) > 0) {
		len += n;
		if (len + 1 == cap) {
			char *bigger = realloc(buf, cap * 2);

			if (!bigger)
				break;
			buf = bigger;
			cap *= 2;
		}
	}
	close(fd);
	buf[len] = '\0';
	return buf;
}

/*
 * The errno numbers of the "errors" array in kapi/json/<name>, each once
 * (a multiplexed call lists an errno per command). The JSON is the
 * kernel's own rendering; only nesting and strings matter here.
 */
/* @err appended to the @n errnos at @out unless there; the new count */
static inline int kc_add_errno(int *out, int n, int err)
{
	int i;

	for (i = 0; i < n; i++)
		if (out[i] == err)
			return n;
	out[n] = err;
	return n + 1;
}

static inline int kc_spec_errnos(const char *name, int *out, int max)
{
	char path[256], *json, *p;
	int depth = 0, n = 0;
	bool in_str = false;

	snprintf(path, sizeof(path), KC_KAPI_DIR "/json/%s", name);
	json = kc_slurp(path);
	if (!json)
		return -1;
	p = strstr(json, "\"errors\":");
	if (!p) {
		free(json);
		return 0;
	}
	p = strchr(p, '[');
	for (; p && *p; p++) {
		if (in_str) {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == '"')
				in_str = false;
			continue;
		}
		if (*p == '"') {
			if (depth == 2 && !strncmp(p, "\"errno\":", 8) && n < max)
				n = kc_add_errno(out, n, atoi(p + 8));
			in_str = true;
		} else if (*p == '[' || *p == '{') {
			depth++;
		} else if (*p == ']' || *p == '}') {
			if (--depth == 0)
				break;
		}
	}
	free(json);
	return n;
}

static inline int kc_read_stats(const char *name, struct kc_stats *st)
{
	char *text = kc_slurp(KC_KAPI_DIR "/stats"), *line, *save = NULL;
	char sname[64], calls[32];
	int nr, found = 0;

	if (!text)
		return -1;
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#')
			continue;
		/* a checked function's calls are not counted: "-" */
		if (sscanf(line, "%63s %d %31s %ld %ld %ld %ld %ld", sname, &nr,
			   calls, &st->rejected, &st->param, &st->ret,
			   &st->err, &st->ctx) == 8 && !strcmp(sname, name)) {
			st->calls = strtol(calls, NULL, 10);
			found = 1;
			break;
		}
	}
	free(text);
	return found ? 0 : -1;
}

/* Write @s to @path (a debugfs, tracefs or sysctl file); 0 on success. */
static inline int kc_write_flags(const char *path, const char *s, int flags)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC | flags);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, s, strlen(s));
	close(fd);
	return n == (ssize_t)strlen(s) ? 0 : -1;
}

static inline int kc_write(const char *path, const char *s)
{
	return kc_write_flags(path, s, 0);
}

/*
 * kc_init() - start a program testing the syscalls named in @names
 * (NULL-terminated), @plan being the number of KTAP results it will print.
 */
static inline void kc_init(const char *const *names, int plan)
{
	struct kc_syscall *s;
	int i;

	ksft_print_header();
	ksft_set_plan(plan);
	kc.kapi = access(KC_KAPI_DIR "/list", R_OK) == 0;
	if (!kc.kapi)
		ksft_print_msg("no %s: checking results only, not the specs\n",
			       KC_KAPI_DIR);
	else if (kc_write(KC_KAPI_DIR "/mode", "warn"))
		ksft_print_msg("could not set %s/mode to warn\n", KC_KAPI_DIR);
	for (i = 0; names[i] && i < KC_MAX_SYSCALLS; i++) {
		s = &kc.sys[kc.n_sys++];
		s->name = names[i];
		s->n_errnos = kc.kapi ? kc_spec_errnos(s->name, s->errnos,
							KC_MAX_ERRNOS) : -1;
		s->have_spec = s->n_errnos >= 0;
		if (kc.kapi && !s->have_spec)
			ksft_print_msg("%s: no spec in %s/json\n", s->name,
				       KC_KAPI_DIR);
		if (kc.kapi && kc_read_stats(s->name, &kc.mark[i]))
			memset(&kc.mark[i], 0, sizeof(kc.mark[i]));
	}
}

static inline struct kc_syscall *kc_sys(const char *name, int *idx)
{
	int i;

	for (i = 0; i < kc.n_sys; i++) {
		if (!strcmp(kc.sys[i].name, name)) {
			if (idx)
				*idx = i;
			return &kc.sys[i];
		}
	}
	fprintf(stderr, "kapi_conformance: %s was not passed to kc_init()\n",
		name);
	exit(1);
}

/* Whether this architecture has no syscall @name (see SYS_open above). */
static inline bool kc_absent(const char *name)
{
	static const struct {
		const char *name;
		long nr;
	} nrs[] = { { "open", SYS_open }, { "creat", SYS_creat },
		    { "dup2", SYS_dup2 } };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(nrs); i++)
		if (!strcmp(nrs[i].name, name))
			return nrs[i].nr < 0;
	return false;
}

static inline int kc_errno_index(const struct kc_syscall *s, int err)
{
	int i;

	for (i = 0; i < s->n_errnos; i++)
		if (s->errnos[i] == err)
			return i;
	return -1;
}

/*
 * Reports by the checker since the previous case, for every syscall under
 * test (a case may call several: open, then read, then close). Returns
 * false, with a diagnostic, if there were any.
 */
static inline bool kc_no_reports(void)
{
	struct kc_stats now;
	bool clean = true;
	int i;

	if (!kc.kapi)
		return true;
	for (i = 0; i < kc.n_sys; i++) {
		if (kc_read_stats(kc.sys[i].name, &now))
			continue;
		if (now.param != kc.mark[i].param ||
		    now.ret != kc.mark[i].ret || now.err != kc.mark[i].err ||
		    now.ctx != kc.mark[i].ctx) {
			ksft_print_msg("checker reported on %s: param +%ld return +%ld errno +%ld context +%ld (see dmesg)\n",
				       kc.sys[i].name, now.param - kc.mark[i].param,
				       now.ret - kc.mark[i].ret,
				       now.err - kc.mark[i].err,
				       now.ctx - kc.mark[i].ctx);
			clean = false;
		}
		kc.mark[i] = now;
	}
	return clean;
}

/*
 * A case of syscall @name, which this architecture lacks: a skip, unless
 * the checker reported on the other calls the case made.
 */
static inline void kc_absent_result(const char *name, const char *what)
{
	if (kc_no_reports())
		ksft_test_result_skip("%s.%s: no %s syscall on this architecture\n",
				      name, what, name);
	else
		ksft_test_result_fail("%s.%s\n", name, what);
}

/* A call to @name failed with @err: is that listed? Notes it either way. */
static inline bool kc_errno_listed(struct kc_syscall *s, int err)
{
	int i;

	if (!s->have_spec)
		return true;
	i = kc_errno_index(s, err);
	if (i < 0) {
		ksft_print_msg("%s returned %s (%d), which its spec does not list\n",
			       s->name, strerror(err), err);
		s->n_unlisted++;
		return false;
	}
	return true;
}

/*
 * kc_errno() - a case that must fail with @want.
 * @name: the syscall whose errno is under test
 * @ret: what the call returned (-1 on failure, as libc does)
 * @err: errno after the call
 * @want: the errno the case provokes
 */
static inline void kc_errno(const char *name, long ret, int err, int want,
			    const char *fmt, ...)
{
	struct kc_syscall *s = kc_sys(name, NULL);
	bool ok = ret == -1 && err == want;
	char what[256];
	va_list ap;
	int i;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (kc_absent(name)) {
		kc_absent_result(name, what);
		return;
	}
	s->cases++;
	if (!ok)
		ksft_print_msg("%s: want -1/%s, got %ld/%s\n", what,
			       strerrorname_np(want), ret,
			       ret == -1 ? strerrorname_np(err) : "-");
	if (ret == -1 && !kc_errno_listed(s, err))
		ok = false;
	if (!kc_no_reports())
		ok = false;
	i = kc_errno_index(s, want);
	if (ok && i >= 0) {
		if (!s->triggered[i])
			snprintf(s->how[i], sizeof(s->how[i]), "%.40s.%.80s", name,
				 what);
		s->triggered[i] = true;
	}
	ksft_test_result(ok, "%s.%s\n", name, what);
}

/*
 * kc_check() - a case about a successful call or its effects: @cond says
 * whether the kernel did what the spec says. A failed call in the case
 * must still return a listed errno (pass @ret and @err; @ret >= 0 when
 * nothing failed).
 */
static inline void kc_check(const char *name, bool cond, long ret, int err,
			    const char *fmt, ...)
{
	struct kc_syscall *s = kc_sys(name, NULL);
	bool ok = cond;
	char what[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (kc_absent(name)) {
		kc_absent_result(name, what);
		return;
	}
	s->cases++;
	if (ret == -1) {
		ksft_print_msg("%s: failed with %s\n", what, strerrorname_np(err));
		if (!kc_errno_listed(s, err))
			ok = false;
	}
	if (!kc_no_reports())
		ok = false;
	ksft_test_result(ok, "%s.%s\n", name, what);
}

/*
 * kc_emfile() - with RLIMIT_NOFILE lowered to 64, call @dup_one on @fd
 * until it fails, and check that it failed with EMFILE; the case is named
 * @what. The descriptors it made and the limit are restored.
 */
static inline void kc_emfile(const char *name, const char *what,
			     long (*dup_one)(int fd), int fd)
{
	struct rlimit old, low;
	int n = 0, fills[80];
	long r = 0;

	getrlimit(RLIMIT_NOFILE, &old);
	low = old;
	low.rlim_cur = 64;
	if (setrlimit(RLIMIT_NOFILE, &low) == 0) {
		while (n < 80 && (r = dup_one(fd)) >= 0)
			fills[n++] = (int)r;
		kc_errno(name, r, errno, EMFILE, "%s", what);
		setrlimit(RLIMIT_NOFILE, &old);
	} else {
		kc_check(name, false, -1, errno, "%s", what);
	}
	while (n > 0)
		close(fills[--n]);
}

/*
 * kc_skip_errno() - @err of @name cannot be provoked in the test guest;
 * prints a KTAP skip with @reason and counts the errno as accounted for.
 */
static inline void kc_skip_errno(const char *name, int err, const char *reason)
{
	struct kc_syscall *s = kc_sys(name, NULL);
	int i = kc_errno_index(s, err);
	char what[256];

	if (i >= 0) {
		if (!s->skipped[i])
			snprintf(s->how[i], sizeof(s->how[i]), "%s", reason);
		s->skipped[i] = true;
	} else if (s->have_spec)
		ksft_print_msg("%s: skipped errno %s is not in the spec\n",
			       name, strerrorname_np(err));
	snprintf(what, sizeof(what), "%s.%s", name, strerrorname_np(err));
	if (kc_absent(name))
		reason = "no such syscall on this architecture";
	ksft_test_result_code(KSFT_SKIP, what, "%s", reason);
}

/*
 * kc_coverage() - one result per syscall: every errno its spec lists was
 * triggered or skipped with a reason. Also prints the figures.
 */
static inline void kc_coverage(void)
{
	char what[256];
	int i, j, trig, skip, missing;

	for (i = 0; i < kc.n_sys; i++) {
		struct kc_syscall *s = &kc.sys[i];

		snprintf(what, sizeof(what), "%s.errnos_covered", s->name);
		if (kc_absent(s->name)) {
			ksft_test_result_code(KSFT_SKIP, what,
					      "no %s syscall on this architecture",
					      s->name);
			continue;
		}
		if (!s->have_spec) {
			ksft_test_result_code(KSFT_SKIP, what, "%s",
					      kc.kapi ? "no spec for it in this kernel" :
							"no kapi debugfs");
			continue;
		}
		trig = 0;
		skip = 0;
		missing = 0;
		for (j = 0; j < s->n_errnos; j++) {
			if (s->triggered[j] || s->skipped[j])
				ksft_print_msg("kapi-coverage: %s %s %s %s\n",
					       s->name,
					       strerrorname_np(s->errnos[j]),
					       s->triggered[j] ? "seen" : "skipped",
					       s->how[j]);
			if (s->triggered[j]) {
				trig++;
			} else if (s->skipped[j]) {
				skip++;
			} else {
				missing++;
				ksft_print_msg("%s: %s is documented but no case triggered it\n",
					       s->name, strerrorname_np(s->errnos[j]));
			}
		}
		ksft_print_msg("figures %s: documented %d triggered %d skipped %d unlisted-seen %d cases %d\n",
			       s->name, s->n_errnos, trig, skip, s->n_unlisted,
			       s->cases);
		ksft_test_result(!missing && !s->n_unlisted, "%s\n", what);
	}
}

#endif /* KAPI_CONFORMANCE_H */
