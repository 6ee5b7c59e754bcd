// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_lex.c - the C tokenizer shared by the prototype reader and the
 * errno analysis
 */
#include "kapi_internal.h"
#include "kapi_lex.h"

/* Two-character operators, so that "==" is never taken for an assignment. */
static const char *const ops2[] = {
	"->", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=",
	"%=", "&=", "|=", "^=", "<<", ">>", "++", "--",
};

void kapi_lex_init(struct kapi_lexer *lx, const char *buf, size_t len,
		   size_t pos, unsigned int line, bool whole_file)
{
	memset(lx, 0, sizeof(*lx));
	lx->buf = buf;
	lx->len = len;
	lx->pos = pos;
	lx->line = line;
	lx->at_line_start = pos == 0;
	lx->whole_file = whole_file;
}

/* Skip one preprocessor line (with backslash continuations). */
static void skip_pp_line(struct kapi_lexer *lx)
{
	while (lx->pos < lx->len && lx->buf[lx->pos] != '\n') {
		if (lx->buf[lx->pos] == '\\' && lx->pos + 1 < lx->len &&
		    lx->buf[lx->pos + 1] == '\n') {
			lx->pos++;
			lx->line++;
		}
		lx->pos++;
	}
}

static bool is_conditional(const char *w, size_t n)
{
	static const char *const cond[] = {
		"if", "ifdef", "ifndef", "elif", "else", "endif",
	};
	size_t i;

	for (i = 0; i < KAPI_ARRAY_SIZE(cond); i++)
		if (strlen(cond[i]) == n && !memcmp(w, cond[i], n))
			return true;
	return false;
}

/* Skip blanks, comments and directives; false where prototype mode stops. */
static bool skip_blanks(struct kapi_lexer *lx)
{
	const char *b = lx->buf;

	while (lx->pos < lx->len) {
		char c = b[lx->pos];

		if (c == '\n') {
			lx->line++;
			lx->pos++;
			lx->at_line_start = true;
		} else if (kapi_is_space((unsigned char)c)) {
			lx->pos++;
		} else if (c == '\\' && lx->pos + 1 < lx->len && b[lx->pos + 1] == '\n') {
			lx->pos++;
		} else if (c == '/' && lx->pos + 1 < lx->len && b[lx->pos + 1] == '*') {
			if (!lx->whole_file && lx->pos + 2 < lx->len &&
			    b[lx->pos + 2] == '*' &&
			    !(lx->pos + 3 < lx->len && b[lx->pos + 3] == '/')) {
				/* the next kernel-doc comment: no prototype here */
				lx->stop = "another kernel-doc comment";
				return false;
			}
			lx->pos += 2;
			while (lx->pos < lx->len &&
			       !(b[lx->pos] == '*' && lx->pos + 1 < lx->len &&
				 b[lx->pos + 1] == '/')) {
				if (b[lx->pos] == '\n')
					lx->line++;
				lx->pos++;
			}
			lx->pos = lx->pos + 2 > lx->len ? lx->len : lx->pos + 2;
		} else if (c == '/' && lx->pos + 1 < lx->len && b[lx->pos + 1] == '/') {
			while (lx->pos < lx->len && b[lx->pos] != '\n')
				lx->pos++;
		} else if (c == '#' && lx->at_line_start) {
			size_t p = lx->pos + 1, s;

			while (p < lx->len && (b[p] == ' ' || b[p] == '\t'))
				p++;
			s = p;
			while (p < lx->len && kapi_is_ident_char((unsigned char)b[p]))
				p++;
			if (!lx->whole_file && !is_conditional(b + s, p - s)) {
				lx->stop = "a preprocessor directive";
				return false;
			}
			skip_pp_line(lx);
		} else {
			return true;
		}
	}
	return false;
}

bool kapi_lex_next(struct kapi_lexer *lx, struct kapi_tok *t)
{
	const char *b = lx->buf;
	size_t i;

	if (!skip_blanks(lx))
		return false;

	lx->at_line_start = false;
	t->s = b + lx->pos;
	t->line = lx->line;
	if (kapi_is_ident_start((unsigned char)b[lx->pos])) {
		t->type = KAPI_TOK_IDENT;
		while (lx->pos < lx->len && kapi_is_ident_char((unsigned char)b[lx->pos]))
			lx->pos++;
	} else if (b[lx->pos] >= '0' && b[lx->pos] <= '9') {
		t->type = KAPI_TOK_NUMBER;
		while (lx->pos < lx->len && kapi_is_ident_char((unsigned char)b[lx->pos]))
			lx->pos++;
	} else if (b[lx->pos] == '"' || b[lx->pos] == '\'') {
		char q = b[lx->pos++];

		t->type = KAPI_TOK_STRING;
		while (lx->pos < lx->len && b[lx->pos] != q && b[lx->pos] != '\n') {
			if (b[lx->pos] == '\\' && lx->pos + 1 < lx->len)
				lx->pos++;
			lx->pos++;
		}
		if (lx->pos < lx->len && b[lx->pos] == q)
			lx->pos++;
	} else if (lx->pos + 2 < lx->len && !memcmp(b + lx->pos, "...", 3)) {
		t->type = KAPI_TOK_PUNCT;
		lx->pos += 3;
	} else {
		t->type = KAPI_TOK_PUNCT;
		lx->pos++;
		for (i = 0; i < KAPI_ARRAY_SIZE(ops2) && lx->pos < lx->len; i++) {
			if (b[lx->pos - 1] == ops2[i][0] && b[lx->pos] == ops2[i][1]) {
				lx->pos++;
				break;
			}
		}
	}
	t->n = b + lx->pos - t->s;
	return true;
}
