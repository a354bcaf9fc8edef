/* The "openssl" provider's RSA (driver.h fc_rsa_ops): the raw operations (EVP_PKEY_encrypt and
 * EVP_PKEY_decrypt with RSA_NO_PADDING, so that the core's padding runs over them) on keys
 * built from their components (OSSL_PARAM_BLD, EVP_PKEY_fromdata: nothing deprecated in 3.0),
 * and key generation (EVP_PKEY_keygen, the parts exported).
 *
 * OpenSSL's private operation needs d (without it, it imports a public key only) and, when
 * its CRT result fails its own check by e, quietly recomputes with d: a wrong dP, dQ or qInv
 * would go unnoticed. So the key's parts are checked here first, as rsa.h asks (p q = n,
 * e dP = 1 mod p - 1, e dQ = 1 mod q - 1, q qInv = 1 mod p: FC_ERR_KEY otherwise), and d,
 * when the key has none, is computed as e^-1 mod lcm(p - 1, q - 1).
 *
 * Randomness: the private operation blinds with the caller's rng as rsa.h says (c r^e mod n
 * in, the result times r^-1 mod n out: r from k + 8 bytes of rng reduced mod n), on top of
 * OpenSSL's own blinding from its DRBG; a failing rng is FC_ERR_RNG_FAILED. The result is
 * then checked with e here too. Key generation draws from OpenSSL's DRBG, not rng.
 * Constant time as far as OpenSSL is: the secret BIGNUMs carry BN_FLG_CONSTTIME, and the
 * checks' verdicts (is the key consistent) are public by design. */
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>

#include "fieldcrypt/rsa.h"
#include "../rsa_modulus.h"
#include "openssl.h"

/* A BIGNUM of a big-endian integer, marked secret when secret is set. */
static BIGNUM *bn_of(const uint8_t *v, size_t len, int secret)
{
    BIGNUM *b = secret ? BN_secure_new() : BN_new();
    if (b != NULL && BN_bin2bn(v, (int)len, b) == NULL) {
        BN_free(b);
        return NULL;
    }
    if (b != NULL && secret)
        BN_set_flags(b, BN_FLG_CONSTTIME);
    return b;
}

/* An RSA EVP_PKEY from params (OSSL_PKEY_PARAM_RSA_*), public or private by selection. */
static EVP_PKEY *pkey_from(OSSL_PARAM_BLD *bld, int selection)
{
    OSSL_PARAM *params = OSSL_PARAM_BLD_to_param(bld);
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    EVP_PKEY *pkey = NULL;
    if (params == NULL || ctx == NULL || EVP_PKEY_fromdata_init(ctx) != 1 ||
        EVP_PKEY_fromdata(ctx, &pkey, selection, params) != 1)
        pkey = NULL;
    EVP_PKEY_CTX_free(ctx);
    OSSL_PARAM_free(params); /* the secret parts were secure BIGNUMs: copied to secure memory */
    return pkey;
}

static fc_status ossl_rsa_public_op(const fc_impl *impl, void *work, uint8_t *out,
                                    const fc_rsa_public_key *key, const uint8_t *in)
{
    size_t k = fc_rsa_modulus_len(key), out_len = k;
    BIGNUM *n = bn_of(key->n, key->n_len, 0), *e = bn_of(key->e, key->e_len, 0);
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    EVP_PKEY *pkey = NULL;
    EVP_PKEY_CTX *ctx = NULL;
    fc_status st = FC_ERR_PROVIDER;
    (void)impl;
    (void)work;
    if (n != NULL && e != NULL && bld != NULL &&
        OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, n) == 1 &&
        OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, e) == 1)
        pkey = pkey_from(bld, EVP_PKEY_PUBLIC_KEY);
    if (pkey != NULL)
        ctx = EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL);
    if (ctx != NULL && EVP_PKEY_encrypt_init(ctx) == 1 &&
        EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_NO_PADDING) == 1 &&
        EVP_PKEY_encrypt(ctx, out, &out_len, in, k) == 1 && out_len == k)
        st = FC_OK;
    ERR_clear_error();
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(pkey);
    OSSL_PARAM_BLD_free(bld);
    BN_free(n);
    BN_free(e);
    return st;
}

/* The private key's BIGNUMs. */
typedef struct {
    BIGNUM *n, *e, *d, *p, *q, *dp, *dq, *qinv;
} rsa_bns;

static void bns_free(rsa_bns *b)
{
    BN_free(b->n);
    BN_free(b->e);
    BN_clear_free(b->d);
    BN_clear_free(b->p);
    BN_clear_free(b->q);
    BN_clear_free(b->dp);
    BN_clear_free(b->dq);
    BN_clear_free(b->qinv);
}

/* 1 when a * b mod m is 1. */
static int inverse_pair(const BIGNUM *a, const BIGNUM *b, const BIGNUM *m, BIGNUM *t,
                        BN_CTX *bc)
{
    return BN_mod_mul(t, a, b, m, bc) == 1 && BN_is_one(t);
}

/* Checks that the CRT parts agree with n and e and sets b->d (e^-1 mod lcm(p - 1, q - 1))
 * when the key has no d. FC_ERR_KEY for parts that disagree. */
static fc_status check_parts(rsa_bns *b, BN_CTX *bc)
{
    BIGNUM *t, *p1, *q1, *g, *lcm;
    fc_status st = FC_ERR_PROVIDER;
    BN_CTX_start(bc);
    t = BN_CTX_get(bc);
    p1 = BN_CTX_get(bc);
    q1 = BN_CTX_get(bc);
    g = BN_CTX_get(bc);
    lcm = BN_CTX_get(bc);
    if (lcm != NULL && BN_copy(p1, b->p) != NULL && BN_sub_word(p1, 1) == 1 &&
        BN_copy(q1, b->q) != NULL && BN_sub_word(q1, 1) == 1 && BN_mul(t, b->p, b->q, bc) == 1) {
        BN_set_flags(t, BN_FLG_CONSTTIME);
        BN_set_flags(p1, BN_FLG_CONSTTIME);
        BN_set_flags(q1, BN_FLG_CONSTTIME);
        if (BN_cmp(t, b->n) != 0 || !inverse_pair(b->e, b->dp, p1, t, bc) ||
            !inverse_pair(b->e, b->dq, q1, t, bc) || !inverse_pair(b->q, b->qinv, b->p, t, bc))
            st = FC_ERR_KEY;
        else if (b->d != NULL)
            st = FC_OK;
        else if (BN_gcd(g, p1, q1, bc) == 1 && BN_mul(t, p1, q1, bc) == 1 &&
                 BN_div(lcm, NULL, t, g, bc) == 1 && (b->d = BN_secure_new()) != NULL) {
            BN_set_flags(lcm, BN_FLG_CONSTTIME);
            BN_set_flags(b->d, BN_FLG_CONSTTIME);
            st = BN_mod_inverse(b->d, b->e, lcm, bc) != NULL ? FC_OK : FC_ERR_KEY;
        }
    }
    BN_CTX_end(bc);
    return st;
}

/* The blinding of one private operation: r from rng, r^e mod n and r^-1 mod n. */
typedef struct {
    BIGNUM *r_e, *r_inv;
} blinding;

static fc_status blinding_make(blinding *bl, const BIGNUM *n, const BIGNUM *e, size_t k,
                               const fc_rng *rng, BN_CTX *bc)
{
    uint8_t random[FC_RSA_MAX_BYTES + 8];
    BIGNUM *r = NULL;
    fc_status st = FC_ERR_PROVIDER;
    bl->r_e = BN_secure_new();
    bl->r_inv = BN_secure_new();
    if (rng->fill(rng->user, random, k + 8) != 0) {
        st = FC_ERR_RNG_FAILED;
    } else if (bl->r_e != NULL && bl->r_inv != NULL && (r = bn_of(random, k + 8, 1)) != NULL) {
        BN_set_flags(bl->r_inv, BN_FLG_CONSTTIME);
        BN_set_flags(bl->r_e, BN_FLG_CONSTTIME);
        /* an r without an inverse would factor n: with a real key, never */
        if (BN_nnmod(r, r, n, bc) == 1 && !BN_is_zero(r) &&
            BN_mod_inverse(bl->r_inv, r, n, bc) != NULL &&
            BN_mod_exp_mont(bl->r_e, r, e, n, bc, NULL) == 1)
            st = FC_OK;
    }
    fc_zeroize(random, sizeof(random));
    BN_clear_free(r);
    return st;
}

static void blinding_free(blinding *bl)
{
    BN_clear_free(bl->r_e);
    BN_clear_free(bl->r_inv);
}

/* x = x * f mod n, x as k bytes at buf (in place). */
static int mul_mod_bytes(uint8_t *buf, size_t k, const BIGNUM *f, const BIGNUM *n, BN_CTX *bc)
{
    BIGNUM *x = bn_of(buf, k, 1);
    int ok = x != NULL && BN_mod_mul(x, x, f, n, bc) == 1 && BN_bn2binpad(x, buf, (int)k) == (int)k;
    BN_clear_free(x);
    return ok;
}

/* 1 when out^e mod n = in (k bytes each). */
static int result_checks(const uint8_t *out, const uint8_t *in, size_t k, const BIGNUM *e,
                         const BIGNUM *n, BN_CTX *bc)
{
    BIGNUM *x = bn_of(out, k, 1), *y = BN_new(), *want = bn_of(in, k, 0);
    int ok = x != NULL && y != NULL && want != NULL &&
             BN_mod_exp_mont(y, x, e, n, bc, NULL) == 1 && BN_cmp(y, want) == 0;
    BN_clear_free(x);
    BN_free(y);
    BN_free(want);
    return ok;
}

static fc_status ossl_rsa_private_op(const fc_impl *impl, void *work, uint8_t *out,
                                     const fc_rsa_private_key *key, const uint8_t *in,
                                     const fc_rng *rng)
{
    size_t k = fc_rsa_modulus_len(&key->pub), out_len = k;
    uint8_t blinded[FC_RSA_MAX_BYTES];
    rsa_bns b;
    blinding bl = {NULL, NULL};
    BN_CTX *bc = BN_CTX_secure_new();
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    EVP_PKEY *pkey = NULL;
    EVP_PKEY_CTX *ctx = NULL;
    fc_status st = FC_ERR_PROVIDER;
    (void)impl;
    (void)work;
    b.n = bn_of(key->pub.n, key->pub.n_len, 0);
    b.e = bn_of(key->pub.e, key->pub.e_len, 0);
    b.d = key->d != NULL && key->d_len > 0 ? bn_of(key->d, key->d_len, 1) : NULL;
    b.p = bn_of(key->p, key->p_len, 1);
    b.q = bn_of(key->q, key->q_len, 1);
    b.dp = bn_of(key->dp, key->dp_len, 1);
    b.dq = bn_of(key->dq, key->dq_len, 1);
    b.qinv = bn_of(key->qinv, key->qinv_len, 1);
    if (bc != NULL && bld != NULL && b.n != NULL && b.e != NULL && b.p != NULL && b.q != NULL &&
        b.dp != NULL && b.dq != NULL && b.qinv != NULL && (key->d == NULL || b.d != NULL) &&
        !BN_is_zero(b.p) && !BN_is_zero(b.q))
        st = check_parts(&b, bc);
    if (st == FC_OK)
        st = blinding_make(&bl, b.n, b.e, k, rng, bc);
    if (st == FC_OK) {
        st = FC_ERR_PROVIDER;
        memcpy(blinded, in, k);
        if (mul_mod_bytes(blinded, k, bl.r_e, b.n, bc) &&
            OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, b.n) == 1 &&
            OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, b.e) == 1 &&
            OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_D, b.d) == 1 &&
            OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_FACTOR1, b.p) == 1 &&
            OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_FACTOR2, b.q) == 1 &&
            OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_EXPONENT1, b.dp) == 1 &&
            OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_EXPONENT2, b.dq) == 1 &&
            OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_COEFFICIENT1, b.qinv) == 1)
            pkey = pkey_from(bld, EVP_PKEY_KEYPAIR);
        if (pkey != NULL)
            ctx = EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL);
        if (ctx != NULL && EVP_PKEY_decrypt_init(ctx) == 1 &&
            EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_NO_PADDING) == 1 &&
            EVP_PKEY_decrypt(ctx, out, &out_len, blinded, k) == 1 && out_len == k &&
            mul_mod_bytes(out, k, bl.r_inv, b.n, bc) && result_checks(out, in, k, b.e, b.n, bc))
            st = FC_OK;
    }
    if (st != FC_OK)
        fc_zeroize(out, k);
    fc_zeroize(blinded, sizeof(blinded));
    ERR_clear_error();
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(pkey);
    OSSL_PARAM_BLD_free(bld);
    blinding_free(&bl);
    bns_free(&b);
    BN_CTX_free(bc);
    return st;
}

/* One part, big-endian at its full length len. */
static int export_part(const EVP_PKEY *pkey, const char *name, uint8_t *out, size_t len)
{
    BIGNUM *v = NULL;
    int ok = EVP_PKEY_get_bn_param(pkey, name, &v) == 1 &&
             BN_bn2binpad(v, out, (int)len) == (int)len;
    BN_clear_free(v);
    return ok;
}

/* parts: n (k), d (k), p, q, dP, dQ, qInv (k / 2 each), p > q. */
static fc_status ossl_rsa_generate(const fc_impl *impl, void *work, const fc_rng *rng,
                                   uint8_t *parts, unsigned bits, uint32_t e)
{
    size_t k = bits / 8, h = k / 2;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    EVP_PKEY *pkey = NULL;
    BIGNUM *bn_e = BN_new();
    fc_status st = FC_ERR_PROVIDER;
    const char *p_name = OSSL_PKEY_PARAM_RSA_FACTOR1, *q_name = OSSL_PKEY_PARAM_RSA_FACTOR2;
    const char *dp_name = OSSL_PKEY_PARAM_RSA_EXPONENT1;
    const char *dq_name = OSSL_PKEY_PARAM_RSA_EXPONENT2;
    (void)impl;
    (void)work;
    (void)rng; /* OpenSSL's own DRBG */
    if (ctx != NULL && bn_e != NULL && BN_set_word(bn_e, e) == 1 &&
        EVP_PKEY_keygen_init(ctx) == 1 && EVP_PKEY_CTX_set_rsa_keygen_bits(ctx, (int)bits) == 1 &&
        EVP_PKEY_CTX_set1_rsa_keygen_pubexp(ctx, bn_e) == 1 && EVP_PKEY_keygen(ctx, &pkey) == 1) {
        uint8_t *n = parts, *d = parts + k, *p = d + k, *q = p + h, *dp = q + h, *dq = dp + h;
        uint8_t *qinv = dq + h;
        BIGNUM *bp = NULL, *bq = NULL, *bd = NULL, *lcm = NULL, *t = NULL;
        BIGNUM *inv = NULL, *g = NULL;
        BN_CTX *bc = BN_CTX_secure_new();
        if (EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_FACTOR1, &bp) == 1 &&
            EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_FACTOR2, &bq) == 1 &&
            BN_cmp(bp, bq) < 0) { /* the prime order is public: p > q as driver.h asks */
            p_name = OSSL_PKEY_PARAM_RSA_FACTOR2;
            q_name = OSSL_PKEY_PARAM_RSA_FACTOR1;
            dp_name = OSSL_PKEY_PARAM_RSA_EXPONENT2;
            dq_name = OSSL_PKEY_PARAM_RSA_EXPONENT1;
        }
        /* d = e^-1 mod lcm(p - 1, q - 1) (FIPS 186-5 A.1.1), whatever OpenSSL chose;
         * qInv recomputed for the order taken */
        if (bp != NULL && bq != NULL && bc != NULL && (bd = BN_secure_new()) != NULL &&
            (lcm = BN_secure_new()) != NULL && (t = BN_secure_new()) != NULL &&
            (g = BN_secure_new()) != NULL && (inv = BN_secure_new()) != NULL) {
            BIGNUM *hi = BN_cmp(bp, bq) < 0 ? bq : bp, *lo = hi == bp ? bq : bp;
            BN_set_flags(bp, BN_FLG_CONSTTIME);
            BN_set_flags(bq, BN_FLG_CONSTTIME);
            BN_set_flags(lcm, BN_FLG_CONSTTIME);
            if (BN_sub_word(bp, 1) == 1 && BN_sub_word(bq, 1) == 1 &&
                BN_gcd(g, bp, bq, bc) == 1 && BN_mul(t, bp, bq, bc) == 1 &&
                BN_div(lcm, NULL, t, g, bc) == 1 && BN_add_word(bp, 1) == 1 &&
                BN_add_word(bq, 1) == 1 && BN_mod_inverse(bd, bn_e, lcm, bc) != NULL &&
                BN_mod_inverse(inv, lo, hi, bc) != NULL &&
                BN_bn2binpad(bd, d, (int)k) == (int)k &&
                BN_bn2binpad(inv, qinv, (int)h) == (int)h &&
                export_part(pkey, OSSL_PKEY_PARAM_RSA_N, n, k) &&
                export_part(pkey, p_name, p, h) && export_part(pkey, q_name, q, h) &&
                export_part(pkey, dp_name, dp, h) && export_part(pkey, dq_name, dq, h))
                st = FC_OK;
        }
        BN_clear_free(bp);
        BN_clear_free(bq);
        BN_clear_free(bd);
        BN_clear_free(lcm);
        BN_clear_free(t);
        BN_clear_free(g);
        BN_clear_free(inv);
        BN_CTX_free(bc);
    }
    if (st != FC_OK)
        fc_zeroize(parts, FC_RSA_PARTS_SIZE(k));
    ERR_clear_error();
    EVP_PKEY_free(pkey);
    EVP_PKEY_CTX_free(ctx);
    BN_free(bn_e);
    return st;
}

const fc_impl fc_ossl_rsa = {
    .alg = FC_RSA,
    .flags = FC_IMPL_CONSTANT_TIME,
    .ops.rsa = {.public_op = ossl_rsa_public_op,
                .private_op = ossl_rsa_private_op,
                .generate = ossl_rsa_generate},
};
