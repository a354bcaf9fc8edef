/* Password-authenticated key exchange: CPace (draft-irtf-cfrg-cpace-21).
 *
 * Suite FC_CPACE_X25519_SHA512 is CPACE-X25519-SHA512 exactly as the draft specifies
 * (generator_string with LEB128 lv_cat and zero padding, the Elligator2 map, X25519 with abort
 * on the identity, initiator-responder or symmetric transcript, ISK, sid_output). Optional key
 * confirmation uses the draft's suggested construction:
 *   mac_key = SHA-512("CPaceMac" || sid || ISK)
 *   T_own   = HMAC-SHA-512(mac_key, lv_cat(Y_own, AD_own)), 64 bytes, checked in constant time.
 *
 * One side, in order:
 *   fc_cpace_start    samples the scalar from rng and writes this side's share Y
 *   (send Y and AD; receive the peer's)
 *   fc_cpace_receive  takes the peer's share and AD; derives ISK (and the tags when confirming)
 *   fc_cpace_tag      this side's confirmation tag, to send           (confirmation only)
 *   fc_cpace_verify   checks the peer's tag                           (confirmation only)
 *   fc_cpace_isk      releases ISK: after receive, or after a successful verify when confirming
 *   fc_cpace_sid_output  the draft's sid_output = SHA-512("CPaceSidOutput" || transcript)
 * A call out of this order returns FC_ERR_STATE and changes nothing; so do NULL pointers
 * (FC_ERR_NULL) and wrong lengths (FC_ERR_LENGTH). A peer message that fails a protocol check
 * ends the session: low-order share (FC_ERR_ZERO_SHARED), reflected share (FC_ERR_PROTOCOL),
 * wrong tag (FC_ERR_VERIFY). The context is then wiped and only fc_cpace_wipe or a new
 * fc_cpace_start is accepted; no key is ever released from it.
 *
 * Secrets (scalar, K, ISK, mac_key) live only in the context and are wiped on every exit path:
 * K and the scalar as soon as ISK exists, everything by fc_cpace_wipe and on failure.
 * Randomness: tests reproduce the draft's vectors by passing an fc_rng that returns the
 * vector's scalar; there is no other way to set the scalar.
 */
#ifndef FIELDCRYPT_PAKE_H
#define FIELDCRYPT_PAKE_H

#include <stddef.h>
#include <stdint.h>
#include "config.h"
#include "status.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A CPace suite: the curve, the map and the hash. */
typedef enum fc_cpace_suite {
    FC_CPACE_X25519_SHA512 = 1,   /* CPACE-X25519-SHA512, DSI "CPace255" */
    /* 96-bit legacy security, not standardized, fieldcrypt's own suite, for devices that
     * speak Curve19119 (xdh.h): the draft's construction with X19119 in place of X25519.
     * DSI "CPace19119", DSI_ISK "CPace19119_ISK", SHA-512, s_in_bytes 128,
     * field_size_bytes 24, field_size_bits 191, G.I = 24 zero bytes; the generator is
     * SHA-512(generator_string) truncated to 24 bytes, then FC_ELLIGATOR2_CURVE19119 (which
     * masks bit 191). Shares and scalars are 24 bytes. Needs FC_WITH_X19119. */
    FC_CPACE_X19119_SHA512 = 2
} fc_cpace_suite;

/* Which side of the exchange a context is. */
typedef enum fc_cpace_role {
    FC_CPACE_INITIATOR = 1,       /* initiator-responder mode, side A */
    FC_CPACE_RESPONDER = 2,       /* initiator-responder mode, side B */
    FC_CPACE_SYMMETRIC = 3        /* symmetric mode (o_cat transcript) */
} fc_cpace_role;

#define FC_CPACE_MAX_SHARE 32   /* the largest suite's share (X25519); X19119 uses 24 */
#define FC_CPACE_ISK_LEN 64      /* the intermediate session key ISK (SHA-512) */
#define FC_CPACE_TAG_LEN 64      /* a confirmation tag (HMAC-SHA-512) */

/* The inputs of fc_cpace_start; the strings are copied or hashed at start. */
typedef struct fc_cpace_params {
    fc_cpace_suite suite;
    fc_cpace_role role;
    const uint8_t *prs;          /* password-related string */
    size_t prs_len;
    const uint8_t *ci;           /* channel identifier (may be empty) */
    size_t ci_len;
    const uint8_t *sid;          /* session id, at most FC_CPACE_MAX_SID bytes (may be empty) */
    size_t sid_len;
    const uint8_t *ad;           /* this side's associated data, at most FC_CPACE_MAX_AD bytes */
    size_t ad_len;
    int confirm;                 /* 1: key confirmation with tags; 0: implicit authentication */
    const fc_provider *provider; /* NULL: default */
} fc_cpace_params;

/* One side of a CPace exchange; caller-allocated (zeroed before fc_cpace_start), its
 * fields private. */
typedef struct fc_cpace_ctx {
    uint32_t magic;
    uint8_t state, suite, role, confirm;
    const fc_provider *provider;
    uint8_t scalar[FC_CPACE_MAX_SHARE];
    uint8_t share[FC_CPACE_MAX_SHARE];         /* own Y */
    uint8_t sid[FC_CPACE_MAX_SID];
    uint8_t ad[FC_CPACE_MAX_AD];               /* own AD */
    uint8_t sid_len, ad_len;
    uint8_t isk[FC_CPACE_ISK_LEN];
    uint8_t sid_output[64];
    uint8_t own_tag[FC_CPACE_TAG_LEN];
    uint8_t peer_tag[FC_CPACE_TAG_LEN];        /* the tag the peer must send */
} fc_cpace_ctx;

/* Length of the shares (and scalars) of a suite, 0 for an unknown suite. */
size_t fc_cpace_share_len(fc_cpace_suite suite);

/* Draws the scalar from rng (NULL: the default source) and writes this side's share
 * (fc_cpace_share_len bytes). */
fc_status fc_cpace_start(fc_cpace_ctx *ctx, const fc_cpace_params *params, const fc_rng *rng,
                         uint8_t *share, size_t share_len);
/* Takes the peer's share and AD and derives ISK (and the tags when confirming). */
fc_status fc_cpace_receive(fc_cpace_ctx *ctx, const uint8_t *peer_share, size_t peer_share_len,
                           const uint8_t *peer_ad, size_t peer_ad_len);
/* This side's confirmation tag to send (FC_CPACE_TAG_LEN bytes; confirm only). */
fc_status fc_cpace_tag(fc_cpace_ctx *ctx, uint8_t *tag, size_t tag_len);
/* Checks the peer's tag in constant time; FC_ERR_VERIFY ends the session (confirm only). */
fc_status fc_cpace_verify(fc_cpace_ctx *ctx, const uint8_t *peer_tag, size_t peer_tag_len);
/* Releases ISK (FC_CPACE_ISK_LEN bytes): after receive, or after a successful verify when
 * confirming. */
fc_status fc_cpace_isk(fc_cpace_ctx *ctx, uint8_t *isk, size_t isk_len);
/* The draft's sid_output (64 bytes), after receive. */
fc_status fc_cpace_sid_output(fc_cpace_ctx *ctx, uint8_t *out, size_t out_len);
/* Wipes the context (scalar, ISK, tags); call it on every exit. */
void fc_cpace_wipe(fc_cpace_ctx *ctx);

/* The generator g of a suite: calculate_generator(H, PRS, CI, sid) of the draft. */
fc_status fc_cpace_generator(const fc_provider *provider, fc_cpace_suite suite, uint8_t *g,
                             size_t g_len, const uint8_t *prs, size_t prs_len, const uint8_t *ci,
                             size_t ci_len, const uint8_t *sid, size_t sid_len);

#ifdef __cplusplus
}
#endif
#endif
