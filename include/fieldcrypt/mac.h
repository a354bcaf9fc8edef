/* HMAC (RFC 2104, FIPS 198-1) over SHA-224/256/384/512.
 *
 * Streaming: fc_hmac_init, fc_hmac_update, fc_hmac_final (same lifecycle rules as hash.h).
 * One-shot: fc_hmac. fc_hmac_verify recomputes a tag and compares it in constant time.
 * Keys of any length are accepted (longer than a block: hashed first, as RFC 2104 says).
 *
 * Constant time: time depends on key, data and tag lengths only.
 */
#ifndef FIELDCRYPT_MAC_H
#define FIELDCRYPT_MAC_H

#include "hash.h"

#ifdef __cplusplus
extern "C" {
#endif

struct fc_hmac_vt;

typedef struct fc_hmac_ctx {
    const struct fc_hmac_vt *vt;
    uint32_t magic;
    uint32_t alg;                      /* fc_hash_alg */
    fc_hash_state inner;               /* hash state keyed with K ^ ipad */
    fc_hash_state outer;               /* hash state keyed with K ^ opad */
} fc_hmac_ctx;

fc_status fc_hmac_init(fc_hmac_ctx *ctx, fc_hash_alg alg, const fc_provider *provider,
                       const uint8_t *key, size_t key_len);
fc_status fc_hmac_update(fc_hmac_ctx *ctx, const uint8_t *data, size_t len);
/* out_len must be at least the digest length; exactly the digest length is written. */
fc_status fc_hmac_final(fc_hmac_ctx *ctx, uint8_t *out, size_t out_len);
void fc_hmac_abort(fc_hmac_ctx *ctx);

fc_status fc_hmac(fc_hash_alg alg, const fc_provider *provider, const uint8_t *key, size_t key_len,
                  const uint8_t *data, size_t len, uint8_t *out, size_t out_len);

/* Checks a tag of tag_len bytes (1..digest length: a truncated tag compares its prefix).
 * Returns FC_OK or FC_ERR_VERIFY; the comparison is constant time. */
fc_status fc_hmac_verify(fc_hash_alg alg, const fc_provider *provider, const uint8_t *key,
                         size_t key_len, const uint8_t *data, size_t len, const uint8_t *tag,
                         size_t tag_len);

fc_status fc_hmac_sha256(uint8_t out[FC_SHA256_LEN], const uint8_t *key, size_t key_len,
                         const uint8_t *data, size_t len);
fc_status fc_hmac_sha512(uint8_t out[FC_SHA512_LEN], const uint8_t *key, size_t key_len,
                         const uint8_t *data, size_t len);

#ifdef __cplusplus
}
#endif
#endif
