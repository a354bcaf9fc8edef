/* The pace2017 suite of the login (login.h, "Flows"; pace2017.h): one handler per received
 * message, on the synchronous path. The profile authenticates no identity, so both tags come
 * from the session key's HKDF, which binds the ids. Branches depend on public values and
 * verdicts; tags are compared with fc_ct_equal. */
#include <string.h>

#include "login_internal.h"

/* PACE key -> OKM = key || tag_h || tag_d (binds the ids the profile leaves out) */
static fc_status pace_key(fc_login *ctx)
{
    uint8_t key[FC_PACE2017_KEY_LEN];
    fc_status st = fc_pace2017_session_key(&ctx->proto.pace, key, sizeof(key));
    if (st == FC_OK)
        st = fc_login_derive_okm(ctx, key, sizeof(key), sizeof(ctx->okm));
    fc_zeroize(key, sizeof(key));
    return st;
}

/* device <- HELLO(handheld id); -> M1(msg1, device id) */
fc_status fc_login_pace_hello(fc_login *ctx, const fc_rng *rng, uint8_t *body, size_t *blen,
                              const uint8_t *p, size_t n)
{
    fc_status st = fc_login_take_id(ctx, p, n, 0);
    if (st == FC_OK)
        st = fc_pace2017_device_start(&ctx->proto.pace, ctx->provider, rng, body,
                                      FC_PACE2017_MSG1_LEN, ctx->secret);
    *blen = FC_PACE2017_MSG1_LEN + fc_login_put_id(body + FC_PACE2017_MSG1_LEN, ctx->own_id,
                                                   ctx->own_id_len);
    return st;
}

/* handheld <- M1(msg1, device id); -> M2 */
fc_status fc_login_pace_m1(fc_login *ctx, const fc_rng *rng, uint8_t *body, size_t *blen,
                           const uint8_t *p, size_t n)
{
    uint8_t kpi[FC_LOGIN_CRED_LEN];
    fc_status st;
    if (n < FC_PACE2017_MSG1_LEN)
        return FC_LOGIN_ERR_PAYLOAD;
    st = fc_login_take_id(ctx, p + FC_PACE2017_MSG1_LEN, n - FC_PACE2017_MSG1_LEN, 0);
    if (st != FC_OK)
        return st;
    st = fc_login_handheld_credential(ctx, kpi);
    fc_zeroize(ctx->secret, sizeof(ctx->secret));
    if (st == FC_OK)
        st = fc_pace2017_handheld_start(&ctx->proto.pace, ctx->provider, rng, body,
                                        FC_PACE2017_MSG2_LEN, kpi, p, FC_PACE2017_MSG1_LEN);
    fc_zeroize(kpi, sizeof(kpi));
    *blen = FC_PACE2017_MSG2_LEN;
    return st;
}

/* device <- M2; -> M3 */
fc_status fc_login_pace_m2(fc_login *ctx, uint8_t *body, size_t *blen, const uint8_t *p,
                           size_t n)
{
    if (n != FC_PACE2017_MSG2_LEN)
        return FC_LOGIN_ERR_PAYLOAD;
    *blen = FC_PACE2017_MSG3_LEN;
    return fc_pace2017_device_respond(&ctx->proto.pace, body, FC_PACE2017_MSG3_LEN, p, n);
}

/* handheld <- M3 (checks T_A); -> M4(msg4, tag_h) */
fc_status fc_login_pace_m3(fc_login *ctx, uint8_t *body, size_t *blen, const uint8_t *p,
                           size_t n)
{
    fc_status st;
    if (n != FC_PACE2017_MSG3_LEN)
        return FC_LOGIN_ERR_PAYLOAD;
    st = fc_pace2017_handheld_finish(&ctx->proto.pace, body, FC_PACE2017_MSG4_LEN, p, n);
    if (st == FC_OK)
        st = pace_key(ctx);
    if (st == FC_OK)
        memcpy(body + FC_PACE2017_MSG4_LEN, ctx->okm + 32, 16);
    *blen = FC_PACE2017_MSG4_LEN + 16;
    return st;
}

/* device <- M4(msg4, tag_h): checks T_B and tag_h; -> ACCEPT(tag_d) */
fc_status fc_login_pace_m4(fc_login *ctx, uint8_t *body, size_t *blen, const uint8_t *p,
                           size_t n)
{
    fc_status st;
    if (n != FC_PACE2017_MSG4_LEN + 16)
        return FC_LOGIN_ERR_PAYLOAD;
    st = fc_pace2017_device_finish(&ctx->proto.pace, p, FC_PACE2017_MSG4_LEN);
    if (st == FC_OK)
        st = pace_key(ctx);
    if (st == FC_OK && !fc_ct_equal(p + FC_PACE2017_MSG4_LEN, ctx->okm + 32, 16))
        st = FC_ERR_VERIFY;
    if (st == FC_OK)
        memcpy(body, ctx->okm + 48, 16);
    *blen = 16;
    return st;
}

/* handheld <- ACCEPT(tag_d) */
fc_status fc_login_pace_accept(fc_login *ctx, const uint8_t *p, size_t n)
{
    if (n != 16)
        return FC_LOGIN_ERR_PAYLOAD;
    return fc_ct_equal(p, ctx->okm + 48, 16) ? FC_OK : FC_ERR_VERIFY;
}
