/* LE Secure Connections pairing, Numeric Comparison (Bluetooth Core v5.3 Vol 3 Part H 2.3.5.6.2),
 * crypto only, over the UART: the device is the responder B, the handheld the initiator A.
 *
 *   A -> B  PUBLIC_KEY   PKa || A || IOcapA     B checks PKa (on P-256, not the debug key)
 *                                               BEFORE any DHKey work, then makes its key
 *                                               pair in slices (below)
 *   B -> A  KEY_CONFIRM  PKb || Cb || B || IOcapB   Cb = f4(PKbx, PKax, Nb, 0); B starts
 *                                               DHKey = x(SKb * PKa) in slices
 *   A -> B  RANDOM       Na
 *   B -> A  RANDOM       Nb                     both show g2(PKax, PKbx, Na, Nb) (6 digits);
 *                                               A checks Cb: a mismatch ends it (A's ERROR)
 *   A -> B  DHKEY_CHECK  Ea = f6(MacKey, Na, Nb, 0, IOcapA, A, B), MacKey || LTK = f5(DHKey,
 *                        Na, Nb, A, B); B compares in constant time, else ERROR, no key (f5,
 *                        the check and Eb in three passes of the main loop)
 *   B -> A  DHKEY_CHECK  Eb = f6(MacKey, Nb, Na, 0, IOcapB, B, A)
 *
 * The key pair in slices: the engine has no job for a public key, but its ECDH job on the base
 * point G gives X = x(d * G) in slices, and fc_ec_decompress(02 || X) the point with that X and
 * an even Y in one call (a square root: 458 k cycles on the Cortex-M0, a twentieth of the
 * scalar multiplication).
 * That point is d * G or -d * G = (n - d) * G; the device does not know which, and need not:
 * the DHKey is an x-coordinate, and x(d * Q) = x((n - d) * Q) for every Q, so both ends get the
 * same DHKey whichever of d and n - d is PKb's private key (the "x-only" key of BIP 340 uses
 * the same fact). The secret d is drawn by rejection: 32 random bytes until the job accepts
 * them as a scalar in [1, n - 1] (FIPS 186-5 A.2.2; a rejection, probability 2^-32, says only
 * that those bytes were discarded).
 *
 * The user's yes on both sides (the six digits match) is taken as given: the device has no
 * button, the handheld asks or is told --yes. The LTK is logged only as a fingerprint
 * (SHA-256(LTK)[0..4]) and wiped, like the login's session key: an application would store it
 * for bonding. Secrets (SKb, DHKey, MacKey, LTK, nonces until they are public) live in the
 * static state and are wiped at every end, success or not. Constant time: the f-functions and
 * fc_ct_equal work on secrets without branching; the peer-key checks read public data. */
#include "service.h"

#include <string.h>

#include <fieldcrypt/ble.h>
#include <fieldcrypt/ct.h>
#include <fieldcrypt/ec.h>
#include <fieldcrypt/engine.h>
#include <fieldcrypt/hash.h>
#include <fieldcrypt/rng.h>

#include "config.h"
#include "frames.h"
#include "log.h"

#if FW_WITH_PAIRING

enum { IDLE, KEYPAIR, WAIT_NA, WAIT_EA };

/* P-256's base point G, SEC1 uncompressed (SEC 2 v2, 2.4.2) */
static const uint8_t p256_g[65] = {
    0x04, 0x6b, 0x17, 0xd1, 0xf2, 0xe1, 0x2c, 0x42, 0x47, 0xf8, 0xbc, 0xe6, 0xe5, 0x63, 0xa4,
    0x40, 0xf2, 0x77, 0x03, 0x7d, 0x81, 0x2d, 0xeb, 0x33, 0xa0, 0xf4, 0xa1, 0x39, 0x45, 0xd8,
    0x98, 0xc2, 0x96, 0x4f, 0xe3, 0x42, 0xe2, 0xfe, 0x1a, 0x7f, 0x9b, 0x8e, 0xe7, 0xeb, 0x4a,
    0x7c, 0x0f, 0x9e, 0x16, 0x2b, 0xce, 0x33, 0x57, 0x6b, 0x31, 0x5e, 0xce, 0xcb, 0xb6, 0x40,
    0x68, 0x37, 0xbf, 0x51, 0xf5};

static struct {
    uint8_t stage;
    uint8_t dh_running; /* the key pair's or the DHKey's job has slices to run */
    uint8_t ea_waiting; /* Ea arrived before the DHKey was ready */
    uint8_t fin;        /* 1..3: the steps after Ea (finish_step) */
    uint32_t due;
    uint8_t peer[65];   /* 0x04 || PKa: public */
    uint8_t pkb[64];
    uint8_t addr_a[7], iocap_a[3];
    uint8_t na[16], nb[16], ea[16];
    uint8_t skb[32];    /* secret, until the DHKey job has its copy */
    uint8_t pkbx[33];   /* 02 || x(SKb * G), the key pair job's output */
    uint8_t dhkey[32];  /* secret */
    uint8_t mackey[16], ltk[16]; /* secret: f5's output */
    fc_job job;
} p;

static const uint8_t addr_b[7] = FW_BLE_ADDR;
static const uint8_t iocap_b[3] = FW_BLE_IOCAP;

static void wipe(void)
{
    fc_job_wipe(&p.job);
    fc_zeroize(&p, sizeof p);
}

static void fail(fc_status st, const char *why)
{
    fw_log("pairing failed: %s (%s); no key", why, fc_status_str(st));
    fw_send_error(FW_SVC_PAIR, st);
    wipe();
}

static void hex(char *out, const uint8_t *in, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        out[2 * i] = "0123456789abcdef"[in[i] >> 4];
        out[2 * i + 1] = "0123456789abcdef"[in[i] & 15];
    }
    out[2 * n] = 0;
}

/* The peer's public key: refused before any DHKey work if it is not a point of P-256 (which
 * also refuses Y = 0, the "fixed coordinate" of CVE-2018-5383: no point of P-256 has y = 0)
 * or if it is the specification's debug key (whose private key is public). */
static fc_status check_peer_key(const uint8_t pka[64])
{
    fc_status st;
    if (memcmp(pka, fc_ble_debug_public, 64) == 0)
        return FC_ERR_KEY;
    p.peer[0] = 0x04;
    memcpy(p.peer + 1, pka, 64);
    st = fc_ec_check_public(NULL, FC_SECP256R1, p.peer, sizeof p.peer);
    return st;
}

static void on_public_key(const uint8_t *in, size_t n)
{
    unsigned tries;
    fc_status st;
    if (n != 74) {
        fail(FC_ERR_LENGTH, "public key frame of the wrong length");
        return;
    }
    st = check_peer_key(in);
    if (st != FC_OK) {
        fail(st, st == FC_ERR_KEY ? "the peer sent the debug public key"
                                  : "the peer's public key is not a point of P-256");
        return;
    }
    memcpy(p.addr_a, in + 64, 7);
    memcpy(p.iocap_a, in + 71, 3);
    /* a fresh key pair per pairing: SKb by rejection, x(SKb * G) in slices */
    st = FC_ERR_KEY;
    for (tries = 0; tries < 8 && st == FC_ERR_KEY; tries++) {
        st = fc_random_bytes(NULL, p.skb, sizeof p.skb);
        if (st == FC_OK)
            st = fc_job_ecdh(&p.job, NULL, FC_SECP256R1, p.pkbx + 1, p.skb, p256_g,
                             sizeof p256_g);
    }
    if (st != FC_OK) {
        fail(st, "key pair start");
        return;
    }
    p.dh_running = 1;
    p.stage = KEYPAIR;
    fw_log("pairing: peer key checked; key pair in slices");
}

/* The key pair's job is done: PKb = the point of x(SKb * G) with even Y; Cb; the DHKey job. */
static void keypair_done(void)
{
    uint8_t out[90], point[65], cb[16];
    fc_status st;
    p.pkbx[0] = 0x02;
    bench_mark(MARK_PAIR_KEYPAIR);
    st = fc_ec_decompress(NULL, FC_SECP256R1, point, p.pkbx, sizeof p.pkbx);
    bench_mark(MARK_PAIR_KEYPAIR + 1);
    if (st == FC_OK) {
        memcpy(p.pkb, point + 1, 64);
        st = fc_random_bytes(NULL, p.nb, sizeof p.nb);
    }
    if (st == FC_OK) {
        bench_mark(MARK_PAIR_CMAC);
        st = fc_ble_f4(NULL, cb, p.pkb, p.peer + 1, p.nb, 0);
        bench_mark(MARK_PAIR_CMAC + 1);
    }
    /* DHKey = x(SKb * PKa) in slices; the job copies SKb, so it is wiped at once */
    if (st == FC_OK)
        st = fc_job_ecdh(&p.job, NULL, FC_SECP256R1, p.dhkey, p.skb, p.peer, sizeof p.peer);
    fc_zeroize(p.skb, sizeof p.skb);
    if (st != FC_OK) {
        fail(st, "key pair or DHKey start");
        return;
    }
    p.dh_running = 1;
    memcpy(out, p.pkb, 64);
    memcpy(out + 64, cb, 16);
    memcpy(out + 80, addr_b, 7);
    memcpy(out + 87, iocap_b, 3);
    fw_send_frame(FW_SVC_PAIR, FW_PAIR_KEY_CONFIRM, out, sizeof out);
    p.stage = WAIT_NA;
    fw_log("pairing: key pair made, confirm value sent; DHKey in slices");
}

static void on_random(const uint8_t *in, size_t n)
{
    uint32_t value = 0;
    char digits[7];
    unsigned i;
    fc_status st;
    if (n != 16) {
        fail(FC_ERR_LENGTH, "random frame of the wrong length");
        return;
    }
    memcpy(p.na, in, 16);
    bench_mark(MARK_PAIR_CMAC);
    st = fc_ble_g2(NULL, &value, p.peer + 1, p.pkb, p.na, p.nb);
    bench_mark(MARK_PAIR_CMAC + 1);
    if (st != FC_OK) {
        fail(st, "g2");
        return;
    }
    fw_send_frame(FW_SVC_PAIR, FW_PAIR_RANDOM, p.nb, 16);
    for (i = 6; i-- > 0; value /= 10u)
        digits[i] = (char)('0' + value % 10u);
    digits[6] = 0;
    fw_log("pairing: numeric comparison value %s (the user confirms it on both sides)", digits);
    p.stage = WAIT_EA;
}

/* f5, then Ea checked, then Eb sent: needs the DHKey. One step per pass of the main loop
 * (p.fin 1, 2, 3), so that no single call does all the AES-CMAC work. */
static void finish_step(void)
{
    static const uint8_t r0[16] = {0};
    uint8_t e[16], fp[FC_SHA256_LEN];
    char fph[9];
    fc_status st;
    int same = 1;
    bench_mark(MARK_PAIR_CMAC);
    if (p.fin == 1) {
        st = fc_ble_f5(NULL, p.mackey, p.ltk, p.dhkey, p.na, p.nb, p.addr_a, addr_b);
        fc_zeroize(p.dhkey, sizeof p.dhkey);
    } else if (p.fin == 2) {
        st = fc_ble_f6(NULL, e, p.mackey, p.na, p.nb, r0, p.iocap_a, p.addr_a, addr_b);
        same = st == FC_OK && fc_ct_equal(e, p.ea, 16);
    } else {
        st = fc_ble_f6(NULL, e, p.mackey, p.nb, p.na, r0, iocap_b, addr_b, p.addr_a);
        if (st == FC_OK)
            st = fc_hash(NULL, FC_SHA256, fp, sizeof fp, p.ltk, sizeof p.ltk);
    }
    bench_mark(MARK_PAIR_CMAC + 1);
    if (st != FC_OK) {
        fail(st, "f5/f6");
    } else if (!same) {
        fail(FC_ERR_VERIFY, "DHKey check Ea does not match");
    } else if (p.fin < 3) {
        p.fin++;
    } else {
        fw_send_frame(FW_SVC_PAIR, FW_PAIR_DHKEY_CHECK, e, 16);
        hex(fph, fp, 4);
        fw_log("pairing ok: LTK fingerprint %s", fph);
        wipe(); /* MacKey and LTK too: this demo keeps no bond */
        fc_zeroize(fp, sizeof fp);
    }
    fc_zeroize(e, sizeof e);
}

void pair_frame(uint8_t type, const uint8_t *in, size_t n, uint32_t now)
{
    p.due = now + FW_PAIR_TIMEOUT_MS;
    if (type == FW_FRAME_ERROR) {
        if (p.stage != IDLE) {
            int16_t code = n == 2 ? (int16_t)(in[0] << 8 | in[1]) : 0;
            fw_log("pairing aborted by the handheld: %s; no key", fc_status_str((fc_status)code));
            wipe();
        }
        return; /* an ERROR is never answered */
    }
    if (type == FW_PAIR_PUBLIC_KEY) {
        if (p.stage != IDLE)
            wipe(); /* a new pairing replaces an abandoned one */
        p.due = now + FW_PAIR_TIMEOUT_MS; /* the wipe cleared it */
        on_public_key(in, n);
    } else if (type == FW_PAIR_RANDOM && p.stage == WAIT_NA) {
        on_random(in, n);
    } else if (type == FW_PAIR_DHKEY_CHECK && p.stage == WAIT_EA && !p.ea_waiting) {
        if (n != 16) {
            fail(FC_ERR_LENGTH, "DHKey check frame of the wrong length");
            return;
        }
        memcpy(p.ea, in, 16);
        if (p.dh_running)
            p.ea_waiting = 1; /* finished when the last slice is done */
        else
            p.fin = 1;
    } else {
        fail(FC_ERR_STATE, "frame out of order");
    }
}

void pair_poll(uint32_t now)
{
    if (p.stage == IDLE)
        return;
    if (p.dh_running) {
        uint32_t mark = p.stage == KEYPAIR ? MARK_PAIR_KEYPAIR : MARK_PAIR_DHKEY;
        fc_status st;
        bench_mark(mark);
        st = fc_job_step(&p.job, FW_SLICE_BUDGET);
        bench_mark(mark + 1);
        if (st == FC_PENDING)
            return;
        p.dh_running = 0;
        if (st != FC_OK)
            fail(st, p.stage == KEYPAIR ? "key pair" : "DHKey");
        else if (p.stage == KEYPAIR)
            keypair_done();
        else if (p.ea_waiting)
            p.fin = 1;
        return;
    }
    if (p.fin) {
        finish_step();
        return;
    }
    if ((int32_t)(now - p.due) >= 0) {
        fw_log("pairing timeout: the handheld went quiet");
        fw_send_error(FW_SVC_PAIR, FC_ERR_STATE);
        wipe();
    }
}

int pair_busy(void)
{
    return p.dh_running || p.fin;
}

int pair_deadline(uint32_t *t)
{
    *t = p.due;
    return p.stage != IDLE;
}

#endif
