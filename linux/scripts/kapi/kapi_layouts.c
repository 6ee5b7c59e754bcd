// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_layouts.c - structures in user memory (struct-layout:) and the
 * pointer parameters that point to them (struct: TAG or TAG[COUNT])
 *
 * A parameter writes "struct: TAG", "struct: TAG[COUNT-PARAM]" for an
 * array, and may add ", in", ", out" or ", inout": how the call uses what
 * the pointer members point to, where the layout does not say. A command
 * of a multiplexed call writes "arg-layout: TAG" for its argument.
 *
 * A layout lists the members of "struct TAG" in memory order, one line
 * each: "name: C type[, attribute]...; meaning". Attributes: "values SET"
 * (a value-set: of the file), "others ignored|refused|unspecified", "in",
 * "out" or "inout" (for a pointer member, how the memory it points to is
 * used) and "size-of MEMBER". The host knows no offset: the generator
 * takes them from the compiler and proves the list against the real
 * structure (kapi_gen.c), so the description cannot drift from it.
 */
#include <stdlib.h>
#include <string.h>

#include "kapi_internal.h"

/* "values SET", "others X", "in", "size-of M": one attribute into @fd. */
static void field_attr(struct kapi_parser *p, struct kapi_parsed_field *fd,
		       const char *layout, char *attr)
{
	char *arg = strchr(attr, ' ');
	unsigned int i;

	if (arg)
		*arg++ = '\0';
	if (!strcmp(attr, "in") || !strcmp(attr, "out") ||
	    !strcmp(attr, "inout")) {
		if (arg)
			goto bad;
		fd->flags = (attr[0] == 'i' ? KAPI_PARAM_IN : 0) |
			    (strstr(attr, "out") ? KAPI_PARAM_OUT : 0);
		return;
	}
	if (!arg || !kapi_is_ident(arg))
		goto bad;
	if (!strcmp(attr, "values")) {
		fd->set_name = kapi_xstrdup(arg);
		return;
	}
	if (!strcmp(attr, "size-of")) {
		fd->size_of_name = kapi_xstrdup(arg);
		return;
	}
	if (!strcmp(attr, "others")) {
		for (i = 0; i < kapi_others_names.count; i++)
			if (!strcmp(arg, kapi_others_names.names[i]))
				break;
		if (i < kapi_others_names.count) {
			fd->others = (int)i;
			return;
		}
	}
bad:
	kapi_err(p, fd->line, "struct-layout '%s': member %s: '%s%s%s' is none of 'values SET', 'others ignored|refused|unspecified', 'in', 'out', 'inout', 'size-of MEMBER'",
		 layout, fd->name, attr, arg ? " " : "", arg ? arg : "");
}

/* "name: C type[, attribute]...; meaning" into a new member of @lo. */
static void add_field(struct kapi_parser *p, struct kapi_parsed_layout *lo,
		      const char *l, unsigned int line)
{
	struct kapi_parsed_field *fd;
	const char *colon = strchr(l, ':'), *semi;
	char *decl, *part, *save = NULL;
	struct kapi_ctype ct;
	unsigned int i;

	fd = KAPI_GROW(lo->fields, lo->n_fields);
	fd->name = kapi_xstrndup(l, colon - l);
	fd->line = line;
	fd->size_of = -1;
	fd->others = KAPI_OTHERS_UNSPECIFIED;
	semi = strchr(colon, ';');
	decl = kapi_xstrndup(colon + 1, semi ? (size_t)(semi - colon - 1) :
			     strlen(colon + 1));
	fd->desc = kapi_squash(semi ? semi + 1 : "");
	for (i = 0; i + 1 < lo->n_fields; i++)
		if (!strcmp(lo->fields[i].name, fd->name))
			kapi_err(p, line, "struct-layout '%s': member %s is listed twice (first at line %u)",
				 lo->name, fd->name, lo->fields[i].line);
	part = strtok_r(decl, ",", &save);
	fd->ctype = kapi_squash(part ? part : "");
	if (!*fd->ctype || !*fd->desc)
		kapi_err(p, line, "struct-layout '%s': member %s needs 'C type; meaning' after the colon",
			 lo->name, fd->name);
	while ((part = strtok_r(NULL, ",", &save))) {
		char *attr = kapi_squash(part);

		field_attr(p, fd, lo->name, attr);
		free(attr);
	}
	free(decl);
	kapi_ctype_classify(fd->ctype, &ct);
	fd->type = kapi_ctype_infer(&ct);
}

void kapi_do_layout(struct kapi_parser *p, const struct kapi_raw_block *b)
{
	struct kapi_file *f = p->file;
	struct kapi_parsed_layout lo = { .line = b->line };
	const char *text = b->head.s ? b->head.s : "", *nl;
	unsigned int line = b->line, i;
	struct kapi_sbuf more = { 0 };
	bool stray = false;
	char *l;
	size_t n;

	nl = strchr(text, '\n');
	l = kapi_xstrndup(text, nl ? (size_t)(nl - text) : strlen(text));
	lo.name = kapi_squash(l);
	free(l);
	if (!strncmp(lo.name, "struct ", 7))
		memmove(lo.name, lo.name + 7, strlen(lo.name + 7) + 1);
	if (!kapi_is_ident(lo.name)) {
		kapi_err(p, b->line, "struct-layout: needs the structure's tag, got '%s'",
			 lo.name);
		free(lo.name);
		return;
	}
	while (nl) {
		text = nl + 1;
		line++;
		nl = strchr(text, '\n');
		l = kapi_xstrndup(text, nl ? (size_t)(nl - text) : strlen(text));
		for (n = 0; kapi_is_ident_char((unsigned char)l[n]); n++)
			;
		if (!*l) {
			free(l);
			continue;
		}
		if (n && l[n] == ':' && kapi_is_ident_start((unsigned char)l[0])) {
			add_field(p, &lo, l, line);
		} else if (lo.n_fields) {
			struct kapi_parsed_field *fd = &lo.fields[lo.n_fields - 1];

			kapi_sbuf_adds(&more, fd->desc);
			kapi_sbuf_addc(&more, ' ');
			kapi_sbuf_adds(&more, l);
			free(fd->desc);
			fd->desc = kapi_squash(more.s);
			kapi_sbuf_release(&more);
		} else {
			kapi_err(p, line, "struct-layout '%s': expected 'member: C type; meaning', got '%s'",
				 lo.name, l);
			stray = true;
		}
		free(l);
	}
	if (!lo.n_fields && !stray)
		kapi_err(p, b->line, "struct-layout '%s' lists no member; write one 'member: C type; meaning' line per member below it",
			 lo.name);
	if (lo.n_fields > UINT16_MAX)
		kapi_err(p, b->line, "struct-layout '%s': at most %u members",
			 lo.name, UINT16_MAX);
	for (i = 0; i < f->n_layouts; i++) {
		if (!strcmp(f->layouts[i].name, lo.name)) {
			kapi_err(p, b->line, "struct-layout '%s' is defined twice in this file (first at line %u)",
				 lo.name, f->layouts[i].line);
			break;
		}
	}
	*KAPI_GROW(f->layouts, f->n_layouts) = lo;
}

void kapi_param_layout(struct kapi_parser *p, struct kapi_parsed_param *pp,
		       const struct kapi_raw_kv *kv)
{
	char *s, *br, *dir;

	pp->count_param = -1;
	if (!kv)
		return;
	s = kapi_squash(kv->val.s);
	dir = strchr(s, ',');
	if (dir) {
		*dir++ = '\0';
		while (*dir == ' ')
			dir++;
		if (!strcmp(dir, "in") || !strcmp(dir, "out") ||
		    !strcmp(dir, "inout"))
			pp->member_flags = (dir[0] == 'i' ? KAPI_PARAM_IN : 0) |
					   (strstr(dir, "out") ? KAPI_PARAM_OUT : 0);
		else
			*s = '\0';
		while (*s && s[strlen(s) - 1] == ' ')
			s[strlen(s) - 1] = '\0';
	}
	if (!strncmp(s, "struct ", 7))
		memmove(s, s + 7, strlen(s + 7) + 1);
	br = strchr(s, '[');
	if (br) {
		size_t n = strlen(br);

		*br++ = '\0';
		if (n < 3 || br[n - 2] != ']') {
			br = NULL;
			*s = '\0';
		} else {
			br[n - 2] = '\0';
		}
	}
	if (!kapi_is_ident(s) || (br && !kapi_is_ident(br))) {
		kapi_err(p, kv->line, "struct: names a struct-layout, as 'TAG' or 'TAG[count-param]', then ', in', ', out' or ', inout' if the members' memory is used so, got '%s'",
			 kv->val.s);
		free(s);
		return;
	}
	pp->layout_name = s;
	pp->count_name = br ? kapi_xstrdup(br) : NULL;
	pp->layout_line = kv->line;
}

static const struct kapi_parsed_set *find_set(struct kapi_file *f,
					      const char *name)
{
	unsigned int k;

	for (k = 0; k < f->n_sets; k++) {
		if (!strcmp(f->sets[k].name, name)) {
			f->sets[k].used = true;
			return &f->sets[k];
		}
	}
	return NULL;
}

static void resolve_fields(struct kapi_parser *p, struct kapi_parsed_layout *lo)
{
	struct kapi_parsed_field *fd;
	unsigned int i, j;

	for (i = 0; i < lo->n_fields; i++) {
		fd = &lo->fields[i];
		if (fd->set_name) {
			fd->set = find_set(p->file, fd->set_name);
			if (!fd->set)
				kapi_err(p, fd->line, "struct-layout '%s': member %s: no value-set '%s' in this file",
					 lo->name, fd->name, fd->set_name);
		} else if (fd->others != KAPI_OTHERS_UNSPECIFIED) {
			kapi_err(p, fd->line, "struct-layout '%s': member %s: others says what happens to values outside 'values SET', which it does not have",
				 lo->name, fd->name);
		}
		if (!fd->size_of_name)
			continue;
		for (j = 0; j < lo->n_fields; j++)
			if (j != i && !strcmp(lo->fields[j].name, fd->size_of_name))
				break;
		if (j == lo->n_fields)
			kapi_err(p, fd->line, "struct-layout '%s': member %s: size-of '%s' is no other member",
				 lo->name, fd->name, fd->size_of_name);
		else
			fd->size_of = (int)j;
	}
}

/* The layout called @name, marked used, or NULL. */
static struct kapi_parsed_layout *find_layout(struct kapi_file *f,
					      const char *name)
{
	unsigned int k;

	for (k = 0; k < f->n_layouts; k++) {
		if (!strcmp(f->layouts[k].name, name)) {
			f->layouts[k].used = true;
			return &f->layouts[k];
		}
	}
	return NULL;
}

/*
 * arg-layout: TAG of a command whose argument points to a structure. The
 * kernel keeps the name; the build proves the layout all the same.
 */
static void resolve_variant_layouts(struct kapi_parser *p,
				    struct kapi_parsed_spec *s)
{
	struct kapi_parsed_variant *v;
	char *name;
	unsigned int i;

	for (i = 0; i < s->n_variants; i++) {
		v = &s->variants[i];
		name = (char *)v->k.arg_layout;
		if (!name)
			continue;
		if (!strncmp(name, "struct ", 7))
			memmove(name, name + 7, strlen(name + 7) + 1);
		if (!find_layout(p->file, name))
			kapi_err(p, v->line, "variant '%s': arg-layout: no struct-layout '%s' in this file",
				 v->k.name, name);
		if (v->k.arg_type != KAPI_TYPE_USER_PTR)
			kapi_err(p, v->line, "variant '%s': arg-layout: is for an argument that points to the structure (arg-type: KAPI_TYPE_USER_PTR)",
				 v->k.name);
	}
}

void kapi_resolve_layouts(struct kapi_parser *p)
{
	struct kapi_file *f = p->file;
	struct kapi_parsed_layout *lo;
	struct kapi_parsed_spec *s;
	struct kapi_parsed_param *pp;
	unsigned int i, j, k;

	for (k = 0; k < f->n_layouts; k++)
		resolve_fields(p, &f->layouts[k]);
	for (i = 0; i < f->n_specs; i++) {
		s = &f->specs[i];
		p->spec = s;
		resolve_variant_layouts(p, s);
		for (j = 0; j < s->n_params; j++) {
			pp = &s->params[j];
			if (!pp->layout_name)
				continue;
			lo = find_layout(f, pp->layout_name);
			if (!lo) {
				kapi_err(p, pp->layout_line, "struct: no struct-layout '%s' in this file",
					 pp->layout_name);
				continue;
			}
			pp->layout = lo;
			lo->pointed = true;
			if (!pp->count_name)
				continue;
			for (k = 0; k < s->n_params; k++)
				if (k != j && !strcmp(s->params[k].name, pp->count_name))
					break;
			if (k == s->n_params)
				kapi_err(p, pp->layout_line, "struct: the count '%s' of param '%s' is no other parameter",
					 pp->count_name, pp->name);
			else
				pp->count_param = (int)k;
		}
		p->spec = NULL;
	}
	for (k = 0; k < f->n_layouts; k++)
		if (!f->layouts[k].used)
			kapi_warn(p, f->layouts[k].line, "struct-layout '%s' is pointed to by no parameter (struct: %s) and no command (arg-layout: %s)",
				  f->layouts[k].name, f->layouts[k].name,
				  f->layouts[k].name);
}

void kapi_layouts_free(struct kapi_file *file)
{
	struct kapi_parsed_field *fd;
	unsigned int i, j;

	for (i = 0; i < file->n_layouts; i++) {
		for (j = 0; j < file->layouts[i].n_fields; j++) {
			fd = &file->layouts[i].fields[j];
			free(fd->name);
			free(fd->ctype);
			free(fd->desc);
			free(fd->set_name);
			free(fd->size_of_name);
		}
		free(file->layouts[i].fields);
		free(file->layouts[i].name);
	}
	free(file->layouts);
	file->layouts = NULL;
	file->n_layouts = 0;
}
