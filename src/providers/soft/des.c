/* DES (FIPS 46-3) and 3DES, TDEA (SP 800-67): FC_DES with an 8-byte key, FC_TDES with a
 * 24-byte K1 K2 K3 or a 16-byte K1 K2 (K3 = K1) bundle, encryption E_K3(D_K2(E_K1(x))).
 * LEGACY: a 64-bit block and (DES) a 56-bit key; here for old protocols only.
 *
 * Keys: parity bits (the low bit of each byte) are ignored. Refused with FC_ERR_WEAK_KEY: the
 * four weak and twelve semi-weak DES keys (FIPS 74 3.6, SP 800-67), and 3DES bundles with
 * K1 = K2 or K2 = K3, which are single DES in disguise. The check compares the key, parity
 * masked, with every listed key through fc_ct_equal and branches only on the final verdict.
 *
 * Constant time without S-box lookups: the eight S-boxes are evaluated together by a
 * selection network. Word 16 * row + column of des_sbox_words holds S1..S8 at that row and
 * column, one hex digit each; each S-box's 6-bit input picks its digit through six levels of
 * bitwise multiplexers (a ^ ((a ^ b) & mask)), each level's mask holding, in S-box i's digit,
 * one input bit of S-box i. All 64 words are read, in a fixed order, for every round. No
 * branch, memory index or shift count depends on the key or the data: IP and IP^-1 are a
 * bit-matrix transposition by fixed shifts and masks, P is nineteen fixed rotations, and the
 * key schedule reads PC-1 and PC-2 by position.
 *
 * Cortex-M0+ (-Os, the project's cycle model): about 13,300 cycles a DES block, 38,900 a
 * 3DES block, 23,000 and 59,000 for the key schedules.
 *
 * State layout (FC_BLOCK_STATE_SIZE, 384 bytes): three key schedules of 128 bytes, each
 * 16 rounds x two words; DES uses the first. A round key's eight 6-bit groups are stored as
 * bytes, the even groups (S1, S3, S5, S7) in the first word, the odd ones in the second, the
 * lower-numbered group in the higher byte: the form the expansion E produces below. Both
 * directions use the same schedules (decryption walks them backwards), so dir needs no state.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "providers/soft/soft.h"

#if FC_WITH_DES

typedef struct des_schedule {
    uint32_t round_key[16][2];         /* even groups, odd groups */
} des_schedule;

typedef struct des_state {
    des_schedule ks[3];                /* K1, K2, K3 (DES: K1 only) */
} des_state;                           /* 384 bytes */

FC_STATE_FITS(des_state, FC_BLOCK_STATE_SIZE);

/* FIPS 46-3: the permuted choices PC-1 and PC-2 and the key schedule's left shifts. Bit 1 is
 * the most significant bit of the first byte. */
static const uint8_t des_pc1[56] = {
    57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18,
    10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36,
    63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22,
    14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4
};
static const uint8_t des_pc2[48] = {
    14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10,
    23, 19, 12, 4, 26, 8, 16, 7, 27, 20, 13, 2,
    41, 52, 31, 37, 47, 55, 30, 40, 51, 45, 33, 48,
    44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32
};
static const uint8_t des_shifts[16] = { 1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1 };

/* FIPS 46-3's S-boxes S1..S8 read across: word 16 * row + column holds S1[row][column] in its
 * top hex digit, then S2[row][column], ..., S8[row][column] in its lowest. */
static const uint32_t des_sbox_words[64] = {
    /* row 0 */
    0xefa72c4d, 0x410dc1b2, 0xd89e4a28, 0x1ee31fe4,
    0x266079f6, 0xfb36a20f, 0xb3f9b68b, 0x845a68d1,
    0x3911803a, 0xa7d25dc9, 0x62c83393, 0xcd75f47e,
    0x5cbbde55, 0x904c07a0, 0x0524e56c, 0x7a8f9b17,
    /* row 1 */
    0x03ddead1, 0xfd78bf0f, 0x740b24bd, 0x4795c278,
    0xef36474a, 0x224f7c93, 0xd860d917, 0x1ea315a4,
    0xac2456ec, 0x60870135, 0xc152fd56, 0xbaecaecb,
    0x96c13020, 0x59ba9bfe, 0x3bfe8389, 0x85196862,
    /* row 2 */
    0x40da4917, 0x1e662e4b, 0xe7491fb4, 0x8b90b5d1,
    0xda8ca2c9, 0x64fbd83c, 0x2d377c7e, 0xb10d83e2,
    0xf5bff7a0, 0xc81190f6, 0x9c23c46a, 0x76ce5a8d,
    0x3955610f, 0xa3a23d53, 0x52e80b95, 0x0f74e628,
    /* row 3 */
    0xfd13b462, 0xc8af83b1, 0x8ad0c2de, 0x21067c87,
    0x436a1914, 0x9f91e54a, 0x148d2fa8, 0x7278da7d,
    0x5b496b9f, 0xb6f4fe5c, 0x37e50109, 0xec3b97f0,
    0xa0bca6e3, 0x05574025, 0x6e225836, 0xd9ce3dcb
};

/* FIPS 46-3's P (output bit k is bit P[k] of the S-box output, bit 1 the most significant):
 *     16  7 20 21 29 12 28 17   1 15 23 26  5 18 31 10
 *      2  8 24 14 32 27  3  9  19 13 30  6 22 11  4 25
 * as 19 rotations: the bits P moves by the same distance (mod 32) move together, so P(s) is
 * the OR of rotl(s, distance) & mask over the distances P uses (grouped from the table above;
 * the known answers of tests/c/test_legacy.c check every bit). */
#define DES_P(s)                                                                          \
    ((DES_ROL32(s, 3) & 0x00000020u) | (DES_ROL32(s, 4) & 0x00040000u) |                   \
     (DES_ROL32(s, 5) & 0x40402402u) | (DES_ROL32(s, 6) & 0x04000000u) |                   \
     (DES_ROL32(s, 9) & 0x01000000u) | (DES_ROL32(s, 10) & 0x00000010u) |                  \
     (DES_ROL32(s, 11) & 0x00000800u) | (DES_ROL32(s, 12) & 0x00200200u) |                 \
     (DES_ROL32(s, 13) & 0x00000004u) | (DES_ROL32(s, 14) & 0x00100000u) |                 \
     (DES_ROL32(s, 15) & 0x80000000u) | (DES_ROL32(s, 16) & 0x00020000u) |                 \
     (DES_ROL32(s, 17) & 0x30008100u) | (DES_ROL32(s, 19) & 0x00000040u) |                 \
     (DES_ROL32(s, 21) & 0x02000000u) | (DES_ROL32(s, 22) & 0x00004000u) |                 \
     (DES_ROL32(s, 24) & 0x08880000u) | (DES_ROL32(s, 25) & 0x00000009u) |                 \
     (DES_ROL32(s, 26) & 0x00011080u))

/* FIPS 74 3.6 (also SP 800-67): the weak keys, then the semi-weak keys in pairs, with parity. */
static const uint8_t des_weak_keys[16][8] = {
    { 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01 },
    { 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe },
    { 0xe0, 0xe0, 0xe0, 0xe0, 0xf1, 0xf1, 0xf1, 0xf1 },
    { 0x1f, 0x1f, 0x1f, 0x1f, 0x0e, 0x0e, 0x0e, 0x0e },
    { 0x01, 0xfe, 0x01, 0xfe, 0x01, 0xfe, 0x01, 0xfe },
    { 0xfe, 0x01, 0xfe, 0x01, 0xfe, 0x01, 0xfe, 0x01 },
    { 0x1f, 0xe0, 0x1f, 0xe0, 0x0e, 0xf1, 0x0e, 0xf1 },
    { 0xe0, 0x1f, 0xe0, 0x1f, 0xf1, 0x0e, 0xf1, 0x0e },
    { 0x01, 0xe0, 0x01, 0xe0, 0x01, 0xf1, 0x01, 0xf1 },
    { 0xe0, 0x01, 0xe0, 0x01, 0xf1, 0x01, 0xf1, 0x01 },
    { 0x1f, 0xfe, 0x1f, 0xfe, 0x0e, 0xfe, 0x0e, 0xfe },
    { 0xfe, 0x1f, 0xfe, 0x1f, 0xfe, 0x0e, 0xfe, 0x0e },
    { 0x01, 0x1f, 0x01, 0x1f, 0x01, 0x0e, 0x01, 0x0e },
    { 0x1f, 0x01, 0x1f, 0x01, 0x0e, 0x01, 0x0e, 0x01 },
    { 0xe0, 0xfe, 0xe0, 0xfe, 0xf1, 0xfe, 0xf1, 0xfe },
    { 0xfe, 0xe0, 0xfe, 0xe0, 0xfe, 0xf1, 0xfe, 0xf1 }
};

#define DES_ROL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

/* Bit n (1-based, from the most significant bit of p[0]) of a byte string. */
static uint32_t des_bit(const uint8_t *p, unsigned n)
{
    return (uint32_t)(p[(n - 1) >> 3] >> (7 - ((n - 1) & 7))) & 1u;
}

/* The key parity-masked, for comparisons: parity bits play no part in DES. */
static void des_key_masked(uint8_t out[8], const uint8_t key[8])
{
    unsigned i;
    for (i = 0; i < 8; i++)
        out[i] = (uint8_t)(key[i] & 0xfe);
}

/* 1 if key is weak or semi-weak. Every entry is compared; only the verdict is acted on. */
static int des_is_weak(const uint8_t key[8])
{
    uint8_t k[8], w[8];
    unsigned i;
    int weak = 0;
    des_key_masked(k, key);
    for (i = 0; i < 16; i++) {
        des_key_masked(w, des_weak_keys[i]);
        weak |= fc_ct_equal(k, w, 8);
    }
    fc_zeroize(k, sizeof k);
    return weak;
}

/* 1 if a and b are the same DES key (parity ignored). */
static int des_same_key(const uint8_t a[8], const uint8_t b[8])
{
    uint8_t x[8], y[8];
    int same;
    des_key_masked(x, a);
    des_key_masked(y, b);
    same = fc_ct_equal(x, y, 8);
    fc_zeroize(x, sizeof x);
    fc_zeroize(y, sizeof y);
    return same;
}

/* FIPS 46-3 key schedule: PC-1 into C and D (28 bits each), then per round the left shifts
 * and PC-2, its eight 6-bit groups stored as bytes (see the layout above). */
static void des_key_schedule(des_schedule *ks, const uint8_t key[8])
{
    uint32_t c = 0, d = 0, half[2];
    unsigned r, i, j;

    for (i = 0; i < 28; i++) {
        c = (c << 1) | des_bit(key, des_pc1[i]);
        d = (d << 1) | des_bit(key, des_pc1[28 + i]);
    }
    for (r = 0; r < 16; r++) {
        unsigned s = des_shifts[r];
        c = ((c << s) | (c >> (28 - s))) & 0x0fffffffu;
        d = ((d << s) | (d >> (28 - s))) & 0x0fffffffu;
        half[0] = half[1] = 0;
        for (i = 0; i < 8; i++) {
            uint32_t group = 0;
            for (j = 0; j < 6; j++) {
                unsigned n = des_pc2[6 * i + j]; /* 1..28 in C, 29..56 in D */
                uint32_t bit = n <= 28 ? (c >> (28 - n)) & 1u : (d >> (56 - n)) & 1u;
                group = (group << 1) | bit;
            }
            half[i & 1] |= group << (24 - 8 * (i >> 1));
        }
        ks->round_key[r][0] = half[0];
        ks->round_key[r][1] = half[1];
    }
    fc_zeroize(half, sizeof half);
}

/* Scratch of a block's rounds, wiped once the block is done: it holds data-derived words. */
typedef struct des_scratch {
    uint32_t mask[6];                  /* the S-box input bits, see des_input_mask */
    uint32_t sel[8];                   /* the S-box network's third level */
} des_scratch;

/* mux(a, b, m): b where m has ones, a elsewhere */
#define DES_MUX(a, b, m) ((a) ^ (((a) ^ (b)) & (m)))

/* The word of w[0..8) whose index has bit 0 from m1, bit 1 from m2, bit 2 from m4
 * (per hex digit). */
#define DES_MUX8(out, w, m1, m2, m4)                                              \
    do {                                                                          \
        uint32_t a_ = DES_MUX((w)[0], (w)[1], (m1)), b_ = DES_MUX((w)[2], (w)[3], (m1)); \
        uint32_t c_ = DES_MUX((w)[4], (w)[5], (m1)), d_ = DES_MUX((w)[6], (w)[7], (m1)); \
        a_ = DES_MUX(a_, b_, (m2));                                               \
        c_ = DES_MUX(c_, d_, (m2));                                               \
        (out) = DES_MUX(a_, c_, (m4));                                            \
    } while (0)

/* Mask of input bit b (0: the last of the six) of every S-box: all four bits of S-box i's
 * hex digit set when that bit of its input is 1. even and odd hold the inputs of S1, S3, S5,
 * S7 and of S2, S4, S6, S8 as bytes, highest byte first. */
static uint32_t des_input_mask(uint32_t even, uint32_t odd, unsigned b)
{
    uint32_t ones = (((even >> b) & 0x01010101u) << 4) | ((odd >> b) & 0x01010101u);
    return (ones << 4) - ones;
}

/* The cipher function f(R, K) of FIPS 46-3: expansion, key, S-boxes, P. */
static uint32_t des_f(uint32_t r, const uint32_t round_key[2], des_scratch *x)
{
    /* E: the 6-bit group of S-box i is bits 4i .. 4i+5 of R (bit 0 = bit 32), so rotations
     * by 29 and by 1 bring the groups of S1, S3, S5, S7 and of S2, S4, S6, S8 to the low six
     * bits of each byte. */
    uint32_t even = (DES_ROL32(r, 29) & 0x3f3f3f3fu) ^ round_key[0];
    uint32_t odd = (DES_ROL32(r, 1) & 0x3f3f3f3fu) ^ round_key[1];
    uint32_t s;
    unsigned i;

    /* An input b1..b6 reads row b1b6, column b2b3b4b5: word 16 * row + column. */
    for (i = 0; i < 6; i++)
        x->mask[i] = des_input_mask(even, odd, i); /* mask[0] = b6, ..., mask[5] = b1 */
    for (i = 0; i < 8; i++)
        DES_MUX8(x->sel[i], des_sbox_words + 8 * i, x->mask[1], x->mask[2], x->mask[3]);
    DES_MUX8(s, x->sel, x->mask[4], x->mask[0], x->mask[5]);

    return DES_P(s);
}

/* 16 rounds on (l, r), forwards or with the schedule backwards (decryption), then the swap
 * that precedes the final permutation. */
static void des_rounds(uint32_t lr[2], const des_schedule *ks, int backwards, des_scratch *x)
{
    uint32_t l = lr[0], r = lr[1], t;
    unsigned i;
    for (i = 0; i < 16; i++) {
        t = r;
        r = l ^ des_f(r, ks->round_key[backwards ? 15 - i : i], x);
        l = t;
    }
    lr[0] = r;
    lr[1] = l;
}

/* Exchanges the bits of v under mask with those shift places above them. */
static uint32_t des_swap_within(uint32_t v, uint32_t mask, unsigned shift)
{
    uint32_t t = (v ^ (v >> shift)) & mask;
    return v ^ t ^ (t << shift);
}

/* Transposes the 8x8 bit matrix whose rows are the bytes of hi (row 0 its top byte, the
 * most significant bit column 0) then of lo: three exchanges, of single bits, of 2x2 and of
 * 4x4 blocks across the diagonal. Its own inverse. */
static void des_transpose(uint32_t *hi, uint32_t *lo)
{
    uint32_t x = *hi, y = *lo, t;
    x = des_swap_within(x, 0x00aa00aau, 7);
    y = des_swap_within(y, 0x00aa00aau, 7);
    x = des_swap_within(x, 0x0000ccccu, 14);
    y = des_swap_within(y, 0x0000ccccu, 14);
    t = ((x << 4) ^ y) & 0xf0f0f0f0u;
    *lo = y ^ t;
    *hi = x ^ (t >> 4);
}

/* IP (FIPS 46-3): output byte i is bit column 1, 3, 5, 7, 0, 2, 4, 6 (from the most
 * significant) of the input bytes read from the last to the first. So: the bytes, last
 * first, as the rows of a bit matrix; transposed, row c is column c; then the odd rows make
 * L and the even rows R. */
static void des_initial_permutation(uint32_t lr[2], const uint8_t in[8])
{
    uint32_t x = ((uint32_t)in[7] << 24) | ((uint32_t)in[6] << 16) | ((uint32_t)in[5] << 8) |
                 in[4];
    uint32_t y = ((uint32_t)in[3] << 24) | ((uint32_t)in[2] << 16) | ((uint32_t)in[1] << 8) |
                 in[0];
    uint32_t t;
    des_transpose(&x, &y);
    /* rows (0 1 2 3)(4 5 6 7) -> (0 4 2 6)(1 5 3 7) -> (0 2 4 6)(1 3 5 7) */
    t = ((y >> 8) ^ x) & 0x00ff00ffu;
    x ^= t;
    y ^= t << 8;
    lr[0] = des_swap_within(y, 0x0000ff00u, 8);
    lr[1] = des_swap_within(x, 0x0000ff00u, 8);
}

/* IP^-1: the steps of des_initial_permutation undone in reverse order. */
static void des_final_permutation(uint8_t out[8], const uint32_t lr[2])
{
    uint32_t y = des_swap_within(lr[0], 0x0000ff00u, 8);
    uint32_t x = des_swap_within(lr[1], 0x0000ff00u, 8);
    uint32_t t = ((y >> 8) ^ x) & 0x00ff00ffu;
    unsigned i;
    x ^= t;
    y ^= t << 8;
    des_transpose(&x, &y);
    for (i = 0; i < 4; i++) {
        out[i] = (uint8_t)(y >> (8 * i));
        out[4 + i] = (uint8_t)(x >> (8 * i));
    }
}

/* One block through DES (ks[0]) or 3DES (ks[0..2]: E K1, D K2, E K3 when encrypting, D K3,
 * E K2, D K1 when decrypting). IP and IP^-1 between stages cancel, so they run once. */
static void des_block(const fc_impl *impl, const des_schedule *ks, uint8_t out[8],
                      const uint8_t in[8], int decrypt)
{
    uint32_t lr[2];
    des_scratch x;
    des_initial_permutation(lr, in);
    if (impl->alg == FC_TDES) {
        des_rounds(lr, &ks[decrypt ? 2 : 0], decrypt, &x);
        des_rounds(lr, &ks[1], !decrypt, &x);
        des_rounds(lr, &ks[decrypt ? 0 : 2], decrypt, &x);
    } else {
        des_rounds(lr, &ks[0], decrypt, &x);
    }
    des_final_permutation(out, lr);
    fc_zeroize(lr, sizeof lr);
    fc_zeroize(&x, sizeof x);
}

static fc_status des_init(const fc_impl *impl, void *state, unsigned dir, const uint8_t *key,
                          size_t key_len)
{
    des_state *st = (des_state *)state;
    const uint8_t *k3;
    (void)dir; /* one schedule serves both directions */
    if (impl->alg == FC_DES) {
        if (key_len != 8)
            return FC_ERR_LENGTH;
        if (des_is_weak(key))
            return FC_ERR_WEAK_KEY;
        des_key_schedule(&st->ks[0], key);
        return FC_OK;
    }
    if (key_len != 16 && key_len != 24)
        return FC_ERR_LENGTH;
    k3 = key_len == 24 ? key + 16 : key; /* 2-key: K3 = K1 */
    if (des_same_key(key, key + 8) || des_same_key(key + 8, k3))
        return FC_ERR_WEAK_KEY;
    des_key_schedule(&st->ks[0], key);
    des_key_schedule(&st->ks[1], key + 8);
    des_key_schedule(&st->ks[2], k3);
    return FC_OK;
}

static fc_status des_encrypt(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                             size_t blocks)
{
    for (; blocks > 0; blocks--, in += 8, out += 8)
        des_block(impl, (const des_schedule *)state, out, in, 0);
    return FC_OK;
}

static fc_status des_decrypt(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                             size_t blocks)
{
    for (; blocks > 0; blocks--, in += 8, out += 8)
        des_block(impl, (const des_schedule *)state, out, in, 1);
    return FC_OK;
}

const fc_impl fc_soft_des = {
    .alg = FC_DES,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(des_schedule),
    .ops.block = {.init = des_init, .encrypt = des_encrypt, .decrypt = des_decrypt},
};

const fc_impl fc_soft_tdes = {
    .alg = FC_TDES,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(des_state),
    .ops.block = {.init = des_init, .encrypt = des_encrypt, .decrypt = des_decrypt},
};

#endif /* FC_WITH_DES */
