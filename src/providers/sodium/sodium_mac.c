/* The "sodium" provider's MACs: HMAC-SHA-256 and HMAC-SHA-512 (RFC 2104, crypto_auth_hmacsha
 * 256/512 streaming: any key length, longer than a block hashed first as RFC 2104 says) and
 * Poly1305 (RFC 8439 2.5, crypto_onetimeauth_poly1305 streaming). The libsodium states lie in
 * the context's state area: HMAC-SHA-512's (two SHA-512 states, 416 bytes) fills all of it;
 * Poly1305's wants 16-byte alignment, so it lies at the first such address in the area.
 * libsodium wipes each state in its final; the core wipes the area of an abandoned one.
 * Constant time as libsodium's SHA-2 and Poly1305 are. */
#include <stdint.h>

#include <sodium.h>

#include "sodium.h"

#define POLY1305_ALIGN 16

FC_STATE_FITS(crypto_auth_hmacsha256_state, FC_MAC_STATE_SIZE);
#if FC_MAC_STATE_SIZE >= 416
FC_STATE_FITS(crypto_auth_hmacsha512_state, FC_MAC_STATE_SIZE);
#endif
_Static_assert(sizeof(crypto_onetimeauth_poly1305_state) + POLY1305_ALIGN - 8 <=
                   FC_MAC_STATE_SIZE,
               "Poly1305's state, aligned, fits the MAC state area");

/* Poly1305's state in the area (8-byte aligned): the first 16-byte aligned address */
static crypto_onetimeauth_poly1305_state *poly_state(void *state)
{
    uintptr_t a = (uintptr_t)state;
    return (crypto_onetimeauth_poly1305_state *)(void *)((uint8_t *)state +
                                                         ((0u - a) & (POLY1305_ALIGN - 1)));
}

static fc_status mac_init(const fc_impl *impl, void *state, const uint8_t *key, size_t key_len)
{
    static const uint8_t empty[1];
    int r;
    if (!fc_sodium_ready())
        return FC_ERR_PROVIDER;
    if (key_len == 0)
        key = empty; /* HMAC's empty key may be NULL; libsodium declares it non-NULL */
    switch (impl->alg) {
    case FC_HMAC_SHA256:
        r = crypto_auth_hmacsha256_init(state, key, key_len);
        break;
    case FC_HMAC_SHA512:
        r = crypto_auth_hmacsha512_init(state, key, key_len);
        break;
    default: /* Poly1305: the core has checked the 32-byte key */
        r = crypto_onetimeauth_poly1305_init(poly_state(state), key);
        break;
    }
    return r == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status mac_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    int r;
    if (len == 0)
        return FC_OK; /* data may be NULL */
    switch (impl->alg) {
    case FC_HMAC_SHA256:
        r = crypto_auth_hmacsha256_update(state, data, len);
        break;
    case FC_HMAC_SHA512:
        r = crypto_auth_hmacsha512_update(state, data, len);
        break;
    default:
        r = crypto_onetimeauth_poly1305_update(poly_state(state), data, len);
        break;
    }
    return r == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status mac_final(const fc_impl *impl, void *state, uint8_t *tag)
{
    int r;
    switch (impl->alg) {
    case FC_HMAC_SHA256:
        r = crypto_auth_hmacsha256_final(state, tag);
        break;
    case FC_HMAC_SHA512:
        r = crypto_auth_hmacsha512_final(state, tag);
        break;
    default:
        r = crypto_onetimeauth_poly1305_final(poly_state(state), tag);
        break;
    }
    return r == 0 ? FC_OK : FC_ERR_PROVIDER;
}

#define SODIUM_MAC(id, state_type)                                                           \
    {                                                                                        \
        .alg = id, .flags = FC_IMPL_CONSTANT_TIME, .state_size = sizeof(state_type),         \
        .ops.mac = {.init = mac_init, .update = mac_update, .final = mac_final},            \
    }

const fc_impl fc_sodium_hmac_sha256 = SODIUM_MAC(FC_HMAC_SHA256, crypto_auth_hmacsha256_state);
#if FC_MAC_STATE_SIZE >= 416
const fc_impl fc_sodium_hmac_sha512 = SODIUM_MAC(FC_HMAC_SHA512, crypto_auth_hmacsha512_state);
#endif /* else not offered: soft's HMAC runs it */
/* the aligned state and the bytes before it */
const fc_impl fc_sodium_poly1305 = {
    .alg = FC_POLY1305,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(crypto_onetimeauth_poly1305_state) + POLY1305_ALIGN - 8,
    .ops.mac = {.init = mac_init, .update = mac_update, .final = mac_final},
};
