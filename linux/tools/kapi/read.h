/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kapi: where specs come from. An origin names a source tree or file, an
 * ELF file or a debugfs directory; kapi_set_load() runs its reader.
 */
#ifndef KAPI_TOOL_READ_H
#define KAPI_TOOL_READ_H

#include "model.h"

#define KAPI_DEBUGFS_DEFAULT	"/sys/kernel/debug/kapi"

/* "vmlinux:FILE", "source:PATH", "debugfs:DIR" or a path to guess from. */
int kapi_origin_parse(const char *arg, struct kapi_origin *o);
const char *kapi_origin_kind_name(enum kapi_origin_kind kind);

/* Read @o into @set; returns a KAPI_EXIT_* code, messages on stderr. */
int kapi_set_load(struct kapi_set *set, const struct kapi_origin *o);

/* The readers, each filling @set (see kapi_set_load()). */
int source_read(struct kapi_set *set, const char *path);
int vmlinux_read(struct kapi_set *set, const char *path);
int debugfs_read(struct kapi_set *set, const char *dir);

#endif /* KAPI_TOOL_READ_H */
