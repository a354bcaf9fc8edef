/* The slice engine (engine.h): every job against the synchronous soft call it slices, for
 * random inputs and random budgets (1, the smallest, included), plus RFC 7748 vectors through
 * the job itself; jobs are started on the default chain (openssl -> soft on a host build with
 * OpenSSL), which finds soft's sliceable implementations; misuse (zero budget, finished, wiped,
 * restarted jobs, memory no start function made) changes nothing; secrets are gone after
 * fc_job_wipe and completion; and the sliced device login produces the synchronous device's
 * frames and key byte for byte. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "providers/soft/job.h"
#include "testutil.h"

static void test_x25519(void)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t k[32], u[32], want[32], got[32];
    fc_job job;
    unsigned i;
    memset(&job, 0, sizeof(job));
    for (i = 0; i < 12; i++) {
        tu_fill_random(k, 32);
        tu_fill_random(u, 32);
        if (i == 3)
            memset(u + 1, 0xff, 31); /* u >= p and bit 255 set: decodeUCoordinate */
        memset(got, 0xaa, sizeof(got));
        CHECK(fc_xdh(soft, FC_X25519, want, k, u) == FC_OK, "x25519 sync %u", i);
        CHECK(fc_job_xdh(&job, NULL, FC_X25519, got, k, u) == FC_OK, "x25519 job start %u", i);
        CHECK(tu_run_job(&job, TU_BUDGET_RANDOM, NULL) == FC_OK && memcmp(got, want, 32) == 0, "x25519 job %u", i);
        CHECK(tu_job_wiped(&job), "x25519 job wiped after completion %u", i);
        CHECK(fc_xdh_base(soft, FC_X25519, want, k) == FC_OK, "x25519 base sync %u", i);
        CHECK(fc_job_xdh(&job, NULL, FC_X25519, got, k, NULL) == FC_OK, "x25519 base job start");
        CHECK(tu_run_job(&job, TU_BUDGET_RANDOM, NULL) == FC_OK && memcmp(got, want, 32) == 0, "x25519 base job %u", i);
    }
}

/* RFC 7748 section 5.2, first vector, and the base point check of section 6.1 */
static void test_rfc7748(void)
{
    static const char *k_hex = "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4";
    static const char *u_hex = "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c";
    static const char *r_hex = "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552";
    static const char *a_hex = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a";
    static const char *apub = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a";
    size_t n;
    uint8_t *k = tu_unhex(k_hex, &n), *u = tu_unhex(u_hex, &n), *a = tu_unhex(a_hex, &n);
    uint8_t out[32];
    fc_job job;
    memset(&job, 0, sizeof(job));
    CHECK(fc_job_xdh(&job, NULL, FC_X25519, out, k, u) == FC_OK && tu_run_job(&job, TU_BUDGET_RANDOM, NULL) == FC_OK &&
              tu_hex_eq(out, 32, r_hex), "RFC 7748 5.2 vector through the engine");
    CHECK(fc_job_xdh(&job, NULL, FC_X25519, out, a, NULL) == FC_OK &&
              tu_run_job(&job, TU_BUDGET_RANDOM, NULL) == FC_OK && tu_hex_eq(out, 32, apub),
          "RFC 7748 6.1 Alice's public key through the engine");
    free(k);
    free(u);
    free(a);
}

static void test_low_order(void)
{
    uint8_t k[32], u[32] = {0}, out[32];
    fc_job job;
    memset(&job, 0, sizeof(job));
    tu_fill_random(k, 32);
    u[0] = 1; /* u = 1: order 4 */
    memset(out, 0x5a, sizeof(out));
    CHECK(fc_job_xdh(&job, NULL, FC_X25519, out, k, u) == FC_OK, "low-order start");
    CHECK(tu_run_job(&job, TU_BUDGET_RANDOM, NULL) == FC_ERR_ZERO_SHARED, "low-order u: FC_ERR_ZERO_SHARED");
    CHECK(out[0] == 0x5a && out[31] == 0x5a, "low-order u: output untouched");
    CHECK(tu_job_wiped(&job), "low-order: job wiped");
    CHECK(fc_job_step(&job, 100) == FC_ERR_STATE, "failed job cannot be stepped");
}

static void test_x19119(void)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t k[24], u[24], want[24], got[24];
    fc_job job;
    unsigned i;
    memset(&job, 0, sizeof(job));
    for (i = 0; i < 8; i++) {
        tu_fill_random(k, 24);
        tu_fill_random(u, 24);
        CHECK(fc_xdh(soft, FC_X19119, want, k, u) == FC_OK, "x19119 sync");
        CHECK(fc_job_xdh(&job, NULL, FC_X19119, got, k, u) == FC_OK, "x19119 job start");
        CHECK(tu_run_job(&job, TU_BUDGET_RANDOM, NULL) == FC_OK && memcmp(got, want, 24) == 0, "x19119 job %u", i);
        CHECK(fc_xdh_base(soft, FC_X19119, want, k) == FC_OK, "x19119 base sync");
        CHECK(fc_job_xdh(&job, NULL, FC_X19119, got, k, NULL) == FC_OK, "x19119 base job start");
        CHECK(tu_run_job(&job, TU_BUDGET_RANDOM, NULL) == FC_OK && memcmp(got, want, 24) == 0, "x19119 base %u", i);
    }
}

static void test_elligator2(void)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t r[32], want[32], got[32];
    fc_job job;
    unsigned i;
    memset(&job, 0, sizeof(job));
    for (i = 0; i < 12; i++) {
        tu_fill_random(r, 32);
        if (i == 0)
            memset(r, 0, 32); /* r = 0: x1 = -J */
        CHECK(fc_map(soft, FC_ELLIGATOR2_CURVE25519, want, r) == FC_OK, "ell2 25519 sync");
        CHECK(fc_job_map(&job, NULL, FC_ELLIGATOR2_CURVE25519, got, r) == FC_OK,
              "ell2 25519 start");
        CHECK(tu_run_job(&job, TU_BUDGET_RANDOM, NULL) == FC_OK && memcmp(got, want, 32) == 0, "ell2 25519 %u", i);
        CHECK(fc_map(soft, FC_ELLIGATOR2_CURVE19119, want, r) == FC_OK, "ell2 19119 sync");
        CHECK(fc_job_map(&job, NULL, FC_ELLIGATOR2_CURVE19119, got, r) == FC_OK,
              "ell2 19119 start");
        CHECK(tu_run_job(&job, TU_BUDGET_RANDOM, NULL) == FC_OK && memcmp(got, want, 24) == 0, "ell2 19119 %u", i);
    }
}

static void test_sha512(void)
{
    static const size_t lens[] = {0, 1, 111, 112, 113, 127, 128, 129, 239, 240, 256, 1000, 4099};
    static uint8_t msg[4099];
    uint8_t want[64], got[64];
    fc_job job;
    unsigned i;
    memset(&job, 0, sizeof(job));
    tu_fill_random(msg, sizeof(msg));
    for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
        CHECK(fc_hash(NULL, FC_SHA512, want, 64, msg, lens[i]) == FC_OK, "sha512 sync");
        CHECK(fc_job_hash(&job, NULL, FC_SHA512, got, msg, lens[i]) == FC_OK,
              "sha512 job start %zu", lens[i]);
        CHECK(tu_run_job(&job, TU_BUDGET_RANDOM, NULL) == FC_OK && memcmp(got, want, 64) == 0, "sha512 job %zu",
              lens[i]);
    }
    /* FIPS 180-4 "abc" */
    CHECK(fc_job_hash(&job, NULL, FC_SHA512, got, (const uint8_t *)"abc", 3) == FC_OK &&
              tu_run_job(&job, TU_BUDGET_RANDOM, NULL) == FC_OK &&
              tu_hex_eq(got, 64, "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                                 "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
          "sha512 job, FIPS 180-4 abc");
}

/* one unit per call at budget 1: the step count is the unit count, the same every run */
static void test_smallest_budget(void)
{
    uint8_t k[32] = {1}, out[32];
    unsigned long a = 0, b = 0;
    fc_job job;
    memset(&job, 0, sizeof(job));
    fc_job_xdh(&job, NULL, FC_X25519, out, k, NULL);
    while (fc_job_step(&job, 1) == FC_PENDING)
        a++;
    k[5] = 0x77;
    fc_job_xdh(&job, NULL, FC_X25519, out, k, NULL);
    while (fc_job_step(&job, 1) == FC_PENDING)
        b++;
    /* 255 ladder steps of 1 or 3 units, the chain, the end: independent of the scalar */
    CHECK(a == b && a > 255, "budget 1: one unit per step, %lu and %lu units", a, b);
}

static uint32_t fake_cycles;
static uint32_t fake_clock(void *user)
{
    (void)user;
    fake_cycles += 1000; /* each reading is 1000 cycles later */
    return fake_cycles;
}

/* a clock that cancels (wipes) the job it is timing, on its third reading */
static fc_job *cancel_target;
static uint32_t cancelling_clock(void *user)
{
    unsigned *n = (unsigned *)user;
    if (++*n == 3)
        fc_job_wipe(cancel_target);
    return *n * 1000u;
}

static void test_clock(void)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t k[32], want[32], got[32];
    unsigned long steps = 0;
    fc_job job;
    fc_status st;
    memset(&job, 0, sizeof(job));
    tu_fill_random(k, 32);
    fc_xdh_base(soft, FC_X25519, want, k);
    CHECK(fc_job_step_clock(&job, 1000, NULL, NULL) == FC_ERR_NULL, "clock NULL");
    fc_job_xdh(&job, NULL, FC_X25519, got, k, NULL);
    do {
        st = fc_job_step_clock(&job, 30000, fake_clock, NULL);
        steps++;
    } while (st == FC_PENDING);
    CHECK(st == FC_OK && memcmp(got, want, 32) == 0, "clock-driven job");
    CHECK(steps > 20, "the clock stopped the steps (%lu)", steps);
    {
        unsigned readings = 0;
        uint8_t digest[64];
        cancel_target = &job;
        fc_job_xdh(&job, NULL, FC_X25519, got, k, NULL);
        CHECK(fc_job_step_clock(&job, 1000000, cancelling_clock, &readings) == FC_ERR_STATE &&
                  !fc_job_running(&job),
              "a clock that cancels the job ends the step with FC_ERR_STATE");
        static const uint8_t long_msg[1024];
        readings = 0;
        fc_job_hash(&job, NULL, FC_SHA512, digest, long_msg, sizeof(long_msg));
        CHECK(fc_job_step_clock(&job, 1000000, cancelling_clock, &readings) == FC_ERR_STATE,
              "the same for a hash job");
    }
}

/* the soft provider's state in a job's state area (providers/soft/job.h) */
static soft_job *soft_state(fc_job *job)
{
    return (soft_job *)(void *)job->state.bytes;
}

static void test_misuse(void)
{
    uint8_t k[32] = {9}, out[64], before[sizeof(fc_job)];
    fc_job job;
    memset(&job, 0, sizeof(job));
    CHECK(fc_job_step(NULL, 10) == FC_ERR_NULL, "step NULL");
    CHECK(fc_job_step(&job, 10) == FC_ERR_STATE, "step never started");
    CHECK(fc_job_xdh(NULL, NULL, FC_X25519, out, k, NULL) == FC_ERR_NULL, "start NULL job");
    CHECK(fc_job_xdh(&job, NULL, FC_X25519, NULL, k, NULL) == FC_ERR_NULL, "start NULL out");
    CHECK(fc_job_xdh(&job, NULL, FC_X25519, out, NULL, NULL) == FC_ERR_NULL, "start NULL scalar");
    CHECK(fc_job_hash(&job, NULL, FC_SHA512, out, NULL, 3) == FC_ERR_NULL, "sha512 NULL message");
    CHECK(fc_job_xdh(&job, NULL, FC_X25519, out, k, NULL) == FC_OK, "start");
    CHECK(fc_job_step(&job, 5000) == FC_PENDING, "a step");
    memcpy(before, &job, sizeof(job));
    CHECK(fc_job_step(&job, 0) == FC_ERR_ARGUMENT && memcmp(before, &job, sizeof(job)) == 0,
          "zero budget: FC_ERR_ARGUMENT, job unchanged");
    CHECK(fc_job_xdh(&job, NULL, FC_X25519, out, k, NULL) == FC_ERR_STATE &&
              memcmp(before, &job, sizeof(job)) == 0,
          "start on a running job: FC_ERR_STATE, job unchanged");
    CHECK(fc_job_hash(&job, NULL, FC_SHA512, out, k, 3) == FC_ERR_STATE,
          "other kind on a running job");
    CHECK(fc_job_running(&job), "running");
    fc_job_wipe(&job);
    CHECK(!fc_job_running(&job) && tu_job_wiped(&job), "fc_job_wipe wipes");
    CHECK(fc_job_step(&job, 5000) == FC_ERR_STATE, "step after wipe");
    CHECK(fc_job_xdh(&job, NULL, FC_X25519, out, k, NULL) == FC_OK, "restart after wipe");
    CHECK(tu_run_job(&job, TU_BUDGET_RANDOM, NULL) == FC_OK, "runs after restart");
    CHECK(fc_job_step(&job, 5000) == FC_ERR_STATE, "step after done");
    fc_job_wipe(NULL);
    CHECK(fc_job_max_unit_cost() > 0 && fc_job_start_cost() > 0 && fc_job_cost_model() != NULL,
          "cost table");
    /* an algorithm of another family, or one nothing on the chain can slice; the job stays */
    CHECK(fc_job_xdh(&job, NULL, FC_ELLIGATOR2_CURVE25519, out, k, NULL) == FC_ERR_ARGUMENT &&
              fc_job_map(&job, NULL, FC_X25519, out, k) == FC_ERR_ARGUMENT &&
              fc_job_hash(&job, NULL, FC_HMAC_SHA512, out, k, 3) == FC_ERR_ARGUMENT,
          "job of the wrong family: FC_ERR_ARGUMENT");
    CHECK(!fc_job_supports(NULL, FC_SHA256) &&
              fc_job_hash(&job, NULL, FC_SHA256, out, k, 3) == FC_ERR_UNSUPPORTED &&
              !fc_job_running(&job), "no sliceable SHA-256: FC_ERR_UNSUPPORTED");
    CHECK(fc_job_step(&job, 5000) == FC_ERR_STATE, "refused starts leave nothing to step");
    /* a running job is not silently replaced by another start */
    memset(&job, 0, sizeof(job));
    fc_job_xdh(&job, NULL, FC_X25519, out, k, NULL);
    memcpy(before, &job, sizeof(job));
    CHECK(fc_job_map(&job, NULL, FC_ELLIGATOR2_CURVE25519, out, k) == FC_ERR_STATE &&
              memcmp(before, &job, sizeof(job)) == 0,
          "live job: another start refused, job unchanged");
    /* memory that carries the running marker but was not made by a start is not run: the
     * engine checks its marker and implementation, the soft job its own fields */
    soft_state(&job)->limbs = 13;
    CHECK(fc_job_step(&job, 5000) == FC_ERR_STATE, "a job with a bad field size is refused");
    memcpy(&job, before, sizeof(job));
    soft_state(&job)->kind = SOFT_JOB_SHA512;
    CHECK(fc_job_step(&job, 5000) == FC_ERR_STATE, "a curve run refuses a job of another kind");
    memcpy(&job, before, sizeof(job));
    job.impl = NULL;
    CHECK(fc_job_step(&job, 5000) == FC_ERR_STATE, "a job without an implementation is refused");
    memcpy(&job, before, sizeof(job));
    job.magic ^= 1;
    CHECK(fc_job_step(&job, 5000) == FC_ERR_STATE && !fc_job_running(&job),
          "a job without the running marker is refused");
    memcpy(&job, before, sizeof(job));
    job.impl = &fc_soft_sha512; /* the running marker binds the implementation that started it */
    CHECK(fc_job_step(&job, 5000) == FC_ERR_STATE, "a job moved to another implementation");
    /* garbage whose first word reads "FJR1" is not run through its stray pointer */
    memset(&job, 0x5a, sizeof(job));
    job.magic = 0x464a5231u;
    CHECK(!fc_job_running(&job) && fc_job_step(&job, 5000) == FC_ERR_STATE,
          "garbage with the old running word is refused");
    fc_job_wipe(&job);
}

/* ---- the sliced device login against the synchronous one ---- */

#define DEV_ID "meter-0042"
#define HH_ID "handheld-7"

/* an LCG randomness source: both devices draw the same bytes */
static int lcg_fill(void *user, uint8_t *out, size_t len)
{
    uint32_t *s = (uint32_t *)user;
    while (len--) {
        *s = *s * 1103515245u + 12345u;
        *out++ = (uint8_t)(*s >> 24);
    }
    return 0;
}

static fc_status init_side(fc_login *c, int role, unsigned suite, const char *pw, int sliced)
{
    uint8_t cred[FC_LOGIN_CRED_LEN];
    fc_login_config cfg;
    memset(&cfg, 0, sizeof(cfg));
    cfg.role = role;
    cfg.suite = suite;
    cfg.sliced = sliced;
    if (role == FC_LOGIN_DEVICE) {
        fc_login_credential(NULL, suite, cred, sizeof(cred), (const uint8_t *)pw, strlen(pw),
                            (const uint8_t *)DEV_ID, strlen(DEV_ID));
        cfg.secret = cred;
        cfg.secret_len = sizeof(cred);
        cfg.id = (const uint8_t *)DEV_ID;
    } else {
        cfg.secret = (const uint8_t *)pw;
        cfg.secret_len = strlen(pw);
        cfg.id = (const uint8_t *)HH_ID;
    }
    cfg.id_len = strlen((const char *)cfg.id);
    memset(c, 0, sizeof(*c));
    return fc_login_init(c, &cfg);
}

/* A handheld against a synchronous and a sliced device fed the same frames and the same
 * randomness: every answer (frame and status) must be the same bytes, and so the keys. */
static void login_compare(unsigned suite, const char *hh_pw)
{
    static fc_login hh, dev_sync, dev_sl;
    uint8_t frame[FC_LOGIN_MAX_FRAME], out1[FC_LOGIN_MAX_FRAME], out2[FC_LOGIN_MAX_FRAME],
        junk[FC_LOGIN_MAX_FRAME];
    size_t fl, l1, l2, jl;
    uint32_t s_hh = 7, s_d1 = 99, s_d2 = 99;
    fc_rng rng_hh = {lcg_fill, &s_hh}, rng1 = {lcg_fill, &s_d1}, rng2 = {lcg_fill, &s_d2};
    uint8_t k1[32], k2[32], id[FC_LOGIN_MAX_ID];
    size_t idl;
    unsigned long steps = 0;
    int turn, right = strcmp(hh_pw, "correct horse") == 0;
    fc_status st1, st2 = FC_OK;

    CHECK(init_side(&hh, FC_LOGIN_HANDHELD, suite, hh_pw, 0) == FC_OK, "hh init");
    CHECK(init_side(&dev_sync, FC_LOGIN_DEVICE, suite, "correct horse", 0) == FC_OK, "dev init");
    CHECK(init_side(&dev_sl, FC_LOGIN_DEVICE, suite, "correct horse", 1) == FC_OK, "sliced init");
    fc_login_start(&hh, &rng_hh, frame, sizeof(frame), &fl);
    for (turn = 0; turn < 4 && fl > 0; turn++) {
        st1 = fc_login_input(&dev_sync, &rng1, out1, sizeof(out1), &l1, frame, fl);
        st2 = fc_login_input(&dev_sl, &rng2, out2, sizeof(out2), &l2, frame, fl);
        if (st2 == FC_PENDING) {
            CHECK(fc_login_pending(&dev_sl) && l2 == 0, "pending, nothing to send yet");
            /* a frame while the work runs is refused and changes nothing */
            CHECK(fc_login_input(&dev_sl, &rng2, junk, sizeof(junk), &jl, frame, fl) ==
                      FC_ERR_STATE && jl == 0,
                  "input while pending: FC_ERR_STATE");
            CHECK(fc_login_step(&dev_sl, 0, out2, sizeof(out2), &l2) == FC_ERR_ARGUMENT,
                  "zero budget");
            do {
                st2 = fc_login_step(&dev_sl, tu_random_budget(), out2, sizeof(out2), &l2);
                steps++;
            } while (st2 == FC_PENDING);
        }
        CHECK(st1 == st2 && l1 == l2 && memcmp(out1, out2, l1) == 0,
              "suite %u, %s password, turn %d: sliced answer = synchronous answer (%d %d, %zu)",
              suite, right ? "right" : "wrong", turn, (int)st1, (int)st2, l2);
        CHECK(!fc_login_pending(&dev_sl), "nothing pending after the answer");
        if (st1 != FC_OK)
            break;
        if (fc_login_done(&dev_sync)) { /* the last answer (FINISH or ACCEPT) to the handheld */
            fc_login_input(&hh, &rng_hh, frame, sizeof(frame), &fl, out1, l1);
            break;
        }
        if (fc_login_input(&hh, &rng_hh, frame, sizeof(frame), &fl, out1, l1) != FC_OK)
            break; /* the handheld gave up (wrong password): the device is not told here */
    }
    if (right) {
        CHECK(fc_login_done(&dev_sl) && fc_login_done(&dev_sync), "both devices done");
        CHECK(fc_ct_is_zero(dev_sl.peer_tag, sizeof(dev_sl.peer_tag)) &&
                  fc_ct_is_zero(dev_sl.peer_share, sizeof(dev_sl.peer_share)) &&
                  fc_ct_is_zero((const uint8_t *)&dev_sl.proto, sizeof(dev_sl.proto)) &&
                  fc_ct_is_zero(dev_sl.okm + 32, 32),
              "after the login only the key and the peer id remain");
        fc_login_result(&dev_sync, id, sizeof(id), &idl, k1, 32);
        CHECK(fc_login_result(&dev_sl, id, sizeof(id), &idl, k2, 32) == FC_OK &&
                  memcmp(k1, k2, 32) == 0,
              "same session key");
        CHECK(fc_login_done(&hh), "the handheld accepted the sliced device's answer");
    } else {
        CHECK(!fc_login_done(&dev_sl), "wrong password: no login");
        CHECK(fc_login_result(&dev_sl, id, sizeof(id), &idl, k2, 32) == FC_ERR_STATE,
              "wrong password: no key");
        CHECK(fc_login_step(&dev_sl, 1000, out2, sizeof(out2), &l2) == FC_ERR_STATE,
              "no more steps");
    }
    CHECK(steps > 0, "the login took slices (%lu)", steps);
    fc_login_wipe(&hh);
    fc_login_wipe(&dev_sync);
    fc_login_wipe(&dev_sl);
}

static void login_misuse(void)
{
    static fc_login c, dev;
    uint8_t hello[FC_LOGIN_MAX_FRAME], out[FC_LOGIN_MAX_FRAME], refl[FC_LOGIN_MAX_FRAME];
    size_t hl, ol;
    uint32_t s = 3;
    fc_rng rng = {lcg_fill, &s};
    fc_login_config cfg;
    uint8_t cred[32] = {1};
    fc_status st;
    memset(&cfg, 0, sizeof(cfg));
    cfg.role = FC_LOGIN_HANDHELD;
    cfg.suite = FC_LOGIN_SUITE_CPACE;
    cfg.secret = cred;
    cfg.secret_len = 5;
    cfg.id = (const uint8_t *)"x";
    cfg.id_len = 1;
    cfg.sliced = 1;
    CHECK(fc_login_init(&c, &cfg) == FC_ERR_UNSUPPORTED, "sliced handheld: unsupported");
    cfg.role = FC_LOGIN_DEVICE;
    cfg.secret_len = 32;
    {   /* a chain without sliceable implementations cannot run a sliced device: soft's
         * SHA-512, X25519 and map with the sliceable flag cleared */
        fc_impl own[3];
        const fc_impl *list[3];
        fc_provider unsliced = {"unsliced", "soft without jobs", NULL, 3, NULL};
        unsigned i;
        own[0] = fc_soft_sha512, own[1] = fc_soft_x25519, own[2] = fc_soft_elligator2_curve25519;
        for (i = 0; i < 3; i++) {
            own[i].flags &= (uint16_t)~FC_IMPL_SLICEABLE;
            list[i] = &own[i];
        }
        unsliced.impls = list;
        cfg.provider = &unsliced;
        CHECK(!fc_job_supports(&unsliced, FC_X25519) &&
                  fc_login_init(&c, &cfg) == FC_ERR_UNSUPPORTED, "sliced without jobs: unsupported");
        cfg.sliced = 0;
        CHECK(fc_login_init(&c, &cfg) == FC_OK, "the same chain, not sliced: accepted");
        fc_login_wipe(&c);
        cfg.sliced = 1;
    }
    cfg.provider = fc_provider_find("openssl");
    if (cfg.provider != NULL) {
        /* the openssl chain slices through soft, behind it: accepted (it was refused when
         * only the soft provider could slice) */
        CHECK(fc_job_supports(cfg.provider, FC_X25519) &&
                  fc_job_supports(cfg.provider, FC_SHA512), "openssl chain has jobs");
        CHECK(fc_login_init(&c, &cfg) == FC_OK, "sliced with openssl: accepted");
        fc_login_wipe(&c);
    }
    cfg.provider = NULL;
    cfg.sliced = 2;
    CHECK(fc_login_init(&c, &cfg) == FC_ERR_UNSUPPORTED, "sliced = 2: refused");
    cfg.sliced = 1;
    CHECK(fc_login_init(&c, &cfg) == FC_OK, "sliced device");
    CHECK(fc_login_step(&c, 1000, out, sizeof(out), &ol) == FC_ERR_STATE, "step with no work");

    /* abort mid-work: ERROR frame, wiped, no more steps */
    CHECK(init_side(&dev, FC_LOGIN_HANDHELD, FC_LOGIN_SUITE_CPACE, "pw", 0) == FC_OK, "hh");
    fc_login_start(&dev, &rng, hello, sizeof(hello), &hl);
    CHECK(fc_login_input(&c, &rng, out, sizeof(out), &ol, hello, hl) == FC_PENDING, "pending");
    fc_login_step(&c, 20000, out, sizeof(out), &ol);
    CHECK(fc_login_abort(&c, FC_LOGIN_ERR_TIMEOUT, out, sizeof(out), &ol) == FC_OK && ol == 7,
          "abort while pending sends ERROR");
    CHECK(!fc_login_pending(&c) && fc_login_step(&c, 1000, out, sizeof(out), &ol) == FC_ERR_STATE,
          "aborted: nothing pending");

    /* the device's own share reflected in CONFIRM: FC_ERR_PROTOCOL before any work */
    fc_login_init(&c, &cfg);
    fc_login_input(&c, &rng, out, sizeof(out), &ol, hello, hl);
    while ((st = fc_login_step(&c, 50000, out, sizeof(out), &ol)) == FC_PENDING)
        ;
    CHECK(st == FC_OK && ol > 32, "REPLY");
    memset(refl, 0, sizeof(refl));
    {
        uint8_t body[96];
        size_t rl;
        memcpy(body, out + ol - 32, 32);
        memset(body + 32, 0, 64);
        fc_login_frame_encode(FC_LOGIN_SUITE_CPACE, FC_LOGIN_CONFIRM, refl, sizeof(refl), &rl,
                              body, 96);
        CHECK(fc_login_input(&c, &rng, out, sizeof(out), &ol, refl, rl) == FC_ERR_PROTOCOL &&
                  ol == 7,
              "reflected share: FC_ERR_PROTOCOL and an ERROR frame");
    }
    fc_login_wipe(&c);
    fc_login_wipe(&dev);
}

int main(void)
{
    tu_seed(0x5eed1234u);
    test_misuse();
    test_rfc7748();
    test_x25519();
    test_low_order();
    test_x19119();
    test_elligator2();
    test_sha512();
    test_smallest_budget();
    test_clock();
    login_compare(FC_LOGIN_SUITE_CPACE, "correct horse");
    login_compare(FC_LOGIN_SUITE_CPACE, "wrong horse");
    login_compare(FC_LOGIN_SUITE_CPACE19119, "correct horse");
    login_compare(FC_LOGIN_SUITE_PACE2017, "correct horse");
    login_compare(FC_LOGIN_SUITE_PACE2017, "wrong horse");
    login_misuse();
    printf("sizeof(fc_job) = %zu, sizeof(fc_login) = %zu\n", sizeof(fc_job), sizeof(fc_login));
    return tu_finish("engine");
}
