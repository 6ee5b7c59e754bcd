// SPDX-License-Identifier: GPL-2.0
/*
 * The slow half of run-time syscall checks: mode, reports and counters.
 *
 * The fast half is generated per spec (see include/linux/kapi_runtime.h)
 * and calls in here only when something is wrong. In warn mode nothing
 * here changes what a syscall returns; in enforce mode a parameter that
 * breaks its constraint refuses the call with the errno the spec names.
 */
#define pr_fmt(fmt) "kapi: " fmt

#include <linux/atomic.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/kapi_checks.h>
#include <linux/init.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/printk.h>
#include <linux/ratelimit.h>
#include <linux/rcupdate.h>
#include <linux/seq_buf.h>
#include <linux/sched.h>
#include <linux/pid.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "kapi_internal.h"
#include <linux/kapi_names.h>

#define CREATE_TRACE_POINTS
#include <trace/events/kapi.h>

DEFINE_STATIC_KEY_FALSE(kapi_checks_key);
EXPORT_SYMBOL_GPL(kapi_checks_key);
DEFINE_PER_CPU(unsigned long, kapi_calls_checked[KAPI_NR_SYSCALLS]);
EXPORT_PER_CPU_SYMBOL_GPL(kapi_calls_checked);
#ifdef CONFIG_COMPAT
DEFINE_PER_CPU(unsigned long, kapi_calls_compat[KAPI_NR_SYSCALLS]);
EXPORT_PER_CPU_SYMBOL_GPL(kapi_calls_compat);
#endif

static int kapi_mode = KAPI_MODE_WARN;
static DEFINE_MUTEX(kapi_mode_mutex);
static bool kapi_runtime_ready;

static const char *const kapi_mode_names[] = { "off", "warn", "enforce" };

const char *const kapi_violation_names[KAPI_VIOLATION_COUNT] = {
	KAPI_VIOLATION_LIST(KAPI_EM_NAME, KAPI_EM_NAME)
};

/* Counters for the syscalls that have a spec, by syscall number. */
static struct kapi_syscall_stats *kapi_stats[KAPI_NR_SYSCALLS] __ro_after_init;

/*
 * Counters for the function specs of vmlinux, by index in its section:
 * kapi_fn_stats[i] belongs to kapi_fn_specs[i]. Modules' functions are
 * reported without counters.
 */
static struct kapi_syscall_stats *kapi_fn_stats __ro_after_init;
static const struct kapi_spec *kapi_fn_specs __ro_after_init;
static unsigned int kapi_fn_n __ro_after_init;

static void kapi_apply_mode(int mode)
{
	if (mode == KAPI_MODE_OFF)
		static_branch_disable(&kapi_checks_key);
	else
		static_branch_enable(&kapi_checks_key);
}

static int kapi_mode_set(const char *val, const struct kernel_param *kp)
{
	int mode = sysfs_match_string(kapi_mode_names, val);

	if (mode < 0)
		return -EINVAL;
	mutex_lock(&kapi_mode_mutex);
	WRITE_ONCE(kapi_mode, mode);
	/* At boot the key waits for kapi_runtime_init(). */
	if (kapi_runtime_ready)
		kapi_apply_mode(mode);
	mutex_unlock(&kapi_mode_mutex);
	return 0;
}

static int kapi_mode_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n", kapi_mode_names[READ_ONCE(kapi_mode)]);
}

static const struct kernel_param_ops kapi_mode_ops = {
	.set = kapi_mode_set,
	.get = kapi_mode_get,
};

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "kapi."
module_param_cb(mode, &kapi_mode_ops, NULL, 0600);
MODULE_PARM_DESC(mode, "syscall checks: off, warn (report only) or enforce");

int kapi_get_mode(void)
{
	return READ_ONCE(kapi_mode);
}

int kapi_set_mode(const char *name)
{
	return kapi_mode_set(name, NULL);
}

const char *kapi_mode_name(int mode)
{
	return kapi_mode_names[mode];
}

struct kapi_syscall_stats *kapi_syscall_stats(int nr)
{
	if (nr < 0 || nr >= KAPI_NR_SYSCALLS)
		return NULL;
	return kapi_stats[nr];
}

/**
 * kapi_function_stats() - counters of the @i-th function spec of vmlinux
 * @i: index, from 0
 *
 * Return: the counters, or NULL past the last function spec.
 */
struct kapi_syscall_stats *kapi_function_stats(unsigned int i)
{
	return kapi_fn_stats && i < kapi_fn_n ? &kapi_fn_stats[i] : NULL;
}

/*
 * A module's counters are freed once an RCU grace period has passed
 * after its specs were unregistered: callers hold rcu_read_lock().
 */
static struct kapi_syscall_stats *kapi_stats_of(const struct kapi_spec *spec)
{
	if (spec->kind != KAPI_KIND_FUNCTION)
		return kapi_syscall_stats(spec->nr);
	if (kapi_fn_stats && spec >= kapi_fn_specs &&
	    spec < kapi_fn_specs + kapi_fn_n)
		return &kapi_fn_stats[spec - kapi_fn_specs];
	return kapi_table_stats(spec);
}

static void kapi_count(const struct kapi_spec *spec, enum kapi_violation v)
{
	struct kapi_syscall_stats *st;

	guard(rcu)();
	st = kapi_stats_of(spec);
	if (st)
		atomic_long_inc(&st->violations[v]);
}

static void kapi_count_rejected(const struct kapi_spec *spec)
{
	struct kapi_syscall_stats *st;

	guard(rcu)();
	st = kapi_stats_of(spec);
	if (st)
		atomic_long_inc(&st->rejected);
}

/* Remember an undocumented errno; a few distinct ones are enough to act on. */
static void kapi_note_errno(const struct kapi_spec *spec, int err)
{
	struct kapi_syscall_stats *st;
	unsigned int i;
	int old;

	guard(rcu)();
	st = kapi_stats_of(spec);
	if (!st)
		return;
	for (i = 0; i < ARRAY_SIZE(st->errnos); i++) {
		old = READ_ONCE(st->errnos[i]);
		if (old == err)
			return;
		if (!old && !cmpxchg(&st->errnos[i], 0, err))
			return;
		if (READ_ONCE(st->errnos[i]) == err)
			return;
	}
}

static DEFINE_RATELIMIT_STATE(kapi_report_rs, 5 * HZ, 10);

/**
 * kapi_param_violation() - a syscall argument broke its constraint
 * @spec: the syscall's spec
 * @param: index of the parameter
 * @value: the argument
 * @called: false before the call, true after it
 * @ret: the call's result when @called
 * @err: the negative errno to refuse the call with, 0 for the parameter's
 *	usual one (a value above a range with its own errno, error-above:)
 *
 * A constraint says that a call whose argument breaks it fails. Before the
 * call, enforce mode holds the kernel to that and refuses the call; warn
 * mode waits for the result. A failure is what the spec predicts and is
 * only counted (the errno itself is checked against the list like any
 * other); a success means the spec rules out an argument the kernel
 * accepts, and that is reported.
 *
 * Return: the negative errno to refuse the call with in enforce mode
 * before the call, else 0.
 */
long kapi_param_violation(const struct kapi_spec *spec, unsigned int param,
			  long value, bool called, long ret, long err)
{
	const struct kapi_param *p = param < spec->n_params ?
				     &spec->params[param] : NULL;
	const char *what;

	if (called && IS_ERR_VALUE(ret)) {
		/* Failed, as the spec says such a call does. */
		kapi_count_rejected(spec);
		return 0;
	}
	if (!called && (READ_ONCE(kapi_mode) != KAPI_MODE_ENFORCE || !p))
		return 0;

	if (called) {
		what = "accepted by the kernel";
		kapi_count(spec, KAPI_VIOLATION_PARAM);
	} else {
		what = "refused";
		kapi_count_rejected(spec);
	}
	trace_kapi_violation(spec->name, KAPI_VIOLATION_PARAM, param, value);
	if (__ratelimit(&kapi_report_rs))
		pr_warn("%s: parameter %u (%s) = %#lx breaks its %s constraint, %s; task %s[%d]\n",
			spec->name, param, p ? p->name : "?", value,
			p ? kapi_name(&kapi_constraint_names, p->constraint) : "?",
			what, current->comm, task_pid_nr(current));
	if (called)
		return 0;
	return err ?: kapi_param_errno(p);
}
EXPORT_SYMBOL_GPL(kapi_param_violation);

/**
 * kapi_constraint_violation() - a call broke a rule over several arguments
 * @spec: the syscall's spec
 * @index: the constraint's index in @spec->constraints
 * @called: false before the call, true after it
 * @ret: the call's result when @called
 * @err: the negative errno the constraint says the kernel fails it with
 *
 * As kapi_param_violation(), for a constraint with an errno: counted as a
 * parameter violation, refused in enforce mode, reported when the kernel
 * accepted the call.
 *
 * Return: @err before the call in enforce mode, else 0.
 */
long kapi_constraint_violation(const struct kapi_spec *spec,
			       unsigned int index, bool called, long ret,
			       long err)
{
	const char *name = index < spec->n_constraints ?
			   spec->constraints[index].name : "?";

	if (called && IS_ERR_VALUE(ret)) {
		kapi_count_rejected(spec);
		return 0;
	}
	if (!called && READ_ONCE(kapi_mode) != KAPI_MODE_ENFORCE)
		return 0;

	if (called)
		kapi_count(spec, KAPI_VIOLATION_PARAM);
	else
		kapi_count_rejected(spec);
	trace_kapi_violation(spec->name, KAPI_VIOLATION_PARAM, -3, index);
	if (__ratelimit(&kapi_report_rs))
		pr_warn("%s: the arguments break constraint '%s', %s; task %s[%d]\n",
			spec->name, name,
			called ? "accepted by the kernel" : "refused",
			current->comm, task_pid_nr(current));
	return called ? 0 : err;
}
EXPORT_SYMBOL_GPL(kapi_constraint_violation);

/**
 * kapi_fd_errno() - the errno the kernel gives a descriptor it looks up
 * @fd: the descriptor argument
 * @modes: the file mode bits it needs, in the order the kernel tests them
 * @n: how many
 *
 * The kernel fails a call on a descriptor that is not open (or open with
 * O_PATH, which fdget() does not return) or lacks a mode bit before it
 * looks at the arguments it checks after the descriptor, so a bad argument
 * there must be refused with the descriptor's errno, not its own. Called
 * only on the slow path, when an argument is bad.
 *
 * Return: that negative errno, or 0 when the descriptor passes.
 */
long kapi_fd_errno(unsigned int fd, const struct kapi_fd_mode *modes,
		   unsigned int n)
{
	CLASS(fd, f)(fd);
	unsigned int i;

	if (fd_empty(f))
		return -EBADF;
	for (i = 0; i < n; i++)
		if (!(fd_file(f)->f_mode & modes[i].mode))
			return modes[i].err;
	return 0;
}
EXPORT_SYMBOL_GPL(kapi_fd_errno);

/**
 * kapi_return_violation() - a syscall returned something its spec excludes
 * @spec: the syscall's spec
 * @ret: the return value
 *
 * Never changes @ret: an unlisted errno is a spec bug as often as a kernel
 * bug, and hiding it would make both harder to find.
 *
 * Return: @ret, so that the generated checks can tail-call this.
 */
long kapi_return_violation(const struct kapi_spec *spec, long ret)
{
	enum kapi_violation v = ret < 0 ? KAPI_VIOLATION_ERRNO :
					  KAPI_VIOLATION_RETURN;

	kapi_count(spec, v);
	if (ret < 0)
		kapi_note_errno(spec, (int)-ret);
	trace_kapi_violation(spec->name, v, -1, ret);
	if (__ratelimit(&kapi_report_rs))
		pr_warn("%s: returned %ld, which %s; task %s[%d]\n", spec->name,
			ret, ret < 0 ? "is an errno the spec does not list" :
				       "is outside the spec's success range",
			current->comm, task_pid_nr(current));
	return ret;
}
EXPORT_SYMBOL_GPL(kapi_return_violation);

/**
 * kapi_check_errno() - check an error return against the spec's errnos
 * @spec: the syscall's spec
 * @ret: a negative errno the syscall returned
 *
 * Out of line: failing calls are the rare ones, and keeping the bitmap
 * test here keeps the successful path of every checked syscall short.
 * The -ERESTART* values count as EINTR, which is what the caller sees.
 *
 * Return: @ret.
 */
long kapi_check_errno(const struct kapi_spec *spec, long ret)
{
	if (kapi_errno_listed(spec, kapi_is_restart(ret) ? EINTR : -ret))
		return ret;
	return kapi_return_violation(spec, ret);
}
EXPORT_SYMBOL_GPL(kapi_check_errno);

/**
 * kapi_check_variant_errno() - check an error return of one command
 * @spec: the spec of a multiplexed syscall
 * @variant: 1 + the index of the command in @spec->variants, 0 for a
 *	selector value no variant describes
 * @ret: a negative errno the syscall returned
 *
 * An error: entry with a variant: counts for that command only, one
 * without for every command (the unknown ones included). The scan is on
 * the failure path only, after the bitmap has ruled out the unlisted.
 *
 * Return: @ret.
 */
long kapi_check_variant_errno(const struct kapi_spec *spec,
			      unsigned int variant, long ret)
{
	long err = kapi_is_restart(ret) ? EINTR : -ret;
	unsigned int i;

	if (!kapi_errno_listed(spec, err))
		return kapi_return_violation(spec, ret);
	for (i = 0; i < spec->n_errors; i++) {
		const struct kapi_error *e = &spec->errors[i];

		if (e->error == err && (!e->variant || e->variant == variant))
			return ret;
	}
	return kapi_return_violation(spec, ret);
}
EXPORT_SYMBOL_GPL(kapi_check_variant_errno);

/*
 * Reports from a dying kernel would bury the oops, and before the
 * scheduler runs the kernel itself does not hold code to its context
 * (see __might_resched()).
 */
static bool kapi_context_exempt(void)
{
	return oops_in_progress || system_state == SYSTEM_BOOTING ||
	       system_state > SYSTEM_RUNNING;
}

static const char *kapi_context_now(void)
{
	if (in_nmi())
		return "NMI";
	if (in_hardirq())
		return "hard interrupt";
	if (in_serving_softirq())
		return "soft interrupt";
	if (preempt_count() || irqs_disabled())
		return "atomic task";
	return "task";
}

/**
 * kapi_context_violation() - a call ran in a context its spec excludes
 * @spec: the syscall's or function's spec
 *
 * Reported with the spec's context-flags, so the message says what would
 * have been right.
 */
void kapi_context_violation(const struct kapi_spec *spec)
{
	char allowed[96];
	struct seq_buf s;

	if (kapi_context_exempt())
		return;
	kapi_count(spec, KAPI_VIOLATION_CONTEXT);
	trace_kapi_violation(spec->name, KAPI_VIOLATION_CONTEXT, -2,
			     preempt_count());
	if (!__ratelimit(&kapi_report_rs))
		return;
	seq_buf_init(&s, allowed, sizeof(allowed));
	kapi_render_flags(&s, &kapi_ctx_names, spec->context);
	pr_warn("%s: called in %s context (preempt_count %#x, irqs %s); the spec allows %s; task %s[%d]\n",
		spec->name, kapi_context_now(), preempt_count(),
		irqs_disabled() ? "off" : "on", seq_buf_str(&s),
		current->comm, task_pid_nr(current));
	/* a kernel function's caller is the finding; a syscall's is user space */
	if (spec->kind == KAPI_KIND_FUNCTION)
		dump_stack_lvl(KERN_WARNING);
}
EXPORT_SYMBOL_GPL(kapi_context_violation);

/**
 * kapi_rule_violation() - a function's caller broke one of its rules
 * @spec: the function's spec
 * @index: the constraint's index in @spec->constraints
 *
 * For a rule without an errno (checked: yes), which holds the callers of
 * a kernel function; tested at its entry. Reported and counted as a
 * parameter violation; the call goes on.
 */
void kapi_rule_violation(const struct kapi_spec *spec, unsigned int index)
{
	const char *name = index < spec->n_constraints ?
			   spec->constraints[index].name : "?";

	if (kapi_context_exempt())
		return;
	kapi_count(spec, KAPI_VIOLATION_PARAM);
	trace_kapi_violation(spec->name, KAPI_VIOLATION_PARAM, -3, index);
	if (!__ratelimit(&kapi_report_rs))
		return;
	pr_warn("%s: called against rule '%s' (%s context); task %s[%d]\n",
		spec->name, name, kapi_context_now(), current->comm,
		task_pid_nr(current));
	/* the caller is the finding */
	dump_stack_lvl(KERN_WARNING);
}
EXPORT_SYMBOL_GPL(kapi_rule_violation);

/*
 * vmlinux's function specs sit in its section in one run per file; the
 * counters cover the span from the first to the last of them.
 */
static void __init kapi_runtime_init_functions(const struct kapi_spec *specs,
					       unsigned int n)
{
	unsigned int i, first = n, last = 0;

	for (i = 0; i < n; i++) {
		if (specs[i].kind != KAPI_KIND_FUNCTION)
			continue;
		first = min(first, i);
		last = i;
	}
	if (first == n)
		return;
	kapi_fn_stats = kcalloc(last - first + 1, sizeof(*kapi_fn_stats),
				GFP_KERNEL);
	if (!kapi_fn_stats)
		return;
	for (i = first; i <= last; i++)
		kapi_fn_stats[i - first].spec = &specs[i];
	kapi_fn_specs = &specs[first];
	kapi_fn_n = last - first + 1;
}

static int __init kapi_runtime_init(void)
{
	struct kapi_syscall_stats *st;
	const struct kapi_spec *specs;
	unsigned int n, i, nsys = 0;

	specs = kapi_vmlinux_specs(&n);
	for (i = 0; i < n; i++)
		nsys += specs[i].kind == KAPI_KIND_SYSCALL &&
			specs[i].nr >= 0 && specs[i].nr < KAPI_NR_SYSCALLS;
	st = nsys ? kcalloc(nsys, sizeof(*st), GFP_KERNEL) : NULL;
	for (i = 0; st && i < n; i++) {
		if (specs[i].kind != KAPI_KIND_SYSCALL || specs[i].nr < 0 ||
		    specs[i].nr >= KAPI_NR_SYSCALLS)
			continue;
		st->spec = &specs[i];
		kapi_stats[specs[i].nr] = st++;
	}
	kapi_runtime_init_functions(specs, n);
	mutex_lock(&kapi_mode_mutex);
	kapi_runtime_ready = true;
	kapi_apply_mode(kapi_mode);
	mutex_unlock(&kapi_mode_mutex);
	pr_info("syscall checks: %s\n", kapi_mode_names[kapi_mode]);
	return 0;
}
early_initcall(kapi_runtime_init);
