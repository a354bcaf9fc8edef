/* The "mbedtls" provider's AES block cipher (FIPS 197, mbedtls_aes_setkey_enc/dec and
 * mbedtls_aes_crypt_ecb). The core's modes run over it: ECB, CBC, CBC-PKCS#7, CTR, CTR32,
 * CTR_DRBG and the key wraps (GCM, CCM and CMAC have descriptors of their own).
 *
 * One mbedtls_aes_context (about 280 bytes) lies in the block state area: it holds the key
 * schedule of one direction, so a context asked for both directions at once (FC_ENCRYPT |
 * FC_DECRYPT, which two schedules would not fit) is declined and soft keys it. The core's
 * modes ask for one direction. mbedtls_aes_free zeroizes the schedule; the core wipes the area
 * too.
 *
 * Not flagged constant time: mbedTLS's software AES looks up tables indexed by key and data
 * bytes (cache timing); only where it uses the CPU's AES instructions (AES-NI on the host,
 * chosen at run time) is it free of them. */
#include "mbedtls.h"

#include <mbedtls/aes.h>

FC_STATE_FITS(mbedtls_aes_context, FC_BLOCK_STATE_SIZE);

static fc_status block_init(const fc_impl *impl, void *state, unsigned dir, const uint8_t *key,
                            size_t key_len)
{
    mbedtls_aes_context *aes = state;
    int r;
    (void)impl;
    if (dir != FC_ENCRYPT && dir != FC_DECRYPT)
        return FC_ERR_UNSUPPORTED; /* both schedules do not fit: soft */
    mbedtls_aes_init(aes);
    r = dir == FC_ENCRYPT ? mbedtls_aes_setkey_enc(aes, key, (unsigned)(8 * key_len))
                          : mbedtls_aes_setkey_dec(aes, key, (unsigned)(8 * key_len));
    if (r != 0) {
        mbedtls_aes_free(aes);
        return FC_ERR_UNSUPPORTED; /* a key length this build of mbedTLS lacks */
    }
    return FC_OK;
}

static fc_status block_run(void *state, int mode, uint8_t *out, const uint8_t *in,
                           size_t blocks)
{
    size_t i;
    for (i = 0; i < blocks; i++)
        if (mbedtls_aes_crypt_ecb(state, mode, in + 16 * i, out + 16 * i) != 0)
            return FC_ERR_PROVIDER;
    return FC_OK;
}

static fc_status block_encrypt(const fc_impl *impl, void *state, uint8_t *out,
                               const uint8_t *in, size_t blocks)
{
    (void)impl;
    return block_run(state, MBEDTLS_AES_ENCRYPT, out, in, blocks);
}

static fc_status block_decrypt(const fc_impl *impl, void *state, uint8_t *out,
                               const uint8_t *in, size_t blocks)
{
    (void)impl;
    return block_run(state, MBEDTLS_AES_DECRYPT, out, in, blocks);
}

static void block_release(const fc_impl *impl, void *state)
{
    (void)impl;
    mbedtls_aes_free(state);
}

const fc_impl fc_mbedtls_aes = {
    .alg = FC_AES,
    .flags = 0, /* see the top of the file */
    .state_size = sizeof(mbedtls_aes_context),
    .ops.block = {.init = block_init, .encrypt = block_encrypt, .decrypt = block_decrypt,
                  .release = block_release},
};
