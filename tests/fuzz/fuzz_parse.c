// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_parse.c - libFuzzer target for the kapi parser library
 *
 * Feeds arbitrary bytes as a C file through everything kapi-gen does with
 * one: parse with diagnostics, build the in-memory struct kapi_spec of each
 * spec, and generate the header when the file is clean. Diagnostics and the
 * header go to /dev/null, but are formatted, so bad format arguments or
 * NULL strings crash here rather than in a kernel build.
 */
#include <stdint.h>
#include <stdio.h>

#include "kapi_gen.h"
#include "kapi_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	struct kapi_parse_opts opts;
	struct kapi_file *f;
	unsigned int i;

	if (!devnull)
		devnull = fopen("/dev/null", "w");
	opts.diag = devnull;
	kapi_parse_buffer("fuzz.c", (const char *)data, size, &opts, &f);
	for (i = 0; i < f->n_specs; i++)
		kapi_spec_free(kapi_spec_build(&f->specs[i], "fuzz.c"));
	if (!f->n_errors)
		kapi_gen_write(devnull, f, "fuzz.c", NULL);
	kapi_file_free(f);
	return 0;
}
