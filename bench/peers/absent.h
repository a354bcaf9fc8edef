/* PEER_ABSENT bodies for the operations a library lacks: a peer_<library>.c defines
 * PEER_LACKS_<OPERATION> for each before including this header (PEER_LACKS_AES: every AES
 * operation; PEER_LACKS_AES_MODES: the modes only, the seed-003 key schedule set being there). */
#ifndef FC_PEER_ABSENT_H
#define FC_PEER_ABSENT_H

#include "peer.h"

#define PEER_UNUSED(x) (void)(x)

#ifdef PEER_LACKS_X25519
int peer_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
    PEER_UNUSED(out); PEER_UNUSED(scalar); PEER_UNUSED(u);
    return PEER_ABSENT;
}
#endif
#ifdef PEER_LACKS_ED25519
int peer_ed25519_sign(uint8_t sig[64], const uint8_t seed[32], const uint8_t pub[32],
                      const uint8_t *msg, size_t len)
{
    PEER_UNUSED(sig); PEER_UNUSED(seed); PEER_UNUSED(pub); PEER_UNUSED(msg); PEER_UNUSED(len);
    return PEER_ABSENT;
}
int peer_ed25519_verify(const uint8_t pub[32], const uint8_t *msg, size_t len,
                        const uint8_t sig[64])
{
    PEER_UNUSED(pub); PEER_UNUSED(msg); PEER_UNUSED(len); PEER_UNUSED(sig);
    return PEER_ABSENT;
}
#endif
#ifdef PEER_LACKS_P256
int peer_p256_ecdh(uint8_t shared[32], const uint8_t priv[32], const uint8_t peer[65])
{
    PEER_UNUSED(shared); PEER_UNUSED(priv); PEER_UNUSED(peer);
    return PEER_ABSENT;
}
int peer_p256_sign(uint8_t sig[64], const uint8_t priv[32], const uint8_t digest[32])
{
    PEER_UNUSED(sig); PEER_UNUSED(priv); PEER_UNUSED(digest);
    return PEER_ABSENT;
}
int peer_p256_verify(const uint8_t pub[65], const uint8_t digest[32], const uint8_t sig[64])
{
    PEER_UNUSED(pub); PEER_UNUSED(digest); PEER_UNUSED(sig);
    return PEER_ABSENT;
}
int peer_p256_public(uint8_t pub[65], const uint8_t priv[32])
{
    PEER_UNUSED(pub); PEER_UNUSED(priv);
    return PEER_ABSENT;
}
#endif
#ifdef PEER_LACKS_SHA256
int peer_sha256(uint8_t digest[32], const uint8_t *msg, size_t len)
{
    PEER_UNUSED(digest); PEER_UNUSED(msg); PEER_UNUSED(len);
    return PEER_ABSENT;
}
#endif
#ifdef PEER_LACKS_SHA512
int peer_sha512(uint8_t digest[64], const uint8_t *msg, size_t len)
{
    PEER_UNUSED(digest); PEER_UNUSED(msg); PEER_UNUSED(len);
    return PEER_ABSENT;
}
#endif
#if defined(PEER_LACKS_AES) || defined(PEER_LACKS_AES_MODES)
int peer_aes_ctr(uint8_t *out, const uint8_t *key, size_t key_len, const uint8_t iv[16],
                 const uint8_t *in, size_t len)
{
    PEER_UNUSED(out); PEER_UNUSED(key); PEER_UNUSED(key_len); PEER_UNUSED(iv); PEER_UNUSED(in);
    PEER_UNUSED(len);
    return PEER_ABSENT;
}
int peer_aes_gcm(uint8_t *out, uint8_t tag[16], const uint8_t *key, size_t key_len,
                 const uint8_t iv[12], const uint8_t *in, size_t len)
{
    PEER_UNUSED(out); PEER_UNUSED(tag); PEER_UNUSED(key); PEER_UNUSED(key_len); PEER_UNUSED(iv);
    PEER_UNUSED(in); PEER_UNUSED(len);
    return PEER_ABSENT;
}
int peer_aes_ccm(uint8_t *out, uint8_t tag[16], const uint8_t *key, size_t key_len,
                 const uint8_t nonce[13], const uint8_t *in, size_t len)
{
    PEER_UNUSED(out); PEER_UNUSED(tag); PEER_UNUSED(key); PEER_UNUSED(key_len);
    PEER_UNUSED(nonce); PEER_UNUSED(in); PEER_UNUSED(len);
    return PEER_ABSENT;
}
int peer_aes_cbc(uint8_t *out, const uint8_t *key, size_t key_len, const uint8_t iv[16],
                 const uint8_t *in, size_t len)
{
    PEER_UNUSED(out); PEER_UNUSED(key); PEER_UNUSED(key_len); PEER_UNUSED(iv); PEER_UNUSED(in);
    PEER_UNUSED(len);
    return PEER_ABSENT;
}
#endif
#ifdef PEER_LACKS_CPACE
int peer_cpace(uint8_t isk[64], uint8_t share[32], const uint8_t *gen, size_t gen_len,
               const uint8_t y[32], const uint8_t peer_share[32])
{
    PEER_UNUSED(isk); PEER_UNUSED(share); PEER_UNUSED(gen); PEER_UNUSED(gen_len);
    PEER_UNUSED(y); PEER_UNUSED(peer_share);
    return PEER_ABSENT;
}
#endif
#ifdef PEER_LACKS_AES
int peer_aes_set_encrypt_key(const uint8_t *key, size_t key_len)
{
    PEER_UNUSED(key); PEER_UNUSED(key_len);
    return PEER_ABSENT;
}
int peer_aes_encrypt(uint8_t *out, const uint8_t *in, size_t len)
{
    PEER_UNUSED(out); PEER_UNUSED(in); PEER_UNUSED(len);
    return PEER_ABSENT;
}
int peer_aes_set_decrypt_key(const uint8_t *key, size_t key_len)
{
    PEER_UNUSED(key); PEER_UNUSED(key_len);
    return PEER_ABSENT;
}
int peer_aes_decrypt(uint8_t *out, const uint8_t *in, size_t len)
{
    PEER_UNUSED(out); PEER_UNUSED(in); PEER_UNUSED(len);
    return PEER_ABSENT;
}
#endif
#ifdef PEER_LACKS_RSA
int peer_rsa_load(const peer_rsa_key *key)
{
    PEER_UNUSED(key);
    return PEER_ABSENT;
}
int peer_rsa_public(uint8_t *out, const uint8_t *in, size_t len)
{
    PEER_UNUSED(out); PEER_UNUSED(in); PEER_UNUSED(len);
    return PEER_ABSENT;
}
int peer_rsa_private(uint8_t *out, const uint8_t *in, size_t len)
{
    PEER_UNUSED(out); PEER_UNUSED(in); PEER_UNUSED(len);
    return PEER_ABSENT;
}
#endif
#ifdef PEER_LACKS_CHACHAPOLY
int peer_chacha20_poly1305(uint8_t *out, uint8_t tag[16], const uint8_t key[32],
                           const uint8_t nonce[12], const uint8_t *in, size_t len)
{
    PEER_UNUSED(out); PEER_UNUSED(tag); PEER_UNUSED(key); PEER_UNUSED(nonce); PEER_UNUSED(in);
    PEER_UNUSED(len);
    return PEER_ABSENT;
}
#endif

#endif
