/* Board support of the bare-metal benchmark images (targets/): markers, semihosting output
 * and exit. The same image runs in fieldcrypt's Unicorn runner (python/fieldcrypt/mcusim.py),
 * in QEMU with -semihosting-config enable=on,target=native, and on a board under a debugger
 * with semihosting enabled (for silicon cycle counts, make bench_mark read SysTick or
 * DWT->CYCCNT instead). */
#ifndef FC_TARGET_BOARD_H
#define FC_TARGET_BOARD_H

#include <stdint.h>

/* The runner snapshots its counters whenever this function is entered. Regions: an odd id
 * opens region id, id + 1 closes it; a region entered several times is summed. Region 1 -> 2
 * is left empty by every image: the runner subtracts it as the marker overhead. */
void bench_mark(uint32_t id);

void board_puts(const char *s);                       /* semihosting SYS_WRITE0 */
void board_putu(uint32_t v);                          /* decimal, no newline */
void board_puthex(const void *p, unsigned n);         /* hex and a newline */
void board_exit(int code) __attribute__((noreturn));  /* semihosting SYS_EXIT: 0 ok, else 1 */

#endif
