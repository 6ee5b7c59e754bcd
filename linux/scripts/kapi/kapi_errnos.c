// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_errnos.c - which errnos can reach a function's return
 *
 * Why source and not the compiler: the answer must come from the tree a
 * spec sits in, with or without a build (kapi errnos on a source tree),
 * for every configuration at once (an errno that one Kconfig choice
 * returns is still one a caller may see), with each step named by
 * function and line, and the same on every host. A compiler sees one
 * configuration and, after inlining, loses the functions a path runs
 * through. So this reads C: it indexes function definitions, and within
 * a function tracks only what flows to "return" (see kapi_errnos.h).
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kapi_errnos.h"
#include "kapi_internal.h"
#include "kapi_lex.h"

/*
 * The directories indexed, not recursively: the core a system call runs
 * through before it reaches a file's, a filesystem's or a driver's
 * methods, which it reaches through pointers and which are not followed.
 */
static const char *const index_dirs[] = {
	"fs", "fs/notify", "fs/notify/dnotify", "include/linux",
	"include/linux/sched",
	"include/asm-generic", "arch/x86/include/asm", "lib", "mm", "kernel",
	"security", "block",
};

/* Pass the value of their argument through. */
static const char *const transparent[] = {
	"ERR_PTR", "PTR_ERR", "ERR_CAST", "PTR_ERR_OR_ZERO", "likely",
	"unlikely", "__builtin_expect", "READ_ONCE",
};

/* Say something about their argument, never return an errno of it. */
static const char *const opaque[] = {
	"IS_ERR", "IS_ERR_OR_NULL", "IS_ERR_VALUE", "sizeof", "typeof",
	"__typeof__", "offsetof", "ARRAY_SIZE", "WARN_ON", "WARN_ON_ONCE",
	"BUG_ON", "if", "while", "for", "switch", "return", "_Alignof",
};

/*
 * Macros of include/linux/wait.h whose value is 0 or -ERESTARTSYS (a
 * signal came while waiting): macros are not followed, so their errno is
 * written here. The _timeout variants return a count of jiffies too.
 */
static const char *const interruptible_waits[] = {
	"wait_event_interruptible", "wait_event_interruptible_exclusive",
	"wait_event_interruptible_timeout", "wait_event_interruptible_locked",
	"wait_event_interruptible_lock_irq", "wait_event_killable",
	"wait_event_killable_exclusive",
};

/*
 * Kernel-internal values and what becomes of them on the way to user
 * space (include/linux/errno.h, arch/x86/kernel/signal.c, fs/namei.c).
 */
static const struct {
	const char *name;
	const char *becomes;	/* NULL: never seen by the caller */
	const char *why;
} internal_errnos[] = {
	{ "ERESTARTSYS", "EINTR",
	  "EINTR when a handler without SA_RESTART runs, else the call restarts" },
	{ "ERESTARTNOHAND", "EINTR",
	  "EINTR when a handler runs, else the call restarts" },
	{ "ERESTART_RESTARTBLOCK", "EINTR",
	  "EINTR when a handler runs, else restart_syscall()" },
	{ "ERESTARTNOINTR", NULL, "always restarted after the signal" },
	{ "EOPENSTALE", NULL,
	  "the open is retried (do_filp_open: LOOKUP_REVAL), ESTALE at worst" },
};

struct src_file {
	char *path;		/* relative to the tree */
	char *buf;
	size_t len;
	bool header;
};

struct fn_def {
	char *name;
	unsigned int file;
	size_t head;		/* offset of the definition's first token */
	size_t body;		/* offset of the body's '{' */
	unsigned int line;	/* of the '{' */
	unsigned int head_line;
	bool is_static;
};

/*
 * A value that reaches a function's return: an errno, a call's result, a
 * call through a pointer or an LSM hook, a variable, a parameter.
 */
enum src_kind { SRC_CONST, SRC_CALL, SRC_INDIRECT, SRC_LSM, SRC_VAR, SRC_PARAM };

struct src_item {
	int kind;
	int err;		/* SRC_CONST; variable or parameter index */
	char *name;		/* the callee, method or hook */
	unsigned int line;
	unsigned int argno;	/* of an argument's item */
	/* SRC_CALL: what its arguments can be, for callees that return one */
	struct src_item *args;
	unsigned int n_args;
};

struct fn_local {
	bool done;
	struct src_item *items;	/* reaching the return; no SRC_VAR */
	unsigned int n_items;
};

struct kapi_tree {
	char *root;
	struct src_file *files;
	unsigned int n_files;
	struct fn_def *defs;	/* sorted by name, then file and offset */
	unsigned int n_defs;
	struct fn_local *local;	/* per def, computed on demand */
};

/* --- the index --- */

static bool has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);

	return n >= m && !strcmp(s + n - m, suf);
}

static char *read_whole(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	struct stat st;
	char *buf;

	if (!fp)
		return NULL;
	if (fstat(fileno(fp), &st) || !S_ISREG(st.st_mode)) {
		fclose(fp);
		return NULL;
	}
	buf = kapi_xmalloc(st.st_size + 1);
	*len = fread(buf, 1, st.st_size, fp);
	buf[*len] = '\0';
	fclose(fp);
	return buf;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* qsort() of nothing may be handed NULL, which qsort() must not get. */
static void sort(void *base, size_t n, size_t size,
		 int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

static bool in_words(const char *s, size_t n, const char *const *w, size_t nw)
{
	size_t i;

	for (i = 0; i < nw; i++)
		if (strlen(w[i]) == n && !memcmp(w[i], s, n))
			return true;
	return false;
}

/* Attribute-like macros with arguments that come before a function's name. */
static const char *const decoration_macros[] = {
	"__attribute__", "__attribute", "__printf", "__scanf", "__section",
	"__aligned", "__alloc_size", "__must_hold", "__acquires", "__releases",
	"__cond_acquires", "__cond_releases", "__diag_ignore",
	"__no_sanitize_or_inline", "__realloc_size", "__assume_aligned",
};

static void add_def(struct kapi_tree *t, char *name, unsigned int file,
		    const struct kapi_tok *head, size_t body, unsigned int line,
		    bool is_static)
{
	struct fn_def *d;

	if (!(t->n_defs & (t->n_defs + 1)) || !t->n_defs)
		t->defs = kapi_xrealloc(t->defs, (2 * t->n_defs + 2) * sizeof(*d));
	d = &t->defs[t->n_defs++];
	d->name = name;
	d->file = file;
	d->head = head->s - t->files[file].buf;
	d->head_line = head->line;
	d->body = body;
	d->line = line;
	d->is_static = is_static;
}

/* A '{' at file scope after tokens @st..@n-1: a function definition? */
static void maybe_def(struct kapi_tree *t, unsigned int file,
		      const struct kapi_tok *st, unsigned int n, size_t body,
		      unsigned int line)
{
	unsigned int i, depth = 0;
	bool is_static = false;

	if (n < 3 || !kapi_tok_is(&st[n - 1], ")"))
		return;
	for (i = 0; i < n; i++) {
		if (kapi_tok_is(&st[i], "("))
			depth++;
		else if (kapi_tok_is(&st[i], ")"))
			depth--;
		else if (!depth && kapi_tok_is(&st[i], "="))
			return;		/* an initializer */
		else if (kapi_tok_is(&st[i], "static"))
			is_static = true;
	}
	if (st[0].type == KAPI_TOK_IDENT && st[0].n == 15 &&
	    !memcmp(st[0].s, "SYSCALL_DEFINE", 14) &&
	    kapi_tok_is(&st[1], "(") && st[2].type == KAPI_TOK_IDENT) {
		char *name = kapi_xmalloc(st[2].n + 5);

		memcpy(name, "sys_", 4);
		memcpy(name + 4, st[2].s, st[2].n);
		name[st[2].n + 4] = '\0';
		add_def(t, name, file, &st[0], body, line, false);
		return;
	}
	for (i = 1; i < n; i++) {
		const struct kapi_tok *nm = &st[i - 1];

		if (!kapi_tok_is(&st[i], "(") || nm->type != KAPI_TOK_IDENT)
			continue;
		if (in_words(nm->s, nm->n, decoration_macros,
			     KAPI_ARRAY_SIZE(decoration_macros)))
			continue;
		add_def(t, kapi_xstrndup(nm->s, nm->n), file, &st[0], body, line,
			is_static);
		return;
	}
}

/* Record the function definitions of file @file. */
static void index_file(struct kapi_tree *t, unsigned int file)
{
	struct src_file *f = &t->files[file];
	struct kapi_lexer lx;
	struct kapi_tok tok, *st = NULL;
	unsigned int n = 0, cap = 0;
	int depth = 0;

	kapi_lex_init(&lx, f->buf, f->len, 0, 1, true);
	while (kapi_lex_next(&lx, &tok)) {
		if (depth > 0) {
			if (kapi_tok_is(&tok, "{"))
				depth++;
			else if (kapi_tok_is(&tok, "}"))
				depth--;
			continue;
		}
		if (kapi_tok_is(&tok, "{")) {
			maybe_def(t, file, st, n, tok.s - f->buf, tok.line);
			n = 0;
			depth = 1;
			continue;
		}
		if (kapi_tok_is(&tok, ";") || kapi_tok_is(&tok, "}")) {
			n = 0;
			continue;
		}
		/* a statement longer than this is no function header */
		if (n == 256)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			st = kapi_xrealloc(st, cap * sizeof(*st));
		}
		st[n++] = tok;
	}
	free(st);
}

static void add_file(struct kapi_tree *t, const char *rel, char *buf,
		     size_t len)
{
	struct src_file *f;

	t->files = kapi_xrealloc(t->files, (t->n_files + 1) * sizeof(*f));
	f = &t->files[t->n_files++];
	f->path = kapi_xstrdup(rel);
	f->buf = buf;
	f->len = len;
	f->header = has_suffix(rel, ".h");
}

static void index_dir(struct kapi_tree *t, const char *dir)
{
	size_t plen = strlen(t->root) + strlen(dir) + 2;
	char *path = kapi_xmalloc(plen), **names = NULL;
	unsigned int n = 0, i;
	struct dirent *de;
	DIR *d;

	snprintf(path, plen, "%s/%s", t->root, dir);
	d = opendir(path);
	free(path);
	if (!d)
		return;
	while ((de = readdir(d))) {
		if (!has_suffix(de->d_name, ".c") && !has_suffix(de->d_name, ".h"))
			continue;
		names = kapi_xrealloc(names, (n + 1) * sizeof(*names));
		names[n++] = kapi_xstrdup(de->d_name);
	}
	closedir(d);
	/* readdir's order is the filesystem's: sort for the same result */
	sort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++) {
		size_t rlen = strlen(dir) + strlen(names[i]) + 2;
		char *rel = kapi_xmalloc(rlen), *full, *buf;
		size_t flen, len;

		snprintf(rel, rlen, "%s/%s", dir, names[i]);
		flen = strlen(t->root) + rlen + 1;
		full = kapi_xmalloc(flen);
		snprintf(full, flen, "%s/%s", t->root, rel);
		buf = read_whole(full, &len);
		if (buf) {
			add_file(t, rel, buf, len);
			index_file(t, t->n_files - 1);
		}
		free(full);
		free(rel);
		free(names[i]);
	}
	free(names);
}

static int cmp_def(const void *a, const void *b)
{
	const struct fn_def *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	if (x->file != y->file)
		return x->file < y->file ? -1 : 1;
	return x->body < y->body ? -1 : x->body > y->body;
}

struct kapi_tree *kapi_tree_open(const char *root, FILE *diag)
{
	struct kapi_tree *t = kapi_xmalloc(sizeof(*t));
	unsigned int i;

	memset(t, 0, sizeof(*t));
	t->root = kapi_xstrdup(root);
	for (i = 0; i < KAPI_ARRAY_SIZE(index_dirs); i++)
		index_dir(t, index_dirs[i]);
	if (!t->n_files) {
		fprintf(diag, "%s: not a kernel tree: no fs/*.c, include/linux/*.h ...\n",
			root);
		kapi_tree_free(t);
		return NULL;
	}
	sort(t->defs, t->n_defs, sizeof(*t->defs), cmp_def);
	t->local = kapi_xmalloc((t->n_defs + 1) * sizeof(*t->local));
	memset(t->local, 0, (t->n_defs + 1) * sizeof(*t->local));
	return t;
}

static void free_items(struct src_item *it, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		free(it[i].name);
		free_items(it[i].args, it[i].n_args);
	}
	free(it);
}

void kapi_tree_free(struct kapi_tree *t)
{
	unsigned int i;

	if (!t)
		return;
	for (i = 0; i < t->n_defs; i++) {
		free(t->defs[i].name);
		if (t->local)
			free_items(t->local[i].items, t->local[i].n_items);
	}
	for (i = 0; i < t->n_files; i++) {
		free(t->files[i].path);
		free(t->files[i].buf);
	}
	free(t->local);
	free(t->defs);
	free(t->files);
	free(t->root);
	free(t);
}

/* The first definition named @name (defs[lo..] share it), or -1. */
static int first_def(const struct kapi_tree *t, const char *name)
{
	unsigned int lo = 0, hi = t->n_defs;

	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;

		if (strcmp(t->defs[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->n_defs && !strcmp(t->defs[lo].name, name) ? (int)lo : -1;
}

bool kapi_tree_def(const struct kapi_tree *t, const char *fn,
		   const char **path, const char **buf, size_t *len,
		   size_t *head, unsigned int *line)
{
	int d = first_def(t, fn);
	const struct src_file *f;

	if (d < 0)
		return false;
	f = &t->files[t->defs[d].file];
	*path = f->path;
	*buf = f->buf;
	*len = f->len;
	*head = t->defs[d].head;
	*line = t->defs[d].head_line;
	return true;
}

/*
 * The definitions a call of @name from file @file can reach: those of the
 * same file; else the external ones of .c files (a static function of
 * another .c file is out of reach); else those of headers, all of them
 * (each configuration has its own).
 */
static unsigned int resolve(const struct kapi_tree *t, const char *name,
			    unsigned int file, int *out, unsigned int max)
{
	int first = first_def(t, name), i;
	unsigned int n = 0, pass;

	if (first < 0)
		return 0;
	for (pass = 0; pass < 3 && !n; pass++) {
		for (i = first; i < (int)t->n_defs && !strcmp(t->defs[i].name, name); i++) {
			const struct fn_def *d = &t->defs[i];
			bool hdr = t->files[d->file].header;
			bool ok = pass == 0 ? d->file == file :
				  pass == 1 ? !hdr && !d->is_static : hdr;

			if (ok && n < max)
				out[n++] = i;
		}
	}
	return n;
}

/* --- one function: what reaches its return --- */

struct body {
	struct kapi_tok *tok;
	unsigned int n;
	char **vars;		/* assigned names, sorted */
	unsigned int n_vars;
	struct {
		unsigned int var;
		struct src_item it;
	} *asg;			/* items assigned to each variable */
	unsigned int n_asg;
	struct src_item *ret;	/* items in return expressions */
	unsigned int n_ret;
	char **params;		/* parameter names, in order */
	unsigned int n_params;
};

static char *tok_dup(const struct kapi_tok *t)
{
	return kapi_xstrndup(t->s, t->n);
}

static struct src_item *push_item(struct src_item **a, unsigned int *n,
				  int kind, int err, char *name,
				  unsigned int line)
{
	struct src_item *it;

	*a = kapi_xrealloc(*a, (*n + 1) * sizeof(**a));
	it = &(*a)[(*n)++];
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	it->err = err;
	it->name = name;
	it->line = line;
	return it;
}

/* The index of the token closing the bracket at @open, or @end. */
static unsigned int match(const struct body *b, unsigned int open,
			  unsigned int end)
{
	int depth = 0;
	unsigned int i;

	for (i = open; i < end; i++) {
		const struct kapi_tok *c = &b->tok[i];

		if (kapi_tok_is(c, "(") || kapi_tok_is(c, "[") || kapi_tok_is(c, "{"))
			depth++;
		else if ((kapi_tok_is(c, ")") || kapi_tok_is(c, "]") ||
			  kapi_tok_is(c, "}")) && --depth == 0)
			return i;
	}
	return end;
}

static int var_index(const struct body *b, const struct kapi_tok *t)
{
	unsigned int lo = 0, hi = b->n_vars;

	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;
		int c = strncmp(b->vars[mid], t->s, t->n);

		if (!c && b->vars[mid][t->n])
			c = 1;
		if (!c)
			return mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

static int param_index(const struct body *b, const struct kapi_tok *t)
{
	unsigned int i;

	for (i = 0; i < b->n_params; i++)
		if (strlen(b->params[i]) == t->n && !memcmp(b->params[i], t->s, t->n))
			return i;
	return -1;
}

static bool is_errno_tok(const struct kapi_tok *t, int *err)
{
	char name[64];

	if (t->type != KAPI_TOK_IDENT || t->n >= sizeof(name) || t->s[0] != 'E')
		return false;
	memcpy(name, t->s, t->n);
	name[t->n] = '\0';
	return kapi_errno_lookup(name, err);
}

/* Does the token before @i end an operand (so '-' there is binary)? */
static bool ends_operand(const struct body *b, unsigned int i, unsigned int from)
{
	const struct kapi_tok *p;

	if (i == from)
		return false;
	p = &b->tok[i - 1];
	return p->type == KAPI_TOK_IDENT || p->type == KAPI_TOK_NUMBER ||
	       kapi_tok_is(p, ")") || kapi_tok_is(p, "]");
}

/*
 * The values expression @from..@to can evaluate to, as items: errno
 * constants, results of calls (whose arguments are not values of the
 * expression, except for the transparent ones), variables.
 */
static void expr_items(const struct body *b, unsigned int from,
		       unsigned int to, struct src_item **a, unsigned int *n);

/* The items of each argument of the call whose '(' is at @open. */
static void call_args(const struct body *b, unsigned int open,
		      unsigned int close, struct src_item *call)
{
	unsigned int i, start = open + 1, argno = 0, k, first;
	int depth = 0;

	for (i = open + 1; i <= close; i++) {
		const struct kapi_tok *c = &b->tok[i];

		if (i < close && (kapi_tok_is(c, "(") || kapi_tok_is(c, "[") ||
				  kapi_tok_is(c, "{"))) {
			depth++;
		} else if (i < close && (kapi_tok_is(c, ")") || kapi_tok_is(c, "]") ||
					 kapi_tok_is(c, "}"))) {
			depth--;
		} else if (i == close || (!depth && kapi_tok_is(c, ","))) {
			first = call->n_args;
			expr_items(b, start, i, &call->args, &call->n_args);
			for (k = first; k < call->n_args; k++)
				call->args[k].argno = argno;
			argno++;
			start = i + 1;
		}
	}
}

static void expr_items(const struct body *b, unsigned int from,
		       unsigned int to, struct src_item **a, unsigned int *n)
{
	unsigned int i;
	int err, v;

	for (i = from; i < to; i++) {
		const struct kapi_tok *c = &b->tok[i];
		bool call = i + 1 < to && kapi_tok_is(&b->tok[i + 1], "(");

		if (kapi_tok_is(c, "-") && i + 1 < to &&
		    is_errno_tok(&b->tok[i + 1], &err) &&
		    !ends_operand(b, i, from)) {
			push_item(a, n, SRC_CONST, err, NULL, c->line);
			i++;
			continue;
		}
		if (c->type != KAPI_TOK_IDENT)
			continue;
		if (call) {
			unsigned int close = match(b, i + 1, to);
			bool member = i > from && (kapi_tok_is(&b->tok[i - 1], "->") ||
						   kapi_tok_is(&b->tok[i - 1], "."));

			if (member) {
				struct kapi_sbuf s = { 0 };

				if (i >= from + 2 && b->tok[i - 2].type == KAPI_TOK_IDENT) {
					kapi_sbuf_addn(&s, b->tok[i - 2].s, b->tok[i - 2].n);
					kapi_sbuf_adds(&s, "->");
				}
				kapi_sbuf_addn(&s, c->s, c->n);
				push_item(a, n, SRC_INDIRECT, 0, kapi_sbuf_take(&s),
					  c->line);
			} else if (in_words(c->s, c->n, transparent,
					    KAPI_ARRAY_SIZE(transparent))) {
				continue;	/* its argument is the value */
			} else if (in_words(c->s, c->n, opaque,
					    KAPI_ARRAY_SIZE(opaque))) {
				/* nothing */
			} else if (in_words(c->s, c->n, interruptible_waits,
					    KAPI_ARRAY_SIZE(interruptible_waits))) {
				if (kapi_errno_lookup("ERESTARTSYS", &err))
					push_item(a, n, SRC_CONST, err, NULL,
						  c->line);
			} else if (kapi_tok_is(c, "call_int_hook")) {
				char *hook = i + 2 < to ? tok_dup(&b->tok[i + 2]) :
					     kapi_xstrdup("?");

				push_item(a, n, SRC_LSM, 0, hook, c->line);
			} else {
				struct src_item *ci;

				ci = push_item(a, n, SRC_CALL, 0, tok_dup(c), c->line);
				if (close < to)
					call_args(b, i + 1, close, ci);
			}
			i = close;
			continue;
		}
		if (i > from && (kapi_tok_is(&b->tok[i - 1], "->") ||
				 kapi_tok_is(&b->tok[i - 1], ".")))
			continue;
		v = var_index(b, c);
		if (v >= 0)
			push_item(a, n, SRC_VAR, v, NULL, c->line);
		v = param_index(b, c);
		if (v >= 0)
			push_item(a, n, SRC_PARAM, v, NULL, c->line);
	}
}

/* End of the expression that starts at @i: ';' or ',' at its level, or a ')' closing it. */
static unsigned int expr_end(const struct body *b, unsigned int i)
{
	int depth = 0;

	for (; i < b->n; i++) {
		const struct kapi_tok *c = &b->tok[i];

		if (kapi_tok_is(c, "(") || kapi_tok_is(c, "[") || kapi_tok_is(c, "{")) {
			depth++;
		} else if (kapi_tok_is(c, ")") || kapi_tok_is(c, "]") ||
			   kapi_tok_is(c, "}")) {
			if (--depth < 0)
				return i;
		} else if (!depth && (kapi_tok_is(c, ";") || kapi_tok_is(c, ","))) {
			return i;
		}
	}
	return b->n;
}

/* Is token @i a variable being assigned ("x = ...", not "x == ...")? */
static bool assigned_at(const struct body *b, unsigned int i)
{
	const struct kapi_tok *c = &b->tok[i];

	if (c->type != KAPI_TOK_IDENT || i + 1 >= b->n ||
	    !kapi_tok_is(&b->tok[i + 1], "="))
		return false;
	return !i || !(kapi_tok_is(&b->tok[i - 1], "->") ||
		       kapi_tok_is(&b->tok[i - 1], "."));
}

static void lex_body(const struct kapi_tree *t, const struct fn_def *d,
		     struct body *b)
{
	const struct src_file *f = &t->files[d->file];
	struct kapi_lexer lx;
	struct kapi_tok tok;
	unsigned int cap = 0;
	int depth = 0;

	kapi_lex_init(&lx, f->buf, f->len, d->body, d->line, true);
	while (kapi_lex_next(&lx, &tok)) {
		if (b->n == cap) {
			cap = cap ? 2 * cap : 256;
			b->tok = kapi_xrealloc(b->tok, cap * sizeof(*b->tok));
		}
		b->tok[b->n++] = tok;
		if (kapi_tok_is(&tok, "{"))
			depth++;
		else if (kapi_tok_is(&tok, "}") && --depth == 0)
			break;
	}
}

static void collect_vars(struct body *b)
{
	unsigned int i, k;

	for (i = 0; i < b->n; i++) {
		if (!assigned_at(b, i))
			continue;
		b->vars = kapi_xrealloc(b->vars, (b->n_vars + 1) * sizeof(*b->vars));
		b->vars[b->n_vars++] = tok_dup(&b->tok[i]);
	}
	sort(b->vars, b->n_vars, sizeof(*b->vars), cmp_str);
	for (i = k = 0; i < b->n_vars; i++) {
		if (k && !strcmp(b->vars[k - 1], b->vars[i]))
			free(b->vars[i]);
		else
			b->vars[k++] = b->vars[i];
	}
	b->n_vars = k;
}

static void collect_flows(struct body *b)
{
	unsigned int i, end, k, n;
	struct src_item *tmp;

	for (i = 0; i < b->n; i++) {
		if (kapi_tok_is(&b->tok[i], "return")) {
			end = expr_end(b, i + 1);
			expr_items(b, i + 1, end, &b->ret, &b->n_ret);
			continue;
		}
		if (!assigned_at(b, i))
			continue;
		tmp = NULL;
		n = 0;
		end = expr_end(b, i + 2);
		expr_items(b, i + 2, end, &tmp, &n);
		for (k = 0; k < n; k++) {
			b->asg = kapi_xrealloc(b->asg, (b->n_asg + 1) * sizeof(*b->asg));
			b->asg[b->n_asg].var = var_index(b, &b->tok[i]);
			b->asg[b->n_asg++].it = tmp[k];
		}
		free(tmp);
	}
}

/*
 * Append to @out the items @in stands for: each variable replaced by what
 * is assigned to it (@seen: variables already followed), a call's
 * arguments likewise. Items get argument number @argno.
 */
static void resolve_items(const struct body *b, const struct src_item *in,
			  unsigned int n_in, unsigned int argno,
			  struct src_item **out, unsigned int *n_out, bool *seen)
{
	unsigned int i, k;

	for (i = 0; i < n_in; i++) {
		const struct src_item *x = &in[i];
		struct src_item *args = NULL, *y;
		unsigned int n_args = 0;

		if (x->kind == SRC_VAR) {
			if (seen[x->err])
				continue;
			seen[x->err] = true;
			for (k = 0; k < b->n_asg; k++)
				if (b->asg[k].var == (unsigned int)x->err)
					resolve_items(b, &b->asg[k].it, 1, argno,
						      out, n_out, seen);
			continue;
		}
		for (k = 0; k < x->n_args; k++) {
			/* what is being followed stays followed: x = f(x) */
			bool *seen2 = kapi_xmalloc(b->n_vars + 1);

			memcpy(seen2, seen, b->n_vars + 1);
			resolve_items(b, &x->args[k], 1, x->args[k].argno,
				      &args, &n_args, seen2);
			free(seen2);
		}
		y = push_item(out, n_out, x->kind, x->err,
			      x->name ? kapi_xstrdup(x->name) : NULL, x->line);
		y->argno = argno;
		y->args = args;
		y->n_args = n_args;
	}
}

/* Keep one item per errno, method, hook or parameter (the first line). */
static void dedup(struct fn_local *l)
{
	unsigned int i, k, n = 0;

	for (i = 0; i < l->n_items; i++) {
		struct src_item *it = &l->items[i];
		bool dup = false;

		for (k = 0; k < n && it->kind != SRC_CALL; k++) {
			const struct src_item *o = &l->items[k];

			if (o->kind != it->kind)
				continue;
			if (it->kind == SRC_CONST || it->kind == SRC_PARAM ?
			    o->err == it->err : !strcmp(o->name, it->name)) {
				dup = true;
				break;
			}
		}
		if (dup) {
			free(it->name);
			free_items(it->args, it->n_args);
		} else {
			l->items[n++] = *it;
		}
	}
	l->n_items = n;
}

/* Parameter names of @d, from its header. */
static void lex_params(const struct kapi_tree *t, const struct fn_def *d,
		       struct body *b)
{
	const struct src_file *f = &t->files[d->file];
	struct kapi_tok tok, last = { 0 }, star_name = { 0 };
	struct kapi_lexer lx;
	bool syscall = false, after_star = false;
	unsigned int seg = 0;
	int depth = 0;

	kapi_lex_init(&lx, f->buf, d->body, d->head, 1, true);
	while (kapi_lex_next(&lx, &tok)) {
		if (!depth && tok.type == KAPI_TOK_IDENT && tok.n == 15 &&
		    !memcmp(tok.s, "SYSCALL_DEFINE", 14))
			syscall = true;
		if (kapi_tok_is(&tok, "(")) {
			if (++depth == 1) {
				last.n = 0;
				star_name.n = 0;
			}
			continue;
		}
		if (depth == 0)
			continue;
		if (kapi_tok_is(&tok, ")") && --depth > 0)
			continue;
		if ((depth == 1 && kapi_tok_is(&tok, ",")) || depth == 0) {
			const struct kapi_tok *nm = star_name.n ? &star_name : &last;
			bool take = syscall ? seg > 0 && seg % 2 == 0 : true;

			if (take && nm->n && !kapi_tok_is(nm, "void")) {
				b->params = kapi_xrealloc(b->params, (b->n_params + 1) *
							  sizeof(char *));
				b->params[b->n_params++] = tok_dup(nm);
			} else if (take) {
				b->params = kapi_xrealloc(b->params, (b->n_params + 1) *
							  sizeof(char *));
				b->params[b->n_params++] = kapi_xstrdup("");
			}
			seg++;
			last.n = 0;
			star_name.n = 0;
			if (depth == 0)
				break;
			continue;
		}
		if (depth == 2 && after_star && tok.type == KAPI_TOK_IDENT && !star_name.n)
			star_name = tok;
		after_star = kapi_tok_is(&tok, "*") && depth == 2;
		if (depth == 1 && tok.type == KAPI_TOK_IDENT)
			last = tok;
	}
}

/* The items that reach @d's return, variables followed to their values. */
static struct fn_local *local_of(struct kapi_tree *t, unsigned int d)
{
	struct fn_local *l = &t->local[d];
	struct body b = { 0 };
	unsigned int i;
	bool *seen;

	if (l->done)
		return l;
	l->done = true;
	lex_params(t, &t->defs[d], &b);
	lex_body(t, &t->defs[d], &b);
	collect_vars(&b);
	collect_flows(&b);

	seen = kapi_xmalloc(b.n_vars + 1);
	memset(seen, 0, b.n_vars + 1);
	resolve_items(&b, b.ret, b.n_ret, 0, &l->items, &l->n_items, seen);
	dedup(l);
	free(seen);
	for (i = 0; i < b.n_asg; i++) {
		free(b.asg[i].it.name);
		free_items(b.asg[i].it.args, b.asg[i].it.n_args);
	}
	free(b.asg);
	free_items(b.ret, b.n_ret);
	for (i = 0; i < b.n_vars; i++)
		free(b.vars[i]);
	free(b.vars);
	for (i = 0; i < b.n_params; i++)
		free(b.params[i]);
	free(b.params);
	free(b.tok);
	return l;
}

/* --- across functions: shortest paths to each errno and indirect call --- */

/* How node @node reaches key @key (an errno, or an indirect call's id). */
struct reach {
	int key;
	unsigned int hops;
	int via;		/* the next node, or -1: here */
	unsigned int line;
};

struct node {
	unsigned int def;
	struct reach *r;
	unsigned int n_r;
	int *callees;		/* per local item: first node index, or -1 */
};

struct graph {
	struct kapi_tree *t;
	struct node *nodes;
	unsigned int n_nodes;
	int *node_of;		/* per def, or -1 */
	char **keys;		/* indirect calls, by id */
	int *key_kind;
	unsigned int n_keys;
	char **unresolved;
	unsigned int n_unresolved;
};

#define KEY_INDIRECT	100000	/* keys from here are indirect calls */
#define KEY_PARAM	200000	/* and from here "returns parameter N" */
#define MAX_NODES	50000
#define MAX_RESOLVED	16

static int node_for(struct graph *g, unsigned int def)
{
	if (g->node_of[def] >= 0)
		return g->node_of[def];
	if (g->n_nodes == MAX_NODES)
		return -1;
	g->nodes = kapi_xrealloc(g->nodes, (g->n_nodes + 1) * sizeof(*g->nodes));
	memset(&g->nodes[g->n_nodes], 0, sizeof(*g->nodes));
	g->nodes[g->n_nodes].def = def;
	g->node_of[def] = g->n_nodes;
	return g->n_nodes++;
}

static int key_for(struct graph *g, const char *what, int kind)
{
	unsigned int i;

	for (i = 0; i < g->n_keys; i++)
		if (g->key_kind[i] == kind && !strcmp(g->keys[i], what))
			return KEY_INDIRECT + i;
	g->keys = kapi_xrealloc(g->keys, (g->n_keys + 1) * sizeof(*g->keys));
	g->key_kind = kapi_xrealloc(g->key_kind, (g->n_keys + 1) * sizeof(int));
	g->keys[g->n_keys] = kapi_xstrdup(what);
	g->key_kind[g->n_keys] = kind;
	return KEY_INDIRECT + g->n_keys++;
}

static void note_unresolved(struct graph *g, const char *name)
{
	unsigned int i;

	for (i = 0; i < g->n_unresolved; i++)
		if (!strcmp(g->unresolved[i], name))
			return;
	g->unresolved = kapi_xrealloc(g->unresolved,
				      (g->n_unresolved + 1) * sizeof(char *));
	g->unresolved[g->n_unresolved++] = kapi_xstrdup(name);
}

/* Offer @node a way to @key; true if it is new or shorter. */
static bool offer(struct node *nd, int key, unsigned int hops, int via,
		  unsigned int line)
{
	unsigned int i;

	for (i = 0; i < nd->n_r; i++) {
		if (nd->r[i].key != key)
			continue;
		if (nd->r[i].hops <= hops)
			return false;
		nd->r[i].hops = hops;
		nd->r[i].via = via;
		nd->r[i].line = line;
		return true;
	}
	nd->r = kapi_xrealloc(nd->r, (nd->n_r + 1) * sizeof(*nd->r));
	nd->r[nd->n_r].key = key;
	nd->r[nd->n_r].hops = hops;
	nd->r[nd->n_r].via = via;
	nd->r[nd->n_r].line = line;
	nd->n_r++;
	return true;
}

/* Nodes for the callees of the calls among @it (and their arguments). */
static void add_callees(struct graph *g, unsigned int file,
			const struct src_item *it, unsigned int n)
{
	int res[MAX_RESOLVED];
	unsigned int k, j, nres;

	for (k = 0; k < n; k++) {
		if (it[k].kind != SRC_CALL)
			continue;
		nres = resolve(g->t, it[k].name, file, res, MAX_RESOLVED);
		if (!nres)
			note_unresolved(g, it[k].name);
		for (j = 0; j < nres; j++)
			node_for(g, res[j]);
		add_callees(g, file, it[k].args, it[k].n_args);
	}
}

/* Every function reachable from @root, each with its own sources. */
static void build_graph(struct graph *g, unsigned int root)
{
	int res[MAX_RESOLVED];
	unsigned int i, k, j, nres;

	node_for(g, root);
	for (i = 0; i < g->n_nodes; i++) {
		unsigned int def = g->nodes[i].def;
		struct fn_local *l = local_of(g->t, def);
		struct node *nd;

		g->nodes[i].callees = kapi_xmalloc((l->n_items + 1) * sizeof(int));
		for (k = 0; k < l->n_items; k++) {
			const struct src_item *it = &l->items[k];

			g->nodes[i].callees[k] = -1;
			nd = &g->nodes[i];
			if (it->kind == SRC_CONST) {
				offer(nd, it->err, 1, -1, it->line);
			} else if (it->kind == SRC_INDIRECT || it->kind == SRC_LSM) {
				offer(nd, key_for(g, it->name, it->kind == SRC_LSM ?
						  KAPI_REACH_LSM : KAPI_REACH_METHOD),
				      1, -1, it->line);
			} else if (it->kind == SRC_PARAM) {
				offer(nd, KEY_PARAM + it->err, 1, -1, it->line);
			} else if (it->kind == SRC_CALL) {
				nres = resolve(g->t, it->name, g->t->defs[def].file,
					       res, MAX_RESOLVED);
				if (!nres)
					note_unresolved(g, it->name);
				for (j = 0; j < nres; j++) {
					int nn = node_for(g, res[j]);

					/* the first is enough to find them all again */
					if (!j)
						g->nodes[i].callees[k] = nn;
				}
				add_callees(g, g->t->defs[def].file, it->args,
					    it->n_args);
			}
		}
	}
}

/*
 * A callee of @call returns its parameter @p: what argument @p of
 * @call can be reaches node @i, found at the argument's line.
 */
static bool through_param(struct graph *g, unsigned int i,
			  const struct src_item *call, int p)
{
	int res[MAX_RESOLVED];
	unsigned int k, j, m, nres, file = g->t->defs[g->nodes[i].def].file;
	bool changed = false;

	for (k = 0; k < call->n_args; k++) {
		const struct src_item *a = &call->args[k];

		if ((int)a->argno != p)
			continue;
		switch (a->kind) {
		case SRC_CONST:
			changed |= offer(&g->nodes[i], a->err, 1, -1, a->line);
			break;
		case SRC_PARAM:
			changed |= offer(&g->nodes[i], KEY_PARAM + a->err, 1, -1,
					 a->line);
			break;
		case SRC_CALL:
			nres = resolve(g->t, a->name, file, res, MAX_RESOLVED);
			for (j = 0; j < nres; j++) {
				int f = g->node_of[res[j]];

				if (f < 0 || (unsigned int)f == i)
					continue;
				for (m = 0; m < g->nodes[f].n_r; m++) {
					struct reach rf = g->nodes[f].r[m];

					if (rf.key < KEY_PARAM)
						changed |= offer(&g->nodes[i], rf.key,
								 rf.hops + 1, f,
								 a->line);
				}
			}
			break;
		}
	}
	return changed;
}

/* What the callees of @it, a call of node @i, reach, offered to @i. */
static bool relax_call(struct graph *g, unsigned int i, const struct src_item *it)
{
	int res[MAX_RESOLVED];
	unsigned int j, m, nres;
	bool changed = false;

	nres = resolve(g->t, it->name, g->t->defs[g->nodes[i].def].file, res,
		       MAX_RESOLVED);
	for (j = 0; j < nres; j++) {
		int c = g->node_of[res[j]];

		if (c < 0 || (unsigned int)c == i)
			continue;
		for (m = 0; m < g->nodes[c].n_r; m++) {
			struct reach rc = g->nodes[c].r[m];

			if (rc.key >= KEY_PARAM)
				changed |= through_param(g, i, it, rc.key - KEY_PARAM);
			else
				changed |= offer(&g->nodes[i], rc.key, rc.hops + 1,
						 c, it->line);
		}
	}
	return changed;
}

/* Relax every call edge until no path gets shorter. */
static void shortest_paths(struct graph *g)
{
	bool changed = true;
	unsigned int i, k;

	while (changed) {
		changed = false;
		for (i = 0; i < g->n_nodes; i++) {
			struct fn_local *l = &g->t->local[g->nodes[i].def];

			for (k = 0; k < l->n_items; k++)
				if (l->items[k].kind == SRC_CALL &&
				    g->nodes[i].callees[k] >= 0)
					changed |= relax_call(g, i, &l->items[k]);
		}
	}
}

static const struct reach *find_reach(const struct node *nd, int key)
{
	unsigned int i;

	for (i = 0; i < nd->n_r; i++)
		if (nd->r[i].key == key)
			return &nd->r[i];
	return NULL;
}

/* "f (file:line) > g (file:line)" from node @n to where @key is produced. */
static char *path_of(const struct graph *g, int n, int key)
{
	struct kapi_sbuf s = { 0 };
	const struct reach *r;
	char line[32];
	unsigned int guard = 0;

	while (n >= 0 && (r = find_reach(&g->nodes[n], key)) && guard++ < 1000) {
		const struct fn_def *d = &g->t->defs[g->nodes[n].def];

		if (s.len)
			kapi_sbuf_adds(&s, " > ");
		kapi_sbuf_adds(&s, d->name);
		kapi_sbuf_adds(&s, " (");
		kapi_sbuf_adds(&s, g->t->files[d->file].path);
		snprintf(line, sizeof(line), ":%u)", r->line);
		kapi_sbuf_adds(&s, line);
		n = r->via;
	}
	return kapi_sbuf_take(&s);
}

static int internal_index(int raw)
{
	unsigned int i;
	int v;

	for (i = 0; i < KAPI_ARRAY_SIZE(internal_errnos); i++)
		if (kapi_errno_lookup(internal_errnos[i].name, &v) && v == raw)
			return i;
	return -1;
}

static void add_cand(struct kapi_errno_report *r, int error, int raw,
		     bool internal, unsigned int hops, char *path)
{
	struct kapi_errno_cand *c;
	unsigned int i;

	for (i = 0; i < r->n_cands; i++) {
		c = &r->cands[i];
		if (c->error != error)
			continue;
		if (c->hops <= hops) {
			free(path);
			return;
		}
		free(c->path);
		c->raw = raw;
		c->hops = hops;
		c->path = path;
		return;
	}
	r->cands = kapi_xrealloc(r->cands, (r->n_cands + 1) * sizeof(*c));
	c = &r->cands[r->n_cands++];
	c->error = error;
	c->raw = raw;
	c->internal = internal;
	c->hops = hops;
	c->path = path;
}

static int cmp_cand(const void *a, const void *b)
{
	const struct kapi_errno_cand *x = a, *y = b;

	return x->error - y->error;
}

static int cmp_reach(const void *a, const void *b)
{
	const struct kapi_errno_reach *x = a, *y = b;

	if (x->hops != y->hops)
		return x->hops < y->hops ? -1 : 1;
	return strcmp(x->what, y->what);
}

/* Report what root node 0 reaches, translated as user space sees it. */
static void fill_report(struct graph *g, bool ioctl_core,
			struct kapi_errno_report *r)
{
	const struct node *root = &g->nodes[0];
	unsigned int i;
	bool *file_used;
	int eintr = 0, enotty = 0, enoioctl = 0;

	kapi_errno_lookup("EINTR", &eintr);
	kapi_errno_lookup("ENOTTY", &enotty);
	kapi_errno_lookup("ENOIOCTLCMD", &enoioctl);
	for (i = 0; i < root->n_r; i++) {
		const struct reach *x = &root->r[i];
		char *path = path_of(g, 0, x->key);
		int in;

		if (x->key >= KEY_PARAM) {
			free(path);
			continue;
		}
		if (x->key >= KEY_INDIRECT) {
			struct kapi_errno_reach *e;

			r->reach = kapi_xrealloc(r->reach, (r->n_reach + 1) * sizeof(*e));
			e = &r->reach[r->n_reach++];
			e->what = kapi_xstrdup(g->keys[x->key - KEY_INDIRECT]);
			e->kind = g->key_kind[x->key - KEY_INDIRECT];
			e->hops = x->hops;
			e->path = path;
			continue;
		}
		in = internal_index(x->key);
		if (in >= 0 && !internal_errnos[in].becomes) {
			struct kapi_errno_dropped *d;

			r->dropped = kapi_xrealloc(r->dropped,
						   (r->n_dropped + 1) * sizeof(*d));
			d = &r->dropped[r->n_dropped++];
			d->raw = x->key;
			d->why = internal_errnos[in].why;
			d->path = path;
		} else if (in >= 0) {
			add_cand(r, eintr, x->key, false, x->hops, path);
		} else if (ioctl_core && x->key == enoioctl) {
			add_cand(r, enotty, x->key, false, x->hops, path);
		} else {
			add_cand(r, x->key, x->key, x->key >= 512, x->hops, path);
		}
	}
	sort(r->cands, r->n_cands, sizeof(*r->cands), cmp_cand);
	sort(r->reach, r->n_reach, sizeof(*r->reach), cmp_reach);

	r->unresolved = g->unresolved;
	r->n_unresolved = g->n_unresolved;
	g->unresolved = NULL;
	sort(r->unresolved, r->n_unresolved, sizeof(char *), cmp_str);

	file_used = kapi_xmalloc(g->t->n_files + 1);
	memset(file_used, 0, g->t->n_files + 1);
	for (i = 0; i < g->n_nodes; i++)
		file_used[g->t->defs[g->nodes[i].def].file] = true;
	for (i = 0; i < g->t->n_files; i++) {
		if (!file_used[i])
			continue;
		r->files = kapi_xrealloc(r->files, (r->n_files + 1) * sizeof(char *));
		r->files[r->n_files++] = kapi_xstrdup(g->t->files[i].path);
	}
	free(file_used);
	sort(r->files, r->n_files, sizeof(char *), cmp_str);
	r->n_functions = g->n_nodes;
}

static void analyse(struct kapi_tree *t, const char *fn, bool ioctl_core,
		    struct kapi_errno_report *r)
{
	struct graph g = { .t = t };
	int first = first_def(t, fn);
	unsigned int i;
	const char *path;
	size_t n;

	memset(r, 0, sizeof(*r));
	if (first < 0)
		return;
	r->found = true;
	path = t->files[t->defs[first].file].path;
	n = strlen(path) + 16;
	r->where = kapi_xmalloc(n);
	snprintf(r->where, n, "%s:%u", path, t->defs[first].head_line);

	g.node_of = kapi_xmalloc((t->n_defs + 1) * sizeof(int));
	for (i = 0; i < t->n_defs; i++)
		g.node_of[i] = -1;
	build_graph(&g, first);
	shortest_paths(&g);
	fill_report(&g, ioctl_core, r);

	for (i = 0; i < g.n_nodes; i++) {
		free(g.nodes[i].r);
		free(g.nodes[i].callees);
	}
	for (i = 0; i < g.n_keys; i++)
		free(g.keys[i]);
	free(g.keys);
	free(g.key_kind);
	free(g.nodes);
	free(g.node_of);
}

void kapi_errnos_syscall(struct kapi_tree *t, const char *name,
			 struct kapi_errno_report *r)
{
	size_t n = strlen(name);
	char *fn = kapi_xmalloc(n + 5);

	memcpy(fn, "sys_", 4);
	memcpy(fn + 4, name, n + 1);
	analyse(t, fn, !strcmp(name, "ioctl"), r);
	free(fn);
}

void kapi_errnos_function(struct kapi_tree *t, const char *fn,
			  struct kapi_errno_report *r)
{
	analyse(t, fn, false, r);
}

const struct kapi_errno_cand *kapi_errno_cand(const struct kapi_errno_report *r,
					      int err)
{
	unsigned int i;

	for (i = 0; i < r->n_cands; i++)
		if (r->cands[i].error == err)
			return &r->cands[i];
	return NULL;
}

void kapi_errno_report_release(struct kapi_errno_report *r)
{
	unsigned int i;

	for (i = 0; i < r->n_cands; i++)
		free(r->cands[i].path);
	for (i = 0; i < r->n_reach; i++) {
		free(r->reach[i].what);
		free(r->reach[i].path);
	}
	for (i = 0; i < r->n_dropped; i++)
		free(r->dropped[i].path);
	for (i = 0; i < r->n_unresolved; i++)
		free(r->unresolved[i]);
	for (i = 0; i < r->n_files; i++)
		free(r->files[i]);
	free(r->cands);
	free(r->reach);
	free(r->dropped);
	free(r->unresolved);
	free(r->files);
	free(r->where);
	memset(r, 0, sizeof(*r));
}
