/* The provider chain: per-call fallback through "testdrv -> soft" for every family, failures
 * that are final, chains that end with nothing, contexts bound to their implementation, the
 * capability queries, and state areas a misbuilt driver would overrun. The vectors of
 * tests/vectors run through "testdrv -> soft" in test_vectors.c. */
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "fieldcrypt/driver.h"
#include "test_driver.h"
#include "testutil.h"

static const uint8_t msg[200] = {1, 2, 3, 4, 5};
static const uint8_t key32[32] = {0x42, 7};

/* ---- the same results with the driver serving, declining, or in between ---- */

/* One call of every family the driver has, through the chain and through soft alone; the
 * outputs must agree whoever ran them. */
static void every_family(const char *label)
{
    const fc_provider *soft = fc_provider_find("soft");
    static const fc_alg hashes[] = {FC_SHA224, FC_SHA256, FC_SHA384, FC_SHA512};
    static const fc_alg macs[] = {FC_HMAC_SHA256, FC_HMAC_SHA384, FC_HMAC_SHA512};
    static const fc_alg kdfs[] = {FC_HKDF_SHA256, FC_HKDF_SHA512};
    uint8_t a[64], b[64], okm_a[100], okm_b[100], ks_a[100], ks_b[100], nonce[24] = {9};
    size_t i;
    for (i = 0; i < sizeof(hashes) / sizeof(hashes[0]); i++) {
        memset(a, 0, sizeof(a)), memset(b, 0, sizeof(b)); /* SHA-224 writes 28 of 64 */
        CHECK(fc_hash(&fc_test_driver, hashes[i], a, sizeof(a), msg, sizeof(msg)) == FC_OK &&
                  fc_hash(soft, hashes[i], b, sizeof(b), msg, sizeof(msg)) == FC_OK &&
                  memcmp(a, b, sizeof(a)) == 0,
              "%s: hash %s", label, fc_alg_name(hashes[i]));
    }
    for (i = 0; i < sizeof(macs) / sizeof(macs[0]); i++) {
        memset(a, 0, sizeof(a)), memset(b, 0, sizeof(b));
        /* a key longer than the block: hashed first, in the driver's own HMAC too */
        CHECK(fc_mac(&fc_test_driver, macs[i], a, sizeof(a), msg, 150, msg, 20) == FC_OK &&
                  fc_mac(soft, macs[i], b, sizeof(b), msg, 150, msg, 20) == FC_OK &&
                  memcmp(a, b, sizeof(a)) == 0,
              "%s: mac %s", label, fc_alg_name(macs[i]));
    }
    for (i = 0; i < sizeof(kdfs) / sizeof(kdfs[0]); i++) {
        CHECK(fc_kdf(&fc_test_driver, kdfs[i], okm_a, sizeof(okm_a), msg, 13, key32, 32, msg,
                     10) == FC_OK &&
                  fc_kdf(soft, kdfs[i], okm_b, sizeof(okm_b), msg, 13, key32, 32, msg, 10) ==
                      FC_OK &&
                  memcmp(okm_a, okm_b, sizeof(okm_a)) == 0,
              "%s: kdf %s", label, fc_alg_name(kdfs[i]));
    }
    CHECK(fc_stream(&fc_test_driver, FC_SALSA20, ks_a, msg, sizeof(ks_a), key32, 32, nonce, 8) ==
                  FC_OK &&
              fc_stream(soft, FC_SALSA20, ks_b, msg, sizeof(ks_b), key32, 32, nonce, 8) == FC_OK &&
              memcmp(ks_a, ks_b, sizeof(ks_a)) == 0,
          "%s: salsa20", label);
    /* XSalsa20: the core's XNONCE mode over the driver's Salsa20 and its subkey function */
    CHECK(fc_stream(&fc_test_driver, FC_XSALSA20, ks_a, msg, sizeof(ks_a), key32, 32, nonce,
                    24) == FC_OK &&
              fc_stream(soft, FC_XSALSA20, ks_b, msg, sizeof(ks_b), key32, 32, nonce, 24) ==
                  FC_OK &&
              memcmp(ks_a, ks_b, sizeof(ks_a)) == 0,
          "%s: xsalsa20", label);
    CHECK(fc_stream_subkey(&fc_test_driver, FC_HSALSA20, a, key32, nonce) == FC_OK &&
              fc_stream_subkey(soft, FC_HSALSA20, b, key32, nonce) == FC_OK && memcmp(a, b, 32) == 0,
          "%s: hsalsa20 (the driver's subkey function)", label);
    CHECK(fc_xdh(&fc_test_driver, FC_X25519, a, key32, msg + 1) == FC_OK &&
              fc_xdh(soft, FC_X25519, b, key32, msg + 1) == FC_OK && memcmp(a, b, 32) == 0,
          "%s: x25519", label);
    CHECK(fc_xdh_base(&fc_test_driver, FC_X25519, a, key32) == FC_OK &&
              fc_xdh_base(soft, FC_X25519, b, key32) == FC_OK && memcmp(a, b, 32) == 0,
          "%s: x25519 base point (the core's u = 9 into a driver without a base entry)", label);
    CHECK(fc_map(&fc_test_driver, FC_ELLIGATOR2_CURVE25519, a, key32) == FC_OK &&
              fc_map(soft, FC_ELLIGATOR2_CURVE25519, b, key32) == FC_OK && memcmp(a, b, 32) == 0,
          "%s: elligator2 (the driver declines every call)", label);
}

static void test_fallback_rates(void)
{
    const test_driver_counts *c = test_driver_counts_get();
    static const fc_family families[] = {FC_FAMILY_HASH, FC_FAMILY_MAC, FC_FAMILY_KDF,
                                         FC_FAMILY_STREAM, FC_FAMILY_XDH};
    size_t i;

    test_driver_reset(0, 1);
    every_family("driver serves");
    for (i = 0; i < sizeof(families) / sizeof(families[0]); i++)
        CHECK(c->served[families[i]] > 0 && c->declined[families[i]] == 0,
              "family %d: all served with 0%% declines", (int)families[i]);
    CHECK(c->declined[FC_FAMILY_MAP] > 0, "the map is always declined");

    test_driver_reset(100, 2);
    every_family("driver declines");
    for (i = 0; i < sizeof(families) / sizeof(families[0]); i++)
        CHECK(c->served[families[i]] == 0 && c->declined[families[i]] > 0,
              "family %d: all declined with 100%% declines", (int)families[i]);

    test_driver_reset(50, 3);
    for (i = 0; i < 8; i++)
        every_family("driver busy half the time");
    for (i = 0; i < sizeof(families) / sizeof(families[0]); i++)
        CHECK(c->served[families[i]] > 0 && c->declined[families[i]] > 0,
              "family %d: both served and declined with 50%% declines", (int)families[i]);
}

/* ---- a failure is final: never retried on the next provider, no output ---- */

static void test_failure_is_final(void)
{
    uint8_t out[100], sentinel[100];
    fc_mac_ctx m;
    memset(sentinel, 0xa5, sizeof(sentinel));
    test_driver_reset(0, 4);

    memcpy(out, sentinel, sizeof(out));
    test_driver_fail_next(FC_FAMILY_HASH, FC_ERR_PROVIDER);
    CHECK(fc_hash(&fc_test_driver, FC_SHA256, out, sizeof(out), msg, 10) == FC_ERR_PROVIDER &&
              memcmp(out, sentinel, sizeof(out)) == 0,
          "hash: a driver failure ends the call, output untouched");

    /* in the middle of the core's HMAC over the driver's SHA-256 (its inner hash) */
    memcpy(out, sentinel, sizeof(out));
    test_driver_fail_next(FC_FAMILY_HASH, FC_ERR_PROVIDER);
    CHECK(fc_mac(&fc_test_driver, FC_HMAC_SHA256, out, sizeof(out), key32, 32, msg, 10) ==
                  FC_ERR_PROVIDER &&
              memcmp(out, sentinel, sizeof(out)) == 0,
          "HMAC mode: the hash's failure is the MAC's, not retried");
    memset(&m, 0, sizeof(m));
    test_driver_fail_next(FC_FAMILY_MAC, FC_ERR_PROVIDER);
    CHECK(fc_mac_init(&m, &fc_test_driver, FC_HMAC_SHA384, key32, 32) == FC_ERR_PROVIDER &&
              fc_mac_update(&m, msg, 1) == FC_ERR_STATE,
          "mac init failure leaves no live context");

    memcpy(out, sentinel, sizeof(out));
    test_driver_fail_next(FC_FAMILY_KDF, FC_ERR_PROVIDER);
    CHECK(fc_kdf(&fc_test_driver, FC_HKDF_SHA256, out, sizeof(out), NULL, 0, key32, 32, NULL,
                 0) == FC_ERR_PROVIDER &&
              fc_ct_is_zero(out, sizeof(out)),
          "kdf: failure ends the call, okm wiped");

    memcpy(out, sentinel, sizeof(out));
    test_driver_fail_next(FC_FAMILY_STREAM, FC_ERR_PROVIDER);
    CHECK(fc_stream(&fc_test_driver, FC_SALSA20, out, msg, 64, key32, 32, msg, 8) ==
                  FC_ERR_PROVIDER &&
              memcmp(out, sentinel, sizeof(out)) == 0,
          "stream: failure ends the call, nothing written");

    memcpy(out, sentinel, sizeof(out));
    test_driver_fail_next(FC_FAMILY_XDH, FC_ERR_PROVIDER);
    CHECK(fc_xdh(&fc_test_driver, FC_X25519, out, key32, msg + 1) == FC_ERR_PROVIDER &&
              fc_ct_is_zero(out, 32) && memcmp(out + 32, sentinel, 68) == 0,
          "xdh: failure ends the call, out wiped");
}

/* ---- a bound context's operations: faults end the context, never go elsewhere ---- */

static void test_bound_faults(void)
{
    const test_driver_counts *c = test_driver_counts_get();
    uint8_t out[100], key[150];
    fc_hash_ctx h;
    fc_mac_ctx m;
    fc_stream_ctx sc;
    unsigned bound0;
    memset(key, 0x3c, sizeof(key));
    test_driver_reset(0, 9);

    memset(&h, 0, sizeof(h));
    fc_hash_init(&h, &fc_test_driver, FC_SHA256);
    test_driver_fail_next(FC_FAMILY_HASH, FC_ERR_PROVIDER);
    CHECK(fc_hash_update(&h, msg, 10) == FC_ERR_PROVIDER && fc_hash_update(&h, msg, 1) == FC_ERR_STATE,
          "a failed update ends the context");
    fc_hash_init(&h, &fc_test_driver, FC_SHA512);
    test_driver_fail_next(FC_FAMILY_HASH, FC_ERR_UNSUPPORTED);
    CHECK(fc_hash_final(&h, out, sizeof(out)) == FC_ERR_PROVIDER,
          "a bound call that declines is a fault, not a decline");

    memset(&m, 0, sizeof(m));
    fc_mac_init(&m, &fc_test_driver, FC_HMAC_SHA256, key32, 32);
    test_driver_fail_next(FC_FAMILY_HASH, FC_ERR_UNSUPPORTED);
    CHECK(fc_mac_final(&m, out, sizeof(out)) == FC_ERR_PROVIDER,
          "HMAC mode: its hash declining at final is a fault");
    bound0 = c->hash_bound;
    test_driver_fail_next(FC_FAMILY_HASH, FC_ERR_PROVIDER);
    CHECK(fc_mac(&fc_test_driver, FC_HMAC_SHA256, out, sizeof(out), key, sizeof(key), msg, 5) ==
              FC_ERR_PROVIDER && c->hash_bound == bound0,
          "HMAC mode, key longer than a block: the key's hash init fails, nothing bound");

    memset(&sc, 0, sizeof(sc));
    fc_stream_init(&sc, &fc_test_driver, FC_SALSA20, key32, 32, msg, 8, 0);
    memset(out, 0xa5, sizeof(out));
    test_driver_fail_next(FC_FAMILY_STREAM, FC_ERR_PROVIDER);
    CHECK(fc_stream_xor(&sc, out, msg, 100) == FC_ERR_PROVIDER && fc_ct_is_zero(out, 100) &&
              fc_stream_xor(&sc, out, msg, 1) == FC_ERR_STATE,
          "stream: a failed block wipes the output and ends the context");

    memset(out, 0xa5, sizeof(out));
    test_driver_fail_next(FC_FAMILY_MAP, FC_ERR_PROVIDER);
    CHECK(fc_map(&fc_test_driver, FC_ELLIGATOR2_CURVE25519, out, key32) == FC_ERR_PROVIDER &&
              fc_ct_is_zero(out, 32),
          "map: a failure is final, out wiped");

    memset(out, 0xa5, sizeof(out));
    test_driver_fail_next(FC_FAMILY_KDF, FC_ERR_PROVIDER);
    CHECK(fc_kdf_expand(&fc_test_driver, FC_HKDF_SHA256, out, sizeof(out), key32, 32, msg, 10) ==
              FC_ERR_PROVIDER && fc_ct_is_zero(out, sizeof(out)),
          "kdf expand: a failure is final, okm wiped");
}

/* ---- chains with nothing left ---- */

static fc_status always_declines(const fc_impl *impl, void *state)
{
    (void)impl, (void)state;
    return FC_ERR_UNSUPPORTED;
}

static const fc_impl busy_sha256 = {
    .alg = FC_SHA256,
    .state_size = 8,
    .ops.hash = {.init = always_declines},
};
static const fc_impl *const busy_impls[] = {&busy_sha256};
static const fc_provider busy_alone = {"busy", "declines everything, no next", busy_impls, 1,
                                       NULL};

/* a descriptor whose state does not fit the context (a driver built for a larger area) */
static const fc_impl huge_sha256 = {
    .alg = FC_SHA256,
    .state_size = FC_HASH_STATE_SIZE + 1,
    .ops.hash = {.init = always_declines},
};
static const fc_impl *const huge_impls[] = {&huge_sha256};
static const fc_provider huge = {"huge", "state larger than the area", huge_impls, 1,
                                 &fc_provider_soft};

static void test_chain_ends(void)
{
    uint8_t out[64];
    fc_hash_ctx h;
    CHECK(fc_hash(&busy_alone, FC_SHA256, out, sizeof(out), msg, 3) == FC_ERR_UNSUPPORTED,
          "every implementation declined and no next provider: FC_ERR_UNSUPPORTED");
    CHECK(fc_hash(&busy_alone, FC_SHA512, out, sizeof(out), msg, 3) == FC_ERR_UNSUPPORTED,
          "no implementation on the chain: FC_ERR_UNSUPPORTED");
    CHECK(fc_mac(&busy_alone, FC_HMAC_SHA256, out, sizeof(out), key32, 32, msg, 3) ==
              FC_ERR_UNSUPPORTED,
          "the HMAC mode over a hash that declines: FC_ERR_UNSUPPORTED");
    CHECK(!fc_provider_supports(&busy_alone, FC_SHA512) &&
              fc_provider_supports(&busy_alone, FC_SHA256) &&
              fc_provider_supports(&busy_alone, FC_HKDF_SHA256),
          "supports: what the chain has (HKDF over HMAC over its SHA-256), declines aside");
    memset(&h, 0, sizeof(h));
    CHECK(fc_hash_init(&h, &huge, FC_SHA256) == FC_ERR_PROVIDER && h.magic == 0,
          "a state larger than the context's area is refused, not run");
}

/* ---- contexts stay with the implementation that took them ---- */

static void test_bound_contexts(void)
{
    const test_driver_counts *c = test_driver_counts_get();
    uint8_t a[32], b[32];
    fc_hash_ctx h;
    test_driver_reset(0, 5);
    memset(&h, 0, sizeof(h));
    CHECK(fc_hash_init(&h, &fc_test_driver, FC_SHA256) == FC_OK && c->served[FC_FAMILY_HASH] == 1,
          "init on the driver");
    CHECK(fc_hash_init(&h, fc_provider_find("soft"), FC_SHA256) == FC_ERR_STATE,
          "a context started on one provider is refused by init on another");
    test_driver_reset(100, 6); /* busy from now on: a bound context must not notice */
    CHECK(fc_hash_update(&h, msg, sizeof(msg)) == FC_OK && fc_hash_final(&h, a, sizeof(a)) == FC_OK,
          "update and final stay on the driver");
    CHECK(fc_hash(fc_provider_find("soft"), FC_SHA256, b, sizeof(b), msg, sizeof(msg)) == FC_OK &&
              memcmp(a, b, 32) == 0 && c->declined[FC_FAMILY_HASH] == 0,
          "and give soft's digest");
    CHECK(fc_hash(fc_provider_find("soft"), FC_HMAC_SHA256, a, sizeof(a), msg, 1) == FC_ERR_ARGUMENT &&
              fc_mac(NULL, FC_SHA256, a, sizeof(a), NULL, 0, msg, 1) == FC_ERR_ARGUMENT &&
              fc_xdh(NULL, FC_ELLIGATOR2_CURVE25519, a, key32, key32) == FC_ERR_ARGUMENT &&
              fc_kdf(NULL, FC_ALG_COUNT, a, 1, NULL, 0, NULL, 0, NULL, 0) == FC_ERR_ARGUMENT,
          "an algorithm of another family, or none: FC_ERR_ARGUMENT");
}

/* ---- what a provider says of itself and of its chain ---- */

static void test_capabilities(void)
{
    unsigned flags = 0;
    CHECK(fc_provider_next(&fc_test_driver) == fc_provider_find("soft") &&
              fc_provider_next(fc_provider_find("soft")) == NULL,
          "testdrv -> soft, and soft ends its chain");
    CHECK(fc_provider_implements(&fc_test_driver, FC_HMAC_SHA256, &flags) &&
              (flags & FC_IMPL_HARDWARE),
          "HMAC-SHA-256 is the driver's: the core's HMAC over its SHA-256");
    CHECK(!fc_provider_implements(&fc_test_driver, FC_SHA384, NULL) &&
              fc_provider_supports(&fc_test_driver, FC_SHA384),
          "SHA-384 is not the driver's, but its chain has it");
    CHECK(fc_provider_implements(fc_provider_find("soft"), FC_X25519, &flags) &&
              (flags & FC_IMPL_SLICEABLE) && (flags & FC_IMPL_CONSTANT_TIME),
          "soft's X25519 is constant time and sliceable");
    CHECK(fc_provider_implements(&fc_test_driver, FC_ELLIGATOR2_CURVE25519, &flags) &&
              !(flags & FC_IMPL_SLICEABLE) &&
              fc_provider_implements(&fc_test_driver, FC_SHA512, &flags) &&
              !(flags & FC_IMPL_SLICEABLE) &&
              fc_job_supports(&fc_test_driver, FC_ELLIGATOR2_CURVE25519) &&
              fc_job_supports(&fc_test_driver, FC_SHA512),
          "the driver's map and SHA-512 are not sliceable: soft's are, down the chain");
    CHECK(fc_provider_implements(&fc_test_driver, FC_HMAC_SHA512, &flags) &&
              !(flags & FC_IMPL_SLICEABLE),
          "a mode over a sliceable hash is not sliceable itself");
}

/* ---- a sliceable implementation of the driver's, busy at random ---- */

static void test_jobs(void)
{
    const test_driver_counts *c = test_driver_counts_get();
    uint8_t out[32], expect[32];
    fc_job job;
    int i, ok = 1;
    test_driver_reset(50, 7);
    memset(&job, 0, sizeof(job));
    for (i = 0; i < 12; i++) {
        fc_status st;
        uint8_t k[32];
        memcpy(k, key32, 32);
        k[1] = (uint8_t)i;
        ok &= fc_xdh(fc_provider_find("soft"), FC_X25519, expect, k, msg + 1) == FC_OK;
        ok &= fc_job_xdh(&job, &fc_test_driver, FC_X25519, out, k, msg + 1) == FC_OK;
        while ((st = fc_job_step(&job, 20000)) == FC_PENDING) {
        }
        ok &= st == FC_OK && memcmp(out, expect, 32) == 0;
    }
    CHECK(ok, "X25519 jobs through testdrv -> soft give the synchronous result");
    CHECK(c->jobs_served > 0 && c->jobs_declined > 0,
          "job starts served by the driver and declined to soft (%u, %u)", c->jobs_served,
          c->jobs_declined);
    test_driver_reset(0, 8);
    test_driver_fail_next(FC_FAMILY_XDH, FC_ERR_PROVIDER);
    CHECK(fc_job_xdh(&job, &fc_test_driver, FC_X25519, out, key32, NULL) == FC_ERR_PROVIDER &&
              !fc_job_running(&job) && fc_job_step(&job, 1000) == FC_ERR_STATE,
          "a job start that fails is final and leaves no job");
}

int main(void)
{
    const test_driver_counts *c = test_driver_counts_get();
    test_fallback_rates();
    test_failure_is_final();
    test_bound_faults();
    test_chain_ends();
    test_bound_contexts();
    test_capabilities();
    test_jobs();
    CHECK(c->hash_bound > 0 && c->hash_released == c->hash_bound,
          "every hash state the driver accepted was released once (%u of %u)", c->hash_released,
          c->hash_bound);
    CHECK(c->dirty_states == 0, "every init got a zeroed state area (%u did not)",
          c->dirty_states);
    return tu_finish("test_fallback");
}
