// SPDX-License-Identifier: GPL-2.0
/*
 * Prints the list sections and the parameter fields of the data model as
 * kapi_model.h describes them, as JSON: {"sections": [{"section": "locks",
 * "fields": [{"key": "kind", "names": ["none", ...]}, ...]}, ...],
 * "param": [{"key": "type", "own": false, ...}, ...]}. run.sh compares it
 * with the JSON Schema, so that schema and field lists cannot drift apart.
 */
#include <stdbool.h>
#include <stdio.h>

#include <linux/kapi_fields.h>

static void names(const struct kapi_names *t)
{
	unsigned int i;

	printf(", \"names\": [");
	for (i = 0; i < t->count; i++)
		printf("%s\"%s\"", i ? ", " : "", t->names[i]);
	printf("]");
}

static void field(const struct kapi_field *f, bool first)
{
	printf("%s{\"key\": \"%s\", \"flags\": %s, \"own\": %s",
	       first ? "" : ", ", f->json,
	       f->shape == KAPI_SHAPE_FLAGS ? "true" : "false",
	       f->compat == KAPI_COMPAT_OWN ? "true" : "false");
	if (f->names)
		names(f->names);
	printf("}");
}

int main(void)
{
	const struct kapi_section *sec;
	unsigned int i, k;

	printf("{\"sections\": [");
	for (i = 0; i < KAPI_N_SECTIONS; i++) {
		sec = &kapi_sections[i];
		printf("%s{\"section\": \"%s\", \"fields\": [", i ? ", " : "",
		       sec->json);
		for (k = 0; k < sec->n_fields; k++)
			field(&sec->fields[k], !k);
		printf("]}");
	}
	printf("], \"param\": [");
	for (k = 0; k < kapi_n_param_fields; k++)
		field(&kapi_param_fields[k], !k);
	printf("]}\n");
	return 0;
}
