/* Poly1305 (RFC 8439 section 2.5) for the soft provider: a 32-byte one-time key (r, clamped,
 * then s), 16-byte tag, any number of update calls of any length.
 *
 * The accumulator h is kept in limbs small enough that the products of h and r, summed, fit the
 * machine's multiply, in one of two radixes:
 *   - 2^26 (five limbs, 32x32->64-bit products, 25 per block): best where a 64-bit product is
 *     one instruction (Cortex-M3/M4 UMULL and UMLAL, RV32 MUL with MULHU, 64-bit hosts).
 *   - 2^13 (ten limbs, 32x32->32-bit products, 100 per block): for the Cortex-M0/M0+, whose
 *     MULS gives only the low 32 bits, so each 64-bit product above would be a call to
 *     __aeabi_lmul (several 16x16 multiplies with their shifts and adds). Thirteen-bit limbs of
 *     h times thirteen-bit limbs of r (and of 5r, for the products that wrap past 2^130) sum to
 *     less than 2^32 for a whole output limb, so every product is one single-cycle MULS.
 * The Cortex-M0/M0+ (__ARM_ARCH_6M__) gets 2^13, everything else 2^26; POLY1305_LIMB13 set to
 * 0 or 1 on the compiler's command line overrides that (the tests build both).
 *
 * Constant time: the arithmetic is the same sequence of multiplies, adds, shifts and masks for
 * every key and message; the final reduction modulo 2^130 - 5 picks h or h - p with a mask from
 * the carry, not a branch. Branches and indices depend on lengths only.
 */
#include "fieldcrypt/config.h"

#if FC_WITH_CHACHA20

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "soft.h"

#ifndef POLY1305_LIMB13
#if defined(__ARM_ARCH_6M__)
#define POLY1305_LIMB13 1
#else
#define POLY1305_LIMB13 0
#endif
#endif

static uint32_t poly1305_load32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

static void poly1305_store32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

#if POLY1305_LIMB13

/* ---- radix 2^13: h = sum h[i] 2^(13 i), i = 0..9 ---- */

#define LIMB_MASK 0x1fffu

typedef struct poly1305_state {
    /* r's limbs from the top, then 5 times them (r9..r1): the product's output limb k is the
     * dot product of h[0..9] with rq[9 - k .. 18 - k] (h[i] meets r[k - i], or 5 r[k - i + 10]
     * where the product passes 2^130 = 5 mod p) */
    uint32_t rq[19];
    uint32_t h[10];
    uint32_t pad[4];    /* s: the key's second half */
    uint8_t buf[16];    /* a partial block */
    uint32_t buf_len;
} poly1305_state;

/* Carries each limb into the next, the top one's times 5 into limb 0 (2^130 = 5 mod p), then
 * limb 0's into limb 1: every limb but h[1] ends below 2^13, h[1] at most 2^13 + 2^9 (after a
 * product; 2^13 after adding a message block to a carried h). The value modulo p is kept. */
static void poly1305_carry(uint32_t h[10])
{
    uint32_t c;
    unsigned i;
    for (i = 0; i < 9; i++) {
        h[i + 1] += h[i] >> 13;
        h[i] &= LIMB_MASK;
    }
    c = h[9] >> 13;
    h[9] &= LIMB_MASK;
    h[0] += 5 * c;
    h[1] += h[0] >> 13;
    h[0] &= LIMB_MASK;
}

static uint32_t poly1305_dot10(const uint32_t *h, const uint32_t *q)
{
    return h[0] * q[0] + h[1] * q[1] + h[2] * q[2] + h[3] * q[3] + h[4] * q[4] +
           h[5] * q[5] + h[6] * q[6] + h[7] * q[7] + h[8] * q[8] + h[9] * q[9];
}

/* The 130-bit little-endian number in (w0, w1, w2, w3, top bit) as thirteen-bit limbs. */
static void poly1305_split(uint32_t l[10], uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3,
                           uint32_t top)
{
    l[0] = w0 & LIMB_MASK;
    l[1] = (w0 >> 13) & LIMB_MASK;
    l[2] = ((w0 >> 26) | (w1 << 6)) & LIMB_MASK;
    l[3] = (w1 >> 7) & LIMB_MASK;
    l[4] = ((w1 >> 20) | (w2 << 12)) & LIMB_MASK;
    l[5] = (w2 >> 1) & LIMB_MASK;
    l[6] = (w2 >> 14) & LIMB_MASK;
    l[7] = ((w2 >> 27) | (w3 << 5)) & LIMB_MASK;
    l[8] = (w3 >> 8) & LIMB_MASK;
    l[9] = (w3 >> 21) | (top << 11);
}

static void poly1305_set_r(poly1305_state *s, const uint8_t key[16])
{
    uint32_t r[10];
    unsigned i;
    /* clamping (RFC 8439 2.5): r &= 0x0ffffffc0ffffffc0ffffffc0fffffff */
    poly1305_split(r, poly1305_load32(key) & 0x0fffffffu,
                   poly1305_load32(key + 4) & 0x0ffffffcu, poly1305_load32(key + 8) & 0x0ffffffcu,
                   poly1305_load32(key + 12) & 0x0ffffffcu, 0);
    for (i = 0; i < 10; i++)
        s->rq[9 - i] = r[i];
    for (i = 1; i < 10; i++)
        s->rq[19 - i] = 5 * r[i];
    fc_zeroize(r, sizeof(r));
}

/* h = (h + m) r for nblocks 16-byte blocks, each with 2^128 added when hibit is 1 (a full block;
 * 0 for the padded last one).
 * Bounds: after poly1305_carry every limb is at most 2^13, r's limbs are below 2^13 (r9 below
 * 2^7: the clamping leaves r < 2^124), so an output limb is at most
 * 2^13 (r0 + 5 r9 + 5 (r1 + ... + r8)) < 2^13 (2^13 + 5 2^7 + 40 2^13) < 2^31.4. */
static void poly1305_blocks(poly1305_state *s, const uint8_t *m, size_t nblocks, uint32_t hibit)
{
    uint32_t *h = s->h, d[10], l[10];
    unsigned i;
    for (; nblocks > 0; nblocks--, m += 16) {
        poly1305_split(l, poly1305_load32(m), poly1305_load32(m + 4), poly1305_load32(m + 8),
                       poly1305_load32(m + 12), hibit);
        for (i = 0; i < 10; i++)
            h[i] += l[i];
        poly1305_carry(h);
        for (i = 0; i < 10; i++)
            d[i] = poly1305_dot10(h, s->rq + 9 - i);
        poly1305_carry(d);
        memcpy(h, d, sizeof(d));
    }
    fc_zeroize(d, sizeof(d));
    fc_zeroize(l, sizeof(l));
}

/* h mod p, fully reduced, as four little-endian words (its low 128 bits). */
static void poly1305_reduce(poly1305_state *s, uint32_t w[4])
{
    uint32_t *h = s->h, g[10], c, mask;
    unsigned i;
    /* two passes leave h < 2^130 with every limb below 2^13 but h[1] (at most 2^13); a chain
     * without the wrap then makes every limb canonical */
    poly1305_carry(h);
    poly1305_carry(h);
    for (i = 0; i < 9; i++) {
        h[i + 1] += h[i] >> 13;
        h[i] &= LIMB_MASK;
    }
    /* g = h + 5 - 2^130: not negative exactly when h >= p */
    c = 5;
    for (i = 0; i < 10; i++) {
        g[i] = h[i] + c;
        c = g[i] >> 13;
        g[i] &= LIMB_MASK;
    }
    mask = 0u - c; /* all ones when h >= p: take g */
    for (i = 0; i < 10; i++)
        h[i] = (h[i] & ~mask) | (g[i] & mask);
    w[0] = h[0] | (h[1] << 13) | (h[2] << 26);
    w[1] = (h[2] >> 6) | (h[3] << 7) | (h[4] << 20);
    w[2] = (h[4] >> 12) | (h[5] << 1) | (h[6] << 14) | (h[7] << 27);
    w[3] = (h[7] >> 5) | (h[8] << 8) | (h[9] << 21);
    fc_zeroize(g, sizeof(g));
}

#else

/* ---- radix 2^26: h = sum h[i] 2^(26 i), i = 0..4 ---- */

#define LIMB_MASK 0x3ffffffu

typedef struct poly1305_state {
    uint32_t r[5];
    uint32_t s5[4];     /* 5 r[1..4]: where a product passes 2^130 = 5 mod p */
    uint32_t h[5];
    uint32_t pad[4];    /* s: the key's second half */
    uint8_t buf[16];    /* a partial block */
    uint32_t buf_len;
} poly1305_state;

static void poly1305_set_r(poly1305_state *s, const uint8_t key[16])
{
    uint32_t t0 = poly1305_load32(key), t1 = poly1305_load32(key + 4);
    uint32_t t2 = poly1305_load32(key + 8), t3 = poly1305_load32(key + 12);
    unsigned i;
    /* the clamping (RFC 8439 2.5, r &= 0x0ffffffc0ffffffc0ffffffc0fffffff) in the limb masks */
    s->r[0] = t0 & 0x3ffffffu;
    s->r[1] = ((t0 >> 26) | (t1 << 6)) & 0x3ffff03u;
    s->r[2] = ((t1 >> 20) | (t2 << 12)) & 0x3ffc0ffu;
    s->r[3] = ((t2 >> 14) | (t3 << 18)) & 0x3f03fffu;
    s->r[4] = (t3 >> 8) & 0x00fffffu;
    for (i = 0; i < 4; i++)
        s->s5[i] = 5 * s->r[i + 1];
}

/* h = (h + m) r for nblocks 16-byte blocks, each with 2^128 added when hibit is 1.
 * Bounds: h's limbs stay below 2^26 + 2^6 (h[1] after the carries), plus the message limb
 * below 2^26: under 2^27; r's limbs are below 2^26 and 5 r[i] below 2^29 (the clamping clears
 * r's top bits), so each output limb is a sum of five products below 2^56: under 2^59. */
static void poly1305_blocks(poly1305_state *s, const uint8_t *m, size_t nblocks, uint32_t hibit)
{
    const uint32_t r0 = s->r[0], r1 = s->r[1], r2 = s->r[2], r3 = s->r[3], r4 = s->r[4];
    const uint32_t s1 = s->s5[0], s2 = s->s5[1], s3 = s->s5[2], s4 = s->s5[3];
    uint32_t h0 = s->h[0], h1 = s->h[1], h2 = s->h[2], h3 = s->h[3], h4 = s->h[4];
    uint32_t t0, t1, t2, t3, c;
    uint64_t d0, d1, d2, d3, d4;
    for (; nblocks > 0; nblocks--, m += 16) {
        t0 = poly1305_load32(m);
        t1 = poly1305_load32(m + 4);
        t2 = poly1305_load32(m + 8);
        t3 = poly1305_load32(m + 12);
        h0 += t0 & LIMB_MASK;
        h1 += ((t0 >> 26) | (t1 << 6)) & LIMB_MASK;
        h2 += ((t1 >> 20) | (t2 << 12)) & LIMB_MASK;
        h3 += ((t2 >> 14) | (t3 << 18)) & LIMB_MASK;
        h4 += (t3 >> 8) | (hibit << 24);

        d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 + (uint64_t)h3 * s2 +
             (uint64_t)h4 * s1;
        d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 + (uint64_t)h3 * s3 +
             (uint64_t)h4 * s2;
        d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 + (uint64_t)h3 * s4 +
             (uint64_t)h4 * s3;
        d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 + (uint64_t)h3 * r0 +
             (uint64_t)h4 * s4;
        d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 + (uint64_t)h3 * r1 +
             (uint64_t)h4 * r0;

        /* carry: each limb back below 2^26, the top limb's carry times 5 into limb 0 */
        h0 = (uint32_t)d0 & LIMB_MASK;
        d1 += d0 >> 26;
        h1 = (uint32_t)d1 & LIMB_MASK;
        d2 += d1 >> 26;
        h2 = (uint32_t)d2 & LIMB_MASK;
        d3 += d2 >> 26;
        h3 = (uint32_t)d3 & LIMB_MASK;
        d4 += d3 >> 26;
        h4 = (uint32_t)d4 & LIMB_MASK;
        h0 += (uint32_t)(d4 >> 26) * 5;
        c = h0 >> 26;
        h0 &= LIMB_MASK;
        h1 += c;
    }
    s->h[0] = h0, s->h[1] = h1, s->h[2] = h2, s->h[3] = h3, s->h[4] = h4;
}

/* h mod p, fully reduced, as four little-endian words (its low 128 bits). */
static void poly1305_reduce(poly1305_state *s, uint32_t w[4])
{
    uint32_t *h = s->h, g[5], c, mask;
    unsigned i, pass;
    /* two carry passes: h < 2^130 with canonical limbs (the second wraps at most a small
     * remainder, which the last carries absorb) */
    for (pass = 0; pass < 2; pass++) {
        for (i = 0; i < 4; i++) {
            h[i + 1] += h[i] >> 26;
            h[i] &= LIMB_MASK;
        }
        c = h[4] >> 26;
        h[4] &= LIMB_MASK;
        h[0] += 5 * c;
    }
    for (i = 0; i < 4; i++) {
        h[i + 1] += h[i] >> 26;
        h[i] &= LIMB_MASK;
    }
    /* g = h + 5 - 2^130: not negative exactly when h >= p */
    c = 5;
    for (i = 0; i < 5; i++) {
        g[i] = h[i] + c;
        c = g[i] >> 26;
        g[i] &= LIMB_MASK;
    }
    mask = 0u - c; /* all ones when h >= p: take g */
    for (i = 0; i < 5; i++)
        h[i] = (h[i] & ~mask) | (g[i] & mask);
    w[0] = h[0] | (h[1] << 26);
    w[1] = (h[1] >> 6) | (h[2] << 20);
    w[2] = (h[2] >> 12) | (h[3] << 14);
    w[3] = (h[3] >> 18) | (h[4] << 8);
    fc_zeroize(g, sizeof(g));
}

#endif

FC_STATE_FITS(poly1305_state, FC_MAC_STATE_SIZE);

static fc_status poly1305_init(const fc_impl *impl, void *state, const uint8_t *key,
                               size_t key_len)
{
    poly1305_state *s = (poly1305_state *)state;
    unsigned i;
    (void)impl;
    if (key_len != 32)
        return FC_ERR_LENGTH;
    memset(s, 0, sizeof(*s));
    poly1305_set_r(s, key);
    for (i = 0; i < 4; i++)
        s->pad[i] = poly1305_load32(key + 16 + 4 * i);
    return FC_OK;
}

static fc_status poly1305_update(const fc_impl *impl, void *state, const uint8_t *data,
                                 size_t len)
{
    poly1305_state *s = (poly1305_state *)state;
    size_t n;
    (void)impl;
    if (s->buf_len > 0) {
        n = 16 - s->buf_len;
        if (n > len)
            n = len;
        memcpy(s->buf + s->buf_len, data, n);
        s->buf_len += (uint32_t)n;
        data += n;
        len -= n;
        if (s->buf_len < 16)
            return FC_OK;
        poly1305_blocks(s, s->buf, 1, 1);
        s->buf_len = 0;
    }
    n = len / 16;
    if (n > 0)
        poly1305_blocks(s, data, n, 1);
    data += 16 * n;
    len -= 16 * n;
    memcpy(s->buf, data, len);
    s->buf_len = (uint32_t)len;
    return FC_OK;
}

static fc_status poly1305_final(const fc_impl *impl, void *state, uint8_t *tag)
{
    poly1305_state *s = (poly1305_state *)state;
    uint32_t w[4];
    uint64_t f;
    unsigned i;
    (void)impl;
    if (s->buf_len > 0) {
        /* the last, short block: its bytes, a 1, zeros, and no 2^128 */
        s->buf[s->buf_len] = 1;
        memset(s->buf + s->buf_len + 1, 0, 15 - s->buf_len);
        poly1305_blocks(s, s->buf, 1, 0);
    }
    poly1305_reduce(s, w);
    /* tag = (h + s) mod 2^128 */
    f = 0;
    for (i = 0; i < 4; i++) {
        f += (uint64_t)w[i] + s->pad[i];
        poly1305_store32(tag + 4 * i, (uint32_t)f);
        f >>= 32;
    }
    fc_zeroize(w, sizeof(w));
    fc_zeroize(s, sizeof(*s));
    return FC_OK;
}

const fc_impl fc_soft_poly1305 = {
    .alg = FC_POLY1305,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(poly1305_state),
    .ops.mac = {.init = poly1305_init, .update = poly1305_update, .final = poly1305_final},
};

#else

/* ISO C wants at least one declaration in a translation unit. */
typedef int fc_soft_poly1305_disabled;

#endif
