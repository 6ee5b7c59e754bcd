/* expect: 12: error: numbered item outside a 'frob_mem behavior:' or 'frob_mem constraints of use:' list */
/**
 * frob_mem - frobnicate memory
 * @file: the file
 * @count: how much
 *
 * frob_mem behavior:
 * 1. it frobs;
 * 2. it returns.
 *
 * frob_mem expectations:
 * 1. file is valid.
 */
static ssize_t frob_mem(struct file *file, size_t count)
{
	return 0;
}
