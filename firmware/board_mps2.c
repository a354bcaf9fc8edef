/* MPS2-AN386 (Cortex-M4) as QEMU 7.2 models it: CMSDK APB UART0 and timers at a 25 MHz
 * peripheral clock. The portability demo of the same firmware: this board has no random
 * number generator, so board_random is a demo source (below) that is NOT secure. */
#include "board.h"

#include <fieldcrypt/ct.h>
#include <fieldcrypt/hash.h>

#include "config.h"
#include "provision.h"

#define UART0 0x40004000u
#define TIMER0 0x40000000u /* free-running time base */
#define TIMER1 0x40001000u /* wake-up for board_sleep */
#define NVIC_ISER 0xE000E100u
#define NVIC_ICPR 0xE000E280u
#define SCB_AIRCR 0xE000ED0Cu
#define REG(addr) (*(volatile uint32_t *)(addr))

#define UART_DATA (UART0 + 0x00)
#define UART_STATE (UART0 + 0x04) /* bit 0 TX full, bit 1 RX full */
#define UART_CTRL (UART0 + 0x08)
#define UART_INTCLEAR (UART0 + 0x0C)
#define UART_BAUDDIV (UART0 + 0x10)
#define UART_RX_IRQ 0u

#define TIMER_CTRL 0x00 /* bit 0 enable, bit 3 interrupt enable */
#define TIMER_VALUE 0x04
#define TIMER_RELOAD 0x08
#define TIMER_INTCLEAR 0x0C
#define TIMER1_IRQ 9u
#define TICKS_PER_MS 25000u

void board_init(void)
{
    __asm__ volatile("cpsid i" ::: "memory");
    REG(UART_BAUDDIV) = 217;   /* 25 MHz / 217 = 115200 baud (QEMU wants at least 16) */
    REG(UART_CTRL) = 1 | 2 | 8; /* TX, RX, RX interrupt: a received byte ends a WFI */
    REG(TIMER0 + TIMER_RELOAD) = 0xFFFFFFFFu;
    REG(TIMER0 + TIMER_VALUE) = 0xFFFFFFFFu;
    REG(TIMER0 + TIMER_CTRL) = 1;
    REG(NVIC_ISER) = (1u << UART_RX_IRQ) | (1u << TIMER1_IRQ);
}

const char *board_name(void)
{
    return "MPS2-AN386 (Cortex-M4)";
}

int board_random_is_secure(void)
{
    return 0;
}

int board_uart_getc(void)
{
    if (!(REG(UART_STATE) & 2u))
        return -1;
    return (int)(REG(UART_DATA) & 0xff);
}

void board_uart_write(const uint8_t *p, size_t n)
{
    while (n--) {
        while (REG(UART_STATE) & 1u) {
        }
        REG(UART_DATA) = *p++;
    }
}

uint32_t board_ms(void)
{
    /* TIMER0 counts down from 2^32 - 1 and wraps every 171 s; the loop calls this far more
     * often than that */
    static uint32_t last = 0xFFFFFFFFu, frac, ms;
    uint32_t t = REG(TIMER0 + TIMER_VALUE);
    frac += last - t;
    last = t;
    ms += frac / TICKS_PER_MS;
    frac %= TICKS_PER_MS;
    return ms;
}

void board_sleep(uint32_t ms)
{
    if (ms == 0)
        return;
    if (ms > 1000u)
        ms = 1000u;
    REG(TIMER1 + TIMER_CTRL) = 0;
    REG(TIMER1 + TIMER_INTCLEAR) = 1;
    REG(TIMER1 + TIMER_RELOAD) = ms * TICKS_PER_MS;
    REG(TIMER1 + TIMER_VALUE) = ms * TICKS_PER_MS;
    REG(TIMER1 + TIMER_CTRL) = 1 | 8;
    /* clear stale pending bits and the UART's RX interrupt, then look: a byte that comes
     * after the look raises it again, and WFI returns at once */
    REG(UART_INTCLEAR) = 2;
    REG(NVIC_ICPR) = (1u << UART_RX_IRQ) | (1u << TIMER1_IRQ);
    if (!(REG(UART_STATE) & 2u))
        __asm__ volatile("wfi" ::: "memory");
    REG(TIMER1 + TIMER_CTRL) = 0;
    REG(TIMER1 + TIMER_INTCLEAR) = 1;
}

/* NOT a secure random source: block i = SHA-256(seed || i || TIMER0), where the seed is the
 * provisioning record's (readable by anyone with the flash) and the timer adds only the jitter
 * of when a login arrives. It exists so the portability demo can run CPace at all; a product
 * on a chip without a TRNG needs an external one or a seeded DRBG with real entropy. */
int board_random(void *user, uint8_t *out, size_t len)
{
    static uint32_t counter;
    const fw_record *rec = fw_record_get();
    uint8_t msg[sizeof rec->seed + 8], block[FC_SHA256_LEN];
    int bad = rec == 0;
    (void)user;
    while (!bad && len > 0) {
        uint32_t t = REG(TIMER0 + TIMER_VALUE);
        size_t n = len < sizeof block ? len : sizeof block, i;
        for (i = 0; i < sizeof rec->seed; i++)
            msg[i] = rec->seed[i];
        for (i = 0; i < 4; i++) {
            msg[sizeof rec->seed + i] = (uint8_t)(counter >> (8 * i));
            msg[sizeof rec->seed + 4 + i] = (uint8_t)(t >> (8 * i));
        }
        counter++;
        bad = fc_hash(NULL, FC_SHA256, block, FC_SHA256_LEN, msg, sizeof msg) != FC_OK;
        for (i = 0; i < n && !bad; i++)
            out[i] = block[i];
        out += n;
        len -= n;
    }
    fc_zeroize(msg, sizeof msg);
    fc_zeroize(block, sizeof block);
    return bad ? -1 : 0;
}

/* QEMU's MPS2-AN386 maps 4 MiB of SSRAM at 0x0 where the image runs: RAM-backed and writable,
 * there is no flash controller. The update slot lives there at the micro:bit's addresses and
 * is written with plain stores (an erased page is 0xFF, as on flash). It does not survive
 * QEMU's exit, and a reset reloads only the image's own sections. */
static int in_slot1(uint32_t addr, size_t n)
{
    return addr >= FW_SLOT1_ADDR && n <= FW_SLOT_SIZE && addr - FW_SLOT1_ADDR <= FW_SLOT_SIZE - n;
}

int board_flash_erase(uint32_t addr)
{
    uint32_t i;
    if (addr % FW_FLASH_PAGE != 0 || !in_slot1(addr, FW_FLASH_PAGE))
        return -1;
    for (i = 0; i < FW_FLASH_PAGE; i += 4)
        REG(addr + i) = 0xFFFFFFFFu;
    return 0;
}

int board_flash_write(uint32_t addr, const uint8_t *p, size_t n)
{
    size_t i;
    if (addr % 4 != 0 || n % 4 != 0 || !in_slot1(addr, n))
        return -1;
    for (i = 0; i < n; i += 4)
        REG(addr + i) &= (uint32_t)p[i] | (uint32_t)p[i + 1] << 8 | (uint32_t)p[i + 2] << 16 |
                         (uint32_t)p[i + 3] << 24; /* as flash: a write only clears bits */
    return 0;
}

void board_reset(void)
{
    __asm__ volatile("dsb" ::: "memory");
    REG(SCB_AIRCR) = 0x05FA0004u; /* VECTKEY | SYSRESETREQ */
    for (;;) {
    }
}
