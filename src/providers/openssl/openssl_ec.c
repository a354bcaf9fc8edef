/* The "openssl" provider's short-Weierstrass curves (ec.h): every curve of the list, all of
 * which OpenSSL 3.0 has (SEC 2's secp192r1 ... secp256k1, RFC 5639's brainpool curves).
 *
 * public_key and decompress use EC_POINT arithmetic (EC_POINT_mul, the ladder or OpenSSL's
 * dedicated constant-time code for the generator; EC_POINT_set_compressed_coordinates); ECDH
 * and ECDSA verification go through EVP_PKEY (EC keys built from OSSL_PARAMs: no EC_KEY,
 * nothing deprecated in 3.0). Importing a point makes OpenSSL check the curve equation: that
 * failure is FC_ERR_POINT, before the private key meets the point.
 *
 * ECDSA verification hands OpenSSL the digest integer e as a K-byte "digest". OpenSSL
 * truncates a digest longer than n's bit length N (FIPS 186-5 6.4.1): for the two curves whose
 * N is not a multiple of 8 (secp521r1: 521 bits, secp224k1: 225) it keeps ceil(N / 8) bytes
 * and shifts them right by 8 - N mod 8. So e goes in shifted left by 8K - N bits, and
 * OpenSSL's truncation gives back e exactly (e < 2^N, as the core passes it). The signature
 * goes in as the DER OpenSSL parses, encoded here from r || s.
 *
 * Signing declines: OpenSSL 3.0 draws its own nonce and cannot take the core's RFC 6979 k.
 * Constant time as far as OpenSSL's scalar multiplications are; verification and
 * decompression handle public data only. */
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>

#include "fieldcrypt/ec.h"
#include "openssl.h"

typedef struct {
    uint16_t alg;
    int nid;
    const char *group;     /* OpenSSL's group name */
    unsigned order_bits;   /* N, the bit length of n */
} ossl_curve;

static const ossl_curve curves[] = {
    {FC_SECP192R1, NID_X9_62_prime192v1, "prime192v1", 192},
    {FC_SECP224R1, NID_secp224r1, "secp224r1", 224},
    {FC_SECP256R1, NID_X9_62_prime256v1, "prime256v1", 256},
    {FC_SECP384R1, NID_secp384r1, "secp384r1", 384},
    {FC_SECP521R1, NID_secp521r1, "secp521r1", 521},
    {FC_SECP192K1, NID_secp192k1, "secp192k1", 192},
    {FC_SECP224K1, NID_secp224k1, "secp224k1", 225},
    {FC_SECP256K1, NID_secp256k1, "secp256k1", 256},
    {FC_BRAINPOOLP256R1, NID_brainpoolP256r1, "brainpoolP256r1", 256},
    {FC_BRAINPOOLP384R1, NID_brainpoolP384r1, "brainpoolP384r1", 384},
    {FC_BRAINPOOLP512R1, NID_brainpoolP512r1, "brainpoolP512r1", 512},
};

/* A curve's OpenSSL names and its lengths: L (coordinates) and K (scalars). */
typedef struct {
    const ossl_curve *curve;
    size_t l, k;
} curve_info;

static int curve_get(uint16_t alg, curve_info *ci)
{
    fc_alg_info info;
    size_t i;
    for (i = 0; i < sizeof(curves) / sizeof(curves[0]); i++) {
        if (curves[i].alg == alg && fc_alg_get((fc_alg)alg, &info) == FC_OK) {
            ci->curve = &curves[i];
            ci->l = info.out_len;
            ci->k = info.key_len;
            return 1;
        }
    }
    return 0;
}

/* The status of a failed OpenSSL call: FC_ERR_POINT when OpenSSL found a point off the curve
 * or an x without a square root, else FC_ERR_PROVIDER. Empties the thread's error queue. */
static fc_status ec_failure(void)
{
    fc_status st = FC_ERR_PROVIDER;
    unsigned long e;
    while ((e = ERR_get_error()) != 0) {
        int reason = ERR_GET_REASON(e);
        if (ERR_GET_LIB(e) == ERR_LIB_EC &&
            (reason == EC_R_POINT_IS_NOT_ON_CURVE || reason == EC_R_INVALID_COMPRESSED_POINT ||
             reason == EC_R_INVALID_COMPRESSION_BIT))
            st = FC_ERR_POINT;
    }
    return st;
}

/* An EVP EC key of the curve from a private key (K bytes) or a public point (X || Y), or
 * NULL. */
static EVP_PKEY *pkey_from(const curve_info *ci, const uint8_t *priv, const uint8_t *point)
{
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    OSSL_PARAM *params = NULL;
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    EVP_PKEY *pkey = NULL;
    BIGNUM *d = NULL;
    uint8_t sec1[1 + 2 * FC_EC_MAX_LEN];
    int ok = bld != NULL && pc != NULL &&
             OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME,
                                             ci->curve->group, 0) == 1;
    if (ok && priv != NULL) {
        ok = (d = BN_secure_new()) != NULL && BN_bin2bn(priv, (int)ci->k, d) != NULL &&
             OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, d) == 1;
    } else if (ok) {
        sec1[0] = 0x04; /* SEC1 2.3.3 uncompressed */
        memcpy(sec1 + 1, point, 2 * ci->l);
        ok = OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, sec1,
                                              1 + 2 * ci->l) == 1;
    }
    ok = ok && (params = OSSL_PARAM_BLD_to_param(bld)) != NULL &&
         EVP_PKEY_fromdata_init(pc) == 1 &&
         EVP_PKEY_fromdata(pc, &pkey, priv != NULL ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                           params) == 1;
    if (!ok) {
        EVP_PKEY_free(pkey);
        pkey = NULL;
    }
    OSSL_PARAM_free(params); /* the builder put a secure-heap key in secure memory */
    OSSL_PARAM_BLD_free(bld);
    BN_clear_free(d);
    EVP_PKEY_CTX_free(pc);
    return pkey;
}

static fc_status ec_public_key(const fc_impl *impl, uint8_t *pub, const uint8_t *priv)
{
    curve_info ci;
    EC_GROUP *g = NULL;
    EC_POINT *q = NULL;
    BN_CTX *bc = NULL;
    BIGNUM *d = NULL;
    uint8_t sec1[1 + 2 * FC_EC_MAX_LEN];
    int ok;
    if (!curve_get(impl->alg, &ci))
        return FC_ERR_UNSUPPORTED;
    ok = (g = EC_GROUP_new_by_curve_name_ex(NULL, NULL, ci.curve->nid)) != NULL &&
         (q = EC_POINT_new(g)) != NULL && (bc = BN_CTX_secure_new()) != NULL &&
         (d = BN_secure_new()) != NULL && BN_bin2bn(priv, (int)ci.k, d) != NULL;
    if (ok) {
        BN_set_flags(d, BN_FLG_CONSTTIME);
        ok = EC_POINT_mul(g, q, d, NULL, NULL, bc) == 1 &&
             EC_POINT_point2oct(g, q, POINT_CONVERSION_UNCOMPRESSED, sec1, sizeof(sec1), bc) ==
                 1 + 2 * ci.l;
    }
    if (ok)
        memcpy(pub, sec1 + 1, 2 * ci.l);
    BN_clear_free(d);
    BN_CTX_free(bc);
    EC_POINT_clear_free(q);
    EC_GROUP_free(g);
    ERR_clear_error();
    return ok ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status ec_ecdh(const fc_impl *impl, uint8_t *shared, const uint8_t *priv,
                         const uint8_t *peer)
{
    curve_info ci;
    EVP_PKEY *key = NULL, *peer_key = NULL;
    EVP_PKEY_CTX *dc = NULL;
    uint8_t x[FC_EC_MAX_LEN];
    size_t len = sizeof(x);
    fc_status st = FC_ERR_PROVIDER;
    if (!curve_get(impl->alg, &ci))
        return FC_ERR_UNSUPPORTED;
    /* the peer's point first: OpenSSL checks it is on the curve */
    if ((peer_key = pkey_from(&ci, NULL, peer)) == NULL)
        return ec_failure();
    if ((key = pkey_from(&ci, priv, NULL)) != NULL &&
        (dc = EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL)) != NULL &&
        EVP_PKEY_derive_init(dc) == 1 && EVP_PKEY_derive_set_peer_ex(dc, peer_key, 0) == 1 &&
        EVP_PKEY_derive(dc, x, &len) == 1 && len == ci.l) {
        memcpy(shared, x, ci.l);
        st = FC_OK;
    }
    fc_zeroize(x, sizeof(x));
    EVP_PKEY_CTX_free(dc);
    EVP_PKEY_free(key);
    EVP_PKEY_free(peer_key);
    ERR_clear_error();
    return st;
}

static fc_status ec_sign(const fc_impl *impl, uint8_t *sig, const uint8_t *priv,
                         const uint8_t *e, const uint8_t *k)
{
    (void)impl, (void)sig, (void)priv, (void)e, (void)k;
    return FC_ERR_UNSUPPORTED; /* OpenSSL 3.0 takes no caller's nonce: soft signs */
}

/* DER INTEGER of the k-byte big-endian unsigned v at out; returns its length */
static size_t der_integer(uint8_t *out, const uint8_t *v, size_t k)
{
    size_t skip = 0, n;
    while (skip + 1 < k && v[skip] == 0) /* minimal: no leading zero bytes, but one byte */
        skip++;
    n = k - skip;
    out[0] = 0x02;
    out[1] = (uint8_t)(n + (v[skip] >> 7)); /* a leading 0x00 keeps it positive */
    out[2] = 0;
    memcpy(out + 2 + (v[skip] >> 7), v + skip, n);
    return 2 + (v[skip] >> 7) + n;
}

/* X9.62's Ecdsa-Sig-Value SEQUENCE { r INTEGER, s INTEGER } of raw r || s; returns its length
 * (at most 2K + 9 bytes) */
static size_t der_signature(uint8_t *out, const uint8_t *sig, size_t k)
{
    uint8_t ints[2 * (FC_EC_MAX_LEN + 3)];
    size_t n = der_integer(ints, sig, k), hdr;
    n += der_integer(ints + n, sig + k, k);
    out[0] = 0x30;
    if (n < 0x80) {
        out[1] = (uint8_t)n, hdr = 2;
    } else {
        out[1] = 0x81, out[2] = (uint8_t)n, hdr = 3; /* n <= 2 * 69 < 256 */
    }
    memcpy(out + hdr, ints, n);
    return hdr + n;
}

static fc_status ec_verify(const fc_impl *impl, const uint8_t *pub, const uint8_t *e,
                           const uint8_t *sig)
{
    curve_info ci;
    EVP_PKEY *key;
    EVP_PKEY_CTX *vc;
    uint8_t der[2 * FC_EC_MAX_LEN + 9], digest[FC_EC_MAX_LEN];
    size_t der_len, i;
    unsigned shift;
    int r;
    if (!curve_get(impl->alg, &ci))
        return FC_ERR_UNSUPPORTED;
    /* e << (8K - N), for OpenSSL's truncation to shift back (see the top of the file) */
    shift = (unsigned)(8 * ci.k - ci.curve->order_bits);
    if (shift > 0 && (e[0] >> (8 - shift)) != 0)
        return FC_ERR_UNSUPPORTED; /* e >= 2^N: not a truncated hash; soft takes it as it is */
    for (i = 0; i < ci.k; i++) {
        unsigned next = i + 1 < ci.k && shift > 0 ? (unsigned)e[i + 1] >> (8 - shift) : 0;
        digest[i] = (uint8_t)((unsigned)e[i] << shift | next);
    }
    der_len = der_signature(der, sig, ci.k);
    if ((key = pkey_from(&ci, NULL, pub)) == NULL)
        return ec_failure();
    vc = EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL);
    r = vc != NULL && EVP_PKEY_verify_init(vc) == 1
            ? EVP_PKEY_verify(vc, der, der_len, digest, ci.k)
            : -2;
    EVP_PKEY_CTX_free(vc);
    EVP_PKEY_free(key);
    ERR_clear_error();
    /* 1: valid; 0, or -1 from a sum at infinity: invalid; -2: OpenSSL could not start */
    return r == 1 ? FC_OK : r == -2 ? FC_ERR_PROVIDER : FC_ERR_VERIFY;
}

static fc_status ec_decompress(const fc_impl *impl, uint8_t *pub, const uint8_t *x,
                               unsigned y_odd)
{
    curve_info ci;
    EC_GROUP *g = NULL;
    EC_POINT *q = NULL;
    BN_CTX *bc = NULL;
    BIGNUM *bx = NULL;
    uint8_t sec1[1 + 2 * FC_EC_MAX_LEN];
    fc_status st = FC_ERR_PROVIDER;
    if (!curve_get(impl->alg, &ci))
        return FC_ERR_UNSUPPORTED;
    if ((g = EC_GROUP_new_by_curve_name_ex(NULL, NULL, ci.curve->nid)) != NULL &&
        (q = EC_POINT_new(g)) != NULL && (bc = BN_CTX_new()) != NULL &&
        (bx = BN_bin2bn(x, (int)ci.l, NULL)) != NULL) {
        if (EC_POINT_set_compressed_coordinates(g, q, bx, (int)(y_odd & 1), bc) != 1)
            st = ec_failure(); /* no square root: FC_ERR_POINT */
        else if (EC_POINT_point2oct(g, q, POINT_CONVERSION_UNCOMPRESSED, sec1, sizeof(sec1),
                                    bc) == 1 + 2 * ci.l)
            st = FC_OK;
    }
    if (st == FC_OK)
        memcpy(pub, sec1 + 1, 2 * ci.l);
    BN_free(bx);
    BN_CTX_free(bc);
    EC_POINT_free(q);
    EC_GROUP_free(g);
    ERR_clear_error();
    return st;
}

static fc_status ec_check(const fc_impl *impl, const uint8_t *pub)
{
    curve_info ci;
    EC_GROUP *g = NULL;
    EC_POINT *q = NULL;
    BN_CTX *bc = NULL;
    BIGNUM *bx = NULL, *by = NULL;
    fc_status st = FC_ERR_PROVIDER;
    if (!curve_get(impl->alg, &ci))
        return FC_ERR_UNSUPPORTED;
    if ((g = EC_GROUP_new_by_curve_name_ex(NULL, NULL, ci.curve->nid)) != NULL &&
        (q = EC_POINT_new(g)) != NULL && (bc = BN_CTX_new()) != NULL &&
        (bx = BN_bin2bn(pub, (int)ci.l, NULL)) != NULL &&
        (by = BN_bin2bn(pub + ci.l, (int)ci.l, NULL)) != NULL) {
        /* setting checks the equation; the core has checked X, Y < p */
        st = EC_POINT_set_affine_coordinates(g, q, bx, by, bc) == 1 &&
                     EC_POINT_is_on_curve(g, q, bc) == 1
                 ? FC_OK
                 : FC_ERR_POINT;
    }
    BN_free(by);
    BN_free(bx);
    BN_CTX_free(bc);
    EC_POINT_free(q);
    EC_GROUP_free(g);
    ERR_clear_error();
    return st;
}

#define OSSL_EC(id)                                                                          \
    {                                                                                        \
        .alg = id, .flags = FC_IMPL_CONSTANT_TIME,                                           \
        .ops.ec = {.public_key = ec_public_key, .ecdh = ec_ecdh, .sign = ec_sign,            \
                   .verify = ec_verify, .decompress = ec_decompress, .check = ec_check},     \
    }

const fc_impl fc_ossl_secp192r1 = OSSL_EC(FC_SECP192R1);
const fc_impl fc_ossl_secp224r1 = OSSL_EC(FC_SECP224R1);
const fc_impl fc_ossl_secp256r1 = OSSL_EC(FC_SECP256R1);
const fc_impl fc_ossl_secp384r1 = OSSL_EC(FC_SECP384R1);
const fc_impl fc_ossl_secp521r1 = OSSL_EC(FC_SECP521R1);
const fc_impl fc_ossl_secp192k1 = OSSL_EC(FC_SECP192K1);
const fc_impl fc_ossl_secp224k1 = OSSL_EC(FC_SECP224K1);
const fc_impl fc_ossl_secp256k1 = OSSL_EC(FC_SECP256K1);
const fc_impl fc_ossl_brainpoolp256r1 = OSSL_EC(FC_BRAINPOOLP256R1);
const fc_impl fc_ossl_brainpoolp384r1 = OSSL_EC(FC_BRAINPOOLP384R1);
const fc_impl fc_ossl_brainpoolp512r1 = OSSL_EC(FC_BRAINPOOLP512R1);
