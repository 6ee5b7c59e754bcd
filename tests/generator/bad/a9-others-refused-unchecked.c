/* expect: 19: error: others: refused needs the check that refuses them: constraint-type: mask, range or enum */
#include "a9-others-refused-unchecked.apispec.h"

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
 *   constraint-type: KAPI_CONSTRAINT_NONE
 *   others: refused
 *

 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: >= 0
 *
 * error: EBADF, fd is not open
 *
 * value-set: frob_how, enum
 *   SEEK_SET: from the start
 */
SYSCALL_DEFINE2(frob, int, fd, int, how)
{
	return 0;
}
