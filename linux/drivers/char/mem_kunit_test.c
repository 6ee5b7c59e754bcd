// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the /dev/mem file operations in drivers/char/mem.c.
 *
 * Every case names, in a "Verifies:" line of the comment above it, the
 * numbered behaviours of the kernel-doc in mem.c that it checks, each with
 * the fingerprint of the behaviour's text. `kapi trace` (tools/kapi) reads
 * both files and fails when a behaviour has no case, or when a case cites
 * a number that no longer has the text it was written against. A case
 * that fails prints what it cites (kapi_kunit_cites()). See
 * Documentation/dev-tools/kapi.rst.
 *
 * The cases call the functions directly, with a file and inode of their
 * own and user memory from kunit_vm_mmap(). Which physical pages they use
 * is decided at run time by asking page_is_allowed() about the first
 * megabytes: a page /dev/mem refuses, one it shows as zeros, one it
 * allows. Reading or writing a refused or restricted page never touches
 * memory. Cases that read or write an allowed page touch real physical
 * memory (on x86 with STRICT_DEVMEM, a firmware page of the first
 * megabyte); they run only with CONFIG_DEVMEM_KUNIT_TEST_IO, restore what
 * they write, and are meant for virtual machines.
 */
#include <kunit/test.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/kdev_t.h>
#include <linux/major.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/pfn.h>
#include <linux/sched/signal.h>
#include <linux/security.h>
#include <linux/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "mem.h"

#if IS_ENABLED(CONFIG_KAPI_SPEC)
#include "mem_kunit_test.apispec.h"
#endif

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

/* how far the search for pages of each kind goes */
#define DEVMEM_SCAN_PFNS	4096
#define DEVMEM_UBUF_SIZE	(2 * PAGE_SIZE)
#define DEVMEM_FILL		0xa5

enum devmem_access {
	DEVMEM_REFUSED = 0,
	DEVMEM_ALLOWED = 1,
	DEVMEM_RESTRICTED = 2,
};

struct devmem_test {
	struct file *file;
	struct inode *inode;
	char __user *ubuf;	/* DEVMEM_UBUF_SIZE bytes of user memory */
	char __user *unmapped;	/* a user page that faults */
	char *kbuf;		/* DEVMEM_UBUF_SIZE bytes of kernel memory */
	void *own_page;		/* a RAM page of the test's own */
};

static unsigned long devmem_limit_pfn(void)
{
	return PFN_DOWN(__pa(high_memory));
}

/*
 * Whether valid_phys_addr_range() takes page frame @pfn, so that read_mem()
 * and write_mem() get as far as page_is_allowed(). The generic rule and
 * x86's take what lies below __pa(high_memory); arm64's takes memory the
 * kernel maps, which is what it registers as System RAM (its own function
 * is not exported to a test module).
 */
static bool devmem_pfn_in_range(unsigned long pfn)
{
	if (pfn >= devmem_limit_pfn())
		return false;
	return !IS_ENABLED(CONFIG_ARM64) || page_is_ram(pfn);
}

/*
 * A page frame in range that page_is_allowed() puts in @want, or -1. The
 * test's own page comes first: on x86 it is the usual refused page.
 */
static long devmem_find_pfn(struct kunit *test, int want)
{
	struct devmem_test *t = test->priv;
	unsigned long pfn, own = PFN_DOWN(virt_to_phys(t->own_page));
	unsigned long end = min_t(unsigned long, devmem_limit_pfn(),
				  DEVMEM_SCAN_PFNS);

	if (devmem_pfn_in_range(own) && page_is_allowed(own) == want)
		return own;
	for (pfn = 0; pfn < end; pfn++)
		if (devmem_pfn_in_range(pfn) && page_is_allowed(pfn) == want)
			return pfn;
	return -1;
}

/* Two adjacent page frames in range of the kinds @first and @second, or -1. */
static long devmem_find_pair(int first, int second)
{
	unsigned long pfn, end = min(devmem_limit_pfn(), DEVMEM_SCAN_PFNS);

	for (pfn = 0; pfn + 1 < end; pfn++)
		if (devmem_pfn_in_range(pfn) && devmem_pfn_in_range(pfn + 1) &&
		    page_is_allowed(pfn) == first &&
		    page_is_allowed(pfn + 1) == second)
			return pfn;
	return -1;
}

static long devmem_need_pfn(struct kunit *test, int want)
{
	long pfn = devmem_find_pfn(test, want);

	if (pfn < 0)
		kunit_skip(test, "no page in range with page_is_allowed() == %d", want);
	return pfn;
}

static void devmem_need_io(struct kunit *test)
{
	if (!IS_ENABLED(CONFIG_DEVMEM_KUNIT_TEST_IO))
		kunit_skip(test, "touches physical memory; needs CONFIG_DEVMEM_KUNIT_TEST_IO");
}

/*
 * The generic valid_phys_addr_range() and x86's both refuse a range that
 * ends past __pa(high_memory); other architectures' own rules may differ.
 */
static void devmem_need_high_memory_limit(struct kunit *test)
{
#if defined(ARCH_HAS_VALID_PHYS_ADDR_RANGE) && !defined(CONFIG_X86)
	kunit_skip(test, "the architecture has its own valid_phys_addr_range()");
#endif
}

/* Fill the user buffer with DEVMEM_FILL. */
static void devmem_fill_ubuf(struct kunit *test)
{
	struct devmem_test *t = test->priv;

	memset(t->kbuf, DEVMEM_FILL, DEVMEM_UBUF_SIZE);
	KUNIT_ASSERT_EQ(test, copy_to_user(t->ubuf, t->kbuf, DEVMEM_UBUF_SIZE), 0);
}

/* Copy the user buffer into kbuf. */
static void devmem_get_ubuf(struct kunit *test)
{
	struct devmem_test *t = test->priv;

	KUNIT_ASSERT_EQ(test, copy_from_user(t->kbuf, t->ubuf, DEVMEM_UBUF_SIZE), 0);
}

static bool devmem_all(const char *p, int c, size_t n)
{
	return !memchr_inv(p, c, n);
}

/* A kernel mapping of physical page @pfn, unmapped when the test ends. */
static void *devmem_map(struct kunit *test, unsigned long pfn)
{
	void *p = memremap(PFN_PHYS(pfn), PAGE_SIZE, MEMREMAP_WB);

	if (!p)
		kunit_skip(test, "cannot memremap() page frame %#lx", pfn);
	return p;
}

/* Have a SIGUSR1 pending in the test thread while @fn runs. */
static void devmem_signal_on(void)
{
	allow_signal(SIGUSR1);
	send_sig(SIGUSR1, current, 1);
}

static void devmem_signal_off(void)
{
	flush_signals(current);
	disallow_signal(SIGUSR1);
}

static int devmem_test_init(struct kunit *test)
{
	struct devmem_test *t;
	unsigned long addr;

	t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);
	t->file = kunit_kzalloc(test, sizeof(*t->file), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t->file);
	t->inode = kunit_kzalloc(test, sizeof(*t->inode), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t->inode);
	init_rwsem(&t->inode->i_rwsem);
	t->inode->i_rdev = MKDEV(MEM_MAJOR, 1);
	t->file->f_inode = t->inode;
	t->kbuf = kunit_kzalloc(test, DEVMEM_UBUF_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t->kbuf);
	t->own_page = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t->own_page);

	addr = kunit_vm_mmap(test, NULL, 0, DEVMEM_UBUF_SIZE + PAGE_SIZE,
			     PROT_READ | PROT_WRITE, MAP_ANONYMOUS | MAP_PRIVATE,
			     0);
	KUNIT_ASSERT_FALSE(test, !addr || IS_ERR_VALUE(addr));
	/* the page after the buffer faults */
	KUNIT_ASSERT_EQ(test, vm_munmap(addr + DEVMEM_UBUF_SIZE, PAGE_SIZE), 0);
	t->ubuf = (char __user *)addr;
	t->unmapped = (char __user *)(addr + DEVMEM_UBUF_SIZE);
	test->priv = t;
	return 0;
}

/* --- read_mem ------------------------------------------------------------ */

/*
 * A position past what phys_addr_t holds reads nothing.
 *
 * Verifies: read_mem.1#e45a22
 */
static void devmem_read_pos_not_phys(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	loff_t pos;

	if (sizeof(phys_addr_t) >= sizeof(loff_t))
		kunit_skip(test, "every position fits in phys_addr_t here");
	pos = (loff_t)PHYS_ADDR_MAX + 1;
	KUNIT_EXPECT_EQ(test, read_mem(t->file, t->ubuf, 16, &pos), 0);
	KUNIT_EXPECT_EQ(test, pos, (loff_t)PHYS_ADDR_MAX + 1);
}

/*
 * A range that ends past high_memory fails before anything is copied.
 *
 * Verifies: read_mem.2#654879
 */
static void devmem_read_out_of_range(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	loff_t end = __pa(high_memory), pos = end - 8;

	devmem_need_high_memory_limit(test);
	devmem_fill_ubuf(test);
	KUNIT_EXPECT_EQ(test, read_mem(t->file, t->ubuf, 16, &pos), -EFAULT);
	KUNIT_EXPECT_EQ(test, pos, end - 8);
	pos = end;
	KUNIT_EXPECT_EQ(test, read_mem(t->file, t->ubuf, 1, &pos), -EFAULT);
	devmem_get_ubuf(test);
	KUNIT_EXPECT_TRUE(test, devmem_all(t->kbuf, DEVMEM_FILL, 16));
}

/*
 * Zero bytes at a valid position (the test's own page, in range on every
 * architecture): 0, position unchanged.
 *
 * Verifies: read_mem.3#39cc2c
 */
static void devmem_read_empty(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	loff_t start = virt_to_phys(t->own_page), pos = start;

	KUNIT_EXPECT_EQ(test, read_mem(t->file, t->ubuf, 0, &pos), 0);
	KUNIT_EXPECT_EQ(test, pos, start);
}

/*
 * x86 checks the last byte of the range, which wraps for zero bytes at
 * position 0: -EFAULT, position unchanged.
 *
 * Verifies: read_mem.2#654879, read_mem.3#39cc2c
 */
static void devmem_read_empty_at_zero(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	loff_t pos = 0;

	if (!IS_ENABLED(CONFIG_X86))
		kunit_skip(test, "the wrap is in x86's valid_phys_addr_range()");
	KUNIT_EXPECT_EQ(test, read_mem(t->file, t->ubuf, 0, &pos), -EFAULT);
	KUNIT_EXPECT_EQ(test, pos, 0);
}

/*
 * A read that starts in a refused page fails and leaves the position.
 *
 * Verifies: read_mem.5#33becc
 */
static void devmem_read_refused_page(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	long pfn = devmem_need_pfn(test, DEVMEM_REFUSED);
	loff_t pos = PFN_PHYS(pfn) + 8;

	devmem_fill_ubuf(test);
	KUNIT_EXPECT_EQ(test, read_mem(t->file, t->ubuf, 16, &pos), -EPERM);
	KUNIT_EXPECT_EQ(test, pos, PFN_PHYS(pfn) + 8);
	devmem_get_ubuf(test);
	KUNIT_EXPECT_TRUE(test, devmem_all(t->kbuf, DEVMEM_FILL, 16));
}

/*
 * A read across a page boundary checks each page: the part before a
 * refused page is copied, then the read fails without moving the position.
 * The first page is a restricted one where there is such a pair (no memory
 * is read), else an allowed one (needs CONFIG_DEVMEM_KUNIT_TEST_IO).
 *
 * Verifies: read_mem.4#fb18ff, read_mem.5#33becc
 */
static void devmem_read_stops_at_refused_page(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	long pfn = devmem_find_pair(DEVMEM_RESTRICTED, DEVMEM_REFUSED);
	int first = DEVMEM_RESTRICTED;
	loff_t start, pos;
	void *mem;

	if (pfn < 0) {
		pfn = devmem_find_pair(DEVMEM_ALLOWED, DEVMEM_REFUSED);
		first = DEVMEM_ALLOWED;
		if (pfn < 0)
			kunit_skip(test, "no page followed by a refused one");
		devmem_need_io(test);
	}
	start = PFN_PHYS(pfn + 1) - 8;
	pos = start;
	devmem_fill_ubuf(test);
	KUNIT_EXPECT_EQ(test, read_mem(t->file, t->ubuf, 16, &pos), -EPERM);
	KUNIT_EXPECT_EQ(test, pos, start);
	devmem_get_ubuf(test);
	if (first == DEVMEM_RESTRICTED) {
		KUNIT_EXPECT_TRUE(test, devmem_all(t->kbuf, 0, 8));
	} else {
		mem = devmem_map(test, pfn);
		KUNIT_EXPECT_MEMEQ(test, t->kbuf, mem + PAGE_SIZE - 8, 8);
		memunmap(mem);
	}
	KUNIT_EXPECT_TRUE(test, devmem_all(t->kbuf + 8, DEVMEM_FILL, 8));
}

/*
 * A restricted page reads as zeros, and the position moves past it.
 *
 * Verifies: read_mem.6#9555c3, read_mem.10#5a94c1
 */
static void devmem_read_restricted_zeroes(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	long pfn = devmem_need_pfn(test, DEVMEM_RESTRICTED);
	loff_t pos = PFN_PHYS(pfn);

	devmem_fill_ubuf(test);
	KUNIT_EXPECT_EQ(test, read_mem(t->file, t->ubuf, PAGE_SIZE, &pos),
			(ssize_t)PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, pos, PFN_PHYS(pfn) + PAGE_SIZE);
	devmem_get_ubuf(test);
	KUNIT_EXPECT_TRUE(test, devmem_all(t->kbuf, 0, PAGE_SIZE));
	KUNIT_EXPECT_TRUE(test, devmem_all(t->kbuf + PAGE_SIZE, DEVMEM_FILL,
					   PAGE_SIZE));
}

/*
 * An allowed page reads as its content, from an unaligned start.
 *
 * Verifies: read_mem.7#2c5dd8, read_mem.10#5a94c1
 */
static void devmem_read_allowed_page(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	long pfn;
	loff_t pos;
	void *mem;

	devmem_need_io(test);
	pfn = devmem_need_pfn(test, DEVMEM_ALLOWED);
	pos = PFN_PHYS(pfn) + 16;
	mem = devmem_map(test, pfn);
	devmem_fill_ubuf(test);
	KUNIT_EXPECT_EQ(test, read_mem(t->file, t->ubuf, PAGE_SIZE - 16, &pos),
			(ssize_t)(PAGE_SIZE - 16));
	KUNIT_EXPECT_EQ(test, pos, PFN_PHYS(pfn) + PAGE_SIZE);
	devmem_get_ubuf(test);
	KUNIT_EXPECT_MEMEQ(test, t->kbuf, mem + 16, PAGE_SIZE - 16);
	memunmap(mem);
}

/*
 * A user buffer that faults: -EFAULT, position unchanged. A restricted
 * page is used, so no memory is read.
 *
 * Verifies: read_mem.8#107bfc
 */
static void devmem_read_bad_user_buffer(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	long pfn = devmem_need_pfn(test, DEVMEM_RESTRICTED);
	loff_t pos = PFN_PHYS(pfn);

	KUNIT_EXPECT_EQ(test, read_mem(t->file, t->unmapped, 16, &pos),
			-EFAULT);
	KUNIT_EXPECT_EQ(test, pos, PFN_PHYS(pfn));
}

/*
 * With a signal pending, a two-page read stops after the first page.
 *
 * Verifies: read_mem.9#e6b5b9, read_mem.10#5a94c1
 */
static void devmem_read_signal_pending(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	long pfn = devmem_find_pair(DEVMEM_RESTRICTED, DEVMEM_RESTRICTED);
	loff_t pos;
	ssize_t ret;

	if (pfn < 0)
		kunit_skip(test, "no two adjacent restricted pages");
	pos = PFN_PHYS(pfn);
	devmem_signal_on();
	ret = read_mem(t->file, t->ubuf, 2 * PAGE_SIZE, &pos);
	devmem_signal_off();
	KUNIT_EXPECT_EQ(test, ret, (ssize_t)PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, pos, PFN_PHYS(pfn) + PAGE_SIZE);
}

/* --- write_mem ----------------------------------------------------------- */

/*
 * A position past what phys_addr_t holds is refused with -EFBIG.
 *
 * Verifies: write_mem.1#8e21fd
 */
static void devmem_write_pos_not_phys(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	loff_t pos;

	if (sizeof(phys_addr_t) >= sizeof(loff_t))
		kunit_skip(test, "every position fits in phys_addr_t here");
	pos = (loff_t)PHYS_ADDR_MAX + 1;
	KUNIT_EXPECT_EQ(test, write_mem(t->file, t->ubuf, 16, &pos), -EFBIG);
}

/*
 * A range that ends past high_memory fails before anything is written.
 *
 * Verifies: write_mem.2#29e5a2
 */
static void devmem_write_out_of_range(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	loff_t end = __pa(high_memory), pos = end - 8;

	devmem_need_high_memory_limit(test);
	KUNIT_EXPECT_EQ(test, write_mem(t->file, t->ubuf, 16, &pos), -EFAULT);
	KUNIT_EXPECT_EQ(test, pos, end - 8);
}

/*
 * Zero bytes at a valid position (the test's own page): 0, position
 * unchanged.
 *
 * Verifies: write_mem.3#7c4a8d
 */
static void devmem_write_empty(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	loff_t start = virt_to_phys(t->own_page), pos = start;

	KUNIT_EXPECT_EQ(test, write_mem(t->file, t->ubuf, 0, &pos), 0);
	KUNIT_EXPECT_EQ(test, pos, start);
}

/*
 * The same check as read_mem(): zero bytes at position 0 fail on x86.
 *
 * Verifies: write_mem.2#29e5a2, write_mem.3#7c4a8d
 */
static void devmem_write_empty_at_zero(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	loff_t pos = 0;

	if (!IS_ENABLED(CONFIG_X86))
		kunit_skip(test, "the wrap is in x86's valid_phys_addr_range()");
	KUNIT_EXPECT_EQ(test, write_mem(t->file, t->ubuf, 0, &pos), -EFAULT);
	KUNIT_EXPECT_EQ(test, pos, 0);
}

/*
 * A refused page is not written: -EPERM, memory and position unchanged.
 * Where the test's own page is the refused one, its content is checked.
 *
 * Verifies: write_mem.4#d4e0db
 */
static void devmem_write_refused_page(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	long pfn = devmem_need_pfn(test, DEVMEM_REFUSED);
	unsigned long off = offset_in_page(t->own_page);
	bool own = pfn == PFN_DOWN(virt_to_phys(t->own_page));
	loff_t pos = PFN_PHYS(pfn) + (own ? off : 0);

	memset(t->own_page, 0x3c, 64);
	devmem_fill_ubuf(test);
	KUNIT_EXPECT_EQ(test, write_mem(t->file, t->ubuf, 64, &pos), -EPERM);
	KUNIT_EXPECT_EQ(test, pos, PFN_PHYS(pfn) + (own ? off : 0));
	if (own)
		KUNIT_EXPECT_TRUE(test, devmem_all(t->own_page, 0x3c, 64));
}

/*
 * A restricted page is skipped: its bytes count as written and the
 * position moves, but the memory keeps its content.
 *
 * Verifies: write_mem.5#c36d43, write_mem.9#8add10
 */
static void devmem_write_restricted_skipped(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	long pfn = devmem_need_pfn(test, DEVMEM_RESTRICTED);
	loff_t pos = PFN_PHYS(pfn);
	char *before;
	void *mem;

	mem = devmem_map(test, pfn);
	before = kunit_kmalloc(test, 256, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, before);
	memcpy(before, mem, 256);
	devmem_fill_ubuf(test);
	KUNIT_EXPECT_EQ(test, write_mem(t->file, t->ubuf, 256, &pos), 256);
	KUNIT_EXPECT_EQ(test, pos, PFN_PHYS(pfn) + 256);
	KUNIT_EXPECT_MEMEQ(test, mem, before, 256);
	memunmap(mem);
}

/*
 * An allowed page gets the bytes; the test puts the old ones back.
 *
 * Verifies: write_mem.6#55cd07, write_mem.9#8add10
 */
static void devmem_write_allowed_page(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	char saved[32], pattern[32];
	loff_t start, pos;
	long pfn;
	void *mem;

	devmem_need_io(test);
	pfn = devmem_need_pfn(test, DEVMEM_ALLOWED);
	mem = devmem_map(test, pfn);
	start = PFN_PHYS(pfn) + PAGE_SIZE - sizeof(pattern);
	memcpy(saved, mem + PAGE_SIZE - sizeof(saved), sizeof(saved));
	memset(pattern, 0x5a, sizeof(pattern));
	pattern[0] = ~saved[0];		/* differs from what is there */
	KUNIT_ASSERT_EQ(test, copy_to_user(t->ubuf, pattern, sizeof(pattern)), 0);
	pos = start;
	KUNIT_EXPECT_EQ(test, write_mem(t->file, t->ubuf, sizeof(pattern), &pos),
			(ssize_t)sizeof(pattern));
	KUNIT_EXPECT_EQ(test, pos, start + sizeof(pattern));
	KUNIT_EXPECT_MEMEQ(test, mem + PAGE_SIZE - sizeof(pattern), pattern,
			   sizeof(pattern));
	memcpy(mem + PAGE_SIZE - sizeof(saved), saved, sizeof(saved));
	memunmap(mem);
}

/*
 * A user buffer that faults at once: -EFAULT, position unchanged; one that
 * faults part way: a short write of the bytes before the fault. Either way
 * the memory the chunk was to fill past the fault is zeroed.
 *
 * Verifies: write_mem.7#e648af, write_mem.9#8add10
 */
static void devmem_write_bad_user_buffer(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	char saved[32];
	loff_t start, pos;
	ssize_t ret;
	long pfn;
	void *mem;

	devmem_need_io(test);
	pfn = devmem_need_pfn(test, DEVMEM_ALLOWED);
	mem = devmem_map(test, pfn);
	start = PFN_PHYS(pfn) + PAGE_SIZE - sizeof(saved);
	memcpy(saved, mem + PAGE_SIZE - sizeof(saved), sizeof(saved));

	/* not zero before, so that the zeroing shows */
	memset(mem + PAGE_SIZE - sizeof(saved), 0x5a, sizeof(saved));
	pos = start;
	ret = write_mem(t->file, t->unmapped, 16, &pos);
	KUNIT_EXPECT_EQ(test, ret, -EFAULT);
	KUNIT_EXPECT_EQ(test, pos, start);
	KUNIT_EXPECT_TRUE(test, devmem_all(mem + PAGE_SIZE - sizeof(saved), 0, 16));

	/* 8 good bytes at the end of the buffer, then the unmapped page */
	KUNIT_ASSERT_EQ(test, copy_to_user(t->unmapped - 8, saved, 8), 0);
	memset(mem + PAGE_SIZE - sizeof(saved), 0x5a, sizeof(saved));
	pos = start;
	ret = write_mem(t->file, t->unmapped - 8, 16, &pos);
	KUNIT_EXPECT_GT(test, ret, 0);
	KUNIT_EXPECT_LE(test, ret, 8);
	KUNIT_EXPECT_EQ(test, pos, start + (ret > 0 ? ret : 0));
	if (ret > 0 && ret <= 8)
		KUNIT_EXPECT_TRUE(test, devmem_all(mem + PAGE_SIZE - sizeof(saved) +
						   ret, 0, 16 - ret));

	memcpy(mem + PAGE_SIZE - sizeof(saved), saved, sizeof(saved));
	memunmap(mem);
}

/*
 * With a signal pending, a two-page write stops after the first page.
 * Restricted pages are used, so no memory is written.
 *
 * Verifies: write_mem.8#f8452d, write_mem.9#8add10
 */
static void devmem_write_signal_pending(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	long pfn = devmem_find_pair(DEVMEM_RESTRICTED, DEVMEM_RESTRICTED);
	loff_t pos;
	ssize_t ret;

	if (pfn < 0)
		kunit_skip(test, "no two adjacent restricted pages");
	pos = PFN_PHYS(pfn);
	devmem_signal_on();
	ret = write_mem(t->file, t->ubuf, 2 * PAGE_SIZE, &pos);
	devmem_signal_off();
	KUNIT_EXPECT_EQ(test, ret, (ssize_t)PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, pos, PFN_PHYS(pfn) + PAGE_SIZE);
}

/* --- memory_lseek -------------------------------------------------------- */

/*
 * SEEK_SET sets and returns the position; the inode lock is free after.
 *
 * Verifies: memory_lseek.1#c2fee3, memory_lseek.2#8e63ed
 */
static void devmem_lseek_set(struct kunit *test)
{
	struct devmem_test *t = test->priv;

	t->file->f_pos = 12;
	KUNIT_EXPECT_EQ(test, memory_lseek(t->file, 0x1000, SEEK_SET), 0x1000);
	KUNIT_EXPECT_EQ(test, t->file->f_pos, 0x1000);
	KUNIT_EXPECT_FALSE(test, inode_is_locked(t->inode));
	KUNIT_EXPECT_EQ(test, memory_lseek(t->file, 0, SEEK_SET), 0);
	KUNIT_EXPECT_EQ(test, t->file->f_pos, 0);
}

/*
 * SEEK_CUR moves the position by the offset, both ways.
 *
 * Verifies: memory_lseek.1#c2fee3, memory_lseek.3#74cb03
 */
static void devmem_lseek_cur(struct kunit *test)
{
	struct devmem_test *t = test->priv;

	t->file->f_pos = 0x1000;
	KUNIT_EXPECT_EQ(test, memory_lseek(t->file, 0x20, SEEK_CUR), 0x1020);
	KUNIT_EXPECT_EQ(test, memory_lseek(t->file, -0x1020, SEEK_CUR), 0);
	KUNIT_EXPECT_EQ(test, t->file->f_pos, 0);
	KUNIT_EXPECT_FALSE(test, inode_is_locked(t->inode));
}

/*
 * Any other whence is refused and leaves the position.
 *
 * Verifies: memory_lseek.4#e69680
 */
static void devmem_lseek_bad_whence(struct kunit *test)
{
	static const int whence[] = { SEEK_END, SEEK_DATA, SEEK_HOLE, 42, -1 };
	struct devmem_test *t = test->priv;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(whence); i++) {
		t->file->f_pos = 0x2000;
		KUNIT_EXPECT_EQ(test, memory_lseek(t->file, 0, whence[i]),
				-EINVAL);
		KUNIT_EXPECT_EQ(test, t->file->f_pos, 0x2000);
	}
	KUNIT_EXPECT_FALSE(test, inode_is_locked(t->inode));
}

/*
 * A position that would read as an errno is refused with -EOVERFLOW.
 *
 * Verifies: memory_lseek.5#0943ee
 */
static void devmem_lseek_errno_range(struct kunit *test)
{
	struct devmem_test *t = test->priv;

	t->file->f_pos = 0x3000;
	KUNIT_EXPECT_EQ(test, memory_lseek(t->file, -1, SEEK_SET), -EOVERFLOW);
	KUNIT_EXPECT_EQ(test, memory_lseek(t->file, -MAX_ERRNO, SEEK_SET),
			-EOVERFLOW);
	KUNIT_EXPECT_EQ(test, memory_lseek(t->file, -0x3001, SEEK_CUR),
			-EOVERFLOW);
	KUNIT_EXPECT_EQ(test, t->file->f_pos, 0x3000);
	KUNIT_EXPECT_FALSE(test, inode_is_locked(t->inode));
}

/*
 * Positions that are negative as loff_t but not errno values are fine.
 *
 * Verifies: memory_lseek.6#ccdfe6
 */
static void devmem_lseek_high_position(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	loff_t high = -MAX_ERRNO - 1;

	KUNIT_EXPECT_EQ(test, memory_lseek(t->file, high, SEEK_SET), high);
	KUNIT_EXPECT_EQ(test, t->file->f_pos, high);
	KUNIT_EXPECT_EQ(test, memory_lseek(t->file, LLONG_MIN, SEEK_SET),
			LLONG_MIN);
	KUNIT_EXPECT_EQ(test, t->file->f_pos, LLONG_MIN);
}

/* --- open_port, memory_open ---------------------------------------------- */

/*
 * Without CAP_SYS_RAWIO, opening /dev/mem or /dev/port is refused.
 *
 * Verifies: open_port.1#c07b59
 */
static void devmem_open_port_no_rawio(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	const struct cred *old;
	struct cred *cred;
	int ret;

	cred = prepare_creds();
	KUNIT_ASSERT_NOT_NULL(test, cred);
	cap_lower(cred->cap_effective, CAP_SYS_RAWIO);
	old = override_creds(cred);
	ret = open_port(t->inode, t->file);
	revert_creds(old);
	put_cred(cred);
	KUNIT_EXPECT_EQ(test, ret, -EPERM);
	KUNIT_EXPECT_NULL(test, t->file->f_mapping);
}

/*
 * A kernel locked down against /dev/mem refuses it with the LSM's error.
 *
 * Verifies: open_port.2#403f3e
 */
static void devmem_open_port_lockdown(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	int rc = security_locked_down(LOCKDOWN_DEV_MEM);

	if (!rc)
		kunit_skip(test, "the kernel is not locked down");
	KUNIT_EXPECT_EQ(test, open_port(t->inode, t->file), rc);
}

/*
 * /dev/mem gets the shared address space; /dev/port is left alone.
 *
 * Verifies: open_port.3#cc6b2a, open_port.4#0b825c
 */
static void devmem_open_port_mapping(struct kunit *test)
{
	struct devmem_test *t = test->priv;
	struct address_space *shared;
	struct file *other;

	if (security_locked_down(LOCKDOWN_DEV_MEM))
		kunit_skip(test, "the kernel is locked down");
	other = kunit_kzalloc(test, sizeof(*other), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, other);

	KUNIT_ASSERT_EQ(test, open_port(t->inode, t->file), 0);
	shared = t->file->f_mapping;
	KUNIT_EXPECT_NOT_NULL(test, shared);
	KUNIT_ASSERT_EQ(test, open_port(t->inode, other), 0);
	KUNIT_EXPECT_PTR_EQ(test, other->f_mapping, shared);

	memset(other, 0, sizeof(*other));
	t->inode->i_rdev = MKDEV(MEM_MAJOR, 4);
	KUNIT_EXPECT_EQ(test, open_port(t->inode, other), 0);
	KUNIT_EXPECT_NULL(test, other->f_mapping);
	KUNIT_EXPECT_NULL(test, other->f_op);
}

/*
 * Minors without a device give -ENXIO and leave the file alone.
 *
 * Verifies: memory_open.1#39a015
 */
static void devmem_open_no_device(struct kunit *test)
{
	static const unsigned int minors[] = { 0, 2, 6, 10, 12, 200 };
	struct devmem_test *t = test->priv;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(minors); i++) {
		t->inode->i_rdev = MKDEV(MEM_MAJOR, minors[i]);
		KUNIT_EXPECT_EQ(test, memory_open(t->inode, t->file), -ENXIO);
		KUNIT_EXPECT_NULL(test, t->file->f_op);
		KUNIT_EXPECT_TRUE(test, t->file->f_mode == 0);
	}
}

/*
 * /dev/null: its operations and FMODE_NOWAIT, no open method to call.
 *
 * Verifies: memory_open.2#82d3a1, memory_open.3#c5d39c, memory_open.4#cfc3d8
 */
static void devmem_open_null(struct kunit *test)
{
	struct devmem_test *t = test->priv;

	t->inode->i_rdev = MKDEV(MEM_MAJOR, 3);
	t->file->f_mode = FMODE_READ;
	KUNIT_EXPECT_EQ(test, memory_open(t->inode, t->file), 0);
	KUNIT_ASSERT_NOT_NULL(test, t->file->f_op);
	KUNIT_EXPECT_NULL(test, t->file->f_op->open);
	KUNIT_EXPECT_TRUE(test, t->file->f_mode == (FMODE_READ | FMODE_NOWAIT));
}

/*
 * /dev/mem: its operations, no extra mode, and its open method runs
 * (which is what sets the shared mapping).
 *
 * Verifies: memory_open.2#82d3a1, memory_open.3#c5d39c, memory_open.4#cfc3d8
 */
static void devmem_open_mem(struct kunit *test)
{
	struct devmem_test *t = test->priv;

	if (!IS_ENABLED(CONFIG_DEVMEM))
		kunit_skip(test, "/dev/mem is not built in");
	if (security_locked_down(LOCKDOWN_DEV_MEM))
		kunit_skip(test, "the kernel is locked down");
	t->inode->i_rdev = MKDEV(MEM_MAJOR, 1);
	t->file->f_mode = FMODE_READ;
	KUNIT_EXPECT_EQ(test, memory_open(t->inode, t->file), 0);
	KUNIT_ASSERT_NOT_NULL(test, t->file->f_op);
	KUNIT_EXPECT_TRUE(test, t->file->f_op->read == read_mem);
	KUNIT_EXPECT_TRUE(test, t->file->f_mode == FMODE_READ);
	KUNIT_EXPECT_NOT_NULL(test, t->file->f_mapping);
}

static struct kunit_case devmem_test_cases[] = {
	KUNIT_CASE(devmem_read_pos_not_phys),
	KUNIT_CASE(devmem_read_out_of_range),
	KUNIT_CASE(devmem_read_empty),
	KUNIT_CASE(devmem_read_empty_at_zero),
	KUNIT_CASE(devmem_read_refused_page),
	KUNIT_CASE(devmem_read_stops_at_refused_page),
	KUNIT_CASE(devmem_read_restricted_zeroes),
	KUNIT_CASE(devmem_read_allowed_page),
	KUNIT_CASE(devmem_read_bad_user_buffer),
	KUNIT_CASE(devmem_read_signal_pending),
	KUNIT_CASE(devmem_write_pos_not_phys),
	KUNIT_CASE(devmem_write_out_of_range),
	KUNIT_CASE(devmem_write_empty),
	KUNIT_CASE(devmem_write_empty_at_zero),
	KUNIT_CASE(devmem_write_refused_page),
	KUNIT_CASE(devmem_write_restricted_skipped),
	KUNIT_CASE(devmem_write_allowed_page),
	KUNIT_CASE(devmem_write_bad_user_buffer),
	KUNIT_CASE(devmem_write_signal_pending),
	KUNIT_CASE(devmem_lseek_set),
	KUNIT_CASE(devmem_lseek_cur),
	KUNIT_CASE(devmem_lseek_bad_whence),
	KUNIT_CASE(devmem_lseek_errno_range),
	KUNIT_CASE(devmem_lseek_high_position),
	KUNIT_CASE(devmem_open_port_no_rawio),
	KUNIT_CASE(devmem_open_port_lockdown),
	KUNIT_CASE(devmem_open_port_mapping),
	KUNIT_CASE(devmem_open_no_device),
	KUNIT_CASE(devmem_open_null),
	KUNIT_CASE(devmem_open_mem),
	{}
};

/*
 * With CONFIG_KAPI_SPEC the build gives this file the table of what each
 * case cites in its "Verifies:" line; a failed case prints it.
 */
static void devmem_test_exit(struct kunit *test)
{
#if IS_ENABLED(CONFIG_KAPI_SPEC)
	kapi_kunit_cites(test, kapi_test_cites, ARRAY_SIZE(kapi_test_cites));
#endif
}

static struct kunit_suite devmem_test_suite = {
	.name = "devmem",
	.init = devmem_test_init,
	.exit = devmem_test_exit,
	.test_cases = devmem_test_cases,
};

kunit_test_suite(devmem_test_suite);

MODULE_DESCRIPTION("KUnit tests of the /dev/mem file operations");
MODULE_LICENSE("GPL");
