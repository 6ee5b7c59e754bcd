// SPDX-License-Identifier: GPL-2.0
/*
 * syzlang_check - check the syzkaller descriptions `kapi --format syzlang`
 * prints against the rules of syzkaller's description language that they
 * rely on (syzkaller's pkg/compiler: check.go, types.go, const_file.go),
 * and their names against the .const file `kapi --format syzlang-const`
 * prints, so a description syzkaller would refuse fails a test here.
 *
 *   syzlang_check FILE [CONST]
 *
 * Each broken rule is one line "FILE:LINE: error: [RULE] message"; the
 * exit status is 0 when no rule is broken, 1 when one is, 2 on a bad
 * command line or an unreadable file. The rules, by id:
 *
 *   syntax         a line is a comment, a resource, a flags set, a struct
 *                  (one "\tname\ttype" line per field) or a call
 *                  NAME(ARG TYPE, ...) [RET]; brackets balance; nothing
 *                  else (type, include, unions) is in kapi's subset
 *   ident          names are identifiers ([A-Za-z_][A-Za-z0-9_]*); a call
 *                  may have one $variant; types and sets are none of
 *                  syzkaller's reserved words (opt, in, out, inout) or
 *                  builtin types; arguments and fields are not "parent"
 *                  or "syscall", which length paths reserve
 *   duplicate      a call, struct, resource or flags set is defined once;
 *                  a call is a $variant, as syzkaller's sys/linux has the
 *                  plain names; an argument or field name occurs once in
 *                  its call or struct; a struct or resource does not reuse
 *                  a name of another type (or of syzkaller's resources)
 *   unknown-type   every type named is a builtin, a struct defined here,
 *                  a resource declared here or one of syzkaller's base
 *                  resources from sys/linux (fd, fd_dir)
 *   resource       a resource derives from an integer type or from a
 *                  declared or known resource, without a cycle; one
 *                  declared here is returned by a call (it or a resource
 *                  derived from it) and taken by one as an input, or
 *                  syzkaller refuses it (checkConstructors)
 *   return         a call returns nothing or a resource
 *   direction      the direction of ptr, ptr64 and buffer is in, out or
 *                  inout
 *   arity          each type has the arguments syzkaller expects: len,
 *                  bytesize, flags and const take no base type as a call
 *                  argument and need one (intN/intptr) in a struct; ptr
 *                  takes a direction and a type; buffer a direction; at
 *                  most 9 call arguments
 *   context        array, string, filename and structs are not call
 *                  arguments (only behind ptr); buffer, a pointer itself,
 *                  is not behind a pointer or in an array
 *   opt            opt is the last argument, and not on array, flags,
 *                  len, bytesize or const
 *   len-target     the target of len/bytesize names a sibling argument
 *                  (call) or field (struct) that exists, is not the len
 *                  itself, and is a pointer (ptr, ptr64, buffer) or array
 *   flags          every flags[SET] names a set defined here; a set has at
 *                  least one value, each a number or a name, and not all
 *                  of two or more values are the same number
 *   unused         every flags set and struct defined is used by a call
 *                  (syzkaller's checkUnused)
 *   int            integer types are int8, int16, int32, int64 or intptr;
 *                  a range min:max has min <= max and fits the type,
 *                  signed or unsigned; an alignment (0: none) is no
 *                  larger than the range
 *   const-format   (with CONST) the file starts with "arches = A, ..."
 *                  and has one "NAME = VALUE[, arch:...:VALUE]..." line
 *                  per name, VALUE an unsigned decimal or 0x number or
 *                  ???; no name twice; no name that is also a flags set
 *   const-missing  (with CONST) every name the descriptions use has a
 *                  line: each named value of a set, each name in const[]
 *                  or a resource's special values, and __NR_<call> of
 *                  each call (the name before $)
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"	/* tools/kapi's: __printf, ARRAY_SIZE */

#define MAX_ARGS	16
#define MAX_NAME	128

static const char *file_name;
static unsigned int n_errors;

static void __printf(3, 4) err(unsigned int line, const char *rule, const char *fmt, ...)
{
	va_list ap;

	printf("%s:%u: error: [%s] ", file_name, line, rule);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	n_errors++;
}

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p) {
		perror("syzlang_check");
		exit(2);
	}
	return p;
}

static void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size);
	if (!p) {
		perror("syzlang_check");
		exit(2);
	}
	return p;
}

/* --- types: NAME[ARG, ...] where an ARG is a type or N[:M] --- */

struct type {
	char name[MAX_NAME];	/* empty for a number */
	bool is_num;
	bool has_range;		/* N:M */
	__int128 lo, hi;
	struct type *args[MAX_ARGS];
	unsigned int n_args;
};

static void type_free(struct type *t)
{
	unsigned int i;

	if (!t)
		return;
	for (i = 0; i < t->n_args; i++)
		type_free(t->args[i]);
	free(t);
}

static bool is_ident_start(int c)
{
	return isalpha(c) || c == '_';
}

static bool is_ident_char(int c)
{
	return isalnum(c) || c == '_';
}

static bool is_ident(const char *s)
{
	if (!is_ident_start((unsigned char)*s))
		return false;
	while (*++s)
		if (!is_ident_char((unsigned char)*s))
			return false;
	return true;
}

static void skip_space(const char **p)
{
	while (**p == ' ' || **p == '\t')
		(*p)++;
}

/* A number as syzkaller writes one: [-]decimal or [-]0xhex. */
static bool parse_num(const char **p, __int128 *v)
{
	const char *s = *p;
	bool neg = *s == '-';
	unsigned long long u;
	char *end;

	if (neg)
		s++;
	if (!isdigit((unsigned char)*s))
		return false;
	errno = 0;
	u = strtoull(s, &end, 0);
	if (errno || is_ident_char((unsigned char)*end))
		return false;
	*v = neg ? -(__int128)u : (__int128)u;
	*p = end;
	return true;
}

static struct type *parse_type(const char **p, unsigned int line,
			       bool *ok);

static struct type *parse_arg(const char **p, unsigned int line, bool *ok)
{
	struct type *t;

	skip_space(p);
	if (**p == '-' || isdigit((unsigned char)**p)) {
		t = xcalloc(1, sizeof(*t));
		t->is_num = true;
		if (!parse_num(p, &t->lo)) {
			err(line, "syntax", "bad number at '%.20s'", *p);
			*ok = false;
			return t;
		}
		t->hi = t->lo;
		if (**p == ':') {
			(*p)++;
			t->has_range = true;
			if (!parse_num(p, &t->hi)) {
				err(line, "syntax", "bad number at '%.20s'", *p);
				*ok = false;
			}
		}
		return t;
	}
	return parse_type(p, line, ok);
}

static struct type *parse_type(const char **p, unsigned int line, bool *ok)
{
	struct type *t = xcalloc(1, sizeof(*t));
	size_t n = 0;

	skip_space(p);
	while (is_ident_char((unsigned char)**p) && n < MAX_NAME - 1)
		t->name[n++] = *(*p)++;
	t->name[n] = 0;
	if (!n || !is_ident(t->name)) {
		err(line, "syntax", "a type expected at '%.20s'", *p);
		*ok = false;
		return t;
	}
	if (**p == ':') {
		err(line, "syntax", "a path or bitfield (':') after %s",
		    t->name);
		*ok = false;
		return t;
	}
	skip_space(p);
	if (**p != '[')
		return t;
	(*p)++;
	for (;;) {
		if (t->n_args == MAX_ARGS) {
			err(line, "syntax", "too many arguments to %s", t->name);
			*ok = false;
			return t;
		}
		t->args[t->n_args++] = parse_arg(p, line, ok);
		if (!*ok)
			return t;
		skip_space(p);
		if (**p == ',') {
			(*p)++;
			continue;
		}
		if (**p == ']') {
			(*p)++;
			return t;
		}
		err(line, "syntax", "',' or ']' expected at '%.20s'", *p);
		*ok = false;
		return t;
	}
}

/* --- declarations --- */

struct field {
	char name[MAX_NAME];
	struct type *type;
	unsigned int line;
};

struct decl {
	char name[MAX_NAME];
	unsigned int line;
	struct field *fields;	/* call arguments, struct fields */
	unsigned int n_fields;
	struct type *ret;	/* call: the return type, or NULL */
	struct type *base;	/* resource: its base */
	struct type **values;	/* flags, resource special values */
	unsigned int n_values;
	bool used;		/* struct, flags: by a call */
	bool created, input;	/* resource */
};

struct decls {
	struct decl *d;
	unsigned int n;
};

static struct decls calls, structs, flagsets, resources;

static struct decl *add_decl(struct decls *ds, const char *name,
			     unsigned int line)
{
	struct decl *d;

	ds->d = xrealloc(ds->d, (ds->n + 1) * sizeof(*ds->d));
	d = &ds->d[ds->n++];
	memset(d, 0, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "%s", name);
	d->line = line;
	return d;
}

static struct decl *find(struct decls *ds, const char *name)
{
	unsigned int i;

	for (i = 0; i < ds->n; i++)
		if (!strcmp(ds->d[i].name, name))
			return &ds->d[i];
	return NULL;
}

static void add_field(struct decl *d, const char *name, struct type *t,
		      unsigned int line)
{
	struct field *f;

	d->fields = xrealloc(d->fields, (d->n_fields + 1) * sizeof(*d->fields));
	f = &d->fields[d->n_fields++];
	snprintf(f->name, sizeof(f->name), "%s", name);
	f->type = t;
	f->line = line;
}

/* syzkaller's base resources (sys/linux/sys.txt) kapi's output may use */
static const struct {
	const char *name, *base;
} known_resources[] = {
	{ "fd", "int32" },
	{ "fd_dir", "fd" },
};

static const char *const int_types[] = {
	"int8", "int16", "int32", "int64", "intptr",
};

static const char *const builtins[] = {
	"int8", "int16", "int32", "int64", "intptr", "ptr", "ptr64",
	"buffer", "array", "flags", "len", "bytesize", "const", "string",
	"filename", "fileoff", "vma", "vma64", "proc", "void", "text",
	"stringnoz", "csum", "fmt", "bitsize", "bytesize2", "bytesize4",
	"bytesize8", "offsetof", "glob", "bool8", "bool16", "bool32",
	"bool64", "boolptr",
};

static bool in_list(const char *const *list, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i], s))
			return true;
	return false;
}

static bool is_int_type(const char *s)
{
	return in_list(int_types, ARRAY_SIZE(int_types), s);
}

static const char *known_resource_base(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(known_resources); i++)
		if (!strcmp(known_resources[i].name, name))
			return known_resources[i].base;
	return NULL;
}

static bool is_resource(const char *name)
{
	return find(&resources, name) || known_resource_base(name);
}

static bool reserved_type_name(const char *s)
{
	static const char *const reserved[] = { "opt", "in", "out", "inout" };

	return in_list(reserved, ARRAY_SIZE(reserved), s);
}

/* --- parsing the file --- */

/* "  name  type" of a call argument or a struct field: false if not */
static bool split_field(const char **p, char *name, unsigned int line)
{
	size_t n = 0;

	skip_space(p);
	while (**p && **p != ' ' && **p != '\t' && **p != ',' && **p != ')' &&
	       n < MAX_NAME - 1)
		name[n++] = *(*p)++;
	name[n] = 0;
	if (**p != ' ' && **p != '\t') {
		err(line, "syntax", "a name and a type expected at '%.20s'",
		    *p);
		return false;
	}
	return true;
}

static void parse_call(const char *s, unsigned int line)
{
	const char *p = strchr(s, '(');
	char name[MAX_NAME];
	struct decl *d;
	struct type *t;
	bool ok = true;

	snprintf(name, sizeof(name), "%.*s", (int)(p - s), s);
	d = add_decl(&calls, name, line);
	p++;
	skip_space(&p);
	while (*p != ')') {
		char arg[MAX_NAME];

		if (!split_field(&p, arg, line))
			return;
		t = parse_type(&p, line, &ok);
		add_field(d, arg, t, line);
		if (!ok)
			return;
		skip_space(&p);
		if (*p == ',') {
			p++;
			skip_space(&p);
		} else if (*p != ')') {
			err(line, "syntax", "',' or ')' expected at '%.20s'", p);
			return;
		}
	}
	p++;
	skip_space(&p);
	if (*p && *p != '(') {
		d->ret = parse_type(&p, line, &ok);
		if (!ok)
			return;
		skip_space(&p);
	}
	if (*p)
		err(line, "syntax", "call attributes or junk at '%.20s'", p);
}

static void parse_flags(const char *s, const char *eq, unsigned int line)
{
	const char *p = eq + 1;
	char name[MAX_NAME];
	struct decl *d;
	struct type *t;
	bool ok = true;

	snprintf(name, sizeof(name), "%.*s", (int)(eq - s), s);
	while (*name && name[strlen(name) - 1] == ' ')
		name[strlen(name) - 1] = 0;
	d = add_decl(&flagsets, name, line);
	for (;;) {
		skip_space(&p);
		if (!*p)
			break;
		t = parse_arg(&p, line, &ok);
		if (!ok || (!t->is_num && t->n_args) || t->has_range) {
			if (ok)
				err(line, "flags", "a value of %s is neither a number nor a name",
				    name);
			type_free(t);
			return;
		}
		d->values = xrealloc(d->values,
				     (d->n_values + 1) * sizeof(*d->values));
		d->values[d->n_values++] = t;
		skip_space(&p);
		if (*p == ',') {
			p++;
		} else if (*p) {
			err(line, "syntax", "',' expected at '%.20s'", p);
			return;
		}
	}
}

static void parse_resource(const char *s, unsigned int line)
{
	const char *p = s + strlen("resource");
	struct type *t;
	struct decl *d;
	bool ok = true;

	t = parse_type(&p, line, &ok);
	if (!ok) {
		type_free(t);
		return;
	}
	d = add_decl(&resources, t->name, line);
	if (t->n_args != 1 || t->args[0]->is_num) {
		err(line, "syntax", "resource %s[BASE] expected", t->name);
		type_free(t);
		return;
	}
	d->base = t->args[0];
	t->n_args = 0;
	type_free(t);
	skip_space(&p);
	if (!*p)
		return;
	if (*p++ != ':') {
		err(line, "syntax", "':' expected at '%.20s'", p - 1);
		return;
	}
	for (;;) {
		t = parse_arg(&p, line, &ok);
		d->values = xrealloc(d->values,
				     (d->n_values + 1) * sizeof(*d->values));
		d->values[d->n_values++] = t;
		if (!ok)
			return;
		skip_space(&p);
		if (*p != ',')
			break;
		p++;
	}
	if (*p)
		err(line, "syntax", "junk at '%.20s'", p);
}

static void parse_file(FILE *f)
{
	char *buf = NULL, *s, *e;
	size_t cap = 0;
	unsigned int line = 0;
	struct decl *st = NULL;
	ssize_t len;

	while ((len = getline(&buf, &cap, f)) >= 0) {
		line++;
		while (len && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
			buf[--len] = 0;
		s = buf;
		if (st) {
			const char *p = s;
			char name[MAX_NAME];
			struct type *t;
			bool ok = true;

			if (*s == '}') {
				st = NULL;
				if (s[1])
					err(line, "syntax",
					    "struct attributes are not in kapi's subset");
				continue;
			}
			if (*s != '\t') {
				err(line, "syntax", "a field line starts with a tab");
				continue;
			}
			if (!split_field(&p, name, line))
				continue;
			t = parse_type(&p, line, &ok);
			add_field(st, name, t, line);
			skip_space(&p);
			if (ok && *p && *p != '#')
				err(line, "syntax", "junk at '%.20s'", p);
			continue;
		}
		if (!*s || *s == '#')
			continue;
		if (*s == ' ' || *s == '\t') {
			err(line, "syntax", "a declaration starts at the start of its line");
			continue;
		}
		if (!strncmp(s, "resource ", 9)) {
			parse_resource(s, line);
			continue;
		}
		if (!strncmp(s, "type ", 5) || !strncmp(s, "include ", 8) ||
		    !strncmp(s, "incdir ", 7) || !strncmp(s, "define ", 7)) {
			err(line, "syntax", "'%.*s' is not in kapi's subset",
			    (int)strcspn(s, " "), s);
			continue;
		}
		e = s + strcspn(s, "({=[");
		if (*e == '{') {
			char name[MAX_NAME];

			snprintf(name, sizeof(name), "%.*s", (int)(e - s), s);
			while (*name && name[strlen(name) - 1] == ' ')
				name[strlen(name) - 1] = 0;
			st = add_decl(&structs, name, line);
			if (e[1])
				err(line, "syntax", "junk after '{'");
			continue;
		}
		if (*e == '=') {
			parse_flags(s, e, line);
			continue;
		}
		if (*e == '(') {
			parse_call(s, line);
			continue;
		}
		err(line, "syntax", "not a declaration kapi prints: '%.30s'", s);
	}
	if (st)
		err(line, "syntax", "struct %s is not closed", st->name);
	free(buf);
}

/* --- the rules --- */

/* where a type is: a call argument, a field, behind a pointer, a return */
enum where { CTX_ARG, CTX_FIELD, CTX_INNER, CTX_RET };

static struct field *sibling(struct decl *d, const char *name)
{
	unsigned int i;

	for (i = 0; d && i < d->n_fields; i++)
		if (!strcmp(d->fields[i].name, name))
			return &d->fields[i];
	return NULL;
}

static bool is_opt(const struct type *t)
{
	return t && !t->is_num && !strcmp(t->name, "opt") && !t->n_args;
}

/* the arguments of @t but a trailing opt, which must be last and allowed */
static unsigned int args_but_opt(const struct type *t, bool can_opt,
				 unsigned int line)
{
	unsigned int i, n = t->n_args;

	for (i = 0; i + 1 < n; i++)
		if (is_opt(t->args[i]))
			err(line, "opt", "opt is not the last argument of %s",
			    t->name);
	if (n && is_opt(t->args[n - 1])) {
		if (!can_opt)
			err(line, "opt", "%s can't be opt", t->name);
		n--;
	}
	return n;
}

static void check_int_range(const struct type *t, const struct type *r,
			    const struct type *align, unsigned int line)
{
	unsigned int bits = !strcmp(t->name, "int8") ? 8 :
			    !strcmp(t->name, "int16") ? 16 :
			    !strcmp(t->name, "int32") ? 32 : 64;
	__int128 umax = ((__int128)1 << bits) - 1;
	__int128 smin = -((__int128)1 << (bits - 1));
	__int128 smax = ((__int128)1 << (bits - 1)) - 1;

	if (!r->is_num || !r->has_range) {
		err(line, "int", "the first argument of %s is no range min:max",
		    t->name);
		return;
	}
	if (r->lo > r->hi) {
		err(line, "int", "%s range has min > max", t->name);
		return;
	}
	if (!(r->lo >= 0 && r->hi <= umax) && !(r->lo >= smin && r->hi <= smax))
		err(line, "int", "%s range does not fit the type", t->name);
	if (!align)
		return;
	if (!align->is_num || align->has_range || align->lo < 0)
		err(line, "int", "%s alignment is no number of at least 0",
		    t->name);
	else if (align->lo && (r->hi - r->lo) / align->lo == 0)
		err(line, "int", "%s alignment is larger than its range",
		    t->name);
}

static void check_base(const struct type *t, const struct type *base,
		       unsigned int line)
{
	if (base->is_num || base->n_args || !is_int_type(base->name))
		err(line, "int", "the base type of %s is no intN or intptr",
		    t->name);
}

static void check_type(struct type *t, enum where ctx, struct decl *parent,
		       struct field *self, unsigned int line);

static void check_len(struct type *t, enum where ctx, struct decl *parent,
		      struct field *self, unsigned int n, unsigned int line)
{
	struct field *target;
	const char *k;

	if (n != (ctx == CTX_ARG ? 1U : 2U)) {
		err(line, "arity", "%s takes %s", t->name, ctx == CTX_ARG ?
		    "only its target as a call argument" :
		    "a target and a base type in a struct");
		return;
	}
	if (ctx == CTX_FIELD)
		check_base(t, t->args[1], line);
	if (t->args[0]->is_num || t->args[0]->n_args) {
		err(line, "len-target", "%s's target is no name", t->name);
		return;
	}
	target = ctx == CTX_INNER ? NULL : sibling(parent, t->args[0]->name);
	if (!target) {
		err(line, "len-target", "%s target %s is no %s of %s", t->name,
		    t->args[0]->name, ctx == CTX_ARG ? "argument" : "field",
		    parent ? parent->name : "anything");
		return;
	}
	if (target == self) {
		err(line, "len-target", "%s target %s is the %s itself",
		    t->name, target->name, t->name);
		return;
	}
	k = target->type->name;
	if (strcmp(k, "ptr") && strcmp(k, "ptr64") && strcmp(k, "buffer") &&
	    strcmp(k, "array"))
		err(line, "len-target", "%s target %s is of type %s, not a pointer or an array",
		    t->name, target->name, k);
}

static void check_dir(const struct type *t, const struct type *dir,
		      unsigned int line)
{
	if (dir->is_num || dir->n_args ||
	    (strcmp(dir->name, "in") && strcmp(dir->name, "out") &&
	     strcmp(dir->name, "inout")))
		err(line, "direction", "the direction of %s is no in, out or inout",
		    t->name);
}

static void mark_resource(const char *name, bool created)
{
	struct decl *r;
	unsigned int guard = 0;

	/* it and every resource it derives from */
	while ((r = find(&resources, name)) && guard++ < 64) {
		if (created)
			r->created = true;
		else
			r->input = true;
		if (!r->base)
			break;
		name = r->base->name;
	}
}

static void check_type(struct type *t, enum where ctx, struct decl *parent,
		       struct field *self, unsigned int line)
{
	const char *name = t->name;
	struct decl *d;
	unsigned int n, i;

	if (t->is_num) {
		err(line, "syntax", "a number where a type belongs");
		return;
	}
	if (is_int_type(name)) {
		n = args_but_opt(t, true, line);
		if (n > 2)
			err(line, "arity", "%s takes a range and an alignment at most",
			    name);
		else if (n)
			check_int_range(t, t->args[0], n > 1 ? t->args[1] : NULL,
					line);
		return;
	}
	if (!strncmp(name, "int", 3) && isdigit((unsigned char)name[3])) {
		err(line, "int", "%s is no integer type of syzkaller's", name);
		return;
	}
	if (!strcmp(name, "ptr") || !strcmp(name, "ptr64")) {
		n = args_but_opt(t, true, line);
		if (n != 2) {
			err(line, "arity", "%s takes a direction and a type", name);
			return;
		}
		check_dir(t, t->args[0], line);
		check_type(t->args[1], CTX_INNER, NULL, NULL, line);
		return;
	}
	if (!strcmp(name, "buffer")) {
		n = args_but_opt(t, false, line);
		if (n != 1) {
			err(line, "arity", "buffer takes a direction");
			return;
		}
		if (ctx == CTX_INNER)
			err(line, "context",
			    "buffer is a pointer: not inside a pointer or an array");
		check_dir(t, t->args[0], line);
		return;
	}
	if (!strcmp(name, "array")) {
		n = args_but_opt(t, false, line);
		if (ctx == CTX_ARG)
			err(line, "context", "array can't be a call argument (only behind ptr)");
		if (n < 1 || n > 2) {
			err(line, "arity", "array takes a type and a size at most");
			return;
		}
		if (n == 2 && !t->args[1]->is_num)
			err(line, "arity", "the size of an array is a number or a range");
		check_type(t->args[0], CTX_INNER, NULL, NULL, line);
		return;
	}
	if (!strcmp(name, "len") || !strcmp(name, "bytesize")) {
		n = args_but_opt(t, false, line);
		check_len(t, ctx, parent, self, n, line);
		return;
	}
	if (!strcmp(name, "flags")) {
		n = args_but_opt(t, false, line);
		if (n != (ctx == CTX_ARG ? 1U : 2U))
			err(line, "arity", "flags takes %s", ctx == CTX_ARG ?
			    "only its set as a call argument" :
			    "a set and a base type in a struct or pointer");
		else if (n == 2)
			check_base(t, t->args[1], line);
		if (!n)
			return;
		if (t->args[0]->is_num || t->args[0]->n_args) {
			err(line, "flags", "the set of flags is no name");
			return;
		}
		d = find(&flagsets, t->args[0]->name);
		if (!d)
			err(line, "flags", "flags set %s is not defined",
			    t->args[0]->name);
		else
			d->used = true;
		return;
	}
	if (!strcmp(name, "const")) {
		n = args_but_opt(t, false, line);
		if (n != (ctx == CTX_ARG ? 1U : 2U))
			err(line, "arity", "const takes %s", ctx == CTX_ARG ?
			    "only its value as a call argument" :
			    "a value and a base type in a struct or pointer");
		else if (n == 2)
			check_base(t, t->args[1], line);
		return;
	}
	if (!strcmp(name, "filename") || !strcmp(name, "string")) {
		n = args_but_opt(t, true, line);
		if (ctx == CTX_ARG)
			err(line, "context", "%s can't be a call argument (only behind ptr)",
			    name);
		if (n > 2)
			err(line, "arity", "%s takes two arguments at most", name);
		return;
	}
	if (!strcmp(name, "fileoff")) {
		n = args_but_opt(t, false, line);
		if (n != (ctx == CTX_ARG ? 0U : 1U))
			err(line, "arity", "fileoff takes %s", ctx == CTX_ARG ?
			    "no base type as a call argument" :
			    "a base type in a struct or pointer");
		else if (n)
			check_base(t, t->args[0], line);
		return;
	}
	if (is_resource(name)) {
		n = args_but_opt(t, true, line);
		if (n)
			err(line, "arity", "resource %s takes no arguments", name);
		mark_resource(name, ctx == CTX_RET);
		return;
	}
	d = find(&structs, name);
	if (d) {
		if (t->n_args)
			err(line, "arity", "struct %s takes no arguments", name);
		if (ctx == CTX_ARG || ctx == CTX_RET)
			err(line, "context", "struct %s can't be a call argument (only behind ptr)",
			    name);
		if (!d->used) {
			d->used = true;
			for (i = 0; i < d->n_fields; i++)
				check_type(d->fields[i].type, CTX_FIELD, d,
					   &d->fields[i], d->fields[i].line);
		}
		return;
	}
	if (in_list(builtins, ARRAY_SIZE(builtins), name))
		err(line, "unknown-type", "builtin %s is not in kapi's subset",
		    name);
	else
		err(line, "unknown-type", "unknown type %s: no struct or resource of that name",
		    name);
}

static void check_name(const char *what, const char *name, unsigned int line,
		       bool call)
{
	char copy[MAX_NAME], *dollar;

	snprintf(copy, sizeof(copy), "%s", name);
	dollar = call ? strchr(copy, '$') : NULL;
	if (dollar)
		*dollar = 0;
	if (!is_ident(copy) || (dollar && !is_ident(dollar + 1)))
		err(line, "ident", "%s name '%s' is no identifier", what, name);
}

static void check_decls(void)
{
	struct decl *d, *o;
	unsigned int i, j, k, guard;
	const char *base;

	/* structs and resources share the namespace of types */
	for (i = 0; i < structs.n + resources.n; i++) {
		d = i < structs.n ? &structs.d[i] : &resources.d[i - structs.n];
		check_name(i < structs.n ? "struct" : "resource", d->name,
			   d->line, false);
		if (reserved_type_name(d->name) || in_list(builtins, ARRAY_SIZE(builtins), d->name))
			err(d->line, "ident", "%s is a reserved or builtin name",
			    d->name);
		if (known_resource_base(d->name))
			err(d->line, "duplicate", "%s is syzkaller's resource already",
			    d->name);
		for (j = 0; j < i; j++) {
			o = j < structs.n ? &structs.d[j] :
			    &resources.d[j - structs.n];
			if (!strcmp(o->name, d->name))
				err(d->line, "duplicate", "type %s is defined twice (line %u)",
				    d->name, o->line);
		}
	}
	for (i = 0; i < flagsets.n; i++) {
		d = &flagsets.d[i];
		check_name("flags", d->name, d->line, false);
		if (reserved_type_name(d->name))
			err(d->line, "ident", "%s is a reserved name", d->name);
		for (j = 0; j < i; j++)
			if (!strcmp(flagsets.d[j].name, d->name))
				err(d->line, "duplicate", "flags %s is defined twice (line %u)",
				    d->name, flagsets.d[j].line);
		if (!d->n_values)
			err(d->line, "flags", "flags %s has no values", d->name);
		for (k = 1, j = 0; j < d->n_values; j++)
			if (!d->values[j]->is_num || d->values[j]->lo !=
			    d->values[0]->lo)
				k = 0;
		if (k && d->n_values > 1)
			err(d->line, "flags", "all values of %s are equal",
			    d->name);
	}
	for (i = 0; i < calls.n; i++) {
		d = &calls.d[i];
		check_name("call", d->name, d->line, true);
		if (!strchr(d->name, '$'))
			err(d->line, "duplicate",
			    "call %s has no $variant: it would redeclare syzkaller's own",
			    d->name);
		for (j = 0; j < i; j++)
			if (!strcmp(calls.d[j].name, d->name))
				err(d->line, "duplicate", "call %s is defined twice (line %u)",
				    d->name, calls.d[j].line);
		if (d->n_fields > 9)
			err(d->line, "arity", "call %s has %u arguments, syzkaller takes 9",
			    d->name, d->n_fields);
	}
	/* fields and arguments */
	for (i = 0; i < calls.n + structs.n; i++) {
		d = i < calls.n ? &calls.d[i] : &structs.d[i - calls.n];
		if (i >= calls.n && !d->n_fields)
			err(d->line, "syntax", "struct %s has no fields", d->name);
		for (j = 0; j < d->n_fields; j++) {
			const char *fn = d->fields[j].name;

			check_name(i < calls.n ? "argument" : "field", fn,
				   d->fields[j].line, false);
			if (!strcmp(fn, "parent") || !strcmp(fn, "syscall"))
				err(d->fields[j].line, "ident", "%s is reserved for length paths",
				    fn);
			for (k = 0; k < j; k++)
				if (!strcmp(d->fields[k].name, fn))
					err(d->fields[j].line, "duplicate", "%s is in %s twice",
					    fn, d->name);
		}
	}
	/* the types, from the calls down, as syzkaller reaches them */
	for (i = 0; i < calls.n; i++) {
		d = &calls.d[i];
		for (j = 0; j < d->n_fields; j++)
			check_type(d->fields[j].type, CTX_ARG, d, &d->fields[j],
				   d->fields[j].line);
		if (!d->ret)
			continue;
		if (d->ret->is_num || !is_resource(d->ret->name) ||
		    d->ret->n_args)
			err(d->line, "return", "call %s returns %s, which is no resource",
			    d->name, d->ret->name);
		else
			check_type(d->ret, CTX_RET, d, NULL, d->line);
	}
	/* a second definition is a duplicate already */
	for (i = 0; i < structs.n; i++)
		if (!structs.d[i].used &&
		    find(&structs, structs.d[i].name) == &structs.d[i])
			err(structs.d[i].line, "unused", "struct %s is used by no call",
			    structs.d[i].name);
	for (i = 0; i < flagsets.n; i++)
		if (!flagsets.d[i].used &&
		    find(&flagsets, flagsets.d[i].name) == &flagsets.d[i])
			err(flagsets.d[i].line, "unused", "flags %s is used by no call",
			    flagsets.d[i].name);
	for (i = 0; i < resources.n; i++) {
		d = &resources.d[i];
		base = d->base ? d->base->name : "";
		for (guard = 0; !is_int_type(base) && guard < 64; guard++) {
			o = find(&resources, base);
			if (o)
				base = o->base ? o->base->name : "";
			else if (known_resource_base(base))
				base = known_resource_base(base);
			else
				break;
		}
		if (!is_int_type(base) || (d->base && d->base->n_args))
			err(d->line, "resource", "resource %s derives from %s: %s",
			    d->name, d->base ? d->base->name : "nothing",
			    guard == 64 ? "a cycle" :
			    "no integer type or resource");
		if (!d->created)
			err(d->line, "resource", "resource %s is returned by no call",
			    d->name);
		if (!d->input)
			err(d->line, "resource", "resource %s is taken by no call as an input",
			    d->name);
		for (j = 0; j < d->n_values; j++)
			if (!d->values[j]->is_num && d->values[j]->n_args)
				err(d->line, "syntax", "a special value of %s is no number or name",
				    d->name);
	}
}

/* --- the .const file --- */

struct cnst {
	char name[MAX_NAME];
	unsigned int line;
};

static struct cnst *consts;
static unsigned int n_consts;

static bool const_value_ok(const char *v)
{
	char *end;

	while (*v == ' ')
		v++;
	if (!strncmp(v, "???", 3)) {
		end = (char *)v + 3;
	} else {
		if (!isdigit((unsigned char)*v))
			return false;
		errno = 0;
		strtoull(v, &end, 0);
		if (errno)
			return false;
	}
	while (*end == ' ')
		end++;
	return !*end;
}

static void read_consts(const char *path)
{
	const char *saved = file_name;
	char *buf = NULL, *s, *eq, *val, *pair, *colon;
	size_t cap = 0;
	unsigned int line = 0, i;
	bool arches = false;
	ssize_t len;
	FILE *f;

	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "syzlang_check: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	file_name = path;
	while ((len = getline(&buf, &cap, f)) >= 0) {
		line++;
		while (len && buf[len - 1] == '\n')
			buf[--len] = 0;
		s = buf;
		if (!*s || *s == '#')
			continue;
		eq = strchr(s, '=');
		if (!eq) {
			err(line, "const-format", "no '='");
			continue;
		}
		val = eq + 1;
		*eq = 0;
		while (eq > s && eq[-1] == ' ')
			*--eq = 0;
		if (!arches) {
			if (strcmp(s, "arches"))
				err(line, "const-format", "the first line is not 'arches = ...'");
			arches = true;
			continue;
		}
		if (!is_ident(s)) {
			err(line, "const-format", "'%s' is no identifier", s);
			continue;
		}
		for (i = 0; i < n_consts; i++)
			if (!strcmp(consts[i].name, s))
				err(line, "const-format", "%s is defined twice (line %u)",
				    s, consts[i].line);
		if (find(&flagsets, s))
			err(line, "const-format", "const %s is a flags set too", s);
		/* VALUE, or arch:...:VALUE pairs after a comma */
		for (pair = strtok(val, ","); pair;
		     pair = strtok(NULL, ",")) {
			colon = strrchr(pair, ':');
			if (!const_value_ok(colon ? colon + 1 : pair))
				err(line, "const-format", "%s: '%s' is no unsigned number or ???",
				    s, pair);
		}
		consts = xrealloc(consts, (n_consts + 1) * sizeof(*consts));
		snprintf(consts[n_consts].name, MAX_NAME, "%s", s);
		consts[n_consts++].line = line;
	}
	if (!arches)
		err(line, "const-format", "no 'arches = ...' line");
	free(buf);
	fclose(f);
	file_name = saved;
}

static bool have_const(const char *name)
{
	unsigned int i;

	for (i = 0; i < n_consts; i++)
		if (!strcmp(consts[i].name, name))
			return true;
	return false;
}

static void need_const(const char *name, unsigned int line, const char *what)
{
	if (!have_const(name))
		err(line, "const-missing", "%s %s is not in the .const file",
		    what, name);
}

static void need_type_consts(const struct type *t, unsigned int line)
{
	unsigned int i;

	if (!t || t->is_num)
		return;
	if (!strcmp(t->name, "const") && t->n_args && !t->args[0]->is_num)
		need_const(t->args[0]->name, line, "const");
	for (i = 0; i < t->n_args; i++)
		need_type_consts(t->args[i], line);
}

static void check_consts(void)
{
	char nr[MAX_NAME + 8];
	struct decl *d;
	unsigned int i, j;

	for (i = 0; i < calls.n; i++) {
		d = &calls.d[i];
		if (strncmp(d->name, "syz_", 4)) {
			snprintf(nr, sizeof(nr), "__NR_%.*s",
				 (int)strcspn(d->name, "$"), d->name);
			need_const(nr, d->line, "syscall number");
		}
		for (j = 0; j < d->n_fields; j++)
			need_type_consts(d->fields[j].type, d->fields[j].line);
	}
	for (i = 0; i < structs.n; i++)
		for (j = 0; j < structs.d[i].n_fields; j++)
			need_type_consts(structs.d[i].fields[j].type,
					 structs.d[i].fields[j].line);
	for (i = 0; i < flagsets.n + resources.n; i++) {
		d = i < flagsets.n ? &flagsets.d[i] : &resources.d[i - flagsets.n];
		for (j = 0; j < d->n_values; j++)
			if (!d->values[j]->is_num)
				need_const(d->values[j]->name, d->line,
					   "value");
	}
}

static void free_decls(struct decls *ds)
{
	unsigned int i, j;

	for (i = 0; i < ds->n; i++) {
		for (j = 0; j < ds->d[i].n_fields; j++)
			type_free(ds->d[i].fields[j].type);
		for (j = 0; j < ds->d[i].n_values; j++)
			type_free(ds->d[i].values[j]);
		free(ds->d[i].fields);
		free(ds->d[i].values);
		type_free(ds->d[i].ret);
		type_free(ds->d[i].base);
	}
	free(ds->d);
}

int main(int argc, char **argv)
{
	FILE *f;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: syzlang_check FILE [CONST]\n");
		return 2;
	}
	file_name = argv[1];
	f = fopen(file_name, "r");
	if (!f) {
		fprintf(stderr, "syzlang_check: %s: %s\n", file_name,
			strerror(errno));
		return 2;
	}
	parse_file(f);
	fclose(f);
	/* what does not parse is not checked further */
	if (!n_errors) {
		check_decls();
		if (argc == 3) {
			read_consts(argv[2]);
			check_consts();
		}
	}
	free_decls(&calls);
	free_decls(&structs);
	free_decls(&flagsets);
	free_decls(&resources);
	free(consts);
	return n_errors ? 1 : 0;
}
