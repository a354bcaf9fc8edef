/* The "wolfssl" provider (src/providers/wolfssl/): where the registry puts it and what it
 * implements itself; known answers; its hashes, Poly1305 and HMAC (the core's mode over its
 * hashes) against soft split at every offset of short inputs, state areas zero once finished; AES
 * under the core's CBC and CTR split anywhere, DES and 3DES in ECB and CBC; ChaCha20's streams and
 * the end of both counters; the AEADs against soft (with what wolfCrypt does not take: GCM's
 * 8-byte tags, run by soft behind the same context), tampered tags refused and the output wiped;
 * X25519 and X448 zero results; ECDH and ECDSA verification against soft on every curve it has,
 * points off the curve refused; Ed25519, Ed25519ctx and Ed25519ph signatures equal to soft's and
 * eddsa.h's strict refusals; HKDF against soft; bad lengths and out-of-order calls; RSA's raw
 * operations and key generation on its own descriptor (pc_check_rsa). Skipped when the build
 * has no wolfSSL.
 */
#include <string.h>

#include "fieldcrypt/driver.h"
#include "fieldcrypt/fieldcrypt.h"
#include "fieldcrypt/ec.h"
#include "fieldcrypt/eddsa.h"
#include "fieldcrypt/kdf.h"
#include "fieldcrypt/xdh.h"
#include "provider_checks.h"
#include "testutil.h"

#if FC_WITH_WOLFSSL

static const fc_provider *wolf, *soft;

static void test_registry(void)
{
    static const fc_alg mine[] = {
        FC_SHA1, FC_SHA224, FC_SHA256, FC_MD5, FC_HKDF_SHA256, FC_HKDF_SHA512, FC_POLY1305,
        FC_CHACHA20, FC_AES, FC_AES_GCM, FC_AES_CCM, FC_CHACHA20_POLY1305, FC_X25519, FC_X448,
        FC_SECP256R1, FC_SECP521R1, FC_BRAINPOOLP256R1, FC_ED25519, FC_ED25519CTX,
        FC_ED25519PH, FC_DES, FC_TDES, FC_RSA,
        /* the core's modes over its own */
        FC_HMAC_SHA256, FC_AES_CBC, FC_AES_CTR, FC_AES_CMAC, FC_AES_KW, FC_XCHACHA20,
        FC_XCHACHA20_POLY1305};
    static const fc_alg soft_only[] = {FC_SHA384, FC_SHA512, FC_SM3, FC_SALSA20, FC_X19119,
                                       FC_SECP224K1, FC_ELLIGATOR2_CURVE25519, FC_HMAC_SM3};
    pc_check_registry("wolfssl", "sodium", mine, PC_COUNT(mine), soft_only,
                      PC_COUNT(soft_only));
}

static void test_known_answers(void)
{
    static const fc_alg algs[] = {FC_SHA1,   FC_SHA224, FC_SHA256,     FC_MD5, FC_POLY1305,
                                  FC_X25519, FC_X448,   FC_HKDF_SHA256};
    pc_check_vectors(wolf, algs, PC_COUNT(algs));
    /* wolfCrypt keys AES for both directions in one context */
    pc_check_aes_fips197(wolf, FC_ENCRYPT | FC_DECRYPT, 1, 1);
}

/* hashes and MACs split at every offset of messages up to 130 bytes, against soft */
static void test_split_hash_mac(void)
{
    static const fc_alg hashes[] = {FC_SHA1, FC_SHA224, FC_SHA256, FC_MD5};
    static const fc_alg hmacs[] = {FC_HMAC_SHA256, FC_HMAC_SHA1};
    static const size_t hmac_keys[] = {0, 20, 64, 131};
    static const size_t cmac_keys[] = {16, 24, 32, 16};
    size_t a, k;
    for (a = 0; a < PC_COUNT(hashes); a++)
        pc_check_hash_split(wolf, hashes[a]);
    /* HMAC and CMAC too run on wolfssl's descriptors: the core's modes, bound to its hashes
     * and AES */
    for (a = 0; a < PC_COUNT(hmacs); a++)
        for (k = 0; k < PC_COUNT(hmac_keys); k++)
            pc_check_mac_split(wolf, hmacs[a], hmac_keys[k], 3);
    for (k = 0; k < 4; k++) /* four random keys */
        pc_check_mac_split(wolf, FC_POLY1305, 32, 3);
    for (k = 0; k < PC_COUNT(cmac_keys); k++)
        pc_check_mac_split(wolf, FC_AES_CMAC, cmac_keys[k], 3);
}

/* AES under the core's CBC and CTR, split anywhere, against soft */
static void test_aes_modes(void)
{
    static const fc_alg modes[] = {FC_AES_CBC, FC_AES_CTR, FC_AES_CTR32};
    uint8_t key[32], iv[16], in[96], want[112], got[112];
    size_t m, k, len, cut;
    tu_fill_random(key, sizeof(key));
    tu_fill_random(iv, sizeof(iv));
    tu_fill_random(in, sizeof(in));
    for (m = 0; m < 3; m++) {
        for (k = 16; k <= 32; k += 8) {
            int ok = 1, wiped = 1;
            for (len = 0; len <= sizeof(in); len += modes[m] == FC_AES_CBC ? 16 : 5) {
                size_t want_len = sizeof(want);
                ok &= fc_cipher(soft, modes[m], FC_ENCRYPT, want, &want_len, key, k, iv, 16, in,
                                len) == FC_OK;
                for (cut = 0; cut <= len; cut++) {
                    fc_cipher_ctx ctx;
                    size_t n1 = 0, n2 = 0, n3 = 0;
                    memset(&ctx, 0, sizeof(ctx));
                    ok &= fc_cipher_init(&ctx, wolf, modes[m], FC_ENCRYPT, key, k, iv, 16) ==
                              FC_OK &&
                          fc_cipher_update(&ctx, got, &n1, in, cut) == FC_OK &&
                          fc_cipher_update(&ctx, got + n1, &n2, in + cut, len - cut) == FC_OK &&
                          fc_cipher_final(&ctx, got + n1 + n2, &n3) == FC_OK &&
                          n1 + n2 + n3 == want_len && memcmp(got, want, want_len) == 0;
                    wiped &= tu_all_zero(&ctx.state, sizeof(ctx.state));
                }
                {
                    size_t back = sizeof(got);
                    ok &= fc_cipher(wolf, modes[m], FC_DECRYPT, got, &back, key, k, iv, 16,
                                    want, want_len) == FC_OK &&
                          back == len && memcmp(got, in, len) == 0;
                }
            }
            CHECK(ok && wiped, "AES mode %d, %zu-byte key, as soft's split anywhere", modes[m],
                  k);
        }
    }
    {
        /* DES and 3DES (8, 16, 24-byte keys) in ECB and CBC both ways, against soft */
        static const struct { fc_alg alg; size_t key_len, iv_len; } des[] = {
            {FC_DES_ECB, 8, 0}, {FC_DES_CBC, 8, 8}, {FC_TDES_ECB, 24, 0},
            {FC_TDES_CBC, 24, 8}, {FC_TDES_CBC, 16, 8}};
        for (m = 0; m < PC_COUNT(des); m++) {
            int ok = 1;
            for (len = 0; len <= sizeof(in); len += 8) {
                size_t want_len = sizeof(want), got_len = sizeof(got), back = sizeof(got);
                uint8_t back_buf[112];
                ok &= fc_cipher(soft, des[m].alg, FC_ENCRYPT, want, &want_len, key,
                                des[m].key_len, des[m].iv_len ? iv : NULL, des[m].iv_len, in,
                                len) == FC_OK &&
                      fc_cipher(wolf, des[m].alg, FC_ENCRYPT, got, &got_len, key,
                                des[m].key_len, des[m].iv_len ? iv : NULL, des[m].iv_len, in,
                                len) == FC_OK &&
                      got_len == want_len && memcmp(got, want, len) == 0 &&
                      fc_cipher(wolf, des[m].alg, FC_DECRYPT, back_buf, &back, key,
                                des[m].key_len, des[m].iv_len ? iv : NULL, des[m].iv_len, got,
                                got_len) == FC_OK &&
                      back == len && memcmp(back_buf, in, len) == 0;
            }
            CHECK(ok, "DES/3DES case %zu as soft's both ways", m);
        }
    }
}

/* ChaCha20 and the core's XChaCha20 over it, against soft, split anywhere; HChaCha20 */
static void test_streams(void)
{
    static const struct { fc_alg alg; size_t nonce_len; } cases[] = {
        {FC_CHACHA20, 12}, {FC_CHACHA20, 8}, {FC_XCHACHA20, 24}};
    size_t c;
    for (c = 0; c < PC_COUNT(cases); c++) /* 8-byte nonce: a carry into the counter's word 13 */
        pc_check_stream_split(wolf, cases[c].alg, 32, cases[c].nonce_len,
                              cases[c].nonce_len == 8 ? 0x12345678ffull : 7, -1);
    pc_check_subkey_as_soft(wolf, FC_HCHACHA20);
}

/* the last block of each counter, then FC_ERR_LENGTH (the core zeroes out), as soft */
static void test_stream_ends(void)
{
    pc_check_chacha20_end(wolf, 12);
    pc_check_chacha20_end(wolf, 8);
    pc_check_chacha20_counter_too_large(wolf);
}

static void test_aead(void)
{
    static const struct { fc_alg alg; size_t key_len, nonce_len, tag_len; } cases[] = {
        {FC_CHACHA20_POLY1305, 32, 12, 16}, {FC_XCHACHA20_POLY1305, 32, 24, 16},
        {FC_AES_GCM, 32, 12, 16}, {FC_AES_GCM, 16, 16, 16}, {FC_AES_GCM, 24, 1, 12},
        {FC_AES_GCM, 16, 12, 8}, {FC_AES_GCM, 32, 12, 4}, /* 8, 4: soft behind the context */
        {FC_AES_CCM, 16, 13, 4}, {FC_AES_CCM, 32, 7, 16}, {FC_AES_CCM, 24, 12, 10},
    };
    size_t c;
    /* XChaCha20-Poly1305 is the core's mode: its descriptor is not checked */
    for (c = 0; c < PC_COUNT(cases); c++)
        pc_check_aead_as_soft(wolf, cases[c].alg, cases[c].key_len, cases[c].nonce_len,
                              cases[c].tag_len, cases[c].alg == FC_XCHACHA20_POLY1305 ? -1 : 1);
}

static void test_xdh(void)
{
    uint8_t scalar[56], u[56], a[56], b[56];
    size_t i;
    int ok = 1;
    pc_check_xdh_zero_results(wolf, FC_X25519);
    pc_check_xdh_zero_results(wolf, FC_X448);
    for (i = 0; i < 20; i++) {
        tu_fill_random(scalar, sizeof(scalar));
        tu_fill_random(u, sizeof(u)); /* bit 255 set or not, u >= p now and then: as soft */
        if (i == 0)
            memset(u, 0xff, 32); /* 2^256 - 1: non-canonical, bit 255 set */
        ok &= fc_xdh(wolf, FC_X25519, a, scalar, u) == fc_xdh(soft, FC_X25519, b, scalar, u) &&
              memcmp(a, b, 32) == 0;
        ok &= fc_xdh(wolf, FC_X448, a, scalar, u) == fc_xdh(soft, FC_X448, b, scalar, u) &&
              memcmp(a, b, 56) == 0;
        ok &= fc_xdh_base(wolf, FC_X25519, a, scalar) == FC_OK &&
              fc_xdh_base(soft, FC_X25519, b, scalar) == FC_OK && memcmp(a, b, 32) == 0;
        ok &= fc_xdh_base(wolf, FC_X448, a, scalar) == FC_OK &&
              fc_xdh_base(soft, FC_X448, b, scalar) == FC_OK && memcmp(a, b, 56) == 0;
    }
    CHECK(ok, "X25519 and X448 (and their base points) as soft's on random inputs");
}

static void test_ec(void)
{
    static const fc_alg curves[] = {FC_SECP192R1, FC_SECP224R1, FC_SECP256R1,
                                    FC_SECP384R1, FC_SECP521R1, FC_SECP192K1,
                                    FC_SECP256K1, FC_BRAINPOOLP256R1, FC_BRAINPOOLP384R1,
                                    FC_BRAINPOOLP512R1};
    static const fc_alg hashes[] = {FC_SHA256, FC_SHA512, FC_SHA1};
    uint8_t priv[FC_EC_MAX_LEN + 1], pub[1 + 2 * FC_EC_MAX_LEN], pub2[1 + 2 * FC_EC_MAX_LEN];
    uint8_t peer_priv[FC_EC_MAX_LEN + 1], peer[1 + 2 * FC_EC_MAX_LEN];
    uint8_t s1[FC_EC_MAX_LEN], s2[FC_EC_MAX_LEN], sig[2 * FC_EC_MAX_LEN + 2], msg[50];
    size_t c, h;
    tu_fill_random(msg, sizeof(msg));
    for (c = 0; c < PC_COUNT(curves); c++) {
        fc_alg_info info;
        size_t l, sig_len;
        int ok = 1;
        fc_alg_get(curves[c], &info);
        l = info.out_len;
        ok &= fc_provider_implements(wolf, curves[c], NULL);
        ok &= fc_ec_keypair(soft, curves[c], NULL, priv, pub) == FC_OK &&
              fc_ec_keypair(soft, curves[c], NULL, peer_priv, peer) == FC_OK;
        ok &= fc_ec_public_key(wolf, curves[c], pub2, priv) == FC_OK &&
              memcmp(pub, pub2, 1 + 2 * l) == 0;
        ok &= fc_ecdh(wolf, curves[c], s1, priv, peer, 1 + 2 * l) == FC_OK &&
              fc_ecdh(soft, curves[c], s2, priv, peer, 1 + 2 * l) == FC_OK &&
              memcmp(s1, s2, l) == 0;
        ok &= fc_ec_check_public(wolf, curves[c], pub, 1 + 2 * l) == FC_OK;
        for (h = 0; h < 3; h++) {
            sig_len = sizeof(sig);
            ok &= fc_ecdsa_sign(wolf, curves[c], hashes[h], NULL, sig, &sig_len, priv, msg,
                                sizeof(msg), 0) == FC_OK; /* soft signs behind wolfssl */
            ok &= fc_ecdsa_verify(wolf, curves[c], hashes[h], pub, 1 + 2 * l, msg, sizeof(msg),
                                  sig, sig_len, 0) == FC_OK;
            msg[0] ^= 1;
            ok &= fc_ecdsa_verify(wolf, curves[c], hashes[h], pub, 1 + 2 * l, msg, sizeof(msg),
                                  sig, sig_len, 0) == FC_ERR_VERIFY;
            msg[0] ^= 1;
        }
        /* a point off the curve: Y + 1 */
        memcpy(pub2, pub, 1 + 2 * l);
        pub2[2 * l] ^= 1;
        ok &= fc_ec_check_public(wolf, curves[c], pub2, 1 + 2 * l) == FC_ERR_POINT;
        memset(s1, 0xA5, l);
        ok &= fc_ecdh(wolf, curves[c], s1, priv, pub2, 1 + 2 * l) == FC_ERR_POINT;
        for (h = 0; h < l; h++) /* no shared secret written: untouched or wiped */
            ok &= s1[h] == 0xA5 || s1[h] == 0;
        ok &= fc_ecdsa_verify(wolf, curves[c], FC_SHA256, pub2, 1 + 2 * l, msg, sizeof(msg),
                              sig, sig_len, 0) != FC_OK;
        CHECK(ok, "curve %d: public key, ECDH and ECDSA verification as soft's; a point off "
                  "the curve refused", curves[c]);
    }
}

static void test_ed25519(void)
{
    static const fc_alg algs[] = {FC_ED25519, FC_ED25519CTX, FC_ED25519PH};
    uint8_t seed[32], pub[32], pub_soft[32], msg[100], sig[64], sig_soft[64];
    const uint8_t *ctx = (const uint8_t *)"context";
    size_t len, a;
    tu_fill_random(seed, sizeof(seed));
    tu_fill_random(msg, sizeof(msg));
    CHECK(fc_eddsa_public_key(wolf, FC_ED25519, pub, seed) == FC_OK &&
              fc_eddsa_public_key(soft, FC_ED25519, pub_soft, seed) == FC_OK &&
              memcmp(pub, pub_soft, 32) == 0,
          "Ed25519 public key as soft's");
    for (a = 0; a < PC_COUNT(algs); a++) {
        size_t cl = algs[a] == FC_ED25519 ? 0 : 7;
        int ok = 1;
        for (len = 0; len <= sizeof(msg); len += 11) {
            ok &= fc_eddsa_sign(wolf, algs[a], sig, seed, pub, ctx, cl, msg, len) == FC_OK &&
                  fc_eddsa_sign(soft, algs[a], sig_soft, seed, NULL, ctx, cl, msg, len) ==
                      FC_OK &&
                  memcmp(sig, sig_soft, 64) == 0 &&
                  fc_eddsa_verify(wolf, algs[a], pub, ctx, cl, msg, len, sig) == FC_OK;
            sig[5] ^= 0x10;
            ok &= fc_eddsa_verify(wolf, algs[a], pub, ctx, cl, msg, len, sig) == FC_ERR_VERIFY;
            sig[5] ^= 0x10;
            if (cl > 0)
                ok &= fc_eddsa_verify(wolf, algs[a], pub, ctx, cl - 1, msg, len, sig) ==
                      FC_ERR_VERIFY;
        }
        CHECK(ok, "EdDSA %d signatures as soft's, verified, a changed R or context refused",
              algs[a]);
    }
    CHECK(fc_eddsa_sign(wolf, FC_ED25519PH, sig, seed, pub, NULL, 0, msg, 9) == FC_OK &&
              fc_eddsa_sign(soft, FC_ED25519PH, sig_soft, seed, pub, NULL, 0, msg, 9) == FC_OK &&
              memcmp(sig, sig_soft, 64) == 0,
          "Ed25519ph with an empty context as soft's");
    fc_eddsa_sign(soft, FC_ED25519, sig, seed, pub, NULL, 0, msg, 10);
    pc_check_ed25519_strict(wolf, pub, msg, 10, sig);
}

static void test_hkdf(void)
{
    static const fc_alg algs[] = {FC_HKDF_SHA1, FC_HKDF_SHA224, FC_HKDF_SHA256,
                                  FC_HKDF_SHA384, FC_HKDF_SHA512, FC_HKDF_MD5};
    uint8_t ikm[80], salt[70], info[40], a[300], b[300];
    size_t i, okm;
    int ok = 1;
    tu_fill_random(ikm, sizeof(ikm));
    tu_fill_random(salt, sizeof(salt));
    tu_fill_random(info, sizeof(info));
    for (i = 0; i < PC_COUNT(algs); i++) {
        for (okm = 1; okm <= sizeof(a); okm += 37) {
            size_t sl = okm % 3 == 0 ? 0 : okm % 70, il = okm % 41, kl = okm % 81;
            ok &= fc_kdf(wolf, algs[i], a, okm, sl ? salt : NULL, sl, kl ? ikm : NULL, kl,
                         il ? info : NULL, il) == FC_OK &&
                  fc_kdf(soft, algs[i], b, okm, sl ? salt : NULL, sl, kl ? ikm : NULL, kl,
                         il ? info : NULL, il) == FC_OK &&
                  memcmp(a, b, okm) == 0;
        }
    }
    CHECK(ok, "HKDF with every hash as soft's (empty salt, ikm and info included)");
}

/* what the front ends refuse before the provider runs, and what the provider refuses */
static void test_bad_inputs(void)
{
    uint8_t key[33] = {0}, out[64], tag[16], nonce[16] = {0};
    fc_hash_ctx h;
    fc_block_ctx b;
    fc_aead_ctx a;
    memset(&h, 0, sizeof(h));
    memset(&b, 0, sizeof(b));
    memset(&a, 0, sizeof(a));
    CHECK(fc_hash_update(&h, key, 3) == FC_ERR_STATE && tu_all_zero(&h, sizeof(h)),
          "hash update before init: FC_ERR_STATE, nothing written");
    CHECK(fc_block_init(&b, wolf, FC_AES, FC_ENCRYPT, key, 20) == FC_ERR_LENGTH &&
              tu_all_zero(&b, sizeof(b)),
          "a 20-byte AES key: FC_ERR_LENGTH");
    CHECK(fc_block_init(&b, wolf, FC_AES, FC_ENCRYPT, NULL, 16) == FC_ERR_NULL,
          "a NULL AES key: FC_ERR_NULL");
    CHECK(fc_block_init(&b, wolf, FC_AES, FC_ENCRYPT, key, 16) == FC_OK &&
              fc_block_encrypt(&b, out, key, 15) == FC_ERR_LENGTH,
          "a partial AES block: FC_ERR_LENGTH");
    fc_block_wipe(&b);
    memset(out, 0xA5, sizeof(out));
    CHECK(fc_aead_init(&a, wolf, FC_AES_GCM, key, 16) == FC_OK &&
              fc_aead_seal(&a, out, tag, 16, nonce, 0, NULL, 0, key, 16) == FC_ERR_LENGTH &&
              fc_aead_seal(&a, out, tag, 3, nonce, 12, NULL, 0, key, 16) == FC_ERR_LENGTH &&
              fc_aead_seal(&a, out, tag, 16, NULL, 12, NULL, 0, key, 16) == FC_ERR_NULL,
          "GCM: empty nonce, 3-byte tag, NULL nonce refused");
    fc_aead_wipe(&a);
    CHECK(fc_aead_init(&a, wolf, FC_AES_CCM, key, 16) == FC_OK &&
              fc_aead_seal(&a, out, tag, 16, nonce, 6, NULL, 0, key, 16) == FC_ERR_LENGTH &&
              fc_aead_seal(&a, out, tag, 5, nonce, 13, NULL, 0, key, 16) == FC_ERR_LENGTH,
          "CCM: 6-byte nonce, 5-byte tag refused");
    fc_aead_wipe(&a);
    CHECK(fc_aead_init(&a, wolf, FC_CHACHA20_POLY1305, key, 16) == FC_ERR_LENGTH,
          "ChaCha20-Poly1305 with a 16-byte key: FC_ERR_LENGTH");
    CHECK(fc_xdh(wolf, FC_X25519, out, NULL, key) == FC_ERR_NULL, "X25519 NULL scalar");
}

int main(void)
{
    wolf = fc_provider_find("wolfssl");
    soft = fc_provider_find("soft");
    if (wolf == NULL) {
        printf("test_wolfssl: no wolfSSL provider in this build, skipped\n");
        return 0;
    }
    tu_seed(0x3017u);
    test_registry();
    test_known_answers();
    test_split_hash_mac();
    test_aes_modes();
    test_streams();
    test_stream_ends();
    test_aead();
    test_xdh();
    test_ec();
    test_ed25519();
    test_hkdf();
    test_bad_inputs();
    pc_check_rsa(wolf);
    return tu_finish("test_wolfssl");
}

#else /* no wolfSSL in this build */

int main(void)
{
    printf("test_wolfssl: no wolfSSL provider in this build, skipped\n");
    return 0;
}

#endif
