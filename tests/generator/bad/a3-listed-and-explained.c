/* expect: 20: error: EBADF is listed by an error: entry and explained by not-returned:; keep one */
#include "a3-listed-and-explained.apispec.h"

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
 * error: EBADF, Bad descriptor
 * not-returned: EBADF, fd is always open
 */
SYSCALL_DEFINE1(frob, int, fd)
{
	return 0;
}
