/* The soft provider's Ed25519 jobs (engine.h: fc_job_eddsa_verify, fc_job_eddsa_sign): the
 * synchronous code of ed25519.c run in units of a few field operations, over the parts of
 * ge25519.h (the group), sc25519.h (scalars) and soft's SHA-512 compression. This file holds
 * the state machine (costs, the units' dispatch, run and start), the hashing, the exponent
 * chains and signing; verification's double multiplication and its final comparison are in
 * ed25519_job_verify.c, what the two share in ed25519_job_internal.h.
 *
 * Verification (eddsa.h's rules, as ed25519_verify): S < L; k = SHA-512(dom2 || R || A || M)
 * mod L, a block per unit (Ed25519ph: M is first hashed a block per unit); A decoded (its
 * square-root chain a few squarings per unit) and not of small order; [S]B - [k]A by
 * verification's sliding windows, each doubling and addition in two units; the encoding of
 * the result (its inversion chain in units) equal to R, and the result not of small order.
 * Every failure ends the job with FC_ERR_VERIFY. Verification handles public data only and
 * runs in variable time, as the synchronous one.
 *
 * Signing (as ed25519_sign; pub NULL: the seed's own public key is computed first, as
 * fc_eddsa_sign does): h = SHA-512(seed), a = clamp(h[0..32)); r = SHA-512(dom2 || prefix ||
 * M) mod L; R = [r]B by the constant-time comb of ge25519.c, each addition and doubling one
 * unit (two with the portable C field code); k = SHA-512(dom2 || R || A || M) mod L;
 * S = r + k a mod L in two units. Constant time: the units
 * and their order depend only on the variant, pub being given and the message length; inside
 * units, the synchronous constant-time code (the comb's masked table reads, the scalar
 * arithmetic, the hash).
 */
#include "fieldcrypt/config.h"
#include "soft.h"

#if FC_WITH_CURVE_JOBS && FC_SOFT_ED25519

#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "ed25519_job_internal.h"
#include "fe16.h" /* FC_FE16_ARMV6M, _ARMV7M: whether the field assembly is built */
#include "sc25519.h"

/* ---- unit costs (modelled cycles of the build's target: bench/calibrate_engine.py with each
 * unit alone in a step, rounded up; the kinds C_* in ed25519_job_internal.h) and squarings per
 * unit of an exponent chain ---- */

/* ED_WHOLE_OPS 1: a point addition or doubling of signing is one unit (where the field
 * arithmetic is fast), else two (its halves, ge25519.h). */
#if defined(__ARM_ARCH_7EM__) && FC_FE16_ARMV7M
/* the Cortex-M4 with the field assembly (each kind's measured top and about 4 %; a squaring
 * run's fixed part of about 400 cycles is inside its 16 x 200) */
#define ED_WHOLE_OPS 1
#define ED_SQR_RUN 16u
static const uint32_t costs[C_COUNT] = {
    12200, 8300, 4600, 8700, 1500, 1200, 1150, 3300, 550, 200, 1800, 1450, 1850, 2500,
    1870, 2050, 2600, 5000, 2250};
#elif defined(__riscv) || defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_7M__)
/* RV32IMAC (the portable C field code, its row measured); the Cortex-M3/M4 with the portable C
 * take the same row, an upper bound (their multiplication is faster) */
#define ED_WHOLE_OPS 0
#define ED_SQR_RUN 4u
static const uint32_t costs[C_COUNT] = {
    22500, 15400, 8100, 19800, 13500, 18000, 17700, 9400, 5200, 4000, 17200, 19300, 20400,
    17100, 20000, 7700, 12800, 21500, 8300};
#elif defined(__ARM_ARCH_6M__) && !FC_FE16_ARMV6M
/* the Cortex-M0/M0+ with the portable C field code (FC_FE16_ASM 0): the assembly row scaled by
 * the measured ratios of the field operations (job_costs.h: multiplication 2.2, squaring 2.9) */
#define ED_WHOLE_OPS 0
#define ED_SQR_RUN 4u
static const uint32_t costs[C_COUNT] = {
    18900, 14100, 9000, 14900, 14500, 20500, 20500, 14000, 5300, 4300, 18000, 22000, 22000,
    20000, 22000, 7000, 14000, 23000, 3000};
#else
/* the Cortex-M0/M0+ with the field assembly; hosted builds use this row too */
#define ED_WHOLE_OPS 1
#define ED_SQR_RUN 16u
static const uint32_t costs[C_COUNT] = {
    18900, 14100, 9000, 14900, 6300, 8000, 7900, 6100, 2500, 1500, 7700, 8900, 9700, 8900,
    9800, 4600, 6900, 14300, 3000};
#endif


/* signing's phases, in order */
enum { P_EXPAND, P_PUB, P_PREHASH, P_NONCE, P_R, P_CHALLENGE, P_S };

#define ED_JOB_LIVE 0x45443235u /* "ED25" */

/* ---- SHA-512 a block per unit (FIPS 180-4), over a message made of pieces ---- */

/* FIPS 180-4 5.3.5: SHA-512's initial hash value */
static const uint64_t sha512_iv[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull,
    0xa54ff53a5f1d36f1ull, 0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
    0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};

/* RFC 8032 2: dom2's fixed prefix (32 bytes, no terminator) */
static const uint8_t dom2_prefix[32] = {
    'S', 'i', 'g', 'E', 'd', '2', '5', '5', '1', '9', ' ', 'n', 'o', ' ', 'E', 'd',
    '2', '5', '5', '1', '9', ' ', 'c', 'o', 'l', 'l', 'i', 's', 'i', 'o', 'n', 's'};

static void hash_reset(ed_job *job)
{
    memcpy(job->u.hash.h, sha512_iv, sizeof(sha512_iv));
    job->u.hash.done = 0;
    job->u.hash.pad = 0;
}

/* The pieces of the message being hashed: ST_PREHASH the caller's message alone; else dom2
 * (not for plain Ed25519), p1, p2 (32 bytes each, p2 absent for the nonce) and M (the
 * caller's message, or its hash for Ed25519ph). */
static unsigned pieces(const ed_job *job, const uint8_t *ptr[6], uint32_t len[6])
{
    unsigned n = 0;
    if (job->stage == ST_PREHASH) {
        ptr[0] = job->msg;
        len[0] = job->msg_len;
        return 1;
    }
    if (job->stage == ST_EXPAND) { /* the seed */
        ptr[0] = job->sig;
        len[0] = 32;
        return 1;
    }
    if (job->alg != FC_ED25519) {
        ptr[n] = dom2_prefix, len[n++] = 32;
        ptr[n] = job->u.hash.fc, len[n++] = 2;
        ptr[n] = job->u.hash.ctx, len[n++] = job->u.hash.fc[1];
    }
    ptr[n] = job->sig, len[n++] = 32; /* R, or signing's nonce prefix */
    if (job->with_pub)
        ptr[n] = job->pub, len[n++] = 32;
    if (job->alg == FC_ED25519PH)
        ptr[n] = job->u.hash.ph, len[n++] = 64;
    else
        ptr[n] = job->msg, len[n++] = job->msg_len;
    return n;
}

/* Copies message bytes [off, off + 128) into buf, fewer at the end; returns how many and
 * the message's total length. */
static ED_NOINLINE uint32_t window(ed_job *job, uint64_t off, uint64_t *total)
{
    const uint8_t *ptr[6];
    uint32_t len[6], got = 0, a, b;
    uint64_t pos = 0;
    unsigned n = pieces(job, ptr, len), i;
    for (i = 0; i < n; i++) {
        /* the overlap of piece [pos, pos + len) with [off + got, off + 128) */
        if (pos + len[i] > off + got && got < 128) {
            a = (uint32_t)(off + got - pos);
            b = len[i] - a < 128 - got ? len[i] - a : 128 - got;
            memcpy(job->u.hash.buf + got, ptr[i] + a, b);
            got += b;
        }
        pos += len[i];
    }
    *total = pos;
    return got;
}

static void store64_be(uint8_t *p, uint64_t v)
{
    int i;
    for (i = 7; i >= 0; i--) {
        p[i] = (uint8_t)v;
        v >>= 8;
    }
}

/* The next block into buf: message bytes, then FIPS 180-4's padding and length. Returns 0 for
 * a block of message or of message and padding, 1 for the last block. Apart from the
 * compression, so that its frame stays off the compression's stack path. */
static ED_NOINLINE int hash_fill(ed_job *job)
{
    struct ed_job_hash *hs = &job->u.hash;
    uint32_t got;
    uint64_t total;
    if (hs->pad == 0) {
        got = window(job, hs->done, &total);
        hs->total = total;
        if (got == 128) { /* a whole block of message */
            hs->done += 128;
            return 0;
        }
        memset(hs->buf + got, 0, 128 - got);
        hs->buf[got] = 0x80;
        if (got >= 112) {
            hs->pad = 1; /* the length goes in a block of its own */
            return 0;
        }
    } else {
        memset(hs->buf, 0, 128);
    }
    store64_be(hs->buf + 120, hs->total << 3);
    return 1;
}

/* the hash's 64 bytes into buf */
static ED_NOINLINE void hash_out(ed_job *job)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        store64_be(job->u.hash.buf + 8 * i, job->u.hash.h[i]);
}

/* One block; 1 when the hash is done (its 64 bytes in buf), else 0. */
static int hash_unit(ed_job *job)
{
    int last = hash_fill(job);
    fc_soft_sha512_compress(job->u.hash.h, job->u.hash.buf);
    if (last)
        hash_out(job);
    return last;
}

/* ---- exponent chains (fe25519_pow.c): t = a^(2^250 - 1), then a tail ---- */
enum { I_SQRN, I_MUL };

typedef struct chain_insn {
    uint8_t op, d, a, b; /* I_SQRN: d = a^(2^b); I_MUL: d = a * b */
} chain_insn;

static const chain_insn chain[] = {
    {I_SQRN, RU, RA, 1},    {I_SQRN, RV, RU, 2},    {I_MUL, RV, RV, RA},
    {I_MUL, R11, RU, RV},   {I_SQRN, RU, R11, 1},   {I_MUL, RV, RV, RU},    /* 2^5 - 1 */
    {I_SQRN, RU, RV, 5},    {I_MUL, RV, RU, RV},                            /* 2^10 - 1 */
    {I_SQRN, RU, RV, 10},   {I_MUL, RU, RU, RV},                            /* 2^20 - 1 */
    {I_SQRN, RT, RU, 20},   {I_MUL, RT, RT, RU},                            /* 2^40 - 1 */
    {I_SQRN, RT, RT, 10},   {I_MUL, RT, RT, RV},                            /* 2^50 - 1 */
    {I_SQRN, RU, RT, 50},   {I_MUL, RU, RU, RT},                            /* 2^100 - 1 */
    {I_SQRN, RV, RU, 100},  {I_MUL, RV, RV, RU},                            /* 2^200 - 1 */
    {I_SQRN, RV, RV, 50},   {I_MUL, RT, RV, RT},                            /* 2^250 - 1 */
};
#define CHAIN_LEN 20u
/* the tails: 2^255 - 21 = p - 2 (the inverse), 2^252 - 3 = (p - 5) / 8 (the root helper) */
static const chain_insn tail_invert[2] = {{I_SQRN, RT, RT, 5}, {I_MUL, RT, RT, R11}};
static const chain_insn tail_pow[2] = {{I_SQRN, RT, RT, 2}, {I_MUL, RT, RT, RA}};

enum { CHAIN_POW, CHAIN_INVERT };

static const chain_insn *chain_at(const ed_job *job)
{
    if (job->pc < CHAIN_LEN)
        return &chain[job->pc];
    return &(job->sub == CHAIN_POW ? tail_pow : tail_invert)[job->pc - CHAIN_LEN];
}

static unsigned sqr_batch(const ed_job *job, const chain_insn *in)
{
    unsigned left = job->inner != 0 ? job->inner : in->b;
    return left < ED_SQR_RUN ? left : ED_SQR_RUN;
}

/* the chain's registers: decoding's (A's root) or the end's (an inverse Z) */
static fc_fe25519 *chain_regs(ed_job *job)
{
    return job->chain_next == ST_DEC_END ? job->u.dec.c : job->u.enc.c;
}

/* starts a chain over a (copied), continuing at stage next when done */
static void chain_begin(ed_job *job, const fc_fe25519 *a, unsigned which, unsigned next)
{
    job->chain_next = (uint8_t)next;
    chain_regs(job)[RA] = *a;
    job->stage = ST_CHAIN;
    job->sub = (uint8_t)which;
    job->pc = 0;
    job->inner = 0;
}

static ED_NOINLINE void chain_unit(ed_job *job)
{
    const chain_insn *in = chain_at(job);
    fc_fe25519 *c = chain_regs(job);
    unsigned k;
    if (in->op == I_MUL) {
        fc_fe25519_mul(&c[in->d], &c[in->a], &c[in->b]);
    } else {
        k = sqr_batch(job, in);
        if (job->inner == 0) { /* the run's first squaring is from a */
            fc_fe25519_sqr(&c[in->d], &c[in->a]);
            job->inner = in->b;
            k--, job->inner--;
        }
        for (; k > 0; k--, job->inner--)
            fc_fe25519_sqr(&c[in->d], &c[in->d]);
        if (job->inner != 0)
            return; /* the run goes on */
    }
    if (++job->pc == CHAIN_LEN + 2u) {
        job->stage = job->chain_next;
        job->sub = 0;
    }
}

/* ---- signing ---- */

/* The comb of fc_ge25519_base_tobytes over a scalar (bit: m = 7 .. 0; sub: 0 .. 7 the halves
 * of four doublings, none for m = 7; 8 .. 23 the halves of eight additions); then the
 * inversion chain and the encoding. The scalar is a (job->k) or r (sig + 32). */
static void base_begin(ed_job *job)
{
    fc_ge25519_identity(&job->p);
    job->stage = ST_BASE;
    job->bit = 7;
    job->sub = 8;
}

static const uint8_t *base_scalar(const ed_job *job)
{
    return job->phase == P_PUB ? job->k : job->sig + 32;
}

static ED_NOINLINE void base_unit(ed_job *job)
{
    fc_ge25519 *p = &job->p;
    unsigned sub = job->sub;
    if (sub < 8) {
        if (sub & 1)
            fc_ge25519_dbl_end(p, sub == 7);
        else
            fc_ge25519_dbl_begin(p, p);
    } else if (sub & 1) {
        fc_ge25519_add_end(p);
    } else { /* digit i = 8 j + m of the scalar, added with T_j; the carry chain goes on */
        unsigned i = 8u * ((sub - 8u) >> 1) + (unsigned)job->bit;
        uint32_t carry = sub == 8 ? 0 : job->carry;
        fc_ge25519_base_add_begin(p, base_scalar(job), sub == 8 ? 0 : i - 7u, i, &carry);
        job->carry = (uint8_t)carry;
    }
    if (++job->sub == 24) {
        job->sub = 0;
        if (job->bit-- == 0)
            chain_begin(job, &p->Z, CHAIN_INVERT, ST_ENCODE);
    }
}

/* After SHA-512(seed) (the seed in sig[0..32), one block): a (clamped, RFC 8032 5.1.5) into k,
 * the nonce prefix into sig[0..32). */
static void expand(ed_job *job)
{
    memcpy(job->k, job->u.hash.buf, 32);
    memcpy(job->sig, job->u.hash.buf + 32, 32);
    job->k[0] &= 248;
    job->k[31] &= 127;
    job->k[31] |= 64;
}

/* Moves to signing's next phase: the public key if it was not given, Ed25519ph's prehash, the
 * nonce's hash, R, the challenge's hash, S. Depends on the variant and on pub being given. */
static void sign_advance(ed_job *job)
{
    for (;;) {
        job->phase++;
        job->sub = 0;
        switch (job->phase) {
        case P_PUB:
            if (job->have_pub)
                continue;
            base_begin(job);
            return;
        case P_PREHASH:
            if (job->alg != FC_ED25519PH)
                continue;
            hash_reset(job);
            job->stage = ST_PREHASH;
            return;
        case P_NONCE:    /* dom2 || prefix || M */
        case P_CHALLENGE: /* dom2 || R || A || M */
            hash_reset(job);
            job->with_pub = job->phase == P_CHALLENGE;
            job->stage = ST_HASH;
            return;
        case P_R:
            base_begin(job);
            return;
        default:
            job->stage = ST_MULADD;
            return;
        }
    }
}

/* ---- the units ---- */

/* The kind of the next unit (its cost). */
static unsigned next_kind(ed_job *job)
{
    static const uint8_t dec_kinds[4] = {C_DEC0, C_DEC1, C_DEC2, C_DEC3};
    switch (job->stage) {
    case ST_PREHASH:
    case ST_HASH:
    case ST_EXPAND: return C_SHA;
    case ST_REDUCE: return C_REDUCE;
    case ST_DEC: return dec_kinds[job->sub];
    case ST_DEC_END: return dec_kinds[2 + job->sub];
    case ST_CHAIN:
        return chain_at(job)->op == I_MUL ? C_MUL : C_SQR;
    case ST_SMALL: return job->sub == 6 ? C_SMALL : job->sub & 1 ? C_DBL_E : C_DBL_B;
    case ST_PRE: return ed25519_pre_kind(job->sub);
    case ST_DSM: {
        unsigned k = ed25519_dsm_seek(job);
        return k == C_COUNT ? C_SMALL : k;
    }
    case ST_ENCODE: return C_ENCODE;
    case ST_BASE:
        if (job->sub < 8)
            return job->sub & 1 ? C_DBL_E : C_DBL_B;
        return job->sub & 1 ? C_ADD_E : C_BASE_B;
    case ST_MULADD: return C_MULADD;
    case ST_MULADD_END: return C_MULADD_B;
    default: return C_SMALL;
    }
}

/* Signing's S = r + k a mod L in two halves, the wide sum kept in the job between them (k in
 * buf[0..32), a in k, r in sig + 32). */
static ED_NOINLINE void muladd_half(ed_job *job, int second)
{
    if (!second)
        fc_sc25519_muladd_wide(job->u.hash.wide, job->u.hash.buf, job->k, job->sig + 32);
    else
        fc_sc25519_reduce_wide(job->sig + 32, job->u.hash.wide);
}

/* The next unit; FC_PENDING while work is left. */
static fc_status unit(ed_job *job)
{
    fc_ge25519 *p = &job->p;
    int sign = job->op == FC_JOB_OP_SIGN;
    switch (job->stage) {
    case ST_REFUSE: return FC_ERR_VERIFY;
    case ST_PREHASH:
        if (hash_unit(job)) { /* M is now its hash */
            memcpy(job->u.hash.ph, job->u.hash.buf, 64);
            if (sign) {
                sign_advance(job);
            } else {
                hash_reset(job);
                job->stage = ST_HASH;
            }
        }
        return FC_PENDING;
    case ST_HASH:
        if (hash_unit(job))
            job->stage = ST_REDUCE;
        return FC_PENDING;
    case ST_REDUCE:
        if (!sign) {
            fc_sc25519_reduce64(job->k, job->u.hash.buf);
            memset(&job->u, 0, sizeof(job->u));
            job->stage = ST_DEC;
            job->sub = 0;
        } else if (job->phase == P_NONCE) {
            fc_sc25519_reduce64(job->sig + 32, job->u.hash.buf); /* r */
            sign_advance(job);
        } else {
            fc_sc25519_reduce64(job->u.hash.buf, job->u.hash.buf); /* k */
            sign_advance(job);
        }
        return FC_PENDING;
    case ST_EXPAND:
        if (hash_unit(job)) { /* 32 bytes: one block */
            expand(job);
            sign_advance(job);
        }
        return FC_PENDING;
    case ST_BASE:
        base_unit(job);
        return FC_PENDING;
    case ST_MULADD:
        muladd_half(job, 0);
        job->stage = ST_MULADD_END;
        return FC_PENDING;
    case ST_MULADD_END: /* the signature is done */
        muladd_half(job, 1);
        memcpy(job->out, job->sig, 64);
        return FC_OK;
    case ST_DEC:
        if (fc_ge25519_decode_part(p, job->pub, &job->u.dec.w, job->sub) != 0)
            return FC_ERR_VERIFY;
        if (++job->sub == 2)
            chain_begin(job, &job->u.dec.w.t, CHAIN_POW, ST_DEC_END);
        return FC_PENDING;
    case ST_CHAIN:
        chain_unit(job);
        if (job->stage == ST_DEC_END)
            job->u.dec.w.t = job->u.dec.c[RT];
        return FC_PENDING;
    case ST_DEC_END:
        if (fc_ge25519_decode_part(p, job->pub, &job->u.dec.w, 2u + job->sub) != 0)
            return FC_ERR_VERIFY;
        if (++job->sub == 2) { /* A decoded: is it of small order? */
            job->u.q = *p;
            job->stage = ST_SMALL;
            job->sub = 0;
        }
        return FC_PENDING;
    case ST_SMALL:
        if (job->sub == 6) { /* three doublings done */
            if (fc_ge25519_is_neutral(&job->u.q))
                return FC_ERR_VERIFY;
            if (job->verdict_stage) { /* the result's check: the signature is good */
                return FC_OK;
            }
            job->verdict_stage = 1;
            job->stage = ST_PRE;
            job->sub = 0;
            return FC_PENDING;
        }
        if (job->sub & 1)
            fc_ge25519_dbl_end(&job->u.q, 0);
        else
            fc_ge25519_dbl_begin(&job->u.q, &job->u.q);
        job->sub++;
        return FC_PENDING;
    case ST_PRE:
        ed25519_pre_unit(job);
        return FC_PENDING;
    case ST_DSM:
        if (ed25519_dsm_seek(job) == C_COUNT) /* [S]B - [k]A in p: invert its Z */
            chain_begin(job, &p->Z, CHAIN_INVERT, ST_ENCODE);
        else
            ed25519_dsm_unit(job);
        return FC_PENDING;
    case ST_ENCODE:
        if (sign) { /* A or R */
            fc_ge25519_tobytes_inverse(job->phase == P_PUB ? job->pub : job->sig, p,
                                       &job->u.enc.c[RT]);
            sign_advance(job);
            return FC_PENDING;
        }
        /* equal encodings make R canonical and p its point: p's order is R's */
        if (!ed25519_encodes_r(job))
            return FC_ERR_VERIFY;
        job->u.q = *p;
        job->stage = ST_SMALL;
        job->sub = 0;
        return FC_PENDING;
    default: return FC_ERR_STATE; /* unreachable */
    }
}

/* 1 when the unit of this kind is the first half of a point operation run whole, with its
 * second half (always the next unit): signing's, where the field arithmetic is fast.
 * Verification keeps the halves apart: its units of about 9,000 cycles fill the slices better,
 * which costs less than the dispatch of twice as many units. */
static int whole_op(const ed_job *job, unsigned kind)
{
    return ED_WHOLE_OPS && job->op == FC_JOB_OP_SIGN &&
           (kind == C_DBL_B || kind == C_ADD_B || kind == C_MADD_B || kind == C_BASE_B);
}

fc_status fc_soft_ed25519_job_run(void *state, uint32_t budget, fc_cycle_counter clock,
                                  void *user)
{
    ed_job *job = (ed_job *)state;
    uint32_t spent = 0, start = clock != NULL ? clock(user) : 0, cost;
    unsigned kind;
    int ran = 0;
    fc_status st;
    if (job->live != ED_JOB_LIVE)
        return FC_ERR_STATE; /* not made by fc_soft_ed25519_job_start */
    for (;;) {
        kind = next_kind(job);
        cost = costs[kind];
        if (kind == C_SQR)
            cost *= sqr_batch(job, chain_at(job));
        else if (whole_op(job, kind))
            cost += costs[kind == C_DBL_B ? C_DBL_E : C_ADD_E];
        if (ran) {
            if (clock != NULL) {
                spent = clock(user) - start;
                if (job->live != ED_JOB_LIVE)
                    return FC_ERR_STATE; /* the callback wiped it */
            }
            if (spent > budget || cost > budget - spent)
                return FC_PENDING;
        }
        st = unit(job);
        if (whole_op(job, kind) && st == FC_PENDING)
            st = unit(job); /* the second half (always next), in the same unit */
        if (st != FC_PENDING)
            return st;
        spent += cost;
        ran = 1;
    }
}

/* The engine has zeroed the state; the core has checked the context against the variant. */
fc_status fc_soft_ed25519_job_start(const fc_impl *impl, void *state, const fc_job_input *in)
{
    ed_job *job = (ed_job *)state;
    if (in->op != FC_JOB_OP_VERIFY && in->op != FC_JOB_OP_SIGN)
        return FC_ERR_UNSUPPORTED;
    if (in->context_len > 255 || in->msg_len > 0xffffffffu ||
        (impl->alg == FC_ED25519 && in->context_len != 0))
        return FC_ERR_ARGUMENT;
    job->alg = impl->alg;
    job->op = in->op;
    job->msg = in->msg;
    job->msg_len = (uint32_t)in->msg_len;
    if (in->context_len > 0)
        memcpy(job->u.hash.ctx, in->context, in->context_len);
    job->u.hash.fc[0] = impl->alg == FC_ED25519PH ? 1 : 0;
    job->u.hash.fc[1] = (uint8_t)in->context_len;
    if (in->op == FC_JOB_OP_SIGN) {
        job->out = in->out;
        memcpy(job->sig, in->data, 32); /* the seed, until the first unit hashes it */
        if (in->point != NULL)
            memcpy(job->pub, in->point, 32);
        job->have_pub = in->point != NULL;
        job->phase = P_EXPAND;
        job->stage = ST_EXPAND;
        hash_reset(job);
    } else {
        memcpy(job->sig, in->sig, 64);
        memcpy(job->pub, in->point, 32);
        job->with_pub = 1; /* R || A */
        hash_reset(job);
        if (!fc_sc25519_is_canonical(job->sig + 32))
            job->stage = ST_REFUSE;
        else
            job->stage = impl->alg == FC_ED25519PH ? ST_PREHASH : ST_HASH;
    }
    job->live = ED_JOB_LIVE;
    return FC_OK;
}

#endif /* FC_WITH_CURVE_JOBS && FC_SOFT_ED25519 */
