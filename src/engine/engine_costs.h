/* Cost of each engine unit in work units = modelled cycles of the build's target, for 16-limb
 * (Curve25519) and 12-limb (Curve19119) field elements; FC_UNIT_SHA_BLOCK is the same in both.
 * Measured with `fieldcrypt bench --engine` on the cycle models of python/fieldcrypt (the
 * unit's own cycles plus its share of the step loop), rounded up; tests/python/test_engine_mcu.py
 * checks them against a fresh measurement. A hosted build has no cycle model: it uses the
 * Cortex-M0+ table, so budgets mean the same amount of work there. */
#ifndef FC_ENGINE_COSTS_H
#define FC_ENGINE_COSTS_H

#include <stdint.h>

#include "engine_internal.h"

/* order: FE_ADD, FE_MUL, FE_SQR, FE_MULS, FE_SWAP, FE_FINAL, SHA_BLOCK, SHA_WRITER, JOB_START */
#if defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_7M__)
#define FC_ENGINE_COST_MODEL "cortex-m4"
static const uint32_t fc_engine_costs_16[FC_UNIT_COUNT] = {500, 4100, 3400, 1000, 700, 2200, 21000, 25000, 4000};
static const uint32_t fc_engine_costs_12[FC_UNIT_COUNT] = {400, 2400, 2000, 800, 550, 1700, 21000, 25000, 4000};
#elif defined(__riscv)
#define FC_ENGINE_COST_MODEL "rv32imac"
static const uint32_t fc_engine_costs_16[FC_UNIT_COUNT] = {500, 4100, 3400, 1000, 700, 2200, 21000, 25000, 4000};
static const uint32_t fc_engine_costs_12[FC_UNIT_COUNT] = {400, 2400, 2000, 800, 550, 1700, 21000, 25000, 4000};
#else
#define FC_ENGINE_COST_MODEL "cortex-m0plus"
static const uint32_t fc_engine_costs_16[FC_UNIT_COUNT] = {600, 5000, 4100, 1300, 800, 2500, 37000, 41000, 4000};
static const uint32_t fc_engine_costs_12[FC_UNIT_COUNT] = {450, 2900, 2400, 1000, 620, 1900, 37000, 41000, 4000};
#endif

#endif
