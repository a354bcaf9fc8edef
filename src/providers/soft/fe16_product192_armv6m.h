/* fc_fe16_mul and fc_fe16_sqr for n = 12 (p = 2^191 - 19) on the Cortex-M0/M0+ (ARMv6-M),
 * included by fe16_armv6m.c: the subroutines fe_mul12_routine and fe_sqr12_routine. The twelve
 * 16-bit limbs are six little-endian 32-bit words when word-aligned (the usual case: the
 * addresses alone decide); fe16_armv6m.c copies limbs off word boundaries to words and back.
 *
 * Product: one level of subtractive Karatsuba over 96-bit halves, a b = L + 2^96 (L + H -
 * (a0 - a1)(b0 - b1)) + 2^192 H with L = a0 b0, H = a1 b1; (a0 - a1)(b0 - b1) is |a0 - a1|
 * |b0 - b1| (M) with the sign of the two borrows, taken in with a mask n (all ones when M is
 * subtracted): M XOR n plus n's low bit, n sign-extended above. Three 96 x 96-bit products
 * instead of four, each by product scanning over the three words of its operands: a column's
 * sum in three low registers, each 32 x 32-bit product from four 16 x 16-bit MULS (p6_umull).
 * The operands wait in the high registers (x in r9-r11, y0 and y1 in r12 and lr, y2 in the work
 * area), each MOV'd in for its product, so the eight low registers are all free for a product
 * and its column. The square has a dedicated 96-bit square (three squares of words, three
 * doubled products) and no sign: (a0 - a1)^2 is always subtracted. Then the 384-bit result is
 * reduced over words (P6_REDUCE_ASM) into r: a value below 2^192 congruent to a b, as fe16.h
 * asks. On the M0+ (modelled cycles, with the call) about 1050 cycles for a mul and 720 for a
 * sqr, against 1255 and 877 for the 12-limb product scanning of fe16_product_armv6m.h.
 *
 * Work area (P6_FRAME_WORDS words, a local array; r8 points to it): words 0-11 the 384-bit
 * result (L in 0-5 and H in 6-11, then the middle added in place), 12-17 M, 18 y2, 19 n, 20-21
 * the pointers to a and b, 22 r.
 * Constant time: straight-line code, every load and store at a fixed offset (the choice of the
 * copy path depends on the addresses only); MULS takes a fixed time on the M0/M0+. The asm
 * statements start with ".syntax unified" and name every register they change (r7 included:
 * gcc with optimization only, see fe16.h).
 */
#ifndef FC_SOFT_FE16_PRODUCT192_ARMV6M_H
#define FC_SOFT_FE16_PRODUCT192_ARMV6M_H

#define P6_FRAME_WORDS 23

#define P6_MACROS_ASM                                                                      \
    /* (lo, x) = x y from four 16 x 16-bit MULS; y, t0, t1 changed */                   \
    ".macro p6_umull lo, x, y, t0, t1\n\t"                                                 \
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
    /* r = y2 (work word 18; r3 still points to the work area after a p6_st), or the    \
     * high register ys */                                                               \
    ".macro p6_ldy r, ys\n\t"                                                              \
    ".ifc \\ys, y2\n\t"                                                                    \
    "ldr   \\r, [r3, #4 * 18]\n\t"                                                         \
    ".else\n\t"                                                                            \
    "mov   \\r, \\ys\n\t"                                                                  \
    ".endif\n\t"                                                                           \
    ".endm\n\t"                                                                            \
    /* (a0, a1, a2) += xs ys; fresh = 1: a2 starts here (0 before), 2: a1 and a2 do */   \
    ".macro p6_mac xs, ys, a0, a1, a2, fresh=0\n\t"                                        \
    "mov   r4, \\xs\n\t"                                                                   \
    "p6_ldy r5, \\ys\n\t"                                                                  \
    "p6_umull r3, r4, r5, r6, r7\n\t"                                                      \
    "adds  \\a0, \\a0, r3\n\t"                                                             \
    ".if \\fresh == 2\n\t"                                                                 \
    "movs  \\a1, #0\n\t"           /* MOVS of an immediate keeps the carry */           \
    "adcs  \\a1, r4\n\t"                                                                   \
    "movs  \\a2, #0\n\t"                                                                   \
    ".elseif \\fresh == 1\n\t"                                                             \
    "adcs  \\a1, r4\n\t"                                                                   \
    "movs  \\a2, #0\n\t"                                                                   \
    "adcs  \\a2, \\a2\n\t"                                                                 \
    ".else\n\t"                                                                            \
    "adcs  \\a1, r4\n\t"                                                                   \
    "movs  r6, #0\n\t"                                                                     \
    "adcs  \\a2, r6\n\t"                                                                   \
    ".endif\n\t"                                                                           \
    ".endm\n\t"                                                                            \
    /* work word w = r */                                                                \
    ".macro p6_st r, w\n\t"                                                                \
    "mov   r3, r8\n\t"                                                                     \
    "str   \\r, [r3, #4 * (\\w)]\n\t"                                                      \
    ".endm\n\t"                                                                            \
    /* words o..o+5 = (r9, r10, r11) (r12, lr, y2) */                                     \
    ".macro p6_mul96 o\n\t"                                                                \
    "mov   r1, r9\n\t"                                                                     \
    "mov   r5, r12\n\t"                                                                    \
    "p6_umull r0, r1, r5, r6, r7\n\t"                                                      \
    "p6_st r0, \\o\n\t"                                                                    \
    "p6_mac r9, lr, r1, r2, r0, 2\n\t"                                                     \
    "p6_mac r10, r12, r1, r2, r0\n\t"                                                      \
    "p6_st r1, (\\o) + 1\n\t"                                                              \
    "p6_mac r9, y2, r2, r0, r1, 1\n\t"                                                     \
    "p6_mac r10, lr, r2, r0, r1\n\t"                                                       \
    "p6_mac r11, r12, r2, r0, r1\n\t"                                                      \
    "p6_st r2, (\\o) + 2\n\t"                                                              \
    "p6_mac r10, y2, r0, r1, r2, 1\n\t"                                                    \
    "p6_mac r11, lr, r0, r1, r2\n\t"                                                       \
    "p6_st r0, (\\o) + 3\n\t"                                                              \
    "mov   r4, r11\n\t"             /* the top column: no carry out of a product's top */  \
    "p6_ldy r5, y2\n\t"                                                                    \
    "p6_umull r3, r4, r5, r6, r7\n\t"                                                      \
    "adds  r1, r1, r3\n\t"                                                                 \
    "adcs  r2, r4\n\t"                                                                     \
    "p6_st r1, (\\o) + 4\n\t"                                                              \
    "str   r2, [r3, #4 * ((\\o) + 5)]\n\t"                                                 \
    ".endm\n\t"                                                                            \
    /* (x, y) = x^2 for the word x (three MULS); t0, t1 changed */                       \
    ".macro p6_sq32 lo, x, t0, t1\n\t"                                                     \
    "uxth  \\t0, \\x\n\t"                                                                  \
    "lsrs  \\x, \\x, #16\n\t"                                                              \
    "movs  \\lo, \\t0\n\t"                                                                 \
    "muls  \\lo, \\lo, \\lo\n\t"                                                           \
    "muls  \\t0, \\x, \\t0\n\t"                                                            \
    "muls  \\x, \\x, \\x\n\t"                                                              \
    "lsls  \\t1, \\t0, #17\n\t"                                                            \
    "lsrs  \\t0, \\t0, #15\n\t"                                                            \
    "adds  \\lo, \\lo, \\t1\n\t"                                                           \
    "adcs  \\x, \\t0\n\t"                                                                  \
    ".endm\n\t"                                                                            \
    /* words o..o+5 = (r9, r10, r11)^2: the cross products x0 x1, x0 x2, x1 x2 summed   \
     * by column in registers, doubled, then the squares of the words added */        \
    ".macro p6_sqr96 o\n\t"                                                                 \
    "mov   r1, r9\n\t"               /* x0 x1: word 1 in r0 */                              \
    "mov   r2, r10\n\t"                                                                     \
    "p6_umull r0, r1, r2, r3, r4\n\t"                                                       \
    "mov   r3, r9\n\t"               /* + x0 x2: word 2 in r1 */                            \
    "mov   r4, r11\n\t"                                                                     \
    "p6_umull r2, r3, r4, r5, r6\n\t"                                                       \
    "adds  r1, r1, r2\n\t"                                                                  \
    "movs  r4, #0\n\t"                                                                      \
    "adcs  r3, r4\n\t"               /* no carry out: x0 x2 + x1 is below 2^64 */           \
    "mov   r4, r10\n\t"              /* + x1 x2: words 3 and 4 in r3 and r4 */              \
    "mov   r5, r11\n\t"                                                                     \
    "p6_umull r2, r4, r5, r6, r7\n\t"                                                       \
    "adds  r3, r3, r2\n\t"                                                                  \
    "movs  r5, #0\n\t"                                                                      \
    "adcs  r4, r5\n\t"               /* the cross sum is below 2^160 */                     \
    "adds  r0, r0, r0\n\t"           /* doubled: word 5 in r5 */                            \
    "adcs  r1, r1\n\t"                                                                      \
    "adcs  r3, r3\n\t"                                                                      \
    "adcs  r4, r4\n\t"                                                                      \
    "movs  r5, #0\n\t"                                                                      \
    "adcs  r5, r5\n\t"                                                                      \
    "mov   r12, r4\n\t"              /* words 4 and 5 wait in r12 and lr */                 \
    "mov   lr, r5\n\t"                                                                      \
    "mov   r5, r9\n\t"               /* + x0^2 + x1^2 2^64 (words 0-3) */                   \
    "p6_sq32 r2, r5, r6, r7\n\t"                                                            \
    "mov   r7, r8\n\t"                                                                      \
    "str   r2, [r7, #4 * (\\o)]\n\t"                                                        \
    "mov   r4, r10\n\t"                                                                     \
    "p6_sq32 r2, r4, r6, r7\n\t"                                                            \
    "adds  r0, r0, r5\n\t"                                                                  \
    "adcs  r1, r2\n\t"                                                                      \
    "adcs  r3, r4\n\t"                                                                      \
    "mov   r7, r8\n\t"                                                                      \
    "str   r0, [r7, #4 * ((\\o) + 1)]\n\t"                                                  \
    "str   r1, [r7, #4 * ((\\o) + 2)]\n\t"                                                  \
    "str   r3, [r7, #4 * ((\\o) + 3)]\n\t"                                                  \
    "movs  r2, #0\n\t"               /* the carry waits in r2 while x2^2 is formed */       \
    "adcs  r2, r2\n\t"                                                                      \
    "mov   r0, r11\n\t"              /* + x2^2 2^128 (words 4-5) */                         \
    "p6_sq32 r1, r0, r6, r5\n\t"                                                            \
    "mov   r4, r12\n\t"                                                                     \
    "mov   r5, lr\n\t"                                                                      \
    "lsrs  r2, r2, #1\n\t"                                                                  \
    "adcs  r4, r1\n\t"                                                                      \
    "adcs  r5, r0\n\t"                                                                      \
    "str   r4, [r7, #4 * ((\\o) + 4)]\n\t"                                                  \
    "str   r5, [r7, #4 * ((\\o) + 5)]\n\t"                                                  \
    ".endm\n\t"                                                                            \
    /* output word i = word i + 38 word i + 6 + the carry c (below 2^11); the next carry    \
     * (below 40) in h */                                                                 \
    ".macro p6_fold i, h, c\n\t"                                                            \
    "ldr   \\h, [r7, #4 * (6 + (\\i))]\n\t"                                                 \
    "uxth  r2, \\h\n\t"                                                                     \
    "lsrs  \\h, \\h, #16\n\t"                                                               \
    "muls  r2, r6, r2\n\t"                                                                  \
    "muls  \\h, r6, \\h\n\t"                                                                \
    "adds  r2, r2, \\c\n\t"          /* 38 low half + carry, below 2^23 */                  \
    "lsls  \\c, \\h, #16\n\t"                                                               \
    "lsrs  \\h, \\h, #16\n\t"                                                               \
    "ldr   r4, [r7, #4 * (\\i)]\n\t"                                                        \
    "adds  r4, r4, r2\n\t"                                                                  \
    "adcs  \\h, r5\n\t"                                                                     \
    "adds  r4, r4, \\c\n\t"                                                                 \
    "adcs  \\h, r5\n\t"                                                                     \
    "str   r4, [r0, #4 * (\\i)]\n\t"                                                        \
    ".endm\n\t"

#define P6_PURGE_ASM                                                                       \
    ".purgem p6_umull\n\t"                                                                 \
    ".purgem p6_ldy\n\t"                                                                   \
    ".purgem p6_mac\n\t"                                                                   \
    ".purgem p6_st\n\t"                                                                    \
    ".purgem p6_mul96\n\t"                                                                 \
    ".purgem p6_sq32\n\t"                                                                  \
    ".purgem p6_sqr96\n\t"                                                                 \
    ".purgem p6_fold\n\t"

/* Words 3-11 += the middle, as the refined Karatsuba forms it: with U = L3..L5 + H0..H2 (and
 * its carry cu), words 3-5 are U + L0..L2 + M's low half, words 6-8 U + H3..H5 + M's high half,
 * words 9-11 H3..H5, each taking the carries of the one below; M is taken in as (M XOR n) +
 * (n & 1), n sign-extended (n = -1 at word 9). The carries of a three-word sum are counted in
 * r3 with ADCS of a zero. */
#define P6_COMBINE_ASM                                                                     \
    "mov   r7, r8\n\t"               /* U = L3..L5 + H0..H2, its carry cu */                \
    "adds  r7, #12\n\t"                                                                     \
    "ldm   r7!, {r0-r5}\n\t"                                                                \
    "adds  r0, r0, r3\n\t"                                                                  \
    "adcs  r1, r4\n\t"                                                                      \
    "adcs  r2, r5\n\t"                                                                      \
    "movs  r5, #0\n\t"                                                                      \
    "adcs  r5, r5\n\t"                                                                      \
    "mov   r12, r5\n\t"              /* cu */                                               \
    "movs  r5, #0\n\t"               /* r5 = 0 from here on */                              \
    "mov   r9, r0\n\t"               /* U waits in r9-r11 */                                \
    "mov   r10, r1\n\t"                                                                     \
    "mov   r11, r2\n\t"                                                                     \
    "mov   r7, r8\n\t"               /* words 3-5 = U + L0..L2 + (M0..M2 XOR n) + (n & 1) */ \
    "ldm   r7!, {r3, r4, r6}\n\t"                                                           \
    "adds  r0, r0, r3\n\t"                                                                  \
    "adcs  r1, r4\n\t"                                                                      \
    "adcs  r2, r6\n\t"                                                                      \
    "movs  r3, #0\n\t"               /* r3: the carries into word 6 */                      \
    "adcs  r3, r5\n\t"                                                                      \
    "ldr   r6, [r7, #4 * (19 - 3)]\n\t" /* n */                                             \
    "lsrs  r4, r6, #1\n\t"           /* carry = n & 1 */                                    \
    "ldr   r4, [r7, #4 * (12 - 3)]\n\t"                                                     \
    "eors  r4, r6\n\t"                                                                      \
    "adcs  r0, r4\n\t"                                                                      \
    "ldr   r4, [r7, #4 * (13 - 3)]\n\t"                                                     \
    "eors  r4, r6\n\t"                                                                      \
    "adcs  r1, r4\n\t"                                                                      \
    "ldr   r4, [r7, #4 * (14 - 3)]\n\t"                                                     \
    "eors  r4, r6\n\t"                                                                      \
    "adcs  r2, r4\n\t"                                                                      \
    "adcs  r3, r5\n\t"                                                                      \
    "stm   r7!, {r0-r2}\n\t"                                                                \
    "mov   r0, r9\n\t"               /* words 6-8 = U + (carries + cu) + H3..H5 + (M3..M5 XOR n) */ \
    "mov   r1, r10\n\t"                                                                     \
    "mov   r2, r11\n\t"                                                                     \
    "mov   r4, r12\n\t"                                                                     \
    "adds  r3, r3, r4\n\t"                                                                  \
    "adds  r0, r0, r3\n\t"                                                                  \
    "adcs  r1, r5\n\t"                                                                      \
    "adcs  r2, r5\n\t"                                                                      \
    "movs  r3, #0\n\t"               /* r3: the carries into word 9 */                      \
    "adcs  r3, r5\n\t"                                                                      \
    "ldr   r4, [r7, #4 * (9 - 6)]\n\t"                                                      \
    "adds  r0, r0, r4\n\t"                                                                  \
    "ldr   r4, [r7, #4 * (10 - 6)]\n\t"                                                     \
    "adcs  r1, r4\n\t"                                                                      \
    "ldr   r4, [r7, #4 * (11 - 6)]\n\t"                                                     \
    "adcs  r2, r4\n\t"                                                                      \
    "adcs  r3, r5\n\t"                                                                      \
    "ldr   r4, [r7, #4 * (15 - 6)]\n\t"                                                     \
    "eors  r4, r6\n\t"                                                                      \
    "adds  r0, r0, r4\n\t"                                                                  \
    "ldr   r4, [r7, #4 * (16 - 6)]\n\t"                                                     \
    "eors  r4, r6\n\t"                                                                      \
    "adcs  r1, r4\n\t"                                                                      \
    "ldr   r4, [r7, #4 * (17 - 6)]\n\t"                                                     \
    "eors  r4, r6\n\t"                                                                      \
    "adcs  r2, r4\n\t"                                                                      \
    "adcs  r3, r5\n\t"                                                                      \
    "stm   r7!, {r0-r2}\n\t"                                                                \
    "mov   r4, r12\n\t"              /* words 9-11 = H3..H5 + k, k = carries + cu + n in [-1, 4] */ \
    "adds  r3, r3, r4\n\t"                                                                  \
    "adds  r3, r3, r6\n\t"                                                                  \
    "asrs  r4, r3, #31\n\t"          /* k sign-extended */                                  \
    "ldm   r7!, {r0-r2}\n\t"                                                                \
    "subs  r7, #12\n\t"                                                                     \
    "adds  r0, r0, r3\n\t"                                                                  \
    "adcs  r1, r4\n\t"                                                                      \
    "adcs  r2, r4\n\t"                                                                      \
    "stm   r7!, {r0-r2}\n\t"

/* r (word 22 of the work area, word-aligned) = words 0-11 mod p, in six words below 2^192:
 * 2^192 = 38 mod p, so word i + 6 is taken into word i times 38 (two MULS over its halves).
 * The top first, as fe16_armv6m.c's FE_REDUCE_WORDS_ASM does: word 5 + 38 word 11 (its carry in
 * left aside), whose bits from 191 up (weight 19 each) start the carry and whose low 31 bits
 * take the last carry, so that nothing leaves word 5. */
#define P6_REDUCE_ASM                                                                      \
    "mov   r7, r8\n\t"               /* top: word 5 + 38 word 11 = (r1, r4) */              \
    "movs  r6, #38\n\t"                                                                     \
    "movs  r5, #0\n\t"                                                                      \
    "ldr   r1, [r7, #4 * 11]\n\t"                                                           \
    "uxth  r2, r1\n\t"                                                                      \
    "lsrs  r1, r1, #16\n\t"                                                                 \
    "muls  r2, r6, r2\n\t"                                                                  \
    "muls  r1, r6, r1\n\t"                                                                  \
    "lsls  r3, r1, #16\n\t"                                                                 \
    "lsrs  r1, r1, #16\n\t"                                                                 \
    "ldr   r4, [r7, #4 * 5]\n\t"                                                            \
    "adds  r4, r4, r2\n\t"                                                                  \
    "adcs  r1, r5\n\t"                                                                      \
    "adds  r4, r4, r3\n\t"                                                                  \
    "adcs  r1, r5\n\t"                                                                      \
    "lsrs  r3, r4, #31\n\t"          /* its bits from 191 up, below 78 */                   \
    "lsls  r1, r1, #1\n\t"                                                                  \
    "adds  r3, r3, r1\n\t"                                                                  \
    "lsls  r4, r4, #1\n\t"           /* its low 31 bits wait in r9 */                       \
    "lsrs  r4, r4, #1\n\t"                                                                  \
    "mov   r9, r4\n\t"                                                                      \
    "movs  r2, #19\n\t"                                                                     \
    "muls  r3, r2, r3\n\t"           /* weight 19 each: the first carry */                  \
    "ldr   r0, [r7, #4 * 22]\n\t"    /* r */                                                \
    "p6_fold 0, r1, r3\n\t"                                                                 \
    "p6_fold 1, r3, r1\n\t"                                                                 \
    "p6_fold 2, r1, r3\n\t"                                                                 \
    "p6_fold 3, r3, r1\n\t"                                                                 \
    "p6_fold 4, r1, r3\n\t"                                                                 \
    "mov   r4, r9\n\t"               /* word 5: 31 bits + the last carry, no carry out */   \
    "adds  r4, r4, r1\n\t"                                                                  \
    "str   r4, [r0, #4 * 5]\n\t"

/* words 0-11 = a b */
#define P6_PRODUCT192_ASM                                                                  \
    ".syntax unified\n\t"                                                                  \
    P6_MACROS_ASM                                                                          \
    "mov   r8, r2\n\t"                                                                     \
    "str   r3, [r2, #4 * 22]\n\t"                                                          \
    "str   r0, [r2, #4 * 20]\n\t"                                                          \
    "str   r1, [r2, #4 * 21]\n\t"                                                          \
    "ldm   r1!, {r2-r4}\n\t"        /* |b0 - b1| to r12, lr and word 18, its mask r5 */    \
    "ldm   r1!, {r5-r7}\n\t"                                                               \
    "subs  r2, r2, r5\n\t"                                                                 \
    "sbcs  r3, r6\n\t"                                                                     \
    "sbcs  r4, r7\n\t"                                                                     \
    "sbcs  r5, r5\n\t"                                                                     \
    "eors  r2, r5\n\t"                                                                     \
    "eors  r3, r5\n\t"                                                                     \
    "eors  r4, r5\n\t"                                                                     \
    "subs  r2, r2, r5\n\t"                                                                 \
    "sbcs  r3, r5\n\t"                                                                     \
    "sbcs  r4, r5\n\t"                                                                     \
    "mov   r12, r2\n\t"                                                                    \
    "mov   lr, r3\n\t"                                                                     \
    "mov   r6, r8\n\t"                                                                     \
    "str   r4, [r6, #4 * 18]\n\t"                                                          \
    "ldm   r0!, {r1-r3}\n\t"        /* |a0 - a1| to r9-r11, its mask r4 */                 \
    "ldm   r0!, {r4, r6, r7}\n\t"                                                          \
    "subs  r1, r1, r4\n\t"                                                                 \
    "sbcs  r2, r6\n\t"                                                                     \
    "sbcs  r3, r7\n\t"                                                                     \
    "sbcs  r4, r4\n\t"                                                                     \
    "eors  r1, r4\n\t"                                                                     \
    "eors  r2, r4\n\t"                                                                     \
    "eors  r3, r4\n\t"                                                                     \
    "subs  r1, r1, r4\n\t"                                                                 \
    "sbcs  r2, r4\n\t"                                                                     \
    "sbcs  r3, r4\n\t"                                                                     \
    "mov   r9, r1\n\t"                                                                     \
    "mov   r10, r2\n\t"                                                                    \
    "mov   r11, r3\n\t"                                                                    \
    "eors  r5, r4\n\t"              /* n: all ones when the signs agree (M subtracted) */ \
    "mvns  r5, r5\n\t"                                                                     \
    "mov   r6, r8\n\t"                                                                     \
    "str   r5, [r6, #4 * 19]\n\t"                                                          \
    "p6_mul96 12\n\t"               /* M */                                                \
    P6_LOAD_HALVES_ASM                                                                     \
    "p6_mul96 0\n\t"                /* L = a0 b0 */                                        \
    P6_LOAD_HALVES_ASM                                                                     \
    "p6_mul96 6\n\t"                /* H = a1 b1 */                                        \
    P6_COMBINE_ASM                                                                         \
    P6_REDUCE_ASM                                                                          \
    P6_PURGE_ASM

/* the next halves of a and b (their pointers in words 20 and 21, moved on) to r9-r11 and
 * r12, lr, word 18 */
#define P6_LOAD_HALVES_ASM                                                                 \
    "mov   r7, r8\n\t"                                                                     \
    "ldr   r0, [r7, #4 * 20]\n\t"                                                          \
    "ldr   r1, [r7, #4 * 21]\n\t"                                                          \
    "ldm   r0!, {r2-r4}\n\t"                                                               \
    "mov   r9, r2\n\t"                                                                     \
    "mov   r10, r3\n\t"                                                                    \
    "mov   r11, r4\n\t"                                                                    \
    "ldm   r1!, {r2-r4}\n\t"                                                               \
    "mov   r12, r2\n\t"                                                                    \
    "mov   lr, r3\n\t"                                                                     \
    "str   r4, [r7, #4 * 18]\n\t"                                                          \
    "str   r0, [r7, #4 * 20]\n\t"                                                          \
    "str   r1, [r7, #4 * 21]\n\t"

/* words 0-11 = a^2: the same with squares, the middle (a0 - a1)^2 always subtracted (n all
 * ones) */
#define P6_SQUARE192_ASM                                                                   \
    ".syntax unified\n\t"                                                                  \
    P6_MACROS_ASM                                                                          \
    "mov   r8, r2\n\t"                                                                     \
    "str   r3, [r2, #4 * 22]\n\t"                                                          \
    "str   r0, [r2, #4 * 20]\n\t"                                                          \
    "ldm   r0!, {r1-r3}\n\t"        /* |a0 - a1| to r9-r11 */                              \
    "ldm   r0!, {r4, r6, r7}\n\t"                                                          \
    "subs  r1, r1, r4\n\t"                                                                 \
    "sbcs  r2, r6\n\t"                                                                     \
    "sbcs  r3, r7\n\t"                                                                     \
    "sbcs  r4, r4\n\t"                                                                     \
    "eors  r1, r4\n\t"                                                                     \
    "eors  r2, r4\n\t"                                                                     \
    "eors  r3, r4\n\t"                                                                     \
    "subs  r1, r1, r4\n\t"                                                                 \
    "sbcs  r2, r4\n\t"                                                                     \
    "sbcs  r3, r4\n\t"                                                                     \
    "mov   r9, r1\n\t"                                                                     \
    "mov   r10, r2\n\t"                                                                    \
    "mov   r11, r3\n\t"                                                                    \
    "movs  r5, #0\n\t"                                                                     \
    "mvns  r5, r5\n\t"                                                                     \
    "mov   r6, r8\n\t"                                                                     \
    "str   r5, [r6, #4 * 19]\n\t"                                                          \
    "p6_sqr96 12\n\t"               /* M = (a0 - a1)^2 */                                  \
    "mov   r7, r8\n\t"                                                                     \
    "ldr   r0, [r7, #4 * 20]\n\t"                                                          \
    "ldm   r0!, {r2-r4}\n\t"                                                               \
    "mov   r9, r2\n\t"                                                                     \
    "mov   r10, r3\n\t"                                                                    \
    "mov   r11, r4\n\t"                                                                    \
    "str   r0, [r7, #4 * 20]\n\t"                                                          \
    "p6_sqr96 0\n\t"                /* L = a0^2 */                                         \
    "mov   r7, r8\n\t"                                                                     \
    "ldr   r0, [r7, #4 * 20]\n\t"                                                          \
    "ldm   r0!, {r2-r4}\n\t"                                                               \
    "mov   r9, r2\n\t"                                                                     \
    "mov   r10, r3\n\t"                                                                    \
    "mov   r11, r4\n\t"                                                                    \
    "p6_sqr96 6\n\t"                /* H = a1^2 */                                         \
    P6_COMBINE_ASM                                                                         \
    P6_REDUCE_ASM                                                                          \
    P6_PURGE_ASM

/* r = a b and r = a^2 mod p, r, a and b word-aligned: subroutines (fe_mul12_routine,
 * fe_sqr12_routine) in fe16_product_armv6m.h's KB_CALL convention, the reduction included,
 * with 4 bytes of stack of their own (the return address). */
__asm__(KB_ROUTINE_BEGIN(fe_mul12_routine) "push  {lr}\n\t" P6_PRODUCT192_ASM "pop   {pc}\n\t"
        KB_ROUTINE_END(fe_mul12_routine)
        KB_ROUTINE_BEGIN(fe_sqr12_routine) "push  {lr}\n\t" P6_SQUARE192_ASM "pop   {pc}\n\t"
        KB_ROUTINE_END(fe_sqr12_routine));

/* with the work area w (P6_FRAME_WORDS words) */
#define FE_MUL12_W(r, a, b, w) KB_CALL(fe_mul12_routine, r, a, b, w)
#define FE_SQR12_W(r, a, w) KB_CALL(fe_sqr12_routine, r, a, a, w)

#endif
