/* Byte strings written on demand.
 *
 * A writer (fc_writer) writes a whole message into a sink piece by piece. The sink either
 * appends into a buffer (fc_sink_buffer) or keeps only one window of the message and counts
 * the rest (fc_sink_window): a hash can then take a long message a window at a time while
 * the writer rebuilds it from where its pieces live, with no buffer for the whole string.
 * The CPace strings (pake.h) and the sliced login's hash inputs are written this way, and a
 * sliced hash job (engine.h) can read its message from a writer.
 */
#ifndef FIELDCRYPT_SINK_H
#define FIELDCRYPT_SINK_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Its fields are public so that a sink can live on the stack of whoever reads the message. */
typedef struct fc_sink {
    uint8_t *buf;        /* bytes land here (window mode: may be NULL, count only) */
    size_t cap, len;     /* room, bytes written (append mode; more than cap: FC_ERR_LENGTH) */
    fc_status status;    /* first error; later writes are ignored */
    int window;          /* 1: keep only message bytes [skip, skip + cap), at buf */
    size_t skip, total;  /* window mode: the window's offset; bytes of message seen so far */
} fc_sink;

/* Writes the whole message into sink; must write the same bytes every time it is called. */
typedef void (*fc_writer)(const void *src, fc_sink *sink);

/* Starts an append sink into buf[0..cap). */
void fc_sink_buffer(fc_sink *s, uint8_t *buf, size_t cap);
/* Starts a window sink: keeps message bytes [skip, skip + cap) at buf, counts all. */
void fc_sink_window(fc_sink *s, uint8_t *buf, size_t cap, size_t skip);
/* Writes len bytes of the message (what a writer calls); errors stick in s->status. data may
 * be NULL where fc_sink_keeps said the sink keeps none of them: they are only counted. */
void fc_sink_put(fc_sink *s, const uint8_t *data, size_t len);
/* 0 when a window sink keeps none of the next len bytes of the message, else 1 (always for an
 * append sink): a writer need not make bytes that are only counted. */
int fc_sink_keeps(const fc_sink *s, size_t len);

#ifdef __cplusplus
}
#endif
#endif
