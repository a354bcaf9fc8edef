/* Hex to bytes for the MCU test images (lower-case hex, as the vectors are written): at most
 * cap bytes, the count returned. Static: an image includes it once. */
#ifndef FC_TEST_UNHEX_H
#define FC_TEST_UNHEX_H

#include <stddef.h>
#include <stdint.h>

static size_t unhex_cap(uint8_t *out, size_t cap, const char *hex)
{
    size_t n = 0;
    while (hex[0] && hex[1] && n < cap) {
        unsigned v = 0, i;
        for (i = 0; i < 2; i++) {
            char c = hex[i];
            v = v * 16u + (unsigned)(c <= '9' ? c - '0' : c - 'a' + 10);
        }
        out[n++] = (uint8_t)v;
        hex += 2;
    }
    return n;
}

#endif
