/* expect: 17: error: struct: the count 'count' of param 'how' is no other parameter */
#include "b4-struct-count-not-param.apispec.h"

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
 *   struct: frob_how[count]
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: >= 0
 *
 * error: EBADF, fd is not open
 *
 * struct-layout: frob_how
 *   a: __u32; what
 */
SYSCALL_DEFINE2(frob, int, fd, struct frob_how __user *, how)
{
	return 0;
}
