/* The 128 x 128-bit products and squares in registers for fe16_product_armv6m.h's Karatsuba
 * (Thumb-1, ARMv6-M), as the text of asm statements: KR_MUL128_ASM, put after KB_MACROS_ASM,
 * defines kb_mul128 and kb_sqr128 (over the work area, kb_inplace = 1 only), KR_PURGE_ASM
 * drops its macros. fe16_armv6m.c uses them for the 16-limb product and
 * square, p256_field_armv6m.c for the P-256 field's (below: KR_*256_ASM); tests/mcu/
 * field_products.c runs kb_mul128 and kb_sqr128 alone against a schoolbook product.
 *
 * Constant time: straight-line code, fixed offsets, MULS of a fixed time on the M0/M0+; the
 * signs of the Karatsuba differences are masks, taken in by XOR and a carry.
 */
#ifndef FC_SOFT_FE16_PRODUCT128_ARMV6M_H
#define FC_SOFT_FE16_PRODUCT128_ARMV6M_H

/* kr_mul64: (r4, r0, r3, r7) = (r0 + 2^32 r1)(r2 + 2^32 r3), subtractive Karatsuba over
 * 32-bit words: with L = r0 r2, H = r1 r3, M = |r0 - r1| |r3 - r2| and X = H + L1 (below
 * 2^64, no carry), the product is L0 + 2^32 W + 2^64 X for W = L0 + X -+ M: M is subtracted
 * when (r0 - r1)(r2 - r3) >= 0. W is taken as a signed 96-bit number (2^32 W needs W mod 2^96
 * only): -+M = (M ^ m) + (m & 1) with m = the mask of r0 < r1 XOR the mask of r3 < r2, all
 * ones exactly when M is subtracted (when r2 = r3 the mask is off, but M = 0 then), and m is
 * M's sign word; L0 and X go into W + 2^32 X in one ADCS chain. Three kb_umull (12 MULS), no
 * memory; r1, r2, r5, r6, r9, r10 changed.
 * kr_sqr64: (r4, r0, r3, r7) = (r0 + 2^32 r1)^2 = r0^2 + 2^33 r0 r1 + 2^64 r1^2 from the four
 * 16-bit halves, taken once for the three: ten MULS (four for r0 r1, three per square, the
 * cross half-product of a square doubled by its shifts), each half copied only where a MULS
 * would overwrite it before its last use.
 * kb_mul128 x, y, o: words o..o+7 of the work area (base r12) = (x..x+3)(y..y+3), the same
 * identity a level up over 64-bit halves: L = x_lo y_lo, H = x_hi y_hi, X = H + L_hi (below
 * 2^128), M = |x_hi - x_lo| |y_lo - y_hi| (the two differences taken opposite ways, as above);
 * the product is L_lo + 2^64 W + 2^128 X with W = L_lo + X -+ M, signed, taken mod 2^192 (six
 * words): V = X -+ M and its two sign words first, then V + (L_lo, X) in one ADCS chain of six
 * words (L_lo + 2^64 X, the same words added at once). L_lo waits in words o, o+1 (where it
 * belongs), L_hi then X0..X2 in r8, lr and r11, X3 in word o+7, the mask m over word mw (y for
 * kb_mul128: dead by then). kb_sqr128 x, o, s: the square the same way, M = (x_hi - x_lo)^2
 * always subtracted (s unused): X - M by SUBS/SBCS, no mask, then the same chain. Words up to
 * 31 are in reach of an immediate offset, so every work-area access is [r7, #4 w] with r7 =
 * r12. With p = 1 (kr_mul128, kr_sqr128), x and y are word offsets into the operands whose
 * pointers wait in words kr_pw and kr_pw + 1 (the square's in r10, which kr_sqr64 leaves
 * alone); their words are read by LDM where the offset allows it. r8 is t, which is the work
 * area itself in place (kb_inplace): it is set back at the end. Leaves r7 = r12 (kb_cur 0).
 * About 363 and 215 cycles on the M0+ (3 x 79 and 3 x 43 of them the 64-bit products), against
 * some 430 and 340 for the products over memory they replaced. */
#define KR_MUL128_ASM                                                                       \
    ".if !kb_inplace\n\t"                                                                   \
    ".error \"kr_mul128 needs t in the work area\"\n\t"                                     \
    ".endif\n\t"                                                                            \
    ".macro kr_mul64\n\t"                                                                   \
    "subs  r4, r0, r1\n\t"                                                                  \
    "sbcs  r6, r6\n\t"              /* the mask of a0 < a1 */                               \
    "eors  r4, r6\n\t"                                                                      \
    "subs  r4, r4, r6\n\t"                                                                  \
    "subs  r5, r3, r2\n\t"                                                                  \
    "sbcs  r7, r7\n\t"              /* the mask of b1 < b0 */                               \
    "eors  r5, r7\n\t"                                                                      \
    "subs  r5, r5, r7\n\t"                                                                  \
    "eors  r7, r6\n\t"              /* m */                                                 \
    "mov   r9, r4\n\t"                                                                      \
    "mov   r10, r5\n\t"                                                                     \
    "kb_umull r4, r0, r2, r5, r6\n\t"/* L = (r4, r0) */                                     \
    "kb_umull r2, r1, r3, r5, r6\n\t"/* H = (r2, r1) */                                     \
    "adds  r2, r2, r0\n\t"                                                                  \
    "movs  r0, #0\n\t"                                                                      \
    "adcs  r1, r0\n\t"              /* X = H + L1 = (r2, r1) */                             \
    "mov   r3, r9\n\t"                                                                      \
    "mov   r5, r10\n\t"                                                                     \
    "mov   r9, r4\n\t"                                                                      \
    "kb_umull r0, r3, r5, r6, r4\n\t"/* M = (r0, r3) */                                     \
    "eors  r0, r7\n\t"                                                                      \
    "eors  r3, r7\n\t"                                                                      \
    "lsrs  r6, r7, #1\n\t"          /* carry = m & 1 */                                     \
    "adcs  r0, r2\n\t"                                                                      \
    "adcs  r3, r1\n\t"                                                                      \
    "movs  r6, #0\n\t"                                                                      \
    "adcs  r7, r6\n\t"                                                                      \
    "mov   r4, r9\n\t"                                                                      \
    "adds  r0, r0, r4\n\t"          /* + L0 + 2^32 X in one chain */                        \
    "adcs  r3, r2\n\t"                                                                      \
    "adcs  r7, r1\n\t"                                                                      \
    ".endm\n\t"                                                                             \
    ".macro kr_sqr64\n\t"                                                                   \
    "uxth  r4, r0\n\t"              /* the halves a, b of r0 and c, d of r1 */              \
    "lsrs  r0, r0, #16\n\t"                                                                 \
    "uxth  r3, r1\n\t"                                                                      \
    "lsrs  r1, r1, #16\n\t"                                                                 \
    "movs  r2, r4\n\t"              /* C = r0 r1 = (r2, r5) */                              \
    "muls  r2, r3, r2\n\t"                                                                  \
    "movs  r5, r0\n\t"                                                                      \
    "muls  r5, r1, r5\n\t"                                                                  \
    "movs  r6, r4\n\t"                                                                      \
    "muls  r6, r1, r6\n\t"                                                                  \
    "lsls  r7, r6, #16\n\t"                                                                 \
    "lsrs  r6, r6, #16\n\t"                                                                 \
    "adds  r2, r2, r7\n\t"                                                                  \
    "adcs  r5, r6\n\t"                                                                      \
    "movs  r6, r0\n\t"                                                                      \
    "muls  r6, r3, r6\n\t"                                                                  \
    "lsls  r7, r6, #16\n\t"                                                                 \
    "lsrs  r6, r6, #16\n\t"                                                                 \
    "adds  r2, r2, r7\n\t"                                                                  \
    "adcs  r5, r6\n\t"                                                                      \
    "movs  r6, r4\n\t"              /* r0^2 = (r4, r0) */                                   \
    "muls  r6, r0, r6\n\t"                                                                  \
    "muls  r4, r4, r4\n\t"                                                                  \
    "muls  r0, r0, r0\n\t"                                                                  \
    "lsls  r7, r6, #17\n\t"                                                                 \
    "lsrs  r6, r6, #15\n\t"                                                                 \
    "adds  r4, r4, r7\n\t"                                                                  \
    "adcs  r0, r6\n\t"                                                                      \
    "movs  r6, r3\n\t"              /* r1^2 = (r3, r1) */                                   \
    "muls  r6, r1, r6\n\t"                                                                  \
    "muls  r3, r3, r3\n\t"                                                                  \
    "muls  r1, r1, r1\n\t"                                                                  \
    "lsls  r7, r6, #17\n\t"                                                                 \
    "lsrs  r6, r6, #15\n\t"                                                                 \
    "adds  r3, r3, r7\n\t"                                                                  \
    "adcs  r1, r6\n\t"                                                                      \
    "movs  r7, #0\n\t"              /* + 2^33 C */                                          \
    "adds  r2, r2, r2\n\t"                                                                  \
    "adcs  r5, r5\n\t"                                                                      \
    "adcs  r7, r7\n\t"                                                                      \
    "adds  r0, r0, r2\n\t"                                                                  \
    "adcs  r3, r5\n\t"                                                                      \
    "adcs  r7, r1\n\t"                                                                      \
    ".endm\n\t"                                                                             \
    ".macro kr_ld2 ra, rb, base, w\n\t"/* two words at [base + 4 w]: LDM at w = 0 */        \
    ".if (\\w) == 0\n\t"                                                                    \
    "ldm   \\base!, {\\ra, \\rb}\n\t"                                                       \
    ".else\n\t"                                                                             \
    "ldr   \\ra, [\\base, #4 * (\\w)]\n\t"                                                  \
    "ldr   \\rb, [\\base, #4 * ((\\w) + 1)]\n\t"                                            \
    ".endif\n\t"                                                                            \
    ".endm\n\t"                                                                             \
    ".macro kr_lh128 op, x, y, o, p\n\t"                                                    \
    "mov   r7, r12\n\t"             /* p: offsets at the pointers */                        \
    ".if \\p\n\t"                                                                           \
    ".ifc \\op, kr_sqr64\n\t"                                                               \
    "mov   r5, r10\n\t"              /* the square's pointer waits in r10 */                \
    ".else\n\t"                                                                             \
    "ldr   r5, [r7, #4 * kr_pw]\n\t"                                                        \
    ".endif\n\t"                                                                            \
    ".ifc \\op, kr_mul64\n\t"                                                               \
    "ldr   r6, [r7, #4 * (kr_pw + 1)]\n\t"                                                  \
    ".endif\n\t"                                                                            \
    "kr_ld2 r0, r1, r5, \\x\n\t"                                                            \
    ".ifc \\op, kr_mul64\n\t"                                                               \
    "kr_ld2 r2, r3, r6, \\y\n\t"                                                            \
    ".endif\n\t"                                                                            \
    ".else\n\t"                                                                             \
    "ldr   r0, [r7, #4 * (\\x)]\n\t"                                                        \
    "ldr   r1, [r7, #4 * (\\x + 1)]\n\t"                                                    \
    ".ifc \\op, kr_mul64\n\t"                                                               \
    "ldr   r2, [r7, #4 * (\\y)]\n\t"                                                        \
    "ldr   r3, [r7, #4 * (\\y + 1)]\n\t"                                                    \
    ".endif\n\t"                                                                            \
    ".endif\n\t"                                                                            \
    "\\op\n\t"                      /* L */                                                 \
    "mov   lr, r7\n\t"                                                                      \
    "mov   r8, r3\n\t"                                                                      \
    "mov   r7, r12\n\t"                                                                     \
    "str   r4, [r7, #4 * (\\o)]\n\t"                                                        \
    "str   r0, [r7, #4 * (\\o + 1)]\n\t"                                                    \
    ".if \\p\n\t"                                                                           \
    ".ifc \\op, kr_sqr64\n\t"                                                               \
    "mov   r5, r10\n\t"              /* the square's pointer waits in r10 */                \
    ".else\n\t"                                                                             \
    "ldr   r5, [r7, #4 * kr_pw]\n\t"                                                        \
    ".endif\n\t"                                                                            \
    ".ifc \\op, kr_mul64\n\t"                                                               \
    "ldr   r6, [r7, #4 * (kr_pw + 1)]\n\t"                                                  \
    ".endif\n\t"                                                                            \
    "ldr   r0, [r5, #4 * (\\x + 2)]\n\t"                                                    \
    "ldr   r1, [r5, #4 * (\\x + 3)]\n\t"                                                    \
    ".ifc \\op, kr_mul64\n\t"                                                               \
    "ldr   r2, [r6, #4 * (\\y + 2)]\n\t"                                                    \
    "ldr   r3, [r6, #4 * (\\y + 3)]\n\t"                                                    \
    ".endif\n\t"                                                                            \
    ".else\n\t"                                                                             \
    "ldr   r0, [r7, #4 * (\\x + 2)]\n\t"                                                    \
    "ldr   r1, [r7, #4 * (\\x + 3)]\n\t"                                                    \
    ".ifc \\op, kr_mul64\n\t"                                                               \
    "ldr   r2, [r7, #4 * (\\y + 2)]\n\t"                                                    \
    "ldr   r3, [r7, #4 * (\\y + 3)]\n\t"                                                    \
    ".endif\n\t"                                                                            \
    ".endif\n\t"                                                                            \
    "\\op\n\t"                      /* H */                                                 \
    "mov   r1, r8\n\t"                                                                      \
    "adds  r4, r4, r1\n\t"                                                                  \
    "mov   r1, lr\n\t"                                                                      \
    "adcs  r0, r1\n\t"                                                                      \
    "movs  r1, #0\n\t"                                                                      \
    "adcs  r3, r1\n\t"                                                                      \
    "adcs  r7, r1\n\t"              /* X = (r4, r0, r3, r7) */                              \
    "mov   r8, r4\n\t"                                                                      \
    "mov   lr, r0\n\t"                                                                      \
    "mov   r11, r3\n\t"                                                                     \
    "movs  r5, r7\n\t"                                                                      \
    "mov   r7, r12\n\t"                                                                     \
    "str   r5, [r7, #4 * (\\o + 7)]\n\t"                                                    \
    ".if \\p\n\t"                                                                           \
    ".ifc \\op, kr_sqr64\n\t"                                                               \
    "mov   r5, r10\n\t"              /* the square's pointer waits in r10 */                \
    ".else\n\t"                                                                             \
    "ldr   r5, [r7, #4 * kr_pw]\n\t"                                                        \
    ".endif\n\t"                                                                            \
    ".ifc \\op, kr_mul64\n\t"                                                               \
    "ldr   r6, [r7, #4 * (kr_pw + 1)]\n\t"                                                  \
    ".endif\n\t"                                                                            \
    ".if \\x\n\t"                   /* |x_hi - x_lo|, r3 the mask of x_hi < x_lo */         \
    "adds  r5, #4 * (\\x)\n\t"                                                              \
    ".endif\n\t"                                                                            \
    "ldm   r5!, {r2, r3}\n\t"                                                               \
    "ldm   r5!, {r0, r1}\n\t"                                                               \
    ".else\n\t"                                                                             \
    "ldr   r2, [r7, #4 * (\\x)]\n\t"/* |x_hi - x_lo|, r3 the mask of x_hi < x_lo */         \
    "ldr   r3, [r7, #4 * (\\x + 1)]\n\t"                                                    \
    "ldr   r0, [r7, #4 * (\\x + 2)]\n\t"                                                    \
    "ldr   r1, [r7, #4 * (\\x + 3)]\n\t"                                                    \
    ".endif\n\t"                                                                            \
    "subs  r0, r0, r2\n\t"                                                                  \
    "sbcs  r1, r3\n\t"                                                                      \
    "sbcs  r3, r3\n\t"                                                                      \
    "eors  r0, r3\n\t"                                                                      \
    "eors  r1, r3\n\t"                                                                      \
    "subs  r0, r0, r3\n\t"                                                                  \
    "sbcs  r1, r3\n\t"                                                                      \
    ".endm\n\t"                                                                             \
    ".macro kr_combine128 o\n\t"                                                            \
    "eors  r4, r6\n\t"                                                                      \
    "eors  r0, r6\n\t"                                                                      \
    "eors  r3, r6\n\t"                                                                      \
    "eors  r5, r6\n\t"                                                                      \
    "lsrs  r1, r6, #1\n\t"          /* carry = m & 1: V = X + (M ^ m) + (m & 1) */          \
    "mov   r2, r8\n\t"                                                                      \
    "adcs  r4, r2\n\t"                                                                      \
    "mov   r2, lr\n\t"                                                                      \
    "adcs  r0, r2\n\t"                                                                      \
    "mov   r2, r11\n\t"                                                                     \
    "adcs  r3, r2\n\t"                                                                      \
    "ldr   r2, [r7, #4 * (\\o + 7)]\n\t"                                                    \
    "adcs  r5, r2\n\t"                                                                      \
    "movs  r1, #0\n\t"                                                                      \
    "adcs  r6, r1\n\t"              /* V's sign words: m + carry, then its sign */          \
    "asrs  r1, r6, #31\n\t"                                                                 \
    "ldr   r2, [r7, #4 * (\\o)]\n\t"/* + L_lo + 2^64 X in one chain */                      \
    "adds  r4, r4, r2\n\t"                                                                  \
    "ldr   r2, [r7, #4 * (\\o + 1)]\n\t"                                                    \
    "adcs  r0, r2\n\t"                                                                      \
    "mov   r2, r8\n\t"                                                                      \
    "adcs  r3, r2\n\t"                                                                      \
    "mov   r2, lr\n\t"                                                                      \
    "adcs  r5, r2\n\t"                                                                      \
    "mov   r2, r11\n\t"                                                                     \
    "adcs  r6, r2\n\t"                                                                      \
    "ldr   r2, [r7, #4 * (\\o + 7)]\n\t"                                                    \
    "adcs  r1, r2\n\t"                                                                      \
    "str   r4, [r7, #4 * (\\o + 2)]\n\t"                                                    \
    "str   r0, [r7, #4 * (\\o + 3)]\n\t"                                                    \
    "str   r3, [r7, #4 * (\\o + 4)]\n\t"                                                    \
    "str   r5, [r7, #4 * (\\o + 5)]\n\t"                                                    \
    "str   r6, [r7, #4 * (\\o + 6)]\n\t"                                                    \
    "str   r1, [r7, #4 * (\\o + 7)]\n\t"                                                    \
    "mov   r8, r12\n\t"                                                                     \
    ".set  kb_cur, 0\n\t"                                                                   \
    ".endm\n\t"                                                                             \
    ".macro kr_mul128 x, y, o, p, mw\n\t"                                                   \
    "kr_lh128 kr_mul64, \\x, \\y, \\o, \\p\n\t"                                             \
    ".if \\p\n\t"                                                                           \
    ".if \\y\n\t"                   /* |y_lo - y_hi| */                                     \
    "adds  r6, #4 * (\\y)\n\t"                                                              \
    ".endif\n\t"                                                                            \
    "ldm   r6, {r2, r4, r5, r6}\n\t"                                                        \
    ".else\n\t"                                                                             \
    "ldr   r2, [r7, #4 * (\\y)]\n\t"/* |y_lo - y_hi| */                                     \
    "ldr   r4, [r7, #4 * (\\y + 1)]\n\t"                                                    \
    "ldr   r5, [r7, #4 * (\\y + 2)]\n\t"                                                    \
    "ldr   r6, [r7, #4 * (\\y + 3)]\n\t"                                                    \
    ".endif\n\t"                                                                            \
    "subs  r2, r2, r5\n\t"                                                                  \
    "sbcs  r4, r6\n\t"                                                                      \
    "sbcs  r6, r6\n\t"                                                                      \
    "eors  r2, r6\n\t"                                                                      \
    "eors  r4, r6\n\t"                                                                      \
    "subs  r2, r2, r6\n\t"                                                                  \
    "sbcs  r4, r6\n\t"                                                                      \
    "eors  r6, r3\n\t"                                                                      \
    "str   r6, [r7, #4 * (\\mw)]\n\t"/* m */                                                \
    "movs  r3, r4\n\t"                                                                      \
    "kr_mul64\n\t"                  /* M = (r4, r0, r3, r7) */                              \
    "movs  r5, r7\n\t"                                                                      \
    "mov   r7, r12\n\t"                                                                     \
    "ldr   r6, [r7, #4 * (\\mw)]\n\t"                                                       \
    "kr_combine128 \\o\n\t"                                                                 \
    ".endm\n\t"                                                                             \
    ".macro kr_sqr128 x, o, p\n\t"                                                          \
    "kr_lh128 kr_sqr64, \\x, 0, \\o, \\p\n\t"                                               \
    "kr_sqr64\n\t"                  /* M = (r4, r0, r3, r7) */                              \
    "mov   r2, r8\n\t"              /* X - M, always subtracted */                          \
    "subs  r4, r2, r4\n\t"                                                                  \
    "mov   r1, lr\n\t"                                                                      \
    "sbcs  r1, r0\n\t"                                                                      \
    "mov   r2, r11\n\t"                                                                     \
    "sbcs  r2, r3\n\t"                                                                      \
    "movs  r5, r7\n\t"              /* MOVS (LSLS #0) keeps the borrow */                   \
    "mov   r7, r12\n\t"                                                                     \
    "ldr   r6, [r7, #4 * (\\o + 7)]\n\t"                                                    \
    "sbcs  r6, r5\n\t"                                                                      \
    "sbcs  r5, r5\n\t"              /* the sign words, each -borrow */                      \
    "sbcs  r3, r3\n\t"                                                                      \
    "ldr   r0, [r7, #4 * (\\o)]\n\t"/* + L_lo + 2^64 X in one chain */                      \
    "adds  r4, r4, r0\n\t"                                                                  \
    "ldr   r0, [r7, #4 * (\\o + 1)]\n\t"                                                    \
    "adcs  r1, r0\n\t"                                                                      \
    "mov   r0, r8\n\t"                                                                      \
    "adcs  r2, r0\n\t"                                                                      \
    "mov   r0, lr\n\t"                                                                      \
    "adcs  r6, r0\n\t"                                                                      \
    "mov   r0, r11\n\t"                                                                     \
    "adcs  r5, r0\n\t"                                                                      \
    "ldr   r0, [r7, #4 * (\\o + 7)]\n\t"                                                    \
    "adcs  r3, r0\n\t"                                                                      \
    "str   r4, [r7, #4 * (\\o + 2)]\n\t"                                                    \
    "str   r1, [r7, #4 * (\\o + 3)]\n\t"                                                    \
    "str   r2, [r7, #4 * (\\o + 4)]\n\t"                                                    \
    "str   r6, [r7, #4 * (\\o + 5)]\n\t"                                                    \
    "str   r5, [r7, #4 * (\\o + 6)]\n\t"                                                    \
    "str   r3, [r7, #4 * (\\o + 7)]\n\t"                                                    \
    "mov   r8, r12\n\t"                                                                     \
    ".set  kb_cur, 0\n\t"                                                                   \
    ".endm\n\t"                                                                             \
    ".macro kb_mul128 x, y, o\n\t"                                                          \
    "kr_mul128 \\x, \\y, \\o, 0, \\y\n\t"                                                   \
    ".endm\n\t"                                                                             \
    ".macro kb_sqr128 x, o, s\n\t"                                                          \
    "kr_sqr128 \\x, \\o, 0\n\t"                                                             \
    ".endm\n\t"

/* The 256-bit product and square with these 128-bit ones (fe16_product_armv6m.h's scheme and
 * work area; in: r0 = a, r1 = b (the product), r2 = t, r3 = the work area; r0-r12 and lr
 * changed): L and H read a and b where they are: their pointers wait in
 * words 26 and 27 (H's, which L leaves alone and H itself writes only after its last read of
 * them), and the mask m of L's and H's middle products over word 8 (M's operand, dead then).
 * KR_PRODUCT256_ASM and KR_SQUARE256_ASM leave the result in the work area (kb_inplace 1, as
 * fe16_armv6m.c reduces it there). For a t of its own (the P-256 field): KR_T_SAVE_ASM first
 * (t, in r2, to word 33, which nothing else takes), the _BODY_ASM, then KR_PRODUCT256_TO_T_ASM
 * or KR_SQUARE256_TO_T_ASM, kb_combine4 with r8 = t and kb_inplace 0. */
#define KR_T_SAVE_ASM "movs  r6, #4 * 33\n\t" "str   r2, [r3, r6]\n\t"
#define KR_T_LOAD_ASM                                                                       \
    "movs  r6, #4 * 33\n\t"                                                                 \
    "ldr   r6, [r7, r6]\n\t"        /* r7 = r12: kr_mul128 and kr_sqr128 leave it so */     \
    "mov   r8, r6\n\t"
#define KR_PRODUCT256_ASM KR_PRODUCT256_BODY_ASM "kb_combine4 0, 16, 24, 32, kb_inplace\n\t"
#define KR_SQUARE256_ASM KR_SQUARE256_BODY_ASM "kb_combine4 0, 16, 24, -1, kb_inplace\n\t"
#define KR_PRODUCT256_TO_T_ASM KR_T_LOAD_ASM "kb_combine4 0, 16, 24, 32, 0\n\t"
#define KR_SQUARE256_TO_T_ASM KR_T_LOAD_ASM "kb_combine4 0, 16, 24, -1, 0\n\t"

#define KR_PRODUCT256_BODY_ASM                                                              \
    "mov   r12, r3\n\t"                                                                     \
    "mov   r8, r2\n\t"                                                                      \
    ".set  kb_cur, -100\n\t"                                                                \
    "kb_rebase 8\n\t"                                                                       \
    "kb_st r0, 26\n\t"              /* the pointers to a and b */                           \
    "kb_st r1, 27\n\t"                                                                      \
    ".set  kr_pw, 26\n\t"                                                                   \
    "ldm   r0!, {r2-r5}\n\t"                                                                \
    "ldr   r6, [r0, #0]\n\t"                                                                \
    "subs  r2, r2, r6\n\t"                                                                  \
    "ldr   r6, [r0, #4]\n\t"                                                                \
    "sbcs  r3, r6\n\t"                                                                      \
    "ldr   r6, [r0, #8]\n\t"                                                                \
    "sbcs  r4, r6\n\t"                                                                      \
    "ldr   r6, [r0, #12]\n\t"                                                               \
    "sbcs  r5, r6\n\t"                                                                      \
    "sbcs  r6, r6\n\t"                                                                      \
    "eors  r2, r6\n\t"                                                                      \
    "eors  r3, r6\n\t"                                                                      \
    "eors  r4, r6\n\t"                                                                      \
    "eors  r5, r6\n\t"                                                                      \
    "subs  r2, r2, r6\n\t"                                                                  \
    "sbcs  r3, r6\n\t"                                                                      \
    "sbcs  r4, r6\n\t"                                                                      \
    "sbcs  r5, r6\n\t"                                                                      \
    "stm   r7!, {r2-r5}\n\t"        /* |a0 - a1| to words 8-11 */                           \
    ".set  kb_cur, kb_cur + 4\n\t"                                                          \
    "mov   lr, r6\n\t"                                                                      \
    "ldm   r1!, {r2-r5}\n\t"                                                                \
    "ldr   r6, [r1, #0]\n\t"                                                                \
    "subs  r2, r2, r6\n\t"                                                                  \
    "ldr   r6, [r1, #4]\n\t"                                                                \
    "sbcs  r3, r6\n\t"                                                                      \
    "ldr   r6, [r1, #8]\n\t"                                                                \
    "sbcs  r4, r6\n\t"                                                                      \
    "ldr   r6, [r1, #12]\n\t"                                                               \
    "sbcs  r5, r6\n\t"                                                                      \
    "sbcs  r6, r6\n\t"                                                                      \
    "eors  r2, r6\n\t"                                                                      \
    "eors  r3, r6\n\t"                                                                      \
    "eors  r4, r6\n\t"                                                                      \
    "eors  r5, r6\n\t"                                                                      \
    "subs  r2, r2, r6\n\t"                                                                  \
    "sbcs  r3, r6\n\t"                                                                      \
    "sbcs  r4, r6\n\t"                                                                      \
    "sbcs  r5, r6\n\t"                                                                      \
    "stm   r7!, {r2-r5}\n\t"        /* |b0 - b1| to words 12-15 */                          \
    ".set  kb_cur, kb_cur + 4\n\t"                                                          \
    "mov   r0, lr\n\t"                                                                      \
    "eors  r0, r6\n\t"                                                                      \
    "kb_st r0, 32\n\t"              /* the sign mask of (a0 - a1)(b0 - b1) */               \
    "kb_mul128 8, 12, 16\n\t"       /* M to words 16-23 */                                  \
    "kr_mul128 0, 0, 0, 1, 8\n\t"   /* L = a0 b0 to words 0-7 */                            \
    "kr_mul128 4, 4, 24, 1, 8\n\t"  /* H = a1 b1 to words 24-31 */

#define KR_SQUARE256_BODY_ASM                                                               \
    "mov   r12, r3\n\t"                                                                     \
    "mov   r8, r2\n\t"                                                                      \
    ".set  kb_cur, -100\n\t"                                                                \
    "mov   r10, r0\n\t"             /* the pointer to a, for kr_lh128 */                    \
    ".set  kr_pw, 26\n\t"                                                                   \
    "ldm   r0!, {r2-r5}\n\t"        /* a0, then a1 by LDM (r1 is free here) */              \
    "ldm   r0!, {r1, r6, r7}\n\t"                                                           \
    "ldr   r0, [r0, #0]\n\t"                                                                \
    "subs  r2, r2, r1\n\t"                                                                  \
    "sbcs  r3, r6\n\t"                                                                      \
    "sbcs  r4, r7\n\t"                                                                      \
    "sbcs  r5, r0\n\t"                                                                      \
    "kb_rebase 8\n\t"               /* MOVS and ADD: the borrow is kept */                  \
    "sbcs  r6, r6\n\t"                                                                      \
    "eors  r2, r6\n\t"                                                                      \
    "eors  r3, r6\n\t"                                                                      \
    "eors  r4, r6\n\t"                                                                      \
    "eors  r5, r6\n\t"                                                                      \
    "subs  r2, r2, r6\n\t"                                                                  \
    "sbcs  r3, r6\n\t"                                                                      \
    "sbcs  r4, r6\n\t"                                                                      \
    "sbcs  r5, r6\n\t"                                                                      \
    "stm   r7!, {r2-r5}\n\t"        /* |a0 - a1| to words 8-11 */                           \
    ".set  kb_cur, kb_cur + 4\n\t"                                                          \
    "kb_sqr128 8, 16, 12\n\t"       /* M to words 16-23 */                                  \
    "kr_sqr128 0, 0, 1\n\t"         /* L = a0^2 to words 0-7 */                             \
    "kr_sqr128 4, 24, 1\n\t"        /* H = a1^2 to words 24-31; M is then subtracted */

#define KR_PURGE_ASM                                                                        \
    ".purgem kr_mul64\n\t"                                                                  \
    ".purgem kr_sqr64\n\t"                                                                  \
    ".purgem kr_ld2\n\t"                                                                    \
    ".purgem kr_lh128\n\t"                                                                  \
    ".purgem kr_combine128\n\t"                                                             \
    ".purgem kr_mul128\n\t"                                                                 \
    ".purgem kr_sqr128\n\t"                                                                 \
    ".purgem kb_mul128\n\t"                                                                 \
    ".purgem kb_sqr128\n\t"

#endif
