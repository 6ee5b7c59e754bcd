// SPDX-License-Identifier: GPL-2.0
/*
 * --source: specs straight from annotated C files, through the same parser
 * (scripts/kapi) and the same conversion (kapi_spec_build()) that produce
 * the specs compiled into the kernel, so they come out identical to the
 * ones read from that kernel's vmlinux.
 *
 * kapi_spec::file is the path relative to the directory given, or the file
 * name as given: run from the top of a kernel tree, that is the path the
 * build records ("fs/open.c").
 */
#include "kapi_parse.h"
#include "main.h"
#include "model.h"
#include "read.h"
#include "walk.h"

struct walk {
	struct kapi_set *set;
	unsigned int n_files;
	unsigned int n_errors;
	int ret;
};

static void read_one(struct walk *w, const char *path, const char *label)
{
	struct kapi_parse_opts opts = { .diag = stderr };
	const struct kapi_spec *copy;
	struct kapi_spec *built;
	struct kapi_file *f;
	unsigned int i;
	char err[256];

	w->n_files++;
	w->n_errors += kapi_parse_file(path, &opts, &f);
	for (i = 0; i < f->n_specs && !w->ret; i++) {
		built = kapi_spec_build(&f->specs[i], label);
		if (!built) {
			p_err("%s: out of memory", path);
			w->ret = KAPI_EXIT_INTERNAL;
			break;
		}
		/* the built spec points into @f: copy before freeing it */
		copy = kapi_spec_import(&w->set->arena, built,
					&kapi_memory_resolver, err,
					sizeof(err));
		if (copy) {
			kapi_set_add(w->set, copy);
		} else {
			p_err("%s: spec '%s': %s", path, f->specs[i].name, err);
			w->ret = KAPI_EXIT_CORRUPT;
		}
		kapi_spec_free(built);
	}
	kapi_file_free(f);
}

static int read_path(const char *path, const char *label, void *data)
{
	struct walk *w = data;

	read_one(w, path, label);
	return w->ret;
}

int source_read(struct kapi_set *set, const char *path)
{
	struct walk w = { .set = set };
	int ret;

	ret = walk_c_files(path, read_path, &w);
	if (ret)
		return ret;
	if (w.n_errors) {
		p_err("%s: %u error%s in kernel API annotations", path,
		      w.n_errors, w.n_errors == 1 ? "" : "s");
		return KAPI_EXIT_PARSE;
	}
	return KAPI_EXIT_OK;
}
