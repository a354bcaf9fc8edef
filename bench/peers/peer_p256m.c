/* p256-m (mbedTLS 3.6.5's 3rdparty/p256-m: Manuel Pégourié-Gonnard's small P-256), from the
 * pinned mbedTLS archive. Its points are the 64 bytes x || y, without SEC1's 0x04 prefix; its
 * ECDH validates the peer's point. */
#include "p256-m.h"
#include "psa/crypto.h"
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

/* mbedTLS's copy of p256-m draws its randomness through PSA: the image's RNG stands in. */
psa_status_t psa_generate_random(uint8_t *output, size_t output_size)
{
    peer_rng_fill(output, output_size);
    return PSA_SUCCESS;
}

int peer_setup(void)
{
    return PEER_OK;
}

int peer_p256_ecdh(uint8_t shared[32], const uint8_t priv[32], const uint8_t peer[65])
{
    return p256_ecdh_shared_secret(shared, priv, peer + 1) == P256_SUCCESS ? PEER_OK : PEER_FAILED;
}

int peer_p256_sign(uint8_t sig[64], const uint8_t priv[32], const uint8_t digest[32])
{
    return p256_ecdsa_sign(sig, priv, digest, 32) == P256_SUCCESS ? PEER_OK : PEER_FAILED;
}

int peer_p256_verify(const uint8_t pub[65], const uint8_t digest[32], const uint8_t sig[64])
{
    return p256_ecdsa_verify(sig, pub + 1, digest, 32) == P256_SUCCESS ? PEER_OK : PEER_FAILED;
}

int peer_p256_public(uint8_t pub[65], const uint8_t priv[32])
{
    pub[0] = 0x04;
    return p256_public_from_private(pub + 1, priv) == P256_SUCCESS ? PEER_OK : PEER_FAILED;
}
