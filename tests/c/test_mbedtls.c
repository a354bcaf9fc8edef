/* The "mbedtls" provider (src/providers/mbedtls/): where the registry puts it and what it
 * implements itself; known answers; its hashes and MACs against soft split at every offset of
 * short inputs (the contexts run on mbedtls's own descriptors, and their state areas are zero
 * once finished or wiped); AES through the core's modes, the both-directions decline; ChaCha20
 * and the HChaCha20 derived from its block; the stream's end; the AEADs against soft with
 * tampering (CCM's long associated data handed to soft); X25519's RFC 7748 answer and zero
 * results, X448 against soft; the eleven curves' keys, ECDH and RFC 6979 signatures equal to
 * soft's, refusals of points off the curve and of changed signatures; RSA's raw operations and
 * key generation on its own descriptor (pc_check_rsa). Skipped when the build has no mbedTLS;
 * also runs on a build from the mbedTLS 3.6 sources with FC_MBEDTLS_ARENA. */
#include <string.h>

#include "fieldcrypt/driver.h"
#include "fieldcrypt/fieldcrypt.h"
#include "fieldcrypt/ec.h"
#include "provider_checks.h"
#include "testutil.h"

#if FC_WITH_MBEDTLS

#if defined(FC_MBEDTLS_ARENA)
/* a build from the mbedTLS sources with FC_MBEDTLS_ARENA (config/mbedtls/fc_mbedtls_device.h):
 * mbedTLS's heap is this arena, given before the first call */
#include <mbedtls/memory_buffer_alloc.h>
static unsigned char arena[256 * 1024];
#endif

static const fc_provider *mbed, *soft;

static void test_registry(void)
{
    static const fc_alg mine[] = {FC_SHA1, FC_SHA224, FC_SHA256, FC_MD5, FC_HMAC_SHA256,
                                  FC_HMAC_SHA512, FC_HMAC_MD5, FC_AES_CMAC, FC_POLY1305,
                                  FC_AES, FC_AES_CBC, FC_AES_CTR, FC_AES_GCM, FC_AES_CCM,
                                  FC_CHACHA20, FC_XCHACHA20, FC_HCHACHA20,
                                  FC_CHACHA20_POLY1305, FC_XCHACHA20_POLY1305, FC_X25519,
                                  FC_SECP256R1, FC_SECP521R1, FC_SECP224K1, FC_BRAINPOOLP512R1,
                                  FC_HKDF_SHA384, FC_HMAC_DRBG_SHA512, FC_CTR_DRBG_AES256,
                                  FC_AES_KW, FC_RSA};
    static const fc_alg soft_only[] = {
#if FC_HASH_STATE_SIZE < 216 /* mbedTLS's SHA-512 context does not fit */
                                       FC_SHA384, FC_SHA512,
#endif
                                       FC_SM3, FC_DES, FC_SALSA20,
                                       FC_ED25519, FC_X19119,
                                       FC_ELLIGATOR2_CURVE25519};
    pc_check_registry("mbedtls", "sodium", mine, PC_COUNT(mine), soft_only,
                      PC_COUNT(soft_only));
}

static void test_known_answers(void)
{
    static const fc_alg algs[] = {FC_SHA1,     FC_SHA224,   FC_SHA256, FC_MD5, FC_HMAC_SHA256,
                                  FC_POLY1305, FC_AES_CMAC, FC_X25519};
    pc_check_vectors(mbed, algs, PC_COUNT(algs));
    /* mbedTLS keys AES for one direction: each on its own, both at once declined to soft */
    pc_check_aes_fips197(mbed, FC_ENCRYPT, 1, 1);
    pc_check_aes_fips197(mbed, FC_DECRYPT, 1, 0);
    pc_check_aes_fips197(mbed, FC_ENCRYPT | FC_DECRYPT, 0, 0);
}

/* hashes and MACs split at every offset of messages up to 130 bytes, against soft */
static void test_split_hash_mac(void)
{
    static const fc_alg hashes[] = {FC_SHA1, FC_SHA224, FC_SHA256, FC_MD5};
    static const fc_alg hmacs[] = {FC_HMAC_SHA1,   FC_HMAC_SHA224, FC_HMAC_SHA256,
                                   FC_HMAC_SHA384, FC_HMAC_SHA512, FC_HMAC_MD5};
    static const size_t hmac_keys[] = {0, 20, 64, 131};
    static const size_t cmac_keys[] = {16, 24, 32, 32};
    uint8_t key[20], msg[10], got[32];
    size_t a, k;
    fc_mac_ctx ctx;
    for (a = 0; a < PC_COUNT(hashes); a++)
        pc_check_hash_split(mbed, hashes[a]);
    for (a = 0; a < PC_COUNT(hmacs); a++)
        for (k = 0; k < PC_COUNT(hmac_keys); k++)
            pc_check_mac_split(mbed, hmacs[a], hmac_keys[k], 3);
    for (k = 0; k < PC_COUNT(cmac_keys); k++)
        pc_check_mac_split(mbed, FC_AES_CMAC, cmac_keys[k], 3);
    for (k = 0; k < 4; k++) /* four random keys, every length */
        pc_check_mac_split(mbed, FC_POLY1305, 32, 1);
    /* a MAC abandoned before its final: wipe releases mbedTLS's heap objects */
    tu_fill_random(key, sizeof(key));
    tu_fill_random(msg, sizeof(msg));
    memset(&ctx, 0, sizeof(ctx));
    CHECK(fc_mac_init(&ctx, mbed, FC_HMAC_SHA256, key, 20) == FC_OK &&
              fc_mac_update(&ctx, msg, 10) == FC_OK,
          "HMAC started");
    fc_mac_wipe(&ctx);
    CHECK(tu_all_zero(&ctx, sizeof(ctx)), "abandoned HMAC context wiped");
    CHECK(fc_mac_final(&ctx, got, 32) != FC_OK, "final after wipe refused");
}

/* AES's modes (the core's, over mbedtls's block) against soft */
static void test_block_modes(void)
{
    static const fc_alg modes[] = {FC_AES_ECB, FC_AES_CBC, FC_AES_CBC_PKCS7, FC_AES_CTR,
                                   FC_AES_CTR32};
    static const size_t key_lens[] = {16, 24, 32};
    uint8_t key[32], iv[16], in[96], a[112], b[112], back[112];
    size_t m, kk, len;
    tu_fill_random(key, sizeof(key));
    tu_fill_random(iv, sizeof(iv));
    tu_fill_random(in, sizeof(in));
    for (m = 0; m < PC_COUNT(modes); m++) {
        int ok = 1;
        for (kk = 0; kk < 3; kk++) {
            for (len = 0; len <= sizeof(in); len += 16) {
                size_t la = sizeof(a), lb = sizeof(b), lback = sizeof(back);
                size_t iv_len = modes[m] == FC_AES_ECB ? 0 : 16;
                ok &= fc_cipher(mbed, modes[m], FC_ENCRYPT, a, &la, key, key_lens[kk],
                                iv_len ? iv : NULL, iv_len, in, len) == FC_OK &&
                      fc_cipher(soft, modes[m], FC_ENCRYPT, b, &lb, key, key_lens[kk],
                                iv_len ? iv : NULL, iv_len, in, len) == FC_OK &&
                      la == lb && memcmp(a, b, la) == 0 &&
                      fc_cipher(mbed, modes[m], FC_DECRYPT, back, &lback, key, key_lens[kk],
                                iv_len ? iv : NULL, iv_len, a, la) == FC_OK &&
                      lback == len && memcmp(back, in, len) == 0;
            }
        }
        CHECK(ok, "AES mode %d as soft's, and back", modes[m]);
    }
}

/* ChaCha20 and XChaCha20 against soft, split at every offset; HChaCha20 from mbedTLS's block */
static void test_streams(void)
{
    static const struct { fc_alg alg; size_t nonce_len; } cases[] = {
        {FC_CHACHA20, 12}, {FC_CHACHA20, 8}, {FC_XCHACHA20, 24}};
    static const fc_alg subkey[] = {FC_HCHACHA20};
    size_t c;
    for (c = 0; c < PC_COUNT(cases); c++) /* the 8-byte nonce is declined: soft keys it */
        pc_check_stream_split(mbed, cases[c].alg, 32, cases[c].nonce_len,
                              cases[c].nonce_len == 8 ? 0x1234567890ull : 7,
                              cases[c].nonce_len != 8);
    pc_check_vectors(mbed, subkey, PC_COUNT(subkey));
}

/* the last block of RFC 8439's 32-bit counter, then FC_ERR_LENGTH, as soft */
static void test_stream_end(void)
{
    pc_check_chacha20_end(mbed, 12);
    pc_check_chacha20_counter_too_large(mbed);
}

static void test_aead(void)
{
    static const struct { fc_alg alg; size_t key_len, nonce_len, tag_len; } cases[] = {
        {FC_CHACHA20_POLY1305, 32, 12, 16}, {FC_XCHACHA20_POLY1305, 32, 24, 16},
        {FC_AES_GCM, 32, 12, 16}, {FC_AES_GCM, 16, 1, 4},   {FC_AES_GCM, 24, 60, 12},
        {FC_AES_CCM, 16, 13, 4},  {FC_AES_CCM, 32, 7, 16},  {FC_AES_CCM, 24, 11, 10},
    };
    size_t c;
    /* all on mbedtls's descriptors (XChaCha20-Poly1305: the core's mode, bound to its
     * ChaCha20) */
    for (c = 0; c < PC_COUNT(cases); c++)
        pc_check_aead_as_soft(mbed, cases[c].alg, cases[c].key_len, cases[c].nonce_len,
                              cases[c].tag_len, 1);
    {
        /* CCM's associated data of 0xFF00 bytes and more: soft's code with the stored key */
        static uint8_t big_aad[0x10000];
        uint8_t key[16], nonce[12], in[16], t1[16], t2[16], c1[16], c2[16];
        fc_aead_ctx ctx;
        tu_fill_random(key, sizeof(key));
        tu_fill_random(nonce, sizeof(nonce));
        tu_fill_random(in, sizeof(in));
        tu_fill_random(big_aad, sizeof(big_aad));
        memset(&ctx, 0, sizeof(ctx));
        CHECK(fc_aead_init(&ctx, mbed, FC_AES_CCM, key, 16) == FC_OK &&
                  fc_aead_seal(&ctx, c1, t1, 16, nonce, 12, big_aad, sizeof(big_aad), in, 16) ==
                      FC_OK &&
                  fc_aead_encrypt(soft, FC_AES_CCM, c2, t2, 16, key, 16, nonce, 12, big_aad,
                                  sizeof(big_aad), in, 16) == FC_OK &&
                  memcmp(c1, c2, 16) == 0 && memcmp(t1, t2, 16) == 0 &&
                  fc_aead_open(&ctx, c2, nonce, 12, big_aad, sizeof(big_aad), c1, 16, t1, 16) ==
                      FC_OK &&
                  memcmp(c2, in, 16) == 0,
              "CCM with 64 KiB of associated data as soft's");
        fc_aead_wipe(&ctx);
    }
}

static void test_x25519(void)
{
    /* p - 1 and p + 1 (u of small order, the second not canonical), little-endian */
    static const uint8_t p_minus_1[32] = {
        0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
    static const uint8_t p_plus_1[32] = {
        0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
    uint8_t scalar[32], u[32], out[32], want[32];
    int i, ok = 1;
    pc_check_xdh_zero_results(mbed, FC_X25519);
    tu_fill_random(scalar, sizeof(scalar));
    CHECK(fc_xdh(mbed, FC_X25519, out, scalar, p_minus_1) == FC_ERR_ZERO_SHARED &&
              fc_xdh(soft, FC_X25519, out, scalar, p_minus_1) == FC_ERR_ZERO_SHARED,
          "X25519 with u = p - 1: FC_ERR_ZERO_SHARED as soft");
    CHECK(fc_xdh(mbed, FC_X25519, out, scalar, p_plus_1) == FC_ERR_ZERO_SHARED &&
              fc_xdh(soft, FC_X25519, out, scalar, p_plus_1) == FC_ERR_ZERO_SHARED,
          "X25519 with u = p + 1: FC_ERR_ZERO_SHARED as soft");
    for (i = 0; i < 20; i++) {
        tu_fill_random(scalar, sizeof(scalar));
        tu_fill_random(u, sizeof(u));
        if (i & 1)
            u[31] |= 0x80; /* bit 255 ignored */
        ok &= fc_xdh(mbed, FC_X25519, out, scalar, u) == FC_OK &&
              fc_xdh(soft, FC_X25519, want, scalar, u) == FC_OK && memcmp(out, want, 32) == 0 &&
              fc_xdh_base(mbed, FC_X25519, out, scalar) == FC_OK &&
              fc_xdh_base(soft, FC_X25519, want, scalar) == FC_OK && memcmp(out, want, 32) == 0;
    }
    CHECK(ok, "X25519 and its base point as soft's, bit 255 of u ignored");
    /* X448: where mbedTLS has Curve448 (the host library; not the device configuration) */
    if (fc_provider_implements(mbed, FC_X448, NULL)) {
        uint8_t s448[56], u448[56], o448[56], w448[56];
        ok = 1;
        for (i = 0; i < 10; i++) {
            tu_fill_random(s448, sizeof(s448));
            tu_fill_random(u448, sizeof(u448));
            ok &= fc_xdh(mbed, FC_X448, o448, s448, u448) == FC_OK &&
                  fc_xdh(soft, FC_X448, w448, s448, u448) == FC_OK &&
                  memcmp(o448, w448, 56) == 0;
        }
        CHECK(ok, "X448 as soft's");
        memset(u448, 0, sizeof(u448));
        u448[0] = 1;
        CHECK(fc_xdh(mbed, FC_X448, o448, s448, u448) == FC_ERR_ZERO_SHARED,
              "X448 with u = 1: FC_ERR_ZERO_SHARED");
    }
}

static void test_curves(void)
{
    static const fc_alg curves[] = {FC_SECP192R1, FC_SECP224R1, FC_SECP256R1, FC_SECP384R1,
                                    FC_SECP521R1, FC_SECP192K1, FC_SECP224K1, FC_SECP256K1,
                                    FC_BRAINPOOLP256R1, FC_BRAINPOOLP384R1,
                                    FC_BRAINPOOLP512R1};
    size_t c;
    for (c = 0; c < PC_COUNT(curves); c++) {
        uint8_t priv[FC_EC_MAX_LEN], priv2[FC_EC_MAX_LEN], pub[FC_EC_POINT_MAX_LEN],
            pub2[FC_EC_POINT_MAX_LEN], pub_soft[FC_EC_POINT_MAX_LEN], s1[FC_EC_MAX_LEN],
            s2[FC_EC_MAX_LEN], sig[FC_ECDSA_MAX_LEN], sig_soft[FC_ECDSA_MAX_LEN],
            msg[40] = "mbedtls provider: ECDSA over SHA-256";
        size_t sl = sizeof(sig), sl_soft = sizeof(sig_soft), pl;
        fc_alg_info info;
        fc_alg_get(curves[c], &info);
        pl = 1 + 2 * info.out_len;
        CHECK(fc_provider_implements(mbed, curves[c], NULL), "curve %d is mbedtls's",
              curves[c]);
        CHECK(fc_ec_keypair(soft, curves[c], NULL, priv, pub_soft) == FC_OK &&
                  fc_ec_public_key(mbed, curves[c], pub, priv) == FC_OK &&
                  memcmp(pub, pub_soft, pl) == 0,
              "curve %d: public key as soft's", curves[c]);
        CHECK(fc_ec_keypair(mbed, curves[c], NULL, priv2, pub2) == FC_OK &&
                  fc_ecdh(mbed, curves[c], s1, priv, pub2, pl) == FC_OK &&
                  fc_ecdh(soft, curves[c], s2, priv2, pub, pl) == FC_OK &&
                  memcmp(s1, s2, info.out_len) == 0,
              "curve %d: ECDH agrees with soft's", curves[c]);
        CHECK(fc_ecdsa_sign(mbed, curves[c], FC_SHA256, NULL, sig, &sl, priv, msg,
                            sizeof(msg), 0) == FC_OK &&
                  fc_ecdsa_sign(soft, curves[c], FC_SHA256, NULL, sig_soft, &sl_soft, priv, msg,
                                sizeof(msg), 0) == FC_OK &&
                  sl == sl_soft && memcmp(sig, sig_soft, sl) == 0,
              "curve %d: RFC 6979 signature as soft's", curves[c]);
        CHECK(fc_ecdsa_verify(mbed, curves[c], FC_SHA256, pub, pl, msg, sizeof(msg), sig, sl,
                              0) == FC_OK,
              "curve %d: signature verified", curves[c]);
        sig[sl - 1] ^= 1;
        CHECK(fc_ecdsa_verify(mbed, curves[c], FC_SHA256, pub, pl, msg, sizeof(msg), sig, sl,
                              0) == FC_ERR_VERIFY,
              "curve %d: changed signature refused", curves[c]);
        sig[sl - 1] ^= 1;
        msg[0] ^= 1;
        CHECK(fc_ecdsa_verify(mbed, curves[c], FC_SHA512, pub, pl, msg, sizeof(msg), sig, sl,
                              0) == FC_ERR_VERIFY,
              "curve %d: other message refused", curves[c]);
        /* a point off the curve: Y + 1 */
        pub2[pl - 1] ^= 1;
        memset(s1, 0xA5, sizeof(s1));
        memset(s2, 0xA5, sizeof(s2));
        CHECK(fc_ecdh(mbed, curves[c], s1, priv, pub2, pl) == FC_ERR_POINT &&
                  fc_ecdh(soft, curves[c], s2, priv, pub2, pl) == FC_ERR_POINT &&
                  memcmp(s1, s2, info.out_len) == 0,
              "curve %d: ECDH with a point off the curve: FC_ERR_POINT, out as soft leaves it",
              curves[c]);
        CHECK(fc_ec_check_public(mbed, curves[c], pub2, pl) == FC_ERR_POINT &&
                  fc_ec_check_public(mbed, curves[c], pub, pl) == FC_OK,
              "curve %d: the public-key check", curves[c]);
    }
}

int main(void)
{
    mbed = fc_provider_find("mbedtls");
    soft = fc_provider_find("soft");
    if (mbed == NULL) {
        printf("test_mbedtls: no mbedTLS provider in this build, skipped\n");
        return 0;
    }
#if defined(FC_MBEDTLS_ARENA)
    mbedtls_memory_buffer_alloc_init(arena, sizeof(arena));
#endif
    tu_seed(0x3bedu);
    test_registry();
    test_known_answers();
    test_split_hash_mac();
    test_block_modes();
    test_streams();
    test_stream_end();
    test_aead();
    test_x25519();
    test_curves();
    pc_check_rsa(mbed);
    return tu_finish("test_mbedtls");
}

#else /* no mbedTLS in this build */

int main(void)
{
    printf("test_mbedtls: no mbedTLS provider in this build, skipped\n");
    return 0;
}

#endif
