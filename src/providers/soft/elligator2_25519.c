/* Elligator 2 for curve25519: RFC 9380 section 6.7.1 map_to_curve_elligator2 with
 * J = A = 486662, K = 1, Z = 2, returning the u-coordinate (Montgomery x) only.
 *
 * This is the bare map that CPace uses (no expand_message, no cofactor clearing). The input r
 * is decoded like an X25519 u (little-endian, bit 255 masked, reduced mod p); the output is
 * canonical. Both candidates x1 and x2 are always computed and one is picked with a mask, so
 * nothing branches on r. (1 + 2 r^2 is never 0: that would need -1/2 to be a square, and it
 * is not, as 2 is not a square mod p = 5 mod 8 while -1 is; the x1 == 0 case of the RFC is
 * kept anyway, as a masked select.)
 */
#include "fieldcrypt/config.h"

#if FC_WITH_X25519

#include <stdint.h>

#include "fieldcrypt/ct.h"
#include "fe25519.h"
#include "soft.h"
#include "job.h"

#define ELL2_J 486662u

static fc_status elligator2_25519(const fc_impl *impl, uint8_t *u, const uint8_t *r)
{
    struct {
        fc_fe25519 w, n, b, t, x1, x2, mj, e;
    } s;
    uint32_t n_zero, square;

#if FC_FUZZ_CHEAP_CURVES
    (void)impl, (void)s, (void)square;
    fc_soft_cheap_map(u, r, 16);
    return FC_OK;
#endif
    fc_fe25519_set_u32(&s.mj, ELL2_J);
    fc_fe25519_neg(&s.mj, &s.mj);                /* -J */
    fc_fe25519_set_u32(&s.e, 1);

    /* w = 1 + Z * r^2, Z = 2 (never 0, see above) */
    fc_fe25519_frombytes(&s.w, r);
    fc_fe25519_sqr(&s.w, &s.w);
    fc_fe25519_add(&s.w, &s.w, &s.w);
    fc_fe25519_add(&s.w, &s.w, &s.e);

    /* x1 = -J / w gives gx1 = x1^3 + J x1^2 + x1 = n / w^3 with n = -J (w^2 + J^2 (1 - w)),
     * so gx1 is a square exactly when b = n w is (or n = 0). One power of b gives both:
     * with t = b^((p-5)/8), 1/b = t^8 b^3 and b^((p-1)/2) = t^4 b^2; then 1/w = n / b.
     * n = 0 would need J^2 - 4 to be a square, which it is not; were it 0 (gx1 = 0, a
     * square), b = w would stand in, n set to 1, with masks. */
    fc_fe25519_sqr(&s.t, &s.w);                  /* w^2 */
    fc_fe25519_sqr(&s.b, &s.mj);                 /* J^2 */
    fc_fe25519_sub(&s.n, &s.e, &s.w);            /* 1 - w */
    fc_fe25519_mul(&s.b, &s.b, &s.n);
    fc_fe25519_add(&s.b, &s.b, &s.t);
    fc_fe25519_mul(&s.n, &s.b, &s.mj);
    n_zero = fc_fe25519_iszero(&s.n);
    fc_fe25519_cmov(&s.n, &s.e, n_zero);
    fc_fe25519_mul(&s.b, &s.n, &s.w);

    fc_fe25519_pow22523(&s.t, &s.b);                 /* t = b^((p-5)/8) */
    fc_fe25519_sqr(&s.t, &s.t);
    fc_fe25519_sqr(&s.t, &s.t);                  /* t^4 */
    fc_fe25519_sqr(&s.x2, &s.b);                 /* b^2 */
    fc_fe25519_mul(&s.x1, &s.t, &s.x2);          /* b^((p-1)/2): 1 when b is a square */
    square = fc_fe25519_iszero(&s.x1);
    fc_fe25519_sub(&s.x1, &s.x1, &s.e);
    square |= fc_fe25519_iszero(&s.x1) | n_zero;
    fc_fe25519_sqr(&s.t, &s.t);                  /* t^8 */
    fc_fe25519_mul(&s.x2, &s.x2, &s.b);          /* b^3 */
    fc_fe25519_mul(&s.t, &s.t, &s.x2);           /* 1 / b */
    fc_fe25519_mul(&s.t, &s.t, &s.n);            /* 1 / w */

    /* x1 = -J / w (-J where that is 0, as inv0 would give), x2 = -x1 - J */
    fc_fe25519_mul(&s.x1, &s.t, &s.mj);
    fc_fe25519_cmov(&s.x1, &s.mj, fc_fe25519_iszero(&s.x1));
    fc_fe25519_sub(&s.x2, &s.mj, &s.x1);

    /* x = is_square(gx1) ? x1 : x2 */
    fc_fe25519_cmov(&s.x2, &s.x1, square);
    fc_fe25519_tobytes(u, &s.x2);

    fc_zeroize(&s, sizeof(s));
    (void)impl;
    return FC_OK;
}

/* Sliceable: src/providers/soft/curve_jobs.c runs the same map as a field program. */
const fc_impl fc_soft_elligator2_curve25519 = {
    .alg = FC_ELLIGATOR2_CURVE25519,
    .flags = FC_IMPL_CONSTANT_TIME | (FC_WITH_ENGINE ? FC_IMPL_SLICEABLE : 0),
#if FC_WITH_ENGINE
    .job_state_size = sizeof(soft_job),
    .job = {.start = fc_soft_curve_job_start, .run = fc_soft_curve_job_run},
#endif
    .ops.map = {.map = elligator2_25519},
};

#endif /* FC_WITH_X25519 */
