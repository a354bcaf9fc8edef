/* The soft provider's curve jobs (engine.h): X25519, X19119 and both Elligator2 maps as small
 * field programs, run one field operation per unit.
 *
 * The registers are the job's seven field elements (16-bit limbs, fe16.h); an instruction names
 * an operation and up to three registers. A program is a list of segments, each a code array
 * read through a register map, so one copy of an exponent chain serves several register
 * assignments (the map of a power leaves out a^11 by mapping it onto another register). The
 * instruction sequence is fixed per kind of job: no branch or index depends on a secret; the
 * ladder's swap bit and the is-square verdict only ever enter masks.
 *
 * The same formulas as the synchronous code (x25519.c, x19119.c, elligator2_*.c), with one
 * temporary instead of two in the ladder step: z2 = E * (BB + a24' * E), a24' = (A + 2) / 4,
 * which is the synchronous E * (AA + a24 * E) since AA = BB + E. */
#include <string.h>

#include "fieldcrypt/ct.h"
#include "fe16.h"
#include "job.h"
#include "job_costs.h"
#if FC_FUZZ_CHEAP_CURVES
#include "soft.h"
#endif

#if FC_WITH_ENGINE

enum {
    I_MUL,      /* d = a * b */
    I_SQR,      /* d = a^2 */
    I_SQRN,     /* d = a^(2^b), up to FC_ENGINE_SQR_RUN squarings per unit */
    I_LADDER_A, /* the ladder's bit, masked swaps, A, B, C, D, DA, CB */
    I_LADDER_B, /* x3 = (DA + CB)^2, z3 = x1 * (DA - CB)^2 */
    I_LADDER_C, /* AA, BB, E, x2 = AA * BB, z2 = E * (BB + a24' * E) */
    I_LADDER,   /* A, B and C in one unit, where the field arithmetic is fast; up to
                 * FC_ENGINE_LADDER_STEPS steps (bits) per unit */
    I_LOOP,     /* control, no unit: back to the segment start while bits are left */
    I_FINSWAP,  /* the last swap; the scalar is wiped */
    I_ELL_W,    /* Elligator2 before its exponent chain and after it: the fixed parts */
    I_ELL_B,    /*   of the map as units of their own (ell_* below), each at most three */
    I_ELL_SQUARE, /* or four field products, so that they fit a slice where the field */
    I_ELL_INV,  /*   arithmetic is the portable C */
    I_ELL_PICK,
    I_END       /* a to canonical bytes, zero check, output */
};


/* constants, resolved by curve (index: Curve25519 value, Curve19119 value) */
enum { C_J, C_A24P, C_BASE };
static const uint32_t consts16[] = {486662, 121666, 9};
static const uint32_t consts12[] = {529418, 132355, 11};

typedef struct {
    uint8_t op, d, a, b;
} insn;

typedef struct {
    const insn *code;
    uint8_t len;
    const uint8_t *map; /* virtual -> physical register, NULL: identity */
} segment;

/* ---- ladder (both curves), registers: ---- */
enum { X1, X2, Z2, X3, Z3, T, S /* the clamped scalar, as bytes */ };

/* A ladder step is one unit where the field arithmetic is fast (about 20k cycles on the
 * Cortex-M0+ with its assembly), else three units of 5 to 7 field operations
 * (FC_ENGINE_LADDER_UNITS, job_costs.h): fine enough for 30k-cycle slices either way, and
 * few enough units that dispatching them costs little. */
static const insn ladder[] = {
#if FC_ENGINE_LADDER_UNITS == 1
    {I_LADDER, 0, 0, 0},
#else
    {I_LADDER_A, 0, 0, 0},
    {I_LADDER_B, 0, 0, 0},
    {I_LADDER_C, 0, 0, 0},
#endif
    {I_LOOP, 0, 0, 0},
    {I_FINSWAP, 0, 0, 0},
};

static const insn ladder_end[] = {
    {I_MUL, X2, X2, Z2},    /* x2 / z2, z2 inverted by the chain */
    {I_END, 0, X2, 0},
};

/* ---- exponent chains, on virtual registers ---- */
enum { VA, VU, VV, VT, VQ, VA11, VR };

/* a^(2^250 - 1) in VT and a^11 in VA11 (GF(2^255 - 19)) */
static const insn pow250[] = {
    {I_SQR, VU, VA, 0},       /* a^2 */
    {I_SQRN, VV, VU, 2},      /* a^8 */
    {I_MUL, VV, VV, VA},      /* a^9 */
    {I_MUL, VA11, VU, VV},    /* a^11 */
    {I_SQR, VU, VA11, 0},     /* a^22 */
    {I_MUL, VV, VV, VU},      /* 2^5 - 1 */
    {I_SQRN, VU, VV, 5},
    {I_MUL, VV, VU, VV},      /* 2^10 - 1 */
    {I_SQRN, VU, VV, 10},
    {I_MUL, VU, VU, VV},      /* 2^20 - 1 */
    {I_SQRN, VT, VU, 20},
    {I_MUL, VT, VT, VU},      /* 2^40 - 1 */
    {I_SQRN, VT, VT, 10},
    {I_MUL, VT, VT, VV},      /* 2^50 - 1 */
    {I_SQRN, VU, VT, 50},
    {I_MUL, VU, VU, VT},      /* 2^100 - 1 */
    {I_SQRN, VV, VU, 100},
    {I_MUL, VV, VV, VU},      /* 2^200 - 1 */
    {I_SQRN, VV, VV, 50},
    {I_MUL, VT, VV, VT},      /* 2^250 - 1 */
};

/* a^(2^186 - 1) in VT and a^11 in VA11 (GF(2^191 - 19)); VV holds 2^5 - 1, VQ 2^20 - 1 */
static const insn pow186[] = {
    {I_SQR, VU, VA, 0},       /* a^2 */
    {I_SQRN, VV, VU, 2},      /* a^8 */
    {I_MUL, VV, VV, VA},      /* a^9 */
    {I_MUL, VA11, VU, VV},    /* a^11 */
    {I_SQR, VU, VA11, 0},     /* a^22 */
    {I_MUL, VV, VV, VU},      /* 2^5 - 1 */
    {I_SQRN, VU, VV, 5},
    {I_MUL, VU, VU, VV},      /* 2^10 - 1 */
    {I_SQRN, VT, VU, 10},
    {I_MUL, VQ, VT, VU},      /* 2^20 - 1 */
    {I_SQRN, VU, VQ, 20},
    {I_MUL, VU, VU, VQ},      /* 2^40 - 1 */
    {I_SQRN, VT, VU, 40},
    {I_MUL, VU, VT, VU},      /* 2^80 - 1 */
    {I_SQRN, VT, VU, 80},
    {I_MUL, VU, VT, VU},      /* 2^160 - 1 */
    {I_SQRN, VU, VU, 20},
    {I_MUL, VU, VU, VQ},      /* 2^180 - 1 */
    {I_SQRN, VU, VU, 5},
    {I_MUL, VU, VU, VV},      /* 2^185 - 1 */
    {I_SQR, VU, VU, 0},
    {I_MUL, VT, VU, VA},      /* 2^186 - 1 */
};

/* tails: 2^255 - 21 = p - 2 from 2^250 - 1 (and 2^191 - 21 from 2^186 - 1): the inverse;
 * 2^252 - 3 (and 2^188 - 3) = (p - 5) / 8: the square-root helper */
static const insn tail_invert[] = {
    {I_SQRN, VT, VT, 5},
    {I_MUL, VR, VT, VA11},
};
static const insn tail_pow[] = {
    {I_SQRN, VT, VT, 2},
    {I_MUL, VR, VT, VA},
};

/* register maps {VA, VU, VV, VT, VQ, VA11, VR} */
static const uint8_t map_ladder_inv[] = {Z2, X1, X3, T, Z3, S, Z2};

/* ---- Elligator2 (RFC 9380 6.7.1, J = A, K = 1, Z = 2), registers: ---- */
enum { E_T, E_X1, E_X2, E_GX, E_MJ, E_5, E_6 };

static const insn ell_pre[] = {{I_ELL_W, 0, 0, 0}, {I_ELL_B, 0, 0, 0}};
static const insn ell_end[] = {{I_ELL_SQUARE, 0, 0, 0}, {I_ELL_INV, 0, 0, 0},
                               {I_ELL_PICK, 0, 0, 0}, {I_END, 0, E_X2, 0}};

/* the chain's map: b = n w (in gx) raised to (p-5)/8 into t, n (in x1) live; the power's a^11
 * (VA11) lands on VU, where the chain's next step squares it anyway */
static const uint8_t map_ell_pow[] = {E_GX, E_5, E_6, E_T, E_X2, E_5, E_T};

#define SEG(code, map) {code, (uint8_t)(sizeof(code) / sizeof(code[0])), map}

static const segment prog_x25519[] = {
    SEG(ladder, NULL), SEG(pow250, map_ladder_inv), SEG(tail_invert, map_ladder_inv),
    SEG(ladder_end, NULL)};
static const segment prog_x19119[] = {
    SEG(ladder, NULL), SEG(pow186, map_ladder_inv), SEG(tail_invert, map_ladder_inv),
    SEG(ladder_end, NULL)};
static const segment prog_ell25519[] = {
    SEG(ell_pre, NULL), SEG(pow250, map_ell_pow), SEG(tail_pow, map_ell_pow), SEG(ell_end, NULL)};
static const segment prog_ell19119[] = {
    SEG(ell_pre, NULL), SEG(pow186, map_ell_pow), SEG(tail_pow, map_ell_pow), SEG(ell_end, NULL)};

/* the fuzzing stand-in jumps to the last segment of a program by the 25519 ones' lengths */
_Static_assert(sizeof(prog_ell19119) == sizeof(prog_ell25519), "map programs differ in length");
_Static_assert(sizeof(prog_x19119) == sizeof(prog_x25519), "ladder programs differ in length");

static const segment *program(const soft_job *job)
{
    switch (job->kind) {
    case SOFT_JOB_X25519:
    case SOFT_JOB_X25519_BASE: return prog_x25519;
    case SOFT_JOB_X19119:
    case SOFT_JOB_X19119_BASE: return prog_x19119;
    case SOFT_JOB_ELL2_25519: return prog_ell25519;
    default: return prog_ell19119;
    }
}

static uint16_t *reg(soft_job *job, unsigned r)
{
    return job->u.fe[r];
}

static uint32_t constant(const soft_job *job, unsigned c)
{
    return job->limbs == 12 ? consts12[c] : consts16[c];
}

static int base_job(const soft_job *job)
{
    return job->kind == SOFT_JOB_X25519_BASE || job->kind == SOFT_JOB_X19119_BASE;
}

static int xdh_job(const soft_job *job)
{
    return job->kind <= SOFT_JOB_X19119_BASE;
}

/* The instruction at pc (= segment * 256 + index), through the segment's register map. */
static insn fetch(const segment *prog, unsigned pc)
{
    const segment *sg = &prog[pc >> 8];
    insn in = sg->code[pc & 0xff];
    if (sg->map != NULL) {
        in.d = sg->map[in.d];
        in.a = sg->map[in.a];
        if (in.op != I_SQRN)
            in.b = sg->map[in.b];
    }
    return in;
}

/* Moves to the next instruction; I_LOOP and segment ends are resolved here, outside any
 * unit (they depend on the public bit index only). */
static void advance(soft_job *job, const segment *prog)
{
    unsigned pc = job->pc + 1u;
    for (;;) {
        const segment *sg = &prog[pc >> 8];
        if ((pc & 0xff) == sg->len) {
            pc = (pc & 0xff00u) + 0x100u;
        } else if (sg->code[pc & 0xff].op == I_LOOP) {
            if (job->loop > 0) {
                job->loop--;
                pc &= 0xff00u;
            } else {
                pc++;
            }
        } else {
            break;
        }
    }
    job->pc = (uint16_t)pc;
}

/* The last unit: canonical bytes, the zero check of X25519/X19119, then the output. */
static fc_status finish(soft_job *job, unsigned r)
{
    uint8_t bytes[32];
    size_t len = 2u * job->limbs;
    fc_status st = FC_OK;
    fc_fe16_tobytes(bytes, reg(job, r), job->limbs);
    if (xdh_job(job)) {
        int zero = fc_ct_is_zero(bytes, len); /* public: the protocol aborts on it */
        if (zero)
            st = FC_ERR_ZERO_SHARED;
    }
    if (st == FC_OK)
        memcpy(job->out, bytes, len);
    fc_zeroize(bytes, sizeof(bytes));
    return st;
}

/* the ladder step in three units, the synchronous ladder's formulas (x25519.c) */
static void ladder_a(soft_job *job, unsigned n)
{
    uint16_t *x2 = reg(job, X2), *z2 = reg(job, Z2), *x3 = reg(job, X3), *z3 = reg(job, Z3);
    uint16_t *t = reg(job, T);
    /* the bit index is public: the byte read does not depend on the scalar's value */
    unsigned i = job->loop, bit = ((const uint8_t *)reg(job, S))[i >> 3] >> (i & 7) & 1u;
    fc_fe16_cswap(x2, x3, job->flag ^ bit, n);
    fc_fe16_cswap(z2, z3, job->flag ^ bit, n);
    job->flag = (uint8_t)bit;
    fc_fe16_add(t, x2, z2, n);    /* A */
    fc_fe16_sub(z2, x2, z2, n);   /* B */
    fc_fe16_add(x2, x3, z3, n);   /* C */
    fc_fe16_sub(z3, x3, z3, n);   /* D */
    fc_fe16_mul(z3, z3, t, n);    /* DA */
    fc_fe16_mul(x2, x2, z2, n);   /* CB */
}

static void ladder_b(soft_job *job, unsigned n)
{
    uint16_t *x2 = reg(job, X2), *x3 = reg(job, X3), *z3 = reg(job, Z3);
    fc_fe16_add(x3, z3, x2, n);
    fc_fe16_sub(z3, z3, x2, n);
    fc_fe16_sqr(x3, x3, n);       /* x3 = (DA + CB)^2 */
    fc_fe16_sqr(z3, z3, n);
    if (base_job(job))            /* public: which job this is */
        fc_fe16_mul_small(z3, z3, constant(job, C_BASE), n);
    else
        fc_fe16_mul(z3, z3, reg(job, X1), n); /* z3 = x1 * (DA - CB)^2 */
}

static void ladder_c(soft_job *job, unsigned n)
{
    uint16_t *x2 = reg(job, X2), *z2 = reg(job, Z2), *t = reg(job, T);
    uint16_t tmp[SOFT_JOB_FE_LIMBS];
    fc_fe16_sqr(x2, t, n);        /* AA */
    fc_fe16_sqr(t, z2, n);        /* BB */
    fc_fe16_sub(z2, x2, t, n);    /* E = AA - BB */
    fc_fe16_mul(x2, x2, t, n);    /* x2 = AA * BB */
    fc_fe16_mul_small(tmp, z2, constant(job, C_A24P), n);
    fc_fe16_add(t, t, tmp, n);    /* BB + a24' * E */
    fc_fe16_mul(z2, z2, t, n);    /* z2 = E * (BB + a24' * E) */
}

#if FC_FE16_LADDER_STEP
/* The whole step in one call of the Cortex-M0/M0+ or M4 fused ladder step (fe16.h), which computes
 * z2 = E (AA + a24 E) with a24 = (A - 2) / 4, the same value as E (BB + a24' E) above since
 * AA - E = BB and a24' = a24 + 1, and x2 = AA * BB in place. */
static void ladder_whole(soft_job *job, unsigned n, unsigned steps)
{
    /* the step's second temporary, on words as the Cortex-M0's step wants: not wiped here,
     * like the products' work area below it; the engine zeroes that stack when the job ends
     * (engine.c), and between units the job holds the same secrets in caller memory */
    uint32_t t1w[SOFT_JOB_FE_LIMBS / 2];
    uint16_t *t1 = (uint16_t *)t1w;
    uint32_t u_small = base_job(job) ? constant(job, C_BASE) : 0; /* public: which job */
    /* the bits loop, loop - 1, ..., loop - steps + 1 (public indices) */
    job->flag = (uint8_t)fc_fe16_ladder_steps(reg(job, X2), reg(job, Z2), reg(job, X3),
                                              reg(job, Z3), reg(job, T), t1, reg(job, X1),
                                              (const uint8_t *)reg(job, S), job->loop + 1u, steps,
                                              job->flag, u_small, constant(job, C_A24P) - 1u, n);
    job->loop = (uint16_t)(job->loop - (steps - 1u));
}
#endif

/* Elligator2 (RFC 9380 6.7.1, J = A, K = 1, Z = 2): the synchronous map's formulas
 * (elligator2_25519.c) around its one exponent chain. Before it: w = 1 + Z r^2 (in t),
 * n = -J (w^2 + J^2 (1 - w)) (in x1; 1 where it is 0, with the flag set), b = n w (in gx). */
static void ell_w_unit(soft_job *job, unsigned n)
{
    uint16_t *w = reg(job, E_T), *mj = reg(job, E_MJ), one[SOFT_JOB_FE_LIMBS];
    fc_fe16_set_u32(mj, constant(job, C_J), n);
    fc_fe16_neg(mj, mj, n);           /* -J */
    fc_fe16_set_u32(one, 1, n);
    fc_fe16_sqr(w, w, n);             /* r^2 (r was loaded at start) */
    fc_fe16_add(w, w, w, n);          /* Z * r^2 */
    fc_fe16_add(w, w, one, n);        /* w */
    fc_fe16_sqr(reg(job, E_X2), w, n);
    fc_fe16_sqr(reg(job, E_GX), mj, n); /* J^2 */
}

static void ell_b_unit(soft_job *job, unsigned n)
{
    uint16_t *w = reg(job, E_T), *nn = reg(job, E_X1), *b = reg(job, E_GX);
    uint16_t one[SOFT_JOB_FE_LIMBS];
    uint32_t n_zero;
    fc_fe16_set_u32(one, 1, n);
    fc_fe16_sub(nn, one, w, n);
    fc_fe16_mul(b, b, nn, n);         /* J^2 (1 - w) */
    fc_fe16_add(b, b, reg(job, E_X2), n);
    fc_fe16_mul(nn, b, reg(job, E_MJ), n); /* n */
    n_zero = fc_fe16_iszero(nn, n);
    fc_fe16_cmov(nn, one, n_zero, n);
    job->flag = (uint8_t)n_zero;      /* a mask's input only, like the ladder's bit */
    fc_fe16_mul(b, nn, w, n);         /* b = n w, raised to (p-5)/8 next */
}

/* After the chain, t = b^((p-5)/8): b^((p-1)/2) = t^4 b^2 is the square test (the verdict
 * kept in the flag), 1/w = n t^8 b^3, then x1 = -J / w, x2 = -x1 - J and the masked pick. */
static void ell_square_unit(soft_job *job, unsigned n)
{
    uint16_t *t = reg(job, E_T), *chi = reg(job, E_5), one[SOFT_JOB_FE_LIMBS];
    uint32_t square;
    fc_fe16_sqr(t, t, n);
    fc_fe16_sqr(t, t, n);             /* t^4 */
    fc_fe16_sqr(reg(job, E_X2), reg(job, E_GX), n); /* b^2 */
    fc_fe16_mul(chi, t, reg(job, E_X2), n); /* 1 when b is a square */
    square = fc_fe16_iszero(chi, n);
    fc_fe16_set_u32(one, 1, n);
    fc_fe16_sub(chi, chi, one, n);
    square |= fc_fe16_iszero(chi, n) | job->flag;
    job->flag = (uint8_t)square;
}

static void ell_inv_unit(soft_job *job, unsigned n)
{
    uint16_t *t = reg(job, E_T), *x2 = reg(job, E_X2);
    fc_fe16_sqr(t, t, n);             /* t^8 */
    fc_fe16_mul(x2, x2, reg(job, E_GX), n); /* b^3 */
    fc_fe16_mul(t, t, x2, n);         /* 1 / b */
}

static void ell_pick_unit(soft_job *job, unsigned n)
{
    uint16_t *t = reg(job, E_T), *x1 = reg(job, E_X1), *x2 = reg(job, E_X2);
    uint16_t *mj = reg(job, E_MJ);
    fc_fe16_mul(t, t, x1, n);         /* 1 / w */
    fc_fe16_mul(x1, t, mj, n);        /* x1 = -J / w, -J where that is 0 */
    fc_fe16_cmov(x1, mj, fc_fe16_iszero(x1, n), n);
    fc_fe16_sub(x2, mj, x1, n);       /* x2 = -x1 - J */
    fc_fe16_cmov(x2, x1, job->flag, n); /* is_square(gx1) ? x1 : x2 */
    job->flag = 0;
}

/* squarings the next I_SQRN unit does */
static unsigned sqr_batch(const soft_job *job, insn in)
{
    unsigned left = job->inner != 0 ? job->inner : in.b;
    return left < FC_ENGINE_SQR_RUN ? left : FC_ENGINE_SQR_RUN;
}

/* ladder steps the next I_LADDER unit does: bits loop .. 0 are left */
static unsigned ladder_batch(const soft_job *job)
{
    unsigned left = job->loop + 1u;
    return left < FC_ENGINE_LADDER_STEPS ? left : FC_ENGINE_LADDER_STEPS;
}

/* Runs one instruction; FC_PENDING while the program goes on. */
static fc_status execute(soft_job *job, const segment *prog, insn in)
{
    unsigned n = job->limbs, k;
    uint16_t *d = reg(job, in.d), *a = reg(job, in.a);

    switch (in.op) {
    case I_MUL: fc_fe16_mul(d, a, reg(job, in.b), n); break;
    case I_SQR: fc_fe16_sqr(d, a, n); break;
    case I_SQRN:
        k = sqr_batch(job, in);
        if (job->inner == 0) { /* first squaring of the run: from a */
            fc_fe16_sqr(d, a, n);
            job->inner = in.b;
            k--, job->inner--;
        }
        if (k > 0) { /* the rest of this unit's run in one call (the M4 has its own) */
            fc_fe16_sqr_n(d, d, k, n);
            job->inner -= k;
        }
        if (job->inner != 0)
            return FC_PENDING; /* same instruction again */
        break;
    case I_LADDER_A: ladder_a(job, n); break;
    case I_LADDER_B: ladder_b(job, n); break;
    case I_LADDER_C: ladder_c(job, n); break;
    case I_LADDER:
#if FC_FE16_LADDER_STEP
        return FC_ERR_STATE; /* run_ladder's: never fetched */
#else
        ladder_a(job, n);
        ladder_b(job, n);
        ladder_c(job, n);
#endif
        break;
    case I_ELL_W: ell_w_unit(job, n); break;
    case I_ELL_B: ell_b_unit(job, n); break;
    case I_ELL_SQUARE: ell_square_unit(job, n); break;
    case I_ELL_INV: ell_inv_unit(job, n); break;
    case I_ELL_PICK: ell_pick_unit(job, n); break;
    case I_FINSWAP:
        fc_fe16_cswap(reg(job, X2), reg(job, X3), job->flag, n);
        fc_fe16_cswap(reg(job, Z2), reg(job, Z3), job->flag, n);
        job->flag = 0;
        fc_zeroize(reg(job, S), sizeof(job->u.fe[S])); /* the scalar is spent */
        break;
    case I_END: return finish(job, in.a);
    default: return FC_ERR_STATE; /* unreachable: programs are fixed */
    }
    advance(job, prog);
    return FC_PENDING;
}

/* A run's budget: what it has spent, by the cost table or the caller's clock (read from start),
 * and whether a unit ran. */
typedef struct {
    uint32_t budget, spent, start;
    int ran;
} slice;

/* Whether a unit of cost may run: the first always, the next while it fits what is left
 * (FC_PENDING when not; FC_ERR_STATE when the caller's clock wiped the job). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline)) /* in both loops: a call a unit costs the dispatch it saves */
#endif
static inline fc_status unit_fits(const soft_job *job, slice *sl, uint32_t cost,
                                  fc_cycle_counter clock, void *user)
{
    if (!sl->ran)
        return FC_OK;
    if (clock != NULL) {
        sl->spent = clock(user) - sl->start;
        if (!soft_job_live(job))
            return FC_ERR_STATE; /* the callback cancelled it */
    }
    return sl->spent > sl->budget || cost > sl->budget - sl->spent ? FC_PENDING : FC_OK;
}

#if FC_FE16_LADDER_STEP
/* The ladder's units back to back while they fit: what the loop below does with them, without
 * its fetch and dispatch per unit (they are nearly all of an X25519 or X19119 job's units;
 * some 200 cycles less a unit on the M0+). The ladder is the instruction at pc 0 of both
 * programs, I_LOOP after it: while bits are left the next unit is the ladder again, and the
 * last one leaves pc on the final swap (FC_OK then, for the loop below). */
static fc_status run_ladder(soft_job *job, const segment *prog, const uint32_t *costs,
                            slice *sl, fc_cycle_counter clock, void *user)
{
    uint32_t step = costs[FC_UNIT_LADDER_A] + costs[FC_UNIT_LADDER_B] + costs[FC_UNIT_LADDER_C];
    uint32_t cost;
    fc_status st;
    do {
        cost = step * ladder_batch(job);
        st = unit_fits(job, sl, cost, clock, user);
        if (st != FC_OK)
            return st;
        ladder_whole(job, job->limbs, ladder_batch(job));
        if (job->loop > 0)
            job->loop--;         /* I_LOOP: the next bit, pc stays */
        else
            advance(job, prog);  /* the last bit is done: past I_LOOP */
        sl->spent += cost;
        sl->ran = 1;
    } while (job->pc == 0);
    return FC_OK;
}
#endif

fc_status fc_soft_curve_job_run(void *state, uint32_t budget, fc_cycle_counter clock, void *user)
{
    static const uint8_t unit_of[] = {
        [I_MUL] = FC_UNIT_FE_MUL, [I_SQR] = FC_UNIT_FE_SQR, [I_SQRN] = FC_UNIT_FE_SQR,
        [I_LADDER_A] = FC_UNIT_LADDER_A, [I_LADDER_B] = FC_UNIT_LADDER_B,
        [I_LADDER_C] = FC_UNIT_LADDER_C, [I_LADDER] = FC_UNIT_LADDER_A, /* + B + C, below */
        [I_LOOP] = FC_UNIT_FE_SWAP, [I_FINSWAP] = FC_UNIT_FE_SWAP,
        [I_ELL_W] = FC_UNIT_ELL_W, [I_ELL_B] = FC_UNIT_ELL_B,
        [I_ELL_SQUARE] = FC_UNIT_ELL_SQUARE, [I_ELL_INV] = FC_UNIT_ELL_INV,
        [I_ELL_PICK] = FC_UNIT_ELL_PICK, [I_END] = FC_UNIT_FE_FINAL};
    soft_job *job = (soft_job *)state;
    slice sl = {budget, 0, clock != NULL ? clock(user) : 0, 0};
    const segment *prog;
    const uint32_t *costs;
    uint32_t cost;
    fc_status st;
    insn in;
    /* a job is only ever made by fc_soft_curve_job_start: anything else is refused, not run */
    if (job->kind < SOFT_JOB_X25519 || job->kind > SOFT_JOB_ELL2_19119 ||
        (job->limbs != 12 && job->limbs != 16))
        return FC_ERR_STATE;
    prog = program(job);
    costs = fc_soft_job_costs(job->limbs);
#if FC_FE16_LADDER_STEP
    if (xdh_job(job) && job->pc == 0) { /* public: the kind of job and the place in it */
        st = run_ladder(job, prog, costs, &sl, clock, user);
        if (st != FC_OK)
            return st;
    }
#endif
    for (;;) {
        in = fetch(prog, job->pc);
        cost = costs[unit_of[in.op]];
        if (in.op == I_SQRN)
            cost *= sqr_batch(job, in);
        else if (in.op == I_LADDER)
            cost = (cost + costs[FC_UNIT_LADDER_B] + costs[FC_UNIT_LADDER_C]) * ladder_batch(job);
        st = unit_fits(job, &sl, cost, clock, user);
        if (st != FC_OK)
            return st;
        st = execute(job, prog, in);
        if (st != FC_PENDING)
            return st;
        sl.spent += cost;
        sl.ran = 1;
    }
}

/* ---- start ---- */

static fc_status start_xdh(soft_job *job, unsigned kind, unsigned limbs, const fc_job_input *in)
{
    uint8_t *k = (uint8_t *)reg(job, S);
    size_t len = 2u * limbs;
    job->kind = (uint8_t)kind;
    job->limbs = (uint8_t)limbs;
    memcpy(k, in->data, len);
    /* RFC 7748 clamping; X19119 the same on 24 bytes (bit 190 set, bits >= 191 cleared) */
    k[0] &= 248;
    k[len - 1] &= 127;
    k[len - 1] |= 64;
    if (in->point != NULL)
        fc_fe16_frombytes(reg(job, X1), in->point, limbs);
    else
        fc_fe16_set_u32(reg(job, X1), constant(job, C_BASE), limbs);
    fc_fe16_set_u32(reg(job, X2), 1, limbs);
    fc_fe16_set_u32(reg(job, Z2), 0, limbs);
    memcpy(reg(job, X3), reg(job, X1), sizeof(job->u.fe[0]));
    fc_fe16_set_u32(reg(job, Z3), 1, limbs);
    job->loop = (uint16_t)(8 * len - 2); /* bits 254 .. 0 (190 .. 0) */
#if FC_FUZZ_CHEAP_CURVES
    { /* the stand-in's result in x2 with z2 = 1, then straight to ladder_end (the last
       * segment of both ladder programs) */
        uint8_t u[32], r[32];
        fc_fe16_tobytes(u, reg(job, X1), limbs);
        fc_soft_cheap_xdh(r, in->data, u, limbs);
        fc_fe16_frombytes(reg(job, X2), r, limbs);
        fc_fe16_set_u32(reg(job, Z2), 1, limbs);
        fc_zeroize(k, len);
        job->loop = 0;
        job->pc = (uint16_t)((sizeof(prog_x25519) / sizeof(prog_x25519[0]) - 1u) << 8);
    }
#endif
    return FC_OK;
}

static fc_status start_ell2(soft_job *job, unsigned kind, unsigned limbs, const fc_job_input *in)
{
    job->kind = (uint8_t)kind;
    job->limbs = (uint8_t)limbs;
    fc_fe16_frombytes(reg(job, E_T), in->data, limbs);
#if FC_FUZZ_CHEAP_CURVES
    { /* the stand-in's result in x2, then straight to the output, ell_end's last
       * instruction (ell_end is the last segment of both map programs) */
        uint8_t u[32];
        fc_soft_cheap_map(u, in->data, limbs);
        fc_fe16_frombytes(reg(job, E_X2), u, limbs);
        job->pc = (uint16_t)(((sizeof(prog_ell25519) / sizeof(prog_ell25519[0]) - 1u) << 8) |
                             (sizeof(ell_end) / sizeof(ell_end[0]) - 1u));
    }
#endif
    return FC_OK;
}

/* The engine has zeroed the job's state; which program runs follows the descriptor. */
fc_status fc_soft_curve_job_start(const fc_impl *impl, void *state, const fc_job_input *in)
{
    soft_job *job = (soft_job *)state;
    int base = in->point == NULL;
    job->out = in->out;
    switch (impl->alg) {
#if FC_WITH_X25519
    case FC_X25519:
        return start_xdh(job, base ? SOFT_JOB_X25519_BASE : SOFT_JOB_X25519, 16, in);
    case FC_ELLIGATOR2_CURVE25519: return start_ell2(job, SOFT_JOB_ELL2_25519, 16, in);
#endif
#if FC_WITH_X19119
    case FC_X19119:
        return start_xdh(job, base ? SOFT_JOB_X19119_BASE : SOFT_JOB_X19119, 12, in);
    case FC_ELLIGATOR2_CURVE19119: return start_ell2(job, SOFT_JOB_ELL2_19119, 12, in);
#endif
    default: return FC_ERR_UNSUPPORTED;
    }
}

#endif /* FC_WITH_ENGINE */
