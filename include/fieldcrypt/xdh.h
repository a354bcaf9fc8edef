/* Montgomery-curve Diffie-Hellman: X25519 and X448 (RFC 7748) and X19119 on the legacy
 * Curve19119; the Elligator2 maps onto Curve25519 and Curve19119 (RFC 9380) are the MAP family
 * below.
 *
 * Scalars and u-coordinates are little-endian strings of the curve's length (FC_X25519: 32,
 * FC_X448: 56, FC_X19119: 24), as on the wire. fc_xdh clamps the scalar, masks the top bit of
 * u (X25519, X19119; X448's u has no spare bit) and accepts non-canonical u (>= p), exactly as
 * RFC 7748 section 5 says; X448 clears bits 0 and 1 and sets bit 447 of its scalar and has the
 * base point u = 5. An all-zero result (u of low
 * order) returns FC_ERR_ZERO_SHARED and zeroes out: protocols must abort on it (RFC 7748
 * section 6.1, CPace scalar_mult_vfy). fc_xdh_base multiplies the base point (u = 9 on
 * Curve25519, u = 11 on Curve19119); fc_xdh_keypair draws a secret from rng and computes its
 * public key.
 *
 * fc_map(FC_ELLIGATOR2_CURVE25519) is RFC 9380's map_to_curve_elligator2 for curve25519
 * (Z = 2), returning only the u-coordinate: the bare map CPace uses, not hash_to_curve (no
 * expand_message, no cofactor clearing). The input r is decoded as X25519 decodes a
 * u-coordinate: little-endian, bit 255 masked, reduced mod p. The output u is canonical (< p).
 *
 * X19119 is the same construction on Curve19119, the 96-bit-security legacy curve of Haase and
 * Labrique (CHES 2017): p = 2^191 - 19, v^2 = u^3 + 529418 u^2 + u (the paper's printed
 * 528418 is a typo for an insecure curve), base point u = 11 of prime order
 * q = 2^188 + 6805822842506810719592233527, cofactor 8, secure twist. For compatibility with
 * devices built on it only: X25519 is the choice for anything new. u has bit 191 masked and
 * may be >= p; the scalar is clamped as X25519's transposed (bits 0..2 and >= 191 cleared, bit
 * 190 set). fc_map(FC_ELLIGATOR2_CURVE19119) is RFC 9380's map_to_curve_elligator2 with
 * J = 529418, K = 1, Z = 2 (p = 5 mod 8), u only, r decoded like a u-coordinate, u canonical.
 * Built when FC_WITH_X19119 (config.h).
 *
 * Constant time: no branch or memory index depends on the scalar, u or r.
 */
#ifndef FIELDCRYPT_XDH_H
#define FIELDCRYPT_XDH_H

#include <stdint.h>
#include "status.h"
#include "algorithms.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Scalar, u-coordinate and shared secret lengths in bytes, and the largest of them. */
#define FC_X25519_LEN 32
#define FC_X19119_LEN 24
#define FC_X448_LEN 56
#define FC_XDH_MAX_LEN 56

/* out = X(scalar, u) on alg's curve. */
fc_status fc_xdh(const fc_provider *provider, fc_alg alg, uint8_t *out, const uint8_t *scalar,
                 const uint8_t *u);
/* pub = X(scalar, base point). */
fc_status fc_xdh_base(const fc_provider *provider, fc_alg alg, uint8_t *pub,
                      const uint8_t *scalar);
/* A fresh key pair from rng (NULL: the installed/default source; see rng.h). */
fc_status fc_xdh_keypair(const fc_provider *provider, fc_alg alg, const fc_rng *rng,
                         uint8_t *secret, uint8_t *pub);

/* u = map_to_curve(r), u and r of the map's length. */
fc_status fc_map(const fc_provider *provider, fc_alg alg, uint8_t *u, const uint8_t *r);

#ifdef __cplusplus
}
#endif
#endif
