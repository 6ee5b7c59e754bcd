// SPDX-License-Identifier: GPL-2.0
/*
 * Prints the list sections of the data model as kapi_model.h describes
 * them, as JSON: [{"section": "locks", "fields": [{"key": "kind",
 * "names": ["none", ...]}, ...]}, ...]. run.sh compares it with the JSON
 * Schema, so that schema and field lists cannot drift apart.
 */
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

int main(void)
{
	const struct kapi_section *sec;
	const struct kapi_field *f;
	unsigned int i, k;

	printf("[");
	for (i = 0; i < KAPI_N_SECTIONS; i++) {
		sec = &kapi_sections[i];
		printf("%s{\"section\": \"%s\", \"fields\": [", i ? ", " : "",
		       sec->json);
		for (k = 0; k < sec->n_fields; k++) {
			f = &sec->fields[k];
			printf("%s{\"key\": \"%s\", \"flags\": %s", k ? ", " : "",
			       f->json,
			       f->shape == KAPI_SHAPE_FLAGS ? "true" : "false");
			if (f->names)
				names(f->names);
			printf("}");
		}
		printf("]}");
	}
	printf("]\n");
	return 0;
}
