/* expect: 3: error: kernel-doc name 'frob_memory' does not match the function 'frob_mem' that follows */
/**
 * frob_memory - frobnicate memory
 * @file: the file
 * @count: how much
 *
 * frob_memory behavior:
 * 1. it frobs;
 * 2. it returns.
 *
 * frob_memory constraints of use:
 * 1. file is valid.
 */
static ssize_t frob_mem(struct file *file, size_t count)
{
	return 0;
}
