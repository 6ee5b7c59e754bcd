// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_eval.c - evaluate the constant expressions of annotations
 *
 * Evaluated with C's rules for int, unsigned int, long and unsigned long on
 * LP64 (literal types, usual arithmetic conversions, shifts keeping the
 * left operand's type), so that "~0x80000000" or "1 << 31" mean here what
 * they mean to the kernel compiler. Shorter types do not occur: every
 * operand is promoted to int first. Names are looked up in the tables of
 * kapi_symbols.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "kapi_internal.h"

struct eval {
	const char *p;
	char *err;
	size_t errlen;
	bool failed;
	bool *symbolic;		/* NULL: every name must be known */
	unsigned int depth;
};

/* Deep enough for any real annotation, shallow enough for any stack. */
#define EVAL_MAX_DEPTH	64

static struct kapi_cval mkval(uint64_t v, unsigned int bits, bool is_signed)
{
	struct kapi_cval r = { .bits = bits, .is_signed = is_signed };

	r.v = bits == 32 ? (v & 0xffffffffULL) : v;
	return r;
}

uint64_t kapi_cval_u64(struct kapi_cval v)
{
	if (v.bits == 32 && v.is_signed)
		return (uint64_t)(int64_t)(int32_t)(uint32_t)v.v;
	return v.bits == 32 ? (v.v & 0xffffffffULL) : v.v;
}

static void __printf(2, 3)
fail(struct eval *e, const char *fmt, ...)
{
	va_list ap;

	if (e->failed)
		return;
	e->failed = true;
	va_start(ap, fmt);
	vsnprintf(e->err, e->errlen, fmt, ap);
	va_end(ap);
}

static void skip_ws(struct eval *e)
{
	while (kapi_is_space((unsigned char)*e->p))
		e->p++;
}

/* The type both operands of a binary operator are converted to. */
static void common_type(struct kapi_cval a, struct kapi_cval b,
			unsigned int *bits, bool *is_signed)
{
	if (a.bits == b.bits) {
		*bits = a.bits;
		*is_signed = a.is_signed && b.is_signed;
	} else {
		/* the wider is long; long holds all of unsigned int */
		struct kapi_cval w = a.bits > b.bits ? a : b;

		*bits = 64;
		*is_signed = w.is_signed;
	}
}

static struct kapi_cval convert(struct kapi_cval v, unsigned int bits,
				bool is_signed)
{
	return mkval(kapi_cval_u64(v), bits, is_signed);
}

static bool is_negative(struct kapi_cval v)
{
	return v.is_signed && (int64_t)kapi_cval_u64(v) < 0;
}

static struct kapi_cval parse_expr(struct eval *e, int min_prec);

static struct kapi_cval parse_number(struct eval *e)
{
	const char *s = e->p;
	uint64_t v = 0;
	unsigned int base = 10, digit;
	bool overflow = false, any = false, has_u = false;
	int n_l = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	} else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
		base = 2;
		s += 2;
	} else if (s[0] == '0') {
		base = 8;
	}
	for (;; s++) {
		int c = (unsigned char)*s;

		if (c >= '0' && c <= '9')
			digit = c - '0';
		else if (c >= 'a' && c <= 'f')
			digit = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			digit = c - 'A' + 10;
		else
			break;
		if (digit >= base)
			break;
		if (v > (UINT64_MAX - digit) / base)
			overflow = true;
		v = v * base + digit;
		any = true;
	}
	if (base == 8)
		any = true;	/* "0" itself */
	for (;;) {
		if ((*s == 'u' || *s == 'U') && !has_u) {
			has_u = true;
			s++;
		} else if ((*s == 'l' || *s == 'L') && n_l == 0) {
			n_l = (s[1] == s[0]) ? 2 : 1;
			s += n_l;
		} else {
			break;
		}
	}
	if (!any || kapi_is_ident_char((unsigned char)*s)) {
		e->p = s;
		fail(e, "malformed number");
		return mkval(0, 32, true);
	}
	e->p = s;
	if (overflow) {
		fail(e, "number too large for 64 bits");
		return mkval(0, 32, true);
	}
	/* C11 6.4.4.1: the first type of the list that can hold the value */
	if (!has_u && n_l == 0 && v <= 0x7fffffffULL)
		return mkval(v, 32, true);
	if (!has_u && n_l == 0 && base != 10 && v <= 0xffffffffULL)
		return mkval(v, 32, false);
	if (has_u && n_l == 0 && v <= 0xffffffffULL)
		return mkval(v, 32, false);
	if (!has_u && v <= 0x7fffffffffffffffULL)
		return mkval(v, 64, true);
	if (has_u || base != 10)
		return mkval(v, 64, false);
	fail(e, "decimal constant too large for long");
	return mkval(0, 32, true);
}

static struct kapi_cval parse_primary(struct eval *e)
{
	skip_ws(e);
	if (*e->p == '(') {
		struct kapi_cval v;

		e->p++;
		if (++e->depth > EVAL_MAX_DEPTH) {
			fail(e, "expression nested too deeply");
			return mkval(0, 32, true);
		}
		v = parse_expr(e, 0);
		e->depth--;
		skip_ws(e);
		if (*e->p != ')') {
			fail(e, "missing ')'");
			return v;
		}
		e->p++;
		return v;
	}
	if (*e->p >= '0' && *e->p <= '9')
		return parse_number(e);
	if (kapi_is_ident_start((unsigned char)*e->p)) {
		const char *start = e->p;
		struct kapi_cval c;
		char name[64];
		size_t n;

		while (kapi_is_ident_char((unsigned char)*e->p))
			e->p++;
		n = e->p - start;
		if (n >= sizeof(name)) {
			fail(e, "name too long");
			return mkval(0, 32, true);
		}
		memcpy(name, start, n);
		name[n] = '\0';
		if (kapi_const_value(name, &c))
			return mkval(c.v, c.bits, c.is_signed);
		if (e->symbolic) {
			/* 1, not 0: "X / NAME" must not look like a division by zero */
			*e->symbolic = true;
			return mkval(1, 64, true);
		}
		fail(e,
		     "unknown constant '%s' (only a parameter's range:, valid-mask:, enum: and align: leave names to the compiler; write the number)",
		     name);
		return mkval(0, 32, true);
	}
	if (*e->p)
		fail(e, "unexpected '%.1s'", e->p);
	else
		fail(e, "expression ends too early");
	return mkval(0, 32, true);
}

static struct kapi_cval parse_unary(struct eval *e)
{
	struct kapi_cval v;
	char op;

	skip_ws(e);
	op = *e->p;
	if (op != '-' && op != '+' && op != '~' && op != '!')
		return parse_primary(e);
	e->p++;
	if (++e->depth > EVAL_MAX_DEPTH) {
		fail(e, "expression nested too deeply");
		return mkval(0, 32, true);
	}
	v = parse_unary(e);
	e->depth--;
	switch (op) {
	case '-':
		return mkval(-kapi_cval_u64(v), v.bits, v.is_signed);
	case '~':
		return mkval(~kapi_cval_u64(v), v.bits, v.is_signed);
	case '!':
		return mkval(kapi_cval_u64(v) == 0, 32, true);
	default:
		return v;
	}
}

/* Binary operators, C precedence (higher binds tighter). */
static int binop(const char *p, int *len)
{
	*len = 2;
	if (p[0] == '<' && p[1] == '<')
		return 5;
	if (p[0] == '>' && p[1] == '>')
		return 5;
	*len = 1;
	switch (p[0]) {
	case '*': case '/': case '%':
		return 7;
	case '+': case '-':
		return 6;
	case '&':
		return p[1] == '&' ? -1 : 3;
	case '^':
		return 2;
	case '|':
		return p[1] == '|' ? -1 : 1;
	}
	return -1;
}

static struct kapi_cval apply(struct eval *e, char op, struct kapi_cval a,
			      struct kapi_cval b)
{
	unsigned int bits;
	bool sgn;
	uint64_t x, y;

	if (op == '<' || op == '>') {
		/* shifts: the type of the (promoted) left operand */
		uint64_t n = kapi_cval_u64(b);

		if (is_negative(b) || n >= a.bits) {
			fail(e, "shift count out of range");
			return a;
		}
		x = kapi_cval_u64(a);
		if (op == '<')
			return mkval(x << n, a.bits, a.is_signed);
		if (a.is_signed && a.bits == 32)
			return mkval((uint64_t)((int64_t)(int32_t)x >> n), 32, true);
		if (a.is_signed)
			return mkval((uint64_t)((int64_t)x >> n), 64, true);
		return mkval((a.bits == 32 ? (x & 0xffffffffULL) : x) >> n,
			     a.bits, false);
	}
	common_type(a, b, &bits, &sgn);
	a = convert(a, bits, sgn);
	b = convert(b, bits, sgn);
	x = kapi_cval_u64(a);
	y = kapi_cval_u64(b);
	switch (op) {
	case '|': return mkval(x | y, bits, sgn);
	case '&': return mkval(x & y, bits, sgn);
	case '^': return mkval(x ^ y, bits, sgn);
	case '+': return mkval(x + y, bits, sgn);
	case '-': return mkval(x - y, bits, sgn);
	case '*': return mkval(x * y, bits, sgn);
	}
	if (y == 0) {
		fail(e, "division by zero");
		return a;
	}
	if (sgn) {
		int64_t sx = (int64_t)x, sy = (int64_t)y;

		if (sy == -1) {
			/* INT_MIN / -1 overflows; x * -1 is the same otherwise */
			if ((bits == 32 && sx == INT32_MIN) ||
			    (bits == 64 && sx == INT64_MIN)) {
				fail(e, "signed division overflows");
				return a;
			}
			return mkval(op == '/' ? -x : 0, bits, true);
		}
		return mkval(op == '/' ? (uint64_t)(sx / sy) : (uint64_t)(sx % sy),
			     bits, true);
	}
	if (bits == 32) {
		x &= 0xffffffffULL;
		y &= 0xffffffffULL;
	}
	return mkval(op == '/' ? x / y : x % y, bits, false);
}

static struct kapi_cval parse_expr(struct eval *e, int min_prec)
{
	struct kapi_cval lhs = parse_unary(e);

	while (!e->failed) {
		int prec, len;
		char op;
		struct kapi_cval rhs;

		skip_ws(e);
		prec = binop(e->p, &len);
		if (prec < 0 || prec < min_prec)
			break;
		op = *e->p;
		e->p += len;
		if (++e->depth > EVAL_MAX_DEPTH) {
			fail(e, "expression nested too deeply");
			break;
		}
		rhs = parse_expr(e, prec + 1);
		e->depth--;
		lhs = apply(e, op, lhs, rhs);
	}
	return lhs;
}

bool kapi_eval(const char *expr, struct kapi_cval *out, bool *symbolic,
	       char *err, size_t errlen)
{
	struct eval e = {
		.p = expr, .err = err, .errlen = errlen, .symbolic = symbolic,
	};

	if (symbolic)
		*symbolic = false;

	if (errlen)
		err[0] = '\0';
	*out = parse_expr(&e, 0);
	skip_ws(&e);
	if (!e.failed && *e.p) {
		if (*e.p == ')')
			fail(&e, "unbalanced ')'");
		else
			fail(&e,
			     "unexpected '%.1s' (only | & ^ ~ ! + - * / %% << >> and parentheses)",
			     e.p);
	}
	return !e.failed;
}
