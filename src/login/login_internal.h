/* What the files of the login share (internal header): login.c (the gate every frame goes
 * through, lifecycle), login_keys.c (credentials, the session key), login_cpace.c and
 * login_pace2017.c (each suite's handlers), login_sliced.c and login_messages.c (the device's
 * work in engine jobs). */
#ifndef FC_LOGIN_INTERNAL_H
#define FC_LOGIN_INTERNAL_H

#include "fieldcrypt/login.h"
#include "pake/cpace_internal.h"

#define MAGIC 0x4C4F4731u /* "LOG1" */

enum { ST_RUNNING = 1, ST_DONE = 2, ST_FAILED = 3 };

/* ---- login.c ---- */

/* Ends the session: wipes all but role, suite and the statuses; optionally an ERROR frame. */
fc_status fc_login_fail(fc_login *ctx, fc_status st, uint8_t *out, size_t *out_len, int send);
/* Done: only the key and the peer id stay. */
void fc_login_succeed(fc_login *ctx);
fc_status fc_login_check_io(const fc_login *ctx, const uint8_t *out, size_t out_cap,
                            size_t *out_len);
/* id field: length byte, then the id */
size_t fc_login_put_id(uint8_t *p, const uint8_t *id, uint8_t len);
/* Parses an id field that must end exactly rest bytes before the payload ends. */
fc_status fc_login_take_id(fc_login *ctx, const uint8_t *p, size_t avail, size_t rest);
size_t fc_login_share_len(const fc_login *ctx);
const uint8_t *fc_login_flow(const fc_login *ctx, size_t *n);
/* After the peer's message at ctx->step - 1: frames this side's next message (body, blen) if
 * the flow has one, and ends the session well when the flow is through. */
fc_status fc_login_answer(fc_login *ctx, const uint8_t *body, size_t blen, uint8_t *out,
                          size_t out_cap, size_t *out_len);

/* ---- login_keys.c ---- */

extern const char fc_login_prs_salt[];  /* HKDF salt of the CPace credential (PRS) */
extern const char fc_login_kpi_salt[];  /* HKDF salt of the 2017 profile's K_pi */
extern const char fc_login_key_salt[];  /* HKDF salt of the session key */
/* The handheld's half of the credential: HKDF-Expand of the kept PRK with the device id. */
fc_status fc_login_handheld_credential(const fc_login *ctx, uint8_t cred[FC_LOGIN_CRED_LEN]);
/* OKM = HKDF-SHA-512(ikm, "fieldcrypt login v1", suite || lv(device id) || lv(handheld id)) */
fc_status fc_login_derive_okm(fc_login *ctx, const uint8_t *ikm, size_t ikm_len,
                              size_t okm_len);

/* ---- login_cpace.c, login_pace2017.c: one handler per received message. body is where this
 * side's answer goes (after the header in out), *blen its length. ---- */

/* The device's part of a CPace HELLO (nonce_h || id): the handheld's id and nonce, then draws
 * nonce_d, completing sid. */
fc_status fc_login_take_hello(fc_login *ctx, const fc_rng *rng, const uint8_t *p, size_t n);
fc_status fc_login_cpace_hello(fc_login *ctx, const fc_rng *rng, uint8_t *body, size_t *blen,
                               const uint8_t *p, size_t n);
fc_status fc_login_cpace_reply(fc_login *ctx, const fc_rng *rng, uint8_t *body, size_t *blen,
                               const uint8_t *p, size_t n);
fc_status fc_login_cpace_confirm(fc_login *ctx, uint8_t *body, size_t *blen, const uint8_t *p,
                                 size_t n);
fc_status fc_login_cpace_finish(fc_login *ctx, const uint8_t *p, size_t n);
fc_status fc_login_pace_hello(fc_login *ctx, const fc_rng *rng, uint8_t *body, size_t *blen,
                              const uint8_t *p, size_t n);
fc_status fc_login_pace_m1(fc_login *ctx, const fc_rng *rng, uint8_t *body, size_t *blen,
                           const uint8_t *p, size_t n);
fc_status fc_login_pace_m2(fc_login *ctx, uint8_t *body, size_t *blen, const uint8_t *p,
                           size_t n);
fc_status fc_login_pace_m3(fc_login *ctx, uint8_t *body, size_t *blen, const uint8_t *p,
                           size_t n);
fc_status fc_login_pace_m4(fc_login *ctx, uint8_t *body, size_t *blen, const uint8_t *p,
                           size_t n);
fc_status fc_login_pace_accept(fc_login *ctx, const uint8_t *p, size_t n);

/* ---- login_sliced.c, login_messages.c ---- */

/* the stages of the sliced device's work */
enum {
    W_NONE,
    W_GEN, W_MAP, W_YB,                             /* after HELLO */
    W_K, W_ISK, W_MACKEY, W_TAG_OWN_IN, W_TAG_OWN_OUT, W_TAG_PEER_IN, W_TAG_PEER_OUT,
    W_PRK_IN, W_PRK_OUT, W_OKM_IN, W_OKM_OUT,        /* after CONFIRM; pace2017: after M4 */
    W_P_GEN, W_P_MAP, W_P_YA, W_P_K, W_P_KH          /* pace2017: after M2 */
};

/* Writes the message the hash of stage ctx->work reads (an fc_writer; src is the fc_login). */
void fc_login_message(const void *src, fc_sink *s);

/* The device's work as engine jobs. begin checks the frame (HELLO or CONFIRM, M2 or M4
 * payload p, n bytes) and starts the work; FC_OK means the work is pending. */
fc_status fc_login_sliced_begin(fc_login *ctx, const fc_rng *rng, unsigned type,
                                const uint8_t *p, size_t n);

#endif
