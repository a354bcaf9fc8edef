/* ECDSA verification (ec_soft_verify's computation) as units of the soft provider's secp256r1
 * job (p256_job.c runs them): the public key as for ECDH (p256_job.c's units); 1/s mod n by
 * the variable-time binary inverse, P256_VINV_STEPS of its steps per unit; u1 = e / s,
 * u2 = r / s; Q's odd multiples; u2 Q by a sliding window (runs of Jacobian doublings, a unit
 * each, an addition per window, the windows found between units); u1 G by the comb of
 * signing; their sum; X == x Z for x = r or r + n. Variable time: public data only.
 */
#include "fieldcrypt/config.h"

#include "soft.h"

#if FC_WITH_EC && FC_WITH_CURVE_JOBS

#include <string.h>

#include "p256_job_internal.h"
#include "p256_job_costs.h"

/* 1/s mod n (ec_soft_verify: ecw_inv_vartime over acc's coordinates): a unit that begins
 * it, units of P256_VINV_STEPS steps, a unit that ends it */
UNIT void p256_unit_vinv(p256_job *job)
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
UNIT void p256_unit_vsetup(p256_job *job)
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
 * by the comb (unit_comb, p256_job.c: the masked scans of signing, the same points as the
 * synchronous code's direct reads), their sum, and x mod n == r without an inversion.
 * Variable time: public data only. */

/* table[j] = (2j + 1) Q, pick = 2Q, in halves: units 0, 1 the doubling, then two a point */
UNIT void p256_unit_vtable(p256_job *job)
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

UNIT void p256_unit_vloop(p256_job *job)
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
UNIT void p256_unit_vcomb_start(p256_job *job)
{
    memcpy(&job->m.st.table[1], &job->m.st.acc, sizeof(job->m.st.acc));
    job->phase = PH_COMB;
    job->count = (uint16_t)(ECW_COMB_COLUMNS(curve()) - 1u);
    job->sub = 0;
}

/* acc = u1 G + u2 Q, in halves */
UNIT void p256_unit_vsum(p256_job *job)
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
UNIT fc_status p256_unit_verify_end(p256_job *job)
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

#endif
