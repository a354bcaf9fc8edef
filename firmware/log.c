#include "log.h"

#if FW_LOG
#include <stdarg.h>
#include <stdint.h>

/* SYS_WRITE0: r0 = 0x04, r1 = NUL-terminated string; BKPT 0xAB is the Thumb semihosting trap */
static void semihost_write0(const char *s)
{
    register uint32_t r0 __asm__("r0") = 0x04;
    register const char *r1 __asm__("r1") = s;
    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
}

static char line[192];
static unsigned pos;

static void put(char c)
{
    if (pos < sizeof line - 2) /* room for '\n' and NUL: a long line is cut, never overrun */
        line[pos++] = c;
}

static void put_u(uint32_t v)
{
    char d[10];
    unsigned n = 0;
    do {
        d[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    while (n)
        put(d[--n]);
}

void fw_log(const char *fmt, ...)
{
    va_list ap;
    const char *s;
    pos = 0;
    for (s = "fw: "; *s; s++)
        put(*s);
    va_start(ap, fmt);
    for (; *fmt; fmt++) {
        if (*fmt != '%' || fmt[1] == 0) {
            put(*fmt);
            continue;
        }
        switch (*++fmt) {
        case 's':
            for (s = va_arg(ap, const char *); *s; s++)
                put(*s);
            break;
        case 'd': {
            int v = va_arg(ap, int);
            if (v < 0)
                put('-');
            put_u(v < 0 ? 0u - (uint32_t)v : (uint32_t)v);
            break;
        }
        case 'u': put_u(va_arg(ap, unsigned)); break;
        case 'x': { /* lowercase hex, no padding */
            uint32_t v = va_arg(ap, unsigned);
            int sh = 28;
            while (sh > 0 && (v >> sh) == 0)
                sh -= 4;
            for (; sh >= 0; sh -= 4)
                put("0123456789abcdef"[(v >> sh) & 15u]);
            break;
        }
        default: put(*fmt); break;
        }
    }
    va_end(ap);
    line[pos++] = '\n';
    line[pos] = 0;
    semihost_write0(line);
}
#endif
