/* wolfCrypt's configuration for the "wolfssl" provider on a device (FC_PROVIDER_WOLFSSL=ON with
 * FC_WOLFSSL_SOURCE, a wolfSSL tree; CMake defines WOLFSSL_USER_SETTINGS and puts this
 * directory first on the include path, and wolfSSL's settings.h includes this file by name).
 * Written for wolfSSL 5.9 (the peer comparison's 5.9.4); 5.5 reads it the same way.
 *
 * What it enables, and why:
 *   - wolfCrypt only (no TLS, no ASN.1, no file system, threads or clock): the provider calls
 *     the primitives and nothing else.
 *   - No heap: WOLFSSL_NO_MALLOC and NO_WOLFSSL_MEMORY make XMALLOC unavailable; every
 *     wolfCrypt object the provider uses lies in a fieldcrypt context or on the stack.
 *   - wolfCrypt's random generator is fieldcrypt's default source: CUSTOM_RAND_GENERATE_BLOCK
 *     names fc_wolf_random_block (provider_wolfssl.c), which fills wolfCrypt's requests with
 *     fc_random_bytes(NULL, ...) (rng.h); none of wolfSSL's Hash-DRBG code is built. On a
 *     device that source is whatever the application installed with fc_rng_install(): its
 *     randomness is wolfCrypt's too, and without one a wolfCrypt call that draws fails
 *     (FC_ERR_PROVIDER), as fieldcrypt's own calls fail with FC_ERR_NO_RNG. X25519's ladder
 *     stays unblinded (NO_CURVE25519_BLINDING), as without a generator: fc_xdh takes no
 *     randomness and needs no source.
 *   - ECC: NIST P-256 (ECC_USER_CURVES: the one curve in wolfCrypt's table; the provider's
 *     other curves decline and run on soft) on wolfCrypt's SP code (WOLFSSL_HAVE_SP_ECC;
 *     WOLFSSL_SP_MATH: SP's curves and sizes only, no general big-number code;
 *     WOLFSSL_SP_SMALL: the compact portable C of sp_c32.c, sp_c64.c on a 64-bit host) for
 *     ECDH, public keys, point checks and ECDSA verification. Its constant-time scalar
 *     multiplication draws no randomness. Signing is left out (NO_ECC_SIGN): this wolfCrypt
 *     takes no caller's nonce, and soft signs with the core's RFC 6979 k, as on the host. On
 *     the M0+ model (tests/python/test_wolfssl_mcu.py) a scalar multiplication takes 56 M
 *     cycles (sp_c32.c's 64-bit products are __aeabi_lmul calls there; 13.7 M on the M4
 *     model): a public key 56 M, ECDH 112 M (the peer's check multiplies it by n), a
 *     verification 170 M; at most 3.1 KB of stack for ECDH and 4.7 KB for a verification;
 *     21 KB of flash in the library (ecc.c, sp_int.c, sp_c32.c, wolfmath.c, random.c; 11 KB
 *     of it linked into that image). Not built: WOLFSSL_SP_ARM_THUMB_ASM with sp_armthumb.c
 *     (the M0 and M0+: 13.7 M cycles a scalar multiplication, 4.6 KB of stack) and P-384
 *     (WOLFSSL_SP_384 with HAVE_ECC384: 9 KB more flash, 210 M cycles a multiplication).
 *   - RSA is soft's unless FC_WOLFSSL_RSA (CMake -DFC_WOLFSSL_RSA=ON) asks for wolfCrypt's
 *     RSA-2048 raw operations (SP's sp_RsaPrivate_2048 and sp_RsaPublic_2048; key generation
 *     stays soft's). The provider's key checks and blinding need the general big-number code
 *     (mp_mulmod, mp_exptmod, mp_invmod: not in WOLFSSL_SP_MATH), so that build has
 *     WOLFSSL_SP_MATH_ALL with SP_INT_BITS 2048, and then every mp_int holds 4096 bits, the
 *     ecc_keys on the stack too (ALT_ECC_SIZE, which would keep them small, wants a heap).
 *     Measured on the M0+ model: the private operation 1.04 G cycles (wolfCrypt's
 *     exponentiations 0.96 G of them; soft's whole operation 0.49 G; on the M4 model 192 M
 *     against soft's 67.5 M), 5 KB of stack; the P-256 operations' stack grows to 6.3 KB
 *     (public key), 8.6 KB (ECDH) and 9.6 KB (verification); 27 KB more flash in the library
 *     (rsa.c, SP's 2048-bit code, the general sp_int.c and ecc.c code). Hence not by default.
 *     No DH.
 *   - SHA-224/256 (the hashes, and HMAC under the core), SHA-512 (Ed25519's hash; HKDF over
 *     it), HMAC for HKDF (HAVE_HKDF); no MD5 or SHA-1 (legacy: soft's where asked).
 *   - AES-128/192/256 in ECB (the block the core's modes run on: wc_AesEcbEncrypt/Decrypt),
 *     GCM with GCM_SMALL (GHASH without per-key tables: a smaller Aes and no table lookups
 *     indexed by H), CCM; WOLFSSL_AES_SMALL_TABLES keeps one 256-byte S-box in flash instead
 *     of the 4 KiB T-tables (the M0+ has no data cache: a lookup takes the same cycles
 *     whatever its index, but the provider does not claim constant time for AES).
 *   - ChaCha20, Poly1305, ChaCha20-Poly1305; X25519 and Ed25519 with its ctx and ph variants,
 *     on wolfCrypt's default field and group code. Its precomputed base-point table
 *     (ge_operations.c) is some 50 KiB of flash on the M0+; CURVE25519_SMALL and ED25519_SMALL
 *     (the low-memory variants) save it but take about 5 and 12 times the cycles there
 *     (an X25519: 84 M instead of 17 M cycles): define them here for a flash-bound part.
 *   - Portable C on every target (no WOLFSSL_ARMASM): one configuration for the M0, M0+, M4
 *     and RV32.
 */
#ifndef FC_WOLFSSL_USER_SETTINGS_H
#define FC_WOLFSSL_USER_SETTINGS_H

#define WOLFCRYPT_ONLY
#define SINGLE_THREADED
#define NO_FILESYSTEM
#define NO_WRITEV
#define NO_MAIN_DRIVER
#define NO_ERROR_STRINGS
#define NO_ASN_TIME
#define WOLFSSL_USER_IO
#define NO_DEV_RANDOM

/* no heap */
#define WOLFSSL_NO_MALLOC
#define NO_WOLFSSL_MEMORY
#define WOLFSSL_SP_NO_MALLOC

/* wolfCrypt's randomness: fieldcrypt's default source (provider_wolfssl.c) */
#define CUSTOM_RAND_GENERATE_BLOCK fc_wolf_random_block
int fc_wolf_random_block(unsigned char *out, unsigned int len);

/* left out */
#define NO_ASN
#define NO_DH
#define NO_DSA
#define NO_MD4
#define NO_MD5
#define NO_SHA
#define NO_DES3
#define NO_RC4
#define NO_PWDBASED
#define NO_CODING
#define NO_SIG_WRAPPER
#define NO_OLD_TLS
#define NO_CURVED25519_128

/* hashes, HMAC, HKDF */
#define WOLFSSL_SHA224
#define WOLFSSL_SHA512
#define WOLFSSL_NOSHA512_224
#define WOLFSSL_NOSHA512_256
#define HAVE_HKDF
#define WOLFSSL_NO_SHA384_HASH_DRBG

/* AES */
#define HAVE_AES_ECB
#define HAVE_AES_CBC
#define HAVE_AES_DECRYPT
#define WOLFSSL_AES_DIRECT
#define HAVE_AESGCM
#define GCM_SMALL
#define HAVE_AESCCM
#define WOLFSSL_AES_SMALL_TABLES

/* ECC: P-256 on SP math */
#define HAVE_ECC
#define ECC_USER_CURVES
#define ECC_TIMING_RESISTANT
#define NO_ECC_SIGN
#define WOLFSSL_HAVE_SP_ECC
#define WOLFSSL_SP_SMALL

#ifdef FC_WOLFSSL_RSA
/* RSA-2048 on SP math, with the general big-number code */
#define WOLFSSL_SP_MATH_ALL
#define SP_INT_BITS 2048
#define WOLFSSL_HAVE_SP_RSA
#define WOLFSSL_SP_NO_3072
#define WC_RSA_BLINDING
#define WOLFSSL_PUBLIC_MP
#else
#define WOLFSSL_SP_MATH
#define NO_RSA
#endif

/* ChaCha20, Poly1305, Curve25519, Ed25519 */
#define HAVE_CHACHA
#define HAVE_POLY1305
#define HAVE_CURVE25519
#define HAVE_ED25519
/* with a random generator wolfSSL would blind its X25519 ladder, drawing randomness: fc_xdh
 * takes none and must run without a source; the ladder is constant time without it */
#define NO_CURVE25519_BLINDING

#endif
