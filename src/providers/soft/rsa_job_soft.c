/* Raw RSA in slices (engine.h): the operations of rsa_soft.c cut into units small enough for
 * a 30,000-cycle slice on the Cortex-M0+ model, whatever the modulus.
 *
 * The work is a short program per operation (below): instructions that convert the copied key,
 * set up Montgomery contexts, reduce, invert, exponentiate and combine, each made of glue
 * steps and Montgomery products. A product runs row by row (fc_bn_mont_row), a few rows per
 * unit, so no unit grows with the modulus beyond one row group; the inverse runs a few rounds
 * per unit, the set-up a few doublings. Everything lives in the caller's work area (the
 * provider's part of fc_rsa_work, laid out as fc_rsa_soft_work); the job's own state is a few
 * pointers and counters.
 *
 * Constant time: as rsa_soft.c. The program, the number of rows, rounds and doublings, and the
 * exponent windows' positions depend on the sizes and the public exponent only; secret values
 * go through bn.c's constant-time code; the table of a secret power is read whole. The same
 * verdicts as rsa_soft.c are made public (the key's consistency, the blinding factor's
 * invertibility, the check by e).
 *
 * Wiping: the temporaries (a power's table, a reduction's halves) stay in the work area, which
 * holds the key throughout, until the program's last instructions wipe all of it, a chunk per
 * unit; a failure jumps to that wipe too. Only the result's register is written out and
 * zeroed last.
 */
#include <string.h>

#include "fieldcrypt/ct.h"
#include "core/core.h"
#include "mul32.h"
#include "rsa_soft.h"
#include "soft.h"

#if FC_WITH_RSA && FC_WITH_ENGINE

/* The registers: the arrays of fc_rsa_soft_work an instruction names. UNBLIND_P and
 * UNBLIND_Q are the two halves of unblind; ONE is the constant 1 (a product by it leaves
 * Montgomery form); NONE is no operand. */
enum {
    R_NONE, R_ONE, R_IN, R_N, R_E, R_X, R_Y, R_BLIND, R_UNBLIND, R_UNBLIND_P, R_UNBLIND_Q,
    R_P, R_Q, R_DP, R_DQ, R_QINV, R_MP, R_MQ, R_N_RR, R_P_RR, R_Q_RR
};
/* The moduli: the Montgomery contexts of n, p and q. */
enum { M_N, M_P, M_Q };

enum {
    OP_CONVERT,  /* the key's and input's bytes into limbs, one register per unit */
    OP_RANDOM,   /* the blinding's random words, from the caller's rng */
    OP_CHECK,    /* public key and input (e < n, in < n); private: the primes' shape */
    OP_SETUP,    /* a Montgomery context: set-up, doublings, squarings */
    OP_PQ,       /* p q == n, by rows of a schoolbook product into x */
    OP_MUL,      /* r = a b / R mod m (b = ONE: out of Montgomery form) */
    OP_MOD,      /* r = a mod m (a: its register's limbs, then b's two limbs above them) */
    OP_INV,      /* r = a^-1 mod m (fails openly when not invertible) */
    OP_EXP,      /* r = a^b mod m, b secret (the CRT exponents) */
    OP_EXP_E,    /* r = a^e mod n, e public */
    OP_SUB_MOD,  /* r = r - a mod m, for r, a < m */
    OP_COMBINE,  /* x = mp q + mq, by rows */
    OP_CHECK_E,  /* the check by e: y == in, or the result is refused */
    OP_WIPE,     /* the work area zeroed, a chunk per unit, but for register r */
    OP_PUBLIC_OUT,
    OP_PRIVATE_OUT,
    OP_FAIL      /* the end of a failed job: its status */
};

typedef struct rsa_insn {
    uint8_t op, mod, r, a, b;
} rsa_insn;

/* RSAVP1 / RSAEP. */
static const rsa_insn prog_public[] = {
    {OP_CONVERT, 0, 0, 0, 0},
    {OP_CHECK, 0, 0, 0, 0},
    {OP_SETUP, M_N, 0, 0, 0},
    {OP_EXP_E, M_N, R_Y, R_IN, 0},
    {OP_WIPE, 0, R_Y, 0, 0},
    {OP_PUBLIC_OUT, 0, 0, 0, 0},
};

/* RSADP / RSASP1 by the CRT with blinding and the check by e, as rsa_soft.c. The random words
 * wait in unblind (n limbs) and mp (the two words above) until they are reduced. */
static const rsa_insn prog_private[] = {
    {OP_CONVERT, 0, 0, 0, 0},
    {OP_RANDOM, 0, 0, 0, 0},
    {OP_CHECK, 0, 0, 0, 0},
    {OP_SETUP, M_N, 0, 0, 0},
    {OP_SETUP, M_P, 0, 0, 0},
    {OP_SETUP, M_Q, 0, 0, 0},
    {OP_PQ, 0, 0, 0, 0},
    /* the blinding factor r, r^-1 mod p and mod q, r^e mod n */
    {OP_MOD, M_N, R_BLIND, R_UNBLIND, R_MP},
    {OP_MOD, M_P, R_MP, R_BLIND, R_NONE},
    {OP_INV, M_P, R_UNBLIND_P, R_MP, 0},
    {OP_MOD, M_Q, R_MQ, R_BLIND, R_NONE},
    {OP_INV, M_Q, R_UNBLIND_Q, R_MQ, 0},
    {OP_EXP_E, M_N, R_Y, R_BLIND, 0},
    /* c' = c r^e mod n */
    {OP_MUL, M_N, R_X, R_IN, R_N_RR},
    {OP_MUL, M_N, R_X, R_X, R_Y},
    /* the halves, unblinded */
    {OP_MOD, M_P, R_MP, R_X, R_NONE},
    {OP_EXP, M_P, R_MP, R_MP, R_DP},
    {OP_MOD, M_Q, R_MQ, R_X, R_NONE},
    {OP_EXP, M_Q, R_MQ, R_MQ, R_DQ},
    {OP_MUL, M_P, R_MP, R_MP, R_UNBLIND_P},
    {OP_MUL, M_P, R_MP, R_MP, R_P_RR},
    {OP_MUL, M_Q, R_MQ, R_MQ, R_UNBLIND_Q},
    {OP_MUL, M_Q, R_MQ, R_MQ, R_Q_RR},
    /* Garner: h = qInv (m1 - m2) mod p, m = m2 + h q */
    {OP_MOD, M_P, R_BLIND, R_MQ, R_NONE},
    {OP_SUB_MOD, M_P, R_MP, R_BLIND, 0},
    {OP_MUL, M_P, R_MP, R_MP, R_QINV},
    {OP_MUL, M_P, R_MP, R_MP, R_P_RR},
    {OP_COMBINE, 0, 0, 0, 0},
    /* the check: m^e == c */
    {OP_EXP_E, M_N, R_Y, R_X, 0},
    {OP_CHECK_E, 0, 0, 0, 0},
    {OP_WIPE, 0, R_X, 0, 0},
    {OP_PRIVATE_OUT, 0, 0, 0, 0},
};

/* After a failure: the whole work area wiped, then the failure's status. */
static const rsa_insn prog_fail[] = {
    {OP_WIPE, 0, R_NONE, 0, 0},
    {OP_FAIL, 0, 0, 0, 0},
};

#define RSA_JOB_PUBLIC 0x52534131u  /* kind markers: anything else is not a job */
#define RSA_JOB_PRIVATE 0x52534132u

typedef struct rsa_job {
    uint32_t kind;
    fc_rsa_soft_work *work;
    uint8_t *out;
    const rsa_insn *insn;     /* the next instruction */
    const fc_rng *rng;        /* the private operation's blinding source */
    /* the product in progress (busy), row by row into work->scratch */
    const fc_bn_mont *mont;
    uint32_t *mr;
    const uint32_t *ma, *mb;  /* mb NULL: the product by one */
    uint16_t row, busy;
    uint16_t k, limbs;        /* the modulus's bytes and limbs */
    uint16_t sub;             /* the instruction's own step */
    uint16_t e_top;           /* bits of e */
    uint32_t count, count2;   /* the instruction's loop counters */
    int32_t failed;           /* the status of a failed job, while its wipe runs */
} rsa_job;

FC_STATE_FITS(rsa_job, FC_SOFT_RSA_JOB_STATE);

/* ---- cost of the units, in cycles of the build's target (bench/calibrate_engine.py --rsa) */

/* rows of a product per unit for an n-limb modulus, and a unit's cost */
#if defined(__ARM_ARCH_7EM__)
#define RSA_ROW_FIXED 200u
#define RSA_ROW_PER_LIMB 17u
#define RSA_GLUE_PER_LIMB 17u
#define RSA_INV_PER_LIMB 125u
#define RSA_LOOKUP_PER_WORD 11u
#elif defined(__riscv)
#define RSA_ROW_FIXED 200u
#define RSA_ROW_PER_LIMB 38u
#define RSA_GLUE_PER_LIMB 21u
#define RSA_INV_PER_LIMB 110u
#define RSA_LOOKUP_PER_WORD 17u
#else
#define RSA_ROW_FIXED 400u
#define RSA_ROW_PER_LIMB 170u
#define RSA_GLUE_PER_LIMB 36u
#define RSA_INV_PER_LIMB 270u
#define RSA_LOOKUP_PER_WORD 22u
#endif
#define RSA_UNIT_FIXED 400u  /* a unit's dispatch */
#define RSA_WIPE_PER_BYTE 6u /* fc_zeroize */
/* A unit aims at this many cycles: a 28,000-cycle budget then fits two on the M0+. */
#define RSA_UNIT_AIM 12000u

static uint32_t row_cost(unsigned n)
{
    return RSA_ROW_FIXED + RSA_ROW_PER_LIMB * n;
}

/* Rows (or inverse rounds, or doublings) per unit: as many as fit RSA_UNIT_AIM, at least 1. */
static uint32_t per_unit(uint32_t each)
{
    uint32_t k = (RSA_UNIT_AIM - RSA_UNIT_FIXED) / each;
    return k == 0 ? 1 : k;
}

/* The cost of a unit of per_unit(each) steps of each cycles (an upper bound for the last,
 * shorter group). */
static uint32_t group_cost(uint32_t each)
{
    return RSA_UNIT_FIXED + per_unit(each) * each;
}

/* ---- registers */

static uint32_t *reg(rsa_job *job, unsigned r)
{
    fc_rsa_soft_work *w = job->work;
    unsigned half = job->limbs / 2u;
    switch (r) {
    case R_IN: return w->in;
    case R_N: return w->n;
    case R_E: return w->e;
    case R_X: return w->x;
    case R_Y: return w->y;
    case R_BLIND: return w->blind;
    case R_UNBLIND: return w->unblind;
    case R_UNBLIND_P: return w->unblind;
    case R_UNBLIND_Q: return w->unblind + half;
    case R_P: return w->p;
    case R_Q: return w->q;
    case R_DP: return w->dp;
    case R_DQ: return w->dq;
    case R_QINV: return w->qinv;
    case R_MP: return w->mp;
    case R_MQ: return w->mq;
    case R_N_RR: return w->n_rr;
    case R_P_RR: return w->p_rr;
    case R_Q_RR: return w->q_rr;
    default: return NULL; /* R_NONE, R_ONE */
    }
}

/* Limbs of a register: the modulus's for the full-size ones, half for the primes' */
static unsigned reg_limbs(const rsa_job *job, unsigned r)
{
    switch (r) {
    case R_IN: case R_N: case R_E: case R_X: case R_Y: case R_BLIND: case R_UNBLIND:
    case R_N_RR:
        return job->limbs;
    default:
        return job->limbs / 2u;
    }
}

static fc_bn_mont *modulus(rsa_job *job, unsigned m)
{
    fc_rsa_soft_work *w = job->work;
    return m == M_N ? &w->mont_n : m == M_P ? &w->mont_p : &w->mont_q;
}

/* The scratch: the product's t (limbs + 2) first, then the instructions' temporaries. */
static uint32_t *temp(rsa_job *job)
{
    return job->work->scratch + job->limbs + 2u;
}

/* ---- the product engine */

static void mul_start(rsa_job *job, const fc_bn_mont *mont, uint32_t *r, const uint32_t *a,
                      const uint32_t *b)
{
    job->mont = mont;
    job->mr = r;
    job->ma = a;
    job->mb = b;
    job->row = 0;
    job->busy = 1;
    memset(job->work->scratch, 0, (mont->n + 2u) * sizeof(uint32_t));
}

/* A group of rows, or, once every row has run, the final subtraction on its own (a unit of
 * its own: on the M0+ a 4096-bit row and the final together would pass 30,000 cycles). */
static void mul_rows(rsa_job *job)
{
    const fc_bn_mont *mont = job->mont;
    unsigned n = mont->n, end = job->row + per_unit(row_cost(n));
    uint32_t *t = job->work->scratch;
    if (job->row == n) {
        fc_bn_mont_final(mont, job->mr, t);
        job->busy = 0;
        return;
    }
    if (end > n)
        end = n;
    for (; job->row < end; job->row++)
        fc_bn_mont_row(mont, t, job->ma, job->mb != NULL ? job->mb[job->row] : job->row == 0);
}

/* ---- the instructions: each returns FC_PENDING while it has steps left (next sub), FC_OK
 * when it is done (the program moves on), or a failure. */

/* Converts, in place, a register holding the big-endian bytes right-aligned in its words
 * (as the start left them) into limbs. */
static void convert(uint32_t *r, unsigned limbs)
{
    uint8_t *b = (uint8_t *)r;
    size_t i, len = (size_t)limbs * 4u;
    for (i = 0; i < len / 2; i++) { /* reversed: least significant byte first */
        uint8_t t = b[i];
        b[i] = b[len - 1 - i];
        b[len - 1 - i] = t;
    }
    for (i = 0; i < limbs; i++) /* each word from its own four bytes, whatever the endianness */
        r[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
               (uint32_t)b[4 * i + 3] << 24;
}

static const uint8_t convert_public[] = {R_N, R_E, R_IN};
static const uint8_t convert_private[] = {R_N, R_E, R_IN, R_P, R_Q, R_DP, R_DQ, R_QINV};

static fc_status op_convert(rsa_job *job)
{
    int priv = job->kind == RSA_JOB_PRIVATE;
    const uint8_t *list = priv ? convert_private : convert_public;
    unsigned count = priv ? sizeof(convert_private) : sizeof(convert_public);
    unsigned r = list[job->sub];
    convert(reg(job, r), reg_limbs(job, r));
    return ++job->sub < count ? FC_PENDING : FC_OK;
}

/* r: n + 2 random words, the low n in unblind, the two above in mp. */
static fc_status op_random(rsa_job *job)
{
    fc_rsa_soft_work *w = job->work;
    const fc_rng *rng = job->rng;
    if (rng->fill(rng->user, (uint8_t *)w->unblind, job->k) != 0 ||
        rng->fill(rng->user, (uint8_t *)w->mp, 2u * sizeof(uint32_t)) != 0)
        return FC_ERR_RNG_FAILED;
    return FC_OK;
}

static fc_status op_check(rsa_job *job)
{
    fc_rsa_soft_work *w = job->work;
    unsigned limbs = job->limbs, half = limbs / 2u;
    uint32_t below = fc_bn_less(w->in, w->n, limbs), bad;
    unsigned top = 32u * limbs;
    while (top > 32 && w->e[top / 32 - 1] == 0) /* e is public */
        top -= 32;
    while (top > 0 && ((w->e[(top - 1) / 32] >> ((top - 1) % 32)) & 1u) == 0)
        top--;
    job->e_top = (uint16_t)top;
    FC_DECLASSIFY(&below, sizeof(below)); /* a valid input is public knowledge */
    if (!below)
        return FC_ERR_ARGUMENT;
    if (!fc_bn_less(w->e, w->n, limbs))
        return FC_ERR_KEY; /* public */
    if (job->kind != RSA_JOB_PRIVATE)
        return FC_OK;
    bad = fc_bn_is_zero(w->p + half - 1, 1) | fc_bn_is_zero(w->q + half - 1, 1) |
          ((w->p[0] & w->q[0] & 1u) - 1u);
    FC_DECLASSIFY(&bad, sizeof(bad)); /* a malformed key is refused openly */
    return bad ? FC_ERR_KEY : FC_OK;
}

static fc_status op_setup(rsa_job *job, const rsa_insn *in)
{
    fc_bn_mont *mont = modulus(job, in->mod);
    fc_rsa_soft_work *w = job->work;
    unsigned doublings, squarings, i, batch;
    if (job->sub == 0) {
        const uint32_t *m = in->mod == M_N ? w->n : in->mod == M_P ? w->p : w->q;
        uint32_t *rr = in->mod == M_N ? w->n_rr : in->mod == M_P ? w->p_rr : w->q_rr;
        unsigned n = in->mod == M_N ? job->limbs : job->limbs / 2u;
        fc_bn_mont_setup(mont, m, n, rr, &doublings, &squarings);
        job->count = doublings;
        job->count2 = squarings;
        job->sub = 1;
        return FC_PENDING;
    }
    if (job->count > 0) {
        batch = per_unit(RSA_GLUE_PER_LIMB * 3u * mont->n);
        for (i = 0; i < batch && job->count > 0; i++, job->count--)
            fc_bn_mont_double(mont, mont->rr, temp(job));
        return FC_PENDING;
    }
    if (job->count2 > 0) {
        job->count2--;
        mul_start(job, mont, mont->rr, mont->rr, mont->rr);
        return FC_PENDING;
    }
    return FC_OK;
}

/* r[i .. i + an] += a bi: one row of a schoolbook product (r zeroed first). */
static void school_row(uint32_t *r, const uint32_t *a, unsigned an, uint32_t bi)
{
    uint64_t c = 0;
    unsigned j;
    for (j = 0; j < an; j++) {
        c = fc_soft_mul32(a[j], bi) + r[j] + (c >> 32);
        r[j] = (uint32_t)c;
    }
    r[an] = (uint32_t)(c >> 32);
}

/* Rows of x = a b (half limbs each) from row job->count; 1 when the product is complete. */
static int school_rows(rsa_job *job, uint32_t *x, const uint32_t *a, const uint32_t *b)
{
    unsigned half = job->limbs / 2u, end = job->count + per_unit(row_cost(half));
    if (job->count == 0)
        memset(x, 0, job->limbs * sizeof(uint32_t));
    if (end > half)
        end = half;
    for (; job->count < end; job->count++)
        school_row(x + job->count, a, half, b[job->count]);
    return job->count == half;
}

static fc_status op_pq(rsa_job *job)
{
    fc_rsa_soft_work *w = job->work;
    uint32_t same;
    if (!school_rows(job, w->x, w->p, w->q))
        return FC_PENDING;
    same = fc_bn_equal(w->x, w->n, job->limbs);
    FC_DECLASSIFY(&same, sizeof(same)); /* n is public: whether p q is n says nothing more */
    return same ? FC_OK : FC_ERR_KEY;
}

static fc_status op_mul(rsa_job *job, const rsa_insn *in)
{
    if (job->sub++ > 0)
        return FC_OK; /* the product has run */
    mul_start(job, modulus(job, in->mod), reg(job, in->r), reg(job, in->a),
              in->b == R_ONE ? NULL : reg(job, in->b));
    return FC_PENDING;
}

/* a mod m as fc_bn_mod: a = hi R + lo, the sum of hi R^2 R and lo R in Montgomery form, then
 * out of it. The temporaries hold hi and lo (n limbs each). */
static fc_status op_mod(rsa_job *job, const rsa_insn *in)
{
    fc_bn_mont *mont = modulus(job, in->mod);
    unsigned n = mont->n;
    uint32_t *hi = temp(job), *lo = hi + n, *t = lo + n;
    switch (job->sub++) {
    case 0: {
        const uint32_t *a = reg(job, in->a);
        unsigned a_limbs = reg_limbs(job, in->a), low = a_limbs < n ? a_limbs : n;
        memset(hi, 0, 2u * n * sizeof(uint32_t));
        memcpy(lo, a, low * sizeof(uint32_t));
        memcpy(hi, a + low, (a_limbs - low) * sizeof(uint32_t));
        if (in->b != R_NONE)
            memcpy(hi, reg(job, in->b), 2u * sizeof(uint32_t)); /* the random words above */
        mul_start(job, mont, hi, hi, mont->rr);
        return FC_PENDING;
    }
    case 1: mul_start(job, mont, hi, hi, mont->rr); return FC_PENDING;
    case 2: mul_start(job, mont, lo, lo, mont->rr); return FC_PENDING;
    case 3: {
        uint32_t carry = fc_bn_add(lo, lo, hi, n), borrow = fc_bn_sub(t, lo, mont->m, n);
        fc_bn_cmov(lo, t, n, ~(0u - (borrow & (carry ^ 1u))));
        mul_start(job, mont, reg(job, in->r), lo, NULL);
        return FC_PENDING;
    }
    default:
        return FC_OK;
    }
}

static fc_status op_inv(rsa_job *job, const rsa_insn *in)
{
    fc_bn_mont *mont = modulus(job, in->mod);
    unsigned n = mont->n;
    uint32_t *r = reg(job, in->r), batch, ok;
    if (job->sub == 0) {
        fc_bn_inv_begin(r, reg(job, in->a), mont->m, n, temp(job));
        job->count = FC_BN_INV_ROUNDS(n);
        job->sub = 1;
        return FC_PENDING;
    }
    if (job->count > 0) {
        batch = per_unit(RSA_INV_PER_LIMB * n);
        if (batch > job->count)
            batch = job->count;
        fc_bn_inv_rounds(r, mont->m, n, temp(job), batch);
        job->count -= batch;
        return FC_PENDING;
    }
    ok = fc_bn_inv_end(n, temp(job));
    /* an r sharing a factor with n (probability about 2^-1023) is refused openly */
    FC_DECLASSIFY(&ok, sizeof(ok));
    return ok ? FC_OK : FC_ERR_RNG_FAILED;
}

/* w bits of exp from bit pos (public positions; bits past the end read as zero). */
static uint32_t exp_window(const uint32_t *exp, unsigned limbs, unsigned pos)
{
    unsigned limb = pos / 32, off = pos % 32;
    uint32_t v = exp[limb] >> off;
    if (off + FC_RSA_WINDOW > 32 && limb + 1 < limbs)
        v |= exp[limb + 1] << (32 - off);
    return v & ((1u << FC_RSA_WINDOW) - 1u);
}

/* out = table[index], every entry read, the wanted one kept by mask. */
static void exp_lookup(uint32_t *out, const uint32_t *table, unsigned n, uint32_t index)
{
    unsigned k, j;
    memset(out, 0, n * sizeof(uint32_t));
    for (k = 0; k < (1u << FC_RSA_WINDOW); k++) {
        uint32_t d = k ^ index, mask = ((d | (0u - d)) >> 31) - 1u;
        const uint32_t *e = table + (size_t)k * n;
        for (j = 0; j < n; j++)
            out[j] |= e[j] & mask;
    }
}

/* The fixed-window power of fc_bn_mont_exp. sub: 0 table[0], 1 table[1], 2 the rest of the
 * table (count: the entry), 3 the first window, 4 a window's squarings (count2 left) and its
 * product, 5 out of Montgomery form, 6 wipe. count: the windows left below the current. */
static fc_status op_exp(rsa_job *job, const rsa_insn *in)
{
    fc_bn_mont *mont = modulus(job, in->mod);
    unsigned n = mont->n, entries = 1u << FC_RSA_WINDOW;
    uint32_t *table = temp(job), *acc = table + (size_t)entries * n, *entry = acc + n;
    const uint32_t *exp = reg(job, in->b);
    unsigned windows = (32u * n + FC_RSA_WINDOW - 1u) / FC_RSA_WINDOW;
    switch (job->sub) {
    case 0:
        memset(table, 0, n * sizeof(uint32_t));
        table[0] = 1;
        mul_start(job, mont, table, table, mont->rr);
        job->sub = 1;
        return FC_PENDING;
    case 1:
        mul_start(job, mont, table + n, reg(job, in->a), mont->rr);
        job->count = 2;
        job->sub = 2;
        return FC_PENDING;
    case 2:
        if (job->count < entries) {
            mul_start(job, mont, table + (size_t)job->count * n,
                      table + (size_t)(job->count - 1) * n, table + n);
            job->count++;
            return FC_PENDING;
        }
        job->sub = 3;
        return FC_PENDING;
    case 3:
        exp_lookup(acc, table, n, exp_window(exp, n, (windows - 1u) * FC_RSA_WINDOW));
        job->count = windows - 1u;
        job->count2 = FC_RSA_WINDOW;
        job->sub = 4;
        return FC_PENDING;
    case 4:
        if (job->count == 0) {
            mul_start(job, mont, reg(job, in->r), acc, NULL);
            job->sub = 5;
            return FC_PENDING;
        }
        if (job->count2 > 0) {
            job->count2--;
            mul_start(job, mont, acc, acc, acc);
            return FC_PENDING;
        }
        job->count--;
        job->count2 = FC_RSA_WINDOW;
        exp_lookup(entry, table, n, exp_window(exp, n, job->count * FC_RSA_WINDOW));
        mul_start(job, mont, acc, acc, entry);
        return FC_PENDING;
    default:
        return FC_OK;
    }
}

/* Left-to-right square-and-multiply by the public e, as fc_bn_mont_exp_public. sub: 0 the base
 * into Montgomery form, 1 the first bit, 2 squarings and products (count: bits left; count2:
 * 1 when the bit's product is due), 3 out of Montgomery form, 4 wipe. */
static fc_status op_exp_e(rsa_job *job, const rsa_insn *in)
{
    fc_bn_mont *mont = modulus(job, in->mod);
    unsigned n = mont->n;
    uint32_t *b = temp(job), *r = reg(job, in->r);
    const uint32_t *e = job->work->e;
    switch (job->sub) {
    case 0:
        mul_start(job, mont, b, reg(job, in->a), mont->rr);
        job->sub = 1;
        return FC_PENDING;
    case 1:
        memcpy(r, b, n * sizeof(uint32_t));
        job->count = job->e_top - 1u;
        job->count2 = 0;
        job->sub = 2;
        return FC_PENDING;
    case 2:
        if (job->count2) {
            job->count2 = 0;
            mul_start(job, mont, r, r, b);
            return FC_PENDING;
        }
        if (job->count > 0) {
            unsigned i = --job->count;
            job->count2 = (e[i / 32] >> (i % 32)) & 1u;
            mul_start(job, mont, r, r, r);
            return FC_PENDING;
        }
        mul_start(job, mont, r, r, NULL);
        job->sub = 3;
        return FC_PENDING;
    default:
        return FC_OK;
    }
}

static fc_status op_sub_mod(rsa_job *job, const rsa_insn *in)
{
    fc_bn_mont *mont = modulus(job, in->mod);
    unsigned n = mont->n;
    uint32_t *r = reg(job, in->r), *t = temp(job);
    uint32_t borrow = fc_bn_sub(r, r, reg(job, in->a), n);
    (void)fc_bn_add(t, r, mont->m, n);
    fc_bn_cmov(r, t, n, 0u - borrow);
    return FC_OK;
}

/* x = h q + m2 (h in mp): the schoolbook rows, then the sum. */
static fc_status op_combine(rsa_job *job)
{
    fc_rsa_soft_work *w = job->work;
    unsigned half = job->limbs / 2u;
    if (!school_rows(job, w->x, w->mp, w->q))
        return FC_PENDING;
    memset(w->y, 0, sizeof(w->y));
    memcpy(w->y, w->mq, half * sizeof(uint32_t));
    (void)fc_bn_add(w->x, w->x, w->y, job->limbs); /* < p q: no carry out */
    return FC_OK;
}

static fc_status op_check_e(rsa_job *job)
{
    fc_rsa_soft_work *w = job->work;
    uint32_t good = fc_bn_equal(w->y, w->in, job->limbs);
    FC_DECLASSIFY(&good, sizeof(good)); /* a refused result is public: nothing is released */
    return good ? FC_OK : FC_ERR_PROVIDER;
}

/* Zeroes the work area from job->count on, a chunk per unit, all but register keep (the
 * result, written out and wiped by the last instruction). */
static fc_status op_wipe(rsa_job *job, const rsa_insn *in)
{
    uint8_t *base = (uint8_t *)job->work;
    size_t size = sizeof(*job->work), from = job->count;
    size_t to = from + per_unit(RSA_WIPE_PER_BYTE), keep = size, keep_end = size;
    if (in->r != R_NONE) {
        keep = (size_t)((uint8_t *)reg(job, in->r) - base);
        keep_end = keep + (size_t)job->limbs * 4u;
    }
    if (to > size)
        to = size;
    if (from < keep)
        fc_zeroize(base + from, (to < keep ? to : keep) - from);
    if (from < keep_end)
        from = keep_end;
    if (to > from)
        fc_zeroize(base + from, to - from);
    job->count = (uint32_t)to;
    return to < size ? FC_PENDING : FC_OK;
}

/* The result out of register r, which is then wiped: the work area is all zero. */
static fc_status op_out(rsa_job *job, unsigned r)
{
    uint32_t *x = reg(job, r);
    fc_bn_to_bytes(job->out, job->k, x, job->limbs);
    fc_zeroize(x, (size_t)job->limbs * 4u);
    return FC_OK;
}

static fc_status execute(rsa_job *job)
{
    const rsa_insn *in = job->insn;
    fc_status st;
    if (job->busy) {
        mul_rows(job);
        return FC_PENDING;
    }
    switch (in->op) {
    case OP_CONVERT: st = op_convert(job); break;
    case OP_RANDOM: st = op_random(job); break;
    case OP_CHECK: st = op_check(job); break;
    case OP_SETUP: st = op_setup(job, in); break;
    case OP_PQ: st = op_pq(job); break;
    case OP_MUL: st = op_mul(job, in); break;
    case OP_MOD: st = op_mod(job, in); break;
    case OP_INV: st = op_inv(job, in); break;
    case OP_EXP: st = op_exp(job, in); break;
    case OP_EXP_E: st = op_exp_e(job, in); break;
    case OP_SUB_MOD: st = op_sub_mod(job, in); break;
    case OP_COMBINE: st = op_combine(job); break;
    case OP_CHECK_E: st = op_check_e(job); break;
    case OP_WIPE: st = op_wipe(job, in); break;
    case OP_PUBLIC_OUT: return op_out(job, R_Y);  /* the programs' ends */
    case OP_PRIVATE_OUT: return op_out(job, R_X);
    case OP_FAIL: return (fc_status)job->failed;
    default: return FC_ERR_STATE;
    }
    if (st == FC_OK) { /* the next instruction */
        job->insn++;
    } else if (st != FC_PENDING) { /* failed: wipe everything, a chunk at a time, then end */
        job->failed = st;
        job->insn = prog_fail;
    } else {
        return FC_PENDING;
    }
    job->sub = 0;
    job->count = job->count2 = 0;
    job->busy = 0;
    return FC_PENDING;
}

/* The cost of the next unit: a group of rows, or the instruction's step (a bound). */
static uint32_t next_cost(const rsa_job *job)
{
    const rsa_insn *in = job->insn;
    unsigned n;
    if (job->busy && job->row == job->mont->n) /* the final subtraction */
        return RSA_UNIT_FIXED + 2u * RSA_GLUE_PER_LIMB * job->mont->n;
    if (job->busy) {
        uint32_t each = row_cost(job->mont->n), rows = per_unit(each);
        if (rows > (uint32_t)(job->mont->n - job->row))
            rows = (uint32_t)(job->mont->n - job->row);
        return RSA_UNIT_FIXED + rows * each;
    }
    n = in->mod == M_N ? job->limbs : job->limbs / 2u;
    switch (in->op) {
    case OP_EXP: /* a table lookup, or a product's start */
        if (job->sub == 3 || (job->sub == 4 && job->count > 0 && job->count2 == 0))
            return RSA_UNIT_FIXED + RSA_LOOKUP_PER_WORD * (n << FC_RSA_WINDOW);
        return RSA_UNIT_FIXED + 2u * RSA_GLUE_PER_LIMB * n;
    case OP_SETUP: /* a group of doublings (when one is more than the aim, one) */
        return job->sub == 1 && job->count > 0 ? group_cost(3u * RSA_GLUE_PER_LIMB * n)
                                               : RSA_UNIT_FIXED + 2u * RSA_GLUE_PER_LIMB * n;
    case OP_INV: /* a group of rounds, its start, or its end (which wipes 3 n words) */
        if (job->sub == 1 && job->count > 0)
            return group_cost(RSA_INV_PER_LIMB * n);
        return RSA_UNIT_FIXED + (12u * RSA_WIPE_PER_BYTE + 4u * RSA_GLUE_PER_LIMB) * n;
    case OP_PQ: case OP_COMBINE: /* a group of schoolbook rows */
        return group_cost(row_cost(job->limbs / 2u));
    case OP_WIPE:
        return group_cost(RSA_WIPE_PER_BYTE);
    case OP_CONVERT: case OP_RANDOM: case OP_CHECK: case OP_CHECK_E: case OP_PRIVATE_OUT:
    case OP_PUBLIC_OUT: case OP_FAIL:
        return RSA_UNIT_FIXED + 4u * RSA_GLUE_PER_LIMB * job->limbs;
    default:
        return RSA_UNIT_FIXED + 4u * RSA_GLUE_PER_LIMB * n;
    }
}

/* The job's end: its work area is zero by now (the last instructions wiped it); the engine
 * zeroes the state. */
static void rsa_job_end(rsa_job *job)
{
    job->kind = 0;
}

fc_status fc_soft_rsa_job_run(void *state, uint32_t budget, fc_cycle_counter clock, void *user)
{
    rsa_job *job = (rsa_job *)state;
    uint32_t spent = 0, start = clock != NULL ? clock(user) : 0, cost;
    int ran = 0;
    fc_status st;
    if ((job->kind != RSA_JOB_PUBLIC && job->kind != RSA_JOB_PRIVATE) || job->work == NULL)
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
        if (st != FC_PENDING) {
            rsa_job_end(job);
            return st;
        }
        spent += cost;
        ran = 1;
    }
}

/* A big-endian integer into a register, right-aligned in its words for OP_CONVERT; -1 when it
 * does not fit (any non-zero byte past the register's size: a verdict made public). */
static int load_bytes(uint32_t *r, unsigned limbs, const uint8_t *bytes, size_t len)
{
    size_t room = (size_t)limbs * 4u, skip = len > room ? len - room : 0, i;
    uint32_t over = 0;
    for (i = 0; i < skip; i++)
        over |= bytes[i];
    memset(r, 0, room);
    memcpy((uint8_t *)r + (room - (len - skip)), bytes + skip, len - skip);
    over = (over + 0xffu) >> 8; /* 1 when a byte was non-zero */
    FC_DECLASSIFY(&over, sizeof(over));
    return over ? -1 : 0;
}

/* The engine has zeroed the state. Copies the key and the input into the work area (bytes:
 * the conversion is the first unit); no arithmetic, no call to the rng (a unit draws the
 * blinding). The core has checked the key's public part (rsa.h). */
fc_status fc_soft_rsa_job_start(const fc_impl *impl, void *state, const fc_job_input *in)
{
    rsa_job *job = (rsa_job *)state;
    const fc_rsa_public_key *pub;
    const fc_rsa_private_key *priv = NULL;
    fc_rsa_soft_work *w = (fc_rsa_soft_work *)in->work;
    size_t k, n_len, e_len, half;
    const uint8_t *n, *e;
    unsigned limbs;
    if (impl->alg != FC_RSA || w == NULL || in->key == NULL || in->out == NULL)
        return FC_ERR_UNSUPPORTED;
    if (in->op == FC_JOB_OP_RSA_PRIVATE) {
        priv = (const fc_rsa_private_key *)in->key;
        pub = &priv->pub;
    } else if (in->op == FC_JOB_OP_RSA_PUBLIC) {
        pub = (const fc_rsa_public_key *)in->key;
    } else {
        return FC_ERR_UNSUPPORTED;
    }
    n = pub->n;
    n_len = pub->n_len;
    while (n_len > 0 && n[0] == 0) {
        n++;
        n_len--;
    }
    e = pub->e;
    e_len = pub->e_len;
    while (e_len > 0 && e[0] == 0) {
        e++;
        e_len--;
    }
    k = n_len;
    /* as rsa_soft.c: whole 64-bit words, so that each prime has half of n's 32-bit words */
    if (in->data_len != k)
        return FC_ERR_LENGTH;
    if (k % 8 != 0 || k < (FC_RSA_LEGACY_BITS ? 128u : 256u) || k > FC_RSA_MAX_BITS / 8 ||
        e_len == 0 || e_len > k)
        return FC_ERR_KEY;
    limbs = (unsigned)(k / 4);
    half = limbs / 2u;
    memset(w, 0, sizeof(*w));
    (void)load_bytes(w->n, limbs, n, n_len);
    (void)load_bytes(w->e, limbs, e, e_len);
    (void)load_bytes(w->in, limbs, in->data, k);
    if (priv != NULL) {
        const fc_rng *rng = in->rng;
        if (load_bytes(w->p, (unsigned)half, priv->p, priv->p_len) ||
            load_bytes(w->q, (unsigned)half, priv->q, priv->q_len) ||
            load_bytes(w->dp, (unsigned)half, priv->dp, priv->dp_len) ||
            load_bytes(w->dq, (unsigned)half, priv->dq, priv->dq_len) ||
            load_bytes(w->qinv, (unsigned)half, priv->qinv, priv->qinv_len)) {
            fc_zeroize(w, sizeof(*w));
            return FC_ERR_KEY;
        }
        if (rng == NULL || rng->fill == NULL) {
            fc_zeroize(w, sizeof(*w));
            return FC_ERR_NO_RNG;
        }
        job->rng = rng;
        job->insn = prog_private;
        job->kind = RSA_JOB_PRIVATE;
    } else {
        job->insn = prog_public;
        job->kind = RSA_JOB_PUBLIC;
    }
    job->work = w;
    job->out = in->out;
    job->k = (uint16_t)k;
    job->limbs = (uint16_t)limbs;
    return FC_OK;
}

#endif
