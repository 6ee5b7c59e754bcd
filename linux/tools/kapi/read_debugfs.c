// SPDX-License-Identifier: GPL-2.0
/*
 * --debugfs: specs from a running kernel (/sys/kernel/debug/kapi) or a copy
 * of that directory: the names from `list`, each spec from `json/<name>`
 * (parsed with jansson, decoded by json_decode.c), and each `list` line
 * checked against the line the kernel renders for that spec.
 */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/seq_buf.h>

#include "json_decode.h"
#include "main.h"
#include "model.h"
#include "read.h"

/* debugfs files report size 0: read to EOF, within reason. */
#define DEBUGFS_FILE_MAX	(16 << 20)

/* The whole of @path into a NUL-terminated buffer. */
static int read_file(const char *path, char **buf, size_t *len)
{
	size_t cap = 4096, n = 0;
	char *b = NULL, *nb;
	ssize_t got;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0) {
		p_err("%s: %s", path, strerror(errno));
		return KAPI_EXIT_NO_FILE;
	}
	for (;;) {
		if (!b || n + 1 >= cap) {
			if (b)
				cap *= 2;
			nb = cap > DEBUGFS_FILE_MAX ? NULL : realloc(b, cap);
			if (!nb) {
				p_err("%s: file too big", path);
				free(b);
				close(fd);
				return KAPI_EXIT_CORRUPT;
			}
			b = nb;
		}
		got = read(fd, b + n, cap - n - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			p_err("%s: %s", path, strerror(errno));
			free(b);
			close(fd);
			return KAPI_EXIT_NO_FILE;
		}
		if (!got)
			break;
		n += got;
	}
	close(fd);
	b[n] = '\0';
	*buf = b;
	*len = n;
	return KAPI_EXIT_OK;
}

/* Counts from a `list` line must agree with the spec's JSON. */
/* @line of `list` must be the one the kernel renders for @s. */
static int check_list_line(const char *file, const char *line,
			   const struct kapi_spec *s)
{
	struct seq_buf want = SEQ_BUF_INIT;
	size_t n = strlen(line);
	int ret = KAPI_EXIT_OK;

	kapi_render_list_line(&want, s);
	if (seq_buf_has_overflowed(&want)) {
		p_err("out of memory rendering '%s'", s->name);
		ret = KAPI_EXIT_INTERNAL;
	} else if (seq_buf_used(&want) != n + 1 ||
		   memcmp(seq_buf_str(&want), line, n)) {
		p_err("%s: '%s' does not match json/%s", file, line, s->name);
		ret = KAPI_EXIT_CORRUPT;
	}
	seq_buf_free(&want);
	return ret;
}

static int read_one(struct kapi_set *set, const char *dir, const char *list,
		    const char *line, const char *name)
{
	const struct kapi_spec *s;
	json_error_t jerr;
	char *path, *buf;
	char err[320];
	size_t len;
	json_t *o;
	int ret;

	path = arena_printf(&set->arena, "%s/json/%s", dir, name);
	ret = read_file(path, &buf, &len);
	if (ret)
		return ret;
	o = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &jerr);
	free(buf);
	if (!o) {
		p_err("%s:%d:%d: bad JSON: %s", path, jerr.line, jerr.column,
		      jerr.text);
		return KAPI_EXIT_CORRUPT;
	}
	if (!json_is_object(o)) {
		p_err("%s: not a JSON object", path);
		json_decref(o);
		return KAPI_EXIT_CORRUPT;
	}
	s = kapi_spec_decode(&set->arena, o, path, err, sizeof(err));
	json_decref(o);
	if (!s) {
		p_err("%s: %s", path, err);
		return KAPI_EXIT_CORRUPT;
	}
	if (strcmp(s->name, name)) {
		p_err("%s: spec is named '%s'", path, s->name);
		return KAPI_EXIT_CORRUPT;
	}
	ret = check_list_line(list, line, s);
	if (!ret)
		kapi_set_add(set, s);
	return ret;
}

int debugfs_read(struct kapi_set *set, const char *dir)
{
	char *list, *buf, *line, *next, *name;
	size_t len;
	int ret;

	list = arena_printf(&set->arena, "%s/list", dir);
	ret = read_file(list, &buf, &len);
	if (ret) {
		if (!strcmp(dir, KAPI_DEBUGFS_DEFAULT))
			p_err("is debugfs mounted, CONFIG_KAPI_SPEC_DEBUGFS set, and are you root? Or use --vmlinux or --source");
		return ret;
	}
	if (memchr(buf, '\0', len)) {
		p_err("%s: binary data", list);
		free(buf);
		return KAPI_EXIT_CORRUPT;
	}
	for (line = buf; !ret && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (!*line)
			continue;
		name = arena_strdup(&set->arena, line);
		name[strcspn(name, " ")] = '\0';
		/* a name is one path component: never climb out of @dir */
		if (!*name || strchr(name, '/') || !strcmp(name, ".") ||
		    !strcmp(name, "..")) {
			p_err("%s: bad line '%s'", list, line);
			ret = KAPI_EXIT_CORRUPT;
			break;
		}
		ret = read_one(set, dir, list, line, name);
	}
	free(buf);
	return ret;
}
