/* The cpace and cpace19119 suites of the login (login.h, "Flows"): one handler per received
 * message, on the synchronous path. Branches depend on public values only (lengths, ids,
 * statuses); secrets go to the CPace code and HKDF. */
#include <string.h>

#include "login_internal.h"

/* Starts this side's CPace once both nonces and ids are known: CI = lv(device id) ||
 * lv(handheld id), sid = nonce_h || nonce_d, AD = own id. Writes the share to share. */
static fc_status cpace_begin(fc_login *ctx, const fc_rng *rng, uint8_t *share,
                             const uint8_t *prs)
{
    uint8_t ci[2 * (1 + FC_LOGIN_MAX_ID)];
    int device = ctx->role == FC_LOGIN_DEVICE;
    fc_cpace_params p;
    size_t n = 0;
    n += fc_login_put_id(ci + n, device ? ctx->own_id : ctx->peer_id,
                         device ? ctx->own_id_len : ctx->peer_id_len);
    n += fc_login_put_id(ci + n, device ? ctx->peer_id : ctx->own_id,
                         device ? ctx->peer_id_len : ctx->own_id_len);
    memset(&p, 0, sizeof(p));
    p.suite = (fc_cpace_suite)fc_login_suite(ctx->suite)->cpace_suite;
    p.role = device ? FC_CPACE_RESPONDER : FC_CPACE_INITIATOR;
    p.prs = prs;
    p.prs_len = FC_LOGIN_CRED_LEN;
    p.ci = ci;
    p.ci_len = n;
    p.sid = ctx->sid;
    p.sid_len = sizeof(ctx->sid);
    p.ad = ctx->own_id;
    p.ad_len = ctx->own_id_len;
    p.confirm = 1;
    p.provider = ctx->provider;
    return fc_cpace_start(&ctx->proto.cpace, &p, rng, share, fc_login_share_len(ctx));
}

/* ISK -> OKM, once the peer's tag is verified */
static fc_status cpace_key(fc_login *ctx)
{
    uint8_t isk[FC_CPACE_ISK_LEN];
    fc_status st = fc_cpace_isk(&ctx->proto.cpace, isk, sizeof(isk));
    if (st == FC_OK)
        st = fc_login_derive_okm(ctx, isk, sizeof(isk), FC_LOGIN_KEY_LEN);
    fc_zeroize(isk, sizeof(isk));
    return st;
}

fc_status fc_login_take_hello(fc_login *ctx, const fc_rng *rng, const uint8_t *p, size_t n)
{
    fc_status st;
    if (n < FC_LOGIN_NONCE_LEN)
        return FC_LOGIN_ERR_PAYLOAD;
    st = fc_login_take_id(ctx, p + FC_LOGIN_NONCE_LEN, n - FC_LOGIN_NONCE_LEN, 0);
    if (st != FC_OK)
        return st;
    memcpy(ctx->sid, p, FC_LOGIN_NONCE_LEN);
    return fc_random_bytes(rng, ctx->sid + FC_LOGIN_NONCE_LEN, FC_LOGIN_NONCE_LEN);
}

/* device <- HELLO(nonce_h, handheld id); -> REPLY(nonce_d, device id, Yb) */
fc_status fc_login_cpace_hello(fc_login *ctx, const fc_rng *rng, uint8_t *body, size_t *blen,
                               const uint8_t *p, size_t n)
{
    size_t k;
    fc_status st = fc_login_take_hello(ctx, rng, p, n);
    if (st != FC_OK)
        return st;
    memcpy(body, ctx->sid + FC_LOGIN_NONCE_LEN, FC_LOGIN_NONCE_LEN);
    k = FC_LOGIN_NONCE_LEN +
        fc_login_put_id(body + FC_LOGIN_NONCE_LEN, ctx->own_id, ctx->own_id_len);
    st = cpace_begin(ctx, rng, body + k, ctx->secret);
    *blen = k + fc_login_share_len(ctx);
    return st;
}

/* handheld <- REPLY(nonce_d, device id, Yb); -> CONFIRM(Ya, Ta) */
fc_status fc_login_cpace_reply(fc_login *ctx, const fc_rng *rng, uint8_t *body, size_t *blen,
                               const uint8_t *p, size_t n)
{
    size_t slen = fc_login_share_len(ctx);
    uint8_t prs[FC_LOGIN_CRED_LEN];
    fc_status st;
    if (n < FC_LOGIN_NONCE_LEN)
        return FC_LOGIN_ERR_PAYLOAD;
    st = fc_login_take_id(ctx, p + FC_LOGIN_NONCE_LEN, n - FC_LOGIN_NONCE_LEN, slen);
    if (st != FC_OK)
        return st;
    memcpy(ctx->sid + FC_LOGIN_NONCE_LEN, p, FC_LOGIN_NONCE_LEN);
    st = fc_login_handheld_credential(ctx, prs);
    fc_zeroize(ctx->secret, sizeof(ctx->secret)); /* the password's PRK is not needed again */
    if (st == FC_OK)
        st = cpace_begin(ctx, rng, body, prs);
    fc_zeroize(prs, sizeof(prs));
    if (st == FC_OK)
        st = fc_cpace_receive(&ctx->proto.cpace, p + n - slen, slen, ctx->peer_id,
                              ctx->peer_id_len);
    if (st == FC_OK)
        st = fc_cpace_tag(&ctx->proto.cpace, body + slen, FC_CPACE_TAG_LEN);
    *blen = slen + FC_CPACE_TAG_LEN;
    return st;
}

/* device <- CONFIRM(Ya, Ta): verify first, then -> FINISH(Tb) */
fc_status fc_login_cpace_confirm(fc_login *ctx, uint8_t *body, size_t *blen, const uint8_t *p,
                                 size_t n)
{
    size_t slen = fc_login_share_len(ctx);
    fc_status st;
    if (n != slen + FC_CPACE_TAG_LEN)
        return FC_LOGIN_ERR_PAYLOAD;
    st = fc_cpace_receive(&ctx->proto.cpace, p, slen, ctx->peer_id, ctx->peer_id_len);
    if (st == FC_OK)
        st = fc_cpace_verify(&ctx->proto.cpace, p + slen, FC_CPACE_TAG_LEN);
    if (st == FC_OK)
        st = fc_cpace_tag(&ctx->proto.cpace, body, FC_CPACE_TAG_LEN);
    if (st == FC_OK)
        st = cpace_key(ctx);
    *blen = FC_CPACE_TAG_LEN;
    return st;
}

/* handheld <- FINISH(Tb) */
fc_status fc_login_cpace_finish(fc_login *ctx, const uint8_t *p, size_t n)
{
    fc_status st;
    if (n != FC_CPACE_TAG_LEN)
        return FC_LOGIN_ERR_PAYLOAD;
    st = fc_cpace_verify(&ctx->proto.cpace, p, FC_CPACE_TAG_LEN);
    if (st == FC_OK)
        st = cpace_key(ctx);
    return st;
}
