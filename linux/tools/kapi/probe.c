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
 *   3. enforce mode returns something else than the checks off;
 *   4. warn mode returns something else than the checks off.
 * Each broken rule is a line naming the call; the exit status is 10 when
 * there is one. Each spec's summary lists its errnos with the first call
 * that returned each: what the probe covered, and what it never provoked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "kapi_names.h"
#include "main.h"
#include "model.h"
#include "probe.h"
#include "read.h"

struct probe_stats {
	unsigned int calls, broken, not_run;
	/* per listed errno of the spec: the first call that returned it */
	char (*seen)[160];
};

/* The index of @err among the spec's errors, or -1. */
static int listed(const struct kapi_spec *spec, long long err)
{
	unsigned int i;

	for (i = 0; i < spec->n_errors && spec->errors; i++)
		if (spec->errors[i].error == err)
			return i;
	return -1;
}

static bool success_allowed(const struct kapi_spec *spec, long long ret)
{
	const struct kapi_return *r = &spec->ret;

	switch (r->check) {
	case KAPI_RETURN_EXACT:
		return ret == r->success_min;
	case KAPI_RETURN_RANGE:
	case KAPI_RETURN_FD:
		return ret >= r->success_min && ret <= r->success_max;
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
	char call[512], r[PROBE_N_MODES][48];
	unsigned int m;

	for (m = 0; m < PROBE_N_MODES; m++)
		probe_result_str(&res[m], r[m], sizeof(r[m]));
	describe(spec, c, call, sizeof(call));
	st->broken++;
	if (json_output) {
		jsonw_start_object(json_wtr);
		jsonw_string_field(json_wtr, "call", call);
		jsonw_int_field(json_wtr, "rule", rule);
		for (m = 0; m < (modes ? PROBE_N_MODES : 1); m++)
			jsonw_string_field(json_wtr, probe_mode_name(m), r[m]);
		jsonw_end_object(json_wtr);
	} else if (modes) {
		printf("%s: rule %d: off %s, enforce %s, warn %s\n", call, rule,
		       r[PROBE_OFF], r[PROBE_ENFORCE], r[PROBE_WARN]);
	} else {
		printf("%s: rule %d: %s\n", call, rule, r[PROBE_OFF]);
	}
}

static void one_call(const struct kapi_spec *spec, const struct probe_call *c,
		     bool modes, struct probe_stats *st)
{
	struct probe_result res[PROBE_N_MODES] = { 0 };
	unsigned int m, i;
	bool bad = false;
	int e;

	for (m = 0; m < (modes ? PROBE_N_MODES : 1); m++) {
		if (!probe_run(spec->nr, c, m, &res[m])) {
			st->not_run++;
			return;
		}
	}
	st->calls++;
	for (i = 0; i < c->n_args; i++)
		bad |= c->arg[i]->bad;
	e = res[PROBE_OFF].ret < 0 ? listed(spec, -res[PROBE_OFF].ret) : -1;
	if (e >= 0 && !st->seen[e][0])
		describe(spec, c, st->seen[e], sizeof(st->seen[e]));
	if (res[PROBE_OFF].signal ||
	    (res[PROBE_OFF].ret < 0 ? e < 0 :
	     !success_allowed(spec, res[PROBE_OFF].ret)))
		broken(spec, c, res, modes, 1, st);
	if (bad && res[PROBE_OFF].ret >= 0 && !res[PROBE_OFF].signal)
		broken(spec, c, res, modes, 2, st);
	if (modes && !same(&res[PROBE_ENFORCE], &res[PROBE_OFF]))
		broken(spec, c, res, modes, 3, st);
	if (modes && !same(&res[PROBE_WARN], &res[PROBE_OFF]))
		broken(spec, c, res, modes, 4, st);
}

/*
 * The spec's summary and its coverage: each errno it lists, with the
 * first call that returned it, or as not seen.
 */
static void report_spec(const struct kapi_spec *spec,
			const struct probe_stats *st)
{
	unsigned int i, seen = 0;

	for (i = 0; i < spec->n_errors; i++)
		seen += !!st->seen[i][0];
	if (!json_output) {
		printf("# %s: %u calls, %u broken rules, %u of %u errnos seen%s\n",
		       spec->name, st->calls, st->broken, seen, spec->n_errors,
		       st->not_run ? " (some calls could not be set up)" : "");
		for (i = 0; i < spec->n_errors; i++)
			printf("#   %-12s %s\n", spec->errors[i].name ?: "?",
			       st->seen[i][0] ? st->seen[i] : "-");
		return;
	}
	jsonw_int_field(json_wtr, "calls", st->calls);
	jsonw_int_field(json_wtr, "broken_rules", st->broken);
	jsonw_int_field(json_wtr, "not_run", st->not_run);
	jsonw_name(json_wtr, "errors");
	jsonw_start_array(json_wtr);
	for (i = 0; i < spec->n_errors; i++) {
		jsonw_start_object(json_wtr);
		jsonw_string_field(json_wtr, "name", spec->errors[i].name);
		jsonw_int_field(json_wtr, "error", spec->errors[i].error);
		if (st->seen[i][0])
			jsonw_string_field(json_wtr, "seen_in", st->seen[i]);
		else
			jsonw_null_field(json_wtr, "seen_in");
		jsonw_end_object(json_wtr);
	}
	jsonw_end_array(json_wtr);
	jsonw_end_object(json_wtr);
}

static void probe_spec(const struct kapi_spec *spec, bool modes,
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
	one_call(spec, &c, modes, &st);
	/* each other class of one argument */
	for (i = 0; i < spec->n_params; i++) {
		for (a = 1; a < cls[i].n; a++) {
			c.arg[i] = &cls[i].c[a];
			one_call(spec, &c, modes, &st);
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
	report_spec(spec, &st);
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
	struct kapi_set set;
	bool modes = probe_have_modes();
	unsigned int i, n;
	int ret;

	ret = kapi_set_load(&set, &main_origin);
	if (ret) {
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
		printf("# no run-time checks in this kernel: rules 1 and 2 only\n");
	}
	n = argc ? (unsigned int)argc : set.n;
	for (i = 0; i < n; i++) {
		spec = argc ? kapi_set_find(&set, argv[i]) : set.specs[i];
		if (!spec) {
			probe_restore_mode();
			p_err("no spec named '%s'", argv[i]);
			kapi_set_free(&set);
			return KAPI_EXIT_NO_SPEC;
		}
		if (spec->kind != KAPI_KIND_SYSCALL || spec->nr < 0 ||
		    spec->n_params > 6)
			continue;
		probe_spec(spec, modes, &total);
	}
	if (json_output) {
		jsonw_end_array(json_wtr);
		jsonw_int_field(json_wtr, "calls", total.calls);
		jsonw_int_field(json_wtr, "broken_rules", total.broken);
		jsonw_int_field(json_wtr, "not_run", total.not_run);
		jsonw_end_object(json_wtr);
	} else {
		printf("# %u calls, %u broken rules, %u not run\n", total.calls,
		       total.broken, total.not_run);
	}
	probe_restore_mode();
	kapi_set_free(&set);
	return total.broken || total.not_run ? KAPI_EXIT_PROBE : KAPI_EXIT_OK;
}
