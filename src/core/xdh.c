/* XDH front end (X25519, X19119): the chain walk, the all-zero check and the output
 * discipline. Also the u-coordinate comparison the protocols use to spot a reflected share. */
#include "core.h"

/* u of the base points (RFC 7748: 9 and 5; Curve19119: 11), for an implementation without a
 * base-point entry: the core passes it to scalarmult */
static const uint8_t base25519[32] = {9};
static const uint8_t base19119[24] = {11};
static const uint8_t base448[56] = {5};

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
static fc_status zero_check(fc_status st, const uint8_t *tmp, size_t len, fc_status if_zero)
{
    return st == FC_OK && fc_ct_is_zero(tmp, len) ? if_zero : st;
}

fc_status fc_core_curve_finish(fc_status st, uint8_t *out, uint8_t *tmp, size_t len)
{
    if (st == FC_OK)
        memcpy(out, tmp, len);
    else
        fc_zeroize(out, len);
    fc_zeroize(tmp, len);
    /* last: no call may follow it (a first call through a dynamic linker's lazy binding
     * saves registers, which can hold secrets, onto the stack just wiped) */
    fc_core_burn_stack();
    return st;
}

/* The chain walks below are written out in each function rather than shared, so no frame
 * sits between a public function and the curve code (the stack wipe's reach, config.h). */
fc_status fc_xdh(const fc_provider *provider, fc_alg alg, uint8_t *out, const uint8_t *scalar,
                 const uint8_t *u)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_XDH);
    uint8_t tmp[FC_XDH_MAX_LEN];
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st = FC_ERR_UNSUPPORTED;
    if (out == NULL || scalar == NULL || u == NULL)
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        if ((impl = fc_core_own(p, alg)) != NULL)
            st = impl->ops.xdh.scalarmult(impl, tmp, scalar, u);
    st = zero_check(st, tmp, e->out, FC_ERR_ZERO_SHARED);
    return fc_core_curve_finish(st, out, tmp, e->out);
}

fc_status fc_xdh_base(const fc_provider *provider, fc_alg alg, uint8_t *pub,
                      const uint8_t *scalar)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_XDH);
    const uint8_t *base = alg == FC_X19119 ? base19119 : alg == FC_X448 ? base448 : base25519;
    uint8_t tmp[FC_XDH_MAX_LEN];
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st = FC_ERR_UNSUPPORTED;
    if (pub == NULL || scalar == NULL)
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next) {
        if ((impl = fc_core_own(p, alg)) == NULL)
            continue;
        if (impl->ops.xdh.scalarmult_base != NULL)
            st = impl->ops.xdh.scalarmult_base(impl, tmp, scalar);
        else
            st = impl->ops.xdh.scalarmult(impl, tmp, scalar, base);
    }
    /* zero is impossible for a correct implementation: clamped scalar, base of prime order */
    st = zero_check(st, tmp, e->out, FC_ERR_PROVIDER);
    return fc_core_curve_finish(st, pub, tmp, e->out);
}

fc_status fc_xdh_keypair(const fc_provider *provider, fc_alg alg, const fc_rng *rng,
                         uint8_t *secret, uint8_t *pub)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_XDH);
    uint8_t sk[FC_XDH_MAX_LEN];
    fc_status st;
    if (secret == NULL || pub == NULL)
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    if (!fc_provider_supports(provider, alg))
        return FC_ERR_UNSUPPORTED;
    st = fc_random_bytes(rng, sk, e->key);
    if (st == FC_OK)
        st = fc_xdh_base(provider, alg, pub, sk);
    if (st == FC_OK)
        memcpy(secret, sk, e->key);
    fc_zeroize(sk, sizeof(sk));
    return st;
}
