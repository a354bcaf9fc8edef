/* The 2017 PACE profile (Haase and Labrique, CHES 2017, Figure 1): COMPATIBILITY ONLY.
 * Prefer CPace (pake.h), its standardised successor: the profile below has no associated data,
 * no session id and no transcript in its key, and the paper leaves parts open that fieldcrypt
 * had to define (marked "fieldcrypt:").
 *
 * Roles: the device (the paper's server, Alice) and the handheld (client, Bob).
 *   fieldcrypt: K_pi = HKDF-SHA-512(IKM = password, salt = "fieldcrypt PACE2017 K_pi v1",
 *               info = device identity (may be empty), 32 bytes). A device stores K_pi, never the
 *               password.
 *   M1 device -> handheld  n (8) || z (16)           s: 16 random bytes, n: 8 random bytes,
 *                                                     z = s XOR Salsa20/20(key K_pi, nonce n)[0..15]
 *   M2 handheld -> device  t (16) || Y_B (32)        t: 16 random bytes, s = z XOR Salsa20(K_pi, n)
 *   M3 device -> handheld  Y_A (32) || T_A (16)
 *   M4 handheld -> device  T_B (16)
 *   G   = Elligator2(SHA-512(s || t)[0..31] with bit 255 cleared)   (the bare RFC 9380 map)
 *   Y_X = X25519(y_X, G);  K = X25519(y_A, Y_B) = X25519(y_B, Y_A), abort if all zero
 *   K_H = SHA-512(K);  T_A = K_H[32..47];  T_B = K_H[48..63];  key = K_H[0..31]
 *   fieldcrypt: message order and sizes as above (the handheld sends t with Y_B, the device Y_A
 *   with T_A, so the login takes two round trips); Y_A == Y_B is refused as a reflection.
 *
 * Lifecycle, failures and wiping as in pake.h: out-of-order calls return FC_ERR_STATE and change
 * nothing; a wrong tag (FC_ERR_VERIFY), a low-order share (FC_ERR_ZERO_SHARED) or a reflected share
 * (FC_ERR_PROTOCOL) ends the run, wipes the context and releases no key.
 */
#ifndef FIELDCRYPT_PACE2017_H
#define FIELDCRYPT_PACE2017_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Lengths in bytes: the password key K_pi, the four messages, the session key. */
#define FC_PACE2017_KPI_LEN 32
#define FC_PACE2017_MSG1_LEN 24
#define FC_PACE2017_MSG2_LEN 48
#define FC_PACE2017_MSG3_LEN 48
#define FC_PACE2017_MSG4_LEN 16
#define FC_PACE2017_KEY_LEN 32

/* One side of the 2017 profile; caller-allocated (zeroed before the start call), its
 * fields private. */
typedef struct fc_pace2017_ctx {
    uint32_t magic;
    uint8_t state, role;
    const fc_provider *provider;
    uint8_t kpi[32];
    uint8_t s[16];           /* device: its secret s; handheld: s decrypted from M1 */
    uint8_t scalar[32];      /* y_A or y_B */
    uint8_t share[32];       /* own Y */
    uint8_t expect_tag[16];  /* the tag the peer must send */
    uint8_t key[32];
} fc_pace2017_ctx;

/* K_pi from the password and the device id (HKDF-SHA-512, the construction above); stored
 * by the device at provisioning, computed by the handheld from the typed password. */
fc_status fc_pace2017_derive_kpi(const fc_provider *provider, uint8_t kpi[FC_PACE2017_KPI_LEN],
                                 const uint8_t *password, size_t password_len,
                                 const uint8_t *device_id, size_t device_id_len);

/* device */
/* device: M1 from a fresh s masked under K_pi */
fc_status fc_pace2017_device_start(fc_pace2017_ctx *ctx, const fc_provider *provider,
                                   const fc_rng *rng, uint8_t *msg1, size_t msg1_len,
                                   const uint8_t kpi[FC_PACE2017_KPI_LEN]);
/* device: M3 from M2 */
fc_status fc_pace2017_device_respond(fc_pace2017_ctx *ctx, uint8_t *msg3, size_t msg3_len,
                                     const uint8_t *msg2, size_t msg2_len);
/* device: checks M4, the handheld's tag */
fc_status fc_pace2017_device_finish(fc_pace2017_ctx *ctx, const uint8_t *msg4, size_t msg4_len);

/* handheld */
/* handheld: M2 from M1 and K_pi */
fc_status fc_pace2017_handheld_start(fc_pace2017_ctx *ctx, const fc_provider *provider,
                                     const fc_rng *rng, uint8_t *msg2, size_t msg2_len,
                                     const uint8_t kpi[FC_PACE2017_KPI_LEN], const uint8_t *msg1,
                                     size_t msg1_len);
/* handheld: M4 from M3 (checks the device's share) */
fc_status fc_pace2017_handheld_finish(fc_pace2017_ctx *ctx, uint8_t *msg4, size_t msg4_len,
                                      const uint8_t *msg3, size_t msg3_len);

/* The 32-byte session key, once the peer's tag has been verified. */
fc_status fc_pace2017_session_key(fc_pace2017_ctx *ctx, uint8_t *key, size_t key_len);
/* Wipes the context; call it on every exit. */
void fc_pace2017_wipe(fc_pace2017_ctx *ctx);

#ifdef __cplusplus
}
#endif
#endif
