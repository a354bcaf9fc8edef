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
#include "../ed25519_strict.h"

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
    if (!ed25519_strict_ok(pub, sig))
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
