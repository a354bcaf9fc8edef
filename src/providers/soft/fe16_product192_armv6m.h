/* The 384-bit product and square of two 192-bit numbers of six 32-bit words in Thumb-1 assembly
 * (ARMv6-M; the Cortex-M4 runs it too), as the text of one asm statement each: the 12-limb
 * fe16 operands (p = 2^191 - 19) on word boundaries, the same bytes. fe16_armv6m.c reduces the
 * result.
 *
 * One level of subtractive Karatsuba over 96-bit halves: a b = L + 2^96 (L + H - (a0 - a1)
 * (b0 - b1)) + 2^192 H with L = a0 b0, H = a1 b1; (a0 - a1)(b0 - b1) is |a0 - a1| |b0 - b1|
 * (M) with the sign of the two borrows, taken in with a mask: M XOR n plus n's low bit, n
 * sign-extended above, where n is all ones when M is subtracted. Three 96 x 96-bit products
 * instead of four, each by product scanning over the three words of its operands: a column's
 * sum in three low registers, each 32 x 32-bit product from four 16 x 16-bit MULS (p6_umull).
 * The operands wait in the high registers (x in r9-r11, y0 and y1 in r12 and lr, y2 in the work
 * area), each MOV'd in for its product, so the eight low registers are all free for a product
 * and its column. The square has a dedicated 96-bit square (three squares of words, three
 * doubled products) and no sign: (a0 - a1)^2 is always subtracted.
 *
 * Work area (P6_FRAME_WORDS words, a local array of the caller; r8 points to it): words 0-11
 * the result (L in 0-5 and H in 6-11, then the middle added in place), 12-17 M, 24 y2, 25 n,
 * 26-27 the pointers to a and b.
 * In: r0 = a, r1 = b (the product only), r2 = the work area, word-aligned. Changes r0-r12 and
 * lr. Every load and store has a fixed offset, no branch: constant time (MULS takes a fixed
 * time on the M0/M0+). The statements start with ".syntax unified" and leave it on.
 */
#ifndef FC_SOFT_FE16_PRODUCT192_ARMV6M_H
#define FC_SOFT_FE16_PRODUCT192_ARMV6M_H

#define P6_FRAME_WORDS 28

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
    /* r4 = y2 (work word 24), or the high register ys */                               \
    ".macro p6_ldy r, ys\n\t"                                                              \
    ".ifc \\ys, y2\n\t"                                                                    \
    "mov   \\r, r8\n\t"                                                                    \
    "ldr   \\r, [\\r, #4 * 24]\n\t"                                                        \
    ".else\n\t"                                                                            \
    "mov   \\r, \\ys\n\t"                                                                  \
    ".endif\n\t"                                                                           \
    ".endm\n\t"                                                                            \
    /* (a0, a1, a2) += xs ys */                                                          \
    ".macro p6_mac xs, ys, a0, a1, a2\n\t"                                                 \
    "mov   r4, \\xs\n\t"                                                                   \
    "p6_ldy r5, \\ys\n\t"                                                                  \
    "p6_umull r3, r4, r5, r6, r7\n\t"                                                      \
    "adds  \\a0, \\a0, r3\n\t"                                                             \
    "adcs  \\a1, r4\n\t"                                                                   \
    "movs  r6, #0\n\t"                                                                     \
    "adcs  \\a2, r6\n\t"                                                                   \
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
    "movs  r2, #0\n\t"                                                                     \
    "movs  r0, #0\n\t"                                                                     \
    "p6_mac r9, lr, r1, r2, r0\n\t"                                                        \
    "p6_mac r10, r12, r1, r2, r0\n\t"                                                      \
    "p6_st r1, (\\o) + 1\n\t"                                                              \
    "movs  r1, #0\n\t"                                                                     \
    "p6_mac r9, y2, r2, r0, r1\n\t"                                                        \
    "p6_mac r10, lr, r2, r0, r1\n\t"                                                       \
    "p6_mac r11, r12, r2, r0, r1\n\t"                                                      \
    "p6_st r2, (\\o) + 2\n\t"                                                              \
    "movs  r2, #0\n\t"                                                                     \
    "p6_mac r10, y2, r0, r1, r2\n\t"                                                       \
    "p6_mac r11, lr, r0, r1, r2\n\t"                                                       \
    "p6_st r0, (\\o) + 3\n\t"                                                              \
    "mov   r4, r11\n\t"             /* the top column: no carry out of a product's top */  \
    "p6_ldy r5, y2\n\t"                                                                    \
    "p6_umull r3, r4, r5, r6, r7\n\t"                                                      \
    "adds  r1, r1, r3\n\t"                                                                 \
    "adcs  r2, r4\n\t"                                                                     \
    "p6_st r1, (\\o) + 4\n\t"                                                              \
    "p6_st r2, (\\o) + 5\n\t"                                                              \
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
     * by column, doubled, then the squares of the words added */                        \
    ".macro p6_sqr96 o\n\t"                                                                \
    "mov   r1, r9\n\t"              /* x0 x1: column 1 */                                  \
    "mov   r5, r10\n\t"                                                                    \
    "p6_umull r0, r1, r5, r6, r7\n\t"                                                      \
    "p6_st r0, (\\o) + 1\n\t"                                                              \
    "mov   r2, r9\n\t"              /* x0 x2: column 2 */                                  \
    "mov   r5, r11\n\t"                                                                    \
    "p6_umull r0, r2, r5, r6, r7\n\t"                                                      \
    "adds  r1, r1, r0\n\t"                                                                 \
    "movs  r0, #0\n\t"                                                                     \
    "adcs  r2, r0\n\t"              /* no carry out: x0 x2 + x1 below 2^64 */              \
    "p6_st r1, (\\o) + 2\n\t"                                                              \
    "mov   r4, r10\n\t"             /* x1 x2: columns 3 and 4 */                           \
    "mov   r5, r11\n\t"                                                                    \
    "p6_umull r3, r4, r5, r6, r7\n\t"                                                      \
    "adds  r2, r2, r3\n\t"                                                                 \
    "adcs  r4, r0\n\t"              /* the cross sum: word 1 of o, r2, r4 */               \
    "mov   r3, r8\n\t"                                                                     \
    "ldr   r0, [r3, #4 * ((\\o) + 1)]\n\t"                                                 \
    "ldr   r1, [r3, #4 * ((\\o) + 2)]\n\t"                                                 \
    "adds  r0, r0, r0\n\t"          /* doubled: words 1-5 in r0, r1, r2, r4, r5 */         \
    "adcs  r1, r1\n\t"                                                                     \
    "adcs  r2, r2\n\t"                                                                     \
    "adcs  r4, r4\n\t"                                                                     \
    "movs  r5, #0\n\t"                                                                     \
    "adcs  r5, r5\n\t"                                                                     \
    "mov   lr, r5\n\t"                                                                     \
    "mov   r12, r4\n\t"                                                                    \
    "mov   r5, r9\n\t"              /* + x0^2 + x1^2 2^64 (words 0-3) */                   \
    "p6_sq32 r3, r5, r6, r7\n\t"                                                           \
    "mov   r7, r8\n\t"                                                                     \
    "str   r3, [r7, #4 * (\\o)]\n\t"                                                       \
    "mov   r4, r10\n\t"                                                                    \
    "p6_sq32 r3, r4, r6, r7\n\t"                                                           \
    "adds  r0, r0, r5\n\t"                                                                 \
    "adcs  r1, r3\n\t"                                                                     \
    "adcs  r2, r4\n\t"                                                                     \
    "mov   r7, r8\n\t"                                                                     \
    "str   r0, [r7, #4 * ((\\o) + 1)]\n\t"                                                 \
    "str   r1, [r7, #4 * ((\\o) + 2)]\n\t"                                                 \
    "str   r2, [r7, #4 * ((\\o) + 3)]\n\t"                                                 \
    "movs  r3, #0\n\t"              /* the carry waits in r3 while x2^2 is formed */       \
    "adcs  r3, r3\n\t"                                                                     \
    "mov   r0, r11\n\t"             /* + x2^2 2^128 (words 4-5) */                         \
    "p6_sq32 r1, r0, r6, r5\n\t"                                                           \
    "mov   r4, r12\n\t"                                                                    \
    "mov   r5, lr\n\t"                                                                     \
    "lsrs  r3, r3, #1\n\t"                                                                 \
    "adcs  r4, r1\n\t"                                                                     \
    "adcs  r5, r0\n\t"                                                                     \
    "str   r4, [r7, #4 * ((\\o) + 4)]\n\t"                                                 \
    "str   r5, [r7, #4 * ((\\o) + 5)]\n\t"                                                 \
    ".endm\n\t"

#define P6_PURGE_ASM                                                                       \
    ".purgem p6_umull\n\t"                                                                 \
    ".purgem p6_ldy\n\t"                                                                   \
    ".purgem p6_mac\n\t"                                                                   \
    ".purgem p6_st\n\t"                                                                    \
    ".purgem p6_mul96\n\t"                                                                 \
    ".purgem p6_sq32\n\t"                                                                  \
    ".purgem p6_sqr96\n\t"

/* Words 0-11 = L + 2^192 H + 2^96 (L + H + (M XOR n) + (n & 1) + n 2^192), n (word 25) sign-
 * extended: the middle in two halves of three words, its carries (c1 of L + H, c2 of the
 * M term, c3 of its addition to the result) kept as 0/1 and put back into the flag with LSRS. */
#define P6_COMBINE_ASM                                                                     \
    "mov   r7, r8\n\t"                                                                     \
    "ldm   r7!, {r0-r5}\n\t"        /* L0..L5; L3..L5 wait in r10-r12 */                   \
    "mov   r10, r3\n\t"                                                                    \
    "mov   r11, r4\n\t"                                                                    \
    "mov   r12, r5\n\t"                                                                    \
    "ldm   r7!, {r3-r5}\n\t"        /* + H0..H2 */                                         \
    "adds  r0, r0, r3\n\t"                                                                 \
    "adcs  r1, r4\n\t"                                                                     \
    "adcs  r2, r5\n\t"                                                                     \
    "movs  r6, #0\n\t"                                                                     \
    "adcs  r6, r6\n\t"                                                                     \
    "mov   r9, r6\n\t"              /* c1 */                                               \
    "mov   r7, r8\n\t"                                                                     \
    "ldr   r6, [r7, #4 * 25]\n\t"   /* n */                                                \
    "lsrs  r3, r6, #1\n\t"          /* carry = n & 1 */                                    \
    "ldr   r3, [r7, #4 * 12]\n\t"   /* + (M0..M2 XOR n) */                                 \
    "eors  r3, r6\n\t"                                                                     \
    "adcs  r0, r3\n\t"                                                                     \
    "ldr   r3, [r7, #4 * 13]\n\t"                                                          \
    "eors  r3, r6\n\t"                                                                     \
    "adcs  r1, r3\n\t"                                                                     \
    "ldr   r3, [r7, #4 * 14]\n\t"                                                          \
    "eors  r3, r6\n\t"                                                                     \
    "adcs  r2, r3\n\t"                                                                     \
    "movs  r5, #0\n\t"                                                                     \
    "adcs  r5, r5\n\t"              /* c2 */                                               \
    "mov   r3, r10\n\t"             /* words 3-5 = L3..L5 + middle 0-2 */                  \
    "adds  r0, r0, r3\n\t"                                                                 \
    "mov   r3, r11\n\t"                                                                    \
    "adcs  r1, r3\n\t"                                                                     \
    "mov   r3, r12\n\t"                                                                    \
    "adcs  r2, r3\n\t"                                                                     \
    "movs  r4, #0\n\t"                                                                     \
    "adcs  r4, r4\n\t"              /* c3 */                                               \
    "str   r0, [r7, #4 * 3]\n\t"                                                           \
    "str   r1, [r7, #4 * 4]\n\t"                                                           \
    "str   r2, [r7, #4 * 5]\n\t"                                                           \
    "mov   r0, r10\n\t"             /* middle 3-5 = L3..L5 + H3..H5 + c1 */                \
    "mov   r1, r11\n\t"                                                                    \
    "mov   r2, r12\n\t"                                                                    \
    "mov   r3, r9\n\t"                                                                     \
    "lsrs  r3, r3, #1\n\t"                                                                 \
    "ldr   r3, [r7, #4 * 9]\n\t"                                                           \
    "adcs  r0, r3\n\t"                                                                     \
    "ldr   r3, [r7, #4 * 10]\n\t"                                                          \
    "adcs  r1, r3\n\t"                                                                     \
    "ldr   r3, [r7, #4 * 11]\n\t"                                                          \
    "adcs  r2, r3\n\t"                                                                     \
    "movs  r3, #0\n\t"                                                                     \
    "adcs  r3, r3\n\t"                                                                     \
    "mov   r9, r3\n\t"              /* its carry */                                        \
    "lsrs  r5, r5, #1\n\t"          /* + (M3..M5 XOR n) + c2 */                            \
    "ldr   r3, [r7, #4 * 15]\n\t"                                                          \
    "eors  r3, r6\n\t"                                                                     \
    "adcs  r0, r3\n\t"                                                                     \
    "ldr   r3, [r7, #4 * 16]\n\t"                                                          \
    "eors  r3, r6\n\t"                                                                     \
    "adcs  r1, r3\n\t"                                                                     \
    "ldr   r3, [r7, #4 * 17]\n\t"                                                          \
    "eors  r3, r6\n\t"                                                                     \
    "adcs  r2, r3\n\t"                                                                     \
    "movs  r5, #0\n\t"                                                                     \
    "adcs  r5, r5\n\t"                                                                     \
    "mov   r3, r9\n\t"                                                                     \
    "adds  r5, r5, r3\n\t"                                                                 \
    "adds  r5, r5, r6\n\t"          /* middle word 6: 0 or 1, the middle being below 2^193 */ \
    "lsrs  r4, r4, #1\n\t"          /* words 6-8 = H0..H2 + middle 3-5 + c3 */             \
    "ldr   r3, [r7, #4 * 6]\n\t"                                                           \
    "adcs  r0, r3\n\t"                                                                     \
    "ldr   r3, [r7, #4 * 7]\n\t"                                                           \
    "adcs  r1, r3\n\t"                                                                     \
    "ldr   r3, [r7, #4 * 8]\n\t"                                                           \
    "adcs  r2, r3\n\t"                                                                     \
    "str   r0, [r7, #4 * 6]\n\t"                                                           \
    "str   r1, [r7, #4 * 7]\n\t"                                                           \
    "str   r2, [r7, #4 * 8]\n\t"                                                           \
    "movs  r4, #0\n\t"                                                                     \
    "adcs  r4, r4\n\t"                                                                     \
    "adds  r4, r4, r5\n\t"          /* words 9-11 = H3..H5 + middle 6 + carry */           \
    "ldr   r0, [r7, #4 * 9]\n\t"                                                           \
    "ldr   r1, [r7, #4 * 10]\n\t"                                                          \
    "ldr   r2, [r7, #4 * 11]\n\t"                                                          \
    "movs  r3, #0\n\t"                                                                     \
    "adds  r0, r0, r4\n\t"                                                                 \
    "adcs  r1, r3\n\t"                                                                     \
    "adcs  r2, r3\n\t"                                                                     \
    "str   r0, [r7, #4 * 9]\n\t"                                                           \
    "str   r1, [r7, #4 * 10]\n\t"                                                          \
    "str   r2, [r7, #4 * 11]\n\t"

/* words 0-11 = a b */
#define P6_PRODUCT192_ASM                                                                  \
    ".syntax unified\n\t"                                                                  \
    P6_MACROS_ASM                                                                          \
    "mov   r8, r2\n\t"                                                                     \
    "str   r0, [r2, #4 * 26]\n\t"                                                          \
    "str   r1, [r2, #4 * 27]\n\t"                                                          \
    "ldm   r1!, {r2-r4}\n\t"        /* |b0 - b1| to r12, lr and word 24, its mask r5 */    \
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
    "str   r4, [r6, #4 * 24]\n\t"                                                          \
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
    "str   r5, [r6, #4 * 25]\n\t"                                                          \
    "p6_mul96 12\n\t"               /* M */                                                \
    P6_LOAD_HALVES_ASM                                                                     \
    "p6_mul96 0\n\t"                /* L = a0 b0 */                                        \
    P6_LOAD_HALVES_ASM                                                                     \
    "p6_mul96 6\n\t"                /* H = a1 b1 */                                        \
    P6_COMBINE_ASM                                                                         \
    P6_PURGE_ASM

/* the next halves of a and b (their pointers in words 26 and 27, moved on) to r9-r11 and
 * r12, lr, word 24 */
#define P6_LOAD_HALVES_ASM                                                                 \
    "mov   r7, r8\n\t"                                                                     \
    "ldr   r0, [r7, #4 * 26]\n\t"                                                          \
    "ldr   r1, [r7, #4 * 27]\n\t"                                                          \
    "ldm   r0!, {r2-r4}\n\t"                                                               \
    "mov   r9, r2\n\t"                                                                     \
    "mov   r10, r3\n\t"                                                                    \
    "mov   r11, r4\n\t"                                                                    \
    "ldm   r1!, {r2-r4}\n\t"                                                               \
    "mov   r12, r2\n\t"                                                                    \
    "mov   lr, r3\n\t"                                                                     \
    "str   r4, [r7, #4 * 24]\n\t"                                                          \
    "str   r0, [r7, #4 * 26]\n\t"                                                          \
    "str   r1, [r7, #4 * 27]\n\t"

/* words 0-11 = a^2: the same with squares, the middle (a0 - a1)^2 always subtracted (n all
 * ones) */
#define P6_SQUARE192_ASM                                                                   \
    ".syntax unified\n\t"                                                                  \
    P6_MACROS_ASM                                                                          \
    "mov   r8, r2\n\t"                                                                     \
    "str   r0, [r2, #4 * 26]\n\t"                                                          \
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
    "str   r5, [r6, #4 * 25]\n\t"                                                          \
    "p6_sqr96 12\n\t"               /* M = (a0 - a1)^2 */                                  \
    "mov   r7, r8\n\t"                                                                     \
    "ldr   r0, [r7, #4 * 26]\n\t"                                                          \
    "ldm   r0!, {r2-r4}\n\t"                                                               \
    "mov   r9, r2\n\t"                                                                     \
    "mov   r10, r3\n\t"                                                                    \
    "mov   r11, r4\n\t"                                                                    \
    "str   r0, [r7, #4 * 26]\n\t"                                                          \
    "p6_sqr96 0\n\t"                /* L = a0^2 */                                         \
    "mov   r7, r8\n\t"                                                                     \
    "ldr   r0, [r7, #4 * 26]\n\t"                                                          \
    "ldm   r0!, {r2-r4}\n\t"                                                               \
    "mov   r9, r2\n\t"                                                                     \
    "mov   r10, r3\n\t"                                                                    \
    "mov   r11, r4\n\t"                                                                    \
    "p6_sqr96 6\n\t"                /* H = a1^2 */                                         \
    P6_COMBINE_ASM                                                                         \
    P6_PURGE_ASM

#endif
