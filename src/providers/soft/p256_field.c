/* Arithmetic modulo the P-256 prime p = 2^256 - 2^224 + 2^192 + 2^96 - 1 (p256_field.h), for
 * secp256r1's field in the generic curve code.
 *
 * Multiplication: the full 512-bit product (Thumb-1 product scanning on the Cortex-M0/M0+,
 * p256_field_armv6m.c; UMAAL on the Cortex-M4, p256_field_armv7m.c; 32 x 32 -> 64-bit products
 * elsewhere), then Montgomery reduction by
 * R = 2^256 word by word. -p^-1 = 1 mod 2^32, so the multiple of p that clears word i is q_i
 * = word i itself, and q_i p 2^(32 i) = q_i 2^(32 i) (2^256 - 2^224 + 2^192 + 2^96) - q_i
 * 2^(32 i): the -q_i clears word i, and the rest adds q_i to words i + 3, i + 6 and i + 8 and
 * takes it from word i + 7. Column k of the reduction is therefore t_k + q_(k-3) + q_(k-6) -
 * q_(k-7) + q_(k-8) plus a signed carry (a 64-bit accumulator, the carry taken with its sign),
 * no multiplication at all. The result is below 2p; one masked subtraction finishes it.
 *
 * Addition and subtraction: one pass with the carry, one masked correction by p. The Cortex-M0/
 * M0+ run the reduction, addition and subtraction in Thumb-1 assembly (p256_field_armv6m.c);
 * the Cortex-M4 has all four functions but the inversion in Thumb-2 (p256_field_armv7m.c).
 *
 * Constant time: straight-line code, masks instead of branches, fixed addresses.
 */
#include "fieldcrypt/config.h"

#if FC_WITH_EC

#include "fieldcrypt/ct.h"
#include "p256_field.h"

/* p, least significant word first */
#define P0 0xFFFFFFFFu
#define P1 0xFFFFFFFFu
#define P2 0xFFFFFFFFu
#define P3 0x00000000u
#define P4 0x00000000u
#define P5 0x00000000u
#define P6 0x00000001u
#define P7 0xFFFFFFFFu

#if !P256_FIELD_THUMB && !P256_FIELD_ARMV7M
/* acc >> 32 with acc read as a signed 64-bit number (two's complement, kept in a uint64_t so
 * that no shift of a negative value is left to the implementation). */
static uint64_t p256_carry(uint64_t acc)
{
    uint32_t hi = (uint32_t)(acc >> 32);
    return ((uint64_t)(0u - (hi >> 31)) << 32) | hi;
}

/* r = x - p if that does not borrow or x has the carry c (x + c 2^256 < 2p), else x. */
static void p256_reduce_once(uint32_t *r, const uint32_t *x, uint32_t c)
{
    static const uint32_t p[8] = { P0, P1, P2, P3, P4, P5, P6, P7 };
    uint32_t d[8], borrow = 0, keep;
    unsigned i;
    for (i = 0; i < 8; i++) {
        uint64_t v = (uint64_t)x[i] - p[i] - borrow;
        d[i] = (uint32_t)v;
        borrow = (uint32_t)(v >> 63);
    }
    keep = 0u - (borrow & (c ^ 1u));  /* all ones: x < p, keep it */
    for (i = 0; i < 8; i++)
        r[i] = (x[i] & keep) | (d[i] & ~keep);
}

/* r = t / 2^256 mod p for t < p 2^256 (16 words). */
static void p256_mont_reduce(uint32_t *r, const uint32_t *t)
{
    uint32_t q[8], out[8];
    uint64_t acc;

/* columns 0 to 7 make q_k (what is left of the column's low word) and carry the rest */
#define P256_Q(k, terms)                          \
    acc += (uint64_t)t[k] terms;                  \
    q[k] = (uint32_t)acc;                         \
    acc = p256_carry(acc - q[k]);
/* columns 8 to 15 are the result */
#define P256_OUT(k, terms)                        \
    acc += (uint64_t)t[k] terms;                  \
    out[(k) - 8] = (uint32_t)acc;                 \
    acc = p256_carry(acc);

    acc = 0;
    P256_Q(0, )
    P256_Q(1, )
    P256_Q(2, )
    P256_Q(3, + q[0])
    P256_Q(4, + q[1])
    P256_Q(5, + q[2])
    P256_Q(6, + q[3] + q[0])
    P256_Q(7, + q[4] + q[1] - q[0])
    P256_OUT(8, + q[5] + q[2] - q[1] + q[0])
    P256_OUT(9, + q[6] + q[3] - q[2] + q[1])
    P256_OUT(10, + q[7] + q[4] - q[3] + q[2])
    P256_OUT(11, + q[5] - q[4] + q[3])
    P256_OUT(12, + q[6] - q[5] + q[4])
    P256_OUT(13, + q[7] - q[6] + q[5])
    P256_OUT(14, - q[7] + q[6])
    P256_OUT(15, + q[7])
#undef P256_Q
#undef P256_OUT
    /* t + sum q_i p 2^(32 i) < 2p 2^256: acc is the carry, 0 or 1 */
    p256_reduce_once(r, out, (uint32_t)acc);
}
#endif /* !P256_FIELD_THUMB && !P256_FIELD_ARMV7M */

#if P256_FIELD_UMAAL
/* hi:lo = a b + lo + hi, which never overflows 64 bits. */
#define P256_UMAAL(lo, hi, a, b) __asm__("umaal %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(a), "r"(b))

/* t = a b, operand scanning: row i adds a[i] b into t[i .. i + 8], one UMAAL per word. */
static void p256_product(uint32_t *t, const uint32_t *a, const uint32_t *b)
{
    uint32_t b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3], b4 = b[4], b5 = b[5], b6 = b[6];
    uint32_t b7 = b[7], ai, c, w;
    unsigned i;
#define P256_STEP(j, bj) w = t[i + (j)]; P256_UMAAL(w, c, ai, bj); t[i + (j)] = w;
    for (i = 0; i < 8; i++)
        t[i] = 0;
    for (i = 0; i < 8; i++) {
        ai = a[i];
        c = 0;
        P256_STEP(0, b0) P256_STEP(1, b1) P256_STEP(2, b2) P256_STEP(3, b3)
        P256_STEP(4, b4) P256_STEP(5, b5) P256_STEP(6, b6) P256_STEP(7, b7)
        t[i + 8] = c;
    }
#undef P256_STEP
}

static void p256_square(uint32_t *t, const uint32_t *a)
{
    p256_product(t, a, a);
}
#elif !P256_FIELD_ARMV6M && !P256_FIELD_ARMV7M
/* t = a b, operand scanning with 32 x 32 -> 64-bit products. */
static void p256_product(uint32_t *t, const uint32_t *a, const uint32_t *b)
{
    unsigned i, j;
    for (i = 0; i < 8; i++)
        t[i] = 0;
    for (i = 0; i < 8; i++) {
        uint64_t c = 0;
        for (j = 0; j < 8; j++) {
            c += (uint64_t)a[i] * b[j] + t[i + j];
            t[i + j] = (uint32_t)c;
            c >>= 32;
        }
        t[i + 8] = (uint32_t)c;
    }
}

/* t = a^2: the cross products once, doubled, then the squares. */
static void p256_square(uint32_t *t, const uint32_t *a)
{
    uint64_t c;
    uint32_t top = 0;
    unsigned i, j;
    for (i = 0; i < 16; i++)
        t[i] = 0;
    for (i = 0; i < 7; i++) {
        c = 0;
        for (j = i + 1; j < 8; j++) {
            c += (uint64_t)a[i] * a[j] + t[i + j];
            t[i + j] = (uint32_t)c;
            c >>= 32;
        }
        t[i + 8] = (uint32_t)c;
    }
    for (i = 0; i < 16; i++) {  /* double */
        uint32_t w = t[i];
        t[i] = (w << 1) | top;
        top = w >> 31;
    }
    c = 0;
    for (i = 0; i < 8; i++) {
        c += (uint64_t)a[i] * a[i] + t[2 * i];
        t[2 * i] = (uint32_t)c;
        c = (c >> 32) + t[2 * i + 1];
        t[2 * i + 1] = (uint32_t)c;
        c >>= 32;
    }
}
#endif /* P256_FIELD_UMAAL */

#if !P256_FIELD_ARMV7M  /* p256_field_armv7m.c has the four on the Cortex-M4 */
void p256_mont_mul(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    uint32_t t[17];
#if P256_FIELD_ARMV6M
    p256_product_armv6m(t, a, b);
#else
    p256_product(t, a, b);
#endif
#if P256_FIELD_THUMB
    p256_reduce_armv6m(r, t);
#else
    p256_mont_reduce(r, t);
#endif
}

void p256_mont_sqr(uint32_t *r, const uint32_t *a)
{
    uint32_t t[17];
#if P256_FIELD_ARMV6M
    p256_square_armv6m(t, a);
#else
    p256_square(t, a);
#endif
#if P256_FIELD_THUMB
    p256_reduce_armv6m(r, t);
#else
    p256_mont_reduce(r, t);
#endif
}

#if !P256_FIELD_THUMB
void p256_add(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    uint32_t s[8], carry = 0;
    unsigned i;
    for (i = 0; i < 8; i++) {
        uint64_t v = (uint64_t)a[i] + b[i] + carry;
        s[i] = (uint32_t)v;
        carry = (uint32_t)(v >> 32);
    }
    p256_reduce_once(r, s, carry);
}

void p256_sub(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    static const uint32_t p[8] = { P0, P1, P2, P3, P4, P5, P6, P7 };
    uint32_t borrow = 0, mask, carry = 0;
    unsigned i;
    for (i = 0; i < 8; i++) {
        uint64_t v = (uint64_t)a[i] - b[i] - borrow;
        r[i] = (uint32_t)v;
        borrow = (uint32_t)(v >> 63);
    }
    mask = 0u - borrow;  /* add p back when a < b */
    for (i = 0; i < 8; i++) {
        uint64_t v = (uint64_t)r[i] + (p[i] & mask) + carry;
        r[i] = (uint32_t)v;
        carry = (uint32_t)(v >> 32);
    }
}

#endif /* !P256_FIELD_THUMB: p256_field_armv6m.c has add and sub */
#endif /* !P256_FIELD_ARMV7M */

/* r = a^(2^k) by k squarings (r may be a). */
static void p256_sqr_n(uint32_t *r, const uint32_t *a, unsigned k)
{
    p256_mont_sqr(r, a);
    while (--k > 0)
        p256_mont_sqr(r, r);
}

void p256_inv(uint32_t *r, const uint32_t *a)
{
    /* x_k = a^(2^k - 1); p - 2 = [32 ones][31 zeros][1][96 zeros][94 ones][0][1] */
    uint32_t x2[8], x4[8], t[8], x30[8], x32[8];
    p256_mont_sqr(t, a);
    p256_mont_mul(x2, t, a);
    p256_sqr_n(t, x2, 2);
    p256_mont_mul(x4, t, x2);
    p256_sqr_n(t, x4, 4);
    p256_mont_mul(x32, t, x4);     /* x8 */
    p256_sqr_n(t, x32, 8);
    p256_mont_mul(x30, t, x32);    /* x16 */
    p256_sqr_n(t, x30, 8);
    p256_mont_mul(t, t, x32);      /* x24 */
    p256_sqr_n(t, t, 4);
    p256_mont_mul(t, t, x4);       /* x28 */
    p256_sqr_n(t, t, 2);
    p256_mont_mul(x30, t, x2);
    p256_sqr_n(t, x30, 2);
    p256_mont_mul(x32, t, x2);
    p256_sqr_n(t, x32, 32);
    p256_mont_mul(t, t, a);        /* [32 ones][31 zeros][1] */
    p256_sqr_n(t, t, 96 + 32);
    p256_mont_mul(t, t, x32);
    p256_sqr_n(t, t, 32);
    p256_mont_mul(t, t, x32);
    p256_sqr_n(t, t, 30);
    p256_mont_mul(t, t, x30);
    p256_sqr_n(t, t, 2);
    p256_mont_mul(r, t, a);
    fc_zeroize(x2, sizeof(x2));
    fc_zeroize(x4, sizeof(x4));
    fc_zeroize(x30, sizeof(x30));
    fc_zeroize(x32, sizeof(x32));
    fc_zeroize(t, sizeof(t));
}

#endif
