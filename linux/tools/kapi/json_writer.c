// SPDX-License-Identifier: GPL-2.0
/*
 * Streaming JSON writer; see json_writer.h. The writer only tracks whether
 * the next value needs a comma and how deep it is: callers are trusted to
 * nest correctly, and an imbalance is caught by an assertion at the end.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>

#include "json_writer.h"

struct json_writer {
	FILE *out;
	unsigned int depth;
	bool pretty;
	bool comma;		/* a value was written at this level */
	bool after_name;	/* the value follows "name": */
	bool wrote;		/* anything at all: then end with a newline */
};

struct json_writer *jsonw_new(FILE *f)
{
	struct json_writer *w = calloc(1, sizeof(*w));

	if (w)
		w->out = f;
	return w;
}

void jsonw_destroy(struct json_writer **wp)
{
	struct json_writer *w = *wp;

	assert(w->depth == 0);
	if (w->wrote)
		putc('\n', w->out);
	free(w);
	*wp = NULL;
}

void jsonw_pretty(struct json_writer *w, bool on)
{
	w->pretty = on;
}

static void jsonw_eol(struct json_writer *w)
{
	unsigned int i;

	if (!w->pretty)
		return;
	putc('\n', w->out);
	for (i = 0; i < w->depth; i++)
		fputs("    ", w->out);
}

/* Before any value or name: the comma and, when pretty, a new line. */
static void jsonw_sep(struct json_writer *w)
{
	w->wrote = true;
	if (w->after_name) {
		w->after_name = false;
		return;
	}
	if (w->comma)
		putc(',', w->out);
	if (w->depth)
		jsonw_eol(w);
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
	if (w->pretty)
		putc(' ', w->out);
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
	/* an empty container stays on one line: [] and {} */
	if (w->comma)
		jsonw_eol(w);
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
