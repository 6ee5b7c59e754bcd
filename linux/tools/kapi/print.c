// SPDX-License-Identifier: GPL-2.0
/*
 * Words for a spec's flags and constraints, shared by the rst and man
 * printers and by diff; they read as the kernel's text rendering does
 * (text_flags() and text_constraint() in kernel/api/render_text.c).
 */
#include "kapi_names.h"
#include "print.h"

void print_flags(FILE *f, const struct kapi_names *names, u32 bits)
{
	const char *sep = "";
	unsigned int i;

	if (!bits) {
		fputs("none", f);
		return;
	}
	for (i = 0; i < 32; i++) {
		if (!(bits & (1U << i)))
			continue;
		if (i < names->count)
			fprintf(f, "%s%s", sep, names->names[i]);
		else
			fprintf(f, "%sbit%u", sep, i);
		sep = ", ";
	}
}

void print_constraint(FILE *f, const struct kapi_param *p)
{
	unsigned int i;

	fputs(kapi_name(&kapi_constraint_names, p->constraint), f);
	switch (p->constraint) {
	case KAPI_CONSTRAINT_RANGE:
		fprintf(f, " %lld..%lld", (long long)p->ext.min,
			(long long)p->ext.max);
		break;
	case KAPI_CONSTRAINT_MASK:
		fprintf(f, " 0x%llx", (unsigned long long)p->ext.mask);
		break;
	case KAPI_CONSTRAINT_ALIGNMENT:
		fprintf(f, " %llu", (unsigned long long)p->ext.align);
		break;
	case KAPI_CONSTRAINT_ENUM:
		for (i = 0; i < p->n_values && p->ext.values; i++)
			fprintf(f, "%s%lld", i ? ", " : " ",
				(long long)p->ext.values[i]);
		break;
	case KAPI_CONSTRAINT_BUFFER:
		if (p->size_param >= 0)
			fprintf(f, " (size in parameter %d)", p->size_param);
		break;
	}
}
