/* The constant-flow check's symmetric half (test_constant_flow.c runs it): every keyed path of
 * the soft provider and the core's modes with key, data, IVs' secrets and DRBG entropy marked
 * undefined. Tag, padding and unwrap verdicts, and a padded message's length, are public by
 * design (the library declassifies them); everything before them must not branch or index on
 * a secret. Both a passing and a failing check run for each verdict. */
#include <string.h>

#include <valgrind/memcheck.h>

#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))

void check_symmetric(const fc_provider *soft);

static void fill(uint8_t *p, size_t n, uint8_t seed)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = (uint8_t)(seed + 29 * i);
}

static void legacy_hashes(const fc_provider *soft, const uint8_t *key, const uint8_t *data)
{
    static const fc_alg hashes[3] = {FC_SHA1, FC_MD5, FC_SM3};
    static const fc_alg macs[3] = {FC_HMAC_SHA1, FC_HMAC_MD5, FC_HMAC_SM3};
    static const fc_alg kdfs[3] = {FC_HKDF_SHA1, FC_HKDF_MD5, FC_HKDF_SM3};
    uint8_t out[64];
    int a;
    for (a = 0; a < 3; a++) {
        CHECK(fc_hash(soft, hashes[a], out, sizeof(out), data, 200) == FC_OK, "hash");
        CHECK(fc_mac(soft, macs[a], out, sizeof(out), key, 100, data, 150) == FC_OK, "hmac");
        CHECK(fc_kdf(soft, kdfs[a], out, 40, key, 16, data, 32, data + 32, 8) == FC_OK, "hkdf");
    }
}

static void blocks(const fc_provider *soft, const uint8_t *key, const uint8_t *data)
{
    static const fc_alg modes[5] = {FC_AES_ECB, FC_AES_CBC, FC_AES_CBC_PKCS7, FC_AES_CTR,
                                    FC_AES_CTR32};
    static const size_t key_lens[3] = {16, 24, 32};
    uint8_t out[112], back[112], iv[16];
    size_t n, m, k, i;
    fc_block_ctx b;
    fc_status st;
    fill(iv, sizeof(iv), 9);
    for (k = 0; k < 3; k++) {
        b.magic = 0;
        CHECK(fc_block_init(&b, soft, FC_AES, FC_ENCRYPT | FC_DECRYPT, key, key_lens[k]) == FC_OK &&
                  fc_block_encrypt(&b, out, data, 80) == FC_OK &&
                  fc_block_decrypt(&b, back, out, 80) == FC_OK, "aes");
        fc_block_wipe(&b);
    }
    for (i = 0; i < 5; i++) {
        n = sizeof(out);
        CHECK(fc_cipher(soft, modes[i], FC_ENCRYPT, out, &n, key, 16, iv,
                        modes[i] == FC_AES_ECB ? 0 : 16, data, 96) == FC_OK, "mode encrypt");
        m = sizeof(back);
        CHECK(fc_cipher(soft, modes[i], FC_DECRYPT, back, &m, key, 16, iv,
                        modes[i] == FC_AES_ECB ? 0 : 16, out, n) == FC_OK, "mode decrypt");
    }
    /* wrong padding: the verdict is public, nothing before it branches on the plaintext */
    n = 96;
    CHECK(fc_cipher(soft, FC_AES_CBC, FC_ENCRYPT, out, &n, key, 16, iv, 16, data, 96) == FC_OK,
          "cbc raw");
    m = sizeof(back);
    st = fc_cipher(soft, FC_AES_CBC_PKCS7, FC_DECRYPT, back, &m, key, 16, iv, 16, out, 96);
    CHECK(st == FC_OK || st == FC_ERR_PADDING, "padding verdict");
    n = 48;
    CHECK(fc_cipher(soft, FC_TDES_CBC, FC_ENCRYPT, out, &n, key, 24, iv, 8, data, 48) == FC_OK &&
              fc_cipher(soft, FC_DES_ECB, FC_ENCRYPT, out, &n, key, 8, NULL, 0, data, 48) == FC_OK,
          "des");
}

static void aeads(const fc_provider *soft, const uint8_t *key, const uint8_t *data)
{
    static const fc_alg algs[4] = {FC_AES_GCM, FC_AES_CCM, FC_CHACHA20_POLY1305,
                                   FC_XCHACHA20_POLY1305};
    static const size_t nonce_lens[4] = {12, 13, 12, 24};
    uint8_t out[100], back[100], tag[16], nonce[24], aad[20];
    size_t len = sizeof(out);
    int i;
    fill(nonce, sizeof(nonce), 11);
    fill(aad, sizeof(aad), 12);
    for (i = 0; i < 4; i++) {
        CHECK(fc_aead_encrypt(soft, algs[i], out, tag, 16, key, i < 2 ? 16 : 32, nonce,
                              nonce_lens[i], aad, sizeof(aad), data, 77) == FC_OK, "seal");
        CHECK(fc_aead_decrypt(soft, algs[i], back, key, i < 2 ? 16 : 32, nonce, nonce_lens[i],
                              aad, sizeof(aad), out, 77, tag, 16) == FC_OK, "open");
        tag[3] ^= 1;
        CHECK(fc_aead_decrypt(soft, algs[i], back, key, i < 2 ? 16 : 32, nonce, nonce_lens[i],
                              aad, sizeof(aad), out, 77, tag, 16) == FC_ERR_VERIFY, "forgery");
    }
    CHECK(fc_mac(soft, FC_AES_CMAC, tag, 16, key, 16, data, 70) == FC_OK, "cmac");
    CHECK(fc_mac(soft, FC_POLY1305, tag, 16, key, 32, data, 70) == FC_OK, "poly1305");
    CHECK(fc_stream(soft, FC_CHACHA20, out, data, 90, key, 32, nonce, 12) == FC_OK &&
              fc_stream(soft, FC_XCHACHA20, out, data, 90, key, 32, nonce, 24) == FC_OK,
          "chacha20");
    CHECK(fc_wrap(soft, FC_AES_KW, out, &len, key, 16, data, 32) == FC_OK, "wrap");
    len = sizeof(back);
    CHECK(fc_unwrap(soft, FC_AES_KW, back, &len, key, 16, out, 40) == FC_OK, "unwrap");
    out[5] ^= 1;
    len = sizeof(back);
    CHECK(fc_unwrap(soft, FC_AES_KW, back, &len, key, 16, out, 40) == FC_ERR_VERIFY, "unwrap bad");
    len = sizeof(out);
    CHECK(fc_wrap(soft, FC_AES_KWP, out, &len, key, 16, data, 21) == FC_OK, "wrap pad");
    len = sizeof(back);
    CHECK(fc_unwrap(soft, FC_AES_KWP, back, &len, key, 16, out, 32) == FC_OK, "unwrap pad");
}

static void drbgs(const fc_provider *soft, const uint8_t *key)
{
    static const fc_alg algs[4] = {FC_HMAC_DRBG_SHA256, FC_HMAC_DRBG_SHA512, FC_CTR_DRBG_AES128,
                                   FC_CTR_DRBG_AES256};
    uint8_t out[80];
    fc_drbg_ctx d;
    int i;
    for (i = 0; i < 4; i++) {
        d.magic = 0;
        CHECK(fc_drbg_init_seeded(&d, soft, algs[i], NULL, 0, key, 32, key + 32, 16, NULL, 0) ==
                  FC_OK && fc_drbg_generate(&d, out, sizeof(out), key + 48, 8) == FC_OK &&
                  fc_drbg_reseed(&d, key + 8, 32, NULL, 0) == FC_OK &&
                  fc_drbg_generate(&d, out, sizeof(out), NULL, 0) == FC_OK, "drbg");
        fc_drbg_wipe(&d);
    }
    d.magic = 0;
    CHECK(fc_drbg_init_seeded(&d, soft, FC_CTR_DRBG_AES256, NULL, FC_DRBG_NO_DF, key, 48, NULL, 0,
                              NULL, 0) == FC_OK &&
              fc_drbg_generate(&d, out, sizeof(out), NULL, 0) == FC_OK, "ctr_drbg no df");
    fc_drbg_wipe(&d);
}

void check_symmetric(const fc_provider *soft)
{
    uint8_t key[150], data[200];
    fill(key, sizeof(key), 7);
    fill(data, sizeof(data), 8);
    key[0] = 0x13; /* not a weak DES key */
    SECRET(key, sizeof(key));
    SECRET(data, sizeof(data));
    legacy_hashes(soft, key, data);
    blocks(soft, key, data);
    aeads(soft, key, data);
    drbgs(soft, key);
}
