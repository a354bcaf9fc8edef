/* Raw RSA (RFC 8017 RSAEP/RSAVP1 and RSADP/RSASP1) over bn.h: the public operation
 * x^e mod n and the private operation by the CRT with base blinding and a check of the result
 * with the public key. Internal: the padding schemes (PKCS#1 v1.5, PSS, OAEP) and the public
 * API build on it.
 *
 * Integers are big-endian byte strings as in PKCS#1 keys (leading zero bytes allowed). Moduli
 * of whole 64-bit words from 2048 bits (1024 with FC_RSA_LEGACY_BITS) to FC_RSA_MAX_BITS
 * (2048, 2112, ..., 3072, 4096: the usual sizes and a few odd ones); the primes of a private
 * key each fill half of the modulus's 32-bit words (the usual balanced primes). All memory is
 * the caller's fc_rsa_soft_work; the functions use a few words of stack beyond it.
 */
#ifndef FC_RSA_SOFT_H
#define FC_RSA_SOFT_H

#include <stddef.h>
#include <stdint.h>

#include "fieldcrypt/rng.h"
#include "fieldcrypt/status.h"
#include "bn.h"

#include "fieldcrypt/config.h"

/* Window of the private exponentiations: 4 (16-entry tables) or 5 (32 entries: about 10%
 * fewer products for 1024-bit exponents, twice the table). */
#ifndef FC_RSA_WINDOW
#define FC_RSA_WINDOW 4
#endif
#if FC_RSA_WINDOW < 1 || FC_RSA_WINDOW > 6
#error "FC_RSA_WINDOW is 1..6"
#endif

#define FC_RSA_MAX_LIMBS (FC_RSA_MAX_BITS / 32)
#define FC_RSA_MAX_HALF (FC_RSA_MAX_LIMBS / 2)

#define FC_RSA_MAX2(a, b) ((a) > (b) ? (a) : (b))
/* Scratch of the largest step: a prime's exponentiation, the blinding factor's reduction
 * (n + 2 random words and fc_bn_mod's scratch), the inverse modulo n, the public power. */
#define FC_RSA_SCRATCH                                                                        \
    FC_RSA_MAX2(FC_RSA_MAX2(FC_BN_EXP_SCRATCH(FC_RSA_MAX_HALF, FC_RSA_WINDOW),                \
                            FC_RSA_MAX_LIMBS + 2 + FC_BN_MOD_SCRATCH(FC_RSA_MAX_LIMBS)),      \
                FC_RSA_MAX2(FC_BN_INV_SCRATCH(FC_RSA_MAX_LIMBS),                              \
                            FC_BN_EXP_PUBLIC_SCRATCH(FC_RSA_MAX_LIMBS)))

/* A public key: the modulus n and the exponent e (odd, 3 <= e < n). */
typedef struct fc_rsa_soft_public {
    const uint8_t *n, *e;
    size_t n_len, e_len;
} fc_rsa_soft_public;

/* A private key in CRT form (RFC 8017 3.2, second representation, two primes): the public
 * key (the result is checked with it), the primes p and q, dP = d mod (p - 1),
 * dQ = d mod (q - 1), qInv = q^-1 mod p. */
typedef struct fc_rsa_soft_private {
    fc_rsa_soft_public pub;
    const uint8_t *p, *q, *dp, *dq, *qinv;
    size_t p_len, q_len, dp_len, dq_len, qinv_len;
} fc_rsa_soft_private;

/* The working memory of one operation (11.6 KB for FC_RSA_MAX_BITS 4096 with window 4, 15.7 KB
 * with window 5, 23.1 KB for 8192); wiped before the functions return. */
typedef struct fc_rsa_soft_work {
    fc_bn_mont mont_n, mont_p, mont_q;
    uint32_t n[FC_RSA_MAX_LIMBS], n_rr[FC_RSA_MAX_LIMBS], e[FC_RSA_MAX_LIMBS];
    uint32_t in[FC_RSA_MAX_LIMBS], x[FC_RSA_MAX_LIMBS], y[FC_RSA_MAX_LIMBS];
    uint32_t blind[FC_RSA_MAX_LIMBS], unblind[FC_RSA_MAX_LIMBS];
    uint32_t p[FC_RSA_MAX_HALF], q[FC_RSA_MAX_HALF], p_rr[FC_RSA_MAX_HALF], q_rr[FC_RSA_MAX_HALF];
    uint32_t dp[FC_RSA_MAX_HALF], dq[FC_RSA_MAX_HALF], qinv[FC_RSA_MAX_HALF];
    uint32_t mp[FC_RSA_MAX_HALF], mq[FC_RSA_MAX_HALF];
    uint32_t scratch[FC_RSA_SCRATCH];
} fc_rsa_soft_work;

/* The modulus's length in bytes without leading zeros, 0 when the public key is not one this
 * code takes (size, n even, e even, e < 3, e >= n). */
size_t fc_rsa_soft_public_check(fc_rsa_soft_work *work, const fc_rsa_soft_public *key);

/* out[0..k) = in^e mod n, for in[0..in_len) < n, k the modulus's length in bytes (in_len
 * <= k; out_len must be k). FC_ERR_KEY for a key fc_rsa_soft_public_check refuses,
 * FC_ERR_LENGTH for lengths, FC_ERR_ARGUMENT when in >= n. out is not written on failure. */
fc_status fc_rsa_soft_public_op(fc_rsa_soft_work *work, uint8_t *out, size_t out_len,
                                const fc_rsa_soft_public *key, const uint8_t *in, size_t in_len);

/* out[0..k) = in^d mod n by the CRT, blinded with r^e (r uniform mod n from rng), checked by
 * raising the result to e before it is written. FC_ERR_KEY for an inconsistent key (p q != n,
 * a prime not odd or not filling its half, a CRT value too long), FC_ERR_LENGTH,
 * FC_ERR_ARGUMENT (in >= n), FC_ERR_NO_RNG / FC_ERR_RNG_FAILED, FC_ERR_PROVIDER when the check
 * fails (a fault, or a wrong dP, dQ or qInv). out is zero on every failure. */
fc_status fc_rsa_soft_private_op(fc_rsa_soft_work *work, uint8_t *out, size_t out_len,
                                 const fc_rsa_soft_private *key, const uint8_t *in,
                                 size_t in_len, const fc_rng *rng);

/* A new key (driver.h fc_rsa_ops.generate, rsa_keygen_soft.c): bits bits (a multiple of 64,
 * 2048 to FC_RSA_MAX_BITS), public exponent e (odd, >= 3), into parts (driver.h's layout); area:
 * area_size bytes of working memory, wiped before return. FC_ERR_ARGUMENT, FC_ERR_PROVIDER
 * (area too small), FC_ERR_RNG_FAILED (the source failed or never gave a prime). */
fc_status fc_rsa_soft_generate(void *area, size_t area_size, const fc_rng *rng, uint8_t *parts,
                               unsigned bits, uint32_t e);

#endif
