/* Tiny test harness: counters, hex decoding, a CHECK macro that reports and continues. */
#ifndef FC_TESTUTIL_H
#define FC_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fieldcrypt/driver.h" /* struct fc_provider: the tests name providers by p->name */
#include "fieldcrypt/engine.h"
#include "fieldcrypt/pake.h"

extern unsigned long tu_passed, tu_failed;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (cond) {                                                        \
            tu_passed++;                                                   \
        } else {                                                           \
            tu_failed++;                                                   \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);           \
            fprintf(stderr, __VA_ARGS__);                                  \
            fprintf(stderr, "\n");                                         \
        }                                                                  \
    } while (0)

/* Decodes hex into a malloc'd buffer (at least 1 byte, so never NULL); *len gets the size. */
uint8_t *tu_unhex(const char *hex, size_t *len);
/* 1 if got[0..got_len) equals the bytes of hex. */
int tu_hex_eq(const uint8_t *got, size_t got_len, const char *hex);

/* A randomness source returning fixed bytes: how tests set a vector's scalars. */
typedef struct { const uint8_t *bytes; size_t len; } tu_fixed_bytes;
int tu_fixed_fill(void *user, uint8_t *out, size_t len);

/* The inputs of a CPace protocol vector, decoded from hex (free with tu_cpace_free). */
typedef struct {
    uint8_t *prs, *ci, *sid, *ada, *adb, *ya, *yb;
    size_t prs_len, ci_len, sid_len, ada_len, adb_len, ya_len, yb_len;
} tu_cpace_inputs;
void tu_cpace_load(tu_cpace_inputs *in, const char *prs, const char *ci, const char *sid,
                   const char *ada, const char *adb, const char *ya, const char *yb);
void tu_cpace_free(tu_cpace_inputs *in);
/* parameters of side A (side_b 0) or B of a CPace run over those inputs */
fc_cpace_params tu_cpace_params(const tu_cpace_inputs *in, fc_cpace_suite suite,
                                const fc_provider *p, fc_cpace_role role, int side_b, int confirm);

/* Checks a suite's generator_string (DSI dsi), its SHA-512 truncated to field_len bytes and the
 * generator g against the hex of a vector, through the CPace string code and fc_cpace_generator. */
void tu_check_cpace_generator(const fc_provider *p, fc_cpace_suite suite, const char *dsi,
                              const tu_cpace_inputs *in, const char *generator_string_hex,
                              const char *hash_hex, const char *g_hex, size_t field_len);

/* The providers every vector runs through: this build's registry, then "testdrv -> soft"
 * (test_driver.h), which declines half of its calls at random unless told otherwise.
 * (Defined in test_driver.c, which every test but test_nofallback links.) */
size_t tu_provider_count(void);
const fc_provider *tu_provider_at(size_t i);

/* Prints "N passed, N failed" and returns the process exit code. */
/* A seeded xorshift generator for random test inputs (deterministic: a failure reproduces). */
void tu_seed(uint32_t seed);
uint32_t tu_rand(void);
void tu_fill_random(uint8_t *p, size_t n);
/* 1 when the n bytes at p are all zero. */
int tu_all_zero(const void *p, size_t n);

/* How tu_run_job spends its budgets: random ones (the smallest, tiny, around one unit, a
 * typical slice, everything), always 1, always 28,000, unlimited, or fc_job_step_clock with a
 * fake clock that advances by a random amount at every reading. */
enum { TU_BUDGET_RANDOM, TU_BUDGET_ONE, TU_BUDGET_SLICE, TU_BUDGET_HUGE, TU_BUDGET_CLOCK,
       TU_BUDGET_KINDS };
extern const char *const tu_budget_name[TU_BUDGET_KINDS];
uint32_t tu_random_budget(void);
/* Steps a started job to its end and returns the last status; *steps (if not NULL) counts
 * the steps. */
fc_status tu_run_job(fc_job *job, int kind, unsigned long *steps);
/* A job after its end: zero but for its marker. */
int tu_job_wiped(const fc_job *job);

int tu_finish(const char *suite);

#endif
