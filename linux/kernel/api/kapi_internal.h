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

#ifdef CONFIG_KAPI_RUNTIME_CHECKS
#include <linux/kapi_checks.h>

/**
 * struct kapi_syscall_stats - what the run-time checks saw for one syscall
 *	or checked function
 * @spec: the syscall's or function's spec
 * @rejected: calls with an argument the spec rules out that failed, as
 *	the spec says they do (or that enforce mode refused)
 * @violations: reports by &enum kapi_violation
 * @errnos: the first distinct errnos returned that the spec does not list
 */
struct kapi_syscall_stats {
	const struct kapi_spec *spec;
	atomic_long_t rejected;
	atomic_long_t violations[KAPI_VIOLATION_COUNT];
	int errnos[8];
};

extern const char *const kapi_violation_names[KAPI_VIOLATION_COUNT];
struct kapi_syscall_stats *kapi_syscall_stats(int nr);
struct kapi_syscall_stats *kapi_function_stats(unsigned int i);
struct kapi_syscall_stats *kapi_table_stats(const struct kapi_spec *spec);
void kapi_walk_table_stats(void (*fn)(struct kapi_syscall_stats *st,
				      void *data),
			   void *data);
int kapi_get_mode(void);
int kapi_set_mode(const char *name);
const char *kapi_mode_name(int mode);

struct kunit;
/* For the KUnit suites: @mode until the end of @test (runtime_test.c). */
void kapi_test_set_mode(struct kunit *test, const char *mode);
#endif

struct dentry;
#if defined(CONFIG_KAPI_RUNTIME_CHECKS) && defined(CONFIG_KAPI_SPEC_DEBUGFS)
void kapi_runtime_debugfs(struct dentry *dir);
#else
static inline void kapi_runtime_debugfs(struct dentry *dir) { }
#endif

#ifdef CONFIG_KAPI_SPEC_DEBUGFS
void kapi_debugfs_add(const struct kapi_spec *spec);
void kapi_debugfs_remove(const struct kapi_spec *spec);
#else
static inline void kapi_debugfs_add(const struct kapi_spec *spec) { }
static inline void kapi_debugfs_remove(const struct kapi_spec *spec) { }
#endif

#endif /* _KERNEL_API_KAPI_INTERNAL_H */
