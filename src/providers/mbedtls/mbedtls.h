/* The "mbedtls" provider's descriptors, by file, and what differs between the mbedTLS
 * versions it builds against: 2.28 (Debian 12's libmbedtls-dev) names the streaming hash
 * calls *_ret, 3.x drops the suffix. Nothing here touches a private field of mbedTLS: every
 * context is opaque, filled and read through mbedTLS's own calls. */
#ifndef FC_PROVIDER_MBEDTLS_H
#define FC_PROVIDER_MBEDTLS_H
#include "fieldcrypt/driver.h"
#include "fieldcrypt/ct.h"

#include <mbedtls/version.h>

#if MBEDTLS_VERSION_NUMBER < 0x03000000
#define FC_MBED_SHA1_STARTS mbedtls_sha1_starts_ret
#define FC_MBED_SHA1_UPDATE mbedtls_sha1_update_ret
#define FC_MBED_SHA1_FINISH mbedtls_sha1_finish_ret
#define FC_MBED_MD5_STARTS mbedtls_md5_starts_ret
#define FC_MBED_MD5_UPDATE mbedtls_md5_update_ret
#define FC_MBED_MD5_FINISH mbedtls_md5_finish_ret
#define FC_MBED_SHA256_STARTS mbedtls_sha256_starts_ret
#define FC_MBED_SHA256_UPDATE mbedtls_sha256_update_ret
#define FC_MBED_SHA256_FINISH mbedtls_sha256_finish_ret
#define FC_MBED_SHA512_STARTS mbedtls_sha512_starts_ret
#define FC_MBED_SHA512_UPDATE mbedtls_sha512_update_ret
#define FC_MBED_SHA512_FINISH mbedtls_sha512_finish_ret
#else
#define FC_MBED_SHA1_STARTS mbedtls_sha1_starts
#define FC_MBED_SHA1_UPDATE mbedtls_sha1_update
#define FC_MBED_SHA1_FINISH mbedtls_sha1_finish
#define FC_MBED_MD5_STARTS mbedtls_md5_starts
#define FC_MBED_MD5_UPDATE mbedtls_md5_update
#define FC_MBED_MD5_FINISH mbedtls_md5_finish
#define FC_MBED_SHA256_STARTS mbedtls_sha256_starts
#define FC_MBED_SHA256_UPDATE mbedtls_sha256_update
#define FC_MBED_SHA256_FINISH mbedtls_sha256_finish
#define FC_MBED_SHA512_STARTS mbedtls_sha512_starts
#define FC_MBED_SHA512_UPDATE mbedtls_sha512_update
#define FC_MBED_SHA512_FINISH mbedtls_sha512_finish
#endif

/* What a build of mbedTLS has. The host library (Debian's) has everything listed here; a
 * device build compiles only what config/mbedtls/fc_mbedtls_device.h enables. */
#if defined(MBEDTLS_MD_C) && !defined(FC_MBEDTLS_NO_HEAP)
#define FC_MBED_HAVE_HMAC 1 /* mbedtls_md: its contexts are on mbedTLS's heap */
#else
#define FC_MBED_HAVE_HMAC 0
#endif
#if defined(MBEDTLS_CMAC_C) && defined(MBEDTLS_CIPHER_C) && !defined(FC_MBEDTLS_NO_HEAP)
#define FC_MBED_HAVE_CMAC 1 /* mbedtls_cipher: heap too */
#else
#define FC_MBED_HAVE_CMAC 0
#endif
#if defined(MBEDTLS_ECP_C) && !defined(FC_MBEDTLS_NO_HEAP)
#define FC_MBED_HAVE_EC 1 /* bignums: heap */
#else
#define FC_MBED_HAVE_EC 0
#endif

#if defined(MBEDTLS_RSA_C) && !defined(FC_MBEDTLS_NO_HEAP)
#define FC_MBED_HAVE_RSA 1 /* bignums: heap */
#else
#define FC_MBED_HAVE_RSA 0
#endif

/* mbedTLS's RNG callback over fieldcrypt's default source (rng.h): the scalar
 * multiplications' randomised coordinates and the signature's blinding */
int fc_mbedtls_rng(void *user, unsigned char *out, size_t len);

/* mbedtls_mac.c */
extern const fc_impl fc_mbedtls_hmac_sha1, fc_mbedtls_hmac_sha224, fc_mbedtls_hmac_sha256,
    fc_mbedtls_hmac_sha384, fc_mbedtls_hmac_sha512, fc_mbedtls_hmac_md5, fc_mbedtls_cmac,
    fc_mbedtls_poly1305;
/* mbedtls_cipher.c */
extern const fc_impl fc_mbedtls_aes;
/* mbedtls_aead.c */
extern const fc_impl fc_mbedtls_aes_gcm, fc_mbedtls_aes_ccm, fc_mbedtls_chacha20_poly1305;
/* mbedtls_stream.c */
extern const fc_impl fc_mbedtls_chacha20;
/* mbedtls_ec.c */
extern const fc_impl fc_mbedtls_x25519, fc_mbedtls_x448, fc_mbedtls_secp192r1, fc_mbedtls_secp224r1,
    fc_mbedtls_secp256r1, fc_mbedtls_secp384r1, fc_mbedtls_secp521r1, fc_mbedtls_secp192k1,
    fc_mbedtls_secp224k1, fc_mbedtls_secp256k1, fc_mbedtls_bp256r1, fc_mbedtls_bp384r1,
    fc_mbedtls_bp512r1;
/* mbedtls_rsa.c */
extern const fc_impl fc_mbedtls_rsa;

#endif
