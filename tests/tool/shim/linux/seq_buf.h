/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Just enough of the kernel's seq_buf for kernel/api/render_{text,json}.c
 * to run in userspace, so the tests can hold tools/kapi's output against
 * the kernel's own renderers, byte for byte.
 */
#ifndef KAPI_TEST_SEQ_BUF_H
#define KAPI_TEST_SEQ_BUF_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct seq_buf {
	FILE *f;
};

/*
 * No format attribute: the kernel prints s64 (long here) with %lld, which
 * is the same on x86-64 but would warn.
 */
static inline void seq_buf_printf(struct seq_buf *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(s->f, fmt, ap);
	va_end(ap);
}

static inline void seq_buf_putc(struct seq_buf *s, unsigned char c)
{
	fputc(c, s->f);
}

static inline void seq_buf_puts(struct seq_buf *s, const char *str)
{
	fputs(str, s->f);
}

#endif /* KAPI_TEST_SEQ_BUF_H */
