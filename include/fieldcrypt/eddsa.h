/* Ed25519 signatures (RFC 8032 5.1) and its variants Ed25519ctx and Ed25519ph; conversion of
 * Ed25519 keys to X25519 keys.
 *
 * seed is the 32-byte private key of RFC 8032, pub the 32-byte public key, sig the 64-byte
 * R || S. FC_ED25519 takes no context (context_len 0); FC_ED25519CTX a context of 1 to 255
 * bytes; FC_ED25519PH 0 to 255 bytes and hashes the message with SHA-512 first (the caller
 * passes the message, not its hash).
 *
 * fc_eddsa_sign takes the seed's public key when the caller has it stored (it saves a
 * scalar multiplication): it must be that seed's own key. A wrong pub would make two
 * signatures with the same nonce and reveal the private key; pass NULL when unsure, and the
 * key is computed.
 *
 * Verification rules (the strict reading of RFC 8032 5.1.7 that libsodium applies):
 * - S must be canonical, S < L; otherwise FC_ERR_VERIFY.
 * - pub and R must be canonical encodings (y < p, and not x = 0 with the sign bit set) of
 *   points on the curve; otherwise FC_ERR_VERIFY.
 * - pub and R of small order (the eight points of order dividing 8) are refused: FC_ERR_VERIFY.
 * - The equation checked is the cofactorless [S]B = R + [k]A, by comparing encodings.
 * Every signature RFC 8032's signing produces passes; the refusals only drop signatures an
 * honest signer cannot produce. Verification runs in variable time (public data only).
 *
 * Conversion: the X25519 public key of an Ed25519 one is u = (1 + y) / (1 - y) (RFC 7748 4.1);
 * the X25519 secret is the first half of SHA-512(seed) (RFC 8032 5.1.5), clamped by X25519 as
 * always. Use a key for one of the two jobs where you can; the conversion is for protocols
 * that need both from one key.
 *
 * Constant time: key generation and signing have no branch or memory index depending on the
 * seed or the nonce.
 */
#ifndef FIELDCRYPT_EDDSA_H
#define FIELDCRYPT_EDDSA_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "algorithms.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FC_ED25519_SEED_LEN 32   /* a private key (the RFC 8032 seed), bytes */
#define FC_ED25519_PUBLIC_LEN 32  /* a public key, bytes */
#define FC_ED25519_SIG_LEN 64    /* a signature, bytes */
#define FC_EDDSA_MAX_CONTEXT 255  /* the longest context string, bytes */

/* pub from seed. */
fc_status fc_eddsa_public_key(const fc_provider *provider, fc_alg alg, uint8_t *pub,
                              const uint8_t *seed);
/* A fresh seed from rng (NULL: the installed/default source) and its public key. */
fc_status fc_eddsa_keypair(const fc_provider *provider, fc_alg alg, const fc_rng *rng,
                           uint8_t *seed, uint8_t *pub);
/* sig = the signature of msg under seed (pub: seed's public key or NULL). */
fc_status fc_eddsa_sign(const fc_provider *provider, fc_alg alg, uint8_t *sig,
                        const uint8_t *seed, const uint8_t *pub, const uint8_t *context,
                        size_t context_len, const uint8_t *msg, size_t msg_len);
/* FC_OK when sig is pub's signature of msg under the rules above, else FC_ERR_VERIFY. */
fc_status fc_eddsa_verify(const fc_provider *provider, fc_alg alg, const uint8_t *pub,
                          const uint8_t *context, size_t context_len, const uint8_t *msg,
                          size_t msg_len, const uint8_t *sig);

/* The X25519 public key of an Ed25519 public key (FC_ERR_POINT if pub does not decode or is
 * of small order). */
fc_status fc_ed25519_to_x25519_public(const fc_provider *provider, uint8_t *x25519_pub,
                                      const uint8_t *ed25519_pub);
/* The X25519 secret of an Ed25519 seed. */
fc_status fc_ed25519_to_x25519_secret(const fc_provider *provider, uint8_t *x25519_secret,
                                      const uint8_t *seed);

#ifdef __cplusplus
}
#endif
#endif
