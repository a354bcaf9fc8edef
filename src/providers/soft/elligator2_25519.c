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
        fc_fe25519 t, x1, x2, gx, e, mj;
    } s;
    uint32_t square;

#if FC_FUZZ_CHEAP_CURVES
    (void)impl, (void)s, (void)square;
    fc_soft_cheap_map(u, r, 16);
    return FC_OK;
#endif
    fc_fe25519_set_u32(&s.mj, ELL2_J);
    fc_fe25519_neg(&s.mj, &s.mj);                /* -J */

    /* x1 = -J * inv0(1 + Z * r^2), and -J where that is 0 */
    fc_fe25519_frombytes(&s.t, r);
    fc_fe25519_sqr(&s.t, &s.t);
    fc_fe25519_add(&s.t, &s.t, &s.t);            /* Z * r^2, Z = 2 */
    fc_fe25519_set_u32(&s.e, 1);
    fc_fe25519_add(&s.t, &s.t, &s.e);
    fc_fe25519_invert(&s.t, &s.t);               /* inv0: a^(p-2) maps 0 to 0 */
    fc_fe25519_mul(&s.x1, &s.t, &s.mj);
    fc_fe25519_cmov(&s.x1, &s.mj, fc_fe25519_iszero(&s.x1));

    /* gx1 = x1^3 + J * x1^2 + x1 = x1 * (x1 * (x1 + J) + 1) */
    fc_fe25519_sub(&s.t, &s.x1, &s.mj);          /* x1 + J */
    fc_fe25519_mul(&s.t, &s.t, &s.x1);
    fc_fe25519_add(&s.t, &s.t, &s.e);
    fc_fe25519_mul(&s.gx, &s.t, &s.x1);

    /* x2 = -x1 - J */
    fc_fe25519_sub(&s.x2, &s.mj, &s.x1);

    /* is_square(gx1): gx1^((p-1)/2) = (gx1^((p-5)/8))^4 * gx1^2 is 0 or 1 */
    fc_fe25519_pow22523(&s.t, &s.gx);
    fc_fe25519_sqr(&s.t, &s.t);
    fc_fe25519_sqr(&s.t, &s.t);
    fc_fe25519_sqr(&s.gx, &s.gx);
    fc_fe25519_mul(&s.t, &s.t, &s.gx);
    square = fc_fe25519_iszero(&s.t);
    fc_fe25519_sub(&s.t, &s.t, &s.e);
    square |= fc_fe25519_iszero(&s.t);

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
