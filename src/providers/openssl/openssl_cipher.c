/* The "openssl" provider's block ciphers: AES, DES and 3DES (EVP in ECB without padding),
 * under the core's modes. Each holds EVP handles in the context's state area (OpenSSL
 * allocates them). DES itself is in OpenSSL 3's legacy provider: it runs here as 3DES with
 * three equal keys, which is the same cipher. */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "openssl.h"

typedef struct {
    EVP_CIPHER_CTX *enc, *dec;
} ossl_block_state;

FC_STATE_FITS(ossl_block_state, FC_BLOCK_STATE_SIZE);

/* the EVP name of an ECB block cipher keyed with key_len bytes */
static const char *ecb_name(uint16_t alg, size_t key_len)
{
    if (alg == FC_AES)
        return key_len == 16 ? "AES-128-ECB" : key_len == 24 ? "AES-192-ECB" : "AES-256-ECB";
    return key_len == 16 ? "DES-EDE-ECB" : "DES-EDE3-ECB";
}

static EVP_CIPHER_CTX *evp_new(const char *name, int enc, const uint8_t *key, const uint8_t *iv,
                               int padding)
{
    EVP_CIPHER *cipher = EVP_CIPHER_fetch(NULL, name, NULL);
    EVP_CIPHER_CTX *c = cipher != NULL ? EVP_CIPHER_CTX_new() : NULL;
    if (c != NULL && (EVP_CipherInit_ex2(c, cipher, key, iv, enc, NULL) != 1 ||
                      EVP_CIPHER_CTX_set_padding(c, padding) != 1)) {
        EVP_CIPHER_CTX_free(c);
        c = NULL;
    }
    EVP_CIPHER_free(cipher); /* the context keeps its own reference */
    return c;
}

static void block_release(const fc_impl *impl, void *state)
{
    ossl_block_state *s = state;
    (void)impl;
    EVP_CIPHER_CTX_free(s->enc);
    EVP_CIPHER_CTX_free(s->dec);
    s->enc = s->dec = NULL;
}

static fc_status block_init(const fc_impl *impl, void *state, unsigned dir, const uint8_t *key,
                            size_t key_len)
{
    ossl_block_state *s = state;
    uint8_t k3[24];
    const uint8_t *k = key;
    if (impl->alg == FC_DES) { /* DES = EDE with K1 = K2 = K3 */
        memcpy(k3, key, 8), memcpy(k3 + 8, key, 8), memcpy(k3 + 16, key, 8);
        k = k3, key_len = 24;
    }
    if (dir & FC_ENCRYPT)
        s->enc = evp_new(ecb_name(impl->alg, key_len), 1, k, NULL, 0);
    if (dir & FC_DECRYPT)
        s->dec = evp_new(ecb_name(impl->alg, key_len), 0, k, NULL, 0);
    fc_zeroize(k3, sizeof(k3));
    if (((dir & FC_ENCRYPT) && s->enc == NULL) || ((dir & FC_DECRYPT) && s->dec == NULL)) {
        block_release(impl, state);
        return FC_ERR_PROVIDER;
    }
    return FC_OK;
}

static fc_status evp_run(EVP_CIPHER_CTX *c, uint8_t *out, const uint8_t *in, size_t len)
{
    int n = 0;
    while (len > 0) { /* EVP takes int lengths */
        size_t chunk = len > 0x40000000u ? 0x40000000u : len;
        if (c == NULL || EVP_CipherUpdate(c, out, &n, in, (int)chunk) != 1 || (size_t)n != chunk)
            return FC_ERR_PROVIDER;
        out += chunk, in += chunk, len -= chunk;
    }
    return FC_OK;
}

static fc_status block_encrypt(const fc_impl *impl, void *state, uint8_t *out,
                               const uint8_t *in, size_t blocks)
{
    return evp_run(((ossl_block_state *)state)->enc, out, in,
                   blocks * (impl->alg == FC_AES ? 16u : 8u));
}

static fc_status block_decrypt(const fc_impl *impl, void *state, uint8_t *out,
                               const uint8_t *in, size_t blocks)
{
    return evp_run(((ossl_block_state *)state)->dec, out, in,
                   blocks * (impl->alg == FC_AES ? 16u : 8u));
}

#define OSSL_BLOCK(id)                                                                       \
    {                                                                                        \
        .alg = id, .flags = FC_IMPL_CONSTANT_TIME, .state_size = sizeof(ossl_block_state),   \
        .ops.block = {.init = block_init, .encrypt = block_encrypt,                          \
                      .decrypt = block_decrypt, .release = block_release},                   \
    }

const fc_impl fc_ossl_aes = OSSL_BLOCK(FC_AES);
const fc_impl fc_ossl_des = OSSL_BLOCK(FC_DES);
const fc_impl fc_ossl_tdes = OSSL_BLOCK(FC_TDES);
