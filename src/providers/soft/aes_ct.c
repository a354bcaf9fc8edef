/* AES-128/192/256 (FIPS 197) for the soft provider: bitsliced, fixsliced, constant time.
 *
 * Constant time: the state is bitsliced, so SubBytes is a Boolean circuit over whole words and
 * no table is ever indexed by key or data; every shift, rotation and mask is fixed by the
 * round number and the key size, which are public; nothing branches on key or data.
 *
 * Bitsliced layout. Two blocks at a time in eight 32-bit words: word j holds bit j of all 32
 * bytes, and the byte at (row r, column c) of block b sits at bit 8r + 2c + b. A single block
 * runs as a pair whose second block is zero. bitslice() converts between four column words per
 * block and this layout (three layers of swaps between pairs of words; it is its own inverse).
 *
 * Fixslicing (Adomnicai and Peyrin, "Fixslicing AES-like ciphers", TCHES 2021/1): ShiftRows is
 * never applied. After r skipped ShiftRows, the byte of logical (row, column c) sits in physical
 * column c + r * row (mod 4). MixColumns of round r needs, for each byte, the byte one row down
 * in the same logical column: physically one row down and (r mod 4) columns on, which is a word
 * rotation by 8 and a rotation inside each byte by 2 * (r mod 4) bits. Round keys are stored in
 * the layout of their round, and the output is put back with ShiftRows^(nr mod 4), on bytes.
 *
 * S-box: the 115-gate circuit (32 AND) of Boyar and Peralta ("A new combinational logic
 * minimization technique with applications to cryptology", SEA 2010) without its four NOTs:
 * the constant 0x63 goes into round keys 1..nr instead (MixColumns and InvMixColumns map a
 * column of four equal bytes to itself, so the constant passes through them). The inverse
 * S-box is that circuit between two copies of the linear part A^-1 of the inverse affine map:
 * with the constant in the round keys, InvSubBytes(y) = A^-1(S(A^-1(y))) for S = A o inversion.
 *
 * State (the caller's, wiped by the core): round key 0 as four column words (added to the
 * bytes before bitslicing, or after, when decrypting), then round keys 1..nr in pairs: pair p
 * is round keys 2p+1 and 2p+2 bitsliced together as if they were the two blocks, so round key
 * 2p+1 holds the block-0 bits of its eight words and 2p+2 the block-1 bits. A round spreads its
 * half to both blocks (a mask and a multiply by 3). Encryption and decryption use the same keys.
 * AES-256: 4 + 7 * 8 words and the round count, 244 bytes.
 *
 * Wiping: the work area (planes and S-box spills) and the column buffers are zeroed before
 * returning, and so is the stack just below (burn_callee_frames) where the callees spilled.
 */
#include "fieldcrypt/config.h"

#if FC_WITH_AES

#include <stddef.h>
#include <stdint.h>

#include "fieldcrypt/ct.h"
#include "aes_ct.h"
#include "soft.h"

#if defined(__GNUC__) || defined(__clang__)
#define AES_INLINE static inline __attribute__((always_inline))
#define AES_NOINLINE __attribute__((noinline))
#else
#define AES_INLINE static inline
#define AES_NOINLINE
#endif

typedef struct aes_ct_state {
    uint32_t rk[60]; /* round key 0 (4 words), then nr / 2 bitsliced pairs (8 words each) */
    uint32_t rounds; /* 10, 12 or 14 */
} aes_ct_state;

FC_STATE_FITS(aes_ct_state, 256); /* the AEAD context keeps 256 bytes for the AES state */
FC_STATE_FITS(aes_ct_state, FC_BLOCK_STATE_SIZE);

static uint32_t aes_load32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

static void aes_store32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

AES_INLINE uint32_t rotr32(uint32_t x, unsigned n)
{
    return (x >> n) | (x << (32u - n)); /* n is 8 or 16 */
}

/* Each byte of x rotated right by s bits (0 < s < 8); low masks the s low bits of each byte. */
AES_INLINE uint32_t byte_rotr(uint32_t x, unsigned s, uint32_t low)
{
    uint32_t l = x & low;
    return ((x ^ l) >> s) | (l << (8u - s));
}

/* The bits (mask << n) of a trade places with the bits mask of b. */
AES_INLINE void swap_move(uint32_t *a, uint32_t *b, uint32_t mask, unsigned n)
{
    uint32_t t = ((*a >> n) ^ *b) & mask;
    *b ^= t;
    *a ^= t << n;
}

/* Columns to bit planes and back. In: q[2c + b] = column c of block b (byte r at bits 8r..).
 * Out: q[j] = bit j of every byte, byte (r, c) of block b at bit 8r + 2c + b. Each layer
 * exchanges one bit of the word index (block, column bit 0, column bit 1) with one bit of the
 * in-word position (bit 0, 1, 2 of the byte's bit number); doing it twice restores the input. */
static void bitslice(uint32_t q[8])
{
    swap_move(&q[0], &q[1], 0x55555555u, 1);
    swap_move(&q[2], &q[3], 0x55555555u, 1);
    swap_move(&q[4], &q[5], 0x55555555u, 1);
    swap_move(&q[6], &q[7], 0x55555555u, 1);
    swap_move(&q[0], &q[2], 0x33333333u, 2);
    swap_move(&q[1], &q[3], 0x33333333u, 2);
    swap_move(&q[4], &q[6], 0x33333333u, 2);
    swap_move(&q[5], &q[7], 0x33333333u, 2);
    swap_move(&q[0], &q[4], 0x0F0F0F0Fu, 4);
    swap_move(&q[1], &q[5], 0x0F0F0F0Fu, 4);
    swap_move(&q[2], &q[6], 0x0F0F0F0Fu, 4);
    swap_move(&q[3], &q[7], 0x0F0F0F0Fu, 4);
}

/* The S-boxes run on the work area w: w[0..7] the planes (w[7] the most significant bit),
 * w[8..31] room for values the Cortex-M0's eight low registers cannot hold. The gates are in
 * an order, and their spills to w and reloads from it are explicit, that keep at most seven
 * values live at once (scheduled offline for a two-operand machine with seven free registers);
 * w is volatile so that the compiler does not undo them (an undone spill comes back as its
 * own spill, costlier). GCC's temporary expression replacement would move single-use gates
 * next to their uses and undo the order, so it is off for these two functions. */
#define AES_WORK_WORDS 32

#if defined(__GNUC__) && !defined(__clang__)
#define AES_KEEP_ORDER __attribute__((optimize("no-tree-ter")))
#else
#define AES_KEEP_ORDER
#endif

/* S(x) xor 0x63 on every bit position of the eight planes: Boyar and Peralta's circuit (its
 * top linear layer y, the shared middle t and products z, the bottom linear layer), its four
 * XNORs written as XORs. */
AES_KEEP_ORDER static void sbox(volatile uint32_t *w)
{
    uint32_t s0, s1, s2, s3, s4, s5, s6, s7, t0, t1, t2, t3;
    uint32_t t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15;
    uint32_t t16, t17, t18, t19, t20, t21, t22, t23, t24, t25, t26, t27;
    uint32_t t28, t29, t30, t31, t32, t33, t34, t35, t36, t37, t38, t39;
    uint32_t t40, t41, t42, t43, t44, t45, t46, t47, t48, t49, t50, t51;
    uint32_t t52, t53, t54, t55, t56, t57, t58, t59, t60, t61, t62, t63;
    uint32_t t64, t65, t66, t67, x0, x1, x2, x3, x4, x5, x6, x7;
    uint32_t y1, y2, y3, y4, y5, y6, y7, y8, y9, y10, y11, y12;
    uint32_t y13, y14, y15, y16, y17, y18, y19, y20, y21, z0, z1, z2;
    uint32_t z3, z4, z5, z6, z7, z8, z9, z10, z11, z12, z13, z14;
    uint32_t z15, z16, z17;

    x1 = w[6];
    x2 = w[5];
    t0 = x1 ^ x2;
    x0 = w[7];
    x6 = w[1];
    y13 = x0 ^ x6;
    x7 = w[0];
    y1 = t0 ^ x7;
    y2 = y1 ^ x0;
    y5 = y1 ^ x6;
    w[8] = y2;
    t8 = y5 & y1;
    w[9] = y5;
    x3 = w[4];
    w[10] = t8;
    y9 = x0 ^ x3;
    y4 = y1 ^ x3;
    w[11] = y1;
    x5 = w[2];
    y14 = x3 ^ x5;
    w[12] = y4;
    y12 = y13 ^ y14;
    w[13] = y14;
    x4 = w[3];
    t1 = x4 ^ y12;
    y20 = t1 ^ x1;
    w[14] = y12;
    y11 = y20 ^ y9;
    w[15] = y20;
    y16 = t0 ^ y11;
    y15 = t1 ^ x5;
    y21 = y13 ^ y16;
    y10 = y15 ^ t0;
    w[16] = y15;
    t7 = y13 & y16;
    w[17] = y13;
    y17 = y10 ^ y11;
    w[18] = y16;
    t12 = y9 & y11;
    w[19] = y9;
    t8 = w[10];
    t9 = t8 ^ t7;
    w[10] = t7;
    y14 = w[13];
    w[20] = y11;
    t13 = y14 & y17;
    x0 = w[7];
    w[21] = y17;
    x5 = w[2];
    y8 = x0 ^ x5;
    t14 = t13 ^ t12;
    t19 = t9 ^ t14;
    w[22] = t14;
    t15 = y8 & y10;
    t23 = t19 ^ y21;
    y4 = w[12];
    w[23] = t23;
    x7 = w[0];
    t5 = y4 & x7;
    y19 = y10 ^ y8;
    t16 = t15 ^ t12;
    y5 = w[9];
    w[24] = y10;
    y3 = y5 ^ y8;
    w[25] = y8;
    y12 = w[14];
    y15 = w[16];
    w[26] = y3;
    t2 = y12 & y15;
    t6 = t5 ^ t2;
    t18 = t6 ^ t16;
    t22 = t18 ^ y19;
    y6 = y15 ^ x7;
    y11 = w[20];
    y7 = x7 ^ y11;
    y2 = w[8];
    t10 = y2 & y7;
    w[27] = y7;
    t7 = w[10];
    t11 = t10 ^ t7;
    t20 = t11 ^ t16;
    y3 = w[26];
    t3 = y3 & y6;
    x0 = w[7];
    y16 = w[18];
    y18 = x0 ^ y16;
    t4 = t3 ^ t2;
    t24 = t20 ^ y18;
    t14 = w[22];
    t17 = t4 ^ t14;
    y20 = w[15];
    t21 = t17 ^ y20;
    t23 = w[23];
    t26 = t21 & t23;
    t30 = t23 ^ t24;
    t25 = t21 ^ t22;
    w[10] = t25;
    t31 = t22 ^ t26;
    t32 = t31 & t30;
    t27 = t24 ^ t26;
    t33 = t32 ^ t24;
    t34 = t23 ^ t33;
    t35 = t27 ^ t33;
    t36 = t24 & t35;
    y4 = w[12];
    z11 = t33 & y4;
    t37 = t36 ^ t34;
    t38 = t27 ^ t36;
    z1 = t37 & y6;
    w[12] = z1;
    y3 = w[26];
    z10 = t37 & y3;
    t47 = z10 ^ z11;
    w[15] = t47;
    t25 = w[10];
    t28 = t25 & t27;
    t29 = t28 ^ t22;
    t39 = t29 & t38;
    t40 = t25 ^ t39;
    y2 = w[8];
    z14 = t29 & y2;
    y5 = w[9];
    z13 = t40 & y5;
    w[8] = z14;
    y1 = w[11];
    z4 = t40 & y1;
    w[9] = z4;
    x7 = w[0];
    z2 = t33 & x7;
    w[10] = z2;
    y7 = w[27];
    z5 = t29 & y7;
    t48 = z5 ^ z13;
    w[11] = t48;
    t42 = t29 ^ t33;
    t44 = t33 ^ t37;
    t43 = t29 ^ t40;
    t41 = t40 ^ t37;
    y12 = w[14];
    z9 = t44 & y12;
    t49 = z9 ^ z10;
    y9 = w[19];
    z15 = t42 & y9;
    w[14] = t49;
    z2 = w[10];
    t51 = z2 ^ z5;
    w[19] = t51;
    y11 = w[20];
    z6 = t42 & y11;
    t45 = t42 ^ t41;
    y17 = w[21];
    z7 = t45 & y17;
    t54 = z6 ^ z7;
    w[20] = z7;
    y15 = w[16];
    z0 = t44 & y15;
    y14 = w[13];
    z16 = t45 & y14;
    t46 = z15 ^ z16;
    y16 = w[18];
    z3 = t43 & y16;
    t59 = z3 ^ t54;
    w[13] = t59;
    y13 = w[17];
    z12 = t43 & y13;
    t53 = z0 ^ z3;
    y10 = w[24];
    z8 = t41 & y10;
    z2 = w[10];
    t50 = z2 ^ z12;
    t57 = t50 ^ t53;
    w[10] = t53;
    y8 = w[25];
    z17 = t41 & y8;
    z7 = w[20];
    t52 = z7 ^ z8;
    t55 = z16 ^ z17;
    z14 = w[8];
    t61 = z14 ^ t57;
    t60 = t46 ^ t57;
    t48 = w[11];
    t56 = z12 ^ t48;
    s7 = t48 ^ t60;
    w[0] = s7;
    z4 = w[9];
    t58 = z4 ^ t46;
    t62 = t52 ^ t58;
    t49 = w[14];
    t63 = t49 ^ t58;
    t59 = w[13];
    t64 = z4 ^ t59;
    s6 = t56 ^ t62;
    w[1] = s6;
    t65 = t61 ^ t62;
    t47 = w[15];
    s5 = t47 ^ t65;
    w[2] = s5;
    t67 = t64 ^ t65;
    z1 = w[12];
    t66 = z1 ^ t63;
    s2 = t55 ^ t67;
    w[5] = s2;
    t53 = w[10];
    s3 = t53 ^ t66;
    w[4] = s3;
    s0 = t59 ^ t63;
    w[7] = s0;
    t51 = w[19];
    s4 = t51 ^ t66;
    w[3] = s4;
    s1 = t64 ^ s3;
    w[6] = s1;
}

/* InvSubBytes on planes that carry the 0x63 of the round keys (see the top): the circuit
 * between two copies of the linear part of FIPS 197's inverse affine map (bit i = bits i+2,
 * i+5, i+7: p and q below; pd_k = b_k ^ b_k+3 serves outputs k-2 and k+1). */
AES_KEEP_ORDER static void inv_sbox(volatile uint32_t *w)
{
    uint32_t b0, b1, b2, b3, b4, b5, b6, b7, o0, o1, o2, o3;
    uint32_t o4, o5, o6, o7, pd0, pd2, pd4, pd6, qd0, qd2, qd4, qd6;
    uint32_t s0, s1, s2, s3, s4, s5, s6, s7, t0, t1, t2, t3;
    uint32_t t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15;
    uint32_t t16, t17, t18, t19, t20, t21, t22, t23, t24, t25, t26, t27;
    uint32_t t28, t29, t30, t31, t32, t33, t34, t35, t36, t37, t38, t39;
    uint32_t t40, t41, t42, t43, t44, t45, t46, t47, t48, t49, t50, t51;
    uint32_t t52, t53, t54, t55, t56, t57, t58, t59, t60, t61, t62, t63;
    uint32_t t64, t65, t66, t67, x0, x1, x2, x3, x4, x5, x6, x7;
    uint32_t y1, y2, y3, y4, y5, y6, y7, y8, y9, y10, y11, y12;
    uint32_t y13, y14, y15, y16, y17, y18, y19, y20, y21, z0, z1, z2;
    uint32_t z3, z4, z5, z6, z7, z8, z9, z10, z11, z12, z13, z14;
    uint32_t z15, z16, z17;

    b4 = w[4];
    b7 = w[7];
    pd4 = b4 ^ b7;
    b6 = w[6];
    b1 = w[1];
    pd6 = b6 ^ b1;
    x0 = pd6 ^ b4;
    b3 = w[3];
    x3 = pd6 ^ b3;
    x5 = pd4 ^ b1;
    b0 = w[0];
    pd0 = b0 ^ b3;
    y14 = x3 ^ x5;
    x6 = pd0 ^ b6;
    w[8] = y14;
    y13 = x0 ^ x6;
    w[9] = x6;
    y9 = x0 ^ x3;
    w[10] = x3;
    b5 = w[5];
    x1 = pd0 ^ b5;
    w[11] = y9;
    b2 = w[2];
    pd2 = b2 ^ b5;
    x2 = pd4 ^ b2;
    y8 = x0 ^ x5;
    w[12] = y8;
    y14 = w[8];
    w[13] = x0;
    y12 = y13 ^ y14;
    w[14] = y13;
    b7 = w[7];
    x7 = pd2 ^ b7;
    b0 = w[0];
    x4 = pd2 ^ b0;
    t1 = x4 ^ y12;
    y15 = t1 ^ x5;
    y20 = t1 ^ x1;
    t0 = x1 ^ x2;
    t2 = y12 & y15;
    y9 = w[11];
    w[15] = y12;
    y11 = y20 ^ y9;
    w[16] = y20;
    t12 = y9 & y11;
    y1 = t0 ^ x7;
    w[17] = t12;
    y16 = t0 ^ y11;
    y10 = y15 ^ t0;
    w[18] = t2;
    y7 = x7 ^ y11;
    w[19] = y7;
    y17 = y10 ^ y11;
    w[20] = y11;
    x3 = w[10];
    y4 = y1 ^ x3;
    w[10] = y10;
    y6 = y15 ^ x7;
    w[21] = y15;
    x6 = w[9];
    y5 = y1 ^ x6;
    w[9] = y6;
    t5 = y4 & x7;
    w[22] = y4;
    y14 = w[8];
    w[23] = x7;
    t13 = y14 & y17;
    w[24] = y17;
    y13 = w[14];
    t7 = y13 & y16;
    x0 = w[13];
    w[25] = y16;
    y2 = y1 ^ x0;
    t8 = y5 & y1;
    t9 = t8 ^ t7;
    w[26] = y1;
    y8 = w[12];
    w[27] = t9;
    y3 = y5 ^ y8;
    w[28] = y5;
    t2 = w[18];
    t6 = t5 ^ t2;
    w[29] = t6;
    y6 = w[9];
    t3 = y3 & y6;
    w[30] = y3;
    y7 = w[19];
    t10 = y2 & y7;
    t11 = t10 ^ t7;
    y10 = w[10];
    w[31] = y2;
    t15 = y8 & y10;
    y19 = y10 ^ y8;
    t12 = w[17];
    t14 = t13 ^ t12;
    t16 = t15 ^ t12;
    t2 = w[18];
    t4 = t3 ^ t2;
    t20 = t11 ^ t16;
    t6 = w[29];
    t18 = t6 ^ t16;
    x0 = w[13];
    y16 = w[25];
    y18 = x0 ^ y16;
    t24 = t20 ^ y18;
    t17 = t4 ^ t14;
    y20 = w[16];
    t21 = t17 ^ y20;
    t22 = t18 ^ y19;
    t9 = w[27];
    t19 = t9 ^ t14;
    y13 = w[14];
    y21 = y13 ^ y16;
    t23 = t19 ^ y21;
    t26 = t21 & t23;
    t27 = t24 ^ t26;
    t25 = t21 ^ t22;
    t31 = t22 ^ t26;
    t30 = t23 ^ t24;
    t32 = t31 & t30;
    t33 = t32 ^ t24;
    t28 = t25 & t27;
    t29 = t28 ^ t22;
    t34 = t23 ^ t33;
    y7 = w[19];
    z5 = t29 & y7;
    w[13] = z5;
    t35 = t27 ^ t33;
    t36 = t24 & t35;
    t38 = t27 ^ t36;
    t37 = t36 ^ t34;
    t39 = t29 & t38;
    y6 = w[9];
    z1 = t37 & y6;
    t40 = t25 ^ t39;
    t42 = t29 ^ t33;
    y3 = w[30];
    z10 = t37 & y3;
    w[9] = z1;
    y2 = w[31];
    z14 = t29 & y2;
    w[16] = z10;
    x7 = w[23];
    z2 = t33 & x7;
    t43 = t29 ^ t40;
    w[17] = z14;
    y1 = w[26];
    z4 = t40 & y1;
    w[18] = z4;
    y4 = w[22];
    z11 = t33 & y4;
    t44 = t33 ^ t37;
    w[19] = z11;
    y16 = w[25];
    z3 = t43 & y16;
    w[22] = z3;
    y13 = w[14];
    z12 = t43 & y13;
    t41 = t40 ^ t37;
    y5 = w[28];
    z13 = t40 & y5;
    z5 = w[13];
    t48 = z5 ^ z13;
    t56 = z12 ^ t48;
    w[14] = t56;
    y12 = w[15];
    z9 = t44 & y12;
    w[15] = t48;
    y15 = w[21];
    z0 = t44 & y15;
    t45 = t42 ^ t41;
    w[21] = z9;
    y8 = w[12];
    z17 = t41 & y8;
    t50 = z2 ^ z12;
    w[12] = z2;
    y11 = w[20];
    z6 = t42 & y11;
    w[20] = z6;
    y14 = w[8];
    z16 = t45 & y14;
    t55 = z16 ^ z17;
    w[8] = t55;
    y10 = w[10];
    z8 = t41 & y10;
    y9 = w[11];
    z15 = t42 & y9;
    y17 = w[24];
    z7 = t45 & y17;
    t46 = z15 ^ z16;
    z3 = w[22];
    t53 = z0 ^ z3;
    t52 = z7 ^ z8;
    t57 = t50 ^ t53;
    z6 = w[20];
    t54 = z6 ^ z7;
    z14 = w[17];
    t61 = z14 ^ t57;
    t59 = z3 ^ t54;
    t60 = t46 ^ t57;
    z9 = w[21];
    w[10] = t61;
    z10 = w[16];
    t49 = z9 ^ z10;
    t48 = w[15];
    o7 = t48 ^ t60;
    z4 = w[18];
    t58 = z4 ^ t46;
    t64 = z4 ^ t59;
    t63 = t49 ^ t58;
    o0 = t59 ^ t63;
    w[11] = o0;
    z1 = w[9];
    t66 = z1 ^ t63;
    t62 = t52 ^ t58;
    o3 = t53 ^ t66;
    z10 = w[16];
    z11 = w[19];
    t47 = z10 ^ z11;
    t61 = w[10];
    t65 = t61 ^ t62;
    w[9] = o3;
    t56 = w[14];
    o6 = t56 ^ t62;
    o5 = t47 ^ t65;
    t67 = t64 ^ t65;
    t55 = w[8];
    o2 = t55 ^ t67;
    z2 = w[12];
    w[8] = o6;
    z5 = w[13];
    t51 = z2 ^ z5;
    o4 = t51 ^ t66;
    qd0 = o7 ^ o4;
    s1 = qd0 ^ o2;
    w[6] = s1;
    qd2 = o5 ^ o2;
    o3 = w[9];
    o1 = t64 ^ o3;
    s6 = qd0 ^ o1;
    w[1] = s6;
    s4 = qd2 ^ o7;
    w[3] = s4;
    o0 = w[11];
    qd4 = o3 ^ o0;
    s2 = qd4 ^ o5;
    w[5] = s2;
    o6 = w[8];
    s5 = qd4 ^ o6;
    w[2] = s5;
    qd6 = o1 ^ o6;
    s3 = qd6 ^ o4;
    w[4] = s3;
    s7 = qd2 ^ o0;
    w[0] = s7;
    s0 = qd6 ^ o3;
    w[7] = s0;
}

/* MixColumns with the state in the layout of round m (mod 4). row_up(x) brings to each byte
 * the byte one row down in its logical column (rotr 8, then each byte by 2m bits), row_up2
 * the byte two rows down. With t = x ^ row_up(x): out = 2t ^ row_up(x) ^ row_up2(t), 2t being
 * the bit-plane shift with the reduction by x^8 + x^4 + x^3 + x + 1. */
#define ROW_UP_0(x) rotr32((x), 8)
#define ROW_UP_1(x) rotr32(byte_rotr((x), 2, 0x03030303u), 8)
#define ROW_UP_2(x) rotr32(byte_rotr((x), 4, 0x0F0F0F0Fu), 8)
#define ROW_UP_3(x) rotr32(byte_rotr((x), 6, 0x3F3F3F3Fu), 8)
#define ROW_UP2_EVEN(x) rotr32((x), 16)
#define ROW_UP2_ODD(x) rotr32(byte_rotr((x), 4, 0x0F0F0F0Fu), 16)

/* Round key word j of a pair, spread to both blocks. Odd rounds (layouts 1 and 3) take the
 * block-0 bits of their pair, even rounds (layouts 2 and 0) the block-1 bits. */
#define KEY_ODD(pair, j) (((pair)[j] & 0x55555555u) * 3u)
#define KEY_EVEN(pair, j) ((((pair)[j] >> 1) & 0x55555555u) * 3u)

/* One plane j of MixColumns then AddRoundKey: t = x ^ row_up(x) goes on to plane j + 1 (as
 * the x^8 reduction's t7 goes to planes 0, 1, 3 and 4). */
#define MIX_PLANE(j, ROW_UP, ROW_UP2, KEY, carry)                                               \
    do {                                                                                        \
        uint32_t x = q[j], u = ROW_UP(x), t = x ^ u;                                            \
        q[j] = u ^ ROW_UP2(t) ^ (carry) ^ KEY(pair, j);                                         \
        prev = t;                                                                               \
    } while (0)

#define MIX_COLUMNS(name, ROW_UP, ROW_UP2, KEY)                                                 \
    AES_NOINLINE static void name(uint32_t q[8], const uint32_t *pair)                          \
    {                                                                                           \
        uint32_t u7 = ROW_UP(q[7]), t7 = q[7] ^ u7, prev;                                       \
        q[7] = u7;                                                                              \
        MIX_PLANE(0, ROW_UP, ROW_UP2, KEY, t7);                                                 \
        MIX_PLANE(1, ROW_UP, ROW_UP2, KEY, prev ^ t7);                                          \
        MIX_PLANE(2, ROW_UP, ROW_UP2, KEY, prev);                                               \
        MIX_PLANE(3, ROW_UP, ROW_UP2, KEY, prev ^ t7);                                          \
        MIX_PLANE(4, ROW_UP, ROW_UP2, KEY, prev ^ t7);                                          \
        MIX_PLANE(5, ROW_UP, ROW_UP2, KEY, prev);                                               \
        MIX_PLANE(6, ROW_UP, ROW_UP2, KEY, prev);                                               \
        q[7] ^= ROW_UP2(t7) ^ prev ^ KEY(pair, 7);                                              \
    }

MIX_COLUMNS(mix_columns_0, ROW_UP_0, ROW_UP2_EVEN, KEY_EVEN)
MIX_COLUMNS(mix_columns_1, ROW_UP_1, ROW_UP2_ODD, KEY_ODD)
MIX_COLUMNS(mix_columns_2, ROW_UP_2, ROW_UP2_EVEN, KEY_EVEN)
MIX_COLUMNS(mix_columns_3, ROW_UP_3, ROW_UP2_ODD, KEY_ODD)

/* MixColumns in the layout of round r, then the round key of pair that round r takes
 * (decryption passes no_key: its keys go in before InvMixColumns). */
static void mix_columns_then(uint32_t q[8], unsigned r, const uint32_t *pair)
{
    switch (r & 3u) {
    case 0:
        mix_columns_0(q, pair);
        break;
    case 1:
        mix_columns_1(q, pair);
        break;
    case 2:
        mix_columns_2(q, pair);
        break;
    default:
        mix_columns_3(q, pair);
        break;
    }
}

#if !AES_CT_THUMB2
/* MixColumns in the layout of round r, then AddRoundKey with round key r (1..nr). */
static void mix_columns_add_key(uint32_t q[8], const aes_ct_state *st, unsigned r)
{
    mix_columns_then(q, r, st->rk + 4 + 8 * ((r - 1u) >> 1));
}
#endif

static const uint32_t no_key[8] = {0, 0, 0, 0, 0, 0, 0, 0};

/* InvMixColumns = MixColumns o (5 + 4 * row_up2) (FIPS 197's d(x) = a(x) (04 x^2 + 05)):
 * x ^= 4 (x ^ row_up2(x)), then MixColumns. */
static void inv_mix_columns(uint32_t q[8], unsigned m)
{
    uint32_t y0, y1, y2, y3, y4, y5, y6, y7;
    if ((m & 1u) == 0) {
        y0 = q[0] ^ ROW_UP2_EVEN(q[0]);
        y1 = q[1] ^ ROW_UP2_EVEN(q[1]);
        y2 = q[2] ^ ROW_UP2_EVEN(q[2]);
        y3 = q[3] ^ ROW_UP2_EVEN(q[3]);
        y4 = q[4] ^ ROW_UP2_EVEN(q[4]);
        y5 = q[5] ^ ROW_UP2_EVEN(q[5]);
        y6 = q[6] ^ ROW_UP2_EVEN(q[6]);
        y7 = q[7] ^ ROW_UP2_EVEN(q[7]);
    } else {
        y0 = q[0] ^ ROW_UP2_ODD(q[0]);
        y1 = q[1] ^ ROW_UP2_ODD(q[1]);
        y2 = q[2] ^ ROW_UP2_ODD(q[2]);
        y3 = q[3] ^ ROW_UP2_ODD(q[3]);
        y4 = q[4] ^ ROW_UP2_ODD(q[4]);
        y5 = q[5] ^ ROW_UP2_ODD(q[5]);
        y6 = q[6] ^ ROW_UP2_ODD(q[6]);
        y7 = q[7] ^ ROW_UP2_ODD(q[7]);
    }
    /* times 4: two bit-plane shifts, each folding bit 7 back into bits 0, 1, 3, 4 */
    q[0] ^= y6;
    q[1] ^= y7 ^ y6;
    q[2] ^= y0 ^ y7;
    q[3] ^= y1 ^ y6;
    q[4] ^= y2 ^ y7 ^ y6;
    q[5] ^= y3 ^ y7;
    q[6] ^= y4;
    q[7] ^= y5;
    mix_columns_then(q, m, no_key);
}

/* Adds round key r (1..nr): the half of its pair that holds it, spread to both blocks. */
static void add_round_key(uint32_t q[8], const aes_ct_state *st, unsigned r)
{
    const uint32_t *pair = st->rk + 4 + 8 * ((r - 1u) >> 1);
    unsigned j;
    if (r & 1u) {
        for (j = 0; j < 8; j++) {
            uint32_t k = pair[j] & 0x55555555u;
            q[j] ^= k | (k << 1);
        }
    } else {
        for (j = 0; j < 8; j++) {
            uint32_t k = pair[j] & 0xAAAAAAAAu;
            q[j] ^= k | (k >> 1);
        }
    }
}

/* Zeroes the stack just below the caller's frame, where its callees (S-boxes, MixColumns,
 * bitslice) spilled key or state bits: at most 48 bytes deep on the Cortex-M0+ at -Os, which
 * this function's pushed registers and area cover without calling anything deeper. On x86-64
 * the leaf functions may also have used the ABI's 128-byte red zone. */
#if defined(__x86_64__)
#define AES_BURN_WORDS 64
#else
#define AES_BURN_WORDS 12
#endif

AES_NOINLINE static void burn_callee_frames(void)
{
    uint32_t area[AES_BURN_WORDS];
    volatile uint32_t *p = area; /* the stores stay: they are through a volatile pointer */
    unsigned i;
    for (i = 0; i < AES_BURN_WORDS; i++)
        p[i] = 0;
}

/* Rows 1 and 3 move two columns: ShiftRows^2 (an involution) on four column words. */
static void shift_rows2(uint32_t col[4])
{
    uint32_t t = (col[0] ^ col[2]) & 0xFF00FF00u;
    col[0] ^= t;
    col[2] ^= t;
    t = (col[1] ^ col[3]) & 0xFF00FF00u;
    col[1] ^= t;
    col[3] ^= t;
}

/* SubWord (FIPS 197 5.2) through the same circuit: byte i's bit j at bit 8i of plane j.
 * work: an AES_WORK_WORDS area of the caller's, which wipes it. */
static uint32_t sub_word(uint32_t *work, uint32_t w)
{
    uint32_t out = 0;
    unsigned j;
    for (j = 0; j < 8; j++)
        work[j] = (w >> j) & 0x01010101u;
    sbox(work);
    for (j = 0; j < 8; j++)
        out |= (work[j] & 0x01010101u) << j;
    return out ^ 0x63636363u;
}

static fc_status aes_init(const fc_impl *impl, void *state, unsigned dir, const uint8_t *key,
                          size_t key_len)
{
    aes_ct_state *st = (aes_ct_state *)state;
    uint32_t *w = st->rk;
    unsigned nk = (unsigned)(key_len / 4), nr = nk + 6, total = 4 * (nr + 1), i, p, c;
    uint32_t rcon = 1, q[AES_WORK_WORDS]; /* SubWord's work area, then a pair's columns */

    (void)impl;
    (void)dir; /* both directions use the same round keys */
    if (key_len != 16 && key_len != 24 && key_len != 32)
        return FC_ERR_LENGTH;
    /* KeyExpansion (FIPS 197 5.2), words little-endian: RotWord is a rotation right by 8.
     * c counts the words of the current nk-word group (no division on a Cortex-M0). */
    for (i = 0; i < nk; i++)
        w[i] = aes_load32(key + 4 * i);
    for (i = nk, c = 0; i < total; i++, c = c + 1 == nk ? 0 : c + 1) {
        uint32_t t = w[i - 1];
        if (c == 0) {
            t = sub_word(q, rotr32(t, 8)) ^ rcon;
            rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11Bu);
        } else if (nk > 6 && c == 4) {
            t = sub_word(q, t);
        }
        w[i] = w[i - nk] ^ t;
    }
    /* Round keys 1..nr in place, two at a time: 0x63 in every byte (the S-box's constant), the
     * layout of their round (row r moved r * (round mod 4) columns back), bitsliced as a pair. */
    for (p = 0; p < nr / 2; p++) {
        uint32_t *k = w + 4 + 8 * p;
        for (i = 0; i < 2; i++) {
            const uint32_t *key_cols = k + 4 * i;
            unsigned m = (2 * p + 1 + i) & 3u; /* row r comes from column c - m * r */
            for (c = 0; c < 4; c++) {
                uint32_t col = (key_cols[c] & 0x000000FFu) |
                               (key_cols[(c - m) & 3u] & 0x0000FF00u) |
                               (key_cols[(c - 2 * m) & 3u] & 0x00FF0000u) |
                               (key_cols[(c - 3 * m) & 3u] & 0xFF000000u);
                q[2 * c + i] = col ^ 0x63636363u;
            }
        }
        bitslice(q);
        for (i = 0; i < 8; i++)
            k[i] = q[i];
    }
    st->rounds = nr;
    fc_zeroize(q, sizeof q);
    burn_callee_frames();
    return FC_OK;
}

/* Loads one or two blocks as the column words of bitslice()'s input, plus round key 0 when
 * encrypting (k0 NULL when not); a missing second block is zero. */
static void load_blocks(uint32_t q[8], const uint8_t *in, size_t n, const uint32_t *k0)
{
    unsigned c, b;
    for (b = 0; b < 2; b++)
        for (c = 0; c < 4; c++)
            q[2 * c + b] = b < n ? aes_load32(in + 16 * b + 4 * c) ^ (k0 ? k0[c] : 0) : 0;
}

#if AES_CT_THUMB2
/* aes_ct_armv7m.c does the pairs; a last single block goes through a zero-padded pair. */
static fc_status aes_encrypt(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                             size_t blocks)
{
    const aes_ct_state *st = (const aes_ct_state *)state;
    size_t pairs = blocks / 2;
    uint8_t pair[32];
    unsigned i;

    (void)impl;
    if (pairs > 0)
        aes_ct_encrypt_armv7m(st->rk, st->rounds, out, in, pairs);
    if (blocks & 1u) {
        in += 32 * pairs;
        out += 32 * pairs;
        for (i = 0; i < 16; i++) {
            pair[i] = in[i];
            pair[16 + i] = 0;
        }
        aes_ct_encrypt_armv7m(st->rk, st->rounds, pair, pair, 1);
        for (i = 0; i < 16; i++)
            out[i] = pair[i];
        fc_zeroize(pair, sizeof pair);
    }
    return FC_OK;
}
#else
static fc_status aes_encrypt(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                             size_t blocks)
{
    const aes_ct_state *st = (const aes_ct_state *)state;
    unsigned nr = (unsigned)st->rounds, r, c, b;
    uint32_t q[AES_WORK_WORDS], *cols = q + 8; /* the S-boxes' spill room, free after them */

    (void)impl;
    while (blocks > 0) {
        size_t n = blocks >= 2 ? 2 : 1;
        load_blocks(q, in, n, st->rk);
        bitslice(q);
        for (r = 1; r < nr; r++) {
            sbox(q);
            mix_columns_add_key(q, st, r);
        }
        sbox(q);
        add_round_key(q, st, nr);
        bitslice(q);
        for (b = 0; b < n; b++) {
            for (c = 0; c < 4; c++)
                cols[c] = q[2 * c + b];
            if (nr & 2u)
                shift_rows2(cols);
            for (c = 0; c < 4; c++)
                aes_store32(out + 16 * b + 4 * c, cols[c]);
        }
        in += 16 * n;
        out += 16 * n;
        blocks -= n;
    }
    fc_zeroize(q, sizeof q);
    burn_callee_frames();
    return FC_OK;
}
#endif

static fc_status aes_decrypt(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                             size_t blocks)
{
    const aes_ct_state *st = (const aes_ct_state *)state;
    unsigned nr = (unsigned)st->rounds, r, c, b;
    uint32_t q[AES_WORK_WORDS], *cols = q + 8; /* the S-boxes' spill room, free before them */

    (void)impl;
    while (blocks > 0) {
        size_t n = blocks >= 2 ? 2 : 1;
        load_blocks(q, in, n, NULL);
        if (nr & 2u) {
            for (b = 0; b < 2; b++) {
                for (c = 0; c < 4; c++)
                    cols[c] = q[2 * c + b];
                shift_rows2(cols);
                for (c = 0; c < 4; c++)
                    q[2 * c + b] = cols[c];
            }
        }
        bitslice(q);
        add_round_key(q, st, nr);
        for (r = nr - 1; r > 0; r--) {
            inv_sbox(q);
            add_round_key(q, st, r);
            inv_mix_columns(q, r);
        }
        inv_sbox(q);
        bitslice(q);
        for (b = 0; b < n; b++)
            for (c = 0; c < 4; c++)
                aes_store32(out + 16 * b + 4 * c, q[2 * c + b] ^ st->rk[c]);
        in += 16 * n;
        out += 16 * n;
        blocks -= n;
    }
    fc_zeroize(q, sizeof q);
    burn_callee_frames();
    return FC_OK;
}

const fc_impl fc_soft_aes = {
    .alg = FC_AES,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(aes_ct_state),
    .ops.block = {.init = aes_init, .encrypt = aes_encrypt, .decrypt = aes_decrypt},
};

#else

/* ISO C wants at least one declaration in a translation unit. */
typedef int fc_soft_aes_disabled;

#endif
