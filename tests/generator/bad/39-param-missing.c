/* expect: 32: error: parameter 3 'len' of frob() has no param: block in the spec (2 listed) */
/* expect: 21: error: size-param: 2 of 'buf' is not another parameter */
#include "39-param-missing.apispec.h"

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
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: >= 0
 *
 * error: EBADF, Bad descriptor
 * error: EFAULT, Bad buffer
 */
SYSCALL_DEFINE3(frob, int, fd, char __user *, buf, size_t, len)
{
	return 0;
}
