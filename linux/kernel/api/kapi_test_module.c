// SPDX-License-Identifier: GPL-2.0
/*
 * A module that carries specifications and nothing else, so that tests
 * can load and unload it: its specs register when it comes and go when it
 * leaves, with their files in /sys/kernel/debug/kapi/{specs,json}/.
 * tools/testing/selftests/kapi/module_unload.c loads and unloads it in a
 * loop while other processes open those files.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/errno.h>
#include <linux/init.h>
#include <linux/kernel_api_spec.h>
#include <linux/minmax.h>
#include <linux/module.h>

#include "kapi_test_module.apispec.h"

/**
 * kapi_testmod_clamp() - clamp a percentage
 * @val: any value
 *
 * context-flags: KAPI_CTX_PROCESS | KAPI_CTX_SOFTIRQ | KAPI_CTX_HARDIRQ
 *
 * param: val
 *   type: KAPI_TYPE_INT
 *   flags: KAPI_PARAM_IN
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_RANGE
 *   success: 0..100
 *
 * function behavior:
 * 1. returns @val when it is between 0 and 100.
 * 2. returns 0 for a negative @val and 100 for one above 100.
 */
static noinline int kapi_testmod_clamp(int val)
{
	return clamp(val, 0, 100);
}

/**
 * kapi_testmod_check_order() - check a buddy allocator order
 * @order: the order
 *
 * context-flags: KAPI_CTX_PROCESS | KAPI_CTX_SOFTIRQ | KAPI_CTX_HARDIRQ
 *
 * param: order
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_RANGE
 *   range: 0, 10
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_ERROR_CHECK
 *   success: == 0
 *
 * error: EINVAL, Order too large
 *   desc: @order is above 10.
 */
static noinline int kapi_testmod_check_order(unsigned int order)
{
	return order > 10 ? -EINVAL : 0;
}

/**
 * kapi_testmod_check_mask() - check a set of flags
 * @flags: the flags, bits 0 to 3
 *
 * context-flags: KAPI_CTX_PROCESS | KAPI_CTX_SOFTIRQ | KAPI_CTX_HARDIRQ
 *
 * param: flags
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_MASK
 *   valid-mask: 0x0f
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_ERROR_CHECK
 *   success: == 0
 *
 * error: EINVAL, Unknown flag
 *   desc: @flags has a bit above bit 3 set.
 */
static noinline int kapi_testmod_check_mask(unsigned int flags)
{
	return flags & ~0x0fU ? -EINVAL : 0;
}

/**
 * kapi_testmod_check_align() - check an offset's alignment
 * @offset: the offset
 *
 * context-flags: KAPI_CTX_PROCESS | KAPI_CTX_SOFTIRQ | KAPI_CTX_HARDIRQ
 *
 * param: offset
 *   type: KAPI_TYPE_UINT
 *   flags: KAPI_PARAM_IN
 *   constraint-type: KAPI_CONSTRAINT_ALIGNMENT
 *   align: 8
 *
 * return:
 *   type: KAPI_TYPE_INT
 *   check-type: KAPI_RETURN_ERROR_CHECK
 *   success: == 0
 *
 * error: EINVAL, Misaligned offset
 *   desc: @offset is not a multiple of 8.
 */
static noinline int kapi_testmod_check_align(unsigned long offset)
{
	return offset % 8 ? -EINVAL : 0;
}

static int __init kapi_test_module_init(void)
{
	/* The functions only exist to be specified; make sure they say so. */
	if (kapi_testmod_clamp(200) != 100 || kapi_testmod_check_order(11) != -EINVAL ||
	    kapi_testmod_check_mask(0x10) != -EINVAL ||
	    kapi_testmod_check_align(4) != -EINVAL)
		return -EINVAL;
	return 0;
}
module_init(kapi_test_module_init);

static void __exit kapi_test_module_exit(void)
{
}
module_exit(kapi_test_module_exit);

MODULE_DESCRIPTION("Specifications that come and go with a module, for tests");
MODULE_LICENSE("GPL");
