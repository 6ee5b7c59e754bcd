// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_gen_checks.c - the specialised run-time checks of a syscall spec
 *
 * For each syscall spec the generated header also carries, under
 * CONFIG_KAPI_RUNTIME_CHECKS, __KAPI_HAS_sys_<name> and two always-inline
 * functions that include/linux/kapi_runtime.h wires into the syscall
 * wrapper: __kapi_bad_sys_<name>() tests the arguments (and
 * __kapi_report_sys_<name>() says what is wrong with them), and
 * __kapi_post_sys_<name>() the return value. They are written from the
 * same parsed data as the spec itself, with every constraint turned into
 * one or two compares, because interpreting the spec on every call would
 * cost several times more. Comparisons a parameter's C type makes
 * always-true are left out.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kapi_gen.h"
#include "kapi_internal.h"

/* Width and signedness of a parameter's C type, as the kernel builds it. */
struct ctype_info {
	unsigned int bits;
	bool is_signed;
};

static struct ctype_info ctype_info(const char *ctype)
{
	struct kapi_ctype ct;

	kapi_ctype_classify(ctype, &ct);
	if (ct.pointer)
		return (struct ctype_info){ 64, false };
	/* Unknown typedefs, enums: a signed long, which never drops a check. */
	if (ct.sign < 0 || !ct.width)
		return (struct ctype_info){ 64, true };
	return (struct ctype_info){ ct.width, ct.sign == 1 };
}

static int64_t type_min(struct ctype_info t)
{
	if (!t.is_signed)
		return 0;
	return t.bits == 64 ? INT64_MIN : -(INT64_C(1) << (t.bits - 1));
}

static uint64_t type_umax(struct ctype_info t)
{
	if (t.bits == 64)
		return t.is_signed ? INT64_MAX : UINT64_MAX;
	return t.is_signed ? (UINT64_C(1) << (t.bits - 1)) - 1 :
			     (UINT64_C(1) << t.bits) - 1;
}

/* The argument as the 64-bit value its C type gives it, into @v. */
static struct ctype_info arg_value(const struct kapi_parsed_param *p,
				   unsigned int i, char *v, size_t size)
{
	struct ctype_info t = ctype_info(p->ctype ? p->ctype : "long");

	snprintf(v, size, "((%s)(%s)a%u)", t.is_signed ? "s64" : "u64",
		 p->ctype && !strchr(p->ctype, '*') ? p->ctype : "unsigned long",
		 i);
	return t;
}

/*
 * The C condition under which argument @i lies below (@above false) or
 * above its range, or NULL when its type cannot reach that side.
 */
static char *range_cond(const struct kapi_parsed_param *p, unsigned int i,
			bool above)
{
	int64_t min = (int64_t)p->min.value, max = (int64_t)p->max.value;
	char buf[512], v[128];
	struct ctype_info t = arg_value(p, i, v, sizeof(v));
	const char *w = t.is_signed ? "s64" : "u64";

	/* a bound only the compiler knows is always tested */
	if (!above && (p->min.symbolic ||
		       (t.is_signed ? min > type_min(t) : min > 0))) {
		snprintf(buf, sizeof(buf), "%s < (%s)(%s)", v, w, p->min.text);
		return kapi_xstrdup(buf);
	}
	if (above && (p->max.symbolic ||
		      ((uint64_t)max < type_umax(t) && (!t.is_signed || max >= 0)))) {
		snprintf(buf, sizeof(buf), "%s > (%s)(%s)", v, w, p->max.text);
		return kapi_xstrdup(buf);
	}
	return NULL;
}

/* The C condition under which argument @i breaks its constraint, or NULL. */
static char *violation_cond(const struct kapi_parsed_spec *s, unsigned int i)
{
	const struct kapi_parsed_param *p = &s->params[i];
	bool optional = p->flags.value & KAPI_PARAM_OPTIONAL;
	char buf[1024], v[128], *lo, *hi;
	struct ctype_info t = arg_value(p, i, v, sizeof(v));
	struct kapi_sbuf sb = { 0 };
	unsigned int j;

	switch (p->constraint) {
	case KAPI_CONSTRAINT_RANGE:
		lo = range_cond(p, i, false);
		hi = range_cond(p, i, true);
		snprintf(buf, sizeof(buf), "%s%s%s", lo ? lo : "",
			 lo && hi ? " || " : "", hi ? hi : "");
		free(lo);
		free(hi);
		return buf[0] ? kapi_xstrdup(buf) : NULL;
	case KAPI_CONSTRAINT_MASK:
		snprintf(buf, sizeof(buf), "((u64)%s & ~(u64)(%s))", v,
			 p->mask.text);
		return kapi_xstrdup(buf);
	case KAPI_CONSTRAINT_ENUM:
		/* a command's set has tens of values: no fixed buffer */
		kapi_sbuf_adds(&sb, "!(");
		for (j = 0; j < p->n_values; j++) {
			snprintf(buf, sizeof(buf), "%s%s == (%s)(%s)",
				 j ? " || " : "", v,
				 t.is_signed ? "s64" : "u64", p->values[j].text);
			kapi_sbuf_adds(&sb, buf);
		}
		kapi_sbuf_adds(&sb, ")");
		return kapi_sbuf_take(&sb);
	case KAPI_CONSTRAINT_ALIGNMENT:
		snprintf(buf, sizeof(buf), "((u64)%s %% (u64)(%s))", v,
			 p->align.text);
		return kapi_xstrdup(buf);
	case KAPI_CONSTRAINT_POWER_OF_TWO:
		snprintf(buf, sizeof(buf), "(!%s || ((u64)%s & ((u64)%s - 1)))",
			 v, v, v);
		return kapi_xstrdup(buf);
	case KAPI_CONSTRAINT_BUFFER:
		snprintf(buf, sizeof(buf),
			 "!kapi_user_range_ok(a%u, (size_t)a%d)",
			 i, p->size_param);
		return kapi_xstrdup(buf);
	case KAPI_CONSTRAINT_USER_PTR:
	case KAPI_CONSTRAINT_USER_STRING:
	case KAPI_CONSTRAINT_USER_PATH:
		/* Never read the string: its length is the syscall's business. */
		if (optional)
			snprintf(buf, sizeof(buf), "!kapi_user_range_ok(a%u, 1)",
				 i);
		else
			snprintf(buf, sizeof(buf),
				 "!a%u || !kapi_user_range_ok(a%u, 1)", i, i);
		return kapi_xstrdup(buf);
	case KAPI_CONSTRAINT_FD:
		/* KAPI_PARAM_OPTIONAL on a descriptor means AT_FDCWD is fine. */
		if (optional)
			snprintf(buf, sizeof(buf),
				 "(int)a%u < 0 && (int)a%u != AT_FDCWD", i, i);
		else
			snprintf(buf, sizeof(buf), "(int)a%u < 0", i);
		return kapi_xstrdup(buf);
	default:
		return NULL;
	}
}

/*
 * A buffer's range check (access_ok) already fails for any size above the
 * user address space (at most 2^57 on x86-64), so an upper bound at or
 * above that on the size parameter adds nothing to the fast test; the
 * cold report still checks it, to name it.
 */
static bool implied_by_buffer(const struct kapi_parsed_spec *s, unsigned int i)
{
	const struct kapi_parsed_param *p = &s->params[i];
	unsigned int j;

	if (p->constraint != KAPI_CONSTRAINT_RANGE || p->min.symbolic ||
	    p->max.symbolic || (int64_t)p->min.value > 0 ||
	    p->max.value < (UINT64_C(1) << 57))
		return false;
	for (j = 0; j < s->n_params; j++)
		if (s->params[j].constraint == KAPI_CONSTRAINT_BUFFER &&
		    s->params[j].size_param == (int)i)
			return true;
	return false;
}

static void gen_args(FILE *out, const struct kapi_parsed_spec *s, bool decl)
{
	unsigned int i;

	for (i = 0; i < s->n_params; i++)
		fprintf(out, "%s%sa%u", i ? ", " : "", decl ? "long " : "", i);
	if (!s->n_params && decl)
		fprintf(out, "void");
}

/*
 * The parameter checked @k-th: the check-order: list first, then the rest
 * in prototype order. The kernel reports the first bad argument it checks,
 * so enforce mode must look at them in the same order to give its errno.
 */
static unsigned int check_at(const struct kapi_parsed_spec *s, unsigned int k)
{
	unsigned int i, j, n = s->n_order;

	if (k < n)
		return s->order[k];
	for (i = 0; i < s->n_params; i++) {
		for (j = 0; j < s->n_order && s->order[j] != i; j++)
			;
		if (j == s->n_order && n++ == k)
			return i;
	}
	return k;
}

/*
 * One "if (@cond) refuse" line of the cold report; frees @cond. The errno
 * is the one a descriptor looked up before gave (@fd_err), else @err (the
 * name of an errno), else the parameter's own.
 */
static void gen_param_check(FILE *out, const struct kapi_parsed_spec *s,
			    unsigned int i, char *cond, const char *err,
			    bool fd_err)
{
	char e[64];

	if (!cond)
		return;
	if (fd_err && err)
		snprintf(e, sizeof(e), "err ?: -%s", err);
	else if (err)
		snprintf(e, sizeof(e), "-%s", err);
	else
		snprintf(e, sizeof(e), "%s", fd_err ? "err" : "0");
	fprintf(out, "\tif (%s)\n"
		"\t\treturn kapi_param_violation(&__kapi_spec_%s, %u, a%u,\n"
		"\t\t\t\t\t    called, ret, %s);\n",
		cond, s->ident, i, i, e);
	free(cond);
}

/*
 * Whether the descriptor checked @k-th is looked up for the checks after
 * it: a descriptor the kernel must find open (and in the fd-modes: given)
 * fails the call before any argument it checks later, so a bad later
 * argument is refused with the descriptor's errno. Only when one of those
 * later arguments can be bad.
 */
static bool looks_up_fd(const struct kapi_parsed_spec *s, unsigned int k)
{
	const struct kapi_parsed_param *p = &s->params[check_at(s, k)];
	char *cond;
	bool any;

	if (p->constraint != KAPI_CONSTRAINT_FD ||
	    p->flags.value & KAPI_PARAM_OPTIONAL)
		return false;
	for (k++; k < s->n_params; k++) {
		cond = violation_cond(s, check_at(s, k));
		any = !!cond;
		free(cond);
		if (any)
			return true;
	}
	return false;
}

/* The fd-modes: of the descriptors looked up, as static tables. */
static bool gen_fd_tables(FILE *out, const struct kapi_parsed_spec *s)
{
	const struct kapi_parsed_param *p;
	unsigned int k, j;
	bool any = false;

	for (k = 0; k < s->n_params; k++) {
		if (!looks_up_fd(s, k))
			continue;
		p = &s->params[check_at(s, k)];
		any = true;
		if (!p->n_fd_modes)
			continue;
		fprintf(out, "\tstatic const struct kapi_fd_mode fd%u[] = {\n",
			check_at(s, k));
		for (j = 0; j < p->n_fd_modes; j++)
			fprintf(out, "\t\t{ %s, -%s },\n", p->fd_modes[j].mode,
				p->fd_modes[j].error_name);
		fprintf(out, "\t};\n");
	}
	if (any)
		fprintf(out, "\tlong err = 0;\n\n");
	return any;
}

/*
 * A constraint with an errno (error:) is C over the parameter names: each
 * becomes a local of its C type holding the argument, and the predicate
 * says whether the call breaks the rule. The compiler checks that expr:
 * names only parameters and constants the file sees.
 */
static void gen_constraints(FILE *out, const struct kapi_parsed_spec *s)
{
	const struct kapi_parsed_param *p;
	unsigned int i, j;

	for (j = 0; j < s->n_constraints; j++) {
		if (!s->constraints[j].k.checked)
			continue;
		fprintf(out, "static __always_inline bool __kapi_broken_%s_%u(",
			s->ident, j);
		gen_args(out, s, true);
		fprintf(out, ")\n{\n");
		for (i = 0; i < s->n_params; i++) {
			p = &s->params[i];
			fprintf(out, "\t%s %s __maybe_unused = (__force %s)a%u;\n",
				p->ctype ? p->ctype : "long", p->name,
				p->ctype ? p->ctype : "long", i);
		}
		fprintf(out, "\n\treturn !(%s);\n}\n\n", s->constraints[j].k.expr);
	}
}

/* The call of constraint @j's predicate on the arguments. */
static void broken_call(FILE *out, const struct kapi_parsed_spec *s,
			unsigned int j)
{
	fprintf(out, "__kapi_broken_%s_%u(", s->ident, j);
	gen_args(out, s, false);
	fprintf(out, ")");
}

/*
 * The C test of a call from a context the spec excludes, into @buf ("" when
 * it allows every context). A syscall runs in a task that may sleep, where
 * preempt_count() alone tells an atomic section; a function's contexts are
 * the spec's own, and kapi_context_bad() folds to a compare or two when
 * its argument is a constant.
 */
static bool needs_sleepable_caller(unsigned long ctx)
{
	return (ctx & KAPI_CTX_SLEEPABLE) &&
	       !(ctx & (KAPI_CTX_ATOMIC | KAPI_CTX_PREEMPT_DISABLED |
			KAPI_CTX_IRQ_DISABLED));
}

static void context_cond(char *buf, size_t size,
			 const struct kapi_parsed_spec *s)
{
	unsigned long ctx = (unsigned long)s->context.value;
	const unsigned long every = KAPI_CTX_PROCESS | KAPI_CTX_SOFTIRQ |
				    KAPI_CTX_HARDIRQ | KAPI_CTX_NMI;

	buf[0] = '\0';
	if (s->kind != KAPI_KIND_FUNCTION) {
		if (ctx & KAPI_CTX_SLEEPABLE)
			snprintf(buf, size, "preempt_count()");
		return;
	}
	if (!ctx || ((ctx & every) == every && !needs_sleepable_caller(ctx)))
		return;
	snprintf(buf, size, "kapi_context_bad(%#lxUL)", ctx);
}

/*
 * Two parts: an inline test that only says whether anything is wrong, and
 * a cold function that finds what is. The cold one runs before the call
 * (@called false: a context report, and in enforce mode the errno to
 * refuse the call with) and again after it with its result (@called true:
 * a report only if the kernel accepted an argument the spec rules out).
 * Only the first bad argument matters: one is enough to refuse or to
 * predict the failure.
 */
static void gen_pre(FILE *out, const struct kapi_parsed_spec *s)
{
	unsigned int i, j, k, n = 0;
	char ctx[64];
	bool fd_err;
	char *cond;

	context_cond(ctx, sizeof(ctx), s);

	gen_constraints(out, s);
	fprintf(out, "static noinline __cold __maybe_unused long\n");
	fprintf(out, "__kapi_report_%s(bool called, long ret", s->ident);
	if (s->n_params)
		fprintf(out, ", ");
	for (i = 0; i < s->n_params; i++)
		fprintf(out, "%slong a%u", i ? ", " : "", i);
	fprintf(out, ")\n{\n");
	gen_fd_tables(out, s);
	if (ctx[0])
		fprintf(out, "\tif (!called && %s)\n"
			"\t\tkapi_context_violation(&__kapi_spec_%s);\n",
			ctx, s->ident);
	/* a function's callers are held to its rules; nothing is refused */
	for (j = 0; j < s->n_constraints; j++) {
		if (!s->constraints[j].k.checked || s->constraints[j].k.error)
			continue;
		fprintf(out, "\tif (!called && ");
		broken_call(out, s, j);
		fprintf(out, ")\n\t\tkapi_rule_violation(&__kapi_spec_%s, %u);\n",
			s->ident, j);
	}
	/* the kernel tests a rule over several arguments before any one */
	for (j = 0; j < s->n_constraints; j++) {
		if (!s->constraints[j].k.error)
			continue;
		fprintf(out, "\tif (");
		broken_call(out, s, j);
		fprintf(out, ")\n\t\treturn kapi_constraint_violation(&__kapi_spec_%s, %u,\n"
			"\t\t\t\t\t\t called, ret, -%s);\n",
			s->ident, j,
			kapi_written(s->constraints[j].written, "error")->text);
	}
	fd_err = false;
	for (k = 0; k < s->n_params; k++) {
		i = check_at(s, k);
		if (s->params[i].error_above_name) {
			/* above the range its own errno, below the usual one */
			cond = range_cond(&s->params[i], i, true);
			gen_param_check(out, s, i, cond,
					s->params[i].error_above_name, fd_err);
			cond = range_cond(&s->params[i], i, false);
		} else {
			cond = violation_cond(s, i);
		}
		gen_param_check(out, s, i, cond, NULL, fd_err);
		if (!looks_up_fd(s, k))
			continue;
		fprintf(out, "\tif (!called && !err)\n\t\terr = kapi_fd_errno(a%u, ", i);
		if (s->params[i].n_fd_modes)
			fprintf(out, "fd%u, ARRAY_SIZE(fd%u));\n", i, i);
		else
			fprintf(out, "NULL, 0);\n");
		fd_err = true;
	}
	fprintf(out, "\treturn 0;\n}\n\n");

	fprintf(out, "static __always_inline bool __kapi_bad_%s(", s->ident);
	gen_args(out, s, true);
	fprintf(out, ")\n{\n\treturn ");
	if (ctx[0]) {
		fprintf(out, "%s", ctx);
		n++;
	}
	for (i = 0; i < s->n_params; i++) {
		if (implied_by_buffer(s, i))
			continue;
		cond = violation_cond(s, i);
		if (!cond)
			continue;
		fprintf(out, "%s(%s)", n++ ? " ||\n\t       " : "", cond);
		free(cond);
	}
	for (j = 0; j < s->n_constraints; j++) {
		if (!s->constraints[j].k.checked)
			continue;
		fprintf(out, "%s", n++ ? " ||\n\t       " : "");
		broken_call(out, s, j);
	}
	if (!n)
		fprintf(out, "false");
	fprintf(out, ";\n}\n\n");
}

/*
 * The C condition under which a successful @ret breaks the check @check
 * with bounds @min and @max, written into @ok ("" when nothing to test).
 */
static void success_cond(char *ok, size_t size, int check,
			 const char *min, const char *max)
{
	ok[0] = '\0';
	switch (check) {
	case KAPI_RETURN_RANGE:
		if (min && max)
			snprintf(ok, size, "ret < (long)(%s) || ret > (long)(%s)",
				 min, max);
		break;
	case KAPI_RETURN_FD:
		snprintf(ok, size, "ret > INT_MAX");
		break;
	case KAPI_RETURN_EXACT:
	case KAPI_RETURN_ERROR_CHECK:
		snprintf(ok, size, "ret != (long)(%s)", min ? min : "0");
		break;
	default:
		break;
	}
}

/* A bound of variant @v as C: as written, else the parser's number. */
static const char *variant_bound(const struct kapi_parsed_variant *v,
				 const char *member, s64 value, char *buf,
				 size_t size)
{
	const struct kapi_written *w = kapi_written(v->written, member);

	if (w)
		return w->text;
	snprintf(buf, size, "%lldLL", (long long)value);
	return buf;
}

/*
 * The command a selector value picks: 1 + its variant's index, 0 for a
 * value no variant describes. The case labels are the set's names, so
 * the compiler evaluates them and refuses two commands with one value.
 */
static void gen_variant_of(FILE *out, const struct kapi_parsed_spec *s)
{
	const struct kapi_parsed_param *sel = &s->params[s->selector];
	unsigned int i;

	fprintf(out, "static __always_inline unsigned int __kapi_variant_%s(long key)\n{\n",
		s->ident);
	fprintf(out, "\tswitch ((%s)key) {\n", sel->ctype ? sel->ctype : "long");
	for (i = 0; i < s->n_variants; i++)
		fprintf(out, "\tcase %s:\n\t\treturn %u;\n", s->variants[i].k.name,
			i + 1);
	fprintf(out, "\tdefault:\n\t\treturn 0;\n\t}\n}\n\n");
}

/* The condition under which a success of variant @v breaks its spec. */
static void variant_success_cond(char *ok, size_t size,
				 const struct kapi_parsed_variant *v)
{
	char lo[32], hi[32];

	success_cond(ok, size, v->k.check,
		     variant_bound(v, "success_min", v->k.success_min,
				   lo, sizeof(lo)),
		     variant_bound(v, "success_max", v->k.success_max,
				   hi, sizeof(hi)));
}

/* Whether variants @i and @j are checked alike on success. */
static bool same_success(const struct kapi_parsed_spec *s, unsigned int i,
			 unsigned int j)
{
	char a[512], b[512];

	if (s->variants[i].k.passed || s->variants[j].k.passed)
		return false;
	variant_success_cond(a, sizeof(a), &s->variants[i]);
	variant_success_cond(b, sizeof(b), &s->variants[j]);
	return !strcmp(a, b);
}

/*
 * A successful result checked against the command the selector picked,
 * in one switch on the selector's value, then against @ok_all, what every
 * command's result must meet: the commands checked alike share a case,
 * and the commands whose results are passed on (passed: yes, and the
 * values outside the set with others: passed) return them unchecked.
 */
static void gen_variant_success(FILE *out, const struct kapi_parsed_spec *s,
				const char *ok_all)
{
	const struct kapi_parsed_param *sel = &s->params[s->selector];
	bool passed = false;
	unsigned int i, j;
	char ok[512];

	fprintf(out, "static __always_inline long\n__kapi_success_%s(", s->ident);
	fprintf(out, "const struct kapi_spec *s, long ret, long a%d)\n{\n",
		s->selector);
	fprintf(out, "\tswitch ((%s)a%d) {\n", sel->ctype ? sel->ctype : "long",
		s->selector);
	for (i = 0; i < s->n_variants; i++) {
		if (s->variants[i].k.passed) {
			passed = true;
			continue;
		}
		for (j = 0; j < i && !same_success(s, i, j); j++)
			;
		if (j < i)
			continue;	/* a case of an earlier group */
		for (j = i; j < s->n_variants; j++)
			if (same_success(s, i, j))
				fprintf(out, "\tcase %s:\n", s->variants[j].k.name);
		variant_success_cond(ok, sizeof(ok), &s->variants[i]);
		if (ok[0])
			fprintf(out, "\t\tif (unlikely(%s))\n"
				"\t\t\treturn kapi_return_violation(s, ret);\n",
				ok);
		fprintf(out, "\t\tbreak;\n");
	}
	for (i = 0; i < s->n_variants; i++)
		if (s->variants[i].k.passed)
			fprintf(out, "\tcase %s:\n", s->variants[i].k.name);
	if (passed)
		fprintf(out, "\t\treturn ret;\n");
	fprintf(out, "\tdefault:\n\t\t%s;\n\t}\n",
		sel->others == KAPI_OTHERS_PASSED ? "return ret" : "break");
	if (ok_all[0])
		fprintf(out, "\tif (unlikely(%s))\n"
			"\t\treturn kapi_return_violation(s, ret);\n", ok_all);
	fprintf(out, "\treturn ret;\n}\n\n");
}

/*
 * A command whose successes may be negative (F_GETOWN's process groups)
 * can return what looks like an errno: the value is its result, so it is
 * taken as one before the errno check.
 */
static void gen_negative_successes(FILE *out, const struct kapi_parsed_spec *s)
{
	const struct kapi_parsed_variant *v;
	unsigned int i;
	char ok[512];

	for (i = 0; i < s->n_variants; i++) {
		v = &s->variants[i];
		if (v->k.check != KAPI_RETURN_RANGE || v->k.success_min >= 0)
			continue;
		variant_success_cond(ok, sizeof(ok), v);
		fprintf(out, "\tif (__kapi_variant_%s(a%d) == %u && !(%s))\n"
			"\t\treturn ret;\n", s->ident, s->selector, i + 1, ok);
	}
}

/*
 * The commands whose results belong to code this spec does not describe:
 * the values outside the set with others: passed (0), and each variant
 * with passed: yes. Their results are returned unchecked.
 */
static void gen_passed_on(FILE *out, const struct kapi_parsed_spec *s)
{
	bool others = s->params[s->selector].others == KAPI_OTHERS_PASSED;
	bool any = others;
	unsigned int i;

	for (i = 0; i < s->n_variants; i++)
		any |= s->variants[i].k.passed;
	if (!any)
		return;
	fprintf(out, "\tswitch (__kapi_variant_%s(a%d)) {\n", s->ident,
		s->selector);
	if (others)
		fprintf(out, "\tcase 0:\n");
	for (i = 0; i < s->n_variants; i++)
		if (s->variants[i].k.passed)
			fprintf(out, "\tcase %u:\t/* %s */\n", i + 1,
				s->variants[i].k.name);
	fprintf(out, "\t\treturn ret;\n\tdefault:\n\t\tbreak;\n\t}\n");
}

/*
 * An errno-looking result of a multiplexed call: a passed-on command's or
 * a negative success, else an errno held to the command's list. Apart
 * from the success path, which only needs the selector's own switch.
 */
static void gen_variant_errno(FILE *out, const struct kapi_parsed_spec *s)
{
	fprintf(out, "static __always_inline long\n__kapi_errno_%s(", s->ident);
	fprintf(out, "const struct kapi_spec *s, long ret, long a%d)\n{\n",
		s->selector);
	gen_passed_on(out, s);
	gen_negative_successes(out, s);
	fprintf(out, "\treturn kapi_check_variant_errno(s, __kapi_variant_%s(a%d), ret);\n}\n\n",
		s->ident, s->selector);
}

static void gen_post(FILE *out, const struct kapi_parsed_spec *s)
{
	const struct kapi_parsed_return *r = &s->ret;
	char ok[512];

	success_cond(ok, sizeof(ok), r->check, r->min.text, r->max.text);
	if (s->n_variants) {
		gen_variant_of(out, s);
		gen_variant_errno(out, s);
		gen_variant_success(out, s, ok);
	}
	fprintf(out, "static __always_inline long __kapi_post_%s(long ret",
		s->ident);
	/*
	 * a function's result is checked without its arguments, but for
	 * the command that picks its variant
	 */
	if (s->n_params && s->kind == KAPI_KIND_SYSCALL) {
		fprintf(out, ", ");
		gen_args(out, s, true);
	} else if (s->n_variants) {
		fprintf(out, ", long a%d", s->selector);
	}
	fprintf(out, ")\n{\n");
	fprintf(out, "\tconst struct kapi_spec *s = &__kapi_spec_%s;\n\n", s->ident);
	if (s->kind == KAPI_KIND_SYSCALL)
		fprintf(out, "\tkapi_count_call(s->nr);\n");
	if (s->n_variants) {
		/*
		 * Most commands succeed with 0; the first copy of the check
		 * folds to the few that may not.
		 */
		fprintf(out, "\tif (unlikely(IS_ERR_VALUE(ret)))\n"
			"\t\treturn __kapi_errno_%s(s, ret, a%d);\n"
			"\tif (!ret)\n\t\treturn __kapi_success_%s(s, 0, a%d);\n"
			"\treturn __kapi_success_%s(s, ret, a%d);\n}\n\n",
			s->ident, s->selector, s->ident, s->selector,
			s->ident, s->selector);
		return;
	}
	fprintf(out, "\tif (unlikely(IS_ERR_VALUE(ret)))\n"
		"\t\treturn kapi_check_errno(s, ret);\n");
	if (ok[0])
		fprintf(out, "\tif (unlikely(%s))\n"
			"\t\treturn kapi_return_violation(s, ret);\n", ok);
	fprintf(out, "\treturn ret;\n}\n\n");
}

/*
 * Whether every parameter and the result have a C type a long carries; a
 * multiplexed function needs a result to hold to its command.
 */
static bool fn_hookable(const struct kapi_parsed_spec *s)
{
	struct kapi_ctype ct;
	unsigned int i;

	if (!s->ret.ctype || (s->n_variants && !strcmp(s->ret.ctype, "void")))
		return false;
	for (i = 0; i < s->n_params; i++) {
		if (!s->params[i].ctype)
			return false;
		kapi_ctype_classify(s->params[i].ctype, &ct);
		if (!ct.pointer && (ct.is_struct || ct.is_union))
			return false;
	}
	kapi_ctype_classify(s->ret.ctype, &ct);
	return ct.pointer || !(ct.is_struct || ct.is_union);
}

/* "T name", without the space after a '*' */
static void c_decl(FILE *out, const char *ctype, const char *name)
{
	size_t n = strlen(ctype);

	fprintf(out, "%s%s%s", ctype, n && ctype[n - 1] == '*' ? "" : " ",
		name);
}

static void fn_args(FILE *out, const struct kapi_parsed_spec *s)
{
	unsigned int i;

	for (i = 0; i < s->n_params; i++)
		fprintf(out, "%s(__force long)a%u", i ? ", " : "", i);
}

/* "T0 a0, T1 a1", or "void" */
static void fn_params(FILE *out, const struct kapi_parsed_spec *s)
{
	char name[16];
	unsigned int i;

	for (i = 0; i < s->n_params; i++) {
		snprintf(name, sizeof(name), "a%u", i);
		fprintf(out, "%s", i ? ", " : "");
		c_decl(out, s->params[i].ctype, name);
	}
	if (!s->n_params)
		fprintf(out, "void");
}

/* "a0, a1" */
static void fn_names(FILE *out, const struct kapi_parsed_spec *s)
{
	unsigned int i;

	for (i = 0; i < s->n_params; i++)
		fprintf(out, "%sa%u", i ? ", " : "", i);
}

/* The body's call in the checked path, its result tested on return. */
static void fn_body_call(FILE *out, const struct kapi_parsed_spec *s,
			 bool has_result)
{
	if (has_result)
		fprintf(out, "\t\treturn __kapi_return_%s(body(", s->ident);
	else
		fprintf(out, "\t\tbody(");
	fn_names(out, s);
	if (has_result && s->n_variants)
		fprintf(out, "), (__force long)a%d);\t\\\n", s->selector);
	else
		fprintf(out, "%s;\t\\\n", has_result ? "))" : ")");
}

/*
 * What KAPI_FN_CHECKED() and kapi_fn_call() (include/linux/kapi_runtime.h)
 * build for a function that opts in: the entry test with the function's own
 * C types, so the compiler checks the arguments, the return test, which
 * hands the result back unchanged, and the checked path around the body.
 * A function's checks report and never refuse: its callers in the kernel
 * are not written to handle a refusal that the function would not make.
 */
static void gen_fn_hooks(FILE *out, const struct kapi_parsed_spec *s)
{
	bool has_result = strcmp(s->ret.ctype, "void");

	fprintf(out, "#ifdef CONFIG_KAPI_RUNTIME_FUNCTION_CHECKS\n");
	fprintf(out, "#define __KAPI_HAS_FN_%s 1\n", s->ident);
	if (has_result) {
		fprintf(out, "static __always_inline __maybe_unused %s\n__kapi_return_%s(",
			s->ret.ctype, s->ident);
		c_decl(out, s->ret.ctype, "ret");
		if (s->n_variants)
			fprintf(out, ", long a%d", s->selector);
		fprintf(out, ")\n{\n\t__kapi_post_%s((__force long)ret", s->ident);
		if (s->n_variants)
			fprintf(out, ", a%d", s->selector);
		fprintf(out, ");\n\treturn ret;\n}\n\n");
	}
	/*
	 * KAPI_FN_CHECKED(name, body) puts the checked path around the body
	 * in functions of its own, as for a syscall: the plain path keeps
	 * the registers and tail calls it has without checks, and a call
	 * that passes the entry test goes on to the body without having
	 * saved its arguments for a report; the reporting one is cold.
	 */
	fprintf(out, "#define __KAPI_FN_CHECKED_%s(body)\t\\\n", s->ident);
	fprintf(out, "\tstatic noinline __cold %s\t\\\n\t__kapi_slow_%s(",
		s->ret.ctype, s->ident);
	fn_params(out, s);
	fprintf(out, ")\t\\\n\t{\t\\\n\t\t__kapi_report_%s(false, 0%s", s->ident,
		s->n_params ? ", " : "");
	fn_args(out, s);
	fprintf(out, ");\t\\\n");
	fn_body_call(out, s, has_result);
	fprintf(out, "\t}\t\\\n\tstatic noinline %s\t\\\n\t__kapi_checked_%s(",
		s->ret.ctype, s->ident);
	fn_params(out, s);
	fprintf(out, ")\t\\\n\t{\t\\\n\t\tif (unlikely(__kapi_bad_%s(", s->ident);
	fn_args(out, s);
	fprintf(out, ")))\t\\\n\t\t\t%s__kapi_slow_%s(", has_result ? "return " : "",
		s->ident);
	fn_names(out, s);
	fprintf(out, ");\t\\\n");
	if (!has_result)
		fprintf(out, "\t\telse\t\\\n\t");
	fn_body_call(out, s, has_result);
	fprintf(out, "\t}\n");
	fprintf(out, "#endif /* CONFIG_KAPI_RUNTIME_FUNCTION_CHECKS */\n\n");
}

void kapi_gen_checks(FILE *out, const struct kapi_parsed_spec *s)
{
	fprintf(out, "#ifdef CONFIG_KAPI_RUNTIME_CHECKS\n");
	fprintf(out, "#include <linux/kapi_checks.h>\n\n");
	/*
	 * Functions get the argument checks too, for callers (and tests)
	 * that want them; only syscalls are bound to them automatically.
	 */
	if (s->kind == KAPI_KIND_SYSCALL)
		fprintf(out, "#define __KAPI_HAS_%s 1\n\n", s->ident);
	gen_pre(out, s);
	if (s->kind == KAPI_KIND_SYSCALL) {
		gen_post(out, s);
	} else if (fn_hookable(s)) {
		if (strcmp(s->ret.ctype, "void"))
			gen_post(out, s);
		gen_fn_hooks(out, s);
	}
	fprintf(out, "#endif /* CONFIG_KAPI_RUNTIME_CHECKS */\n\n");
}

/*
 * The checks bind when SYSCALL_DEFINE expands, so the generated header
 * must be included above the first syscall the file specifies.
 */
int kapi_gen_check_include(const char *path, const struct kapi_file *f,
			   FILE *diag)
{
	unsigned int i, line = 0, first = 0, inc_line = 0;
	const char *base = strrchr(path, '/');
	char want[512], *l = NULL;
	size_t cap = 0, n;
	FILE *in;

	for (i = 0; i < f->n_specs; i++)
		if (f->specs[i].kind == KAPI_KIND_SYSCALL &&
		    (!first || f->specs[i].proto_line < first))
			first = f->specs[i].proto_line;
	if (!first)
		return 0;
	base = base ? base + 1 : path;
	n = strlen(base);
	if (n > 2 && !strcmp(base + n - 2, ".c"))
		n -= 2;
	snprintf(want, sizeof(want), "\"%.*s.apispec.h\"", (int)n, base);

	in = fopen(path, "r");
	if (!in)
		return 0;	/* the parser already read it; nothing to add */
	while (getline(&l, &cap, in) > 0) {
		line++;
		if (strstr(l, "#include") && strstr(l, want)) {
			inc_line = line;
			break;
		}
	}
	free(l);
	fclose(in);
	if (inc_line && inc_line < first)
		return 0;
	fprintf(diag,
		"%s:%u: error: run-time checks bind when SYSCALL_DEFINE expands: #include %s above this line (after the other includes)\n",
		path, first, want);
	return 1;
}
