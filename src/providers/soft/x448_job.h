/* The soft provider's X448 job state (x448_job.c); x448.c's descriptor names its size. */
#ifndef FC_SOFT_X448_JOB_H
#define FC_SOFT_X448_JOB_H

#include "fe448.h"
#include "soft.h"

#if FC_WITH_CURVE_JOBS && FC_WITH_X448

typedef struct x448_job {
    uint32_t live;      /* set while the job runs; 0 once the engine has wiped it */
    uint8_t *out;       /* written by the last unit only */
    uint16_t bit;       /* ladder: the scalar bit of the step, 447 .. 0 */
    uint16_t inner;     /* chain: squarings left in the current run (0: run not begun) */
    uint8_t stage;      /* ladder, chain, final */
    uint8_t pc;         /* ladder: next part; chain: next instruction */
    uint8_t swap;       /* the ladder's pending swap bit (secret) */
    uint8_t base;       /* u is the base point 5 (public) */
    uint8_t k[56];      /* the clamped scalar (secret) */
    fc_fe448 r[7];      /* x1, x2, z2, x3, z3 and two temporaries (x448.c's names) */
} x448_job;

FC_STATE_FITS(x448_job, FC_JOB_STATE_SIZE);

#endif
#endif
