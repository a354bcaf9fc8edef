/* wolfSSL 5.9.4 (peers/peers.json), configured by bench/peers/wolfssl/user_settings.h. X25519 is
 * wolfCrypt's curve25519() (fe_operations.c, or on the Cortex-M4 the Thumb-2 assembly of
 * thumb2-curve25519_c.c), the function under wc_curve25519_shared_secret without the key
 * objects; SHA-256/512 through their init / update / final; AES through wc_AesSetKey (one
 * Aes object per direction, as seed 003's instances) and wc_AesEcbEncrypt / _Decrypt, its
 * modes through wc_AesCtrEncrypt, wc_AesCbcEncrypt, wc_AesGcmEncrypt and wc_AesCcmEncrypt on a
 * key set in the call; Ed25519 through a key imported from the seed and public key;
 * ChaCha20-Poly1305 through wc_ChaCha20Poly1305_Encrypt. */
#include "wolfssl/wolfcrypt/settings.h"
#include "wolfssl/wolfcrypt/aes.h"
#include "wolfssl/wolfcrypt/chacha20_poly1305.h"
#include "wolfssl/wolfcrypt/ed25519.h"
#include "wolfssl/wolfcrypt/fe_operations.h"
#include "wolfssl/wolfcrypt/sha256.h"
#include "wolfssl/wolfcrypt/sha512.h"

/* wolfSSL's ECC (SP math) needs its RNG and a larger configuration: not compared yet */
#define PEER_LACKS_P256
#define PEER_LACKS_RSA
#define PEER_LACKS_CPACE
#include "absent.h"

static Aes aes_enc, aes_dec;

int peer_setup(void)
{
    if (wc_AesInit(&aes_enc, NULL, INVALID_DEVID) != 0 ||
        wc_AesInit(&aes_dec, NULL, INVALID_DEVID) != 0)
        return PEER_FAILED;
    return PEER_OK;
}

int peer_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
    uint8_t k[32];
    unsigned i;

    for (i = 0; i < 32; i++) /* RFC 7748 clamping, as wc_curve25519_make_priv does */
        k[i] = scalar[i];
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
    return curve25519(out, k, u) == 0 ? PEER_OK : PEER_FAILED;
}

int peer_sha256(uint8_t digest[32], const uint8_t *msg, size_t len)
{
    wc_Sha256 sha;
    int ret = wc_InitSha256(&sha);

    if (ret == 0)
        ret = wc_Sha256Update(&sha, msg, (word32)len);
    if (ret == 0)
        ret = wc_Sha256Final(&sha, digest);
    wc_Sha256Free(&sha);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

int peer_sha512(uint8_t digest[64], const uint8_t *msg, size_t len)
{
    wc_Sha512 sha;
    int ret = wc_InitSha512(&sha);

    if (ret == 0)
        ret = wc_Sha512Update(&sha, msg, (word32)len);
    if (ret == 0)
        ret = wc_Sha512Final(&sha, digest);
    wc_Sha512Free(&sha);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

int peer_aes_set_encrypt_key(const uint8_t *key, size_t key_len)
{
    return wc_AesSetKey(&aes_enc, key, (word32)key_len, NULL, AES_ENCRYPTION) == 0 ? PEER_OK
                                                                                   : PEER_FAILED;
}

int peer_aes_encrypt(uint8_t *out, const uint8_t *in, size_t len)
{
    return wc_AesEcbEncrypt(&aes_enc, out, in, (word32)len) == 0 ? PEER_OK : PEER_FAILED;
}

int peer_aes_set_decrypt_key(const uint8_t *key, size_t key_len)
{
    return wc_AesSetKey(&aes_dec, key, (word32)key_len, NULL, AES_DECRYPTION) == 0 ? PEER_OK
                                                                                   : PEER_FAILED;
}

int peer_aes_decrypt(uint8_t *out, const uint8_t *in, size_t len)
{
    return wc_AesEcbDecrypt(&aes_dec, out, in, (word32)len) == 0 ? PEER_OK : PEER_FAILED;
}

int peer_ed25519_sign(uint8_t sig[64], const uint8_t seed[32], const uint8_t pub[32],
                      const uint8_t *msg, size_t len)
{
    ed25519_key key;
    word32 sig_len = 64;
    int ret = wc_ed25519_init(&key);

    if (ret == 0)
        ret = wc_ed25519_import_private_key(seed, 32, pub, 32, &key);
    if (ret == 0)
        ret = wc_ed25519_sign_msg(msg, (word32)len, sig, &sig_len, &key);
    wc_ed25519_free(&key);
    return ret == 0 && sig_len == 64 ? PEER_OK : PEER_FAILED;
}

int peer_ed25519_verify(const uint8_t pub[32], const uint8_t *msg, size_t len,
                        const uint8_t sig[64])
{
    ed25519_key key;
    int valid = 0, ret = wc_ed25519_init(&key);

    if (ret == 0)
        ret = wc_ed25519_import_public(pub, 32, &key);
    if (ret == 0)
        ret = wc_ed25519_verify_msg(sig, 64, msg, (word32)len, &valid, &key);
    wc_ed25519_free(&key);
    return ret == 0 && valid == 1 ? PEER_OK : PEER_FAILED;
}

int peer_aes_ctr(uint8_t *out, const uint8_t *key, size_t key_len, const uint8_t iv[16],
                 const uint8_t *in, size_t len)
{
    Aes aes;
    int ret = wc_AesInit(&aes, NULL, INVALID_DEVID);

    if (ret == 0)
        ret = wc_AesSetKey(&aes, key, (word32)key_len, iv,
                           AES_ENCRYPTION); /* the IV is the counter */
    if (ret == 0)
        ret = wc_AesCtrEncrypt(&aes, out, in, (word32)len);
    wc_AesFree(&aes);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

int peer_aes_cbc(uint8_t *out, const uint8_t *key, size_t key_len, const uint8_t iv[16],
                 const uint8_t *in, size_t len)
{
    Aes aes;
    int ret = wc_AesInit(&aes, NULL, INVALID_DEVID);

    if (ret == 0)
        ret = wc_AesSetKey(&aes, key, (word32)key_len, iv, AES_ENCRYPTION);
    if (ret == 0)
        ret = wc_AesCbcEncrypt(&aes, out, in, (word32)len);
    wc_AesFree(&aes);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

int peer_aes_gcm(uint8_t *out, uint8_t tag[16], const uint8_t *key, size_t key_len,
                 const uint8_t iv[12], const uint8_t *in, size_t len)
{
    Aes aes;
    int ret = wc_AesInit(&aes, NULL, INVALID_DEVID);

    if (ret == 0)
        ret = wc_AesGcmSetKey(&aes, key, (word32)key_len);
    if (ret == 0)
        ret = wc_AesGcmEncrypt(&aes, out, in, (word32)len, iv, 12, tag, 16, NULL, 0);
    wc_AesFree(&aes);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

int peer_aes_ccm(uint8_t *out, uint8_t tag[16], const uint8_t *key, size_t key_len,
                 const uint8_t nonce[13], const uint8_t *in, size_t len)
{
    Aes aes;
    int ret = wc_AesInit(&aes, NULL, INVALID_DEVID);

    if (ret == 0)
        ret = wc_AesCcmSetKey(&aes, key, (word32)key_len);
    if (ret == 0)
        ret = wc_AesCcmEncrypt(&aes, out, in, (word32)len, nonce, 13, tag, 16, NULL, 0);
    wc_AesFree(&aes);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

int peer_chacha20_poly1305(uint8_t *out, uint8_t tag[16], const uint8_t key[32],
                           const uint8_t nonce[12], const uint8_t *in, size_t len)
{
    return wc_ChaCha20Poly1305_Encrypt(key, nonce, NULL, 0, in, (word32)len, out, tag) == 0
               ? PEER_OK
               : PEER_FAILED;
}
