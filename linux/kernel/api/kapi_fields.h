/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Descriptor tables of the list sections of struct kapi_spec, made from
 * the field lists in <linux/kapi_model.h>. The JSON renderer, tools/kapi's
 * JSON reader and its comparer walk these instead of naming each field.
 */
#ifndef _KERNEL_API_KAPI_FIELDS_H
#define _KERNEL_API_KAPI_FIELDS_H

#include <linux/kernel_api_spec.h>
#include "kapi_names.h"

enum kapi_shape {
	KAPI_SHAPE_STR,
	KAPI_SHAPE_INT,
	KAPI_SHAPE_UINT,
	KAPI_SHAPE_BOOL,
	KAPI_SHAPE_ENUM,
	KAPI_SHAPE_FLAGS,
	KAPI_SHAPE_ITEM_ID,
};

enum kapi_compat {
	KAPI_COMPAT_KEY,
	KAPI_COMPAT_DOC,
	KAPI_COMPAT_ABI,
	KAPI_COMPAT_CALLER,
};

/**
 * struct kapi_field - one member of a section entry
 * @json: JSON key
 * @member: C member name
 * @names: value or bit names of an ENUM or FLAGS field, else NULL
 * @list: &enum kapi_value_list of those names, %KAPI_VL_none for others
 * @offset: offsetof() the member in its struct
 * @size: sizeof() the member
 * @shape: &enum kapi_shape
 * @compat: &enum kapi_compat
 */
struct kapi_field {
	const char *json;
	const char *member;
	const struct kapi_names *names;
	unsigned short offset;
	unsigned char size;
	unsigned char shape;
	unsigned char compat;
	unsigned char list;
};

/**
 * struct kapi_section - one list section of struct kapi_spec
 * @json: JSON key of the array
 * @member: C member name of the array pointer
 * @ctype: C type of an entry ("struct kapi_error")
 * @fields: @n_fields descriptors, in JSON order
 * @n_fields: see @fields
 * @array_offset: offsetof() the array pointer in struct kapi_spec
 * @count_offset: offsetof() its u8 count
 * @entry_size: sizeof() one entry
 * @removed: &enum kapi_compat of an entry going away
 * @added: &enum kapi_compat of a new entry
 */
struct kapi_section {
	const char *json;
	const char *member;
	const char *ctype;
	const struct kapi_field *fields;
	unsigned int n_fields;
	unsigned short array_offset;
	unsigned short count_offset;
	unsigned short entry_size;
	unsigned char removed;
	unsigned char added;
};

extern const struct kapi_section kapi_sections[];
extern const unsigned int kapi_n_sections;

/* Entry @i of section @sec of @spec (NULL when the array is missing). */
const void *kapi_section_entry(const struct kapi_spec *spec,
			       const struct kapi_section *sec, unsigned int i);
unsigned int kapi_section_count(const struct kapi_spec *spec,
				const struct kapi_section *sec);

/* Integer fields (INT, UINT, BOOL, ENUM, FLAGS) widened to s64. */
s64 kapi_field_int(const void *entry, const struct kapi_field *f);
/* STR fields. */
const char *kapi_field_str(const void *entry, const struct kapi_field *f);

#endif /* _KERNEL_API_KAPI_FIELDS_H */
