/* The state of the soft provider's secp256r1 jobs (p256_job*.c) in the job's state area, here
 * so that the descriptor (ec_soft.c, its 8-limb copy where every curve is built) can give its
 * size. Include it where ecw.h has 8 limbs (p256w.h). Internal. */
#ifndef FC_SOFT_P256_JOB_H
#define FC_SOFT_P256_JOB_H

#include "p256w.h"
#include "ecw.h"

/* The multiplication state seen as field registers (table[j].x, .y, .z = 3j, 3j + 1, 3j + 2;
 * acc, pick, scratch after it). */
#define P256_JOB_REGS (3 * ECW_TABLE_SIZE + 6 + 6)

typedef struct p256_job {
    uint8_t kind;       /* P256_JOB_*, 0 once wiped */
    uint8_t phase;      /* PH_* (p256_job_internal.h) */
    uint8_t sub;        /* unit within a window, a table step or a bit */
    uint8_t form;       /* the point's SEC1 form: 4, or 2 / 3 (X alone) */
    uint8_t after;      /* the phase after the exponentiation */
    uint8_t exp_base;   /* its registers: base, result */
    uint8_t exp_res;
    uint8_t exp_mod_n;  /* 1: modulo n */
    uint8_t started;    /* verification: the double-scalar loop has its first point;
                         * exponentiation: 1 before its first unit */
    uint8_t pc;         /* signature: the step of the nonce's HMAC program */
    uint8_t flags;      /* signature: FC_ECDSA_LOW_S, P256_JOB_HEDGED */
    uint16_t count;     /* window index, table entry, exponent bits left, bit index */
    uint16_t tries;     /* signature: nonce candidates drawn */
    uint8_t *out;
    ecw_ctx ctx;
    union {
        ecw_mul_state st;
        ecw_fe reg[P256_JOB_REGS];
        uint8_t bytes[sizeof(ecw_fe[P256_JOB_REGS])];
    } m;
    union {
        uint8_t xy[64];     /* the point's X || Y (or X) until loaded */
        uint32_t e[8];      /* the public exponent of the running exponentiation */
    } u;
    uint8_t k[32];          /* ECDH, signature: the private key (secret) */
} p256_job;

#endif
