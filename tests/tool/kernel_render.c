// SPDX-License-Identifier: GPL-2.0
/*
 * kernel_render - a test "kernel" that writes its own debugfs kapi/ tree.
 *
 *   kernel_render DIR
 *
 * Linked with the kernel's renderers (kernel/api/render_text.c and
 * render_json.c, over tools/kapi's host seq_buf) and with specs placed by
 * kapi_test_kernel.h, it writes what the kernel's debugfs would show:
 * DIR/list, DIR/json/<name> and DIR/specs/<name>. The same executable is
 * the --vmlinux input of the tests, so the three readers of tools/kapi are
 * compared on one set of specs, and the tool's text and JSON against the
 * kernel's own output.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kapi_test_kernel.h"
#include <linux/seq_buf.h>

static int render(const char *dir, const char *sub, const char *name,
		  void (*fn)(struct seq_buf *, const struct kapi_spec *),
		  const struct kapi_spec *spec)
{
	struct seq_buf s = SEQ_BUF_INIT;
	char path[4096];
	FILE *f;
	int ret;

	fn(&s, spec);
	if (seq_buf_has_overflowed(&s)) {
		fprintf(stderr, "%s: out of memory\n", name);
		seq_buf_free(&s);
		return 1;
	}
	snprintf(path, sizeof(path), "%s/%s/%s", dir, sub, name);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		seq_buf_free(&s);
		return 1;
	}
	ret = fwrite(seq_buf_str(&s), 1, seq_buf_used(&s), f) !=
	      seq_buf_used(&s);
	ret |= fclose(f) != 0;
	seq_buf_free(&s);
	return ret;
}

int main(int argc, char **argv)
{
	const struct kapi_spec *const *p;
	struct seq_buf line = SEQ_BUF_INIT;
	const struct kapi_spec *s;
	char path[4096];
	FILE *list;
	int ret = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: kernel_render DIR\n");
		return 2;
	}
	snprintf(path, sizeof(path), "%s/json", argv[1]);
	mkdir(argv[1], 0755);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/specs", argv[1]);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/list", argv[1]);
	list = fopen(path, "w");
	if (!list) {
		perror(path);
		return 1;
	}
	for (p = __start_kapi_test_specs; p < __stop_kapi_test_specs; p++) {
		s = *p;
		/* kernel/api/debugfs.c: kapi_list_one() */
		kapi_render_list_line(&line, s);
		ret |= render(argv[1], "json", s->name, kapi_render_json, s);
		ret |= render(argv[1], "specs", s->name, kapi_render_text, s);
	}
	ret |= seq_buf_has_overflowed(&line);
	fwrite(seq_buf_str(&line), 1, seq_buf_used(&line), list);
	seq_buf_free(&line);
	ret |= fclose(list) != 0;
	return ret;
}
