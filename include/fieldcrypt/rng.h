/* Randomness.
 *
 * A randomness source is a callback that fills a buffer and reports success. Functions that
 * need randomness take a `const fc_rng *`; NULL means the default source, which is
 *   1. the source installed with fc_rng_install(), if any, else
 *   2. the operating system (getrandom) on a hosted build (FC_HOSTED_RNG), else
 *   3. none: the call returns FC_ERR_NO_RNG and produces nothing.
 * fieldcrypt never falls back to a weak source. A callback that fails makes the caller return
 * FC_ERR_RNG_FAILED with its outputs wiped.
 *
 * fc_rng_install keeps one pointer in a static variable: the only global state of the library,
 * written by firmware once at start-up before any crypto runs (not thread-safe by design).
 */
#ifndef FIELDCRYPT_RNG_H
#define FIELDCRYPT_RNG_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fill out[0..len) with unpredictable bytes; return 0 on success, non-zero on failure. */
typedef int (*fc_rng_fill_fn)(void *user, uint8_t *out, size_t len);

/* A randomness source: fill(user, out, len). */
typedef struct fc_rng {
    fc_rng_fill_fn fill;
    void *user;
} fc_rng;

/* Install (or, with NULL, remove) the default source. The struct must outlive its use. */
void fc_rng_install(const fc_rng *rng);

/* The operating-system source, or NULL on a build without one. */
const fc_rng *fc_rng_system(void);

/* out = len bytes from rng (NULL: the default source); FC_ERR_NO_RNG without a source,
 * FC_ERR_RNG_FAILED (out wiped) when it fails. */
fc_status fc_random_bytes(const fc_rng *rng, uint8_t *out, size_t len);

#ifdef __cplusplus
}
#endif
#endif
