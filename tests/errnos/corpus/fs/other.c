// SPDX-License-Identifier: GPL-2.0
/* Another file of the corpus: an external helper and a static one. */
#include <linux/corpus.h>

int other_lookup(int x)
{
	if (x < 0)
		return -EACCES;
	return 0;
}

/* static: out of reach of fs/corpus.c, which has its own */
static int same_name(void)
{
	return -EIO;
}

int use_same_name(void)
{
	return same_name();
}
