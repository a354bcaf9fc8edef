/* The "mbedtls" provider's AEADs, whole messages: AES-GCM (SP 800-38D,
 * mbedtls_gcm_crypt_and_tag / mbedtls_gcm_auth_decrypt), AES-CCM (SP 800-38C,
 * mbedtls_ccm_encrypt_and_tag / mbedtls_ccm_auth_decrypt) and ChaCha20-Poly1305 (RFC 8439 2.8,
 * mbedtls_chachapoly_encrypt_and_tag / mbedtls_chachapoly_auth_decrypt).
 *
 * mbedTLS's GCM context (its AES context and GHASH's tables, over 400 bytes) does not fit the
 * AEAD state area: the state keeps the key, and each message keys a context on the stack, runs
 * and frees it (mbedTLS zeroizes what it frees). The lengths aead.h allows and mbedTLS lacks
 * (CCM's associated data of 0xFF00 bytes or more) go to soft's implementation through the
 * public one-shot call with the stored key, as a keyed context's seal and open cannot decline
 * (driver.h). XChaCha20-Poly1305 (no HChaCha20 in mbedTLS) is not offered.
 *
 * Opening: mbedTLS checks the tag in constant time and reports a mismatch
 * (MBEDTLS_ERR_*_AUTH_FAILED: FC_ERR_VERIFY, and the core wipes out); any other error is
 * FC_ERR_PROVIDER. ChaCha20-Poly1305 is constant time; GCM and CCM are not flagged so:
 * mbedTLS's AES and GHASH use tables where the CPU has no AES and carry-less multiply
 * instructions. */
#include <string.h>

#include "mbedtls.h"

#include <mbedtls/ccm.h>
#include <mbedtls/chachapoly.h>
#include <mbedtls/gcm.h>

typedef struct {
    uint8_t key[32];
    uint32_t key_len;
} mbed_aead_state;

FC_STATE_FITS(mbed_aead_state, FC_AEAD_STATE_SIZE);

/* mbedTLS 2.28 refuses CCM's associated data from this length on */
#define CCM_AAD_LIMIT 0xFF00u

static fc_status aead_init(const fc_impl *impl, void *state, const uint8_t *key, size_t key_len)
{
    mbed_aead_state *s = state;
    if (impl->alg == FC_CHACHA20_POLY1305 ? key_len != 32
                                          : key_len != 16 && key_len != 24 && key_len != 32)
        return FC_ERR_LENGTH;
    memcpy(s->key, key, key_len);
    s->key_len = (uint32_t)key_len;
    return FC_OK;
}

/* 1 when mbedTLS takes these lengths (the core has checked them against aead.h) */
static int mbed_takes(uint16_t alg, size_t aad_len)
{
    return alg != FC_AES_CCM || aad_len < CCM_AAD_LIMIT;
}

static fc_status auth_status(int r, int auth_failed)
{
    return r == 0 ? FC_OK : r == auth_failed ? FC_ERR_VERIFY : FC_ERR_PROVIDER;
}

static fc_status aead_seal(const fc_impl *impl, void *state, uint8_t *out, uint8_t *tag,
                           size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len)
{
    mbed_aead_state *s = state;
    unsigned bits = 8u * s->key_len;
    int r = -1;
    if (!mbed_takes(impl->alg, aad_len))
        return fc_aead_encrypt(&fc_provider_soft, (fc_alg)impl->alg, out, tag, tag_len, s->key,
                               s->key_len, nonce, nonce_len, aad, aad_len, in, len);
    switch (impl->alg) {
#if defined(MBEDTLS_GCM_C)
    case FC_AES_GCM: {
        mbedtls_gcm_context gcm;
        mbedtls_gcm_init(&gcm);
        r = mbedtls_gcm_setkey(&gcm, MBEDTLS_CIPHER_ID_AES, s->key, bits);
        if (r == 0)
            r = mbedtls_gcm_crypt_and_tag(&gcm, MBEDTLS_GCM_ENCRYPT, len, nonce, nonce_len, aad,
                                          aad_len, in, out, tag_len, tag);
        mbedtls_gcm_free(&gcm);
        break;
    }
#endif
#if defined(MBEDTLS_CCM_C)
    case FC_AES_CCM: {
        mbedtls_ccm_context ccm;
        mbedtls_ccm_init(&ccm);
        r = mbedtls_ccm_setkey(&ccm, MBEDTLS_CIPHER_ID_AES, s->key, bits);
        if (r == 0)
            r = mbedtls_ccm_encrypt_and_tag(&ccm, len, nonce, nonce_len, aad, aad_len, in, out,
                                            tag, tag_len);
        mbedtls_ccm_free(&ccm);
        break;
    }
#endif
#if defined(MBEDTLS_CHACHAPOLY_C)
    case FC_CHACHA20_POLY1305: {
        mbedtls_chachapoly_context cp;
        mbedtls_chachapoly_init(&cp);
        r = mbedtls_chachapoly_setkey(&cp, s->key);
        if (r == 0)
            r = mbedtls_chachapoly_encrypt_and_tag(&cp, len, nonce, aad, aad_len, in, out, tag);
        mbedtls_chachapoly_free(&cp);
        break;
    }
#endif
    default:
        break;
    }
    return r == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status aead_open(const fc_impl *impl, void *state, uint8_t *out,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                           size_t aad_len, const uint8_t *in, size_t len, const uint8_t *tag,
                           size_t tag_len)
{
    mbed_aead_state *s = state;
    unsigned bits = 8u * s->key_len;
    fc_status st = FC_ERR_PROVIDER;
    int r;
    if (!mbed_takes(impl->alg, aad_len))
        return fc_aead_decrypt(&fc_provider_soft, (fc_alg)impl->alg, out, s->key, s->key_len,
                               nonce, nonce_len, aad, aad_len, in, len, tag, tag_len);
    switch (impl->alg) {
#if defined(MBEDTLS_GCM_C)
    case FC_AES_GCM: {
        mbedtls_gcm_context gcm;
        mbedtls_gcm_init(&gcm);
        r = mbedtls_gcm_setkey(&gcm, MBEDTLS_CIPHER_ID_AES, s->key, bits);
        if (r == 0)
            r = mbedtls_gcm_auth_decrypt(&gcm, len, nonce, nonce_len, aad, aad_len, tag,
                                         tag_len, in, out);
        mbedtls_gcm_free(&gcm);
        st = auth_status(r, MBEDTLS_ERR_GCM_AUTH_FAILED);
        break;
    }
#endif
#if defined(MBEDTLS_CCM_C)
    case FC_AES_CCM: {
        mbedtls_ccm_context ccm;
        mbedtls_ccm_init(&ccm);
        r = mbedtls_ccm_setkey(&ccm, MBEDTLS_CIPHER_ID_AES, s->key, bits);
        if (r == 0)
            r = mbedtls_ccm_auth_decrypt(&ccm, len, nonce, nonce_len, aad, aad_len, in, out,
                                         tag, tag_len);
        mbedtls_ccm_free(&ccm);
        st = auth_status(r, MBEDTLS_ERR_CCM_AUTH_FAILED);
        break;
    }
#endif
#if defined(MBEDTLS_CHACHAPOLY_C)
    case FC_CHACHA20_POLY1305: {
        mbedtls_chachapoly_context cp;
        mbedtls_chachapoly_init(&cp);
        r = mbedtls_chachapoly_setkey(&cp, s->key);
        if (r == 0)
            r = mbedtls_chachapoly_auth_decrypt(&cp, len, nonce, aad, aad_len, tag, in, out);
        mbedtls_chachapoly_free(&cp);
        st = auth_status(r, MBEDTLS_ERR_CHACHAPOLY_AUTH_FAILED);
        break;
    }
#endif
    default:
        break;
    }
    (void)r;
    return st;
}

#define MBED_AEAD(id, fl)                                                                    \
    {                                                                                        \
        .alg = id, .flags = fl, .state_size = sizeof(mbed_aead_state),                       \
        .ops.aead = {.init = aead_init, .seal = aead_seal, .open = aead_open},              \
    }

const fc_impl fc_mbedtls_aes_gcm = MBED_AEAD(FC_AES_GCM, 0);
const fc_impl fc_mbedtls_aes_ccm = MBED_AEAD(FC_AES_CCM, 0);
const fc_impl fc_mbedtls_chacha20_poly1305 =
    MBED_AEAD(FC_CHACHA20_POLY1305, FC_IMPL_CONSTANT_TIME);
