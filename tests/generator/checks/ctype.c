// SPDX-License-Identifier: GPL-2.0
/*
 * Run-time check fixture: range constraints on parameters of small integer
 * types, whose width and signedness decide which compares the generator
 * writes and which it leaves out as always true. The kernel builds with
 * -funsigned-char, so a plain char is unsigned. The last two fixtures check
 * their arguments in a check-order: other than the prototype's, give a
 * value above a range an errno of its own, and look a descriptor up.
 */
#include "ctype.apispec.h"

/**
 * kapi_fixture_char() - plain char, 0 to 200
 * @c: the value
 *
 * param: c
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_RANGE
 *   range: 0, 200
 */
int kapi_fixture_char(char c);

/**
 * kapi_fixture_schar() - signed char, -100 to 100
 * @c: the value
 *
 * param: c
 *   type: KAPI_TYPE_INT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_RANGE
 *   range: -100, 100
 */
int kapi_fixture_schar(signed char c);

/**
 * kapi_fixture_uchar() - unsigned char, 10 to 255
 * @c: the value
 *
 * param: c
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_RANGE
 *   range: 10, 255
 */
int kapi_fixture_uchar(unsigned char c);

/**
 * kapi_fixture_s16() - __s16, -1000 to 1000
 * @v: the value
 *
 * param: v
 *   type: KAPI_TYPE_INT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_RANGE
 *   range: -1000, 1000
 */
int kapi_fixture_s16(__s16 v);

/**
 * kapi_fixture_order() - two ranges, checked second argument first
 * @len: 1 to 10; above 10 is E2BIG, below 1 EINVAL
 * @flags: 0 to 3
 *
 * param: len
 *   type: KAPI_TYPE_INT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_RANGE
 *   range: 1, 10
 *   error-above: E2BIG
 *
 * param: flags
 *   type: KAPI_TYPE_INT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_RANGE
 *   range: 0, 3
 *
 * check-order: flags, len
 *
 * error: EINVAL, len below 1 or flags above 3
 * error: E2BIG, len above 10
 */
int kapi_fixture_order(int len, int flags);

/**
 * kapi_fixture_fd() - a descriptor checked before a count
 * @fd: open, and readable and positionable (fd-modes:)
 * @count: 0 to 100
 *
 * param: fd
 *   type: KAPI_TYPE_FD
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_FD
 *   fd-modes: FMODE_READ EBADF, FMODE_PREAD ESPIPE
 *
 * param: count
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_RANGE
 *   range: 0, 100
 *
 * error: EBADF, fd is not open or not readable
 * error: ESPIPE, fd cannot be read at a position
 * error: EINVAL, count above 100
 */
int kapi_fixture_fd(int fd, unsigned int count);

/**
 * kapi_fixture_pair() - two numbers that must differ, then a flags mask
 * @a: any number but @b
 * @b: any number but @a
 * @flags: 0 or 1
 *
 * param: a
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_NONE
 *
 * param: b
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_RANGE
 *   range: 0, 100
 *   error: EBADF
 *
 * param: flags
 *   type: KAPI_TYPE_INT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_MASK
 *   valid-mask: 1
 *
 * constraint: Distinct
 *   desc: The kernel refuses a equal to b before it looks at anything else.
 *   expr: a != b
 *   error: EINVAL
 *
 * error: EINVAL, a equals b, or flags has a bit other than 1
 * error: EBADF, b above 100
 */
int kapi_fixture_pair(unsigned int a, unsigned int b, int flags);

/**
 * kapi_fixture_hooked - a function checked at its own entry and return
 * @n: how many
 * @p: somewhere to put them
 *
 * context-flags: KAPI_CTX_PROCESS | KAPI_CTX_SLEEPABLE
 *
 * param: n
 *   type: KAPI_TYPE_INT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_RANGE
 *   range: 0, 10
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: 0..10
 *
 * constraint: Somewhere to put them
 *   expr: p != NULL
 *   checked: yes
 *
 * error: ENOMEM, no room
 */
VISIBLE_IF_KUNIT long kapi_fixture_hooked(int n, void *p);

/**
 * sys_kapi_mux - a multiplexed call: cmd picks what arg and the result are
 * @fd: a descriptor
 * @cmd: MUX_GET, MUX_SET, MUX_DUP, MUX_SIZE or MUX_INFO
 * @arg: what cmd says
 *
 * param: fd
 *   type: KAPI_TYPE_FD
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_NONE
 *
 * param: cmd
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN | KAPI_PARAM_SELECTOR
 *   constraint-type: KAPI_CONSTRAINT_ENUM
 *   values: mux_cmd
 *   others: refused
 *
 * param: arg
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_NONE
 *
 * value-set: mux_cmd, enum
 *   MUX_GET: read the setting
 *   MUX_SET: change the setting
 *   MUX_DUP: copy the descriptor
 *   MUX_SIZE: the size of the setting
 *   MUX_INFO: the setting and its size at once
 *
 * struct-layout: mux_info
 *   setting: __u32; the setting, as MUX_GET returns it
 *   size: __u32; its size, as MUX_SIZE returns it
 *
 * variant: MUX_GET, read the setting
 *   arg-type: KAPI_TYPE_VOID
 *   arg: ignored
 *   success: 0, 1
 *
 * variant: MUX_SET, change the setting
 *   arg-type: KAPI_TYPE_UINT
 *   arg: the new setting
 *   check-type: KAPI_RETURN_EXACT
 *   success: 0
 *
 * variant: MUX_DUP, copy the descriptor
 *   arg-type: KAPI_TYPE_FD
 *   arg: the lowest number the copy may have
 *   check-type: KAPI_RETURN_FD
 *
 * variant: MUX_SIZE, the size of the setting, never 0
 *   arg-type: KAPI_TYPE_VOID
 *   arg: ignored
 *   success: 1, 4096
 *
 * variant: MUX_INFO, the setting and its size at once
 *   arg-type: KAPI_TYPE_USER_PTR
 *   arg: where to put them
 *   arg-layout: mux_info
 *   check-type: KAPI_RETURN_EXACT
 *   success: 0
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_CUSTOM
 *   desc: what the command returns
 *
 * error: EBADF, fd is not open
 * error: EINVAL, cmd is none of the commands
 * error: EINVAL, arg is above 1
 *   variant: MUX_SET
 * error: EMFILE, no free number at or above arg
 *   variant: MUX_DUP
 */
SYSCALL_DEFINE3(kapi_mux, unsigned int, fd, unsigned int, cmd,
		unsigned long, arg);

/**
 * sys_kapi_ioc - a call that passes the commands it does not know on
 * @fd: a descriptor
 * @cmd: IOC_CLEX, IOC_READ, or one for the file's own method
 * @arg: what cmd says
 *
 * param: fd
 *   type: KAPI_TYPE_FD
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_NONE
 *
 * param: cmd
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN | KAPI_PARAM_SELECTOR
 *   constraint-type: KAPI_CONSTRAINT_NONE
 *   values: ioc_cmd
 *   others: passed
 *
 * param: arg
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_NONE
 *
 * value-set: ioc_cmd, enum
 *   IOC_CLEX: set close-on-exec
 *   IOC_READ: count the bytes to read
 *
 * variant: IOC_CLEX, set close-on-exec
 *   arg-type: KAPI_TYPE_VOID
 *   check-type: KAPI_RETURN_EXACT
 *   success: 0
 *
 * variant: IOC_READ, count the bytes to read, or ask the file's method
 *   arg-type: KAPI_TYPE_USER_PTR
 *   check-type: KAPI_RETURN_EXACT
 *   success: 0
 *   passed: yes
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_CUSTOM
 *
 * error: EBADF, fd is not open
 * error: ENOTTY, neither the call nor the file's method knows cmd
 * error: EFAULT, arg is not writable
 *   variant: IOC_READ
 */
SYSCALL_DEFINE3(kapi_ioc, unsigned int, fd, unsigned int, cmd,
		unsigned long, arg);

/**
 * kapi_fixture_ctl - a multiplexed function checked at its entry and return
 * @dev: the device
 * @cmd: CTL_ADD or CTL_DEL
 * @arg: the number to add or delete
 *
 * context-flags: KAPI_CTX_PROCESS | KAPI_CTX_SLEEPABLE
 *
 * param: dev
 *   type: KAPI_TYPE_PTR
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_NONE
 *
 * param: cmd
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN | KAPI_PARAM_SELECTOR
 *   constraint-type: KAPI_CONSTRAINT_ENUM
 *   values: ctl_cmd
 *   others: refused
 *   error: ENOSYS
 *
 * param: arg
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_NONE
 *
 * value-set: ctl_cmd, enum
 *   CTL_ADD: add a number
 *   CTL_DEL: delete a number
 *
 * variant: CTL_ADD, add a number
 *   arg-type: KAPI_TYPE_UINT
 *   arg: the number, or -1 for any
 *   success: 0, 1000
 *
 * variant: CTL_DEL, delete a number
 *   arg-type: KAPI_TYPE_UINT
 *   arg: the number
 *   check-type: KAPI_RETURN_EXACT
 *   success: 0
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_CUSTOM
 *   desc: what the command returns
 *
 * error: ENOSYS, cmd is neither command
 * error: EEXIST, the number is taken
 *   variant: CTL_ADD
 * error: EBUSY, the number is in use
 *   variant: CTL_DEL
 */
VISIBLE_IF_KUNIT long kapi_fixture_ctl(void *dev, unsigned int cmd,
				       unsigned long arg);
