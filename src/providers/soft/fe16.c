/* Radix-2^16 arithmetic mod p = 2^(16n-1) - 19, n limbs (see fe16.h).
 *
 * Written for the Cortex-M0/M0+: only 16x16->32-bit products, no 64-bit type, so the compiler
 * never calls __aeabi_lmul. The code uses only n, 2^(16n) = 38 and 2^(16n-1) = 19 (mod p), so
 * one copy serves GF(2^255 - 19) (n = 16) and GF(2^191 - 19) (n = 12). Bounds below are
 * stated for n <= 16. On the Cortex-M0/M0+, mul, sqr, add, sub and cswap come from the
 * assembly of fe16_armv6m.c instead (FC_FE16_ARMV6M); on the Cortex-M4 those, mul_small and
 * sqr_n from fe16_armv7m.c's Thumb-2 (FC_FE16_ARMV7M); on every other target but ARMv6-M
 * (RV32, the host, clang), from fe16_w32.c's C over 32-bit words with 32x32->64-bit products
 * (FC_FE16_W32), which has mul_small too. So the 16-bit mul, sqr, add, sub, mul_small and
 * cswap below serve ARMv6-M without the assembly only (FC_FE16_ASM=0, clang, -O0).
 */
#include "fe16.h"

#if FC_FE16_NEEDED

#include <string.h>

#define FE_MASK 0xffffu
/* 2^(16n) mod p: the weight that a carry out of the top limb comes back with. */
#define FE_FOLD 38u
/* 2^(16n-1) mod p: the weight of bit 15 of the top limb and above, used by tobytes. */
#define FE_FOLD_HALF 19u
/* 4p = 2^(16n+1) - 76 as n limbs that are all >= 2^16, so a limb of 4p minus a carried limb
 * never goes below zero: 2 * (2^16 - 1) in every limb, 74 less in limb 0
 * (sum: 2 * (2^(16n) - 1) - 74 = 2^(16n+1) - 76). */
#define FE_4P_0 (2u * FE_MASK - 74u)
#define FE_4P_I (2u * FE_MASK)

/* The carried forms below come out of one pass each, the top limb first: its bits from 15 up
 * are worth 2^(16n-1) = 19 each, so they go into the carry that starts at limb 0 and the top
 * keeps 15 bits. The carry that reaches the top at the end is small (each function bounds it),
 * so the top stays below 2^16 and nothing leaves it: no second pass for a carry out of the
 * top, which could ripple through every limb. */

#if !FC_FE16_ARMV6M && !FC_FE16_ARMV7M && !FC_FE16_W32 /* else the assembly or fe16_w32.c */

/* w mod p for the 2n 16-bit limbs w[i] < 2^16 of a product: limb n + i has weight
 * 2^(16n) * 2^(16 i) = 38 * 2^(16 i). The top w[n-1] + 38 w[2n-1] < 39 * 2^16 gives the pass a
 * start below 19 * 78; each w[i] + 38 w[n + i] + carry is then below 40 * 2^16 and the carry
 * below 40. */
static void fe_reduce_wide(fc_fe16_limb *out, const uint32_t *w, unsigned n)
{
    const uint32_t *hi = w + n;
    fc_fe16_limb *end = out + n - 1;
    uint32_t top = w[n - 1] + FE_FOLD * w[2 * n - 1], c = FE_FOLD_HALF * (top >> 15), t;
    do {
        t = *w++ + FE_FOLD * *hi++ + c;
        *out++ = (fc_fe16_limb)t;
        c = t >> 16;
    } while (out != end);
    *out = (fc_fe16_limb)((top & 0x7fffu) + c);
}

/* Product scanning: limb k of a product collects the column of a[i] * b[k - i]. Each such
 * product is below 2^32, but a column of up to n of them may not fit in 32 bits. So lo keeps
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
FE_NOINLINE static void fe_mul_column(uint32_t *wk, const fc_fe16_limb *pa,
                                      const fc_fe16_limb *pb, const fc_fe16_limb *end)
{
    uint32_t lo = 0, hi = 0, p;
    do {
        p = (uint32_t)*pa++ * *pb--; /* not int * int: that overflows */
        lo += p;
        hi += p >> 16;
    } while (pa != end);
    lo = lo - (hi << 16) + wk[0];
    wk[0] = lo & FE_MASK;
    wk[1] = (lo >> 16) + hi;
}

/* w = a * b, all 2n limbs (the product is below 2^(32n), so the last carry is its top limb).
 * Columns 0 .. n-1 run a[0..k] against b[k..0]; column n-1+k, k = 1 .. n-1, runs a[k..n-1]
 * against b[n-1..k]. The loop shapes (do-while, b moved once) are the ones for which gcc -Os
 * keeps everything in registers with n not a constant: within 1% of a fixed-n loop on the M0+. */
static void fe_mul_wide(uint32_t *w, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    unsigned k = 0;
    w[0] = 0;
    do {
        fe_mul_column(w + k, a, b + k, a + k + 1);
    } while (++k < n);
    b += n - 1;
    for (k = 1; k < n; k++)
        fe_mul_column(w + n - 1 + k, a + k, b, a + n);
}


/* Column of a square: the cross products pa[0] * pb[0] + ... up to pa = end (maybe none),
 * doubled, plus wk[0], which holds this column's half of a square a[i]^2 plus the carry in.
 * At most n/2 <= 8 cross products share a column, so 2L and 2 hi are below 2^20 and carries
 * stay below 2^21 as for a product. The carry is added into wk[1], the next square half. */
FE_NOINLINE static void fe_sqr_column(uint32_t *wk, const fc_fe16_limb *pa,
                                      const fc_fe16_limb *pb, const fc_fe16_limb *end)
{
    uint32_t lo = 0, hi = 0, p;
    while (pa != end) {
        p = (uint32_t)*pa++ * *pb--;
        lo += p;
        hi += p >> 16;
    }
    lo = 2 * (lo - (hi << 16)) + wk[0];
    wk[0] = lo & FE_MASK;
    wk[1] += (lo >> 16) + 2 * hi;
}

/* w = a^2: the squares a[i]^2 laid out in w first, then each column adds its cross products
 * a[i] * a[k - i], i < k - i, once and doubled: n(n+1)/2 products with the squares, not n^2.
 * Column k ends at a + (k + 1) / 2; the second loop numbers columns n-1+k as fe_mul_wide does. */
static void fe_sqr_wide(uint32_t *w, const fc_fe16_limb *a, unsigned n)
{
    const fc_fe16_limb *pa = a, *end = a + n;
    uint32_t p, *pw = w;
    unsigned k;
    do {
        p = (uint32_t)*pa * *pa;
        pa++;
        *pw++ = p & FE_MASK;
        *pw++ = p >> 16;
    } while (pa != end);
    k = 0;
    do {
        fe_sqr_column(w + k, a, a + k, a + (k + 1) / 2);
    } while (++k < n);
    for (k = 1; k < n; k++)
        fe_sqr_column(w + n - 1 + k, a + k, a + (n - 1), a + (n + k) / 2);
}

#endif /* !FC_FE16_ARMV6M && !FC_FE16_ARMV7M && !FC_FE16_W32 */

void fc_fe16_set_u32(fc_fe16_limb *r, uint32_t c, unsigned n)
{
    memset(r, 0, n * sizeof(*r));
    r[0] = (fc_fe16_limb)c;
    r[1] = (fc_fe16_limb)(c >> 16);
}

void fc_fe16_frombytes(fc_fe16_limb *r, const uint8_t *in, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++)
        r[i] = (fc_fe16_limb)(in[2 * i] | (in[2 * i + 1] << 8));
    r[n - 1] &= 0x7fffu; /* bit 16n - 1 */
}

void fc_fe16_tobytes(uint8_t *out, const fc_fe16_limb *a, unsigned n)
{
    uint32_t v[FC_FE16_MAX_LIMBS], w[FC_FE16_MAX_LIMBS], c, t, mask;
    unsigned i;
    /* v = (a mod 2^(16n-1)) + 19 * (a >> (16n-1)) < 2^(16n-1) + 19, carried (no carry leaves
     * the top). */
    c = FE_FOLD_HALF * (uint32_t)(a[n - 1] >> 15);
    for (i = 0; i < n - 1; i++) {
        t = a[i] + c;
        v[i] = t & FE_MASK;
        c = t >> 16;
    }
    v[n - 1] = (a[n - 1] & 0x7fffu) + c;
    /* Now v < 2p. w = v + 19 reaches 2^(16n-1) exactly when v >= p, and then
     * v - p = w - 2^(16n-1). */
    c = FE_FOLD_HALF;
    for (i = 0; i < n; i++) {
        t = v[i] + c;
        w[i] = t & FE_MASK;
        c = t >> 16;
    }
    mask = 0u - (w[n - 1] >> 15);
    w[n - 1] &= 0x7fffu;
    for (i = 0; i < n; i++) {
        t = v[i] ^ (mask & (v[i] ^ w[i]));
        out[2 * i] = (uint8_t)t;
        out[2 * i + 1] = (uint8_t)(t >> 8);
    }
}

/* add, sub and neg: one pass each, the top limb first (see fe_reduce_wide). The top is read
 * before anything is written, as r may alias a or b. */

#if !FC_FE16_ARMV6M && !FC_FE16_ARMV7M && !FC_FE16_W32 /* else the assembly or fe16_w32.c */
void fc_fe16_add(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    fc_fe16_limb *end = r + n - 1;
    uint32_t top = (uint32_t)a[n - 1] + b[n - 1], c = FE_FOLD_HALF * (top >> 15), t;
    do {
        t = (uint32_t)*a++ + *b++ + c; /* < 2^17 + 57: the carry is at most 2 */
        *r++ = (fc_fe16_limb)t;
        c = t >> 16;
    } while (r != end);
    *r = (fc_fe16_limb)((top & 0x7fffu) + c);
}

/* a + 4p - b, limb by limb in [0, 2^18): 4p - b at once in every limb, with limb 0's 74 less
 * taken from the starting carry (mod 2^32; limb 0 absorbs it, as 4p's limb 0 - b[0] >= 0).
 * The carry stays below 5. */
void fc_fe16_sub(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    fc_fe16_limb *end = r + n - 1;
    uint32_t top = a[n - 1] + FE_4P_I - b[n - 1], t;
    uint32_t c = FE_FOLD_HALF * (top >> 15) + FE_4P_0 - FE_4P_I;
    do {
        t = *a++ + FE_4P_I - *b++ + c;
        *r++ = (fc_fe16_limb)t;
        c = t >> 16;
    } while (r != end);
    *r = (fc_fe16_limb)((top & 0x7fffu) + c);
}
#endif

void fc_fe16_neg(fc_fe16_limb *r, const fc_fe16_limb *a, unsigned n)
{
    fc_fe16_limb *end = r + n - 1;
    uint32_t top = FE_4P_I - a[n - 1], t;
    uint32_t c = FE_FOLD_HALF * (top >> 15) + FE_4P_0 - FE_4P_I;
    do {
        t = FE_4P_I - *a++ + c;
        *r++ = (fc_fe16_limb)t;
        c = t >> 16;
    } while (r != end);
    *r = (fc_fe16_limb)((top & 0x7fffu) + c);
}

#if !FC_FE16_ARMV6M && !FC_FE16_ARMV7M && !FC_FE16_W32 /* else the assembly or fe16_w32.c */
void fc_fe16_mul(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    uint32_t w[2 * FC_FE16_MAX_LIMBS];
    fe_mul_wide(w, a, b, n);
    fe_reduce_wide(r, w, n);
}

void fc_fe16_sqr(fc_fe16_limb *r, const fc_fe16_limb *a, unsigned n)
{
    uint32_t w[2 * FC_FE16_MAX_LIMBS];
    fe_sqr_wide(w, a, n);
    fe_reduce_wide(r, w, n);
}
#endif

#if !FC_FE16_ARMV7M && !FC_FE16_ARMV6M /* else fe16_armv7m.c or fe16_armv6m.c */
void fc_fe16_sqr_n(fc_fe16_limb *r, const fc_fe16_limb *a, unsigned k, unsigned n)
{
    fc_fe16_sqr(r, a, n);
    while (--k > 0)
        fc_fe16_sqr(r, r, n);
}
#endif

#if !FC_FE16_W32 && !FC_FE16_ARMV7M /* else fe16_w32.c or fe16_armv7m.c */
/* fe16_armv6m.c's fc_fe16_mul_small calls this for what its assembly does not take */
#if FC_FE16_ARMV6M
void fc_fe16_mul_small_c(fc_fe16_limb *r, const fc_fe16_limb *a, uint32_t c, unsigned n)
#else
void fc_fe16_mul_small(fc_fe16_limb *r, const fc_fe16_limb *a, uint32_t c, unsigned n)
#endif
{
    /* c = c0 + c1 * 2^16 with c1 < 8: a[i] * c0 < 2^32 and a[i] * c1 < 2^19. Limb i gets the
     * low half of a[i] * c0 plus in = (high half of a[i-1] * c0) + a[i-1] * c1 < 9 * 2^16;
     * limb 0 gets 38 times that of a[n-1], < 2^25, and 19 times the bits from 15 up of the top
     * limb (< 2^20), formed first as in fe_reduce_wide. The carry out of limb 0 is below 2^10,
     * the later ones below 11, and the top gets 15 bits plus the last. */
    uint32_t c0 = c & FE_MASK, c1 = c >> 16, in, p, ai, t, top, cy;
    fc_fe16_limb *end = r + n - 1;
    p = a[n - 2] * c0;
    top = (p >> 16) + a[n - 2] * c1 + ((a[n - 1] * c0) & FE_MASK);
    p = a[n - 1] * c0;
    in = FE_FOLD * ((p >> 16) + a[n - 1] * c1);
    cy = FE_FOLD_HALF * (top >> 15);
    do {
        ai = *a++; /* read before *r is written: r may be a */
        p = ai * c0;
        t = (p & FE_MASK) + in + cy;
        *r++ = (fc_fe16_limb)t;
        cy = t >> 16;
        in = (p >> 16) + ai * c1;
    } while (r != end);
    *r = (fc_fe16_limb)((top & 0x7fffu) + cy);
}
#endif

#if !FC_FE16_ARMV6M && !FC_FE16_ARMV7M && !FC_FE16_W32 /* else the assembly or fe16_w32.c */
void fc_fe16_cswap(fc_fe16_limb *a, fc_fe16_limb *b, uint32_t bit, unsigned n)
{
    fc_fe16_limb *end = a + n;
    uint32_t mask = 0u - bit, t;
    do {
        t = mask & (uint32_t)(*a ^ *b);
        *a++ ^= (fc_fe16_limb)t;
        *b++ ^= (fc_fe16_limb)t;
    } while (a != end);
}
#endif

void fc_fe16_cmov(fc_fe16_limb *r, const fc_fe16_limb *a, uint32_t bit, unsigned n)
{
    fc_fe16_limb *end = r + n;
    uint32_t mask = 0u - bit;
    do {
        *r ^= (fc_fe16_limb)(mask & (uint32_t)(*r ^ *a++));
    } while (++r != end);
}

uint32_t fc_fe16_iszero(const fc_fe16_limb *a, unsigned n)
{
    uint8_t b[2 * FC_FE16_MAX_LIMBS];
    uint32_t acc = 0;
    unsigned i;
    fc_fe16_tobytes(b, a, n);
    for (i = 0; i < 2 * n; i++)
        acc |= b[i];
    return (acc - 1u) >> 31; /* acc < 256: 1 exactly when acc == 0 */
}

#if FC_FE16_LADDER_STEP && !FC_FE16_ARMV6M /* else fe16_armv6m.c */
uint32_t fc_fe16_ladder_steps(fc_fe16_limb *x2, fc_fe16_limb *z2, fc_fe16_limb *x3,
                              fc_fe16_limb *z3, fc_fe16_limb *t0, fc_fe16_limb *t1,
                              const fc_fe16_limb *x1, const uint8_t *k, unsigned t,
                              unsigned count, uint32_t swap, uint32_t u_small, uint32_t a24,
                              unsigned n)
{
    uint32_t bit;
    while (count-- > 0) {
        t--;
        bit = (uint32_t)(k[t >> 3] >> (t & 7)) & 1u;  /* t public: a public index */
        fc_fe16_ladder_step(x2, z2, x3, z3, t0, t1, x1, swap ^ bit, u_small, a24, n);
        swap = bit;
    }
    return swap;
}
#endif

#endif /* FC_FE16_NEEDED */
