/* The "openssl" provider's block-cipher and one-time MACs: AES-CMAC (SP 800-38B, EVP_MAC
 * "CMAC" over AES-<bits>-CBC) and Poly1305 (RFC 8439 2.5, EVP_MAC "POLY1305"). The context's
 * state holds the EVP_MAC_CTX; OpenSSL keeps the key and wipes it when the context is freed.
 * Constant time as far as OpenSSL's AES and Poly1305 are. */
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "openssl.h"

typedef struct {
    EVP_MAC_CTX *mac;
} ossl_mac_state;

FC_STATE_FITS(ossl_mac_state, FC_MAC_STATE_SIZE);

static const char *cmac_cipher(size_t key_len)
{
    return key_len == 16 ? "AES-128-CBC" : key_len == 24 ? "AES-192-CBC" : "AES-256-CBC";
}

static fc_status mac_init(const fc_impl *impl, void *state, const uint8_t *key, size_t key_len)
{
    int cmac = impl->alg == FC_AES_CMAC;
    EVP_MAC *mac = EVP_MAC_fetch(NULL, cmac ? "CMAC" : "POLY1305", NULL);
    EVP_MAC_CTX *mc = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM params[2];
    EVP_MAC_free(mac); /* the context keeps its own reference */
    if (mc == NULL)
        return FC_ERR_PROVIDER;
    params[0] = cmac ? OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER,
                                                        (char *)cmac_cipher(key_len), 0)
                     : OSSL_PARAM_construct_end();
    params[1] = OSSL_PARAM_construct_end();
    if (EVP_MAC_init(mc, key, key_len, params) != 1) {
        EVP_MAC_CTX_free(mc);
        return FC_ERR_PROVIDER;
    }
    ((ossl_mac_state *)state)->mac = mc;
    return FC_OK;
}

static fc_status mac_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    (void)impl;
    if (len == 0)
        return FC_OK; /* data may be NULL */
    return EVP_MAC_update(((ossl_mac_state *)state)->mac, data, len) == 1 ? FC_OK
                                                                           : FC_ERR_PROVIDER;
}

static fc_status mac_final(const fc_impl *impl, void *state, uint8_t *tag)
{
    size_t n = 0;
    (void)impl;
    return EVP_MAC_final(((ossl_mac_state *)state)->mac, tag, &n, 16) == 1 && n == 16
               ? FC_OK
               : FC_ERR_PROVIDER;
}

static void mac_release(const fc_impl *impl, void *state)
{
    (void)impl;
    EVP_MAC_CTX_free(((ossl_mac_state *)state)->mac);
    ((ossl_mac_state *)state)->mac = NULL;
}

#define OSSL_MAC(id)                                                                         \
    {                                                                                        \
        .alg = id, .flags = FC_IMPL_CONSTANT_TIME, .state_size = sizeof(ossl_mac_state),     \
        .ops.mac = {.init = mac_init, .update = mac_update, .final = mac_final,             \
                    .release = mac_release},                                                 \
    }

const fc_impl fc_ossl_aes_cmac = OSSL_MAC(FC_AES_CMAC);
const fc_impl fc_ossl_poly1305 = OSSL_MAC(FC_POLY1305);
