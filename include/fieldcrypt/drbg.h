/* Deterministic random bit generators (SP 800-90A Rev. 1): HMAC_DRBG over HMAC-SHA-256 or
 * HMAC-SHA-512 (10.1.2) and CTR_DRBG over AES-128 or AES-256 (10.2.1), with or without the
 * derivation function. Both are the core's modes over whichever provider of the chain runs the
 * HMAC or AES (FC_ERR_UNSUPPORTED when none does).
 *
 * A DRBG draws its entropy from a source (rng.h): the fc_rng given to fc_drbg_init, or, when
 * that is NULL, the default source at the time of the call (the installed one or the
 * operating system's; FC_ERR_NO_RNG if there is none), which it keeps. fc_drbg_rng turns a
 * DRBG into an fc_rng, so firmware with a slow or biased TRNG can install the DRBG as the
 * library's randomness source:
 *
 *     fc_drbg_init(&drbg, NULL, FC_CTR_DRBG_AES256, &trng, 0, pers, sizeof(pers));
 *     fc_drbg_rng(&drbg, &drbg_rng);
 *     fc_rng_install(&drbg_rng);    // the DRBG keeps its own pointer to trng
 *
 * A DRBG never draws from itself: a source that is its own fc_drbg_rng, or a DRBG that draws
 * from it (up to 8 DRBGs deep), is refused at init with FC_ERR_ARGUMENT. So is the default
 * when that is this DRBG's rng (a DRBG instantiated again while installed).
 *
 * Security strength: the algorithm's key bytes (fc_alg_get): 32 for HMAC_DRBG and
 * ctr-drbg-aes256, 16 for ctr-drbg-aes128. fc_drbg_init draws that many bytes of entropy, then
 * a nonce of half as many (the algorithm's nonce bytes), in two calls of the source; without
 * the derivation function it draws the whole seed, key + 16 bytes, and no nonce. A reseed from
 * the source draws the security strength again (without df: the seed length).
 *
 * Lengths (FC_ERR_LENGTH, nothing changed): a request is at most FC_DRBG_MAX_REQUEST bytes
 * (SP 800-90A: 2^19 bits); personalization and additional input at most FC_DRBG_MAX_INPUT
 * bytes, and without the derivation function at most the seed length (they are XORed into
 * it); caller's entropy from the security strength to FC_DRBG_MAX_INPUT bytes, or exactly the
 * seed length without df; a nonce at most FC_DRBG_MAX_INPUT bytes (none without df).
 *
 * Reseeding: after FC_DRBG_RESEED_INTERVAL generate calls (or the interval set with
 * fc_drbg_set_reseed_interval), generate reseeds from the source first; a DRBG without a
 * source (instantiated by fc_drbg_init_seeded with source NULL) returns FC_ERR_RESEED
 * instead, having written nothing, until fc_drbg_reseed is called with entropy.
 * With FC_DRBG_PREDICTION_RESISTANCE every generate reseeds from the source first, which it
 * therefore needs: fc_drbg_init_seeded refuses the flag without one (FC_ERR_ARGUMENT). A
 * reseed inside generate takes the call's additional input, and the generate then runs
 * without it (SP 800-90A 9.3.1).
 *
 * The state (key and V) is secret: fc_drbg_wipe zeroes it. A failure of the entropy source
 * (FC_ERR_RNG_FAILED) or of the HMAC or AES under the DRBG wipes the context (it must be
 * instantiated again) and the output of the failing generate. Constant time: HMAC and AES as
 * fieldcrypt computes them, no branch on the state.
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
#define FC_DRBG_MAX_REQUEST 65536u     /* bytes per generate call */
#define FC_DRBG_MAX_INPUT 256u         /* bytes of entropy, nonce, personalization, additional
                                        * input (each) */

/* The caller allocates it; its fields are private. */
typedef struct fc_drbg_ctx {
    const fc_provider *provider;       /* where its HMAC or AES runs */
    const fc_rng *source;              /* where reseeds draw from; NULL: none */
    uint32_t magic;
    uint16_t alg;                      /* fc_alg */
    uint16_t flags;                    /* FC_DRBG_* */
    uint32_t reseed_counter;           /* generate calls since the last (re)seed */
    uint32_t reseed_interval;
    uint8_t key[64];                   /* HMAC_DRBG: K; CTR_DRBG: the AES key */
    uint8_t v[64];                     /* V */
} fc_drbg_ctx;

/* Instantiate with entropy and a nonce drawn from source (NULL: the default source now).
 * ctx must not be in use (FC_ERR_STATE: fc_drbg_wipe it first). */
fc_status fc_drbg_init(fc_drbg_ctx *ctx, const fc_provider *provider, fc_alg alg,
                       const fc_rng *source, unsigned flags, const uint8_t *pers,
                       size_t pers_len);
/* Instantiate with the caller's entropy and nonce (known-answer tests, or entropy gathered
 * elsewhere); source may be NULL (no automatic reseed, no prediction resistance). Without
 * the derivation function entropy_len must be the seed length (key + 16 bytes) and nonce_len
 * 0; otherwise entropy_len is at least the security strength. */
fc_status fc_drbg_init_seeded(fc_drbg_ctx *ctx, const fc_provider *provider, fc_alg alg,
                              const fc_rng *source, unsigned flags, const uint8_t *entropy,
                              size_t entropy_len, const uint8_t *nonce, size_t nonce_len,
                              const uint8_t *pers, size_t pers_len);
/* Reseed with the caller's entropy, or (entropy NULL, entropy_len 0) from the source:
 * FC_ERR_NO_RNG when the DRBG has none. */
fc_status fc_drbg_reseed(fc_drbg_ctx *ctx, const uint8_t *entropy, size_t entropy_len,
                         const uint8_t *addl, size_t addl_len);
/* len bytes into out (len 0: out may be NULL); out must not overlap addl. */
fc_status fc_drbg_generate(fc_drbg_ctx *ctx, uint8_t *out, size_t len, const uint8_t *addl,
                           size_t addl_len);
/* 1 to 2^32 - 1 generate calls between reseeds (0: FC_ERR_ARGUMENT); init sets
 * FC_DRBG_RESEED_INTERVAL. */
fc_status fc_drbg_set_reseed_interval(fc_drbg_ctx *ctx, uint32_t interval);
void fc_drbg_wipe(fc_drbg_ctx *ctx);
/* rng draws from ctx (fc_drbg_generate without additional input, in requests of at most
 * FC_DRBG_MAX_REQUEST bytes; a failing generate, FC_ERR_RESEED included, fails the fill);
 * both must outlive its use. */
void fc_drbg_rng(fc_drbg_ctx *ctx, fc_rng *rng);

#ifdef __cplusplus
}
#endif
#endif
