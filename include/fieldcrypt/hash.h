/* Hashing: SHA-224, SHA-256, SHA-384, SHA-512 (FIPS 180-4), SM3 (GB/T 32905-2016), and for
 * old protocols only SHA-1 and MD5 (legacy: neither resists collisions).
 *
 * Streaming: fc_hash_init, fc_hash_update (any number of times, any lengths), fc_hash_final.
 * A context must be zeroed before its first fc_hash_init (init refuses one that looks live:
 * FC_ERR_STATE, whichever provider it was started on). After fc_hash_final the context is
 * wiped and marked finished: update or final on it again returns FC_ERR_STATE.
 * fc_hash_wipe ends a context that will not be finished. One-shot: fc_hash.
 * The provider chain (provider.h) is walked at init: the first implementation that accepts
 * the call holds the context until final or wipe.
 *
 * Constant time (every implementation of fieldcrypt's own): hashing time depends on the
 * input length only, never on its content.
 */
#ifndef FIELDCRYPT_HASH_H
#define FIELDCRYPT_HASH_H

#include <stddef.h>
#include <stdint.h>
#include "config.h"
#include "status.h"
#include "algorithms.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Digest lengths in bytes. */
#define FC_SHA224_LEN 28
#define FC_SHA256_LEN 32
#define FC_SHA384_LEN 48
#define FC_SHA512_LEN 64
#define FC_HASH_MAX_LEN 64       /* the longest digest of any hash */
#define FC_HASH_MAX_BLOCK 128    /* the largest input block of any hash (SHA-384/512) */

struct fc_impl;

/* The caller allocates it; its fields are private. state holds the implementation's state
 * (FC_HASH_STATE_SIZE bytes, config.h). */
typedef struct fc_hash_ctx {
    const struct fc_impl *impl;        /* the implementation that accepted init */
    uint32_t magic;                    /* lifecycle marker: active / finished */
    uint32_t alg;                      /* fc_alg */
    union {
        uint64_t align;
        void *align_ptr;
        uint8_t bytes[FC_HASH_STATE_SIZE];
    } state;
} fc_hash_ctx;

/* Starts hashing with alg on the first provider of the chain that accepts it (NULL: the
 * default chain); ctx must be zeroed or finished. */
fc_status fc_hash_init(fc_hash_ctx *ctx, const fc_provider *provider, fc_alg alg);
/* Adds len bytes (any length, data may be NULL when len is 0). */
fc_status fc_hash_update(fc_hash_ctx *ctx, const uint8_t *data, size_t len);
/* out_len must be at least the digest length; exactly the digest length is written. */
fc_status fc_hash_final(fc_hash_ctx *ctx, uint8_t *out, size_t out_len);
/* Ends a context that will not be finished: wipes it and releases what its provider holds. */
void fc_hash_wipe(fc_hash_ctx *ctx);

/* One-shot: out = H(data); out_len as for fc_hash_final. */
fc_status fc_hash(const fc_provider *provider, fc_alg alg, uint8_t *out, size_t out_len,
                  const uint8_t *data, size_t len);

#ifdef __cplusplus
}
#endif
#endif
