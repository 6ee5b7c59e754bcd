/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The part of <kunit/test.h> (and of the compiler headers it pulls in)
 * that include/linux/kapi_kunit.h uses, for a userspace compile of it and
 * of a generated table of citations: a case's name and status, and
 * kunit_info() printing the line KUnit would log.
 */
#ifndef KAPI_SHIM_KUNIT_TEST_H
#define KAPI_SHIM_KUNIT_TEST_H

#include <stdio.h>
#include <string.h>

#define __maybe_unused	__attribute__((__unused__))
#define READ_ONCE(x)	(*(const volatile __typeof__(x) *)&(x))

enum kunit_status { KUNIT_SUCCESS, KUNIT_FAILURE, KUNIT_SKIPPED };

struct kunit {
	const char *name;
	enum kunit_status status;
};

#define kunit_info(test, fmt, ...) \
	printf("    # %s: " fmt, (test)->name, ##__VA_ARGS__)

#endif /* KAPI_SHIM_KUNIT_TEST_H */
