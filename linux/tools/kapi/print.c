// SPDX-License-Identifier: GPL-2.0
/*
 * Words for a spec's flags and constraints, shared by the rst and man
 * printers and by diff: the kernel's own (kernel/api/render_text.c),
 * written to a stdio stream.
 */
#include <stdlib.h>

#include <linux/seq_buf.h>

#include "kapi_names.h"
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
