// SPDX-License-Identifier: GPL-2.0
/*
 * kapi diff OLD NEW: the API changes between two sets of specs, as a
 * report (text or JSON), with the verdict in the exit status:
 * 0 identical, 1 compatible changes only, 2 at least one incompatible.
 *
 * OLD and NEW are "vmlinux:FILE", "source:PATH", "debugfs:DIR", or a path
 * whose kind is guessed (see kapi_origin_parse()); the kinds may differ,
 * which is how the three readers are checked against each other.
 */
#include <string.h>

#include "compare.h"
#include "kapi_parse.h"
#include "main.h"
#include "model.h"
#include "read.h"

/* Text shows a value only when it fits on a line; JSON has them all. */
#define SHORT_VALUE	60

static bool is_short(const char *s)
{
	return !s || (strlen(s) <= SHORT_VALUE && !strchr(s, '\n'));
}

static void print_change_text(const struct kapi_change *ch)
{
	const char *o = ch->old_val, *n = ch->new_val;

	printf("%s: %s: ", ch->spec, kapi_change_level_name(ch->level));
	printf("%s%s%s", ch->field ? ch->field : "spec",
	       ch->field ? ": " : " ", kapi_change_kind_name(ch->kind));
	if (ch->detail)
		printf(" (%s)", ch->detail);
	if (is_short(o) && is_short(n)) {
		if (ch->kind == KAPI_CHANGE_ADDED && n)
			printf(": %s", n);
		else if (ch->kind == KAPI_CHANGE_REMOVED && o)
			printf(": %s", o);
		else if (o || n)
			printf(": %s -> %s", o ? o : "(none)",
			       n ? n : "(none)");
	}
	putchar('\n');
}

static void print_text_report(const struct kapi_changes *c)
{
	unsigned int i, incompatible = 0;

	for (i = 0; i < c->n; i++) {
		print_change_text(&c->v[i]);
		incompatible += c->v[i].level == KAPI_INCOMPATIBLE;
	}
	if (!c->n)
		printf("no changes\n");
	else
		printf("%u change%s: %u incompatible, %u compatible\n", c->n,
		       c->n == 1 ? "" : "s", incompatible,
		       c->n - incompatible);
}

static void print_json_report(const struct kapi_origin *old,
			      const struct kapi_origin *new,
			      const struct kapi_changes *c)
{
	struct json_writer *w = json_wtr;
	unsigned int i, incompatible = 0;
	const struct kapi_change *ch;
	char buf[4096];

	for (i = 0; i < c->n; i++)
		incompatible += c->v[i].level == KAPI_INCOMPATIBLE;
	jsonw_start_object(w);
	snprintf(buf, sizeof(buf), "%s:%s",
		 kapi_origin_kind_name(old->kind), old->path);
	jsonw_string_field(w, "old", buf);
	snprintf(buf, sizeof(buf), "%s:%s",
		 kapi_origin_kind_name(new->kind), new->path);
	jsonw_string_field(w, "new", buf);
	jsonw_string_field(w, "result",
			   kapi_change_level_name(kapi_changes_level(c)));
	jsonw_int_field(w, "incompatible", incompatible);
	jsonw_int_field(w, "compatible", c->n - incompatible);
	jsonw_name(w, "changes");
	jsonw_start_array(w);
	for (i = 0; i < c->n; i++) {
		ch = &c->v[i];
		jsonw_start_object(w);
		jsonw_string_field(w, "spec", ch->spec);
		jsonw_string_field(w, "field", ch->field);
		jsonw_string_field(w, "change", kapi_change_kind_name(ch->kind));
		jsonw_string_field(w, "level",
				   kapi_change_level_name(ch->level));
		jsonw_string_field(w, "detail", ch->detail);
		jsonw_string_field(w, "old", ch->old_val);
		jsonw_string_field(w, "new", ch->new_val);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
	jsonw_end_object(w);
}

int do_diff(int argc, char **argv)
{
	struct kapi_origin old, new;
	struct kapi_set a, b;
	struct kapi_changes c;
	int ret;

	if (argc != 2) {
		p_err("diff needs two arguments: OLD NEW (each vmlinux:FILE, source:PATH, debugfs:DIR or a path)");
		return KAPI_EXIT_USAGE;
	}
	if (!json_output && output_format != KAPI_FMT_TEXT) {
		p_err("diff: --format %s is not supported (text or json)",
		      format_name(output_format));
		return KAPI_EXIT_USAGE;
	}
	ret = kapi_origin_parse(argv[0], &old);
	if (!ret)
		ret = kapi_origin_parse(argv[1], &new);
	if (ret)
		return ret;
	ret = kapi_set_load(&a, &old);
	if (ret) {
		kapi_set_free(&a);
		return ret;
	}
	ret = kapi_set_load(&b, &new);
	if (ret) {
		kapi_set_free(&a);
		kapi_set_free(&b);
		return ret;
	}
	if (a.errno_abi != b.errno_abi)
		p_warn("%s numbers errnos as %s, %s as %s: an errno's number changes with them",
		       old.path, kapi_errno_abi_name(a.errno_abi), new.path,
		       kapi_errno_abi_name(b.errno_abi));
	kapi_compare(&a, &b, &c);
	if (json_output)
		print_json_report(&old, &new, &c);
	else
		print_text_report(&c);
	ret = kapi_changes_level(&c);
	kapi_changes_free(&c);
	kapi_set_free(&a);
	kapi_set_free(&b);
	return ret;
}
