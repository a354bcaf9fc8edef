/* Arithmetic in GF(p), p = 2^191 - 19, for the soft X19119 and Elligator2 on Curve19119
 * (internal header).
 *
 * 12 limbs of 16 bits over the shared radix-2^16 code of fe16.h, on every target (also on
 * 64-bit hosts). The same contract as fe25519.h: values are
 * congruent to the element, not necessarily below p; every function accepts what another one
 * produced, outputs may alias inputs; fc_fe19119_tobytes alone gives the canonical value.
 * Constant time: no branch or memory index depends on a field element.
 */
#ifndef FC_FE19119_H
#define FC_FE19119_H

#include <stdint.h>

#include "fieldcrypt/config.h"
#include "fieldcrypt/status.h"

#if FC_WITH_X19119

#define FC_FE19119_LIMBS 12

typedef struct fc_fe19119 {
    uint16_t v[FC_FE19119_LIMBS]; /* fe16.h's fc_fe16_limb */
} fc_fe19119;

void fc_fe19119_set_u32(fc_fe19119 *r, uint32_t c);
/* 24-byte little-endian string; bit 191 is ignored and values >= p are accepted. */
void fc_fe19119_frombytes(fc_fe19119 *r, const uint8_t in[24]);
/* canonical (< p) 24-byte little-endian encoding */
void fc_fe19119_tobytes(uint8_t out[24], const fc_fe19119 *a);

void fc_fe19119_add(fc_fe19119 *r, const fc_fe19119 *a, const fc_fe19119 *b);
void fc_fe19119_sub(fc_fe19119 *r, const fc_fe19119 *a, const fc_fe19119 *b);
void fc_fe19119_neg(fc_fe19119 *r, const fc_fe19119 *a);
void fc_fe19119_mul(fc_fe19119 *r, const fc_fe19119 *a, const fc_fe19119 *b);
void fc_fe19119_sqr(fc_fe19119 *r, const fc_fe19119 *a);
/* a * c for a small constant c < 2^19 (11, 132354 = (A-2)/4; not A = 529418, which is
 * above the bound: use set_u32 and mul for it). */
void fc_fe19119_mul_small(fc_fe19119 *r, const fc_fe19119 *a, uint32_t c);

void fc_fe19119_cswap(fc_fe19119 *a, fc_fe19119 *b, uint32_t bit);
void fc_fe19119_cmov(fc_fe19119 *r, const fc_fe19119 *a, uint32_t bit);
uint32_t fc_fe19119_iszero(const fc_fe19119 *a);

/* a^(p-2) = 1/a for a != 0, and 0 for a == 0 (RFC 9380 inv0). */
void fc_fe19119_invert(fc_fe19119 *r, const fc_fe19119 *a);
/* a^((p-5)/8) = a^(2^188 - 3); the Legendre symbol a^((p-1)/2) is then
 * (a^((p-5)/8))^4 * a^2, as for 2^255 - 19 (p = 5 mod 8 for both). */
void fc_fe19119_pow_p58(fc_fe19119 *r, const fc_fe19119 *a);

#endif /* FC_WITH_X19119 */
#endif
