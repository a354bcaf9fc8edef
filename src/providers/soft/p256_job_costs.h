/* Cost of each unit of the soft provider's secp256r1 jobs (p256_job.c) in work units =
 * modelled cycles of the build's target, as job_costs.h for the other jobs: measured with
 * bench/calibrate_engine.py on the cycle models of python/fieldcrypt (each unit alone in a
 * step, "slices:secp256r1_*"), the top of each unit's cluster rounded up. A hosted build uses
 * the Cortex-M0+ table. Internal header of p256_job.c. */
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
    P256_UNIT_COMB_ADD,  /* a comb's entry (masked scan) and the first half of its addition */
    P256_UNIT_SIGN_R,    /* r = x mod n, d and e in Montgomery form */
    P256_UNIT_SIGN_PREP, /* r d + e, k R */
    P256_UNIT_SIGN_S,    /* s, low-s, the output */
    P256_UNIT_COUNT
};

/* An exponentiation unit runs as many bits as P256_EXP_CAP pays for. Order of the tables:
 * LOAD, LOAD_X, SQRT_END, EXP, SQR_P, MUL_P, SQR_N, MUL_N, HALF, PICK, INV_START, ECDH_END,
 * VINV_START, VINV, VSETUP, VSETUP_G, VERIFY_END, VINV_END, SHA_BLOCK, COMB_START, COMB_ADD,
 * SIGN_R, SIGN_PREP, SIGN_S */
#if defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_7M__)
#define FC_P256_COST_MODEL "cortex-m4"
#define P256_EXP_CAP 24000u
#define P256_VINV_STEPS 24u
static const uint32_t p256_costs[P256_UNIT_COUNT] = {
    9000, 9000, 6000, 500, 700, 900, 1200, 1400, 9000, 9000, 1500, 3000, 3000, 20000, 9000,
    9000, 4000, 8000, 5000, 6000, 12000, 12000, 12000, 9000};
#elif defined(__riscv)
#define FC_P256_COST_MODEL "rv32imac"
#define P256_EXP_CAP 24000u
#define P256_VINV_STEPS 12u
static const uint32_t p256_costs[P256_UNIT_COUNT] = {
    20000, 20000, 10000, 600, 2000, 2500, 3000, 3500, 20000, 20000, 3000, 6000, 6000, 20000,
    20000, 20000, 8000, 16000, 10000, 12000, 24000, 24000, 24000, 20000};
#elif defined(__ARM_ARCH_6M__) && !P256_FIELD_ARMV6M
/* the Cortex-M0/M0+ with the portable C field arithmetic (FC_FE16_ASM 0) */
#define FC_P256_COST_MODEL "cortex-m0plus, C field arithmetic"
#define P256_EXP_CAP 24000u
#define P256_VINV_STEPS 12u
static const uint32_t p256_costs[P256_UNIT_COUNT] = {
    24000, 24000, 20000, 600, 5000, 6000, 6000, 7000, 24000, 24000, 6000, 12000, 8000, 24000,
    24000, 24000, 12000, 24000, 10000, 12000, 24000, 24000, 24000, 24000};
#else
#define FC_P256_COST_MODEL "cortex-m0plus"
#define P256_EXP_CAP 24600u
#define P256_VINV_STEPS 12u
static const uint32_t p256_costs[P256_UNIT_COUNT] = {
    15500, 15500, 10000, 600, 1650, 2300, 7500, 7500, 19000, 17500, 3500, 7000, 9000, 17000,
    15500, 8000, 7000, 15500, 7000, 6000, 22000, 20000, 23000, 17000};
#endif

#endif
