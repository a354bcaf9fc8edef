/* Constant-time helpers. Every loop runs over the full length; results are accumulated with
 * OR/AND masks, never decided by a branch on the data. */
#include "core.h"

int fc_ct_equal(const void *a, const void *b, size_t len)
{
    const volatile uint8_t *x = (const volatile uint8_t *)a;
    const volatile uint8_t *y = (const volatile uint8_t *)b;
    uint32_t diff = 0;
    size_t i;
    int equal;
    for (i = 0; i < len; i++)
        diff |= (uint32_t)(x[i] ^ y[i]);
    /* diff in 0..255: (diff - 1) >> 31 is 1 exactly when diff == 0 */
    equal = (int)((diff - 1u) >> 31);
    FC_DECLASSIFY(&equal, sizeof(equal)); /* a verdict: callers act on it */
    return equal;
}

int fc_ct_is_zero(const void *a, size_t len)
{
    const volatile uint8_t *x = (const volatile uint8_t *)a;
    uint32_t acc = 0;
    size_t i;
    int zero;
    for (i = 0; i < len; i++)
        acc |= x[i];
    zero = (int)((acc - 1u) >> 31);
    FC_DECLASSIFY(&zero, sizeof(zero)); /* a verdict: callers act on it */
    return zero;
}

void fc_ct_select(void *out, const void *a, const void *b, size_t len, uint32_t choose)
{
    uint8_t *o = (uint8_t *)out;
    const uint8_t *x = (const uint8_t *)a, *y = (const uint8_t *)b;
    uint8_t mask = (uint8_t)(0u - (choose & 1u)); /* 0xff selects a */
    size_t i;
    for (i = 0; i < len; i++)
        o[i] = (uint8_t)(y[i] ^ (mask & (x[i] ^ y[i])));
}

void fc_ct_swap(void *a, void *b, size_t len, uint32_t swap)
{
    uint8_t *x = (uint8_t *)a, *y = (uint8_t *)b;
    uint8_t mask = (uint8_t)(0u - (swap & 1u));
    size_t i;
    for (i = 0; i < len; i++) {
        uint8_t t = (uint8_t)(mask & (x[i] ^ y[i]));
        x[i] ^= t;
        y[i] ^= t;
    }
}

void fc_zeroize(void *p, size_t len)
{
    if (p == NULL || len == 0)
        return;
#if defined(__GNUC__) || defined(__clang__)
    memset(p, 0, len);
    /* The empty asm claims to read p's memory, so the memset cannot be dropped as dead. */
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    {
        volatile uint8_t *v = (volatile uint8_t *)p;
        while (len--)
            *v++ = 0;
    }
#endif
}

FC_NOINLINE void fc_core_burn_stack(void)
{
#if FC_STACK_WIPE_BYTES > 0
    uint8_t area[FC_STACK_WIPE_BYTES];
    fc_zeroize(area, sizeof(area)); /* the asm barrier in fc_zeroize keeps this memset */
#endif
}
