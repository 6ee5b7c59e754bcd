/* expect: 9: error: item number too large (at most 65535) */
/**
 * frob_mem - frobnicate memory
 * @file: the file
 * @count: how much
 *
 * frob_mem behavior:
 * 1. it frobs;
 * 99999. it returns.
 *
 * frob_mem constraints of use:
 * 1. file is valid.
 */
static ssize_t frob_mem(struct file *file, size_t count)
{
	return 0;
}
