#include "service.h"

#include <string.h>

#include <fieldcrypt/ct.h>
#include <fieldcrypt/hash.h>
#include <fieldcrypt/login.h>

#include "board.h"
#include "config.h"
#include "frames.h"
#include "log.h"

/* All state is static: no heap, and its size is known at link time. */
static struct {
    const fw_record *rec;
    fc_login login;
    fc_login_reasm reasm;
    uint8_t out[FC_LOGIN_MAX_FRAME];
    /* a pairing or update frame being received (frames.h); svc 0: none */
    uint8_t svc;
    uint16_t fw_have;
    uint8_t fw_frame[FW_FRAME_HEADER + FW_FRAME_MAX_PAYLOAD];
    uint8_t running;  /* a session is open */
    uint8_t attempt;  /* it accepted a HELLO: the device did curve work, its failure counts */
    uint8_t resync;   /* after a framing error: drop bytes until the line is quiet */
    uint8_t locked;   /* back-off until lock_end */
    uint16_t failures;
    uint16_t slices;  /* fc_login_step calls in this session (sliced builds) */
    uint32_t now, last_rx, due, lock_end;
} s;

/* Where the Unicorn runner (fieldcrypt device measure) starts and stops its counters: an odd
 * id opens a region, id + 1 closes it (ids: frames.h). An empty call in the product. */
__attribute__((noipa, used)) void bench_mark(uint32_t id)
{
    (void)id;
    __asm__ volatile("" ::: "memory");
}

static int reached(uint32_t now, uint32_t t)
{
    return (int32_t)(now - t) >= 0;
}

/* An id from the wire or the record, fit for the log: printable ASCII, else '?'. */
static const char *printable(const uint8_t *id, size_t n, char buf[FC_LOGIN_MAX_ID + 1])
{
    size_t i;
    for (i = 0; i < n && i < FC_LOGIN_MAX_ID; i++)
        buf[i] = id[i] >= 0x20 && id[i] < 0x7f ? (char)id[i] : '?';
    buf[i] = 0;
    return buf;
}

static void send(size_t n)
{
    if (n > 0)
        board_uart_write(s.out, n);
}

/* An ERROR frame outside a session (the library writes its own inside one). */
static void send_error(fc_status st)
{
    uint16_t code = (uint16_t)(int16_t)st;
    uint8_t payload[2] = {(uint8_t)(code >> 8), (uint8_t)code};
    size_t n = 0;
    if (fc_login_frame_encode(FC_LOGIN_SUITE_CPACE, FC_LOGIN_ERROR, s.out, sizeof s.out, &n,
                              payload, 2) == FC_OK)
        send(n);
}

static uint32_t backoff_ms(unsigned failures)
{
    uint32_t ms = FW_BACKOFF_BASE_MS;
    unsigned n = failures - FW_FREE_FAILURES;
    while (n-- > 0 && ms < FW_BACKOFF_CAP_MS)
        ms <<= 1;
    return ms < FW_BACKOFF_CAP_MS ? ms : FW_BACKOFF_CAP_MS;
}

static void success(void)
{
    uint8_t peer[FC_LOGIN_MAX_ID], key[FC_LOGIN_KEY_LEN], fp[FC_SHA256_LEN];
    char name[FC_LOGIN_MAX_ID + 1], hex[17];
    size_t n = 0, i;
    if (fc_login_result(&s.login, peer, sizeof peer, &n, key, sizeof key) == FC_OK &&
        fc_hash(NULL, FC_SHA256, fp, FC_SHA256_LEN, key, sizeof key) == FC_OK) {
        /* the fingerprint `fieldcrypt login` prints: SHA-256(key)[0..8], never the key */
        for (i = 0; i < 8; i++) {
            hex[2 * i] = "0123456789abcdef"[fp[i] >> 4];
            hex[2 * i + 1] = "0123456789abcdef"[fp[i] & 15];
        }
        hex[16] = 0;
        fw_log("login ok: handheld '%s' authenticated, session key fingerprint %s",
               printable(peer, n, name), hex);
        if (FW_SLICED)
            fw_log("login work ran in %u slices", (unsigned)s.slices);
    }
    /* this demo has no use for the key: an application would keep it for its channel */
    fc_zeroize(key, sizeof key);
    fc_zeroize(fp, sizeof fp);
    s.failures = 0;
}

/* Ends the session: wipes the context, and counts a failed attempt for the back-off. */
static void end_session(fc_status st)
{
    if (st == FC_OK) {
        success();
    } else if (s.attempt) {
        if (s.failures < 0xffff)
            s.failures++;
        fw_log("login failed: %s (failure %u in a row)", fc_status_str(st), (unsigned)s.failures);
        if (s.failures >= FW_FREE_FAILURES) {
            uint32_t ms = backoff_ms(s.failures);
            s.locked = 1;
            s.lock_end = s.now + ms;
            fw_log("back-off: logins refused for %u ms", (unsigned)ms);
        }
    } else {
        fw_log("session refused: %s", fc_status_str(st));
    }
    fc_login_wipe(&s.login);
    s.running = 0;
    s.attempt = 0;
}

/* What fc_login_input or fc_login_step returned, with the frame it wrote. */
static void result(fc_status st, size_t n)
{
    send(n); /* REPLY / FINISH, or the ERROR frame of a failure */
    if (st == FC_PENDING)
        return; /* slices follow in svc_poll */
    if (st != FC_OK)
        end_session(st);
    else if (fc_login_done(&s.login))
        end_session(FC_OK);
    else
        s.due = board_ms() + FW_SESSION_TIMEOUT_MS; /* the handheld's turn, from now: the work
                                                     * just done may have taken a while */
}

static void cancel(fc_status why)
{
    size_t n = 0;
    fc_login_abort(&s.login, why, s.out, sizeof s.out, &n);
    send(n);
    end_session(why);
}

static int open_session(void)
{
    fc_login_config cfg;
    fc_status st;
    memset(&cfg, 0, sizeof cfg);
    cfg.role = FC_LOGIN_DEVICE;
    cfg.suite = FC_LOGIN_SUITE_CPACE;
    cfg.secret = s.rec->credential; /* read from flash; the context's copy is wiped with it */
    cfg.secret_len = sizeof s.rec->credential;
    cfg.id = s.rec->id;
    cfg.id_len = s.rec->id_len;
    cfg.sliced = FW_SLICED;
    st = fc_login_init(&s.login, &cfg);
    if (st != FC_OK) {
        fw_log("login init: %s", fc_status_str(st));
        send_error(st);
        return 0;
    }
    s.running = 1;
    s.slices = 0;
    return 1;
}

/* One whole frame (its header already checked by the reassembler). */
static void on_frame(const uint8_t *f, size_t len)
{
    unsigned type = f[2];
    fc_status st;
    size_t n = 0;
    if (type == FC_LOGIN_ERROR) {
        /* the handheld gave up; an ERROR is never answered */
        if (s.running)
            end_session(FC_LOGIN_ERR_PEER); /* fc_login_wipe ends any pending work too */
        return;
    }
    if (type == FC_LOGIN_HELLO && s.running) {
        /* a new HELLO: the last handheld went away mid-login; drop that session quietly
         * (an ERROR now would reach the new handheld) and count it */
        end_session(FC_LOGIN_ERR_CLOSED);
    }
    if (s.rec == NULL || s.locked) {
        fw_log(s.rec == NULL ? "not provisioned: frame refused" : "back-off: frame refused");
        send_error(FC_ERR_STATE);
        return;
    }
    if (!s.running && !open_session())
        return;
    if (FW_SLICED && fc_login_pending(&s.login)) {
        cancel(FC_LOGIN_ERR_UNEXPECTED); /* the handheld spoke before its turn */
        return;
    }
    bench_mark(MARK_LOGIN_WORK);
    st = fc_login_input(&s.login, NULL, s.out, sizeof s.out, &n, f, len);
    bench_mark(MARK_LOGIN_WORK + 1);
    if (type == FC_LOGIN_HELLO && (st == FC_OK || st == FC_PENDING))
        s.attempt = 1;
    result(st, n);
}

void fw_send_frame(uint8_t service, uint8_t type, const uint8_t *payload, size_t len)
{
    uint8_t h[FW_FRAME_HEADER] = {service, type, (uint8_t)(len >> 8), (uint8_t)len};
    board_uart_write(h, sizeof h);
    if (len > 0)
        board_uart_write(payload, len);
}

void fw_send_error(uint8_t service, fc_status st)
{
    uint16_t code = (uint16_t)(int16_t)st;
    uint8_t payload[2] = {(uint8_t)(code >> 8), (uint8_t)code};
    fw_send_frame(service, FW_FRAME_ERROR, payload, 2);
}

/* A whole pairing or update frame: to its service, unless that service is not built or the
 * device has no valid record (it serves nothing then, as the login). */
static void on_fw_frame(uint8_t svc, uint8_t type, const uint8_t *payload, size_t len)
{
    if (s.rec == NULL) {
        fw_log("not provisioned: frame refused");
        if (type != FW_FRAME_ERROR)
            fw_send_error(svc, FC_ERR_STATE);
        return;
    }
#if FW_WITH_PAIRING
    if (svc == FW_SVC_PAIR) {
        pair_frame(type, payload, len, s.now);
        return;
    }
#endif
#if FW_WITH_UPDATE
    if (svc == FW_SVC_UPDATE) {
        update_frame(type, payload, len, s.now);
        return;
    }
#endif
    (void)payload;
    (void)len;
    if (type != FW_FRAME_ERROR)
        fw_send_error(svc, FC_ERR_UNSUPPORTED);
}

/* One byte of a pairing or update frame. */
static fc_status fw_rx(uint8_t byte)
{
    size_t len;
    s.fw_frame[s.fw_have++] = byte;
    if (s.fw_have < FW_FRAME_HEADER)
        return FC_OK;
    len = (size_t)s.fw_frame[2] << 8 | s.fw_frame[3];
    if (len > FW_FRAME_MAX_PAYLOAD)
        return FC_ERR_LENGTH;
    if (s.fw_have == FW_FRAME_HEADER + len) {
        uint8_t svc = s.svc;
        s.svc = 0;
        s.fw_have = 0;
        on_fw_frame(svc, s.fw_frame[1], s.fw_frame + FW_FRAME_HEADER, len);
    }
    return FC_OK;
}

static void framing_error(fc_status st)
{
    fw_log("framing error: %s; input dropped until the line is quiet", fc_status_str(st));
    if (s.svc != 0)
        fw_send_error(s.svc, st); /* a pairing or update frame: its service's ERROR */
    else if (s.running)
        cancel(st);
    else
        send_error(st); /* one per burst: the bytes that follow are dropped unparsed */
    s.svc = 0;
    s.fw_have = 0;
    fc_login_reasm_init(&s.reasm);
    s.resync = 1;
}

void svc_init(const fw_record *rec)
{
    char id[FC_LOGIN_MAX_ID + 1];
    memset(&s, 0, sizeof s);
    s.rec = rec;
    fc_login_reasm_init(&s.reasm);
#if FW_WITH_UPDATE
    update_init(); /* before "ready": the host reads the log once it sees that word */
#endif
    if (rec != NULL)
        fw_log("provisioned as '%s'; ready", printable(rec->id, rec->id_len, id));
    else
        fw_log("no valid provisioning record: every login is refused");
    bench_mark(MARK_EMPTY); /* the runner subtracts this empty region as marker overhead */
    bench_mark(MARK_EMPTY + 1);
}

void svc_rx(uint8_t byte, uint32_t now_ms)
{
    const uint8_t *frame;
    size_t used, len;
    fc_status st;
    s.now = s.last_rx = now_ms;
    if (s.resync)
        return;
    /* the first byte of a frame picks the service (frames.h) */
    if (s.svc == 0 && (s.reasm.have == 0 || s.reasm.complete) &&
        (byte == FW_SVC_PAIR || byte == FW_SVC_UPDATE))
        s.svc = byte;
    if (s.svc != 0) {
        st = fw_rx(byte);
        if (st != FC_OK)
            framing_error(st);
        return;
    }
    st = fc_login_reasm_feed(&s.reasm, &used, &frame, &len, &byte, 1);
    if (st != FC_OK)
        framing_error(st);
    else if (len > 0)
        on_frame(frame, len);
}

void svc_poll(uint32_t now_ms)
{
    s.now = now_ms;
    if (s.locked && reached(now_ms, s.lock_end)) {
        s.locked = 0;
        fw_log("back-off over");
    }
    if (s.resync && reached(now_ms, s.last_rx + FW_RESYNC_QUIET_MS)) {
        s.resync = 0; /* the line is quiet: the next byte starts a frame */
    } else if (!s.resync && ((s.reasm.have > 0 && !s.reasm.complete) || s.svc != 0) &&
               reached(now_ms, s.last_rx + FW_PARTIAL_TIMEOUT_MS)) {
        framing_error(FC_LOGIN_ERR_TRUNCATED);
    }
    {
        /* at most one slice per pass, whichever service it is, so that the rest between
         * passes (main.c) follows every slice; the login's goes first, a busy pairing's before
         * a busy update's. A service with no slice pending only checks its timeout. */
        int sliced = FW_SLICED && s.running && fc_login_pending(&s.login), busy;
        (void)busy;
        (void)sliced;
#if FW_WITH_PAIRING
        busy = pair_busy();
        if (!(sliced && busy))
            pair_poll(now_ms);
        sliced |= busy;
#endif
#if FW_WITH_UPDATE
        busy = update_busy();
        if (!(sliced && busy))
            update_poll(now_ms);
#endif
    }
    if (!s.running)
        return;
    if (FW_SLICED && fc_login_pending(&s.login)) {
        size_t n = 0;
        fc_status st;
        bench_mark(MARK_LOGIN_WORK);
        st = fc_login_step(&s.login, FW_SLICE_BUDGET, s.out, sizeof s.out, &n);
        bench_mark(MARK_LOGIN_WORK + 1);
        s.slices++;
        result(st, n);
    } else if (reached(now_ms, s.due)) {
        fw_log("session timeout: the handheld went quiet; session wiped");
        cancel(FC_LOGIN_ERR_TIMEOUT);
    }
}

int svc_busy(void)
{
    int busy = FW_SLICED && s.running && fc_login_pending(&s.login);
#if FW_WITH_PAIRING
    busy |= pair_busy();
#endif
#if FW_WITH_UPDATE
    busy |= update_busy();
#endif
    return busy;
}

uint32_t svc_idle_ms(uint32_t now_ms)
{
    uint32_t t[6], best = 1000;
    unsigned i, k = 0;
    if (s.running)
        t[k++] = s.due;
#if FW_WITH_PAIRING
    k += (unsigned)pair_deadline(&t[k]);
#endif
#if FW_WITH_UPDATE
    k += (unsigned)update_deadline(&t[k]);
#endif
    if (s.locked)
        t[k++] = s.lock_end;
    if (s.resync)
        t[k++] = s.last_rx + FW_RESYNC_QUIET_MS;
    else if ((s.reasm.have > 0 && !s.reasm.complete) || s.svc != 0)
        t[k++] = s.last_rx + FW_PARTIAL_TIMEOUT_MS;
    for (i = 0; i < k; i++) {
        uint32_t left = reached(now_ms, t[i]) ? 0 : t[i] - now_ms;
        if (left < best)
            best = left;
    }
    return best;
}
