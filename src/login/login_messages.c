/* The messages the sliced device login hashes (login_sliced.c), written straight from the
 * context into the window sink of a hash job (an fc_writer, sink.h): the same bytes the synchronous path feeds its hash and
 * HMAC calls (cpace.c, login.c). A separate file, so the stack analysis can tell what the
 * engine's writer call reaches. */
#include <string.h>

#include "fieldcrypt/ct.h"
#include "login_internal.h"

#if FC_WITH_ENGINE

/* key ^ pad over one whole block (the key is at most 128 bytes) */
static void put_pad(fc_sink *s, const uint8_t *key, size_t key_len, uint8_t pad)
{
    uint8_t chunk[16];
    size_t i, j;
    for (i = 0; i < 128; i += sizeof(chunk)) {
        if (!fc_sink_keeps(s, sizeof(chunk))) { /* outside the hash's window: counted only */
            fc_sink_put(s, NULL, sizeof(chunk));
            continue;
        }
        for (j = 0; j < sizeof(chunk); j++)
            chunk[j] = (uint8_t)((i + j < key_len ? key[i + j] : 0) ^ pad);
        fc_sink_put(s, chunk, sizeof(chunk));
    }
    fc_zeroize(chunk, sizeof(chunk));
}

/* info of the session key: suite || lv(device id) || lv(handheld id) */
static void put_info(fc_sink *s, const fc_login *ctx)
{
    uint8_t info[1 + 2 * (1 + FC_LOGIN_MAX_ID)];
    size_t n = 0;
    info[n++] = ctx->suite;
    n += fc_login_put_id(info + n, ctx->own_id, ctx->own_id_len);
    n += fc_login_put_id(info + n, ctx->peer_id, ctx->peer_id_len);
    fc_sink_put(s, info, n);
}

void fc_login_message(const void *src, fc_sink *s)
{
    static const uint8_t one = 1;
    const fc_login *ctx = (const fc_login *)src;
    const fc_cpace_ctx *cp = &ctx->proto.cpace;
    const char *dsi;
    size_t n = fc_login_share_len(ctx);
    uint8_t ci[2 * (1 + FC_LOGIN_MAX_ID)];
    size_t ci_len;

    switch (ctx->work) {
    case W_GEN: /* CI = lv(device id) || lv(handheld id) */
        ci_len = fc_login_put_id(ci, ctx->own_id, ctx->own_id_len);
        ci_len += fc_login_put_id(ci + ci_len, ctx->peer_id, ctx->peer_id_len);
        dsi = fc_cpace_dsi(cp->suite, 0);
        fc_cpace_put_generator_string(s, (const uint8_t *)dsi, strlen(dsi), ctx->secret,
                                      FC_LOGIN_CRED_LEN, ci, ci_len, ctx->sid, sizeof(ctx->sid),
                                      128);
        break;
    case W_ISK: /* lv(DSI_ISK) || lv(sid) || lv(K) || transcript_ir(Ya, ADa, Yb, ADb) */
        dsi = fc_cpace_dsi(cp->suite, 1);
        fc_cpace_put_lv(s, (const uint8_t *)dsi, strlen(dsi));
        fc_cpace_put_lv(s, ctx->sid, sizeof(ctx->sid));
        fc_cpace_put_lv(s, cp->isk, n);
        fc_cpace_put_lv(s, ctx->peer_share, n); /* transcript_ir, as lv_cat written out */
        fc_cpace_put_lv(s, ctx->peer_id, ctx->peer_id_len);
        fc_cpace_put_lv(s, cp->share, n);
        fc_cpace_put_lv(s, ctx->own_id, ctx->own_id_len);
        break;
    case W_MACKEY: /* "CPaceMac" || sid || ISK */
        fc_sink_put(s, (const uint8_t *)"CPaceMac", 8);
        fc_sink_put(s, ctx->sid, sizeof(ctx->sid));
        fc_sink_put(s, cp->isk, sizeof(cp->isk));
        break;
    case W_TAG_OWN_IN: /* HMAC(mac_key, lv(Yb) || lv(ADb)), inner */
        put_pad(s, cp->peer_tag, 64, 0x36);
        fc_cpace_put_lv(s, cp->share, n);
        fc_cpace_put_lv(s, ctx->own_id, ctx->own_id_len);
        break;
    case W_TAG_OWN_OUT:
        put_pad(s, cp->peer_tag, 64, 0x5c);
        fc_sink_put(s, cp->own_tag, 64);
        break;
    case W_TAG_PEER_IN: /* HMAC(mac_key, lv(Ya) || lv(ADa)) */
        put_pad(s, cp->peer_tag, 64, 0x36);
        fc_cpace_put_lv(s, ctx->peer_share, n);
        fc_cpace_put_lv(s, ctx->peer_id, ctx->peer_id_len);
        break;
    case W_TAG_PEER_OUT:
        put_pad(s, cp->peer_tag, 64, 0x5c);
        fc_sink_put(s, cp->sid_output, 64);
        break;
    case W_PRK_IN: /* HKDF-Extract: HMAC(salt, IKM), IKM = ISK or the PACE key */
        put_pad(s, (const uint8_t *)fc_login_key_salt, strlen(fc_login_key_salt), 0x36);
        if (ctx->family == FC_LOGIN_FAMILY_CPACE)
            fc_sink_put(s, cp->isk, sizeof(cp->isk));
        else
            fc_sink_put(s, ctx->proto.pace.key, sizeof(ctx->proto.pace.key));
        break;
    case W_PRK_OUT:
        put_pad(s, (const uint8_t *)fc_login_key_salt, strlen(fc_login_key_salt), 0x5c);
        fc_sink_put(s, ctx->peer_tag, 64);
        break;
    case W_OKM_IN: /* HKDF-Expand, T(1) = HMAC(PRK, info || 0x01) */
        put_pad(s, ctx->okm, sizeof(ctx->okm), 0x36);
        put_info(s, ctx);
        fc_sink_put(s, &one, 1);
        break;
    case W_OKM_OUT:
        put_pad(s, ctx->okm, sizeof(ctx->okm), 0x5c);
        fc_sink_put(s, ctx->peer_tag, 64);
        break;
    case W_P_GEN: /* pace2017: SHA-512(s || t) */
        fc_sink_put(s, ctx->proto.pace.s, sizeof(ctx->proto.pace.s));
        fc_sink_put(s, ctx->peer_tag, 16);
        break;
    case W_P_KH: /* pace2017: K_H = SHA-512(K) */
        fc_sink_put(s, ctx->proto.pace.kpi, 32);
        break;
    default:
        break;
    }
}

#endif /* FC_WITH_ENGINE */
