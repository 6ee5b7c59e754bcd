/* expect: 9: error: shared: starts a group of a DOC: comment, not a part of a spec */
#include "e8-shared-in-spec.apispec.h"

/**
 * sys_close - close a descriptor
 * @fd: the descriptor
 *   type: fd
 *
 * shared: fd_errors
 * error: EBADF, fd is not open
 */
SYSCALL_DEFINE1(close, unsigned int, fd)
{
	return 0;
}
