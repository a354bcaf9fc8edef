/* Arithmetic mod p = 2^448 - 2^224 - 1 in 16 limbs of 28 bits (see fe448.h).
 *
 * Write X = 2^224 (limb 8). Then 2^448 = X^2 = X + 1 (mod p): a column of weight 2^448 * 2^(28 j)
 * goes back into limbs j and j + 8. Multiplication splits a = aL + aH X, b = bL + bH X into
 * halves of 8 limbs and uses that identity with Karatsuba's trick (Hamburg, "Ed448-Goldilocks"):
 *   a b = aL bL + aH bH + ((aL + aH)(bL + bH) - aL bL) X   (mod p),
 * three 8x8-limb products (192 multiplications) instead of one 16x16 (256).
 *
 * Bounds. "Carried" limbs are below L = 2^28 + 2^10. A column of an 8x8 product has at most 8
 * terms: below 8 L^2 < 2^59.01 for aL bL and aH bH, below 8 (2L)^2 < 2^61.01 with the sums
 * aL + aH. A limb of the reduced product collects at most two columns of each kind, so stays
 * below 2^62.4: the uint64_t accumulators never overflow. fe_carry_wide brings them back to
 * carried limbs.
 *
 * Constant time: the loops and branches depend on limb positions only, never on values; the
 * final reduction of tobytes selects with a mask. Temporaries are not wiped here, as in the
 * other fields: the XDH front end zeroes the stack its callees used (fc_core_burn_stack).
 */
#include "fe448.h"

#if FC_WITH_X448

#include <string.h>

#define M28 0x0fffffffu

/* a * b for a, b < 2^30 (limbs and sums of two limbs). The Cortex-M0/M0+ multiplies only
 * 32x32->32, and gcc calls __aeabi_lmul, a 64x64-bit product, for each widening one; four
 * 16x16-bit products added in 64 bits (adds, adcs) are faster there, with no call and no
 * branch. The middle sum is below 2 * 2^16 * 2^14 = 2^31. */
#if defined(__ARM_ARCH_6M__)
static inline uint64_t fe_mul32(uint32_t a, uint32_t b)
{
    uint32_t al = a & 0xffffu, ah = a >> 16, bl = b & 0xffffu, bh = b >> 16;
    uint32_t mid = al * bh + ah * bl;
    return ((uint64_t)(ah * bh) << 32) + ((uint64_t)mid << 16) + al * bl;
}
#else
#define fe_mul32(a, b) ((uint64_t)(a) * (b))
#endif

/* r = w mod p as carried limbs, for 64-bit column sums w[i] < 2^63. One pass carries every
 * limb into the next; the carry out of limb 15 (< 2^36) has weight 2^448 = 2^224 + 1 and goes
 * into limbs 0 and 8, whose own carries (< 2^8) go one limb up, so every limb ends below
 * 2^28 + 2^9. */
static void fe_carry_wide(uint32_t r[16], const uint64_t w[16])
{
    uint64_t c = 0, t;
    unsigned i;
    for (i = 0; i < 16; i++) {
        t = w[i] + c;
        r[i] = (uint32_t)t & M28;
        c = t >> 28;
    }
    t = r[0] + c;
    r[0] = (uint32_t)t & M28;
    r[1] += (uint32_t)(t >> 28);
    t = r[8] + c;
    r[8] = (uint32_t)t & M28;
    r[9] += (uint32_t)(t >> 28);
}

/* The same in 32 bits, for limbs below 2^31 (sums and differences): the carry out of limb 15
 * is then at most 8, and limbs 0 and 8 end below 2^28 + 8. */
static void fe_carry(uint32_t r[16])
{
    uint32_t c = 0;
    unsigned i;
    for (i = 0; i < 16; i++) {
        r[i] += c;
        c = r[i] >> 28;
        r[i] &= M28;
    }
    r[0] += c;
    r[8] += c;
}

void fc_fe448_set_small(fc_fe448 *r, uint32_t c)
{
    memset(r->v, 0, sizeof(r->v));
    r->v[0] = c;
}

/* Two limbs are 56 bits, 7 bytes: limb 2i takes bytes 0..2 and the low half of byte 3, limb
 * 2i + 1 the high half of byte 3 and bytes 4..6. */
void fc_fe448_frombytes(fc_fe448 *r, const uint8_t in[56])
{
    unsigned i;
    for (i = 0; i < 8; i++, in += 7) {
        r->v[2 * i] = (uint32_t)in[0] | ((uint32_t)in[1] << 8) | ((uint32_t)in[2] << 16) |
                      ((uint32_t)(in[3] & 0x0f) << 24);
        r->v[2 * i + 1] = ((uint32_t)in[3] >> 4) | ((uint32_t)in[4] << 4) |
                          ((uint32_t)in[5] << 12) | ((uint32_t)in[6] << 20);
    }
}

void fc_fe448_tobytes(uint8_t out[56], const fc_fe448 *a)
{
    uint32_t v[16], w[16], c, t, mask;
    unsigned i;
    /* Three carry passes give the exact value in [0, 2^448) with every limb below 2^28: the
     * first leaves limbs 0 and 8 at most 2^28, the second carries at most 1 out of the top,
     * and only when the value minus 2^448 was below 2^224 + 1, so the third ripples that 1
     * from limb 0 without reaching the top. */
    memcpy(v, a->v, sizeof(v));
    fe_carry(v);
    fe_carry(v);
    fe_carry(v);
    /* Now v < 2^448 < 2p. w = v + 2^224 + 1 reaches 2^448 exactly when v >= p, and then
     * v - p = w - 2^448. */
    c = 1;
    for (i = 0; i < 16; i++) {
        t = v[i] + c + (i == 8 ? 1u : 0u);
        w[i] = t & M28;
        c = t >> 28;
    }
    mask = 0u - c;
    for (i = 0; i < 16; i++)
        v[i] ^= mask & (v[i] ^ w[i]);
    for (i = 0; i < 8; i++, out += 7) {
        out[0] = (uint8_t)v[2 * i];
        out[1] = (uint8_t)(v[2 * i] >> 8);
        out[2] = (uint8_t)(v[2 * i] >> 16);
        out[3] = (uint8_t)((v[2 * i] >> 24) | (v[2 * i + 1] << 4));
        out[4] = (uint8_t)(v[2 * i + 1] >> 4);
        out[5] = (uint8_t)(v[2 * i + 1] >> 12);
        out[6] = (uint8_t)(v[2 * i + 1] >> 20);
    }
}

void fc_fe448_add(fc_fe448 *r, const fc_fe448 *a, const fc_fe448 *b)
{
    unsigned i;
    for (i = 0; i < 16; i++) /* below 2^29 + 2^11 */
        r->v[i] = a->v[i] + b->v[i];
    fe_carry(r->v);
}

/* a + 2p - b: 2p has 2^29 - 2 in every limb but limb 8 (2^29 - 4), more than a carried limb of
 * b, so no limb goes below zero; the sum is below 2^30. */
void fc_fe448_sub(fc_fe448 *r, const fc_fe448 *a, const fc_fe448 *b)
{
    unsigned i;
    for (i = 0; i < 16; i++)
        r->v[i] = a->v[i] + (2u * M28 - (i == 8 ? 2u : 0u)) - b->v[i];
    fe_carry(r->v);
}

/* Column k of the three half products, added where it belongs (see the top of the file):
 * column k of aL bL + aH bH at 2^(28 k); column k of mid = aL bH + aH bL + aH bH at
 * X * 2^(28 k) = 2^(28 (k + 8)), which for k >= 8 is 2^448 * 2^(28 (k - 8)), i.e. limbs k and
 * k - 8. */
static void fe_place(uint64_t w[16], unsigned k, uint64_t lo_hi, uint64_t mid)
{
    w[k] += lo_hi;
    if (k < 8) {
        w[k + 8] += mid;
    } else {
        w[k] += mid;
        w[k - 8] += mid;
    }
}

void fc_fe448_mul(fc_fe448 *r, const fc_fe448 *a, const fc_fe448 *b)
{
    uint32_t as[8], bs[8];
    uint64_t w[16], lo, hi, mid;
    unsigned i, k, first, last;
    for (i = 0; i < 8; i++) {
        as[i] = a->v[i] + a->v[i + 8];
        bs[i] = b->v[i] + b->v[i + 8];
    }
    memset(w, 0, sizeof(w));
    for (k = 0; k < 15; k++) {
        first = k < 8 ? 0 : k - 7;
        last = k < 8 ? k : 7;
        lo = hi = mid = 0;
        for (i = first; i <= last; i++) {
            lo += fe_mul32(a->v[i], b->v[k - i]);
            hi += fe_mul32(a->v[i + 8], b->v[k - i + 8]);
            mid += fe_mul32(as[i], bs[k - i]);
        }
        /* (aL + aH)(bL + bH) - aL bL: no column goes negative, every term of lo is in mid */
        fe_place(w, k, lo + hi, mid - lo);
    }
    fe_carry_wide(r->v, w);
}

/* The same with each cross product a[i] a[k - i], i < k - i, once and doubled, and the
 * square a[k/2]^2 of an even column: 108 multiplications. */
void fc_fe448_sqr(fc_fe448 *r, const fc_fe448 *a)
{
    uint32_t as[8];
    uint64_t w[16], lo, hi, mid;
    unsigned i, k;
    for (i = 0; i < 8; i++)
        as[i] = a->v[i] + a->v[i + 8];
    memset(w, 0, sizeof(w));
    for (k = 0; k < 15; k++) {
        lo = hi = mid = 0;
        for (i = k < 8 ? 0 : k - 7; 2 * i < k; i++) {
            lo += fe_mul32(a->v[i], a->v[k - i]);
            hi += fe_mul32(a->v[i + 8], a->v[k - i + 8]);
            mid += fe_mul32(as[i], as[k - i]);
        }
        lo <<= 1;
        hi <<= 1;
        mid <<= 1;
        if ((k & 1) == 0) {
            i = k / 2;
            lo += fe_mul32(a->v[i], a->v[i]);
            hi += fe_mul32(a->v[i + 8], a->v[i + 8]);
            mid += fe_mul32(as[i], as[i]);
        }
        fe_place(w, k, lo + hi, mid - lo);
    }
    fe_carry_wide(r->v, w);
}

void fc_fe448_mul_small(fc_fe448 *r, const fc_fe448 *a, uint32_t c)
{
    uint64_t w[16];
    unsigned i;
    for (i = 0; i < 16; i++) /* below 2^45 */
        w[i] = fe_mul32(a->v[i], c);
    fe_carry_wide(r->v, w);
}

void fc_fe448_cswap(fc_fe448 *a, fc_fe448 *b, uint32_t bit)
{
    uint32_t mask = 0u - bit, x;
    unsigned i;
    for (i = 0; i < 16; i++) {
        x = mask & (a->v[i] ^ b->v[i]);
        a->v[i] ^= x;
        b->v[i] ^= x;
    }
}

/* r = a^(2^n), n >= 1 */
static void fe_sqr_n(fc_fe448 *r, const fc_fe448 *a, unsigned n)
{
    fc_fe448_sqr(r, a);
    while (--n > 0)
        fc_fe448_sqr(r, r);
}

/* p - 2 = 2^448 - 2^224 - 3 is, from the top, 223 ones, a zero, 222 ones, a zero and a one.
 * With x_k = a^(2^k - 1): x_223, one squaring, 222 squarings and x_222, two squarings and a.
 * The chain builds x_k by x_(i+j) = x_i^(2^j) * x_j: 447 squarings, 13 multiplications, in
 * four temporaries (the frame sits under the ladder's on the deepest path). */
void fc_fe448_invert(fc_fe448 *r, const fc_fe448 *a)
{
    fc_fe448 x6, x24, t, u;
    fe_sqr_n(&t, a, 1);
    fc_fe448_mul(&t, &t, a);     /* x2 */
    fe_sqr_n(&t, &t, 1);
    fc_fe448_mul(&u, &t, a);     /* x3 */
    fe_sqr_n(&t, &u, 3);
    fc_fe448_mul(&x6, &t, &u);   /* x6 */
    fe_sqr_n(&t, &x6, 6);
    fc_fe448_mul(&t, &t, &x6);   /* x12 */
    fe_sqr_n(&u, &t, 12);
    fc_fe448_mul(&x24, &u, &t);  /* x24 */
    fe_sqr_n(&t, &x24, 24);
    fc_fe448_mul(&t, &t, &x24);  /* x48 */
    fe_sqr_n(&u, &t, 48);
    fc_fe448_mul(&t, &u, &t);    /* x96 */
    fe_sqr_n(&u, &t, 96);
    fc_fe448_mul(&t, &u, &t);    /* x192 */
    fe_sqr_n(&t, &t, 24);
    fc_fe448_mul(&t, &t, &x24);  /* x216 */
    fe_sqr_n(&t, &t, 6);
    fc_fe448_mul(&u, &t, &x6);   /* x222 */
    fe_sqr_n(&t, &u, 1);
    fc_fe448_mul(&t, &t, a);     /* x223 */
    fe_sqr_n(&t, &t, 1 + 222);
    fc_fe448_mul(&t, &t, &u);    /* 223 ones, 0, 222 ones */
    fe_sqr_n(&t, &t, 2);
    fc_fe448_mul(r, &t, a);      /* ... 0, 1 */
}

#endif /* FC_WITH_X448 */
