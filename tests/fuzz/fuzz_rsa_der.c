/* libFuzzer: the RSA key readers and writers (rsa.h) on arbitrary bytes. The first byte picks
 * the reader and, by its top bit, whether the rest is the DER itself or a list of edits
 * (position, new byte) applied to a real 2048-bit key of the same kind (random bytes rarely
 * make a 256-byte modulus, edits of a real key reach the checks after the structure).
 * What must hold:
 * - an accepted key's pointers lie inside the input;
 * - the writer takes every accepted key, and reading what it wrote gives the same numbers;
 * - a PKCS#1 RSAPrivateKey or SubjectPublicKeyInfo that was accepted is written back byte for
 *   byte (one encoding per key);
 * - a refused input leaves the key struct as it was.
 * Any failure aborts. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "fieldcrypt/rsa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Room for any key the readers take at FC_RSA_MAX_BITS 4096. */
#define ROOM 4096

/* The template keys, built at first use. */
static uint8_t template_pub[270], template_priv[1200];
static size_t template_pub_len, template_priv_len;

/* INTEGER of len bytes of fill (with a sign byte when fill's top bit is set). */
static void put_int(uint8_t *out, size_t *at, size_t len, uint8_t fill)
{
    size_t pad = fill >> 7, content = len + pad;
    out[(*at)++] = 0x02;
    if (content >= 0x100) {
        out[(*at)++] = 0x82;
        out[(*at)++] = (uint8_t)(content >> 8);
    } else if (content >= 0x80) {
        out[(*at)++] = 0x81;
    }
    out[(*at)++] = (uint8_t)content;
    if (pad)
        out[(*at)++] = 0x00;
    memset(out + *at, fill, len);
    *at += len;
}

/* RSAPublicKey { n = ff..ff (2048 bits), e = 65537 } and RSAPrivateKey { 0, n, e, d, p, q,
 * dP, dQ, qInv } of the right lengths and parities: the numbers need not be a real key, the
 * readers check structure and lengths only. */
static void make_templates(void)
{
    static const uint8_t e[3] = {0x01, 0x00, 0x01};
    size_t at = 4, body;
    uint8_t *out = template_pub;
    put_int(out, &at, 256, 0xff);
    out[at++] = 0x02;
    out[at++] = 0x03;
    memcpy(out + at, e, 3);
    at += 3;
    body = at - 4;
    out[0] = 0x30;
    out[1] = 0x82;
    out[2] = (uint8_t)(body >> 8);
    out[3] = (uint8_t)body;
    template_pub_len = at;

    out = template_priv;
    at = 4;
    out[at++] = 0x02;
    out[at++] = 0x01;
    out[at++] = 0x00;
    put_int(out, &at, 256, 0xff); /* n */
    out[at++] = 0x02;
    out[at++] = 0x03;
    memcpy(out + at, e, 3);
    at += 3;
    put_int(out, &at, 255, 0x7f); /* d */
    put_int(out, &at, 128, 0xfd); /* p */
    put_int(out, &at, 128, 0xfb); /* q */
    put_int(out, &at, 127, 0x11); /* dP */
    put_int(out, &at, 127, 0x13); /* dQ */
    put_int(out, &at, 127, 0x17); /* qInv */
    body = at - 4;
    out[0] = 0x30;
    out[1] = 0x82;
    out[2] = (uint8_t)(body >> 8);
    out[3] = (uint8_t)body;
    template_priv_len = at;
}

static int inside(const uint8_t *p, size_t len, const uint8_t *in, size_t in_len)
{
    return len == 0 || (p >= in && p + len <= in + in_len);
}

static int same(const uint8_t *a, size_t a_len, const uint8_t *b, size_t b_len)
{
    return a_len == b_len && memcmp(a, b, a_len) == 0;
}

static void public_key(const uint8_t *in, size_t len)
{
    static uint8_t out[ROOM];
    fc_rsa_public_key key, again, before;
    size_t out_len = sizeof(out);
    memset(&key, 0x5a, sizeof(key));
    before = key;
    if (fc_rsa_public_from_der(&key, in, len) != FC_OK) {
        if (memcmp(&key, &before, sizeof(key)) != 0)
            abort();
        return;
    }
    if (!inside(key.n, key.n_len, in, len) || !inside(key.e, key.e_len, in, len))
        abort();
    if (fc_rsa_public_to_der(out, &out_len, &key) != FC_OK ||
        fc_rsa_public_from_der(&again, out, out_len) != FC_OK ||
        !same(key.n, key.n_len, again.n, again.n_len) ||
        !same(key.e, key.e_len, again.e, again.e_len))
        abort();
    /* SPKI (a SEQUENCE first inside, where RSAPublicKey has n) is written back unchanged */
    if (in[2 + (in[1] < 0x80 ? 0 : (in[1] & 0x7f))] == 0x30 && !same(out, out_len, in, len))
        abort();
}

static void private_key(const uint8_t *in, size_t len)
{
    static uint8_t out[ROOM];
    fc_rsa_private_key key, again, before;
    size_t out_len = sizeof(out);
    memset(&key, 0x5a, sizeof(key));
    before = key;
    if (fc_rsa_private_from_der(&key, in, len) != FC_OK) {
        if (memcmp(&key, &before, sizeof(key)) != 0)
            abort();
        return;
    }
    if (!inside(key.pub.n, key.pub.n_len, in, len) || !inside(key.d, key.d_len, in, len) ||
        !inside(key.qinv, key.qinv_len, in, len))
        abort();
    if (fc_rsa_private_to_der(out, &out_len, &key) != FC_OK ||
        fc_rsa_private_from_der(&again, out, out_len) != FC_OK ||
        !same(key.pub.n, key.pub.n_len, again.pub.n, again.pub.n_len) ||
        !same(key.d, key.d_len, again.d, again.d_len) ||
        !same(key.p, key.p_len, again.p, again.p_len) ||
        !same(key.qinv, key.qinv_len, again.qinv, again.qinv_len))
        abort();
    /* the PKCS#1 form starts SEQUENCE { INTEGER 0, INTEGER n: written back unchanged */
    if (len == out_len && !same(out, out_len, in, len))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *buf;
    size_t len, i;
    int private_form;
    if (size < 1)
        return 0;
    if (template_pub_len == 0)
        make_templates();
    private_form = data[0] & 1;
    if (data[0] & 0x80) { /* edits of a template: (2-byte position, byte) triples */
        const uint8_t *t = private_form ? template_priv : template_pub;
        size_t t_len = private_form ? template_priv_len : template_pub_len;
        len = (data[0] & 2) ? t_len - (data[size - 1] % 8) : t_len; /* sometimes cut short */
        buf = malloc(len + 1);
        memcpy(buf, t, len);
        for (i = 1; i + 3 <= size; i += 3) {
            size_t at = ((size_t)data[i] << 8 | data[i + 1]) % len;
            buf[at] = data[i + 2];
        }
    } else {
        len = size - 1;
        buf = malloc(len + 1); /* exactly len bytes in use: ASan sees overreads */
        memcpy(buf, data + 1, len);
    }
    if (private_form)
        private_key(buf, len);
    else
        public_key(buf, len);
    free(buf);
    return 0;
}
