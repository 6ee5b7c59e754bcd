// SPDX-License-Identifier: GPL-2.0
/*
 * syzkaller descriptions (syzlang) of the specified system calls, so a
 * fuzzer starts from the contract instead of from scratch. The output is
 * meant to be dropped into syzkaller's sys/linux as it is, next to the
 * .const file print_syzlang_const.c writes, and to read like syzkaller's
 * own descriptions of the same calls:
 *
 *   call         name$kapi(...): a variant of the call, as syzkaller's own
 *                description already declares the plain name
 *   range        intN[min:max], clamped to the C type; a constraint
 *                whose numbers only the compiler knows (a spec read from
 *                source) bounds nothing and the type is plain
 *   mask         flags[set] with one value per valid bit
 *   enum         flags[set] with the listed values
 *   alignment    intN[0:max, align]
 *   power-of-two flags[set] with every power of two of the width
 *   buffer       buffer[dir] (ptr[dir, array[int8], opt] when optional)
 *   its size     len[buf]: bytes and elements of an int8 array are one
 *   user-path    ptr[in, filename]; user-string ptr[in, string]
 *   fd           fd, syzkaller's resource; fd[opt] when optional
 *   AT_FDCWD     fd_dir[opt], syzkaller's resource of directories whose
 *                special value is AT_FDCWD, for a descriptor the spec lets
 *                AT_FDCWD through: an optional fd constraint (the run-time
 *                check then allows AT_FDCWD, see kapi_gen_checks.c) or a
 *                range or enum that holds -100, and above all a directory
 *                descriptor of an *at() call (flags: KAPI_PARAM_DIRFD).
 *   fd returned  fd: a resource of its own would be one no call takes,
 *                which syzkaller refuses
 *   off_t        fileoff, syzkaller's type of file offsets, for an
 *                unconstrained off_t or loff_t
 *   values:      flags[kapi_<set>], the set by its kernel names once after
 *                every call (syzkaller takes their numbers from the .const
 *                file): a named value set beats what the constraint alone
 *                could say (the prefix keeps the name clear of syzkaller's
 *                own sets)
 *   struct:      ptr[dir, kapi_<tag>], or ptr[dir, array[kapi_<tag>]] with
 *                the count parameter as len[ptr]; a structure sized by a
 *                buffer constraint has its size parameter as bytesize[ptr]
 *   members      flags[kapi_<set>, intN] with a value set, len[buf, intN]
 *                for the size (in bytes) of a pointer member, whose
 *                memory is buffer[dir]
 *
 * A syscall argument is a register: len, bytesize and flags take no base
 * type there, only in a structure. Integer widths come from the C types,
 * classified by scripts/kapi's own type classifier so the tool does not
 * keep a second table of typedefs. Kernel functions are not system calls
 * and are only named in a comment. tests/tool/syzlang_check.c checks the
 * output against the rules of syzkaller's description language.
 */
#include <stdlib.h>
#include <string.h>

#include "kapi_internal.h"	/* kapi_ctype_classify() */
#include "compiler.h"
#include <linux/kapi_names.h>
#include "print.h"

/* AT_FDCWD, <uapi/linux/fcntl.h>: the same on every architecture */
#define SYZ_AT_FDCWD	-100

/* What a parameter is in syzlang; see the table at the top. */
enum syz_kind {
	SK_INT,
	SK_RANGE,
	SK_ALIGN,
	SK_FLAGS,	/* a set of the spec's own: kapi_<call>_<param> */
	SK_SET,		/* a named value set: kapi_<set> */
	SK_FD,
	SK_FD_DIR,
	SK_FILEOFF,
	SK_FILENAME,
	SK_STRING,
	SK_BUFFER,
	SK_STRUCT,
	SK_LEN,
	SK_BYTESIZE,
};

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

/* off_t and loff_t are file offsets: syzkaller's fileoff. */
static bool is_file_offset(const char *ctype)
{
	static const char *const types[] = {
		"off_t", "loff_t", "__kernel_off_t", "__kernel_loff_t",
	};
	unsigned int i;

	if (!ctype)
		return false;
	for (i = 0; i < ARRAY_SIZE(types); i++)
		if (!strcmp(ctype, types[i]))
			return true;
	return false;
}

static const char *direction(u8 flags)
{
	if ((flags & KAPI_PARAM_INOUT) == KAPI_PARAM_INOUT)
		return "inout";
	return flags & KAPI_PARAM_OUT ? "out" : "in";
}

/*
 * A name as syzlang takes it: @name, arg<i> without one, "_" after the two
 * names syzkaller keeps for its length paths (parent, syscall).
 */
static const char *syz_name(char *buf, size_t len, const char *name,
			    unsigned int i)
{
	if (!name || !*name)
		snprintf(buf, len, "arg%u", i);
	else if (!strcmp(name, "parent") || !strcmp(name, "syscall"))
		snprintf(buf, len, "%s_", name);
	else
		snprintf(buf, len, "%s", name);
	return buf;
}

static bool has_flag_set(const struct kapi_param *p)
{
	return p->constraint == KAPI_CONSTRAINT_MASK ||
	       p->constraint == KAPI_CONSTRAINT_ENUM ||
	       p->constraint == KAPI_CONSTRAINT_POWER_OF_TWO;
}

static bool named_set(const struct kapi_value_set *set)
{
	return set && set->n_values && set->name && *set->name;
}

/*
 * Whether the spec lets AT_FDCWD through descriptor @p: a directory
 * descriptor of an *at() call (KAPI_PARAM_DIRFD) does, so does an optional fd
 * constraint does (KAPI_PARAM_OPTIONAL on a descriptor means AT_FDCWD is
 * fine: scripts/kapi/kapi_gen_checks.c, probe_args.c), so does a range or
 * an enum that holds it.
 */
static bool admits_at_fdcwd(const struct kapi_param *p)
{
	unsigned int i;

	if (p->flags & KAPI_PARAM_DIRFD)
		return true;
	if (p->unknown)
		return false;
	switch (p->constraint) {
	case KAPI_CONSTRAINT_FD:
		return p->flags & KAPI_PARAM_OPTIONAL;
	case KAPI_CONSTRAINT_RANGE:
		return p->ext.min <= SYZ_AT_FDCWD && p->ext.max >= SYZ_AT_FDCWD;
	case KAPI_CONSTRAINT_ENUM:
		for (i = 0; i < p->n_values; i++)
			if (p->ext.values[i] == SYZ_AT_FDCWD)
				return true;
		return false;
	default:
		return false;
	}
}

/* @p by itself, before what other parameters say of it (its size). */
static enum syz_kind base_kind(const struct kapi_param *p)
{
	if (p->layout && p->layout->n_fields)
		return SK_STRUCT;
	if (named_set(p->set))
		return SK_SET;
	/* a descriptor is worth more to a fuzzer as a resource than a range */
	if (p->type == KAPI_TYPE_FD || p->constraint == KAPI_CONSTRAINT_FD)
		return admits_at_fdcwd(p) ? SK_FD_DIR : SK_FD;
	/* a bound only the compiler knows (read from source) bounds nothing */
	switch (p->unknown ? KAPI_CONSTRAINT_NONE : p->constraint) {
	case KAPI_CONSTRAINT_USER_PATH:
		return SK_FILENAME;
	case KAPI_CONSTRAINT_USER_STRING:
		return SK_STRING;
	case KAPI_CONSTRAINT_BUFFER:
	case KAPI_CONSTRAINT_USER_PTR:
		return SK_BUFFER;
	case KAPI_CONSTRAINT_RANGE:
		return SK_RANGE;
	case KAPI_CONSTRAINT_ALIGNMENT:
		if (p->ext.align > 1)
			return SK_ALIGN;
		break;
	}
	if (has_flag_set(p) && !p->unknown)
		return SK_FLAGS;
	/* no constraint a fuzzer can use: go by the kapi type */
	switch (p->type) {
	case KAPI_TYPE_PATH:
		return SK_FILENAME;
	case KAPI_TYPE_USER_PTR:
	case KAPI_TYPE_PTR:
	case KAPI_TYPE_ARRAY:
	case KAPI_TYPE_STRUCT:
	case KAPI_TYPE_UNION:
		return SK_BUFFER;
	}
	return is_file_offset(p->ctype) ? SK_FILEOFF : SK_INT;
}

static bool is_pointer(enum syz_kind k)
{
	return k == SK_BUFFER || k == SK_STRUCT;
}

/*
 * The parameter whose size @i holds, or -1: the count of a structure
 * array (*@count set) or the size in bytes of a buffer.
 */
static int size_target(const struct kapi_spec *spec, unsigned int i,
		       bool *count)
{
	const struct kapi_param *p;
	unsigned int j;

	for (j = 0; j < spec->n_params; j++) {
		p = &spec->params[j];
		if (j == i)
			continue;
		*count = p->layout && p->layout->n_fields &&
			 p->count_param == (int)i;
		if (*count || (p->constraint == KAPI_CONSTRAINT_BUFFER &&
			       p->size_param == (int)i))
			return j;
	}
	return -1;
}

/*
 * What parameter @i is: the size of a pointer is len (a count of
 * elements, or bytes of an int8 array) or bytesize (bytes of a structure);
 * anything else is what it is by itself. A size whose target is no
 * pointer, or is itself a size, stays an integer.
 */
static enum syz_kind param_kind(const struct kapi_spec *spec, unsigned int i,
				int *target)
{
	enum syz_kind k;
	bool count, dummy;
	int j = size_target(spec, i, &count);

	*target = j;
	if (j >= 0) {
		k = base_kind(&spec->params[j]);
		if (is_pointer(k) && size_target(spec, j, &dummy) < 0)
			return count || k == SK_BUFFER ? SK_LEN : SK_BYTESIZE;
	}
	return base_kind(&spec->params[i]);
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
			  unsigned int i)
{
	char name[128];

	fprintf(f, "kapi_%s_%s", spec->name,
		syz_name(name, sizeof(name), spec->params[i].name, i));
}

static void syz_buffer(FILE *f, const char *dir, u8 flags)
{
	if (flags & KAPI_PARAM_OPTIONAL)
		fprintf(f, "ptr[%s, array[int8], opt]", dir);
	else
		fprintf(f, "buffer[%s]", dir);
}

static void syz_ptr(FILE *f, const char *dir, const char *what, u8 flags)
{
	fprintf(f, "ptr[%s, %s%s]", dir, what,
		flags & KAPI_PARAM_OPTIONAL ? ", opt" : "");
}

/* intN[min:max] within what the C type can hold, or intN when nothing is */
static void syz_range(FILE *f, const char *it, unsigned int width, s64 min,
		      s64 max)
{
	if (width && width < 64) {
		s64 smin = -(1LL << (width - 1)), smax = (1LL << (width - 1)) - 1;
		s64 umax = (1LL << width) - 1;

		if (min >= 0) {
			max = max < umax ? max : umax;
		} else {
			min = min > smin ? min : smin;
			max = max < smax ? max : smax;
		}
	}
	if (min > max)
		fputs(it, f);
	else
		fprintf(f, "%s[%lld:%lld]", it, (long long)min, (long long)max);
}

static void syz_param_type(FILE *f, const struct kapi_spec *spec,
			   unsigned int i)
{
	const struct kapi_param *p = &spec->params[i];
	const char *it = int_type(p->ctype);
	unsigned int width = ctype_width(p->ctype);
	enum syz_kind kind;
	char name[160];
	int target;

	kind = param_kind(spec, i, &target);
	switch (kind) {
	case SK_LEN:
	case SK_BYTESIZE:
		fprintf(f, "%s[%s]", kind == SK_LEN ? "len" : "bytesize",
			syz_name(name, sizeof(name), spec->params[target].name,
				 target));
		return;
	case SK_STRUCT:
		struct_name(name, sizeof(name), p);
		fprintf(f, "ptr[%s, %s%s%s%s]", direction(p->flags),
			p->count_param >= 0 ? "array[" : "", name,
			p->count_param >= 0 ? "]" : "",
			p->flags & KAPI_PARAM_OPTIONAL ? ", opt" : "");
		return;
	case SK_SET:
		fprintf(f, "flags[kapi_%s]", p->set->name);
		return;
	case SK_FD:
		fputs(p->flags & KAPI_PARAM_OPTIONAL ? "fd[opt]" : "fd", f);
		return;
	case SK_FD_DIR:
		fputs("fd_dir[opt]", f);
		return;
	case SK_FILENAME:
		syz_ptr(f, "in", "filename", p->flags);
		return;
	case SK_STRING:
		syz_ptr(f, "in", "string", p->flags);
		return;
	case SK_BUFFER:
		syz_buffer(f, direction(p->flags), p->flags);
		return;
	case SK_RANGE:
		syz_range(f, it, width, p->ext.min, p->ext.max);
		return;
	case SK_ALIGN:
		fprintf(f, "%s[0:0x%llx, %llu]", it,
			width && width < 64 ? (1ULL << width) - 1 : ~0ULL >> 1,
			(unsigned long long)p->ext.align);
		return;
	case SK_FLAGS:
		fputs("flags[", f);
		flag_set_name(f, spec, i);
		fputc(']', f);
		return;
	case SK_FILEOFF:
		fputs("fileoff", f);
		return;
	default:
		fputs(it, f);
	}
}

static void syz_flag_set(FILE *f, const struct kapi_spec *spec,
			 unsigned int i)
{
	const struct kapi_param *p = &spec->params[i];
	const char *sep = " ";
	unsigned int k, width;
	u64 bit;

	flag_set_name(f, spec, i);
	fputs(" =", f);
	switch (p->constraint) {
	case KAPI_CONSTRAINT_MASK:
		if (!p->ext.mask)
			fputs(" 0", f);
		for (k = 0; k < 64; k++) {
			bit = 1ULL << k;
			if (!(p->ext.mask & bit))
				continue;
			fprintf(f, "%s0x%llx", sep, (unsigned long long)bit);
			sep = ", ";
		}
		break;
	case KAPI_CONSTRAINT_ENUM:
		if (!p->n_values)
			fputs(" 0", f);
		for (k = 0; k < p->n_values; k++) {
			fprintf(f, "%s%lld", sep, (long long)p->ext.values[k]);
			sep = ", ";
		}
		break;
	default:
		width = ctype_width(p->ctype);
		if (!width || width > 64)
			width = 64;
		for (k = 0; k < width; k++) {
			fprintf(f, "%s0x%llx", sep, 1ULL << k);
			sep = ", ";
		}
		break;
	}
	putc('\n', f);
}

/* @text in a comment: a line break or control character would end it */
static void syz_comment(FILE *f, const char *text)
{
	for (; *text; text++)
		putc((unsigned char)*text < ' ' || *text == 0x7f ? ' ' : *text,
		     f);
}

void print_syzlang_header(FILE *f)
{
	fputs("# Generated by kapi from kernel API specifications; do not edit.\n"
	      "# syzkaller descriptions of the specified system calls. They use\n"
	      "# the fd and fd_dir resources of syzkaller's sys/linux descriptions;\n"
	      "# the numbers of the names are in the .const file that\n"
	      "# kapi --format syzlang-const show writes.\n", f);
}

/*
 * The argument after the selector, as command @v describes it: a
 * descriptor, nothing (const 0), a pointer to memory the spec does not lay
 * out, or an integer of the parameter's width.
 */
static void syz_variant_arg(FILE *f, const struct kapi_param *p,
			    const struct kapi_variant *v)
{
	switch (v->arg_type) {
	case KAPI_TYPE_FD:
		fputs("fd", f);
		break;
	case KAPI_TYPE_VOID:
		fputs("const[0]", f);
		break;
	case KAPI_TYPE_USER_PTR:
	case KAPI_TYPE_PTR:
		syz_buffer(f, "inout", 0);
		break;
	default:
		fputs(int_type(p->ctype), f);
	}
}

/*
 * One call per command of a multiplexed syscall: the selector is the
 * command's constant and the argument after it takes the command's type.
 */
static void syz_variants(FILE *f, const struct kapi_spec *spec)
{
	const struct kapi_variant *v;
	unsigned int i, k, sel = spec->n_params;
	char name[128];

	for (i = 0; i < spec->n_params; i++)
		if (spec->params[i].flags & KAPI_PARAM_SELECTOR)
			sel = i;
	if (sel == spec->n_params)
		return;
	for (k = 0; k < spec->n_variants; k++) {
		v = &spec->variants[k];
		fputs("# ", f);
		syz_comment(f, v->name);
		fputs(": ", f);
		syz_comment(f, v->summary ? v->summary : "no summary");
		fprintf(f, "\n%s$kapi_%s(", spec->name, v->name);
		for (i = 0; i < spec->n_params; i++) {
			fprintf(f, "%s%s ", i ? ", " : "",
				syz_name(name, sizeof(name),
					 spec->params[i].name, i));
			if (i == sel)
				fprintf(f, "const[%s]", v->name);
			else if (i == sel + 1)
				syz_variant_arg(f, &spec->params[i], v);
			else
				syz_param_type(f, spec, i);
		}
		putc(')', f);
		if (v->check == KAPI_RETURN_FD)
			fputs(" fd", f);
		putc('\n', f);
	}
}

void print_syzlang(FILE *f, const struct kapi_spec *spec)
{
	char name[128];
	unsigned int i;
	int target;

	fputs("\n# ", f);
	syz_comment(f, spec->name);
	fputs(": ", f);
	syz_comment(f, spec->summary ? spec->summary : "no summary");
	putc('\n', f);
	if (spec->kind != KAPI_KIND_SYSCALL) {
		fprintf(f, "# not a system call (%s): not described\n",
			kapi_name(&kapi_kind_names, spec->kind));
		return;
	}
	if (spec->file) {
		fputs("# specified in ", f);
		syz_comment(f, spec->file);
		fprintf(f, ":%u\n", spec->line);
	}
	fprintf(f, "%s$kapi(", spec->name);
	for (i = 0; i < spec->n_params; i++) {
		fprintf(f, "%s%s ", i ? ", " : "",
			syz_name(name, sizeof(name), spec->params[i].name, i));
		syz_param_type(f, spec, i);
	}
	putc(')', f);
	if (spec->ret.check == KAPI_RETURN_FD)
		fputs(" fd", f);
	putc('\n', f);
	for (i = 0; i < spec->n_params; i++)
		if (param_kind(spec, i, &target) == SK_FLAGS)
			syz_flag_set(f, spec, i);
	syz_variants(f, spec);
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

void print_syzlang_walk_sets(const struct kapi_spec *const *specs,
			     unsigned int n, print_syzlang_set_fn *fn,
			     void *data)
{
	struct seen seen = { 0 };
	const struct kapi_value_set *set;
	const struct kapi_param *p;
	unsigned int i, j, k;
	int target;

	for (i = 0; i < n; i++) {
		if (specs[i]->kind != KAPI_KIND_SYSCALL)
			continue;
		for (j = 0; j < specs[i]->n_params; j++) {
			p = &specs[i]->params[j];
			switch (param_kind(specs[i], j, &target)) {
			case SK_SET:
				if (first_time(&seen, p->set->name))
					fn(p->set, data);
				break;
			case SK_STRUCT:
				for (k = 0; k < p->layout->n_fields; k++) {
					set = p->layout->fields[k].set;
					if (named_set(set) &&
					    first_time(&seen, set->name))
						fn(set, data);
				}
				break;
			default:
				break;
			}
		}
	}
	seen_free(&seen);
}

static void syz_set(const struct kapi_value_set *set, void *data)
{
	FILE *f = data;
	unsigned int k;

	fprintf(f, "\nkapi_%s =", set->name);
	for (k = 0; k < set->n_values; k++)
		fprintf(f, "%s%s", k ? ", " : " ", set->values[k].name);
	putc('\n', f);
}

/*
 * One member: a value set, the length of a pointer member, a pointer, a
 * file offset or an integer.
 */
static void syz_member(FILE *f, const struct kapi_param *p, unsigned int i)
{
	const struct kapi_struct *lo = p->layout;
	const struct kapi_struct_field *m = &lo->fields[i];
	const char *it = int_type(m->ctype);
	struct kapi_ctype ct;
	char name[128];

	fprintf(f, "\t%s\t", syz_name(name, sizeof(name), m->name, i));
	if (named_set(m->set)) {
		fprintf(f, "flags[kapi_%s, %s]\n", m->set->name, it);
		return;
	}
	if (m->size_of >= 0 && m->size_of < lo->n_fields && m->size_of != (int)i) {
		kapi_ctype_classify(lo->fields[m->size_of].ctype ?
				    lo->fields[m->size_of].ctype : "", &ct);
		if (ct.pointer) {
			fprintf(f, "len[%s, %s]\n",
				syz_name(name, sizeof(name),
					 lo->fields[m->size_of].name,
					 m->size_of), it);
			return;
		}
	}
	kapi_ctype_classify(m->ctype ? m->ctype : "", &ct);
	if (ct.pointer) {
		fprintf(f, "buffer[%s]\n",
			direction(m->flags ? m->flags :
				  p->member_flags ? p->member_flags :
				  KAPI_PARAM_IN));
		return;
	}
	if (is_file_offset(m->ctype))
		fprintf(f, "fileoff[%s]\n", it);
	else
		fprintf(f, "%s\n", it);
}

static void syz_struct(FILE *f, struct seen *seen, const struct kapi_param *p)
{
	char name[160];
	unsigned int i;

	struct_name(name, sizeof(name), p);
	if (!first_time(seen, name))
		return;
	fprintf(f, "\n%s {\n", name);
	for (i = 0; i < p->layout->n_fields; i++)
		syz_member(f, p, i);
	fputs("}\n", f);
}

void print_syzlang_sets(FILE *f, const struct kapi_spec *const *specs,
			unsigned int n)
{
	struct seen structs = { 0 };
	unsigned int i, j;
	int target;

	print_syzlang_walk_sets(specs, n, syz_set, f);
	for (i = 0; i < n; i++) {
		if (specs[i]->kind != KAPI_KIND_SYSCALL)
			continue;
		for (j = 0; j < specs[i]->n_params; j++)
			if (param_kind(specs[i], j, &target) == SK_STRUCT)
				syz_struct(f, &structs, &specs[i]->params[j]);
	}
	seen_free(&structs);
}
