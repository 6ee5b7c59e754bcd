// SPDX-License-Identifier: GPL-2.0
/*
 * kapi trace [spec NAME]... [ktap LOG]... PATH...: which tests verify
 * which numbered behaviours, and with KTAP logs of a run, which of them
 * passed.
 *
 * The behaviours come from the kernel-doc of the C files given, through
 * the parser the build uses (scripts/kapi): behaviour N of read_mem is
 * "read_mem.N", constraint of use N is "read_mem.cN". A test cites what it
 * verifies in a comment just above its function:
 *
 *	 * Verifies: read_mem.2#5c04e1 read_mem.8#0a7d39
 *
 * The comments, their lists and the function after each come from the
 * parser the build uses: its comment scanner (kapi_scan_comments()), the
 * list reader kapi-gen also uses (kapi_comment_cites()) and the prototype
 * parser that binds a spec to its function (kapi_function_after()).
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
 *
 * With "ktap LOG" (KTAP output of a run of those tests, a console log
 * will do), each behaviour is also shown as passing (a citing test passed,
 * none failed), failing (a citing test failed; also exit status
 * KAPI_EXIT_TRACE) or untested (no citing test ran, or all were skipped).
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kapi_parse.h"
#include "main.h"
#include "model.h"
#include "walk.h"

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

/* What the KTAP logs given say about a test; the worst result counts. */
enum trace_result { TRACE_NOT_RUN, TRACE_SKIPPED, TRACE_PASSED, TRACE_FAILED };

struct trace_test {
	const char *name;
	const char *file;
	unsigned int line;	/* of the Verifies: tag */
	struct trace_cite *cites;
	unsigned int n_cites, cap_cites;
	enum trace_result result;
};

struct trace_problem {
	const char *kind;	/* uncovered, dangling, renumbered, ... */
	const char *file;
	unsigned int line;
	const char *id;
	char *message;
};

/* Everything lives in @arena but the parsed files. */
struct trace {
	struct kapi_arena arena;
	struct kapi_file **files;
	unsigned int n_files, cap_files;
	char **paths;
	unsigned int n_paths, cap_paths;
	struct trace_id *ids;
	unsigned int n_ids, cap_ids;
	struct trace_test *tests;
	unsigned int n_tests, cap_tests;
	struct trace_problem *problems;
	unsigned int n_problems, cap_problems;
	const char **only;	/* "spec NAME" names */
	unsigned int n_only, cap_only;
	const char **logs;	/* "ktap LOG" paths */
	unsigned int n_logs, cap_logs;
	char **registered;	/* KUNIT_CASE() names of the file being read */
	unsigned int n_registered, cap_registered;
	unsigned int n_parse_errors;
	int ret;
};

static void __printf(6, 7)
problem(struct trace *t, const char *kind, const char *file,
	unsigned int line, const char *id, const char *fmt, ...)
{
	struct trace_problem *p;
	va_list ap;

	p = arena_push(&t->arena, t->problems, t->n_problems, t->cap_problems);
	p->kind = kind;
	p->file = file;
	p->line = line;
	p->id = id;
	va_start(ap, fmt);
	p->message = arena_vprintf(&t->arena, fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s:%u: error: %s\n", file, line, p->message);
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

			id = arena_printf(&t->arena, "%s.%s%u", s->name,
					  it->k.kind == KAPI_ITEM_CONSTRAINT_OF_USE ?
					  "c" : "", it->k.number);
			if (find_id(t, id) >= 0) {
				problem(t, "duplicate", f->path, it->line, id,
					"%s is defined twice", id);
				continue;
			}
			d = arena_push(&t->arena, t->ids, t->n_ids, t->cap_ids);
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

/* The file at @path, NUL-terminated, in the arena; NULL with errno set. */
static char *read_all(struct trace *t, const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	unsigned int cap = 0;
	char *buf = NULL;
	size_t n = 0, r;

	if (!f)
		return NULL;
	do {
		buf = arena_grow(&t->arena, buf, 1, n + 4097, &cap);
		r = fread(buf + n, 1, cap - n - 1, f);
		n += r;
	} while (r);
	if (ferror(f))
		buf = NULL;
	else
		*len = n;
	fclose(f);
	return buf;
}

static bool is_ident(int c)
{
	return isalnum(c) || c == '_';
}

struct trace_file {
	struct trace *t;
	const char *path;
	const char *buf;
	size_t len;
	struct trace_test test;	/* the comment being read */
};

static void on_cite(const struct kapi_cite *kc, void *data)
{
	struct trace_file *tf = data;
	struct trace *t = tf->t;
	struct trace_cite *c;

	c = arena_push(&t->arena, tf->test.cites, tf->test.n_cites,
		       tf->test.cap_cites);
	c->id = arena_strndup(&t->arena, kc->id, kc->id_len);
	c->line = kc->line;
	c->target = -1;
	c->has_fp = kc->fp;
	if (kc->fp)
		c->fp = strtoul(kc->fp, NULL, 16);
}

static void on_cite_error(unsigned int line, const char *msg, void *data)
{
	struct trace_file *tf = data;

	problem(tf->t, "syntax", tf->path, line, NULL, "%s", msg);
}

/*
 * One comment, from kapi_scan_comments(): its Verifies: list, if any
 * (kapi_comment_cites(), as the build reads it), makes a test of the
 * function defined right after the comment.
 */
static void scan_comment(const struct kapi_source_comment *sc, void *data)
{
	static const struct kapi_cite_ops ops = {
		.cite = on_cite,
		.error = on_cite_error,
	};
	struct trace_file *tf = data;
	struct trace *t = tf->t;
	char *name;

	memset(&tf->test, 0, sizeof(tf->test));
	tf->test.line = kapi_comment_cites(tf->buf, sc, &ops, tf);
	if (!tf->test.line)
		return;
	tf->test.file = tf->path;
	name = kapi_function_after(tf->buf, tf->len, sc->end);
	if (name) {
		tf->test.name = arena_strdup(&t->arena, name);
		free(name);
	} else {
		problem(t, "syntax", tf->path, tf->test.line, NULL,
			"'Verifies:' must be in the comment just above the test function");
		tf->test.name = "?";
	}
	*arena_push(&t->arena, t->tests, t->n_tests, t->cap_tests) = tf->test;
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
		*arena_push(&t->arena, t->registered, t->n_registered,
			    t->cap_registered) = arena_strndup(&t->arena, q,
							       n - q);
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
	struct trace_file tf = { .t = t, .path = path };
	unsigned int first = t->n_tests, i;

	tf.buf = read_all(t, path, &tf.len);
	if (!tf.buf) {
		p_err("%s: %s", path, strerror(errno));
		t->ret = KAPI_EXIT_NO_FILE;
		return;
	}
	kapi_scan_comments(tf.buf, tf.len, scan_comment, &tf);
	/* KUNIT_CASE() tables count per file */
	t->n_registered = 0;
	scan_cases(t, tf.buf);
	/* a file with a KUnit table must register every citing test */
	if (t->n_registered) {
		for (i = first; i < t->n_tests; i++)
			if (strcmp(t->tests[i].name, "?") &&
			    !registered(t, t->tests[i].name))
				problem(t, "unregistered", path,
					t->tests[i].line, NULL,
					"test '%s' cites behaviours but is in no KUNIT_CASE() table",
					t->tests[i].name);
	}
}

/* --- files -------------------------------------------------------------- */

static void read_file(struct trace *t, const char *path)
{
	struct kapi_parse_opts opts = { .diag = stderr };

	t->n_parse_errors += kapi_parse_file(path, &opts,
					     arena_push(&t->arena, t->files,
							t->n_files,
							t->cap_files));
}

static int add_path(const char *path, const char *rel, void *data)
{
	struct trace *t = data;

	(void)rel;
	*arena_push(&t->arena, t->paths, t->n_paths, t->cap_paths) =
		arena_strdup(&t->arena, path);
	return KAPI_EXIT_OK;
}

static void collect(struct trace *t, const char *path)
{
	int ret = walk_c_files(path, add_path, t);

	if (ret)
		t->ret = ret;
}

/* --- results from KTAP logs -------------------------------------------- */

/*
 * A test's result line anywhere in the log, at any nesting depth, after a
 * console's "[    1.234567] " time stamp if there is one:
 * "ok 3 name", "not ok 3 name # ...", "ok 3 name # SKIP reason".
 */
static void ktap_line(struct trace *t, const char *line)
{
	enum trace_result r = TRACE_PASSED;
	const char *p = line, *name, *end;
	unsigned int i;

	if (*p == '[' && strchr(p, ']'))
		p = strchr(p, ']') + 1;
	while (isspace((unsigned char)*p))
		p++;
	if (!strncmp(p, "not ok ", 7)) {
		r = TRACE_FAILED;
		p += 7;
	} else if (!strncmp(p, "ok ", 3)) {
		p += 3;
	} else {
		return;
	}
	if (!isdigit((unsigned char)*p))
		return;
	while (isdigit((unsigned char)*p))
		p++;
	while (*p == ' ' || *p == '-')
		p++;
	name = p;
	end = strstr(name, " #");
	if (!end)
		end = name + strcspn(name, "\r\n");
	while (end > name && isspace((unsigned char)end[-1]))
		end--;
	if (r == TRACE_PASSED && strstr(end, "# SKIP"))
		r = TRACE_SKIPPED;
	for (i = 0; i < t->n_tests; i++) {
		struct trace_test *test = &t->tests[i];

		if (strlen(test->name) == (size_t)(end - name) &&
		    !strncmp(test->name, name, end - name) &&
		    r > test->result)
			test->result = r;
	}
}

static void read_ktap(struct trace *t, const char *path)
{
	char line[1024];
	FILE *f = fopen(path, "r");

	if (!f) {
		p_err("%s: %s", path, strerror(errno));
		t->ret = KAPI_EXIT_NO_FILE;
		return;
	}
	while (fgets(line, sizeof(line), f))
		ktap_line(t, line);
	fclose(f);
}

/*
 * What the logs say about behaviour @i: failing when a citing test
 * failed, passing when one passed and none failed, else untested (no
 * citing test ran, or all were skipped).
 */
static const char *id_result(const struct trace *t, unsigned int i)
{
	enum trace_result r = TRACE_NOT_RUN;
	unsigned int j, k;

	for (j = 0; j < t->n_tests; j++)
		for (k = 0; k < t->tests[j].n_cites; k++)
			if (t->tests[j].cites[k].target == (int)i &&
			    t->tests[j].result > r)
				r = t->tests[j].result;
	return r == TRACE_FAILED ? "failing" :
	       r == TRACE_PASSED ? "passing" : "untested";
}

static unsigned int count_result(const struct trace *t, const char *what)
{
	unsigned int i, n = 0;

	for (i = 0; i < t->n_ids; i++)
		n += t->ids[i].kind == KAPI_ITEM_BEHAVIOR &&
		     !strcmp(id_result(t, i), what);
	return n;
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
						"%s has no fingerprint; cite it as %s#%06x",
						c->id, c->id, t->ids[at].fp);
				else if (at < 0)
					problem(t, "dangling", test->file,
						c->line, c->id,
						"test '%s' cites %s, which does not exist",
						test->name, c->id);
				continue;
			}
			moved = find_fp(t, c->id, c->fp);
			if (at >= 0 && t->ids[at].fp == c->fp) {
				c->target = at;
				t->ids[at].n_tests++;
			} else if (moved >= 0) {
				problem(t, "renumbered", test->file, c->line,
					c->id,
					"test '%s' cites %s#%06x, but that text is now %s: renumbered; cite %s#%06x",
					test->name, c->id, c->fp,
					t->ids[moved].id, t->ids[moved].id,
					c->fp);
			} else if (at >= 0) {
				problem(t, "changed", test->file, c->line,
					c->id,
					"test '%s' cites %s#%06x, but its text changed (now #%06x, %s:%u): review the test, then update the fingerprint",
					test->name, c->id, c->fp,
					t->ids[at].fp, t->ids[at].file,
					t->ids[at].line);
			} else {
				problem(t, "dangling", test->file, c->line,
					c->id,
					"test '%s' cites %s, which does not exist",
					test->name, c->id);
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
				"%s has no test citing it", t->ids[i].id);
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
	if (t->n_logs)
		printf("%-*s  %-8s  %s\n", w, "ID", "RESULT", "TESTS");
	else
		printf("%-*s  %s\n", w, "ID", "TESTS");
	for (i = 0; i < t->n_ids; i++) {
		const struct trace_id *d = &t->ids[i];
		char id[160];
		bool first = true;

		snprintf(id, sizeof(id), "%s#%06x", d->id, d->fp);
		printf("%-*s  ", w, id);
		if (t->n_logs)
			printf("%-8s  ", id_result(t, i));
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
	printf("%u IDs, %u behaviours checked, %u covered; %u tests; %u problem%s",
	       t->n_ids, required, covered, t->n_tests, t->n_problems,
	       t->n_problems == 1 ? "" : "s");
	if (t->n_logs)
		printf("; in the logs: %u passing, %u failing, %u untested",
		       count_result(t, "passing"), count_result(t, "failing"),
		       count_result(t, "untested"));
	putchar('\n');
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
		if (t->n_logs)
			jsonw_string_field(w, "result", id_result(t, i));
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
	if (t->n_logs) {
		jsonw_int_field(w, "passing", count_result(t, "passing"));
		jsonw_int_field(w, "failing", count_result(t, "failing"));
		jsonw_int_field(w, "untested", count_result(t, "untested"));
	}
	jsonw_end_object(w);
	jsonw_end_object(w);
}

static void trace_free(struct trace *t)
{
	unsigned int i;

	for (i = 0; i < t->n_files; i++)
		kapi_file_free(t->files[i]);
	arena_free(&t->arena);
}

int do_trace(int argc, char **argv)
{
	struct trace t = { 0 };
	unsigned int i, n_args = 0, cap_args = 0;
	char **args = NULL;
	int ret = KAPI_EXIT_USAGE;

	/* bpftool style: "spec NAME" and "ktap LOG" pairs, then paths */
	for (i = 0; i < (unsigned int)argc; i++) {
		bool spec = !strcmp(argv[i], "spec");

		if (!spec && strcmp(argv[i], "ktap")) {
			*arena_push(&t.arena, args, n_args, cap_args) = argv[i];
		} else if (i + 1 == (unsigned int)argc) {
			p_err("trace: '%s' needs %s; usage: %s trace [spec NAME]... [ktap LOG]... PATH...",
			      argv[i], spec ? "a name" : "a file", bin_name);
			goto out;
		} else if (spec) {
			*arena_push(&t.arena, t.only, t.n_only, t.cap_only) =
				argv[++i];
		} else {
			*arena_push(&t.arena, t.logs, t.n_logs, t.cap_logs) =
				argv[++i];
		}
	}
	if (output_format != KAPI_FMT_TEXT && output_format != KAPI_FMT_JSON) {
		p_err("trace prints text or json, not %s",
		      format_name(output_format));
		goto out;
	}
	if (main_origin.kind == KAPI_ORIGIN_SOURCE)
		collect(&t, main_origin.path);
	for (i = 0; i < n_args; i++)
		collect(&t, args[i]);
	if (!t.n_paths && !t.ret) {
		p_err("trace: give the C files (or directories) to read; usage: %s trace [spec NAME]... [ktap LOG]... PATH...",
		      bin_name);
		t.ret = KAPI_EXIT_USAGE;
	}
	for (i = 0; i < t.n_paths && !t.ret; i++)
		read_file(&t, t.paths[i]);
	for (i = 0; i < t.n_files && !t.ret; i++)
		add_specs(&t, t.files[i]);
	for (i = 0; i < t.n_paths && !t.ret; i++)
		scan_file(&t, t.paths[i]);
	if (!t.ret)
		check(&t);
	for (i = 0; i < t.n_logs && !t.ret; i++)
		read_ktap(&t, t.logs[i]);
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
		} else if (count_result(&t, "failing")) {
			p_err("trace: %u behaviour%s failing in the logs",
			      count_result(&t, "failing"),
			      count_result(&t, "failing") == 1 ? "" : "s");
			t.ret = KAPI_EXIT_TRACE;
		}
	}
	ret = t.ret;
out:
	trace_free(&t);
	return ret;
}
