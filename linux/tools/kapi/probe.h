/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kapi probe: calls generated from a system call's spec, run against the
 * running kernel with the run-time checks off, in enforce and in warn
 * mode, and held to the spec and to each other.
 */
#ifndef KAPI_TOOL_PROBE_H
#define KAPI_TOOL_PROBE_H

#include <stdbool.h>

#include <linux/kernel_api_spec.h>

/*
 * What an argument is made of when the call runs: a number as it is, or a
 * fixture the child process sets up afresh for every call.
 */
enum probe_fixture {
	PF_VALUE,	/* the value itself */
	PF_REG_RW,	/* a regular file with 64 bytes, open O_RDWR */
	PF_REG_RO,	/* the same file open O_RDONLY */
	PF_REG_WO,	/* open O_WRONLY */
	PF_REG_APPEND,	/* open O_RDWR | O_APPEND */
	PF_DIR,		/* a directory, open O_RDONLY */
	PF_PIPE_R,	/* read end of an empty pipe, O_NONBLOCK */
	PF_PIPE_W,	/* its write end */
	PF_FIFO_R,	/* read end of a FIFO in the scratch directory */
	PF_FIFO_W,	/* its write end */
	PF_DEVNULL,	/* /dev/null, open O_RDWR */
	PF_DEVZERO,	/* /dev/zero, open O_RDWR */
	PF_KMSG,	/* /dev/kmsg, open O_RDONLY | O_NONBLOCK (never written) */
	PF_EVENTFD,	/* an eventfd counting 0, EFD_NONBLOCK */
	PF_MEMFD,	/* a memfd holding the 64 bytes */
	PF_SOCKET,	/* one end of an AF_UNIX stream socket pair */
	PF_CLOSED,	/* a descriptor number just closed */
	PF_OPATH,	/* the regular file, open O_PATH */
	PF_BUF,		/* two zeroed writable pages, the next one unmapped */
	PF_BUF_RO,	/* two read-only pages */
	PF_BUF_END,	/* the last 8 bytes before an unmapped page */
	PF_UNMAPPED,	/* a page that is not mapped */
	PF_PATH_FILE,	/* "file": the regular file */
	PF_PATH_DIR,	/* "dir" */
	PF_PATH_MISSING,	/* "missing" */
	PF_PATH_EMPTY,	/* "" */
	PF_PATH_LONG,	/* PATH_MAX bytes of 'a' */
	PF_PATH_NAME_LONG,	/* a component of NAME_MAX + 1 bytes */
	PF_PATH_LINK,	/* "link", a symbolic link to "file" */
	PF_PATH_DANGLING,	/* "dangling", a link to "missing" */
	PF_PATH_LOOP,	/* "loop", a link to itself */
	PF_PATH_SLASH,	/* "file/": a trailing slash on a file */
	PF_PATH_NOTDIR,	/* "file/x": a file in the middle */
	PF_N_FIXTURES
};

/* One class of values for a parameter. */
struct probe_class {
	const char *name;
	enum probe_fixture fx;
	long long value;	/* PF_VALUE */
	bool bad;		/* breaks the parameter's constraint */
};

#define PROBE_MAX_CLASSES	48

struct probe_param {
	struct probe_class c[PROBE_MAX_CLASSES];
	unsigned int n;
};

/* The classes of parameter @i of @spec; returns how many. */
unsigned int probe_classes(const struct kapi_spec *spec, unsigned int i,
			   struct probe_param *out);

/* Whether class @c of @p is a number above its range (error-above:). */
bool probe_above_max(const struct kapi_param *p, const struct probe_class *c);
/* @v as the parameter's C type makes it (2^32 is 0 to an unsigned int) */
long long probe_as_ctype(const struct kapi_param *p, long long v);

/* A generated call: one class per parameter. */
struct probe_call {
	const struct probe_class *arg[6];
	unsigned int n_args;
};

/* What a call returned: ret as the kernel gave it, or how it ended. */
struct probe_result {
	long long ret;		/* >= 0 success, < 0 a negated errno */
	int signal;		/* the child died of it (0: it did not) */
	bool timeout;
	bool predicted;	/* enforce: worked out from the spec, not run */
	/*
	 * What the checker counted for the system call while the call ran
	 * (kapi/stats): arguments it judged bad and the call failed on or
	 * was refused for, and reports (a bad argument the kernel accepted,
	 * a result the spec does not allow). Valid when counted is set.
	 */
	bool counted;
	long rejected, reports;
	/* the arguments as the call passed them (fixtures made) */
	long args[6];
};

enum probe_mode { PROBE_OFF, PROBE_ENFORCE, PROBE_WARN, PROBE_N_MODES };

/*
 * Whether this kernel can make fixture @fx (a kernel without CONFIG_NET
 * has no sockets); tried once. Classes it cannot make are left out.
 */
bool probe_fixture_ok(enum probe_fixture fx);
/* "off", "enforce", "warn" */
const char *probe_mode_name(enum probe_mode mode);
/*
 * The highest address a user range may end at, as access_ok() has it
 * (x86-64: TASK_SIZE_MAX, 2^47 or with five-level paging 2^56, less a
 * page; arm64: 2^VA_BITS, 2^48 or 2^52).
 */
unsigned long probe_user_max(void);
/* Where kapi/mode and kapi/stats are (default /sys/kernel/debug/kapi). */
void probe_set_debugfs(const char *dir);
/* Whether the kernel has the run-time checks (debugfs kapi/mode). */
bool probe_have_modes(void);
/* Remember the checker's mode, and put it back when the probe is done. */
void probe_save_mode(void);
void probe_restore_mode(void);
/* Run @call of system call @nr in @mode; false if it could not be run. */
bool probe_run(long nr, const struct probe_call *call, enum probe_mode mode,
	       struct probe_result *res);
/* "-EBADF", "3", "killed by signal 11", "timeout". */
const char *probe_result_str(const struct probe_result *res, char *buf,
			     unsigned int len);

/* What the conformance tests did about one errno of one spec. */
struct probe_test_entry {
	char spec[64];
	char err[32];		/* "EBADF" */
	bool seen;		/* a case returned it; else skipped */
	char text[160];		/* the case, or why it cannot be provoked */
};

struct probe_tests {
	bool given;		/* some logs were read */
	struct probe_test_entry *e;
	unsigned int n, cap;
};

/* Read the kapi-coverage lines of the KTAP logs @paths. */
int probe_tests_load(struct probe_tests *t, char **paths, unsigned int n);
const struct probe_test_entry *probe_tests_find(const struct probe_tests *t,
						const char *spec,
						const char *err);
void probe_tests_free(struct probe_tests *t);

#endif /* KAPI_TOOL_PROBE_H */
