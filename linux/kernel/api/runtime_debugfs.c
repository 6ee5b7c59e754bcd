// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs files of the run-time checks:
 *
 *   mode   off, warn or enforce (root only; same as the kapi.mode parameter)
 *   stats  per specified syscall and checked function (modules' included,
 *          while they are loaded): calls checked, reports by kind, and
 *          the errnos seen that the spec does not list
 */
#include <linux/capability.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include "kapi_internal.h"

static int kapi_mode_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%s\n", kapi_mode_name(kapi_get_mode()));
	return 0;
}

static int kapi_mode_open(struct inode *inode, struct file *file)
{
	return single_open(file, kapi_mode_show, NULL);
}

static ssize_t kapi_mode_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	char buf[16];
	int ret;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	ret = kapi_set_mode(strim(buf));
	return ret ? ret : count;
}

static const struct file_operations kapi_mode_fops = {
	.owner = THIS_MODULE,
	.open = kapi_mode_open,
	.read = seq_read,
	.write = kapi_mode_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/* the columns from rejected to undocumented-errnos */
static void kapi_stats_line_end(struct seq_file *m,
				const struct kapi_syscall_stats *st)
{
	unsigned int i;

	seq_printf(m, " %ld", atomic_long_read(&st->rejected));
	for (i = 0; i < KAPI_VIOLATION_COUNT; i++)
		seq_printf(m, " %ld", atomic_long_read(&st->violations[i]));
	seq_putc(m, ' ');
	for (i = 0; i < ARRAY_SIZE(st->errnos); i++) {
		int e = READ_ONCE(st->errnos[i]);

		if (!e)
			break;
		seq_printf(m, "%s%d", i ? "," : "", e);
	}
	if (!i)
		seq_putc(m, '-');
}

/* checked calls of syscall @nr that came in through a compat entry */
static void kapi_stats_compat(struct seq_file *m, int nr)
{
#ifdef CONFIG_COMPAT
	unsigned long calls = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		calls += per_cpu(kapi_calls_compat[nr], cpu);
	seq_printf(m, " %lu\n", calls);
#else
	seq_puts(m, " -\n");
#endif
}

/* a function spec's line */
static void kapi_stats_function(struct kapi_syscall_stats *st, void *data)
{
	struct seq_file *m = data;

	seq_printf(m, "%s -1 -", st->spec->name);
	kapi_stats_line_end(m, st);
	seq_puts(m, " -\n");
}

/*
 * One line per specified syscall, then one per function spec of vmlinux
 * and of the loaded modules, with nr -1 and calls "-": a function's
 * checked calls are not counted, which keeps its hooks free of a shared
 * counter.
 */
static int kapi_stats_show(struct seq_file *m, void *v)
{
	struct kapi_syscall_stats *st;
	unsigned long calls;
	unsigned int i;
	int nr, cpu;

	seq_puts(m, "# syscall nr calls rejected");
	for (i = 0; i < KAPI_VIOLATION_COUNT; i++)
		seq_printf(m, " %s", kapi_violation_names[i]);
	seq_puts(m, " undocumented-errnos compat-calls\n");
	for (nr = 0; nr < KAPI_NR_SYSCALLS; nr++) {
		st = kapi_syscall_stats(nr);
		if (!st)
			continue;
		calls = 0;
		for_each_possible_cpu(cpu)
			calls += per_cpu(kapi_calls_checked[nr], cpu);
		seq_printf(m, "%s %d %lu", st->spec->name, nr, calls);
		kapi_stats_line_end(m, st);
		kapi_stats_compat(m, nr);
	}
	for (i = 0; (st = kapi_function_stats(i)); i++) {
		if (st->spec->kind == KAPI_KIND_FUNCTION)
			kapi_stats_function(st, m);
	}
	kapi_walk_table_stats(kapi_stats_function, m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(kapi_stats);

void kapi_runtime_debugfs(struct dentry *dir)
{
	debugfs_create_file("mode", 0600, dir, NULL, &kapi_mode_fops);
	debugfs_create_file("stats", 0444, dir, NULL, &kapi_stats_fops);
}
