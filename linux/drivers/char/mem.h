/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Functions of drivers/char/mem.c that its KUnit tests call.
 *
 * Without CONFIG_KUNIT they stay static (VISIBLE_IF_KUNIT) or static inline
 * (INLINE_VISIBLE_IF_KUNIT) in mem.c and nothing here is declared, so a
 * kernel without KUnit is built exactly as before.
 */
#ifndef _DRIVERS_CHAR_MEM_H
#define _DRIVERS_CHAR_MEM_H

#include <linux/types.h>

struct file;
struct inode;

#if IS_ENABLED(CONFIG_KUNIT)
int page_is_allowed(unsigned long pfn);
ssize_t read_mem(struct file *file, char __user *buf, size_t count,
		 loff_t *ppos);
ssize_t write_mem(struct file *file, const char __user *buf, size_t count,
		  loff_t *ppos);
loff_t memory_lseek(struct file *file, loff_t offset, int orig);
int open_port(struct inode *inode, struct file *filp);
int memory_open(struct inode *inode, struct file *filp);
#endif

#endif /* _DRIVERS_CHAR_MEM_H */
