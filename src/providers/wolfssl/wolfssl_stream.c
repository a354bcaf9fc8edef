/* The "wolfssl" provider's ChaCha20 (RFC 8439 2.4 with its 12-byte nonce and 32-bit counter,
 * and Bernstein's original with an 8-byte nonce and 64-bit counter) and its subkey function
 * HChaCha20 (draft-irtf-cfrg-xchacha 2.2), for the core's XChaCha20, HChaCha20 and
 * XChaCha20-Poly1305.
 *
 * wolfCrypt's ChaCha (68 bytes) is a little larger than the stream area (64), so the state
 * keeps the key, the nonce and the counter, and each block keys a ChaCha on the stack: its
 * IV is the state's words 13..15 and its counter word 12, so le32(counter >> 32) || nonce
 * with the 8-byte nonce is the original's 64-bit counter and the 12-byte nonce is RFC 8439's.
 * The stream ends before its counter would wrap (driver.h): the block after 2^32 - 1
 * (12-byte nonce) or 2^64 - 1 is refused with FC_ERR_LENGTH.
 *
 * HChaCha20 is the keystream block at IV = in (counter word = in[0..4)), with the key's and
 * the input's words added back in (RFC 8439 2.3's final addition) taken off: words 0..3 minus
 * the constants, words 12..15 minus in. Constant time as wolfCrypt's ChaCha20 is. */
#include <string.h>

#include "wolfssl.h"

#include <wolfssl/wolfcrypt/chacha.h>

#ifdef HAVE_CHACHA
#define CHACHA_BLOCK 64

typedef struct {
    uint8_t key[32];
    uint8_t nonce[12];   /* the 12 bytes, or 8 */
    uint32_t nonce_len;
    uint64_t counter;    /* the next block's counter */
    uint32_t spent;      /* 1 once the counter's last block has been written */
} wolf_chacha_state;

FC_STATE_FITS(wolf_chacha_state, FC_STREAM_STATE_SIZE);

static void store_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static uint32_t load_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* the keystream block of key at IV iv (words 13..15) and counter (word 12) */
static int keystream(uint8_t *block, const uint8_t *key, const uint8_t *iv, uint32_t counter)
{
    static const uint8_t zeros[CHACHA_BLOCK];
    ChaCha c;
    int ret = wc_Chacha_SetKey(&c, key, 32);
    if (ret == 0)
        ret = wc_Chacha_SetIV(&c, iv, counter);
    if (ret == 0)
        ret = wc_Chacha_Process(&c, block, zeros, CHACHA_BLOCK);
    fc_zeroize(&c, sizeof(c));
    return ret;
}

static fc_status chacha_init(const fc_impl *impl, void *state, const uint8_t *key,
                             size_t key_len, const uint8_t *nonce, size_t nonce_len,
                             uint64_t counter)
{
    wolf_chacha_state *s = state;
    (void)impl;
    if (key_len != 32 || (nonce_len != 12 && nonce_len != 8))
        return FC_ERR_LENGTH;
    if (nonce_len == 12 && counter > 0xffffffffu)
        return FC_ERR_LENGTH; /* RFC 8439's counter is 32 bits */
    memcpy(s->key, key, 32);
    memcpy(s->nonce, nonce, nonce_len);
    s->nonce_len = (uint32_t)nonce_len;
    s->counter = counter;
    s->spent = 0;
    return FC_OK;
}

static fc_status chacha_block(const fc_impl *impl, void *state, uint8_t *out)
{
    wolf_chacha_state *s = state;
    uint8_t iv[12];
    int ret;
    (void)impl;
    if (s->spent)
        return FC_ERR_LENGTH; /* the counter would wrap: the stream has ended */
    if (s->nonce_len == 12) {
        memcpy(iv, s->nonce, 12);
    } else {
        store_le32(iv, (uint32_t)(s->counter >> 32));
        memcpy(iv + 4, s->nonce, 8);
    }
    ret = keystream(out, s->key, iv, (uint32_t)s->counter);
    if (ret != 0)
        return FC_ERR_PROVIDER;
    s->counter++;
    s->spent = s->nonce_len == 12 ? s->counter > 0xffffffffu : s->counter == 0;
    return FC_OK;
}

static fc_status hchacha_subkey(const fc_impl *impl, uint8_t out[32], const uint8_t key[32],
                                const uint8_t in[16])
{
    /* "expand 32-byte k", state words 0..3 */
    static const uint32_t sigma[4] = {0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u};
    uint8_t block[CHACHA_BLOCK];
    unsigned i;
    int ret = keystream(block, key, in + 4, load_le32(in));
    (void)impl;
    if (ret == 0) {
        for (i = 0; i < 4; i++) {
            store_le32(out + 4 * i, load_le32(block + 4 * i) - sigma[i]);
            store_le32(out + 16 + 4 * i, load_le32(block + 48 + 4 * i) - load_le32(in + 4 * i));
        }
    }
    fc_zeroize(block, sizeof(block));
    return ret == 0 ? FC_OK : FC_ERR_PROVIDER;
}

const fc_impl fc_wolf_chacha20 = {
    .alg = FC_CHACHA20,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(wolf_chacha_state),
    .ops.stream = {.init = chacha_init, .block = chacha_block, .subkey = hchacha_subkey},
};
#endif
