/* expect: 7: error: 'frob_men behavior:' names 'frob_men', but this comment documents 'frob_mem'; write 'frob_mem behavior:' */
/**
 * frob_mem - frobnicate memory
 * @file: the file
 * @count: how much
 *
 * frob_men behavior:
 * 1. it frobs;
 * 2. it returns.
 *
 * frob_mem constraints of use:
 * 1. file is valid.
 */
static ssize_t frob_mem(struct file *file, size_t count)
{
	return 0;
}
