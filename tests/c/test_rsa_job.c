/* RSA's sliced raw operations (fc_job_rsa_public, fc_job_rsa_private): the same results as the
 * synchronous calls and the vectors of rsa_vectors.h (keys and c = m^e from pyca/cryptography
 * and Python's pow, tests/c/gen_rsa_vectors.py) for every way of spending budgets, the work
 * area and the job wiped at the end, and the failures: a fault in a CRT value caught by the
 * check by e, parts that disagree, an input >= n, a missing rng. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "fieldcrypt/rsa.h"
#include "rsa_vectors.h"
#include "testutil.h"

static fc_rsa_work work;
static fc_job job;

static int random_fill(void *user, uint8_t *out, size_t len)
{
    (void)user;
    tu_fill_random(out, len);
    return 0;
}
static const fc_rng test_rng = {random_fill, NULL};

static int failing_fill(void *user, uint8_t *out, size_t len)
{
    (void)user;
    (void)out;
    (void)len;
    return -1;
}
static const fc_rng bad_rng = {failing_fill, NULL};

typedef struct {
    fc_rsa_private_key key;
    uint8_t *bufs[7];
    uint8_t *m, *c;
    size_t k;
} loaded_key;

static void load(loaded_key *lk, const rsa_vector *v)
{
    const char *hex[7] = {v->n, v->e, v->p, v->q, v->dp, v->dq, v->qinv};
    size_t lens[7], len;
    int i;
    memset(lk, 0, sizeof(*lk));
    for (i = 0; i < 7; i++)
        lk->bufs[i] = tu_unhex(hex[i], &lens[i]);
    lk->key.pub.n = lk->bufs[0];
    lk->key.pub.n_len = lens[0];
    lk->key.pub.e = lk->bufs[1];
    lk->key.pub.e_len = lens[1];
    lk->key.p = lk->bufs[2];
    lk->key.p_len = lens[2];
    lk->key.q = lk->bufs[3];
    lk->key.q_len = lens[3];
    lk->key.dp = lk->bufs[4];
    lk->key.dp_len = lens[4];
    lk->key.dq = lk->bufs[5];
    lk->key.dq_len = lens[5];
    lk->key.qinv = lk->bufs[6];
    lk->key.qinv_len = lens[6];
    lk->m = tu_unhex(v->m, &lk->k);
    lk->c = tu_unhex(v->c, &len);
}

static void unload(loaded_key *lk)
{
    int i;
    for (i = 0; i < 7; i++)
        free(lk->bufs[i]);
    free(lk->m);
    free(lk->c);
}

static void check_vector(const rsa_vector *v, int kind)
{
    loaded_key lk;
    uint8_t out[FC_RSA_MAX_BYTES];
    unsigned long steps = 0;
    fc_status st;
    load(&lk, v);
    /* public: c = m^e */
    memset(out, 0, sizeof(out));
    st = fc_job_rsa_public(&job, fc_provider_find("soft"), &work, out, &lk.key.pub, lk.m, lk.k);
    CHECK(st == FC_OK, "%s public start: %d", v->name, st);
    st = tu_run_job(&job, kind, &steps);
    CHECK(st == FC_OK && memcmp(out, lk.c, lk.k) == 0, "%s public, %s budgets: %d", v->name,
          tu_budget_name[kind], st);
    CHECK(tu_all_zero(&work, sizeof(work)) && tu_job_wiped(&job), "%s public: wiped", v->name);
    /* private: m = c^d */
    memset(out, 0, sizeof(out));
    st = fc_job_rsa_private(&job, fc_provider_find("soft"), &test_rng, &work, out, &lk.key, lk.c,
                            lk.k);
    CHECK(st == FC_OK, "%s private start: %d", v->name, st);
    st = tu_run_job(&job, kind, &steps);
    CHECK(st == FC_OK && memcmp(out, lk.m, lk.k) == 0, "%s private, %s budgets: %d", v->name,
          tu_budget_name[kind], st);
    CHECK(tu_all_zero(&work, sizeof(work)) && tu_job_wiped(&job), "%s private: wiped", v->name);
    unload(&lk);
}

/* Random inputs: the job's private result is the synchronous call's, and public undoes it. */
static void check_random(const rsa_vector *v)
{
    loaded_key lk;
    uint8_t in[FC_RSA_MAX_BYTES], a[FC_RSA_MAX_BYTES], b[FC_RSA_MAX_BYTES];
    int i;
    load(&lk, v);
    for (i = 0; i < 3; i++) {
        tu_fill_random(in, lk.k);
        in[0] = 0; /* below n */
        CHECK(fc_rsa_private_raw(fc_provider_find("soft"), &test_rng, &work, a, &lk.key, in,
                                 lk.k) == FC_OK, "sync private");
        CHECK(fc_job_rsa_private(&job, NULL, &test_rng, &work, b, &lk.key, in, lk.k) == FC_OK &&
                  tu_run_job(&job, TU_BUDGET_RANDOM, NULL) == FC_OK && memcmp(a, b, lk.k) == 0,
              "%s: job private == sync private", v->name);
        CHECK(fc_job_rsa_public(&job, NULL, &work, b, &lk.key.pub, a, lk.k) == FC_OK &&
                  tu_run_job(&job, TU_BUDGET_SLICE, NULL) == FC_OK && memcmp(in, b, lk.k) == 0,
              "%s: public job undoes it", v->name);
    }
    unload(&lk);
}

static void check_failures(const rsa_vector *v)
{
    loaded_key lk;
    uint8_t out[FC_RSA_MAX_BYTES], big[FC_RSA_MAX_BYTES], *dp;
    fc_rsa_private_key bad;
    fc_status st;
    load(&lk, v);
    /* a fault in dP: the check by e refuses the result, out untouched */
    dp = malloc(lk.key.dp_len);
    memcpy(dp, lk.key.dp, lk.key.dp_len);
    dp[lk.key.dp_len / 2] ^= 0x10;
    bad = lk.key;
    bad.dp = dp;
    memset(out, 0xa5, sizeof(out));
    st = fc_job_rsa_private(&job, NULL, &test_rng, &work, out, &bad, lk.c, lk.k);
    CHECK(st == FC_OK, "faulted start");
    st = tu_run_job(&job, TU_BUDGET_RANDOM, NULL);
    CHECK(st == FC_ERR_PROVIDER, "%s: fault caught: %d", v->name, st);
    CHECK(out[0] == 0xa5 && out[lk.k - 1] == 0xa5, "fault: out untouched");
    CHECK(tu_all_zero(&work, sizeof(work)) && tu_job_wiped(&job), "fault: wiped");
    free(dp);
    /* p and q swapped with another size's: p q != n, found in the steps */
    bad = lk.key;
    bad.q = lk.key.p;
    st = fc_job_rsa_private(&job, NULL, &test_rng, &work, out, &bad, lk.c, lk.k);
    CHECK(st == FC_OK && tu_run_job(&job, TU_BUDGET_SLICE, NULL) == FC_ERR_KEY,
          "%s: p q != n", v->name);
    CHECK(tu_all_zero(&work, sizeof(work)), "p q != n: wiped");
    /* a failing rng: found by the step that draws the blinding */
    st = fc_job_rsa_private(&job, NULL, &bad_rng, &work, out, &lk.key, lk.c, lk.k);
    CHECK(st == FC_OK && tu_run_job(&job, TU_BUDGET_SLICE, NULL) == FC_ERR_RNG_FAILED,
          "%s: failing rng", v->name);
    CHECK(out[0] == 0xa5 && tu_all_zero(&work, sizeof(work)), "failing rng: nothing out, wiped");
    /* an input >= n, a wrong length: refused at start, the job not running */
    memset(big, 0xff, sizeof(big));
    CHECK(fc_job_rsa_private(&job, NULL, &test_rng, &work, out, &lk.key, big, lk.k) ==
              FC_ERR_ARGUMENT && !fc_job_running(&job), "input >= n");
    CHECK(fc_job_rsa_public(&job, NULL, &work, out, &lk.key.pub, big, lk.k) == FC_ERR_ARGUMENT,
          "public input >= n");
    CHECK(fc_job_rsa_public(&job, NULL, &work, out, &lk.key.pub, lk.m, lk.k - 1) ==
              FC_ERR_LENGTH, "short input");
    CHECK(fc_job_rsa_public(&job, NULL, &work, NULL, &lk.key.pub, lk.m, lk.k) == FC_ERR_NULL,
          "NULL out");
    CHECK(fc_job_rsa_private(NULL, NULL, &test_rng, &work, out, &lk.key, lk.c, lk.k) ==
              FC_ERR_NULL, "NULL job");
    /* a CRT value longer than its half: refused at start */
    bad = lk.key;
    bad.qinv = lk.key.pub.n;
    bad.qinv_len = lk.key.pub.n_len;
    CHECK(fc_job_rsa_private(&job, NULL, &test_rng, &work, out, &bad, lk.c, lk.k) == FC_ERR_KEY,
          "long qInv");
    CHECK(out[0] == 0xa5, "failures: out untouched");
    /* running: a second start is refused, a wipe ends it */
    CHECK(fc_job_rsa_public(&job, NULL, &work, out, &lk.key.pub, lk.m, lk.k) == FC_OK, "start");
    CHECK(fc_job_rsa_public(&job, NULL, &work, out, &lk.key.pub, lk.m, lk.k) == FC_ERR_STATE,
          "start while running");
    CHECK(fc_job_step(&job, 1) == FC_PENDING, "one step");
    fc_job_wipe(&job);
    CHECK(fc_job_step(&job, 1000) == FC_ERR_STATE, "stepping a wiped job");
    memset(&work, 0, sizeof(work));
    unload(&lk);
}

int main(void)
{
    size_t i;
    int kind;
    tu_seed(0x5a17u);
    for (i = 0; i < sizeof(rsa_vectors) / sizeof(rsa_vectors[0]); i++) {
        if (rsa_vectors[i].bits > FC_RSA_MAX_BITS)
            continue;
        for (kind = 0; kind < TU_BUDGET_KINDS; kind++)
            if (kind != TU_BUDGET_ONE || rsa_vectors[i].bits == 2048) /* one unit a step: slow */
                check_vector(&rsa_vectors[i], kind);
        check_random(&rsa_vectors[i]);
        check_failures(&rsa_vectors[i]);
    }
    return tu_finish("test_rsa_job");
}
