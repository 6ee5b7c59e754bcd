/* expect: 17: error: use: fd_errors lists error EBADF, which this spec lists already (line 16) */
#include "e3-use-duplicates-error.apispec.h"

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
 * use: fd_errors
 */
SYSCALL_DEFINE1(close, unsigned int, fd)
{
	return 0;
}
