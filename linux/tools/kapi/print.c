// SPDX-License-Identifier: GPL-2.0
/*
 * Words for a spec's flags, constraints and section entries, shared by the
 * rst and man printers and by diff: the kernel's own (render_text.c),
 * written to a stdio stream.
 */
#include <stdlib.h>

#include <linux/kapi_fields.h>

#include <linux/seq_buf.h>

#include <linux/kapi_names.h>
#include "main.h"
#include "print.h"

static void put(FILE *f, struct seq_buf *sb)
{
	if (seq_buf_has_overflowed(sb)) {
		p_err("out of memory");
		exit(KAPI_EXIT_INTERNAL);
	}
	fwrite(seq_buf_str(sb), 1, seq_buf_used(sb), f);
	seq_buf_free(sb);
}

void print_flags(FILE *f, const struct kapi_names *names, u32 bits)
{
	struct seq_buf sb = SEQ_BUF_INIT;

	kapi_render_flags(&sb, names, bits);
	put(f, &sb);
}

void print_constraint(FILE *f, const struct kapi_param *p)
{
	struct seq_buf sb = SEQ_BUF_INIT;

	kapi_render_constraint(&sb, p);
	put(f, &sb);
}

void print_value(FILE *f, const struct kapi_spec *spec, const void *entry,
		 const struct kapi_field *fld, print_put_fn *put)
{
	struct seq_buf sb = SEQ_BUF_INIT;

	kapi_render_value(&sb, spec, entry, fld);
	if (seq_buf_has_overflowed(&sb)) {
		p_err("out of memory");
		exit(KAPI_EXIT_INTERNAL);
	}
	/* a name that identifies the entry; a missing one shows as plain "?" */
	put(f, seq_buf_str(&sb), fld->shape == KAPI_SHAPE_ITEM_ID ||
	    ((fld->shape == KAPI_SHAPE_STR || fld->shape == KAPI_SHAPE_CMD) &&
	     fld->compat == KAPI_COMPAT_KEY && kapi_field_text(spec, entry, fld)));
	seq_buf_free(&sb);
}

void print_head(FILE *f, const struct kapi_spec *spec,
		const struct kapi_section *sec, const void *entry,
		print_put_fn *put)
{
	const struct kapi_field *fld;
	unsigned int i;

	for (i = 0; i < sec->n_fields; i++) {
		fld = &sec->fields[i];
		if (!kapi_field_in_head(entry, fld))
			continue;
		fputs(fld->before, f);
		if (fld->shape != KAPI_SHAPE_BOOL)
			print_value(f, spec, entry, fld, put);
		fputs(fld->after, f);
	}
}
