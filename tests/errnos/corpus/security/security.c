// SPDX-License-Identifier: GPL-2.0
/* The corpus's LSM entry point: its hooks are called through pointers. */
int security_corpus_open(int x)
{
	return call_int_hook(corpus_open, x);
}
