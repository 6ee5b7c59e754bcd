// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_scan.c - find comments in C and cut kernel-doc ones into raw blocks
 *
 * Per kernel-doc comment of a C file:
 *   1. split the comment into lines and those into raw blocks: a top-level
 *      key at indentation 0, its sub-keys at indentation 2, deeper lines
 *      continuing the value before them ("raw" = nothing interpreted yet);
 *   2. say what the comment is: a spec (it carries a spec-only key), a
 *      DOC: comment of shared: groups, or neither, so that ordinary
 *      kernel-doc never produces a diagnostic.
 * Problems found while reading are held back in the comment until the
 * interpreter knows it is a spec, then reported with the line they were
 * written on. Nothing here interprets a value: that is kapi_spec.c's job,
 * which the driver (kapi_parse.c) calls with what this file read.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kapi_internal.h"

/* ------------------------------------------------------------------ */
/* the annotation keys                                                 */

static const char *const sub_param[] = {
	"type", "flags", "constraint-type", "range", "valid-mask", "enum",
	"align", "size-param", "cdesc", "error", "error-above", "fd-modes",
	"values", "others", "struct", NULL,
};

static const char *const sub_return[] = {
	"type", "check-type", "success", "desc", NULL,
};

/* The sub-keys of a list section: its SUB and OWN fields. */
#define SUBKEY_SRC_SUB(k)	k,
#define SUBKEY_SRC_OWN(k)	k,
#define SUBKEY_SRC_AT_HEAD
#define SUBKEY_SRC_DERIVED
#define SUBKEY(type, ctype, mem, shp, lst, js, cmp, src, shw)	SUBKEY_SRC_##src

static const char *const sub_error[] = { KAPI_ERROR_FIELDS(SUBKEY) NULL };

static const char *const sub_lock[] = { KAPI_LOCK_FIELDS(SUBKEY) NULL };

static const char *const sub_signal[] = { KAPI_SIGNAL_FIELDS(SUBKEY) NULL };

static const char *const sub_effect[] = { KAPI_EFFECT_FIELDS(SUBKEY) NULL };

static const char *const sub_transition[] = {
	KAPI_TRANSITION_FIELDS(SUBKEY) NULL
};

static const char *const sub_capability[] = {
	KAPI_CAPABILITY_FIELDS(SUBKEY) NULL
};

static const char *const sub_constraint[] = {
	KAPI_CONSTRAINT_FIELDS(SUBKEY) NULL
};

static const char *const sub_variant[] = { KAPI_VARIANT_FIELDS(SUBKEY) NULL };

static const struct keydef {
	const char *name;
	enum kapi_key key;
	const char *const *sub;	/* sub-keys; NULL: free text below */
	enum kapi_text_mode mode;
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
	{ "state-trans", K_TRANSITION, sub_transition, TM_JOIN, true, false },
	{ "capability", K_CAPABILITY, sub_capability, TM_JOIN, true, false },
	{ "constraint", K_CONSTRAINT, sub_constraint, TM_JOIN, true, false },
	{ "variant", K_VARIANT, sub_variant, TM_JOIN, true, false },
	{ "examples", K_EXAMPLES, NULL, TM_LINES, false, true },
	{ "notes", K_NOTES, NULL, TM_JOIN, false, true },
	{ "long-desc", K_LONGDESC, NULL, TM_JOIN, true, true },
	{ "since-version", K_SINCE, NULL, TM_JOIN, true, true },
	{ "check-order", K_ORDER, NULL, TM_JOIN, false, true },
	{ "not-returned", K_UNRETURNED, NULL, TM_JOIN, false, false },
	/* one "NAME: meaning" line per value: the line breaks matter */
	{ "value-set", K_VALUESET, NULL, TM_LINES, false, false },
	{ "struct-layout", K_LAYOUT, NULL, TM_LINES, false, false },
	/* entries a DOC: comment holds for the specs of its file */
	{ "shared", K_SHARED, NULL, TM_JOIN, false, false },
	{ "use", K_USE_SHARED, NULL, TM_JOIN, true, false },
};

static const struct keydef *keydef_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < KAPI_ARRAY_SIZE(keydefs); i++)
		if (!strcmp(keydefs[i].name, name))
			return &keydefs[i];
	return NULL;
}

static const struct keydef *keydef_by_key(enum kapi_key k)
{
	size_t i;

	for (i = 0; i < KAPI_ARRAY_SIZE(keydefs); i++)
		if (keydefs[i].key == k)
			return &keydefs[i];
	return NULL;
}

/*
 * "<list>-count:" of a section that repeats (param-count: 2): the
 * original series wrote the number of entries; it is taken and checked.
 */
static const struct keydef *list_count(const char *key)
{
	size_t n = strlen(key), i;

	if (n <= 6 || strcmp(key + n - 6, "-count"))
		return NULL;
	for (i = 0; i < KAPI_ARRAY_SIZE(keydefs); i++)
		if (!keydefs[i].once && keydefs[i].sub &&
		    strlen(keydefs[i].name) == n - 6 &&
		    !strncmp(keydefs[i].name, key, n - 6))
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

static void __printf(3, 4)
defer(struct kapi_comment *c, unsigned int line, const char *fmt, ...)
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

static void set_acc(struct kapi_comment *c, struct kapi_sbuf *b, bool *pending,
		    enum kapi_text_mode mode, unsigned int base)
{
	c->acc = b;
	c->acc_pending = pending;
	c->acc_mode = mode;
	c->acc_base = base;
}

static void acc_add(struct kapi_comment *c, const struct kapi_cline *l)
{
	struct kapi_sbuf *b = c->acc;
	unsigned int i;

	if (!b)
		return;
	if (b->len) {
		if (*c->acc_pending)
			kapi_sbuf_adds(b, "\n\n");
		else if (c->acc_mode == TM_LINES)
			kapi_sbuf_addc(b, '\n');
		else if (!(b->len >= 2 && b->s[b->len - 1] == '-' &&
			   kapi_is_ident_start((unsigned char)b->s[b->len - 2]) &&
			   l->text[0] >= 'a' && l->text[0] <= 'z'))
			kapi_sbuf_addc(b, ' ');	/* "lowest-" "numbered" joins */
	}
	*c->acc_pending = false;
	/* examples: keep code indented past the block's own indentation */
	if (c->acc_mode == TM_LINES && b->len)
		for (i = c->acc_base; i < l->indent; i++)
			kapi_sbuf_addc(b, ' ');
	kapi_sbuf_adds(b, l->text);
}

static struct kapi_raw_block *new_block(struct kapi_comment *c, enum kapi_key k,
					unsigned int line)
{
	struct kapi_raw_block *b = kapi_xmalloc(sizeof(*b));

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

static void free_block(struct kapi_raw_block *b)
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
static enum kapi_key match_list_header(const char *key, char **who)
{
	static const struct {
		const char *suffix;
		enum kapi_key k;
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

static bool list_name_ok(const struct kapi_comment *c, const char *who)
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
static void plain_line(struct kapi_comment *c, const struct kapi_cline *l)
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

static void top_line(struct kapi_comment *c, const struct kapi_cline *l)
{
	const struct keydef *kd;
	const struct keydef *count_of;
	const char *instead;
	struct kapi_raw_block *b;
	const char *value;
	char *key, *who = NULL;
	enum kapi_key lk;

	/* numbered items of the list being read */
	if (c->cur && (c->cur->key == K_BEHAVIOR || c->cur->key == K_USE)) {
		unsigned int number;
		bool too_big;
		const char *text = match_item(l->text, &number, &too_big);

		if (text) {
			struct kapi_raw_item *it = kapi_xmalloc(sizeof(*it));

			memset(it, 0, sizeof(*it));
			it->number = too_big ? 65536 : number;
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
				struct kapi_cline t = *l;

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
	count_of = kd || lk != K_NONE ? NULL : list_count(key);
	if (count_of) {
		b = new_block(c, K_COUNT, l->line);
		b->name = kapi_xstrdup(count_of->name);
		kapi_sbuf_adds(&b->head, value);
		set_acc(c, &b->head, &b->head_pending, TM_JOIN, 2);
	} else if (kd) {
		b = new_block(c, kd->key, l->line);
		b->name = kapi_xstrdup(kd->name);
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
		const char *names[KAPI_ARRAY_SIZE(keydefs)], *near;
		size_t k;

		for (k = 0; k < KAPI_ARRAY_SIZE(keydefs); k++)
			names[k] = keydefs[k].name;
		near = kapi_closest(key, names, KAPI_ARRAY_SIZE(keydefs));
		instead = kapi_seed_instead(NULL, key);
		if (instead)
			defer(c, l->line, "'%s:' is not a key here: %s", key, instead);
		else if (near)
			defer(c, l->line, "unknown annotation key '%s:'; did you mean '%s:'?",
			      key, near);
		else
			defer(c, l->line,
			      "unknown annotation key '%s:' (see Documentation/dev-tools/kapi.rst for the keys)",
			      key);
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

static void indented_line(struct kapi_comment *c, const struct kapi_cline *l)
{
	struct kapi_raw_block *b = c->cur;
	const struct keydef *kd;
	const char *value;
	char *key;

	if (!b)
		return;
	kd = keydef_by_key(b->key);
	/*
	 * A kernel-doc "@name:" line may carry its parameter's sub-keys, as a
	 * param: block would: a line that starts with one of them, indented
	 * by two, begins the annotation; any other line is the description.
	 */
	if (b->key == K_ATPARAM) {
		kd = keydef_by_key(K_PARAM);
		key = split_key(l->text, &value, true);
		if (!key || l->indent != 2 || !is_sub(kd->sub, key))
			kd = NULL;
		free(key);
	}
	if (kd && kd->sub) {
		key = split_key(l->text, &value, true);
		if (key && l->indent == 2) {
			unsigned int i;

			if (!is_sub(kd->sub, key)) {
				char valid[256];
				const char *near = kapi_closest(key, kd->sub, 99);
				const char *instead = kapi_seed_instead(kd->name, key);

				list_names(valid, sizeof(valid), kd->sub);
				if (instead)
					defer(c, l->line,
					      "'%s:' is not a sub-key of %s: here: %s",
					      key, kd->name, instead);
				else if (near)
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
static void split_lines(struct kapi_comment *c, const char *s, size_t n,
			unsigned int first_line)
{
	size_t i = 0, cap = 16, need = n + 1;
	char *out;
	size_t o = 0;

	/* room for the text, a NUL per line and tab expansion */
	for (i = 0; i < n; i++)
		need += s[i] == '\t' ? 8 : s[i] == '\n';
	i = 0;
	out = kapi_xmalloc(need);
	c->storage = out;
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
static void parse_header(struct kapi_comment *c, const struct kapi_cline *l)
{
	const char *s = l->text, *name;
	size_t n;

	c->header_line = l->line;
	if (!strncmp(s, "function ", 9))
		s += 9;
	if (!strncmp(s, "struct ", 7) || !strncmp(s, "union ", 6) ||
	    !strncmp(s, "enum ", 5) || !strncmp(s, "typedef ", 8) ||
	    !strncmp(s, "DOC:", 4)) {
		c->type_doc = true;
		c->doc_section = !strncmp(s, "DOC:", 4);
		return;
	}
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

static void read_comment(struct kapi_comment *c)
{
	unsigned int i;
	bool header = false;

	for (i = 0; i < c->n_lines; i++) {
		const struct kapi_cline *l = &c->lines[i];

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

/*
 * Does block @b of a key with sub-keys read as an annotation rather than
 * as a sentence that starts with the key ("side-effect: the driver is
 * set")? It has sub-keys, or its value starts as the key's values do: a
 * KAPI_* or CAP_* name, or one word (a parameter, an errno before its
 * comma, a lock).
 */
static bool block_in_form(const struct kapi_raw_block *b,
			  const struct keydef *kd)
{
	const char *h = b->head.s ? b->head.s : "";
	size_t n = 0;

	if (b->key == K_USE_SHARED) {
		/* "use: NAME" or "use: NAME [CMD, ...]", not a sentence */
		while (kapi_is_ident_char((unsigned char)h[n]))
			n++;
		return n && (h[n] == '\0' || !strncmp(h + n, " [", 2));
	}
	if (!kd->sub || b->n_kv)
		return true;
	if (!strncmp(h, "KAPI_", 5) || !strncmp(h, "CAP_", 4))
		return true;
	while (kapi_is_ident_char((unsigned char)h[n]))
		n++;
	return n && (h[n] == '\0' || h[n] == ',');
}

/*
 * A spec is a function's kernel-doc with at least one annotation in form;
 * the kernel-doc of a type (whose members may be called lock:) never is.
 */
static bool comment_is_spec(const struct kapi_comment *c)
{
	unsigned int i;

	if (c->type_doc)
		return false;
	for (i = 0; i < c->n_blocks; i++) {
		const struct kapi_raw_block *b = c->blocks[i];
		const struct keydef *kd = keydef_by_key(b->key);

		if (kd && kd->marker && block_in_form(b, kd))
			return true;
		/* a parameter annotated on its kernel-doc line */
		if (b->key == K_ATPARAM && b->n_kv)
			return true;
		if ((b->key == K_BEHAVIOR || b->key == K_USE) && b->marker)
			return true;
	}
	return false;
}

/* A DOC: comment whose first annotation is a shared: group. */
static bool comment_is_shared(const struct kapi_comment *c)
{
	unsigned int i;

	if (!c->doc_section)
		return false;
	for (i = 0; i < c->n_blocks; i++) {
		if (c->blocks[i]->key == K_TEXT)
			continue;
		return c->blocks[i]->key == K_SHARED;
	}
	return false;
}

void kapi_comment_release(struct kapi_comment *c)
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

void kapi_scan_comments(const char *b, size_t n, kapi_comment_fn *fn,
			void *data)
{
	struct kapi_source_comment sc;
	size_t i = 0;
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
			size_t j = i;
			unsigned int l = line;

			memset(&sc, 0, sizeof(sc));
			sc.start = i;
			sc.line = line;
			sc.line_comment = true;
			/* a run of such lines, blank lines between them included */
			for (;;) {
				while (j < n && b[j] != '\n')
					j++;
				sc.close = j;
				sc.end_line = l;
				while (j < n && (b[j] == '\n' || b[j] == ' ' ||
						 b[j] == '\t'))
					l += b[j++] == '\n';
				if (!(j + 1 < n && b[j] == '/' && b[j + 1] == '/'))
					break;
			}
			sc.end = sc.close;
			fn(&sc, data);
			i = sc.end;
			line = sc.end_line;
		} else if (ch == '/' && i + 1 < n && b[i + 1] == '*') {
			size_t j = i + 2;

			memset(&sc, 0, sizeof(sc));
			sc.start = i;
			sc.line = line;
			/* a lone slash-star-star on its line opens kernel-doc */
			if (j < n && b[j] == '*' && !(j + 1 < n && b[j + 1] == '/')) {
				size_t k = j + 1;

				while (k < n && (b[k] == ' ' || b[k] == '\t'))
					k++;
				sc.kernel_doc = k >= n || b[k] == '\n';
			}
			while (j + 1 < n && !(b[j] == '*' && b[j + 1] == '/')) {
				if (b[j] == '\n')
					line++;
				j++;
			}
			sc.closed = j + 1 < n;
			sc.close = sc.closed ? j : n;
			sc.end = sc.closed ? j + 2 : n;
			sc.end_line = line;
			fn(&sc, data);
			i = sc.end;
		} else {
			i++;
		}
	}
}

enum kapi_comment_kind kapi_comment_read(struct kapi_parser *p,
					 const struct kapi_source_comment *sc,
					 struct kapi_comment *c)
{
	size_t body;

	memset(c, 0, sizeof(*c));
	if (!sc->kernel_doc)
		return KAPI_COMMENT_OTHER;
	/* the body starts on the line after the opening marker */
	body = sc->start + 3;
	while (body < sc->close && p->buf[body] != '\n')
		body++;
	if (body < sc->close)
		body++;
	else
		body = sc->close;
	c->p = p;
	c->end = sc->end;
	c->line = sc->line;
	c->end_line = sc->end_line;
	split_lines(c, p->buf + body, sc->close - body, sc->line + 1);
	read_comment(c);
	if (comment_is_spec(c))
		return KAPI_COMMENT_SPEC;
	if (comment_is_shared(c))
		return KAPI_COMMENT_SHARED;
	return KAPI_COMMENT_OTHER;
}
