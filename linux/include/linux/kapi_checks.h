/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers for the run-time checks that scripts/kapi generates into
 * <file>.apispec.h; nothing else should need them.
 */
#ifndef _LINUX_KAPI_CHECKS_H
#define _LINUX_KAPI_CHECKS_H

#include <linux/err.h>
#include <linux/fcntl.h>
#include <linux/types.h>
#include <linux/kapi_runtime.h>
#include <linux/preempt.h>
#include <linux/uaccess.h>

/*
 * access_ok() without the function call it becomes at -Os: the generated
 * checks run on every call of a specified syscall.
 */
#ifdef valid_user_address
#define kapi_user_range_ok(ptr, size)					\
	({								\
		unsigned long __p = (unsigned long)(ptr);		\
		unsigned long __s = __p + (unsigned long)(size);	\
		__s >= __p && valid_user_address(__s);			\
	})
#else
#define kapi_user_range_ok(ptr, size)					\
	access_ok((const void __user *)(ptr), (size))
#endif

/* fd-modes: a file mode bit a descriptor needs, and the errno if it lacks it */
struct kapi_fd_mode {
	fmode_t mode;
	int err;		/* negative */
};

long kapi_fd_errno(unsigned int fd, const struct kapi_fd_mode *modes,
		   unsigned int n);

#endif /* _LINUX_KAPI_CHECKS_H */
