/* The strict DER reader and the header writer of der.h. */
#include "der.h"

fc_status fc_der_take(fc_der *d, uint8_t tag, const uint8_t **content, size_t *len)
{
    size_t n, i, have = (size_t)(d->end - d->cur);
    if (have < 2 || d->cur[0] != tag)
        return FC_ERR_ENCODING;
    n = d->cur[1];
    i = 2;
    if (n & 0x80) { /* long form: one or two length bytes, no leading zero, value >= 128 */
        size_t bytes = n & 0x7f;
        if (bytes < 1 || bytes > 2 || have < 2 + bytes || d->cur[2] == 0)
            return FC_ERR_ENCODING;
        n = bytes == 1 ? d->cur[2] : (size_t)d->cur[2] << 8 | d->cur[3];
        if (n < 128)
            return FC_ERR_ENCODING;
        i += bytes;
    }
    if (have - i < n)
        return FC_ERR_ENCODING;
    *content = d->cur + i;
    *len = n;
    d->cur += i + n;
    return FC_OK;
}

fc_status fc_der_enter(fc_der *d, uint8_t tag, fc_der *inner)
{
    const uint8_t *content;
    size_t len;
    fc_status st = fc_der_take(d, tag, &content, &len);
    if (st == FC_OK)
        fc_der_init(inner, content, len);
    return st;
}

fc_status fc_der_take_uint(fc_der *d, const uint8_t **value, size_t *len)
{
    const uint8_t *v;
    size_t n;
    fc_status st = fc_der_take(d, 0x02, &v, &n);
    if (st != FC_OK)
        return st;
    if (n == 0 || (v[0] & 0x80) || (n > 1 && v[0] == 0 && !(v[1] & 0x80)))
        return FC_ERR_ENCODING; /* empty, negative, or a needless leading zero */
    if (n > 1 && v[0] == 0) {
        v++;
        n--;
    }
    *value = v;
    *len = n;
    return FC_OK;
}

size_t fc_der_put_header(uint8_t *out, uint8_t tag, size_t content_len)
{
    size_t bytes = content_len < 0x80 ? 0 : content_len < 0x100 ? 1 : 2;
    if (out != NULL) {
        out[0] = tag;
        if (bytes == 0) {
            out[1] = (uint8_t)content_len;
        } else {
            out[1] = (uint8_t)(0x80 | bytes);
            if (bytes == 2)
                out[2] = (uint8_t)(content_len >> 8);
            out[1 + bytes] = (uint8_t)content_len;
        }
    }
    return 2 + bytes;
}
