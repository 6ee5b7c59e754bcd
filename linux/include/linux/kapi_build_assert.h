/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kapi_build_assert.h - the build-time checks of generated spec headers
 *
 * Only the <file>.apispec.h headers scripts/kapi/kapi-gen writes include
 * this, so that it is not in the way of every file the syscall wrappers
 * reach.
 */
#ifndef _LINUX_KAPI_BUILD_ASSERT_H
#define _LINUX_KAPI_BUILD_ASSERT_H

/*
 * KAPI_BUILD_ASSERT() - fail the build with @msg unless @cond holds
 *
 * The condition becomes an enumerator before _Static_assert() sees it:
 * clang does not accept _IOW() and friends in _Static_assert() (the size
 * check in _IOC_TYPECHECK() names an extern object, so the expression is
 * not an integer constant expression), but folds them in an enumerator's
 * value, as gcc does in both places.
 */
#define KAPI_BUILD_ASSERT(cond, msg)	__KAPI_BUILD_ASSERT(cond, msg, __COUNTER__)
#define __KAPI_BUILD_ASSERT(cond, msg, n)	___KAPI_BUILD_ASSERT(cond, msg, n)
#define ___KAPI_BUILD_ASSERT(cond, msg, n)				\
	_Static_assert(sizeof(enum { __kapi_build_assert_##n = !!(cond) }) && \
		       __kapi_build_assert_##n, msg)

#endif /* _LINUX_KAPI_BUILD_ASSERT_H */
