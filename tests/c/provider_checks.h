/* Checks shared by the third-party provider tests (test_sodium.c, test_mbedtls.c,
 * test_wolfssl.c): the published known answers they all run, where the registry puts a
 * provider, its results against soft's with inputs split at every offset and the state wiped
 * afterwards, and its RSA descriptor called directly. Each check is one CHECK, so a test's pass
 * count says what it covered. */
#ifndef FC_PROVIDER_CHECKS_H
#define FC_PROVIDER_CHECKS_H

#include <stddef.h>
#include <stdint.h>

#include "fieldcrypt/driver.h"
#include "fieldcrypt/fieldcrypt.h"

#define PC_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Runs the published known answer of each of algs (provider_checks.c's table: SHA-1,
 * SHA-224, SHA-256, SHA-512, MD5, HMAC-SHA-256, Poly1305, AES-CMAC, X25519, X448,
 * HKDF-SHA256, HChaCha20) on p, one CHECK each; AES: see pc_check_aes_fips197. */
void pc_check_vectors(const fc_provider *p, const fc_alg *algs, size_t n_algs);
/* FIPS 197 C.1 through a block context of p keyed for dir (FC_ENCRYPT, FC_DECRYPT or both):
 * each direction keyed gives the vector's answer, and the context runs on p's own descriptor
 * exactly when expect_own (one CHECK); with check_wiped, the context is zero after wipe (one
 * more). */
void pc_check_aes_fips197(const fc_provider *p, unsigned dir, int expect_own, int check_wiped);

/* name's place in the registry: after listed_before when that one is in the build, before
 * soft, its chain going on to soft; it implements each of mine itself and hands each of
 * soft_only to soft. */
void pc_check_registry(const char *name, const char *listed_before, const fc_alg *mine,
                       size_t n_mine, const fc_alg *soft_only, size_t n_soft_only);

/* alg's contexts on p against soft's one-shot, messages of 0 to 130 bytes (MACs: every
 * len_step-th length) split at every offset; each context runs on one of p's own descriptors
 * and its state area is zero after final. One CHECK per message length. */
void pc_check_hash_split(const fc_provider *p, fc_alg alg);
void pc_check_mac_split(const fc_provider *p, fc_alg alg, size_t key_len, size_t len_step);

/* A stream on p against soft's, 0 to 200 bytes in steps of 7, split at every offset, the
 * context zero after wipe; expect_own: 1 or 0 when the context must (not) run on p's own
 * descriptor, -1 not checked. One CHECK. */
void pc_check_stream_split(const fc_provider *p, fc_alg alg, size_t key_len, size_t nonce_len,
                           uint64_t counter, int expect_own);
/* The subkey function alg (HChaCha20, HSalsa20) on random input as soft's. One CHECK. */
void pc_check_subkey_as_soft(const fc_provider *p, fc_alg alg);
/* ChaCha20 started at its counter's last block (nonce_len 12: 2^32 - 1, 8: 2^64 - 1) as
 * soft's; one byte more is FC_ERR_LENGTH as on soft, the byte zeroed, the context wiped. Two
 * CHECKs. */
void pc_check_chacha20_end(const fc_provider *p, size_t nonce_len);
/* A 12-byte nonce with a counter over 32 bits: FC_ERR_LENGTH. One CHECK. */
void pc_check_chacha20_counter_too_large(const fc_provider *p);

/* An AEAD context of p against soft's one-shot over plaintexts of 0 to 80 bytes and associated
 * data of 0 to 40, sealed in place; opened; a changed tag or ciphertext refused with the output
 * zeroed; the context zero after wipe. expect_own as above. One CHECK. */
void pc_check_aead_as_soft(const fc_provider *p, fc_alg alg, size_t key_len, size_t nonce_len,
                           size_t tag_len, int expect_own);

/* X25519 or X448 with u = 0 (FC_ERR_ZERO_SHARED, out zeroed) and u = 1 (FC_ERR_ZERO_SHARED).
 * Two CHECKs. */
void pc_check_xdh_zero_results(const fc_provider *p, fc_alg alg);

/* RFC 8032's strictness on p and soft, given a valid Ed25519 signature sig of msg under pub:
 * sig verifies, and S + L in its place is refused by both (one CHECK); the neutral element as
 * key and R with S = 0 is refused by both (one CHECK). */
void pc_check_ed25519_strict(const fc_provider *p, const uint8_t pub[32], const uint8_t *msg,
                             size_t msg_len, const uint8_t sig[64]);

/* RSA on p's own descriptor, its operations called directly (driver.h fc_rsa_ops) with the keys
 * of rsa_vectors.h up to 4096 bits (and the build's FC_RSA_MAX_BITS): the public and the
 * private operation give the vectors' answers (one CHECK); the private operation then the public
 * one is the identity on random inputs, 0, 1 and n - 1 (one); a bit flipped in dP, dQ or qInv
 * gives FC_ERR_KEY or FC_ERR_PROVIDER and an all-zero out (one); a failing rng gives
 * FC_ERR_RNG_FAILED and an all-zero out (one); the provider's work area is zero after every
 * operation (one). Where p has generate: a 2048-bit key whose parts satisfy driver.h's
 * relations (p > q, n = p q of 2048 bits, e dP = 1 mod p - 1, e dQ = 1 mod q - 1,
 * q qInv = 1 mod p, d = e^-1 mod lcm(p - 1, q - 1)) (one) and that round-trips a private and a
 * public operation (one). */
void pc_check_rsa(const fc_provider *p);

#endif
