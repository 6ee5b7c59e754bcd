/* expect: 3: error: spec for 'frob_mem' is followed by a struct, not a function */
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
 * 1. file is valid.
 */
struct frob_mem {
	int a;
};
