/* expect: 12: error: flags: KAPI_PARAM_DIRFD needs type: KAPI_TYPE_FD */
#include "b9-dirfd-not-fd.apispec.h"

/**
 * sys_frobat - frobnicate a path
 * @dfd: where a relative path starts
 *
 * context-flags: KAPI_CTX_PROCESS
 *
 * param: dfd
 *   type: KAPI_TYPE_INT
 *   flags: KAPI_PARAM_IN | KAPI_PARAM_DIRFD
 *
 * error: EBADF, dfd is not open
 */
SYSCALL_DEFINE1(frobat, int, dfd)
{
	return 0;
}
