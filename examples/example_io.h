/* Output for the examples: stdio on a host, semihosting on a board-less MCU image (the MCU
 * runner's targets/board.h; FC_EXAMPLE_BOARD is set by examples/CMakeLists.txt there). */
#ifndef FC_EXAMPLE_IO_H
#define FC_EXAMPLE_IO_H

#include <stddef.h>
#include <stdint.h>

#ifdef FC_EXAMPLE_BOARD
#include "board.h"
static inline void say(const char *s)
{
    board_puts(s);
}
static inline void say_hex(const char *label, const uint8_t *p, size_t n)
{
    board_puts(label);
    board_puthex(p, (unsigned)n);  /* ends the line */
}
#else
#include <stdio.h>
static inline void say(const char *s)
{
    fputs(s, stdout);
    fflush(stdout);
}
static inline void say_hex(const char *label, const uint8_t *p, size_t n)
{
    size_t i;
    fputs(label, stdout);
    for (i = 0; i < n; i++)
        printf("%02x", p[i]);
    putchar('\n');
    fflush(stdout);
}
#endif

/* Prints what failed with its status text and returns 1, for `return fail(...)` in main. */
static inline int fail(const char *what, fc_status st)
{
    say("FAILED: ");
    say(what);
    say(": ");
    say(fc_status_str(st));
    say("\n");
    return 1;
}

#endif
