/* What the login service needs from a board: a byte UART, a millisecond clock, a sleep that a
 * received byte ends early, and a random source. board_nrf51.c (micro:bit) and board_mps2.c
 * (MPS2-AN386) implement it for the QEMU machines; everything else is board-independent. */
#ifndef FW_BOARD_H
#define FW_BOARD_H

#include <stddef.h>
#include <stdint.h>

void board_init(void);
const char *board_name(void);
/* 1 when board_random is a hardware TRNG, 0 for a demo source that must not be trusted. */
int board_random_is_secure(void);

int board_uart_getc(void);                          /* the next received byte, or -1 */
void board_uart_write(const uint8_t *p, size_t n);  /* blocking */

/* Monotonic milliseconds since boot; wraps after 49 days, so only differences are compared. */
uint32_t board_ms(void);
/* Sleeps (WFI) until a byte has arrived or about ms milliseconds (at most 1000) have passed.
 * May return early: callers re-check what they wait for. */
void board_sleep(uint32_t ms);

/* fc_rng_fill_fn: 0 on success. */
int board_random(void *user, uint8_t *out, size_t len);

void board_reset(void) __attribute__((noreturn));

/* Flash of the update slot (config.h's layout). board_flash_erase sets one FW_FLASH_PAGE page
 * (addr page-aligned) to 0xFF; board_flash_write programs n bytes (addr and n multiples of 4)
 * into erased flash. Both return 0, or -1 for an address outside the secondary slot. The
 * nRF51 does it through its NVMC (the CPU stalls while a word or page is programmed); the
 * MPS2's "flash" is QEMU's RAM-backed SSRAM, written directly. */
int board_flash_erase(uint32_t addr);
int board_flash_write(uint32_t addr, const uint8_t *p, size_t n);

#endif
