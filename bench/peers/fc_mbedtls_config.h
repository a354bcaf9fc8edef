/* mbedTLS 3.6 configuration of the peer comparison: what a small device would build for these
 * operations and nothing else. Bignum with the library's own assembly (MBEDTLS_HAVE_ASM:
 * bn_mul.h's Thumb-1 / UMAAL / RV32 multiply-accumulate), the ECP module with Curve25519 for
 * X25519 (ecp_mul's Montgomery ladder) and P-256 (NIST fast reduction, ECDSA), AES with its
 * default tables in RAM (CBC, CTR, GCM, CCM; the mbedtls-rom image adds
 * MBEDTLS_AES_ROM_TABLES), ChaCha20-Poly1305, SHA-256 and SHA-512 in their
 * default (fast) form, and the heap of memory_buffer_alloc.c over a static buffer in the image, as firmware without a
 * C library heap does. */
#ifndef FC_PEER_MBEDTLS_CONFIG_H
#define FC_PEER_MBEDTLS_CONFIG_H

#define MBEDTLS_HAVE_ASM
#define MBEDTLS_NO_PLATFORM_ENTROPY
#define MBEDTLS_PLATFORM_C
#define MBEDTLS_PLATFORM_MEMORY
#define MBEDTLS_MEMORY_BUFFER_ALLOC_C
/* no C library heap: the defaults before memory_buffer_alloc_init refuse (peer_mbedtls.c) */
#include <stddef.h>
void *peer_no_calloc(size_t n, size_t size);
void peer_no_free(void *p);
#define MBEDTLS_PLATFORM_STD_CALLOC peer_no_calloc
#define MBEDTLS_PLATFORM_STD_FREE peer_no_free
/* nor a C library exit (the RV32 images have none): the board's */
void board_exit(int code);
#define MBEDTLS_PLATFORM_EXIT_ALT
#define MBEDTLS_PLATFORM_STD_EXIT board_exit

#define MBEDTLS_BIGNUM_C
#define MBEDTLS_ECP_C
#define MBEDTLS_ECP_DP_CURVE25519_ENABLED
#define MBEDTLS_ECP_DP_SECP256R1_ENABLED
#define MBEDTLS_ECP_NIST_OPTIM
#define MBEDTLS_ECDSA_C
#define MBEDTLS_ASN1_PARSE_C
#define MBEDTLS_ASN1_WRITE_C

#define MBEDTLS_AES_C
#define MBEDTLS_CIPHER_MODE_CBC
#define MBEDTLS_CIPHER_MODE_CTR
#define MBEDTLS_GCM_C
#define MBEDTLS_CCM_C
#define MBEDTLS_CHACHA20_C
#define MBEDTLS_POLY1305_C
#define MBEDTLS_CHACHAPOLY_C

/* RSA-2048 (the peer comparison's RSA operations): the raw public and private operations */
#define MBEDTLS_RSA_C
#define MBEDTLS_PKCS1_V15
#define MBEDTLS_OID_C

#define MBEDTLS_SHA256_C
#define MBEDTLS_SHA512_C

#endif
