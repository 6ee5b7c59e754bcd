// SPDX-License-Identifier: GPL-2.0
/*
 * What the conformance tests (tools/testing/selftests/kapi) did about each
 * errno, read from their KTAP output, so that kapi probe's coverage table
 * covers both. At the end of a run each test program prints, for every
 * errno of every spec it checks, one diagnostic line:
 *
 *	# kapi-coverage: read EBADF seen read.closed_fd
 *	# kapi-coverage: read EDQUOT skipped no quota support (CONFIG_QUOTA is off)
 *
 * ("seen" and the case that returned it, or "skipped" and why the errno
 * cannot be provoked in the test machine). Anything before the tag (KTAP
 * indentation, a runner's prefix) is ignored, as are all other lines.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "main.h"
#include "probe.h"

#define TAG	"kapi-coverage: "

static struct probe_test_entry *find(const struct probe_tests *t,
				     const char *spec, const char *err)
{
	unsigned int i;

	for (i = 0; i < t->n; i++)
		if (!strcmp(t->e[i].spec, spec) && !strcmp(t->e[i].err, err))
			return &t->e[i];
	return NULL;
}

static void add(struct probe_tests *t, const char *spec, const char *err,
		bool seen, const char *text)
{
	struct probe_test_entry *e;

	/* a later "seen" beats an earlier "skipped": some program saw it */
	e = find(t, spec, err);
	if (e) {
		if (seen && !e->seen) {
			e->seen = true;
			snprintf(e->text, sizeof(e->text), "%s", text);
		}
		return;
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		e = realloc(t->e, t->cap * sizeof(*e));
		if (!e) {
			p_err("out of memory");
			exit(KAPI_EXIT_INTERNAL);
		}
		t->e = e;
	}
	e = &t->e[t->n++];
	snprintf(e->spec, sizeof(e->spec), "%s", spec);
	snprintf(e->err, sizeof(e->err), "%s", err);
	e->seen = seen;
	snprintf(e->text, sizeof(e->text), "%s", text);
}

static int load_one(struct probe_tests *t, const char *path)
{
	char line[512], spec[64], err[32], kind[16];
	unsigned int lineno = 0;
	FILE *f = fopen(path, "r");
	char *p;
	int used;

	if (!f) {
		p_err("%s: %s", path, strerror(errno));
		return KAPI_EXIT_NO_FILE;
	}
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		p = strstr(line, TAG);
		if (!p)
			continue;
		line[strcspn(line, "\n")] = '\0';
		used = 0;
		if (sscanf(p + strlen(TAG), "%63s %31s %15s %n", spec, err, kind,
			   &used) != 3 || !used ||
		    (strcmp(kind, "seen") && strcmp(kind, "skipped"))) {
			p_err("%s:%u: not a coverage line: %s", path, lineno, p);
			fclose(f);
			return KAPI_EXIT_CORRUPT;
		}
		add(t, spec, err, !strcmp(kind, "seen"), p + strlen(TAG) + used);
	}
	fclose(f);
	return KAPI_EXIT_OK;
}

int probe_tests_load(struct probe_tests *t, char **paths, unsigned int n)
{
	unsigned int i;
	int ret;

	memset(t, 0, sizeof(*t));
	t->given = n > 0;
	for (i = 0; i < n; i++) {
		ret = load_one(t, paths[i]);
		if (ret)
			return ret;
	}
	return KAPI_EXIT_OK;
}

const struct probe_test_entry *probe_tests_find(const struct probe_tests *t,
						const char *spec,
						const char *err)
{
	return find(t, spec, err);
}

void probe_tests_free(struct probe_tests *t)
{
	free(t->e);
	memset(t, 0, sizeof(*t));
}
