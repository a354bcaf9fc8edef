/* The soft provider's X448 job (engine.h: fc_job_xdh on FC_X448) through every provider chain
 * of the build that slices it: the RFC 7748 vectors, random inputs against the synchronous
 * call, budgets 1, random, 28000, huge and a clock; low-order u (FC_ERR_ZERO_SHARED, nothing
 * written); a job wiped mid-way; the state zero after the end; the unit count independent of
 * the scalar. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static uint32_t seed = 0x3a9f0c21;
static uint32_t rnd(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 17;
    seed ^= seed << 5;
    return seed;
}

static void fill(uint8_t *p, size_t n)
{
    while (n--)
        *p++ = (uint8_t)rnd();
}

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

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    while (n--)
        if (*b++ != 0)
            return 0;
    return 1;
}

/* a job after its end: zero but for its marker */
static int job_wiped(const fc_job *job)
{
    return all_zero((const uint8_t *)job + sizeof(job->magic), sizeof(*job) - sizeof(job->magic));
}

/* budget modes of run_job */
enum { B_RANDOM, B_ONE, B_SLICE, B_HUGE, B_CLOCK, B_MODES };

static uint32_t fake_cycles;
static uint32_t fake_clock(void *user)
{
    (void)user;
    fake_cycles += 700u + rnd() % 5000u;
    return fake_cycles;
}

static uint32_t random_budget(void)
{
    switch (rnd() % 5) {
    case 0: return 1;
    case 1: return 1 + rnd() % 3000;
    case 2: return 1 + rnd() % 25000;
    case 3: return 20000 + rnd() % 20000;
    default: return 0xffffffffu;
    }
}

/* Steps a started job to its end; *steps (if not NULL) counts the steps. */
static fc_status run_job(fc_job *job, int mode, unsigned long *steps)
{
    fc_status st;
    unsigned long n = 0;
    do {
        switch (mode) {
        case B_ONE: st = fc_job_step(job, 1); break;
        case B_SLICE: st = fc_job_step(job, 28000); break;
        case B_HUGE: st = fc_job_step(job, 0xffffffffu); break;
        case B_CLOCK: st = fc_job_step_clock(job, 1 + rnd() % 40000, fake_clock, NULL); break;
        default: st = fc_job_step(job, random_budget()); break;
        }
        n++;
    } while (st == FC_PENDING && n < 100000000ul);
    if (steps != NULL)
        *steps = n;
    return st;
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
                  run_job(&job, (int)(i % B_MODES), NULL) == FC_OK &&
                  tu_hex_eq(out, 56, x448_vec[i][2]),
              "%s: RFC 7748 5.2 X448 #%zu as a job", p->name, i + 1);
        CHECK(job_wiped(&job), "%s: X448 job state zero after the end", p->name);
    }
    unhex_n(k, 56, x448_alice_sk);
    CHECK(fc_job_xdh(&job, p, FC_X448, out, k, NULL) == FC_OK &&
              run_job(&job, B_SLICE, NULL) == FC_OK && tu_hex_eq(out, 56, x448_alice_pk),
          "%s: RFC 7748 6.2 Alice's public key as a job (base point)", p->name);
    unhex_n(u, 56, x448_bob_pk);
    CHECK(fc_job_xdh(&job, p, FC_X448, out, k, u) == FC_OK &&
              run_job(&job, B_CLOCK, NULL) == FC_OK && tu_hex_eq(out, 56, x448_shared),
          "%s: RFC 7748 6.2 shared secret as a job", p->name);
}

static void x448_random(const fc_provider *p)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t k[56], u[56], want[56], got[56];
    fc_job job;
    unsigned i;
    memset(&job, 0, sizeof(job));
    for (i = 0; i < 2 * B_MODES; i++) {
        fill(k, 56);
        fill(u, 56);
        if (i == 3)
            memset(u, 0xff, 56); /* u >= p: reduced, as the synchronous call does */
        CHECK(fc_xdh(soft, FC_X448, want, k, u) == FC_OK, "x448 sync");
        CHECK(fc_job_xdh(&job, p, FC_X448, got, k, u) == FC_OK &&
                  run_job(&job, (int)(i % B_MODES), NULL) == FC_OK && memcmp(got, want, 56) == 0,
              "%s: X448 job = fc_xdh, budget mode %u", p->name, i % B_MODES);
        CHECK(fc_xdh_base(soft, FC_X448, want, k) == FC_OK, "x448 base sync");
        CHECK(fc_job_xdh(&job, p, FC_X448, got, k, NULL) == FC_OK &&
                  run_job(&job, (int)((i + 1) % B_MODES), NULL) == FC_OK &&
                  memcmp(got, want, 56) == 0,
              "%s: X448 base job = fc_xdh_base, budget mode %u", p->name, (i + 1) % B_MODES);
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
        fill(k, 56);
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
                  run_job(&job, B_RANDOM, NULL) == FC_ERR_ZERO_SHARED,
              "%s: X448 job of low-order u #%u: FC_ERR_ZERO_SHARED", p->name, which);
        CHECK(out[0] == 0x5a && out[55] == 0x5a && job_wiped(&job),
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
    run_job(&job, B_ONE, &a);
    memset(k, 0xff, sizeof(k));
    fc_job_xdh(&job, p, FC_X448, out, k, NULL);
    run_job(&job, B_ONE, &b);
    CHECK(a == b && a > 448, "%s: X448 units independent of the scalar (%lu, %lu)", p->name, a,
          b);
    /* wiped mid-way: nothing written, nothing left, no more steps */
    fill(k, 56);
    memset(out, 0x33, sizeof(out));
    memcpy(before, out, sizeof(out));
    fc_job_xdh(&job, p, FC_X448, out, k, NULL);
    CHECK(fc_job_step(&job, 100000) == FC_PENDING && fc_job_step(&job, 1) == FC_PENDING,
          "X448 job steps");
    fc_job_wipe(&job);
    CHECK(job_wiped(&job) && !fc_job_running(&job) && fc_job_step(&job, 1000) == FC_ERR_STATE &&
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


int main(void)
{
#if FC_WITH_X448
    test_x448();
#endif
    return tu_finish("x448/eddsa jobs");
}
