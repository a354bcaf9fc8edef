/* Exponentiations in GF(2^255 - 19) over the field API of fe25519.h, shared by both limb
 * layouts (fe25519_32.c, fe25519_64.c): inversion and the square-root helper. The chains are
 * fixed: the same squarings and multiplications for every input. */
#include "fieldcrypt/config.h"

#if FC_WITH_X25519

#include "fe25519.h"

/* t = a^(2^250 - 1) and a11 = a^11, the common part of both exponentiations:
 * 254 squarings and 11 multiplications in all with the tails below. */
static void fe_pow250(fc_fe25519 *t, fc_fe25519 *a11, const fc_fe25519 *a)
{
    fc_fe25519 u, v;
    fc_fe25519_sqr(&u, a);           /* a^2 */
    fc_fe25519_sqr_n(&v, &u, 2);     /* a^8 */
    fc_fe25519_mul(&v, &v, a);       /* a^9 */
    fc_fe25519_mul(a11, &u, &v);     /* a^11 */
    fc_fe25519_sqr(&u, a11);         /* a^22 */
    fc_fe25519_mul(&v, &v, &u);      /* a^31 = a^(2^5 - 1) */
    fc_fe25519_sqr_n(&u, &v, 5);
    fc_fe25519_mul(&v, &u, &v);      /* 2^10 - 1 */
    fc_fe25519_sqr_n(&u, &v, 10);
    fc_fe25519_mul(&u, &u, &v);      /* 2^20 - 1 */
    fc_fe25519_sqr_n(t, &u, 20);
    fc_fe25519_mul(t, t, &u);        /* 2^40 - 1 */
    fc_fe25519_sqr_n(t, t, 10);
    fc_fe25519_mul(t, t, &v);        /* 2^50 - 1 */
    fc_fe25519_sqr_n(&u, t, 50);
    fc_fe25519_mul(&u, &u, t);       /* 2^100 - 1 */
    fc_fe25519_sqr_n(&v, &u, 100);
    fc_fe25519_mul(&v, &v, &u);      /* 2^200 - 1 */
    fc_fe25519_sqr_n(&v, &v, 50);
    fc_fe25519_mul(t, &v, t);        /* 2^250 - 1 */
}

void fc_fe25519_invert(fc_fe25519 *r, const fc_fe25519 *a)
{
    fc_fe25519 t, a11;
    fe_pow250(&t, &a11, a);
    fc_fe25519_sqr_n(&t, &t, 5);     /* 2^255 - 2^5 */
    fc_fe25519_mul(r, &t, &a11);     /* 2^255 - 21 = p - 2 */
}

void fc_fe25519_pow22523(fc_fe25519 *r, const fc_fe25519 *a)
{
    fc_fe25519 t, a11;
    fe_pow250(&t, &a11, a);
    fc_fe25519_sqr_n(&t, &t, 2);     /* 2^252 - 4 */
    fc_fe25519_mul(r, &t, a);        /* 2^252 - 3 = (p - 5) / 8 */
}

#endif
