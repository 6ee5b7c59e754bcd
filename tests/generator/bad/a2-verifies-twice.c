/* expect: 7: error: second 'Verifies:' in one comment */
#include "a2-verifies-twice.apispec.h"

/*
 * Verifies: frob_read.1#def6f8
 *
 * Verifies: frob_read.2#b4cdba
 */
static void frob_test(void *test)
{
}
