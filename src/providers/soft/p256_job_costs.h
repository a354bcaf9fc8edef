/* Cost of each unit of the soft provider's secp256r1 jobs (p256_job*.c) in work units =
 * modelled cycles of the build's target, as job_costs.h for the other jobs: measured with
 * bench/calibrate_engine.py on the cycle models of python/fieldcrypt (each unit alone in a
 * step, "slices:secp256r1_*"), the top of each unit's cluster rounded up; the per-bit costs of
 * an exponentiation from its units of all-zero and all-one bits. A hosted build uses the
 * Cortex-M0+ table. Largest unit measured (M0+ / M4 / RV32): 24,047 / 21,631 / 22,219 cycles.
 * Internal header of p256_job.c and p256_job_verify.c. */
#ifndef FC_SOFT_P256_JOB_COSTS_H
#define FC_SOFT_P256_JOB_COSTS_H

#include <stdint.h>

#include "p256_field.h"

enum {
    P256_UNIT_LOAD,      /* the curve's constants, X || Y checked on the curve */
    P256_UNIT_LOAD_X,    /* the constants, x^3 - 3x + b for the square root */
    P256_UNIT_SQRT_END,  /* the root checked, y's parity, the point */
    P256_UNIT_EXP,       /* an exponentiation unit's own cost, plus per bit: */
    P256_UNIT_SQR_P,     /*   a squaring modulo p */
    P256_UNIT_MUL_P,     /*   a multiplication modulo p (a one bit of the exponent) */
    P256_UNIT_SQR_N,     /*   the same modulo n */
    P256_UNIT_MUL_N,
    P256_UNIT_HALF,      /* half a point addition or doubling (ecw_point_*_first/second) */
    P256_UNIT_PICK,      /* a window's digit, the masked table scan and negation, and the
                          * first half of the window's first doubling */
    P256_UNIT_INV_START, /* the infinity check, the exponent of an inversion */
    P256_UNIT_ECDH_END,  /* x = X / Z, the output */
    P256_UNIT_VINV_START,/* s R mod n, the inverse's start */
    P256_UNIT_VINV,      /* P256_VINV_STEPS steps of the variable-time inverse of s mod n, and
                          * its end */
    P256_UNIT_VSETUP,    /* u1 = e / s, u2 = r / s */
    P256_UNIT_VSETUP_G,  /* G and Q into the table */
    P256_UNIT_VERIFY_END,/* x = X / Z mod n, compared with r */
    P256_UNIT_VINV_END,  /* the inverse's end: (1/s) R */
    P256_UNIT_SHA_BLOCK, /* a SHA-256 block of the nonce's HMAC (and the candidate's check) */
    P256_UNIT_COMB_START,/* the curve's constants, the top column's first comb entry */
    P256_UNIT_COMB_PICK, /* a comb's entry for a column: the masked scan of its table */
    P256_UNIT_SIGN_R,    /* r = x mod n, d in Montgomery form */
    P256_UNIT_SIGN_PREP, /* e R, r R; then r d + e, k R (two units) */
    P256_UNIT_SIGN_S,    /* s, low-s, the output */
    P256_UNIT_JDOUBLE,   /* a doubling in Jacobian coordinates (ECDH's windows) */
    P256_UNIT_JTO,       /* a point from Jacobian back to projective coordinates */
    P256_UNIT_JFROM,     /* and from projective to Jacobian coordinates */
    P256_UNIT_COUNT
};

/* An exponentiation unit runs as many bits as P256_EXP_CAP pays for. Order of the tables:
 * LOAD, LOAD_X, SQRT_END, EXP, SQR_P, MUL_P, SQR_N, MUL_N, HALF, PICK, INV_START, ECDH_END,
 * VINV_START, VINV, VSETUP, VSETUP_G, VERIFY_END, VINV_END, SHA_BLOCK, COMB_START, COMB_PICK,
 * SIGN_R, SIGN_PREP, SIGN_S, JDOUBLE, JTO, JFROM (these three estimated from the field operations'
 * costs, 3M + 5S, 2M + 1S and 3M + 1S, with a margin; the pick's unit now takes acc to Jacobian
 * coordinates instead of half a doubling, which costs less) */
#if defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_7M__)
/* measured on the Cortex-M4 model (UMAAL products); the M3 and an M4 without the field
 * assembly (FC_FE16_ASM 0) run the same table, not measured */
#define FC_P256_COST_MODEL "cortex-m4"
#define P256_EXP_CAP 24000u
#define P256_VINV_STEPS 24u
static const uint32_t p256_costs[P256_UNIT_COUNT] = {
    9500, 9500, 6000, 500, 1000, 1000, 2800, 2800, 8000, 7500, 3000, 3500, 4000, 18000,
    7000, 6000, 4000, 7000, 6500, 9000, 8500, 6500, 7000, 7500, 9000, 4000, 5000};
#elif defined(__riscv)
#define FC_P256_COST_MODEL "rv32imac"
#define P256_EXP_CAP 24000u
#define P256_VINV_STEPS 12u
static const uint32_t p256_costs[P256_UNIT_COUNT] = {
    16500, 16500, 10000, 600, 2000, 2500, 4600, 4600, 20500, 16500, 3000, 6000, 10000, 12000,
    10000, 10000, 6500, 10000, 9000, 12500, 9000, 10500, 10000, 11000, 26500, 10000, 13000};
#elif defined(__ARM_ARCH_6M__) && !P256_FIELD_ARMV6M
/* the Cortex-M0/M0+ with the portable C field arithmetic (FC_FE16_ASM 0): a field
 * multiplication is 11,000 to 15,000 cycles, so half a point formula is about 66,000, above
 * the 25,000 of a unit elsewhere (the formulas would need a finer split) */
#define FC_P256_COST_MODEL "cortex-m0plus, C field arithmetic"
#define P256_EXP_CAP 24000u
#define P256_VINV_STEPS 12u
static const uint32_t p256_costs[P256_UNIT_COUNT] = {
    70000, 70000, 40000, 600, 11300, 15200, 12000, 14000, 66500, 51500, 4000, 30000, 16000,
    17500, 30000, 45000, 30000, 30000, 12500, 40000, 8500, 45000, 30000, 30000, 85000, 36000, 48000};
#else
#define FC_P256_COST_MODEL "cortex-m0plus"
#define P256_EXP_CAP 24600u
#define P256_VINV_STEPS 12u
static const uint32_t p256_costs[P256_UNIT_COUNT] = {
    16500, 16500, 10000, 700, 1680, 2330, 8400, 8400, 19300, 17800, 3500, 7000, 9500, 17000,
    17500, 12500, 7000, 17500, 12500, 13000, 8000, 15000, 17500, 17500, 19300, 7500, 10000};
#endif

#endif
