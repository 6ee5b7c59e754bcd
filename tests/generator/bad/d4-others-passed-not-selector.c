/* expect: 15: error: param 'cmd': others: passed is for the selector of a multiplexed call (flags: KAPI_PARAM_SELECTOR) */
#include "d4-others-passed-not-selector.apispec.h"

/**
 * sys_ctl - a call that hands unknown commands on, without saying so
 * @cmd: the command
 *
 * context-flags: KAPI_CTX_PROCESS
 *
 * param: cmd
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_NONE
 *   values: ctl_cmds
 *   others: passed
 *
 * value-set: ctl_cmds, enum
 *   CTL_A: the first
 *   CTL_B: the second
 *
 * error: ENOTTY, cmd is not a command
 */
SYSCALL_DEFINE1(ctl, unsigned int, cmd)
{
	return 0;
}
