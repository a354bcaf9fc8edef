/* GF(2^255 - 19) in 16 limbs of 16 bits (see fe25519.h).
 *
 * For the Cortex-M0/M0+ and any 32-bit core: the arithmetic is the limb-count-generic
 * radix-2^16 code of fe16.h with n = 16 limbs (2^256 = 38 mod p), which fe19119.c shares with
 * n = 12: Thumb-1 assembly on the Cortex-M0/M0+ (fe16_armv6m.c), Thumb-2 on the M4
 * (fe16_armv7m.c), C over 32-bit words elsewhere (fe16_w32.c), fe16.c's 16-bit C on an
 * ARMv6-M without the assembly. What is
 * particular to 2^255 - 19 lives here: the exponent chains of the inversion and of the
 * square-root helper.
 */
#include "fieldcrypt/config.h"

#if FC_WITH_X25519 && !FC_FE25519_64

#include <stdint.h>

#include "fe16.h"
#include "fe25519.h"

#define FE_N FC_FE25519_LIMBS /* 16 */

void fc_fe25519_set_u32(fc_fe25519 *r, uint32_t c)
{
    fc_fe16_set_u32(r->v, c, FE_N);
}

void fc_fe25519_frombytes(fc_fe25519 *r, const uint8_t in[32])
{
    fc_fe16_frombytes(r->v, in, FE_N);
}

void fc_fe25519_tobytes(uint8_t out[32], const fc_fe25519 *a)
{
    fc_fe16_tobytes(out, a->v, FE_N);
}

void fc_fe25519_add(fc_fe25519 *r, const fc_fe25519 *a, const fc_fe25519 *b)
{
    fc_fe16_add(r->v, a->v, b->v, FE_N);
}

void fc_fe25519_sub(fc_fe25519 *r, const fc_fe25519 *a, const fc_fe25519 *b)
{
    fc_fe16_sub(r->v, a->v, b->v, FE_N);
}

void fc_fe25519_neg(fc_fe25519 *r, const fc_fe25519 *a)
{
    fc_fe16_neg(r->v, a->v, FE_N);
}

void fc_fe25519_mul(fc_fe25519 *r, const fc_fe25519 *a, const fc_fe25519 *b)
{
    fc_fe16_mul(r->v, a->v, b->v, FE_N);
}

void fc_fe25519_sqr(fc_fe25519 *r, const fc_fe25519 *a)
{
    fc_fe16_sqr(r->v, a->v, FE_N);
}

void fc_fe25519_mul_small(fc_fe25519 *r, const fc_fe25519 *a, uint32_t c)
{
    fc_fe16_mul_small(r->v, a->v, c, FE_N);
}

void fc_fe25519_cswap(fc_fe25519 *a, fc_fe25519 *b, uint32_t bit)
{
    fc_fe16_cswap(a->v, b->v, bit, FE_N);
}

void fc_fe25519_cmov(fc_fe25519 *r, const fc_fe25519 *a, uint32_t bit)
{
    fc_fe16_cmov(r->v, a->v, bit, FE_N);
}

uint32_t fc_fe25519_iszero(const fc_fe25519 *a)
{
    return fc_fe16_iszero(a->v, FE_N);
}

/* The exponent chains below are the same in fe25519_64.c. */

void fc_fe25519_sqr_n(fc_fe25519 *r, const fc_fe25519 *a, unsigned n)
{
    fc_fe16_sqr_n(r->v, a->v, n, FE_N);
}

#endif /* FC_WITH_X25519 && !FC_FE25519_64 */
