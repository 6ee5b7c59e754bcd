/* expect: 22: error: error EINVAL: the commands are in [...] already; drop variant: */
#include "e6-error-commands-and-variant.apispec.h"

/**
 * sys_fcntl - a multiplexed call
 * @fd: the descriptor
 * @cmd: the command
 *   flags: selector
 *   values: fx_cmds
 * @arg: its argument
 *
 * value-set: fx_cmds, enum
 *   F_DUPFD: duplicate
 *   F_GETFD: read the flags
 *
 * variant: F_DUPFD, duplicate
 * variant: F_GETFD, read the flags
 *
 * error: EBADF, fd is not open
 *
 * error: EINVAL [F_DUPFD], arg is out of range
 *   variant: F_GETFD
 */
SYSCALL_DEFINE3(fcntl, unsigned int, fd, unsigned int, cmd, unsigned long, arg)
{
	return 0;
}
