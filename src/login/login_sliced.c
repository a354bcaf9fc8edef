/* The device's side of a CPace login through the slice engine (login.h, "sliced device").
 *
 * fc_login_input does the quick part of HELLO and CONFIRM (checks, random draws) and leaves
 * the rest as a chain of engine jobs; fc_login_step runs them. The work is the synchronous
 * path's (login.c, cpace.c) computation for computation, so the frames and the key are the
 * same bytes:
 *   HELLO:   SHA-512(generator_string) -> Elligator2 -> Yb = X(y, g)              -> REPLY
 *   CONFIRM: K = X(y, Ya) -> ISK -> mac_key -> Tb, Ta' (HMAC) -> Ta == Ta'?
 *            -> HKDF-SHA-512 extract and expand of the session key               -> FINISH
 * and for the 2017 profile (its HELLO -> M1 is one Salsa20 block, done in fc_login_input):
 *   M2:      SHA-512(s || t) -> Elligator2 -> Y_A = X25519(y_A, G) -> K = X25519(y_A, Y_B)
 *            -> K_H = SHA-512(K): key, T_A, T_B                                   -> M3
 *   M4:      T_B checked -> HKDF-SHA-512 of the session key -> tag_h checked     -> ACCEPT
 * (sid_output is not computed: the login never uses it.) Every hash is an engine job over a
 * writer (login_message below) that builds the message from the context, so no message
 * buffer is needed. Results land in the CPace context's own fields; a few hold something else
 * on the way, noted where it happens:
 *   cpace.isk        generator hash, then K, then ISK (the job writes its output last)
 *   cpace.peer_tag   mac_key, until the peer's expected tag overwrites it
 *   cpace.sid_output the inner digest of the tag HMACs
 *   peer_tag         Ta (CPace) or t (PACE) as received, then the inner digest of the HKDF
 *   peer_share       Ya or Y_B as received (PACE: then tag_h)
 *   pace.kpi         K (K_pi is gone once M1 is out)
 *   okm              SHA-512(s || t) and K_H (PACE), PRK, then the session key
 * HMAC-SHA-512 is H(key ^ opad || H(key ^ ipad || m)) as two jobs; every key here is at most
 * one block. Branches depend on public values (stage, lengths, verdicts). */
#include <string.h>

#include "core/core.h"
#include "login_internal.h"

#if FC_WITH_ENGINE

static int suite19119(const fc_login *ctx)
{
    return ctx->suite == FC_LOGIN_SUITE_CPACE19119;
}

static fc_status hash_stage(fc_login *ctx, unsigned stage, uint8_t *out)
{
    ctx->work = (uint8_t)stage;
    return fc_job_hash_writer(&ctx->job, ctx->provider, FC_SHA512, out, fc_login_message, ctx);
}

static fc_status mult(fc_login *ctx, uint8_t *out, const uint8_t *u)
{
    return fc_job_xdh(&ctx->job, ctx->provider, suite19119(ctx) ? FC_X19119 : FC_X25519, out,
                      ctx->proto.cpace.scalar, u);
}

static fc_status map(fc_login *ctx, uint8_t *out, const uint8_t *r)
{
    return fc_job_map(&ctx->job, ctx->provider,
                      suite19119(ctx) ? FC_ELLIGATOR2_CURVE19119 : FC_ELLIGATOR2_CURVE25519, out,
                      r);
}

/* pace2017: M2 = t (16) || Y_B (32), M4 = T_B (16) || tag_h (16) */
static fc_status pace_begin(fc_login *ctx, unsigned type, const uint8_t *p, size_t n)
{
    fc_pace2017_ctx *pc = &ctx->proto.pace;
    if (type == FC_LOGIN_M2) {
        if (n != FC_PACE2017_MSG2_LEN)
            return FC_LOGIN_ERR_PAYLOAD;
        memcpy(ctx->peer_tag, p, 16);
        memcpy(ctx->peer_share, p + 16, 32);
        return hash_stage(ctx, W_P_GEN, ctx->okm);
    }
    if (n != FC_PACE2017_MSG4_LEN + 16)
        return FC_LOGIN_ERR_PAYLOAD;
    if (!fc_ct_equal(p, pc->expect_tag, 16))
        return FC_ERR_VERIFY; /* T_B: the handheld holds another K_pi */
    memcpy(ctx->peer_share, p + 16, 16); /* tag_h, checked once the OKM is there */
    return hash_stage(ctx, W_PRK_IN, ctx->peer_tag);
}

fc_status fc_login_sliced_begin(fc_login *ctx, const fc_rng *rng, unsigned type,
                                const uint8_t *p, size_t n)
{
    if (ctx->family == FC_LOGIN_FAMILY_PACE2017)
        return pace_begin(ctx, type, p, n);
    fc_cpace_ctx *cp = &ctx->proto.cpace;
    size_t slen = fc_login_share_len(ctx);
    fc_status st;

    if (type == FC_LOGIN_HELLO) {
        /* the synchronous path's draws, in its order: nonce_d, then the scalar */
        st = fc_login_take_hello(ctx, rng, p, n);
        if (st != FC_OK)
            return st;
        fc_zeroize(cp, sizeof(*cp));
        cp->suite = (uint8_t)fc_login_suite(ctx->suite)->cpace_suite;
        cp->role = FC_CPACE_RESPONDER;
        cp->confirm = 1;
        st = fc_random_bytes(rng, cp->scalar, slen);
        if (st != FC_OK)
            return st;
        return hash_stage(ctx, W_GEN, cp->isk);
    }
    /* CONFIRM: Ya || Ta */
    if (n != slen + FC_CPACE_TAG_LEN)
        return FC_LOGIN_ERR_PAYLOAD;
    if (fc_core_same_u(p, cp->share, slen))
        return FC_ERR_PROTOCOL; /* our own share reflected */
    memcpy(ctx->peer_share, p, slen);
    memcpy(ctx->peer_tag, p + slen, FC_CPACE_TAG_LEN);
    ctx->work = W_K;
    st = mult(ctx, cp->isk, ctx->peer_share); /* K, in isk until ISK replaces it */
    fc_zeroize(cp->scalar, sizeof(cp->scalar)); /* the job holds its own copy */
    return st;
}

/* After a job has finished: starts the next, or builds the frame body (*blen > 0). */
static fc_status next_stage(fc_login *ctx, uint8_t *body, size_t *blen)
{
    fc_cpace_ctx *cp = &ctx->proto.cpace;
    fc_pace2017_ctx *pc = &ctx->proto.pace;
    size_t slen = fc_login_share_len(ctx), k;
    fc_status st;
    switch (ctx->work) {
    case W_GEN: /* the map reads the first share_len bytes of the digest */
        ctx->work = W_MAP;
        return map(ctx, cp->share, cp->isk); /* g, in share until Yb replaces it */
    case W_MAP:
        fc_zeroize(cp->isk, sizeof(cp->isk));
        ctx->work = W_YB;
        return mult(ctx, cp->share, cp->share);
    case W_YB: /* REPLY: nonce_d || id(device id) || Yb */
        FC_DECLASSIFY(cp->share, sizeof(cp->share)); /* Yb goes on the wire */
        memcpy(body, ctx->sid + FC_LOGIN_NONCE_LEN, FC_LOGIN_NONCE_LEN);
        k = FC_LOGIN_NONCE_LEN + fc_login_put_id(body + FC_LOGIN_NONCE_LEN, ctx->own_id,
                                                 ctx->own_id_len);
        memcpy(body + k, cp->share, slen);
        *blen = k + slen;
        ctx->work = W_NONE;
        return FC_OK;
    case W_K: return hash_stage(ctx, W_ISK, cp->isk);
    case W_P_GEN: /* the map decodes the first 32 bytes (bit 255 cleared) */
        ctx->work = W_P_MAP;
        return fc_job_map(&ctx->job, ctx->provider, FC_ELLIGATOR2_CURVE25519, pc->share,
                          ctx->okm); /* G, until Y_A */
    case W_P_MAP:
        ctx->work = W_P_YA;
        return fc_job_xdh(&ctx->job, ctx->provider, FC_X25519, pc->share, pc->scalar, pc->share);
    case W_P_YA:
        FC_DECLASSIFY(pc->share, sizeof(pc->share)); /* Y_A goes on the wire */
        if (fc_core_same_u(ctx->peer_share, pc->share, 32))
            return FC_ERR_PROTOCOL; /* our own share reflected back */
        ctx->work = W_P_K;
        st = fc_job_xdh(&ctx->job, ctx->provider, FC_X25519, pc->kpi, pc->scalar,
                        ctx->peer_share); /* K */
        fc_zeroize(pc->scalar, sizeof(pc->scalar)); /* the job holds its own copy */
        return st;
    case W_P_K: return hash_stage(ctx, W_P_KH, ctx->okm);
    case W_P_KH: /* K_H: key || T_A || T_B; M3 = Y_A || T_A */
        memcpy(pc->key, ctx->okm, 32);
        memcpy(pc->expect_tag, ctx->okm + 48, 16);
        memcpy(body, pc->share, 32);
        memcpy(body + 32, ctx->okm + 32, 16);
        *blen = FC_PACE2017_MSG3_LEN;
        fc_zeroize(ctx->okm, sizeof(ctx->okm));
        fc_zeroize(pc->kpi, sizeof(pc->kpi));
        fc_zeroize(pc->s, sizeof(pc->s));
        ctx->work = W_NONE;
        return FC_OK;
    case W_ISK: return hash_stage(ctx, W_MACKEY, cp->peer_tag);
    case W_MACKEY: return hash_stage(ctx, W_TAG_OWN_IN, cp->own_tag);
    case W_TAG_OWN_IN: return hash_stage(ctx, W_TAG_OWN_OUT, cp->own_tag);
    case W_TAG_OWN_OUT: return hash_stage(ctx, W_TAG_PEER_IN, cp->sid_output);
    case W_TAG_PEER_IN: return hash_stage(ctx, W_TAG_PEER_OUT, cp->peer_tag);
    case W_TAG_PEER_OUT: /* the handheld's tag first: nothing password-dependent goes out */
        if (!fc_ct_equal(ctx->peer_tag, cp->peer_tag, FC_CPACE_TAG_LEN))
            return FC_ERR_VERIFY;
        return hash_stage(ctx, W_PRK_IN, ctx->peer_tag); /* Ta is checked: its room is free */
    case W_PRK_IN: return hash_stage(ctx, W_PRK_OUT, ctx->okm);
    case W_PRK_OUT: return hash_stage(ctx, W_OKM_IN, ctx->peer_tag);
    case W_OKM_IN: return hash_stage(ctx, W_OKM_OUT, ctx->okm);
    case W_OKM_OUT:
        ctx->work = W_NONE;
        if (ctx->family == FC_LOGIN_FAMILY_PACE2017) { /* tag_h, then ACCEPT: tag_d */
            if (!fc_ct_equal(ctx->peer_share, ctx->okm + 32, 16))
                return FC_ERR_VERIFY;
            memcpy(body, ctx->okm + 48, 16);
            *blen = 16;
            return FC_OK;
        }
        memcpy(body, cp->own_tag, FC_CPACE_TAG_LEN); /* FINISH: Tb */
        *blen = FC_CPACE_TAG_LEN;
        return FC_OK;
    default:
        return FC_ERR_STATE;
    }
}

/* The public steps are small on purpose: the job's step runs from their frame, and the checks
 * before and the frame after are functions of their own, off the deepest stack path (a SHA-512
 * block under fc_job_step). */
#if defined(__GNUC__) || defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* Checks a step call; *job_budget is what the job may spend, leaving room for starting the
 * next job at the end. */
NOINLINE static fc_status step_begin(fc_login *ctx, uint32_t budget, uint8_t *out,
                                     size_t out_cap, size_t *out_len, uint32_t *job_budget)
{
    uint32_t start_cost = fc_job_start_cost();
    fc_status st = fc_login_check_io(ctx, out, out_cap, out_len);
    if (st != FC_OK)
        return st;
    if (ctx->work == W_NONE)
        return FC_ERR_STATE;
    if (budget == 0)
        return FC_ERR_ARGUMENT;
    *job_budget = budget > start_cost ? budget - start_cost : 1;
    return FC_OK;
}

/* After a job has ended with st: the next job, or the frame that answers the one received. */
NOINLINE static fc_status step_end(fc_login *ctx, fc_status st, uint8_t *out, size_t out_cap,
                                   size_t *out_len)
{
    uint8_t *body = out + FC_LOGIN_HEADER_LEN;
    size_t blen = 0;
    /* the job has wiped itself and the stack it used (engine.c); next_stage fails only before
     * it starts another one */
    if (st == FC_OK)
        st = next_stage(ctx, body, &blen); /* the next job starts; its units come next step */
    if (st != FC_OK) {
        fc_zeroize(out, FC_LOGIN_MAX_FRAME);
        return fc_login_fail(ctx, st, out, out_len, 1);
    }
    if (ctx->work != W_NONE)
        return FC_PENDING;
    return fc_login_answer(ctx, body, blen, out, out_cap, out_len);
}

fc_status fc_login_step(fc_login *ctx, uint32_t budget, uint8_t *out, size_t out_cap,
                        size_t *out_len)
{
    uint32_t job_budget;
    fc_status st = step_begin(ctx, budget, out, out_cap, out_len, &job_budget);
    if (st != FC_OK)
        return st;
    st = fc_job_step(&ctx->job, job_budget);
    return st == FC_PENDING ? st : step_end(ctx, st, out, out_cap, out_len);
}

fc_status fc_login_step_clock(fc_login *ctx, uint32_t budget, fc_cycle_counter clock,
                              void *user, uint8_t *out, size_t out_cap, size_t *out_len)
{
    uint32_t job_budget;
    fc_status st = step_begin(ctx, budget, out, out_cap, out_len, &job_budget);
    if (st != FC_OK)
        return st;
    if (clock == NULL)
        return FC_ERR_NULL;
    st = fc_job_step_clock(&ctx->job, job_budget, clock, user);
    return st == FC_PENDING ? st : step_end(ctx, st, out, out_cap, out_len);
}

int fc_login_pending(const fc_login *ctx)
{
    return ctx != NULL && ctx->magic == MAGIC && ctx->state == ST_RUNNING &&
           ctx->work != W_NONE;
}

#endif /* FC_WITH_ENGINE */
