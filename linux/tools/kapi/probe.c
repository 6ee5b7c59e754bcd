// SPDX-License-Identifier: GPL-2.0
/*
 * kapi probe [NAME...]: for each system call spec, the baseline call, every
 * other class of each argument with the rest at baseline, and every pair of
 * classes of two arguments of which at least one is bad, each run with the
 * checks off, in enforce and in warn mode. A result breaks a rule when
 *   1. with the checks off it is neither a success the spec's return
 *      allows nor an errno the spec lists;
 *   2. with the checks off it is a success although an argument breaks
 *      its constraint (the spec is too strict);
 *   3. enforce mode returns something else than the checks off, or the
 *      checker refuses a call whose arguments are all valid, or lets one
 *      with a bad argument through;
 *   4. warn mode returns something else than the checks off, or the
 *      checker reports anything but what rules 1 and 2 find, or does not
 *      count a bad argument of a call the kernel failed.
 * In a multiplexed call the command the selector picks decides: its own
 * success range and errnos (with those listed for every command) count,
 * its commands are classes of the selector, and a result the spec hands
 * to other code (others: passed, passed: yes) breaks no rule.
 * Each broken rule is a line naming the call; the exit status is 10 when
 * there is one. Each spec's summary lists its errnos with the first call
 * that returned each: what the probe covered, and what it never provoked.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "kapi_internal.h"
#include <linux/kapi_names.h>
#include "main.h"
#include "model.h"
#include "probe.h"
#include "read.h"

/* A bound of a parameter's range and what the kernel made of it. */
struct probe_bound {
	const char *label;	/* "min-1", "min", "max", "max+1" */
	long long value;
	bool hit;
	char result[48];	/* checks off, the other arguments at baseline */
};

#define PROBE_BOUNDS	4

struct probe_stats {
	unsigned int calls, broken, not_run, unaccounted;
	/* per listed errno of the spec: the first call that returned it */
	char (*seen)[160];
	struct probe_result last;	/* of the last call run, checks off */
	bool last_ran;
	struct probe_bound bounds[6][PROBE_BOUNDS];
};

/*
 * The command the selector argument of @r picks in a multiplexed call: 1 +
 * its index in spec->variants, as the run-time checker numbers them; 0
 * for a value no variant describes, or a call without commands.
 */
static unsigned int variant_of(const struct kapi_spec *spec,
			       const struct probe_result *r)
{
	const struct kapi_value_set *set;
	const struct kapi_param *p;
	unsigned int i, k, v;
	long long key;

	for (i = 0; i < spec->n_params && i < 6; i++) {
		p = &spec->params[i];
		if (!(p->flags & KAPI_PARAM_SELECTOR))
			continue;
		set = p->set;
		if (!set || !set->valued)
			return 0;
		key = probe_as_ctype(p, r->args[i]);
		for (k = 0; k < set->n_values; k++) {
			if (set->values[k].value != key)
				continue;
			for (v = 0; v < spec->n_variants; v++)
				if (spec->variants[v].name && set->values[k].name &&
				    !strcmp(spec->variants[v].name,
					    set->values[k].name))
					return v + 1;
		}
		return 0;
	}
	return 0;
}

/*
 * Whether the result of @r belongs to code the spec does not describe: a
 * command outside the selector's set with others: passed, or a command
 * marked passed: yes. The spec says nothing of it, nor does the checker.
 */
static bool passed_on(const struct kapi_spec *spec,
		      const struct probe_result *r)
{
	unsigned int i, v = variant_of(spec, r);

	if (v)
		return spec->variants[v - 1].passed;
	for (i = 0; i < spec->n_params && i < 6; i++)
		if (spec->params[i].flags & KAPI_PARAM_SELECTOR)
			return spec->params[i].others == KAPI_OTHERS_PASSED;
	return false;
}

/*
 * The index of the spec's error entry for @err with the command @variant
 * (0: none): the command's own entry first, else one for every command;
 * -1 when neither lists it.
 */
static int listed(const struct kapi_spec *spec, long long err,
		  unsigned int variant)
{
	int any = -1;
	unsigned int i;

	for (i = 0; i < spec->n_errors && spec->errors; i++) {
		if (spec->errors[i].error != err)
			continue;
		if (variant && spec->errors[i].variant == variant)
			return i;
		if (!spec->errors[i].variant && any < 0)
			any = i;
	}
	return any;
}

/* A success is held to its command's range when the command has one. */
static bool success_allowed(const struct kapi_spec *spec, long long ret,
			    unsigned int variant)
{
	const struct kapi_variant *v = variant ? &spec->variants[variant - 1] :
					       NULL;
	const struct kapi_return *r = &spec->ret;
	u8 check = v && v->check ? v->check : r->check;
	s64 lo = v && v->check ? v->success_min : r->success_min;
	s64 hi = v && v->check ? v->success_max : r->success_max;

	switch (check) {
	case KAPI_RETURN_EXACT:
		return ret == lo;
	case KAPI_RETURN_RANGE:
	case KAPI_RETURN_FD:
		return ret >= lo && ret <= hi;
	default:
		return true;
	}
}

static bool same(const struct probe_result *a, const struct probe_result *b)
{
	return a->ret == b->ret && a->signal == b->signal;
}

static void describe(const struct kapi_spec *spec, const struct probe_call *c,
		     char *buf, size_t len)
{
	const struct probe_class *k;
	size_t n = 0;
	unsigned int i;

	n += snprintf(buf + n, len - n, "%s(", spec->name);
	for (i = 0; i < c->n_args && n < len; i++) {
		k = c->arg[i];
		n += snprintf(buf + n, len - n, "%s%s=%s", i ? ", " : "",
			      spec->params[i].name ?: "?", k->name);
		if (k->fx == PF_VALUE && n < len)
			n += snprintf(buf + n, len - n, ":%lld", k->value);
		if (k->bad && n < len)
			n += snprintf(buf + n, len - n, "!");
	}
	if (n < len)
		snprintf(buf + n, len - n, ")");
}

static void broken(const struct kapi_spec *spec, const struct probe_call *c,
		   const struct probe_result *res, bool modes, int rule,
		   struct probe_stats *st)
{
	char call[512], r[PROBE_N_MODES][80];
	unsigned int m;
	size_t n;

	for (m = 0; m < PROBE_N_MODES; m++) {
		probe_result_str(&res[m], r[m], sizeof(r[m]));
		n = strlen(r[m]);
		if (res[m].counted)
			snprintf(r[m] + n, sizeof(r[m]) - n,
				 " [checker: %ld rejected, %ld reports]",
				 res[m].rejected, res[m].reports);
	}
	describe(spec, c, call, sizeof(call));
	st->broken++;
	if (json_output) {
		jsonw_start_object(json_wtr);
		jsonw_string_field(json_wtr, "call", call);
		jsonw_int_field(json_wtr, "rule", rule);
		for (m = 0; m < PROBE_N_MODES; m++)
			if (modes || res[m].predicted || m == PROBE_OFF)
				jsonw_string_field(json_wtr, probe_mode_name(m),
						   r[m]);
		jsonw_end_object(json_wtr);
	} else if (modes) {
		printf("%s: rule %d: off %s, enforce %s, warn %s\n", call, rule,
		       r[PROBE_OFF], r[PROBE_ENFORCE], r[PROBE_WARN]);
	} else if (res[PROBE_ENFORCE].predicted) {
		printf("%s: rule %d: off %s, enforce would refuse with %s (from the spec)\n",
		       call, rule, r[PROBE_OFF], r[PROBE_ENFORCE]);
	} else {
		printf("%s: rule %d: %s\n", call, rule, r[PROBE_OFF]);
	}
}

/*
 * Whether parameter @i, a buffer, and its size, as run @r passed them,
 * reach past the end of user space, which the checker's test of a buffer
 * constraint refuses (access_ok()). The address is the fixture's, known
 * only after the call.
 */
static bool range_bad_at(const struct kapi_spec *spec,
			 const struct probe_result *r, unsigned int i)
{
	const struct kapi_param *p = &spec->params[i];
	unsigned long a, e;

	if (i >= 6 || p->constraint != KAPI_CONSTRAINT_BUFFER ||
	    p->size_param < 0 || p->size_param >= 6)
		return false;
	a = r->args[i];
	e = a + (unsigned long)r->args[p->size_param];
	return e < a || e > probe_user_max();
}

static bool range_bad(const struct kapi_spec *spec,
		      const struct probe_result *r)
{
	unsigned int i;

	for (i = 0; i < spec->n_params; i++)
		if (range_bad_at(spec, r, i))
			return true;
	return false;
}

/*
 * One side of a constraint's comparison: a parameter's argument as its C
 * type makes it, or a number. False when it is neither.
 */
static bool operand(const struct kapi_spec *spec, const struct probe_result *r,
		    const char *s, size_t len, long long *v, bool *is_unsigned)
{
	unsigned int i;
	char *end;

	for (i = 0; i < spec->n_params && i < 6; i++) {
		const struct kapi_param *p = &spec->params[i];

		if (p->name && strlen(p->name) == len &&
		    !strncmp(p->name, s, len)) {
			struct kapi_ctype ct;

			/* as C compares two types of one width: unsigned if one is */
			kapi_ctype_classify(p->ctype ?: "long", &ct);
			*v = probe_as_ctype(p, r->args[i]);
			*is_unsigned |= ct.pointer || ct.sign == 0;
			return true;
		}
	}
	errno = 0;
	*v = strtoll(s, &end, 0);
	return !errno && end == s + len && len;
}

/*
 * Whether call @r breaks the constraint @ct, which has an errno: 1 yes, 0
 * no, -1 when the probe cannot say. It reads "A op B", A and B parameter
 * names or numbers, op a C comparison; the build compiled the expression
 * as C, anything richer is the conformance tests' to check.
 */
static int constraint_broken(const struct kapi_spec *spec,
			     const struct kapi_constraint *ct,
			     const struct probe_result *r)
{
	static const char *const ops[] = { "==", "!=", "<=", ">=", "<", ">" };
	const char *e = ct->expr, *at = NULL, *a, *b;
	size_t alen, blen, k;
	long long x, y;
	bool uns = false;

	if (!e)
		return -1;
	for (k = 0; k < ARRAY_SIZE(ops); k++) {
		at = strstr(e, ops[k]);
		if (at)
			break;
	}
	if (!at)
		return -1;
	for (a = e; *a == ' '; a++)
		;
	for (alen = at - a; alen && a[alen - 1] == ' '; alen--)
		;
	for (b = at + strlen(ops[k]); *b == ' '; b++)
		;
	for (blen = strlen(b); blen && b[blen - 1] == ' '; blen--)
		;
	if (!operand(spec, r, a, alen, &x, &uns) ||
	    !operand(spec, r, b, blen, &y, &uns))
		return -1;
	if (uns) {
		unsigned long long ux = x, uy = y;

		return !(k == 0 ? ux == uy : k == 1 ? ux != uy :
			 k == 2 ? ux <= uy : k == 3 ? ux >= uy :
			 k == 4 ? ux < uy : ux > uy);
	}
	return !(k == 0 ? x == y : k == 1 ? x != y : k == 2 ? x <= y :
		 k == 3 ? x >= y : k == 4 ? x < y : x > y);
}

/*
 * The first constraint with an errno that call @r breaks: its index, -1
 * for none, -2 when one of them cannot be evaluated.
 */
static int rule_broken(const struct kapi_spec *spec,
		       const struct probe_result *r)
{
	unsigned int j;
	int b;

	for (j = 0; j < spec->n_constraints && spec->constraints; j++) {
		if (!spec->constraints[j].error)
			continue;
		b = constraint_broken(spec, &spec->constraints[j], r);
		if (b)
			return b < 0 ? -2 : (int)j;
	}
	return -1;
}

/* The negative errno enforce mode refuses a bad @p of class @c with. */
static int refusal_errno(const struct kapi_param *p,
			 const struct probe_class *c)
{
	if (p->error_above && probe_above_max(p, c))
		return -p->error_above;
	return kapi_param_errno(p);
}

/*
 * What enforce mode would refuse call @c with (run @off gave the fixtures'
 * addresses), worked out from the spec as the generated checks work it
 * out: the first bad argument in the spec's check order is refused with
 * the errno of a descriptor checked before it that the kernel cannot look
 * up (not open, just closed, O_PATH: EBADF), else with its own. Returns
 * that negative errno, 0 when no argument is bad, and 1 when the data
 * cannot say: an open descriptor is checked first, and the modes the
 * kernel wants of it (fd-modes:) are not part of the spec's data.
 */
static int predict_refusal(const struct kapi_spec *spec,
			   const struct probe_call *c,
			   const struct probe_result *off)
{
	unsigned int order[6], n = 0, k, i;
	const struct probe_class *cls;
	const struct kapi_param *p;
	bool open_fd = false;
	int fd_err = 0, rule;

	/* the generated checks test the rules over several arguments first */
	rule = rule_broken(spec, off);
	if (rule == -2)
		return 1;
	if (rule >= 0)
		return -spec->constraints[rule].error;
	for (k = 0; k < spec->n_check_order && n < c->n_args; k++)
		if (spec->check_order[k] < c->n_args)
			order[n++] = spec->check_order[k];
	for (i = 0; i < c->n_args; i++) {
		for (k = 0; k < n && order[k] != i; k++)
			;
		if (k == n)
			order[n++] = i;
	}
	for (k = 0; k < n; k++) {
		i = order[k];
		p = &spec->params[i];
		cls = c->arg[i];
		if (cls->bad || range_bad_at(spec, off, i)) {
			if (open_fd)
				return 1;
			return fd_err ?: refusal_errno(p, cls);
		}
		if (p->constraint != KAPI_CONSTRAINT_FD ||
		    p->flags & KAPI_PARAM_OPTIONAL || fd_err || open_fd)
			continue;
		if (cls->fx == PF_VALUE || cls->fx == PF_CLOSED ||
		    cls->fx == PF_OPATH)
			fd_err = -EBADF;
		else
			open_fd = true;
	}
	return 0;
}

/* Whether the checks-off result @r is one the spec does not allow. */
static bool unallowed(const struct kapi_spec *spec,
		      const struct probe_result *r)
{
	unsigned int v = variant_of(spec, r);

	if (r->signal || passed_on(spec, r))
		return false;
	return r->ret < 0 ? listed(spec, -r->ret, v) < 0 :
			    !success_allowed(spec, r->ret, v);
}

static void one_call(const struct kapi_spec *spec, const struct probe_call *c,
		     bool modes, struct probe_stats *st)
{
	struct probe_result res[PROBE_N_MODES] = { 0 };
	const struct probe_result *off = &res[PROBE_OFF];
	const struct probe_result *enf = &res[PROBE_ENFORCE];
	const struct probe_result *warn = &res[PROBE_WARN];
	bool bad = false, bad_warn, too_strict, warn_strict;
	unsigned int m, i;
	int e, rule;

	st->last_ran = false;
	for (m = 0; m < (modes ? PROBE_N_MODES : 1); m++) {
		if (!probe_run(spec->nr, c, m, &res[m])) {
			st->not_run++;
			return;
		}
	}
	st->calls++;
	st->last = *off;
	st->last_ran = true;
	for (i = 0; i < c->n_args; i++)
		bad |= c->arg[i]->bad;
	rule = rule_broken(spec, off);
	bad |= rule >= 0;
	e = off->ret < 0 ? listed(spec, -off->ret, variant_of(spec, off)) : -1;
	if (e >= 0 && !st->seen[e][0])
		describe(spec, c, st->seen[e], sizeof(st->seen[e]));
	too_strict = (bad || range_bad(spec, off)) && off->ret >= 0 &&
		     !off->signal;
	if (unallowed(spec, off) || off->signal)
		broken(spec, c, res, modes, 1, st);
	if (too_strict)
		broken(spec, c, res, modes, 2, st);
	if (!modes) {
		/*
		 * Without the checks in this kernel, enforce mode's errno
		 * comes from the spec: the check order and the per-bound
		 * errnos are held to the kernel all the same.
		 */
		e = predict_refusal(spec, c, off);
		if (e < 0 && off->ret < 0 && off->ret != e) {
			res[PROBE_ENFORCE].ret = e;
			res[PROBE_ENFORCE].predicted = true;
			broken(spec, c, res, modes, 3, st);
		}
		return;
	}
	/*
	 * enforce refuses exactly the calls with a bad argument (which the
	 * probe cannot tell when a rule over several arguments is beyond it)
	 */
	if (!same(enf, off) ||
	    (enf->counted && rule != -2 &&
	     !!enf->rejected != (bad || range_bad(spec, enf))))
		broken(spec, c, res, modes, 3, st);
	/*
	 * warn reports what rules 1 and 2 find, nothing else, and counts a
	 * bad argument of a call the kernel failed as refused
	 */
	bad_warn = bad || range_bad(spec, warn);
	warn_strict = bad_warn && warn->ret >= 0 && !warn->signal;
	if (!same(warn, off) ||
	    (warn->counted && rule != -2 &&
	     (!!warn->reports != (unallowed(spec, warn) || warn_strict) ||
	      !!warn->rejected != (bad_warn && warn->ret < 0))))
		broken(spec, c, res, modes, 4, st);
}

/*
 * What the kernel returned at each bound of each range, checks off and
 * the other arguments valid: where the spec's bounds meet the kernel's.
 */
static void report_bounds(const struct kapi_spec *spec,
			  const struct probe_stats *st)
{
	const struct probe_bound *b;
	unsigned int i, n;
	bool any;

	if (json_output) {
		jsonw_name(json_wtr, "bounds");
		jsonw_start_array(json_wtr);
	}
	for (i = 0; i < spec->n_params && i < 6; i++) {
		any = false;
		for (n = 0; n < PROBE_BOUNDS; n++) {
			b = &st->bounds[i][n];
			if (!b->label)
				continue;
			if (json_output) {
				jsonw_start_object(json_wtr);
				jsonw_string_field(json_wtr, "param",
						   spec->params[i].name);
				jsonw_string_field(json_wtr, "bound", b->label);
				jsonw_int_field(json_wtr, "value", b->value);
				if (b->hit)
					jsonw_string_field(json_wtr, "result",
							   b->result);
				else
					jsonw_null_field(json_wtr, "result");
				jsonw_end_object(json_wtr);
				continue;
			}
			if (!any)
				printf("#   bounds of %s:", spec->params[i].name);
			printf("%s %s=%lld %s", any ? "," : "", b->label,
			       b->value, b->hit ? b->result : "-");
			any = true;
		}
		if (any && !json_output)
			printf("\n");
	}
	if (json_output)
		jsonw_end_array(json_wtr);
}

/*
 * The spec's summary and its coverage: each errno it lists, with the
 * first call that returned it, else what the conformance tests did about
 * it (a case that returned it, or why it cannot be provoked here).
 */
static unsigned int report_spec(const struct kapi_spec *spec,
				const struct probe_stats *st,
				const struct probe_tests *tests)
{
	const struct probe_test_entry *t;
	unsigned int i, seen = 0, by_probe = 0, skipped = 0;
	const char *name;
	char row[200];

	for (i = 0; i < spec->n_errors; i++) {
		name = spec->errors[i].name ?: "?";
		t = probe_tests_find(tests, spec->name, name);
		by_probe += !!st->seen[i][0];
		seen += st->seen[i][0] || (t && t->seen);
		skipped += !st->seen[i][0] && t && !t->seen;
	}
	if (!json_output) {
		printf("# %s: %u calls, %u broken rules, %u of %u errnos seen",
		       spec->name, st->calls, st->broken, seen, spec->n_errors);
		if (tests->given)
			printf(" (%u by the probe), %u not provokable here, %u unaccounted",
			       by_probe, skipped, spec->n_errors - seen - skipped);
		printf("%s\n", st->not_run ? " (some calls could not be set up)" : "");
		for (i = 0; i < spec->n_errors; i++) {
			name = spec->errors[i].name ?: "?";
			t = probe_tests_find(tests, spec->name, name);
			if (st->seen[i][0])
				snprintf(row, sizeof(row), "%s", st->seen[i]);
			else if (t)
				snprintf(row, sizeof(row), "%s %s",
					 t->seen ? "test" : "not provokable:",
					 t->text);
			else
				snprintf(row, sizeof(row), "-");
			printf("#   %-12s %s\n", name, row);
		}
		report_bounds(spec, st);
		return tests->given ? spec->n_errors - seen - skipped : 0;
	}
	jsonw_int_field(json_wtr, "calls", st->calls);
	jsonw_int_field(json_wtr, "broken_rules", st->broken);
	jsonw_int_field(json_wtr, "not_run", st->not_run);
	jsonw_name(json_wtr, "errors");
	jsonw_start_array(json_wtr);
	for (i = 0; i < spec->n_errors; i++) {
		name = spec->errors[i].name ?: "?";
		t = probe_tests_find(tests, spec->name, name);
		jsonw_start_object(json_wtr);
		jsonw_string_field(json_wtr, "name", spec->errors[i].name);
		jsonw_int_field(json_wtr, "error", spec->errors[i].error);
		if (st->seen[i][0])
			jsonw_string_field(json_wtr, "seen_in", st->seen[i]);
		else
			jsonw_null_field(json_wtr, "seen_in");
		if (tests->given) {
			if (t && t->seen)
				jsonw_string_field(json_wtr, "test", t->text);
			else
				jsonw_null_field(json_wtr, "test");
			if (t && !t->seen)
				jsonw_string_field(json_wtr, "not_provokable",
						   t->text);
			else
				jsonw_null_field(json_wtr, "not_provokable");
		}
		jsonw_end_object(json_wtr);
	}
	jsonw_end_array(json_wtr);
	report_bounds(spec, st);
	jsonw_end_object(json_wtr);
	return tests->given ? spec->n_errors - seen - skipped : 0;
}

/*
 * The bounds of each range parameter that the argument classes reach
 * without wrapping around the parameter's type.
 */
static void init_bounds(const struct kapi_spec *spec, struct probe_stats *st)
{
	const struct kapi_param *p;
	struct probe_bound *b;
	bool u;
	unsigned int i;

	for (i = 0; i < spec->n_params && i < 6; i++) {
		p = &spec->params[i];
		if (p->constraint != KAPI_CONSTRAINT_RANGE)
			continue;
		u = p->type == KAPI_TYPE_UINT;
		b = st->bounds[i];
		b[0].label = "min-1";
		b[0].value = p->ext.min - 1;
		b[1].label = "min";
		b[1].value = p->ext.min;
		b[2].label = "max";
		b[2].value = p->ext.max;
		b[3].label = "max+1";
		b[3].value = p->ext.max + 1;
		/* no class wraps around the type */
		if (u ? p->ext.min == 0 : p->ext.min == LLONG_MIN)
			b[0].label = NULL;
		if (u ? p->ext.max == -1 : p->ext.max == LLONG_MAX)
			b[3].label = NULL;
	}
}

/* Parameter @i was class @k in the call just run: a bound of its range? */
static void note_bound(struct probe_stats *st, unsigned int i,
		       const struct probe_class *k)
{
	struct probe_bound *b;
	unsigned int n;

	if (i >= 6 || !st->last_ran || k->fx != PF_VALUE)
		return;
	for (n = 0; n < PROBE_BOUNDS; n++) {
		b = &st->bounds[i][n];
		if (b->label && !b->hit && b->value == k->value) {
			b->hit = true;
			probe_result_str(&st->last, b->result,
					 sizeof(b->result));
		}
	}
}

static void probe_spec(const struct kapi_spec *spec, bool modes,
		       const struct probe_tests *tests,
		       struct probe_stats *total)
{
	struct probe_param *cls = calloc(spec->n_params, sizeof(*cls));
	struct probe_stats st = { 0 };
	struct probe_call c = { .n_args = spec->n_params };
	unsigned int i, j, a, b;

	st.seen = calloc(spec->n_errors + 1, sizeof(*st.seen));
	if (!cls || !st.seen) {
		p_err("out of memory");
		exit(KAPI_EXIT_INTERNAL);
	}
	if (json_output) {
		jsonw_start_object(json_wtr);
		jsonw_string_field(json_wtr, "name", spec->name);
		jsonw_name(json_wtr, "broken");
		jsonw_start_array(json_wtr);
	}
	for (i = 0; i < spec->n_params; i++) {
		probe_classes(spec, i, &cls[i]);
		c.arg[i] = &cls[i].c[0];
	}
	init_bounds(spec, &st);
	one_call(spec, &c, modes, &st);
	for (i = 0; i < spec->n_params; i++)
		note_bound(&st, i, c.arg[i]);
	/* each other class of one argument */
	for (i = 0; i < spec->n_params; i++) {
		for (a = 1; a < cls[i].n; a++) {
			c.arg[i] = &cls[i].c[a];
			one_call(spec, &c, modes, &st);
			note_bound(&st, i, c.arg[i]);
		}
		c.arg[i] = &cls[i].c[0];
	}
	/*
	 * every pair of other classes with a bad one among them: two bad
	 * arguments, or a bad one and a descriptor, path or value in
	 * another state, where the kernel's order of checks decides
	 */
	for (i = 0; i < spec->n_params; i++) {
		for (j = i + 1; j < spec->n_params; j++) {
			for (a = 1; a < cls[i].n; a++) {
				for (b = 1; b < cls[j].n; b++) {
					c.arg[i] = &cls[i].c[a];
					c.arg[j] = &cls[j].c[b];
					one_call(spec, &c, modes, &st);
				}
			}
			c.arg[i] = &cls[i].c[0];
			c.arg[j] = &cls[j].c[0];
		}
	}
	if (json_output)
		jsonw_end_array(json_wtr);
	total->unaccounted += report_spec(spec, &st, tests);
	total->calls += st.calls;
	total->broken += st.broken;
	total->not_run += st.not_run;
	free(st.seen);
	free(cls);
}

int do_probe(int argc, char **argv)
{
	struct probe_stats total = { 0 };
	const struct kapi_spec *spec;
	struct probe_tests tests;
	struct kapi_set set;
	int i, names, ret;
	bool modes;

	/* the specs' debugfs is the checker's too; else the running kernel's */
	if (main_origin.kind == KAPI_ORIGIN_DEBUGFS)
		probe_set_debugfs(main_origin.path);
	modes = probe_have_modes();

	/* NAME... [conformance LOG...] */
	for (names = 0; names < argc; names++)
		if (!strcmp(argv[names], "conformance"))
			break;
	if (names < argc && names + 1 == argc) {
		p_err("conformance: no KTAP log given");
		return KAPI_EXIT_USAGE;
	}
	ret = probe_tests_load(&tests, argv + names + 1,
			       names < argc ? argc - names - 1 : 0);
	if (!ret)
		ret = kapi_set_load(&set, &main_origin);
	else
		memset(&set, 0, sizeof(set));
	/* errnos returned here are compared by number with the specs' */
	if (!ret && set.errno_abi != machine_errno_abi()) {
		p_err("the specs number errnos as %s, this machine as %s: probe the specs of the running kernel",
		      kapi_errno_abi_name(set.errno_abi),
		      kapi_errno_abi_name(machine_errno_abi()));
		ret = KAPI_EXIT_USAGE;
	}
	/* and calls by number: source read with --arch has its numbers */
	if (!ret && set.origin.kind == KAPI_ORIGIN_SOURCE &&
	    kapi_arch().abi != machine_kapi_arch().abi) {
		p_err("the specs were read for %s, this machine is %s: its system call numbers differ",
		      kapi_abi_name(kapi_arch().abi),
		      kapi_abi_name(machine_kapi_arch().abi));
		ret = KAPI_EXIT_USAGE;
	}
	for (i = 0; !ret && i < names; i++) {
		if (!kapi_set_find(&set, argv[i])) {
			p_err("no spec named '%s'", argv[i]);
			ret = KAPI_EXIT_NO_SPEC;
		}
	}
	if (ret) {
		probe_tests_free(&tests);
		kapi_set_free(&set);
		return ret;
	}
	if (modes)
		probe_save_mode();
	if (json_output) {
		jsonw_start_object(json_wtr);
		jsonw_bool_field(json_wtr, "modes", modes);
		jsonw_name(json_wtr, "specs");
		jsonw_start_array(json_wtr);
	} else if (!modes) {
		printf("# no run-time checks here: rules 1 and 2, rule 3 from the spec\n");
	}
	for (i = 0; i < (names ? names : (int)set.n); i++) {
		spec = names ? kapi_set_find(&set, argv[i]) : set.specs[i];
		if (spec->kind != KAPI_KIND_SYSCALL || spec->nr < 0 ||
		    spec->n_params > 6)
			continue;
		probe_spec(spec, modes, &tests, &total);
	}
	if (json_output) {
		jsonw_end_array(json_wtr);
		jsonw_int_field(json_wtr, "calls", total.calls);
		jsonw_int_field(json_wtr, "broken_rules", total.broken);
		jsonw_int_field(json_wtr, "not_run", total.not_run);
		if (tests.given)
			jsonw_int_field(json_wtr, "unaccounted_errnos",
					total.unaccounted);
		jsonw_end_object(json_wtr);
	} else {
		printf("# %u calls, %u broken rules, %u not run", total.calls,
		       total.broken, total.not_run);
		if (tests.given)
			printf(", %u errnos unaccounted", total.unaccounted);
		printf("\n");
	}
	probe_restore_mode();
	probe_tests_free(&tests);
	kapi_set_free(&set);
	return total.broken || total.not_run || total.unaccounted ?
	       KAPI_EXIT_PROBE : KAPI_EXIT_OK;
}
