/* The "mbedtls" provider's MACs: HMAC over SHA-1, SHA-2 and MD5 (RFC 2104, mbedtls_md_hmac_*:
 * any key length, one longer than a block hashed first), AES-CMAC (SP 800-38B,
 * mbedtls_cipher_cmac_* over AES-128/192/256-ECB) and Poly1305 (RFC 8439 2.5,
 * mbedtls_poly1305_*).
 *
 * HMAC and CMAC run on mbedTLS's generic contexts, which mbedTLS allocates on its own heap
 * (mbedtls_md_setup, mbedtls_cipher_setup): the state area holds the mbedtls_md_context_t or
 * mbedtls_cipher_context_t (its pointers), release frees them, and mbedTLS zeroizes what it
 * frees. An init that fails frees what it had set up. Poly1305's context lies in the area
 * itself. HMAC and Poly1305 are constant time as mbedTLS's hashes and Poly1305 are; CMAC is
 * not flagged so: mbedTLS's AES is table-based where the CPU has no AES instructions (see
 * mbedtls_cipher.c). */
#include <string.h>

#include "mbedtls.h"

#include <mbedtls/cipher.h>
#include <mbedtls/cmac.h>
#include <mbedtls/md.h>
#include <mbedtls/poly1305.h>

/* ---- HMAC ---- */
#if FC_MBED_HAVE_HMAC
FC_STATE_FITS(mbedtls_md_context_t, FC_MAC_STATE_SIZE);

static mbedtls_md_type_t md_type(uint16_t alg)
{
    switch (alg) {
    case FC_HMAC_SHA224:
        return MBEDTLS_MD_SHA224;
    case FC_HMAC_SHA256:
        return MBEDTLS_MD_SHA256;
    case FC_HMAC_SHA384:
        return MBEDTLS_MD_SHA384;
    case FC_HMAC_SHA512:
        return MBEDTLS_MD_SHA512;
    case FC_HMAC_SHA1:
        return MBEDTLS_MD_SHA1;
    case FC_HMAC_MD5:
        return MBEDTLS_MD_MD5;
    default:
        return MBEDTLS_MD_NONE;
    }
}

static fc_status hmac_init(const fc_impl *impl, void *state, const uint8_t *key,
                           size_t key_len)
{
    static const uint8_t empty[1];
    const mbedtls_md_info_t *info = mbedtls_md_info_from_type(md_type(impl->alg));
    mbedtls_md_context_t *md = state;
    int r;
    if (info == NULL)
        return FC_ERR_UNSUPPORTED; /* a build of mbedTLS without this hash: soft runs it */
    if (key_len == 0)
        key = empty; /* HMAC's empty key may be NULL */
    mbedtls_md_init(md);
    r = mbedtls_md_setup(md, info, 1);
    if (r == 0)
        r = mbedtls_md_hmac_starts(md, key, key_len);
    if (r != 0) {
        mbedtls_md_free(md);
        return FC_ERR_PROVIDER; /* out of mbedTLS's memory */
    }
    return FC_OK;
}

static fc_status hmac_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    (void)impl;
    if (len == 0)
        return FC_OK; /* data may be NULL */
    return mbedtls_md_hmac_update(state, data, len) == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status hmac_final(const fc_impl *impl, void *state, uint8_t *tag)
{
    (void)impl;
    return mbedtls_md_hmac_finish(state, tag) == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static void hmac_release(const fc_impl *impl, void *state)
{
    (void)impl;
    mbedtls_md_free(state); /* wipes and frees the hash and HMAC pads */
}

#define MBED_HMAC(id)                                                                        \
    {                                                                                        \
        .alg = id, .flags = FC_IMPL_CONSTANT_TIME, .state_size = sizeof(mbedtls_md_context_t), \
        .ops.mac = {.init = hmac_init, .update = hmac_update, .final = hmac_final,          \
                    .release = hmac_release},                                                \
    }

const fc_impl fc_mbedtls_hmac_sha224 = MBED_HMAC(FC_HMAC_SHA224);
const fc_impl fc_mbedtls_hmac_sha256 = MBED_HMAC(FC_HMAC_SHA256);
const fc_impl fc_mbedtls_hmac_sha384 = MBED_HMAC(FC_HMAC_SHA384);
const fc_impl fc_mbedtls_hmac_sha512 = MBED_HMAC(FC_HMAC_SHA512);
const fc_impl fc_mbedtls_hmac_sha1 = MBED_HMAC(FC_HMAC_SHA1);
const fc_impl fc_mbedtls_hmac_md5 = MBED_HMAC(FC_HMAC_MD5);
#endif

/* ---- AES-CMAC ---- */
#if FC_MBED_HAVE_CMAC
FC_STATE_FITS(mbedtls_cipher_context_t, FC_MAC_STATE_SIZE);

static fc_status cmac_init(const fc_impl *impl, void *state, const uint8_t *key,
                           size_t key_len)
{
    mbedtls_cipher_context_t *c = state;
    const mbedtls_cipher_info_t *info;
    int r;
    (void)impl;
    info = mbedtls_cipher_info_from_type(key_len == 16   ? MBEDTLS_CIPHER_AES_128_ECB
                                         : key_len == 24 ? MBEDTLS_CIPHER_AES_192_ECB
                                                         : MBEDTLS_CIPHER_AES_256_ECB);
    if (info == NULL)
        return FC_ERR_UNSUPPORTED;
    mbedtls_cipher_init(c);
    r = mbedtls_cipher_setup(c, info);
    if (r == 0)
        r = mbedtls_cipher_cmac_starts(c, key, 8 * key_len);
    if (r != 0) {
        mbedtls_cipher_free(c);
        return FC_ERR_PROVIDER;
    }
    return FC_OK;
}

static fc_status cmac_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    (void)impl;
    if (len == 0)
        return FC_OK;
    return mbedtls_cipher_cmac_update(state, data, len) == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status cmac_final(const fc_impl *impl, void *state, uint8_t *tag)
{
    (void)impl;
    return mbedtls_cipher_cmac_finish(state, tag) == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static void cmac_release(const fc_impl *impl, void *state)
{
    (void)impl;
    mbedtls_cipher_free(state); /* wipes and frees the key schedule and CMAC's blocks */
}

const fc_impl fc_mbedtls_cmac = {
    .alg = FC_AES_CMAC,
    .flags = 0, /* table-based AES without AES-NI */
    .state_size = sizeof(mbedtls_cipher_context_t),
    .ops.mac = {.init = cmac_init, .update = cmac_update, .final = cmac_final,
                .release = cmac_release},
};
#endif

/* ---- Poly1305 ---- */
#if defined(MBEDTLS_POLY1305_C)
FC_STATE_FITS(mbedtls_poly1305_context, FC_MAC_STATE_SIZE);

static fc_status poly_init(const fc_impl *impl, void *state, const uint8_t *key,
                           size_t key_len)
{
    (void)impl;
    (void)key_len; /* the core has checked the 32 bytes */
    mbedtls_poly1305_init(state);
    return mbedtls_poly1305_starts(state, key) == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status poly_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    (void)impl;
    if (len == 0)
        return FC_OK;
    return mbedtls_poly1305_update(state, data, len) == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status poly_final(const fc_impl *impl, void *state, uint8_t *tag)
{
    int r;
    (void)impl;
    r = mbedtls_poly1305_finish(state, tag);
    mbedtls_poly1305_free(state); /* zeroizes r, s and the accumulator */
    return r == 0 ? FC_OK : FC_ERR_PROVIDER;
}

const fc_impl fc_mbedtls_poly1305 = {
    .alg = FC_POLY1305,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(mbedtls_poly1305_context),
    .ops.mac = {.init = poly_init, .update = poly_update, .final = poly_final},
};
#endif
