/* expect: 8: error: return type KAPI_TYPE_PTR does not fit frob_mem() returning 'ssize_t'; use KAPI_TYPE_INT */
/**
 * frob_mem - frobnicate memory
 * @file: the file
 * @count: how much
 *
 * return:
 *   type: KAPI_TYPE_PTR
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
