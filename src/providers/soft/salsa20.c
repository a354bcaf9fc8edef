/* Salsa20/20 and HSalsa20 for the soft provider.
 *
 * The C is written for small cores: each double round written out over sixteen local words,
 * the ten double rounds a loop; words are loaded and stored byte by byte (no alignment
 * assumptions). On the Cortex-M0/M0+ and M3/M4 with gcc's optimization the block (rounds,
 * feed-forward, output words, counter step) is assembly instead: 2210 cycles a block on the
 * M0+ model (3520 for the C at -Os) and 1100 on the M4 (1730). FC_SALSA20_ASM=0 keeps the C
 * (some 480 bytes less flash on the M0+, 210 on the M4 at -Os). HSalsa20 runs the same block
 * and takes the feed-forward off again.
 * Constant time: straight-line code but for the round loops, whose counts are fixed; no
 * address depends on key, nonce or data (the one branch, on the output buffer's alignment,
 * depends on an address alone).
 * The core (src/core/stream.c) buffers the keystream; these functions keep only the cipher's
 * 16 input words, in the context's state area.
 */
#include "fieldcrypt/config.h"

#if FC_WITH_SALSA20

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "soft.h"

/* The block in assembly (below): Thumb-1 on the Cortex-M0/M0+, Thumb-2 on the M3/M4, with
 * gcc's optimization only: the asm names every register but sp (r7 included) and addresses its
 * frame through sp. clang, -O0 and other cores (RV32, the host) take the C. */
#ifndef FC_SALSA20_ASM
#define FC_SALSA20_ASM 1
#endif
#if FC_SALSA20_ASM && defined(__OPTIMIZE__) && defined(__GNUC__) && !defined(__clang__) && \
    defined(__ARM_ARCH_6M__)
#define SALSA20_ARMV6M 1
#else
#define SALSA20_ARMV6M 0
#endif
#if FC_SALSA20_ASM && defined(__OPTIMIZE__) && defined(__GNUC__) && !defined(__clang__) && \
    (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__))
#define SALSA20_THUMB2 1
#else
#define SALSA20_THUMB2 0
#endif
#define SALSA20_ASM (SALSA20_ARMV6M || SALSA20_THUMB2)

/* "expand 32-byte k" and "expand 16-byte k" as little-endian words (state words 0, 5, 10, 15). */
static const uint32_t salsa20_sigma[4] = { 0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u };
static const uint32_t salsa20_tau[4] = { 0x61707865u, 0x3120646eu, 0x79622d36u, 0x6b206574u };

static uint32_t salsa20_load32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

static void salsa20_store32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

#if !SALSA20_ASM
static uint32_t salsa20_rotl(uint32_t v, unsigned n)
{
    /* n is always 7, 9, 13 or 18, so neither shift is by 32. */
    return (v << n) | (v >> (32u - n));
}

#define SALSA20_QR(a, b, c, d)                                                   \
    b ^= salsa20_rotl(a + d, 7);                                                 \
    c ^= salsa20_rotl(b + a, 9);                                                 \
    d ^= salsa20_rotl(c + b, 13);                                                \
    a ^= salsa20_rotl(d + c, 18);

/* The 20 rounds in place, without the final feed-forward (HSalsa20 omits it). The state is
 * held in sixteen variables and each double round written out (four column quarter-rounds,
 * then four row quarter-rounds), so every word has a fixed register or stack slot instead of
 * an index read from a table: about three times faster on the Cortex-M0+ and M4. */
static void salsa20_rounds(uint32_t x[16])
{
    uint32_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3], x4 = x[4], x5 = x[5], x6 = x[6];
    uint32_t x7 = x[7], x8 = x[8], x9 = x[9], x10 = x[10], x11 = x[11], x12 = x[12];
    uint32_t x13 = x[13], x14 = x[14], x15 = x[15];
    unsigned r;
    for (r = 0; r < 10; r++) {
        SALSA20_QR(x0, x4, x8, x12)
        SALSA20_QR(x5, x9, x13, x1)
        SALSA20_QR(x10, x14, x2, x6)
        SALSA20_QR(x15, x3, x7, x11)
        SALSA20_QR(x0, x1, x2, x3)
        SALSA20_QR(x5, x6, x7, x4)
        SALSA20_QR(x10, x11, x8, x9)
        SALSA20_QR(x15, x12, x13, x14)
    }
    x[0] = x0; x[1] = x1; x[2] = x2; x[3] = x3; x[4] = x4; x[5] = x5; x[6] = x6; x[7] = x7;
    x[8] = x8; x[9] = x9; x[10] = x10; x[11] = x11; x[12] = x12; x[13] = x13; x[14] = x14;
    x[15] = x15;
}

#endif

/* Constants at words 0, 5, 10, 15; key at 1..4 and 11..14. A 16-byte key fills both halves. */
static void salsa20_load_key(uint32_t st[16], const uint8_t *key, size_t key_len)
{
    const uint32_t *c = (key_len == 32) ? salsa20_sigma : salsa20_tau;
    const uint8_t *k2 = (key_len == 32) ? key + 16 : key;
    unsigned i;
    for (i = 0; i < 4; i++) {
        st[5u * i] = c[i];
        st[1u + i] = salsa20_load32(key + 4u * i);
        st[11u + i] = salsa20_load32(k2 + 4u * i);
    }
}

/* The state: constants, key, nonce, counter (the cipher's 16 input words). */
typedef struct salsa20_state {
    uint32_t input[16];
} salsa20_state;

FC_STATE_FITS(salsa20_state, FC_STREAM_STATE_SIZE);

static fc_status salsa20_init(const fc_impl *impl, void *state, const uint8_t *key,
                              size_t key_len, const uint8_t *nonce, size_t nonce_len,
                              uint64_t counter)
{
    (void)nonce_len; /* always 8: the core checked */
    uint32_t *in = ((salsa20_state *)state)->input;
    (void)impl;
    salsa20_load_key(in, key, key_len);
    in[6] = salsa20_load32(nonce);
    in[7] = salsa20_load32(nonce + 4);
    in[8] = (uint32_t)counter;
    in[9] = (uint32_t)(counter >> 32);
    return FC_OK;
}

#if SALSA20_ARMV6M
/* The block in Thumb-1 assembly (Cortex-M0/M0+): out[16] = rounds(in) + in, then in's 64-bit
 * counter (words 8, 9) plus one. Both arrays are word-aligned, out may be in (each word of in
 * is read before the same word of out is written; the counter step comes last); every
 * register but sp is used.
 *
 * A quarter-round step b ^= (a + d) <<< k is adds, movs (the count 32 - k: RORS rotates right
 * by a register), rors, eors: 16 cycles a quarter-round, all four words in low registers.
 * Between the quarter-rounds six of the sixteen words are in low registers, six in r8-r12 and
 * lr (MOV, 1 cycle each way) and four in the frame (LDR/STR, 2 cycles each); the order of the
 * quarter-rounds and the words moved around them were chosen so that a word is moved as
 * rarely as possible: the words a quarter-round does not need leave by farthest next use, to
 * r8-r12/lr while one is free, else to the frame (about 30 cycles of moves a round, near the
 * least six low registers allow). A pass of the loop is two double rounds whose moves leave
 * every word where the pass found it; the loop count and the pointers are in the frame.
 * 192 cycles a double round on the M0+ model against some 340 for the C. */
#define SALSA20_QR_MACRO                                                                    \
    ".macro salsa_qr a, b, c, d, t, n\n\t"                                                  \
    "adds \\t, \\a, \\d\n\t"                                                                \
    "movs \\n, #25\n\t"                                                                     \
    "rors \\t, \\n\n\t"                                                                     \
    "eors \\b, \\t\n\t"                                                                     \
    "adds \\t, \\b, \\a\n\t"                                                                \
    "movs \\n, #23\n\t"                                                                     \
    "rors \\t, \\n\n\t"                                                                     \
    "eors \\c, \\t\n\t"                                                                     \
    "adds \\t, \\c, \\b\n\t"                                                                \
    "movs \\n, #19\n\t"                                                                     \
    "rors \\t, \\n\n\t"                                                                     \
    "eors \\d, \\t\n\t"                                                                     \
    "adds \\t, \\d, \\c\n\t"                                                                \
    "movs \\n, #14\n\t"                                                                     \
    "rors \\t, \\n\n\t"                                                                     \
    "eors \\a, \\t\n\t"                                                                     \
    ".endm\n\t"

__attribute__((noinline)) static void salsa20_block_asm(uint32_t out[16], uint32_t in[16])
{
    uint32_t frame[4]; /* spilled words: round state, zeroed by the asm before it returns */
    uint32_t rounds = 5; /* two double rounds a pass */;
    uint32_t *pin = in, *pout = out;
    __asm__ volatile(
        ".syntax unified\n\t"
        SALSA20_QR_MACRO
        /* in[] to the registers and the frame */
        "ldr r4, %[pin]\n\t"
        "ldr r7, [r4, #0]\n\t"
        "str r7, %[m0]\n\t"
        "ldr r7, [r4, #4]\n\t"
        "mov lr, r7\n\t"
        "ldr r7, [r4, #8]\n\t"
        "str r7, %[m1]\n\t"
        "ldr r7, [r4, #12]\n\t"
        "mov r9, r7\n\t"
        "ldr r7, [r4, #20]\n\t"
        "mov r12, r7\n\t"
        "ldr r7, [r4, #24]\n\t"
        "str r7, %[m2]\n\t"
        "ldr r7, [r4, #28]\n\t"
        "mov r10, r7\n\t"
        "ldr r7, [r4, #36]\n\t"
        "mov r11, r7\n\t"
        "ldr r7, [r4, #40]\n\t"
        "str r7, %[m3]\n\t"
        "ldr r7, [r4, #44]\n\t"
        "mov r8, r7\n\t"
        "ldr r1, [r4, #16]\n\t"
        "ldr r2, [r4, #32]\n\t"
        "ldr r6, [r4, #48]\n\t"
        "ldr r5, [r4, #52]\n\t"
        "ldr r0, [r4, #56]\n\t"
        "ldr r3, [r4, #60]\n\t"
        /* the ten double rounds, two a pass */
        "1:\n\t"
        "ldr r7, %[m0]\n\t"
        "str r3, %[m0]\n\t"
        "salsa_qr r7, r1, r2, r6, r3, r4  @ words 0, 4, 8, 12\n\t"
        "ldr r4, %[m3]\n\t"
        "str r6, %[m3]\n\t"
        "ldr r6, %[m1]\n\t"
        "str r2, %[m1]\n\t"
        "ldr r2, %[m2]\n\t"
        "str r7, %[m2]\n\t"
        "salsa_qr r4, r0, r6, r2, r7, r3  @ words 10, 14, 2, 6\n\t"
        "mov r3, r11\n\t"
        "mov r11, r0\n\t"
        "mov r0, r12\n\t"
        "mov r12, r4\n\t"
        "mov r4, lr\n\t"
        "mov lr, r6\n\t"
        "salsa_qr r0, r3, r5, r4, r6, r7  @ words 5, 9, 13, 1\n\t"
        "mov r7, r8\n\t"
        "mov r8, r5\n\t"
        "mov r5, r9\n\t"
        "mov r9, r3\n\t"
        "mov r6, r10\n\t"
        "mov r10, r4\n\t"
        "ldr r4, %[m0]\n\t"
        "str r1, %[m0]\n\t"
        "salsa_qr r4, r5, r6, r7, r1, r3  @ words 15, 3, 7, 11\n\t"
        "ldr r1, %[m0]\n\t"
        "str r4, %[m0]\n\t"
        "salsa_qr r0, r2, r6, r1, r4, r3  @ words 5, 6, 7, 4\n\t"
        "mov r4, r10\n\t"
        "mov r10, r6\n\t"
        "mov r3, lr\n\t"
        "mov lr, r0\n\t"
        "ldr r0, %[m2]\n\t"
        "str r2, %[m2]\n\t"
        "salsa_qr r0, r4, r3, r5, r2, r6  @ words 0, 1, 2, 3\n\t"
        "mov r6, r9\n\t"
        "mov r9, r5\n\t"
        "mov r5, r12\n\t"
        "mov r12, r4\n\t"
        "ldr r4, %[m1]\n\t"
        "str r3, %[m1]\n\t"
        "salsa_qr r5, r7, r4, r6, r3, r2  @ words 10, 11, 8, 9\n\t"
        "mov r3, r8\n\t"
        "mov r8, r7\n\t"
        "mov r2, r11\n\t"
        "mov r11, r6\n\t"
        "ldr r6, %[m3]\n\t"
        "str r5, %[m3]\n\t"
        "ldr r7, %[m0]\n\t"
        "str r0, %[m0]\n\t"
        "salsa_qr r7, r6, r3, r2, r0, r5  @ words 15, 12, 13, 14\n\t"
        "\n\t"
        "ldr r5, %[m0]\n\t"
        "str r7, %[m0]\n\t"
        "salsa_qr r5, r1, r4, r6, r0, r7  @ words 0, 4, 8, 12\n\t"
        "ldr r7, %[m3]\n\t"
        "str r6, %[m3]\n\t"
        "ldr r6, %[m1]\n\t"
        "str r4, %[m1]\n\t"
        "ldr r4, %[m2]\n\t"
        "str r5, %[m2]\n\t"
        "salsa_qr r7, r2, r6, r4, r5, r0  @ words 10, 14, 2, 6\n\t"
        "mov r0, r11\n\t"
        "mov r11, r2\n\t"
        "mov r2, lr\n\t"
        "mov lr, r7\n\t"
        "mov r5, r12\n\t"
        "mov r12, r6\n\t"
        "salsa_qr r2, r0, r3, r5, r7, r6  @ words 5, 9, 13, 1\n\t"
        "mov r6, r8\n\t"
        "mov r8, r3\n\t"
        "mov r3, r9\n\t"
        "mov r9, r0\n\t"
        "mov r7, r10\n\t"
        "mov r10, r5\n\t"
        "ldr r0, %[m0]\n\t"
        "str r1, %[m0]\n\t"
        "salsa_qr r0, r3, r7, r6, r5, r1  @ words 15, 3, 7, 11\n\t"
        "ldr r1, %[m0]\n\t"
        "str r0, %[m0]\n\t"
        "salsa_qr r2, r4, r7, r1, r0, r5  @ words 5, 6, 7, 4\n\t"
        "mov r0, r10\n\t"
        "mov r10, r7\n\t"
        "mov r5, r12\n\t"
        "mov r12, r2\n\t"
        "ldr r7, %[m2]\n\t"
        "str r4, %[m2]\n\t"
        "salsa_qr r7, r0, r5, r3, r2, r4  @ words 0, 1, 2, 3\n\t"
        "mov r4, r9\n\t"
        "mov r9, r3\n\t"
        "mov r3, lr\n\t"
        "mov lr, r0\n\t"
        "ldr r2, %[m1]\n\t"
        "str r5, %[m1]\n\t"
        "salsa_qr r3, r6, r2, r4, r5, r0  @ words 10, 11, 8, 9\n\t"
        "mov r5, r8\n\t"
        "mov r8, r6\n\t"
        "mov r0, r11\n\t"
        "mov r11, r4\n\t"
        "ldr r6, %[m3]\n\t"
        "str r3, %[m3]\n\t"
        "ldr r3, %[m0]\n\t"
        "str r7, %[m0]\n\t"
        "salsa_qr r3, r6, r5, r0, r4, r7  @ words 15, 12, 13, 14\n\t"
        "ldr r7, %[cnt]\n\t"
        "subs r7, #1\n\t"
        "str r7, %[cnt]\n\t"
        "beq 2f\n\t"
        "b 1b\n\t"
        "2:\n\t"
        /* feed-forward and output (a word spilled into the count's slot to free the
         * pointers' registers), the counter, then the frame and r0-r3, r12 zeroed (gcc
         * restores the others) */
        "str r1, %[cnt]\n\t"
        "ldr r4, %[pin]\n\t"
        "ldr r7, %[pout]\n\t"
        "ldr r1, [r4, #32]\n\t"
        "adds r2, r2, r1\n\t"
        "str r2, [r7, #32]\n\t"
        "ldr r1, [r4, #48]\n\t"
        "adds r6, r6, r1\n\t"
        "str r6, [r7, #48]\n\t"
        "ldr r1, [r4, #52]\n\t"
        "adds r5, r5, r1\n\t"
        "str r5, [r7, #52]\n\t"
        "ldr r1, [r4, #56]\n\t"
        "adds r0, r0, r1\n\t"
        "str r0, [r7, #56]\n\t"
        "ldr r1, [r4, #60]\n\t"
        "adds r3, r3, r1\n\t"
        "str r3, [r7, #60]\n\t"
        "ldr r3, %[m0]\n\t"
        "ldr r1, [r4, #0]\n\t"
        "adds r3, r3, r1\n\t"
        "str r3, [r7, #0]\n\t"
        "mov r3, lr\n\t"
        "ldr r1, [r4, #4]\n\t"
        "adds r3, r3, r1\n\t"
        "str r3, [r7, #4]\n\t"
        "ldr r3, %[m1]\n\t"
        "ldr r1, [r4, #8]\n\t"
        "adds r3, r3, r1\n\t"
        "str r3, [r7, #8]\n\t"
        "mov r3, r9\n\t"
        "ldr r1, [r4, #12]\n\t"
        "adds r3, r3, r1\n\t"
        "str r3, [r7, #12]\n\t"
        "ldr r3, %[cnt]\n\t"
        "ldr r1, [r4, #16]\n\t"
        "adds r3, r3, r1\n\t"
        "str r3, [r7, #16]\n\t"
        "mov r3, r12\n\t"
        "ldr r1, [r4, #20]\n\t"
        "adds r3, r3, r1\n\t"
        "str r3, [r7, #20]\n\t"
        "ldr r3, %[m2]\n\t"
        "ldr r1, [r4, #24]\n\t"
        "adds r3, r3, r1\n\t"
        "str r3, [r7, #24]\n\t"
        "mov r3, r10\n\t"
        "ldr r1, [r4, #28]\n\t"
        "adds r3, r3, r1\n\t"
        "str r3, [r7, #28]\n\t"
        "mov r3, r11\n\t"
        "ldr r1, [r4, #36]\n\t"
        "adds r3, r3, r1\n\t"
        "str r3, [r7, #36]\n\t"
        "ldr r3, %[m3]\n\t"
        "ldr r1, [r4, #40]\n\t"
        "adds r3, r3, r1\n\t"
        "str r3, [r7, #40]\n\t"
        "mov r3, r8\n\t"
        "ldr r1, [r4, #44]\n\t"
        "adds r3, r3, r1\n\t"
        "str r3, [r7, #44]\n\t"
        "ldr r2, [r4, #32]\n\t"
        "ldr r6, [r4, #36]\n\t"
        "movs r5, #0\n\t"
        "adds r2, #1\n\t"
        "adcs r6, r5\n\t"
        "str r2, [r4, #32]\n\t"
        "str r6, [r4, #36]\n\t"
        "str r5, %[m0]\n\t"
        "str r5, %[m1]\n\t"
        "str r5, %[m2]\n\t"
        "str r5, %[m3]\n\t"
        "str r5, %[cnt]\n\t"
        "movs r0, #0\n\t"
        "movs r1, #0\n\t"
        "movs r2, #0\n\t"
        "movs r3, #0\n\t"
        "mov r12, r0\n\t"
        ".purgem salsa_qr\n\t"
        ".syntax divided\n\t"
        : [m0] "=m"(frame[0]), [m1] "=m"(frame[1]), [m2] "=m"(frame[2]), [m3] "=m"(frame[3]),
          [cnt] "+m"(rounds), [pin] "+m"(pin)
        : [pout] "m"(pout)
        : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr",
          "cc", "memory");
}
#elif SALSA20_THUMB2
/* The same block in Thumb-2 (Cortex-M3/M4): a step b ^= (a + d) <<< k is an ADD and an EOR
 * with the rotation in its operand (ROR #(32 - k)), 8 cycles a quarter-round; thirteen words
 * stay in registers (all but sp, pc and the sum), three in the frame, moved as for the M0.
 * About 100 cycles a double round on the M4 model against some 160 for the C. */
#define SALSA20_QR_MACRO                                                                    \
    ".macro salsa_qr a, b, c, d, t\n\t"                                                     \
    "add \\t, \\a, \\d\n\t"                                                                 \
    "eor \\b, \\b, \\t, ror #25\n\t"                                                        \
    "add \\t, \\b, \\a\n\t"                                                                 \
    "eor \\c, \\c, \\t, ror #23\n\t"                                                        \
    "add \\t, \\c, \\b\n\t"                                                                 \
    "eor \\d, \\d, \\t, ror #19\n\t"                                                        \
    "add \\t, \\d, \\c\n\t"                                                                 \
    "eor \\a, \\a, \\t, ror #14\n\t"                                                        \
    ".endm\n\t"

__attribute__((noinline)) static void salsa20_block_asm(uint32_t out[16], uint32_t in[16])
{
    uint32_t frame[3]; /* spilled words: round state, zeroed by the asm before it returns */
    uint32_t rounds = 10;
    uint32_t *pin = in, *pout = out;
    __asm__ volatile(
        ".syntax unified\n\t"
        SALSA20_QR_MACRO
        /* in[] to the registers and the frame */
        "ldr r2, %[pin]\n\t"
        "ldr r0, [r2, #12]\n\t"
        "str r0, %[m2]\n\t"
        "ldr r0, [r2, #28]\n\t"
        "str r0, %[m0]\n\t"
        "ldr r0, [r2, #60]\n\t"
        "str r0, %[m1]\n\t"
        "ldr r0, [r2, #0]\n\t"
        "ldr r7, [r2, #4]\n\t"
        "ldr r10, [r2, #8]\n\t"
        "ldr r1, [r2, #16]\n\t"
        "ldr r4, [r2, #20]\n\t"
        "ldr r11, [r2, #24]\n\t"
        "ldr r5, [r2, #32]\n\t"
        "ldr r12, [r2, #36]\n\t"
        "ldr r8, [r2, #40]\n\t"
        "ldr lr, [r2, #44]\n\t"
        "ldr r3, [r2, #48]\n\t"
        "ldr r6, [r2, #52]\n\t"
        "ldr r9, [r2, #56]\n\t"
        /* the ten double rounds */
        "1:\n\t"
        "salsa_qr r0, r1, r5, r3, r2  @ words 0, 4, 8, 12\n\t"
        "salsa_qr r4, r12, r6, r7, r2  @ words 5, 9, 13, 1\n\t"
        "salsa_qr r8, r9, r10, r11, r2  @ words 10, 14, 2, 6\n\t"
        "ldr r2, %[m2]\n\t"
        "str r5, %[m2]\n\t"
        "ldr r5, %[m0]\n\t"
        "str r12, %[m0]\n\t"
        "ldr r12, %[m1]\n\t"
        "str r8, %[m1]\n\t"
        "salsa_qr r12, r2, r5, lr, r8  @ words 15, 3, 7, 11\n\t"
        "salsa_qr r0, r7, r10, r2, r8  @ words 0, 1, 2, 3\n\t"
        "salsa_qr r4, r11, r5, r1, r8  @ words 5, 6, 7, 4\n\t"
        "salsa_qr r12, r3, r6, r9, r8  @ words 15, 12, 13, 14\n\t"
        "ldr r8, %[m2]\n\t"
        "str r2, %[m2]\n\t"
        "ldr r2, %[m0]\n\t"
        "str r5, %[m0]\n\t"
        "ldr r5, %[m1]\n\t"
        "str r12, %[m1]\n\t"
        "salsa_qr r5, lr, r8, r2, r12  @ words 10, 11, 8, 9\n\t"
        "mov r12, r2\n\t"
        "mov r2, r8\n\t"
        "mov r8, r5\n\t"
        "mov r5, r2\n\t"
        "ldr r2, %[cnt]\n\t"
        "subs r2, r2, #1\n\t"
        "str r2, %[cnt]\n\t"
        "bne 1b\n\t"
        /* feed-forward and output (a word spilled into the count's slot, another into the in
         * pointer's, to free the pointers' registers), the counter, then the frame and r0-r3,
         * r12 zeroed (gcc restores the others) */
        "str r0, %[cnt]\n\t"
        "ldr r2, %[pin]\n\t"
        "ldr r0, %[pout]\n\t"
        "str r7, %[pin]\n\t"
        "ldr r7, [r2, #8]\n\t"
        "add r10, r10, r7\n\t"
        "str r10, [r0, #8]\n\t"
        "ldr r7, [r2, #16]\n\t"
        "add r1, r1, r7\n\t"
        "str r1, [r0, #16]\n\t"
        "ldr r7, [r2, #20]\n\t"
        "add r4, r4, r7\n\t"
        "str r4, [r0, #20]\n\t"
        "ldr r7, [r2, #24]\n\t"
        "add r11, r11, r7\n\t"
        "str r11, [r0, #24]\n\t"
        "ldr r7, [r2, #32]\n\t"
        "add r5, r5, r7\n\t"
        "str r5, [r0, #32]\n\t"
        "ldr r7, [r2, #36]\n\t"
        "add r12, r12, r7\n\t"
        "str r12, [r0, #36]\n\t"
        "ldr r7, [r2, #40]\n\t"
        "add r8, r8, r7\n\t"
        "str r8, [r0, #40]\n\t"
        "ldr r7, [r2, #44]\n\t"
        "add lr, lr, r7\n\t"
        "str lr, [r0, #44]\n\t"
        "ldr r7, [r2, #48]\n\t"
        "add r3, r3, r7\n\t"
        "str r3, [r0, #48]\n\t"
        "ldr r7, [r2, #52]\n\t"
        "add r6, r6, r7\n\t"
        "str r6, [r0, #52]\n\t"
        "ldr r7, [r2, #56]\n\t"
        "add r9, r9, r7\n\t"
        "str r9, [r0, #56]\n\t"
        "ldr r9, %[cnt]\n\t"
        "ldr r7, [r2, #0]\n\t"
        "add r9, r9, r7\n\t"
        "str r9, [r0, #0]\n\t"
        "ldr r9, %[pin]\n\t"
        "ldr r7, [r2, #4]\n\t"
        "add r9, r9, r7\n\t"
        "str r9, [r0, #4]\n\t"
        "ldr r9, %[m2]\n\t"
        "ldr r7, [r2, #12]\n\t"
        "add r9, r9, r7\n\t"
        "str r9, [r0, #12]\n\t"
        "ldr r9, %[m0]\n\t"
        "ldr r7, [r2, #28]\n\t"
        "add r9, r9, r7\n\t"
        "str r9, [r0, #28]\n\t"
        "ldr r9, %[m1]\n\t"
        "ldr r7, [r2, #60]\n\t"
        "add r9, r9, r7\n\t"
        "str r9, [r0, #60]\n\t"
        "ldr r10, [r2, #32]\n\t"
        "ldr r1, [r2, #36]\n\t"
        "movs r4, #0\n\t"
        "adds r10, r10, #1\n\t"
        "adc r1, r1, #0\n\t"
        "str r10, [r2, #32]\n\t"
        "str r1, [r2, #36]\n\t"
        "str r4, %[m0]\n\t"
        "str r4, %[m1]\n\t"
        "str r4, %[m2]\n\t"
        "str r4, %[cnt]\n\t"
        "str r4, %[pin]\n\t"
        "movs r0, #0\n\t"
        "movs r1, #0\n\t"
        "movs r2, #0\n\t"
        "movs r3, #0\n\t"
        "mov r12, r0\n\t"
        ".purgem salsa_qr\n\t"
        : [m0] "=m"(frame[0]), [m1] "=m"(frame[1]), [m2] "=m"(frame[2]),
          [cnt] "+m"(rounds), [pin] "+m"(pin)
        : [pout] "m"(pout)
        : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr",
          "cc", "memory");
}
#endif

static fc_status salsa20_block(const fc_impl *impl, void *state, uint8_t *out)
{
    uint32_t *in = ((salsa20_state *)state)->input;
    uint32_t z[16];
    unsigned i;

    (void)impl;
#if SALSA20_ASM
    /* The core's keystream buffer is word-aligned: the words go there directly (little-endian
     * core). The choice depends on the address alone. */
    if (((uintptr_t)out & 3u) == 0) {
        salsa20_block_asm((uint32_t *)(void *)out, in);
        return FC_OK;
    }
    salsa20_block_asm(z, in);
    for (i = 0; i < 16; i++)
        salsa20_store32(out + 4u * i, z[i]);
#else
    {
        uint64_t ctr;
        memcpy(z, in, sizeof z);
        salsa20_rounds(z);
        for (i = 0; i < 16; i++)
            salsa20_store32(out + 4u * i, z[i] + in[i]);
        ctr = ((uint64_t)in[9] << 32) | in[8];
        ctr++;
        in[8] = (uint32_t)ctr;
        in[9] = (uint32_t)(ctr >> 32);
    }
#endif
    /* The working copy is keystream material: do not leave it on the stack. */
    fc_zeroize(z, sizeof z);
    return FC_OK;
}

/* HSalsa20: the Salsa20 state with the 16-byte input in words 6..9, 20 rounds, and no
 * feed-forward; the output is words 0, 5, 10, 15 (the diagonal) then 6, 7, 8, 9. */
static fc_status salsa20_hsalsa20(const fc_impl *impl, uint8_t out[32], const uint8_t key[32],
                                  const uint8_t in[16])
{
    static const uint8_t pick[8] = { 0, 5, 10, 15, 6, 7, 8, 9 };
    uint32_t x[16];
    unsigned i;

    salsa20_load_key(x, key, 32);
    for (i = 0; i < 4; i++)
        x[6u + i] = salsa20_load32(in + 4u * i);
#if SALSA20_ASM
    /* The block in place, x = rounds(x) + x with x[8], x[9] then stepped as a counter: the
     * step is taken off again (the borrow computed without a branch), then the feed-forward
     * (words 0, 5, 10, 15 the constants, 6..9 the input). */
    salsa20_block_asm(x, x);
    x[9] -= 1u ^ ((x[8] | (0u - x[8])) >> 31); /* a borrow when x[8] is 0 */
    x[8] -= 1u;
    for (i = 0; i < 4; i++) {
        x[5u * i] -= salsa20_sigma[i];
        x[6u + i] -= salsa20_load32(in + 4u * i);
    }
#else
    salsa20_rounds(x);
#endif
    for (i = 0; i < 8; i++)
        salsa20_store32(out + 4u * i, x[pick[i]]);
    /* x holds the subkey (and without feed-forward the rounds are invertible to the key). */
    fc_zeroize(x, sizeof x);
    (void)impl;
    return FC_OK;
}

/* XSalsa20 and HSalsa20 come from the core's modes over this one (algorithms.def). */
const fc_impl fc_soft_salsa20 = {
    .alg = FC_SALSA20,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(salsa20_state),
    .ops.stream = {.init = salsa20_init, .block = salsa20_block, .subkey = salsa20_hsalsa20},
};

#else

/* ISO C wants at least one declaration in a translation unit. */
typedef int fc_soft_salsa20_disabled;

#endif
