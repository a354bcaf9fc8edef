/* X25519 / X19119 and Elligator2 front end: the all-zero check and output discipline.
 * Each public function makes its own provider call (no shared dispatcher), so the static stack
 * analysis (python/fieldcrypt/mcu.py) can tell which curve's code a call reaches. */
#include "core.h"

static const uint8_t base_point[32] = {9};

/* canonical form of a u encoding: p = 2^(8 len - 1) - 19 for len 32 and 24 */
static void canonical_u(uint8_t out[32], const uint8_t *in, size_t len)
{
    uint8_t d[32];
    unsigned borrow = 0;
    size_t i;
    memcpy(out, in, len);
    out[len - 1] &= 0x7f;
    for (i = 0; i < len; i++) { /* d = out - p */
        unsigned pi = i == 0 ? 0xed : i == len - 1 ? 0x7f : 0xff;
        unsigned v = (unsigned)out[i] - pi - borrow;
        d[i] = (uint8_t)v;
        borrow = (v >> 8) & 1;
    }
    if (!borrow) /* out >= p */
        memcpy(out, d, len);
}

int fc_core_same_u(const uint8_t *a, const uint8_t *b, size_t len)
{
    uint8_t ca[32], cb[32];
    canonical_u(ca, a, len);
    canonical_u(cb, b, len);
    return memcmp(ca, cb, len) == 0;
}

/* st with an all-zero tmp[len] turned into if_zero. Whether the result is zero is public: the
 * protocol aborts on it. */
static fc_status xdh_zero_check(fc_status st, const uint8_t *tmp, size_t len, fc_status if_zero)
{
    return st == FC_OK && fc_ct_is_zero(tmp, len) ? if_zero : st;
}

/* After a provider computed tmp[len]: out gets tmp on success and is wiped otherwise; tmp is
 * wiped, and so is the stack the provider's field arithmetic used. (Four arguments: a fifth
 * would cost stack on the M0's deepest path.) */
static fc_status xdh_finish(fc_status st, uint8_t *out, uint8_t *tmp, size_t len)
{
    fc_core_burn_stack();
    if (st == FC_OK)
        memcpy(out, tmp, len);
    else
        fc_zeroize(out, len);
    fc_zeroize(tmp, len);
    return st;
}

fc_status fc_x25519(const fc_provider *provider, uint8_t out[32], const uint8_t scalar[32],
                    const uint8_t u[32])
{
    const fc_x25519_vt *vt;
    uint8_t tmp[32];
    fc_status st;
    if (out == NULL || scalar == NULL || u == NULL)
        return FC_ERR_NULL;
    vt = fc_core_provider(provider)->x25519;
    if (vt == NULL)
        return FC_ERR_UNSUPPORTED;
    st = xdh_zero_check(vt->scalarmult(tmp, scalar, u), tmp, sizeof(tmp), FC_ERR_ZERO_SHARED);
    return xdh_finish(st, out, tmp, sizeof(tmp));
}

fc_status fc_x25519_base(const fc_provider *provider, uint8_t pub[32], const uint8_t scalar[32])
{
    const fc_x25519_vt *vt;
    uint8_t tmp[32];
    fc_status st;
    if (pub == NULL || scalar == NULL)
        return FC_ERR_NULL;
    vt = fc_core_provider(provider)->x25519;
    if (vt == NULL)
        return FC_ERR_UNSUPPORTED;
    if (vt->scalarmult_base == NULL)
        return fc_x25519(provider, pub, scalar, base_point);
    /* zero is impossible for a correct implementation: clamped scalar, base of order q */
    st = xdh_zero_check(vt->scalarmult_base(tmp, scalar), tmp, sizeof(tmp), FC_ERR_PROVIDER);
    return xdh_finish(st, pub, tmp, sizeof(tmp));
}

fc_status fc_x25519_keypair(const fc_provider *provider, const fc_rng *rng, uint8_t secret[32],
                            uint8_t pub[32])
{
    uint8_t sk[32];
    fc_status st;
    if (secret == NULL || pub == NULL)
        return FC_ERR_NULL;
    if (fc_core_provider(provider)->x25519 == NULL)
        return FC_ERR_UNSUPPORTED;
    st = fc_random_bytes(rng, sk, sizeof(sk));
    if (st == FC_OK)
        st = fc_x25519_base(provider, pub, sk);
    if (st == FC_OK)
        memcpy(secret, sk, sizeof(sk));
    fc_zeroize(sk, sizeof(sk));
    return st;
}

fc_status fc_elligator2_curve25519(const fc_provider *provider, uint8_t u[32], const uint8_t r[32])
{
    const fc_x25519_vt *vt;
    uint8_t tmp[32];
    if (u == NULL || r == NULL)
        return FC_ERR_NULL;
    vt = fc_core_provider(provider)->x25519;
    if (vt == NULL || vt->elligator2 == NULL)
        return FC_ERR_UNSUPPORTED;
    return xdh_finish(vt->elligator2(tmp, r), u, tmp, sizeof(tmp));
}

/* ---- Curve19119: the same discipline on 24-byte strings ---- */

static const uint8_t base_point_19119[24] = {11};

fc_status fc_x19119(const fc_provider *provider, uint8_t out[24], const uint8_t scalar[24],
                    const uint8_t u[24])
{
    const fc_xdh_vt *vt;
    uint8_t tmp[24];
    fc_status st;
    if (out == NULL || scalar == NULL || u == NULL)
        return FC_ERR_NULL;
    vt = fc_core_provider(provider)->x19119;
    if (vt == NULL)
        return FC_ERR_UNSUPPORTED;
    st = xdh_zero_check(vt->scalarmult(tmp, scalar, u), tmp, sizeof(tmp), FC_ERR_ZERO_SHARED);
    return xdh_finish(st, out, tmp, sizeof(tmp));
}

fc_status fc_x19119_base(const fc_provider *provider, uint8_t pub[24], const uint8_t scalar[24])
{
    const fc_xdh_vt *vt;
    uint8_t tmp[24];
    fc_status st;
    if (pub == NULL || scalar == NULL)
        return FC_ERR_NULL;
    vt = fc_core_provider(provider)->x19119;
    if (vt == NULL)
        return FC_ERR_UNSUPPORTED;
    if (vt->scalarmult_base == NULL)
        return fc_x19119(provider, pub, scalar, base_point_19119);
    st = xdh_zero_check(vt->scalarmult_base(tmp, scalar), tmp, sizeof(tmp), FC_ERR_PROVIDER);
    return xdh_finish(st, pub, tmp, sizeof(tmp));
}

fc_status fc_elligator2_curve19119(const fc_provider *provider, uint8_t u[24], const uint8_t r[24])
{
    const fc_xdh_vt *vt;
    uint8_t tmp[24];
    if (u == NULL || r == NULL)
        return FC_ERR_NULL;
    vt = fc_core_provider(provider)->x19119;
    if (vt == NULL || vt->elligator2 == NULL)
        return FC_ERR_UNSUPPORTED;
    return xdh_finish(vt->elligator2(tmp, r), u, tmp, sizeof(tmp));
}
