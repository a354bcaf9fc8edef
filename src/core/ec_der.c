/* The DER the EC functions read and write (ec.h): ECDSA signatures (X9.62: SEQUENCE { INTEGER
 * r, INTEGER s }) and EC SubjectPublicKeyInfo (RFC 5480). The reader takes DER only: definite
 * lengths in their shortest form, INTEGERs positive and minimal, no bytes after the outer
 * element. Public data only: plain code. */
#include "core.h"
#include "der.h"

typedef fc_der der;

static fc_status take(der *d, uint8_t tag, const uint8_t **content, size_t *len)
{
    return fc_der_take(d, tag, content, len);
}

/* A positive minimal INTEGER into out, k bytes big-endian. */
static fc_status take_uint(der *d, uint8_t *out, size_t k)
{
    const uint8_t *v;
    size_t len;
    fc_status st = fc_der_take_uint(d, &v, &len);
    if (st != FC_OK)
        return st;
    if (len > k)
        return FC_ERR_ENCODING;
    memset(out, 0, k - len);
    memcpy(out + k - len, v, len);
    return FC_OK;
}

fc_status fc_ecdsa_sig_from_der(fc_alg curve, uint8_t *raw, const uint8_t *sig, size_t sig_len)
{
    const fc_alg_entry *e = fc_core_alg_of(curve, FC_FAMILY_EC);
    uint8_t tmp[FC_ECDSA_MAX_LEN];
    der outer, inner;
    fc_status st;
    size_t len;
    if (raw == NULL || sig == NULL)
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    outer.cur = sig;
    outer.end = sig + sig_len;
    st = take(&outer, 0x30, &inner.cur, &len);
    if (st != FC_OK || outer.cur != outer.end)
        return FC_ERR_ENCODING;
    inner.end = inner.cur + len;
    st = take_uint(&inner, tmp, e->key);
    if (st == FC_OK)
        st = take_uint(&inner, tmp + e->key, e->key);
    if (st == FC_OK && inner.cur != inner.end)
        st = FC_ERR_ENCODING;
    if (st == FC_OK)
        memcpy(raw, tmp, 2 * e->key);
    return st;
}

/* INTEGER v (k bytes big-endian) at out; returns its length. */
static size_t put_uint(uint8_t *out, const uint8_t *v, size_t k)
{
    size_t skip = 0, len;
    while (skip + 1 < k && v[skip] == 0)
        skip++;
    len = k - skip;
    out[0] = 0x02;
    out[1] = (uint8_t)(len + (v[skip] >> 7));
    out[2] = 0;
    memcpy(out + 2 + (v[skip] >> 7), v + skip, len);
    return 2 + out[1];
}

fc_status fc_ecdsa_sig_to_der(fc_alg curve, uint8_t *der_out, size_t *der_len,
                              const uint8_t *raw)
{
    const fc_alg_entry *e = fc_core_alg_of(curve, FC_FAMILY_EC);
    uint8_t tmp[FC_ECDSA_DER_MAX_LEN];
    size_t body, head;
    if (der_out == NULL || der_len == NULL || raw == NULL)
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    body = put_uint(tmp + 3, raw, e->key);
    body += put_uint(tmp + 3 + body, raw + e->key, e->key);
    head = body < 128 ? 2 : 3;
    if (*der_len < head + body)
        return FC_ERR_LENGTH;
    der_out[0] = 0x30;
    if (head == 3)
        der_out[1] = 0x81;
    der_out[head - 1] = (uint8_t)body;
    memcpy(der_out + head, tmp + 3, body);
    *der_len = head + body;
    return FC_OK;
}

fc_status fc_ec_spki_parse(fc_alg *curve, uint8_t *point, size_t *point_len,
                           const uint8_t *spki, size_t spki_len)
{
    /* 1.2.840.10045.2.1, id-ecPublicKey (RFC 5480 2.1.1) */
    static const uint8_t ec_public_key[] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01};
    const fc_core_curve *c;
    const uint8_t *v;
    der outer, info, alg;
    size_t len;
    fc_status st;
    if (curve == NULL || point == NULL || point_len == NULL || spki == NULL)
        return FC_ERR_NULL;
    outer.cur = spki;
    outer.end = spki + spki_len;
    st = take(&outer, 0x30, &info.cur, &len);
    if (st != FC_OK || outer.cur != outer.end)
        return FC_ERR_ENCODING;
    info.end = info.cur + len;
    st = take(&info, 0x30, &alg.cur, &len);
    if (st != FC_OK)
        return st;
    alg.end = alg.cur + len;
    st = take(&alg, 0x06, &v, &len);
    if (st != FC_OK)
        return st;
    if (len != sizeof(ec_public_key) || memcmp(v, ec_public_key, len) != 0)
        return FC_ERR_UNSUPPORTED; /* another kind of key */
    if (alg.cur == alg.end || alg.cur[0] != 0x06)
        return alg.cur != alg.end && alg.cur[0] == 0x30 ? FC_ERR_UNSUPPORTED /* explicit */
                                                       : FC_ERR_ENCODING;
    st = take(&alg, 0x06, &v, &len);
    if (st != FC_OK || alg.cur != alg.end)
        return FC_ERR_ENCODING;
    c = fc_core_curve_by_oid(v, len);
    if (c == NULL)
        return FC_ERR_UNSUPPORTED;
    st = take(&info, 0x03, &v, &len);
    if (st != FC_OK || info.cur != info.end)
        return FC_ERR_ENCODING;
    if (len < 2 || v[0] != 0) /* no unused bits */
        return FC_ERR_ENCODING;
    if (*point_len < len - 1)
        return FC_ERR_LENGTH;
    memcpy(point, v + 1, len - 1);
    *point_len = len - 1;
    *curve = (fc_alg)c->alg;
    return FC_OK;
}
