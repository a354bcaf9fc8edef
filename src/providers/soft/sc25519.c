/* Arithmetic modulo L, the order of the Ed25519 base point (sc25519.h).
 *
 * Reduction is Barrett's (HAC 14.42) with base b = 2^16 and k = 16 limbs (L < 2^256): for
 * x < b^32, q = floor(floor(x / b^15) * mu / b^17) with mu = floor(b^32 / L) is at most two
 * below floor(x / L), so r = x - q L mod b^17 is below 3L and two masked subtractions of L
 * finish it. Products are formed row by row: a 16x16-bit product plus a limb plus a carry
 * fits 32 bits exactly ((2^16 - 1)^2 + 2 (2^16 - 1) = 2^32 - 1).
 *
 * Constant time: the loops run a fixed count and the final subtractions select with a mask
 * built from the borrow. Temporaries are wiped: they hold the signing nonce and key.
 */
#include "fieldcrypt/config.h"
#include "soft.h"

#if FC_SOFT_ED25519

#include <stdint.h>

#include "fieldcrypt/ct.h"
#include "sc25519.h"

#define SC_N 16 /* limbs of a scalar */

/* L and mu = floor(2^512 / L), 16-bit limbs, least significant first (17 limbs each; L's
 * 17th is zero) */
static const uint16_t sc_L[SC_N + 1] = {
    0xd3ed, 0x5cf5, 0x631a, 0x5812, 0x9cd6, 0xa2f7, 0xf9de, 0x14de,
    0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x1000, 0x0000};
static const uint16_t sc_mu[SC_N + 1] = {
    0x131b, 0x0a2c, 0xe5a3, 0xed9c, 0x29a7, 0x0863, 0x215d, 0x2106,
    0xffeb, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0x000f};

static void sc_load(uint16_t *r, const uint8_t *in, unsigned limbs)
{
    unsigned i;
    for (i = 0; i < limbs; i++)
        r[i] = (uint16_t)(in[2 * i] | (in[2 * i + 1] << 8));
}

/* r[0 .. na + nb) = a * b */
static void sc_mul(uint16_t *r, const uint16_t *a, unsigned na, const uint16_t *b, unsigned nb)
{
    unsigned i, j;
    uint32_t t;
    for (i = 0; i < na + nb; i++)
        r[i] = 0;
    for (i = 0; i < na; i++) {
        uint32_t carry = 0;
        for (j = 0; j < nb; j++) {
            t = (uint32_t)a[i] * b[j] + r[i + j] + carry;
            r[i + j] = (uint16_t)t;
            carry = t >> 16;
        }
        r[i + nb] = (uint16_t)carry;
    }
}

/* r = r - L if r >= L, on 17 limbs; the choice is a mask, not a branch */
static void sc_sub_l_masked(uint16_t r[SC_N + 1])
{
    uint16_t d[SC_N + 1];
    uint32_t borrow = 0, t, keep;
    unsigned i;
    for (i = 0; i < SC_N + 1; i++) {
        t = (uint32_t)r[i] - sc_L[i] - borrow;
        d[i] = (uint16_t)t;
        borrow = (t >> 16) & 1u;
    }
    keep = 0u - borrow; /* all ones: r < L, keep r */
    for (i = 0; i < SC_N + 1; i++)
        r[i] = (uint16_t)((r[i] & keep) | (d[i] & ~keep));
    fc_zeroize(d, sizeof(d));
}

/* out = x mod L for x < 2^512 (32 limbs) */
static void sc_barrett(uint8_t out[32], const uint16_t x[2 * SC_N])
{
    struct {
        uint16_t q2[2 * (SC_N + 1)]; /* floor(x / b^15) * mu */
        uint16_t r[SC_N + 1];
        uint16_t ql[SC_N + 1];       /* q L mod b^17 */
    } s;
    const uint16_t *q = s.q2 + SC_N + 1; /* q = floor(q2 / b^17), 17 limbs */
    uint32_t t, carry, borrow;
    unsigned i, j;

    sc_mul(s.q2, x + SC_N - 1, SC_N + 1, sc_mu, SC_N + 1);

    /* q L, only its 17 low limbs */
    for (i = 0; i < SC_N + 1; i++)
        s.ql[i] = 0;
    for (i = 0; i < SC_N + 1; i++) {
        carry = 0;
        for (j = 0; i + j < SC_N + 1; j++) {
            t = (uint32_t)q[i] * sc_L[j] + s.ql[i + j] + carry;
            s.ql[i + j] = (uint16_t)t;
            carry = t >> 16;
        }
    }

    /* r = x - q L mod b^17: the true difference is below 3L < b^17 */
    borrow = 0;
    for (i = 0; i < SC_N + 1; i++) {
        t = (uint32_t)x[i] - s.ql[i] - borrow;
        s.r[i] = (uint16_t)t;
        borrow = (t >> 16) & 1u;
    }
    sc_sub_l_masked(s.r);
    sc_sub_l_masked(s.r);

    for (i = 0; i < SC_N; i++) {
        out[2 * i] = (uint8_t)s.r[i];
        out[2 * i + 1] = (uint8_t)(s.r[i] >> 8);
    }
    fc_zeroize(&s, sizeof(s));
}

void fc_sc25519_reduce64(uint8_t out[32], const uint8_t in[64])
{
    uint16_t x[2 * SC_N];
    sc_load(x, in, 2 * SC_N);
    sc_barrett(out, x);
    fc_zeroize(x, sizeof(x));
}

void fc_sc25519_muladd_wide(uint16_t x[32], const uint8_t a[32], const uint8_t b[32],
                            const uint8_t c[32])
{
    struct {
        uint16_t a[SC_N], b[SC_N], c[SC_N];
    } s;
    uint32_t t, carry = 0;
    unsigned i;

    sc_load(s.a, a, SC_N);
    sc_load(s.b, b, SC_N);
    sc_load(s.c, c, SC_N);
    sc_mul(x, s.a, SC_N, s.b, SC_N);
    /* a b < 2^253 2^256 and c < 2^256: no carry leaves the top limb */
    for (i = 0; i < 2 * SC_N; i++) {
        t = (uint32_t)x[i] + (i < SC_N ? s.c[i] : 0u) + carry;
        x[i] = (uint16_t)t;
        carry = t >> 16;
    }
    fc_zeroize(&s, sizeof(s));
}

void fc_sc25519_reduce_wide(uint8_t out[32], const uint16_t x[32])
{
    sc_barrett(out, x);
}

void fc_sc25519_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
                       const uint8_t c[32])
{
    uint16_t x[2 * SC_N];
    fc_sc25519_muladd_wide(x, a, b, c);
    sc_barrett(out, x);
    fc_zeroize(x, sizeof(x));
}

int fc_sc25519_is_canonical(const uint8_t s[32])
{
    uint16_t v[SC_N];
    unsigned i;
    sc_load(v, s, SC_N);
    for (i = SC_N; i-- > 0;) {
        if (v[i] != sc_L[i])
            return v[i] < sc_L[i];
    }
    return 0; /* s == L */
}

#endif /* FC_SOFT_ED25519 */
