/* The "openssl" provider: a thin adapter to Debian's libcrypto (OpenSSL 3), host only.
 * It exists to check "soft" against an independent implementation and to compare speed.
 * OpenSSL allocates its own contexts on the heap; fieldcrypt keeps only the handle. */
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/proverr.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "fieldcrypt/fieldcrypt.h"

static const char *const md_names[FC_HASH_ALG_COUNT] = {"SHA224", "SHA256", "SHA384", "SHA512"};

/* ---- hash ---- */

static fc_status ossl_hash_init(fc_hash_ctx *ctx)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    if (md == NULL)
        return FC_ERR_PROVIDER;
    if (EVP_DigestInit_ex2(md, EVP_get_digestbyname(md_names[ctx->alg]), NULL) != 1) {
        EVP_MD_CTX_free(md);
        return FC_ERR_PROVIDER;
    }
    ctx->st.handle = md;
    return FC_OK;
}

static fc_status ossl_hash_update(fc_hash_ctx *ctx, const uint8_t *data, size_t len)
{
    return EVP_DigestUpdate((EVP_MD_CTX *)ctx->st.handle, data, len) == 1 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status ossl_hash_final(fc_hash_ctx *ctx, uint8_t *out)
{
    return EVP_DigestFinal_ex((EVP_MD_CTX *)ctx->st.handle, out, NULL) == 1 ? FC_OK : FC_ERR_PROVIDER;
}

static void ossl_hash_release(fc_hash_ctx *ctx)
{
    EVP_MD_CTX_free((EVP_MD_CTX *)ctx->st.handle);
    ctx->st.handle = NULL;
}

static const fc_hash_vt ossl_hash_vt = {ossl_hash_init, ossl_hash_update, ossl_hash_final,
                                        ossl_hash_release};

/* ---- HMAC (EVP_MAC) ---- */

static fc_status ossl_hmac_init(fc_hmac_ctx *ctx, const uint8_t *key, size_t key_len)
{
    static const uint8_t empty[1] = {0};
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    EVP_MAC_CTX *mc = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM params[2];
    EVP_MAC_free(mac); /* the context keeps its own reference */
    if (mc == NULL)
        return FC_ERR_PROVIDER;
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)md_names[ctx->alg], 0);
    params[1] = OSSL_PARAM_construct_end();
    /* OpenSSL rejects a NULL key pointer even for length 0; RFC 2104 allows an empty key. */
    if (EVP_MAC_init(mc, key_len > 0 ? key : empty, key_len, params) != 1) {
        EVP_MAC_CTX_free(mc);
        return FC_ERR_PROVIDER;
    }
    ctx->inner.handle = mc;
    return FC_OK;
}

static fc_status ossl_hmac_update(fc_hmac_ctx *ctx, const uint8_t *data, size_t len)
{
    return EVP_MAC_update((EVP_MAC_CTX *)ctx->inner.handle, data, len) == 1 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status ossl_hmac_final(fc_hmac_ctx *ctx, uint8_t *out)
{
    size_t out_len = 0;
    return EVP_MAC_final((EVP_MAC_CTX *)ctx->inner.handle, out, &out_len, FC_HASH_MAX_LEN) == 1
               ? FC_OK
               : FC_ERR_PROVIDER;
}

static void ossl_hmac_release(fc_hmac_ctx *ctx)
{
    EVP_MAC_CTX_free((EVP_MAC_CTX *)ctx->inner.handle);
    ctx->inner.handle = NULL;
}

static const fc_hmac_vt ossl_hmac_vt = {ossl_hmac_init, ossl_hmac_update, ossl_hmac_final,
                                        ossl_hmac_release};

/* ---- HKDF (EVP_KDF, extract-only and expand-only modes) ---- */

static fc_status ossl_hkdf_run(fc_hash_alg alg, int mode, const uint8_t *salt, size_t salt_len,
                               const uint8_t *key, size_t key_len, const uint8_t *info,
                               size_t info_len, uint8_t *out, size_t out_len)
{
    static uint8_t empty[1];
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    EVP_KDF_CTX *kc = kdf != NULL ? EVP_KDF_CTX_new(kdf) : NULL;
    OSSL_PARAM params[6], *p = params;
    int ok;
    EVP_KDF_free(kdf);
    if (kc == NULL)
        return FC_ERR_PROVIDER;
    *p++ = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_MODE, &mode);
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)md_names[alg], 0);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, key_len ? (void *)key : empty,
                                             key_len);
    if (salt_len > 0)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt, salt_len);
    if (info_len > 0)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)info, info_len);
    *p = OSSL_PARAM_construct_end();
    ok = EVP_KDF_derive(kc, out, out_len, params);
    EVP_KDF_CTX_free(kc);
    return ok == 1 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status ossl_hkdf_extract(fc_hash_alg alg, const uint8_t *salt, size_t salt_len,
                                   const uint8_t *ikm, size_t ikm_len, uint8_t *prk)
{
    return ossl_hkdf_run(alg, EVP_KDF_HKDF_MODE_EXTRACT_ONLY, salt, salt_len, ikm, ikm_len, NULL, 0,
                         prk, fc_hash_digest_len(alg));
}

static fc_status ossl_hkdf_expand(fc_hash_alg alg, const uint8_t *prk, size_t prk_len,
                                  const uint8_t *info, size_t info_len, uint8_t *okm, size_t okm_len)
{
    return ossl_hkdf_run(alg, EVP_KDF_HKDF_MODE_EXPAND_ONLY, NULL, 0, prk, prk_len, info, info_len,
                         okm, okm_len);
}

static const fc_hkdf_vt ossl_hkdf_vt = {ossl_hkdf_extract, ossl_hkdf_expand};

/* ---- X25519 (EVP_PKEY derive) ---- */

static fc_status ossl_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
    EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, scalar, 32);
    EVP_PKEY *peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, u, 32);
    EVP_PKEY_CTX *dc = priv != NULL ? EVP_PKEY_CTX_new(priv, NULL) : NULL;
    size_t len = 32;
    fc_status st = FC_ERR_PROVIDER;
    if (dc != NULL && peer != NULL && EVP_PKEY_derive_init(dc) == 1 &&
        EVP_PKEY_derive_set_peer_ex(dc, peer, 0) == 1) {
        if (EVP_PKEY_derive(dc, out, &len) == 1 && len == 32) {
            st = FC_OK;
        } else {
            /* OpenSSL refuses an all-zero result with this reason; anything else is a failure */
            unsigned long e = ERR_peek_last_error();
            st = ERR_GET_LIB(e) == ERR_LIB_PROV && ERR_GET_REASON(e) == PROV_R_FAILED_DURING_DERIVATION
                     ? FC_ERR_ZERO_SHARED
                     : FC_ERR_PROVIDER;
        }
        ERR_clear_error();
    }
    EVP_PKEY_CTX_free(dc);
    EVP_PKEY_free(peer);
    EVP_PKEY_free(priv);
    return st;
}

static fc_status ossl_x25519_base(uint8_t out[32], const uint8_t scalar[32])
{
    EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, scalar, 32);
    size_t len = 32;
    int ok = priv != NULL && EVP_PKEY_get_raw_public_key(priv, out, &len) == 1 && len == 32;
    EVP_PKEY_free(priv);
    return ok ? FC_OK : FC_ERR_PROVIDER;
}

static const fc_x25519_vt ossl_x25519_vt = {ossl_x25519, ossl_x25519_base, NULL};

const fc_provider fc_provider_openssl = {
    "openssl",
    "OpenSSL 3 libcrypto (host; no Salsa20, no Elligator2)",
    {&ossl_hash_vt, &ossl_hash_vt, &ossl_hash_vt, &ossl_hash_vt},
    {&ossl_hmac_vt, &ossl_hmac_vt, &ossl_hmac_vt, &ossl_hmac_vt},
    &ossl_hkdf_vt,
    NULL,
    &ossl_x25519_vt,
    NULL, /* x19119: OpenSSL has no Curve19119 */
};
