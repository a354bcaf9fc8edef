/* One library's answers to the peer comparison's operations (bench/peers/peer_main.c). Each
 * bench/peers/peer_<library>.c implements these over that library's own API; an operation the
 * library lacks returns PEER_ABSENT and is left out of the comparison. Every call is one-shot:
 * key setup, where a library has one, is inside it. P-256 keys and points are SEC1
 * (uncompressed points of 65 bytes), signatures raw r || s, scalars and digests big-endian. */
#ifndef FC_PEER_H
#define FC_PEER_H

#include <stddef.h>
#include <stdint.h>

#define PEER_OK 0
#define PEER_ABSENT 1   /* the library has no such operation */
#define PEER_FAILED 2   /* the library reported an error */

int peer_setup(void);   /* once, before the first operation (library init, RNG hooks) */

int peer_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32]);
int peer_ed25519_sign(uint8_t sig[64], const uint8_t seed[32], const uint8_t pub[32],
                      const uint8_t *msg, size_t len);
int peer_ed25519_verify(const uint8_t pub[32], const uint8_t *msg, size_t len,
                        const uint8_t sig[64]);   /* PEER_OK: valid */
int peer_p256_ecdh(uint8_t shared[32], const uint8_t priv[32], const uint8_t peer[65]);
int peer_p256_sign(uint8_t sig[64], const uint8_t priv[32], const uint8_t digest[32]);
int peer_p256_verify(const uint8_t pub[65], const uint8_t digest[32], const uint8_t sig[64]);

int peer_sha256(uint8_t digest[32], const uint8_t *msg, size_t len);
int peer_sha512(uint8_t digest[64], const uint8_t *msg, size_t len);

/* AES modes with a 16- or 32-byte key (key_len) */
int peer_aes_ctr(uint8_t *out, const uint8_t *key, size_t key_len, const uint8_t iv[16],
                 const uint8_t *in, size_t len);
int peer_aes_gcm(uint8_t *out, uint8_t tag[16], const uint8_t *key, size_t key_len,
                 const uint8_t iv[12], const uint8_t *in, size_t len);
int peer_aes_ccm(uint8_t *out, uint8_t tag[16], const uint8_t *key, size_t key_len,
                 const uint8_t nonce[13], const uint8_t *in, size_t len);
int peer_chacha20_poly1305(uint8_t *out, uint8_t tag[16], const uint8_t key[32],
                           const uint8_t nonce[12], const uint8_t *in, size_t len);

int peer_aes_cbc(uint8_t *out, const uint8_t *key, size_t key_len, const uint8_t iv[16],
                 const uint8_t *in, size_t len);   /* no padding: len a multiple of 16 */
/* The P-256 public key of a private key (priv * G, SEC1 uncompressed): the key pair
 * generation of a protocol such as LE Secure Connections, without the RNG's part. */
int peer_p256_public(uint8_t pub[65], const uint8_t priv[32]);

/* Seed 003's AES set (a cover API's instances, the uTasker fnAES_Init / fnAES_Cipher): the
 * adapter keeps one encryption and one decryption key schedule of its own, statically, so
 * setting a key, encrypting, setting the decryption key and decrypting are separate calls.
 * key_len 16 or 32; len a multiple of 16 (ECB). */
int peer_aes_set_encrypt_key(const uint8_t *key, size_t key_len);
int peer_aes_encrypt(uint8_t *out, const uint8_t *in, size_t len);
int peer_aes_set_decrypt_key(const uint8_t *key, size_t key_len);
int peer_aes_decrypt(uint8_t *out, const uint8_t *in, size_t len);

/* A CPace-shaped login's primitives (CFRG draft -21, CPace-X25519-SHA-512): the generator
 * from SHA-512 of the generator string gen (the first 32 bytes, bit 255 cleared) by
 * Elligator2, share = X25519(y, generator), K = X25519(y, peer_share), and
 * isk = SHA-512(PEER_CPACE_PREFIX || K || peer_share || share). A library with X25519,
 * SHA-512 and the Elligator2 map has the pieces. */
#define PEER_CPACE_PREFIX "CPace255_ISK\0\0\0\0" /* 16 bytes */
int peer_cpace(uint8_t isk[64], uint8_t share[32], const uint8_t *gen, size_t gen_len,
               const uint8_t y[32], const uint8_t peer_share[32]);

/* RSA-2048, seed 002's public/s and private/s: the first 2048-bit key of tests/c/rsa_vectors.h
 * (big-endian integers), loaded once and untimed by peer_rsa_load (a library that derives
 * what it needs from the key, mbedTLS its d and CRT values, does it there); then the raw
 * public operation (in^e mod n) and the private one (CRT, with the library's own blinding and
 * result check) on len = n_len bytes. */
#ifndef PEER_OPS
#define PEER_OPS 0xffffffffu
#endif
/* an image that runs an RSA operation (23 or 24: the adapters compile their RSA only then) */
#define PEER_WITH_RSA (((PEER_OPS >> 23) & 1u) || ((PEER_OPS >> 24) & 1u))
typedef struct {
    const uint8_t *n, *e, *p, *q, *dp, *dq, *qinv;
    size_t n_len, e_len, p_len, q_len, dp_len, dq_len, qinv_len;
} peer_rsa_key;
int peer_rsa_load(const peer_rsa_key *key);
int peer_rsa_public(uint8_t *out, const uint8_t *in, size_t len);
int peer_rsa_private(uint8_t *out, const uint8_t *in, size_t len);

#endif
