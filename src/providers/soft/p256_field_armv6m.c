/* The P-256 field (p256_field.c) in Thumb-1 assembly: on the Cortex-M0/M0+ the 512-bit
 * products, by the Karatsuba over 32-bit words of fe16_product_armv6m.h and
 * fe16_product128_armv6m.h, the 128-bit products in registers (on the M0+ about 1360 cycles for
 * a product and 865 for a square; 1540 and 1055 with the 128-bit products over memory they
 * replaced, 1840 and 1190 with product scanning over 16-bit limbs), and the Montgomery
 * reduction, addition and subtraction, whose carry chains C compiles to loops of 64-bit
 * arithmetic, as ADCS/SBCS chains. (The Cortex-M4 has p256_field_armv7m.c.)
 *
 * Constant time: straight-line code with fixed addresses; the final correction of add and sub
 * subtracts or adds p ANDed with a mask made from the carry, never a branch; MULS takes a
 * fixed time on the M0/M0+.
 */
#include "p256_field.h"

#if FC_WITH_EC && P256_FIELD_THUMB

#include "fe16_product_armv6m.h"
#include "fe16_product128_armv6m.h"

/* r = s - (p & m) for the 8 words s at r0 (r0 = r), with m all ones when r6 = c = 1 or s >= p
 * (s + c 2^256 < 2p, so c = 1 makes s < p): a pass of SBCS against p for the borrow alone, then
 * the masked subtraction. The words of p are 2^32 - 1 (r5, or m), 0 (r4) and 1 (word 6, r7). */
#define P256_CORRECT_ASM                                                                    \
        "movs  r4, #0\n\t"            /* 0 */                                               \
        "mvns  r5, r4\n\t"            /* 2^32 - 1 */                                        \
        "movs  r7, #1\n\t"                                                                  \
        "ldr   r3, [r0, #0]\n\t"      /* s - p: the borrow only */                          \
        "subs  r3, r3, r5\n\t"                                                              \
        ".irp  o, 4, 8\n\t"                                                                 \
        "ldr   r3, [r0, #\\o]\n\t"                                                          \
        "sbcs  r3, r5\n\t"                                                                  \
        ".endr\n\t"                                                                         \
        ".irp  o, 12, 16, 20\n\t"                                                           \
        "ldr   r3, [r0, #\\o]\n\t"                                                          \
        "sbcs  r3, r4\n\t"                                                                  \
        ".endr\n\t"                                                                         \
        "ldr   r3, [r0, #24]\n\t"                                                           \
        "sbcs  r3, r7\n\t"                                                                  \
        "ldr   r3, [r0, #28]\n\t"                                                           \
        "sbcs  r3, r5\n\t"                                                                  \
        "adcs  r6, r4\n\t"            /* c + (no borrow): 0 or 1, as c = 1 makes s < p */   \
        "negs  r5, r6\n\t"            /* m */                                               \
        "ands  r7, r5\n\t"            /* p & m, word 6 */                                   \
        "ldr   r3, [r0, #0]\n\t"                                                            \
        "subs  r3, r3, r5\n\t"                                                              \
        "str   r3, [r0, #0]\n\t"                                                            \
        ".irp  o, 4, 8\n\t"                                                                 \
        "ldr   r3, [r0, #\\o]\n\t"                                                          \
        "sbcs  r3, r5\n\t"                                                                  \
        "str   r3, [r0, #\\o]\n\t"                                                          \
        ".endr\n\t"                                                                         \
        ".irp  o, 12, 16, 20\n\t"                                                           \
        "ldr   r3, [r0, #\\o]\n\t"                                                          \
        "sbcs  r3, r4\n\t"                                                                  \
        "str   r3, [r0, #\\o]\n\t"                                                          \
        ".endr\n\t"                                                                         \
        "ldr   r3, [r0, #24]\n\t"                                                           \
        "sbcs  r3, r7\n\t"                                                                  \
        "str   r3, [r0, #24]\n\t"                                                           \
        "ldr   r3, [r0, #28]\n\t"                                                           \
        "sbcs  r3, r5\n\t"                                                                  \
        "str   r3, [r0, #28]\n\t"                                                           \

#define P256_ASM_CLOBBERS "r4", "r5", "r6", "r7", "r12", "cc", "memory"

#if P256_FIELD_ARMV6M
/* The Karatsuba products of fe16_product_armv6m.h with fe16_product128_armv6m.h's 128-bit
 * products in registers (those of the 16-limb fe16 field), the result written to t by
 * kb_combine4 (KR_*_TO_T_ASM); their work area is a local array, so the frame gcc reports for
 * these functions is the real one. */
void p256_product_armv6m(uint32_t *t, const uint32_t *a, const uint32_t *b)
{
    uint32_t frame[KB_FRAME_WORDS];
    register const uint32_t *r0 __asm__("r0") = a;
    register const uint32_t *r1 __asm__("r1") = b;
    register uint32_t *r2 __asm__("r2") = t;
    register uint32_t *r3 __asm__("r3") = frame;
    __asm__ volatile(".syntax unified\n\t.set kb_inplace, 1\n\t" KB_MACROS_ASM KR_MUL128_ASM
                     KR_T_SAVE_ASM KR_PRODUCT256_BODY_ASM KR_PRODUCT256_TO_T_ASM KR_PURGE_ASM
                     KB_PURGE_ASM ".syntax divided\n\t"
                     : "+l"(r0), "+l"(r1), "+l"(r2), "+l"(r3)
                     : : "r8", "r9", "r10", "r11", "lr", P256_ASM_CLOBBERS);
}

void p256_square_armv6m(uint32_t *t, const uint32_t *a)
{
    uint32_t frame[KB_FRAME_WORDS];
    register const uint32_t *r0 __asm__("r0") = a;
    register uint32_t *r2 __asm__("r2") = t;
    register uint32_t *r3 __asm__("r3") = frame;
    __asm__ volatile(".syntax unified\n\t.set kb_inplace, 1\n\t" KB_MACROS_ASM KR_MUL128_ASM
                     KR_T_SAVE_ASM KR_SQUARE256_BODY_ASM KR_SQUARE256_TO_T_ASM KR_PURGE_ASM
                     KB_PURGE_ASM ".syntax divided\n\t"
                     : "+l"(r0), "+l"(r2), "+l"(r3)
                     : : "r1", "r8", "r9", "r10", "r11", "lr", P256_ASM_CLOBBERS);
}
#endif

/* r = t / 2^256 mod p (p256_field.c has the method): column k of the reduction is added up in
 * r2 (low word) and r5 (high word, signed), taking each word with ADDS/ADCS or SUBS/SBCS against
 * r4 = 0; the low word is q_k (stored over t[k]) for k < 8 and result word k - 8 after that, the
 * high word becomes the next column's start. t[0..2] are q_0..q_2 as they are. */
void p256_reduce_armv6m(uint32_t *r, uint32_t *t)
{
    register uint32_t *r0 __asm__("r0") = r;
    register uint32_t *r1 __asm__("r1") = t;
    __asm__ volatile(
        ".syntax unified\n\t"
        ".macro p256_add_t j\n\t"
        "ldr   r3, [r1, #4 * (\\j)]\n\t"
        "adds  r2, r2, r3\n\t"
        "adcs  r5, r4\n\t"
        ".endm\n\t"
        ".macro p256_sub_t j\n\t"
        "ldr   r3, [r1, #4 * (\\j)]\n\t"
        "subs  r2, r2, r3\n\t"
        "sbcs  r5, r4\n\t"
        ".endm\n\t"
        ".macro p256_next\n\t"        /* the column's carry, sign-extended, starts the next */
        "movs  r2, r5\n\t"
        "asrs  r5, r5, #31\n\t"
        ".endm\n\t"
        "movs  r4, #0\n\t"
        "ldr   r2, [r1, #12]\n\t"     /* column 3: t3 + q0 */
        "movs  r5, #0\n\t"
        "p256_add_t 0\n\t"
        "str   r2, [r1, #12]\n\t"
        "p256_next\n\t"
        ".irp  k, 4, 5\n\t"           /* t_k + q_(k-3) */
        "p256_add_t \\k\n\t"
        "p256_add_t \\k - 3\n\t"
        "str   r2, [r1, #4 * \\k]\n\t"
        "p256_next\n\t"
        ".endr\n\t"
        "p256_add_t 6\n\t"            /* column 6: t6 + q3 + q0 */
        "p256_add_t 3\n\t"
        "p256_add_t 0\n\t"
        "str   r2, [r1, #24]\n\t"
        "p256_next\n\t"
        "p256_add_t 7\n\t"            /* column 7: t7 + q4 + q1 - q0 */
        "p256_add_t 4\n\t"
        "p256_add_t 1\n\t"
        "p256_sub_t 0\n\t"
        "str   r2, [r1, #28]\n\t"
        "p256_next\n\t"
        ".irp  k, 8, 9, 10\n\t"       /* t_k + q_(k-3) + q_(k-6) - q_(k-7) + q_(k-8) */
        "p256_add_t \\k\n\t"
        "p256_add_t \\k - 3\n\t"
        "p256_add_t \\k - 6\n\t"
        "p256_add_t \\k - 8\n\t"
        "p256_sub_t \\k - 7\n\t"
        "str   r2, [r0, #4 * ((\\k) - 8)]\n\t"
        "p256_next\n\t"
        ".endr\n\t"
        ".irp  k, 11, 12, 13\n\t"     /* q_(k-3) is past q_7 */
        "p256_add_t \\k\n\t"
        "p256_add_t \\k - 6\n\t"
        "p256_add_t \\k - 8\n\t"
        "p256_sub_t \\k - 7\n\t"
        "str   r2, [r0, #4 * ((\\k) - 8)]\n\t"
        "p256_next\n\t"
        ".endr\n\t"
        "p256_add_t 14\n\t"           /* column 14: t14 + q6 - q7 */
        "p256_add_t 6\n\t"
        "p256_sub_t 7\n\t"
        "str   r2, [r0, #24]\n\t"
        "p256_next\n\t"
        "p256_add_t 15\n\t"           /* column 15: t15 + q7 */
        "p256_add_t 7\n\t"
        "str   r2, [r0, #28]\n\t"
        "movs  r6, r5\n\t"            /* c: the result is below 2p */
        ".purgem p256_add_t\n\t"
        ".purgem p256_sub_t\n\t"
        ".purgem p256_next\n\t"
        P256_CORRECT_ASM
        ".syntax divided\n\t"
        : "+l"(r0), "+l"(r1)
        :
        : "r2", "r3", "r4", "r5", "r6", "r7", "cc", "memory");
}

/* r = a + b mod p: s = a + b with carry c into r, then P256_CORRECT_ASM. */
void p256_add(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    register uint32_t *r0 __asm__("r0") = r;
    register const uint32_t *r1 __asm__("r1") = a;
    register const uint32_t *r2 __asm__("r2") = b;
    __asm__ volatile(
        ".syntax unified\n\t"
        "ldr   r3, [r1, #0]\n\t"
        "ldr   r4, [r2, #0]\n\t"
        "adds  r3, r3, r4\n\t"
        "str   r3, [r0, #0]\n\t"
        ".irp  o, 4, 8, 12, 16, 20, 24, 28\n\t"
        "ldr   r3, [r1, #\\o]\n\t"
        "ldr   r4, [r2, #\\o]\n\t"
        "adcs  r3, r4\n\t"
        "str   r3, [r0, #\\o]\n\t"
        ".endr\n\t"
        "movs  r6, #0\n\t"
        "adcs  r6, r6\n\t"            /* c */
        P256_CORRECT_ASM
        ".syntax divided\n\t"
        : "+l"(r0), "+l"(r1), "+l"(r2)
        :
        : "r3", "r4", "r5", "r6", "r7", "cc", "memory");
}

/* r = a - b mod p: d = a - b, then r = d + (p & m) with m all ones when a - b borrowed. */
void p256_sub(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    register uint32_t *r0 __asm__("r0") = r;
    register const uint32_t *r1 __asm__("r1") = a;
    register const uint32_t *r2 __asm__("r2") = b;
    __asm__ volatile(
        ".syntax unified\n\t"
        "ldr   r3, [r1, #0]\n\t"
        "ldr   r4, [r2, #0]\n\t"
        "subs  r3, r3, r4\n\t"
        "str   r3, [r0, #0]\n\t"
        ".irp  o, 4, 8, 12, 16, 20, 24, 28\n\t"
        "ldr   r3, [r1, #\\o]\n\t"
        "ldr   r4, [r2, #\\o]\n\t"
        "sbcs  r3, r4\n\t"
        "str   r3, [r0, #\\o]\n\t"
        ".endr\n\t"
        "movs  r4, #0\n\t"
        "sbcs  r5, r5\n\t"            /* m = -borrow */
        "movs  r7, #1\n\t"
        "ands  r7, r5\n\t"            /* p & m, word 6 */
        "ldr   r3, [r0, #0]\n\t"
        "adds  r3, r3, r5\n\t"
        "str   r3, [r0, #0]\n\t"
        ".irp  o, 4, 8\n\t"
        "ldr   r3, [r0, #\\o]\n\t"
        "adcs  r3, r5\n\t"
        "str   r3, [r0, #\\o]\n\t"
        ".endr\n\t"
        ".irp  o, 12, 16, 20\n\t"
        "ldr   r3, [r0, #\\o]\n\t"
        "adcs  r3, r4\n\t"
        "str   r3, [r0, #\\o]\n\t"
        ".endr\n\t"
        "ldr   r3, [r0, #24]\n\t"
        "adcs  r3, r7\n\t"
        "str   r3, [r0, #24]\n\t"
        "ldr   r3, [r0, #28]\n\t"
        "adcs  r3, r5\n\t"
        "str   r3, [r0, #28]\n\t"
        ".syntax divided\n\t"
        : "+l"(r0), "+l"(r1), "+l"(r2)
        :
        : "r3", "r4", "r5", "r7", "cc", "memory");
}

#endif
