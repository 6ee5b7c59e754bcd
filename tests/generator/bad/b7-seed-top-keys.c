/* expect: 27: error: 'api-type:' is not a key here: the kind follows from the definition */
/* expect: 28: error: 'api-version:' is not a key here: write since-version: */
/* expect: 29: error: 'since:' is not a key here: write since-version: */
/* expect: 31: error: 'struct:' is not a key here: write struct: TAG in the pointer's param: block */
/* expect: 32: error: 'struct-count:' is not a key here: describe the structure in a struct-layout: TAG block; it needs no count */
/* expect: 33: error: 'struct-type:' is not a key here: write struct: TAG in the pointer's param: block */
/* expect: 34: error: 'struct-field:' is not a key here: describe the structure in a struct-layout: TAG block */
/* expect: 35: error: 'struct-field-range:' is not a key here: describe the structure in a struct-layout: TAG block */
/* expect: 36: error: 'validation-group:' is not a key here: write the check on the parameter */
/* expect: 37: error: 'validation-policy:' is not a key here: write the check on the parameter */
/* expect: 38: error: 'validation-flag:' is not a key here: write the check on the parameter */
/* expect: 39: error: 'validation-rule:' is not a key here: write the check on the parameter */
/* expect: 40: error: 'error-code:' is not a key here: write 'error: NAME, summary' with desc: below it */
/* expect: 41: error: 'error-condition:' is not a key here: write the condition in the desc: of its error: entry */
/* expect: 42: error: 'return-type:' is not a key here: write return: with type:, check-type:, success: and desc: below it */
/* expect: 43: error: 'return-check:' is not a key here: write return: with type:, check-type:, success: and desc: below it */
/* expect: 44: error: 'return-check-type:' is not a key here: write return: with type:, check-type:, success: and desc: below it */
/* expect: 45: error: 'return-success:' is not a key here: write return: with type:, check-type:, success: and desc: below it */
/* expect: 46: error: 'return-desc:' is not a key here: write return: with type:, check-type:, success: and desc: below it */
/* expect: 47: error: 'return-count:' is not a key here: write return: with type:, check-type:, success: and desc: below it */
#include "b7-seed-top-keys.apispec.h"

/**
 * sys_frob - frobnicate a descriptor
 * @fd: the descriptor
 *
 * api-type: syscall
 * api-version: 1
 * since: 6.12
 * context-flags: KAPI_CTX_PROCESS
 * struct: frob_args
 * struct-count: 1
 * struct-type: frob_args
 * struct-field: a, __u32, what
 * struct-field-range: a, 0, 1
 * validation-group: frob
 * validation-policy: strict
 * validation-flag: KAPI_VALIDATE_FD
 * validation-rule: fd_open
 * error-code: EBADF
 * error-condition: fd is closed
 * return-type: KAPI_TYPE_INT
 * return-check: KAPI_RETURN_ERROR_CHECK
 * return-check-type: KAPI_RETURN_ERROR_CHECK
 * return-success: 0
 * return-desc: zero
 * return-count: 1
 *
 * param: fd
 *   type: KAPI_TYPE_FD
 *   constraint-type: KAPI_CONSTRAINT_FD
 *
 * error: EBADF, fd is not open
 */
SYSCALL_DEFINE1(frob, int, fd)
{
	return 0;
}
