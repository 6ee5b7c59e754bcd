// SPDX-License-Identifier: GPL-2.0
/*
 * What changed between two sets of specs, and whether callers can tell.
 *
 * The rule of thumb is variance: a caller gives parameters and receives
 * results. Accepting more (a wider range, more mask bits, more enum values,
 * a looser alignment, a new optional flag) is compatible; accepting less is
 * not. For what the API gives back it is the other way round: a narrower
 * success range is compatible, a wider one is not. Beyond that:
 *
 *  - a spec added is compatible; removed, or its kind or syscall number
 *    changed, is incompatible;
 *  - parameters added or removed, or a changed C type, kapi type,
 *    direction (in/out) or user flag, are incompatible; a rename is not;
 *  - an errno added is compatible (callers must already treat an errno
 *    they do not know as a failure), an errno removed is incompatible (a
 *    caller may rely on it to detect its condition), so is a changed value;
 *  - an execution context removed is incompatible, one added compatible;
 *  - locks matter to in-kernel callers only: any lock change is
 *    incompatible for a function, compatible for a syscall or ioctl;
 *  - which capabilities matter cannot be ordered: a capability added,
 *    removed or changed in kind or number is incompatible;
 *  - a numbered behaviour removed or moved between "behavior" and
 *    "constraint of use" is incompatible (tests cite it), one added is not;
 *  - a named value of a parameter's value set removed, or its number
 *    changed, or the set's kind changed, is incompatible; a value added
 *    is compatible, so is a set added, dropped or renamed (it documents,
 *    the constraint checks); others: going to refused is incompatible,
 *    any other change of it compatible. A set read from source has no
 *    numbers: they are compared only where both sides have them;
 *  - a constraint's number that only the compiler knows (a name such as
 *    KMALLOC_MAX_SIZE, read from source) is compared only where both
 *    sides have it;
 *  - the structure a pointer points to: another tag, count parameter,
 *    size, member type, place, direction, or a member removed is
 *    incompatible; members added at the end of a larger structure (how
 *    extensible structures grow) and prose are compatible;
 *  - prose (summaries, descriptions, conditions, examples, notes), the
 *    source location, signals, side effects, state transitions and
 *    free-form constraints are reported as compatible changes.
 *
 * Nothing is ignored: two sets compare equal only when every field the
 * JSON shows is equal, which is what the three-readers test relies on.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include <linux/kapi_fields.h>
#include "print.h"

struct cmp {
	struct kapi_changes *out;
	const struct kapi_spec *o;	/* old */
	const struct kapi_spec *n;	/* new */
};

static const char *const kind_names[] = {
	[KAPI_CHANGE_ADDED] = "added",
	[KAPI_CHANGE_REMOVED] = "removed",
	[KAPI_CHANGE_CHANGED] = "changed",
	[KAPI_CHANGE_NARROWED] = "narrowed",
	[KAPI_CHANGE_WIDENED] = "widened",
};

const char *kapi_change_kind_name(enum kapi_change_kind kind)
{
	return kind_names[kind];
}

const char *kapi_change_level_name(int level)
{
	switch (level) {
	case 0:
		return "identical";
	case KAPI_COMPATIBLE:
		return "compatible";
	default:
		return "incompatible";
	}
}

static struct kapi_change *add(struct cmp *c, const char *spec,
			       const char *field, enum kapi_change_kind kind,
			       enum kapi_change_level level,
			       const char *old_val, const char *new_val)
{
	struct kapi_changes *out = c->out;
	struct kapi_change *v;

	v = arena_push(&out->arena, out->v, out->n, out->cap);
	*v = (struct kapi_change){
		.spec = spec, .field = field, .kind = kind, .level = level,
		.old_val = old_val, .new_val = new_val,
	};
	return v;
}

/* A change in spec @c->n (or @c->o); @field is printf-formatted. */
static __printf(2, 7)
struct kapi_change *chg(struct cmp *c, const char *field,
			enum kapi_change_kind kind,
			enum kapi_change_level level, const char *old_val,
			const char *new_val, ...)
{
	char *path;
	va_list ap;

	va_start(ap, new_val);
	path = arena_vprintf(&c->out->arena, field, ap);
	va_end(ap);
	return add(c, c->o->name, path, kind, level, old_val, new_val);
}

static bool str_eq(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* Prose: any difference is a compatible change. */
static void cmp_text(struct cmp *c, const char *field, const char *a,
		     const char *b)
{
	if (!str_eq(a, b))
		chg(c, "%s", KAPI_CHANGE_CHANGED, KAPI_COMPATIBLE, a, b, field);
}

static char *strf(struct cmp *c, const char *fmt, ...) __printf(2, 3);

static char *strf(struct cmp *c, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = arena_vprintf(&c->out->arena, fmt, ap);
	va_end(ap);
	return s;
}

/* Text from a printer, kept in the arena: values read as `show` has them. */
static char *from_stream(struct cmp *c, char *buf, size_t len)
{
	char *s = arena_alloc(&c->out->arena, len + 1);

	memcpy(s, buf, len);
	free(buf);
	return s;
}

static char *flags_str(struct cmp *c, const struct kapi_names *names, u32 bits)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return strf(c, "0x%x", bits);
	print_flags(f, names, bits);
	fclose(f);
	return from_stream(c, buf, len);
}

static char *constraint_str(struct cmp *c, const struct kapi_param *p)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return strf(c, "%u", p->constraint);
	print_constraint(f, p);
	fclose(f);
	return from_stream(c, buf, len);
}

static const char *name_of(const struct kapi_names *names, unsigned int v)
{
	return kapi_name(names, v);
}

/*
 * Enum values compare by name, as the JSON shows them: two values this
 * tool does not know are both "unknown", whatever their numbers.
 */
static bool enum_ne(const struct kapi_names *names, unsigned int a,
		    unsigned int b)
{
	return strcmp(kapi_name(names, a), kapi_name(names, b));
}

/*
 * A set of bits a caller may use (contexts, mask bits): fewer is
 * incompatible, more is compatible.
 */
static void cmp_bits(struct cmp *c, const char *field, u64 a, u64 b,
		     const char *va, const char *vb,
		     const struct kapi_names *names)
{
	struct kapi_change *ch;
	u64 gone = a & ~b, new = b & ~a;

	if (a == b)
		return;
	if (!gone) {
		ch = chg(c, "%s", KAPI_CHANGE_WIDENED, KAPI_COMPATIBLE, va, vb,
			 field);
	} else {
		ch = chg(c, "%s", new ? KAPI_CHANGE_CHANGED :
					KAPI_CHANGE_NARROWED,
			 KAPI_INCOMPATIBLE, va, vb, field);
	}
	if (names && gone && new)
		ch->detail = strf(c, "%s removed, %s added",
				  flags_str(c, names, gone),
				  flags_str(c, names, new));
	else if (names)
		ch->detail = strf(c, "%s %s", flags_str(c, names, gone | new),
				  gone ? "removed" : "added");
	else if (gone && new)
		ch->detail = strf(c, "bits 0x%llx removed, 0x%llx added",
				  (unsigned long long)gone,
				  (unsigned long long)new);
	else
		ch->detail = strf(c, "bits 0x%llx %s",
				  (unsigned long long)(gone | new),
				  gone ? "removed" : "added");
}

/*
 * An interval: @in is true for values the caller passes (wider is
 * compatible), false for values the API returns (narrower is compatible).
 */
static void cmp_interval(struct cmp *c, const char *field, s64 amin,
			 s64 amax, s64 bmin, s64 bmax, const char *va,
			 const char *vb, bool in)
{
	bool wider = bmin <= amin && bmax >= amax;
	bool narrower = bmin >= amin && bmax <= amax;

	if (amin == bmin && amax == bmax)
		return;
	if (wider)
		chg(c, "%s", KAPI_CHANGE_WIDENED,
		    in ? KAPI_COMPATIBLE : KAPI_INCOMPATIBLE, va, vb, field);
	else if (narrower)
		chg(c, "%s", KAPI_CHANGE_NARROWED,
		    in ? KAPI_INCOMPATIBLE : KAPI_COMPATIBLE, va, vb, field);
	else
		chg(c, "%s", KAPI_CHANGE_CHANGED, KAPI_INCOMPATIBLE, va, vb,
		    field);
}

static bool value_in(s64 v, const s64 *vals, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (vals[i] == v)
			return true;
	return false;
}

static void cmp_enum_values(struct cmp *c, const char *field,
			    const struct kapi_param *a,
			    const struct kapi_param *b,
			    const char *va, const char *vb)
{
	unsigned int i, gone = 0, new = 0;

	for (i = 0; i < a->n_values; i++)
		gone += !value_in(a->ext.values[i], b->ext.values, b->n_values);
	for (i = 0; i < b->n_values; i++)
		new += !value_in(b->ext.values[i], a->ext.values, a->n_values);
	if (!gone && !new) {
		/* same set, another order: still a difference to report */
		if (a->n_values == b->n_values &&
		    (!a->n_values || !memcmp(a->ext.values, b->ext.values,
					     a->n_values * sizeof(s64))))
			return;
		chg(c, "%s", KAPI_CHANGE_CHANGED, KAPI_COMPATIBLE, va, vb,
		    field);
		return;
	}
	if (!gone)
		chg(c, "%s", KAPI_CHANGE_WIDENED, KAPI_COMPATIBLE, va, vb,
		    field)->detail = strf(c, "%u value%s added", new,
					  new == 1 ? "" : "s");
	else
		chg(c, "%s", new ? KAPI_CHANGE_CHANGED : KAPI_CHANGE_NARROWED,
		    KAPI_INCOMPATIBLE, va, vb, field)->detail =
			strf(c, "%u value%s removed", gone,
			     gone == 1 ? "" : "s");
}

static void cmp_constraint(struct cmp *c, unsigned int i,
			   const struct kapi_param *a,
			   const struct kapi_param *b)
{
	const char *va = constraint_str(c, a), *vb = constraint_str(c, b);
	char *field = strf(c, "params[%u].constraint", i);
	bool first, max;

	if (enum_ne(&kapi_constraint_names, a->constraint, b->constraint)) {
		if (b->constraint == KAPI_CONSTRAINT_NONE)
			chg(c, "%s", KAPI_CHANGE_WIDENED, KAPI_COMPATIBLE,
			    va, vb, field);
		else if (a->constraint == KAPI_CONSTRAINT_NONE)
			chg(c, "%s", KAPI_CHANGE_NARROWED, KAPI_INCOMPATIBLE,
			    va, vb, field);
		else
			chg(c, "%s", KAPI_CHANGE_CHANGED, KAPI_INCOMPATIBLE,
			    va, vb, field);
		return;
	}
	/* a number one side does not know (read from source) is not compared */
	first = (a->unknown | b->unknown) & KAPI_UNKNOWN_FIRST;
	max = (a->unknown | b->unknown) & KAPI_UNKNOWN_MAX;
	switch (a->constraint) {
	case KAPI_CONSTRAINT_RANGE:
		cmp_interval(c, field, first ? 0 : a->ext.min,
			     max ? 0 : a->ext.max, first ? 0 : b->ext.min,
			     max ? 0 : b->ext.max, va, vb, true);
		break;
	case KAPI_CONSTRAINT_MASK:
		if (!first)
			cmp_bits(c, field, a->ext.mask, b->ext.mask, va, vb,
				 NULL);
		break;
	case KAPI_CONSTRAINT_ENUM:
		if (!first)
			cmp_enum_values(c, field, a, b, va, vb);
		else if (a->n_values != b->n_values)
			chg(c, "%s", KAPI_CHANGE_CHANGED, KAPI_INCOMPATIBLE,
			    va, vb, field);
		break;
	case KAPI_CONSTRAINT_ALIGNMENT:
		if (first || a->ext.align == b->ext.align)
			break;
		/* a looser alignment accepts every value the old one did */
		if (b->ext.align && a->ext.align % b->ext.align == 0)
			chg(c, "%s", KAPI_CHANGE_WIDENED, KAPI_COMPATIBLE,
			    va, vb, field);
		else if (a->ext.align && b->ext.align % a->ext.align == 0)
			chg(c, "%s", KAPI_CHANGE_NARROWED, KAPI_INCOMPATIBLE,
			    va, vb, field);
		else
			chg(c, "%s", KAPI_CHANGE_CHANGED, KAPI_INCOMPATIBLE,
			    va, vb, field);
		break;
	case KAPI_CONSTRAINT_BUFFER:
		if (a->size_param != b->size_param)
			chg(c, "%s", KAPI_CHANGE_CHANGED, KAPI_INCOMPATIBLE,
			    va, vb, field);
		break;
	}
}

/*
 * Parameter flags: direction and user-ness change the ABI; dropping
 * optional or const takes a promise away, adding them gives one.
 */
static void cmp_param_flags(struct cmp *c, unsigned int i, u8 a, u8 b)
{
	const u8 loose = KAPI_PARAM_OPTIONAL | KAPI_PARAM_CONST;
	enum kapi_change_level level = KAPI_COMPATIBLE;
	struct kapi_change *ch;
	u8 gone = a & ~b, new = b & ~a;

	if (a == b)
		return;
	if ((gone | new) & ~loose || gone & loose)
		level = KAPI_INCOMPATIBLE;
	ch = chg(c, "params[%u].flags", KAPI_CHANGE_CHANGED, level,
		 flags_str(c, &kapi_param_flag_names, a),
		 flags_str(c, &kapi_param_flag_names, b), i);
	if (gone && new)
		ch->detail = strf(c, "%s removed, %s added",
				  flags_str(c, &kapi_param_flag_names, gone),
				  flags_str(c, &kapi_param_flag_names, new));
	else
		ch->detail = strf(c, "%s %s",
				  flags_str(c, &kapi_param_flag_names,
					    gone | new),
				  gone ? "removed" : "added");
}

static const struct kapi_value *set_value(const struct kapi_value_set *set,
					  const char *name)
{
	unsigned int i;

	for (i = 0; set->values && i < set->n_values; i++)
		if (str_eq(set->values[i].name, name))
			return &set->values[i];
	return NULL;
}

/* Value sets at @at ("params[2].values"), by value name (see above). */
static void cmp_set(struct cmp *c, const char *at,
		    const struct kapi_value_set *sa,
		    const struct kapi_value_set *sb, u8 oa, u8 ob)
{
	const struct kapi_value *va, *vb;
	unsigned int k;

	if (!sa || !sb) {
		if (sa || sb)
			chg(c, "%s", sa ? KAPI_CHANGE_REMOVED :
			    KAPI_CHANGE_ADDED, KAPI_COMPATIBLE,
			    sa ? sa->name : NULL, sb ? sb->name : NULL, at);
		return;
	}
	if (!str_eq(sa->name, sb->name))
		chg(c, "%s.name", KAPI_CHANGE_CHANGED, KAPI_COMPATIBLE,
		    sa->name, sb->name, at);
	if (enum_ne(&kapi_set_kind_names, sa->kind, sb->kind))
		chg(c, "%s.kind", KAPI_CHANGE_CHANGED, KAPI_INCOMPATIBLE,
		    name_of(&kapi_set_kind_names, sa->kind),
		    name_of(&kapi_set_kind_names, sb->kind), at);
	if (enum_ne(&kapi_others_names, oa, ob))
		chg(c, "%s.others", KAPI_CHANGE_CHANGED,
		    ob == KAPI_OTHERS_REFUSED ? KAPI_INCOMPATIBLE :
		    KAPI_COMPATIBLE, name_of(&kapi_others_names, oa),
		    name_of(&kapi_others_names, ob), at);
	for (k = 0; sa->values && k < sa->n_values; k++) {
		va = &sa->values[k];
		vb = set_value(sb, va->name);
		if (!vb) {
			chg(c, "%s.%s", KAPI_CHANGE_REMOVED, KAPI_INCOMPATIBLE,
			    va->desc, NULL, at, va->name);
			continue;
		}
		if (sa->valued && sb->valued && va->value != vb->value)
			chg(c, "%s.%s", KAPI_CHANGE_CHANGED, KAPI_INCOMPATIBLE,
			    strf(c, "%lld", (long long)va->value),
			    strf(c, "%lld", (long long)vb->value), at,
			    va->name);
		if (!str_eq(va->desc, vb->desc))
			chg(c, "%s.%s.description", KAPI_CHANGE_CHANGED,
			    KAPI_COMPATIBLE, va->desc, vb->desc, at, va->name);
	}
	for (k = 0; sb->values && k < sb->n_values; k++)
		if (!set_value(sa, sb->values[k].name))
			chg(c, "%s.%s", KAPI_CHANGE_ADDED, KAPI_COMPATIBLE,
			    NULL, sb->values[k].desc, at, sb->values[k].name);
}

/*
 * The structure a pointer parameter points to: its identity, count, size
 * and members' types and places are ABI; a member added at the end (an
 * extensible structure growing) and prose are compatible. Offsets and
 * sizes are compared only where both sides have the compiler's.
 */
static void cmp_layout(struct cmp *c, unsigned int i,
		       const struct kapi_param *a, const struct kapi_param *b)
{
	const struct kapi_struct *la = a->layout, *lb = b->layout;
	const struct kapi_struct_field *fa, *fb;
	bool both = la && lb && la->laid_out && lb->laid_out;
	unsigned int k;
	char *at;

	if (!la || !lb) {
		if (la || lb)
			chg(c, "params[%u].struct", la ? KAPI_CHANGE_REMOVED :
			    KAPI_CHANGE_ADDED, KAPI_COMPATIBLE,
			    la ? la->name : NULL, lb ? lb->name : NULL, i);
		return;
	}
	if (!str_eq(la->name, lb->name))
		chg(c, "params[%u].struct.name", KAPI_CHANGE_CHANGED,
		    KAPI_INCOMPATIBLE, la->name, lb->name, i);
	if (a->member_flags != b->member_flags)
		chg(c, "params[%u].struct.member_flags", KAPI_CHANGE_CHANGED,
		    KAPI_INCOMPATIBLE,
		    flags_str(c, &kapi_param_flag_names, a->member_flags),
		    flags_str(c, &kapi_param_flag_names, b->member_flags), i);
	if (a->count_param != b->count_param)
		chg(c, "params[%u].struct.count_param", KAPI_CHANGE_CHANGED,
		    KAPI_INCOMPATIBLE, strf(c, "%d", a->count_param),
		    strf(c, "%d", b->count_param), i);
	if (both && la->size != lb->size)
		chg(c, "params[%u].struct.size", KAPI_CHANGE_CHANGED,
		    lb->size > la->size && lb->n_fields > la->n_fields ?
		    KAPI_COMPATIBLE : KAPI_INCOMPATIBLE,
		    strf(c, "%u", la->size), strf(c, "%u", lb->size), i);
	for (k = 0; k < la->n_fields || k < lb->n_fields; k++) {
		fa = k < la->n_fields ? &la->fields[k] : NULL;
		fb = k < lb->n_fields ? &lb->fields[k] : NULL;
		at = strf(c, "params[%u].struct.%s", i,
			  (fa ? fa->name : fb->name) ?: "?");
		if (!fa || !fb) {
			chg(c, "%s", fa ? KAPI_CHANGE_REMOVED : KAPI_CHANGE_ADDED,
			    fa ? KAPI_INCOMPATIBLE : KAPI_COMPATIBLE,
			    fa ? fa->ctype : NULL, fb ? fb->ctype : NULL, at);
			continue;
		}
		if (!str_eq(fa->name, fb->name))
			chg(c, "%s.name", KAPI_CHANGE_CHANGED, KAPI_COMPATIBLE,
			    fa->name, fb->name, at);
		if (!str_eq(fa->ctype, fb->ctype) ||
		    enum_ne(&kapi_type_names, fa->type, fb->type))
			chg(c, "%s.ctype", KAPI_CHANGE_CHANGED,
			    KAPI_INCOMPATIBLE, fa->ctype, fb->ctype, at);
		if (both && (fa->offset != fb->offset || fa->size != fb->size))
			chg(c, "%s.offset", KAPI_CHANGE_CHANGED,
			    KAPI_INCOMPATIBLE,
			    strf(c, "%u+%u", fa->offset, fa->size),
			    strf(c, "%u+%u", fb->offset, fb->size), at);
		if (fa->flags != fb->flags || fa->size_of != fb->size_of)
			chg(c, "%s.flags", KAPI_CHANGE_CHANGED,
			    KAPI_INCOMPATIBLE,
			    flags_str(c, &kapi_param_flag_names, fa->flags),
			    flags_str(c, &kapi_param_flag_names, fb->flags), at);
		cmp_set(c, strf(c, "%s.values", at), fa->set, fb->set,
			fa->others, fb->others);
		if (!str_eq(fa->desc, fb->desc))
			chg(c, "%s.description", KAPI_CHANGE_CHANGED,
			    KAPI_COMPATIBLE, fa->desc, fb->desc, at);
	}
}

static const char *param_str(struct cmp *c, const struct kapi_param *p)
{
	return strf(c, "%s: %s", p->name ? p->name : "?",
		    p->ctype ? p->ctype : "?");
}

static const char *field_value(struct cmp *c, const struct kapi_spec *s,
			       const void *e, const struct kapi_field *f);
static enum kapi_change_level level_of(struct cmp *c, unsigned int compat);

/*
 * Field @f of parameter @i, by its compat class; the OWN members by the
 * code that knows what a change of them means, at their place in the list.
 */
static void cmp_param_field(struct cmp *c, unsigned int i,
			    const struct kapi_param *a,
			    const struct kapi_param *b,
			    const struct kapi_field *f)
{
	const char *va, *vb;

	if (f->compat == KAPI_COMPAT_OWN) {
		if (f->offset == offsetof(struct kapi_param, flags))
			cmp_param_flags(c, i, a->flags, b->flags);
		else if (f->offset == offsetof(struct kapi_param, constraint))
			cmp_constraint(c, i, a, b);
		else if (f->offset == offsetof(struct kapi_param, others))
			cmp_set(c, strf(c, "params[%u].values", i), a->set,
				b->set, a->others, b->others);
		else if (f->offset == offsetof(struct kapi_param, count_param))
			cmp_layout(c, i, a, b);
		return;
	}
	if (f->shape == KAPI_SHAPE_STR) {
		va = kapi_field_str(a, f);
		vb = kapi_field_str(b, f);
		if (str_eq(va, vb))
			return;
	} else {
		/* values a names table does not know are all "unknown" */
		if (f->shape == KAPI_SHAPE_ENUM ?
		    !enum_ne(f->names, kapi_field_int(a, f),
			     kapi_field_int(b, f)) :
		    kapi_field_int(a, f) == kapi_field_int(b, f))
			return;
		va = field_value(c, c->o, a, f);
		vb = field_value(c, c->n, b, f);
	}
	chg(c, "params[%u].%s", KAPI_CHANGE_CHANGED, level_of(c, f->compat),
	    va, vb, i, f->json);
}

static void cmp_params(struct cmp *c)
{
	const struct kapi_param *a, *b;
	unsigned int i, k;

	for (i = 0; i < c->o->n_params || i < c->n->n_params; i++) {
		a = i < c->o->n_params ? &c->o->params[i] : NULL;
		b = i < c->n->n_params ? &c->n->params[i] : NULL;
		if (!b) {
			chg(c, "params[%u]", KAPI_CHANGE_REMOVED,
			    KAPI_INCOMPATIBLE, param_str(c, a), NULL, i);
			continue;
		}
		if (!a) {
			chg(c, "params[%u]", KAPI_CHANGE_ADDED,
			    KAPI_INCOMPATIBLE, NULL, param_str(c, b), i);
			continue;
		}
		for (k = 0; k < kapi_n_param_fields; k++)
			cmp_param_field(c, i, a, b, &kapi_param_fields[k]);
	}
}

/*
 * The order the kernel checks parameters in decides which errno a call
 * with two bad arguments gets.
 */
static void cmp_check_order(struct cmp *c)
{
	const struct kapi_spec *a = c->o, *b = c->n;
	const char *sa = "", *sb = "";
	unsigned int i;

	if (a->n_check_order == b->n_check_order &&
	    !memcmp(a->check_order, b->check_order, a->n_check_order))
		return;
	for (i = 0; i < a->n_check_order; i++)
		sa = strf(c, "%s%s%u", sa, i ? ", " : "", a->check_order[i]);
	for (i = 0; i < b->n_check_order; i++)
		sb = strf(c, "%s%s%u", sb, i ? ", " : "", b->check_order[i]);
	chg(c, "check_order", KAPI_CHANGE_CHANGED, KAPI_INCOMPATIBLE, sa, sb);
}

static void cmp_return(struct cmp *c)
{
	const struct kapi_return *a = &c->o->ret, *b = &c->n->ret;

	if (enum_ne(&kapi_type_names, a->type, b->type))
		chg(c, "return.type", KAPI_CHANGE_CHANGED, KAPI_INCOMPATIBLE,
		    name_of(&kapi_type_names, a->type),
		    name_of(&kapi_type_names, b->type));
	if (enum_ne(&kapi_return_check_names, a->check, b->check))
		chg(c, "return.check", KAPI_CHANGE_CHANGED, KAPI_INCOMPATIBLE,
		    name_of(&kapi_return_check_names, a->check),
		    name_of(&kapi_return_check_names, b->check));
	cmp_interval(c, "return.success", a->success_min, a->success_max,
		     b->success_min, b->success_max,
		     strf(c, "%lld..%lld", (long long)a->success_min,
			  (long long)a->success_max),
		     strf(c, "%lld..%lld", (long long)b->success_min,
			  (long long)b->success_max), false);
	cmp_text(c, "return.description", a->desc, b->desc);
}

/*
 * Pair the entries of two lists by key, first unpaired match first, so
 * duplicates pair up in order. pair[i] is the new index of old entry i,
 * or -1; used[j] tells whether new entry j was paired.
 */
struct pairing {
	int *pair;
	bool *used;
};

static void pair_up(struct cmp *c, const char *const *ka, unsigned int na,
		    const char *const *kb, unsigned int nb, struct pairing *p)
{
	unsigned int i, j;

	p->pair = arena_alloc(&c->out->arena, (na + 1) * sizeof(int));
	p->used = arena_alloc(&c->out->arena, nb + 1);
	for (i = 0; i < na; i++) {
		p->pair[i] = -1;
		for (j = 0; j < nb; j++) {
			if (!p->used[j] && !strcmp(ka[i], kb[j])) {
				p->pair[i] = j;
				p->used[j] = true;
				break;
			}
		}
	}
}

static const char **keys(struct cmp *c, unsigned int n)
{
	return arena_alloc(&c->out->arena, (n + 1) * sizeof(char *));
}

#define K(s)	((s) ?: "?")
#define NAME(t, v)	name_of(&(t), (v))

/* What a field's or entry's compat class means for this spec. */
static enum kapi_change_level level_of(struct cmp *c, unsigned int compat)
{
	switch (compat) {
	case KAPI_COMPAT_ABI:
		return KAPI_INCOMPATIBLE;
	case KAPI_COMPAT_CALLER:
		/* only in-kernel callers hold locks around a call */
		return c->n->kind == KAPI_KIND_FUNCTION ? KAPI_INCOMPATIBLE :
							  KAPI_COMPATIBLE;
	default:
		return KAPI_COMPATIBLE;
	}
}

static const char *field_value(struct cmp *c, const struct kapi_spec *s,
			       const void *e, const struct kapi_field *f)
{
	s64 v;

	if (f->shape == KAPI_SHAPE_STR || f->shape == KAPI_SHAPE_CMD)
		return kapi_field_text(s, e, f);
	v = kapi_field_int(e, f);
	switch (f->shape) {
	case KAPI_SHAPE_BOOL:
		return v ? "true" : "false";
	case KAPI_SHAPE_ENUM:
		return name_of(f->names, v);
	case KAPI_SHAPE_FLAGS:
		return flags_str(c, f->names, v);
	default:
		return strf(c, "%lld", (long long)v);
	}
}

/*
 * The key that pairs an entry with its counterpart: its item ID, its one
 * KEY string, or (state transitions) "object: from -> to".
 */
static const char *entry_key(struct cmp *c, const struct kapi_spec *s,
			     const struct kapi_section *sec, const void *e)
{
	static const char *const joints[] = { "", ": ", " -> " };
	const struct kapi_field *f;
	const char *key = NULL;
	const char *v;
	unsigned int i, n = 0;

	for (i = 0; i < sec->n_fields; i++) {
		f = &sec->fields[i];
		if (f->shape == KAPI_SHAPE_ITEM_ID)
			return strf(c, KAPI_ITEM_ID_FMT, s->name,
				    kapi_item_id_prefix(e),
				    ((const struct kapi_item *)e)->number);
		if (f->compat != KAPI_COMPAT_KEY ||
		    (f->shape != KAPI_SHAPE_STR && f->shape != KAPI_SHAPE_CMD))
			continue;
		v = kapi_field_text(s, e, f);
		/* a qualifier (an error's command) may be absent; a name not */
		if (n && !v)
			continue;
		key = n ? strf(c, "%s%s%s", key, joints[n < 2 ? n : 2], K(v)) :
			  K(v);
		n++;
	}
	return key ? key : "?";
}

/* An entry that appears or goes away: errors show their number too. */
static const char *entry_str(struct cmp *c, const struct kapi_section *sec,
			     const void *e, const char *key)
{
	if (!strcmp(sec->member, "errors"))
		return strf(c, "%s (%d)", key,
			    ((const struct kapi_error *)e)->error);
	return key;
}

/*
 * A list section: entries paired by key, their non-key fields compared
 * one by one, then the entries that went away and those that appeared.
 */
static void cmp_section(struct cmp *c, const struct kapi_section *sec)
{
	unsigned int na = kapi_section_count(c->o, sec);
	unsigned int nb = kapi_section_count(c->n, sec), i, j, k;
	const char **ka = keys(c, na), **kb = keys(c, nb);
	const void *ea, *eb;
	const struct kapi_field *f;
	const char *va, *vb;
	struct pairing p;

	for (i = 0; i < na; i++)
		ka[i] = entry_key(c, c->o, sec, kapi_section_entry(c->o, sec, i));
	for (j = 0; j < nb; j++)
		kb[j] = entry_key(c, c->n, sec, kapi_section_entry(c->n, sec, j));
	pair_up(c, ka, na, kb, nb, &p);
	for (i = 0; i < na; i++) {
		if (p.pair[i] < 0)
			continue;
		ea = kapi_section_entry(c->o, sec, i);
		eb = kapi_section_entry(c->n, sec, p.pair[i]);
		for (k = 0; k < sec->n_fields; k++) {
			f = &sec->fields[k];
			if (f->compat == KAPI_COMPAT_KEY)
				continue;
			va = field_value(c, c->o, ea, f);
			vb = field_value(c, c->n, eb, f);
			if (!str_eq(va, vb))
				chg(c, "%s[%s].%s", KAPI_CHANGE_CHANGED,
				    level_of(c, f->compat), va, vb, sec->json,
				    ka[i], f->json);
		}
	}
	for (i = 0; i < na; i++)
		if (p.pair[i] < 0)
			chg(c, "%s[%s]", KAPI_CHANGE_REMOVED,
			    level_of(c, sec->removed),
			    entry_str(c, sec, kapi_section_entry(c->o, sec, i),
				      ka[i]), NULL, sec->json, ka[i]);
	for (j = 0; j < nb; j++)
		if (!p.used[j])
			chg(c, "%s[%s]", KAPI_CHANGE_ADDED,
			    level_of(c, sec->added), NULL,
			    entry_str(c, sec, kapi_section_entry(c->n, sec, j),
				      kb[j]), sec->json, kb[j]);
}

static const char *nr_str(struct cmp *c, const struct kapi_spec *s)
{
	if (s->kind == KAPI_KIND_SYSCALL && s->nr >= 0)
		return strf(c, "%d", s->nr);
	return "null";
}

static const char *source_str(struct cmp *c, const struct kapi_spec *s)
{
	return s->file ? strf(c, "%s:%u", s->file, s->line) :
			 strf(c, "null:%u", s->line);
}

static void cmp_spec(struct cmp *c)
{
	const struct kapi_spec *a = c->o, *b = c->n;
	unsigned int i;

	if (enum_ne(&kapi_kind_names, a->kind, b->kind))
		chg(c, "kind", KAPI_CHANGE_CHANGED, KAPI_INCOMPATIBLE,
		    NAME(kapi_kind_names, a->kind),
		    NAME(kapi_kind_names, b->kind));
	if (strcmp(nr_str(c, a), nr_str(c, b)))
		chg(c, "nr", KAPI_CHANGE_CHANGED, KAPI_INCOMPATIBLE,
		    nr_str(c, a), nr_str(c, b));
	cmp_text(c, "summary", a->summary, b->summary);
	cmp_text(c, "description", a->desc, b->desc);
	if (!str_eq(a->file, b->file) || a->line != b->line)
		chg(c, "source", KAPI_CHANGE_CHANGED, KAPI_COMPATIBLE,
		    source_str(c, a), source_str(c, b));
	cmp_bits(c, "context", a->context, b->context,
		 flags_str(c, &kapi_ctx_names, a->context),
		 flags_str(c, &kapi_ctx_names, b->context), &kapi_ctx_names);
	cmp_text(c, "since", a->since, b->since);
	cmp_params(c);
	cmp_check_order(c);
	cmp_return(c);
	for (i = 0; i < KAPI_N_SECTIONS; i++)
		cmp_section(c, &kapi_sections[i]);
	cmp_text(c, "examples", a->examples, b->examples);
	cmp_text(c, "notes", a->notes, b->notes);
}

void kapi_compare(const struct kapi_set *old, const struct kapi_set *new,
		  struct kapi_changes *out)
{
	struct cmp c = { .out = out };
	unsigned int i = 0, j = 0;
	int d;

	memset(out, 0, sizeof(*out));
	/* both sets are sorted by name: walk them side by side */
	while (i < old->n || j < new->n) {
		if (i == old->n)
			d = 1;
		else if (j == new->n)
			d = -1;
		else
			d = strcmp(old->specs[i]->name, new->specs[j]->name);
		if (d < 0) {
			add(&c, old->specs[i++]->name, NULL,
			    KAPI_CHANGE_REMOVED, KAPI_INCOMPATIBLE, NULL, NULL);
		} else if (d > 0) {
			add(&c, new->specs[j++]->name, NULL, KAPI_CHANGE_ADDED,
			    KAPI_COMPATIBLE, NULL, NULL);
		} else {
			c.o = old->specs[i++];
			c.n = new->specs[j++];
			cmp_spec(&c);
		}
	}
}

void kapi_changes_free(struct kapi_changes *c)
{
	arena_free(&c->arena);
	c->v = NULL;
	c->n = 0;
	c->cap = 0;
}

int kapi_changes_level(const struct kapi_changes *c)
{
	int level = 0;
	unsigned int i;

	for (i = 0; i < c->n; i++)
		if ((int)c->v[i].level > level)
			level = c->v[i].level;
	return level;
}
