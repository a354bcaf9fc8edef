/* wolfSSL 5.9.4 (peers/peers.json), configured by bench/peers/wolfssl/user_settings.h. X25519 is
 * wolfCrypt's curve25519() (fe_operations.c, or on the Cortex-M4 the Thumb-2 assembly of
 * thumb2-curve25519_c.c), the function under wc_curve25519_shared_secret without the key
 * objects; SHA-256/512 through their init / update / final. */
#include "wolfssl/wolfcrypt/settings.h"
#include "wolfssl/wolfcrypt/fe_operations.h"
#include "wolfssl/wolfcrypt/sha256.h"
#include "wolfssl/wolfcrypt/sha512.h"

/* wolfSSL's Ed25519, ECC (SP math), AES and ChaCha20-Poly1305 need a larger configuration;
 * not compared yet */
#define PEER_LACKS_ED25519
#define PEER_LACKS_P256
#define PEER_LACKS_AES
#define PEER_LACKS_CHACHAPOLY
#include "absent.h"

int peer_setup(void)
{
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
