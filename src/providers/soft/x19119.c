/* X19119 for the soft provider: RFC 7748's X25519 transposed to Curve19119 (Haase and
 * Labrique, CHES 2017: p = 2^191 - 19, v^2 = u^3 + 529418 u^2 + u, base point u = 11).
 *
 * 24-byte little-endian scalars and u-coordinates. The scalar is clamped in a local copy (bits
 * 0..2 and >= 191 cleared, bit 190 set: a multiple of the cofactor 8 of fixed length); u has
 * bit 191 masked and may be >= p. The ladder runs all 191 steps for every scalar and the only
 * scalar-dependent operation is a masked swap. The core (src/core/xdh.c) checks the all-zero
 * result, so the table functions always return FC_OK.
 */
#include "fieldcrypt/config.h"

#if FC_WITH_X19119

#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "fe16.h"
#include "fe19119.h"
#include "soft.h"
#include "job.h"
#include "x19119_internal.h"

/* The Cortex-M0/M0+ and M4 ladder step in one function (fe16_armv6m.c, fe16_armv7m.c), with
 * the same operations. */
#if FC_FE16_LADDER_STEP
#define X19119_LADDER_STEP 1
#else
#define X19119_LADDER_STEP 0
#endif

/* (A - 2) / 4 for A = 529418 */
#define X19119_A24 132354u
#define X19119_BASE 11u

/* Everything secret in the ladder, in one place for one fc_zeroize. */
typedef struct x19119_state {
    fc_fe19119 x1, x2, z2, x3, z3;     /* RFC 7748 names */
    fc_fe19119 t0, t1;
    uint32_t swap;                     /* a uint32_t: puts the elements on 4-byte boundaries,
                                        * where the Cortex-M0 cswap moves words */
    uint8_t k[24];                     /* the scalar, clamped unless raw */
} x19119_state;

/* out = k * u. clamp != 0: X19119's clamping of a copy of the scalar, then 191 ladder steps;
 * clamp == 0 (the raw test entry): all 192 bits as given. Returns 1 when the ladder ends with
 * z2 = 0 (the neutral element), 0 otherwise, without a branch. u_small != 0 promises that u
 * is that small integer (the base point 11), so x1 * (DA - CB)^2 becomes a cheap mul_small.
 * clamp and u_small are public: branching on them leaks nothing. */
static uint32_t x19119_ladder(uint8_t out[24], const uint8_t scalar[24], const uint8_t u[24],
                              uint32_t u_small, int clamp)
{
    x19119_state s;
    uint32_t neutral;
    unsigned bits = 192;
#if !X19119_LADDER_STEP
    uint32_t bit;
    unsigned t;
#endif

    memcpy(s.k, scalar, 24);
    s.swap = 0;
    if (clamp) {
        /* bits 0..2 and >= 191 cleared, bit 190 set: a multiple of 8 with a fixed top bit */
        s.k[0] &= 248;
        s.k[23] &= 127;
        s.k[23] |= 64;
        bits = 191;
    }
    fc_fe19119_frombytes(&s.x1, u);
    fc_fe19119_set_u32(&s.x2, 1);
    fc_fe19119_set_u32(&s.z2, 0);
    s.x3 = s.x1;
    fc_fe19119_set_u32(&s.z3, 1);

#if X19119_LADDER_STEP
    s.swap = fc_fe16_ladder_steps(s.x2.v, s.z2.v, s.x3.v, s.z3.v, s.t0.v, s.t1.v, s.x1.v, s.k,
                                  bits, bits, s.swap, u_small, X19119_A24, FC_FE19119_LIMBS);
#else
    for (t = bits; t-- > 0;) {
        /* t is public: the index k[t / 8] does not depend on the scalar's value */
        bit = (uint32_t)(s.k[t >> 3] >> (t & 7)) & 1u;
        s.swap ^= bit;
        fc_fe19119_cswap(&s.x2, &s.x3, s.swap);
        fc_fe19119_cswap(&s.z2, &s.z3, s.swap);
        s.swap = bit;

        fc_fe19119_add(&s.t0, &s.x2, &s.z2);         /* A */
        fc_fe19119_sub(&s.t1, &s.x2, &s.z2);         /* B */
        fc_fe19119_add(&s.x2, &s.x3, &s.z3);         /* C */
        fc_fe19119_sub(&s.z2, &s.x3, &s.z3);         /* D */
        fc_fe19119_mul(&s.z2, &s.z2, &s.t0);         /* DA */
        fc_fe19119_mul(&s.x2, &s.x2, &s.t1);         /* CB */
        fc_fe19119_add(&s.x3, &s.z2, &s.x2);
        fc_fe19119_sqr(&s.x3, &s.x3);                /* x3 = (DA + CB)^2 */
        fc_fe19119_sub(&s.z3, &s.z2, &s.x2);
        fc_fe19119_sqr(&s.z3, &s.z3);                /* (DA - CB)^2 */
        if (u_small != 0)
            fc_fe19119_mul_small(&s.z3, &s.z3, u_small);
        else
            fc_fe19119_mul(&s.z3, &s.z3, &s.x1);     /* z3 = x1 * (DA - CB)^2 */
        fc_fe19119_sqr(&s.x2, &s.t0);                /* AA */
        fc_fe19119_sqr(&s.z2, &s.t1);                /* BB */
        fc_fe19119_sub(&s.t1, &s.x2, &s.z2);         /* E = AA - BB */
        fc_fe19119_mul(&s.t0, &s.x2, &s.z2);         /* AA * BB */
        fc_fe19119_mul_small(&s.z2, &s.t1, X19119_A24);
        fc_fe19119_add(&s.z2, &s.z2, &s.x2);         /* AA + a24 * E */
        fc_fe19119_mul(&s.z2, &s.z2, &s.t1);         /* z2 = E * (AA + a24 * E) */
        s.x2 = s.t0;                                 /* x2 = AA * BB */
    }
#endif
    fc_fe19119_cswap(&s.x2, &s.x3, s.swap);
    fc_fe19119_cswap(&s.z2, &s.z3, s.swap);

    /* x2 / z2; z2 = 0 (the neutral element, from u of low order) gives 0 */
    neutral = fc_fe19119_iszero(&s.z2);
    fc_fe19119_invert(&s.z2, &s.z2);
    fc_fe19119_mul(&s.x2, &s.x2, &s.z2);
    fc_fe19119_tobytes(out, &s.x2);

    fc_zeroize(&s, sizeof(s));
    return neutral;
}

static fc_status x19119_scalarmult(const fc_impl *impl, uint8_t *out, const uint8_t *scalar,
                                   const uint8_t *u)
{
    (void)impl;
#if FC_FUZZ_CHEAP_CURVES
    fc_soft_cheap_xdh(out, scalar, u, 12);
#else
    (void)x19119_ladder(out, scalar, u, 0, 1);
#endif
    return FC_OK;
}

static fc_status x19119_scalarmult_base(const fc_impl *impl, uint8_t *out, const uint8_t *scalar)
{
    static const uint8_t eleven[24] = {X19119_BASE};
    (void)impl;
#if FC_FUZZ_CHEAP_CURVES
    fc_soft_cheap_xdh(out, scalar, eleven, 12);
#else
    (void)x19119_ladder(out, scalar, eleven, X19119_BASE, 1);
#endif
    return FC_OK;
}

uint32_t fc_soft_x19119_raw(uint8_t out[24], const uint8_t k[24], const uint8_t u[24])
{
    return x19119_ladder(out, k, u, 0, 0);
}

/* Sliceable: src/providers/soft/curve_jobs.c runs the same ladder as a field program. */
const fc_impl fc_soft_x19119 = {
    .alg = FC_X19119,
    .flags = FC_IMPL_CONSTANT_TIME | (FC_WITH_ENGINE ? FC_IMPL_SLICEABLE : 0),
#if FC_WITH_ENGINE
    .job_state_size = sizeof(soft_job),
    .job = {.start = fc_soft_curve_job_start, .run = fc_soft_curve_job_run},
#endif
    .ops.xdh = {.scalarmult = x19119_scalarmult, .scalarmult_base = x19119_scalarmult_base},
};

#endif /* FC_WITH_X19119 */
