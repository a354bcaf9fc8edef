/* Product scanning over 16-bit limbs in Thumb-1 assembly (ARMv6-M; the Cortex-M4 runs it too):
 * the full 2n-limb products a * b and a^2 of n-limb numbers, as the text of an asm statement
 * (the callers put a reduction of their own after it). fe16_armv6m.c reduces modulo
 * 2^(16n-1) - 19, p256_field_armv6m.c modulo the P-256 prime. Every load and store has a
 * fixed offset (the assembler unrolls the columns), and MULS takes a fixed time on the M0/M0+:
 * constant time. The statements start in ".syntax unified" and leave it on.
 */
#ifndef FC_SOFT_FE16_PRODUCT_ARMV6M_H
#define FC_SOFT_FE16_PRODUCT_ARMV6M_H

/* w[2n] = a * b (a at r0, b at r1, w at r2; r3 is stored at w[2n], where the caller may keep
 * a pointer for later). Two columns at a time, k (even) and k + 1: each a[i] is
 * loaded once for both, a[i] * b[k+1-i] and a[i] * b[k-i], and b[k-i] stays in a register for
 * the next i, where it is b[k+1-(i+1)]. So one load per product instead of two; MULS keeps
 * one operand, which is all the reuse needs. Eight values then live in the low registers:
 * r0 = a[i], r1/r2 = the two b (their roles alternate from one i to the next), r3/r4 = lo/hi
 * of column k, r5/r6 of column k + 1, r7 = 0 for ADCS. The pointers wait in high registers,
 * each load preceded by a MOV: r12 = a, lr = b, r8 = w (r waits in the word after w's limbs).
 * hi registers: bits 16 and up are stale, hi << 16 is all that is used and it drops them.
 * A pair of columns in the upper half (k >= n) starts with a[k-n+1] * b[n-1], column k only;
 * in the lower half column k + 1 ends with a[k+1] * b[0] alone. */
#define FE16_PRODUCT_ASM                                                                          \
    ".syntax unified\n\t"                                                                   \
    ".macro fe_both rp, rb\n\t"     /* i = fe_i; rp holds b[k+1-i] and is used up */        \
    "mov   r0, r12\n\t"                                                                     \
    "mov   \\rb, lr\n\t"                                                                    \
    "ldrh  r0, [r0, #2 * fe_i]\n\t"                                                         \
    "ldrh  \\rb, [\\rb, #2 * (fe_k - fe_i)]\n\t"                                            \
    "muls  \\rp, r0, \\rp\n\t"                                                              \
    "adds  r5, r5, \\rp\n\t"                                                                \
    "adcs  r6, r7\n\t"                                                                      \
    "muls  r0, \\rb, r0\n\t"                                                                \
    "adds  r3, r3, r0\n\t"                                                                  \
    "adcs  r4, r7\n\t"                                                                      \
    ".endm\n\t"                                                                             \
    ".macro fe_step rp, rb\n\t"     /* the roles alternate with i */                       \
    ".if   fe_s & 1\n\t"                                                                    \
    "fe_both \\rb, \\rp\n\t"                                                                \
    ".else\n\t"                                                                             \
    "fe_both \\rp, \\rb\n\t"                                                                \
    ".endif\n\t"                                                                            \
    ".set  fe_s, fe_s + 1\n\t"                                                              \
    ".endm\n\t"                                                                             \
    "str   r3, [r2, #4 * %c[n]]\n\t"                                                        \
    "mov   r12, r0\n\t"                                                                     \
    "mov   lr, r1\n\t"                                                                      \
    "mov   r8, r2\n\t"                                                                      \
    "movs  r3, #0\n\t"                                                                      \
    "movs  r4, #0\n\t"                                                                      \
    "movs  r5, #0\n\t"                                                                      \
    "movs  r6, #0\n\t"                                                                      \
    "movs  r7, #0\n\t"                                                                      \
    ".set  fe_k, 0\n\t"                                                                     \
    ".rept %c[n]\n\t"                                                                       \
    ".set  fe_s, 0\n\t"                                                                     \
    ".if   fe_k < %c[n]\n\t"                                                                \
    "mov   r1, lr\n\t"                                                                      \
    "ldrh  r1, [r1, #2 * (fe_k + 1)]\n\t"                                                   \
    ".set  fe_i, 0\n\t"                                                                     \
    ".rept fe_k + 1\n\t"                                                                    \
    "fe_step r1, r2\n\t"                                                                    \
    ".set  fe_i, fe_i + 1\n\t"                                                              \
    ".endr\n\t"                                                                             \
    "mov   r0, r12\n\t"             /* a[k+1] * b[0], b[0] in r2 after k + 1 steps */       \
    "ldrh  r0, [r0, #2 * (fe_k + 1)]\n\t"                                                   \
    "muls  r0, r2, r0\n\t"                                                                  \
    "adds  r5, r5, r0\n\t"                                                                  \
    "adcs  r6, r7\n\t"                                                                      \
    ".else\n\t"                                                                             \
    ".set  fe_i, fe_k - %c[n] + 1\n\t"                                                      \
    "mov   r0, r12\n\t"                                                                     \
    "ldrh  r0, [r0, #2 * fe_i]\n\t"                                                         \
    "mov   r1, lr\n\t"                                                                      \
    "ldrh  r1, [r1, #2 * (%c[n] - 1)]\n\t"                                                  \
    "muls  r0, r1, r0\n\t"                                                                  \
    "adds  r3, r3, r0\n\t"                                                                  \
    "adcs  r4, r7\n\t"                                                                      \
    ".rept 2 * %c[n] - 2 - fe_k\n\t"                                                        \
    ".set  fe_i, fe_i + 1\n\t"                                                              \
    "fe_step r1, r2\n\t"                                                                    \
    ".endr\n\t"                                                                             \
    ".endif\n\t"                                                                            \
    "mov   r0, r8\n\t"              /* store column k, carry into k + 1, store it, carry */ \
    "strh  r3, [r0, #2 * fe_k]\n\t"                                                         \
    "lsrs  r3, r3, #16\n\t"                                                                 \
    "lsls  r4, r4, #16\n\t"                                                                 \
    "adds  r3, r3, r4\n\t"                                                                  \
    "adds  r5, r5, r3\n\t"                                                                  \
    "adcs  r6, r7\n\t"                                                                      \
    "strh  r5, [r0, #2 * (fe_k + 1)]\n\t"                                                   \
    "lsrs  r3, r5, #16\n\t"                                                                 \
    "lsls  r6, r6, #16\n\t"                                                                 \
    "adds  r3, r3, r6\n\t"                                                                  \
    "movs  r5, #0\n\t"                                                                      \
    ".set  fe_k, fe_k + 2\n\t"                                                              \
    ".endr\n\t"                                                                             \
    ".purgem fe_step\n\t"                                                                   \
    ".purgem fe_both\n\t"

/* w[2n] = a^2. In: r0 = a, r1 = r, r2 = w (moved: r1 = w, r12 = r, where they are at the end).
 * Column k: the cross products a[i] a[k-i], i < k - i, summed in r2 (lo) and r3 (hi), doubled,
 * plus a[k/2]^2 and the carry in r7: n(n+1)/2 products instead of n^2. One column at a time
 * here: the two-column scheme of mul needs the carry in a register of its own, as a column's
 * sum is doubled before the carry comes in, and there is none left. r4 = 0, r5/r6 operands. */
#define FE16_SQUARE_ASM                                                                          \
    ".syntax unified\n\t"                                                                   \
    "mov   r12, r1\n\t"                                                                     \
    "mov   r1, r2\n\t"                                                                      \
    "movs  r4, #0\n\t"                                                                      \
    "movs  r7, #0\n\t"                                                                      \
    ".set  fe_k, 0\n\t"                                                                     \
    ".rept 2 * %c[n] - 1\n\t"                                                               \
    ".set  fe_i, 0\n\t"                                                                     \
    ".if   fe_k >= %c[n]\n\t"                                                               \
    ".set  fe_i, fe_k - %c[n] + 1\n\t"                                                      \
    ".endif\n\t"                                                                            \
    ".if   fe_i < fe_k - fe_i\n\t"                                                          \
    "ldrh  r2, [r0, #2 * fe_i]\n\t"                                                         \
    "ldrh  r6, [r0, #2 * (fe_k - fe_i)]\n\t"                                                \
    "muls  r2, r6, r2\n\t"                                                                  \
    "movs  r3, #0\n\t"                                                                      \
    ".set  fe_i, fe_i + 1\n\t"                                                              \
    ".rept (fe_k + 1) / 2 - fe_i\n\t"                                                       \
    "ldrh  r5, [r0, #2 * fe_i]\n\t"                                                         \
    "ldrh  r6, [r0, #2 * (fe_k - fe_i)]\n\t"                                                \
    "muls  r5, r6, r5\n\t"                                                                  \
    "adds  r2, r2, r5\n\t"                                                                  \
    "adcs  r3, r4\n\t"                                                                      \
    ".set  fe_i, fe_i + 1\n\t"                                                              \
    ".endr\n\t"                                                                             \
    "adds  r2, r2, r2\n\t"                                                                  \
    "adcs  r3, r3\n\t"                                                                      \
    ".if   (fe_k & 1) == 0\n\t"                                                             \
    "ldrh  r5, [r0, #fe_k]\n\t"                                                             \
    "muls  r5, r5, r5\n\t"                                                                  \
    "adds  r2, r2, r5\n\t"                                                                  \
    "adcs  r3, r4\n\t"                                                                      \
    ".endif\n\t"                                                                            \
    ".else\n\t"                                                                             \
    "ldrh  r2, [r0, #fe_k]\n\t"                                                             \
    "muls  r2, r2, r2\n\t"                                                                  \
    "movs  r3, #0\n\t"                                                                      \
    ".endif\n\t"                                                                            \
    "adds  r2, r2, r7\n\t"                                                                  \
    "adcs  r3, r4\n\t"                                                                      \
    "strh  r2, [r1, #2 * fe_k]\n\t"                                                         \
    "lsrs  r7, r2, #16\n\t"                                                                 \
    "lsls  r3, r3, #16\n\t"                                                                 \
    "adds  r7, r7, r3\n\t"                                                                  \
    ".set  fe_k, fe_k + 1\n\t"                                                              \
    ".endr\n\t"                                                                             \
    "strh  r7, [r1, #2 * (2 * %c[n] - 1)]\n\t"

#endif
