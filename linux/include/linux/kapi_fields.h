/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Descriptor tables of the list sections of struct kapi_spec, made from
 * the field lists in <linux/kapi_model.h>. The JSON renderer, tools/kapi's
 * JSON reader and its comparer walk these instead of naming each field.
 */
#ifndef _LINUX_KAPI_FIELDS_H
#define _LINUX_KAPI_FIELDS_H

#include <linux/kernel_api_spec.h>
#include <linux/kapi_names.h>

enum kapi_shape {
	KAPI_SHAPE_STR,
	KAPI_SHAPE_INT,
	KAPI_SHAPE_UINT,
	KAPI_SHAPE_BOOL,
	KAPI_SHAPE_ENUM,
	KAPI_SHAPE_FLAGS,
	KAPI_SHAPE_ITEM_ID,
	KAPI_SHAPE_CMD,
};

enum kapi_compat {
	KAPI_COMPAT_KEY,
	KAPI_COMPAT_DOC,
	KAPI_COMPAT_ABI,
	KAPI_COMPAT_CALLER,
	KAPI_COMPAT_OWN,
};

/* Where the parser reads a field: the annotation column of the lists. */
enum kapi_source {
	KAPI_SOURCE_SUB,
	KAPI_SOURCE_OWN,
	KAPI_SOURCE_AT_HEAD,
	KAPI_SOURCE_DERIVED,
};

/* How text, rst and man show a field: the text column of the lists. */
enum kapi_show {
	KAPI_SHOW_HEAD,
	KAPI_SHOW_OPT,
	KAPI_SHOW_LINE,
	KAPI_SHOW_PROSE,
	KAPI_SHOW_HIDE,
};

/**
 * struct kapi_field - one member of a section entry
 * @json: JSON key
 * @member: C member name
 * @names: value or bit names of an ENUM or FLAGS field, else NULL
 * @key: annotation sub-key of a SUB or OWN field, else NULL
 * @before: text before the value (HEAD, OPT) or the label (LINE)
 * @after: text after the value (HEAD, OPT)
 * @list: &enum kapi_value_list of those names, %KAPI_VL_none for others
 * @offset: offsetof() the member in its struct
 * @size: sizeof() the member
 * @shape: &enum kapi_shape
 * @compat: &enum kapi_compat
 * @source: &enum kapi_source
 * @show: &enum kapi_show
 */
struct kapi_field {
	const char *json;
	const char *member;
	const struct kapi_names *names;
	const char *key;
	const char *before;
	const char *after;
	unsigned short offset;
	unsigned char size;
	unsigned char shape;
	unsigned char compat;
	unsigned char list;
	unsigned char source;
	unsigned char show;
};

/**
 * struct kapi_section - one list section of struct kapi_spec
 * @json: JSON key of the array
 * @member: C member name of the array pointer
 * @ctype: C type of an entry ("struct kapi_error")
 * @title: heading in text, rst and man; NULL for the items
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
	const char *title;
	const struct kapi_field *fields;
	unsigned int n_fields;
	unsigned short array_offset;
	unsigned short count_offset;
	unsigned short entry_size;
	unsigned char removed;
	unsigned char added;
};

/* Indices into kapi_sections[]: KAPI_SEC_errors, KAPI_SEC_locks, ... */
#define KAPI_EM_SEC(arr, cnt, tag, FIELDS, rm, add, ttl)	KAPI_SEC_##arr,
enum kapi_section_index {
	KAPI_SECTION_LIST(KAPI_EM_SEC)
	KAPI_N_SECTIONS
};

extern const struct kapi_section kapi_sections[KAPI_N_SECTIONS];

/* The members of struct kapi_param (KAPI_PARAM_FIELDS), in their order. */
extern const struct kapi_field kapi_param_fields[];
extern const unsigned int kapi_n_param_fields;

/* Entry @i of section @sec of @spec (NULL when the array is missing). */
const void *kapi_section_entry(const struct kapi_spec *spec,
			       const struct kapi_section *sec, unsigned int i);
unsigned int kapi_section_count(const struct kapi_spec *spec,
				const struct kapi_section *sec);

/* Integer fields (INT, UINT, BOOL, ENUM, FLAGS) widened to s64. */
s64 kapi_field_int(const void *entry, const struct kapi_field *f);
/* STR fields. */
const char *kapi_field_str(const void *entry, const struct kapi_field *f);
/* STR and CMD fields: the string, or the name of the command; NULL: none. */
const char *kapi_field_text(const struct kapi_spec *spec, const void *entry,
			    const struct kapi_field *f);
/* Whether an OPT or LINE field has something to show: set, non-zero. */
bool kapi_field_is_set(const void *entry, const struct kapi_field *f);

#ifndef __KERNEL__
/* Host readers fill entries: store @v in an integer field. */
void kapi_field_set_int(void *entry, const struct kapi_field *f, s64 v);
#endif

/**
 * struct kapi_part - a part of a spec as text, rst and man show it
 * @sec: its section
 * @kind: the &enum kapi_item_kind of the items it holds, -1: every entry
 * @title: its heading; NULL for the whole items section, which is shown
 *	in one part per kind instead
 */
struct kapi_part {
	const struct kapi_section *sec;
	int kind;
	const char *title;
};

#define KAPI_N_PARTS	(KAPI_N_SECTIONS + KAPI_ITEM_KIND_COUNT)
extern const struct kapi_part kapi_parts[KAPI_N_PARTS];

/* Whether @entry (NULL: a missing array) belongs in @part. */
bool kapi_part_has(const struct kapi_part *part, const void *entry);
/* How many entries of @spec are in @part (the count, for a section). */
unsigned int kapi_part_count(const struct kapi_spec *spec,
			     const struct kapi_part *part);
/* Whether @f shows on the first line of @entry (a BOOL: only its name). */
bool kapi_field_in_head(const void *entry, const struct kapi_field *f);

/* The value of @f of @entry in words (lib/kapi/render_text.c). */
struct seq_buf;
void kapi_render_value(struct seq_buf *s, const struct kapi_spec *spec,
		       const void *entry, const struct kapi_field *f);

#endif /* _LINUX_KAPI_FIELDS_H */
