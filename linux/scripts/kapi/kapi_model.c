// SPDX-License-Identifier: GPL-2.0
/*
 * The data model's name tables and section descriptors, compiled from the
 * kernel's own sources: kapi-gen and tools/kapi walk the very tables the
 * kernel's renderers walk. Built with -idirafter include/ so that their
 * <linux/kernel_api_spec.h> is the kernel's while every other <linux/...>
 * stays the host's.
 */
/*
 * Quoted, so that make's dependency list (-MMD leaves out what -idirafter
 * finds, as system headers) has the model: a new field rebuilds this.
 */
#include "../../include/linux/kernel_api_spec.h"
#include "../../lib/kapi/kapi_names.c"
#include "../../lib/kapi/kapi_fields.c"
