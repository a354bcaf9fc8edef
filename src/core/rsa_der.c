/* RSA keys in DER (rsa.h): PKCS#1 RSAPrivateKey and RSAPublicKey (RFC 8017 A.1), PKCS#8
 * PrivateKeyInfo (RFC 5208 5) and X.509 SubjectPublicKeyInfo (RFC 5280 4.1, RFC 3279 2.3.1)
 * with the rsaEncryption algorithm.
 *
 * Strict DER only (der.h): one encoding per key, so that a key's bytes identify it. Choices:
 * - the rsaEncryption AlgorithmIdentifier must carry NULL parameters: RFC 8017 A.1 and RFC
 *   3279 2.3.1 require them, every common encoder writes them, and taking the absent form
 *   as well would give one key two encodings;
 * - PKCS#8 attributes ([0]) and OneAsymmetricKey's version 1 with a public key (RFC 5958) are
 *   refused like any extra element: nothing here would use them;
 * - a multi-prime key (version 1, RFC 8017 A.1.2) is refused as an encoding.
 *
 * Constant time: the DER structure (every length) is public, as it is in the encoding itself;
 * the checks after parsing look at lengths and at the lowest bit of p and q only (the verdict
 * "this key is malformed" is public). Whether p q = n and the CRT values agree is left to the
 * operations, which check it (rsa.h). The values of the public key are compared openly. */
#include "core.h"
#include "der.h"
#include "fieldcrypt/rsa.h"

/* 1.2.840.113549.1.1.1, rsaEncryption (RFC 8017 A.1), with its tag and length. */
static const uint8_t rsa_encryption_oid[] = {0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
                                             0xf7, 0x0d, 0x01, 0x01, 0x01};
/* The whole AlgorithmIdentifier content: the OID and NULL parameters. */
#define RSA_ALG_ID_CONTENT_LEN (sizeof(rsa_encryption_oid) + 2)

#if FC_RSA_LEGACY_BITS
#define RSA_MIN_BITS 1024
#else
#define RSA_MIN_BITS 2048
#endif

/* Skips leading zero bytes (keys set by hand may have them). */
static const uint8_t *strip(const uint8_t *p, size_t *len)
{
    while (*len > 0 && p[0] == 0) {
        p++;
        (*len)--;
    }
    return p;
}

static size_t bit_length(const uint8_t *v, size_t len)
{
    size_t bits;
    uint8_t top;
    v = strip(v, &len);
    if (len == 0)
        return 0;
    bits = 8 * (len - 1);
    for (top = v[0]; top != 0; top >>= 1)
        bits++;
    return bits;
}

/* a < b for stripped big-endian integers (public values). */
static int less(const uint8_t *a, size_t a_len, const uint8_t *b, size_t b_len)
{
    if (a_len != b_len)
        return a_len < b_len;
    return memcmp(a, b, a_len) < 0;
}

/* The public key rules of rsa.h (the pointers are set): n odd of RSA_MIN_BITS..FC_RSA_MAX_BITS bits, e odd,
 * 3 <= e < n. */
static fc_status check_public(const fc_rsa_public_key *key)
{
    size_t n_len = key->n_len, e_len = key->e_len, bits;
    const uint8_t *n, *e;
    n = strip(key->n, &n_len);
    e = strip(key->e, &e_len);
    bits = bit_length(n, n_len);
    if (bits < RSA_MIN_BITS || bits > FC_RSA_MAX_BITS || (n[n_len - 1] & 1u) == 0)
        return FC_ERR_KEY;
    if (e_len == 0 || (e[e_len - 1] & 1u) == 0 || (e_len == 1 && e[0] < 3) ||
        !less(e, e_len, n, n_len))
        return FC_ERR_KEY;
    return FC_OK;
}

/* The private key rules that need no arithmetic: the public key's; p and q odd, balanced
 * (each has half of n's 32-bit words, its top word not zero) and of lengths whose product
 * can be n; dP, dQ and qInv no longer than a prime's half; d (if any) no longer than n. */
static fc_status check_private(const fc_rsa_private_key *key)
{
    size_t n_len = key->pub.n_len, p_len = key->p_len, q_len = key->q_len, half_bytes;
    size_t dp_len = key->dp_len, dq_len = key->dq_len, qinv_len = key->qinv_len;
    size_t d_len = key->d_len, pq;
    const uint8_t *p, *q;
    fc_status st = check_public(&key->pub);
    if (st != FC_OK)
        return st;
    (void)strip(key->pub.n, &n_len);
    p = strip(key->p, &p_len);
    q = strip(key->q, &q_len);
    (void)strip(key->dp, &dp_len);
    (void)strip(key->dq, &dq_len);
    (void)strip(key->qinv, &qinv_len);
    if (key->d != NULL)
        (void)strip(key->d, &d_len);
    half_bytes = 4 * (((n_len + 3) / 4 + 1) / 2);
    if (p_len == 0 || q_len == 0 || p_len > half_bytes || q_len > half_bytes ||
        p_len + 4 <= half_bytes || q_len + 4 <= half_bytes)
        return FC_ERR_KEY;
    pq = p_len + q_len; /* the product of a p_len-byte and a q_len-byte number */
    if (n_len + 1 != pq && n_len != pq)
        return FC_ERR_KEY;
    if (((p[p_len - 1] & q[q_len - 1]) & 1u) == 0)
        return FC_ERR_KEY; /* an even prime: the verdict is public */
    if (dp_len > half_bytes || dq_len > half_bytes || qinv_len > half_bytes || d_len > n_len)
        return FC_ERR_KEY;
    return FC_OK;
}

/* RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }, the whole of d. */
static fc_status read_rsa_public_key(fc_der *d, fc_rsa_public_key *key)
{
    fc_der seq;
    fc_status st = fc_der_enter(d, 0x30, &seq);
    if (st == FC_OK)
        st = fc_der_take_uint(&seq, &key->n, &key->n_len);
    if (st == FC_OK)
        st = fc_der_take_uint(&seq, &key->e, &key->e_len);
    if (st == FC_OK && !(fc_der_done(&seq) && fc_der_done(d)))
        st = FC_ERR_ENCODING;
    return st;
}

/* An AlgorithmIdentifier that is rsaEncryption with NULL parameters. */
static fc_status read_rsa_algorithm(fc_der *d)
{
    const uint8_t *content;
    size_t len;
    fc_status st = fc_der_take(d, 0x30, &content, &len);
    if (st != FC_OK)
        return st;
    if (len != RSA_ALG_ID_CONTENT_LEN ||
        memcmp(content, rsa_encryption_oid, sizeof(rsa_encryption_oid)) != 0 ||
        content[sizeof(rsa_encryption_oid)] != 0x05 || content[sizeof(rsa_encryption_oid) + 1] != 0)
        return FC_ERR_ENCODING;
    return FC_OK;
}

/* A version INTEGER that must be 0. */
static fc_status read_version_zero(fc_der *d)
{
    const uint8_t *v;
    size_t len;
    fc_status st = fc_der_take_uint(d, &v, &len);
    if (st == FC_OK && (len != 1 || v[0] != 0))
        st = FC_ERR_ENCODING; /* 1 is a multi-prime key; anything else is not PKCS#1 */
    return st;
}

/* RSAPrivateKey ::= SEQUENCE { version 0, n, e, d, p, q, dP, dQ, qInv }, the whole of d. */
static fc_status read_rsa_private_key(fc_der *d, fc_rsa_private_key *key)
{
    fc_der seq;
    fc_status st = fc_der_enter(d, 0x30, &seq);
    if (st == FC_OK)
        st = read_version_zero(&seq);
    if (st == FC_OK)
        st = fc_der_take_uint(&seq, &key->pub.n, &key->pub.n_len);
    if (st == FC_OK)
        st = fc_der_take_uint(&seq, &key->pub.e, &key->pub.e_len);
    if (st == FC_OK)
        st = fc_der_take_uint(&seq, &key->d, &key->d_len);
    if (st == FC_OK)
        st = fc_der_take_uint(&seq, &key->p, &key->p_len);
    if (st == FC_OK)
        st = fc_der_take_uint(&seq, &key->q, &key->q_len);
    if (st == FC_OK)
        st = fc_der_take_uint(&seq, &key->dp, &key->dp_len);
    if (st == FC_OK)
        st = fc_der_take_uint(&seq, &key->dq, &key->dq_len);
    if (st == FC_OK)
        st = fc_der_take_uint(&seq, &key->qinv, &key->qinv_len);
    if (st == FC_OK && !(fc_der_done(&seq) && fc_der_done(d)))
        st = FC_ERR_ENCODING;
    return st;
}

fc_status fc_rsa_private_from_der(fc_rsa_private_key *key, const uint8_t *der, size_t der_len)
{
    fc_rsa_private_key parsed;
    fc_der whole, seq, inner;
    const uint8_t *octets;
    size_t octets_len;
    fc_status st;
    if (key == NULL || der == NULL)
        return FC_ERR_NULL;
    memset(&parsed, 0, sizeof(parsed));
    /* Both forms start SEQUENCE { INTEGER 0, ...: PKCS#8 goes on with a SEQUENCE, PKCS#1
     * with INTEGER n. */
    fc_der_init(&whole, der, der_len);
    st = fc_der_enter(&whole, 0x30, &seq);
    if (st == FC_OK)
        st = read_version_zero(&seq);
    if (st == FC_OK && !fc_der_done(&seq) && seq.cur[0] == 0x30) {
        st = read_rsa_algorithm(&seq);
        if (st == FC_OK)
            st = fc_der_take(&seq, 0x04, &octets, &octets_len);
        if (st == FC_OK && !(fc_der_done(&seq) && fc_der_done(&whole)))
            st = FC_ERR_ENCODING; /* attributes, a public key, trailing bytes */
        if (st == FC_OK) {
            fc_der_init(&inner, octets, octets_len);
            st = read_rsa_private_key(&inner, &parsed);
        }
    } else if (st == FC_OK) {
        fc_der_init(&whole, der, der_len);
        st = read_rsa_private_key(&whole, &parsed);
    }
    if (st == FC_OK)
        st = check_private(&parsed);
    if (st == FC_OK)
        *key = parsed;
    fc_zeroize(&parsed, sizeof(parsed)); /* pointers only, but into secret material */
    return st;
}

fc_status fc_rsa_public_from_der(fc_rsa_public_key *key, const uint8_t *der, size_t der_len)
{
    fc_rsa_public_key parsed;
    fc_der whole, seq, inner;
    const uint8_t *bits;
    size_t bits_len;
    fc_status st;
    if (key == NULL || der == NULL)
        return FC_ERR_NULL;
    memset(&parsed, 0, sizeof(parsed));
    /* SubjectPublicKeyInfo starts with a SEQUENCE (the algorithm), RSAPublicKey with an
     * INTEGER. */
    fc_der_init(&whole, der, der_len);
    st = fc_der_enter(&whole, 0x30, &seq);
    if (st == FC_OK && !fc_der_done(&seq) && seq.cur[0] == 0x30) {
        st = read_rsa_algorithm(&seq);
        if (st == FC_OK)
            st = fc_der_take(&seq, 0x03, &bits, &bits_len);
        if (st == FC_OK && !(fc_der_done(&seq) && fc_der_done(&whole)))
            st = FC_ERR_ENCODING;
        if (st == FC_OK && (bits_len < 1 || bits[0] != 0))
            st = FC_ERR_ENCODING; /* the key is whole bytes: no unused bits */
        if (st == FC_OK) {
            fc_der_init(&inner, bits + 1, bits_len - 1);
            st = read_rsa_public_key(&inner, &parsed);
        }
    } else if (st == FC_OK) {
        fc_der_init(&whole, der, der_len);
        st = read_rsa_public_key(&whole, &parsed);
    }
    if (st == FC_OK)
        st = check_public(&parsed);
    if (st == FC_OK)
        *key = parsed;
    return st;
}

/* Writing. An INTEGER's encoded size and, when out is not NULL, the INTEGER itself: the value
 * without leading zeros, a 0x00 before a top bit (zero is 02 01 00). */
static size_t put_uint(uint8_t *out, const uint8_t *v, size_t len)
{
    size_t pad, content, head;
    v = strip(v, &len);
    pad = len == 0 || (v[0] & 0x80) ? 1 : 0;
    content = pad + len;
    head = fc_der_put_header(out, 0x02, content);
    if (out != NULL) {
        if (pad)
            out[head] = 0;
        if (len > 0)
            memcpy(out + head + pad, v, len);
    }
    return head + content;
}

/* RSAPublicKey's content (the two INTEGERs). */
static size_t put_public_content(uint8_t *out, const fc_rsa_public_key *key)
{
    size_t n_size = put_uint(out, key->n, key->n_len);
    return n_size + put_uint(out != NULL ? out + n_size : NULL, key->e, key->e_len);
}

fc_status fc_rsa_public_to_der(uint8_t *der, size_t *der_len, const fc_rsa_public_key *key)
{
    size_t key_content, key_seq, bit_string, alg, spki_content, total, at;
    fc_status st;
    if (der == NULL || der_len == NULL || key == NULL || key->n == NULL || key->e == NULL)
        return FC_ERR_NULL;
    st = check_public(key);
    if (st != FC_OK)
        return st;
    /* SEQUENCE { SEQUENCE { OID, NULL }, BIT STRING { 00, SEQUENCE { n, e } } } */
    key_content = put_public_content(NULL, key);
    key_seq = fc_der_put_header(NULL, 0x30, key_content) + key_content;
    bit_string = fc_der_put_header(NULL, 0x03, 1 + key_seq) + 1 + key_seq;
    alg = 2 + RSA_ALG_ID_CONTENT_LEN;
    spki_content = alg + bit_string;
    total = fc_der_put_header(NULL, 0x30, spki_content) + spki_content;
    if (*der_len < total)
        return FC_ERR_LENGTH;
    at = fc_der_put_header(der, 0x30, spki_content);
    at += fc_der_put_header(der + at, 0x30, RSA_ALG_ID_CONTENT_LEN);
    memcpy(der + at, rsa_encryption_oid, sizeof(rsa_encryption_oid));
    at += sizeof(rsa_encryption_oid);
    der[at++] = 0x05;
    der[at++] = 0x00;
    at += fc_der_put_header(der + at, 0x03, 1 + key_seq);
    der[at++] = 0x00; /* no unused bits */
    at += fc_der_put_header(der + at, 0x30, key_content);
    at += put_public_content(der + at, key);
    *der_len = at;
    return FC_OK;
}

fc_status fc_rsa_private_to_der(uint8_t *der, size_t *der_len, const fc_rsa_private_key *key)
{
    static const uint8_t zero = 0;
    const uint8_t *values[9];
    size_t lens[9], content = 0, total, at, i;
    fc_status st;
    if (der == NULL || der_len == NULL || key == NULL || key->pub.n == NULL ||
        key->pub.e == NULL || key->p == NULL || key->q == NULL || key->dp == NULL ||
        key->dq == NULL || key->qinv == NULL || (key->d == NULL && key->d_len != 0))
        return FC_ERR_NULL;
    st = check_private(key);
    if (st != FC_OK)
        return st;
    if (key->d == NULL || key->d_len == 0)
        return FC_ERR_KEY; /* PKCS#1 needs d */
    /* SEQUENCE { 0, n, e, d, p, q, dP, dQ, qInv } */
    values[0] = &zero;
    lens[0] = 1;
    values[1] = key->pub.n;
    lens[1] = key->pub.n_len;
    values[2] = key->pub.e;
    lens[2] = key->pub.e_len;
    values[3] = key->d;
    lens[3] = key->d_len;
    values[4] = key->p;
    lens[4] = key->p_len;
    values[5] = key->q;
    lens[5] = key->q_len;
    values[6] = key->dp;
    lens[6] = key->dp_len;
    values[7] = key->dq;
    lens[7] = key->dq_len;
    values[8] = key->qinv;
    lens[8] = key->qinv_len;
    for (i = 0; i < 9; i++)
        content += put_uint(NULL, values[i], lens[i]);
    total = fc_der_put_header(NULL, 0x30, content) + content;
    if (*der_len < total)
        return FC_ERR_LENGTH;
    at = fc_der_put_header(der, 0x30, content);
    for (i = 0; i < 9; i++)
        at += put_uint(der + at, values[i], lens[i]);
    *der_len = at;
    return FC_OK;
}
