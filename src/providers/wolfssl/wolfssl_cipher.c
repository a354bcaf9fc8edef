/* The "wolfssl" provider's block ciphers, AES (FIPS 197), DES and 3DES (FIPS 46-3, SP 800-67),
 * under the core's modes (ECB, CBC, CTR, CTR32, CMAC, key wrap, CTR_DRBG).
 *
 * wolfCrypt's Aes holds one direction's key schedule and, on a host, GCM's table and the
 * AES-NI context: about 1.1 KiB, more than the block area (FC_BLOCK_STATE_SIZE). So the state
 * keeps the raw key, and each encrypt or decrypt call keys an Aes on its stack for its
 * direction (wc_AesSetKey), runs its blocks through wc_AesEcbEncrypt / wc_AesEcbDecrypt and
 * wipes the Aes before returning: one key expansion per call, which the core's modes amortise
 * over the blocks they pass at once.
 *
 * DES and 3DES the same way with a Des3 (448 bytes): DES is 3DES with K1 = K2 = K3, 3DES's
 * 16-byte key is K1 K2 K1 (the core has refused weak keys). wolfCrypt's DES API has CBC
 * only on every build, so each block goes through CBC with a zero IV, which is the raw block.
 *
 * Not marked constant time: wolfCrypt's portable C AES (Debian builds it without AES-NI, and
 * so do we on a device) indexes its T-tables with key and data bytes. */
#include <string.h>

#include "wolfssl.h"

#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/des3.h>

typedef struct {
    uint32_t key_len;
    uint32_t dir;   /* FC_ENCRYPT and/or FC_DECRYPT, as init was asked */
    uint8_t key[32];
} wolf_block_state;

FC_STATE_FITS(wolf_block_state, FC_BLOCK_STATE_SIZE);

static fc_status block_init(const fc_impl *impl, void *state, unsigned dir, const uint8_t *key,
                            size_t key_len)
{
    wolf_block_state *s = state;
    if (impl->alg == FC_DES ? key_len != 8
        : impl->alg == FC_TDES ? key_len != 16 && key_len != 24
                               : key_len != 16 && key_len != 24 && key_len != 32)
        return FC_ERR_LENGTH;
    s->key_len = (uint32_t)key_len;
    s->dir = dir;
    memcpy(s->key, key, key_len);
    return FC_OK;
}

/* blocks 16-byte blocks through an Aes keyed here for direction enc (1) or decryption (0) */
static fc_status block_run(wolf_block_state *s, int enc, uint8_t *out, const uint8_t *in,
                           size_t blocks)
{
    Aes aes;
    int ret = wc_AesInit(&aes, NULL, INVALID_DEVID);
    if (ret == 0)
        ret = wc_AesSetKey(&aes, s->key, s->key_len, NULL,
                           enc ? AES_ENCRYPTION : AES_DECRYPTION);
    while (ret == 0 && blocks > 0) {
        size_t n = blocks > 0x1000000u ? 0x1000000u : blocks; /* word32 bytes */
        ret = enc ? wc_AesEcbEncrypt(&aes, out, in, (word32)(16 * n))
                  : wc_AesEcbDecrypt(&aes, out, in, (word32)(16 * n));
        out += 16 * n, in += 16 * n, blocks -= n;
    }
    wc_AesFree(&aes);
    fc_zeroize(&aes, sizeof(aes));
    return ret == 0 ? FC_OK : FC_ERR_PROVIDER;
}

#ifndef NO_DES3
/* blocks 8-byte blocks through a Des3 keyed here for direction enc (1) or decryption (0) */
static fc_status des_run(wolf_block_state *s, int enc, uint8_t *out, const uint8_t *in,
                         size_t blocks)
{
    static const uint8_t zero_iv[8];
    uint8_t k3[24];
    Des3 des;
    int ret;
    if (s->key_len == 8) { /* DES: K1 = K2 = K3 */
        memcpy(k3, s->key, 8), memcpy(k3 + 8, s->key, 8), memcpy(k3 + 16, s->key, 8);
    } else { /* 24 bytes: K1 K2 K3; 16 bytes: K3 = K1 */
        memcpy(k3, s->key, 16);
        memcpy(k3 + 16, s->key + (s->key_len == 24 ? 16 : 0), 8);
    }
    ret = wc_Des3Init(&des, NULL, INVALID_DEVID);
    if (ret == 0)
        ret = wc_Des3_SetKey(&des, k3, zero_iv, enc ? DES_ENCRYPTION : DES_DECRYPTION);
    for (; ret == 0 && blocks > 0; blocks--, out += 8, in += 8) {
        ret = wc_Des3_SetIV(&des, zero_iv); /* CBC of one block from a zero IV: the block */
        if (ret == 0)
            ret = enc ? wc_Des3_CbcEncrypt(&des, out, in, 8) : wc_Des3_CbcDecrypt(&des, out, in, 8);
    }
    wc_Des3Free(&des);
    fc_zeroize(&des, sizeof(des));
    fc_zeroize(k3, sizeof(k3));
    return ret == 0 ? FC_OK : FC_ERR_PROVIDER;
}
#endif

static fc_status block_encrypt(const fc_impl *impl, void *state, uint8_t *out,
                               const uint8_t *in, size_t blocks)
{
#ifndef NO_DES3
    if (impl->alg != FC_AES)
        return des_run(state, 1, out, in, blocks);
#endif
    (void)impl;
    return block_run(state, 1, out, in, blocks);
}

static fc_status block_decrypt(const fc_impl *impl, void *state, uint8_t *out,
                               const uint8_t *in, size_t blocks)
{
#ifndef NO_DES3
    if (impl->alg != FC_AES)
        return des_run(state, 0, out, in, blocks);
#endif
    (void)impl;
    return block_run(state, 0, out, in, blocks);
}

/* not constant time: wolfCrypt's table-based AES and DES (see the top of the file) */
#define WOLF_BLOCK(id)                                                                       \
    {                                                                                        \
        .alg = id, .flags = 0, .state_size = sizeof(wolf_block_state),                       \
        .ops.block = {.init = block_init, .encrypt = block_encrypt, .decrypt = block_decrypt}, \
    }

const fc_impl fc_wolf_aes = WOLF_BLOCK(FC_AES);
#ifndef NO_DES3
const fc_impl fc_wolf_des = WOLF_BLOCK(FC_DES);
const fc_impl fc_wolf_tdes = WOLF_BLOCK(FC_TDES);
#endif
