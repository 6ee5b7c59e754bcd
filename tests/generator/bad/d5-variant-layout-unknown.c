/* expect: 30: error: variant 'MUX_GET': arg-layout: no struct-layout 'mux_state' in this file */
/* expect: 35: error: variant 'MUX_PUT': arg-layout: is for an argument that points to the structure (arg-type: KAPI_TYPE_USER_PTR) */
#include "d5-variant-layout-unknown.apispec.h"

/**
 * sys_mux - a command whose argument names a layout the file lacks
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
 *   type: KAPI_TYPE_USER_PTR
 *   flags: KAPI_PARAM_IN
 *
 * value-set: mux_cmds, enum
 *   MUX_GET: read the state
 *   MUX_PUT: write the state
 *
 * struct-layout: mux_setting
 *   value: __u32; the setting
 *
 * variant: MUX_GET, read the state
 *   arg-type: KAPI_TYPE_USER_PTR
 *   arg: where to put it
 *   arg-layout: mux_state
 *
 * variant: MUX_PUT, write the state
 *   arg-type: KAPI_TYPE_UINT
 *   arg: the state
 *   arg-layout: mux_setting
 *
 * error: EINVAL, cmd is not a command
 */
SYSCALL_DEFINE2(mux, unsigned int, cmd, void __user *, arg)
{
	return 0;
}
