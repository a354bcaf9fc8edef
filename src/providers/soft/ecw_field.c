/* Montgomery arithmetic modulo an odd number of up to ECW_MAX_LIMBS 32-bit limbs, for the
 * Weierstrass curves' p and n (ecw.h).
 *
 * Constant time: every loop runs over the modulus's limb count, which is public; a carry or
 * borrow becomes an all-ones/zero mask and results are chosen with masks, never branches.
 * Products are 32 x 32 -> 64 bits (uint64_t; on ARMv6-M, which has no such instruction, four
 * 16 x 16 -> 32 MULS with carries computed by logic, not a call to libgcc's 64 x 64
 * multiplication). Exponentiation follows the bits of a public
 * exponent (m - 2 for inversion). Square roots (decompression) handle public data only and
 * may take variable time.
 */
#include "fieldcrypt/config.h"

#if FC_WITH_EC

#include <string.h>

#include "fieldcrypt/ct.h"
#include "ecw.h"
#include "mul32.h"
#include "p256_field.h"

#define ecw_mul32 fc_soft_mul32

/* All ones when bit is 1, zero when it is 0. */
static uint32_t ecw_mask(uint32_t bit)
{
    return 0u - (bit & 1u);
}

uint32_t ecw_is_zero(const uint32_t *a, unsigned limbs)
{
    uint32_t acc = 0;
    unsigned i;
    for (i = 0; i < limbs; i++)
        acc |= a[i];
    /* acc | -acc has its top bit set exactly when acc != 0 */
    return ecw_mask(((acc | (0u - acc)) >> 31) ^ 1u);
}

uint32_t ecw_equal(const uint32_t *a, const uint32_t *b, unsigned limbs)
{
    uint32_t acc = 0;
    unsigned i;
    for (i = 0; i < limbs; i++)
        acc |= a[i] ^ b[i];
    return ecw_mask(((acc | (0u - acc)) >> 31) ^ 1u);
}

/* r = a - b over limbs words; returns the borrow (0 or 1). */
static uint32_t ecw_sub_raw(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned limbs)
{
    uint32_t borrow = 0;
    unsigned i;
    for (i = 0; i < limbs; i++) {
        uint64_t d = (uint64_t)a[i] - b[i] - borrow;
        r[i] = (uint32_t)d;
        borrow = (uint32_t)(d >> 63);
    }
    return borrow;
}

uint32_t ecw_less(const uint32_t *a, const uint32_t *b, unsigned limbs)
{
    uint32_t borrow = 0;
    unsigned i;
    for (i = 0; i < limbs; i++)
        borrow = (uint32_t)(((uint64_t)a[i] - b[i] - borrow) >> 63);
    return borrow;
}

void ecw_cmov(uint32_t *r, const uint32_t *a, unsigned words, uint32_t mask)
{
    unsigned i;
    for (i = 0; i < words; i++)
        r[i] ^= mask & (r[i] ^ a[i]);
}

/* Not inlined into the dispatchers below: the any-modulus code's frames (ECW_MAX_LIMBS-word
 * temporaries) stay off the stack of the moduli with code of their own. */
#if defined(__GNUC__) || defined(__clang__)
#define ECW_NOINLINE __attribute__((noinline))
#else
#define ECW_NOINLINE
#endif

static ECW_NOINLINE void ecw_add_any(const ecw_mod *m, uint32_t *r, const uint32_t *a,
                                     const uint32_t *b)
{
    uint32_t sum[ECW_MAX_LIMBS], carry = 0, borrow;
    unsigned i, n = m->limbs;
    for (i = 0; i < n; i++) {
        uint64_t s = (uint64_t)a[i] + b[i] + carry;
        sum[i] = (uint32_t)s;
        carry = (uint32_t)(s >> 32);
    }
    /* a + b < 2m: subtract m unless the sum (with its carry) is below m */
    borrow = ecw_sub_raw(r, sum, m->m, n);
    ecw_cmov(r, sum, n, ecw_mask(borrow & (carry ^ 1u)));
}

void ecw_add(const ecw_mod *m, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    if (m->fast == ECW_FAST_P256)
        p256_add(r, a, b);
    else
        ecw_add_any(m, r, a, b);
}

void ecw_sub(const ecw_mod *m, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    uint32_t mask, carry = 0;
    unsigned i;
    if (m->fast == ECW_FAST_P256) {
        p256_sub(r, a, b);
        return;
    }
    mask = ecw_mask(ecw_sub_raw(r, a, b, m->limbs));
    for (i = 0; i < m->limbs; i++) {  /* add m back when a < b */
        uint64_t s = (uint64_t)r[i] + (m->m[i] & mask) + carry;
        r[i] = (uint32_t)s;
        carry = (uint32_t)(s >> 32);
    }
}

void ecw_neg(const ecw_mod *m, uint32_t *r, const uint32_t *a)
{
    static const uint32_t zero[ECW_MAX_LIMBS];
    ecw_sub(m, r, zero, a);
}

#if P256_FIELD_ARMV6M
/* r = t / R mod m for the 16-word product t < m R of an 8-limb modulus (REDC, word by word:
 * q = t[i] m0inv clears word i; the carry out of each round's top word waits in top for the
 * next round's). The result is below 2m: one masked subtraction. */
static void ecw_redc8(const ecw_mod *m, uint32_t *r, uint32_t *t)
{
    uint32_t top = 0, borrow;
    unsigned i, j;
    uint64_t c;
    for (i = 0; i < 8; i++) {
        uint32_t q = t[i] * m->m0inv;
        c = 0;
        for (j = 0; j < 8; j++) {
            c = ecw_mul32(q, m->m[j]) + t[i + j] + (c >> 32);
            t[i + j] = (uint32_t)c;
        }
        c = (uint64_t)t[i + 8] + (c >> 32) + top;
        t[i + 8] = (uint32_t)c;
        top = (uint32_t)(c >> 32);
    }
    borrow = ecw_sub_raw(r, t + 8, m->m, 8);
    ecw_cmov(r, t + 8, 8, ecw_mask(borrow & (top ^ 1u)));
}

static ECW_NOINLINE void ecw_mul8(const ecw_mod *m, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    uint32_t t[17];
    if (a == b)  /* the pointers are public */
        p256_square_armv6m(t, a);
    else
        p256_product_armv6m(t, a, b);
    ecw_redc8(m, r, t);
    fc_zeroize(t, sizeof(t));
}
#endif

/* Montgomery multiplication, CIOS (Koc, Acar, Kaliski 1996): t < 2m at the end, then one
 * masked subtraction. 8-limb moduli on the Cortex-M0/M0+ take the Thumb-1 product of
 * p256_field_armv6m.c (a square when a == b) and ecw_redc8 instead. */
static ECW_NOINLINE void ecw_mul_any(const ecw_mod *m, uint32_t *r, const uint32_t *a,
                                     const uint32_t *b)
{
    uint32_t t[ECW_MAX_LIMBS + 2], q, borrow;
    unsigned i, j, n = m->limbs;
    uint64_t c;

    memset(t, 0, sizeof(t));
    for (i = 0; i < n; i++) {
        uint32_t bi = b[i];
        c = 0;
        for (j = 0; j < n; j++) {
            c = ecw_mul32(a[j], bi) + t[j] + (c >> 32);
            t[j] = (uint32_t)c;
        }
        c = (uint64_t)t[n] + (c >> 32);
        t[n] = (uint32_t)c;
        t[n + 1] = (uint32_t)(c >> 32);

        q = t[0] * m->m0inv;
        c = ecw_mul32(q, m->m[0]) + t[0];
        for (j = 1; j < n; j++) {
            c = ecw_mul32(q, m->m[j]) + t[j] + (c >> 32);
            t[j - 1] = (uint32_t)c;
        }
        c = (uint64_t)t[n] + (c >> 32);
        t[n - 1] = (uint32_t)c;
        t[n] = t[n + 1] + (uint32_t)(c >> 32);
    }
    borrow = ecw_sub_raw(r, t, m->m, n);
    /* keep t when t < m: a borrow out of the low n words not covered by t[n] */
    ecw_cmov(r, t, n, ecw_mask(borrow & (t[n] ^ 1u)));
    fc_zeroize(t, sizeof(t));
}

void ecw_mul(const ecw_mod *m, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    if (m->fast == ECW_FAST_P256) {  /* a == b: a square (the pointers are public) */
        if (a == b)
            p256_mont_sqr(r, a);
        else
            p256_mont_mul(r, a, b);
        return;
    }
#if FC_WITH_EC_ALL_CURVES
    if (m->fast >= ECW_FAST_P192) {  /* the NIST and secp*k1 primes: ecw_fast.c */
        ecw_fast_mul(m, r, a, b);
        return;
    }
#endif
#if P256_FIELD_ARMV6M
    if (m->limbs == 8) {
        ecw_mul8(m, r, a, b);
        return;
    }
#endif
    ecw_mul_any(m, r, a, b);
}

void ecw_to_mont(const ecw_mod *m, uint32_t *r, const uint32_t *a)
{
    ecw_mul(m, r, a, m->rr);
}

void ecw_from_mont(const ecw_mod *m, uint32_t *r, const uint32_t *a)
{
    static const uint32_t one[ECW_MAX_LIMBS] = { 1 };
    ecw_mul(m, r, a, one);
}

void ecw_one(const ecw_mod *m, uint32_t *r)
{
    ecw_from_mont(m, r, m->rr);
}

void ecw_pow(const ecw_mod *m, uint32_t *r, const uint32_t *a, const uint32_t *e,
             unsigned e_limbs)
{
    unsigned i = 32u * e_limbs;
    ecw_one(m, r);
    while (i-- > 0) {
        ecw_mul(m, r, r, r);
        if ((e[i >> 5] >> (i & 31)) & 1u)  /* the exponent is public */
            ecw_mul(m, r, r, a);
    }
}

/* Limb i of m - 2 (m odd, m > 2): the borrow goes past limb 0 only when m[0] = 1, and on
 * through the zero limbs above it. */
static uint32_t ecw_m_minus_2(const ecw_mod *m, unsigned i)
{
    uint32_t borrow = 2;
    unsigned j;
    for (j = 0; j < i; j++)
        borrow = (m->m[j] < borrow) ? 1u : 0u;  /* the modulus is public */
    return m->m[i] - borrow;
}

void ecw_inv(const ecw_mod *m, uint32_t *r, const uint32_t *a)
{
    unsigned i = 32u * m->limbs;
    uint32_t limb = 0;
    if (m->fast == ECW_FAST_P256) {
        p256_inv(r, a);
        return;
    }
    ecw_one(m, r);
    while (i-- > 0) {
        if ((i & 31) == 31)
            limb = ecw_m_minus_2(m, i >> 5);
        ecw_mul(m, r, r, r);
        if ((limb >> (i & 31)) & 1u)  /* the exponent m - 2 is public */
            ecw_mul(m, r, r, a);
    }
}

/* x = x / 2 mod m (m odd): add m when x is odd, then shift the sum, carry included, right.
 * Variable time. */
static void ecw_half_vartime(const ecw_mod *m, uint32_t *x)
{
    unsigned i, n = m->limbs;
    uint32_t carry = 0;
    if (x[0] & 1u) {
        for (i = 0; i < n; i++) {
            uint64_t s = (uint64_t)x[i] + m->m[i] + carry;
            x[i] = (uint32_t)s;
            carry = (uint32_t)(s >> 32);
        }
    }
    for (i = 0; i + 1 < n; i++)
        x[i] = (x[i] >> 1) | (x[i + 1] << 31);
    x[n - 1] = (x[n - 1] >> 1) | (carry << 31);
}

/* u, v and x1, x2 with x1 a = u and x2 a = v (mod m), from (u, v) = (a, m): the odd one of
 * u, v is halved until odd, the smaller taken from the larger, until one is 1. The input is
 * a R (Montgomery form), so its plain inverse is a^-1 R^-1; a Montgomery multiplication by
 * R^3 mod m (to_mont of R^2) makes it a^-1 R. u, v and x2 are work areas of m's limbs (the
 * caller's, so a copy of the point code built for fewer limbs passes its own). x1 is r. The
 * algorithm runs in steps of one halving or one subtraction (ecw.h), so that a sliced job can
 * run a few at a time. Variable time: public values only. */
void ecw_inv_vartime_begin(const ecw_mod *m, uint32_t *r, const uint32_t *a, uint32_t *u,
                           uint32_t *v, uint32_t *x2)
{
    size_t bytes = m->limbs * sizeof(uint32_t);
    static const uint32_t one[ECW_MAX_LIMBS] = { 1 };
    memcpy(u, a, bytes);
    memcpy(v, m->m, bytes);
    memcpy(r, one, bytes);  /* x1 */
    memset(x2, 0, bytes);
}

int ecw_inv_vartime_step(const ecw_mod *m, uint32_t *r, uint32_t *u, uint32_t *v, uint32_t *x2)
{
    static const uint32_t one[ECW_MAX_LIMBS] = { 1 };
    unsigned n = m->limbs;
    if (ecw_is_zero(u, n))
        return 1;  /* a = 0 */
    if ((u[0] & 1u) == 0) {
        ecw_half_vartime(m, u);  /* u < m: never odd here, so a plain shift */
        ecw_half_vartime(m, r);
    } else if ((v[0] & 1u) == 0) {
        ecw_half_vartime(m, v);
        ecw_half_vartime(m, x2);
    } else if (ecw_equal(u, one, n) || ecw_equal(v, one, n)) {
        return 1;
    } else if (!ecw_less(u, v, n)) {
        ecw_sub(m, u, u, v);
        ecw_sub(m, r, r, x2);
    } else {
        ecw_sub(m, v, v, u);
        ecw_sub(m, x2, x2, r);
    }
    return 0;
}

void ecw_inv_vartime_end(const ecw_mod *m, uint32_t *r, uint32_t *u, uint32_t *v,
                         const uint32_t *x2)
{
    static const uint32_t one[ECW_MAX_LIMBS] = { 1 };
    unsigned n = m->limbs;
    if (ecw_is_zero(u, n)) {  /* a = 0 gives 0 */
        memset(r, 0, n * sizeof(uint32_t));
        return;
    }
    if (ecw_equal(v, one, n) && !ecw_equal(u, one, n))
        memcpy(r, x2, n * sizeof(uint32_t));
    ecw_to_mont(m, u, m->rr);  /* R^3 */
    ecw_mul(m, r, r, u);
}

void ecw_inv_vartime(const ecw_mod *m, uint32_t *r, const uint32_t *a, uint32_t *u,
                     uint32_t *v, uint32_t *x2)
{
    ecw_inv_vartime_begin(m, r, a, u, v, x2);
    while (!ecw_inv_vartime_step(m, r, u, v, x2))
        ;
    ecw_inv_vartime_end(m, r, u, v, x2);
}

/* Square root for p = 3 mod 4: a^((p + 1) / 4); otherwise Tonelli-Shanks. The result is
 * checked by squaring. Variable time (public data only). */
int ecw_sqrt(const ecw_mod *m, uint32_t *r, const uint32_t *a)
{
    ecw_fe e, z, c, t, x, b;
    unsigned n = m->limbs, i, s = 0, k, j;

    if ((m->m[0] & 3u) == 3u) {
        /* (p + 1) / 4 = (p >> 2) + 1 */
        for (i = 0; i < n; i++)
            e[i] = (m->m[i] >> 2) | (i + 1 < n ? m->m[i + 1] << 30 : 0);
        for (i = 0; i < n && ++e[i] == 0; i++)
            ;
        ecw_pow(m, x, a, e, n);
    } else {
        /* p - 1 = q 2^s, q odd: e = q */
        memcpy(e, m->m, n * sizeof(uint32_t));
        e[0] &= ~1u;
        while ((e[0] & 1u) == 0) {
            for (i = 0; i < n; i++)
                e[i] = (e[i] >> 1) | (i + 1 < n ? e[i + 1] << 31 : 0);
            s++;
        }
        /* a non-square z: the least small integer whose Legendre symbol is -1 */
        memset(b, 0, sizeof(b));
        for (k = 2;; k++) {
            ecw_fe h, one, minus_one;
            b[0] = k;
            ecw_to_mont(m, z, b);
            /* (p - 1) / 2 = q 2^(s - 1): z^q squared s - 1 times */
            ecw_pow(m, h, z, e, n);
            for (j = 1; j < s; j++)
                ecw_mul(m, h, h, h);
            ecw_one(m, one);
            ecw_neg(m, minus_one, one);
            if (ecw_equal(h, minus_one, n))
                break;
        }
        ecw_pow(m, c, z, e, n);          /* c = z^q */
        ecw_pow(m, t, a, e, n);          /* t = a^q */
        /* x = a^((q + 1) / 2) = a^q' with q' = (q >> 1) + 1 */
        for (i = 0; i < n; i++)
            b[i] = (e[i] >> 1) | (i + 1 < n ? e[i + 1] << 31 : 0);
        for (i = 0; i < n && ++b[i] == 0; i++)
            ;
        ecw_pow(m, x, a, b, n);
        ecw_one(m, b);
        k = s;
        /* invariant: x^2 = a t, t^(2^(k - 1)) = 1 when a is a square, c of order 2^k */
        while (!ecw_equal(t, b, n) && !ecw_is_zero(t, n)) {
            ecw_fe t2;
            memcpy(t2, t, sizeof(t2));
            for (j = 0; j < k && !ecw_equal(t2, b, n); j++)  /* least j: t^(2^j) = 1 */
                ecw_mul(m, t2, t2, t2);
            if (j == k)
                return 0;                  /* a is not a square */
            for (i = j + 1; i < k; i++)    /* c = c^(2^(k - j - 1)) */
                ecw_mul(m, c, c, c);
            k = j;
            ecw_mul(m, x, x, c);
            ecw_mul(m, c, c, c);
            ecw_mul(m, t, t, c);
        }
    }
    ecw_mul(m, t, x, x);
    if (!ecw_equal(t, a, n))
        return 0;
    memcpy(r, x, n * sizeof(uint32_t));
    return 1;
}

void ecw_from_bytes(uint32_t *r, unsigned limbs, const uint8_t *in, size_t len)
{
    size_t i;
    memset(r, 0, limbs * sizeof(uint32_t));
    for (i = 0; i < len; i++)
        r[i >> 2] |= (uint32_t)in[len - 1 - i] << (8 * (i & 3));
}

void ecw_to_bytes(uint8_t *out, size_t len, const uint32_t *a)
{
    size_t i;
    for (i = 0; i < len; i++)
        out[len - 1 - i] = (uint8_t)(a[i >> 2] >> (8 * (i & 3)));
}

#endif
