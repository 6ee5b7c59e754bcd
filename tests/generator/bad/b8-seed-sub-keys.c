/* expect: 24: error: 'constraint:' is not a sub-key of param: here: write cdesc: for the words */
/* expect: 25: error: 'mask:' is not a sub-key of param: here: write valid-mask: */
/* expect: 26: error: 'valid-values:' is not a sub-key of param: here: write enum: */
/* expect: 27: error: 'alignment:' is not a sub-key of param: here: write align: */
/* expect: 31: error: 'size:' is not a sub-key of param: here: write size-param: with the index of the parameter that holds the size */
/* expect: 32: error: 'struct-type:' is not a sub-key of param: here: write struct: TAG and describe TAG in a struct-layout: block */
/* expect: 40: error: 'held-on-exit:' is not a sub-key of lock: here: a lock held on exit is one acquired: and not released: */
/* expect: 45: error: 'number:' is not a sub-key of signal: here: the signal: line names the signal */
/* expect: 46: error: 'interruptible:' is not a sub-key of signal: here: say what the signal does to the call with action: and error: */
/* expect: 47: error: 'priority:' is not a sub-key of signal: here: the order in which signals are looked at is not part of a spec; remove it */
/* expect: 53: error: 'priority:' is not a sub-key of capability: here: the order in which capabilities are checked is not part of a spec; remove it */
#include "b8-seed-sub-keys.apispec.h"

/**
 * sys_frob - frobnicate a descriptor
 * @fd: the descriptor
 * @buf: where
 *
 * context-flags: KAPI_CTX_PROCESS | KAPI_CTX_SLEEPABLE
 *
 * param: fd
 *   type: KAPI_TYPE_FD
 *   constraint-type: KAPI_CONSTRAINT_FD
 *   constraint: an open descriptor
 *   mask: 0x3
 *   valid-values: 0, 1
 *   alignment: 4
 *
 * param: buf
 *   type: KAPI_TYPE_USER_PTR
 *   size: 16
 *   struct-type: frob_args
 *
 * error: EBADF, fd is not open
 * error: EINTR, a signal came
 *
 * lock: frob_lock, KAPI_LOCK_MUTEX
 *   acquired: true
 *   released: true
 *   held-on-exit: false
 *
 * signal: SIGKILL
 *   action: KAPI_SIGNAL_ACTION_RETURN
 *   error: EINTR
 *   number: 9
 *   interruptible: yes
 *   priority: 0
 *
 * capability: CAP_SYS_ADMIN
 *   type: KAPI_CAP_BYPASS_CHECK
 *   allows: frobbing any descriptor
 *   without: EPERM
 *   priority: 0
 */
SYSCALL_DEFINE2(frob, int, fd, void __user *, buf)
{
	return 0;
}
