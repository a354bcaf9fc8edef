/* The P-256 field (p256_field.h) in Thumb-2 assembly for the Cortex-M4 (ARMv7E-M:
 * P256_FIELD_ARMV7M): Montgomery multiplication and squaring, addition and subtraction.
 *
 * Multiplication: the 512-bit product into a 16-word frame on the stack, by operand scanning
 * in two passes over b's halves (b[0..3], then b[4..7], in r3-r6): row i adds a_i b[h..h+3]
 * into four columns held in a window of five rotating registers (r8-r12), one UMAAL per word:
 * UMAAL adds the column word and the row's carry to the product, and the carry out is the
 * next word of the row. Pass 2 adds pass 1's words as they go: row 0 starts from t[4..7], rows
 * 4..7 take t[8..11] as their first carry (UMAAL's two addends make that free).
 *
 * Squaring: the cross products C = sum a_i a_j 2^(32 (i + j)) (i > j) once, in the same two
 * passes over a's halves (28 UMALLs/UMAALs instead of 64; a[1..3] and a[5..7] are read from
 * the half in r3-r6). The square a^2 = 2 C + sum a_i^2 2^(64 i) is never written out: the
 * reduction's column k takes 2 C_k (UMAAL by two) and word k of the squares (UMULL a_i a_i:
 * the low word in column 2i, the high word in column 2i + 1) as two more of its terms.
 *
 * Reduction (p256_field.c has the method): -p^-1 = 1 mod 2^32, so q_k is what is left of
 * column k for k < 8, and column k adds t_k + q_(k-3) + q_(k-6) - q_(k-7) + q_(k-8). Here
 * -q_(k-7) is taken as ~q_(k-7) + 1 - 2^32; summed over columns 7..14 the constants are
 * 2^224 - 2^480, +1 in column 7 and -1 in column 15, so every other term is unsigned: a UMAAL
 * by one (r12) adds t_k, the carry and the first term in one instruction, UMLAL by one adds
 * each further term to the 64-bit column, whose high word is the next column's carry (a column
 * stays below 2^35, so no UMLAL overflows). q_0..q_7 stay in registers; result word k - 8 takes
 * the register q_(k-8) leaves after column k. The result is below 2p: its borrow against p
 * (an SBCS chain), then p ANDed with the mask subtracted.
 *
 * Addition and subtraction: one ADCS/SBCS chain over the words in registers (LDM), the masked
 * correction by p, STM.
 *
 * Constant time: straight-line code with fixed addresses, corrections by masks, no branch;
 * UMULL, UMLAL and UMAAL take one cycle on the Cortex-M4 whatever their operands (ARM DDI
 * 0439B, table 3.1: the M4's multiplier is single-cycle, unlike the M3's early-terminating
 * UMULL/UMLAL). The stack frame holds the product; the curve code's stack wipe
 * (FC_STACK_WIPE_BYTES) covers it as it did the C product's.
 *
 * Each function is one asm statement for gcc with optimization (P256_FIELD_ARMV7M): every
 * register but sp is clobbered, so r7 must not be the frame pointer (as in aes_ct_armv7m.c and
 * p256_field_armv6m.c), and the stack frame is the function's own C arrays, named as memory
 * operands (sp-relative), so that -fstack-usage and `fieldcrypt mcu-report` count it. r may
 * alias a or b: the result is stored after the last read of the inputs.
 */
#include "p256_field.h"

#if FC_WITH_EC && P256_FIELD_ARMV7M

/* The Montgomery functions' frame: t[0..15] (the square: its cross products C_1..C_14, then
 * a[4..7] in t[16..19]) and r, as memory operands. */
#define P256_T16(t)                                                                          \
    [t0] "=m"(t[0]), [t1] "=m"(t[1]), [t2] "=m"(t[2]), [t3] "=m"(t[3]), [t4] "=m"(t[4]),     \
    [t5] "=m"(t[5]), [t6] "=m"(t[6]), [t7] "=m"(t[7]), [t8] "=m"(t[8]), [t9] "=m"(t[9]),     \
    [t10] "=m"(t[10]), [t11] "=m"(t[11]), [t12] "=m"(t[12]), [t13] "=m"(t[13]),             \
    [t14] "=m"(t[14]), [t15] "=m"(t[15])
#define P256_CLOBBERS                                                                        \
    "r0", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr", "cc", "memory"

/* r = a b / R mod p: a in r1, b in r2 */
void p256_mont_mul(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    uint32_t t[16], *rp = r;
    register const uint32_t *r1 __asm__("r1") = a;
    register const uint32_t *r2 __asm__("r2") = b;
    __asm__ volatile(
        ".syntax unified\n\t"
        "ldr   r3, [r2, #0]\n\t"                  /* b[0..3] */
        "ldr   r4, [r2, #4]\n\t"
        "ldr   r5, [r2, #8]\n\t"
        "ldr   r6, [r2, #12]\n\t"
        "ldr   r7, [r1, #0]\n\t"                  /* a[0], a[1] */
        "ldr   lr, [r1, #4]\n\t"
        "movs  r9, #0\n\t"
        "movs  r10, #0\n\t"
        "movs  r11, #0\n\t"
        "umull r8, r12, r7, r3\n\t"
        "umaal r9, r12, r7, r4\n\t"
        "umaal r10, r12, r7, r5\n\t"
        "umaal r11, r12, r7, r6\n\t"
        "str   r8, %[t0]\n\t"
        "movs  r8, #0\n\t"
        "umaal r9, r8, lr, r3\n\t"
        "umaal r10, r8, lr, r4\n\t"
        "umaal r11, r8, lr, r5\n\t"
        "umaal r12, r8, lr, r6\n\t"
        "str   r9, %[t1]\n\t"
        "ldr   r7, [r1, #8]\n\t"                  /* a[2], a[3] */
        "ldr   lr, [r1, #12]\n\t"
        "movs  r9, #0\n\t"
        "umaal r10, r9, r7, r3\n\t"
        "umaal r11, r9, r7, r4\n\t"
        "umaal r12, r9, r7, r5\n\t"
        "umaal r8, r9, r7, r6\n\t"
        "str   r10, %[t2]\n\t"
        "movs  r10, #0\n\t"
        "umaal r11, r10, lr, r3\n\t"
        "umaal r12, r10, lr, r4\n\t"
        "umaal r8, r10, lr, r5\n\t"
        "umaal r9, r10, lr, r6\n\t"
        "str   r11, %[t3]\n\t"
        "ldr   r7, [r1, #16]\n\t"                 /* a[4], a[5] */
        "ldr   lr, [r1, #20]\n\t"
        "movs  r11, #0\n\t"
        "umaal r12, r11, r7, r3\n\t"
        "umaal r8, r11, r7, r4\n\t"
        "umaal r9, r11, r7, r5\n\t"
        "umaal r10, r11, r7, r6\n\t"
        "str   r12, %[t4]\n\t"
        "movs  r12, #0\n\t"
        "umaal r8, r12, lr, r3\n\t"
        "umaal r9, r12, lr, r4\n\t"
        "umaal r10, r12, lr, r5\n\t"
        "umaal r11, r12, lr, r6\n\t"
        "str   r8, %[t5]\n\t"
        "ldr   r7, [r1, #24]\n\t"                 /* a[6], a[7] */
        "ldr   lr, [r1, #28]\n\t"
        "movs  r8, #0\n\t"
        "umaal r9, r8, r7, r3\n\t"
        "umaal r10, r8, r7, r4\n\t"
        "umaal r11, r8, r7, r5\n\t"
        "umaal r12, r8, r7, r6\n\t"
        "str   r9, %[t6]\n\t"
        "movs  r9, #0\n\t"
        "umaal r10, r9, lr, r3\n\t"
        "umaal r11, r9, lr, r4\n\t"
        "umaal r12, r9, lr, r5\n\t"
        "umaal r8, r9, lr, r6\n\t"
        "str   r10, %[t7]\n\t"
        "str   r11, %[t8]\n\t"                    /* t[8..11] of pass 1 */
        "str   r12, %[t9]\n\t"
        "str   r8, %[t10]\n\t"
        "str   r9, %[t11]\n\t"
        "ldr   r3, [r2, #16]\n\t"                 /* b[4..7] */
        "ldr   r4, [r2, #20]\n\t"
        "ldr   r5, [r2, #24]\n\t"
        "ldr   r6, [r2, #28]\n\t"
        "ldr   r7, [r1, #0]\n\t"                  /* a[0], a[1] */
        "ldr   lr, [r1, #4]\n\t"
        "ldr   r12, %[t4]\n\t"
        "ldr   r8, %[t5]\n\t"
        "ldr   r9, %[t6]\n\t"
        "ldr   r10, %[t7]\n\t"
        "movs  r11, #0\n\t"
        "umaal r12, r11, r7, r3\n\t"
        "umaal r8, r11, r7, r4\n\t"
        "umaal r9, r11, r7, r5\n\t"
        "umaal r10, r11, r7, r6\n\t"
        "str   r12, %[t4]\n\t"
        "movs  r12, #0\n\t"
        "umaal r8, r12, lr, r3\n\t"
        "umaal r9, r12, lr, r4\n\t"
        "umaal r10, r12, lr, r5\n\t"
        "umaal r11, r12, lr, r6\n\t"
        "str   r8, %[t5]\n\t"
        "ldr   r7, [r1, #8]\n\t"                  /* a[2], a[3] */
        "ldr   lr, [r1, #12]\n\t"
        "movs  r8, #0\n\t"
        "umaal r9, r8, r7, r3\n\t"
        "umaal r10, r8, r7, r4\n\t"
        "umaal r11, r8, r7, r5\n\t"
        "umaal r12, r8, r7, r6\n\t"
        "str   r9, %[t6]\n\t"
        "movs  r9, #0\n\t"
        "umaal r10, r9, lr, r3\n\t"
        "umaal r11, r9, lr, r4\n\t"
        "umaal r12, r9, lr, r5\n\t"
        "umaal r8, r9, lr, r6\n\t"
        "str   r10, %[t7]\n\t"
        "ldr   r7, [r1, #16]\n\t"                 /* a[4], a[5] */
        "ldr   lr, [r1, #20]\n\t"
        "ldr   r10, %[t8]\n\t"
        "umaal r11, r10, r7, r3\n\t"
        "umaal r12, r10, r7, r4\n\t"
        "umaal r8, r10, r7, r5\n\t"
        "umaal r9, r10, r7, r6\n\t"
        "str   r11, %[t8]\n\t"
        "ldr   r11, %[t9]\n\t"
        "umaal r12, r11, lr, r3\n\t"
        "umaal r8, r11, lr, r4\n\t"
        "umaal r9, r11, lr, r5\n\t"
        "umaal r10, r11, lr, r6\n\t"
        "str   r12, %[t9]\n\t"
        "ldr   r7, [r1, #24]\n\t"                 /* a[6], a[7] */
        "ldr   lr, [r1, #28]\n\t"
        "ldr   r12, %[t10]\n\t"
        "umaal r8, r12, r7, r3\n\t"
        "umaal r9, r12, r7, r4\n\t"
        "umaal r10, r12, r7, r5\n\t"
        "umaal r11, r12, r7, r6\n\t"
        "str   r8, %[t10]\n\t"
        "ldr   r8, %[t11]\n\t"
        "umaal r9, r8, lr, r3\n\t"
        "umaal r10, r8, lr, r4\n\t"
        "umaal r11, r8, lr, r5\n\t"
        "umaal r12, r8, lr, r6\n\t"
        "str   r9, %[t11]\n\t"
        "str   r10, %[t12]\n\t"
        "str   r11, %[t13]\n\t"
        "str   r12, %[t14]\n\t"
        "str   r8, %[t15]\n\t"
        "ldr   r1, %[t0]\n\t"                     /* q_0..q_2 = t_0..t_2; t_3..t_7 */
        "ldr   r2, %[t1]\n\t"
        "ldr   r3, %[t2]\n\t"
        "ldr   r4, %[t3]\n\t"
        "ldr   r5, %[t4]\n\t"
        "ldr   r6, %[t5]\n\t"
        "ldr   r7, %[t6]\n\t"
        "ldr   r8, %[t7]\n\t"
        "movs  r12, #1\n\t"
        "movs  r9, #0\n\t"
        "adds  r4, r4, r1\n\t"                    /* columns 3..5: t + q_(k-3) */
        "adcs  r5, r5, r2\n\t"
        "adcs  r6, r6, r3\n\t"
        "adc   r9, r9, #0\n\t"
        "umaal r7, r9, r4, r12\n\t"               /* column 6: t6 + q3 + q0 */
        "umlal r7, r9, r1, r12\n\t"
        "umaal r8, r9, r5, r12\n\t"               /* column 7: t7 + q4 + q1 + ~q0 + 1 */
        "umlal r8, r9, r2, r12\n\t"
        "mvn   lr, r1\n\t"
        "umlal r8, r9, lr, r12\n\t"
        "umlal r8, r9, r12, r12\n\t"
        "ldr   r10, %[t8]\n\t"                    /* t_8..t_10 */
        "ldr   r11, %[t9]\n\t"
        "ldr   r0, %[t10]\n\t"
        "umaal r10, r9, r1, r12\n\t"
        "umlal r10, r9, r6, r12\n\t"
        "umlal r10, r9, r3, r12\n\t"
        "mvn   lr, r2\n\t"
        "umlal r10, r9, lr, r12\n\t"
        "umaal r11, r9, r2, r12\n\t"
        "umlal r11, r9, r7, r12\n\t"
        "umlal r11, r9, r4, r12\n\t"
        "mvn   lr, r3\n\t"
        "umlal r11, r9, lr, r12\n\t"
        "umaal r0, r9, r3, r12\n\t"
        "umlal r0, r9, r8, r12\n\t"
        "umlal r0, r9, r5, r12\n\t"
        "mvn   lr, r4\n\t"
        "umlal r0, r9, lr, r12\n\t"
        "ldr   r1, %[t11]\n\t"                    /* t_11..t_13 */
        "ldr   r2, %[t12]\n\t"
        "ldr   r3, %[t13]\n\t"
        "umaal r1, r9, r4, r12\n\t"
        "umlal r1, r9, r6, r12\n\t"
        "mvn   lr, r5\n\t"
        "umlal r1, r9, lr, r12\n\t"
        "umaal r2, r9, r5, r12\n\t"
        "umlal r2, r9, r7, r12\n\t"
        "mvn   lr, r6\n\t"
        "umlal r2, r9, lr, r12\n\t"
        "umaal r3, r9, r6, r12\n\t"
        "umlal r3, r9, r8, r12\n\t"
        "mvn   lr, r7\n\t"
        "umlal r3, r9, lr, r12\n\t"
        "ldr   r4, %[t14]\n\t"                    /* t_14..t_15 */
        "ldr   r5, %[t15]\n\t"
        "umaal r4, r9, r7, r12\n\t"
        "mvn   lr, r8\n\t"
        "umlal r4, r9, lr, r12\n\t"
        "umaal r5, r9, r8, r12\n\t"
        "subs  r5, r5, #1\n\t"
        "sbc   r9, r9, #0\n\t"
        "subs  lr, r10, #0xffffffff\n\t"          /* the borrow of out - p */
        "sbcs  lr, r11, #0xffffffff\n\t"
        "sbcs  lr, r0, #0xffffffff\n\t"
        "sbcs  lr, r1, #0\n\t"
        "sbcs  lr, r2, #0\n\t"
        "sbcs  lr, r3, #0\n\t"
        "sbcs  lr, r4, #1\n\t"
        "sbcs  lr, r5, #0xffffffff\n\t"
        "sbc   lr, r9, #0\n\t"
        "mvn   r12, lr\n\t"
        "subs  r10, r10, r12\n\t"                 /* out - (p & m); word 6 of p & m is m >> 31 */
        "sbcs  r11, r11, r12\n\t"
        "sbcs  r0, r0, r12\n\t"
        "sbcs  r1, r1, #0\n\t"
        "sbcs  r2, r2, #0\n\t"
        "sbcs  r3, r3, #0\n\t"
        "sbcs  r4, r4, r12, lsr #31\n\t"
        "sbcs  r5, r5, r12\n\t"
        "ldr   r7, %[rp]\n\t"                     /* r */
        "str   r10, [r7, #0]\n\t"
        "str   r11, [r7, #4]\n\t"
        "str   r0, [r7, #8]\n\t"
        "str   r1, [r7, #12]\n\t"
        "str   r2, [r7, #16]\n\t"
        "str   r3, [r7, #20]\n\t"
        "str   r4, [r7, #24]\n\t"
        "str   r5, [r7, #28]\n\t"
        : P256_T16(t), "+r"(r1), "+r"(r2)
        : [rp] "m"(rp)
        : P256_CLOBBERS);
}

/* r = a^2 / R mod p: a in r1. The reduction's registers (r1 is a until a[3] is read) are
 * handed out as columns finish with them; r2 = 2, r11 the carry, r12 = 1, lr the
 * complements. */
void p256_mont_sqr(uint32_t *r, const uint32_t *a)
{
    uint32_t t[20], *rp = r;
    register const uint32_t *r1 __asm__("r1") = a;
    __asm__ volatile(
        ".syntax unified\n\t"
        "ldr   r3, [r1, #0]\n\t"                  /* a[0..3] */
        "ldr   r4, [r1, #4]\n\t"
        "ldr   r5, [r1, #8]\n\t"
        "ldr   r6, [r1, #12]\n\t"
        "umull r9, r10, r4, r3\n\t"
        "str   r9, %[t1]\n\t"
        "movs  r12, #0\n\t"
        "movs  r11, #0\n\t"
        "umaal r10, r12, r5, r3\n\t"
        "umaal r11, r12, r5, r4\n\t"
        "str   r10, %[t2]\n\t"
        "movs  r9, #0\n\t"
        "movs  r8, #0\n\t"
        "umaal r11, r9, r6, r3\n\t"
        "umaal r12, r9, r6, r4\n\t"
        "umaal r8, r9, r6, r5\n\t"
        "str   r11, %[t3]\n\t"
        "ldr   r7, [r1, #16]\n\t"                 /* a[4], a[5] */
        "ldr   lr, [r1, #20]\n\t"
        "movs  r11, #0\n\t"
        "movs  r10, #0\n\t"
        "umaal r12, r11, r7, r3\n\t"
        "umaal r8, r11, r7, r4\n\t"
        "umaal r9, r11, r7, r5\n\t"
        "umaal r10, r11, r7, r6\n\t"
        "str   r12, %[t4]\n\t"
        "movs  r12, #0\n\t"
        "umaal r8, r12, lr, r3\n\t"
        "umaal r9, r12, lr, r4\n\t"
        "umaal r10, r12, lr, r5\n\t"
        "umaal r11, r12, lr, r6\n\t"
        "str   r8, %[t5]\n\t"
        "ldr   r7, [r1, #24]\n\t"                 /* a[6], a[7] */
        "ldr   lr, [r1, #28]\n\t"
        "movs  r8, #0\n\t"
        "umaal r9, r8, r7, r3\n\t"
        "umaal r10, r8, r7, r4\n\t"
        "umaal r11, r8, r7, r5\n\t"
        "umaal r12, r8, r7, r6\n\t"
        "str   r9, %[t6]\n\t"
        "movs  r9, #0\n\t"
        "umaal r10, r9, lr, r3\n\t"
        "umaal r11, r9, lr, r4\n\t"
        "umaal r12, r9, lr, r5\n\t"
        "umaal r8, r9, lr, r6\n\t"
        "str   r10, %[t7]\n\t"
        "ldr   r3, [r1, #16]\n\t"                 /* a[4..7] */
        "ldr   r4, [r1, #20]\n\t"
        "ldr   r5, [r1, #24]\n\t"
        "ldr   r6, [r1, #28]\n\t"
        "str   r11, %[t8]\n\t"
        "movs  r11, #0\n\t"
        "umaal r12, r11, r4, r3\n\t"
        "str   r12, %[t9]\n\t"
        "umaal r11, r8, r5, r3\n\t"
        "str   r11, %[t10]\n\t"
        "movs  r10, #0\n\t"
        "umaal r9, r8, r5, r4\n\t"
        "umaal r9, r10, r6, r3\n\t"
        "str   r9, %[t11]\n\t"
        "umaal r8, r10, r6, r4\n\t"
        "str   r8, %[t12]\n\t"
        "movs  r11, #0\n\t"
        "umaal r11, r10, r6, r5\n\t"
        "str   r11, %[t13]\n\t"
        "str   r10, %[t14]\n\t"
        "str   r3, %[t16]\n\t"                    /* a[4..7] for the upper columns */
        "str   r4, %[t17]\n\t"
        "str   r5, %[t18]\n\t"
        "str   r6, %[t19]\n\t"
        "movs  r12, #1\n\t"
        "movs  r2, #2\n\t"
        "movs  r11, #0\n\t"
        "ldr   r0, [r1, #0]\n\t"                  /* column 0: a[0]^2 */
        "ldr   r3, %[t1]\n\t"
        "umull r0, r4, r0, r0\n\t"
        "umaal r4, r11, r3, r2\n\t"               /* column 1 */
        "ldr   r5, [r1, #4]\n\t"                  /* column 2: a[1]^2; C_2, C_3 */
        "ldr   r6, %[t2]\n\t"
        "ldr   r7, %[t3]\n\t"
        "umull r5, r8, r5, r5\n\t"
        "umaal r5, r11, r6, r2\n\t"
        "umaal r8, r11, r7, r2\n\t"               /* column 3 */
        "umlal r8, r11, r0, r12\n\t"
        "ldr   r9, [r1, #8]\n\t"                  /* column 4: a[2]^2; C_4, C_5 */
        "ldr   r10, %[t4]\n\t"
        "ldr   r3, %[t5]\n\t"
        "umull r9, r6, r9, r9\n\t"
        "umaal r9, r11, r10, r2\n\t"
        "umlal r9, r11, r4, r12\n\t"
        "umaal r6, r11, r3, r2\n\t"               /* column 5 */
        "umlal r6, r11, r5, r12\n\t"
        "ldr   r7, [r1, #12]\n\t"                 /* column 6: a[3]^2; C_6, C_7 */
        "ldr   r10, %[t6]\n\t"
        "ldr   r3, %[t7]\n\t"
        "umull r7, r1, r7, r7\n\t"
        "umaal r7, r11, r10, r2\n\t"
        "umlal r7, r11, r8, r12\n\t"
        "umlal r7, r11, r0, r12\n\t"
        "umaal r1, r11, r3, r2\n\t"               /* column 7 */
        "umlal r1, r11, r9, r12\n\t"
        "umlal r1, r11, r4, r12\n\t"
        "mvn   lr, r0\n\t"
        "umlal r1, r11, lr, r12\n\t"
        "umlal r1, r11, r12, r12\n\t"
        "ldr   r10, %[t16]\n\t"                   /* column 8: a[4]^2 */
        "umull r10, r3, r10, r10\n\t"
        "umaal r10, r11, r0, r12\n\t"
        "ldr   r0, %[t8]\n\t"
        "umlal r10, r11, r0, r2\n\t"
        "umlal r10, r11, r6, r12\n\t"
        "umlal r10, r11, r5, r12\n\t"
        "mvn   lr, r4\n\t"
        "umlal r10, r11, lr, r12\n\t"
        "ldr   r0, %[t9]\n\t"                     /* column 9 */
        "umaal r3, r11, r0, r2\n\t"
        "umlal r3, r11, r4, r12\n\t"
        "umlal r3, r11, r7, r12\n\t"
        "umlal r3, r11, r8, r12\n\t"
        "mvn   lr, r5\n\t"
        "umlal r3, r11, lr, r12\n\t"
        "ldr   r0, %[t17]\n\t"                    /* column 10: a[5]^2 */
        "umull r0, r4, r0, r0\n\t"
        "umaal r0, r11, r5, r12\n\t"
        "ldr   r5, %[t10]\n\t"
        "umlal r0, r11, r5, r2\n\t"
        "umlal r0, r11, r1, r12\n\t"
        "umlal r0, r11, r9, r12\n\t"
        "mvn   lr, r8\n\t"
        "umlal r0, r11, lr, r12\n\t"
        "ldr   r5, %[t11]\n\t"                    /* column 11 */
        "umaal r4, r11, r5, r2\n\t"
        "umlal r4, r11, r8, r12\n\t"
        "umlal r4, r11, r6, r12\n\t"
        "mvn   lr, r9\n\t"
        "umlal r4, r11, lr, r12\n\t"
        "ldr   r5, %[t18]\n\t"                    /* column 12: a[6]^2 */
        "umull r5, r8, r5, r5\n\t"
        "umaal r5, r11, r9, r12\n\t"
        "ldr   r9, %[t12]\n\t"
        "umlal r5, r11, r9, r2\n\t"
        "umlal r5, r11, r7, r12\n\t"
        "mvn   lr, r6\n\t"
        "umlal r5, r11, lr, r12\n\t"
        "ldr   r9, %[t13]\n\t"                    /* column 13 */
        "umaal r8, r11, r9, r2\n\t"
        "umlal r8, r11, r6, r12\n\t"
        "umlal r8, r11, r1, r12\n\t"
        "mvn   lr, r7\n\t"
        "umlal r8, r11, lr, r12\n\t"
        "ldr   r9, %[t19]\n\t"                    /* column 14: a[7]^2 */
        "umull r9, r6, r9, r9\n\t"
        "umaal r9, r11, r7, r12\n\t"
        "ldr   r7, %[t14]\n\t"
        "umlal r9, r11, r7, r2\n\t"
        "mvn   lr, r1\n\t"
        "umlal r9, r11, lr, r12\n\t"
        "umaal r6, r11, r1, r12\n\t"              /* column 15 */
        "subs  r6, r6, #1\n\t"
        "sbc   r11, r11, #0\n\t"
        "subs  r7, r10, #0xffffffff\n\t"          /* the borrow of out - p */
        "sbcs  r7, r3, #0xffffffff\n\t"
        "sbcs  r7, r0, #0xffffffff\n\t"
        "sbcs  r7, r4, #0\n\t"
        "sbcs  r7, r5, #0\n\t"
        "sbcs  r7, r8, #0\n\t"
        "sbcs  r7, r9, #1\n\t"
        "sbcs  r7, r6, #0xffffffff\n\t"
        "sbc   r7, r11, #0\n\t"
        "mvn   r12, r7\n\t"
        "subs  r10, r10, r12\n\t"                 /* out - (p & m); word 6 of p & m is m >> 31 */
        "sbcs  r3, r3, r12\n\t"
        "sbcs  r0, r0, r12\n\t"
        "sbcs  r4, r4, #0\n\t"
        "sbcs  r5, r5, #0\n\t"
        "sbcs  r8, r8, #0\n\t"
        "sbcs  r9, r9, r12, lsr #31\n\t"
        "sbcs  r6, r6, r12\n\t"
        "ldr   r1, %[rp]\n\t"                     /* r */
        "str   r10, [r1, #0]\n\t"
        "str   r3, [r1, #4]\n\t"
        "str   r0, [r1, #8]\n\t"
        "str   r4, [r1, #12]\n\t"
        "str   r5, [r1, #16]\n\t"
        "str   r8, [r1, #20]\n\t"
        "str   r9, [r1, #24]\n\t"
        "str   r6, [r1, #28]\n\t"
        : P256_T16(t), [t16] "=m"(t[16]), [t17] "=m"(t[17]), [t18] "=m"(t[18]),
          [t19] "=m"(t[19]), "+r"(r1)
        : [rp] "m"(rp)
        : P256_CLOBBERS, "r2");
}

/* r = a + b mod p: s = a + b in r3-r10 with c - 1 (c the carry) in r1, then the borrow of s - p
 * (r12 scratch), m = all ones when c - borrow is 0 (s + c 2^256 >= p), and s - (p & m). The
 * words of p are 2^32 - 1, 0 and 1 (word 6: m >> 31 in the shifter). */
void p256_add(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    register uint32_t *r0 __asm__("r0") = r;
    register const uint32_t *r1 __asm__("r1") = a;
    register const uint32_t *r2 __asm__("r2") = b;
    __asm__ volatile(
        ".syntax unified\n\t"
        "ldm   r1, {r3-r10}\n\t"              /* a */
        "ldm   r2!, {r1, r12, lr}\n\t"        /* b, three words at a time */
        "adds  r3, r3, r1\n\t"
        "adcs  r4, r4, r12\n\t"
        "adcs  r5, r5, lr\n\t"
        "ldm   r2!, {r1, r12, lr}\n\t"        /* LDM keeps the flags */
        "adcs  r6, r6, r1\n\t"
        "adcs  r7, r7, r12\n\t"
        "adcs  r8, r8, lr\n\t"
        "ldm   r2, {r1, r2}\n\t"
        "adcs  r9, r9, r1\n\t"
        "adcs  r10, r10, r2\n\t"
        "sbc   r1, r1, r1\n\t"                /* c - 1 */
        "subs  r12, r3, #0xffffffff\n\t"      /* the borrow of s - p */
        "sbcs  r12, r4, #0xffffffff\n\t"
        "sbcs  r12, r5, #0xffffffff\n\t"
        "sbcs  r12, r6, #0\n\t"
        "sbcs  r12, r7, #0\n\t"
        "sbcs  r12, r8, #0\n\t"
        "sbcs  r12, r9, #1\n\t"
        "sbcs  r12, r10, #0xffffffff\n\t"
        "sbc   r12, r1, #0xffffffff\n\t"      /* c - borrow: 0 or -1 */
        "mvn   lr, r12\n\t"                   /* m */
        "subs  r3, r3, lr\n\t"                /* s - (p & m) */
        "sbcs  r4, r4, lr\n\t"
        "sbcs  r5, r5, lr\n\t"
        "sbcs  r6, r6, #0\n\t"
        "sbcs  r7, r7, #0\n\t"
        "sbcs  r8, r8, #0\n\t"
        "sbcs  r9, r9, lr, lsr #31\n\t"
        "sbcs  r10, r10, lr\n\t"
        "stm   r0, {r3-r10}\n\t"
        : "+r"(r1), "+r"(r2)
        : "r"(r0)
        : "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r12", "lr", "cc", "memory");
}

/* r = a - b mod p: d = a - b in r3-r10, m = -borrow in r1 (all ones when a < b), then
 * d + (p & m). */
void p256_sub(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    register uint32_t *r0 __asm__("r0") = r;
    register const uint32_t *r1 __asm__("r1") = a;
    register const uint32_t *r2 __asm__("r2") = b;
    __asm__ volatile(
        ".syntax unified\n\t"
        "ldm   r1, {r3-r10}\n\t"              /* a */
        "ldm   r2!, {r1, r12, lr}\n\t"        /* b */
        "subs  r3, r3, r1\n\t"
        "sbcs  r4, r4, r12\n\t"
        "sbcs  r5, r5, lr\n\t"
        "ldm   r2!, {r1, r12, lr}\n\t"
        "sbcs  r6, r6, r1\n\t"
        "sbcs  r7, r7, r12\n\t"
        "sbcs  r8, r8, lr\n\t"
        "ldm   r2, {r1, r2}\n\t"
        "sbcs  r9, r9, r1\n\t"
        "sbcs  r10, r10, r2\n\t"
        "sbc   r1, r1, r1\n\t"                /* m */
        "adds  r3, r3, r1\n\t"                /* d + (p & m) */
        "adcs  r4, r4, r1\n\t"
        "adcs  r5, r5, r1\n\t"
        "adcs  r6, r6, #0\n\t"
        "adcs  r7, r7, #0\n\t"
        "adcs  r8, r8, #0\n\t"
        "adcs  r9, r9, r1, lsr #31\n\t"
        "adcs  r10, r10, r1\n\t"
        "stm   r0, {r3-r10}\n\t"
        : "+r"(r1), "+r"(r2)
        : "r"(r0)
        : "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r12", "lr", "cc", "memory");
}

#endif
