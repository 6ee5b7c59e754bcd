/* expect: 25: error: check-order: 'count' is not a parameter */
#include "95-check-order-unknown-param.apispec.h"

/**
 * sys_frob - Frobnicate a descriptor
 * @fd: the descriptor
 * @len: a length
 *
 * context-flags: KAPI_CTX_PROCESS
 *
 * param: fd
 *   type: KAPI_TYPE_FD
 *   constraint-type: KAPI_CONSTRAINT_FD
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
 * check-order: len, count
 *
 * error: EBADF, Bad descriptor
 * error: EINVAL, Bad length
 */
SYSCALL_DEFINE2(frob, int, fd, size_t, len)
{
	return 0;
}
