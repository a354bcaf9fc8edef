/* The "openssl" provider's AEADs: AES-GCM (SP 800-38D), AES-CCM (SP 800-38C, RFC 3610, BLE's
 * 13-byte nonce and 4-byte MIC) and ChaCha20-Poly1305 (RFC 8439 2.8) through EVP.
 * XChaCha20-Poly1305 is not here: the core builds it over this provider's ChaCha20 (whose
 * HChaCha20 openssl_stream.c derives) and Poly1305.
 *
 * Keyed once: init keys an EVP_CIPHER_CTX (AES key schedule, GHASH table) that stays in the
 * state as a template; each seal and open copies it, sets the nonce length and tag there, and
 * frees the copy, so no message leaves anything behind for the next. (CCM's copy is keyed
 * again: OpenSSL binds its tag and nonce lengths to the key setup.) Opening decrypts into out
 * and reports the tag's verdict last (GCM and ChaCha20-Poly1305 at EVP_CipherFinal, CCM at its
 * one decrypting update); on FC_ERR_VERIFY the core wipes out, so no unauthenticated plaintext
 * is released. OpenSSL compares tags with CRYPTO_memcmp.
 *
 * What OpenSSL cannot take once keyed (a GCM nonce over its 128 bytes, CCM data or associated
 * data longer than EVP's int) cannot be declined either: seal and open of a bound context
 * complete or fail (driver.h). For those the key, also kept in the state, goes to soft's
 * implementation through the public one-shot call: the caller sees the same bytes.
 * Constant time as far as OpenSSL's AES, GHASH, ChaCha20 and Poly1305 are. */
#include <limits.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "openssl.h"

#define OSSL_GCM_MAX_IV 128          /* OpenSSL's GCM_IV_MAX_SIZE */
#define OSSL_CHUNK 0x40000000u       /* EVP lengths are int: streaming modes go in chunks */

typedef struct {
    EVP_CIPHER_CTX *keyed; /* the template each message copies */
    uint32_t key_len;
    uint8_t key[32];       /* for the calls soft runs */
} ossl_aead_state;

FC_STATE_FITS(ossl_aead_state, FC_AEAD_STATE_SIZE);

static const char *aead_name(uint16_t alg, size_t key_len)
{
    if (alg == FC_AES_GCM)
        return key_len == 16 ? "AES-128-GCM" : key_len == 24 ? "AES-192-GCM" : "AES-256-GCM";
    if (alg == FC_AES_CCM)
        return key_len == 16 ? "AES-128-CCM" : key_len == 24 ? "AES-192-CCM" : "AES-256-CCM";
    return "ChaCha20-Poly1305";
}

/* 1 when OpenSSL takes this message (else soft runs it) */
static int ossl_takes(uint16_t alg, size_t nonce_len, size_t aad_len, size_t len)
{
    if (alg == FC_AES_GCM)
        return nonce_len <= OSSL_GCM_MAX_IV;
    if (alg == FC_AES_CCM)
        return aad_len <= INT_MAX && len <= INT_MAX;
    return 1;
}

static fc_status aead_init(const fc_impl *impl, void *state, const uint8_t *key, size_t key_len)
{
    ossl_aead_state *s = state;
    EVP_CIPHER *cipher = EVP_CIPHER_fetch(NULL, aead_name(impl->alg, key_len), NULL);
    EVP_CIPHER_CTX *c = cipher != NULL ? EVP_CIPHER_CTX_new() : NULL;
    if (c != NULL && EVP_CipherInit_ex2(c, cipher, key, NULL, 1, NULL) != 1) {
        EVP_CIPHER_CTX_free(c);
        c = NULL;
    }
    EVP_CIPHER_free(cipher); /* the context keeps its own reference */
    if (c == NULL)
        return FC_ERR_PROVIDER;
    s->keyed = c;
    s->key_len = (uint32_t)key_len;
    memcpy(s->key, key, key_len);
    return FC_OK;
}

static void aead_release(const fc_impl *impl, void *state)
{
    ossl_aead_state *s = state;
    (void)impl;
    EVP_CIPHER_CTX_free(s->keyed); /* OpenSSL wipes its key schedule */
    s->keyed = NULL;
    fc_zeroize(s->key, sizeof(s->key));
}

/* A copy of the keyed template set up for one message in direction enc: nonce, tag length
 * (and, opening, the tag itself) and CCM's message length. NULL on failure. */
static EVP_CIPHER_CTX *message_start(uint16_t alg, const ossl_aead_state *s, int enc,
                                     const uint8_t *nonce, size_t nonce_len, const uint8_t *tag,
                                     size_t tag_len, size_t len)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    OSSL_PARAM params[3], *p = params;
    int ok, n = 0;
    if (c == NULL)
        return NULL;
    if (alg != FC_CHACHA20_POLY1305)
        *p++ = OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &nonce_len);
    /* CCM fixes its tag length before the nonce; opening, every mode takes the tag first */
    if (alg == FC_AES_CCM || !enc)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG,
                                                 enc ? NULL : (void *)tag, tag_len);
    *p = OSSL_PARAM_construct_end();
    /* the direction first (a tag is refused while the copy still encrypts), then the
     * parameters, then the nonce at its new length. The key stays the template's, except
     * CCM's: OpenSSL fixes the tag and length-field sizes in B0's flags when it is keyed,
     * so CCM is keyed again for each message after they are set. */
    ok = EVP_CIPHER_CTX_copy(c, s->keyed) == 1 &&
         EVP_CipherInit_ex2(c, NULL, NULL, NULL, enc, params) == 1 &&
         EVP_CipherInit_ex2(c, NULL, alg == FC_AES_CCM ? s->key : NULL, nonce, enc, NULL) == 1;
    if (ok && alg == FC_AES_CCM) /* CCM's B0 holds the message length */
        ok = EVP_CipherUpdate(c, NULL, &n, NULL, (int)len) == 1;
    if (!ok) {
        EVP_CIPHER_CTX_free(c);
        c = NULL;
    }
    return c;
}

/* Associated data, then the message: in chunks, or (CCM) in one call each. FC_ERR_VERIFY when
 * CCM's decrypting update refuses the tag, FC_ERR_PROVIDER for any other failure. */
static fc_status message_run(uint16_t alg, EVP_CIPHER_CTX *c, int enc, uint8_t *out,
                             const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len)
{
    static const uint8_t none[1];
    uint8_t dummy[1];
    size_t chunk;
    int n = 0;
    while (aad_len > 0) {
        chunk = aad_len > OSSL_CHUNK ? OSSL_CHUNK : aad_len;
        if (EVP_CipherUpdate(c, NULL, &n, aad, (int)chunk) != 1)
            return FC_ERR_PROVIDER;
        aad += chunk, aad_len -= chunk;
    }
    if (alg == FC_AES_CCM) { /* the data in one call, even when empty: it computes the tag */
        if (EVP_CipherUpdate(c, len > 0 ? out : dummy, &n, len > 0 ? in : none, (int)len) == 1)
            return (size_t)n == len ? FC_OK : FC_ERR_PROVIDER;
        return enc ? FC_ERR_PROVIDER : FC_ERR_VERIFY;
    }
    while (len > 0) {
        chunk = len > OSSL_CHUNK ? OSSL_CHUNK : len;
        if (EVP_CipherUpdate(c, out, &n, in, (int)chunk) != 1 || (size_t)n != chunk)
            return FC_ERR_PROVIDER;
        out += chunk, in += chunk, len -= chunk;
    }
    return FC_OK;
}

static fc_status aead_seal(const fc_impl *impl, void *state, uint8_t *out, uint8_t *tag,
                           size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len)
{
    ossl_aead_state *s = state;
    EVP_CIPHER_CTX *c;
    OSSL_PARAM params[2];
    uint8_t last[16];
    fc_status st;
    int n = 0;
    if (!ossl_takes(impl->alg, nonce_len, aad_len, len))
        return fc_aead_encrypt(&fc_provider_soft, (fc_alg)impl->alg, out, tag, tag_len, s->key,
                               s->key_len, nonce, nonce_len, aad, aad_len, in, len);
    c = message_start(impl->alg, s, 1, nonce, nonce_len, NULL, tag_len, len);
    if (c == NULL)
        return FC_ERR_PROVIDER;
    params[0] = OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, tag, tag_len);
    params[1] = OSSL_PARAM_construct_end();
    st = message_run(impl->alg, c, 1, out, aad, aad_len, in, len);
    if (st == FC_OK && (EVP_CipherFinal_ex(c, last, &n) != 1 || n != 0 ||
                        EVP_CIPHER_CTX_get_params(c, params) != 1))
        st = FC_ERR_PROVIDER;
    EVP_CIPHER_CTX_free(c);
    return st;
}

static fc_status aead_open(const fc_impl *impl, void *state, uint8_t *out,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                           size_t aad_len, const uint8_t *in, size_t len, const uint8_t *tag,
                           size_t tag_len)
{
    ossl_aead_state *s = state;
    EVP_CIPHER_CTX *c;
    uint8_t last[16];
    fc_status st;
    int n = 0;
    if (!ossl_takes(impl->alg, nonce_len, aad_len, len))
        return fc_aead_decrypt(&fc_provider_soft, (fc_alg)impl->alg, out, s->key, s->key_len,
                               nonce, nonce_len, aad, aad_len, in, len, tag, tag_len);
    c = message_start(impl->alg, s, 0, nonce, nonce_len, tag, tag_len, len);
    if (c == NULL)
        return FC_ERR_PROVIDER;
    /* CCM verifies in its decrypting update, GCM and ChaCha20-Poly1305 in the final */
    st = message_run(impl->alg, c, 0, out, aad, aad_len, in, len);
    if (st == FC_OK && (EVP_CipherFinal_ex(c, last, &n) != 1 || n != 0))
        st = FC_ERR_VERIFY;
    EVP_CIPHER_CTX_free(c);
    return st;
}

#define OSSL_AEAD(id)                                                                        \
    {                                                                                        \
        .alg = id, .flags = FC_IMPL_CONSTANT_TIME, .state_size = sizeof(ossl_aead_state),    \
        .ops.aead = {.init = aead_init, .seal = aead_seal, .open = aead_open,               \
                     .release = aead_release},                                               \
    }

const fc_impl fc_ossl_aes_gcm = OSSL_AEAD(FC_AES_GCM);
const fc_impl fc_ossl_aes_ccm = OSSL_AEAD(FC_AES_CCM);
const fc_impl fc_ossl_chacha20_poly1305 = OSSL_AEAD(FC_CHACHA20_POLY1305);
