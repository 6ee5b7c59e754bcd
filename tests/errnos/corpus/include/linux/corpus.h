/* SPDX-License-Identifier: GPL-2.0 */
/* Headers of the errno analysis corpus: static inline helpers. */
#ifndef _LINUX_CORPUS_H
#define _LINUX_CORPUS_H

#define SYSCALL_DEFINE1(name, ...) long sys_##name(__VA_ARGS__)

static inline int inline_check(int x)
{
	if (x > 3)
		return -EPERM;
	return 0;
}

static inline void *ERR_PTR(long error)
{
	return (void *)error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

/* one definition per configuration: both count */
#ifdef CONFIG_CORPUS
static inline int config_check(void)
{
	return -ENODEV;
}
#else
static inline int config_check(void)
{
	return -ENOSYS;
}
#endif

#endif
