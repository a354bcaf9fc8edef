/* fieldcrypt login state machines (flows, credentials and keys in login.h).
 * Every received frame goes through the same gate: frame check, peer ERROR, suite, place in
 * the flow; only then does a handler parse the payload, with exact lengths. Any failure wipes
 * the context down to its role and status, so no path can release a key afterwards.
 * Branches depend on public values only (lengths, types, state, ids); secrets go to the CPace /
 * PACE code, HKDF and fc_ct_equal. */
#include <string.h>

#include "fieldcrypt/ct.h"
#include "fieldcrypt/kdf.h"
#include "fieldcrypt/login.h"
#include "fieldcrypt/provider.h"
#include "login_internal.h"


static const char prs_salt[] = "fieldcrypt login PRS v1";
/* pace2017.c's salt: the handheld splits fc_pace2017_derive_kpi into extract and expand */
static const char kpi_salt[] = "fieldcrypt PACE2017 K_pi v1";
const char fc_login_key_salt[] = "fieldcrypt login v1";

/* The flows: the handheld sends the even positions, the device the odd ones. */
static const uint8_t flow_cpace[] = {FC_LOGIN_HELLO, FC_LOGIN_REPLY, FC_LOGIN_CONFIRM,
                                     FC_LOGIN_FINISH};
static const uint8_t flow_pace[] = {FC_LOGIN_HELLO, FC_LOGIN_M1, FC_LOGIN_M2, FC_LOGIN_M3,
                                    FC_LOGIN_M4, FC_LOGIN_ACCEPT};

const uint8_t *fc_login_flow(const fc_login *ctx, size_t *n)
{
    if (ctx->family == FC_LOGIN_FAMILY_CPACE) {
        *n = sizeof(flow_cpace);
        return flow_cpace;
    }
    *n = sizeof(flow_pace);
    return flow_pace;
}

static int flow_pos(const fc_login *ctx, unsigned type)
{
    size_t i, n;
    const uint8_t *f = fc_login_flow(ctx, &n);
    for (i = 0; i < n; i++)
        if (f[i] == type)
            return (int)i;
    return -1;
}

size_t fc_login_share_len(const fc_login *ctx)
{
    return fc_cpace_share_len((fc_cpace_suite)fc_login_suite(ctx->suite)->cpace_suite);
}

/* ---- credentials ---- */

fc_status fc_login_credential(unsigned suite, const fc_provider *provider,
                              const uint8_t *password, size_t password_len,
                              const uint8_t *device_id, size_t device_id_len, uint8_t *cred,
                              size_t cred_len)
{
    const fc_login_suite_info *s = fc_login_suite(suite);
    if (cred == NULL || device_id == NULL || (password == NULL && password_len > 0))
        return FC_ERR_NULL;
    if (s == NULL)
        return FC_ERR_ARGUMENT;
    if (!s->available)
        return FC_ERR_UNSUPPORTED;
    if (cred_len != FC_LOGIN_CRED_LEN || device_id_len < 1 || device_id_len > FC_LOGIN_MAX_ID)
        return FC_ERR_LENGTH;
    if (s->family == FC_LOGIN_FAMILY_PACE2017)
        return fc_pace2017_derive_kpi(provider, password, password_len, device_id, device_id_len,
                                      cred);
    return fc_hkdf(FC_SHA512, provider, (const uint8_t *)prs_salt, sizeof(prs_salt) - 1,
                   password, password_len, device_id, device_id_len, cred, cred_len);
}

/* The handheld's half of the credential: HKDF-Expand of the kept PRK with the device id. */
static fc_status handheld_credential(const fc_login *ctx, uint8_t cred[FC_LOGIN_CRED_LEN])
{
    return fc_hkdf_expand(FC_SHA512, ctx->provider, ctx->secret, sizeof(ctx->secret),
                          ctx->peer_id, ctx->peer_id_len, cred, FC_LOGIN_CRED_LEN);
}

/* ---- lifecycle ---- */

/* Ends the session: wipes all but role, suite and the statuses; optionally an ERROR frame. */
fc_status fc_login_fail(fc_login *ctx, fc_status st, uint8_t *out, size_t *out_len, int send)
{
    uint8_t role = ctx->role, suite = ctx->suite, family = ctx->family;
    fc_status peer = ctx->peer_error;
    fc_zeroize(ctx, sizeof(*ctx));
    ctx->magic = MAGIC;
    ctx->role = role;
    ctx->suite = suite;
    ctx->family = family;
    ctx->state = ST_FAILED;
    ctx->status = st;
    ctx->peer_error = peer;
    if (send && out != NULL && out_len != NULL) {
        uint16_t code = (uint16_t)(int16_t)st;
        out[FC_LOGIN_HEADER_LEN] = (uint8_t)(code >> 8);
        out[FC_LOGIN_HEADER_LEN + 1] = (uint8_t)code;
        if (fc_login_frame_encode(suite, FC_LOGIN_ERROR, out + FC_LOGIN_HEADER_LEN, 2, out,
                                  FC_LOGIN_HEADER_LEN + 2, out_len) != FC_OK)
            *out_len = 0;
    }
    return st;
}

void fc_login_succeed(fc_login *ctx)
{
    /* only the key and the peer id stay */
    fc_zeroize(&ctx->proto, sizeof(ctx->proto));
    fc_zeroize(ctx->secret, sizeof(ctx->secret));
    fc_zeroize(ctx->sid, sizeof(ctx->sid));
    fc_zeroize(ctx->okm + FC_LOGIN_KEY_LEN, sizeof(ctx->okm) - FC_LOGIN_KEY_LEN);
    /* the sliced path's scratch: the received share and tag, then HKDF's inner digest */
    fc_zeroize(ctx->peer_share, sizeof(ctx->peer_share));
    fc_zeroize(ctx->peer_tag, sizeof(ctx->peer_tag));
    ctx->work = 0;
    ctx->state = ST_DONE;
}

/* the chosen provider has every primitive the suite's flow uses */
static int provider_has(const fc_provider *provider, const fc_login_suite_info *s)
{
    const fc_provider *p = provider != NULL ? provider : fc_provider_default();
    if (!fc_provider_supports(p, "hmac-sha512") || !fc_provider_supports(p, "sha512"))
        return 0;
    if (s->family == FC_LOGIN_FAMILY_PACE2017)
        return fc_provider_supports(p, "salsa20") && fc_provider_supports(p, "elligator2-curve25519");
    return fc_provider_supports(p, s->cpace_suite == FC_CPACE_X19119_SHA512 ? "elligator2-curve19119"
                                                                             : "elligator2-curve25519");
}

fc_status fc_login_init(fc_login *ctx, const fc_login_config *cfg)
{
    const fc_login_suite_info *s;
    fc_status st = FC_OK;
    if (ctx == NULL || cfg == NULL || cfg->id == NULL || (cfg->secret == NULL && cfg->secret_len > 0))
        return FC_ERR_NULL;
    /* a running session must be cancelled or wiped first: no silent loss of it */
    if (ctx->magic == MAGIC && ctx->state == ST_RUNNING)
        return FC_ERR_STATE;
    s = fc_login_suite(cfg->suite);
    if (s == NULL || (cfg->role != FC_LOGIN_DEVICE && cfg->role != FC_LOGIN_HANDHELD))
        return FC_ERR_ARGUMENT;
    if (!s->available || !provider_has(cfg->provider, s))
        return FC_ERR_UNSUPPORTED;
    /* the engine runs the soft provider's arithmetic, and the device's side only */
    if (cfg->sliced != 0 &&
        (!FC_WITH_ENGINE || cfg->sliced != 1 || cfg->role != FC_LOGIN_DEVICE ||
         (cfg->provider != NULL && strcmp(fc_provider_name(cfg->provider), "soft") != 0)))
        return FC_ERR_UNSUPPORTED;
    if (cfg->id_len < 1 || cfg->id_len > FC_LOGIN_MAX_ID ||
        (cfg->role == FC_LOGIN_DEVICE && cfg->secret_len != FC_LOGIN_CRED_LEN))
        return FC_ERR_LENGTH;

    fc_zeroize(ctx, sizeof(*ctx));
    if (cfg->role == FC_LOGIN_DEVICE) {
        memcpy(ctx->secret, cfg->secret, FC_LOGIN_CRED_LEN);
    } else {
        /* keep HKDF-Extract(salt, password), not the password */
        const char *salt = s->family == FC_LOGIN_FAMILY_CPACE ? prs_salt : kpi_salt;
        st = fc_hkdf_extract(FC_SHA512, cfg->provider, (const uint8_t *)salt, strlen(salt),
                             cfg->secret, cfg->secret_len, ctx->secret, sizeof(ctx->secret));
    }
    if (st != FC_OK) {
        fc_zeroize(ctx, sizeof(*ctx));
        return st;
    }
    ctx->magic = MAGIC;
    ctx->state = ST_RUNNING;
    ctx->role = (uint8_t)cfg->role;
    ctx->suite = s->id;
    ctx->family = s->family;
    ctx->provider = cfg->provider;
    ctx->sliced = (uint8_t)cfg->sliced;
    memcpy(ctx->own_id, cfg->id, cfg->id_len);
    ctx->own_id_len = (uint8_t)cfg->id_len;
    return FC_OK;
}

fc_status fc_login_check_io(const fc_login *ctx, const uint8_t *out, size_t out_cap,
                          size_t *out_len)
{
    if (ctx == NULL || out == NULL || out_len == NULL)
        return FC_ERR_NULL;
    *out_len = 0;
    if (ctx->magic != MAGIC || ctx->state != ST_RUNNING)
        return FC_ERR_STATE;
    if (out_cap < FC_LOGIN_MAX_FRAME)
        return FC_ERR_LENGTH;
    return FC_OK;
}

/* id field: length byte, then the id */
size_t fc_login_put_id(uint8_t *p, const uint8_t *id, uint8_t len)
{
    p[0] = len;
    memcpy(p + 1, id, len);
    return 1 + (size_t)len;
}

/* Parses an id field that must end exactly rest bytes before the payload ends. */
fc_status fc_login_take_id(fc_login *ctx, const uint8_t *p, size_t avail, size_t rest)
{
    if (avail < 1 || p[0] < 1 || p[0] > FC_LOGIN_MAX_ID || avail != 1 + (size_t)p[0] + rest)
        return FC_LOGIN_ERR_PAYLOAD;
    memcpy(ctx->peer_id, p + 1, p[0]);
    ctx->peer_id_len = p[0];
    return FC_OK;
}

fc_status fc_login_start(fc_login *ctx, const fc_rng *rng, uint8_t *out, size_t out_cap,
                         size_t *out_len)
{
    uint8_t *body;
    size_t n = 0;
    fc_status st = fc_login_check_io(ctx, out, out_cap, out_len);
    if (st != FC_OK)
        return st;
    body = out + FC_LOGIN_HEADER_LEN; /* out is known non-NULL only now */
    if (ctx->role != FC_LOGIN_HANDHELD || ctx->step != 0)
        return FC_ERR_STATE;
    if (ctx->family == FC_LOGIN_FAMILY_CPACE) {
        st = fc_random_bytes(rng, ctx->sid, FC_LOGIN_NONCE_LEN);
        if (st != FC_OK)
            return fc_login_fail(ctx, st, NULL, NULL, 0); /* nothing sent yet: nobody to tell */
        memcpy(body, ctx->sid, FC_LOGIN_NONCE_LEN);
        n = FC_LOGIN_NONCE_LEN;
    }
    n += fc_login_put_id(body + n, ctx->own_id, ctx->own_id_len);
    st = fc_login_frame_encode(ctx->suite, FC_LOGIN_HELLO, body, n, out, out_cap, out_len);
    if (st != FC_OK)
        return fc_login_fail(ctx, st, NULL, NULL, 0);
    ctx->step = 1;
    return FC_OK;
}

/* ---- key derivation ---- */

/* OKM = HKDF-SHA-512(ikm, "fieldcrypt login v1", suite || lv(device id) || lv(handheld id)) */
static fc_status derive_okm(fc_login *ctx, const uint8_t *ikm, size_t ikm_len, size_t okm_len)
{
    uint8_t info[1 + 2 * (1 + FC_LOGIN_MAX_ID)];
    int device = ctx->role == FC_LOGIN_DEVICE;
    size_t n = 0;
    info[n++] = ctx->suite;
    n += fc_login_put_id(info + n, device ? ctx->own_id : ctx->peer_id,
                device ? ctx->own_id_len : ctx->peer_id_len);
    n += fc_login_put_id(info + n, device ? ctx->peer_id : ctx->own_id,
                device ? ctx->peer_id_len : ctx->own_id_len);
    return fc_hkdf(FC_SHA512, ctx->provider, (const uint8_t *)fc_login_key_salt,
                   sizeof(fc_login_key_salt) - 1, ikm,
                   ikm_len, info, n, ctx->okm, okm_len);
}

/* ---- CPace ---- */

/* Starts this side's CPace once both nonces and ids are known: CI = lv(device id) ||
 * lv(handheld id), sid = nonce_h || nonce_d, AD = own id. Writes the share to share. */
static fc_status cpace_begin(fc_login *ctx, const fc_rng *rng, const uint8_t *prs,
                             uint8_t *share)
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
        st = derive_okm(ctx, isk, sizeof(isk), FC_LOGIN_KEY_LEN);
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
static fc_status cpace_hello(fc_login *ctx, const fc_rng *rng, const uint8_t *p, size_t n,
                             uint8_t *body, size_t *blen)
{
    size_t k;
    fc_status st = fc_login_take_hello(ctx, rng, p, n);
    if (st != FC_OK)
        return st;
    memcpy(body, ctx->sid + FC_LOGIN_NONCE_LEN, FC_LOGIN_NONCE_LEN);
    k = FC_LOGIN_NONCE_LEN + fc_login_put_id(body + FC_LOGIN_NONCE_LEN, ctx->own_id, ctx->own_id_len);
    st = cpace_begin(ctx, rng, ctx->secret, body + k);
    *blen = k + fc_login_share_len(ctx);
    return st;
}

/* handheld <- REPLY(nonce_d, device id, Yb); -> CONFIRM(Ya, Ta) */
static fc_status cpace_reply(fc_login *ctx, const fc_rng *rng, const uint8_t *p, size_t n,
                             uint8_t *body, size_t *blen)
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
    st = handheld_credential(ctx, prs);
    fc_zeroize(ctx->secret, sizeof(ctx->secret)); /* the password's PRK is not needed again */
    if (st == FC_OK)
        st = cpace_begin(ctx, rng, prs, body);
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
static fc_status cpace_confirm(fc_login *ctx, const uint8_t *p, size_t n, uint8_t *body,
                               size_t *blen)
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
static fc_status cpace_finish(fc_login *ctx, const uint8_t *p, size_t n)
{
    fc_status st;
    if (n != FC_CPACE_TAG_LEN)
        return FC_LOGIN_ERR_PAYLOAD;
    st = fc_cpace_verify(&ctx->proto.cpace, p, FC_CPACE_TAG_LEN);
    if (st == FC_OK)
        st = cpace_key(ctx);
    return st;
}

/* ---- the 2017 PACE profile ---- */

/* PACE key -> OKM = key || tag_h || tag_d (binds the ids the profile leaves out) */
static fc_status pace_key(fc_login *ctx)
{
    uint8_t key[FC_PACE2017_KEY_LEN];
    fc_status st = fc_pace2017_session_key(&ctx->proto.pace, key, sizeof(key));
    if (st == FC_OK)
        st = derive_okm(ctx, key, sizeof(key), sizeof(ctx->okm));
    fc_zeroize(key, sizeof(key));
    return st;
}

/* device <- HELLO(handheld id); -> M1(msg1, device id) */
static fc_status pace_hello(fc_login *ctx, const fc_rng *rng, const uint8_t *p, size_t n,
                            uint8_t *body, size_t *blen)
{
    fc_status st = fc_login_take_id(ctx, p, n, 0);
    if (st == FC_OK)
        st = fc_pace2017_device_start(&ctx->proto.pace, ctx->provider, rng, ctx->secret, body,
                                      FC_PACE2017_MSG1_LEN);
    *blen = FC_PACE2017_MSG1_LEN + fc_login_put_id(body + FC_PACE2017_MSG1_LEN, ctx->own_id,
                                          ctx->own_id_len);
    return st;
}

/* handheld <- M1(msg1, device id); -> M2 */
static fc_status pace_m1(fc_login *ctx, const fc_rng *rng, const uint8_t *p, size_t n,
                         uint8_t *body, size_t *blen)
{
    uint8_t kpi[FC_LOGIN_CRED_LEN];
    fc_status st;
    if (n < FC_PACE2017_MSG1_LEN)
        return FC_LOGIN_ERR_PAYLOAD;
    st = fc_login_take_id(ctx, p + FC_PACE2017_MSG1_LEN, n - FC_PACE2017_MSG1_LEN, 0);
    if (st != FC_OK)
        return st;
    st = handheld_credential(ctx, kpi);
    fc_zeroize(ctx->secret, sizeof(ctx->secret));
    if (st == FC_OK)
        st = fc_pace2017_handheld_start(&ctx->proto.pace, ctx->provider, rng, kpi, p,
                                        FC_PACE2017_MSG1_LEN, body, FC_PACE2017_MSG2_LEN);
    fc_zeroize(kpi, sizeof(kpi));
    *blen = FC_PACE2017_MSG2_LEN;
    return st;
}

/* device <- M2; -> M3 */
static fc_status pace_m2(fc_login *ctx, const uint8_t *p, size_t n, uint8_t *body, size_t *blen)
{
    if (n != FC_PACE2017_MSG2_LEN)
        return FC_LOGIN_ERR_PAYLOAD;
    *blen = FC_PACE2017_MSG3_LEN;
    return fc_pace2017_device_respond(&ctx->proto.pace, p, n, body, FC_PACE2017_MSG3_LEN);
}

/* handheld <- M3 (checks T_A); -> M4(msg4, tag_h) */
static fc_status pace_m3(fc_login *ctx, const uint8_t *p, size_t n, uint8_t *body, size_t *blen)
{
    fc_status st;
    if (n != FC_PACE2017_MSG3_LEN)
        return FC_LOGIN_ERR_PAYLOAD;
    st = fc_pace2017_handheld_finish(&ctx->proto.pace, p, n, body, FC_PACE2017_MSG4_LEN);
    if (st == FC_OK)
        st = pace_key(ctx);
    if (st == FC_OK)
        memcpy(body + FC_PACE2017_MSG4_LEN, ctx->okm + 32, 16);
    *blen = FC_PACE2017_MSG4_LEN + 16;
    return st;
}

/* device <- M4(msg4, tag_h): checks T_B and tag_h; -> ACCEPT(tag_d) */
static fc_status pace_m4(fc_login *ctx, const uint8_t *p, size_t n, uint8_t *body, size_t *blen)
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
static fc_status pace_accept(fc_login *ctx, const uint8_t *p, size_t n)
{
    if (n != 16)
        return FC_LOGIN_ERR_PAYLOAD;
    return fc_ct_equal(p, ctx->okm + 48, 16) ? FC_OK : FC_ERR_VERIFY;
}

/* ---- input ---- */

/* Where a frame of a known type belongs; FC_OK only for the very next peer message. */
static fc_status place_in_flow(const fc_login *ctx, unsigned type, int *pos)
{
    int peer_parity = ctx->role == FC_LOGIN_DEVICE ? 0 : 1; /* handheld sends even positions */
    *pos = flow_pos(ctx, type);
    if (*pos < 0 || (*pos & 1) != peer_parity)
        return FC_LOGIN_ERR_UNEXPECTED; /* a type this side sends: reflected or confused peer */
    if (*pos < ctx->step)
        return FC_LOGIN_ERR_REPLAY; /* each peer message has one place: seen already */
    if (*pos > ctx->step)
        return FC_LOGIN_ERR_UNEXPECTED;
    return FC_OK;
}

fc_status fc_login_input(fc_login *ctx, const fc_rng *rng, const uint8_t *frame,
                         size_t frame_len, uint8_t *out, size_t out_cap, size_t *out_len)
{
    uint8_t *body;
    const uint8_t *p;
    fc_login_header h;
    size_t blen = 0;
    int pos;
    fc_status st = fc_login_check_io(ctx, out, out_cap, out_len);
    if (st != FC_OK)
        return st;
    body = out + FC_LOGIN_HEADER_LEN; /* out is known non-NULL only now */
    if (frame == NULL)
        return FC_ERR_NULL;
    if ((ctx->role == FC_LOGIN_HANDHELD && ctx->step == 0) || ctx->work != 0)
        return FC_ERR_STATE; /* fc_login_start first; or sliced work still pending */

    st = fc_login_frame_check(frame, frame_len, &h);
    if (st != FC_OK)
        return fc_login_fail(ctx, st, out, out_len, 1);
    p = frame + FC_LOGIN_HEADER_LEN;
    if (h.type == FC_LOGIN_ERROR) {
        /* whatever its suite: the peer has given up; never answered */
        int code = h.length == 2 ? (int)(int16_t)(uint16_t)(p[0] << 8 | p[1]) : 0;
        /* an fc_status may be one byte (short enums on arm-none-eabi): keep codes it holds */
        ctx->peer_error = code < 0 && code >= -128 ? (fc_status)code : FC_ERR_PROTOCOL;
        return fc_login_fail(ctx, FC_LOGIN_ERR_PEER, out, out_len, 0);
    }
    if (h.suite != ctx->suite)
        return fc_login_fail(ctx, fc_login_suite(h.suite)->available ? FC_LOGIN_ERR_WRONG_SUITE
                                                             : FC_ERR_UNSUPPORTED,
                     out, out_len, 1);
    st = place_in_flow(ctx, h.type, &pos);
    if (st != FC_OK)
        return fc_login_fail(ctx, st, out, out_len, 1);

#if FC_WITH_ENGINE
    if (ctx->sliced && (h.type == FC_LOGIN_CONFIRM || h.type == FC_LOGIN_M2 ||
                        h.type == FC_LOGIN_M4 ||
                        (h.type == FC_LOGIN_HELLO && ctx->family == FC_LOGIN_FAMILY_CPACE))) {
        st = fc_login_sliced_begin(ctx, rng, h.type, p, h.length);
        if (st != FC_OK)
            return fc_login_fail(ctx, st, out, out_len, 1);
        ctx->step = (uint8_t)(pos + 1); /* the answer goes out when fc_login_step is done */
        return FC_PENDING;
    }
#endif
    switch (h.type) {
    case FC_LOGIN_HELLO:
        st = ctx->family == FC_LOGIN_FAMILY_CPACE ? cpace_hello(ctx, rng, p, h.length, body, &blen)
                                                  : pace_hello(ctx, rng, p, h.length, body, &blen);
        break;
    case FC_LOGIN_REPLY: st = cpace_reply(ctx, rng, p, h.length, body, &blen); break;
    case FC_LOGIN_CONFIRM: st = cpace_confirm(ctx, p, h.length, body, &blen); break;
    case FC_LOGIN_FINISH: st = cpace_finish(ctx, p, h.length); break;
    case FC_LOGIN_M1: st = pace_m1(ctx, rng, p, h.length, body, &blen); break;
    case FC_LOGIN_M2: st = pace_m2(ctx, p, h.length, body, &blen); break;
    case FC_LOGIN_M3: st = pace_m3(ctx, p, h.length, body, &blen); break;
    case FC_LOGIN_M4: st = pace_m4(ctx, p, h.length, body, &blen); break;
    case FC_LOGIN_ACCEPT: st = pace_accept(ctx, p, h.length); break;
    default: st = FC_LOGIN_ERR_UNEXPECTED; break; /* unreachable: place_in_flow found it */
    }
    if (st != FC_OK) {
        fc_zeroize(out, FC_LOGIN_MAX_FRAME); /* no half-built reply (tags) left behind */
        return fc_login_fail(ctx, st, out, out_len, 1);
    }

    ctx->step = (uint8_t)(pos + 1);
    return fc_login_answer(ctx, body, blen, out, out_cap, out_len);
}

fc_status fc_login_answer(fc_login *ctx, const uint8_t *body, size_t blen, uint8_t *out,
                          size_t out_cap, size_t *out_len)
{
    size_t flen;
    const uint8_t *flow = fc_login_flow(ctx, &flen);
    fc_status st;
    if ((size_t)ctx->step < flen) { /* the next message is ours: send it */
        st = fc_login_frame_encode(ctx->suite, flow[ctx->step], body, blen, out, out_cap,
                                   out_len);
        if (st != FC_OK)
            return fc_login_fail(ctx, st, out, out_len, 1);
        ctx->step++;
    }
    if ((size_t)ctx->step == flen)
        fc_login_succeed(ctx);
    return FC_OK;
}

fc_status fc_login_cancel(fc_login *ctx, fc_status reason, uint8_t *out, size_t out_cap,
                          size_t *out_len)
{
    int running;
    if (ctx == NULL || out == NULL || out_len == NULL)
        return FC_ERR_NULL;
    *out_len = 0;
    if ((int)reason >= 0)
        return FC_ERR_ARGUMENT;
    if (out_cap < FC_LOGIN_HEADER_LEN + 2)
        return FC_ERR_LENGTH;
    if (ctx->magic != MAGIC)
        return FC_ERR_STATE;
    if (ctx->state == ST_FAILED)
        return FC_OK; /* already over, the peer has been told or told us */
    running = ctx->state == ST_RUNNING;
    fc_job_cancel(&ctx->job); /* sliced work in progress: its job and the stack it used */
    fc_login_fail(ctx, reason, out, out_len, running); /* done: drops the key, nothing to send */
    return FC_OK;
}

int fc_login_done(const fc_login *ctx)
{
    return ctx != NULL && ctx->magic == MAGIC && ctx->state == ST_DONE;
}

fc_status fc_login_error(const fc_login *ctx, fc_status *peer_error)
{
    if (ctx == NULL)
        return FC_ERR_NULL;
    if (peer_error != NULL)
        *peer_error = ctx->magic == MAGIC ? ctx->peer_error : FC_OK;
    if (ctx->magic != MAGIC)
        return FC_ERR_STATE;
    return ctx->state == ST_FAILED ? ctx->status : FC_OK;
}

fc_status fc_login_result(const fc_login *ctx, uint8_t *peer_id, size_t peer_id_cap,
                          size_t *peer_id_len, uint8_t *key, size_t key_len)
{
    if (ctx == NULL || peer_id == NULL || peer_id_len == NULL || key == NULL)
        return FC_ERR_NULL;
    if (!fc_login_done(ctx))
        return FC_ERR_STATE;
    if (peer_id_cap < ctx->peer_id_len || key_len != FC_LOGIN_KEY_LEN)
        return FC_ERR_LENGTH;
    memcpy(peer_id, ctx->peer_id, ctx->peer_id_len);
    *peer_id_len = ctx->peer_id_len;
    memcpy(key, ctx->okm, FC_LOGIN_KEY_LEN);
    return FC_OK;
}

void fc_login_wipe(fc_login *ctx)
{
    if (ctx != NULL) {
        fc_job_cancel(&ctx->job); /* a sliced job's stack too */
        fc_zeroize(ctx, sizeof(*ctx));
    }
}
