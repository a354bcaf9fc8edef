/* X448 (RFC 7748 section 5) for the soft provider: the Montgomery ladder over fe448.h.
 *
 * The scalar is clamped in a local copy (bits 0 and 1 cleared, bit 447 set); u takes all 448
 * bits and may be >= p. The ladder runs all 448 steps for every scalar, and the only
 * scalar-dependent operation is a masked swap. The core (src/core/xdh.c) checks the all-zero
 * result, so these functions always return FC_OK.
 */
#include "fieldcrypt/config.h"

#if FC_WITH_X448

#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "fe448.h"
#include "soft.h"
#include "x448_job.h"

/* (A - 2) / 4 for A = 156326 (RFC 7748 a24 for X448) */
#define X448_A24 39081u

/* The ladder's frames hold field elements derived from the scalar and u. The core zeroes
 * FC_STACK_WIPE_BYTES of stack after every curve operation (config.h), sized for the X25519
 * chain: 640 bytes on the Cortex-M0/M4 with the field assembly. X448's chain below this file's
 * entry points is deeper, 1128 bytes on the Cortex-M0+ at -Os (ladder 544, inversion 272,
 * multiplication 272, carry 40: `fieldcrypt mcu-report`), so where the core's wipe is shorter
 * X448 zeroes that much itself, at the ladder's depth: no more stack than the ladder's. */
#define X448_STACK_WIPE_BYTES 1152
#if FC_STACK_WIPE_BYTES > 0 && FC_STACK_WIPE_BYTES < X448_STACK_WIPE_BYTES
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static void x448_burn_stack(void)
{
    uint8_t area[X448_STACK_WIPE_BYTES];
    fc_zeroize(area, sizeof(area));
}
#else
#define x448_burn_stack() ((void)0)
#endif

/* Everything secret in the ladder, in one place for one fc_zeroize. */
typedef struct x448_state {
    fc_fe448 x1, x2, z2, x3, z3;       /* RFC 7748 names */
    fc_fe448 t0, t1;
    uint32_t swap;
    uint8_t k[56];                     /* clamped scalar */
} x448_state;

/* out = X448(scalar, u). u_small != 0 promises that u is that small integer (the base point
 * 5), so x1 * (DA - CB)^2 becomes a cheap fc_fe448_mul_small; whether the base point is used
 * is public, so the branch on it leaks nothing. */
static void x448_ladder(uint8_t out[56], const uint8_t scalar[56], const uint8_t u[56],
                        uint32_t u_small)
{
    x448_state s;
    uint32_t bit;
    unsigned t;

    memcpy(s.k, scalar, 56);
    s.swap = 0;
    s.k[0] &= 252;
    s.k[55] |= 128;

    fc_fe448_frombytes(&s.x1, u);
    fc_fe448_set_small(&s.x2, 1);
    fc_fe448_set_small(&s.z2, 0);
    s.x3 = s.x1;
    fc_fe448_set_small(&s.z3, 1);

    for (t = 448; t-- > 0;) {
        /* t is public: the index k[t / 8] does not depend on the scalar's value */
        bit = (uint32_t)(s.k[t >> 3] >> (t & 7)) & 1u;
        s.swap ^= bit;
        fc_fe448_cswap(&s.x2, &s.x3, s.swap);
        fc_fe448_cswap(&s.z2, &s.z3, s.swap);
        s.swap = bit;

        fc_fe448_add(&s.t0, &s.x2, &s.z2);         /* A */
        fc_fe448_sub(&s.t1, &s.x2, &s.z2);         /* B */
        fc_fe448_add(&s.x2, &s.x3, &s.z3);         /* C */
        fc_fe448_sub(&s.z2, &s.x3, &s.z3);         /* D */
        fc_fe448_mul(&s.z2, &s.z2, &s.t0);         /* DA */
        fc_fe448_mul(&s.x2, &s.x2, &s.t1);         /* CB */
        fc_fe448_add(&s.x3, &s.z2, &s.x2);
        fc_fe448_sqr(&s.x3, &s.x3);                /* x3 = (DA + CB)^2 */
        fc_fe448_sub(&s.z3, &s.z2, &s.x2);
        fc_fe448_sqr(&s.z3, &s.z3);                /* (DA - CB)^2 */
        if (u_small != 0)
            fc_fe448_mul_small(&s.z3, &s.z3, u_small);
        else
            fc_fe448_mul(&s.z3, &s.z3, &s.x1);     /* z3 = x1 * (DA - CB)^2 */
        fc_fe448_sqr(&s.x2, &s.t0);                /* AA */
        fc_fe448_sqr(&s.z2, &s.t1);                /* BB */
        fc_fe448_sub(&s.t1, &s.x2, &s.z2);         /* E = AA - BB */
        fc_fe448_mul(&s.t0, &s.x2, &s.z2);         /* AA * BB */
        fc_fe448_mul_small(&s.z2, &s.t1, X448_A24);
        fc_fe448_add(&s.z2, &s.z2, &s.x2);         /* AA + a24 * E */
        fc_fe448_mul(&s.z2, &s.z2, &s.t1);         /* z2 = E * (AA + a24 * E) */
        s.x2 = s.t0;                               /* x2 = AA * BB */
    }
    fc_fe448_cswap(&s.x2, &s.x3, s.swap);
    fc_fe448_cswap(&s.z2, &s.z3, s.swap);

    /* x2 / z2; z2 = 0 (u of low order) gives 0, the all-zero output the core rejects. */
    fc_fe448_invert(&s.z2, &s.z2);
    fc_fe448_mul(&s.x2, &s.x2, &s.z2);
    fc_fe448_tobytes(out, &s.x2);

    fc_zeroize(&s, sizeof(s));
}

static fc_status x448_scalarmult(const fc_impl *impl, uint8_t *out, const uint8_t *scalar,
                                 const uint8_t *u)
{
    (void)impl;
    x448_ladder(out, scalar, u, 0);
    x448_burn_stack();
    return FC_OK;
}

static fc_status x448_scalarmult_base(const fc_impl *impl, uint8_t *out, const uint8_t *scalar)
{
    static const uint8_t five[56] = { 5 };
    (void)impl;
    x448_ladder(out, scalar, five, 5);
    x448_burn_stack();
    return FC_OK;
}

/* Sliceable where the curve jobs are built: x448_job.c runs the same ladder in units. */
const fc_impl fc_soft_x448 = {
    .alg = FC_X448,
    .flags = FC_IMPL_CONSTANT_TIME | (FC_WITH_CURVE_JOBS ? FC_IMPL_SLICEABLE : 0),
#if FC_WITH_CURVE_JOBS
    .job_state_size = sizeof(x448_job),
    .job = {.start = fc_soft_x448_job_start, .run = fc_soft_x448_job_run},
#endif
    .ops.xdh = {.scalarmult = x448_scalarmult, .scalarmult_base = x448_scalarmult_base},
};

#endif /* FC_WITH_X448 */
