/* RSA (RFC 8017): PKCS#1 v1.5 and PSS signatures, OAEP encryption, keys from DER or raw
 * components, key generation, for moduli of 2048, 3072 and 4096 bits (8192 when the build's
 * FC_RSA_MAX_BITS is 8192; 1024 and up only with FC_RSA_LEGACY_BITS set, for old keys).
 *
 * No PKCS#1 v1.5 decryption: its padding check is an oracle (Bleichenbacher 1998) that no
 * amount of care in one implementation reliably closes. Use OAEP.
 *
 * Keys
 * - A key is a set of pointers to big-endian integers in the caller's memory (leading zero
 *   bytes allowed); nothing is copied, so the memory must outlive the call. fc_rsa_*_from_der
 *   point them into a DER buffer; raw components can be set directly.
 * - Public keys: n odd, 2048 <= bits(n) <= FC_RSA_MAX_BITS, 3 <= e < n, e odd; anything else
 *   is FC_ERR_KEY.
 * - Private keys: the CRT form (p, q, dP, dQ, qInv) is what signing and decryption use, with
 *   balanced primes (each half of n's 32-bit words); d is optional (kept for export). A key
 *   whose parts do not agree (p q != n, a faulty CRT value) is FC_ERR_KEY or, when only the
 *   result's check by e finds it, FC_ERR_PROVIDER, and nothing is written.
 *
 * Working memory
 *   Every operation takes a caller-allocated fc_rsa_work (FC_RSA_WORK_SIZE bytes: about 12 KB
 *   for FC_RSA_MAX_BITS 4096) so that the stack stays small (the figures are in
 *   docs/stack.md); it holds secrets during a private operation and is wiped before return.
 *
 * Private operations run by the CRT with base blinding (a fresh r from rng each time) and check
 * the result with the public exponent before anything leaves (a fault gives FC_ERR_PROVIDER
 * and no output). Constant time: the private exponentiations read the exponents' bits at
 * public positions and their tables whole; OAEP decoding has one flow for every failure
 * (RFC 8017 7.1.2 note, Manger 2001): a bad ciphertext is FC_ERR_DECRYPT, always at the same
 * cost.
 *
 * Statuses: FC_ERR_KEY (a key this code does not take), FC_ERR_ENCODING (malformed DER),
 * FC_ERR_LENGTH (a buffer too small, a signature or ciphertext not k bytes, a message too long
 * for OAEP), FC_ERR_VERIFY (a signature that does not verify, including one >= n),
 * FC_ERR_DECRYPT (OAEP), FC_ERR_NO_RNG / FC_ERR_RNG_FAILED. On failure outputs are untouched
 * (or zeroed where the status says so) and *len outputs are unchanged.
 */
#ifndef FIELDCRYPT_RSA_H
#define FIELDCRYPT_RSA_H

#include <stddef.h>
#include <stdint.h>

#include "fieldcrypt/algorithms.h"
#include "fieldcrypt/config.h"
#include "fieldcrypt/engine.h"
#include "fieldcrypt/provider.h"
#include "fieldcrypt/rng.h"
#include "fieldcrypt/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest modulus's bytes: room that always suffices for a signature or a ciphertext. */
#define FC_RSA_MAX_BYTES (FC_RSA_MAX_BITS / 8)

/* A public key: modulus n and exponent e. */
typedef struct fc_rsa_public_key {
    const uint8_t *n, *e;
    size_t n_len, e_len;
} fc_rsa_public_key;

/* A private key: its public key, the private exponent d (may be NULL, d_len 0) and the CRT
 * values: the primes p and q, dP = d mod (p - 1), dQ = d mod (q - 1), qInv = q^-1 mod p. */
typedef struct fc_rsa_private_key {
    fc_rsa_public_key pub;
    const uint8_t *d, *p, *q, *dp, *dq, *qinv;
    size_t d_len, p_len, q_len, dp_len, dq_len, qinv_len;
} fc_rsa_private_key;

/* The working memory of one operation; allocate it statically or on a large stack, never share
 * one between two calls that run at the same time. */
typedef struct fc_rsa_work {
    uint64_t words[FC_RSA_WORK_SIZE / 8];
} fc_rsa_work;

/* Keys from DER (strict: definite minimal lengths, minimal positive INTEGERs, nothing after
 * the outer SEQUENCE; version 0 only, no multi-prime keys). The key's pointers point into der.
 * fc_rsa_private_from_der takes PKCS#1 RSAPrivateKey and PKCS#8 PrivateKeyInfo with the
 * rsaEncryption algorithm; fc_rsa_public_from_der PKCS#1 RSAPublicKey and X.509
 * SubjectPublicKeyInfo. The key is then checked as above (FC_ERR_KEY). */
fc_status fc_rsa_private_from_der(fc_rsa_private_key *key, const uint8_t *der, size_t der_len);
fc_status fc_rsa_public_from_der(fc_rsa_public_key *key, const uint8_t *der, size_t der_len);

/* Keys to DER: *der_len holds the room at der on entry and the bytes written on return (too
 * little room: FC_ERR_LENGTH, nothing written). The public key as SubjectPublicKeyInfo, the
 * private key as PKCS#1 RSAPrivateKey (it needs d). */
fc_status fc_rsa_public_to_der(uint8_t *der, size_t *der_len, const fc_rsa_public_key *key);
fc_status fc_rsa_private_to_der(uint8_t *der, size_t *der_len, const fc_rsa_private_key *key);

/* A new key of bits bits (a multiple of 64: 2048, 3072, 4096; 8192 if built; other bits, and
 * less than 2048 also in legacy builds, are FC_ERR_ARGUMENT) with public exponent e (65537 unless there is a reason; odd, >= 3),
 * written as PKCS#1 RSAPrivateKey DER into der (*der_len: room in, bytes out; at least
 * FC_RSA_PRIVATE_DER_SIZE(bits) of room, checked before any work, else FC_ERR_LENGTH).
 * Primes by FIPS 186-5 A.1.3 (random, Miller-Rabin with the rounds of its table B.1); the
 * new key passes a pairwise test (a private then a public operation) before it is written.
 * Slow on an MCU: the cost is in docs/rsa.md. */
#define FC_RSA_PRIVATE_DER_SIZE(bits) (9 * ((bits) / 8) / 2 + 49)
#define FC_RSA_PRIVATE_DER_MAX FC_RSA_PRIVATE_DER_SIZE(FC_RSA_MAX_BITS)
fc_status fc_rsa_generate(const fc_provider *provider, const fc_rng *rng, fc_rsa_work *work,
                          uint8_t *der, size_t *der_len, unsigned bits, uint32_t e);

/* Signatures. hash: SHA-256, SHA-384, SHA-512, SHA-224, or SHA-1 for verification of old
 * signatures only (signing with it, or any other algorithm, is FC_ERR_ARGUMENT). *sig_len
 * holds the room at sig on entry (k, the modulus's bytes, suffices) and k on return. PSS: MGF1
 * over the same hash, salt_len bytes of salt from rng (0 allowed: deterministic;
 * FC_RSA_PSS_SALT_AUTO: the hash's length; longer than the encoding has room for:
 * FC_ERR_LENGTH); verification takes the salt length it expects (FC_RSA_PSS_SALT_AUTO: any,
 * read from the encoding). PKCS#1 v1.5 signing is deterministic; rng is still needed for the
 * blinding. The DigestInfo of PKCS#1 v1.5 is the one with NULL parameters (RFC 8017 9.2); a
 * signature whose encoding differs in any byte does not verify. */
#define FC_RSA_PSS_SALT_AUTO ((size_t)-1)

/* RSASSA-PKCS1-v1_5 signature of msg (RFC 8017 8.2.1): sig = the k-byte signature. */
fc_status fc_rsa_sign_pkcs1v15(const fc_provider *provider, fc_alg hash, const fc_rng *rng,
                               fc_rsa_work *work, uint8_t *sig, size_t *sig_len,
                               const fc_rsa_private_key *key, const uint8_t *msg,
                               size_t msg_len);
/* RSASSA-PKCS1-v1_5 verification (RFC 8017 8.2.2): FC_OK or FC_ERR_VERIFY. */
fc_status fc_rsa_verify_pkcs1v15(const fc_provider *provider, fc_alg hash, fc_rsa_work *work,
                                 const fc_rsa_public_key *key, const uint8_t *msg,
                                 size_t msg_len, const uint8_t *sig, size_t sig_len);
/* RSASSA-PSS signature of msg (RFC 8017 8.1.1) with a salt of salt_len bytes. */
fc_status fc_rsa_sign_pss(const fc_provider *provider, fc_alg hash, const fc_rng *rng,
                          fc_rsa_work *work, uint8_t *sig, size_t *sig_len,
                          const fc_rsa_private_key *key, size_t salt_len, const uint8_t *msg,
                          size_t msg_len);
/* RSASSA-PSS verification (RFC 8017 8.1.2): FC_OK or FC_ERR_VERIFY. */
fc_status fc_rsa_verify_pss(const fc_provider *provider, fc_alg hash, fc_rsa_work *work,
                            const fc_rsa_public_key *key, size_t salt_len, const uint8_t *msg,
                            size_t msg_len, const uint8_t *sig, size_t sig_len);

/* The same over a digest the caller computed (digest_len: hash's output length). */
fc_status fc_rsa_sign_pkcs1v15_digest(const fc_provider *provider, fc_alg hash,
                                      const fc_rng *rng, fc_rsa_work *work, uint8_t *sig,
                                      size_t *sig_len, const fc_rsa_private_key *key,
                                      const uint8_t *digest, size_t digest_len);
fc_status fc_rsa_verify_pkcs1v15_digest(const fc_provider *provider, fc_alg hash,
                                        fc_rsa_work *work, const fc_rsa_public_key *key,
                                        const uint8_t *digest, size_t digest_len,
                                        const uint8_t *sig, size_t sig_len);
fc_status fc_rsa_sign_pss_digest(const fc_provider *provider, fc_alg hash, const fc_rng *rng,
                                 fc_rsa_work *work, uint8_t *sig, size_t *sig_len,
                                 const fc_rsa_private_key *key, size_t salt_len,
                                 const uint8_t *digest, size_t digest_len);
fc_status fc_rsa_verify_pss_digest(const fc_provider *provider, fc_alg hash, fc_rsa_work *work,
                                   const fc_rsa_public_key *key, size_t salt_len,
                                   const uint8_t *digest, size_t digest_len,
                                   const uint8_t *sig, size_t sig_len);

/* RSAES-OAEP with MGF1 over hash (SHA-1 and the SHA-2 hashes above) and the label (may be
 * empty). Encryption: *ct_len room in
 * (k suffices), k out; msg at most k - 2 hLen - 2 bytes (FC_ERR_LENGTH). Decryption: *msg_len
 * room in (k - 2 hLen - 2 suffices), the message's length out; too little room for the
 * message found is FC_ERR_LENGTH, decided after decoding and not from secret data in a way
 * that leaks more than the length the caller is told. */
fc_status fc_rsa_encrypt_oaep(const fc_provider *provider, fc_alg hash, const fc_rng *rng,
                              fc_rsa_work *work, uint8_t *ct, size_t *ct_len,
                              const fc_rsa_public_key *key, const uint8_t *label,
                              size_t label_len, const uint8_t *msg, size_t msg_len);
fc_status fc_rsa_decrypt_oaep(const fc_provider *provider, fc_alg hash, const fc_rng *rng,
                              fc_rsa_work *work, uint8_t *msg, size_t *msg_len,
                              const fc_rsa_private_key *key, const uint8_t *label,
                              size_t label_len, const uint8_t *ct, size_t ct_len);

/* The raw operations (RSAEP/RSAVP1, RSADP/RSASP1), for protocols that pad themselves: out and
 * in are k bytes, in < n. */
fc_status fc_rsa_public_raw(const fc_provider *provider, fc_rsa_work *work, uint8_t *out,
                            const fc_rsa_public_key *key, const uint8_t *in, size_t in_len);
fc_status fc_rsa_private_raw(const fc_provider *provider, const fc_rng *rng, fc_rsa_work *work,
                             uint8_t *out, const fc_rsa_private_key *key, const uint8_t *in,
                             size_t in_len);

/* The raw operations in slices (engine.h): start, then fc_job_step until it returns FC_OK
 * (out written, k bytes) or a failure (out untouched). The same checks and results as the
 * functions above; the private job draws its blinding from rng in its first steps (NULL:
 * the default source). The job keeps using work until it ends (work must stay put, and serve no other
 * operation meanwhile) and wipes it then, in units like the rest (also after a failure); the
 * key and in are copied at start. A job abandoned with fc_job_wipe leaves key material in
 * work: zero it too (fc_zeroize(work, sizeof *work)). Its units fit the 30,000-cycle slice of
 * the Cortex-M0+ model whatever the modulus (docs/rsa.md gives the slice counts). */
fc_status fc_job_rsa_public(fc_job *job, const fc_provider *provider, fc_rsa_work *work,
                            uint8_t *out, const fc_rsa_public_key *key, const uint8_t *in,
                            size_t in_len);
fc_status fc_job_rsa_private(fc_job *job, const fc_provider *provider, const fc_rng *rng,
                             fc_rsa_work *work, uint8_t *out, const fc_rsa_private_key *key,
                             const uint8_t *in, size_t in_len);

#ifdef __cplusplus
}
#endif
#endif
