/* "testdrv" (test_driver.h): a driver as docs/drivers.md describes one, with a busy peripheral
 * simulated by random declines and its arithmetic borrowed from soft's descriptors. */
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "providers/soft/soft.h"
#include "test_driver.h"
#include "testutil.h"

static test_driver_counts counts;
static unsigned decline_percent = 50; /* busy half the time unless reset */
static uint32_t prng_state = 1;
static fc_family fail_family;
static fc_status fail_status;

void test_driver_reset(unsigned percent, uint32_t seed)
{
    /* the per-call counts start again; bound, released and dirty run for the whole program */
    memset(counts.served, 0, sizeof(counts.served));
    memset(counts.declined, 0, sizeof(counts.declined));
    counts.jobs_served = counts.jobs_declined = 0;
    decline_percent = percent;
    prng_state = seed != 0 ? seed : 1;
    fail_family = FC_FAMILY_NONE;
}

void test_driver_fail_next(fc_family family, fc_status st)
{
    fail_family = family;
    fail_status = st;
}

const test_driver_counts *test_driver_counts_get(void)
{
    return &counts;
}

/* The peripheral at an entry point: FC_OK to serve the call, FC_ERR_UNSUPPORTED when busy
 * (the call goes to the next provider), or the failure test_driver_fail_next asked for. */
static fc_status decide(fc_family family, unsigned *served, unsigned *declined)
{
    if (fail_family == family) {
        fail_family = FC_FAMILY_NONE;
        return fail_status;
    }
    prng_state = prng_state * 1103515245u + 12345u;
    if ((prng_state >> 16) % 100u < decline_percent) {
        (*declined)++;
        return FC_ERR_UNSUPPORTED;
    }
    (*served)++;
    return FC_OK;
}

static fc_status entry(fc_family family)
{
    return decide(family, &counts.served[family], &counts.declined[family]);
}

/* An operation on a bound context: it only fails when told to. */
static fc_status bound(fc_family family)
{
    if (fail_family == family) {
        fail_family = FC_FAMILY_NONE;
        return fail_status;
    }
    return FC_OK;
}

/* ---- hash: SHA-256 and SHA-512 on soft's arithmetic ---- */

static const fc_impl *soft_hash(const fc_impl *impl)
{
    return impl->alg == FC_SHA256 ? &fc_soft_sha256 : &fc_soft_sha512;
}

static fc_status hash_init(const fc_impl *impl, void *state)
{
    fc_status st;
    if (!fc_ct_is_zero(state, FC_HASH_STATE_SIZE))
        counts.dirty_states++;
    st = entry(FC_FAMILY_HASH);
    if (st != FC_OK)
        return st;
    counts.hash_bound++;
    return soft_hash(impl)->ops.hash.init(soft_hash(impl), state);
}

static fc_status hash_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    fc_status st = bound(FC_FAMILY_HASH);
    return st == FC_OK ? soft_hash(impl)->ops.hash.update(soft_hash(impl), state, data, len) : st;
}

static fc_status hash_final(const fc_impl *impl, void *state, uint8_t *digest)
{
    fc_status st = bound(FC_FAMILY_HASH);
    return st == FC_OK ? soft_hash(impl)->ops.hash.final(soft_hash(impl), state, digest) : st;
}

/* a peripheral context to give back (here only counted) */
static void hash_release(const fc_impl *impl, void *state)
{
    (void)impl, (void)state;
    counts.hash_released++;
}

static const fc_impl drv_sha256 = {
    .alg = FC_SHA256,
    .flags = FC_IMPL_CONSTANT_TIME | FC_IMPL_HARDWARE,
    .state_size = FC_HASH_STATE_SIZE,
    .ops.hash = {.init = hash_init, .update = hash_update, .final = hash_final,
                 .release = hash_release},
};

static const fc_impl drv_sha512 = {
    .alg = FC_SHA512,
    .flags = FC_IMPL_CONSTANT_TIME | FC_IMPL_HARDWARE,
    .state_size = FC_HASH_STATE_SIZE,
    .ops.hash = {.init = hash_init, .update = hash_update, .final = hash_final,
                 .release = hash_release},
};

/* ---- MAC: its own HMAC-SHA-384, two SHA-384 states (as a peripheral with an HMAC mode) ---- */

static uint8_t *mac_half(void *state, int outer)
{
    return (uint8_t *)state + (outer ? FC_HASH_STATE_SIZE : 0);
}

static fc_status hmac384_init(const fc_impl *impl, void *state, const uint8_t *key,
                              size_t key_len)
{
    const fc_hash_ops *h = &fc_soft_sha384.ops.hash;
    uint8_t k[128];
    size_t i;
    fc_status st = entry(FC_FAMILY_MAC);
    (void)impl;
    if (st != FC_OK)
        return st;
    memset(k, 0, sizeof(k));
    if (key_len > sizeof(k)) {
        h->init(&fc_soft_sha384, mac_half(state, 0));
        h->update(&fc_soft_sha384, mac_half(state, 0), key, key_len);
        h->final(&fc_soft_sha384, mac_half(state, 0), k);
    } else if (key_len > 0) {
        memcpy(k, key, key_len);
    }
    for (i = 0; i < 2; i++) {
        uint8_t pad = i == 0 ? 0x36 : 0x5c;
        size_t j;
        for (j = 0; j < sizeof(k); j++)
            k[j] ^= pad;
        h->init(&fc_soft_sha384, mac_half(state, (int)i));
        h->update(&fc_soft_sha384, mac_half(state, (int)i), k, sizeof(k));
        for (j = 0; j < sizeof(k); j++)
            k[j] ^= pad;
    }
    fc_zeroize(k, sizeof(k));
    return FC_OK;
}

static fc_status hmac384_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    fc_status st = bound(FC_FAMILY_MAC);
    (void)impl;
    return st == FC_OK ? fc_soft_sha384.ops.hash.update(&fc_soft_sha384, mac_half(state, 0), data, len)
                       : st;
}

static fc_status hmac384_final(const fc_impl *impl, void *state, uint8_t *tag)
{
    const fc_hash_ops *h = &fc_soft_sha384.ops.hash;
    uint8_t d[48];
    fc_status st = bound(FC_FAMILY_MAC);
    (void)impl;
    if (st != FC_OK)
        return st;
    h->final(&fc_soft_sha384, mac_half(state, 0), d);
    h->update(&fc_soft_sha384, mac_half(state, 1), d, sizeof(d));
    h->final(&fc_soft_sha384, mac_half(state, 1), tag);
    fc_zeroize(d, sizeof(d));
    return FC_OK;
}

static const fc_impl drv_hmac_sha384 = {
    .alg = FC_HMAC_SHA384,
    .flags = FC_IMPL_CONSTANT_TIME | FC_IMPL_HARDWARE,
    .state_size = 2 * FC_HASH_STATE_SIZE,
    .ops.mac = {.init = hmac384_init, .update = hmac384_update, .final = hmac384_final},
};

/* ---- KDF: its own HKDF-SHA-256 (stateless: soft's through the public API) ---- */

static fc_status hkdf_extract(const fc_impl *impl, uint8_t *prk, const uint8_t *salt,
                              size_t salt_len, const uint8_t *ikm, size_t ikm_len)
{
    fc_status st = entry(FC_FAMILY_KDF);
    (void)impl;
    return st == FC_OK ? fc_kdf_extract(&fc_provider_soft, FC_HKDF_SHA256, prk, 32, salt,
                                        salt_len, ikm, ikm_len)
                       : st;
}

static fc_status hkdf_expand(const fc_impl *impl, uint8_t *okm, size_t okm_len,
                             const uint8_t *prk, size_t prk_len, const uint8_t *info,
                             size_t info_len)
{
    fc_status st = entry(FC_FAMILY_KDF);
    (void)impl;
    return st == FC_OK ? fc_kdf_expand(&fc_provider_soft, FC_HKDF_SHA256, okm, okm_len, prk,
                                       prk_len, info, info_len)
                       : st;
}

static const fc_impl drv_hkdf_sha256 = {
    .alg = FC_HKDF_SHA256,
    .flags = FC_IMPL_CONSTANT_TIME | FC_IMPL_HARDWARE,
    .ops.kdf = {.extract = hkdf_extract, .expand = hkdf_expand},
};

/* ---- stream: Salsa20 and its HSalsa20 (the core's XSalsa20 runs over both) ---- */

static fc_status salsa20_init(const fc_impl *impl, void *state, const uint8_t *key,
                              size_t key_len, const uint8_t *nonce, size_t nonce_len,
                              uint64_t counter)
{
    fc_status st = entry(FC_FAMILY_STREAM);
    (void)impl;
    return st == FC_OK ? fc_soft_salsa20.ops.stream.init(&fc_soft_salsa20, state, key, key_len,
                                                         nonce, nonce_len, counter)
                       : st;
}

static fc_status salsa20_block(const fc_impl *impl, void *state, uint8_t *keystream)
{
    fc_status st = bound(FC_FAMILY_STREAM);
    (void)impl;
    return st == FC_OK ? fc_soft_salsa20.ops.stream.block(&fc_soft_salsa20, state, keystream) : st;
}

static fc_status hsalsa20(const fc_impl *impl, uint8_t out[32], const uint8_t key[32],
                          const uint8_t in[16])
{
    fc_status st = entry(FC_FAMILY_STREAM);
    (void)impl;
    return st == FC_OK ? fc_soft_salsa20.ops.stream.subkey(&fc_soft_salsa20, out, key, in) : st;
}

static const fc_impl drv_salsa20 = {
    .alg = FC_SALSA20,
    .flags = FC_IMPL_CONSTANT_TIME | FC_IMPL_HARDWARE,
    .state_size = FC_STREAM_STATE_SIZE,
    .ops.stream = {.init = salsa20_init, .block = salsa20_block, .subkey = hsalsa20},
};

/* ---- xdh: X25519 (no base-point entry: the core passes u = 9), and its job ---- */

static fc_status x25519(const fc_impl *impl, uint8_t *out, const uint8_t *scalar,
                        const uint8_t *u)
{
    fc_status st = entry(FC_FAMILY_XDH);
    (void)impl;
    return st == FC_OK ? fc_soft_x25519.ops.xdh.scalarmult(&fc_soft_x25519, out, scalar, u) : st;
}

static fc_status x25519_job_start(const fc_impl *impl, void *state, const fc_job_input *in)
{
    fc_status st = decide(FC_FAMILY_XDH, &counts.jobs_served, &counts.jobs_declined);
    (void)impl;
    return st == FC_OK ? fc_soft_x25519.job.start(&fc_soft_x25519, state, in) : st;
}

static fc_status x25519_job_run(void *state, uint32_t budget, fc_cycle_counter clock, void *user)
{
    return fc_soft_x25519.job.run(state, budget, clock, user);
}

static const fc_impl drv_x25519 = {
    .alg = FC_X25519,
    .flags = FC_IMPL_CONSTANT_TIME | FC_IMPL_HARDWARE | FC_IMPL_SLICEABLE,
    .job_state_size = FC_JOB_STATE_SIZE, /* soft's job, in the whole area */
    .job = {.start = x25519_job_start, .run = x25519_job_run},
    .ops.xdh = {.scalarmult = x25519},
};

/* ---- map: present, but the peripheral never has time for it ---- */

static fc_status ell2_25519(const fc_impl *impl, uint8_t *out, const uint8_t *in)
{
    fc_status st = bound(FC_FAMILY_MAP); /* a fault it can be told to have */
    (void)impl, (void)out, (void)in;
    if (st != FC_OK)
        return st;
    counts.declined[FC_FAMILY_MAP]++;
    return FC_ERR_UNSUPPORTED;
}

static const fc_impl drv_ell2_25519 = {
    .alg = FC_ELLIGATOR2_CURVE25519,
    .flags = FC_IMPL_HARDWARE,
    .ops.map = {.map = ell2_25519},
};

static const fc_impl *const impls[] = {
    &drv_sha256, &drv_sha512, &drv_hmac_sha384, &drv_hkdf_sha256, &drv_salsa20, &drv_x25519,
    &drv_ell2_25519,
};

const fc_provider fc_test_driver = {
    .name = "testdrv",
    .description = "test driver: some algorithms of every family, busy at random",
    .impls = impls,
    .impl_count = sizeof(impls) / sizeof(impls[0]),
    .next = &fc_provider_soft,
};

size_t tu_provider_count(void)
{
    return fc_provider_count() + 1;
}

const fc_provider *tu_provider_at(size_t i)
{
    return i < fc_provider_count() ? fc_provider_at(i) : i == fc_provider_count() ? &fc_test_driver
                                                                                  : NULL;
}
