/* Arithmetic in GF(p), p = 2^255 - 19, for the soft X25519 and Elligator2 (internal header).
 *
 * One API, two implementations, chosen by FC_FE25519_64 (config.h):
 *   fe25519_32.c  16 limbs of 16 bits in uint16_t, radix 2^16, over the limb-count-generic
 *                 code of fe16.c (shared with GF(2^191 - 19), fe19119.c). Only 16x16->32-bit
 *                 products, so it suits the Cortex-M0, whose MULS gives the low 32 bits only.
 *   fe25519_64.c  5 limbs of 51 bits in uint64_t, products in unsigned __int128.
 *
 * A fc_fe25519 holds a value congruent to the element mod p, not necessarily below p (the
 * limb bounds are each file's business). Every function accepts any value another one
 * produced and may be called with outputs aliasing inputs. fc_fe25519_tobytes is the only
 * way to see the canonical value.
 *
 * Constant time: no branch or memory index depends on a field element, and cswap/cmov mask
 * with the bit instead of branching on it.
 */
#ifndef FC_FE25519_H
#define FC_FE25519_H

#include <stdint.h>

#include "fieldcrypt/config.h"
#include "fieldcrypt/status.h"

#if FC_WITH_X25519

#if FC_FE25519_64
#define FC_FE25519_LIMBS 5
typedef uint64_t fc_fe25519_limb;
#else
#define FC_FE25519_LIMBS 16
typedef uint16_t fc_fe25519_limb; /* fe16.h's fc_fe16_limb */
#endif

typedef struct fc_fe25519 {
    fc_fe25519_limb v[FC_FE25519_LIMBS];
} fc_fe25519;

/* r = c, for c < 2^32 (0, 1, 9, 486662, ...). */
void fc_fe25519_set_u32(fc_fe25519 *r, uint32_t c);
/* 32-byte little-endian string; bit 255 is ignored and values >= p are accepted
 * (RFC 7748 decodeUCoordinate). */
void fc_fe25519_frombytes(fc_fe25519 *r, const uint8_t in[32]);
/* Canonical (fully reduced, < p) 32-byte little-endian encoding. */
void fc_fe25519_tobytes(uint8_t out[32], const fc_fe25519 *a);

void fc_fe25519_add(fc_fe25519 *r, const fc_fe25519 *a, const fc_fe25519 *b); /* a + b */
void fc_fe25519_sub(fc_fe25519 *r, const fc_fe25519 *a, const fc_fe25519 *b); /* a - b */
void fc_fe25519_neg(fc_fe25519 *r, const fc_fe25519 *a);                      /* -a */
void fc_fe25519_mul(fc_fe25519 *r, const fc_fe25519 *a, const fc_fe25519 *b); /* a * b */
void fc_fe25519_sqr(fc_fe25519 *r, const fc_fe25519 *a);                      /* a^2 */
/* a * c for a small constant c < 2^19 (121665 = (A-2)/4, 486662 = A). */
void fc_fe25519_mul_small(fc_fe25519 *r, const fc_fe25519 *a, uint32_t c);

/* Swap a and b if bit == 1, leave them if bit == 0. */
void fc_fe25519_cswap(fc_fe25519 *a, fc_fe25519 *b, uint32_t bit);
/* r = a if bit == 1, leave r if bit == 0. */
void fc_fe25519_cmov(fc_fe25519 *r, const fc_fe25519 *a, uint32_t bit);
/* 1 if a == 0 mod p, else 0. */
uint32_t fc_fe25519_iszero(const fc_fe25519 *a);

/* r = a^(2^n), n >= 1 */
void fc_fe25519_sqr_n(fc_fe25519 *r, const fc_fe25519 *a, unsigned n);

/* fe25519_pow.c, for both layouts: */
/* a^(p-2) = 1/a for a != 0, and 0 for a == 0 (RFC 9380 inv0). */
void fc_fe25519_invert(fc_fe25519 *r, const fc_fe25519 *a);
/* a^((p-5)/8) = a^(2^252 - 3), the square-root helper; the Legendre symbol
 * a^((p-1)/2) is then (a^((p-5)/8))^4 * a^2. */
void fc_fe25519_pow22523(fc_fe25519 *r, const fc_fe25519 *a);

#endif /* FC_WITH_X25519 */
#endif
