/* expect: 13: error: fd-modes: 'O_RDONLY EBADF' is not 'FMODE_<BIT> <ERRNO>' */
#include "99-fd-modes-not-a-mode.apispec.h"

/**
 * sys_frob - Frobnicate a descriptor
 * @fd: the descriptor
 *
 * context-flags: KAPI_CTX_PROCESS
 *
 * param: fd
 *   type: KAPI_TYPE_FD
 *   constraint-type: KAPI_CONSTRAINT_FD
 *   fd-modes: FMODE_READ EBADF, O_RDONLY EBADF
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: >= 0
 *
 * error: EBADF, Bad descriptor
 */
SYSCALL_DEFINE1(frob, int, fd)
{
	return 0;
}
