/* Radix-2^16 arithmetic modulo p = 2^(16n-1) - 19 on n limbs (internal header).
 *
 * The limb-count-generic core shared by fe25519_32.c (p = 2^255 - 19, n = 16) and fe19119.c
 * (p = 2^191 - 19, n = 12). Both primes have the shape this code relies on: 2^(16n) = 38 and
 * 2^(16n-1) = 19 (mod p). On ARMv6-M only 16x16->32-bit products are formed, as the
 * Cortex-M0's MULS gives the low 32 bits only, and no 64-bit type appears (no __aeabi_lmul);
 * elsewhere fe16_w32.c multiplies limb pairs as 32-bit words (see below).
 *
 * An element is n limbs in uint16_t (fc_fe16_limb), value sum v[i] * 2^(16 i): 2n bytes, 32
 * for Curve25519 and 24 for Curve19119. Every function returns its result "carried" (every limb
 * < 2^16, which the type makes true) and takes carried inputs; outputs may alias inputs. Sums,
 * carries and products are formed in uint32_t. The value is below 2^(16n) = 2p + 38, congruent
 * to the element but not necessarily below p: fc_fe16_tobytes alone reduces fully. n is at most
 * FC_FE16_MAX_LIMBS.
 *
 * Constant time: no branch or memory index depends on a limb; cswap/cmov mask with the bit.
 * The field files wrap these in their own typed API (fe25519.h, fe19119.h).
 */
#ifndef FC_FE16_H
#define FC_FE16_H

#include <stdint.h>

#include "fieldcrypt/config.h"

/* Compiled when a 16-bit-limb field uses it: Curve25519 without the 64-bit code, or
 * Curve19119 (always 16-bit limbs). */
#define FC_FE16_NEEDED ((FC_WITH_X25519 && !FC_FE25519_64) || FC_WITH_X19119 || FC_WITH_ENGINE)

#if FC_FE16_NEEDED

#define FC_FE16_MAX_LIMBS 16

/* mul, sqr, add, sub and cswap come from fe16_armv6m.c (Thumb-1 assembly for gcc) on the
 * Cortex-M0/M0+ (ARMv6-M); those, mul_small and sqr_n from fe16_armv7m.c (Thumb-2, UMAAL)
 * on the Cortex-M4 (ARMv7E-M); from fe16_w32.c or fe16.c everywhere else (below). Not without optimization: gcc
 * then keeps a frame pointer in r7, which the assembly uses (so does -fno-omit-frame-pointer,
 * which makes the build fail with "r7 cannot be used in asm here"). The assembly takes
 * n = 12 or 16 only. */
#if FC_FE16_ASM && defined(__ARM_ARCH_6M__) && \
    defined(__OPTIMIZE__) && defined(__GNUC__) && !defined(__clang__)
#define FC_FE16_ARMV6M 1
#else
#define FC_FE16_ARMV6M 0
#endif
#if FC_FE16_ASM && defined(__ARM_ARCH_7EM__) && \
    defined(__OPTIMIZE__) && defined(__GNUC__) && !defined(__clang__)
#define FC_FE16_ARMV7M 1
#else
#define FC_FE16_ARMV7M 0
#endif

/* Without that assembly, fe16_w32.c has mul, sqr, add, sub, mul_small and cswap in C over
 * 32-bit words (32x32->64-bit products), except on ARMv6-M, which has no such multiplication:
 * there fe16.c's 16-bit C serves. */
#if !FC_FE16_ARMV6M && !FC_FE16_ARMV7M && !defined(__ARM_ARCH_6M__)
#define FC_FE16_W32 1
#else
#define FC_FE16_W32 0
#endif

typedef uint16_t fc_fe16_limb;

/* r = c, for c < 2^32 */
void fc_fe16_set_u32(fc_fe16_limb *r, uint32_t c, unsigned n);
/* 2n-byte little-endian string; bit 16n-1 is ignored and values >= p are accepted
 * (RFC 7748 decodeUCoordinate). */
void fc_fe16_frombytes(fc_fe16_limb *r, const uint8_t *in, unsigned n);
/* canonical (< p) 2n-byte little-endian encoding */
void fc_fe16_tobytes(uint8_t *out, const fc_fe16_limb *a, unsigned n);

void fc_fe16_add(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n);
void fc_fe16_sub(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n);
void fc_fe16_neg(fc_fe16_limb *r, const fc_fe16_limb *a, unsigned n);
void fc_fe16_mul(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n);
void fc_fe16_sqr(fc_fe16_limb *r, const fc_fe16_limb *a, unsigned n);
/* r = a^(2^k), k >= 1: the runs of squarings of the exponent chains */
void fc_fe16_sqr_n(fc_fe16_limb *r, const fc_fe16_limb *a, unsigned k, unsigned n);
/* a * c for a small constant c < 2^19 */
void fc_fe16_mul_small(fc_fe16_limb *r, const fc_fe16_limb *a, uint32_t c, unsigned n);

/* swap a and b if bit == 1 */
void fc_fe16_cswap(fc_fe16_limb *a, fc_fe16_limb *b, uint32_t bit, unsigned n);
/* r = a if bit == 1 */
void fc_fe16_cmov(fc_fe16_limb *r, const fc_fe16_limb *a, uint32_t bit, unsigned n);
/* 1 if a == 0 mod p, else 0 */
uint32_t fc_fe16_iszero(const fc_fe16_limb *a, unsigned n);

/* The ladder step below in one function: fe16_armv7m.c's, and fe16_armv6m.c's but in the small
 * build (FC_SMALL: its inlined additions and selections cost about 3 KB of flash there). */
#define FC_FE16_LADDER_STEP (FC_FE16_ARMV7M || (FC_FE16_ARMV6M && !FC_SMALL))

#if FC_FE16_ARMV6M
/* fe16.c's portable mul_small, for what fe16_armv6m.c's assembly does not take */
void fc_fe16_mul_small_c(fc_fe16_limb *r, const fc_fe16_limb *a, uint32_t c, unsigned n);
#endif

#if FC_FE16_LADDER_STEP
/* One step of the Montgomery ladder of x25519.c and x19119.c: their cswaps of (x2, x3) and
 * (z2, z3) under swap (0 or 1), then their sequence of operations on x2, z2, x3, z3 with the
 * temporaries t0, t1, x2 = AA BB written in place (no copy after the step), with u_small != 0
 * for a small x1, a24 = (A - 2) / 4. */
void fc_fe16_ladder_step(fc_fe16_limb *x2, fc_fe16_limb *z2, fc_fe16_limb *x3, fc_fe16_limb *z3,
                         fc_fe16_limb *t0, fc_fe16_limb *t1, const fc_fe16_limb *x1,
                         uint32_t swap, uint32_t u_small, uint32_t a24, unsigned n);
/* count steps on the scalar bits t - 1, t - 2, ..., t - count of k (little-endian bytes; t
 * and count public): each step's swap is the previous step's bit XOR its own, the first's
 * swap XOR its bit; returns the last bit, the next call's swap.
 * One call for a whole ladder or a unit of the engine's (fe16_armv6m.c's runs the steps in one
 * frame; elsewhere fe16.c loops over fc_fe16_ladder_step). */
uint32_t fc_fe16_ladder_steps(fc_fe16_limb *x2, fc_fe16_limb *z2, fc_fe16_limb *x3,
                              fc_fe16_limb *z3, fc_fe16_limb *t0, fc_fe16_limb *t1,
                              const fc_fe16_limb *x1, const uint8_t *k, unsigned t,
                              unsigned count, uint32_t swap, uint32_t u_small, uint32_t a24,
                              unsigned n);
#endif

#endif /* FC_FE16_NEEDED */
#endif
