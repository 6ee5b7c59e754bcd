// SPDX-License-Identifier: GPL-2.0
/*
 * ktap-summary - boil KTAP/TAP results out of kernel console logs and
 * host-side test logs down to one pass/fail/skip summary.
 *
 * Usage: ktap-summary [-e|--expect NAME]... [-v|--verbose] FILE...
 *
 * The last line printed is always "N passed, N failed, N skipped" so that
 * callers can grep it.  Exit status: 0 when nothing failed, 1 otherwise,
 * 2 on usage errors or unreadable files.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Deeper nesting than this is not produced by anything we run. */
#define MAX_DEPTH 32

enum entry_kind { ENTRY_FAIL, ENTRY_SKIP };

/*
 * One line of the report.  Names are built bottom-up: a nested doc may only
 * learn its own name from the parent's result line, which comes after all of
 * its children, so each closing doc prefixes its name to the entries created
 * while it was open.
 */
struct entry {
	enum entry_kind kind;
	bool fixed;		/* kernel splats live outside the test tree */
	char *name;
	char *detail;		/* printed right after the name, may be NULL */
	char *reason;		/* a skip's reason, NULL when it gave none */
};

struct doc {
	int indent;		/* in spaces: KUnit uses 4, the KTAP spec 2 */
	long plan;		/* -1 until a "1..N" line is seen */
	long nres;
	long nfail;		/* failures counted anywhere below this doc */
	bool child_unfinished;
	size_t first_entry;
	char *name;		/* from "# Subtest:" */
};

struct file_state {
	const char *path;
	struct doc docs[MAX_DEPTH];
	int depth;
	bool seen_ktap;
	bool in_splat;
	struct entry *ents;
	size_t nents, cap;
	long passed, failed, skipped;
};

struct expect {
	const char *name;
	bool seen;
};

static struct expect *expects;
static int nexpects;
static bool verbose;

static void die_oom(void)
{
	perror("ktap-summary");
	exit(2);
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p)
		die_oom();
	return p;
}

static __attribute__((format(printf, 1, 2))) char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int ret;

	va_start(ap, fmt);
	ret = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (ret < 0)
		die_oom();
	return s;
}

static char *xstrdup(const char *s)
{
	return xasprintf("%s", s);
}

/* Takes ownership of @name and @detail. */
static void add_entry(struct file_state *f, enum entry_kind kind, bool fixed,
		      char *name, char *detail)
{
	struct entry *e;

	if (f->nents == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 16;
		f->ents = xrealloc(f->ents, f->cap * sizeof(*f->ents));
	}
	e = &f->ents[f->nents++];
	e->kind = kind;
	e->fixed = fixed;
	e->name = name;
	e->detail = detail;
	e->reason = NULL;
}

/*
 * Every open doc learns about the failure so that a parent's "not ok" can
 * tell whether it is already explained by one of its children.
 */
static void count_fail(struct file_state *f)
{
	int i;

	f->failed++;
	for (i = 0; i < f->depth; i++)
		f->docs[i].nfail++;
}

static void note_expect(const char *name)
{
	int i;

	for (i = 0; i < nexpects; i++)
		if (!strcmp(expects[i].name, name))
			expects[i].seen = true;
}

static void prepend_name(struct file_state *f, size_t from, const char *name)
{
	size_t i;

	for (i = from; i < f->nents; i++) {
		struct entry *e = &f->ents[i];
		char *s;

		if (e->fixed)
			continue;
		s = xasprintf("%s.%s", name, e->name);
		free(e->name);
		e->name = s;
	}
}

static struct doc *push_doc(struct file_state *f, int indent)
{
	struct doc *d;

	if (f->depth == MAX_DEPTH)
		return NULL;
	d = &f->docs[f->depth++];
	memset(d, 0, sizeof(*d));
	d->indent = indent;
	d->plan = -1;
	d->first_entry = f->nents;
	return d;
}

/*
 * Close the innermost doc.  @result_desc is the description from the
 * parent's result line, or NULL if the doc is being abandoned: a nested doc
 * without a parent result never finished (the kernel died, or the test was
 * cut short), while a top-level doc has no parent and is judged by its plan.
 */
static void pop_doc(struct file_state *f, const char *result_desc)
{
	struct doc *d = &f->docs[--f->depth];
	bool top = f->depth == 0;
	bool unfinished;
	char *name, *detail = NULL;

	if (result_desc && *result_desc)
		name = xstrdup(result_desc);
	else if (d->name)
		name = xstrdup(d->name);
	else if (top)
		name = xstrdup(f->path);
	else
		name = xasprintf("#%ld", f->docs[f->depth - 1].nres + 1);

	if (!top)
		prepend_name(f, d->first_entry, name);

	if (top)
		unfinished = d->plan >= 0 ? d->nres < d->plan : d->nres == 0;
	else
		unfinished = !result_desc;

	if (unfinished) {
		/* One crash should cost one failure, not one per enclosing level. */
		if (!d->child_unfinished) {
			if (d->plan >= 0)
				detail = xasprintf(": did not finish (%ld of %ld results)",
						   d->nres, d->plan);
			else
				detail = xasprintf(": did not finish (%ld of ? results)",
						   d->nres);
		}
		if (!top)
			f->docs[f->depth - 1].child_unfinished = true;
	} else if (d->plan >= 0 && d->nres != d->plan) {
		detail = xasprintf(": plan mismatch (%ld results, %ld planned)",
				   d->nres, d->plan);
	}

	if (detail) {
		add_entry(f, ENTRY_FAIL, false, name, detail);
		count_fail(f);
	} else {
		free(name);
	}
	free(d->name);
	d->name = NULL;
}

/* Anything nested deeper than @indent can no longer receive results. */
static void pop_deeper(struct file_state *f, int indent)
{
	while (f->depth > 1 && f->docs[f->depth - 1].indent > indent)
		pop_doc(f, NULL);
}

/*
 * Version and "# Subtest:" lines both announce a doc, and KUnit prints both
 * for the same doc, so a fresh doc at the same indent is reused instead of
 * being mistaken for an abandoned sibling.
 */
static struct doc *header_doc(struct file_state *f, int indent, bool naming)
{
	struct doc *d;

	if (!f->depth)
		return push_doc(f, indent);
	pop_deeper(f, indent);
	d = &f->docs[f->depth - 1];
	if (d->indent == indent) {
		if (d->plan < 0 && d->nres == 0 && !(naming && d->name))
			return d;
		pop_doc(f, NULL);
	}
	return push_doc(f, indent);
}

static void handle_version(struct file_state *f, int indent)
{
	/* Only an unindented version line starts KTAP; anything else is noise. */
	if (!f->depth && indent)
		return;
	if (!indent)
		f->seen_ktap = true;
	header_doc(f, indent, false);
}

static void handle_subtest(struct file_state *f, int indent, const char *name)
{
	struct doc *d;

	if (!f->depth)
		return;
	d = header_doc(f, indent, true);
	if (!d)
		return;
	d->name = xstrdup(name);
	if (f->depth <= 2)
		note_expect(name);
}

static void handle_plan(struct file_state *f, int indent, long n)
{
	struct doc *d;

	if (!f->depth)
		return;
	pop_deeper(f, indent);
	d = &f->docs[f->depth - 1];
	if (d->indent < indent)
		d = push_doc(f, indent);
	if (d && d->plan < 0)
		d->plan = n;
}

enum directive { DIR_NONE, DIR_SKIP, DIR_TODO };

static void handle_result(struct file_state *f, int indent, bool ok, long num,
			  const char *desc, enum directive dir,
			  const char *reason)
{
	bool has_child = false, child_failed = false;
	long child_nres = 0;
	struct doc *d;
	char *name;

	if (!f->depth)
		return;
	/* Only the doc directly below belongs to this result. */
	while (f->depth > 2 && f->docs[f->depth - 2].indent > indent)
		pop_doc(f, NULL);
	if (f->depth > 1 && f->docs[f->depth - 1].indent > indent) {
		long before = f->failed;

		d = &f->docs[f->depth - 1];
		has_child = true;
		child_nres = d->nres;
		child_failed = d->nfail > 0;
		pop_doc(f, desc);
		child_failed |= f->failed != before;
	}
	d = &f->docs[f->depth - 1];
	if (d->indent < indent)
		d = push_doc(f, indent);
	if (!d)
		return;
	d->nres++;

	name = *desc ? xstrdup(desc) : xasprintf("#%ld", num);
	if (f->depth <= 2)
		note_expect(name);

	/*
	 * A test with subtests was already counted through its children; its
	 * own "not ok" only adds a failure when no child explains it (e.g. a
	 * suite whose init or exit failed).
	 */
	if (has_child && (child_nres > 0 || child_failed)) {
		if (!ok && dir == DIR_NONE && !child_failed) {
			add_entry(f, ENTRY_FAIL, false, name, NULL);
			count_fail(f);
		} else {
			free(name);
		}
		return;
	}

	if (dir != DIR_NONE) {
		f->skipped++;
		add_entry(f, ENTRY_SKIP, false, name,
			  *reason ? xasprintf(" (%s)", reason) : NULL);
		if (*reason)
			f->ents[f->nents - 1].reason = xstrdup(reason);
	} else if (!ok) {
		add_entry(f, ENTRY_FAIL, false, name, NULL);
		count_fail(f);
	} else {
		f->passed++;
		free(name);
	}
}

static char *skip_spaces(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

static void trim_end(char *s, char *end)
{
	while (end > s && isspace((unsigned char)end[-1]))
		end--;
	*end = '\0';
}

/* "ok N [- ]desc [# DIRECTIVE reason]"; modifies @p in place. */
static bool parse_result(char *p, struct file_state *f, int indent)
{
	enum directive dir = DIR_NONE;
	char *desc, *hash, *reason = "";
	bool ok = true;
	long num;

	if (!strncmp(p, "not ok ", 7)) {
		ok = false;
		p += 7;
	} else if (!strncmp(p, "ok ", 3)) {
		p += 3;
	} else {
		return false;
	}
	if (!isdigit((unsigned char)*p))
		return false;
	num = strtol(p, &p, 10);
	if (*p && *p != ' ')
		return false;
	desc = skip_spaces(p);
	/* KUnit before 6.x separated the number and name with " - ". */
	if (desc[0] == '-' && desc[1] == ' ')
		desc += 2;

	/* The directive starts at the first '#' that begins a word. */
	for (hash = desc; *hash; hash++)
		if (*hash == '#' && (hash == desc || isspace((unsigned char)hash[-1])))
			break;
	if (*hash) {
		char *word = skip_spaces(hash + 1);

		if (!strncasecmp(word, "SKIP", 4)) {
			dir = DIR_SKIP;
			reason = skip_spaces(word + 4);
		} else if (!strncasecmp(word, "TODO", 4)) {
			dir = DIR_TODO;
			reason = word;
		}
	}
	trim_end(desc, hash);

	f->in_splat = false;
	handle_result(f, indent, ok, num, desc, dir, reason);
	return true;
}

static bool is_plan(const char *p, long *n)
{
	char *end;

	if (strncmp(p, "1..", 3) || !isdigit((unsigned char)p[3]))
		return false;
	*n = strtol(p + 3, &end, 10);
	return !*end || *end == ' ' || *end == '#';
}

static bool is_version(const char *p)
{
	if (!strncmp(p, "KTAP version ", 13))
		return isdigit((unsigned char)p[13]);
	if (!strncmp(p, "TAP version ", 12))
		return isdigit((unsigned char)p[12]);
	return false;
}

/*
 * Where a kernel problem report starts.  Follow-up lines of the same report
 * (Oops after BUG, Call Trace, register dumps) are swallowed by in_splat.
 */
static const char *const splat_prefixes[] = {
	"Kernel panic", "BUG:", "WARNING:", "Oops:", "general protection fault",
	"UBSAN:", "kernel BUG at", "Unable to handle kernel", "Internal error:",
	"watchdog: BUG:", NULL
};

/* Lockdep reports; usually behind "WARNING:" but caught on their own too. */
static const char *const splat_words[] = {
	"possible recursive locking detected",
	"possible circular locking dependency",
	"inconsistent lock state", NULL
};

static bool is_splat(const char *s)
{
	int i;

	for (i = 0; splat_prefixes[i]; i++)
		if (!strncmp(s, splat_prefixes[i], strlen(splat_prefixes[i])))
			return true;
	for (i = 0; splat_words[i]; i++)
		if (strstr(s, splat_words[i]))
			return true;
	return false;
}

/* KASAN and lockdep frame their reports with a row of '='. */
static bool is_rule(const char *s)
{
	size_t n = strspn(s, "=");

	return n >= 8 && !s[n];
}

static void check_kernel_line(struct file_state *f, const char *s)
{
	char *name;
	size_t i;

	if (!strncmp(s, "---[ end", 8) || is_rule(s)) {
		f->in_splat = false;
		return;
	}
	if (f->in_splat || !is_splat(s))
		return;
	f->in_splat = true;
	name = xasprintf("kernel: %s", s);
	/* A warning firing in a loop is one problem, not hundreds. */
	for (i = 0; i < f->nents; i++) {
		if (f->ents[i].fixed && !strcmp(f->ents[i].name, name)) {
			free(name);
			return;
		}
	}
	add_entry(f, ENTRY_FAIL, true, name, NULL);
	f->failed++;
}

/* Returns the end of a non-empty run of digits, or NULL. */
static char *skip_digits(char *s)
{
	char *q = s;

	while (isdigit((unsigned char)*q))
		q++;
	return q > s ? q : NULL;
}

/* Drop "<6>", "[    1.234567]" and the optional "[    T1]" caller id. */
static char *strip_prefix(char *s)
{
	char *q;

	if (*s == '<' && (q = skip_digits(s + 1)) && *q == '>')
		s = q + 1;
	if (*s != '[')
		return s;
	q = s + 1 + strspn(s + 1, " ");
	if (!(q = skip_digits(q)) || *q != '.' || !(q = skip_digits(q + 1)) ||
	    *q != ']')
		return s;
	s = q + 1;
	q = s + 1 + strspn(s + 1, " ");
	if (*s == '[' && (*q == 'T' || *q == 'C') && (q = skip_digits(q + 1)) &&
	    *q == ']')
		s = q + 1;
	/* printk puts exactly one space after the stamp; the rest is indent. */
	if (*s == ' ')
		s++;
	return s;
}

static void process_line(struct file_state *f, char *line)
{
	char *s, *p;
	int indent = 0;
	long n;

	trim_end(line, line + strlen(line));
	s = strip_prefix(line);
	while (s[indent] == ' ')
		indent++;
	p = s + indent;

	if (is_version(p)) {
		f->in_splat = false;
		handle_version(f, indent);
	} else if (is_plan(p, &n)) {
		f->in_splat = false;
		handle_plan(f, indent, n);
	} else if (!strncmp(p, "# Subtest:", 10)) {
		f->in_splat = false;
		handle_subtest(f, indent, skip_spaces(p + 10));
	} else if (parse_result(p, f, indent)) {
		/* handled */
	} else if (*p != '#' && !indent) {
		check_kernel_line(f, s);
	}
}

/* Returns false if the file could not be read. */
static bool process_file(struct file_state *f, const char *path)
{
	bool use_stdin = !strcmp(path, "-");
	FILE *fp = use_stdin ? stdin : fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	bool ok = true;

	f->path = path;
	if (!fp) {
		fprintf(stderr, "ktap-summary: %s: %s\n", path, strerror(errno));
		return false;
	}
	errno = 0;
	while (getline(&line, &cap, fp) >= 0)
		process_line(f, line);
	if (ferror(fp)) {
		fprintf(stderr, "ktap-summary: %s: %s\n", path, strerror(errno));
		ok = false;
	}
	free(line);
	if (!use_stdin)
		fclose(fp);

	while (f->depth)
		pop_doc(f, NULL);
	if (!f->seen_ktap) {
		add_entry(f, ENTRY_FAIL, true, xstrdup(path),
			  xstrdup(": no KTAP output"));
		f->failed++;
	}
	return ok;
}

static void free_file(struct file_state *f)
{
	size_t i;

	for (i = 0; i < f->nents; i++) {
		free(f->ents[i].name);
		free(f->ents[i].detail);
		free(f->ents[i].reason);
	}
	free(f->ents);
}

struct reason_count {
	const char *reason;
	long count;
};

static int by_count(const void *a, const void *b)
{
	const struct reason_count *x = a, *y = b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return strcmp(x->reason, y->reason);
}

/*
 * Every skip reason once, most frequent first, so that a missing tool or
 * package shows up as one line however many tests it skipped.
 */
static void print_skip_reasons(const struct file_state *files, int nfiles)
{
	static const char none[] = "(no reason given)";
	struct reason_count *rc = NULL;
	size_t n = 0, cap = 0, j, k;
	int i;

	for (i = 0; i < nfiles; i++) {
		for (j = 0; j < files[i].nents; j++) {
			const struct entry *e = &files[i].ents[j];
			const char *r = e->reason ? e->reason : none;

			if (e->kind != ENTRY_SKIP)
				continue;
			for (k = 0; k < n && strcmp(rc[k].reason, r); k++)
				;
			if (k == n) {
				if (n == cap) {
					cap = cap ? cap * 2 : 16;
					rc = xrealloc(rc, cap * sizeof(*rc));
				}
				rc[n].reason = r;
				rc[n++].count = 0;
			}
			rc[k].count++;
		}
	}
	if (!n)
		return;
	qsort(rc, n, sizeof(*rc), by_count);
	printf("skip reasons:\n");
	for (k = 0; k < n; k++)
		printf("%6ld  %s\n", rc[k].count, rc[k].reason);
	free(rc);
}

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: ktap-summary [-e|--expect NAME]... [-v|--verbose] FILE...\n"
		"Summarise KTAP/TAP results in console logs or KTAP files ('-' = stdin).\n"
		"  -e, --expect NAME  fail unless NAME reports at nesting level 0 or 1\n"
		"  -v, --verbose      also list skipped tests\n"
		"Exit status: 0 if nothing failed, 1 on failures, 2 on errors.\n");
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "expect", required_argument, NULL, 'e' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	long passed = 0, failed = 0, skipped = 0;
	struct file_state *files = NULL;
	int nfiles = 0, i, c, ret = 2;
	size_t j;

	expects = calloc((size_t)argc, sizeof(*expects));
	if (!expects)
		die_oom();
	while ((c = getopt_long(argc, argv, "e:vh", longopts, NULL)) != -1) {
		if (c == 'e') {
			expects[nexpects++].name = optarg;
		} else if (c == 'v') {
			verbose = true;
		} else {
			usage(c == 'h' ? stdout : stderr);
			ret = c == 'h' ? 0 : 2;
			goto out;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		goto out;
	}
	nfiles = argc - optind;
	files = calloc((size_t)nfiles, sizeof(*files));
	if (!files)
		die_oom();
	for (i = 0; i < nfiles; i++)
		if (!process_file(&files[i], argv[optind + i]))
			goto out;

	/* Problems first so they are not lost above a long list of files. */
	for (i = 0; i < nfiles; i++) {
		for (j = 0; j < files[i].nents; j++) {
			struct entry *e = &files[i].ents[j];

			if (e->kind == ENTRY_FAIL || verbose)
				printf("%s: %s%s\n", e->kind == ENTRY_FAIL ? "FAIL" : "SKIP",
				       e->name, e->detail ? e->detail : "");
		}
	}
	for (i = 0; i < nexpects; i++) {
		if (!expects[i].seen) {
			printf("FAIL: %s: expected suite never reported\n", expects[i].name);
			failed++;
		}
	}
	for (i = 0; i < nfiles; i++) {
		struct file_state *f = &files[i];

		printf("%s: %ld passed, %ld failed, %ld skipped\n",
		       f->path, f->passed, f->failed, f->skipped);
		passed += f->passed;
		failed += f->failed;
		skipped += f->skipped;
	}
	print_skip_reasons(files, nfiles);
	printf("%ld passed, %ld failed, %ld skipped\n", passed, failed, skipped);
	ret = failed ? 1 : 0;
out:
	for (i = 0; i < nfiles; i++)
		free_file(&files[i]);
	free(files);
	free(expects);
	return ret;
}
