/* The slice engine's step loop and job lifecycle (engine.h).
 *
 * A step runs units while the budget lasts: before each unit (but the first, so every step
 * makes progress) it checks that the unit's cost still fits, by the cost table or by the
 * caller's cycle counter. The unit order and count depend only on the kind of job, never on
 * secret data, so the slicing itself leaks nothing but what the job is. */
#include <string.h>

#include "core/core.h"
#include "engine_internal.h"
#include "engine_costs.h"

#define JOB_RUNNING 0x464a5231u   /* "FJR1" */
#define JOB_DONE 0x464a4431u      /* "FJD1": finished, failed or cancelled */

/* Zeroes the stack the units of a step used, when the job ends (done, failed, cancelled), so
 * field and hash temporaries derived from its secrets do not outlive it. Between slices the
 * job itself holds those secrets in caller memory, so wiping the stack after every slice would
 * cost time and protect nothing more. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static void burn_step_stack(void)
{
#if FC_ENGINE_WIPE_BYTES > 0
    uint8_t area[FC_ENGINE_WIPE_BYTES];
    fc_zeroize(area, sizeof(area));
#endif
}

const uint32_t *fc_engine_costs(unsigned limbs)
{
    return limbs == 12 ? fc_engine_costs_12 : fc_engine_costs_16;
}

uint32_t fc_job_max_unit_cost(void)
{
    uint32_t m = 0;
    unsigned u;
    for (u = 0; u < FC_UNIT_COUNT; u++) {
        if (fc_engine_costs_16[u] > m)
            m = fc_engine_costs_16[u];
        if (fc_engine_costs_12[u] > m)
            m = fc_engine_costs_12[u];
    }
    return m;
}

const char *fc_job_cost_model(void)
{
    return FC_ENGINE_COST_MODEL;
}

fc_status fc_engine_claim(fc_job *job, unsigned kind, uint8_t *out)
{
    if (job->magic == JOB_RUNNING)
        return FC_ERR_STATE; /* cancel it first: no silent loss of a running job */
    fc_zeroize(job, sizeof(*job));
    job->magic = JOB_RUNNING;
    job->kind = (uint8_t)kind;
    job->out = out;
    return FC_OK;
}

void fc_engine_finish(fc_job *job)
{
    fc_zeroize(job, sizeof(*job));
    job->magic = JOB_DONE;
}

void fc_job_cancel(fc_job *job)
{
    if (job != NULL) {
        fc_engine_finish(job);
        burn_step_stack(); /* what the last step left below (same depth, so the same place) */
    }
}

int fc_job_running(const fc_job *job)
{
    return job != NULL && job->magic == JOB_RUNNING;
}

static fc_status run(fc_job *job, uint32_t budget, fc_cycle_counter clock, void *user)
{
    fc_status st;
    if (job == NULL)
        return FC_ERR_NULL;
    if (job->magic != JOB_RUNNING || job->kind < FC_JOB_X25519 || job->kind > FC_JOB_SHA512_WRITER)
        return FC_ERR_STATE;
    if (budget == 0)
        return FC_ERR_ARGUMENT;
#if FC_WITH_ENGINE
    st = job->kind < FC_JOB_SHA512 ? fc_engine_curve_run(job, budget, clock, user)
                                   : fc_engine_hash_run(job, budget, clock, user);
#else
    (void)clock, (void)user;
    st = FC_ERR_UNSUPPORTED; /* unreachable: no start function is built */
#endif
    if (st != FC_PENDING) {
        fc_engine_finish(job); /* done or failed: the output is written or untouched */
        burn_step_stack();
    }
    return st;
}

fc_status fc_job_step(fc_job *job, uint32_t budget)
{
    return run(job, budget, NULL, NULL);
}

fc_status fc_job_step_clock(fc_job *job, uint32_t budget, fc_cycle_counter clock, void *user)
{
    if (clock == NULL)
        return FC_ERR_NULL;
    return run(job, budget, clock, user);
}
