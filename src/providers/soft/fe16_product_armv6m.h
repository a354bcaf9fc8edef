/* The full products a * b and a^2 of 256-bit numbers in Thumb-1 assembly (ARMv6-M), as the
 * text of asm statements (the callers put a reduction of their own after them):
 * KB_PRODUCT256_ASM / KB_SQUARE256_ASM, eight 32-bit words by Karatsuba (below), for the P-256
 * field and 16-limb fe16 operands (copied to words when they are not on word boundaries), the
 * same bytes. Both take their 128-bit products from fe16_product128_armv6m.h (in registers,
 * KR_PRODUCT256_ASM / KR_SQUARE256_ASM); the ones below over memory are its reference.
 * fe16_armv6m.c reduces modulo 2^(16n-1) - 19, p256_field_armv6m.c modulo the P-256 prime.
 * Every load and store has a fixed offset (the assembler unrolls everything), and MULS takes a
 * fixed time on the M0/M0+: constant time. The statements start in ".syntax unified" and leave
 * it on.
 */
#ifndef FC_SOFT_FE16_PRODUCT_ARMV6M_H
#define FC_SOFT_FE16_PRODUCT_ARMV6M_H

/* The 512-bit product and square of two 256-bit numbers of eight 32-bit words, by three levels
 * of subtractive Karatsuba over 32-bit words: a b = L + 2^128 (L + H - (a0 - a1)(b0 - b1))
 * + 2^256 H for halves a0, a1 and b0, b1, with L = a0 b0 and H = a1 b1, the same for each
 * 128-bit product (of 64-bit halves), down to 64 x 64-bit products by four 32 x 32 -> 64-bit
 * ones (kb_umull), each of four MULS over 16-bit halves: 36 of those instead of 64.
 * (a0 - a1)(b0 - b1) is |a0 - a1| |b0 - b1| taken with the sign of the two differences: each
 * difference is made absolute with its borrow's mask (x ^ m) - m, and the product of the
 * absolute values is added XORed with ~(ma ^ mb) plus its low bit: added when the signs
 * differ, subtracted when they agree. No branch, no address depends on the values: constant
 * time (MULS takes a fixed time on the M0/M0+).
 *
 * Everything lives in a work area of KB_FRAME_WORDS words (a local array of the caller, its
 * address in r12), addressed through r7 by the kb_ld/kb_st macros: word w sits at
 * [r7, #4 (w - kb_cur)], and r7 is moved (kb_rebase: MOVS of an immediate and an ADD of r12,
 * which leave the carry flag alone, so a carry chain may span a move) when w is out of reach
 * of the 5-bit offset. The assembler tracks kb_cur, the code being straight-line. Words:
 * 0-7 L, 8-15 the two halves being multiplied (a 128-bit product's differences and middle
 * product then go over them), 16-23 M = |a0 - a1| |b0 - b1| (computed first), 24-31 H, 32 the
 * sign mask of M, 33-34 the pointers to a and b.
 * In: r0 = a, r1 = b (the product), r2 = t, r3 = the work area; out: t[0..15]. Changes r0-r8,
 * r12 and lr. The assembler symbol kb_inplace is 1 when t is the work area itself, else 0: t
 * then takes words 0-3 and 8-15, and t[4..7] is left over M0..M3 (words 16-19), as L4..L7 are
 * read after it is formed (fe16_armv6m.c's reduction reads it there). */
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
    ".macro kb_span w\n\t"                                                                 \
    ".if (\\w) < kb_lo\n\t"                                                                \
    ".set  kb_lo, (\\w)\n\t"                                                               \
    ".endif\n\t"                                                                           \
    ".if (\\w) > kb_hi\n\t"                                                                \
    ".set  kb_hi, (\\w)\n\t"                                                               \
    ".endif\n\t"                                                                           \
    ".endm\n\t"                                                                            \
    /* one move of r7, if needed, so that words a..f are all in reach */                \
    ".macro kb_cover a, b, c, d, e, f\n\t"                                                 \
    ".set  kb_lo, (\\a)\n\t"                                                               \
    ".set  kb_hi, (\\a)\n\t"                                                               \
    "kb_span \\b\n\t"                                                                      \
    "kb_span \\c\n\t"                                                                      \
    "kb_span \\d\n\t"                                                                      \
    "kb_span \\e\n\t"                                                                      \
    "kb_span \\f\n\t"                                                                      \
    ".if (kb_lo < kb_cur) || (kb_hi > kb_cur + 31)\n\t"                                    \
    "kb_rebase kb_lo\n\t"                                                                  \
    ".endif\n\t"                                                                           \
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
    /* words o..o+3 = (x, x+1) (y, y+1), in r0-r6 */                                    \
    ".macro kb_mul64 x, y, o\n\t"                                                          \
    "kb_cover \\x, (\\x) + 1, \\y, (\\y) + 1, \\o, (\\o) + 3\n\t"                          \
    "kb_ld r0, \\x\n\t"                                                                    \
    "kb_ld r1, \\y\n\t"                                                                    \
    "uxth  r2, r0\n\t"              /* a0 b0, keeping the halves of a0 for a0 b1 */        \
    "lsrs  r0, r0, #16\n\t"                                                                \
    "uxth  r3, r1\n\t"                                                                     \
    "lsrs  r1, r1, #16\n\t"                                                                \
    "movs  r4, r3\n\t"                                                                     \
    "muls  r4, r2, r4\n\t"                                                                 \
    "muls  r3, r0, r3\n\t"                                                                 \
    "movs  r5, r1\n\t"                                                                     \
    "muls  r5, r0, r5\n\t"                                                                 \
    "muls  r1, r2, r1\n\t"                                                                 \
    "lsls  r6, r3, #16\n\t"                                                                \
    "lsrs  r3, r3, #16\n\t"                                                                \
    "adds  r4, r4, r6\n\t"                                                                 \
    "adcs  r5, r3\n\t"                                                                     \
    "lsls  r6, r1, #16\n\t"                                                                \
    "lsrs  r1, r1, #16\n\t"                                                                \
    "adds  r4, r4, r6\n\t"                                                                 \
    "adcs  r5, r1\n\t"                                                                     \
    "kb_st r4, \\o\n\t"                                                                    \
    "kb_ld r1, (\\y) + 1\n\t"       /* a0 b1 from the halves of a0 in r2 and r0 */         \
    "uxth  r3, r1\n\t"                                                                     \
    "lsrs  r1, r1, #16\n\t"                                                                \
    "movs  r4, r3\n\t"                                                                     \
    "muls  r4, r2, r4\n\t"                                                                 \
    "muls  r3, r0, r3\n\t"                                                                 \
    "muls  r0, r1, r0\n\t"                                                                 \
    "muls  r1, r2, r1\n\t"                                                                 \
    "lsls  r6, r3, #16\n\t"                                                                \
    "lsrs  r3, r3, #16\n\t"                                                                \
    "adds  r4, r4, r6\n\t"                                                                 \
    "adcs  r0, r3\n\t"                                                                     \
    "lsls  r6, r1, #16\n\t"                                                                \
    "lsrs  r1, r1, #16\n\t"                                                                \
    "adds  r4, r4, r6\n\t"                                                                 \
    "adcs  r0, r1\n\t"                                                                     \
    "adds  r5, r5, r4\n\t"                                                                 \
    "movs  r4, #0\n\t"                                                                     \
    "adcs  r0, r4\n\t"              /* no carry out: a high word of a product is below 2^32 - 1 */ \
    "kb_ld r1, (\\x) + 1\n\t"       /* a1 b0 */                                            \
    "kb_ld r2, \\y\n\t"                                                                    \
    "kb_umull r3, r1, r2, r4, r6\n\t"                                                      \
    "adds  r5, r5, r3\n\t"                                                                 \
    "kb_st r5, (\\o) + 1\n\t"                                                              \
    "adcs  r0, r1\n\t"                                                                     \
    "movs  r5, #0\n\t"                                                                     \
    "adcs  r5, r5\n\t"                                                                     \
    "kb_ld r1, (\\x) + 1\n\t"       /* a1 b1 */                                            \
    "kb_ld r2, (\\y) + 1\n\t"                                                              \
    "kb_umull r3, r1, r2, r4, r6\n\t"                                                      \
    "adds  r0, r0, r3\n\t"                                                                 \
    "adcs  r1, r5\n\t"                                                                     \
    "kb_st r0, (\\o) + 2\n\t"                                                              \
    "kb_st r1, (\\o) + 3\n\t"                                                              \
    ".endm\n\t"                                                                            \
    /* (d, d+1) = |(x, x+1) - (x+2, x+3)|, r3 = the mask of its sign */                 \
    ".macro kb_absdiff2 x, d\n\t"                                                          \
    "kb_cover \\x, (\\x) + 3, \\d, (\\d) + 1, \\x, \\x\n\t"                                \
    "kb_ld r0, \\x\n\t"                                                                    \
    "kb_ld r1, (\\x) + 1\n\t"                                                              \
    "kb_ld r2, (\\x) + 2\n\t"                                                              \
    "kb_ld r3, (\\x) + 3\n\t"                                                              \
    "subs  r0, r0, r2\n\t"                                                                 \
    "sbcs  r1, r3\n\t"                                                                     \
    "sbcs  r3, r3\n\t"                                                                     \
    "eors  r0, r3\n\t"                                                                     \
    "eors  r1, r3\n\t"                                                                     \
    "subs  r0, r0, r3\n\t"                                                                 \
    "sbcs  r1, r3\n\t"                                                                     \
    "kb_st r0, \\d\n\t"                                                                    \
    "kb_st r1, (\\d) + 1\n\t"                                                              \
    ".endm\n\t"                                                                            \
    ".macro kb_absdiff4 x, d\n\t"                                                          \
    "kb_cover \\x, (\\x) + 7, \\d, (\\d) + 3, \\x, \\x\n\t"                                \
    "kb_ld r0, \\x\n\t"                                                                    \
    "kb_ld r1, (\\x) + 1\n\t"                                                              \
    "kb_ld r2, (\\x) + 2\n\t"                                                              \
    "kb_ld r3, (\\x) + 3\n\t"                                                              \
    "kb_ld r4, (\\x) + 4\n\t"                                                              \
    "subs  r0, r0, r4\n\t"                                                                 \
    "kb_ld r4, (\\x) + 5\n\t"                                                              \
    "sbcs  r1, r4\n\t"                                                                     \
    "kb_ld r4, (\\x) + 6\n\t"                                                              \
    "sbcs  r2, r4\n\t"                                                                     \
    "kb_ld r4, (\\x) + 7\n\t"                                                              \
    "sbcs  r3, r4\n\t"                                                                     \
    "sbcs  r4, r4\n\t"                                                                     \
    "eors  r0, r4\n\t"                                                                     \
    "eors  r1, r4\n\t"                                                                     \
    "eors  r2, r4\n\t"                                                                     \
    "eors  r3, r4\n\t"                                                                     \
    "subs  r0, r0, r4\n\t"                                                                 \
    "sbcs  r1, r4\n\t"                                                                     \
    "sbcs  r2, r4\n\t"                                                                     \
    "sbcs  r3, r4\n\t"                                                                     \
    "kb_st r0, \\d\n\t"                                                                    \
    "kb_st r1, (\\d) + 1\n\t"                                                              \
    "kb_st r2, (\\d) + 2\n\t"                                                              \
    "kb_st r3, (\\d) + 3\n\t"                                                              \
    ".endm\n\t"                                                                            \
    /* l + 2^64 (l + h -+ m) + 2^128 h over l = o..o+3, h = o+4..o+7 (lr: -+) */        \
    ".macro kb_combine2 o, m\n\t"                                                          \
    "kb_cover \\o, (\\o) + 7, \\m, (\\m) + 3, \\o, \\o\n\t"                                \
    "kb_ld r0, \\o\n\t"                                                                    \
    "kb_ld r1, (\\o) + 1\n\t"                                                              \
    "kb_ld r2, (\\o) + 2\n\t"                                                              \
    "kb_ld r3, (\\o) + 3\n\t"                                                              \
    "kb_ld r4, (\\o) + 4\n\t"                                                              \
    "adds  r0, r0, r4\n\t"                                                                 \
    "kb_ld r4, (\\o) + 5\n\t"                                                              \
    "adcs  r1, r4\n\t"                                                                     \
    "kb_ld r4, (\\o) + 6\n\t"                                                              \
    "adcs  r2, r4\n\t"                                                                     \
    "kb_ld r4, (\\o) + 7\n\t"                                                              \
    "adcs  r3, r4\n\t"                                                                     \
    "movs  r4, #0\n\t"                                                                     \
    "adcs  r4, r4\n\t"                                                                     \
    "mov   r5, lr\n\t"                                                                     \
    "mvns  r5, r5\n\t"                                                                     \
    "lsrs  r6, r5, #1\n\t"                                                                 \
    "kb_ld r6, \\m\n\t"                                                                    \
    "eors  r6, r5\n\t"                                                                     \
    "adcs  r0, r6\n\t"                                                                     \
    "kb_ld r6, (\\m) + 1\n\t"                                                              \
    "eors  r6, r5\n\t"                                                                     \
    "adcs  r1, r6\n\t"                                                                     \
    "kb_ld r6, (\\m) + 2\n\t"                                                              \
    "eors  r6, r5\n\t"                                                                     \
    "adcs  r2, r6\n\t"                                                                     \
    "kb_ld r6, (\\m) + 3\n\t"                                                              \
    "eors  r6, r5\n\t"                                                                     \
    "adcs  r3, r6\n\t"                                                                     \
    "adcs  r4, r5\n\t"                                                                     \
    "movs  r5, #0\n\t"                                                                     \
    "kb_ld r6, (\\o) + 2\n\t"                                                              \
    "adds  r6, r6, r0\n\t"                                                                 \
    "kb_st r6, (\\o) + 2\n\t"                                                              \
    "kb_ld r6, (\\o) + 3\n\t"                                                              \
    "adcs  r6, r1\n\t"                                                                     \
    "kb_st r6, (\\o) + 3\n\t"                                                              \
    "kb_ld r6, (\\o) + 4\n\t"                                                              \
    "adcs  r6, r2\n\t"                                                                     \
    "kb_st r6, (\\o) + 4\n\t"                                                              \
    "kb_ld r6, (\\o) + 5\n\t"                                                              \
    "adcs  r6, r3\n\t"                                                                     \
    "kb_st r6, (\\o) + 5\n\t"                                                              \
    "kb_ld r6, (\\o) + 6\n\t"                                                              \
    "adcs  r6, r4\n\t"                                                                     \
    "kb_st r6, (\\o) + 6\n\t"                                                              \
    "kb_ld r6, (\\o) + 7\n\t"                                                              \
    "adcs  r6, r5\n\t"                                                                     \
    "kb_st r6, (\\o) + 7\n\t"                                                              \
    ".endm\n\t"                                                                            \
    /* words o..o+7 = (x..x+3) (y..y+3) */                                              \
    ".macro kb_mul128 x, y, o\n\t"                                                         \
    "kb_mul64 \\x, \\y, \\o\n\t"    /* l = x0 y0 */                                        \
    "kb_mul64 (\\x) + 2, (\\y) + 2, (\\o) + 4\n\t"                                         \
    "kb_absdiff2 \\x, \\x\n\t"      /* |x0 - x1| over x0, |y0 - y1| over x1 (both dead by now) */ \
    "mov   lr, r3\n\t"                                                                     \
    "kb_absdiff2 \\y, (\\x) + 2\n\t"                                                       \
    "mov   r2, lr\n\t"                                                                     \
    "eors  r3, r2\n\t"                                                                     \
    "mov   lr, r3\n\t"              /* the sign mask of (x0 - x1)(y0 - y1) */              \
    "kb_mul64 \\x, (\\x) + 2, \\y\n\t" /* their product over y */                          \
    "kb_combine2 \\o, \\y\n\t"                                                             \
    ".endm\n\t"                                                                            \
    /* (lo, x) = x^2: three MULS, the cross product doubled by its shifts */            \
    ".macro kb_sq32 lo, x, t, u\n\t"                                                       \
    "uxth  \\t, \\x\n\t"                                                                   \
    "lsrs  \\x, \\x, #16\n\t"                                                              \
    "movs  \\lo, \\t\n\t"                                                                  \
    "muls  \\lo, \\t, \\lo\n\t"                                                            \
    "muls  \\t, \\x, \\t\n\t"                                                              \
    "muls  \\x, \\x, \\x\n\t"                                                              \
    "lsls  \\u, \\t, #17\n\t"                                                              \
    "lsrs  \\t, \\t, #15\n\t"                                                              \
    "adds  \\lo, \\lo, \\u\n\t"                                                            \
    "adcs  \\x, \\t\n\t"                                                                   \
    ".endm\n\t"                                                                            \
    /* words o..o+3 = (x, x+1)^2 */                                                     \
    ".macro kb_sqr64 x, o\n\t"                                                             \
    "kb_cover \\x, (\\x) + 1, \\o, (\\o) + 3, \\x, \\x\n\t"                                \
    "kb_ld r0, \\x\n\t"                                                                    \
    "kb_ld r1, (\\x) + 1\n\t"                                                              \
    "kb_umull r2, r0, r1, r3, r4\n\t"                                                      \
    "adds  r2, r2, r2\n\t"                                                                 \
    "adcs  r0, r0\n\t"                                                                     \
    "movs  r1, #0\n\t"                                                                     \
    "adcs  r1, r1\n\t"                                                                     \
    "kb_ld r3, \\x\n\t"                                                                    \
    "kb_sq32 r4, r3, r5, r6\n\t"                                                           \
    "kb_st r4, \\o\n\t"                                                                    \
    "adds  r2, r2, r3\n\t"                                                                 \
    "kb_st r2, (\\o) + 1\n\t"                                                              \
    "movs  r4, #0\n\t"                                                                     \
    "adcs  r0, r4\n\t"                                                                     \
    "adcs  r1, r4\n\t"                                                                     \
    "kb_ld r3, (\\x) + 1\n\t"                                                              \
    "kb_sq32 r4, r3, r5, r6\n\t"                                                           \
    "adds  r0, r0, r4\n\t"                                                                 \
    "adcs  r1, r3\n\t"                                                                     \
    "kb_st r0, (\\o) + 2\n\t"                                                              \
    "kb_st r1, (\\o) + 3\n\t"                                                              \
    ".endm\n\t"                                                                            \
    /* words o+2..o+7 += 2 (p..p+3) */                                                  \
    ".macro kb_dbladd o, p\n\t"                                                            \
    "kb_cover (\\o) + 2, (\\o) + 7, \\p, (\\p) + 3, \\p, \\p\n\t"                          \
    "kb_ld r0, \\p\n\t"                                                                    \
    "kb_ld r1, (\\p) + 1\n\t"                                                              \
    "kb_ld r2, (\\p) + 2\n\t"                                                              \
    "kb_ld r3, (\\p) + 3\n\t"                                                              \
    "adds  r0, r0, r0\n\t"                                                                 \
    "adcs  r1, r1\n\t"                                                                     \
    "adcs  r2, r2\n\t"                                                                     \
    "adcs  r3, r3\n\t"                                                                     \
    "movs  r4, #0\n\t"                                                                     \
    "adcs  r4, r4\n\t"                                                                     \
    "kb_ld r5, (\\o) + 2\n\t"                                                              \
    "adds  r5, r5, r0\n\t"                                                                 \
    "kb_st r5, (\\o) + 2\n\t"                                                              \
    "kb_ld r5, (\\o) + 3\n\t"                                                              \
    "adcs  r5, r1\n\t"                                                                     \
    "kb_st r5, (\\o) + 3\n\t"                                                              \
    "kb_ld r5, (\\o) + 4\n\t"                                                              \
    "adcs  r5, r2\n\t"                                                                     \
    "kb_st r5, (\\o) + 4\n\t"                                                              \
    "kb_ld r5, (\\o) + 5\n\t"                                                              \
    "adcs  r5, r3\n\t"                                                                     \
    "kb_st r5, (\\o) + 5\n\t"                                                              \
    "kb_ld r5, (\\o) + 6\n\t"                                                              \
    "adcs  r5, r4\n\t"                                                                     \
    "kb_st r5, (\\o) + 6\n\t"                                                              \
    "movs  r4, #0\n\t"                                                                     \
    "kb_ld r5, (\\o) + 7\n\t"                                                              \
    "adcs  r5, r4\n\t"                                                                     \
    "kb_st r5, (\\o) + 7\n\t"                                                              \
    ".endm\n\t"                                                                            \
    /* words o..o+7 = (x..x+3)^2, the cross product in s..s+3 */                        \
    ".macro kb_sqr128 x, o, s\n\t"                                                         \
    "kb_sqr64 \\x, \\o\n\t"                                                                \
    "kb_sqr64 (\\x) + 2, (\\o) + 4\n\t"                                                    \
    "kb_mul64 \\x, (\\x) + 2, \\s\n\t"                                                     \
    "kb_dbladd \\o, \\s\n\t"                                                               \
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

#define KB_PURGE_ASM                                                                       \
    ".purgem kb_rebase\n\t"                                                                \
    ".purgem kb_span\n\t"                                                                  \
    ".purgem kb_cover\n\t"                                                                 \
    ".purgem kb_umull\n\t"                                                                 \
    ".purgem kb_ld\n\t"                                                                    \
    ".purgem kb_st\n\t"                                                                    \
    ".purgem kb_mul64\n\t"                                                                 \
    ".purgem kb_absdiff2\n\t"                                                              \
    ".purgem kb_absdiff4\n\t"                                                              \
    ".purgem kb_combine2\n\t"                                                              \
    ".purgem kb_mul128\n\t"                                                                \
    ".purgem kb_sq32\n\t"                                                                  \
    ".purgem kb_sqr64\n\t"                                                                 \
    ".purgem kb_dbladd\n\t"                                                                \
    ".purgem kb_sqr128\n\t"                                                                \
    ".purgem kb_combine4\n\t"

#define KB_PRODUCT256_ASM                                                                  \
    "mov   r12, r3\n\t"                                                                    \
    "mov   r8, r2\n\t"                                                                     \
    ".set  kb_cur, -100\n\t"                                                               \
    "kb_rebase 8\n\t"                                                                      \
    "kb_st r0, 33\n\t"              /* the pointers to a and b wait in the work area */    \
    "kb_st r1, 34\n\t"                                                                     \
    "ldm   r0!, {r2-r5}\n\t"                                                               \
    "ldr   r6, [r0, #0]\n\t"                                                               \
    "subs  r2, r2, r6\n\t"                                                                 \
    "ldr   r6, [r0, #4]\n\t"                                                               \
    "sbcs  r3, r6\n\t"                                                                     \
    "ldr   r6, [r0, #8]\n\t"                                                               \
    "sbcs  r4, r6\n\t"                                                                     \
    "ldr   r6, [r0, #12]\n\t"                                                              \
    "sbcs  r5, r6\n\t"                                                                     \
    "sbcs  r6, r6\n\t"                                                                     \
    "eors  r2, r6\n\t"                                                                     \
    "eors  r3, r6\n\t"                                                                     \
    "eors  r4, r6\n\t"                                                                     \
    "eors  r5, r6\n\t"                                                                     \
    "subs  r2, r2, r6\n\t"                                                                 \
    "sbcs  r3, r6\n\t"                                                                     \
    "sbcs  r4, r6\n\t"                                                                     \
    "sbcs  r5, r6\n\t"                                                                     \
    "stm   r7!, {r2-r5}\n\t"        /* |a0 - a1| to words 8-11, its mask to lr */          \
    ".set  kb_cur, kb_cur + 4\n\t"                                                         \
    "mov   lr, r6\n\t"                                                                     \
    "ldm   r1!, {r2-r5}\n\t"                                                               \
    "ldr   r6, [r1, #0]\n\t"                                                               \
    "subs  r2, r2, r6\n\t"                                                                 \
    "ldr   r6, [r1, #4]\n\t"                                                               \
    "sbcs  r3, r6\n\t"                                                                     \
    "ldr   r6, [r1, #8]\n\t"                                                               \
    "sbcs  r4, r6\n\t"                                                                     \
    "ldr   r6, [r1, #12]\n\t"                                                              \
    "sbcs  r5, r6\n\t"                                                                     \
    "sbcs  r6, r6\n\t"                                                                     \
    "eors  r2, r6\n\t"                                                                     \
    "eors  r3, r6\n\t"                                                                     \
    "eors  r4, r6\n\t"                                                                     \
    "eors  r5, r6\n\t"                                                                     \
    "subs  r2, r2, r6\n\t"                                                                 \
    "sbcs  r3, r6\n\t"                                                                     \
    "sbcs  r4, r6\n\t"                                                                     \
    "sbcs  r5, r6\n\t"                                                                     \
    "stm   r7!, {r2-r5}\n\t"        /* |b0 - b1| to words 12-15 */                         \
    ".set  kb_cur, kb_cur + 4\n\t"                                                         \
    "mov   r0, lr\n\t"                                                                     \
    "eors  r0, r6\n\t"                                                                     \
    "kb_st r0, 32\n\t"              /* the sign mask of (a0 - a1)(b0 - b1) */              \
    "kb_mul128 8, 12, 16\n\t"       /* M = |a0 - a1| |b0 - b1| to words 16-23 */           \
    "kb_ld r0, 33\n\t"              /* a0 and b0 to words 8-15 */                          \
    "kb_ld r1, 34\n\t"                                                                     \
    "ldm   r0!, {r2-r5}\n\t"                                                               \
    "kb_rebase 8\n\t"                                                                      \
    "stm   r7!, {r2-r5}\n\t"                                                               \
    ".set  kb_cur, kb_cur + 4\n\t"                                                         \
    "ldm   r1!, {r2-r5}\n\t"                                                               \
    "stm   r7!, {r2-r5}\n\t"                                                               \
    ".set  kb_cur, kb_cur + 4\n\t"                                                         \
    "kb_st r0, 33\n\t"                                                                     \
    "kb_st r1, 34\n\t"                                                                     \
    "kb_mul128 8, 12, 0\n\t"        /* L = a0 b0 to words 0-7 */                           \
    "kb_ld r0, 33\n\t"              /* a1 and b1 to words 8-15 */                          \
    "kb_ld r1, 34\n\t"                                                                     \
    "ldm   r0!, {r2-r5}\n\t"                                                               \
    "kb_rebase 8\n\t"                                                                      \
    "stm   r7!, {r2-r5}\n\t"                                                               \
    ".set  kb_cur, kb_cur + 4\n\t"                                                         \
    "ldm   r1!, {r2-r5}\n\t"                                                               \
    "stm   r7!, {r2-r5}\n\t"                                                               \
    ".set  kb_cur, kb_cur + 4\n\t"                                                         \
    "kb_mul128 8, 12, 24\n\t"       /* H = a1 b1 to words 24-31 */                         \
    "kb_combine4 0, 16, 24, 32, kb_inplace\n\t"

#define KB_SQUARE256_ASM                                                                   \
    "mov   r12, r3\n\t"                                                                    \
    "mov   r8, r2\n\t"                                                                     \
    ".set  kb_cur, -100\n\t"                                                               \
    "kb_rebase 8\n\t"                                                                      \
    "kb_st r0, 33\n\t"                                                                     \
    "ldm   r0!, {r2-r5}\n\t"                                                               \
    "ldr   r6, [r0, #0]\n\t"                                                               \
    "subs  r2, r2, r6\n\t"                                                                 \
    "ldr   r6, [r0, #4]\n\t"                                                               \
    "sbcs  r3, r6\n\t"                                                                     \
    "ldr   r6, [r0, #8]\n\t"                                                               \
    "sbcs  r4, r6\n\t"                                                                     \
    "ldr   r6, [r0, #12]\n\t"                                                              \
    "sbcs  r5, r6\n\t"                                                                     \
    "sbcs  r6, r6\n\t"                                                                     \
    "eors  r2, r6\n\t"                                                                     \
    "eors  r3, r6\n\t"                                                                     \
    "eors  r4, r6\n\t"                                                                     \
    "eors  r5, r6\n\t"                                                                     \
    "subs  r2, r2, r6\n\t"                                                                 \
    "sbcs  r3, r6\n\t"                                                                     \
    "sbcs  r4, r6\n\t"                                                                     \
    "sbcs  r5, r6\n\t"                                                                     \
    "stm   r7!, {r2-r5}\n\t"        /* |a0 - a1| to words 8-11 */                          \
    ".set  kb_cur, kb_cur + 4\n\t"                                                         \
    "movs  r0, #0\n\t"                                                                     \
    "kb_st r0, 32\n\t"              /* the middle square is subtracted */                  \
    "kb_sqr128 8, 16, 12\n\t"       /* M = (a0 - a1)^2 to words 16-23 */                   \
    "kb_ld r0, 33\n\t"              /* a0 to words 8-11 */                                 \
    "ldm   r0!, {r2-r5}\n\t"                                                               \
    "kb_rebase 8\n\t"                                                                      \
    "stm   r7!, {r2-r5}\n\t"                                                               \
    ".set  kb_cur, kb_cur + 4\n\t"                                                         \
    "kb_st r0, 33\n\t"                                                                     \
    "kb_sqr128 8, 0, 12\n\t"        /* L = a0^2 to words 0-7 */                            \
    "kb_ld r0, 33\n\t"              /* a1 to words 8-11 */                                 \
    "ldm   r0!, {r2-r5}\n\t"                                                               \
    "kb_rebase 8\n\t"                                                                      \
    "stm   r7!, {r2-r5}\n\t"                                                               \
    ".set  kb_cur, kb_cur + 4\n\t"                                                         \
    "kb_sqr128 8, 24, 12\n\t"       /* H = a1^2 to words 24-31 */                          \
    "kb_combine4 0, 16, 24, 32, kb_inplace\n\t"

#endif
