/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kapi_lex.h - the C tokenizer of the kapi parser library
 *
 * Enough of C's lexical rules for what scripts/kapi reads: prototypes after
 * spec comments (kapi_proto.c) and function bodies for the errno analysis
 * (kapi_errnos.c). Comments and blanks are skipped; strings and character
 * constants are single tokens; punctuators are one character except for
 * "..." and the two-character operators the analysis must tell apart from
 * '=' and '-' ("==", "->", "-=", ...).
 */
#ifndef KAPI_LEX_H
#define KAPI_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

enum kapi_tok_type {
	KAPI_TOK_IDENT,
	KAPI_TOK_NUMBER,
	KAPI_TOK_STRING,
	KAPI_TOK_PUNCT,
};

struct kapi_tok {
	int type;		/* enum kapi_tok_type */
	const char *s;		/* into the buffer, not terminated */
	size_t n;
	unsigned int line;
};

struct kapi_lexer {
	const char *buf;
	size_t len;
	size_t pos;
	unsigned int line;
	bool at_line_start;
	/*
	 * Prototype mode (false): stop at the next kernel-doc comment and at
	 * a directive other than a conditional, and say why in @stop. Whole
	 * file mode (true): both are skipped like any comment or directive.
	 */
	bool whole_file;
	const char *stop;
};

/* Start @lx on @buf at @pos, which is on line @line. */
void kapi_lex_init(struct kapi_lexer *lx, const char *buf, size_t len,
		   size_t pos, unsigned int line, bool whole_file);
/* The next token into @t; false at the end (or where prototype mode stops). */
bool kapi_lex_next(struct kapi_lexer *lx, struct kapi_tok *t);

static inline bool kapi_tok_is(const struct kapi_tok *t, const char *s)
{
	return t->n == strlen(s) && !memcmp(t->s, s, t->n);
}

#endif /* KAPI_LEX_H */
