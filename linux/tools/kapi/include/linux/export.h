/* SPDX-License-Identifier: GPL-2.0 */
/* <linux/export.h> for the host: lib/kapi/render_*.c export symbols. */
#ifndef _TOOLS_KAPI_LINUX_EXPORT_H
#define _TOOLS_KAPI_LINUX_EXPORT_H

#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)

#endif /* _TOOLS_KAPI_LINUX_EXPORT_H */
