/* Markers and semihosting for the benchmark images (see board.h). */
#include "board.h"

#if defined(__arm__)
static int semihost(int op, const void *arg)
{
    register int r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}
#elif defined(__riscv)
static int semihost(int op, const void *arg)
{
    register long a0 __asm__("a0") = op;
    register long a1 __asm__("a1") = (long)arg;
    /* the RISC-V semihosting trap: uncompressed, in one aligned 16-byte group */
    __asm__ volatile(".option push\n.option norvc\n.balign 16\n"
                     "slli x0, x0, 0x1f\nebreak\nsrai x0, x0, 7\n.option pop"
                     : "+r"(a0) : "r"(a1) : "memory");
    return (int)a0;
}
#else
#error "targets/board.c: ARM or RISC-V only"
#endif

#define SYS_WRITE0 0x04
#define SYS_EXIT 0x18

/* noipa: a real call the runner can watch, never inlined or cloned */
__attribute__((noipa, used)) void bench_mark(uint32_t id)
{
    (void)id;
    __asm__ volatile("" ::: "memory");
}

void board_puts(const char *s)
{
    semihost(SYS_WRITE0, s);
}

void board_putu(uint32_t v)
{
    char buf[12];
    unsigned i = sizeof buf - 1;
    buf[i] = 0;
    do {
        buf[--i] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v && i);
    board_puts(&buf[i]);
}

void board_puthex(const void *p, unsigned n)
{
    static const char hx[] = "0123456789abcdef";
    char buf[2 * 64 + 2];
    const uint8_t *b = (const uint8_t *)p;
    unsigned i, j = 0;
    for (i = 0; i < n && i < 64; i++) {
        buf[j++] = hx[b[i] >> 4];
        buf[j++] = hx[b[i] & 15];
    }
    buf[j++] = '\n';
    buf[j] = 0;
    board_puts(buf);
}

void board_exit(int code)
{
    /* SYS_EXIT with the reason in the argument register: 0x20026 ADP_Stopped_ApplicationExit
     * (exit status 0), 0x20023 ADP_Stopped_RunTimeErrorUnknown (exit status 1). */
    semihost(SYS_EXIT, (const void *)(uintptr_t)(code == 0 ? 0x20026u : 0x20023u));
    for (;;) {
    }
}
