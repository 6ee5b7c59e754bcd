/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers for the run-time checks that scripts/kapi generates into
 * <file>.apispec.h, and the interface of kernel/api's run-time half to
 * them; nothing else should need them. Only the generated headers (when
 * the checks are built in) and kernel/api include it.
 */
#ifndef _LINUX_KAPI_CHECKS_H
#define _LINUX_KAPI_CHECKS_H

#include <linux/compat.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/irqflags.h>
#include <linux/jump_label.h>
#include <linux/kapi_runtime.h>
#include <linux/kernel_api_spec.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/types.h>
#include <linux/uaccess.h>
#include <asm/unistd.h>

#define KAPI_NR_SYSCALLS	NR_syscalls

enum kapi_mode {
	KAPI_MODE_OFF = 0,
	KAPI_MODE_WARN,
	KAPI_MODE_ENFORCE,
};

KAPI_DEFINE_ENUM(kapi_violation, KAPI_VIOLATION_LIST, KAPI_VIOLATION_COUNT);

DECLARE_STATIC_KEY_FALSE(kapi_checks_key);
DECLARE_PER_CPU(unsigned long, kapi_calls_checked[KAPI_NR_SYSCALLS]);
#ifdef CONFIG_COMPAT
/* the share of kapi_calls_checked that came in through a compat entry */
DECLARE_PER_CPU(unsigned long, kapi_calls_compat[KAPI_NR_SYSCALLS]);
#endif

long kapi_param_violation(const struct kapi_spec *spec, unsigned int param,
			  long value, bool called, long ret, long err);
long kapi_constraint_violation(const struct kapi_spec *spec,
			       unsigned int index, bool called, long ret,
			       long err);
long kapi_return_violation(const struct kapi_spec *spec, long ret);
long kapi_check_errno(const struct kapi_spec *spec, long ret);
long kapi_check_variant_errno(const struct kapi_spec *spec,
			      unsigned int variant, long ret);
void kapi_context_violation(const struct kapi_spec *spec);
void kapi_rule_violation(const struct kapi_spec *spec, unsigned int index);

/*
 * Values a syscall may return on its way to the signal code. Not a range:
 * -ENOIOCTLCMD (515) sits among them and is an errno like any other.
 */
static __always_inline bool kapi_is_restart(long ret)
{
	return ret == -ERESTARTSYS || ret == -ERESTARTNOINTR ||
	       ret == -ERESTARTNOHAND || ret == -ERESTART_RESTARTBLOCK;
}

/*
 * access_ok() without the function call it becomes at -Os: the generated
 * checks run on every call of a specified syscall.
 */
#ifdef valid_user_address
#define kapi_user_range_ok(ptr, size)					\
	({								\
		unsigned long __p = (unsigned long)(ptr);		\
		unsigned long __s = __p + (unsigned long)(size);	\
		__s >= __p && valid_user_address(__s);			\
	})
#else
#define kapi_user_range_ok(ptr, size)					\
	access_ok((const void __user *)(ptr), (size))
#endif

/*
 * Bookkeeping shared by every generated post-check. A 32-bit task's call
 * (ia32 on x86-64) that reaches the same syscall body is checked against
 * the same spec and counted under the same syscall, and once more in the
 * compat column.
 */
static __always_inline void kapi_count_call(int nr)
{
	if (nr < 0 || nr >= KAPI_NR_SYSCALLS)
		return;
	this_cpu_inc(kapi_calls_checked[nr]);
#ifdef CONFIG_COMPAT
	if (in_compat_syscall())
		this_cpu_inc(kapi_calls_compat[nr]);
#endif
}

/* fd-modes: a file mode bit a descriptor needs, and the errno if it lacks it */
struct kapi_fd_mode {
	fmode_t mode;
	int err;		/* negative */
};

long kapi_fd_errno(unsigned int fd, const struct kapi_fd_mode *modes,
		   unsigned int n);

/*
 * Whether the caller could sleep here. Without CONFIG_PREEMPT_COUNT a
 * spinlock does not show in preempt_count(), so a call under one passes:
 * the checks can miss a bad context there, never report a good one.
 */
static __always_inline bool kapi_may_sleep(void)
{
	return !preempt_count() && !irqs_disabled();
}

/*
 * Whether the current context is one that @allowed, a spec's
 * context-flags: (KAPI_CTX_* bits), excludes. NMI, hard and soft interrupt
 * context come from preempt_count(); a task is held to "sleepable" only
 * when the spec allows no atomic caller. With a constant @allowed the
 * compiler keeps only the tests that can fail.
 */
static __always_inline bool kapi_context_bad(unsigned long allowed)
{
	const unsigned long atomic = KAPI_CTX_ATOMIC |
				     KAPI_CTX_PREEMPT_DISABLED |
				     KAPI_CTX_IRQ_DISABLED;

	if (in_nmi())
		return !(allowed & KAPI_CTX_NMI);
	if (in_hardirq())
		return !(allowed & KAPI_CTX_HARDIRQ);
	if (in_serving_softirq())
		return !(allowed & KAPI_CTX_SOFTIRQ);
	if (!(allowed & KAPI_CTX_PROCESS))
		return true;
	if (!(allowed & KAPI_CTX_SLEEPABLE) || (allowed & atomic))
		return false;
	return !kapi_may_sleep();
}

#endif /* _LINUX_KAPI_CHECKS_H */
