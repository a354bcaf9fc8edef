/* The "mbedtls" provider's RSA (driver.h fc_rsa_ops) over mbedtls_rsa: the raw operations
 * (mbedtls_rsa_public, mbedtls_rsa_private: the core does the padding) and key generation
 * (mbedtls_rsa_gen_key).
 *
 * Keys: n and e, or n, p, q, e and d when the key has one, imported raw; mbedtls_rsa_complete
 * derives its own dP, dQ and qInv from them (and d, when the key has none, as
 * e^-1 mod lcm(p - 1, q - 1)). So the key's own parts are checked here against n and e first,
 * as rsa.h asks (p q = n, e dP = 1 mod p - 1, e dQ = 1 mod q - 1, q qInv = 1 mod p, and
 * e d = 1 modulo both p - 1 and q - 1 for a given d: FC_ERR_KEY otherwise): a wrong part must
 * not go unnoticed because mbedTLS recomputed it, nor a right one be replaced by a wrong d's.
 *
 * Randomness: mbedtls_rsa_private blinds with the f_rng it is given, here the caller's rng
 * (a failure is FC_ERR_RNG_FAILED); key generation draws its primes from rng too. The
 * private result is checked with e here before out is written, whatever mbedTLS's version
 * checks itself.
 *
 * Constant time: mbedTLS 3.x exponentiates with a fixed window and constant-time table reads
 * (mbedtls_mpi_core_exp_mod), over blinded input and a blinded exponent: the descriptor says
 * constant time. 2.28 (Debian 12's) reads its table in constant time but runs a sliding
 * window whose sequence of squarings and multiplications follows the (blinded) exponent's
 * bits: not flagged constant time there. The key checks' verdicts are public by design.
 *
 * Heap: mbedTLS's bignums are on its heap (the host's C library, or on a device the arena the
 * application gives mbedTLS: config/mbedtls/fc_mbedtls_device.h says how much RSA needs); each
 * context is freed, and zeroized by mbedtls_mpi_free, before the call returns. */
#include <string.h>

#include "mbedtls.h"

#if FC_MBED_HAVE_RSA
#include "fieldcrypt/rsa.h"
#include "../rsa_modulus.h"
#include <mbedtls/bignum.h>
#include <mbedtls/rsa.h>

/* mbedTLS's f_rng over the caller's fc_rng, remembering a failure (mbedTLS folds the
 * callback's error into its own code). calls_left bounds key generation: mbedtls_rsa_gen_key
 * draws a fresh candidate until one is prime, forever from a stuck source; FIPS 186-5 A.1.3
 * gives up after 5 * bits / 2 candidates per prime, and a working source needs about a
 * thousand draws in all, so a source that has not given two primes in 5 * bits draws (each
 * candidate is one draw, each Miller-Rabin base another) is taken as broken. */
typedef struct {
    const fc_rng *rng;
    int failed;
    unsigned long calls_left;
} rng_use;

static int rng_call(void *user, unsigned char *out, size_t len)
{
    rng_use *u = user;
    if (u->calls_left == 0 || u->rng->fill(u->rng->user, out, len) != 0) {
        u->failed = 1;
        return MBEDTLS_ERR_RSA_RNG_FAILED;
    }
    u->calls_left--;
    return 0;
}

static void rsa_init(mbedtls_rsa_context *ctx)
{
#if MBEDTLS_VERSION_NUMBER < 0x03000000
    mbedtls_rsa_init(ctx, MBEDTLS_RSA_PKCS_V15, 0);
#else
    mbedtls_rsa_init(ctx);
#endif
}

static fc_status mbed_rsa_public_op(const fc_impl *impl, void *work, uint8_t *out,
                                    const fc_rsa_public_key *key, const uint8_t *in)
{
    mbedtls_rsa_context ctx;
    int r;
    (void)impl;
    (void)work;
    rsa_init(&ctx);
    r = mbedtls_rsa_import_raw(&ctx, key->n, key->n_len, NULL, 0, NULL, 0, NULL, 0, key->e,
                               key->e_len);
    if (r == 0)
        r = mbedtls_rsa_complete(&ctx);
    if (r == 0 && mbedtls_rsa_get_len(&ctx) != fc_rsa_modulus_len(key))
        r = -1;
    if (r == 0)
        r = mbedtls_rsa_public(&ctx, in, out);
    mbedtls_rsa_free(&ctx);
    return r == 0 ? FC_OK : FC_ERR_PROVIDER;
}

/* 1 when a b mod m = 1 (t: scratch). */
static int inverse_pair(const mbedtls_mpi *a, const mbedtls_mpi *b, const mbedtls_mpi *m,
                        mbedtls_mpi *t)
{
    return mbedtls_mpi_mul_mpi(t, a, b) == 0 && mbedtls_mpi_mod_mpi(t, t, m) == 0 &&
           mbedtls_mpi_cmp_int(t, 1) == 0;
}

/* The key's parts against n and e: FC_OK, FC_ERR_KEY, or FC_ERR_PROVIDER (out of memory). */
static fc_status check_parts(const fc_rsa_private_key *key)
{
    mbedtls_mpi n, e, p, q, dp, dq, qinv, d, p1, q1, t;
    fc_status st = FC_ERR_PROVIDER;
    mbedtls_mpi *all[] = {&n, &e, &p, &q, &dp, &dq, &qinv, &d, &p1, &q1, &t};
    int have_d = key->d != NULL && key->d_len > 0;
    size_t i;
    for (i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        mbedtls_mpi_init(all[i]);
    if (mbedtls_mpi_read_binary(&n, key->pub.n, key->pub.n_len) == 0 &&
        mbedtls_mpi_read_binary(&e, key->pub.e, key->pub.e_len) == 0 &&
        mbedtls_mpi_read_binary(&p, key->p, key->p_len) == 0 &&
        mbedtls_mpi_read_binary(&q, key->q, key->q_len) == 0 &&
        mbedtls_mpi_read_binary(&dp, key->dp, key->dp_len) == 0 &&
        mbedtls_mpi_read_binary(&dq, key->dq, key->dq_len) == 0 &&
        mbedtls_mpi_read_binary(&qinv, key->qinv, key->qinv_len) == 0 &&
        (!have_d || mbedtls_mpi_read_binary(&d, key->d, key->d_len) == 0) &&
        mbedtls_mpi_sub_int(&p1, &p, 1) == 0 && mbedtls_mpi_sub_int(&q1, &q, 1) == 0 &&
        mbedtls_mpi_mul_mpi(&t, &p, &q) == 0) {
        if (mbedtls_mpi_cmp_int(&p1, 1) < 0 || mbedtls_mpi_cmp_int(&q1, 1) < 0 ||
            mbedtls_mpi_cmp_mpi(&t, &n) != 0 || !inverse_pair(&e, &dp, &p1, &t) ||
            !inverse_pair(&e, &dq, &q1, &t) || !inverse_pair(&q, &qinv, &p, &t) ||
            (have_d && (!inverse_pair(&e, &d, &p1, &t) || !inverse_pair(&e, &d, &q1, &t))))
            st = FC_ERR_KEY;
        else
            st = FC_OK;
    }
    for (i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        mbedtls_mpi_free(all[i]); /* zeroizes */
    return st;
}

static fc_status mbed_rsa_private_op(const fc_impl *impl, void *work, uint8_t *out,
                                     const fc_rsa_private_key *key, const uint8_t *in,
                                     const fc_rng *rng)
{
    mbedtls_rsa_context ctx;
    rng_use use = {rng, 0, (unsigned long)-1};
    uint8_t *back = work; /* the check's k bytes: the provider's part of fc_rsa_work, not
                           * the stack */
    size_t k = fc_rsa_modulus_len(&key->pub);
    fc_status st = check_parts(key);
    int r = -1;
    (void)impl;
    rsa_init(&ctx);
    if (st == FC_OK) {
        st = FC_ERR_PROVIDER;
        /* with d, mbedtls_rsa_complete need not compute it (an inversion modulo lcm) */
        r = mbedtls_rsa_import_raw(&ctx, key->pub.n, key->pub.n_len, key->p, key->p_len,
                                   key->q, key->q_len, key->d_len > 0 ? key->d : NULL,
                                   key->d_len, key->pub.e, key->pub.e_len);
    }
    if (r == 0)
        r = mbedtls_rsa_complete(&ctx);
    if (r == 0 && mbedtls_rsa_get_len(&ctx) != k)
        r = -1;
    if (r == 0)
        r = mbedtls_rsa_private(&ctx, rng_call, &use, in, out);
    /* the fault check: out^e mod n is in again */
    if (r == 0 && mbedtls_rsa_public(&ctx, out, back) == 0 && fc_ct_equal(back, in, k))
        st = FC_OK;
    else if (use.failed)
        st = FC_ERR_RNG_FAILED;
    if (st != FC_OK)
        fc_zeroize(out, k);
    fc_zeroize(back, k);
    mbedtls_rsa_free(&ctx);
    return st;
}

#if defined(MBEDTLS_GENPRIME)
/* parts: n (k), d (k), p, q, dP, dQ, qInv (k / 2 each), p > q, d = e^-1 mod lcm. */
static fc_status mbed_rsa_generate(const fc_impl *impl, void *work, const fc_rng *rng,
                                   uint8_t *parts, unsigned bits, uint32_t e)
{
    size_t k = bits / 8, h = k / 2;
    uint8_t *n = parts, *d = parts + k, *p = d + k, *q = p + h, *dp = q + h, *dq = dp + h;
    uint8_t *qinv = dq + h;
    mbedtls_rsa_context ctx;
    mbedtls_mpi mp, mq, md, me, p1, q1, g, lcm, t;
    mbedtls_mpi *all[] = {&mp, &mq, &md, &me, &p1, &q1, &g, &lcm, &t};
    mbedtls_mpi *hi = &mp, *lo = &mq;
    rng_use use = {rng, 0, 5UL * bits};
    fc_status st = FC_ERR_PROVIDER;
    size_t i;
    (void)impl;
    (void)work;
    if (e > 0x7fffffff)
        return FC_ERR_UNSUPPORTED; /* mbedtls_rsa_gen_key takes an int */
    rsa_init(&ctx);
    for (i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        mbedtls_mpi_init(all[i]);
    if (mbedtls_rsa_gen_key(&ctx, rng_call, &use, bits, (int)e) == 0 &&
        mbedtls_rsa_export(&ctx, NULL, &mp, &mq, NULL, NULL) == 0) {
        if (mbedtls_mpi_cmp_mpi(&mp, &mq) < 0) { /* the order is public: p > q (driver.h) */
            hi = &mq;
            lo = &mp;
        }
        /* d = e^-1 mod lcm(p - 1, q - 1) (FIPS 186-5 A.1.1), dP, dQ, qInv for that order */
        if (mbedtls_mpi_lset(&me, (mbedtls_mpi_sint)e) == 0 &&
            mbedtls_mpi_sub_int(&p1, hi, 1) == 0 && mbedtls_mpi_sub_int(&q1, lo, 1) == 0 &&
            mbedtls_mpi_gcd(&g, &p1, &q1) == 0 && mbedtls_mpi_mul_mpi(&t, &p1, &q1) == 0 &&
            mbedtls_mpi_div_mpi(&lcm, NULL, &t, &g) == 0 &&
            mbedtls_mpi_inv_mod(&md, &me, &lcm) == 0 &&
            mbedtls_mpi_mul_mpi(&t, hi, lo) == 0 && mbedtls_mpi_write_binary(&t, n, k) == 0 &&
            mbedtls_mpi_write_binary(&md, d, k) == 0 &&
            mbedtls_mpi_write_binary(hi, p, h) == 0 && mbedtls_mpi_write_binary(lo, q, h) == 0 &&
            mbedtls_mpi_mod_mpi(&t, &md, &p1) == 0 && mbedtls_mpi_write_binary(&t, dp, h) == 0 &&
            mbedtls_mpi_mod_mpi(&t, &md, &q1) == 0 && mbedtls_mpi_write_binary(&t, dq, h) == 0 &&
            mbedtls_mpi_inv_mod(&t, lo, hi) == 0 && mbedtls_mpi_write_binary(&t, qinv, h) == 0)
            st = FC_OK;
    } else if (use.failed) {
        st = FC_ERR_RNG_FAILED;
    }
    if (st != FC_OK)
        fc_zeroize(parts, FC_RSA_PARTS_SIZE(k));
    for (i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        mbedtls_mpi_free(all[i]);
    mbedtls_rsa_free(&ctx);
    return st;
}
#endif

const fc_impl fc_mbedtls_rsa = {
    .alg = FC_RSA,
#if MBEDTLS_VERSION_NUMBER >= 0x03000000
    .flags = FC_IMPL_CONSTANT_TIME,
#endif
    .ops.rsa = {.public_op = mbed_rsa_public_op,
                .private_op = mbed_rsa_private_op,
#if defined(MBEDTLS_GENPRIME)
                .generate = mbed_rsa_generate
#endif
    },
};

#endif
