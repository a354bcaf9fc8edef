/* The SHA-256 block function of sha256.c in Thumb-2 assembly for the Cortex-M3/M4/M33
 * (SHA_THUMB2 in soft.h): the eight working variables in r0-r7, renamed from round to round
 * instead of moved, the rotations in the barrel shifter's operands, the 16-word rolling message
 * schedule in this function's frame (memory operands of the asm: sp-relative, so every register
 * but sp is free). About 2,150 cycles a block on the M4 model against 2,860 for the C at -Os.
 *
 *   S1(e) = ror(e ^ ror(e, 5) ^ ror(e, 19), 6), S0(a) = ror(a ^ ror(a, 11) ^ ror(a, 20), 2): the
 *   outer rotation goes into the operand of the addition.
 *   Maj(a, b, c) = ((a ^ b) & (b ^ c)) ^ b, where b ^ c is the previous round's a ^ b (r10 and
 *   r11 carry it, alternately).
 *
 * Constant time: straight-line code but for the loop over the four passes of sixteen rounds;
 * every address is fixed. The schedule (message words, maybe key material: HMAC) is wiped by the
 * C around the asm.
 */
#include <stdint.h>

#include "fieldcrypt/ct.h"
#include "providers/soft/soft.h"

#if (FC_WITH_SHA224 || FC_WITH_SHA256) && SHA_THUMB2

/* One round; register names as strings; i: the round's index in the pass (a string); ab gets
 * a ^ b, bc holds b ^ c. r8 and r9 are temporaries, r12 points to the pass's constants. */
#define SHA256_ROUND(a, b, c, d, e, f, g, h, i, ab, bc)                                      \
    "ldr r8, %[w" i "]\n\t"                                                                \
    "ldr r9, [r12, #4*" i "]\n\t"                                                          \
    "add " h ", " h ", r8\n\t"                                                             \
    "eor r8, " f ", " g "\n\t"                                                             \
    "add " h ", " h ", r9\n\t"                                                             \
    "and r8, r8, " e "\n\t"                                                                \
    "eor r9, " e ", " e ", ror #5\n\t"                                                     \
    "eor r8, r8, " g "\n\t"                                                                \
    "eor r9, r9, " e ", ror #19\n\t"                                                       \
    "add " h ", " h ", r8\n\t"                                                             \
    "add " h ", " h ", r9, ror #6\n\t"                                                     \
    "eor r9, " a ", " a ", ror #11\n\t"                                                    \
    "add " d ", " d ", " h "\n\t"                                                          \
    "eor r9, r9, " a ", ror #20\n\t"                                                       \
    "eor " ab ", " a ", " b "\n\t"                                                         \
    "add " h ", " h ", r9, ror #2\n\t"                                                     \
    "and r8, " ab ", " bc "\n\t"                                                           \
    "eor r8, r8, " b "\n\t"                                                                \
    "add " h ", " h ", r8\n\t"

#define SHA256_ROUNDS8(i0, i1, i2, i3, i4, i5, i6, i7)                                    \
    SHA256_ROUND("r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", i0, "r10", "r11")         \
    SHA256_ROUND("r7", "r0", "r1", "r2", "r3", "r4", "r5", "r6", i1, "r11", "r10")         \
    SHA256_ROUND("r6", "r7", "r0", "r1", "r2", "r3", "r4", "r5", i2, "r10", "r11")         \
    SHA256_ROUND("r5", "r6", "r7", "r0", "r1", "r2", "r3", "r4", i3, "r11", "r10")         \
    SHA256_ROUND("r4", "r5", "r6", "r7", "r0", "r1", "r2", "r3", i4, "r10", "r11")         \
    SHA256_ROUND("r3", "r4", "r5", "r6", "r7", "r0", "r1", "r2", i5, "r11", "r10")         \
    SHA256_ROUND("r2", "r3", "r4", "r5", "r6", "r7", "r0", "r1", i6, "r10", "r11")         \
    SHA256_ROUND("r1", "r2", "r3", "r4", "r5", "r6", "r7", "r0", i7, "r11", "r10")

/* W[i] += s1(W[i + 14]) + W[i + 9] + s0(W[i + 1]), indices mod 16, in order (see sha256.c);
 * s0(y) = ror(y ^ ror(y, 11), 7) ^ y >> 3, s1(x) = ror(x ^ ror(x, 2), 17) ^ x >> 10. Uses r8,
 * r9, r10 (free between passes: the last round leaves a ^ b in r11) and lr. */
#define SHA256_SCHEDULE(i, i1, i9, i14)                                                    \
    "ldr r8, %[w" i1 "]\n\t"                                                               \
    "ldr r9, %[w" i "]\n\t"                                                                \
    "ldr r10, %[w" i9 "]\n\t"                                                              \
    "ldr lr, %[w" i14 "]\n\t"                                                              \
    "add r9, r9, r10\n\t"                                                                  \
    "eor r10, r8, r8, ror #11\n\t"                                                         \
    "lsr r8, r8, #3\n\t"                                                                   \
    "eor r8, r8, r10, ror #7\n\t"                                                          \
    "add r9, r9, r8\n\t"                                                                   \
    "eor r10, lr, lr, ror #2\n\t"                                                          \
    "lsr lr, lr, #10\n\t"                                                                  \
    "eor lr, lr, r10, ror #17\n\t"                                                         \
    "add r9, r9, lr\n\t"                                                                   \
    "str r9, %[w" i "]\n\t"

/* The message word i, big-endian at any alignment (ARMv7-M loads words unaligned). */
#define SHA256_LOAD(i)                                                                      \
    "ldr r8, [lr, #4*" i "]\n\t"                                                           \
    "rev r8, r8\n\t"                                                                       \
    "str r8, %[w" i "]\n\t"

#define SHA256_W(n) [w##n] "=m"(w[n])

void fc_soft_sha256_compress(uint32_t h[8], const uint8_t block[64])
{
    uint32_t w[16];
    uint32_t *hp = h;
    const uint8_t *in = block;
    const uint32_t *k = fc_soft_sha256_k;

    __asm__ __volatile__(
        "ldr lr, %[in]\n\t"
        SHA256_LOAD("0") SHA256_LOAD("1") SHA256_LOAD("2") SHA256_LOAD("3")
        SHA256_LOAD("4") SHA256_LOAD("5") SHA256_LOAD("6") SHA256_LOAD("7")
        SHA256_LOAD("8") SHA256_LOAD("9") SHA256_LOAD("10") SHA256_LOAD("11")
        SHA256_LOAD("12") SHA256_LOAD("13") SHA256_LOAD("14") SHA256_LOAD("15")
        "ldr lr, %[h]\n\t"
        "ldm lr, {r0-r7}\n\t"
        "ldr r12, %[k]\n\t"
        "eor r11, r1, r2\n"
        ".Lsha256_pass%=:\n\t"
        SHA256_ROUNDS8("0", "1", "2", "3", "4", "5", "6", "7")
        SHA256_ROUNDS8("8", "9", "10", "11", "12", "13", "14", "15")
        "ldr r8, %[k]\n\t"
        "add r8, r8, #192\n\t"
        "cmp r12, r8\n\t"
        "beq .Lsha256_done%=\n\t"
        "add r12, r12, #64\n\t"
        SHA256_SCHEDULE("0", "1", "9", "14") SHA256_SCHEDULE("1", "2", "10", "15")
        SHA256_SCHEDULE("2", "3", "11", "0") SHA256_SCHEDULE("3", "4", "12", "1")
        SHA256_SCHEDULE("4", "5", "13", "2") SHA256_SCHEDULE("5", "6", "14", "3")
        SHA256_SCHEDULE("6", "7", "15", "4") SHA256_SCHEDULE("7", "8", "0", "5")
        SHA256_SCHEDULE("8", "9", "1", "6") SHA256_SCHEDULE("9", "10", "2", "7")
        SHA256_SCHEDULE("10", "11", "3", "8") SHA256_SCHEDULE("11", "12", "4", "9")
        SHA256_SCHEDULE("12", "13", "5", "10") SHA256_SCHEDULE("13", "14", "6", "11")
        SHA256_SCHEDULE("14", "15", "7", "12") SHA256_SCHEDULE("15", "0", "8", "13")
        "b .Lsha256_pass%=\n"
        ".Lsha256_done%=:\n\t"
        "ldr lr, %[h]\n\t"
        "ldm lr, {r8-r11}\n\t"
        "add r0, r0, r8\n\t"
        "add r1, r1, r9\n\t"
        "add r2, r2, r10\n\t"
        "add r3, r3, r11\n\t"
        "ldr r8, [lr, #16]\n\t"
        "ldr r9, [lr, #20]\n\t"
        "ldr r10, [lr, #24]\n\t"
        "ldr r11, [lr, #28]\n\t"
        "add r4, r4, r8\n\t"
        "add r5, r5, r9\n\t"
        "add r6, r6, r10\n\t"
        "add r7, r7, r11\n\t"
        "stm lr, {r0-r7}\n\t"
        : SHA256_W(0), SHA256_W(1), SHA256_W(2), SHA256_W(3), SHA256_W(4), SHA256_W(5),
          SHA256_W(6), SHA256_W(7), SHA256_W(8), SHA256_W(9), SHA256_W(10), SHA256_W(11),
          SHA256_W(12), SHA256_W(13), SHA256_W(14), SHA256_W(15)
        : [h] "m"(hp), [in] "m"(in), [k] "m"(k)
        : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr",
          "cc", "memory");
    /* The schedule holds message words, which may be key material (HMAC). */
    fc_zeroize(w, sizeof w);
}

#else

/* ISO C wants at least one declaration in a translation unit. */
typedef int fc_soft_sha256_armv7m_disabled;

#endif
