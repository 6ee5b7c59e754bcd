/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/export.h>, for the render files. */
#ifndef KAPI_TEST_EXPORT_H
#define KAPI_TEST_EXPORT_H
#define EXPORT_SYMBOL_GPL(sym)
#define EXPORT_SYMBOL(sym)
#endif
