/* expect: 29: error: value-set 'frob_how': SEEK_SET is listed twice (first at line 28) */
#include "a7-value-set-twice-listed.apispec.h"

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
 *
 * value-set: frob_how, enum
 *   SEEK_SET: from the start
 *   SEEK_SET: again
 */
SYSCALL_DEFINE2(frob, int, fd, int, how)
{
	return 0;
}
