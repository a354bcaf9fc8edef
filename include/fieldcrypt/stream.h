/* Stream ciphers: Salsa20/20 (Bernstein), XSalsa20, and HSalsa20 as a subkey function;
 * ChaCha20 (RFC 8439), XChaCha20 and HChaCha20 (draft-irtf-cfrg-xchacha).
 *
 * FC_CHACHA20 takes a 32-byte key and a 12-byte nonce with a 32-bit block counter (RFC 8439;
 * the counter plus the blocks asked for must stay below 2^32: the call that would wrap it
 * fails with FC_ERR_LENGTH and the stream ends) or an 8-byte nonce with a 64-bit counter (the
 * original ChaCha20). FC_XCHACHA20 takes a 24-byte nonce; fc_stream_subkey(FC_HCHACHA20) is
 * its subkey function.
 *
 * FC_SALSA20 takes a 32-byte key (or a 16-byte key, the "tau" variant of the original spec),
 * an 8-byte nonce and a 64-bit block counter; FC_XSALSA20 a 32-byte key and a 24-byte nonce
 * (HSalsa20 of the key and the nonce's first 16 bytes keys Salsa20 with the last 8).
 * fc_stream_xor encrypts or decrypts (the same operation) any number of bytes in any number of
 * calls; the keystream continues where the previous call stopped. out and in may be the same
 * buffer (in place) but must not otherwise overlap. fc_stream_subkey(FC_HSALSA20): 32-byte
 * key, 16-byte input -> 32-byte subkey.
 *
 * A nonce must never repeat under one key: these functions cannot detect that.
 * Constant time: no branch or index depends on key, nonce or data.
 */
#ifndef FIELDCRYPT_STREAM_H
#define FIELDCRYPT_STREAM_H

#include <stddef.h>
#include <stdint.h>
#include "config.h"
#include "status.h"
#include "algorithms.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FC_STREAM_MAX_BLOCK 64   /* the largest keystream block (Salsa20, ChaCha20) */

struct fc_impl;

/* The caller allocates it; its fields are private. */
typedef struct fc_stream_ctx {
    const struct fc_impl *impl;
    uint32_t magic;
    uint32_t alg;                      /* fc_alg */
    uint32_t used;                     /* keystream bytes of the block consumed (block: none left) */
    uint8_t keystream[FC_STREAM_MAX_BLOCK];
    union {
        uint64_t align;
        void *align_ptr;
        uint8_t bytes[FC_STREAM_STATE_SIZE];
    } state;
} fc_stream_ctx;

/* counter is the first keystream block's number (normally 0). */
fc_status fc_stream_init(fc_stream_ctx *ctx, const fc_provider *provider, fc_alg alg,
                         const uint8_t *key, size_t key_len, const uint8_t *nonce,
                         size_t nonce_len, uint64_t counter);
fc_status fc_stream_xor(fc_stream_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len);
void fc_stream_wipe(fc_stream_ctx *ctx);

/* One-shot: out = in XOR keystream(key, nonce) from block 0. */
fc_status fc_stream(const fc_provider *provider, fc_alg alg, uint8_t *out, const uint8_t *in,
                    size_t len, const uint8_t *key, size_t key_len, const uint8_t *nonce,
                    size_t nonce_len);

/* FC_HSALSA20: out = HSalsa20(key, in). */
fc_status fc_stream_subkey(const fc_provider *provider, fc_alg alg, uint8_t out[32],
                           const uint8_t key[32], const uint8_t in[16]);

#ifdef __cplusplus
}
#endif
#endif
