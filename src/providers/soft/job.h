/* The soft provider's job state (engine.h): what its curve and SHA-512 jobs keep in the
 * fc_job state area between steps (the job ops get that area as void *state). Internal header of curve_jobs.c and sha512_job.c. */
#ifndef FC_SOFT_JOB_H
#define FC_SOFT_JOB_H

#include "soft.h"

/* job kinds */
enum {
    SOFT_JOB_X25519 = 1,
    SOFT_JOB_X25519_BASE,
    SOFT_JOB_X19119,
    SOFT_JOB_X19119_BASE,
    SOFT_JOB_ELL2_25519,
    SOFT_JOB_ELL2_19119,
    SOFT_JOB_SHA512             /* over data bytes, or over what a writer writes */
};

/* Curve arithmetic state: field elements as 16 limbs of 16 bits (Curve19119 uses 12). */
#define SOFT_JOB_FE_LIMBS 16
#define SOFT_JOB_FE_COUNT 7

typedef struct soft_job {
    uint8_t *out;            /* written at the end only */
    const void *src;         /* hash message: the bytes, or the writer's source */
    fc_writer writer;        /* hash message writer, or NULL */
    uint32_t msg_len;
    uint8_t kind;            /* which operation */
    uint8_t limbs;           /* 16 (Curve25519) or 12 (Curve19119) */
    uint8_t flag;            /* ladder swap bit, or the hash's padding phase */
    uint8_t inner;           /* squarings left in a run */
    uint16_t pc;             /* next instruction of the field program */
    uint16_t loop;           /* ladder bit index */
    union {
        uint16_t fe[SOFT_JOB_FE_COUNT][SOFT_JOB_FE_LIMBS]; /* registers of the field program */
        struct soft_job_hash {
            uint64_t h[8];
            uint8_t buf[128];
            uint32_t done;   /* message bytes compressed so far */
        } hash;
    } u;
} soft_job;

FC_STATE_FITS(soft_job, FC_JOB_STATE_SIZE);

/* 0 once the job has been wiped (fc_job_wipe zeroes its state): a run checks it after each
 * call of the caller's clock, which might have wiped the job. */
static inline int soft_job_live(const soft_job *job)
{
    return job->kind != 0;
}

#endif
