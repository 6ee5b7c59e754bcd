// SPDX-License-Identifier: GPL-2.0
/*
 * Registry of kernel API specifications.
 *
 * vmlinux's specs sit in the .kapi_specs section; each module's sit in its
 * own copy of that section and come and go with the module. The registry
 * keeps a list of such tables for lookups by name (debugfs, tests). Nothing
 * here is on a syscall path: runtime checks bind to their spec without it.
 */
#define pr_fmt(fmt) "kapi: " fmt

#include <linux/kernel_api_spec.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/rculist.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "kapi_internal.h"

/**
 * struct kapi_table - a run of specs registered together
 * @specs: the first spec
 * @n: number of specs
 * @owner: the module they belong to, NULL for vmlinux
 * @stats: the run-time checks' counters of @specs, one each, for a table
 *	registered at run time (vmlinux's are runtime.c's)
 * @node: entry in kapi_tables
 */
struct kapi_table {
	const struct kapi_spec *specs;
	unsigned int n;
	struct module *owner;
#ifdef CONFIG_KAPI_RUNTIME_CHECKS
	struct kapi_syscall_stats *stats;
#endif
	struct list_head node;
};

/*
 * kapi_mutex guards the list; readers (debugfs opens among them) take it
 * to use a spec; the run-time checks' reports, which may come from any
 * context, find a module's counters under RCU instead. kapi_files_mutex
 * orders registrations and unregistrations with the debugfs files that
 * come and go with them, and is taken outside kapi_mutex. Files are
 * never removed with kapi_mutex held: debugfs waits for the opens already
 * inside a file, and those wait for kapi_mutex.
 */
static LIST_HEAD(kapi_tables);
static DEFINE_MUTEX(kapi_mutex);
static DEFINE_MUTEX(kapi_files_mutex);
static struct kapi_table kapi_vmlinux_table;
static unsigned int kapi_nr_specs;

/*
 * The layout of the specs in this image, for tools that read them out of
 * vmlinux: tools/kapi refuses an image whose layout it does not know
 * instead of misreading it.
 */
const u32 kapi_spec_version = KAPI_SPEC_VERSION;

static void kapi_warn_duplicate(const struct kapi_spec *a,
				const struct kapi_spec *b)
{
	pr_warn("duplicate spec '%s': %s:%u and %s:%u; refusing the second\n",
		a->name, a->file ?: "?", a->line, b->file ?: "?", b->line);
}

static const struct kapi_spec *kapi_find_locked(const char *name)
{
	struct kapi_table *t;
	unsigned int i;

	lockdep_assert_held(&kapi_mutex);
	list_for_each_entry(t, &kapi_tables, node)
		for (i = 0; i < t->n; i++)
			if (!strcmp(t->specs[i].name, name))
				return &t->specs[i];
	return NULL;
}

/*
 * A table goes in whole or not at all, so a module never ends up with half
 * of its specs visible.
 */
static int kapi_check_table(const struct kapi_spec *specs, unsigned int n)
{
	const struct kapi_spec *old;
	unsigned int i, j;

	for (i = 0; i < n; i++) {
		if (!specs[i].name || !specs[i].name[0]) {
			pr_warn("spec #%u (%s:%u) has no name; refusing the table\n",
				i, specs[i].file ?: "?", specs[i].line);
			return -EINVAL;
		}
		old = kapi_find_locked(specs[i].name);
		if (old) {
			kapi_warn_duplicate(old, &specs[i]);
			return -EEXIST;
		}
		for (j = 0; j < i; j++) {
			if (!strcmp(specs[j].name, specs[i].name)) {
				kapi_warn_duplicate(&specs[j], &specs[i]);
				return -EEXIST;
			}
		}
	}
	return 0;
}

static void kapi_add_table_locked(struct kapi_table *t)
{
	lockdep_assert_held(&kapi_mutex);
	list_add_tail_rcu(&t->node, &kapi_tables);
	kapi_nr_specs += t->n;
}

#ifdef CONFIG_KAPI_RUNTIME_CHECKS
static int kapi_alloc_table_stats(struct kapi_table *t)
{
	unsigned int i;

	t->stats = kcalloc(t->n, sizeof(*t->stats), GFP_KERNEL);
	if (!t->stats)
		return -ENOMEM;
	for (i = 0; i < t->n; i++)
		t->stats[i].spec = &t->specs[i];
	return 0;
}
#else
static int kapi_alloc_table_stats(struct kapi_table *t)
{
	return 0;
}
#endif

static void kapi_free_table(struct kapi_table *t)
{
#ifdef CONFIG_KAPI_RUNTIME_CHECKS
	kfree(t->stats);
#endif
	kfree(t);
}

static void kapi_table_files(const struct kapi_table *t,
			     void (*fn)(const struct kapi_spec *spec))
{
	unsigned int i;

	lockdep_assert_held(&kapi_files_mutex);
	for (i = 0; i < t->n; i++)
		fn(&t->specs[i]);
}

/**
 * kapi_register_specs() - make a table of specs known to the registry
 * @specs: array of @n specs; must stay valid until unregistered
 * @n: number of specs
 * @owner: module the specs belong to, or NULL
 *
 * Return: 0, -EINVAL for a nameless spec, -EEXIST when a name is already
 * registered (nothing of @specs is registered then), -ENOMEM.
 */
int kapi_register_specs(const struct kapi_spec *specs, unsigned int n,
			struct module *owner)
{
	struct kapi_table *t;
	int ret;

	if (!n)
		return 0;
	if (!specs)
		return -EINVAL;

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->specs = specs;
	t->n = n;
	t->owner = owner;
	if (kapi_alloc_table_stats(t)) {
		kfree(t);
		return -ENOMEM;
	}

	mutex_lock(&kapi_files_mutex);
	mutex_lock(&kapi_mutex);
	ret = kapi_check_table(specs, n);
	if (!ret)
		kapi_add_table_locked(t);
	mutex_unlock(&kapi_mutex);
	if (!ret)
		kapi_table_files(t, kapi_debugfs_add);
	mutex_unlock(&kapi_files_mutex);

	if (ret)
		kapi_free_table(t);
	return ret;
}
EXPORT_SYMBOL_GPL(kapi_register_specs);

/**
 * kapi_unregister_specs() - remove a table added by kapi_register_specs()
 * @specs: the array passed at registration
 *
 * Once the table is off the list no lookup finds its specs; an open of one
 * of their debugfs files already under way then fails with -ENOENT, and
 * removing the files waits for it without holding what it waits for.
 * When this returns, nothing uses @specs any more.
 */
void kapi_unregister_specs(const struct kapi_spec *specs)
{
	struct kapi_table *t, *found = NULL;

	mutex_lock(&kapi_files_mutex);
	mutex_lock(&kapi_mutex);
	list_for_each_entry(t, &kapi_tables, node) {
		if (t->specs == specs && t != &kapi_vmlinux_table) {
			found = t;
			break;
		}
	}
	if (found) {
		list_del_rcu(&found->node);
		kapi_nr_specs -= found->n;
	}
	mutex_unlock(&kapi_mutex);
	if (found)
		kapi_table_files(found, kapi_debugfs_remove);
	mutex_unlock(&kapi_files_mutex);
	if (!found)
		return;
	/* a report under way may still be counting in the table */
	synchronize_rcu();
	kapi_free_table(found);
}
EXPORT_SYMBOL_GPL(kapi_unregister_specs);

/**
 * kapi_find_spec() - look a spec up by name
 * @name: spec name ("read", "read_mem")
 *
 * For debugfs and tests, never for a syscall path. A module's spec stays
 * valid only while the module is loaded.
 *
 * Return: the spec or NULL.
 */
const struct kapi_spec *kapi_find_spec(const char *name)
{
	const struct kapi_spec *spec;

	mutex_lock(&kapi_mutex);
	spec = kapi_find_locked(name);
	mutex_unlock(&kapi_mutex);
	return spec;
}
EXPORT_SYMBOL_GPL(kapi_find_spec);

/**
 * kapi_call_with_spec() - call @fn on the spec named @name, registry locked
 * @name: spec name
 * @fn: callback; may sleep, must not register or unregister specs
 * @data: passed to @fn
 *
 * Return: 0, or -ENOENT when no spec has that name.
 */
int kapi_call_with_spec(const char *name,
			void (*fn)(const struct kapi_spec *spec, void *data),
			void *data)
{
	const struct kapi_spec *spec;

	mutex_lock(&kapi_mutex);
	spec = kapi_find_locked(name);
	if (spec)
		fn(spec, data);
	mutex_unlock(&kapi_mutex);
	return spec ? 0 : -ENOENT;
}

/**
 * kapi_walk_specs() - call @fn for every registered spec
 * @fn: callback; a non-zero return stops the walk
 * @data: passed to @fn
 *
 * @fn runs with the registry locked, so specs cannot go away under it; it
 * may sleep but must not register or unregister specs.
 *
 * Return: the first non-zero value @fn returned, or 0.
 */
int kapi_walk_specs(int (*fn)(const struct kapi_spec *spec, void *data),
		    void *data)
{
	struct kapi_table *t;
	unsigned int i;
	int ret = 0;

	mutex_lock(&kapi_mutex);
	list_for_each_entry(t, &kapi_tables, node) {
		for (i = 0; i < t->n && !ret; i++)
			ret = fn(&t->specs[i], data);
		if (ret)
			break;
	}
	mutex_unlock(&kapi_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(kapi_walk_specs);

/**
 * kapi_spec_count() - number of registered specs
 *
 * Return: the count.
 */
unsigned int kapi_spec_count(void)
{
	return READ_ONCE(kapi_nr_specs);
}
EXPORT_SYMBOL_GPL(kapi_spec_count);

/**
 * kapi_vmlinux_specs() - the specs built into vmlinux
 * @n: set to their number
 *
 * Return: the first spec of the .kapi_specs section.
 */
const struct kapi_spec *kapi_vmlinux_specs(unsigned int *n)
{
	*n = __stop_kapi_specs - __start_kapi_specs;
	return __start_kapi_specs;
}

#ifdef CONFIG_KAPI_RUNTIME_CHECKS
/**
 * kapi_table_stats() - the run-time counters of a spec registered at run time
 * @spec: a spec of a module's table
 *
 * The caller holds rcu_read_lock(); the counters stay valid until it drops
 * it. For a report from any context, never a lookup by name.
 *
 * Return: the counters, or NULL when no registered table holds @spec.
 */
struct kapi_syscall_stats *kapi_table_stats(const struct kapi_spec *spec)
{
	struct kapi_table *t;

	list_for_each_entry_rcu(t, &kapi_tables, node) {
		if (t != &kapi_vmlinux_table && spec >= t->specs &&
		    spec < t->specs + t->n)
			return &t->stats[spec - t->specs];
	}
	return NULL;
}

/**
 * kapi_walk_table_stats() - @fn for the counters of each function spec
 *	registered at run time
 * @fn: callback; runs with the registry locked, may sleep
 * @data: passed to @fn
 */
void kapi_walk_table_stats(void (*fn)(struct kapi_syscall_stats *st,
				      void *data),
			   void *data)
{
	struct kapi_table *t;
	unsigned int i;

	mutex_lock(&kapi_mutex);
	list_for_each_entry(t, &kapi_tables, node) {
		if (t == &kapi_vmlinux_table)
			continue;
		for (i = 0; i < t->n; i++)
			if (t->specs[i].kind == KAPI_KIND_FUNCTION)
				fn(&t->stats[i], data);
	}
	mutex_unlock(&kapi_mutex);
}
#endif

#ifdef CONFIG_MODULES
static int kapi_module_notify(struct notifier_block *nb, unsigned long action,
			      void *data)
{
	struct module *mod = data;
	int ret;

	if (!mod->num_kapi_specs)
		return NOTIFY_DONE;

	switch (action) {
	case MODULE_STATE_COMING:
		ret = kapi_register_specs(mod->kapi_specs, mod->num_kapi_specs,
					  mod);
		if (ret)
			pr_warn("module %s: specs not registered (%d)\n",
				mod->name, ret);
		break;
	case MODULE_STATE_GOING:
		kapi_unregister_specs(mod->kapi_specs);
		break;
	}
	return NOTIFY_DONE;
}

static struct notifier_block kapi_module_nb = {
	.notifier_call = kapi_module_notify,
};
#endif

/*
 * The vmlinux table is registered entry by entry checks aside: a duplicate
 * inside vmlinux cannot be refused (the section is const), only reported,
 * and lookups then find the first.
 */
static int __init kapi_registry_init(void)
{
	const struct kapi_spec *specs;
	unsigned int n, i, j;

	specs = kapi_vmlinux_specs(&n);
	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++)
			if (specs[i].name && specs[j].name &&
			    !strcmp(specs[i].name, specs[j].name))
				kapi_warn_duplicate(&specs[j], &specs[i]);

	kapi_vmlinux_table.specs = specs;
	kapi_vmlinux_table.n = n;
	/* No files yet: debugfs adds them for what is registered by then. */
	mutex_lock(&kapi_mutex);
	kapi_add_table_locked(&kapi_vmlinux_table);
	mutex_unlock(&kapi_mutex);
	pr_info("%u specifications in vmlinux\n", n);

#ifdef CONFIG_MODULES
	return register_module_notifier(&kapi_module_nb);
#else
	return 0;
#endif
}
core_initcall(kapi_registry_init);
