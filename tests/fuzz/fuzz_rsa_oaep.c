/* libFuzzer: RSA-OAEP decryption (rsa.h) of arbitrary ciphertexts under a fixed 2048-bit key
 * (the first key of tests/c/rsa_vectors.h, from pyca/cryptography). The first byte picks the
 * hash (SHA-1 or SHA-256), the label's length and the mode: the rest is either the ciphertext
 * itself (any length), or a message that is encrypted first and then changed at the positions
 * (and by the bytes) the input's tail gives. What must hold:
 * - soft and OpenSSL (when built) return the same status, and on success the same message;
 * - a failure writes nothing and leaves *msg_len as it was; every decoding failure is
 *   FC_ERR_DECRYPT (never another status for a k-byte ciphertext below n);
 * - a message that was encrypted and not changed comes back; a changed one does not;
 * - the work area is zero after every call.
 * Any failure aborts. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "fieldcrypt/rsa.h"
#include "../c/rsa_vectors.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t parts[7][512];
static fc_rsa_private_key key;
static fc_rsa_work work;

static size_t unhex(uint8_t *dst, const char *hex)
{
    size_t n = 0;
    for (; hex[0] && hex[1]; hex += 2) {
        unsigned v = 0, i;
        for (i = 0; i < 2; i++) {
            char c = hex[i];
            v = v * 16 + (unsigned)(c <= '9' ? c - '0' : c - 'a' + 10);
        }
        dst[n++] = (uint8_t)v;
    }
    return n;
}

static void load_key(void)
{
    const rsa_vector *v = &rsa_vectors[0];
    const char *hex[7] = {v->n, v->e, v->p, v->q, v->dp, v->dq, v->qinv};
    size_t len[7];
    int i;
    for (i = 0; i < 7; i++)
        len[i] = unhex(parts[i], hex[i]);
    key.pub.n = parts[0], key.pub.n_len = len[0];
    key.pub.e = parts[1], key.pub.e_len = len[1];
    key.p = parts[2], key.p_len = len[2];
    key.q = parts[3], key.q_len = len[3];
    key.dp = parts[4], key.dp_len = len[4];
    key.dq = parts[5], key.dq_len = len[5];
    key.qinv = parts[6], key.qinv_len = len[6];
}

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = p;
    size_t i;
    for (i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

/* Decrypts ct with provider p; checks the output discipline; returns the status. */
static fc_status decrypt(const fc_provider *p, fc_alg hash, uint8_t *msg, size_t *msg_len,
                         const uint8_t *label, size_t label_len, const uint8_t *ct,
                         size_t ct_len)
{
    uint8_t before[256];
    size_t room = *msg_len;
    fc_status st;
    memset(msg, 0xa5, room);
    memcpy(before, msg, room);
    st = fc_rsa_decrypt_oaep(p, hash, NULL, &work, msg, msg_len, &key, label, label_len, ct,
                             ct_len);
    if (!all_zero(&work, sizeof(work)))
        abort(); /* the work area holds nothing after the call */
    if (st != FC_OK && (*msg_len != room || memcmp(msg, before, room) != 0))
        abort(); /* a failure writes nothing */
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int loaded;
    const fc_provider *soft = fc_provider_find("soft"), *ossl = fc_provider_find("openssl");
    uint8_t ct[300], orig[256], m1[256], m2[256];
    const uint8_t *label;
    size_t k = 256, ct_len, label_len, len1 = sizeof(m1), len2 = sizeof(m2);
    fc_alg hash;
    fc_status st1, st2;
    int mode, changed = 0;
    if (!loaded) {
        load_key();
        loaded = 1;
    }
    if (size < 1)
        return 0;
    hash = (data[0] & 1) ? FC_SHA256 : FC_SHA1;
    mode = (data[0] >> 1) & 1;
    label_len = (size_t)(data[0] >> 2) % 9;
    data++, size--;
    if (label_len > size)
        label_len = size;
    label = data;
    data += label_len, size -= label_len;
    if (mode == 0) { /* the ciphertext as given */
        ct_len = size < sizeof(ct) ? size : sizeof(ct);
        memcpy(ct, data, ct_len);
    } else { /* a message encrypted, then changed at (position, xor) pairs of the tail */
        size_t mlen = size > 0 ? data[0] % 64 : 0, i;
        if (1 + mlen > size)
            mlen = size > 0 ? size - 1 : 0;
        ct_len = sizeof(ct);
        if (fc_rsa_encrypt_oaep(soft, hash, NULL, &work, ct, &ct_len, &key.pub, label,
                                label_len, size > 0 ? data + 1 : NULL, mlen) != FC_OK ||
            ct_len != k)
            abort();
        memcpy(orig, ct, k);
        for (i = 1 + mlen; i + 1 < size; i += 2)
            ct[data[i] % k] ^= data[i + 1];
        /* changed by what the ciphertext now is: two changes of one byte can cancel */
        changed = memcmp(ct, orig, k) != 0;
        st1 = decrypt(soft, hash, m1, &len1, label, label_len, ct, ct_len);
        if (!changed && (st1 != FC_OK || len1 != mlen || memcmp(m1, data + 1, mlen) != 0))
            abort(); /* an untouched ciphertext decrypts */
        if (changed && st1 == FC_OK)
            abort(); /* a changed one does not (OAEP is not malleable this way in practice) */
    }
    st1 = decrypt(soft, hash, m1, &len1, label, label_len, ct, ct_len);
    if (ct_len == k && st1 != FC_OK && st1 != FC_ERR_DECRYPT)
        abort(); /* one status for every decoding failure */
    if (ossl != NULL) {
        st2 = decrypt(ossl, hash, m2, &len2, label, label_len, ct, ct_len);
        if (st1 != st2 || (st1 == FC_OK && (len1 != len2 || memcmp(m1, m2, len1) != 0)))
            abort(); /* soft and OpenSSL agree */
    }
    return 0;
}
