/* Message authentication: HMAC-SHA-224/256/384/512 (RFC 2104, FIPS 198-1), AES-CMAC
 * (SP 800-38B, RFC 4493) and Poly1305 (RFC 8439).
 *
 * Streaming: fc_mac_init, fc_mac_update, fc_mac_final, fc_mac_wipe (the lifecycle rules of
 * hash.h). One-shot: fc_mac. fc_mac_verify recomputes a tag and compares it in constant time.
 * HMAC keys of any length are accepted (longer than a block: hashed first, as RFC 2104 says).
 * A provider without its own HMAC gets the core's (src/core/hmac.c) over its hash, one without
 * its own CMAC the core's (src/core/cmac.c) over its AES. CMAC keys are 16, 24 or 32 bytes,
 * Poly1305's 32 (a one-time key): FC_ERR_LENGTH otherwise.
 *
 * Constant time: time depends on key, data and tag lengths only.
 */
#ifndef FIELDCRYPT_MAC_H
#define FIELDCRYPT_MAC_H

#include "hash.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FC_MAC_MAX_LEN 64        /* the longest tag of any MAC (HMAC-SHA-512) */

/* The caller allocates it; its fields are private. */
typedef struct fc_mac_ctx {
    const struct fc_impl *impl;        /* a provider's MAC, or the hash under the core's HMAC */
    uint32_t magic;
    uint16_t alg;                      /* fc_alg */
    uint8_t mode;                      /* FC_MODE_NONE, or FC_MODE_HMAC: impl is the hash */
    uint8_t pad;
    union {
        uint64_t align;
        void *align_ptr;
        uint8_t bytes[FC_MAC_STATE_SIZE];
    } state;
} fc_mac_ctx;

/* Starts a MAC with key on the first provider of the chain that accepts alg (NULL: the
 * default chain); ctx must be zeroed or finished. */
fc_status fc_mac_init(fc_mac_ctx *ctx, const fc_provider *provider, fc_alg alg,
                      const uint8_t *key, size_t key_len);
/* Adds len bytes (any length). */
fc_status fc_mac_update(fc_mac_ctx *ctx, const uint8_t *data, size_t len);
/* out_len must be at least the tag length; exactly the tag length is written. */
fc_status fc_mac_final(fc_mac_ctx *ctx, uint8_t *out, size_t out_len);
/* Ends a context that will not be finished: wipes it (key material included). */
void fc_mac_wipe(fc_mac_ctx *ctx);

/* One-shot: out = MAC(key, data); out_len as for fc_mac_final. */
fc_status fc_mac(const fc_provider *provider, fc_alg alg, uint8_t *out, size_t out_len,
                 const uint8_t *key, size_t key_len, const uint8_t *data, size_t len);

/* Checks a tag of tag_len bytes (1..tag length: a truncated tag compares its prefix), given
 * in the place fc_mac writes it. FC_OK or FC_ERR_VERIFY; the comparison is constant time. */
fc_status fc_mac_verify(const fc_provider *provider, fc_alg alg, const uint8_t *tag,
                        size_t tag_len, const uint8_t *key, size_t key_len, const uint8_t *data,
                        size_t len);

#ifdef __cplusplus
}
#endif
#endif
