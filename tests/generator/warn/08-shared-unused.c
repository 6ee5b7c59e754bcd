/* expect: 7: warning: shared 'fd_errors' is used by no spec (use: fd_errors) */
#include "08-shared-unused.apispec.h"

/**
 * DOC: shared entries
 *
 * shared: fd_errors
 * error: EBADF, fd is not open
 */

/**
 * sys_close - close a descriptor
 * @fd: the descriptor
 *   type: fd
 *
 * error: EBADF, fd is closed
 */
SYSCALL_DEFINE1(close, unsigned int, fd)
{
	return 0;
}
