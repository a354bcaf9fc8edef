/* mbedTLS 3.6 configuration of fieldcrypt's "mbedtls" provider on a small device
 * (FC_PROVIDER_MBEDTLS=ON with FC_MBEDTLS_SOURCE=<the unpacked mbedTLS tree>; cmake/mbedtls.cmake
 * compiles the mbedTLS files listed there with this file as MBEDTLS_CONFIG_FILE).
 *
 * What it enables, and why: only what the provider's descriptors call and that needs no heap.
 *   - SHA-1, SHA-224, SHA-256, SHA-384, SHA-512, MD5: the hash family (streaming contexts in
 *     the caller's fc_hash_ctx; the build raises FC_HASH_STATE_SIZE to 216 for SHA-512's).
 *   - AES (its tables in flash, MBEDTLS_AES_ROM_TABLES: no 8 KiB of RAM tables, nothing to
 *     generate at first use), GCM and CCM over it (mbedTLS 3.6 runs them on its block_cipher
 *     layer when MBEDTLS_CIPHER_C is off: the AES context is embedded, no allocation).
 *   - ChaCha20, Poly1305, ChaCha20-Poly1305.
 * What it leaves out, and why: mbedtls_md (HMAC) and mbedtls_cipher (CMAC) allocate their
 * contexts, bignums (ECP, ECDSA, RSA) allocate every number: all on mbedTLS's heap, which a
 * device without a C library heap does not have. The provider is built with FC_MBEDTLS_NO_HEAP
 * and does not offer them: HMAC, HKDF and CMAC run as the core's modes over mbedTLS's hashes
 * and AES, and the curves and RSA on soft (the chain mbedtls -> soft).
 *
 * Curves and RSA with an arena: -DFC_MBEDTLS_ARENA=ON adds the heap of memory_buffer_alloc.c,
 * ECP with Curve25519 and the eleven Weierstrass curves, ECDSA, RSA, and mbedtls_md and
 * mbedtls_cipher, and the provider then offers HMAC, CMAC, X25519, the curves and RSA's raw
 * operations and key generation (mbedtls_rsa.c). The application owns the arena: before the
 * first such call it gives mbedTLS a buffer,
 *     static unsigned char arena[12 * 1024];
 *     mbedtls_memory_buffer_alloc_init(arena, sizeof(arena));
 * and an exhausted arena is FC_ERR_PROVIDER from that call. Before the init every allocation
 * fails (fc_mbedtls_no_calloc, in provider_mbedtls.c), so nothing falls back to a C library heap.
 * Arena in use (the smallest that works, Cortex-M0+ model, tests/mcu/mbedtls_provider.c):
 * P-256 ECDH and ECDSA under 4 KiB; RSA-2048 verification 5,312 bytes, a private operation
 * (signing) 8,960 and key generation no more (its peak is the new key's pairwise test); the
 * private operation about 12.7 KiB at 3072 bits and 16.6 KiB at 4096 (the public 7.6, 10 KiB).
 *
 * RSA's modules: MBEDTLS_RSA_C (rsa.c; rsa_alt_helpers.c, where mbedtls_rsa_complete derives
 * d and the CRT values) over the curves' bignums, and MBEDTLS_GENPRIME for mbedtls_rsa_gen_key:
 * about 7 KB of flash on the M0+ at -Os with the provider's mbedtls_rsa.c. check_config.h
 * asks RSA_C for a PKCS#1 version and OID_C, although the core does the padding and the
 * provider calls only the raw operations and the key functions: MBEDTLS_PKCS1_V21 is the
 * version that needs nothing more (mbedtls_md, there for HMAC; PKCS1_V15's encoding would call
 * oid.c), and MBEDTLS_OID_C is defined for that check only: nothing built calls oid.c, so it
 * is not compiled (its mbedtls_oid_get_numeric_string needs an snprintf this configuration
 * does not map). The unused padding code goes with --gc-sections. The exponentiation's window
 * is mbedTLS's default (MBEDTLS_MPI_WINDOW_SIZE 3: up to 8 numbers in the arena).
 *
 * No entropy source of mbedTLS's own: the curves' randomisation draws from fieldcrypt's
 * (fc_rng_install), RSA's blinding and primes from the rng the caller passes. No file system,
 * no time, no stdio. */
#ifndef FC_MBEDTLS_DEVICE_H
#define FC_MBEDTLS_DEVICE_H

#define MBEDTLS_HAVE_ASM
#define MBEDTLS_NO_PLATFORM_ENTROPY

#define MBEDTLS_SHA1_C
#define MBEDTLS_SHA224_C
#define MBEDTLS_SHA256_C
#define MBEDTLS_SHA384_C
#define MBEDTLS_SHA512_C
#define MBEDTLS_MD5_C

#define MBEDTLS_AES_C
#define MBEDTLS_AES_ROM_TABLES
#define MBEDTLS_GCM_C
#define MBEDTLS_CCM_C

#define MBEDTLS_CHACHA20_C
#define MBEDTLS_POLY1305_C
#define MBEDTLS_CHACHAPOLY_C

#if defined(FC_MBEDTLS_ARENA)
#define MBEDTLS_PLATFORM_C
#define MBEDTLS_PLATFORM_MEMORY
#define MBEDTLS_MEMORY_BUFFER_ALLOC_C
#include <stddef.h>
void *fc_mbedtls_no_calloc(size_t n, size_t size);
void fc_mbedtls_no_free(void *p);
#define MBEDTLS_PLATFORM_STD_CALLOC fc_mbedtls_no_calloc
#define MBEDTLS_PLATFORM_STD_FREE fc_mbedtls_no_free
#define MBEDTLS_PLATFORM_NO_STD_FUNCTIONS
#define MBEDTLS_MD_C
#define MBEDTLS_CIPHER_C
#define MBEDTLS_CMAC_C
#define MBEDTLS_BIGNUM_C
#define MBEDTLS_ECP_C
#define MBEDTLS_ECDSA_C
#define MBEDTLS_RSA_C
#define MBEDTLS_PKCS1_V21
#define MBEDTLS_OID_C
#define MBEDTLS_GENPRIME
#define MBEDTLS_ASN1_PARSE_C
#define MBEDTLS_ASN1_WRITE_C
#define MBEDTLS_ECP_NIST_OPTIM
#define MBEDTLS_ECP_DP_CURVE25519_ENABLED
#define MBEDTLS_ECP_DP_SECP192R1_ENABLED
#define MBEDTLS_ECP_DP_SECP224R1_ENABLED
#define MBEDTLS_ECP_DP_SECP256R1_ENABLED
#define MBEDTLS_ECP_DP_SECP384R1_ENABLED
#define MBEDTLS_ECP_DP_SECP521R1_ENABLED
#define MBEDTLS_ECP_DP_SECP192K1_ENABLED
#define MBEDTLS_ECP_DP_SECP224K1_ENABLED
#define MBEDTLS_ECP_DP_SECP256K1_ENABLED
#define MBEDTLS_ECP_DP_BP256R1_ENABLED
#define MBEDTLS_ECP_DP_BP384R1_ENABLED
#define MBEDTLS_ECP_DP_BP512R1_ENABLED
#else
/* tells the provider (src/providers/mbedtls/mbedtls.h) to offer nothing that allocates */
#define FC_MBEDTLS_NO_HEAP
#endif

#endif
