/* BBC micro:bit v1 (nRF51822, Cortex-M0) as QEMU 7.2's `microbit` machine models it: UART0,
 * RNG and TIMER0 are modelled; there is no RTC, no watchdog and no clock control (the CLOCK
 * block is a stub). Register offsets: nRF51 Series Reference Manual v3.0. Interrupts are never
 * taken (PRIMASK stays set): an enabled interrupt only ends a WFI, so there are no handlers.
 * On silicon, TIMER0 runs from the internal HF oscillator without any CLOCK set-up; a low-power
 * product would use RTC0 on the 32 kHz clock for its time base instead. */
#include "board.h"

#include "config.h"

#define UART0 0x40002000u
#define TIMER0 0x40008000u
#define RNG 0x4000D000u
#define NVIC_ISER 0xE000E100u
#define NVIC_ICPR 0xE000E280u
#define SCB_AIRCR 0xE000ED0Cu
#define NVMC 0x4001E000u
#define REG(addr) (*(volatile uint32_t *)(addr))

/* UART0 */
#define UART_STARTRX (UART0 + 0x000)
#define UART_STARTTX (UART0 + 0x008)
#define UART_RXDRDY (UART0 + 0x108)
#define UART_TXDRDY (UART0 + 0x11C)
#define UART_INTENSET (UART0 + 0x304)
#define UART_ENABLE (UART0 + 0x500)
#define UART_PSELTXD (UART0 + 0x50C)
#define UART_PSELRXD (UART0 + 0x514)
#define UART_RXD (UART0 + 0x518)
#define UART_TXD (UART0 + 0x51C)
#define UART_BAUDRATE (UART0 + 0x524)
#define UART_IRQ 2u

/* TIMER0: 32-bit timer at 1 MHz; CC[0] reads the count, CC[1] is the wake-up compare */
#define TIMER_START (TIMER0 + 0x000)
#define TIMER_CLEAR (TIMER0 + 0x00C)
#define TIMER_CAPTURE0 (TIMER0 + 0x040)
#define TIMER_COMPARE1 (TIMER0 + 0x144)
#define TIMER_INTENSET (TIMER0 + 0x304)
#define TIMER_INTENCLR (TIMER0 + 0x308)
#define TIMER_MODE (TIMER0 + 0x504)
#define TIMER_BITMODE (TIMER0 + 0x508)
#define TIMER_PRESCALER (TIMER0 + 0x510)
#define TIMER_CC0 (TIMER0 + 0x540)
#define TIMER_CC1 (TIMER0 + 0x544)
#define TIMER_INT_COMPARE1 (1u << 17)
#define TIMER_IRQ 8u

/* RNG: one byte per VALRDY; QEMU fills it from the host's random source */
#define RNG_START (RNG + 0x000)
#define RNG_VALRDY (RNG + 0x100)
#define RNG_SHORTS (RNG + 0x200)
#define RNG_INTENSET (RNG + 0x304)
#define RNG_CONFIG (RNG + 0x504)
#define RNG_VALUE (RNG + 0x508)
#define RNG_IRQ 13u
/* A byte takes well under a millisecond (660 us of virtual time in QEMU). The limit only keeps
 * a dead RNG from hanging the device: generous, because under QEMU a loaded host can delay the
 * RNG model's timer while TIMER0, read directly, already shows the time as passed. */
#define RNG_BYTE_TIMEOUT_US 500000u

void board_init(void)
{
    __asm__ volatile("cpsid i" ::: "memory");
    REG(UART_PSELTXD) = 24; /* micro:bit v1: TX on P0.24, RX on P0.25 */
    REG(UART_PSELRXD) = 25;
    REG(UART_BAUDRATE) = 0x01D7E000; /* 115200 baud */
    REG(UART_ENABLE) = 4;
    REG(UART_STARTTX) = 1;
    REG(UART_STARTRX) = 1;
    REG(UART_INTENSET) = 1u << 2; /* RXDRDY: a received byte ends a WFI */

    REG(TIMER_MODE) = 0;      /* timer */
    REG(TIMER_BITMODE) = 3;   /* 32 bits */
    REG(TIMER_PRESCALER) = 4; /* 16 MHz / 2^4 = 1 MHz */
    REG(TIMER_CLEAR) = 1;
    REG(TIMER_START) = 1;

    REG(RNG_CONFIG) = 1; /* bias correction: a crypto source needs it */
    REG(RNG_SHORTS) = 1; /* stop after each value, so no byte is ever read twice */
    REG(RNG_INTENSET) = 1; /* VALRDY ends a WFI */

    REG(NVIC_ISER) = (1u << UART_IRQ) | (1u << TIMER_IRQ) | (1u << RNG_IRQ);
}

const char *board_name(void)
{
    return "micro:bit (nRF51822, Cortex-M0)";
}

int board_random_is_secure(void)
{
    return 1;
}

int board_uart_getc(void)
{
    if (!REG(UART_RXDRDY))
        return -1;
    REG(UART_RXDRDY) = 0; /* clear the event before reading: QEMU raises it again if more wait */
    return (int)(REG(UART_RXD) & 0xff);
}

void board_uart_write(const uint8_t *p, size_t n)
{
    while (n--) {
        REG(UART_TXDRDY) = 0;
        REG(UART_TXD) = *p++;
        while (!REG(UART_TXDRDY)) {
        }
    }
}

static uint32_t now_us(void)
{
    REG(TIMER_CAPTURE0) = 1;
    return REG(TIMER_CC0);
}

uint32_t board_ms(void)
{
    /* the 32-bit microsecond count wraps every 71 minutes; the loop calls this far more often */
    static uint32_t last, frac, ms;
    uint32_t t = now_us();
    frac += t - last;
    last = t;
    ms += frac / 1000u;
    frac %= 1000u;
    return ms;
}

/* Sleeps until the event register reads non-zero or timeout_us have passed; returns the
 * event. The event's interrupt and TIMER0's compare 1 both end a WFI (no handler runs: PRIMASK
 * is set). Sleeping rather than polling also lets QEMU run the peripheral models' timers. */
static uint32_t wait_event(uint32_t event, uint32_t irq, uint32_t timeout_us)
{
    uint32_t t0 = now_us();
    REG(TIMER_COMPARE1) = 0;
    REG(TIMER_CC1) = t0 + timeout_us;
    REG(TIMER_INTENSET) = TIMER_INT_COMPARE1;
    for (;;) {
        /* clear stale pending bits, then look: an event that comes after the look pends its
         * interrupt again, and WFI returns at once */
        REG(NVIC_ICPR) = (1u << irq) | (1u << TIMER_IRQ);
        if (REG(event) || REG(TIMER_COMPARE1) || now_us() - t0 >= timeout_us)
            break;
        __asm__ volatile("wfi" ::: "memory");
    }
    REG(TIMER_INTENCLR) = TIMER_INT_COMPARE1;
    REG(TIMER_COMPARE1) = 0;
    return REG(event);
}

void board_sleep(uint32_t ms)
{
    if (ms > 0)
        (void)wait_event(UART_RXDRDY, UART_IRQ, (ms < 1000u ? ms : 1000u) * 1000u);
}

int board_random(void *user, uint8_t *out, size_t len)
{
    (void)user;
    while (len--) {
        REG(RNG_VALRDY) = 0;
        REG(RNG_START) = 1;
        if (!wait_event(RNG_VALRDY, RNG_IRQ, RNG_BYTE_TIMEOUT_US))
            return -1; /* a dead RNG fails the login (FC_ERR_RNG_FAILED), never hangs it */
        *out++ = (uint8_t)REG(RNG_VALUE);
    }
    return 0;
}

/* NVMC: CONFIG selects read-only (0), write (1) or erase (2); READY reads 1 when the last
 * operation has finished (nRF51 RM v3.0, 6). QEMU 7.2 models it: a write ANDs into the flash,
 * ERASEPAGE fills the page with 0xFF. */
#define NVMC_READY (NVMC + 0x400)
#define NVMC_CONFIG (NVMC + 0x504)
#define NVMC_ERASEPAGE (NVMC + 0x508)

static int in_slot1(uint32_t addr, size_t n)
{
    return addr >= FW_SLOT1_ADDR && n <= FW_SLOT_SIZE && addr - FW_SLOT1_ADDR <= FW_SLOT_SIZE - n;
}

static void nvmc_wait(void)
{
    while (!REG(NVMC_READY)) {
    }
}

int board_flash_erase(uint32_t addr)
{
    if (addr % FW_FLASH_PAGE != 0 || !in_slot1(addr, FW_FLASH_PAGE))
        return -1;
    REG(NVMC_CONFIG) = 2;
    nvmc_wait();
    REG(NVMC_ERASEPAGE) = addr;
    nvmc_wait();
    REG(NVMC_CONFIG) = 0;
    nvmc_wait();
    return 0;
}

int board_flash_write(uint32_t addr, const uint8_t *p, size_t n)
{
    size_t i;
    if (addr % 4 != 0 || n % 4 != 0 || !in_slot1(addr, n))
        return -1;
    REG(NVMC_CONFIG) = 1;
    nvmc_wait();
    for (i = 0; i < n; i += 4) {
        REG(addr + i) = (uint32_t)p[i] | (uint32_t)p[i + 1] << 8 | (uint32_t)p[i + 2] << 16 |
                        (uint32_t)p[i + 3] << 24;
        nvmc_wait();
    }
    REG(NVMC_CONFIG) = 0;
    nvmc_wait();
    return 0;
}

void board_reset(void)
{
    __asm__ volatile("dsb" ::: "memory");
    REG(SCB_AIRCR) = 0x05FA0004u; /* VECTKEY | SYSRESETREQ */
    for (;;) {
    }
}
