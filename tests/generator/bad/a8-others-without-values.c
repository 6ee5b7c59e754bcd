/* expect: 17: error: others: says what happens to values outside values:, which param 'how' does not have */
#include "a8-others-without-values.apispec.h"

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
 *   others: ignored
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
