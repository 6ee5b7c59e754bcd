/* SPDX-License-Identifier: GPL-2.0 */
/* kapi: switches every command honours, exit codes, messages. */
#ifndef KAPI_TOOL_MAIN_H
#define KAPI_TOOL_MAIN_H

#include <stdbool.h>
#include <stdio.h>

#include "compiler.h"
#include "json_writer.h"

/*
 * Exit codes. 1 and 2 belong to diff (like diff(1) and cmp(1), 0 means
 * "the same"); failures get codes of their own so scripts can tell a
 * missing file from an API break. Documented in --help and kapi.rst.
 */
enum kapi_exit {
	KAPI_EXIT_OK = 0,
	KAPI_EXIT_COMPATIBLE = 1,	/* diff: compatible changes only */
	KAPI_EXIT_INCOMPATIBLE = 2,	/* diff: at least one incompatible */
	KAPI_EXIT_NO_SPEC = 3,		/* no spec of the name asked for */
	KAPI_EXIT_NO_FILE = 4,		/* file or directory missing/unreadable */
	KAPI_EXIT_NOT_ELF = 5,		/* --vmlinux file is not ELF */
	KAPI_EXIT_NO_SPECS = 6,		/* the source holds no specs at all */
	KAPI_EXIT_CORRUPT = 7,		/* corrupt or unsupported input */
	KAPI_EXIT_PARSE = 8,		/* annotation errors in --source */
	KAPI_EXIT_TRACE = 9,		/* trace: untested or mis-cited behaviour */
	KAPI_EXIT_PROBE = 10,		/* probe: a rule broken or a call not run */
	KAPI_EXIT_ERRNOS = 11,		/* errnos: a spec and its code disagree */
	KAPI_EXIT_USAGE = 64,		/* bad command line */
	KAPI_EXIT_INTERNAL = 70,	/* out of memory, write error */
};

enum kapi_format {
	KAPI_FMT_TEXT,
	KAPI_FMT_JSON,
	KAPI_FMT_RST,
	KAPI_FMT_MAN,
	KAPI_FMT_SYZLANG,
	KAPI_FMT_XML,
	KAPI_FMT_SYZLANG_CONST,
};

struct kapi_origin;

extern const char *bin_name;
extern enum kapi_format output_format;
extern bool json_output;	/* output_format == KAPI_FMT_JSON */
extern bool pretty_output;	/* -p: indent JSON */
extern struct json_writer *json_wtr;	/* stdout, when json_output */
extern struct kapi_origin main_origin;	/* --source/--vmlinux/--debugfs */

void p_err(const char *fmt, ...) __printf(1, 2);
void p_warn(const char *fmt, ...) __printf(1, 2);
bool is_prefix(const char *pfx, const char *str);
const char *format_name(enum kapi_format fmt);
/*
 * The architecture of the running kernel, from uname's machine, and its
 * errno numbering (enum kapi_errno_abi); --arch picks the one of specs
 * read from source or a debugfs copy, kapi_set::errno_abi says a set's.
 */
struct kapi_arch machine_kapi_arch(void);
int machine_errno_abi(void);

int do_list(int argc, char **argv);
int do_show(int argc, char **argv);
int do_diff(int argc, char **argv);
int do_trace(int argc, char **argv);
int do_probe(int argc, char **argv);
int do_errnos(int argc, char **argv);
int do_draft(int argc, char **argv);
struct kapi_tree;
/*
 * "[tree DIR] NAME..." of errnos and draft, taken off @argc/@argv: the
 * kernel tree DIR (else the --source directory, else .) indexed, and its
 * path in *@dir; NULL after a message, with the exit code in *@ret.
 */
struct kapi_tree *errnos_tree_arg(const char *cmd, int *argc, char ***argv,
				  const char **dir, int *ret);

#endif /* KAPI_TOOL_MAIN_H */
