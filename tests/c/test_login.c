/* fieldcrypt login: both roles in-process for every suite and provider, frames carried through
 * the reassembler in random chunks (20-byte BLE payloads among them), the encoder and the
 * reassembler on their own, and every bad input: wrong password, malformed and oversized
 * frames, wrong or replayed messages, a peer ERROR, low-order and reflected shares, tampered
 * ids and tags. Each failure must give its own status, an ERROR frame from the side that
 * aborts, no key, and a wiped context. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "providers/soft/soft.h"
#include "testutil.h"

#define DEV_ID "meter-0042"
#define HH_ID "handheld-7"

static const unsigned suites[] = {FC_LOGIN_SUITE_CPACE, FC_LOGIN_SUITE_PACE2017, FC_LOGIN_SUITE_CPACE19119};

/* xorshift32: reproducible chunk sizes and junk */
static uint32_t seed = 0x1badf00d;
static uint32_t rnd(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 17;
    seed ^= seed << 5;
    return seed;
}

typedef struct {
    fc_login dev, hh;
    const fc_provider *p;
    unsigned suite;
} pair;

static fc_status init_pair(pair *s, unsigned suite, const fc_provider *p, const char *dev_pw,
                           const char *hh_pw)
{
    uint8_t cred[FC_LOGIN_CRED_LEN];
    fc_login_config c;
    fc_status st;
    memset(s, 0, sizeof(*s));
    memset(&c, 0, sizeof(c));
    s->p = p;
    s->suite = suite;
    st = fc_login_credential(p, suite, cred, sizeof(cred), (const uint8_t *)dev_pw, strlen(dev_pw),
                             (const uint8_t *)DEV_ID, strlen(DEV_ID));
    if (st != FC_OK)
        return st;
    c.role = FC_LOGIN_DEVICE;
    c.suite = suite;
    c.secret = cred;
    c.secret_len = sizeof(cred);
    c.id = (const uint8_t *)DEV_ID;
    c.id_len = strlen(DEV_ID);
    c.provider = p;
    st = fc_login_init(&s->dev, &c);
    if (st != FC_OK)
        return st;
    c.role = FC_LOGIN_HANDHELD;
    c.secret = (const uint8_t *)hh_pw;
    c.secret_len = strlen(hh_pw);
    c.id = (const uint8_t *)HH_ID;
    c.id_len = strlen(HH_ID);
    return fc_login_init(&s->hh, &c);
}

/* Carries one frame through a reassembler in random chunks (1..24 bytes, or 20 as over BLE)
 * with junk-free stream semantics, then into fc_login_input. */
static fc_status deliver(fc_login *to, const uint8_t *frame, size_t len, uint8_t *out,
                         size_t *out_len)
{
    fc_login_reasm r;
    const uint8_t *got = NULL;
    size_t pos = 0, got_len = 0;
    int ble = rnd() & 1;
    fc_login_reasm_init(&r);
    while (pos < len) {
        size_t chunk = ble ? 20 : 1 + rnd() % 24, used = 0;
        const uint8_t *f;
        size_t flen;
        fc_status st;
        if (chunk > len - pos)
            chunk = len - pos;
        st = fc_login_reasm_feed(&r, &used, &f, &flen, frame + pos, chunk);
        if (st != FC_OK)
            return st;
        pos += used;
        if (flen > 0) {
            got = f;
            got_len = flen;
        }
    }
    CHECK(got != NULL && got_len == len && memcmp(got, frame, len) == 0, "reassembled frame");
    return fc_login_input(to, NULL, out, FC_LOGIN_MAX_FRAME, out_len, got, got_len);
}

/* Runs the login to its end; returns how many frames went over the link. */
static int run(pair *s, fc_status *st_dev, fc_status *st_hh)
{
    uint8_t a[FC_LOGIN_MAX_FRAME], b[FC_LOGIN_MAX_FRAME];
    size_t alen = 0, blen = 0;
    int frames = 0, to_dev = 1;
    *st_dev = *st_hh = FC_OK;
    *st_hh = fc_login_start(&s->hh, NULL, a, sizeof(a), &alen);
    while (alen > 0 && frames < 16) {
        fc_status st = deliver(to_dev ? &s->dev : &s->hh, a, alen, b, &blen);
        frames++;
        if (st != FC_OK)
            *(to_dev ? st_dev : st_hh) = st;
        memcpy(a, b, blen);
        alen = blen;
        to_dev = !to_dev;
    }
    return frames;
}

static int wiped_secrets(const fc_login *c)
{
    return fc_ct_is_zero(c->secret, sizeof(c->secret)) && fc_ct_is_zero(c->okm, sizeof(c->okm)) &&
           fc_ct_is_zero(&c->proto, sizeof(c->proto)) && fc_ct_is_zero(c->sid, sizeof(c->sid));
}

static int no_key(const fc_login *c)
{
    uint8_t id[FC_LOGIN_MAX_ID], key[FC_LOGIN_KEY_LEN];
    size_t n = 0;
    return !fc_login_done(c) &&
           fc_login_result(c, id, sizeof(id), &n, key, sizeof(key)) == FC_ERR_STATE &&
           wiped_secrets(c);
}

static int is_error_frame(const uint8_t *f, size_t len, unsigned suite, fc_status code)
{
    uint16_t want = (uint16_t)(int16_t)code;
    return len == FC_LOGIN_HEADER_LEN + 2 && f[0] == 1 && f[1] == suite &&
           f[2] == FC_LOGIN_ERROR && f[3] == 0 && f[4] == 2 && f[5] == (want >> 8) &&
           f[6] == (want & 0xff);
}

static void test_success(const fc_provider *p)
{
    size_t k;
    for (k = 0; k < sizeof(suites) / sizeof(suites[0]); k++) {
        int round;
        for (round = 0; round < 4; round++) {
            pair s;
            fc_status sd, sh;
            uint8_t kd[32], kh[32], idd[FC_LOGIN_MAX_ID], idh[FC_LOGIN_MAX_ID];
            size_t nd = 0, nh = 0;
            int frames;
            CHECK(init_pair(&s, suites[k], p, "correct horse", "correct horse") == FC_OK, "init");
            frames = run(&s, &sd, &sh);
            CHECK(sd == FC_OK && sh == FC_OK, "%s suite %u: %d %d", fc_provider_name(p), suites[k], sd, sh);
            CHECK(frames == (suites[k] == FC_LOGIN_SUITE_PACE2017 ? 6 : 4), "frames %d", frames);
            CHECK(fc_login_done(&s.dev) && fc_login_done(&s.hh), "done");
            CHECK(fc_login_result(&s.dev, idd, sizeof(idd), &nd, kd, 32) == FC_OK, "dev result");
            CHECK(fc_login_result(&s.hh, idh, sizeof(idh), &nh, kh, 32) == FC_OK, "hh result");
            CHECK(memcmp(kd, kh, 32) == 0 && !fc_ct_is_zero(kd, 32), "same key");
            CHECK(nd == strlen(HH_ID) && memcmp(idd, HH_ID, nd) == 0, "device sees handheld id");
            CHECK(nh == strlen(DEV_ID) && memcmp(idh, DEV_ID, nh) == 0, "handheld sees device id");
            /* on success only the key and the peer id stay */
            CHECK(fc_ct_is_zero(&s.dev.proto, sizeof(s.dev.proto)) &&
                  fc_ct_is_zero(s.hh.secret, sizeof(s.hh.secret)) &&
                  fc_ct_is_zero(s.dev.okm + 32, 32), "secrets wiped after success");
            CHECK(fc_login_result(&s.dev, idd, 3, &nd, kd, 32) == FC_ERR_LENGTH, "short id buffer");
            CHECK(fc_login_error(&s.dev, NULL) == FC_OK, "no error");
            fc_login_wipe(&s.dev);
            fc_login_wipe(&s.hh);
            CHECK(fc_ct_is_zero(&s.dev, sizeof(s.dev)), "wipe");
        }
    }
}

static void test_wrong_password(void)
{
    size_t k;
    for (k = 0; k < sizeof(suites) / sizeof(suites[0]); k++) {
        pair s;
        fc_status sd, sh, peer = FC_OK;
        CHECK(init_pair(&s, suites[k], NULL, "correct horse", "battery staple") == FC_OK, "init");
        run(&s, &sd, &sh);
        if (suites[k] != FC_LOGIN_SUITE_PACE2017) { /* CPace: the device checks Ta first */
            CHECK(sd == FC_ERR_VERIFY && sh == FC_LOGIN_ERR_PEER, "cpace wrong pw %d %d", sd, sh);
            CHECK(fc_login_error(&s.hh, &peer) == FC_LOGIN_ERR_PEER && peer == FC_ERR_VERIFY, "peer said");
        } else { /* the handheld checks T_A in M3 first */
            CHECK(sh == FC_ERR_VERIFY && sd == FC_LOGIN_ERR_PEER, "pace wrong pw %d %d", sd, sh);
            CHECK(fc_login_error(&s.dev, &peer) == FC_LOGIN_ERR_PEER && peer == FC_ERR_VERIFY, "peer said");
        }
        CHECK(no_key(&s.dev) && no_key(&s.hh), "no key after a wrong password");
    }
}

static void test_credentials(void)
{
    const uint8_t *pw = (const uint8_t *)"pw", *d = (const uint8_t *)"d";
    uint8_t a[32], b[32];
    CHECK(fc_login_credential(NULL, FC_LOGIN_SUITE_PACE2017, a, 32, pw, 2, d, 1) == FC_OK,
          "pace cred");
    CHECK(fc_pace2017_derive_kpi(NULL, b, pw, 2, d, 1) == FC_OK && memcmp(a, b, 32) == 0,
          "pace credential is K_pi");
    CHECK(fc_login_credential(NULL, FC_LOGIN_SUITE_CPACE, b, 32, pw, 2, d, 1) == FC_OK &&
          memcmp(a, b, 32) != 0, "PRS differs");
    CHECK(fc_kdf(NULL, FC_HKDF_SHA512, a, 32, (const uint8_t *)"fieldcrypt login PRS v1", 23, pw, 2,
                 d, 1) == FC_OK &&
          memcmp(a, b, 32) == 0, "PRS = HKDF-SHA-512(password, salt, device id)");
    CHECK(fc_login_credential(NULL, FC_LOGIN_SUITE_CPACE19119, a, 32, pw, 2, d, 1) == FC_OK &&
          memcmp(a, b, 32) == 0, "the Curve19119 suite uses the same PRS");
    CHECK(fc_login_credential(NULL, 9, a, 32, pw, 2, d, 1) == FC_ERR_ARGUMENT, "unknown suite");
    CHECK(fc_login_credential(NULL, 1, a, 32, pw, 2, d, 0) == FC_ERR_LENGTH, "empty device id");
    CHECK(fc_login_credential(NULL, 1, a, 31, pw, 2, d, 1) == FC_ERR_LENGTH, "short credential");
}

/* ---- wire ---- */

static void test_encoder_and_reassembler(void)
{
    uint8_t stream[40 * FC_LOGIN_MAX_FRAME], payload[FC_LOGIN_MAX_PAYLOAD], f[FC_LOGIN_MAX_FRAME];
    size_t starts[41], lens[41], n = 0, total = 0, i, flen, used;
    static const uint8_t types[] = {FC_LOGIN_HELLO, FC_LOGIN_REPLY, FC_LOGIN_CONFIRM,
                                    FC_LOGIN_FINISH, FC_LOGIN_ERROR};
    int round;
    fc_login_header h;
    fc_login_reasm r;
    const uint8_t *frame;

    for (i = 0; i < sizeof(payload); i++)
        payload[i] = (uint8_t)rnd();
    /* 40 frames of random lengths, 0 and the maximum among them */
    for (n = 0; n < 40; n++) {
        size_t plen = n == 0 ? 0 : n == 1 ? FC_LOGIN_MAX_PAYLOAD : rnd() % (FC_LOGIN_MAX_PAYLOAD + 1);
        unsigned type = n % 7 == 3 ? FC_LOGIN_M2 : types[rnd() % 5];
        unsigned suite = type == FC_LOGIN_M2 ? FC_LOGIN_SUITE_PACE2017
                         : type == FC_LOGIN_HELLO || type == FC_LOGIN_ERROR ? 1 + rnd() % 3
                         : (rnd() & 1) ? FC_LOGIN_SUITE_CPACE : FC_LOGIN_SUITE_CPACE19119;
        CHECK(fc_login_frame_encode(suite, type, stream + total, sizeof(stream) - total, &flen,
                                    payload, plen) == FC_OK, "encode");
        CHECK(flen == plen + 5 && stream[total + 3] == (plen >> 8) && stream[total + 4] == (plen & 0xff), "length BE");
        CHECK(fc_login_frame_check(&h, stream + total, flen) == FC_OK && h.length == plen &&
              h.suite == suite && h.type == type, "check");
        starts[n] = total;
        lens[n] = flen;
        total += flen;
    }
    for (round = 0; round < 60; round++) {
        size_t pos = 0, k = 0;
        size_t fixed = round % 3 == 0 ? 20 : round % 3 == 1 ? 1 : 0;
        fc_login_reasm_init(&r);
        while (pos < total) {
            size_t chunk = fixed ? fixed : 1 + rnd() % 300;
            if (chunk > total - pos)
                chunk = total - pos;
            /* feed the chunk; the reassembler stops at each frame's end */
            while (chunk > 0) {
                if (fc_login_reasm_feed(&r, &used, &frame, &flen, stream + pos, chunk) != FC_OK) {
                    CHECK(0, "feed failed at %zu", pos);
                    return;
                }
                pos += used;
                chunk -= used;
                if (flen > 0) {
                    CHECK(k < n && flen == lens[k] && memcmp(frame, stream + starts[k], flen) == 0,
                          "frame %zu intact (round %d)", k, round);
                    k++;
                } else {
                    CHECK(chunk == 0, "consumed all without a frame");
                }
            }
        }
        CHECK(k == n, "all %zu frames, got %zu", n, k);
    }
    /* encoder refusals */
    CHECK(fc_login_frame_encode(0, FC_LOGIN_HELLO, f, sizeof(f), &flen, payload, 1) == FC_ERR_ARGUMENT, "suite 0");
    CHECK(fc_login_frame_encode(4, FC_LOGIN_HELLO, f, sizeof(f), &flen, payload, 1) == FC_ERR_ARGUMENT, "suite 4");
    CHECK(fc_login_frame_encode(1, FC_LOGIN_M1, f, sizeof(f), &flen, payload, 1) == FC_ERR_ARGUMENT, "M1 on cpace");
    CHECK(fc_login_frame_encode(2, FC_LOGIN_REPLY, f, sizeof(f), &flen, payload, 1) == FC_ERR_ARGUMENT, "REPLY on pace");
    CHECK(fc_login_frame_encode(1, 0x301, f, sizeof(f), &flen, payload, 1) == FC_ERR_ARGUMENT, "type > 255");
    CHECK(fc_login_frame_encode(1, FC_LOGIN_HELLO, stream, sizeof(stream), &flen, payload,
                                FC_LOGIN_MAX_PAYLOAD + 1) == FC_ERR_LENGTH, "payload too big");
    CHECK(fc_login_frame_encode(1, FC_LOGIN_HELLO, f, 14, &flen, payload, 10) == FC_ERR_LENGTH, "out too small");
    CHECK(fc_login_frame_encode(1, FC_LOGIN_HELLO, f, sizeof(f), &flen, NULL, 1) == FC_ERR_NULL, "NULL payload");
}

/* Feeds bytes one at a time; returns the first error and after how many bytes. */
static fc_status feed_bytes(const uint8_t *b, size_t len, size_t *at)
{
    fc_login_reasm r;
    const uint8_t *frame;
    size_t i, used, flen;
    fc_login_reasm_init(&r);
    for (i = 0; i < len; i++) {
        fc_status st = fc_login_reasm_feed(&r, &used, &frame, &flen, b + i, 1);
        if (st != FC_OK) {
            *at = i + 1;
            CHECK(fc_login_reasm_feed(&r, &used, &frame, &flen, b, 1) == st && used == 0, "sticky");
            return st;
        }
    }
    *at = len;
    return FC_OK;
}

static void test_wire_errors(void)
{
    uint8_t b[FC_LOGIN_MAX_FRAME + 8] = {0};
    fc_login_header h;
    fc_login_reasm r;
    const uint8_t *frame;
    size_t at = 0, used, flen;
    static const uint8_t bad_version[] = {0x02, 1, 1, 0, 1, 0};
    static const uint8_t suite0[] = {1, 0, 1, 0, 1, 0}, suite4[] = {1, 4, 1, 0, 1, 0};
    static const uint8_t type0[] = {1, 1, 0, 0, 1, 0}, m1_on_cpace[] = {1, 1, FC_LOGIN_M1, 0, 1};
    static const uint8_t big[] = {1, 1, FC_LOGIN_HELLO, 0, FC_LOGIN_MAX_PAYLOAD + 1, 0, 0, 0};
    static const uint8_t huge[] = {1, 2, FC_LOGIN_M2, 0xff, 0xff, 0, 0, 0};
    static const uint8_t maxlen[] = {1, 3, FC_LOGIN_CONFIRM, 0, FC_LOGIN_MAX_PAYLOAD};

    CHECK(feed_bytes(bad_version, sizeof(bad_version), &at) == FC_LOGIN_ERR_VERSION && at == 1, "version at byte 1");
    CHECK(feed_bytes(suite0, sizeof(suite0), &at) == FC_LOGIN_ERR_SUITE && at == 2, "suite 0 at byte 2");
    CHECK(feed_bytes(suite4, sizeof(suite4), &at) == FC_LOGIN_ERR_SUITE && at == 2, "suite 4");
    CHECK(feed_bytes(type0, sizeof(type0), &at) == FC_LOGIN_ERR_TYPE && at == 3, "type 0 at byte 3");
    CHECK(feed_bytes(m1_on_cpace, sizeof(m1_on_cpace), &at) == FC_LOGIN_ERR_TYPE && at == 3, "M1 on cpace");
    /* oversized: refused at the length's last byte, before any payload is buffered */
    CHECK(feed_bytes(big, sizeof(big), &at) == FC_LOGIN_ERR_OVERSIZED && at == 5, "oversized at byte 5");
    CHECK(feed_bytes(huge, sizeof(huge), &at) == FC_LOGIN_ERR_OVERSIZED && at == 5, "0xffff");
    fc_login_reasm_init(&r);
    CHECK(fc_login_reasm_feed(&r, &used, &frame, &flen, huge, sizeof(huge)) == FC_LOGIN_ERR_OVERSIZED &&
          used == 5 && flen == 0, "oversized in one chunk: stops at the header");
    /* the largest allowed frame passes (suite 3 is parsed though not built) */
    memcpy(b, maxlen, sizeof(maxlen));
    CHECK(feed_bytes(b, FC_LOGIN_MAX_FRAME, &at) == FC_OK, "max frame");
    fc_login_reasm_init(&r);
    CHECK(fc_login_reasm_feed(&r, &used, &frame, &flen, b, FC_LOGIN_MAX_FRAME) == FC_OK &&
          flen == FC_LOGIN_MAX_FRAME && used == FC_LOGIN_MAX_FRAME, "max frame in one chunk");

    /* whole-frame checks */
    CHECK(fc_login_frame_check(&h, b, 3) == FC_LOGIN_ERR_TRUNCATED, "header cut");
    CHECK(fc_login_frame_check(&h, b, FC_LOGIN_MAX_FRAME - 1) == FC_LOGIN_ERR_TRUNCATED, "payload cut");
    CHECK(fc_login_frame_check(&h, b, FC_LOGIN_MAX_FRAME + 1) == FC_LOGIN_ERR_TRAILING, "trailing byte");
    CHECK(fc_login_frame_check(&h, b, 0) == FC_LOGIN_ERR_TRUNCATED, "empty");
    CHECK(fc_login_frame_check(&h, big, sizeof(big)) == FC_LOGIN_ERR_OVERSIZED, "oversized whole");
    CHECK(fc_login_frame_check(&h, bad_version, 1) == FC_LOGIN_ERR_VERSION, "version whole");
    CHECK(fc_login_frame_check(&h, NULL, 1) == FC_ERR_NULL, "NULL");
    CHECK(fc_login_reasm_feed(NULL, &used, &frame, &flen, b, 1) == FC_ERR_NULL, "NULL reasm");
    CHECK(fc_login_suite(1) != NULL && fc_login_suite(3) != NULL && fc_login_suite(3)->available &&
          fc_login_suite(0) == NULL && fc_login_suite(4) == NULL, "suite table");
    CHECK(strcmp(fc_login_suite(2)->name, "pace2017") == 0, "suite name");
}

/* ---- bad input to the state machines ---- */

/* A fresh pair, played up to (not including) message index stop; frames[i] keeps message i. */
typedef struct {
    uint8_t f[8][FC_LOGIN_MAX_FRAME];
    size_t len[8];
} transcript;

static void play(pair *s, unsigned suite, int stop, transcript *t)
{
    fc_login *side[2];
    int i;
    side[0] = &s->dev; /* message i goes to device when i is even */
    side[1] = &s->hh;
    memset(t, 0, sizeof(*t));
    CHECK(init_pair(s, suite, NULL, "pw", "pw") == FC_OK, "init");
    CHECK(fc_login_start(&s->hh, NULL, t->f[0], FC_LOGIN_MAX_FRAME, &t->len[0]) == FC_OK, "start");
    for (i = 0; i + 1 < stop; i++)
        CHECK(fc_login_input(side[i & 1], NULL, t->f[i + 1], FC_LOGIN_MAX_FRAME, &t->len[i + 1],
                             t->f[i], t->len[i]) == FC_OK, "play %d", i);
}

/* Delivers a frame to who; expects status want, an ERROR frame (or none), no key. */
static void expect_fail(fc_login *who, const uint8_t *frame, size_t len, fc_status want,
                        int error_frame, unsigned suite, const char *what)
{
    uint8_t out[FC_LOGIN_MAX_FRAME];
    size_t out_len = 99;
    fc_status st = fc_login_input(who, NULL, out, sizeof(out), &out_len, frame, len);
    CHECK(st == want, "%s: got %d (%s), want %d", what, st, fc_status_str(st), want);
    CHECK(fc_login_error(who, NULL) == want, "%s: recorded", what);
    if (error_frame)
        CHECK(is_error_frame(out, out_len, suite, want), "%s: ERROR frame", what);
    else
        CHECK(out_len == 0, "%s: nothing sent", what);
    CHECK(no_key(who), "%s: no key, wiped", what);
    /* and the session stays over */
    CHECK(fc_login_input(who, NULL, out, sizeof(out), &out_len, frame, len) == FC_ERR_STATE &&
          out_len == 0, "%s: over", what);
}

static void test_bad_frames(void)
{
    const unsigned C = FC_LOGIN_SUITE_CPACE, P = FC_LOGIN_SUITE_PACE2017;
    uint8_t x[FC_LOGIN_MAX_FRAME + 8];
    size_t n;
    pair s;
    transcript t;

    /* header and length problems, sent to a device waiting for HELLO */
    play(&s, C, 1, &t);
    expect_fail(&s.dev, t.f[0], t.len[0] - 1, FC_LOGIN_ERR_TRUNCATED, 1, C, "truncated HELLO");
    play(&s, C, 1, &t);
    expect_fail(&s.dev, t.f[0], 3, FC_LOGIN_ERR_TRUNCATED, 1, C, "header only");
    play(&s, C, 1, &t);
    memcpy(x, t.f[0], t.len[0]);
    x[t.len[0]] = 0;
    expect_fail(&s.dev, x, t.len[0] + 1, FC_LOGIN_ERR_TRAILING, 1, C, "trailing byte");
    play(&s, C, 1, &t);
    memset(x, 0, sizeof(x));
    x[0] = 1, x[1] = 1, x[2] = FC_LOGIN_HELLO, x[3] = 0x10, x[4] = 0;
    expect_fail(&s.dev, x, sizeof(x), FC_LOGIN_ERR_OVERSIZED, 1, C, "oversized length");
    play(&s, C, 1, &t);
    t.f[0][0] = 0x02;
    expect_fail(&s.dev, t.f[0], t.len[0], FC_LOGIN_ERR_VERSION, 1, C, "bad version");
    play(&s, C, 1, &t);
    t.f[0][1] = 0x09;
    expect_fail(&s.dev, t.f[0], t.len[0], FC_LOGIN_ERR_SUITE, 1, C, "unknown suite");
    play(&s, C, 1, &t);
    t.f[0][2] = 0x42;
    expect_fail(&s.dev, t.f[0], t.len[0], FC_LOGIN_ERR_TYPE, 1, C, "unknown type");
    play(&s, C, 1, &t);
    t.f[0][1] = FC_LOGIN_SUITE_CPACE19119;
    expect_fail(&s.dev, t.f[0], t.len[0], FC_LOGIN_ERR_WRONG_SUITE, 1, C, "Curve19119 HELLO to cpace device");
    play(&s, C, 1, &t);
    t.f[0][1] = P;
    expect_fail(&s.dev, t.f[0], t.len[0], FC_LOGIN_ERR_WRONG_SUITE, 1, C, "pace HELLO to cpace device");

    /* payload problems */
    play(&s, C, 1, &t);
    t.f[0][5 + 16] = 0; /* id length 0 */
    expect_fail(&s.dev, t.f[0], t.len[0], FC_LOGIN_ERR_PAYLOAD, 1, C, "empty id");
    play(&s, C, 1, &t);
    t.f[0][5 + 16] = 40; /* id length beyond both the max and the payload */
    expect_fail(&s.dev, t.f[0], t.len[0], FC_LOGIN_ERR_PAYLOAD, 1, C, "id too long");
    play(&s, C, 1, &t);
    fc_login_frame_encode(C, FC_LOGIN_HELLO, x, sizeof(x), &n, t.f[0] + 5, 10);
    expect_fail(&s.dev, x, n, FC_LOGIN_ERR_PAYLOAD, 1, C, "HELLO shorter than its nonce");
    play(&s, C, 3, &t);
    fc_login_frame_encode(C, FC_LOGIN_CONFIRM, x, sizeof(x), &n, t.f[2] + 5, t.len[2] - 6);
    expect_fail(&s.dev, x, n, FC_LOGIN_ERR_PAYLOAD, 1, C, "CONFIRM short by one");
    play(&s, C, 2, &t);
    fc_login_frame_encode(C, FC_LOGIN_REPLY, x, sizeof(x), &n, t.f[1] + 5, t.len[1] - 5 + 1);
    expect_fail(&s.hh, x, n, FC_LOGIN_ERR_PAYLOAD, 1, C, "REPLY long by one");
    play(&s, P, 5, &t);
    fc_login_frame_encode(P, FC_LOGIN_M4, x, sizeof(x), &n, t.f[4] + 5, 16);
    expect_fail(&s.dev, x, n, FC_LOGIN_ERR_PAYLOAD, 1, P, "M4 without the id tag");

    /* wrong place in the flow */
    play(&s, C, 1, &t);
    fc_login_frame_encode(C, FC_LOGIN_CONFIRM, x, sizeof(x), &n, x + 100, 96);
    expect_fail(&s.dev, x, n, FC_LOGIN_ERR_UNEXPECTED, 1, C, "CONFIRM before HELLO");
    play(&s, C, 1, &t);
    fc_login_frame_encode(C, FC_LOGIN_FINISH, x, sizeof(x), &n, x + 100, 64);
    expect_fail(&s.dev, x, n, FC_LOGIN_ERR_UNEXPECTED, 1, C, "device gets its own FINISH");
    play(&s, C, 2, &t);
    expect_fail(&s.hh, t.f[0], t.len[0], FC_LOGIN_ERR_UNEXPECTED, 1, C, "handheld gets its HELLO back");
    play(&s, C, 2, &t);
    fc_login_frame_encode(C, FC_LOGIN_FINISH, x, sizeof(x), &n, x + 100, 64);
    expect_fail(&s.hh, x, n, FC_LOGIN_ERR_UNEXPECTED, 1, C, "FINISH before REPLY");
    play(&s, P, 3, &t);
    expect_fail(&s.dev, t.f[0], t.len[0], FC_LOGIN_ERR_REPLAY, 1, P, "pace HELLO replayed");
    play(&s, P, 5, &t);
    expect_fail(&s.dev, t.f[2], t.len[2], FC_LOGIN_ERR_REPLAY, 1, P, "M2 replayed");
    play(&s, P, 4, &t);
    expect_fail(&s.hh, t.f[1], t.len[1], FC_LOGIN_ERR_REPLAY, 1, P, "M1 replayed");

    /* replays in cpace */
    play(&s, C, 3, &t);
    expect_fail(&s.dev, t.f[0], t.len[0], FC_LOGIN_ERR_REPLAY, 1, C, "HELLO replayed");
    play(&s, C, 4, &t);
    expect_fail(&s.hh, t.f[1], t.len[1], FC_LOGIN_ERR_REPLAY, 1, C, "REPLY replayed");

    /* a peer ERROR frame ends the session and is not answered */
    play(&s, C, 3, &t);
    fc_login_abort(&s.hh, FC_LOGIN_ERR_TIMEOUT, x, sizeof(x), &n);
    CHECK(is_error_frame(x, n, C, FC_LOGIN_ERR_TIMEOUT) && no_key(&s.hh), "abort writes ERROR");
    expect_fail(&s.dev, x, n, FC_LOGIN_ERR_PEER, 0, C, "peer ERROR");
    {
        fc_status peer = FC_OK;
        CHECK(fc_login_error(&s.dev, &peer) == FC_LOGIN_ERR_PEER && peer == FC_LOGIN_ERR_TIMEOUT, "peer code kept");
    }
    play(&s, P, 2, &t);
    x[0] = 1, x[1] = P, x[2] = FC_LOGIN_ERROR, x[3] = 0, x[4] = 0; /* malformed ERROR */
    expect_fail(&s.hh, x, 5, FC_LOGIN_ERR_PEER, 0, P, "empty ERROR");
    play(&s, C, 2, &t);
    x[0] = 1, x[1] = P, x[2] = FC_LOGIN_ERROR, x[3] = 0, x[4] = 2, x[5] = 0xff, x[6] = 0xf7;
    expect_fail(&s.hh, x, 7, FC_LOGIN_ERR_PEER, 0, C, "ERROR of another suite still ends it");
}

static void test_bad_crypto(void)
{
    const unsigned C = FC_LOGIN_SUITE_CPACE, P = FC_LOGIN_SUITE_PACE2017;
    size_t slen = 32;
    uint8_t x[FC_LOGIN_MAX_FRAME];
    pair s;
    transcript t;
    int u;

    for (u = 0; u <= 1; u++) { /* u = 0 and u = 1: both give the all-zero X25519 result */
        /* low-order Yb inside REPLY */
        play(&s, C, 2, &t);
        memset(t.f[1] + t.len[1] - slen, 0, slen);
        t.f[1][t.len[1] - slen] = (uint8_t)u;
        expect_fail(&s.hh, t.f[1], t.len[1], FC_ERR_ZERO_SHARED, 1, C, "low-order Yb");
        /* low-order Ya inside CONFIRM */
        play(&s, C, 3, &t);
        memset(t.f[2] + 5, 0, slen);
        t.f[2][5] = (uint8_t)u;
        expect_fail(&s.dev, t.f[2], t.len[2], FC_ERR_ZERO_SHARED, 1, C, "low-order Ya");
        /* low-order Y_B inside M2 */
        play(&s, P, 3, &t);
        memset(t.f[2] + 5 + 16, 0, 32);
        t.f[2][5 + 16] = (uint8_t)u;
        expect_fail(&s.dev, t.f[2], t.len[2], FC_ERR_ZERO_SHARED, 1, P, "low-order Y_B");
    }
    /* the device's own share reflected in CONFIRM */
    play(&s, C, 3, &t);
    memcpy(t.f[2] + 5, t.f[1] + t.len[1] - slen, slen);
    expect_fail(&s.dev, t.f[2], t.len[2], FC_ERR_PROTOCOL, 1, C, "reflected Yb");
    /* tampered tags */
    play(&s, C, 3, &t);
    t.f[2][t.len[2] - 1] ^= 1;
    expect_fail(&s.dev, t.f[2], t.len[2], FC_ERR_VERIFY, 1, C, "bad Ta");
    play(&s, C, 4, &t);
    t.f[3][9] ^= 0x80;
    expect_fail(&s.hh, t.f[3], t.len[3], FC_ERR_VERIFY, 1, C, "bad Tb");
    play(&s, P, 4, &t);
    t.f[3][t.len[3] - 1] ^= 1;
    expect_fail(&s.hh, t.f[3], t.len[3], FC_ERR_VERIFY, 1, P, "bad T_A");
    play(&s, P, 5, &t);
    t.f[4][5] ^= 1;
    expect_fail(&s.dev, t.f[4], t.len[4], FC_ERR_VERIFY, 1, P, "bad T_B");
    play(&s, P, 5, &t);
    t.f[4][t.len[4] - 1] ^= 1;
    expect_fail(&s.dev, t.f[4], t.len[4], FC_ERR_VERIFY, 1, P, "bad tag_h");
    play(&s, P, 6, &t);
    t.f[5][5] ^= 1;
    expect_fail(&s.hh, t.f[5], t.len[5], FC_ERR_VERIFY, 1, P, "bad ACCEPT");

    /* a man in the middle renames the handheld in HELLO: the device must not accept */
    {
        int k;
        for (k = 0; k < 2; k++) {
            unsigned suite = k ? P : C;
            size_t id_at = 5 + (k ? 0 : 16) + 1;
            uint8_t out[FC_LOGIN_MAX_FRAME];
            size_t out_len, last = k ? 4 : 2;
            int i;
            play(&s, suite, 1, &t);
            t.f[0][id_at] ^= 0x20; /* "handheld-7" -> "Handheld-7" */
            for (i = 0; (size_t)i < last; i++) {
                fc_login *to = (i & 1) ? &s.hh : &s.dev;
                CHECK(fc_login_input(to, NULL, t.f[i + 1], sizeof(t.f[0]), &t.len[i + 1], t.f[i],
                                     t.len[i]) == FC_OK, "mitm relay %d", i);
            }
            CHECK(fc_login_input(&s.dev, NULL, out, sizeof(out), &out_len, t.f[last],
                                 t.len[last]) == FC_ERR_VERIFY, "renamed handheld refused (%u)", suite);
            CHECK(no_key(&s.dev), "no key for a renamed handheld");
        }
    }
    (void)x;
}

static void test_api_misuse(void)
{
    uint8_t out[FC_LOGIN_MAX_FRAME], cred[32] = {1}, key[32], id[32];
    size_t n = 0;
    fc_login c;
    fc_login_config cfg;
    pair s;
    transcript t;
    fc_status sd, sh;

    memset(&c, 0, sizeof(c));
    memset(&cfg, 0, sizeof(cfg));
    cfg.role = FC_LOGIN_DEVICE;
    cfg.suite = FC_LOGIN_SUITE_CPACE;
    cfg.secret = cred;
    cfg.secret_len = 32;
    cfg.id = (const uint8_t *)"d";
    cfg.id_len = 1;
    cfg.suite = 7;
    CHECK(fc_login_init(&c, &cfg) == FC_ERR_ARGUMENT, "unknown suite");
    cfg.suite = FC_LOGIN_SUITE_CPACE;
    {   /* a chain without the suite's map cannot log in: SHA-512 and X25519 alone */
        const fc_impl *const list[] = {&fc_soft_sha512, &fc_soft_x25519};
        const fc_provider no_map = {"no-map", "soft without Elligator2", list, 2, NULL};
        cfg.provider = &no_map;
        CHECK(fc_login_init(&c, &cfg) == FC_ERR_UNSUPPORTED, "provider lacks the suite's map");
        cfg.provider = NULL;
    }
    if (fc_provider_find("openssl") != NULL) {
        /* OpenSSL has no Elligator2, but its chain has (soft): the login is accepted */
        cfg.provider = fc_provider_find("openssl");
        CHECK(fc_login_init(&c, &cfg) == FC_OK, "openssl chain has the suite's map");
        fc_login_wipe(&c);
        cfg.provider = NULL;
    }
    cfg.role = 5;
    CHECK(fc_login_init(&c, &cfg) == FC_ERR_ARGUMENT, "bad role");
    cfg.role = FC_LOGIN_DEVICE;
    cfg.secret_len = 31;
    CHECK(fc_login_init(&c, &cfg) == FC_ERR_LENGTH, "credential length");
    cfg.secret_len = 32;
    cfg.id_len = 33;
    CHECK(fc_login_init(&c, &cfg) == FC_ERR_LENGTH, "id too long");
    cfg.id_len = 0;
    CHECK(fc_login_init(&c, &cfg) == FC_ERR_LENGTH, "empty id");
    cfg.id_len = 1;
    CHECK(fc_login_init(NULL, &cfg) == FC_ERR_NULL && fc_login_init(&c, NULL) == FC_ERR_NULL, "NULL");
    CHECK(fc_login_input(&c, NULL, out, sizeof(out), &n, out, 5) == FC_ERR_STATE, "input before init");
    CHECK(fc_login_init(&c, &cfg) == FC_OK, "init");
    CHECK(fc_login_init(&c, &cfg) == FC_ERR_STATE, "init of a running session");
    CHECK(fc_login_start(&c, NULL, out, sizeof(out), &n) == FC_ERR_STATE && n == 0, "device does not start");
    CHECK(fc_login_input(&c, NULL, out, FC_LOGIN_MAX_FRAME - 1, &n, out, 5) == FC_ERR_LENGTH, "short out");
    CHECK(fc_login_input(&c, NULL, out, sizeof(out), &n, NULL, 5) == FC_ERR_NULL, "NULL frame");
    CHECK(fc_login_error(&c, NULL) == FC_OK && !fc_login_done(&c), "misuse changed nothing");
    CHECK(fc_login_result(&c, id, sizeof(id), &n, key, 32) == FC_ERR_STATE, "no result while running");
    CHECK(fc_login_abort(&c, FC_OK, out, sizeof(out), &n) == FC_ERR_ARGUMENT, "abort needs a reason");
    CHECK(fc_login_abort(&c, FC_LOGIN_ERR_CLOSED, out, sizeof(out), &n) == FC_OK &&
          is_error_frame(out, n, 1, FC_LOGIN_ERR_CLOSED), "abort");
    CHECK(fc_login_abort(&c, FC_LOGIN_ERR_CLOSED, out, sizeof(out), &n) == FC_OK && n == 0, "abort twice");
    CHECK(fc_login_init(&c, &cfg) == FC_OK, "init after failure");

    play(&s, FC_LOGIN_SUITE_CPACE, 1, &t);
    CHECK(fc_login_start(&s.hh, NULL, out, sizeof(out), &n) == FC_ERR_STATE, "start twice");
    memset(&s.hh, 0, sizeof(s.hh));
    init_pair(&s, FC_LOGIN_SUITE_CPACE, NULL, "pw", "pw");
    CHECK(fc_login_input(&s.hh, NULL, out, sizeof(out), &n, out, 5) == FC_ERR_STATE, "handheld input before start");

    /* done: further input is refused, the key stays; abort drops it without a frame */
    init_pair(&s, FC_LOGIN_SUITE_PACE2017, NULL, "pw", "pw");
    run(&s, &sd, &sh);
    CHECK(sd == FC_OK && sh == FC_OK, "run");
    CHECK(fc_login_input(&s.dev, NULL, out, sizeof(out), &n, out, 5) == FC_ERR_STATE && fc_login_done(&s.dev), "after done");
    CHECK(fc_login_abort(&s.dev, FC_LOGIN_ERR_CLOSED, out, sizeof(out), &n) == FC_OK && n == 0 &&
          no_key(&s.dev), "abort after done drops the key");

}

static int failing_fill(void *user, uint8_t *out, size_t len)
{
    (void)user, (void)out, (void)len;
    return -1;
}

static void test_rng_failure(void)
{
    fc_rng bad = {failing_fill, NULL};
    uint8_t a[FC_LOGIN_MAX_FRAME], b[FC_LOGIN_MAX_FRAME];
    size_t alen = 0, blen = 0, k;
    pair s;
    init_pair(&s, FC_LOGIN_SUITE_CPACE, NULL, "pw", "pw");
    CHECK(fc_login_start(&s.hh, &bad, a, sizeof(a), &alen) == FC_ERR_RNG_FAILED && alen == 0 &&
          no_key(&s.hh), "handheld nonce from a failing rng");
    for (k = 0; k < 2; k++) {
        init_pair(&s, suites[k], NULL, "pw", "pw");
        CHECK(fc_login_start(&s.hh, NULL, a, sizeof(a), &alen) == FC_OK, "start");
        CHECK(fc_login_input(&s.dev, &bad, b, sizeof(b), &blen, a, alen) == FC_ERR_RNG_FAILED &&
              is_error_frame(b, blen, suites[k], FC_ERR_RNG_FAILED) && no_key(&s.dev),
              "device rng failure");
    }
}

static void test_status_strings(void)
{
    int a, b;
    for (a = -76; a <= -64; a++) {
        CHECK(strncmp(fc_status_str((fc_status)a), "FC_LOGIN_ERR_", 13) == 0, "name %d", a);
        for (b = a + 1; b <= -64; b++)
            CHECK(strcmp(fc_status_str((fc_status)a), fc_status_str((fc_status)b)) != 0, "distinct");
    }
    CHECK(fc_context_size("fc_login") == sizeof(fc_login) &&
          fc_context_size("fc_login_reasm") == sizeof(fc_login_reasm), "sizes");
}

int main(void)
{
    size_t i;
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        if (fc_provider_supports(p, FC_ELLIGATOR2_CURVE25519) && fc_provider_supports(p, FC_SALSA20) &&
            fc_provider_supports(p, FC_HKDF_SHA512))
            test_success(p);
    }
    test_wrong_password();
    test_credentials();
    test_encoder_and_reassembler();
    test_wire_errors();
    test_bad_frames();
    test_bad_crypto();
    test_api_misuse();
    test_rng_failure();
    test_status_strings();
    return tu_finish("test_login");
}
