/* Arithmetic in GF(p), p = 2^448 - 2^224 - 1 (the Goldilocks prime), for the soft X448
 * (internal header).
 *
 * An element is 16 limbs of 28 bits in uint32_t, value sum v[i] * 2^(28 i): 448 bits, so a
 * 56-byte string splits into the limbs without a remainder, and 2^224 is limb 8, which makes
 * the reduction 2^448 = 2^224 + 1 (mod p) a matter of adding a limb into two others.
 * Products are 32x32->64-bit (uint64_t).
 *
 * A fc_fe448 holds a value congruent to the element mod p, not necessarily below p: every
 * function returns it "carried" (every limb below 2^28 + 2^10) and takes carried inputs;
 * outputs may alias inputs. fc_fe448_tobytes is the only way to see the canonical value.
 *
 * Constant time: no branch or memory index depends on a field element; cswap masks with the
 * bit instead of branching on it, and the final reduction selects with a mask.
 */
#ifndef FC_FE448_H
#define FC_FE448_H

#include <stdint.h>

#include "fieldcrypt/config.h"

#if FC_WITH_X448

#define FC_FE448_LIMBS 16

typedef struct fc_fe448 {
    uint32_t v[FC_FE448_LIMBS];
} fc_fe448;

/* r = c, for c < 2^28 (0, 1, 5, ...). */
void fc_fe448_set_small(fc_fe448 *r, uint32_t c);
/* 56-byte little-endian string: all 448 bits are used and values >= p are accepted
 * (RFC 7748 decodeUCoordinate for X448: nothing to mask). */
void fc_fe448_frombytes(fc_fe448 *r, const uint8_t in[56]);
/* Canonical (fully reduced, < p) 56-byte little-endian encoding. */
void fc_fe448_tobytes(uint8_t out[56], const fc_fe448 *a);

void fc_fe448_add(fc_fe448 *r, const fc_fe448 *a, const fc_fe448 *b); /* a + b */
void fc_fe448_sub(fc_fe448 *r, const fc_fe448 *a, const fc_fe448 *b); /* a - b */
void fc_fe448_mul(fc_fe448 *r, const fc_fe448 *a, const fc_fe448 *b); /* a * b */
void fc_fe448_sqr(fc_fe448 *r, const fc_fe448 *a);                    /* a^2 */
/* a * c for a small constant c < 2^16 (39081 = (A - 2) / 4, the base point 5). */
void fc_fe448_mul_small(fc_fe448 *r, const fc_fe448 *a, uint32_t c);

/* Swap a and b if bit == 1, leave them if bit == 0. */
void fc_fe448_cswap(fc_fe448 *a, fc_fe448 *b, uint32_t bit);

/* a^(p-2) = 1/a for a != 0, and 0 for a == 0. */
void fc_fe448_invert(fc_fe448 *r, const fc_fe448 *a);

#endif /* FC_WITH_X448 */
#endif
