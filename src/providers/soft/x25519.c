/* X25519 (RFC 7748 section 5) for the soft provider: the Montgomery ladder over fe25519.h.
 *
 * The scalar is clamped in a local copy; u has bit 255 masked and may be >= p. The ladder runs
 * all 255 steps for every scalar, and the only scalar-dependent operation is a masked swap.
 * The core (src/core/xdh.c) checks the all-zero result, so these functions always return FC_OK.
 */
#include "fieldcrypt/config.h"

#if FC_WITH_X25519

#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "fe16.h"
#include "fe25519.h"
#include "soft.h"
#include "job.h"

/* The Cortex-M0/M0+ and M4 ladder step in one function (fe16_armv6m.c, fe16_armv7m.c), with
 * the same operations. */
#if !FC_FE25519_64 && FC_FE16_LADDER_STEP
#define X25519_LADDER_STEP 1
#else
#define X25519_LADDER_STEP 0
#endif

/* (A - 2) / 4 for A = 486662 (RFC 7748 a24) */
#define X25519_A24 121665u

/* Everything secret in the ladder, in one place for one fc_zeroize. */
typedef struct x25519_state {
    fc_fe25519 x1, x2, z2, x3, z3;     /* RFC 7748 names */
    fc_fe25519 t0, t1;
    uint32_t swap;                     /* a uint32_t: puts the elements on 4-byte boundaries,
                                        * where the Cortex-M0 cswap moves words */
    uint8_t k[32];                     /* clamped scalar */
} x25519_state;

/* out = X25519(scalar, u). u_small != 0 promises that u is that small integer (the base point
 * 9), so x1 * (DA - CB)^2 becomes a cheap fc_fe25519_mul_small; whether the base point is used
 * is public, so the branch on it leaks nothing. */
static void x25519_ladder(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32],
                          uint32_t u_small)
{
    x25519_state s;
#if !X25519_LADDER_STEP
    uint32_t bit;
    unsigned t;
#endif

#if FC_FUZZ_CHEAP_CURVES
    (void)u_small;
    fc_soft_cheap_xdh(out, scalar, u, 16);
    return;
#endif
    memcpy(s.k, scalar, 32);
    s.swap = 0;
    s.k[0] &= 248;
    s.k[31] &= 127;
    s.k[31] |= 64;

    fc_fe25519_frombytes(&s.x1, u);
    fc_fe25519_set_u32(&s.x2, 1);
    fc_fe25519_set_u32(&s.z2, 0);
    s.x3 = s.x1;
    fc_fe25519_set_u32(&s.z3, 1);

#if X25519_LADDER_STEP
    s.swap = fc_fe16_ladder_steps(s.x2.v, s.z2.v, s.x3.v, s.z3.v, s.t0.v, s.t1.v, s.x1.v, s.k,
                                  255, 255, s.swap, u_small, X25519_A24, FC_FE25519_LIMBS);
#else
    for (t = 255; t-- > 0;) {
        /* t is public: the index k[t / 8] does not depend on the scalar's value */
        bit = (uint32_t)(s.k[t >> 3] >> (t & 7)) & 1u;
        s.swap ^= bit;
        fc_fe25519_cswap(&s.x2, &s.x3, s.swap);
        fc_fe25519_cswap(&s.z2, &s.z3, s.swap);
        s.swap = bit;

        fc_fe25519_add(&s.t0, &s.x2, &s.z2);         /* A */
        fc_fe25519_sub(&s.t1, &s.x2, &s.z2);         /* B */
        fc_fe25519_add(&s.x2, &s.x3, &s.z3);         /* C */
        fc_fe25519_sub(&s.z2, &s.x3, &s.z3);         /* D */
        fc_fe25519_mul(&s.z2, &s.z2, &s.t0);         /* DA */
        fc_fe25519_mul(&s.x2, &s.x2, &s.t1);         /* CB */
        fc_fe25519_add(&s.x3, &s.z2, &s.x2);
        fc_fe25519_sqr(&s.x3, &s.x3);                /* x3 = (DA + CB)^2 */
        fc_fe25519_sub(&s.z3, &s.z2, &s.x2);
        fc_fe25519_sqr(&s.z3, &s.z3);                /* (DA - CB)^2 */
        if (u_small != 0)
            fc_fe25519_mul_small(&s.z3, &s.z3, u_small);
        else
            fc_fe25519_mul(&s.z3, &s.z3, &s.x1);     /* z3 = x1 * (DA - CB)^2 */
        fc_fe25519_sqr(&s.x2, &s.t0);                /* AA */
        fc_fe25519_sqr(&s.z2, &s.t1);                /* BB */
        fc_fe25519_sub(&s.t1, &s.x2, &s.z2);         /* E = AA - BB */
        fc_fe25519_mul(&s.t0, &s.x2, &s.z2);         /* AA * BB */
        fc_fe25519_mul_small(&s.z2, &s.t1, X25519_A24);
        fc_fe25519_add(&s.z2, &s.z2, &s.x2);         /* AA + a24 * E */
        fc_fe25519_mul(&s.z2, &s.z2, &s.t1);         /* z2 = E * (AA + a24 * E) */
        s.x2 = s.t0;                                 /* x2 = AA * BB */
    }
#endif
    fc_fe25519_cswap(&s.x2, &s.x3, s.swap);
    fc_fe25519_cswap(&s.z2, &s.z3, s.swap);

    /* x2 / z2; z2 = 0 (u of low order) gives 0, the all-zero output the core rejects. */
    fc_fe25519_invert(&s.z2, &s.z2);
    fc_fe25519_mul(&s.x2, &s.x2, &s.z2);
    fc_fe25519_tobytes(out, &s.x2);

    fc_zeroize(&s, sizeof(s));
}

static fc_status x25519_scalarmult(const fc_impl *impl, uint8_t *out, const uint8_t *scalar,
                                   const uint8_t *u)
{
    (void)impl;
    x25519_ladder(out, scalar, u, 0);
    return FC_OK;
}

static fc_status x25519_scalarmult_base(const fc_impl *impl, uint8_t *out, const uint8_t *scalar)
{
    static const uint8_t nine[32] = { 9 };
    (void)impl;
    x25519_ladder(out, scalar, nine, 9);
    return FC_OK;
}

/* Sliceable: src/providers/soft/curve_jobs.c runs the same ladder as a field program. */
const fc_impl fc_soft_x25519 = {
    .alg = FC_X25519,
    .flags = FC_IMPL_CONSTANT_TIME | (FC_WITH_ENGINE ? FC_IMPL_SLICEABLE : 0),
#if FC_WITH_ENGINE
    .job_state_size = sizeof(soft_job),
    .job = {.start = fc_soft_curve_job_start, .run = fc_soft_curve_job_run},
#endif
    .ops.xdh = {.scalarmult = x25519_scalarmult, .scalarmult_base = x25519_scalarmult_base},
};

#endif /* FC_WITH_X25519 */
