/* SPDX-License-Identifier: GPL-2.0 */
/* kapi: a spec from its JSON (json_decode.c). */
#ifndef KAPI_TOOL_JSON_DECODE_H
#define KAPI_TOOL_JSON_DECODE_H

#include <stddef.h>

#include <jansson.h>

#include "model.h"

/*
 * kapi_spec_decode() - the spec JSON object @o describes, allocated in @a;
 * @file names the input in warnings. Returns NULL and fills @err when a
 * field is missing, has the wrong type or a value the model cannot hold.
 */
const struct kapi_spec *kapi_spec_decode(struct kapi_arena *a, json_t *o,
					 const char *file, char *err,
					 size_t errlen);

#endif /* KAPI_TOOL_JSON_DECODE_H */
