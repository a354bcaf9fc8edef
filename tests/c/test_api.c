/* API contract tests: bad input returns a distinct status and writes nothing; misuse of a
 * context is refused; constant-time helpers and randomness sources behave as documented.
 * Every check runs for every provider of the build. */
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"

#define SENTINEL 0xA5

static int untouched(const uint8_t *buf, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        if (buf[i] != SENTINEL)
            return 0;
    return 1;
}

static void test_status_codes(void)
{
    static const fc_status all[] = {FC_OK, FC_ERR_NULL, FC_ERR_LENGTH, FC_ERR_STATE,
                                    FC_ERR_UNSUPPORTED, FC_ERR_NO_PROVIDER, FC_ERR_NO_RNG,
                                    FC_ERR_RNG_FAILED, FC_ERR_ZERO_SHARED, FC_ERR_VERIFY,
                                    FC_ERR_PROVIDER, FC_ERR_ARGUMENT, FC_ERR_PROTOCOL};
    size_t i, j, n = sizeof(all) / sizeof(all[0]);
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++) {
            CHECK(all[i] != all[j], "status %zu == %zu", i, j);
            CHECK(strcmp(fc_status_str(all[i]), fc_status_str(all[j])) != 0, "same text");
        }
    CHECK(strcmp(fc_status_str((fc_status)42), "unknown fc_status") == 0, "unknown status text");
}

static void test_providers(void)
{
    size_t i;
    CHECK(fc_provider_count() >= 1, "no provider");
    CHECK(fc_provider_find("soft") != NULL, "soft missing");
    CHECK(fc_provider_find("no-such") == NULL, "unknown name found");
    CHECK(fc_provider_find(NULL) == NULL, "NULL name found");
    CHECK(fc_provider_default() == fc_provider_find(FC_DEFAULT_PROVIDER), "default");
    CHECK(fc_provider_at(fc_provider_count()) == NULL, "past the end");
    for (i = 0; i < fc_provider_count(); i++)
        CHECK(fc_provider_find(fc_provider_name(fc_provider_at(i))) == fc_provider_at(i), "round trip");
    CHECK(fc_provider_supports(fc_provider_find("soft"), "elligator2-curve25519") == 1, "soft ell2");
    CHECK(fc_provider_supports(fc_provider_find("soft"), "md5") == 0, "md5");
    CHECK(fc_context_size("fc_hash_ctx") == sizeof(fc_hash_ctx), "ctx size");
    CHECK(fc_context_size("nope") == 0, "ctx size unknown");
}

static void test_hash_misuse(const fc_provider *p)
{
    fc_hash_ctx ctx;
    uint8_t out[64], msg[3] = {'a', 'b', 'c'};
    int a;
    for (a = 0; a < FC_HASH_ALG_COUNT; a++) {
        fc_hash_alg alg = (fc_hash_alg)a;
        size_t dlen = fc_hash_digest_len(alg);
        if (p->hash[a] == NULL) {
            CHECK(fc_hash(alg, p, msg, 3, out, 64) == FC_ERR_UNSUPPORTED, "unsupported");
            continue;
        }
        memset(out, SENTINEL, sizeof(out));
        CHECK(fc_hash(alg, p, msg, 3, out, dlen - 1) == FC_ERR_LENGTH, "short out");
        CHECK(fc_hash(alg, p, NULL, 3, out, 64) == FC_ERR_NULL, "NULL data");
        CHECK(fc_hash(alg, p, msg, 3, NULL, 64) == FC_ERR_NULL, "NULL out");
        CHECK(untouched(out, sizeof(out)), "wrote on error");
        CHECK(fc_hash(alg, p, NULL, 0, out, dlen) == FC_OK, "NULL empty data is fine");

        memset(&ctx, 0, sizeof(ctx));
        CHECK(fc_hash_update(&ctx, msg, 3) == FC_ERR_STATE, "update before init");
        CHECK(fc_hash_final(&ctx, out, 64) == FC_ERR_STATE, "final before init");
        CHECK(fc_hash_init(&ctx, alg, p) == FC_OK, "init");
        CHECK(fc_hash_init(&ctx, alg, p) == FC_ERR_STATE, "init twice");
        CHECK(fc_hash_update(&ctx, msg, 3) == FC_OK, "update");
        memset(out, SENTINEL, sizeof(out));
        CHECK(fc_hash_final(&ctx, out, dlen - 1) == FC_ERR_LENGTH, "final short");
        CHECK(untouched(out, sizeof(out)), "final short wrote");
        CHECK(fc_hash_final(&ctx, out, dlen) == FC_OK, "final after short retry");
        CHECK(untouched(out + dlen, sizeof(out) - dlen), "wrote past digest");
        memset(out, SENTINEL, sizeof(out));
        CHECK(fc_hash_final(&ctx, out, 64) == FC_ERR_STATE, "final twice");
        CHECK(fc_hash_update(&ctx, msg, 3) == FC_ERR_STATE, "update after final");
        CHECK(untouched(out, sizeof(out)), "final twice wrote");
        CHECK(fc_hash_init(&ctx, alg, p) == FC_OK, "reinit after final");
        fc_hash_abort(&ctx);
        CHECK(fc_hash_update(&ctx, msg, 3) == FC_ERR_STATE, "update after abort");
    }
    CHECK(fc_hash_init(&ctx, (fc_hash_alg)7, p) == FC_ERR_ARGUMENT, "bad alg");
    CHECK(fc_hash_init(NULL, FC_SHA256, p) == FC_ERR_NULL, "NULL ctx");
}

static void test_hmac_hkdf_misuse(const fc_provider *p)
{
    fc_hmac_ctx ctx;
    uint8_t out[64], okm[64 * 255 + 1], key[4] = {1, 2, 3, 4}, tag[32];
    if (p->hmac[FC_SHA256] == NULL)
        return;
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_hmac(FC_SHA256, p, NULL, 4, key, 4, out, 32) == FC_ERR_NULL, "NULL key");
    CHECK(fc_hmac(FC_SHA256, p, key, 4, key, 4, out, 31) == FC_ERR_LENGTH, "short tag buf");
    CHECK(untouched(out, sizeof(out)), "hmac wrote on error");
    CHECK(fc_hmac(FC_SHA256, p, NULL, 0, NULL, 0, out, 32) == FC_OK, "empty key and data");

    memset(&ctx, 0, sizeof(ctx));
    CHECK(fc_hmac_update(&ctx, key, 4) == FC_ERR_STATE, "hmac update before init");
    CHECK(fc_hmac_init(&ctx, FC_SHA256, p, key, 4) == FC_OK, "hmac init");
    CHECK(fc_hmac_final(&ctx, out, 32) == FC_OK, "hmac final");
    CHECK(fc_hmac_final(&ctx, out, 32) == FC_ERR_STATE, "hmac final twice");
    CHECK(fc_hmac_update(&ctx, key, 4) == FC_ERR_STATE, "hmac update after final");

    CHECK(fc_hmac(FC_SHA256, p, key, 4, key, 4, tag, 32) == FC_OK, "tag");
    CHECK(fc_hmac_verify(FC_SHA256, p, key, 4, key, 4, tag, 32) == FC_OK, "verify ok");
    CHECK(fc_hmac_verify(FC_SHA256, p, key, 4, key, 4, tag, 16) == FC_OK, "verify truncated");
    tag[31] ^= 1;
    CHECK(fc_hmac_verify(FC_SHA256, p, key, 4, key, 4, tag, 32) == FC_ERR_VERIFY, "verify bad");
    CHECK(fc_hmac_verify(FC_SHA256, p, key, 4, key, 4, tag, 0) == FC_ERR_LENGTH, "verify 0");
    CHECK(fc_hmac_verify(FC_SHA256, p, key, 4, key, 4, tag, 33) == FC_ERR_LENGTH, "verify 33");

    memset(okm, SENTINEL, sizeof(okm));
    CHECK(fc_hkdf(FC_SHA256, p, NULL, 0, key, 4, NULL, 0, okm, 255 * 32 + 1) == FC_ERR_LENGTH,
          "hkdf too long");
    CHECK(untouched(okm, sizeof(okm)), "hkdf wrote on error");
    CHECK(fc_hkdf(FC_SHA256, p, NULL, 0, key, 4, NULL, 0, okm, 255 * 32) == FC_OK, "hkdf max");
    CHECK(fc_hkdf(FC_SHA256, p, NULL, 0, key, 4, NULL, 0, NULL, 0) == FC_OK, "hkdf empty");
    CHECK(fc_hkdf_expand(FC_SHA256, p, key, 4, NULL, 0, okm, 32) == FC_ERR_LENGTH, "short prk");
    CHECK(fc_hkdf_extract(FC_SHA256, p, NULL, 0, key, 4, out, 31) == FC_ERR_LENGTH, "short prk buf");
    CHECK(fc_hkdf(FC_SHA256, p, NULL, 3, key, 4, NULL, 0, okm, 32) == FC_ERR_NULL, "NULL salt");
    /* okm overlapping prk or info would be read back while being written */
    CHECK(fc_hkdf_expand(FC_SHA256, p, okm, 32, NULL, 0, okm, 64) == FC_ERR_ARGUMENT, "okm over prk");
    CHECK(fc_hkdf_expand(FC_SHA256, p, out, 32, okm + 10, 20, okm, 64) == FC_ERR_ARGUMENT, "okm over info");
    CHECK(fc_hkdf(FC_SHA256, p, NULL, 0, key, 4, okm + 5, 5, okm, 64) == FC_ERR_ARGUMENT, "okm over info (one-shot)");
    CHECK(fc_hkdf_expand(FC_SHA256, p, okm + 64, 32, NULL, 0, okm, 64) == FC_OK, "adjacent is fine");
}

static void test_salsa20_misuse(const fc_provider *p)
{
    fc_salsa20_ctx ctx;
    uint8_t key[32] = {0}, nonce[24] = {0}, buf[8] = {0};
    if (p->salsa20 == NULL) {
        CHECK(fc_salsa20(p, key, 32, nonce, buf, buf, 8) == FC_ERR_UNSUPPORTED, "unsupported");
        return;
    }
    memset(buf, SENTINEL, sizeof(buf));
    CHECK(fc_salsa20(p, key, 24, nonce, buf, buf, 8) == FC_ERR_LENGTH, "key 24");
    CHECK(fc_salsa20(p, NULL, 32, nonce, buf, buf, 8) == FC_ERR_NULL, "NULL key");
    CHECK(fc_salsa20(p, key, 32, NULL, buf, buf, 8) == FC_ERR_NULL, "NULL nonce");
    CHECK(untouched(buf, sizeof(buf)), "salsa wrote on error");
    memset(&ctx, 0, sizeof(ctx));
    CHECK(fc_salsa20_xor(&ctx, buf, buf, 8) == FC_ERR_STATE, "xor before init");
    CHECK(fc_salsa20_init(&ctx, p, key, 32, nonce, 0) == FC_OK, "init");
    CHECK(fc_salsa20_init(&ctx, p, key, 32, nonce, 0) == FC_ERR_STATE, "init of a live stream");
    fc_salsa20_wipe(&ctx);
    CHECK(fc_salsa20_xor(&ctx, buf, buf, 8) == FC_ERR_STATE, "xor after wipe");
    CHECK(untouched(buf, sizeof(buf)), "xor after wipe wrote");
}

static void test_x25519_misuse(const fc_provider *p)
{
    uint8_t out[32], k[32] = {1}, zero_u[32] = {0}, one_u[32] = {1};
    if (p->x25519 == NULL)
        return;
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_x25519(p, out, NULL, k) == FC_ERR_NULL, "NULL scalar");
    CHECK(fc_x25519(p, out, k, NULL) == FC_ERR_NULL, "NULL u");
    CHECK(untouched(out, sizeof(out)), "x25519 wrote on NULL");
    CHECK(fc_x25519(p, out, k, zero_u) == FC_ERR_ZERO_SHARED, "u = 0");
    CHECK(fc_ct_is_zero(out, 32), "zero output on ZERO_SHARED");
    CHECK(fc_x25519(p, out, k, one_u) == FC_ERR_ZERO_SHARED, "u = 1");
    CHECK(fc_x25519_base(p, out, k) == FC_OK, "base");
    CHECK(fc_elligator2_curve25519(p, NULL, k) == FC_ERR_NULL || p->x25519->elligator2 == NULL,
          "ell2 NULL");
}

static int failing_fill(void *user, uint8_t *out, size_t len)
{
    memset(out, 0x77, len); /* writes, then fails: the library must wipe */
    (void)user;
    return -1;
}

static int counting_fill(void *user, uint8_t *out, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        out[i] = (uint8_t)(i + 1);
    ++*(int *)user;
    return 0;
}

static void test_rng(void)
{
    fc_rng bad = {failing_fill, NULL};
    int calls = 0;
    fc_rng counting = {counting_fill, &calls};
    uint8_t sk[32], pk[32], buf[16];

    memset(sk, SENTINEL, 32);
    memset(pk, SENTINEL, 32);
    CHECK(fc_x25519_keypair(NULL, &bad, sk, pk) == FC_ERR_RNG_FAILED, "failing rng");
    CHECK(untouched(sk, 32) && untouched(pk, 32), "keypair wrote after rng failure");
    memset(buf, SENTINEL, sizeof(buf));
    CHECK(fc_random_bytes(&bad, buf, sizeof(buf)) == FC_ERR_RNG_FAILED, "random bytes fail");
    CHECK(fc_ct_is_zero(buf, sizeof(buf)), "failed rng output not wiped");

    fc_rng_install(&counting);
    CHECK(fc_x25519_keypair(NULL, NULL, sk, pk) == FC_OK && calls == 1, "installed rng used");
    CHECK(sk[0] == 1 && sk[31] == 32, "secret from installed rng");
    fc_rng_install(NULL);

    /* With nothing installed, a hosted build falls back to the OS; a freestanding one fails. */
    if (fc_rng_system() != NULL) {
        CHECK(fc_random_bytes(NULL, buf, sizeof(buf)) == FC_OK, "system rng");
    } else {
        CHECK(fc_random_bytes(NULL, buf, sizeof(buf)) == FC_ERR_NO_RNG, "no rng");
    }
    {
        fc_rng empty = {NULL, NULL};
        CHECK(fc_random_bytes(&empty, buf, sizeof(buf)) == FC_ERR_NO_RNG, "rng without callback");
    }
}

static void test_ct(void)
{
    uint8_t a[5] = {1, 2, 3, 4, 5}, b[5] = {1, 2, 3, 4, 5}, o[5];
    CHECK(fc_ct_equal(a, b, 5) == 1, "equal");
    b[4] = 6;
    CHECK(fc_ct_equal(a, b, 5) == 0, "differ last");
    b[4] = 5;
    b[0] = 0x81;
    CHECK(fc_ct_equal(a, b, 5) == 0, "differ first high bit");
    CHECK(fc_ct_equal(a, b, 0) == 1, "empty equal");
    CHECK(fc_ct_is_zero(o, 0) == 1, "empty zero");
    memset(o, 0, 5);
    CHECK(fc_ct_is_zero(o, 5) == 1, "zero");
    o[2] = 0x80;
    CHECK(fc_ct_is_zero(o, 5) == 0, "nonzero");
    fc_ct_select(o, a, b, 5, 1);
    CHECK(memcmp(o, a, 5) == 0, "select a");
    fc_ct_select(o, a, b, 5, 0);
    CHECK(memcmp(o, b, 5) == 0, "select b");
    fc_ct_swap(a, b, 5, 0);
    CHECK(a[0] == 1 && b[0] == 0x81, "no swap");
    fc_ct_swap(a, b, 5, 1);
    CHECK(a[0] == 0x81 && b[0] == 1, "swap");
    fc_zeroize(a, 5);
    CHECK(fc_ct_is_zero(a, 5), "zeroize");
    fc_zeroize(NULL, 5);
}

int main(void)
{
    size_t i;
    test_status_codes();
    test_providers();
    test_ct();
    test_rng();
    for (i = 0; i < fc_provider_count(); i++) {
        const fc_provider *p = fc_provider_at(i);
        test_hash_misuse(p);
        test_hmac_hkdf_misuse(p);
        test_salsa20_misuse(p);
        test_x25519_misuse(p);
    }
    return tu_finish("test_api");
}
