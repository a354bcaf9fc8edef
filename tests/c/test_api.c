/* API contract tests: bad input returns a distinct status and writes nothing; misuse of a
 * context is refused; constant-time helpers and randomness sources behave as documented.
 * Every check runs for every provider of the build. */
#include <string.h>

#include "fieldcrypt/driver.h"
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

/* the four hashes (algorithms.def) */
static const fc_alg hashes[4] = {FC_SHA224, FC_SHA256, FC_SHA384, FC_SHA512};

static void test_algorithms(void)
{
    static const char *const contexts[] = {"fc_hash_ctx", "fc_mac_ctx", "fc_stream_ctx",
                                           "fc_job", "fc_cpace_ctx", "fc_cpace_params",
                                           "fc_pace2017_ctx", "fc_login", "fc_login_config",
                                           "fc_login_reasm"};
    static const size_t sizes[] = {sizeof(fc_hash_ctx), sizeof(fc_mac_ctx), sizeof(fc_stream_ctx),
                                   sizeof(fc_job), sizeof(fc_cpace_ctx), sizeof(fc_cpace_params),
                                   sizeof(fc_pace2017_ctx), sizeof(fc_login),
                                   sizeof(fc_login_config), sizeof(fc_login_reasm)};
    fc_alg_info info;
    size_t i;
    int a;
    for (a = FC_ALG_NONE + 1; a < FC_ALG_COUNT; a++) {
        const char *name = fc_alg_name((fc_alg)a);
        CHECK(name != NULL && fc_alg_find(name) == (fc_alg)a, "name round trip %d", a);
        CHECK(fc_alg_get((fc_alg)a, &info) == FC_OK && strcmp(info.name, name) == 0 &&
                  info.family != FC_FAMILY_NONE, "alg_get %d", a);
    }
    CHECK(fc_alg_find("md4") == FC_ALG_NONE && fc_alg_find(NULL) == FC_ALG_NONE, "unknown name");
    CHECK(fc_alg_name(FC_ALG_NONE) == NULL && fc_alg_name(FC_ALG_COUNT) == NULL, "no name");
    CHECK(fc_alg_get(FC_ALG_NONE, &info) == FC_ERR_ARGUMENT &&
              fc_alg_get(FC_ALG_COUNT, &info) == FC_ERR_ARGUMENT &&
              fc_alg_get(FC_SHA256, NULL) == FC_ERR_NULL, "alg_get refusals");
    CHECK(fc_alg_get(FC_HMAC_SHA384, &info) == FC_OK && info.family == FC_FAMILY_MAC &&
              info.mode == FC_MODE_HMAC && info.base == FC_SHA384 && info.out_len == FC_SHA384_LEN &&
              info.block_len == 128, "hmac-sha384 line");
    CHECK(fc_alg_get(FC_XSALSA20, &info) == FC_OK && info.key_len == 32 && info.nonce_len == 24,
          "xsalsa20 line");
    CHECK(fc_alg_get(FC_X19119, &info) == FC_OK && info.out_len == FC_X19119_LEN, "x19119 line");
    for (i = 0; i < sizeof(contexts) / sizeof(contexts[0]); i++)
        CHECK(fc_context_size(contexts[i]) == sizes[i], "context size %s", contexts[i]);
    CHECK(fc_context_size("nope") == 0 && fc_context_size("") == 0, "ctx size unknown");
}

static void test_providers(void)
{
    const fc_provider *soft = fc_provider_find("soft"), *ossl = fc_provider_find("openssl");
    unsigned flags = 0;
    size_t i;
    CHECK(fc_provider_count() >= 1, "no provider");
    CHECK(soft != NULL, "soft missing");
    CHECK(fc_provider_find("no-such") == NULL, "unknown name found");
    CHECK(fc_provider_find(NULL) == NULL, "NULL name found");
    CHECK(fc_provider_default() == fc_provider_find(FC_DEFAULT_PROVIDER), "default");
    CHECK(fc_provider_at(fc_provider_count()) == NULL, "past the end");
    for (i = 0; i < fc_provider_count(); i++)
        CHECK(fc_provider_find(fc_provider_name(fc_provider_at(i))) == fc_provider_at(i), "round trip");
    CHECK(fc_provider_supports(soft, FC_ELLIGATOR2_CURVE25519) == 1, "soft ell2");
    CHECK(fc_provider_supports(soft, FC_ALG_NONE) == 0 && fc_provider_supports(soft, FC_ALG_COUNT) == 0,
          "no such algorithm");
    CHECK(fc_provider_next(soft) == NULL, "soft ends every chain");
    /* the core's modes count as the provider's own: HKDF over HMAC over its SHA-512 */
    CHECK(fc_provider_implements(soft, FC_HKDF_SHA512, &flags) == 1 &&
              (flags & FC_IMPL_CONSTANT_TIME), "soft hkdf-sha512 through the modes");
    CHECK(fc_provider_implements(soft, FC_X25519, &flags) == 1 &&
              (flags & FC_IMPL_CONSTANT_TIME), "soft x25519 flags");
    CHECK(fc_provider_implements(NULL, FC_X25519, NULL) ==
              fc_provider_implements(fc_provider_default(), FC_X25519, NULL), "NULL: the default");
    /* a mode's flags are its base's, but a mode is never sliceable */
    CHECK(fc_provider_implements(soft, FC_SHA512, &flags) == 1 && (flags & FC_IMPL_SLICEABLE) &&
              fc_provider_implements(soft, FC_HMAC_SHA512, &flags) == 1 &&
              !(flags & FC_IMPL_SLICEABLE), "mode flags");
    if (ossl != NULL) {
        uint8_t r[32] = {7}, u1[32], u2[32], key[32] = {1}, nonce[8] = {2}, c1[40], c2[40];
        static const uint8_t zeros[40];
        /* openssl heads the default chain of a host build; what it lacks, soft runs */
        CHECK(fc_provider_next(ossl) == soft, "openssl -> soft");
        CHECK(fc_provider_implements(ossl, FC_SHA256, NULL) == 1 &&
                  fc_provider_implements(ossl, FC_HKDF_SHA512, NULL) == 1 &&
                  fc_provider_implements(ossl, FC_X25519, NULL) == 1, "openssl's own");
        CHECK(fc_provider_implements(ossl, FC_SALSA20, NULL) == 0 &&
                  fc_provider_supports(ossl, FC_SALSA20) == 1, "salsa20: not openssl's, the chain's");
        CHECK(fc_provider_implements(ossl, FC_ELLIGATOR2_CURVE25519, NULL) == 0 &&
                  fc_provider_supports(ossl, FC_ELLIGATOR2_CURVE25519) == 1, "ell2 through the chain");
        CHECK(fc_provider_implements(ossl, FC_X19119, NULL) == 0 &&
                  fc_provider_supports(ossl, FC_X19119) == 1, "x19119 through the chain");
        CHECK(fc_stream(ossl, FC_SALSA20, c1, zeros, 40, key, 32, nonce, 8) == FC_OK &&
                  fc_stream(soft, FC_SALSA20, c2, zeros, 40, key, 32, nonce, 8) == FC_OK &&
                  memcmp(c1, c2, 40) == 0, "salsa20 on the openssl chain runs soft's");
        CHECK(fc_map(ossl, FC_ELLIGATOR2_CURVE25519, u1, r) == FC_OK &&
                  fc_map(soft, FC_ELLIGATOR2_CURVE25519, u2, r) == FC_OK && memcmp(u1, u2, 32) == 0,
              "elligator2 on the openssl chain runs soft's");
    }
}

/* ---- providers written here (driver.h): how a chain behaves at its ends ---- */

static fc_status declining_init(const fc_impl *impl, void *state)
{
    (void)impl, (void)state;
    return FC_ERR_UNSUPPORTED; /* busy peripheral: the next provider takes the call */
}

static fc_status failing_init(const fc_impl *impl, void *state)
{
    (void)impl, (void)state;
    return FC_ERR_PROVIDER; /* a fault: never retried elsewhere */
}

static const fc_impl declining_sha256 = {.alg = FC_SHA256, .ops.hash = {.init = declining_init}};
static const fc_impl failing_sha256 = {.alg = FC_SHA256, .ops.hash = {.init = failing_init}};
static const fc_impl *const declining_list[] = {&declining_sha256};
static const fc_impl *const failing_list[] = {&failing_sha256};
static const fc_provider empty_chain = {"empty", "nothing at all", NULL, 0, NULL};
static const fc_provider declining = {"declining", "declines SHA-256", declining_list, 1,
                                      &fc_provider_soft};
static const fc_provider failing = {"failing", "fails SHA-256", failing_list, 1, &fc_provider_soft};

static void test_chain_ends(void)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t out[64], ref[64], k[32] = {1}, u[32] = {9}, nonce[8] = {0}, buf[8] = {0};
    fc_job job;
    int a;
    /* a chain with nothing for an algorithm: FC_ERR_UNSUPPORTED, nothing written */
    for (a = FC_ALG_NONE + 1; a < FC_ALG_COUNT; a++)
        CHECK(!fc_provider_supports(&empty_chain, (fc_alg)a), "empty chain supports %d", a);
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_hash(&empty_chain, FC_SHA256, out, 64, k, 3) == FC_ERR_UNSUPPORTED, "empty hash");
    CHECK(fc_mac(&empty_chain, FC_HMAC_SHA256, out, 64, k, 4, k, 3) == FC_ERR_UNSUPPORTED, "empty mac");
    CHECK(untouched(out, 64), "empty chain wrote");
    /* kdf.h and xdh.h wipe their output on any failure */
    CHECK(fc_kdf(&empty_chain, FC_HKDF_SHA256, out, 64, NULL, 0, k, 4, NULL, 0) == FC_ERR_UNSUPPORTED,
          "empty kdf");
    CHECK(fc_kdf_expand(&empty_chain, FC_HKDF_SHA256, out, 0, k, 32, NULL, 0) == FC_ERR_UNSUPPORTED,
          "empty kdf, zero-length expand");
    CHECK(fc_stream(&empty_chain, FC_SALSA20, buf, buf, 8, k, 32, nonce, 8) == FC_ERR_UNSUPPORTED,
          "empty stream");
    CHECK(fc_xdh(&empty_chain, FC_X25519, out, k, u) == FC_ERR_UNSUPPORTED, "empty xdh");
    CHECK(fc_map(&empty_chain, FC_ELLIGATOR2_CURVE25519, out, k) == FC_ERR_UNSUPPORTED, "empty map");
    CHECK(fc_ct_is_zero(out, 64), "failed kdf and xdh wipe their output");
    CHECK(fc_xdh_keypair(&empty_chain, FC_X25519, NULL, ref, ref + 32) == FC_ERR_UNSUPPORTED,
          "empty keypair");
    memset(&job, 0, sizeof(job));
    CHECK(!fc_job_supports(&empty_chain, FC_X25519) &&
              fc_job_xdh(&job, &empty_chain, FC_X25519, out, k, NULL) == FC_ERR_UNSUPPORTED &&
              !fc_job_running(&job), "empty chain: no job");

    /* a decline goes to the next provider; so does the HMAC mode over the declined hash */
    CHECK(fc_provider_implements(&declining, FC_SHA256, NULL) == 1, "declining has sha256");
    CHECK(fc_hash(&declining, FC_SHA256, out, 64, k, 3) == FC_OK &&
              fc_hash(soft, FC_SHA256, ref, 64, k, 3) == FC_OK && memcmp(out, ref, 32) == 0,
          "declined hash runs on soft");
    CHECK(fc_mac(&declining, FC_HMAC_SHA256, out, 64, k, 4, k, 3) == FC_OK &&
              fc_mac(soft, FC_HMAC_SHA256, ref, 64, k, 4, k, 3) == FC_OK && memcmp(out, ref, 32) == 0,
          "HMAC over a declined hash runs on soft");
    /* a failure ends the call: no retry, nothing written */
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_hash(&failing, FC_SHA256, out, 64, k, 3) == FC_ERR_PROVIDER && untouched(out, 64),
          "a failing provider is not retried");
}

static void test_hash_misuse(const fc_provider *p)
{
    fc_hash_ctx ctx;
    uint8_t out[64], msg[3] = {'a', 'b', 'c'};
    fc_alg_info info;
    int a;
    for (a = 0; a < 4; a++) {
        fc_alg alg = hashes[a];
        size_t dlen = fc_alg_get(alg, &info) == FC_OK ? info.out_len : 0;
        if (!fc_provider_supports(p, alg)) {
            CHECK(fc_hash(p, alg, out, 64, msg, 3) == FC_ERR_UNSUPPORTED, "unsupported");
            continue;
        }
        memset(out, SENTINEL, sizeof(out));
        CHECK(fc_hash(p, alg, out, dlen - 1, msg, 3) == FC_ERR_LENGTH, "short out");
        CHECK(fc_hash(p, alg, out, 64, NULL, 3) == FC_ERR_NULL, "NULL data");
        CHECK(fc_hash(p, alg, NULL, 64, msg, 3) == FC_ERR_NULL, "NULL out");
        CHECK(untouched(out, sizeof(out)), "wrote on error");
        CHECK(fc_hash(p, alg, out, dlen, NULL, 0) == FC_OK, "NULL empty data is fine");

        memset(&ctx, 0, sizeof(ctx));
        CHECK(fc_hash_update(&ctx, msg, 3) == FC_ERR_STATE, "update before init");
        CHECK(fc_hash_final(&ctx, out, 64) == FC_ERR_STATE, "final before init");
        CHECK(fc_hash_init(&ctx, p, alg) == FC_OK, "init");
        CHECK(fc_hash_init(&ctx, p, alg) == FC_ERR_STATE, "init twice");
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
        CHECK(fc_hash_init(&ctx, p, alg) == FC_OK, "reinit after final");
        fc_hash_wipe(&ctx);
        CHECK(fc_hash_update(&ctx, msg, 3) == FC_ERR_STATE, "update after wipe");
    }
    /* an id of another family, or of none: FC_ERR_ARGUMENT */
    CHECK(fc_hash_init(&ctx, p, FC_HMAC_SHA256) == FC_ERR_ARGUMENT, "hmac id to fc_hash_init");
    CHECK(fc_hash_init(&ctx, p, FC_ALG_NONE) == FC_ERR_ARGUMENT, "FC_ALG_NONE");
    CHECK(fc_hash_init(&ctx, p, FC_ALG_COUNT) == FC_ERR_ARGUMENT, "out-of-range id");
    CHECK(fc_hash(p, FC_HMAC_SHA256, out, 64, msg, 3) == FC_ERR_ARGUMENT, "hmac id to fc_hash");
    CHECK(fc_hash(p, (fc_alg)-1, out, 64, msg, 3) == FC_ERR_ARGUMENT, "negative id");
    CHECK(fc_hash_init(NULL, p, FC_SHA256) == FC_ERR_NULL, "NULL ctx");
}

static void test_mac_kdf_misuse(const fc_provider *p)
{
    fc_mac_ctx ctx;
    uint8_t out[64], okm[64 * 255 + 1], key[4] = {1, 2, 3, 4}, tag[32];
    const fc_alg M = FC_HMAC_SHA256, K = FC_HKDF_SHA256;
    if (!fc_provider_supports(p, M))
        return;
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_mac(p, M, out, 32, NULL, 4, key, 4) == FC_ERR_NULL, "NULL key");
    CHECK(fc_mac(p, M, out, 31, key, 4, key, 4) == FC_ERR_LENGTH, "short tag buf");
    CHECK(fc_mac(p, FC_SHA256, out, 32, key, 4, key, 4) == FC_ERR_ARGUMENT, "hash id to fc_mac");
    CHECK(untouched(out, sizeof(out)), "mac wrote on error");
    CHECK(fc_mac(p, M, out, 32, NULL, 0, NULL, 0) == FC_OK, "empty key and data");

    memset(&ctx, 0, sizeof(ctx));
    CHECK(fc_mac_update(&ctx, key, 4) == FC_ERR_STATE, "mac update before init");
    CHECK(fc_mac_init(&ctx, p, FC_HKDF_SHA256, key, 4) == FC_ERR_ARGUMENT, "kdf id to fc_mac_init");
    CHECK(fc_mac_init(&ctx, p, M, key, 4) == FC_OK, "mac init");
    CHECK(fc_mac_final(&ctx, out, 32) == FC_OK, "mac final");
    CHECK(fc_mac_final(&ctx, out, 32) == FC_ERR_STATE, "mac final twice");
    CHECK(fc_mac_update(&ctx, key, 4) == FC_ERR_STATE, "mac update after final");
    CHECK(fc_mac_init(&ctx, p, M, key, 4) == FC_OK, "mac reinit after final");
    fc_mac_wipe(&ctx);
    CHECK(fc_mac_update(&ctx, key, 4) == FC_ERR_STATE, "mac update after wipe");

    CHECK(fc_mac(p, M, tag, 32, key, 4, key, 4) == FC_OK, "tag");
    CHECK(fc_mac_verify(p, M, tag, 32, key, 4, key, 4) == FC_OK, "verify ok");
    CHECK(fc_mac_verify(p, M, tag, 16, key, 4, key, 4) == FC_OK, "verify truncated");
    tag[31] ^= 1;
    CHECK(fc_mac_verify(p, M, tag, 32, key, 4, key, 4) == FC_ERR_VERIFY, "verify bad");
    CHECK(fc_mac_verify(p, M, tag, 0, key, 4, key, 4) == FC_ERR_LENGTH, "verify 0");
    CHECK(fc_mac_verify(p, M, tag, 33, key, 4, key, 4) == FC_ERR_LENGTH, "verify 33");
    CHECK(fc_mac_verify(p, FC_SHA256, tag, 32, key, 4, key, 4) == FC_ERR_ARGUMENT, "verify hash id");

    memset(okm, SENTINEL, sizeof(okm));
    CHECK(fc_kdf(p, K, okm, 255 * 32 + 1, NULL, 0, key, 4, NULL, 0) == FC_ERR_LENGTH,
          "hkdf too long");
    CHECK(fc_kdf(p, M, okm, 32, NULL, 0, key, 4, NULL, 0) == FC_ERR_ARGUMENT, "mac id to fc_kdf");
    CHECK(fc_kdf_extract(p, FC_SHA256, okm, 32, NULL, 0, key, 4) == FC_ERR_ARGUMENT,
          "hash id to fc_kdf_extract");
    CHECK(untouched(okm, sizeof(okm)), "hkdf wrote on error");
    CHECK(fc_kdf(p, K, okm, 255 * 32, NULL, 0, key, 4, NULL, 0) == FC_OK, "hkdf max");
    CHECK(fc_kdf(p, K, NULL, 0, NULL, 0, key, 4, NULL, 0) == FC_OK, "hkdf empty");
    CHECK(fc_kdf_expand(p, K, okm, 32, key, 4, NULL, 0) == FC_ERR_LENGTH, "short prk");
    CHECK(fc_kdf_extract(p, K, out, 31, NULL, 0, key, 4) == FC_ERR_LENGTH, "short prk buf");
    CHECK(fc_kdf(p, K, okm, 32, NULL, 3, key, 4, NULL, 0) == FC_ERR_NULL, "NULL salt");
    /* okm overlapping prk or info would be read back while being written */
    CHECK(fc_kdf_expand(p, K, okm, 64, okm, 32, NULL, 0) == FC_ERR_ARGUMENT, "okm over prk");
    CHECK(fc_kdf_expand(p, K, okm, 64, out, 32, okm + 10, 20) == FC_ERR_ARGUMENT, "okm over info");
    CHECK(fc_kdf(p, K, okm, 64, NULL, 0, key, 4, okm + 5, 5) == FC_ERR_ARGUMENT,
          "okm over info (one-shot)");
    CHECK(fc_kdf_expand(p, K, okm, 64, okm + 64, 32, NULL, 0) == FC_OK, "adjacent is fine");
}

/* OpenSSL's HKDF takes at most 32768 bytes of info: it declines a longer expand and soft, next
 * in its chain, completes it, so both providers give the same OKM (before the chain the
 * openssl provider failed such a call with FC_ERR_PROVIDER). */
static void test_hkdf_long_info(void)
{
    static uint8_t info[40000];
    const fc_provider *soft = fc_provider_find("soft"), *ossl = fc_provider_find("openssl");
    uint8_t prk[32], a[100], b[100];
    size_t i;
    if (ossl == NULL)
        return;
    for (i = 0; i < sizeof(info); i++)
        info[i] = (uint8_t)(i * 7 + 1);
    for (i = 0; i < sizeof(prk); i++)
        prk[i] = (uint8_t)(i + 100);
    memset(a, SENTINEL, sizeof(a));
    CHECK(fc_kdf_expand(ossl, FC_HKDF_SHA256, a, sizeof(a), prk, 32, info, sizeof(info)) == FC_OK,
          "openssl chain: expand with 40000 bytes of info");
    CHECK(fc_kdf_expand(soft, FC_HKDF_SHA256, b, sizeof(b), prk, 32, info, sizeof(info)) == FC_OK &&
              memcmp(a, b, sizeof(a)) == 0, "openssl chain and soft agree on long info");
    CHECK(fc_kdf(ossl, FC_HKDF_SHA512, a, sizeof(a), prk, 16, prk, 32, info, sizeof(info)) ==
                  FC_OK &&
              fc_kdf(soft, FC_HKDF_SHA512, b, sizeof(b), prk, 16, prk, 32, info, sizeof(info)) ==
                  FC_OK &&
              memcmp(a, b, sizeof(a)) == 0, "one-shot hkdf agrees on long info");
    /* at OpenSSL's limit it still runs its own: the same bytes */
    CHECK(fc_kdf_expand(ossl, FC_HKDF_SHA256, a, sizeof(a), prk, 32, info, 32768) == FC_OK &&
              fc_kdf_expand(soft, FC_HKDF_SHA256, b, sizeof(b), prk, 32, info, 32768) == FC_OK &&
              memcmp(a, b, sizeof(a)) == 0, "32768 bytes of info");
}

static void test_stream_misuse(const fc_provider *p)
{
    fc_stream_ctx ctx;
    uint8_t key[32] = {0}, nonce[24] = {0}, buf[8] = {0}, sub[32];
    if (!fc_provider_supports(p, FC_SALSA20)) {
        CHECK(fc_stream(p, FC_SALSA20, buf, buf, 8, key, 32, nonce, 8) == FC_ERR_UNSUPPORTED,
              "unsupported");
        return;
    }
    memset(buf, SENTINEL, sizeof(buf));
    CHECK(fc_stream(p, FC_SALSA20, buf, buf, 8, key, 24, nonce, 8) == FC_ERR_LENGTH, "key 24");
    CHECK(fc_stream(p, FC_SALSA20, buf, buf, 8, key, 32, nonce, 24) == FC_ERR_LENGTH, "nonce 24");
    CHECK(fc_stream(p, FC_XSALSA20, buf, buf, 8, key, 16, nonce, 24) == FC_ERR_LENGTH,
          "xsalsa20 key 16");
    CHECK(fc_stream(p, FC_XSALSA20, buf, buf, 8, key, 32, nonce, 8) == FC_ERR_LENGTH,
          "xsalsa20 nonce 8");
    CHECK(fc_stream(p, FC_SALSA20, buf, buf, 8, NULL, 32, nonce, 8) == FC_ERR_NULL, "NULL key");
    CHECK(fc_stream(p, FC_SALSA20, buf, buf, 8, key, 32, NULL, 8) == FC_ERR_NULL, "NULL nonce");
    CHECK(fc_stream(p, FC_HSALSA20, buf, buf, 8, key, 32, nonce, 16) == FC_ERR_ARGUMENT,
          "hsalsa20 is no stream");
    CHECK(fc_stream(p, FC_SHA256, buf, buf, 8, key, 32, nonce, 8) == FC_ERR_ARGUMENT, "hash id");
    CHECK(untouched(buf, sizeof(buf)), "salsa wrote on error");
    CHECK(fc_stream_subkey(p, FC_SALSA20, sub, key, nonce) == FC_ERR_ARGUMENT, "subkey of salsa20");
    CHECK(fc_stream_subkey(p, FC_HSALSA20, NULL, key, nonce) == FC_ERR_NULL, "subkey NULL");
    memset(&ctx, 0, sizeof(ctx));
    CHECK(fc_stream_xor(&ctx, buf, buf, 8) == FC_ERR_STATE, "xor before init");
    CHECK(fc_stream_init(&ctx, p, FC_SALSA20, key, 32, nonce, 8, 0) == FC_OK, "init");
    CHECK(fc_stream_init(&ctx, p, FC_SALSA20, key, 32, nonce, 8, 0) == FC_ERR_STATE,
          "init of a live stream");
    fc_stream_wipe(&ctx);
    CHECK(fc_stream_xor(&ctx, buf, buf, 8) == FC_ERR_STATE, "xor after wipe");
    CHECK(untouched(buf, sizeof(buf)), "xor after wipe wrote");
}

static void test_x25519_misuse(const fc_provider *p)
{
    uint8_t out[32], k[32] = {1}, zero_u[32] = {0}, one_u[32] = {1};
    if (!fc_provider_supports(p, FC_X25519))
        return;
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_xdh(p, FC_X25519, out, NULL, k) == FC_ERR_NULL, "NULL scalar");
    CHECK(fc_xdh(p, FC_X25519, out, k, NULL) == FC_ERR_NULL, "NULL u");
    CHECK(fc_xdh(p, FC_ELLIGATOR2_CURVE25519, out, k, k) == FC_ERR_ARGUMENT, "map id to fc_xdh");
    CHECK(untouched(out, sizeof(out)), "x25519 wrote on NULL");
    CHECK(fc_xdh(p, FC_X25519, out, k, zero_u) == FC_ERR_ZERO_SHARED, "u = 0");
    CHECK(fc_ct_is_zero(out, 32), "zero output on ZERO_SHARED");
    CHECK(fc_xdh(p, FC_X25519, out, k, one_u) == FC_ERR_ZERO_SHARED, "u = 1");
    CHECK(fc_xdh_base(p, FC_X25519, out, k) == FC_OK, "base");
    CHECK(fc_map(p, FC_ELLIGATOR2_CURVE25519, NULL, k) == FC_ERR_NULL, "ell2 NULL");
    CHECK(fc_map(p, FC_X25519, out, k) == FC_ERR_ARGUMENT, "xdh id to fc_map");
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
    CHECK(fc_xdh_keypair(NULL, FC_X25519, &bad, sk, pk) == FC_ERR_RNG_FAILED, "failing rng");
    CHECK(untouched(sk, 32) && untouched(pk, 32), "keypair wrote after rng failure");
    memset(buf, SENTINEL, sizeof(buf));
    CHECK(fc_random_bytes(&bad, buf, sizeof(buf)) == FC_ERR_RNG_FAILED, "random bytes fail");
    CHECK(fc_ct_is_zero(buf, sizeof(buf)), "failed rng output not wiped");

    fc_rng_install(&counting);
    CHECK(fc_xdh_keypair(NULL, FC_X25519, NULL, sk, pk) == FC_OK && calls == 1,
          "installed rng used");
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
    test_algorithms();
    test_providers();
    test_chain_ends();
    test_hkdf_long_info();
    test_ct();
    test_rng();
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        test_hash_misuse(p);
        test_mac_kdf_misuse(p);
        test_stream_misuse(p);
        test_x25519_misuse(p);
    }
    return tu_finish("test_api");
}
