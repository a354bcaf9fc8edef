/* The cost table of the soft provider's jobs (job_costs.h), and the engine.h functions that
 * report it. */
#include "job_costs.h"
#include "soft.h"

const uint32_t *fc_soft_job_costs(unsigned limbs)
{
    return limbs == 12 ? costs_12 : costs_16;
}

uint32_t fc_job_max_unit_cost(void)
{
    uint32_t m = 0;
    unsigned u;
    for (u = 0; u < FC_UNIT_COUNT; u++) {
        if (costs_16[u] > m)
            m = costs_16[u];
        if (costs_12[u] > m)
            m = costs_12[u];
    }
#if FC_WITH_EC && FC_WITH_CURVE_JOBS
    if (fc_soft_p256_job_max_unit() > m)
        m = fc_soft_p256_job_max_unit();
#endif
    return m;
}

uint32_t fc_job_start_cost(void)
{
    return costs_16[FC_UNIT_JOB_START];
}

const char *fc_job_cost_model(void)
{
    return FC_ENGINE_COST_MODEL;
}
