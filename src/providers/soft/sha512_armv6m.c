/* The SHA-512 block function of sha512.c in Thumb-1 assembly for ARMv6-M (Cortex-M0/M0+):
 * Thumb-1 has no 64-bit operations and only 8 registers for most instructions, and gcc spills
 * nearly every half of the C version's uint64_t values (about 33,200 cycles a block on the M0+
 * model; this, about 14,300; FC_SHA512_SMALL=1: sha512_armv6m_small.c, 610 bytes against
 * about 2 KB, at 16,900).
 *
 * 64-bit values are (low, high) word pairs, the memory order of uint64_t here. ws, all of it in
 * this function's frame (where the stack analysis sees it: the assembly never pushes), by byte:
 *     0..63    V: the working variables, renamed from round to round over eight unrolled
 *              rounds instead of moved (r7 points here during the rounds)
 *    64..75    h, block, K
 *    80..335   W: the message schedule, a ring of 16 words stored twice (slot i and i + 16),
 *              so that W[t-16], W[t-15], W[t-7] and W[t-2] are at fixed offsets from W[t]'s
 *              slot; eight words are added before each pass of eight rounds from the third on
 *   336..367   the caller's r4-r11 (r7 may be the frame pointer, r9 a platform register)
 * Registers in a pass: r7 V, r9 the pass's W, r10 its K, r8:r11 the previous round's a ^ b:
 * Maj(a, b, c) = ((a ^ b) & (b ^ c)) ^ b.
 *
 * Constant time: all branches and addresses depend on the pass and word counters and on the
 * alignment of block only.
 */
#include <stdint.h>

#include "providers/soft/soft.h"

#if (FC_WITH_SHA384 || FC_WITH_SHA512) && SHA512_THUMB1 && !FC_SHA512_SMALL

/* lo, hi (registers) = the words of S(x) = x >>> n1 ^ x >>> n2 ^ x >>> n3, x in xl, xh, t a
 * temporary. A rotation by n < 32 is the term (xl, xh, n), one by 32 + m the term (xh, xl, m):
 * word by word, lo ^= L >> n ^ H << (32 - n) and hi ^= H >> n ^ L << (32 - n). */
#define SHA512_SIGMA(lo, hi, t, l1, h1, n1, l2, h2, n2, l3, h3, n3)                                \
    "lsrs " lo ", " l1 ", #" n1 "\n\t"                                                             \
    "lsls " t ", " h1 ", #32-" n1 "\n\t"                                                           \
    "eors " lo ", " t "\n\t"                                                                       \
    "lsrs " t ", " l2 ", #" n2 "\n\t"                                                              \
    "eors " lo ", " t "\n\t"                                                                       \
    "lsls " t ", " h2 ", #32-" n2 "\n\t"                                                           \
    "eors " lo ", " t "\n\t"                                                                       \
    "lsrs " t ", " l3 ", #" n3 "\n\t"                                                              \
    "eors " lo ", " t "\n\t"                                                                       \
    "lsls " t ", " h3 ", #32-" n3 "\n\t"                                                           \
    "eors " lo ", " t "\n\t"                                                                       \
    "lsrs " hi ", " h1 ", #" n1 "\n\t"                                                             \
    "lsls " t ", " l1 ", #32-" n1 "\n\t"                                                           \
    "eors " hi ", " t "\n\t"                                                                       \
    "lsrs " t ", " h2 ", #" n2 "\n\t"                                                              \
    "eors " hi ", " t "\n\t"                                                                       \
    "lsls " t ", " l2 ", #32-" n2 "\n\t"                                                           \
    "eors " hi ", " t "\n\t"                                                                       \
    "lsrs " t ", " h3 ", #" n3 "\n\t"                                                              \
    "eors " hi ", " t "\n\t"                                                                       \
    "lsls " t ", " l3 ", #32-" n3 "\n\t"                                                           \
    "eors " hi ", " t "\n\t"

/* One round; a..h: the byte offsets of the slots in V (strings), j: the round's index in the
 * pass. EORS, ANDS and MOV keep the carry between the ADDS and ADCS of Maj. */
#define SHA512_ROUND(a, b, c, d, e, f, g, h, j, load_efg, load_h, load_ab)                         \
    load_efg                                                                                       \
    "eors  r2, r4\n\t"                 /* Ch = g ^ (e & (f ^ g)) */                                \
    "ands  r2, r0\n\t"                                                                             \
    "eors  r2, r4\n\t"                                                                             \
    "eors  r3, r5\n\t"                                                                             \
    "ands  r3, r1\n\t"                                                                             \
    "eors  r3, r5\n\t"                                                                             \
    load_h                                                                                         \
    "adds  r2, r4\n\t"                                                                             \
    "adcs  r3, r5\n\t"                                                                             \
    SHA512_SIGMA("r4", "r5", "r6", "r0", "r1", "14", "r0", "r1", "18", "r1", "r0", "9")            \
    "adds  r2, r4\n\t"                                                                             \
    "adcs  r3, r5\n\t"                                                                             \
    "mov   r6, r10\n\t"                /* + K[t] */                                                \
    "ldr   r4, [r6, #8*" j "]\n\t"                                                                 \
    "ldr   r5, [r6, #8*" j "+4]\n\t"                                                               \
    "adds  r2, r4\n\t"                                                                             \
    "adcs  r3, r5\n\t"                                                                             \
    "mov   r6, r9\n\t"                 /* + W[t]: T1 */                                            \
    "ldr   r4, [r6, #8*" j "]\n\t"                                                                 \
    "ldr   r5, [r6, #8*" j "+4]\n\t"                                                               \
    "adds  r2, r4\n\t"                                                                             \
    "adcs  r3, r5\n\t"                                                                             \
    "ldr   r0, [r7, #" d "]\n\t"       /* d + T1: the next e, in d's slot */                       \
    "ldr   r1, [r7, #" d "+4]\n\t"                                                                 \
    "adds  r0, r2\n\t"                                                                             \
    "adcs  r1, r3\n\t"                                                                             \
    "str   r0, [r7, #" d "]\n\t"                                                                   \
    "str   r1, [r7, #" d "+4]\n\t"                                                                 \
    load_ab                                                                                        \
    "eors  r4, r0\n\t"                 /* Maj = ((a ^ b) & ~(b ^ c)) ^ a */                        \
    "mov   r6, r8\n\t"                                                                             \
    "mov   r8, r4\n\t"                                                                             \
    "bics  r4, r6\n\t"                                                                             \
    "eors  r4, r0\n\t"                                                                             \
    "eors  r5, r1\n\t"                                                                             \
    "mov   r6, r11\n\t"                                                                            \
    "mov   r11, r5\n\t"                                                                            \
    "bics  r5, r6\n\t"                                                                             \
    "eors  r5, r1\n\t"                                                                             \
    "adds  r2, r4\n\t"                                                                             \
    "adcs  r3, r5\n\t"                                                                             \
    SHA512_SIGMA("r4", "r5", "r6", "r0", "r1", "28", "r1", "r0", "2", "r1", "r0", "7")             \
    "adds  r2, r4\n\t"                                                                             \
    "adcs  r3, r5\n\t"                                                                             \
    "str   r2, [r7, #" h "]\n\t"       /* T1 + T2: the next a, in h's slot */                      \
    "str   r3, [r7, #" h "+4]\n\t"

/* e, f, g into r0:r1, r2:r3, r4:r5: one LDM where the slots are consecutive (e at byte off),
 * else LDM and LDR around the end of V. h into r4:r5: where r6 is left at h's slot, LDM. */
#define SHA512_H_LDM "ldm   r6!, {r4, r5}\n\t"
#define SHA512_H_LDR "ldr   r4, [r7, #0]\n\tldr   r5, [r7, #4]\n\t"
#define SHA512_EFG(off)                                                                            \
    "mov   r6, r7\n\t"                                                                             \
    "adds  r6, #" off "\n\t"                                                                       \
    "ldm   r6!, {r0-r5}\n\t"
#define SHA512_EFG0                                                                                \
    "mov   r6, r7\n\t"                                                                             \
    "ldm   r6!, {r0-r5}\n\t"
#define SHA512_EFG48                                                                               \
    "mov   r6, r7\n\t"                                                                             \
    "adds  r6, #48\n\t"                                                                            \
    "ldm   r6!, {r0-r3}\n\t"                                                                       \
    "mov   r6, r7\n\t"                                                                             \
    "ldm   r6!, {r4, r5}\n\t"
#define SHA512_EFG56                                                                               \
    "mov   r6, r7\n\t"                                                                             \
    "ldr   r0, [r7, #56]\n\t"                                                                      \
    "ldr   r1, [r7, #60]\n\t"                                                                      \
    "ldm   r6!, {r2-r5}\n\t"

/* a, b into r0:r1, r4:r5 */
#define SHA512_AB(off)                                                                             \
    "mov   r6, r7\n\t"                                                                             \
    "adds  r6, #" off "\n\t"                                                                       \
    "ldm   r6!, {r0, r1, r4, r5}\n\t"
#define SHA512_AB0                                                                                 \
    "mov   r6, r7\n\t"                                                                             \
    "ldm   r6!, {r0, r1, r4, r5}\n\t"
#define SHA512_AB56                                                                                \
    "ldr   r0, [r7, #56]\n\t"                                                                      \
    "ldr   r1, [r7, #60]\n\t"                                                                      \
    "mov   r6, r7\n\t"                                                                             \
    "ldm   r6!, {r4, r5}\n\t"

#define SHA512_PASS                                                                                \
    SHA512_ROUND("0", "8", "16", "24", "32", "40", "48", "56", "0",                                \
                 SHA512_EFG("32"), SHA512_H_LDM, SHA512_AB0)                                       \
    SHA512_ROUND("56", "0", "8", "16", "24", "32", "40", "48", "1",                                \
                 SHA512_EFG("24"), SHA512_H_LDM, SHA512_AB56)                                      \
    SHA512_ROUND("48", "56", "0", "8", "16", "24", "32", "40", "2",                                \
                 SHA512_EFG("16"), SHA512_H_LDM, SHA512_AB("48"))                                  \
    SHA512_ROUND("40", "48", "56", "0", "8", "16", "24", "32", "3",                                \
                 SHA512_EFG("8"), SHA512_H_LDM, SHA512_AB("40"))                                   \
    SHA512_ROUND("32", "40", "48", "56", "0", "8", "16", "24", "4",                                \
                 SHA512_EFG0, SHA512_H_LDM, SHA512_AB("32"))                                       \
    SHA512_ROUND("24", "32", "40", "48", "56", "0", "8", "16", "5",                                \
                 SHA512_EFG56, SHA512_H_LDM, SHA512_AB("24"))                                      \
    SHA512_ROUND("16", "24", "32", "40", "48", "56", "0", "8", "6",                                \
                 SHA512_EFG48, SHA512_H_LDM, SHA512_AB("16"))                                      \
    SHA512_ROUND("8", "16", "24", "32", "40", "48", "56", "0", "7",                                \
                 SHA512_EFG("40"), SHA512_H_LDR, SHA512_AB("8"))

/* W[t] += s0(W[t-15]) + W[t-7] + s1(W[t-2]), r7 at W[t-16]'s slot, then at the next:
 * s0(y) = y >>> 1 ^ y >>> 8 ^ y >> 7, s1(x) = x >>> 19 ^ x >>> 61 ^ x >> 6 */
#define SHA512_SCHEDULE_WORD                                                                       \
    "ldm   r7!, {r0-r3}\n\t"          /* W[t-16], W[t-15]; r7 at W[t-14] */                        \
    "lsrs  r4, r2, #1\n\t"                                                                         \
    "lsls  r6, r3, #31\n\t"                                                                        \
    "eors  r4, r6\n\t"                                                                             \
    "lsrs  r6, r2, #8\n\t"                                                                         \
    "eors  r4, r6\n\t"                                                                             \
    "lsls  r6, r3, #24\n\t"                                                                        \
    "eors  r4, r6\n\t"                                                                             \
    "lsrs  r6, r2, #7\n\t"                                                                         \
    "eors  r4, r6\n\t"                                                                             \
    "lsls  r6, r3, #25\n\t"                                                                        \
    "eors  r4, r6\n\t"                                                                             \
    "lsrs  r5, r3, #1\n\t"                                                                         \
    "lsls  r6, r2, #31\n\t"                                                                        \
    "eors  r5, r6\n\t"                                                                             \
    "lsrs  r6, r3, #8\n\t"                                                                         \
    "eors  r5, r6\n\t"                                                                             \
    "lsls  r6, r2, #24\n\t"                                                                        \
    "eors  r5, r6\n\t"                                                                             \
    "lsrs  r6, r3, #7\n\t"                                                                         \
    "eors  r5, r6\n\t"                                                                             \
    "adds  r0, r4\n\t"                                                                             \
    "adcs  r1, r5\n\t"                                                                             \
    "ldr   r2, [r7, #56]\n\t"         /* W[t-7] */                                                 \
    "ldr   r3, [r7, #60]\n\t"                                                                      \
    "adds  r0, r2\n\t"                                                                             \
    "adcs  r1, r3\n\t"                                                                             \
    "ldr   r2, [r7, #96]\n\t"         /* W[t-2] */                                                 \
    "ldr   r3, [r7, #100]\n\t"                                                                     \
    "lsrs  r4, r2, #19\n\t"                                                                        \
    "lsls  r6, r3, #13\n\t"                                                                        \
    "eors  r4, r6\n\t"                                                                             \
    "lsrs  r6, r3, #29\n\t"                                                                        \
    "eors  r4, r6\n\t"                                                                             \
    "lsls  r6, r2, #3\n\t"                                                                         \
    "eors  r4, r6\n\t"                                                                             \
    "lsrs  r6, r2, #6\n\t"                                                                         \
    "eors  r4, r6\n\t"                                                                             \
    "lsls  r6, r3, #26\n\t"                                                                        \
    "eors  r4, r6\n\t"                                                                             \
    "lsrs  r5, r3, #19\n\t"                                                                        \
    "lsls  r6, r2, #13\n\t"                                                                        \
    "eors  r5, r6\n\t"                                                                             \
    "lsrs  r6, r2, #29\n\t"                                                                        \
    "eors  r5, r6\n\t"                                                                             \
    "lsls  r6, r3, #3\n\t"                                                                         \
    "eors  r5, r6\n\t"                                                                             \
    "lsrs  r6, r3, #6\n\t"                                                                         \
    "eors  r5, r6\n\t"                                                                             \
    "adds  r0, r4\n\t"                                                                             \
    "adcs  r1, r5\n\t"                                                                             \
    "subs  r7, #16\n\t"                                                                            \
    "stm   r7!, {r0, r1}\n\t"                                                                      \
    "str   r0, [r7, #120]\n\t"                                                                     \
    "str   r1, [r7, #124]\n\t"

void fc_soft_sha512_compress(uint64_t h[8], const uint8_t block[128])
{
    uint32_t ws[92];

    ws[16] = (uint32_t)(uintptr_t)h;
    ws[17] = (uint32_t)(uintptr_t)block;
    ws[18] = (uint32_t)(uintptr_t)fc_soft_sha512_k;
    /* ws is the only operand. r4-r11 are saved by hand, not declared clobbered: a clobbered r7
     * fails to compile where it is the frame pointer (-O0). gcc reads Thumb-1 inline assembly
     * in divided syntax unless told, and switches back after it. */
    __asm__ __volatile__(
        ".syntax unified\n\t"
        "mov   r0, %[ws]\n\t"
        "movs  r1, #168\n\t"
        "lsls  r1, r1, #1\n\t"
        "adds  r1, r0, r1\n\t"          /* 336: the caller's r4-r11 */
        "stm   r1!, {r4-r7}\n\t"
        "mov   r4, r8\n\t"
        "mov   r5, r9\n\t"
        "mov   r6, r10\n\t"
        "mov   r7, r11\n\t"
        "stm   r1!, {r4-r7}\n\t"
        "mov   r7, r0\n\t"              /* V */
        "adds  r0, #80\n\t"
        "mov   r9, r0\n\t"              /* W for rounds 0..7 */
        "movs  r6, #128\n\t"
        "adds  r6, r0, r6\n\t"          /* end of the ring's first copy */
        /* block: 16 big-endian words into slots 0..15 (the copies are read only where the schedule
         * wrote them) */
        "ldr   r2, [r7, #68]\n\t"
        "movs  r3, #3\n\t"
        "tst   r2, r3\n\t"
        "bne   2f\n"
        "mov   r12, r6\n"
        "1:\n\t"                        /* two words a loop */
        "ldm   r2!, {r3-r6}\n\t"
        "rev   r1, r4\n\t"
        "rev   r3, r3\n\t"
        "rev   r4, r6\n\t"
        "rev   r5, r5\n\t"
        "stm   r0!, {r1, r3, r4, r5}\n\t"
        "cmp   r0, r12\n\t"
        "bne   1b\n\t"
        "b     3f\n"
        "2:\n\t"                        /* unaligned: byte loads */
        "ldrb  r5, [r2, #0]\n\t"
        "ldrb  r3, [r2, #1]\n\t"
        "lsls  r5, r5, #8\n\t"
        "orrs  r5, r3\n\t"
        "ldrb  r3, [r2, #2]\n\t"
        "lsls  r5, r5, #8\n\t"
        "orrs  r5, r3\n\t"
        "ldrb  r3, [r2, #3]\n\t"
        "lsls  r5, r5, #8\n\t"
        "orrs  r5, r3\n\t"
        "ldrb  r4, [r2, #4]\n\t"
        "ldrb  r3, [r2, #5]\n\t"
        "lsls  r4, r4, #8\n\t"
        "orrs  r4, r3\n\t"
        "ldrb  r3, [r2, #6]\n\t"
        "lsls  r4, r4, #8\n\t"
        "orrs  r4, r3\n\t"
        "ldrb  r3, [r2, #7]\n\t"
        "lsls  r4, r4, #8\n\t"
        "orrs  r4, r3\n\t"
        "stm   r0!, {r4, r5}\n\t"
        "adds  r2, #8\n\t"
        "cmp   r0, r6\n\t"
        "bne   2b\n"
        "3:\n\t"
        "ldr   r1, [r7, #64]\n\t"       /* a..h into V */
        "mov   r0, r7\n\t"
        "ldm   r1!, {r2-r6}\n\t"
        "stm   r0!, {r2-r6}\n\t"
        "ldm   r1!, {r2-r6}\n\t"
        "stm   r0!, {r2-r6}\n\t"
        "ldm   r1!, {r2-r6}\n\t"
        "stm   r0!, {r2-r6}\n\t"
        "ldm   r1!, {r2}\n\t"
        "stm   r0!, {r2}\n\t"
        "ldr   r0, [r7, #8]\n\t"        /* b ^ c for the first round's Maj */
        "ldr   r1, [r7, #16]\n\t"
        "eors  r0, r1\n\t"
        "mov   r8, r0\n\t"
        "ldr   r0, [r7, #12]\n\t"
        "ldr   r1, [r7, #20]\n\t"
        "eors  r0, r1\n\t"
        "mov   r11, r0\n\t"
        "ldr   r0, [r7, #72]\n\t"
        "mov   r10, r0\n"
        "4:\n\t"
        SHA512_PASS
        "mov   r0, r10\n\t"             /* the next pass: K + 64 */
        "adds  r0, #64\n\t"
        "mov   r10, r0\n\t"
        "ldr   r1, [r7, #72]\n\t"
        "subs  r0, r0, r1\n\t"
        "lsrs  r0, r0, #6\n\t"          /* passes done */
        "cmp   r0, #10\n\t"
        "bne   5f\n\t"
        "b     8f\n"
        "5:\n\t"
        "lsls  r1, r0, #31\n\t"         /* the other half of the ring */
        "lsrs  r1, r1, #25\n\t"
        "adds  r1, #80\n\t"
        "adds  r1, r7, r1\n\t"
        "mov   r9, r1\n\t"
        "cmp   r0, #2\n\t"
        "bhs   6f\n\t"
        "b     4b\n"
        /* the pass's eight words of W */
        "6:\n\t"
        "mov   r12, r7\n\t"
        "mov   r7, r1\n\t"
        SHA512_SCHEDULE_WORD SHA512_SCHEDULE_WORD SHA512_SCHEDULE_WORD SHA512_SCHEDULE_WORD
        SHA512_SCHEDULE_WORD SHA512_SCHEDULE_WORD SHA512_SCHEDULE_WORD SHA512_SCHEDULE_WORD
        "mov   r7, r12\n\t"
        "bl    4b\n"                      /* B reaches 2 KB back, BL further (lr is free) */
        "8:\n\t"
        "ldr   r1, [r7, #64]\n\t"       /* h += a..h */
        "mov   r0, r7\n\t"
        "movs  r2, #4\n"
        "9:\n\t"
        "ldm   r0!, {r3-r6}\n\t"
        "ldr   r7, [r1, #0]\n\t"
        "adds  r3, r7\n\t"
        "ldr   r7, [r1, #4]\n\t"
        "adcs  r4, r7\n\t"
        "ldr   r7, [r1, #8]\n\t"
        "adds  r5, r7\n\t"
        "ldr   r7, [r1, #12]\n\t"
        "adcs  r6, r7\n\t"
        "stm   r1!, {r3-r6}\n\t"
        "subs  r2, #1\n\t"
        "bne   9b\n\t"
        /* wipe V and W (message words, maybe key material: HMAC), and h, block, K */
        "subs  r0, #64\n\t"
        "movs  r1, #0\n\t"
        "movs  r2, #0\n\t"
        "movs  r3, #0\n\t"
        "movs  r4, #0\n\t"
        "movs  r5, #0\n\t"
        "movs  r6, #0\n\t"
        "movs  r7, #0\n\t"
        "stm   r0!, {r1-r7}\n\t"        /* 12 x 28 bytes */
        "stm   r0!, {r1-r7}\n\t"
        "stm   r0!, {r1-r7}\n\t"
        "stm   r0!, {r1-r7}\n\t"
        "stm   r0!, {r1-r7}\n\t"
        "stm   r0!, {r1-r7}\n\t"
        "stm   r0!, {r1-r7}\n\t"
        "stm   r0!, {r1-r7}\n\t"
        "stm   r0!, {r1-r7}\n\t"
        "stm   r0!, {r1-r7}\n\t"
        "stm   r0!, {r1-r7}\n\t"
        "stm   r0!, {r1-r7}\n\t"
        "adds  r0, #16\n\t"             /* restore r4-r11 */
        "ldm   r0!, {r4-r7}\n\t"
        "mov   r8, r4\n\t"
        "mov   r9, r5\n\t"
        "mov   r10, r6\n\t"
        "mov   r11, r7\n\t"
        "subs  r0, #32\n\t"
        "ldm   r0!, {r4-r7}\n\t"
        :
        : [ws] "l"(ws)
        : "r0", "r1", "r2", "r3", "r12", "lr", "cc", "memory");
}

#else

/* ISO C wants at least one declaration in a translation unit. */
typedef int fc_soft_sha512_armv6m_disabled;

#endif
