// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_spec.c - interpret the raw blocks of a spec comment
 *
 * kapi_parse.c cuts a comment into blocks of key, value and sub-keys; here
 * they become a struct kapi_parsed_spec: names looked up in the symbol
 * tables, numbers evaluated, numbering checked; kapi_crosscheck.c checks the
 * whole against the prototype after the comment, kapi_build.c releases it
 * and turns it into the struct kapi_spec the kernel would hold.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kapi_internal.h"

static char *take_text(struct kapi_sbuf *b)
{
	char *s;

	if (!b->len)
		return NULL;
	s = kapi_sbuf_take(b);
	return s;
}

static struct kapi_raw_kv *kv_get(struct kapi_raw_block *b, const char *key)
{
	unsigned int i;

	for (i = 0; i < b->n_kv; i++)
		if (!strcmp(b->kv[i].key, key))
			return &b->kv[i];
	return NULL;
}

/* Free text of sub-key @key (NULL if absent or empty); consumes it. */
static char *kv_text(struct kapi_raw_block *b, const char *key)
{
	struct kapi_raw_kv *kv = kv_get(b, key);

	return kv ? take_text(&kv->val) : NULL;
}

/* "void, int, uint, ..." : the model's names of @fam, for messages. */
static void family_names(enum kapi_value_list fam, char *out, size_t len)
{
	const char *n;
	size_t at = 0;
	unsigned int i;

	out[0] = '\0';
	for (i = 0; (n = kapi_family_model_name(fam, i)) && at < len; i++)
		at += snprintf(out + at, len - at, "%s%s", i ? ", " : "", n);
}

/*
 * The value of a name of @fam as written: the model's name ("fd") or the
 * C symbol (KAPI_TYPE_FD), which the upstream series writes. A miss names
 * the likely intent: another case or a missing prefix.
 */
static bool family_value(struct kapi_parser *p, const char *what,
			 const char *name, unsigned int line,
			 enum kapi_value_list fam, long long *v)
{
	char guess[96], names[512];
	const char *model;
	unsigned int i;

	if (kapi_family_lookup(fam, name, v))
		return true;
	snprintf(guess, sizeof(guess), "%s%s", kapi_family_prefix(fam), name);
	if (!*name || !kapi_family_lookup(fam, guess, v))
		guess[0] = '\0';
	for (i = 0; (model = kapi_family_model_name(fam, i)); i++) {
		long long mv;

		if (!strcasecmp(model, name) ||
		    (guess[0] && kapi_family_lookup(fam, model, &mv) &&
		     mv == *v))
			break;
	}
	if (model) {
		kapi_err(p, line, "unknown %s '%s'; write '%s'", what, name,
			 model);
		return false;
	}
	family_names(fam, names, sizeof(names));
	kapi_err(p, line, "unknown %s '%s' (expected one of %s)", what, name,
		 names);
	return false;
}

/* A value of enum family @fam; false (after an error) if it is none. */
static bool parse_enum(struct kapi_parser *p, const char *what, const char *text,
		       unsigned int line, enum kapi_value_list fam, int *out)
{
	char *s = kapi_squash(text);
	long long v;
	bool ok = family_value(p, what, s, line, fam, &v);

	if (ok)
		*out = (int)v;
	free(s);
	return ok;
}

/*
 * "in | out" of a flag family into @out. The text becomes the C symbols
 * ("KAPI_PARAM_IN | KAPI_PARAM_OUT"), which the generator emits.
 */
static void parse_flags(struct kapi_parser *p, const char *what, const char *text,
			unsigned int line, enum kapi_value_list fam,
			struct kapi_expr *out)
{
	struct kapi_sbuf norm = { 0 };
	char *s = kapi_squash(text), *tok, *save = NULL;
	bool ok = true;
	uint64_t v = 0;
	char flag[64];

	snprintf(flag, sizeof(flag), "%s flag", what);
	out->line = line;
	if (!*s) {
		kapi_err(p, line, "%s: needs a value (names joined by '|', or 0)",
			 what);
		free(s);
		return;
	}
	for (tok = strtok_r(s, "|", &save); tok; tok = strtok_r(NULL, "|", &save)) {
		char *name = kapi_squash(tok);
		const char *sym = name;
		long long bit = 0;

		if (!*name) {
			free(name);
			continue;
		}
		if (strcmp(name, "0")) {
			if (family_value(p, flag, name, line, fam, &bit))
				sym = kapi_family_symbol(fam, name);
			else
				ok = false;
		}
		if (norm.len)
			kapi_sbuf_adds(&norm, " | ");
		kapi_sbuf_adds(&norm, sym);
		v |= (uint64_t)bit;
		free(name);
	}
	free(s);
	if (!ok || !norm.len) {
		if (ok)
			kapi_err(p, line, "%s: empty flag list", what);
		kapi_sbuf_release(&norm);
		return;
	}
	out->text = kapi_sbuf_take(&norm);
	out->value = v;
}

/*
 * A C constant expression into @out. A parameter's constraint may use any
 * name the annotated file can see (@symbolic_ok): the generator hands the
 * expression to the compiler and asserts there what needs its value.
 */
static bool parse_number_as(struct kapi_parser *p, const char *what,
			    const char *text, unsigned int line,
			    struct kapi_expr *out, bool symbolic_ok)
{
	char err[256];
	struct kapi_cval v;
	char *s = kapi_squash(text);

	if (!*s) {
		kapi_err(p, line, "%s: missing value", what);
		free(s);
		return false;
	}
	if (!kapi_eval(s, &v, symbolic_ok ? &out->symbolic : NULL, err,
		       sizeof(err))) {
		kapi_err(p, line, "%s: '%s': %s", what, s, err);
		free(s);
		return false;
	}
	out->text = s;
	out->value = kapi_cval_u64(v);
	out->line = line;
	return true;
}

static bool parse_number(struct kapi_parser *p, const char *what, const char *text,
			 unsigned int line, struct kapi_expr *out)
{
	return parse_number_as(p, what, text, line, out, false);
}

/* A number of a parameter's constraint: the compiler may evaluate it. */
static bool parse_bound(struct kapi_parser *p, const char *what,
			const char *text, unsigned int line,
			struct kapi_expr *out)
{
	return parse_number_as(p, what, text, line, out, true);
}

/*
 * Split @text at the top-level comma(s): "A, B" for range:, "a, b, c" for
 * enum:. Returns the number of parts (at most @max, extra ones counted).
 */
static unsigned int split_commas(const char *text, char **parts,
				 unsigned int max)
{
	unsigned int n = 0;
	int depth = 0;
	const char *start = text, *s;

	for (s = text;; s++) {
		if (*s == '(')
			depth++;
		else if (*s == ')')
			depth--;
		if ((*s == ',' && depth == 0) || !*s) {
			if (n < max)
				parts[n] = kapi_xstrndup(start, s - start);
			n++;
			start = s + 1;
		}
		if (!*s)
			break;
	}
	return n;
}

static void free_parts(char **parts, unsigned int n, unsigned int max)
{
	unsigned int i;

	for (i = 0; i < n && i < max; i++)
		free(parts[i]);
}

static bool parse_tristate(struct kapi_parser *p, const char *what,
			   const char *text, unsigned int line, int *out)
{
	char *s = kapi_squash(text);
	long long v;
	bool ok = true;

	if (!strcasecmp(s, "true") || !strcasecmp(s, "yes")) {
		*out = KAPI_YES;
	} else if (!strcasecmp(s, "false") || !strcasecmp(s, "no")) {
		*out = KAPI_NO;
	} else if (!strcasecmp(s, "conditional")) {
		*out = KAPI_CONDITIONAL;
	} else if (kapi_family_lookup(KAPI_VL_tristate, s, &v)) {
		*out = (int)v;
	} else {
		kapi_err(p, line, "%s: '%s' is not yes, no, true, false or conditional",
			 what, s);
		ok = false;
	}
	free(s);
	return ok;
}

static bool parse_bool(struct kapi_parser *p, const char *what, const char *text,
		       unsigned int line, bool *out)
{
	char *s = kapi_squash(text);
	bool ok = true;

	if (!strcasecmp(s, "true") || !strcasecmp(s, "yes")) {
		*out = true;
	} else if (!strcasecmp(s, "false") || !strcasecmp(s, "no")) {
		*out = false;
	} else {
		kapi_err(p, line, "%s: '%s' is not yes, no, true or false", what, s);
		ok = false;
	}
	free(s);
	return ok;
}

static bool signed_compare(int type)
{
	return type != KAPI_TYPE_UINT;
}

static bool less_than(uint64_t a, uint64_t b, bool sgn)
{
	return sgn ? (int64_t)a < (int64_t)b : a < b;
}

/*
 * error: or error-above: of param @pname, the errno enforce mode refuses a
 * bad value with (above the range's max, for error-above:).
 */
static void param_errno(struct kapi_parser *p, struct kapi_raw_kv *kv,
			const char *pname, char **name, int *value,
			unsigned int *line)
{
	char *e;
	const char *n;

	if (!kv)
		return;
	e = kapi_squash(kv->val.s);
	n = e[0] == '-' ? e + 1 : e;
	if (kapi_errno_lookup(n, value)) {
		*name = kapi_xstrdup(n);
		*line = kv->line;
	} else {
		kapi_err(p, kv->line,
			 "%s: '%s' is not an errno (the errno enforce mode refuses a bad '%s' with)",
			 kv->key, e, pname);
	}
	free(e);
}

/*
 * fd-modes: FMODE_PREAD ESPIPE, FMODE_READ EBADF: the file mode bits the
 * kernel tests on the descriptor, in its order, each with the errno it
 * gives when the bit is clear.
 */
static void fd_modes(struct kapi_parser *p, struct kapi_raw_kv *kv,
		     struct kapi_parsed_param *pp)
{
	char *list, *item, *save = NULL, mode[64], err[32], rest[2];
	struct kapi_parsed_fd_mode *m;
	int value;

	if (!kv)
		return;
	pp->fd_modes_line = kv->line;
	list = kapi_squash(kv->val.s);
	for (item = strtok_r(list, ",", &save); item;
	     item = strtok_r(NULL, ",", &save)) {
		item += strspn(item, " ");
		if (sscanf(item, " %63[A-Z0-9_] %31[A-Z0-9] %1s", mode, err,
			   rest) != 2 || strncmp(mode, "FMODE_", 6)) {
			kapi_err(p, kv->line,
				 "fd-modes: '%s' is not 'FMODE_<BIT> <ERRNO>'",
				 item);
			continue;
		}
		if (!kapi_errno_lookup(err, &value)) {
			kapi_err(p, kv->line, "fd-modes: '%s' is not an errno",
				 err);
			continue;
		}
		if (pp->n_fd_modes == KAPI_MAX_FD_MODES) {
			kapi_err(p, kv->line, "fd-modes: at most %u modes",
				 KAPI_MAX_FD_MODES);
			break;
		}
		m = &pp->fd_modes[pp->n_fd_modes++];
		m->mode = kapi_xstrdup(mode);
		m->error_name = kapi_xstrdup(err);
		m->error = value;
	}
	free(list);
}

/* The sub-key that carries the data of each kind of constraint. */
static const struct {
	const char *key;
	int kind;
} constraint_data[] = {
	{ "range", KAPI_CONSTRAINT_RANGE },
	{ "valid-mask", KAPI_CONSTRAINT_MASK },
	{ "enum", KAPI_CONSTRAINT_ENUM },
	{ "align", KAPI_CONSTRAINT_ALIGNMENT },
	{ "size-param", KAPI_CONSTRAINT_BUFFER },
};

/*
 * The constraint-type: a param: block implies when it writes none: the
 * kind whose data it gives (range: is a range), else what its type says
 * (a descriptor, except an *at() directory one, or a path).
 */
static int implied_constraint(struct kapi_raw_block *b,
			      const struct kapi_parsed_param *pp)
{
	unsigned int i;

	for (i = 0; i < KAPI_ARRAY_SIZE(constraint_data); i++)
		if (kv_get(b, constraint_data[i].key))
			return constraint_data[i].kind;
	if (pp->type == KAPI_TYPE_FD && !(pp->flags.value & KAPI_PARAM_DIRFD))
		return KAPI_CONSTRAINT_FD;
	if (pp->type == KAPI_TYPE_PATH)
		return KAPI_CONSTRAINT_USER_PATH;
	return KAPI_CONSTRAINT_NONE;
}

/*
 * A param: block, or the sub-keys of a kernel-doc "@name:" line (@named):
 * one parameter's annotation.
 */
static void do_param(struct kapi_parser *p, struct kapi_parsed_spec *s,
		     struct kapi_raw_block *b, const char *named)
{
	struct kapi_parsed_param *pp;
	struct kapi_raw_kv *kv;
	char *name = kapi_squash(named ? named :
				 b->head.s ? b->head.s : "");
	unsigned int i;
	bool has_range, has_mask, has_enum, has_align, has_size;

	if (!kapi_is_ident(name)) {
		kapi_err(p, b->line, "param: needs the parameter's name, got '%s'",
			 name);
		free(name);
		return;
	}
	for (i = 0; i < s->n_params; i++) {
		if (!strcmp(s->params[i].name, name)) {
			kapi_err(p, b->line, "duplicate param '%s' (first at line %u)",
				 name, s->params[i].line);
			free(name);
			return;
		}
	}
	if (!kapi_room(p, s->n_params, b->line, "params")) {
		free(name);
		return;
	}
	pp = KAPI_GROW(s->params, s->n_params);
	pp->name = name;
	pp->line = b->line;
	pp->annotated = true;
	pp->size_param = -1;
	pp->type = -1;		/* unset: inferred from the C type later */

	kv = kv_get(b, "type");
	if (kv) {
		pp->type_line = kv->line;
		parse_enum(p, "param type", kv->val.s, kv->line, KAPI_VL_type,
			   &pp->type);
	}
	kv = kv_get(b, "flags");
	if (kv)
		parse_flags(p, "flags", kv->val.s, kv->line,
			    KAPI_VL_param_flag, &pp->flags);
	kv = kv_get(b, "constraint-type");
	if (kv && !parse_enum(p, "constraint-type", kv->val.s, kv->line,
			      KAPI_VL_constraint, &pp->constraint))
		pp->constraint = -1;	/* do not pile on data errors */
	else if (!kv)
		pp->constraint = implied_constraint(b, pp);
	pp->constraint_implied = !kv;
	pp->valid = kv_text(b, "cdesc");
	kapi_param_values(p, pp, kv_get(b, "values"), kv_get(b, "others"));
	kapi_param_layout(p, pp, kv_get(b, "struct"));
	param_errno(p, kv_get(b, "error"), name, &pp->error_name, &pp->error,
		    &pp->error_line);
	param_errno(p, kv_get(b, "error-above"), name, &pp->error_above_name,
		    &pp->error_above, &pp->error_above_line);
	if (pp->error_above && pp->constraint != KAPI_CONSTRAINT_RANGE)
		kapi_err(p, pp->error_above_line,
			 "error-above: needs constraint-type: KAPI_CONSTRAINT_RANGE (it is the errno above the range's max)");
	fd_modes(p, kv_get(b, "fd-modes"), pp);
	if (pp->fd_modes_line && (pp->constraint != KAPI_CONSTRAINT_FD ||
				  pp->flags.value & KAPI_PARAM_OPTIONAL))
		kapi_err(p, pp->fd_modes_line,
			 "fd-modes: needs constraint-type: KAPI_CONSTRAINT_FD on a descriptor that is not optional");
	if (pp->flags.value & KAPI_PARAM_DIRFD && pp->type != KAPI_TYPE_FD)
		kapi_err(p, pp->flags.line,
			 "flags: KAPI_PARAM_DIRFD needs type: KAPI_TYPE_FD (a directory descriptor or AT_FDCWD)");

	has_range = kv_get(b, "range");
	has_mask = kv_get(b, "valid-mask");
	has_enum = kv_get(b, "enum");
	has_align = kv_get(b, "align");
	has_size = kv_get(b, "size-param");

	/* each constraint kind keeps its data in the same union */
	for (i = 0; i < KAPI_ARRAY_SIZE(constraint_data); i++) {
		const char *key = constraint_data[i].key;
		int kind = constraint_data[i].kind;

		kv = kv_get(b, key);
		if (kv && pp->constraint != kind && pp->constraint >= 0)
			kapi_err(p, kv->line,
				 "%s: is only used with constraint-type: %s; add that or drop %s:",
				 key, kapi_family_name(KAPI_VL_constraint, kind),
				 key);
		/* a set's values are the enumeration (kapi_variants.c) */
		if (!kv && pp->constraint == kind &&
		    !(kind == KAPI_CONSTRAINT_ENUM && kv_get(b, "values")))
			kapi_err(p, kv_get(b, "constraint-type")->line,
				 "constraint-type: %s needs a %s: line",
				 kapi_family_name(KAPI_VL_constraint, kind), key);
	}

	if (has_range && pp->constraint == KAPI_CONSTRAINT_RANGE) {
		char *parts[2];
		unsigned int n;

		kv = kv_get(b, "range");
		n = split_commas(kv->val.s, parts, 2);
		if (n != 2) {
			kapi_err(p, kv->line, "range: expects 'MIN, MAX', got '%s'",
				 kv->val.s);
		} else if (parse_bound(p, "range min", parts[0], kv->line, &pp->min) &&
			   parse_bound(p, "range max", parts[1], kv->line, &pp->max) &&
			   !pp->min.symbolic && !pp->max.symbolic &&
			   less_than(pp->max.value, pp->min.value,
				     signed_compare(pp->type))) {
			kapi_err(p, kv->line, "range: min %s is greater than max %s",
				 pp->min.text, pp->max.text);
		}
		free_parts(parts, n, 2);
	}
	if (has_mask && pp->constraint == KAPI_CONSTRAINT_MASK) {
		kv = kv_get(b, "valid-mask");
		parse_bound(p, "valid-mask", kv->val.s, kv->line, &pp->mask);
	}
	if (has_align && pp->constraint == KAPI_CONSTRAINT_ALIGNMENT) {
		kv = kv_get(b, "align");
		if (parse_bound(p, "align", kv->val.s, kv->line, &pp->align) &&
		    !pp->align.symbolic &&
		    (pp->align.value == 0 ||
		     (pp->align.value & (pp->align.value - 1))))
			kapi_err(p, kv->line, "align: %s is not a power of two",
				 pp->align.text);
	}
	if (has_enum && pp->constraint == KAPI_CONSTRAINT_ENUM) {
		char *parts[256];
		unsigned int n, j;

		kv = kv_get(b, "enum");
		n = split_commas(kv->val.s, parts, 256);
		if (n > 256) {
			kapi_err(p, kv->line, "enum: too many values (at most 256)");
		} else {
			pp->values = kapi_xmalloc(n * sizeof(*pp->values));
			memset(pp->values, 0, n * sizeof(*pp->values));
			for (j = 0; j < n; j++) {
				struct kapi_expr *e = &pp->values[pp->n_values];
				unsigned int k;

				if (!parse_bound(p, "enum value", parts[j],
						 kv->line, e))
					continue;
				pp->n_values++;
				for (k = 0; k + 1 < pp->n_values; k++) {
					if (!e->symbolic && !pp->values[k].symbolic &&
					    pp->values[k].value == e->value) {
						kapi_err(p, kv->line,
							 "enum: '%s' has the same value as '%s'",
							 e->text, pp->values[k].text);
						break;
					}
				}
			}
		}
		free_parts(parts, n, 256);
	}
	if (has_size && pp->constraint == KAPI_CONSTRAINT_BUFFER) {
		char *v;
		char *end;
		long idx;

		kv = kv_get(b, "size-param");
		pp->size_line = kv->line;
		v = kapi_squash(kv->val.s);
		errno = 0;
		idx = strtol(v, &end, 10);
		if (!*v || *end || errno) {
			kapi_err(p, kv->line,
				 "size-param: expects the index (0-based) of the parameter holding the size, got '%s'",
				 v);
		} else {
			/* checked against the parameter count later */
			pp->size_param = idx < -1 || idx > 127 ? 127 : (int)idx;
			if (idx < 0)
				kapi_err(p, kv->line,
					 "size-param: index %ld is negative", idx);
		}
		free(v);
	}
}

/* success: into @r; true when it is one value (check-type: exact). */
static bool do_success(struct kapi_parser *p, struct kapi_parsed_return *r,
		       struct kapi_raw_kv *kv)
{
	bool single = false;

	char *s = kapi_squash(kv->val.s), *dots;
	const char *op = NULL;
	size_t oplen = 0;
	static const char *const ops[] = { ">=", "<=", "==", ">", "<" };
	unsigned int i;

	for (i = 0; i < KAPI_ARRAY_SIZE(ops); i++) {
		if (!strncmp(s, ops[i], strlen(ops[i]))) {
			op = ops[i];
			oplen = strlen(op);
			break;
		}
	}
	r->min.line = kv->line;
	r->max.line = kv->line;
	dots = strstr(s, "..");
	if (op) {
		struct kapi_expr e = { 0 };

		if (!parse_number(p, "success", s + oplen, kv->line, &e)) {
			free(s);
			return false;
		}
		if (!strcmp(op, ">=") || !strcmp(op, ">")) {
			r->min = e;
			r->max.value = INT64_MAX;
			if (op[1] != '=') {
				/* "> X" is "(X) + 1" */
				char *t = kapi_xmalloc(strlen(e.text) + 8);

				sprintf(t, "(%s) + 1", e.text);
				free(r->min.text);
				r->min.text = t;
				r->min.value++;
			}
		} else if (!strcmp(op, "<=") || !strcmp(op, "<")) {
			r->max = e;
			r->min.value = (uint64_t)INT64_MIN;
			if (op[1] != '=') {
				char *t = kapi_xmalloc(strlen(e.text) + 8);

				sprintf(t, "(%s) - 1", e.text);
				free(r->max.text);
				r->max.text = t;
				r->max.value--;
			}
		} else {
			r->min = e;
			r->max = e;
			r->max.text = kapi_xstrdup(e.text);
			single = true;
		}
	} else if (dots || strchr(s, ',')) {
		char *a, *b;

		if (dots) {
			a = kapi_xstrndup(s, dots - s);
			b = kapi_xstrdup(dots + 2);
		} else {
			char *parts[2];
			unsigned int n = split_commas(s, parts, 2);

			if (n != 2) {
				kapi_err(p, kv->line,
					 "success: expects '>= N', '== N', 'N', 'MIN..MAX' or 'MIN, MAX', got '%s'",
					 s);
				free_parts(parts, n, 2);
				free(s);
				return false;
			}
			a = parts[0];
			b = parts[1];
		}
		if (parse_number(p, "success min", a, kv->line, &r->min) &&
		    parse_number(p, "success max", b, kv->line, &r->max) &&
		    (int64_t)r->max.value < (int64_t)r->min.value)
			kapi_err(p, kv->line, "success: min %s is greater than max %s",
				 r->min.text, r->max.text);
		free(a);
		free(b);
	} else if (parse_number(p, "success", s, kv->line, &r->min)) {
		r->max = r->min;
		r->max.text = kapi_xstrdup(r->min.text);
		single = true;
	}
	free(s);
	return single;
}

static void do_return(struct kapi_parser *p, struct kapi_parsed_spec *s,
		      struct kapi_raw_block *b)
{
	struct kapi_parsed_return *r = &s->ret;
	struct kapi_raw_kv *kv;
	char *head = take_text(&b->head);
	bool have_success, single;

	r->annotated = true;
	r->line = b->line;
	r->type = -1;
	r->check = -1;
	kv = kv_get(b, "type");
	if (kv) {
		r->type_line = kv->line;
		parse_enum(p, "return type", kv->val.s, kv->line, KAPI_VL_type,
			   &r->type);
	}
	kv = kv_get(b, "check-type");
	if (kv && !parse_enum(p, "check-type", kv->val.s, kv->line,
			      KAPI_VL_return_check, &r->check))
		r->check = -2;	/* reported */
	r->desc = kv_text(b, "desc");
	if (head && r->desc)
		kapi_err(p, b->line,
			 "return: has text on its line and a desc:; keep one");
	if (head && !r->desc) {
		r->desc = head;
		head = NULL;
	}
	free(head);

	kv = kv_get(b, "success");
	have_success = !!kv;
	single = kv && do_success(p, r, kv);
	/* check-type: what success: and type: say, unless written */
	if (r->check == -1 && have_success)
		r->check = single ? KAPI_RETURN_EXACT : KAPI_RETURN_RANGE;
	else if (r->check == -1)
		r->check = r->type == KAPI_TYPE_FD ? KAPI_RETURN_FD :
						     KAPI_RETURN_CUSTOM;
	switch (r->check) {
	case KAPI_RETURN_EXACT:
		if (!have_success)
			kapi_err(p, b->line, "check-type: KAPI_RETURN_EXACT needs a 'success: VALUE' line");
		else if (r->min.value != r->max.value)
			kapi_err(p, kv->line,
				 "check-type: KAPI_RETURN_EXACT needs a single success value, not a range");
		break;
	case KAPI_RETURN_RANGE:
		if (!have_success)
			kapi_err(p, b->line, "check-type: KAPI_RETURN_RANGE needs a 'success: MIN..MAX' (or '>= N') line");
		break;
	case KAPI_RETURN_FD:
		if (!have_success) {	/* a descriptor is >= 0 */
			r->min.value = 0;
			r->max.value = INT64_MAX;
		}
		break;
	case KAPI_RETURN_NONE:
	case KAPI_RETURN_NO_RETURN:
		if (have_success)
			kapi_err(p, kv->line, "success: makes no sense with check-type: %s",
				 kapi_family_name(KAPI_VL_return_check, r->check));
		break;
	}
	if (r->check < 0)
		r->check = KAPI_RETURN_CUSTOM;
}

/* Whether @v, as the parser evaluated it, fits integer field @f. */
static bool field_fits(const struct kapi_field *f, uint64_t v)
{
	unsigned int bits = f->size * 8;

	if (bits >= 64)
		return true;
	if (f->shape == KAPI_SHAPE_INT)
		return (int64_t)v >= -(1LL << (bits - 1)) &&
		       (int64_t)v < (1LL << (bits - 1));
	return v < (1ULL << bits);
}

/* A SUB field of an integer shape from @kv into @entry. */
static void kv_int(struct kapi_parser *p, struct kapi_raw_kv *kv,
		   const char *what, const struct kapi_field *f, void *entry,
		   struct kapi_written *written)
{
	struct kapi_expr e = { 0 };
	int v;
	bool bv;

	switch (f->shape) {
	case KAPI_SHAPE_ENUM:
		if (f->list == KAPI_VL_tristate ?
		    parse_tristate(p, f->key, kv->val.s, kv->line, &v) :
		    parse_enum(p, what, kv->val.s, kv->line, f->list, &v))
			kapi_field_set_int(entry, f, v);
		return;
	case KAPI_SHAPE_BOOL:
		if (parse_bool(p, f->key, kv->val.s, kv->line, &bv))
			kapi_field_set_int(entry, f, bv);
		return;
	case KAPI_SHAPE_FLAGS:
		parse_flags(p, what, kv->val.s, kv->line, f->list, &e);
		break;
	default:
		if (parse_number(p, what, kv->val.s, kv->line, &e) &&
		    !field_fits(f, e.value)) {
			kapi_err(p, kv->line, "%s: %s does not fit in %u bits",
				 what, e.text, f->size * 8);
			free(e.text);
			e.text = NULL;
		}
		break;
	}
	if (!e.text)
		return;
	kapi_field_set_int(entry, f, e.value);
	kapi_set_written(written, f->member, e.text, kv->line);
}

/*
 * The SUB fields of section @sec from their sub-keys in @b, each parsed by
 * its shape: the one parsing rule of every field the lists mark SUB.
 */
static void kv_fields(struct kapi_parser *p, struct kapi_raw_block *b,
		      const char *keyword,
		      enum kapi_section_index sec, void *entry,
		      struct kapi_written *written)
{
	const struct kapi_section *d = &kapi_sections[sec];
	const struct kapi_field *f;
	struct kapi_raw_kv *kv;
	char what[64];
	unsigned int i;

	for (i = 0; i < d->n_fields; i++) {
		f = &d->fields[i];
		if (f->source != KAPI_SOURCE_SUB)
			continue;
		kv = kv_get(b, f->key);
		if (!kv)
			continue;
		if (f->shape == KAPI_SHAPE_STR) {
			*(char **)((char *)entry + f->offset) =
				take_text(&kv->val);
			continue;
		}
		snprintf(what, sizeof(what), "%s %s", keyword, f->key);
		kv_int(p, kv, what, f, entry, written);
	}
}

/*
 * What the section interpreter below hands a section's own steps: the
 * block, the entry it becomes and, for an error, its commands ("[A, B]"
 * or variant:), one entry each.
 */
struct section_call {
	struct kapi_parser *p;
	struct kapi_parsed_spec *s;
	struct kapi_raw_block *b;
	void *entry;
	char *cmds[64];
	unsigned int n_cmds;
};

/*
 * error: ENAME, condition -- or ENAME [CMD, ...], condition: the same
 * error once for each command of a multiplexed call it happens with.
 */
static bool error_head(struct section_call *c)
{
	struct kapi_parsed_error *e = c->entry;
	const char *head = c->b->head.s ? c->b->head.s : "";
	size_t len = strcspn(head, ",[");
	char *raw = kapi_xstrndup(head, len), *name = kapi_squash(raw);
	const struct kapi_parsed_error *o;
	struct kapi_raw_kv *kv = kv_get(c->b, "variant");
	const char *rest;
	unsigned int i;
	int value;

	free(raw);
	c->n_cmds = kapi_command_list(c->p, c->b->line, head + len, &rest, c->cmds,
				      KAPI_ARRAY_SIZE(c->cmds));
	while (*rest == ' ')
		rest++;
	if (name[0] == '-' && kapi_errno_lookup(name + 1, &value)) {
		kapi_err(c->p, c->b->line, "error: write the errno name without '-' ('%s')",
			 name + 1);
		goto fail;
	}
	if (!kapi_is_ident(name) || (*rest && *rest != ',')) {
		kapi_err(c->p, c->b->line, "error: expects 'ENAME, condition' or 'ENAME [CMD, ...], condition', got '%s'",
			 head);
		goto fail;
	}
	if (!kapi_errno_lookup(name, &value)) {
		kapi_err(c->p, c->b->line,
			 "error: '%s' is not an errno name (see include/uapi/asm-generic/errno*.h, include/linux/errno.h)",
			 name);
		goto fail;
	}
	if (kv && c->n_cmds) {
		kapi_err(c->p, kv->line, "error %s: the commands are in [...] already; drop variant:",
			 name);
		goto fail;
	}
	if (kv)
		c->cmds[c->n_cmds++] = kapi_squash(kv->val.s);
	/*
	 * An errno is listed once, or once per command: one entry for every
	 * command and another for one of them say when each happens.
	 */
	for (i = 0; i < (c->n_cmds ? c->n_cmds : 1); i++) {
		o = kapi_error_listed(c->s, name, c->n_cmds ? c->cmds[i] : NULL);
		if (o && o != e) {
			kapi_err(c->p, c->b->line, "duplicate error %s%s%s (first at line %u)",
				 name, c->n_cmds ? " with command " : "",
				 c->n_cmds ? c->cmds[i] : "", o->line);
			goto fail;
		}
	}
	for (i = 0; i < c->s->n_errors; i++) {
		if (c->s->errors[i].k.error == value &&
		    strcmp(c->s->errors[i].k.name, name)) {
			kapi_warn(c->p, c->b->line,
				  "%s (line %u) and %s (line %u) are the same errno (%d) on Linux; callers cannot tell them apart, so consider merging them",
				  c->s->errors[i].k.name, c->s->errors[i].line, name,
				  c->b->line, value);
			break;
		}
	}
	if (c->n_cmds > 1 &&
	    !kapi_room(c->p, c->s->n_errors + c->n_cmds - 1, c->b->line, "errors"))
		goto fail;
	e->k.name = name;
	e->k.error = value;
	kapi_set_written(e->written, "error", kapi_xstrdup(name), c->b->line);
	if (c->n_cmds) {
		kapi_set_written(e->written, "variant", c->cmds[0],
				 kv ? kv->line : c->b->line);
		c->cmds[0] = NULL;
	}
	if (*rest == ',') {
		char *cond = kapi_squash(rest + 1);

		if (*cond)
			e->k.condition = cond;
		else
			free(cond);
	}
	return true;
fail:
	free(name);
	return false;
}

/* The same error with each further command of its list. */
static bool error_commands(struct section_call *c)
{
	unsigned int i;

	for (i = 1; i < c->n_cmds; i++) {
		struct kapi_parsed_error *copy =
			kapi_entry_append(c->s, KAPI_SEC_errors);

		kapi_entry_copy(KAPI_SEC_errors, copy, copy - 1);
		kapi_set_written(copy->written, "variant", c->cmds[i], c->b->line);
		c->cmds[i] = NULL;
	}
	return true;
}

/* error: is OWN in the list: an errno name, kept as written. */
static bool signal_error(struct section_call *c)
{
	struct kapi_parsed_signal *sg = c->entry;
	struct kapi_raw_kv *kv = kv_get(c->b, "error");
	char *e;
	const char *n;
	int v;

	if (!kv)
		return true;
	e = kapi_squash(kv->val.s);
	n = e[0] == '-' ? e + 1 : e;
	if (kapi_errno_lookup(n, &v)) {
		kapi_set_written(sg->written, "error", kapi_xstrdup(n), c->b->line);
		sg->k.error = v;
	} else {
		kapi_err(c->p, kv->line, "error: '%s' is not an errno (write -EINTR or EINTR)",
			 e);
	}
	free(e);
	return true;
}

static bool transition_ends(struct section_call *c)
{
	struct kapi_parsed_transition *t = c->entry;

	if (!t->k.from || !t->k.to)
		kapi_err(c->p, c->b->line, "state-trans: needs both from: and to:");
	return true;
}

static bool capability_head(struct section_call *c)
{
	struct kapi_parsed_capability *cp = c->entry;
	char *name = kapi_squash(c->b->head.s ? c->b->head.s : "");
	int cap = kapi_cap_lookup(name);
	unsigned int i;

	if (cap < 0) {
		kapi_err(c->p, c->b->line,
			 "capability: '%s' is not a capability (CAP_* of include/uapi/linux/capability.h)",
			 name);
		free(name);
		return false;
	}
	for (i = 0; i < c->s->n_capabilities; i++) {
		if (&c->s->capabilities[i] != cp &&
		    !strcmp(c->s->capabilities[i].k.name, name)) {
			kapi_err(c->p, c->b->line, "duplicate capability %s (first at line %u)",
				 name, c->s->capabilities[i].line);
			free(name);
			return false;
		}
	}
	cp->k.name = name;
	cp->k.cap = cap;
	kapi_set_written(cp->written, "cap", kapi_xstrdup(name), c->b->line);
	return true;
}

/*
 * error: of a constraint is OWN in the list: the errno the kernel fails a
 * call breaking expr: with, which makes the run-time checker test expr.
 * Without an errno only a function's rule may be checked (checked: yes):
 * the checker can hold a function's callers to a rule, but a syscall's
 * callers are user programs, and what the kernel does with a call that
 * breaks a rule is what a syscall's spec must say.
 */
static bool constraint_checked(struct section_call *c)
{
	struct kapi_parsed_constraint *ct = c->entry;
	struct kapi_raw_kv *kv = kv_get(c->b, "error");
	char *e;
	int v;

	if (!kv) {
		if (!ct->k.checked)
			return true;
		if (c->s->kind != KAPI_KIND_FUNCTION)
			kapi_err(c->p, ct->line,
				 "constraint '%s': checked: without error: holds a function's callers to a rule; give a syscall's rule the errno the kernel fails it with",
				 ct->k.name);
		else if (!ct->k.expr)
			kapi_err(c->p, ct->line,
				 "constraint '%s': checked: needs expr:, the C condition the checker tests",
				 ct->k.name);
		return true;
	}
	e = kapi_squash(kv->val.s);
	if (e[0] == '-' || !kapi_errno_lookup(e, &v)) {
		kapi_err(c->p, kv->line, "error: '%s' is not an errno name (write EINVAL)",
			 e);
	} else if (!ct->k.expr) {
		kapi_err(c->p, kv->line,
			 "constraint '%s': error: needs expr:, the C condition the checker tests",
			 ct->k.name);
	} else {
		kapi_set_written(ct->written, "error", kapi_xstrdup(e), kv->line);
		ct->k.error = v;
		ct->k.checked = true;
	}
	free(e);
	return true;
}

/*
 * variant: NAME, summary: one command of a multiplexed call. What a success
 * returns reads as in return: (check-type:, success:); without either the
 * result of the command is not checked.
 */
static bool variant_result(struct section_call *c)
{
	struct kapi_parsed_variant *v = c->entry;
	struct kapi_parsed_return r = { 0 };
	struct kapi_raw_kv *kv;
	unsigned int i;

	if (!v->k.summary)
		kapi_err(c->p, c->b->line, "variant: expects 'NAME, what the command does', got '%s'",
			 c->b->head.s ? c->b->head.s : "");
	if (!v->k.name || !kapi_is_ident(v->k.name))
		kapi_err(c->p, c->b->line, "variant: '%s' is not the name of a command",
			 v->k.name ? v->k.name : "");
	for (i = 0; v->k.name && i + 1 < c->s->n_variants; i++)
		if (!strcmp(c->s->variants[i].k.name, v->k.name))
			kapi_err(c->p, c->b->line, "variant '%s' is described twice (first at line %u)",
				 v->k.name, c->s->variants[i].line);

	kv = kv_get(c->b, "success");
	if (kv) {
		bool single = do_success(c->p, &r, kv);

		if (!kv_get(c->b, "check-type"))
			v->k.check = single ? KAPI_RETURN_EXACT :
					      KAPI_RETURN_RANGE;
		v->k.success_min = (s64)r.min.value;
		v->k.success_max = (s64)r.max.value;
		if (r.min.text)
			kapi_set_written(v->written, "success_min", r.min.text, kv->line);
		if (r.max.text)
			kapi_set_written(v->written, "success_max", r.max.text, kv->line);
	}
	switch (v->k.check) {
	case KAPI_RETURN_EXACT:
	case KAPI_RETURN_RANGE:
		if (!kv)
			kapi_err(c->p, c->b->line, "variant '%s': check-type: %s needs a success: line",
				 v->k.name,
				 kapi_family_name(KAPI_VL_return_check, v->k.check));
		break;
	case KAPI_RETURN_FD:
		if (!kv)
			v->k.success_max = INT_MAX;
		break;
	case KAPI_RETURN_NONE:
		break;
	default:
		kapi_err(c->p, c->b->line, "variant '%s': check-type: %s is not one a command's result can have (EXACT, RANGE or FD)",
			 v->k.name, kapi_family_name(KAPI_VL_return_check, v->k.check));
	}
	return true;
}

typedef bool section_step(struct section_call *c);

/*
 * How a block of each list section is read. The interpreter takes the
 * head into the AT_HEAD fields of the section's field list -- the whole
 * head, "FIRST, rest" when two strings share it, or the bits of a FLAGS
 * field -- unless the section reads its head itself (@head), then the SUB
 * fields from their sub-keys by the field list, then the section's own
 * fields (@own). A step that returns false drops the entry. @needs: what
 * an empty head lacks, NULL when the head's own reading says so.
 */
static const struct section_rule {
	const char *keyword;
	const char *needs;
	section_step *head;
	section_step *own;
} section_rules[KAPI_N_SECTIONS] = {
	[KAPI_SEC_errors] = { "error", NULL, error_head, error_commands },
	[KAPI_SEC_locks] = { "lock", "the lock's name", NULL, NULL },
	[KAPI_SEC_signals] = { "signal", "the signal's name", NULL,
			       signal_error },
	[KAPI_SEC_side_effects] = { "side-effect", NULL, NULL, NULL },
	[KAPI_SEC_state_transitions] = {
		"state-trans", "the object whose state changes", NULL,
		transition_ends },
	[KAPI_SEC_capabilities] = { "capability", NULL, capability_head,
				    NULL },
	[KAPI_SEC_constraints] = { "constraint", "a short name", NULL,
				   constraint_checked },
	[KAPI_SEC_variants] = { "variant", NULL, NULL, variant_result },
};

/* The AT_HEAD fields of @entry from the head of @b, by the field list. */
static void head_fields(struct kapi_parser *p, struct kapi_raw_block *b,
			unsigned int sec, void *entry)
{
	const struct kapi_section *d = &kapi_sections[sec];
	const char *head = b->head.s ? b->head.s : "";
	const struct kapi_field *str[2];
	unsigned int i, n = 0;

	for (i = 0; i < d->n_fields; i++) {
		const struct kapi_field *f = &d->fields[i];

		if (f->source != KAPI_SOURCE_AT_HEAD)
			continue;
		if (f->shape == KAPI_SHAPE_FLAGS) {
			struct kapi_expr e = { 0 };

			parse_flags(p, section_rules[sec].keyword, head, b->line,
				    f->list, &e);
			kapi_field_set_int(entry, f, e.value);
			kapi_set_written(kapi_entry_written(entry, sec),
					 f->member,
					 e.text ? e.text : kapi_xstrdup("0"),
					 b->line);
		} else if (f->shape == KAPI_SHAPE_STR && n < 2) {
			str[n++] = f;
		}
	}
	if (n == 2 && strchr(head, ',')) {
		const char *comma = strchr(head, ',');
		char *first = kapi_xstrndup(head, comma - head);

		*(char **)((char *)entry + str[0]->offset) = kapi_squash(first);
		*(char **)((char *)entry + str[1]->offset) = kapi_squash(comma + 1);
		free(first);
	} else if (n) {
		*(char **)((char *)entry + str[0]->offset) = kapi_squash(head);
	}
}

/* A block of list section @sec into @s: the one reading of every section. */
static void do_section(struct kapi_parser *p, struct kapi_parsed_spec *s,
		       struct kapi_raw_block *b, unsigned int sec)
{
	const struct section_rule *r = &section_rules[sec];
	struct section_call c = { .p = p, .s = s, .b = b };
	unsigned int i, at;

	if (r->needs && !b->head.len) {
		kapi_err(p, b->line, "%s: needs %s on its line", r->keyword,
			 r->needs);
		return;
	}
	if (!kapi_room(p, kapi_entry_count(s, sec), b->line,
		       kapi_sections[sec].title))
		return;
	c.entry = kapi_entry_append(s, sec);
	at = kapi_entry_count(s, sec) - 1;
	*(unsigned int *)((char *)c.entry +
			  kapi_parsed_sections[sec].line_offset) = b->line;
	if (r->head) {
		if (!r->head(&c))
			goto drop;
	} else {
		head_fields(p, b, sec, c.entry);
	}
	kv_fields(p, b, r->keyword, sec, c.entry,
		  kapi_entry_written(c.entry, sec));
	/* the own step may append entries: the array may move */
	c.entry = kapi_entry_at(s, sec, at);
	if (r->own && !r->own(&c))
		goto drop;
	goto out;
drop:
	kapi_entry_release(sec, kapi_entry_at(s, sec, at));
	kapi_entry_pop(s, sec);
out:
	for (i = 0; i < c.n_cmds; i++)
		free(c.cmds[i]);
}

/*
 * not-returned: ENAME, reason. An errno the code has a path to but that
 * cannot happen; the reason is required, since it is the whole point.
 */
static void do_unreturned(struct kapi_parser *p, struct kapi_parsed_spec *s,
			  struct kapi_raw_block *b)
{
	const char *head = b->head.s ? b->head.s : "";
	const char *comma = strchr(head, ',');
	char *name = comma ? kapi_xstrndup(head, comma - head) : kapi_xstrdup(head);
	char *sq = kapi_squash(name), *reason;
	struct kapi_parsed_unreturned *u;
	unsigned int i;
	int value;

	free(name);
	if (!kapi_errno_lookup(sq, &value)) {
		kapi_err(p, b->line, "not-returned: expects 'ENAME, why the code never returns it', got '%s'",
			 head);
		free(sq);
		return;
	}
	reason = comma ? kapi_squash(comma + 1) : kapi_xstrdup("");
	if (!*reason) {
		kapi_err(p, b->line, "not-returned: %s needs the reason after a comma",
			 sq);
		free(reason);
		free(sq);
		return;
	}
	for (i = 0; i < s->n_unreturned; i++) {
		if (s->unreturned[i].error == value) {
			kapi_err(p, b->line, "duplicate not-returned: %s (first at line %u)",
				 sq, s->unreturned[i].line);
			free(reason);
			free(sq);
			return;
		}
	}
	u = KAPI_GROW(s->unreturned, s->n_unreturned);
	u->name = sq;
	u->error = value;
	u->reason = reason;
	u->line = b->line;
}

/*
 * Numbered lists: items must start at 1 and increase; a gap is allowed
 * (items get retired) but worth a warning, a repeat or a step back is an
 * error because the number is the item's ID.
 */
static void do_items(struct kapi_parser *p, struct kapi_parsed_spec *s,
		     struct kapi_raw_block *b, int kind)
{
	unsigned int i, prev = 0;

	if (!b->n_items) {
		kapi_err(p, b->line, "'%s:' has no items; number them \"1. text\"",
			 b->name);
		return;
	}
	for (i = 0; i < b->n_items; i++) {
		struct kapi_raw_item *it = b->items[i];
		struct kapi_parsed_item *pi;

		if (it->number > 65535)
			continue;	/* reported when read */
		if (it->number == 0) {
			kapi_err(p, it->line, "item numbers start at 1");
			continue;
		}
		if (i == 0 && it->number != 1) {
			kapi_err(p, it->line,
				 "the first item of '%s:' must be number 1, not %u",
				 b->name, it->number);
		} else if (i > 0 && it->number == prev) {
			kapi_err(p, it->line, "item %u is numbered twice (first at line %u)",
				 it->number, b->items[i - 1]->line);
			continue;
		} else if (i > 0 && it->number < prev) {
			kapi_err(p, it->line, "item %u comes after item %u; numbers must increase",
				 it->number, prev);
			continue;
		} else if (i > 0 && it->number == prev + 2) {
			kapi_warn(p, it->line, "item %u follows item %u: number %u is missing",
				  it->number, prev, prev + 1);
		} else if (i > 0 && it->number > prev + 2) {
			kapi_warn(p, it->line, "item %u follows item %u: numbers %u..%u are missing",
				  it->number, prev, prev + 1, it->number - 1);
		}
		prev = it->number;
		if (!it->text.len)
			kapi_err(p, it->line, "item %u has no text", it->number);
		if (!kapi_room(p, s->n_items, it->line, "numbered items"))
			return;
		pi = KAPI_GROW(s->items, s->n_items);
		pi->k.number = it->number;
		pi->k.kind = kind;
		pi->line = it->line;
		pi->k.text = kapi_sbuf_take(&it->text);
	}
}

static bool lists_errno(const struct kapi_parsed_spec *s, int err)
{
	unsigned int k;

	for (k = 0; k < s->n_errors; k++)
		if (s->errors[k].k.error == err)
			return true;
	return false;
}

/* Whether @s says of errno @err that the call never returns it. */
static bool explains_errno(const struct kapi_parsed_spec *s, int err)
{
	unsigned int k;

	for (k = 0; k < s->n_unreturned; k++)
		if (s->unreturned[k].error == err)
			return true;
	return false;
}

/*
 * What a system call's parameters imply: a descriptor fails with EBADF
 * when it is not open, a user pointer with EFAULT when it points nowhere.
 * Each becomes an error entry, first in the list and in parameter order,
 * unless the spec lists that errno itself (with its own words) or says
 * with not-returned: why the call never returns it.
 */
static void implied_errors(struct kapi_parser *p, struct kapi_parsed_spec *s)
{
	unsigned int i, n_before = s->n_errors, added = 0;
	struct kapi_parsed_error *e;

	for (i = 0; i < s->n_params; i++) {
		const struct kapi_parsed_param *pp = &s->params[i];
		const char *name, *fmt;
		int err;
		char cond[160];

		if (pp->type == KAPI_TYPE_FD) {
			name = "EBADF";
			fmt = pp->flags.value & KAPI_PARAM_DIRFD ?
			      "%s is neither AT_FDCWD nor an open descriptor" :
			      "%s is not an open descriptor";
		} else if (pp->type == KAPI_TYPE_USER_PTR ||
			   pp->type == KAPI_TYPE_PATH) {
			name = "EFAULT";
			fmt = "%s points outside the accessible address space";
		} else {
			continue;
		}
		/* the number of the architecture the spec is read for */
		if (!kapi_errno_lookup(name, &err) ||
		    lists_errno(s, err) || explains_errno(s, err) ||
		    !kapi_room(p, s->n_errors, pp->line, "errors"))
			continue;
		snprintf(cond, sizeof(cond), fmt, pp->name);
		e = kapi_entry_append(s, KAPI_SEC_errors);
		e->k.name = kapi_xstrdup(name);
		e->k.error = err;
		e->k.condition = kapi_xstrdup(cond);
		e->line = pp->line;
		kapi_set_written(e->written, "error", kapi_xstrdup(name),
				 pp->line);
		added++;
	}
	if (!added)
		return;
	/* first, in parameter order: rotate them in front of the others */
	{
		size_t sz = sizeof(*s->errors);
		struct kapi_parsed_error *tmp = kapi_xmalloc(added * sz);

		memcpy(tmp, s->errors + n_before, added * sz);
		memmove(s->errors + added, s->errors, n_before * sz);
		memcpy(s->errors, tmp, added * sz);
		free(tmp);
	}
}

/*
 * check-order: the parameters in the order the kernel checks them, so that
 * enforce mode refuses a call with two bad arguments with the errno the
 * kernel gives (the first one it checks); unnamed ones come after.
 */
static void resolve_order(struct kapi_parser *p, struct kapi_parsed_spec *s,
			  const char *text, unsigned int line)
{
	char *parts[KAPI_MAX_ORDER + 1];
	unsigned int n = split_commas(text, parts, KAPI_MAX_ORDER + 1);
	unsigned int i, k, j;
	char *name;

	for (i = 0; i < n && i <= KAPI_MAX_ORDER; i++) {
		name = kapi_squash(parts[i]);
		for (k = 0; k < s->n_params; k++)
			if (!strcmp(s->params[k].name, name))
				break;
		for (j = 0; j < s->n_order; j++)
			if (s->order[j] == k)
				break;
		if (i == KAPI_MAX_ORDER)
			kapi_err(p, line, "check-order: at most %u parameters",
				 KAPI_MAX_ORDER);
		else if (k == s->n_params)
			kapi_err(p, line, "check-order: '%s' is not a parameter", name);
		else if (j < s->n_order)
			kapi_err(p, line, "check-order: '%s' is named twice", name);
		else
			s->order[s->n_order++] = k;
		free(name);
	}
	free_parts(parts, n, KAPI_MAX_ORDER + 1);
}

/* Set @dst from a text block; error if it was given before. */
static void once_text(struct kapi_parser *p, char **dst, unsigned int *first,
		      struct kapi_raw_block *b, const char *what)
{
	if (*first) {
		kapi_err(p, b->line, "duplicate %s: (first at line %u)", what, *first);
		return;
	}
	*first = b->line;
	*dst = take_text(&b->head);
}

static bool spec_names_clash(struct kapi_parser *p, struct kapi_parsed_spec *s,
			     unsigned int line)
{
	struct kapi_file *f = p->file;
	unsigned int i;

	for (i = 0; i < f->n_specs; i++) {
		if (&f->specs[i] != s && f->specs[i].ident && s->ident &&
		    !strcmp(f->specs[i].ident, s->ident)) {
			kapi_err(p, line, "second spec for %s (first at line %u)",
				 s->name, f->specs[i].line);
			return true;
		}
	}
	return false;
}

/* Interpret a spec comment; appends to p->file->specs. */
/* A block of a list section into @s; false if @b is none. */
static bool section_block(struct kapi_parser *p, struct kapi_parsed_spec *s,
			  struct kapi_raw_block *b)
{
	static const struct {
		enum kapi_key key;
		enum kapi_section_index sec;
	} keys[] = {
		{ K_ERROR, KAPI_SEC_errors },
		{ K_LOCK, KAPI_SEC_locks },
		{ K_SIGNAL, KAPI_SEC_signals },
		{ K_EFFECT, KAPI_SEC_side_effects },
		{ K_TRANSITION, KAPI_SEC_state_transitions },
		{ K_CAPABILITY, KAPI_SEC_capabilities },
		{ K_CONSTRAINT, KAPI_SEC_constraints },
	};
	unsigned int i;

	for (i = 0; i < KAPI_ARRAY_SIZE(keys); i++) {
		if (keys[i].key == b->key) {
			do_section(p, s, b, keys[i].sec);
			return true;
		}
	}
	return false;
}

void kapi_shared_interpret(struct kapi_parser *p, struct kapi_comment *c)
{
	struct kapi_parsed_spec *g = NULL;
	unsigned int i;

	for (i = 0; i < c->n_pending; i++)
		kapi_emit(p, c->pending[i].error, c->pending[i].line,
			  c->pending[i].msg);
	p->spec = NULL;
	for (i = 0; i < c->n_blocks; i++) {
		struct kapi_raw_block *b = c->blocks[i];

		if (b->key == K_SHARED) {
			g = kapi_shared_new(p, b->head.s ? b->head.s : "",
					    b->line);
			continue;
		}
		if (b->key == K_TEXT || b->key == K_SECTION ||
		    b->key == K_UNKNOWN)
			continue;
		if (!g)
			continue;	/* after a bad shared: line */
		if (!section_block(p, g, b))
			kapi_err(p, b->line,
				 "%s: has no place in a shared: group, which holds errors, locks, signals, side effects, state transitions, capabilities and constraints",
				 b->name);
	}
}

void kapi_comment_interpret(struct kapi_parser *p, struct kapi_comment *c)
{
	struct kapi_file *f = p->file;
	struct kapi_parsed_spec *s;
	struct kapi_proto pr;
	struct kapi_atparam *ap = NULL;
	unsigned int n_ap = 0, i;
	unsigned int first_ctx = 0, first_desc = 0, first_notes = 0;
	unsigned int first_ex = 0, first_since = 0, first_ret = 0;
	unsigned int first_beh = 0, first_use = 0, order_line = 0;
	char *doc_return = NULL, *order = NULL;

	f->specs = kapi_xrealloc(f->specs, (f->n_specs + 1) * sizeof(*f->specs));
	s = &f->specs[f->n_specs++];
	memset(s, 0, sizeof(*s));
	p->spec = s;
	s->line = c->line;
	s->ret.type = -1;

	for (i = 0; i < c->n_pending; i++)
		kapi_emit(p, c->pending[i].error, c->pending[i].line,
			  c->pending[i].msg);

	if (!c->function_doc) {
		kapi_err(p, c->header_line ? c->header_line : c->line,
			 "a spec comment must start with the function's 'name - summary' line");
	}
	s->doc_name = kapi_xstrdup(c->doc_name ? c->doc_name : "");
	s->summary = c->summary && *c->summary ? kapi_xstrdup(c->summary) : NULL;

	/* the prototype decides name and kind */
	kapi_proto_parse(p->buf, p->len, c->end, c->end_line, &pr);
	s->proto_line = pr.line;
	kapi_crosscheck_name(p, s, c, &pr);

	for (i = 0; i < c->n_blocks; i++) {
		struct kapi_raw_block *b = c->blocks[i];

		switch (b->key) {
		case K_CTX:
			if (first_ctx) {
				kapi_err(p, b->line, "duplicate context-flags: (first at line %u)",
					 first_ctx);
				break;
			}
			first_ctx = b->line;
			parse_flags(p, "context-flags", b->head.s ? b->head.s : "",
				    b->line, KAPI_VL_ctx, &s->context);
			break;
		case K_PARAM:
			do_param(p, s, b, NULL);
			break;
		case K_RETURN:
			if (first_ret) {
				kapi_err(p, b->line, "duplicate return: (first at line %u)",
					 first_ret);
				break;
			}
			first_ret = b->line;
			do_return(p, s, b);
			break;
		case K_USE_SHARED:
			kapi_shared_use(p, s, b->head.s ? b->head.s : "",
					b->line);
			break;
		case K_VARIANT:
			do_section(p, s, b, KAPI_SEC_variants);
			break;
		case K_EXAMPLES:
			once_text(p, &s->examples, &first_ex, b, "examples");
			break;
		case K_NOTES:
			once_text(p, &s->notes, &first_notes, b, "notes");
			break;
		case K_LONGDESC:
			once_text(p, &s->desc, &first_desc, b, "long-desc");
			break;
		case K_SINCE:
			once_text(p, &s->since, &first_since, b, "since-version");
			break;
		case K_ORDER:
			once_text(p, &order, &order_line, b, "check-order");
			break;
		case K_UNRETURNED:
			do_unreturned(p, s, b);
			break;
		case K_VALUESET:
			kapi_do_value_set(p, b);
			break;
		case K_LAYOUT:
			kapi_do_layout(p, b);
			break;
		case K_BEHAVIOR:
		case K_USE: {
			unsigned int *first = b->key == K_BEHAVIOR ? &first_beh : &first_use;

			if (*first) {
				kapi_err(p, b->line, "second '%s:' list (first at line %u); merge them",
					 b->name, *first);
				break;
			}
			*first = b->line;
			do_items(p, s, b, b->key == K_BEHAVIOR ?
				 KAPI_ITEM_BEHAVIOR : KAPI_ITEM_CONSTRAINT_OF_USE);
			break;
		}
		case K_ATPARAM:
			if (b->n_kv)
				do_param(p, s, b, b->name);
			ap = kapi_xrealloc(ap, (n_ap + 1) * sizeof(*ap));
			ap[n_ap].name = b->name;
			ap[n_ap].text = &b->head;
			ap[n_ap].line = b->line;
			ap[n_ap].used = false;
			n_ap++;
			break;
		case K_SECTION:
			if ((!strcasecmp(b->name, "return") ||
			     !strcasecmp(b->name, "returns")) && !doc_return)
				doc_return = take_text(&b->head);
			break;
		case K_SHARED:
			kapi_err(p, b->line,
				 "shared: starts a group of a DOC: comment, not a part of a spec");
			break;
		default:
			section_block(p, s, b);
			break;
		}
	}

	if (pr.kind != KAPI_PROTO_NONE)
		kapi_crosscheck_params(p, s, &pr, ap, n_ap);
	for (i = 0; i < c->n_blocks; i++)
		if (c->blocks[i]->key == K_COUNT)
			kapi_check_count(p, s, c->blocks[i]);
	if (s->kind == KAPI_KIND_SYSCALL)
		implied_errors(p, s);
	if (order)
		resolve_order(p, s, order, order_line);
	free(order);
	for (i = 0; i < s->n_params; i++) {
		if (!s->params[i].ctype)
			s->params[i].ctype = kapi_xstrdup("");
		if (s->params[i].type < 0)
			s->params[i].type = KAPI_TYPE_CUSTOM;
		if (s->params[i].constraint < 0)
			s->params[i].constraint = KAPI_CONSTRAINT_NONE;
	}
	if (s->ret.type < 0)
		s->ret.type = KAPI_TYPE_VOID;
	if (!s->ret.annotated && pr.kind == KAPI_PROTO_NONE)
		s->ret.check = KAPI_RETURN_NONE;
	if (!s->ret.ctype)
		s->ret.ctype = kapi_xstrdup("");
	if (!s->ret.annotated && doc_return && *doc_return) {
		s->ret.desc = doc_return;
		doc_return = NULL;
	}
	free(doc_return);

	/* an errno is either listed or explained away, never both */
	for (i = 0; i < s->n_unreturned; i++)
		if (lists_errno(s, s->unreturned[i].error))
			kapi_err(p, s->unreturned[i].line,
				 "%s is listed by an error: entry and explained by not-returned:; keep one",
				 s->unreturned[i].name);

	/* so should the errno enforce mode refuses a parameter with */
	for (i = 0; i < s->n_params; i++) {
		const struct kapi_parsed_param *pp = &s->params[i];
		unsigned int j;

		if (pp->error && !lists_errno(s, pp->error))
			kapi_err(p, pp->error_line,
				 "param '%s' is refused with %s, which no error: entry lists; add it",
				 pp->name, pp->error_name);
		if (pp->error_above && !lists_errno(s, pp->error_above))
			kapi_err(p, pp->error_above_line,
				 "param '%s' is refused with %s, which no error: entry lists; add it",
				 pp->name, pp->error_above_name);
		for (j = 0; j < pp->n_fd_modes; j++)
			if (!lists_errno(s, pp->fd_modes[j].error))
				kapi_err(p, pp->fd_modes_line,
					 "param '%s' is refused with %s, which no error: entry lists; add it",
					 pp->name, pp->fd_modes[j].error_name);
	}
	for (i = 0; i < s->n_constraints; i++) {
		const struct kapi_parsed_constraint *ct = &s->constraints[i];
		const struct kapi_written *w = kapi_written(ct->written, "error");

		if (w && !lists_errno(s, ct->k.error))
			kapi_err(p, w->line,
				 "constraint '%s' is refused with %s, which no error: entry lists; add it",
				 ct->k.name, w->text);
	}

	/* a signal's errno should be one the spec lists */
	for (i = 0; i < s->n_signals; i++) {
		unsigned int k;

		const struct kapi_parsed_signal *sg = &s->signals[i];

		if (!sg->k.error)
			continue;
		for (k = 0; k < s->n_errors; k++)
			if (s->errors[k].k.error == sg->k.error)
				break;
		if (k == s->n_errors)
			kapi_warn(p, sg->line,
				  "signal '%s' returns %s, which no error: entry lists",
				  sg->k.name, kapi_written(sg->written, "error")->text);
	}

	if (pr.kind == KAPI_PROTO_COMPAT ||
	    spec_names_clash(p, s, c->header_line ? c->header_line : c->line)) {
		/* keep counting its errors, but do not keep the spec */
		kapi_parsed_spec_free(s);
		f->n_specs--;
	}
	free(ap);
	kapi_proto_release(&pr);
	p->spec = NULL;
}
