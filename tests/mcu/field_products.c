/* Model check of the Thumb-1 field products (tests/python/test_mcu_products.py runs it on the
 * Cortex-M0, M0+ and M4 models): the Karatsuba product and square of p256_field_armv6m.c
 * against a schoolbook reference, and the 16-limb fc_fe16_mul/sqr on word-aligned operands
 * against the same operands at 2 mod 4 (copied to words first), and both against a schoolbook product
 * reduced mod 2^255 - 19 here (with r aliasing a or b, and on edge operands around p, 2^255
 * and 2^256), over random words, all-ones words (every carry chain at its longest), zero words and mixes
 * of them. On the Cortex-M4 the Thumb-2 P-256 field of p256_field_armv7m.c: each case prints
 * "p256" and a, b, a b / R, a^2 / R, a + b and a - b (mod p) for the test to check with big
 * integers, and checks here that r aliasing a or b changes nothing; and the Thumb-2 fe16 field
 * of fe16_armv7m.c for n = 16 and 12 limbs: each case prints "fe16 n" and a, b, c, a b, a^2,
 * a + b, a - b and a c for the test to check against big integers mod 2^(16n-1) - 19, on edge
 * operands (p, 2p, 2^(16n) - 1 and their neighbours) and random ones (the Thumb-1 fe16 field
 * of fe16_armv6m.c on the Cortex-M0/M0+ the same way, and both ladder steps); here, that aliased
 * outputs and operands at 2 mod 4 give the same limbs and that cswap swaps exactly when asked
 * (the Thumb-1 fe16 check above runs on the Cortex-M0/M0+ only). The 12-limb Thumb-1 fe16
 * product and square (2^191 - 19) the same way on the Cortex-M0/M0+: "fe19119" cases with their
 * results for the test, aliasing and off-word-boundary operands checked here. And the
 * register-resident 128 x 128-bit product and square of fe16_product128_armv6m.h alone (the
 * middle level of the 16-limb Karatsuba) against a schoolbook product, on words at the carry
 * edges with equal or swapped halves and on random words (Cortex-M0/M0+). Prints OK and
 * exits 0, or
 * prints the first mismatches and exits 1. */
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "providers/soft/fe16.h"
#include "providers/soft/p256_field.h"
#if FC_FE16_NEEDED && FC_FE16_ARMV6M
#include "providers/soft/fe16_product_armv6m.h"
#include "providers/soft/fe16_product128_armv6m.h"
#endif

int main(void);

static uint32_t rng_state = 0x2545f491u;

static uint32_t next_word(void)  /* xorshift32 */
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

/* mode 0 random, 1 all ones, 2 ones or zeros, 3 random with ones and zeros, 4 zero */
static uint32_t pick_word(unsigned mode)
{
    uint32_t r = next_word();
    switch (mode) {
    case 1: return 0xffffffffu;
    case 2: return (next_word() & 1u) ? 0xffffffffu : 0;
    case 3: return (next_word() & 3u) ? r : ((next_word() & 1u) ? 0xffffffffu : 0);
    case 4: return 0;
    default: return r;
    }
}

static int report(const char *what, const void *a, const void *b, const void *want,
                  const void *got, unsigned n)
{
    board_puts(what);
    board_puts(" mismatch\n");
    board_puthex(a, 32);
    board_puthex(b, 32);
    board_puthex(want, n);
    board_puthex(got, n);
    return 1;
}

#if FC_WITH_EC && P256_FIELD_ARMV6M
static void product_reference(uint32_t t[16], const uint32_t a[8], const uint32_t b[8])
{
    unsigned i, j;
    memset(t, 0, 16 * sizeof(uint32_t));
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

static int check_p256(const uint32_t a[8], const uint32_t b[8])
{
    uint32_t want[16], got[17];
    int bad = 0;
    product_reference(want, a, b);
    p256_product_armv6m(got, a, b);
    if (memcmp(want, got, sizeof(want)))
        bad |= report("p256_product_armv6m", a, b, want, got, 64);
    product_reference(want, a, a);
    p256_square_armv6m(got, a);
    if (memcmp(want, got, sizeof(want)))
        bad |= report("p256_square_armv6m", a, a, want, got, 64);
    return bad;
}
#endif

#if FC_WITH_EC && P256_FIELD_ARMV7M
/* edge operands, least significant word first: 0, 1, p - 1, p - 2, R - 1 (a < R for the
 * product), R mod p (the Montgomery one), 2^255, p - 2^224, 2^224 - 1 */
static const uint32_t p256_edges[9][8] = {
    { 0, 0, 0, 0, 0, 0, 0, 0 },
    { 1, 0, 0, 0, 0, 0, 0, 0 },
    { 0xfffffffeu, 0xffffffffu, 0xffffffffu, 0, 0, 0, 1, 0xffffffffu },
    { 0xfffffffdu, 0xffffffffu, 0xffffffffu, 0, 0, 0, 1, 0xffffffffu },
    { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu,
      0xffffffffu, 0xffffffffu },
    { 1, 0, 0, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xfffffffeu, 0 },
    { 0, 0, 0, 0, 0, 0, 0, 0x80000000u },
    { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0, 0, 0, 1, 0xfffffffeu },
    { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu,
      0xffffffffu, 0 },
};

typedef void (*p256_binary)(uint32_t *, const uint32_t *, const uint32_t *);

/* r = op(a, b) into a fresh r, into a copy of a and into a copy of b: all three equal */
static int p256_aliased(const char *what, p256_binary op, uint32_t *r, const uint32_t a[8],
                        const uint32_t b[8])
{
    uint32_t x[8], y[8];
    memcpy(x, a, 32);
    memcpy(y, b, 32);
    op(r, a, b);
    op(x, x, b);
    op(y, a, y);
    if (memcmp(x, r, 32) || memcmp(y, r, 32))
        return report(what, a, b, r, memcmp(x, r, 32) ? x : y, 32);
    return 0;
}

static int check_p256_m4(const uint32_t a[8], const uint32_t b[8])
{
    uint32_t mul[8], sqr[8], sqr_in_place[8], add[8], sub[8];
    int bad = 0;
    bad |= p256_aliased("p256_mont_mul", p256_mont_mul, mul, a, b);
    p256_mont_sqr(sqr, a);
    memcpy(sqr_in_place, a, 32);
    p256_mont_sqr(sqr_in_place, sqr_in_place);
    if (memcmp(sqr, sqr_in_place, 32))
        bad |= report("p256_mont_sqr", a, a, sqr, sqr_in_place, 32);
    bad |= p256_aliased("p256_add", p256_add, add, a, b);
    bad |= p256_aliased("p256_sub", p256_sub, sub, a, b);
    board_puts("p256\n");
    board_puthex(a, 32);
    board_puthex(b, 32);
    board_puthex(mul, 32);
    board_puthex(sqr, 32);
    board_puthex(add, 32);
    board_puthex(sub, 32);
    return bad;
}
#endif

#if FC_FE16_NEEDED && FC_FE16_ARMV6M
/* x mod 2^255 - 19, fully reduced, for x of n words (n <= 16): the words above 8 are folded
 * in with 2^256 = 38, then bit 255 with 2^255 = 19 (twice), then p is taken off if x >= p. */
static void fe25519_canonical(uint32_t r[8], const uint32_t *x, unsigned n)
{
    uint32_t t[9];
    uint64_t c = 0;
    unsigned i, round;
    memset(t, 0, sizeof(t));
    for (i = 0; i < 8; i++) {
        c += (uint64_t)x[i] + (i + 8 < n ? (uint64_t)x[i + 8] * 38u : 0);
        t[i] = (uint32_t)c;
        c >>= 32;
    }
    t[8] = (uint32_t)c;
    for (round = 0; round < 2; round++) {
        c = (uint64_t)((t[8] << 1) | (t[7] >> 31)) * 19u;
        t[7] &= 0x7fffffffu;
        t[8] = 0;
        for (i = 0; i < 8; i++) {
            c += t[i];
            t[i] = (uint32_t)c;
            c >>= 32;
        }
    }
    /* t < 2^255 here: subtract p = 2^255 - 19 if t + 19 has bit 255 */
    c = 19;
    for (i = 0; i < 8; i++) {
        c += t[i];
        r[i] = (uint32_t)c;
        c >>= 32;
    }
    if (r[7] >> 31)
        r[7] &= 0x7fffffffu;
    else
        memcpy(r, t, 32);
}

static void wide_product(uint32_t t[16], const uint32_t a[8], const uint32_t b[8])
{
    unsigned i, j;
    memset(t, 0, 16 * sizeof(uint32_t));
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

/* fc_fe16_mul/sqr/add/sub with n = 16 against the reference above: a b, a + b, a - b and a^2
 * mod p, with r apart, r = a, r = b and (square) r = a; every result congruent (canonical forms
 * equal). */
static int check_fe25519_reduced(const uint32_t a[8], const uint32_t b[8])
{
    union {
        uint32_t w[8];
        fc_fe16_limb l[16];
    } x, y, r;
    uint32_t wide[16], want[8], got[8];
    int bad = 0;
    wide_product(wide, a, b);
    fe25519_canonical(want, wide, 16);
    memcpy(x.w, a, 32);
    memcpy(y.w, b, 32);
    fc_fe16_mul(r.l, x.l, y.l, 16);
    fe25519_canonical(got, r.w, 8);
    if (memcmp(want, got, 32))
        bad |= report("fc_fe16_mul reduced", a, b, want, got, 32);
    fc_fe16_mul(x.l, x.l, y.l, 16);
    fe25519_canonical(got, x.w, 8);
    if (memcmp(want, got, 32))
        bad |= report("fc_fe16_mul r = a", a, b, want, got, 32);
    memcpy(x.w, a, 32);
    fc_fe16_mul(y.l, x.l, y.l, 16);
    fe25519_canonical(got, y.w, 8);
    if (memcmp(want, got, 32))
        bad |= report("fc_fe16_mul r = b", a, b, want, got, 32);
    memcpy(wide, a, 32);  /* a + b as nine words */
    memset(wide + 8, 0, 32);
    {
        uint64_t c = 0;
        unsigned i;
        for (i = 0; i < 8; i++) {
            c += (uint64_t)a[i] + b[i];
            wide[i] = (uint32_t)c;
            c >>= 32;
        }
        wide[8] = (uint32_t)c;
    }
    fe25519_canonical(want, wide, 9);
    memcpy(x.w, a, 32);
    memcpy(y.w, b, 32);
    fc_fe16_add(r.l, x.l, y.l, 16);
    fe25519_canonical(got, r.w, 8);
    if (memcmp(want, got, 32))
        bad |= report("fc_fe16_add", a, b, want, got, 32);
    fc_fe16_add(x.l, x.l, y.l, 16);
    fe25519_canonical(got, x.w, 8);
    if (memcmp(want, got, 32))
        bad |= report("fc_fe16_add r = a", a, b, want, got, 32);
    memcpy(x.w, a, 32);
    fc_fe16_add(y.l, x.l, y.l, 16);
    fe25519_canonical(got, y.w, 8);
    if (memcmp(want, got, 32))
        bad |= report("fc_fe16_add r = b", a, b, want, got, 32);
    {   /* a - b + 4p = a - b + 2^257 - 76 as nine words */
        int64_t c = -76;
        unsigned i;
        for (i = 0; i < 8; i++) {
            c += (int64_t)a[i] - (int64_t)b[i];
            wide[i] = (uint32_t)c;
            c >>= 32;  /* arithmetic shift: gcc's signed right shift */
        }
        wide[8] = (uint32_t)(c + 2);
    }
    fe25519_canonical(want, wide, 9);
    memcpy(x.w, a, 32);
    memcpy(y.w, b, 32);
    fc_fe16_sub(r.l, x.l, y.l, 16);
    fe25519_canonical(got, r.w, 8);
    if (memcmp(want, got, 32))
        bad |= report("fc_fe16_sub", a, b, want, got, 32);
    fc_fe16_sub(x.l, x.l, y.l, 16);
    fe25519_canonical(got, x.w, 8);
    if (memcmp(want, got, 32))
        bad |= report("fc_fe16_sub r = a", a, b, want, got, 32);
    memcpy(x.w, a, 32);
    fc_fe16_sub(y.l, x.l, y.l, 16);
    fe25519_canonical(got, y.w, 8);
    if (memcmp(want, got, 32))
        bad |= report("fc_fe16_sub r = b", a, b, want, got, 32);
    memcpy(y.w, b, 32);
    wide_product(wide, a, a);
    fe25519_canonical(want, wide, 16);
    fc_fe16_sqr(r.l, x.l, 16);
    fe25519_canonical(got, r.w, 8);
    if (memcmp(want, got, 32))
        bad |= report("fc_fe16_sqr reduced", a, a, want, got, 32);
    fc_fe16_sqr(x.l, x.l, 16);
    fe25519_canonical(got, x.w, 8);
    if (memcmp(want, got, 32))
        bad |= report("fc_fe16_sqr r = a", a, a, want, got, 32);
    return bad;
}

/* edge operands, least significant word first: 0, 1, p - 1, p, p + 1, 2^255 - 1, 2^255,
 * 2^256 - 1, 2^256 - 39 (2p - 1), 19, 2^224 */
static const uint32_t fe25519_edges[11][8] = {
    { 0, 0, 0, 0, 0, 0, 0, 0 },
    { 1, 0, 0, 0, 0, 0, 0, 0 },
    { 0xffffffecu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu,
      0xffffffffu, 0x7fffffffu },
    { 0xffffffedu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu,
      0xffffffffu, 0x7fffffffu },
    { 0xffffffeeu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu,
      0xffffffffu, 0x7fffffffu },
    { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu,
      0xffffffffu, 0x7fffffffu },
    { 0, 0, 0, 0, 0, 0, 0, 0x80000000u },
    { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu,
      0xffffffffu, 0xffffffffu },
    { 0xffffffd9u, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu,
      0xffffffffu, 0xffffffffu },
    { 19, 0, 0, 0, 0, 0, 0, 0 },
    { 0, 0, 0, 0, 0, 0, 0, 1 },
};

/* limbs on a word boundary (l[0..15]) or at 2 mod 4 (l[1..16]) */
typedef union {
    uint32_t w[9];
    fc_fe16_limb l[18];
} limbs;

static int check_fe16(const uint32_t a[8], const uint32_t b[8])
{
    limbs la, lb, ua, ub;
    fc_fe16_limb want[16], got[16];
    int bad = 0;
    memcpy(la.l, a, 32);
    memcpy(lb.l, b, 32);
    memcpy(ua.l + 1, a, 32);
    memcpy(ub.l + 1, b, 32);
    fc_fe16_mul(want, ua.l + 1, ub.l + 1, 16);
    fc_fe16_mul(got, la.l, lb.l, 16);
    if (memcmp(want, got, sizeof(want)))
        bad |= report("fc_fe16_mul", a, b, want, got, 32);
    fc_fe16_sqr(want, ua.l + 1, 16);
    fc_fe16_sqr(got, la.l, 16);
    if (memcmp(want, got, sizeof(want)))
        bad |= report("fc_fe16_sqr", a, a, want, got, 32);
    return bad;
}
#endif

#if FC_FE16_NEEDED && (FC_FE16_ARMV7M || FC_FE16_ARMV6M)
/* fe16_armv7m.c on n = 16 (2^255 - 19) and n = 12 (2^191 - 19) limbs, as 8 or 6 words. Edge
 * operands: a base value plus a small d added to word 0 (no carry for these bases and d):
 * 0, p, 2p = 2^(16n) - 38 and 2^(16n) - 1 (minus d), 2^(16n-1) - 1 and 2^(16n-1). */
enum { FE_ZERO, FE_P, FE_2P, FE_ONES, FE_HALF_M1, FE_HALF };

static void fe_edge(uint32_t *x, unsigned words, unsigned kind, uint32_t d)
{
    unsigned i;
    for (i = 0; i < words; i++)
        x[i] = kind == FE_ZERO || kind == FE_HALF ? 0 : 0xffffffffu;
    if (kind == FE_P || kind == FE_HALF_M1)
        x[words - 1] = 0x7fffffffu;
    if (kind == FE_HALF)
        x[words - 1] = 0x80000000u;
    if (kind == FE_P)
        x[0] = 0xffffffedu + d;
    else if (kind == FE_2P)
        x[0] = 0xffffffdau + d;
    else if (kind == FE_ONES || kind == FE_HALF_M1)
        x[0] -= d;
    else
        x[0] += d;
}

/* mul_small's constants: the ladders' (121665, 121666, 132355, 9, 11), 1, 0, the largest */
static const uint32_t fe_small[8] = { 121666, 121665, 132355, 9, 11, 1, 0, (1u << 19) - 1 };

typedef void (*fe_binary)(fc_fe16_limb *, const fc_fe16_limb *, const fc_fe16_limb *,
                          unsigned);

/* the limbs at a word boundary (l[0..]) or at 2 mod 4 (l[1..]) */
typedef union {
    uint32_t w[9];
    fc_fe16_limb l[18];
} fe_limbs;

/* 0 when x and y are the same element (their canonical bytes): the Cortex-M0's operands off
 * word boundaries take the limb loops, whose results may differ from the word code's by p */
static int fe_differ(const fc_fe16_limb *x, const fc_fe16_limb *y, unsigned n)
{
    uint8_t bx[32], by[32];
    fc_fe16_tobytes(bx, x, n);
    fc_fe16_tobytes(by, y, n);
    return memcmp(bx, by, 2 * n);
}

/* op(a, b) into a fresh r, into a, into b, and on operands at 2 mod 4: all the same element */
static int fe_same_everywhere(const char *what, fe_binary op, fc_fe16_limb *r,
                              const uint32_t *a, const uint32_t *b, unsigned n)
{
    fe_limbs x, y, ua, ub, ur;
    op(r, (const fc_fe16_limb *)a, (const fc_fe16_limb *)b, n);
    memcpy(x.l, a, 2 * n);
    memcpy(y.l, b, 2 * n);
    op(x.l, x.l, y.l, n);
    if (fe_differ(x.l, r, n))
        return report(what, a, b, r, x.l, 2 * n);
    memcpy(x.l, a, 2 * n);
    op(y.l, x.l, y.l, n);
    if (fe_differ(y.l, r, n))
        return report(what, a, b, r, y.l, 2 * n);
    memcpy(ua.l + 1, a, 2 * n);
    memcpy(ub.l + 1, b, 2 * n);
    op(ur.l + 1, ua.l + 1, ub.l + 1, n);
    if (fe_differ(ur.l + 1, r, n))
        return report(what, a, b, r, ur.l + 1, 2 * n);
    return 0;
}

static void fe_sqr_as_binary(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b,
                             unsigned n)
{
    (void)b;
    fc_fe16_sqr(r, a, n);
}

static uint32_t fe_small_c;

static void fe_mul_small_as_binary(fc_fe16_limb *r, const fc_fe16_limb *a,
                                   const fc_fe16_limb *b, unsigned n)
{
    (void)b;
    fc_fe16_mul_small(r, a, fe_small_c, n);
}

/* Prints "fe16 n" and a, b, c, a b, a^2, a + b, a - b, a c, a^8 (fc_fe16_sqr_n, three squares)
 * for the test to check against big integers; checks aliasing, unaligned operands and cswap
 * here. */
static int check_fe16_ops(const uint32_t *a, const uint32_t *b, uint32_t c, unsigned n)
{
    fc_fe16_limb mul[16], sqr[16], add[16], sub[16], small[16], sqr3[16];
    fe_limbs x, y;
    unsigned bit;
    int bad = 0;
    fe_small_c = c;
    fc_fe16_sqr_n(sqr3, (const fc_fe16_limb *)a, 3, n);
    memcpy(x.l, a, 2 * n);
    fc_fe16_sqr_n(x.l, x.l, 3, n);                  /* in place */
    if (fe_differ(x.l, sqr3, n))
        bad |= report("fc_fe16_sqr_n", a, a, sqr3, x.l, 2 * n);
    memcpy(y.l + 1, a, 2 * n);
    fc_fe16_sqr_n(x.l + 1, y.l + 1, 3, n);          /* at 2 mod 4 */
    if (fe_differ(x.l + 1, sqr3, n))
        bad |= report("fc_fe16_sqr_n", a, a, sqr3, x.l + 1, 2 * n);
    bad |= fe_same_everywhere("fc_fe16_mul", fc_fe16_mul, mul, a, b, n);
    bad |= fe_same_everywhere("fc_fe16_sqr", fe_sqr_as_binary, sqr, a, a, n);
    bad |= fe_same_everywhere("fc_fe16_add", fc_fe16_add, add, a, b, n);
    bad |= fe_same_everywhere("fc_fe16_sub", fc_fe16_sub, sub, a, b, n);
    bad |= fe_same_everywhere("fc_fe16_mul_small", fe_mul_small_as_binary, small, a, b, n);
    for (bit = 0; bit < 2; bit++) {  /* aligned, then at 2 mod 4 */
        memcpy(x.l + bit, a, 2 * n);
        memcpy(y.l + bit, b, 2 * n);
        fc_fe16_cswap(x.l + bit, y.l + bit, 0, n);
        if (memcmp(x.l + bit, a, 2 * n) || memcmp(y.l + bit, b, 2 * n))
            bad |= report("fc_fe16_cswap 0", a, b, a, x.l + bit, 2 * n);
        fc_fe16_cswap(x.l + bit, y.l + bit, 1, n);
        if (memcmp(x.l + bit, b, 2 * n) || memcmp(y.l + bit, a, 2 * n))
            bad |= report("fc_fe16_cswap 1", a, b, b, x.l + bit, 2 * n);
    }
    board_puts(n == 16 ? "fe16 16\n" : "fe16 12\n");
    board_puthex(a, 2 * n);
    board_puthex(b, 2 * n);
    board_puthex(&c, 4);
    board_puthex(mul, 2 * n);
    board_puthex(sqr, 2 * n);
    board_puthex(add, 2 * n);
    board_puthex(sub, 2 * n);
    board_puthex(small, 2 * n);
    board_puthex(sqr3, 2 * n);
    return bad;
}

#if FC_FE16_LADDER_STEP
/* fc_fe16_ladder_step on x1, x2, z2, x3, z3 (five 8-word rows of v, the first n / 2 words
 * each): prints "ladder n", swap, u_small, a24, the inputs and x2, z2, x3, z3, t0, t1 after
 * the step, for the test to check against the ladder's formulas. */
static void check_ladder(const uint32_t v[5][8], uint32_t swap, uint32_t u_small,
                            unsigned n)
{
    fc_fe16_limb e[7][16];  /* x1, x2, z2, x3, z3, t0, t1 */
    uint32_t a24 = n == 16 ? 121665 : 132354, i;
    for (i = 0; i < 5; i++)
        memcpy(e[i], v[i], 2 * n);
    fc_fe16_ladder_step(e[1], e[2], e[3], e[4], e[5], e[6], e[0], swap, u_small, a24, n);
    board_puts(n == 16 ? "ladder 16\n" : "ladder 12\n");
    board_puthex(&swap, 4);
    board_puthex(&u_small, 4);
    board_puthex(&a24, 4);
    for (i = 0; i < 5; i++)
        board_puthex(v[i], 2 * n);
    for (i = 1; i < 7; i++)
        board_puthex(e[i], 2 * n);
}

#endif

/* every pair of edges (6 kinds x d = 0, 1, 2) for both sizes, then random words */
static int check_fe16_ops_edges(void)
{
    uint32_t a[8], b[8];
    unsigned i, j, n;
    int bad = 0;
    for (n = 12; n <= 16; n += 4)
        for (i = 0; i < 18 && !bad; i++)
            for (j = 0; j < 18 && !bad; j++) {
                fe_edge(a, n / 2, i / 3, i % 3);
                fe_edge(b, n / 2, j / 3, j % 3);
                bad |= check_fe16_ops(a, b, fe_small[(i + j) % 8], n);
            }
    return bad;
}
#endif

#if FC_FE16_NEEDED && FC_FE16_ARMV6M
/* The register-resident 128 x 128-bit product and square of fe16_product128_armv6m.h alone
 * (kb_mul128 8, 12, 16 and kb_sqr128 8, 0, 12, as the 256-bit Karatsuba runs them), against a
 * schoolbook product of four words by four. */
#define KR128_CLOBBERS "r0", "r1", "r2", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", \
    "r12", "lr", "cc", "memory"

__attribute__((noinline)) static void kr_products128(uint32_t prod[8], uint32_t sq[8],
                                                     const uint32_t a[4], const uint32_t b[4])
{
    uint32_t frame[KB_FRAME_WORDS];
    register uint32_t *r3 __asm__("r3");
    memset(frame, 0x5a, sizeof(frame));
    memcpy(frame + 8, a, 16);
    memcpy(frame + 12, b, 16);
    r3 = frame;  /* after the calls, which may change r3 */
    __asm__ volatile(".syntax unified\n\t.set kb_inplace, 1\n\t" KB_MACROS_ASM KR_MUL128_ASM
                     "mov   r12, r3\n\tmov   r8, r3\n\t.set  kb_cur, -100\n\t"
                     "kb_mul128 8, 12, 16\n\t" KR_PURGE_ASM KB_PURGE_ASM ".syntax divided\n\t"
                     : "+l"(r3) : : KR128_CLOBBERS);
    memcpy(prod, frame + 16, 32);
    memcpy(frame + 8, a, 16);
    r3 = frame;
    __asm__ volatile(".syntax unified\n\t.set kb_inplace, 1\n\t" KB_MACROS_ASM KR_MUL128_ASM
                     "mov   r12, r3\n\tmov   r8, r3\n\t.set  kb_cur, -100\n\t"
                     "kb_sqr128 8, 0, 12\n\t" KR_PURGE_ASM KB_PURGE_ASM ".syntax divided\n\t"
                     : "+l"(r3) : : KR128_CLOBBERS);
    memcpy(sq, frame, 32);
}

static void product128_reference(uint32_t t[8], const uint32_t a[4], const uint32_t b[4])
{
    unsigned i, j;
    memset(t, 0, 8 * sizeof(uint32_t));
    for (i = 0; i < 4; i++) {
        uint64_t c = 0;
        for (j = 0; j < 4; j++) {
            c += (uint64_t)a[i] * b[j] + t[i + j];
            t[i + j] = (uint32_t)c;
            c >>= 32;
        }
        t[i + 4] = (uint32_t)c;
    }
}

static int check_kr128(const uint32_t a[4], const uint32_t b[4])
{
    uint32_t want[8], prod[8], sq[8], wa[8] = { 0 }, wb[8] = { 0 };
    int bad = 0;
    memcpy(wa, a, 16);
    memcpy(wb, b, 16);
    kr_products128(prod, sq, a, b);
    product128_reference(want, a, b);
    if (memcmp(want, prod, 32))
        bad |= report("kb_mul128 (registers)", wa, wb, want, prod, 32);
    product128_reference(want, a, a);
    if (memcmp(want, sq, 32))
        bad |= report("kb_sqr128 (registers)", wa, wa, want, sq, 32);
    return bad;
}

/* words near the carry and borrow edges; halves made equal or swapped at random, so that the
 * Karatsuba differences are zero, or of either sign, at both levels */
static const uint32_t kr128_edge_words[8] = { 0, 1, 2, 0x7fffffffu, 0x80000000u, 0xfffffffeu,
                                              0xffffffffu, 0x00010000u };

static int check_kr128_edges(void)
{
    uint32_t a[4], b[4];
    unsigned round, i;
    int bad = 0;
    for (round = 0; round < 600 && !bad; round++) {
        for (i = 0; i < 4; i++) {
            a[i] = kr128_edge_words[next_word() & 7];
            b[i] = kr128_edge_words[next_word() & 7];
        }
        switch (round % 6) {
        case 1: a[2] = a[0]; a[3] = a[1]; break;        /* x_lo = x_hi */
        case 2: b[1] = b[0]; b[3] = b[2]; break;        /* equal words in each half */
        case 3: a[1] = a[0]; b[2] = b[3]; break;
        case 4: a[3] = a[1]; b[3] = b[1]; break;        /* high words equal */
        case 5: memcpy(b, a, 16); break;
        default: break;
        }
        bad |= check_kr128(a, b);
    }
    return bad;
}

/* Curve19119 edge operands (p = 2^191 - 19), least significant word first: 0, 1, p - 1, p,
 * p + 1, 2^191 - 1, 2^191, 2^192 - 1 (every word all ones), 2^96 - 1 and 2^96 (the Karatsuba
 * halves: a0 all ones and a1 zero, a0 zero and a1 one) */
static const uint32_t fe19119_edges[10][6] = {
    { 0, 0, 0, 0, 0, 0 },
    { 1, 0, 0, 0, 0, 0 },
    { 0xffffffecu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0x7fffffffu },
    { 0xffffffedu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0x7fffffffu },
    { 0xffffffeeu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0x7fffffffu },
    { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0x7fffffffu },
    { 0, 0, 0, 0, 0, 0x80000000u },
    { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu },
    { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0, 0, 0 },
    { 0, 0, 0, 1, 0, 0 },
};

/* The 12-limb fc_fe16_mul/sqr (six words, Karatsuba, reduced mod 2^191 - 19): prints
 * "fe19119" and a, b, a b, a^2 (24 bytes each, little-endian) for the test to check with big
 * integers (congruent mod p; any 192-bit value is in the contract), and checks here that r
 * aliasing a or b, operands and r at 2 mod 4 (the copy path) and a == b give the same limbs. */
static int check_fe19119(const uint32_t a[6], const uint32_t b[6])
{
    limbs la, lb, ua, ub, ur;
    fc_fe16_limb mul[12], sqr[12], got[12];
    int bad = 0;
    memcpy(la.l, a, 24);
    memcpy(lb.l, b, 24);
    memcpy(ua.l + 1, a, 24);
    memcpy(ub.l + 1, b, 24);
    fc_fe16_mul(mul, la.l, lb.l, 12);
    fc_fe16_sqr(sqr, la.l, 12);
    fc_fe16_mul(ur.l + 1, ua.l + 1, ub.l + 1, 12);      /* the copy path, r unaligned too */
    if (memcmp(mul, ur.l + 1, 24))
        bad |= report("fc_fe16_mul (12, unaligned)", a, b, mul, ur.l + 1, 24);
    fc_fe16_mul(got, la.l, ub.l + 1, 12);
    if (memcmp(mul, got, 24))
        bad |= report("fc_fe16_mul (12, b unaligned)", a, b, mul, got, 24);
    fc_fe16_sqr(ur.l + 1, ua.l + 1, 12);
    if (memcmp(sqr, ur.l + 1, 24))
        bad |= report("fc_fe16_sqr (12, unaligned)", a, a, sqr, ur.l + 1, 24);
    fc_fe16_mul(got, la.l, la.l, 12);
    if (memcmp(sqr, got, 24))
        bad |= report("fc_fe16_mul (12, a a)", a, a, sqr, got, 24);
    fc_fe16_mul(la.l, la.l, lb.l, 12);                  /* r = a */
    if (memcmp(mul, la.l, 24))
        bad |= report("fc_fe16_mul (12, r = a)", a, b, mul, la.l, 24);
    memcpy(la.l, a, 24);
    fc_fe16_mul(lb.l, la.l, lb.l, 12);                  /* r = b */
    if (memcmp(mul, lb.l, 24))
        bad |= report("fc_fe16_mul (12, r = b)", a, b, mul, lb.l, 24);
    fc_fe16_sqr(la.l, la.l, 12);                        /* r = a */
    if (memcmp(sqr, la.l, 24))
        bad |= report("fc_fe16_sqr (12, r = a)", a, a, sqr, la.l, 24);
    board_puts("fe19119\n");
    board_puthex(a, 24);
    board_puthex(b, 24);
    board_puthex(mul, 24);
    board_puthex(sqr, 24);
    return bad;
}
#endif

int main(void)
{
    uint32_t a[8], b[8];
    unsigned round, i;
    int bad = 0;
#if FC_FE16_NEEDED && (FC_FE16_ARMV7M || FC_FE16_ARMV6M)
    bad |= check_fe16_ops_edges();
#endif
#if FC_WITH_EC && P256_FIELD_ARMV7M
    for (round = 0; round < 81 && !bad; round++)
        bad |= check_p256_m4(p256_edges[round % 9], p256_edges[round / 9]);
#endif
#if FC_FE16_NEEDED && FC_FE16_ARMV6M
    bad |= check_kr128_edges();
    for (round = 0; round < 121 && !bad; round++)
        bad |= check_fe25519_reduced(fe25519_edges[round % 11], fe25519_edges[round / 11]);
    for (round = 0; round < 100 && !bad; round++) {
        memset(a, 0, sizeof(a));                        /* report() prints eight words */
        memset(b, 0, sizeof(b));
        memcpy(a, fe19119_edges[round % 10], 24);
        memcpy(b, fe19119_edges[round / 10], 24);
        bad |= check_fe19119(a, b);
    }
#endif
    for (round = 0; round < 250 && !bad; round++) {
        for (i = 0; i < 8; i++) {
            a[i] = pick_word(round % 5);
            b[i] = pick_word((round / 5) % 5);
        }
        if (round % 7 == 0)
            memcpy(b, a, sizeof(a));
#if FC_WITH_EC && P256_FIELD_ARMV6M
        bad |= check_p256(a, b);
#endif
#if FC_FE16_NEEDED && FC_FE16_ARMV6M
        bad |= check_fe16(a, b);
        bad |= check_kr128(a, b);
        bad |= check_kr128(a + 4, b + 4);
        bad |= check_fe25519_reduced(a, b);
        bad |= check_fe19119(a, b);
#endif
#if FC_WITH_EC && P256_FIELD_ARMV7M
        bad |= check_p256_m4(a, b);
#endif
#if FC_FE16_NEEDED && (FC_FE16_ARMV7M || FC_FE16_ARMV6M)
        bad |= check_fe16_ops(a, b, fe_small[round % 8] ^ (next_word() & 0x7ffffu & -(round & 1u)),
                             round & 2 ? 12 : 16);
#if FC_FE16_LADDER_STEP
        if (round % 5 == 0) {  /* the ladder step on words of the same kind */
            uint32_t v[5][8];
            for (i = 0; i < 40; i++)
                v[i / 8][i % 8] = pick_word((round / 5) % 5);
            check_ladder((const uint32_t(*)[8])v, round & 1, round & 4 ? 9 : 0,
                            round & 2 ? 12 : 16);
        }
#endif
#endif
    }
    board_puts(bad ? "FAIL\n" : "OK\n");
    return bad;
}
