/* SM3 (GB/T 32905-2016; the same algorithm as ISO/IEC 10118-3:2018 and
 * draft-shen-sm3-hash).
 *
 * Written for small cores: rolled rounds, and a 16-word ring for the message expansion instead
 * of the 68 + 64 words of the standard's description (W'_j = W_j ^ W_j+4 is formed on the fly;
 * W_j+4 is made four steps ahead, when its slot's old word W_j-12 has been used for the last
 * time). Every branch and index depends on the step number or the input length only.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "providers/soft/soft.h"
#include "providers/soft/md64.h"

#if FC_WITH_SM3

typedef struct sm3_state {
    uint32_t h[8];
    md64 m;                            /* buffer and length (md64.h) */
} sm3_state;

FC_STATE_FITS(sm3_state, FC_HASH_STATE_SIZE);

/* GB/T 32905-2016 4.1: IV */
static const uint32_t sm3_iv[8] = {
    0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600,
    0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e
};

/* Rotation by 0 to 31 (the constant's rotation j mod 32 can be 0). */
static uint32_t sm3_rol(uint32_t x, unsigned n)
{
    return (x << n) | (x >> ((32u - n) & 31u));
}

/* GB/T 32905-2016 4.4: the permutations P0 and P1 */
#define SM3_P0(x) ((x) ^ sm3_rol((x), 9) ^ sm3_rol((x), 17))
#define SM3_P1(x) ((x) ^ sm3_rol((x), 15) ^ sm3_rol((x), 23))

static uint32_t sm3_load32_be(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static void sm3_store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* GB/T 32905-2016 5.3: expansion and compression CF of one block into V (h). */
static void sm3_compress(uint32_t h[8], const uint8_t block[64])
{
    uint32_t w[16];
    uint32_t a, b, c, d, e, f, g, hh, ss1, ss2, tt1, tt2, x, wj, k;
    unsigned j;

    for (j = 0; j < 16; j++)
        w[j] = sm3_load32_be(block + 4 * j);
    a = h[0]; b = h[1]; c = h[2]; d = h[3];
    e = h[4]; f = h[5]; g = h[6]; hh = h[7];

    for (j = 0; j < 64; j++) {
        if (j >= 12) {
            /* W_n = P1(W_n-16 ^ W_n-9 ^ (W_n-3 <<< 15)) ^ (W_n-13 <<< 7) ^ W_n-6, n = j + 4 */
            x = w[(j + 4) & 15] ^ w[(j + 11) & 15] ^ sm3_rol(w[(j + 1) & 15], 15);
            w[(j + 4) & 15] = SM3_P1(x) ^ sm3_rol(w[(j + 7) & 15], 7) ^ w[(j + 14) & 15];
        }
        wj = w[j & 15];
        k = j < 16 ? 0x79cc4519 : 0x7a879d8a; /* T_j */
        ss1 = sm3_rol(sm3_rol(a, 12) + e + sm3_rol(k, j & 31), 7);
        ss2 = ss1 ^ sm3_rol(a, 12);
        if (j < 16) {
            /* FF_j and GG_j: X ^ Y ^ Z */
            tt1 = (a ^ b ^ c) + d + ss2 + (wj ^ w[(j + 4) & 15]);
            tt2 = (e ^ f ^ g) + hh + ss1 + wj;
        } else {
            /* FF_j: majority; GG_j: (X & Y) | (~X & Z) */
            tt1 = ((a & b) | (c & (a | b))) + d + ss2 + (wj ^ w[(j + 4) & 15]);
            tt2 = (g ^ (e & (f ^ g))) + hh + ss1 + wj;
        }
        d = c; c = sm3_rol(b, 9); b = a; a = tt1;
        hh = g; g = sm3_rol(f, 19); f = e; e = SM3_P0(tt2);
    }

    /* V(i+1) = ABCDEFGH ^ V(i) */
    h[0] ^= a; h[1] ^= b; h[2] ^= c; h[3] ^= d;
    h[4] ^= e; h[5] ^= f; h[6] ^= g; h[7] ^= hh;
    /* The ring holds message words, which may be key material (HMAC). */
    fc_zeroize(w, sizeof w);
}

static fc_status sm3_init(const fc_impl *impl, void *state)
{
    sm3_state *st = (sm3_state *)state;
    (void)impl;
    memcpy(st->h, sm3_iv, sizeof st->h);
    memset(&st->m, 0, sizeof st->m);
    return FC_OK;
}

static fc_status sm3_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    (void)impl;
    md64_update(&((sm3_state *)state)->m, ((sm3_state *)state)->h, sm3_compress, data, len);
    return FC_OK;
}

/* Writes the 32-byte digest and wipes the state. */
static fc_status sm3_final(const fc_impl *impl, void *state, uint8_t *digest)
{
    sm3_state *st = (sm3_state *)state;
    unsigned i;
    (void)impl;

    md64_finish(&st->m, st->h, sm3_compress, 0);

    for (i = 0; i < 8; i++)
        sm3_store32_be(digest + 4 * i, st->h[i]);
    fc_zeroize(st, sizeof *st);
    return FC_OK;
}

const fc_impl fc_soft_sm3 = {
    .alg = FC_SM3,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(sm3_state),
    .ops.hash = {.init = sm3_init, .update = sm3_update, .final = sm3_final},
};

#endif /* FC_WITH_SM3 */
