/* What the three files of the soft provider's secp256r1 jobs share: p256_job.c (the state
 * machine, the shared units), p256_job_verify.c (ECDSA verification's units) and
 * p256_job_sign.c (RFC 6979's HMAC program and signing's units). The job's kinds, phases and
 * registers, the small helpers each file inlines, and the units one file runs for another.
 * Include it where ecw.h has 8 limbs (through p256_job.h). Internal header of p256_job*.c. */
#ifndef FC_SOFT_P256_JOB_INTERNAL_H
#define FC_SOFT_P256_JOB_INTERNAL_H

#include <stdint.h>

#include "soft.h"
#include "p256_job.h"

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

/* Signature registers: the HMAC's K and V, e (K bytes as given), h1 = e mod n and the hedging
 * bytes, the nonce: bytes in table[1] and table[2], which the comb leaves alone. While the
 * HMAC runs (before the comb), its block buffer is acc and pick, its chaining values are in
 * the scratch. After the comb: r in table[3].x, d and e in Montgomery form in .y and .z, s
 * in table[0].y, k R in table[0].x (after 1/Z), 1/k in table[0].z. The nonce, the comb's
 * scalar, is in R_S_NONCE. */
enum {
    R_S_K = 3, R_S_V = 4, R_S_E = 5, R_S_H1 = 6, R_S_EXTRA = 7, R_S_NONCE = 8,
    R_S_BUF = 12, R_S_IH = 18, R_S_OH = 19, R_S_H = 20,
    R_S_R = 9, R_S_DM = 10, R_S_EM = 11, R_S_KM = 0, R_S_S = 1, R_S_KINV = 2
};
#define P256_JOB_HEDGED 0x80u

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

/* verification's window loop's units (job->sub in PH_VLOOP) */
enum { VL_FROM, VL_DBL, VL_TO, VL_ADD1, VL_ADD2 };
#define VL_NO_ADD 0xffu /* the final run of doublings, no addition after it */

static inline const ecw_curve *curve(void)
{
    return &fc_ecw_secp256r1;
}

static inline uint8_t *sreg(p256_job *job, unsigned r)
{
    return job->m.bytes + sizeof(ecw_fe) * r;
}

/* Starts an exponentiation of register base into res, e already in u.e (its first unit sets
 * res = 1). */
static inline void exp_begin(p256_job *job, unsigned base, unsigned res, int mod_n,
                             unsigned after)
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
static inline void exponent_minus_2(uint32_t *e, const ecw_mod *m)
{
    uint32_t borrow = 2;
    unsigned i;
    for (i = 0; i < 8; i++) {
        uint64_t d = (uint64_t)m->m[i] - borrow;
        e[i] = (uint32_t)d;
        borrow = (uint32_t)(d >> 63);
    }
}

#if FC_WITH_SHA256
/* The candidate refused, or r or s 0: the next one, as ecdsa.c (256 in a row: a fault). */
static inline fc_status sign_retry(p256_job *job)
{
    if (++job->tries == 256)
        return FC_ERR_PROVIDER;
    job->phase = PH_HMAC;
    job->pc = 0;
    job->sub = 0;
    return FC_PENDING;
}
#else
static inline fc_status sign_retry(p256_job *job)
{
    (void)job;
    return FC_ERR_STATE; /* no signature job without SHA-256 */
}
#endif

/* p256_job_verify.c: ECDSA verification's units */
UNIT void p256_unit_vinv(p256_job *job);
UNIT void p256_unit_vsetup(p256_job *job);
UNIT void p256_unit_vtable(p256_job *job);
UNIT void p256_unit_vloop(p256_job *job);
UNIT void p256_unit_vcomb_start(p256_job *job);
UNIT void p256_unit_vsum(p256_job *job);
UNIT fc_status p256_unit_verify_end(p256_job *job);

#if FC_WITH_SHA256
/* p256_job_sign.c: ECDSA signing's units */
UNIT fc_status p256_unit_hmac(p256_job *job);
UNIT fc_status p256_unit_sign_r(p256_job *job);
UNIT void p256_unit_sign_prep(p256_job *job);
UNIT fc_status p256_unit_sign_s(p256_job *job);
#endif

#endif
