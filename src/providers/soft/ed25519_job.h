/* The soft provider's Ed25519 job state (ed25519_job*.c); ed25519.c's descriptors name its
 * size. Internal header. */
#ifndef FC_SOFT_ED25519_JOB_H
#define FC_SOFT_ED25519_JOB_H

#include <stddef.h>

#include "ge25519.h"
#include "soft.h"

#if FC_WITH_CURVE_JOBS && FC_SOFT_ED25519

typedef struct ed_job {
    uint32_t live;              /* set while the job runs; 0 once the engine has wiped it */
    uint8_t *out;               /* signing: the signature, written by the last unit only */
    const uint8_t *msg;         /* the caller's message, read during the steps */
    uint32_t msg_len;
    uint16_t alg;               /* FC_ED25519, FC_ED25519CTX or FC_ED25519PH */
    uint8_t op;                 /* FC_JOB_OP_VERIFY or FC_JOB_OP_SIGN */
    uint8_t stage, sub;         /* where the job is (ST_*), and within the stage */
    uint8_t phase;              /* signing: which of its hashes and multiplications runs */
    uint8_t with_pub;           /* the hash takes A after sig[0..32) (R, or the nonce prefix) */
    uint8_t have_pub;           /* signing: pub was given */
    uint8_t carry;              /* signing: the comb's digit carry (secret) */
    uint8_t pc;                 /* an exponent chain's next instruction */
    uint8_t chain_next;         /* the stage after the chain */
    uint8_t inner;              /* squarings left in a chain's run */
    uint8_t verdict_stage;      /* verification: A checked, the next small-order check is R's */
    uint8_t started;            /* verification's double multiplication: the bit, the next */
    int bit, pos_k, pos_s;      /*   windows of k and S */
    unsigned digit_k, digit_s;
    uint8_t sig[64];            /* verification: R || S; signing: the nonce prefix, then R;
                                 * the nonce r, then S */
    uint8_t pub[32];            /* A */
    uint8_t k[32];              /* verification: the challenge mod L; signing: the scalar a */
    fc_ge25519 p;               /* A, then [S]B - [k]A; signing: the comb's sum */
    union {                     /* what each stage needs besides: */
        struct ed_job_hash {    /*   hashing (signing: the first four kept throughout) */
            uint8_t ctx[255];   /* the context */
            uint8_t fc[2];      /* dom2's F and context length */
            uint8_t pad;        /* the length goes in a block of its own */
            uint8_t ph[64];     /* Ed25519ph: the message's hash */
            uint64_t done;      /* message bytes compressed so far */
            uint64_t total;     /* the message's length, once known */
            uint64_t h[8];
            uint8_t buf[128];   /* a block; at the end the 64-byte hash */
            uint16_t wide[32];  /* signing: r + k a before its reduction mod L */
        } hash;
        struct {                /*   decoding A: the parts' temporaries, the chain's registers */
            fc_ge25519_decode w;
            fc_fe25519 c[5];
        } dec;
        fc_ge25519 q;           /*   a small-order check (three doublings) */
        struct {                /*   the double multiplication */
            fc_ge25519_cached a_odd[4];
        } dsm;
        struct {                /*   the inverse of Z, past what signing keeps of the hash */
            uint8_t keep[offsetof(struct ed_job_hash, h)];
            fc_fe25519 c[5];
        } enc;
    } u;
} ed_job;

FC_STATE_FITS(ed_job, FC_JOB_STATE_SIZE);

#endif
#endif
