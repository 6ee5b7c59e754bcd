// SPDX-License-Identifier: GPL-2.0
/*
 * Where specs come from: the origin a command line names, and the reader
 * that fills a set from it (read_source.c, read_vmlinux.c, read_debugfs.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kapi_parse.h"
#include "main.h"
#include "model.h"
#include "read.h"

/* --- origins --- */

static const char *const origin_kinds[] = {
	[KAPI_ORIGIN_SOURCE] = "source",
	[KAPI_ORIGIN_VMLINUX] = "vmlinux",
	[KAPI_ORIGIN_DEBUGFS] = "debugfs",
};

const char *kapi_origin_kind_name(enum kapi_origin_kind kind)
{
	return origin_kinds[kind];
}

/*
 * A path without a prefix: a directory with a "list" file is a debugfs
 * snapshot, any other directory or a .c file is source, anything else is
 * taken for an ELF file (and rejected there if it is not one).
 */
static int origin_guess(const char *path, struct kapi_origin *o)
{
	size_t n = strlen(path);
	struct kapi_arena a = { 0 };
	struct stat st;

	o->path = path;
	if (stat(path, &st)) {
		p_err("%s: %s", path, strerror(errno));
		return KAPI_EXIT_NO_FILE;
	}
	if (S_ISDIR(st.st_mode)) {
		o->kind = stat(arena_printf(&a, "%s/list", path), &st) ?
			  KAPI_ORIGIN_SOURCE : KAPI_ORIGIN_DEBUGFS;
		arena_free(&a);
	} else if (n > 2 && !strcmp(path + n - 2, ".c")) {
		o->kind = KAPI_ORIGIN_SOURCE;
	} else {
		o->kind = KAPI_ORIGIN_VMLINUX;
	}
	return KAPI_EXIT_OK;
}

int kapi_origin_parse(const char *arg, struct kapi_origin *o)
{
	unsigned int i;
	size_t n;

	for (i = 0; i < ARRAY_SIZE(origin_kinds); i++) {
		n = strlen(origin_kinds[i]);
		if (!strncmp(arg, origin_kinds[i], n) && arg[n] == ':') {
			o->kind = i;
			o->path = arg + n + 1;
			if (!*o->path) {
				p_err("'%s': no path after '%s:'", arg,
				      origin_kinds[i]);
				return KAPI_EXIT_USAGE;
			}
			return KAPI_EXIT_OK;
		}
	}
	return origin_guess(arg, o);
}

/* --- reading --- */

int kapi_set_load(struct kapi_set *set, const struct kapi_origin *o)
{
	int ret;

	memset(set, 0, sizeof(*set));
	set->origin = *o;
	/* vmlinux_read() says its ELF machine's instead */
	set->errno_abi = kapi_errno_abi();
	switch (o->kind) {
	case KAPI_ORIGIN_SOURCE:
		ret = source_read(set, o->path);
		break;
	case KAPI_ORIGIN_VMLINUX:
		ret = vmlinux_read(set, o->path);
		break;
	default:
		ret = debugfs_read(set, o->path);
		break;
	}
	return ret ? ret : kapi_set_finish(set);
}
