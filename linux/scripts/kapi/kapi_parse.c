// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_parse.c - the parser's driver: a C file in, its specs out
 *
 * The layers below, each calling only the ones under it:
 *   kapi_util.c     memory, strings, diagnostics
 *   kapi_model.c, kapi_symbols.c, kapi_eval.c, kapi_lex.c, kapi_proto.c
 *                   the data model's tables, names and numbers, C tokens
 *                   and prototypes
 *   kapi_entry.c    parsed entries and specs in memory
 *   kapi_scan.c     comments of the C file, cut into raw blocks
 *   kapi_sets.c, kapi_layouts.c, kapi_shared.c, kapi_variants.c,
 *   kapi_crosscheck.c
 *                   value sets, structure layouts, shared groups, commands
 *                   and the prototype: what the interpreter reads into and
 *                   checks against, and their resolution once a file is read
 *   kapi_spec.c     the interpreter: raw blocks to a parsed spec
 * Here: every comment the scanner reads goes to the interpreter, then the
 * file's cross references are resolved. tests/generator checks that no
 * file calls into one above it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kapi_internal.h"

static void one_comment(const struct kapi_source_comment *sc, void *data)
{
	struct kapi_parser *p = data;
	struct kapi_comment c;

	switch (kapi_comment_read(p, sc, &c)) {
	case KAPI_COMMENT_SPEC:
		kapi_comment_interpret(p, &c);
		break;
	case KAPI_COMMENT_SHARED:
		kapi_shared_interpret(p, &c);
		break;
	case KAPI_COMMENT_OTHER:
		break;
	}
	kapi_comment_release(&c);
}

unsigned int kapi_parse_buffer(const char *path, const char *buf, size_t len,
			       const struct kapi_parse_opts *opts,
			       struct kapi_file **out)
{
	struct kapi_file *f = kapi_xmalloc(sizeof(*f));
	struct kapi_parser p = {
		.path = path,
		.out = opts ? opts->diag : stderr,
		.file = f,
		.buf = buf,
		.len = len,
	};

	memset(f, 0, sizeof(*f));
	f->path = kapi_xstrdup(path);
	kapi_scan_comments(buf, len, one_comment, &p);
	kapi_shared_check(&p);
	kapi_resolve_layouts(&p);
	kapi_resolve_sets(&p);
	kapi_resolve_variants(&p);
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

void kapi_file_free(struct kapi_file *file)
{
	unsigned int i;

	if (!file)
		return;
	for (i = 0; i < file->n_specs; i++)
		kapi_parsed_spec_free(&file->specs[i]);
	free(file->specs);
	for (i = 0; i < file->n_shared; i++) {
		kapi_parsed_spec_free(&file->shared[i].entries);
		free(file->shared[i].name);
	}
	free(file->shared);
	kapi_layouts_free(file);
	kapi_sets_free(file);
	free(file->path);
	free(file);
}
