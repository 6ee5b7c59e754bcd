/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kapi_errnos.h - the errnos the code of a function can return
 *
 * An analysis of C source, not of a build: it indexes the function
 * definitions of a kernel tree's core directories (kapi_errnos.c lists
 * them), then follows a function's values to its return: "-EXXX"
 * constants returned, or assigned to a variable that is returned, and the
 * results of direct calls, through ERR_PTR()/PTR_ERR() and friends, into
 * every function of the index (static inline functions of headers
 * included). It stops at indirect calls (a file's or inode's methods, LSM
 * hooks) and reports them instead. It does not follow conditions: a
 * candidate is an errno some path of the source returns, whatever the
 * arguments; a spec says why one cannot happen (not-returned:).
 */
#ifndef KAPI_ERRNOS_H
#define KAPI_ERRNOS_H

#include <stdbool.h>

#include "kapi_parse.h"

struct kapi_tree;

/*
 * Index the tree at @root. Directories the tree lacks are skipped; NULL
 * (after a message on @diag) only if no file could be read at all.
 */
struct kapi_tree *kapi_tree_open(const char *root, FILE *diag);
void kapi_tree_free(struct kapi_tree *t);

/*
 * The first definition of function @fn (sys_NAME for SYSCALL_DEFINEn(NAME,
 * ...)): its file relative to the tree, that file's text and length, and
 * the offset and line of the definition's first token. False if none.
 */
bool kapi_tree_def(const struct kapi_tree *t, const char *fn,
		   const char **path, const char **buf, size_t *len,
		   size_t *head, unsigned int *line);

/* What stops the search: a call through a pointer, or an LSM hook. */
enum kapi_reach_kind {
	KAPI_REACH_METHOD,
	KAPI_REACH_LSM,
};

/* An errno a caller can see, and the shortest path that returns it. */
struct kapi_errno_cand {
	int error;		/* as user space sees it (EINTR) */
	int raw;		/* as the code returns it (ERESTARTSYS) */
	bool internal;		/* a kernel-internal value nothing translates */
	unsigned int hops;	/* functions on the path */
	char *path;		/* "f (file:line) > g (file:line): -EXXX" */
};

/* An indirect call on the way to the return. */
struct kapi_errno_reach {
	char *what;		/* "f_op->read_iter", or an LSM hook: "file_permission" */
	int kind;		/* enum kapi_reach_kind */
	unsigned int hops;
	char *path;
};

/* A value the code returns that never reaches the caller, and why. */
struct kapi_errno_dropped {
	int raw;
	const char *why;
	char *path;
};

struct kapi_errno_report {
	bool found;		/* the function is defined in the tree */
	char *where;		/* its file:line */
	struct kapi_errno_cand *cands;		/* by errno */
	unsigned int n_cands;
	struct kapi_errno_reach *reach;		/* by hops, then name */
	unsigned int n_reach;
	struct kapi_errno_dropped *dropped;
	unsigned int n_dropped;
	char **unresolved;	/* callees the index has no definition of */
	unsigned int n_unresolved;
	char **files;		/* the files the result depends on, sorted */
	unsigned int n_files;
	unsigned int n_functions;	/* functions visited */
};

/*
 * The errnos system call @name (as in SYSCALL_DEFINEn(name, ...)) can
 * return, as user space sees them: ERESTART* become EINTR, values always
 * retried or restarted are dropped (with the reason), and for ioctl
 * ENOIOCTLCMD becomes ENOTTY as the ioctl core does. The report is filled
 * in even when the call is not found (found is false then). Release it
 * with kapi_errno_report_release().
 */
void kapi_errnos_syscall(struct kapi_tree *t, const char *name,
			 struct kapi_errno_report *r);
/* The same for any function of the tree. */
void kapi_errnos_function(struct kapi_tree *t, const char *fn,
			  struct kapi_errno_report *r);
void kapi_errno_report_release(struct kapi_errno_report *r);

/* The candidate for (user-visible) errno @err, or NULL. */
const struct kapi_errno_cand *kapi_errno_cand(const struct kapi_errno_report *r,
					      int err);

/*
 * One disagreement between a spec and the code: a candidate neither
 * listed nor explained, a listed core errno no path returns, an origin:
 * the code contradicts, an explanation of an errno that is not a
 * candidate. @line is the spec's line it is reported on.
 */
struct kapi_errno_finding {
	unsigned int line;
	char *msg;
};

/* The error: entry of @s for errno @err, or NULL. */
const struct kapi_parsed_error *kapi_spec_listed(const struct kapi_parsed_spec *s,
						 int err);
/* The not-returned: entry of @s for errno @err, or NULL. */
const struct kapi_parsed_unreturned *
kapi_spec_explained(const struct kapi_parsed_spec *s, int err);

/* Compare spec @s with @r; returns the number of findings in *@out. */
unsigned int kapi_errnos_compare(const struct kapi_parsed_spec *s,
				 const struct kapi_errno_report *r,
				 struct kapi_errno_finding **out);
void kapi_errno_findings_free(struct kapi_errno_finding *f, unsigned int n);

#endif /* KAPI_ERRNOS_H */
