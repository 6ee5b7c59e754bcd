// SPDX-License-Identifier: GPL-2.0
/*
 * --vmlinux: specs out of the .kapi_specs section of an ELF file (vmlinux,
 * a module, or any object that places specs there).
 *
 * The section is an array of struct kapi_spec whose pointers are link-time
 * addresses. Each one is resolved through the section table: find the
 * allocated section containing the address and read from the file. An
 * executable (vmlinux, with or without its relocations) has its pointers in
 * place; a PIE (arm64's vmlinux) gets its base-relative relocations applied;
 * a relocatable object gets addresses assigned to its sections as a linker
 * would, then its 64-bit absolute relocations applied. Both for x86-64 and
 * arm64 (reloc_kinds). Nothing in the file is trusted: every
 * offset, size, pointer and count is checked, and a bad one ends the read
 * with a message instead of a crash.
 *
 * The layout read is the host's struct kapi_spec, so the file must be a
 * 64-bit little-endian ELF, as x86-64 and arm64 kernels are.
 *
 * Errno numbers are the compiler's, so the file's architecture's (mips
 * numbers most of them its own way): the set says which, by its ELF
 * machine, and every error's name is checked to have that number there.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kapi_parse.h"
#include "main.h"
#include "model.h"
#include "read.h"

#define KAPI_SECTION_NAME	".kapi_specs"
/* The kernel's record of its KAPI_SPEC_VERSION (kernel/api/registry.c). */
#define KAPI_VERSION_SYMBOL	"kapi_spec_version"
/* Where a relocatable object's sections are laid out; 0 stays NULL. */
#define REL_BASE		0x10000ULL

_Static_assert(sizeof(void *) == 8, "the vmlinux reader needs a 64-bit host");
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
	       "the vmlinux reader needs a little-endian host");

struct vm_section {
	const char *name;
	Elf_Scn *scn;
	GElf_Shdr shdr;
	uint64_t addr;		/* sh_addr, or assigned (relocatable files) */
	unsigned char *data;	/* contents, relocated; NULL until loaded */
};

struct vm_image {
	const char *path;
	int fd;
	Elf *elf;
	GElf_Ehdr ehdr;
	uint64_t file_size;
	struct vm_section *secs;	/* index = section header index */
	size_t n_secs;
	struct kapi_resolver res;	/* image_of() gets back to the image */
	char err[200];
};

#define image_of(r)	((struct vm_image *)((char *)(r) - \
				offsetof(struct vm_image, res)))

static __printf(2, 3) bool
vm_fail(struct vm_image *im, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(im->err, sizeof(im->err), fmt, ap);
	va_end(ap);
	return false;
}

/* Does the section carry @size bytes of file data, all inside the file? */
static bool section_in_file(const struct vm_image *im,
			    const struct vm_section *s)
{
	const GElf_Shdr *h = &s->shdr;

	return h->sh_type != SHT_NOBITS &&
	       h->sh_offset <= im->file_size &&
	       h->sh_size <= im->file_size - h->sh_offset;
}

static Elf_Data *section_data(struct vm_image *im, struct vm_section *s)
{
	Elf_Data *d;

	if (!section_in_file(im, s)) {
		vm_fail(im, "section %s lies outside the file", s->name);
		return NULL;
	}
	d = elf_getdata(s->scn, NULL);
	if (!d || (s->shdr.sh_size && !d->d_buf)) {
		vm_fail(im, "section %s: %s", s->name, elf_errmsg(-1));
		return NULL;
	}
	return d;
}

/* The address a symbol stands for in a relocatable file. */
static bool rel_symbol_value(struct vm_image *im, const GElf_Sym *sym,
			     uint64_t *val)
{
	switch (sym->st_shndx) {
	case SHN_UNDEF:
		return vm_fail(im, "relocation against an undefined symbol");
	case SHN_ABS:
		*val = sym->st_value;
		return true;
	}
	if (sym->st_shndx >= SHN_LORESERVE || sym->st_shndx >= im->n_secs ||
	    !(im->secs[sym->st_shndx].shdr.sh_flags & SHF_ALLOC))
		return vm_fail(im, "relocation against symbol in section %u",
			       sym->st_shndx);
	*val = im->secs[sym->st_shndx].addr + sym->st_value;
	return true;
}

static bool put_u64(struct vm_image *im, struct vm_section *s,
		    uint64_t off, uint64_t val)
{
	if (s->shdr.sh_size < 8 || off > s->shdr.sh_size - 8)
		return vm_fail(im, "relocation at 0x%llx outside section %s",
			       (unsigned long long)off, s->name);
	memcpy(s->data + off, &val, 8);
	return true;
}

/* Relocatable file: apply the .rela section(s) that target @s. */
/* The relocation types of a machine that hold the specs' pointers. */
struct vm_reloc_kinds {
	unsigned int machine;
	unsigned int none, abs64, relative;
};

static const struct vm_reloc_kinds reloc_kinds[] = {
	{ EM_X86_64, R_X86_64_NONE, R_X86_64_64, R_X86_64_RELATIVE },
	{ EM_AARCH64, R_AARCH64_NONE, R_AARCH64_ABS64, R_AARCH64_RELATIVE },
};

static const struct vm_reloc_kinds *reloc_kinds_of(struct vm_image *im)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(reloc_kinds); i++)
		if (reloc_kinds[i].machine == im->ehdr.e_machine)
			return &reloc_kinds[i];
	vm_fail(im, "relocations of machine %u are not supported",
		im->ehdr.e_machine);
	return NULL;
}

static bool apply_rel(struct vm_image *im, struct vm_section *s, size_t idx)
{
	const struct vm_reloc_kinds *k = NULL;
	struct vm_section *r, *symsec;
	Elf_Data *rd, *sd;
	GElf_Rela rela;
	GElf_Sym sym;
	uint64_t val = 0;
	size_t i, j, n;

	for (i = 1; i < im->n_secs; i++) {
		r = &im->secs[i];
		if (r->shdr.sh_type == SHT_REL && r->shdr.sh_info == idx)
			return vm_fail(im, "%s: REL relocations are not supported",
				       r->name);
		if (r->shdr.sh_type != SHT_RELA || r->shdr.sh_info != idx)
			continue;
		if (!k)
			k = reloc_kinds_of(im);
		if (!k)
			return false;
		if (r->shdr.sh_link >= im->n_secs ||
		    im->secs[r->shdr.sh_link].shdr.sh_type != SHT_SYMTAB)
			return vm_fail(im, "%s: no symbol table", r->name);
		symsec = &im->secs[r->shdr.sh_link];
		rd = section_data(im, r);
		sd = rd ? section_data(im, symsec) : NULL;
		if (!sd)
			return false;
		n = r->shdr.sh_entsize ? r->shdr.sh_size / r->shdr.sh_entsize : 0;
		for (j = 0; j < n; j++) {
			if (!gelf_getrela(rd, j, &rela))
				return vm_fail(im, "%s: bad entry %zu", r->name, j);
			if (GELF_R_TYPE(rela.r_info) == k->none)
				continue;
			if (GELF_R_TYPE(rela.r_info) != k->abs64)
				return vm_fail(im, "%s: relocation type %u is not supported",
					       r->name,
					       (unsigned int)GELF_R_TYPE(rela.r_info));
			if (!gelf_getsym(sd, GELF_R_SYM(rela.r_info), &sym))
				return vm_fail(im, "%s: bad symbol %u", r->name,
					       (unsigned int)GELF_R_SYM(rela.r_info));
			if (!rel_symbol_value(im, &sym, &val) ||
			    !put_u64(im, s, rela.r_offset, val + rela.r_addend))
				return false;
		}
	}
	return true;
}

/* PIE: base-relative relocations that land in @s, loaded at address 0. */
static bool apply_dyn(struct vm_image *im, struct vm_section *s)
{
	uint64_t start = s->addr, end = s->addr + s->shdr.sh_size;
	const struct vm_reloc_kinds *k = NULL;
	struct vm_section *r;
	Elf_Data *rd;
	GElf_Rela rela;
	size_t i, j, n;

	for (i = 1; i < im->n_secs; i++) {
		r = &im->secs[i];
		if (r->shdr.sh_type != SHT_RELA || !(r->shdr.sh_flags & SHF_ALLOC))
			continue;
		rd = section_data(im, r);
		if (!rd)
			return false;
		n = r->shdr.sh_entsize ? r->shdr.sh_size / r->shdr.sh_entsize : 0;
		for (j = 0; j < n; j++) {
			if (!gelf_getrela(rd, j, &rela))
				return vm_fail(im, "%s: bad entry %zu", r->name, j);
			if (rela.r_offset < start || rela.r_offset >= end)
				continue;
			if (!k)
				k = reloc_kinds_of(im);
			if (!k)
				return false;
			if (GELF_R_TYPE(rela.r_info) != k->relative)
				return vm_fail(im,
					       "%s: dynamic relocation type %u in %s is not supported",
					       r->name,
					       (unsigned int)GELF_R_TYPE(rela.r_info),
					       s->name);
			if (!put_u64(im, s, rela.r_offset - start, rela.r_addend))
				return false;
		}
	}
	return true;
}

/* The contents of @s as the program would see them once loaded. */
static const unsigned char *section_load(struct vm_image *im, size_t idx)
{
	struct vm_section *s = &im->secs[idx];
	Elf_Data *d;
	bool ok = true;

	if (s->data)
		return s->data;
	if (s->shdr.sh_flags & SHF_COMPRESSED) {
		vm_fail(im, "section %s is compressed", s->name);
		return NULL;
	}
	d = section_data(im, s);
	if (!d)
		return NULL;
	if (d->d_size != s->shdr.sh_size) {
		vm_fail(im, "section %s: size mismatch", s->name);
		return NULL;
	}
	s->data = malloc(s->shdr.sh_size ? s->shdr.sh_size : 1);
	if (!s->data) {
		vm_fail(im, "out of memory");
		return NULL;
	}
	if (s->shdr.sh_size)
		memcpy(s->data, d->d_buf, s->shdr.sh_size);
	if (im->ehdr.e_type == ET_REL)
		ok = apply_rel(im, s, idx);
	else if (im->ehdr.e_type == ET_DYN)
		ok = apply_dyn(im, s);
	if (!ok) {
		free(s->data);
		s->data = NULL;
	}
	return s->data;
}

/* The section holding [@addr, @addr + @len), loaded; NULL with a reason. */
static const unsigned char *resolve(struct vm_image *im, uint64_t addr,
				    uint64_t len, uint64_t *avail)
{
	const struct vm_section *s;
	const unsigned char *data;
	const char *nobits = NULL;
	uint64_t off;
	size_t i;

	for (i = 1; i < im->n_secs; i++) {
		s = &im->secs[i];
		if (!(s->shdr.sh_flags & SHF_ALLOC) || addr < s->addr ||
		    addr - s->addr >= s->shdr.sh_size)
			continue;
		if (s->shdr.sh_type == SHT_NOBITS) {
			nobits = s->name;
			continue;
		}
		off = addr - s->addr;
		if (len > s->shdr.sh_size - off) {
			snprintf(im->res.why, sizeof(im->res.why),
				 "0x%llx + %llu bytes runs past the end of %s",
				 (unsigned long long)addr,
				 (unsigned long long)len, s->name);
			return NULL;
		}
		data = section_load(im, i);
		if (!data) {
			snprintf(im->res.why, sizeof(im->res.why), "%s",
				 im->err);
			return NULL;
		}
		*avail = s->shdr.sh_size - off;
		return data + off;
	}
	if (nobits)
		snprintf(im->res.why, sizeof(im->res.why),
			 "address 0x%llx is in %s, which has no file data",
			 (unsigned long long)addr, nobits);
	else
		snprintf(im->res.why, sizeof(im->res.why),
			 "address 0x%llx is in no section of the file",
			 (unsigned long long)addr);
	return NULL;
}

static const void *vm_array(struct kapi_resolver *r, const void *addr,
			    size_t size, size_t n)
{
	struct vm_image *im = image_of(r);
	uint64_t avail;

	if (n > UINT64_MAX / size) {
		snprintf(r->why, sizeof(r->why), "%zu entries is too many", n);
		return NULL;
	}
	return resolve(im, (uintptr_t)addr, (uint64_t)size * n, &avail);
}

static const char *vm_string(struct kapi_resolver *r, const char *addr)
{
	struct vm_image *im = image_of(r);
	const unsigned char *p;
	uint64_t avail;

	p = resolve(im, (uintptr_t)addr, 1, &avail);
	if (p && !memchr(p, '\0', avail)) {
		snprintf(r->why, sizeof(r->why),
			 "string at 0x%llx is not terminated in its section",
			 (unsigned long long)(uintptr_t)addr);
		return NULL;
	}
	return (const char *)p;
}

/* Relocatable files have all sections at 0: give them distinct addresses. */
static bool layout_rel(struct vm_image *im)
{
	uint64_t next = REL_BASE, align;
	struct vm_section *s;
	size_t i;

	for (i = 1; i < im->n_secs; i++) {
		s = &im->secs[i];
		if (!(s->shdr.sh_flags & SHF_ALLOC))
			continue;
		align = s->shdr.sh_addralign ? s->shdr.sh_addralign : 1;
		if (align & (align - 1) || align > (1ULL << 32))
			return vm_fail(im, "section %s: bad alignment", s->name);
		next = (next + align - 1) & ~(align - 1);
		if (next > (1ULL << 48) ||
		    s->shdr.sh_size > (1ULL << 48) - next)
			return vm_fail(im, "section %s: bad size", s->name);
		s->addr = next;
		next += s->shdr.sh_size;
	}
	return true;
}

static int vm_open(struct vm_image *im, const char *path)
{
	size_t shstrndx, i;
	struct stat st;
	Elf_Scn *scn;

	im->path = path;
	im->res.array = vm_array;
	im->res.string = vm_string;
	im->fd = open(path, O_RDONLY);
	if (im->fd < 0) {
		p_err("%s: %s", path, strerror(errno));
		return KAPI_EXIT_NO_FILE;
	}
	if (fstat(im->fd, &st) || !S_ISREG(st.st_mode)) {
		p_err("%s: not an ELF file (not a regular file)", path);
		return KAPI_EXIT_NOT_ELF;
	}
	im->file_size = st.st_size;
	elf_version(EV_CURRENT);
	im->elf = elf_begin(im->fd, ELF_C_READ, NULL);
	if (!im->elf || elf_kind(im->elf) != ELF_K_ELF) {
		p_err("%s: not an ELF file", path);
		return KAPI_EXIT_NOT_ELF;
	}
	if (!gelf_getehdr(im->elf, &im->ehdr)) {
		p_err("%s: corrupt ELF header: %s", path, elf_errmsg(-1));
		return KAPI_EXIT_CORRUPT;
	}
	if (im->ehdr.e_ident[EI_CLASS] != ELFCLASS64 ||
	    im->ehdr.e_ident[EI_DATA] != ELFDATA2LSB) {
		p_err("%s: unsupported ELF file: kapi reads 64-bit little-endian kernels",
		      path);
		return KAPI_EXIT_CORRUPT;
	}
	/* libelf takes a section table past the end for no table at all */
	if (im->ehdr.e_shoff &&
	    (im->ehdr.e_shoff > im->file_size ||
	     (uint64_t)(im->ehdr.e_shnum ? im->ehdr.e_shnum : 1) *
	     im->ehdr.e_shentsize > im->file_size - im->ehdr.e_shoff)) {
		p_err("%s: truncated or corrupt: the section table lies outside the file",
		      path);
		return KAPI_EXIT_CORRUPT;
	}
	if (elf_getshdrnum(im->elf, &im->n_secs) ||
	    elf_getshdrstrndx(im->elf, &shstrndx)) {
		p_err("%s: corrupt section table: %s", path, elf_errmsg(-1));
		return KAPI_EXIT_CORRUPT;
	}
	im->secs = calloc(im->n_secs ? im->n_secs : 1, sizeof(*im->secs));
	if (!im->secs)
		return KAPI_EXIT_INTERNAL;
	for (i = 1; i < im->n_secs; i++) {
		scn = elf_getscn(im->elf, i);
		if (!scn || !gelf_getshdr(scn, &im->secs[i].shdr)) {
			p_err("%s: corrupt section header %zu: %s", path, i,
			      elf_errmsg(-1));
			return KAPI_EXIT_CORRUPT;
		}
		im->secs[i].scn = scn;
		im->secs[i].name = elf_strptr(im->elf, shstrndx,
					      im->secs[i].shdr.sh_name);
		if (!im->secs[i].name)
			im->secs[i].name = "?";
		im->secs[i].addr = im->secs[i].shdr.sh_addr;
	}
	if (im->ehdr.e_type == ET_REL && !layout_rel(im)) {
		p_err("%s: %s", path, im->err);
		return KAPI_EXIT_CORRUPT;
	}
	return KAPI_EXIT_OK;
}

static void vm_close(struct vm_image *im)
{
	size_t i;

	for (i = 0; im->secs && i < im->n_secs; i++)
		free(im->secs[i].data);
	free(im->secs);
	if (im->elf)
		elf_end(im->elf);
	if (im->fd >= 0)
		close(im->fd);
}

/*
 * The runtime check trusts errno_map, and an error's number must be its
 * name's on the file's architecture (numbering @abi); say so when not.
 */
static void check_errnos(struct vm_image *im, const struct kapi_spec *s,
			 int abi)
{
	u64 map[KAPI_ERRNO_MAP_BITS / 64];
	unsigned int i;
	int v;

	kapi_errno_map_compute(s, map);
	if (memcmp(map, s->errno_map, sizeof(map)))
		p_warn("%s: spec '%s': errno_map does not match its errors",
		       im->path, s->name);
	for (i = 0; i < s->n_errors; i++) {
		const struct kapi_error *e = &s->errors[i];

		if (e->name && kapi_errno_value(abi, e->name, &v) &&
		    v != e->error)
			p_warn("%s: spec '%s': %s is %d, but %d on %s (ELF machine %u)",
			       im->path, s->name, e->name, e->error, v,
			       kapi_errno_abi_name(abi), im->ehdr.e_machine);
	}
}

static int read_section(struct kapi_set *set, struct vm_image *im, size_t idx)
{
	const struct vm_section *s = &im->secs[idx];
	const struct kapi_spec *spec;
	const unsigned char *data;
	struct kapi_spec raw;
	char err[256];
	size_t i, n;

	if (s->shdr.sh_type == SHT_NOBITS) {
		p_err("%s: section %s has no file data", im->path, s->name);
		return KAPI_EXIT_CORRUPT;
	}
	if (s->shdr.sh_size % sizeof(raw)) {
		p_err("%s: section %s is %llu bytes, not a multiple of struct kapi_spec (%zu bytes, KAPI_SPEC_VERSION %d)",
		      im->path, s->name, (unsigned long long)s->shdr.sh_size,
		      sizeof(raw), KAPI_SPEC_VERSION);
		return KAPI_EXIT_CORRUPT;
	}
	data = section_load(im, idx);
	if (!data) {
		p_err("%s: %s", im->path, im->err);
		return KAPI_EXIT_CORRUPT;
	}
	n = s->shdr.sh_size / sizeof(raw);
	for (i = 0; i < n; i++) {
		memcpy(&raw, data + i * sizeof(raw), sizeof(raw));
		spec = kapi_spec_import(&set->arena, &raw, &im->res, err,
					sizeof(err));
		if (!spec) {
			p_err("%s: corrupt spec %zu in %s: %s", im->path, i,
			      s->name, err);
			return KAPI_EXIT_CORRUPT;
		}
		check_errnos(im, spec, set->errno_abi);
		kapi_set_add(set, spec);
	}
	return KAPI_EXIT_OK;
}

/*
 * The layout version the image's specs have, from its symbol table; false
 * with a message in im->err when the image has no such record.
 */
static bool layout_version(struct vm_image *im, uint32_t *ver)
{
	const unsigned char *p;
	struct vm_section *s;
	uint64_t addr, avail;
	const char *name;
	Elf_Data *d;
	GElf_Sym sym;
	size_t i, k;

	for (i = 1; i < im->n_secs; i++) {
		s = &im->secs[i];
		if (s->shdr.sh_type != SHT_SYMTAB || !s->shdr.sh_entsize)
			continue;
		d = section_data(im, s);
		if (!d)
			return false;
		for (k = 0; k < s->shdr.sh_size / s->shdr.sh_entsize; k++) {
			if (!gelf_getsym(d, k, &sym) || sym.st_shndx == SHN_UNDEF)
				continue;
			name = elf_strptr(im->elf, s->shdr.sh_link, sym.st_name);
			if (!name || strcmp(name, KAPI_VERSION_SYMBOL))
				continue;
			addr = sym.st_value;
			if (im->ehdr.e_type == ET_REL &&
			    !rel_symbol_value(im, &sym, &addr))
				return false;
			p = resolve(im, addr, sizeof(*ver), &avail);
			if (!p)
				return vm_fail(im, "%s: %s", KAPI_VERSION_SYMBOL,
					       im->res.why);
			memcpy(ver, p, sizeof(*ver));
			return true;
		}
	}
	return vm_fail(im, "no %s symbol: built before kapi recorded its layout, or stripped; this kapi reads layout version %d",
		       KAPI_VERSION_SYMBOL, KAPI_SPEC_VERSION);
}

/* Only an image whose specs have the layout this kapi was built with. */
static int check_layout(struct vm_image *im)
{
	uint32_t ver = 0;

	if (!layout_version(im, &ver)) {
		p_err("%s: %s", im->path, im->err);
		return KAPI_EXIT_CORRUPT;
	}
	if (ver != KAPI_SPEC_VERSION) {
		p_err("%s: its specs have layout version %u (%s); this kapi reads version %d",
		      im->path, ver, KAPI_VERSION_SYMBOL, KAPI_SPEC_VERSION);
		return KAPI_EXIT_CORRUPT;
	}
	return KAPI_EXIT_OK;
}

int vmlinux_read(struct kapi_set *set, const char *path)
{
	struct vm_image im = { .fd = -1 };
	bool found = false, checked = false;
	size_t i;
	int ret;

	ret = vm_open(&im, path);
	if (!ret)
		set->errno_abi = kapi_errno_abi_of_elf(im.ehdr.e_machine);
	for (i = 1; !ret && i < im.n_secs; i++) {
		if (strcmp(im.secs[i].name, KAPI_SECTION_NAME))
			continue;
		/* an empty section holds no spec to misread */
		if (!checked && im.secs[i].shdr.sh_size) {
			ret = check_layout(&im);
			checked = true;
		}
		found = true;
		if (!ret)
			ret = read_section(set, &im, i);
	}
	if (!ret && !found) {
		p_err("%s: no %s section: built without CONFIG_KAPI_SPEC?",
		      path, KAPI_SECTION_NAME);
		ret = KAPI_EXIT_NO_SPECS;
	}
	vm_close(&im);
	return ret;
}
