// SPDX-License-Identifier: GPL-2.0
/*
 * Decode the JSON of one spec (the stable interface documented in
 * Documentation/dev-tools/kapi.rst, as debugfs's json/<name> holds it) back
 * into a struct kapi_spec, so a spec read from JSON compares equal to the
 * same spec read from vmlinux or from source. Every field must be present
 * with its documented type. A name this tool does not know (a newer kernel)
 * becomes "unknown" with a warning rather than an error.
 */
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "json_decode.h"
#include <linux/kapi_fields.h>
#include "main.h"

struct jr {
	struct kapi_arena *a;
	const char *file;
	char where[96];		/* the object being read, for messages */
	char *err;
	size_t errlen;
	bool failed;
};

static __printf(2, 3) void
jr_fail(struct jr *r, const char *fmt, ...)
{
	char msg[192];
	va_list ap;

	if (r->failed)
		return;
	r->failed = true;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(r->err, r->errlen, "%s%s%s", r->where,
		 *r->where ? "." : "", msg);
}

static json_t *jr_get(struct jr *r, json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		jr_fail(r, "%s: missing", key);
	return v;
}

/* A string or null. */
static const char *jr_str(struct jr *r, json_t *obj, const char *key)
{
	json_t *v = jr_get(r, obj, key);

	if (!v || json_is_null(v))
		return NULL;
	if (!json_is_string(v)) {
		jr_fail(r, "%s: not a string", key);
		return NULL;
	}
	return arena_strdup(r->a, json_string_value(v));
}

static long long jr_int(struct jr *r, json_t *obj, const char *key,
			long long min, long long max)
{
	json_t *v = jr_get(r, obj, key);
	long long x;

	if (!v)
		return 0;
	if (!json_is_integer(v)) {
		jr_fail(r, "%s: not an integer", key);
		return 0;
	}
	x = json_integer_value(v);
	if (x < min || x > max) {
		jr_fail(r, "%s: %lld is out of range", key, x);
		return 0;
	}
	return x;
}

static bool jr_bool(struct jr *r, json_t *obj, const char *key)
{
	json_t *v = jr_get(r, obj, key);

	if (v && !json_is_boolean(v))
		jr_fail(r, "%s: not a boolean", key);
	return v && json_is_true(v);
}

static void warn_unknown(struct jr *r, const char *key, const char *name)
{
	p_warn("%s: %s%s%s: '%s' is not known to this version of kapi",
	       r->file, r->where, *r->where ? "." : "", key, name);
}

/* An enum value by name; "unknown" and new names map past the table. */
static unsigned int jr_enum(struct jr *r, json_t *obj, const char *key,
			    const struct kapi_names *names)
{
	json_t *v = jr_get(r, obj, key);
	const char *s;
	unsigned int i;

	if (!v)
		return 0;
	if (!json_is_string(v)) {
		jr_fail(r, "%s: not a string", key);
		return 0;
	}
	s = json_string_value(v);
	for (i = 0; i < names->count; i++)
		if (!strcmp(s, names->names[i]))
			return i;
	if (strcmp(s, "unknown"))
		warn_unknown(r, key, s);
	return names->count;
}

/* A flag set: a list of bit names, or "bitN" for bits without one. */
static u32 jr_flags(struct jr *r, json_t *obj, const char *key,
		    const struct kapi_names *names)
{
	json_t *v = jr_get(r, obj, key), *e;
	unsigned int i, bit;
	const char *s;
	u32 bits = 0;
	size_t k;
	char end;

	if (!v)
		return 0;
	if (!json_is_array(v)) {
		jr_fail(r, "%s: not an array", key);
		return 0;
	}
	json_array_foreach(v, k, e) {
		if (!json_is_string(e)) {
			jr_fail(r, "%s[%zu]: not a string", key, k);
			return 0;
		}
		s = json_string_value(e);
		for (i = 0; i < names->count; i++)
			if (!strcmp(s, names->names[i]))
				break;
		if (i < names->count)
			bits |= 1U << i;
		else if (sscanf(s, "bit%u%c", &bit, &end) == 1 && bit < 32)
			bits |= 1U << bit;
		else
			warn_unknown(r, key, s);
	}
	return bits;
}

/* The array @key of @obj, or NULL (then failed); *@n its length. */
static json_t *jr_array(struct jr *r, json_t *obj, const char *key,
			unsigned int max, unsigned int *n)
{
	json_t *v = jr_get(r, obj, key);

	*n = 0;
	if (!v)
		return NULL;
	if (!json_is_array(v)) {
		jr_fail(r, "%s: not an array", key);
		return NULL;
	}
	if (json_array_size(v) > max) {
		jr_fail(r, "%s: %zu entries, at most %u fit the data model",
			key, json_array_size(v), max);
		return NULL;
	}
	*n = json_array_size(v);
	return v;
}

/* Entry @i of array @a, which must be an object; sets the message context. */
static json_t *jr_entry(struct jr *r, json_t *a, const char *key, size_t i)
{
	json_t *e = json_array_get(a, i);

	snprintf(r->where, sizeof(r->where), "%s[%zu]", key, i);
	if (!json_is_object(e)) {
		jr_fail(r, "not an object");
		return NULL;
	}
	return e;
}

static json_t *jr_object(struct jr *r, json_t *obj, const char *key)
{
	json_t *v = jr_get(r, obj, key);

	if (v && !json_is_object(v)) {
		jr_fail(r, "%s: not an object", key);
		return NULL;
	}
	return v;
}

static u64 jr_hex(struct jr *r, json_t *obj, const char *key)
{
	json_t *v = jr_get(r, obj, key);
	unsigned long long x;
	const char *s;
	char *end;

	if (!v)
		return 0;
	s = json_is_string(v) ? json_string_value(v) : "";
	if (strncmp(s, "0x", 2) || !s[2] || strchr(s, '-') ||
	    strchr(s, ' ')) {
		jr_fail(r, "%s: not a \"0x...\" string", key);
		return 0;
	}
	errno = 0;
	x = strtoull(s + 2, &end, 16);
	if (*end || errno) {
		jr_fail(r, "%s: '%s' is not a 64-bit hex number", key, s);
		return 0;
	}
	return x;
}

/* An integer, or null for what only the compiler knows. */
static long long jr_opt_int(struct jr *r, json_t *o, const char *key,
			    long long min, long long max, bool *known)
{
	json_t *x = jr_get(r, o, key);

	*known = x && !json_is_null(x);
	return *known ? jr_int(r, o, key, min, max) : 0;
}

static void decode_constraint(struct jr *r, json_t *o, struct kapi_param *p)
{
	json_t *c = jr_object(r, o, "constraint"), *vals, *e;
	unsigned int n, i;
	bool known, known2;
	s64 *v;

	p->size_param = -1;
	if (!c)
		return;
	p->constraint = jr_enum(r, c, "kind", &kapi_constraint_names);
	switch (p->constraint) {
	case KAPI_CONSTRAINT_RANGE:
		p->ext.min = jr_opt_int(r, c, "min", INT64_MIN, INT64_MAX, &known);
		p->ext.max = jr_opt_int(r, c, "max", INT64_MIN, INT64_MAX, &known2);
		p->unknown = (known ? 0 : KAPI_UNKNOWN_FIRST) |
			     (known2 ? 0 : KAPI_UNKNOWN_MAX);
		break;
	case KAPI_CONSTRAINT_MASK:
		known = !json_is_null(jr_get(r, c, "mask"));
		p->ext.mask = known ? jr_hex(r, c, "mask") : 0;
		p->unknown = known ? 0 : KAPI_UNKNOWN_FIRST;
		break;
	case KAPI_CONSTRAINT_ALIGNMENT:
		/* the kernel prints the u64 with %lld */
		p->ext.align = (u64)jr_opt_int(r, c, "align", INT64_MIN,
						INT64_MAX, &known);
		p->unknown = known ? 0 : KAPI_UNKNOWN_FIRST;
		break;
	case KAPI_CONSTRAINT_ENUM:
		/* as many as kapi_param::n_values can count */
		vals = jr_array(r, c, "values",
				(1ULL << (8 * sizeof(p->n_values))) - 1, &n);
		if (!n)
			break;
		v = arena_alloc(r->a, n * sizeof(*v));
		for (i = 0; i < n; i++) {
			e = json_array_get(vals, i);
			if (json_is_null(e)) {
				p->unknown = KAPI_UNKNOWN_FIRST;
				v[i] = 0;
				continue;
			}
			if (!json_is_integer(e)) {
				jr_fail(r, "values[%u]: not an integer", i);
				break;
			}
			v[i] = json_integer_value(e);
		}
		p->ext.values = v;
		p->n_values = n;
		break;
	case KAPI_CONSTRAINT_BUFFER:
		p->size_param = jr_int(r, c, "size_param", INT8_MIN, INT8_MAX);
		break;
	}
}

/* "values": a parameter's or member's value set, or null. */
static const struct kapi_value_set *decode_set(struct jr *r, json_t *o,
					       u8 *others)
{
	json_t *v = jr_get(r, o, "values"), *a, *e, *x;
	struct kapi_value_set *set;
	struct kapi_value *val;
	unsigned int i, n;

	if (!v || json_is_null(v))
		return NULL;
	if (!json_is_object(v)) {
		jr_fail(r, "values: not an object");
		return NULL;
	}
	set = arena_alloc(r->a, sizeof(*set));
	memset(set, 0, sizeof(*set));
	set->name = jr_str(r, v, "name");
	set->kind = jr_enum(r, v, "kind", &kapi_set_kind_names);
	*others = jr_enum(r, v, "others", &kapi_others_names);
	a = jr_array(r, v, "values", UINT16_MAX, &n);
	val = n ? arena_alloc(r->a, n * sizeof(*val)) : NULL;
	set->valued = true;
	for (i = 0; i < n && !r->failed; i++) {
		e = jr_entry(r, a, "values", i);
		if (!e)
			break;
		val[i].name = jr_str(r, e, "name");
		val[i].desc = jr_str(r, e, "description");
		x = jr_get(r, e, "value");
		if (x && json_is_null(x))
			set->valued = false;
		else
			val[i].value = jr_int(r, e, "value", INT64_MIN, INT64_MAX);
	}
	set->values = val;
	set->n_values = n;
	return set;
}

/* "struct": the structure a pointer parameter points to, or null. */
static void decode_layout(struct jr *r, json_t *o, struct kapi_param *p)
{
	json_t *v = jr_get(r, o, "struct"), *a, *e;
	struct kapi_struct *lo;
	struct kapi_struct_field *f;
	unsigned int i, n;
	bool known;

	p->count_param = -1;
	if (!v || json_is_null(v))
		return;
	if (!json_is_object(v)) {
		jr_fail(r, "struct: not an object");
		return;
	}
	lo = arena_alloc(r->a, sizeof(*lo));
	memset(lo, 0, sizeof(*lo));
	lo->name = jr_str(r, v, "name");
	lo->size = jr_opt_int(r, v, "size", 0, UINT32_MAX, &lo->laid_out);
	p->count_param = jr_opt_int(r, v, "count_param", 0, INT8_MAX, &known);
	if (!known)
		p->count_param = -1;
	p->member_flags = jr_flags(r, v, "member_flags", &kapi_param_flag_names);
	a = jr_array(r, v, "fields", UINT16_MAX, &n);
	f = n ? arena_alloc(r->a, n * sizeof(*f)) : NULL;
	if (f)
		memset(f, 0, n * sizeof(*f));
	for (i = 0; i < n && !r->failed; i++) {
		e = jr_entry(r, a, "fields", i);
		if (!e)
			break;
		f[i].name = jr_str(r, e, "name");
		f[i].ctype = jr_str(r, e, "ctype");
		f[i].type = jr_enum(r, e, "type", &kapi_type_names);
		f[i].flags = jr_flags(r, e, "flags", &kapi_param_flag_names);
		f[i].offset = jr_opt_int(r, e, "offset", 0, UINT32_MAX, &known);
		f[i].size = jr_opt_int(r, e, "size", 0, UINT32_MAX, &known);
		f[i].size_of = jr_opt_int(r, e, "size_of", 0, INT8_MAX, &known);
		if (!known)
			f[i].size_of = -1;
		f[i].set = decode_set(r, e, &f[i].others);
		f[i].desc = jr_str(r, e, "description");
	}
	lo->fields = f;
	lo->n_fields = n;
	p->layout = lo;
}

static void decode_params(struct jr *r, json_t *o, struct kapi_spec *s)
{
	struct kapi_param *p;
	unsigned int i, n;
	json_t *a, *e, *err;

	r->where[0] = '\0';
	a = jr_array(r, o, "params", UINT8_MAX, &n);
	if (!n)
		return;
	p = arena_alloc(r->a, n * sizeof(*p));
	for (i = 0; i < n && !r->failed; i++) {
		e = jr_entry(r, a, "params", i);
		if (!e)
			break;
		if (jr_int(r, e, "index", 0, UINT8_MAX) != i)
			jr_fail(r, "index: is not %u", i);
		p[i].name = jr_str(r, e, "name");
		p[i].ctype = jr_str(r, e, "ctype");
		p[i].type = jr_enum(r, e, "type", &kapi_type_names);
		p[i].flags = jr_flags(r, e, "flags", &kapi_param_flag_names);
		decode_constraint(r, e, &p[i]);
		p[i].set = decode_set(r, e, &p[i].others);
		decode_layout(r, e, &p[i]);
		err = jr_get(r, e, "error");
		if (err && !json_is_null(err))
			p[i].error = jr_int(r, e, "error", 1, INT16_MAX);
		err = jr_get(r, e, "error_above");
		if (err && !json_is_null(err))
			p[i].error_above = jr_int(r, e, "error_above",
						  1, INT16_MAX);
		p[i].desc = jr_str(r, e, "description");
		p[i].valid = jr_str(r, e, "valid");
	}
	s->params = p;
	s->n_params = n;
	a = jr_array(r, o, "check_order", KAPI_MAX_CHECK_ORDER, &n);
	for (i = 0; i < n && !r->failed; i++) {
		e = json_array_get(a, i);
		if (!json_is_integer(e) || json_integer_value(e) < 0 ||
		    json_integer_value(e) >= s->n_params) {
			jr_fail(r, "check_order[%u]: not a parameter index", i);
			break;
		}
		s->check_order[i] = json_integer_value(e);
	}
	s->n_check_order = n;
}

static void decode_return(struct jr *r, json_t *o, struct kapi_spec *s)
{
	json_t *ret;

	r->where[0] = '\0';
	ret = jr_object(r, o, "return");
	if (!ret)
		return;
	snprintf(r->where, sizeof(r->where), "return");
	s->ret.type = jr_enum(r, ret, "type", &kapi_type_names);
	s->ret.check = jr_enum(r, ret, "check", &kapi_return_check_names);
	s->ret.success_min = jr_int(r, ret, "success_min", INT64_MIN, INT64_MAX);
	s->ret.success_max = jr_int(r, ret, "success_max", INT64_MIN, INT64_MAX);
	s->ret.desc = jr_str(r, ret, "description");
}

/* The bounds of an INT or UINT member, from its size. */
static void int_bounds(const struct kapi_field *f, long long *min,
		       long long *max)
{
	unsigned int bits = f->size * 8;

	if (bits >= 64) {
		*min = INT64_MIN;
		*max = INT64_MAX;
	} else if (f->shape == KAPI_SHAPE_INT) {
		*min = -(1LL << (bits - 1));
		*max = (1LL << (bits - 1)) - 1;
	} else {
		*min = 0;
		*max = (1LL << bits) - 1;
	}
}

/*
 * A CMD field: the name of one of the spec's commands (its variants,
 * decoded first), stored as 1 + its index; null for none.
 */
static unsigned int jr_cmd(struct jr *r, json_t *e, const char *key,
			   const struct kapi_spec *s)
{
	const char *name = jr_str(r, e, key);
	unsigned int i;

	if (!name)
		return 0;
	for (i = 0; i < s->n_variants; i++)
		if (s->variants[i].name && !strcmp(s->variants[i].name, name))
			return i + 1;
	if (!r->failed)
		jr_fail(r, "%s: '%s' is not one of the spec's variants", key,
			name);
	return 0;
}

/* An item's "id" is derived from the spec name, its kind and number. */
static void check_item_id(struct jr *r, json_t *e, const struct kapi_spec *s,
			  const struct kapi_item *it)
{
	const char *id = jr_str(r, e, "id");
	char want[96];

	snprintf(want, sizeof(want), KAPI_ITEM_ID_FMT, s->name ? s->name : "?",
		 kapi_item_id_prefix(it), it->number);
	if (!r->failed && (!id || strcmp(id, want)))
		jr_fail(r, "id: '%s' is not '%s'", id ? id : "null", want);
}

static void decode_entry(struct jr *r, json_t *e, const struct kapi_spec *s,
			 const struct kapi_section *sec, void *entry)
{
	const struct kapi_field *f;
	bool has_id = false;
	long long min, max;
	unsigned int i;

	for (i = 0; i < sec->n_fields; i++) {
		f = &sec->fields[i];
		switch (f->shape) {
		case KAPI_SHAPE_STR:
			*(const char **)((char *)entry + f->offset) =
				jr_str(r, e, f->json);
			break;
		case KAPI_SHAPE_INT:
		case KAPI_SHAPE_UINT:
			int_bounds(f, &min, &max);
			kapi_field_set_int(entry, f, jr_int(r, e, f->json, min, max));
			break;
		case KAPI_SHAPE_BOOL:
			kapi_field_set_int(entry, f, jr_bool(r, e, f->json));
			break;
		case KAPI_SHAPE_ENUM:
			kapi_field_set_int(entry, f, jr_enum(r, e, f->json, f->names));
			break;
		case KAPI_SHAPE_FLAGS:
			kapi_field_set_int(entry, f, jr_flags(r, e, f->json, f->names));
			break;
		case KAPI_SHAPE_ITEM_ID:
			has_id = true;
			break;
		case KAPI_SHAPE_CMD:
			kapi_field_set_int(entry, f, jr_cmd(r, e, f->json, s));
			break;
		}
	}
	if (has_id)
		check_item_id(r, e, s, entry);
}

/* A list section, as kapi_model.h describes it. */
static void decode_section(struct jr *r, json_t *o, struct kapi_spec *s,
			   const struct kapi_section *sec)
{
	unsigned int i, n;
	json_t *a, *e;
	char *v;

	r->where[0] = '\0';
	a = jr_array(r, o, sec->json, UINT8_MAX, &n);
	if (!n)
		return;
	v = arena_alloc(r->a, n * sec->entry_size);
	for (i = 0; i < n && !r->failed; i++) {
		e = jr_entry(r, a, sec->json, i);
		if (!e)
			break;
		decode_entry(r, e, s, sec, v + i * sec->entry_size);
	}
	*(void **)((char *)s + sec->array_offset) = v;
	*((u8 *)s + sec->count_offset) = n;
}

static struct kapi_spec *decode_spec(struct jr *r, json_t *o)
{
	struct kapi_spec *s = arena_alloc(r->a, sizeof(*s));
	json_t *src, *nr;
	unsigned int i;

	s->name = jr_str(r, o, "name");
	if (!r->failed && !s->name)
		jr_fail(r, "name: null");
	s->kind = jr_enum(r, o, "kind", &kapi_kind_names);
	nr = jr_get(r, o, "nr");
	s->nr = -1;
	if (nr && !json_is_null(nr))
		s->nr = jr_int(r, o, "nr", 0, INT16_MAX);
	s->summary = jr_str(r, o, "summary");
	s->desc = jr_str(r, o, "description");
	src = jr_object(r, o, "source");
	if (src) {
		snprintf(r->where, sizeof(r->where), "source");
		s->file = jr_str(r, src, "file");
		s->line = jr_int(r, src, "line", 0, UINT32_MAX);
		r->where[0] = '\0';
	}
	s->context = jr_flags(r, o, "context", &kapi_ctx_names);
	s->since = jr_str(r, o, "since");
	decode_params(r, o, s);
	decode_return(r, o, s);
	/* first the commands, which the other sections' CMD fields name */
	decode_section(r, o, s, &kapi_sections[KAPI_SEC_variants]);
	for (i = 0; i < KAPI_N_SECTIONS; i++)
		if (i != KAPI_SEC_variants)
			decode_section(r, o, s, &kapi_sections[i]);
	r->where[0] = '\0';
	s->examples = jr_str(r, o, "examples");
	s->notes = jr_str(r, o, "notes");
	/* not in the JSON: derived from the errors, as the generator does */
	kapi_errno_map_compute(s, s->errno_map);
	return r->failed ? NULL : s;
}

const struct kapi_spec *kapi_spec_decode(struct kapi_arena *a, json_t *o,
					 const char *file, char *err,
					 size_t errlen)
{
	struct jr r = { .a = a, .file = file, .err = err, .errlen = errlen };

	return decode_spec(&r, o);
}
