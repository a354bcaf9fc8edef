/* The "sodium" provider's Ed25519 (RFC 8032 5.1): crypto_sign_ed25519_seed_keypair,
 * crypto_sign_ed25519_detached and crypto_sign_ed25519_verify_detached. Ed25519ctx and
 * Ed25519ph are soft's (libsodium's "ed25519ph" takes no context string), and so is the
 * conversion to X25519 (to_x25519 NULL): libsodium's crypto_sign_ed25519_pk_to_curve25519 also
 * refuses keys outside the prime-order subgroup, which eddsa.h accepts.
 *
 * Signing hands libsodium the secret key seed || pub with the pub the core passes, which
 * libsodium uses as A in RFC 8032 5.1.6's hash as soft does: the same signature for the same
 * inputs. The 64-byte secret key on the stack is wiped on the way out.
 *
 * Verification: eddsa.h's strict rules are libsodium's (1.0.18 without ED25519_COMPAT: S < L,
 * A canonical and not of small order, R not of small order, the cofactorless equation checked
 * by comparing R with the encoding of [S]B - [k]A). So that the verdict does not hang on how
 * a given libsodium was built, this file refuses on the public bytes first what eddsa.h
 * refuses: S >= L; a public key or R whose y (bit 255 cleared) is >= p; a public key or R
 * whose y is that of one of the eight points of small order (y = 0, 1, p - 1 and the two of
 * order 8; x = 0 with the sign bit set has y = 1 or p - 1). Constant time in the seed as
 * libsodium's signing is; verification handles public data. */
#include <string.h>

#include <sodium.h>

#include "sodium.h"

/* y (little-endian, bit 255 cleared) of the points of order 1, 2, 4 and 8 (RFC 7748 and the
 * curve's 8-torsion: y = 0, 1, p - 1, and the pair of order 8 that add up to p) */
static const uint8_t small_order_y[5][32] = {
    {0},
    {1},
    {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0x7f},
    {0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98,
     0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53,
     0xfc, 0x05},
    {0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67,
     0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac,
     0x03, 0x7a},
};

/* p = 2^255 - 19 and L = 2^252 + 27742317777372353535851937790883648493 (RFC 8032 5.1),
 * little-endian */
static const uint8_t field_prime[32] = {
    0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
static const uint8_t group_order[32] = {
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10};

/* 1 when the little-endian a < b (32 bytes; public data) */
static int below(const uint8_t *a, const uint8_t *b)
{
    int i;
    for (i = 31; i >= 0; i--)
        if (a[i] != b[i])
            return a[i] < b[i];
    return 0;
}

/* 1 when enc has a canonical y of no point of small order; whether it decodes is libsodium's
 * check */
static int point_acceptable(const uint8_t enc[32])
{
    uint8_t y[32];
    size_t i;
    memcpy(y, enc, 32);
    y[31] &= 0x7f;
    if (!below(y, field_prime))
        return 0;
    for (i = 0; i < sizeof(small_order_y) / sizeof(small_order_y[0]); i++)
        if (memcmp(y, small_order_y[i], 32) == 0)
            return 0;
    return 1;
}

static fc_status eddsa_public_key(const fc_impl *impl, uint8_t *pub, const uint8_t *seed)
{
    uint8_t sk[crypto_sign_ed25519_SECRETKEYBYTES];
    int r;
    (void)impl;
    if (!fc_sodium_ready())
        return FC_ERR_PROVIDER;
    r = crypto_sign_ed25519_seed_keypair(pub, sk, seed);
    fc_zeroize(sk, sizeof(sk));
    return r == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status eddsa_sign(const fc_impl *impl, uint8_t *sig, const uint8_t *seed,
                            const uint8_t *pub, const uint8_t *context, size_t context_len,
                            const uint8_t *msg, size_t msg_len)
{
    static const uint8_t empty[1];
    uint8_t sk[crypto_sign_ed25519_SECRETKEYBYTES];
    int r;
    (void)context;
    if (impl->alg != FC_ED25519 || context_len != 0)
        return FC_ERR_UNSUPPORTED;
    if (!fc_sodium_ready())
        return FC_ERR_PROVIDER;
    memcpy(sk, seed, 32);
    memcpy(sk + 32, pub, 32);
    r = crypto_sign_ed25519_detached(sig, NULL, msg_len > 0 ? msg : empty, msg_len, sk);
    fc_zeroize(sk, sizeof(sk));
    return r == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status eddsa_verify(const fc_impl *impl, const uint8_t *pub, const uint8_t *context,
                              size_t context_len, const uint8_t *msg, size_t msg_len,
                              const uint8_t *sig)
{
    static const uint8_t empty[1];
    (void)context;
    if (impl->alg != FC_ED25519 || context_len != 0)
        return FC_ERR_UNSUPPORTED;
    if (!fc_sodium_ready())
        return FC_ERR_PROVIDER;
    /* eddsa.h's refusals, on public bytes: S < L, A and R canonical and not of small order */
    if (!below(sig + 32, group_order) || !point_acceptable(pub) || !point_acceptable(sig))
        return FC_ERR_VERIFY;
    /* -1 for every other failure too: a public key that does not decode is FC_ERR_VERIFY */
    return crypto_sign_ed25519_verify_detached(sig, msg_len > 0 ? msg : empty, msg_len, pub) == 0
               ? FC_OK
               : FC_ERR_VERIFY;
}

const fc_impl fc_sodium_ed25519 = {
    .alg = FC_ED25519,
    .flags = FC_IMPL_CONSTANT_TIME,
    .ops.eddsa = {.public_key = eddsa_public_key, .sign = eddsa_sign, .verify = eddsa_verify,
                  .to_x25519 = NULL},
};
