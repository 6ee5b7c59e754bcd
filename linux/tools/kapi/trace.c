// SPDX-License-Identifier: GPL-2.0
/*
 * kapi trace [spec NAME]... PATH...: which tests verify which numbered
 * behaviours.
 *
 * The behaviours come from the kernel-doc of the C files given, through
 * the parser the build uses (scripts/kapi): behaviour N of read_mem is
 * "read_mem.N", constraint of use N is "read_mem.cN". A test cites what it
 * verifies in a comment just above its function:
 *
 *	 * Verifies: read_mem.2#5c04e1 read_mem.8#0a7d39
 *
 * Each citation carries a fingerprint of the item's text: the low 24 bits
 * of the 32-bit FNV-1a hash of the text with runs of white space made one
 * space, as six hex digits. The fingerprint is what catches renumbering:
 * when items are renumbered or rewritten, the number a test cites no longer
 * has the text the test was written against, and the fingerprint says
 * where that text went, if anywhere.
 *
 * Problems are reported as "file:line: error: ..." on stderr, all of them,
 * and make the exit status KAPI_EXIT_TRACE:
 *  - a behaviour of a checked spec that no test cites (every spec with
 *    behaviours, or only those named by "spec NAME");
 *  - a citation of an item that does not exist;
 *  - a citation whose fingerprint is another item's (renumbered) or no
 *    item's (text changed: review the test, then update the fingerprint);
 *  - a citation without a fingerprint, or not followed by a function;
 *  - a citing function missing from the file's KUNIT_CASE() table.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kapi_parse.h"
#include "main.h"
#include "model.h"

#define TRACE_TAG	"Verifies:"

struct trace_id {
	char *id;		/* "read_mem.3", "read_mem.c1" */
	const char *spec;
	const char *text;
	const char *file;
	unsigned int line;
	unsigned int fp;	/* fingerprint of text */
	int kind;		/* enum kapi_item_kind */
	bool required;		/* a behaviour of a checked spec */
	unsigned int n_tests;
};

struct trace_cite {
	char *id;
	unsigned int fp;
	bool has_fp;
	unsigned int line;
	int target;		/* index in ids[], -1 if none */
};

struct trace_test {
	char *name;
	const char *file;
	unsigned int line;	/* of the Verifies: tag */
	struct trace_cite *cites;
	unsigned int n_cites;
};

struct trace_problem {
	char *kind;		/* uncovered, dangling, renumbered, ... */
	char *file;
	unsigned int line;
	char *id;
	char *message;
};

struct trace {
	struct kapi_file **files;
	unsigned int n_files;
	struct trace_id *ids;
	unsigned int n_ids;
	struct trace_test *tests;
	unsigned int n_tests;
	struct trace_problem *problems;
	unsigned int n_problems;
	char **only;		/* "spec NAME" names */
	unsigned int n_only;
	char **registered;	/* KUNIT_CASE() names, per file while scanning */
	unsigned int n_registered;
	unsigned int n_parse_errors;
	int ret;
};

static void *xrealloc(struct trace *t, void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q) {
		p_err("out of memory");
		exit(KAPI_EXIT_INTERNAL);
	}
	(void)t;
	return q;
}

static char *xstrndup(const char *s, size_t n)
{
	char *d = strndup(s, n);

	if (!d) {
		p_err("out of memory");
		exit(KAPI_EXIT_INTERNAL);
	}
	return d;
}

static char *xasprintf(const char *fmt, ...) __printf(1, 2);
static char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0) {
		p_err("out of memory");
		exit(KAPI_EXIT_INTERNAL);
	}
	return s;
}

static void problem(struct trace *t, const char *kind, const char *file,
		    unsigned int line, const char *id, char *message)
{
	struct trace_problem *p;

	t->problems = xrealloc(t, t->problems,
			       (t->n_problems + 1) * sizeof(*t->problems));
	p = &t->problems[t->n_problems++];
	p->kind = xstrndup(kind, strlen(kind));
	p->file = xstrndup(file, strlen(file));
	p->line = line;
	p->id = id ? xstrndup(id, strlen(id)) : NULL;
	p->message = message;
	fprintf(stderr, "%s:%u: error: %s\n", file, line, message);
}

/* FNV-1a over @s with white space runs made one space, ends trimmed */
static unsigned int fingerprint(const char *s)
{
	uint32_t h = 2166136261u;
	bool space = false, any = false;

	for (; s && *s; s++) {
		if (isspace((unsigned char)*s)) {
			space = any;
			continue;
		}
		if (space) {
			h = (h ^ ' ') * 16777619u;
			space = false;
		}
		h = (h ^ (unsigned char)*s) * 16777619u;
		any = true;
	}
	return h & 0xffffff;
}

static bool spec_checked(const struct trace *t, const char *name)
{
	unsigned int i;

	if (!t->n_only)
		return true;
	for (i = 0; i < t->n_only; i++)
		if (!strcmp(t->only[i], name))
			return true;
	return false;
}

static int find_id(const struct trace *t, const char *id)
{
	unsigned int i;

	for (i = 0; i < t->n_ids; i++)
		if (!strcmp(t->ids[i].id, id))
			return i;
	return -1;
}

/* The item of the same spec whose text has fingerprint @fp, or -1. */
static int find_fp(const struct trace *t, const char *id, unsigned int fp)
{
	size_t n = strrchr(id, '.') - id;
	unsigned int i;

	for (i = 0; i < t->n_ids; i++)
		if (t->ids[i].fp == fp && strlen(t->ids[i].spec) == n &&
		    !strncmp(t->ids[i].spec, id, n))
			return i;
	return -1;
}

static void add_specs(struct trace *t, struct kapi_file *f)
{
	unsigned int i, j;

	for (i = 0; i < f->n_specs; i++) {
		const struct kapi_parsed_spec *s = &f->specs[i];

		for (j = 0; j < s->n_items; j++) {
			const struct kapi_parsed_item *it = &s->items[j];
			struct trace_id *d;
			char *id;

			id = xasprintf("%s.%s%u", s->name,
				       it->k.kind == KAPI_ITEM_CONSTRAINT_OF_USE ?
				       "c" : "", it->k.number);
			if (find_id(t, id) >= 0) {
				problem(t, "duplicate", f->path, it->line, id,
					xasprintf("%s is defined twice", id));
				free(id);
				continue;
			}
			t->ids = xrealloc(t, t->ids,
					  (t->n_ids + 1) * sizeof(*t->ids));
			d = &t->ids[t->n_ids++];
			memset(d, 0, sizeof(*d));
			d->id = id;
			d->spec = s->name;
			d->text = it->k.text;
			d->file = f->path;
			d->line = it->line;
			d->fp = fingerprint(it->k.text);
			d->kind = it->k.kind;
			d->required = it->k.kind == KAPI_ITEM_BEHAVIOR &&
				      spec_checked(t, s->name);
		}
	}
}

/* --- citations ---------------------------------------------------------- */

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0, n = 0, r;

	if (!f)
		return NULL;
	do {
		if (cap - n < 4096) {
			cap = cap ? cap * 2 : 65536;
			buf = realloc(buf, cap + 1);
			if (!buf) {
				p_err("out of memory");
				exit(KAPI_EXIT_INTERNAL);
			}
		}
		r = fread(buf + n, 1, cap - n, f);
		n += r;
	} while (r);
	if (ferror(f)) {
		free(buf);
		buf = NULL;
	} else {
		buf[n] = '\0';
		*len = n;
	}
	fclose(f);
	return buf;
}

static unsigned int line_of(const char *buf, const char *p)
{
	unsigned int line = 1;

	for (; buf < p; buf++)
		line += *buf == '\n';
	return line;
}

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

/* The name of the function defined on the first non-blank line at @p. */
static char *next_function(const char *p)
{
	const char *eol, *paren, *end, *start;

	while (*p && isspace((unsigned char)*p))
		p++;
	eol = strchr(p, '\n');
	if (!eol)
		eol = p + strlen(p);
	paren = memchr(p, '(', eol - p);
	/* a definition, not a declaration, call or initializer */
	if (!paren || memchr(p, ';', eol - p) || memchr(p, '=', paren - p) ||
	    *p == '#' || isspace((unsigned char)*p))
		return NULL;
	end = paren;
	while (end > p && isspace((unsigned char)end[-1]))
		end--;
	start = end;
	while (start > p && is_ident((unsigned char)start[-1]))
		start--;
	if (start == end || isdigit((unsigned char)*start))
		return NULL;
	return xstrndup(start, end - start);
}

/*
 * One comment line's citations: @p .. @e is the text after the tag or a
 * continuation line. Returns false when the line holds something that is
 * not a citation (which ends a continuation).
 */
static bool parse_cites(struct trace *t, struct trace_test *test,
			const char *path, unsigned int line, const char *p,
			const char *e, bool continuation)
{
	bool first = true;

	for (; p < e; first = false) {
		const char *tok, *hash;
		struct trace_cite *c;
		size_t n;

		while (p < e && (isspace((unsigned char)*p) || *p == ','))
			p++;
		if (p >= e)
			return !first || !continuation;
		tok = p;
		while (p < e && !isspace((unsigned char)*p) && *p != ',')
			p++;
		n = p - tok;
		hash = memchr(tok, '#', n);
		if (!looks_like_id(tok, hash ? (size_t)(hash - tok) : n)) {
			/* prose after the list ends it */
			if (continuation && first)
				return false;
			problem(t, "syntax", path, line, NULL,
				xasprintf("'%.*s' is not a behaviour ID (write name.N#fingerprint)",
					  (int)n, tok));
			continue;
		}
		test->cites = xrealloc(t, test->cites, (test->n_cites + 1) *
				       sizeof(*test->cites));
		c = &test->cites[test->n_cites++];
		memset(c, 0, sizeof(*c));
		c->line = line;
		c->target = -1;
		if (hash) {
			char *endp;

			c->id = xstrndup(tok, hash - tok);
			errno = 0;
			c->fp = strtoul(hash + 1, &endp, 16);
			c->has_fp = endp == p && p - hash == 7 && !errno;
			if (!c->has_fp)
				problem(t, "syntax", path, line, c->id,
					xasprintf("%s: the fingerprint must be six hex digits, not '%.*s'",
						  c->id, (int)(p - hash - 1),
						  hash + 1));
		} else {
			c->id = xstrndup(tok, n);
		}
	}
	return true;
}

/*
 * One comment [@s, @e): its Verifies: tag, if any, makes a test of the
 * function defined right after the comment, at @after.
 */
static void scan_comment(struct trace *t, const char *path, const char *buf,
			 const char *s, const char *e, const char *after)
{
	struct trace_test test = { 0 };
	const char *p = s, *tag = NULL;
	bool in_tag = false;

	while (p < e) {
		const char *eol = memchr(p, '\n', e - p), *q = p;

		if (!eol)
			eol = e;
		while (q < eol && (isspace((unsigned char)*q) || *q == '*' ||
				   *q == '/'))
			q++;
		if (!strncmp(q, TRACE_TAG, strlen(TRACE_TAG)) &&
		    q + strlen(TRACE_TAG) <= eol) {
			if (tag)
				problem(t, "syntax", path, line_of(buf, q),
					NULL, xasprintf("second '%s' in one comment",
							TRACE_TAG));
			tag = q;
			in_tag = true;
			parse_cites(t, &test, path, line_of(buf, q),
				    q + strlen(TRACE_TAG), eol, false);
		} else if (in_tag) {
			in_tag = q < eol && parse_cites(t, &test, path,
							line_of(buf, q), q,
							eol, true);
		}
		p = eol + 1;
	}
	if (!tag)
		return;
	test.file = path;
	test.line = line_of(buf, tag);
	test.name = next_function(after);
	if (!test.name) {
		problem(t, "syntax", path, test.line, NULL,
			xasprintf("'%s' must be in the comment just above the test function",
				  TRACE_TAG));
		test.name = xstrndup("?", 1);
	}
	if (!test.n_cites)
		problem(t, "syntax", path, test.line, NULL,
			xasprintf("'%s' names no behaviour", TRACE_TAG));
	t->tests = xrealloc(t, t->tests, (t->n_tests + 1) * sizeof(*t->tests));
	t->tests[t->n_tests++] = test;
}

/* KUNIT_CASE(name), KUNIT_CASE_SLOW(name), KUNIT_CASE_PARAM(name, ...) */
static void scan_cases(struct trace *t, const char *buf)
{
	const char *p = buf;

	while ((p = strstr(p, "KUNIT_CASE"))) {
		const char *q = p + strlen("KUNIT_CASE"), *n;

		p = q;
		while (*q == '_' || isupper((unsigned char)*q))
			q++;
		while (isspace((unsigned char)*q))
			q++;
		if (*q++ != '(')
			continue;
		while (isspace((unsigned char)*q))
			q++;
		for (n = q; is_ident((unsigned char)*n); n++)
			;
		if (n == q)
			continue;
		t->registered = xrealloc(t, t->registered,
					 (t->n_registered + 1) *
					 sizeof(*t->registered));
		t->registered[t->n_registered++] = xstrndup(q, n - q);
	}
}

static bool registered(const struct trace *t, const char *name)
{
	unsigned int i;

	for (i = 0; i < t->n_registered; i++)
		if (!strcmp(t->registered[i], name))
			return true;
	return false;
}

static void scan_file(struct trace *t, const char *path)
{
	unsigned int first = t->n_tests, i, n_before = t->n_registered;
	const char *p, *e;
	size_t len;
	char *buf;

	buf = read_all(path, &len);
	if (!buf) {
		p_err("%s: %s", path, strerror(errno));
		t->ret = KAPI_EXIT_NO_FILE;
		return;
	}
	for (p = buf; *p; p++) {
		if (*p == '"' || *p == '\'') {
			char q = *p;

			for (p++; *p && *p != q && *p != '\n'; p++)
				if (*p == '\\' && p[1])
					p++;
			if (!*p)
				break;
		} else if (p[0] == '/' && p[1] == '*') {
			e = strstr(p + 2, "*/");
			if (!e)
				break;
			scan_comment(t, path, buf, p + 2, e, e + 2);
			p = e + 1;
		} else if (p[0] == '/' && p[1] == '/') {
			const char *s = p;

			/* a run of // lines is one comment */
			do {
				e = strchr(p, '\n');
				if (!e)
					e = p + strlen(p);
				p = e;
				while (*p == '\n' || *p == ' ' || *p == '\t')
					p++;
			} while (p[0] == '/' && p[1] == '/');
			scan_comment(t, path, buf, s, e, e);
			p = e - 1;
		}
	}
	scan_cases(t, buf);
	/* a file with a KUnit table must register every citing test */
	if (t->n_registered > n_before) {
		for (i = first; i < t->n_tests; i++)
			if (strcmp(t->tests[i].name, "?") &&
			    !registered(t, t->tests[i].name))
				problem(t, "unregistered", path,
					t->tests[i].line, NULL,
					xasprintf("test '%s' cites behaviours but is in no KUNIT_CASE() table",
						  t->tests[i].name));
	}
	free(buf);
}

/* --- files -------------------------------------------------------------- */

static void read_file(struct trace *t, const char *path)
{
	struct kapi_parse_opts opts = { .diag = stderr };
	struct kapi_file *f;

	t->n_parse_errors += kapi_parse_file(path, &opts, &f);
	t->files = xrealloc(t, t->files, (t->n_files + 1) * sizeof(*t->files));
	t->files[t->n_files++] = f;
}

static bool is_c_file(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && !strcmp(name + n - 2, ".c");
}

/* @path and, for a directory, its *.c files (sorted, hidden ones skipped) */
static void collect(struct trace *t, const char *path, char ***list,
		    unsigned int *n)
{
	struct dirent **ents;
	struct stat st;
	int i, m;

	if (stat(path, &st)) {
		p_err("%s: %s", path, strerror(errno));
		t->ret = KAPI_EXIT_NO_FILE;
		return;
	}
	if (!S_ISDIR(st.st_mode)) {
		*list = xrealloc(t, *list, (*n + 1) * sizeof(**list));
		(*list)[(*n)++] = xstrndup(path, strlen(path));
		return;
	}
	m = scandir(path, &ents, NULL, alphasort);
	if (m < 0) {
		p_err("%s: %s", path, strerror(errno));
		t->ret = KAPI_EXIT_NO_FILE;
		return;
	}
	for (i = 0; i < m; i++) {
		const char *d = ents[i]->d_name;
		char *sub;

		if (d[0] != '.') {
			sub = xasprintf("%s/%s", path, d);
			if (lstat(sub, &st) == 0 &&
			    (S_ISDIR(st.st_mode) || is_c_file(d)))
				collect(t, sub, list, n);
			free(sub);
		}
		free(ents[i]);
	}
	free(ents);
}

/* --- checks ------------------------------------------------------------- */

static void check(struct trace *t)
{
	unsigned int i, j;

	for (i = 0; i < t->n_tests; i++) {
		struct trace_test *test = &t->tests[i];

		for (j = 0; j < test->n_cites; j++) {
			struct trace_cite *c = &test->cites[j];
			int at = find_id(t, c->id), moved;

			if (!c->has_fp) {
				if (at >= 0 && !strchr(c->id, '#'))
					problem(t, "syntax", test->file,
						c->line, c->id,
						xasprintf("%s has no fingerprint; cite it as %s#%06x",
							  c->id, c->id,
							  t->ids[at].fp));
				else if (at < 0)
					problem(t, "dangling", test->file,
						c->line, c->id,
						xasprintf("test '%s' cites %s, which does not exist",
							  test->name, c->id));
				continue;
			}
			moved = find_fp(t, c->id, c->fp);
			if (at >= 0 && t->ids[at].fp == c->fp) {
				c->target = at;
				t->ids[at].n_tests++;
			} else if (moved >= 0) {
				problem(t, "renumbered", test->file, c->line,
					c->id,
					xasprintf("test '%s' cites %s#%06x, but that text is now %s: renumbered; cite %s#%06x",
						  test->name, c->id, c->fp,
						  t->ids[moved].id,
						  t->ids[moved].id, c->fp));
			} else if (at >= 0) {
				problem(t, "changed", test->file, c->line,
					c->id,
					xasprintf("test '%s' cites %s#%06x, but its text changed (now #%06x, %s:%u): review the test, then update the fingerprint",
						  test->name, c->id, c->fp,
						  t->ids[at].fp, t->ids[at].file,
						  t->ids[at].line));
			} else {
				problem(t, "dangling", test->file, c->line,
					c->id,
					xasprintf("test '%s' cites %s, which does not exist",
						  test->name, c->id));
			}
		}
	}
	for (i = 0; i < t->n_only; i++) {
		bool found = false;

		for (j = 0; j < t->n_ids && !found; j++)
			found = !strcmp(t->ids[j].spec, t->only[i]);
		if (!found) {
			p_err("spec %s: no numbered behaviours of that name",
			      t->only[i]);
			t->ret = KAPI_EXIT_NO_SPEC;
		}
	}
	for (i = 0; i < t->n_ids; i++)
		if (t->ids[i].required && !t->ids[i].n_tests)
			problem(t, "uncovered", t->ids[i].file,
				t->ids[i].line, t->ids[i].id,
				xasprintf("%s has no test citing it", t->ids[i].id));
}

/* --- output ------------------------------------------------------------- */

static void trace_text(const struct trace *t)
{
	unsigned int i, j, k, covered = 0, required = 0, w = 2;

	for (i = 0; i < t->n_ids; i++)
		if (strlen(t->ids[i].id) + 7 > w)
			w = strlen(t->ids[i].id) + 7;
	for (i = 0; i < t->n_tests; i++)
		if (strlen(t->tests[i].name) > w)
			w = strlen(t->tests[i].name);
	printf("%-*s  %s\n", w, "ID", "TESTS");
	for (i = 0; i < t->n_ids; i++) {
		const struct trace_id *d = &t->ids[i];
		char id[160];
		bool first = true;

		snprintf(id, sizeof(id), "%s#%06x", d->id, d->fp);
		printf("%-*s  ", w, id);
		for (j = 0; j < t->n_tests; j++)
			for (k = 0; k < t->tests[j].n_cites; k++)
				if (t->tests[j].cites[k].target == (int)i) {
					printf("%s%s", first ? "" : ", ",
					       t->tests[j].name);
					first = false;
				}
		if (first)
			printf("%s", d->required ? "- (UNCOVERED)" :
			       "- (not required)");
		putchar('\n');
		required += d->required;
		covered += d->required && d->n_tests;
	}
	putchar('\n');
	printf("%-*s  %s\n", w, "TEST", "IDS");
	for (i = 0; i < t->n_tests; i++) {
		printf("%-*s  ", w, t->tests[i].name);
		for (k = 0; k < t->tests[i].n_cites; k++)
			printf("%s%s", k ? ", " : "", t->tests[i].cites[k].id);
		putchar('\n');
	}
	putchar('\n');
	printf("%u IDs, %u behaviours checked, %u covered; %u tests; %u problem%s\n",
	       t->n_ids, required, covered, t->n_tests, t->n_problems,
	       t->n_problems == 1 ? "" : "s");
}

static void trace_json(const struct trace *t)
{
	struct json_writer *w = json_wtr;
	unsigned int i, j, k, covered = 0, required = 0;
	char fp[8];

	jsonw_start_object(w);
	jsonw_name(w, "ids");
	jsonw_start_array(w);
	for (i = 0; i < t->n_ids; i++) {
		const struct trace_id *d = &t->ids[i];

		jsonw_start_object(w);
		jsonw_string_field(w, "id", d->id);
		jsonw_string_field(w, "spec", d->spec);
		jsonw_string_field(w, "kind", d->kind == KAPI_ITEM_BEHAVIOR ?
				   "behavior" : "constraint-of-use");
		snprintf(fp, sizeof(fp), "%06x", d->fp);
		jsonw_string_field(w, "fingerprint", fp);
		jsonw_string_field(w, "file", d->file);
		jsonw_int_field(w, "line", d->line);
		jsonw_bool_field(w, "required", d->required);
		jsonw_name(w, "tests");
		jsonw_start_array(w);
		for (j = 0; j < t->n_tests; j++)
			for (k = 0; k < t->tests[j].n_cites; k++)
				if (t->tests[j].cites[k].target == (int)i)
					jsonw_string(w, t->tests[j].name);
		jsonw_end_array(w);
		jsonw_end_object(w);
		required += d->required;
		covered += d->required && d->n_tests;
	}
	jsonw_end_array(w);
	jsonw_name(w, "tests");
	jsonw_start_array(w);
	for (i = 0; i < t->n_tests; i++) {
		jsonw_start_object(w);
		jsonw_string_field(w, "name", t->tests[i].name);
		jsonw_string_field(w, "file", t->tests[i].file);
		jsonw_int_field(w, "line", t->tests[i].line);
		jsonw_name(w, "ids");
		jsonw_start_array(w);
		for (k = 0; k < t->tests[i].n_cites; k++)
			jsonw_string(w, t->tests[i].cites[k].id);
		jsonw_end_array(w);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
	jsonw_name(w, "problems");
	jsonw_start_array(w);
	for (i = 0; i < t->n_problems; i++) {
		const struct trace_problem *p = &t->problems[i];

		jsonw_start_object(w);
		jsonw_string_field(w, "kind", p->kind);
		jsonw_string_field(w, "file", p->file);
		jsonw_int_field(w, "line", p->line);
		jsonw_string_field(w, "id", p->id);
		jsonw_string_field(w, "message", p->message);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
	jsonw_name(w, "summary");
	jsonw_start_object(w);
	jsonw_int_field(w, "ids", t->n_ids);
	jsonw_int_field(w, "checked", required);
	jsonw_int_field(w, "covered", covered);
	jsonw_int_field(w, "tests", t->n_tests);
	jsonw_int_field(w, "problems", t->n_problems);
	jsonw_end_object(w);
	jsonw_end_object(w);
}

static void trace_free(struct trace *t)
{
	unsigned int i, j;

	for (i = 0; i < t->n_ids; i++)
		free(t->ids[i].id);
	free(t->ids);
	for (i = 0; i < t->n_tests; i++) {
		for (j = 0; j < t->tests[i].n_cites; j++)
			free(t->tests[i].cites[j].id);
		free(t->tests[i].cites);
		free(t->tests[i].name);
	}
	free(t->tests);
	for (i = 0; i < t->n_problems; i++) {
		free(t->problems[i].kind);
		free(t->problems[i].file);
		free(t->problems[i].id);
		free(t->problems[i].message);
	}
	free(t->problems);
	for (i = 0; i < t->n_registered; i++)
		free(t->registered[i]);
	free(t->registered);
	for (i = 0; i < t->n_files; i++)
		kapi_file_free(t->files[i]);
	free(t->files);
	free(t->only);
}

int do_trace(int argc, char **argv)
{
	struct trace t = { 0 };
	char **paths = NULL, **args;
	unsigned int n_paths = 0, n_args = 0, i;

	/* bpftool style: "spec NAME" pairs, then paths */
	args = xrealloc(&t, NULL, (argc + 1) * sizeof(*args));
	for (i = 0; i < (unsigned int)argc; i++) {
		if (strcmp(argv[i], "spec")) {
			args[n_args++] = argv[i];
			continue;
		}
		if (i + 1 == (unsigned int)argc) {
			p_err("trace: 'spec' needs a name; usage: %s trace [spec NAME]... PATH...",
			      bin_name);
			free(args);
			return KAPI_EXIT_USAGE;
		}
		t.only = xrealloc(&t, t.only, (t.n_only + 1) * sizeof(*t.only));
		t.only[t.n_only++] = argv[++i];
	}
	argc = n_args;
	argv = args;
	if (output_format != KAPI_FMT_TEXT && output_format != KAPI_FMT_JSON) {
		p_err("trace prints text or json, not %s",
		      format_name(output_format));
		free(t.only);
		free(args);
		return KAPI_EXIT_USAGE;
	}
	if (main_origin.kind == KAPI_ORIGIN_SOURCE)
		collect(&t, main_origin.path, &paths, &n_paths);
	for (i = 0; i < (unsigned int)argc; i++)
		collect(&t, argv[i], &paths, &n_paths);
	if (!n_paths && !t.ret) {
		p_err("trace: give the C files (or directories) to read; usage: %s trace [spec NAME]... PATH...",
		      bin_name);
		t.ret = KAPI_EXIT_USAGE;
	}
	for (i = 0; i < n_paths && !t.ret; i++)
		read_file(&t, paths[i]);
	for (i = 0; i < t.n_files && !t.ret; i++)
		add_specs(&t, t.files[i]);
	for (i = 0; i < n_paths && !t.ret; i++) {
		unsigned int mark = t.n_registered, k;

		scan_file(&t, paths[i]);
		/* KUNIT_CASE() tables count per file */
		for (k = mark; k < t.n_registered; k++)
			free(t.registered[k]);
		t.n_registered = mark;
	}
	if (!t.ret)
		check(&t);
	if (!t.ret) {
		if (json_output)
			trace_json(&t);
		else
			trace_text(&t);
		if (t.n_parse_errors) {
			p_err("%u error%s in kernel API annotations",
			      t.n_parse_errors,
			      t.n_parse_errors == 1 ? "" : "s");
			t.ret = KAPI_EXIT_PARSE;
		} else if (t.n_problems) {
			p_err("trace: %u problem%s (behaviours without a test, or citations that do not match)",
			      t.n_problems, t.n_problems == 1 ? "" : "s");
			t.ret = KAPI_EXIT_TRACE;
		}
	}
	for (i = 0; i < n_paths; i++)
		free(paths[i]);
	free(paths);
	free(args);
	i = t.ret;
	trace_free(&t);
	return i;
}
