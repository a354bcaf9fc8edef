/* Monocypher 4.0.2 (monocypher.c, and the optional monocypher-ed25519.c for SHA-512 and
 * RFC 8032 Ed25519), built from its pinned sources (peers/peers.json) with the image's
 * compiler and flags. Its ChaCha20-Poly1305 is the RFC 8439 form (crypto_aead_init_ietf). */
#include <string.h>

#include "monocypher.h"
#include "optional/monocypher-ed25519.h"

#define PEER_LACKS_P256
#define PEER_LACKS_SHA256
#define PEER_LACKS_AES
#define PEER_LACKS_RSA
#include "absent.h"

int peer_setup(void)
{
    return PEER_OK;
}

int peer_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
    crypto_x25519(out, scalar, u);
    return PEER_OK;
}

/* crypto_elligator_map reads 254 bits of the representative (bench/kat.h's generator string
 * gives one whose bit 254 is clear, where it agrees with RFC 9380's map) */
int peer_cpace(uint8_t isk[64], uint8_t share[32], const uint8_t *gen, size_t gen_len,
               const uint8_t y[32], const uint8_t peer_share[32])
{
    uint8_t h[64], g[32], t[16 + 3 * 32];
    crypto_sha512(h, gen, gen_len);
    h[31] &= 0x7f;
    crypto_elligator_map(g, h);
    crypto_x25519(share, y, g);
    memcpy(t, PEER_CPACE_PREFIX, 16);
    crypto_x25519(t + 16, y, peer_share);
    memcpy(t + 48, peer_share, 32);
    memcpy(t + 80, share, 32);
    crypto_sha512(isk, t, sizeof t);
    crypto_wipe(h, sizeof h);
    crypto_wipe(t, sizeof t);
    return PEER_OK;
}

int peer_ed25519_sign(uint8_t sig[64], const uint8_t seed[32], const uint8_t pub[32],
                      const uint8_t *msg, size_t len)
{
    uint8_t sk[64];   /* Monocypher's secret key: the seed, then the public key */
    memcpy(sk, seed, 32);
    memcpy(sk + 32, pub, 32);
    crypto_ed25519_sign(sig, sk, msg, len);
    crypto_wipe(sk, sizeof sk);
    return PEER_OK;
}

int peer_ed25519_verify(const uint8_t pub[32], const uint8_t *msg, size_t len,
                        const uint8_t sig[64])
{
    return crypto_ed25519_check(sig, pub, msg, len) == 0 ? PEER_OK : PEER_FAILED;
}

int peer_sha512(uint8_t digest[64], const uint8_t *msg, size_t len)
{
    crypto_sha512(digest, msg, len);
    return PEER_OK;
}

int peer_chacha20_poly1305(uint8_t *out, uint8_t tag[16], const uint8_t key[32],
                           const uint8_t nonce[12], const uint8_t *in, size_t len)
{
    crypto_aead_ctx ctx;
    crypto_aead_init_ietf(&ctx, key, nonce);
    crypto_aead_write(&ctx, out, tag, NULL, 0, in, len);
    crypto_wipe(&ctx, sizeof ctx);
    return PEER_OK;
}
