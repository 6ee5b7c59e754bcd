/* expect: 8: error: param 'file' is KAPI_TYPE_USER_PTR but frob_mem() declares it 'struct file *'; use KAPI_TYPE_PTR */
/**
 * frob_mem - frobnicate memory
 * @file: the file
 * @count: how much
 *
 * param: file
 *   type: KAPI_TYPE_USER_PTR
 *
 * param: count
 *   type: KAPI_TYPE_UINT
 *
 * frob_mem behavior:
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
