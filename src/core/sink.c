/* Sinks (sink.h): a buffer to append to, or a window onto a longer message. */
#include "core.h"

void fc_sink_buffer(fc_sink *s, uint8_t *buf, size_t cap)
{
    memset(s, 0, sizeof(*s));
    s->buf = buf;
    s->cap = cap;
}

void fc_sink_window(fc_sink *s, uint8_t *buf, size_t cap, size_t skip)
{
    memset(s, 0, sizeof(*s));
    s->buf = buf;
    s->cap = cap;
    s->skip = skip;
    s->window = 1;
}

int fc_sink_keeps(const fc_sink *s, size_t len)
{
    return !s->window || (s->total + len > s->skip && s->total < s->skip + s->cap);
}

void fc_sink_put(fc_sink *s, const uint8_t *data, size_t len)
{
    if (s->status != FC_OK || len == 0)
        return;
    if (data == NULL && fc_sink_keeps(s, len)) {
        s->status = FC_ERR_NULL; /* bytes it keeps need their data */
    } else if (s->window) {
        size_t lo = s->total > s->skip ? s->total : s->skip;
        size_t hi = s->total + len < s->skip + s->cap ? s->total + len : s->skip + s->cap;
        if (lo < hi && s->buf != NULL)
            memcpy(s->buf + (lo - s->skip), data + (lo - s->total), hi - lo);
        s->total += len;
    } else if (len > s->cap - s->len) {
        s->status = FC_ERR_LENGTH;
    } else {
        memcpy(s->buf + s->len, data, len);
        s->len += len;
    }
}
