/* SHA-384 and SHA-512 (FIPS 180-4 sections 5.3.4, 5.3.5, 6.4, 6.5).
 *
 * uint64_t throughout: on 32-bit cores the compiler splits it into word pairs; only additions,
 * logic and constant shifts are used, so no 64-bit multiply or shift helper is pulled in.
 * Rolled rounds, a 16-word rolling schedule (128 bytes of stack instead of 640), constants in
 * flash. The block function is assembly instead on ARMv6-M (Cortex-M0/M0+: sha512_armv6m.c,
 * 14,300 cycles a block on the M0+ model against 33,200 for this C; FC_SHA512_SMALL=1:
 * sha512_armv6m_small.c) and on ARMv7-M (M3/M4/M33: sha512_armv7m.c, 10,400 cycles on the M4
 * against 17,700). Every branch and index depends on lengths only (and, in the assembly, on
 * the alignment of the block).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "providers/soft/soft.h"
#include "providers/soft/job.h"

#if FC_WITH_SHA384 || FC_WITH_SHA512

typedef struct sha512_state {
    uint64_t h[8];
    uint64_t total;                    /* bytes hashed so far (inputs below 2^64 bytes) */
    uint8_t buf[128];
    uint32_t buf_len;
} sha512_state;

FC_STATE_FITS(sha512_state, FC_HASH_STATE_SIZE);

/* First 64 bits of the fractional parts of the cube roots of the first 80 primes. */
const uint64_t fc_soft_sha512_k[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
    0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
    0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
    0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
    0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
    0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
    0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
    0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
    0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
    0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
    0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
    0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull
};

/* Initial hash values (FIPS 180-4 5.3.4 and 5.3.5). */
static const uint64_t IV384[8] = {
    0xcbbb9d5dc1059ed8ull, 0x629a292a367cd507ull, 0x9159015a3070dd17ull, 0x152fecd8f70e5939ull,
    0x67332667ffc00b31ull, 0x8eb44a8768581511ull, 0xdb0c2e0d64f98fa7ull, 0x47b5481dbefa4fa4ull
};
static const uint64_t IV512[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
    0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull
};

/* Byte-wise big-endian store: works at any alignment and on either byte order. */
static void store64_be(uint8_t *p, uint64_t v)
{
    uint32_t hi = (uint32_t)(v >> 32), lo = (uint32_t)v;
    p[0] = (uint8_t)(hi >> 24);
    p[1] = (uint8_t)(hi >> 16);
    p[2] = (uint8_t)(hi >> 8);
    p[3] = (uint8_t)hi;
    p[4] = (uint8_t)(lo >> 24);
    p[5] = (uint8_t)(lo >> 16);
    p[6] = (uint8_t)(lo >> 8);
    p[7] = (uint8_t)lo;
}

/* ARMv7-M: sha512_armv7m.c; ARMv6-M: sha512_armv6m.c (with gcc); everywhere else: C. */
#if !SHA_THUMB2 && !SHA512_THUMB1
#define ROR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

/* Byte-wise big-endian access: works at any alignment and on either byte order. Built from two
 * 32-bit halves so 32-bit cores shift words, not 64-bit values. */
static uint64_t load64_be(const uint8_t *p)
{
    uint32_t hi = ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
    uint32_t lo = ((uint32_t)p[4] << 24) | ((uint32_t)p[5] << 16) | ((uint32_t)p[6] << 8) | p[7];
    return ((uint64_t)hi << 32) | lo;
}

void fc_soft_sha512_compress(uint64_t h[8], const uint8_t block[128])
{
    uint64_t w[16];
    uint64_t a, b, c, d, e, f, g, hh, t1, t2;
    unsigned i;

    for (i = 0; i < 16; i++)
        w[i] = load64_be(block + 8 * i);
    a = h[0]; b = h[1]; c = h[2]; d = h[3];
    e = h[4]; f = h[5]; g = h[6]; hh = h[7];

    for (i = 0; i < 80; i++) {
        if (i >= 16) {
            /* W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16], kept in a ring of 16 */
            uint64_t x = w[(i - 2) & 15], y = w[(i - 15) & 15];
            w[i & 15] += (ROR64(x, 19) ^ ROR64(x, 61) ^ (x >> 6)) + w[(i - 7) & 15] +
                         (ROR64(y, 1) ^ ROR64(y, 8) ^ (y >> 7));
        }
        t1 = hh + (ROR64(e, 14) ^ ROR64(e, 18) ^ ROR64(e, 41)) + (g ^ (e & (f ^ g))) +
             fc_soft_sha512_k[i] + w[i & 15];
        t2 = (ROR64(a, 28) ^ ROR64(a, 34) ^ ROR64(a, 39)) + ((a & b) | (c & (a | b)));
        hh = g; g = f; f = e; e = d + t1;
        d = c; c = b; b = a; a = t1 + t2;
    }

    h[0] += a; h[1] += b; h[2] += c; h[3] += d;
    h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
    /* The schedule holds message words, which may be key material (HMAC). */
    fc_zeroize(w, sizeof w);
}
#endif

static void sha512_start(sha512_state *st, int is384)
{
    memcpy(st->h, is384 ? IV384 : IV512, sizeof st->h);
    st->total = 0;
    st->buf_len = 0;
}

static void sha512_absorb(sha512_state *st, const uint8_t *data, size_t len)
{
    if (len == 0)
        return; /* data may be NULL */
    st->total += len;
    if (st->buf_len != 0) {
        size_t fill = 128 - st->buf_len;
        if (len < fill) {
            memcpy(st->buf + st->buf_len, data, len);
            st->buf_len += (uint32_t)len;
            return;
        }
        memcpy(st->buf + st->buf_len, data, fill);
        fc_soft_sha512_compress(st->h, st->buf);
        data += fill;
        len -= fill;
    }
    /* Whole blocks straight from the input, no copy. */
    for (; len >= 128; data += 128, len -= 128)
        fc_soft_sha512_compress(st->h, data);
    memcpy(st->buf, data, len);
    st->buf_len = (uint32_t)len;
}

/* Writes out_len bytes of the digest and wipes *st. */
static void sha512_finish(sha512_state *st, uint8_t *out, size_t out_len)
{
    uint32_t n = st->buf_len;
    unsigned i;

    /* Padding: 0x80, zeros, then the 128-bit bit length in the last 16 bytes of a block.
     * total counts bytes, so the high half of the bit length is total >> 61. */
    st->buf[n++] = 0x80;
    if (n > 112) {
        memset(st->buf + n, 0, 128 - n);
        fc_soft_sha512_compress(st->h, st->buf);
        n = 0;
    }
    memset(st->buf + n, 0, 112 - n);
    store64_be(st->buf + 112, st->total >> 61);
    store64_be(st->buf + 120, st->total << 3);
    fc_soft_sha512_compress(st->h, st->buf);

    /* The words of H asked for (SHA-384: the first 6), straight into out. */
    for (i = 0; i < out_len / 8; i++)
        store64_be(out + 8 * i, st->h[i]);
    fc_zeroize(st, sizeof *st);
}

/* One set of operations for both: the descriptor's alg tells SHA-384 from SHA-512. */
static fc_status sha512_init(const fc_impl *impl, void *state)
{
    sha512_start((sha512_state *)state, impl->alg == FC_SHA384);
    return FC_OK;
}

static fc_status sha512_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    (void)impl;
    sha512_absorb((sha512_state *)state, data, len);
    return FC_OK;
}

static fc_status sha512_final(const fc_impl *impl, void *state, uint8_t *digest)
{
    sha512_finish((sha512_state *)state, digest, impl->alg == FC_SHA384 ? 48 : 64);
    return FC_OK;
}

#if FC_WITH_SHA384
const fc_impl fc_soft_sha384 = {
    .alg = FC_SHA384,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(sha512_state),
    .ops.hash = {.init = sha512_init, .update = sha512_update, .final = sha512_final},
};
#endif

#if FC_WITH_SHA512
/* Sliceable: src/providers/soft/sha512_job.c runs it a block per unit. */
const fc_impl fc_soft_sha512 = {
    .alg = FC_SHA512,
    .flags = FC_IMPL_CONSTANT_TIME | (FC_WITH_ENGINE ? FC_IMPL_SLICEABLE : 0),
    .state_size = sizeof(sha512_state),
#if FC_WITH_ENGINE
    .job_state_size = sizeof(soft_job),
    .job = {.start = fc_soft_sha512_job_start, .run = fc_soft_sha512_job_run},
#endif
    .ops.hash = {.init = sha512_init, .update = sha512_update, .final = sha512_final},
};
#endif

#endif /* FC_WITH_SHA384 || FC_WITH_SHA512 */
