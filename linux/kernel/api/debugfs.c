// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/debug/kapi/: the registered specifications.
 *
 *   list          one spec a line: name, kind and how much it says
 *   specs/<name>  the spec as text
 *   json/<name>   the spec as one JSON object
 *
 * A spec file is rendered once, at open, into a private buffer: reads of
 * any size at any offset then return the same bytes, and a module that
 * unloads while the file is open cannot pull the spec from under a read.
 */
#define pr_fmt(fmt) "kapi: " fmt

#include <linux/kernel_api_spec.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/seq_buf.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include "kapi_internal.h"
#include <linux/kapi_names.h>

/* Big enough for any sane spec; a bigger one fails with -EFBIG. */
#define KAPI_RENDER_MAX		(1024 * 1024)

static struct dentry *kapi_dir, *kapi_specs_dir, *kapi_json_dir;

struct kapi_rendered {
	size_t len;
	char buf[];
};

struct kapi_render_ctx {
	void (*render)(struct seq_buf *s, const struct kapi_spec *spec);
	struct seq_buf *s;
};

static void kapi_render_cb(const struct kapi_spec *spec, void *data)
{
	struct kapi_render_ctx *ctx = data;

	ctx->render(ctx->s, spec);
}

static int kapi_render_open(struct inode *inode, struct file *file,
			    void (*render)(struct seq_buf *,
					   const struct kapi_spec *))
{
	const char *name = file->f_path.dentry->d_name.name;
	struct kapi_render_ctx ctx = { .render = render };
	struct kapi_rendered *r;
	size_t size = PAGE_SIZE;
	struct seq_buf s;
	int ret;

	for (;;) {
		r = kvmalloc(struct_size(r, buf, size), GFP_KERNEL);
		if (!r)
			return -ENOMEM;
		seq_buf_init(&s, r->buf, size);
		ctx.s = &s;
		/* Under the registry lock: a module cannot unload mid-render. */
		ret = kapi_call_with_spec(name, kapi_render_cb, &ctx);
		if (ret) {
			kvfree(r);
			return ret;
		}
		if (!seq_buf_has_overflowed(&s))
			break;
		kvfree(r);
		size *= 2;
		if (size > KAPI_RENDER_MAX)
			return -EFBIG;
	}
	r->len = seq_buf_used(&s);
	file->private_data = r;
	return 0;
}

static int kapi_text_open(struct inode *inode, struct file *file)
{
	return kapi_render_open(inode, file, kapi_render_text);
}

static int kapi_json_open(struct inode *inode, struct file *file)
{
	return kapi_render_open(inode, file, kapi_render_json);
}

static ssize_t kapi_render_read(struct file *file, char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct kapi_rendered *r = file->private_data;

	return simple_read_from_buffer(ubuf, count, ppos, r->buf, r->len);
}

static int kapi_render_release(struct inode *inode, struct file *file)
{
	kvfree(file->private_data);
	return 0;
}

static const struct file_operations kapi_text_fops = {
	.owner = THIS_MODULE,
	.open = kapi_text_open,
	.read = kapi_render_read,
	.llseek = default_llseek,
	.release = kapi_render_release,
};

static const struct file_operations kapi_json_fops = {
	.owner = THIS_MODULE,
	.open = kapi_json_open,
	.read = kapi_render_read,
	.llseek = default_llseek,
	.release = kapi_render_release,
};

static int kapi_list_one(const struct kapi_spec *spec, void *data)
{
	struct seq_file *m = data;
	struct seq_buf s;
	char *buf;
	size_t size = seq_get_buf(m, &buf);

	/*
	 * Straight into the seq_file. Once it is full the walk stops:
	 * seq_read() retries the whole list with a bigger buffer.
	 */
	if (!size)
		return 1;
	seq_buf_init(&s, buf, size);
	kapi_render_list_line(&s, spec);
	seq_commit(m, seq_buf_has_overflowed(&s) ? -1 : seq_buf_used(&s));
	return seq_has_overflowed(m);
}

static int kapi_list_show(struct seq_file *m, void *v)
{
	/* a positive return would make seq_read() drop the record */
	kapi_walk_specs(kapi_list_one, m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(kapi_list);

/*
 * From registration and unregistration, which keep the registry unlocked
 * here: removing a file waits for its opens, and they need the registry.
 * At init, for the specs registered before it, before any module loads.
 */
void kapi_debugfs_add(const struct kapi_spec *spec)
{
	if (!kapi_dir)
		return;
	debugfs_create_file(spec->name, 0444, kapi_specs_dir, NULL,
			    &kapi_text_fops);
	debugfs_create_file(spec->name, 0444, kapi_json_dir, NULL,
			    &kapi_json_fops);
}

void kapi_debugfs_remove(const struct kapi_spec *spec)
{
	if (!kapi_dir)
		return;
	debugfs_lookup_and_remove(spec->name, kapi_specs_dir);
	debugfs_lookup_and_remove(spec->name, kapi_json_dir);
}

static int kapi_debugfs_add_one(const struct kapi_spec *spec, void *data)
{
	kapi_debugfs_add(spec);
	return 0;
}

static int __init kapi_debugfs_init(void)
{
	struct dentry *dir;

	dir = debugfs_create_dir("kapi", NULL);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	debugfs_create_file("list", 0444, dir, NULL, &kapi_list_fops);
	kapi_specs_dir = debugfs_create_dir("specs", dir);
	kapi_json_dir = debugfs_create_dir("json", dir);
	kapi_runtime_debugfs(dir);
	kapi_dir = dir;
	/* Specs registered before debugfs was up get their files now. */
	kapi_walk_specs(kapi_debugfs_add_one, NULL);
	return 0;
}
late_initcall(kapi_debugfs_init);
