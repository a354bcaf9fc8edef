/* The "openssl" provider's ChaCha20 (EVP "ChaCha20") as a stream cipher, and HChaCha20 from it.
 *
 * OpenSSL's ChaCha20 takes a 16-byte IV: state words 12..15, a 32-bit little-endian block
 * counter then 96 bits of nonce. On an overflow of word 12 it carries into word 13, so with
 * the 8-byte nonce the IV le64(counter) || nonce is Bernstein's original 64-bit counter, and
 * with the 12-byte nonce le32(counter) || nonce is RFC 8439's. fieldcrypt's streams end where
 * the counter would wrap (driver.h): this file counts the blocks itself and refuses the one
 * after the last with FC_ERR_LENGTH, before OpenSSL would carry into the nonce.
 *
 * HChaCha20 (draft-irtf-cfrg-xchacha-03 2.2) is the ChaCha20 state with its 16-byte input in
 * words 12..15, 20 rounds and no final addition of the input. OpenSSL's keystream block for
 * that IV is rounds(x) + x, so subtracting the known words x[0..3] (the constants) and
 * x[12..15] (the input) gives HChaCha20's words 0..3 and 12..15 exactly. XChaCha20 and
 * XChaCha20-Poly1305 thus also run on OpenSSL's ChaCha20.
 *
 * Constant time as OpenSSL's ChaCha20 is; the subtraction is branch-free arithmetic. */
#include <string.h>

#include <openssl/evp.h>

#include "openssl.h"

#define CHACHA_BLOCK 64

typedef struct {
    EVP_CIPHER_CTX *ctx;  /* keyed ChaCha20: its keystream is the encryption of zeros */
    uint64_t counter;     /* the next block's counter */
    uint32_t wide;        /* 1: 64-bit counter (8-byte nonce); 0: 32-bit (12-byte nonce) */
    uint32_t spent;       /* 1 once the counter's last block has been written */
} ossl_chacha_state;

FC_STATE_FITS(ossl_chacha_state, FC_STREAM_STATE_SIZE);

static const uint8_t chacha_zeros[CHACHA_BLOCK];

static void store_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16),
    p[3] = (uint8_t)(v >> 24);
}

static uint32_t load_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* a ChaCha20 context keyed with key and OpenSSL's 16-byte IV, or NULL */
static EVP_CIPHER_CTX *chacha_new(const uint8_t key[32], const uint8_t iv[16])
{
    EVP_CIPHER *cipher = EVP_CIPHER_fetch(NULL, "ChaCha20", NULL);
    EVP_CIPHER_CTX *c = cipher != NULL ? EVP_CIPHER_CTX_new() : NULL;
    if (c != NULL && EVP_EncryptInit_ex2(c, cipher, key, iv, NULL) != 1) {
        EVP_CIPHER_CTX_free(c);
        c = NULL;
    }
    EVP_CIPHER_free(cipher); /* the context keeps its own reference */
    return c;
}

/* the next 64 bytes of c's keystream */
static int chacha_keystream(EVP_CIPHER_CTX *c, uint8_t out[CHACHA_BLOCK])
{
    int n = 0;
    return EVP_EncryptUpdate(c, out, &n, chacha_zeros, CHACHA_BLOCK) == 1 && n == CHACHA_BLOCK;
}

static fc_status chacha_init(const fc_impl *impl, void *state, const uint8_t *key,
                             size_t key_len, const uint8_t *nonce, size_t nonce_len,
                             uint64_t counter)
{
    ossl_chacha_state *s = state;
    uint8_t iv[16];
    (void)impl;
    if (key_len != 32 || (nonce_len != 12 && nonce_len != 8))
        return FC_ERR_LENGTH;
    if (nonce_len == 12 && counter > 0xffffffffu)
        return FC_ERR_LENGTH; /* RFC 8439's counter is 32 bits */
    /* words 12..15: the counter's low half, then its high half or the nonce's first word */
    store_le32(iv, (uint32_t)counter);
    store_le32(iv + 4, (uint32_t)(counter >> 32));
    memcpy(iv + 16 - nonce_len, nonce, nonce_len);
    s->ctx = chacha_new(key, iv);
    if (s->ctx == NULL)
        return FC_ERR_PROVIDER;
    s->counter = counter;
    s->wide = nonce_len == 8;
    s->spent = 0;
    return FC_OK;
}

static fc_status chacha_block(const fc_impl *impl, void *state, uint8_t *keystream)
{
    ossl_chacha_state *s = state;
    (void)impl;
    if (s->spent)
        return FC_ERR_LENGTH; /* the counter would wrap: the stream has ended */
    if (!chacha_keystream(s->ctx, keystream))
        return FC_ERR_PROVIDER;
    s->counter++;
    s->spent = s->wide ? s->counter == 0 : s->counter > 0xffffffffu;
    return FC_OK;
}

static fc_status hchacha_subkey(const fc_impl *impl, uint8_t out[32], const uint8_t key[32],
                                const uint8_t in[16])
{
    /* "expand 32-byte k", state words 0..3 */
    static const uint32_t sigma[4] = {0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u};
    EVP_CIPHER_CTX *c = chacha_new(key, in);
    uint8_t block[CHACHA_BLOCK];
    unsigned i;
    int ok = c != NULL && chacha_keystream(c, block);
    (void)impl;
    EVP_CIPHER_CTX_free(c);
    if (ok) {
        for (i = 0; i < 4; i++) {
            store_le32(out + 4 * i, load_le32(block + 4 * i) - sigma[i]);
            store_le32(out + 16 + 4 * i, load_le32(block + 48 + 4 * i) - load_le32(in + 4 * i));
        }
    }
    fc_zeroize(block, sizeof(block));
    return ok ? FC_OK : FC_ERR_PROVIDER;
}

static void chacha_release(const fc_impl *impl, void *state)
{
    ossl_chacha_state *s = state;
    (void)impl;
    EVP_CIPHER_CTX_free(s->ctx); /* OpenSSL wipes the key it holds */
    s->ctx = NULL;
}

const fc_impl fc_ossl_chacha20 = {
    .alg = FC_CHACHA20,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(ossl_chacha_state),
    .ops.stream = {.init = chacha_init, .block = chacha_block, .subkey = hchacha_subkey,
                   .release = chacha_release},
};
