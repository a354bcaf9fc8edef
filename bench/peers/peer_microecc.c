/* micro-ecc (Ken MacKay's uECC.c, with its ARM assembly where gcc builds for ARM), secp256r1
 * only, from the pinned archive. Its public keys are the 64 bytes x || y. ECDH validates the
 * peer's point first (uECC_valid_public_key), as fieldcrypt and the other peers do. */
#include "uECC.h"
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

static int rng(uint8_t *dest, unsigned size)
{
    peer_rng_fill(dest, size);
    return 1;
}

int peer_setup(void)
{
    uECC_set_rng(rng);
    return PEER_OK;
}

int peer_p256_ecdh(uint8_t shared[32], const uint8_t priv[32], const uint8_t peer[65])
{
    if (!uECC_valid_public_key(peer + 1, uECC_secp256r1()))
        return PEER_FAILED;
    return uECC_shared_secret(peer + 1, priv, shared, uECC_secp256r1()) ? PEER_OK : PEER_FAILED;
}

int peer_p256_sign(uint8_t sig[64], const uint8_t priv[32], const uint8_t digest[32])
{
    return uECC_sign(priv, digest, 32, sig, uECC_secp256r1()) ? PEER_OK : PEER_FAILED;
}

int peer_p256_verify(const uint8_t pub[65], const uint8_t digest[32], const uint8_t sig[64])
{
    return uECC_verify(pub + 1, digest, 32, sig, uECC_secp256r1()) ? PEER_OK : PEER_FAILED;
}

int peer_p256_public(uint8_t pub[65], const uint8_t priv[32])
{
    pub[0] = 0x04;
    return uECC_compute_public_key(priv, pub + 1, uECC_secp256r1()) ? PEER_OK : PEER_FAILED;
}
