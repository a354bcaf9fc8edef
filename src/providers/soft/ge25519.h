/* The Ed25519 group: the twisted Edwards curve -x^2 + y^2 = 1 + d x^2 y^2 over GF(2^255 - 19),
 * d = -121665/121666 (RFC 8032 5.1), over the field arithmetic of fe25519.h (internal header,
 * ge25519.c).
 *
 * Points are in extended coordinates (X : Y : Z : T), x = X/Z, y = Y/Z, x y = T/Z
 * (Hisil, Wong, Carter, Dawson, "Twisted Edwards curves revisited", 2008). Encodings are RFC
 * 8032 5.1.2's: y little-endian with the parity of x in bit 255.
 *
 * Constant time: fc_ge25519_base_tobytes only (the signing scalars); decoding, the small-order
 * test and the double multiplication of verification run in variable time on public data.
 */
#ifndef FC_GE25519_H
#define FC_GE25519_H

#include <stdint.h>

#include "fe25519.h"

#if FC_WITH_X25519

typedef struct fc_ge25519 {
    fc_fe25519 X, Y, Z, T;
} fc_ge25519;

/* out = the encoding of [a]B for a 32-byte little-endian a < 2^255 (a clamped secret scalar or
 * a reduced nonce). Constant time. */
void fc_ge25519_base_tobytes(uint8_t out[32], const uint8_t a[32]);

/* Decodes s (RFC 8032 5.1.3) into r: 0 on success; -1 when y >= p, when x = 0 comes with the
 * sign bit set, or when no point has that y. Variable time. */
int fc_ge25519_frombytes(fc_ge25519 *r, const uint8_t s[32]);
/* The encoding of p. */
void fc_ge25519_tobytes(uint8_t out[32], const fc_ge25519 *p);
/* 1 when [8]p is the neutral element (p is one of the eight points of small order). */
int fc_ge25519_is_small_order(const fc_ge25519 *p);
/* r = [s]B - [k]A, for public s and k below 2^253 (sliding windows, variable time); r may be
 * A. */
void fc_ge25519_double_scalarmult_vartime(fc_ge25519 *r, const uint8_t k[32],
                                          const fc_ge25519 *A, const uint8_t s[32]);

#endif /* FC_WITH_X25519 */
#endif
