/* expect: 21: error: constraint 'Ordered': error: needs expr:, the C condition the checker tests */
#include "c1-constraint-error-no-expr.apispec.h"

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
 *   error: EINVAL
 *
 * error: EINVAL, lo is above hi
 */
SYSCALL_DEFINE2(frob2, unsigned int, lo, unsigned int, hi)
{
	return 0;
}
