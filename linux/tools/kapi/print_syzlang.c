// SPDX-License-Identifier: GPL-2.0
/*
 * syzkaller descriptions (syzlang) of the specified system calls, so a
 * fuzzer starts from the contract instead of from scratch:
 *
 *   range        intN[min:max]
 *   mask         flags[set, intN] with one value per valid bit
 *   enum         flags[set, intN] with the listed values
 *   alignment    intN[0:max, align]
 *   power-of-two flags[set, intN] with every power of two of the width
 *   buffer       ptr[dir, array[int8]], its size parameter len[buf, intN]
 *   user-path    ptr[in, filename]; user-string ptr[in, string]
 *   fd           fd (syzkaller's resource); an fd returned is a resource
 *                of its own, fd_kapi_<name>, derived from fd
 *   values:      flags[kapi_<set>, intN], the set by its kernel names once
 *                after every call (syzkaller takes their numbers from a
 *                .const file): a named value set beats what the
 *                constraint alone could say (the prefix keeps the name
 *                clear of syzkaller's own sets)
 *
 * Integer widths come from the C types, classified by scripts/kapi's own
 * type classifier so the tool does not keep a second table of typedefs.
 * Kernel functions are not system calls and are only named in a comment.
 */
#include <stdlib.h>
#include <string.h>

#include "kapi_internal.h"	/* kapi_ctype_classify() */
#include "kapi_names.h"
#include "print.h"

static unsigned int ctype_width(const char *ctype)
{
	struct kapi_ctype ct;

	if (!ctype)
		return 0;
	kapi_ctype_classify(ctype, &ct);
	if (ct.pointer)
		return 0;
	return ct.width;
}

static const char *int_type(const char *ctype)
{
	switch (ctype_width(ctype)) {
	case 8:
		return "int8";
	case 16:
		return "int16";
	case 32:
		return "int32";
	case 64:
		return "int64";
	default:
		return "intptr";
	}
}

static const char *direction(u8 flags)
{
	if ((flags & KAPI_PARAM_INOUT) == KAPI_PARAM_INOUT)
		return "inout";
	return flags & KAPI_PARAM_OUT ? "out" : "in";
}

/* The parameter whose size @i holds (buffer constraint), or -1. */
static int sized_by(const struct kapi_spec *spec, unsigned int i)
{
	unsigned int j;

	for (j = 0; j < spec->n_params; j++) {
		if (j == i)
			continue;
		if (spec->params[j].constraint == KAPI_CONSTRAINT_BUFFER &&
		    spec->params[j].size_param == (int)i)
			return j;
		if (spec->params[j].layout &&
		    spec->params[j].count_param == (int)i)
			return j;
	}
	return -1;
}

/*
 * The syzlang name of the structure @p points to: kapi_<tag>, with the
 * direction of its pointer members when the call gives it (syzkaller
 * needs iovec_in and iovec_out as two types).
 */
static void struct_name(char *buf, size_t len, const struct kapi_param *p)
{
	snprintf(buf, len, "kapi_%s%s%s",
		 p->layout->name ? p->layout->name : "struct",
		 p->member_flags ? "_" : "",
		 p->member_flags ? direction(p->member_flags) : "");
}

static void flag_set_name(FILE *f, const struct kapi_spec *spec,
			  const struct kapi_param *p)
{
	fprintf(f, "kapi_%s_%s", spec->name, p->name ? p->name : "arg");
}

static bool has_flag_set(const struct kapi_param *p)
{
	return p->constraint == KAPI_CONSTRAINT_MASK ||
	       p->constraint == KAPI_CONSTRAINT_ENUM ||
	       p->constraint == KAPI_CONSTRAINT_POWER_OF_TWO;
}

static void syz_ptr(FILE *f, const char *dir, const char *what, u8 flags)
{
	fprintf(f, "ptr[%s, %s%s]", dir, what,
		flags & KAPI_PARAM_OPTIONAL ? ", opt" : "");
}

static void syz_param_type(FILE *f, const struct kapi_spec *spec,
			   unsigned int i)
{
	const struct kapi_param *p = &spec->params[i];
	const char *it = int_type(p->ctype);
	unsigned int width;
	int buf = sized_by(spec, i);

	if (buf >= 0) {
		fprintf(f, "len[%s, %s]",
			spec->params[buf].name ? spec->params[buf].name : "arg",
			it);
		return;
	}
	if (p->layout && p->layout->n_fields) {
		char name[160];

		struct_name(name, sizeof(name), p);
		fprintf(f, "ptr[%s, %s%s%s%s]", direction(p->flags),
			p->count_param >= 0 ? "array[" : "", name,
			p->count_param >= 0 ? "]" : "",
			p->flags & KAPI_PARAM_OPTIONAL ? ", opt" : "");
		return;
	}
	if (p->set && p->set->n_values) {
		fprintf(f, "flags[kapi_%s, %s]", p->set->name, it);
		return;
	}
	/* a descriptor is worth more to a fuzzer as a resource than a range */
	if (p->type == KAPI_TYPE_FD || p->constraint == KAPI_CONSTRAINT_FD) {
		fputs(p->flags & KAPI_PARAM_OPTIONAL ? "fd[opt]" : "fd", f);
		return;
	}
	switch (p->constraint) {
	case KAPI_CONSTRAINT_USER_PATH:
		syz_ptr(f, "in", "filename", p->flags);
		return;
	case KAPI_CONSTRAINT_USER_STRING:
		syz_ptr(f, "in", "string", p->flags);
		return;
	case KAPI_CONSTRAINT_BUFFER:
	case KAPI_CONSTRAINT_USER_PTR:
		syz_ptr(f, direction(p->flags), "array[int8]", p->flags);
		return;
	case KAPI_CONSTRAINT_RANGE:
		fprintf(f, "%s[%lld:%lld]", it, (long long)p->ext.min,
			(long long)p->ext.max);
		return;
	case KAPI_CONSTRAINT_ALIGNMENT:
		width = ctype_width(p->ctype);
		fprintf(f, "%s[0:0x%llx, %llu]", it,
			width && width < 64 ? (1ULL << width) - 1 : ~0ULL >> 1,
			(unsigned long long)p->ext.align);
		return;
	}
	if (has_flag_set(p)) {
		fputs("flags[", f);
		flag_set_name(f, spec, p);
		fprintf(f, ", %s]", it);
		return;
	}
	/* no constraint a fuzzer can use: go by the kapi type */
	switch (p->type) {
	case KAPI_TYPE_PATH:
		syz_ptr(f, "in", "filename", p->flags);
		break;
	case KAPI_TYPE_USER_PTR:
	case KAPI_TYPE_PTR:
	case KAPI_TYPE_ARRAY:
	case KAPI_TYPE_STRUCT:
	case KAPI_TYPE_UNION:
		syz_ptr(f, direction(p->flags), "array[int8]", p->flags);
		break;
	default:
		fputs(it, f);
	}
}

static void syz_flag_set(FILE *f, const struct kapi_spec *spec,
			 const struct kapi_param *p)
{
	const char *sep = " ";
	unsigned int i, width;
	u64 bit;

	flag_set_name(f, spec, p);
	fputs(" =", f);
	switch (p->constraint) {
	case KAPI_CONSTRAINT_MASK:
		if (!p->ext.mask)
			fputs(" 0", f);
		for (i = 0; i < 64; i++) {
			bit = 1ULL << i;
			if (!(p->ext.mask & bit))
				continue;
			fprintf(f, "%s0x%llx", sep, (unsigned long long)bit);
			sep = ", ";
		}
		break;
	case KAPI_CONSTRAINT_ENUM:
		if (!p->n_values)
			fputs(" 0", f);
		for (i = 0; i < p->n_values; i++) {
			fprintf(f, "%s%lld", sep, (long long)p->ext.values[i]);
			sep = ", ";
		}
		break;
	default:
		width = ctype_width(p->ctype);
		if (!width || width > 64)
			width = 64;
		for (i = 0; i < width; i++) {
			fprintf(f, "%s0x%llx", sep, 1ULL << i);
			sep = ", ";
		}
		break;
	}
	putc('\n', f);
}

void print_syzlang_header(FILE *f)
{
	fputs("# Generated by kapi from kernel API specifications; do not edit.\n"
	      "# syzkaller descriptions of the specified system calls. They use\n"
	      "# the fd resource of syzkaller's sys/linux descriptions.\n", f);
}

void print_syzlang(FILE *f, const struct kapi_spec *spec)
{
	unsigned int i;
	bool fd_ret;

	fprintf(f, "\n# %s: %s\n", spec->name,
		spec->summary ? spec->summary : "no summary");
	if (spec->kind != KAPI_KIND_SYSCALL) {
		fprintf(f, "# not a system call (%s): not described\n",
			kapi_name(&kapi_kind_names, spec->kind));
		return;
	}
	if (spec->file)
		fprintf(f, "# specified in %s:%u\n", spec->file, spec->line);
	fd_ret = spec->ret.check == KAPI_RETURN_FD;
	if (fd_ret)
		fprintf(f, "resource fd_kapi_%s[fd]\n", spec->name);
	fprintf(f, "%s(", spec->name);
	for (i = 0; i < spec->n_params; i++) {
		fprintf(f, "%s%s ", i ? ", " : "",
			spec->params[i].name ? spec->params[i].name : "arg");
		syz_param_type(f, spec, i);
	}
	putc(')', f);
	if (fd_ret)
		fprintf(f, " fd_kapi_%s", spec->name);
	putc('\n', f);
	for (i = 0; i < spec->n_params; i++)
		if (has_flag_set(&spec->params[i]) && sized_by(spec, i) < 0 &&
		    !spec->params[i].set)
			syz_flag_set(f, spec, &spec->params[i]);
}

/* Sets and structures printed so far, by their syzlang name. */
struct seen {
	const char **names;
	unsigned int n;
};

/* Remember @name; false if it was there already (or memory ran out). */
static bool first_time(struct seen *seen, const char *name)
{
	const char **grown;
	char *copy;
	unsigned int i;

	for (i = 0; i < seen->n; i++)
		if (!strcmp(seen->names[i], name))
			return false;
	grown = realloc(seen->names, (seen->n + 1) * sizeof(*seen->names));
	copy = strdup(name);
	if (!grown || !copy) {
		free(copy);
		if (grown)
			seen->names = grown;
		return false;
	}
	seen->names = grown;
	seen->names[seen->n++] = copy;
	return true;
}

static void seen_free(struct seen *seen)
{
	unsigned int i;

	for (i = 0; i < seen->n; i++)
		free((char *)seen->names[i]);
	free(seen->names);
}

static void syz_set(FILE *f, struct seen *seen, const struct kapi_value_set *set)
{
	unsigned int k;

	if (!set || !set->n_values || !set->name || !first_time(seen, set->name))
		return;
	fprintf(f, "\nkapi_%s =", set->name);
	for (k = 0; k < set->n_values; k++)
		fprintf(f, "%s%s", k ? ", " : " ", set->values[k].name);
	putc('\n', f);
}

/* One member: a value set, a length, a pointer or an integer. */
static void syz_member(FILE *f, const struct kapi_param *p,
		       const struct kapi_struct_field *m)
{
	const struct kapi_struct *lo = p->layout;
	const char *it = int_type(m->ctype);
	struct kapi_ctype ct;

	fprintf(f, "\t%s\t", m->name ? m->name : "field");
	if (m->set && m->set->n_values) {
		fprintf(f, "flags[kapi_%s, %s]\n", m->set->name, it);
		return;
	}
	if (m->size_of >= 0 && m->size_of < lo->n_fields) {
		fprintf(f, "len[%s, %s]\n", lo->fields[m->size_of].name, it);
		return;
	}
	kapi_ctype_classify(m->ctype ? m->ctype : "", &ct);
	if (ct.pointer) {
		fprintf(f, "ptr[%s, array[int8]]\n",
			direction(m->flags ? m->flags :
				  p->member_flags ? p->member_flags :
				  KAPI_PARAM_IN));
		return;
	}
	fprintf(f, "%s\n", it);
}

static void syz_struct(FILE *f, struct seen *seen, const struct kapi_param *p)
{
	char name[160];
	unsigned int i;

	if (!p->layout || !p->layout->n_fields)
		return;
	struct_name(name, sizeof(name), p);
	if (!first_time(seen, name))
		return;
	fprintf(f, "\n%s {\n", name);
	for (i = 0; i < p->layout->n_fields; i++)
		syz_member(f, p, &p->layout->fields[i]);
	fputs("}\n", f);
}

void print_syzlang_sets(FILE *f, const struct kapi_spec *const *specs,
			unsigned int n)
{
	struct seen sets = { 0 }, structs = { 0 };
	const struct kapi_param *p;
	unsigned int i, j, k;

	for (i = 0; i < n; i++) {
		if (specs[i]->kind != KAPI_KIND_SYSCALL)
			continue;
		for (j = 0; j < specs[i]->n_params; j++) {
			p = &specs[i]->params[j];
			syz_set(f, &sets, p->set);
			for (k = 0; p->layout && k < p->layout->n_fields; k++)
				syz_set(f, &sets, p->layout->fields[k].set);
		}
	}
	for (i = 0; i < n; i++) {
		if (specs[i]->kind != KAPI_KIND_SYSCALL)
			continue;
		for (j = 0; j < specs[i]->n_params; j++)
			syz_struct(f, &structs, &specs[i]->params[j]);
	}
	seen_free(&sets);
	seen_free(&structs);
}
