/* The "sodium" provider's ChaCha20 (RFC 8439 2.4 with its 12-byte nonce and 32-bit counter,
 * and Bernstein's original with an 8-byte nonce and 64-bit counter) and Salsa20 (8-byte
 * nonce, 64-bit counter) as stream ciphers, with their subkey functions HChaCha20
 * (draft-irtf-cfrg-xchacha-03 2.2, crypto_core_hchacha20) and HSalsa20 (crypto_core_hsalsa20)
 * for the core's XChaCha20, XSalsa20 and the H functions. libsodium's Salsa20 takes 32-byte
 * keys only: a 16-byte key (Salsa20/20 with "expand 16-byte k") is declined, soft runs it.
 *
 * The core asks for one keystream block at a time: each is libsodium's *_xor_ic of 64 zero
 * bytes at the block's counter, so the state keeps the key, the nonce and the counter (the
 * core wipes the state when the context ends). A ChaCha20 stream ends before its counter
 * would wrap, as driver.h says: the block after counter 2^32 - 1 (12-byte nonce) or 2^64 - 1
 * is refused with FC_ERR_LENGTH. Salsa20's 64-bit counter wraps to 0 after 2^64 - 1, as
 * soft's does (same bytes on both providers). Constant time as libsodium's ChaCha20 and
 * Salsa20 are. */
#include <string.h>

#include <sodium.h>

#include "sodium.h"

#define STREAM_BLOCK 64

typedef struct {
    uint64_t counter;    /* the next block's counter */
    uint8_t key[32];
    uint8_t nonce[12];
    uint8_t nonce_len;   /* 12 (ChaCha20 of RFC 8439) or 8 */
    uint8_t spent;       /* ChaCha20: 1 once the counter's last block has been written */
} sodium_stream_state;

FC_STATE_FITS(sodium_stream_state, FC_STREAM_STATE_SIZE);

static const uint8_t stream_zeros[STREAM_BLOCK];

static fc_status stream_init(const fc_impl *impl, void *state, const uint8_t *key,
                             size_t key_len, const uint8_t *nonce, size_t nonce_len,
                             uint64_t counter)
{
    sodium_stream_state *s = state;
    size_t want = impl->alg == FC_SALSA20 ? 8 : 12;
    if (!fc_sodium_ready())
        return FC_ERR_PROVIDER;
    if (key_len != 32)
        return FC_ERR_UNSUPPORTED; /* declined: Salsa20's 16-byte keys run on soft */
    if (nonce_len != want && nonce_len != 8)
        return FC_ERR_LENGTH;
    if (nonce_len == 12 && counter > 0xffffffffu)
        return FC_ERR_LENGTH; /* RFC 8439's counter is 32 bits */
    memcpy(s->key, key, 32);
    memcpy(s->nonce, nonce, nonce_len);
    s->nonce_len = (uint8_t)nonce_len;
    s->counter = counter;
    s->spent = 0;
    return FC_OK;
}

static fc_status stream_block(const fc_impl *impl, void *state, uint8_t *keystream)
{
    sodium_stream_state *s = state;
    int r;
    if (s->spent)
        return FC_ERR_LENGTH; /* the counter would wrap: the stream has ended */
    if (impl->alg == FC_SALSA20)
        r = crypto_stream_salsa20_xor_ic(keystream, stream_zeros, STREAM_BLOCK, s->nonce,
                                         s->counter, s->key);
    else if (s->nonce_len == 12)
        r = crypto_stream_chacha20_ietf_xor_ic(keystream, stream_zeros, STREAM_BLOCK, s->nonce,
                                               (uint32_t)s->counter, s->key);
    else
        r = crypto_stream_chacha20_xor_ic(keystream, stream_zeros, STREAM_BLOCK, s->nonce,
                                          s->counter, s->key);
    if (r != 0)
        return FC_ERR_PROVIDER;
    s->counter++;
    if (impl->alg == FC_CHACHA20)
        s->spent = s->nonce_len == 12 ? s->counter > 0xffffffffu : s->counter == 0;
    return FC_OK;
}

static fc_status stream_subkey(const fc_impl *impl, uint8_t out[32], const uint8_t key[32],
                               const uint8_t in[16])
{
    int r;
    if (!fc_sodium_ready())
        return FC_ERR_PROVIDER;
    /* NULL constant: "expand 32-byte k", as both subkey functions use */
    r = impl->alg == FC_SALSA20 ? crypto_core_hsalsa20(out, in, key, NULL)
                                : crypto_core_hchacha20(out, in, key, NULL);
    return r == 0 ? FC_OK : FC_ERR_PROVIDER;
}

const fc_impl fc_sodium_chacha20 = {
    .alg = FC_CHACHA20,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(sodium_stream_state),
    .ops.stream = {.init = stream_init, .block = stream_block, .subkey = stream_subkey},
};

const fc_impl fc_sodium_salsa20 = {
    .alg = FC_SALSA20,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(sodium_stream_state),
    .ops.stream = {.init = stream_init, .block = stream_block, .subkey = stream_subkey},
};
