/* fc_fe16_mul, _sqr, _add, _sub, _mul_small and _cswap in Thumb-1 assembly for the Cortex-M0/M0+
 * (ARMv6-M; the Cortex-M4 has fe16_armv7m.c, see fe16.h), and the ladder step of x25519.c and
 * x19119.c over them. fe16.c has the C of everything else.
 *
 * A word-aligned element of n 16-bit limbs is n / 2 little-endian 32-bit words. For n = 16
 * the product and square are the Karatsuba over 32-bit words of fe16_product_armv6m.h and
 * fe16_product128_armv6m.h (its 128-bit products and squares Karatsuba again, over 64-bit
 * products kept in registers), reduced a 32-bit word at a time (FE_REDUCE_WORDS_ASM), the top
 * word first so that no carry leaves the top: about 1530 and 1037 modelled cycles on the M0+
 * through fc_fe16_mul and fc_fe16_sqr (1730 and 1240 with the 128-bit products over memory
 * they replaced; 5070 and 4070 for fe16.c's C), 1462 and 969 inside a ladder step or a run of
 * squarings: each is a subroutine called by BL (fe16_product_armv6m.h's KB_CALL), so that
 * fc_fe16_ladder_steps and fc_fe16_sqr_n save the registers once for all of their products;
 * elements that are not word-aligned (the addresses alone decide) are copied to words and the
 * result back (fe_copied). n = 12 (2^191 - 19) takes fe16_product192_armv6m.h's Karatsuba over
 * six words (fe_mul12_routine, fe_sqr12_routine) and its own reduction over words: about 1060
 * and 730 cycles.
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
 * of the Karatsuba product and square (fe16_product128_armv6m.h's KR_PRODUCT256_ASM and
 * KR_SQUARE256_ASM, over fe16_product_armv6m.h's work area), whose 512-bit result w takes
 * the first 16 words of the work area (kb_inplace), and FE_REDUCE_WORDS_ASM reduces w. Each is
 * a subroutine (fe_mul16_routine, fe_sqr16_routine; fe16_product_armv6m.h's KB_CALL
 * convention) with 8 bytes of stack of its own: r, then the return address. */
#define FE_ROUTINE16_ASM(name, body)                                                        \
    KB_ROUTINE_BEGIN(name)                                                                  \
    "push  {r3, lr}\n\t"                                                                    \
    "movs  r3, r2\n\t"             /* t is the work area (kb_inplace) */                   \
    ".set  kb_inplace, 1\n\t" KB_MACROS_ASM KR_MUL128_ASM body KR_PURGE_ASM KB_PURGE_ASM    \
    "mov   r1, r12\n\t"                                                                     \
    "pop   {r0}\n\t"                                                                        \
    FE_REDUCE_WORDS_ASM                                                                     \
    "pop   {pc}\n\t"                                                                        \
    KB_ROUTINE_END(name)

/* r = w mod 2^255 - 19 for the 512-bit w (16 words), a word at a time: r = D + 38 U with
 * D = w[0..7], U = w[8..15] (2^256 = 38), w as kb_combine4 leaves it in place: w[4..7] in
 * words 16-19 of the work area, the rest in words 0-3 and 8-15. 38 U[i] is formed from U[i]'s
 * halves, x = 38 uxth and y = 38 (U[i] >> 16), both below 2^22: word i gets D[i] + x + c +
 * (y << 16) and the next carry is y >> 16 plus two carry bits (at most 39). The top word goes
 * first, as in
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
    "adds  r5, r5, r5\n\t"                                                                  \
    "adcs  r6, r6\n\t"                 /* q = t >> 31 */                                    \
    "lsrs  r5, r5, #1\n\t"                                                                  \
    "movs  r4, #19\n\t"                                                                     \
    "muls  r4, r6, r4\n\t"             /* the first carry, 19 q <= 19 * 77 */                \
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

__asm__(".syntax unified\n\t"
        FE_ROUTINE16_ASM(fe_mul16_routine, KR_PRODUCT256_ASM)
        FE_ROUTINE16_ASM(fe_sqr16_routine, KR_SQUARE256_ASM));

/* r = a b, r = a^2 with the work area w (KB_FRAME_WORDS words) */
#define FE_MUL16_W(r, a, b, w) KB_CALL(fe_mul16_routine, r, a, b, w)
#define FE_SQR16_W(r, a, w) KB_CALL(fe_sqr16_routine, r, a, a, w)

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
 * 57. About 80 cycles on the M0+, against 210 for the loop over limbs.
 * D = a - b likewise by an SBCS chain, with borrow B (a - b = D - 2^256 B, so a - b = D - 38 B
 * mod p). With h = bit 255 of D and D' = D mod 2^255, r = D' + p + 19 h - 38 B = (D' + 2^255)
 * + k, k = 19 (h - 1) - 38 B in [-57, 0]: bit 255 is set and k added to the words as a signed
 * number (ADCS of its sign mask above word 0). r lies in [2^255 - 57, 2^256), so the carry out
 * of word 7 that the sign mask causes is dropped rightly. About 85 cycles.
 * n = 12 (2^191 - 19): the same over six words, bit 191 in the place of bit 255 (2^192 = 38
 * mod p as well). The text: hi is the register list of the words above the low four, top the
 * top word's register, more the two extra words' steps of n = 16 (first ldr/op, then the final
 * carry), op the chain's instruction. Inline (no .rept: gcc sizes this asm right for
 * fc_fe16_add's branches). */
#define FE_CHAIN_LOW_ASM(op0, op, hi)                                                         \
    "ldm   r1!, {r3-r6}\n\t"                                                                \
    "ldr   r7, [r2, #0]\n\t"                                                                \
    op0 "  r3, r3, r7\n\t"                                                                  \
    "ldr   r7, [r2, #4]\n\t"                                                                \
    op "  r4, r7\n\t"                                                                       \
    "ldr   r7, [r2, #8]\n\t"                                                                \
    op "  r5, r7\n\t"                                                                       \
    "ldr   r7, [r2, #12]\n\t"                                                               \
    op "  r6, r7\n\t"                                                                       \
    "stm   r0!, {r3-r6}\n\t"      /* the low four; r and b are read at other words below */ \
    "ldm   r1!, {" hi "}\n\t"                                                               \
    "ldr   r7, [r2, #16]\n\t"                                                               \
    op "  r3, r7\n\t"                                                                       \
    "ldr   r7, [r2, #20]\n\t"                                                               \
    op "  r4, r7\n\t"

#define FE_ADD_WORDS_ASM(hi, top, more_chain, more_carry)                                   \
    FE_CHAIN_LOW_ASM("adds", "adcs", hi)                                                      \
    more_chain                                                                              \
    "movs  r7, #0\n\t"                                                                      \
    "adcs  r7, r7\n\t"             /* the carry out */                                      \
    "lsls  r7, r7, #1\n\t"                                                                  \
    "lsrs  r2, " top ", #31\n\t"                                                            \
    "adds  r7, r7, r2\n\t"         /* h */                                                  \
    "lsls  " top ", " top ", #1\n\t"                                                        \
    "lsrs  " top ", " top ", #1\n\t"                                                        \
    "movs  r2, #19\n\t"                                                                     \
    "muls  r7, r2, r7\n\t"                                                                  \
    "subs  r0, #16\n\t"                                                                     \
    "ldr   r1, [r0, #0]\n\t"                                                                \
    "adds  r1, r1, r7\n\t"                                                                  \
    "str   r1, [r0, #0]\n\t"                                                                \
    "movs  r7, #0\n\t"             /* MOVS leaves the carry */                              \
    "ldr   r1, [r0, #4]\n\t"                                                                \
    "adcs  r1, r7\n\t"                                                                      \
    "str   r1, [r0, #4]\n\t"                                                                \
    "ldr   r1, [r0, #8]\n\t"                                                                \
    "adcs  r1, r7\n\t"                                                                      \
    "str   r1, [r0, #8]\n\t"                                                                \
    "ldr   r1, [r0, #12]\n\t"                                                               \
    "adcs  r1, r7\n\t"                                                                      \
    "str   r1, [r0, #12]\n\t"                                                               \
    "adcs  r3, r7\n\t"                                                                      \
    "adcs  r4, r7\n\t"                                                                      \
    more_carry                     /* the top below 2^31 + 1: no carry out */               \
    "adds  r0, #16\n\t"                                                                     \
    "stm   r0!, {" hi "}\n\t"

#define FE_SUB_WORDS_ASM(hi, top, more_chain, more_carry)                                   \
    FE_CHAIN_LOW_ASM("subs", "sbcs", hi)                                                      \
    more_chain                                                                              \
    "sbcs  r7, r7\n\t"             /* -B */                                                 \
    "lsrs  r2, " top ", #31\n\t"                                                            \
    "subs  r2, #1\n\t"             /* h - 1 */                                              \
    "movs  r1, #19\n\t"                                                                     \
    "muls  r2, r1, r2\n\t"                                                                  \
    "adds  r1, r1, r1\n\t"                                                                  \
    "muls  r7, r1, r7\n\t"                                                                  \
    "adds  r7, r7, r2\n\t"         /* k */                                                  \
    "movs  r1, #1\n\t"                                                                      \
    "lsls  r1, r1, #31\n\t"                                                                 \
    "orrs  " top ", r1\n\t"        /* D' + 2^(top bit) */                                   \
    "asrs  r2, r7, #31\n\t"        /* the sign mask of k */                                 \
    "subs  r0, #16\n\t"                                                                     \
    "ldr   r1, [r0, #0]\n\t"                                                                \
    "adds  r1, r1, r7\n\t"                                                                  \
    "str   r1, [r0, #0]\n\t"                                                                \
    "ldr   r1, [r0, #4]\n\t"                                                                \
    "adcs  r1, r2\n\t"                                                                      \
    "str   r1, [r0, #4]\n\t"                                                                \
    "ldr   r1, [r0, #8]\n\t"                                                                \
    "adcs  r1, r2\n\t"                                                                      \
    "str   r1, [r0, #8]\n\t"                                                                \
    "ldr   r1, [r0, #12]\n\t"                                                               \
    "adcs  r1, r2\n\t"                                                                      \
    "str   r1, [r0, #12]\n\t"                                                               \
    "adcs  r3, r2\n\t"                                                                      \
    "adcs  r4, r2\n\t"                                                                      \
    more_carry                                                                              \
    "adds  r0, #16\n\t"                                                                     \
    "stm   r0!, {" hi "}\n\t"

/* n = 16's two extra words: their step of the chain, then of the final carry (reg: its
 * register, r7 for the addition, r2 for the subtraction's sign mask) */
#define FE_MORE16_CHAIN(op)                                                                 \
    "ldr   r7, [r2, #24]\n\t" op "  r5, r7\n\t" "ldr   r7, [r2, #28]\n\t" op "  r6, r7\n\t"
#define FE_MORE16_CARRY(reg) "adcs  r5, " reg "\n\t" "adcs  r6, " reg "\n\t"

#define FE_ADDSUB_FN(name, text)                                                            \
    __attribute__((always_inline)) static inline void name(                                 \
        fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b)                      \
    {                                                                                       \
        register fc_fe16_limb *r0 __asm__("r0") = r;                                        \
        register const fc_fe16_limb *r1 __asm__("r1") = a;                                  \
        register const fc_fe16_limb *r2 __asm__("r2") = b;                                  \
        __asm__ volatile(".syntax unified\n\t" text ".syntax divided\n\t"                    \
                         : "+l"(r0), "+l"(r1), "+l"(r2)                                     \
                         :                                                                  \
                         : "r3", "r4", "r5", "r6", "r7", "cc", "memory");                   \
    }

FE_ADDSUB_FN(fe_add16_words, FE_ADD_WORDS_ASM("r3-r6", "r6", FE_MORE16_CHAIN("adcs"),
                                              FE_MORE16_CARRY("r7")))
FE_ADDSUB_FN(fe_sub16_words, FE_SUB_WORDS_ASM("r3-r6", "r6", FE_MORE16_CHAIN("sbcs"),
                                              FE_MORE16_CARRY("r2")))
FE_ADDSUB_FN(fe_add12_words, FE_ADD_WORDS_ASM("r3, r4", "r4", "", ""))
FE_ADDSUB_FN(fe_sub12_words, FE_SUB_WORDS_ASM("r3, r4", "r4", "", ""))
void fc_fe16_add(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    if (n == 16 && fe_words_aligned(r, a) && fe_words_aligned(b, b)) {
        fe_add16_words(r, a, b);
        return;
    }
    if (n == 12 && fe_words_aligned(r, a) && fe_words_aligned(b, b)) {
        fe_add12_words(r, a, b);
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

/* a + 4p - b with 4p's limbs 2 (2^16 - 1) in r4, as in fe16.c: the top's h is at most 7 and
 * limb 0 gets 74 less through the starting carry 19 h - 74 (mod 2^32). */
void fc_fe16_sub(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    if (n == 16 && fe_words_aligned(r, a) && fe_words_aligned(b, b)) {
        fe_sub16_words(r, a, b);
        return;
    }
    if (n == 12 && fe_words_aligned(r, a) && fe_words_aligned(b, b)) {
        fe_sub12_words(r, a, b);
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

#if FC_FE16_LADDER_STEP
/* r = b under mask (all ones), a under mask 0, over eight words (six: fe_csel12_words):
 * d = (a ^ b) & mask, r = a ^ d.
 * r must not overlap a or b (the ladder step's use). About 70 cycles on the M0+. */
#define FE_CSEL2_ASM(o)                                                                     \
    "ldm   r1!, {r4, r5}\n\t"                                                               \
    "ldr   r6, [r2, #" #o "]\n\t"                                                           \
    "ldr   r7, [r2, #" #o " + 4]\n\t"                                                       \
    "eors  r6, r4\n\t"                                                                      \
    "ands  r6, r3\n\t"                                                                      \
    "eors  r4, r6\n\t"                                                                      \
    "eors  r7, r5\n\t"                                                                      \
    "ands  r7, r3\n\t"                                                                      \
    "eors  r5, r7\n\t"                                                                      \
    "stm   r0!, {r4, r5}\n\t"

#define FE_CSEL_FN(name, text)                                                              \
    __attribute__((always_inline)) static inline void name(                                 \
        fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, uint32_t mask)       \
    {                                                                                       \
        register fc_fe16_limb *r0 __asm__("r0") = r;                                        \
        register const fc_fe16_limb *r1 __asm__("r1") = a;                                  \
        register const fc_fe16_limb *r2 __asm__("r2") = b;                                  \
        register uint32_t r3 __asm__("r3") = mask;                                          \
        __asm__ volatile(".syntax unified\n\t" text ".syntax divided\n\t"                    \
                         : "+l"(r0), "+l"(r1), "+l"(r2), "+l"(r3)                           \
                         :                                                                  \
                         : "r4", "r5", "r6", "r7", "cc", "memory");                         \
    }

FE_CSEL_FN(fe_csel16_words, FE_CSEL2_ASM(0) FE_CSEL2_ASM(8) FE_CSEL2_ASM(16) FE_CSEL2_ASM(24))
FE_CSEL_FN(fe_csel12_words, FE_CSEL2_ASM(0) FE_CSEL2_ASM(8) FE_CSEL2_ASM(16))
#endif

/* r = a c (+ b) mod p over eight words, for a small c below 3 * 2^16 (the ladders' a24 =
 * 121665 and 132354, the base point 9). A word a_i = l + 2^16 h times c = c0 + 2^16 c1
 * (c1 <= 2) is l c0 + 2^16 (h c0 + l c1) + 2^32 h c1, four MULS; the middle sum stays below
 * 2^32 because c1 <= 2, and the carry to the next word below 2^18 + 2. With b, b is copied to
 * r first and each word of r read back and added (so r must not be a then); without, r may
 * be a (each word of a is read before r's word is written). Word 0 waits in r12 and word 7 in
 * r5: the carry out of word 7 and bit 255, q = value >> 255 (below 2^19 + 5), come back as
 * 19 q into word 0 and a carry through the stored words 1-6 into word 7, which is then below
 * 2^31 + 1, so nothing leaves the top. In: r0 = r, r1 = a, r2 = c, r3 = b; r8 holds c1.
 * About 250 cycles with b, 210 without, on the M0+ (fe16.c's C: 375, and 100 more for the
 * addition). */
#define FE_MS_WORD_ASM(o, add, keep)                                                        \
    "ldr   r4, [r1, #" #o "]\n\t"                                                           \
    "uxth  r5, r4\n\t"                                                                      \
    "lsrs  r4, r4, #16\n\t"                                                                 \
    "mov   r6, r8\n\t"                                                                      \
    "movs  r7, r6\n\t"                                                                      \
    "muls  r6, r5, r6\n\t"             /* l c1 */                                           \
    "muls  r7, r4, r7\n\t"             /* h c1 */                                           \
    "muls  r5, r2, r5\n\t"             /* l c0 */                                           \
    "muls  r4, r2, r4\n\t"             /* h c0 */                                           \
    "adds  r4, r4, r6\n\t"             /* the middle, below 2^32 */                         \
    "lsls  r6, r4, #16\n\t"                                                                 \
    "lsrs  r4, r4, #16\n\t"                                                                 \
    "adds  r5, r5, r6\n\t"                                                                  \
    "adcs  r7, r4\n\t"                                                                      \
    "adds  r5, r5, r3\n\t"             /* + the carry in */                                 \
    "movs  r3, #0\n\t"                 /* MOVS leaves the carry */                          \
    "adcs  r3, r7\n\t"                                                                      \
    ".if " #add "\n\t"                                                                      \
    "ldr   r6, [r0, #" #o "]\n\t"       /* b's word */                                      \
    "adds  r5, r5, r6\n\t"                                                                  \
    "movs  r6, #0\n\t"                                                                      \
    "adcs  r3, r6\n\t"                                                                      \
    ".endif\n\t"                                                                            \
    ".if " #keep " == 0\n\t"                                                                \
    "mov   r12, r5\n\t"                                                                     \
    ".elseif " #keep " == 1\n\t"                                                            \
    "str   r5, [r0, #" #o "]\n\t"                                                           \
    ".endif\n\t"

#define FE_MS_CARRY_ASM(o)                                                                  \
    "ldr   r4, [r0, #" #o "]\n\t"                                                           \
    "adcs  r4, r3\n\t"                                                                      \
    "str   r4, [r0, #" #o "]\n\t"

/* the copy of b to r (add), c split into c0 (r2) and c1 (r8), the carry (r3) cleared */
#define FE_MS_HEAD_ASM(add, copy)                                                           \
    ".if " #add "\n\t"                                                                      \
    copy                                                                                    \
    ".endif\n\t"                                                                            \
    "lsrs  r3, r2, #16\n\t"                                                                 \
    "mov   r8, r3\n\t"                                                                      \
    "uxth  r2, r2\n\t"                                                                      \
    "movs  r3, #0\n\t"

/* the fold of the carry and the top bit: top = the last word's offset */
#define FE_MS_FOLD_ASM(top)                                                                 \
    "lsls  r3, r3, #1\n\t"                                                                  \
    "lsrs  r4, r5, #31\n\t"                                                                 \
    "adds  r3, r3, r4\n\t"             /* q */                                              \
    "lsls  r5, r5, #1\n\t"                                                                  \
    "lsrs  r5, r5, #1\n\t"                                                                  \
    "movs  r4, #19\n\t"                                                                     \
    "muls  r3, r4, r3\n\t"                                                                  \
    "mov   r4, r12\n\t"                                                                     \
    "adds  r4, r4, r3\n\t"                                                                  \
    "str   r4, [r0, #0]\n\t"                                                                \
    "movs  r3, #0\n\t"                                                                      \
    FE_MS_CARRY_ASM(4) FE_MS_CARRY_ASM(8) FE_MS_CARRY_ASM(12) FE_MS_CARRY_ASM(16)           \
    ".if " #top " == 28\n\t"                                                                \
    FE_MS_CARRY_ASM(20) FE_MS_CARRY_ASM(24)                                                 \
    ".endif\n\t"                                                                            \
    "adcs  r5, r3\n\t"                                                                      \
    "str   r5, [r0, #" #top "]\n\t"

#define FE_MUL_SMALL16_ASM(add)                                                             \
    FE_MS_HEAD_ASM(add, "ldm   r3!, {r4-r7}\n\t"                                            \
                        "stm   r0!, {r4-r7}\n\t"                                            \
                        "ldm   r3!, {r4-r7}\n\t"                                            \
                        "stm   r0!, {r4-r7}\n\t"                                            \
                        "subs  r0, #32\n\t")                                                \
    FE_MS_WORD_ASM(0, add, 0) FE_MS_WORD_ASM(4, add, 1) FE_MS_WORD_ASM(8, add, 1)           \
    FE_MS_WORD_ASM(12, add, 1) FE_MS_WORD_ASM(16, add, 1) FE_MS_WORD_ASM(20, add, 1)        \
    FE_MS_WORD_ASM(24, add, 1) FE_MS_WORD_ASM(28, add, 2)                                   \
    FE_MS_FOLD_ASM(28)

#define FE_MUL_SMALL12_ASM(add)                                                             \
    FE_MS_HEAD_ASM(add, "ldm   r3!, {r4-r7}\n\t"                                            \
                        "stm   r0!, {r4-r7}\n\t"                                            \
                        "ldm   r3!, {r4, r5}\n\t"                                           \
                        "stm   r0!, {r4, r5}\n\t"                                           \
                        "subs  r0, #24\n\t")                                                \
    FE_MS_WORD_ASM(0, add, 0) FE_MS_WORD_ASM(4, add, 1) FE_MS_WORD_ASM(8, add, 1)           \
    FE_MS_WORD_ASM(12, add, 1) FE_MS_WORD_ASM(16, add, 1) FE_MS_WORD_ASM(20, add, 2)        \
    FE_MS_FOLD_ASM(20)

#define FE_MS_FN(name, body)                                                                \
    __attribute__((noinline)) static void name(fc_fe16_limb *r, const fc_fe16_limb *a,      \
                                               uint32_t c, const fc_fe16_limb *b)           \
    {                                                                                       \
        register fc_fe16_limb *r0 __asm__("r0") = r;                                        \
        register const fc_fe16_limb *r1 __asm__("r1") = a;                                  \
        register uint32_t r2 __asm__("r2") = c;                                             \
        register const fc_fe16_limb *r3 __asm__("r3") = b;                                  \
        __asm__ volatile(".syntax unified\n\t" body ".syntax divided\n\t"                   \
                         : "+l"(r0), "+l"(r1), "+l"(r2), "+l"(r3)                           \
                         :                                                                  \
                         : "r8", FE_ASM_CLOBBERS);                                          \
    }

FE_MS_FN(fe_mul_small16_words, FE_MUL_SMALL16_ASM(0))
FE_MS_FN(fe_mul_small12_words, FE_MUL_SMALL12_ASM(0))
#if FC_FE16_LADDER_STEP
FE_MS_FN(fe_mul_small_add16_words, FE_MUL_SMALL16_ASM(1))
FE_MS_FN(fe_mul_small_add12_words, FE_MUL_SMALL12_ASM(1))
#endif

/* the largest c the assembly takes (c1 <= 2) */
#define FE_MS_MAX ((3u << 16) - 1u)

/* Elements off word boundaries: copied to words limb by limb (memcpy would go byte by byte),
 * the result copied back, so that the routines serve every product (a product scanning of its
 * own for this rare case would cost kilobytes of flash). b = NULL: the square. The copies are
 * wiped. */
typedef union {
    uint32_t w[8];
    fc_fe16_limb l[16];
} fe_words;

static void fe_copy(fc_fe16_limb *d, const fc_fe16_limb *a, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++)
        d[i] = a[i];
}

__attribute__((noinline)) static void fe_copied(fc_fe16_limb *r, const fc_fe16_limb *a,
                                                const fc_fe16_limb *b, unsigned n, uint32_t *w)
{
    fe_words wa, wb;
    fe_copy(wa.l, a, n);
    if (b != NULL)
        fe_copy(wb.l, b, n);
    if (n == 16 && b != NULL)
        FE_MUL16_W(wa.l, wa.l, wb.l, w);
    else if (n == 16)
        FE_SQR16_W(wa.l, wa.l, w);
    else if (b != NULL)
        FE_MUL12_W(wa.l, wa.l, wb.l, w);
    else
        FE_SQR12_W(wa.l, wa.l, w);
    fe_copy(r, wa.l, n);
    fc_zeroize(&wa, sizeof(wa));
    fc_zeroize(&wb, sizeof(wb));
}

/* r = a b and r = a^2 (n = 12 or 16) with the work area w of KB_FRAME_WORDS words (the 12-limb
 * routines take P6_FRAME_WORDS, fewer): the routines on word-aligned elements (the addresses
 * alone decide), else fe_copied. */
__attribute__((always_inline)) static inline void fe_mul_w(fc_fe16_limb *r, const fc_fe16_limb *a,
                                                           const fc_fe16_limb *b, unsigned n,
                                                           uint32_t *w)
{
    if (!fe_words_aligned(r, a) || !fe_words_aligned(b, b))
        fe_copied(r, a, b, n, w);
    else if (n == 16)
        FE_MUL16_W(r, a, b, w);
    else
        FE_MUL12_W(r, a, b, w);
}

__attribute__((always_inline)) static inline void fe_sqr_w(fc_fe16_limb *r, const fc_fe16_limb *a,
                                                           unsigned n, uint32_t *w)
{
    if (!fe_words_aligned(r, a))
        fe_copied(r, a, NULL, n, w);
    else if (n == 16)
        FE_SQR16_W(r, a, w);
    else
        FE_SQR12_W(r, a, w);
}

void fc_fe16_mul(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    uint32_t work[KB_FRAME_WORDS];
    fe_mul_w(r, a, b, n, work);
}

void fc_fe16_sqr(fc_fe16_limb *r, const fc_fe16_limb *a, unsigned n)
{
    uint32_t work[KB_FRAME_WORDS];
    fe_sqr_w(r, a, n, work);
}

/* the squarings called one after the other from here: the registers are saved once for the
 * run (the inversions' runs of up to 100 squarings) */
void fc_fe16_sqr_n(fc_fe16_limb *r, const fc_fe16_limb *a, unsigned k, unsigned n)
{
    uint32_t work[KB_FRAME_WORDS];
    if (!fe_words_aligned(r, a)) {
        fe_copied(r, a, NULL, n, work);
        while (--k > 0)
            fe_copied(r, r, NULL, n, work);
    } else if (n == 16) {
        FE_SQR16_W(r, a, work);
        while (--k > 0)
            FE_SQR16_W(r, r, work);
    } else {
        FE_SQR12_W(r, a, work);
        while (--k > 0)
            FE_SQR12_W(r, r, work);
    }
}

void fc_fe16_mul_small(fc_fe16_limb *r, const fc_fe16_limb *a, uint32_t c, unsigned n)
{
    if (n == 16 && c <= FE_MS_MAX && fe_words_aligned(r, a))
        fe_mul_small16_words(r, a, c, 0);
    else if (n == 12 && c <= FE_MS_MAX && fe_words_aligned(r, a))
        fe_mul_small12_words(r, a, c, 0);
    else
        fc_fe16_mul_small_c(r, a, c, n);
}

#if FC_FE16_LADDER_STEP
/* The ladder step of x25519.c and x19119.c, as fe16_armv7m.c's: the doubling's inputs picked
 * by mask instead of swapping the points (with A, B, C, D of the unswapped points, the swap
 * would exchange (A, B) with (C, D), under which (DA + CB)^2 and (DA - CB)^2 do not change),
 * and the operations called directly, without the per-operation checks and calls of the
 * fc_fe16_ entry points. The results are those of RFC 7748's step on the swapped points:
 * x2 = AA BB, z2 = E (AA + a24 E), x3, z3, and t0 = AA + a24 E, t1 = E. For 12 or 16 limbs
 * on word-aligned elements (the addresses alone decide) the word routines above; else the
 * entry points. */
#define FE_LADDER_FN(w)                                                                     \
    __attribute__((always_inline)) static inline void fe_ladder_step##w(                    \
        fc_fe16_limb *x2, fc_fe16_limb *z2, fc_fe16_limb *x3, fc_fe16_limb *z3,             \
        fc_fe16_limb *t0, fc_fe16_limb *t1, const fc_fe16_limb *x1, uint32_t swap,          \
        uint32_t u_small, uint32_t a24, uint32_t *work)                                     \
    {                                                                                       \
        uint32_t mask = 0u - swap;                                                          \
        fe_add##w##_words(t0, x2, z2);             /* A of (x2, z2) */                      \
        fe_sub##w##_words(t1, x2, z2);             /* B */                                  \
        fe_add##w##_words(x2, x3, z3);             /* C: A of (x3, z3) */                   \
        fe_sub##w##_words(z2, x3, z3);             /* D */                                  \
        fe_csel##w##_words(x3, t0, x2, mask);      /* the doubling's A */                   \
        fe_csel##w##_words(z3, t1, z2, mask);      /* the doubling's B */                   \
        FE_MUL##w##_W(z2, z2, t0, work);           /* DA */                                 \
        FE_MUL##w##_W(x2, x2, t1, work);           /* CB */                                 \
        fe_add##w##_words(t0, z2, x2);                                                      \
        fe_sub##w##_words(t1, z2, x2);                                                      \
        FE_SQR##w##_W(x2, x3, work);               /* AA */                                 \
        FE_SQR##w##_W(z2, z3, work);               /* BB */                                 \
        FE_SQR##w##_W(x3, t0, work);               /* (DA + CB)^2 */                        \
        FE_SQR##w##_W(z3, t1, work);               /* (DA - CB)^2 */                        \
        if (u_small != 0)                          /* public: the base point */             \
            fe_mul_small##w##_words(z3, z3, u_small, 0);                                    \
        else                                                                                \
            FE_MUL##w##_W(z3, z3, x1, work);                                                \
        fe_sub##w##_words(t1, x2, z2);             /* E = AA - BB */                        \
        fe_mul_small_add##w##_words(t0, t1, a24, x2); /* AA + a24 E */                      \
        FE_MUL##w##_W(x2, x2, z2, work);           /* x2 = AA BB */                         \
        FE_MUL##w##_W(z2, t0, t1, work);           /* z2 = E (AA + a24 E) */                \
    }

FE_LADDER_FN(16)
FE_LADDER_FN(12)

__attribute__((noinline)) static void fe_ladder_step_n(fc_fe16_limb *x2, fc_fe16_limb *z2,
                                                       fc_fe16_limb *x3, fc_fe16_limb *z3,
                                                       fc_fe16_limb *t0, fc_fe16_limb *t1,
                                                       const fc_fe16_limb *x1, uint32_t swap,
                                                       uint32_t u_small, uint32_t a24,
                                                       unsigned n, uint32_t *work)
{
    fc_fe16_add(t0, x2, z2, n);
    fc_fe16_sub(t1, x2, z2, n);
    fc_fe16_add(x2, x3, z3, n);
    fc_fe16_sub(z2, x3, z3, n);
    memcpy(x3, t0, 2u * n);
    memcpy(z3, t1, 2u * n);
    fc_fe16_cmov(x3, x2, swap, n);
    fc_fe16_cmov(z3, z2, swap, n);
    fe_mul_w(z2, z2, t0, n, work);
    fe_mul_w(x2, x2, t1, n, work);
    fc_fe16_add(t0, z2, x2, n);
    fc_fe16_sub(t1, z2, x2, n);
    fe_sqr_w(x2, x3, n, work);
    fe_sqr_w(z2, z3, n, work);
    fe_sqr_w(x3, t0, n, work);
    fe_sqr_w(z3, t1, n, work);
    if (u_small != 0)
        fc_fe16_mul_small(z3, z3, u_small, n);
    else
        fe_mul_w(z3, z3, x1, n, work);
    fc_fe16_sub(t1, x2, z2, n);
    fc_fe16_mul_small(t0, t1, a24, n);
    fc_fe16_add(t0, t0, x2, n);
    fe_mul_w(x2, x2, z2, n, work);
    fe_mul_w(z2, t0, t1, n, work);
}

/* The steps run in this one frame: the registers saved, the work area set up and the
 * operands' alignment checked once for all of them (some 80 cycles a step on the M0+). */
uint32_t fc_fe16_ladder_steps(fc_fe16_limb *x2, fc_fe16_limb *z2, fc_fe16_limb *x3,
                              fc_fe16_limb *z3, fc_fe16_limb *t0, fc_fe16_limb *t1,
                              const fc_fe16_limb *x1, const uint8_t *k, unsigned t,
                              unsigned count, uint32_t swap, uint32_t u_small, uint32_t a24,
                              unsigned n)
{
    uint32_t work[KB_FRAME_WORDS];                 /* the products' (P6_FRAME_WORDS is less) */
    uint32_t bit, sw = swap;
    int fast = a24 <= FE_MS_MAX && u_small <= FE_MS_MAX && fe_words_aligned(x2, z2) &&
               fe_words_aligned(x3, z3) && fe_words_aligned(t0, t1) && fe_words_aligned(x1, x1);
    while (count-- > 0) {
        t--;
        bit = (uint32_t)(k[t >> 3] >> (t & 7)) & 1u;  /* t public: a public index */
        if (!fast)
            fe_ladder_step_n(x2, z2, x3, z3, t0, t1, x1, sw ^ bit, u_small, a24, n, work);
        else if (n == 16)
            fe_ladder_step16(x2, z2, x3, z3, t0, t1, x1, sw ^ bit, u_small, a24, work);
        else
            fe_ladder_step12(x2, z2, x3, z3, t0, t1, x1, sw ^ bit, u_small, a24, work);
        sw = bit;
    }
    return sw;
}

void fc_fe16_ladder_step(fc_fe16_limb *x2, fc_fe16_limb *z2, fc_fe16_limb *x3, fc_fe16_limb *z3,
                         fc_fe16_limb *t0, fc_fe16_limb *t1, const fc_fe16_limb *x1,
                         uint32_t swap, uint32_t u_small, uint32_t a24, unsigned n)
{
    static const uint8_t zero = 0;                 /* one step on a 0 bit: its swap is swap */
    (void)fc_fe16_ladder_steps(x2, z2, x3, z3, t0, t1, x1, &zero, 1, 1, swap, u_small, a24, n);
}

#endif /* FC_FE16_LADDER_STEP */

#endif /* FC_FE16_NEEDED && FC_FE16_ARMV6M */
