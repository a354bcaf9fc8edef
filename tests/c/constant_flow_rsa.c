/* The constant-flow check's RSA part (test_constant_flow.c runs it): bn.c's secret-exponent
 * power, reduction and inverse on values marked undefined, and the raw RSA private operation
 * (rsa_soft.c) with the primes, the CRT values, the input and the blinding randomness marked
 * undefined, in one call and in slices (rsa_job_soft.c). The verdicts public by design (the key's
 * consistency, the blinding factor's invertibility, the check of the result by e) are
 * declassified by rsa_soft.c and rsa_job_soft.c.
 * OAEP decryption (src/core/rsa.c) with the private key secret, so that the encoded message
 * EM out of the private operation is secret: a good ciphertext, one with a flipped byte, one
 * under another label; only the verdict (and a good message's length) is declassified. Key
 * generation (rsa_keygen_soft.c) with its randomness secret: only the rejections of
 * candidates are declassified. */
#include <stdlib.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "fieldcrypt/fieldcrypt.h"
#include "fieldcrypt/driver.h"
#include "providers/soft/rsa_soft.h"
#include "rsa_padding_vectors.h"
#include "providers/soft/soft.h"
#include "rsa_vectors.h"
#include "testutil.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

void check_rsa(void);

static int fill_rng(void *user, uint8_t *out, size_t len)
{
    size_t i;
    (void)user;
    for (i = 0; i < len; i++)
        out[i] = (uint8_t)(0x5b + 13 * i + (i >> 3));
    SECRET(out, len);
    return 0;
}

static fc_rsa_soft_work work;

static void check_bn(void)
{
    enum { N = 8 };
    uint32_t m[N], rr[N], a[2 * N], e[N], r[N], scratch[FC_BN_EXP_SCRATCH(N, 5)];
    fc_bn_mont ctx;
    unsigned i, w;
    for (i = 0; i < 2 * N; i++)
        a[i] = 0x9e3779b9u * (i + 1);
    for (i = 0; i < N; i++) {
        m[i] = 0x85ebca6bu * (i + 3) + 1;
        e[i] = 0xc2b2ae35u * (i + 5);
    }
    m[0] |= 1;
    a[N - 1] &= 0x7fffffffu;
    m[N - 1] |= 0x80000000u;
    SECRET(m, sizeof(m)); /* a secret modulus, like a prime of a private key */
    SECRET(a, sizeof(a));
    SECRET(e, sizeof(e));
    fc_bn_mont_init(&ctx, m, N, rr, scratch);
    for (w = 1; w <= 5; w++)
        fc_bn_mont_exp(&ctx, r, a, e, N, w, scratch);
    fc_bn_mod(&ctx, r, a, 2 * N, scratch);
    (void)fc_bn_mod_inverse(r, a, m, N, scratch);
}

/* A counter-mode source (a key generation needs fresh candidates), its output secret. */
static uint32_t counter_state = 0x2545f491u;
static int counter_rng(void *user, uint8_t *out, size_t len)
{
    size_t i;
    (void)user;
    for (i = 0; i < len; i++) {
        counter_state ^= counter_state << 13;
        counter_state ^= counter_state >> 17;
        counter_state ^= counter_state << 5;
        out[i] = (uint8_t)counter_state;
    }
    SECRET(out, len);
    return 0;
}

static fc_rsa_work api_work;

/* OAEP decoding over a secret EM: the private key marked secret, the ciphertext public. */
static void check_oaep(void)
{
    const fc_rng rng = {fill_rng, NULL};
    const rsa_padding_key *v = &rsa_padding_keys[0];
    const char *hex[8] = {v->n, v->e, v->d, v->p, v->q, v->dp, v->dq, v->qinv};
    const rsa_padding_vector *ov = NULL;
    uint8_t *b[8], *ct, *msg, out[FC_RSA_MAX_BITS / 8];
    size_t len[8], ct_len, msg_len, out_len, i;
    fc_rsa_private_key key;
    fc_status st;
    for (i = 0; i < sizeof(rsa_padding_vectors) / sizeof(rsa_padding_vectors[0]); i++)
        if (rsa_padding_vectors[i].kind == RSA_OAEP && rsa_padding_vectors[i].key == 0 &&
            rsa_padding_vectors[i].hash == FC_SHA256 && rsa_padding_vectors[i].label[0] == 0)
            ov = &rsa_padding_vectors[i];
    if (ov == NULL)
        return;
    for (i = 0; i < 8; i++)
        b[i] = tu_unhex(hex[i], &len[i]);
    ct = tu_unhex(ov->out, &ct_len);
    msg = tu_unhex(ov->msg, &msg_len);
    key.pub.n = b[0];
    key.pub.n_len = len[0];
    key.pub.e = b[1];
    key.pub.e_len = len[1];
    key.d = b[2];
    key.d_len = len[2];
    key.p = b[3];
    key.p_len = len[3];
    key.q = b[4];
    key.q_len = len[4];
    key.dp = b[5];
    key.dp_len = len[5];
    key.dq = b[6];
    key.dq_len = len[6];
    key.qinv = b[7];
    key.qinv_len = len[7];
    for (i = 2; i < 8; i++)
        SECRET(b[i], len[i]);
    out_len = sizeof(out);
    st = fc_rsa_decrypt_oaep(fc_provider_find("soft"), FC_SHA256, &rng, &api_work, out, &out_len,
                             &key, NULL, 0, ct, ct_len);
    PUBLIC(out, sizeof(out));
    CHECK(st == FC_OK && out_len == msg_len && memcmp(out, msg, msg_len) == 0, "oaep good");
    ct[ct_len / 2] ^= 0x40;
    out_len = sizeof(out);
    st = fc_rsa_decrypt_oaep(fc_provider_find("soft"), FC_SHA256, &rng, &api_work, out, &out_len,
                             &key, NULL, 0, ct, ct_len);
    CHECK(st == FC_ERR_DECRYPT, "oaep flipped byte");
    ct[ct_len / 2] ^= 0x40;
    st = fc_rsa_decrypt_oaep(fc_provider_find("soft"), FC_SHA256, &rng, &api_work, out, &out_len,
                             &key, (const uint8_t *)"L", 1, ct, ct_len);
    CHECK(st == FC_ERR_DECRYPT, "oaep another label");
    for (i = 0; i < 8; i++)
        free(b[i]);
    free(ct);
    free(msg);
}

/* Key generation by the soft provider with secret randomness. */
static void check_generate(void)
{
    const fc_rng rng = {counter_rng, NULL};
    static uint8_t parts[FC_RSA_PARTS_SIZE(256)];
    fc_status st = fc_rsa_soft_generate(FC_RSA_PROVIDER_WORK(&api_work),
                                        FC_RSA_GENERATE_WORK_SIZE, &rng, parts, 2048, 65537);
    PUBLIC(parts, sizeof(parts));
    CHECK(st == FC_OK && (parts[0] & 0x80) != 0, "rsa generate");
}

void check_rsa(void)
{
    const fc_rng rng = {fill_rng, NULL};
    const rsa_vector *v = &rsa_vectors[0];
    const char *hex[7] = {v->n, v->e, v->p, v->q, v->dp, v->dq, v->qinv};
    uint8_t *b[7], *c, out[FC_RSA_MAX_BITS / 8];
    size_t len[7], k;
    fc_rsa_soft_private key;
    int i;
    check_bn();
    for (i = 0; i < 7; i++)
        b[i] = tu_unhex(hex[i], &len[i]);
    c = tu_unhex(v->c, &k);
    key.pub.n = b[0];
    key.pub.n_len = len[0];
    key.pub.e = b[1];
    key.pub.e_len = len[1];
    key.p = b[2];
    key.p_len = len[2];
    key.q = b[3];
    key.q_len = len[3];
    key.dp = b[4];
    key.dp_len = len[4];
    key.dq = b[5];
    key.dq_len = len[5];
    key.qinv = b[6];
    key.qinv_len = len[6];
    for (i = 2; i < 7; i++)
        SECRET(b[i], len[i]);
    SECRET(c, k);
    CHECK(fc_rsa_soft_private_op(&work, out, k, &key, c, k, &rng) == FC_OK, "rsa private");
    PUBLIC(out, k);
    {
        /* the same in slices (rsa_job_soft.c), stepped with a small budget */
        static uint64_t state[FC_JOB_STATE_SIZE / 8];
        fc_rsa_private_key pk;
        fc_job_input in;
        fc_status st;
        memset(&pk, 0, sizeof(pk));
        pk.pub.n = b[0], pk.pub.n_len = len[0];
        pk.pub.e = b[1], pk.pub.e_len = len[1];
        pk.p = b[2], pk.p_len = len[2];
        pk.q = b[3], pk.q_len = len[3];
        pk.dp = b[4], pk.dp_len = len[4];
        pk.dq = b[5], pk.dq_len = len[5];
        pk.qinv = b[6], pk.qinv_len = len[6];
        memset(&in, 0, sizeof(in));
        in.op = FC_JOB_OP_RSA_PRIVATE;
        in.out = out;
        in.data = c;
        in.data_len = k;
        in.key = &pk;
        in.work = &work;
        in.rng = &rng;
        st = fc_soft_rsa_job_start(&fc_soft_rsa, state, &in);
        while (st == FC_OK || st == FC_PENDING)
            if ((st = fc_soft_rsa_job_run(state, 20000, NULL, NULL)) == FC_OK)
                break;
        CHECK(st == FC_OK, "rsa private job: %d", st);
        PUBLIC(out, k);
    }
    for (i = 0; i < 7; i++)
        free(b[i]);
    free(c);
    check_oaep();
    check_generate();
}
