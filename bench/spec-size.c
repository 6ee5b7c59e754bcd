// SPDX-License-Identifier: GPL-2.0
/*
 * Structural bytes of a spec: what the data model costs without its
 * strings, for the reference shape (3 parameters, 15 errors) and for each
 * element, on the host ABI (x86-64, the same layout as the kernel's).
 */
#include <stdio.h>
#include "../linux/include/linux/kernel_api_spec.h"

int main(void)
{
	size_t ref = sizeof(struct kapi_spec) + 3 * sizeof(struct kapi_param) +
		     15 * sizeof(struct kapi_error);

	printf("struct kapi_spec        %4zu bytes\n", sizeof(struct kapi_spec));
	printf("struct kapi_param       %4zu bytes each\n", sizeof(struct kapi_param));
	printf("struct kapi_error       %4zu bytes each\n", sizeof(struct kapi_error));
	printf("struct kapi_lock        %4zu bytes each\n", sizeof(struct kapi_lock));
	printf("struct kapi_signal      %4zu bytes each\n", sizeof(struct kapi_signal));
	printf("struct kapi_effect      %4zu bytes each\n", sizeof(struct kapi_effect));
	printf("struct kapi_transition  %4zu bytes each\n", sizeof(struct kapi_transition));
	printf("struct kapi_capability  %4zu bytes each\n", sizeof(struct kapi_capability));
	printf("struct kapi_constraint  %4zu bytes each\n", sizeof(struct kapi_constraint));
	printf("struct kapi_item        %4zu bytes each\n", sizeof(struct kapi_item));
	printf("spec with 3 params and 15 errors: %zu structural bytes (goal <= 1024)\n",
	       ref);
	return ref <= 1024 ? 0 : 1;
}
