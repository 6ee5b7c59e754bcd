/* expect: 14: error: error-above: needs constraint-type: KAPI_CONSTRAINT_RANGE (it is the errno above the range's max) */
#include "96-error-above-without-range.apispec.h"

/**
 * sys_frob - Frobnicate a descriptor
 * @fd: the descriptor
 *
 * context-flags: KAPI_CTX_PROCESS
 *
 * param: fd
 *   type: KAPI_TYPE_FD
 *   constraint-type: KAPI_CONSTRAINT_FD
 *   error: EBADF
 *   error-above: E2BIG
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: >= 0
 *
 * error: EBADF, Bad descriptor
 * error: E2BIG, Too big
 */
SYSCALL_DEFINE1(frob, int, fd)
{
	return 0;
}
