// SPDX-License-Identifier: GPL-2.0
/*
 * The tests of a file and the items each cites in its "Verifies:" comment,
 * written into the file's .apispec.h as a table a KUnit suite hands to
 * kapi_kunit_cites() (include/linux/kapi_kunit.h): a failing case then
 * prints the IDs it verifies in its KTAP diagnostics. Whether the IDs
 * match the kernel-doc is kapi trace's business; the build only insists
 * that the lists are well formed and sit above a function.
 */
#include <stdlib.h>
#include <string.h>

#include "kapi_gen.h"
#include "kapi_internal.h"

struct reader {
	const char *path;
	const char *buf;
	size_t len;
	FILE *diag;
	struct kapi_gen_tests *out;
	struct kapi_sbuf ids;
};

static void on_cite(const struct kapi_cite *c, void *data)
{
	struct reader *r = data;

	if (r->ids.len)
		kapi_sbuf_addc(&r->ids, ' ');
	kapi_sbuf_addn(&r->ids, c->id, c->id_len);
	if (c->fp) {
		kapi_sbuf_addc(&r->ids, '#');
		kapi_sbuf_addn(&r->ids, c->fp, c->fp_len);
	}
}

static void on_error(unsigned int line, const char *msg, void *data)
{
	struct reader *r = data;

	fprintf(r->diag, "%s:%u: error: %s\n", r->path, line, msg);
	r->out->n_errors++;
}

static void on_comment(const struct kapi_source_comment *sc, void *data)
{
	static const struct kapi_cite_ops ops = {
		.cite = on_cite,
		.error = on_error,
	};
	struct reader *r = data;
	struct kapi_gen_tests *t = r->out;
	unsigned int tag;
	char *name;

	kapi_sbuf_release(&r->ids);
	tag = kapi_comment_cites(r->buf, sc, &ops, r);
	if (!tag)
		return;
	name = kapi_function_after(r->buf, r->len, sc->end);
	if (!name) {
		on_error(tag, "'Verifies:' must be in the comment just above the test function",
			 r);
		return;
	}
	if (!r->ids.len) {
		free(name);
		return;
	}
	t->t = kapi_xrealloc(t->t, (t->n + 1) * sizeof(*t->t));
	t->t[t->n].name = name;
	t->t[t->n].ids = kapi_sbuf_take(&r->ids);
	t->n++;
}

unsigned int kapi_gen_read_tests(const char *path, struct kapi_gen_tests *out,
				 FILE *diag)
{
	struct reader r = { .path = path, .diag = diag, .out = out };
	struct kapi_sbuf b = { 0 };
	FILE *fp = fopen(path, "rb");
	char chunk[65536];
	size_t n;

	memset(out, 0, sizeof(*out));
	if (!fp)
		return 0;	/* the parser already reported it */
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		kapi_sbuf_addn(&b, chunk, n);
	fclose(fp);
	r.buf = b.s ? b.s : "";
	r.len = b.len;
	kapi_scan_comments(r.buf, r.len, on_comment, &r);
	kapi_sbuf_release(&r.ids);
	kapi_sbuf_release(&b);
	return out->n_errors;
}

void kapi_gen_write_tests(FILE *out, const struct kapi_gen_tests *t)
{
	unsigned int i;

	if (!t || !t->n)
		return;
	fprintf(out, "#include <linux/kapi_kunit.h>\n\n");
	fprintf(out, "/* What each test verifies, from its \"Verifies:\" comment */\n");
	fprintf(out, "static const struct kapi_test_cites kapi_test_cites[] __maybe_unused = {\n");
	for (i = 0; i < t->n; i++)
		fprintf(out, "\t{ \"%s\", \"%s\" },\n", t->t[i].name, t->t[i].ids);
	fprintf(out, "};\n\n");
}

void kapi_gen_tests_free(struct kapi_gen_tests *t)
{
	unsigned int i;

	for (i = 0; i < t->n; i++) {
		free(t->t[i].name);
		free(t->t[i].ids);
	}
	free(t->t);
	memset(t, 0, sizeof(*t));
}
