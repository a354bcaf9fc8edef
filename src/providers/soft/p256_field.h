/* Arithmetic modulo the P-256 prime p = 2^256 - 2^224 + 2^192 + 2^96 - 1 (internal): the
 * field of secp256r1, in the Montgomery form of ecw.h (R = 2^256), so the generic curve code
 * (ecw_field.c, ecw_point.c) calls these in place of its any-modulus loops for this one
 * modulus. Eight little-endian 32-bit limbs; results fully reduced (< p); r may alias a or b.
 */
#ifndef FC_SOFT_P256_FIELD_H
#define FC_SOFT_P256_FIELD_H

#include <stdint.h>

#include "fieldcrypt/config.h"

/* p256_field_armv7m.c, in Thumb-2 assembly for gcc with optimization only, as
 * aes_ct_armv7m.c (it uses every register but sp, r7 included): the four functions below but
 * p256_inv on the Cortex-M4 (P256_FIELD_ARMV7M; FC_FE16_ASM 0 keeps the C there too). */
#if FC_FE16_ASM && defined(__ARM_ARCH_7EM__) && defined(__OPTIMIZE__) && \
    defined(__GNUC__) && !defined(__clang__)
#define P256_FIELD_ARMV7M 1
#else
#define P256_FIELD_ARMV7M 0
#endif

/* p256_field_armv6m.c, in Thumb-1 assembly for gcc with optimization only, as fe16.h explains
 * (it uses r7): the products of fe16_product_armv6m.h, the reduction, addition and
 * subtraction on the Cortex-M0/M0+ (P256_FIELD_THUMB, P256_FIELD_ARMV6M). Where neither
 * assembly is built the Cortex-M4's products use UMAAL in C (P256_FIELD_UMAAL). */
#if FC_FE16_ASM && (defined(__ARM_ARCH_6M__) || defined(__ARM_ARCH_8M_BASE__)) && \
    defined(__OPTIMIZE__) && defined(__GNUC__) && !defined(__clang__)
#define P256_FIELD_THUMB 1
#else
#define P256_FIELD_THUMB 0
#endif
#define P256_FIELD_ARMV6M P256_FIELD_THUMB
#if defined(__ARM_ARCH_7EM__) && (defined(__GNUC__) || defined(__clang__)) && !P256_FIELD_ARMV7M
#define P256_FIELD_UMAAL 1
#else
#define P256_FIELD_UMAAL 0
#endif

/* r = a b / R mod p, for a < R and b < p (or a < p and b < R). */
void p256_mont_mul(uint32_t *r, const uint32_t *a, const uint32_t *b);
/* r = a^2 / R mod p, a < p. */
void p256_mont_sqr(uint32_t *r, const uint32_t *a);
/* r = a^-1 = a^(p - 2) (0 gives 0), Montgomery form in and out, by a fixed addition chain of
 * 255 squarings and 13 multiplications: constant time. r may be a. */
void p256_inv(uint32_t *r, const uint32_t *a);
/* r = a + b and a - b mod p, a and b < p. */
void p256_add(uint32_t *r, const uint32_t *a, const uint32_t *b);
void p256_sub(uint32_t *r, const uint32_t *a, const uint32_t *b);

#if P256_FIELD_ARMV6M
/* p256_field_armv6m.c: t[0..15] = a b and a^2 (t has 17 words: the assembly stores a spare
 * register in t[16]). */
void p256_product_armv6m(uint32_t *t, const uint32_t *a, const uint32_t *b);
void p256_square_armv6m(uint32_t *t, const uint32_t *a);
#endif
#if P256_FIELD_THUMB
/* r = t / 2^256 mod p for t < p 2^256 (16 words; t is overwritten). */
void p256_reduce_armv6m(uint32_t *r, uint32_t *t);
#endif

#endif
