/* Model check of fe16_w32.c, the radix-2^16 field over 32-bit words (mul, sqr, add, sub,
 * mul_small, cswap) for n = 16 (2^255 - 19) and n = 12 (2^191 - 19), with fe16.c's tobytes and
 * iszero on its outputs. tests/python/test_mcu_fe16_words.py writes the operands into
 * fe16_words_cases.h (random, all-ones, zero and p-adjacent values: k p + d for small k and d)
 * and compares what this image prints with Python's integers: per case "fe <n>" and then the
 * limbs of a, b, the small constant c, a b, a^2, a + b, a - b, a c, tobytes(a b) and the
 * iszero flags of a - a and a - b (each line the little-endian bytes in hex). Checked here:
 * r aliasing a, b or both gives the same limbs; operands and results at 2 mod 4 (the copy
 * path) give the same limbs; cswap swaps with bit 1 and not with bit 0. Prints OK and exits 0,
 * or prints the mismatches and exits 1. */
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "providers/soft/fe16.h"
#include "fe16_words_cases.h" /* FE_CASES: {limb count, a[32 bytes], b[32 bytes], c} */

int main(void);

struct fe_case {
    unsigned n;
    uint8_t a[32], b[32];
    uint32_t c;
};

static const struct fe_case cases[] = {FE_CASES};

/* word-aligned operands, and the same at 2 mod 4 */
typedef union {
    uint32_t align;
    fc_fe16_limb v[FC_FE16_MAX_LIMBS + 1];
} fe_buf;

static int failures;

static void check(const char *what, const fc_fe16_limb *want, const fc_fe16_limb *got,
                  unsigned n)
{
    if (memcmp(want, got, 2 * n) != 0) {
        board_puts(what);
        board_puts(" mismatch\n");
        board_puthex(want, 2 * n);
        board_puthex(got, 2 * n);
        failures++;
    }
}

static void load(fc_fe16_limb *r, const uint8_t *in, unsigned n)
{
    unsigned i;
    board_puts(FC_FE16_W32 ? "w32\n" : "not w32\n"); /* the code under test is the one built */
    for (i = 0; i < n; i++)
        r[i] = (fc_fe16_limb)(in[2 * i] | in[2 * i + 1] << 8);
}

static void run_case(const struct fe_case *k)
{
    unsigned n = k->n;
    fe_buf a, b, mul, sqr, add, sub, small, r, s, ua, ub, ur;
    fc_fe16_limb *a_odd = ua.v + 1, *b_odd = ub.v + 1, *r_odd = ur.v + 1;
    uint8_t bytes[32];
    uint32_t z;

    load(a.v, k->a, n);
    load(b.v, k->b, n);
    fc_fe16_mul(mul.v, a.v, b.v, n);
    fc_fe16_sqr(sqr.v, a.v, n);
    fc_fe16_add(add.v, a.v, b.v, n);
    fc_fe16_sub(sub.v, a.v, b.v, n);
    fc_fe16_mul_small(small.v, a.v, k->c, n);

    board_puts(n == 16 ? "fe 16\n" : "fe 12\n");
    board_puthex(a.v, 2 * n);
    board_puthex(b.v, 2 * n);
    board_puthex(&k->c, 4);
    board_puthex(mul.v, 2 * n);
    board_puthex(sqr.v, 2 * n);
    board_puthex(add.v, 2 * n);
    board_puthex(sub.v, 2 * n);
    board_puthex(small.v, 2 * n);
    fc_fe16_tobytes(bytes, mul.v, n);
    board_puthex(bytes, 2 * n);
    fc_fe16_sub(r.v, a.v, a.v, n);
    z = fc_fe16_iszero(r.v, n);
    z |= fc_fe16_iszero(sub.v, n) << 1;
    board_puthex(&z, 1);

    /* r aliasing the inputs */
    memcpy(r.v, a.v, 2 * n);
    fc_fe16_mul(r.v, r.v, b.v, n);
    check("mul r=a", mul.v, r.v, n);
    memcpy(r.v, b.v, 2 * n);
    fc_fe16_mul(r.v, a.v, r.v, n);
    check("mul r=b", mul.v, r.v, n);
    memcpy(r.v, a.v, 2 * n);
    fc_fe16_mul(r.v, r.v, r.v, n);
    check("mul r=a=b", sqr.v, r.v, n);
    memcpy(r.v, a.v, 2 * n);
    fc_fe16_sqr(r.v, r.v, n);
    check("sqr r=a", sqr.v, r.v, n);
    memcpy(r.v, a.v, 2 * n);
    fc_fe16_add(r.v, r.v, b.v, n);
    check("add r=a", add.v, r.v, n);
    memcpy(r.v, b.v, 2 * n);
    fc_fe16_add(r.v, a.v, r.v, n);
    check("add r=b", add.v, r.v, n);
    memcpy(r.v, a.v, 2 * n);
    fc_fe16_sub(r.v, r.v, b.v, n);
    check("sub r=a", sub.v, r.v, n);
    memcpy(r.v, b.v, 2 * n);
    fc_fe16_sub(r.v, a.v, r.v, n);
    check("sub r=b", sub.v, r.v, n);
    memcpy(r.v, a.v, 2 * n);
    fc_fe16_mul_small(r.v, r.v, k->c, n);
    check("mul_small r=a", small.v, r.v, n);
    memcpy(r.v, a.v, 2 * n);
    fc_fe16_add(r.v, r.v, r.v, n);
    fc_fe16_mul_small(s.v, a.v, 2, n);
    fc_fe16_sub(s.v, s.v, r.v, n); /* 2a - (a + a) */
    if (!fc_fe16_iszero(s.v, n)) {
        board_puts("2a != a + a\n");
        failures++;
    }

    /* operands and results off word boundaries */
    memcpy(a_odd, a.v, 2 * n);
    memcpy(b_odd, b.v, 2 * n);
    fc_fe16_mul(r_odd, a_odd, b.v, n);
    check("mul odd r, a", mul.v, r_odd, n);
    fc_fe16_mul(r.v, a.v, b_odd, n);
    check("mul odd b", mul.v, r.v, n);
    fc_fe16_sqr(r_odd, a_odd, n);
    check("sqr odd", sqr.v, r_odd, n);
    fc_fe16_add(r_odd, a_odd, b_odd, n);
    check("add odd", add.v, r_odd, n);
    fc_fe16_sub(r_odd, a_odd, b_odd, n);
    check("sub odd", sub.v, r_odd, n);
    fc_fe16_mul_small(r_odd, a_odd, k->c, n);
    check("mul_small odd", small.v, r_odd, n);

    /* cswap, aligned and not */
    memcpy(r.v, a.v, 2 * n);
    memcpy(s.v, b.v, 2 * n);
    fc_fe16_cswap(r.v, s.v, 0, n);
    check("cswap 0 a", a.v, r.v, n);
    check("cswap 0 b", b.v, s.v, n);
    fc_fe16_cswap(r.v, s.v, 1, n);
    check("cswap 1 a", b.v, r.v, n);
    check("cswap 1 b", a.v, s.v, n);
    memcpy(s.v, b.v, 2 * n);
    fc_fe16_cswap(a_odd, s.v, 1, n);
    check("cswap odd a", a.v, s.v, n);
    check("cswap odd b", b.v, a_odd, n);
}

int main(void)
{
    unsigned i;
    board_puts(FC_FE16_W32 ? "w32\n" : "not w32\n"); /* the code under test is the one built */
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
    board_puts(failures ? "FAIL\n" : "OK\n");
    return failures != 0;
}
