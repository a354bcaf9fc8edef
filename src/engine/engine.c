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
 * cost time and protect nothing more. Called from run(), its area lies where the units' frames
 * were (FC_ENGINE_WIPE_BYTES covers the deepest of them, config.h); a plain volatile loop, with
 * no call below it, so the wipe adds nothing to the step's worst-case stack. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static void burn_step_stack(void)
{
#if FC_ENGINE_WIPE_BYTES > 0
    volatile uint32_t area[(FC_ENGINE_WIPE_BYTES + 3) / 4];
    size_t i;
    for (i = 0; i < sizeof(area) / sizeof(area[0]); i++)
        area[i] = 0;
#endif
}

/* fc_job_cancel runs from the caller's frame, above where the steps ran (fc_job_step, run):
 * it wipes that much deeper. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static void burn_cancel_stack(void)
{
#if FC_ENGINE_WIPE_BYTES > 0
    volatile uint32_t area[(FC_ENGINE_WIPE_BYTES + FC_ENGINE_CANCEL_EXTRA + 3) / 4];
    size_t i;
    for (i = 0; i < sizeof(area) / sizeof(area[0]); i++)
        area[i] = 0;
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
        burn_cancel_stack();
    }
}

int fc_engine_live(const fc_job *job)
{
    return job->magic == JOB_RUNNING;
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
    /* a job is only ever made by a start function: anything else is refused, not run */
    if (job->magic != JOB_RUNNING || job->kind < FC_JOB_X25519 ||
        job->kind > FC_JOB_SHA512_WRITER ||
        (job->kind < FC_JOB_SHA512 ? job->limbs != 12 && job->limbs != 16
                                   : (job->kind == FC_JOB_SHA512_WRITER) != (job->writer != NULL)))
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
