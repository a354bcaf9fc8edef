/* The "wolfssl" provider's AEADs: AES-GCM (SP 800-38D, wc_AesGcmEncrypt / wc_AesGcmDecrypt),
 * AES-CCM (SP 800-38C, wc_AesCcmEncrypt / wc_AesCcmDecrypt) and ChaCha20-Poly1305 (RFC 8439
 * 2.8, wc_ChaCha20Poly1305_Encrypt / _Decrypt), whole messages.
 *
 * The state keeps the raw key: wolfCrypt's Aes (about 1.1 KiB with GCM's table on a host) does
 * not fit the AEAD area, so each seal and open keys an Aes on its stack and wipes it before
 * returning. Opening: wolfCrypt decrypts into out and reports the tag's verdict
 * (AES_GCM_AUTH_E, AES_CCM_AUTH_E, MAC_CMP_FAILED_E -> FC_ERR_VERIFY; the core then wipes out);
 * it compares tags in constant time (ConstantCompare).
 *
 * What wolfCrypt does not take (GCM tags of 4 and 8 bytes, below its WOLFSSL_MIN_AUTH_TAG_SZ
 * of 12; lengths over its word32) cannot be declined once the context is bound (driver.h): for
 * those the key goes to soft's implementation through the public one-shot call, as the openssl
 * provider does; the caller sees the same bytes. GCM and CCM are not marked constant time
 * (wolfCrypt's table AES and its 4-bit-table GHASH); ChaCha20-Poly1305 is. */
#include <string.h>

#include "wolfssl.h"

#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/chacha20_poly1305.h>

#ifndef WOLFSSL_MIN_AUTH_TAG_SZ
#define WOLFSSL_MIN_AUTH_TAG_SZ 12
#endif

typedef struct {
    uint32_t key_len;
    uint8_t key[32];
} wolf_aead_state;

FC_STATE_FITS(wolf_aead_state, FC_AEAD_STATE_SIZE);

static fc_status aead_init(const fc_impl *impl, void *state, const uint8_t *key, size_t key_len)
{
    wolf_aead_state *s = state;
    if (impl->alg == FC_CHACHA20_POLY1305 ? key_len != 32
                                          : key_len != 16 && key_len != 24 && key_len != 32)
        return FC_ERR_LENGTH;
    s->key_len = (uint32_t)key_len;
    memcpy(s->key, key, key_len);
    return FC_OK;
}

/* 1 when wolfCrypt takes this message (else soft runs it) */
static int wolf_takes(uint16_t alg, size_t tag_len, size_t aad_len, size_t len)
{
    if (aad_len > FC_WOLF_MAX_LEN || len > FC_WOLF_MAX_LEN)
        return 0;
    if (alg == FC_AES_GCM)
        return tag_len >= WOLFSSL_MIN_AUTH_TAG_SZ;
    return 1;
}

/* wolfCrypt's verdicts of a failed open */
static fc_status open_status(int ret)
{
    if (ret == AES_GCM_AUTH_E || ret == AES_CCM_AUTH_E || ret == MAC_CMP_FAILED_E)
        return FC_ERR_VERIFY;
    return ret == 0 ? FC_OK : FC_ERR_PROVIDER;
}

#if defined(HAVE_AESGCM) || defined(HAVE_AESCCM)
/* one message of GCM or CCM with an Aes keyed here; enc: seal (tag written) or open (tag
 * checked) */
static int aes_message(uint16_t alg, const wolf_aead_state *s, int enc, uint8_t *out,
                       uint8_t *tag, const uint8_t *check, size_t tag_len, const uint8_t *nonce,
                       size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in,
                       size_t len)
{
    static const uint8_t none[1];
    uint8_t dummy[1];
    Aes aes;
    int ret = wc_AesInit(&aes, NULL, INVALID_DEVID);
    /* wolfCrypt wants real pointers for empty inputs */
    const uint8_t *a = aad_len > 0 ? aad : none, *i = len > 0 ? in : none;
    uint8_t *o = len > 0 ? out : dummy;
    if (ret == 0) {
#ifdef HAVE_AESGCM
        if (alg == FC_AES_GCM) {
            ret = wc_AesGcmSetKey(&aes, s->key, s->key_len);
            if (ret == 0)
                ret = enc ? wc_AesGcmEncrypt(&aes, o, i, (word32)len, nonce, (word32)nonce_len,
                                             tag, (word32)tag_len, a, (word32)aad_len)
                          : wc_AesGcmDecrypt(&aes, o, i, (word32)len, nonce, (word32)nonce_len,
                                             check, (word32)tag_len, a, (word32)aad_len);
        }
#endif
#ifdef HAVE_AESCCM
        if (alg == FC_AES_CCM) {
            ret = wc_AesCcmSetKey(&aes, s->key, s->key_len);
            if (ret == 0)
                ret = enc ? wc_AesCcmEncrypt(&aes, o, i, (word32)len, nonce, (word32)nonce_len,
                                             tag, (word32)tag_len, a, (word32)aad_len)
                          : wc_AesCcmDecrypt(&aes, o, i, (word32)len, nonce, (word32)nonce_len,
                                             check, (word32)tag_len, a, (word32)aad_len);
        }
#endif
    }
    wc_AesFree(&aes);
    fc_zeroize(&aes, sizeof(aes));
    return ret;
}
#endif

static int chapoly_message(const wolf_aead_state *s, int enc, uint8_t *out, uint8_t *tag,
                           const uint8_t *check, const uint8_t *nonce, const uint8_t *aad,
                           size_t aad_len, const uint8_t *in, size_t len)
{
#if defined(HAVE_CHACHA) && defined(HAVE_POLY1305)
    static const uint8_t none[1];
    uint8_t dummy[1];
    const uint8_t *a = aad_len > 0 ? aad : none, *i = len > 0 ? in : none;
    uint8_t *o = len > 0 ? out : dummy;
    return enc ? wc_ChaCha20Poly1305_Encrypt(s->key, nonce, a, (word32)aad_len, i, (word32)len,
                                             o, tag)
               : wc_ChaCha20Poly1305_Decrypt(s->key, nonce, a, (word32)aad_len, i, (word32)len,
                                             check, o);
#else
    (void)s, (void)enc, (void)out, (void)tag, (void)check, (void)nonce, (void)aad;
    (void)aad_len, (void)in, (void)len;
    return BAD_FUNC_ARG;
#endif
}

static fc_status aead_seal(const fc_impl *impl, void *state, uint8_t *out, uint8_t *tag,
                           size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len)
{
    wolf_aead_state *s = state;
    int ret;
    if (!wolf_takes(impl->alg, tag_len, aad_len, len))
        return fc_aead_encrypt(&fc_provider_soft, (fc_alg)impl->alg, out, tag, tag_len, s->key,
                               s->key_len, nonce, nonce_len, aad, aad_len, in, len);
    if (impl->alg == FC_CHACHA20_POLY1305)
        ret = chapoly_message(s, 1, out, tag, NULL, nonce, aad, aad_len, in, len);
    else
#if defined(HAVE_AESGCM) || defined(HAVE_AESCCM)
        ret = aes_message(impl->alg, s, 1, out, tag, NULL, tag_len, nonce, nonce_len, aad,
                          aad_len, in, len);
#else
        ret = BAD_FUNC_ARG;
#endif
    return ret == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status aead_open(const fc_impl *impl, void *state, uint8_t *out,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                           size_t aad_len, const uint8_t *in, size_t len, const uint8_t *tag,
                           size_t tag_len)
{
    wolf_aead_state *s = state;
    int ret;
    if (!wolf_takes(impl->alg, tag_len, aad_len, len))
        return fc_aead_decrypt(&fc_provider_soft, (fc_alg)impl->alg, out, s->key, s->key_len,
                               nonce, nonce_len, aad, aad_len, in, len, tag, tag_len);
    if (impl->alg == FC_CHACHA20_POLY1305)
        ret = chapoly_message(s, 0, out, NULL, tag, nonce, aad, aad_len, in, len);
    else
#if defined(HAVE_AESGCM) || defined(HAVE_AESCCM)
        ret = aes_message(impl->alg, s, 0, out, NULL, tag, tag_len, nonce, nonce_len, aad,
                          aad_len, in, len);
#else
        ret = BAD_FUNC_ARG;
#endif
    return open_status(ret);
}

#define WOLF_AEAD(id, fl)                                                                    \
    {                                                                                        \
        .alg = id, .flags = fl, .state_size = sizeof(wolf_aead_state),                       \
        .ops.aead = {.init = aead_init, .seal = aead_seal, .open = aead_open},               \
    }

const fc_impl fc_wolf_aes_gcm = WOLF_AEAD(FC_AES_GCM, 0);
const fc_impl fc_wolf_aes_ccm = WOLF_AEAD(FC_AES_CCM, 0);
const fc_impl fc_wolf_chacha20_poly1305 = WOLF_AEAD(FC_CHACHA20_POLY1305, FC_IMPL_CONSTANT_TIME);
