// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_util.c - the bottom of the parser library: memory, strings, names
 * and diagnostics, used by every other file and using none of them.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kapi_internal.h"

/* ------------------------------------------------------------------ */
/* utilities                                                           */

void *kapi_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		fprintf(stderr, "kapi: out of memory\n");
		exit(1);
	}
	return p;
}

void *kapi_xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		fprintf(stderr, "kapi: out of memory\n");
		exit(1);
	}
	return p;
}

char *kapi_xstrndup(const char *s, size_t n)
{
	char *d = kapi_xmalloc(n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *kapi_xstrdup(const char *s)
{
	return kapi_xstrndup(s, strlen(s));
}

void kapi_sbuf_addn(struct kapi_sbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = kapi_xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void kapi_sbuf_adds(struct kapi_sbuf *b, const char *s)
{
	kapi_sbuf_addn(b, s, strlen(s));
}

void kapi_sbuf_addc(struct kapi_sbuf *b, char c)
{
	kapi_sbuf_addn(b, &c, 1);
}

void kapi_sbuf_printf(struct kapi_sbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n <= 0)
		return;
	if (b->cap < b->len + n + 1) {
		b->cap = b->len + n + 1;
		b->s = kapi_xrealloc(b->s, b->cap);
	}
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, n + 1, fmt, ap);
	va_end(ap);
	b->len += n;
}

char *kapi_sbuf_take(struct kapi_sbuf *b)
{
	char *s = b->s ? b->s : kapi_xstrdup("");

	b->s = NULL;
	b->len = 0;
	b->cap = 0;
	return s;
}

void kapi_sbuf_release(struct kapi_sbuf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = 0;
	b->cap = 0;
}

bool kapi_is_ident(const char *s)
{
	if (!kapi_is_ident_start((unsigned char)*s))
		return false;
	while (*++s)
		if (!kapi_is_ident_char((unsigned char)*s))
			return false;
	return true;
}

/*
 * Copy of @s without leading/trailing blanks and with inner runs of blanks
 * collapsed to one space: the normal form of names and expressions.
 */
char *kapi_squash(const char *s)
{
	struct kapi_sbuf b = { 0 };
	bool space = false;

	while (kapi_is_space((unsigned char)*s))
		s++;
	for (; *s; s++) {
		if (kapi_is_space((unsigned char)*s)) {
			space = true;
			continue;
		}
		if (space)
			kapi_sbuf_addc(&b, ' ');
		space = false;
		kapi_sbuf_addc(&b, *s);
	}
	return kapi_sbuf_take(&b);
}

/* ------------------------------------------------------------------ */
/* diagnostics                                                         */

void kapi_emit(struct kapi_parser *p, bool error, unsigned int line,
	       const char *msg)
{
	if (error) {
		p->file->n_errors++;
		if (p->spec)
			p->spec->n_diag_errors++;
	} else {
		p->file->n_warnings++;
	}
	if (p->out)
		fprintf(p->out, "%s:%u: %s: %s\n", p->path, line,
			error ? "error" : "warning", msg);
}

static void __printf(4, 0)
vreport(struct kapi_parser *p, bool error, unsigned int line, const char *fmt,
	va_list ap)
{
	char msg[1024];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	kapi_emit(p, error, line, msg);
}

void kapi_err(struct kapi_parser *p, unsigned int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(p, true, line, fmt, ap);
	va_end(ap);
}

void kapi_warn(struct kapi_parser *p, unsigned int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(p, false, line, fmt, ap);
	va_end(ap);
}

/* Levenshtein distance, for "did you mean" hints on short names. */
static unsigned int edit_distance(const char *a, const char *b)
{
	unsigned int row[64], i, j, la = strlen(a), lb = strlen(b);

	if (la >= 63 || lb >= 63)
		return 99;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		unsigned int diag = row[0];

		row[0] = i;
		for (j = 1; j <= lb; j++) {
			unsigned int up = row[j], best;

			best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

/* The closest of @names to @s, if close enough to be a typo. */
const char *kapi_closest(const char *s, const char *const *names,
			 size_t n)
{
	const char *best = NULL;
	unsigned int best_d = 3;
	size_t i;

	for (i = 0; i < n && names[i]; i++) {
		unsigned int d = edit_distance(s, names[i]);

		if (d < best_d) {
			best_d = d;
			best = names[i];
		}
	}
	return best;
}
