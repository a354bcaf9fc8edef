/* fc_fe16_mul, _sqr, _sqr_n, _add, _sub, _mul_small, _cswap and the ladder step
 * fc_fe16_ladder_step in Thumb-2 assembly for the Cortex-M4 (ARMv7E-M: FC_FE16_ARMV7M in
 * fe16.h); fe16.c has the C of everything else.
 *
 * The n 16-bit limbs of an element (n = 16: 2^255 - 19, n = 12: 2^191 - 19) are read and
 * written as W = n / 2 little-endian 32-bit words (8 or 6): on a little-endian core the bytes
 * are the same. Only single LDR and STR touch them (never LDM, STRD): the M4 does those at any
 * alignment, so a 16-limb element that is only 2-byte aligned works too, and the model costs an
 * LDR after an independent LDR one cycle, as an LDM costs per word.
 *
 * Product (W x W words): operand scanning in two passes over b's halves of H = W / 2 words
 * (b[0..H-1], then b[H..W-1], in r3..r6): row i adds a_i * b[half] into H columns held in a
 * window of H + 1 rotating registers, one UMAAL per word (UMAAL adds the column and the row's
 * carry to the product; the carry out becomes the row's next column). A row's first column is
 * then final and goes to the frame t[]. Pass 2 starts from pass 1's columns H..2H-1, and its
 * rows H..2H-1, whose first columns are 2H..3H-1, take pass 1's words there as their first
 * carries (UMAAL's second addend; the rows before start from a zero carry). Pass 2 leaves the
 * top H + 1 words of the product in registers for the reduction.
 *
 * Reduction: 2^(32W) = 38 (mod p) for both primes, so word k of the result is
 * t_k + 38 t_(W+k) + carry, one UMAAL by 38 each, the top word W - 1 first: t_(W-1) +
 * 38 t_(2W-1) = 2^31 q + w (w < 2^31), and 2^31 q = 2^(32W-1) q weighs 19 q, which starts the
 * chain of words 0..W-2 as its carry; that chain's carry out is added to w, which cannot carry
 * out. add, sub and mul_small end with a carry or borrow c instead (fe_fold): a + b =
 * d + 2^(32W) C becomes d + 38 C (ADDS/ADCS chain), and if that carries out of the top (value
 * now below 38), 38 once more to word 0 alone, which cannot carry; a - b = d - 2^(32W) B
 * becomes d - 38 B, whose second borrow leaves word 0 at least 2^32 - 38, so the last 38 comes
 * off word 0 alone. Every result is below 2^(32W) = 2^(16n) and congruent to the exact one,
 * which is fe16.h's contract (fc_fe16_tobytes reduces any value below 2^(16n)).
 *
 * Square: product scanning with a in r0..r(W-1) (see FE_SQR8_COLUMNS_ASM): the cross products
 * a_i a_j (i < j) once, each column doubled by ADCS with the carry flag as the doubling's
 * carry, the squares a_i^2 added by the same UMAAL that carries the column out. The product's
 * first row is a UMULL (nothing to add yet).
 *
 * Constant time: straight-line code; the carries are folded in by masks (SBC, AND/BIC) or by
 * multiplications (19 q), never by branches; UMULL, UMLAL and UMAAL take one cycle on the
 * Cortex-M4 whatever their operands (ARM DDI 0439B, table 3.1). The choice between the 8- and
 * 6-word code depends on n only; fc_fe16_sqr_n's loop on the public count only.
 *
 * Ladder step (x25519.c, x19119.c): the step's selections, additions, subtractions and small
 * products are asm statements inlined in sequence, and its products and squares call
 * subroutines that save only lr (one copy of each in flash), so the callee-saved registers are
 * saved once per step rather than once per operation; (DA + CB)^2 and (DA - CB)^2 go from the
 * addition to the square in registers (the square's second entry); a24 E + AA is one pass
 * (UMAAL adds AA's words for free); the conditional swap is a masked selection of the
 * doubling's two inputs (see FE_LADDER_FN). fc_fe16_sqr_n keeps the value in registers from
 * one square to the next. Cortex-M4 model, n = 16: X25519 552,147 cycles (4.07 M with the
 * Thumb-1 code), of which the inversion 31.4 k; n = 12: X19119 326,382.
 *
 * Written for gcc with optimization (see fe16.h): every register but sp may be clobbered, so
 * r7 must not be the frame pointer. The products' frame t[] is the calling C function's own
 * array (so -fstack-usage counts it): 2W words of product, then r. The squares keep their low
 * half and r in 4W + 4 bytes of stack of their own (40 for fc_fe16_sqr_n's 8-word loop), below
 * lr's word; the other subroutines use no stack but lr's word. The product's and square's
 * words are secret and are left there for the curve code's stack wipe (FC_STACK_WIPE_BYTES),
 * as the Thumb-1 code leaves its own. r may alias a or b: r is written after the last read of
 * the inputs.
 */
#include "fe16.h"

#if FC_FE16_NEEDED && FC_FE16_ARMV7M

/* One row of a pass: a_i (in ra: r7 or lr, loaded in pairs) times b[half] in r3..r6 (c3
 * blank: three words in r3..r5) into the columns c0..c3, carry cy in and out; the finished
 * column c0 goes to t[k]. */
#define FE_MACROS_ASM                                                                       \
    ".macro fe_row ra, k, cy, c0, c1, c2, c3\n\t"                                           \
    "umaal \\c0, \\cy, \\ra, r3\n\t"                                                       \
    "umaal \\c1, \\cy, \\ra, r4\n\t"                                                       \
    "umaal \\c2, \\cy, \\ra, r5\n\t"                                                       \
    ".ifnb \\c3\n\t"                                                                        \
    "umaal \\c3, \\cy, \\ra, r6\n\t"                                                       \
    ".endif\n\t"                                                                            \
    "str   \\c0, [r0, #4 * \\k]\n\t"                                                        \
    ".endm\n\t"                                                                             \
    /* x += 38 c into the words x0..x7 (x6, x7 blank: six words), c <= 2^25 in rc, 38 in    \
     * rk: the chain, then 38 more to x0 alone if it carried out of the top (see above). */ \
    ".macro fe_fold rc, rk, x0, x1, x2, x3, x4, x5, x6, x7\n\t"                             \
    "mul   \\rc, \\rc, \\rk\n\t"                                                            \
    "adds  \\x0, \\x0, \\rc\n\t"                                                            \
    ".irp  fe_x, \\x1, \\x2, \\x3, \\x4, \\x5, \\x6, \\x7\n\t"                              \
    ".ifnb \\fe_x\n\t"                                                                      \
    "adcs  \\fe_x, \\fe_x, #0\n\t"                                                          \
    ".endif\n\t"                                                                            \
    ".endr\n\t"                                                                             \
    "sbc   \\rc, \\rc, \\rc\n\t"         /* C - 1 */                                        \
    "bic   \\rc, \\rk, \\rc\n\t"         /* 38 C */                                         \
    "add   \\x0, \\x0, \\rc\n\t"                                                            \
    ".endm\n\t"                                                                             \
    /* the top word's fold (see the top of the file): in, 2^32 q1 + w = t_(W-1) + 38 t_(2W-1) \
     * in q, w; out, q = 19 (2 q1 + the top bit of w) and w without that bit; t changed */   \
    ".macro fe_top q, w, t\n\t"                                                             \
    "lsl   \\q, \\q, #1\n\t"                                                               \
    "orr   \\q, \\q, \\w, lsr #31\n\t"                                                      \
    "bic   \\w, \\w, #0x80000000\n\t"                                                      \
    "movs  \\t, #19\n\t"                                                                    \
    "mul   \\q, \\q, \\t\n\t"                                                               \
    ".endm\n\t"

#define FE_PURGE_ASM ".purgem fe_row\n\t.purgem fe_fold\n\t.purgem fe_top\n\t"

/* 8 words (n = 16). t[16] holds r during the product. Columns rotate through r8..r12. */
#define FE_MUL8_ASM                                                                         \
    "str   r3, [r0, #64]\n\t"                                                               \
    "ldr   r3, [r2, #0]\n\t"                 /* b[0..3] */                                  \
    "ldr   r4, [r2, #4]\n\t"                                                                \
    "ldr   r5, [r2, #8]\n\t"                                                                \
    "ldr   r6, [r2, #12]\n\t"                                                               \
    "ldr   r7, [r1, #0]\n\t"                                                                \
    "ldr   lr, [r1, #4]\n\t"                                                                \
    "mov   r9, #0\n\t"                                                                      \
    "mov   r10, #0\n\t"                                                                     \
    "mov   r11, #0\n\t"                                                                     \
    "umull r8, r12, r7, r3\n\t"              /* row 0: no column to add yet */              \
    "umaal r9, r12, r7, r4\n\t"                                                             \
    "umaal r10, r12, r7, r5\n\t"                                                            \
    "umaal r11, r12, r7, r6\n\t"                                                            \
    "str   r8, [r0, #0]\n\t"                                                                \
    "mov   r8, #0\n\t"                                                                      \
    "fe_row lr, 1, r8, r9, r10, r11, r12\n\t"                                                \
    "mov   r9, #0\n\t"                                                                      \
    "ldr   r7, [r1, #8]\n\t"                                                                \
    "ldr   lr, [r1, #12]\n\t"                                                               \
    "fe_row r7, 2, r9, r10, r11, r12, r8\n\t"                                                \
    "mov   r10, #0\n\t"                                                                     \
    "fe_row lr, 3, r10, r11, r12, r8, r9\n\t"                                                \
    "mov   r11, #0\n\t"                                                                     \
    "ldr   r7, [r1, #16]\n\t"                                                               \
    "ldr   lr, [r1, #20]\n\t"                                                               \
    "fe_row r7, 4, r11, r12, r8, r9, r10\n\t"                                                \
    "mov   r12, #0\n\t"                                                                     \
    "fe_row lr, 5, r12, r8, r9, r10, r11\n\t"                                                \
    "mov   r8, #0\n\t"                                                                      \
    "ldr   r7, [r1, #24]\n\t"                                                               \
    "ldr   lr, [r1, #28]\n\t"                                                               \
    "fe_row r7, 6, r8, r9, r10, r11, r12\n\t"                                                \
    "mov   r9, #0\n\t"                                                                      \
    "fe_row lr, 7, r9, r10, r11, r12, r8\n\t"                                                \
    /* pass 1 left columns 8..11 in r11, r12, r8, r9 and t7 in r10: pass 2's rows 4..7 take \
     * them as their first carries (8..10 from the frame, 11 stays in r9); its row 0 wants  \
     * columns 4..7 in r12, r8, r2, r10 (b's pointer is done with). The loads run back to   \
     * back (an LDR after an LDR costs one cycle). */                                       \
    "str   r11, [r0, #32]\n\t"               /* columns 8..10 */                            \
    "str   r12, [r0, #36]\n\t"                                                              \
    "str   r8, [r0, #40]\n\t"                                                               \
    "mov   r11, #0\n\t"                                                                     \
    "ldr   r3, [r2, #16]\n\t"                /* b[4..7] */                                  \
    "ldr   r4, [r2, #20]\n\t"                                                               \
    "ldr   r5, [r2, #24]\n\t"                                                               \
    "ldr   r6, [r2, #28]\n\t"                                                               \
    "ldr   r12, [r0, #16]\n\t"                                                              \
    "ldr   r8, [r0, #20]\n\t"                                                               \
    "ldr   r2, [r0, #24]\n\t"                                                               \
    "ldr   r7, [r1, #0]\n\t"                                                                \
    "ldr   lr, [r1, #4]\n\t"                                                                \
    "fe_row r7, 4, r11, r12, r8, r2, r10\n\t"                                               \
    "mov   r12, #0\n\t"                                                                     \
    "fe_row lr, 5, r12, r8, r2, r10, r11\n\t"                                               \
    "mov   r8, #0\n\t"                                                                      \
    "ldr   r7, [r1, #8]\n\t"                                                                \
    "ldr   lr, [r1, #12]\n\t"                                                               \
    "fe_row r7, 6, r8, r2, r10, r11, r12\n\t"                                               \
    "mov   r2, #0\n\t"                                                                      \
    "fe_row lr, 7, r2, r10, r11, r12, r8\n\t"                                               \
    "ldr   r10, [r0, #32]\n\t"                                                              \
    "ldr   r7, [r1, #16]\n\t"                                                               \
    "ldr   lr, [r1, #20]\n\t"                                                               \
    "fe_row r7, 8, r10, r11, r12, r8, r2\n\t"                                               \
    "ldr   r11, [r0, #36]\n\t"                                                              \
    "fe_row lr, 9, r11, r12, r8, r2, r10\n\t"                                               \
    "ldr   r12, [r0, #40]\n\t"                                                              \
    "ldr   r7, [r1, #24]\n\t"                                                               \
    "ldr   lr, [r1, #28]\n\t"                                                               \
    "fe_row r7, 10, r12, r8, r2, r10, r11\n\t"                                              \
    "fe_row lr, 11, r9, r2, r10, r11, r12\n\t"                                              \
    /* t0..t10 in the frame, t11..t15 in r2, r10, r11, r12, r9. Word 7 first: t7 + 38 t15  \
     * = 2^31 q + w, whose 2^31 q weighs 19 q at word 0; word k (k = 0..6) is t_k + 38      \
     * t_(k+8) plus the carry (r1, from 19 q), the last carry added to w < 2^31 (see the    \
     * top of the file); each word is stored as it is made (r in r8). */                    \
    "mov   lr, #38\n\t"                                                                     \
    "ldr   r7, [r0, #28]\n\t"                                                               \
    "ldr   r3, [r0, #0]\n\t"                                                                \
    "ldr   r4, [r0, #4]\n\t"                                                                \
    "ldr   r5, [r0, #32]\n\t"                                                               \
    "ldr   r6, [r0, #36]\n\t"                                                               \
    "ldr   r8, [r0, #64]\n\t"                /* r */                                        \
    "mov   r1, #0\n\t"                                                                      \
    "umaal r7, r1, r9, lr\n\t"                                                              \
    "fe_top r1, r7, r9\n\t"                                                                 \
    "umaal r3, r1, r5, lr\n\t"                                                              \
    "umaal r4, r1, r6, lr\n\t"                                                              \
    "str   r3, [r8, #0]\n\t"                                                                \
    "str   r4, [r8, #4]\n\t"                                                                \
    "ldr   r3, [r0, #8]\n\t"                                                                \
    "ldr   r4, [r0, #40]\n\t"                                                               \
    "ldr   r5, [r0, #12]\n\t"                                                               \
    "ldr   r6, [r0, #16]\n\t"                                                               \
    "ldr   r9, [r0, #20]\n\t"                                                               \
    "ldr   r0, [r0, #24]\n\t"                                                               \
    "umaal r3, r1, r4, lr\n\t"                                                              \
    "umaal r5, r1, r2, lr\n\t"                                                              \
    "umaal r6, r1, r10, lr\n\t"                                                             \
    "umaal r9, r1, r11, lr\n\t"                                                             \
    "umaal r0, r1, r12, lr\n\t"                                                             \
    "add   r7, r7, r1\n\t"                                                                  \
    "str   r3, [r8, #8]\n\t"                                                                \
    "str   r5, [r8, #12]\n\t"                                                               \
    "str   r6, [r8, #16]\n\t"                                                               \
    "str   r9, [r8, #20]\n\t"                                                               \
    "str   r0, [r8, #24]\n\t"                                                               \
    "str   r7, [r8, #28]\n\t"

/* 6 words (n = 12), halves of three: b[0..2] in r3..r5, columns rotate through r8..r11.
 * t[12] holds r. */
#define FE_MUL6_ASM                                                                         \
    "str   r3, [r0, #48]\n\t"                                                               \
    "ldr   r3, [r2, #0]\n\t"                 /* b[0..2] */                                  \
    "ldr   r4, [r2, #4]\n\t"                                                                \
    "ldr   r5, [r2, #8]\n\t"                                                                \
    "ldr   r7, [r1, #0]\n\t"                                                                \
    "ldr   lr, [r1, #4]\n\t"                                                                \
    "mov   r9, #0\n\t"                                                                      \
    "mov   r10, #0\n\t"                                                                     \
    "umull r8, r11, r7, r3\n\t"              /* row 0: no column to add yet */              \
    "umaal r9, r11, r7, r4\n\t"                                                             \
    "umaal r10, r11, r7, r5\n\t"                                                            \
    "str   r8, [r0, #0]\n\t"                                                                \
    "mov   r8, #0\n\t"                                                                      \
    "fe_row lr, 1, r8, r9, r10, r11\n\t"                                                     \
    "mov   r9, #0\n\t"                                                                      \
    "ldr   r7, [r1, #8]\n\t"                                                                \
    "ldr   lr, [r1, #12]\n\t"                                                               \
    "fe_row r7, 2, r9, r10, r11, r8\n\t"                                                     \
    "mov   r10, #0\n\t"                                                                     \
    "fe_row lr, 3, r10, r11, r8, r9\n\t"                                                     \
    "mov   r11, #0\n\t"                                                                     \
    "ldr   r7, [r1, #16]\n\t"                                                               \
    "ldr   lr, [r1, #20]\n\t"                                                               \
    "fe_row r7, 4, r11, r8, r9, r10\n\t"                                                     \
    "mov   r8, #0\n\t"                                                                      \
    "fe_row lr, 5, r8, r9, r10, r11\n\t"                                                     \
    /* pass 1 left columns 6..8 in r10, r11, r8 and t5 in r9: pass 2's rows 3..5 take them \
     * as their first carries; its row 0 wants columns 3..5 in r11, r8, r9 */              \
    "ldr   r3, [r2, #12]\n\t"                /* b[3..5] */                                  \
    "ldr   r4, [r2, #16]\n\t"                                                               \
    "ldr   r5, [r2, #20]\n\t"                                                               \
    "mov   r6, r10\n\t"                      /* column 6 */                                 \
    "mov   r12, r11\n\t"                     /* column 7 */                                 \
    "mov   r2, r8\n\t"                       /* column 8 */                                 \
    "ldr   r11, [r0, #12]\n\t"                                                              \
    "ldr   r8, [r0, #16]\n\t"                                                               \
    "mov   r10, #0\n\t"                                                                     \
    "ldr   r7, [r1, #0]\n\t"                                                                \
    "ldr   lr, [r1, #4]\n\t"                                                                \
    "fe_row r7, 3, r10, r11, r8, r9\n\t"                                                     \
    "mov   r11, #0\n\t"                                                                     \
    "fe_row lr, 4, r11, r8, r9, r10\n\t"                                                     \
    "mov   r8, #0\n\t"                                                                      \
    "ldr   r7, [r1, #8]\n\t"                                                                \
    "ldr   lr, [r1, #12]\n\t"                                                               \
    "fe_row r7, 5, r8, r9, r10, r11\n\t"                                                     \
    "mov   r9, r6\n\t"                                                                      \
    "fe_row lr, 6, r9, r10, r11, r8\n\t"                                                     \
    "mov   r10, r12\n\t"                                                                    \
    "ldr   r7, [r1, #16]\n\t"                                                               \
    "ldr   lr, [r1, #20]\n\t"                                                               \
    "fe_row r7, 7, r10, r11, r8, r9\n\t"                                                     \
    "mov   r11, r2\n\t"                                                                     \
    "fe_row lr, 8, r11, r8, r9, r10\n\t"                                                     \
    /* t6, t7 in the frame, t8..t11 in r8..r11; word 5 first, as the 8-word product does    \
     * (2^191 = 19), r in r7 */                                                             \
    "mov   lr, #38\n\t"                                                                     \
    "ldr   r1, [r0, #20]\n\t"                                                               \
    "ldr   r3, [r0, #0]\n\t"                                                                \
    "ldr   r4, [r0, #4]\n\t"                                                                \
    "ldr   r5, [r0, #24]\n\t"                                                               \
    "ldr   r6, [r0, #28]\n\t"                                                               \
    "ldr   r7, [r0, #48]\n\t"                /* r */                                        \
    "mov   r2, #0\n\t"                                                                      \
    "umaal r1, r2, r11, lr\n\t"                                                             \
    "fe_top r2, r1, r11\n\t"                                                                \
    "umaal r3, r2, r5, lr\n\t"                                                              \
    "umaal r4, r2, r6, lr\n\t"                                                              \
    "str   r3, [r7, #0]\n\t"                                                                \
    "str   r4, [r7, #4]\n\t"                                                                \
    "ldr   r3, [r0, #8]\n\t"                                                                \
    "ldr   r4, [r0, #12]\n\t"                                                               \
    "ldr   r5, [r0, #16]\n\t"                                                               \
    "umaal r3, r2, r8, lr\n\t"                                                              \
    "umaal r4, r2, r9, lr\n\t"                                                              \
    "umaal r5, r2, r10, lr\n\t"                                                             \
    "add   r1, r1, r2\n\t"                                                                  \
    "str   r3, [r7, #8]\n\t"                                                                \
    "str   r4, [r7, #12]\n\t"                                                               \
    "str   r5, [r7, #16]\n\t"                                                               \
    "str   r1, [r7, #20]\n\t"

#define FE_ALL_CLOBBERS                                                                     \
    "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr", "cc", "memory"

/* Each operation is an always-inline asm body (name_in), wrapped once in a function of its
 * own (name) for fc_fe16_*, and inlined again into the ladder step below, where the callee-saved
 * registers are saved once for the step instead of once per operation. */
#define FE_INLINE __attribute__((always_inline)) static inline

/* The products and squares are subroutines of their own (name_body: one copy each in flash)
 * that save nothing but lr: every caller declares all registers clobbered, so the ladder step
 * saves the callee-saved ones once. Naked: the asm is the whole function. */
#define FE_BODY_FN(name, body)                                                              \
    __attribute__((naked, noinline, used)) static void name##_body(void)                    \
    {                                                                                       \
        __asm__ volatile(".syntax unified\n\t"                                             \
                         "push  {lr}\n\t" FE_MACROS_ASM body FE_PURGE_ASM "pop   {pc}\n\t"); \
    }

/* r = a b mod p: r0 = the frame t (2W words, then r), r1 = a, r2 = b, r3 = r. */
#define FE_MUL_FN(name, words, body)                                                        \
    FE_BODY_FN(name, body)                                                                  \
    FE_INLINE void name##_in(uint32_t *t, fc_fe16_limb *r, const fc_fe16_limb *a,           \
                             const fc_fe16_limb *b)                                        \
    {                                                                                       \
        register uint32_t *r0 __asm__("r0") = t;                                            \
        register const fc_fe16_limb *r1 __asm__("r1") = a;                                  \
        register const fc_fe16_limb *r2 __asm__("r2") = b;                                  \
        register fc_fe16_limb *r3 __asm__("r3") = r;                                        \
        __asm__ volatile("bl    " #name "_body\n\t"                                          \
                         : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3)                           \
                         :                                                                  \
                         : FE_ALL_CLOBBERS);                                                \
    }                                                                                       \
    __attribute__((noinline)) static void name(fc_fe16_limb *r, const fc_fe16_limb *a,      \
                             const fc_fe16_limb *b)                                        \
    {                                                                                       \
        uint32_t t[2 * (words) + 1];                                                        \
        name##_in(t, r, a, b);                                                              \
    }

FE_MUL_FN(fe_mul8, 8, FE_MUL8_ASM)
FE_MUL_FN(fe_mul6, 6, FE_MUL6_ASM)

/* a^2 for 8 words by product scanning, a0..a7 held in r0..r7 throughout (the frame t is not
 * used: the low half goes to 32 bytes of stack below lr's word, r's pointer above it). Column
 * k of the square is 2 X_k + (a_(k/2))^2's word + the carries, where X_k is the column's word of
 * the cross products C = sum a_i a_j (i < j): one UMAAL per product a_i a_j, each with a carry
 * register of its own that it hands to a product of column k + 1 (or that column's start: two
 * carries are added by the first UMAAL), then ADCS X_k, X_k, X_k doubles it with the bit
 * shifted out of X_(k-1) in C (only ADCS touches the flags in the columns), then one UMAAL
 * adds a_(k/2)^2 (even k) or nothing (odd k, lr = 0) and the carry chain D of the squares, r9.
 * a_i's register is free after its last product (column i + 7): column 7 goes to r0, and the
 * high half H = columns 8..15 stays in registers (r11, r12, r10, r0, r8, r2, r1, r9).
 * Reduction modulo 2^255 - 19: word 7 first, L7 + 38 H7 = 2^31 q + w, its top 2^31 q weighs
 * 19 q at word 0, so the chain L_k + 38 H_k (k = 0..6) starts from the carry 19 q, and its
 * carry out is added to w < 2^31 (no carry out of the top: the result is below 2^256). */
#define FE_SQR8_LOAD_ASM                                                                    \
    "mov   r8, r3\n\t"                      /* r */                                        \
    "ldr   r0, [r1, #0]\n\t"                                                                \
    "ldr   r2, [r1, #8]\n\t"                                                                \
    "ldr   r3, [r1, #12]\n\t"                                                               \
    "ldr   r4, [r1, #16]\n\t"                                                               \
    "ldr   r5, [r1, #20]\n\t"                                                               \
    "ldr   r6, [r1, #24]\n\t"                                                               \
    "ldr   r7, [r1, #28]\n\t"                                                               \
    "ldr   r1, [r1, #4]\n\t"

/* Columns 0..5 of a square, the same for 8 and 6 words (they read a0..a5 only): L0..L5 to
 * [sp, #0..20], the carries of column 6 in r11, r12, r8 and r9, lr = 0. */
#define FE_SQR_COLUMNS05_ASM                                                                \
    "umull r8, r9, r0, r0\n\t"               /* column 0, D */                              \
    "str   r8, [sp, #0]\n\t"                                                                \
    "umull r10, r11, r0, r1\n\t"             /* 1: a0 a1 */                                 \
    "adds  r10, r10, r10\n\t"                                                               \
    "mov   lr, #0\n\t"                                                                      \
    "umaal r10, r9, lr, lr\n\t"                                                             \
    "str   r10, [sp, #4]\n\t"                                                               \
    "mov   r8, #0\n\t"                       /* 2: a0 a2, a1^2 */                           \
    "umaal r8, r11, r0, r2\n\t"                                                             \
    "adcs  r8, r8, r8\n\t"                                                                  \
    "umaal r8, r9, r1, r1\n\t"                                                              \
    "str   r8, [sp, #8]\n\t"                                                                \
    "umull r10, r12, r0, r3\n\t"             /* 3: a0 a3, a1 a2 */                          \
    "umaal r10, r11, r1, r2\n\t"                                                            \
    "adcs  r10, r10, r10\n\t"                                                               \
    "umaal r10, r9, lr, lr\n\t"                                                             \
    "str   r10, [sp, #12]\n\t"                                                              \
    "umaal r11, r12, r0, r4\n\t"             /* 4: a0 a4, a1 a3, a2^2 */                    \
    "mov   r8, #0\n\t"                                                                      \
    "umaal r11, r8, r1, r3\n\t"                                                             \
    "adcs  r11, r11, r11\n\t"                                                               \
    "umaal r11, r9, r2, r2\n\t"                                                             \
    "str   r11, [sp, #16]\n\t"                                                              \
    "umull r10, r11, r0, r5\n\t"             /* 5: a0 a5, a1 a4, a2 a3 */                   \
    "umaal r10, r12, r1, r4\n\t"                                                            \
    "umaal r10, r8, r2, r3\n\t"                                                             \
    "adcs  r10, r10, r10\n\t"                                                               \
    "umaal r10, r9, lr, lr\n\t"                                                             \
    "str   r10, [sp, #20]\n\t"

/* The columns: a0..a7 in r0..r7; out L0..L7 in [sp, #0..28], H0..H7 in r11, r12, r10, r0, r8,
 * r2, r1, r9, lr = 0. */
#define FE_SQR8_COLUMNS_ASM                                                                 \
    FE_SQR_COLUMNS05_ASM                                                                    \
    "umaal r11, r12, r0, r6\n\t"             /* 6: a0 a6, a1 a5, a2 a4, a3^2 */             \
    "mov   r10, #0\n\t"                                                                     \
    "umaal r11, r10, r1, r5\n\t"                                                            \
    "umaal r11, r8, r2, r4\n\t"                                                             \
    "adcs  r11, r11, r11\n\t"                                                               \
    "umaal r11, r9, r3, r3\n\t"                                                             \
    "str   r11, [sp, #24]\n\t"                                                              \
    "umull r0, r11, r0, r7\n\t"              /* 7: a0 a7, a1 a6, a2 a5, a3 a4 */            \
    "umaal r0, r12, r1, r6\n\t"                                                             \
    "umaal r0, r10, r2, r5\n\t"                                                             \
    "umaal r0, r8, r3, r4\n\t"                                                              \
    "adcs  r0, r0, r0\n\t"                                                                  \
    "umaal r0, r9, lr, lr\n\t"                                                              \
    "str   r0, [sp, #28]\n\t"                                                               \
    "umaal r11, r12, r1, r7\n\t"             /* 8: a1 a7, a2 a6, a3 a5, a4^2 */             \
    "umaal r11, r10, r2, r6\n\t"                                                            \
    "umaal r11, r8, r3, r5\n\t"                                                             \
    "adcs  r11, r11, r11\n\t"                                                               \
    "umaal r11, r9, r4, r4\n\t"                                                             \
    "umaal r12, r10, r2, r7\n\t"             /* 9: a2 a7, a3 a6, a4 a5 */                   \
    "mov   r0, #0\n\t"                                                                      \
    "umaal r12, r0, r3, r6\n\t"                                                             \
    "umaal r12, r8, r4, r5\n\t"                                                             \
    "adcs  r12, r12, r12\n\t"                                                               \
    "umaal r12, r9, lr, lr\n\t"                                                             \
    "umaal r10, r0, r3, r7\n\t"              /* 10: a3 a7, a4 a6, a5^2 */                   \
    "umaal r10, r8, r4, r6\n\t"                                                             \
    "adcs  r10, r10, r10\n\t"                                                               \
    "umaal r10, r9, r5, r5\n\t"                                                             \
    "umaal r0, r8, r4, r7\n\t"               /* 11: a4 a7, a5 a6 */                         \
    "mov   r1, #0\n\t"                                                                      \
    "umaal r0, r1, r5, r6\n\t"                                                              \
    "adcs  r0, r0, r0\n\t"                                                                  \
    "umaal r0, r9, lr, lr\n\t"                                                              \
    "umaal r8, r1, r5, r7\n\t"               /* 12: a5 a7, a6^2 */                          \
    "adcs  r8, r8, r8\n\t"                                                                  \
    "umaal r8, r9, r6, r6\n\t"                                                              \
    "mov   r2, #0\n\t"                       /* 13: a6 a7 */                                \
    "umaal r2, r1, r6, r7\n\t"                                                              \
    "adcs  r2, r2, r2\n\t"                                                                  \
    "umaal r2, r9, lr, lr\n\t"                                                              \
    "adcs  r1, r1, r1\n\t"                   /* 14: a7^2 */                                 \
    "umaal r1, r9, r7, r7\n\t"                                                              \
    "adc   r9, r9, #0\n\t"                   /* 15 */

/* The reduction, each word stored through r (at [sp, #32]) as it is made */
#define FE_SQR8_REDUCE_ASM                                                                  \
    "ldr   r7, [sp, #28]\n\t"                /* L7 */                                       \
    "ldr   r5, [sp, #32]\n\t"                /* r */                                        \
    "ldr   r4, [sp, #0]\n\t"                                                                \
    "ldr   r6, [sp, #4]\n\t"                                                                \
    "mov   r3, #38\n\t"                                                                     \
    "umaal r7, lr, r3, r9\n\t"               /* L7 + 38 H7 = 2^32 lr + r7 */                \
    "fe_top lr, r7, r9\n\t"                                                                 \
    "umaal r4, lr, r3, r11\n\t"                                                             \
    "umaal r6, lr, r3, r12\n\t"                                                             \
    "str   r4, [r5, #0]\n\t"                                                                \
    "str   r6, [r5, #4]\n\t"                                                                \
    "ldr   r4, [sp, #8]\n\t"                                                                \
    "ldr   r6, [sp, #12]\n\t"                                                               \
    "ldr   r9, [sp, #16]\n\t"                                                               \
    "umaal r4, lr, r3, r10\n\t"                                                             \
    "umaal r6, lr, r3, r0\n\t"                                                              \
    "umaal r9, lr, r3, r8\n\t"                                                              \
    "str   r4, [r5, #8]\n\t"                                                                \
    "str   r6, [r5, #12]\n\t"                                                               \
    "str   r9, [r5, #16]\n\t"                                                               \
    "ldr   r4, [sp, #20]\n\t"                                                               \
    "ldr   r6, [sp, #24]\n\t"                                                               \
    "umaal r4, lr, r3, r2\n\t"                                                              \
    "umaal r6, lr, r3, r1\n\t"                                                              \
    "add   r7, r7, lr\n\t"                                                                  \
    "str   r4, [r5, #20]\n\t"                                                               \
    "str   r6, [r5, #24]\n\t"                                                               \
    "str   r7, [r5, #28]\n\t"

/* The reduction with the result left in r0..r7 for the next square (fe_sqr8_n): each L_k
 * loaded into a register free at that point, six moves to put the words in place. */
#define FE_SQR8_REDUCE_REGS_ASM                                                             \
    "ldr   r7, [sp, #28]\n\t"                /* L7 */                                       \
    "mov   r3, #38\n\t"                                                                     \
    "umaal r7, lr, r3, r9\n\t"                                                              \
    "fe_top lr, r7, r9\n\t"                                                                 \
    "ldr   r4, [sp, #0]\n\t"                                                                \
    "ldr   r5, [sp, #4]\n\t"                                                                \
    "ldr   r6, [sp, #8]\n\t"                                                                \
    "ldr   r9, [sp, #12]\n\t"                                                               \
    "umaal r4, lr, r3, r11\n\t"              /* w0 */                                       \
    "umaal r5, lr, r3, r12\n\t"              /* w1 */                                       \
    "umaal r6, lr, r3, r10\n\t"              /* w2 */                                       \
    "umaal r9, lr, r3, r0\n\t"               /* w3 */                                       \
    "mov   r0, r4\n\t"                                                                      \
    "ldr   r4, [sp, #16]\n\t"                                                               \
    "ldr   r11, [sp, #20]\n\t"                                                              \
    "ldr   r12, [sp, #24]\n\t"                                                              \
    "umaal r4, lr, r3, r8\n\t"               /* w4 */                                       \
    "umaal r11, lr, r3, r2\n\t"              /* w5 */                                       \
    "umaal r12, lr, r3, r1\n\t"              /* w6 */                                       \
    "mov   r1, r5\n\t"                                                                      \
    "mov   r2, r6\n\t"                                                                      \
    "mov   r3, r9\n\t"                                                                      \
    "mov   r5, r11\n\t"                                                                     \
    "mov   r6, r12\n\t"                                                                     \
    "add   r7, r7, lr\n\t"

#define FE_SQR8_STORE_REGS_ASM                                                              \
    "str   r0, [r8, #0]\n\t"                                                                \
    "str   r1, [r8, #4]\n\t"                                                                \
    "str   r2, [r8, #8]\n\t"                                                                \
    "str   r3, [r8, #12]\n\t"                                                               \
    "str   r4, [r8, #16]\n\t"                                                               \
    "str   r5, [r8, #20]\n\t"                                                               \
    "str   r6, [r8, #24]\n\t"                                                               \
    "str   r7, [r8, #28]\n\t"

/* a^2 for 6 words as the 8-word square (FE_SQR8_COLUMNS_ASM): a0..a5 in r0..r5, columns 0..5
 * (the low half L) to 24 bytes of stack, r above them, columns 6..11 (H) kept in r11, r12, r8,
 * r1, r0, r9; word 5 reduced first (2^191 = 19). In: r1 = a, r3 = r. */
#define FE_SQR6_ASM                                                                         \
    "sub   sp, sp, #28\n\t"                                                                 \
    "str   r3, [sp, #24]\n\t"                /* r */                                        \
    "ldr   r0, [r1, #0]\n\t"                                                                \
    "ldr   r2, [r1, #8]\n\t"                                                                \
    "ldr   r3, [r1, #12]\n\t"                                                               \
    "ldr   r4, [r1, #16]\n\t"                                                               \
    "ldr   r5, [r1, #20]\n\t"                                                               \
    "ldr   r1, [r1, #4]\n\t"                                                                \
    FE_SQR_COLUMNS05_ASM                                                                    \
    "umaal r11, r12, r1, r5\n\t"             /* 6: a1 a5, a2 a4, a3^2 */                    \
    "umaal r11, r8, r2, r4\n\t"                                                             \
    "adcs  r11, r11, r11\n\t"                                                               \
    "umaal r11, r9, r3, r3\n\t"                                                             \
    "umaal r12, r8, r2, r5\n\t"              /* 7: a2 a5, a3 a4 */                          \
    "mov   r0, #0\n\t"                                                                      \
    "umaal r12, r0, r3, r4\n\t"                                                             \
    "adcs  r12, r12, r12\n\t"                                                               \
    "umaal r12, r9, lr, lr\n\t"                                                             \
    "umaal r8, r0, r3, r5\n\t"               /* 8: a3 a5, a4^2 */                           \
    "adcs  r8, r8, r8\n\t"                                                                  \
    "umaal r8, r9, r4, r4\n\t"                                                              \
    "mov   r1, #0\n\t"                       /* 9: a4 a5 */                                 \
    "umaal r1, r0, r4, r5\n\t"                                                              \
    "adcs  r1, r1, r1\n\t"                                                                  \
    "umaal r1, r9, lr, lr\n\t"                                                              \
    "adcs  r0, r0, r0\n\t"                   /* 10: a5^2 */                                 \
    "umaal r0, r9, r5, r5\n\t"                                                              \
    "adc   r9, r9, #0\n\t"                   /* 11 */                                       \
    "ldr   r7, [sp, #20]\n\t"                /* L5 */                                       \
    "ldr   r5, [sp, #24]\n\t"                /* r */                                        \
    "ldr   r4, [sp, #0]\n\t"                                                                \
    "ldr   r6, [sp, #4]\n\t"                                                                \
    "mov   r3, #38\n\t"                                                                     \
    "umaal r7, lr, r3, r9\n\t"               /* L5 + 38 H5 = 2^32 lr + r7 */                \
    "fe_top lr, r7, r9\n\t"                                                                 \
    "umaal r4, lr, r3, r11\n\t"                                                             \
    "umaal r6, lr, r3, r12\n\t"                                                             \
    "str   r4, [r5, #0]\n\t"                                                                \
    "str   r6, [r5, #4]\n\t"                                                                \
    "ldr   r4, [sp, #8]\n\t"                                                                \
    "ldr   r6, [sp, #12]\n\t"                                                               \
    "ldr   r9, [sp, #16]\n\t"                                                               \
    "umaal r4, lr, r3, r8\n\t"                                                              \
    "umaal r6, lr, r3, r1\n\t"                                                              \
    "umaal r9, lr, r3, r0\n\t"                                                              \
    "add   r7, r7, lr\n\t"                                                                  \
    "str   r4, [r5, #8]\n\t"                                                                \
    "str   r6, [r5, #12]\n\t"                                                               \
    "str   r9, [r5, #16]\n\t"                                                               \
    "str   r7, [r5, #20]\n\t"                                                               \
    "add   sp, sp, #28\n\t"

/* r = a^2 mod p: r1 = a, r3 = r (the squares keep their low half on their own stack) */
#define FE_SQR_FN(name)                                                                     \
    FE_INLINE void name##_in(fc_fe16_limb *r, const fc_fe16_limb *a)                        \
    {                                                                                       \
        register const fc_fe16_limb *r1 __asm__("r1") = a;                                  \
        register fc_fe16_limb *r3 __asm__("r3") = r;                                        \
        __asm__ volatile("bl    " #name "_body\n\t"                                          \
                         : "+r"(r1), "+r"(r3)                                               \
                         :                                                                  \
                         : "r0", "r2", FE_ALL_CLOBBERS);                                    \
    }                                                                                       \
    __attribute__((noinline)) static void name(fc_fe16_limb *r, const fc_fe16_limb *a)      \
    {                                                                                       \
        name##_in(r, a);                                                                    \
    }

/* Two entries: fe_sqr8_body loads a and falls through to fe_sqr8_regs, which takes a0..a7 in
 * r0..r7 and r in r8 (the ladder step's (DA +- CB)^2 come there straight from the addition).
 * The low half and r take 36 bytes of stack below lr's word. */
__attribute__((naked, noinline, used)) static void fe_sqr8_body(void)
{
    __asm__ volatile(".syntax unified\n\t" FE_SQR8_LOAD_ASM
                     ".type fe_sqr8_regs, %function\n\t"
                     "fe_sqr8_regs:\n\t"
                     "push  {lr}\n\t"
                     "sub   sp, sp, #36\n\t"
                     "str   r8, [sp, #32]\n\t" FE_SQR8_COLUMNS_ASM FE_MACROS_ASM FE_SQR8_REDUCE_ASM
                     FE_PURGE_ASM
                     "add   sp, sp, #36\n\t"
                     "pop   {pc}\n\t");
}

/* r = a^(2^k), k >= 1 (r1 = a, r2 = k, r3 = r): the squares one after another in r0..r7, the
 * count at [sp, #36], a loop on the public k. */
__attribute__((naked, noinline, used)) static void fe_sqr8_n_body(void)
{
    __asm__ volatile(".syntax unified\n\t"
                     "push  {lr}\n\t"
                     "sub   sp, sp, #40\n\t"
                     "str   r3, [sp, #32]\n\t"
                     "str   r2, [sp, #36]\n\t" FE_SQR8_LOAD_ASM
                     "1:\n\t" FE_SQR8_COLUMNS_ASM FE_MACROS_ASM FE_SQR8_REDUCE_REGS_ASM FE_PURGE_ASM
                     "ldr   r8, [sp, #36]\n\t"
                     "subs  r8, r8, #1\n\t"
                     "str   r8, [sp, #36]\n\t"
                     "bne   1b\n\t"
                     "ldr   r8, [sp, #32]\n\t" FE_SQR8_STORE_REGS_ASM
                     "add   sp, sp, #40\n\t"
                     "pop   {pc}\n\t");
}

FE_SQR_FN(fe_sqr8)
FE_BODY_FN(fe_sqr6, FE_SQR6_ASM)
FE_SQR_FN(fe_sqr6)

/* the runs of squarings of the exponent chains: for 8 words one call whose loop keeps the value
 * in registers; for 6 the square's subroutine k times, the callee-saved registers saved once */
void fc_fe16_sqr_n(fc_fe16_limb *r, const fc_fe16_limb *a, unsigned k, unsigned n)
{
    if (n == 16) {
        register const fc_fe16_limb *r1 __asm__("r1") = a;
        register unsigned r2 __asm__("r2") = k;
        register fc_fe16_limb *r3 __asm__("r3") = r;
        __asm__ volatile("bl    fe_sqr8_n_body\n\t"
                         : "+r"(r1), "+r"(r2), "+r"(r3)
                         :
                         : "r0", FE_ALL_CLOBBERS);
    } else {
        fe_sqr6_in(r, a);
        while (--k > 0)
            fe_sqr6_in(r, r);
    }
}

void fc_fe16_mul(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    if (n == 16)
        fe_mul8(r, a, b);
    else
        fe_mul6(r, a, b);
}

void fc_fe16_sqr(fc_fe16_limb *r, const fc_fe16_limb *a, unsigned n)
{
    if (n == 16)
        fe_sqr8(r, a);
    else
        fe_sqr6(r, a);
}

/* a + b (op adds/adcs) or a - b (subs/sbcs), then the fold of the carry or borrow (see the top
 * of the file), over 8 words with the registers named: a through pa into x0..x7, b through
 * pb four words at a time into t0..t3 (pa may be among them: a is loaded first); over 6 words a
 * in r3..r8, b through r1, r11, r12. FE_CHAIN4_ASM is one group of four: b's words from byte
 * off, then the chain through xa..xd (op0 on the first). */
#define FE_CHAIN4_ASM(op0, opc, pb, off, xa, xb, xc, xd, t0, t1, t2, t3)                     \
    "ldr   " #t0 ", [" #pb ", #" #off "]\n\t"                                               \
    "ldr   " #t1 ", [" #pb ", #" #off " + 4]\n\t"                                           \
    "ldr   " #t2 ", [" #pb ", #" #off " + 8]\n\t"                                           \
    "ldr   " #t3 ", [" #pb ", #" #off " + 12]\n\t"                                          \
    op0 "  " #xa ", " #xa ", " #t0 "\n\t"                                                   \
    opc "  " #xb ", " #xb ", " #t1 "\n\t"                                                   \
    opc "  " #xc ", " #xc ", " #t2 "\n\t"                                                   \
    opc "  " #xd ", " #xd ", " #t3 "\n\t"

#define FE_ADDSUB8_REGS_ASM(op, opc, pa, pb, x0, x1, x2, x3, x4, x5, x6, x7, t0, t1, t2, t3)  \
    "ldr   " #x0 ", [" #pa ", #0]\n\t"                                                      \
    "ldr   " #x1 ", [" #pa ", #4]\n\t"                                                      \
    "ldr   " #x2 ", [" #pa ", #8]\n\t"                                                      \
    "ldr   " #x3 ", [" #pa ", #12]\n\t"                                                     \
    "ldr   " #x4 ", [" #pa ", #16]\n\t"                                                     \
    "ldr   " #x5 ", [" #pa ", #20]\n\t"                                                     \
    "ldr   " #x6 ", [" #pa ", #24]\n\t"                                                     \
    "ldr   " #x7 ", [" #pa ", #28]\n\t"                                                     \
    FE_CHAIN4_ASM(op, opc, pb, 0, x0, x1, x2, x3, t0, t1, t2, t3)                          \
    FE_CHAIN4_ASM(opc, opc, pb, 16, x4, x5, x6, x7, t0, t1, t2, t3)

#define FE_ADDSUB8_ASM(op, opc)                                                             \
    FE_ADDSUB8_REGS_ASM(op, opc, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r1, r11, r12, lr)

#define FE_ADDSUB6_ASM(op, opc)                                                             \
    "ldr   r3, [r1, #0]\n\t"                                                                \
    "ldr   r4, [r1, #4]\n\t"                                                                \
    "ldr   r5, [r1, #8]\n\t"                                                                \
    "ldr   r6, [r1, #12]\n\t"                                                               \
    "ldr   r7, [r1, #16]\n\t"                                                               \
    "ldr   r8, [r1, #20]\n\t"                                                               \
    "ldr   r1, [r2, #0]\n\t"                                                                \
    "ldr   r11, [r2, #4]\n\t"                                                               \
    "ldr   r12, [r2, #8]\n\t"                                                               \
    op "  r3, r3, r1\n\t"                                                                   \
    opc "  r4, r4, r11\n\t"                                                                 \
    opc "  r5, r5, r12\n\t"                                                                 \
    "ldr   r1, [r2, #12]\n\t"                                                               \
    "ldr   r11, [r2, #16]\n\t"                                                              \
    "ldr   r12, [r2, #20]\n\t"                                                              \
    opc "  r6, r6, r1\n\t"                                                                  \
    opc "  r7, r7, r11\n\t"                                                                 \
    opc "  r8, r8, r12\n\t"

/* After a + b: C is the carry out of the top; x + 38 C by fe_fold. */
#define FE_ADD_END_ASM(...)                                                                 \
    "mov   lr, #38\n\t"                                                                     \
    "mov   r12, #0\n\t"                                                                     \
    "adc   r12, r12, #0\n\t"                                                                \
    "fe_fold r12, lr, " #__VA_ARGS__ "\n\t"

/* After a - b: C is clear on a borrow out of the top; x - 38 B, then 38 B2 off word 0. */
#define FE_SUB_END_ASM(x0, ...)                                                             \
    "sbc   r12, r12, r12\n\t"                  /* -B */                                     \
    "and   r12, r12, #38\n\t"                                                               \
    "subs  " #x0 ", " #x0 ", r12\n\t"                                                       \
    ".irp  fe_x, " #__VA_ARGS__ "\n\t"                                                      \
    "sbcs  \\fe_x, \\fe_x, #0\n\t"                                                          \
    ".endr\n\t"                                                                             \
    "sbc   r12, r12, r12\n\t"                                                               \
    "and   r12, r12, #38\n\t"                                                               \
    "sub   " #x0 ", " #x0 ", r12\n\t"

#define FE_STORE_ASM(w)                                                                     \
    "str   r3, [r0, #0]\n\t"                                                                \
    "str   r4, [r0, #4]\n\t"                                                                \
    "str   r5, [r0, #8]\n\t"                                                                \
    "str   r6, [r0, #12]\n\t"                                                               \
    "str   r7, [r0, #16]\n\t"                                                               \
    "str   r8, [r0, #20]\n\t"                                                               \
    ".if " #w " == 8\n\t"                                                                   \
    "str   r9, [r0, #24]\n\t"                                                               \
    "str   r10, [r0, #28]\n\t"                                                              \
    ".endif\n\t"

#define FE_BINARY_FN(name, body)                                                            \
    FE_INLINE void name##_in(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b) \
    {                                                                                       \
        register fc_fe16_limb *r0 __asm__("r0") = r;                                        \
        register const fc_fe16_limb *r1 __asm__("r1") = a;                                  \
        register const fc_fe16_limb *r2 __asm__("r2") = b;                                  \
        __asm__ volatile(".syntax unified\n\t" FE_MACROS_ASM body FE_PURGE_ASM              \
                         : "+r"(r0), "+r"(r1), "+r"(r2)                                     \
                         :                                                                  \
                         : "r3", FE_ALL_CLOBBERS);                                          \
    }                                                                                       \
    __attribute__((noinline)) static void name(fc_fe16_limb *r, const fc_fe16_limb *a,      \
                             const fc_fe16_limb *b)                                        \
    {                                                                                       \
        name##_in(r, a, b);                                                                 \
    }

FE_BINARY_FN(fe_add8, FE_ADDSUB8_ASM("adds", "adcs")
             FE_ADD_END_ASM(r3, r4, r5, r6, r7, r8, r9, r10) FE_STORE_ASM(8))
FE_BINARY_FN(fe_add6, FE_ADDSUB6_ASM("adds", "adcs")
             FE_ADD_END_ASM(r3, r4, r5, r6, r7, r8) FE_STORE_ASM(6))
FE_BINARY_FN(fe_sub8, FE_ADDSUB8_ASM("subs", "sbcs")
             FE_SUB_END_ASM(r3, r4, r5, r6, r7, r8, r9, r10) FE_STORE_ASM(8))
FE_BINARY_FN(fe_sub6, FE_ADDSUB6_ASM("subs", "sbcs")
             FE_SUB_END_ASM(r3, r4, r5, r6, r7, r8) FE_STORE_ASM(6))

/* r = (a + b)^2 and (a - b)^2 for 8 words: the sum or difference made in r0..r7 (a through
 * r9, b through r10) goes straight into the square (fe_sqr8_regs, r in r8), never through
 * memory. 6 words: the sum or difference through r, then the square. */
#define FE_ADDSUB8_R0_ASM(op, opc)                                                          \
    FE_ADDSUB8_REGS_ASM(op, opc, r9, r10, r0, r1, r2, r3, r4, r5, r6, r7, r11, r12, lr, r9)

#define FE_ADDSUB_SQR8_FN(name, body)                                                       \
    FE_INLINE void name##_in(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b) \
    {                                                                                       \
        register fc_fe16_limb *r8 __asm__("r8") = r;                                        \
        register const fc_fe16_limb *r9 __asm__("r9") = a;                                  \
        register const fc_fe16_limb *r10 __asm__("r10") = b;                                \
        __asm__ volatile(".syntax unified\n\t" FE_MACROS_ASM body FE_PURGE_ASM              \
                         "bl    fe_sqr8_regs\n\t"                                            \
                         : "+r"(r8), "+r"(r9), "+r"(r10)                                    \
                         :                                                                  \
                         : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r11", "r12",    \
                           "lr", "cc", "memory");                                           \
    }

FE_ADDSUB_SQR8_FN(fe_addsqr8, FE_ADDSUB8_R0_ASM("adds", "adcs")
                  FE_ADD_END_ASM(r0, r1, r2, r3, r4, r5, r6, r7))
FE_ADDSUB_SQR8_FN(fe_subsqr8, FE_ADDSUB8_R0_ASM("subs", "sbcs")
                  FE_SUB_END_ASM(r0, r1, r2, r3, r4, r5, r6, r7))

FE_INLINE void fe_addsqr6_in(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b)
{
    fe_add6_in(r, a, b);
    fe_sqr6_in(r, r);
}

FE_INLINE void fe_subsqr6_in(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b)
{
    fe_sub6_in(r, a, b);
    fe_sqr6_in(r, r);
}

void fc_fe16_add(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    if (n == 16)
        fe_add8(r, a, b);
    else
        fe_add6(r, a, b);
}

void fc_fe16_sub(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    if (n == 16)
        fe_sub8(r, a, b);
    else
        fe_sub6(r, a, b);
}

/* a * c (+ b), c < 2^19 in r2: word k is a_k c plus the carry plus x (UMAAL: x is 0, or
 * b_k for mul_small_add), the last carry (< 2^19 + 1) folded in as 38 times it. a is read
 * two words at a time (r12, lr). */
#define FE_MUL_SMALL_WORDS_ASM(k, x, y, zero)                                               \
    "ldr   r12, [r1, #4 * " #k "]\n\t"                                                      \
    "ldr   lr, [r1, #4 * " #k " + 4]\n\t"                                                   \
    zero " " #x ", #0\n\t"                                                                  \
    zero " " #y ", #0\n\t"                                                                  \
    "umaal " #x ", r11, r12, r2\n\t"                                                        \
    "umaal " #y ", r11, lr, r2\n\t"

/* zero: "mov" for a c; "@" for a c + b with b already in the words (the line is then an
 * assembler comment) */
#define FE_MUL_SMALL8_ASM(zero)                                                             \
    "mov   r11, #0\n\t"                                                                     \
    FE_MUL_SMALL_WORDS_ASM(0, r3, r4, zero) FE_MUL_SMALL_WORDS_ASM(2, r5, r6, zero)         \
    FE_MUL_SMALL_WORDS_ASM(4, r7, r8, zero) FE_MUL_SMALL_WORDS_ASM(6, r9, r10, zero)        \
    "mov   lr, #38\n\t"                                                                     \
    "fe_fold r11, lr, r3, r4, r5, r6, r7, r8, r9, r10\n\t"                                  \
    FE_STORE_ASM(8)

#define FE_MUL_SMALL6_ASM(zero)                                                             \
    "mov   r11, #0\n\t"                                                                     \
    FE_MUL_SMALL_WORDS_ASM(0, r3, r4, zero) FE_MUL_SMALL_WORDS_ASM(2, r5, r6, zero)         \
    FE_MUL_SMALL_WORDS_ASM(4, r7, r8, zero)                                                 \
    "mov   lr, #38\n\t"                                                                     \
    "fe_fold r11, lr, r3, r4, r5, r6, r7, r8\n\t"                                           \
    FE_STORE_ASM(6)

#define FE_MUL_SMALL_FN(name, body)                                                         \
    FE_INLINE void name##_in(fc_fe16_limb *r, const fc_fe16_limb *a, uint32_t c)            \
    {                                                                                       \
        register fc_fe16_limb *r0 __asm__("r0") = r;                                        \
        register const fc_fe16_limb *r1 __asm__("r1") = a;                                  \
        register uint32_t r2 __asm__("r2") = c;                                             \
        __asm__ volatile(".syntax unified\n\t" FE_MACROS_ASM body FE_PURGE_ASM              \
                         : "+r"(r0), "+r"(r1), "+r"(r2)                                     \
                         :                                                                  \
                         : "r3", FE_ALL_CLOBBERS);                                          \
    }                                                                                       \
    __attribute__((noinline)) static void name(fc_fe16_limb *r, const fc_fe16_limb *a,      \
                                               uint32_t c)                                 \
    {                                                                                       \
        name##_in(r, a, c);                                                                 \
    }

FE_MUL_SMALL_FN(fe_mul_small8, FE_MUL_SMALL8_ASM("mov"))
FE_MUL_SMALL_FN(fe_mul_small6, FE_MUL_SMALL6_ASM("mov"))

/* r = a c + b (the ladder's a24 E + AA): b (r12) loaded into the words first. */
#define FE_MUL_SMALL_ADD_FN(name, w, body)                                                  \
    FE_INLINE void name##_in(fc_fe16_limb *r, const fc_fe16_limb *a, uint32_t c,            \
                             const fc_fe16_limb *b)                                        \
    {                                                                                       \
        register fc_fe16_limb *r0 __asm__("r0") = r;                                        \
        register const fc_fe16_limb *r1 __asm__("r1") = a;                                  \
        register uint32_t r2 __asm__("r2") = c;                                             \
        register const fc_fe16_limb *r12 __asm__("r12") = b;                                \
        __asm__ volatile(".syntax unified\n\t" FE_MACROS_ASM                                \
                         ".set  fe_o, 0\n\t"                                                \
                         ".irp  fe_x, r3, r4, r5, r6, r7, r8, r9, r10\n\t"                  \
                         ".if   fe_o < 4 * " #w "\n\t"                                       \
                         "ldr   \\fe_x, [r12, #fe_o]\n\t"                                   \
    ".endif\n\t"                                                                            \
                         ".set  fe_o, fe_o + 4\n\t"                                         \
                         ".endr\n\t" body FE_PURGE_ASM                                      \
                         : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r12)                          \
                         :                                                                  \
                         : "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "lr",    \
                           "cc", "memory");                                                 \
    }

FE_MUL_SMALL_ADD_FN(fe_mul_small_add8, 8, FE_MUL_SMALL8_ASM("@"))
FE_MUL_SMALL_ADD_FN(fe_mul_small_add6, 6, FE_MUL_SMALL6_ASM("@"))

void fc_fe16_mul_small(fc_fe16_limb *r, const fc_fe16_limb *a, uint32_t c, unsigned n)
{
    if (n == 16)
        fe_mul_small8(r, a, c);
    else
        fe_mul_small6(r, a, c);
}

/* r = mask ? b : a for the ladder (mask 0 or all ones in r3): a ^ ((a ^ b) & mask), straight-line
 * over w words, four at a time where there are four (one run of eight loads). */
#define FE_CSEL_WORDS_ASM(o, x, y)                                                          \
    "eor   " #y ", " #y ", " #x "\n\t"                                                        \
    "and   " #y ", " #y ", r3\n\t"                                                          \
    "eor   " #x ", " #x ", " #y "\n\t"                                                        \
    "str   " #x ", [r0, #" #o "]\n\t"

#define FE_CSEL4_ASM(o)                                                                     \
    "ldr   r4, [r1, #" #o "]\n\t"                                                           \
    "ldr   r5, [r1, #" #o " + 4]\n\t"                                                       \
    "ldr   r6, [r1, #" #o " + 8]\n\t"                                                       \
    "ldr   r7, [r1, #" #o " + 12]\n\t"                                                      \
    "ldr   r8, [r2, #" #o "]\n\t"                                                           \
    "ldr   r9, [r2, #" #o " + 4]\n\t"                                                       \
    "ldr   r10, [r2, #" #o " + 8]\n\t"                                                      \
    "ldr   r11, [r2, #" #o " + 12]\n\t"                                                     \
    FE_CSEL_WORDS_ASM(o, r4, r8) FE_CSEL_WORDS_ASM(o + 4, r5, r9)                           \
    FE_CSEL_WORDS_ASM(o + 8, r6, r10) FE_CSEL_WORDS_ASM(o + 12, r7, r11)

#define FE_CSEL2_ASM(o)                                                                     \
    "ldr   r4, [r1, #" #o "]\n\t"                                                           \
    "ldr   r5, [r1, #" #o " + 4]\n\t"                                                       \
    "ldr   r8, [r2, #" #o "]\n\t"                                                           \
    "ldr   r9, [r2, #" #o " + 4]\n\t"                                                       \
    FE_CSEL_WORDS_ASM(o, r4, r8) FE_CSEL_WORDS_ASM(o + 4, r5, r9)

#define FE_CSEL8_ASM FE_CSEL4_ASM(0) FE_CSEL4_ASM(16)
#define FE_CSEL6_ASM FE_CSEL4_ASM(0) FE_CSEL2_ASM(16)

#define FE_CSEL_FN(name, w)                                                                 \
    FE_INLINE void name##_in(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, \
                             uint32_t mask)                                                \
    {                                                                                       \
        register fc_fe16_limb *r0 __asm__("r0") = r;                                        \
        register const fc_fe16_limb *r1 __asm__("r1") = a;                                  \
        register const fc_fe16_limb *r2 __asm__("r2") = b;                                  \
        register uint32_t r3 __asm__("r3") = mask;                                          \
        __asm__ volatile(".syntax unified\n\t" FE_CSEL##w##_ASM                              \
                         : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3)                           \
                         :                                                                  \
                         : "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "memory");     \
    }

FE_CSEL_FN(fe_csel8, 8)
FE_CSEL_FN(fe_csel6, 6)

/* The ladder step of x25519.c and x19119.c (RFC 7748 section 5) as one function: the
 * operations' asm bodies inlined in sequence, the product and square as subroutines that save
 * nothing, so the step saves and restores the callee-saved registers once, not once per
 * operation. u_small != 0 (public) takes z3 = u_small (DA - CB)^2 instead of x1 (DA - CB)^2.
 * The swap of (x2, z2) with (x3, z3) is not done: with A, B, C, D computed from the unswapped
 * points, the swap would exchange (A, B) with (C, D), under which (DA + CB)^2 and (DA - CB)^2
 * are the same (DA and CB trade places), so only the doubling's inputs are selected, by mask
 * (two arrays written instead of four). The results are those of RFC 7748's step on the
 * swapped points: x2 = AA BB, z2 = E (AA + a24 E), x3, z3, and t0 = AA, t1 = BB. (DA + CB)^2
 * and (DA - CB)^2 go from the addition to the square in registers (fe_addsqr8, fe_subsqr8). */
#define FE_LADDER_FN(name, w)                                                               \
    FE_INLINE void name(uint32_t *t, fc_fe16_limb *x2, fc_fe16_limb *z2, fc_fe16_limb *x3,  \
                        fc_fe16_limb *z3, fc_fe16_limb *t0, fc_fe16_limb *t1,               \
                        const fc_fe16_limb *x1, uint32_t swap, uint32_t u_small,            \
                        uint32_t a24)                                                      \
    {                                                                                       \
        fe_add##w##_in(t0, x2, z2);                  /* A of (x2, z2) */                    \
        fe_sub##w##_in(t1, x2, z2);                  /* B */                                \
        fe_add##w##_in(x2, x3, z3);                  /* C: A of (x3, z3) */                 \
        fe_sub##w##_in(z2, x3, z3);                  /* D */                                \
        fe_csel##w##_in(x3, t0, x2, 0u - swap);      /* the doubling's A */                 \
        fe_csel##w##_in(z3, t1, z2, 0u - swap);      /* the doubling's B */                 \
        fe_mul##w##_in(t, z2, z2, t0);               /* DA */                               \
        fe_mul##w##_in(t, x2, x2, t1);               /* CB */                               \
        fe_sqr##w##_in(t0, x3);                      /* AA */                               \
        fe_sqr##w##_in(t1, z3);                      /* BB */                               \
        fe_addsqr##w##_in(x3, z2, x2);               /* (DA + CB)^2 */                      \
        fe_subsqr##w##_in(z3, z2, x2);               /* (DA - CB)^2 */                      \
        if (u_small != 0)                                                                   \
            fe_mul_small##w##_in(z3, z3, u_small);                                          \
        else                                                                                \
            fe_mul##w##_in(t, z3, z3, x1);                                                  \
        fe_sub##w##_in(z2, t0, t1);                  /* E = AA - BB */                      \
        fe_mul_small_add##w##_in(x2, z2, a24, t0);   /* AA + a24 E */                       \
        fe_mul##w##_in(t, z2, z2, x2);               /* z2 = E (AA + a24 E) */              \
        fe_mul##w##_in(t, x2, t0, t1);               /* x2 = AA BB */                       \
    }

FE_LADDER_FN(fe_ladder_step8, 8)
FE_LADDER_FN(fe_ladder_step6, 6)

void fc_fe16_ladder_step(fc_fe16_limb *x2, fc_fe16_limb *z2, fc_fe16_limb *x3, fc_fe16_limb *z3,
                         fc_fe16_limb *t0, fc_fe16_limb *t1, const fc_fe16_limb *x1,
                         uint32_t swap, uint32_t u_small, uint32_t a24, unsigned n)
{
    uint32_t t[18]; /* the frame of the products and squares */
    if (n == 16)
        fe_ladder_step8(t, x2, z2, x3, z3, t0, t1, x1, swap, u_small, a24);
    else
        fe_ladder_step6(t, x2, z2, x3, z3, t0, t1, x1, swap, u_small, a24);
}

/* Swap under the mask -bit, a word at a time: d = (x ^ y) & mask, x ^= d, y ^= d. The loop
 * runs n / 2 words, two per round (n = 12 or 16). */
void fc_fe16_cswap(fc_fe16_limb *a, fc_fe16_limb *b, uint32_t bit, unsigned n)
{
    register fc_fe16_limb *r0 __asm__("r0") = a;
    register fc_fe16_limb *r1 __asm__("r1") = b;
    register uint32_t r2 __asm__("r2") = bit;
    register unsigned r3 __asm__("r3") = n;
    __asm__ volatile(
        ".syntax unified\n\t"
        "add   r3, r0, r3, lsl #1\n\t"          /* end of a */
        "rsb   r2, r2, #0\n\t"
        "1:\n\t"
        "ldr   r12, [r0, #0]\n\t"
        "ldr   r4, [r1, #0]\n\t"
        "ldr   r5, [r0, #4]\n\t"
        "ldr   r6, [r1, #4]\n\t"
        "eor   lr, r12, r4\n\t"
        "and   lr, lr, r2\n\t"
        "eor   r12, r12, lr\n\t"
        "eor   r4, r4, lr\n\t"
        "eor   lr, r5, r6\n\t"
        "and   lr, lr, r2\n\t"
        "eor   r5, r5, lr\n\t"
        "eor   r6, r6, lr\n\t"
        "str   r12, [r0], #4\n\t"
        "str   r5, [r0], #4\n\t"
        "str   r4, [r1], #4\n\t"
        "str   r6, [r1], #4\n\t"
        "cmp   r0, r3\n\t"
        "bne   1b\n\t"
        : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3)
        :
        : "r4", "r5", "r6", "r12", "lr", "cc", "memory");
}

#endif /* FC_FE16_NEEDED && FC_FE16_ARMV7M */
