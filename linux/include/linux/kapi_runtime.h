/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Run-time checks of system calls against their specifications.
 *
 * A syscall is bound to its spec at compile time: the generated
 * <file>.apispec.h, included before the SYSCALL_DEFINE, defines
 * __KAPI_HAS_sys_<name> and the specialised __kapi_bad_sys_<name>(),
 * __kapi_report_sys_<name>() and
 * __kapi_post_sys_<name>(). The syscall wrapper picks the checked or the
 * plain call with the preprocessor, so a syscall without a spec compiles
 * exactly as before and one with a spec pays a patched-out static branch
 * while checks are off. No lookup, lock or allocation is on the path.
 *
 * Nothing in this header reads a Kconfig option (nor may it name one, even
 * in a comment: fixdep would record it). <linux/syscalls.h> includes it in
 * a thousand files, and only the generated headers, which define the
 * __KAPI_HAS_* macros when the checks are built in, depend on the options:
 * switching them recompiles the files with specs, not every syscall user.
 * The declarations the checks use are in <linux/kapi_checks.h>.
 */
#ifndef _LINUX_KAPI_RUNTIME_H
#define _LINUX_KAPI_RUNTIME_H

#include <linux/build_bug.h>
#include <linux/kconfig.h>

/*
 * __kapi_pick(val, a, b) is a when val is a macro defined as 1, else b; the
 * choice happens in the preprocessor, so b may name nothing that exists.
 */
#define __kapi_pick(val, a, b)		___kapi_pick(val, a, b)
#define ___kapi_pick(val, a, b)		____kapi_pick(__ARG_PLACEHOLDER_##val a, b)
#define ____kapi_pick(...)		__take_second_arg(__VA_ARGS__)

/*
 * The checked path is a function of its own, so the unchecked path keeps
 * the code (and the tail call) it has without checks: with the checks off
 * a specified syscall pays one patched-out jump and nothing else. Within
 * it, a call that breaks its spec goes on to a cold function, which asks
 * the spec before the call (enforce mode may refuse it) and again with
 * the result: an argument the spec rules out is only a finding when the
 * kernel accepted it. The correct call never needs its arguments after
 * the compares, so nothing is spilled for it.
 */
#define __KAPI_CHECKED_FN(x, name, ...)					\
	static noinline __cold long					\
	__kapi_slow_##name(__MAP(x, __SC_LONG, __VA_ARGS__))		\
	{								\
		long __kapi_ret;					\
									\
		__kapi_ret = __kapi_report_##name(false, 0,		\
				__MAP(x, __SC_ARGS, __VA_ARGS__));	\
		if (__kapi_ret)						\
			return __kapi_ret;				\
		__kapi_ret = __do_##name(__MAP(x, __SC_CAST, __VA_ARGS__)); \
		__kapi_report_##name(true, __kapi_ret,			\
				     __MAP(x, __SC_ARGS, __VA_ARGS__));	\
		return __kapi_post_##name(__kapi_ret,			\
				__MAP(x, __SC_ARGS, __VA_ARGS__));	\
	}								\
	static noinline long						\
	__kapi_checked_##name(__MAP(x, __SC_LONG, __VA_ARGS__))		\
	{								\
		long __kapi_ret;					\
									\
		if (unlikely(__kapi_bad_##name(__MAP(x, __SC_ARGS, __VA_ARGS__)))) \
			return __kapi_slow_##name(__MAP(x, __SC_ARGS, __VA_ARGS__)); \
		__kapi_ret = __do_##name(__MAP(x, __SC_CAST, __VA_ARGS__)); \
		return __kapi_post_##name(__kapi_ret,			\
				__MAP(x, __SC_ARGS, __VA_ARGS__));	\
	}
#define __KAPI_NO_FN(x, name, ...)

/*
 * __KAPI_DEFINE_CHECKED(x, sys_name, type1, arg1, ...) - inside
 * __SYSCALL_DEFINEx, after __do_sys_name is declared: the checked variant
 * of the syscall when its file generated a spec for it, else nothing.
 */
#define __KAPI_DEFINE_CHECKED(x, name, ...)				\
	__kapi_pick(__KAPI_HAS_##name, __KAPI_CHECKED_FN,		\
		    __KAPI_NO_FN)(x, name, __VA_ARGS__)

#define __KAPI_CALL_PLAIN(name, call, ...)	(call)
#define __KAPI_CALL_CHECKED(name, call, ...)				\
	(static_branch_unlikely(&kapi_checks_key) ?			\
	 __kapi_checked_##name(__VA_ARGS__) : (call))

/*
 * __KAPI_CALL(sys_name, call, args...) - @call, or the checked variant of
 * sys_name when it has one and checks are on; @args are the syscall's
 * arguments as longs.
 */
#define __KAPI_CALL(name, call, ...)					\
	__kapi_pick(__KAPI_HAS_##name, __KAPI_CALL_CHECKED,		\
		    __KAPI_CALL_PLAIN)(name, call, __VA_ARGS__)

/*
 * A kernel function with a spec opts in to run-time checks as a syscall
 * does: its body moves to a static __always_inline function with the same
 * type, and the function itself only returns kapi_fn_call(name, body,
 * args...), after KAPI_FN_CHECKED(name, body); at file scope:
 *
 *	static __always_inline long do_frob(int n) { ... }
 *	KAPI_FN_CHECKED(frob, do_frob);
 *
 *	long frob(int n)
 *	{
 *		return kapi_fn_call(frob, do_frob, n);
 *	}
 *
 * name is the function's, as its kernel-doc names it; the file includes
 * its generated <file>.apispec.h. While checks are off the function pays
 * one patched-out jump and keeps the code it has without them; while they
 * are on, a function of its own tests the context, the arguments and the
 * result around the body (reports only: the result is never changed).
 * Without the function checks built in, the generated header does not
 * define __KAPI_HAS_FN_<name> and the function is its body.
 * KAPI_FN_CHECKED() also proves at build time that the body has the
 * function's type.
 */
#define KAPI_FN_CHECKED(name, body)					\
	__kapi_pick(__KAPI_HAS_FN_##name, __KAPI_FN_CHECKED_##name,	\
		    __KAPI_NO_FN_CHECKED)(body)				\
	static_assert(__same_type(&(body), &(name)))
#define __KAPI_NO_FN_CHECKED(body)

#define __KAPI_FN_CALL_CHECKED(name, body, ...)				\
	(static_branch_unlikely(&kapi_checks_key) ?			\
	 __kapi_checked_##name(__VA_ARGS__) : body(__VA_ARGS__))
#define __KAPI_FN_CALL_PLAIN(name, body, ...)	body(__VA_ARGS__)
#define kapi_fn_call(name, body, ...)					\
	__kapi_pick(__KAPI_HAS_FN_##name, __KAPI_FN_CALL_CHECKED,	\
		    __KAPI_FN_CALL_PLAIN)(name, body, __VA_ARGS__)

#endif /* _LINUX_KAPI_RUNTIME_H */
