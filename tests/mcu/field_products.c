/* Model check of the Thumb-1 field products (tests/python/test_mcu_products.py runs it on the
 * Cortex-M0, M0+ and M4 models): the Karatsuba product and square of p256_field_armv6m.c
 * against a schoolbook reference, and the 16-limb fc_fe16_mul/sqr on word-aligned operands
 * (the Karatsuba path) against the same operands at 2 mod 4 (the 16-bit product scanning),
 * over random words, all-ones words (every carry chain at its longest), zero words and mixes
 * of them. Prints OK and exits 0, or prints the first mismatches and exits 1. */
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

int main(void)
{
    uint32_t a[8], b[8];
    unsigned round, i;
    int bad = 0;
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
#endif
    }
    board_puts(bad ? "FAIL\n" : "OK\n");
    return bad;
}
