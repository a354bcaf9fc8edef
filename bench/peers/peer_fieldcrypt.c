/* fieldcrypt itself through its public API, default provider (soft), for the comparison. */
#include "fieldcrypt/fieldcrypt.h"
#include "peer.h"

int peer_setup(void)
{
    return PEER_OK;
}

int peer_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
    return fc_xdh(NULL, FC_X25519, out, scalar, u) == FC_OK ? PEER_OK : PEER_FAILED;
}

int peer_sha256(uint8_t digest[32], const uint8_t *msg, size_t len)
{
    return fc_hash(NULL, FC_SHA256, digest, 32, msg, len) == FC_OK ? PEER_OK : PEER_FAILED;
}

int peer_sha512(uint8_t digest[64], const uint8_t *msg, size_t len)
{
    return fc_hash(NULL, FC_SHA512, digest, 64, msg, len) == FC_OK ? PEER_OK : PEER_FAILED;
}
