/* What the two files of the soft provider's Ed25519 jobs share: ed25519_job.c (the state
 * machine, hashing, exponent chains, signing, run and start) and ed25519_job_verify.c
 * (verification's double multiplication [S]B - [k]A and its final comparison). The unit kinds,
 * the stages, the chains' registers and the units ed25519_job.c runs from the other file.
 * Internal header of ed25519_job*.c. */
#ifndef FC_SOFT_ED25519_JOB_INTERNAL_H
#define FC_SOFT_ED25519_JOB_INTERNAL_H

#include "ed25519_job.h"

#if FC_WITH_CURVE_JOBS && FC_SOFT_ED25519

/* helpers kept out of line, so that their frames stay off the deepest stack path of a unit (the
 * SHA-512 compression's) */
#if defined(__GNUC__) || defined(__clang__)
#define ED_NOINLINE __attribute__((noinline))
#else
#define ED_NOINLINE
#endif

/* the kinds of unit, each with its cost (ed25519_job.c's costs[]) */
enum {
    C_SHA,      /* one SHA-512 block: the window of the message, the compression */
    C_REDUCE,   /* a 64-byte hash mod L */
    C_MULADD,   /* S = r + k a mod L: the product and sum, */
    C_MULADD_B, /*   its reduction and the signature out */
    C_DEC0,     /* the parts of decoding A (fc_ge25519_decode_part) */
    C_DEC1,
    C_DEC2,
    C_DEC3,
    C_MUL,      /* a multiplication of an exponent chain */
    C_SQR,      /* a squaring of an exponent chain (a run costs this many times over) */
    C_DBL_B,    /* the halves of a doubling */
    C_DBL_E,
    C_ADD_B,    /* the first half of a cached addition, of a mixed one (with its table entry) */
    C_MADD_B,
    C_ADD_E,    /* the second half of both */
    C_CACHED,   /* a point to cached form */
    C_ENCODE,   /* a point's encoding from its inverse Z, compare or output */
    C_BASE_B,   /* the fixed-base comb's addition: the masked table reads and first half */
    C_SMALL,    /* a control unit: the verdict of a check, a phase change */
    C_COUNT
};

/* ---- stages ---- */
enum {
    ST_REFUSE = 1,  /* S >= L: the first unit ends the job with FC_ERR_VERIFY */
    ST_PREHASH,     /* Ed25519ph: SHA-512 of the message */
    ST_HASH,        /* SHA-512 of dom2 || p1 || p2 || M */
    ST_REDUCE,      /* that hash mod L */
    ST_DEC,         /* decoding A: parts 0 and 1 (sub), the chain, parts 2 and 3 */
    ST_CHAIN,       /* an exponent chain (sub: which one) */
    ST_DEC_END,
    ST_SMALL,       /* three doublings of q and the neutral check (sub: the half) */
    ST_PRE,         /* verification's odd multiples of A (sub: which part) */
    ST_DSM,         /* [S]B - [k]A */
    ST_ENCODE,      /* the encoding of p from the inverse Z */
    ST_EXPAND,      /* signing: SHA-512(seed) */
    ST_BASE,        /* signing: the comb */
    ST_MULADD,      /* signing: S = r + k a, */
    ST_MULADD_END   /*   mod L */
};

/* the exponent chains' registers (ed25519_job.c: u.dec.c, u.enc.c) */
enum { RA, RT, RU, RV, R11 };

/* ed25519_job_verify.c: verification's double multiplication and its end */
unsigned ed25519_pre_kind(unsigned sub);
ED_NOINLINE void ed25519_pre_unit(ed_job *job);
unsigned ed25519_dsm_seek(ed_job *job);
ED_NOINLINE void ed25519_dsm_unit(ed_job *job);
ED_NOINLINE int ed25519_encodes_r(ed_job *job);

#endif
#endif
