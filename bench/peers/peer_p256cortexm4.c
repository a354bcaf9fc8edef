/* Emil Lenngren's P256-Cortex-M4 (p256-cortex-m4.c with its Thumb-2 assembly), secp256r1 only,
 * from the pinned archive; Cortex-M4 only (UMAAL). Its scalars and coordinates are little-endian
 * words: p256_convert_endianness turns the comparison's big-endian bytes into them. ECDH
 * validates the peer's point (p256_ecdh_calc_shared_secret checks it is on the curve); the
 * signature's nonce comes from the comparison's RNG, retried on the library's rare refusal. */
#include <stdbool.h>

#include "p256-cortex-m4.h"
#include "xorshift.h"

#define PEER_LACKS_X25519
#define PEER_LACKS_ED25519
#define PEER_LACKS_SHA256
#define PEER_LACKS_SHA512
#define PEER_LACKS_AES
#define PEER_LACKS_CHACHAPOLY
#define PEER_LACKS_RSA
#define PEER_LACKS_CPACE
#include "absent.h"

static void words_of(uint32_t w[8], const uint8_t be[32])
{
    p256_convert_endianness(w, be, 32);
}

int peer_setup(void)
{
    return PEER_OK;
}

int peer_p256_ecdh(uint8_t shared[32], const uint8_t priv[32], const uint8_t peer[65])
{
    uint32_t d[8], x[8], y[8];
    if (peer[0] != 0x04)
        return PEER_FAILED;
    words_of(d, priv);
    words_of(x, peer + 1);
    words_of(y, peer + 33);
    return p256_ecdh_calc_shared_secret(shared, d, x, y) ? PEER_OK : PEER_FAILED;
}

int peer_p256_sign(uint8_t sig[64], const uint8_t priv[32], const uint8_t digest[32])
{
    uint32_t d[8], k[8], r[8], s[8];
    uint8_t kb[32];
    int tries;
    words_of(d, priv);
    for (tries = 0; tries < 4; tries++) {
        peer_rng_fill(kb, sizeof(kb));
        words_of(k, kb);
        if (p256_sign(r, s, digest, 32, d, k)) {
            p256_convert_endianness(sig, r, 32);
            p256_convert_endianness(sig + 32, s, 32);
            return PEER_OK;
        }
    }
    return PEER_FAILED;
}

int peer_p256_verify(const uint8_t pub[65], const uint8_t digest[32], const uint8_t sig[64])
{
    uint32_t x[8], y[8], r[8], s[8];
    if (pub[0] != 0x04)
        return PEER_FAILED;
    words_of(x, pub + 1);
    words_of(y, pub + 33);
    words_of(r, sig);
    words_of(s, sig + 32);
    return p256_verify(x, y, digest, 32, r, s) ? PEER_OK : PEER_FAILED;
}

int peer_p256_public(uint8_t pub[65], const uint8_t priv[32])
{
    uint32_t d[8], x[8], y[8];
    words_of(d, priv);
    if (!p256_keygen(x, y, d))
        return PEER_FAILED;
    p256_point_to_octet_string_uncompressed(pub, x, y);
    return PEER_OK;
}
