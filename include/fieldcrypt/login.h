/* Password login of a handheld to a field device: wire format (src/login/wire.c) and the two
 * login state machines (src/login/: login.c the gate and lifecycle, login_cpace.c and
 * login_pace2017.c the two suites, login_keys.c credentials and keys, login_sliced.c the
 * device's work in slices). Same code on the firmware, in the Python CLI and
 * under a fuzzer: the parser takes bytes and a caller-allocated struct, nothing else.
 *
 * ---- Frames (version 1) ----
 *   offset 0  version      1 byte   0x01
 *          1  suite        1 byte   1 = cpace (CPACE-X25519-SHA512, key confirmation)
 *                                   2 = pace2017 (the 2017 PACE profile, compatibility only)
 *                                   3 = cpace19119 (CPace on Curve19119: 96-bit legacy
 *                                       security, not standardized)
 *          2  type         1 byte   FC_LOGIN_HELLO ... FC_LOGIN_ERROR below
 *          3  length       2 bytes  payload length, big-endian, at most FC_LOGIN_MAX_PAYLOAD
 *          5  payload      length bytes
 * FC_LOGIN_MAX_FRAME = 192: the largest version-1 message is CONFIRM (32-byte share + 64-byte
 * tag, 101 bytes with the header), then REPLY with a 32-byte device id (86). 192 leaves room
 * for a suite with shares up to 64 bytes while the receive buffer of a Cortex-M0 stays under
 * 200 bytes (10 BLE ATT payloads of 20 bytes). A length field above it is refused as soon as
 * the header is in: a peer cannot make a device buffer more.
 * Frames travel on a byte stream (TCP, UART) or cut into BLE ATT payloads; fc_login_reasm
 * rebuilds them from chunks of any size and checks each header byte as it arrives.
 * An id field is id_len (1 byte, 1..FC_LOGIN_MAX_ID) || id. ERROR's payload is the status that
 * ended the session, a signed 16-bit big-endian fc_status.
 *
 * ---- Flows (handheld = H, device = D) ----
 * cpace (H is the CPace initiator, D the responder; confirm = 1):
 *   H -> D  HELLO    nonce_h (16) || id(handheld id)
 *   D -> H  REPLY    nonce_d (16) || id(device id) || Yb
 *   H -> D  CONFIRM  Ya || Ta (64)
 *   D -> H  FINISH   Tb (64)
 *   sid = nonce_h || nonce_d;  CI = lv(device id) || lv(handheld id) (1-byte lengths, the
 *   draft's lv_cat);  AD = each side's own id (so the transcript and the tags cover both ids);
 *   PRS = the device credential (below). D checks Ta before it says anything that depends on
 *   the password; H checks Tb before it accepts.
 * pace2017 (pace2017.h; fieldcrypt login adds the ids and ACCEPT):
 *   H -> D  HELLO    id(handheld id)
 *   D -> H  M1       msg1 (24) || id(device id)       (H needs the device id for K_pi)
 *   H -> D  M2       msg2 (48)
 *   D -> H  M3       msg3 (48)
 *   H -> D  M4       msg4 (16) || tag_h (16)
 *   D -> H  ACCEPT   tag_d (16)
 *   The 2017 profile authenticates no identity, so both tags come from the PACE key and the
 *   ids (below): D accepts only if the handheld saw the same ids, H only if the device did.
 * Session key, both suites: OKM = HKDF-SHA-512(IKM = ISK (cpace) or the PACE key,
 *   salt = "fieldcrypt login v1", info = suite || lv(device id) || lv(handheld id));
 *   key = OKM[0..32]; pace2017 also tag_h = OKM[32..48], tag_d = OKM[48..64].
 *
 * Every message type has exactly one place in its flow. fc_login_input ends the session, with
 * no key and with the status below, on: a bad frame (version, unknown suite or type, length),
 * a frame of another suite, a type already received (replay), a type out of order or one this
 * side sends itself, a payload of the wrong length or with a bad id field, and any failed
 * protocol check (FC_ERR_VERIFY: wrong password; FC_ERR_ZERO_SHARED: low-order share;
 * FC_ERR_PROTOCOL: reflected share). The side that ends the session writes an ERROR frame to
 * send; a peer's ERROR frame ends the session (FC_LOGIN_ERR_PEER) and is never answered.
 *
 * ---- Credentials ----
 * The device never holds the password: it stores the 32-byte credential
 *   cpace:    PRS  = HKDF-SHA-512(IKM = password, salt = "fieldcrypt login PRS v1",
 *                                 info = device id, 32 bytes)
 *   pace2017: K_pi = fc_pace2017_derive_kpi(password, device id) (same construction, its salt)
 * computed once at provisioning (fc_login_credential) and kept with its device id; a stolen
 * credential logs in to that device only, but the password is not recovered from it without
 * a dictionary search. The handheld takes the typed password; fc_login_init keeps only
 * HKDF-Extract(salt, password) and finishes the HKDF with the device id from REPLY / M1.
 *
 * ---- Use ----
 *   fc_login_init     role, suite, own id, credential (device) or password (handheld)
 *   fc_login_start    handheld: writes HELLO
 *   fc_login_input    one received frame in; maybe one frame out (*out_len > 0: send it).
 *                     On failure it returns the status and may still write an ERROR frame.
 *   fc_login_done     1 once both sides confirmed; then fc_login_result (peer id, key)
 *   fc_login_abort    the application ends the session (timeout, link error): ERROR frame
 *   fc_login_wipe     wipes the context; call it after fc_login_result or on any exit
 * Output buffers take FC_LOGIN_MAX_FRAME bytes and must not overlap the input. Randomness: fc_login_start and fc_login_input
 * take the fc_rng like every other fieldcrypt function that draws (NULL: default source).
 * Secrets (credential, password PRK, CPace/PACE state, OKM) are wiped on every failure; on
 * success only the key and the peer id remain until fc_login_wipe. Nothing allocates.
 */
#ifndef FIELDCRYPT_LOGIN_H
#define FIELDCRYPT_LOGIN_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "rng.h"
#include "pake.h"
#include "pace2017.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FC_LOGIN_VERSION 1       /* the wire version this code speaks */
#define FC_LOGIN_HEADER_LEN 5    /* version, suite, type, 2-byte length */
#define FC_LOGIN_MAX_FRAME 192   /* the largest frame, header included */
#define FC_LOGIN_MAX_PAYLOAD (FC_LOGIN_MAX_FRAME - FC_LOGIN_HEADER_LEN)  /* the largest payload */
#define FC_LOGIN_MAX_ID 32       /* a device serial or handheld name; also the CPace AD */
#define FC_LOGIN_NONCE_LEN 16    /* nonce_h, nonce_d (cpace) */
#define FC_LOGIN_CRED_LEN 32     /* device credential: PRS or K_pi */
#define FC_LOGIN_KEY_LEN 32      /* the session key */

/* Suite ids (the frame's suite byte). */
enum {
    FC_LOGIN_SUITE_CPACE = 1,      /* CPACE-X25519-SHA512 with key confirmation */
    FC_LOGIN_SUITE_PACE2017 = 2,   /* the 2017 PACE profile (compatibility only) */
    FC_LOGIN_SUITE_CPACE19119 = 3  /* CPace on Curve19119 (96-bit legacy security) */
};
/* A suite's protocol family (fc_login_suite_info.family): CPace or the 2017 profile. */
enum { FC_LOGIN_FAMILY_CPACE = 1, FC_LOGIN_FAMILY_PACE2017 = 2 };
/* A side's role (fc_login_config.role). */
enum { FC_LOGIN_DEVICE = 1, FC_LOGIN_HANDHELD = 2 };

/* Message types (the frame's type byte); the flows above say who sends each. */
enum {
    FC_LOGIN_HELLO = 0x01,       /* both families */
    FC_LOGIN_REPLY = 0x02,       /* cpace */
    FC_LOGIN_CONFIRM = 0x03,     /* cpace: handheld share and tag */
    FC_LOGIN_FINISH = 0x04,      /* cpace: the device's tag */
    FC_LOGIN_M1 = 0x11,          /* pace2017 */
    FC_LOGIN_M2 = 0x12,          /* pace2017: the handheld's message 2 */
    FC_LOGIN_M3 = 0x13,          /* pace2017: the device's message 3 */
    FC_LOGIN_M4 = 0x14,          /* pace2017: message 4 and the handheld's tag */
    FC_LOGIN_ACCEPT = 0x15,      /* pace2017: the device's tag */
    FC_LOGIN_ERROR = 0x7f        /* both families */
};

/* Login failures have their own fc_status codes (FC_LOGIN_ERR_*, status.h): one distinct code
 * per way a session can fail; fc_status_str names them. */

/* ---- wire (wire.c) ---- */

/* A suite of wire version 1 (fc_login_suite). */
typedef struct fc_login_suite_info {
    uint8_t id;          /* FC_LOGIN_SUITE_* */
    uint8_t family;      /* FC_LOGIN_FAMILY_* */
    uint8_t available;   /* 0: id reserved, the suite is not in this build */
    int cpace_suite;     /* fc_cpace_suite, family CPace only */
    const char *name;    /* "cpace", "pace2017", "cpace19119" */
} fc_login_suite_info;

/* The table entry of a suite id, NULL for an id wire version 1 does not know. */
const fc_login_suite_info *fc_login_suite(unsigned id);

/* A frame's header fields (fc_login_frame_check). */
typedef struct fc_login_header {
    uint8_t version, suite, type;
    uint16_t length;     /* payload bytes */
} fc_login_header;

/* Checks one whole frame (header fields, then frame_len == header + length) and fills hdr. */
fc_status fc_login_frame_check(fc_login_header *hdr, const uint8_t *frame, size_t frame_len);

/* Writes header + payload; FC_ERR_ARGUMENT for an unknown suite or type, FC_ERR_LENGTH for a
 * payload above FC_LOGIN_MAX_PAYLOAD or out_cap below the frame. */
fc_status fc_login_frame_encode(unsigned suite, unsigned type, uint8_t *out, size_t out_cap,
                                size_t *out_len, const uint8_t *payload, size_t payload_len);

/* Reassembler: feed chunks of any size; it stops at the end of each frame.
 * fc_login_reasm_feed consumes *used bytes of data and, when a frame is complete, points
 * *frame at it (valid until the next feed) with *frame_len > 0; else *frame_len = 0 and all of
 * data was consumed. Header errors (FC_LOGIN_ERR_VERSION, _SUITE, _TYPE, _OVERSIZED) are
 * reported as soon as the offending byte arrives and stick until fc_login_reasm_init. */
typedef struct fc_login_reasm {
    uint16_t have;       /* bytes of the current frame buffered */
    uint8_t complete;    /* buf holds a frame handed out: the next byte starts a new one */
    fc_status error;
    uint8_t buf[FC_LOGIN_MAX_FRAME];
} fc_login_reasm;

/* Empties the reassembler and clears a sticky error. */
void fc_login_reasm_init(fc_login_reasm *r);
/* Consumes data up to the end of the next frame (see fc_login_reasm above). */
fc_status fc_login_reasm_feed(fc_login_reasm *r, size_t *used, const uint8_t **frame,
                              size_t *frame_len, const uint8_t *data, size_t len);

/* ---- login ---- */

/* What fc_login_init needs: role, suite, own id and the secret. */
typedef struct fc_login_config {
    int role;                    /* FC_LOGIN_DEVICE or FC_LOGIN_HANDHELD */
    unsigned suite;              /* FC_LOGIN_SUITE_* */
    const uint8_t *secret;       /* device: FC_LOGIN_CRED_LEN credential; handheld: password */
    size_t secret_len;
    const uint8_t *id;           /* own id, 1..FC_LOGIN_MAX_ID bytes */
    size_t id_len;
    const fc_provider *provider; /* NULL: default */
    int sliced;                  /* device only: 1 runs the work through fc_login_step */
} fc_login_config;

/* One side of a login session; caller-allocated (zeroed before fc_login_init), its fields
 * private. */
typedef struct fc_login {
    uint32_t magic;
    uint8_t role, suite, family;
    uint8_t step;                /* index in the flow of the next message to receive or send */
    uint8_t state;
    uint8_t own_id_len, peer_id_len;
    fc_status status;            /* what ended a failed session */
    fc_status peer_error;        /* what the peer's ERROR frame said */
    const fc_provider *provider;
    uint8_t own_id[FC_LOGIN_MAX_ID];
    uint8_t peer_id[FC_LOGIN_MAX_ID];
    uint8_t secret[64];          /* device: credential; handheld: HKDF-Extract of the password */
    uint8_t sid[2 * FC_LOGIN_NONCE_LEN];
    uint8_t okm[64];             /* key || tag_h || tag_d */
    union {
        fc_cpace_ctx cpace;
        fc_pace2017_ctx pace;
    } proto;
    /* sliced device (fc_login_step): the stage of the work in progress, 0 if none, and what
     * CONFIRM brought (the share and tag stay here while the work runs) */
    uint8_t sliced, work;
    uint8_t peer_share[FC_CPACE_MAX_SHARE];
    uint8_t peer_tag[FC_CPACE_TAG_LEN];
    fc_job job;
} fc_login;

/* The device credential for suite (PRS or K_pi, FC_LOGIN_CRED_LEN bytes). */
fc_status fc_login_credential(const fc_provider *provider, unsigned suite, uint8_t *cred,
                              size_t cred_len, const uint8_t *password, size_t password_len,
                              const uint8_t *device_id, size_t device_id_len);

/* FC_ERR_UNSUPPORTED for a reserved suite, FC_ERR_STATE for a context still running. */
fc_status fc_login_init(fc_login *ctx, const fc_login_config *cfg);
/* Handheld: writes HELLO to send (out_cap >= FC_LOGIN_MAX_FRAME). */
fc_status fc_login_start(fc_login *ctx, const fc_rng *rng, uint8_t *out, size_t out_cap,
                         size_t *out_len);
/* One received frame in; *out_len > 0: a frame to send (the answer, or an ERROR frame with
 * the failure's status). */
fc_status fc_login_input(fc_login *ctx, const fc_rng *rng, uint8_t *out, size_t out_cap,
                         size_t *out_len, const uint8_t *frame, size_t frame_len);
/* Ends the session for reason (a negative status: FC_LOGIN_ERR_TIMEOUT, ..._CLOSED, ...) and
 * writes the ERROR frame to send if the session was running; the key is dropped. The context
 * still needs fc_login_wipe. */
fc_status fc_login_abort(fc_login *ctx, fc_status reason, uint8_t *out, size_t out_cap,
                         size_t *out_len);
/* 1 once the login has succeeded on this side (the peer confirmed), else 0. */
int fc_login_done(const fc_login *ctx);
/* FC_OK while running or done, else what ended the session; *peer_error (may be NULL) gets
 * the status the peer's ERROR frame carried, FC_OK if none. */
fc_status fc_login_error(const fc_login *ctx, fc_status *peer_error);
/* Only after fc_login_done: the peer's id and the FC_LOGIN_KEY_LEN session key. */
fc_status fc_login_result(const fc_login *ctx, uint8_t *peer_id, size_t peer_id_cap,
                          size_t *peer_id_len, uint8_t *key, size_t key_len);
/* Wipes the context (key, secrets, state); call it on every exit. */
void fc_login_wipe(fc_login *ctx);

/* ---- sliced device (engine.h) ----
 * With cfg.sliced = 1 (device role, every suite, a provider chain with sliceable SHA-512, curve
 * and map implementations, fc_job_supports: soft has them) fc_login_input does only the
 * quick part of a frame (parse, checks, random draws; for pace2017's HELLO one Salsa20 block,
 * about 10k cycles on a Cortex-M0+) and returns FC_PENDING with *out_len = 0 when curve or
 * hash work follows. The application then calls fc_login_step with a budget in engine work
 * units (modelled cycles of the target, engine.h) as often as its energy allows, until it
 * returns something other than FC_PENDING: FC_OK with the frame to send in out (*out_len > 0)
 * or the failure status, maybe with an ERROR frame to send. While work is pending
 * fc_login_input refuses frames (FC_ERR_STATE, the frame is dropped, nothing changes);
 * fc_login_abort and fc_login_wipe are always accepted. fc_login_step_clock takes a cycle
 * counter instead (fc_job_step_clock). */
fc_status fc_login_step(fc_login *ctx, uint32_t budget, uint8_t *out, size_t out_cap,
                        size_t *out_len);
/* fc_login_step with a cycle counter instead of counted work (fc_job_step_clock). */
fc_status fc_login_step_clock(fc_login *ctx, uint32_t budget, fc_cycle_counter clock,
                              void *user, uint8_t *out, size_t out_cap, size_t *out_len);
/* 1 while fc_login_step has work to do. */
int fc_login_pending(const fc_login *ctx);

#ifdef __cplusplus
}
#endif
#endif
