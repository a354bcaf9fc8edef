/* Cost of each unit of the soft provider's jobs in work units = modelled cycles of the build's target, for 16-limb
 * (Curve25519) and 12-limb (Curve19119) field elements; the SHA-512 units are the same in both.
 * Measured with bench/calibrate_engine.py on the cycle models of python/fieldcrypt (each unit
 * alone in a step, so the figure includes the step's own overhead), rounded up. The 12-limb
 * figures scale the 16-limb ones by the measured field operation ratios. A budget then bounds a
 * slice's cycles on that model: tests/python/test_mcusim.py checks the slices of every model's
 * benchmark image against their budget. A hosted build has no cycle model: it uses the
 * Cortex-M0+ table, so budgets mean the same amount of work there. */
#ifndef FC_SOFT_JOB_COSTS_H
#define FC_SOFT_JOB_COSTS_H

#include <stdint.h>

#include "fe16.h"

/* The units a job is made of. Their costs (below) are what the budget counts. */
enum {
    FC_UNIT_FE_MUL,       /* one field multiplication */
    FC_UNIT_FE_SQR,       /* one squaring (a run of them costs this many times over) */
    FC_UNIT_LADDER_A,     /* the three parts of a ladder step (curve_jobs.c) */
    FC_UNIT_LADDER_B,
    FC_UNIT_LADDER_C,
    FC_UNIT_ELL_W,        /* the fixed parts of Elligator2 before and after its chain */
    FC_UNIT_ELL_B,
    FC_UNIT_ELL_SQUARE,
    FC_UNIT_ELL_INV,
    FC_UNIT_ELL_PICK,
    FC_UNIT_FE_SWAP,      /* the ladder's last swap */
    FC_UNIT_FE_FINAL,     /* tobytes, zero check, output: the end of a curve job */
    FC_UNIT_SHA_BLOCK,    /* one SHA-512 block from caller bytes: copy, compress */
    FC_UNIT_SHA_WRITER,   /* one SHA-512 block from a writer: the writer's run, compress */
    FC_UNIT_JOB_START,    /* starting the next job (a sliced protocol does it in a step) */
    FC_UNIT_COUNT
};

/* the table of this target for 12- or 16-limb field elements, indexed by FC_UNIT_* */
const uint32_t *fc_soft_job_costs(unsigned limbs);

/* order: FE_MUL, FE_SQR, LADDER_A, LADDER_B, LADDER_C, ELL_W, ELL_B, ELL_SQUARE, ELL_INV,
 * ELL_PICK, FE_SWAP,
 * FE_FINAL, SHA_BLOCK, SHA_WRITER, JOB_START */
#if defined(__ARM_ARCH_7EM__) && FC_FE16_ARMV7M
/* the Cortex-M4 with the Thumb-2 field arithmetic (fe16_armv7m.c): the tops of the measured
 * clusters with a margin (a unit runs FC_ENGINE_LADDER_STEPS whole ladder steps here, each
 * costing A + B + C); the 12-limb row scaled by the field's measured ratio (0.8) */
#define FC_ENGINE_COST_MODEL "cortex-m4"
static const uint32_t costs_16[FC_UNIT_COUNT] = {
    1400, 140, 750, 750, 750, 1500, 2500, 3300, 1100, 2300, 1400, 2100, 11500, 16000, 1200};
static const uint32_t costs_12[FC_UNIT_COUNT] = {
    1100, 190, 700, 700, 700, 1200, 2000, 2700, 900, 1900, 1100, 1700, 11500, 16000, 1200};
#elif defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_7M__)
/* the Cortex-M3/M4 with the portable C field arithmetic (no assembly on the M3): measured with
 * fe16.c's 16-bit C; fe16_w32.c's 32-bit words are faster, so these bound it */
#define FC_ENGINE_COST_MODEL "cortex-m4, C field arithmetic"
static const uint32_t costs_16[FC_UNIT_COUNT] = {
    4200, 3200, 9300, 10800, 14900, 12100, 15400, 16700, 14300, 10800, 1300, 1800, 19200, 22700, 1200};
static const uint32_t costs_12[FC_UNIT_COUNT] = {
    2500, 1900, 5700, 6500, 9000, 7300, 9300, 10100, 8600, 6500, 1000, 1400, 19200, 22700, 1200};
#elif defined(__riscv)
/* RV32IMAC with fe16_w32.c's 32-bit words; the 12-limb row scaled by the field's ratio (0.6) */
#define FC_ENGINE_COST_MODEL "rv32imac"
static const uint32_t costs_16[FC_UNIT_COUNT] = {
    1400, 600, 2500, 2500, 3400, 2900, 4500, 5500, 2400, 3700, 1500, 5500, 20500, 32000, 1500};
static const uint32_t costs_12[FC_UNIT_COUNT] = {
    650, 380, 1600, 1600, 2200, 1800, 2700, 3300, 1500, 2200, 1100, 4000, 20500, 32000, 1500};
#elif defined(__ARM_ARCH_6M__) && !FC_FE16_ARMV6M
/* the Cortex-M0/M0+ with the portable C field arithmetic (FC_FE16_ASM 0) */
#define FC_ENGINE_COST_MODEL "cortex-m0plus, C field arithmetic"
static const uint32_t costs_16[FC_UNIT_COUNT] = {
    5300, 4200, 12700, 14400, 19900, 15400, 19000, 21200, 17800, 13200, 1600, 2400, 18800, 24200, 1500};
static const uint32_t costs_12[FC_UNIT_COUNT] = {
    3100, 2500, 7800, 8700, 11900, 9300, 11300, 12700, 10600, 7900, 1200, 1900, 18800, 24200, 1500};
#elif defined(__ARM_ARCH_6M__) && !FC_FE16_LADDER_STEP
/* the Cortex-M0/M0+ small build (FC_SMALL): the Thumb-1 field without the fused step */
#define FC_ENGINE_COST_MODEL "cortex-m0plus, small build"
static const uint32_t costs_16[FC_UNIT_COUNT] = {
    2100, 1300, 4500, 4500, 6000, 4700, 7200, 8200, 4900, 5500, 1800, 3200, 18800, 24200, 1500};
static const uint32_t costs_12[FC_UNIT_COUNT] = {
    1600, 1000, 3900, 3800, 5400, 3500, 5300, 6000, 3700, 4100, 1400, 2400, 18800, 24200, 1500};
#else
/* the Cortex-M0/M0+ with the Thumb-1 field and its fused ladder step (fe16_armv6m.c): a unit
 * runs FC_ENGINE_LADDER_STEPS steps, each costing A + B + C (measured 12,983 cycles for 16
 * limbs; the 12-limb step about 8,900); also the host's model */
#define FC_ENGINE_COST_MODEL "cortex-m0plus"
static const uint32_t costs_16[FC_UNIT_COUNT] = {
    2100, 1300, 4600, 4600, 4600, 4700, 7200, 8200, 4900, 5500, 1800, 3200, 18800, 24200, 1500};
static const uint32_t costs_12[FC_UNIT_COUNT] = {
    1600, 1000, 3100, 3100, 3100, 3500, 5300, 6000, 3700, 4100, 1400, 2400, 18800, 24200, 1500};
#endif

/* Units per ladder step, ladder steps and squarings per unit: coarse where the field arithmetic
 * is fast (two fused ladder steps, 16 squarings: about 27k and 18k cycles on the M0+ with its
 * assembly, where one step a unit let the dispatch and the step's wipe add 4 %; twelve steps, 96
 * squarings: about 25k and 11k on the M4, where a step costs 2,100 cycles and X25519's overhead
 * was 3.5 % with eight steps a unit, 2.7 % with twelve; the small build's one step as three
 * calls), finer with the portable C (a third of a step, 6 squarings: about 25k on the M0+), so
 * that every unit fits a 30k-cycle slice and few units are dispatched. */
#if !FC_FE16_ARMV6M && !FC_FE16_ARMV7M
#define FC_ENGINE_LADDER_UNITS 3
#define FC_ENGINE_SQR_RUN 6u
#else
#define FC_ENGINE_LADDER_UNITS 1
#endif
#if FC_FE16_ARMV7M
#define FC_ENGINE_LADDER_STEPS 12u
#define FC_ENGINE_SQR_RUN 96u
#elif FC_FE16_LADDER_STEP
#define FC_ENGINE_LADDER_STEPS 2u
#define FC_ENGINE_SQR_RUN 16u
#else
#define FC_ENGINE_LADDER_STEPS 1u
#ifndef FC_ENGINE_SQR_RUN
#define FC_ENGINE_SQR_RUN 16u
#endif
#endif

#endif
