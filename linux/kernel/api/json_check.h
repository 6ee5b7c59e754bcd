/* SPDX-License-Identifier: GPL-2.0 */
/* A strict JSON validator for the KUnit tests of the JSON renderer. */
#ifndef _KERNEL_API_JSON_CHECK_H
#define _KERNEL_API_JSON_CHECK_H

#include <linux/types.h>

#define JSON_CHECK_MAX_KEYS	24

/**
 * struct json_check - result of checking one document
 * @error: NULL when valid, else what is wrong
 * @offset: where the error was found
 * @n_top_keys: number of keys of the top-level object
 * @top_keys: the keys of the top-level object, in order (not terminated)
 * @top_key_len: their lengths
 */
struct json_check {
	const char *error;
	size_t offset;
	unsigned int n_top_keys;
	const char *top_keys[JSON_CHECK_MAX_KEYS];
	size_t top_key_len[JSON_CHECK_MAX_KEYS];
};

bool json_check(const char *buf, size_t len, struct json_check *res);

#endif /* _KERNEL_API_JSON_CHECK_H */
