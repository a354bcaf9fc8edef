/* The sliced secp256r1 jobs (engine.h: fc_job_ecdh, fc_job_ecdsa_verify_digest,
 * fc_job_ecdsa_sign_digest; soft's p256_job.c) through every provider of the build (the chain
 * reaches soft's sliceable implementation): known answers, random inputs against the
 * synchronous calls for budgets 1, random, 28000 and huge and with a clock, both point forms,
 * refused points and signatures with the output untouched, a job wiped mid-way, the state zero
 * after the end, and other curves declined. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"

/* 02 / 03 || X of an uncompressed point */
static void compress(uint8_t *out, const uint8_t *pt)
{
    out[0] = (uint8_t)(0x02 | (pt[64] & 1u));
    memcpy(out + 1, pt + 1, 32);
}

/* ---- ECDH ---- */

/* The P-256 ECDH vector of tests/c/test_ec_soft.c (made with pyca/cryptography over OpenSSL
 * 3.0): d, the peer's X || Y, the shared x. */
static const char *const kat_d = "488773735FAA7AA3CB209AE19AE0CF514853581D2655F478DB52E93DABC07D7A";
static const char *const kat_peer =
    "4DB69F51127A5E9DC1374763FE16C7D42D03BFFE3964ADF6B963F5C3C8A2120B"
    "AEDD066B8175D04453BD33103E755A55E81E09380467E1AEA053E4B580EEDADD";
static const char *const kat_shared =
    "3C27AA89C1B6A742B79D22B97A992C60B23EBFA9A857E0AD1864D4462FA96DAA";

static void test_ecdh_kat(const fc_provider *p, const char *name)
{
    size_t n;
    uint8_t *d = tu_unhex(kat_d, &n), *xy = tu_unhex(kat_peer, &n);
    uint8_t peer[65], comp[33], out[32];
    fc_job job;
    int kind;
    memset(&job, 0, sizeof(job));
    peer[0] = 0x04;
    memcpy(peer + 1, xy, 64);
    compress(comp, peer);
    for (kind = 0; kind < TU_BUDGET_KINDS; kind++) {
        memset(out, 0, sizeof(out));
        CHECK(fc_job_ecdh(&job, p, FC_SECP256R1, out, d, peer, 65) == FC_OK &&
                  tu_run_job(&job, kind, NULL) == FC_OK && tu_hex_eq(out, 32, kat_shared),
              "%s: ECDH vector, budget %s", name, tu_budget_name[kind]);
        CHECK(tu_job_wiped(&job), "%s: ECDH job wiped after completion", name);
        memset(out, 0, sizeof(out));
        CHECK(fc_job_ecdh(&job, p, FC_SECP256R1, out, d, comp, 33) == FC_OK &&
                  tu_run_job(&job, kind, NULL) == FC_OK && tu_hex_eq(out, 32, kat_shared),
              "%s: ECDH vector, compressed peer, budget %s", name, tu_budget_name[kind]);
    }
    free(d);
    free(xy);
}

static void test_ecdh_random(const fc_provider *p, const char *name)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t d[32], d2[32], peer[65], comp[33], want[32], got[32];
    fc_job job;
    unsigned i;
    memset(&job, 0, sizeof(job));
    for (i = 0; i < 6; i++) {
        int kind = (int)(i % TU_BUDGET_KINDS);
        tu_fill_random(d, 32);
        tu_fill_random(d2, 32);
        d[0] &= 0x7f; /* below n */
        d2[0] &= 0x7f;
        CHECK(fc_ec_public_key(soft, FC_SECP256R1, peer, d2) == FC_OK, "%s: peer", name);
        CHECK(fc_ecdh(soft, FC_SECP256R1, want, d, peer, 65) == FC_OK, "%s: sync ECDH", name);
        memset(got, 0, sizeof(got));
        CHECK(fc_job_ecdh(&job, p, FC_SECP256R1, got, d, peer, 65) == FC_OK &&
                  tu_run_job(&job, kind, NULL) == FC_OK && memcmp(got, want, 32) == 0,
              "%s: random ECDH %u, budget %s", name, i, tu_budget_name[kind]);
        compress(comp, peer);
        memset(got, 0, sizeof(got));
        CHECK(fc_job_ecdh(&job, p, FC_SECP256R1, got, d, comp, 33) == FC_OK &&
                  tu_run_job(&job, kind, NULL) == FC_OK && memcmp(got, want, 32) == 0,
              "%s: random ECDH %u, compressed, budget %s", name, i, tu_budget_name[kind]);
    }
}

/* Points the synchronous call refuses: the job ends with its status, output untouched. */
static void test_ecdh_refused(const fc_provider *p, const char *name)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t d[32], peer[65], comp[33], out[32], want[32];
    fc_job job;
    fc_status st, sync;
    unsigned i, refused = 0;
    memset(&job, 0, sizeof(job));
    tu_fill_random(d, 32);
    d[0] &= 0x7f;
    CHECK(fc_ec_public_key(soft, FC_SECP256R1, peer, d) == FC_OK, "%s: key", name);
    peer[64] ^= 1; /* off the curve */
    memset(out, 0x5a, sizeof(out));
    st = fc_job_ecdh(&job, p, FC_SECP256R1, out, d, peer, 65);
    if (st == FC_OK)
        st = tu_run_job(&job, TU_BUDGET_RANDOM, NULL);
    CHECK(st == FC_ERR_POINT && out[0] == 0x5a && tu_all_zero(out, 0) &&
              memcmp(out, "\x5a\x5a\x5a\x5a", 4) == 0 && tu_job_wiped(&job),
          "%s: ECDH with a point off the curve: %d", name, st);
    /* random X: about half have no y; each agrees with the synchronous call */
    for (i = 0; i < 8; i++) {
        comp[0] = (uint8_t)(0x02 | (i & 1u));
        tu_fill_random(comp + 1, 32);
        sync = fc_ecdh(soft, FC_SECP256R1, want, d, comp, 33);
        memset(out, 0x5a, sizeof(out));
        st = fc_job_ecdh(&job, p, FC_SECP256R1, out, d, comp, 33);
        if (st == FC_OK)
            st = tu_run_job(&job, TU_BUDGET_RANDOM, NULL);
        if (sync != FC_OK)
            refused++;
        CHECK(st == sync && (st == FC_OK ? memcmp(out, want, 32) == 0 : out[31] == 0x5a),
              "%s: ECDH with a random X %u: %d, sync %d", name, i, st, sync);
    }
    (void)refused;
    /* X = 0 has y^2 = b: no root on P-256 (the synchronous call agrees, above) */
    memset(comp + 1, 0, 32);
    comp[0] = 0x02;
    sync = fc_ecdh(soft, FC_SECP256R1, want, d, comp, 33);
    st = fc_job_ecdh(&job, p, FC_SECP256R1, out, d, comp, 33);
    if (st == FC_OK)
        st = tu_run_job(&job, TU_BUDGET_ONE, NULL);
    CHECK(st == sync, "%s: ECDH with X = 0: %d, sync %d", name, st, sync);
    /* the core's checks, at start */
    memset(d, 0, 32);
    CHECK(fc_job_ecdh(&job, p, FC_SECP256R1, out, d, peer, 65) == FC_ERR_KEY, "%s: d = 0", name);
}

/* a clock that wipes the job it times on its fifth reading */
static fc_job *cancel_target;
static uint32_t cancelling_clock(void *user)
{
    unsigned *n = (unsigned *)user;
    if (++*n == 5)
        fc_job_wipe(cancel_target);
    return *n * 100u;
}

static void test_ecdh_wiped(const fc_provider *p, const char *name)
{
    size_t n;
    uint8_t *d = tu_unhex(kat_d, &n), *xy = tu_unhex(kat_peer, &n);
    uint8_t peer[65], out[32];
    unsigned readings = 0, i;
    fc_job job;
    memset(&job, 0, sizeof(job));
    peer[0] = 0x04;
    memcpy(peer + 1, xy, 64);
    memset(out, 0x5a, sizeof(out));
    CHECK(fc_job_ecdh(&job, p, FC_SECP256R1, out, d, peer, 65) == FC_OK, "%s: start", name);
    for (i = 0; i < 300; i++)
        CHECK(fc_job_step(&job, 1) == FC_PENDING, "%s: ECDH pending", name);
    fc_job_wipe(&job);
    CHECK(!fc_job_running(&job) && tu_job_wiped(&job) && fc_job_step(&job, 1) == FC_ERR_STATE &&
              out[0] == 0x5a,
          "%s: ECDH wiped mid-way: nothing written, nothing left", name);
    cancel_target = &job;
    CHECK(fc_job_ecdh(&job, p, FC_SECP256R1, out, d, peer, 65) == FC_OK &&
              fc_job_step_clock(&job, 1000000, cancelling_clock, &readings) == FC_ERR_STATE &&
              !fc_job_running(&job) && out[0] == 0x5a,
          "%s: ECDH wiped by its clock", name);
    free(d);
    free(xy);
}

/* ---- ECDSA verification ---- */

/* RFC 6979 A.2.5 (P-256, SHA-256, message "sample"): the public key U and r || s; e is
 * SHA-256("sample") */
static const char *const rfc_q =
    "60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6"
    "7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299";
static const char *const rfc_e = "AF2BDBE1AA9B6EC1E2ADE1D694F41FC71A831D0268E9891562113D8A62ADD1BF";
static const char *const rfc_rs =
    "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716"
    "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8";

/* a verification job's end: FC_OK or an error (a start that refuses ends it at once) */
static fc_status verify_job(const fc_provider *p, const uint8_t *pub, size_t pub_len,
                            const uint8_t *e, size_t e_len, const uint8_t *sig, size_t sig_len,
                            unsigned flags, int kind)
{
    fc_job job;
    fc_status st;
    memset(&job, 0, sizeof(job));
    st = fc_job_ecdsa_verify_digest(&job, p, FC_SECP256R1, pub, pub_len, e, e_len, sig, sig_len,
                                    flags);
    if (st == FC_OK)
        st = tu_run_job(&job, kind, NULL);
    if (!tu_job_wiped(&job))
        st = FC_ERR_STATE;
    return st;
}

static void test_verify_kat(const fc_provider *p, const char *name)
{
    size_t n;
    uint8_t *q = tu_unhex(rfc_q, &n), *e = tu_unhex(rfc_e, &n), *rs = tu_unhex(rfc_rs, &n);
    uint8_t pub[65], comp[33];
    int kind;
    pub[0] = 0x04;
    memcpy(pub + 1, q, 64);
    compress(comp, pub);
    for (kind = 0; kind < TU_BUDGET_KINDS; kind++) {
        CHECK(verify_job(p, pub, 65, e, 32, rs, 64, 0, kind) == FC_OK,
              "%s: RFC 6979 A.2.5 verifies, budget %s", name, tu_budget_name[kind]);
        CHECK(verify_job(p, comp, 33, e, 32, rs, 64, 0, kind) == FC_OK,
              "%s: RFC 6979 A.2.5 verifies, compressed key, budget %s", name, tu_budget_name[kind]);
        e[kind] ^= 0x10;
        CHECK(verify_job(p, pub, 65, e, 32, rs, 64, 0, kind) == FC_ERR_VERIFY,
              "%s: RFC 6979 A.2.5 with another digest fails, budget %s", name, tu_budget_name[kind]);
        e[kind] ^= 0x10;
    }
    free(q);
    free(e);
    free(rs);
}

static void test_verify_random(const fc_provider *p, const char *name)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t d[32], pub[65], comp[33], digest[48], sig[64], bad[65];
    size_t sig_len;
    unsigned i;
    fc_status st, sync;
    for (i = 0; i < 10; i++) {
        int kind = (int)(i % TU_BUDGET_KINDS);
        /* digests longer (truncated: still valid) and shorter (another e) than n */
        size_t dlen = i == 7 ? 48 : i == 8 ? 20 : 32;
        tu_fill_random(d, 32);
        d[0] &= 0x7f;
        tu_fill_random(digest, sizeof(digest));
        CHECK(fc_ec_public_key(soft, FC_SECP256R1, pub, d) == FC_OK, "%s: key", name);
        sig_len = sizeof(sig);
        CHECK(fc_ecdsa_sign_digest(soft, FC_SECP256R1, FC_SHA256, NULL, sig, &sig_len, d, digest,
                                   32, 0) == FC_OK, "%s: sign", name);
        sync = fc_ecdsa_verify_digest(soft, FC_SECP256R1, pub, 65, digest, dlen, sig, 64, 0);
        st = verify_job(p, pub, 65, digest, dlen, sig, 64, 0, kind);
        CHECK(st == sync && (dlen != 32 || st == FC_OK),
              "%s: random verification %u: %d, sync %d, budget %s", name, i, st, sync,
              tu_budget_name[kind]);
        compress(comp, pub);
        CHECK(verify_job(p, comp, 33, digest, dlen, sig, 64, 0, kind) == sync,
              "%s: random verification %u, compressed key", name, i);
        sig[i % 64] ^= 0x01; /* r or s changed: fails (or is refused at start) */
        sync = fc_ecdsa_verify_digest(soft, FC_SECP256R1, pub, 65, digest, dlen, sig, 64, 0);
        st = verify_job(p, pub, 65, digest, dlen, sig, 64, 0, kind);
        CHECK(st == sync && st == FC_ERR_VERIFY, "%s: changed signature %u: %d", name, i, st);
        sig[i % 64] ^= 0x01;
        memcpy(bad, pub, 65);
        bad[40] ^= 0x04; /* X changed: off the curve */
        sync = fc_ecdsa_verify_digest(soft, FC_SECP256R1, bad, 65, digest, dlen, sig, 64, 0);
        st = verify_job(p, bad, 65, digest, dlen, sig, 64, 0, kind);
        CHECK(st == sync && st == FC_ERR_POINT, "%s: key off the curve %u: %d", name, i, st);
        tu_fill_random(comp + 1, 32); /* a random X: no root, or another key */
        sync = fc_ecdsa_verify_digest(soft, FC_SECP256R1, comp, 33, digest, dlen, sig, 64, 0);
        st = verify_job(p, comp, 33, digest, dlen, sig, 64, 0, kind);
        CHECK(st == sync && st != FC_OK, "%s: random compressed key %u: %d, sync %d", name, i,
              st, sync);
    }
}

/* ---- ECDSA signature ---- */

static const char *const rfc_d = "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721";

/* a signature job's end into sig (64 bytes) */
static fc_status sign_job(const fc_provider *p, uint8_t *sig, const uint8_t *d,
                          const uint8_t *digest, fc_alg hash, size_t digest_len,
                          const fc_rng *rng, unsigned flags, int kind)
{
    fc_job job;
    fc_status st;
    memset(&job, 0, sizeof(job));
    st = fc_job_ecdsa_sign_digest(&job, p, FC_SECP256R1, hash, rng, sig, d, digest, digest_len,
                                  flags);
    if (st == FC_OK)
        st = tu_run_job(&job, kind, NULL);
    if (!tu_job_wiped(&job))
        st = FC_ERR_STATE;
    return st;
}

static void test_sign_kat(const fc_provider *p, const char *name)
{
    size_t n;
    uint8_t *d = tu_unhex(rfc_d, &n), *e = tu_unhex(rfc_e, &n), sig[64];
    int kind;
    for (kind = 0; kind < TU_BUDGET_KINDS; kind++) {
        memset(sig, 0, sizeof(sig));
        CHECK(sign_job(p, sig, d, e, FC_SHA256, 32, NULL, 0, kind) == FC_OK &&
                  tu_hex_eq(sig, 64, rfc_rs),
              "%s: RFC 6979 A.2.5 signature, budget %s", name, tu_budget_name[kind]);
    }
    free(d);
    free(e);
}

static void test_sign_random(const fc_provider *p, const char *name)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t d[32], digest[64], want[64], got[64], extra[32];
    tu_fixed_bytes fixed = {extra, sizeof(extra)};
    fc_rng rng = {tu_fixed_fill, &fixed};
    size_t len;
    unsigned i;
    for (i = 0; i < 10; i++) {
        int kind = (int)(i % TU_BUDGET_KINDS);
        unsigned flags = (i & 1u) ? FC_ECDSA_LOW_S : 0u;
        tu_fill_random(d, 32);
        d[0] &= 0x7f;
        tu_fill_random(digest, sizeof(digest));
        tu_fill_random(extra, sizeof(extra));
        if (i == 3)
            memset(digest, 0xff, 32); /* e >= n: h1 = e - n */
        if (i >= 6)
            flags |= FC_ECDSA_HEDGED;
        len = sizeof(want);
        CHECK(fc_ecdsa_sign_digest(soft, FC_SECP256R1, FC_SHA256, &rng, want, &len, d, digest,
                                   32, flags) == FC_OK && len == 64, "%s: sync sign", name);
        memset(got, 0, sizeof(got));
        CHECK(sign_job(p, got, d, digest, FC_SHA256, 32, &rng, flags, kind) == FC_OK &&
                  memcmp(got, want, 64) == 0,
              "%s: random signature %u (flags %u), budget %s", name, i, flags,
              tu_budget_name[kind]);
    }
    /* the nonce's HMAC is sliced over SHA-256 only: other hashes are declined at start */
    len = sizeof(want);
    memset(got, 0x5a, sizeof(got));
    CHECK(sign_job(p, got, d, digest, FC_SHA384, 48, NULL, 0, TU_BUDGET_ONE) == FC_ERR_UNSUPPORTED &&
              got[0] == 0x5a, "%s: SHA-384 signature declined", name);
    memset(d, 0, 32);
    CHECK(sign_job(p, got, d, digest, FC_SHA256, 32, NULL, 0, TU_BUDGET_ONE) == FC_ERR_KEY &&
              got[0] == 0x5a, "%s: d = 0 refused", name);
}

static void test_declined(void)
{
    uint8_t d[48] = {1}, peer[97] = {4}, out[48];
    fc_job job;
    memset(&job, 0, sizeof(job));
    d[47] = 1;
    /* a valid P-384 point is not needed: the encoding passes, then no implementation slices */
    CHECK(fc_job_ecdh(&job, NULL, FC_SECP384R1, out, d, peer, 97) == FC_ERR_UNSUPPORTED ||
              fc_job_ecdh(&job, NULL, FC_SECP384R1, out, d, peer, 97) == FC_ERR_ARGUMENT,
          "P-384 ECDH is not sliced");
    CHECK(!fc_job_running(&job), "nothing started");
}

int main(void)
{
    size_t i;
    tu_seed(0x9256a0b1u);
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        const char *name = p->name;
        if (!fc_job_supports(p, FC_SECP256R1))
            continue;
        test_ecdh_kat(p, name);
        test_ecdh_random(p, name);
        test_ecdh_refused(p, name);
        test_ecdh_wiped(p, name);
        test_verify_kat(p, name);
        test_verify_random(p, name);
        test_sign_kat(p, name);
        test_sign_random(p, name);
    }
    test_declined();
    return tu_finish("p256_jobs");
}
