/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kapi_test_kernel.h - what a test "kernel" for tools/kapi includes before
 * generated .apispec.h files or hand-written specs: the kernel's constants
 * (from the generator tests' shim, so they are spelled in one place) and a
 * DEFINE_KAPI_SPEC() that puts specs where the kernel puts them, in the
 * ".kapi_specs" section, naturally aligned, so `kapi --vmlinux` reads the
 * test program exactly as it reads vmlinux.
 *
 * The section name has a dot, so the linker makes no __start_ symbol for
 * it; each spec also leaves a pointer in "kapi_test_specs", which has one,
 * for kernel_render.c to walk.
 */
#ifndef KAPI_TEST_KERNEL_H
#define KAPI_TEST_KERNEL_H

#include "../../generator/shim/kapi_shim.h"

#undef DEFINE_KAPI_SPEC
#define DEFINE_KAPI_SPEC(ident)						\
	extern const struct kapi_spec kapi_spec_##ident;		\
	__attribute__((section("kapi_test_specs"), used))		\
	const struct kapi_spec *const kapi_spec_ptr_##ident =		\
		&kapi_spec_##ident;					\
	__attribute__((section(".kapi_specs"), used,			\
		       aligned(__alignof__(struct kapi_spec))))		\
	const struct kapi_spec kapi_spec_##ident

/*
 * The layout record the kernel's registry.c defines; weak, as several
 * objects of one test kernel include this. KAPI_TEST_VERSION stands in
 * for a kernel of another layout, KAPI_TEST_NO_VERSION for one from
 * before the record existed.
 */
#ifndef KAPI_TEST_NO_VERSION
#ifndef KAPI_TEST_VERSION
#define KAPI_TEST_VERSION	KAPI_SPEC_VERSION
#endif
__attribute__((weak, used)) const u32 kapi_spec_version = KAPI_TEST_VERSION;
#endif

extern const struct kapi_spec *const __start_kapi_test_specs[];
extern const struct kapi_spec *const __stop_kapi_test_specs[];

#endif /* KAPI_TEST_KERNEL_H */
