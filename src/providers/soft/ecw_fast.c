/* Montgomery multiplication modulo the Weierstrass primes whose shape makes the reduction cheap
 * (ecw.h, ECW_FAST_*): the NIST primes of secp192r1, secp224r1, secp384r1 and secp521r1, and
 * the p = 2^n - 2^32 - c0 of secp192k1, secp224k1 and secp256k1. The same Montgomery form as
 * ecw_field.c (R = 2^(32 limbs)), so everything above ecw_mul is unchanged: r = a b / R mod p,
 * for a < R and b < p, fully reduced.
 *
 * The full product t = a b (2n words) comes first (a square when a == b: the cross products
 * once, doubled), then the reduction. Montgomery reduction adds q_i p 2^(32 i) for i = 0 .. n-1,
 * q_i chosen so that word i becomes zero; with Q = sum q_i 2^(32 i) < R and t < p R, the
 * quotient (t + Q p) / R is below 2p and one masked subtraction of p finishes it.
 * - The NIST primes have p = -1 mod 2^32 (P-192, P-384, P-521) or +1 (P-224), so q_i is word
 *   i itself (or its negation), and q_i p is a few shifted copies of q_i (the prime's sparse
 *   words): column k of the reduction is t_k plus or minus some q_j, summed in a 64-bit
 *   accumulator whose carry is taken with its sign (as p256_field.c does for P-256).
 *   P-192 = 2^192 - 2^64 - 1: q_i p 2^(32 i) = q_i (2^(32 (i+6)) - 2^(32 (i+2)) - 2^(32 i)).
 *   P-224 = 2^224 - 2^96 + 1: q_i = -t_i, and q_i p 2^(32 i) = q_i (2^(32 (i+7)) -
 *     2^(32 (i+3)) + 2^(32 i)).
 *   P-384 = 2^384 - 2^128 - 2^96 + 2^32 - 1: + q_i at words i + 12 and i + 1, - q_i at i + 4,
 *     i + 3 and i.
 *   P-521 = 2^521 - 1 with R = 2^544 (17 words): q_i p 2^(32 i) = q_i 2^(32 i + 521) - q_i
 *     2^(32 i): word i becomes zero with q_i = t_i, and q_i 2^521 is q_i << 9 into words
 *     i + 16 and i + 17. Nothing is subtracted, so the columns never go negative.
 * - secp*k1: p = 2^n - 2^32 - c0 (c0 = 4553, 6803, 977), whose low word is 2^32 - c0, so q_i
 *   = t_i m0inv (m0inv = -p^-1 = c0^-1 mod 2^32) still takes a multiplication, but q_i p =
 *   q_i 2^n - q_i 2^32 - q_i c0: one product by the small c0 (two 16 x 16 -> 32 bits on the
 *   M0/M0+) and two word additions per column instead of a row of n products.
 * The NIST primes' columns are written out (the same column macros for each), so no loop or
 * index is left at -Os.
 *
 * Products: 32 x 32 -> 64 bits; the Cortex-M4 multiplies and accumulates with UMAAL; the
 * Cortex-M0/M0+ has no such instruction, so fc_soft_mul32 (mul32.h: four MULS, carries by
 * logic, no call to libgcc's 64 x 64 multiplication), and for 8-limb secp256k1 the Thumb-1
 * product and square of p256_field_armv6m.c.
 *
 * The reductions work in place in the product's words (q_i over t_i, the result over the
 * high half), so that a multiplication needs no stack beyond the 2n words of t, which are
 * wiped afterwards as ecw_field.c wipes its own.
 *
 * Constant time: straight-line code and loops over the public limb count, carries as masks and
 * arithmetic, the final subtraction chosen with a mask; which routine runs depends on the
 * modulus and on whether a and b are the same pointer (public).
 */
#include "fieldcrypt/config.h"

#if FC_WITH_EC && FC_WITH_EC_ALL_CURVES

#include "fieldcrypt/ct.h"
#include "ecw.h"
#include "mul32.h"
#include "p256_field.h"

#if defined(__ARM_ARCH_6M__) || defined(__ARM_ARCH_8M_BASE__)
#define ECW_FAST_ARMV6M 1
#else
#define ECW_FAST_ARMV6M 0
#endif

#if ECW_FAST_ARMV6M
/* q c0 for c0 < 2^16: two MULS, each below 2^32. */
static uint64_t ecw_fast_mul_small(uint32_t q, uint32_t c0)
{
    return ((uint64_t)((q >> 16) * c0) << 16) + (q & 0xffffu) * c0;
}
#else
#define ecw_fast_mul_small(q, c0) ((uint64_t)(q) * (c0))
#endif

#if defined(__ARM_ARCH_7EM__) && (defined(__GNUC__) || defined(__clang__))
#define ECW_FAST_UMAAL 1
/* hi:lo = a b + lo + hi, which never overflows 64 bits. */
#define ECW_UMAAL(lo, hi, a, b) \
    __asm__("umaal %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(a), "r"(b))
#else
#define ECW_FAST_UMAAL 0
#endif

/* Each step its own frame: the stack of a multiplication is the product's words and the
 * deepest single step, not every step's locals at once. */
#if defined(__GNUC__) || defined(__clang__)
#define ECW_FAST_NOINLINE __attribute__((noinline))
#else
#define ECW_FAST_NOINLINE
#endif

/* acc >> 32 with acc read as a signed 64-bit number (two's complement in a uint64_t, so that
 * no shift of a negative value is left to the implementation). */
static uint64_t ecw_fast_carry(uint64_t acc)
{
    uint32_t hi = (uint32_t)(acc >> 32);
    return ((uint64_t)(0u - (hi >> 31)) << 32) | hi;
}

/* t[0 .. 2n-1] = a b, operand scanning. */
static ECW_FAST_NOINLINE void ecw_fast_product(uint32_t *t, const uint32_t *a, const uint32_t *b,
                                               unsigned n)
{
    unsigned i, j;
#if P256_FIELD_ARMV6M
    if (n == 8) {  /* t has 17 words: the Thumb-1 product stores a spare register in t[16] */
        p256_product_armv6m(t, a, b);
        return;
    }
#endif
    for (i = 0; i < n; i++)
        t[i] = 0;
    for (i = 0; i < n; i++) {
#if ECW_FAST_UMAAL
        uint32_t ai = a[i], c = 0;
        for (j = 0; j < n; j++) {
            uint32_t w = t[i + j];
            ECW_UMAAL(w, c, ai, b[j]);
            t[i + j] = w;
        }
        t[i + n] = c;
#else
        uint64_t c = 0;
        for (j = 0; j < n; j++) {
            c = fc_soft_mul32(a[i], b[j]) + t[i + j] + (c >> 32);
            t[i + j] = (uint32_t)c;
        }
        t[i + n] = (uint32_t)(c >> 32);
#endif
    }
}

/* t[0 .. 2n-1] = a^2. The M4's UMAAL product is about as fast as a square in C. */
static ECW_FAST_NOINLINE void ecw_fast_square(uint32_t *t, const uint32_t *a, unsigned n)
{
#if ECW_FAST_UMAAL
    ecw_fast_product(t, a, a, n);
#else
    uint64_t c;
    uint32_t top = 0;
    unsigned i, j;
#if P256_FIELD_ARMV6M
    if (n == 8) {
        p256_square_armv6m(t, a);
        return;
    }
#endif
    /* the cross products a_i a_j, i < j, once */
    for (i = 0; i < 2 * n; i++)
        t[i] = 0;
    for (i = 0; i + 1 < n; i++) {
        c = 0;
        for (j = i + 1; j < n; j++) {
            c = fc_soft_mul32(a[i], a[j]) + t[i + j] + (c >> 32);
            t[i + j] = (uint32_t)c;
        }
        t[i + n] = (uint32_t)(c >> 32);
    }
    /* doubled, then the squares a_i^2 added at word 2i */
    for (i = 0; i < 2 * n; i++) {
        uint32_t w = t[i];
        t[i] = (w << 1) | top;
        top = w >> 31;
    }
    c = 0;
    for (i = 0; i < n; i++) {
        c = fc_soft_mul32(a[i], a[i]) + t[2 * i] + (c >> 32);
        t[2 * i] = (uint32_t)c;
        c = (uint64_t)t[2 * i + 1] + (c >> 32);
        t[2 * i + 1] = (uint32_t)c;
    }
#endif
}

/* The borrow out of x - y - b = d (b is 0 or 1), from the top bits (Hacker's Delight 2-16):
 * 32-bit logic, which keeps the Cortex-M0's registers free of 64-bit pairs. */
static uint32_t ecw_fast_borrow(uint32_t x, uint32_t y, uint32_t d)
{
    return ((~x & y) | (~(x ^ y) & d)) >> 31;
}

/* r = x - p when x + c 2^(32 n) >= p (c is 0 or 1, x + c 2^(32 n) < 2p), else x: the borrow
 * of x - p first, then p or zero subtracted by mask (no temporary: the stack stays small). */
static ECW_FAST_NOINLINE void ecw_fast_reduce_once(uint32_t *r, const uint32_t *x, uint32_t c,
                                                   const uint32_t *p, unsigned n)
{
    uint32_t borrow = 0, take;
    unsigned i;
    for (i = 0; i < n; i++)
        borrow = ecw_fast_borrow(x[i], p[i], x[i] - p[i] - borrow);
    take = 0u - ((borrow & (c ^ 1u)) ^ 1u);  /* all ones: x >= p, subtract it */
    borrow = 0;
    for (i = 0; i < n; i++) {
        uint32_t xi = x[i], y = p[i] & take, d = xi - y - borrow;
        borrow = ecw_fast_borrow(xi, y, d);
        r[i] = d;
    }
}

/* The columns of the NIST reductions, in place: column k adds t_k and the terms (q_j of
 * earlier columns, with their signs) to the signed carry in acc, and its word of t, read for
 * the last time, takes q_k (below n) or the result's word k - n (n and up); q is t.
 * ECW_Q_PLUS: p = -1 mod 2^32: q_k is the column's low word, and -q_k clears it.
 * ECW_Q_MINUS: p = +1 mod 2^32: q_k is minus the low word, and +q_k clears it.
 * ECW_OUT: the result's words, at t + n.
 * Each reduction returns the carry above them (0 or 1); ecw_fast_mul subtracts the curve
 * table's p (m->m, the same prime) once if needed. */
#define ECW_Q_PLUS(k, terms)                  \
    acc += (uint64_t)t[k] terms;              \
    q[k] = (uint32_t)acc;                     \
    acc = ecw_fast_carry(acc - q[k]);
#define ECW_Q_MINUS(k, terms)                 \
    acc += (uint64_t)t[k] terms;              \
    q[k] = 0u - (uint32_t)acc;                \
    acc = ecw_fast_carry(acc + q[k]);
#define ECW_OUT(k, terms)                     \
    acc += (uint64_t)t[k] terms;              \
    t[k] = (uint32_t)acc;                     \
    acc = ecw_fast_carry(acc);

/* P-192 = 2^192 - 2^64 - 1, SEC 2 v2 2.2.2 */
static ECW_FAST_NOINLINE uint32_t p192_reduce(uint32_t *t)
{
    uint32_t *q = t;
    uint64_t acc = 0;
    ECW_Q_PLUS(0, )
    ECW_Q_PLUS(1, )
    ECW_Q_PLUS(2, - q[0])
    ECW_Q_PLUS(3, - q[1])
    ECW_Q_PLUS(4, - q[2])
    ECW_Q_PLUS(5, - q[3])
    ECW_OUT(6, - q[4] + q[0])
    ECW_OUT(7, - q[5] + q[1])
    ECW_OUT(8, + q[2])
    ECW_OUT(9, + q[3])
    ECW_OUT(10, + q[4])
    ECW_OUT(11, + q[5])
    return (uint32_t)acc;  /* the carry, 0 or 1 */
}

/* P-224 = 2^224 - 2^96 + 1, SEC 2 v2 2.3.2 */
static ECW_FAST_NOINLINE uint32_t p224_reduce(uint32_t *t)
{
    uint32_t *q = t;
    uint64_t acc = 0;
    ECW_Q_MINUS(0, )
    ECW_Q_MINUS(1, )
    ECW_Q_MINUS(2, )
    ECW_Q_MINUS(3, - q[0])
    ECW_Q_MINUS(4, - q[1])
    ECW_Q_MINUS(5, - q[2])
    ECW_Q_MINUS(6, - q[3])
    ECW_OUT(7, - q[4] + q[0])
    ECW_OUT(8, - q[5] + q[1])
    ECW_OUT(9, - q[6] + q[2])
    ECW_OUT(10, + q[3])
    ECW_OUT(11, + q[4])
    ECW_OUT(12, + q[5])
    ECW_OUT(13, + q[6])
    return (uint32_t)acc;
}

/* P-384 = 2^384 - 2^128 - 2^96 + 2^32 - 1, SEC 2 v2 2.5.1 */
static ECW_FAST_NOINLINE uint32_t p384_reduce(uint32_t *t)
{
    uint32_t *q = t;
    uint64_t acc = 0;
    ECW_Q_PLUS(0, )
    ECW_Q_PLUS(1, + q[0])
    ECW_Q_PLUS(2, + q[1])
    ECW_Q_PLUS(3, + q[2] - q[0])
    ECW_Q_PLUS(4, + q[3] - q[1] - q[0])
    ECW_Q_PLUS(5, + q[4] - q[2] - q[1])
    ECW_Q_PLUS(6, + q[5] - q[3] - q[2])
    ECW_Q_PLUS(7, + q[6] - q[4] - q[3])
    ECW_Q_PLUS(8, + q[7] - q[5] - q[4])
    ECW_Q_PLUS(9, + q[8] - q[6] - q[5])
    ECW_Q_PLUS(10, + q[9] - q[7] - q[6])
    ECW_Q_PLUS(11, + q[10] - q[8] - q[7])
    ECW_OUT(12, + q[11] - q[9] - q[8] + q[0])
    ECW_OUT(13, - q[10] - q[9] + q[1])
    ECW_OUT(14, - q[11] - q[10] + q[2])
    ECW_OUT(15, - q[11] + q[3])
    ECW_OUT(16, + q[4])
    ECW_OUT(17, + q[5])
    ECW_OUT(18, + q[6])
    ECW_OUT(19, + q[7])
    ECW_OUT(20, + q[8])
    ECW_OUT(21, + q[9])
    ECW_OUT(22, + q[10])
    ECW_OUT(23, + q[11])
    return (uint32_t)acc;
}
#undef ECW_Q_PLUS
#undef ECW_Q_MINUS
#undef ECW_OUT

/* P-521 = 2^521 - 1, SEC 2 v2 2.6.1 */
/* Columns 0 to 15 have no term of an earlier q and no carry, so q_i = t_i there; column 16
 * adds q_0 << 9 and leaves q_16 and a carry. Column 17 + j (the result's word j, written over
 * t_(17+j)) adds the high bits of q_j and the low bits of q_(j+1), both shifted into place.
 * (t + Q p) / R < 2p < 2^522 fits the 17 words: no carry comes out of the top. */
static ECW_FAST_NOINLINE uint32_t p521_reduce(uint32_t *t)
{
    uint32_t q16;
    uint64_t acc;
    unsigned j;
    acc = (uint64_t)t[16] + (uint32_t)(t[0] << 9);
    q16 = (uint32_t)acc;
    acc >>= 32;
    for (j = 0; j < 15; j++) {
        acc += (uint64_t)t[17 + j] + (t[j] >> 23) + (uint32_t)(t[j + 1] << 9);
        t[17 + j] = (uint32_t)acc;
        acc >>= 32;
    }
    acc += (uint64_t)t[32] + (t[15] >> 23) + (uint32_t)(q16 << 9);
    t[32] = (uint32_t)acc;
    acc >>= 32;
    t[33] += (q16 >> 23) + (uint32_t)acc;
    return 0;
}

/* secp*k1, p = 2^(32 n) - 2^32 - c0: column k takes q_(k-n) (from q 2^n), -q_(k-1) (from
 * -q 2^32) and, below n, the column's own q_k c0 with the high word of it carried on. In
 * place as the NIST columns: q_k over t_k, the result's word k over t_(n+k). */
static ECW_FAST_NOINLINE uint32_t k1_reduce(const ecw_mod *m, uint32_t *t)
{
    uint32_t *q = t, c0 = 0u - m->m[0];
    unsigned k, n = m->limbs;
    uint64_t acc = 0;
    for (k = 0; k < n; k++) {
        acc += (uint64_t)t[k] - (k > 0 ? q[k - 1] : 0u);  /* k is public */
        q[k] = (uint32_t)acc * m->m0inv;
        acc = ecw_fast_carry(acc - ecw_fast_mul_small(q[k], c0));  /* the low word is 0 */
    }
    acc += (uint64_t)t[n] + q[0] - q[n - 1];
    t[n] = (uint32_t)acc;
    acc = ecw_fast_carry(acc);
    for (k = 1; k < n; k++) {
        acc += (uint64_t)t[n + k] + q[k];
        t[n + k] = (uint32_t)acc;
        acc = ecw_fast_carry(acc);
    }
    return (uint32_t)acc;
}

void ecw_fast_mul(const ecw_mod *m, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    uint32_t t[2 * ECW_MAX_LIMBS + 1], carry;
    unsigned n = m->limbs;
    if (a == b)  /* the pointers are public */
        ecw_fast_square(t, a, n);
    else
        ecw_fast_product(t, a, b, n);
    switch (m->fast) {  /* the modulus is public */
    case ECW_FAST_P192:
        carry = p192_reduce(t);
        break;
    case ECW_FAST_P224:
        carry = p224_reduce(t);
        break;
    case ECW_FAST_P384:
        carry = p384_reduce(t);
        break;
    case ECW_FAST_P521:
        carry = p521_reduce(t);
        break;
    default:  /* ECW_FAST_K1 */
        carry = k1_reduce(m, t);
        break;
    }
    /* t + n, with the carry above it, is (t + Q p) / R < 2p */
    ecw_fast_reduce_once(r, t + n, carry, m->m, n);
    fc_zeroize(t, (2u * n + 1u) * sizeof(uint32_t));
}

#endif
