/* The slice engine: every long operation as a job that runs in small resumable slices.
 *
 * A device whose energy buffer holds only microjoules cannot run a 5-million-cycle X25519 in
 * one go. A job lives in caller memory (fc_job). A start function (fc_job_xdh, fc_job_map,
 * fc_job_hash, fc_job_hash_writer, and the curve jobs below) finds the first sliceable
 * implementation of the algorithm on the provider chain ("sliceable" is a capability of an
 * implementation, FC_IMPL_SLICEABLE in driver.h: soft's X25519, X19119, both Elligator2 maps and
 * SHA-512 have it, and with the curve jobs below secp256r1's ECDH and ECDSA, X448 and Ed25519),
 * checks the arguments and copies in what the job needs; fc_job_step(job, budget) then runs
 * work until the budget is spent and returns FC_PENDING (call again, e.g. after the buffer has
 * recharged), FC_OK (done: the output has been written) or an error (nothing written). The
 * caller may sleep, serve the radio or run other code between steps; the job keeps no pointer
 * to the stack.
 *
 * ---- Budget ----
 * Work is cut into units that cannot be split. The soft provider's: a ladder step, up to 16
 * squarings of an exponent chain, a field multiplication, a fixed part of Elligator2, one
 * SHA-512 block; secp256r1's: half a point addition or doubling, a few bits of an
 * exponentiation, a few steps of an inverse, a SHA-256 block of ECDSA's nonce (on the
 * Cortex-M0+ from about 2,000 to 25,000 cycles; with the portable C field arithmetic a third
 * of a ladder step and 6 squarings, so that units stay that small).
 * Each has a cost in work units, and one work unit is one modelled cycle of the build's
 * target: soft's table in src/providers/soft/job_costs.h is measured on the M0+, M4 and RV32
 * models of `fieldcrypt bench` (so on the M0+, budget 28000 means slices of at most about
 * 28,000 cycles). fc_job_step runs units while their summed cost stays within the budget, and
 * always at least one, so a budget smaller than every unit (1, say) still makes progress: one
 * unit per call. fc_job_step_clock instead reads a cycle counter (DWT->CYCCNT, SysTick, a
 * timer) through a callback and stops before the next unit's cost estimate would pass the
 * budget. The callback must only read the counter; if it wipes the job anyway, the step
 * returns FC_ERR_STATE.
 *
 * ---- Results ----
 * A job computes exactly what the synchronous call computes (same bytes, same errors), for any
 * sequence of budgets. The output is written once, at the end; a job that fails (X25519 of a
 * low-order point: FC_ERR_ZERO_SHARED) writes nothing. Input buffers are copied at start, so
 * they may change after; the output buffer must stay valid until the job ends. fc_job_hash
 * is the exception: it reads msg during the steps, so msg must stay valid and unchanged (and
 * fc_job_hash_writer calls its writer during the steps, on memory that must stay put).
 *
 * ---- Misuse ----
 * NULL pointers: FC_ERR_NULL. An algorithm of another family: FC_ERR_ARGUMENT; one no
 * implementation of the chain can slice: FC_ERR_UNSUPPORTED. Starting a job that is still
 * running: FC_ERR_STATE (wipe it first). Stepping a job that is finished, wiped, failed or
 * never started: FC_ERR_STATE. A zero budget: FC_ERR_ARGUMENT. None of these changes the job.
 * fc_job_wipe wipes the job (secrets included) and the stack its steps used, and leaves it
 * cancelled; a job also wipes its secrets when it completes or fails. Start from a zeroed job
 * (static, memset, or = {0}) or a finished or wiped one; a start function refuses only a job
 * that is running, and a step refuses memory no start function made (the running marker
 * depends on the implementation pointer).
 *
 * ---- Cost ----
 * sizeof(fc_job) is the whole state of any job: 256 bytes on 32-bit targets, or 1 KiB when
 * the curve jobs are built (FC_WITH_CURVE_JOBS); its state area FC_JOB_STATE_SIZE (config.h).
 * No allocation. Stack per step is reported by
 * `fieldcrypt mcu-report` and gated in tests/stack_budget.json.
 *
 * Argument order, as everywhere: the job, the provider (NULL: the default chain), the
 * algorithm, the output, the inputs.
 */
#ifndef FIELDCRYPT_ENGINE_H
#define FIELDCRYPT_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "status.h"
#include "algorithms.h"
#include "sink.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Returns a free-running cycle count (wrapping at 2^32 is fine: only differences are used). */
typedef uint32_t (*fc_cycle_counter)(void *user);

struct fc_impl;

/* The caller allocates this; its fields are private to the engine and the implementation. */
typedef struct fc_job {
    uint32_t magic;                    /* running / done / cancelled */
    const struct fc_impl *impl;        /* the sliceable implementation running it */
    union {
        uint64_t align;
        void *align_ptr;
        uint8_t bytes[FC_JOB_STATE_SIZE];
    } state;
} fc_job;

/* out = X(scalar, u) (xdh.h), u NULL for the base point. FC_ERR_ZERO_SHARED at the end for a
 * low-order u, as fc_xdh. */
fc_status fc_job_xdh(fc_job *job, const fc_provider *provider, fc_alg alg, uint8_t *out,
                     const uint8_t *scalar, const uint8_t *u);
/* u = map_to_curve(r), as fc_map. */
fc_status fc_job_map(fc_job *job, const fc_provider *provider, fc_alg alg, uint8_t *u,
                     const uint8_t *r);
/* digest = H(msg), msg up to 2^32 - 1 bytes, read during the steps. */
fc_status fc_job_hash(fc_job *job, const fc_provider *provider, fc_alg alg, uint8_t *digest,
                      const uint8_t *msg, size_t msg_len);
/* digest = H(the message writer(src) writes, sink.h), written again for every block. */
fc_status fc_job_hash_writer(fc_job *job, const fc_provider *provider, fc_alg alg,
                             uint8_t *digest, fc_writer writer, const void *src);

/* ---- Curve jobs (ec.h, eddsa.h) ----
 * The same checks as the synchronous calls run at start, where they need no curve arithmetic
 * (ranges, encodings, DER, lengths), and their error comes back at once; the rest (the curve
 * equation of a point, decompression, the signature's verdict) is the job's end status.
 * Whether an implementation slices an operation is its own choice: soft slices ECDH and ECDSA
 * on secp256r1, Ed25519 (all three variants, signing and verification) and X448 (through
 * fc_job_xdh, FC_ERR_ZERO_SHARED at the end as fc_xdh); fc_job_supports tells about the
 * algorithm, and a start function returns FC_ERR_UNSUPPORTED when no implementation of the
 * chain slices that operation. A curve job needs a larger job state than the X25519 jobs
 * (config.h). */

/* shared = x(priv * peer), as fc_ecdh: peer in either SEC1 form. */
fc_status fc_job_ecdh(fc_job *job, const fc_provider *provider, fc_alg curve, uint8_t *shared,
                      const uint8_t *priv, const uint8_t *peer, size_t peer_len);
/* The raw signature r || s (2K bytes, no DER: fc_ecdsa_sig_to_der converts) of a digest, as
 * fc_ecdsa_sign_digest with the same flags but FC_ECDSA_DER; the hedging bytes (FC_ECDSA_HEDGED)
 * are drawn from rng at start. */
fc_status fc_job_ecdsa_sign_digest(fc_job *job, const fc_provider *provider, fc_alg curve,
                                   fc_alg hash, const fc_rng *rng, uint8_t *sig,
                                   const uint8_t *priv, const uint8_t *digest,
                                   size_t digest_len, unsigned flags);
/* Ends with FC_OK when sig is pub's signature of the digest, FC_ERR_VERIFY when not, as
 * fc_ecdsa_verify_digest (a signature out of range is refused at start). */
fc_status fc_job_ecdsa_verify_digest(fc_job *job, const fc_provider *provider, fc_alg curve,
                                     const uint8_t *pub, size_t pub_len, const uint8_t *digest,
                                     size_t digest_len, const uint8_t *sig, size_t sig_len,
                                     unsigned flags);
/* sig = the signature of msg, as fc_eddsa_sign (pub NULL: the job computes it from seed). msg
 * is read during the steps (twice), so it must stay valid and unchanged until the job ends. */
fc_status fc_job_eddsa_sign(fc_job *job, const fc_provider *provider, fc_alg alg, uint8_t *sig,
                            const uint8_t *seed, const uint8_t *pub, const uint8_t *context,
                            size_t context_len, const uint8_t *msg, size_t msg_len);
/* Ends with FC_OK or FC_ERR_VERIFY, as fc_eddsa_verify; msg is read during the steps. */
fc_status fc_job_eddsa_verify(fc_job *job, const fc_provider *provider, fc_alg alg,
                              const uint8_t *pub, const uint8_t *context, size_t context_len,
                              const uint8_t *msg, size_t msg_len, const uint8_t *sig);

/* Runs units worth at most budget (at least one). FC_PENDING, FC_OK or an error. */
fc_status fc_job_step(fc_job *job, uint32_t budget);
/* Same with a cycle counter: stops before the elapsed cycles plus the next unit's estimate
 * pass budget. */
fc_status fc_job_step_clock(fc_job *job, uint32_t budget, fc_cycle_counter clock, void *user);
/* Wipes the job and the stack its steps used; afterwards it is cancelled (stepping it:
 * FC_ERR_STATE). NULL is ignored. */
void fc_job_wipe(fc_job *job);
/* 1 while the job has work left. */
int fc_job_running(const fc_job *job);
/* 1 when the chain from provider (NULL: the default) has a sliceable implementation of alg. */
int fc_job_supports(const fc_provider *provider, fc_alg alg);

/* The soft provider's cost table for this build's target (src/providers/soft/job_costs.h):
 * the largest single unit (a budget below it still runs one unit per step), what starting a
 * job costs (a sliced protocol keeps that much of a step's budget for starting its next job),
 * and the name of the model the costs come from ("cortex-m0plus"). */
uint32_t fc_job_max_unit_cost(void);
uint32_t fc_job_start_cost(void);
const char *fc_job_cost_model(void);

#ifdef __cplusplus
}
#endif
#endif
