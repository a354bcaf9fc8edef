/* Raw RSA (src/providers/soft/rsa_soft.c): the public and the CRT private operation against
 * keys and results from pyca/cryptography and Python's pow (rsa_vectors.h, written by
 * gen_rsa_vectors.py), 2048/3072/4096 bits (8192 in a build with FC_RSA_MAX_BITS 8192),
 * e = 65537, 3 and a long e, both orders of p and q; the private operation as the public
 * one's inverse on other inputs; a fault (a bit of dP, dQ or qInv flipped) caught by the
 * check; bad keys and arguments; the work area wiped. */
#include <string.h>
#include <stdlib.h>

#include "providers/soft/rsa_soft.h"
#include "rsa_vectors.h"
#include "testutil.h"

static fc_rsa_soft_work work;

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

/* A vector's key decoded (buffers malloc'd by tu_unhex). */
typedef struct {
    fc_rsa_soft_private key;
    uint8_t *bufs[7];
    uint8_t *m, *c;
    size_t k;
} loaded_key;

static void load(loaded_key *lk, const rsa_vector *v)
{
    size_t len;
    const char *hex[7] = {v->n, v->e, v->p, v->q, v->dp, v->dq, v->qinv};
    size_t lens[7];
    int i;
    for (i = 0; i < 7; i++)
        lk->bufs[i] = tu_unhex(hex[i], &lens[i]);
    lk->key.pub.n = lk->bufs[0];
    lk->key.pub.n_len = lens[0];
    lk->key.pub.e = lk->bufs[1];
    lk->key.pub.e_len = lens[1];
    lk->key.p = lk->bufs[2];
    lk->key.p_len = lens[2];
    lk->key.q = lk->bufs[3];
    lk->key.q_len = lens[3];
    lk->key.dp = lk->bufs[4];
    lk->key.dp_len = lens[4];
    lk->key.dq = lk->bufs[5];
    lk->key.dq_len = lens[5];
    lk->key.qinv = lk->bufs[6];
    lk->key.qinv_len = lens[6];
    lk->m = tu_unhex(v->m, &lk->k);
    lk->c = tu_unhex(v->c, &len);
}

static void unload(loaded_key *lk)
{
    int i;
    for (i = 0; i < 7; i++)
        free(lk->bufs[i]);
    free(lk->m);
    free(lk->c);
}

static void check_vector(const rsa_vector *v)
{
    loaded_key lk;
    uint8_t out[FC_RSA_MAX_BITS / 8], in[FC_RSA_MAX_BITS / 8], back[FC_RSA_MAX_BITS / 8];
    size_t k;
    int t;
    load(&lk, v);
    k = lk.k;
    CHECK(k * 8 == v->bits, "%s: length", v->name);

    CHECK(fc_rsa_soft_public_op(&work, out, k, &lk.key.pub, lk.m, k) == FC_OK &&
              memcmp(out, lk.c, k) == 0, "%s: public", v->name);
    CHECK(tu_all_zero(&work, sizeof(work)), "%s: work wiped after public", v->name);
    memset(out, 0xaa, k);
    CHECK(fc_rsa_soft_private_op(&work, out, k, &lk.key, lk.c, k, &test_rng) == FC_OK &&
              memcmp(out, lk.m, k) == 0, "%s: private", v->name);
    CHECK(tu_all_zero(&work, sizeof(work)), "%s: work wiped after private", v->name);

    /* the private operation inverts the public one: random inputs, 0, 1, n - 1, short input */
    for (t = 0; t < 5; t++) {
        size_t in_len = k;
        tu_fill_random(in, k);
        in[0] = (uint8_t)(lk.key.pub.n[0] - 1 - (in[0] % lk.key.pub.n[0]));
        if (t == 1 || t == 2) {
            memset(in, 0, k);
            in[k - 1] = (uint8_t)(t - 1);
        }
        if (t == 3) {
            memcpy(in, lk.key.pub.n, k);
            in[k - 1] -= 1;
        }
        if (t == 4)
            in_len = 5;
        CHECK(fc_rsa_soft_private_op(&work, out, k, &lk.key, in, in_len, &test_rng) == FC_OK,
              "%s: private #%d", v->name, t);
        CHECK(fc_rsa_soft_public_op(&work, back, k, &lk.key.pub, out, k) == FC_OK, "public #%d", t);
        CHECK(in_len == k ? memcmp(back, in, k) == 0
                          : tu_all_zero(back, k - in_len) && memcmp(back + k - in_len, in, in_len) == 0,
              "%s: (x^d)^e == x #%d", v->name, t);
    }
    unload(&lk);
}

/* A bit flipped in dP, dQ or qInv: the check by e refuses the result and out is zero. */
static void check_faults(const rsa_vector *v)
{
    loaded_key lk;
    uint8_t out[FC_RSA_MAX_BITS / 8], copy[FC_RSA_MAX_BITS / 16 + 1];
    const uint8_t *saved;
    size_t which;
    load(&lk, v);
    for (which = 0; which < 3; which++) {
        const uint8_t **field = which == 0 ? &lk.key.dp : which == 1 ? &lk.key.dq : &lk.key.qinv;
        size_t len = which == 0 ? lk.key.dp_len : which == 1 ? lk.key.dq_len : lk.key.qinv_len;
        saved = *field;
        memcpy(copy, saved, len);
        copy[len / 2] ^= 0x10;
        *field = copy;
        memset(out, 0xaa, lk.k);
        CHECK(fc_rsa_soft_private_op(&work, out, lk.k, &lk.key, lk.c, lk.k, &test_rng) ==
                  FC_ERR_PROVIDER, "%s: fault in CRT value %u caught", v->name, (unsigned)which);
        CHECK(tu_all_zero(out, lk.k), "faulted result wiped");
        CHECK(tu_all_zero(&work, sizeof(work)), "work wiped after a fault");
        *field = saved;
    }
    unload(&lk);
}

static void check_bad_inputs(void)
{
    loaded_key lk, other;
    uint8_t out[FC_RSA_MAX_BITS / 8 + 1], in[FC_RSA_MAX_BITS / 8 + 2];
    uint8_t n_copy[FC_RSA_MAX_BITS / 8 + 2], e_copy[FC_RSA_MAX_BITS / 8 + 1];
    fc_rsa_soft_private key;
    size_t k;
    load(&lk, &rsa_vectors[0]);
    load(&other, &rsa_vectors[4]); /* another 2048-bit key */
    k = lk.k;

    CHECK(fc_rsa_soft_public_op(NULL, out, k, &lk.key.pub, lk.m, k) == FC_ERR_NULL, "null work");
    CHECK(fc_rsa_soft_public_op(&work, NULL, k, &lk.key.pub, lk.m, k) == FC_ERR_NULL, "null out");
    CHECK(fc_rsa_soft_public_op(&work, out, k, NULL, lk.m, k) == FC_ERR_NULL, "null key");
    CHECK(fc_rsa_soft_public_op(&work, out, k, &lk.key.pub, NULL, k) == FC_ERR_NULL, "null in");
    CHECK(fc_rsa_soft_private_op(&work, out, k, &lk.key, lk.c, k, NULL) == FC_ERR_NO_RNG, "no rng");
    memset(out, 0xaa, k);
    CHECK(fc_rsa_soft_private_op(&work, out, k, &lk.key, lk.c, k, &bad_rng) == FC_ERR_RNG_FAILED &&
              tu_all_zero(out, k), "failing rng");

    /* lengths */
    memset(out, 0xaa, sizeof(out));
    CHECK(fc_rsa_soft_public_op(&work, out, k - 1, &lk.key.pub, lk.m, k) == FC_ERR_LENGTH, "short out");
    CHECK(fc_rsa_soft_public_op(&work, out, k + 1, &lk.key.pub, lk.m, k) == FC_ERR_LENGTH, "long out");
    CHECK(out[0] == 0xaa && out[k] == 0xaa, "public: nothing written on failure");
    memset(in, 0, sizeof(in));
    memcpy(in + 1, lk.m, k);
    CHECK(fc_rsa_soft_public_op(&work, out, k, &lk.key.pub, in, k + 1) == FC_ERR_LENGTH, "long in");
    CHECK(fc_rsa_soft_private_op(&work, out, k, &lk.key, in, k + 1, &test_rng) == FC_ERR_LENGTH &&
              tu_all_zero(out, k), "private long in");
    /* in >= n */
    CHECK(fc_rsa_soft_public_op(&work, out, k, &lk.key.pub, lk.key.pub.n, k) == FC_ERR_ARGUMENT, "in = n");
    memset(in, 0xff, k);
    CHECK(fc_rsa_soft_private_op(&work, out, k, &lk.key, in, k, &test_rng) == FC_ERR_ARGUMENT, "in > n");

    /* the public key: leading zero bytes are fine; sizes, parity, e range are checked */
    n_copy[0] = 0;
    memcpy(n_copy + 1, lk.key.pub.n, k);
    key = lk.key;
    key.pub.n = n_copy;
    key.pub.n_len = k + 1;
    CHECK(fc_rsa_soft_public_op(&work, out, k, &key.pub, lk.m, k) == FC_OK &&
              memcmp(out, lk.c, k) == 0, "n with a leading zero byte");
    CHECK(fc_rsa_soft_private_op(&work, out, k, &key, lk.c, k, &test_rng) == FC_OK &&
              memcmp(out, lk.m, k) == 0, "private, n with a leading zero byte");
    key.pub.n = lk.key.pub.n + 1; /* 255 bytes: not a supported size */
    key.pub.n_len = k - 1;
    CHECK(fc_rsa_soft_public_op(&work, out, k - 1, &key.pub, lk.m + 1, k - 1) == FC_ERR_KEY, "2040-bit n");
    memcpy(n_copy, lk.key.pub.n, k);
    n_copy[k - 1] ^= 1; /* even n */
    key.pub.n = n_copy;
    key.pub.n_len = k;
    CHECK(fc_rsa_soft_public_op(&work, out, k, &key.pub, lk.m, k) == FC_ERR_KEY, "even n");
    key = lk.key;
    e_copy[0] = 1;
    key.pub.e = e_copy;
    key.pub.e_len = 1;
    CHECK(fc_rsa_soft_public_op(&work, out, k, &key.pub, lk.m, k) == FC_ERR_KEY, "e = 1");
    e_copy[0] = 4;
    CHECK(fc_rsa_soft_public_op(&work, out, k, &key.pub, lk.m, k) == FC_ERR_KEY, "e even");
    key.pub.e_len = 0;
    CHECK(fc_rsa_soft_public_op(&work, out, k, &key.pub, lk.m, k) == FC_ERR_KEY, "e empty");
    memcpy(e_copy, lk.key.pub.n, k); /* e = n + 2: odd, >= n */
    e_copy[k - 1] += 2;
    key.pub.e_len = k;
    CHECK(fc_rsa_soft_public_op(&work, out, k, &key.pub, lk.m, k) == FC_ERR_KEY, "e >= n");

    /* private keys that do not fit together */
    key = lk.key;
    key.p = other.key.p; /* p q != n */
    key.p_len = lk.key.p_len;
    memset(out, 0xaa, k);
    CHECK(fc_rsa_soft_private_op(&work, out, k, &key, lk.c, k, &test_rng) == FC_ERR_KEY &&
              tu_all_zero(out, k), "p q != n");
    key = lk.key;
    key.p_len = lk.key.p_len - 4; /* a prime shorter than half of n */
    CHECK(fc_rsa_soft_private_op(&work, out, k, &key, lk.c, k, &test_rng) == FC_ERR_KEY, "short p");
    memset(in, 1, sizeof(in));
    key = lk.key;
    key.dp = in;
    key.dp_len = k / 2 + 1; /* does not fit half of n */
    CHECK(fc_rsa_soft_private_op(&work, out, k, &key, lk.c, k, &test_rng) == FC_ERR_KEY, "long dP");
    key = lk.key;
    key.qinv = NULL;
    CHECK(fc_rsa_soft_private_op(&work, out, k, &key, lk.c, k, &test_rng) == FC_ERR_NULL, "null qInv");
    CHECK(tu_all_zero(&work, sizeof(work)), "work wiped after failures");
    unload(&lk);
    unload(&other);
}

int main(void)
{
    size_t i;
    tu_seed(0x25a7u);
    for (i = 0; i < sizeof(rsa_vectors) / sizeof(rsa_vectors[0]); i++) {
        if (rsa_vectors[i].bits > FC_RSA_MAX_BITS)
            continue; /* 8192 bits: only in a build with FC_RSA_MAX_BITS 8192 */
        check_vector(&rsa_vectors[i]);
        check_faults(&rsa_vectors[i]);
    }
    check_bad_inputs();
    return tu_finish("test_rsa_raw");
}
