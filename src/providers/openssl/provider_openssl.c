/* The "openssl" provider: a thin adapter to Debian's libcrypto (OpenSSL 3), host only.
 * It exists to check "soft" against an independent implementation and to compare speed, and
 * heads the default chain of a host build (openssl -> soft): soft runs what it lacks (Salsa20,
 * the Elligator2 maps, Curve19119, CTR32, Ed25519ctx and Ed25519ph, ECDSA signing with the
 * core's nonce) and what it declines. OpenSSL allocates its own contexts
 * on the heap; fieldcrypt keeps only the handle in the context's state area. Constant time as
 * far as OpenSSL's own code is (its SHA-2, HMAC, X25519 and X448 are). The other families are
 * in their own files: openssl_cipher.c (block ciphers), openssl_aead.c, openssl_mac.c (CMAC,
 * Poly1305), openssl_stream.c (ChaCha20), openssl_wrap.c, openssl_ec.c, openssl_eddsa.c,
 * openssl_rsa.c (the raw RSA operations and key generation). */
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/proverr.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "openssl.h"

/* OpenSSL's HKDF keeps its info in a buffer of 32 KiB (HKDF_MAXINFO): longer, it fails. */
#define OSSL_HKDF_MAX_INFO 32768

typedef struct {
    void *handle;                      /* EVP_MD_CTX or EVP_MAC_CTX */
} ossl_state;

FC_STATE_FITS(ossl_state, FC_HASH_STATE_SIZE);
FC_STATE_FITS(ossl_state, FC_MAC_STATE_SIZE);

/* the digest name of a hash, HMAC or HKDF algorithm */
static const char *md_name(uint16_t alg)
{
    switch (alg) {
    case FC_SHA224: case FC_HMAC_SHA224: case FC_HKDF_SHA224: return "SHA224";
    case FC_SHA256: case FC_HMAC_SHA256: case FC_HKDF_SHA256: return "SHA256";
    case FC_SHA384: case FC_HMAC_SHA384: case FC_HKDF_SHA384: return "SHA384";
    case FC_SHA1: case FC_HMAC_SHA1: case FC_HKDF_SHA1: return "SHA1";
    case FC_MD5: case FC_HMAC_MD5: case FC_HKDF_MD5: return "MD5";
    case FC_SM3: case FC_HMAC_SM3: case FC_HKDF_SM3: return "SM3";
    default: return "SHA512";
    }
}

static size_t md_len(uint16_t alg)
{
    fc_alg_info info;
    return fc_alg_get((fc_alg)alg, &info) == FC_OK ? info.out_len : 0;
}

/* ---- hash ---- */

static fc_status ossl_hash_init(const fc_impl *impl, void *state)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    if (md == NULL)
        return FC_ERR_PROVIDER;
    if (EVP_DigestInit_ex2(md, EVP_get_digestbyname(md_name(impl->alg)), NULL) != 1) {
        EVP_MD_CTX_free(md);
        return FC_ERR_PROVIDER;
    }
    ((ossl_state *)state)->handle = md;
    return FC_OK;
}

static fc_status ossl_hash_update(const fc_impl *impl, void *state, const uint8_t *data,
                                  size_t len)
{
    (void)impl;
    return EVP_DigestUpdate((EVP_MD_CTX *)((ossl_state *)state)->handle, data, len) == 1
               ? FC_OK
               : FC_ERR_PROVIDER;
}

static fc_status ossl_hash_final(const fc_impl *impl, void *state, uint8_t *digest)
{
    (void)impl;
    return EVP_DigestFinal_ex((EVP_MD_CTX *)((ossl_state *)state)->handle, digest, NULL) == 1
               ? FC_OK
               : FC_ERR_PROVIDER;
}

static void ossl_hash_release(const fc_impl *impl, void *state)
{
    (void)impl;
    EVP_MD_CTX_free((EVP_MD_CTX *)((ossl_state *)state)->handle);
    ((ossl_state *)state)->handle = NULL;
}

#define OSSL_HASH(id)                                                                        \
    {                                                                                        \
        .alg = id, .flags = FC_IMPL_CONSTANT_TIME, .state_size = sizeof(ossl_state),         \
        .ops.hash = {.init = ossl_hash_init, .update = ossl_hash_update,                    \
                     .final = ossl_hash_final, .release = ossl_hash_release},               \
    }

static const fc_impl ossl_sha224 = OSSL_HASH(FC_SHA224);
static const fc_impl ossl_sha256 = OSSL_HASH(FC_SHA256);
static const fc_impl ossl_sha384 = OSSL_HASH(FC_SHA384);
static const fc_impl ossl_sha512 = OSSL_HASH(FC_SHA512);
static const fc_impl ossl_sha1 = OSSL_HASH(FC_SHA1);
static const fc_impl ossl_md5 = OSSL_HASH(FC_MD5);
static const fc_impl ossl_sm3 = OSSL_HASH(FC_SM3);

/* ---- HMAC (EVP_MAC) ---- */

static fc_status ossl_hmac_init(const fc_impl *impl, void *state, const uint8_t *key,
                                size_t key_len)
{
    static const uint8_t empty[1] = {0};
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    EVP_MAC_CTX *mc = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM params[2];
    EVP_MAC_free(mac); /* the context keeps its own reference */
    if (mc == NULL)
        return FC_ERR_PROVIDER;
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
                                                 (char *)md_name(impl->alg), 0);
    params[1] = OSSL_PARAM_construct_end();
    /* OpenSSL rejects a NULL key pointer even for length 0; RFC 2104 allows an empty key. */
    if (EVP_MAC_init(mc, key_len > 0 ? key : empty, key_len, params) != 1) {
        EVP_MAC_CTX_free(mc);
        return FC_ERR_PROVIDER;
    }
    ((ossl_state *)state)->handle = mc;
    return FC_OK;
}

static fc_status ossl_hmac_update(const fc_impl *impl, void *state, const uint8_t *data,
                                  size_t len)
{
    (void)impl;
    return EVP_MAC_update((EVP_MAC_CTX *)((ossl_state *)state)->handle, data, len) == 1
               ? FC_OK
               : FC_ERR_PROVIDER;
}

static fc_status ossl_hmac_final(const fc_impl *impl, void *state, uint8_t *tag)
{
    size_t out_len = 0;
    return EVP_MAC_final((EVP_MAC_CTX *)((ossl_state *)state)->handle, tag, &out_len,
                         md_len(impl->alg)) == 1
               ? FC_OK
               : FC_ERR_PROVIDER;
}

static void ossl_hmac_release(const fc_impl *impl, void *state)
{
    (void)impl;
    EVP_MAC_CTX_free((EVP_MAC_CTX *)((ossl_state *)state)->handle);
    ((ossl_state *)state)->handle = NULL;
}

#define OSSL_HMAC(id)                                                                        \
    {                                                                                        \
        .alg = id, .flags = FC_IMPL_CONSTANT_TIME, .state_size = sizeof(ossl_state),         \
        .ops.mac = {.init = ossl_hmac_init, .update = ossl_hmac_update,                     \
                    .final = ossl_hmac_final, .release = ossl_hmac_release},                \
    }

static const fc_impl ossl_hmac_sha224 = OSSL_HMAC(FC_HMAC_SHA224);
static const fc_impl ossl_hmac_sha256 = OSSL_HMAC(FC_HMAC_SHA256);
static const fc_impl ossl_hmac_sha384 = OSSL_HMAC(FC_HMAC_SHA384);
static const fc_impl ossl_hmac_sha512 = OSSL_HMAC(FC_HMAC_SHA512);
static const fc_impl ossl_hmac_sha1 = OSSL_HMAC(FC_HMAC_SHA1);
static const fc_impl ossl_hmac_md5 = OSSL_HMAC(FC_HMAC_MD5);
static const fc_impl ossl_hmac_sm3 = OSSL_HMAC(FC_HMAC_SM3);

/* ---- HKDF (EVP_KDF, extract-only and expand-only modes) ---- */

static fc_status ossl_hkdf_run(uint16_t alg, int mode, uint8_t *out, size_t out_len,
                               const uint8_t *salt, size_t salt_len, const uint8_t *key,
                               size_t key_len, const uint8_t *info, size_t info_len)
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
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)md_name(alg), 0);
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

static fc_status ossl_hkdf_extract(const fc_impl *impl, uint8_t *prk, const uint8_t *salt,
                                   size_t salt_len, const uint8_t *ikm, size_t ikm_len)
{
    return ossl_hkdf_run(impl->alg, EVP_KDF_HKDF_MODE_EXTRACT_ONLY, prk, md_len(impl->alg), salt,
                         salt_len, ikm, ikm_len, NULL, 0);
}

static fc_status ossl_hkdf_expand(const fc_impl *impl, uint8_t *okm, size_t okm_len,
                                  const uint8_t *prk, size_t prk_len, const uint8_t *info,
                                  size_t info_len)
{
    if (info_len > OSSL_HKDF_MAX_INFO)
        return FC_ERR_UNSUPPORTED; /* declined: the next provider of the chain takes it */
    return ossl_hkdf_run(impl->alg, EVP_KDF_HKDF_MODE_EXPAND_ONLY, okm, okm_len, NULL, 0, prk,
                         prk_len, info, info_len);
}

#define OSSL_HKDF(id)                                                                        \
    {                                                                                        \
        .alg = id, .flags = FC_IMPL_CONSTANT_TIME,                                           \
        .ops.kdf = {.extract = ossl_hkdf_extract, .expand = ossl_hkdf_expand},              \
    }

static const fc_impl ossl_hkdf_sha224 = OSSL_HKDF(FC_HKDF_SHA224);
static const fc_impl ossl_hkdf_sha256 = OSSL_HKDF(FC_HKDF_SHA256);
static const fc_impl ossl_hkdf_sha384 = OSSL_HKDF(FC_HKDF_SHA384);
static const fc_impl ossl_hkdf_sha512 = OSSL_HKDF(FC_HKDF_SHA512);
static const fc_impl ossl_hkdf_sha1 = OSSL_HKDF(FC_HKDF_SHA1);
static const fc_impl ossl_hkdf_sm3 = OSSL_HKDF(FC_HKDF_SM3);

/* ---- X25519 and X448 (EVP_PKEY derive) ---- */

static int xdh_type(uint16_t alg)
{
    return alg == FC_X448 ? EVP_PKEY_X448 : EVP_PKEY_X25519;
}

static fc_status ossl_xdh(const fc_impl *impl, uint8_t *out, const uint8_t *scalar,
                          const uint8_t *u)
{
    size_t n = md_len(impl->alg), len = n;
    EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(xdh_type(impl->alg), NULL, scalar, n);
    EVP_PKEY *peer = EVP_PKEY_new_raw_public_key(xdh_type(impl->alg), NULL, u, n);
    EVP_PKEY_CTX *dc = priv != NULL ? EVP_PKEY_CTX_new(priv, NULL) : NULL;
    fc_status st = FC_ERR_PROVIDER;
    if (dc != NULL && peer != NULL && EVP_PKEY_derive_init(dc) == 1 &&
        EVP_PKEY_derive_set_peer_ex(dc, peer, 0) == 1) {
        if (EVP_PKEY_derive(dc, out, &len) == 1 && len == n) {
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

static fc_status ossl_xdh_base(const fc_impl *impl, uint8_t *out, const uint8_t *scalar)
{
    size_t n = md_len(impl->alg), len = n;
    EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(xdh_type(impl->alg), NULL, scalar, n);
    int ok = priv != NULL && EVP_PKEY_get_raw_public_key(priv, out, &len) == 1 && len == n;
    EVP_PKEY_free(priv);
    return ok ? FC_OK : FC_ERR_PROVIDER;
}

static const fc_impl ossl_x25519_impl = {
    .alg = FC_X25519,
    .flags = FC_IMPL_CONSTANT_TIME,
    .ops.xdh = {.scalarmult = ossl_xdh, .scalarmult_base = ossl_xdh_base},
};

static const fc_impl ossl_x448_impl = {
    .alg = FC_X448,
    .flags = FC_IMPL_CONSTANT_TIME,
    .ops.xdh = {.scalarmult = ossl_xdh, .scalarmult_base = ossl_xdh_base},
};

static const fc_impl *const impls[] = {
    &ossl_sha224, &ossl_sha256, &ossl_sha384, &ossl_sha512, &ossl_sha1, &ossl_md5, &ossl_sm3,
    &ossl_hmac_sha224, &ossl_hmac_sha256, &ossl_hmac_sha384, &ossl_hmac_sha512,
    &ossl_hmac_sha1, &ossl_hmac_md5, &ossl_hmac_sm3,
    &ossl_hkdf_sha224, &ossl_hkdf_sha256, &ossl_hkdf_sha384, &ossl_hkdf_sha512,
    &ossl_hkdf_sha1, &ossl_hkdf_sm3, /* HKDF-MD5: the core's HKDF over OpenSSL's HMAC-MD5 */
    &ossl_x25519_impl, &ossl_x448_impl,
    &fc_ossl_aes, &fc_ossl_des, &fc_ossl_tdes,
    &fc_ossl_aes_gcm, &fc_ossl_aes_ccm, &fc_ossl_chacha20_poly1305, /* XChaCha20-Poly1305: */
    &fc_ossl_aes_cmac, &fc_ossl_poly1305, /* the core's mode over ChaCha20 and Poly1305 */
    &fc_ossl_chacha20, /* XChaCha20, HChaCha20: the core's modes over its subkey function */
    &fc_ossl_aes_kw, &fc_ossl_aes_kwp,
    &fc_ossl_secp192r1, &fc_ossl_secp224r1, &fc_ossl_secp256r1, &fc_ossl_secp384r1,
    &fc_ossl_secp521r1, &fc_ossl_secp192k1, &fc_ossl_secp224k1, &fc_ossl_secp256k1,
    &fc_ossl_brainpoolp256r1, &fc_ossl_brainpoolp384r1, &fc_ossl_brainpoolp512r1,
    &fc_ossl_ed25519, /* Ed25519ctx, Ed25519ph: not in OpenSSL 3.0, soft's */
    &fc_ossl_rsa,
};

const fc_provider fc_provider_openssl = {
    .name = "openssl",
    .description = "OpenSSL 3 libcrypto (host); what it lacks or declines runs on soft",
    .impls = impls,
    .impl_count = sizeof(impls) / sizeof(impls[0]),
    .next = &fc_provider_soft,
};
