/* The "sodium" provider: a thin adapter to Debian's libsodium, host only. Like "openssl" it
 * checks "soft" against an independent implementation and compares speed; in a host build
 * the registry lists it after openssl and before soft, and its chain is sodium -> soft: soft
 * runs what libsodium lacks (SHA-224/384, SHA-1, MD5, SM3, the block ciphers, CCM, CMAC, the
 * curves but Curve25519, Ed25519ctx/ph, ...) and what this provider declines.
 *
 * libsodium keeps every state in the caller's memory, so nothing here is on the heap: each
 * libsodium state lies in the context's state area (checked at compile time). This file has
 * SHA-256, SHA-512 and X25519; the other families are in sodium_mac.c (HMAC, Poly1305),
 * sodium_aead.c, sodium_stream.c (ChaCha20, Salsa20 and their subkey functions) and
 * sodium_eddsa.c. Constant time as libsodium's code is (its SHA-2 and X25519 are). */
#include <sodium.h>

#include "sodium.h"

FC_STATE_FITS(crypto_hash_sha256_state, FC_HASH_STATE_SIZE);
/* SHA-512's state is 208 bytes: a build whose hash area is smaller (no SHA-384/512 of its
 * own) does not offer it here, and soft declines it too */
#if FC_HASH_STATE_SIZE >= 208
FC_STATE_FITS(crypto_hash_sha512_state, FC_HASH_STATE_SIZE);
#endif

int fc_sodium_ready(void)
{
    /* 0: started now, 1: already started, -1: cannot start */
    return sodium_init() >= 0;
}

/* ---- SHA-256 and SHA-512 (crypto_hash_sha256/512, streaming) ---- */

static fc_status hash_init(const fc_impl *impl, void *state)
{
    if (!fc_sodium_ready())
        return FC_ERR_PROVIDER;
    if (impl->alg == FC_SHA256)
        return crypto_hash_sha256_init(state) == 0 ? FC_OK : FC_ERR_PROVIDER;
    return crypto_hash_sha512_init(state) == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status hash_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    int r;
    if (len == 0)
        return FC_OK; /* data may be NULL */
    r = impl->alg == FC_SHA256 ? crypto_hash_sha256_update(state, data, len)
                               : crypto_hash_sha512_update(state, data, len);
    return r == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status hash_final(const fc_impl *impl, void *state, uint8_t *digest)
{
    /* libsodium wipes the state after the final */
    int r = impl->alg == FC_SHA256 ? crypto_hash_sha256_final(state, digest)
                                   : crypto_hash_sha512_final(state, digest);
    return r == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static const fc_impl sodium_sha256 = {
    .alg = FC_SHA256,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(crypto_hash_sha256_state),
    .ops.hash = {.init = hash_init, .update = hash_update, .final = hash_final},
};

#if FC_HASH_STATE_SIZE >= 208
static const fc_impl sodium_sha512 = {
    .alg = FC_SHA512,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(crypto_hash_sha512_state),
    .ops.hash = {.init = hash_init, .update = hash_update, .final = hash_final},
};
#endif

/* ---- X25519 (crypto_scalarmult, RFC 7748 5: clamping, bit 255 of u ignored) ---- */

static fc_status x25519(const fc_impl *impl, uint8_t *out, const uint8_t *scalar,
                        const uint8_t *u)
{
    (void)impl;
    if (!fc_sodium_ready())
        return FC_ERR_PROVIDER;
    /* libsodium refuses (-1) a u of small order and an all-zero result: both are the result
     * that RFC 7748 6.1 says to refuse, as soft's FC_ERR_ZERO_SHARED */
    return crypto_scalarmult_curve25519(out, scalar, u) == 0 ? FC_OK : FC_ERR_ZERO_SHARED;
}

static fc_status x25519_base(const fc_impl *impl, uint8_t *out, const uint8_t *scalar)
{
    (void)impl;
    if (!fc_sodium_ready())
        return FC_ERR_PROVIDER;
    return crypto_scalarmult_curve25519_base(out, scalar) == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static const fc_impl sodium_x25519 = {
    .alg = FC_X25519,
    .flags = FC_IMPL_CONSTANT_TIME,
    .ops.xdh = {.scalarmult = x25519, .scalarmult_base = x25519_base},
};

static const fc_impl *const impls[] = {
    &sodium_sha256,
#if FC_HASH_STATE_SIZE >= 208
    &sodium_sha512,
#endif
    &fc_sodium_hmac_sha256, /* HKDF, HMAC-DRBG: the core's modes over the HMACs */
#if FC_MAC_STATE_SIZE >= 416
    &fc_sodium_hmac_sha512,
#endif
    &fc_sodium_poly1305,
    &fc_sodium_chacha20, &fc_sodium_salsa20, /* X and H variants: modes over their subkey */
    &fc_sodium_chacha20_poly1305, &fc_sodium_xchacha20_poly1305,
    &fc_sodium_aes_gcm, /* AES-256 with a 12-byte nonce and 16-byte tag, where AES-NI is */
    &sodium_x25519,
    &fc_sodium_ed25519, /* Ed25519ctx, Ed25519ph: soft's */
};

const fc_provider fc_provider_sodium = {
    .name = "sodium",
    .description = "libsodium (host); what it lacks or declines runs on soft",
    .impls = impls,
    .impl_count = sizeof(impls) / sizeof(impls[0]),
    .next = &fc_provider_soft,
};
