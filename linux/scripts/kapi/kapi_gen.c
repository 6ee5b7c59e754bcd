// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_gen.c - parsed specs to C: the <file>.apispec.h a source includes
 *
 * Numbers are written as the expressions the annotation used, so that the
 * kernel compiler, not this program, decides what O_LARGEFILE is on the
 * architecture being built. Each expression is followed by a
 * _Static_assert() that the compiler's value is the one kapi_symbols.c
 * holds for the target (kapi-gen --arch; x86-64 and arm64 have tables),
 * which keeps the host tables (and so tools/kapi reading specs from
 * source) honest.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "kapi_gen.h"
#include "kapi_internal.h"

struct gen {
	FILE *out;
	const char *src;
	const struct kapi_parsed_spec *spec;
	const struct kapi_file *file;
	struct kapi_sbuf asserts;	/* the target's value checks, at the end */
	struct kapi_sbuf map_asserts;	/* arch-independent checks */
};

/*
 * KAPI_BUILD_ASSERT(@cond, @lit) into @b, @lit a C string literal: the
 * macro (<linux/kapi_build_assert.h>), not _Static_assert() itself, so that
 * clang takes _IOW() values.
 */
static void emit_assert(struct kapi_sbuf *b, const char *cond, const char *lit)
{
	kapi_sbuf_adds(b, "KAPI_BUILD_ASSERT(");
	kapi_sbuf_adds(b, cond);
	kapi_sbuf_adds(b, ",\n\t\t  ");
	kapi_sbuf_adds(b, lit);
	kapi_sbuf_adds(b, ");\n");
}

/* Append @s to @b as the body of a C string literal. */
static void escape_into(struct kapi_sbuf *b, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char c = s[i];
		char tmp[8];

		switch (c) {
		case '\\':
			kapi_sbuf_adds(b, "\\\\");
			break;
		case '"':
			kapi_sbuf_adds(b, "\\\"");
			break;
		case '\n':
			kapi_sbuf_adds(b, "\\n");
			break;
		case '\t':
			kapi_sbuf_adds(b, "\\t");
			break;
		case '?':
			/* never let "??x" become a trigraph */
			kapi_sbuf_adds(b, i && s[i - 1] == '?' ? "\\?" : "?");
			break;
		default:
			if (c < 0x20 || c == 0x7f) {
				snprintf(tmp, sizeof(tmp), "\\%03o", c);
				kapi_sbuf_adds(b, tmp);
			} else {
				kapi_sbuf_addc(b, c);
			}
		}
	}
}

static char *c_string(const char *s)
{
	struct kapi_sbuf b = { 0 };

	kapi_sbuf_addc(&b, '"');
	escape_into(&b, s, strlen(s));
	kapi_sbuf_addc(&b, '"');
	return kapi_sbuf_take(&b);
}

/*
 * ".field = "text"," with long text split into several literals at word
 * and line boundaries, so the generated file can still be read.
 */
static void field_str(struct gen *g, const char *ind, const char *field,
		      const char *s)
{
	size_t len, pos = 0;

	if (!s)
		return;
	len = strlen(s);
	fprintf(g->out, "%s.%s =", ind, field);
	if (len <= 60) {
		char *lit = c_string(s);

		fprintf(g->out, " %s,\n", lit);
		free(lit);
		return;
	}
	while (pos < len) {
		size_t end = pos + 64 < len ? pos + 64 : len, i;
		struct kapi_sbuf b = { 0 };

		/* break after a newline, else after the last space */
		for (i = pos; i < end; i++) {
			if (s[i] == '\n') {
				end = i + 1;
				break;
			}
		}
		if (end < len && s[end - 1] != '\n') {
			for (i = end; i > pos + 16; i--) {
				if (s[i - 1] == ' ') {
					end = i;
					break;
				}
			}
		}
		kapi_sbuf_addc(&b, '"');
		escape_into(&b, s + pos, end - pos);
		kapi_sbuf_addc(&b, '"');
		fprintf(g->out, "\n%s\t%s", ind, b.s);
		kapi_sbuf_release(&b);
		pos = end;
	}
	fprintf(g->out, ",\n");
}

/* "12", "-0x10UL": nothing a table could get wrong */
static bool is_plain_number(const char *s)
{
	if (*s == '-')
		s++;
	if (!(*s >= '0' && *s <= '9'))
		return false;
	for (; *s; s++)
		if (!kapi_is_ident_char((unsigned char)*s))
			return false;
	return true;
}

/*
 * The configs under which the table values of the names in @expr hold
 * ("defined(CONFIG_PAGE_SIZE_4KB)"), joined by &&; empty if always.
 */
static void expr_cond(struct kapi_sbuf *b, const char *expr)
{
	const char *p = expr, *c;
	char name[64];
	size_t n;

	while (*p) {
		if (kapi_is_ident_start((unsigned char)*p)) {
			for (n = 0; kapi_is_ident_char((unsigned char)p[n]); n++)
				;
			c = NULL;
			if (n < sizeof(name)) {
				memcpy(name, p, n);
				name[n] = '\0';
				c = kapi_const_cond(name);
			}
			if (c && (!b->len || !strstr(b->s, c))) {
				if (b->len)
					kapi_sbuf_adds(b, " && ");
				kapi_sbuf_adds(b, c);
			}
			p += n;
		} else if (*p >= '0' && *p <= '9') {
			while (kapi_is_ident_char((unsigned char)*p))
				p++;
		} else {
			p++;
		}
	}
}

/*
 * KAPI_BUILD_ASSERT() of a table value into the checks, under the config
 * the value holds for if it has one.
 */
static void emit_table_assert(struct gen *g, const char *names,
			      const char *cond, const char *lit)
{
	struct kapi_sbuf c = { 0 };

	expr_cond(&c, names);
	if (c.len)
		kapi_sbuf_printf(&g->asserts, "#if %s\n", c.s);
	emit_assert(&g->asserts, cond, lit);
	if (c.len)
		kapi_sbuf_adds(&g->asserts, "#endif\n");
	kapi_sbuf_release(&c);
}

/*
 * Check at build time that the compiler agrees with the host table; an
 * architecture without tables has only consts[]'s borrowed values.
 */
static void assert_expr(struct gen *g, const struct kapi_expr *e,
			const char *what)
{
	char buf[160];
	char *lit, *msg;

	if (!e->text || is_plain_number(e->text) || e->symbolic ||
	    !kapi_abi_guard(kapi_arch().abi))
		return;
	snprintf(buf, sizeof(buf), "kapi: %s:%u: %s of %s: ", g->src, e->line,
		 what, g->spec->name);
	lit = kapi_xmalloc(strlen(buf) + strlen(e->text) + 80);
	sprintf(lit, "%s'%s' is not 0x%llx as scripts/kapi/kapi_symbols.c says",
		buf, e->text, (unsigned long long)e->value);
	msg = c_string(lit);
	free(lit);
	lit = kapi_xmalloc(strlen(e->text) + 40);
	sprintf(lit, "(u64)(%s) == 0x%llxULL", e->text,
		(unsigned long long)e->value);
	emit_table_assert(g, e->text, lit, msg);
	free(lit);
	free(msg);
}

static void assert_name(struct gen *g, const char *name, long long value,
			unsigned int line)
{
	char buf[512], cond[160], abi[64] = "";
	bool is_errno;
	int v;

	/* an errno's number is the target's: say whose it was taken for */
	is_errno = kapi_errno_lookup(name, &v);
	if (is_errno)
		snprintf(abi, sizeof(abi), " for %s errnos (kapi-gen --arch)",
			 kapi_errno_abi_name(kapi_errno_abi()));
	else if (!kapi_abi_guard(kapi_arch().abi) && kapi_cap_lookup(name) < 0)
		return;
	snprintf(cond, sizeof(cond), "%s == %lld", name, value);
	snprintf(buf, sizeof(buf),
		 "\"kapi: %s:%u: %s is not %lld as scripts/kapi/kapi_symbols.c says%s\"",
		 g->src, line, name, value, abi);
	emit_table_assert(g, name, cond, buf);
}

/* An s64 field from an expression, or the implied bound when unwritten. */
static void field_s64(struct gen *g, const char *ind, const char *field,
		      const struct kapi_expr *e)
{
	s64 v = (s64)e->value;

	if (e->text)
		fprintf(g->out, "%s.%s = (s64)(%s),\n", ind, field, e->text);
	else if (v == INT64_MIN)
		fprintf(g->out, "%s.%s = -9223372036854775807LL - 1,\n", ind, field);
	else
		fprintf(g->out, "%s.%s = %lldLL,\n", ind, field, (long long)v);
}

static const char *fam(enum kapi_value_list f, int v)
{
	const char *n = kapi_family_name(f, v);

	/* the parser only stores values it found in the table */
	return n ? n : "0";
}

/*
 * The value sets the file's parameters take, before any spec. Each value
 * is its name, for the compiler: the host never knows the number.
 */
static void gen_sets(struct gen *g, const struct kapi_file *f)
{
	const struct kapi_parsed_set *set;
	unsigned int i, j;

	for (i = 0; i < f->n_sets; i++) {
		set = &f->sets[i];
		if (!set->used || !set->n_values)
			continue;
		fprintf(g->out, "static const struct kapi_value __kapi_set_%s_values[] = {\n",
			set->name);
		for (j = 0; j < set->n_values; j++) {
			fprintf(g->out, "\t{\n");
			field_str(g, "\t\t", "name", set->values[j].name);
			field_str(g, "\t\t", "desc", set->values[j].desc);
			fprintf(g->out, "\t\t.value = (s64)(%s),\n\t},\n",
				set->values[j].name);
		}
		fprintf(g->out, "};\n\n");
		fprintf(g->out, "static const struct kapi_value_set __kapi_set_%s = {\n",
			set->name);
		field_str(g, "\t", "name", set->name);
		fprintf(g->out, "\t.values = __kapi_set_%s_values,\n", set->name);
		fprintf(g->out, "\t.n_values = %u,\n", set->n_values);
		fprintf(g->out, "\t.kind = %s,\n", fam(KAPI_VL_set_kind, set->kind));
		fprintf(g->out, "\t.valued = true,\n};\n\n");
	}
}

/* The first parameter of the file that takes @set. */
static const struct kapi_parsed_param *first_taker(struct gen *g,
						   const struct kapi_parsed_set *set)
{
	unsigned int i, j;

	for (i = 0; i < g->file->n_specs; i++)
		for (j = 0; j < g->file->specs[i].n_params; j++)
			if (g->file->specs[i].params[j].set == set)
				return &g->file->specs[i].params[j];
	return NULL;
}

/* KAPI_BUILD_ASSERT(@cond, "kapi: src:line: @what") into the checks. */
static void __printf(4, 5)
assert_cond(struct gen *g, const char *cond, unsigned int line,
	    const char *fmt, ...)
{
	char msg[320];
	char *lit;
	va_list ap;
	int n;

	n = snprintf(msg, sizeof(msg), "kapi: %s:%u: ", g->src, line);
	va_start(ap, fmt);
	vsnprintf(msg + n, sizeof(msg) - n, fmt, ap);
	va_end(ap);
	lit = c_string(msg);
	emit_assert(&g->map_asserts, cond, lit);
	free(lit);
}

/*
 * The build proves what a parameter's value set says against its
 * constraint: every named value passes the check the spec declares, so
 * the two cannot drift apart; an enum's names are distinct values.
 */
/*
 * What the parser checks on numbers it knows (range: min <= max, align:
 * a power of two, enum: values distinct), the build checks when a name
 * only the compiler knows is in it.
 */
static void assert_symbolic(struct gen *g, const struct kapi_parsed_param *pp)
{
	const char *cast = pp->type == KAPI_TYPE_UINT ? "(u64)" : "(s64)";
	struct kapi_sbuf c = { 0 };
	unsigned int i, j;

	switch (pp->constraint) {
	case KAPI_CONSTRAINT_RANGE:
		if (!pp->min.symbolic && !pp->max.symbolic)
			break;
		kapi_sbuf_printf(&c, "%s(%s) <= %s(%s)", cast, pp->min.text,
				 cast, pp->max.text);
		assert_cond(g, c.s, pp->min.line,
			    "range: min %s is greater than max %s",
			    pp->min.text, pp->max.text);
		break;
	case KAPI_CONSTRAINT_ALIGNMENT:
		if (!pp->align.symbolic)
			break;
		kapi_sbuf_printf(&c, "(u64)(%s) && !((u64)(%s) & ((u64)(%s) - 1))",
				 pp->align.text, pp->align.text, pp->align.text);
		assert_cond(g, c.s, pp->align.line,
			    "align: %s is not a power of two", pp->align.text);
		break;
	case KAPI_CONSTRAINT_ENUM:
		/* a set's own names: assert_set() proves them distinct */
		if (pp->values_from_set)
			break;
		for (i = 0; i < pp->n_values; i++)
			for (j = i + 1; j < pp->n_values; j++) {
				if (!pp->values[i].symbolic &&
				    !pp->values[j].symbolic)
					continue;
				c.len = 0;
				kapi_sbuf_printf(&c, "(s64)(%s) != (s64)(%s)",
						 pp->values[i].text,
						 pp->values[j].text);
				assert_cond(g, c.s, pp->values[j].line,
					    "enum: '%s' has the same value as '%s'",
					    pp->values[j].text,
					    pp->values[i].text);
			}
		break;
	}
	kapi_sbuf_release(&c);
}

static void assert_set(struct gen *g, const struct kapi_parsed_param *pp)
{
	const struct kapi_parsed_set *set = pp->set;
	struct kapi_sbuf c = { 0 };
	unsigned int i, j;
	const char *v;

	for (i = 0; i < set->n_values; i++) {
		v = set->values[i].name;
		c.len = 0;
		switch (pp->constraint) {
		case KAPI_CONSTRAINT_MASK:
			kapi_sbuf_adds(&c, "((u64)(");
			kapi_sbuf_adds(&c, v);
			kapi_sbuf_adds(&c, ") & ~(u64)(");
			kapi_sbuf_adds(&c, pp->mask.text);
			kapi_sbuf_adds(&c, ")) == 0");
			assert_cond(g, c.s, set->values[i].line,
				    "%s has bits outside the valid-mask of param '%s' of %s",
				    v, pp->name, g->spec->name);
			break;
		case KAPI_CONSTRAINT_RANGE:
			if (!pp->min.text || !pp->max.text)
				break;
			kapi_sbuf_adds(&c, "(s64)(");
			kapi_sbuf_adds(&c, v);
			kapi_sbuf_adds(&c, ") >= (s64)(");
			kapi_sbuf_adds(&c, pp->min.text);
			kapi_sbuf_adds(&c, ") && (s64)(");
			kapi_sbuf_adds(&c, v);
			kapi_sbuf_adds(&c, ") <= (s64)(");
			kapi_sbuf_adds(&c, pp->max.text);
			kapi_sbuf_adds(&c, ")");
			assert_cond(g, c.s, set->values[i].line,
				    "%s is outside the range of param '%s' of %s",
				    v, pp->name, g->spec->name);
			break;
		case KAPI_CONSTRAINT_ENUM:
			for (j = 0; j < pp->n_values; j++) {
				kapi_sbuf_adds(&c, j ? " || " : "");
				kapi_sbuf_adds(&c, "(s64)(");
				kapi_sbuf_adds(&c, v);
				kapi_sbuf_adds(&c, ") == (s64)(");
				kapi_sbuf_adds(&c, pp->values[j].text);
				kapi_sbuf_adds(&c, ")");
			}
			if (pp->n_values && !pp->values_from_set)
				assert_cond(g, c.s, set->values[i].line,
					    "%s is not among the enum: values of param '%s' of %s",
					    v, pp->name, g->spec->name);
			break;
		}
	}
	/* distinct enum values, checked once per set; a flag may alias one */
	if (set->kind == KAPI_SET_ENUM && pp == first_taker(g, set)) {
		for (i = 0; i < set->n_values; i++) {
			for (j = i + 1; j < set->n_values; j++) {
				c.len = 0;
				kapi_sbuf_adds(&c, "(s64)(");
				kapi_sbuf_adds(&c, set->values[i].name);
				kapi_sbuf_adds(&c, ") != (s64)(");
				kapi_sbuf_adds(&c, set->values[j].name);
				kapi_sbuf_adds(&c, ")");
				assert_cond(g, c.s, set->values[j].line,
					    "%s of enum value-set '%s' is the same value as %s",
					    set->values[j].name, set->name,
					    set->values[i].name);
			}
		}
	}
	kapi_sbuf_release(&c);
}

/*
 * The build proves a struct-layout against the structure: each member has
 * the C type written, the members come in memory order with nothing but
 * padding between them, and only tail padding follows the last.
 */
static void assert_layout(struct gen *g, const struct kapi_parsed_layout *lo)
{
	const struct kapi_parsed_field *fd, *nx;
	unsigned int i;
	char buf[512];

	for (i = 0; i < lo->n_fields; i++) {
		fd = &lo->fields[i];
		snprintf(buf, sizeof(buf),
			 "__builtin_types_compatible_p(typeof(((struct %s *)0)->%s), %s)",
			 lo->name, fd->name, fd->ctype);
		assert_cond(g, buf, fd->line, "member %s of struct %s is not a %s",
			    fd->name, lo->name, fd->ctype);
		if (i == 0) {
			snprintf(buf, sizeof(buf), "offsetof(struct %s, %s) == 0",
				 lo->name, fd->name);
			assert_cond(g, buf, fd->line,
				    "struct %s does not start with %s: the layout lists its members out of memory order",
				    lo->name, fd->name);
		}
		if (i + 1 == lo->n_fields) {
			snprintf(buf, sizeof(buf),
				 "sizeof(struct %s) - offsetofend(struct %s, %s) < _Alignof(struct %s)",
				 lo->name, lo->name, fd->name, lo->name);
			assert_cond(g, buf, fd->line,
				    "struct %s has members after %s that the layout does not list",
				    lo->name, fd->name);
			continue;
		}
		nx = &lo->fields[i + 1];
		snprintf(buf, sizeof(buf),
			 "offsetof(struct %s, %s) >= offsetofend(struct %s, %s) && offsetof(struct %s, %s) - offsetofend(struct %s, %s) < _Alignof(typeof(((struct %s *)0)->%s))",
			 lo->name, nx->name, lo->name, fd->name, lo->name,
			 nx->name, lo->name, fd->name, lo->name, nx->name);
		assert_cond(g, buf, nx->line,
			    "member %s of struct %s does not follow %s: the layout lists its members out of memory order or leaves one out",
			    nx->name, lo->name, fd->name);
	}
}

/*
 * The structure layouts the file's parameters and commands point to, after
 * the sets. A command's layout (arg-layout:) is emitted all the same: its
 * initializers prove the members' sizes and offsets and its value sets'
 * names, though only its name reaches the kernel's spec.
 */
static void gen_layouts(struct gen *g, const struct kapi_file *f)
{
	const struct kapi_parsed_layout *lo;
	const struct kapi_parsed_field *fd;
	unsigned int i, j;

	for (i = 0; i < f->n_layouts; i++) {
		lo = &f->layouts[i];
		if (!lo->used || !lo->n_fields)
			continue;
		fprintf(g->out,
			"static const struct kapi_struct_field __kapi_layout_%s_fields[] = {\n",
			lo->name);
		for (j = 0; j < lo->n_fields; j++) {
			fd = &lo->fields[j];
			fprintf(g->out, "\t{\n");
			field_str(g, "\t\t", "name", fd->name);
			field_str(g, "\t\t", "ctype", fd->ctype);
			field_str(g, "\t\t", "desc", fd->desc);
			if (fd->set)
				fprintf(g->out, "\t\t.set = &__kapi_set_%s,\n",
					fd->set->name);
			fprintf(g->out, "\t\t.offset = offsetof(struct %s, %s),\n",
				lo->name, fd->name);
			fprintf(g->out, "\t\t.size = sizeof_field(struct %s, %s),\n",
				lo->name, fd->name);
			fprintf(g->out, "\t\t.type = %s,\n", fam(KAPI_VL_type, fd->type));
			if (fd->flags)
				fprintf(g->out, "\t\t.flags = %s,\n",
					fd->flags == KAPI_PARAM_INOUT ? "KAPI_PARAM_INOUT" :
					fam(KAPI_VL_param_flag, fd->flags));
			fprintf(g->out, "\t\t.others = %s,\n",
				fam(KAPI_VL_others, fd->others));
			fprintf(g->out, "\t\t.size_of = %d,\n\t},\n", fd->size_of);
		}
		fprintf(g->out, "};\n\n");
		fprintf(g->out, "static const struct kapi_struct __kapi_layout_%s%s = {\n",
			lo->name, lo->pointed ? "" : " __maybe_unused");
		field_str(g, "\t", "name", lo->name);
		fprintf(g->out, "\t.fields = __kapi_layout_%s_fields,\n", lo->name);
		fprintf(g->out, "\t.n_fields = %u,\n", lo->n_fields);
		fprintf(g->out, "\t.size = sizeof(struct %s),\n", lo->name);
		fprintf(g->out, "\t.laid_out = true,\n};\n\n");
		assert_layout(g, lo);
	}
}

static void gen_params(struct gen *g, const char *id)
{
	const struct kapi_parsed_spec *s = g->spec;
	unsigned int i, j;

	for (i = 0; i < s->n_params; i++) {
		const struct kapi_parsed_param *pp = &s->params[i];

		if (pp->constraint != KAPI_CONSTRAINT_ENUM || !pp->n_values)
			continue;
		fprintf(g->out, "static const s64 __kapi_%s_p%u_values[] = {\n",
			id, i);
		for (j = 0; j < pp->n_values; j++) {
			fprintf(g->out, "\t(s64)(%s),\n", pp->values[j].text);
			assert_expr(g, &pp->values[j], "enum value");
		}
		fprintf(g->out, "};\n\n");
	}

	fprintf(g->out, "static const struct kapi_param __kapi_%s_params[] = {\n", id);
	for (i = 0; i < s->n_params; i++) {
		const struct kapi_parsed_param *pp = &s->params[i];

		fprintf(g->out, "\t{\n");
		field_str(g, "\t\t", "name", pp->name);
		field_str(g, "\t\t", "ctype", pp->ctype);
		field_str(g, "\t\t", "desc", pp->desc);
		field_str(g, "\t\t", "valid", pp->valid);
		fprintf(g->out, "\t\t.type = %s,\n", fam(KAPI_VL_type, pp->type));
		if (pp->flags.text)
			fprintf(g->out, "\t\t.flags = %s,\n", pp->flags.text);
		fprintf(g->out, "\t\t.constraint = %s,\n",
			fam(KAPI_VL_constraint, pp->constraint));
		fprintf(g->out, "\t\t.size_param = %d,\n", pp->size_param);
		if (pp->error_name) {
			fprintf(g->out, "\t\t.error = %s,\n", pp->error_name);
			assert_name(g, pp->error_name, pp->error, pp->error_line);
		}
		if (pp->error_above_name) {
			fprintf(g->out, "\t\t.error_above = %s,\n",
				pp->error_above_name);
			assert_name(g, pp->error_above_name, pp->error_above,
				    pp->error_above_line);
		}
		if (pp->layout) {
			fprintf(g->out, "\t\t.layout = &__kapi_layout_%s,\n",
				pp->layout->name);
			fprintf(g->out, "\t\t.count_param = %d,\n",
				pp->count_param);
			if (pp->member_flags)
				fprintf(g->out, "\t\t.member_flags = %s,\n",
					pp->member_flags == KAPI_PARAM_INOUT ?
					"KAPI_PARAM_INOUT" :
					fam(KAPI_VL_param_flag, pp->member_flags));
		}
		if (pp->set) {
			fprintf(g->out, "\t\t.set = &__kapi_set_%s,\n",
				pp->set->name);
			fprintf(g->out, "\t\t.others = %s,\n",
				fam(KAPI_VL_others, pp->others));
			assert_set(g, pp);
		}
		assert_symbolic(g, pp);
		switch (pp->constraint) {
		case KAPI_CONSTRAINT_RANGE:
			field_s64(g, "\t\t", "ext.min", &pp->min);
			field_s64(g, "\t\t", "ext.max", &pp->max);
			assert_expr(g, &pp->min, "range min");
			assert_expr(g, &pp->max, "range max");
			break;
		case KAPI_CONSTRAINT_MASK:
			fprintf(g->out, "\t\t.ext.mask = (u64)(%s),\n", pp->mask.text);
			assert_expr(g, &pp->mask, "valid-mask");
			break;
		case KAPI_CONSTRAINT_ALIGNMENT:
			fprintf(g->out, "\t\t.ext.align = (u64)(%s),\n", pp->align.text);
			assert_expr(g, &pp->align, "align");
			break;
		case KAPI_CONSTRAINT_ENUM:
			if (pp->n_values) {
				fprintf(g->out, "\t\t.ext.values = __kapi_%s_p%u_values,\n",
					id, i);
				fprintf(g->out, "\t\t.n_values = %u,\n", pp->n_values);
			}
			break;
		}
		fprintf(g->out, "\t},\n");
	}
	fprintf(g->out, "};\n\n");
}

/*
 * One field of a list-section entry as its initializer: a field the
 * annotation wrote by name (an errno, a capability, flags) as written,
 * with a check that the compiler agrees on its value; enums by their
 * symbol; a command by its index, named in a comment; strings split for
 * reading.
 */
static void gen_field(struct gen *g, const struct kapi_field *f,
		      const char *entry, const struct kapi_written *written)
{
	const struct kapi_written *w = kapi_written(written, f->member);
	s64 v;

	if (f->shape == KAPI_SHAPE_ITEM_ID)
		return;
	if (f->shape == KAPI_SHAPE_STR) {
		field_str(g, "\t\t", f->member, kapi_field_str(entry, f));
		return;
	}
	v = kapi_field_int(entry, f);
	if (f->shape == KAPI_SHAPE_CMD) {
		if (v)
			fprintf(g->out, "\t\t.%s = %lld,\t/* %s */\n", f->member,
				(long long)v, w ? w->text : "?");
		return;
	}
	if (w) {
		fprintf(g->out, "\t\t.%s = %s,\n", f->member, w->text);
		if (f->shape == KAPI_SHAPE_INT || f->shape == KAPI_SHAPE_UINT)
			assert_name(g, w->text, v, w->line);
		return;
	}
	switch (f->shape) {
	case KAPI_SHAPE_ENUM:
		fprintf(g->out, "\t\t.%s = %s,\n", f->member, fam(f->list, v));
		break;
	case KAPI_SHAPE_BOOL:
		fprintf(g->out, "\t\t.%s = %s,\n", f->member,
			v ? "true" : "false");
		break;
	default:
		/* zero is what the compiler puts there anyway */
		if (v)
			fprintf(g->out, "\t\t.%s = %lld,\n", f->member,
				(long long)v);
	}
}

/* A list section of the spec: one initialised array of its entries. */
static void gen_section(struct gen *g, const char *id,
			const struct kapi_section *sec,
			const struct kapi_parsed_section *ps)
{
	const char *base = *(char *const *)((const char *)g->spec +
					     ps->array_offset);
	unsigned int i, k, n = *(const unsigned int *)((const char *)g->spec +
						       ps->count_offset);
	const char *e;

	if (!n)
		return;
	fprintf(g->out, "static const %s __kapi_%s_%s[] = {\n", sec->ctype, id,
		sec->member);
	for (i = 0; i < n; i++) {
		e = base + (size_t)i * ps->entry_size;
		fprintf(g->out, "\t{\n");
		for (k = 0; k < sec->n_fields; k++)
			gen_field(g, &sec->fields[k], e,
				  (const struct kapi_written *)(e + ps->written_offset));
		fprintf(g->out, "\t},\n");
	}
	fprintf(g->out, "};\n\n");
}

static void gen_errno_map(struct gen *g)
{
	const struct kapi_parsed_spec *s = g->spec;
	unsigned int w, i, mapped = 0;
	char cond[96], msg[256];

	for (i = 0; i < s->n_errors; i++) {
		if (s->errors[i].k.error >= KAPI_ERRNO_MAP_BITS)
			continue;
		mapped++;
		snprintf(cond, sizeof(cond), "%s < KAPI_ERRNO_MAP_BITS",
			 s->errors[i].k.name);
		snprintf(msg, sizeof(msg),
			 "\"kapi: %s:%u: %s does not fit errno_map\"",
			 g->src, s->errors[i].line, s->errors[i].k.name);
		emit_assert(&g->map_asserts, cond, msg);
	}
	if (!mapped)
		return;
	/*
	 * Every listed errno in every word: KAPI_ERRNO_BIT() picks the word,
	 * so the map is right whatever the errno numbers are on this arch.
	 */
	fprintf(g->out, "\t.errno_map = {\n");
	for (w = 0; w < KAPI_ERRNO_MAP_BITS / 64; w++) {
		unsigned int k = 0;

		fprintf(g->out, "\t\t[%u] =", w);
		for (i = 0; i < s->n_errors; i++) {
			if (s->errors[i].k.error >= KAPI_ERRNO_MAP_BITS)
				continue;
			fprintf(g->out, "%s KAPI_ERRNO_BIT(%u, %s)",
				k ? (k % 3 ? " |" : " |\n\t\t     ") : "",
				w, s->errors[i].k.name);
			k++;
		}
		fprintf(g->out, ",\n");
	}
	fprintf(g->out, "\t},\n");
	for (i = 0; i < s->n_errors; i++)
		if (s->errors[i].k.error >= KAPI_ERRNO_MAP_BITS)
			fprintf(g->out,
				"\t/* %s (%d) is past KAPI_ERRNO_MAP_BITS: only in .errors */\n",
				s->errors[i].k.name, s->errors[i].k.error);
}

static void gen_spec(struct gen *g)
{
	const struct kapi_parsed_spec *s = g->spec;
	const char *id = s->ident;
	unsigned int i;
	int nr;

	fprintf(g->out, "/* %s: %s:%u */\n\n", s->doc_name, g->src, s->line);
	if (s->n_params)
		gen_params(g, id);
	for (i = 0; i < KAPI_N_SECTIONS; i++)
		gen_section(g, id, &kapi_sections[i], &kapi_parsed_sections[i]);

	fprintf(g->out, "DEFINE_KAPI_SPEC(%s) = {\n", id);
	field_str(g, "\t", "name", s->name);
	field_str(g, "\t", "summary", s->summary);
	field_str(g, "\t", "desc", s->desc);
	field_str(g, "\t", "examples", s->examples);
	field_str(g, "\t", "notes", s->notes);
	field_str(g, "\t", "since", s->since);
	field_str(g, "\t", "file", g->src);
	if (s->n_params)
		fprintf(g->out, "\tKAPI_ARRAY(params, __kapi_%s_params),\n", id);
	for (i = 0; i < KAPI_N_SECTIONS; i++)
		if (*(const unsigned int *)((const char *)s +
					    kapi_parsed_sections[i].count_offset))
			fprintf(g->out, "\tKAPI_ARRAY(%s, __kapi_%s_%s),\n",
				kapi_sections[i].member, id,
				kapi_sections[i].member);
	fprintf(g->out, "\t.ret = {\n");
	field_str(g, "\t\t", "desc", s->ret.desc);
	field_s64(g, "\t\t", "success_min", &s->ret.min);
	field_s64(g, "\t\t", "success_max", &s->ret.max);
	if (s->ret.min.text)
		assert_expr(g, &s->ret.min, "success min");
	if (s->ret.max.text && (!s->ret.min.text ||
				strcmp(s->ret.min.text, s->ret.max.text)))
		assert_expr(g, &s->ret.max, "success max");
	fprintf(g->out, "\t\t.type = %s,\n", fam(KAPI_VL_type, s->ret.type));
	fprintf(g->out, "\t\t.check = %s,\n", fam(KAPI_VL_return_check, s->ret.check));
	fprintf(g->out, "\t},\n");
	gen_errno_map(g);
	if (s->context.text)
		fprintf(g->out, "\t.context = %s,\n", s->context.text);
	fprintf(g->out, "\t.line = %u,\n", s->line);
	if (s->kind == KAPI_KIND_SYSCALL) {
		fprintf(g->out, "#ifdef __NR_%s\n\t.nr = __NR_%s,\n#else\n\t.nr = -1,\n#endif\n",
			s->name, s->name);
		/* a borrowed number is no target's to check */
		nr = kapi_abi_guard(kapi_arch().abi) ? kapi_syscall_nr(s->name) : -1;
		if (nr >= 0) {
			char cond[96], msg[256];

			snprintf(cond, sizeof(cond), "__NR_%s == %d", s->name, nr);
			snprintf(msg, sizeof(msg),
				 "\"kapi: %s:%u: __NR_%s is not %d as scripts/kapi/kapi_symbols.c says\"",
				 g->src, s->line, s->name, nr);
			kapi_sbuf_printf(&g->asserts, "#ifdef __NR_%s\n", s->name);
			emit_assert(&g->asserts, cond, msg);
			kapi_sbuf_adds(&g->asserts, "#endif\n");
		}
	} else {
		fprintf(g->out, "\t.nr = -1,\n");
	}
	fprintf(g->out, "\t.kind = %s,\n", fam(KAPI_VL_kind, s->kind));
	if (s->n_order) {
		fprintf(g->out, "\t.n_check_order = %u,\n\t.check_order = {",
			s->n_order);
		for (i = 0; i < s->n_order; i++)
			fprintf(g->out, "%s%u", i ? ", " : " ", s->order[i]);
		fprintf(g->out, " },\n");
	}
	fprintf(g->out, "};\n\n");
}

/* Kernel headers for the constants a file's specs use. */
static void add_header(const char ***hdrs, unsigned int *n, const char *h)
{
	unsigned int i;

	if (!h)
		return;
	for (i = 0; i < *n; i++)
		if (!strcmp((*hdrs)[i], h))
			return;
	*hdrs = kapi_xrealloc(*hdrs, (*n + 1) * sizeof(**hdrs));
	(*hdrs)[(*n)++] = h;
}

static void headers_of(const char ***hdrs, unsigned int *n, const char *expr)
{
	const char *p = expr;

	while (p && *p) {
		if (kapi_is_ident_start((unsigned char)*p)) {
			const char *s = p;
			char name[64];

			while (kapi_is_ident_char((unsigned char)*p))
				p++;
			if ((size_t)(p - s) < sizeof(name)) {
				memcpy(name, s, p - s);
				name[p - s] = '\0';
				add_header(hdrs, n, kapi_const_header(name));
			}
		} else if (*p >= '0' && *p <= '9') {
			while (kapi_is_ident_char((unsigned char)*p))
				p++;
		} else {
			p++;
		}
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void gen_includes(struct gen *g, const struct kapi_file *f)
{
	const char **hdrs = NULL;
	unsigned int n = 0, i, j, k;

	for (i = 0; i < f->n_specs; i++) {
		const struct kapi_parsed_spec *s = &f->specs[i];

		if (s->n_errors)
			add_header(&hdrs, &n, "linux/errno.h");
		if (s->n_capabilities)
			add_header(&hdrs, &n, "linux/capability.h");
		if (s->kind == KAPI_KIND_SYSCALL)
			add_header(&hdrs, &n, "asm/unistd.h");
		for (j = 0; j < s->n_params; j++) {
			const struct kapi_parsed_param *pp = &s->params[j];

			headers_of(&hdrs, &n, pp->min.text);
			headers_of(&hdrs, &n, pp->max.text);
			headers_of(&hdrs, &n, pp->mask.text);
			headers_of(&hdrs, &n, pp->align.text);
			for (k = 0; k < pp->n_values; k++)
				headers_of(&hdrs, &n, pp->values[k].text);
		}
		headers_of(&hdrs, &n, s->ret.min.text);
		headers_of(&hdrs, &n, s->ret.max.text);
	}
	if (!n)
		return;
	qsort(hdrs, n, sizeof(*hdrs), cmp_str);
	/* only the kernel build needs them; host tests bring their own */
	fprintf(g->out, "#ifdef __KERNEL__\n");
	for (i = 0; i < n; i++)
		fprintf(g->out, "#include <%s>\n", hdrs[i]);
	fprintf(g->out, "#endif\n");
	free(hdrs);
}

int kapi_gen_write(FILE *out, const struct kapi_file *file, const char *src,
		   const struct kapi_gen_tests *tests)
{
	struct gen g = { .out = out, .src = src };
	const char *arch_guard = kapi_abi_guard(kapi_arch().abi);
	struct kapi_sbuf guard = { 0 };
	const char *p;
	unsigned int i;

	kapi_sbuf_adds(&guard, "_KAPI_APISPEC_");
	for (p = src; *p; p++)
		kapi_sbuf_addc(&guard, kapi_is_ident_char((unsigned char)*p) ?
			       (*p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p) : '_');

	fprintf(out, "/* SPDX-License-Identifier: GPL-2.0 */\n");
	fprintf(out, "/*\n * Generated by scripts/kapi/kapi-gen from %s.\n", src);
	fprintf(out, " * Do not edit: change the kernel-doc annotations in %s instead.\n",
		src);
	if (!arch_guard)
		fprintf(out, " *\n"
			" * scripts/kapi/kapi_symbols.c has no constants or system call numbers\n"
			" * for this architecture (kapi-gen --arch): only errno and capability\n"
			" * numbers are checked.\n");
	fprintf(out, " */\n#ifndef %s\n#define %s\n\n", guard.s, guard.s);
	fprintf(out, "#include <linux/kernel_api_spec.h>\n#include <linux/kapi_build_assert.h>\n");
	gen_includes(&g, file);
	fprintf(out, "\n");

	g.file = file;
	gen_sets(&g, file);
	gen_layouts(&g, file);
	for (i = 0; i < file->n_specs; i++) {
		g.spec = &file->specs[i];
		gen_spec(&g);
		kapi_gen_checks(out, g.spec);
	}

	kapi_gen_write_tests(out, tests);
	if (g.map_asserts.len)
		fprintf(out, "%s\n", g.map_asserts.s);
	if (g.asserts.len && arch_guard) {
		fprintf(out, "/*\n"
			" * The values scripts/kapi/kapi_symbols.c holds for %s, which tools\n"
			" * reading specs from source use: the compiler has the last word.\n"
			" */\n", kapi_abi_name(kapi_arch().abi));
		fprintf(out, "#if %s\n%s#endif\n\n", arch_guard, g.asserts.s);
	} else if (g.asserts.len) {
		/* every ABI of the architecture numbers errnos alike */
		fprintf(out,
			"/* The errno and capability numbers of scripts/kapi/kapi_symbols.c */\n");
		fprintf(out, "%s\n", g.asserts.s);
	}
	fprintf(out, "#endif /* %s */\n", guard.s);
	kapi_sbuf_release(&guard);
	kapi_sbuf_release(&g.asserts);
	kapi_sbuf_release(&g.map_asserts);
	return ferror(out) ? -1 : 0;
}
