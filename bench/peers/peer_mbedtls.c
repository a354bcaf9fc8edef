/* mbedTLS 3.6 (peers/peers.json) through its classic API, configured by
 * bench/peers/fc_mbedtls_config.h. X25519 is mbedtls_ecp_mul on Curve25519, P-256 ECDH
 * mbedtls_ecp_mul after mbedtls_ecp_check_pubkey (the peer point validated, as fieldcrypt
 * does), ECDSA mbedtls_ecdsa_sign / _verify on the raw r and s (ECP_NIST_OPTIM's fast
 * reduction; the fixed-point comb of the default configuration). The RNG randomises the
 * coordinates and draws the nonces: a fixed xorshift here (the cycles do not depend on its
 * values). */
#include <string.h>

#include "mbedtls/aes.h"
#include "mbedtls/ccm.h"
#include "mbedtls/chachapoly.h"
#include "mbedtls/ecdsa.h"
#include "mbedtls/ecp.h"
#include "mbedtls/gcm.h"
#include "mbedtls/memory_buffer_alloc.h"
#include "mbedtls/rsa.h"
#include "mbedtls/sha256.h"
#include "mbedtls/sha512.h"

#include "peer.h"

#define PEER_LACKS_ED25519
#define PEER_LACKS_CPACE
#if !PEER_WITH_RSA
#define PEER_LACKS_RSA
#endif
#include "absent.h"

static unsigned char heap[16 * 1024];
static uint32_t rng_state = 0x9e3779b9u;

static int rng(void *ctx, unsigned char *out, size_t len)
{
    (void)ctx;
    while (len--) {
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 17;
        rng_state ^= rng_state << 5;
        *out++ = (unsigned char)rng_state;
    }
    return 0;
}

void *peer_no_calloc(size_t n, size_t size)
{
    (void)n; (void)size;
    return NULL;
}

void peer_no_free(void *p)
{
    (void)p;
}

int peer_setup(void)
{
    mbedtls_memory_buffer_alloc_init(heap, sizeof heap);
    return PEER_OK;
}

int peer_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
    mbedtls_ecp_group grp;
    mbedtls_ecp_point p, r;
    mbedtls_mpi k;
    int ret;

    mbedtls_ecp_group_init(&grp);
    mbedtls_ecp_point_init(&p);
    mbedtls_ecp_point_init(&r);
    mbedtls_mpi_init(&k);
    ret = mbedtls_ecp_group_load(&grp, MBEDTLS_ECP_DP_CURVE25519);
    if (ret == 0) /* RFC 7748 decoding: little-endian, bit 255 of u masked, scalar clamped */
        ret = mbedtls_ecp_point_read_binary(&grp, &p, u, 32);
    if (ret == 0)
        ret = mbedtls_mpi_read_binary_le(&k, scalar, 32);
    if (ret == 0)
        ret = mbedtls_mpi_set_bit(&k, 0, 0) | mbedtls_mpi_set_bit(&k, 1, 0) |
              mbedtls_mpi_set_bit(&k, 2, 0) | mbedtls_mpi_set_bit(&k, 255, 0) |
              mbedtls_mpi_set_bit(&k, 254, 1);
    if (ret == 0)
        ret = mbedtls_ecp_mul(&grp, &r, &k, &p, rng, NULL);
    if (ret == 0)
        ret = mbedtls_ecp_point_write_binary(&grp, &r, MBEDTLS_ECP_PF_UNCOMPRESSED, &(size_t){0},
                                             out, 32);
    mbedtls_mpi_free(&k);
    mbedtls_ecp_point_free(&r);
    mbedtls_ecp_point_free(&p);
    mbedtls_ecp_group_free(&grp);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

int peer_sha256(uint8_t digest[32], const uint8_t *msg, size_t len)
{
    return mbedtls_sha256(msg, len, digest, 0) == 0 ? PEER_OK : PEER_FAILED;
}

int peer_sha512(uint8_t digest[64], const uint8_t *msg, size_t len)
{
    return mbedtls_sha512(msg, len, digest, 0) == 0 ? PEER_OK : PEER_FAILED;
}

/* P-256 group and a point read from 65 SEC1 bytes and validated. */
static int p256_point(mbedtls_ecp_group *grp, mbedtls_ecp_point *q, const uint8_t pub[65])
{
    int ret = mbedtls_ecp_group_load(grp, MBEDTLS_ECP_DP_SECP256R1);
    if (ret == 0)
        ret = mbedtls_ecp_point_read_binary(grp, q, pub, 65);
    if (ret == 0)
        ret = mbedtls_ecp_check_pubkey(grp, q);
    return ret;
}

int peer_p256_ecdh(uint8_t shared[32], const uint8_t priv[32], const uint8_t peer[65])
{
    mbedtls_ecp_group grp;
    mbedtls_ecp_point q, r;
    mbedtls_mpi d;
    int ret;

    mbedtls_ecp_group_init(&grp);
    mbedtls_ecp_point_init(&q);
    mbedtls_ecp_point_init(&r);
    mbedtls_mpi_init(&d);
    ret = p256_point(&grp, &q, peer);
    if (ret == 0)
        ret = mbedtls_mpi_read_binary(&d, priv, 32);
    if (ret == 0)
        ret = mbedtls_ecp_mul(&grp, &r, &d, &q, rng, NULL);
    if (ret == 0)
        ret = mbedtls_mpi_write_binary(&r.MBEDTLS_PRIVATE(X), shared, 32);
    mbedtls_mpi_free(&d);
    mbedtls_ecp_point_free(&r);
    mbedtls_ecp_point_free(&q);
    mbedtls_ecp_group_free(&grp);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

int peer_p256_sign(uint8_t sig[64], const uint8_t priv[32], const uint8_t digest[32])
{
    mbedtls_ecp_group grp;
    mbedtls_mpi d, r, s;
    int ret;

    mbedtls_ecp_group_init(&grp);
    mbedtls_mpi_init(&d);
    mbedtls_mpi_init(&r);
    mbedtls_mpi_init(&s);
    ret = mbedtls_ecp_group_load(&grp, MBEDTLS_ECP_DP_SECP256R1);
    if (ret == 0)
        ret = mbedtls_mpi_read_binary(&d, priv, 32);
    if (ret == 0)
        ret = mbedtls_ecdsa_sign(&grp, &r, &s, &d, digest, 32, rng, NULL);
    if (ret == 0)
        ret = mbedtls_mpi_write_binary(&r, sig, 32);
    if (ret == 0)
        ret = mbedtls_mpi_write_binary(&s, sig + 32, 32);
    mbedtls_mpi_free(&s);
    mbedtls_mpi_free(&r);
    mbedtls_mpi_free(&d);
    mbedtls_ecp_group_free(&grp);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

int peer_p256_verify(const uint8_t pub[65], const uint8_t digest[32], const uint8_t sig[64])
{
    mbedtls_ecp_group grp;
    mbedtls_ecp_point q;
    mbedtls_mpi r, s;
    int ret;

    mbedtls_ecp_group_init(&grp);
    mbedtls_ecp_point_init(&q);
    mbedtls_mpi_init(&r);
    mbedtls_mpi_init(&s);
    ret = p256_point(&grp, &q, pub);
    if (ret == 0)
        ret = mbedtls_mpi_read_binary(&r, sig, 32);
    if (ret == 0)
        ret = mbedtls_mpi_read_binary(&s, sig + 32, 32);
    if (ret == 0)
        ret = mbedtls_ecdsa_verify(&grp, digest, 32, &q, &r, &s);
    mbedtls_mpi_free(&s);
    mbedtls_mpi_free(&r);
    mbedtls_ecp_point_free(&q);
    mbedtls_ecp_group_free(&grp);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

int peer_aes_ctr(uint8_t *out, const uint8_t *key, size_t key_len, const uint8_t iv[16],
                 const uint8_t *in, size_t len)
{
    mbedtls_aes_context aes;
    unsigned char counter[16], stream[16];
    size_t off = 0;
    int ret;

    memcpy(counter, iv, 16);
    mbedtls_aes_init(&aes);
    ret = mbedtls_aes_setkey_enc(&aes, key, (unsigned)(8 * key_len));
    if (ret == 0)
        ret = mbedtls_aes_crypt_ctr(&aes, len, &off, counter, stream, in, out);
    mbedtls_aes_free(&aes);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

int peer_aes_gcm(uint8_t *out, uint8_t tag[16], const uint8_t *key, size_t key_len,
                 const uint8_t iv[12], const uint8_t *in, size_t len)
{
    mbedtls_gcm_context gcm;
    int ret;

    mbedtls_gcm_init(&gcm);
    ret = mbedtls_gcm_setkey(&gcm, MBEDTLS_CIPHER_ID_AES, key, (unsigned)(8 * key_len));
    if (ret == 0)
        ret = mbedtls_gcm_crypt_and_tag(&gcm, MBEDTLS_GCM_ENCRYPT, len, iv, 12, NULL, 0, in, out,
                                        16, tag);
    mbedtls_gcm_free(&gcm);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

int peer_aes_ccm(uint8_t *out, uint8_t tag[16], const uint8_t *key, size_t key_len,
                 const uint8_t nonce[13], const uint8_t *in, size_t len)
{
    mbedtls_ccm_context ccm;
    int ret;

    mbedtls_ccm_init(&ccm);
    ret = mbedtls_ccm_setkey(&ccm, MBEDTLS_CIPHER_ID_AES, key, (unsigned)(8 * key_len));
    if (ret == 0)
        ret = mbedtls_ccm_encrypt_and_tag(&ccm, len, nonce, 13, NULL, 0, in, out, tag, 16);
    mbedtls_ccm_free(&ccm);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

int peer_chacha20_poly1305(uint8_t *out, uint8_t tag[16], const uint8_t key[32],
                           const uint8_t nonce[12], const uint8_t *in, size_t len)
{
    mbedtls_chachapoly_context cp;
    int ret;

    mbedtls_chachapoly_init(&cp);
    ret = mbedtls_chachapoly_setkey(&cp, key);
    if (ret == 0)
        ret = mbedtls_chachapoly_encrypt_and_tag(&cp, len, nonce, NULL, 0, in, out, tag);
    mbedtls_chachapoly_free(&cp);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

int peer_aes_cbc(uint8_t *out, const uint8_t *key, size_t key_len, const uint8_t iv[16],
                 const uint8_t *in, size_t len)
{
    mbedtls_aes_context aes;
    unsigned char chain[16];
    int ret;

    memcpy(chain, iv, 16);
    mbedtls_aes_init(&aes);
    ret = mbedtls_aes_setkey_enc(&aes, key, (unsigned)(8 * key_len));
    if (ret == 0)
        ret = mbedtls_aes_crypt_cbc(&aes, MBEDTLS_AES_ENCRYPT, len, chain, in, out);
    mbedtls_aes_free(&aes);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

/* mbedtls_ecp_mul_restartable's fixed-base comb for G (MBEDTLS_ECP_FIXED_POINT_OPTIM), as
 * mbedtls_ecp_gen_keypair does after drawing d. */
int peer_p256_public(uint8_t pub[65], const uint8_t priv[32])
{
    mbedtls_ecp_group grp;
    mbedtls_ecp_point q;
    mbedtls_mpi d;
    size_t n = 0;
    int ret;

    mbedtls_ecp_group_init(&grp);
    mbedtls_ecp_point_init(&q);
    mbedtls_mpi_init(&d);
    ret = mbedtls_ecp_group_load(&grp, MBEDTLS_ECP_DP_SECP256R1);
    if (ret == 0)
        ret = mbedtls_mpi_read_binary(&d, priv, 32);
    if (ret == 0)
        ret = mbedtls_ecp_mul(&grp, &q, &d, &grp.G, rng, NULL);
    if (ret == 0)
        ret = mbedtls_ecp_point_write_binary(&grp, &q, MBEDTLS_ECP_PF_UNCOMPRESSED, &n, pub, 65);
    mbedtls_mpi_free(&d);
    mbedtls_ecp_point_free(&q);
    mbedtls_ecp_group_free(&grp);
    return ret == 0 && n == 65 ? PEER_OK : PEER_FAILED;
}

/* Seed 003's instances: one mbedtls_aes_context per direction (the decryption one holds the
 * inverse schedule mbedtls_aes_setkey_dec derives). Tables: RAM (generated on first use) by
 * default, flash with MBEDTLS_AES_ROM_TABLES (the "mbedtls-rom" image). */
static mbedtls_aes_context aes_enc, aes_dec;

int peer_aes_set_encrypt_key(const uint8_t *key, size_t key_len)
{
    return mbedtls_aes_setkey_enc(&aes_enc, key, (unsigned)(key_len * 8)) == 0 ? PEER_OK
                                                                                : PEER_FAILED;
}

int peer_aes_encrypt(uint8_t *out, const uint8_t *in, size_t len)
{
    size_t i;

    for (i = 0; i + 16 <= len; i += 16)
        if (mbedtls_aes_crypt_ecb(&aes_enc, MBEDTLS_AES_ENCRYPT, in + i, out + i) != 0)
            return PEER_FAILED;
    return PEER_OK;
}

int peer_aes_set_decrypt_key(const uint8_t *key, size_t key_len)
{
    return mbedtls_aes_setkey_dec(&aes_dec, key, (unsigned)(key_len * 8)) == 0 ? PEER_OK
                                                                                : PEER_FAILED;
}

int peer_aes_decrypt(uint8_t *out, const uint8_t *in, size_t len)
{
    size_t i;

    for (i = 0; i + 16 <= len; i += 16)
        if (mbedtls_aes_crypt_ecb(&aes_dec, MBEDTLS_AES_DECRYPT, in + i, out + i) != 0)
            return PEER_FAILED;
    return PEER_OK;
}

#if PEER_WITH_RSA
/* RSA-2048: mbedtls_rsa_import_raw of n, p, q and e, and mbedtls_rsa_complete deriving d and
 * the CRT values (untimed, in the load); then mbedtls_rsa_public and mbedtls_rsa_private
 * (CRT, its blinding from the RNG, its own check of the result). */
static mbedtls_rsa_context rsa;

int peer_rsa_load(const peer_rsa_key *key)
{
    int ret;

    mbedtls_rsa_init(&rsa);
    ret = mbedtls_rsa_import_raw(&rsa, key->n, key->n_len, key->p, key->p_len, key->q,
                                 key->q_len, NULL, 0, key->e, key->e_len);
    if (ret == 0)
        ret = mbedtls_rsa_complete(&rsa);
    return ret == 0 ? PEER_OK : PEER_FAILED;
}

int peer_rsa_public(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)len;
    return mbedtls_rsa_public(&rsa, in, out) == 0 ? PEER_OK : PEER_FAILED;
}

int peer_rsa_private(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)len;
    return mbedtls_rsa_private(&rsa, rng, NULL, in, out) == 0 ? PEER_OK : PEER_FAILED;
}
#endif
