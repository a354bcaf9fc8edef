/* GF(2^255 - 19) with 5 limbs of 51 bits and unsigned __int128 products (see fe25519.h).
 *
 * For 64-bit hosts. Representation: value sum v[i] * 2^(51 i). Every function returns limbs
 * below 2^52 ("carried") and may assume the same of its inputs; the value is then congruent
 * to the element but not necessarily below p. tobytes alone reduces fully.
 */
#include "fieldcrypt/config.h"

#if FC_WITH_X25519 && FC_FE25519_64

#if !defined(__SIZEOF_INT128__)
#error "FC_FE25519_64 needs unsigned __int128; build with FC_FE25519_64=0"
#endif

#include <stdint.h>

#include "fe25519.h"

__extension__ typedef unsigned __int128 fe_u128;

#define FE_MASK ((UINT64_C(1) << 51) - 1)
/* 4p = 2^257 - 76 as limbs 2^53 - 76, 2^53 - 4, ...: each above 2^52, so 4p - b per limb is
 * positive for a carried b. */
#define FE_4P_0 ((UINT64_C(1) << 53) - 76)
#define FE_4P_I ((UINT64_C(1) << 53) - 4)

static uint64_t fe_load64(const uint8_t *p)
{
    uint64_t v = 0;
    unsigned i;
    for (i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static void fe_store64(uint8_t *p, uint64_t v)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* Limbs below 2^63 to carried form. The carry out of limb 4 is < 2^12 and comes back times 19
 * (2^255 = 19 mod p), so limb 0 is then < 2^51 + 2^17 and its carry into limb 1 is 0 or 1:
 * afterwards every limb is <= 2^51. */
static void fe_carry(uint64_t v[5])
{
    uint64_t c;
    c = v[0] >> 51; v[0] &= FE_MASK; v[1] += c;
    c = v[1] >> 51; v[1] &= FE_MASK; v[2] += c;
    c = v[2] >> 51; v[2] &= FE_MASK; v[3] += c;
    c = v[3] >> 51; v[3] &= FE_MASK; v[4] += c;
    c = v[4] >> 51; v[4] &= FE_MASK; v[0] += 19 * c;
    c = v[0] >> 51; v[0] &= FE_MASK; v[1] += c;
}

/* out = r mod p, carried, for 128-bit column sums r[i] < 2^112. The carry out of limb 4 is
 * < 2^62, so 19 times it needs the 128-bit x; its carry into limb 1 is < 2^16, which leaves
 * limb 1 < 2^51 + 2^16. */
static void fe_reduce128(uint64_t out[5], fe_u128 r[5])
{
    fe_u128 x;
    r[1] += r[0] >> 51;
    r[2] += r[1] >> 51;
    r[3] += r[2] >> 51;
    r[4] += r[3] >> 51;
    x = ((uint64_t)r[0] & FE_MASK) + (r[4] >> 51) * 19;
    out[0] = (uint64_t)x & FE_MASK;
    out[1] = ((uint64_t)r[1] & FE_MASK) + (uint64_t)(x >> 51);
    out[2] = (uint64_t)r[2] & FE_MASK;
    out[3] = (uint64_t)r[3] & FE_MASK;
    out[4] = (uint64_t)r[4] & FE_MASK;
}

void fc_fe25519_set_u32(fc_fe25519 *r, uint32_t c)
{
    r->v[0] = c;
    r->v[1] = 0;
    r->v[2] = 0;
    r->v[3] = 0;
    r->v[4] = 0;
}

void fc_fe25519_frombytes(fc_fe25519 *r, const uint8_t in[32])
{
    uint64_t x0 = fe_load64(in), x1 = fe_load64(in + 8), x2 = fe_load64(in + 16),
             x3 = fe_load64(in + 24);
    r->v[0] = x0 & FE_MASK;
    r->v[1] = ((x0 >> 51) | (x1 << 13)) & FE_MASK;
    r->v[2] = ((x1 >> 38) | (x2 << 26)) & FE_MASK;
    r->v[3] = ((x2 >> 25) | (x3 << 39)) & FE_MASK;
    r->v[4] = (x3 >> 12) & FE_MASK; /* drops bit 255 */
}

void fc_fe25519_tobytes(uint8_t out[32], const fc_fe25519 *a)
{
    uint64_t v[5], q;
    unsigned i;
    for (i = 0; i < 5; i++)
        v[i] = a->v[i];
    fe_carry(v); /* limbs < 2^51 but limb 1 <= 2^51: value < 2^255 + 2^51 < 2p */
    /* q = (v + 19) >> 255 is 1 exactly when v >= p; then v - p = v + 19 - 2^255. */
    q = (v[0] + 19) >> 51;
    q = (v[1] + q) >> 51;
    q = (v[2] + q) >> 51;
    q = (v[3] + q) >> 51;
    q = (v[4] + q) >> 51;
    v[0] += 19 * q;
    v[1] += v[0] >> 51; v[0] &= FE_MASK;
    v[2] += v[1] >> 51; v[1] &= FE_MASK;
    v[3] += v[2] >> 51; v[2] &= FE_MASK;
    v[4] += v[3] >> 51; v[3] &= FE_MASK;
    v[4] &= FE_MASK; /* subtracts q * 2^255 */
    fe_store64(out, v[0] | (v[1] << 51));
    fe_store64(out + 8, (v[1] >> 13) | (v[2] << 38));
    fe_store64(out + 16, (v[2] >> 26) | (v[3] << 25));
    fe_store64(out + 24, (v[3] >> 39) | (v[4] << 12));
}

void fc_fe25519_add(fc_fe25519 *r, const fc_fe25519 *a, const fc_fe25519 *b)
{
    unsigned i;
    for (i = 0; i < 5; i++)
        r->v[i] = a->v[i] + b->v[i]; /* < 2^53 */
    fe_carry(r->v);
}

void fc_fe25519_sub(fc_fe25519 *r, const fc_fe25519 *a, const fc_fe25519 *b)
{
    unsigned i;
    r->v[0] = a->v[0] + FE_4P_0 - b->v[0]; /* a + 4p - b, each limb in (0, 2^54) */
    for (i = 1; i < 5; i++)
        r->v[i] = a->v[i] + FE_4P_I - b->v[i];
    fe_carry(r->v);
}

void fc_fe25519_neg(fc_fe25519 *r, const fc_fe25519 *a)
{
    unsigned i;
    r->v[0] = FE_4P_0 - a->v[0];
    for (i = 1; i < 5; i++)
        r->v[i] = FE_4P_I - a->v[i];
    fe_carry(r->v);
}

/* Limb products with i + j >= 5 have weight 2^255 * 2^(51 (i+j-5)): they come back times 19.
 * With limbs < 2^52 each term is < 2^52 * 19 * 2^52 < 2^109, a column of 5 < 2^112. */
void fc_fe25519_mul(fc_fe25519 *r, const fc_fe25519 *a, const fc_fe25519 *b)
{
    const uint64_t a0 = a->v[0], a1 = a->v[1], a2 = a->v[2], a3 = a->v[3], a4 = a->v[4];
    const uint64_t b0 = b->v[0], b1 = b->v[1], b2 = b->v[2], b3 = b->v[3], b4 = b->v[4];
    const uint64_t b1_19 = 19 * b1, b2_19 = 19 * b2, b3_19 = 19 * b3, b4_19 = 19 * b4;
    fe_u128 t[5];
    t[0] = (fe_u128)a0 * b0 + (fe_u128)a1 * b4_19 + (fe_u128)a2 * b3_19 + (fe_u128)a3 * b2_19 +
           (fe_u128)a4 * b1_19;
    t[1] = (fe_u128)a0 * b1 + (fe_u128)a1 * b0 + (fe_u128)a2 * b4_19 + (fe_u128)a3 * b3_19 +
           (fe_u128)a4 * b2_19;
    t[2] = (fe_u128)a0 * b2 + (fe_u128)a1 * b1 + (fe_u128)a2 * b0 + (fe_u128)a3 * b4_19 +
           (fe_u128)a4 * b3_19;
    t[3] = (fe_u128)a0 * b3 + (fe_u128)a1 * b2 + (fe_u128)a2 * b1 + (fe_u128)a3 * b0 +
           (fe_u128)a4 * b4_19;
    t[4] = (fe_u128)a0 * b4 + (fe_u128)a1 * b3 + (fe_u128)a2 * b2 + (fe_u128)a3 * b1 +
           (fe_u128)a4 * b0;
    fe_reduce128(r->v, t);
}

/* The same columns with each cross product once, doubled through d = 2a (< 2^53). */
void fc_fe25519_sqr(fc_fe25519 *r, const fc_fe25519 *a)
{
    const uint64_t a0 = a->v[0], a1 = a->v[1], a2 = a->v[2], a3 = a->v[3], a4 = a->v[4];
    const uint64_t d0 = 2 * a0, d1 = 2 * a1, d2 = 2 * a2, d3 = 2 * a3;
    const uint64_t a3_19 = 19 * a3, a4_19 = 19 * a4;
    fe_u128 t[5];
    t[0] = (fe_u128)a0 * a0 + (fe_u128)d1 * a4_19 + (fe_u128)d2 * a3_19;
    t[1] = (fe_u128)d0 * a1 + (fe_u128)d2 * a4_19 + (fe_u128)a3 * a3_19;
    t[2] = (fe_u128)d0 * a2 + (fe_u128)a1 * a1 + (fe_u128)d3 * a4_19;
    t[3] = (fe_u128)d0 * a3 + (fe_u128)d1 * a2 + (fe_u128)a4 * a4_19;
    t[4] = (fe_u128)d0 * a4 + (fe_u128)d1 * a3 + (fe_u128)a2 * a2;
    fe_reduce128(r->v, t);
}

void fc_fe25519_mul_small(fc_fe25519 *r, const fc_fe25519 *a, uint32_t c)
{
    fe_u128 t[5];
    unsigned i;
    for (i = 0; i < 5; i++)
        t[i] = (fe_u128)a->v[i] * c; /* < 2^52 * 2^19 */
    fe_reduce128(r->v, t);
}

void fc_fe25519_cswap(fc_fe25519 *a, fc_fe25519 *b, uint32_t bit)
{
    uint64_t mask = 0u - (uint64_t)bit, t;
    unsigned i;
    for (i = 0; i < 5; i++) {
        t = mask & (a->v[i] ^ b->v[i]);
        a->v[i] ^= t;
        b->v[i] ^= t;
    }
}

void fc_fe25519_cmov(fc_fe25519 *r, const fc_fe25519 *a, uint32_t bit)
{
    uint64_t mask = 0u - (uint64_t)bit;
    unsigned i;
    for (i = 0; i < 5; i++)
        r->v[i] ^= mask & (r->v[i] ^ a->v[i]);
}

uint32_t fc_fe25519_iszero(const fc_fe25519 *a)
{
    uint8_t b[32];
    uint32_t acc = 0;
    unsigned i;
    fc_fe25519_tobytes(b, a);
    for (i = 0; i < 32; i++)
        acc |= b[i];
    return (acc - 1u) >> 31; /* acc < 256: 1 exactly when acc == 0 */
}

void fc_fe25519_sqr_n(fc_fe25519 *r, const fc_fe25519 *a, unsigned n)
{
    fc_fe25519_sqr(r, a);
    while (--n > 0)
        fc_fe25519_sqr(r, r);
}

#endif /* FC_WITH_X25519 && FC_FE25519_64 */
