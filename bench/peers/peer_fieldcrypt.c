/* fieldcrypt itself through its public API, default provider (soft), for the comparison:
 * the one-shot calls a device would make. */
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "peer.h"

#define FC_PEER(st) ((st) == FC_OK ? PEER_OK : PEER_FAILED)

int peer_setup(void)
{
    return PEER_OK;
}

int peer_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
    return FC_PEER(fc_xdh(NULL, FC_X25519, out, scalar, u));
}

int peer_ed25519_sign(uint8_t sig[64], const uint8_t seed[32], const uint8_t pub[32],
                      const uint8_t *msg, size_t len)
{
    return FC_PEER(fc_eddsa_sign(NULL, FC_ED25519, sig, seed, pub, NULL, 0, msg, len));
}

int peer_ed25519_verify(const uint8_t pub[32], const uint8_t *msg, size_t len,
                        const uint8_t sig[64])
{
    return FC_PEER(fc_eddsa_verify(NULL, FC_ED25519, pub, NULL, 0, msg, len, sig));
}

int peer_p256_ecdh(uint8_t shared[32], const uint8_t priv[32], const uint8_t peer[65])
{
    return FC_PEER(fc_ecdh(NULL, FC_SECP256R1, shared, priv, peer, 65));
}

int peer_p256_sign(uint8_t sig[64], const uint8_t priv[32], const uint8_t digest[32])
{
    size_t sig_len = 64;
    return FC_PEER(fc_ecdsa_sign_digest(NULL, FC_SECP256R1, FC_SHA256, NULL, sig, &sig_len, priv,
                                        digest, 32, 0));
}

int peer_p256_verify(const uint8_t pub[65], const uint8_t digest[32], const uint8_t sig[64])
{
    return FC_PEER(fc_ecdsa_verify_digest(NULL, FC_SECP256R1, pub, 65, digest, 32, sig, 64, 0));
}

int peer_sha256(uint8_t digest[32], const uint8_t *msg, size_t len)
{
    return FC_PEER(fc_hash(NULL, FC_SHA256, digest, 32, msg, len));
}

int peer_sha512(uint8_t digest[64], const uint8_t *msg, size_t len)
{
    return FC_PEER(fc_hash(NULL, FC_SHA512, digest, 64, msg, len));
}

int peer_aes_ctr(uint8_t *out, const uint8_t *key, size_t key_len, const uint8_t iv[16],
                 const uint8_t *in, size_t len)
{
    size_t n = len;
    return FC_PEER(fc_cipher(NULL, FC_AES_CTR, FC_ENCRYPT, out, &n, key, key_len, iv, 16, in,
                             len));
}

int peer_aes_gcm(uint8_t *out, uint8_t tag[16], const uint8_t *key, size_t key_len,
                 const uint8_t iv[12], const uint8_t *in, size_t len)
{
    return FC_PEER(fc_aead_encrypt(NULL, FC_AES_GCM, out, tag, 16, key, key_len, iv, 12, NULL,
                                   0, in, len));
}

int peer_aes_ccm(uint8_t *out, uint8_t tag[16], const uint8_t *key, size_t key_len,
                 const uint8_t nonce[13], const uint8_t *in, size_t len)
{
    return FC_PEER(fc_aead_encrypt(NULL, FC_AES_CCM, out, tag, 16, key, key_len, nonce, 13,
                                   NULL, 0, in, len));
}

int peer_chacha20_poly1305(uint8_t *out, uint8_t tag[16], const uint8_t key[32],
                           const uint8_t nonce[12], const uint8_t *in, size_t len)
{
    return FC_PEER(fc_aead_encrypt(NULL, FC_CHACHA20_POLY1305, out, tag, 16, key, 32, nonce, 12,
                                   NULL, 0, in, len));
}

int peer_aes_cbc(uint8_t *out, const uint8_t *key, size_t key_len, const uint8_t iv[16],
                 const uint8_t *in, size_t len)
{
    size_t n = len;
    return FC_PEER(fc_cipher(NULL, FC_AES_CBC, FC_ENCRYPT, out, &n, key, key_len, iv, 16, in,
                             len));
}

int peer_cpace(uint8_t isk[64], uint8_t share[32], const uint8_t *gen, size_t gen_len,
               const uint8_t y[32], const uint8_t peer_share[32])
{
    uint8_t h[64], g[32], t[16 + 3 * 32];
    fc_status st = fc_hash(NULL, FC_SHA512, h, 64, gen, gen_len);
    h[31] &= 0x7f;
    if (st == FC_OK)
        st = fc_map(NULL, FC_ELLIGATOR2_CURVE25519, g, h);
    if (st == FC_OK)
        st = fc_xdh(NULL, FC_X25519, share, y, g);
    memcpy(t, PEER_CPACE_PREFIX, 16);
    if (st == FC_OK)
        st = fc_xdh(NULL, FC_X25519, t + 16, y, peer_share);
    memcpy(t + 48, peer_share, 32);
    memcpy(t + 80, share, 32);
    if (st == FC_OK)
        st = fc_hash(NULL, FC_SHA512, isk, 64, t, sizeof t);
    fc_zeroize(h, sizeof h);
    fc_zeroize(t, sizeof t);
    return FC_PEER(st);
}

int peer_p256_public(uint8_t pub[65], const uint8_t priv[32])
{
    return FC_PEER(fc_ec_public_key(NULL, FC_SECP256R1, pub, priv));
}

/* Seed 003's instances: fc_block contexts keyed for one direction each (fieldcrypt's AES has
 * one schedule for both directions; a context for FC_DECRYPT is what "set decryption key"
 * asks of it). */
static fc_block_ctx aes_enc, aes_dec;

/* A cover API's set-key re-keys its instance: the old schedule is wiped first (fc_block_init
 * refuses a live context). */
int peer_aes_set_encrypt_key(const uint8_t *key, size_t key_len)
{
    fc_block_wipe(&aes_enc);
    return FC_PEER(fc_block_init(&aes_enc, NULL, FC_AES, FC_ENCRYPT, key, key_len));
}

int peer_aes_encrypt(uint8_t *out, const uint8_t *in, size_t len)
{
    return FC_PEER(fc_block_encrypt(&aes_enc, out, in, len));
}

int peer_aes_set_decrypt_key(const uint8_t *key, size_t key_len)
{
    fc_block_wipe(&aes_dec);
    return FC_PEER(fc_block_init(&aes_dec, NULL, FC_AES, FC_DECRYPT, key, key_len));
}

int peer_aes_decrypt(uint8_t *out, const uint8_t *in, size_t len)
{
    return FC_PEER(fc_block_decrypt(&aes_dec, out, in, len));
}

/* RSA-2048 (only in an image that runs it, built with FC_WITH_RSA): the raw operations over
 * a static work area, the private one with base blinding from a xorshift stand-in for a
 * TRNG. */
#if PEER_WITH_RSA
#include "fieldcrypt/rsa.h"

static fc_rsa_work rsa_work;
static fc_rsa_private_key rsa_key;
static uint32_t rsa_rng_state = 0x2545f491u;

static int rsa_fill(void *user, uint8_t *dst, size_t len)
{
    (void)user;
    while (len--) {
        rsa_rng_state ^= rsa_rng_state << 13;
        rsa_rng_state ^= rsa_rng_state >> 17;
        rsa_rng_state ^= rsa_rng_state << 5;
        *dst++ = (uint8_t)rsa_rng_state;
    }
    return 0;
}

int peer_rsa_load(const peer_rsa_key *key)
{
    rsa_key.pub.n = key->n, rsa_key.pub.n_len = key->n_len;
    rsa_key.pub.e = key->e, rsa_key.pub.e_len = key->e_len;
    rsa_key.p = key->p, rsa_key.p_len = key->p_len;
    rsa_key.q = key->q, rsa_key.q_len = key->q_len;
    rsa_key.dp = key->dp, rsa_key.dp_len = key->dp_len;
    rsa_key.dq = key->dq, rsa_key.dq_len = key->dq_len;
    rsa_key.qinv = key->qinv, rsa_key.qinv_len = key->qinv_len;
    return PEER_OK;
}

int peer_rsa_public(uint8_t *out, const uint8_t *in, size_t len)
{
    return FC_PEER(fc_rsa_public_raw(NULL, &rsa_work, out, &rsa_key.pub, in, len));
}

int peer_rsa_private(uint8_t *out, const uint8_t *in, size_t len)
{
    const fc_rng rng = {rsa_fill, NULL};
    return FC_PEER(fc_rsa_private_raw(NULL, &rng, &rsa_work, out, &rsa_key, in, len));
}
#else
#define PEER_LACKS_RSA
#include "absent.h"
#endif
