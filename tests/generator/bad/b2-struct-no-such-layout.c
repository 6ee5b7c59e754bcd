/* expect: 17: error: struct: no struct-layout 'frob_how' in this file */
#include "b2-struct-no-such-layout.apispec.h"

/**
 * sys_frob - Frobnicate a descriptor
 * @fd: the descriptor
 * @how: how to frobnicate
 *
 * context-flags: KAPI_CTX_PROCESS
 *
 * param: fd
 *   type: KAPI_TYPE_FD
 *   constraint-type: KAPI_CONSTRAINT_FD
 *
 * param: how
 *   type: KAPI_TYPE_USER_PTR
 *   struct: frob_how
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: >= 0
 *
 * error: EBADF, fd is not open
 */
SYSCALL_DEFINE2(frob, int, fd, struct frob_how __user *, how)
{
	return 0;
}
