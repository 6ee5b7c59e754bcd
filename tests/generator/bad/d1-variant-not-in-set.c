/* expect: 26: error: variant 'MUX_C' is not a value of value-set 'mux_cmds', which names the commands of 'cmd' */
#include "d1-variant-not-in-set.apispec.h"

/**
 * sys_mux - a call with commands
 * @cmd: the command
 * @arg: its argument
 *
 * context-flags: KAPI_CTX_PROCESS
 *
 * param: cmd
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN | KAPI_PARAM_SELECTOR
 *   constraint-type: KAPI_CONSTRAINT_ENUM
 *   values: mux_cmds
 *   others: refused
 *
 * param: arg
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *
 * value-set: mux_cmds, enum
 *   MUX_A: the first
 *   MUX_B: the second
 *
 * variant: MUX_C, the first command
 *   arg: ignored
 *
 * error: EINVAL, cmd is not a command
 */
SYSCALL_DEFINE2(mux, unsigned int, cmd, unsigned long, arg)
{
	return 0;
}
