/* expect: 16: error: unknown param type 'KAPI_TYPE_FOO' */
/* expect: 28: error: range: min 10 is greater than max 0 */
/* expect: 36: error: error: 'EFOO' is not an errno name */
/* expect: 50: error: item 1 is numbered twice */
#include "90-many-errors-keep-going.apispec.h"

/**
 * sys_frob - Frobnicate a descriptor
 * @fd: the descriptor
 * @buf: the buffer
 * @len: its length
 *
 * context-flags: KAPI_CTX_PROCESS
 *
 * param: fd
 *   type: KAPI_TYPE_FOO
 *   constraint-type: KAPI_CONSTRAINT_FD
 *
 * param: buf
 *   type: KAPI_TYPE_USER_PTR
 *   flags: KAPI_PARAM_OUT | KAPI_PARAM_USER
 *   constraint-type: KAPI_CONSTRAINT_BUFFER
 *   size-param: 2
 *
 * param: len
 *   type: KAPI_TYPE_UINT
 *   constraint-type: KAPI_CONSTRAINT_RANGE
 *   range: 10, 0
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: >= 0
 *
 * error: EBADF, Bad descriptor
 * error: EFOO, Bad buffer
 */
SYSCALL_DEFINE3(frob, int, fd, char __user *, buf, size_t, len)
{
	return 0;
}

/**
 * frob_mem - frobnicate memory
 * @file: the file
 * @count: how much
 *
 * frob_mem behavior:
 * 1. it frobs;
 * 1. it returns.
 *
 * frob_mem constraints of use:
 * 1. file is valid.
 */
static ssize_t frob_mem(struct file *file, size_t count)
{
	return 0;
}
