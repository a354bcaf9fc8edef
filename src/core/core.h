/* Internal helpers shared by the dispatch files of src/core. */
#ifndef FC_CORE_H
#define FC_CORE_H

#include <string.h>

#include "fieldcrypt/fieldcrypt.h"

/* Context lifecycle markers. Any other value (e.g. an uninitialised context) is FC_ERR_STATE. */
#define FC_MAGIC_ACTIVE 0x46434131u   /* "FCA1": initialised, accepting input */
#define FC_MAGIC_DONE 0x46434446u     /* "FCDF": finished; only init may follow */

/* FC_DECLASSIFY marks a value as public for the constant-flow check (tests/c/test_constant_flow.c,
 * valgrind memcheck): a secret-derived result that is public by design, such as whether an
 * X25519 output is all zero or whether a tag matched. It compiles to nothing in normal builds. */
#if defined(FC_CTGRIND) && FC_CTGRIND
#include <valgrind/memcheck.h>
#define FC_DECLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define FC_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif

/* Zeroes FC_STACK_WIPE_BYTES of stack just below the caller's frame: where the callees of the
 * step that just returned kept their temporaries. Call it from the public function itself,
 * after the secret work, so it runs at the same depth as those callees. */
void fc_core_burn_stack(void);

/* 1 if two u-coordinate encodings (32 bytes: Curve25519, 24: Curve19119) are the same field
 * element once decoded (top bit masked, values >= p reduced), so a reflected share cannot hide
 * behind another encoding. For public shares only: not constant time. */
int fc_core_same_u(const uint8_t *a, const uint8_t *b, size_t len);

/* provider NULL -> the default provider (never NULL in a build with a provider). */
const fc_provider *fc_core_provider(const fc_provider *provider);

/* 1 if alg is a hash this build knows (not necessarily one every provider has). */
int fc_core_hash_alg_valid(fc_hash_alg alg);

#endif
