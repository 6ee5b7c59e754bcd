/* expect: 31: error: error EPERM: variant: 'MUX_B' is not described by a variant: block */
#include "d2-error-variant-unknown.apispec.h"

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
 * variant: MUX_A, the first command
 *   arg: ignored
 *
 * error: EINVAL, cmd is not a command
 * error: EPERM, not allowed
 *   variant: MUX_B
 */
SYSCALL_DEFINE2(mux, unsigned int, cmd, unsigned long, arg)
{
	return 0;
}
