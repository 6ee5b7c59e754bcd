/* expect: 10: error: use: no shared 'rw_errors' above this spec in this file */
#include "e1-use-unknown-group.apispec.h"

/**
 * sys_close - close a descriptor
 * @fd: the descriptor
 *   type: fd
 *
 * error: EBADF, fd is not open
 * use: rw_errors
 */
SYSCALL_DEFINE1(close, unsigned int, fd)
{
	return 0;
}
