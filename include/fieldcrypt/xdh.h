/* X25519 Diffie-Hellman (RFC 7748) and the Elligator2 map to Curve25519 (RFC 9380), and the
 * same two on the legacy Curve19119.
 *
 * Scalars and u-coordinates are 32-byte little-endian strings, as on the wire.
 * fc_x25519 clamps the scalar, masks bit 255 of u and accepts non-canonical u (>= p), exactly
 * as RFC 7748 section 5 says. An all-zero result (u of low order) returns FC_ERR_ZERO_SHARED and
 * zeroes out: protocols must abort on it (RFC 7748 section 6.1, CPace scalar_mult_vfy).
 *
 * fc_elligator2_curve25519 is RFC 9380's map_to_curve_elligator2 for curve25519 (Z = 2),
 * returning only the u-coordinate: the bare map CPace uses, not hash_to_curve (no
 * expand_message, no cofactor clearing). The input r is decoded as X25519 decodes a u-coordinate:
 * little-endian, bit 255 masked, reduced mod p. The output u is canonical (< p).
 *
 * X19119 is the same construction on Curve19119, the 96-bit-security legacy curve of Haase and
 * Labrique (CHES 2017): p = 2^191 - 19, v^2 = u^3 + 529418 u^2 + u (the paper's printed
 * 528418 is a typo for an insecure curve), base point u = 11 of prime order
 * q = 2^188 + 6805822842506810719592233527, cofactor 8, secure twist. For compatibility with
 * devices built on it only: X25519 is the choice for anything new. Scalars and u-coordinates
 * are 24-byte little-endian strings; u has bit 191 masked and may be >= p; the scalar is
 * clamped as X25519's transposed (bits 0..2 and >= 191 cleared, bit 190 set); an all-zero
 * result returns FC_ERR_ZERO_SHARED and zeroes out. fc_elligator2_curve19119 is RFC 9380's
 * map_to_curve_elligator2 with J = 529418, K = 1, Z = 2 (p = 5 mod 8), u only, r decoded like
 * a u-coordinate, u canonical. Built when FC_WITH_X19119 (config.h); FC_ERR_UNSUPPORTED from a
 * provider without it (the OpenSSL one).
 *
 * Constant time: no branch or memory index depends on the scalar, u or r.
 */
#ifndef FIELDCRYPT_XDH_H
#define FIELDCRYPT_XDH_H

#include <stdint.h>
#include "status.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif


#define FC_X25519_LEN 32

fc_status fc_x25519(const fc_provider *provider, uint8_t out[32], const uint8_t scalar[32],
                    const uint8_t u[32]);
/* Public key: scalar times the base point u = 9. */
fc_status fc_x25519_base(const fc_provider *provider, uint8_t pub[32], const uint8_t scalar[32]);
/* Fresh key pair from rng (NULL: the installed/default source; see rng.h). */
fc_status fc_x25519_keypair(const fc_provider *provider, const fc_rng *rng, uint8_t secret[32],
                            uint8_t pub[32]);

fc_status fc_elligator2_curve25519(const fc_provider *provider, uint8_t u[32], const uint8_t r[32]);

#define FC_X19119_LEN 24

fc_status fc_x19119(const fc_provider *provider, uint8_t out[24], const uint8_t scalar[24],
                    const uint8_t u[24]);
/* Public key: scalar times the base point u = 11. */
fc_status fc_x19119_base(const fc_provider *provider, uint8_t pub[24], const uint8_t scalar[24]);
fc_status fc_elligator2_curve19119(const fc_provider *provider, uint8_t u[24], const uint8_t r[24]);

#ifdef __cplusplus
}
#endif
#endif
