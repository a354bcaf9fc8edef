/* The soft provider's secp256r1 jobs (engine.h): ECDH, ECDSA verification and ECDSA signing
 * as small resumable units over the synchronous code's own arithmetic (ecw_point.c,
 * ecw_field.c, p256_field.c; the 8-limb copy of p256_point.c where every curve is built). The
 * job's state (p256_job.h) holds the multiplication state of ecw.h, seen as 24 field registers.
 * This file holds the state machine (cost, execute, run, start) and the units the jobs share:
 * the point's load and square root, the exponentiation, the window table and scalar
 * multiplication, the comb, the inversion; verification's own units are in
 * p256_job_verify.c, signing's (RFC 6979's HMAC program, r and s) in p256_job_sign.c, what
 * the three share in p256_job_internal.h.
 *
 * ECDH: the peer's point is checked (X || Y on the curve, as ecw_point_load: one unit,
 * FC_ERR_POINT at once, as the synchronous call refuses it before any scalar arithmetic) or
 * decompressed (X alone: the square root a^((p + 1) / 4), p = 3 mod 4, as a sliced
 * exponentiation, FC_ERR_POINT when x has none); then the signed fixed-window scalar
 * multiplication of ecw_scalar_mul (the table, then per window a pick, three doublings in
 * Jacobian coordinates, a unit each, and an addition), each complete formula in its two halves
 * (ecw_point_*_first/second, the synchronous formulas themselves); then 1/Z by Fermat as a
 * sliced exponentiation, x.
 *
 * ECDSA verification (p256_job_verify.c) and signing (p256_job_sign.c) load the point, run
 * the comb and invert Z with the units here.
 *
 * Constant time: the units run in an order fixed by the kind of job, the point's form, the
 * hedging and the public verdicts (is the peer's point valid, is the result the point at
 * infinity, is a nonce candidate in range, are r and s nonzero: declassified as in the
 * synchronous code); never by the private key or the nonce. Inside a unit the code is the
 * synchronous code: the window and comb digits come from public bit positions and select a
 * table entry by a masked scan; the exponents are public (p - 2, n - 2, (p + 1) / 4); SHA-256
 * is straight-line. The secrets stay in the job state, which the engine zeroes when the job
 * ends; the field code's stack temporaries lie where the engine wipes FC_ENGINE_WIPE_BYTES
 * then.
 */
#include "fieldcrypt/config.h"

#include "soft.h"

#if FC_WITH_EC && FC_WITH_CURVE_JOBS

#include <string.h>

#include "fieldcrypt/ct.h"
#include "core/core.h"
#include "p256_job_internal.h"
#include "p256_job_costs.h"

/* the phase after the point is loaded */
static unsigned after_load(const p256_job *job)
{
    return job->kind == P256_JOB_ECDH ? PH_TABLE : PH_VINV;
}

/* How many bits the next exponentiation unit runs: as many as P256_EXP_CAP pays for (at
 * least one; none in the first unit, which sets res = 1), by the cost table and the public
 * exponent; *cost gets their cost. */
static unsigned exp_bits(const p256_job *job, uint32_t *cost)
{
    unsigned n = job->exp_mod_n ? 2u : 0u, b = 0, i = job->count;
    uint32_t sum = p256_costs[P256_UNIT_EXP];
    if (job->started) { /* the first unit sets res = 1 alone */
        *cost = sum + p256_costs[P256_UNIT_MUL_P + n];
        return 0;
    }
    while (i > 0) {
        uint32_t bit = p256_costs[P256_UNIT_SQR_P + n];
        if ((job->u.e[(i - 1) >> 5] >> ((i - 1) & 31)) & 1u)
            bit += p256_costs[P256_UNIT_MUL_P + n];
        if (b > 0 && sum + bit > P256_EXP_CAP)
            break;
        sum += bit;
        b++;
        i--;
    }
    *cost = sum;
    return b;
}

/* The next bits of res = base^e, left to right as ecw_inv and ecw_pow: square, and multiply
 * where the public exponent has a one. */
static UNIT void unit_exp(p256_job *job)
{
    const ecw_mod *m = job->exp_mod_n ? &curve()->n : &curve()->p;
    uint32_t *r = job->m.reg[job->exp_res], *a = job->m.reg[job->exp_base], cost;
    unsigned b = exp_bits(job, &cost);
    if (job->started) {
        ecw_one(m, r);
        job->started = 0;
        return;
    }
    while (b-- > 0) {
        unsigned i = --job->count;
        ecw_mul(m, r, r, r);
        if ((job->u.e[i >> 5] >> (i & 31)) & 1u)  /* the exponent is public */
            ecw_mul(m, r, r, a);
    }
    if (job->count == 0)
        job->phase = job->after;
}

/* x^3 - 3x + b into r (ecw_curve_rhs for a = -3, secp256r1's), with the job's registers as
 * temporaries: ecw_curve_rhs's own would deepen the step's stack. */
static void rhs(p256_job *job, uint32_t *r, const uint32_t *x, uint32_t *t)
{
    const ecw_mod *fp = &curve()->p;
    ecw_mul(fp, t, x, x);
    ecw_mul(fp, r, t, x);
    ecw_sub(fp, r, r, x);
    ecw_sub(fp, r, r, x);
    ecw_sub(fp, r, r, x);
    ecw_to_mont(fp, t, curve()->b);
    ecw_add(fp, r, r, t);
    (void)job;
}

/* The point into table[0]: X || Y checked as ecw_point_load does (coordinates < p, on the
 * curve), or X alone with y^2 = x^3 - 3x + b to take the root of (SEC1 2.3.4, as
 * ec_soft_decompress). */
static UNIT fc_status unit_load(p256_job *job)
{
    const ecw_curve *c = curve();
    const ecw_mod *fp = &c->p;
    ecw_point *g = &job->m.st.table[0];
    uint32_t *y2 = job->m.reg[R_T3X], *t = job->m.reg[R_T3Z];
    ecw_ctx_init(&job->ctx, c);
    ecw_from_bytes(g->x, 8, job->u.xy, 32);
    if (!ecw_less(g->x, fp->m, 8))
        return FC_ERR_POINT; /* the core checks it too */
    ecw_to_mont(fp, g->x, g->x);
    rhs(job, y2, g->x, t);
    if (job->form == 4) {
        ecw_from_bytes(g->y, 8, job->u.xy + 32, 32);
        if (!ecw_less(g->y, fp->m, 8))
            return FC_ERR_POINT;
        ecw_to_mont(fp, g->y, g->y);
        ecw_mul(fp, t, g->y, g->y);
        if (!ecw_equal(t, y2, 8))
            return FC_ERR_POINT; /* public: the peer's point */
        ecw_one(fp, g->z);
        job->phase = (uint8_t)after_load(job);
        return FC_PENDING;
    }
    /* (p + 1) / 4 = (p >> 2) + 1, as ecw_sqrt */
    {
        unsigned i;
        for (i = 0; i < 8; i++)
            job->u.e[i] = (fp->m[i] >> 2) | (i + 1 < 8 ? fp->m[i + 1] << 30 : 0);
        for (i = 0; i < 8 && ++job->u.e[i] == 0; i++)
            ;
    }
    exp_begin(job, R_T3X, R_T3Y, 0, PH_SQRT_END);
    return FC_PENDING;
}

/* The root found: checked by squaring (x has no root otherwise), the parity of y chosen. */
static UNIT fc_status unit_sqrt_end(p256_job *job)
{
    const ecw_mod *fp = &curve()->p;
    ecw_point *g = &job->m.st.table[0];
    uint32_t *t = job->m.reg[R_T3Z];
    ecw_mul(fp, t, job->m.reg[R_T3Y], job->m.reg[R_T3Y]);
    if (!ecw_equal(t, job->m.reg[R_T3X], 8))
        return FC_ERR_POINT; /* public: x is the peer's */
    ecw_from_mont(fp, g->y, job->m.reg[R_T3Y]);
    if ((g->y[0] & 1u) != (job->form & 1u)) {
        if (ecw_is_zero(g->y, 8))
            return FC_ERR_POINT; /* y = 0 has no odd twin */
        ecw_neg(fp, g->y, g->y);
    }
    ecw_to_mont(fp, g->y, g->y);
    ecw_one(fp, g->z);
    job->phase = (uint8_t)after_load(job);
    return FC_PENDING;
}

/* table[j] = (j + 1) table[0], as ecw_scalar_mul: a doubling, then additions, in halves. */
static UNIT void unit_table(p256_job *job)
{
    ecw_mul_state *st = &job->m.st;
    unsigned j = job->count + 1u; /* the entry being made: 1, 2, 3 */
    if (j == 1) {
        if (job->sub == 0)
            ecw_point_double_first(&job->ctx, &st->s, &st->table[1], &st->table[0]);
        else
            ecw_point_double_second(&job->ctx, &st->s, &st->table[1]);
    } else {
        if (job->sub == 0)
            ecw_point_add_first(&job->ctx, &st->s, &st->table[j], &st->table[j - 1],
                                &st->table[0]);
        else
            ecw_point_add_second(&job->ctx, &st->s, &st->table[j]);
    }
    if (++job->sub == 2) {
        job->sub = 0;
        if (++job->count == ECW_TABLE_SIZE - 1u) {
            job->phase = PH_WINDOW;
            job->count = (uint16_t)(ECW_WINDOWS(curve()) - 1u);
        }
    }
}

/* The units of a window of ecw_scalar_mul: sub 0 picks the digit's point (the top window's
 * becomes acc) and takes acc to Jacobian coordinates, then the ECW_WINDOW doublings of the
 * run, one per unit, acc back to projective coordinates, and the addition's two halves (the
 * synchronous ecw_point_double_run and ecw_point_add). */
#define WINDOW_UNITS (ECW_WINDOW + 4u)

static UNIT void unit_window(p256_job *job)
{
    ecw_mul_state *st = &job->m.st;
    unsigned sub = job->sub;
    int top = job->count == ECW_WINDOWS(curve()) - 1u;
    if (sub == 0) {
        ecw_scalar_pick(&job->ctx, st, job->k, job->count);
        if (top)
            memcpy(&st->acc, &st->pick, sizeof(st->acc));
        else
            ecw_jacobian_from_projective(&job->ctx, &st->s, &st->acc);
    } else if (sub <= ECW_WINDOW) {
        ecw_jacobian_double(&job->ctx, &st->s, &st->acc);
    } else if (sub == ECW_WINDOW + 1u) {
        ecw_jacobian_to_projective(&job->ctx, &st->s, &st->acc);
    } else if (sub == ECW_WINDOW + 2u) {
        ecw_point_add_first(&job->ctx, &st->s, &st->acc, &st->acc, &st->pick);
    } else {
        ecw_point_add_second(&job->ctx, &st->s, &st->acc);
    }
    if (top || ++job->sub == WINDOW_UNITS) {
        job->sub = 0;
        if (job->count-- == 0) {
            job->phase = PH_INV;
            fc_zeroize(job->k, sizeof(job->k)); /* the scalar is spent */
        }
    }
}

/* k G by ecw_comb_mul's columns: the top column is the first comb's entry into acc, then the
 * second's added; every other column a doubling, then an addition per comb. A comb's entry
 * (the masked scan of its table) is a unit, each half of a formula is one. Within a column:
 * 0, 1 the doubling, 2 + 3t comb t's entry, 3 + 3t and 4 + 3t its addition; the top column
 * starts at 4 (its first unit takes comb 0's entry into acc) and skips the doubling. */
#define COMB_FULL (2u + 3u * ECW_COMBS)

static int comb_top(const p256_job *job)
{
    return job->count == ECW_COMB_COLUMNS(curve()) - 1u;
}

static unsigned comb_sub(const p256_job *job)
{
    return comb_top(job) ? job->sub + 4u : job->sub;
}

static UNIT void unit_comb(p256_job *job)
{
    ecw_mul_state *st = &job->m.st;
#if FC_WITH_SHA256
    const uint8_t *k = job->kind == P256_JOB_VERIFY ? job->k : sreg(job, R_S_NONCE);
#else
    const uint8_t *k = job->k; /* verification only: signing needs SHA-256 */
#endif
    unsigned sub = comb_sub(job);
    if (comb_top(job) && job->sub == 0) {
        ecw_ctx_init(&job->ctx, curve());
        ecw_one(&curve()->p, st->table[0].z);
        ecw_comb_column(&job->ctx, st, k, job->count, 0, &st->acc);
    } else if (sub == 0) {
        ecw_point_double_first(&job->ctx, &st->s, &st->acc, &st->acc);
    } else if (sub == 1) {
        ecw_point_double_second(&job->ctx, &st->s, &st->acc);
    } else if ((sub - 2u) % 3u == 0) {
        ecw_comb_column(&job->ctx, st, k, job->count, (sub - 2u) / 3u, &st->pick);
    } else if ((sub - 2u) % 3u == 1) {
        ecw_point_add_first(&job->ctx, &st->s, &st->acc, &st->acc, &st->pick);
    } else {
        ecw_point_add_second(&job->ctx, &st->s, &st->acc);
    }
    if (comb_sub(job) + 1u == COMB_FULL) {
        job->sub = 0;
        if (job->count-- == 0)
            job->phase = job->kind == P256_JOB_VERIFY ? PH_VSUM : PH_INV;
    } else {
        job->sub++;
    }
}

/* 1/Z: infinity (only an invalid scalar gives it) is the one verdict that leaves, as in
 * ecw_point_store; then Z^(p - 2) into table[0].x (the table is done with). */
static UNIT fc_status unit_inv_start(p256_job *job)
{
    static const uint8_t end_of[] = {0, PH_ECDH_END, PH_VERIFY_END, PH_SIGN_R};
    int infinity = ecw_is_zero(job->m.st.acc.z, 8) != 0;
    FC_DECLASSIFY(&infinity, sizeof(infinity));
    if (infinity) {
        if (job->kind == P256_JOB_SIGN)
            return sign_retry(job); /* k = 0 mod n: the core's range check rules it out */
        return job->kind == P256_JOB_ECDH ? FC_ERR_POINT : FC_ERR_VERIFY;
    }
    exponent_minus_2(job->u.e, &curve()->p);
    exp_begin(job, R_ACC_Z, R_T0, 0, end_of[job->kind]);
    return FC_PENDING;
}

static UNIT fc_status unit_ecdh_end(p256_job *job)
{
    const ecw_mod *fp = &curve()->p;
    uint32_t *t = job->m.st.table[0].y;
    ecw_mul(fp, t, job->m.st.acc.x, job->m.reg[R_T0]);
    ecw_from_mont(fp, t, t);
    ecw_to_bytes(job->out, 32, t);
    return FC_OK;
}

/* The cost of the next unit (public: from the phase and counters only). */
static uint32_t next_cost(const p256_job *job)
{
    unsigned u;
    switch (job->phase) {
    case PH_LOAD: u = job->form == 4 ? P256_UNIT_LOAD : P256_UNIT_LOAD_X; break;
    case PH_SQRT_END: u = P256_UNIT_SQRT_END; break;
    case PH_WINDOW:
        u = job->sub == 0                ? P256_UNIT_PICK
            : job->sub <= ECW_WINDOW     ? P256_UNIT_JDOUBLE
            : job->sub == ECW_WINDOW + 1u ? P256_UNIT_JTO
                                          : P256_UNIT_HALF;
        break;
    case PH_VINV:
        u = job->sub == 0 ? P256_UNIT_VINV_START : job->sub == 1 ? P256_UNIT_VINV
                                                                 : P256_UNIT_VINV_END;
        break;
    case PH_VSETUP: u = job->sub < 2 ? P256_UNIT_VSETUP : P256_UNIT_VSETUP_G; break;
    case PH_VLOOP:
        u = job->sub == VL_FROM  ? P256_UNIT_JFROM
            : job->sub == VL_DBL ? P256_UNIT_JDOUBLE
            : job->sub == VL_TO  ? P256_UNIT_JTO
                                 : P256_UNIT_HALF;
        break;
    case PH_VCOMB: u = P256_UNIT_EXP; break;
    case PH_INV: u = P256_UNIT_INV_START; break;
    case PH_EXP: {
        uint32_t cost;
        exp_bits(job, &cost);
        return cost;
    }
    case PH_ECDH_END: u = P256_UNIT_ECDH_END; break;
    case PH_VERIFY_END: u = P256_UNIT_VERIFY_END; break;
    case PH_COMB:
        if (comb_top(job) && job->sub == 0)
            u = P256_UNIT_COMB_START;
        else if (comb_sub(job) >= 2u && (comb_sub(job) - 2u) % 3u == 0)
            u = P256_UNIT_COMB_PICK;
        else
            u = P256_UNIT_HALF;
        break;
#if FC_WITH_SHA256
    case PH_HMAC: u = P256_UNIT_SHA_BLOCK; break;
    case PH_SIGN_R: u = P256_UNIT_SIGN_R; break;
    case PH_SIGN_PREP: u = P256_UNIT_SIGN_PREP; break;
    case PH_SIGN_S: u = P256_UNIT_SIGN_S; break;
#endif
    default: u = P256_UNIT_HALF; break; /* PH_TABLE, PH_VTABLE, PH_VSUM */
    }
    return p256_costs[u];
}

static fc_status execute(p256_job *job)
{
    switch (job->phase) {
    case PH_LOAD: return unit_load(job);
    case PH_SQRT_END: return unit_sqrt_end(job);
    case PH_TABLE: unit_table(job); return FC_PENDING;
    case PH_WINDOW: unit_window(job); return FC_PENDING;
    case PH_VINV: p256_unit_vinv(job); return FC_PENDING;
    case PH_VSETUP: p256_unit_vsetup(job); return FC_PENDING;
    case PH_VTABLE: p256_unit_vtable(job); return FC_PENDING;
    case PH_VLOOP: p256_unit_vloop(job); return FC_PENDING;
    case PH_VCOMB: p256_unit_vcomb_start(job); return FC_PENDING;
    case PH_COMB: unit_comb(job); return FC_PENDING;
    case PH_VSUM: p256_unit_vsum(job); return FC_PENDING;
    case PH_INV: return unit_inv_start(job);
    case PH_EXP: unit_exp(job); return FC_PENDING;
    case PH_ECDH_END: return unit_ecdh_end(job);
    case PH_VERIFY_END: return p256_unit_verify_end(job);
#if FC_WITH_SHA256
    case PH_HMAC: return p256_unit_hmac(job);
    case PH_SIGN_R: return p256_unit_sign_r(job);
    case PH_SIGN_PREP: p256_unit_sign_prep(job); return FC_PENDING;
    case PH_SIGN_S: return p256_unit_sign_s(job);
#endif
    default: return FC_ERR_STATE; /* unreachable: the phases are fixed */
    }
}

fc_status fc_soft_p256_job_run(void *state, uint32_t budget, fc_cycle_counter clock,
                               void *user)
{
    p256_job *job = (p256_job *)state;
    uint32_t spent = 0, start = clock != NULL ? clock(user) : 0, cost;
    int ran = 0;
    fc_status st;
    /* a job is only ever made by fc_soft_p256_job_start: anything else is refused, not run */
    if (job->kind < P256_JOB_ECDH || job->kind > P256_JOB_SIGN || job->phase > PH_SIGN_S)
        return FC_ERR_STATE;
    for (;;) {
        cost = next_cost(job);
        if (ran) {
            if (clock != NULL) {
                spent = clock(user) - start;
                if (job->kind == 0)
                    return FC_ERR_STATE; /* the callback wiped it */
            }
            if (spent > budget || cost > budget - spent)
                return FC_PENDING;
        }
        st = execute(job);
        if (st != FC_PENDING)
            return st;
        spent += cost;
        ran = 1;
    }
}

uint32_t fc_soft_p256_job_max_unit(void)
{
    uint32_t m = P256_EXP_CAP;
    unsigned u;
    for (u = 0; u < P256_UNIT_COUNT; u++)
        if (p256_costs[u] > m)
            m = p256_costs[u];
    return m;
}

/* The engine has zeroed the state. Copies the inputs, no arithmetic. */
fc_status fc_soft_p256_job_start(const fc_impl *impl, void *state, const fc_job_input *in)
{
    p256_job *job = (p256_job *)state;
    if (impl->alg != FC_SECP256R1)
        return FC_ERR_UNSUPPORTED;
    switch (in->op) {
    case FC_JOB_OP_ECDH:
        if (in->point_form != 4 && in->point_form != 2 && in->point_form != 3)
            return FC_ERR_ARGUMENT;
        job->kind = P256_JOB_ECDH;
        job->form = in->point_form;
        job->out = in->out;
        memcpy(job->k, in->data, 32);
        memcpy(job->u.xy, in->point, in->point_form == 4 ? 64u : 32u);
        job->phase = PH_LOAD;
        return FC_OK;
    case FC_JOB_OP_VERIFY: /* the core checked r and s in [1, n - 1] */
        if (in->point_form != 4 && in->point_form != 2 && in->point_form != 3)
            return FC_ERR_ARGUMENT;
        job->kind = P256_JOB_VERIFY;
        job->form = in->point_form;
        memcpy(job->u.xy, in->point, in->point_form == 4 ? 64u : 32u);
        ecw_from_bytes(job->m.reg[R_SIG_R], 8, in->sig, 32);
        ecw_from_bytes(job->m.reg[R_SIG_S], 8, in->sig + 32, 32);
        ecw_from_bytes(job->m.reg[R_E], 8, in->data, 32);
        job->phase = PH_LOAD;
        return FC_OK;
#if FC_WITH_SHA256
    case FC_JOB_OP_SIGN: { /* the core checked d in [1, n - 1] */
        uint32_t *e = job->m.reg[R_S_R], *t = job->m.reg[R_S_S], borrow = 0;
        unsigned i;
        if (in->hash != FC_SHA256)
            return FC_ERR_UNSUPPORTED; /* the nonce's HMAC is sliced over SHA-256 only */
        job->kind = P256_JOB_SIGN;
        job->out = in->out;
        job->flags = (uint8_t)((in->flags & FC_ECDSA_LOW_S) |
                               (in->entropy != NULL ? P256_JOB_HEDGED : 0u));
        memcpy(job->k, in->data, 32);
        memcpy(sreg(job, R_S_E), in->msg, 32);
        if (in->entropy != NULL)
            memcpy(sreg(job, R_S_EXTRA), in->entropy, 32);
        /* h1 = bits2octets(H(m)) = e mod n: one masked subtraction (e < 2^256 < 2n) */
        ecw_from_bytes(e, 8, in->msg, 32);
        for (i = 0; i < 8; i++) {
            uint64_t d = (uint64_t)e[i] - curve()->n.m[i] - borrow;
            t[i] = (uint32_t)d;
            borrow = (uint32_t)(d >> 63);
        }
        ecw_cmov(e, t, 8, borrow - 1u);
        ecw_to_bytes(sreg(job, R_S_H1), 32, e);
        fc_zeroize(e, 32);
        fc_zeroize(t, 32);
        memset(sreg(job, R_S_K), 0x00, 32);  /* 3.2 b, c */
        memset(sreg(job, R_S_V), 0x01, 32);
        job->phase = PH_HMAC;
        return FC_OK;
    }
#endif
    default: return FC_ERR_UNSUPPORTED;
    }
}

#endif
