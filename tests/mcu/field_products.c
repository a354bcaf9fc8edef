/* Model check of the Thumb-1 field products (tests/python/test_mcu_products.py runs it on the
 * Cortex-M0, M0+ and M4 models): the Karatsuba product and square of p256_field_armv6m.c
 * against a schoolbook reference, and the 16-limb fc_fe16_mul/sqr on word-aligned operands
 * against the same operands at 2 mod 4 (copied to words first: the same Karatsuba product as
 * P-256's, whose schoolbook check is above; the reduction mod 2^255 - 19 is covered by the
 * X25519 and Ed25519 known answers of the bench images), over random words, all-ones words (every carry chain at its longest), zero words and mixes
 * of them. On the Cortex-M4 the Thumb-2 P-256 field of p256_field_armv7m.c: each case prints
 * "p256" and a, b, a b / R, a^2 / R, a + b and a - b (mod p) for the test to check with big
 * integers, and checks here that r aliasing a or b changes nothing. The 12-limb fe16 product
 * and square (2^191 - 19) the same way on every core: "fe19119" cases with their results for
 * the test, aliasing and off-word-boundary operands checked here. Prints OK and exits 0, or
 * prints the first mismatches and exits 1. */
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "providers/soft/fe16.h"
#include "providers/soft/p256_field.h"

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

#if FC_FE16_NEEDED && FC_FE16_ARMV6M
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
#if FC_WITH_EC && P256_FIELD_ARMV7M
    for (round = 0; round < 81 && !bad; round++)
        bad |= check_p256_m4(p256_edges[round % 9], p256_edges[round / 9]);
#endif
#if FC_FE16_NEEDED && FC_FE16_ARMV6M
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
        bad |= check_fe19119(a, b);
#endif
#if FC_WITH_EC && P256_FIELD_ARMV7M
        bad |= check_p256_m4(a, b);
#endif
    }
    board_puts(bad ? "FAIL\n" : "OK\n");
    return bad;
}
