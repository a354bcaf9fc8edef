/* What login.c shares with login_sliced.c (internal header). */
#ifndef FC_LOGIN_INTERNAL_H
#define FC_LOGIN_INTERNAL_H

#include "fieldcrypt/login.h"
#include "pake/cpace_internal.h"

#define MAGIC 0x4C4F4731u /* "LOG1" */

enum { ST_RUNNING = 1, ST_DONE = 2, ST_FAILED = 3 };

extern const char fc_login_key_salt[]; /* the HKDF salt of the session key */

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
/* The device's part of a CPace HELLO (nonce_h || id): the handheld's id and nonce, then draws
 * nonce_d, completing sid. */
fc_status fc_login_take_hello(fc_login *ctx, const fc_rng *rng, const uint8_t *p, size_t n);
const uint8_t *fc_login_flow(const fc_login *ctx, size_t *n);
/* After the peer's message at ctx->step - 1: frames this side's next message (body, blen) if
 * the flow has one, and ends the session well when the flow is through. */
fc_status fc_login_answer(fc_login *ctx, const uint8_t *body, size_t blen, uint8_t *out,
                          size_t out_cap, size_t *out_len);

/* the stages of the sliced device's work (login_sliced.c) */
enum {
    W_NONE,
    W_GEN, W_MAP, W_YB,                             /* after HELLO */
    W_K, W_ISK, W_MACKEY, W_TAG_OWN_IN, W_TAG_OWN_OUT, W_TAG_PEER_IN, W_TAG_PEER_OUT,
    W_PRK_IN, W_PRK_OUT, W_OKM_IN, W_OKM_OUT,        /* after CONFIRM; pace2017: after M4 */
    W_P_GEN, W_P_MAP, W_P_YA, W_P_K, W_P_KH          /* pace2017: after M2 */
};

/* login_messages.c: writes the message the hash of stage ctx->work reads (an fc_job_writer;
 * src is the fc_login). */
void fc_login_message(const void *src, cpace_sink *s);

/* login_sliced.c: the device's CPace work as engine jobs. begin checks the frame (HELLO or
 * CONFIRM payload p, n bytes) and starts the work; FC_OK means the work is pending. */
fc_status fc_login_sliced_begin(fc_login *ctx, const fc_rng *rng, unsigned type,
                                const uint8_t *p, size_t n);

#endif
