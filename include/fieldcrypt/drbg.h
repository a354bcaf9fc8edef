/* Deterministic random bit generators (SP 800-90A Rev. 1): HMAC_DRBG over HMAC-SHA-256 or
 * HMAC-SHA-512 (10.1.2) and CTR_DRBG over AES-128 or AES-256 (10.2.1), with or without the
 * derivation function.
 *
 * A DRBG draws its entropy from a source (rng.h): the fc_rng given to fc_drbg_init, or, when
 * that is NULL, the default source at the time of the call (the installed one or the
 * operating system's), which it keeps. fc_drbg_rng turns a DRBG into an fc_rng, so firmware
 * with a slow or biased TRNG can install the DRBG as the library's randomness source:
 *
 *     fc_drbg_init(&drbg, NULL, FC_CTR_DRBG_AES256, &trng, 0, pers, sizeof(pers));
 *     fc_drbg_rng(&drbg, &drbg_rng);
 *     fc_rng_install(&drbg_rng);    // the DRBG keeps its own pointer to trng
 *
 * Security strength: the algorithm's key bytes (fc_alg_get): 32 for HMAC_DRBG and
 * ctr-drbg-aes256, 16 for ctr-drbg-aes128. Instantiate draws that many bytes of entropy and a
 * nonce of half as many (none without the derivation function: the entropy is then the whole
 * seed, key + 16 bytes); reseed draws the security strength again.
 *
 * Reseeding: after FC_DRBG_RESEED_INTERVAL generate calls (or the interval set with
 * fc_drbg_set_reseed_interval), generate reseeds from the source first; a DRBG without a
 * source (instantiated by fc_drbg_init_seeded with source NULL) returns FC_ERR_RESEED
 * instead, having written nothing, until fc_drbg_reseed is called with entropy.
 * With FC_DRBG_PREDICTION_RESISTANCE every generate reseeds first.
 * A request is at most FC_DRBG_MAX_REQUEST bytes (SP 800-90A: 2^19 bits), additional input
 * and personalization at most FC_DRBG_MAX_INPUT bytes.
 *
 * The state (key and V) is secret: fc_drbg_wipe zeroes it; a failure of the entropy source
 * wipes the context (it must be instantiated again). Constant time: HMAC and AES as fieldcrypt
 * computes them, no branch on the state.
 */
#ifndef FIELDCRYPT_DRBG_H
#define FIELDCRYPT_DRBG_H
#include <stddef.h>
#include <stdint.h>
#include "config.h"
#include "status.h"
#include "algorithms.h"
#include "rng.h"
#ifdef __cplusplus
extern "C" {
#endif

#define FC_DRBG_PREDICTION_RESISTANCE 0x1u /* reseed before every generate */
#define FC_DRBG_NO_DF 0x2u                 /* CTR_DRBG without the derivation function */
#define FC_DRBG_RESEED_INTERVAL 0x10000u   /* generate calls between reseeds (SP 800-90A
                                            * allows 2^48; fieldcrypt is more cautious) */
#define FC_DRBG_MAX_REQUEST 65536u
#define FC_DRBG_MAX_INPUT 256u

/* The caller allocates it; its fields are private. */
typedef struct fc_drbg_ctx {
    const fc_provider *provider;       /* where its HMAC or AES runs */
    const fc_rng *source;              /* where reseeds draw from; NULL: none */
    uint32_t magic;
    uint16_t alg;                      /* fc_alg */
    uint16_t flags;                    /* FC_DRBG_* */
    uint32_t reseed_counter;
    uint32_t reseed_interval;
    uint8_t key[64];                   /* HMAC_DRBG: K; CTR_DRBG: the AES key */
    uint8_t v[64];                     /* V */
} fc_drbg_ctx;

/* Instantiate with entropy and a nonce drawn from source (NULL: the default source). */
fc_status fc_drbg_init(fc_drbg_ctx *ctx, const fc_provider *provider, fc_alg alg,
                       const fc_rng *source, unsigned flags, const uint8_t *pers,
                       size_t pers_len);
/* Instantiate with the caller's entropy and nonce (known-answer tests, or entropy gathered
 * elsewhere); source may be NULL (no automatic reseed). Without the derivation function
 * entropy_len must be the seed length (key + 16 bytes) and nonce_len 0; otherwise
 * entropy_len is at least the security strength. */
fc_status fc_drbg_init_seeded(fc_drbg_ctx *ctx, const fc_provider *provider, fc_alg alg,
                              const fc_rng *source, unsigned flags, const uint8_t *entropy,
                              size_t entropy_len, const uint8_t *nonce, size_t nonce_len,
                              const uint8_t *pers, size_t pers_len);
/* Reseed with the caller's entropy, or (entropy NULL) from the source. */
fc_status fc_drbg_reseed(fc_drbg_ctx *ctx, const uint8_t *entropy, size_t entropy_len,
                         const uint8_t *addl, size_t addl_len);
fc_status fc_drbg_generate(fc_drbg_ctx *ctx, uint8_t *out, size_t len, const uint8_t *addl,
                           size_t addl_len);
/* 1 to 2^32 - 1 generate calls between reseeds. */
fc_status fc_drbg_set_reseed_interval(fc_drbg_ctx *ctx, uint32_t interval);
void fc_drbg_wipe(fc_drbg_ctx *ctx);
/* rng draws from ctx (fc_drbg_generate without additional input); both must outlive its use. */
void fc_drbg_rng(fc_drbg_ctx *ctx, fc_rng *rng);

#ifdef __cplusplus
}
#endif
#endif
