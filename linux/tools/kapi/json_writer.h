/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small streaming JSON writer for what the kernel does not render: list,
 * diff and trace output, and the arrays around specs, which come from the
 * kernel's kapi_render_json() through jsonw_raw(). It writes as the kernel
 * does, no blanks and the same escapes; pretty output is the finished
 * document indented by four spaces, like bpftool's, by jansson.
 */
#ifndef KAPI_TOOL_JSON_WRITER_H
#define KAPI_TOOL_JSON_WRITER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct json_writer;

struct json_writer *jsonw_new(FILE *f, bool pretty);
/*
 * Ends the document (if any) with a newline and frees the writer. 0, or
 * when pretty: -EILSEQ if a string is not UTF-8 (JSON must be; the
 * compact document was written as it is), -ENOMEM, or -EINVAL for a
 * document that is not JSON; nothing is written then.
 */
int jsonw_destroy(struct json_writer **w);

void jsonw_name(struct json_writer *w, const char *name);
void jsonw_string(struct json_writer *w, const char *value); /* NULL: null */
void jsonw_int(struct json_writer *w, int64_t value);
void jsonw_bool(struct json_writer *w, bool value);
void jsonw_null(struct json_writer *w);
/* A u64 as a "0x..." string: survives parsers that use doubles. */
void jsonw_hex(struct json_writer *w, uint64_t value);
/* @len bytes of JSON text, one complete value, written as they are. */
void jsonw_raw(struct json_writer *w, const char *json, size_t len);

void jsonw_start_object(struct json_writer *w);
void jsonw_end_object(struct json_writer *w);
void jsonw_start_array(struct json_writer *w);
void jsonw_end_array(struct json_writer *w);

void jsonw_string_field(struct json_writer *w, const char *name,
			const char *value);
void jsonw_int_field(struct json_writer *w, const char *name, int64_t value);
void jsonw_bool_field(struct json_writer *w, const char *name, bool value);
void jsonw_null_field(struct json_writer *w, const char *name);
void jsonw_hex_field(struct json_writer *w, const char *name, uint64_t value);

#endif /* KAPI_TOOL_JSON_WRITER_H */
