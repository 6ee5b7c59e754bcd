// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_shared.c - entries that the specs of a file share
 *
 * Neighbouring system calls fail in the same ways: read, readv and pread64
 * share their EFAULT, the open calls a dozen errors, a lock and a signal.
 * A DOC: comment of the file holds each such entry once, in a group named
 * by "shared: NAME"; a spec says "use: NAME" where the entries belong, and
 * gets a copy of them there, as if it had written them. "use: NAME [A, B]"
 * takes a group of errors once per command A, B of a multiplexed call, each
 * copy happening with that command only (the errors F_DUPFD and
 * F_DUPFD_CLOEXEC share).
 */
#include <stdlib.h>
#include <string.h>

#include "kapi_internal.h"

unsigned int kapi_command_list(struct kapi_parser *p, unsigned int line,
			       const char *s, const char **rest, char **out,
			       unsigned int max)
{
	const char *close, *at;
	unsigned int n = 0;

	*rest = s;
	while (*s == ' ')
		s++;
	if (*s != '[')
		return 0;
	close = strchr(s, ']');
	if (!close) {
		kapi_err(p, line, "'[' without ']': write the commands as [CMD, CMD]");
		*rest = s + strlen(s);
		return 0;
	}
	*rest = close + 1;
	for (at = s + 1; at < close; ) {
		const char *comma = memchr(at, ',', close - at);
		char *raw = kapi_xstrndup(at, (comma ? comma : close) - at);
		char *name = kapi_squash(raw);

		free(raw);
		at = comma ? comma + 1 : close;
		if (!kapi_is_ident(name)) {
			kapi_err(p, line, "'%s' in [...] is not the name of a command",
				 name);
			free(name);
			continue;
		}
		if (n == max) {
			kapi_err(p, line, "more than %u commands in [...]", max);
			free(name);
			break;
		}
		out[n++] = name;
	}
	if (!n)
		kapi_err(p, line, "[] names no command");
	return n;
}

struct kapi_parsed_spec *kapi_shared_new(struct kapi_parser *p,
					 const char *name, unsigned int line)
{
	struct kapi_file *f = p->file;
	struct kapi_shared *g;
	char *n = kapi_squash(name);
	unsigned int i;

	if (!kapi_is_ident(n)) {
		kapi_err(p, line, "shared: needs a name (a C identifier), got '%s'",
			 n);
		free(n);
		return NULL;
	}
	for (i = 0; i < f->n_shared; i++) {
		if (!strcmp(f->shared[i].name, n)) {
			kapi_err(p, line, "shared '%s' is defined twice in this file (first at line %u)",
				 n, f->shared[i].line);
			free(n);
			return NULL;
		}
	}
	g = KAPI_GROW(f->shared, f->n_shared);
	g->name = n;
	g->line = line;
	return &g->entries;
}

/* The entries of @g into @s; errors with command @variant, if any. */
static void copy_group(struct kapi_parser *p, struct kapi_parsed_spec *s,
		       const struct kapi_shared *g, const char *variant,
		       unsigned int line)
{
	unsigned int sec, i;

	for (sec = 0; sec < KAPI_N_SECTIONS; sec++) {
		unsigned int n = kapi_entry_count(&g->entries, sec);

		for (i = 0; i < n; i++) {
			const void *src = kapi_entry_at(&g->entries, sec, i);
			void *dst;

			if (sec == KAPI_SEC_errors) {
				const struct kapi_parsed_error *e = src;
				const struct kapi_parsed_error *o =
					kapi_error_listed(s, e->k.name, variant);

				if (o) {
					kapi_err(p, line, "use: %s lists error %s%s%s, which this spec lists already (line %u)",
						 g->name, e->k.name,
						 variant ? " with command " : "",
						 variant ? variant : "", o->line);
					continue;
				}
			}
			if (!kapi_room(p, kapi_entry_count(s, sec), line,
				       kapi_sections[sec].json))
				continue;
			dst = kapi_entry_append(s, sec);
			kapi_entry_copy(sec, dst, src);
			/* messages about the copy point at the use: line */
			*(unsigned int *)((char *)dst +
				kapi_parsed_sections[sec].line_offset) = line;
			if (variant)
				kapi_set_written(kapi_entry_written(dst, sec),
						 "variant", kapi_xstrdup(variant),
						 line);
		}
	}
}

void kapi_shared_use(struct kapi_parser *p, struct kapi_parsed_spec *s,
		     const char *text, unsigned int line)
{
	struct kapi_file *f = p->file;
	const struct kapi_shared *g;
	char *cmds[64], *name;
	const char *rest;
	unsigned int i, n;
	size_t len;

	while (*text == ' ')
		text++;
	len = strcspn(text, " [");
	name = kapi_xstrndup(text, len);
	n = kapi_command_list(p, line, text + len, &rest, cmds, 64);
	while (*rest == ' ')
		rest++;
	if (!kapi_is_ident(name) || *rest) {
		kapi_err(p, line, "use: expects 'NAME' or 'NAME [CMD, ...]', got '%s'",
			 text);
		goto out;
	}
	for (i = 0; i < f->n_shared; i++)
		if (!strcmp(f->shared[i].name, name))
			break;
	if (i == f->n_shared) {
		kapi_err(p, line, "use: no shared '%s' above this spec in this file",
			 name);
		goto out;
	}
	f->shared[i].used = true;
	g = &f->shared[i];
	if (n) {
		unsigned int sec;

		for (sec = 0; sec < KAPI_N_SECTIONS; sec++) {
			if (sec == KAPI_SEC_errors ||
			    !kapi_entry_count(&g->entries, sec))
				continue;
			kapi_err(p, line, "use: %s [...]: only errors happen with a command, and '%s' holds %s",
				 name, name, kapi_sections[sec].json);
			goto out;
		}
	}
	if (!n)
		copy_group(p, s, g, NULL, line);
	for (i = 0; i < n; i++)
		copy_group(p, s, g, cmds[i], line);
out:
	for (i = 0; i < n; i++)
		free(cmds[i]);
	free(name);
}

void kapi_shared_check(struct kapi_parser *p)
{
	struct kapi_file *f = p->file;
	unsigned int i;

	for (i = 0; i < f->n_shared; i++)
		if (!f->shared[i].used)
			kapi_warn(p, f->shared[i].line, "shared '%s' is used by no spec (use: %s)",
				  f->shared[i].name, f->shared[i].name);
}
