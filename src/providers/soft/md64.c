/* Block buffering and padding of the 64-byte-block hashes (md64.h). Branches depend on lengths
 * only. */
#include <string.h>

#include "providers/soft/md64.h"

void md64_update(md64 *m, uint32_t *h, md64_compress_fn compress, const uint8_t *data,
                 size_t len)
{
    size_t fill;
    if (len == 0)
        return; /* data may be NULL */
    m->total += len;
    if (m->buf_len != 0) {
        fill = 64 - m->buf_len;
        if (len < fill) {
            memcpy(m->buf + m->buf_len, data, len);
            m->buf_len += (uint32_t)len;
            return;
        }
        memcpy(m->buf + m->buf_len, data, fill);
        compress(h, m->buf);
        data += fill;
        len -= fill;
    }
    for (; len >= 64; data += 64, len -= 64)
        compress(h, data);
    memcpy(m->buf, data, len);
    m->buf_len = (uint32_t)len;
}

void md64_finish(md64 *m, uint32_t *h, md64_compress_fn compress, int little_endian_length)
{
    uint64_t bits = m->total << 3;
    uint32_t n = m->buf_len;
    unsigned i;
    m->buf[n++] = 0x80;
    if (n > 56) {
        memset(m->buf + n, 0, 64 - n);
        compress(h, m->buf);
        n = 0;
    }
    memset(m->buf + n, 0, 56 - n);
    for (i = 0; i < 8; i++)
        m->buf[little_endian_length ? 56 + i : 63 - i] = (uint8_t)(bits >> (8 * i));
    compress(h, m->buf);
}
