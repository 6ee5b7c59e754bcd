/* expect: 14: error: fd-modes: needs constraint-type: KAPI_CONSTRAINT_FD on a descriptor that is not optional */
#include "98-fd-modes-on-a-range.apispec.h"

/**
 * sys_frob - Frobnicate a length
 * @len: a length
 *
 * context-flags: KAPI_CTX_PROCESS
 *
 * param: len
 *   type: KAPI_TYPE_UINT
 *   constraint-type: KAPI_CONSTRAINT_RANGE
 *   range: 1, 4096
 *   fd-modes: FMODE_READ EBADF
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: >= 0
 *
 * error: EINVAL, Length below 1
 * error: EBADF, Not open
 */
SYSCALL_DEFINE1(frob, size_t, len)
{
	return 0;
}
