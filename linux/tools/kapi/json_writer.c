// SPDX-License-Identifier: GPL-2.0
/*
 * Streaming JSON writer; see json_writer.h. The writer only tracks whether
 * the next value needs a comma and how deep it is: callers are trusted to
 * nest correctly, and an imbalance is caught by an assertion at the end.
 * Pretty output is the compact document re-indented by jansson.
 */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdlib.h>

#include "json_writer.h"

struct json_writer {
	FILE *out;		/* where the compact document goes */
	FILE *dest;		/* where the indented one goes, when pretty */
	char *doc;		/* out's buffer, when pretty */
	size_t doc_len;
	unsigned int depth;
	bool comma;		/* a value was written at this level */
	bool after_name;	/* the value follows "name": */
	bool wrote;		/* anything at all: then end with a newline */
};

struct json_writer *jsonw_new(FILE *f, bool pretty)
{
	struct json_writer *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	w->out = f;
	if (pretty) {
		w->dest = f;
		w->out = open_memstream(&w->doc, &w->doc_len);
		if (!w->out) {
			free(w);
			return NULL;
		}
	}
	return w;
}

/*
 * jansson escapes a few characters unlike the kernel's renderer and the
 * compact output: \b, \f and \r by letter, other control characters in
 * upper-case hex, DEL not at all. Put them back as the kernel writes
 * them, so that pretty output differs from compact output only in blanks.
 * Outside strings jansson writes neither a backslash nor a DEL.
 */
static void jsonw_put_indented(FILE *f, const char *s)
{
	unsigned int i;

	for (; *s; s++) {
		if (*s == 0x7f) {
			fputs("\\u007f", f);
			continue;
		}
		putc(*s, f);
		if (*s != '\\' || !s[1])
			continue;
		switch (*++s) {
		case 'b':
			fputs("u0008", f);
			break;
		case 'f':
			fputs("u000c", f);
			break;
		case 'r':
			fputs("u000d", f);
			break;
		case 'u':
			putc('u', f);
			for (i = 0; i < 4 && s[1]; i++)
				putc(tolower((unsigned char)*++s), f);
			break;
		default:
			putc(*s, f);
		}
	}
}

/* The compact document, re-indented by four like bpftool's, onto dest. */
static int jsonw_indent(struct json_writer *w)
{
	json_error_t err;
	json_t *doc;
	char *text;

	if (fclose(w->out))
		return -ENOMEM;
	if (!w->wrote)
		return 0;
	doc = json_loadb(w->doc, w->doc_len, JSON_DECODE_ANY, &err);
	if (!doc) {
		if (json_error_code(&err) == json_error_invalid_utf8)
			return -EILSEQ;
		return json_error_code(&err) == json_error_out_of_memory ?
		       -ENOMEM : -EINVAL;
	}
	text = json_dumps(doc, JSON_INDENT(4) | JSON_PRESERVE_ORDER |
			  JSON_ENCODE_ANY);
	json_decref(doc);
	if (!text)
		return -ENOMEM;
	jsonw_put_indented(w->dest, text);
	putc('\n', w->dest);
	free(text);
	return 0;
}

int jsonw_destroy(struct json_writer **wp)
{
	struct json_writer *w = *wp;
	int ret = 0;

	assert(w->depth == 0);
	if (w->dest)
		ret = jsonw_indent(w);
	else if (w->wrote)
		putc('\n', w->out);
	free(w->doc);
	free(w);
	*wp = NULL;
	return ret;
}

/* Before any value or name: the comma. */
static void jsonw_sep(struct json_writer *w)
{
	w->wrote = true;
	if (w->after_name) {
		w->after_name = false;
		return;
	}
	if (w->comma)
		putc(',', w->out);
	w->comma = true;
}

/* The kernel's escapes exactly: anything else would break byte equality. */
static void jsonw_quote(struct json_writer *w, const char *s)
{
	unsigned char c;

	putc('"', w->out);
	while ((c = *s++)) {
		switch (c) {
		case '"':
			fputs("\\\"", w->out);
			break;
		case '\\':
			fputs("\\\\", w->out);
			break;
		case '\n':
			fputs("\\n", w->out);
			break;
		case '\t':
			fputs("\\t", w->out);
			break;
		default:
			if (c < 0x20 || c == 0x7f)
				fprintf(w->out, "\\u%04x", c);
			else
				putc(c, w->out);
		}
	}
	putc('"', w->out);
}

void jsonw_name(struct json_writer *w, const char *name)
{
	jsonw_sep(w);
	jsonw_quote(w, name);
	putc(':', w->out);
	w->after_name = true;
}

void jsonw_string(struct json_writer *w, const char *value)
{
	jsonw_sep(w);
	if (value)
		jsonw_quote(w, value);
	else
		fputs("null", w->out);
}

void jsonw_int(struct json_writer *w, int64_t value)
{
	jsonw_sep(w);
	fprintf(w->out, "%" PRId64, value);
}

void jsonw_raw(struct json_writer *w, const char *json, size_t len)
{
	jsonw_sep(w);
	fwrite(json, 1, len, w->out);
}

void jsonw_bool(struct json_writer *w, bool value)
{
	jsonw_sep(w);
	fputs(value ? "true" : "false", w->out);
}

void jsonw_null(struct json_writer *w)
{
	jsonw_sep(w);
	fputs("null", w->out);
}

void jsonw_hex(struct json_writer *w, uint64_t value)
{
	jsonw_sep(w);
	fprintf(w->out, "\"0x%" PRIx64 "\"", value);
}

static void jsonw_open(struct json_writer *w, char c)
{
	jsonw_sep(w);
	putc(c, w->out);
	w->depth++;
	w->comma = false;
}

static void jsonw_close(struct json_writer *w, char c)
{
	assert(w->depth > 0);
	w->depth--;
	putc(c, w->out);
	w->comma = true;
}

void jsonw_start_object(struct json_writer *w)
{
	jsonw_open(w, '{');
}

void jsonw_end_object(struct json_writer *w)
{
	jsonw_close(w, '}');
}

void jsonw_start_array(struct json_writer *w)
{
	jsonw_open(w, '[');
}

void jsonw_end_array(struct json_writer *w)
{
	jsonw_close(w, ']');
}

void jsonw_string_field(struct json_writer *w, const char *name,
			const char *value)
{
	jsonw_name(w, name);
	jsonw_string(w, value);
}

void jsonw_int_field(struct json_writer *w, const char *name, int64_t value)
{
	jsonw_name(w, name);
	jsonw_int(w, value);
}

void jsonw_bool_field(struct json_writer *w, const char *name, bool value)
{
	jsonw_name(w, name);
	jsonw_bool(w, value);
}

void jsonw_null_field(struct json_writer *w, const char *name)
{
	jsonw_name(w, name);
	jsonw_null(w);
}

void jsonw_hex_field(struct json_writer *w, const char *name, uint64_t value)
{
	jsonw_name(w, name);
	jsonw_hex(w, value);
}
