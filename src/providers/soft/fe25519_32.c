/* GF(2^255 - 19) with 16-bit limbs and 16x16->32-bit products only (see fe25519.h).
 *
 * Written for the Cortex-M0/M0+, whose MULS returns just the low 32 bits of a product: no
 * 64-bit type appears here, so the compiler never calls __aeabi_lmul. It is plain C for any
 * 32-bit core (RV32, Cortex-M4) as well.
 *
 * Representation: N = 16 limbs in uint32_t, value sum v[i] * 2^(16 i). Every function returns
 * its result "carried", every limb < 2^16, and may assume the same of its inputs. The value is
 * then below 2^256 = 2p + 38 but not necessarily below p; tobytes alone reduces fully. Limbs
 * below 2^16 make each limb product fit in 32 bits.
 *
 * The code uses only N, 2^(16N) = 38 (mod p) and p = 2^(16N-1) - 19, so it carries over to
 * p = 2^191 - 19 with N = 12 (2^192 = 38 there too); only the exponent chains of
 * fc_fe25519_invert and fc_fe25519_pow22523 are particular to 2^255 - 19.
 */
#include "fieldcrypt/config.h"

#if FC_WITH_X25519 && !FC_FE25519_64

#include <stdint.h>
#include <string.h>

#include "fe25519.h"

#define FE_N FC_FE25519_LIMBS /* 16 */
#define FE_MASK 0xffffu
/* 2^(16N) mod p: the weight that a carry out of the top limb comes back with. */
#define FE_FOLD 38u
/* 2^(16N-1) mod p: the weight of bit 15 of the top limb and above, used by tobytes. */
#define FE_FOLD_HALF 19u
/* 4p = 2^(16N+1) - 76 as N limbs that are all >= 2^16, so a limb of 4p minus a carried limb
 * never goes below zero: 2 * (2^16 - 1) in every limb, 74 less in limb 0
 * (sum: 2 * (2^(16N) - 1) - 74 = 2^(16N+1) - 76). */
#define FE_4P_0 (2u * FE_MASK - 74u)
#define FE_4P_I (2u * FE_MASK)

/* Adds 38c (c <= 1024) at limb 0 of carried limbs and carries again. The value is below
 * 2^(16N) + 38912, so the carry out of the top limb is 0 or 1; when it is 1 what remains is
 * below 38912, all in limb 0, and adding the last 38 cannot carry. */
static void fe_fold(uint32_t v[FE_N], uint32_t c)
{
    uint32_t t;
    unsigned i;
    c *= FE_FOLD;
    for (i = 0; i < FE_N; i++) {
        t = v[i] + c;
        v[i] = t & FE_MASK;
        c = t >> 16;
    }
    v[0] += FE_FOLD * c;
}

/* Limbs each below 2^26 to carried form. The carry stays <= 1024 because
 * (2^26 - 1 + 1024) >> 16 = 1024. */
static void fe_carry(uint32_t v[FE_N])
{
    uint32_t c = 0, t;
    unsigned i;
    for (i = 0; i < FE_N; i++) {
        t = v[i] + c;
        v[i] = t & FE_MASK;
        c = t >> 16;
    }
    fe_fold(v, c);
}

/* out = w mod p, carried, for the 2N 16-bit limbs of a product: limb N + i has weight
 * 2^(16N) * 2^(16 i) = 38 * 2^(16 i). Each w[i] + 38 w[N + i] is below 39 * 2^16 < 2^22 and the
 * carry below 2^6, so this is fe_carry's first pass on limbs below 2^26. */
static void fe_reduce_wide(uint32_t out[FE_N], const uint32_t w[2 * FE_N])
{
    uint32_t c = 0, t;
    unsigned i;
    for (i = 0; i < FE_N; i++) {
        t = w[i] + FE_FOLD * w[FE_N + i] + c;
        out[i] = t & FE_MASK;
        c = t >> 16;
    }
    fe_fold(out, c);
}

/* Product scanning: limb k of a product collects the column of a[i] * b[k - i]. Each such
 * product is below 2^32, but a column of up to 16 of them may not fit in 32 bits. So lo keeps
 * their sum mod 2^32 and hi the sum of their high halves (< 16 * 2^16 = 2^20). The column is
 * hi * 2^16 + L, L the sum of the low halves, and L = lo - hi * 2^16 mod 2^32 exactly since
 * L < 2^20. That costs two adds and a shift per product.
 *
 * The columns are separate functions kept out of line on purpose: with the loop alone in
 * scope gcc keeps its seven values in the M0's eight low registers, inlined into the outer
 * loop it spills the sums to the stack (fe_mul 1.3x to 1.7x slower on the M0+, -Os). */
#if defined(__GNUC__) || defined(__clang__)
#define FE_NOINLINE __attribute__((noinline))
#else
#define FE_NOINLINE
#endif

/* Column of a product: adds pa[0] * pb[0] + pa[1] * pb[-1] + ... up to pa = end (at least one
 * product) and the carry in wk[0]; leaves limb wk[0] and the carry out in wk[1]. Carries stay
 * below 2^21: L + carry < 2^20 + 2^21 and the next carry is < 2^6 + 2^20. */
FE_NOINLINE static void fe_mul_column(uint32_t *wk, const uint32_t *pa, const uint32_t *pb,
                                      const uint32_t *end)
{
    uint32_t lo = 0, hi = 0, p;
    do {
        p = *pa++ * *pb--;
        lo += p;
        hi += p >> 16;
    } while (pa != end);
    lo = lo - (hi << 16) + wk[0];
    wk[0] = lo & FE_MASK;
    wk[1] = (lo >> 16) + hi;
}

/* w = a * b, all 2N limbs (the product is below 2^(32N), so the last carry is its top limb). */
static void fe_mul_wide(uint32_t w[2 * FE_N], const uint32_t *a, const uint32_t *b)
{
    unsigned k;
    w[0] = 0;
    for (k = 0; k < FE_N; k++)
        fe_mul_column(w + k, a, b + k, a + k + 1);
    for (; k < 2 * FE_N - 1; k++)
        fe_mul_column(w + k, a + (k - (FE_N - 1)), b + (FE_N - 1), a + FE_N);
}

/* Column of a square: the cross products pa[0] * pb[0] + ... up to pa = end (maybe none),
 * doubled, plus wk[0], which holds this column's half of a square a[i]^2 plus the carry in.
 * At most N/2 = 8 cross products share a column, so 2L and 2 hi are below 2^20 and carries
 * stay below 2^21 as for a product. The carry is added into wk[1], the next square half. */
FE_NOINLINE static void fe_sqr_column(uint32_t *wk, const uint32_t *pa, const uint32_t *pb,
                                      const uint32_t *end)
{
    uint32_t lo = 0, hi = 0, p;
    while (pa != end) {
        p = *pa++ * *pb--;
        lo += p;
        hi += p >> 16;
    }
    lo = 2 * (lo - (hi << 16)) + wk[0];
    wk[0] = lo & FE_MASK;
    wk[1] += (lo >> 16) + 2 * hi;
}

/* w = a^2: the squares a[i]^2 laid out in w first, then each column adds its cross products
 * a[i] * a[k - i], i < k - i, once and doubled: 136 products instead of 256. */
static void fe_sqr_wide(uint32_t w[2 * FE_N], const uint32_t *a)
{
    uint32_t p;
    unsigned k;
    for (k = 0; k < FE_N; k++) {
        p = a[k] * a[k];
        w[2 * k] = p & FE_MASK;
        w[2 * k + 1] = p >> 16;
    }
    for (k = 0; k < FE_N; k++)
        fe_sqr_column(w + k, a, a + k, a + (k + 1) / 2);
    for (; k < 2 * FE_N - 1; k++)
        fe_sqr_column(w + k, a + (k - (FE_N - 1)), a + (FE_N - 1), a + (k + 1) / 2);
}

void fc_fe25519_set_u32(fc_fe25519 *r, uint32_t c)
{
    memset(r, 0, sizeof(*r));
    r->v[0] = c & FE_MASK;
    r->v[1] = c >> 16;
}

void fc_fe25519_frombytes(fc_fe25519 *r, const uint8_t in[32])
{
    unsigned i;
    for (i = 0; i < FE_N; i++)
        r->v[i] = (uint32_t)in[2 * i] | ((uint32_t)in[2 * i + 1] << 8);
    r->v[FE_N - 1] &= 0x7fffu; /* bit 255 */
}

void fc_fe25519_tobytes(uint8_t out[32], const fc_fe25519 *a)
{
    uint32_t v[FE_N], w[FE_N], c, t, mask;
    unsigned i;
    /* v = (a mod 2^255) + 19 * (a >> 255) < 2^255 + 19, carried (no carry leaves the top). */
    c = FE_FOLD_HALF * (a->v[FE_N - 1] >> 15);
    for (i = 0; i < FE_N - 1; i++) {
        t = a->v[i] + c;
        v[i] = t & FE_MASK;
        c = t >> 16;
    }
    v[FE_N - 1] = (a->v[FE_N - 1] & 0x7fffu) + c;
    /* Now v < 2p. w = v + 19 reaches 2^255 exactly when v >= p, and then v - p = w - 2^255. */
    c = FE_FOLD_HALF;
    for (i = 0; i < FE_N; i++) {
        t = v[i] + c;
        w[i] = t & FE_MASK;
        c = t >> 16;
    }
    mask = 0u - (w[FE_N - 1] >> 15);
    w[FE_N - 1] &= 0x7fffu;
    for (i = 0; i < FE_N; i++) {
        t = v[i] ^ (mask & (v[i] ^ w[i]));
        out[2 * i] = (uint8_t)t;
        out[2 * i + 1] = (uint8_t)(t >> 8);
    }
}

void fc_fe25519_add(fc_fe25519 *r, const fc_fe25519 *a, const fc_fe25519 *b)
{
    unsigned i;
    for (i = 0; i < FE_N; i++)
        r->v[i] = a->v[i] + b->v[i]; /* < 2^17 */
    fe_carry(r->v);
}

void fc_fe25519_sub(fc_fe25519 *r, const fc_fe25519 *a, const fc_fe25519 *b)
{
    unsigned i;
    /* a + 4p - b, limb by limb in [0, 2^18) */
    r->v[0] = a->v[0] + FE_4P_0 - b->v[0];
    for (i = 1; i < FE_N; i++)
        r->v[i] = a->v[i] + FE_4P_I - b->v[i];
    fe_carry(r->v);
}

void fc_fe25519_neg(fc_fe25519 *r, const fc_fe25519 *a)
{
    unsigned i;
    r->v[0] = FE_4P_0 - a->v[0];
    for (i = 1; i < FE_N; i++)
        r->v[i] = FE_4P_I - a->v[i];
    fe_carry(r->v);
}

void fc_fe25519_mul(fc_fe25519 *r, const fc_fe25519 *a, const fc_fe25519 *b)
{
    uint32_t w[2 * FE_N];
    fe_mul_wide(w, a->v, b->v);
    fe_reduce_wide(r->v, w);
}

void fc_fe25519_sqr(fc_fe25519 *r, const fc_fe25519 *a)
{
    uint32_t w[2 * FE_N];
    fe_sqr_wide(w, a->v);
    fe_reduce_wide(r->v, w);
}

void fc_fe25519_mul_small(fc_fe25519 *r, const fc_fe25519 *a, uint32_t c)
{
    /* c = c0 + c1 * 2^16 with c1 < 8: a[i] * c0 < 2^32 and a[i] * c1 < 2^19. Limb i gets the
     * low half of a[i] * c0 plus in = (high half of a[i-1] * c0) + a[i-1] * c1 < 8 * 2^16;
     * limb 0 gets 38 times that of a[N-1], < 2^25. All limbs stay below 2^26 for fe_carry. */
    uint32_t c0 = c & FE_MASK, c1 = c >> 16, in, p, ai;
    unsigned i;
    p = a->v[FE_N - 1] * c0;
    in = FE_FOLD * ((p >> 16) + a->v[FE_N - 1] * c1);
    for (i = 0; i < FE_N; i++) {
        ai = a->v[i]; /* read before r->v[i] is written: r may be a */
        p = ai * c0;
        r->v[i] = (p & FE_MASK) + in;
        in = (p >> 16) + ai * c1;
    }
    fe_carry(r->v);
}

void fc_fe25519_cswap(fc_fe25519 *a, fc_fe25519 *b, uint32_t bit)
{
    uint32_t mask = 0u - bit, t;
    unsigned i;
    for (i = 0; i < FE_N; i++) {
        t = mask & (a->v[i] ^ b->v[i]);
        a->v[i] ^= t;
        b->v[i] ^= t;
    }
}

void fc_fe25519_cmov(fc_fe25519 *r, const fc_fe25519 *a, uint32_t bit)
{
    uint32_t mask = 0u - bit;
    unsigned i;
    for (i = 0; i < FE_N; i++)
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

/* The exponent chains below are the same in fe25519_64.c. */

/* r = a^(2^n), n >= 1 */
static void fe_sqr_n(fc_fe25519 *r, const fc_fe25519 *a, unsigned n)
{
    fc_fe25519_sqr(r, a);
    while (--n > 0)
        fc_fe25519_sqr(r, r);
}

/* t = a^(2^250 - 1) and a11 = a^11, the common part of both exponentiations:
 * 254 squarings and 11 multiplications in all with the tails below. */
static void fe_pow250(fc_fe25519 *t, fc_fe25519 *a11, const fc_fe25519 *a)
{
    fc_fe25519 u, v;
    fc_fe25519_sqr(&u, a);        /* a^2 */
    fe_sqr_n(&v, &u, 2);          /* a^8 */
    fc_fe25519_mul(&v, &v, a);    /* a^9 */
    fc_fe25519_mul(a11, &u, &v);  /* a^11 */
    fc_fe25519_sqr(&u, a11);      /* a^22 */
    fc_fe25519_mul(&v, &v, &u);   /* a^31 = a^(2^5 - 1) */
    fe_sqr_n(&u, &v, 5);
    fc_fe25519_mul(&v, &u, &v);   /* 2^10 - 1 */
    fe_sqr_n(&u, &v, 10);
    fc_fe25519_mul(&u, &u, &v);   /* 2^20 - 1 */
    fe_sqr_n(t, &u, 20);
    fc_fe25519_mul(t, t, &u);     /* 2^40 - 1 */
    fe_sqr_n(t, t, 10);
    fc_fe25519_mul(t, t, &v);     /* 2^50 - 1 */
    fe_sqr_n(&u, t, 50);
    fc_fe25519_mul(&u, &u, t);    /* 2^100 - 1 */
    fe_sqr_n(&v, &u, 100);
    fc_fe25519_mul(&v, &v, &u);   /* 2^200 - 1 */
    fe_sqr_n(&v, &v, 50);
    fc_fe25519_mul(t, &v, t);     /* 2^250 - 1 */
}

void fc_fe25519_invert(fc_fe25519 *r, const fc_fe25519 *a)
{
    fc_fe25519 t, a11;
    fe_pow250(&t, &a11, a);
    fe_sqr_n(&t, &t, 5);          /* 2^255 - 2^5 */
    fc_fe25519_mul(r, &t, &a11);  /* 2^255 - 21 = p - 2 */
}

void fc_fe25519_pow22523(fc_fe25519 *r, const fc_fe25519 *a)
{
    fc_fe25519 t, a11;
    fe_pow250(&t, &a11, a);
    fe_sqr_n(&t, &t, 2);          /* 2^252 - 4 */
    fc_fe25519_mul(r, &t, a);     /* 2^252 - 3 = (p - 5) / 8 */
}

#endif /* FC_WITH_X25519 && !FC_FE25519_64 */
