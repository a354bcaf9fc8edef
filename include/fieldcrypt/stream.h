/* Salsa20/20 stream cipher (Bernstein), with HSalsa20 and XSalsa20.
 *
 * Salsa20 takes a 32-byte key (or a 16-byte key, the "tau" variant of the original spec), an
 * 8-byte nonce and a 64-bit block counter. fc_salsa20_xor encrypts or decrypts (the same
 * operation) any number of bytes in any number of calls; the keystream continues where the
 * previous call stopped. XSalsa20 extends the nonce to 24 bytes through HSalsa20.
 * in and out may be the same buffer (in-place) but must not otherwise overlap.
 *
 * A nonce must never repeat under one key: these functions cannot detect that.
 * Constant time: no branch or index depends on key, nonce or data.
 */
#ifndef FIELDCRYPT_STREAM_H
#define FIELDCRYPT_STREAM_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

struct fc_salsa20_vt;

typedef struct fc_salsa20_ctx {
    const struct fc_salsa20_vt *vt;
    uint32_t magic;
    uint32_t input[16];                /* Salsa20 state: constants, key, nonce, counter */
    uint8_t keystream[64];             /* current block's keystream */
    uint32_t used;                     /* keystream bytes of the current block consumed (64 = none left) */
} fc_salsa20_ctx;

/* key_len is 16 or 32; counter is the first 64-byte block number (normally 0). */
fc_status fc_salsa20_init(fc_salsa20_ctx *ctx, const fc_provider *provider, const uint8_t *key,
                          size_t key_len, const uint8_t nonce[8], uint64_t counter);
fc_status fc_xsalsa20_init(fc_salsa20_ctx *ctx, const fc_provider *provider, const uint8_t key[32],
                           const uint8_t nonce[24]);
fc_status fc_salsa20_xor(fc_salsa20_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len);
/* Wipes the context; it must be initialised again before further use. */
void fc_salsa20_wipe(fc_salsa20_ctx *ctx);

/* One-shot: out = in XOR Salsa20(key, nonce) starting at block 0. */
fc_status fc_salsa20(const fc_provider *provider, const uint8_t *key, size_t key_len,
                     const uint8_t nonce[8], const uint8_t *in, uint8_t *out, size_t len);
fc_status fc_xsalsa20(const fc_provider *provider, const uint8_t key[32], const uint8_t nonce[24],
                      const uint8_t *in, uint8_t *out, size_t len);
/* HSalsa20: 32-byte key, 16-byte input -> 32-byte subkey. */
fc_status fc_hsalsa20(const fc_provider *provider, uint8_t out[32], const uint8_t key[32],
                      const uint8_t in[16]);

#ifdef __cplusplus
}
#endif
#endif
