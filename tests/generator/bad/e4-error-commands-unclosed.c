/* expect: 15: error: '[' without ']': write the commands as [CMD, CMD] */
#include "e4-error-commands-unclosed.apispec.h"

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
 *
 * error: EINVAL [F_DUPFD, arg is out of range
 */
SYSCALL_DEFINE3(fcntl, unsigned int, fd, unsigned int, cmd, unsigned long, arg)
{
	return 0;
}
