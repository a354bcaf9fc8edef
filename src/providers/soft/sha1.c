/* SHA-1 (FIPS 180-4 sections 4.1.1, 5.3.1, 6.1). LEGACY: collisions are practical (SHAttered,
 * 2017); here for old protocols and their HMAC/HKDF only, never for new signatures or
 * commitments.
 *
 * Written for small cores like sha256.c: rolled rounds, a 16-word rolling message schedule, byte-
 * wise big-endian loads. Every branch and index depends on the round number or the input
 * length only, never on the data.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "providers/soft/soft.h"
#include "providers/soft/md64.h"

#if FC_WITH_SHA1

typedef struct sha1_state {
    uint32_t h[5];
    md64 m;                            /* buffer and length (md64.h) */
} sha1_state;

FC_STATE_FITS(sha1_state, FC_HASH_STATE_SIZE);

/* FIPS 180-4 5.3.1 */
static const uint32_t sha1_iv[5] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0 };

#define ROL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

static uint32_t sha1_load32_be(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static void sha1_store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static void sha1_compress(uint32_t h[5], const uint8_t block[64])
{
    uint32_t w[16];
    uint32_t a, b, c, d, e, f, k, t;
    unsigned i;

    for (i = 0; i < 16; i++)
        w[i] = sha1_load32_be(block + 4 * i);
    a = h[0]; b = h[1]; c = h[2]; d = h[3]; e = h[4];

    for (i = 0; i < 80; i++) {
        if (i >= 16) {
            /* W[t] = ROTL1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]), in a ring of 16 */
            t = w[(i - 3) & 15] ^ w[(i - 8) & 15] ^ w[(i - 14) & 15] ^ w[i & 15];
            w[i & 15] = ROL32(t, 1);
        }
        /* f_t and K_t of FIPS 180-4 4.1.1 and 4.2.1: Ch, Parity, Maj, Parity */
        if (i < 20) {
            f = d ^ (b & (c ^ d));
            k = 0x5a827999;
        } else if (i < 40) {
            f = b ^ c ^ d;
            k = 0x6ed9eba1;
        } else if (i < 60) {
            f = (b & c) | (d & (b | c));
            k = 0x8f1bbcdc;
        } else {
            f = b ^ c ^ d;
            k = 0xca62c1d6;
        }
        t = ROL32(a, 5) + f + e + k + w[i & 15];
        e = d; d = c; c = ROL32(b, 30); b = a; a = t;
    }

    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e;
    /* The schedule holds message words, which may be key material (HMAC). */
    fc_zeroize(w, sizeof w);
}

static fc_status sha1_init(const fc_impl *impl, void *state)
{
    sha1_state *st = (sha1_state *)state;
    (void)impl;
    memcpy(st->h, sha1_iv, sizeof st->h);
    memset(&st->m, 0, sizeof st->m);
    return FC_OK;
}

static fc_status sha1_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    (void)impl;
    md64_update(&((sha1_state *)state)->m, ((sha1_state *)state)->h, sha1_compress, data, len);
    return FC_OK;
}

/* Writes the 20-byte digest and wipes the state. */
static fc_status sha1_final(const fc_impl *impl, void *state, uint8_t *digest)
{
    sha1_state *st = (sha1_state *)state;
    unsigned i;
    (void)impl;

    md64_finish(&st->m, st->h, sha1_compress, 0);

    for (i = 0; i < 5; i++)
        sha1_store32_be(digest + 4 * i, st->h[i]);
    fc_zeroize(st, sizeof *st);
    return FC_OK;
}

const fc_impl fc_soft_sha1 = {
    .alg = FC_SHA1,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(sha1_state),
    .ops.hash = {.init = sha1_init, .update = sha1_update, .final = sha1_final},
};

#endif /* FC_WITH_SHA1 */
