/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the generated run-time checks use from the kernel, for a userspace
 * compile: the attributes, a preemption count of 0 and reporting functions
 * that only record what they were called with.
 */
#ifndef _LINUX_KAPI_CHECKS_H
#define _LINUX_KAPI_CHECKS_H

#include <stdbool.h>

#define noinline		__attribute__((__noinline__))
#define __cold			__attribute__((__cold__))
#define __maybe_unused		__attribute__((__unused__))
#ifndef __always_inline
#define __always_inline		inline __attribute__((__always_inline__))
#endif

#define __force
#define preempt_count()		0
#define kapi_user_range_ok(ptr, size)	((void)(ptr), (void)(size), true)

extern int kapi_violations;

/*
 * Before the call, refuse with @err, else with -(1000 + param) so that a
 * test can tell which argument the report found first.
 */
static inline long kapi_param_violation(const struct kapi_spec *spec,
					unsigned int param, long value,
					bool called, long ret, long err)
{
	(void)spec; (void)value; (void)ret;
	kapi_violations++;
	if (called)
		return 0;
	return err ? err : -1000 - (long)param;
}

/* Before the call, refuse with @err; count the report either way. */
static inline long kapi_constraint_violation(const struct kapi_spec *spec,
					     unsigned int index, bool called,
					     long ret, long err)
{
	(void)spec; (void)index; (void)ret;
	kapi_violations++;
	return called ? 0 : err;
}

#define FMODE_READ		0x1
#define FMODE_PREAD		0x8
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#endif

struct kapi_fd_mode {
	unsigned int mode;
	int err;
};

/* Descriptor 7 is open with FMODE_READ only; every other is not open. */
static inline long kapi_fd_errno(unsigned int fd,
				 const struct kapi_fd_mode *modes,
				 unsigned int n)
{
	unsigned int i;

	if (fd != 7)
		return -EBADF;
	for (i = 0; i < n; i++)
		if (!(FMODE_READ & modes[i].mode))
			return modes[i].err;
	return 0;
}

extern int kapi_rule_reports, kapi_context_reports, kapi_return_reports;
extern bool kapi_shim_atomic;

static inline void kapi_context_violation(const struct kapi_spec *spec)
{
	(void)spec;
	kapi_context_reports++;
}

/* The test's "atomic section": bad for a spec that needs a sleepable caller. */
static inline bool kapi_context_bad(unsigned long allowed)
{
	return kapi_shim_atomic && (allowed & KAPI_CTX_SLEEPABLE) &&
	       !(allowed & KAPI_CTX_ATOMIC);
}

static inline void kapi_rule_violation(const struct kapi_spec *spec,
				       unsigned int index)
{
	(void)spec; (void)index;
	kapi_rule_reports++;
}

/*
 * The post-call half: a result outside the spec comes back as
 * KAPI_SHIM_RETURN_BAD; an errno is recorded with the command it came
 * with, and passed through (kernel/api/runtime.c decides on it, tested by
 * KUnit).
 */
#define KAPI_SHIM_RETURN_BAD	-4242L
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define IS_ERR_VALUE(x)		((unsigned long)(x) >= (unsigned long)-4095)
#define kapi_count_call(nr)	((void)(nr))

extern unsigned int kapi_variant_seen;

static inline long kapi_return_violation(const struct kapi_spec *spec,
					 long ret)
{
	(void)spec; (void)ret;
	kapi_return_reports++;
	return KAPI_SHIM_RETURN_BAD;
}

static inline long kapi_check_errno(const struct kapi_spec *spec, long ret)
{
	(void)spec;
	return ret;
}

static inline long kapi_check_variant_errno(const struct kapi_spec *spec,
					    unsigned int variant, long ret)
{
	(void)spec;
	kapi_variant_seen = variant;
	return ret;
}

#endif /* _LINUX_KAPI_CHECKS_H */
