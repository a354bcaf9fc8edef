#include "testutil.h"

#include <stdlib.h>
#include <string.h>

unsigned long tu_passed, tu_failed;

static int nibble(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

uint8_t *tu_unhex(const char *hex, size_t *len)
{
    size_t n = strlen(hex) / 2, i;
    uint8_t *out = malloc(n ? n : 1);
    if (out == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (i = 0; i < n; i++) {
        int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            fprintf(stderr, "bad hex in vector: %s\n", hex);
            exit(2);
        }
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    *len = n;
    return out;
}

int tu_hex_eq(const uint8_t *got, size_t got_len, const char *hex)
{
    size_t n;
    uint8_t *want = tu_unhex(hex, &n);
    int ok = n == got_len && memcmp(got, want, n) == 0;
    free(want);
    return ok;
}

int tu_fixed_fill(void *user, uint8_t *out, size_t len)
{
    tu_fixed_bytes *f = (tu_fixed_bytes *)user;
    if (len > f->len)
        return -1;
    memcpy(out, f->bytes, len);
    return 0;
}

int tu_finish(const char *suite)
{
    printf("%s: %lu passed, %lu failed\n", suite, tu_passed, tu_failed);
    return tu_failed == 0 && tu_passed > 0 ? 0 : 1;
}
