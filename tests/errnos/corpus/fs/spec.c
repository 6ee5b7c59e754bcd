// SPDX-License-Identifier: GPL-2.0
/*
 * A spec that disagrees with its code in each way the build reports;
 * tests/errnos/expect-spec.txt has the warnings, in order.
 */
#include <linux/corpus.h>

#include "spec.apispec.h"

/**
 * sys_checked - Check a file
 * @f: the file
 * @x: what to check
 *
 * context-flags: KAPI_CTX_PROCESS
 *
 * param: f
 *   type: KAPI_TYPE_PTR
 *
 * param: x
 *   type: KAPI_TYPE_INT
 *   constraint-type: KAPI_CONSTRAINT_RANGE
 *   range: 0, 7
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: >= 0
 *
 * error: EBADF, f is NULL
 * error: EAGAIN, the read method would block
 *   origin: KAPI_FROM_METHODS
 * error: EACCES, a security module refused
 *   origin: KAPI_FROM_LSM
 * error: ENOMEM, listed, but nothing returns it
 * error: EPERM, said to be a method's, but the core returns it
 *   origin: KAPI_FROM_METHODS
 *
 * not-returned: EEXIST, x is never 6 here
 * not-returned: ENOSPC, nothing returns it at all
 */
SYSCALL_DEFINE2(checked, struct file *, f, int, x)
{
	int ret;

	if (!f)
		return -EBADF;
	if (x == 5)
		return -EINVAL;
	if (x == 6)
		return -EEXIST;
	if (x == 7)
		return -EPERM;
	ret = security_corpus_open(x);
	if (ret)
		return ret;
	return f->f_op->read(x);
}

/**
 * sys_plain - Calls no method and no hook
 * @x: a number
 *
 * context-flags: KAPI_CTX_PROCESS
 *
 * param: x
 *   type: KAPI_TYPE_INT
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: >= 0
 *
 * error: EINVAL, x is negative
 * error: EAGAIN, said to come from a method
 *   origin: KAPI_FROM_METHODS
 * error: EACCES, said to come from an LSM
 *   origin: KAPI_FROM_LSM
 */
SYSCALL_DEFINE1(plain, int, x)
{
	if (x < 0)
		return -EINVAL;
	return x;
}
