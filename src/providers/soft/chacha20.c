/* ChaCha20 (RFC 8439 section 2.3, and Bernstein's original with a 64-bit nonce and counter) and
 * HChaCha20 (draft-irtf-cfrg-xchacha-03 section 2.2) for the soft provider.
 *
 * One block function serves both nonce lengths: a 12-byte nonce puts a 32-bit block counter in
 * word 12 and the nonce in words 13..15 (RFC 8439); an 8-byte nonce a 64-bit counter in words
 * 12..13 and the nonce in 14..15 (the original). The counter never wraps: the block after the
 * last one (counter 2^32 - 1, or 2^64 - 1) is refused with FC_ERR_LENGTH, so a stream cannot
 * repeat its keystream. The core (src/core/stream.c) buffers the keystream and builds XChaCha20
 * (XNONCE) and HChaCha20 (SUBKEY) over this descriptor.
 *
 * Constant time: ChaCha is add, rotate and xor on 32-bit words, in a fixed order; the only
 * branches are on the counter and the nonce length, which are public.
 * Written for small cores: a double round is eight calls of one quarter-round function on
 * constant word indices (compact on the Cortex-M0, where the 16 words live on the stack
 * anyway), words are loaded and stored byte by byte (no alignment assumptions). The state keeps
 * only key, counter and nonce (the four constant words come from flash each block).
 */
#include "fieldcrypt/config.h"

#if FC_WITH_CHACHA20

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "soft.h"

/* "expand 32-byte k" as little-endian words: state words 0..3. */
static const uint32_t chacha20_sigma[4] = { 0x61707865u, 0x3320646eu, 0x79622d32u,
                                            0x6b206574u };

typedef struct chacha20_state {
    uint32_t input[12]; /* state words 4..15: key, then counter and nonce */
    uint32_t wide;      /* 1: 64-bit counter in words 12..13 (8-byte nonce); 0: 32-bit, word 12 */
    uint32_t spent;     /* 1 once the last block of the counter's range has been written */
} chacha20_state;

FC_STATE_FITS(chacha20_state, FC_STREAM_STATE_SIZE);

static uint32_t chacha20_load32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

static void chacha20_store32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

#define CHACHA20_ROTL(v, n) (((v) << (n)) | ((v) >> (32 - (n))))

/* RFC 8439 2.1 on x[a], x[b], x[c], x[d]. */
static void chacha20_quarter(uint32_t *x, unsigned a, unsigned b, unsigned c, unsigned d)
{
    uint32_t xa = x[a], xb = x[b], xc = x[c], xd = x[d];
    xa += xb, xd ^= xa, xd = CHACHA20_ROTL(xd, 16);
    xc += xd, xb ^= xc, xb = CHACHA20_ROTL(xb, 12);
    xa += xb, xd ^= xa, xd = CHACHA20_ROTL(xd, 8);
    xc += xd, xb ^= xc, xb = CHACHA20_ROTL(xb, 7);
    x[a] = xa, x[b] = xb, x[c] = xc, x[d] = xd;
}

/* The 20 rounds in place (10 column rounds interleaved with 10 diagonal rounds), without the
 * final addition of the input (HChaCha20 omits it). */
static void chacha20_rounds(uint32_t x[16])
{
    unsigned r;
    for (r = 0; r < 10; r++) {
        chacha20_quarter(x, 0, 4, 8, 12);
        chacha20_quarter(x, 1, 5, 9, 13);
        chacha20_quarter(x, 2, 6, 10, 14);
        chacha20_quarter(x, 3, 7, 11, 15);
        chacha20_quarter(x, 0, 5, 10, 15);
        chacha20_quarter(x, 1, 6, 11, 12);
        chacha20_quarter(x, 2, 7, 8, 13);
        chacha20_quarter(x, 3, 4, 9, 14);
    }
}

/* words 0..3 the constants, 4..11 the key */
static void chacha20_load_key(uint32_t x[12], const uint8_t key[32])
{
    unsigned i;
    for (i = 0; i < 4; i++)
        x[i] = chacha20_sigma[i];
    for (i = 0; i < 8; i++)
        x[4u + i] = chacha20_load32(key + 4u * i);
}

static fc_status chacha20_init(const fc_impl *impl, void *state, const uint8_t *key,
                               size_t key_len, const uint8_t *nonce, size_t nonce_len,
                               uint64_t counter)
{
    chacha20_state *s = (chacha20_state *)state;
    uint32_t *in = s->input;
    unsigned i;
    (void)impl;
    if (key_len != 32 || (nonce_len != 12 && nonce_len != 8))
        return FC_ERR_LENGTH;
    if (nonce_len == 12 && counter > 0xffffffffu)
        return FC_ERR_LENGTH; /* RFC 8439's counter is 32 bits */
    for (i = 0; i < 8; i++)
        in[i] = chacha20_load32(key + 4u * i);
    /* words 12..15: counter, then the nonce; word 13 is the counter's high half or the first
     * nonce word */
    in[8] = (uint32_t)counter;
    in[9] = nonce_len == 12 ? chacha20_load32(nonce) : (uint32_t)(counter >> 32);
    in[10] = chacha20_load32(nonce + nonce_len - 8);
    in[11] = chacha20_load32(nonce + nonce_len - 4);
    s->wide = nonce_len == 8;
    s->spent = 0;
    return FC_OK;
}

static fc_status chacha20_block(const fc_impl *impl, void *state, uint8_t *out)
{
    chacha20_state *s = (chacha20_state *)state;
    uint32_t x[16], carry;
    unsigned i;
    (void)impl;
    if (s->spent)
        return FC_ERR_LENGTH; /* the counter would wrap: the stream has ended */
    for (i = 0; i < 4; i++)
        x[i] = chacha20_sigma[i];
    memcpy(x + 4, s->input, sizeof(s->input));
    chacha20_rounds(x);
    for (i = 0; i < 4; i++)
        chacha20_store32(out + 4u * i, x[i] + chacha20_sigma[i]);
    for (i = 0; i < 12; i++)
        chacha20_store32(out + 16u + 4u * i, x[4u + i] + s->input[i]);
    fc_zeroize(x, sizeof(x)); /* keystream material */

    /* the counter (public): word 12, and word 13 too when it is 64 bits wide */
    s->input[8]++;
    carry = s->input[8] == 0;
    if (s->wide) {
        s->input[9] += carry;
        carry = carry && s->input[9] == 0;
    }
    s->spent = carry;
    return FC_OK;
}

/* HChaCha20: the ChaCha20 state with the 16-byte input in words 12..15, 20 rounds and no
 * addition of the input; the subkey is words 0..3 then 12..15. */
static fc_status chacha20_hchacha20(const fc_impl *impl, uint8_t out[32], const uint8_t key[32],
                                    const uint8_t in[16])
{
    uint32_t x[16];
    unsigned i;
    (void)impl;
    chacha20_load_key(x, key);
    for (i = 0; i < 4; i++)
        x[12u + i] = chacha20_load32(in + 4u * i);
    chacha20_rounds(x);
    for (i = 0; i < 4; i++) {
        chacha20_store32(out + 4u * i, x[i]);
        chacha20_store32(out + 16u + 4u * i, x[12u + i]);
    }
    /* x holds the subkey (and without the final addition the rounds invert to the key) */
    fc_zeroize(x, sizeof(x));
    return FC_OK;
}

/* XChaCha20 and HChaCha20 come from the core's modes over this one (algorithms.def). */
const fc_impl fc_soft_chacha20 = {
    .alg = FC_CHACHA20,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(chacha20_state),
    .ops.stream = {.init = chacha20_init, .block = chacha20_block,
                   .subkey = chacha20_hchacha20},
};

#else

/* ISO C wants at least one declaration in a translation unit. */
typedef int fc_soft_chacha20_disabled;

#endif
