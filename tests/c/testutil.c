#include "testutil.h"

#include "../../src/pake/cpace_internal.h"

#include <stdlib.h>
#include <string.h>

unsigned long tu_passed, tu_failed;

static int nibble(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

uint8_t *tu_unhex(const char *hex, size_t *len)
{
    size_t n = strlen(hex) / 2, i;
    uint8_t *out = malloc(n ? n : 1);
    if (out == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (i = 0; i < n; i++) {
        int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            fprintf(stderr, "bad hex in vector: %s\n", hex);
            exit(2);
        }
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    *len = n;
    return out;
}

int tu_hex_eq(const uint8_t *got, size_t got_len, const char *hex)
{
    size_t n;
    uint8_t *want = tu_unhex(hex, &n);
    int ok = n == got_len && memcmp(got, want, n) == 0;
    free(want);
    return ok;
}

int tu_fixed_fill(void *user, uint8_t *out, size_t len)
{
    tu_fixed_bytes *f = (tu_fixed_bytes *)user;
    if (len > f->len)
        return -1;
    memcpy(out, f->bytes, len);
    return 0;
}

void tu_cpace_load(tu_cpace_inputs *in, const char *prs, const char *ci, const char *sid,
                   const char *ada, const char *adb, const char *ya, const char *yb)
{
    in->prs = tu_unhex(prs, &in->prs_len);
    in->ci = tu_unhex(ci, &in->ci_len);
    in->sid = tu_unhex(sid, &in->sid_len);
    in->ada = tu_unhex(ada, &in->ada_len);
    in->adb = tu_unhex(adb, &in->adb_len);
    in->ya = tu_unhex(ya, &in->ya_len);
    in->yb = tu_unhex(yb, &in->yb_len);
}

void tu_cpace_free(tu_cpace_inputs *in)
{
    free(in->prs);
    free(in->ci);
    free(in->sid);
    free(in->ada);
    free(in->adb);
    free(in->ya);
    free(in->yb);
}

fc_cpace_params tu_cpace_params(const tu_cpace_inputs *in, fc_cpace_suite suite,
                                const fc_provider *p, fc_cpace_role role, int side_b, int confirm)
{
    fc_cpace_params prm;
    memset(&prm, 0, sizeof(prm));
    prm.suite = suite;
    prm.role = role;
    prm.prs = in->prs, prm.prs_len = in->prs_len;
    prm.ci = in->ci, prm.ci_len = in->ci_len;
    prm.sid = in->sid, prm.sid_len = in->sid_len;
    prm.ad = side_b ? in->adb : in->ada;
    prm.ad_len = side_b ? in->adb_len : in->ada_len;
    prm.confirm = confirm;
    prm.provider = p;
    return prm;
}

void tu_check_cpace_generator(const fc_provider *p, fc_cpace_suite suite, const char *dsi,
                              const tu_cpace_inputs *in, const char *generator_string_hex,
                              const char *hash_hex, const char *g_hex, size_t field_len)
{
    uint8_t buf[256], digest[64], g[32];
    fc_sink s;
    fc_sink_buffer(&s, buf, sizeof(buf));
    fc_cpace_put_generator_string(&s, (const uint8_t *)dsi, strlen(dsi), in->prs, in->prs_len,
                                  in->ci, in->ci_len, in->sid, in->sid_len, 128);
    CHECK(s.status == FC_OK && tu_hex_eq(buf, s.len, generator_string_hex), "%s %s generator_string",
          p->name, dsi);
    CHECK(fc_hash(p, FC_SHA512, digest, 64, buf, s.len) == FC_OK &&
          tu_hex_eq(digest, field_len, hash_hex), "%s %s hash_generator_string", p->name, dsi);
    CHECK(fc_cpace_generator(p, suite, g, field_len, in->prs, in->prs_len, in->ci, in->ci_len,
                             in->sid, in->sid_len) == FC_OK && tu_hex_eq(g, field_len, g_hex),
          "%s %s g", p->name, dsi);
}

int tu_finish(const char *suite)
{
    printf("%s: %lu passed, %lu failed\n", suite, tu_passed, tu_failed);
    return tu_failed == 0 && tu_passed > 0 ? 0 : 1;
}

static uint32_t tu_state = 0x5eed1234u;

void tu_seed(uint32_t seed)
{
    tu_state = seed != 0 ? seed : 1u;
}

uint32_t tu_rand(void)
{
    tu_state ^= tu_state << 13;
    tu_state ^= tu_state >> 17;
    tu_state ^= tu_state << 5;
    return tu_state;
}

void tu_fill_random(uint8_t *p, size_t n)
{
    while (n--)
        *p++ = (uint8_t)tu_rand();
}

int tu_all_zero(const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    while (n--)
        if (*b++ != 0)
            return 0;
    return 1;
}

const char *const tu_budget_name[TU_BUDGET_KINDS] = {"random", "1", "28000", "huge", "clock"};

uint32_t tu_random_budget(void)
{
    switch (tu_rand() % 5) {
    case 0: return 1;
    case 1: return 1 + tu_rand() % 3000;
    case 2: return 1 + tu_rand() % 25000;
    case 3: return 20000 + tu_rand() % 20000;
    default: return 0xffffffffu;
    }
}

static uint32_t tu_fake_cycles;
static uint32_t tu_fake_clock(void *user)
{
    (void)user;
    tu_fake_cycles += 700u + tu_rand() % 5000u;
    return tu_fake_cycles;
}

fc_status tu_run_job(fc_job *job, int kind, unsigned long *steps)
{
    fc_status st;
    unsigned long n = 0;
    do {
        switch (kind) {
        case TU_BUDGET_ONE: st = fc_job_step(job, 1); break;
        case TU_BUDGET_SLICE: st = fc_job_step(job, 28000); break;
        case TU_BUDGET_HUGE: st = fc_job_step(job, 0xffffffffu); break;
        case TU_BUDGET_CLOCK:
            st = fc_job_step_clock(job, 1 + tu_rand() % 40000, tu_fake_clock, NULL);
            break;
        default: st = fc_job_step(job, tu_random_budget()); break;
        }
        n++;
    } while (st == FC_PENDING && n < 100000000ul);
    if (steps != NULL)
        *steps = n;
    return st;
}

int tu_job_wiped(const fc_job *job)
{
    return tu_all_zero((const uint8_t *)job + sizeof(job->magic),
                       sizeof(*job) - sizeof(job->magic));
}
