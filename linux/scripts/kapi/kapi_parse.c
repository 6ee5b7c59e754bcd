// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_parse.c - kernel-doc spec annotations to a checked model
 *
 * Three steps per kernel-doc comment:
 *   1. split the comment into lines and those into raw blocks: a top-level
 *      key at indentation 0, its sub-keys at indentation 2, deeper lines
 *      continuing the value before them ("raw" = nothing interpreted yet);
 *   2. decide whether the comment is a spec at all (it carries a spec-only
 *      key), so ordinary kernel-doc never produces a diagnostic;
 *   3. interpret the blocks (names, KAPI_* constants, numbers, numbering)
 *      and check them against the prototype that follows the comment.
 * Every problem is reported with the line it was written on, and parsing
 * goes on so one run shows all of them.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

char *kapi_sbuf_take(struct kapi_sbuf *b)
{
	char *s = b->s ? b->s : kapi_xstrdup("");

	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}

void kapi_sbuf_release(struct kapi_sbuf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
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

/* Copy of @s without leading/trailing blanks and with inner runs of blanks
 * collapsed to one space: the normal form of names and expressions. */
static char *squash(const char *s)
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

struct pdiag {
	unsigned int line;
	bool error;
	char *msg;
};

struct parser {
	const char *path;
	FILE *out;
	struct kapi_file *file;
	const char *buf;
	size_t len;
	struct kapi_parsed_spec *spec;	/* being built, for error counts */
};

static void emit(struct parser *p, bool error, unsigned int line,
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

static void __attribute__((format(printf, 4, 0)))
vreport(struct parser *p, bool error, unsigned int line, const char *fmt,
	va_list ap)
{
	char msg[1024];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	emit(p, error, line, msg);
}

static void __attribute__((format(printf, 3, 4)))
perr(struct parser *p, unsigned int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(p, true, line, fmt, ap);
	va_end(ap);
}

static void __attribute__((format(printf, 3, 4)))
pwarn(struct parser *p, unsigned int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(p, false, line, fmt, ap);
	va_end(ap);
}

/* ------------------------------------------------------------------ */
/* the annotation keys                                                 */

enum key {
	K_NONE = 0,
	K_CTX, K_PARAM, K_RETURN, K_ERROR, K_LOCK, K_SIGNAL, K_EFFECT,
	K_TRANS, K_CAP, K_CONSTRAINT, K_EXAMPLES, K_NOTES, K_LONGDESC,
	K_SINCE,
	K_BEHAVIOR,		/* "<function> behavior:" */
	K_USE,			/* "<function> constraints of use:" */
	K_ATPARAM,		/* kernel-doc "@name:" */
	K_SECTION,		/* kernel-doc "Return:", "Context:", ... */
	K_UNKNOWN,		/* looks like a key, is none */
	K_TEXT,			/* kernel-doc prose */
};

enum text_mode {
	TM_JOIN,		/* lines joined by spaces, blank line = "\n\n" */
	TM_LINES,		/* line breaks kept (examples:) */
};

static const char *const sub_param[] = {
	"type", "flags", "constraint-type", "range", "valid-mask", "enum",
	"align", "size-param", "cdesc", NULL,
};
static const char *const sub_return[] = {
	"type", "check-type", "success", "desc", NULL,
};
static const char *const sub_error[] = { "desc", NULL };
static const char *const sub_lock[] = {
	"type", "acquired", "released", "desc", NULL,
};
static const char *const sub_signal[] = {
	"direction", "action", "condition", "desc", "error", "timing",
	"restartable", NULL,
};
static const char *const sub_effect[] = {
	"target", "condition", "desc", "reversible", NULL,
};
static const char *const sub_trans[] = {
	"from", "to", "condition", "desc", NULL,
};
static const char *const sub_cap[] = {
	"type", "allows", "without", "condition", NULL,
};
static const char *const sub_constraint[] = { "desc", "expr", NULL };

static const struct keydef {
	const char *name;
	enum key key;
	const char *const *sub;	/* sub-keys; NULL: free text below */
	enum text_mode mode;
	bool marker;		/* makes a kernel-doc comment a spec */
	bool once;		/* may appear once per spec */
} keydefs[] = {
	{ "context-flags", K_CTX, NULL, TM_JOIN, true, true },
	{ "param", K_PARAM, sub_param, TM_JOIN, true, false },
	/* return:, notes: and examples: are kernel-doc sections as well */
	{ "return", K_RETURN, sub_return, TM_JOIN, false, true },
	{ "error", K_ERROR, sub_error, TM_JOIN, true, false },
	{ "lock", K_LOCK, sub_lock, TM_JOIN, true, false },
	{ "signal", K_SIGNAL, sub_signal, TM_JOIN, true, false },
	{ "side-effect", K_EFFECT, sub_effect, TM_JOIN, true, false },
	{ "state-trans", K_TRANS, sub_trans, TM_JOIN, true, false },
	{ "capability", K_CAP, sub_cap, TM_JOIN, true, false },
	{ "constraint", K_CONSTRAINT, sub_constraint, TM_JOIN, true, false },
	{ "examples", K_EXAMPLES, NULL, TM_LINES, false, true },
	{ "notes", K_NOTES, NULL, TM_JOIN, false, true },
	{ "long-desc", K_LONGDESC, NULL, TM_JOIN, true, true },
	{ "since-version", K_SINCE, NULL, TM_JOIN, true, true },
};

static const struct keydef *keydef_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < KAPI_ARRAY_SIZE(keydefs); i++)
		if (!strcmp(keydefs[i].name, name))
			return &keydefs[i];
	return NULL;
}

static const struct keydef *keydef_by_key(enum key k)
{
	size_t i;

	for (i = 0; i < KAPI_ARRAY_SIZE(keydefs); i++)
		if (keydefs[i].key == k)
			return &keydefs[i];
	return NULL;
}

/* kernel-doc's own section names (scripts/kernel-doc $doc_sect) */
static bool is_doc_section(const char *name)
{
	static const char *const sect[] = {
		"description", "context", "return", "returns", "note",
		"notes", "example", "examples",
	};
	size_t i;

	for (i = 0; i < KAPI_ARRAY_SIZE(sect); i++)
		if (!strcasecmp(sect[i], name))
			return true;
	return false;
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
static const char *closest(const char *s, const char *const *names,
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

static void list_names(char *out, size_t outlen, const char *const *names)
{
	size_t used = 0;

	out[0] = '\0';
	for (; *names && used + 1 < outlen; names++) {
		int n = snprintf(out + used, outlen - used, "%s%s:",
				 used ? ", " : "", *names);

		if (n < 0)
			break;
		used += n;
	}
}

/* ------------------------------------------------------------------ */
/* step 1: comment lines to raw blocks                                 */

struct cline {
	const char *text;	/* after the indentation; trailing blanks cut */
	unsigned int indent;
	unsigned int line;
};

struct raw_kv {
	const char *key;
	unsigned int line;
	struct kapi_sbuf val;
	bool pending;		/* blank line seen since the last text */
};

struct raw_item {
	unsigned int number;
	unsigned int line;
	struct kapi_sbuf text;
	bool pending;
};

/* Largest sub-key set (param:) plus room: duplicates are not stored. */
#define MAX_KV	12

struct raw_block {
	enum key key;
	unsigned int line;
	char *name;		/* key as written (K_UNKNOWN/K_SECTION/lists) */
	struct kapi_sbuf head;	/* the value on the key's line + continuation */
	bool head_pending;
	struct raw_kv kv[MAX_KV];
	unsigned int n_kv;
	struct raw_item **items;
	unsigned int n_items;
	bool marker;		/* a list named after this function */
};

struct comment {
	struct parser *p;
	size_t end;		/* offset just past the closing marker */
	unsigned int line;	/* line of the opening marker */
	unsigned int end_line;
	char *storage;		/* the cleaned-up line texts */
	struct cline *lines;
	unsigned int n_lines;

	char *doc_name;
	char *summary;
	unsigned int header_line;
	bool function_doc;	/* header is "name - summary" */

	struct raw_block **blocks;
	unsigned int n_blocks;
	struct pdiag *pending;	/* reported only if this is a spec */
	unsigned int n_pending;

	/* where continuation lines go */
	struct kapi_sbuf *acc;
	bool *acc_pending;
	enum text_mode acc_mode;
	unsigned int acc_base;
	struct raw_block *cur;
	struct raw_item *cur_item;
};

static void __attribute__((format(printf, 3, 4)))
defer(struct comment *c, unsigned int line, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	c->pending = kapi_xrealloc(c->pending,
				   (c->n_pending + 1) * sizeof(*c->pending));
	c->pending[c->n_pending].line = line;
	c->pending[c->n_pending].error = true;
	c->pending[c->n_pending].msg = kapi_xstrdup(msg);
	c->n_pending++;
}

static void set_acc(struct comment *c, struct kapi_sbuf *b, bool *pending,
		    enum text_mode mode, unsigned int base)
{
	c->acc = b;
	c->acc_pending = pending;
	c->acc_mode = mode;
	c->acc_base = base;
}

static void acc_add(struct comment *c, const struct cline *l)
{
	struct kapi_sbuf *b = c->acc;
	unsigned int i;

	if (!b)
		return;
	if (b->len) {
		if (*c->acc_pending)
			kapi_sbuf_adds(b, "\n\n");
		else
			kapi_sbuf_addc(b, c->acc_mode == TM_LINES ? '\n' : ' ');
	}
	*c->acc_pending = false;
	/* examples: keep code indented past the block's own indentation */
	if (c->acc_mode == TM_LINES && b->len)
		for (i = c->acc_base; i < l->indent; i++)
			kapi_sbuf_addc(b, ' ');
	kapi_sbuf_adds(b, l->text);
}

static struct raw_block *new_block(struct comment *c, enum key k,
				   unsigned int line)
{
	struct raw_block *b = kapi_xmalloc(sizeof(*b));

	memset(b, 0, sizeof(*b));
	b->key = k;
	b->line = line;
	c->blocks = kapi_xrealloc(c->blocks,
				  (c->n_blocks + 1) * sizeof(*c->blocks));
	c->blocks[c->n_blocks++] = b;
	c->cur = b;
	c->cur_item = NULL;
	c->acc = NULL;
	return b;
}

static void free_block(struct raw_block *b)
{
	unsigned int i;

	free(b->name);
	kapi_sbuf_release(&b->head);
	for (i = 0; i < b->n_kv; i++)
		kapi_sbuf_release(&b->kv[i].val);
	for (i = 0; i < b->n_items; i++) {
		kapi_sbuf_release(&b->items[i]->text);
		free(b->items[i]);
	}
	free(b->items);
	free(b);
}

/* "N. text" (a list item); returns the text or NULL. */
static const char *match_item(const char *s, unsigned int *number,
			      bool *too_big)
{
	unsigned long n = 0;
	const char *p = s;

	*too_big = false;
	while (*p >= '0' && *p <= '9') {
		n = n * 10 + (*p - '0');
		if (n > 65535)
			*too_big = true;
		if (p - s > 6)
			return NULL;
		p++;
	}
	if (p == s || *p != '.' || (p[1] && p[1] != ' ' && p[1] != '\t'))
		return NULL;
	p++;
	while (*p == ' ' || *p == '\t')
		p++;
	*number = n;
	return p;
}

/* "3.1. text": a sub-item written where only items may be. */
static bool match_subitem(const char *s)
{
	const char *p = s;

	while (*p >= '0' && *p <= '9')
		p++;
	return p != s && *p == '.' && p[1] >= '0' && p[1] <= '9';
}

/*
 * Split "key: value" at the first colon. The key part is returned (copied)
 * only if it is made of characters keys are made of; *@value points into
 * @s after the colon and blanks.
 */
static char *split_key(const char *s, const char **value, bool lower_only)
{
	const char *colon = strchr(s, ':');
	const char *p;

	if (!colon || colon == s)
		return NULL;
	for (p = s; p < colon; p++) {
		unsigned char ch = *p;

		if (lower_only ? !((ch >= 'a' && ch <= 'z') || ch == '-' ||
				   ch == '_' || (ch >= '0' && ch <= '9')) :
				 !(kapi_is_ident_char(ch) || ch == '-' ||
				   ch == ' '))
			return NULL;
	}
	if (colon[1] && colon[1] != ' ' && colon[1] != '\t')
		return NULL;	/* "http://", "a:b" */
	p = colon + 1;
	while (*p == ' ' || *p == '\t')
		p++;
	*value = p;
	return kapi_xstrndup(s, colon - s);
}

static bool ends_with(const char *s, const char *suffix, size_t *prefix_len)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	if (ls < lx || strcmp(s + ls - lx, suffix))
		return false;
	*prefix_len = ls - lx;
	return true;
}

/* "read_mem behavior" -> K_BEHAVIOR with *@who = "read_mem". */
static enum key match_list_header(const char *key, char **who)
{
	static const struct {
		const char *suffix;
		enum key k;
	} forms[] = {
		{ "behavior", K_BEHAVIOR },
		{ "behaviour", K_BEHAVIOR },
		{ "constraints of use", K_USE },
	};
	size_t i, n;

	for (i = 0; i < KAPI_ARRAY_SIZE(forms); i++) {
		if (!strcmp(key, forms[i].suffix) && forms[i].k == K_USE) {
			*who = NULL;
			return K_USE;
		}
		if (ends_with(key, forms[i].suffix, &n) && n >= 2 &&
		    key[n - 1] == ' ') {
			char *w = kapi_xstrndup(key, n - 1);

			if (kapi_is_ident(w)) {
				*who = w;
				return forms[i].k;
			}
			free(w);
		}
	}
	return K_NONE;
}

/* "foo-bar": what an annotation key looks like */
static bool is_lower_key(const char *s)
{
	if (!(*s >= 'a' && *s <= 'z'))
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		      *s == '-' || *s == '_'))
			return false;
	return true;
}

static bool list_name_ok(const struct comment *c, const char *who)
{
	if (!who || !strcmp(who, "function"))
		return true;
	if (!c->doc_name)
		return false;
	if (!strcmp(who, c->doc_name))
		return true;
	/* "open behavior:" for "sys_open" */
	return !strncmp(c->doc_name, "sys_", 4) && !strcmp(who, c->doc_name + 4);
}

/* Prose at indentation 0: part of a kernel-doc section, or description. */
static void plain_line(struct comment *c, const struct cline *l)
{
	unsigned int number;
	bool too_big;

	if (c->cur && c->cur->key == K_SECTION) {
		acc_add(c, l);
		return;
	}
	if (match_item(l->text, &number, &too_big))
		defer(c, l->line,
		      "numbered item outside a '%s behavior:' or '%s constraints of use:' list",
		      c->doc_name ? c->doc_name : "function",
		      c->doc_name ? c->doc_name : "function");
	if (!c->cur || c->cur->key != K_TEXT)
		new_block(c, K_TEXT, l->line);
}

static void top_line(struct comment *c, const struct cline *l)
{
	const struct keydef *kd;
	struct raw_block *b;
	const char *value;
	char *key, *who = NULL;
	enum key lk;

	/* numbered items of the list being read */
	if (c->cur && (c->cur->key == K_BEHAVIOR || c->cur->key == K_USE)) {
		unsigned int number;
		bool too_big;
		const char *text = match_item(l->text, &number, &too_big);

		if (text) {
			struct raw_item *it = kapi_xmalloc(sizeof(*it));

			memset(it, 0, sizeof(*it));
			it->number = too_big ? 0 : number;
			it->line = l->line;
			if (too_big)
				defer(c, l->line, "item number too large (at most 65535)");
			b = c->cur;
			b->items = kapi_xrealloc(b->items, (b->n_items + 1) *
						 sizeof(*b->items));
			b->items[b->n_items++] = it;
			c->cur_item = it;
			set_acc(c, &it->text, &it->pending, TM_JOIN, 0);
			if (*text) {
				struct cline t = *l;

				t.text = text;
				acc_add(c, &t);
			}
			return;
		}
		if (match_subitem(l->text)) {
			defer(c, l->line,
			      "sub-item must be indented under its item (\"   %.16s\")",
			      l->text);
			c->acc = NULL;
			return;
		}
	}

	if (l->text[0] == '@') {
		const char *p = l->text + 1;

		while (kapi_is_ident_char((unsigned char)*p) || *p == '.')
			p++;
		b = new_block(c, K_ATPARAM, l->line);
		b->name = kapi_xstrndup(l->text + 1, p - l->text - 1);
		if (*p == ':')
			p++;
		while (*p == ' ' || *p == '\t')
			p++;
		kapi_sbuf_adds(&b->head, p);
		set_acc(c, &b->head, &b->head_pending, TM_JOIN, 0);
		return;
	}

	key = split_key(l->text, &value, false);
	if (!key) {
		plain_line(c, l);
		return;
	}

	kd = keydef_by_name(key);
	lk = kd ? K_NONE : match_list_header(key, &who);
	if (kd) {
		b = new_block(c, kd->key, l->line);
		kapi_sbuf_adds(&b->head, value);
		set_acc(c, &b->head, &b->head_pending, kd->mode, 2);
	} else if (lk != K_NONE) {
		bool named_ok = list_name_ok(c, who);

		b = new_block(c, lk, l->line);
		b->name = key;
		key = NULL;
		/* a list named after another function does not make a spec */
		b->marker = named_ok;
		if (!named_ok)
			defer(c, l->line,
			      "'%s:' names '%s', but this comment documents '%s'; write '%s %s:'",
			      b->name, who, c->doc_name ? c->doc_name : "?",
			      c->doc_name ? c->doc_name : "function",
			      lk == K_BEHAVIOR ? "behavior" : "constraints of use");
		if (*value)
			defer(c, l->line,
			      "start the items of '%s:' on the next line, numbered \"1. \"",
			      b->name);
	} else if (is_doc_section(key)) {
		b = new_block(c, K_SECTION, l->line);
		b->name = key;
		key = NULL;
		kapi_sbuf_adds(&b->head, value);
		/* "Return:" sections are often lists: keep their lines */
		set_acc(c, &b->head, &b->head_pending, TM_LINES, 0);
	} else if (is_lower_key(key)) {
		b = new_block(c, K_UNKNOWN, l->line);
		b->name = key;
		key = NULL;
	} else {
		plain_line(c, l);
	}
	free(who);
	free(key);
}

static bool is_sub(const char *const *sub, const char *name)
{
	for (; *sub; sub++)
		if (!strcmp(*sub, name))
			return true;
	return false;
}

static void indented_line(struct comment *c, const struct cline *l)
{
	struct raw_block *b = c->cur;
	const struct keydef *kd;
	const char *value;
	char *key;

	if (!b)
		return;
	kd = keydef_by_key(b->key);
	if (kd && kd->sub) {
		key = split_key(l->text, &value, true);
		if (key && l->indent == 2) {
			unsigned int i;

			if (!is_sub(kd->sub, key)) {
				char valid[256];
				const char *near = closest(key, kd->sub, 99);

				list_names(valid, sizeof(valid), kd->sub);
				if (near)
					defer(c, l->line,
					      "unknown sub-key '%s:' in a %s: block; did you mean '%s:'?",
					      key, kd->name, near);
				else
					defer(c, l->line,
					      "unknown sub-key '%s:' in a %s: block (valid: %s)",
					      key, kd->name, valid);
				c->acc = NULL;
				free(key);
				return;
			}
			for (i = 0; i < b->n_kv; i++) {
				if (!strcmp(b->kv[i].key, key)) {
					defer(c, l->line,
					      "duplicate '%s:' in this %s: block (first at line %u)",
					      key, kd->name, b->kv[i].line);
					c->acc = NULL;
					free(key);
					return;
				}
			}
			/* n_kv < MAX_KV: distinct sub-keys only */
			for (i = 0; kd->sub[i]; i++)
				if (!strcmp(kd->sub[i], key))
					break;
			b->kv[b->n_kv].key = kd->sub[i];
			b->kv[b->n_kv].line = l->line;
			kapi_sbuf_adds(&b->kv[b->n_kv].val, value);
			set_acc(c, &b->kv[b->n_kv].val, &b->kv[b->n_kv].pending,
				TM_JOIN, 4);
			b->n_kv++;
			free(key);
			return;
		}
		if (key && is_sub(kd->sub, key) &&
		    (c->acc == &b->head || l->indent < 4)) {
			defer(c, l->line,
			      "sub-key '%s:' must be indented by exactly two spaces after ' * '",
			      key);
			free(key);
			c->acc = NULL;
			return;
		}
		free(key);
	}
	if ((b->key == K_BEHAVIOR || b->key == K_USE) && !c->cur_item) {
		defer(c, l->line, "expected a numbered item \"1. text\" at the start of the line");
		return;
	}
	acc_add(c, l);
}

/*
 * Cut the comment into lines: drop the leading " * ", expand tabs, and
 * remember the indentation of what is left.
 */
static void split_lines(struct comment *c, const char *s, size_t n,
			unsigned int first_line)
{
	size_t i = 0, cap = 16;
	char *out;
	size_t o = 0;

	/* every output line is at most its input line plus tab expansion */
	c->storage = out = kapi_xmalloc(n * 8 + 1);
	c->lines = kapi_xmalloc(cap * sizeof(*c->lines));
	c->n_lines = 0;

	while (i < n) {
		size_t e = i, j;
		unsigned int col = 0, indent;
		size_t text_start;

		while (e < n && s[e] != '\n')
			e++;
		j = i;
		while (j < e && (s[j] == ' ' || s[j] == '\t'))
			j++;
		if (j < e && s[j] == '*' && !(j + 1 < e && s[j + 1] == '/'))
			j++;
		if (j < e && s[j] == ' ')
			j++;
		/* expand tabs relative to the text's start */
		text_start = o;
		for (; j < e; j++) {
			if (s[j] == '\t') {
				do {
					out[o++] = ' ';
					col++;
				} while (col % 8);
			} else if (s[j] == '\0' || s[j] == '\r') {
				out[o++] = ' ';
				col++;
			} else {
				out[o++] = s[j];
				col++;
			}
		}
		while (o > text_start && out[o - 1] == ' ')
			o--;
		out[o++] = '\0';
		indent = 0;
		while (out[text_start + indent] == ' ')
			indent++;
		if (c->n_lines == cap) {
			cap *= 2;
			c->lines = kapi_xrealloc(c->lines, cap * sizeof(*c->lines));
		}
		c->lines[c->n_lines].text = out + text_start + indent;
		c->lines[c->n_lines].indent = indent;
		c->lines[c->n_lines].line = first_line + c->n_lines;
		c->n_lines++;
		i = e + 1;
	}
}

/* "name - summary", "name() - summary", "function name - summary" */
static void parse_header(struct comment *c, const struct cline *l)
{
	const char *s = l->text, *name;
	size_t n;

	c->header_line = l->line;
	if (!strncmp(s, "function ", 9))
		s += 9;
	if (!strncmp(s, "struct ", 7) || !strncmp(s, "union ", 6) ||
	    !strncmp(s, "enum ", 5) || !strncmp(s, "typedef ", 8) ||
	    !strncmp(s, "DOC:", 4))
		return;
	name = s;
	while (kapi_is_ident_char((unsigned char)*s))
		s++;
	n = s - name;
	if (!n || !kapi_is_ident_start((unsigned char)*name))
		return;
	if (s[0] == '(' && s[1] == ')')
		s += 2;
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s && *s != '-')
		return;
	while (*s == '-')
		s++;
	while (*s == ' ' || *s == '\t')
		s++;
	c->doc_name = kapi_xstrndup(name, n);
	c->summary = kapi_xstrdup(s);
	c->function_doc = true;
}

static void read_comment(struct comment *c)
{
	unsigned int i;
	bool header = false;

	for (i = 0; i < c->n_lines; i++) {
		const struct cline *l = &c->lines[i];

		if (!*l->text) {
			if (c->acc)
				*c->acc_pending = true;
			continue;
		}
		if (!header) {
			header = true;
			parse_header(c, l);
			continue;
		}
		if (l->indent == 0)
			top_line(c, l);
		else
			indented_line(c, l);
	}
}

static bool comment_is_spec(const struct comment *c)
{
	unsigned int i;

	for (i = 0; i < c->n_blocks; i++) {
		const struct raw_block *b = c->blocks[i];
		const struct keydef *kd = keydef_by_key(b->key);

		if (kd && kd->marker)
			return true;
		if ((b->key == K_BEHAVIOR || b->key == K_USE) && b->marker)
			return true;
	}
	return false;
}

static void free_comment(struct comment *c)
{
	unsigned int i;

	for (i = 0; i < c->n_blocks; i++)
		free_block(c->blocks[i]);
	free(c->blocks);
	for (i = 0; i < c->n_pending; i++)
		free(c->pending[i].msg);
	free(c->pending);
	free(c->lines);
	free(c->storage);
	free(c->doc_name);
	free(c->summary);
}

/* ------------------------------------------------------------------ */
/* step 3: interpretation                                              */

static char *take_text(struct kapi_sbuf *b)
{
	char *s;

	if (!b->len)
		return NULL;
	s = kapi_sbuf_take(b);
	return s;
}

static struct raw_kv *kv_get(struct raw_block *b, const char *key)
{
	unsigned int i;

	for (i = 0; i < b->n_kv; i++)
		if (!strcmp(b->kv[i].key, key))
			return &b->kv[i];
	return NULL;
}

/* Free text of sub-key @key (NULL if absent or empty); consumes it. */
static char *kv_text(struct raw_block *b, const char *key)
{
	struct raw_kv *kv = kv_get(b, key);

	return kv ? take_text(&kv->val) : NULL;
}

/* A KAPI_* enumerator of @fam; false (after an error) if it is none. */
static bool parse_enum(struct parser *p, const char *what, const char *text,
		       unsigned int line, enum kapi_family fam, int *out)
{
	char *s = squash(text);
	long long v;
	char guess[96];

	if (kapi_family_lookup(fam, s, &v)) {
		*out = (int)v;
		free(s);
		return true;
	}
	snprintf(guess, sizeof(guess), "%s%s", kapi_family_prefix(fam), s);
	if (*s && kapi_family_lookup(fam, guess, &v))
		perr(p, line, "unknown %s '%s'; write '%s'", what, s, guess);
	else
		perr(p, line, "unknown %s '%s' (expected one of %s*)", what,
		     s, kapi_family_prefix(fam));
	free(s);
	return false;
}

/* "KAPI_X | KAPI_Y" of a flag family into @out; text normalised. */
static void parse_flags(struct parser *p, const char *what, const char *text,
			unsigned int line, enum kapi_family fam,
			struct kapi_expr *out)
{
	struct kapi_sbuf norm = { 0 };
	char *s = squash(text), *tok, *save = NULL;
	bool ok = true;
	uint64_t v = 0;

	out->line = line;
	if (!*s) {
		perr(p, line, "%s: needs a value (%s* names joined by '|', or 0)",
		     what, kapi_family_prefix(fam));
		free(s);
		return;
	}
	for (tok = strtok_r(s, "|", &save); tok; tok = strtok_r(NULL, "|", &save)) {
		char *name = squash(tok);
		long long bit;

		if (!strcmp(name, "0")) {
			bit = 0;
		} else if (!kapi_family_lookup(fam, name, &bit)) {
			perr(p, line, "unknown %s flag '%s' (expected %s* names joined by '|')",
			     what, name, kapi_family_prefix(fam));
			ok = false;
		}
		if (!*name) {
			free(name);
			continue;
		}
		if (norm.len)
			kapi_sbuf_adds(&norm, " | ");
		kapi_sbuf_adds(&norm, name);
		v |= (uint64_t)bit;
		free(name);
	}
	free(s);
	if (!ok || !norm.len) {
		if (ok)
			perr(p, line, "%s: empty flag list", what);
		kapi_sbuf_release(&norm);
		return;
	}
	out->text = kapi_sbuf_take(&norm);
	out->value = v;
}

/* A C constant expression into @out. */
static bool parse_number(struct parser *p, const char *what, const char *text,
			 unsigned int line, struct kapi_expr *out)
{
	char err[256];
	struct kapi_cval v;
	char *s = squash(text);

	if (!*s) {
		perr(p, line, "%s: missing value", what);
		free(s);
		return false;
	}
	if (!kapi_eval(s, &v, err, sizeof(err))) {
		perr(p, line, "%s: '%s': %s", what, s, err);
		free(s);
		return false;
	}
	out->text = s;
	out->value = kapi_cval_u64(v);
	out->line = line;
	return true;
}

/*
 * Split @text at the top-level comma(s): "A, B" for range:, "a, b, c" for
 * enum:. Returns the number of parts (at most @max, extra ones counted).
 */
static unsigned int split_commas(const char *text, char **parts,
				 unsigned int max)
{
	unsigned int n = 0;
	int depth = 0;
	const char *start = text, *s;

	for (s = text;; s++) {
		if (*s == '(')
			depth++;
		else if (*s == ')')
			depth--;
		if ((*s == ',' && depth == 0) || !*s) {
			if (n < max)
				parts[n] = kapi_xstrndup(start, s - start);
			n++;
			start = s + 1;
		}
		if (!*s)
			break;
	}
	return n;
}

static void free_parts(char **parts, unsigned int n, unsigned int max)
{
	unsigned int i;

	for (i = 0; i < n && i < max; i++)
		free(parts[i]);
}

static bool parse_tristate(struct parser *p, const char *what,
			   const char *text, unsigned int line, int *out)
{
	char *s = squash(text);
	long long v;
	bool ok = true;

	if (!strcasecmp(s, "true") || !strcasecmp(s, "yes"))
		*out = KAPI_YES;
	else if (!strcasecmp(s, "false") || !strcasecmp(s, "no"))
		*out = KAPI_NO;
	else if (!strcasecmp(s, "conditional"))
		*out = KAPI_CONDITIONAL;
	else if (kapi_family_lookup(KAPI_FAM_TRISTATE, s, &v))
		*out = (int)v;
	else {
		perr(p, line, "%s: '%s' is not yes, no, true, false or conditional",
		     what, s);
		ok = false;
	}
	free(s);
	return ok;
}

static bool parse_bool(struct parser *p, const char *what, const char *text,
		       unsigned int line, bool *out)
{
	char *s = squash(text);
	bool ok = true;

	if (!strcasecmp(s, "true") || !strcasecmp(s, "yes"))
		*out = true;
	else if (!strcasecmp(s, "false") || !strcasecmp(s, "no"))
		*out = false;
	else {
		perr(p, line, "%s: '%s' is not yes, no, true or false", what, s);
		ok = false;
	}
	free(s);
	return ok;
}

/* Room in a u8 count of struct kapi_spec. */
static bool room(struct parser *p, unsigned int n, unsigned int line,
		 const char *what)
{
	if (n < 255)
		return true;
	if (n == 255)
		perr(p, line, "too many %s (struct kapi_spec holds at most 255)",
		     what);
	return false;
}

#define GROW(arr, n)	((arr) = kapi_xrealloc((arr), ((n) + 1) * sizeof(*(arr))), \
			 memset(&(arr)[(n)], 0, sizeof(*(arr))), &(arr)[(n)++])

static bool signed_compare(int type)
{
	return type != KAPI_TYPE_UINT;
}

static bool less_than(uint64_t a, uint64_t b, bool sgn)
{
	return sgn ? (int64_t)a < (int64_t)b : a < b;
}

static void do_param(struct parser *p, struct kapi_parsed_spec *s,
		     struct raw_block *b)
{
	struct kapi_parsed_param *pp;
	struct raw_kv *kv;
	char *name = squash(b->head.s ? b->head.s : "");
	unsigned int i;
	bool has_range, has_mask, has_enum, has_align, has_size;

	if (!kapi_is_ident(name)) {
		perr(p, b->line, "param: needs the parameter's name, got '%s'",
		     name);
		free(name);
		return;
	}
	for (i = 0; i < s->n_params; i++) {
		if (!strcmp(s->params[i].name, name)) {
			perr(p, b->line, "duplicate param '%s' (first at line %u)",
			     name, s->params[i].line);
			free(name);
			return;
		}
	}
	if (!room(p, s->n_params, b->line, "params")) {
		free(name);
		return;
	}
	pp = GROW(s->params, s->n_params);
	pp->name = name;
	pp->line = b->line;
	pp->annotated = true;
	pp->size_param = -1;
	pp->type = -1;		/* unset: inferred from the C type later */

	kv = kv_get(b, "type");
	if (kv)
		parse_enum(p, "param type", kv->val.s, kv->line, KAPI_FAM_TYPE,
			   &pp->type);
	kv = kv_get(b, "flags");
	if (kv)
		parse_flags(p, "flags", kv->val.s, kv->line,
			    KAPI_FAM_PARAM_FLAG, &pp->flags);
	kv = kv_get(b, "constraint-type");
	if (kv && !parse_enum(p, "constraint-type", kv->val.s, kv->line,
			      KAPI_FAM_CONSTRAINT, &pp->constraint))
		pp->constraint = -1;	/* do not pile on data errors */
	pp->desc = kv_text(b, "cdesc");

	has_range = kv_get(b, "range");
	has_mask = kv_get(b, "valid-mask");
	has_enum = kv_get(b, "enum");
	has_align = kv_get(b, "align");
	has_size = kv_get(b, "size-param");

	/* each constraint kind keeps its data in the same union */
	{
		static const struct {
			const char *key;
			int kind;
		} data[] = {
			{ "range", KAPI_CONSTRAINT_RANGE },
			{ "valid-mask", KAPI_CONSTRAINT_MASK },
			{ "enum", KAPI_CONSTRAINT_ENUM },
			{ "align", KAPI_CONSTRAINT_ALIGNMENT },
			{ "size-param", KAPI_CONSTRAINT_BUFFER },
		};

		for (i = 0; i < KAPI_ARRAY_SIZE(data); i++) {
			kv = kv_get(b, data[i].key);
			if (!kv || pp->constraint == data[i].kind ||
			    pp->constraint < 0)
				continue;
			perr(p, kv->line,
			     "%s: is only used with constraint-type: %s; add that or drop %s:",
			     data[i].key,
			     kapi_family_name(KAPI_FAM_CONSTRAINT, data[i].kind),
			     data[i].key);
		}
		for (i = 0; i < KAPI_ARRAY_SIZE(data); i++) {
			if (pp->constraint != data[i].kind || kv_get(b, data[i].key))
				continue;
			perr(p, kv_get(b, "constraint-type")->line,
			     "constraint-type: %s needs a %s: line",
			     kapi_family_name(KAPI_FAM_CONSTRAINT, data[i].kind),
			     data[i].key);
		}
	}

	if (has_range && pp->constraint == KAPI_CONSTRAINT_RANGE) {
		char *parts[2];
		unsigned int n;

		kv = kv_get(b, "range");
		n = split_commas(kv->val.s, parts, 2);
		if (n != 2) {
			perr(p, kv->line, "range: expects 'MIN, MAX', got '%s'",
			     kv->val.s);
		} else if (parse_number(p, "range min", parts[0], kv->line, &pp->min) &&
			   parse_number(p, "range max", parts[1], kv->line, &pp->max) &&
			   less_than(pp->max.value, pp->min.value,
				     signed_compare(pp->type))) {
			perr(p, kv->line, "range: min %s is greater than max %s",
			     pp->min.text, pp->max.text);
		}
		free_parts(parts, n, 2);
	}
	if (has_mask && pp->constraint == KAPI_CONSTRAINT_MASK) {
		kv = kv_get(b, "valid-mask");
		parse_number(p, "valid-mask", kv->val.s, kv->line, &pp->mask);
	}
	if (has_align && pp->constraint == KAPI_CONSTRAINT_ALIGNMENT) {
		kv = kv_get(b, "align");
		if (parse_number(p, "align", kv->val.s, kv->line, &pp->align) &&
		    (pp->align.value == 0 ||
		     (pp->align.value & (pp->align.value - 1))))
			perr(p, kv->line, "align: %s is not a power of two",
			     pp->align.text);
	}
	if (has_enum && pp->constraint == KAPI_CONSTRAINT_ENUM) {
		char *parts[256];
		unsigned int n, j;

		kv = kv_get(b, "enum");
		n = split_commas(kv->val.s, parts, 256);
		if (n > 256) {
			perr(p, kv->line, "enum: too many values (at most 256)");
		} else {
			pp->values = kapi_xmalloc(n * sizeof(*pp->values));
			memset(pp->values, 0, n * sizeof(*pp->values));
			for (j = 0; j < n; j++) {
				struct kapi_expr *e = &pp->values[pp->n_values];
				unsigned int k;

				if (!parse_number(p, "enum value", parts[j],
						  kv->line, e))
					continue;
				pp->n_values++;
				for (k = 0; k + 1 < pp->n_values; k++) {
					if (pp->values[k].value == e->value) {
						perr(p, kv->line,
						     "enum: '%s' has the same value as '%s'",
						     e->text, pp->values[k].text);
						break;
					}
				}
			}
		}
		free_parts(parts, n, 256);
	}
	if (has_size && pp->constraint == KAPI_CONSTRAINT_BUFFER) {
		char *v;
		char *end;
		long idx;

		kv = kv_get(b, "size-param");
		v = squash(kv->val.s);
		errno = 0;
		idx = strtol(v, &end, 10);
		if (!*v || *end || errno) {
			perr(p, kv->line,
			     "size-param: expects the index (0-based) of the parameter holding the size, got '%s'",
			     v);
		} else {
			/* checked against the parameter count later */
			pp->size_param = idx < -1 || idx > 127 ? 127 : (int)idx;
			if (idx < 0)
				perr(p, kv->line,
				     "size-param: index %ld is negative", idx);
		}
		free(v);
	}
}

static void do_success(struct parser *p, struct kapi_parsed_return *r,
		       struct raw_kv *kv)
{
	char *s = squash(kv->val.s), *dots;
	const char *op = NULL;
	size_t oplen = 0;
	static const char *const ops[] = { ">=", "<=", "==", ">", "<" };
	unsigned int i;

	for (i = 0; i < KAPI_ARRAY_SIZE(ops); i++) {
		if (!strncmp(s, ops[i], strlen(ops[i]))) {
			op = ops[i];
			oplen = strlen(op);
			break;
		}
	}
	r->min.line = r->max.line = kv->line;
	dots = strstr(s, "..");
	if (op) {
		struct kapi_expr e = { 0 };

		if (!parse_number(p, "success", s + oplen, kv->line, &e)) {
			free(s);
			return;
		}
		if (!strcmp(op, ">=") || !strcmp(op, ">")) {
			r->min = e;
			r->max.value = INT64_MAX;
			if (op[1] != '=') {
				/* "> X" is "(X) + 1" */
				char *t = kapi_xmalloc(strlen(e.text) + 8);

				sprintf(t, "(%s) + 1", e.text);
				free(r->min.text);
				r->min.text = t;
				r->min.value++;
			}
		} else if (!strcmp(op, "<=") || !strcmp(op, "<")) {
			r->max = e;
			r->min.value = (uint64_t)INT64_MIN;
			if (op[1] != '=') {
				char *t = kapi_xmalloc(strlen(e.text) + 8);

				sprintf(t, "(%s) - 1", e.text);
				free(r->max.text);
				r->max.text = t;
				r->max.value--;
			}
		} else {
			r->min = e;
			r->max = e;
			r->max.text = kapi_xstrdup(e.text);
		}
	} else if (dots || strchr(s, ',')) {
		char *a, *b;

		if (dots) {
			a = kapi_xstrndup(s, dots - s);
			b = kapi_xstrdup(dots + 2);
		} else {
			char *parts[2];
			unsigned int n = split_commas(s, parts, 2);

			if (n != 2) {
				perr(p, kv->line,
				     "success: expects '>= N', '== N', 'N', 'MIN..MAX' or 'MIN, MAX', got '%s'",
				     s);
				free_parts(parts, n, 2);
				free(s);
				return;
			}
			a = parts[0];
			b = parts[1];
		}
		if (parse_number(p, "success min", a, kv->line, &r->min) &&
		    parse_number(p, "success max", b, kv->line, &r->max) &&
		    (int64_t)r->max.value < (int64_t)r->min.value)
			perr(p, kv->line, "success: min %s is greater than max %s",
			     r->min.text, r->max.text);
		free(a);
		free(b);
	} else if (parse_number(p, "success", s, kv->line, &r->min)) {
		r->max = r->min;
		r->max.text = kapi_xstrdup(r->min.text);
	}
	free(s);
}

static void do_return(struct parser *p, struct kapi_parsed_spec *s,
		      struct raw_block *b)
{
	struct kapi_parsed_return *r = &s->ret;
	struct raw_kv *kv;
	char *head = take_text(&b->head);
	bool have_success;

	r->annotated = true;
	r->line = b->line;
	r->type = -1;
	r->check = -1;
	kv = kv_get(b, "type");
	if (kv)
		parse_enum(p, "return type", kv->val.s, kv->line, KAPI_FAM_TYPE,
			   &r->type);
	kv = kv_get(b, "check-type");
	if (kv && !parse_enum(p, "check-type", kv->val.s, kv->line,
			      KAPI_FAM_RETURN, &r->check))
		r->check = -2;	/* reported */
	r->desc = kv_text(b, "desc");
	if (head && r->desc)
		perr(p, b->line,
		     "return: has text on its line and a desc:; keep one");
	if (head && !r->desc) {
		r->desc = head;
		head = NULL;
	}
	free(head);

	kv = kv_get(b, "success");
	have_success = kv != NULL;
	if (kv)
		do_success(p, r, kv);
	if (r->check == -1)
		r->check = have_success ? KAPI_RETURN_RANGE : KAPI_RETURN_CUSTOM;
	switch (r->check) {
	case KAPI_RETURN_EXACT:
		if (!have_success)
			perr(p, b->line, "check-type: KAPI_RETURN_EXACT needs a 'success: VALUE' line");
		else if (r->min.value != r->max.value)
			perr(p, kv->line,
			     "check-type: KAPI_RETURN_EXACT needs a single success value, not a range");
		break;
	case KAPI_RETURN_RANGE:
		if (!have_success)
			perr(p, b->line, "check-type: KAPI_RETURN_RANGE needs a 'success: MIN..MAX' (or '>= N') line");
		break;
	case KAPI_RETURN_FD:
		if (!have_success) {	/* a descriptor is >= 0 */
			r->min.value = 0;
			r->max.value = INT64_MAX;
		}
		break;
	case KAPI_RETURN_NONE:
	case KAPI_RETURN_NO_RETURN:
		if (have_success)
			perr(p, kv->line, "success: makes no sense with check-type: %s",
			     kapi_family_name(KAPI_FAM_RETURN, r->check));
		break;
	}
	if (r->check < 0)
		r->check = KAPI_RETURN_CUSTOM;
}

static void do_error(struct parser *p, struct kapi_parsed_spec *s,
		     struct raw_block *b)
{
	const char *head = b->head.s ? b->head.s : "";
	const char *comma = strchr(head, ',');
	char *name = comma ? kapi_xstrndup(head, comma - head) : kapi_xstrdup(head);
	char *sq = squash(name);
	struct kapi_parsed_error *e;
	unsigned int i;
	int value;

	free(name);
	name = sq;
	if (name[0] == '-' && kapi_errno_lookup(name + 1, &value)) {
		perr(p, b->line, "error: write the errno name without '-' ('%s')",
		     name + 1);
		free(name);
		return;
	}
	if (!kapi_is_ident(name)) {
		perr(p, b->line, "error: expects 'ENAME, condition', got '%s'",
		     head);
		free(name);
		return;
	}
	if (!kapi_errno_lookup(name, &value)) {
		perr(p, b->line,
		     "error: '%s' is not an errno name (see include/uapi/asm-generic/errno*.h, include/linux/errno.h)",
		     name);
		free(name);
		return;
	}
	for (i = 0; i < s->n_errors; i++) {
		if (!strcmp(s->errors[i].name, name)) {
			perr(p, b->line, "duplicate error %s (first at line %u)",
			     name, s->errors[i].line);
			free(name);
			return;
		}
	}
	for (i = 0; i < s->n_errors; i++) {
		if (s->errors[i].value == value) {
			pwarn(p, b->line,
			      "%s (line %u) and %s (line %u) are the same errno (%d) on Linux; callers cannot tell them apart, so consider merging them",
			      s->errors[i].name, s->errors[i].line, name, b->line,
			      value);
			break;
		}
	}
	if (!room(p, s->n_errors, b->line, "errors")) {
		free(name);
		return;
	}
	e = GROW(s->errors, s->n_errors);
	e->name = name;
	e->value = value;
	e->line = b->line;
	if (comma) {
		e->condition = squash(comma + 1);
		if (!*e->condition) {
			free(e->condition);
			e->condition = NULL;
		}
	}
	e->desc = kv_text(b, "desc");
}

static void do_lock(struct parser *p, struct kapi_parsed_spec *s,
		    struct raw_block *b)
{
	struct kapi_parsed_lock *l;
	struct raw_kv *kv;

	if (!b->head.len) {
		perr(p, b->line, "lock: needs the lock's name on its line");
		return;
	}
	if (!room(p, s->n_locks, b->line, "locks"))
		return;
	l = GROW(s->locks, s->n_locks);
	l->name = squash(b->head.s);
	l->line = b->line;
	kv = kv_get(b, "type");
	if (kv)
		parse_enum(p, "lock type", kv->val.s, kv->line, KAPI_FAM_LOCK,
			   &l->kind);
	kv = kv_get(b, "acquired");
	if (kv)
		parse_tristate(p, "acquired", kv->val.s, kv->line, &l->acquired);
	kv = kv_get(b, "released");
	if (kv)
		parse_tristate(p, "released", kv->val.s, kv->line, &l->released);
	l->desc = kv_text(b, "desc");
}

static void do_signal(struct parser *p, struct kapi_parsed_spec *s,
		      struct raw_block *b)
{
	struct kapi_parsed_signal *sg;
	struct raw_kv *kv;

	if (!b->head.len) {
		perr(p, b->line, "signal: needs the signal's name on its line");
		return;
	}
	if (!room(p, s->n_signals, b->line, "signals"))
		return;
	sg = GROW(s->signals, s->n_signals);
	sg->name = squash(b->head.s);
	sg->line = b->line;
	kv = kv_get(b, "direction");
	if (kv)
		parse_enum(p, "signal direction", kv->val.s, kv->line,
			   KAPI_FAM_SIGNAL_DIR, &sg->direction);
	kv = kv_get(b, "action");
	if (kv)
		parse_enum(p, "signal action", kv->val.s, kv->line,
			   KAPI_FAM_SIGNAL_ACTION, &sg->action);
	kv = kv_get(b, "timing");
	if (kv)
		parse_enum(p, "signal timing", kv->val.s, kv->line,
			   KAPI_FAM_SIGNAL_TIMING, &sg->timing);
	kv = kv_get(b, "restartable");
	if (kv)
		parse_bool(p, "restartable", kv->val.s, kv->line,
			   &sg->restartable);
	kv = kv_get(b, "error");
	if (kv) {
		char *e = squash(kv->val.s);
		const char *n = e[0] == '-' ? e + 1 : e;
		int v;

		if (kapi_errno_lookup(n, &v)) {
			sg->error_name = kapi_xstrdup(n);
			sg->error = v;
		} else {
			perr(p, kv->line, "error: '%s' is not an errno (write -EINTR or EINTR)",
			     e);
		}
		free(e);
	}
	sg->condition = kv_text(b, "condition");
	sg->desc = kv_text(b, "desc");
}

static void do_effect(struct parser *p, struct kapi_parsed_spec *s,
		      struct raw_block *b)
{
	struct kapi_parsed_effect *ef;
	struct raw_kv *kv;

	if (!room(p, s->n_effects, b->line, "side effects"))
		return;
	ef = GROW(s->effects, s->n_effects);
	ef->line = b->line;
	parse_flags(p, "side-effect", b->head.s ? b->head.s : "", b->line,
		    KAPI_FAM_EFFECT, &ef->kinds);
	kv = kv_get(b, "reversible");
	if (kv)
		parse_tristate(p, "reversible", kv->val.s, kv->line,
			       &ef->reversible);
	ef->target = kv_text(b, "target");
	ef->condition = kv_text(b, "condition");
	ef->desc = kv_text(b, "desc");
}

static void do_trans(struct parser *p, struct kapi_parsed_spec *s,
		     struct raw_block *b)
{
	struct kapi_parsed_transition *t;

	if (!b->head.len) {
		perr(p, b->line, "state-trans: needs the object whose state changes on its line");
		return;
	}
	if (!room(p, s->n_transitions, b->line, "state transitions"))
		return;
	t = GROW(s->transitions, s->n_transitions);
	t->object = squash(b->head.s);
	t->line = b->line;
	t->from = kv_text(b, "from");
	t->to = kv_text(b, "to");
	t->condition = kv_text(b, "condition");
	t->desc = kv_text(b, "desc");
	if (!t->from || !t->to)
		perr(p, b->line, "state-trans: needs both from: and to:");
}

static void do_cap(struct parser *p, struct kapi_parsed_spec *s,
		   struct raw_block *b)
{
	struct kapi_parsed_cap *cp;
	struct raw_kv *kv;
	char *name = squash(b->head.s ? b->head.s : "");
	int cap = kapi_cap_lookup(name);
	unsigned int i;

	if (cap < 0) {
		perr(p, b->line,
		     "capability: '%s' is not a capability (CAP_* of include/uapi/linux/capability.h)",
		     name);
		free(name);
		return;
	}
	for (i = 0; i < s->n_caps; i++) {
		if (!strcmp(s->caps[i].name, name)) {
			perr(p, b->line, "duplicate capability %s (first at line %u)",
			     name, s->caps[i].line);
			free(name);
			return;
		}
	}
	if (!room(p, s->n_caps, b->line, "capabilities")) {
		free(name);
		return;
	}
	cp = GROW(s->caps, s->n_caps);
	cp->name = name;
	cp->cap = cap;
	cp->line = b->line;
	kv = kv_get(b, "type");
	if (kv)
		parse_enum(p, "capability type", kv->val.s, kv->line,
			   KAPI_FAM_CAP_KIND, &cp->kind);
	cp->allows = kv_text(b, "allows");
	cp->without = kv_text(b, "without");
	cp->condition = kv_text(b, "condition");
}

static void do_constraint(struct parser *p, struct kapi_parsed_spec *s,
			  struct raw_block *b)
{
	struct kapi_parsed_constraint *ct;

	if (!b->head.len) {
		perr(p, b->line, "constraint: needs a short name on its line");
		return;
	}
	if (!room(p, s->n_constraints, b->line, "constraints"))
		return;
	ct = GROW(s->constraints, s->n_constraints);
	ct->name = squash(b->head.s);
	ct->line = b->line;
	ct->desc = kv_text(b, "desc");
	ct->expr = kv_text(b, "expr");
}

/*
 * Numbered lists: items must start at 1 and increase; a gap is allowed
 * (items get retired) but worth a warning, a repeat or a step back is an
 * error because the number is the item's ID.
 */
static void do_items(struct parser *p, struct kapi_parsed_spec *s,
		     struct raw_block *b, int kind)
{
	unsigned int i, prev = 0;

	if (!b->n_items) {
		perr(p, b->line, "'%s:' has no items; number them \"1. text\"",
		     b->name);
		return;
	}
	for (i = 0; i < b->n_items; i++) {
		struct raw_item *it = b->items[i];
		struct kapi_parsed_item *pi;

		if (it->number == 0) {
			perr(p, it->line, "item numbers start at 1");
			continue;
		}
		if (i == 0 && it->number != 1) {
			perr(p, it->line,
			     "the first item of '%s:' must be number 1, not %u",
			     b->name, it->number);
		} else if (i > 0 && it->number == prev) {
			perr(p, it->line, "item %u is numbered twice (first at line %u)",
			     it->number, b->items[i - 1]->line);
			continue;
		} else if (i > 0 && it->number < prev) {
			perr(p, it->line, "item %u comes after item %u; numbers must increase",
			     it->number, prev);
			continue;
		} else if (i > 0 && it->number > prev + 1) {
			pwarn(p, it->line, "item %u follows item %u: numbers %u..%u are missing",
			      it->number, prev, prev + 1, it->number - 1);
		}
		prev = it->number;
		if (!it->text.len)
			perr(p, it->line, "item %u has no text", it->number);
		if (!room(p, s->n_items, it->line, "numbered items"))
			return;
		pi = GROW(s->items, s->n_items);
		pi->number = it->number;
		pi->kind = kind;
		pi->line = it->line;
		pi->text = kapi_sbuf_take(&it->text);
	}
}

struct atparam {
	const char *name;
	struct kapi_sbuf *text;
	unsigned int line;
	bool used;
};

/* Set @dst from a text block; error if it was given before. */
static void once_text(struct parser *p, char **dst, unsigned int *first,
		      struct raw_block *b, const char *what)
{
	if (*first) {
		perr(p, b->line, "duplicate %s: (first at line %u)", what, *first);
		return;
	}
	*first = b->line;
	*dst = take_text(&b->head);
}

static void check_types(struct parser *p, struct kapi_parsed_param *pp,
			const char *fname)
{
	struct kapi_ctype ct;
	const char *tn;

	kapi_ctype_classify(pp->ctype, &ct);
	if (pp->type < 0) {
		pp->type = kapi_ctype_infer(&ct);
		return;
	}
	tn = kapi_family_name(KAPI_FAM_TYPE, pp->type);
	switch (kapi_ctype_compatible(pp->type, &ct)) {
	case KAPI_COMPAT_OK:
		break;
	case KAPI_COMPAT_MISMATCH:
		perr(p, pp->line,
		     "param '%s' is %s but %s() declares it '%s'; use %s or fix the type",
		     pp->name, tn, fname, pp->ctype,
		     kapi_family_name(KAPI_FAM_TYPE, kapi_ctype_infer(&ct)));
		break;
	case KAPI_COMPAT_UNVERIFIABLE:
		pwarn(p, pp->line,
		      "cannot check that '%s' fits %s for param '%s'; add the typedef to scripts/kapi/kapi_proto.c",
		      pp->ctype, tn, pp->name);
		break;
	}
}

static void cross_check(struct parser *p, struct kapi_parsed_spec *s,
			struct kapi_proto *pr, struct atparam *ap,
			unsigned int n_ap)
{
	unsigned int i, j;
	const char *fname = s->name;
	bool annotated = s->n_params > 0;

	/* names and order */
	if (annotated) {
		for (i = 0; i < s->n_params && i < pr->n_params; i++) {
			struct kapi_parsed_param *pp = &s->params[i];
			const char *pn = pr->params[i].name;

			if (!pn || strcmp(pn, pp->name)) {
				for (j = 0; j < pr->n_params; j++)
					if (pr->params[j].name &&
					    !strcmp(pr->params[j].name, pp->name))
						break;
				if (j < pr->n_params)
					perr(p, pp->line,
					     "param '%s' is parameter %u of %s() but comes %s here; list params in prototype order",
					     pp->name, j + 1, fname,
					     i == 0 ? "first" : "at another position");
				else
					perr(p, pp->line,
					     "param '%s' is not a parameter of %s() (parameter %u there is '%s')",
					     pp->name, fname, i + 1, pn ? pn : "unnamed");
				continue;
			}
			free(pp->ctype);
			pp->ctype = kapi_xstrdup(pr->params[i].ctype);
			check_types(p, pp, fname);
		}
		for (; i < s->n_params; i++)
			perr(p, s->params[i].line,
			     "param '%s' is not a parameter of %s(), which has %u",
			     s->params[i].name, fname, pr->n_params);
		for (i = s->n_params; i < pr->n_params; i++)
			perr(p, pr->line,
			     "parameter %u '%s' of %s() has no param: block in the spec (%u listed)",
			     i + 1, pr->params[i].name ? pr->params[i].name : "",
			     fname, s->n_params);
	} else {
		/* no param: blocks: the prototype and @name: lines say it all */
		for (i = 0; i < pr->n_params; i++) {
			struct kapi_parsed_param *pp;
			struct kapi_ctype ct;

			if (!pr->params[i].name) {
				perr(p, pr->line,
				     "parameter %u of %s() has no name; the spec needs named parameters",
				     i + 1, fname);
				continue;
			}
			if (!room(p, s->n_params, pr->line, "params"))
				break;
			pp = GROW(s->params, s->n_params);
			pp->name = kapi_xstrdup(pr->params[i].name);
			pp->ctype = kapi_xstrdup(pr->params[i].ctype);
			pp->line = pr->line;
			pp->size_param = -1;
			kapi_ctype_classify(pp->ctype, &ct);
			pp->type = kapi_ctype_infer(&ct);
			if (ct.user || (ct.pointer && ct.pointee_const)) {
				char flags[64];

				snprintf(flags, sizeof(flags), "%s%s%s",
					 ct.user ? "KAPI_PARAM_USER" : "",
					 ct.user && ct.pointee_const ? " | " : "",
					 ct.pointee_const && ct.pointer ?
					 "KAPI_PARAM_CONST" : "");
				pp->flags.text = kapi_xstrdup(flags);
				pp->flags.value = (ct.user ? KAPI_PARAM_USER : 0) |
					(ct.pointee_const && ct.pointer ?
					 KAPI_PARAM_CONST : 0);
				pp->flags.line = pr->line;
			}
		}
	}
	if (pr->variadic)
		perr(p, pr->line, "%s() is variadic; a spec cannot describe '...'",
		     fname);

	/* what the prototype does not know */
	for (i = 0; i < s->n_params; i++) {
		struct kapi_parsed_param *pp = &s->params[i];

		if (!pp->ctype)
			pp->ctype = kapi_xstrdup("");
		if (pp->type < 0)
			pp->type = KAPI_TYPE_CUSTOM;
		if (pp->constraint < 0)
			pp->constraint = KAPI_CONSTRAINT_NONE;
		if (pp->size_param >= 0 &&
		    (pp->size_param >= (int)s->n_params || pp->size_param == (int)i))
			perr(p, pp->line,
			     "size-param: %d of '%s' is not another parameter (0..%u)",
			     pp->size_param, pp->name, s->n_params - 1);
		for (j = 0; j < n_ap; j++) {
			if (strcmp(ap[j].name, pp->name))
				continue;
			ap[j].used = true;
			if (!pp->desc && ap[j].text->len)
				pp->desc = kapi_xstrdup(ap[j].text->s);
		}
	}
	for (j = 0; j < n_ap; j++)
		if (!ap[j].used && strcmp(ap[j].name, "..."))
			pwarn(p, ap[j].line, "@%s: names no parameter of %s()",
			      ap[j].name, fname);

	/* return value */
	{
		struct kapi_ctype ct;
		struct kapi_parsed_return *r = &s->ret;

		r->ctype = kapi_xstrdup(pr->ret_ctype ? pr->ret_ctype : "");
		kapi_ctype_classify(r->ctype, &ct);
		if (r->type < 0) {
			r->type = kapi_ctype_infer(&ct);
		} else if (*r->ctype &&
			   kapi_ctype_compatible(r->type, &ct) == KAPI_COMPAT_MISMATCH) {
			perr(p, r->line,
			     "return type %s does not fit %s() returning '%s'; use %s",
			     kapi_family_name(KAPI_FAM_TYPE, r->type), fname,
			     r->ctype,
			     kapi_family_name(KAPI_FAM_TYPE, kapi_ctype_infer(&ct)));
		}
		if (!r->annotated)
			r->check = ct.is_void ? KAPI_RETURN_NONE : KAPI_RETURN_CUSTOM;
	}
}

static bool spec_names_clash(struct parser *p, struct kapi_parsed_spec *s)
{
	struct kapi_file *f = p->file;
	unsigned int i;

	for (i = 0; i < f->n_specs; i++) {
		if (&f->specs[i] != s && f->specs[i].ident && s->ident &&
		    !strcmp(f->specs[i].ident, s->ident)) {
			perr(p, s->line, "second spec for %s (first at line %u)",
			     s->name, f->specs[i].line);
			return true;
		}
	}
	return false;
}

static void free_spec(struct kapi_parsed_spec *s);

/* Interpret a spec comment; appends to p->file->specs. */
static void build_spec(struct parser *p, struct comment *c)
{
	struct kapi_file *f = p->file;
	struct kapi_parsed_spec *s;
	struct kapi_proto pr;
	struct atparam *ap = NULL;
	unsigned int n_ap = 0, i;
	unsigned int first_ctx = 0, first_desc = 0, first_notes = 0;
	unsigned int first_ex = 0, first_since = 0, first_ret = 0;
	unsigned int first_beh = 0, first_use = 0;
	char *doc_return = NULL;

	f->specs = kapi_xrealloc(f->specs, (f->n_specs + 1) * sizeof(*f->specs));
	s = &f->specs[f->n_specs++];
	memset(s, 0, sizeof(*s));
	p->spec = s;
	s->line = c->line;
	s->ret.type = -1;

	for (i = 0; i < c->n_pending; i++)
		emit(p, c->pending[i].error, c->pending[i].line,
		     c->pending[i].msg);

	if (!c->function_doc) {
		perr(p, c->header_line ? c->header_line : c->line,
		     "a spec comment must start with the function's 'name - summary' line");
	}
	s->doc_name = kapi_xstrdup(c->doc_name ? c->doc_name : "");
	s->summary = c->summary && *c->summary ? kapi_xstrdup(c->summary) : NULL;

	/* the prototype decides name and kind */
	kapi_proto_parse(p->buf, p->len, c->end, c->end_line, &pr);
	s->proto_line = pr.line;
	if (pr.kind == KAPI_PROTO_NONE) {
		perr(p, c->header_line ? c->header_line : c->line,
		     "spec for '%s' is followed by %s; put the comment directly above the function",
		     s->doc_name, pr.problem ? pr.problem : "no function prototype");
	} else if (pr.kind == KAPI_PROTO_SYSCALL || pr.kind == KAPI_PROTO_COMPAT) {
		const char *dn = s->doc_name;

		if (strcmp(dn, pr.name) &&
		    (strncmp(dn, "sys_", 4) || strcmp(dn + 4, pr.name)))
			perr(p, c->header_line,
			     "kernel-doc name '%s' does not match SYSCALL_DEFINE%d(%s, ...); write 'sys_%s - ...'",
			     dn, pr.declared, pr.name, pr.name);
		if (pr.problem)
			perr(p, pr.line, "SYSCALL_DEFINE%d(%s, ...) has %s",
			     pr.declared, pr.name, pr.problem);
		else if ((int)pr.n_params != pr.declared)
			perr(p, pr.line,
			     "SYSCALL_DEFINE%d(%s, ...) lists %u arguments; the number must match",
			     pr.declared, pr.name, pr.n_params);
		s->kind = KAPI_KIND_SYSCALL;
	} else {
		if (strcmp(s->doc_name, pr.name))
			perr(p, c->header_line,
			     "kernel-doc name '%s' does not match the function '%s' that follows",
			     s->doc_name, pr.name);
		s->kind = KAPI_KIND_FUNCTION;
	}
	if (pr.name) {
		s->name = kapi_xstrdup(pr.name);
	} else {
		const char *dn = s->doc_name;

		s->name = kapi_xstrdup(!strncmp(dn, "sys_", 4) ? dn + 4 : dn);
	}
	if (s->kind == KAPI_KIND_SYSCALL) {
		s->ident = kapi_xmalloc(strlen(s->name) + 5);
		sprintf(s->ident, "sys_%s", s->name);
	} else {
		s->ident = kapi_xstrdup(s->name);
	}
	if (pr.kind == KAPI_PROTO_COMPAT)
		perr(p, c->header_line,
		     "specs on COMPAT_SYSCALL_DEFINE are not supported; specify the native syscall");
	if (*s->ident && !kapi_is_ident(s->ident))
		perr(p, c->line, "'%s' cannot name a spec", s->ident);

	for (i = 0; i < c->n_blocks; i++) {
		struct raw_block *b = c->blocks[i];

		switch (b->key) {
		case K_CTX:
			if (first_ctx) {
				perr(p, b->line, "duplicate context-flags: (first at line %u)",
				     first_ctx);
				break;
			}
			first_ctx = b->line;
			parse_flags(p, "context-flags", b->head.s ? b->head.s : "",
				    b->line, KAPI_FAM_CTX, &s->context);
			break;
		case K_PARAM:
			do_param(p, s, b);
			break;
		case K_RETURN:
			if (first_ret) {
				perr(p, b->line, "duplicate return: (first at line %u)",
				     first_ret);
				break;
			}
			first_ret = b->line;
			do_return(p, s, b);
			break;
		case K_ERROR:
			do_error(p, s, b);
			break;
		case K_LOCK:
			do_lock(p, s, b);
			break;
		case K_SIGNAL:
			do_signal(p, s, b);
			break;
		case K_EFFECT:
			do_effect(p, s, b);
			break;
		case K_TRANS:
			do_trans(p, s, b);
			break;
		case K_CAP:
			do_cap(p, s, b);
			break;
		case K_CONSTRAINT:
			do_constraint(p, s, b);
			break;
		case K_EXAMPLES:
			once_text(p, &s->examples, &first_ex, b, "examples");
			break;
		case K_NOTES:
			once_text(p, &s->notes, &first_notes, b, "notes");
			break;
		case K_LONGDESC:
			once_text(p, &s->desc, &first_desc, b, "long-desc");
			break;
		case K_SINCE:
			once_text(p, &s->since, &first_since, b, "since-version");
			break;
		case K_BEHAVIOR:
		case K_USE: {
			unsigned int *first = b->key == K_BEHAVIOR ? &first_beh : &first_use;

			if (*first) {
				perr(p, b->line, "second '%s:' list (first at line %u); merge them",
				     b->name, *first);
				break;
			}
			*first = b->line;
			do_items(p, s, b, b->key == K_BEHAVIOR ?
				 KAPI_ITEM_BEHAVIOR : KAPI_ITEM_CONSTRAINT_OF_USE);
			break;
		}
		case K_ATPARAM:
			ap = kapi_xrealloc(ap, (n_ap + 1) * sizeof(*ap));
			ap[n_ap].name = b->name;
			ap[n_ap].text = &b->head;
			ap[n_ap].line = b->line;
			ap[n_ap].used = false;
			n_ap++;
			break;
		case K_SECTION:
			if ((!strcasecmp(b->name, "return") ||
			     !strcasecmp(b->name, "returns")) && !doc_return)
				doc_return = take_text(&b->head);
			break;
		case K_UNKNOWN: {
			static const char *names[KAPI_ARRAY_SIZE(keydefs) + 1];
			const char *near;
			size_t k;

			for (k = 0; k < KAPI_ARRAY_SIZE(keydefs); k++)
				names[k] = keydefs[k].name;
			near = closest(b->name, names, KAPI_ARRAY_SIZE(keydefs));
			if (near)
				perr(p, b->line, "unknown annotation key '%s:'; did you mean '%s:'?",
				     b->name, near);
			else
				perr(p, b->line,
				     "unknown annotation key '%s:' (see Documentation/dev-tools/kapi.rst for the keys)",
				     b->name);
			break;
		}
		default:
			break;
		}
	}

	if (pr.kind != KAPI_PROTO_NONE)
		cross_check(p, s, &pr, ap, n_ap);
	for (i = 0; i < s->n_params; i++) {
		if (!s->params[i].ctype)
			s->params[i].ctype = kapi_xstrdup("");
		if (s->params[i].type < 0)
			s->params[i].type = KAPI_TYPE_CUSTOM;
		if (s->params[i].constraint < 0)
			s->params[i].constraint = KAPI_CONSTRAINT_NONE;
	}
	if (s->ret.type < 0)
		s->ret.type = KAPI_TYPE_VOID;
	if (!s->ret.annotated && pr.kind == KAPI_PROTO_NONE)
		s->ret.check = KAPI_RETURN_NONE;
	if (!s->ret.ctype)
		s->ret.ctype = kapi_xstrdup("");
	if (!s->ret.annotated && doc_return && *doc_return) {
		s->ret.desc = doc_return;
		doc_return = NULL;
	}
	free(doc_return);

	/* a signal's errno should be one the spec lists */
	for (i = 0; i < s->n_signals; i++) {
		unsigned int k;

		if (!s->signals[i].error)
			continue;
		for (k = 0; k < s->n_errors; k++)
			if (s->errors[k].value == s->signals[i].error)
				break;
		if (k == s->n_errors)
			pwarn(p, s->signals[i].line,
			      "signal '%s' returns %s, which no error: entry lists",
			      s->signals[i].name, s->signals[i].error_name);
	}

	if (pr.kind == KAPI_PROTO_COMPAT || spec_names_clash(p, s)) {
		/* keep counting its errors, but do not keep the spec */
		free_spec(s);
		f->n_specs--;
	}
	free(ap);
	kapi_proto_release(&pr);
	p->spec = NULL;
}

/* ------------------------------------------------------------------ */
/* step 0: finding kernel-doc comments in C                            */

static void handle_comment(struct parser *p, size_t body, size_t close,
			   unsigned int open_line, size_t end,
			   unsigned int end_line)
{
	struct comment c;

	memset(&c, 0, sizeof(c));
	c.p = p;
	c.end = end;
	c.line = open_line;
	c.end_line = end_line;
	split_lines(&c, p->buf + body, close - body, open_line + 1);
	read_comment(&c);
	if (comment_is_spec(&c))
		build_spec(p, &c);
	free_comment(&c);
}

static void scan(struct parser *p)
{
	const char *b = p->buf;
	size_t n = p->len, i = 0;
	unsigned int line = 1;

	while (i < n) {
		char ch = b[i];

		if (ch == '\n') {
			line++;
			i++;
		} else if (ch == '"' || ch == '\'') {
			/* literals may contain comment markers */
			i++;
			while (i < n && b[i] != ch && b[i] != '\n') {
				if (b[i] == '\\' && i + 1 < n) {
					if (b[i + 1] == '\n')
						line++;
					i++;
				}
				i++;
			}
			if (i < n && b[i] == ch)
				i++;
		} else if (ch == '/' && i + 1 < n && b[i + 1] == '/') {
			while (i < n && b[i] != '\n')
				i++;
		} else if (ch == '/' && i + 1 < n && b[i + 1] == '*') {
			size_t start = i, j = i + 2, body, close, end;
			unsigned int open_line = line;
			bool kdoc = false;

			/* a lone slash-star-star on its line opens kernel-doc */
			if (j < n && b[j] == '*' && !(j + 1 < n && b[j + 1] == '/')) {
				size_t k = j + 1;

				while (k < n && (b[k] == ' ' || b[k] == '\t'))
					k++;
				kdoc = k >= n || b[k] == '\n';
			}
			while (j + 1 < n && !(b[j] == '*' && b[j + 1] == '/')) {
				if (b[j] == '\n')
					line++;
				j++;
			}
			close = j + 1 < n ? j : n;
			end = j + 1 < n ? j + 2 : n;
			if (kdoc) {
				body = start + 3;
				while (body < close && b[body] != '\n')
					body++;
				if (body < close)
					body++;
				else
					body = close;
				handle_comment(p, body, close, open_line, end, line);
			}
			i = end;
		} else {
			i++;
		}
	}
}

unsigned int kapi_parse_buffer(const char *path, const char *buf, size_t len,
			       const struct kapi_parse_opts *opts,
			       struct kapi_file **out)
{
	struct kapi_file *f = kapi_xmalloc(sizeof(*f));
	struct parser p = {
		.path = path,
		.out = opts ? opts->diag : stderr,
		.file = f,
		.buf = buf,
		.len = len,
	};

	memset(f, 0, sizeof(*f));
	f->path = kapi_xstrdup(path);
	scan(&p);
	*out = f;
	return f->n_errors;
}

unsigned int kapi_parse_file(const char *path,
			     const struct kapi_parse_opts *opts,
			     struct kapi_file **out)
{
	FILE *fp = fopen(path, "rb");
	struct kapi_sbuf b = { 0 };
	char chunk[65536];
	size_t n;
	unsigned int ret;
	FILE *diag = opts ? opts->diag : stderr;

	if (!fp) {
		struct kapi_file *f = kapi_xmalloc(sizeof(*f));

		memset(f, 0, sizeof(*f));
		f->path = kapi_xstrdup(path);
		f->n_errors = 1;
		if (diag)
			fprintf(diag, "%s:0: error: cannot open: %s\n", path,
				strerror(errno));
		*out = f;
		return 1;
	}
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		kapi_sbuf_addn(&b, chunk, n);
	fclose(fp);
	ret = kapi_parse_buffer(path, b.s ? b.s : "", b.len, opts, out);
	kapi_sbuf_release(&b);
	return ret;
}

static void free_expr(struct kapi_expr *e)
{
	free(e->text);
}

static void free_spec(struct kapi_parsed_spec *s)
{
	unsigned int i, j;

	for (i = 0; i < s->n_params; i++) {
		struct kapi_parsed_param *pp = &s->params[i];

		free(pp->name);
		free(pp->ctype);
		free(pp->desc);
		free_expr(&pp->flags);
		free_expr(&pp->min);
		free_expr(&pp->max);
		free_expr(&pp->mask);
		free_expr(&pp->align);
		for (j = 0; j < pp->n_values; j++)
			free_expr(&pp->values[j]);
		free(pp->values);
	}
	free(s->params);
	for (i = 0; i < s->n_errors; i++) {
		free(s->errors[i].name);
		free(s->errors[i].condition);
		free(s->errors[i].desc);
	}
	free(s->errors);
	for (i = 0; i < s->n_locks; i++) {
		free(s->locks[i].name);
		free(s->locks[i].desc);
	}
	free(s->locks);
	for (i = 0; i < s->n_signals; i++) {
		free(s->signals[i].name);
		free(s->signals[i].condition);
		free(s->signals[i].desc);
		free(s->signals[i].error_name);
	}
	free(s->signals);
	for (i = 0; i < s->n_effects; i++) {
		free(s->effects[i].target);
		free(s->effects[i].condition);
		free(s->effects[i].desc);
		free_expr(&s->effects[i].kinds);
	}
	free(s->effects);
	for (i = 0; i < s->n_transitions; i++) {
		free(s->transitions[i].object);
		free(s->transitions[i].from);
		free(s->transitions[i].to);
		free(s->transitions[i].condition);
		free(s->transitions[i].desc);
	}
	free(s->transitions);
	for (i = 0; i < s->n_caps; i++) {
		free(s->caps[i].name);
		free(s->caps[i].allows);
		free(s->caps[i].without);
		free(s->caps[i].condition);
	}
	free(s->caps);
	for (i = 0; i < s->n_constraints; i++) {
		free(s->constraints[i].name);
		free(s->constraints[i].desc);
		free(s->constraints[i].expr);
	}
	free(s->constraints);
	for (i = 0; i < s->n_items; i++)
		free(s->items[i].text);
	free(s->items);
	free(s->ret.desc);
	free(s->ret.ctype);
	free_expr(&s->ret.min);
	free_expr(&s->ret.max);
	free_expr(&s->context);
	free(s->name);
	free(s->doc_name);
	free(s->ident);
	free(s->summary);
	free(s->desc);
	free(s->examples);
	free(s->notes);
	free(s->since);
	memset(s, 0, sizeof(*s));
}

void kapi_file_free(struct kapi_file *file)
{
	unsigned int i;

	if (!file)
		return;
	for (i = 0; i < file->n_specs; i++)
		free_spec(&file->specs[i]);
	free(file->specs);
	free(file->path);
	free(file);
}

/* ------------------------------------------------------------------ */
/* the model as the kernel would hold it                               */

struct kapi_spec *kapi_spec_build(const struct kapi_parsed_spec *ps,
				  const char *file)
{
	struct kapi_spec *s = calloc(1, sizeof(*s));
	struct kapi_param *params;
	struct kapi_error *errors;
	struct kapi_lock *locks;
	struct kapi_signal *signals;
	struct kapi_effect *effects;
	struct kapi_transition *trans;
	struct kapi_capability *caps;
	struct kapi_constraint *cons;
	struct kapi_item *items;
	unsigned int i, j;

	if (!s)
		return NULL;
	s->name = ps->name;
	s->summary = ps->summary;
	s->desc = ps->desc;
	s->examples = ps->examples;
	s->notes = ps->notes;
	s->since = ps->since;
	s->file = file;
	s->line = ps->line;
	s->kind = ps->kind;
	s->context = (u32)ps->context.value;
	s->nr = ps->kind == KAPI_KIND_SYSCALL ? kapi_syscall_nr(ps->name) : -1;

	params = calloc(ps->n_params + 1, sizeof(*params));
	errors = calloc(ps->n_errors + 1, sizeof(*errors));
	locks = calloc(ps->n_locks + 1, sizeof(*locks));
	signals = calloc(ps->n_signals + 1, sizeof(*signals));
	effects = calloc(ps->n_effects + 1, sizeof(*effects));
	trans = calloc(ps->n_transitions + 1, sizeof(*trans));
	caps = calloc(ps->n_caps + 1, sizeof(*caps));
	cons = calloc(ps->n_constraints + 1, sizeof(*cons));
	items = calloc(ps->n_items + 1, sizeof(*items));
	s->params = params;
	s->errors = errors;
	s->locks = locks;
	s->signals = signals;
	s->effects = effects;
	s->transitions = trans;
	s->caps = caps;
	s->constraints = cons;
	s->items = items;
	if (!params || !errors || !locks || !signals || !effects || !trans ||
	    !caps || !cons || !items) {
		kapi_spec_free(s);
		return NULL;
	}

	for (i = 0; i < ps->n_params; i++) {
		const struct kapi_parsed_param *pp = &ps->params[i];
		struct kapi_param *kp = &params[i];

		kp->name = pp->name;
		kp->ctype = pp->ctype;
		kp->desc = pp->desc;
		kp->type = pp->type;
		kp->flags = (u8)pp->flags.value;
		kp->constraint = pp->constraint;
		kp->size_param = pp->size_param;
		switch (pp->constraint) {
		case KAPI_CONSTRAINT_RANGE:
			kp->ext.min = (s64)pp->min.value;
			kp->ext.max = (s64)pp->max.value;
			break;
		case KAPI_CONSTRAINT_MASK:
			kp->ext.mask = pp->mask.value;
			break;
		case KAPI_CONSTRAINT_ALIGNMENT:
			kp->ext.align = pp->align.value;
			break;
		case KAPI_CONSTRAINT_ENUM: {
			s64 *v = calloc(pp->n_values + 1, sizeof(*v));

			if (!v) {
				s->n_params = i;
				kapi_spec_free(s);
				return NULL;
			}
			for (j = 0; j < pp->n_values; j++)
				v[j] = (s64)pp->values[j].value;
			kp->ext.values = v;
			kp->n_values = pp->n_values;
			break;
		}
		}
	}
	s->n_params = ps->n_params;

	for (i = 0; i < ps->n_errors; i++) {
		errors[i].name = ps->errors[i].name;
		errors[i].condition = ps->errors[i].condition;
		errors[i].desc = ps->errors[i].desc;
		errors[i].error = ps->errors[i].value;
		if (ps->errors[i].value < KAPI_ERRNO_MAP_BITS)
			s->errno_map[ps->errors[i].value / 64] |=
				1ULL << (ps->errors[i].value % 64);
	}
	s->n_errors = ps->n_errors;

	for (i = 0; i < ps->n_locks; i++) {
		locks[i].name = ps->locks[i].name;
		locks[i].desc = ps->locks[i].desc;
		locks[i].kind = ps->locks[i].kind;
		locks[i].acquired = ps->locks[i].acquired;
		locks[i].released = ps->locks[i].released;
	}
	s->n_locks = ps->n_locks;

	for (i = 0; i < ps->n_signals; i++) {
		signals[i].name = ps->signals[i].name;
		signals[i].condition = ps->signals[i].condition;
		signals[i].desc = ps->signals[i].desc;
		signals[i].error = ps->signals[i].error;
		signals[i].direction = ps->signals[i].direction;
		signals[i].action = ps->signals[i].action;
		signals[i].timing = ps->signals[i].timing;
		signals[i].restartable = ps->signals[i].restartable;
	}
	s->n_signals = ps->n_signals;

	for (i = 0; i < ps->n_effects; i++) {
		effects[i].target = ps->effects[i].target;
		effects[i].condition = ps->effects[i].condition;
		effects[i].desc = ps->effects[i].desc;
		effects[i].kinds = (u32)ps->effects[i].kinds.value;
		effects[i].reversible = ps->effects[i].reversible;
	}
	s->n_effects = ps->n_effects;

	for (i = 0; i < ps->n_transitions; i++) {
		trans[i].object = ps->transitions[i].object;
		trans[i].from = ps->transitions[i].from;
		trans[i].to = ps->transitions[i].to;
		trans[i].condition = ps->transitions[i].condition;
		trans[i].desc = ps->transitions[i].desc;
	}
	s->n_transitions = ps->n_transitions;

	for (i = 0; i < ps->n_caps; i++) {
		caps[i].name = ps->caps[i].name;
		caps[i].allows = ps->caps[i].allows;
		caps[i].without = ps->caps[i].without;
		caps[i].condition = ps->caps[i].condition;
		caps[i].cap = ps->caps[i].cap;
		caps[i].kind = ps->caps[i].kind;
	}
	s->n_caps = ps->n_caps;

	for (i = 0; i < ps->n_constraints; i++) {
		cons[i].name = ps->constraints[i].name;
		cons[i].desc = ps->constraints[i].desc;
		cons[i].expr = ps->constraints[i].expr;
	}
	s->n_constraints = ps->n_constraints;

	for (i = 0; i < ps->n_items; i++) {
		items[i].text = ps->items[i].text;
		items[i].number = ps->items[i].number;
		items[i].kind = ps->items[i].kind;
	}
	s->n_items = ps->n_items;

	s->ret.desc = ps->ret.desc;
	s->ret.type = ps->ret.type;
	s->ret.check = ps->ret.check;
	s->ret.success_min = (s64)ps->ret.min.value;
	s->ret.success_max = (s64)ps->ret.max.value;
	return s;
}

void kapi_spec_free(struct kapi_spec *spec)
{
	unsigned int i;

	if (!spec)
		return;
	for (i = 0; spec->params && i < spec->n_params; i++)
		if (spec->params[i].constraint == KAPI_CONSTRAINT_ENUM)
			free((void *)spec->params[i].ext.values);
	free((void *)spec->params);
	free((void *)spec->errors);
	free((void *)spec->locks);
	free((void *)spec->signals);
	free((void *)spec->effects);
	free((void *)spec->transitions);
	free((void *)spec->caps);
	free((void *)spec->constraints);
	free((void *)spec->items);
	free(spec);
}
