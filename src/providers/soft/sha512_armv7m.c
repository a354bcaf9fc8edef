/* The SHA-512 block function of sha512.c in Thumb-2 assembly for the Cortex-M3/M4/M33
 * (SHA_THUMB2 in soft.h). 64-bit values are (low, high) word pairs, the memory order of
 * uint64_t here: additions are ADDS/ADC, each word of a rotation is one shift and shifted-operand
 * EORs.
 *
 *   v[8]   the working variables, memory operands of the asm (sp-relative LDRD/STRD), renamed
 *          from round to round over eight unrolled rounds instead of moved;
 *   w[32]  the message schedule, a ring of 16 words stored twice (slot i and i + 16), so that
 *          W[t-16], W[t-15], W[t-7] and W[t-2] are at fixed offsets from W[t]'s slot; eight
 *          words are added before each pass of eight rounds from the third on.
 * Maj(a, b, c) = ((a ^ b) & (b ^ c)) ^ b, where b ^ c is the previous round's a ^ b (r8:r11 and
 * r12:lr carry it, alternately).
 *
 * Constant time: the only branches are on the pass and word counters; every address is fixed
 * or follows those counters. The schedule (message words, maybe key material: HMAC) is wiped by
 * the C around the asm.
 */
#include <stdint.h>

#include "fieldcrypt/ct.h"
#include "providers/soft/soft.h"

#if (FC_WITH_SHA384 || FC_WITH_SHA512) && SHA_THUMB2

/* lo, hi = the low and high words of S(x) = x >>> n1 ^ x >>> n2 ^ x >>> n3, x in xl, xh. A
 * rotation by n < 32 is a term (xl, xh, n), one by 32 + m the term (xh, xl, m): word by word,
 * lo ^= L >> n ^ H << (32 - n) and hi ^= H >> n ^ L << (32 - n). */
#define SHA512_SIGMA(lo, hi, l1, h1, n1, l2, h2, n2, l3, h3, n3)                                   \
    "lsr " lo ", " l1 ", #" n1 "\n\t"                                                              \
    "eor " lo ", " lo ", " h1 ", lsl #32-" n1 "\n\t"                                               \
    "eor " lo ", " lo ", " l2 ", lsr #" n2 "\n\t"                                                  \
    "eor " lo ", " lo ", " h2 ", lsl #32-" n2 "\n\t"                                               \
    "eor " lo ", " lo ", " l3 ", lsr #" n3 "\n\t"                                                  \
    "eor " lo ", " lo ", " h3 ", lsl #32-" n3 "\n\t"                                               \
    "lsr " hi ", " h1 ", #" n1 "\n\t"                                                              \
    "eor " hi ", " hi ", " l1 ", lsl #32-" n1 "\n\t"                                               \
    "eor " hi ", " hi ", " h2 ", lsr #" n2 "\n\t"                                                  \
    "eor " hi ", " hi ", " l2 ", lsl #32-" n2 "\n\t"                                               \
    "eor " hi ", " hi ", " h3 ", lsr #" n3 "\n\t"                                                  \
    "eor " hi ", " hi ", " l3 ", lsl #32-" n3 "\n\t"

/* One round on the slots a..h (operand names); j: the round's index in the pass (a string);
 * abl:abh get a ^ b, bcl:bch hold b ^ c. r9 points to the pass's W, r10 to its constants. */
#define SHA512_ROUND(a, b, c, d, e, f, g, h, j, abl, abh, bcl, bch)                                \
    "ldrd r0, r1, %[" e "]\n\t"                                                                    \
    SHA512_SIGMA("r2", "r3", "r0", "r1", "14", "r0", "r1", "18", "r1", "r0", "9")                  \
    "ldrd r4, r5, %[" f "]\n\t"                                                                    \
    "ldrd r6, r7, %[" g "]\n\t"                                                                    \
    "eor r4, r4, r6\n\t"                                                                           \
    "eor r5, r5, r7\n\t"                                                                           \
    "and r4, r4, r0\n\t"                                                                           \
    "and r5, r5, r1\n\t"                                                                           \
    "eor r4, r4, r6\n\t"                                                                           \
    "eor r5, r5, r7\n\t"                                                                           \
    "adds r2, r2, r4\n\t"                                                                          \
    "adc r3, r3, r5\n\t"                                                                           \
    "ldrd r4, r5, %[" h "]\n\t"                                                                    \
    "ldrd r6, r7, [r10, #8*" j "]\n\t"                                                             \
    "adds r2, r2, r4\n\t"                                                                          \
    "adc r3, r3, r5\n\t"                                                                           \
    "ldrd r4, r5, [r9, #8*" j "]\n\t"                                                              \
    "adds r2, r2, r6\n\t"                                                                          \
    "adc r3, r3, r7\n\t"                                                                           \
    "adds r2, r2, r4\n\t"                                                                          \
    "adc r3, r3, r5\n\t"                                                                           \
    "ldrd r4, r5, %[" d "]\n\t"                                                                    \
    "ldrd r0, r1, %[" a "]\n\t"                                                                    \
    "adds r4, r4, r2\n\t"                                                                          \
    "adc r5, r5, r3\n\t"                                                                           \
    "strd r4, r5, %[" d "]\n\t"                                                                    \
    SHA512_SIGMA("r4", "r5", "r0", "r1", "28", "r1", "r0", "2", "r1", "r0", "7")                   \
    "ldrd r6, r7, %[" b "]\n\t"                                                                    \
    "adds r2, r2, r4\n\t"                                                                          \
    "adc r3, r3, r5\n\t"                                                                           \
    "eor " abl ", r0, r6\n\t"                                                                      \
    "eor " abh ", r1, r7\n\t"                                                                      \
    "and r4, " abl ", " bcl "\n\t"                                                                 \
    "and r5, " abh ", " bch "\n\t"                                                                 \
    "eor r4, r4, r6\n\t"                                                                           \
    "eor r5, r5, r7\n\t"                                                                           \
    "adds r2, r2, r4\n\t"                                                                          \
    "adc r3, r3, r5\n\t"                                                                           \
    "strd r2, r3, %[" h "]\n\t"

#define SHA512_PASS                                                                                \
    SHA512_ROUND("v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "0", "r8", "r11", "r12", "lr")    \
    SHA512_ROUND("v7", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "1", "r12", "lr", "r8", "r11")    \
    SHA512_ROUND("v6", "v7", "v0", "v1", "v2", "v3", "v4", "v5", "2", "r8", "r11", "r12", "lr")    \
    SHA512_ROUND("v5", "v6", "v7", "v0", "v1", "v2", "v3", "v4", "3", "r12", "lr", "r8", "r11")    \
    SHA512_ROUND("v4", "v5", "v6", "v7", "v0", "v1", "v2", "v3", "4", "r8", "r11", "r12", "lr")    \
    SHA512_ROUND("v3", "v4", "v5", "v6", "v7", "v0", "v1", "v2", "5", "r12", "lr", "r8", "r11")    \
    SHA512_ROUND("v2", "v3", "v4", "v5", "v6", "v7", "v0", "v1", "6", "r8", "r11", "r12", "lr")    \
    SHA512_ROUND("v1", "v2", "v3", "v4", "v5", "v6", "v7", "v0", "7", "r12", "lr", "r8", "r11")

/* The message word i (two big-endian words at any alignment: ARMv7-M loads words unaligned)
 * into slot i (the copies in slots 16..31 are read only where the schedule wrote them).
 * lr: the block; r8: w. */
#define SHA512_LOAD(i)                                                                             \
    "ldr r1, [lr, #8*" i "]\n\t"                                                                  \
    "ldr r0, [lr, #8*" i "+4]\n\t"                                                                \
    "rev r0, r0\n\t"                                                                              \
    "rev r1, r1\n\t"                                                                              \
    "strd r0, r1, [r8, #8*" i "]\n\t"

/* v[i] = h[i] (r8: h) */
#define SHA512_GET(i)                                                                              \
    "ldrd r0, r1, [r8, #8*" i "]\n\t"                                                              \
    "strd r0, r1, %[v" i "]\n\t"
/* h[i] += v[i] (r8: h) */
#define SHA512_PUT(i)                                                                              \
    "ldrd r0, r1, [r8, #8*" i "]\n\t"                                                              \
    "ldrd r2, r3, %[v" i "]\n\t"                                                                   \
    "adds r0, r0, r2\n\t"                                                                          \
    "adc r1, r1, r3\n\t"                                                                           \
    "strd r0, r1, [r8, #8*" i "]\n\t"

#define SHA512_V(n) [v##n] "=m"(v[n])

void fc_soft_sha512_compress(uint64_t h[8], const uint8_t block[128])
{
    uint64_t w[32];
    uint64_t v[8];
    uint64_t *hp = h, *wp = w;
    const uint8_t *in = block;
    const uint64_t *k = fc_soft_sha512_k;

    __asm__ __volatile__(
        "ldr lr, %[in]\n\t"
        "ldr r8, %[wp]\n\t"
        SHA512_LOAD("0") SHA512_LOAD("1") SHA512_LOAD("2") SHA512_LOAD("3")
        SHA512_LOAD("4") SHA512_LOAD("5") SHA512_LOAD("6") SHA512_LOAD("7")
        SHA512_LOAD("8") SHA512_LOAD("9") SHA512_LOAD("10") SHA512_LOAD("11")
        SHA512_LOAD("12") SHA512_LOAD("13") SHA512_LOAD("14") SHA512_LOAD("15")
        "mov r9, r8\n\t"
        "ldr r8, %[h]\n\t"
        SHA512_GET("0") SHA512_GET("1") SHA512_GET("2") SHA512_GET("3")
        SHA512_GET("4") SHA512_GET("5") SHA512_GET("6") SHA512_GET("7")
        "ldrd r0, r1, [r8, #8]\n\t"     /* b ^ c for the first round's Maj */
        "ldrd r2, r3, [r8, #16]\n\t"
        "eor r12, r0, r2\n\t"
        "eor lr, r1, r3\n\t"
        "ldr r10, %[k]\n"
        ".Lsha512_pass%=:\n\t"
        SHA512_PASS
        "add r10, r10, #64\n\t"
        "ldr r0, %[k]\n\t"
        "sub r0, r10, r0\n\t"
        "cmp r0, #640\n\t"
        "beq .Lsha512_done%=\n\t"
        /* the next pass's eight words of W: the other half of the ring */
        "ldr r1, %[wp]\n\t"          /* w + (w + 64) - r9, no IT block (see test_ct_trace.py) */
        "lsl r1, r1, #1\n\t"
        "add r1, r1, #64\n\t"
        "sub r9, r1, r9\n\t"
        "cmp r0, #128\n\t"
        "blo .Lsha512_pass%=\n\t"
        /* W[t] += s0(W[t-15]) + W[t-7] + s1(W[t-2]) for eight t, r8 at W[t-16]'s slot:
         * s0(y) = y >>> 1 ^ y >>> 8 ^ y >> 7, s1(x) = x >>> 19 ^ x >>> 61 ^ x >> 6 */
        "mov r8, r9\n\t"
        "add r11, r9, #64\n"
        ".Lsha512_schedule%=:\n\t"
        "ldrd r0, r1, [r8, #8]\n\t"
        "lsr r2, r0, #1\n\t"
        "eor r2, r2, r1, lsl #31\n\t"
        "eor r2, r2, r0, lsr #8\n\t"
        "eor r2, r2, r1, lsl #24\n\t"
        "eor r2, r2, r0, lsr #7\n\t"
        "eor r2, r2, r1, lsl #25\n\t"
        "lsr r3, r1, #1\n\t"
        "eor r3, r3, r0, lsl #31\n\t"
        "eor r3, r3, r1, lsr #8\n\t"
        "eor r3, r3, r0, lsl #24\n\t"
        "eor r3, r3, r1, lsr #7\n\t"
        "ldrd r0, r1, [r8, #112]\n\t"
        "lsr r4, r0, #19\n\t"
        "eor r4, r4, r1, lsl #13\n\t"
        "eor r4, r4, r1, lsr #29\n\t"
        "eor r4, r4, r0, lsl #3\n\t"
        "eor r4, r4, r0, lsr #6\n\t"
        "eor r4, r4, r1, lsl #26\n\t"
        "lsr r5, r1, #19\n\t"
        "eor r5, r5, r0, lsl #13\n\t"
        "eor r5, r5, r0, lsr #29\n\t"
        "eor r5, r5, r1, lsl #3\n\t"
        "eor r5, r5, r1, lsr #6\n\t"
        "ldr r0, [r8, #0]\n\t"
        "ldr r1, [r8, #4]\n\t"
        "ldr r6, [r8, #72]\n\t"
        "ldr r7, [r8, #76]\n\t"
        "adds r2, r2, r4\n\t"
        "adc r3, r3, r5\n\t"
        "adds r2, r2, r0\n\t"
        "adc r3, r3, r1\n\t"
        "adds r2, r2, r6\n\t"
        "adc r3, r3, r7\n\t"
        "str r2, [r8, #0]\n\t"
        "str r3, [r8, #4]\n\t"
        "str r2, [r8, #128]\n\t"
        "str r3, [r8, #132]\n\t"
        "add r8, r8, #8\n\t"
        "cmp r8, r11\n\t"
        "bne .Lsha512_schedule%=\n\t"
        "b .Lsha512_pass%=\n"
        ".Lsha512_done%=:\n\t"
        "ldr r8, %[h]\n\t"
        SHA512_PUT("0") SHA512_PUT("1") SHA512_PUT("2") SHA512_PUT("3")
        SHA512_PUT("4") SHA512_PUT("5") SHA512_PUT("6") SHA512_PUT("7")
        : SHA512_V(0), SHA512_V(1), SHA512_V(2), SHA512_V(3), SHA512_V(4), SHA512_V(5),
          SHA512_V(6), SHA512_V(7)
        : [h] "m"(hp), [in] "m"(in), [k] "m"(k), [wp] "m"(wp)
        : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr",
          "cc", "memory");
    /* The schedule holds message words, which may be key material (HMAC). */
    fc_zeroize(w, sizeof w);
    fc_zeroize(v, sizeof v);
}

#else

/* ISO C wants at least one declaration in a translation unit. */
typedef int fc_soft_sha512_armv7m_disabled;

#endif
