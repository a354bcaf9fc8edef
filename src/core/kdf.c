/* HKDF front end: RFC 5869 length rules, then the provider's table. */
#include "core.h"

/* 1 if [a, a+alen) and [b, b+blen) share a byte. */
static int overlap(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return alen > 0 && blen > 0 && x < y + blen && y < x + alen;
}

static fc_status hkdf_vt(fc_hash_alg alg, const fc_provider *provider, const fc_hkdf_vt **vt)
{
    const fc_provider *p = fc_core_provider(provider);
    if (!fc_core_hash_alg_valid(alg))
        return FC_ERR_ARGUMENT;
    if (p->hkdf == NULL || p->hmac[alg] == NULL)
        return FC_ERR_UNSUPPORTED;
    *vt = p->hkdf;
    return FC_OK;
}

fc_status fc_hkdf_extract(fc_hash_alg alg, const fc_provider *provider, const uint8_t *salt,
                          size_t salt_len, const uint8_t *ikm, size_t ikm_len, uint8_t *prk,
                          size_t prk_len)
{
    const fc_hkdf_vt *vt = NULL;
    uint8_t tmp[FC_HASH_MAX_LEN];
    fc_status st;
    if (prk == NULL || (salt == NULL && salt_len > 0) || (ikm == NULL && ikm_len > 0))
        return FC_ERR_NULL;
    st = hkdf_vt(alg, provider, &vt);
    if (st != FC_OK)
        return st;
    if (prk_len < fc_hash_digest_len(alg))
        return FC_ERR_LENGTH;
    st = vt->extract(alg, salt, salt_len, ikm, ikm_len, tmp);
    if (st == FC_OK)
        memcpy(prk, tmp, fc_hash_digest_len(alg));
    fc_zeroize(tmp, sizeof(tmp));
    return st;
}

fc_status fc_hkdf_expand(fc_hash_alg alg, const fc_provider *provider, const uint8_t *prk,
                         size_t prk_len, const uint8_t *info, size_t info_len, uint8_t *okm,
                         size_t okm_len)
{
    const fc_hkdf_vt *vt = NULL;
    fc_status st;
    if (prk == NULL || (info == NULL && info_len > 0) || (okm == NULL && okm_len > 0))
        return FC_ERR_NULL;
    st = hkdf_vt(alg, provider, &vt);
    if (st != FC_OK)
        return st;
    if (prk_len < fc_hash_digest_len(alg) || okm_len > 255 * fc_hash_digest_len(alg))
        return FC_ERR_LENGTH;
    if (overlap(okm, okm_len, prk, prk_len) || overlap(okm, okm_len, info, info_len))
        return FC_ERR_ARGUMENT; /* expand reads prk and info again for every block */
    if (okm_len == 0)
        return FC_OK;
    st = vt->expand(alg, prk, prk_len, info, info_len, okm, okm_len);
    if (st != FC_OK)
        fc_zeroize(okm, okm_len);
    return st;
}

fc_status fc_hkdf(fc_hash_alg alg, const fc_provider *provider, const uint8_t *salt,
                  size_t salt_len, const uint8_t *ikm, size_t ikm_len, const uint8_t *info,
                  size_t info_len, uint8_t *okm, size_t okm_len)
{
    const fc_hkdf_vt *vt = NULL;
    uint8_t prk[FC_HASH_MAX_LEN];
    size_t dlen;
    fc_status st;
    if ((salt == NULL && salt_len > 0) || (ikm == NULL && ikm_len > 0) ||
        (info == NULL && info_len > 0) || (okm == NULL && okm_len > 0))
        return FC_ERR_NULL;
    st = hkdf_vt(alg, provider, &vt);
    if (st != FC_OK)
        return st;
    dlen = fc_hash_digest_len(alg);
    if (okm_len > 255 * dlen)
        return FC_ERR_LENGTH;
    if (overlap(okm, okm_len, info, info_len))
        return FC_ERR_ARGUMENT;
    st = vt->extract(alg, salt, salt_len, ikm, ikm_len, prk);
    if (st == FC_OK && okm_len > 0)
        st = vt->expand(alg, prk, dlen, info, info_len, okm, okm_len);
    fc_zeroize(prk, sizeof(prk));
    if (st != FC_OK && okm_len > 0)
        fc_zeroize(okm, okm_len);
    return st;
}
