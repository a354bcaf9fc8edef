/* wolfSSL 5.9.4 (peers/peers.json), configured by bench/peers/wolfssl/user_settings.h. X25519 is
 * wolfCrypt's curve25519() (fe_operations.c, or on the Cortex-M4 the Thumb-2 assembly of
 * thumb2-curve25519_c.c), the function under wc_curve25519_shared_secret without the key
 * objects; SHA-256/512 through their init / update / final; AES through wc_AesSetKey (one
 * Aes object per direction, as seed 003's instances) and wc_AesEcbEncrypt / _Decrypt. */
#include "wolfssl/wolfcrypt/settings.h"
#include "wolfssl/wolfcrypt/aes.h"
#include "wolfssl/wolfcrypt/fe_operations.h"
#include "wolfssl/wolfcrypt/sha256.h"
#include "wolfssl/wolfcrypt/sha512.h"

/* wolfSSL's Ed25519, ECC (SP math), AES modes and ChaCha20-Poly1305 need a larger
 * configuration; not compared yet (AES: seed 003's key schedule set only) */
#define PEER_LACKS_ED25519
#define PEER_LACKS_P256
#define PEER_LACKS_AES_MODES
#define PEER_LACKS_CHACHAPOLY
#define PEER_LACKS_RSA
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
