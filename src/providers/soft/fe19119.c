/* GF(2^191 - 19) with 12 limbs of 16 bits (see fe19119.h): the radix-2^16 code of fe16.c with
 * n = 12 (2^192 = 38 mod p, as 2^256 = 38 mod 2^255 - 19). What is particular to this prime
 * lives here: the exponent chains. */
#include "fieldcrypt/config.h"

#if FC_WITH_X19119

#include <stdint.h>

#include "fe16.h"
#include "fe19119.h"

#define FE_N FC_FE19119_LIMBS /* 12 */

void fc_fe19119_set_u32(fc_fe19119 *r, uint32_t c)
{
    fc_fe16_set_u32(r->v, c, FE_N);
}

void fc_fe19119_frombytes(fc_fe19119 *r, const uint8_t in[24])
{
    fc_fe16_frombytes(r->v, in, FE_N);
}

void fc_fe19119_tobytes(uint8_t out[24], const fc_fe19119 *a)
{
    fc_fe16_tobytes(out, a->v, FE_N);
}

void fc_fe19119_add(fc_fe19119 *r, const fc_fe19119 *a, const fc_fe19119 *b)
{
    fc_fe16_add(r->v, a->v, b->v, FE_N);
}

void fc_fe19119_sub(fc_fe19119 *r, const fc_fe19119 *a, const fc_fe19119 *b)
{
    fc_fe16_sub(r->v, a->v, b->v, FE_N);
}

void fc_fe19119_neg(fc_fe19119 *r, const fc_fe19119 *a)
{
    fc_fe16_neg(r->v, a->v, FE_N);
}

void fc_fe19119_mul(fc_fe19119 *r, const fc_fe19119 *a, const fc_fe19119 *b)
{
    fc_fe16_mul(r->v, a->v, b->v, FE_N);
}

void fc_fe19119_sqr(fc_fe19119 *r, const fc_fe19119 *a)
{
    fc_fe16_sqr(r->v, a->v, FE_N);
}

void fc_fe19119_mul_small(fc_fe19119 *r, const fc_fe19119 *a, uint32_t c)
{
    fc_fe16_mul_small(r->v, a->v, c, FE_N);
}

void fc_fe19119_cswap(fc_fe19119 *a, fc_fe19119 *b, uint32_t bit)
{
    fc_fe16_cswap(a->v, b->v, bit, FE_N);
}

void fc_fe19119_cmov(fc_fe19119 *r, const fc_fe19119 *a, uint32_t bit)
{
    fc_fe16_cmov(r->v, a->v, bit, FE_N);
}

uint32_t fc_fe19119_iszero(const fc_fe19119 *a)
{
    return fc_fe16_iszero(a->v, FE_N);
}

/* r = a^(2^k), k >= 1; a macro, not a function, to keep a frame off the deepest stack path */
#define fe_sqr_n(r, a, k) fc_fe16_sqr_n((r)->v, (a)->v, (k), FE_N)

/* t = a^(2^186 - 1) and a11 = a^11, the common part of both exponentiations:
 * p - 2 = 2^191 - 21 = (2^186 - 1) * 2^5 + 11 and (p - 5) / 8 = 2^188 - 3 = (2^186 - 1) * 4 + 1.
 * 185 squarings and 13 multiplications; 2^186 - 1 is not reached by doublings alone, so the
 * runs 2^5 - 1, 2^10 - 1, 2^20 - 1 and 2^50 - 1 are kept to add up 150 + 20 + 10 + 5 + 1. */
static void fe_pow186(fc_fe19119 *t, fc_fe19119 *a11, const fc_fe19119 *a)
{
    fc_fe19119 x5, x10, x20, x50, u;
    fc_fe19119_sqr(&u, a);            /* a^2 */
    fe_sqr_n(&x5, &u, 2);             /* a^8 */
    fc_fe19119_mul(&x5, &x5, a);      /* a^9 */
    fc_fe19119_mul(a11, &u, &x5);     /* a^11 */
    fc_fe19119_sqr(&u, a11);          /* a^22 */
    fc_fe19119_mul(&x5, &x5, &u);     /* a^31 = a^(2^5 - 1) */
    fe_sqr_n(&u, &x5, 5);
    fc_fe19119_mul(&x10, &u, &x5);    /* 2^10 - 1 */
    fe_sqr_n(&u, &x10, 10);
    fc_fe19119_mul(&x20, &u, &x10);   /* 2^20 - 1 */
    fe_sqr_n(&u, &x20, 20);
    fc_fe19119_mul(&u, &u, &x20);     /* 2^40 - 1 */
    fe_sqr_n(&u, &u, 10);
    fc_fe19119_mul(&x50, &u, &x10);   /* 2^50 - 1 */
    fe_sqr_n(&u, &x50, 50);
    fc_fe19119_mul(&u, &u, &x50);     /* 2^100 - 1 */
    fe_sqr_n(&u, &u, 50);
    fc_fe19119_mul(&u, &u, &x50);     /* 2^150 - 1 */
    fe_sqr_n(&u, &u, 20);
    fc_fe19119_mul(&u, &u, &x20);     /* 2^170 - 1 */
    fe_sqr_n(&u, &u, 10);
    fc_fe19119_mul(&u, &u, &x10);     /* 2^180 - 1 */
    fe_sqr_n(&u, &u, 5);
    fc_fe19119_mul(&u, &u, &x5);      /* 2^185 - 1 */
    fc_fe19119_sqr(&u, &u);
    fc_fe19119_mul(t, &u, a);         /* 2^186 - 1 */
}

void fc_fe19119_invert(fc_fe19119 *r, const fc_fe19119 *a)
{
    fc_fe19119 t, a11;
    fe_pow186(&t, &a11, a);
    fe_sqr_n(&t, &t, 5);              /* 2^191 - 2^5 */
    fc_fe19119_mul(r, &t, &a11);      /* 2^191 - 21 = p - 2 */
}

void fc_fe19119_pow_p58(fc_fe19119 *r, const fc_fe19119 *a)
{
    fc_fe19119 t, a11;
    fe_pow186(&t, &a11, a);
    fe_sqr_n(&t, &t, 2);              /* 2^188 - 4 */
    fc_fe19119_mul(r, &t, a);         /* 2^188 - 3 = (p - 5) / 8 */
}

#endif /* FC_WITH_X19119 */
