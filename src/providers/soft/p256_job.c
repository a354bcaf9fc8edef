/* The soft provider's secp256r1 jobs (engine.h): ECDH, ECDSA verification and ECDSA signing
 * as small resumable units over the synchronous code's own arithmetic (ecw_point.c,
 * ecw_field.c, p256_field.c; the 8-limb copy of p256_point.c where every curve is built). The
 * job's state (p256_job.h) holds the multiplication state of ecw.h, seen as 24 field registers.
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
 * ECDSA verification (ec_soft_verify's computation): the public key as above; 1/s mod n by
 * the variable-time binary inverse, P256_VINV_STEPS of its steps per unit; u1 = e / s,
 * u2 = r / s; Q's odd multiples; u2 Q by a sliding window (runs of Jacobian doublings, a unit
 * each, an addition per window, the windows found between units); u1 G by the comb of
 * signing; their sum; X == x Z for x = r or r + n. Variable time: public data only.
 *
 * ECDSA signing (src/core/ecdsa.c's nonce, then ec_soft_sign): RFC 6979's K and V by HMAC over
 * soft's SHA-256 compression, a block per unit, the extra bytes of 3.6 when hedged; a
 * candidate outside [1, n - 1] refused, the next one drawn; k G by the comb of ecw_comb_mul in
 * units (a comb's masked table scan, formula halves); r = x mod n; 1/k by Fermat, sliced; s;
 * r or s = 0 draws the next candidate, as the synchronous call; low-s on request.
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
#include "p256_job.h"
#include "p256_job_costs.h"

/* Each unit is a function of its own, not inlined into the run loop: a step's stack is then
 * the loop's small frame plus one unit's chain, not the sum of every unit's locals. */
#if defined(__GNUC__) || defined(__clang__)
#define UNIT __attribute__((noinline))
#else
#define UNIT
#endif

_Static_assert(ECW_TABLE_SIZE == 4, "the registers below assume a table of four points");

/* registers (p256_job.h): table[j].x, .y, .z = 3j, 3j + 1, 3j + 2, then acc, pick, scratch */
enum {
    R_T0 = 0, R_T3X = 9, R_T3Y = 10, R_T3Z = 11, R_ACC_X = 12, R_ACC_Y = 13, R_ACC_Z = 14,
    R_PICK_X = 15, R_PICK_Y = 16, R_PICK_Z = 17
};
_Static_assert(sizeof(ecw_mul_state) == sizeof(ecw_fe[P256_JOB_REGS]), "registers");

/* Verification keeps r, s and e (limbs) in pick, which the double-scalar loop leaves alone,
 * its inverse's work areas in acc (as ec_soft_verify), 1/s then u2 in table[3].y, u1 in .x. */
#define R_SIG_R R_PICK_X
#define R_SIG_S R_PICK_Y
#define R_E R_PICK_Z
#define R_U1 R_T3X
#define R_U2 R_T3Y

/* job kinds; 0 means wiped */
enum { P256_JOB_ECDH = 1, P256_JOB_VERIFY, P256_JOB_SIGN };

/* phases */
enum {
    PH_LOAD,      /* the point */
    PH_SQRT_END,  /* after its square root */
    PH_TABLE,     /* ECDH: 2P, 3P, 4P */
    PH_WINDOW,    /* ECDH: the windows, top first */
    PH_VINV,      /* verification: 1/s mod n */
    PH_VSETUP,    /* verification: u1, u2, G and Q */
    PH_VTABLE,    /* verification: Q's odd multiples */
    PH_VLOOP,     /* verification: u2 Q by windows */
    PH_VCOMB,     /* verification: then u1 G by the comb (PH_COMB) */
    PH_VSUM,      /* verification: their sum */
    PH_HMAC,      /* signature: the nonce's HMAC program */
    PH_COMB,      /* signature: k G, the columns of the comb, top first */
    PH_INV,       /* the inversion of Z starts */
    PH_EXP,       /* a running exponentiation, then phase after */
    PH_ECDH_END,
    PH_VERIFY_END,
    PH_SIGN_R,    /* signature: r = x mod n, d in Montgomery form */
    PH_SIGN_PREP, /* signature: r d + e, k in Montgomery form, in two units */
    PH_SIGN_S     /* signature: s, low-s, the output */
};

static const ecw_curve *curve(void)
{
    return &fc_ecw_secp256r1;
}

/* the phase after the point is loaded */
static unsigned after_load(const p256_job *job)
{
    return job->kind == P256_JOB_ECDH ? PH_TABLE : PH_VINV;
}

/* Starts an exponentiation of register base into res, e already in u.e (its first unit sets
 * res = 1). */
static void exp_begin(p256_job *job, unsigned base, unsigned res, int mod_n, unsigned after)
{
    job->exp_base = (uint8_t)base;
    job->exp_res = (uint8_t)res;
    job->exp_mod_n = (uint8_t)mod_n;
    job->after = (uint8_t)after;
    job->count = 256;
    job->started = 1;
    job->phase = PH_EXP;
}

/* e = m - 2 (Fermat's inverse; m odd and > 2, public). */
static void exponent_minus_2(uint32_t *e, const ecw_mod *m)
{
    uint32_t borrow = 2;
    unsigned i;
    for (i = 0; i < 8; i++) {
        uint64_t d = (uint64_t)m->m[i] - borrow;
        e[i] = (uint32_t)d;
        borrow = (uint32_t)(d >> 63);
    }
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

/* ---- verification ---- */

/* 1/s mod n (ec_soft_verify: ecw_inv_vartime over acc's coordinates): a unit that begins
 * it, units of P256_VINV_STEPS steps, a unit that ends it */
static UNIT void unit_vinv(p256_job *job)
{
    const ecw_mod *n = &curve()->n;
    uint32_t *inv = job->m.reg[R_U2], *u = job->m.reg[R_ACC_X], *v = job->m.reg[R_ACC_Y];
    uint32_t *x2 = job->m.reg[R_ACC_Z];
    unsigned i;
    if (job->sub == 0) {
        ecw_to_mont(n, job->m.reg[R_U1], job->m.reg[R_SIG_S]);
        ecw_inv_vartime_begin(n, inv, job->m.reg[R_U1], u, v, x2);
        job->sub = 1;
    } else if (job->sub == 1) {
        for (i = 0; i < P256_VINV_STEPS; i++) {
            if (ecw_inv_vartime_step(n, inv, u, v, x2)) {
                job->sub = 2;
                return;
            }
        }
    } else {
        ecw_inv_vartime_end(n, inv, u, v, x2);  /* (1/s) R */
        job->sub = 0;
        job->phase = PH_VSETUP;
    }
}

/* u1 = e / s, u2 = r / s (as ec_soft_verify) in two units; then Q to table[1], G to
 * table[0] */
static UNIT void unit_vsetup(p256_job *job)
{
    const ecw_mod *n = &curve()->n;
    ecw_mul_state *st = &job->m.st;
    uint32_t *u1 = job->m.reg[R_U1], *u2 = job->m.reg[R_U2];
    if (job->sub == 0) {
        ecw_to_mont(n, u1, job->m.reg[R_E]);
        ecw_mul(n, u1, u1, u2);                  /* (e/s) R */
    } else if (job->sub == 1) {
        ecw_from_mont(n, u1, u1);
        ecw_mul(n, u2, job->m.reg[R_SIG_R], u2); /* r/s: r is not in Montgomery form */
    } else {
        /* the table of Q's odd multiples takes every table register and pick: u1 (as the
         * comb's bytes), u2 and r move to the job's spare fields */
        ecw_to_bytes(job->k, 32, u1);
        memcpy(job->u.e, u2, 32);
        memcpy(job->u.xy + 32, job->m.reg[R_SIG_R], 32);
        (void)st;
        job->sub = 0;
        job->phase = PH_VTABLE;
        return;
    }
    job->sub++;
}

/* the window loop's units */
enum { VL_FROM, VL_DBL, VL_TO, VL_ADD1, VL_ADD2 };
#define VL_NO_ADD 0xffu /* the final run of doublings, no addition after it */

static unsigned u2_bit(const p256_job *job, unsigned i)
{
    return (job->u.e[i >> 5] >> (i & 31)) & 1u;
}

/* Control, no unit: finds the next window of u2 (bits count - 1 down), as
 * ecw_window_mul_vartime does; the first window's point becomes acc, every other one sets up
 * a run of doublings and an addition; past bit 0, a last run, then the comb. */
static void vloop_next(p256_job *job)
{
    while (job->count > 0) {
        unsigned i = job->count - 1u, j, b, value = 0;
        if (!u2_bit(job, i)) {
            job->tries = (uint16_t)(job->tries + job->started);
            job->count--;
            continue;
        }
        j = i >= ECW_WINDOW - 1u ? i - (ECW_WINDOW - 1u) : 0u;
        while (!u2_bit(job, j))
            j++;
        for (b = i + 1u; b-- > j;)
            value = 2u * value + u2_bit(job, b);
        job->count = (uint16_t)j;
        if (!job->started) {
            memcpy(&job->m.st.acc, &job->m.st.table[value >> 1], sizeof(job->m.st.acc));
            job->started = 1;
            continue;
        }
        job->tries = (uint16_t)(job->tries + i - j + 1u);
        job->after = (uint8_t)(value >> 1);
        job->sub = VL_FROM;
        return;
    }
    if (job->tries > 0) {
        job->after = VL_NO_ADD;
        job->sub = VL_FROM;
        return;
    }
    job->phase = PH_VCOMB;
    job->sub = 0;
}

/* ec_soft_verify's computation from here: u2 Q by a sliding window over Q's odd multiples
 * (ecw_double_mul: the table, then runs of Jacobian doublings, an addition per window), u1 G
 * by the comb (unit_comb: the masked scans of signing, the same points as the synchronous
 * code's direct reads), their sum, and x mod n == r without an inversion. Variable time:
 * public data only. */

/* table[j] = (2j + 1) Q, pick = 2Q, in halves: units 0, 1 the doubling, then two a point */
static UNIT void unit_vtable(p256_job *job)
{
    ecw_mul_state *st = &job->m.st;
    unsigned sub = job->sub, j = sub / 2u;
    if (sub == 0)
        ecw_point_double_first(&job->ctx, &st->s, &st->pick, &st->table[0]);
    else if (sub == 1)
        ecw_point_double_second(&job->ctx, &st->s, &st->pick);
    else if ((sub & 1u) == 0)
        ecw_point_add_first(&job->ctx, &st->s, &st->table[j], &st->table[j - 1u], &st->pick);
    else
        ecw_point_add_second(&job->ctx, &st->s, &st->table[j]);
    if (++job->sub < 2u * ECW_TABLE_SIZE)
        return;
    memset(&st->acc, 0, sizeof(st->acc));
    st->acc.y[0] = 1;  /* (0 : 1 : 0) */
    job->phase = PH_VLOOP;
    job->started = 0;
    job->tries = 0;    /* doublings pending */
    job->count = curve()->n.bits;
    vloop_next(job);
}

static UNIT void unit_vloop(p256_job *job)
{
    ecw_mul_state *st = &job->m.st;
    switch (job->sub) {
    case VL_FROM:
        ecw_jacobian_from_projective(&job->ctx, &st->s, &st->acc);
        job->sub = VL_DBL;
        return;
    case VL_DBL:
        ecw_jacobian_double(&job->ctx, &st->s, &st->acc);
        if (--job->tries == 0)
            job->sub = VL_TO;
        return;
    case VL_TO:
        ecw_jacobian_to_projective(&job->ctx, &st->s, &st->acc);
        if (job->after == VL_NO_ADD) {
            job->phase = PH_VCOMB;
            job->sub = 0;
        } else {
            job->sub = VL_ADD1;
        }
        return;
    case VL_ADD1:
        ecw_point_add_first(&job->ctx, &st->s, &st->acc, &st->acc, &st->table[job->after]);
        job->sub = VL_ADD2;
        return;
    default:
        ecw_point_add_second(&job->ctx, &st->s, &st->acc);
        vloop_next(job);
        return;
    }
}

/* u2 Q to table[1] (the comb leaves it alone), then the comb over u1's bytes (job->k) */
static UNIT void unit_vcomb_start(p256_job *job)
{
    memcpy(&job->m.st.table[1], &job->m.st.acc, sizeof(job->m.st.acc));
    job->phase = PH_COMB;
    job->count = (uint16_t)(ECW_COMB_COLUMNS(curve()) - 1u);
    job->sub = 0;
}

/* acc = u1 G + u2 Q, in halves */
static UNIT void unit_vsum(p256_job *job)
{
    ecw_mul_state *st = &job->m.st;
    if (job->sub == 0) {
        ecw_point_add_first(&job->ctx, &st->s, &st->acc, &st->acc, &st->table[1]);
        job->sub = 1;
    } else {
        ecw_point_add_second(&job->ctx, &st->s, &st->acc);
        job->phase = PH_VERIFY_END;
    }
}

/* x mod n == r without inverting Z (ec_soft_verify): x = r or x = r + n (below p; n < p
 * here), so X == x Z for one of them; the point at infinity matches nothing. */
static UNIT fc_status unit_verify_end(p256_job *job)
{
    const ecw_curve *c = curve();
    ecw_point *a = &job->m.st.acc;
    uint32_t *x = job->m.st.table[0].x, *t = job->m.st.table[0].y, carry = 0;
    unsigned i, pass;
    if (ecw_is_zero(a->z, 8))
        return FC_ERR_VERIFY;
    memcpy(x, job->u.xy + 32, 32); /* r */
    for (pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            for (i = 0; i < 8; i++) {
                uint64_t v = (uint64_t)x[i] + c->n.m[i] + carry;
                x[i] = (uint32_t)v;
                carry = (uint32_t)(v >> 32);
            }
            if (carry != 0)
                return FC_ERR_VERIFY;
        }
        if (!ecw_less(x, c->p.m, 8))
            return FC_ERR_VERIFY;
        ecw_to_mont(&c->p, t, x);
        ecw_mul(&c->p, t, t, a->z);
        if (ecw_equal(t, a->x, 8))
            return FC_OK;
    }
    return FC_ERR_VERIFY;
}

/* Signature registers (below): the nonce, the comb's scalar, is in R_S_NONCE */
enum {
    R_S_K = 3, R_S_V = 4, R_S_E = 5, R_S_H1 = 6, R_S_EXTRA = 7, R_S_NONCE = 8,
    R_S_BUF = 12, R_S_IH = 18, R_S_OH = 19, R_S_H = 20,
    R_S_R = 9, R_S_DM = 10, R_S_EM = 11, R_S_KM = 0, R_S_S = 1, R_S_KINV = 2
};
#define P256_JOB_HEDGED 0x80u

static inline uint8_t *sreg(p256_job *job, unsigned r)
{
    return job->m.bytes + sizeof(ecw_fe) * r;
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

/* ---- ECDSA signature ---- */

#if FC_WITH_SHA256
/* Signature registers: the HMAC's K and V, e (K bytes as given), h1 = e mod n and the hedging
 * bytes, the nonce: bytes in table[1] and table[2], which the comb leaves alone. While the
 * HMAC runs (before the comb), its block buffer is acc and pick, its chaining values are in
 * the scratch. After the comb: r in table[3].x, d and e in Montgomery form in .y and .z, s
 * in table[0].y, k R in table[0].x (after 1/Z), 1/k in table[0].z. */

/* The nonce of RFC 6979 3.2 (with 3.6's extra bytes when hedged), as src/core/ecdsa.c makes
 * it, over SHA-256 a block per unit. HMAC_K keeps K's padded blocks compressed (ih, oh) from
 * a key step until K changes. The program: */
enum {
    S_KEY,      /* ih, oh from K: two units */
    S_K_SEED0,  /* K = HMAC_K(V || 0x00 || priv || h1 [|| extra]) */
    S_K_SEED1,  /* K = HMAC_K(V || 0x01 || priv || h1 [|| extra]) */
    S_K_NOSEED, /* K = HMAC_K(V || 0x00): step h.3 */
    S_V,        /* V = HMAC_K(V) */
    S_DRAW      /* V = HMAC_K(V), the candidate k = V */
};
static const uint8_t first_candidate[] = {S_KEY, S_K_SEED0, S_KEY, S_V, S_K_SEED1, S_KEY, S_V,
                                          S_DRAW};
/* the next candidate; K's blocks again first, as the comb has used the scratch since */
static const uint8_t next_candidate[] = {S_KEY, S_K_NOSEED, S_KEY, S_V, S_DRAW};

static const uint8_t *hmac_program(const p256_job *job, unsigned *len)
{
    if (job->tries == 0) {
        *len = sizeof(first_candidate);
        return first_candidate;
    }
    *len = sizeof(next_candidate);
    return next_candidate;
}

/* the inner message's length for an HMAC step */
static unsigned hmac_msg_len(const p256_job *job, unsigned op)
{
    switch (op) {
    case S_K_SEED0:
    case S_K_SEED1: return 32u + 1u + 64u + ((job->flags & P256_JOB_HEDGED) ? 32u : 0u);
    case S_K_NOSEED: return 33u;
    default: return 32u;
    }
}

/* units of an HMAC step: its inner blocks (after K's), the outer block */
static unsigned hmac_units(const p256_job *job, unsigned op)
{
    if (op == S_KEY)
        return 2;
    return (hmac_msg_len(job, op) + 9u + 63u) / 64u + 1u;
}

static void store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* SHA-256's padding after len bytes of which prefix came before buf (K's block): buf[len] =
 * 0x80, zeros, the bit length, to a whole number of blocks. */
static void sha256_pad(uint8_t *buf, unsigned len, unsigned prefix)
{
    unsigned total = (len + 9u + 63u) & ~63u;
    memset(buf + len, 0, total - len);
    buf[len] = 0x80;
    store32_be(buf + total - 4, (uint32_t)(8u * (len + prefix)));
}

/* The nonce's candidate in V: in [1, n - 1], or another one (declassified, as in ecdsa.c:
 * a refused candidate says nothing of the nonce used). */
static fc_status sign_candidate(p256_job *job);

/* One unit of the HMAC program. */
static UNIT fc_status unit_hmac(p256_job *job)
{
    unsigned len, op = hmac_program(job, &len)[job->pc], units = hmac_units(job, op), i;
    uint8_t *buf = sreg(job, R_S_BUF);
    uint32_t *hw = job->m.reg[R_S_H];

    if (op == S_KEY) { /* K ^ ipad, then K ^ opad, each a block from SHA-256's start */
        uint8_t pad = job->sub == 0 ? 0x36 : 0x5c;
        uint32_t *dst = job->m.reg[job->sub == 0 ? R_S_IH : R_S_OH];
        for (i = 0; i < 64; i++)
            buf[i] = (uint8_t)((i < 32 ? sreg(job, R_S_K)[i] : 0) ^ pad);
        memcpy(dst, fc_soft_sha256_iv, 32);
        fc_soft_sha256_compress(dst, buf);
    } else if (job->sub == 0) { /* the inner message, padded, and its first block */
        uint8_t *p = buf;
        memcpy(p, sreg(job, R_S_V), 32);
        p += 32;
        if (op != S_V && op != S_DRAW)
            *p++ = op == S_K_SEED1 ? 0x01 : 0x00;
        if (op == S_K_SEED0 || op == S_K_SEED1) {
            memcpy(p, job->k, 32);
            memcpy(p + 32, sreg(job, R_S_H1), 32);
            p += 64;
            if (job->flags & P256_JOB_HEDGED) {
                memcpy(p, sreg(job, R_S_EXTRA), 32);
                p += 32;
            }
        }
        sha256_pad(buf, (unsigned)(p - buf), 64);
        memcpy(hw, job->m.reg[R_S_IH], 32);
        fc_soft_sha256_compress(hw, buf);
    } else if (job->sub + 1u < units) { /* the next inner block */
        fc_soft_sha256_compress(hw, buf + 64u * job->sub);
    } else { /* the outer block: H(K ^ opad || inner digest) into K or V */
        uint8_t *dst = sreg(job, (op == S_V || op == S_DRAW) ? R_S_V : R_S_K);
        for (i = 0; i < 8; i++)
            store32_be(buf + 4 * i, hw[i]);
        sha256_pad(buf, 32, 64);
        memcpy(hw, job->m.reg[R_S_OH], 32);
        fc_soft_sha256_compress(hw, buf);
        for (i = 0; i < 8; i++)
            store32_be(dst + 4 * i, hw[i]);
    }
    if (++job->sub < units)
        return FC_PENDING;
    job->sub = 0;
    if (++job->pc < len)
        return FC_PENDING;
    job->pc = 0;
    return sign_candidate(job);
}

/* The candidate refused, or r or s 0: the next one, as ecdsa.c (256 in a row: a fault). */
static fc_status sign_retry(p256_job *job)
{
    if (++job->tries == 256)
        return FC_ERR_PROVIDER;
    job->phase = PH_HMAC;
    job->pc = 0;
    job->sub = 0;
    return FC_PENDING;
}

static fc_status sign_candidate(p256_job *job)
{
    const ecw_mod *n = &curve()->n;
    uint32_t *k = job->m.reg[R_S_R]; /* free until r */
    int ok;
    ecw_from_bytes(k, 8, sreg(job, R_S_V), 32); /* bits2int: 256 bits, the whole of V */
    ok = (int)(ecw_less(k, n->m, 8) & (ecw_is_zero(k, 8) == 0));
    fc_zeroize(k, 32);
    FC_DECLASSIFY(&ok, sizeof(ok));
    if (!ok)
        return sign_retry(job);
    memcpy(sreg(job, R_S_NONCE), sreg(job, R_S_V), 32);
    job->phase = PH_COMB;
    job->count = (uint16_t)(ECW_COMB_COLUMNS(curve()) - 1u);
    job->sub = 0;
    return FC_PENDING;
}

/* r = x mod n (x < p < 2n: one masked subtraction, as ec_soft_sign), 0 refused; d in
 * Montgomery form */
static UNIT fc_status unit_sign_r(p256_job *job)
{
    const ecw_curve *c = curve();
    uint32_t *x = job->m.reg[R_S_S], *r = job->m.reg[R_S_R], *t = job->m.reg[R_S_KINV];
    uint32_t borrow = 0;
    unsigned i;
    int zero;
    ecw_mul(&c->p, x, job->m.st.acc.x, job->m.reg[R_T0]);
    ecw_from_mont(&c->p, r, x);
    for (i = 0; i < 8; i++) {
        uint64_t d = (uint64_t)r[i] - c->n.m[i] - borrow;
        t[i] = (uint32_t)d;
        borrow = (uint32_t)(d >> 63);
    }
    ecw_cmov(r, t, 8, borrow - 1u);
    zero = ecw_is_zero(r, 8) != 0;
    FC_DECLASSIFY(&zero, sizeof(zero)); /* r is public */
    if (zero)
        return sign_retry(job);
    ecw_from_bytes(job->m.reg[R_S_DM], 8, job->k, 32);
    ecw_to_mont(&c->n, job->m.reg[R_S_DM], job->m.reg[R_S_DM]);
    job->phase = PH_SIGN_PREP;
    job->sub = 0;
    return FC_PENDING;
}

/* s = r d + e (Montgomery form; to_mont reduces e, any K-byte value), then k R, in two
 * units; then 1/k by Fermat, sliced (a fixed exponent) */
static UNIT void unit_sign_prep(p256_job *job)
{
    const ecw_mod *n = &curve()->n;
    uint32_t *s = job->m.reg[R_S_S], *e = job->m.reg[R_S_EM];
    if (job->sub == 0) {
        ecw_from_bytes(e, 8, sreg(job, R_S_E), 32);
        ecw_to_mont(n, e, e);
        ecw_to_mont(n, s, job->m.reg[R_S_R]);
        job->sub = 1;
        return;
    }
    ecw_mul(n, s, s, job->m.reg[R_S_DM]);  /* r d */
    ecw_add(n, s, s, e);                   /* e + r d */
    ecw_from_bytes(job->m.reg[R_S_KM], 8, sreg(job, R_S_NONCE), 32);
    ecw_to_mont(n, job->m.reg[R_S_KM], job->m.reg[R_S_KM]);
    job->sub = 0;
    exponent_minus_2(job->u.e, n);
    exp_begin(job, R_S_KM, R_S_KINV, 1, PH_SIGN_S);
}

/* s = (e + r d) / k, 0 refused; low-s on request (s > n / 2: n - s; public, as ecdsa.c);
 * r || s out */
static UNIT fc_status unit_sign_s(p256_job *job)
{
    const ecw_mod *n = &curve()->n;
    uint32_t *s = job->m.reg[R_S_S], *half = job->m.reg[R_S_DM];
    unsigned i;
    int zero;
    ecw_mul(n, s, s, job->m.reg[R_S_KINV]);
    ecw_from_mont(n, s, s);
    zero = ecw_is_zero(s, 8) != 0;
    FC_DECLASSIFY(&zero, sizeof(zero)); /* s is public */
    if (zero)
        return sign_retry(job);
    FC_DECLASSIFY(s, 32);
    if (job->flags & FC_ECDSA_LOW_S) {
        for (i = 0; i < 8; i++) /* half = n >> 1 */
            half[i] = (n->m[i] >> 1) | (i + 1 < 8 ? n->m[i + 1] << 31 : 0);
        if (ecw_less(half, s, 8))
            ecw_neg(n, s, s);
    }
    ecw_to_bytes(job->out, 32, job->m.reg[R_S_R]);
    ecw_to_bytes(job->out + 32, 32, s);
    return FC_OK;
}
#else
static fc_status sign_retry(p256_job *job)
{
    (void)job;
    return FC_ERR_STATE; /* no signature job without SHA-256 */
}
#endif /* FC_WITH_SHA256 */

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
    case PH_VINV: unit_vinv(job); return FC_PENDING;
    case PH_VSETUP: unit_vsetup(job); return FC_PENDING;
    case PH_VTABLE: unit_vtable(job); return FC_PENDING;
    case PH_VLOOP: unit_vloop(job); return FC_PENDING;
    case PH_VCOMB: unit_vcomb_start(job); return FC_PENDING;
    case PH_COMB: unit_comb(job); return FC_PENDING;
    case PH_VSUM: unit_vsum(job); return FC_PENDING;
    case PH_INV: return unit_inv_start(job);
    case PH_EXP: unit_exp(job); return FC_PENDING;
    case PH_ECDH_END: return unit_ecdh_end(job);
    case PH_VERIFY_END: return unit_verify_end(job);
#if FC_WITH_SHA256
    case PH_HMAC: return unit_hmac(job);
    case PH_SIGN_R: return unit_sign_r(job);
    case PH_SIGN_PREP: unit_sign_prep(job); return FC_PENDING;
    case PH_SIGN_S: return unit_sign_s(job);
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
