/* The UART's services (frames.h): the login, one device login at a time (fieldcrypt's
 * fc_login_*, suite cpace), and the defences around it: resynchronisation after garbage, a
 * session timeout, and the back-off after failed logins (config.h, firmware/README.md); and
 * beside it the pairing (pairing.c) and the firmware update (update.c), to which service.c
 * hands their frames by the first byte. */
#ifndef FW_SERVICE_H
#define FW_SERVICE_H

#include <stddef.h>
#include <stdint.h>

#include "provision.h"

/* rec NULL: the device is not provisioned and refuses every login. */
void svc_init(const fw_record *rec);
/* One received byte; may run a whole protocol step (unsliced) and answer. */
void svc_rx(uint8_t byte, uint32_t now_ms);
/* Timers, and one slice of pending login work. */
void svc_poll(uint32_t now_ms);
/* 1 while login work is pending: the caller yields, then polls again, without sleeping. */
int svc_busy(void);
/* How long the board may sleep before svc_poll is due (when no byte arrives). */
uint32_t svc_idle_ms(uint32_t now_ms);

/* pairing.c: one LE Secure Connections pairing at a time. pair_busy: DHKey slices pending;
 * pair_deadline: 1 and the time when a timeout is armed. */
void pair_frame(uint8_t type, const uint8_t *payload, size_t len, uint32_t now_ms);
void pair_poll(uint32_t now_ms);
int pair_busy(void);
int pair_deadline(uint32_t *t);

/* update.c: one firmware update at a time; update_init logs the slot's state at boot. */
void update_init(void);
void update_frame(uint8_t type, const uint8_t *payload, size_t len, uint32_t now_ms);
void update_poll(uint32_t now_ms);
int update_busy(void);
int update_deadline(uint32_t *t);

#endif
