// SPDX-License-Identifier: GPL-2.0
/* The C files of a file or directory tree, in a stable order. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "arena.h"
#include "main.h"
#include "walk.h"

struct walker {
	struct kapi_arena arena;	/* the paths made on the way */
	walk_fn *fn;
	void *data;
};

static bool is_c_file(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && !strcmp(name + n - 2, ".c");
}

static int walk_dir(struct walker *w, const char *dir, const char *rel)
{
	struct dirent **ents;
	struct stat st;
	int i, n, ret = KAPI_EXIT_OK;

	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0) {
		p_err("%s: %s", dir, strerror(errno));
		return KAPI_EXIT_NO_FILE;
	}
	for (i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;
		char *path, *label;

		if (name[0] != '.' && !ret) {
			path = arena_printf(&w->arena, "%s/%s", dir, name);
			label = arena_printf(&w->arena, "%s%s%s", rel,
					     *rel ? "/" : "", name);
			if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
				ret = walk_dir(w, path, label);
			else if (is_c_file(name) && stat(path, &st) == 0 &&
				 S_ISREG(st.st_mode))
				ret = w->fn(path, label, w->data);
		}
		free(ents[i]);
	}
	free(ents);
	return ret;
}

int walk_c_files(const char *path, walk_fn *fn, void *data)
{
	struct walker w = { .fn = fn, .data = data };
	struct stat st;
	int ret;

	if (stat(path, &st)) {
		p_err("%s: %s", path, strerror(errno));
		return KAPI_EXIT_NO_FILE;
	}
	if (S_ISDIR(st.st_mode))
		ret = walk_dir(&w, path, "");
	else
		ret = fn(path, path, data);
	arena_free(&w.arena);
	return ret;
}
