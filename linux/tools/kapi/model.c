// SPDX-License-Identifier: GPL-2.0
/*
 * The set of specs every reader fills: memory, lookup, and the deep copy
 * that resolves a spec's pointers. Which reader fills it is read.c's
 * business: nothing here calls a reader.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kapi_fields.h>
#include "main.h"
#include "model.h"

/* --- the set --- */

void kapi_set_add(struct kapi_set *set, const struct kapi_spec *spec)
{
	*arena_push(&set->arena, set->specs, set->n, set->cap) = spec;
}

static int spec_cmp(const void *a, const void *b)
{
	const struct kapi_spec *x = *(const struct kapi_spec *const *)a;
	const struct kapi_spec *y = *(const struct kapi_spec *const *)b;

	return strcmp(x->name, y->name);
}

/*
 * Sources list specs in different orders (link order, registry order,
 * file order); sorting by name makes every output independent of that.
 * Duplicate names are refused, as the kernel's registry refuses them.
 */
int kapi_set_finish(struct kapi_set *set)
{
	unsigned int i;

	if (!set->n) {
		p_err("%s: no kernel API specifications found",
		      set->origin.path);
		return KAPI_EXIT_NO_SPECS;
	}
	qsort(set->specs, set->n, sizeof(*set->specs), spec_cmp);
	for (i = 1; i < set->n; i++) {
		if (strcmp(set->specs[i - 1]->name, set->specs[i]->name))
			continue;
		p_err("%s: two specs are named '%s'", set->origin.path,
		      set->specs[i]->name);
		return KAPI_EXIT_CORRUPT;
	}
	return KAPI_EXIT_OK;
}

void kapi_set_free(struct kapi_set *set)
{
	arena_free(&set->arena);
	set->specs = NULL;
	set->n = 0;
	set->cap = 0;
}

const struct kapi_spec *kapi_set_find(const struct kapi_set *set,
				      const char *name)
{
	const struct kapi_spec key = { .name = name }, *k = &key, **hit;

	hit = bsearch(&k, set->specs, set->n, sizeof(*set->specs), spec_cmp);
	return hit ? *hit : NULL;
}

void kapi_errno_map_compute(const struct kapi_spec *spec,
			    u64 map[KAPI_ERRNO_MAP_BITS / 64])
{
	unsigned int i;
	s32 e;

	memset(map, 0, KAPI_ERRNO_MAP_BITS / 8);
	for (i = 0; i < spec->n_errors; i++) {
		e = spec->errors[i].error;
		if (e > 0 && e < KAPI_ERRNO_MAP_BITS)
			map[e / 64] |= 1ULL << (e % 64);
	}
}

/* --- resolving pointers --- */

static const void *mem_array(struct kapi_resolver *r, const void *addr,
			     size_t size, size_t n)
{
	(void)r;
	(void)size;
	(void)n;
	return addr;
}

static const char *mem_string(struct kapi_resolver *r, const char *addr)
{
	(void)r;
	return addr;
}

struct kapi_resolver kapi_memory_resolver = {
	.array = mem_array,
	.string = mem_string,
};

struct importer {
	struct kapi_arena *a;
	struct kapi_resolver *r;
	char *err;
	size_t errlen;
	bool failed;
};

static __printf(2, 3) void
imp_fail(struct importer *im, const char *fmt, ...)
{
	va_list ap;

	if (im->failed)
		return;
	im->failed = true;
	va_start(ap, fmt);
	vsnprintf(im->err, im->errlen, fmt, ap);
	va_end(ap);
}

/* A string field; NULL stays NULL (the spec does not say). */
static const char *imp_str(struct importer *im, const char *addr,
			   const char *what, int idx)
{
	const char *s;

	if (!addr || im->failed)
		return NULL;
	s = im->r->string(im->r, addr);
	if (!s) {
		if (idx >= 0)
			imp_fail(im, "%s[%d]: %s", what, idx, im->r->why);
		else
			imp_fail(im, "%s: %s", what, im->r->why);
		return NULL;
	}
	return arena_strdup(im->a, s);
}

/*
 * An array of @n elements of @size bytes, copied: the raw bytes may sit at
 * any alignment inside a section. An empty array is always NULL, whatever
 * the pointer said, so specs from different readers compare equal.
 */
static void *imp_array(struct importer *im, const void *addr, size_t size,
		       size_t n, const char *what)
{
	const void *raw;
	void *copy;

	if (!n || im->failed)
		return NULL;
	if (!addr) {
		imp_fail(im, "%s: NULL pointer with %zu entries", what, n);
		return NULL;
	}
	raw = im->r->array(im->r, addr, size, n);
	if (!raw) {
		imp_fail(im, "%s: %s", what, im->r->why);
		return NULL;
	}
	copy = arena_alloc(im->a, size * n);
	memcpy(copy, raw, size * n);
	return copy;
}

/* A parameter's value set: the set, its values and their strings. */
static const struct kapi_value_set *imp_set(struct importer *im,
					    const struct kapi_value_set *addr,
					    int idx)
{
	struct kapi_value_set *set;
	struct kapi_value *v;
	unsigned int i;

	set = imp_array(im, addr, sizeof(*set), 1, "params.set");
	if (!set)
		return NULL;
	set->name = imp_str(im, set->name, "params.set.name", idx);
	v = imp_array(im, set->values, sizeof(*v), set->n_values,
		      "params.set.values");
	for (i = 0; v && i < set->n_values; i++) {
		v[i].name = imp_str(im, v[i].name, "params.set.values.name", i);
		v[i].desc = imp_str(im, v[i].desc, "params.set.values.desc", i);
	}
	set->values = v;
	/* a bool is read as its byte: anything but 0 and 1 is undefined */
	set->valued = *(const u8 *)&set->valued != 0;
	return set;
}

/* A pointer parameter's structure layout, its members and their sets. */
static const struct kapi_struct *imp_layout(struct importer *im,
					    const struct kapi_struct *addr,
					    int idx)
{
	struct kapi_struct *lo;
	struct kapi_struct_field *f;
	unsigned int i;

	lo = imp_array(im, addr, sizeof(*lo), 1, "params.layout");
	if (!lo)
		return NULL;
	lo->name = imp_str(im, lo->name, "params.layout.name", idx);
	f = imp_array(im, lo->fields, sizeof(*f), lo->n_fields,
		      "params.layout.fields");
	for (i = 0; f && i < lo->n_fields; i++) {
		f[i].name = imp_str(im, f[i].name, "params.layout.fields.name", i);
		f[i].ctype = imp_str(im, f[i].ctype, "params.layout.fields.ctype", i);
		f[i].desc = imp_str(im, f[i].desc, "params.layout.fields.desc", i);
		if (f[i].set)
			f[i].set = imp_set(im, f[i].set, i);
	}
	lo->fields = f;
	lo->laid_out = *(const u8 *)&lo->laid_out != 0;
	return lo;
}

static void imp_params(struct importer *im, struct kapi_spec *s)
{
	struct kapi_param *p;
	unsigned int i;

	p = imp_array(im, s->params, sizeof(*p), s->n_params, "params");
	for (i = 0; p && i < s->n_params; i++) {
		p[i].name = imp_str(im, p[i].name, "params.name", i);
		p[i].ctype = imp_str(im, p[i].ctype, "params.ctype", i);
		p[i].desc = imp_str(im, p[i].desc, "params.desc", i);
		p[i].valid = imp_str(im, p[i].valid, "params.valid", i);
		/* the union holds a pointer only for enum constraints */
		if (p[i].constraint == KAPI_CONSTRAINT_ENUM)
			p[i].ext.values = imp_array(im, p[i].ext.values,
						    sizeof(s64), p[i].n_values,
						    "params.values");
		if (p[i].set)
			p[i].set = imp_set(im, p[i].set, i);
		if (p[i].layout)
			p[i].layout = imp_layout(im, p[i].layout, i);
	}
	s->params = p;
}

/*
 * A list section: the array copied, then every string field resolved; a
 * bool is read as its byte, since any value but 0 and 1 is undefined, and
 * a command must name one of the spec's variants.
 */
static void imp_section(struct importer *im, struct kapi_spec *s,
			const struct kapi_section *sec)
{
	unsigned int i, k, n = kapi_section_count(s, sec);
	const struct kapi_field *f;
	char what[64];
	char *v, *e;
	u8 b;

	v = imp_array(im, kapi_section_entry(s, sec, 0), sec->entry_size, n,
		      sec->member);
	for (i = 0; v && i < n; i++) {
		e = v + (size_t)i * sec->entry_size;
		for (k = 0; k < sec->n_fields; k++) {
			f = &sec->fields[k];
			if (f->shape == KAPI_SHAPE_BOOL) {
				memcpy(&b, e + f->offset, 1);
				if (b > 1)
					imp_fail(im, "%s[%u].%s: %u is not a bool",
						 sec->member, i, f->member, b);
			}
			if (f->shape == KAPI_SHAPE_CMD &&
			    kapi_field_int(e, f) > s->n_variants)
				imp_fail(im, "%s[%u].%s: %lld is not a command (%u variants)",
					 sec->member, i, f->member,
					 (long long)kapi_field_int(e, f),
					 s->n_variants);
			if (f->shape != KAPI_SHAPE_STR)
				continue;
			snprintf(what, sizeof(what), "%s.%s", sec->member,
				 f->member);
			*(const char **)(e + f->offset) =
				imp_str(im, kapi_field_str(e, f), what, i);
		}
	}
	*(void **)((char *)s + sec->array_offset) = v;
}

const struct kapi_spec *kapi_spec_import(struct kapi_arena *a,
					 const struct kapi_spec *raw,
					 struct kapi_resolver *r,
					 char *err, size_t errlen)
{
	struct importer im = { .a = a, .r = r, .err = err, .errlen = errlen };
	struct kapi_spec *s = arena_alloc(a, sizeof(*s));
	unsigned int i;

	memcpy(s, raw, sizeof(*s));
	if (!s->name) {
		imp_fail(&im, "name: NULL pointer");
		return NULL;
	}
	s->name = imp_str(&im, s->name, "name", -1);
	s->summary = imp_str(&im, s->summary, "summary", -1);
	s->desc = imp_str(&im, s->desc, "desc", -1);
	s->examples = imp_str(&im, s->examples, "examples", -1);
	s->notes = imp_str(&im, s->notes, "notes", -1);
	s->since = imp_str(&im, s->since, "since", -1);
	s->file = imp_str(&im, s->file, "file", -1);
	s->ret.desc = imp_str(&im, s->ret.desc, "ret.desc", -1);
	imp_params(&im, s);
	for (i = 0; i < KAPI_N_SECTIONS; i++)
		imp_section(&im, s, &kapi_sections[i]);
	if (s->n_check_order > KAPI_MAX_CHECK_ORDER)
		imp_fail(&im, "check_order: %u entries, at most %d fit",
			 s->n_check_order, KAPI_MAX_CHECK_ORDER);
	for (i = 0; i < s->n_check_order && i < KAPI_MAX_CHECK_ORDER; i++)
		if (s->check_order[i] >= s->n_params)
			imp_fail(&im, "check_order[%u]: %u is not a parameter",
				 i, s->check_order[i]);
	return im.failed ? NULL : s;
}
