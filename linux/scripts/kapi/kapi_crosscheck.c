// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_crosscheck.c - check a spec against the prototype that follows it
 *
 * The prototype decides the spec's name and kind; its parameters must be
 * the param: blocks in count, names, order and types, and fill in what the
 * comment leaves out (C types, param: blocks of an undescribed function,
 * descriptions from kernel-doc's @name: lines, the return type).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kapi_internal.h"

/*
 * What the prototype says of a parameter's direction: one passed by value
 * is in (nothing can come back through it) and a __user pointer is user,
 * whatever flags: adds.
 */
static void derive_flags(struct kapi_parsed_param *pp,
			 const struct kapi_ctype *ct, unsigned int line)
{
	uint64_t v = pp->flags.value;
	struct kapi_sbuf b = { 0 };
	unsigned int bit;

	if (!ct->pointer && !ct->array)
		v |= KAPI_PARAM_IN;
	if (ct->user)
		v |= KAPI_PARAM_USER;
	if (v == pp->flags.value && pp->flags.text)
		return;
	for (bit = 0; bit < KAPI_PARAM_FLAG_COUNT; bit++) {
		if (!(v & (1ULL << bit)))
			continue;
		if (b.len)
			kapi_sbuf_adds(&b, " | ");
		kapi_sbuf_adds(&b, kapi_family_name(KAPI_VL_param_flag,
						    1LL << bit));
	}
	if (!b.len)
		return;
	free(pp->flags.text);
	pp->flags.text = kapi_sbuf_take(&b);
	pp->flags.value = v;
	if (!pp->flags.line)
		pp->flags.line = line;
}

static void check_types(struct kapi_parser *p, struct kapi_parsed_param *pp,
			const char *fname)
{
	struct kapi_ctype ct;
	const char *tn;

	kapi_ctype_classify(pp->ctype, &ct);
	derive_flags(pp, &ct, pp->line);
	if (pp->type < 0) {
		pp->type = kapi_ctype_infer(&ct);
		return;
	}
	tn = kapi_family_name(KAPI_VL_type, pp->type);
	switch (kapi_ctype_compatible(pp->type, &ct)) {
	case KAPI_CTYPE_OK:
		break;
	case KAPI_CTYPE_MISMATCH:
		kapi_err(p, pp->type_line ? pp->type_line : pp->line,
			 "param '%s' is %s but %s() declares it '%s'; use %s or fix the type",
			 pp->name, tn, fname, pp->ctype,
			 kapi_family_name(KAPI_VL_type, kapi_ctype_infer(&ct)));
		break;
	case KAPI_CTYPE_UNVERIFIABLE:
		kapi_warn(p, pp->type_line ? pp->type_line : pp->line,
			  "cannot check that '%s' fits %s for param '%s'; add the typedef to scripts/kapi/kapi_proto.c",
			  pp->ctype, tn, pp->name);
		break;
	}
}

/* A parameter without a param: block: everything from its C type. */
static void infer_param(struct kapi_parsed_param *pp,
			const struct kapi_proto *pr, unsigned int i)
{
	struct kapi_ctype ct;

	memset(pp, 0, sizeof(*pp));
	pp->name = kapi_xstrdup(pr->params[i].name);
	pp->ctype = kapi_xstrdup(pr->params[i].ctype);
	pp->line = pr->line;
	pp->size_param = -1;
	pp->count_param = -1;
	pp->constraint = -1;
	pp->others = KAPI_OTHERS_UNSPECIFIED;
	kapi_ctype_classify(pp->ctype, &ct);
	pp->type = kapi_ctype_infer(&ct);
	/* a const pointee is read only: the one thing an unwritten spec knows */
	if (ct.pointer && ct.pointee_const) {
		pp->flags.text = kapi_xstrdup("KAPI_PARAM_CONST");
		pp->flags.value = KAPI_PARAM_CONST;
	}
	derive_flags(pp, &ct, pr->line);
}

/* The prototype position of @name, or -1. */
static int proto_index(const struct kapi_proto *pr, const char *name)
{
	unsigned int j;

	for (j = 0; j < pr->n_params; j++)
		if (pr->params[j].name && !strcmp(pr->params[j].name, name))
			return (int)j;
	return -1;
}

/* The prototype's parameter name closest to @name, if a likely typo. */
static const char *closest_param(const struct kapi_proto *pr, const char *name)
{
	const char *names[17];
	unsigned int i, n = 0;

	/* no kernel function worth a spec has more than 16 parameters */
	for (i = 0; i < pr->n_params && n < 16; i++)
		if (pr->params[i].name)
			names[n++] = pr->params[i].name;
	names[n] = NULL;
	return kapi_closest(name, names, n);
}

/*
 * The param: blocks must name parameters of the prototype, in its order;
 * those the comment does not describe take their type from the C type and
 * their description from the @name: line, as kernel-doc would.
 */
static void match_params(struct kapi_parser *p, struct kapi_parsed_spec *s,
			 const struct kapi_proto *pr)
{
	struct kapi_parsed_param *all;
	unsigned int i, k = 0, n = 0;
	const char *near;
	int last = -1;
	bool ok = true;

	for (i = 0; i < s->n_params; i++) {
		struct kapi_parsed_param *pp = &s->params[i];
		int at = proto_index(pr, pp->name);

		if (at < 0) {
			near = closest_param(pr, pp->name);
			if (near)
				kapi_err(p, pp->line,
					 "param '%s' is not a parameter of %s(); did you mean '%s'?",
					 pp->name, s->name, near);
			else
				kapi_err(p, pp->line,
					 "param '%s' is not a parameter of %s(), which has %u",
					 pp->name, s->name, pr->n_params);
			ok = false;
		} else if (at <= last) {
			kapi_err(p, pp->line,
				 "param '%s' is parameter %d of %s() but comes after parameter %d here; list params in prototype order",
				 pp->name, at + 1, s->name, last + 1);
			ok = false;
		} else {
			last = at;
		}
	}
	for (i = 0; i < pr->n_params; i++)
		if (!pr->params[i].name) {
			kapi_err(p, pr->line,
				 "parameter %u of %s() has no name; the spec needs named parameters",
				 i + 1, s->name);
			ok = false;
		}
	if (!ok || !kapi_room(p, pr->n_params, pr->line, "params"))
		return;

	all = kapi_xmalloc((pr->n_params + 1) * sizeof(*all));
	for (i = 0; i < pr->n_params; i++, n++) {
		if (k < s->n_params && !strcmp(s->params[k].name, pr->params[i].name)) {
			all[i] = s->params[k++];
			free(all[i].ctype);
			all[i].ctype = kapi_xstrdup(pr->params[i].ctype);
			check_types(p, &all[i], s->name);
		} else {
			infer_param(&all[i], pr, i);
		}
	}
	free(s->params);
	s->params = all;
	s->n_params = n;
}

void kapi_crosscheck_params(struct kapi_parser *p, struct kapi_parsed_spec *s,
			    struct kapi_proto *pr, struct kapi_atparam *ap,
			    unsigned int n_ap)
{
	unsigned int i, j;
	const char *fname = s->name;

	match_params(p, s, pr);
	if (pr->variadic)
		kapi_err(p, pr->line, "%s() is variadic; a spec cannot describe '...'",
			 fname);

	/* what the prototype does not know */
	for (i = 0; i < s->n_params; i++) {
		struct kapi_parsed_param *pp = &s->params[i];

		if (!pp->ctype)
			pp->ctype = kapi_xstrdup("");
		if (pp->type < 0)
			pp->type = KAPI_TYPE_CUSTOM;
		if (pp->constraint < 0)
			pp->constraint = KAPI_CONSTRAINT_NONE;
		if (pp->size_param >= 0 &&
		    (pp->size_param >= (int)s->n_params || pp->size_param == (int)i))
			kapi_err(p, pp->size_line ? pp->size_line : pp->line,
				 "size-param: %d of '%s' is not another parameter (0..%u)",
				 pp->size_param, pp->name, s->n_params - 1);
		for (j = 0; j < n_ap; j++) {
			if (strcmp(ap[j].name, pp->name))
				continue;
			ap[j].used = true;
			if (!pp->desc && ap[j].text->len)
				pp->desc = kapi_xstrdup(ap[j].text->s);
		}
	}
	for (j = 0; j < n_ap; j++)
		for (i = 0; i < pr->n_params; i++)
			if (pr->params[i].name &&
			    !strcmp(pr->params[i].name, ap[j].name))
				ap[j].used = true;
	for (j = 0; j < n_ap; j++)
		if (!ap[j].used && strcmp(ap[j].name, "..."))
			kapi_warn(p, ap[j].line, "@%s: names no parameter of %s()",
				  ap[j].name, fname);

	/* return value */
	{
		struct kapi_ctype ct;
		struct kapi_parsed_return *r = &s->ret;

		r->ctype = kapi_xstrdup(pr->ret_ctype ? pr->ret_ctype : "");
		kapi_ctype_classify(r->ctype, &ct);
		if (r->type < 0) {
			r->type = kapi_ctype_infer(&ct);
		} else if (*r->ctype &&
			   kapi_ctype_compatible(r->type, &ct) == KAPI_CTYPE_MISMATCH) {
			kapi_err(p, r->type_line ? r->type_line : r->line,
				 "return type %s does not fit %s() returning '%s'; use %s",
				 kapi_family_name(KAPI_VL_type, r->type), fname,
				 r->ctype,
				 kapi_family_name(KAPI_VL_type, kapi_ctype_infer(&ct)));
		}
		if (!r->annotated)
			r->check = ct.is_void ? KAPI_RETURN_NONE : KAPI_RETURN_CUSTOM;
	}
}

/*
 * kernel-doc drops "_noprof" from a prototype (the allocators' names under
 * allocation profiling), so __kmalloc_noprof() is documented as
 * __kmalloc(). The spec keeps the C name, which its hooks use.
 */
static bool noprof_match(const char *doc, const char *fn)
{
	const char *np = strstr(fn, "_noprof");
	size_t n = np ? (size_t)(np - fn) : 0;

	return np && !strncmp(doc, fn, n) && !strcmp(doc + n, np + 7);
}

/*
 * The prototype decides the spec's name and kind; the kernel-doc name
 * must agree with it.
 */
void kapi_crosscheck_name(struct kapi_parser *p, struct kapi_parsed_spec *s,
			  const struct kapi_comment *c,
			  const struct kapi_proto *pr)
{
	if (pr->kind == KAPI_PROTO_NONE) {
		kapi_err(p, c->header_line ? c->header_line : c->line,
			 "spec for '%s' is followed by %s; put the comment directly above the function",
			 s->doc_name, pr->problem ? pr->problem : "no function prototype");
	} else if (pr->kind == KAPI_PROTO_SYSCALL || pr->kind == KAPI_PROTO_COMPAT) {
		const char *dn = s->doc_name;

		if (c->function_doc && strcmp(dn, pr->name) &&
		    (strncmp(dn, "sys_", 4) || strcmp(dn + 4, pr->name)))
			kapi_err(p, c->header_line,
				 "kernel-doc name '%s' does not match SYSCALL_DEFINE%d(%s, ...); write 'sys_%s - ...'",
				 dn, pr->declared, pr->name, pr->name);
		if (pr->problem)
			kapi_err(p, pr->line, "SYSCALL_DEFINE%d(%s, ...) has %s",
				 pr->declared, pr->name, pr->problem);
		else if ((int)pr->n_params != pr->declared)
			kapi_err(p, pr->line,
				 "SYSCALL_DEFINE%d(%s, ...) lists %u arguments; the number must match",
				 pr->declared, pr->name, pr->n_params);
		s->kind = KAPI_KIND_SYSCALL;
	} else {
		if (c->function_doc && strcmp(s->doc_name, pr->name) &&
		    !noprof_match(s->doc_name, pr->name))
			kapi_err(p, c->header_line,
				 "kernel-doc name '%s' does not match the function '%s' that follows",
				 s->doc_name, pr->name);
		s->kind = KAPI_KIND_FUNCTION;
	}
	if (pr->name) {
		s->name = kapi_xstrdup(pr->name);
	} else {
		const char *dn = s->doc_name;

		s->name = kapi_xstrdup(!strncmp(dn, "sys_", 4) ? dn + 4 : dn);
	}
	if (s->kind == KAPI_KIND_SYSCALL) {
		s->ident = kapi_xmalloc(strlen(s->name) + 5);
		sprintf(s->ident, "sys_%s", s->name);
	} else {
		s->ident = kapi_xstrdup(s->name);
	}
	if (pr->kind == KAPI_PROTO_COMPAT)
		kapi_err(p, c->header_line,
			 "specs on COMPAT_SYSCALL_DEFINE are not supported; specify the native syscall");
	if (*s->ident && !kapi_is_ident(s->ident))
		kapi_err(p, c->line, "'%s' cannot name a spec", s->ident);
}
