/* expect: 10: error: param-count: 3, but the prototype has 2 parameters */
#include "b6-param-count-wrong.apispec.h"

/**
 * frob_alloc - allocate a frob
 * @size: bytes
 * @flags: how
 *
 * context-flags: KAPI_CTX_PROCESS
 * param-count: 3
 * error-count: 1
 *
 * param: size
 *   type: KAPI_TYPE_UINT
 *
 * error: ENOMEM, no memory
 */
void *frob_alloc(unsigned long size, unsigned int flags)
{
	return 0;
}
