/* Constant-time multi-precision arithmetic for RSA (bn.h).
 *
 * Constant time: every loop runs over limb counts, a window width or a public exponent's
 * bits, all given by the caller and public. A carry, borrow or comparison becomes an
 * all-ones/zero mask and results are chosen with masks, never with branches or indices:
 * - the Montgomery product (CIOS, Koc, Acar, Kaliski 1996) always ends with the same
 *   subtraction, kept or dropped by a mask;
 * - the secret-exponent power reads the exponent's bits at public positions (a fixed window
 *   from the top) and reads the whole table for every window, keeping the wanted entry by
 *   masks; it multiplies even when the window is zero (by the table's 1);
 * - the modular inverse is a binary extended Euclid run for a fixed 64 n iterations (enough
 *   for any inputs: each iteration takes at least one bit off len(a) + len(b) <= 64 n until
 *   a = 0), each iteration doing the same masked swap, subtraction and halving whatever the
 *   bits, in three passes over the words. It serves any odd modulus, secret ones included
 *   (RSA inverts its blinding factor modulo p and q), and needs no exponent: a Fermat
 *   inversion modulo a 1024-bit prime would be a full 1024-bit power, several times the
 *   cost on the M4 model.
 * - R^2 mod m (R = 2^(32 n)) starts from 2^(32 (n - 1)), which is below m because
 *   m[n - 1] != 0 and m is odd, doubles it modulo m 32 + t times by masked subtraction,
 *   where 32 n = t 2^j with t odd, giving 2^t R mod m, the Montgomery form of 2^t; j
 *   Montgomery squarings then give the form of 2^(t 2^j) = R, which is R^2 mod m. For a
 *   1024-bit prime that is 33 doublings and 10 squarings instead of 1024 or 2048 doublings.
 * Products are 32 x 32 -> 64 bits: UMAAL on ARMv7E-M (the Cortex-M4: one cycle whatever the
 * operands), uint64_t in C elsewhere; on ARMv6-M, which has no such instruction, four
 * 16 x 16 -> 32 MULS with the carries computed by logic (no call to libgcc's 64 x 64
 * multiplication, whose time is not promised). (The Cortex-M3's UMULL/UMLAL finish early on
 * small operands: not constant time there.)
 * The scratch the caller lends is wiped by the functions that put secrets in it (the power,
 * the reduction, the inverse); a single product leaves its scratch to the caller, who wipes
 * once at the end of the operation.
 */
#include <string.h>

#include "fieldcrypt/ct.h"
#include "bn.h"
#include "mul32.h"

#define bn_mul32 fc_soft_mul32

/* All ones when bit is 1, zero when it is 0. */
static uint32_t bn_mask(uint32_t bit)
{
    return 0u - (bit & 1u);
}

/* All ones when x == 0, else zero. */
static uint32_t bn_zero_mask(uint32_t x)
{
    return bn_mask(((x | (0u - x)) >> 31) ^ 1u);
}

uint32_t fc_bn_is_zero(const uint32_t *a, unsigned n)
{
    uint32_t acc = 0;
    unsigned i;
    for (i = 0; i < n; i++)
        acc |= a[i];
    return bn_zero_mask(acc);
}

uint32_t fc_bn_equal(const uint32_t *a, const uint32_t *b, unsigned n)
{
    uint32_t acc = 0;
    unsigned i;
    for (i = 0; i < n; i++)
        acc |= a[i] ^ b[i];
    return bn_zero_mask(acc);
}

uint32_t fc_bn_less(const uint32_t *a, const uint32_t *b, unsigned n)
{
    uint32_t borrow = 0;
    unsigned i;
    for (i = 0; i < n; i++)
        borrow = (uint32_t)(((uint64_t)a[i] - b[i] - borrow) >> 63);
    return bn_mask(borrow);
}

void fc_bn_cmov(uint32_t *r, const uint32_t *a, unsigned n, uint32_t mask)
{
    unsigned i;
    for (i = 0; i < n; i++)
        r[i] ^= mask & (r[i] ^ a[i]);
}

uint32_t fc_bn_add(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n)
{
    uint64_t c = 0;
    unsigned i;
    for (i = 0; i < n; i++) {
        c = (uint64_t)a[i] + b[i] + (c >> 32);
        r[i] = (uint32_t)c;
    }
    return (uint32_t)(c >> 32);
}

uint32_t fc_bn_sub(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n)
{
    uint32_t borrow = 0;
    unsigned i;
    for (i = 0; i < n; i++) {
        uint64_t d = (uint64_t)a[i] - b[i] - borrow;
        r[i] = (uint32_t)d;
        borrow = (uint32_t)(d >> 63);
    }
    return borrow;
}

void fc_bn_mul(uint32_t *r, const uint32_t *a, unsigned an, const uint32_t *b, unsigned bn)
{
    unsigned i, j;
    memset(r, 0, (an + bn) * sizeof(uint32_t));
    for (i = 0; i < bn; i++) {
        uint64_t c = 0;
        for (j = 0; j < an; j++) {
            c = bn_mul32(a[j], b[i]) + r[i + j] + (c >> 32);
            r[i + j] = (uint32_t)c;
        }
        r[i + an] = (uint32_t)(c >> 32);
    }
}

int fc_bn_from_bytes(uint32_t *r, unsigned n, const uint8_t *in, size_t len)
{
    uint32_t over = 0;
    size_t k;
    memset(r, 0, n * sizeof(uint32_t));
    for (k = 0; k < len; k++) { /* k: the byte's place from the least significant end */
        uint32_t byte = in[len - 1 - k];
        if (k < (size_t)n * 4u)
            r[k / 4] |= byte << (8 * (k % 4));
        else
            over |= byte;
    }
    return -(int)(~bn_zero_mask(over) & 1u);
}

void fc_bn_to_bytes(uint8_t *out, size_t len, const uint32_t *a, unsigned n)
{
    size_t k;
    for (k = 0; k < len; k++)
        out[len - 1 - k] = k < (size_t)n * 4u ? (uint8_t)(a[k / 4] >> (8 * (k % 4))) : 0;
}

/* r = a + b mod m for a, b < m. r may alias a or b; tmp: n limbs. */
static void bn_add_mod(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *a, const uint32_t *b,
                       uint32_t *tmp)
{
    uint32_t carry = fc_bn_add(r, a, b, ctx->n);
    uint32_t borrow = fc_bn_sub(tmp, r, ctx->m, ctx->n);
    fc_bn_cmov(r, tmp, ctx->n, ~bn_mask(borrow & (carry ^ 1u)));
}

void fc_bn_mont_setup(fc_bn_mont *ctx, const uint32_t *m, unsigned n, uint32_t *rr,
                      unsigned *doublings, unsigned *squarings)
{
    uint32_t x = m[0];
    unsigned i, t = n, j = 5;
    /* Newton's iteration x = x (2 - m x) doubles the correct low bits: m is its own inverse
     * modulo 8 (3 bits), four rounds make 48 >= 32. */
    for (i = 0; i < 4; i++)
        x *= 2u - m[0] * x;
    ctx->m = m;
    ctx->rr = rr;
    ctx->m0inv = 0u - x;
    ctx->n = n;

    while ((t & 1u) == 0) { /* 32 n = t 2^j, t odd (n is public) */
        t >>= 1;
        j++;
    }
    memset(rr, 0, n * sizeof(uint32_t));
    rr[n - 1] = 1; /* 2^(32 (n - 1)) < m */
    *doublings = 32 + t;
    *squarings = j;
}

void fc_bn_mont_double(const fc_bn_mont *ctx, uint32_t *x, uint32_t *tmp)
{
    uint32_t carry, borrow;
    carry = fc_bn_add(x, x, x, ctx->n);
    borrow = fc_bn_sub(tmp, x, ctx->m, ctx->n);
    /* 2x < 2m: take 2x - m unless 2x (with its carry) is below m */
    fc_bn_cmov(x, tmp, ctx->n, ~bn_mask(borrow & (carry ^ 1u)));
}

void fc_bn_mont_init(fc_bn_mont *ctx, const uint32_t *m, unsigned n, uint32_t *rr,
                     uint32_t *scratch)
{
    unsigned i, doublings, squarings;
    fc_bn_mont_setup(ctx, m, n, rr, &doublings, &squarings);
    for (i = 0; i < doublings; i++)
        fc_bn_mont_double(ctx, rr, scratch);
    for (i = 0; i < squarings; i++)
        fc_bn_mont_sqr(ctx, rr, rr, scratch);
}

/* t = (t + q m) / 2^32 with q = -t m^-1 mod 2^32, which makes the division exact. Keeps the
 * invariant t[n + 1] == 0 between rows. */
static void bn_redc_row(const fc_bn_mont *ctx, uint32_t *t)
{
    const uint32_t *m = ctx->m;
    unsigned j, n = ctx->n;
    uint32_t q = t[0] * ctx->m0inv;
    uint64_t c = bn_mul32(q, m[0]) + t[0];
    for (j = 1; j < n; j++) {
        c = bn_mul32(q, m[j]) + t[j] + (c >> 32);
        t[j - 1] = (uint32_t)c;
    }
    c = (uint64_t)t[n] + (c >> 32);
    t[n - 1] = (uint32_t)c;
    t[n] = t[n + 1] + (uint32_t)(c >> 32);
    t[n + 1] = 0;
}

#if defined(__ARM_FEATURE_DSP) && (defined(__GNUC__) || defined(__clang__))
/* hi:lo = a b + lo + hi (UMAAL, ARMv7E-M: one cycle on the Cortex-M4 whatever the values;
 * it cannot overflow). */
#define BN_MULADD2(lo, hi, a, b) __asm__("umaal %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(a), "r"(b))
#else
#define BN_MULADD2(lo, hi, a, b)                                        \
    do {                                                                \
        uint64_t bn_s = bn_mul32((a), (b)) + (lo) + (hi);               \
        (lo) = (uint32_t)bn_s;                                          \
        (hi) = (uint32_t)(bn_s >> 32);                                  \
    } while (0)
#endif

/* One CIOS row, the product and the reduction in one pass over the words: t = (t + a bi +
 * q m) / 2^32 with q chosen from t[0] + a[0] bi so that the division is exact. t < 2m
 * before and after, so t[n] is 0 or 1 and t[n + 1] stays 0. */
void fc_bn_mont_row(const fc_bn_mont *ctx, uint32_t *t, const uint32_t *a, uint32_t bi)
{
    const uint32_t *m = ctx->m;
    unsigned j, n = ctx->n;
    uint32_t lo = t[0], c1 = 0, c2 = 0, q;
    uint64_t top64;
    BN_MULADD2(lo, c1, a[0], bi);
    q = lo * ctx->m0inv;
    BN_MULADD2(lo, c2, q, m[0]); /* lo is now 0 */
    for (j = 1; j < n; j++) {
        lo = t[j];
        BN_MULADD2(lo, c1, a[j], bi);
        BN_MULADD2(lo, c2, q, m[j]);
        t[j - 1] = lo;
    }
    top64 = (uint64_t)t[n] + c1 + c2; /* the top two words */
    t[n - 1] = (uint32_t)top64;
    t[n] = (uint32_t)(top64 >> 32);
}

void fc_bn_mont_final(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *t)
{
    /* t < 2m: subtract m unless t (with its top word) is below m */
    uint32_t borrow = fc_bn_sub(r, t, ctx->m, ctx->n);
    fc_bn_cmov(r, t, ctx->n, bn_mask(borrow & (t[ctx->n] ^ 1u)));
}

void fc_bn_mont_mul(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *a, const uint32_t *b,
                    uint32_t *scratch)
{
    unsigned i;
    memset(scratch, 0, (ctx->n + 2u) * sizeof(uint32_t));
    for (i = 0; i < ctx->n; i++)
        fc_bn_mont_row(ctx, scratch, a, b[i]);
    fc_bn_mont_final(ctx, r, scratch);
}

#if defined(__ARM_FEATURE_DSP) && (defined(__GNUC__) || defined(__clang__))
/* With UMAAL the one-pass product is the faster square: its two products per word share the
 * loads and stores that the square's separate passes repeat (M4 model: 9% slower RSA-2048
 * private operation with the square below, which saves 7% on the M0+). */
void fc_bn_mont_sqr(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *a, uint32_t *scratch)
{
    fc_bn_mont_mul(ctx, r, a, a, scratch);
}
#else
void fc_bn_mont_sqr(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *a, uint32_t *scratch)
{
    const uint32_t *m = ctx->m;
    unsigned i, j, n = ctx->n;
    uint32_t *t = scratch, lo, c, top;
    uint64_t s;

    /* a^2 into 2n words: the products a[i] a[j] for i < j once, doubled, then the squares
     * a[i]^2 (n (n + 1) / 2 word products instead of n^2) */
    memset(t, 0, (2u * n + 1u) * sizeof(uint32_t));
    for (i = 0; i + 1 < n; i++) {
        c = 0;
        for (j = i + 1; j < n; j++) {
            lo = t[i + j];
            BN_MULADD2(lo, c, a[i], a[j]);
            t[i + j] = lo;
        }
        t[i + n] = c;
    }
    for (i = 2u * n - 1u; i > 0; i--) /* the cross products sum to less than a^2 / 2 */
        t[i] = (t[i] << 1) | (t[i - 1] >> 31);
    t[0] <<= 1;
    c = 0;
    for (i = 0; i < n; i++) {
        lo = t[2 * i];
        BN_MULADD2(lo, c, a[i], a[i]);
        t[2 * i] = lo;
        s = (uint64_t)t[2 * i + 1] + c;
        t[2 * i + 1] = (uint32_t)s;
        c = (uint32_t)(s >> 32);
    }
    /* REDC: word i cleared by q = t[i] m0inv; the carry out of each round's top word waits
     * in top for the next round's. a^2 < m R leaves t[n..2n] < 2m. */
    top = 0;
    for (i = 0; i < n; i++) {
        uint32_t q = t[i] * ctx->m0inv;
        c = 0;
        for (j = 0; j < n; j++) {
            lo = t[i + j];
            BN_MULADD2(lo, c, q, m[j]);
            t[i + j] = lo;
        }
        s = (uint64_t)t[i + n] + c + top;
        t[i + n] = (uint32_t)s;
        top = (uint32_t)(s >> 32);
    }
    t[2 * n] = top;
    fc_bn_mont_final(ctx, r, t + n);
}
#endif

void fc_bn_to_mont(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *a, uint32_t *scratch)
{
    fc_bn_mont_mul(ctx, r, a, ctx->rr, scratch);
}

void fc_bn_from_mont(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *a, uint32_t *scratch)
{
    unsigned i, n = ctx->n;
    memcpy(scratch, a, n * sizeof(uint32_t));
    scratch[n] = scratch[n + 1] = 0;
    for (i = 0; i < n; i++) /* a product by 1: only the reductions */
        bn_redc_row(ctx, scratch);
    fc_bn_mont_final(ctx, r, scratch);
}

/* w bits of exp from bit pos (public positions; bits past the end read as zero). */
static uint32_t bn_window(const uint32_t *exp, unsigned exp_limbs, unsigned pos, unsigned w)
{
    unsigned limb = pos / 32, off = pos % 32;
    uint32_t v = exp[limb] >> off;
    if (off + w > 32 && limb + 1 < exp_limbs)
        v |= exp[limb + 1] << (32 - off);
    return v & ((1u << w) - 1u);
}

/* out = table[index] for a secret index: every entry is read, the wanted one kept by mask. */
static void bn_lookup(uint32_t *out, const uint32_t *table, unsigned entries, unsigned n,
                      uint32_t index)
{
    unsigned k, j;
    memset(out, 0, n * sizeof(uint32_t));
    for (k = 0; k < entries; k++) {
        uint32_t mask = bn_zero_mask(k ^ index);
        const uint32_t *e = table + (size_t)k * n;
        for (j = 0; j < n; j++)
            out[j] |= e[j] & mask;
    }
}

void fc_bn_mont_exp(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *base,
                    const uint32_t *exp, unsigned exp_limbs, unsigned window, uint32_t *scratch)
{
    unsigned n = ctx->n, entries = 1u << window, bits = 32u * exp_limbs, k, i;
    uint32_t *table = scratch;
    uint32_t *acc = table + (size_t)entries * n;
    uint32_t *entry = acc + n;
    uint32_t *t = entry + n;
    unsigned windows = (bits + window - 1) / window;

    /* table[k] = base^k in Montgomery form; table[0] = R mod m */
    memset(table, 0, n * sizeof(uint32_t));
    table[0] = 1;
    fc_bn_to_mont(ctx, table, table, t);
    fc_bn_to_mont(ctx, table + n, base, t);
    for (k = 2; k < entries; k++)
        fc_bn_mont_mul(ctx, table + (size_t)k * n, table + (size_t)(k - 1) * n, table + n, t);

    /* windows from the top; the first may be short (bits past the exponent read as 0) */
    bn_lookup(acc, table, entries, n, bn_window(exp, exp_limbs, (windows - 1) * window, window));
    for (k = windows - 1; k-- > 0;) {
        for (i = 0; i < window; i++)
            fc_bn_mont_sqr(ctx, acc, acc, t);
        bn_lookup(entry, table, entries, n, bn_window(exp, exp_limbs, k * window, window));
        fc_bn_mont_mul(ctx, acc, acc, entry, t);
    }
    fc_bn_from_mont(ctx, r, acc, t);
    fc_zeroize(scratch, FC_BN_EXP_SCRATCH(n, window) * sizeof(uint32_t));
}

void fc_bn_mont_exp_public(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *base,
                           const uint32_t *exp, unsigned exp_limbs, uint32_t *scratch)
{
    unsigned n = ctx->n, top = 32u * exp_limbs, i;
    uint32_t *b = scratch, *t = scratch + n;

    while (top > 0 && ((exp[(top - 1) / 32] >> ((top - 1) % 32)) & 1u) == 0)
        top--; /* the exponent is public: its length may steer the flow */
    fc_bn_to_mont(ctx, b, base, t);
    if (top == 0) { /* base^0 = 1 */
        memset(b, 0, n * sizeof(uint32_t));
        b[0] = 1;
        fc_bn_to_mont(ctx, r, b, t);
    } else {
        memcpy(r, b, n * sizeof(uint32_t));
        for (i = top - 1; i-- > 0;) {
            fc_bn_mont_sqr(ctx, r, r, t);
            if ((exp[i / 32] >> (i % 32)) & 1u)
                fc_bn_mont_mul(ctx, r, r, b, t);
        }
    }
    fc_bn_from_mont(ctx, r, r, t);
    fc_zeroize(scratch, FC_BN_EXP_PUBLIC_SCRATCH(n) * sizeof(uint32_t));
}

void fc_bn_mod(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *a, unsigned a_limbs,
               uint32_t *scratch)
{
    unsigned n = ctx->n, lo = a_limbs < n ? a_limbs : n;
    uint32_t *hi_part = scratch, *lo_part = scratch + n, *t = scratch + 2 * n;

    /* a = hi R + lo with hi, lo < R. The Montgomery form of a is hi R^2 + lo R mod m: two
     * products by R^2 for hi, one for lo (a Montgomery product accepts a factor up to R when
     * the other is below m); the sum leaves Montgomery form as a mod m. */
    memset(hi_part, 0, 2u * n * sizeof(uint32_t));
    memcpy(lo_part, a, lo * sizeof(uint32_t));
    memcpy(hi_part, a + lo, (a_limbs - lo) * sizeof(uint32_t));
    fc_bn_to_mont(ctx, hi_part, hi_part, t);
    fc_bn_to_mont(ctx, hi_part, hi_part, t);
    fc_bn_to_mont(ctx, lo_part, lo_part, t);
    bn_add_mod(ctx, lo_part, lo_part, hi_part, t);
    fc_bn_from_mont(ctx, r, lo_part, t);
    fc_zeroize(scratch, FC_BN_MOD_SCRATCH(n) * sizeof(uint32_t));
}

/* The inverse's invariants: x ≡ u a, y ≡ v a (mod m), y odd, 0 <= u, v < m. Each round, when
 * x is odd, makes x >= y by a swap and takes y off (and v off u); then halves x, and u modulo
 * m. x reaches 0 and y the gcd. A round is three passes over the words: the comparison, the
 * swap with the subtractions and x's halving, then u's corrections and halving. */
void fc_bn_inv_begin(uint32_t *v, const uint32_t *a, const uint32_t *m, unsigned n,
                     uint32_t *scratch)
{
    uint32_t *x = scratch, *y = scratch + n, *u = scratch + 2 * n;
    memcpy(x, a, n * sizeof(uint32_t));
    memcpy(y, m, n * sizeof(uint32_t));
    memset(u, 0, n * sizeof(uint32_t));
    u[0] = 1;
    memset(v, 0, n * sizeof(uint32_t));
}

void fc_bn_inv_rounds(uint32_t *v, const uint32_t *m, unsigned n, uint32_t *scratch,
                      unsigned rounds)
{
    uint32_t *x = scratch, *y = scratch + n, *u = scratch + 2 * n;
    unsigned i, j;
    for (i = 0; i < rounds; i++) {
        uint32_t odd = bn_mask(x[0]);
        uint32_t swap = odd & fc_bn_less(x, y, n);
        uint32_t bx = 0, bu = 0, prev = 0, add1, add2;
        uint64_t c;
        for (j = 0; j < n; j++) {
            uint32_t dx = swap & (x[j] ^ y[j]), du = swap & (u[j] ^ v[j]);
            uint32_t xj = x[j] ^ dx, yj = y[j] ^ dx, uj = u[j] ^ du, vj = v[j] ^ du;
            uint64_t d;
            y[j] = yj;
            v[j] = vj;
            d = (uint64_t)xj - (yj & odd) - bx; /* x - y when x was odd: even, >= 0 */
            bx = (uint32_t)(d >> 63);
            if (j > 0)
                x[j - 1] = (prev >> 1) | ((uint32_t)d << 31);
            prev = (uint32_t)d;
            d = (uint64_t)uj - (vj & odd) - bu;
            bu = (uint32_t)(d >> 63);
            u[j] = (uint32_t)d;
        }
        x[n - 1] = prev >> 1;
        /* u + m when the subtraction borrowed, + m again when that is odd (m is odd, so adding
         * it flips the parity), then halved: (u + k m) / 2 < m for k = 0, 1, 2 */
        add1 = bn_mask(bu);
        add2 = bn_mask(u[0] ^ (add1 & 1u));
        c = 0;
        prev = 0;
        for (j = 0; j < n; j++) {
            uint32_t w;
            c += (uint64_t)u[j] + (m[j] & add1) + (m[j] & add2);
            w = (uint32_t)c;
            c >>= 32;
            if (j > 0)
                u[j - 1] = (prev >> 1) | (w << 31);
            prev = w;
        }
        /* a borrowed u - v wrapped by 2^(32 n): adding m carries that back out */
        u[n - 1] = (prev >> 1) | (((uint32_t)c - bu) << 31);
    }
}

uint32_t fc_bn_inv_end(unsigned n, uint32_t *scratch)
{
    uint32_t *y = scratch + n, ok;
    /* y = gcd(a, m): invertible when it is 1 */
    y[0] ^= 1u;
    ok = fc_bn_is_zero(y, n);
    fc_zeroize(scratch, FC_BN_INV_SCRATCH(n) * sizeof(uint32_t));
    return ok;
}

uint32_t fc_bn_mod_inverse(uint32_t *r, const uint32_t *a, const uint32_t *m, unsigned n,
                           uint32_t *scratch)
{
    fc_bn_inv_begin(r, a, m, n, scratch);
    fc_bn_inv_rounds(r, m, n, scratch, FC_BN_INV_ROUNDS(n));
    return fc_bn_inv_end(n, scratch);
}
