/* Monocypher 4.0.2 (monocypher.c, and the optional monocypher-ed25519.c for SHA-512), built
 * from its pinned sources (peers/peers.json) with the image's compiler and flags. */
#include "monocypher.h"
#include "optional/monocypher-ed25519.h"
#include "peer.h"

int peer_setup(void)
{
    return PEER_OK;
}

int peer_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
    crypto_x25519(out, scalar, u);
    return PEER_OK;
}

int peer_sha256(uint8_t digest[32], const uint8_t *msg, size_t len)
{
    (void)digest; (void)msg; (void)len;
    return PEER_ABSENT;
}

int peer_sha512(uint8_t digest[64], const uint8_t *msg, size_t len)
{
    crypto_sha512(digest, msg, len);
    return PEER_OK;
}
