/* Salsa20/20 and HSalsa20 for the soft provider.
 *
 * Written for small cores: each double round written out over sixteen local words, the ten
 * double rounds a loop; words are loaded and stored byte by byte (no alignment assumptions),
 * and nothing branches on or indexes by key, nonce or data.
 * The core (src/core/stream.c) buffers the keystream; these functions keep only the cipher's
 * 16 input words, in the context's state area.
 */
#include "fieldcrypt/config.h"

#if FC_WITH_SALSA20

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "soft.h"

/* "expand 32-byte k" and "expand 16-byte k" as little-endian words (state words 0, 5, 10, 15). */
static const uint32_t salsa20_sigma[4] = { 0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u };
static const uint32_t salsa20_tau[4] = { 0x61707865u, 0x3120646eu, 0x79622d36u, 0x6b206574u };

static uint32_t salsa20_load32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

static void salsa20_store32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static uint32_t salsa20_rotl(uint32_t v, unsigned n)
{
    /* n is always 7, 9, 13 or 18, so neither shift is by 32. */
    return (v << n) | (v >> (32u - n));
}

#define SALSA20_QR(a, b, c, d)                                                   \
    b ^= salsa20_rotl(a + d, 7);                                                 \
    c ^= salsa20_rotl(b + a, 9);                                                 \
    d ^= salsa20_rotl(c + b, 13);                                                \
    a ^= salsa20_rotl(d + c, 18);

/* The 20 rounds in place, without the final feed-forward (HSalsa20 omits it). The state is
 * held in sixteen variables and each double round written out (four column quarter-rounds,
 * then four row quarter-rounds), so every word has a fixed register or stack slot instead of
 * an index read from a table: about three times faster on the Cortex-M0+ and M4. */
static void salsa20_rounds(uint32_t x[16])
{
    uint32_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3], x4 = x[4], x5 = x[5], x6 = x[6];
    uint32_t x7 = x[7], x8 = x[8], x9 = x[9], x10 = x[10], x11 = x[11], x12 = x[12];
    uint32_t x13 = x[13], x14 = x[14], x15 = x[15];
    unsigned r;
    for (r = 0; r < 10; r++) {
        SALSA20_QR(x0, x4, x8, x12)
        SALSA20_QR(x5, x9, x13, x1)
        SALSA20_QR(x10, x14, x2, x6)
        SALSA20_QR(x15, x3, x7, x11)
        SALSA20_QR(x0, x1, x2, x3)
        SALSA20_QR(x5, x6, x7, x4)
        SALSA20_QR(x10, x11, x8, x9)
        SALSA20_QR(x15, x12, x13, x14)
    }
    x[0] = x0; x[1] = x1; x[2] = x2; x[3] = x3; x[4] = x4; x[5] = x5; x[6] = x6; x[7] = x7;
    x[8] = x8; x[9] = x9; x[10] = x10; x[11] = x11; x[12] = x12; x[13] = x13; x[14] = x14;
    x[15] = x15;
}

/* Constants at words 0, 5, 10, 15; key at 1..4 and 11..14. A 16-byte key fills both halves. */
static void salsa20_load_key(uint32_t st[16], const uint8_t *key, size_t key_len)
{
    const uint32_t *c = (key_len == 32) ? salsa20_sigma : salsa20_tau;
    const uint8_t *k2 = (key_len == 32) ? key + 16 : key;
    unsigned i;
    for (i = 0; i < 4; i++) {
        st[5u * i] = c[i];
        st[1u + i] = salsa20_load32(key + 4u * i);
        st[11u + i] = salsa20_load32(k2 + 4u * i);
    }
}

/* The state: constants, key, nonce, counter (the cipher's 16 input words). */
typedef struct salsa20_state {
    uint32_t input[16];
} salsa20_state;

FC_STATE_FITS(salsa20_state, FC_STREAM_STATE_SIZE);

static fc_status salsa20_init(const fc_impl *impl, void *state, const uint8_t *key,
                              size_t key_len, const uint8_t *nonce, size_t nonce_len,
                              uint64_t counter)
{
    (void)nonce_len; /* always 8: the core checked */
    uint32_t *in = ((salsa20_state *)state)->input;
    (void)impl;
    salsa20_load_key(in, key, key_len);
    in[6] = salsa20_load32(nonce);
    in[7] = salsa20_load32(nonce + 4);
    in[8] = (uint32_t)counter;
    in[9] = (uint32_t)(counter >> 32);
    return FC_OK;
}

static fc_status salsa20_block(const fc_impl *impl, void *state, uint8_t *out)
{
    uint32_t *in = ((salsa20_state *)state)->input;
    uint32_t x[16];
    uint64_t ctr;
    unsigned i;

    (void)impl;
    memcpy(x, in, sizeof x);
    salsa20_rounds(x);
    for (i = 0; i < 16; i++)
        salsa20_store32(out + 4u * i, x[i] + in[i]);
    /* The working copy is keystream material: do not leave it on the stack. */
    fc_zeroize(x, sizeof x);

    /* 64-bit add: carries into word 9 without a branch; wraps after 2^64 blocks. */
    ctr = ((uint64_t)in[9] << 32) | in[8];
    ctr++;
    in[8] = (uint32_t)ctr;
    in[9] = (uint32_t)(ctr >> 32);
    return FC_OK;
}

/* HSalsa20: the Salsa20 state with the 16-byte input in words 6..9, 20 rounds, and no
 * feed-forward; the output is words 0, 5, 10, 15 (the diagonal) then 6, 7, 8, 9. */
static fc_status salsa20_hsalsa20(const fc_impl *impl, uint8_t out[32], const uint8_t key[32],
                                  const uint8_t in[16])
{
    static const uint8_t pick[8] = { 0, 5, 10, 15, 6, 7, 8, 9 };
    uint32_t x[16];
    unsigned i;

    salsa20_load_key(x, key, 32);
    for (i = 0; i < 4; i++)
        x[6u + i] = salsa20_load32(in + 4u * i);
    salsa20_rounds(x);
    for (i = 0; i < 8; i++)
        salsa20_store32(out + 4u * i, x[pick[i]]);
    /* x holds the subkey (and without feed-forward the rounds are invertible to the key). */
    fc_zeroize(x, sizeof x);
    (void)impl;
    return FC_OK;
}

/* XSalsa20 and HSalsa20 come from the core's modes over this one (algorithms.def). */
const fc_impl fc_soft_salsa20 = {
    .alg = FC_SALSA20,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(salsa20_state),
    .ops.stream = {.init = salsa20_init, .block = salsa20_block, .subkey = salsa20_hsalsa20},
};

#else

/* ISO C wants at least one declaration in a translation unit. */
typedef int fc_soft_salsa20_disabled;

#endif
