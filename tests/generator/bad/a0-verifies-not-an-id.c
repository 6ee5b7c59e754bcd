/* expect: 6: error: 'frob' is not a behaviour ID (write name.N#fingerprint) */
/* expect: 7: error: frob_read.2: the fingerprint must be six hex digits, not '12zz' */
#include "a0-verifies-not-an-id.apispec.h"

/*
 * Verifies: frob_read.1#def6f8, frob
 *           frob_read.2#12zz
 */
static void frob_test(void *test)
{
}
