/* HKDF (RFC 5869) over SHA-224/256/384/512.
 *
 * fc_hkdf_extract: PRK = HMAC(salt, IKM); an empty salt means HashLen zero bytes.
 * fc_hkdf_expand:  OKM of 0..255*HashLen bytes; longer requests return FC_ERR_LENGTH.
 * fc_hkdf:         both in one call.
 * salt/info/ikm may be NULL when their length is 0. okm must not overlap prk or info
 * (FC_ERR_ARGUMENT): expand reads them again for every output block.
 */
#ifndef FIELDCRYPT_KDF_H
#define FIELDCRYPT_KDF_H

#include "hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* prk_len must be at least the digest length; exactly the digest length is written. */
fc_status fc_hkdf_extract(fc_hash_alg alg, const fc_provider *provider, const uint8_t *salt,
                          size_t salt_len, const uint8_t *ikm, size_t ikm_len, uint8_t *prk,
                          size_t prk_len);
/* prk_len must be at least the digest length (RFC 5869 section 2.3). */
fc_status fc_hkdf_expand(fc_hash_alg alg, const fc_provider *provider, const uint8_t *prk,
                         size_t prk_len, const uint8_t *info, size_t info_len, uint8_t *okm,
                         size_t okm_len);
fc_status fc_hkdf(fc_hash_alg alg, const fc_provider *provider, const uint8_t *salt,
                  size_t salt_len, const uint8_t *ikm, size_t ikm_len, const uint8_t *info,
                  size_t info_len, uint8_t *okm, size_t okm_len);

#ifdef __cplusplus
}
#endif
#endif
