/* The "mbedtls" provider's ChaCha20 (RFC 8439 2.4: 12-byte nonce, 32-bit block counter,
 * mbedtls_chacha20_*). mbedTLS lacks the original 8-byte-nonce variant (declined: soft runs
 * it) and HChaCha20, which is derived here from mbedTLS's block (below), so that the core's
 * XChaCha20, HChaCha20 and XChaCha20-Poly1305 run over this provider too.
 *
 * mbedTLS's context (the 64-byte state, a 64-byte keystream block and a position) does not
 * fit the 64-byte stream area: the state keeps the key, the nonce and the next counter, and
 * each keystream block the core asks for is one stack context keyed, started at that counter,
 * run over 64 zero bytes and freed (zeroized). The stream ends before the counter would wrap:
 * the block after counter 2^32 - 1 is FC_ERR_LENGTH, as driver.h says. Constant time as
 * mbedTLS's ChaCha20 is (additions, rotations, xors). */
#include <string.h>

#include "mbedtls.h"

#include <mbedtls/chacha20.h>

#define STREAM_BLOCK 64

typedef struct {
    uint64_t counter; /* the next block's counter */
    uint8_t key[32];
    uint8_t nonce[12];
    uint8_t spent;    /* 1 once the counter's last block has been written */
} mbed_stream_state;

FC_STATE_FITS(mbed_stream_state, FC_STREAM_STATE_SIZE);

static const uint8_t stream_zeros[STREAM_BLOCK];

static fc_status stream_init(const fc_impl *impl, void *state, const uint8_t *key,
                             size_t key_len, const uint8_t *nonce, size_t nonce_len,
                             uint64_t counter)
{
    mbed_stream_state *s = state;
    (void)impl;
    if (key_len != 32)
        return FC_ERR_LENGTH;
    if (nonce_len != 12)
        return FC_ERR_UNSUPPORTED; /* the 8-byte-nonce ChaCha20: soft */
    if (counter > 0xffffffffu)
        return FC_ERR_LENGTH; /* RFC 8439's counter is 32 bits */
    memcpy(s->key, key, 32);
    memcpy(s->nonce, nonce, 12);
    s->counter = counter;
    s->spent = 0;
    return FC_OK;
}

static fc_status stream_block(const fc_impl *impl, void *state, uint8_t *keystream)
{
    mbed_stream_state *s = state;
    mbedtls_chacha20_context cc;
    int r;
    (void)impl;
    if (s->spent)
        return FC_ERR_LENGTH; /* the counter would wrap: the stream has ended */
    mbedtls_chacha20_init(&cc);
    r = mbedtls_chacha20_setkey(&cc, s->key);
    if (r == 0)
        r = mbedtls_chacha20_starts(&cc, s->nonce, (uint32_t)s->counter);
    if (r == 0)
        r = mbedtls_chacha20_update(&cc, STREAM_BLOCK, stream_zeros, keystream);
    mbedtls_chacha20_free(&cc);
    if (r != 0)
        return FC_ERR_PROVIDER;
    s->counter++;
    s->spent = s->counter > 0xffffffffu;
    return FC_OK;
}

/* HChaCha20 (draft-irtf-cfrg-xchacha-03 2.2) is the ChaCha20 block without the final addition
 * of the input state, keeping words 0..3 and 12..15. A ChaCha20 block with counter = in[0..4)
 * and nonce = in[4..16) puts exactly in[] in words 12..15 (RFC 8439 2.3), so each kept word
 * is the keystream word minus the input word: the constants for 0..3, in[] for 12..15
 * (additions mod 2^32: constant time). */
static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static fc_status stream_subkey(const fc_impl *impl, uint8_t out[32], const uint8_t key[32],
                               const uint8_t in[16])
{
    /* "expand 32-byte k" as four little-endian words (RFC 8439 2.3) */
    static const uint32_t sigma[4] = {0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u};
    mbedtls_chacha20_context cc;
    uint8_t block[STREAM_BLOCK];
    size_t i;
    int r;
    (void)impl;
    mbedtls_chacha20_init(&cc);
    r = mbedtls_chacha20_setkey(&cc, key);
    if (r == 0)
        r = mbedtls_chacha20_starts(&cc, in + 4, le32(in));
    if (r == 0)
        r = mbedtls_chacha20_update(&cc, STREAM_BLOCK, stream_zeros, block);
    mbedtls_chacha20_free(&cc);
    if (r == 0) {
        for (i = 0; i < 4; i++) {
            uint32_t lo = le32(block + 4 * i) - sigma[i];
            uint32_t hi = le32(block + 48 + 4 * i) - le32(in + 4 * i);
            out[4 * i] = (uint8_t)lo, out[4 * i + 1] = (uint8_t)(lo >> 8);
            out[4 * i + 2] = (uint8_t)(lo >> 16), out[4 * i + 3] = (uint8_t)(lo >> 24);
            out[16 + 4 * i] = (uint8_t)hi, out[16 + 4 * i + 1] = (uint8_t)(hi >> 8);
            out[16 + 4 * i + 2] = (uint8_t)(hi >> 16), out[16 + 4 * i + 3] = (uint8_t)(hi >> 24);
        }
    }
    fc_zeroize(block, sizeof(block));
    return r == 0 ? FC_OK : FC_ERR_PROVIDER;
}

const fc_impl fc_mbedtls_chacha20 = {
    .alg = FC_CHACHA20,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(mbed_stream_state),
    .ops.stream = {.init = stream_init, .block = stream_block, .subkey = stream_subkey},
};
