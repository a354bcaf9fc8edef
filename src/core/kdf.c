/* KDF front end: RFC 5869 length rules, then the chain: a provider's own KDF, or the core's
 * HKDF over the provider's MAC. */
#include "core.h"

/* 1 if [a, a+alen) and [b, b+blen) share a byte. */
static int overlap(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return alen > 0 && blen > 0 && x < y + blen && y < x + alen;
}

static fc_status extract_on(const fc_provider *p, fc_alg alg, const fc_alg_entry *e,
                            uint8_t *prk, const uint8_t *salt, size_t salt_len,
                            const uint8_t *ikm, size_t ikm_len)
{
    const fc_impl *impl = fc_core_own(p, alg);
    if (impl != NULL)
        return impl->ops.kdf.extract(impl, prk, salt, salt_len, ikm, ikm_len);
    if (e->mode == FC_MODE_HKDF)
        return fc_core_hkdf_extract(p, (fc_alg)e->base, prk, salt, salt_len, ikm, ikm_len);
    return FC_ERR_UNSUPPORTED;
}

static fc_status expand_on(const fc_provider *p, fc_alg alg, const fc_alg_entry *e,
                           uint8_t *okm, size_t okm_len, const uint8_t *prk, size_t prk_len,
                           const uint8_t *info, size_t info_len)
{
    const fc_impl *impl = fc_core_own(p, alg);
    if (impl != NULL)
        return impl->ops.kdf.expand(impl, okm, okm_len, prk, prk_len, info, info_len);
    if (e->mode == FC_MODE_HKDF)
        return fc_core_hkdf_expand(p, (fc_alg)e->base, okm, okm_len, prk, prk_len, info,
                                   info_len);
    return FC_ERR_UNSUPPORTED;
}

fc_status fc_kdf_extract(const fc_provider *provider, fc_alg alg, uint8_t *prk, size_t prk_len,
                         const uint8_t *salt, size_t salt_len, const uint8_t *ikm,
                         size_t ikm_len)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_KDF);
    const fc_provider *p;
    uint8_t tmp[FC_HASH_MAX_LEN];
    fc_status st = FC_ERR_UNSUPPORTED;
    if (prk == NULL || (salt == NULL && salt_len > 0) || (ikm == NULL && ikm_len > 0))
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    if (prk_len < e->out)
        return FC_ERR_LENGTH;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        st = extract_on(p, alg, e, tmp, salt, salt_len, ikm, ikm_len);
    if (st == FC_OK)
        memcpy(prk, tmp, e->out);
    fc_zeroize(tmp, sizeof(tmp));
    return st;
}

fc_status fc_kdf_expand(const fc_provider *provider, fc_alg alg, uint8_t *okm, size_t okm_len,
                        const uint8_t *prk, size_t prk_len, const uint8_t *info,
                        size_t info_len)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_KDF);
    const fc_provider *p;
    fc_status st = FC_ERR_UNSUPPORTED;
    if (prk == NULL || (info == NULL && info_len > 0) || (okm == NULL && okm_len > 0))
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    if (prk_len < e->out || okm_len > 255u * e->out)
        return FC_ERR_LENGTH;
    if (overlap(okm, okm_len, prk, prk_len) || overlap(okm, okm_len, info, info_len))
        return FC_ERR_ARGUMENT; /* expand reads prk and info again for every block */
    if (okm_len == 0)
        return fc_provider_supports(provider, alg) ? FC_OK : FC_ERR_UNSUPPORTED;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next) {
        st = expand_on(p, alg, e, okm, okm_len, prk, prk_len, info, info_len);
        if (st != FC_OK)
            fc_zeroize(okm, okm_len); /* declined or failed part way: nothing half written */
    }
    return st;
}

/* Extract and expand may run on different providers of the chain (one declining what the
 * other does): PRK is the same bytes whoever computed it. */
fc_status fc_kdf(const fc_provider *provider, fc_alg alg, uint8_t *okm, size_t okm_len,
                 const uint8_t *salt, size_t salt_len, const uint8_t *ikm, size_t ikm_len,
                 const uint8_t *info, size_t info_len)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_KDF);
    uint8_t prk[FC_HASH_MAX_LEN];
    fc_status st;
    if ((salt == NULL && salt_len > 0) || (ikm == NULL && ikm_len > 0) ||
        (info == NULL && info_len > 0) || (okm == NULL && okm_len > 0))
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    if (okm_len > 255u * e->out)
        return FC_ERR_LENGTH;
    st = fc_kdf_extract(provider, alg, prk, sizeof(prk), salt, salt_len, ikm, ikm_len);
    if (st == FC_OK)
        st = fc_kdf_expand(provider, alg, okm, okm_len, prk, e->out, info, info_len);
    else if (okm_len > 0)
        fc_zeroize(okm, okm_len);
    fc_zeroize(prk, sizeof(prk));
    return st;
}
