// SPDX-License-Identifier: GPL-2.0
/*
 * The "Verifies:" lists of test comments: which numbered items of a spec
 * (behaviour N of read_mem is "read_mem.N", constraint of use N is
 * "read_mem.cN") the test function below the comment checks, each with the
 * fingerprint of the item's text after a '#':
 *
 *	 * Verifies: read_mem.2#5c04e1, read_mem.8#0a7d39
 *	 *           read_mem.9#11aa02
 *
 * kapi-gen reads them to give a failing KUnit case the IDs it cites, and
 * kapi trace (tools/kapi) to check them against the kernel-doc.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "kapi_internal.h"
#include "kapi_parse.h"

#define CITE_TAG	"Verifies:"
#define CITE_FP_LEN	6

static bool is_ident(int c)
{
	return isalnum(c) || c == '_';
}

/* "name.N" or "name.cN" at @p (length @n) */
static bool looks_like_id(const char *p, size_t n)
{
	const char *dot = memchr(p, '.', n);
	const char *q;

	if (!dot || dot == p)
		return false;
	for (q = p; q < dot; q++)
		if (!is_ident((unsigned char)*q))
			return false;
	q = dot + 1;
	if (q < p + n && *q == 'c')
		q++;
	if (q == p + n)
		return false;
	for (; q < p + n; q++)
		if (!isdigit((unsigned char)*q))
			return false;
	return true;
}

static __printf(4, 5) void cite_error(const struct kapi_cite_ops *ops, void *data,
		       unsigned int line, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	ops->error(line, msg, data);
}

/*
 * The citations on one line, @p .. @e: the text after the tag or a
 * continuation line. Returns false when the line holds something that is
 * not a citation, which ends a continuation.
 */
static bool line_cites(const char *p, const char *e, unsigned int line,
		       bool continuation, const struct kapi_cite_ops *ops,
		       void *data, unsigned int *n)
{
	bool first = true;

	for (; p < e; first = false) {
		struct kapi_cite c = { .line = line };
		const char *tok, *hash, *q;
		size_t len;

		while (p < e && (isspace((unsigned char)*p) || *p == ','))
			p++;
		if (p >= e)
			return !first || !continuation;
		tok = p;
		while (p < e && !isspace((unsigned char)*p) && *p != ',')
			p++;
		len = p - tok;
		hash = memchr(tok, '#', len);
		c.id = tok;
		c.id_len = hash ? (size_t)(hash - tok) : len;
		if (!looks_like_id(c.id, c.id_len)) {
			/* prose after the list ends it */
			if (continuation && first)
				return false;
			cite_error(ops, data, line,
				   "'%.*s' is not a behaviour ID (write name.N#fingerprint)",
				   (int)len, tok);
			continue;
		}
		if (hash) {
			for (q = hash + 1; q < p && isxdigit((unsigned char)*q); q++)
				;
			if (q == p && p - hash - 1 == CITE_FP_LEN) {
				c.fp = hash + 1;
				c.fp_len = CITE_FP_LEN;
			} else {
				cite_error(ops, data, line,
					   "%.*s: the fingerprint must be six hex digits, not '%.*s'",
					   (int)c.id_len, c.id,
					   (int)(p - hash - 1), hash + 1);
			}
		}
		ops->cite(&c, data);
		(*n)++;
	}
	return true;
}

unsigned int kapi_comment_cites(const char *buf,
				const struct kapi_source_comment *sc,
				const struct kapi_cite_ops *ops, void *data)
{
	const char *p = buf + sc->start + 2, *e = buf + sc->close;
	unsigned int line = sc->line, tag = 0, n = 0;
	bool in_tag = false;

	if (!sc->line_comment && !sc->closed)
		return 0;
	for (; p < e; p++, line++) {
		const char *eol = memchr(p, '\n', e - p), *q = p;

		if (!eol)
			eol = e;
		while (q < eol && (isspace((unsigned char)*q) || *q == '*' ||
				   *q == '/'))
			q++;
		if (!strncmp(q, CITE_TAG, strlen(CITE_TAG)) &&
		    q + strlen(CITE_TAG) <= eol) {
			if (tag)
				cite_error(ops, data, line,
					   "second '%s' in one comment",
					   CITE_TAG);
			else
				tag = line;
			in_tag = true;
			line_cites(q + strlen(CITE_TAG), eol, line, false, ops,
				   data, &n);
		} else if (in_tag) {
			in_tag = q < eol && line_cites(q, eol, line, true, ops,
						       data, &n);
		}
		p = eol;
	}
	if (tag && !n)
		cite_error(ops, data, tag, "'%s' names no behaviour", CITE_TAG);
	return tag;
}
