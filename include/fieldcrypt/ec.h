/* Elliptic curves in short Weierstrass form: key pairs, ECDH and ECDSA on the curves of SEC 2
 * (secp192r1, secp224r1, secp256r1 = NIST P-256, secp384r1, secp521r1, secp192k1, secp224k1,
 * secp256k1) and RFC 5639 (brainpoolP256r1, brainpoolP384r1, brainpoolP512r1). A curve is an
 * algorithm of the EC family (FC_SECP256R1, ...); fc_alg_info gives its field bytes (out, L
 * below) and its group order's bytes (key, K below; K = L except secp224k1, whose order is
 * 225 bits: K = 29, L = 28).
 *
 * Encodings
 * - Private keys: big-endian integers of K bytes in [1, n - 1]; anything else is FC_ERR_KEY.
 * - Points (public keys): SEC1 2.3.3, uncompressed 0x04 || X || Y (1 + 2L bytes) or compressed
 *   0x02 / 0x03 || X (1 + L bytes, the prefix's low bit the parity of Y). Every function that
 *   takes a point accepts both forms and validates it fully (SEC1 3.2.2.1) before any secret
 *   meets it: a wrong length or prefix, the point at infinity (0x00) and hybrid points (0x06,
 *   0x07) are FC_ERR_ENCODING; X or Y >= p, or a point not on the curve, FC_ERR_POINT. Points
 *   written are uncompressed unless the function says otherwise.
 * - The ECDH shared secret is the x-coordinate of the shared point, L bytes (SEC1 3.3.1, as TLS
 *   and BLE use it; feed it to a KDF).
 * - ECDSA signatures: raw r || s, each K bytes big-endian (IEEE P1363), or with FC_ECDSA_DER
 *   the X9.62 DER SEQUENCE of two INTEGERs. The DER reader is strict: definite minimal lengths,
 *   minimal positive INTEGERs, nothing after the SEQUENCE; anything else is FC_ERR_ENCODING.
 *
 * ECDSA
 * - Hash truncation (FIPS 186-5 6.4.1): the digest's leftmost min(N, 8 * digest length) bits
 *   become the integer e, N the bit length of n; any hash of the HASH family on any curve.
 * - Nonces: RFC 6979 deterministic k from the private key and the digest, by HMAC over the same
 *   hash. FC_ECDSA_HEDGED adds K bytes from rng as RFC 6979 3.6's extra data k', so the
 *   signature is randomised and a repeated message under a fault does not repeat k, while a
 *   broken rng still leaves the deterministic construction's safety. Without the flag, rng is
 *   not used and may be NULL.
 * - FC_ECDSA_LOW_S: signing writes n - s when s > n / 2 (secp256k1's rule in Bitcoin, BIP 146);
 *   verification refuses s > n / 2. Without it, verification accepts both.
 * - Verification returns FC_OK for a valid signature and FC_ERR_VERIFY for an invalid one (r or
 *   s 0 or >= n included); FC_ERR_ENCODING for a signature of the wrong length or malformed DER
 *   and FC_ERR_POINT / FC_ERR_ENCODING for an invalid public key: a caller that only wants a
 *   yes or no treats every status but FC_OK as no.
 *
 * On failure nothing is written to the outputs (fc_ecdsa_sign: sig and *sig_len untouched),
 * except when a provider fails after the inputs were checked: then fc_ecdh and
 * fc_ec_public_key wipe theirs, as fc_xdh does.
 *
 * Constant time: key generation, public keys, ECDH and signing run with no branch or memory
 * index depending on the private key, the nonce or the peer's point (the soft provider's
 * complete addition formulas have no exceptional case to branch on). Verification and the
 * encodings handle public data only and may take variable time.
 */
#ifndef FIELDCRYPT_EC_H
#define FIELDCRYPT_EC_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "algorithms.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FC_EC_MAX_LEN 66                              /* L and K of secp521r1 */
#define FC_EC_POINT_MAX_LEN (1 + 2 * FC_EC_MAX_LEN)   /* an uncompressed point */
#define FC_ECDSA_MAX_LEN (2 * FC_EC_MAX_LEN)          /* a raw signature */
#define FC_ECDSA_DER_MAX_LEN (2 * FC_EC_MAX_LEN + 9)  /* a DER signature, at most */

/* ECDSA flags */
#define FC_ECDSA_DER 0x1u     /* signatures in DER, not raw r || s */
#define FC_ECDSA_HEDGED 0x2u  /* sign: mix K bytes from rng into RFC 6979's nonce */
#define FC_ECDSA_LOW_S 0x4u   /* sign: s <= n / 2; verify: refuse s > n / 2 */

/* A fresh key pair from rng (NULL: the installed/default source): priv (K bytes) by rejection
 * sampling in [1, n - 1] (FIPS 186-5 A.2.2), pub = priv * G uncompressed (1 + 2L bytes). */
fc_status fc_ec_keypair(const fc_provider *provider, fc_alg curve, const fc_rng *rng,
                        uint8_t *priv, uint8_t *pub);
/* pub = priv * G, uncompressed (1 + 2L bytes). */
fc_status fc_ec_public_key(const fc_provider *provider, fc_alg curve, uint8_t *pub,
                           const uint8_t *priv);
/* FC_OK when point is a valid public key of the curve (SEC1 3.2.2.1, either form). */
fc_status fc_ec_check_public(const fc_provider *provider, fc_alg curve, const uint8_t *point,
                             size_t point_len);
/* out = point compressed (1 + L bytes), after validating it. */
fc_status fc_ec_compress(const fc_provider *provider, fc_alg curve, uint8_t *out,
                         const uint8_t *point, size_t point_len);
/* out = point uncompressed (1 + 2L bytes), after validating it. */
fc_status fc_ec_decompress(const fc_provider *provider, fc_alg curve, uint8_t *out,
                           const uint8_t *point, size_t point_len);

/* shared = x(priv * peer), L bytes; peer in either SEC1 form, validated first. */
fc_status fc_ecdh(const fc_provider *provider, fc_alg curve, uint8_t *shared,
                  const uint8_t *priv, const uint8_t *peer, size_t peer_len);

/* Signs hash(msg) with priv. *sig_len holds the room at sig on entry (2K raw; with
 * FC_ECDSA_DER up to 2K + 9, FC_ECDSA_DER_MAX_LEN always suffices) and the bytes written on
 * return; too little room is FC_ERR_LENGTH. hash: an algorithm of the HASH family. */
fc_status fc_ecdsa_sign(const fc_provider *provider, fc_alg curve, fc_alg hash,
                        const fc_rng *rng, uint8_t *sig, size_t *sig_len, const uint8_t *priv,
                        const uint8_t *msg, size_t msg_len, unsigned flags);
/* The same over a digest the caller computed: digest_len must be hash's output length (hash
 * also keys RFC 6979's HMAC). */
fc_status fc_ecdsa_sign_digest(const fc_provider *provider, fc_alg curve, fc_alg hash,
                               const fc_rng *rng, uint8_t *sig, size_t *sig_len,
                               const uint8_t *priv, const uint8_t *digest, size_t digest_len,
                               unsigned flags);
/* FC_OK when sig is pub's signature of hash(msg). */
fc_status fc_ecdsa_verify(const fc_provider *provider, fc_alg curve, fc_alg hash,
                          const uint8_t *pub, size_t pub_len, const uint8_t *msg,
                          size_t msg_len, const uint8_t *sig, size_t sig_len, unsigned flags);
/* The same over a digest of any length (truncated as above). */
fc_status fc_ecdsa_verify_digest(const fc_provider *provider, fc_alg curve, const uint8_t *pub,
                                 size_t pub_len, const uint8_t *digest, size_t digest_len,
                                 const uint8_t *sig, size_t sig_len, unsigned flags);

/* Signature encodings: raw r || s (2K bytes) to DER (*der_len: room in, bytes out) and back
 * (strict; r and s must also fit in K bytes). */
fc_status fc_ecdsa_sig_to_der(fc_alg curve, uint8_t *der, size_t *der_len, const uint8_t *raw);
fc_status fc_ecdsa_sig_from_der(fc_alg curve, uint8_t *raw, const uint8_t *der,
                                size_t der_len);

/* A DER SubjectPublicKeyInfo of an EC key (RFC 5480: id-ecPublicKey with a namedCurve OID of
 * the list) into its curve and its SEC1 point (*point_len: room in, bytes out; the point is
 * returned as encoded, not validated: pass it to fc_ec_check_public or use it). Explicit
 * curve parameters and unknown curves are FC_ERR_UNSUPPORTED; malformed DER FC_ERR_ENCODING. */
fc_status fc_ec_spki_parse(fc_alg *curve, uint8_t *point, size_t *point_len,
                           const uint8_t *der, size_t der_len);

#ifdef __cplusplus
}
#endif
#endif
