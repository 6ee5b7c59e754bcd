// SPDX-License-Identifier: GPL-2.0
/*
 * The descriptor tables of <linux/kapi_model.h>'s section field lists.
 * Like kapi_names.c this depends on nothing but the data model, so host
 * programs (tools/kapi) compile it too.
 */
#include "kapi_fields.h"

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
#define KAPI_FIELD_NAMES_ENUM(list)	(&kapi_##list##_names)
#define KAPI_FIELD_NAMES_FLAGS(list)	(&kapi_##list##_names)

#define KAPI_FIELD(type, ctype, mem, shp, lst, key, cmp)		\
	{								\
		.json = key,						\
		.member = #mem,						\
		.names = KAPI_FIELD_NAMES_##shp(lst),			\
		.list = KAPI_VL_##lst,					\
		.offset = offsetof(struct type, mem),			\
		.size = sizeof(((struct type *)0)->mem),		\
		.shape = KAPI_SHAPE_##shp,				\
		.compat = KAPI_COMPAT_##cmp,				\
	},

#define KAPI_FIELD_TABLE(arr, cnt, tag, FIELDS, key, rm, add)		\
	static const struct kapi_field kapi_##arr##_fields[] = {	\
		FIELDS(KAPI_FIELD)					\
	};
KAPI_SECTION_LIST(KAPI_FIELD_TABLE)

#define KAPI_SECTION_ROW(arr, cnt, tag, FIELDS, key, rm, add)		\
	{								\
		.json = key,						\
		.member = #arr,						\
		.ctype = "struct kapi_" #tag,				\
		.fields = kapi_##arr##_fields,				\
		.n_fields = ARRAY_SIZE(kapi_##arr##_fields),		\
		.array_offset = offsetof(struct kapi_spec, arr),	\
		.count_offset = offsetof(struct kapi_spec, cnt),	\
		.entry_size = sizeof(*((struct kapi_spec *)0)->arr),	\
		.removed = KAPI_COMPAT_##rm,				\
		.added = KAPI_COMPAT_##add,				\
	},
const struct kapi_section kapi_sections[] = {
	KAPI_SECTION_LIST(KAPI_SECTION_ROW)
};

const unsigned int kapi_n_sections = ARRAY_SIZE(kapi_sections);

/* kapi_section_count() reads each count as a u8. */
#define KAPI_COUNT_IS_U8(arr, cnt, tag, FIELDS, key, rm, add)		\
	static_assert(sizeof(((struct kapi_spec *)0)->cnt) == 1,	\
		      #cnt " is a u8");
KAPI_SECTION_LIST(KAPI_COUNT_IS_U8)

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
