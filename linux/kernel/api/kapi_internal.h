/* SPDX-License-Identifier: GPL-2.0 */
/* Interfaces between the files of kernel/api; not for the rest of the kernel. */
#ifndef _KERNEL_API_KAPI_INTERNAL_H
#define _KERNEL_API_KAPI_INTERNAL_H

#include <linux/kernel_api_spec.h>

/* Bounds of vmlinux's .kapi_specs section, from the linker script. */
extern const struct kapi_spec __start_kapi_specs[];
extern const struct kapi_spec __stop_kapi_specs[];

const struct kapi_spec *kapi_vmlinux_specs(unsigned int *n);
int kapi_call_with_spec(const char *name,
			void (*fn)(const struct kapi_spec *spec, void *data),
			void *data);

#ifdef CONFIG_KAPI_SPEC_DEBUGFS
void kapi_debugfs_add(const struct kapi_spec *spec);
void kapi_debugfs_remove(const struct kapi_spec *spec);
#else
static inline void kapi_debugfs_add(const struct kapi_spec *spec) { }
static inline void kapi_debugfs_remove(const struct kapi_spec *spec) { }
#endif

#endif /* _KERNEL_API_KAPI_INTERNAL_H */
