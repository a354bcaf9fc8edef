/* The "sodium" provider (src/providers/sodium/): where the registry puts it and what it
 * implements itself; known answers; its hashes, MACs and streams against soft split at every
 * offset of short inputs (the contexts run on sodium's own descriptors, and their state areas
 * are zero once finished); the stream ends at both counters' last block; what it declines
 * (Salsa20's 16-byte keys, AES-GCM other than AES-256 with a 12-byte nonce and 16-byte tag)
 * giving soft's bytes; AEAD tampering; X25519's zero results; Ed25519 signatures equal to
 * soft's and eddsa.h's strict refusals. Skipped when the build has no libsodium. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/driver.h"
#include "fieldcrypt/fieldcrypt.h"
#include "fieldcrypt/eddsa.h"
#include "testutil.h"

#if FC_WITH_SODIUM
#include <sodium.h>

static const fc_provider *sod, *soft;

/* 1 when impl is one of p's own descriptors */
static int own(const fc_provider *p, const fc_impl *impl)
{
    size_t i;
    for (i = 0; i < p->impl_count; i++)
        if (p->impls[i] == impl)
            return 1;
    return 0;
}

static void test_registry(void)
{
    static const fc_alg mine[] = {FC_SHA256, FC_SHA512, FC_HMAC_SHA256, FC_HMAC_SHA512,
                                  FC_POLY1305, FC_CHACHA20, FC_XCHACHA20, FC_SALSA20,
                                  FC_XSALSA20, FC_CHACHA20_POLY1305, FC_XCHACHA20_POLY1305,
                                  FC_X25519, FC_ED25519, FC_HKDF_SHA256, FC_HMAC_DRBG_SHA512};
    static const fc_alg soft_only[] = {FC_SHA224, FC_SHA384, FC_AES, FC_AES_CCM, FC_ED25519CTX,
                                       FC_ED25519PH, FC_X448, FC_X19119,
                                       FC_ELLIGATOR2_CURVE25519};
    size_t i, at_sodium = 0, at_soft = 0, at_openssl = 0;
    int have_openssl = fc_provider_find("openssl") != NULL;
    for (i = 0; i < fc_provider_count(); i++) {
        const char *name = fc_provider_at(i)->name;
        if (strcmp(name, "sodium") == 0)
            at_sodium = i;
        if (strcmp(name, "soft") == 0)
            at_soft = i;
        if (strcmp(name, "openssl") == 0)
            at_openssl = i;
    }
    CHECK(at_sodium < at_soft && (!have_openssl || at_openssl < at_sodium),
          "the registry lists openssl, sodium, soft in that order");
    CHECK(fc_provider_next(sod) == soft, "sodium's chain goes on to soft");
    for (i = 0; i < sizeof(mine) / sizeof(mine[0]); i++)
        CHECK(fc_provider_implements(sod, mine[i], NULL), "sodium implements alg %d", mine[i]);
    for (i = 0; i < sizeof(soft_only) / sizeof(soft_only[0]); i++)
        CHECK(!fc_provider_implements(sod, soft_only[i], NULL) &&
                  fc_provider_supports(sod, soft_only[i]),
              "alg %d runs on soft behind sodium", soft_only[i]);
}

static void test_known_answers(void)
{
    /* FIPS 180-2 Appendix B.1 and C.1: "abc" */
    static const char sha256_abc[] =
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    static const char sha512_abc[] =
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
        "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f";
    /* RFC 8439 2.5.2: Poly1305 of "Cryptographic Forum Research Group" */
    static const char poly_key[] =
        "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b";
    static const char poly_msg[] = "Cryptographic Forum Research Group";
    static const char poly_tag[] = "a8061dc1305136c6c22b8baf0c0127a9";
    uint8_t out[64], *key;
    size_t key_len;
    CHECK(fc_hash(sod, FC_SHA256, out, 32, (const uint8_t *)"abc", 3) == FC_OK &&
              tu_hex_eq(out, 32, sha256_abc),
          "SHA-256(abc)");
    CHECK(fc_hash(sod, FC_SHA512, out, 64, (const uint8_t *)"abc", 3) == FC_OK &&
              tu_hex_eq(out, 64, sha512_abc),
          "SHA-512(abc)");
    key = tu_unhex(poly_key, &key_len);
    CHECK(fc_mac(sod, FC_POLY1305, out, 16, key, key_len, (const uint8_t *)poly_msg,
                 strlen(poly_msg)) == FC_OK &&
              tu_hex_eq(out, 16, poly_tag),
          "RFC 8439 2.5.2 Poly1305");
    free(key);
}

/* hashes and MACs split at every offset of messages up to 130 bytes, against soft */
static void test_split_hash_mac(void)
{
    static const fc_alg hashes[] = {FC_SHA256, FC_SHA512};
    static const fc_alg macs[] = {FC_HMAC_SHA256, FC_HMAC_SHA512, FC_POLY1305};
    static const size_t hmac_keys[] = {0, 20, 64, 131};
    uint8_t msg[130], key[131], want[64], got[64];
    size_t a, len, cut, k;
    tu_fill_random(msg, sizeof(msg));
    tu_fill_random(key, sizeof(key));
    for (a = 0; a < 2; a++) {
        size_t n = hashes[a] == FC_SHA256 ? 32 : 64;
        for (len = 0; len <= sizeof(msg); len++) {
            int ok = 1, own_ok = 1, wiped = 1;
            fc_hash(soft, hashes[a], want, n, msg, len);
            for (cut = 0; cut <= len; cut++) {
                fc_hash_ctx ctx;
                memset(&ctx, 0, sizeof(ctx));
                ok &= fc_hash_init(&ctx, sod, hashes[a]) == FC_OK;
                own_ok &= own(sod, ctx.impl);
                ok &= fc_hash_update(&ctx, msg, cut) == FC_OK &&
                      fc_hash_update(&ctx, msg + cut, len - cut) == FC_OK &&
                      fc_hash_final(&ctx, got, n) == FC_OK && memcmp(got, want, n) == 0;
                wiped &= tu_all_zero(&ctx.state, sizeof(ctx.state));
            }
            CHECK(ok && own_ok && wiped, "hash %d of %zu bytes split anywhere", hashes[a], len);
        }
    }
    for (a = 0; a < 3; a++) {
        size_t n = macs[a] == FC_HMAC_SHA512 ? 64 : macs[a] == FC_HMAC_SHA256 ? 32 : 16;
        for (k = 0; k < 4; k++) {
            size_t key_len = macs[a] == FC_POLY1305 ? 32 : hmac_keys[k];
            for (len = 0; len <= sizeof(msg); len++) {
                int ok = 1, own_ok = 1, wiped = 1;
                fc_mac(soft, macs[a], want, n, key, key_len, msg, len);
                for (cut = 0; cut <= len; cut++) {
                    fc_mac_ctx ctx;
                    memset(&ctx, 0, sizeof(ctx));
                    ok &= fc_mac_init(&ctx, sod, macs[a], key_len ? key : NULL, key_len) ==
                          FC_OK;
                    own_ok &= own(sod, ctx.impl);
                    ok &= fc_mac_update(&ctx, msg, cut) == FC_OK &&
                          fc_mac_update(&ctx, msg + cut, len - cut) == FC_OK &&
                          fc_mac_final(&ctx, got, n) == FC_OK && memcmp(got, want, n) == 0;
                    wiped &= tu_all_zero(&ctx.state, sizeof(ctx.state));
                }
                CHECK(ok && own_ok && wiped, "MAC %d, %zu-byte key, %zu bytes split anywhere",
                      macs[a], key_len, len);
            }
        }
    }
}

/* the streams against soft, split at every offset, and the subkey functions */
static void test_streams(void)
{
    static const struct { fc_alg alg; size_t key_len, nonce_len; } cases[] = {
        {FC_CHACHA20, 32, 12}, {FC_CHACHA20, 32, 8}, {FC_XCHACHA20, 32, 24},
        {FC_SALSA20, 32, 8},   {FC_SALSA20, 16, 8},  {FC_XSALSA20, 32, 24},
    };
    uint8_t key[32], nonce[24], in[200], want[200], got[200], sub_a[32], sub_b[32];
    size_t c, len, cut;
    tu_fill_random(key, sizeof(key));
    tu_fill_random(nonce, sizeof(nonce));
    tu_fill_random(in, sizeof(in));
    for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        int ok = 1, wiped = 1;
        uint64_t counter = cases[c].nonce_len == 8 ? 0x1234567890ull : 7; /* X: 32-bit */
        for (len = 0; len <= sizeof(in); len += 7) {
            fc_stream_ctx ref;
            memset(&ref, 0, sizeof(ref));
            ok &= fc_stream_init(&ref, soft, cases[c].alg, key, cases[c].key_len, nonce,
                                 cases[c].nonce_len, counter) == FC_OK &&
                  fc_stream_xor(&ref, want, in, len) == FC_OK;
            fc_stream_wipe(&ref);
            for (cut = 0; cut <= len; cut++) {
                fc_stream_ctx ctx;
                memset(&ctx, 0, sizeof(ctx));
                ok &= fc_stream_init(&ctx, sod, cases[c].alg, key, cases[c].key_len, nonce,
                                     cases[c].nonce_len, counter) == FC_OK &&
                      fc_stream_xor(&ctx, got, in, cut) == FC_OK &&
                      fc_stream_xor(&ctx, got + cut, in + cut, len - cut) == FC_OK &&
                      memcmp(got, want, len) == 0;
                fc_stream_wipe(&ctx);
                wiped &= tu_all_zero(&ctx, sizeof(ctx));
            }
        }
        CHECK(ok && wiped, "stream case %zu against soft, split anywhere", c);
    }
    CHECK(fc_stream_subkey(sod, FC_HCHACHA20, sub_a, key, nonce) == FC_OK &&
              fc_stream_subkey(soft, FC_HCHACHA20, sub_b, key, nonce) == FC_OK &&
              memcmp(sub_a, sub_b, 32) == 0,
          "HChaCha20 as soft's");
    CHECK(fc_stream_subkey(sod, FC_HSALSA20, sub_a, key, nonce) == FC_OK &&
              fc_stream_subkey(soft, FC_HSALSA20, sub_b, key, nonce) == FC_OK &&
              memcmp(sub_a, sub_b, 32) == 0,
          "HSalsa20 as soft's");
}

/* the last block of each counter, then FC_ERR_LENGTH (the core zeroes out), as soft */
static void test_stream_ends(void)
{
    static const struct {
        fc_alg alg;
        size_t nonce_len;
        uint64_t last;
    } cases[] = {
        {FC_CHACHA20, 12, 0xffffffffull}, {FC_CHACHA20, 8, ~0ull}};
    uint8_t key[32] = {1}, nonce[12] = {2}, in[65] = {0}, a[65], b[65];
    size_t c;
    for (c = 0; c < 2; c++) {
        fc_stream_ctx x, y;
        memset(&x, 0, sizeof(x));
        memset(&y, 0, sizeof(y));
        memset(a + 64, 0xA5, 1);
        CHECK(fc_stream_init(&x, sod, cases[c].alg, key, 32, nonce, cases[c].nonce_len,
                             cases[c].last) == FC_OK &&
                  fc_stream_init(&y, soft, cases[c].alg, key, 32, nonce, cases[c].nonce_len,
                                 cases[c].last) == FC_OK &&
                  fc_stream_xor(&x, a, in, 64) == FC_OK && fc_stream_xor(&y, b, in, 64) == FC_OK &&
                  memcmp(a, b, 64) == 0,
              "stream case %zu: the counter's last block as soft's", c);
        CHECK(fc_stream_xor(&x, a + 64, in, 1) == FC_ERR_LENGTH && a[64] == 0 &&
                  fc_stream_xor(&y, b + 64, in, 1) == FC_ERR_LENGTH &&
                  tu_all_zero(&x, sizeof(x)),
              "stream case %zu: past the last block, FC_ERR_LENGTH as soft, out zeroed and "
              "the context wiped", c);
        fc_stream_wipe(&x);
        fc_stream_wipe(&y);
    }
    {
        /* Salsa20's counter wraps to 0 on soft: the same bytes here */
        fc_stream_ctx x, y;
        uint8_t zero_block[64];
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
        memset(&x, 0, sizeof(x));
        CHECK(fc_stream_init(&x, sod, FC_CHACHA20, key, 32, nonce, 12, 0x100000000ull) ==
                  FC_ERR_LENGTH,
              "a 12-byte nonce with a counter over 32 bits: FC_ERR_LENGTH");
    }
}

static void test_aead(void)
{
    static const struct { fc_alg alg; size_t key_len, nonce_len, tag_len; } cases[] = {
        {FC_CHACHA20_POLY1305, 32, 12, 16}, {FC_XCHACHA20_POLY1305, 32, 24, 16},
        {FC_AES_GCM, 32, 12, 16}, {FC_AES_GCM, 32, 16, 16}, {FC_AES_GCM, 32, 12, 8},
        {FC_AES_GCM, 16, 12, 16},
    };
    uint8_t key[32], nonce[24], aad[40], in[80], ct[80], tag[16], got[80], gtag[16];
    size_t c, len, aad_len;
    tu_fill_random(key, sizeof(key));
    tu_fill_random(nonce, sizeof(nonce));
    tu_fill_random(aad, sizeof(aad));
    tu_fill_random(in, sizeof(in));
    for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        size_t kl = cases[c].key_len, nl = cases[c].nonce_len, tl = cases[c].tag_len;
        int ok = 1;
        fc_aead_ctx ctx;
        memset(&ctx, 0, sizeof(ctx));
        ok &= fc_aead_init(&ctx, sod, cases[c].alg, key, kl) == FC_OK;
        /* AES-GCM: libsodium's only with a 32-byte key and AES-NI, else declined to soft */
        if (cases[c].alg == FC_AES_GCM)
            ok &= own(sod, ctx.impl) ==
                  (kl == 32 && sodium_init() >= 0 && crypto_aead_aes256gcm_is_available());
        else
            ok &= own(sod, ctx.impl);
        for (len = 0; len <= sizeof(in); len += 9) {
            for (aad_len = 0; aad_len <= sizeof(aad); aad_len += 13) {
                ok &= fc_aead_encrypt(soft, cases[c].alg, ct, tag, tl, key, kl, nonce, nl, aad,
                                      aad_len, in, len) == FC_OK;
                memcpy(got, in, len); /* in place */
                ok &= fc_aead_seal(&ctx, got, gtag, tl, nonce, nl, aad, aad_len, got, len) ==
                          FC_OK &&
                      memcmp(got, ct, len) == 0 && memcmp(gtag, tag, tl) == 0;
                ok &= fc_aead_open(&ctx, got, nonce, nl, aad, aad_len, got, len, tag, tl) ==
                          FC_OK &&
                      memcmp(got, in, len) == 0;
                tag[0] ^= 1;
                ok &= fc_aead_open(&ctx, got, nonce, nl, aad, aad_len, ct, len, tag, tl) ==
                          FC_ERR_VERIFY &&
                      tu_all_zero(got, len);
                tag[0] ^= 1;
            }
        }
        fc_aead_wipe(&ctx);
        CHECK(ok && tu_all_zero(&ctx, sizeof(ctx)),
              "AEAD case %zu as soft's, tampered tags refused, context wiped", c);
    }
}

static void test_x25519(void)
{
    uint8_t scalar[32], u[32], out[32];
    tu_fill_random(scalar, sizeof(scalar));
    memset(u, 0, sizeof(u));
    memset(out, 0xA5, sizeof(out));
    CHECK(fc_xdh(sod, FC_X25519, out, scalar, u) == FC_ERR_ZERO_SHARED &&
              tu_all_zero(out, sizeof(out)),
          "X25519 with u = 0: FC_ERR_ZERO_SHARED, out zeroed");
    u[0] = 1;
    CHECK(fc_xdh(sod, FC_X25519, out, scalar, u) == FC_ERR_ZERO_SHARED,
          "X25519 with u = 1 (order 1): FC_ERR_ZERO_SHARED");
}

static void test_ed25519(void)
{
    /* L, little-endian (RFC 8032 5.1) */
    static const uint8_t order[32] = {
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9,
        0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10};
    uint8_t seed[32], pub[32], pub_soft[32], msg[100], sig[64], sig_soft[64], bad[64];
    uint8_t ident[32] = {1}, u_a[32], u_b[32];
    size_t len;
    unsigned carry, i;
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
    /* S + L: the same equation, but S not canonical */
    memcpy(bad, sig, 64);
    for (i = 0, carry = 0; i < 32; i++) {
        carry += (unsigned)bad[32 + i] + order[i];
        bad[32 + i] = (uint8_t)carry;
        carry >>= 8;
    }
    CHECK(fc_eddsa_verify(sod, FC_ED25519, pub, NULL, 0, msg, len - 11, bad) == FC_ERR_VERIFY &&
              fc_eddsa_verify(soft, FC_ED25519, pub, NULL, 0, msg, len - 11, bad) ==
                  FC_ERR_VERIFY,
          "S + L refused by both");
    /* the neutral element as key and R with S = 0 satisfies the equation: refused */
    memset(bad, 0, sizeof(bad));
    bad[0] = 1;
    CHECK(fc_eddsa_verify(sod, FC_ED25519, ident, NULL, 0, msg, 3, bad) == FC_ERR_VERIFY &&
              fc_eddsa_verify(soft, FC_ED25519, ident, NULL, 0, msg, 3, bad) == FC_ERR_VERIFY,
          "small-order key and R refused by both");
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
