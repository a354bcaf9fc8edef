/* The "soft" provider: fieldcrypt's own portable, constant-time C (and Thumb assembly).
 * Internal header: the descriptors each primitive file exports (provider_soft.c lists them),
 * and the jobs of its sliceable implementations.
 */
#ifndef FC_SOFT_H
#define FC_SOFT_H

#include "fieldcrypt/config.h"
#include "fieldcrypt/driver.h"

/* sha256.c, sha512.c */
extern const fc_impl fc_soft_sha224, fc_soft_sha256, fc_soft_sha384, fc_soft_sha512;
/* One block into the chaining value h (the SHA-512 job calls it a block at a time). */
void fc_soft_sha512_compress(uint64_t h[8], const uint8_t block[128]);
/* sha256.c: one SHA-256 block into h, and the initial h (for the sliced ECDSA nonce) */
void fc_soft_sha256_compress(uint32_t h[8], const uint8_t block[64]);
extern const uint32_t fc_soft_sha256_iv[8];
/* The round constants, and the Thumb-2 block functions (sha256_armv7m.c, sha512_armv7m.c) in
 * place of the C on the Cortex-M3/M4/M33 with gcc's optimization (FC_SHA_ASM=0: the C). */
extern const uint32_t fc_soft_sha256_k[64];
extern const uint64_t fc_soft_sha512_k[80];
#ifndef FC_SHA_ASM
#define FC_SHA_ASM 1
#endif
#if FC_SHA_ASM && (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__) ||                  \
                   defined(__ARM_ARCH_8M_MAIN__)) &&                                        \
    defined(__ARM_FEATURE_UNALIGNED) && defined(__OPTIMIZE__) && defined(__GNUC__) &&       \
    !defined(__clang__)
#define SHA_THUMB2 1
#else
#define SHA_THUMB2 0
#endif
/* ARMv6-M with gcc: SHA-512 in Thumb-1, sha512_armv6m.c, or with FC_SHA512_SMALL=1 the smaller
 * and slower sha512_armv6m_small.c. */
#if defined(__GNUC__) && defined(__ARM_ARCH_6M__) && defined(__ARMEL__)
#define SHA512_THUMB1 1
#else
#define SHA512_THUMB1 0
#endif
#ifndef FC_SHA512_SMALL
#define FC_SHA512_SMALL 0
#endif

/* sha1.c, md5.c (legacy), sm3.c */
extern const fc_impl fc_soft_sha1, fc_soft_md5, fc_soft_sm3;

/* des.c: DES and 3DES (legacy) */
extern const fc_impl fc_soft_des, fc_soft_tdes;

/* salsa20.c: Salsa20 with HSalsa20 as its subkey function */
extern const fc_impl fc_soft_salsa20;

/* aes_ct.c: AES-128/192/256, bitsliced and fixsliced, two blocks at a time */
extern const fc_impl fc_soft_aes;

/* chacha20.c: ChaCha20 (12- or 8-byte nonce) with HChaCha20 as its subkey function;
 * poly1305.c: Poly1305 */
extern const fc_impl fc_soft_chacha20, fc_soft_poly1305;

/* x25519.c and elligator2_25519.c, over the field arithmetic of fe25519.h: fe25519_32.c
 * (16x16->32-bit products, for Cortex-M0) or fe25519_64.c (64-bit limbs, unsigned __int128),
 * chosen by FC_FE25519_64. */
extern const fc_impl fc_soft_x25519, fc_soft_elligator2_curve25519;

/* ed25519.c over ge25519.c (the group) and sc25519.c (scalars mod L): Ed25519, Ed25519ctx and
 * Ed25519ph. They need SHA-512 and the Curve25519 field, which is built with X25519. */
#define FC_SOFT_ED25519 (FC_WITH_ED25519 && FC_WITH_SHA512 && FC_WITH_X25519)
extern const fc_impl fc_soft_ed25519, fc_soft_ed25519ctx, fc_soft_ed25519ph;

/* x19119.c and elligator2_19119.c, over fe19119.h (16-bit limbs on every target). */
extern const fc_impl fc_soft_x19119, fc_soft_elligator2_curve19119;

/* ec_soft.c over ecw_field.c, ecw_point.c, ecw_curves.c: the short-Weierstrass curves (ec.h) */
extern const fc_impl fc_soft_secp256r1;
/* p256_job.c: secp256r1's jobs (engine.h: ECDH, ECDSA sign and verify) */
fc_status fc_soft_p256_job_start(const fc_impl *impl, void *state, const fc_job_input *in);
fc_status fc_soft_p256_job_run(void *state, uint32_t budget, fc_cycle_counter clock, void *user);
uint32_t fc_soft_p256_job_max_unit(void);  /* its dearest unit (job_costs.c reports it) */
extern const fc_impl fc_soft_secp192r1, fc_soft_secp224r1, fc_soft_secp384r1, fc_soft_secp521r1,
    fc_soft_secp192k1, fc_soft_secp224k1, fc_soft_secp256k1, fc_soft_brainpoolp256r1,
    fc_soft_brainpoolp384r1, fc_soft_brainpoolp512r1;
/* rsa_provider_soft.c over rsa_soft.c and bn.c: RSA (rsa.h) */
extern const fc_impl fc_soft_rsa;
/* rsa_job_soft.c: RSA's sliced raw operations (engine.h); the job's state is
 * FC_SOFT_RSA_JOB_STATE bytes */
#define FC_SOFT_RSA_JOB_STATE (8 * sizeof(void *) + 40)
fc_status fc_soft_rsa_job_start(const fc_impl *impl, void *state, const fc_job_input *in);
fc_status fc_soft_rsa_job_run(void *state, uint32_t budget, fc_cycle_counter clock, void *user);
/* x448.c, over fe448.h (28-bit limbs, 32x32->64-bit products). */
extern const fc_impl fc_soft_x448;

/* The sliceable jobs (engine.h): curve_jobs.c runs X25519, X19119 and both Elligator2 maps as
 * field programs over 16-bit limbs, sha512_job.c SHA-512 a block per unit; their state is
 * job.h's soft_job. */
fc_status fc_soft_curve_job_start(const fc_impl *impl, void *state, const fc_job_input *in);
#if FC_FUZZ_CHEAP_CURVES /* fuzz_cheap_curves.c: fuzzing builds only, out = clamp(k) * u */
void fc_soft_cheap_xdh(uint8_t *out, const uint8_t *scalar, const uint8_t *u, unsigned limbs);
void fc_soft_cheap_map(uint8_t *u, const uint8_t *r, unsigned limbs); /* u = r^2 + J */
#endif
fc_status fc_soft_curve_job_run(void *state, uint32_t budget, fc_cycle_counter clock,
                                void *user);
fc_status fc_soft_sha512_job_start(const fc_impl *impl, void *state, const fc_job_input *in);
fc_status fc_soft_sha512_job_run(void *state, uint32_t budget, fc_cycle_counter clock,
                                 void *user);
/* x448_job.c: X448's ladder and inversion in units of a few field operations
 * (FC_WITH_CURVE_JOBS) */
fc_status fc_soft_x448_job_start(const fc_impl *impl, void *state, const fc_job_input *in);
fc_status fc_soft_x448_job_run(void *state, uint32_t budget, fc_cycle_counter clock, void *user);
/* ed25519_job.c: Ed25519 signing and verification in units (FC_WITH_CURVE_JOBS) */
fc_status fc_soft_ed25519_job_start(const fc_impl *impl, void *state, const fc_job_input *in);
fc_status fc_soft_ed25519_job_run(void *state, uint32_t budget, fc_cycle_counter clock,
                                  void *user);

#endif
