// SPDX-License-Identifier: GPL-2.0
/*
 * A growing seq_buf for the host; see include/linux/seq_buf.h.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/seq_buf.h>

/* Room for @n more bytes and the NUL; false (and overflowed) if none. */
static bool seq_buf_reserve(struct seq_buf *s, size_t n)
{
	size_t size = s->size ? s->size : 256;
	char *p;

	if (s->overflow)
		return false;
	if (n < s->size - s->len)
		return true;
	while (n >= size - s->len) {
		if (size > SIZE_MAX / 2)
			goto fail;
		size *= 2;
	}
	p = realloc(s->buffer, size);
	if (!p)
		goto fail;
	s->buffer = p;
	s->size = size;
	return true;
fail:
	s->overflow = true;
	return false;
}

static int seq_buf_add(struct seq_buf *s, const void *data, size_t n)
{
	if (!seq_buf_reserve(s, n))
		return -1;
	memcpy(s->buffer + s->len, data, n);
	s->len += n;
	s->buffer[s->len] = '\0';
	return 0;
}

int seq_buf_printf(struct seq_buf *s, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0) {
		s->overflow = true;
		return -1;
	}
	if (!seq_buf_reserve(s, n))
		return -1;
	va_start(ap, fmt);
	vsnprintf(s->buffer + s->len, s->size - s->len, fmt, ap);
	va_end(ap);
	s->len += n;
	return 0;
}

int seq_buf_putc(struct seq_buf *s, unsigned char c)
{
	return seq_buf_add(s, &c, 1);
}

int seq_buf_puts(struct seq_buf *s, const char *str)
{
	return seq_buf_add(s, str, strlen(str));
}

void seq_buf_free(struct seq_buf *s)
{
	free(s->buffer);
	*s = SEQ_BUF_INIT;
}
