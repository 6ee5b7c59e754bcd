/* expect: 19: error: not-returned: EBADF needs the reason after a comma */
#include "a4-not-returned-no-reason.apispec.h"

/**
 * sys_frob - Frobnicate a descriptor
 * @fd: the descriptor
 *
 * context-flags: KAPI_CTX_PROCESS
 *
 * param: fd
 *   type: KAPI_TYPE_FD
 *   constraint-type: KAPI_CONSTRAINT_FD
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: >= 0
 *
 * not-returned: EBADF
 */
SYSCALL_DEFINE1(frob, int, fd)
{
	return 0;
}
