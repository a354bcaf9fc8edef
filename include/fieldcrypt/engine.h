/* The slice engine: every long operation as a job that runs in small resumable slices.
 *
 * A device whose energy buffer holds only microjoules cannot run a 5-million-cycle X25519 in
 * one go. A job lives in caller memory (fc_job); a start function checks the arguments and
 * copies in what the job needs; fc_job_step(job, budget) then runs work until the budget is
 * spent and returns FC_PENDING (call again, e.g. after the buffer has recharged), FC_OK (done:
 * the output has been written) or an error (nothing written). The caller may sleep, serve the
 * radio or run other code between steps; the job keeps no pointer to the stack.
 *
 * ---- Budget ----
 * Work is cut into units that cannot be split: a ladder step, up to 16 squarings of an
 * exponent chain, a field multiplication, a fixed part of Elligator2, one SHA-512 block (on the
 * Cortex-M0+ from about 2,000 to 25,000 cycles; with the portable C field arithmetic a third of
 * a ladder step and 6 squarings, so that units stay that small). Each has a cost in work units, and one work unit is one modelled cycle of the build's
 * target: the table in src/engine/engine_costs.h is measured on the M0+, M4 and RV32 models of
 * `fieldcrypt bench` (so on the M0+, budget 28000 means slices of at most about 28,000 cycles). fc_job_step runs
 * units while their summed cost stays within the budget, and always at least one, so a budget
 * smaller than every unit (1, say) still makes progress: one unit per call.
 * fc_job_step_clock instead reads a cycle counter (DWT->CYCCNT, SysTick, a timer) through a
 * callback and stops before the next unit's cost estimate would pass the budget. The callback
 * must only read the counter; if it cancels the job anyway, the step returns FC_ERR_STATE.
 *
 * ---- Results ----
 * A job computes exactly what the synchronous call computes (same bytes, same errors), for any
 * sequence of budgets. The output is written once, at the end; a job that fails (X25519 of a
 * low-order point: FC_ERR_ZERO_SHARED) writes nothing. Input buffers are copied at start, so
 * they may change after; the output buffer must stay valid until the job ends. fc_job_sha512
 * is the exception: it reads msg during the steps, so msg must stay valid and unchanged.
 *
 * ---- Misuse ----
 * NULL pointers: FC_ERR_NULL. Starting a job that is still running: FC_ERR_STATE (cancel it
 * first). Stepping a job that is finished, cancelled, failed or never started: FC_ERR_STATE.
 * A zero budget: FC_ERR_ARGUMENT. None of these changes the job. fc_job_cancel wipes the job
 * (secrets included) and leaves it cancelled; a job also wipes its secrets when it completes
 * or fails. A job must start zeroed (static, memset, or = {0}) or from a finished/cancelled
 * state: a fresh stack buffer with garbage that happens to look live is refused by the start
 * functions, and a step refuses memory no start function made.
 *
 * ---- Cost ----
 * sizeof(fc_job) is the whole state of any job: 256 bytes on 32-bit targets. No allocation.
 * The engine uses the soft provider's arithmetic (the only one that can pause); stack per step
 * is reported by `fieldcrypt mcu-report` and gated in tests/stack_budget.json.
 */
#ifndef FIELDCRYPT_ENGINE_H
#define FIELDCRYPT_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Returns a free-running cycle count (wrapping at 2^32 is fine: only differences are used). */
typedef uint32_t (*fc_cycle_counter)(void *user);

/* Curve arithmetic state: field elements as 16 limbs of 16 bits (Curve19119 uses 12). */
#define FC_JOB_FE_LIMBS 16
#define FC_JOB_FE_COUNT 7

typedef struct fc_job_curve {
    uint16_t fe[FC_JOB_FE_COUNT][FC_JOB_FE_LIMBS]; /* registers of the field program */
} fc_job_curve;

typedef struct fc_job_hash {
    uint64_t h[8];
    uint8_t buf[128];
    uint32_t done;           /* message bytes compressed so far */
} fc_job_hash;

/* The caller allocates this; its fields are private to the engine. */
typedef struct fc_job {
    uint32_t magic;          /* running / done / cancelled */
    uint8_t kind;            /* which operation */
    uint8_t limbs;           /* 16 (Curve25519) or 12 (Curve19119) */
    uint8_t flag;            /* ladder swap bit, or the hash's padding phase */
    uint8_t inner;           /* squarings left in a run */
    uint16_t pc;             /* next instruction of the field program */
    uint16_t loop;           /* ladder bit index */
    uint8_t *out;            /* written at the end only */
    const void *src;         /* hash message: the bytes, or the writer's source */
    void (*writer)(void);    /* hash message writer (internal use), or NULL */
    uint32_t msg_len;
    union {
        fc_job_curve curve;
        fc_job_hash hash;
    } u;
} fc_job;

/* out = X25519(scalar, u), u NULL for the base point 9. FC_ERR_ZERO_SHARED at the end for a
 * low-order u, as fc_x25519. */
fc_status fc_job_x25519(fc_job *job, uint8_t out[32], const uint8_t scalar[32],
                        const uint8_t u[32]);
/* out = X19119(scalar, u), u NULL for the base point 11 (xdh.h). */
fc_status fc_job_x19119(fc_job *job, uint8_t out[24], const uint8_t scalar[24],
                        const uint8_t u[24]);
/* RFC 9380 Elligator2 u-coordinate, as fc_elligator2_curve25519 / _curve19119. */
fc_status fc_job_elligator2_curve25519(fc_job *job, uint8_t u[32], const uint8_t r[32]);
fc_status fc_job_elligator2_curve19119(fc_job *job, uint8_t u[24], const uint8_t r[24]);
/* digest = SHA-512(msg), msg up to 2^32 - 1 bytes, read during the steps. */
fc_status fc_job_sha512(fc_job *job, uint8_t digest[64], const uint8_t *msg, size_t msg_len);

/* Runs units worth at most budget (at least one unit). FC_PENDING, FC_OK or an error. */
fc_status fc_job_step(fc_job *job, uint32_t budget);
/* Same with a cycle counter: stops before the elapsed cycles plus the next unit's estimate
 * pass budget. */
fc_status fc_job_step_clock(fc_job *job, uint32_t budget, fc_cycle_counter clock, void *user);
/* Wipes the job; afterwards it is cancelled (stepping it: FC_ERR_STATE). NULL is ignored. */
void fc_job_cancel(fc_job *job);
/* 1 while the job has work left. */
int fc_job_running(const fc_job *job);

/* The cost table of this build's target: the largest single unit (a budget below it still
 * runs one unit per step) and the name of the model the costs come from ("cortex-m0plus"). */
uint32_t fc_job_max_unit_cost(void);
const char *fc_job_cost_model(void);

#ifdef __cplusplus
}
#endif
#endif
