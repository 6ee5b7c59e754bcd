/* expect: 33: error: error: expects 'ENAME, condition' or 'ENAME [CMD, ...], condition', got 'EFAULT Bad buffer' */
#include "37-errno-no-comma.apispec.h"

/**
 * sys_frob - Frobnicate a descriptor
 * @fd: the descriptor
 * @buf: the buffer
 * @len: its length
 *
 * context-flags: KAPI_CTX_PROCESS
 *
 * param: fd
 *   type: KAPI_TYPE_FD
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
 *   range: 0, INT_MAX
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: >= 0
 *
 * error: EBADF, Bad descriptor
 * error: EFAULT Bad buffer
 */
SYSCALL_DEFINE3(frob, int, fd, char __user *, buf, size_t, len)
{
	return 0;
}
