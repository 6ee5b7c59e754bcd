// SPDX-License-Identifier: GPL-2.0
/*
 * The argument classes of kapi probe, made from nothing but a parameter's
 * spec: its type, its constraint and whether another parameter's buffer
 * is sized by it. The first class of every parameter is a valid one, so
 * the first classes together make the baseline call.
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "kapi_internal.h"
#include "probe.h"

/* 0xffff888000000000, the start of x86-64's direct map */
#define KERNEL_ADDR	(-0x778000000000LL)

static void add(struct probe_param *p, const char *name,
		enum probe_fixture fx, long long value, bool bad)
{
	unsigned int i;

	if (p->n == PROBE_MAX_CLASSES || !probe_fixture_ok(fx))
		return;
	/* the same number twice is one class, bad if either says so */
	for (i = 0; fx == PF_VALUE && i < p->n; i++) {
		if (p->c[i].fx == PF_VALUE && p->c[i].value == value) {
			p->c[i].bad |= bad;
			return;
		}
	}
	p->c[p->n++] = (struct probe_class){ name, fx, value, bad };
}

/*
 * What breaks a constraint is what the run-time checker tests (see
 * scripts/kapi/kapi_gen_checks.c): a negative descriptor (AT_FDCWD is fine
 * for an optional one), a pointer or a buffer outside user space, a NULL
 * string or pointer that is not optional. A descriptor that is not open or
 * an unmapped page breaks nothing: the kernel finds those out itself.
 */
static void fd_classes(const struct kapi_param *p, struct probe_param *out)
{
	bool fd = p->constraint == KAPI_CONSTRAINT_FD;
	bool range = p->constraint == KAPI_CONSTRAINT_RANGE;
	bool optional = p->flags & KAPI_PARAM_OPTIONAL;

	add(out, "reg_rw", PF_REG_RW, 0, false);
	add(out, "reg_ro", PF_REG_RO, 0, false);
	add(out, "reg_wo", PF_REG_WO, 0, false);
	add(out, "reg_append", PF_REG_APPEND, 0, false);
	add(out, "dir", PF_DIR, 0, false);
	add(out, "pipe_r", PF_PIPE_R, 0, false);
	add(out, "pipe_w", PF_PIPE_W, 0, false);
	add(out, "fifo_r", PF_FIFO_R, 0, false);
	add(out, "fifo_w", PF_FIFO_W, 0, false);
	add(out, "devnull", PF_DEVNULL, 0, false);
	add(out, "devzero", PF_DEVZERO, 0, false);
	add(out, "kmsg", PF_KMSG, 0, false);
	add(out, "eventfd", PF_EVENTFD, 0, false);
	add(out, "memfd", PF_MEMFD, 0, false);
	add(out, "socket", PF_SOCKET, 0, false);
	add(out, "o_path", PF_OPATH, 0, false);
	add(out, "closed", PF_CLOSED, 0, false);
	add(out, "not_open", PF_VALUE, 1000, range && p->ext.max < 1000);
	add(out, "negative", PF_VALUE, -1, fd || (range && p->ext.min >= 0));
	add(out, "at_fdcwd", PF_VALUE, -100,
	    (fd && !optional) || (range && p->ext.min > -100));
}

static void path_classes(const struct kapi_param *p, struct probe_param *out)
{
	bool optional = p->flags & KAPI_PARAM_OPTIONAL;

	add(out, "file", PF_PATH_FILE, 0, false);
	add(out, "dir", PF_PATH_DIR, 0, false);
	add(out, "missing", PF_PATH_MISSING, 0, false);
	add(out, "empty", PF_PATH_EMPTY, 0, false);
	add(out, "too_long", PF_PATH_LONG, 0, false);
	add(out, "name_too_long", PF_PATH_NAME_LONG, 0, false);
	add(out, "link", PF_PATH_LINK, 0, false);
	add(out, "dangling", PF_PATH_DANGLING, 0, false);
	add(out, "loop", PF_PATH_LOOP, 0, false);
	add(out, "trailing_slash", PF_PATH_SLASH, 0, false);
	add(out, "not_dir", PF_PATH_NOTDIR, 0, false);
	add(out, "null", PF_VALUE, 0, !optional);
	add(out, "unmapped", PF_UNMAPPED, 0, false);
	add(out, "kernel", PF_VALUE, KERNEL_ADDR, true);
}

static void pointer_classes(const struct kapi_param *p,
			    struct probe_param *out)
{
	bool buffer = p->constraint == KAPI_CONSTRAINT_BUFFER;
	bool ptr = p->constraint == KAPI_CONSTRAINT_USER_PTR;
	bool optional = p->flags & KAPI_PARAM_OPTIONAL;

	add(out, "buf", PF_BUF, 0, false);
	add(out, "buf_ro", PF_BUF_RO, 0, false);
	add(out, "buf_end", PF_BUF_END, 0, false);
	add(out, "null", PF_VALUE, 0, ptr && !optional);
	add(out, "unmapped", PF_UNMAPPED, 0, false);
	add(out, "kernel", PF_VALUE, KERNEL_ADDR, buffer || ptr);
}

/* Whether @v is outside the range of @p, compared as its type is. */
static bool outside(const struct kapi_param *p, long long v)
{
	if (p->type == KAPI_TYPE_UINT)
		return (unsigned long long)v < (unsigned long long)p->ext.min ||
		       (unsigned long long)v > (unsigned long long)p->ext.max;
	return v < p->ext.min || v > p->ext.max;
}

/* Would @v break @p's constraint, as far as the spec can say? */
static bool breaks(const struct kapi_param *p, long long v)
{
	unsigned int i;

	switch (p->constraint) {
	case KAPI_CONSTRAINT_RANGE:
		return outside(p, v);
	case KAPI_CONSTRAINT_MASK:
		return (unsigned long long)v & ~p->ext.mask;
	case KAPI_CONSTRAINT_ENUM:
		for (i = 0; i < p->n_values && p->ext.values; i++)
			if (p->ext.values[i] == v)
				return false;
		return true;
	case KAPI_CONSTRAINT_ALIGNMENT:
		return p->ext.align && (unsigned long long)v % p->ext.align;
	case KAPI_CONSTRAINT_POWER_OF_TWO:
		return v <= 0 || (v & (v - 1));
	default:
		return false;
	}
}

/*
 * @v as the kernel sees it after the syscall wrapper converts it to the
 * parameter's C type (2^32 is 0 to an unsigned int), which is what the
 * run-time checks compare too.
 */
long long probe_as_ctype(const struct kapi_param *p, long long v)
{
	struct kapi_ctype ct;
	unsigned long long m;

	kapi_ctype_classify(p->ctype ?: "long", &ct);
	if (ct.pointer || ct.width <= 0 || ct.width >= 64 || ct.sign < 0)
		return v;
	m = (1ULL << ct.width) - 1;
	v = (long long)((unsigned long long)v & m);
	if (ct.sign == 1 && v & (1LL << (ct.width - 1)))
		v = (long long)((unsigned long long)v | ~m);
	return v;
}

static void value(const struct kapi_param *p, struct probe_param *out,
		  const char *name, long long v)
{
	add(out, name, PF_VALUE, v, breaks(p, probe_as_ctype(p, v)));
}

static void int_classes(const struct kapi_spec *spec, unsigned int i,
			struct probe_param *out)
{
	const struct kapi_param *p = &spec->params[i];
	unsigned int k, bit;
	bool sizes = false;

	/* a valid first class: the range's low end, or a small count */
	if (p->constraint == KAPI_CONSTRAINT_RANGE && breaks(p, 16))
		value(p, out, "min", p->ext.min);
	value(p, out, "16", 16);
	value(p, out, "0", 0);
	value(p, out, "1", 1);
	value(p, out, "-1", -1);
	for (k = 0; k < spec->n_params; k++)
		sizes |= spec->params[k].constraint == KAPI_CONSTRAINT_BUFFER &&
			 spec->params[k].size_param == (int)i;
	if (sizes) {
		/* the buffer fixtures are two pages */
		value(p, out, "buffer_size", 8192);
		value(p, out, "past_buffer", 8193);
		value(p, out, "huge", 1LL << 40);
	}
	switch (p->constraint) {
	case KAPI_CONSTRAINT_RANGE:
		value(p, out, "min", p->ext.min);
		value(p, out, "max", p->ext.max);
		if (p->ext.min != LLONG_MIN)
			value(p, out, "min-1", p->ext.min - 1);
		if (p->ext.max != LLONG_MAX)
			value(p, out, "max+1", p->ext.max + 1);
		if (p->ext.min < p->ext.max) {
			value(p, out, "min+1", p->ext.min + 1);
			value(p, out, "max-1", p->ext.max - 1);
		}
		break;
	case KAPI_CONSTRAINT_MASK:
		for (bit = 0; bit < 64; bit++)
			if (p->ext.mask & (1ULL << bit))
				value(p, out, "mask_bit", 1LL << bit);
		for (bit = 0; bit < 64; bit++) {
			if (!(p->ext.mask & (1ULL << bit))) {
				value(p, out, "unknown_bit", 1LL << bit);
				break;
			}
		}
		value(p, out, "mask", p->ext.mask);
		value(p, out, "all_bits", -1);
		break;
	case KAPI_CONSTRAINT_ENUM:
		for (k = 0; k < p->n_values && p->ext.values; k++)
			value(p, out, "member", p->ext.values[k]);
		break;
	case KAPI_CONSTRAINT_ALIGNMENT:
		value(p, out, "aligned", p->ext.align);
		value(p, out, "misaligned", p->ext.align + 1);
		break;
	default:
		/* a selector's commands, when its constraint does not list them */
		if (!(p->flags & KAPI_PARAM_SELECTOR) || !p->set ||
		    !p->set->valued)
			break;
		for (k = 0; k < p->set->n_values; k++)
			value(p, out, "command", p->set->values[k].value);
		break;
	}
	if (p->type == KAPI_TYPE_INT) {
		value(p, out, "INT_MAX", INT_MAX);
		value(p, out, "INT_MIN", INT_MIN);
		value(p, out, "LLONG_MAX", LLONG_MAX);
		value(p, out, "LLONG_MIN", LLONG_MIN);
	} else {
		value(p, out, "UINT_MAX", UINT_MAX);
		value(p, out, "2^31", 1LL << 31);
		value(p, out, "2^32", 1LL << 32);
	}
}

unsigned int probe_classes(const struct kapi_spec *spec, unsigned int i,
			   struct probe_param *out)
{
	const struct kapi_param *p = &spec->params[i];

	memset(out, 0, sizeof(*out));
	if (p->type == KAPI_TYPE_FD)
		fd_classes(p, out);
	else if (p->type == KAPI_TYPE_PATH ||
		 p->constraint == KAPI_CONSTRAINT_USER_PATH ||
		 p->constraint == KAPI_CONSTRAINT_USER_STRING)
		path_classes(p, out);
	else if (p->type == KAPI_TYPE_USER_PTR || p->type == KAPI_TYPE_PTR)
		pointer_classes(p, out);
	else
		int_classes(spec, i, out);
	return out->n;
}

bool probe_above_max(const struct kapi_param *p, const struct probe_class *c)
{
	long long v;

	if (p->constraint != KAPI_CONSTRAINT_RANGE || c->fx != PF_VALUE)
		return false;
	v = probe_as_ctype(p, c->value);
	if (p->type == KAPI_TYPE_UINT)
		return (unsigned long long)v > (unsigned long long)p->ext.max;
	return v > p->ext.max;
}
