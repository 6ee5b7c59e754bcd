/* expect: 14: error: param 'len' is refused with E2BIG, which no error: entry lists; add it */
#include "97-error-above-not-listed.apispec.h"

/**
 * sys_frob - Frobnicate a length
 * @len: a length
 *
 * context-flags: KAPI_CTX_PROCESS
 *
 * param: len
 *   type: KAPI_TYPE_UINT
 *   constraint-type: KAPI_CONSTRAINT_RANGE
 *   range: 1, 4096
 *   error-above: E2BIG
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: >= 0
 *
 * error: EINVAL, Length below 1
 */
SYSCALL_DEFINE1(frob, size_t, len)
{
	return 0;
}
