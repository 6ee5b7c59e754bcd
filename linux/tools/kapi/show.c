// SPDX-License-Identifier: GPL-2.0
/*
 * kapi list, kapi show [NAME...]: the specs of the selected source, in the
 * selected format.
 *
 * Text and JSON come from the kernel's renderers (lib/kapi/render_*.c),
 * so `show NAME` prints exactly debugfs specs/NAME or json/NAME. In JSON,
 * `show` with no name or several names is an array of such objects, as
 * bpftool does for one object versus all of them. `list` prints the lines
 * of debugfs `list` (text), an array of summaries (JSON) or a table (rst).
 * XML is one document for any number of specs, in show and in list.
 */
#include <string.h>

#include <linux/seq_buf.h>

#include <linux/kapi_fields.h>
#include <linux/kapi_names.h>
#include "main.h"
#include "model.h"
#include "print.h"
#include "read.h"

static void list_json(const struct kapi_spec *s)
{
	struct json_writer *w = json_wtr;
	unsigned int i;

	jsonw_start_object(w);
	jsonw_string_field(w, "name", s->name);
	jsonw_string_field(w, "kind", kapi_name(&kapi_kind_names, s->kind));
	if (s->kind == KAPI_KIND_SYSCALL && s->nr >= 0)
		jsonw_int_field(w, "nr", s->nr);
	else
		jsonw_null_field(w, "nr");
	jsonw_string_field(w, "summary", s->summary);
	jsonw_name(w, "counts");
	jsonw_start_object(w);
	jsonw_int_field(w, "params", s->n_params);
	for (i = 0; i < KAPI_N_SECTIONS; i++)
		jsonw_int_field(w, kapi_sections[i].json,
				kapi_section_count(s, &kapi_sections[i]));
	jsonw_end_object(w);
	jsonw_end_object(w);
}

/* The line debugfs `list` has for @s, by the kernel's renderer. */
static int list_text(const struct kapi_spec *s)
{
	struct seq_buf sb = SEQ_BUF_INIT;
	int ret = KAPI_EXIT_OK;

	kapi_render_list_line(&sb, s);
	if (seq_buf_has_overflowed(&sb)) {
		p_err("out of memory rendering '%s'", s->name);
		ret = KAPI_EXIT_INTERNAL;
	} else {
		fwrite(seq_buf_str(&sb), 1, seq_buf_used(&sb), stdout);
	}
	seq_buf_free(&sb);
	return ret;
}

int do_list(int argc, char **argv)
{
	struct kapi_set set;
	unsigned int i;
	int ret;

	(void)argv;
	if (argc) {
		p_err("list takes no arguments");
		return KAPI_EXIT_USAGE;
	}
	if (output_format == KAPI_FMT_MAN ||
	    output_format == KAPI_FMT_SYZLANG ||
	    output_format == KAPI_FMT_SYZLANG_CONST) {
		p_err("list: --format %s is not supported; use show",
		      format_name(output_format));
		return KAPI_EXIT_USAGE;
	}
	ret = kapi_set_load(&set, &main_origin);
	if (ret) {
		kapi_set_free(&set);
		return ret;
	}
	if (output_format == KAPI_FMT_XML) {
		ret = print_xml_list(stdout, set.specs, set.n);
		kapi_set_free(&set);
		return ret;
	}
	if (json_output)
		jsonw_start_array(json_wtr);
	if (output_format == KAPI_FMT_RST)
		print_rst_list(stdout, set.specs, set.n);
	for (i = 0; i < set.n && output_format != KAPI_FMT_RST && !ret; i++) {
		if (json_output)
			list_json(set.specs[i]);
		else
			ret = list_text(set.specs[i]);
	}
	if (json_output)
		jsonw_end_array(json_wtr);
	kapi_set_free(&set);
	return ret;
}

/*
 * @s as the kernel's debugfs shows it, specs/<name> or json/<name>, by the
 * kernel's own renderer.
 */
static int show_rendered(const struct kapi_spec *s, bool first)
{
	struct seq_buf sb = SEQ_BUF_INIT;
	int ret = KAPI_EXIT_OK;
	size_t len;

	if (json_output)
		kapi_render_json(&sb, s);
	else
		kapi_render_text(&sb, s);
	len = seq_buf_used(&sb);
	if (seq_buf_has_overflowed(&sb)) {
		p_err("out of memory rendering '%s'", s->name);
		ret = KAPI_EXIT_INTERNAL;
	} else if (json_output) {
		/* a value in the document: without the file's newline */
		if (len && seq_buf_str(&sb)[len - 1] == '\n')
			len--;
		jsonw_raw(json_wtr, seq_buf_str(&sb), len);
	} else {
		if (!first)
			putchar('\n');
		fwrite(seq_buf_str(&sb), 1, len, stdout);
	}
	seq_buf_free(&sb);
	return ret;
}

static int show_one(const struct kapi_spec *s, bool first)
{
	switch (output_format) {
	case KAPI_FMT_RST:
		if (!first)
			putchar('\n');
		print_rst(stdout, s);
		break;
	case KAPI_FMT_MAN:
		print_man(stdout, s);
		break;
	case KAPI_FMT_SYZLANG:
		print_syzlang(stdout, s);
		break;
	default:
		return show_rendered(s, first);
	}
	return KAPI_EXIT_OK;
}

int do_show(int argc, char **argv)
{
	const struct kapi_spec **pick;
	struct kapi_set set;
	unsigned int i, n;
	int ret;

	/* the numbers of the names are the compiler's */
	if (output_format == KAPI_FMT_SYZLANG_CONST &&
	    main_origin.kind == KAPI_ORIGIN_SOURCE) {
		p_err("--format syzlang-const needs the numbers of a compiled spec (--vmlinux or --debugfs); --source has the names only");
		return KAPI_EXIT_USAGE;
	}
	ret = kapi_set_load(&set, &main_origin);
	if (ret) {
		kapi_set_free(&set);
		return ret;
	}
	/* look every name up before printing anything */
	n = argc ? (unsigned int)argc : set.n;
	pick = arena_alloc(&set.arena, (n + 1) * sizeof(*pick));
	for (i = 0; i < n; i++) {
		pick[i] = argc ? kapi_set_find(&set, argv[i]) : set.specs[i];
		if (!pick[i]) {
			p_err("%s: no spec named '%s'", set.origin.path,
			      argv[i]);
			kapi_set_free(&set);
			return KAPI_EXIT_NO_SPEC;
		}
	}
	if (output_format == KAPI_FMT_XML) {
		ret = print_xml(stdout, pick, n);
		kapi_set_free(&set);
		return ret;
	}
	if (output_format == KAPI_FMT_SYZLANG_CONST) {
		ret = print_syzlang_const(stdout, &set.origin, pick, n);
		kapi_set_free(&set);
		return ret;
	}
	if (output_format == KAPI_FMT_SYZLANG)
		print_syzlang_header(stdout);
	if (json_output && argc != 1)
		jsonw_start_array(json_wtr);
	for (i = 0; i < n && !ret; i++)
		ret = show_one(pick[i], i == 0);
	if (output_format == KAPI_FMT_SYZLANG && !ret)
		print_syzlang_sets(stdout, pick, n);
	if (json_output && argc != 1)
		jsonw_end_array(json_wtr);
	kapi_set_free(&set);
	return ret;
}
