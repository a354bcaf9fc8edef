/* fc_fe16_mul, _sqr, _add, _sub and _cswap in Thumb-1 assembly for the Cortex-M0/M0+ (ARMv6-M;
 * the Cortex-M4 has fe16_armv7m.c, see fe16.h). fe16.c has the C of everything else.
 *
 * A word-aligned element of n 16-bit limbs is n / 2 little-endian 32-bit words. For n = 16
 * the product and square are fe16_product_armv6m.h's Karatsuba over 32-bit words, its 128-bit
 * products and squares replaced by fe16_product128_armv6m.h's (Karatsuba again, over 64-bit
 * products kept in registers), reduced a 32-bit word at a time (FE_REDUCE_WORDS_ASM), the top
 * word first so that no carry leaves the top: about 1615 and 1155 modelled cycles on the M0+
 * (1730 and 1245 with fe16_product_armv6m.h's own 128-bit products over memory; 5070 and 4070
 * for fe16.c's C);
 * 16-limb operands that are not word-aligned (the address alone decides) are copied to words
 * for it. n = 12 (2^191 - 19) takes
 * fe16_product192_armv6m.h's Karatsuba over six words (its fe_mul12, fe_sqr12) and its own
 * reduction over words: about 1060 and 730 cycles.
 *
 * Constant time: straight-line code but for the loops of add, sub and cswap, whose bounds
 * depend on n only; fixed addresses; MULS has a fixed cycle count on the M0/M0+ (1, or 32 with
 * the small multiplier).
 * The asm statements name their registers (r7 included, hence __OPTIMIZE__ in fe16.h) and
 * declare every one they change, so gcc saves what it must and the .su frames stay exact.
 */
#include "fe16.h"

#if FC_FE16_NEEDED && FC_FE16_ARMV6M

#include <string.h>

#include "fieldcrypt/ct.h"
#include "fe16_product_armv6m.h"
#include "fe16_product128_armv6m.h"
#include "fe16_product192_armv6m.h"

/* Register-bound operands: the asm text names r0..r3 itself. One function per asm statement:
 * gcc underestimates the length of an unrolled asm, so no branch of its own may have to jump
 * across one. */
#define FE_ASM_CLOBBERS "r4", "r5", "r6", "r7", "r12", "cc", "memory"

/* n = 16 with a and b 4-byte aligned: the sixteen limbs are then the eight little-endian words
 * of fe16_product_armv6m.h's Karatsuba product and square (KB_PRODUCT256_ASM,
 * KB_SQUARE256_ASM, with KR_MUL128_ASM's kb_mul128 and kb_sqr128), whose 512-bit result w takes
 * the first 16 words of the work area (kb_inplace), and FE_REDUCE_WORDS_ASM reduces w. */
#define FE_KB_FN(name, body, ...)                                                           \
    __attribute__((noinline)) static void name(fc_fe16_limb *r, __VA_ARGS__)                \
    {                                                                                       \
        uint32_t frame[KB_FRAME_WORDS];                                                     \
        register const fc_fe16_limb *r0 __asm__("r0") = a;                                  \
        register const fc_fe16_limb *r1 __asm__("r1") = b;                                  \
        register uint32_t *r2 __asm__("r2") = frame;                                        \
        register uint32_t *r3 __asm__("r3") = frame;                                        \
        __asm__ volatile(".syntax unified\n\t.set kb_inplace, 1\n\t" KB_MACROS_ASM             \
                         KR_MUL128_ASM body KR_PURGE_ASM KB_PURGE_ASM ".syntax divided\n\t" \
                         : "+l"(r0), "+l"(r1), "+l"(r2), "+l"(r3)                           \
                         : : "r8", "r9", "r10", "r11", "lr", FE_ASM_CLOBBERS);              \
        fe_reduce16(r, frame);                                                              \
    }

/* r = w mod 2^255 - 19 for the 512-bit w (16 words), a word at a time: r = D + 38 U with
 * D = w[0..7], U = w[8..15] (2^256 = 38), w as kb_combine4 leaves it in place: w[4..7] in
 * words 16-19 of the work area, the rest in words 0-3 and 8-15. 38 U[i] is formed from U[i]'s halves, x = 38 uxth
 * and y = 38 (U[i] >> 16), both below 2^22: word i gets D[i] + x + c + (y << 16) and the next
 * carry is y >> 16 plus two carry bits (at most 39). The top word goes first, as in
 * fe16.c's reduction: t = D[7] + 38 U[7], its bits from 31 up (weight 2^255 = 19 each) start the
 * carry as 19 q, and its low 31 bits wait in r12 for the last carry, so the result is below
 * 2^256 (no carry leaves word 7) and every limb is carried. 17 cycles a word on the M0+ against
 * 20 for two passes over halfwords. In: r0 = r, r1 = w; r2 = 38, r3 = 0,
 * r5 = the word of D, r7 a temporary; the carry and U's word alternate between r4 and r6
 * (the last carry is in r6). */
#define FE_REDUCE_WORDS_ASM                                                                 \
    ".macro fe_rw i, rc, rh\n\t"                                                            \
    "ldr   r5, [r1, #4 * ((\\i) + 12 * ((\\i) >> 2))]\n\t"                                 \
    "ldr   \\rh, [r1, #4 * (8 + (\\i))]\n\t"                                                 \
    "uxth  r7, \\rh\n\t"                                                                   \
    "muls  r7, r2, r7\n\t"                                                                  \
    "adds  \\rc, \\rc, r7\n\t"              /* x + c < 2^23 */                               \
    "lsrs  \\rh, \\rh, #16\n\t"                                                            \
    "muls  \\rh, r2, \\rh\n\t"                                                             \
    "lsls  r7, \\rh, #16\n\t"                                                               \
    "lsrs  \\rh, \\rh, #16\n\t"                                                            \
    "adds  r5, r5, \\rc\n\t"                                                               \
    "adcs  \\rh, r3\n\t"                                                                   \
    "adds  r5, r5, r7\n\t"                                                                  \
    "adcs  \\rh, r3\n\t"                                                                   \
    "str   r5, [r0, #4 * (\\i)]\n\t"                                                         \
    ".endm\n\t"                                                                             \
    "movs  r2, #38\n\t"                                                                     \
    "movs  r3, #0\n\t"                                                                      \
    "ldr   r5, [r1, #4 * 19]\n\t"                                                           \
    "ldr   r6, [r1, #60]\n\t"                                                               \
    "uxth  r7, r6\n\t"                                                                      \
    "muls  r7, r2, r7\n\t"                                                                  \
    "lsrs  r6, r6, #16\n\t"                                                                 \
    "muls  r6, r2, r6\n\t"                                                                  \
    "lsls  r4, r6, #16\n\t"                                                                 \
    "lsrs  r6, r6, #16\n\t"                                                                 \
    "adds  r5, r5, r7\n\t"                                                                  \
    "adcs  r6, r3\n\t"                                                                      \
    "adds  r5, r5, r4\n\t"                                                                  \
    "adcs  r6, r3\n\t"                 /* (r6, r5) = t, r6 <= 38 */                          \
    "lsls  r6, r6, #1\n\t"                                                                  \
    "lsrs  r4, r5, #31\n\t"                                                                 \
    "adds  r4, r4, r6\n\t"                                                                  \
    "movs  r6, #19\n\t"                                                                     \
    "muls  r4, r6, r4\n\t"             /* the first carry, 19 q <= 19 * 77 */                \
    "lsls  r5, r5, #1\n\t"                                                                  \
    "lsrs  r5, r5, #1\n\t"                                                                  \
    "mov   r12, r5\n\t"                                                                     \
    "fe_rw 0, r4, r6\n\t"                                                                   \
    "fe_rw 1, r6, r4\n\t"                                                                   \
    "fe_rw 2, r4, r6\n\t"                                                                   \
    "fe_rw 3, r6, r4\n\t"                                                                   \
    "fe_rw 4, r4, r6\n\t"                                                                   \
    "fe_rw 5, r6, r4\n\t"                                                                   \
    "fe_rw 6, r4, r6\n\t"                                                                   \
    "mov   r5, r12\n\t"                                                                     \
    "adds  r5, r5, r6\n\t"                                                                  \
    "str   r5, [r0, #28]\n\t"                                                               \
    ".purgem fe_rw\n\t"

/* r = w mod p for the product w in the work area (FE_REDUCE_WORDS_ASM). */
__attribute__((always_inline)) static inline void fe_reduce16(fc_fe16_limb *r,
                                                              const uint32_t *w)
{
    register fc_fe16_limb *r0 __asm__("r0") = r;
    register const uint32_t *r1 __asm__("r1") = w;
    __asm__ volatile(".syntax unified\n\t" FE_REDUCE_WORDS_ASM ".syntax divided\n\t"
                     : "+l"(r0), "+l"(r1) : : "r2", "r3", FE_ASM_CLOBBERS);
}

FE_KB_FN(fe_mul16_words, KR_PRODUCT256_ASM, const fc_fe16_limb *a, const fc_fe16_limb *b)
FE_KB_FN(fe_sqr16_words, KR_SQUARE256_ASM, const fc_fe16_limb *a, const fc_fe16_limb *b)

/* The choice depends on the addresses alone. */
static int fe_words_aligned(const void *a, const void *b)
{
    return ((((uintptr_t)a | (uintptr_t)b) & 3u) == 0);
}

/* add, sub and cswap: loops of four limbs (n is 12 or 16), every pointer moved by 8 per
 * round, r0 = r (or a), r3 = its end. add and sub work as fe16.c does, but all n limbs run
 * through the loop: the top limb's bits from 15 up, h, are taken into the starting carry
 * (19 h) first, and h << 15 is taken off the stored top limb at the end (the limb is below
 * 2^16 after that, so only its low 16 bits, the stored ones, count). */

/* n = 16 with r, a and b 4-byte aligned (as the ladders' elements are): eight words. S = a + b
 * by an ADCS chain (a's words by LDM, the low four sums stored by STM, which keep the carry),
 * h = S >> 255 (at most 3), then r = (S mod 2^255) + 19 h through a second chain: r < 2^255 +
 * 57. Inline (no .rept: gcc sizes this asm right for fc_fe16_add's branches). About 80
 * cycles on the M0+, against 210 for the loop over limbs. */
__attribute__((always_inline)) static inline void fe_add16_words(fc_fe16_limb *r,
                                                                 const fc_fe16_limb *a,
                                                                 const fc_fe16_limb *b)
{
    register fc_fe16_limb *r0 __asm__("r0") = r;
    register const fc_fe16_limb *r1 __asm__("r1") = a;
    register const fc_fe16_limb *r2 __asm__("r2") = b;
    __asm__ volatile(
        ".syntax unified\n\t"
        "ldm   r1!, {r3-r6}\n\t"
        "ldr   r7, [r2, #0]\n\t"
        "adds  r3, r3, r7\n\t"
        "ldr   r7, [r2, #4]\n\t"
        "adcs  r4, r7\n\t"
        "ldr   r7, [r2, #8]\n\t"
        "adcs  r5, r7\n\t"
        "ldr   r7, [r2, #12]\n\t"
        "adcs  r6, r7\n\t"
        "stm   r0!, {r3-r6}\n\t"      /* S0..S3; r and b are read at other words below */
        "ldm   r1!, {r3-r6}\n\t"
        "ldr   r7, [r2, #16]\n\t"
        "adcs  r3, r7\n\t"
        "ldr   r7, [r2, #20]\n\t"
        "adcs  r4, r7\n\t"
        "ldr   r7, [r2, #24]\n\t"
        "adcs  r5, r7\n\t"
        "ldr   r7, [r2, #28]\n\t"
        "adcs  r6, r7\n\t"
        "movs  r7, #0\n\t"
        "adcs  r7, r7\n\t"             /* S8 */
        "lsls  r7, r7, #1\n\t"
        "lsrs  r2, r6, #31\n\t"
        "adds  r7, r7, r2\n\t"         /* h */
        "lsls  r6, r6, #1\n\t"
        "lsrs  r6, r6, #1\n\t"
        "movs  r2, #19\n\t"
        "muls  r7, r2, r7\n\t"
        "subs  r0, #16\n\t"
        "ldr   r1, [r0, #0]\n\t"
        "adds  r1, r1, r7\n\t"
        "str   r1, [r0, #0]\n\t"
        "movs  r7, #0\n\t"             /* MOVS leaves the carry */
        "ldr   r1, [r0, #4]\n\t"
        "adcs  r1, r7\n\t"
        "str   r1, [r0, #4]\n\t"
        "ldr   r1, [r0, #8]\n\t"
        "adcs  r1, r7\n\t"
        "str   r1, [r0, #8]\n\t"
        "ldr   r1, [r0, #12]\n\t"
        "adcs  r1, r7\n\t"
        "str   r1, [r0, #12]\n\t"
        "adcs  r3, r7\n\t"
        "adcs  r4, r7\n\t"
        "adcs  r5, r7\n\t"
        "adcs  r6, r7\n\t"             /* below 2^31 + 1: no carry out */
        "adds  r0, #16\n\t"
        "stm   r0!, {r3-r6}\n\t"
        ".syntax divided\n\t"
        : "+l"(r0), "+l"(r1), "+l"(r2)
        :
        : "r3", "r4", "r5", "r6", "r7", "cc", "memory");
}

void fc_fe16_add(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    if (n == 16 && fe_words_aligned(r, a) && fe_words_aligned(b, b)) {
        fe_add16_words(r, a, b);
        return;
    }
    register fc_fe16_limb *r0 __asm__("r0") = r;
    register const fc_fe16_limb *r1 __asm__("r1") = a;
    register const fc_fe16_limb *r2 __asm__("r2") = b;
    register unsigned r3 __asm__("r3") = n;
    __asm__ volatile(
        ".syntax unified\n\t"
        "lsls  r3, r3, #1\n\t"
        "subs  r4, r3, #2\n\t"
        "adds  r3, r0, r3\n\t"          /* end of r */
        "ldrh  r5, [r1, r4]\n\t"
        "ldrh  r6, [r2, r4]\n\t"
        "adds  r5, r5, r6\n\t"
        "lsrs  r5, r5, #15\n\t"         /* h <= 3 */
        "mov   r12, r5\n\t"
        "movs  r7, #19\n\t"
        "muls  r7, r5, r7\n\t"          /* the carry: < 2^16 + 2^16 + 57 in, at most 2 out */
        "1:\n\t"
        ".irp  fe_o, 0, 2, 4, 6\n\t"
        "ldrh  r5, [r1, #\\fe_o]\n\t"
        "ldrh  r6, [r2, #\\fe_o]\n\t"
        "adds  r5, r5, r6\n\t"
        "adds  r7, r7, r5\n\t"
        "strh  r7, [r0, #\\fe_o]\n\t"
        "lsrs  r7, r7, #16\n\t"
        ".endr\n\t"
        "adds  r0, #8\n\t"
        "adds  r1, #8\n\t"
        "adds  r2, #8\n\t"
        "cmp   r0, r3\n\t"
        "bne   1b\n\t"
        "subs  r3, #2\n\t"
        "ldrh  r5, [r3, #0]\n\t"
        "mov   r6, r12\n\t"
        "lsls  r6, r6, #15\n\t"
        "subs  r5, r5, r6\n\t"
        "strh  r5, [r3, #0]\n\t"
        ".syntax divided\n\t"
        : "+l"(r0), "+l"(r1), "+l"(r2), "+l"(r3)
        :
        : FE_ASM_CLOBBERS);
}

/* n = 16 with r, a and b 4-byte aligned: D = a - b by an SBCS chain, with borrow B (a - b =
 * D - 2^256 B, so a - b = D - 38 B mod p). With h = bit 255 of D and D' = D mod 2^255, r =
 * D' + p + 19 h - 38 B = (D' + 2^255) + k, k = 19 (h - 1) - 38 B in [-57, 0]: bit 255 is set
 * and k added to the words as a signed number (ADCS of its sign mask above word 0). r lies in
 * [2^255 - 57, 2^256), so the carry out of word 7 that the sign mask causes is dropped
 * rightly. About 85 cycles on the M0+, against 230 for the loop over limbs. */
__attribute__((always_inline)) static inline void fe_sub16_words(fc_fe16_limb *r,
                                                                 const fc_fe16_limb *a,
                                                                 const fc_fe16_limb *b)
{
    register fc_fe16_limb *r0 __asm__("r0") = r;
    register const fc_fe16_limb *r1 __asm__("r1") = a;
    register const fc_fe16_limb *r2 __asm__("r2") = b;
    __asm__ volatile(
        ".syntax unified\n\t"
        "ldm   r1!, {r3-r6}\n\t"
        "ldr   r7, [r2, #0]\n\t"
        "subs  r3, r3, r7\n\t"
        "ldr   r7, [r2, #4]\n\t"
        "sbcs  r4, r7\n\t"
        "ldr   r7, [r2, #8]\n\t"
        "sbcs  r5, r7\n\t"
        "ldr   r7, [r2, #12]\n\t"
        "sbcs  r6, r7\n\t"
        "stm   r0!, {r3-r6}\n\t"      /* D0..D3 */
        "ldm   r1!, {r3-r6}\n\t"
        "ldr   r7, [r2, #16]\n\t"
        "sbcs  r3, r7\n\t"
        "ldr   r7, [r2, #20]\n\t"
        "sbcs  r4, r7\n\t"
        "ldr   r7, [r2, #24]\n\t"
        "sbcs  r5, r7\n\t"
        "ldr   r7, [r2, #28]\n\t"
        "sbcs  r6, r7\n\t"
        "sbcs  r7, r7\n\t"             /* -B */
        "lsrs  r2, r6, #31\n\t"
        "subs  r2, #1\n\t"             /* h - 1 */
        "movs  r1, #19\n\t"
        "muls  r2, r1, r2\n\t"
        "adds  r1, r1, r1\n\t"
        "muls  r7, r1, r7\n\t"
        "adds  r7, r7, r2\n\t"         /* k */
        "movs  r1, #1\n\t"
        "lsls  r1, r1, #31\n\t"
        "orrs  r6, r1\n\t"             /* D' + 2^255 */
        "asrs  r2, r7, #31\n\t"        /* the sign mask of k */
        "subs  r0, #16\n\t"
        "ldr   r1, [r0, #0]\n\t"
        "adds  r1, r1, r7\n\t"
        "str   r1, [r0, #0]\n\t"
        "ldr   r1, [r0, #4]\n\t"
        "adcs  r1, r2\n\t"
        "str   r1, [r0, #4]\n\t"
        "ldr   r1, [r0, #8]\n\t"
        "adcs  r1, r2\n\t"
        "str   r1, [r0, #8]\n\t"
        "ldr   r1, [r0, #12]\n\t"
        "adcs  r1, r2\n\t"
        "str   r1, [r0, #12]\n\t"
        "adcs  r3, r2\n\t"
        "adcs  r4, r2\n\t"
        "adcs  r5, r2\n\t"
        "adcs  r6, r2\n\t"
        "adds  r0, #16\n\t"
        "stm   r0!, {r3-r6}\n\t"
        ".syntax divided\n\t"
        : "+l"(r0), "+l"(r1), "+l"(r2)
        :
        : "r3", "r4", "r5", "r6", "r7", "cc", "memory");
}

/* a + 4p - b with 4p's limbs 2 (2^16 - 1) in r4, as in fe16.c: the top's h is at most 7 and
 * limb 0 gets 74 less through the starting carry 19 h - 74 (mod 2^32). */
void fc_fe16_sub(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    if (n == 16 && fe_words_aligned(r, a) && fe_words_aligned(b, b)) {
        fe_sub16_words(r, a, b);
        return;
    }
    register fc_fe16_limb *r0 __asm__("r0") = r;
    register const fc_fe16_limb *r1 __asm__("r1") = a;
    register const fc_fe16_limb *r2 __asm__("r2") = b;
    register unsigned r3 __asm__("r3") = n;
    __asm__ volatile(
        ".syntax unified\n\t"
        "lsls  r3, r3, #1\n\t"
        "subs  r4, r3, #2\n\t"
        "adds  r3, r0, r3\n\t"
        "ldrh  r5, [r1, r4]\n\t"
        "ldrh  r6, [r2, r4]\n\t"
        "movs  r4, #1\n\t"
        "lsls  r4, r4, #17\n\t"
        "subs  r4, #2\n\t"              /* 2 (2^16 - 1) */
        "subs  r5, r5, r6\n\t"
        "adds  r5, r5, r4\n\t"
        "lsrs  r5, r5, #15\n\t"         /* h <= 7 */
        "mov   r12, r5\n\t"
        "movs  r7, #19\n\t"
        "muls  r7, r5, r7\n\t"
        "subs  r7, #74\n\t"
        "1:\n\t"
        ".irp  fe_o, 0, 2, 4, 6\n\t"
        "ldrh  r5, [r1, #\\fe_o]\n\t"
        "ldrh  r6, [r2, #\\fe_o]\n\t"
        "subs  r5, r5, r6\n\t"
        "adds  r5, r5, r4\n\t"
        "adds  r7, r7, r5\n\t"
        "strh  r7, [r0, #\\fe_o]\n\t"
        "lsrs  r7, r7, #16\n\t"
        ".endr\n\t"
        "adds  r0, #8\n\t"
        "adds  r1, #8\n\t"
        "adds  r2, #8\n\t"
        "cmp   r0, r3\n\t"
        "bne   1b\n\t"
        "subs  r3, #2\n\t"
        "ldrh  r5, [r3, #0]\n\t"
        "mov   r6, r12\n\t"
        "lsls  r6, r6, #15\n\t"
        "subs  r5, r5, r6\n\t"
        "strh  r5, [r3, #0]\n\t"
        ".syntax divided\n\t"
        : "+l"(r0), "+l"(r1), "+l"(r2), "+l"(r3)
        :
        : FE_ASM_CLOBBERS);
}

/* Swap under the mask -bit: d = x ^ y, y ^= d & mask, x = d ^ y. Two limbs per 32-bit word when
 * both elements are 4-byte aligned (as the ladders' are), a limb at a time otherwise; the
 * choice depends on the addresses only. */
void fc_fe16_cswap(fc_fe16_limb *a, fc_fe16_limb *b, uint32_t bit, unsigned n)
{
    register fc_fe16_limb *r0 __asm__("r0") = a;
    register fc_fe16_limb *r1 __asm__("r1") = b;
    register uint32_t r2 __asm__("r2") = bit;
    register unsigned r3 __asm__("r3") = n;
    if ((((uintptr_t)a | (uintptr_t)b) & 3u) == 0)
        __asm__ volatile(
            ".syntax unified\n\t"
            "lsls  r3, r3, #1\n\t"
            "adds  r3, r0, r3\n\t"
            "rsbs  r2, r2, #0\n\t"
            "1:\n\t"
            ".irp  fe_o, 0, 4\n\t"
            "ldr   r4, [r0, #\\fe_o]\n\t"
            "ldr   r5, [r1, #\\fe_o]\n\t"
            "eors  r4, r5\n\t"
            "movs  r6, r4\n\t"
            "ands  r6, r2\n\t"
            "eors  r5, r6\n\t"
            "eors  r4, r5\n\t"
            "str   r4, [r0, #\\fe_o]\n\t"
            "str   r5, [r1, #\\fe_o]\n\t"
            ".endr\n\t"
            "adds  r0, #8\n\t"
            "adds  r1, #8\n\t"
            "cmp   r0, r3\n\t"
            "bne   1b\n\t"
            ".syntax divided\n\t"
            : "+l"(r0), "+l"(r1), "+l"(r2), "+l"(r3)
            :
            : FE_ASM_CLOBBERS);
    else
        __asm__ volatile(
            ".syntax unified\n\t"
            "lsls  r3, r3, #1\n\t"
            "adds  r3, r0, r3\n\t"
            "rsbs  r2, r2, #0\n\t"
            "1:\n\t"
            ".irp  fe_o, 0, 2, 4, 6\n\t"
            "ldrh  r4, [r0, #\\fe_o]\n\t"
            "ldrh  r5, [r1, #\\fe_o]\n\t"
            "eors  r4, r5\n\t"
            "movs  r6, r4\n\t"
            "ands  r6, r2\n\t"
            "eors  r5, r6\n\t"
            "eors  r4, r5\n\t"
            "strh  r4, [r0, #\\fe_o]\n\t"
            "strh  r5, [r1, #\\fe_o]\n\t"
            ".endr\n\t"
            "adds  r0, #8\n\t"
            "adds  r1, #8\n\t"
            "cmp   r0, r3\n\t"
            "bne   1b\n\t"
            ".syntax divided\n\t"
            : "+l"(r0), "+l"(r1), "+l"(r2), "+l"(r3)
            :
            : FE_ASM_CLOBBERS);
}

/* n = 16 with an operand that is only 2-byte aligned: copied to aligned words first, so that
 * the Karatsuba code serves every 16-limb product (a product scanning of its own for this rare
 * case would cost 5 KB of flash). The copies are wiped. */
__attribute__((noinline)) static void fe_mul16_copied(fc_fe16_limb *r, const fc_fe16_limb *a,
                                                      const fc_fe16_limb *b)
{
    uint32_t wa[8], wb[8];
    memcpy(wa, a, sizeof(wa));
    memcpy(wb, b, sizeof(wb));
    fe_mul16_words(r, (const fc_fe16_limb *)wa, (const fc_fe16_limb *)wb);
    fc_zeroize(wa, sizeof(wa));
    fc_zeroize(wb, sizeof(wb));
}

__attribute__((noinline)) static void fe_sqr16_copied(fc_fe16_limb *r, const fc_fe16_limb *a)
{
    uint32_t wa[8];
    memcpy(wa, a, sizeof(wa));
    fe_sqr16_words(r, (const fc_fe16_limb *)wa, (const fc_fe16_limb *)wa);
    fc_zeroize(wa, sizeof(wa));
}

void fc_fe16_mul(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    if (n == 16 && fe_words_aligned(a, b))
        fe_mul16_words(r, a, b);
    else if (n == 16)
        fe_mul16_copied(r, a, b);
    else
        fe_mul12(r, a, b);
}

void fc_fe16_sqr(fc_fe16_limb *r, const fc_fe16_limb *a, unsigned n)
{
    if (n == 16 && fe_words_aligned(a, a))
        fe_sqr16_words(r, a, a);
    else if (n == 16)
        fe_sqr16_copied(r, a);
    else
        fe_sqr12(r, a);
}

#endif /* FC_FE16_NEEDED && FC_FE16_ARMV6M */
