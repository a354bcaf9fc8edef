/* The "sodium" provider (src/providers/sodium/): where the registry puts it and what it
 * implements itself; known answers; its hashes, MACs and streams against soft split at every
 * offset of short inputs (the contexts run on sodium's own descriptors, and their state areas
 * are zero once finished); the stream ends at both counters' last block; what it declines
 * (Salsa20's 16-byte keys, AES-GCM other than AES-256 with a 12-byte nonce and 16-byte tag)
 * giving soft's bytes; AEAD tampering; X25519's zero results; Ed25519 signatures equal to
 * soft's and eddsa.h's strict refusals. Skipped when the build has no libsodium. */
#include <string.h>

#include "fieldcrypt/driver.h"
#include "fieldcrypt/fieldcrypt.h"
#include "fieldcrypt/eddsa.h"
#include "provider_checks.h"
#include "testutil.h"

#if FC_WITH_SODIUM
#include <sodium.h>

static const fc_provider *sod, *soft;

static void test_registry(void)
{
    static const fc_alg mine[] = {FC_SHA256, FC_SHA512, FC_HMAC_SHA256, FC_HMAC_SHA512,
                                  FC_POLY1305, FC_CHACHA20, FC_XCHACHA20, FC_SALSA20,
                                  FC_XSALSA20, FC_CHACHA20_POLY1305, FC_XCHACHA20_POLY1305,
                                  FC_X25519, FC_ED25519, FC_HKDF_SHA256, FC_HMAC_DRBG_SHA512};
    static const fc_alg soft_only[] = {FC_SHA224, FC_SHA384, FC_AES, FC_AES_CCM, FC_ED25519CTX,
                                       FC_ED25519PH, FC_X448, FC_X19119,
                                       FC_ELLIGATOR2_CURVE25519};
    pc_check_registry("sodium", "openssl", mine, PC_COUNT(mine), soft_only,
                      PC_COUNT(soft_only));
}

static void test_known_answers(void)
{
    static const fc_alg algs[] = {FC_SHA256, FC_SHA512, FC_POLY1305};
    pc_check_vectors(sod, algs, PC_COUNT(algs));
}

/* hashes and MACs split at every offset of messages up to 130 bytes, against soft */
static void test_split_hash_mac(void)
{
    static const fc_alg hashes[] = {FC_SHA256, FC_SHA512};
    static const fc_alg hmacs[] = {FC_HMAC_SHA256, FC_HMAC_SHA512};
    static const size_t hmac_keys[] = {0, 20, 64, 131};
    size_t a, k;
    for (a = 0; a < PC_COUNT(hashes); a++)
        pc_check_hash_split(sod, hashes[a]);
    for (a = 0; a < PC_COUNT(hmacs); a++)
        for (k = 0; k < PC_COUNT(hmac_keys); k++)
            pc_check_mac_split(sod, hmacs[a], hmac_keys[k], 1);
    for (k = 0; k < 4; k++) /* four random keys */
        pc_check_mac_split(sod, FC_POLY1305, 32, 1);
}

/* the streams against soft, split at every offset, and the subkey functions */
static void test_streams(void)
{
    static const struct { fc_alg alg; size_t key_len, nonce_len; } cases[] = {
        {FC_CHACHA20, 32, 12}, {FC_CHACHA20, 32, 8}, {FC_XCHACHA20, 32, 24},
        {FC_SALSA20, 32, 8},   {FC_SALSA20, 16, 8},  {FC_XSALSA20, 32, 24},
    };
    size_t c;
    for (c = 0; c < PC_COUNT(cases); c++) /* 8-byte nonces: a 64-bit counter; else 32-bit */
        pc_check_stream_split(sod, cases[c].alg, cases[c].key_len, cases[c].nonce_len,
                              cases[c].nonce_len == 8 ? 0x1234567890ull : 7, -1);
    pc_check_subkey_as_soft(sod, FC_HCHACHA20);
    pc_check_subkey_as_soft(sod, FC_HSALSA20);
}

/* the last block of each counter, then FC_ERR_LENGTH (the core zeroes out), as soft; Salsa20
 * wraps instead */
static void test_stream_ends(void)
{
    uint8_t key[32] = {1}, nonce[12] = {2}, in[65] = {0}, a[65], b[65], zero_block[64];
    fc_stream_ctx x, y;
    pc_check_chacha20_end(sod, 12);
    pc_check_chacha20_end(sod, 8);
    /* Salsa20's counter wraps to 0 on soft: the same bytes here */
    memset(&x, 0, sizeof(x));
    memset(&y, 0, sizeof(y));
    CHECK(fc_stream_init(&x, sod, FC_SALSA20, key, 32, nonce, 8, ~0ull) == FC_OK &&
              fc_stream_init(&y, soft, FC_SALSA20, key, 32, nonce, 8, ~0ull) == FC_OK &&
              fc_stream_xor(&x, a, in, 65) == FC_OK && fc_stream_xor(&y, b, in, 65) == FC_OK &&
              memcmp(a, b, 65) == 0 &&
              fc_stream(sod, FC_SALSA20, zero_block, in, 1, key, 32, nonce, 8) == FC_OK &&
              zero_block[0] == a[64],
          "Salsa20 past counter 2^64 - 1: block 0 again, as soft");
    fc_stream_wipe(&x);
    fc_stream_wipe(&y);
    pc_check_chacha20_counter_too_large(sod);
}

static void test_aead(void)
{
    static const struct { fc_alg alg; size_t key_len, nonce_len, tag_len; } cases[] = {
        {FC_CHACHA20_POLY1305, 32, 12, 16}, {FC_XCHACHA20_POLY1305, 32, 24, 16},
        {FC_AES_GCM, 32, 12, 16}, {FC_AES_GCM, 32, 16, 16}, {FC_AES_GCM, 32, 12, 8},
        {FC_AES_GCM, 16, 12, 16},
    };
    /* AES-GCM: libsodium's only with a 32-byte key and AES-NI, else declined to soft (the
     * context is keyed before the nonce and tag lengths are known) */
    int aes_ni = sodium_init() >= 0 && crypto_aead_aes256gcm_is_available();
    size_t c;
    for (c = 0; c < PC_COUNT(cases); c++)
        pc_check_aead_as_soft(sod, cases[c].alg, cases[c].key_len, cases[c].nonce_len,
                              cases[c].tag_len,
                              cases[c].alg != FC_AES_GCM || (cases[c].key_len == 32 && aes_ni));
}

static void test_x25519(void)
{
    pc_check_xdh_zero_results(sod, FC_X25519);
}

static void test_ed25519(void)
{
    uint8_t seed[32], pub[32], pub_soft[32], msg[100], sig[64], sig_soft[64], u_a[32], u_b[32];
    size_t len;
    int ok = 1;
    tu_fill_random(seed, sizeof(seed));
    tu_fill_random(msg, sizeof(msg));
    CHECK(fc_eddsa_public_key(sod, FC_ED25519, pub, seed) == FC_OK &&
              fc_eddsa_public_key(soft, FC_ED25519, pub_soft, seed) == FC_OK &&
              memcmp(pub, pub_soft, 32) == 0,
          "Ed25519 public key as soft's");
    for (len = 0; len <= sizeof(msg); len += 11) {
        ok &= fc_eddsa_sign(sod, FC_ED25519, sig, seed, pub, NULL, 0, msg, len) == FC_OK &&
              fc_eddsa_sign(soft, FC_ED25519, sig_soft, seed, NULL, NULL, 0, msg, len) ==
                  FC_OK &&
              memcmp(sig, sig_soft, 64) == 0 &&
              fc_eddsa_verify(sod, FC_ED25519, pub, NULL, 0, msg, len, sig) == FC_OK;
        sig[5] ^= 0x10;
        ok &= fc_eddsa_verify(sod, FC_ED25519, pub, NULL, 0, msg, len, sig) == FC_ERR_VERIFY;
        sig[5] ^= 0x10;
    }
    CHECK(ok, "Ed25519 signatures as soft's, verified, a changed R refused");
    pc_check_ed25519_strict(sod, pub, msg, len - 11, sig); /* sig: of the loop's last message */
    CHECK(fc_ed25519_to_x25519_public(sod, u_a, pub) == FC_OK &&
              fc_ed25519_to_x25519_public(soft, u_b, pub) == FC_OK && memcmp(u_a, u_b, 32) == 0,
          "conversion to X25519 (soft's, behind sodium)");
    CHECK(fc_eddsa_sign(sod, FC_ED25519CTX, sig, seed, pub, (const uint8_t *)"ctx", 3, msg, 5) ==
                  FC_OK &&
              fc_eddsa_verify(soft, FC_ED25519CTX, pub, (const uint8_t *)"ctx", 3, msg, 5,
                              sig) == FC_OK,
          "Ed25519ctx runs on soft behind sodium");
}

int main(void)
{
    sod = fc_provider_find("sodium");
    soft = fc_provider_find("soft");
    if (sod == NULL) {
        printf("test_sodium: no libsodium provider in this build, skipped\n");
        return 0;
    }
    tu_seed(0x50d1u);
    test_registry();
    test_known_answers();
    test_split_hash_mac();
    test_streams();
    test_stream_ends();
    test_aead();
    test_x25519();
    test_ed25519();
    return tu_finish("test_sodium");
}

#else /* no libsodium in this build */

int main(void)
{
    printf("test_sodium: no libsodium provider in this build, skipped\n");
    return 0;
}

#endif
