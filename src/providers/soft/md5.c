/* MD5 (RFC 1321). LEGACY: collisions take seconds; here for old protocols and their
 * HMAC/HKDF only (HMAC-MD5 still stands as a PRF), never where collision resistance matters.
 *
 * Written for small cores: the 64 steps as one rolled loop (the round picks the function, the
 * message word and the rotation from the step number), byte-wise little-endian loads. Every
 * branch and index depends on the step number or the input length only, never on the data.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "providers/soft/soft.h"
#include "providers/soft/md64.h"

#if FC_WITH_MD5

typedef struct md5_state {
    uint32_t h[4];
    md64 m;                            /* buffer and length (md64.h) */
} md5_state;

FC_STATE_FITS(md5_state, FC_HASH_STATE_SIZE);

/* RFC 1321 3.3 */
static const uint32_t md5_iv[4] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476 };

/* RFC 1321 3.4: T[i] = floor(2^32 * |sin(i + 1)|), i = 0..63 */
static const uint32_t md5_t[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee,
    0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
    0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa,
    0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
    0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
    0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05,
    0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039,
    0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
    0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391
};

/* Rotation of step i: md5_rot[i / 16][i % 4] (RFC 1321 3.4, rounds 1 to 4). */
static const uint8_t md5_rot[4][4] = {
    { 7, 12, 17, 22 }, { 5, 9, 14, 20 }, { 4, 11, 16, 23 }, { 6, 10, 15, 21 }
};

static uint32_t md5_load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

static void md5_store32_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static void md5_compress(uint32_t h[4], const uint8_t block[64])
{
    uint32_t x[16];
    uint32_t a, b, c, d, f, t;
    unsigned i, g, s;

    for (i = 0; i < 16; i++)
        x[i] = md5_load32_le(block + 4 * i);
    a = h[0]; b = h[1]; c = h[2]; d = h[3];

    for (i = 0; i < 64; i++) {
        /* F, G, H, I of RFC 1321 3.4 and the message word each round takes at step i */
        if (i < 16) {
            f = d ^ (b & (c ^ d));
            g = i;
        } else if (i < 32) {
            f = c ^ (d & (b ^ c));
            g = (5 * i + 1) & 15;
        } else if (i < 48) {
            f = b ^ c ^ d;
            g = (3 * i + 5) & 15;
        } else {
            f = c ^ (b | ~d);
            g = (7 * i) & 15;
        }
        s = md5_rot[i >> 4][i & 3];
        t = a + f + x[g] + md5_t[i];
        /* a = b + ((a + f + X[g] + T[i]) <<< s), then the registers turn: (d, a, b, c) */
        a = d; d = c; c = b;
        b = b + ((t << s) | (t >> (32 - s)));
    }

    h[0] += a; h[1] += b; h[2] += c; h[3] += d;
    /* The block words may be key material (HMAC). */
    fc_zeroize(x, sizeof x);
}

static fc_status md5_init(const fc_impl *impl, void *state)
{
    md5_state *st = (md5_state *)state;
    (void)impl;
    memcpy(st->h, md5_iv, sizeof st->h);
    memset(&st->m, 0, sizeof st->m);
    return FC_OK;
}

static fc_status md5_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    (void)impl;
    md64_update(&((md5_state *)state)->m, ((md5_state *)state)->h, md5_compress, data, len);
    return FC_OK;
}

/* Writes the 16-byte digest and wipes the state. */
static fc_status md5_final(const fc_impl *impl, void *state, uint8_t *digest)
{
    md5_state *st = (md5_state *)state;
    unsigned i;
    (void)impl;

    md64_finish(&st->m, st->h, md5_compress, 1);

    for (i = 0; i < 4; i++)
        md5_store32_le(digest + 4 * i, st->h[i]);
    fc_zeroize(st, sizeof *st);
    return FC_OK;
}

const fc_impl fc_soft_md5 = {
    .alg = FC_MD5,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(md5_state),
    .ops.hash = {.init = md5_init, .update = md5_update, .final = md5_final},
};

#endif /* FC_WITH_MD5 */
