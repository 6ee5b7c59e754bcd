/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kapi_shim.h - what the kernel provides to a generated .apispec.h, for a
 * userspace compile on x86-64: the constants (from the uapi headers where
 * they live there, else spelled as the kernel spells them), __NR_* and a
 * DEFINE_KAPI_SPEC() that collects specs in a section, as the kernel's does,
 * so a test can walk them with __start_/__stop_ symbols.
 */
#ifndef KAPI_SHIM_H
#define KAPI_SHIM_H

#include <limits.h>
#include <stddef.h>		/* offsetof */
#include <stdint.h>
#include <stdio.h>		/* SEEK_* */
#include <sys/stat.h>		/* S_I* (glibc hides them in linux/stat.h) */
#include <linux/fcntl.h>	/* the kernel's O_* (glibc's O_LARGEFILE is 0) */
#include <linux/capability.h>
#include <linux/openat2.h>
#include <linux/uio.h>		/* struct iovec as the kernel has it */
#include <linux/limits.h>
#include <asm/errno.h>
#include <asm/unistd.h>

#include <linux/kernel_api_spec.h>

/* include/linux/errno.h: kernel-internal codes */
#define ERESTARTSYS	512
#define ERESTARTNOINTR	513
#define ERESTARTNOHAND	514
#define ENOIOCTLCMD	515
#define ERESTART_RESTARTBLOCK 516
#define EPROBE_DEFER	517
#define EOPENSTALE	518
#define ENOPARAM	519
#define ENOTSUPP	524

/* include/linux/compiler_types.h, without sparse */
#define __user
#define __maybe_unused	__attribute__((__unused__))

/* include/linux/stddef.h */
#define sizeof_field(TYPE, MEMBER)	sizeof((((TYPE *)0)->MEMBER))
#define offsetofend(TYPE, MEMBER)	\
	(offsetof(TYPE, MEMBER) + sizeof_field(TYPE, MEMBER))

/* include/linux/stat.h */
#define S_IRWXUGO	(S_IRWXU|S_IRWXG|S_IRWXO)
#define S_IALLUGO	(S_ISUID|S_ISGID|S_ISVTX|S_IRWXUGO)
#define S_IRUGO		(S_IRUSR|S_IRGRP|S_IROTH)
#define S_IWUGO		(S_IWUSR|S_IWGRP|S_IWOTH)
#define S_IXUGO		(S_IXUSR|S_IXGRP|S_IXOTH)

/* include/uapi/linux/fs.h */
#ifndef SEEK_DATA
#define SEEK_DATA	3
#define SEEK_HOLE	4
#endif
#define SEEK_MAX	SEEK_HOLE

/* include/linux/limits.h, include/linux/fs.h, arch/x86 page.h */
#undef SSIZE_MAX
#define SSIZE_MAX	((long)(SIZE_MAX >> 1))
#define U32_MAX		((u32)~0U)
#define S32_MAX		((s32)(U32_MAX >> 1))
#define U64_MAX		((u64)~0ULL)
#define S64_MAX		((s64)(U64_MAX >> 1))
#define PAGE_SIZE	(1UL << 12)
#define PAGE_MASK	(~(PAGE_SIZE - 1))
#define MAX_RW_COUNT	(INT_MAX & PAGE_MASK)

#define DEFINE_KAPI_SPEC(ident)						\
	__attribute__((section("kapi_specs"), used,			\
		       aligned(__alignof__(struct kapi_spec))))		\
	const struct kapi_spec kapi_spec_##ident

/* weak: a header without specs leaves the section empty, so undefined */
extern const struct kapi_spec __start_kapi_specs[] __attribute__((weak));
extern const struct kapi_spec __stop_kapi_specs[] __attribute__((weak));

#endif /* KAPI_SHIM_H */
