/* The login service: frames from the UART, one device login at a time (fieldcrypt's
 * fc_login_*, suite cpace), and the defences around it: resynchronisation after garbage, a
 * session timeout, and the back-off after failed logins (config.h, firmware/README.md). */
#ifndef FW_SERVICE_H
#define FW_SERVICE_H

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

#endif
