// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_proto.c - read the prototype that follows a spec comment
 *
 * A spec is only worth something if it describes the function it sits on,
 * so the parser reads the declaration after each spec comment: the
 * SYSCALL_DEFINEn() form or a plain C function definition or declaration.
 * This is not a C parser; it tokenizes up to the body (or ';'), finds the
 * function name and splits the parameter list, which is all the
 * cross-check needs. C types are classified just enough to tell whether an
 * annotation's KAPI_TYPE_* fits them.
 */
#include <stdlib.h>
#include <string.h>

#include "kapi_internal.h"
#include "kapi_lex.h"

/* A prototype longer than this is not one: stop looking. */
#define MAX_TOKENS	1024

static char *tok_dup(const struct kapi_tok *t)
{
	return kapi_xstrndup(t->s, t->n);
}

/* Words that decorate a declaration without being part of its type. */
static const char *const decorations[] = {
	"static", "inline", "extern", "__inline", "__inline__",
	"__always_inline", "noinline", "__noinline", "asmlinkage", "notrace",
	"__init", "__exit", "__cold", "__hot", "__weak", "__must_check",
	"__maybe_unused", "__always_unused", "__used", "__visible",
	"__noreturn", "__sched", "__kprobes", "noinstr", "__latent_entropy",
	"__pure", "__attribute_const__", "__init_or_module", "__ref",
	"__meminit", "__flatten", "__nocfi", "__noclone", "__naked",
	"__no_kcsan", "__no_sanitize_address", "__always_unused", "__ksym",
	"__bpf_kfunc", "__irq_entry", "__cpuidle", "__fastpath_inline",
	"_Noreturn", "register", "VISIBLE_IF_KUNIT",
};

/* Decorations that take an argument list: __printf(1, 2). */
static const char *const decoration_macros[] = {
	"__attribute__", "__attribute", "__printf", "__scanf", "__section",
	"__aligned", "__alloc_size", "__malloc", "__must_hold", "__acquires",
	"__releases", "__cond_acquires", "__cond_releases", "__assume_aligned",
	"__diag_ignore", "__no_sanitize_or_inline", "__counted_by", "__free",
	"__nonstring", "__designated_init", "__realloc_size", "_Alignas",
	"__declspec", "__has_attribute",
};

static bool in_list(const struct kapi_tok *t, const char *const *list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (kapi_tok_is(t, list[i]))
			return true;
	return false;
}

static bool is_decoration(const struct kapi_tok *t)
{
	return t->type == KAPI_TOK_IDENT &&
	       in_list(t, decorations, KAPI_ARRAY_SIZE(decorations));
}

static bool is_decoration_macro(const struct kapi_tok *t)
{
	return t->type == KAPI_TOK_IDENT &&
	       in_list(t, decoration_macros, KAPI_ARRAY_SIZE(decoration_macros));
}

/* Words that can end a type but never name a parameter. */
static bool is_type_keyword(const struct kapi_tok *t)
{
	static const char *const kw[] = {
		"void", "char", "short", "int", "long", "signed", "unsigned",
		"float", "double", "_Bool", "bool", "const", "volatile",
		"__user", "__iomem", "__rcu", "__percpu", "__force", "struct",
		"union", "enum", "restrict", "__restrict",
	};

	return t->type == KAPI_TOK_IDENT && in_list(t, kw, KAPI_ARRAY_SIZE(kw));
}

/* Index of the token closing the group opened at @open, or @n. */
static size_t match_close(const struct kapi_tok *t, size_t open, size_t n)
{
	int depth = 0;
	size_t i;

	for (i = open; i < n; i++) {
		if (t[i].type != KAPI_TOK_PUNCT)
			continue;
		if (kapi_tok_is(&t[i], "(") || kapi_tok_is(&t[i], "["))
			depth++;
		else if (kapi_tok_is(&t[i], ")") || kapi_tok_is(&t[i], "]"))
			if (--depth == 0)
				return i;
	}
	return n;
}

/*
 * Spell tokens [@from, @to) as a C type, skipping index @skip (the
 * parameter name) and decorations: "const char __user *", "int (*)(int)".
 */
static char *join_type(const struct kapi_tok *t, size_t from, size_t to, size_t skip)
{
	struct kapi_sbuf b = { 0 };
	const struct kapi_tok *prev = NULL;
	size_t i;

	for (i = from; i < to; i++) {
		const struct kapi_tok *c = &t[i];

		if (i == skip || is_decoration(c))
			continue;
		if (is_decoration_macro(c) && i + 1 < to && kapi_tok_is(&t[i + 1], "(")) {
			i = match_close(t, i + 1, to);
			continue;
		}
		if (prev) {
			bool pw = prev->type != KAPI_TOK_PUNCT;
			bool cw = c->type != KAPI_TOK_PUNCT;

			/* "char __user *", "int (*)(int, long)", "char *const" */
			if ((pw && (cw || kapi_tok_is(c, "*") || kapi_tok_is(c, "("))) ||
			    kapi_tok_is(prev, ",") || (kapi_tok_is(prev, ")") && cw))
				kapi_sbuf_addc(&b, ' ');
		}
		kapi_sbuf_addn(&b, c->s, c->n);
		prev = c;
	}
	return kapi_sbuf_take(&b);
}

static void add_param(struct kapi_proto *p, char *name, char *ctype)
{
	p->params = kapi_xrealloc(p->params,
				  (p->n_params + 1) * sizeof(*p->params));
	p->params[p->n_params].name = name;
	p->params[p->n_params].ctype = ctype;
	p->n_params++;
}

/* One parameter of a plain C prototype: tokens [@from, @to). */
static void parse_c_param(struct kapi_proto *p, const struct kapi_tok *t,
			  size_t from, size_t to)
{
	size_t i, name = (size_t)-1;

	/* trailing decorations: "struct file *file __maybe_unused" */
	while (to > from && is_decoration(&t[to - 1]))
		to--;
	if (to == from) {
		add_param(p, NULL, kapi_xstrdup(""));
		return;
	}
	if (to - from == 1 && kapi_tok_is(&t[from], "...")) {
		p->variadic = true;
		return;
	}
	/* function pointer: ( * name ) */
	for (i = from; i + 3 < to; i++) {
		if (kapi_tok_is(&t[i], "(") && kapi_tok_is(&t[i + 1], "*") &&
		    t[i + 2].type == KAPI_TOK_IDENT && kapi_tok_is(&t[i + 3], ")")) {
			name = i + 2;
			break;
		}
	}
	if (name == (size_t)-1 && kapi_tok_is(&t[to - 1], "]")) {
		/* array: name [ ... ] */
		for (i = to - 1; i > from; i--) {
			if (kapi_tok_is(&t[i], "[")) {
				if (t[i - 1].type == KAPI_TOK_IDENT &&
				    !is_type_keyword(&t[i - 1]) && i - 1 > from)
					name = i - 1;
				break;
			}
		}
	} else if (name == (size_t)-1 && to - from >= 2 &&
		   t[to - 1].type == KAPI_TOK_IDENT && !is_type_keyword(&t[to - 1])) {
		name = to - 1;
	}
	add_param(p, name == (size_t)-1 ? NULL : tok_dup(&t[name]),
		  join_type(t, from, to, name));
}

static void parse_syscall(struct kapi_proto *p, const struct kapi_tok *t,
			  size_t n, size_t open, size_t close)
{
	size_t i, start = open + 1;
	size_t args[2 * 8 + 2][2];
	unsigned int nargs = 0;
	int depth = 0;

	/* split at top-level commas */
	for (i = open + 1; i <= close; i++) {
		if (kapi_tok_is(&t[i], "(") || kapi_tok_is(&t[i], "["))
			depth++;
		if ((kapi_tok_is(&t[i], ")") || kapi_tok_is(&t[i], "]")) && i != close)
			depth--;
		if ((depth == 0 && kapi_tok_is(&t[i], ",")) || i == close) {
			if (nargs == KAPI_ARRAY_SIZE(args)) {
				p->kind = KAPI_PROTO_NONE;
				p->problem =
					kapi_xstrdup("a SYSCALL_DEFINE with too many arguments");
				return;
			}
			args[nargs][0] = start;
			args[nargs][1] = i;
			nargs++;
			start = i + 1;
		}
	}
	(void)n;
	if (nargs < 1 || args[0][1] - args[0][0] != 1 ||
	    t[args[0][0]].type != KAPI_TOK_IDENT) {
		p->kind = KAPI_PROTO_NONE;
		p->problem = kapi_xstrdup("a SYSCALL_DEFINE without a name");
		return;
	}
	p->name = tok_dup(&t[args[0][0]]);
	p->ret_ctype = kapi_xstrdup("long");
	if (nargs == 1)
		return;
	if (nargs % 2 == 0) {
		/* type without name (or the reverse): keep what pairs up */
		nargs--;
		p->problem = kapi_xstrdup("arguments that are not type, name pairs");
	}
	for (i = 1; i + 1 < nargs; i += 2) {
		size_t ts = args[i][0], te = args[i][1];
		size_t ns = args[i + 1][0], ne = args[i + 1][1];
		char *name = NULL;

		if (ne - ns == 1 && t[ns].type == KAPI_TOK_IDENT)
			name = tok_dup(&t[ns]);
		add_param(p, name, join_type(t, ts, te, (size_t)-1));
	}
}

static void parse_function(struct kapi_proto *p, const struct kapi_tok *t,
			   size_t n)
{
	size_t i, name = (size_t)-1, open = 0, close = 0, start;
	int depth = 0;

	for (i = 0; i < n; i++) {
		if (kapi_tok_is(&t[i], "(") && depth == 0 && i > 0 &&
		    t[i - 1].type == KAPI_TOK_IDENT && !is_decoration_macro(&t[i - 1]) &&
		    !is_type_keyword(&t[i - 1])) {
			name = i - 1;
			open = i;
			close = match_close(t, i, n);
			break;
		}
		if (kapi_tok_is(&t[i], "(") || kapi_tok_is(&t[i], "["))
			depth++;
		else if (kapi_tok_is(&t[i], ")") || kapi_tok_is(&t[i], "]"))
			depth--;
	}
	if (name == (size_t)-1 || close >= n) {
		p->problem = kapi_xstrdup(n && kapi_tok_is(&t[0], "struct") ?
					  "a struct, not a function" :
					  "no function prototype");
		return;
	}
	p->kind = KAPI_PROTO_FUNCTION;
	p->name = tok_dup(&t[name]);
	p->ret_ctype = join_type(t, 0, name, (size_t)-1);

	start = open + 1;
	depth = 0;
	for (i = open + 1; i <= close; i++) {
		if (i != close && (kapi_tok_is(&t[i], "(") || kapi_tok_is(&t[i], "[")))
			depth++;
		else if (i != close && (kapi_tok_is(&t[i], ")") || kapi_tok_is(&t[i], "]")))
			depth--;
		if ((depth == 0 && kapi_tok_is(&t[i], ",")) || i == close) {
			if (i == close && start == close && p->n_params == 0)
				break;		/* "()" */
			if (i == close && p->n_params == 0 && i - start == 1 &&
			    kapi_tok_is(&t[start], "void"))
				break;		/* "(void)" */
			parse_c_param(p, t, start, i);
			start = i + 1;
		}
	}
}

void kapi_proto_parse(const char *buf, size_t len, size_t pos,
		      unsigned int line, struct kapi_proto *out)
{
	struct kapi_lexer lx;
	size_t n = 0, cap = 64;
	struct kapi_tok *t = kapi_xmalloc(cap * sizeof(*t));
	int depth = 0;
	bool syscall = false, compat = false;

	memset(out, 0, sizeof(*out));
	out->declared = -1;
	kapi_lex_init(&lx, buf, len, pos, line, false);

	while (n < MAX_TOKENS && kapi_lex_next(&lx, &t[n])) {
		struct kapi_tok *c = &t[n++];

		if (n == cap) {
			cap *= 2;
			t = kapi_xrealloc(t, cap * sizeof(*t));
			c = &t[n - 1];
		}

		if (n == 1 && c->type == KAPI_TOK_IDENT) {
			/* SYSCALL_DEFINE0..6, COMPAT_SYSCALL_DEFINE0..6 */
			if (c->n == 15 && !memcmp(c->s, "SYSCALL_DEFINE", 14) &&
			    c->s[14] >= '0' && c->s[14] <= '6') {
				syscall = true;
				out->declared = c->s[14] - '0';
			} else if (c->n == 22 &&
				   !memcmp(c->s, "COMPAT_SYSCALL_DEFINE", 21) &&
				   c->s[21] >= '0' && c->s[21] <= '6') {
				compat = true;
				out->declared = c->s[21] - '0';
			}
		}
		if (c->type != KAPI_TOK_PUNCT)
			continue;
		if (kapi_tok_is(c, "(") || kapi_tok_is(c, "[")) {
			depth++;
		} else if (kapi_tok_is(c, ")") || kapi_tok_is(c, "]")) {
			if (--depth == 0 && (syscall || compat))
				break;
			if (depth < 0)
				break;
		} else if (depth == 0 &&
			   (kapi_tok_is(c, "{") || kapi_tok_is(c, ";") || kapi_tok_is(c, "=") ||
			    kapi_tok_is(c, "}"))) {
			out->definition = kapi_tok_is(c, "{");
			break;
		}
	}

	if (n == 0) {
		out->problem = kapi_xstrdup(lx.stop ? lx.stop : "the end of the file");
	} else if (syscall || compat) {
		out->line = t[0].line;
		if (n < 3 || !kapi_tok_is(&t[1], "(") || !kapi_tok_is(&t[n - 1], ")")) {
			out->problem = kapi_xstrdup("an unterminated SYSCALL_DEFINE");
		} else {
			out->kind = compat ? KAPI_PROTO_COMPAT : KAPI_PROTO_SYSCALL;
			parse_syscall(out, t, n, 1, n - 1);
		}
	} else {
		out->line = t[0].line;
		parse_function(out, t, n);
	}
	free(t);
}

char *kapi_function_after(const char *buf, size_t len, size_t pos)
{
	struct kapi_proto p;
	char *name = NULL;

	kapi_proto_parse(buf, len, pos, 1, &p);
	if (p.kind == KAPI_PROTO_FUNCTION && p.definition) {
		name = p.name;
		p.name = NULL;
	}
	kapi_proto_release(&p);
	return name;
}

void kapi_proto_release(struct kapi_proto *p)
{
	unsigned int i;

	for (i = 0; i < p->n_params; i++) {
		free(p->params[i].name);
		free(p->params[i].ctype);
	}
	free(p->params);
	free(p->name);
	free(p->ret_ctype);
	free(p->problem);
	memset(p, 0, sizeof(*p));
}

/* --- C types --- */

/* Integer typedefs the kernel passes around, with signedness and width. */
static const struct {
	const char *name;
	signed char sign;
	unsigned char width;
} int_typedefs[] = {
	{ "s8", 1, 8 }, { "s16", 1, 16 }, { "s32", 1, 32 }, { "s64", 1, 64 },
	{ "__s8", 1, 8 }, { "__s16", 1, 16 }, { "__s32", 1, 32 },
	{ "__s64", 1, 64 }, { "int8_t", 1, 8 }, { "int16_t", 1, 16 },
	{ "int32_t", 1, 32 }, { "int64_t", 1, 64 }, { "loff_t", 1, 64 },
	{ "off_t", 1, 64 }, { "ssize_t", 1, 64 }, { "pid_t", 1, 32 },
	{ "clockid_t", 1, 32 }, { "timer_t", 1, 32 }, { "key_serial_t", 1, 32 },
	{ "mqd_t", 1, 32 }, { "key_t", 1, 32 }, { "time_t", 1, 64 },
	{ "time64_t", 1, 64 }, { "ktime_t", 1, 64 }, { "ptrdiff_t", 1, 64 },
	{ "intptr_t", 1, 64 }, { "rwf_t", 1, 32 }, { "__kernel_rwf_t", 1, 32 },
	{ "__kernel_long_t", 1, 64 }, { "__kernel_ssize_t", 1, 64 },
	{ "__kernel_off_t", 1, 64 }, { "__kernel_loff_t", 1, 64 },
	{ "__kernel_pid_t", 1, 32 }, { "__kernel_old_time_t", 1, 64 },
	{ "__kernel_time64_t", 1, 64 }, { "__kernel_timer_t", 1, 32 },
	{ "__kernel_clockid_t", 1, 32 }, { "__kernel_key_t", 1, 32 },
	{ "__kernel_mqd_t", 1, 32 }, { "compat_int_t", 1, 32 },
	{ "compat_long_t", 1, 32 }, { "compat_ssize_t", 1, 32 },
	{ "compat_off_t", 1, 32 }, { "compat_pid_t", 1, 32 },
	{ "compat_loff_t", 1, 64 },
	{ "u8", 0, 8 }, { "u16", 0, 16 }, { "u32", 0, 32 }, { "u64", 0, 64 },
	{ "__u8", 0, 8 }, { "__u16", 0, 16 }, { "__u32", 0, 32 },
	{ "__u64", 0, 64 }, { "uint8_t", 0, 8 }, { "uint16_t", 0, 16 },
	{ "uint32_t", 0, 32 }, { "uint64_t", 0, 64 }, { "size_t", 0, 64 },
	{ "umode_t", 0, 16 }, { "mode_t", 0, 32 }, { "uid_t", 0, 32 },
	{ "gid_t", 0, 32 }, { "qid_t", 0, 32 }, { "old_uid_t", 0, 16 },
	{ "old_gid_t", 0, 16 }, { "dev_t", 0, 32 }, { "ino_t", 0, 64 },
	{ "aio_context_t", 0, 64 }, { "fmode_t", 0, 32 }, { "gfp_t", 0, 32 },
	{ "blk_mode_t", 0, 32 },
	{ "uintptr_t", 0, 64 }, { "phys_addr_t", 0, 64 },
	{ "resource_size_t", 0, 64 }, { "dma_addr_t", 0, 64 },
	{ "sector_t", 0, 64 }, { "blkcnt_t", 0, 64 }, { "pgoff_t", 0, 64 },
	{ "vm_flags_t", 0, 64 }, { "nlink_t", 0, 32 }, { "key_perm_t", 0, 32 },
	{ "bool", 0, 8 }, { "_Bool", 0, 8 }, { "uint", 0, 32 },
	{ "ulong", 0, 64 }, { "u_int", 0, 32 }, { "u_long", 0, 64 },
	{ "__le16", 0, 16 }, { "__le32", 0, 32 }, { "__le64", 0, 64 },
	{ "__be16", 0, 16 }, { "__be32", 0, 32 }, { "__be64", 0, 64 },
	{ "__kernel_size_t", 0, 64 }, { "__kernel_ulong_t", 0, 64 },
	{ "__kernel_uid32_t", 0, 32 }, { "__kernel_gid32_t", 0, 32 },
	{ "__kernel_mode_t", 0, 32 }, { "__kernel_uid_t", 0, 32 },
	{ "__kernel_gid_t", 0, 32 }, { "compat_uptr_t", 0, 32 },
	{ "compat_size_t", 0, 32 }, { "compat_ulong_t", 0, 32 },
	{ "compat_uint_t", 0, 32 }, { "compat_aio_context_t", 0, 32 },
};

/* Typedefs of user pointers (uapi/linux/capability.h). */
static const char *const user_ptr_typedefs[] = {
	"cap_user_header_t", "cap_user_data_t",
};

static bool word_is(const char *w, size_t n, const char *s)
{
	return n == strlen(s) && !memcmp(w, s, n);
}

static bool is_qualifier(const char *w, size_t n)
{
	static const char *const q[] = {
		"const", "volatile", "__user", "__iomem", "__rcu", "__percpu",
		"__force", "__kernel", "restrict", "__restrict", "register",
		"__bitwise", "__nocast", "__private", "__data_racy",
	};
	size_t i;

	for (i = 0; i < KAPI_ARRAY_SIZE(q); i++)
		if (word_is(w, n, q[i]))
			return true;
	return false;
}

void kapi_ctype_classify(const char *ctype, struct kapi_ctype *ct)
{
	const char *p = ctype;
	bool seen_star = false, in_fn = false;
	int n_base = 0, n_short = 0, n_long = 0, n_int = 0, n_char = 0;
	int n_signed = 0, n_unsigned = 0, n_other = 0, paren = 0;
	const char *other = NULL;
	size_t other_len = 0, i;

	memset(ct, 0, sizeof(*ct));
	ct->sign = -1;

	while (*p) {
		if (kapi_is_ident_start((unsigned char)*p)) {
			const char *w = p;
			size_t n;

			while (kapi_is_ident_char((unsigned char)*p))
				p++;
			n = p - w;
			if (in_fn)
				continue;
			if (word_is(w, n, "__user")) {
				ct->user = true;
				continue;
			}
			if (word_is(w, n, "const") && !seen_star) {
				ct->pointee_const = true;
				continue;
			}
			if (is_qualifier(w, n) || seen_star)
				continue;
			n_base++;
			if (word_is(w, n, "struct")) {
				ct->is_struct = true;
			} else if (word_is(w, n, "union")) {
				ct->is_union = true;
			} else if (word_is(w, n, "enum")) {
				ct->is_enum = true;
			} else if (word_is(w, n, "short")) {
				n_short++;
			} else if (word_is(w, n, "long")) {
				n_long++;
			} else if (word_is(w, n, "int")) {
				n_int++;
			} else if (word_is(w, n, "char")) {
				n_char++;
			} else if (word_is(w, n, "signed") || word_is(w, n, "__signed__")) {
				n_signed++;
			} else if (word_is(w, n, "unsigned")) {
				n_unsigned++;
			} else if (!other) {
				other = w;
				other_len = n;
				n_other++;
			} else {
				n_other++;
			}
			continue;
		}
		if (*p == '*') {
			if (!in_fn)
				ct->ptr_depth++;
			seen_star = true;
		} else if (*p == '(') {
			if (p[1] == '*' || (p[1] == ' ' && p[2] == '*'))
				ct->fn_ptr = true;
			if (ct->fn_ptr && paren == 0 && seen_star)
				in_fn = true;
			paren++;
		} else if (*p == ')') {
			paren--;
			if (ct->fn_ptr && paren == 0)
				in_fn = true;
		} else if (*p == '[') {
			ct->array = true;
		}
		p++;
	}

	ct->pointer = ct->ptr_depth > 0 || ct->array || ct->fn_ptr;
	ct->is_char = n_char > 0;
	if (ct->is_struct || ct->is_union || ct->is_enum)
		return;
	if (n_base == 1 && other) {
		for (i = 0; i < KAPI_ARRAY_SIZE(user_ptr_typedefs); i++) {
			if (word_is(other, other_len, user_ptr_typedefs[i])) {
				ct->user_typedef = true;
				ct->pointer = true;
				ct->user = true;
				return;
			}
		}
		if (word_is(other, other_len, "void")) {
			ct->is_void = !ct->pointer;
			return;
		}
		for (i = 0; i < KAPI_ARRAY_SIZE(int_typedefs); i++) {
			if (word_is(other, other_len, int_typedefs[i].name)) {
				ct->sign = int_typedefs[i].sign;
				ct->width = int_typedefs[i].width;
				return;
			}
		}
		return;
	}
	if (n_other || n_base == 0)
		return;
	/*
	 * Built-in integer spelled with keywords. The kernel builds with
	 * -funsigned-char: a char is unsigned unless it says signed.
	 */
	ct->sign = n_unsigned || (n_char && !n_signed) ? 0 : 1;
	if (n_char)
		ct->width = 8;
	else if (n_short)
		ct->width = 16;
	else if (n_long)
		ct->width = 64;
	else
		ct->width = 32;
	(void)n_int;
}

static bool is_integer(const struct kapi_ctype *ct)
{
	return !ct->pointer && ct->sign >= 0;
}

/* A single unknown typedef name: could be anything. */
static bool is_unknown(const struct kapi_ctype *ct)
{
	return !ct->pointer && ct->sign < 0 && !ct->is_struct &&
	       !ct->is_union && !ct->is_enum && !ct->is_void;
}

int kapi_ctype_infer(const struct kapi_ctype *ct)
{
	if (ct->is_void)
		return KAPI_TYPE_VOID;
	if (ct->fn_ptr)
		return KAPI_TYPE_FUNC_PTR;
	if (ct->user)
		return KAPI_TYPE_USER_PTR;
	if (ct->array)
		return KAPI_TYPE_ARRAY;
	if (ct->pointer)
		return KAPI_TYPE_PTR;
	if (ct->is_struct)
		return KAPI_TYPE_STRUCT;
	if (ct->is_union)
		return KAPI_TYPE_UNION;
	if (ct->is_enum)
		return KAPI_TYPE_ENUM;
	if (ct->sign == 1)
		return KAPI_TYPE_INT;
	if (ct->sign == 0)
		return KAPI_TYPE_UINT;
	return KAPI_TYPE_CUSTOM;
}

enum kapi_ctype_match kapi_ctype_compatible(int type, const struct kapi_ctype *ct)
{
	switch (type) {
	case KAPI_TYPE_VOID:
		return ct->is_void ? KAPI_CTYPE_OK : KAPI_CTYPE_MISMATCH;
	case KAPI_TYPE_INT:
	case KAPI_TYPE_UINT:
		if (is_integer(ct)) {
			/* char has no fixed signedness; bool is unsigned */
			if (ct->is_char || ct->sign == (type == KAPI_TYPE_INT))
				return KAPI_CTYPE_OK;
			return KAPI_CTYPE_MISMATCH;
		}
		if (ct->is_enum && !ct->pointer)
			return KAPI_CTYPE_OK;
		return is_unknown(ct) ? KAPI_CTYPE_UNVERIFIABLE :
					KAPI_CTYPE_MISMATCH;
	case KAPI_TYPE_FD:
		if (is_integer(ct))
			return ct->width >= 32 ? KAPI_CTYPE_OK :
						 KAPI_CTYPE_MISMATCH;
		return is_unknown(ct) ? KAPI_CTYPE_UNVERIFIABLE :
					KAPI_CTYPE_MISMATCH;
	case KAPI_TYPE_PATH:
		return ct->ptr_depth == 1 && !ct->array && ct->user &&
		       ct->is_char && ct->pointee_const && !ct->fn_ptr ?
		       KAPI_CTYPE_OK : KAPI_CTYPE_MISMATCH;
	case KAPI_TYPE_USER_PTR:
		if (ct->pointer && ct->user)
			return KAPI_CTYPE_OK;
		return is_unknown(ct) ? KAPI_CTYPE_UNVERIFIABLE :
					KAPI_CTYPE_MISMATCH;
	case KAPI_TYPE_PTR:
		if (ct->pointer && !ct->user)
			return KAPI_CTYPE_OK;
		return is_unknown(ct) ? KAPI_CTYPE_UNVERIFIABLE :
					KAPI_CTYPE_MISMATCH;
	case KAPI_TYPE_ENUM:
		if (ct->pointer)
			return KAPI_CTYPE_MISMATCH;
		if (ct->is_enum || is_integer(ct))
			return KAPI_CTYPE_OK;
		return is_unknown(ct) ? KAPI_CTYPE_UNVERIFIABLE :
					KAPI_CTYPE_MISMATCH;
	default:
		/* STRUCT, UNION, FUNC_PTR, ARRAY, CUSTOM: taken as written */
		return KAPI_CTYPE_OK;
	}
}
