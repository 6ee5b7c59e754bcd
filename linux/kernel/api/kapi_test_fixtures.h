/* SPDX-License-Identifier: GPL-2.0 */
/* Hand-written specs shared by the KUnit suites of kernel/api. */
#ifndef _KERNEL_API_KAPI_TEST_FIXTURES_H
#define _KERNEL_API_KAPI_TEST_FIXTURES_H

#include <linux/kernel_api_spec.h>

/* Uses every section of the data model once or twice. */
extern const struct kapi_spec kapi_fixture_full;
/* Nothing but a name: every optional part absent. */
extern const struct kapi_spec kapi_fixture_empty;

#endif
