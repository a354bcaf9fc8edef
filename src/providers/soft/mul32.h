/* A 32 x 32 -> 64-bit product for the soft provider's multi-precision code (ecw_field.c,
 * ecw_fast.c, bn.c), internal. On ARMv6-M (Cortex-M0/M0+, ARMv8-M Baseline), whose MULS gives
 * the low 32 bits only, it is four 16 x 16 -> 32-bit MULS with the carries computed by logic:
 * gcc would otherwise call libgcc's 64 x 64 multiplication, whose time is not promised to be
 * constant. Elsewhere the compiler's own 32 x 32 -> 64 multiply (UMULL on the M3/M4, MUL and
 * MULHU on RV32IM). */
#ifndef FC_SOFT_MUL32_H
#define FC_SOFT_MUL32_H

#include <stdint.h>

#if defined(__ARM_ARCH_6M__) || defined(__ARM_ARCH_8M_BASE__)
/* The carry out of x + y = sum, from the top bits (no compare a compiler could branch on). */
static inline uint32_t fc_soft_carry32(uint32_t x, uint32_t y, uint32_t sum)
{
    return ((x & y) | ((x | y) & ~sum)) >> 31;
}

static inline uint64_t fc_soft_mul32(uint32_t a, uint32_t b)
{
    uint32_t al = a & 0xffffu, ah = a >> 16, bl = b & 0xffffu, bh = b >> 16;
    uint32_t lo = al * bl, hi = ah * bh, m1 = al * bh, m2 = ah * bl;
    uint32_t mid = m1 + m2, lo2;
    hi += (mid >> 16) + (fc_soft_carry32(m1, m2, mid) << 16);
    lo2 = lo + (mid << 16);
    hi += fc_soft_carry32(lo, mid << 16, lo2);
    return ((uint64_t)hi << 32) | lo2;
}
#else
#define fc_soft_mul32(a, b) ((uint64_t)(a) * (b))
#endif

#endif
