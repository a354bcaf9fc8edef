/* The work area and its macros for the Thumb-1 (ARMv6-M) Karatsuba products of 256-bit
 * numbers, as the text of asm statements: kb_rebase, kb_ld and kb_st address the work area,
 * kb_umull is the 32 x 32 -> 64-bit product from four MULS, and kb_combine4 puts a level's
 * three products together. fe16_product128_armv6m.h builds the 128-bit products on them and
 * the 256-bit ones (KR_PRODUCT256_ASM, KR_SQUARE256_ASM), for 16-limb fe16 operands
 * (fe16_armv6m.c, reduced modulo 2^255 - 19) and the P-256 field (p256_field_armv6m.c, modulo
 * its prime). Every load and store has a fixed offset (the assembler unrolls everything), and
 * MULS takes a fixed time on the M0/M0+: constant time. The statements start in
 * ".syntax unified" and leave it on.
 */
#ifndef FC_SOFT_FE16_PRODUCT_ARMV6M_H
#define FC_SOFT_FE16_PRODUCT_ARMV6M_H

/* The 512-bit product and square of two 256-bit numbers of eight 32-bit words, by subtractive
 * Karatsuba: a b = L + 2^128 (L + H - (a0 - a1)(b0 - b1)) + 2^256 H for halves a0, a1 and b0,
 * b1, with L = a0 b0 and H = a1 b1, the same a level down for each 128-bit product (of 64-bit
 * halves) and again for the 64-bit ones (three kb_umull each), 27 32 x 32-bit products
 * instead of 64. (a0 - a1)(b0 - b1) is |a0 - a1| |b0 - b1| taken with the sign of the two
 * differences: each difference is made absolute with its borrow's mask (x ^ m) - m, and the
 * product of the absolute values is added XORed with ~(ma ^ mb) plus its low bit: added when
 * the signs differ, subtracted when they agree. No branch, no address depends on the values.
 *
 * Everything lives in a work area of KB_FRAME_WORDS words (a local array of the caller, its
 * address in r12), addressed through r7 by the kb_ld/kb_st macros: word w sits at
 * [r7, #4 (w - kb_cur)], and r7 is moved (kb_rebase: MOVS of an immediate and an ADD of r12,
 * which leave the carry flag alone, so a carry chain may span a move) when w is out of reach
 * of the 5-bit offset. The assembler tracks kb_cur, the code being straight-line. Words:
 * 0-7 L, 8-15 the differences |a0 - a1| and |b0 - b1|, 16-23 M = |a0 - a1| |b0 - b1|
 * (computed first), 24-31 H, 32 the sign mask of M, 26-27 and 33 pointers (see
 * fe16_product128_armv6m.h). The assembler symbol kb_inplace is 1 when the result t is the
 * work area itself, else 0: t then takes words 0-3 and 8-15, and t[4..7] is left over M0..M3
 * (words 16-19), as L4..L7 are read after it is formed (fe16_armv6m.c's reduction reads it
 * there). */
#define KB_FRAME_WORDS 35

#define KB_MACROS_ASM                                                                      \
    /* r7 = the work area + 4 k (MOVS and ADD: the carry flag is kept) */               \
    ".macro kb_rebase k\n\t"                                                               \
    ".if (\\k)\n\t"                                                                        \
    "movs  r7, #4 * (\\k)\n\t"                                                             \
    "add   r7, r12\n\t"                                                                    \
    ".else\n\t"                                                                            \
    "mov   r7, r12\n\t"                                                                    \
    ".endif\n\t"                                                                           \
    ".set  kb_cur, (\\k)\n\t"                                                              \
    ".endm\n\t"                                                                            \
    /* (lo, x) = x y from four 16 x 16-bit MULS; y, t0, t1 changed */                   \
    ".macro kb_umull lo, x, y, t0, t1\n\t"                                                 \
    "uxth  \\t0, \\x\n\t"                                                                  \
    "lsrs  \\x, \\x, #16\n\t"                                                              \
    "uxth  \\t1, \\y\n\t"                                                                  \
    "lsrs  \\y, \\y, #16\n\t"                                                              \
    "movs  \\lo, \\t0\n\t"                                                                 \
    "muls  \\lo, \\t1, \\lo\n\t"                                                           \
    "muls  \\t1, \\x, \\t1\n\t"                                                            \
    "muls  \\x, \\y, \\x\n\t"                                                              \
    "muls  \\y, \\t0, \\y\n\t"                                                             \
    "lsls  \\t0, \\t1, #16\n\t"                                                            \
    "lsrs  \\t1, \\t1, #16\n\t"                                                            \
    "adds  \\lo, \\lo, \\t0\n\t"                                                           \
    "adcs  \\x, \\t1\n\t"                                                                  \
    "lsls  \\t0, \\y, #16\n\t"                                                             \
    "lsrs  \\y, \\y, #16\n\t"                                                              \
    "adds  \\lo, \\lo, \\t0\n\t"                                                           \
    "adcs  \\x, \\y\n\t"                                                                   \
    ".endm\n\t"                                                                            \
    /* r = word w, and its store */                                                     \
    ".macro kb_ld r, w\n\t"                                                                \
    ".if ((\\w) < kb_cur) || ((\\w) > kb_cur + 31)\n\t"                                    \
    "kb_rebase \\w\n\t"                                                                    \
    ".endif\n\t"                                                                           \
    "ldr   \\r, [r7, #4 * ((\\w) - kb_cur)]\n\t"                                           \
    ".endm\n\t"                                                                            \
    ".macro kb_st r, w\n\t"                                                                \
    ".if ((\\w) < kb_cur) || ((\\w) > kb_cur + 31)\n\t"                                    \
    "kb_rebase \\w\n\t"                                                                    \
    ".endif\n\t"                                                                           \
    "str   \\r, [r7, #4 * ((\\w) - kb_cur)]\n\t"                                           \
    ".endm\n\t"                                                                            \
    /* t = L + 2^128 (L + H -+ M) + 2^256 H at r8, carries in r4; sg < 0: M subtracted */  \
    ".macro kb_combine4 l, m, h, sg, inplace\n\t"                                          \
    "kb_rebase \\l\n\t"             /* t[0..3] = L0..L3, kept in r0-r3 for the middle */   \
    "ldm   r7!, {r0-r3}\n\t"                                                               \
    ".set  kb_cur, kb_cur + 4\n\t"                                                         \
    ".if !(\\inplace)\n\t"          /* in place they are there already */                  \
    "mov   r6, r8\n\t"                                                                     \
    "stm   r6!, {r0-r3}\n\t"                                                               \
    "mov   r8, r6\n\t"                                                                     \
    ".endif\n\t"                                                                           \
    ".if (\\sg) < 0\n\t"            /* sg < 0: M always subtracted */                      \
    "movs  r5, #0\n\t"              /* C kept */                                           \
    ".else\n\t"                                                                            \
    "kb_ld r5, \\sg\n\t"                                                                   \
    ".endif\n\t"                                                                           \
    "mvns  r5, r5\n\t"              /* the mask that negates the middle product or not */  \
    "kb_ld r4, (\\h) + 0\n\t"       /* middle words 0-3: L + H, then -+ M */               \
    "adds  r0, r0, r4\n\t"                                                                 \
    "kb_ld r4, (\\h) + 1\n\t"                                                              \
    "adcs  r1, r4\n\t"                                                                     \
    "kb_ld r4, (\\h) + 2\n\t"                                                              \
    "adcs  r2, r4\n\t"                                                                     \
    "kb_ld r4, (\\h) + 3\n\t"                                                              \
    "adcs  r3, r4\n\t"                                                                     \
    "movs  r4, #0\n\t"                                                                     \
    "adcs  r4, r4\n\t"              /* the three carries go to the low bits of r4 */       \
    "lsrs  r6, r5, #1\n\t"                                                                 \
    "kb_ld r6, (\\m) + 0\n\t"                                                              \
    ".if (\\sg) < 0\n\t"            /* the same sum and carry as with the mask */          \
    "sbcs  r0, r6\n\t"                                                                     \
    ".else\n\t"                                                                            \
    "eors  r6, r5\n\t"                                                                     \
    "adcs  r0, r6\n\t"                                                                     \
    ".endif\n\t"                                                                           \
    "kb_ld r6, (\\m) + 1\n\t"                                                              \
    ".if (\\sg) < 0\n\t"                                                                   \
    "sbcs  r1, r6\n\t"                                                                     \
    ".else\n\t"                                                                            \
    "eors  r6, r5\n\t"                                                                     \
    "adcs  r1, r6\n\t"                                                                     \
    ".endif\n\t"                                                                           \
    "kb_ld r6, (\\m) + 2\n\t"                                                              \
    ".if (\\sg) < 0\n\t"                                                                   \
    "sbcs  r2, r6\n\t"                                                                     \
    ".else\n\t"                                                                            \
    "eors  r6, r5\n\t"                                                                     \
    "adcs  r2, r6\n\t"                                                                     \
    ".endif\n\t"                                                                           \
    "kb_ld r6, (\\m) + 3\n\t"                                                              \
    ".if (\\sg) < 0\n\t"                                                                   \
    "sbcs  r3, r6\n\t"                                                                     \
    ".else\n\t"                                                                            \
    "eors  r6, r5\n\t"                                                                     \
    "adcs  r3, r6\n\t"                                                                     \
    ".endif\n\t"                                                                           \
    "adcs  r4, r4\n\t"                                                                     \
    ".if kb_cur != (\\l) + 4\n\t"   /* t[4..7] = L4..L7 + those words */                   \
    "kb_rebase (\\l) + 4\n\t"                                                              \
    ".endif\n\t"                                                                           \
    "kb_ld r5, (\\l) + 4\n\t"                                                              \
    "adds  r0, r0, r5\n\t"                                                                 \
    "kb_ld r5, (\\l) + 5\n\t"                                                              \
    "adcs  r1, r5\n\t"                                                                     \
    "kb_ld r5, (\\l) + 6\n\t"                                                              \
    "adcs  r2, r5\n\t"                                                                     \
    "kb_ld r5, (\\l) + 7\n\t"                                                              \
    "adcs  r3, r5\n\t"                                                                     \
    ".if \\inplace\n\t"             /* L4..L7 are read again below: t[4..7] waits over M0..M3 */ \
    "movs  r6, #4 * (\\m)\n\t"      /* by STM; the carry is kept */                        \
    "add   r6, r12\n\t"                                                                    \
    "stm   r6!, {r0-r3}\n\t"                                                               \
    "adcs  r4, r4\n\t"                                                                     \
    "mov   r6, r8\n\t"                                                                     \
    "adds  r6, #32\n\t"                                                                    \
    ".else\n\t"                                                                            \
    "mov   r6, r8\n\t"                                                                     \
    "stm   r6!, {r0-r3}\n\t"                                                               \
    "adcs  r4, r4\n\t"                                                                     \
    ".endif\n\t"                                                                           \
    "mov   r8, r6\n\t"                                                                     \
    ".if kb_cur != (\\l) + 4\n\t"   /* no move of r7 unless needed */                      \
    "kb_rebase (\\l) + 4\n\t"                                                              \
    ".endif\n\t"                                                                           \
    "ldm   r7!, {r0-r3}\n\t"        /* words 4-7 of the middle, from L4..L7 */             \
    ".set  kb_cur, kb_cur + 4\n\t"                                                         \
    "lsls  r6, r4, #30\n\t"                                                                \
    "kb_ld r6, (\\h) + 4\n\t"                                                              \
    "adcs  r0, r6\n\t"                                                                     \
    "kb_ld r6, (\\h) + 5\n\t"                                                              \
    "adcs  r1, r6\n\t"                                                                     \
    "kb_ld r6, (\\h) + 6\n\t"                                                              \
    "adcs  r2, r6\n\t"                                                                     \
    "kb_ld r6, (\\h) + 7\n\t"                                                              \
    "adcs  r3, r6\n\t"                                                                     \
    "adcs  r4, r4\n\t"                                                                     \
    "lsls  r6, r4, #30\n\t"                                                                \
    ".if (\\sg) < 0\n\t"            /* sg < 0: M always subtracted */                      \
    "movs  r5, #0\n\t"              /* C kept */                                           \
    ".else\n\t"                                                                            \
    "kb_ld r5, \\sg\n\t"                                                                   \
    ".endif\n\t"                                                                           \
    "mvns  r5, r5\n\t"                                                                     \
    "kb_ld r6, (\\m) + 4\n\t"                                                              \
    ".if (\\sg) < 0\n\t"                                                                   \
    "sbcs  r0, r6\n\t"                                                                     \
    ".else\n\t"                                                                            \
    "eors  r6, r5\n\t"                                                                     \
    "adcs  r0, r6\n\t"                                                                     \
    ".endif\n\t"                                                                           \
    "kb_ld r6, (\\m) + 5\n\t"                                                              \
    ".if (\\sg) < 0\n\t"                                                                   \
    "sbcs  r1, r6\n\t"                                                                     \
    ".else\n\t"                                                                            \
    "eors  r6, r5\n\t"                                                                     \
    "adcs  r1, r6\n\t"                                                                     \
    ".endif\n\t"                                                                           \
    "kb_ld r6, (\\m) + 6\n\t"                                                              \
    ".if (\\sg) < 0\n\t"                                                                   \
    "sbcs  r2, r6\n\t"                                                                     \
    ".else\n\t"                                                                            \
    "eors  r6, r5\n\t"                                                                     \
    "adcs  r2, r6\n\t"                                                                     \
    ".endif\n\t"                                                                           \
    "kb_ld r6, (\\m) + 7\n\t"                                                              \
    ".if (\\sg) < 0\n\t"                                                                   \
    "sbcs  r3, r6\n\t"                                                                     \
    ".else\n\t"                                                                            \
    "eors  r6, r5\n\t"                                                                     \
    "adcs  r3, r6\n\t"                                                                     \
    ".endif\n\t"                                                                           \
    "movs  r6, #1\n\t"                                                                     \
    "ands  r6, r4\n\t"                                                                     \
    "adcs  r6, r5\n\t"              /* word 8 of the middle: 0 or 1 */                     \
    "lsls  r5, r4, #31\n\t"                                                                \
    "mov   r4, r8\n\t"              /* t[8..11] = H0..H3 + words 4-7 */                     \
    "kb_ld r5, (\\h) + 0\n\t"                                                              \
    "adcs  r0, r5\n\t"                                                                     \
    "kb_ld r5, (\\h) + 1\n\t"                                                              \
    "adcs  r1, r5\n\t"                                                                     \
    "kb_ld r5, (\\h) + 2\n\t"                                                              \
    "adcs  r2, r5\n\t"                                                                     \
    "kb_ld r5, (\\h) + 3\n\t"                                                              \
    "adcs  r3, r5\n\t"                                                                     \
    "stm   r4!, {r0-r3}\n\t"                                                               \
    "movs  r5, #4 * ((\\h) + 4)\n\t"/* t[12..15] = H4..H7 + word 8, by LDM and STM */      \
    "add   r5, r12\n\t"                                                                    \
    "ldm   r5!, {r0-r3}\n\t"                                                               \
    "adcs  r0, r6\n\t"                                                                     \
    "movs  r6, #0\n\t"                                                                     \
    "adcs  r1, r6\n\t"                                                                     \
    "adcs  r2, r6\n\t"                                                                     \
    "adcs  r3, r6\n\t"                                                                     \
    "stm   r4!, {r0-r3}\n\t"                                                               \
    ".endm\n\t"

/* A product or square as a subroutine of its own (KB_ROUTINE_BEGIN, its text, KB_ROUTINE_END
 * in a top-level asm statement), called by BL from C through KB_CALL: one convention for all,
 * r0 = a, r1 = b, r2 = the work area, r3 = r; r0-r12 and lr changed. The caller thus saves
 * r4-r11 once for a whole ladder step or run of squarings, not once a product: about 25
 * cycles a call on the M0+. The static stack report does not see a call made from asm: a
 * routine's own stack (8 bytes at most) is stated where it is defined. */
#define KB_ROUTINE_BEGIN(name)                                                             \
    ".pushsection .text." #name ",\"ax\",%progbits\n\t"                                   \
    ".balign 2\n\t"                                                                        \
    ".thumb_func\n\t"                                                                      \
    ".type " #name ", %function\n" #name ":\n\t"
#define KB_ROUTINE_END(name) ".size " #name ", . - " #name "\n\t" ".popsection\n\t"

#define KB_CALL(routine, r, a, b, w)                                                       \
    do {                                                                                   \
        register const void *kb_r0 __asm__("r0") = (a);                                    \
        register const void *kb_r1 __asm__("r1") = (b);                                    \
        register void *kb_r2 __asm__("r2") = (w);                                          \
        register void *kb_r3 __asm__("r3") = (r);                                          \
        __asm__ volatile("bl    " #routine "\n\t"                                           \
                         : "+l"(kb_r0), "+l"(kb_r1), "+l"(kb_r2), "+l"(kb_r3)              \
                         :                                                                 \
                         : "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr",  \
                           "cc", "memory");                                                \
    } while (0)

#define KB_PURGE_ASM                                                                       \
    ".purgem kb_rebase\n\t"                                                                \
    ".purgem kb_umull\n\t"                                                                 \
    ".purgem kb_ld\n\t"                                                                    \
    ".purgem kb_st\n\t"                                                                    \
    ".purgem kb_combine4\n\t"

#endif
