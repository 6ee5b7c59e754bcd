/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KUnit cases that cite the numbered behaviours they verify ("Verifies:"
 * comments, see Documentation/dev-tools/kapi.rst): a file built with
 * apispec-y gets, in its generated .apispec.h, the table kapi_test_cites
 * of what each case cites. A suite's exit function passes it to
 * kapi_kunit_cites(), and a failing case then names those behaviours in
 * its KTAP diagnostics, where `kapi trace ... ktap LOG` and a reader of
 * the log find them.
 */
#ifndef _LINUX_KAPI_KUNIT_H
#define _LINUX_KAPI_KUNIT_H

#include <kunit/test.h>
#include <linux/string.h>

/**
 * struct kapi_test_cites - the behaviours one test verifies
 * @test: the test function, which is the KUnit case's name
 * @ids: what it cites, "read_mem.2#5c04e1 read_mem.8#0a7d39"
 */
struct kapi_test_cites {
	const char *test;
	const char *ids;
};

/**
 * kapi_kunit_cites() - name the behaviours a failed case verifies
 * @test: the case that just ran (call from the suite's exit function)
 * @cites: the table of the file's generated header, kapi_test_cites
 * @n: its size
 */
static inline void kapi_kunit_cites(struct kunit *test,
				    const struct kapi_test_cites *cites,
				    size_t n)
{
	size_t i;

	if (READ_ONCE(test->status) != KUNIT_FAILURE)
		return;
	for (i = 0; i < n; i++)
		if (!strcmp(cites[i].test, test->name))
			kunit_info(test, "failed; it verifies %s\n", cites[i].ids);
}

#endif /* _LINUX_KAPI_KUNIT_H */
