/* The soft provider's X448 job (engine.h, fc_job_xdh): x448.c's RFC 7748 ladder over fe448.h,
 * run in units of a few field operations.
 *
 * A ladder step is cut into seven parts of one or two multiplications or squarings each (the
 * synchronous step's operations in its order, x448.c); a target groups consecutive parts into
 * one unit where its field arithmetic is fast (X448_LADDER_UNITS below). The inversion of z2 is
 * x448.c's chain (fc_fe448_invert) as a table of squaring runs and multiplications, a few
 * squarings per unit; the last unit multiplies, encodes, checks for the all-zero result and
 * writes the output.
 *
 * Constant time: the sequence of units is the same for every scalar and u (448 ladder steps,
 * the fixed chain); the scalar's bit only enters fc_fe448_cswap's mask, and the bit index that
 * picks the byte is public. Whether u is the base point is public (the job's kind). The zero
 * check of the result is public (the protocol aborts on it), as in the XDH front end.
 */
#include "fieldcrypt/config.h"
#include "soft.h"

#if FC_WITH_CURVE_JOBS && FC_WITH_X448

#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "x448_job.h"

/* kept out of line: the output buffer of the last unit stays off the multiplication's stack
 * path, the deepest of a step */
#if defined(__GNUC__) || defined(__clang__)
#define X448_NOINLINE __attribute__((noinline))
#else
#define X448_NOINLINE
#endif

#define X448_JOB_LIVE 0x58343438u /* "X448": 0 once the job has been wiped */
#define X448_A24 39081u           /* (A - 2) / 4, as x448.c */
#define X448_BASE_U 5u

/* ---- units and their costs (modelled cycles of the build's target, bench/calibrate_engine.py
 * with each unit alone in a step, rounded up) ----
 * X448_PARTS ladder parts; unit_end[] says after which parts a unit ends; SQR_RUN squarings
 * per chain unit. */
#define X448_PARTS 7

enum { U_MUL, U_SQR, U_SWAP, U_FINAL, U_COUNT };

#if defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_7M__)
/* the Cortex-M3/M4: 32x32->64-bit products (umull), a step in two units */
#define X448_SQR_RUN 8u
static const uint8_t unit_end[X448_PARTS] = {0, 0, 0, 1, 0, 0, 1};
static const uint32_t ladder_costs[X448_PARTS] = {3400, 3400, 3400, 3400, 6250, 6250, 6250};
static const uint32_t costs[U_COUNT] = {3700, 2600, 800, 6500};
#elif defined(__riscv)
/* RV32IMAC: mulhu for the high halves, a step in three units */
#define X448_SQR_RUN 4u
static const uint8_t unit_end[X448_PARTS] = {0, 1, 0, 1, 0, 0, 1};
static const uint32_t ladder_costs[X448_PARTS] = {6950, 6950, 7100, 7100, 7100, 7100, 7100};
static const uint32_t costs[U_COUNT] = {5600, 4200, 1200, 15700};
#else
/* the Cortex-M0/M0+ (the C field code, 16x16-bit partial products): a part per unit; hosted
 * builds use this table too */
#define X448_SQR_RUN 2u
static const uint8_t unit_end[X448_PARTS] = {1, 1, 1, 1, 1, 1, 1};
static const uint32_t ladder_costs[X448_PARTS] = {17700, 17700, 19300, 15300, 19300, 17700,
                                                   17700};
static const uint32_t costs[U_COUNT] = {15300, 9700, 1000, 19400};
#endif

enum { X1, X2, Z2, X3, Z3, T0, T1 };
enum { STAGE_LADDER, STAGE_CHAIN, STAGE_FINAL };

/* ---- the inversion chain of fc_fe448_invert (fe448.c): a = z2, result into z2; the
 * temporaries x6, x24, t, u live in x3, z3, t0, t1, free once the ladder is done ---- */
enum { I_SQRN, I_MUL };
enum { CA = Z2, C6 = X3, C24 = Z3, CT = T0, CU = T1 };

typedef struct chain_insn {
    uint8_t op, d, a, b; /* I_SQRN: d = a^(2^b); I_MUL: d = a * b */
} chain_insn;

static const chain_insn chain[] = {
    {I_SQRN, CT, CA, 1},   {I_MUL, CT, CT, CA},     /* x2 */
    {I_SQRN, CT, CT, 1},   {I_MUL, CU, CT, CA},     /* x3 */
    {I_SQRN, CT, CU, 3},   {I_MUL, C6, CT, CU},     /* x6 */
    {I_SQRN, CT, C6, 6},   {I_MUL, CT, CT, C6},     /* x12 */
    {I_SQRN, CU, CT, 12},  {I_MUL, C24, CU, CT},    /* x24 */
    {I_SQRN, CT, C24, 24}, {I_MUL, CT, CT, C24},    /* x48 */
    {I_SQRN, CU, CT, 48},  {I_MUL, CT, CU, CT},     /* x96 */
    {I_SQRN, CU, CT, 96},  {I_MUL, CT, CU, CT},     /* x192 */
    {I_SQRN, CT, CT, 24},  {I_MUL, CT, CT, C24},    /* x216 */
    {I_SQRN, CT, CT, 6},   {I_MUL, CU, CT, C6},     /* x222 */
    {I_SQRN, CT, CU, 1},   {I_MUL, CT, CT, CA},     /* x223 */
    {I_SQRN, CT, CT, 223}, {I_MUL, CT, CT, CU},     /* 223 ones, 0, 222 ones */
    {I_SQRN, CT, CT, 2},   {I_MUL, CA, CT, CA},     /* ... 0, 1: 1 / z2 */
};
#define CHAIN_LEN (sizeof(chain) / sizeof(chain[0]))

/* ---- units ---- */

/* Part p of a ladder step, x448.c's operations in its order. */
static void ladder_part(x448_job *job, unsigned p)
{
    fc_fe448 *r = job->r;
    uint32_t bit;
    unsigned t = job->bit;
    switch (p) {
    case 0:
        /* t is public: the index k[t / 8] does not depend on the scalar's value */
        bit = (uint32_t)(job->k[t >> 3] >> (t & 7)) & 1u;
        fc_fe448_cswap(&r[X2], &r[X3], job->swap ^ bit);
        fc_fe448_cswap(&r[Z2], &r[Z3], job->swap ^ bit);
        job->swap = (uint8_t)bit;
        fc_fe448_add(&r[T0], &r[X2], &r[Z2]);        /* A */
        fc_fe448_sub(&r[T1], &r[X2], &r[Z2]);        /* B */
        fc_fe448_add(&r[X2], &r[X3], &r[Z3]);        /* C */
        fc_fe448_sub(&r[Z2], &r[X3], &r[Z3]);        /* D */
        fc_fe448_mul(&r[Z2], &r[Z2], &r[T0]);        /* DA */
        break;
    case 1:
        fc_fe448_mul(&r[X2], &r[X2], &r[T1]);        /* CB */
        fc_fe448_add(&r[X3], &r[Z2], &r[X2]);
        fc_fe448_sub(&r[Z3], &r[Z2], &r[X2]);
        break;
    case 2:
        fc_fe448_sqr(&r[X3], &r[X3]);                /* x3 = (DA + CB)^2 */
        fc_fe448_sqr(&r[Z3], &r[Z3]);                /* (DA - CB)^2 */
        break;
    case 3:
        if (job->base)                               /* public: which job this is */
            fc_fe448_mul_small(&r[Z3], &r[Z3], X448_BASE_U);
        else
            fc_fe448_mul(&r[Z3], &r[Z3], &r[X1]);    /* z3 = x1 * (DA - CB)^2 */
        break;
    case 4:
        fc_fe448_sqr(&r[X2], &r[T0]);                /* AA */
        fc_fe448_sqr(&r[Z2], &r[T1]);                /* BB */
        break;
    case 5:
        fc_fe448_sub(&r[T1], &r[X2], &r[Z2]);        /* E = AA - BB */
        fc_fe448_mul(&r[T0], &r[X2], &r[Z2]);        /* AA * BB */
        break;
    default:
        fc_fe448_mul_small(&r[Z2], &r[T1], X448_A24);
        fc_fe448_add(&r[Z2], &r[Z2], &r[X2]);        /* AA + a24 * E */
        fc_fe448_mul(&r[Z2], &r[Z2], &r[T1]);        /* z2 = E * (AA + a24 * E) */
        r[X2] = r[T0];                               /* x2 = AA * BB */
        break;
    }
}

/* squarings the next chain unit does */
static unsigned sqr_batch(const x448_job *job, const chain_insn *in)
{
    unsigned left = job->inner != 0 ? job->inner : in->b;
    return left < X448_SQR_RUN ? left : X448_SQR_RUN;
}

/* The cost of the next unit. */
static uint32_t next_cost(const x448_job *job)
{
    uint32_t c = 0;
    unsigned p;
    switch (job->stage) {
    case STAGE_LADDER:
        if (job->pc == X448_PARTS)
            return costs[U_SWAP];
        for (p = job->pc; p < X448_PARTS; p++) {
            c += ladder_costs[p];
            if (unit_end[p])
                break;
        }
        return c;
    case STAGE_CHAIN:
        if (chain[job->pc].op == I_MUL)
            return costs[U_MUL];
        return costs[U_SQR] * sqr_batch(job, &chain[job->pc]);
    default:
        return costs[U_FINAL];
    }
}

/* The end of the last unit: canonical bytes, the all-zero check (a low-order u), the output. */
static X448_NOINLINE fc_status finish(x448_job *job)
{
    uint8_t bytes[56];
    fc_status st = FC_OK;
    fc_fe448_tobytes(bytes, &job->r[X2]);
    if (fc_ct_is_zero(bytes, sizeof(bytes))) /* public: the protocol aborts on it */
        st = FC_ERR_ZERO_SHARED;
    else
        memcpy(job->out, bytes, sizeof(bytes));
    fc_zeroize(bytes, sizeof(bytes));
    return st;
}

/* Runs the next unit; FC_PENDING while work is left. */
static X448_NOINLINE fc_status unit(x448_job *job)
{
    const chain_insn *in;
    unsigned k;
    fc_fe448 *r = job->r;
    switch (job->stage) {
    case STAGE_LADDER:
        if (job->pc == X448_PARTS) { /* after the last step: the final swap */
            fc_fe448_cswap(&r[X2], &r[X3], job->swap);
            fc_fe448_cswap(&r[Z2], &r[Z3], job->swap);
            job->swap = 0;
            fc_zeroize(job->k, sizeof(job->k)); /* the scalar is spent */
            job->stage = STAGE_CHAIN;
            job->pc = 0;
            return FC_PENDING;
        }
        do {
            ladder_part(job, job->pc);
        } while (!unit_end[job->pc++]);
        if (job->pc == X448_PARTS && job->bit > 0) { /* next step; the bit index is public */
            job->bit--;
            job->pc = 0;
        }
        return FC_PENDING;
    case STAGE_CHAIN:
        in = &chain[job->pc];
        if (in->op == I_MUL) {
            fc_fe448_mul(&r[in->d], &r[in->a], &r[in->b]);
        } else {
            k = sqr_batch(job, in);
            if (job->inner == 0) { /* the run's first squaring is from a */
                fc_fe448_sqr(&r[in->d], &r[in->a]);
                job->inner = in->b;
                k--, job->inner--;
            }
            for (; k > 0; k--, job->inner--)
                fc_fe448_sqr(&r[in->d], &r[in->d]);
            if (job->inner != 0)
                return FC_PENDING; /* the same run goes on */
        }
        if (++job->pc == CHAIN_LEN)
            job->stage = STAGE_FINAL;
        return FC_PENDING;
    default:
        fc_fe448_mul(&r[X2], &r[X2], &r[Z2]); /* x2 / z2 */
        return finish(job);
    }
}

fc_status fc_soft_x448_job_run(void *state, uint32_t budget, fc_cycle_counter clock, void *user)
{
    x448_job *job = (x448_job *)state;
    uint32_t spent = 0, start = clock != NULL ? clock(user) : 0, cost;
    int ran = 0;
    fc_status st;
    if (job->live != X448_JOB_LIVE)
        return FC_ERR_STATE; /* not made by fc_soft_x448_job_start */
    for (;;) {
        cost = next_cost(job);
        if (ran) {
            if (clock != NULL) {
                spent = clock(user) - start;
                if (job->live != X448_JOB_LIVE)
                    return FC_ERR_STATE; /* the callback wiped it */
            }
            if (spent > budget || cost > budget - spent)
                return FC_PENDING;
        }
        st = unit(job);
        if (st != FC_PENDING)
            return st;
        spent += cost;
        ran = 1;
    }
}

/* The engine has zeroed the state. */
fc_status fc_soft_x448_job_start(const fc_impl *impl, void *state, const fc_job_input *in)
{
    static const uint8_t five[56] = {X448_BASE_U};
    x448_job *job = (x448_job *)state;
    (void)impl;
    if (in->op != FC_JOB_OP_DEFAULT)
        return FC_ERR_UNSUPPORTED;
    job->out = in->out;
    memcpy(job->k, in->data, 56);
    job->k[0] &= 252; /* RFC 7748 decodeScalar448 */
    job->k[55] |= 128;
    job->base = in->point == NULL;
    fc_fe448_frombytes(&job->r[X1], in->point != NULL ? in->point : five);
    fc_fe448_set_small(&job->r[X2], 1);
    fc_fe448_set_small(&job->r[Z2], 0);
    job->r[X3] = job->r[X1];
    fc_fe448_set_small(&job->r[Z3], 1);
    job->bit = 447;
    job->stage = STAGE_LADDER;
    job->live = X448_JOB_LIVE;
    return FC_OK;
}

#endif /* FC_WITH_CURVE_JOBS && FC_WITH_X448 */
