/* Key derivation: HKDF (RFC 5869) over the HMAC of every hash (hash.h).
 *
 * fc_kdf_extract: PRK = HMAC(salt, IKM); an empty salt means HashLen zero bytes.
 * fc_kdf_expand:  OKM of 0..255*HashLen bytes; longer requests return FC_ERR_LENGTH.
 * fc_kdf:         both in one call.
 * salt/info/ikm may be NULL when their length is 0. okm must not overlap prk or info
 * (FC_ERR_ARGUMENT): expand reads them again for every output block. A failure once the
 * arguments passed their checks wipes okm. A provider without its own HKDF gets the core's (src/core/hkdf.c) over its MAC.
 */
#ifndef FIELDCRYPT_KDF_H
#define FIELDCRYPT_KDF_H

#include "hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* prk_len must be at least HashLen; exactly HashLen bytes are written. */
fc_status fc_kdf_extract(const fc_provider *provider, fc_alg alg, uint8_t *prk, size_t prk_len,
                         const uint8_t *salt, size_t salt_len, const uint8_t *ikm,
                         size_t ikm_len);
/* prk_len must be at least HashLen (RFC 5869 section 2.3). */
fc_status fc_kdf_expand(const fc_provider *provider, fc_alg alg, uint8_t *okm, size_t okm_len,
                        const uint8_t *prk, size_t prk_len, const uint8_t *info,
                        size_t info_len);
fc_status fc_kdf(const fc_provider *provider, fc_alg alg, uint8_t *okm, size_t okm_len,
                 const uint8_t *salt, size_t salt_len, const uint8_t *ikm, size_t ikm_len,
                 const uint8_t *info, size_t info_len);

#ifdef __cplusplus
}
#endif
#endif
