/* The slice engine's inside (engine.h): the unit runners each kind of job provides, the cost
 * table, and the message-writer hash the sliced login uses. Internal header. */
#ifndef FC_ENGINE_INTERNAL_H
#define FC_ENGINE_INTERNAL_H

#include "fieldcrypt/engine.h"
#include "pake/cpace_internal.h"

/* job kinds */
enum {
    FC_JOB_X25519 = 1,
    FC_JOB_X25519_BASE,
    FC_JOB_X19119,
    FC_JOB_X19119_BASE,
    FC_JOB_ELL2_25519,
    FC_JOB_ELL2_19119,
    FC_JOB_SHA512,            /* over job->msg */
    FC_JOB_SHA512_WRITER      /* over the bytes job->writer produces */
};

/* The units a job is made of. Their costs (engine_costs.h) are what the budget counts. */
enum {
    FC_UNIT_FE_MUL,       /* one field multiplication */
    FC_UNIT_FE_SQR,       /* one squaring (a run of them costs this many times over) */
    FC_UNIT_LADDER_A,     /* the three parts of a ladder step (curve_jobs.c) */
    FC_UNIT_LADDER_B,
    FC_UNIT_LADDER_C,
    FC_UNIT_ELL_PRE,      /* the fixed parts of Elligator2 around its two chains */
    FC_UNIT_ELL_MID,
    FC_UNIT_ELL_END,
    FC_UNIT_FE_SWAP,      /* the ladder's last swap */
    FC_UNIT_FE_FINAL,     /* tobytes, zero check, output: the end of a curve job */
    FC_UNIT_SHA_BLOCK,    /* one SHA-512 block from caller bytes: copy, compress */
    FC_UNIT_SHA_WRITER,   /* one SHA-512 block from a writer: the writer's run, compress */
    FC_UNIT_JOB_START,    /* starting the next job (the sliced login does it in a step) */
    FC_UNIT_COUNT
};

/* A hash job's message as a function: writes the whole message into s, which keeps only the
 * window the block being filled needs. Called once per block, so it must produce the same
 * bytes every time (it reads caller memory that stays put while the job runs). */
typedef void (*fc_job_writer)(const void *src, cpace_sink *s);

/* digest = SHA-512(the writer's message), in slices. */
fc_status fc_job_sha512_writer(fc_job *job, uint8_t digest[64], fc_job_writer writer,
                               const void *src);

/* per kind: runs units while the budget lasts (at least one); FC_PENDING while units are
 * left, else the job's result. With a clock, spent cycles are read from it before each unit;
 * without, the cost table is summed. */
fc_status fc_engine_curve_run(fc_job *job, uint32_t budget, fc_cycle_counter clock, void *user);
fc_status fc_engine_hash_run(fc_job *job, uint32_t budget, fc_cycle_counter clock, void *user);

/* the cost table of this target (engine_costs.h) for 12- or 16-limb field elements,
 * indexed by FC_UNIT_* */
const uint32_t *fc_engine_costs(unsigned limbs);

/* 1 while the job is running: the units' loops check it after the caller's clock callback,
 * which might have cancelled the job */
int fc_engine_live(const fc_job *job);

/* job lifecycle shared by the start functions of every kind */
fc_status fc_engine_claim(fc_job *job, unsigned kind, uint8_t *out);
void fc_engine_finish(fc_job *job);

#endif
