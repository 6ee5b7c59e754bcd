/* expect: 5: error: 'Verifies:' must be in the comment just above the test function */
#include "a1-verifies-no-function.apispec.h"

/*
 * Verifies: frob_read.1#def6f8
 */
static int frob_count;
