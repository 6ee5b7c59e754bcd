/* SPDX-License-Identifier: GPL-2.0 */
/* The tool's one directory walker: the C files of a path. */
#ifndef KAPI_TOOL_WALK_H
#define KAPI_TOOL_WALK_H

/*
 * Called with each file's path and its path relative to the directory
 * walked (for a file given as such, the path again); a non-zero return
 * stops the walk and is returned by walk_c_files().
 */
typedef int walk_fn(const char *path, const char *rel, void *data);

/*
 * @fn for @path when it is not a directory, else for every regular *.c
 * file under it: depth first, names sorted, so a tree always yields its
 * files in the same order; symbolic links to directories are not followed
 * (no loops) and hidden entries (.git, .tmp_*) are skipped. Returns
 * KAPI_EXIT_OK, @fn's non-zero return, or KAPI_EXIT_NO_FILE after
 * reporting a path that cannot be read.
 */
int walk_c_files(const char *path, walk_fn *fn, void *data);

#endif /* KAPI_TOOL_WALK_H */
