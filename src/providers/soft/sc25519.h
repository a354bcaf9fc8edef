/* Arithmetic modulo the order L = 2^252 + 27742317777372353535851937790883648493 of the
 * Ed25519 base point (internal header, sc25519.c).
 *
 * Scalars are 32-byte little-endian strings. The arithmetic runs on 16-bit limbs with
 * 16x16->32-bit products only (the Cortex-M0's MULS), and every loop has a fixed count:
 * no branch or memory index depends on a scalar's value.
 */
#ifndef FC_SC25519_H
#define FC_SC25519_H

#include <stdint.h>

/* out = in mod L for a 64-byte little-endian in (a SHA-512 output). */
void fc_sc25519_reduce64(uint8_t out[32], const uint8_t in[64]);
/* out = a * b + c mod L, for a < L and any 32-byte b and c (the sum stays below 2^512). */
void fc_sc25519_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
                       const uint8_t c[32]);
/* fc_sc25519_muladd in two halves (the Ed25519 signing job runs them as two units): x = a * b + c
 * as 32 little-endian 16-bit limbs, then out = x mod L. */
void fc_sc25519_muladd_wide(uint16_t x[32], const uint8_t a[32], const uint8_t b[32],
                            const uint8_t c[32]);
void fc_sc25519_reduce_wide(uint8_t out[32], const uint16_t x[32]);
/* 1 when s < L, else 0. Variable time: for public scalars (a signature's S). */
int fc_sc25519_is_canonical(const uint8_t s[32]);

#endif
