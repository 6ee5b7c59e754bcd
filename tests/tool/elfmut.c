// SPDX-License-Identifier: GPL-2.0
/*
 * elfmut - damage an ELF file holding kernel API specs, for the tests of
 * `kapi --vmlinux`: the reader must answer every damaged file with a clear
 * error and a non-zero exit, never a crash.
 *
 *   elfmut IN OUT random SEED         one random mutation (see below)
 *   elfmut IN OUT spec-word SPEC OFF VALUE
 *                                     the 8 bytes at offset OFF of spec
 *                                     number SPEC in .kapi_specs = VALUE
 *   elfmut IN OUT spec-byte SPEC OFF VALUE     the same for one byte
 *   elfmut IN OUT kapi-size DELTA     add DELTA to .kapi_specs' sh_size
 *   elfmut IN OUT kapi-size-specs N   add N specs' worth of bytes to it
 *   elfmut IN OUT truncate LEN        keep the first LEN bytes
 *   elfmut IN OUT machine EM          set e_machine to EM (the same file
 *                                     as another architecture's kernel)
 *
 * OFF may be a field name of struct kapi_spec (name, params, n_params...).
 * Random mutations: truncation, byte flips in the ELF header, the section
 * header table, .kapi_specs or anywhere, pointer-sized words of .kapi_specs
 * set to nasty values, counts set to 255.
 */
#include <elf.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kernel_api_spec.h>

static unsigned char *buf;
static size_t len;
static uint64_t rng;

static uint64_t next(void)
{
	/* xorshift64*: reproducible from the seed alone */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 2685821657736338717ULL;
}

static size_t below(size_t n)
{
	return n ? next() % n : 0;
}

static void die(const char *msg)
{
	fprintf(stderr, "elfmut: %s\n", msg);
	exit(2);
}

/* Offset and size of .kapi_specs in the file. */
static void find_kapi(size_t *off, size_t *size, size_t *shdr_off)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)buf;
	const Elf64_Shdr *sh, *strs;
	size_t i;

	if (len < sizeof(*eh) || memcmp(buf, ELFMAG, SELFMAG) ||
	    eh->e_shoff + (uint64_t)eh->e_shnum * sizeof(*sh) > len ||
	    eh->e_shstrndx >= eh->e_shnum)
		die("input is not a sane ELF64 file");
	sh = (const Elf64_Shdr *)(buf + eh->e_shoff);
	strs = &sh[eh->e_shstrndx];
	for (i = 0; i < eh->e_shnum; i++) {
		if (strs->sh_offset + sh[i].sh_name >= len)
			continue;
		if (!strcmp((const char *)buf + strs->sh_offset + sh[i].sh_name,
			    ".kapi_specs")) {
			*off = sh[i].sh_offset;
			*size = sh[i].sh_size;
			*shdr_off = eh->e_shoff + i * sizeof(*sh);
			return;
		}
	}
	die("no .kapi_specs section");
}

static size_t field_offset(const char *name)
{
	static const struct { const char *name; size_t off; } f[] = {
#define F(x) { #x, offsetof(struct kapi_spec, x) }
		F(name), F(summary), F(desc), F(file), F(params), F(errors),
		F(locks), F(signals), F(side_effects), F(items), F(n_params),
		F(n_errors), F(n_locks), F(n_signals), F(n_items),
#undef F
	};
	size_t i;

	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		if (!strcmp(name, f[i].name))
			return f[i].off;
	return strtoul(name, NULL, 0);
}

static void flip(size_t start, size_t n, unsigned int times)
{
	unsigned int i;

	if (!n)
		return;
	for (i = 0; i < times; i++)
		buf[start + below(n)] ^= 1 + below(255);
}

static void mutate_random(void)
{
	static const uint64_t nasty[] = {
		0, 1, 0xffffffffffffffffULL, 0x8000000000000000ULL,
		0xffffffff81000000ULL, 0x7fffffffffffffffULL, 4096,
	};
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)buf;
	size_t off, size, shdr, word;
	uint64_t v;

	find_kapi(&off, &size, &shdr);
	switch (below(8)) {
	case 0:
		len = below(len);
		break;
	case 1:
		flip(0, sizeof(*eh), 1 + below(4));
		break;
	case 2:
		flip(eh->e_shoff, (size_t)eh->e_shnum * sizeof(Elf64_Shdr),
		     1 + below(8));
		break;
	case 3:
		flip(off, size, 1 + below(16));
		break;
	case 4:
	case 5:
		if (size < 8)
			break;
		word = off + below(size / 8) * 8;
		v = below(2) ? nasty[below(sizeof(nasty) / sizeof(nasty[0]))] :
			       next();
		if (below(3) == 0) {
			/* a plausible address: near another pointer */
			memcpy(&v, buf + off + below(size / 8) * 8, 8);
			v += below(1 << 16) - (1 << 15);
		}
		memcpy(buf + word, &v, 8);
		break;
	case 6:
		/* counts live at the end of each spec */
		if (size >= sizeof(struct kapi_spec))
			buf[off + below(size / sizeof(struct kapi_spec)) *
				sizeof(struct kapi_spec) +
			    offsetof(struct kapi_spec, n_params) + below(9)] =
				0xff;
		break;
	default:
		flip(0, len, 1 + below(32));
		break;
	}
}

int main(int argc, char **argv)
{
	size_t off, size, shdr, at;
	uint64_t v;
	FILE *f;

	if (argc < 4)
		die("usage: elfmut IN OUT MODE ARGS...");
	f = fopen(argv[1], "rb");
	if (!f)
		die("cannot open input");
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	buf = malloc(len + 1);
	if (!buf || fread(buf, 1, len, f) != len)
		die("cannot read input");
	fclose(f);

	if (!strcmp(argv[3], "random") && argc == 5) {
		rng = strtoull(argv[4], NULL, 0) * 0x9e3779b97f4a7c15ULL + 1;
		mutate_random();
	} else if ((!strcmp(argv[3], "spec-word") ||
		    !strcmp(argv[3], "spec-byte")) && argc == 7) {
		find_kapi(&off, &size, &shdr);
		at = off + strtoul(argv[4], NULL, 0) * sizeof(struct kapi_spec) +
		     field_offset(argv[5]);
		v = strtoull(argv[6], NULL, 0);
		if (at + 8 > off + size)
			die("offset outside .kapi_specs");
		if (argv[3][5] == 'w')
			memcpy(buf + at, &v, 8);
		else
			buf[at] = v;
	} else if (!strcmp(argv[3], "kapi-size") && argc == 5) {
		find_kapi(&off, &size, &shdr);
		v = size + strtoll(argv[4], NULL, 0);
		memcpy(buf + shdr + offsetof(Elf64_Shdr, sh_size), &v, 8);
	} else if (!strcmp(argv[3], "kapi-size-specs") && argc == 5) {
		find_kapi(&off, &size, &shdr);
		v = size + strtoull(argv[4], NULL, 0) * sizeof(struct kapi_spec);
		memcpy(buf + shdr + offsetof(Elf64_Shdr, sh_size), &v, 8);
	} else if (!strcmp(argv[3], "machine") && argc == 5) {
		u16 m = strtoul(argv[4], NULL, 0);

		if (len < sizeof(Elf64_Ehdr))
			die("no ELF header");
		memcpy(buf + offsetof(Elf64_Ehdr, e_machine), &m, sizeof(m));
	} else if (!strcmp(argv[3], "truncate") && argc == 5) {
		if (strtoul(argv[4], NULL, 0) < len)
			len = strtoul(argv[4], NULL, 0);
	} else {
		die("bad arguments");
	}

	f = fopen(argv[2], "wb");
	if (!f || fwrite(buf, 1, len, f) != len || fclose(f))
		die("cannot write output");
	free(buf);
	return 0;
}
