/* expect: 28: error: use: dup_entries [...]: only errors happen with a command, and 'dup_entries' holds locks */
#include "e5-use-commands-with-lock.apispec.h"

/**
 * DOC: shared entries
 *
 * shared: dup_entries
 * error: EMFILE, no free number
 * lock: files->file_lock
 *   type: spinlock
 */

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
 * use: dup_entries [F_DUPFD, F_GETFD]
 */
SYSCALL_DEFINE3(fcntl, unsigned int, fd, unsigned int, cmd, unsigned long, arg)
{
	return 0;
}
