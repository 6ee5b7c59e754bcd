// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_errnos_check.c - hold a spec's errors to what the code can return
 *
 * Three ways a spec and its code disagree: the code has a path to an errno
 * that the spec neither lists nor explains (not-returned:); the spec lists
 * an errno of the core (no origin:) that no path returns; an explanation
 * names an errno the code has no path to. An origin: is checked too: the
 * core must not return an errno the spec says only methods or LSMs do, and
 * a method or LSM hook must be on the way for the spec to say so.
 */
#include <stdarg.h>
#include <stdlib.h>

#include "kapi_errnos.h"
#include "kapi_internal.h"

struct findings {
	struct kapi_errno_finding *f;
	unsigned int n;
};

static __printf(3, 4) void add(struct findings *fs, unsigned int line,
			       const char *fmt, ...)
{
	struct kapi_errno_finding *f;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	fs->f = kapi_xrealloc(fs->f, (fs->n + 1) * sizeof(*fs->f));
	f = &fs->f[fs->n++];
	f->line = line;
	f->msg = kapi_xmalloc(n + 1);
	va_start(ap, fmt);
	vsnprintf(f->msg, n + 1, fmt, ap);
	va_end(ap);
}

const struct kapi_parsed_error *kapi_spec_listed(const struct kapi_parsed_spec *s,
						 int err)
{
	unsigned int i;

	for (i = 0; s && i < s->n_errors; i++)
		if (s->errors[i].k.error == err)
			return &s->errors[i];
	return NULL;
}

const struct kapi_parsed_unreturned *
kapi_spec_explained(const struct kapi_parsed_spec *s, int err)
{
	unsigned int i;

	for (i = 0; s && i < s->n_unreturned; i++)
		if (s->unreturned[i].error == err)
			return &s->unreturned[i];
	return NULL;
}

/*
 * Whether an entry without origin: lists @err: a command of a multiplexed
 * call may get from the core what another gets only from an LSM.
 */
static bool listed_from_core(const struct kapi_parsed_spec *s, int err)
{
	unsigned int i;

	for (i = 0; i < s->n_errors; i++)
		if (s->errors[i].k.error == err && !s->errors[i].k.origin)
			return true;
	return false;
}

static bool reaches(const struct kapi_errno_report *r, int kind)
{
	unsigned int i;

	for (i = 0; i < r->n_reach; i++)
		if (r->reach[i].kind == kind)
			return true;
	return false;
}

static const char *ename(int err)
{
	return kapi_errno_name(err) ?: "?";
}

unsigned int kapi_errnos_compare(const struct kapi_parsed_spec *s,
				 const struct kapi_errno_report *r,
				 struct kapi_errno_finding **out)
{
	struct findings fs = { 0 };
	unsigned int i;

	for (i = 0; i < r->n_cands; i++) {
		const struct kapi_errno_cand *c = &r->cands[i];
		const struct kapi_parsed_error *e = kapi_spec_listed(s, c->error);

		if (e && e->k.origin && !listed_from_core(s, c->error))
			add(&fs, e->line,
			    "%s: %s is marked origin: %s, but the core returns it: %s",
			    s->name, e->k.name,
			    e->k.origin & KAPI_FROM_METHODS ? "methods" : "lsm",
			    c->path);
		else if (!e && !kapi_spec_explained(s, c->error))
			add(&fs, s->line,
			    "%s: the code can return %s%s%s%s (%s); list it (error:) or say why it cannot happen (not-returned:)",
			    s->name, ename(c->error),
			    c->raw != c->error ? " (as " : "",
			    c->raw != c->error ? ename(c->raw) : "",
			    c->raw != c->error ? ")" : "", c->path);
	}
	for (i = 0; i < s->n_errors; i++) {
		const struct kapi_parsed_error *e = &s->errors[i];

		/* an errno listed for several commands is reported once */
		if (!e->k.origin && !kapi_errno_cand(r, e->k.error) &&
		    kapi_spec_listed(s, e->k.error) == e)
			add(&fs, e->line,
			    "%s: %s is listed, but no path of the core returns it; if the file's methods or an LSM do, say so (origin: KAPI_FROM_METHODS or KAPI_FROM_LSM)",
			    s->name, e->k.name);
		if ((e->k.origin & KAPI_FROM_METHODS) &&
		    !reaches(r, KAPI_REACH_METHOD))
			add(&fs, e->line,
			    "%s: %s is marked origin: methods, but no method is called on the way",
			    s->name, e->k.name);
		if ((e->k.origin & KAPI_FROM_LSM) && !reaches(r, KAPI_REACH_LSM))
			add(&fs, e->line,
			    "%s: %s is marked origin: lsm, but no LSM hook is called on the way",
			    s->name, e->k.name);
	}
	for (i = 0; i < s->n_unreturned; i++) {
		const struct kapi_parsed_unreturned *u = &s->unreturned[i];

		if (!kapi_errno_cand(r, u->error))
			add(&fs, u->line,
			    "%s: not-returned: %s explains an errno the code has no path to; drop it",
			    s->name, u->name);
	}
	*out = fs.f;
	return fs.n;
}

void kapi_errno_findings_free(struct kapi_errno_finding *f, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		free(f[i].msg);
	free(f);
}
