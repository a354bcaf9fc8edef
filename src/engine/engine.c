/* The slice engine (engine.h): job lifecycle, the lookup of a sliceable implementation on the
 * provider chain, and the step that hands the budget to it.
 *
 * The engine knows no algorithm's arithmetic, no provider by name and no protocol: an
 * implementation flagged FC_IMPL_SLICEABLE brings its job (driver.h: start, run) and keeps its
 * state in the job's state area; a protocol hands messages down as writers (sink.h). The units
 * a run works in, and their order, depend only on the kind of job, never on secret data, so
 * the slicing itself leaks nothing but what the job is. */
#include <string.h>

#include "core/core.h"

#define JOB_RUNNING 0x464a5231u   /* "FJR1" */
#define JOB_DONE 0x464a4431u      /* "FJD1": finished, failed or cancelled */

/* A running job's marker depends on its implementation pointer, so memory no start function
 * made is refused (not run through a stray pointer) even if a word of it reads "FJR1". */
static uint32_t running_marker(const fc_impl *impl)
{
    return JOB_RUNNING ^ (uint32_t)(uintptr_t)impl;
}

/* Zeroes the stack the units of a step used, when the job ends (done, failed, wiped), so
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

/* fc_job_wipe runs from the caller's frame, above where the steps ran (fc_job_step, run): it
 * wipes that much deeper. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static void burn_wipe_stack(void)
{
#if FC_ENGINE_WIPE_BYTES > 0
    volatile uint32_t area[(FC_ENGINE_WIPE_BYTES + FC_ENGINE_WIPE_EXTRA + 3) / 4];
    size_t i;
    for (i = 0; i < sizeof(area) / sizeof(area[0]); i++)
        area[i] = 0;
#endif
}

/* The bytes of the state area impl's job uses (all of it for one that does not say). Only
 * they are zeroed when a job starts and ends: the area is 1 KiB in a build with the curve
 * jobs, and zeroing all of it for a 248-byte job would cost a slice thousands of cycles. */
static size_t used_area(const fc_impl *impl)
{
    size_t n = impl->job_state_size;
    return n == 0 || n > FC_JOB_STATE_SIZE ? FC_JOB_STATE_SIZE : n;
}

/* Done, failed or declined: the state impl used is zeroed (nothing else was written). */
static void finish(fc_job *job, const fc_impl *impl)
{
    fc_zeroize(job->state.bytes, used_area(impl));
    job->impl = NULL;
    job->magic = JOB_DONE;
}

void fc_job_wipe(fc_job *job)
{
    if (job != NULL) {
        fc_zeroize(job, sizeof(*job)); /* whatever it held, all of it */
        job->magic = JOB_DONE;
        burn_wipe_stack();
    }
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline)) /* off the step's deepest path (run) */
#endif
int fc_job_running(const fc_job *job)
{
    return job != NULL && job->impl != NULL && job->magic == running_marker(job->impl);
}

static int is_sliceable(const fc_impl *impl)
{
    return impl != NULL && (impl->flags & FC_IMPL_SLICEABLE) && impl->job.start != NULL &&
           impl->job.run != NULL;
}

int fc_job_supports(const fc_provider *provider, fc_alg alg)
{
    const fc_provider *p;
    for (p = fc_core_provider(provider); p != NULL; p = p->next)
        if (is_sliceable(fc_core_own(p, alg)))
            return 1;
    return 0;
}

fc_status fc_core_job_start(fc_job *job, const fc_provider *provider, fc_alg alg,
                           fc_family family, const fc_job_input *in)
{
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st;
    if (fc_core_alg_of(alg, family) == NULL)
        return FC_ERR_ARGUMENT;
    if (fc_job_running(job))
        return FC_ERR_STATE; /* wipe it first: no silent loss of a running job */
    for (p = fc_core_provider(provider); p != NULL; p = p->next) {
        impl = fc_core_own(p, alg);
        if (!is_sliceable(impl))
            continue;
        if (impl->job_state_size > sizeof(job->state))
            return FC_ERR_PROVIDER; /* a driver built for a larger job area */
        fc_zeroize(job->state.bytes, used_area(impl));
        job->magic = 0;
        job->impl = impl;
        st = impl->job.start(impl, job->state.bytes, in);
        if (st == FC_OK) {
            job->magic = running_marker(impl);
            return FC_OK;
        }
        finish(job, impl);
        job->magic = 0;
        if (st != FC_ERR_UNSUPPORTED)
            return st;
    }
    return FC_ERR_UNSUPPORTED;
}

fc_status fc_job_xdh(fc_job *job, const fc_provider *provider, fc_alg alg, uint8_t *out,
                     const uint8_t *scalar, const uint8_t *u)
{
    fc_job_input in;
    if (job == NULL || out == NULL || scalar == NULL)
        return FC_ERR_NULL;
    memset(&in, 0, sizeof(in));
    in.out = out;
    in.data = scalar;
    in.point = u;
    return fc_core_job_start(job, provider, alg, FC_FAMILY_XDH, &in);
}

fc_status fc_job_map(fc_job *job, const fc_provider *provider, fc_alg alg, uint8_t *u,
                     const uint8_t *r)
{
    fc_job_input in;
    if (job == NULL || u == NULL || r == NULL)
        return FC_ERR_NULL;
    memset(&in, 0, sizeof(in));
    in.out = u;
    in.data = r;
    return fc_core_job_start(job, provider, alg, FC_FAMILY_MAP, &in);
}

fc_status fc_job_hash(fc_job *job, const fc_provider *provider, fc_alg alg, uint8_t *digest,
                      const uint8_t *msg, size_t msg_len)
{
    fc_job_input in;
    if (job == NULL || digest == NULL || (msg == NULL && msg_len > 0))
        return FC_ERR_NULL;
    if (msg_len > 0xffffffffu)
        return FC_ERR_LENGTH;
    memset(&in, 0, sizeof(in));
    in.out = digest;
    in.data = msg;
    in.data_len = msg_len;
    return fc_core_job_start(job, provider, alg, FC_FAMILY_HASH, &in);
}

fc_status fc_job_hash_writer(fc_job *job, const fc_provider *provider, fc_alg alg,
                             uint8_t *digest, fc_writer writer, const void *src)
{
    fc_job_input in;
    if (job == NULL || digest == NULL || writer == NULL)
        return FC_ERR_NULL;
    memset(&in, 0, sizeof(in));
    in.out = digest;
    in.writer = writer;
    in.src = src;
    return fc_core_job_start(job, provider, alg, FC_FAMILY_HASH, &in);
}

static fc_status run(fc_job *job, uint32_t budget, fc_cycle_counter clock, void *user)
{
    const fc_impl *impl;
    fc_status st;
    if (job == NULL)
        return FC_ERR_NULL;
    /* a job is only ever made by a start function: anything else is refused, not run (the
     * running marker binds the implementation pointer; soft's curve jobs check their kind) */
    if (job->impl == NULL || job->magic != running_marker(job->impl))
        return FC_ERR_STATE;
    if (budget == 0)
        return FC_ERR_ARGUMENT;
    impl = job->impl; /* a clock may wipe the job during the run */
    st = impl->job.run(job->state.bytes, budget, clock, user);
    if (st != FC_PENDING) {
        finish(job, impl); /* done or failed: the output is written or untouched */
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
