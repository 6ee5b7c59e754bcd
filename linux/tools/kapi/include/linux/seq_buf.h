/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's seq_buf for the host: what lib/kapi/render_text.c and
 * render_json.c write with, so that tools/kapi and its tests run the
 * kernel's renderers themselves instead of copies of them.
 *
 * Unlike the kernel's, the buffer belongs to the seq_buf and grows as it
 * is written, so output is never cut short. Start from SEQ_BUF_INIT and
 * end with seq_buf_free(). Only when memory runs out does a write fail:
 * then seq_buf_has_overflowed() is true, as in the kernel, and the caller
 * must report it.
 */
#ifndef _TOOLS_KAPI_LINUX_SEQ_BUF_H
#define _TOOLS_KAPI_LINUX_SEQ_BUF_H

#include <stdbool.h>
#include <stddef.h>
/* what the renderers have from the kernel's headers: snprintf, strchrnul */
#include <stdio.h>
#include <string.h>

struct seq_buf {
	char *buffer;		/* NUL-terminated once anything is written */
	size_t size;
	size_t len;
	bool overflow;		/* out of memory: the content is incomplete */
};

#define SEQ_BUF_INIT	((struct seq_buf){ 0 })

/*
 * No format attribute: the renderers print s64, which the host's
 * <stdint.h> makes a long, with the kernel's %lld; the two are the same
 * on the 64-bit hosts the tool is built for, but -Wformat would object.
 */
int seq_buf_printf(struct seq_buf *s, const char *fmt, ...);
int seq_buf_putc(struct seq_buf *s, unsigned char c);
int seq_buf_puts(struct seq_buf *s, const char *str);
void seq_buf_free(struct seq_buf *s);

static inline bool seq_buf_has_overflowed(const struct seq_buf *s)
{
	return s->overflow;
}

static inline size_t seq_buf_used(const struct seq_buf *s)
{
	return s->len;
}

static inline const char *seq_buf_str(const struct seq_buf *s)
{
	return s->buffer ? s->buffer : "";
}

#endif /* _TOOLS_KAPI_LINUX_SEQ_BUF_H */
