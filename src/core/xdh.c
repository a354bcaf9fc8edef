/* X25519 and Elligator2 front end: the all-zero check and output discipline. */
#include "core.h"

static const uint8_t base_point[32] = {9};

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
    st = vt->scalarmult(tmp, scalar, u);
    /* Whether the result is zero is public: the protocol aborts on it. */
    if (st == FC_OK && fc_ct_is_zero(tmp, sizeof(tmp)))
        st = FC_ERR_ZERO_SHARED;
    if (st == FC_OK)
        memcpy(out, tmp, sizeof(tmp));
    else
        fc_zeroize(out, 32);
    fc_zeroize(tmp, sizeof(tmp));
    return st;
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
    st = vt->scalarmult_base(tmp, scalar);
    if (st == FC_OK && fc_ct_is_zero(tmp, sizeof(tmp)))
        st = FC_ERR_PROVIDER; /* impossible for a correct implementation: clamped scalar, base of order q */
    if (st == FC_OK)
        memcpy(pub, tmp, sizeof(tmp));
    else
        fc_zeroize(pub, 32);
    fc_zeroize(tmp, sizeof(tmp));
    return st;
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
    fc_status st;
    if (u == NULL || r == NULL)
        return FC_ERR_NULL;
    vt = fc_core_provider(provider)->x25519;
    if (vt == NULL || vt->elligator2 == NULL)
        return FC_ERR_UNSUPPORTED;
    st = vt->elligator2(tmp, r);
    if (st == FC_OK)
        memcpy(u, tmp, sizeof(tmp));
    fc_zeroize(tmp, sizeof(tmp));
    return st;
}
