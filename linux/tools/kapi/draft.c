// SPDX-License-Identifier: GPL-2.0
/*
 * kapi draft [tree DIR] NAME - a starting spec for system call NAME.
 *
 * From its SYSCALL_DEFINE: each parameter's name and C type, and a kind
 * guessed from both (a descriptor, a path, a user buffer, a size, flags);
 * from the errno analysis: one error: entry per candidate with its path.
 * What only the author can say is left as "TODO" text, which kapi-gen
 * accepts, so the draft builds as it is and every candidate is listed.
 */
#include <stdlib.h>
#include <string.h>

#include "kapi_errnos.h"
#include "kapi_internal.h"	/* kapi_proto_parse(), kapi_ctype_classify() */
#include "main.h"
#include "model.h"

/* Width of a kernel-doc line, " * " included. */
#define DRAFT_WIDTH	80

static bool name_has(const char *name, const char *const *words)
{
	for (; *words; words++)
		if (strstr(name, *words))
			return true;
	return false;
}

/*
 * One parameter: its kernel-doc line and the sub-keys of what its name
 * and C type suggest. What the C type says itself (by value is in, a
 * __user pointer is user, the type of an integer) is not repeated.
 */
static void draft_param(const struct kapi_proto_param *pp)
{
	static const char *const fd_names[] = { "fd", NULL };
	static const char *const path_names[] = {
		"name", "path", "file", NULL };
	static const char *const size_names[] = {
		"count", "len", "size", "nr", NULL };
	static const char *const flag_names[] = { "flags", "mode", NULL };
	const char *name = pp->name ?: "?";
	struct kapi_ctype ct;

	kapi_ctype_classify(pp->ctype, &ct);
	printf(" * @%s: TODO\n", name);
	if (!ct.pointer && ct.sign >= 0 && name_has(name, fd_names)) {
		printf(" *   type: fd\n");
	} else if (ct.user && ct.is_char && ct.pointee_const &&
		   name_has(name, path_names)) {
		printf(" *   type: path\n");
	} else if (ct.user) {
		printf(" *   flags: %s\n", ct.pointee_const ? "in" : "out");
		printf(" *   constraint-type: user-ptr\n");
	} else if (!ct.pointer && ct.sign >= 0 && name_has(name, size_names)) {
		printf(" *   cdesc: TODO: the range of sizes the call accepts.\n");
	} else if (!ct.pointer && ct.sign >= 0 && name_has(name, flag_names)) {
		printf(" *   cdesc: TODO: the bits or values accepted (a mask or an\n");
		printf(" *     enum constraint once they are known).\n");
	}
}

/*
 * @head as it is, then the words of @text, as kernel-doc lines of at most
 * DRAFT_WIDTH columns, continuation lines indented by @indent spaces after
 * the " *".
 */
static void wrap(const char *head, const char *text, unsigned int indent)
{
	size_t col, n;
	const char *w;

	col = printf(" * %s", head);
	for (w = text; *w; w += n) {
		while (*w == ' ')
			w++;
		n = strcspn(w, " ");
		if (!n)
			break;
		if (col + 1 + n > DRAFT_WIDTH)
			col = printf("\n *%*s", (int)indent, "") - 1;
		col += printf(" %.*s", (int)n, w);
	}
	printf("\n");
}

static int draft_one(struct kapi_tree *tree, const char *dir, const char *name)
{
	struct kapi_errno_report r;
	struct kapi_proto pr;
	const char *path, *buf;
	unsigned int i, line;
	size_t len, head;
	char fn[128];

	snprintf(fn, sizeof(fn), "sys_%s", name);
	if (!kapi_tree_def(tree, fn, &path, &buf, &len, &head, &line)) {
		p_err("draft: no SYSCALL_DEFINE of '%s' in %s", name, dir);
		return KAPI_EXIT_NO_SPEC;
	}
	kapi_proto_parse(buf, len, head, line, &pr);
	if (pr.kind != KAPI_PROTO_SYSCALL) {
		p_err("draft: %s:%u: cannot read the SYSCALL_DEFINE of '%s'",
		      path, line, name);
		kapi_proto_release(&pr);
		return KAPI_EXIT_CORRUPT;
	}
	kapi_errnos_syscall(tree, name, &r);

	printf("/* kapi draft of %s, for %s:%u */\n", name, path, line);
	printf("/**\n");
	printf(" * sys_%s - TODO: what %s does, in one line\n", name, name);
	for (i = 0; i < pr.n_params; i++)
		draft_param(&pr.params[i]);
	printf(" *\n");
	printf(" * context-flags: process | sleepable\n");
	printf(" *\n");
	printf(" * return:\n");
	printf(" *   check-type: error-check\n");
	printf(" *   desc: TODO: what a successful call returns.\n");
	printf(" *\n");
	for (i = 0; i < r.n_cands; i++) {
		const struct kapi_errno_cand *c = &r.cands[i];
		char text[64];

		snprintf(text, sizeof(text), "error: %s, TODO: when",
			 kapi_errno_name(c->error) ?: "?");
		wrap(text, "", 2);
		wrap("  desc: From the code:", c->path, 4);
	}
	if (r.n_cands)
		printf(" *\n");
	if (r.n_reach) {
		struct kapi_sbuf s = { 0 };

		for (i = 0; i < r.n_reach; i++) {
			kapi_sbuf_adds(&s, i ? ", " : "");
			kapi_sbuf_adds(&s, r.reach[i].what);
		}
		wrap("notes: TODO: errnos of the methods and LSM hooks it reaches",
		     "(say origin: for them):", 2);
		wrap(" ", s.s, 2);
		kapi_sbuf_release(&s);
	}
	printf(" */\n");
	kapi_errno_report_release(&r);
	kapi_proto_release(&pr);
	return KAPI_EXIT_OK;
}

int do_draft(int argc, char **argv)
{
	const char *dir;
	struct kapi_tree *tree;
	int i, ret = KAPI_EXIT_OK, r;

	if (output_format != KAPI_FMT_TEXT) {
		p_err("draft writes a kernel-doc comment, not %s",
		      format_name(output_format));
		return KAPI_EXIT_USAGE;
	}
	tree = errnos_tree_arg("draft", &argc, &argv, &dir, &ret);
	if (!tree)
		return ret;
	for (i = 0; i < argc; i++) {
		r = draft_one(tree, dir, argv[i]);
		if (r && !ret)
			ret = r;
	}
	kapi_tree_free(tree);
	return ret;
}
