/* expect: 8: error: param: has no place in a shared: group, which holds errors, locks, signals, side effects, state transitions, capabilities and constraints */
#include "e2-shared-holds-param.apispec.h"

/**
 * DOC: shared entries
 *
 * shared: fd_errors
 * param: fd
 *   type: fd
 * error: EBADF, fd is not open
 */

/**
 * sys_close - close a descriptor
 * @fd: the descriptor
 *
 * use: fd_errors
 */
SYSCALL_DEFINE1(close, unsigned int, fd)
{
	return 0;
}
