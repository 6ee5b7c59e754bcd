// SPDX-License-Identifier: GPL-2.0
/*
 * The descriptor tables of <linux/kapi_model.h>'s section field lists.
 * Like kapi_names.c this depends on nothing but the data model, so host
 * programs (tools/kapi) compile it too.
 */
#include <linux/kapi_fields.h>

#ifdef __KERNEL__
#include <linux/array_size.h>
#include <linux/build_bug.h>
#include <linux/stddef.h>
#else
#include <assert.h>
#include <stddef.h>
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

/* The names of an ENUM's values or a FLAGS field's bits. */
#define KAPI_FIELD_NAMES_STR(list)	NULL
#define KAPI_FIELD_NAMES_INT(list)	NULL
#define KAPI_FIELD_NAMES_UINT(list)	NULL
#define KAPI_FIELD_NAMES_BOOL(list)	NULL
#define KAPI_FIELD_NAMES_ITEM_ID(list)	NULL
#define KAPI_FIELD_NAMES_CMD(list)	NULL
#define KAPI_FIELD_NAMES_ENUM(list)	(&kapi_##list##_names)
#define KAPI_FIELD_NAMES_FLAGS(list)	(&kapi_##list##_names)

/* The annotation column: where the parser reads the field. */
#define KAPI_FIELD_SRC_SUB(k)	.key = k, .source = KAPI_SOURCE_SUB
#define KAPI_FIELD_SRC_OWN(k)	.key = k, .source = KAPI_SOURCE_OWN
#define KAPI_FIELD_SRC_AT_HEAD	.source = KAPI_SOURCE_AT_HEAD
#define KAPI_FIELD_SRC_DERIVED	.source = KAPI_SOURCE_DERIVED

/* The text column: how text, rst and man show it. */
#define KAPI_FIELD_SHOW_HEAD(b, a)	.before = b, .after = a,	\
					.show = KAPI_SHOW_HEAD
#define KAPI_FIELD_SHOW_OPT(b, a)	.before = b, .after = a,	\
					.show = KAPI_SHOW_OPT
#define KAPI_FIELD_SHOW_LINE(label)	.before = label, .show = KAPI_SHOW_LINE
#define KAPI_FIELD_SHOW_PROSE		.show = KAPI_SHOW_PROSE
#define KAPI_FIELD_SHOW_HIDE		.show = KAPI_SHOW_HIDE

#define KAPI_FIELD(type, ctype, mem, shp, lst, js, cmp, src, shw)	\
	{								\
		.json = js,						\
		.member = #mem,						\
		.names = KAPI_FIELD_NAMES_##shp(lst),			\
		.list = KAPI_VL_##lst,					\
		.offset = offsetof(struct type, mem),			\
		.size = sizeof(((struct type *)0)->mem),		\
		.shape = KAPI_SHAPE_##shp,				\
		.compat = KAPI_COMPAT_##cmp,				\
		KAPI_FIELD_SRC_##src,					\
		KAPI_FIELD_SHOW_##shw,					\
	},

#define KAPI_FIELD_TABLE(arr, cnt, tag, FIELDS, rm, add, ttl)	\
	static const struct kapi_field kapi_##arr##_fields[] = {	\
		FIELDS(KAPI_FIELD)					\
	};
KAPI_SECTION_LIST(KAPI_FIELD_TABLE)

#define KAPI_SECTION_ROW(arr, cnt, tag, FIELDS, rm, add, ttl)	\
	{								\
		.json = #arr,					\
		.member = #arr,						\
		.ctype = "struct kapi_" #tag,				\
		.title = ttl,						\
		.fields = kapi_##arr##_fields,				\
		.n_fields = ARRAY_SIZE(kapi_##arr##_fields),		\
		.array_offset = offsetof(struct kapi_spec, arr),	\
		.count_offset = offsetof(struct kapi_spec, cnt),	\
		.entry_size = sizeof(*((struct kapi_spec *)0)->arr),	\
		.removed = KAPI_COMPAT_##rm,				\
		.added = KAPI_COMPAT_##add,				\
	},
const struct kapi_section kapi_sections[KAPI_N_SECTIONS] = {
	KAPI_SECTION_LIST(KAPI_SECTION_ROW)
};

const struct kapi_field kapi_param_fields[] = {
	KAPI_PARAM_FIELDS(KAPI_FIELD)
};

const unsigned int kapi_n_param_fields = ARRAY_SIZE(kapi_param_fields);

/* kapi_section_count() reads each count as a u8. */
#define KAPI_COUNT_IS_U8(arr, cnt, tag, FIELDS, rm, add, ttl)	\
	static_assert(sizeof(((struct kapi_spec *)0)->cnt) == 1,	\
		      #cnt " is a u8");
KAPI_SECTION_LIST(KAPI_COUNT_IS_U8)

#define KAPI_PART_ROW(arr, cnt, tag, FIELDS, rm, add, ttl)	\
	{ &kapi_sections[KAPI_SEC_##arr], -1, ttl },
const struct kapi_part kapi_parts[] = {
	KAPI_SECTION_LIST(KAPI_PART_ROW)
	{ &kapi_sections[KAPI_SEC_items], KAPI_ITEM_BEHAVIOR, "behaviors" },
	{ &kapi_sections[KAPI_SEC_items], KAPI_ITEM_CONSTRAINT_OF_USE,
	  "constraints of use" },
};

bool kapi_part_has(const struct kapi_part *part, const void *entry)
{
	return entry && (part->kind < 0 ||
			 ((const struct kapi_item *)entry)->kind == part->kind);
}

unsigned int kapi_part_count(const struct kapi_spec *spec,
			     const struct kapi_part *part)
{
	unsigned int i, n = 0, count = kapi_section_count(spec, part->sec);

	if (part->kind < 0)
		return count;
	for (i = 0; i < count; i++)
		n += kapi_part_has(part, kapi_section_entry(spec, part->sec, i));
	return n;
}

unsigned int kapi_section_count(const struct kapi_spec *spec,
				const struct kapi_section *sec)
{
	return *((const u8 *)spec + sec->count_offset);
}

const void *kapi_section_entry(const struct kapi_spec *spec,
			       const struct kapi_section *sec, unsigned int i)
{
	const char *const *array = (const void *)((const char *)spec +
						  sec->array_offset);

	return *array ? *array + (size_t)i * sec->entry_size : NULL;
}

s64 kapi_field_int(const void *entry, const struct kapi_field *f)
{
	const char *p = (const char *)entry + f->offset;

	if (f->shape == KAPI_SHAPE_INT) {
		switch (f->size) {
		case 1:
			return *(const s8 *)p;
		case 2:
			return *(const s16 *)p;
		case 4:
			return *(const s32 *)p;
		}
		return *(const s64 *)p;
	}
	switch (f->size) {
	case 1:
		return *(const u8 *)p;
	case 2:
		return *(const u16 *)p;
	case 4:
		return *(const u32 *)p;
	}
	return *(const s64 *)p;
}

const char *kapi_field_str(const void *entry, const struct kapi_field *f)
{
	return *(const char *const *)((const char *)entry + f->offset);
}

const char *kapi_field_text(const struct kapi_spec *spec, const void *entry,
			    const struct kapi_field *f)
{
	s64 cmd;

	if (f->shape == KAPI_SHAPE_STR)
		return kapi_field_str(entry, f);
	cmd = kapi_field_int(entry, f);
	if (cmd < 1 || cmd > spec->n_variants || !spec->variants)
		return NULL;
	return spec->variants[cmd - 1].name;
}

bool kapi_field_is_set(const void *entry, const struct kapi_field *f)
{
	if (f->shape == KAPI_SHAPE_STR)
		return kapi_field_str(entry, f);
	if (f->shape == KAPI_SHAPE_ITEM_ID)
		return true;
	return kapi_field_int(entry, f);
}

#ifndef __KERNEL__
void kapi_field_set_int(void *entry, const struct kapi_field *f, s64 v)
{
	char *p = (char *)entry + f->offset;

	if (f->shape == KAPI_SHAPE_BOOL)
		v = !!v;

	switch (f->size) {
	case 1:
		*(u8 *)p = v;
		break;
	case 2:
		*(u16 *)p = v;
		break;
	case 4:
		*(u32 *)p = v;
		break;
	default:
		*(u64 *)p = v;
	}
}
#endif

bool kapi_field_in_head(const void *entry, const struct kapi_field *f)
{
	if (f->show == KAPI_SHOW_OPT ||
	    (f->show == KAPI_SHOW_HEAD && f->shape == KAPI_SHAPE_BOOL))
		return kapi_field_is_set(entry, f);
	return f->show == KAPI_SHOW_HEAD;
}
