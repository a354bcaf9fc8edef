/* A small strict DER reader shared by the key and signature parsers (ec_der.c, rsa_der.c):
 * definite lengths in their shortest form (one or two length bytes at most: 64 KB is far
 * above any key this library takes), INTEGERs positive and minimal. Public data only. */
#ifndef FC_CORE_DER_H
#define FC_CORE_DER_H

#include <stddef.h>
#include <stdint.h>

#include "fieldcrypt/status.h"

/* The unread part [cur, end) of an element's content (or of the whole input). */
typedef struct fc_der {
    const uint8_t *cur, *end;
} fc_der;

/* A reader over buf[0..len). */
static inline void fc_der_init(fc_der *d, const uint8_t *buf, size_t len)
{
    d->cur = buf;
    d->end = buf + len;
}

/* 1 when nothing is left. */
static inline int fc_der_done(const fc_der *d)
{
    return d->cur == d->end;
}

/* The next element, which must have tag: its content in *content, *len bytes; FC_ERR_ENCODING
 * for another tag, a length not in its shortest form or running past the end. */
fc_status fc_der_take(fc_der *d, uint8_t tag, const uint8_t **content, size_t *len);

/* The next element as a reader over its content (a constructed SEQUENCE, an OCTET STRING
 * holding DER). */
fc_status fc_der_enter(fc_der *d, uint8_t tag, fc_der *inner);

/* A positive minimal INTEGER: *value points past its sign byte (a needed 0x00), *len its
 * magnitude's bytes (zero is one byte 0x00). FC_ERR_ENCODING for an empty, negative or
 * needlessly padded INTEGER. */
fc_status fc_der_take_uint(fc_der *d, const uint8_t **value, size_t *len);

/* Writing: the header (tag and minimal length) of an element of content_len bytes at out,
 * returning its size; out NULL only measures. */
size_t fc_der_put_header(uint8_t *out, uint8_t tag, size_t content_len);

#endif
