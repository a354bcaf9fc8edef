/* The GCM mode (NIST SP 800-38D; McGrew and Viega, "The Galois/Counter Mode of Operation"):
 * AES in counter mode (inc32 on the last 4 bytes of the counter block) and GHASH, the
 * polynomial hash over GF(2^128) mod x^128 + x^7 + x^2 + x + 1 with the hash key
 * H = E_K(0^128), over the padded AAD, the padded ciphertext and their bit lengths.
 *
 * State (an AEAD state area): the block cipher's state in its first GCM_KEY_OFFSET bytes, then
 * H as four words. Each seal or open starts from there: nothing of one message stays in it.
 *
 * GHASH without tables. A 4-bit or 8-bit table of multiples of H is indexed by data and leaks
 * through a cache; scanning a whole table with masks on every lookup costs more than the
 * multiplication. So the multiplication is carry-less arithmetic on integer multiplies, the
 * way the Cortex-M0 wants it: its only multiply is 32 x 32 -> 32 bits (one cycle on the M0+,
 * 32 on the small M0 multiplier, the same for every operand either way). A carry-less
 * 16 x 16-bit product takes nine of them: each operand is split by bit position mod 3 into
 * three parts with two-bit holes between their bits; in an integer product of two parts a
 * column sums at most 6 one-bits, so its carries (3 bits) stay inside the holes, and the
 * parity bit of each column, picked out with a mask, is the carry-less product. Three
 * levels of Karatsuba build 128 x 128 bits from 27 such products (243 multiplies), with no
 * bit reversal and no 64-bit product. The alternative, a bit-serial loop with masks, takes
 * 128 rounds of a conditional 128-bit XOR and a 128-bit shift with reduction: about four
 * times the cycles on the M0's eight low registers.
 *
 * Bit order: GHASH reads a block's first bit as the coefficient of x^0. The code keeps the
 * block as the 128-bit big-endian integer it is (four words, least significant first), which
 * holds the polynomial bit-reflected; the integer product of two reflected operands is the
 * reflected product shifted right by one bit, so the product is shifted left once and
 * reduced from its low end (multiplication by x is a right shift in this order).
 *
 * Constant time: no table, no branch on key or data; the tag comparison is fc_ct_equal. Open
 * computes and checks the tag before it decrypts, so no plaintext is written on failure.
 * The temporaries (counter blocks and keystream, GHASH state and products) are wiped before
 * every return.
 */
#include "core.h"

#define GCM_KEY_OFFSET 256 /* the block cipher's part of the state area */
#define GCM_BATCH 4        /* counter blocks per block cipher call */

typedef struct {
    uint32_t h[4]; /* the hash key, as GHASH words */
} gcm_key;

_Static_assert(FC_AEAD_STATE_SIZE >= GCM_KEY_OFFSET + sizeof(gcm_key),
               "GCM keeps the block cipher's state and its hash key in an AEAD state area");

/* What one message needs; wiped as a whole at the end. */
typedef struct {
    uint32_t y[4];                /* GHASH accumulator */
    uint32_t t[12];               /* the multiplication's products */
    uint32_t counter;             /* the last counter value used */
    uint8_t j0[16];               /* the pre-counter block J0 */
    uint8_t ks[GCM_BATCH * 16];   /* counter blocks, then their keystream */
} gcm_run;

static gcm_key *key_of(void *state)
{
    return (gcm_key *)(void *)((uint8_t *)state + GCM_KEY_OFFSET);
}

static uint32_t load32(const uint8_t *b)
{
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static void store32(uint8_t *b, uint32_t w)
{
    b[0] = (uint8_t)(w >> 24), b[1] = (uint8_t)(w >> 16), b[2] = (uint8_t)(w >> 8);
    b[3] = (uint8_t)w;
}

/* Carry-less product of two 16-bit polynomials (31 bits), from nine integer products of
 * operands split by bit position mod 3 (see the top of the file). */
static uint32_t clmul16(uint32_t x, uint32_t y)
{
    uint32_t x0 = x & 0x9249u, x1 = x & 0x2492u, x2 = x & 0x4924u;
    uint32_t y0 = y & 0x9249u, y1 = y & 0x2492u, y2 = y & 0x4924u;
    uint32_t z0 = (x0 * y0) ^ (x1 * y2) ^ (x2 * y1); /* columns 0 mod 3 */
    uint32_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y2); /* columns 1 mod 3 */
    uint32_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0); /* columns 2 mod 3 */
    return (z0 & 0x49249249u) | (z1 & 0x92492492u) | (z2 & 0x24924924u);
}

/* r[0..2) = x * y, 64 bits, from three 16-bit products (Karatsuba) */
static void clmul32(uint32_t r[2], uint32_t x, uint32_t y)
{
    uint32_t lo = clmul16(x & 0xffffu, y & 0xffffu);
    uint32_t hi = clmul16(x >> 16, y >> 16);
    uint32_t mid = clmul16((x ^ (x >> 16)) & 0xffffu, (y ^ (y >> 16)) & 0xffffu) ^ lo ^ hi;
    r[0] = lo ^ (mid << 16);
    r[1] = hi ^ (mid >> 16);
}

/* r[0..4) = (a1:a0) * (b1:b0), 128 bits; mid is two words of scratch */
static void clmul64(uint32_t r[4], uint32_t mid[2], uint32_t a0, uint32_t a1, uint32_t b0,
                    uint32_t b1)
{
    clmul32(r, a0, b0);
    clmul32(r + 2, a1, b1);
    clmul32(mid, a0 ^ a1, b0 ^ b1);
    mid[0] ^= r[0] ^ r[2];
    mid[1] ^= r[1] ^ r[3];
    r[1] ^= mid[0];
    r[2] ^= mid[1];
}

/* y = y * h in GF(2^128), both reflected (see the top of the file); t: 12 words of scratch */
static void gf_mul(uint32_t y[4], uint32_t t[12], const uint32_t h[4])
{
    uint32_t *p = t, *mid = t + 8; /* p: the 256-bit product; mid: Karatsuba's middle */
    unsigned i;
    clmul64(p, mid, y[0], y[1], h[0], h[1]);
    clmul64(p + 4, mid, y[2], y[3], h[2], h[3]);
    clmul64(mid, y, y[0] ^ y[2], y[1] ^ y[3], h[0] ^ h[2], h[1] ^ h[3]); /* y: scratch now */
    for (i = 0; i < 4; i++)
        mid[i] ^= p[i] ^ p[i + 4];
    for (i = 0; i < 4; i++)
        p[i + 2] ^= mid[i];
    /* reflected operands: the product lands one bit low */
    for (i = 7; i > 0; i--)
        p[i] = p[i] << 1 | p[i - 1] >> 31;
    p[0] <<= 1;
    /* fold the low half (coefficients x^128 and up) into the high half: x^128 = x^7 + x^2 +
     * x + 1, i.e. a word moves up 128, 127, 126 and 121 bits; what lands in word 3 is
     * folded again when its turn comes */
    for (i = 0; i < 4; i++) {
        uint32_t w = p[i];
        p[i + 4] ^= w ^ (w >> 1) ^ (w >> 2) ^ (w >> 7);
        p[i + 3] ^= (w << 31) ^ (w << 30) ^ (w << 25);
    }
    for (i = 0; i < 4; i++)
        y[i] = p[i + 4];
}

/* y ^= one 16-byte block */
static void absorb(uint32_t y[4], const uint8_t *b)
{
    y[3] ^= load32(b);
    y[2] ^= load32(b + 4);
    y[1] ^= load32(b + 8);
    y[0] ^= load32(b + 12);
}

/* GHASH over data, the last partial block padded with zeros */
static void ghash(gcm_run *r, const uint32_t h[4], const uint8_t *data, size_t len)
{
    uint8_t last[16];
    for (; len >= 16; data += 16, len -= 16) {
        absorb(r->y, data);
        gf_mul(r->y, r->t, h);
    }
    if (len > 0) {
        memset(last, 0, sizeof(last));
        memcpy(last, data, len);
        absorb(r->y, last);
        gf_mul(r->y, r->t, h);
        fc_zeroize(last, sizeof(last));
    }
}

/* GHASH's closing block: two 64-bit bit lengths */
static void ghash_lengths(gcm_run *r, const uint32_t h[4], size_t a_len, size_t c_len)
{
    uint64_t a_bits = (uint64_t)a_len << 3, c_bits = (uint64_t)c_len << 3;
    r->y[3] ^= (uint32_t)(a_bits >> 32);
    r->y[2] ^= (uint32_t)a_bits;
    r->y[1] ^= (uint32_t)(c_bits >> 32);
    r->y[0] ^= (uint32_t)c_bits;
    gf_mul(r->y, r->t, h);
}

static void ghash_out(uint8_t out[16], const uint32_t y[4])
{
    store32(out, y[3]);
    store32(out + 4, y[2]);
    store32(out + 8, y[1]);
    store32(out + 12, y[0]);
}

/* J0 from the IV (SP 800-38D 7.1 step 2), and GHASH reset for the message */
static void start(gcm_run *r, const uint32_t h[4], const uint8_t *iv, size_t iv_len)
{
    memset(r, 0, sizeof(*r));
    if (iv_len == 12) {
        memcpy(r->j0, iv, 12);
        r->j0[15] = 1;
    } else {
        ghash(r, h, iv, iv_len);
        ghash_lengths(r, h, 0, iv_len);
        ghash_out(r->j0, r->y);
        memset(r->y, 0, sizeof(r->y));
    }
    r->counter = load32(r->j0 + 12);
}

/* Keystream for the next count counter blocks (inc32) into r->ks, after J0 itself when
 * with_j0 (E_K(J0) masks the tag): one block cipher call. */
static fc_status keystream(const fc_impl *block, void *state, gcm_run *r, int with_j0,
                           size_t count)
{
    size_t i, first = with_j0 ? 1 : 0;
    if (with_j0)
        memcpy(r->ks, r->j0, 16);
    for (i = first; i < first + count; i++) {
        memcpy(r->ks + 16 * i, r->j0, 12);
        store32(r->ks + 16 * i + 12, ++r->counter); /* wraps mod 2^32: inc32 */
    }
    return fc_core_block_encrypt(block, state, r->ks, r->ks, first + count);
}

static size_t blocks_of(size_t len)
{
    return len / 16 + (len % 16 != 0);
}

static void xor_bytes(uint8_t *out, const uint8_t *in, const uint8_t *ks, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        out[i] = (uint8_t)(in[i] ^ ks[i]);
}

/* Counter mode over in[done..len) into out, batch by batch, hashing the ciphertext written
 * when hash_out (seal). The first batch, with J0, has run already. */
static fc_status crypt_rest(const fc_impl *block, void *state, gcm_run *r, const uint32_t h[4],
                            uint8_t *out, const uint8_t *in, size_t len, size_t done,
                            int hash_out)
{
    fc_status st = FC_OK;
    while (done < len && st == FC_OK) {
        size_t n = blocks_of(len - done), bytes;
        n = n < GCM_BATCH ? n : GCM_BATCH;
        st = keystream(block, state, r, 0, n);
        if (st != FC_OK)
            break;
        bytes = len - done < 16 * n ? len - done : 16 * n;
        xor_bytes(out + done, in + done, r->ks, bytes);
        if (hash_out)
            ghash(r, h, out + done, bytes);
        done += bytes;
    }
    return st;
}

fc_status fc_core_gcm_init(const fc_impl *block, void *state, const uint8_t *key,
                           size_t key_len)
{
    uint8_t zero[16];
    gcm_key *k = key_of(state);
    fc_status st;
    if (!fc_core_state_fits(block, GCM_KEY_OFFSET))
        return FC_ERR_PROVIDER;
    st = block->ops.block.init(block, state, FC_ENCRYPT, key, key_len);
    if (st != FC_OK)
        return st; /* declined or failed: nothing bound */
    memset(zero, 0, sizeof(zero));
    st = fc_core_block_encrypt(block, state, zero, zero, 1);
    if (st == FC_OK) {
        k->h[3] = load32(zero);
        k->h[2] = load32(zero + 4);
        k->h[1] = load32(zero + 8);
        k->h[0] = load32(zero + 12);
    } else {
        fc_core_block_release(block, state);
    }
    fc_zeroize(zero, sizeof(zero));
    return st;
}

fc_status fc_core_gcm_seal(const fc_impl *block, void *state, uint8_t *out, uint8_t *tag,
                           size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len)
{
    const uint32_t *h = key_of(state)->h;
    gcm_run r;
    uint8_t full[16];
    size_t n = blocks_of(len), done;
    fc_status st;
    start(&r, h, nonce, nonce_len);
    ghash(&r, h, aad, aad_len);
    n = n < GCM_BATCH - 1 ? n : GCM_BATCH - 1;
    st = keystream(block, state, &r, 1, n); /* E_K(J0) and the first counter blocks */
    if (st == FC_OK) {
        done = len < 16 * n ? len : 16 * n;
        xor_bytes(out, in, r.ks + 16, done);
        ghash(&r, h, out, done);
        memcpy(full, r.ks, 16); /* E_K(J0) */
        st = crypt_rest(block, state, &r, h, out, in, len, done, 1);
    }
    if (st == FC_OK) {
        ghash_lengths(&r, h, aad_len, len);
        ghash_out(r.ks, r.y);
        xor_bytes(full, full, r.ks, 16);
        memcpy(tag, full, tag_len);
    }
    fc_zeroize(&r, sizeof(r));
    fc_zeroize(full, sizeof(full));
    return st;
}

fc_status fc_core_gcm_open(const fc_impl *block, void *state, uint8_t *out,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                           size_t aad_len, const uint8_t *in, size_t len, const uint8_t *tag,
                           size_t tag_len)
{
    const uint32_t *h = key_of(state)->h;
    gcm_run r;
    uint8_t full[16];
    size_t n = blocks_of(len), done;
    fc_status st;
    start(&r, h, nonce, nonce_len);
    ghash(&r, h, aad, aad_len);
    ghash(&r, h, in, len);
    ghash_lengths(&r, h, aad_len, len);
    ghash_out(full, r.y);
    n = n < GCM_BATCH - 1 ? n : GCM_BATCH - 1;
    st = keystream(block, state, &r, 1, n); /* E_K(J0), and the first batch for later */
    if (st == FC_OK) {
        xor_bytes(full, full, r.ks, 16);
        if (!fc_ct_equal(full, tag, tag_len))
            st = FC_ERR_VERIFY; /* nothing decrypted */
    }
    if (st == FC_OK) {
        done = len < 16 * n ? len : 16 * n;
        xor_bytes(out, in, r.ks + 16, done);
        st = crypt_rest(block, state, &r, h, out, in, len, done, 0);
    }
    fc_zeroize(&r, sizeof(r));
    fc_zeroize(full, sizeof(full));
    return st;
}
