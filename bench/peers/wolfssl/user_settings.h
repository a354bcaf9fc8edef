/* wolfSSL 5.9 user_settings.h of the peer comparison (WOLFSSL_USER_SETTINGS; wolfSSL includes
 * it by this name): wolfCrypt only,
 * no heap, no file system or threads, X25519 and Ed25519, SHA-256/512, AES-128/256 in ECB, CBC,
 * CTR, GCM and CCM (wolfSSL's default table-driven AES, its tables in flash; GCM with its
 * default GCM_SMALL-free 4-bit tables per key), ChaCha20-Poly1305, and what they need. On the
 * Cortex-M4 wolfSSL's own Thumb-2 assembly (WOLFSSL_ARMASM_THUMB2, inline form) for
 * Curve25519/Ed25519, SHA-256, SHA-512, AES, ChaCha20 and Poly1305; elsewhere its portable C. */
#ifndef FC_WOLFSSL_SETTINGS_H
#define FC_WOLFSSL_SETTINGS_H

#define WOLFCRYPT_ONLY
#define SINGLE_THREADED
#define NO_FILESYSTEM
#define NO_WRITEV
#define NO_MAIN_DRIVER
#define NO_ERROR_STRINGS
#define WOLFSSL_NO_MALLOC
#define NO_WOLFSSL_MEMORY
#define WC_NO_RNG
#define NO_ASN
#define NO_RSA
#define NO_DH
#define NO_DSA
#define NO_MD5
#define NO_SHA
#define NO_HMAC
#define HAVE_AES_ECB
#define HAVE_AES_CBC
#define HAVE_AES_DECRYPT
#define NO_AES_192
#define NO_DES3
#define NO_RC4
#define NO_PWDBASED
#define NO_CODING
#define NO_SIG_WRAPPER
#define NO_OLD_TLS
#define WOLFSSL_SP_NO_MALLOC
#define HAVE_CURVE25519
#define HAVE_ED25519
#define HAVE_CHACHA
#define HAVE_POLY1305
#define HAVE_AESGCM
#define HAVE_AESCCM
#define WOLFSSL_AES_COUNTER
#define WOLFSSL_SHA512
#define WOLFSSL_NO_SHA384_HASH_DRBG

#if defined(__ARM_ARCH_7EM__)
#define WOLFSSL_ARMASM
#define WOLFSSL_ARMASM_THUMB2
#define WOLFSSL_ARMASM_INLINE
#define WOLFSSL_ARMASM_NO_HW_CRYPTO
#define WOLFSSL_ARMASM_NO_NEON
#endif

#endif
