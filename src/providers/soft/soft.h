/* The "soft" provider: fieldcrypt's own portable, constant-time C.
 * Internal header: the implementation tables each primitive file exports, and the direct
 * entry points that other soft files (HMAC over SHA-2, XSalsa20 over HSalsa20) call without
 * going through a table.
 */
#ifndef FC_SOFT_H
#define FC_SOFT_H

#include "fieldcrypt/config.h"
#include "fieldcrypt/provider.h"

/* sha256.c: SHA-224 and SHA-256 */
void fc_soft_sha256_start(fc_sha256_state *st, int is224);
void fc_soft_sha256_absorb(fc_sha256_state *st, const uint8_t *data, size_t len);
void fc_soft_sha256_finish(fc_sha256_state *st, uint8_t *out, size_t out_len); /* wipes st */
extern const fc_hash_vt fc_soft_sha224_vt, fc_soft_sha256_vt;

/* sha512.c: SHA-384 and SHA-512 */
void fc_soft_sha512_start(fc_sha512_state *st, int is384);
void fc_soft_sha512_absorb(fc_sha512_state *st, const uint8_t *data, size_t len);
void fc_soft_sha512_finish(fc_sha512_state *st, uint8_t *out, size_t out_len); /* wipes st */
extern const fc_hash_vt fc_soft_sha384_vt, fc_soft_sha512_vt;
/* One block into the chaining value h (the slice engine calls it a block at a time). */
void fc_soft_sha512_compress(uint64_t h[8], const uint8_t block[128]);

/* hmac.c, hkdf.c */
extern const fc_hmac_vt fc_soft_hmac_vt;   /* every alg; dispatches on ctx->alg */
extern const fc_hkdf_vt fc_soft_hkdf_vt;

/* salsa20.c */
extern const fc_salsa20_vt fc_soft_salsa20_vt;

/* x25519.c and elligator2_25519.c, over the field arithmetic of fe25519.h: fe25519_32.c
 * (16x16->32-bit products, for Cortex-M0) or fe25519_64.c (64-bit limbs, unsigned __int128),
 * chosen by FC_FE25519_64. */
extern const fc_x25519_vt fc_soft_x25519_vt;

/* x19119.c and elligator2_19119.c, over fe19119.h (16-bit limbs on every target). */
extern const fc_xdh_vt fc_soft_x19119_vt;

#endif
