/* The small SHA-512 block function for ARMv6-M (Cortex-M0/M0+), FC_SHA512_SMALL=1 (soft.h):
 * 610 bytes of Thumb-1 against about 2 KB for sha512_armv6m.c, at about 16,900 cycles a block on
 * the M0+ model against 14,300: one round a loop over a sliding window of the working variables,
 * the schedule a word a loop with its ring indices computed.
 *
 * Constant time: all branches and addresses depend on the round counter and on the alignment
 * of block only.
 */
#include <stdint.h>

#include "providers/soft/soft.h"

#if (FC_WITH_SHA384 || FC_WITH_SHA512) && SHA512_THUMB1 && FC_SHA512_SMALL

/* 64-bit values are (low, high) word pairs, the memory order of uint64_t here, so h, K and
 * the ring load with LDM. ws (all of it in this function's frame, where the stack analysis
 * sees it; the assembly never pushes):
 *   bytes   0..31   the caller's r4-r11 (r7 may be the frame pointer, r9 a platform register)
 *          32..43   h, block, K
 *          48..175  W: the message schedule, a ring of 16 words
 *         176..303  V: the working variables, a window of 16 slots that slides down one slot
 *                   a round (a at the bottom, h at the top) and is copied back up every 8
 * Registers during the rounds: r7 window (a), r9 next W, r10 next K, r11 V, lr rounds/8 left.
 * All branches and addresses depend on the round counter and on the alignment of block. */
void fc_soft_sha512_compress(uint64_t h[8], const uint8_t block[128])
{
    uint32_t ws[76];

    ws[8] = (uint32_t)(uintptr_t)h;
    ws[9] = (uint32_t)(uintptr_t)block;
    ws[10] = (uint32_t)(uintptr_t)fc_soft_sha512_k;
    /* ws is the only operand. r4-r11 are saved by hand, not declared clobbered: a clobbered r7
     * fails to compile where it is the frame pointer (-O0). gcc reads Thumb-1 inline assembly
     * in divided syntax unless told, and switches back after it. */
    __asm__ __volatile__(
        ".syntax unified\n\t"
        "mov   r0, %[ws]\n\t"
        "stm   r0!, {r4-r7}\n\t"
        "mov   r4, r8\n\t"
        "mov   r5, r9\n\t"
        "mov   r6, r10\n\t"
        "mov   r7, r11\n\t"
        "stm   r0!, {r4-r7}\n\t"
        "ldm   r0!, {r1, r2, r3}\n\t"   /* h, block, K */
        "mov   r10, r3\n\t"
        "adds  r0, #4\n\t"
        "mov   r9, r0\n\t"              /* W for rounds 0..15 */
        "movs  r7, #128\n\t"
        "adds  r7, r0, r7\n\t"          /* end of W = V */
        /* block: 16 big-endian words into W */
        "movs  r3, #3\n\t"
        "tst   r2, r3\n\t"
        "bne   2f\n"
        "1:\n\t"
        "ldm   r2!, {r3, r4}\n\t"
        "rev   r5, r4\n\t"
        "rev   r6, r3\n\t"
        "stm   r0!, {r5, r6}\n\t"
        "cmp   r0, r7\n\t"
        "bne   1b\n\t"
        "b     3f\n"
        "2:\n\t"                        /* unaligned: byte loads */
        "ldrb  r6, [r2, #0]\n\t"
        "ldrb  r4, [r2, #1]\n\t"
        "lsls  r6, r6, #8\n\t"
        "orrs  r6, r4\n\t"
        "ldrb  r4, [r2, #2]\n\t"
        "lsls  r6, r6, #8\n\t"
        "orrs  r6, r4\n\t"
        "ldrb  r4, [r2, #3]\n\t"
        "lsls  r6, r6, #8\n\t"
        "orrs  r6, r4\n\t"
        "ldrb  r5, [r2, #4]\n\t"
        "ldrb  r4, [r2, #5]\n\t"
        "lsls  r5, r5, #8\n\t"
        "orrs  r5, r4\n\t"
        "ldrb  r4, [r2, #6]\n\t"
        "lsls  r5, r5, #8\n\t"
        "orrs  r5, r4\n\t"
        "ldrb  r4, [r2, #7]\n\t"
        "lsls  r5, r5, #8\n\t"
        "orrs  r5, r4\n\t"
        "stm   r0!, {r5, r6}\n\t"
        "adds  r2, #8\n\t"
        "cmp   r0, r7\n\t"
        "bne   2b\n"
        "3:\n\t"
        "mov   r11, r0\n\t"
        "adds  r0, #64\n\t"             /* a..h into the top half of V */
        "ldm   r1!, {r2-r7}\n\t"
        "stm   r0!, {r2-r7}\n\t"
        "ldm   r1!, {r2-r7}\n\t"
        "stm   r0!, {r2-r7}\n\t"
        "ldm   r1!, {r2-r5}\n\t"
        "stm   r0!, {r2-r5}\n\t"
        "movs  r0, #10\n\t"
        "mov   lr, r0\n"
        /* 8 rounds a pass; every second pass first extends the schedule by 16 words */
        "4:\n\t"
        "cmp   r9, r11\n\t"
        "bne   6f\n\t"
        "mov   r0, r11\n\t"
        "subs  r0, #128\n\t"
        "mov   r9, r0\n\t"
        "movs  r0, #0\n\t"
        "mov   r8, r0\n"                /* r8: byte offset of slot j in W */
        /* W[j] += s0(W[j+1]) + W[j+9] + s1(W[j+14]), slots mod 16 (W[t-16], t-15, t-7, t-2) */
        "5:\n\t"
        "mov   r0, r8\n\t"
        "adds  r0, #8\n\t"
        "lsls  r0, r0, #25\n\t"
        "lsrs  r0, r0, #25\n\t"
        "add   r0, r9\n\t"
        "ldr   r1, [r0, #0]\n\t"
        "ldr   r0, [r0, #4]\n\t"
        "lsrs  r2, r1, #1\n\t"          /* s0 = y >>> 1 ^ y >>> 8 ^ y >> 7 */
        "lsls  r4, r0, #31\n\t"
        "eors  r2, r4\n\t"
        "lsrs  r4, r1, #8\n\t"
        "eors  r2, r4\n\t"
        "lsls  r4, r0, #24\n\t"
        "eors  r2, r4\n\t"
        "lsrs  r4, r1, #7\n\t"
        "eors  r2, r4\n\t"
        "lsls  r4, r0, #25\n\t"
        "eors  r2, r4\n\t"
        "lsrs  r3, r0, #1\n\t"
        "lsls  r4, r1, #31\n\t"
        "eors  r3, r4\n\t"
        "lsrs  r4, r0, #8\n\t"
        "eors  r3, r4\n\t"
        "lsls  r4, r1, #24\n\t"
        "eors  r3, r4\n\t"
        "lsrs  r4, r0, #7\n\t"
        "eors  r3, r4\n\t"
        "mov   r0, r8\n\t"
        "add   r0, r9\n\t"
        "mov   r7, r0\n\t"              /* &W[j] */
        "ldr   r4, [r0, #0]\n\t"
        "ldr   r5, [r0, #4]\n\t"
        "adds  r2, r4\n\t"
        "adcs  r3, r5\n\t"
        "mov   r0, r8\n\t"
        "adds  r0, #72\n\t"
        "lsls  r0, r0, #25\n\t"
        "lsrs  r0, r0, #25\n\t"
        "add   r0, r9\n\t"
        "ldr   r4, [r0, #0]\n\t"
        "ldr   r5, [r0, #4]\n\t"
        "adds  r2, r4\n\t"
        "adcs  r3, r5\n\t"
        "mov   r0, r8\n\t"
        "adds  r0, #112\n\t"
        "lsls  r0, r0, #25\n\t"
        "lsrs  r0, r0, #25\n\t"
        "add   r0, r9\n\t"
        "ldr   r1, [r0, #0]\n\t"
        "ldr   r0, [r0, #4]\n\t"
        "lsrs  r4, r1, #19\n\t"         /* s1 = x >>> 19 ^ x >>> 61 ^ x >> 6 */
        "lsls  r5, r0, #13\n\t"
        "eors  r4, r5\n\t"
        "lsrs  r5, r0, #29\n\t"
        "eors  r4, r5\n\t"
        "lsls  r5, r1, #3\n\t"
        "eors  r4, r5\n\t"
        "lsrs  r5, r1, #6\n\t"
        "eors  r4, r5\n\t"
        "lsls  r5, r0, #26\n\t"
        "eors  r4, r5\n\t"
        "lsrs  r6, r0, #19\n\t"
        "lsls  r5, r1, #13\n\t"
        "eors  r6, r5\n\t"
        "lsrs  r5, r1, #29\n\t"
        "eors  r6, r5\n\t"
        "lsls  r5, r0, #3\n\t"
        "eors  r6, r5\n\t"
        "lsrs  r5, r0, #6\n\t"
        "eors  r6, r5\n\t"
        "adds  r2, r4\n\t"
        "adcs  r3, r6\n\t"
        "str   r2, [r7, #0]\n\t"
        "str   r3, [r7, #4]\n\t"
        "mov   r0, r8\n\t"
        "adds  r0, #8\n\t"
        "mov   r8, r0\n\t"
        "cmp   r0, #128\n\t"
        "bne   5b\n"
        "6:\n\t"
        "mov   r7, r11\n\t"
        "adds  r7, #64\n"
        /* one round; the window: a at [r7], b at [r7, #8] ... h at [r7, #56] */
        "7:\n\t"
        "ldr   r0, [r7, #32]\n\t"       /* e */
        "ldr   r1, [r7, #36]\n\t"
        "lsrs  r2, r0, #14\n\t"         /* S1 = e >>> 14 ^ e >>> 18 ^ e >>> 41 */
        "lsls  r3, r1, #18\n\t"
        "eors  r2, r3\n\t"
        "lsrs  r3, r0, #18\n\t"
        "eors  r2, r3\n\t"
        "lsls  r3, r1, #14\n\t"
        "eors  r2, r3\n\t"
        "lsrs  r3, r1, #9\n\t"
        "eors  r2, r3\n\t"
        "lsls  r3, r0, #23\n\t"
        "eors  r2, r3\n\t"
        "lsrs  r3, r1, #14\n\t"
        "lsls  r4, r0, #18\n\t"
        "eors  r3, r4\n\t"
        "lsrs  r4, r1, #18\n\t"
        "eors  r3, r4\n\t"
        "lsls  r4, r0, #14\n\t"
        "eors  r3, r4\n\t"
        "lsrs  r4, r0, #9\n\t"
        "eors  r3, r4\n\t"
        "lsls  r4, r1, #23\n\t"
        "eors  r3, r4\n\t"
        "ldr   r4, [r7, #40]\n\t"       /* Ch = g ^ (e & (f ^ g)) */
        "ldr   r5, [r7, #48]\n\t"
        "eors  r4, r5\n\t"
        "ands  r4, r0\n\t"
        "eors  r4, r5\n\t"
        "ldr   r5, [r7, #44]\n\t"
        "ldr   r6, [r7, #52]\n\t"
        "eors  r5, r6\n\t"
        "ands  r5, r1\n\t"
        "eors  r5, r6\n\t"
        "adds  r2, r4\n\t"
        "adcs  r3, r5\n\t"
        "ldr   r0, [r7, #56]\n\t"       /* + h */
        "ldr   r1, [r7, #60]\n\t"
        "adds  r2, r0\n\t"
        "adcs  r3, r1\n\t"
        "mov   r0, r10\n\t"             /* + K[t] */
        "ldm   r0!, {r4, r5}\n\t"
        "mov   r10, r0\n\t"
        "adds  r2, r4\n\t"
        "adcs  r3, r5\n\t"
        "mov   r0, r9\n\t"              /* + W[t]: T1 */
        "ldm   r0!, {r4, r5}\n\t"
        "mov   r9, r0\n\t"
        "adds  r2, r4\n\t"
        "adcs  r3, r5\n\t"
        "ldr   r0, [r7, #24]\n\t"       /* d + T1, in place: e of the next round */
        "ldr   r1, [r7, #28]\n\t"
        "adds  r0, r2\n\t"
        "adcs  r1, r3\n\t"
        "str   r0, [r7, #24]\n\t"
        "str   r1, [r7, #28]\n\t"
        "ldr   r0, [r7, #0]\n\t"        /* a */
        "ldr   r1, [r7, #4]\n\t"
        "lsrs  r4, r0, #28\n\t"         /* S0 = a >>> 28 ^ a >>> 34 ^ a >>> 39 */
        "lsls  r6, r1, #4\n\t"
        "eors  r4, r6\n\t"
        "lsrs  r6, r1, #2\n\t"
        "eors  r4, r6\n\t"
        "lsls  r6, r0, #30\n\t"
        "eors  r4, r6\n\t"
        "lsrs  r6, r1, #7\n\t"
        "eors  r4, r6\n\t"
        "lsls  r6, r0, #25\n\t"
        "eors  r4, r6\n\t"
        "lsrs  r5, r1, #28\n\t"
        "lsls  r6, r0, #4\n\t"
        "eors  r5, r6\n\t"
        "lsrs  r6, r0, #2\n\t"
        "eors  r5, r6\n\t"
        "lsls  r6, r1, #30\n\t"
        "eors  r5, r6\n\t"
        "lsrs  r6, r0, #7\n\t"
        "eors  r5, r6\n\t"
        "lsls  r6, r1, #25\n\t"
        "eors  r5, r6\n\t"
        "adds  r2, r4\n\t"
        "adcs  r3, r5\n\t"
        /* Maj = ((a ^ b) & (b ^ c)) ^ b; EORS/ANDS keep the carry between ADDS and ADCS */
        "ldr   r4, [r7, #8]\n\t"
        "ldr   r5, [r7, #16]\n\t"
        "eors  r5, r4\n\t"
        "eors  r0, r4\n\t"
        "ands  r0, r5\n\t"
        "eors  r0, r4\n\t"
        "adds  r2, r0\n\t"
        "ldr   r4, [r7, #12]\n\t"
        "ldr   r5, [r7, #20]\n\t"
        "eors  r5, r4\n\t"
        "eors  r1, r4\n\t"
        "ands  r1, r5\n\t"
        "eors  r1, r4\n\t"
        "adcs  r3, r1\n\t"
        "subs  r7, #8\n\t"              /* the window slides: the new a below the old */
        "str   r2, [r7, #0]\n\t"
        "str   r3, [r7, #4]\n\t"
        "cmp   r7, r11\n\t"
        "bne   7b\n\t"
        "mov   r6, r7\n\t"              /* 8 rounds done: a..h back to the top half */
        "adds  r7, #64\n\t"
        "ldm   r6!, {r0-r5}\n\t"
        "stm   r7!, {r0-r5}\n\t"
        "ldm   r6!, {r0-r5}\n\t"
        "stm   r7!, {r0-r5}\n\t"
        "ldm   r6!, {r0-r3}\n\t"
        "stm   r7!, {r0-r3}\n\t"
        "mov   r0, lr\n\t"
        "subs  r0, #1\n\t"
        "mov   lr, r0\n\t"
        "beq   8f\n\t"
        "b     4b\n"
        "8:\n\t"
        "mov   r0, r11\n\t"             /* h += a..h */
        "mov   r1, r0\n\t"
        "subs  r1, #176\n\t"
        "ldr   r1, [r1, #32]\n\t"
        "adds  r0, #64\n\t"
        "movs  r2, #8\n"
        "9:\n\t"
        "ldm   r0!, {r4, r5}\n\t"
        "ldr   r6, [r1, #0]\n\t"
        "ldr   r7, [r1, #4]\n\t"
        "adds  r4, r6\n\t"
        "adcs  r5, r7\n\t"
        "stm   r1!, {r4, r5}\n\t"
        "subs  r2, #1\n\t"
        "bne   9b\n\t"
        /* wipe W (message words, maybe key material: HMAC) and V */
        "mov   r0, r11\n\t"
        "subs  r0, #128\n\t"
        "movs  r4, #0\n\t"
        "movs  r5, #0\n\t"
        "movs  r6, #0\n\t"
        "movs  r7, #0\n\t"
        "movs  r2, #8\n"
        "10:\n\t"
        "stm   r0!, {r4-r7}\n\t"
        "stm   r0!, {r4-r7}\n\t"
        "subs  r2, #1\n\t"
        "bne   10b\n\t"
        "mov   r0, r11\n\t"             /* restore r4-r11 */
        "subs  r0, #160\n\t"
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
typedef int fc_soft_sha512_armv6m_small_disabled;

#endif
