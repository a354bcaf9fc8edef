/* The multi-precision core of RSA (src/providers/soft/bn.c) against a plain reference written
 * here (schoolbook products, bit-by-bit reduction, square-and-multiply), on seeded random
 * inputs and edge values: moduli of one to 33 words including 2^(32n) - 1, 2^(32(n-1)) + 1 and
 * 3, operands 0, 1, m - 1, all ones. */
#include <string.h>

#include "providers/soft/bn.h"
#include "testutil.h"

#define NMAX 34

/* ---- reference ---- */

static int ref_cmp(const uint32_t *a, const uint32_t *b, unsigned n)
{
    while (n-- > 0)
        if (a[n] != b[n])
            return a[n] < b[n] ? -1 : 1;
    return 0;
}

static void ref_mul(uint32_t *r, const uint32_t *a, unsigned an, const uint32_t *b, unsigned bn)
{
    unsigned i, j;
    memset(r, 0, (an + bn) * 4);
    for (i = 0; i < an; i++) {
        uint64_t c = 0;
        for (j = 0; j < bn; j++) {
            c += (uint64_t)a[i] * b[j] + r[i + j];
            r[i + j] = (uint32_t)c;
            c >>= 32;
        }
        r[i + bn] = (uint32_t)c;
    }
}

/* r = a mod m, one bit of a at a time: r = 2r + bit, minus m when r >= m. */
static void ref_mod(uint32_t *r, const uint32_t *a, unsigned alen, const uint32_t *m, unsigned n)
{
    uint32_t t[NMAX + 1], mm[NMAX + 1];
    unsigned i, j;
    memset(t, 0, sizeof(t));
    memcpy(mm, m, n * 4);
    mm[n] = 0;
    for (i = 32 * alen; i-- > 0;) {
        uint32_t bit = (a[i / 32] >> (i % 32)) & 1u;
        for (j = n; j > 0; j--)
            t[j] = (t[j] << 1) | (t[j - 1] >> 31);
        t[0] = (t[0] << 1) | bit;
        if (ref_cmp(t, mm, n + 1) >= 0) {
            uint32_t borrow = 0;
            for (j = 0; j <= n; j++) {
                uint64_t d = (uint64_t)t[j] - mm[j] - borrow;
                t[j] = (uint32_t)d;
                borrow = (uint32_t)(d >> 63);
            }
        }
    }
    memcpy(r, t, n * 4);
}

static void ref_mulmod(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *m,
                       unsigned n)
{
    uint32_t p[2 * NMAX];
    ref_mul(p, a, n, b, n);
    ref_mod(r, p, 2 * n, m, n);
}

static void ref_powmod(uint32_t *r, const uint32_t *base, const uint32_t *e, unsigned el,
                       const uint32_t *m, unsigned n)
{
    uint32_t acc[NMAX], one[NMAX];
    unsigned i;
    memset(one, 0, sizeof(one));
    one[0] = 1;
    ref_mod(acc, one, n, m, n);
    for (i = 32 * el; i-- > 0;) {
        ref_mulmod(acc, acc, acc, m, n);
        if ((e[i / 32] >> (i % 32)) & 1u)
            ref_mulmod(acc, acc, base, m, n);
    }
    memcpy(r, acc, n * 4);
}

/* ---- inputs ---- */

static void rand_limbs(uint32_t *a, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++)
        a[i] = tu_rand();
}

/* a random value below m (n words) */
static void rand_below(uint32_t *a, const uint32_t *m, unsigned n)
{
    uint32_t wide[NMAX + 2];
    rand_limbs(wide, n + 2);
    ref_mod(a, wide, n + 2, m, n);
}

/* moduli: kind 0 random, 1 all ones, 2 2^(32(n-1)) + 1, 3 top word 1 and random below */
static void make_modulus(uint32_t *m, unsigned n, int kind)
{
    unsigned i;
    rand_limbs(m, n);
    if (kind == 1)
        for (i = 0; i < n; i++)
            m[i] = 0xffffffffu;
    if (kind == 2) {
        memset(m, 0, n * 4);
        m[n - 1] = 1;
        m[0] |= 1;
        if (n == 1)
            m[0] = 3;
    }
    if (kind == 3)
        m[n - 1] = 1;
    if (m[n - 1] == 0)
        m[n - 1] = 1;
    m[0] |= 1;
    if (n == 1 && m[0] < 3)
        m[0] = 3;
}

/* ---- checks ---- */

static void check_basics(void)
{
    uint32_t a[NMAX], b[NMAX], r[NMAX], s[NMAX], p[2 * NMAX], q[2 * NMAX];
    uint8_t bytes[4 * NMAX + 8], back[4 * NMAX + 8];
    unsigned n, t;
    for (n = 1; n <= 33; n += (n < 9 ? 1 : 8)) {
        for (t = 0; t < 20; t++) {
            uint32_t carry, borrow;
            rand_limbs(a, n);
            rand_limbs(b, n);
            if (t == 1)
                memset(a, 0xff, n * 4);
            if (t == 2)
                memcpy(b, a, n * 4);
            carry = fc_bn_add(r, a, b, n);
            borrow = fc_bn_sub(s, r, b, n);
            CHECK(memcmp(s, a, n * 4) == 0 && carry == borrow, "add/sub n=%u", n);
            CHECK(fc_bn_less(a, b, n) == (ref_cmp(a, b, n) < 0 ? 0xffffffffu : 0), "less n=%u", n);
            CHECK(fc_bn_equal(a, b, n) == (ref_cmp(a, b, n) == 0 ? 0xffffffffu : 0), "equal");
            CHECK(fc_bn_is_zero(a, n) == 0 || t == 0, "is_zero");
            memcpy(r, a, n * 4);
            fc_bn_cmov(r, b, n, 0);
            CHECK(memcmp(r, a, n * 4) == 0, "cmov 0");
            fc_bn_cmov(r, b, n, 0xffffffffu);
            CHECK(memcmp(r, b, n * 4) == 0, "cmov 1");
            fc_bn_mul(p, a, n, b, (n + 1) / 2);
            ref_mul(q, a, n, b, (n + 1) / 2);
            CHECK(memcmp(p, q, (n + (n + 1) / 2) * 4) == 0, "mul n=%u", n);
            /* bytes: round trip, with leading zero bytes, and too long */
            fc_bn_to_bytes(bytes, 4 * n + 3, a, n);
            CHECK(bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0, "to_bytes pads");
            CHECK(fc_bn_from_bytes(r, n, bytes, 4 * n + 3) == 0 && memcmp(r, a, n * 4) == 0,
                  "from_bytes n=%u", n);
            bytes[1] = 1;
            CHECK(fc_bn_from_bytes(r, n, bytes, 4 * n + 3) == -1, "from_bytes too long");
            fc_bn_to_bytes(back, 3, a, n);
            CHECK(back[2] == (uint8_t)a[0] && back[0] == (uint8_t)(a[0] >> 16), "to_bytes cut");
        }
    }
    memset(a, 0, sizeof(a));
    CHECK(fc_bn_is_zero(a, 5) == 0xffffffffu, "is_zero of zero");
    CHECK(fc_bn_from_bytes(r, 2, bytes, 0) == 0 && fc_bn_is_zero(r, 2), "empty bytes");
    {
        static const uint8_t be[5] = {0x01, 0x02, 0x03, 0x04, 0x05};
        CHECK(fc_bn_from_bytes(r, 2, be, 5) == 0 && r[0] == 0x02030405u && r[1] == 1, "byte order");
    }
}

static void check_modulus(unsigned n, int kind)
{
    uint32_t m[NMAX], rr[NMAX], scratch[FC_BN_EXP_SCRATCH(NMAX, 6)], wide[2 * NMAX + 1];
    uint32_t a[NMAX], b[NMAX], r[NMAX], want[NMAX], am[NMAX], bm[NMAX], e[NMAX];
    fc_bn_mont ctx;
    unsigned t, w;
    make_modulus(m, n, kind);
    fc_bn_mont_init(&ctx, m, n, rr, scratch);
    /* R^2 mod m */
    memset(wide, 0, sizeof(wide));
    wide[2 * n] = 1;
    ref_mod(want, wide, 2 * n + 1, m, n);
    CHECK(memcmp(rr, want, n * 4) == 0, "R^2 mod m, n=%u kind=%d", n, kind);
    CHECK((uint32_t)(ctx.m0inv * m[0]) == 0xffffffffu, "m0inv");

    for (t = 0; t < 12; t++) {
        rand_below(a, m, n);
        rand_below(b, m, n);
        if (t == 1)
            memset(a, 0, n * 4);
        if (t == 2) { /* m - 1 squared */
            memcpy(a, m, n * 4);
            a[0] -= 1;
            memcpy(b, a, n * 4);
        }
        /* product through Montgomery form */
        fc_bn_to_mont(&ctx, am, a, scratch);
        fc_bn_to_mont(&ctx, bm, b, scratch);
        fc_bn_mont_mul(&ctx, r, am, bm, scratch);
        fc_bn_from_mont(&ctx, r, r, scratch);
        ref_mulmod(want, a, b, m, n);
        CHECK(memcmp(r, want, n * 4) == 0, "mont product n=%u kind=%d", n, kind);
        /* the square against the product of a by itself, then aliasing r = a = b */
        fc_bn_mont_sqr(&ctx, want, am, scratch);
        fc_bn_mont_mul(&ctx, r, am, am, scratch);
        CHECK(memcmp(r, want, n * 4) == 0, "mont_sqr == mont_mul(a, a) n=%u kind=%d", n, kind);
        fc_bn_mont_mul(&ctx, am, am, am, scratch);
        fc_bn_from_mont(&ctx, am, am, scratch);
        ref_mulmod(want, a, a, m, n);
        CHECK(memcmp(am, want, n * 4) == 0, "mont square n=%u", n);
        /* a factor up to R (not reduced) */
        rand_limbs(a, n);
        if (t == 3)
            memset(a, 0xff, n * 4);
        fc_bn_to_mont(&ctx, am, a, scratch);
        fc_bn_from_mont(&ctx, am, am, scratch);
        ref_mod(want, a, n, m, n);
        CHECK(memcmp(am, want, n * 4) == 0, "unreduced factor n=%u", n);
        /* a mod m for 2n words and fewer */
        rand_limbs(wide, 2 * n);
        if (t == 4)
            memset(wide, 0xff, 2 * n * 4);
        fc_bn_mod(&ctx, r, wide, 2 * n - (t % 3 == 0 ? 0 : t % n), scratch);
        ref_mod(want, wide, 2 * n - (t % 3 == 0 ? 0 : t % n), m, n);
        CHECK(memcmp(r, want, n * 4) == 0, "mod n=%u", n);
        CHECK(scratch[0] == 0 && scratch[2 * n] == 0, "mod wipes its scratch");
    }
    /* secret exponent, every window */
    for (w = 1; w <= 6; w++) {
        unsigned el = n <= 8 ? n : 2;
        rand_below(a, m, n);
        rand_limbs(e, el);
        if (w == 2)
            memset(e, 0, el * 4);
        if (w == 3) {
            memset(e, 0, el * 4);
            e[0] = 1;
        }
        if (w == 4)
            memset(e, 0xff, el * 4);
        fc_bn_mont_exp(&ctx, r, a, e, el, w, scratch);
        ref_powmod(want, a, e, el, m, n);
        CHECK(memcmp(r, want, n * 4) == 0, "exp n=%u w=%u kind=%d", n, w, kind);
        CHECK(tu_all_zero(scratch, FC_BN_EXP_SCRATCH(n, w) * 4), "exp wipes its scratch");
        fc_bn_mont_exp(&ctx, a, a, e, el, w, scratch); /* r = base */
        CHECK(memcmp(a, want, n * 4) == 0, "exp in place");
    }
    /* public exponent: 65537, 3, 0, 1, random */
    for (t = 0; t < 5; t++) {
        unsigned el = t == 4 ? (n < 4 ? n : 4) : 1;
        memset(e, 0, sizeof(e));
        e[0] = t == 0 ? 65537u : t == 1 ? 3u : t == 2 ? 0u : 1u;
        if (t == 4)
            rand_limbs(e, el);
        rand_below(a, m, n);
        fc_bn_mont_exp_public(&ctx, r, a, e, el, scratch);
        ref_powmod(want, a, e, el, m, n);
        CHECK(memcmp(r, want, n * 4) == 0, "public exp n=%u t=%u", n, t);
    }
    /* inverse: random a (checked when invertible), 1, 2, m - 1, and 0 (never) */
    for (t = 0; t < 8; t++) {
        uint32_t ok, one[NMAX];
        rand_below(a, m, n);
        if (t < 4) {
            memset(a, 0, n * 4);
            a[0] = t == 0 ? 0u : t;
            if (t == 3) {
                memcpy(a, m, n * 4);
                a[0] -= 1;
            }
        }
        ok = fc_bn_mod_inverse(r, a, m, n, scratch);
        CHECK(tu_all_zero(scratch, FC_BN_INV_SCRATCH(n) * 4), "inverse wipes its scratch");
        memset(one, 0, sizeof(one));
        one[0] = 1;
        if (t == 0) {
            CHECK(ok == 0, "0 has no inverse");
        } else if (t < 4) {
            CHECK(ok == 0xffffffffu, "1, 2, m - 1 are invertible n=%u", n);
        }
        if (ok) {
            ref_mulmod(want, a, r, m, n);
            CHECK(memcmp(want, one, n * 4) == 0 && ref_cmp(r, m, n) < 0, "inverse n=%u t=%u", n, t);
        }
    }
}

/* Moduli sharing a factor with the value: no inverse. */
static void check_not_invertible(void)
{
    uint32_t m[4], a[4], r[4], scratch[FC_BN_INV_SCRATCH(4)];
    /* m = 3 * (2^96 + 1) (odd), a = 3 * 5 */
    m[0] = 3;
    m[1] = 0;
    m[2] = 0;
    m[3] = 3;
    memset(a, 0, sizeof(a));
    a[0] = 15;
    CHECK(fc_bn_mod_inverse(r, a, m, 4, scratch) == 0, "gcd 3: no inverse");
    a[0] = 5;
    CHECK(fc_bn_mod_inverse(r, a, m, 4, scratch) == 0xffffffffu, "gcd 1: inverse");
    /* the Mersenne prime 2^127 - 1: every non-zero value is invertible */
    m[0] = m[1] = m[2] = 0xffffffffu;
    m[3] = 0x7fffffffu;
    rand_limbs(a, 4);
    a[3] &= 0x3fffffffu;
    CHECK(fc_bn_mod_inverse(r, a, m, 4, scratch) == 0xffffffffu, "prime modulus");
}

int main(void)
{
    unsigned n;
    int kind;
    tu_seed(0x62e3a10u);
    check_basics();
    check_not_invertible();
    for (n = 1; n <= 9; n++)
        for (kind = 0; kind < 4; kind++)
            check_modulus(n, kind);
    check_modulus(16, 0);
    check_modulus(17, 3);
    check_modulus(32, 0);
    check_modulus(33, 1);
    return tu_finish("test_bn");
}
