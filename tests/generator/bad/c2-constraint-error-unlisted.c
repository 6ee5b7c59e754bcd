/* expect: 22: error: constraint 'Ordered' is refused with ERANGE, which no error: entry lists; add it */
#include "c2-constraint-error-unlisted.apispec.h"

/**
 * sys_frob2 - frobnicate a range
 * @lo: first
 * @hi: last
 *
 * context-flags: KAPI_CTX_PROCESS
 *
 * param: lo
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *
 * param: hi
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *
 * constraint: Ordered
 *   desc: lo may not be above hi.
 *   expr: lo <= hi
 *   error: ERANGE
 *
 * error: EINVAL, lo is above hi
 */
SYSCALL_DEFINE2(frob2, unsigned int, lo, unsigned int, hi)
{
	return 0;
}
