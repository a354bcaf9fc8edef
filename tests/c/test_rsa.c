/* RSA through the public API (rsa.h, src/core/rsa.c): PKCS#1 v1.5 and PSS signatures and OAEP
 * ciphertexts from pyca/cryptography (rsa_padding_vectors.h, written by
 * gen_rsa_padding_vectors.py) on 2048-, 3072- and 2105-bit keys (the last: PSS's encoding one
 * byte shorter than n) verified and decrypted by every provider; deterministic signatures
 * (PKCS#1 v1.5, PSS with an empty salt) compared with cryptography's; random-salt signatures
 * and encryptions checked by verification and decryption; every bad input of rsa.h with its
 * status, nothing written and the work area wiped; OAEP's decoding failures (a flipped
 * ciphertext byte at every position, each malformed encoding) all FC_ERR_DECRYPT; key
 * generation. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "rsa_padding_vectors.h"
#include "test_driver.h"
#include "testutil.h"

#define KMAX (FC_RSA_MAX_BITS / 8)

static fc_rsa_work work;

static int random_fill(void *user, uint8_t *out, size_t len)
{
    (void)user;
    tu_fill_random(out, len);
    return 0;
}
static int failing_fill(void *user, uint8_t *out, size_t len)
{
    (void)user;
    (void)out;
    (void)len;
    return 1;
}
static const fc_rng test_rng = {random_fill, NULL};
static const fc_rng bad_rng = {failing_fill, NULL};

static int work_zero(void)
{
    return tu_all_zero(&work, sizeof(work));
}

/* A key of rsa_padding_keys decoded (tu_unhex buffers). */
typedef struct {
    fc_rsa_private_key key;
    uint8_t *bufs[8];
    size_t k;
} loaded_key;

static loaded_key keys[sizeof(rsa_padding_keys) / sizeof(rsa_padding_keys[0])];

static void load_keys(void)
{
    size_t i, j, lens[8];
    for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        const rsa_padding_key *v = &rsa_padding_keys[i];
        const char *hex[8] = {v->n, v->e, v->d, v->p, v->q, v->dp, v->dq, v->qinv};
        fc_rsa_private_key *key = &keys[i].key;
        for (j = 0; j < 8; j++)
            keys[i].bufs[j] = tu_unhex(hex[j], &lens[j]);
        key->pub.n = keys[i].bufs[0];
        key->pub.n_len = lens[0];
        key->pub.e = keys[i].bufs[1];
        key->pub.e_len = lens[1];
        key->d = keys[i].bufs[2];
        key->d_len = lens[2];
        key->p = keys[i].bufs[3];
        key->p_len = lens[3];
        key->q = keys[i].bufs[4];
        key->q_len = lens[4];
        key->dp = keys[i].bufs[5];
        key->dp_len = lens[5];
        key->dq = keys[i].bufs[6];
        key->dq_len = lens[6];
        key->qinv = keys[i].bufs[7];
        key->qinv_len = lens[7];
        keys[i].k = (v->bits + 7) / 8;
    }
}

static size_t hash_len(fc_alg hash)
{
    fc_alg_info info;
    return fc_alg_get(hash, &info) == FC_OK ? info.out_len : 0;
}

/* A known-answer signature: verified (message and digest forms, exact and any salt), refused
 * with one bit flipped in the signature or the message; deterministic ones re-made and
 * compared, random-salt ones made and verified. */
static void check_signature(const fc_provider *p, const rsa_padding_vector *v)
{
    const loaded_key *lk = &keys[v->key];
    const fc_rsa_public_key *pub = &lk->key.pub;
    size_t msg_len, sig_len, k = lk->k, hlen = hash_len(v->hash), out_len;
    uint8_t *msg = tu_unhex(v->msg, &msg_len), *sig = tu_unhex(v->out, &sig_len);
    uint8_t digest[FC_HASH_MAX_LEN], out[KMAX + 1], bad[KMAX];
    int pss = v->kind == RSA_PSS;
    fc_status st;
    CHECK(sig_len == k, "%s: vector length", v->name);
    CHECK(fc_hash(p, v->hash, digest, sizeof(digest), msg, msg_len) == FC_OK, "%s: hash", v->name);

    st = pss ? fc_rsa_verify_pss(p, v->hash, &work, pub, v->salt_len, msg, msg_len, sig, k)
             : fc_rsa_verify_pkcs1v15(p, v->hash, &work, pub, msg, msg_len, sig, k);
    CHECK(st == FC_OK && work_zero(), "%s on %s: verify (%d)", v->name, p->name, st);
    st = pss ? fc_rsa_verify_pss_digest(p, v->hash, &work, pub, v->salt_len, digest, hlen, sig, k)
             : fc_rsa_verify_pkcs1v15_digest(p, v->hash, &work, pub, digest, hlen, sig, k);
    CHECK(st == FC_OK && work_zero(), "%s on %s: verify digest (%d)", v->name, p->name, st);
    if (pss) {
        st = fc_rsa_verify_pss(p, v->hash, &work, pub, FC_RSA_PSS_SALT_AUTO, msg, msg_len, sig, k);
        CHECK(st == FC_OK, "%s: verify, any salt length (%d)", v->name, st);
        st = fc_rsa_verify_pss(p, v->hash, &work, pub, v->salt_len + 1, msg, msg_len, sig, k);
        CHECK(st == FC_ERR_VERIFY && work_zero(), "%s: verify, another salt length", v->name);
        if (v->salt_len > 0) {
            st = fc_rsa_verify_pss(p, v->hash, &work, pub, v->salt_len - 1, msg, msg_len, sig, k);
            CHECK(st == FC_ERR_VERIFY, "%s: verify, a shorter salt length", v->name);
        }
    }
    memcpy(bad, sig, k);
    bad[k - 1 - (size_t)(tu_rand() % 64)] ^= (uint8_t)(1u << (tu_rand() % 8));
    st = pss ? fc_rsa_verify_pss(p, v->hash, &work, pub, v->salt_len, msg, msg_len, bad, k)
             : fc_rsa_verify_pkcs1v15(p, v->hash, &work, pub, msg, msg_len, bad, k);
    CHECK(st == FC_ERR_VERIFY && work_zero(), "%s: a flipped signature bit (%d)", v->name, st);
    digest[tu_rand() % hlen] ^= 0x10;
    st = pss ? fc_rsa_verify_pss_digest(p, v->hash, &work, pub, v->salt_len, digest, hlen, sig, k)
             : fc_rsa_verify_pkcs1v15_digest(p, v->hash, &work, pub, digest, hlen, sig, k);
    CHECK(st == FC_ERR_VERIFY && work_zero(), "%s: another digest (%d)", v->name, st);
    if (v->hash != FC_SHA224 && v->hash != FC_SHA1) {
        /* another hash of the same length family: SHA-256 <-> SHA-384 <-> SHA-512 */
        fc_alg other = v->hash == FC_SHA256 ? FC_SHA384 : FC_SHA256;
        st = pss ? fc_rsa_verify_pss(p, other, &work, pub, FC_RSA_PSS_SALT_AUTO, msg, msg_len, sig, k)
                 : fc_rsa_verify_pkcs1v15(p, other, &work, pub, msg, msg_len, sig, k);
        CHECK(st == FC_ERR_VERIFY, "%s: verified with another hash", v->name);
    }

    if (v->hash == FC_SHA1) { /* verification only */
        out_len = sizeof(out);
        memset(out, 0xa5, sizeof(out));
        st = pss ? fc_rsa_sign_pss(p, v->hash, &test_rng, &work, out, &out_len, &lk->key, 20, msg,
                                   msg_len)
                 : fc_rsa_sign_pkcs1v15(p, v->hash, &test_rng, &work, out, &out_len, &lk->key,
                                        msg, msg_len);
        CHECK(st == FC_ERR_ARGUMENT && out_len == sizeof(out) && out[0] == 0xa5,
              "%s: no SHA-1 signing", v->name);
    } else if (!pss || v->salt_len == 0) { /* deterministic: cryptography's own signature */
        out_len = sizeof(out);
        st = pss ? fc_rsa_sign_pss(p, v->hash, &test_rng, &work, out, &out_len, &lk->key, 0, msg,
                                   msg_len)
                 : fc_rsa_sign_pkcs1v15(p, v->hash, &test_rng, &work, out, &out_len, &lk->key,
                                        msg, msg_len);
        CHECK(st == FC_OK && out_len == k && memcmp(out, sig, k) == 0 && work_zero(),
              "%s on %s: sign (%d)", v->name, p->name, st);
        memset(out, 0, sizeof(out));
        out_len = k;
        CHECK(fc_hash(p, v->hash, digest, sizeof(digest), msg, msg_len) == FC_OK, "hash");
        st = pss ? fc_rsa_sign_pss_digest(p, v->hash, &test_rng, &work, out, &out_len, &lk->key,
                                          0, digest, hlen)
                 : fc_rsa_sign_pkcs1v15_digest(p, v->hash, &test_rng, &work, out, &out_len,
                                               &lk->key, digest, hlen);
        CHECK(st == FC_OK && out_len == k && memcmp(out, sig, k) == 0 && work_zero(),
              "%s on %s: sign digest (%d)", v->name, p->name, st);
    } else { /* a random salt of the vector's length: our signature verifies */
        out_len = k;
        st = fc_rsa_sign_pss(p, v->hash, &test_rng, &work, out, &out_len, &lk->key, v->salt_len,
                             msg, msg_len);
        CHECK(st == FC_OK && out_len == k && work_zero(), "%s: sign (%d)", v->name, st);
        CHECK(memcmp(out, sig, k) != 0, "%s: a fresh salt", v->name);
        st = fc_rsa_verify_pss(p, v->hash, &work, pub, v->salt_len, msg, msg_len, out, k);
        CHECK(st == FC_OK, "%s: our signature verifies (%d)", v->name, st);
    }
    free(msg);
    free(sig);
}

/* A known-answer OAEP ciphertext: decrypted (with room to spare, exactly enough, too little),
 * refused under another label; our own encryption of the message decrypts back. */
static void check_oaep(const fc_provider *p, const rsa_padding_vector *v)
{
    const loaded_key *lk = &keys[v->key];
    size_t msg_len, ct_len, label_len, k = lk->k, out_len;
    uint8_t *msg = tu_unhex(v->msg, &msg_len), *ct = tu_unhex(v->out, &ct_len);
    uint8_t *label = tu_unhex(v->label, &label_len);
    uint8_t out[KMAX], ct2[KMAX + 3];
    fc_status st;

    out_len = sizeof(out);
    st = fc_rsa_decrypt_oaep(p, v->hash, &test_rng, &work, out, &out_len, &lk->key, label,
                             label_len, ct, k);
    CHECK(st == FC_OK && out_len == msg_len && memcmp(out, msg, msg_len) == 0 && work_zero(),
          "%s on %s: decrypt (%d)", v->name, p->name, st);
    out_len = msg_len;
    st = fc_rsa_decrypt_oaep(p, v->hash, &test_rng, &work, out, &out_len, &lk->key, label,
                             label_len, ct, k);
    CHECK(st == FC_OK && out_len == msg_len, "%s: decrypt, exact room", v->name);
    if (msg_len > 0) {
        memset(out, 0x5a, sizeof(out));
        out_len = msg_len - 1;
        st = fc_rsa_decrypt_oaep(p, v->hash, &test_rng, &work, out, &out_len, &lk->key, label,
                                 label_len, ct, k);
        CHECK(st == FC_ERR_LENGTH && out_len == msg_len - 1 && out[0] == 0x5a && work_zero(),
              "%s: decrypt, too little room", v->name);
    }
    memset(out, 0x5a, sizeof(out));
    out_len = sizeof(out);
    st = fc_rsa_decrypt_oaep(p, v->hash, &test_rng, &work, out, &out_len, &lk->key,
                             (const uint8_t *)"other", 5, ct, k);
    CHECK(st == FC_ERR_DECRYPT && out_len == sizeof(out) && out[0] == 0x5a && work_zero(),
          "%s: another label (%d)", v->name, st);

    ct_len = sizeof(ct2);
    st = fc_rsa_encrypt_oaep(p, v->hash, &test_rng, &work, ct2, &ct_len, &lk->key.pub, label,
                             label_len, msg, msg_len);
    CHECK(st == FC_OK && ct_len == k && work_zero() && memcmp(ct2, ct, k) != 0,
          "%s: encrypt (%d)", v->name, st);
    out_len = sizeof(out);
    st = fc_rsa_decrypt_oaep(p, v->hash, &test_rng, &work, out, &out_len, &lk->key, label,
                             label_len, ct2, k);
    CHECK(st == FC_OK && out_len == msg_len && memcmp(out, msg, msg_len) == 0,
          "%s: our ciphertext decrypts (%d)", v->name, st);
    free(msg);
    free(ct);
    free(label);
}

static void check_vectors(const fc_provider *p)
{
    size_t i;
    for (i = 0; i < sizeof(rsa_padding_vectors) / sizeof(rsa_padding_vectors[0]); i++) {
        const rsa_padding_vector *v = &rsa_padding_vectors[i];
        if (keys[v->key].k > KMAX)
            continue;
        if (v->kind == RSA_OAEP)
            check_oaep(p, v);
        else
            check_signature(p, v);
    }
}

/* A byte of the ciphertext changed at every position: FC_ERR_DECRYPT each time (the first
 * bytes may make it >= n: the same status). */
static void check_oaep_flips(const fc_provider *p, const rsa_padding_vector *v, int every)
{
    const loaded_key *lk = &keys[v->key];
    size_t ct_len, k = lk->k, i, out_len;
    uint8_t *ct = tu_unhex(v->out, &ct_len), out[KMAX];
    int ok = 1;
    for (i = 0; i < k; i += every ? 1 : 1 + tu_rand() % 40) {
        uint8_t flip = (uint8_t)(1u + tu_rand() % 255);
        fc_status st;
        ct[i] ^= flip;
        memset(out, 0x5a, sizeof(out));
        out_len = sizeof(out);
        st = fc_rsa_decrypt_oaep(p, v->hash, &test_rng, &work, out, &out_len, &lk->key, NULL, 0,
                                 ct, k);
        if (st != FC_ERR_DECRYPT || out_len != sizeof(out) || out[0] != 0x5a || !work_zero()) {
            ok = 0;
            fprintf(stderr, "flip at %u: %d\n", (unsigned)i, st);
        }
        ct[i] ^= flip;
    }
    CHECK(ok, "%s on %s: a flipped ciphertext byte anywhere is FC_ERR_DECRYPT", v->name, p->name);
    free(ct);
}

/* out[0..len) ^= MGF1-SHA-256(seed): the test's own, to build malformed encodings. */
static void mgf1_sha256_xor(uint8_t *out, size_t len, const uint8_t *seed, size_t seed_len)
{
    uint8_t buf[KMAX + 4], block[32];
    uint32_t c;
    size_t done, i;
    memcpy(buf, seed, seed_len);
    for (c = 0, done = 0; done < len; c++, done += 32) {
        buf[seed_len] = (uint8_t)(c >> 24);
        buf[seed_len + 1] = (uint8_t)(c >> 16);
        buf[seed_len + 2] = (uint8_t)(c >> 8);
        buf[seed_len + 3] = (uint8_t)c;
        (void)fc_hash(NULL, FC_SHA256, block, sizeof(block), buf, seed_len + 4);
        for (i = 0; i < 32 && done + i < len; i++)
            out[done + i] ^= block[i];
    }
}

/* Each malformed OAEP encoding (RFC 8017 7.1.2 step 3 g), made with the test's MGF1 and the
 * raw public operation: FC_ERR_DECRYPT, the same for all; and the well-formed edge cases
 * (the longest message, no PS; the empty message, 0x01 last) decrypt. */
static void check_oaep_encodings(const fc_provider *p)
{
    enum { GOOD, GOOD_NO_PS, GOOD_EMPTY, Y_NONZERO, LHASH, NO_SEPARATOR, SEPARATOR_2,
           PS_NONZERO, KINDS };
    static const char *const names[KINDS] = {"well formed", "no PS (longest message)",
                                             "empty message", "Y != 0", "lHash' != lHash",
                                             "no 0x01", "0x02 separator", "a non-zero PS byte"};
    const loaded_key *lk = &keys[0];
    size_t k = lk->k, hlen = 32, db_len = k - 33, msg_len, out_len;
    uint8_t em[KMAX], ct[KMAX], out[KMAX], msg[KMAX], *db = em + 33;
    int kind;
    for (kind = 0; kind < KINDS; kind++) {
        fc_status st;
        msg_len = kind == GOOD_NO_PS ? k - 2 * hlen - 2 : kind == GOOD_EMPTY ? 0 : 10;
        memset(em, 0, k);
        tu_fill_random(em + 1, hlen); /* seed */
        (void)fc_hash(NULL, FC_SHA256, db, 32, NULL, 0);
        db[db_len - msg_len - 1] = 0x01;
        tu_fill_random(msg, msg_len);
        memcpy(db + db_len - msg_len, msg, msg_len);
        if (kind == LHASH)
            db[31] ^= 0x01;
        if (kind == NO_SEPARATOR)
            db[db_len - msg_len - 1] = 0x00;
        if (kind == SEPARATOR_2)
            db[db_len - msg_len - 1] = 0x02;
        if (kind == PS_NONZERO)
            db[40] = 0x03;
        mgf1_sha256_xor(db, db_len, em + 1, hlen);
        mgf1_sha256_xor(em + 1, hlen, db, db_len);
        if (kind == Y_NONZERO)
            em[0] = 0x01; /* still below n, whose first byte is larger */
        CHECK(fc_rsa_public_raw(p, &work, ct, &lk->key.pub, em, k) == FC_OK, "%s: raw encrypt",
              names[kind]);
        memset(out, 0x5a, sizeof(out));
        out_len = sizeof(out);
        st = fc_rsa_decrypt_oaep(p, FC_SHA256, &test_rng, &work, out, &out_len, &lk->key, NULL, 0,
                                 ct, k);
        if (kind <= GOOD_EMPTY)
            CHECK(st == FC_OK && out_len == msg_len && memcmp(out, msg, msg_len) == 0,
                  "OAEP %s on %s (%d)", names[kind], p->name, st);
        else
            CHECK(st == FC_ERR_DECRYPT && out_len == sizeof(out) && out[0] == 0x5a && work_zero(),
                  "OAEP %s on %s (%d)", names[kind], p->name, st);
    }
}

/* The operations of rsa.h, for the bad-input checks. */
enum { OP_VERIFY_PKCS1, OP_VERIFY_PSS, OP_VERIFY_PKCS1_DIGEST, OP_VERIFY_PSS_DIGEST,
       OP_ENCRYPT, OP_PUBLIC_RAW, OP_SIGN_PKCS1, OP_SIGN_PSS, OP_SIGN_PKCS1_DIGEST,
       OP_SIGN_PSS_DIGEST, OP_DECRYPT, OP_PRIVATE_RAW, OPS };
static const char *const op_names[OPS] = {
    "verify pkcs1", "verify pss", "verify pkcs1 digest", "verify pss digest", "encrypt",
    "public raw", "sign pkcs1", "sign pss", "sign pkcs1 digest", "sign pss digest", "decrypt",
    "private raw"};

typedef struct {
    const fc_provider *p;
    const fc_rng *rng;
    fc_rsa_work *work;
    fc_alg hash;
    const fc_rsa_private_key *key;
    const uint8_t *data; /* message, digest or plaintext */
    size_t data_len;
    const uint8_t *in;   /* signature, ciphertext, raw input */
    size_t in_len;
    uint8_t *out;
    size_t *out_len;
    size_t salt_len;
} call_args;

static fc_status run(int op, const call_args *a)
{
    const fc_rsa_public_key *pub = a->key != NULL ? &a->key->pub : NULL;
    switch (op) {
    case OP_VERIFY_PKCS1:
        return fc_rsa_verify_pkcs1v15(a->p, a->hash, a->work, pub, a->data, a->data_len, a->in,
                                      a->in_len);
    case OP_VERIFY_PSS:
        return fc_rsa_verify_pss(a->p, a->hash, a->work, pub, a->salt_len, a->data,
                                 a->data_len, a->in, a->in_len);
    case OP_VERIFY_PKCS1_DIGEST:
        return fc_rsa_verify_pkcs1v15_digest(a->p, a->hash, a->work, pub, a->data, a->data_len,
                                             a->in, a->in_len);
    case OP_VERIFY_PSS_DIGEST:
        return fc_rsa_verify_pss_digest(a->p, a->hash, a->work, pub, a->salt_len, a->data,
                                        a->data_len, a->in, a->in_len);
    case OP_ENCRYPT:
        return fc_rsa_encrypt_oaep(a->p, a->hash, a->rng, a->work, a->out, a->out_len, pub,
                                   NULL, 0, a->data, a->data_len);
    case OP_PUBLIC_RAW:
        return fc_rsa_public_raw(a->p, a->work, a->out, pub, a->in, a->in_len);
    case OP_SIGN_PKCS1:
        return fc_rsa_sign_pkcs1v15(a->p, a->hash, a->rng, a->work, a->out, a->out_len, a->key,
                                    a->data, a->data_len);
    case OP_SIGN_PSS:
        return fc_rsa_sign_pss(a->p, a->hash, a->rng, a->work, a->out, a->out_len, a->key,
                               a->salt_len, a->data, a->data_len);
    case OP_SIGN_PKCS1_DIGEST:
        return fc_rsa_sign_pkcs1v15_digest(a->p, a->hash, a->rng, a->work, a->out, a->out_len,
                                           a->key, a->data, a->data_len);
    case OP_SIGN_PSS_DIGEST:
        return fc_rsa_sign_pss_digest(a->p, a->hash, a->rng, a->work, a->out, a->out_len,
                                      a->key, a->salt_len, a->data, a->data_len);
    case OP_DECRYPT:
        return fc_rsa_decrypt_oaep(a->p, a->hash, a->rng, a->work, a->out, a->out_len, a->key,
                                   NULL, 0, a->in, a->in_len);
    default:
        return fc_rsa_private_raw(a->p, a->rng, a->work, a->out, a->key, a->in, a->in_len);
    }
}

static int is_digest_op(int op)
{
    return op == OP_VERIFY_PKCS1_DIGEST || op == OP_VERIFY_PSS_DIGEST ||
           op == OP_SIGN_PKCS1_DIGEST || op == OP_SIGN_PSS_DIGEST;
}

/* The buffers of a bad-input call, refilled before each: out 0x5a, room KMAX, work dirty. */
static uint8_t bad_out[KMAX], bad_in[KMAX], bad_data[64];
static size_t bad_out_len, bad_out_room;

static void defaults(call_args *a, const fc_provider *p, int op)
{
    const loaded_key *lk = &keys[0];
    memset(a, 0, sizeof(*a));
    a->p = p;
    a->rng = &test_rng;
    a->work = &work;
    a->hash = FC_SHA256;
    a->key = &lk->key;
    a->data = bad_data;
    a->data_len = is_digest_op(op) ? 32 : 20;
    /* a valid signature, ciphertext or raw input: below n */
    a->in = bad_in;
    a->in_len = lk->k;
    memcpy(bad_in, lk->key.pub.n, lk->k);
    bad_in[0] = 0x01;
    a->out = bad_out;
    a->out_len = &bad_out_len;
    a->salt_len = 32;
    memset(bad_out, 0x5a, sizeof(bad_out));
    bad_out_len = bad_out_room = sizeof(bad_out);
    memset(&work, 0xee, sizeof(work));
}

/* Runs op and checks the status, that nothing was written and that the work area is wiped. */
static void expect(int op, const call_args *a, fc_status want, const char *what)
{
    fc_status st = run(op, a);
    int untouched = bad_out_len == bad_out_room;
    size_t i;
    for (i = 0; i < sizeof(bad_out); i++)
        untouched &= bad_out[i] == 0x5a;
    CHECK(st == want && untouched && (a->work == NULL || work_zero()),
          "%s, %s on %s: %d (want %d)%s%s", what, op_names[op], a->p->name, st, want,
          untouched ? "" : ", output written", a->work == NULL || work_zero() ? "" : ", work not wiped");
}

static void check_bad_inputs(const fc_provider *p)
{
    const loaded_key *lk = &keys[0];
    size_t k = lk->k;
    uint8_t n_even[KMAX], e_buf[KMAX + 1], n_long[KMAX + 9], p_bad[KMAX];
    fc_rsa_private_key key;
    call_args a;
    int op;
    tu_fill_random(bad_data, sizeof(bad_data));
    for (op = 0; op < OPS; op++) {
        int is_private = op >= OP_SIGN_PKCS1, is_sign = op >= OP_SIGN_PKCS1 && op <= OP_SIGN_PSS_DIGEST;
        int is_verify = op <= OP_VERIFY_PSS_DIGEST;
        /* keys rsa.h refuses */
        defaults(&a, p, op);
        key = lk->key;
        memcpy(n_even, key.pub.n, k);
        n_even[k - 1] ^= 1;
        key.pub.n = n_even;
        a.key = &key;
        expect(op, &a, FC_ERR_KEY, "even n");
        key = lk->key;
        key.pub.n = lk->key.pub.n + 1; /* 2040 bits */
        key.pub.n_len = k - 1;
        a.in_len = k - 1;
        expect(op, &a, FC_ERR_KEY, "n < 2048 bits");
        defaults(&a, p, op);
        memset(n_long, 0xff, sizeof(n_long)); /* more than FC_RSA_MAX_BITS, odd */
        key = lk->key;
        key.pub.n = n_long;
        key.pub.n_len = sizeof(n_long);
        a.key = &key;
        expect(op, &a, FC_ERR_KEY, "n too large");
        key = lk->key;
        e_buf[0] = 1;
        key.pub.e = e_buf;
        key.pub.e_len = 1;
        expect(op, &a, FC_ERR_KEY, "e = 1");
        e_buf[0] = 0x10;
        e_buf[1] = 0x00;
        key.pub.e_len = 2;
        expect(op, &a, FC_ERR_KEY, "e even");
        key.pub.e_len = 0;
        expect(op, &a, FC_ERR_KEY, "e empty");
        memcpy(e_buf, lk->key.pub.n, k); /* e = n + 2: odd, > n */
        e_buf[k - 1] = (uint8_t)(e_buf[k - 1] + 2); /* n's last byte is not 0xfd, 0xff here */
        key.pub.e_len = k;
        if (lk->key.pub.n[k - 1] < 0xfd)
            expect(op, &a, FC_ERR_KEY, "e > n");
        memcpy(e_buf + 1, lk->key.pub.n, k); /* e with a leading zero byte, = n */
        e_buf[0] = 0;
        key.pub.e_len = k + 1;
        expect(op, &a, FC_ERR_KEY, "e = n");
        if (is_private) {
            key = lk->key;
            memcpy(p_bad, key.p, key.p_len);
            p_bad[key.p_len - 1] ^= 2; /* still odd: p q != n */
            key.p = p_bad;
            expect(op, &a, FC_ERR_KEY, "p q != n");
            key = lk->key;
            key.qinv_len = 0;
            expect(op, &a, FC_ERR_KEY, "no qInv");
        }

        /* NULLs */
        defaults(&a, p, op);
        a.key = NULL;
        expect(op, &a, FC_ERR_NULL, "key NULL");
        key = lk->key;
        key.pub.n = NULL;
        a.key = &key;
        expect(op, &a, FC_ERR_NULL, "n NULL");
        if (is_private) {
            key = lk->key;
            key.dq = NULL;
            expect(op, &a, FC_ERR_NULL, "dQ NULL");
        }
        defaults(&a, p, op);
        a.work = NULL;
        expect(op, &a, FC_ERR_NULL, "work NULL");
        defaults(&a, p, op);
        if (op == OP_PUBLIC_RAW || op == OP_PRIVATE_RAW || op == OP_DECRYPT || is_verify) {
            a.in = NULL;
            expect(op, &a, FC_ERR_NULL, "input NULL");
            defaults(&a, p, op);
        }
        if (!is_verify) {
            if (op != OP_PUBLIC_RAW && op != OP_PRIVATE_RAW) {
                a.out_len = NULL;
                expect(op, &a, FC_ERR_NULL, "length NULL");
                defaults(&a, p, op);
            }
            a.out = NULL;
            expect(op, &a, FC_ERR_NULL, "output NULL");
            defaults(&a, p, op);
        }
        if (op != OP_PUBLIC_RAW && op != OP_PRIVATE_RAW && op != OP_DECRYPT) {
            a.data = NULL;
            expect(op, &a, FC_ERR_NULL, "message NULL");
            defaults(&a, p, op);
        }

        /* lengths and ranges */
        if (op != OP_ENCRYPT && !is_sign) {
            a.in_len = k - 1;
            expect(op, &a, FC_ERR_LENGTH, "input one byte short");
            a.in_len = k + 1;
            expect(op, &a, FC_ERR_LENGTH, "input one byte long");
            defaults(&a, p, op);
            memcpy(bad_in, lk->key.pub.n, k); /* = n */
            expect(op, &a, is_verify ? FC_ERR_VERIFY : op == OP_DECRYPT ? FC_ERR_DECRYPT
                                                                         : FC_ERR_ARGUMENT,
                   "input = n");
            memset(bad_in, 0xff, k);
            expect(op, &a, is_verify ? FC_ERR_VERIFY : op == OP_DECRYPT ? FC_ERR_DECRYPT
                                                                         : FC_ERR_ARGUMENT,
                   "input > n");
            defaults(&a, p, op);
        }
        if (is_sign || op == OP_ENCRYPT) {
            bad_out_len = bad_out_room = k - 1;
            expect(op, &a, FC_ERR_LENGTH, "room for k - 1 bytes");
            defaults(&a, p, op);
        }
        if (is_digest_op(op)) {
            a.data_len = 31;
            expect(op, &a, FC_ERR_LENGTH, "digest one byte short");
            a.data_len = 33;
            expect(op, &a, FC_ERR_LENGTH, "digest one byte long");
            defaults(&a, p, op);
        }
        if (op != OP_PUBLIC_RAW && op != OP_PRIVATE_RAW) {
            a.hash = FC_MD5;
            expect(op, &a, FC_ERR_ARGUMENT, "MD5");
            a.hash = FC_HMAC_SHA256;
            expect(op, &a, FC_ERR_ARGUMENT, "not a hash");
            a.hash = (fc_alg)0;
            expect(op, &a, FC_ERR_ARGUMENT, "FC_ALG_NONE");
            if (is_sign) {
                a.hash = FC_SHA1;
                a.data_len = 20;
                expect(op, &a, FC_ERR_ARGUMENT, "SHA-1 signing");
            }
            defaults(&a, p, op);
        }
        if (op == OP_SIGN_PSS || op == OP_SIGN_PSS_DIGEST) {
            a.salt_len = k - 32 - 1; /* emLen - hLen - 1 > emLen - hLen - 2 */
            expect(op, &a, FC_ERR_LENGTH, "salt too long");
            defaults(&a, p, op);
        }
        /* every provider blinds with the caller's rng (OpenSSL's on top of its own) */
        if (op == OP_ENCRYPT || op == OP_SIGN_PSS || op == OP_SIGN_PSS_DIGEST || is_private) {
            a.rng = &bad_rng;
            expect(op, &a, FC_ERR_RNG_FAILED, "failing rng");
            defaults(&a, p, op);
        }
        if (op == OP_ENCRYPT) {
            a.data_len = k - 2 * 32 - 1;
            expect(op, &a, FC_ERR_LENGTH, "message one byte too long");
            a.hash = FC_SHA512;
            a.data_len = k - 2 * 64 - 1;
            expect(op, &a, FC_ERR_LENGTH, "message one byte too long (SHA-512)");
            defaults(&a, p, op);
        }
        if (is_verify) { /* a valid-looking input that is no signature */
            expect(op, &a, FC_ERR_VERIFY, "not a signature");
        }
        if (op == OP_DECRYPT)
            expect(op, &a, FC_ERR_DECRYPT, "not a ciphertext");
    }
}

/* A hash failing inside an operation (the test driver's SHA-256, made to fail once): its
 * status, nothing written, the work wiped. */
static void check_hash_failure(const fc_provider *p)
{
    call_args a;
    int op;
    static const int ops[] = {OP_VERIFY_PKCS1, OP_SIGN_PSS, OP_ENCRYPT};
    for (op = 0; op < 3; op++) {
        test_driver_reset(0, 1);
        defaults(&a, p, ops[op]);
        test_driver_fail_next(FC_FAMILY_HASH, FC_ERR_PROVIDER);
        expect(ops[op], &a, FC_ERR_PROVIDER, "a failing hash");
    }
    test_driver_reset(50, 2);
}

/* PKCS#1 v1.5 encodings made by hand and signed by the raw private operation: the one of
 * RFC 8017 9.2 verifies; the DigestInfo without its NULL parameters (RFC 8017 9.2 note 2's
 * other form), a short padding and a wrong block type do not. */
static void check_pkcs1_encodings(const fc_provider *p)
{
    static const uint8_t with_null[19] = {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48,
                                          0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04,
                                          0x20};
    static const uint8_t without_null[17] = {0x30, 0x2f, 0x30, 0x0b, 0x06, 0x09, 0x60, 0x86,
                                             0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x04,
                                             0x20};
    enum { GOOD, NO_NULL, BLOCK_TYPE_2, NO_ZERO, KINDS };
    static const char *const names[KINDS] = {"RFC 8017 encoding", "DigestInfo without NULL",
                                             "block type 2", "no 0x00 before the DigestInfo"};
    const loaded_key *lk = &keys[0];
    size_t k = lk->k;
    uint8_t em[256], sig[256], digest[32];
    int kind;
    (void)fc_hash(p, FC_SHA256, digest, sizeof(digest), (const uint8_t *)"msg", 3);
    for (kind = 0; kind < KINDS; kind++) {
        const uint8_t *prefix = kind == NO_NULL ? without_null : with_null;
        size_t prefix_len = kind == NO_NULL ? sizeof(without_null) : sizeof(with_null);
        size_t t_len = prefix_len + 32;
        fc_status st;
        em[0] = 0x00;
        em[1] = kind == BLOCK_TYPE_2 ? 0x02 : 0x01;
        memset(em + 2, 0xff, k - t_len - 3);
        em[k - t_len - 1] = kind == NO_ZERO ? 0xff : 0x00;
        memcpy(em + k - t_len, prefix, prefix_len);
        memcpy(em + k - 32, digest, 32);
        CHECK(fc_rsa_private_raw(p, &test_rng, &work, sig, &lk->key, em, k) == FC_OK, "raw sign");
        st = fc_rsa_verify_pkcs1v15(p, FC_SHA256, &work, &lk->key.pub, (const uint8_t *)"msg", 3,
                                    sig, k);
        CHECK(st == (kind == GOOD ? FC_OK : FC_ERR_VERIFY), "PKCS#1 v1.5 %s on %s: %d",
              names[kind], p->name, st);
    }
}

static int zero_fill(void *user, uint8_t *out, size_t len)
{
    (void)user;
    memset(out, 0, len);
    return 0;
}
static const fc_rng stuck_rng = {zero_fill, NULL};

/* x^a mod n by the raw public operation with a as the exponent (a odd, < n). */
static fc_status power(const fc_provider *p, uint8_t *out, const fc_rsa_public_key *pub,
                       const uint8_t *a, size_t a_len, const uint8_t *x, size_t k)
{
    fc_rsa_public_key key = *pub;
    key.e = a;
    key.e_len = a_len;
    return fc_rsa_public_raw(p, &work, out, &key, x, k);
}

/* A 2048-bit key from the provider: DER that parses back, n of exactly 2048 bits, p > q,
 * x^(e d) = x (e d = 1 mod lcm(p - 1, q - 1)), the CRT values agree with d (the private
 * operation equals x^d), p q = n (the private operation checks it), and it signs and
 * verifies. Then the bad arguments. */
static void check_generate(const fc_provider *p)
{
    uint8_t der[FC_RSA_PRIVATE_DER_SIZE(2048)], x[256], y[256], z[256], sig[256];
    size_t der_len = sizeof(der), sig_len = sizeof(sig), n_len, i;
    fc_rsa_private_key key;
    fc_status st;
    int t;
    st = fc_rsa_generate(p, &test_rng, &work, der, &der_len, 2048, 65537);
    CHECK(st == FC_OK && der_len <= sizeof(der) && work_zero(), "generate on %s: %d", p->name, st);
    if (st != FC_OK)
        return;
    CHECK(fc_rsa_private_from_der(&key, der, der_len) == FC_OK, "generated key parses");
    n_len = key.pub.n_len;
    for (i = 0; i < key.pub.n_len && key.pub.n[i] == 0; i++)
        n_len--;
    CHECK(n_len == 256 && (key.pub.n[key.pub.n_len - 256] & 0x80) != 0, "n of 2048 bits");
    CHECK(key.pub.e_len == 3 && memcmp(key.pub.e, "\x01\x00\x01", 3) == 0, "e = 65537");
    CHECK(key.d != NULL && key.d_len > 0 && (key.d[key.d_len - 1] & 1u), "d present, odd");
    for (t = 0; t < 3; t++) {
        tu_fill_random(x, sizeof(x));
        x[0] &= 0x7f;
        CHECK(power(p, y, &key.pub, key.d, key.d_len, x, 256) == FC_OK &&
                  power(p, z, &key.pub, key.pub.e, key.pub.e_len, y, 256) == FC_OK &&
                  memcmp(z, x, 256) == 0, "x^(e d) = x #%d", t);
        CHECK(fc_rsa_private_raw(p, &test_rng, &work, z, &key, x, 256) == FC_OK &&
                  memcmp(z, y, 256) == 0, "CRT values agree with d #%d", t);
    }
    st = fc_rsa_sign_pss(p, FC_SHA256, &test_rng, &work, sig, &sig_len, &key, 32,
                         (const uint8_t *)"abc", 3);
    CHECK(st == FC_OK && fc_rsa_verify_pss(p, FC_SHA256, &work, &key.pub, 32,
                                           (const uint8_t *)"abc", 3, sig, sig_len) == FC_OK,
          "generated key signs (PSS)");
    sig_len = sizeof(sig);
    st = fc_rsa_sign_pkcs1v15(p, FC_SHA384, &test_rng, &work, sig, &sig_len, &key,
                              (const uint8_t *)"abc", 3);
    CHECK(st == FC_OK && fc_rsa_verify_pkcs1v15(p, FC_SHA384, &work, &key.pub,
                                                (const uint8_t *)"abc", 3, sig, sig_len) == FC_OK,
          "generated key signs (PKCS#1 v1.5)");

    /* bad arguments: nothing written, the room unchanged, the work wiped */
    {
        static const unsigned bad_bits[] = {2047, 2050, 2080, 1024, FC_RSA_MAX_BITS + 64, 0};
        static const uint32_t bad_e[] = {1, 0, 4, 65536};
        memset(der, 0x5a, sizeof(der));
        for (i = 0; i < sizeof(bad_bits) / sizeof(bad_bits[0]); i++) {
            der_len = sizeof(der);
            memset(&work, 0xee, sizeof(work));
            st = fc_rsa_generate(p, &test_rng, &work, der, &der_len, bad_bits[i], 65537);
            CHECK(st == FC_ERR_ARGUMENT && der_len == sizeof(der) && der[0] == 0x5a && work_zero(),
                  "generate %u bits: %d", bad_bits[i], st);
        }
        for (i = 0; i < sizeof(bad_e) / sizeof(bad_e[0]); i++) {
            der_len = sizeof(der);
            st = fc_rsa_generate(p, &test_rng, &work, der, &der_len, 2048, bad_e[i]);
            CHECK(st == FC_ERR_ARGUMENT && der_len == sizeof(der) && der[0] == 0x5a,
                  "generate e = %u: %d", (unsigned)bad_e[i], st);
        }
        der_len = FC_RSA_PRIVATE_DER_SIZE(2048) - 1;
        st = fc_rsa_generate(p, &test_rng, &work, der, &der_len, 2048, 65537);
        CHECK(st == FC_ERR_LENGTH && der_len == FC_RSA_PRIVATE_DER_SIZE(2048) - 1 && der[0] == 0x5a,
              "generate, too little room: %d", st);
        CHECK(fc_rsa_generate(p, &test_rng, NULL, der, &der_len, 2048, 65537) == FC_ERR_NULL &&
                  fc_rsa_generate(p, &test_rng, &work, NULL, &der_len, 2048, 65537) == FC_ERR_NULL &&
                  fc_rsa_generate(p, &test_rng, &work, der, NULL, 2048, 65537) == FC_ERR_NULL,
              "generate, NULLs");
        if (strcmp(p->name, "openssl") != 0) {
            der_len = sizeof(der);
            st = fc_rsa_generate(p, &bad_rng, &work, der, &der_len, 2048, 65537);
            CHECK(st == FC_ERR_RNG_FAILED && der_len == sizeof(der) && der[0] == 0x5a && work_zero(),
                  "generate, failing rng: %d", st);
            st = fc_rsa_generate(p, &stuck_rng, &work, der, &der_len, 2048, 65537);
            CHECK(st == FC_ERR_RNG_FAILED && der_len == sizeof(der) && der[0] == 0x5a && work_zero(),
                  "generate, a source stuck at zero: %d", st);
        }
    }
}

int main(void)
{
    size_t i;
    tu_seed(0x52534131u);
    load_keys();
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        if (!fc_provider_supports(p, FC_RSA))
            continue;
        check_vectors(p);
        check_oaep_flips(p, &rsa_padding_vectors[sizeof(rsa_padding_vectors) /
                                                 sizeof(rsa_padding_vectors[0]) - 1],
                         i == 0);
        check_oaep_encodings(p);
        check_pkcs1_encodings(p);
        check_bad_inputs(p);
        if (strcmp(p->name, "testdrv") == 0)
            check_hash_failure(p);
        check_generate(p);
    }
    for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        size_t j;
        for (j = 0; j < 8; j++)
            free(keys[i].bufs[j]);
    }
    return tu_finish("test_rsa");
}
