/* libFuzzer: decryption that must verify before it releases anything, differential between the
 * soft provider and OpenSSL's (where the build has it): AES-GCM (128, 256), AES-CCM (nonce 7 to
 * 13, tag 4 to 16, any AES key), ChaCha20-Poly1305, XChaCha20-Poly1305, AES-CBC with PKCS#7
 * padding, AES-KW and AES-KWP unwrap, with key, nonce, associated data, ciphertext and tag from
 * the input, their lengths too (so lengths the API refuses come up as well).
 *
 * Must hold: both providers return the same status, and the same plaintext when it is FC_OK;
 * a failure releases nothing, as the headers say: a refused call (FC_ERR_LENGTH before any
 * work) leaves the output untouched; a failed tag (aead.h), integrity value (wrap.h) or
 * padding (cipher.h, the one-shot fc_cipher) leaves zeros where the plaintext would have gone;
 * the bytes after that region are never written. A failed in-place AEAD open leaves zeros
 * where the ciphertext was.
 *
 * So that valid tags are reached, a flag makes the soft provider first encrypt (seal, wrap,
 * pad and encrypt) a message from the input under the same key, nonce and associated data,
 * and another flips one bit of ciphertext, tag or associated data chosen by the input: intact,
 * it must open to the message; flipped, an AEAD or key wrap must refuse it (FC_ERR_VERIFY).
 *
 * Input: a 10-byte header, then the body (zero-extended): key (32 bytes), nonce (255), aad
 * (255), tag (17), ciphertext or message (1024).
 *   h[0] algorithm (% 8, table below)
 *   h[1] bit 0..1: 2 encrypt first, 3 encrypt first and flip a bit, else the body's ciphertext;
 *        bits 2..3 AES key length (16, 24, 32; GCM's is fixed); bit 4 round the message
 *        length down to whole blocks; bit 5 (AEADs) also open in place; bit 6 key length from
 *        h[9] (0 to 32) instead
 *   h[2..3] the bit to flip (mod the bits of ciphertext, tag and aad)
 *   h[4] tag length: bit 7 set, any 0 to 17; else one the algorithm takes
 *   h[5] nonce length: bit 7 set, any (GCM 1 to 255, odd; others 0 to 127); else a taken one
 *   h[6] aad length; h[7..8] message length (% 1025); h[9] raw key length
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define HEADER 10
#define KEY_AT 0
#define NONCE_AT (KEY_AT + 32)
#define AAD_AT (NONCE_AT + 255)
#define TAG_AT (AAD_AT + 255)
#define MSG_AT (TAG_AT + 17)
#define MAX_MSG 1024
#define BODY (MSG_AT + MAX_MSG)
#define ROOM (MAX_MSG + 32) /* output buffers: the message, a block of padding, a margin */
#define CANARY 0xa5

enum kind { GCM128, GCM256, CCM, CHAPOLY, XCHAPOLY, CBC_PKCS7, KW, KWP };

typedef struct {
    enum kind kind;
    fc_alg alg;
    const uint8_t *key, *nonce, *aad, *tag, *in;
    size_t key_len, nonce_len, aad_len, tag_len, len;
    int in_place;
} job;

/* A broken property: say which (the line) and stop. */
#define fail() fail_at(__LINE__)
static void fail_at(int line)
{
    fprintf(stderr, "fuzz_aead_open.c:%d: property broken\n", line);
    abort();
}

static int all(const uint8_t *p, size_t n, uint8_t v)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (p[i] != v)
            return 0;
    }
    return 1;
}

static int is_aead(enum kind k)
{
    return k <= XCHAPOLY;
}

/* The output region a failed call may have wiped (the headers' n), given the call's input. */
static size_t wiped_len(const job *j)
{
    if (j->kind == KW || j->kind == KWP)
        return j->len >= 8 ? j->len - 8 : 0;
    return j->len;
}

/* One decryption on provider p into out (ROOM bytes, filled with CANARY first); *out_len gets
 * the plaintext's length. Checks the output discipline of a failure. */
static fc_status open_on(const fc_provider *p, const job *j, uint8_t *out, size_t *out_len)
{
    fc_status st;
    size_t room = ROOM, n = wiped_len(j);
    memset(out, CANARY, ROOM);
    *out_len = 0;
    if (is_aead(j->kind)) {
        st = fc_aead_decrypt(p, j->alg, out, j->key, j->key_len, j->nonce, j->nonce_len, j->aad,
                             j->aad_len, j->in, j->len, j->tag, j->tag_len);
        *out_len = j->len;
    } else if (j->kind == CBC_PKCS7) {
        room = j->len; /* what the header asks for decryption */
        st = fc_cipher(p, j->alg, FC_DECRYPT, out, &room, j->key, j->key_len, j->nonce,
                       j->nonce_len, j->in, j->len);
        *out_len = room;
    } else {
        room = n; /* exactly the room wrap.h asks for */
        st = fc_unwrap(p, j->alg, out, &room, j->key, j->key_len, j->in, j->len);
        *out_len = room;
    }
    if (st == FC_OK) {
        /* KWP unwraps in out[0..n): past the key, its zero padding may stay there */
        if (*out_len > n || !all(out + n, ROOM - n, CANARY) ||
            !(all(out + *out_len, n - *out_len, CANARY) ||
              (j->kind == KWP && all(out + *out_len, n - *out_len, 0))))
            fail();
        return st;
    }
    *out_len = 0;
    switch (st) {
    case FC_ERR_VERIFY: /* AEAD tag, key wrap integrity: zeros where the plaintext went */
        if (j->kind == CBC_PKCS7 || !all(out, n, 0) || !all(out + n, ROOM - n, CANARY))
            fail();
        break;
    case FC_ERR_PADDING: /* fc_cipher: no partial output */
        if (j->kind != CBC_PKCS7 || !all(out, n, 0) || !all(out + n, ROOM - n, CANARY))
            fail();
        break;
    case FC_ERR_LENGTH: /* refused before any work; fc_cipher's final refuses after it */
        if (!all(out + n, ROOM - n, CANARY) ||
            !(all(out, n, CANARY) || (j->kind == CBC_PKCS7 && all(out, n, 0))))
            fail();
        break;
    default: /* nothing else is expected of these inputs */
        fail();
    }
    return st;
}

/* The soft AEAD opened in place must give what it gave out of place (st, plain). */
static void open_in_place(const fc_provider *soft, const job *j, fc_status st,
                          const uint8_t *plain)
{
    uint8_t buf[ROOM];
    fc_status st2;
    memcpy(buf, j->in, j->len);
    memset(buf + j->len, CANARY, ROOM - j->len);
    st2 = fc_aead_decrypt(soft, j->alg, buf, j->key, j->key_len, j->nonce, j->nonce_len,
                          j->aad, j->aad_len, buf, j->len, j->tag, j->tag_len);
    if (st2 != st || !all(buf + j->len, ROOM - j->len, CANARY))
        fail();
    if ((st == FC_OK && memcmp(buf, plain, j->len) != 0) ||
        (st == FC_ERR_VERIFY && !all(buf, j->len, 0)) ||
        (st == FC_ERR_LENGTH && memcmp(buf, j->in, j->len) != 0))
        fail();
}

/* Soft encrypts msg[0..len) under j's key, nonce and aad into ct (and tag); j->in, j->len and
 * j->tag then name the result. 0 when the lengths are ones encryption refuses. */
static int encrypt_first(const fc_provider *soft, job *j, const uint8_t *msg, size_t len,
                         uint8_t *ct, uint8_t *tag)
{
    size_t n = ROOM;
    fc_status st;
    if (is_aead(j->kind)) {
        st = fc_aead_encrypt(soft, j->alg, ct, tag, j->tag_len, j->key, j->key_len, j->nonce,
                             j->nonce_len, j->aad, j->aad_len, msg, len);
        n = len;
        j->tag = tag;
    } else if (j->kind == CBC_PKCS7) {
        st = fc_cipher(soft, j->alg, FC_ENCRYPT, ct, &n, j->key, j->key_len, j->nonce,
                       j->nonce_len, msg, len);
    } else {
        st = fc_wrap(soft, j->alg, ct, &n, j->key, j->key_len, msg, len);
    }
    if (st == FC_ERR_LENGTH)
        return 0;
    if (st != FC_OK || n > ROOM)
        fail();
    j->in = ct;
    j->len = n;
    return 1;
}

/* Flip bit `at` (mod the bits there are) of ciphertext, tag and aad, which job names in
 * writable copies ct, tag, aad. 0 if there is no bit to flip. */
static int flip(job *j, unsigned at, uint8_t *ct, uint8_t *tag, uint8_t *aad)
{
    size_t tag_len = is_aead(j->kind) ? j->tag_len : 0;
    size_t aad_len = is_aead(j->kind) ? j->aad_len : 0;
    size_t bytes = j->len + tag_len + aad_len, i;
    if (bytes == 0)
        return 0;
    i = (at / 8u) % bytes;
    if (i < j->len)
        ct[i] ^= (uint8_t)(1u << (at % 8u));
    else if (i < j->len + tag_len)
        tag[i - j->len] ^= (uint8_t)(1u << (at % 8u));
    else
        aad[i - j->len - tag_len] ^= (uint8_t)(1u << (at % 8u));
    return 1;
}

static void pick_lengths(job *j, const uint8_t *h)
{
    static const uint8_t gcm_tags[7] = {4, 8, 12, 13, 14, 15, 16};
    static const uint8_t ccm_tags[7] = {4, 6, 8, 10, 12, 14, 16};
    static const uint8_t aes_keys[3] = {16, 24, 32};
    int raw_tag = (h[4] & 0x80) != 0, raw_nonce = (h[5] & 0x80) != 0;
    j->key_len = (j->kind == GCM128) ? 16 : (j->kind == GCM256 || j->kind == CHAPOLY ||
                                            j->kind == XCHAPOLY) ? 32
                                                                 : aes_keys[((h[1] >> 2) & 3) % 3];
    if (h[1] & 0x40)
        j->key_len = h[9] % 33u;
    j->aad_len = is_aead(j->kind) ? h[6] : 0;
    j->len = (((size_t)h[7] << 8) | h[8]) % (MAX_MSG + 1);
    switch (j->kind) {
    case GCM128:
    case GCM256:
        j->tag_len = raw_tag ? (h[4] & 0x7f) % 18u : gcm_tags[h[4] % 7u];
        j->nonce_len = raw_nonce ? 2u * (h[5] & 0x7f) + 1u : (h[5] % 4u ? 1u + h[5] % 64u : 12u);
        break;
    case CCM:
        j->tag_len = raw_tag ? (h[4] & 0x7f) % 18u : ccm_tags[h[4] % 7u];
        j->nonce_len = raw_nonce ? (h[5] & 0x7f) % 17u : 7u + h[5] % 7u;
        break;
    case CHAPOLY:
    case XCHAPOLY:
        j->tag_len = raw_tag ? (h[4] & 0x7f) % 18u : 16u;
        j->nonce_len = raw_nonce ? (h[5] & 0x7f) : (j->kind == CHAPOLY ? 12u : 24u);
        break;
    case CBC_PKCS7:
        j->tag_len = 0;
        j->nonce_len = raw_nonce ? (h[5] & 0x7f) % 33u : 16u; /* the IV */
        break;
    default:
        j->tag_len = j->nonce_len = 0;
        break;
    }
    if (h[1] & 0x10)
        j->len -= j->len % (j->kind == CBC_PKCS7 ? 16u : 8u);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const fc_alg algs[8] = {FC_AES_GCM, FC_AES_GCM, FC_AES_CCM, FC_CHACHA20_POLY1305,
                                   FC_XCHACHA20_POLY1305, FC_AES_CBC_PKCS7, FC_AES_KW,
                                   FC_AES_KWP};
    const fc_provider *soft = fc_provider_find("soft"), *ossl = fc_provider_find("openssl");
    uint8_t body[BODY], ct[ROOM], tag[17], aad[255], out[ROOM], ref[ROOM];
    const uint8_t *h = data;
    size_t msg_len, out_len, ref_len;
    int sealed = 0, flipped = 0;
    fc_status st, st_ref;
    job j;
    if (size < HEADER)
        return 0;
    memset(body, 0, sizeof(body));
    memcpy(body, data + HEADER, size - HEADER < BODY ? size - HEADER : BODY);
    memset(&j, 0, sizeof(j));
    j.kind = (enum kind)(h[0] % 8u);
    j.alg = algs[j.kind];
    pick_lengths(&j, h);
    j.key = body + KEY_AT;
    j.nonce = body + NONCE_AT;
    memcpy(aad, body + AAD_AT, sizeof(aad));
    j.aad = aad;
    memcpy(tag, body + TAG_AT, sizeof(tag));
    j.tag = tag;
    memcpy(ct, body + MSG_AT, j.len);
    j.in = ct;
    j.in_place = is_aead(j.kind) && (h[1] & 0x20) != 0;

    msg_len = j.len;
    if ((h[1] & 3u) >= 2u)
        sealed = encrypt_first(soft, &j, body + MSG_AT, msg_len, ct, tag);
    if (sealed && (h[1] & 3u) == 3u)
        flipped = flip(&j, ((unsigned)h[2] << 8) | h[3], ct, tag, aad);

    st = open_on(soft, &j, out, &out_len);
    if (sealed && !flipped &&
        (st != FC_OK || out_len != msg_len || memcmp(out, body + MSG_AT, msg_len) != 0))
        fail(); /* what soft sealed opens to the message */
    if (flipped && j.kind != CBC_PKCS7 && st != FC_ERR_VERIFY)
        fail(); /* a changed bit must not pass a tag or integrity check */
    if (j.in_place)
        open_in_place(soft, &j, st, out);
    if (ossl != NULL) {
        st_ref = open_on(ossl, &j, ref, &ref_len);
        if (st_ref != st || ref_len != out_len || memcmp(out, ref, out_len) != 0)
            fail();
    }
    return 0;
}
