/* expect: 9: warning: item 3 follows item 1: number 2 is missing */
/**
 * frob_mem - frobnicate memory
 * @file: the file
 * @count: how much
 *
 * frob_mem behavior:
 * 1. it frobs;
 * 3. it returns.
 *
 * frob_mem constraints of use:
 * 1. file is valid.
 */
static ssize_t frob_mem(struct file *file, size_t count)
{
	return 0;
}
