/* expect: 9: error: shared 'fd_errors' is defined twice in this file (first at line 7) */
#include "e7-shared-twice.apispec.h"

/**
 * DOC: shared entries
 *
 * shared: fd_errors
 * error: EBADF, fd is not open
 * shared: fd_errors
 * error: EINVAL, fd is odd
 */

/**
 * sys_close - close a descriptor
 * @fd: the descriptor
 *   type: fd
 *
 * use: fd_errors
 */
SYSCALL_DEFINE1(close, unsigned int, fd)
{
	return 0;
}
