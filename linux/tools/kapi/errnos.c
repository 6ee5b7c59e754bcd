// SPDX-License-Identifier: GPL-2.0
/*
 * kapi errnos [tree DIR] NAME... - the errnos the code of system call NAME
 * can return, next to what its spec lists and explains.
 *
 * The analysis and the comparison are the build's (scripts/kapi's
 * kapi_errnos.c and kapi_errnos_check.c); this shows their whole result:
 * each candidate with its shortest path, the listed errnos no path
 * returns, the values the kernel turns into others or retries, and the
 * indirect calls where the search stopped.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kapi_errnos.h"
#include "kapi_parse.h"
#include "main.h"
#include "model.h"

static const char *ename(int err)
{
	return kapi_errno_name(err) ?: "?";
}

static const char *origin_text(unsigned int origin)
{
	switch (origin & (KAPI_FROM_METHODS | KAPI_FROM_LSM)) {
	case KAPI_FROM_METHODS:
		return "methods";
	case KAPI_FROM_LSM:
		return "lsm";
	case KAPI_FROM_METHODS | KAPI_FROM_LSM:
		return "methods, lsm";
	}
	return "core";
}

/* The spec of syscall @name in @file (relative to @tree), or NULL. */
static const struct kapi_parsed_spec *find_spec(const char *tree,
						const char *where,
						const char *name,
						struct kapi_file **f)
{
	struct kapi_parse_opts opts = { .diag = stderr };
	size_t n = strcspn(where, ":");
	char *path = malloc(strlen(tree) + n + 2);
	unsigned int i;

	*f = NULL;
	if (!path)
		return NULL;
	sprintf(path, "%s/%.*s", tree, (int)n, where);
	kapi_parse_file(path, &opts, f);
	free(path);
	for (i = 0; *f && i < (*f)->n_specs; i++)
		if ((*f)->specs[i].kind == KAPI_KIND_SYSCALL &&
		    !strcmp((*f)->specs[i].name, name))
			return &(*f)->specs[i];
	return NULL;
}

static void print_text(const char *name, const struct kapi_parsed_spec *s,
		       const struct kapi_errno_report *r,
		       const struct kapi_errno_finding *fd, unsigned int n_fd)
{
	unsigned int i, n_core = 0;

	for (i = 0; s && i < s->n_errors; i++)
		n_core += !s->errors[i].k.origin;
	printf("%s: sys_%s at %s, %u functions visited\n", name, name, r->where,
	       r->n_functions);
	printf("  %u candidates; %u listed (%u core); %u explained\n",
	       r->n_cands, s ? s->n_errors : 0, n_core,
	       s ? s->n_unreturned : 0);
	for (i = 0; i < r->n_cands; i++) {
		const struct kapi_errno_cand *c = &r->cands[i];
		const struct kapi_parsed_unreturned *u = kapi_spec_explained(s, c->error);

		printf("  %-14s %-10s %s", ename(c->error),
		       kapi_spec_listed(s, c->error) ? "listed" : u ? "explained" :
		       "UNLISTED", c->path);
		if (c->raw != c->error)
			printf(" (%s)", ename(c->raw));
		if (c->internal)
			printf(" [kernel-internal]");
		printf("\n");
		if (u)
			printf("  %-14s %-10s why not: %s\n", "", "", u->reason);
	}
	for (i = 0; s && i < s->n_errors; i++) {
		const struct kapi_parsed_error *e = &s->errors[i];

		if (!kapi_errno_cand(r, e->k.error))
			printf("  %-14s %-10s not a candidate, from %s\n",
			       e->k.name, "listed", origin_text(e->k.origin));
	}
	for (i = 0; i < r->n_dropped; i++)
		printf("  %-14s %-10s %s: %s\n", ename(r->dropped[i].raw),
		       "never seen", r->dropped[i].path, r->dropped[i].why);
	for (i = 0; i < r->n_reach; i++)
		printf("  stops at %s %s: %s\n",
		       r->reach[i].kind == KAPI_REACH_LSM ? "LSM hook" : "method",
		       r->reach[i].what, r->reach[i].path);
	if (!s)
		printf("  no spec of %s beside its SYSCALL_DEFINE\n", name);
	for (i = 0; i < n_fd; i++)
		printf("  warning: %s\n", fd[i].msg);
}

static void print_json(const char *name, const struct kapi_parsed_spec *s,
		       const struct kapi_errno_report *r,
		       const struct kapi_errno_finding *fd, unsigned int n_fd)
{
	unsigned int i;

	jsonw_start_object(json_wtr);
	jsonw_string_field(json_wtr, "name", name);
	jsonw_string_field(json_wtr, "defined_at", r->where);
	jsonw_bool_field(json_wtr, "spec", s);
	jsonw_int_field(json_wtr, "functions", r->n_functions);
	jsonw_name(json_wtr, "candidates");
	jsonw_start_array(json_wtr);
	for (i = 0; i < r->n_cands; i++) {
		const struct kapi_errno_cand *c = &r->cands[i];
		const struct kapi_parsed_unreturned *u = kapi_spec_explained(s, c->error);

		jsonw_start_object(json_wtr);
		jsonw_string_field(json_wtr, "errno", ename(c->error));
		jsonw_string_field(json_wtr, "returned_as", ename(c->raw));
		jsonw_bool_field(json_wtr, "internal", c->internal);
		jsonw_string_field(json_wtr, "status", kapi_spec_listed(s, c->error) ?
				   "listed" : u ? "explained" : "unlisted");
		if (u)
			jsonw_string_field(json_wtr, "reason", u->reason);
		jsonw_int_field(json_wtr, "hops", c->hops);
		jsonw_string_field(json_wtr, "path", c->path);
		jsonw_end_object(json_wtr);
	}
	jsonw_end_array(json_wtr);
	jsonw_name(json_wtr, "listed");
	jsonw_start_array(json_wtr);
	for (i = 0; s && i < s->n_errors; i++) {
		jsonw_start_object(json_wtr);
		jsonw_string_field(json_wtr, "errno", s->errors[i].k.name);
		jsonw_string_field(json_wtr, "origin",
				   origin_text(s->errors[i].k.origin));
		jsonw_bool_field(json_wtr, "candidate",
				 kapi_errno_cand(r, s->errors[i].k.error));
		jsonw_end_object(json_wtr);
	}
	jsonw_end_array(json_wtr);
	jsonw_name(json_wtr, "never_seen");
	jsonw_start_array(json_wtr);
	for (i = 0; i < r->n_dropped; i++) {
		jsonw_start_object(json_wtr);
		jsonw_string_field(json_wtr, "errno", ename(r->dropped[i].raw));
		jsonw_string_field(json_wtr, "why", r->dropped[i].why);
		jsonw_string_field(json_wtr, "path", r->dropped[i].path);
		jsonw_end_object(json_wtr);
	}
	jsonw_end_array(json_wtr);
	jsonw_name(json_wtr, "stops_at");
	jsonw_start_array(json_wtr);
	for (i = 0; i < r->n_reach; i++) {
		jsonw_start_object(json_wtr);
		jsonw_string_field(json_wtr, "call", r->reach[i].what);
		jsonw_string_field(json_wtr, "kind",
				   r->reach[i].kind == KAPI_REACH_LSM ? "lsm" : "method");
		jsonw_string_field(json_wtr, "path", r->reach[i].path);
		jsonw_end_object(json_wtr);
	}
	jsonw_end_array(json_wtr);
	jsonw_name(json_wtr, "unresolved");
	jsonw_start_array(json_wtr);
	for (i = 0; i < r->n_unresolved; i++)
		jsonw_string(json_wtr, r->unresolved[i]);
	jsonw_end_array(json_wtr);
	jsonw_name(json_wtr, "warnings");
	jsonw_start_array(json_wtr);
	for (i = 0; i < n_fd; i++)
		jsonw_string(json_wtr, fd[i].msg);
	jsonw_end_array(json_wtr);
	jsonw_end_object(json_wtr);
}

/* One system call; 0, or the exit code of what went wrong. */
static int errnos_one(struct kapi_tree *tree, const char *dir, const char *name,
		      unsigned int *n_warn)
{
	const struct kapi_parsed_spec *s = NULL;
	struct kapi_errno_finding *fd = NULL;
	struct kapi_errno_report r;
	struct kapi_file *f = NULL;
	unsigned int n_fd = 0;
	int ret = KAPI_EXIT_OK;

	kapi_errnos_syscall(tree, name, &r);
	if (!r.found) {
		p_err("errnos: no SYSCALL_DEFINE of '%s' in %s", name, dir);
		kapi_errno_report_release(&r);
		return KAPI_EXIT_NO_SPEC;
	}
	s = find_spec(dir, r.where, name, &f);
	if (s && s->n_diag_errors)
		ret = KAPI_EXIT_PARSE;
	if (s)
		n_fd = kapi_errnos_compare(s, &r, &fd);
	*n_warn += n_fd;
	if (json_output)
		print_json(name, s, &r, fd, n_fd);
	else
		print_text(name, s, &r, fd, n_fd);
	kapi_errno_findings_free(fd, n_fd);
	kapi_errno_report_release(&r);
	if (f)
		kapi_file_free(f);
	return ret;
}

struct kapi_tree *errnos_tree_arg(const char *cmd, int *argc, char ***argv,
				  const char **dir, int *ret)
{
	struct kapi_tree *tree;

	*dir = main_origin.kind == KAPI_ORIGIN_SOURCE ? main_origin.path : ".";
	if (*argc >= 2 && !strcmp((*argv)[0], "tree")) {
		*dir = (*argv)[1];
		*argc -= 2;
		*argv += 2;
	}
	if (*argc < 1) {
		p_err("%s: name a system call; usage: %s %s [tree DIR] NAME...",
		      cmd, bin_name, cmd);
		*ret = KAPI_EXIT_USAGE;
		return NULL;
	}
	tree = kapi_tree_open(*dir, stderr);
	if (!tree)
		*ret = KAPI_EXIT_NO_FILE;
	return tree;
}

int do_errnos(int argc, char **argv)
{
	const char *dir;
	struct kapi_tree *tree;
	unsigned int n_warn = 0;
	int i, ret = KAPI_EXIT_OK, r;

	if (output_format != KAPI_FMT_TEXT && output_format != KAPI_FMT_JSON) {
		p_err("errnos prints text or json, not %s",
		      format_name(output_format));
		return KAPI_EXIT_USAGE;
	}
	tree = errnos_tree_arg("errnos", &argc, &argv, &dir, &ret);
	if (!tree)
		return ret;
	if (json_output)
		jsonw_start_array(json_wtr);
	for (i = 0; i < argc; i++) {
		r = errnos_one(tree, dir, argv[i], &n_warn);
		if (r && !ret)
			ret = r;
	}
	if (json_output)
		jsonw_end_array(json_wtr);
	kapi_tree_free(tree);
	if (!ret && n_warn) {
		p_err("errnos: %u disagreement%s between specs and code",
		      n_warn, n_warn == 1 ? "" : "s");
		ret = KAPI_EXIT_ERRNOS;
	}
	return ret;
}
