/* Ed25519, Ed25519ctx and Ed25519ph (RFC 8032 5.1) for the soft provider, over the group of
 * ge25519.c, the scalar arithmetic of sc25519.c and soft's SHA-512.
 *
 * Signing follows 5.1.6: h = SHA-512(seed) gives the clamped scalar a and the prefix;
 * r = SHA-512(dom2(F, C) || prefix || M) mod L; R = [r]B; k = SHA-512(dom2 || R || A || M)
 * mod L; S = r + k a mod L. dom2 is empty for Ed25519 and "SigEd25519 no Ed25519 collisions"
 * || F || |C| || C for the other two (F = 1 for Ed25519ph, whose M is the message's SHA-512,
 * computed by the core).
 *
 * Verification applies eddsa.h's rules: S < L, A and R canonical encodings of curve points, A
 * and R not of small order, and [S]B - [k]A encoding to R exactly (cofactorless).
 *
 * Constant time: the seed, a, the prefix, r and k a only pass through SHA-512, the fixed-base
 * multiplication and the scalar arithmetic, all constant time; the branches here depend on the
 * algorithm and on lengths. Verification handles public data only and runs in variable time.
 * Secrets are wiped before every return.
 */
#include "fieldcrypt/config.h"
#include "soft.h"

#if FC_SOFT_ED25519

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "ed25519_job.h"
#include "ge25519.h"
#include "sc25519.h"

/* RFC 8032 2: dom2's fixed prefix (32 bytes, no terminator) */
static const uint8_t dom2_prefix[32] = {
    'S', 'i', 'g', 'E', 'd', '2', '5', '5', '1', '9', ' ', 'n', 'o', ' ', 'E', 'd',
    '2', '5', '5', '1', '9', ' ', 'c', 'o', 'l', 'l', 'i', 's', 'i', 'o', 'n', 's'};

/* soft's SHA-512 state, aligned as its implementation wants */
typedef struct sha512_area {
    uint64_t w[(FC_HASH_STATE_SIZE + 7) / 8];
} sha512_area;

/* the argument rules of driver.h, for a caller that skips the core */
static int args_ok(const fc_impl *impl, const uint8_t *context, size_t context_len,
                   const uint8_t *msg, size_t msg_len)
{
    if ((context == NULL && context_len > 0) || (msg == NULL && msg_len > 0))
        return 0;
    switch (impl->alg) {
    case FC_ED25519:
        return context_len == 0;
    case FC_ED25519CTX:
        return context_len >= 1 && context_len <= 255;
    case FC_ED25519PH:
        return context_len <= 255 && msg_len == 64;
    default:
        return 0;
    }
}

/* out = SHA-512(dom2 || p1 || p2 || msg), dom2 as impl's variant wants (p2 may be NULL) */
static void ed_hash(const fc_impl *impl, uint8_t out[64], const uint8_t *context,
                    size_t context_len, const uint8_t p1[32], const uint8_t *p2,
                    const uint8_t *msg, size_t msg_len)
{
    const fc_hash_ops *h = &fc_soft_sha512.ops.hash;
    sha512_area st;
    h->init(&fc_soft_sha512, &st);
    if (impl->alg != FC_ED25519) {
        uint8_t fc[2];
        fc[0] = impl->alg == FC_ED25519PH ? 1 : 0;
        fc[1] = (uint8_t)context_len;
        h->update(&fc_soft_sha512, &st, dom2_prefix, sizeof(dom2_prefix));
        h->update(&fc_soft_sha512, &st, fc, 2);
        h->update(&fc_soft_sha512, &st, context, context_len);
    }
    h->update(&fc_soft_sha512, &st, p1, 32);
    if (p2 != NULL)
        h->update(&fc_soft_sha512, &st, p2, 32);
    h->update(&fc_soft_sha512, &st, msg, msg_len);
    h->final(&fc_soft_sha512, &st, out); /* wipes st */
}

/* h = SHA-512(seed) with its first half clamped into the secret scalar a (5.1.5); the second
 * half is the nonce's prefix */
static void ed_expand(uint8_t h[64], const uint8_t seed[32])
{
    const fc_hash_ops *ops = &fc_soft_sha512.ops.hash;
    sha512_area st;
    ops->init(&fc_soft_sha512, &st);
    ops->update(&fc_soft_sha512, &st, seed, 32);
    ops->final(&fc_soft_sha512, &st, h);
    h[0] &= 248;
    h[31] &= 127;
    h[31] |= 64;
}

static fc_status ed25519_public_key(const fc_impl *impl, uint8_t *pub, const uint8_t *seed)
{
    uint8_t h[64];
    (void)impl;
    ed_expand(h, seed);
    fc_ge25519_base_tobytes(pub, h);
    fc_zeroize(h, sizeof(h));
    return FC_OK;
}

static fc_status ed25519_sign(const fc_impl *impl, uint8_t *sig, const uint8_t *seed,
                              const uint8_t *pub, const uint8_t *context, size_t context_len,
                              const uint8_t *msg, size_t msg_len)
{
    struct {
        uint8_t a[32];   /* the secret scalar */
        uint8_t r[32];   /* the nonce mod L */
        uint8_t h[64];   /* SHA-512(seed), then the nonce's hash, then the challenge's */
    } s;
    if (!args_ok(impl, context, context_len, msg, msg_len))
        return FC_ERR_ARGUMENT;
    ed_expand(s.h, seed);
    memcpy(s.a, s.h, 32);
    /* the hash reads the prefix in h before it writes h */
    ed_hash(impl, s.h, context, context_len, s.h + 32, NULL, msg, msg_len);
    fc_sc25519_reduce64(s.r, s.h);
    fc_ge25519_base_tobytes(sig, s.r);                                    /* R */
    ed_hash(impl, s.h, context, context_len, sig, pub, msg, msg_len);
    fc_sc25519_reduce64(s.h, s.h);                                        /* k */
    fc_sc25519_muladd(sig + 32, s.h, s.a, s.r);                           /* S = r + k a */
    fc_zeroize(&s, sizeof(s));
    return FC_OK;
}

static fc_status ed25519_verify(const fc_impl *impl, const uint8_t *pub, const uint8_t *context,
                                size_t context_len, const uint8_t *msg, size_t msg_len,
                                const uint8_t *sig)
{
    fc_ge25519 p; /* A, then [S]B - [k]A */
    uint8_t k[64]; /* the challenge's hash, k mod L; then the encoding of [S]B - [k]A */
    if (!args_ok(impl, context, context_len, msg, msg_len))
        return FC_ERR_ARGUMENT;
    if (!fc_sc25519_is_canonical(sig + 32))
        return FC_ERR_VERIFY;
    if (fc_ge25519_frombytes(&p, pub) != 0 || fc_ge25519_is_small_order(&p))
        return FC_ERR_VERIFY;
    ed_hash(impl, k, context, context_len, sig, pub, msg, msg_len);
    fc_sc25519_reduce64(k, k);
    fc_ge25519_double_scalarmult_vartime(&p, k, &p, sig + 32);
    fc_ge25519_tobytes(k, &p);
    /* equal encodings make R canonical and p its point: p's order is R's */
    if (!fc_ct_equal(k, sig, 32) || fc_ge25519_is_small_order(&p))
        return FC_ERR_VERIFY;
    return FC_OK;
}

/* u = (1 + y) / (1 - y) (RFC 7748 4.1); y = 1 is the neutral element, refused as small */
static fc_status ed25519_to_x25519(const fc_impl *impl, uint8_t *u, const uint8_t *pub)
{
    fc_ge25519 a;
    fc_fe25519 one, n, d;
    (void)impl;
    if (fc_ge25519_frombytes(&a, pub) != 0 || fc_ge25519_is_small_order(&a))
        return FC_ERR_POINT;
    fc_fe25519_set_u32(&one, 1);
    fc_fe25519_add(&n, &one, &a.Y);
    fc_fe25519_sub(&d, &one, &a.Y);
    fc_fe25519_invert(&d, &d);
    fc_fe25519_mul(&n, &n, &d);
    fc_fe25519_tobytes(u, &n);
    return FC_OK;
}

const fc_impl fc_soft_ed25519 = {
    .alg = FC_ED25519,
    .flags = FC_IMPL_CONSTANT_TIME | (FC_WITH_CURVE_JOBS ? FC_IMPL_SLICEABLE : 0),
#if FC_WITH_CURVE_JOBS
    .job_state_size = sizeof(ed_job),
    .job = {.start = fc_soft_ed25519_job_start, .run = fc_soft_ed25519_job_run},
#endif
    .ops.eddsa = {.public_key = ed25519_public_key, .sign = ed25519_sign,
                  .verify = ed25519_verify, .to_x25519 = ed25519_to_x25519},
};

const fc_impl fc_soft_ed25519ctx = {
    .alg = FC_ED25519CTX,
    .flags = FC_IMPL_CONSTANT_TIME | (FC_WITH_CURVE_JOBS ? FC_IMPL_SLICEABLE : 0),
#if FC_WITH_CURVE_JOBS
    .job_state_size = sizeof(ed_job),
    .job = {.start = fc_soft_ed25519_job_start, .run = fc_soft_ed25519_job_run},
#endif
    .ops.eddsa = {.public_key = ed25519_public_key, .sign = ed25519_sign,
                  .verify = ed25519_verify},
};

const fc_impl fc_soft_ed25519ph = {
    .alg = FC_ED25519PH,
    .flags = FC_IMPL_CONSTANT_TIME | (FC_WITH_CURVE_JOBS ? FC_IMPL_SLICEABLE : 0),
#if FC_WITH_CURVE_JOBS
    .job_state_size = sizeof(ed_job),
    .job = {.start = fc_soft_ed25519_job_start, .run = fc_soft_ed25519_job_run},
#endif
    .ops.eddsa = {.public_key = ed25519_public_key, .sign = ed25519_sign,
                  .verify = ed25519_verify},
};

#endif /* FC_SOFT_ED25519 */
