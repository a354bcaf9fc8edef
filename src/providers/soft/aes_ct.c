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
 * S-box: the 113-gate circuit of Boyar and Peralta ("A new combinational logic minimization
 * technique with applications to cryptology", SEA 2010) without its four NOTs: the constant 0x63
 * goes into round keys 1..nr instead (MixColumns and InvMixColumns map a column of four equal
 * bytes to itself, so the constant passes through them). The inverse S-box is that same circuit
 * between two copies of the linear part of the inverse affine map: with the constant in the
 * round keys, InvSubBytes(y) = A^-1(S(A^-1(y))) for S = A o inversion.
 *
 * State (the caller's, wiped by the core): round key 0 as four column words (added to the
 * bytes before bitslicing, or after, when decrypting), then round keys 1..nr in pairs: pair p
 * is round keys 2p+1 and 2p+2 bitsliced together as if they were the two blocks, so round key
 * 2p+1 holds the block-0 bits of its eight words and 2p+2 the block-1 bits. A round spreads its
 * half to both blocks (a mask and a shift). Encryption and decryption use the same keys.
 * AES-256: 4 + 7 * 8 words and the round count, 244 bytes.
 */
#include "fieldcrypt/config.h"

#if FC_WITH_AES

#include <stddef.h>
#include <stdint.h>

#include "fieldcrypt/ct.h"
#include "soft.h"

#if defined(__GNUC__) || defined(__clang__)
#define AES_INLINE static inline __attribute__((always_inline))
#else
#define AES_INLINE static inline
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

/* Swaps the bits of a at positions with bit n of the index clear and ... the classic
 * swap-move: bits (mask << n) of a trade places with bits mask of b. */
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

/* S(x) xor 0x63 on each bit position of the eight planes (q[7] is the most significant bit):
 * Boyar and Peralta's circuit, its top linear layer, shared middle and bottom linear layer,
 * with the four XNORs of the output as XORs. Straight-line code: the compiler keeps what it
 * can in registers. */
static void sbox(uint32_t q[8])
{
    uint32_t u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
    uint32_t u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
    uint32_t t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15, t16, t17;
    uint32_t t18, t19, t20, t21, t22, t23, t24, t25, t26, t27;
    uint32_t m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15, m16, m17, m18;
    uint32_t m19, m20, m21, m22, m23, m24, m25, m26, m27, m28, m29, m30, m31, m32, m33, m34;
    uint32_t m35, m36, m37, m38, m39, m40, m41, m42, m43, m44, m45;
    uint32_t m46, m47, m48, m49, m50, m51, m52, m53, m54, m55, m56, m57, m58, m59, m60, m61;
    uint32_t m62, m63;
    uint32_t l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11, l12, l13, l14, l15, l16, l17;
    uint32_t l18, l19, l20, l21, l22, l23, l24, l25, l26, l27, l28, l29;

    /* top linear layer */
    t1 = u0 ^ u3;
    t2 = u0 ^ u5;
    t3 = u0 ^ u6;
    t4 = u3 ^ u5;
    t5 = u4 ^ u6;
    t6 = t1 ^ t5;
    t7 = u1 ^ u2;
    t8 = u7 ^ t6;
    t9 = u7 ^ t7;
    t10 = t6 ^ t7;
    t11 = u1 ^ u5;
    t12 = u2 ^ u5;
    t13 = t3 ^ t4;
    t14 = t6 ^ t11;
    t15 = t5 ^ t11;
    t16 = t5 ^ t12;
    t17 = t9 ^ t16;
    t18 = u3 ^ u7;
    t19 = t7 ^ t18;
    t20 = t1 ^ t19;
    t21 = u6 ^ u7;
    t22 = t7 ^ t21;
    t23 = t2 ^ t22;
    t24 = t2 ^ t10;
    t25 = t20 ^ t17;
    t26 = t3 ^ t16;
    t27 = t1 ^ t12;

    /* shared middle: inversion in GF(2^8) as GF(2^4) arithmetic */
    m1 = t13 & t6;
    m2 = t23 & t8;
    m3 = t14 ^ m1;
    m4 = t19 & u7;
    m5 = m4 ^ m1;
    m6 = t3 & t16;
    m7 = t22 & t9;
    m8 = t26 ^ m6;
    m9 = t20 & t17;
    m10 = m9 ^ m6;
    m11 = t1 & t15;
    m12 = t4 & t27;
    m13 = m12 ^ m11;
    m14 = t2 & t10;
    m15 = m14 ^ m11;
    m16 = m3 ^ m2;
    m17 = m5 ^ t24;
    m18 = m8 ^ m7;
    m19 = m10 ^ m15;
    m20 = m16 ^ m13;
    m21 = m17 ^ m15;
    m22 = m18 ^ m13;
    m23 = m19 ^ t25;
    m24 = m22 ^ m23;
    m25 = m22 & m20;
    m26 = m21 ^ m25;
    m27 = m20 ^ m21;
    m28 = m23 ^ m25;
    m29 = m28 & m27;
    m30 = m26 & m24;
    m31 = m20 & m23;
    m32 = m27 & m31;
    m33 = m27 ^ m25;
    m34 = m21 & m22;
    m35 = m24 & m34;
    m36 = m24 ^ m25;
    m37 = m21 ^ m29;
    m38 = m32 ^ m33;
    m39 = m23 ^ m30;
    m40 = m35 ^ m36;
    m41 = m38 ^ m40;
    m42 = m37 ^ m39;
    m43 = m37 ^ m38;
    m44 = m39 ^ m40;
    m45 = m42 ^ m41;
    m46 = m44 & t6;
    m47 = m40 & t8;
    m48 = m39 & u7;
    m49 = m43 & t16;
    m50 = m38 & t9;
    m51 = m37 & t17;
    m52 = m42 & t15;
    m53 = m45 & t27;
    m54 = m41 & t10;
    m55 = m44 & t13;
    m56 = m40 & t23;
    m57 = m39 & t19;
    m58 = m43 & t3;
    m59 = m38 & t22;
    m60 = m37 & t20;
    m61 = m42 & t1;
    m62 = m45 & t4;
    m63 = m41 & t2;

    /* bottom linear layer */
    l0 = m61 ^ m62;
    l1 = m50 ^ m56;
    l2 = m46 ^ m48;
    l3 = m47 ^ m55;
    l4 = m54 ^ m58;
    l5 = m49 ^ m61;
    l6 = m62 ^ l5;
    l7 = m46 ^ l3;
    l8 = m51 ^ m59;
    l9 = m52 ^ m53;
    l10 = m53 ^ l4;
    l11 = m60 ^ l2;
    l12 = m48 ^ m51;
    l13 = m50 ^ l0;
    l14 = m52 ^ m61;
    l15 = m55 ^ l1;
    l16 = m56 ^ l0;
    l17 = m57 ^ l1;
    l18 = m58 ^ l8;
    l19 = m63 ^ l4;
    l20 = l0 ^ l1;
    l21 = l1 ^ l7;
    l22 = l3 ^ l12;
    l23 = l18 ^ l2;
    l24 = l15 ^ l9;
    l25 = l6 ^ l10;
    l26 = l7 ^ l9;
    l27 = l8 ^ l10;
    l28 = l11 ^ l14;
    l29 = l11 ^ l17;
    q[7] = l6 ^ l24;
    q[6] = l16 ^ l26;
    q[5] = l19 ^ l28;
    q[4] = l6 ^ l21;
    q[3] = l20 ^ l22;
    q[2] = l25 ^ l29;
    q[1] = l13 ^ l27;
    q[0] = l6 ^ l23;
}

/* The linear part of FIPS 197's inverse affine map, bit i = bits i+2, i+5, i+7 (mod 8): each
 * d shares bits i+2 and i+5 of output i with bits i+5 and i+8 of output i+3. */
static void inv_affine(uint32_t q[8])
{
    uint32_t d0 = q[0] ^ q[3], d2 = q[2] ^ q[5], d4 = q[4] ^ q[7], d6 = q[6] ^ q[1];
    uint32_t x0 = q[0], x1 = q[1], x2 = q[2], x3 = q[3];
    uint32_t x4 = q[4], x5 = q[5], x6 = q[6], x7 = q[7];
    q[0] = d2 ^ x7;
    q[1] = d0 ^ x6;
    q[2] = d4 ^ x1;
    q[3] = d2 ^ x0;
    q[4] = d6 ^ x3;
    q[5] = d4 ^ x2;
    q[6] = d0 ^ x5;
    q[7] = d6 ^ x4;
}

static void inv_sbox(uint32_t q[8])
{
    inv_affine(q);
    sbox(q);
    inv_affine(q);
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

#define MIX_COLUMNS(name, ROW_UP, ROW_UP2)                                                      \
    static void name(uint32_t q[8])                                                             \
    {                                                                                           \
        uint32_t u0, u1, u2, u3, u4, u5, u6, u7, t0, t1, t2, t3, t4, t5, t6, t7;               \
        u0 = ROW_UP(q[0]);                                                                      \
        t0 = q[0] ^ u0;                                                                         \
        u1 = ROW_UP(q[1]);                                                                      \
        t1 = q[1] ^ u1;                                                                         \
        u2 = ROW_UP(q[2]);                                                                      \
        t2 = q[2] ^ u2;                                                                         \
        u3 = ROW_UP(q[3]);                                                                      \
        t3 = q[3] ^ u3;                                                                         \
        u4 = ROW_UP(q[4]);                                                                      \
        t4 = q[4] ^ u4;                                                                         \
        u5 = ROW_UP(q[5]);                                                                      \
        t5 = q[5] ^ u5;                                                                         \
        u6 = ROW_UP(q[6]);                                                                      \
        t6 = q[6] ^ u6;                                                                         \
        u7 = ROW_UP(q[7]);                                                                      \
        t7 = q[7] ^ u7;                                                                         \
        q[0] = u0 ^ ROW_UP2(t0) ^ t7;                                                           \
        q[1] = u1 ^ ROW_UP2(t1) ^ t0 ^ t7;                                                      \
        q[2] = u2 ^ ROW_UP2(t2) ^ t1;                                                           \
        q[3] = u3 ^ ROW_UP2(t3) ^ t2 ^ t7;                                                      \
        q[4] = u4 ^ ROW_UP2(t4) ^ t3 ^ t7;                                                      \
        q[5] = u5 ^ ROW_UP2(t5) ^ t4;                                                           \
        q[6] = u6 ^ ROW_UP2(t6) ^ t5;                                                           \
        q[7] = u7 ^ ROW_UP2(t7) ^ t6;                                                           \
    }

MIX_COLUMNS(mix_columns_0, ROW_UP_0, ROW_UP2_EVEN)
MIX_COLUMNS(mix_columns_1, ROW_UP_1, ROW_UP2_ODD)
MIX_COLUMNS(mix_columns_2, ROW_UP_2, ROW_UP2_EVEN)
MIX_COLUMNS(mix_columns_3, ROW_UP_3, ROW_UP2_ODD)

static void mix_columns(uint32_t q[8], unsigned m)
{
    switch (m & 3u) {
    case 0:
        mix_columns_0(q);
        break;
    case 1:
        mix_columns_1(q);
        break;
    case 2:
        mix_columns_2(q);
        break;
    default:
        mix_columns_3(q);
        break;
    }
}

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
    mix_columns(q, m);
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

/* SubWord (FIPS 197 5.2) through the same circuit: byte i's bit j at bit 8i of plane j. */
static uint32_t sub_word(uint32_t w)
{
    uint32_t q[8], out = 0;
    unsigned j;
    for (j = 0; j < 8; j++)
        q[j] = (w >> j) & 0x01010101u;
    sbox(q);
    for (j = 0; j < 8; j++)
        out |= (q[j] & 0x01010101u) << j;
    fc_zeroize(q, sizeof q);
    return out ^ 0x63636363u;
}

static fc_status aes_init(const fc_impl *impl, void *state, unsigned dir, const uint8_t *key,
                          size_t key_len)
{
    aes_ct_state *st = (aes_ct_state *)state;
    uint32_t *w = st->rk;
    unsigned nk = (unsigned)(key_len / 4), nr = nk + 6, total = 4 * (nr + 1), i, p, r, c;
    uint32_t rcon = 1, q[8];

    (void)impl;
    (void)dir; /* both directions use the same round keys */
    if (key_len != 16 && key_len != 24 && key_len != 32)
        return FC_ERR_LENGTH;
    /* KeyExpansion (FIPS 197 5.2), words little-endian: RotWord is a rotation right by 8. */
    for (i = 0; i < nk; i++)
        w[i] = aes_load32(key + 4 * i);
    for (i = nk; i < total; i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0) {
            t = sub_word(rotr32(t, 8)) ^ rcon;
            rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11Bu);
        } else if (nk > 6 && i % nk == 4) {
            t = sub_word(t);
        }
        w[i] = w[i - nk] ^ t;
    }
    /* Round keys 1..nr in place, two at a time: 0x63 in every byte (the S-box's constant), the
     * layout of their round (row r moved r * (round mod 4) columns back), bitsliced as a pair. */
    for (p = 0; p < nr / 2; p++) {
        uint32_t *k = w + 4 + 8 * p;
        for (i = 0; i < 2; i++) {
            unsigned m = (2 * p + 1 + i) & 3u;
            for (c = 0; c < 4; c++) {
                uint32_t col = 0;
                for (r = 0; r < 4; r++) {
                    uint32_t byte_mask = 0xFFu << (8 * r);
                    col |= k[4 * i + ((c + 4 - m * r) & 3u)] & byte_mask;
                }
                q[2 * c + i] = col ^ 0x63636363u;
            }
        }
        bitslice(q);
        for (i = 0; i < 8; i++)
            k[i] = q[i];
    }
    st->rounds = nr;
    fc_zeroize(q, sizeof q);
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

static fc_status aes_encrypt(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                             size_t blocks)
{
    const aes_ct_state *st = (const aes_ct_state *)state;
    unsigned nr = (unsigned)st->rounds, r, c, b;
    uint32_t q[8], cols[4];

    (void)impl;
    while (blocks > 0) {
        size_t n = blocks >= 2 ? 2 : 1;
        load_blocks(q, in, n, st->rk);
        bitslice(q);
        for (r = 1; r < nr; r++) {
            sbox(q);
            mix_columns(q, r);
            add_round_key(q, st, r);
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
    fc_zeroize(cols, sizeof cols);
    return FC_OK;
}

static fc_status aes_decrypt(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                             size_t blocks)
{
    const aes_ct_state *st = (const aes_ct_state *)state;
    unsigned nr = (unsigned)st->rounds, r, c, b;
    uint32_t q[8], cols[4];

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
    fc_zeroize(cols, sizeof cols);
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
