// SPDX-License-Identifier: GPL-2.0
/*
 * The errno analysis corpus: each system call below is one case, with the
 * candidates tests/errnos/expect gives for it.
 */
#include <linux/corpus.h>

struct file_operations {
	int (*read)(int x);
};

struct file {
	const struct file_operations *f_op;
	int err;
};

/* direct return */
SYSCALL_DEFINE1(direct, int, x)
{
	if (x)
		return -EINVAL;
	return 0;
}

static int local_helper(int x)
{
	if (x == 2)
		return -ENOENT;
	return other_lookup(x);
}

/* a static helper of the same file, which calls one of another file */
SYSCALL_DEFINE1(helper, int, x)
{
	return local_helper(x);
}

/* a static inline function of a header, and one defined per configuration */
SYSCALL_DEFINE1(inline, int, x)
{
	int err = inline_check(x);

	if (err)
		return err;
	return config_check();
}

/* ret = -E; goto out */
SYSCALL_DEFINE1(goto, int, x)
{
	int ret = -ENOMEM;

	if (!x)
		goto out;
	ret = -EFAULT;
	if (x > 1)
		goto out;
	ret = 0;
out:
	return ret;
}

static void *make_name(int x)
{
	if (x > 255)
		return ERR_PTR(-ENAMETOOLONG);
	return (void *)0;
}

/* ERR_PTR() in a helper, PTR_ERR() in the caller */
SYSCALL_DEFINE1(errptr, int, x)
{
	void *name = make_name(x);

	if (IS_ERR(name))
		return PTR_ERR(name);
	return 0;
}

static int never_called(void)
{
	return -EROFS;
}

/* a method: the search stops there (never_called is not reached) */
SYSCALL_DEFINE1(indirect, struct file *, f)
{
	if (!f)
		return -EBADF;
	return f->f_op->read(0);
}

/* kernel-internal values on their way out */
SYSCALL_DEFINE1(restart, int, x)
{
	if (x == 1)
		return -ERESTARTSYS;
	if (x == 2)
		return -ERESTARTNOINTR;
	return -EOPENSTALE;
}

static int pass_through(int err)
{
	return err;
}

/* a value that flows through a callee's parameter */
SYSCALL_DEFINE1(param, int, x)
{
	return pass_through(-EXDEV);
}

static int same_name(void)
{
	return -ESPIPE;
}

/* the static same_name of this file, not the one of fs/other.c */
SYSCALL_DEFINE1(scope, int, x)
{
	return same_name();
}

/* comparisons and members are not values of the return */
SYSCALL_DEFINE1(compare, struct file *, f)
{
	int ret = 0;

	if (ret == -EAGAIN)
		ret = 1;
	f->err = -EBUSY;
	return ret;
}

/* an LSM hook: the search stops there */
SYSCALL_DEFINE1(lsm, int, x)
{
	return security_corpus_open(x);
}

/* the ioctl core turns ENOIOCTLCMD into ENOTTY on the way out */
SYSCALL_DEFINE1(ioctl, int, cmd)
{
	if (cmd)
		return -ENOIOCTLCMD;
	return 0;
}

/* elsewhere nothing does: a kernel-internal value reaches user space */
SYSCALL_DEFINE1(leak, int, cmd)
{
	return -ENOIOCTLCMD;
}
