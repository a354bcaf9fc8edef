/* ECDSA signing as units of the soft provider's secp256r1 job (p256_job.c runs them;
 * src/core/ecdsa.c's nonce, then ec_soft_sign): RFC 6979's K and V by HMAC over soft's SHA-256
 * compression, a block per unit, the extra bytes of 3.6 when hedged; a candidate outside
 * [1, n - 1] refused, the next one drawn; k G by the comb of ecw_comb_mul in units (a comb's
 * masked table scan, formula halves: p256_job.c); r = x mod n; 1/k by Fermat, sliced; s;
 * r or s = 0 draws the next candidate, as the synchronous call; low-s on request.
 *
 * Constant time (p256_job.c's argument): the units run in an order fixed by the hedging and
 * the public verdicts (is a nonce candidate in range, are r and s nonzero: declassified as in
 * the synchronous code); never by the private key or the nonce. Inside a unit the code is the
 * synchronous code: the exponent is public (n - 2); SHA-256 is straight-line. The secrets stay
 * in the job state, which the engine zeroes when the job ends.
 */
#include "fieldcrypt/config.h"

#include "soft.h"

#if FC_WITH_EC && FC_WITH_CURVE_JOBS && FC_WITH_SHA256

#include <string.h>

#include "fieldcrypt/ct.h"
#include "core/core.h"
#include "p256_job_internal.h"

/* The nonce of RFC 6979 3.2 (with 3.6's extra bytes when hedged), as src/core/ecdsa.c makes
 * it, over SHA-256 a block per unit. HMAC_K keeps K's padded blocks compressed (ih, oh) from
 * a key step until K changes. The program: */
enum {
    S_KEY,      /* ih, oh from K: two units */
    S_K_SEED0,  /* K = HMAC_K(V || 0x00 || priv || h1 [|| extra]) */
    S_K_SEED1,  /* K = HMAC_K(V || 0x01 || priv || h1 [|| extra]) */
    S_K_NOSEED, /* K = HMAC_K(V || 0x00): step h.3 */
    S_V,        /* V = HMAC_K(V) */
    S_DRAW      /* V = HMAC_K(V), the candidate k = V */
};
static const uint8_t first_candidate[] = {S_KEY, S_K_SEED0, S_KEY, S_V, S_K_SEED1, S_KEY, S_V,
                                          S_DRAW};
/* the next candidate; K's blocks again first, as the comb has used the scratch since */
static const uint8_t next_candidate[] = {S_KEY, S_K_NOSEED, S_KEY, S_V, S_DRAW};

static const uint8_t *hmac_program(const p256_job *job, unsigned *len)
{
    if (job->tries == 0) {
        *len = sizeof(first_candidate);
        return first_candidate;
    }
    *len = sizeof(next_candidate);
    return next_candidate;
}

/* the inner message's length for an HMAC step */
static unsigned hmac_msg_len(const p256_job *job, unsigned op)
{
    switch (op) {
    case S_K_SEED0:
    case S_K_SEED1: return 32u + 1u + 64u + ((job->flags & P256_JOB_HEDGED) ? 32u : 0u);
    case S_K_NOSEED: return 33u;
    default: return 32u;
    }
}

/* units of an HMAC step: its inner blocks (after K's), the outer block */
static unsigned hmac_units(const p256_job *job, unsigned op)
{
    if (op == S_KEY)
        return 2;
    return (hmac_msg_len(job, op) + 9u + 63u) / 64u + 1u;
}

static void store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* SHA-256's padding after len bytes of which prefix came before buf (K's block): buf[len] =
 * 0x80, zeros, the bit length, to a whole number of blocks. */
static void sha256_pad(uint8_t *buf, unsigned len, unsigned prefix)
{
    unsigned total = (len + 9u + 63u) & ~63u;
    memset(buf + len, 0, total - len);
    buf[len] = 0x80;
    store32_be(buf + total - 4, (uint32_t)(8u * (len + prefix)));
}

/* The nonce's candidate in V: in [1, n - 1], or another one (declassified, as in ecdsa.c:
 * a refused candidate says nothing of the nonce used). */
static fc_status sign_candidate(p256_job *job);

/* One unit of the HMAC program. */
UNIT fc_status p256_unit_hmac(p256_job *job)
{
    unsigned len, op = hmac_program(job, &len)[job->pc], units = hmac_units(job, op), i;
    uint8_t *buf = sreg(job, R_S_BUF);
    uint32_t *hw = job->m.reg[R_S_H];

    if (op == S_KEY) { /* K ^ ipad, then K ^ opad, each a block from SHA-256's start */
        uint8_t pad = job->sub == 0 ? 0x36 : 0x5c;
        uint32_t *dst = job->m.reg[job->sub == 0 ? R_S_IH : R_S_OH];
        for (i = 0; i < 64; i++)
            buf[i] = (uint8_t)((i < 32 ? sreg(job, R_S_K)[i] : 0) ^ pad);
        memcpy(dst, fc_soft_sha256_iv, 32);
        fc_soft_sha256_compress(dst, buf);
    } else if (job->sub == 0) { /* the inner message, padded, and its first block */
        uint8_t *p = buf;
        memcpy(p, sreg(job, R_S_V), 32);
        p += 32;
        if (op != S_V && op != S_DRAW)
            *p++ = op == S_K_SEED1 ? 0x01 : 0x00;
        if (op == S_K_SEED0 || op == S_K_SEED1) {
            memcpy(p, job->k, 32);
            memcpy(p + 32, sreg(job, R_S_H1), 32);
            p += 64;
            if (job->flags & P256_JOB_HEDGED) {
                memcpy(p, sreg(job, R_S_EXTRA), 32);
                p += 32;
            }
        }
        sha256_pad(buf, (unsigned)(p - buf), 64);
        memcpy(hw, job->m.reg[R_S_IH], 32);
        fc_soft_sha256_compress(hw, buf);
    } else if (job->sub + 1u < units) { /* the next inner block */
        fc_soft_sha256_compress(hw, buf + 64u * job->sub);
    } else { /* the outer block: H(K ^ opad || inner digest) into K or V */
        uint8_t *dst = sreg(job, (op == S_V || op == S_DRAW) ? R_S_V : R_S_K);
        for (i = 0; i < 8; i++)
            store32_be(buf + 4 * i, hw[i]);
        sha256_pad(buf, 32, 64);
        memcpy(hw, job->m.reg[R_S_OH], 32);
        fc_soft_sha256_compress(hw, buf);
        for (i = 0; i < 8; i++)
            store32_be(dst + 4 * i, hw[i]);
    }
    if (++job->sub < units)
        return FC_PENDING;
    job->sub = 0;
    if (++job->pc < len)
        return FC_PENDING;
    job->pc = 0;
    return sign_candidate(job);
}

static fc_status sign_candidate(p256_job *job)
{
    const ecw_mod *n = &curve()->n;
    uint32_t *k = job->m.reg[R_S_R]; /* free until r */
    int ok;
    ecw_from_bytes(k, 8, sreg(job, R_S_V), 32); /* bits2int: 256 bits, the whole of V */
    ok = (int)(ecw_less(k, n->m, 8) & (ecw_is_zero(k, 8) == 0));
    fc_zeroize(k, 32);
    FC_DECLASSIFY(&ok, sizeof(ok));
    if (!ok)
        return sign_retry(job);
    memcpy(sreg(job, R_S_NONCE), sreg(job, R_S_V), 32);
    job->phase = PH_COMB;
    job->count = (uint16_t)(ECW_COMB_COLUMNS(curve()) - 1u);
    job->sub = 0;
    return FC_PENDING;
}

/* r = x mod n (x < p < 2n: one masked subtraction, as ec_soft_sign), 0 refused; d in
 * Montgomery form */
UNIT fc_status p256_unit_sign_r(p256_job *job)
{
    const ecw_curve *c = curve();
    uint32_t *x = job->m.reg[R_S_S], *r = job->m.reg[R_S_R], *t = job->m.reg[R_S_KINV];
    uint32_t borrow = 0;
    unsigned i;
    int zero;
    ecw_mul(&c->p, x, job->m.st.acc.x, job->m.reg[R_T0]);
    ecw_from_mont(&c->p, r, x);
    for (i = 0; i < 8; i++) {
        uint64_t d = (uint64_t)r[i] - c->n.m[i] - borrow;
        t[i] = (uint32_t)d;
        borrow = (uint32_t)(d >> 63);
    }
    ecw_cmov(r, t, 8, borrow - 1u);
    zero = ecw_is_zero(r, 8) != 0;
    FC_DECLASSIFY(&zero, sizeof(zero)); /* r is public */
    if (zero)
        return sign_retry(job);
    ecw_from_bytes(job->m.reg[R_S_DM], 8, job->k, 32);
    ecw_to_mont(&c->n, job->m.reg[R_S_DM], job->m.reg[R_S_DM]);
    job->phase = PH_SIGN_PREP;
    job->sub = 0;
    return FC_PENDING;
}

/* s = r d + e (Montgomery form; to_mont reduces e, any K-byte value), then k R, in two
 * units; then 1/k by Fermat, sliced (a fixed exponent) */
UNIT void p256_unit_sign_prep(p256_job *job)
{
    const ecw_mod *n = &curve()->n;
    uint32_t *s = job->m.reg[R_S_S], *e = job->m.reg[R_S_EM];
    if (job->sub == 0) {
        ecw_from_bytes(e, 8, sreg(job, R_S_E), 32);
        ecw_to_mont(n, e, e);
        ecw_to_mont(n, s, job->m.reg[R_S_R]);
        job->sub = 1;
        return;
    }
    ecw_mul(n, s, s, job->m.reg[R_S_DM]);  /* r d */
    ecw_add(n, s, s, e);                   /* e + r d */
    ecw_from_bytes(job->m.reg[R_S_KM], 8, sreg(job, R_S_NONCE), 32);
    ecw_to_mont(n, job->m.reg[R_S_KM], job->m.reg[R_S_KM]);
    job->sub = 0;
    exponent_minus_2(job->u.e, n);
    exp_begin(job, R_S_KM, R_S_KINV, 1, PH_SIGN_S);
}

/* s = (e + r d) / k, 0 refused; low-s on request (s > n / 2: n - s; public, as ecdsa.c);
 * r || s out */
UNIT fc_status p256_unit_sign_s(p256_job *job)
{
    const ecw_mod *n = &curve()->n;
    uint32_t *s = job->m.reg[R_S_S], *half = job->m.reg[R_S_DM];
    unsigned i;
    int zero;
    ecw_mul(n, s, s, job->m.reg[R_S_KINV]);
    ecw_from_mont(n, s, s);
    zero = ecw_is_zero(s, 8) != 0;
    FC_DECLASSIFY(&zero, sizeof(zero)); /* s is public */
    if (zero)
        return sign_retry(job);
    FC_DECLASSIFY(s, 32);
    if (job->flags & FC_ECDSA_LOW_S) {
        for (i = 0; i < 8; i++) /* half = n >> 1 */
            half[i] = (n->m[i] >> 1) | (i + 1 < 8 ? n->m[i + 1] << 31 : 0);
        if (ecw_less(half, s, 8))
            ecw_neg(n, s, s);
    }
    ecw_to_bytes(job->out, 32, job->m.reg[R_S_R]);
    ecw_to_bytes(job->out + 32, 32, s);
    return FC_OK;
}

#endif
