/* expect: 17: error: values: no value-set 'frob_how' in this file */
#include "a5-values-no-such-set.apispec.h"

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
 *   type: KAPI_TYPE_INT
 *   values: frob_how
 *

 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: >= 0
 *
 * error: EBADF, fd is not open
 */
SYSCALL_DEFINE2(frob, int, fd, int, how)
{
	return 0;
}
