/* expect: 8: error: expected a numbered item "1. text" at the start of the line */
/**
 * frob_mem - frobnicate memory
 * @file: the file
 * @count: how much
 *
 * frob_mem behavior:
 *   it always frobs
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
