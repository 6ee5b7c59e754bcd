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
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kapi_parse.h"
#include "main.h"
#include "model.h"
#include "read.h"

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

static bool is_c_file(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && !strcmp(name + n - 2, ".c");
}

static char *join(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 2;
	char *s = malloc(n);

	if (s)
		snprintf(s, n, "%s%s%s", a, *a ? "/" : "", b);
	return s;
}

/*
 * Depth first, names sorted, so a tree always yields its files in the same
 * order. Symbolic links to directories are not followed (no loops); hidden
 * entries (.git, .tmp_*) are skipped.
 */
static void walk_dir(struct walk *w, const char *dir, const char *rel)
{
	struct dirent **ents;
	struct stat st;
	char *path, *label;
	int i, n;

	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0) {
		p_err("%s: %s", dir, strerror(errno));
		w->ret = KAPI_EXIT_NO_FILE;
		return;
	}
	for (i = 0; i < n; i++) {
		if (ents[i]->d_name[0] == '.' || w->ret)
			goto next;
		path = join(dir, ents[i]->d_name);
		label = join(rel, ents[i]->d_name);
		if (!path || !label) {
			w->ret = KAPI_EXIT_INTERNAL;
		} else if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			walk_dir(w, path, label);
		} else if (is_c_file(ents[i]->d_name) &&
			   stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
			read_one(w, path, label);
		}
		free(path);
		free(label);
next:
		free(ents[i]);
	}
	free(ents);
}

int source_read(struct kapi_set *set, const char *path)
{
	struct walk w = { .set = set };
	struct stat st;

	if (stat(path, &st)) {
		p_err("%s: %s", path, strerror(errno));
		return KAPI_EXIT_NO_FILE;
	}
	if (S_ISDIR(st.st_mode))
		walk_dir(&w, path, "");
	else
		read_one(&w, path, path);
	if (w.ret)
		return w.ret;
	if (w.n_errors) {
		p_err("%s: %u error%s in kernel API annotations", path,
		      w.n_errors, w.n_errors == 1 ? "" : "s");
		return KAPI_EXIT_PARSE;
	}
	return KAPI_EXIT_OK;
}
