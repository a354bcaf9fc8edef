/* SHA-2 hashing (FIPS 180-4): SHA-224, SHA-256, SHA-384, SHA-512.
 *
 * Streaming: fc_hash_init, fc_hash_update (any number of times, any lengths), fc_hash_final.
 * A context must be zeroed before its first fc_hash_init (init refuses one that looks live).
 * After fc_hash_final the context is wiped and marked finished: update or final on it again
 * returns FC_ERR_STATE. fc_hash_abort wipes a context that will not be finished.
 * One-shot: fc_hash, and fc_sha224/256/384/512 on the default provider.
 *
 * Constant time: hashing time depends on the input length only, never on its content.
 */
#ifndef FIELDCRYPT_HASH_H
#define FIELDCRYPT_HASH_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum fc_hash_alg {
    FC_SHA224 = 0,
    FC_SHA256 = 1,
    FC_SHA384 = 2,
    FC_SHA512 = 3
} fc_hash_alg;
#define FC_HASH_ALG_COUNT 4

#define FC_SHA224_LEN 28
#define FC_SHA256_LEN 32
#define FC_SHA384_LEN 48
#define FC_SHA512_LEN 64
#define FC_HASH_MAX_LEN 64
#define FC_HASH_MAX_BLOCK 128

/* Digest and block length of an algorithm in bytes; 0 for an unknown value. */
size_t fc_hash_digest_len(fc_hash_alg alg);
size_t fc_hash_block_len(fc_hash_alg alg);

struct fc_hash_vt;

typedef struct fc_sha256_state {      /* SHA-224 and SHA-256 */
    uint32_t h[8];
    uint64_t total;                    /* bytes hashed so far */
    uint8_t buf[64];
    uint32_t buf_len;
} fc_sha256_state;

typedef struct fc_sha512_state {      /* SHA-384 and SHA-512 */
    uint64_t h[8];
    uint64_t total;                    /* bytes hashed so far (inputs below 2^64 bytes) */
    uint8_t buf[128];
    uint32_t buf_len;
} fc_sha512_state;

/* State of one hash computation, whichever provider holds it. */
typedef union fc_hash_state {
    fc_sha256_state sha256;
    fc_sha512_state sha512;
    void *handle;                      /* providers that keep state outside (e.g. OpenSSL) */
} fc_hash_state;

typedef struct fc_hash_ctx {
    const struct fc_hash_vt *vt;       /* the provider's implementation */
    uint32_t magic;                    /* lifecycle marker: active / finished */
    uint32_t alg;                      /* fc_hash_alg */
    fc_hash_state st;
} fc_hash_ctx;

/* provider NULL selects the default provider (FC_DEFAULT_PROVIDER). */
fc_status fc_hash_init(fc_hash_ctx *ctx, fc_hash_alg alg, const fc_provider *provider);
fc_status fc_hash_update(fc_hash_ctx *ctx, const uint8_t *data, size_t len);
/* out_len must be at least the digest length; exactly the digest length is written. */
fc_status fc_hash_final(fc_hash_ctx *ctx, uint8_t *out, size_t out_len);
void fc_hash_abort(fc_hash_ctx *ctx);

fc_status fc_hash(fc_hash_alg alg, const fc_provider *provider, const uint8_t *data, size_t len,
                  uint8_t *out, size_t out_len);

fc_status fc_sha224(uint8_t out[FC_SHA224_LEN], const uint8_t *data, size_t len);
fc_status fc_sha256(uint8_t out[FC_SHA256_LEN], const uint8_t *data, size_t len);
fc_status fc_sha384(uint8_t out[FC_SHA384_LEN], const uint8_t *data, size_t len);
fc_status fc_sha512(uint8_t out[FC_SHA512_LEN], const uint8_t *data, size_t len);

#ifdef __cplusplus
}
#endif
#endif
