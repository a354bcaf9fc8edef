/* The login's lifecycle and the gate every received frame goes through (login.h): frame
 * check, peer ERROR, suite, place in the flow; only then does a suite's handler
 * (login_cpace.c, login_pace2017.c, or the sliced device's login_sliced.c) parse the payload,
 * with exact lengths. Any failure wipes the context down to its role and status, so no path
 * can release a key afterwards. Branches depend on public values only (lengths, types, state,
 * ids). */
#include <string.h>

#include "fieldcrypt/ct.h"
#include "fieldcrypt/kdf.h"
#include "login_internal.h"

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
        if (fc_login_frame_encode(suite, FC_LOGIN_ERROR, out, FC_LOGIN_HEADER_LEN + 2, out_len,
                                  out + FC_LOGIN_HEADER_LEN, 2) != FC_OK)
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

/* the chain has every algorithm the suite's flow uses; sliced, the device's SHA-512, curve and
 * map as sliceable implementations (the engine runs them) */
static int provider_has(const fc_provider *provider, const fc_login_suite_info *s, int sliced)
{
    int c19119 = s->family == FC_LOGIN_FAMILY_CPACE && s->cpace_suite == FC_CPACE_X19119_SHA512;
    const fc_alg algs[6] = {
        FC_SHA512, c19119 ? FC_X19119 : FC_X25519,
        c19119 ? FC_ELLIGATOR2_CURVE19119 : FC_ELLIGATOR2_CURVE25519, /* the first three slice */
        FC_HMAC_SHA512, FC_HKDF_SHA512,
        s->family == FC_LOGIN_FAMILY_PACE2017 ? FC_SALSA20 : FC_HKDF_SHA512};
    unsigned i;
    for (i = 0; i < 6; i++)
        if (!fc_provider_supports(provider, algs[i]) ||
            (sliced && i < 3 && !fc_job_supports(provider, algs[i])))
            return 0;
    return 1;
}

fc_status fc_login_init(fc_login *ctx, const fc_login_config *cfg)
{
    const fc_login_suite_info *s;
    fc_status st = FC_OK;
    if (ctx == NULL || cfg == NULL || cfg->id == NULL || (cfg->secret == NULL && cfg->secret_len > 0))
        return FC_ERR_NULL;
    /* a running session must be aborted or wiped first: no silent loss of it */
    if (ctx->magic == MAGIC && ctx->state == ST_RUNNING)
        return FC_ERR_STATE;
    s = fc_login_suite(cfg->suite);
    if (s == NULL || (cfg->role != FC_LOGIN_DEVICE && cfg->role != FC_LOGIN_HANDHELD))
        return FC_ERR_ARGUMENT;
    /* slicing is the device's: its side runs through the engine */
    if (!s->available || (cfg->sliced != 0 && (cfg->sliced != 1 || cfg->role != FC_LOGIN_DEVICE)) ||
        !provider_has(cfg->provider, s, cfg->sliced))
        return FC_ERR_UNSUPPORTED;
    if (cfg->id_len < 1 || cfg->id_len > FC_LOGIN_MAX_ID ||
        (cfg->role == FC_LOGIN_DEVICE && cfg->secret_len != FC_LOGIN_CRED_LEN))
        return FC_ERR_LENGTH;

    fc_zeroize(ctx, sizeof(*ctx));
    if (cfg->role == FC_LOGIN_DEVICE) {
        memcpy(ctx->secret, cfg->secret, FC_LOGIN_CRED_LEN);
    } else {
        /* keep HKDF-Extract(salt, password), not the password */
        const char *salt = s->family == FC_LOGIN_FAMILY_CPACE ? fc_login_prs_salt
                                                              : fc_login_kpi_salt;
        st = fc_kdf_extract(cfg->provider, FC_HKDF_SHA512, ctx->secret, sizeof(ctx->secret),
                            (const uint8_t *)salt, strlen(salt), cfg->secret, cfg->secret_len);
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
    st = fc_login_frame_encode(ctx->suite, FC_LOGIN_HELLO, out, out_cap, out_len, body, n);
    if (st != FC_OK)
        return fc_login_fail(ctx, st, NULL, NULL, 0);
    ctx->step = 1;
    return FC_OK;
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

fc_status fc_login_input(fc_login *ctx, const fc_rng *rng, uint8_t *out, size_t out_cap,
                         size_t *out_len, const uint8_t *frame, size_t frame_len)
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

    st = fc_login_frame_check(&h, frame, frame_len);
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
        st = ctx->family == FC_LOGIN_FAMILY_CPACE
                 ? fc_login_cpace_hello(ctx, rng, body, &blen, p, h.length)
                 : fc_login_pace_hello(ctx, rng, body, &blen, p, h.length);
        break;
    case FC_LOGIN_REPLY: st = fc_login_cpace_reply(ctx, rng, body, &blen, p, h.length); break;
    case FC_LOGIN_CONFIRM: st = fc_login_cpace_confirm(ctx, body, &blen, p, h.length); break;
    case FC_LOGIN_FINISH: st = fc_login_cpace_finish(ctx, p, h.length); break;
    case FC_LOGIN_M1: st = fc_login_pace_m1(ctx, rng, body, &blen, p, h.length); break;
    case FC_LOGIN_M2: st = fc_login_pace_m2(ctx, body, &blen, p, h.length); break;
    case FC_LOGIN_M3: st = fc_login_pace_m3(ctx, body, &blen, p, h.length); break;
    case FC_LOGIN_M4: st = fc_login_pace_m4(ctx, body, &blen, p, h.length); break;
    case FC_LOGIN_ACCEPT: st = fc_login_pace_accept(ctx, p, h.length); break;
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
        st = fc_login_frame_encode(ctx->suite, flow[ctx->step], out, out_cap, out_len, body,
                                   blen);
        if (st != FC_OK)
            return fc_login_fail(ctx, st, out, out_len, 1);
        ctx->step++;
    }
    if ((size_t)ctx->step == flen)
        fc_login_succeed(ctx);
    return FC_OK;
}

fc_status fc_login_abort(fc_login *ctx, fc_status reason, uint8_t *out, size_t out_cap,
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
    fc_job_wipe(&ctx->job); /* sliced work in progress: its job and the stack it used */
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
        fc_job_wipe(&ctx->job); /* a sliced job's stack too */
        fc_zeroize(ctx, sizeof(*ctx));
    }
}
