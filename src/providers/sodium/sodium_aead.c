/* The "sodium" provider's AEADs: ChaCha20-Poly1305 (RFC 8439 2.8, crypto_aead_chacha20poly1305
 * _ietf), XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03, crypto_aead_xchacha20poly1305_ietf)
 * and AES-256-GCM (SP 800-38D, crypto_aead_aes256gcm), all detached (the tag apart).
 *
 * libsodium's AES-GCM needs AES-NI and PCLMUL: where crypto_aead_aes256gcm_is_available()
 * says no, or the key is not 32 bytes, init declines and soft keys the context. A keyed
 * context's seal and open cannot decline (driver.h), and libsodium takes GCM only with a
 * 12-byte nonce and a 16-byte tag: for the other lengths aead.h allows, the key, kept in the
 * state, goes to soft's implementation through the public one-shot call (the same bytes).
 *
 * Each message is one libsodium call with the key from the state; libsodium's precomputed
 * AES state (512 bytes) does not fit the AEAD area, so AES-GCM expands its key per message.
 * Opening: libsodium verifies the tag in constant time (before decrypting, for the ChaCha20
 * AEADs) and reports it; the core wipes out on FC_ERR_VERIFY. Constant time as libsodium's
 * ChaCha20, Poly1305 and AES-NI code are. */
#include <string.h>

#include <sodium.h>

#include "sodium.h"

typedef struct {
    uint8_t key[32];
    uint32_t key_len;
} sodium_aead_state;

FC_STATE_FITS(sodium_aead_state, FC_AEAD_STATE_SIZE);

/* a non-NULL pointer for the empty inputs and outputs that aead.h lets be NULL */
static uint8_t empty[1];

static fc_status aead_init(const fc_impl *impl, void *state, const uint8_t *key, size_t key_len)
{
    sodium_aead_state *s = state;
    if (!fc_sodium_ready())
        return FC_ERR_PROVIDER;
    if (impl->alg == FC_AES_GCM && (key_len != 32 || !crypto_aead_aes256gcm_is_available()))
        return FC_ERR_UNSUPPORTED; /* declined: soft runs AES-128/192 and CPUs without AES-NI */
    if (key_len != 32)
        return FC_ERR_LENGTH;
    memcpy(s->key, key, 32);
    s->key_len = (uint32_t)key_len;
    return FC_OK;
}

/* 1 when libsodium takes these lengths (the core has checked them against aead.h) */
static int sodium_takes(uint16_t alg, size_t nonce_len, size_t tag_len)
{
    return alg != FC_AES_GCM || (nonce_len == crypto_aead_aes256gcm_NPUBBYTES &&
                                 tag_len == crypto_aead_aes256gcm_ABYTES);
}

static fc_status aead_seal(const fc_impl *impl, void *state, uint8_t *out, uint8_t *tag,
                           size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len)
{
    sodium_aead_state *s = state;
    unsigned long long mac_len = 0;
    int r;
    if (!sodium_takes(impl->alg, nonce_len, tag_len))
        return fc_aead_encrypt(&fc_provider_soft, (fc_alg)impl->alg, out, tag, tag_len, s->key,
                               s->key_len, nonce, nonce_len, aad, aad_len, in, len);
    if (len == 0)
        out = empty, in = empty;
    if (aad_len == 0)
        aad = empty;
    switch (impl->alg) {
    case FC_CHACHA20_POLY1305:
        r = crypto_aead_chacha20poly1305_ietf_encrypt_detached(out, tag, &mac_len, in, len, aad,
                                                               aad_len, NULL, nonce, s->key);
        break;
    case FC_XCHACHA20_POLY1305:
        r = crypto_aead_xchacha20poly1305_ietf_encrypt_detached(out, tag, &mac_len, in, len, aad,
                                                                aad_len, NULL, nonce, s->key);
        break;
    default:
        r = crypto_aead_aes256gcm_encrypt_detached(out, tag, &mac_len, in, len, aad, aad_len,
                                                   NULL, nonce, s->key);
        break;
    }
    return r == 0 && mac_len == tag_len ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status aead_open(const fc_impl *impl, void *state, uint8_t *out,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                           size_t aad_len, const uint8_t *in, size_t len, const uint8_t *tag,
                           size_t tag_len)
{
    sodium_aead_state *s = state;
    int r;
    if (!sodium_takes(impl->alg, nonce_len, tag_len))
        return fc_aead_decrypt(&fc_provider_soft, (fc_alg)impl->alg, out, s->key, s->key_len,
                               nonce, nonce_len, aad, aad_len, in, len, tag, tag_len);
    if (len == 0)
        out = empty, in = empty;
    if (aad_len == 0)
        aad = empty;
    switch (impl->alg) {
    case FC_CHACHA20_POLY1305:
        r = crypto_aead_chacha20poly1305_ietf_decrypt_detached(out, NULL, in, len, tag, aad,
                                                               aad_len, nonce, s->key);
        break;
    case FC_XCHACHA20_POLY1305:
        r = crypto_aead_xchacha20poly1305_ietf_decrypt_detached(out, NULL, in, len, tag, aad,
                                                                aad_len, nonce, s->key);
        break;
    default:
        r = crypto_aead_aes256gcm_decrypt_detached(out, NULL, in, len, tag, aad, aad_len, nonce,
                                                   s->key);
        break;
    }
    /* libsodium's only failure here is the tag */
    return r == 0 ? FC_OK : FC_ERR_VERIFY;
}

#define SODIUM_AEAD(id)                                                                      \
    {                                                                                        \
        .alg = id, .flags = FC_IMPL_CONSTANT_TIME, .state_size = sizeof(sodium_aead_state),  \
        .ops.aead = {.init = aead_init, .seal = aead_seal, .open = aead_open},              \
    }

const fc_impl fc_sodium_chacha20_poly1305 = SODIUM_AEAD(FC_CHACHA20_POLY1305);
const fc_impl fc_sodium_xchacha20_poly1305 = SODIUM_AEAD(FC_XCHACHA20_POLY1305);
const fc_impl fc_sodium_aes_gcm = SODIUM_AEAD(FC_AES_GCM);
