/* fieldcrypt login wire format, version 1 (layout in login.h): the suite table, frame checks,
 * the encoder and the reassembler. Everything here handles untrusted bytes: each field is
 * checked before it is used, lengths before anything is buffered. */
#include <string.h>

#include "fieldcrypt/login.h"

/* A suite is available when this build has its primitives (config.h); the wire still parses
 * the frames of the others, and the login refuses them with FC_ERR_UNSUPPORTED. */
#define FC_LOGIN_HAVE_CPACE (FC_WITH_X25519 && FC_WITH_SHA512)
#define FC_LOGIN_HAVE_PACE2017 (FC_WITH_X25519 && FC_WITH_SHA512 && FC_WITH_SALSA20)
#define FC_LOGIN_HAVE_CPACE19119 (FC_WITH_X19119 && FC_WITH_SHA512)

static const fc_login_suite_info suite_table[] = {
    {FC_LOGIN_SUITE_CPACE, FC_LOGIN_FAMILY_CPACE, FC_LOGIN_HAVE_CPACE, FC_CPACE_X25519_SHA512, "cpace"},
    {FC_LOGIN_SUITE_PACE2017, FC_LOGIN_FAMILY_PACE2017, FC_LOGIN_HAVE_PACE2017, 0, "pace2017"},
    /* 96-bit legacy security, not standardized (pake.h); message sizes follow the share length */
    {FC_LOGIN_SUITE_CPACE19119, FC_LOGIN_FAMILY_CPACE, FC_LOGIN_HAVE_CPACE19119,
     FC_CPACE_X19119_SHA512, "cpace19119"},
};

/* sid = nonce_h || nonce_d must fit a CPace context */
typedef char fc_login_sid_fits[(2 * FC_LOGIN_NONCE_LEN <= FC_CPACE_MAX_SID) ? 1 : -1];

/* Compile-time check that the largest messages fit a frame (C99 has no static_assert):
 * REPLY = nonce || id || share, CONFIRM = share || 64-byte tag. */
typedef char fc_login_reply_fits[(FC_LOGIN_NONCE_LEN + 1 + FC_LOGIN_MAX_ID + FC_CPACE_MAX_SHARE
                                  <= FC_LOGIN_MAX_PAYLOAD) ? 1 : -1];
typedef char fc_login_confirm_fits[(FC_CPACE_MAX_SHARE + FC_CPACE_TAG_LEN
                                    <= FC_LOGIN_MAX_PAYLOAD) ? 1 : -1];
typedef char fc_login_id_fits_ad[(FC_LOGIN_MAX_ID <= FC_CPACE_MAX_AD) ? 1 : -1];

const fc_login_suite_info *fc_login_suite(unsigned id)
{
    size_t i;
    for (i = 0; i < sizeof(suite_table) / sizeof(suite_table[0]); i++)
        if (suite_table[i].id == id)
            return &suite_table[i];
    return NULL;
}

/* Is type a message of suite's family? ERROR belongs to every family. */
static int type_known(const fc_login_suite_info *s, unsigned type)
{
    if (type == FC_LOGIN_HELLO || type == FC_LOGIN_ERROR)
        return 1;
    if (s->family == FC_LOGIN_FAMILY_CPACE)
        return type >= FC_LOGIN_REPLY && type <= FC_LOGIN_FINISH;
    return type >= FC_LOGIN_M1 && type <= FC_LOGIN_ACCEPT;
}

/* Checks the first n (<= header length) bytes of a header: the reassembler calls it after
 * every header byte, so garbage is refused at its first byte. */
static fc_status check_header_prefix(const uint8_t *h, size_t n)
{
    const fc_login_suite_info *s;
    if (n >= 1 && h[0] != FC_LOGIN_VERSION)
        return FC_LOGIN_ERR_VERSION;
    if (n < 2)
        return FC_OK;
    s = fc_login_suite(h[1]);
    if (s == NULL)
        return FC_LOGIN_ERR_SUITE;
    if (n >= 3 && !type_known(s, h[2]))
        return FC_LOGIN_ERR_TYPE;
    if (n >= 5 && ((size_t)h[3] << 8 | h[4]) > FC_LOGIN_MAX_PAYLOAD)
        return FC_LOGIN_ERR_OVERSIZED;
    return FC_OK;
}

fc_status fc_login_frame_check(fc_login_header *hdr, const uint8_t *frame, size_t frame_len)
{
    size_t n = frame_len < FC_LOGIN_HEADER_LEN ? frame_len : FC_LOGIN_HEADER_LEN;
    size_t plen;
    fc_status st;
    if (frame == NULL || hdr == NULL)
        return FC_ERR_NULL;
    st = check_header_prefix(frame, n);
    if (st != FC_OK)
        return st;
    if (frame_len < FC_LOGIN_HEADER_LEN)
        return FC_LOGIN_ERR_TRUNCATED;
    plen = (size_t)frame[3] << 8 | frame[4];
    if (frame_len < FC_LOGIN_HEADER_LEN + plen)
        return FC_LOGIN_ERR_TRUNCATED;
    if (frame_len > FC_LOGIN_HEADER_LEN + plen)
        return FC_LOGIN_ERR_TRAILING;
    hdr->version = frame[0];
    hdr->suite = frame[1];
    hdr->type = frame[2];
    hdr->length = (uint16_t)plen;
    return FC_OK;
}

fc_status fc_login_frame_encode(unsigned suite, unsigned type, uint8_t *out, size_t out_cap,
                                size_t *out_len, const uint8_t *payload, size_t payload_len)
{
    const fc_login_suite_info *s;
    if (out == NULL || out_len == NULL || (payload == NULL && payload_len > 0))
        return FC_ERR_NULL;
    s = fc_login_suite(suite);
    if (s == NULL || type > 0xff || !type_known(s, type))
        return FC_ERR_ARGUMENT;
    if (payload_len > FC_LOGIN_MAX_PAYLOAD || out_cap < FC_LOGIN_HEADER_LEN + payload_len)
        return FC_ERR_LENGTH;
    /* memmove: the login builds payloads in place, right after the header */
    if (payload_len > 0 && payload != out + FC_LOGIN_HEADER_LEN)
        memmove(out + FC_LOGIN_HEADER_LEN, payload, payload_len);
    out[0] = FC_LOGIN_VERSION;
    out[1] = (uint8_t)suite;
    out[2] = (uint8_t)type;
    out[3] = (uint8_t)(payload_len >> 8);
    out[4] = (uint8_t)payload_len;
    *out_len = FC_LOGIN_HEADER_LEN + payload_len;
    return FC_OK;
}

void fc_login_reasm_init(fc_login_reasm *r)
{
    if (r != NULL)
        memset(r, 0, sizeof(*r));
}

fc_status fc_login_reasm_feed(fc_login_reasm *r, size_t *used, const uint8_t **frame,
                              size_t *frame_len, const uint8_t *data, size_t len)
{
    size_t pos = 0;
    if (r == NULL || used == NULL || frame == NULL || frame_len == NULL ||
        (data == NULL && len > 0))
        return FC_ERR_NULL;
    *used = 0;
    *frame = NULL;
    *frame_len = 0;
    if (r->error != FC_OK)
        return r->error;
    if (r->complete) {
        r->complete = 0;
        r->have = 0;
    }
    /* the header byte by byte, each checked on arrival */
    while (r->have < FC_LOGIN_HEADER_LEN && pos < len) {
        fc_status st;
        r->buf[r->have++] = data[pos++];
        st = check_header_prefix(r->buf, r->have);
        if (st != FC_OK) {
            r->error = st;
            *used = pos;
            return st;
        }
    }
    if (r->have >= FC_LOGIN_HEADER_LEN) {
        /* the length was checked against the buffer with the header's last byte */
        size_t total = FC_LOGIN_HEADER_LEN + ((size_t)r->buf[3] << 8 | r->buf[4]);
        size_t take = total - r->have;
        if (take > len - pos)
            take = len - pos;
        if (take > 0)
            memcpy(r->buf + r->have, data + pos, take);
        r->have = (uint16_t)(r->have + take);
        pos += take;
        if (r->have == total) {
            r->complete = 1;
            *frame = r->buf;
            *frame_len = total;
        }
    }
    *used = pos;
    return FC_OK;
}
