/* Elligator 2 for Curve19119: RFC 9380 section 6.7.1 map_to_curve_elligator2 with
 * J = A = 529418, K = 1, Z = 2, returning the u-coordinate (Montgomery x) only.
 *
 * The bare map of the CPace suite FC_CPACE_X19119_SHA512 (no expand_message, no cofactor
 * clearing). The input r is decoded like an X19119 u (24 bytes little-endian, bit 191 masked,
 * reduced mod p); the output is canonical. Both candidates are always computed and one is
 * picked with a mask, so nothing branches on r. Z = 2 is a non-square because
 * p = 2^191 - 19 = 5 mod 8, and J^2 - 4 is a non-square too (checked in test_x19119.py), as the
 * RFC requires. 1 + 2 r^2 is never 0 (-1 is a square, 2 is not, so -1/2 is not); the x1 == 0
 * case of the RFC is kept anyway, as a masked select.
 */
#include "fieldcrypt/config.h"

#if FC_WITH_X19119

#include <stdint.h>

#include "fieldcrypt/ct.h"
#include "fe19119.h"
#include "soft.h"
#include "job.h"

/* above mul_small's bound: set as an element and used with the full multiplication */
#define ELL2_J 529418u

static fc_status elligator2_19119(const fc_impl *impl, uint8_t *u, const uint8_t *r)
{
    struct {
        fc_fe19119 w, n, b, t, x1, x2, mj, e;
    } s;
    uint32_t n_zero, square;

#if FC_FUZZ_CHEAP_CURVES
    (void)impl, (void)s, (void)square;
    fc_soft_cheap_map(u, r, 12);
    return FC_OK;
#endif
    fc_fe19119_set_u32(&s.mj, ELL2_J);
    fc_fe19119_neg(&s.mj, &s.mj);                /* -J */
    fc_fe19119_set_u32(&s.e, 1);

    /* w = 1 + Z * r^2, Z = 2 (never 0, see above) */
    fc_fe19119_frombytes(&s.w, r);
    fc_fe19119_sqr(&s.w, &s.w);
    fc_fe19119_add(&s.w, &s.w, &s.w);
    fc_fe19119_add(&s.w, &s.w, &s.e);

    /* x1 = -J / w gives gx1 = x1^3 + J x1^2 + x1 = n / w^3 with n = -J (w^2 + J^2 (1 - w)),
     * so gx1 is a square exactly when b = n w is (or n = 0). One power of b gives both:
     * with t = b^((p-5)/8), 1/b = t^8 b^3 and b^((p-1)/2) = t^4 b^2; then 1/w = n / b.
     * n = 0 would need J^2 - 4 to be a square, which it is not; were it 0 (gx1 = 0, a
     * square), b = w would stand in, n set to 1, with masks. */
    fc_fe19119_sqr(&s.t, &s.w);                  /* w^2 */
    fc_fe19119_sqr(&s.b, &s.mj);                 /* J^2 */
    fc_fe19119_sub(&s.n, &s.e, &s.w);            /* 1 - w */
    fc_fe19119_mul(&s.b, &s.b, &s.n);
    fc_fe19119_add(&s.b, &s.b, &s.t);
    fc_fe19119_mul(&s.n, &s.b, &s.mj);
    n_zero = fc_fe19119_iszero(&s.n);
    fc_fe19119_cmov(&s.n, &s.e, n_zero);
    fc_fe19119_mul(&s.b, &s.n, &s.w);

    fc_fe19119_pow_p58(&s.t, &s.b);                 /* t = b^((p-5)/8) */
    fc_fe19119_sqr(&s.t, &s.t);
    fc_fe19119_sqr(&s.t, &s.t);                  /* t^4 */
    fc_fe19119_sqr(&s.x2, &s.b);                 /* b^2 */
    fc_fe19119_mul(&s.x1, &s.t, &s.x2);          /* b^((p-1)/2): 1 when b is a square */
    square = fc_fe19119_iszero(&s.x1);
    fc_fe19119_sub(&s.x1, &s.x1, &s.e);
    square |= fc_fe19119_iszero(&s.x1) | n_zero;
    fc_fe19119_sqr(&s.t, &s.t);                  /* t^8 */
    fc_fe19119_mul(&s.x2, &s.x2, &s.b);          /* b^3 */
    fc_fe19119_mul(&s.t, &s.t, &s.x2);           /* 1 / b */
    fc_fe19119_mul(&s.t, &s.t, &s.n);            /* 1 / w */

    /* x1 = -J / w (-J where that is 0, as inv0 would give), x2 = -x1 - J */
    fc_fe19119_mul(&s.x1, &s.t, &s.mj);
    fc_fe19119_cmov(&s.x1, &s.mj, fc_fe19119_iszero(&s.x1));
    fc_fe19119_sub(&s.x2, &s.mj, &s.x1);

    /* x = is_square(gx1) ? x1 : x2 */
    fc_fe19119_cmov(&s.x2, &s.x1, square);
    fc_fe19119_tobytes(u, &s.x2);

    fc_zeroize(&s, sizeof(s));
    (void)impl;
    return FC_OK;
}

/* Sliceable: src/providers/soft/curve_jobs.c runs the same map as a field program. */
const fc_impl fc_soft_elligator2_curve19119 = {
    .alg = FC_ELLIGATOR2_CURVE19119,
    .flags = FC_IMPL_CONSTANT_TIME | (FC_WITH_ENGINE ? FC_IMPL_SLICEABLE : 0),
#if FC_WITH_ENGINE
    .job_state_size = sizeof(soft_job),
    .job = {.start = fc_soft_curve_job_start, .run = fc_soft_curve_job_run},
#endif
    .ops.map = {.map = elligator2_19119},
};

#endif /* FC_WITH_X19119 */
