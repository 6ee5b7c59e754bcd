// SPDX-License-Identifier: GPL-2.0
/*
 * XML: one document of the specs shown (<kapi-specs>) or of their list
 * summaries (<kapi-list>). It carries what the JSON carries, field for
 * field, walked in the order lib/kapi/render_json.c writes them, so
 * that a field added there is easy to follow here. The section entries
 * are walked through the model's field tables, which makes a new field of
 * a section appear without a change to this file.
 *
 * The mapping (documented in Documentation/kapi.rst): a JSON key is the
 * name of an attribute or an element. Numbers, booleans, words of the
 * model and the strings that name a thing are attributes; a list of words
 * or numbers is one attribute, its items separated by a space; prose is
 * element text; a list of objects is an element holding one element per
 * object; a null value is left out. Integers and masks are written as the
 * JSON writes them.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/kapi_fields.h>
#include <linux/kapi_names.h>
#include "main.h"
#include "print.h"

struct xml {
	FILE *f;
	unsigned int depth;	/* elements open */
	bool in_tag;		/* the last start tag is not closed yet */
	const char *spec;	/* name of the spec being written */
	const char *bad;	/* the first spec with a string not UTF-8 */
};

/*
 * The code point at @s in *@cp; returns its length in bytes, or 0 where @s
 * is not UTF-8: a stray or missing continuation byte, an overlong form, a
 * surrogate or a value past U+10FFFF. Reading stops at a NUL, which is
 * never a continuation byte.
 */
static unsigned int utf8_next(const unsigned char *s, u32 *cp)
{
	unsigned int i, n;
	u32 c = s[0], min;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
		c &= 0x1f;
		min = 0x80;
	} else if ((c & 0xf0) == 0xe0) {
		n = 3;
		c &= 0x0f;
		min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		c &= 0x07;
		min = 0x10000;
	} else {
		return 0;
	}
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

/*
 * @s as character data of an attribute (@attr) or of an element. A tab or
 * a newline in an attribute is a reference, since a parser would turn it
 * into a space; a carriage return is one everywhere, since a parser would
 * turn it into a newline. DEL and the C1 controls are references too, to
 * be seen. The other C0 controls cannot be in XML 1.0 at all, not even as
 * references (and libxml2 does not read XML 1.1): each is written as its
 * control picture, U+2401 to U+241F, and U+FFFE and U+FFFF, which are no
 * XML characters either, as U+FFFD. A string that is not UTF-8 makes the
 * document fail (x->bad): there is no encoding to declare for it.
 */
static void x_escape(struct xml *x, const char *s, bool attr)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned int n;
	u32 c;

	for (; *p; p += n) {
		n = utf8_next(p, &c);
		if (!n) {
			if (!x->bad)
				x->bad = x->spec;
			return;
		}
		switch (c) {
		case '&':
			fputs("&amp;", x->f);
			break;
		case '<':
			fputs("&lt;", x->f);
			break;
		case '>':
			fputs("&gt;", x->f);
			break;
		case '"':
			fputs("&quot;", x->f);
			break;
		case '\t':
		case '\n':
			if (attr)
				fprintf(x->f, "&#x%X;", c);
			else
				putc(c, x->f);
			break;
		case '\r':
			fputs("&#xD;", x->f);
			break;
		case 0xfffe:
		case 0xffff:
			fputs("\xef\xbf\xbd", x->f);
			break;
		default:
			if (c < 0x20)
				fprintf(x->f, "\xe2\x90%c", 0x80 + c);
			else if (c >= 0x7f && c <= 0x9f)
				fprintf(x->f, "&#x%X;", c);
			else
				fwrite(p, 1, n, x->f);
		}
	}
}

/* Ends the open start tag: the element has content. */
static void x_content(struct xml *x)
{
	if (x->in_tag)
		fputs(">\n", x->f);
	x->in_tag = false;
}

/* "<tag": its attributes follow, then its content, then x_end(). */
static void x_begin(struct xml *x, const char *tag)
{
	x_content(x);
	fprintf(x->f, "%*s<%s", 2 * x->depth, "", tag);
	x->in_tag = true;
	x->depth++;
}

/* An element without content ends as "<tag .../>". */
static void x_end(struct xml *x, const char *tag)
{
	x->depth--;
	if (x->in_tag)
		fputs("/>\n", x->f);
	else
		fprintf(x->f, "%*s</%s>\n", 2 * x->depth, "", tag);
	x->in_tag = false;
}

/* An attribute of the open start tag; a NULL string is left out. */
static void x_attr(struct xml *x, const char *name, const char *v)
{
	if (!v)
		return;
	fprintf(x->f, " %s=\"", name);
	x_escape(x, v, true);
	putc('"', x->f);
}

static void x_int(struct xml *x, const char *name, s64 v)
{
	fprintf(x->f, " %s=\"%lld\"", name, (long long)v);
}

/* Masks are u64: "0x..." as in the JSON, which must survive doubles. */
static void x_hex(struct xml *x, const char *name, u64 v)
{
	fprintf(x->f, " %s=\"0x%llx\"", name, (unsigned long long)v);
}

static void x_name(struct xml *x, const char *name,
		   const struct kapi_names *names, unsigned int v)
{
	x_attr(x, name, kapi_name(names, v));
}

/* The names of the bits of @bits, "bitN" for one without a name. */
static void x_flags(struct xml *x, const char *name,
		    const struct kapi_names *names, u32 bits)
{
	const char *sep = "";
	unsigned int i;

	fprintf(x->f, " %s=\"", name);
	for (i = 0; i < 32; i++) {
		if (!(bits & (1U << i)))
			continue;
		fputs(sep, x->f);
		if (i < names->count)
			x_escape(x, names->names[i], true);
		else
			fprintf(x->f, "bit%u", i);
		sep = " ";
	}
	putc('"', x->f);
}

/* <tag>@v</tag>, nothing when @v is NULL. */
static void x_text(struct xml *x, const char *tag, const char *v)
{
	if (!v)
		return;
	x_content(x);
	fprintf(x->f, "%*s<%s>", 2 * x->depth, "", tag);
	x_escape(x, v, false);
	fprintf(x->f, "</%s>\n", tag);
}

/*
 * The numbers of a constraint that only the compiler knows (a spec read
 * from source) are left out; an enum's values are <value> elements, so
 * that such a value still counts, as an empty one.
 */
static void xml_constraint(struct xml *x, const struct kapi_param *p)
{
	bool first_unknown = p->unknown & KAPI_UNKNOWN_FIRST;
	unsigned int i;

	x_begin(x, "constraint");
	x_name(x, "kind", &kapi_constraint_names, p->constraint);
	switch (p->constraint) {
	case KAPI_CONSTRAINT_RANGE:
		if (!first_unknown)
			x_int(x, "min", p->ext.min);
		if (!(p->unknown & KAPI_UNKNOWN_MAX))
			x_int(x, "max", p->ext.max);
		break;
	case KAPI_CONSTRAINT_MASK:
		if (!first_unknown)
			x_hex(x, "mask", p->ext.mask);
		break;
	case KAPI_CONSTRAINT_ALIGNMENT:
		if (!first_unknown)
			x_int(x, "align", p->ext.align);
		break;
	case KAPI_CONSTRAINT_ENUM:
		for (i = 0; p->ext.values && i < p->n_values; i++) {
			x_content(x);
			if (first_unknown)
				fprintf(x->f, "%*s<value/>\n", 2 * x->depth, "");
			else
				fprintf(x->f, "%*s<value>%lld</value>\n",
					2 * x->depth, "",
					(long long)p->ext.values[i]);
		}
		break;
	case KAPI_CONSTRAINT_BUFFER:
		x_int(x, "size_param", p->size_param);
		break;
	}
	x_end(x, "constraint");
}

/*
 * A value set, "values" as in the JSON; its own list of values is its
 * <value> elements. A value's number is left out where the spec was read
 * from source, which does not know it.
 */
static void xml_set(struct xml *x, const struct kapi_value_set *set,
		    u8 others)
{
	const struct kapi_value *v;
	unsigned int i;

	if (!set)
		return;
	x_begin(x, "values");
	x_attr(x, "name", set->name);
	x_name(x, "kind", &kapi_set_kind_names, set->kind);
	x_name(x, "others", &kapi_others_names, others);
	for (i = 0; set->values && i < set->n_values; i++) {
		v = &set->values[i];
		x_begin(x, "value");
		x_attr(x, "name", v->name);
		if (set->valued)
			x_int(x, "value", v->value);
		x_text(x, "description", v->desc);
		x_end(x, "value");
	}
	x_end(x, "values");
}

/*
 * The structure a pointer points to, "struct" as in the JSON; its list of
 * members ("fields") is its <field> elements. Offsets and sizes, which
 * only the compiler knows, are left out where the spec was read from
 * source.
 */
static void xml_layout(struct xml *x, const struct kapi_param *p)
{
	const struct kapi_struct *lo = p->layout;
	const struct kapi_struct_field *f;
	unsigned int i;

	if (!lo)
		return;
	x_begin(x, "struct");
	x_attr(x, "name", lo->name);
	if (lo->laid_out)
		x_int(x, "size", lo->size);
	if (p->count_param >= 0)
		x_int(x, "count_param", p->count_param);
	x_flags(x, "member_flags", &kapi_param_flag_names, p->member_flags);
	for (i = 0; lo->fields && i < lo->n_fields; i++) {
		f = &lo->fields[i];
		x_begin(x, "field");
		x_attr(x, "name", f->name);
		x_attr(x, "ctype", f->ctype);
		x_name(x, "type", &kapi_type_names, f->type);
		x_flags(x, "flags", &kapi_param_flag_names, f->flags);
		if (lo->laid_out) {
			x_int(x, "offset", f->offset);
			x_int(x, "size", f->size);
		}
		if (f->size_of >= 0)
			x_int(x, "size_of", f->size_of);
		xml_set(x, f->set, f->others);
		x_text(x, "description", f->desc);
		x_end(x, "field");
	}
	x_end(x, "struct");
}

static void xml_params(struct xml *x, const struct kapi_spec *spec)
{
	const struct kapi_param *p;
	unsigned int i;

	x_begin(x, "params");
	for (i = 0; spec->params && i < spec->n_params; i++) {
		p = &spec->params[i];
		x_begin(x, "param");
		x_int(x, "index", i);
		x_attr(x, "name", p->name);
		x_attr(x, "ctype", p->ctype);
		x_name(x, "type", &kapi_type_names, p->type);
		x_flags(x, "flags", &kapi_param_flag_names, p->flags);
		/* attributes before the elements, though JSON has them last */
		if (p->error)
			x_int(x, "error", p->error);
		if (p->error_above)
			x_int(x, "error_above", p->error_above);
		xml_constraint(x, p);
		xml_set(x, p->set, p->others);
		xml_layout(x, p);
		x_text(x, "description", p->desc);
		x_text(x, "valid", p->valid);
		x_end(x, "param");
	}
	x_end(x, "params");
}

static void xml_return(struct xml *x, const struct kapi_spec *spec)
{
	const struct kapi_return *r = &spec->ret;

	x_begin(x, "return");
	x_name(x, "type", &kapi_type_names, r->type);
	x_name(x, "check", &kapi_return_check_names, r->check);
	x_int(x, "success_min", r->success_min);
	x_int(x, "success_max", r->success_max);
	x_text(x, "description", r->desc);
	x_end(x, "return");
}

/*
 * A string field is prose, an element, unless it identifies its entry
 * (KEY in kapi_model.h: a name, a target, the states of a transition).
 */
static bool x_is_prose(const struct kapi_field *f)
{
	return f->shape == KAPI_SHAPE_STR && f->compat != KAPI_COMPAT_KEY;
}

/*
 * One entry of a list section, named by its struct: <error> for a struct
 * kapi_error, as every ctype of kapi_sections[] is "struct kapi_<tag>".
 */
static void xml_entry(struct xml *x, const struct kapi_spec *spec,
		      const struct kapi_section *sec, const void *entry)
{
	const char *tag = sec->ctype + strlen("struct kapi_");
	const struct kapi_field *f;
	unsigned int i;
	char id[96];

	x_begin(x, tag);
	for (i = 0; i < sec->n_fields; i++) {
		f = &sec->fields[i];
		switch (f->shape) {
		case KAPI_SHAPE_STR:
			if (!x_is_prose(f))
				x_attr(x, f->json, kapi_field_str(entry, f));
			break;
		case KAPI_SHAPE_CMD:
			x_attr(x, f->json, kapi_field_text(spec, entry, f));
			break;
		case KAPI_SHAPE_INT:
		case KAPI_SHAPE_UINT:
			x_int(x, f->json, kapi_field_int(entry, f));
			break;
		case KAPI_SHAPE_BOOL:
			x_attr(x, f->json,
			       kapi_field_int(entry, f) ? "true" : "false");
			break;
		case KAPI_SHAPE_ENUM:
			x_name(x, f->json, f->names, kapi_field_int(entry, f));
			break;
		case KAPI_SHAPE_FLAGS:
			x_flags(x, f->json, f->names, kapi_field_int(entry, f));
			break;
		case KAPI_SHAPE_ITEM_ID:
			snprintf(id, sizeof(id), KAPI_ITEM_ID_FMT,
				 spec->name ?: "?", kapi_item_id_prefix(entry),
				 ((const struct kapi_item *)entry)->number);
			x_attr(x, f->json, id);
			break;
		}
	}
	for (i = 0; i < sec->n_fields; i++)
		if (x_is_prose(&sec->fields[i]))
			x_text(x, sec->fields[i].json,
			       kapi_field_str(entry, &sec->fields[i]));
	x_end(x, tag);
}

static void xml_section(struct xml *x, const struct kapi_spec *spec,
			const struct kapi_section *sec)
{
	unsigned int i, n = kapi_section_count(spec, sec);
	const void *entry;

	x_begin(x, sec->json);
	for (i = 0; i < n; i++) {
		entry = kapi_section_entry(spec, sec, i);
		if (!entry)
			break;
		xml_entry(x, spec, sec, entry);
	}
	x_end(x, sec->json);
}

/* The attributes <spec> has in show and list. */
static void xml_spec_head(struct xml *x, const struct kapi_spec *s)
{
	x->spec = s->name ?: "?";
	x_begin(x, "spec");
	x_attr(x, "name", s->name);
	x_name(x, "kind", &kapi_kind_names, s->kind);
	if (s->kind == KAPI_KIND_SYSCALL && s->nr >= 0)
		x_int(x, "nr", s->nr);
}

static void xml_spec(struct xml *x, const struct kapi_spec *s)
{
	unsigned int i;

	xml_spec_head(x, s);
	x_flags(x, "context", &kapi_ctx_names, s->context);
	x_attr(x, "since", s->since);
	fputs(" check_order=\"", x->f);
	for (i = 0; i < s->n_check_order; i++)
		fprintf(x->f, "%s%u", i ? " " : "", s->check_order[i]);
	putc('"', x->f);
	x_text(x, "summary", s->summary);
	x_text(x, "description", s->desc);
	x_begin(x, "source");
	x_attr(x, "file", s->file);
	x_int(x, "line", s->line);
	x_end(x, "source");
	xml_params(x, s);
	xml_return(x, s);
	for (i = 0; i < KAPI_N_SECTIONS; i++)
		xml_section(x, s, &kapi_sections[i]);
	x_text(x, "examples", s->examples);
	x_text(x, "notes", s->notes);
	x_end(x, "spec");
}

/* What `list` says of a spec: its summary and its counts. */
static void xml_list_spec(struct xml *x, const struct kapi_spec *s)
{
	unsigned int i;

	xml_spec_head(x, s);
	x_text(x, "summary", s->summary);
	x_begin(x, "counts");
	x_int(x, "params", s->n_params);
	for (i = 0; i < KAPI_N_SECTIONS; i++)
		x_int(x, kapi_sections[i].json,
		      kapi_section_count(s, &kapi_sections[i]));
	x_end(x, "counts");
	x_end(x, "spec");
}

/*
 * The document is built in memory and printed only when complete: a string
 * that is not UTF-8 is found on the way and must leave nothing printed, as
 * with -p.
 */
static int xml_document(FILE *out, const char *root,
			const struct kapi_spec *const *specs, unsigned int n,
			void (*one)(struct xml *x, const struct kapi_spec *s))
{
	struct xml x = { 0 };
	char *doc = NULL;
	size_t len = 0;
	unsigned int i;
	int failed, ret = KAPI_EXIT_OK;

	x.f = open_memstream(&doc, &len);
	if (!x.f) {
		p_err("out of memory");
		return KAPI_EXIT_INTERNAL;
	}
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", x.f);
	x_begin(&x, root);
	x_int(&x, "version", KAPI_SPEC_VERSION);
	for (i = 0; i < n; i++)
		one(&x, specs[i]);
	x_end(&x, root);
	/* a failed write to memory shows in ferror(), not always in fclose() */
	failed = ferror(x.f);
	if (fclose(x.f) || failed) {
		p_err("out of memory");
		ret = KAPI_EXIT_INTERNAL;
	} else if (x.bad) {
		p_err("--format xml: a string of '%s' is not UTF-8, as XML must be; -j prints it as it is",
		      x.bad);
		ret = KAPI_EXIT_CORRUPT;
	} else {
		fwrite(doc, 1, len, out);
	}
	free(doc);
	return ret;
}

int print_xml(FILE *f, const struct kapi_spec *const *specs, unsigned int n)
{
	return xml_document(f, "kapi-specs", specs, n, xml_spec);
}

int print_xml_list(FILE *f, const struct kapi_spec *const *specs,
		   unsigned int n)
{
	return xml_document(f, "kapi-list", specs, n, xml_list_spec);
}
