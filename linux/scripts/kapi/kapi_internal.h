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

#include "kapi_parse.h"

#define KAPI_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

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

enum kapi_compat {
	KAPI_COMPAT_OK = 0,
	KAPI_COMPAT_MISMATCH,
	KAPI_COMPAT_UNVERIFIABLE,	/* unknown typedef: cannot tell */
};

/* May a parameter of C type @ct be described as enum kapi_type @type? */
enum kapi_compat kapi_ctype_compatible(int type, const struct kapi_ctype *ct);

#endif /* KAPI_INTERNAL_H */
