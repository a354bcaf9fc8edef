/* libFuzzer: every state of the login (CPace, the 2017 profile, CPace on Curve19119), driven
 * by a small program instead of raw bytes, so that most inputs get past the frame check and
 * reach the later messages.
 *
 * Input: byte 0 picks the suite (mod 3), the sliced device (bit 7) and, for 1 in 8 inputs, a
 * wrong password on the handheld (bits 4..6 all set); byte 1 seeds the random draws. Then
 * operations, one byte each plus arguments, on the frame in flight (the last one a side sent):
 *   deliver it as it is; change a header field; change a payload byte; replace the share
 *   (zero, one, p - 1, p, or a share the recipient sent itself: a reflection); cut or extend it
 *   (with or without a matching length field); replay any earlier frame to either side; feed it
 *   through the BLE reassembler in chunks of fuzzed sizes; replace it by raw bytes; send it
 *   back to its sender; abort a side. The sliced device runs with step budgets from the input.
 * When the input runs out, the frames in flight are delivered as they are, so a short input
 * still runs the login to its end.
 *
 * What must hold: no crash; a refused call on a context that is not running, or while sliced
 * work is pending, changes neither the context nor writes a frame; a failed call leaves the
 * side failed, its key material zero, and sends at most an ERROR frame; whatever a side sends
 * passes the frame check; two finished sides hold the same key and each other's ids; a wrong
 * password finishes neither side; an unfinished side gives no key (the key buffer stays as
 * it was); an untampered exchange finishes both sides. Both sides run on the soft provider.
 *
 * Built against the library with cheap curves (FC_FUZZ_CHEAP_CURVES, tests/fuzz/README.md):
 * the protocol logic runs at full speed, the real curve code has fuzz_curves. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { DEV = 0, HH = 1, MAX_HISTORY = 12, MAX_OPS = 48 };

typedef struct {
    const uint8_t *p;
    size_t n;
} reader;

/* the next input byte; 0 once the input is used up (then *done says so) */
static unsigned take(reader *r)
{
    if (r->n == 0)
        return 0;
    r->n--;
    return *r->p++;
}

typedef struct {
    uint8_t bytes[FC_LOGIN_MAX_FRAME + 64];
    size_t len;
    int to;
} frame;

typedef struct {
    fc_login side[2];
    frame cur;            /* in flight, cur.len == 0: none */
    frame history[MAX_HISTORY];
    unsigned nhistory;
    int tampered;         /* anything but honest delivery happened */
    reader in;
    unsigned seed;
} world;

static int counter_fill(void *user, uint8_t *out, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        out[i] = (uint8_t)(++*(unsigned *)user * 167u);
    return 0;
}

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    size_t i;
    for (i = 0; i < n; i++)
        if (b[i] != 0)
            return 0;
    return 1;
}

/* where the share sits in a frame of this type (header included), 0 if it has none */
static size_t share_at(const frame *f, size_t slen)
{
    size_t payload;
    if (f->len < FC_LOGIN_HEADER_LEN)
        return 0;
    payload = f->len - FC_LOGIN_HEADER_LEN;
    switch (f->bytes[2]) {
    case FC_LOGIN_REPLY: return payload >= slen ? f->len - slen : 0;
    case FC_LOGIN_CONFIRM: return payload >= slen ? FC_LOGIN_HEADER_LEN : 0;
    case FC_LOGIN_M2: return payload >= 48 ? FC_LOGIN_HEADER_LEN + 16 : 0;
    case FC_LOGIN_M3: return payload >= 32 ? FC_LOGIN_HEADER_LEN : 0;
    default: return 0;
    }
}

/* A side that failed keeps nothing secret: the key, the secret and the protocol state are 0. */
static void check_failed_side(const fc_login *s)
{
    if (fc_login_error(s, NULL) == FC_OK || fc_login_done(s) || !all_zero(s->okm, sizeof(s->okm)) ||
        !all_zero(s->secret, sizeof(s->secret)) || !all_zero(&s->proto, sizeof(s->proto)))
        abort();
}

static void record(world *w, const uint8_t *out, size_t len, int to)
{
    fc_login_header h;
    if (len == 0) {
        w->cur.len = 0;
        return;
    }
    if (len > FC_LOGIN_MAX_FRAME || fc_login_frame_check(&h, out, len) != FC_OK)
        abort(); /* a side sent a frame its peer's gate refuses */
    memcpy(w->cur.bytes, out, len);
    w->cur.len = len;
    w->cur.to = to;
    if (w->nhistory < MAX_HISTORY)
        w->history[w->nhistory++] = w->cur;
}

/* One frame to side `to`; the answer (if any) becomes the frame in flight. */
static void deliver(world *w, int to, const uint8_t *f, size_t flen)
{
    static fc_login before; /* static: large; the harness is single-threaded */
    fc_login *s = &w->side[to];
    fc_rng rng = {counter_fill, &w->seed};
    uint8_t out[FC_LOGIN_MAX_FRAME];
    size_t out_len = 12345;
    long steps = 0;
    fc_status st;
    memcpy(&before, s, sizeof(before));
    memset(out, 0xee, sizeof(out));
    st = fc_login_input(s, &rng, out, sizeof(out), &out_len, f, flen);
    if (st == FC_ERR_STATE) { /* refused: not running (or pending, not reached here) */
        if (out_len != 0 || memcmp(&before, s, sizeof(before)) != 0)
            abort();
        w->cur.len = 0;
        return;
    }
    if (st == FC_PENDING) {
        /* a frame while the work is pending is refused and changes nothing */
        size_t n2 = 7;
        memcpy(&before, s, sizeof(before));
        if (fc_login_input(s, &rng, out, sizeof(out), &n2, f, flen) != FC_ERR_STATE || n2 != 0 ||
            memcmp(&before, s, sizeof(before)) != 0 || !fc_login_pending(s))
            abort();
    }
    while (st == FC_PENDING) {
        unsigned b = take(&w->in);
        uint32_t budget = w->in.n == 0 ? 1u << 22 : 1u + b * 997u;
        if (++steps > 200000 || out_len != 0)
            abort(); /* sliced work must end, and say nothing until it does */
        st = fc_login_step(s, budget, out, sizeof(out), &out_len);
    }
    if (st != FC_OK) {
        check_failed_side(s);
        if (out_len != 0 && (out_len != FC_LOGIN_HEADER_LEN + 2 || out[2] != FC_LOGIN_ERROR))
            abort(); /* a failure sends an ERROR frame or nothing */
    }
    record(w, out, out_len, !to);
}

/* the recipient's own earlier share, for a reflection */
static int own_share(const world *w, int side, size_t slen, uint8_t *share)
{
    unsigned i;
    for (i = 0; i < w->nhistory; i++) {
        const frame *f = &w->history[i];
        size_t at = share_at(f, slen);
        if (f->to != side && at != 0) {
            memcpy(share, f->bytes + at, slen);
            return 1;
        }
    }
    return 0;
}

static void set_share(world *w, unsigned mode, size_t slen)
{
    uint8_t share[32];
    size_t at = share_at(&w->cur, slen), i;
    if (at == 0)
        return;
    memset(share, 0, sizeof(share));
    switch (mode % 5) {
    case 0: break;                  /* zero */
    case 1: share[0] = 1; break;    /* one: low order */
    case 2: case 3:                 /* p - 1 and p, p = 2^(8 slen - 1) - 19 */
        for (i = 0; i < slen; i++)
            share[i] = 0xff;
        share[slen - 1] = 0x7f;
        share[0] = (uint8_t)(mode % 5 == 2 ? 0xec : 0xed);
        break;
    default:
        if (!own_share(w, w->cur.to, slen, share))
            return;
    }
    memcpy(w->cur.bytes + at, share, slen);
}

static void ble_deliver(world *w)
{
    fc_login_reasm r;
    const uint8_t *f;
    size_t off = 0, used, flen;
    frame copy = w->cur;
    fc_login_reasm_init(&r);
    while (off < copy.len) {
        size_t chunk = 1 + take(&w->in) % 20; /* a BLE ATT payload is 20 bytes */
        if (chunk > copy.len - off)
            chunk = copy.len - off;
        while (chunk > 0) {
            if (fc_login_reasm_feed(&r, &used, &f, &flen, copy.bytes + off, chunk) != FC_OK) {
                w->cur.len = 0; /* the receiver drops a bad header */
                return;
            }
            if (used > chunk)
                abort();
            off += used;
            chunk -= used;
            if (flen > 0) {
                deliver(w, copy.to, f, flen);
                if (w->cur.len != 0)
                    return; /* the rest would go to the same side after its answer */
            }
        }
    }
    if (w->cur.len != 0 && memcmp(&w->cur, &copy, sizeof(copy)) == 0)
        w->cur.len = 0; /* an incomplete frame: nothing arrived */
}

static void run_op(world *w, size_t slen)
{
    unsigned op = take(&w->in), a, b, i;
    frame *c = &w->cur;
    uint8_t out[FC_LOGIN_MAX_FRAME];
    size_t n;
    op %= 12;
    if (c->len == 0 && op != 7 && op != 9 && op != 11)
        return;
    switch (op) {
    default: /* 0..2: honest */
        break;
    case 3: /* a header field */
        a = take(&w->in), b = take(&w->in);
        if (a % 4 == 3) {
            c->bytes[3] = (uint8_t)b;
            c->bytes[4] = (uint8_t)take(&w->in);
        } else {
            c->bytes[a % 3] = (uint8_t)b;
        }
        w->tampered = 1;
        break;
    case 4: /* a payload byte */
        a = take(&w->in), b = take(&w->in);
        if (c->len > FC_LOGIN_HEADER_LEN)
            c->bytes[FC_LOGIN_HEADER_LEN + a % (c->len - FC_LOGIN_HEADER_LEN)] ^= (uint8_t)(b | 1u);
        w->tampered = 1;
        break;
    case 5: /* the share */
        set_share(w, take(&w->in), slen);
        w->tampered = 1;
        break;
    case 6: /* wrong length */
        a = take(&w->in), b = take(&w->in);
        if (a & 1) { /* extend by fuzzed bytes */
            n = 1 + b % 31;
            if (n > sizeof(c->bytes) - c->len)
                n = sizeof(c->bytes) - c->len;
            for (i = 0; i < n; i++)
                c->bytes[c->len + i] = (uint8_t)take(&w->in);
            c->len += n;
        } else {
            c->len -= 1 + b % c->len;
        }
        if ((a & 2) && c->len >= FC_LOGIN_HEADER_LEN) { /* a length field that agrees */
            c->bytes[3] = (uint8_t)((c->len - FC_LOGIN_HEADER_LEN) >> 8);
            c->bytes[4] = (uint8_t)(c->len - FC_LOGIN_HEADER_LEN);
        }
        w->tampered = 1;
        break;
    case 7: /* replay an earlier frame to either side; the frame in flight stays */
        a = take(&w->in);
        if (w->nhistory > 0) {
            frame keep = *c, old = w->history[(a >> 1) % w->nhistory];
            w->tampered = 1;
            deliver(w, a & 1, old.bytes, old.len);
            if (c->len == 0)
                *c = keep;
        }
        return;
    case 8: /* BLE pieces */
        ble_deliver(w);
        return;
    case 9: /* raw bytes to either side */
        a = take(&w->in);
        n = take(&w->in) % (FC_LOGIN_MAX_FRAME + 8);
        for (i = 0; i < n; i++)
            c->bytes[i] = (uint8_t)take(&w->in);
        c->len = n;
        c->to = a & 1;
        w->tampered = 1;
        break;
    case 10: /* back to its sender */
        c->to = !c->to;
        w->tampered = 1;
        break;
    case 11: /* the application ends a side */
        a = take(&w->in);
        n = 0;
        if (fc_login_abort(&w->side[a & 1], FC_LOGIN_ERR_TIMEOUT, out, sizeof(out), &n) != FC_OK)
            abort();
        check_failed_side(&w->side[a & 1]);
        w->tampered = 1;
        record(w, out, n, !(a & 1));
        return;
    }
    deliver(w, c->to, c->bytes, c->len);
}

static void check_result(const fc_login *s, const char *peer, uint8_t key[32])
{
    uint8_t id[FC_LOGIN_MAX_ID], kbuf[32];
    size_t n = 99;
    memset(kbuf, 0x5a, sizeof(kbuf));
    if (!fc_login_done(s)) {
        if (fc_login_result(s, id, sizeof(id), &n, kbuf, 32) != FC_ERR_STATE || n != 99)
            abort(); /* a key without a finished login */
    } else {
        if (fc_login_result(s, id, sizeof(id), &n, kbuf, 31) != FC_ERR_LENGTH || n != 99 ||
            fc_login_result(s, id, sizeof(id), &n, kbuf, 32) != FC_OK || n != strlen(peer) ||
            memcmp(id, peer, n) != 0)
            abort();
    }
    memcpy(key, kbuf, 32);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const unsigned suites[3] = {FC_LOGIN_SUITE_CPACE, FC_LOGIN_SUITE_PACE2017,
                                       FC_LOGIN_SUITE_CPACE19119};
    static world w; /* static: large */
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t cred[32], kd[32], kh[32], sentinel[32], out[FC_LOGIN_MAX_FRAME];
    fc_login_config cd, ch;
    fc_rng rng;
    size_t n = 0, slen;
    unsigned suite, ops;
    int wrong_pw, fd, fh;
    if (size < 2)
        return 0;
    memset(&w, 0, sizeof(w));
    suite = suites[data[0] % 3];
    slen = suite == FC_LOGIN_SUITE_CPACE19119 ? 24 : 32;
    wrong_pw = (data[0] & 0x70) == 0x70;
    w.seed = data[1];
    w.in.p = data + 2, w.in.n = size - 2;
    if (fc_login_credential(soft, suite, cred, 32, (const uint8_t *)"pw", 2, (const uint8_t *)"dev", 3) != FC_OK)
        abort();
    memset(&cd, 0, sizeof(cd));
    cd.role = FC_LOGIN_DEVICE, cd.suite = suite, cd.secret = cred, cd.secret_len = 32;
    cd.id = (const uint8_t *)"dev", cd.id_len = 3, cd.provider = soft;
    cd.sliced = (data[0] & 0x80) != 0;
    ch = cd;
    ch.sliced = 0;
    ch.role = FC_LOGIN_HANDHELD, ch.secret = (const uint8_t *)(wrong_pw ? "pW" : "pw");
    ch.secret_len = 2, ch.id = (const uint8_t *)"hh", ch.id_len = 2;
    rng.fill = counter_fill, rng.user = &w.seed;
    if (fc_login_init(&w.side[DEV], &cd) != FC_OK || fc_login_init(&w.side[HH], &ch) != FC_OK ||
        fc_login_start(&w.side[HH], &rng, out, sizeof(out), &n) != FC_OK)
        abort();
    record(&w, out, n, DEV);
    for (ops = 0; ops < MAX_OPS && w.in.n > 0; ops++)
        run_op(&w, slen);
    for (ops = 0; ops < 8 && w.cur.len > 0; ops++) /* the rest honestly */
        deliver(&w, w.cur.to, w.cur.bytes, w.cur.len);

    fd = fc_login_done(&w.side[DEV]);
    fh = fc_login_done(&w.side[HH]);
    memset(sentinel, 0x5a, sizeof(sentinel));
    check_result(&w.side[DEV], "hh", kd);
    check_result(&w.side[HH], "dev", kh);
    if ((!fd && memcmp(kd, sentinel, 32) != 0) || (!fh && memcmp(kh, sentinel, 32) != 0))
        abort(); /* an unfinished side wrote a key */
    if (fd && fh && memcmp(kd, kh, 32) != 0)
        abort(); /* both accepted: they must agree */
    if (wrong_pw && (fd || fh))
        abort(); /* a wrong password finished a side */
    if (!w.tampered && !wrong_pw && !(fd && fh))
        abort(); /* an honest exchange must succeed */
    if (!fd && fc_login_error(&w.side[DEV], NULL) != FC_OK)
        check_failed_side(&w.side[DEV]);
    if (!fh && fc_login_error(&w.side[HH], NULL) != FC_OK)
        check_failed_side(&w.side[HH]);
    fc_login_wipe(&w.side[DEV]);
    fc_login_wipe(&w.side[HH]);
    return 0;
}
