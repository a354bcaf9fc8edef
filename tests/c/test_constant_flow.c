/* Constant-flow check (the ctgrind method): secrets are marked undefined for valgrind's memcheck,
 * which then reports every conditional branch and every memory index that depends on them.
 * Run under `valgrind --error-exitcode=1`; zero reports means no secret-dependent flow in what
 * ran. The library marks as public ("declassifies", FC_CTGRIND builds only) the few results
 * that are public by design: an X25519 result being all zero, a tag check's verdict, the shares
 * a protocol sends. `--planted` runs a deliberately leaky function to show the check catches it.
 * Only the soft provider runs, named explicitly in every call (the default of a host build is
 * the openssl chain): it is the code fieldcrypt vouches for. */
#include <string.h>

#include <valgrind/memcheck.h>

#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static const fc_provider *soft;

void check_symmetric(const fc_provider *soft); /* constant_flow_symmetric.c */
void check_ec(const fc_provider *soft);        /* constant_flow_ec.c */
void check_rsa(void);                          /* constant_flow_rsa.c */

/* randomness that valgrind treats as secret, like a real TRNG's output */
static int secret_fill(void *user, uint8_t *out, size_t len)
{
    size_t i;
    uint32_t *ctr = (uint32_t *)user;
    for (i = 0; i < len; i++)
        out[i] = (uint8_t)(++*ctr * 2654435761u >> 24);
    SECRET(out, len);
    return 0;
}
static uint32_t rng_counter;
static const fc_rng secret_rng = {secret_fill, &rng_counter};

static void fill(uint8_t *p, size_t n, uint8_t seed)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = (uint8_t)(seed + 31 * i);
}

static void check_hashes(void)
{
    /* each hash, its HMAC and its HKDF (algorithms.def) */
    static const fc_alg hashes[4] = {FC_SHA224, FC_SHA256, FC_SHA384, FC_SHA512};
    static const fc_alg macs[4] = {FC_HMAC_SHA224, FC_HMAC_SHA256, FC_HMAC_SHA384, FC_HMAC_SHA512};
    static const fc_alg kdfs[4] = {FC_HKDF_SHA224, FC_HKDF_SHA256, FC_HKDF_SHA384, FC_HKDF_SHA512};
    uint8_t data[300], key[150], out[64], okm[200];
    fc_hash_ctx h;
    int a;
    fill(data, sizeof(data), 1);
    fill(key, sizeof(key), 2);
    SECRET(data, sizeof(data));
    SECRET(key, sizeof(key));
    for (a = 0; a < 4; a++) {
        CHECK(fc_hash(soft, hashes[a], out, sizeof(out), data, sizeof(data)) == FC_OK, "hash");
        memset(&h, 0, sizeof(h));
        CHECK(fc_hash_init(&h, soft, hashes[a]) == FC_OK && fc_hash_update(&h, data, 77) == FC_OK &&
              fc_hash_update(&h, data + 77, 200) == FC_OK && fc_hash_final(&h, out, 64) == FC_OK,
              "streaming hash");
        CHECK(fc_mac(soft, macs[a], out, sizeof(out), key, sizeof(key), data, sizeof(data)) == FC_OK,
              "hmac");
        CHECK(fc_mac(soft, macs[a], out, sizeof(out), key, 20, data, sizeof(data)) == FC_OK,
              "hmac short key");
        CHECK(fc_kdf(soft, kdfs[a], okm, sizeof(okm), key, 16, data, 32, data + 32, 10) == FC_OK,
              "hkdf");
        /* a tag check's verdict is public; the tag bytes themselves stay secret until then */
        CHECK(fc_mac_verify(soft, macs[a], out, 16, key, 32, data, 64) != FC_ERR_NULL, "verify");
    }
}

static void check_salsa20(void)
{
    uint8_t key[32], nonce[24], data[200];
    fill(key, 32, 3);
    fill(nonce, 24, 4);
    fill(data, sizeof(data), 5);
    SECRET(key, 32);
    SECRET(data, sizeof(data));
    CHECK(fc_stream(soft, FC_SALSA20, data, data, sizeof(data), key, 32, nonce, 8) == FC_OK,
          "salsa20");
    CHECK(fc_stream(soft, FC_SALSA20, data, data, sizeof(data), key, 16, nonce, 8) == FC_OK,
          "salsa20/16");
    CHECK(fc_stream(soft, FC_XSALSA20, data, data, sizeof(data), key, 32, nonce, 24) == FC_OK,
          "xsalsa20");
}

static void check_x25519(void)
{
    uint8_t k[32], u[32], out[32], r[32];
    fill(k, 32, 6);
    fill(u, 32, 7);
    fill(r, 32, 8);
    SECRET(k, 32);
    SECRET(u, 32); /* in CPace the peer's u is public, but g is password-derived: keep it secret */
    SECRET(r, 32);
    CHECK(fc_xdh(soft, FC_X25519, out, k, u) == FC_OK, "x25519");
    CHECK(fc_xdh_base(soft, FC_X25519, out, k) == FC_OK, "x25519 base");
    CHECK(fc_map(soft, FC_ELLIGATOR2_CURVE25519, out, r) == FC_OK, "elligator2");
    CHECK(fc_xdh_keypair(soft, FC_X25519, &secret_rng, k, out) == FC_OK, "keypair");
}

static void check_x19119(void)
{
    uint8_t k[24], u[24], out[24], r[24];
    fill(k, 24, 11);
    fill(u, 24, 12);
    fill(r, 24, 13);
    SECRET(k, 24);
    SECRET(u, 24);
    SECRET(r, 24);
    CHECK(fc_xdh(soft, FC_X19119, out, k, u) == FC_OK, "x19119");
    CHECK(fc_xdh_base(soft, FC_X19119, out, k) == FC_OK, "x19119 base");
    CHECK(fc_map(soft, FC_ELLIGATOR2_CURVE19119, out, r) == FC_OK, "elligator2 19119");
}

static void check_cpace(fc_cpace_suite suite, int confirm, fc_cpace_role ra, fc_cpace_role rb)
{
    uint8_t pw[12], ya[32], yb[32], ta[64], tb[64], isk[64];
    fc_cpace_ctx a, b;
    fc_cpace_params pa, pb;
    size_t n;
    fill(pw, sizeof(pw), 9);
    SECRET(pw, sizeof(pw));
    memset(&pa, 0, sizeof(pa));
    pa.suite = suite;
    pa.role = ra;
    pa.prs = pw, pa.prs_len = sizeof(pw);
    pa.sid = (const uint8_t *)"sid", pa.sid_len = 3;
    pa.ad = (const uint8_t *)"A", pa.ad_len = 1;
    pa.confirm = confirm;
    pa.provider = soft;
    pb = pa;
    pb.role = rb;
    pb.ad = (const uint8_t *)"B";
    memset(&a, 0, sizeof(a));
    memset(&b, 0, sizeof(b));
    n = fc_cpace_share_len(suite);
    CHECK(fc_cpace_start(&a, &pa, &secret_rng, ya, 32) == FC_OK, "cpace start A");
    CHECK(fc_cpace_start(&b, &pb, &secret_rng, yb, 32) == FC_OK, "cpace start B");
    CHECK(fc_cpace_receive(&a, yb, n, (const uint8_t *)"B", 1) == FC_OK, "cpace receive A");
    CHECK(fc_cpace_receive(&b, ya, n, (const uint8_t *)"A", 1) == FC_OK, "cpace receive B");
    if (confirm) {
        CHECK(fc_cpace_tag(&a, ta, 64) == FC_OK && fc_cpace_tag(&b, tb, 64) == FC_OK, "tags");
        CHECK(fc_cpace_verify(&a, tb, 64) == FC_OK && fc_cpace_verify(&b, ta, 64) == FC_OK, "verify");
    }
    CHECK(fc_cpace_isk(&a, isk, 64) == FC_OK, "isk");
    fc_cpace_wipe(&a);
    fc_cpace_wipe(&b);
}

static void check_pace2017(void)
{
    uint8_t pw[10], kpi[32], m1[24], m2[48], m3[48], m4[16], key[32];
    fc_pace2017_ctx dev, hh;
    fill(pw, sizeof(pw), 10);
    SECRET(pw, sizeof(pw));
    memset(&dev, 0, sizeof(dev));
    memset(&hh, 0, sizeof(hh));
    CHECK(fc_pace2017_derive_kpi(soft, kpi, pw, sizeof(pw), (const uint8_t *)"dev", 3) == FC_OK,
          "kpi");
    CHECK(fc_pace2017_device_start(&dev, soft, &secret_rng, m1, 24, kpi) == FC_OK, "m1");
    CHECK(fc_pace2017_handheld_start(&hh, soft, &secret_rng, m2, 48, kpi, m1, 24) == FC_OK, "m2");
    CHECK(fc_pace2017_device_respond(&dev, m3, 48, m2, 48) == FC_OK, "m3");
    CHECK(fc_pace2017_handheld_finish(&hh, m4, 16, m3, 48) == FC_OK, "m4");
    CHECK(fc_pace2017_device_finish(&dev, m4, 16) == FC_OK, "finish");
    CHECK(fc_pace2017_session_key(&dev, key, 32) == FC_OK, "key");
    fc_pace2017_wipe(&dev);
    fc_pace2017_wipe(&hh);
}

/* The whole login, both roles, password secret; frames go back and forth until both are done. */
static void check_login(unsigned suite, int sliced)
{
    uint8_t pw[9], cred[32], a[FC_LOGIN_MAX_FRAME], b[FC_LOGIN_MAX_FRAME], key[32], id[32];
    size_t alen = 0, blen = 0, idlen = 0;
    fc_login dev, hh;
    fc_login_config cd, ch;
    int turn = 0, to_dev = 1;
    fill(pw, sizeof(pw), 14);
    SECRET(pw, sizeof(pw));
    CHECK(fc_login_credential(soft, suite, cred, 32, pw, sizeof(pw), (const uint8_t *)"dev", 3) ==
              FC_OK,
          "credential");
    memset(&cd, 0, sizeof(cd));
    cd.role = FC_LOGIN_DEVICE, cd.suite = suite, cd.secret = cred, cd.secret_len = 32;
    cd.id = (const uint8_t *)"dev", cd.id_len = 3, cd.provider = soft;
    ch = cd;
    cd.sliced = sliced;
    ch.role = FC_LOGIN_HANDHELD, ch.secret = pw, ch.secret_len = sizeof(pw);
    ch.id = (const uint8_t *)"hh", ch.id_len = 2;
    memset(&dev, 0, sizeof(dev));
    memset(&hh, 0, sizeof(hh));
    CHECK(fc_login_init(&dev, &cd) == FC_OK && fc_login_init(&hh, &ch) == FC_OK, "login init");
    CHECK(fc_login_start(&hh, &secret_rng, a, sizeof(a), &alen) == FC_OK, "login start");
    while (alen > 0 && turn++ < 8) {
        fc_status st = fc_login_input(to_dev ? &dev : &hh, &secret_rng, b, sizeof(b), &blen, a,
                                      alen);
        while (st == FC_PENDING) /* the sliced device: the work in 7000-unit slices */
            st = fc_login_step(&dev, 7000, b, sizeof(b), &blen);
        CHECK(st == FC_OK, "login input");
        memcpy(a, b, blen);
        alen = blen;
        to_dev = !to_dev;
    }
    CHECK(fc_login_done(&dev) && fc_login_done(&hh), "login done");
    CHECK(fc_login_result(&dev, id, sizeof(id), &idlen, key, sizeof(key)) == FC_OK, "login result");
    fc_login_wipe(&dev);
    fc_login_wipe(&hh);
}

/* Every engine job with secret inputs, run in slices (the budget is public). */
static void run_job(fc_job *job)
{
    fc_status st;
    do
        st = fc_job_step(job, 9000);
    while (st == FC_PENDING);
    CHECK(st == FC_OK, "engine job");
}

static void check_engine(void)
{
    uint8_t k[32], u[32], out[64];
    fc_job job;
    memset(&job, 0, sizeof(job));
    fill(k, 32, 21);
    fill(u, 32, 22);
    SECRET(k, 32);
    SECRET(u, 32);
    CHECK(fc_job_xdh(&job, soft, FC_X25519, out, k, u) == FC_OK, "job x25519");
    run_job(&job);
    CHECK(fc_job_xdh(&job, soft, FC_X25519, out, k, NULL) == FC_OK, "job x25519 base");
    run_job(&job);
    CHECK(fc_job_xdh(&job, soft, FC_X19119, out, k, u) == FC_OK, "job x19119");
    run_job(&job);
    CHECK(fc_job_xdh(&job, soft, FC_X19119, out, k, NULL) == FC_OK, "job x19119 base");
    run_job(&job);
    CHECK(fc_job_map(&job, soft, FC_ELLIGATOR2_CURVE25519, out, u) == FC_OK,
          "job elligator2 25519");
    run_job(&job);
    CHECK(fc_job_map(&job, soft, FC_ELLIGATOR2_CURVE19119, out, u) == FC_OK,
          "job elligator2 19119");
    run_job(&job);
    CHECK(fc_job_hash(&job, soft, FC_SHA512, out, k, 32) == FC_OK, "job sha512");
    run_job(&job);
}

/* What the check must catch: a branch and a table index on a secret byte. */
static volatile uint8_t sink;
static void planted_leak(void)
{
    static const uint8_t table[256] = {1};
    uint8_t secret[1] = {0x5a};
    SECRET(secret, 1);
    if (secret[0] & 1)
        sink = 1;
    sink = table[secret[0]];
}

int main(int argc, char **argv)
{
    soft = fc_provider_find("soft");
    if (argc > 1 && strcmp(argv[1], "--planted") == 0) {
        planted_leak();
        return 0; /* valgrind's --error-exitcode makes the run fail */
    }
    check_hashes();
    check_salsa20();
    check_x25519();
    check_x19119();
    check_cpace(FC_CPACE_X25519_SHA512, 0, FC_CPACE_INITIATOR, FC_CPACE_RESPONDER);
    check_cpace(FC_CPACE_X25519_SHA512, 1, FC_CPACE_INITIATOR, FC_CPACE_RESPONDER);
    check_cpace(FC_CPACE_X25519_SHA512, 1, FC_CPACE_SYMMETRIC, FC_CPACE_SYMMETRIC);
    check_cpace(FC_CPACE_X19119_SHA512, 1, FC_CPACE_INITIATOR, FC_CPACE_RESPONDER);
    check_pace2017();
    check_login(FC_LOGIN_SUITE_CPACE, 0);
    check_login(FC_LOGIN_SUITE_PACE2017, 0);
    check_login(FC_LOGIN_SUITE_CPACE19119, 0);
    check_engine();
    check_login(FC_LOGIN_SUITE_CPACE, 1);
    check_login(FC_LOGIN_SUITE_CPACE19119, 1);
    check_login(FC_LOGIN_SUITE_PACE2017, 1);
    check_symmetric(soft);
    check_ec(soft);
    check_rsa();
    return tu_finish("test_constant_flow");
}
