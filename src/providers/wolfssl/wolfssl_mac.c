/* The "wolfssl" provider's Poly1305 (RFC 8439 2.5): wolfCrypt's Poly1305 in the MAC area,
 * streaming. HMAC and CMAC are the core's modes over this provider's hashes and AES
 * (wolfCrypt's Hmac and Cmac are larger than the MAC area). Constant time as wolfCrypt's
 * Poly1305 is (fixed-width limbs, no data-dependent branch). */
#include "wolfssl.h"

#include <wolfssl/wolfcrypt/poly1305.h>

#ifdef HAVE_POLY1305
FC_STATE_FITS(Poly1305, FC_MAC_STATE_SIZE);

static fc_status poly_init(const fc_impl *impl, void *state, const uint8_t *key, size_t key_len)
{
    (void)impl;
    return fc_wolf_status(wc_Poly1305SetKey(state, key, (word32)key_len));
}

static fc_status poly_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    int ret = 0;
    (void)impl;
    while (len > 0 && ret == 0) { /* word32 lengths */
        word32 chunk = len > 0x40000000u ? 0x40000000u : (word32)len;
        ret = wc_Poly1305Update(state, data, chunk);
        data += chunk, len -= chunk;
    }
    return fc_wolf_status(ret);
}

static fc_status poly_final(const fc_impl *impl, void *state, uint8_t *tag)
{
    (void)impl;
    return fc_wolf_status(wc_Poly1305Final(state, tag));
}

const fc_impl fc_wolf_poly1305 = {
    .alg = FC_POLY1305,
    .flags = FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(Poly1305),
    .ops.mac = {.init = poly_init, .update = poly_update, .final = poly_final},
};
#endif
