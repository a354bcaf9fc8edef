/* The UART carries three services; the first byte of a frame says which (firmware/README.md,
 * "The UART protocol"):
 *
 *   0x01  login    fieldcrypt's login frames (login.h: version 1 || suite || type || len16)
 *   0x02  pairing  LE Secure Connections, Numeric Comparison (pairing.c)
 *   0x03  update   a signed MCUboot image into the secondary slot (update.c)
 *
 * Pairing and update frames: service || type || payload length (16 bits, big-endian) ||
 * payload, at most FW_FRAME_MAX_PAYLOAD bytes. Type 0x7F is ERROR in both, its payload the
 * fc_status that ended the exchange (signed 16 bits, big-endian), as the login's. Any other
 * first byte is handed to the login's reassembler, which refuses it as before
 * (FC_LOGIN_ERR_VERSION), so garbage is answered the same way whatever it starts with. */
#ifndef FW_FRAMES_H
#define FW_FRAMES_H

#include <stddef.h>
#include <stdint.h>

#include <fieldcrypt/status.h>

#define FW_SVC_LOGIN 0x01
#define FW_SVC_PAIR 0x02
#define FW_SVC_UPDATE 0x03

#define FW_FRAME_HEADER 4
#define FW_FRAME_MAX_PAYLOAD 260 /* an update chunk: offset (4) || 256 bytes */
#define FW_FRAME_ERROR 0x7F

/* pairing (device = responder B, handheld = initiator A) */
#define FW_PAIR_PUBLIC_KEY 0x01 /* A -> B: PKa (X || Y, 64) || address A (7) || IOcap A (3) */
#define FW_PAIR_KEY_CONFIRM 0x02 /* B -> A: PKb (64) || Cb (16) || address B (7) || IOcap B (3) */
#define FW_PAIR_RANDOM 0x03      /* A -> B: Na (16); B -> A: Nb (16) */
#define FW_PAIR_DHKEY_CHECK 0x04 /* A -> B: Ea (16); B -> A: Eb (16) */

/* update */
#define FW_UPD_BEGIN 0x01 /* H -> D: image length (4, big-endian) */
#define FW_UPD_DATA 0x02  /* H -> D: offset (4) || 1..256 bytes; offsets in order */
#define FW_UPD_END 0x03   /* H -> D: all sent; the device checks, then marks the slot */
#define FW_UPD_ACK 0x10   /* D -> H: the next offset expected (4) */
#define FW_UPD_DONE 0x11  /* D -> H: checked and marked: the version, major, minor,
                           * revision (2), build (4) */
#define FW_UPD_CHUNK 256

/* Sends one frame of a service (service.c). */
void fw_send_frame(uint8_t service, uint8_t type, const uint8_t *payload, size_t len);
/* Sends a service's ERROR frame. */
void fw_send_error(uint8_t service, fc_status st);

/* Where the Unicorn runner starts and stops its counters (service.c): odd id opens a region. */
void bench_mark(uint32_t id);
enum { MARK_EMPTY = 1, MARK_LOGIN_WORK = 3, MARK_PAIR_KEYPAIR = 5, MARK_PAIR_DHKEY = 7,
       MARK_UPDATE_CHECK = 9, MARK_PAIR_CMAC = 11 };

static inline void fw_put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static inline uint32_t fw_get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

#endif
