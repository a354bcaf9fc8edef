/* The comparison images' RNG for libraries that draw nonces or blinding: a fixed xorshift32
 * (the cycle counts do not depend on its values; nothing here is meant to be secret). */
#ifndef FC_PEER_XORSHIFT_H
#define FC_PEER_XORSHIFT_H

#include <stddef.h>
#include <stdint.h>

static uint32_t peer_rng_state = 0x9e3779b9u;

static void peer_rng_fill(uint8_t *out, size_t len)
{
    while (len--) {
        peer_rng_state ^= peer_rng_state << 13;
        peer_rng_state ^= peer_rng_state >> 17;
        peer_rng_state ^= peer_rng_state << 5;
        *out++ = (uint8_t)peer_rng_state;
    }
}

#endif
