/* The soft provider's X448 and Ed25519 jobs (engine.h: fc_job_xdh on FC_X448, fc_job_eddsa_sign
 * and fc_job_eddsa_verify) through every provider chain of the build that slices them: the
 * RFC 7748 and RFC 8032 vectors, random inputs against the synchronous calls, budgets 1,
 * random, 28000, huge and a clock; failures (low-order u, bad signatures) that write nothing;
 * a job wiped mid-way; the state zero after the end; the unit count independent of secrets. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void unhex_n(uint8_t *out, size_t want, const char *hex)
{
    size_t n;
    uint8_t *b = tu_unhex(hex, &n);
    if (n != want) {
        fprintf(stderr, "vector is not %zu bytes: %s\n", want, hex);
        exit(2);
    }
    memcpy(out, b, n);
    free(b);
}

/* a clock that wipes the job it is timing on its third reading */
static fc_job *wipe_target;
static uint32_t wiping_clock(void *user)
{
    unsigned *n = (unsigned *)user;
    if (++*n == 3)
        fc_job_wipe(wipe_target);
    return *n * 1000u;
}

/* ==== X448 ==== */

#if FC_WITH_X448

/* RFC 7748 5.2, the two X448 vectors */
static const char *const x448_vec[][3] = {
    {"3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff44943eba368f54b29259a4f1c600ad3",
     "06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031ddbdc38c19c6da2583fa5429db94ada18aa7a7fb4ef8a086",
     "ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaadeb445fc66a01b0779d98223961111e21766282f73dd96b6f"},
    {"203d494428b8399352665ddca42f9de8fef600908e0d461cb021f8c538345dd77c3e4806e25f46d3315c44e0a5b4371282dd2c8d5be3095f",
     "0fbcc2f993cd56d3305b0b7d9e55d4c1a8fb5dbb52f8e9a1e9b6201b165d015894e56c4d3570bee52fe205e28a78b91cdfbde71ce8d157db",
     "884a02576239ff7a2f2f63b2db6a9ff37047ac13568e1e30fe63c4a7ad1b3ee3a5700df34321d62077e63633c575c1c954514e99da7c179d"},
};
/* RFC 7748 6.2, X448 Diffie-Hellman: Alice's and Bob's keys, the shared secret */
static const char *const x448_alice_sk =
    "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b";
static const char *const x448_alice_pk =
    "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da88120d53177f80e532c41fa0";
static const char *const x448_bob_pk =
    "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609";
static const char *const x448_shared =
    "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d";

static void x448_known_answers(const fc_provider *p)
{
    uint8_t k[56], u[56], out[56];
    fc_job job;
    size_t i;
    memset(&job, 0, sizeof(job));
    for (i = 0; i < COUNT(x448_vec); i++) {
        unhex_n(k, 56, x448_vec[i][0]);
        unhex_n(u, 56, x448_vec[i][1]);
        memset(out, 0xa5, sizeof(out));
        CHECK(fc_job_xdh(&job, p, FC_X448, out, k, u) == FC_OK &&
                  tu_run_job(&job, (int)(i % TU_BUDGET_KINDS), NULL) == FC_OK &&
                  tu_hex_eq(out, 56, x448_vec[i][2]),
              "%s: RFC 7748 5.2 X448 #%zu as a job", p->name, i + 1);
        CHECK(tu_job_wiped(&job), "%s: X448 job state zero after the end", p->name);
    }
    unhex_n(k, 56, x448_alice_sk);
    CHECK(fc_job_xdh(&job, p, FC_X448, out, k, NULL) == FC_OK &&
              tu_run_job(&job, TU_BUDGET_SLICE, NULL) == FC_OK && tu_hex_eq(out, 56, x448_alice_pk),
          "%s: RFC 7748 6.2 Alice's public key as a job (base point)", p->name);
    unhex_n(u, 56, x448_bob_pk);
    CHECK(fc_job_xdh(&job, p, FC_X448, out, k, u) == FC_OK &&
              tu_run_job(&job, TU_BUDGET_CLOCK, NULL) == FC_OK && tu_hex_eq(out, 56, x448_shared),
          "%s: RFC 7748 6.2 shared secret as a job", p->name);
}

static void x448_random(const fc_provider *p)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t k[56], u[56], want[56], got[56];
    fc_job job;
    unsigned i;
    memset(&job, 0, sizeof(job));
    for (i = 0; i < 2 * TU_BUDGET_KINDS; i++) {
        tu_fill_random(k, 56);
        tu_fill_random(u, 56);
        if (i == 3)
            memset(u, 0xff, 56); /* u >= p: reduced, as the synchronous call does */
        CHECK(fc_xdh(soft, FC_X448, want, k, u) == FC_OK, "x448 sync");
        CHECK(fc_job_xdh(&job, p, FC_X448, got, k, u) == FC_OK &&
                  tu_run_job(&job, (int)(i % TU_BUDGET_KINDS), NULL) == FC_OK && memcmp(got, want, 56) == 0,
              "%s: X448 job = fc_xdh, budget mode %u", p->name, i % TU_BUDGET_KINDS);
        CHECK(fc_xdh_base(soft, FC_X448, want, k) == FC_OK, "x448 base sync");
        CHECK(fc_job_xdh(&job, p, FC_X448, got, k, NULL) == FC_OK &&
                  tu_run_job(&job, (int)((i + 1) % TU_BUDGET_KINDS), NULL) == FC_OK &&
                  memcmp(got, want, 56) == 0,
              "%s: X448 base job = fc_xdh_base, budget mode %u", p->name, (i + 1) % TU_BUDGET_KINDS);
    }
}

/* u = 0, 1 and p - 1 (the points of order 1, 4 and 2): an all-zero result */
static void x448_low_order(const fc_provider *p)
{
    uint8_t k[56], u[56], out[56];
    fc_job job;
    unsigned which;
    memset(&job, 0, sizeof(job));
    for (which = 0; which < 3; which++) {
        tu_fill_random(k, 56);
        memset(u, 0, sizeof(u));
        if (which == 1)
            u[0] = 1;
        if (which == 2) { /* p - 1 = 2^448 - 2^224 - 2 */
            memset(u, 0xff, 56);
            u[0] = 0xfe;
            u[28] = 0xfe;
        }
        memset(out, 0x5a, sizeof(out));
        CHECK(fc_job_xdh(&job, p, FC_X448, out, k, u) == FC_OK &&
                  tu_run_job(&job, TU_BUDGET_RANDOM, NULL) == FC_ERR_ZERO_SHARED,
              "%s: X448 job of low-order u #%u: FC_ERR_ZERO_SHARED", p->name, which);
        CHECK(out[0] == 0x5a && out[55] == 0x5a && tu_job_wiped(&job),
              "%s: low-order u: output untouched, job wiped", p->name);
        CHECK(fc_job_step(&job, 100) == FC_ERR_STATE, "a failed job cannot be stepped");
    }
}

static void x448_unit_count_and_wipe(const fc_provider *p)
{
    uint8_t k[56], out[56], before[56];
    unsigned long a, b;
    unsigned readings = 0;
    fc_job job;
    memset(&job, 0, sizeof(job));
    memset(k, 0, sizeof(k));
    fc_job_xdh(&job, p, FC_X448, out, k, NULL);
    tu_run_job(&job, TU_BUDGET_ONE, &a);
    memset(k, 0xff, sizeof(k));
    fc_job_xdh(&job, p, FC_X448, out, k, NULL);
    tu_run_job(&job, TU_BUDGET_ONE, &b);
    CHECK(a == b && a > 448, "%s: X448 units independent of the scalar (%lu, %lu)", p->name, a,
          b);
    /* wiped mid-way: nothing written, nothing left, no more steps */
    tu_fill_random(k, 56);
    memset(out, 0x33, sizeof(out));
    memcpy(before, out, sizeof(out));
    fc_job_xdh(&job, p, FC_X448, out, k, NULL);
    CHECK(fc_job_step(&job, 100000) == FC_PENDING && fc_job_step(&job, 1) == FC_PENDING,
          "X448 job steps");
    fc_job_wipe(&job);
    CHECK(tu_job_wiped(&job) && !fc_job_running(&job) && fc_job_step(&job, 1000) == FC_ERR_STATE &&
              memcmp(out, before, sizeof(out)) == 0,
          "%s: X448 job wiped mid-way: state zero, output untouched", p->name);
    wipe_target = &job;
    fc_job_xdh(&job, p, FC_X448, out, k, NULL);
    CHECK(fc_job_step_clock(&job, 1000000, wiping_clock, &readings) == FC_ERR_STATE &&
              !fc_job_running(&job) && memcmp(out, before, sizeof(out)) == 0,
          "%s: a clock that wipes the X448 job ends the step with FC_ERR_STATE", p->name);
}

static void test_x448(void)
{
    size_t i;
    int any = 0;
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        if (!fc_job_supports(p, FC_X448))
            continue;
        any = 1;
        x448_known_answers(p);
        x448_random(p);
        x448_low_order(p);
        x448_unit_count_and_wipe(p);
    }
    CHECK(any || !FC_WITH_CURVE_JOBS, "some chain slices X448");
}

#endif /* FC_WITH_X448 */


/* ==== Ed25519 ==== */

#if FC_WITH_ED25519 && FC_WITH_SHA512 && FC_WITH_X25519

#include "ed25519_vectors.h"

#define MAX_MSG 1100

typedef struct {
    fc_alg alg;
    uint8_t seed[32], pub[32], sig[64], ctx[255], msg[MAX_MSG];
    size_t ctx_len, msg_len;
} ed_case;

static void load_vector(ed_case *c, const ed_vector *v)
{
    uint8_t *b;
    size_t n;
    c->alg = v->alg;
    unhex_n(c->seed, 32, v->seed);
    unhex_n(c->pub, 32, v->pub);
    unhex_n(c->sig, 64, v->sig);
    b = tu_unhex(v->ctx, &n);
    c->ctx_len = strlen(v->ctx) / 2;
    memcpy(c->ctx, b, c->ctx_len);
    free(b);
    b = tu_unhex(v->msg, &n);
    c->msg_len = strlen(v->msg) / 2;
    memcpy(c->msg, b, c->msg_len);
    free(b);
}

/* the verification job's verdict; *out_ok (sig untouched) checked by the caller */
static fc_status job_verify(const fc_provider *p, const ed_case *c, const uint8_t *sig, int mode)
{
    fc_job job;
    fc_status st;
    memset(&job, 0, sizeof(job));
    st = fc_job_eddsa_verify(&job, p, c->alg, c->pub, c->ctx_len ? c->ctx : NULL, c->ctx_len,
                             c->msg_len ? c->msg : NULL, c->msg_len, sig);
    if (st != FC_OK)
        return st;
    st = tu_run_job(&job, mode, NULL);
    if (!tu_job_wiped(&job))
        return FC_ERR_PROVIDER; /* not wiped: reported as a failure */
    return st;
}

static fc_status sync_verify(const ed_case *c, const uint8_t *sig)
{
    return fc_eddsa_verify(fc_provider_find("soft"), c->alg, c->pub, c->ctx_len ? c->ctx : NULL,
                           c->ctx_len, c->msg_len ? c->msg : NULL, c->msg_len, sig);
}

/* the signing job's signature into sig (pub given or NULL) */
static fc_status job_sign(const fc_provider *p, const ed_case *c, uint8_t sig[64], int with_pub,
                          int mode, unsigned long *steps)
{
    fc_job job;
    fc_status st;
    memset(&job, 0, sizeof(job));
    st = fc_job_eddsa_sign(&job, p, c->alg, sig, c->seed, with_pub ? c->pub : NULL,
                           c->ctx_len ? c->ctx : NULL, c->ctx_len, c->msg_len ? c->msg : NULL,
                           c->msg_len);
    if (st != FC_OK)
        return st;
    st = tu_run_job(&job, mode, steps);
    if (!tu_job_wiped(&job))
        return FC_ERR_PROVIDER; /* not wiped: reported as a failure */
    return st;
}

static void ed_sign_known(const fc_provider *p)
{
    static ed_case c;
    uint8_t sig[64];
    size_t i;
    for (i = 0; i < N_RFC8032; i++) {
        if (!fc_job_supports(p, rfc8032[i].alg))
            continue;
        load_vector(&c, &rfc8032[i]);
        memset(sig, 0xa5, sizeof(sig));
        CHECK(job_sign(p, &c, sig, 1, (int)(i % TU_BUDGET_KINDS), NULL) == FC_OK &&
                  memcmp(sig, c.sig, 64) == 0,
              "%s: %s signed as a job", p->name, rfc8032[i].name);
        memset(sig, 0xa5, sizeof(sig));
        CHECK(job_sign(p, &c, sig, 0, (int)((i + 1) % TU_BUDGET_KINDS), NULL) == FC_OK &&
                  memcmp(sig, c.sig, 64) == 0,
              "%s: %s signed as a job, the public key computed", p->name, rfc8032[i].name);
    }
}

/* the units of a signature depend on the variant, pub being given and the message length
 * only; a job wiped mid-way writes nothing */
static void ed_sign_units(const fc_provider *p)
{
    static ed_case c;
    static const fc_alg algs[3] = {FC_ED25519, FC_ED25519CTX, FC_ED25519PH};
    uint8_t sig[64], before[64];
    unsigned long a, b;
    unsigned i, readings = 0;
    fc_job job;
    for (i = 0; i < 6; i++) {
        c.alg = algs[i % 3];
        c.ctx_len = c.alg == FC_ED25519CTX ? 7 : 0;
        c.msg_len = 200;
        memset(c.seed, 0, 32);
        memset(c.msg, 0, c.msg_len);
        fc_eddsa_public_key(NULL, c.alg, c.pub, c.seed);
        job_sign(p, &c, sig, (int)(i / 3), TU_BUDGET_ONE, &a);
        memset(c.seed, 0xff, 32);
        tu_fill_random(c.msg, c.msg_len);
        tu_fill_random(c.ctx, c.ctx_len);
        fc_eddsa_public_key(NULL, c.alg, c.pub, c.seed);
        job_sign(p, &c, sig, (int)(i / 3), TU_BUDGET_ONE, &b);
        CHECK(a == b && a > 100, "%s: signing units independent of the secrets (%lu, %lu)",
              p->name, a, b);
    }
    memset(&job, 0, sizeof(job));
    memset(sig, 0x33, sizeof(sig));
    memcpy(before, sig, sizeof(sig));
    CHECK(fc_job_eddsa_sign(&job, p, c.alg, sig, c.seed, NULL, NULL, 0, c.msg, c.msg_len) ==
                  FC_OK && fc_job_step(&job, 60000) == FC_PENDING,
          "%s: signing job steps", p->name);
    fc_job_wipe(&job);
    CHECK(tu_job_wiped(&job) && fc_job_step(&job, 1000) == FC_ERR_STATE &&
              memcmp(sig, before, 64) == 0,
          "%s: signing job wiped mid-way: state zero, nothing written", p->name);
    wipe_target = &job;
    fc_job_eddsa_sign(&job, p, c.alg, sig, c.seed, NULL, NULL, 0, c.msg, c.msg_len);
    CHECK(fc_job_step_clock(&job, 1000000, wiping_clock, &readings) == FC_ERR_STATE &&
              memcmp(sig, before, 64) == 0,
          "%s: a clock that wipes the signing job", p->name);
}

static void ed_verify_known(const fc_provider *p)
{
    static ed_case c;
    uint8_t sig[64];
    size_t i;
    for (i = 0; i < N_RFC8032; i++) {
        if (!fc_job_supports(p, rfc8032[i].alg))
            continue;
        load_vector(&c, &rfc8032[i]);
        CHECK(job_verify(p, &c, c.sig, (int)(i % TU_BUDGET_KINDS)) == FC_OK, "%s: %s verified as a job",
              p->name, rfc8032[i].name);
        memcpy(sig, c.sig, 64);
        sig[i % 64] ^= 0x10;
        CHECK(job_verify(p, &c, sig, TU_BUDGET_RANDOM) == FC_ERR_VERIFY, "%s: %s, a bit flipped",
              p->name, rfc8032[i].name);
        if (c.msg_len > 0) {
            c.msg[c.msg_len - 1] ^= 1;
            CHECK(job_verify(p, &c, c.sig, TU_BUDGET_SLICE) == FC_ERR_VERIFY,
                  "%s: %s, another message", p->name, rfc8032[i].name);
        }
    }
}

/* eddsa.h's refusals, each the synchronous verdict too */
static void ed_verify_rules(const fc_provider *p)
{
    static ed_case c;
    uint8_t sig[64];
    size_t i;
    load_vector(&c, &rfc8032[0]);
    for (i = 0; i < 8; i++) { /* small-order keys with signatures the equation accepts */
        unhex_n(c.pub, 32, small_order[i][0]);
        unhex_n(sig, 64, small_order[i][1]);
        memcpy(c.msg, small_msg, strlen(small_msg));
        c.msg_len = strlen(small_msg);
        CHECK(job_verify(p, &c, sig, (int)(i % TU_BUDGET_KINDS)) == FC_ERR_VERIFY &&
                  sync_verify(&c, sig) == FC_ERR_VERIFY,
              "%s: small-order key #%zu refused", p->name, i);
    }
    load_vector(&c, &rfc8032[0]);
    for (i = 0; i < sizeof(bad_points) / sizeof(bad_points[0]); i++) {
        unhex_n(c.pub, 32, bad_points[i]);
        CHECK(job_verify(p, &c, c.sig, TU_BUDGET_RANDOM) == FC_ERR_VERIFY,
              "%s: key that does not decode #%zu refused", p->name, i);
    }
    load_vector(&c, &rfc8032[0]);
    for (i = 0; i < sizeof(bad_points) / sizeof(bad_points[0]); i++) {
        memcpy(sig, c.sig, 64);
        unhex_n(sig, 32, bad_points[i]);
        CHECK(job_verify(p, &c, sig, TU_BUDGET_RANDOM) == FC_ERR_VERIFY,
              "%s: R that does not decode #%zu refused", p->name, i);
    }
    for (i = 0; i < 2; i++) { /* keys that decode (a wrong signature): the synchronous verdict */
        unhex_n(c.pub, 32, good_small_y[i]);
        CHECK(job_verify(p, &c, c.sig, TU_BUDGET_RANDOM) == sync_verify(&c, c.sig),
              "%s: key %zu: the synchronous verdict", p->name, i);
    }
    load_vector(&c, &rfc8032[0]);
    unhex_n(sig, 64, neutral_r_sig);
    CHECK(job_verify(p, &c, sig, TU_BUDGET_HUGE) == FC_ERR_VERIFY && sync_verify(&c, sig) ==
          FC_ERR_VERIFY, "%s: neutral R refused", p->name);
    /* S + L: the same equation, S not canonical */
    {
        unsigned carry = 0;
        memcpy(sig, c.sig, 64);
        for (i = 0; i < 32; i++) {
            carry += sig[32 + i] + order_l[i];
            sig[32 + i] = (uint8_t)carry;
            carry >>= 8;
        }
        CHECK(job_verify(p, &c, sig, TU_BUDGET_ONE) == FC_ERR_VERIFY, "%s: S + L refused", p->name);
    }
}

static void ed_random(const fc_provider *p)
{
    static const fc_alg algs[3] = {FC_ED25519, FC_ED25519CTX, FC_ED25519PH};
    static ed_case c;
    uint8_t sig[64];
    unsigned i;
    for (i = 0; i < 24; i++) {
        c.alg = algs[i % 3];
        if (!fc_job_supports(p, c.alg))
            continue;
        tu_fill_random(c.seed, 32);
        c.ctx_len = c.alg == FC_ED25519 ? 0 : (c.alg == FC_ED25519CTX ? 1 : 0) + tu_rand() % 255;
        tu_fill_random(c.ctx, c.ctx_len);
        /* lengths around the block boundaries of dom2 || R || A || M */
        c.msg_len = i < 6 ? (size_t)(i * 17) : tu_rand() % MAX_MSG;
        if (i == 7)
            c.msg_len = 128 - 64 - (c.ctx_len ? 34 + c.ctx_len : 0) % 128 + 128;
        if (c.msg_len > MAX_MSG)
            c.msg_len = MAX_MSG - 1;
        tu_fill_random(c.msg, c.msg_len);
        CHECK(fc_eddsa_public_key(fc_provider_find("soft"), c.alg, c.pub, c.seed) == FC_OK &&
                  fc_eddsa_sign(fc_provider_find("soft"), c.alg, c.sig, c.seed, c.pub,
                                c.ctx_len ? c.ctx : NULL, c.ctx_len, c.msg_len ? c.msg : NULL,
                                c.msg_len) == FC_OK,
              "sync sign");
        CHECK(job_verify(p, &c, c.sig, (int)(i % TU_BUDGET_KINDS)) == FC_OK,
              "%s: random signature (alg %u, ctx %zu, msg %zu) verified as a job", p->name,
              (unsigned)c.alg, c.ctx_len, c.msg_len);
        memset(sig, 0, sizeof(sig));
        CHECK(job_sign(p, &c, sig, (int)(i & 1), (int)((i + 1) % TU_BUDGET_KINDS), NULL) == FC_OK &&
                  memcmp(sig, c.sig, 64) == 0,
              "%s: random signature (alg %u, ctx %zu, msg %zu) made as a job", p->name,
              (unsigned)c.alg, c.ctx_len, c.msg_len);
        memcpy(sig, c.sig, 64);
        sig[tu_rand() % 64] ^= (uint8_t)(1u << (tu_rand() % 8));
        CHECK(job_verify(p, &c, sig, (int)((i + 2) % TU_BUDGET_KINDS)) == sync_verify(&c, sig),
              "%s: a damaged signature: the synchronous verdict", p->name);
    }
}

static void ed_wipe(const fc_provider *p)
{
    static ed_case c;
    fc_job job;
    unsigned readings = 0;
    memset(&job, 0, sizeof(job));
    load_vector(&c, &rfc8032[3]); /* 1023 bytes: several blocks */
    CHECK(fc_job_eddsa_verify(&job, p, c.alg, c.pub, NULL, 0, c.msg, c.msg_len, c.sig) == FC_OK &&
              fc_job_step(&job, 50000) == FC_PENDING && fc_job_step(&job, 1) == FC_PENDING,
          "%s: verification job steps", p->name);
    fc_job_wipe(&job);
    CHECK(tu_job_wiped(&job) && fc_job_step(&job, 1000) == FC_ERR_STATE,
          "%s: verification job wiped mid-way", p->name);
    wipe_target = &job;
    fc_job_eddsa_verify(&job, p, c.alg, c.pub, NULL, 0, c.msg, c.msg_len, c.sig);
    CHECK(fc_job_step_clock(&job, 1000000, wiping_clock, &readings) == FC_ERR_STATE &&
              !fc_job_running(&job), "%s: a clock that wipes the verification job", p->name);
}

static void test_eddsa(void)
{
    size_t i;
    int any = 0;
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        if (!fc_job_supports(p, FC_ED25519))
            continue;
        any = 1;
        ed_sign_known(p);
        ed_sign_units(p);
        ed_verify_known(p);
        ed_verify_rules(p);
        ed_random(p);
        ed_wipe(p);
    }
    CHECK(any || !FC_WITH_CURVE_JOBS, "some chain slices Ed25519");
}

#endif

int main(void)
{
    tu_seed(0x3a9f0c21u);
#if FC_WITH_X448
    test_x448();
#endif
#if FC_WITH_ED25519 && FC_WITH_SHA512 && FC_WITH_X25519
    test_eddsa();
#endif
    return tu_finish("x448/eddsa jobs");
}
