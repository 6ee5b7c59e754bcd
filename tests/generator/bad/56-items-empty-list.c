/* expect: 11: error: 'frob_mem constraints of use:' has no items */
/**
 * frob_mem - frobnicate memory
 * @file: the file
 * @count: how much
 *
 * frob_mem behavior:
 * 1. it frobs;
 * 2. it returns.
 *
 * frob_mem constraints of use:
 */
static ssize_t frob_mem(struct file *file, size_t count)
{
	return 0;
}
