/* SHA-224 and SHA-256 (FIPS 180-4 sections 5.3.2, 5.3.3, 6.2, 6.3).
 *
 * Written for small cores: a 16-word rolling message schedule (64 bytes of stack instead of 256),
 * sixteen rounds unrolled so that every schedule index is a constant and the working variables
 * are renamed rather than moved (about 2.7 KB of code on the Cortex-M0+ at -Os; 104 cycles a
 * byte there and 47 on the M4, modelled, against 156 and 80 with rolled rounds), the round
 * constants in flash. On ARMv7-M (M3/M4/M33) the block function is Thumb-2 assembly instead,
 * sha256_armv7m.c (37 cycles a byte on the M4). Every branch and index depends on lengths only.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "providers/soft/soft.h"

#if FC_WITH_SHA224 || FC_WITH_SHA256

typedef struct sha256_state {
    uint32_t h[8];
    uint64_t total;                    /* bytes hashed so far */
    uint8_t buf[64];
    uint32_t buf_len;
} sha256_state;

FC_STATE_FITS(sha256_state, FC_HASH_STATE_SIZE);

/* First 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const uint32_t fc_soft_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

/* Initial hash values (FIPS 180-4 5.3.2 and 5.3.3). */
static const uint32_t IV224[8] = {
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
    0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4
};
const uint32_t fc_soft_sha256_iv[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
};

#define ROR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

/* Byte-wise big-endian access: works at any alignment and on either byte order. */
#if !SHA_THUMB2
static uint32_t load32_be(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}
#endif

static void store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

#define BIG_S0(x) (ROR32(x, 2) ^ ROR32(x, 13) ^ ROR32(x, 22))
#define BIG_S1(x) (ROR32(x, 6) ^ ROR32(x, 11) ^ ROR32(x, 25))
#define SMALL_S0(x) (ROR32(x, 7) ^ ROR32(x, 18) ^ ((x) >> 3))
#define SMALL_S1(x) (ROR32(x, 17) ^ ROR32(x, 19) ^ ((x) >> 10))

/* Round i of a pass of sixteen (k: the pass's constants). The eight working variables are
 * renamed from round to round instead of moved: the caller passes them rotated. */
#define ROUND(a, b, c, d, e, f, g, h, i)                                         \
    h += BIG_S1(e) + (g ^ (e & (f ^ g))) + k[i] + w[i];                         \
    d += h;                                                                      \
    h += BIG_S0(a) + ((a & b) | (c & (a | b)));

#define ROUNDS8(i)                                                               \
    ROUND(a, b, c, d, e, f, g, hh, (i) + 0)                                      \
    ROUND(hh, a, b, c, d, e, f, g, (i) + 1)                                      \
    ROUND(g, hh, a, b, c, d, e, f, (i) + 2)                                      \
    ROUND(f, g, hh, a, b, c, d, e, (i) + 3)                                      \
    ROUND(e, f, g, hh, a, b, c, d, (i) + 4)                                      \
    ROUND(d, e, f, g, hh, a, b, c, (i) + 5)                                      \
    ROUND(c, d, e, f, g, hh, a, b, (i) + 6)                                      \
    ROUND(b, c, d, e, f, g, hh, a, (i) + 7)

#define SCHEDULE(i)                                                              \
    w[i] += SMALL_S1(w[((i) + 14) & 15]) + w[((i) + 9) & 15] + SMALL_S0(w[((i) + 1) & 15]);
#define SCHEDULE8(i)                                                             \
    SCHEDULE((i) + 0) SCHEDULE((i) + 1) SCHEDULE((i) + 2) SCHEDULE((i) + 3)      \
    SCHEDULE((i) + 4) SCHEDULE((i) + 5) SCHEDULE((i) + 6) SCHEDULE((i) + 7)

#if !SHA_THUMB2 /* else sha256_armv7m.c */
/* Sixteen rounds unrolled (every schedule index a constant), four passes. Between passes the
 * ring of sixteen words moves on to the next sixteen: W[t] = s1(W[t-2]) + W[t-7] +
 * s0(W[t-15]) + W[t-16], computed in order, so W[t-2] and W[t-7] are already the new ones
 * where they must be and W[t-15] is still the old one until the last word, which needs the
 * new W[t-15] = the pass's first. */
void fc_soft_sha256_compress(uint32_t h[8], const uint8_t block[64])
{
    uint32_t w[16];
    uint32_t a, b, c, d, e, f, g, hh;
    const uint32_t *k;
    unsigned i;

    for (i = 0; i < 16; i++)
        w[i] = load32_be(block + 4 * i);
    a = h[0]; b = h[1]; c = h[2]; d = h[3];
    e = h[4]; f = h[5]; g = h[6]; hh = h[7];

    for (k = fc_soft_sha256_k;; k += 16) {
        ROUNDS8(0)
        ROUNDS8(8)
        if (k == fc_soft_sha256_k + 48)
            break;
        SCHEDULE8(0)
        SCHEDULE8(8)
    }

    h[0] += a; h[1] += b; h[2] += c; h[3] += d;
    h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
    /* The schedule holds message words, which may be key material (HMAC). */
    fc_zeroize(w, sizeof w);
}
#endif

static void sha256_start(sha256_state *st, int is224)
{
    memcpy(st->h, is224 ? IV224 : fc_soft_sha256_iv, sizeof st->h);
    st->total = 0;
    st->buf_len = 0;
}

static void sha256_absorb(sha256_state *st, const uint8_t *data, size_t len)
{
    if (len == 0)
        return; /* data may be NULL */
    st->total += len;
    if (st->buf_len != 0) {
        size_t fill = 64 - st->buf_len;
        if (len < fill) {
            memcpy(st->buf + st->buf_len, data, len);
            st->buf_len += (uint32_t)len;
            return;
        }
        memcpy(st->buf + st->buf_len, data, fill);
        fc_soft_sha256_compress(st->h, st->buf);
        data += fill;
        len -= fill;
    }
    /* Whole blocks straight from the input, no copy. */
    for (; len >= 64; data += 64, len -= 64)
        fc_soft_sha256_compress(st->h, data);
    memcpy(st->buf, data, len);
    st->buf_len = (uint32_t)len;
}

/* Writes out_len bytes of the digest and wipes *st. */
static void sha256_finish(sha256_state *st, uint8_t *out, size_t out_len)
{
    uint32_t n = st->buf_len;
    unsigned i;

    /* Padding: 0x80, zeros, then the 64-bit bit length in the last 8 bytes of a block. */
    st->buf[n++] = 0x80;
    if (n > 56) {
        memset(st->buf + n, 0, 64 - n);
        fc_soft_sha256_compress(st->h, st->buf);
        n = 0;
    }
    memset(st->buf + n, 0, 56 - n);
    store32_be(st->buf + 56, (uint32_t)(st->total >> 29));
    store32_be(st->buf + 60, (uint32_t)(st->total << 3));
    fc_soft_sha256_compress(st->h, st->buf);

    /* Serialise all of H into the spent buffer, then copy the prefix asked for (224 = 7 words). */
    for (i = 0; i < 8; i++)
        store32_be(st->buf + 4 * i, st->h[i]);
    memcpy(out, st->buf, out_len);
    fc_zeroize(st, sizeof *st);
}

/* One set of operations for both: the descriptor's alg tells SHA-224 from SHA-256. */
static fc_status sha256_init(const fc_impl *impl, void *state)
{
    sha256_start((sha256_state *)state, impl->alg == FC_SHA224);
    return FC_OK;
}

static fc_status sha256_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    (void)impl;
    sha256_absorb((sha256_state *)state, data, len);
    return FC_OK;
}

static fc_status sha256_final(const fc_impl *impl, void *state, uint8_t *digest)
{
    sha256_finish((sha256_state *)state, digest, impl->alg == FC_SHA224 ? 28 : 32);
    return FC_OK;
}

#if FC_WITH_SHA224
const fc_impl fc_soft_sha224 = {
    .alg = FC_SHA224,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(sha256_state),
    .ops.hash = {.init = sha256_init, .update = sha256_update, .final = sha256_final},
};
#endif

#if FC_WITH_SHA256
const fc_impl fc_soft_sha256 = {
    .alg = FC_SHA256,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(sha256_state),
    .ops.hash = {.init = sha256_init, .update = sha256_update, .final = sha256_final},
};
#endif

#endif /* FC_WITH_SHA224 || FC_WITH_SHA256 */
