/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kapi_internal.h - helpers shared by the files of the kapi parser library.
 * Not part of its API: programs use kapi_parse.h.
 */
#ifndef KAPI_INTERNAL_H
#define KAPI_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "kapi_parse.h"

#define KAPI_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#ifndef __printf
#define __printf(a, b)	__attribute__((format(printf, a, b)))
#endif

/* Allocation failure ends the program: a build tool has nothing better to do. */
#define __kapi_alloc	__attribute__((returns_nonnull, warn_unused_result))

void *kapi_xmalloc(size_t n) __kapi_alloc;
void *kapi_xrealloc(void *p, size_t n) __kapi_alloc;
char *kapi_xstrdup(const char *s) __kapi_alloc;
char *kapi_xstrndup(const char *s, size_t n) __kapi_alloc;

/* Growable string. */
struct kapi_sbuf {
	char *s;
	size_t len;
	size_t cap;
};

void kapi_sbuf_addn(struct kapi_sbuf *b, const char *s, size_t n);
void kapi_sbuf_adds(struct kapi_sbuf *b, const char *s);
void kapi_sbuf_addc(struct kapi_sbuf *b, char c);
void __printf(2, 3) kapi_sbuf_printf(struct kapi_sbuf *b, const char *fmt, ...);
/* Hand over the string (never NULL) and reset @b. */
char *kapi_sbuf_take(struct kapi_sbuf *b);
void kapi_sbuf_release(struct kapi_sbuf *b);

static inline bool kapi_is_ident_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static inline bool kapi_is_ident_char(int c)
{
	return kapi_is_ident_start(c) || (c >= '0' && c <= '9');
}

static inline bool kapi_is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	       c == '\f' || c == '\v';
}

/* Is the whole of @s a C identifier? */
bool kapi_is_ident(const char *s);

/* --- reading comments (kapi_scan.c) and interpreting them (kapi_spec.c) --- */

/* A diagnostic held back until the comment turns out to be a spec. */
struct kapi_pdiag {
	unsigned int line;
	bool error;
	char *msg;
};

struct kapi_parser {
	const char *path;
	FILE *out;
	struct kapi_file *file;
	const char *buf;
	size_t len;
	struct kapi_parsed_spec *spec;	/* being built, for error counts */
};

/* What a line at indentation 0 starts. */
enum kapi_key {
	K_NONE = 0,
	K_CTX, K_PARAM, K_RETURN, K_ERROR, K_LOCK, K_SIGNAL, K_EFFECT,
	K_TRANSITION, K_CAPABILITY, K_CONSTRAINT, K_VARIANT, K_EXAMPLES, K_NOTES,
	K_LONGDESC, K_SINCE, K_ORDER, K_UNRETURNED, K_VALUESET, K_LAYOUT,
	K_BEHAVIOR,		/* "<function> behavior:" */
	K_USE,			/* "<function> constraints of use:" */
	K_SHARED,		/* "shared: NAME" of a DOC: comment */
	K_USE_SHARED,		/* "use: NAME [CMD, ...]" */
	K_ATPARAM,		/* kernel-doc "@name:" */
	K_SECTION,		/* kernel-doc "Return:", "Context:", ... */
	K_COUNT,		/* "<list>-count: N" */
	K_UNKNOWN,		/* looks like a key, is none */
	K_TEXT,			/* kernel-doc prose */
};

enum kapi_text_mode {
	TM_JOIN,		/* lines joined by spaces, blank line = "\n\n" */
	TM_LINES,		/* line breaks kept (examples:) */
};

/* One line of a comment, " * " and indentation taken off. */
struct kapi_cline {
	const char *text;	/* after the indentation; trailing blanks cut */
	unsigned int indent;
	unsigned int line;
};

struct kapi_raw_kv {
	const char *key;
	unsigned int line;
	struct kapi_sbuf val;
	bool pending;		/* blank line seen since the last text */
};

struct kapi_raw_item {
	unsigned int number;
	unsigned int line;
	struct kapi_sbuf text;
	bool pending;
};

/* Largest sub-key set (param:) plus room: duplicates are not stored. */
#define MAX_KV	16

struct kapi_raw_block {
	enum kapi_key key;
	unsigned int line;
	char *name;		/* key as written (K_UNKNOWN/K_SECTION/lists) */
	struct kapi_sbuf head;	/* the value on the key's line + continuation */
	bool head_pending;
	struct kapi_raw_kv kv[MAX_KV];
	unsigned int n_kv;
	struct kapi_raw_item **items;
	unsigned int n_items;
	bool marker;		/* a list named after this function */
};

struct kapi_comment {
	struct kapi_parser *p;
	size_t end;		/* offset just past the closing marker */
	unsigned int line;	/* line of the opening marker */
	unsigned int end_line;
	char *storage;		/* the cleaned-up line texts */
	struct kapi_cline *lines;
	unsigned int n_lines;

	char *doc_name;
	char *summary;
	unsigned int header_line;
	bool function_doc;	/* header is "name - summary" */
	bool type_doc;		/* header is "struct x - ...", DOC: and the like */
	bool doc_section;	/* header is DOC: */

	struct kapi_raw_block **blocks;
	unsigned int n_blocks;
	struct kapi_pdiag *pending;	/* reported only if this is a spec */
	unsigned int n_pending;

	/* where continuation lines go */
	struct kapi_sbuf *acc;
	bool *acc_pending;
	enum kapi_text_mode acc_mode;
	unsigned int acc_base;
	struct kapi_raw_block *cur;
	struct kapi_raw_item *cur_item;
};

void kapi_emit(struct kapi_parser *p, bool error, unsigned int line,
	       const char *msg);
__printf(3, 4)
void kapi_err(struct kapi_parser *p, unsigned int line, const char *fmt, ...);
__printf(3, 4)
void kapi_warn(struct kapi_parser *p, unsigned int line, const char *fmt, ...);

/* @s without outer blanks and with inner runs of blanks made one space. */
char *kapi_squash(const char *s) __kapi_alloc;
/* The name of @names (@n, or up to a NULL) within typo distance of @s. */
const char *kapi_closest(const char *s, const char *const *names, size_t n);

/* What to write instead of a key of the original series; NULL if none. */
const char *kapi_seed_instead(const char *block, const char *key);
/* Check a "<list>-count:" block against the spec. */
void kapi_check_count(struct kapi_parser *p, const struct kapi_parsed_spec *s,
		      const struct kapi_raw_block *b);

enum kapi_comment_kind {
	KAPI_COMMENT_OTHER,	/* code's comment, or kernel-doc of no spec */
	KAPI_COMMENT_SPEC,	/* a spec: kapi_comment_interpret() */
	KAPI_COMMENT_SHARED,	/* shared: groups: kapi_shared_interpret() */
};

/*
 * Read comment @sc of p->buf into @c, raw blocks and held-back problems,
 * and say what it is (kapi_scan.c). Release @c whatever it returns.
 */
enum kapi_comment_kind kapi_comment_read(struct kapi_parser *p,
					 const struct kapi_source_comment *sc,
					 struct kapi_comment *c);
void kapi_comment_release(struct kapi_comment *c);

/* Interpret spec comment @c and append it to p->file (kapi_spec.c). */
void kapi_comment_interpret(struct kapi_parser *p, struct kapi_comment *c);
/* The shared: groups of DOC: comment @c into p->file (kapi_spec.c). */
void kapi_shared_interpret(struct kapi_parser *p, struct kapi_comment *c);
/* Release what @s holds (kapi_entry.c). */
void kapi_parsed_spec_free(struct kapi_parsed_spec *s);

/* --- the parsed entries of the list sections (kapi_entry.c) --- */

/* @sec: an enum kapi_section_index */
unsigned int kapi_entry_count(const struct kapi_parsed_spec *s,
			      unsigned int sec);
void *kapi_entry_at(const struct kapi_parsed_spec *s, unsigned int sec,
		    unsigned int i);
struct kapi_written *kapi_entry_written(void *entry, unsigned int sec);
/* A zeroed entry at the end of section @sec of @s. */
void *kapi_entry_append(struct kapi_parsed_spec *s, unsigned int sec);
/* Forget the last entry of section @sec (released already). */
void kapi_entry_pop(struct kapi_parsed_spec *s, unsigned int sec);
/* @src into @dst with copies of its strings. */
void kapi_entry_copy(unsigned int sec, void *dst, const void *src);
/* Free the strings of @entry. */
void kapi_entry_release(unsigned int sec, void *entry);
/*
 * The error of @s named @name with command @variant (NULL: the one for
 * every command), or NULL; an entry still being read (no name) is none.
 */
const struct kapi_parsed_error *
kapi_error_listed(const struct kapi_parsed_spec *s, const char *name,
		  const char *variant);
/* Record that field @member was written as @text (taken) on @line. */
void kapi_set_written(struct kapi_written *w, const char *member, char *text,
		      unsigned int line);

/* --- entries a file's specs share (kapi_shared.c) --- */

/*
 * "[A, B]" at the start of @s: the commands of a multiplexed call an entry
 * happens with. Returns how many (0 without brackets) and sets *@rest past
 * the list; the names are allocated into @out (up to @max).
 */
unsigned int kapi_command_list(struct kapi_parser *p, unsigned int line,
			       const char *s, const char **rest, char **out,
			       unsigned int max);
/* shared: NAME of a DOC: comment: the group its entries are read into. */
struct kapi_parsed_spec *kapi_shared_new(struct kapi_parser *p,
					 const char *name, unsigned int line);
/* use: NAME [CMD, ...] of spec @s: a copy of the group's entries. */
void kapi_shared_use(struct kapi_parser *p, struct kapi_parsed_spec *s,
		     const char *text, unsigned int line);
/* Once the file is read: report groups no spec uses. */
void kapi_shared_check(struct kapi_parser *p);

/* --- value sets (kapi_sets.c) --- */

/* A value-set: block into p->file->sets. */
void kapi_do_value_set(struct kapi_parser *p, const struct kapi_raw_block *b);
/* values: and others: of parameter @pp (either may be NULL). */
void kapi_param_values(struct kapi_parser *p, struct kapi_parsed_param *pp,
		       const struct kapi_raw_kv *values,
		       const struct kapi_raw_kv *others);
/* Once the file is read: point each values: at its set, report the rest. */
void kapi_resolve_sets(struct kapi_parser *p);
/* Release the sets of @file. */
void kapi_sets_free(struct kapi_file *file);

/* --- structure layouts (kapi_layouts.c) --- */

/* A struct-layout: block into p->file->layouts. */
void kapi_do_layout(struct kapi_parser *p, const struct kapi_raw_block *b);
/* struct: of parameter @pp (NULL: none). */
void kapi_param_layout(struct kapi_parser *p, struct kapi_parsed_param *pp,
		       const struct kapi_raw_kv *kv);
/* Once the file is read: resolve names, as kapi_resolve_sets() does. */
void kapi_resolve_layouts(struct kapi_parser *p);
/* --- multiplexed calls (kapi_variants.c) --- */

/*
 * Once the sets are resolved: find each spec's selector, check its
 * variant: blocks and the variant: of its errors against it.
 */
void kapi_resolve_variants(struct kapi_parser *p);

/* Release the layouts of @file. */
void kapi_layouts_free(struct kapi_file *file);

/* Room for one more entry in a u8 count of struct kapi_spec? */
bool kapi_room(struct kapi_parser *p, unsigned int n, unsigned int line,
	       const char *what);

/* Append a zeroed entry to array @arr of @n entries; yields its address. */
#define KAPI_GROW(arr, n)	((arr) = kapi_xrealloc((arr), ((n) + 1) * sizeof(*(arr))), \
			 memset(&(arr)[(n)], 0, sizeof(*(arr))), &(arr)[(n)++])

/* A kernel-doc "@name: text" line of a spec comment. */
struct kapi_atparam {
	const char *name;
	struct kapi_sbuf *text;
	unsigned int line;
	bool used;
};

/* --- prototypes (kapi_proto.c) --- */

enum kapi_proto_kind {
	KAPI_PROTO_NONE = 0,	/* nothing usable follows the comment */
	KAPI_PROTO_FUNCTION,	/* a C function definition or declaration */
	KAPI_PROTO_SYSCALL,	/* SYSCALL_DEFINEn() */
	KAPI_PROTO_COMPAT,	/* COMPAT_SYSCALL_DEFINEn() */
};

struct kapi_proto_param {
	char *name;		/* NULL when the declaration has none */
	char *ctype;
};

struct kapi_proto {
	int kind;		/* enum kapi_proto_kind */
	char *name;
	char *ret_ctype;
	struct kapi_proto_param *params;
	unsigned int n_params;
	int declared;		/* n of SYSCALL_DEFINEn, -1 otherwise */
	unsigned int line;
	bool variadic;
	bool definition;	/* a body follows, not a ';' */
	char *problem;		/* KAPI_PROTO_NONE: what was found instead */
};

/*
 * Parse the declaration that starts at @pos of @buf (just after a comment
 * that ends on line @line). Always fills @out; release it afterwards.
 */
void kapi_proto_parse(const char *buf, size_t len, size_t pos,
		      unsigned int line, struct kapi_proto *out);
void kapi_proto_release(struct kapi_proto *p);

/* What a C type spelled as in a prototype is, as far as a spec cares. */
struct kapi_ctype {
	bool pointer;		/* pointer or array at the top level */
	bool user;		/* __user */
	bool pointee_const;	/* const before the first '*' */
	bool fn_ptr;
	bool array;
	bool is_struct, is_union, is_enum;
	bool is_void;		/* plain void */
	bool is_char;		/* base type char (any signedness) */
	int ptr_depth;
	int sign;		/* 1 signed, 0 unsigned, -1 not a known integer */
	int width;		/* bits of a known integer, 0 otherwise */
	bool user_typedef;	/* a typedef of a __user pointer */
};

void kapi_ctype_classify(const char *ctype, struct kapi_ctype *ct);
/* enum kapi_type a spec would give @ct when nothing is written. */
int kapi_ctype_infer(const struct kapi_ctype *ct);

enum kapi_ctype_match {
	KAPI_CTYPE_OK = 0,
	KAPI_CTYPE_MISMATCH,
	KAPI_CTYPE_UNVERIFIABLE,	/* unknown typedef: cannot tell */
};

/* May a parameter of C type @ct be described as enum kapi_type @type? */
enum kapi_ctype_match kapi_ctype_compatible(int type, const struct kapi_ctype *ct);

/* --- symbol tables (kapi_symbols.c) for the evaluator (kapi_eval.c) --- */

/*
 * Value and C type of constant @name: a constant of the tables, a
 * capability or an errno (int). False if @name is none of them.
 */
bool kapi_const_value(const char *name, struct kapi_cval *out);

/* --- checks against the prototype (kapi_crosscheck.c) --- */

/* Name and kind of @s from prototype @pr, and the kernel-doc name checked. */
void kapi_crosscheck_name(struct kapi_parser *p, struct kapi_parsed_spec *s,
			  const struct kapi_comment *c,
			  const struct kapi_proto *pr);
/*
 * The param: blocks of @s against the parameters of @pr, filling in what
 * the comment leaves out, and the return type; @ap are the @name: lines.
 */
void kapi_crosscheck_params(struct kapi_parser *p, struct kapi_parsed_spec *s,
			    struct kapi_proto *pr, struct kapi_atparam *ap,
			    unsigned int n_ap);

#endif /* KAPI_INTERNAL_H */
