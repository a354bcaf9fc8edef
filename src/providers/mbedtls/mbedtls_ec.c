/* The "mbedtls" provider's curves over mbedtls_ecp: X25519 and X448 (RFC 7748) and the eleven
 * short-Weierstrass curves of ec.h (SEC 2's secp192r1 ... secp256k1, RFC 5639's brainpool
 * curves), all of which mbedTLS has.
 *
 * X25519: the scalar is read little-endian and clamped here as RFC 7748 5 says (mbedTLS's
 * mbedtls_ecp_mul checks, but does not make, the clamped form); u is read little-endian with
 * bit 255 masked, and a u of p or more is reduced by mbedTLS's field arithmetic, as RFC 7748
 * asks. mbedTLS refuses the u of small order (0, 1, p - 1 and the two of order 8, also in
 * their non-canonical forms): exactly the points whose result is all zero, so that refusal is
 * FC_ERR_ZERO_SHARED, as soft's zero check gives. X448 likewise: its scalar clamped (bits 0
 * and 1 cleared, bit 447 set), u read whole, and mbedTLS's refusal of 0, 1 and p - 1 (the u
 * of small order) FC_ERR_ZERO_SHARED.
 *
 * Weierstrass: points go in and out as SEC1 uncompressed (0x04 || X || Y) through
 * mbedtls_ecp_point_read_binary / write_binary; a peer's or signer's point is checked with
 * mbedtls_ecp_check_pubkey (FC_ERR_POINT) before the private key meets it. ECDSA signing
 * takes the core's k (RFC 6979 or drawn), which mbedtls_ecdsa_sign cannot: it is written here
 * from mbedTLS's arithmetic, r = x(kG) mod n, s = (e + r d) / k mod n, the inversion blinded
 * with a random t as mbedTLS does it: s = t (e + r d) / (t k). Verification is
 * mbedtls_ecdsa_verify, given e shifted left by 8K - N bits so that its truncation of a
 * K-byte digest to N bits (FIPS 186-5 6.4.1: secp521r1, secp224k1) gives e back, as the
 * openssl provider does it.
 *
 * Heap: mbedTLS's bignums live on its heap (host: the C library's; device: the arena the
 * application gives mbedTLS, mbedtls_memory_buffer_alloc_init); each is freed, and zeroized
 * by mbedtls_mpi_free, before the call returns. Randomness (the scalar multiplications'
 * randomised coordinates, t) comes from fieldcrypt's default source (FC_ERR_NO_RNG without
 * one). Constant time as mbedTLS's scalar multiplication is (a fixed-pattern comb or ladder
 * over randomised coordinates); the inversion in signing is blinded; verification, checks and
 * the point encodings handle public data only. */
#include <string.h>

#include "mbedtls.h"

#if FC_MBED_HAVE_EC
#include "fieldcrypt/ec.h"
#include <mbedtls/bignum.h>
#include <mbedtls/ecp.h>
#if defined(MBEDTLS_ECDSA_C)
#include <mbedtls/ecdsa.h>
#endif

/* fc_mbedtls_rng's failure (no mbedTLS error code is -1) */
#define RNG_FAILED (-1)

static fc_status mbed_status(int r, fc_status invalid)
{
    if (r == 0)
        return FC_OK;
    if (r == RNG_FAILED)
        return FC_ERR_NO_RNG;
    if (r == MBEDTLS_ERR_ECP_INVALID_KEY || r == MBEDTLS_ERR_ECP_BAD_INPUT_DATA)
        return invalid;
    return FC_ERR_PROVIDER; /* out of mbedTLS's memory, mostly */
}

/* ---- X25519 and X448 ---- */
#if defined(MBEDTLS_ECP_DP_CURVE25519_ENABLED) || defined(MBEDTLS_ECP_DP_CURVE448_ENABLED)
static fc_status xdh(const fc_impl *impl, uint8_t *out, const uint8_t *scalar, const uint8_t *u)
{
    int is448 = impl->alg == FC_X448;
    size_t n = is448 ? 56 : 32;
    mbedtls_ecp_group grp;
    mbedtls_ecp_point peer, shared;
    mbedtls_mpi d;
    uint8_t u_in[56];
    size_t olen = 0;
    int r;
    memcpy(u_in, u, n);
    if (!is448)
        u_in[31] &= 0x7f; /* RFC 7748 5: bit 255 of u is ignored */
    mbedtls_ecp_group_init(&grp);
    mbedtls_ecp_point_init(&peer);
    mbedtls_ecp_point_init(&shared);
    mbedtls_mpi_init(&d);
    r = mbedtls_ecp_group_load(&grp, is448 ? MBEDTLS_ECP_DP_CURVE448 : MBEDTLS_ECP_DP_CURVE25519);
    /* RFC 7748 5, the clamping mbedTLS's key check wants: X25519 clears bits 0, 1, 2 and 255
     * and sets bit 254; X448 clears bits 0 and 1 and sets bit 447 */
    if (r == 0)
        r = mbedtls_mpi_read_binary_le(&d, scalar, n);
    if (r == 0)
        r = mbedtls_mpi_set_bit(&d, 0, 0);
    if (r == 0)
        r = mbedtls_mpi_set_bit(&d, 1, 0);
    if (r == 0 && !is448)
        r = mbedtls_mpi_set_bit(&d, 2, 0);
    if (r == 0 && !is448)
        r = mbedtls_mpi_set_bit(&d, 255, 0);
    if (r == 0)
        r = mbedtls_mpi_set_bit(&d, is448 ? 447 : 254, 1);
    if (r == 0)
        r = mbedtls_ecp_point_read_binary(&grp, &peer, u_in, n);
    if (r == 0)
        r = mbedtls_ecp_mul(&grp, &shared, &d, &peer, fc_mbedtls_rng, NULL);
    if (r == 0)
        r = mbedtls_ecp_point_write_binary(&grp, &shared, MBEDTLS_ECP_PF_UNCOMPRESSED, &olen,
                                           out, n);
    if (r == 0 && olen != n)
        r = MBEDTLS_ERR_ECP_BAD_INPUT_DATA;
    mbedtls_mpi_free(&d);
    mbedtls_ecp_point_free(&shared);
    mbedtls_ecp_point_free(&peer);
    mbedtls_ecp_group_free(&grp);
    /* the refused u are those of small order: an all-zero result */
    return mbed_status(r, FC_ERR_ZERO_SHARED);
}
#endif

#if defined(MBEDTLS_ECP_DP_CURVE25519_ENABLED)
const fc_impl fc_mbedtls_x25519 = {
    .alg = FC_X25519,
    .flags = FC_IMPL_CONSTANT_TIME,
    .ops.xdh = {.scalarmult = xdh},
};
#endif
#if defined(MBEDTLS_ECP_DP_CURVE448_ENABLED)
const fc_impl fc_mbedtls_x448 = {
    .alg = FC_X448,
    .flags = FC_IMPL_CONSTANT_TIME,
    .ops.xdh = {.scalarmult = xdh},
};
#endif

/* ---- the short-Weierstrass curves ---- */
#if defined(MBEDTLS_ECDSA_C)
typedef struct {
    uint16_t alg;
    mbedtls_ecp_group_id id;
    unsigned order_bits; /* N, the bit length of n */
} mbed_curve;

static const mbed_curve curves[] = {
#if defined(MBEDTLS_ECP_DP_SECP192R1_ENABLED)
    {FC_SECP192R1, MBEDTLS_ECP_DP_SECP192R1, 192},
#endif
#if defined(MBEDTLS_ECP_DP_SECP224R1_ENABLED)
    {FC_SECP224R1, MBEDTLS_ECP_DP_SECP224R1, 224},
#endif
#if defined(MBEDTLS_ECP_DP_SECP256R1_ENABLED)
    {FC_SECP256R1, MBEDTLS_ECP_DP_SECP256R1, 256},
#endif
#if defined(MBEDTLS_ECP_DP_SECP384R1_ENABLED)
    {FC_SECP384R1, MBEDTLS_ECP_DP_SECP384R1, 384},
#endif
#if defined(MBEDTLS_ECP_DP_SECP521R1_ENABLED)
    {FC_SECP521R1, MBEDTLS_ECP_DP_SECP521R1, 521},
#endif
#if defined(MBEDTLS_ECP_DP_SECP192K1_ENABLED)
    {FC_SECP192K1, MBEDTLS_ECP_DP_SECP192K1, 192},
#endif
#if defined(MBEDTLS_ECP_DP_SECP224K1_ENABLED)
    {FC_SECP224K1, MBEDTLS_ECP_DP_SECP224K1, 225},
#endif
#if defined(MBEDTLS_ECP_DP_SECP256K1_ENABLED)
    {FC_SECP256K1, MBEDTLS_ECP_DP_SECP256K1, 256},
#endif
#if defined(MBEDTLS_ECP_DP_BP256R1_ENABLED)
    {FC_BRAINPOOLP256R1, MBEDTLS_ECP_DP_BP256R1, 256},
#endif
#if defined(MBEDTLS_ECP_DP_BP384R1_ENABLED)
    {FC_BRAINPOOLP384R1, MBEDTLS_ECP_DP_BP384R1, 384},
#endif
#if defined(MBEDTLS_ECP_DP_BP512R1_ENABLED)
    {FC_BRAINPOOLP512R1, MBEDTLS_ECP_DP_BP512R1, 512},
#endif
};

/* A curve's group, loaded, and its lengths: L (coordinates) and K (scalars). */
typedef struct {
    const mbed_curve *curve;
    mbedtls_ecp_group grp;
    size_t l, k;
} curve_ctx;

/* 0 with ctx's group loaded (free it with curve_end), or a status */
static fc_status curve_begin(uint16_t alg, curve_ctx *ctx)
{
    fc_alg_info info;
    size_t i;
    mbedtls_ecp_group_init(&ctx->grp);
    for (i = 0; i < sizeof(curves) / sizeof(curves[0]); i++) {
        if (curves[i].alg == alg && fc_alg_get((fc_alg)alg, &info) == FC_OK) {
            ctx->curve = &curves[i];
            ctx->l = info.out_len;
            ctx->k = info.key_len;
            return mbedtls_ecp_group_load(&ctx->grp, curves[i].id) == 0 ? FC_OK
                                                                        : FC_ERR_PROVIDER;
        }
    }
    return FC_ERR_UNSUPPORTED;
}

static void curve_end(curve_ctx *ctx)
{
    mbedtls_ecp_group_free(&ctx->grp);
}

/* pt = the point X || Y, checked to be on the curve */
static int point_read(curve_ctx *ctx, mbedtls_ecp_point *pt, const uint8_t *xy)
{
    uint8_t sec1[1 + 2 * FC_EC_MAX_LEN];
    int r;
    sec1[0] = 0x04; /* SEC1 2.3.3 uncompressed */
    memcpy(sec1 + 1, xy, 2 * ctx->l);
    r = mbedtls_ecp_point_read_binary(&ctx->grp, pt, sec1, 1 + 2 * ctx->l);
    if (r == 0)
        r = mbedtls_ecp_check_pubkey(&ctx->grp, pt);
    return r;
}

/* out = X || Y of pt (x_only: X alone) */
static int point_write(curve_ctx *ctx, uint8_t *out, const mbedtls_ecp_point *pt, int x_only)
{
    uint8_t sec1[1 + 2 * FC_EC_MAX_LEN];
    size_t olen = 0;
    int r = mbedtls_ecp_point_write_binary(&ctx->grp, pt, MBEDTLS_ECP_PF_UNCOMPRESSED, &olen,
                                           sec1, sizeof(sec1));
    if (r == 0 && olen != 1 + 2 * ctx->l)
        r = MBEDTLS_ERR_ECP_BAD_INPUT_DATA;
    if (r == 0)
        memcpy(out, sec1 + 1, x_only ? ctx->l : 2 * ctx->l);
    fc_zeroize(sec1, sizeof(sec1)); /* an ECDH secret passed through */
    return r;
}

static fc_status ec_public_key(const fc_impl *impl, uint8_t *pub, const uint8_t *priv)
{
    curve_ctx c;
    mbedtls_mpi d;
    mbedtls_ecp_point q;
    fc_status st = curve_begin(impl->alg, &c);
    int r;
    if (st != FC_OK) {
        curve_end(&c);
        return st;
    }
    mbedtls_mpi_init(&d);
    mbedtls_ecp_point_init(&q);
    r = mbedtls_mpi_read_binary(&d, priv, c.k);
    if (r == 0)
        r = mbedtls_ecp_mul(&c.grp, &q, &d, &c.grp.G, fc_mbedtls_rng, NULL);
    if (r == 0)
        r = point_write(&c, pub, &q, 0);
    mbedtls_ecp_point_free(&q);
    mbedtls_mpi_free(&d);
    curve_end(&c);
    return mbed_status(r, FC_ERR_PROVIDER);
}

static fc_status ec_ecdh(const fc_impl *impl, uint8_t *shared, const uint8_t *priv,
                         const uint8_t *peer)
{
    curve_ctx c;
    mbedtls_mpi d;
    mbedtls_ecp_point q, s;
    fc_status st = curve_begin(impl->alg, &c);
    int r;
    if (st != FC_OK) {
        curve_end(&c);
        return st;
    }
    mbedtls_mpi_init(&d);
    mbedtls_ecp_point_init(&q);
    mbedtls_ecp_point_init(&s);
    /* the peer's point first: off the curve is FC_ERR_POINT, before the key is used */
    r = point_read(&c, &q, peer);
    if (r != 0) {
        st = mbed_status(r, FC_ERR_POINT);
    } else {
        r = mbedtls_mpi_read_binary(&d, priv, c.k);
        if (r == 0)
            r = mbedtls_ecp_mul(&c.grp, &s, &d, &q, fc_mbedtls_rng, NULL);
        if (r == 0)
            r = point_write(&c, shared, &s, 1);
        st = mbed_status(r, FC_ERR_PROVIDER);
    }
    mbedtls_ecp_point_free(&s);
    mbedtls_ecp_point_free(&q);
    mbedtls_mpi_free(&d);
    curve_end(&c);
    return st;
}

static fc_status ec_sign(const fc_impl *impl, uint8_t *sig, const uint8_t *priv,
                         const uint8_t *e, const uint8_t *k)
{
    curve_ctx c;
    mbedtls_mpi d, kk, ee, rr, ss, t, u;
    mbedtls_ecp_point big_r;
    uint8_t x[FC_EC_MAX_LEN];
    fc_status st = curve_begin(impl->alg, &c);
    int r, zero = 0;
    if (st != FC_OK) {
        curve_end(&c);
        return st;
    }
    mbedtls_mpi_init(&d);
    mbedtls_mpi_init(&kk);
    mbedtls_mpi_init(&ee);
    mbedtls_mpi_init(&rr);
    mbedtls_mpi_init(&ss);
    mbedtls_mpi_init(&t);
    mbedtls_mpi_init(&u);
    mbedtls_ecp_point_init(&big_r);
    /* r = x(kG) mod n */
    r = mbedtls_mpi_read_binary(&kk, k, c.k);
    if (r == 0)
        r = mbedtls_ecp_mul(&c.grp, &big_r, &kk, &c.grp.G, fc_mbedtls_rng, NULL);
    if (r == 0)
        r = point_write(&c, x, &big_r, 1);
    if (r == 0)
        r = mbedtls_mpi_read_binary(&rr, x, c.l);
    if (r == 0)
        r = mbedtls_mpi_mod_mpi(&rr, &rr, &c.grp.N);
    if (r == 0)
        zero = mbedtls_mpi_cmp_int(&rr, 0) == 0;
    /* s = t (e + r d) / (t k) mod n, t random in [1, n - 1] */
    if (r == 0 && !zero)
        r = mbedtls_mpi_read_binary(&d, priv, c.k);
    if (r == 0 && !zero)
        r = mbedtls_mpi_read_binary(&ee, e, c.k);
    if (r == 0 && !zero)
        r = mbedtls_mpi_mod_mpi(&ee, &ee, &c.grp.N);
    if (r == 0 && !zero)
        r = mbedtls_mpi_random(&t, 1, &c.grp.N, fc_mbedtls_rng, NULL);
    if (r == 0 && !zero)
        r = mbedtls_mpi_mul_mpi(&ss, &rr, &d); /* r d */
    if (r == 0 && !zero)
        r = mbedtls_mpi_add_mpi(&ss, &ss, &ee); /* e + r d */
    if (r == 0 && !zero)
        r = mbedtls_mpi_mod_mpi(&ss, &ss, &c.grp.N);
    if (r == 0 && !zero)
        r = mbedtls_mpi_mul_mpi(&ss, &ss, &t); /* t (e + r d) */
    if (r == 0 && !zero)
        r = mbedtls_mpi_mod_mpi(&ss, &ss, &c.grp.N);
    if (r == 0 && !zero)
        r = mbedtls_mpi_mul_mpi(&u, &kk, &t); /* t k */
    if (r == 0 && !zero)
        r = mbedtls_mpi_mod_mpi(&u, &u, &c.grp.N);
    if (r == 0 && !zero)
        r = mbedtls_mpi_inv_mod(&u, &u, &c.grp.N); /* 1 / (t k): t k is blinded */
    if (r == 0 && !zero)
        r = mbedtls_mpi_mul_mpi(&ss, &ss, &u);
    if (r == 0 && !zero)
        r = mbedtls_mpi_mod_mpi(&ss, &ss, &c.grp.N);
    if (r == 0 && !zero)
        zero = mbedtls_mpi_cmp_int(&ss, 0) == 0;
    if (r == 0 && !zero)
        r = mbedtls_mpi_write_binary(&rr, sig, c.k);
    if (r == 0 && !zero)
        r = mbedtls_mpi_write_binary(&ss, sig + c.k, c.k);
    st = r != 0 ? mbed_status(r, FC_ERR_PROVIDER) : zero ? FC_ERR_ARGUMENT : FC_OK;
    fc_zeroize(x, sizeof(x));
    mbedtls_ecp_point_free(&big_r);
    mbedtls_mpi_free(&u);
    mbedtls_mpi_free(&t);
    mbedtls_mpi_free(&ss);
    mbedtls_mpi_free(&rr);
    mbedtls_mpi_free(&ee);
    mbedtls_mpi_free(&kk);
    mbedtls_mpi_free(&d);
    curve_end(&c);
    return st;
}

static fc_status ec_verify(const fc_impl *impl, const uint8_t *pub, const uint8_t *e,
                           const uint8_t *sig)
{
    curve_ctx c;
    mbedtls_ecp_point q;
    mbedtls_mpi rr, ss;
    uint8_t digest[FC_EC_MAX_LEN];
    fc_status st = curve_begin(impl->alg, &c);
    unsigned shift;
    size_t i;
    int r;
    if (st != FC_OK) {
        curve_end(&c);
        return st;
    }
    /* e << (8K - N), for mbedTLS's truncation to shift back (see the top of the file) */
    shift = (unsigned)(8 * c.k - c.curve->order_bits);
    if (shift > 0 && (e[0] >> (8 - shift)) != 0) {
        curve_end(&c);
        return FC_ERR_UNSUPPORTED; /* e >= 2^N: not a truncated hash; soft takes it as it is */
    }
    for (i = 0; i < c.k; i++) {
        unsigned next = i + 1 < c.k && shift > 0 ? (unsigned)e[i + 1] >> (8 - shift) : 0;
        digest[i] = (uint8_t)((unsigned)e[i] << shift | next);
    }
    mbedtls_ecp_point_init(&q);
    mbedtls_mpi_init(&rr);
    mbedtls_mpi_init(&ss);
    r = point_read(&c, &q, pub);
    if (r != 0) {
        st = mbed_status(r, FC_ERR_POINT);
    } else {
        r = mbedtls_mpi_read_binary(&rr, sig, c.k);
        if (r == 0)
            r = mbedtls_mpi_read_binary(&ss, sig + c.k, c.k);
        if (r == 0)
            r = mbedtls_ecdsa_verify(&c.grp, digest, c.k, &q, &rr, &ss);
        st = r == 0                                   ? FC_OK
             : r == MBEDTLS_ERR_MPI_ALLOC_FAILED ||
                       r == MBEDTLS_ERR_ECP_ALLOC_FAILED ? FC_ERR_PROVIDER
                                                      : FC_ERR_VERIFY;
    }
    mbedtls_mpi_free(&ss);
    mbedtls_mpi_free(&rr);
    mbedtls_ecp_point_free(&q);
    curve_end(&c);
    return st;
}

static fc_status ec_check(const fc_impl *impl, const uint8_t *pub)
{
    curve_ctx c;
    mbedtls_ecp_point q;
    fc_status st = curve_begin(impl->alg, &c);
    if (st != FC_OK) {
        curve_end(&c);
        return st;
    }
    mbedtls_ecp_point_init(&q);
    st = mbed_status(point_read(&c, &q, pub), FC_ERR_POINT);
    mbedtls_ecp_point_free(&q);
    curve_end(&c);
    return st;
}

#define MBED_CURVE(id)                                                                       \
    {                                                                                        \
        .alg = id, .flags = FC_IMPL_CONSTANT_TIME,                                           \
        .ops.ec = {.public_key = ec_public_key, .ecdh = ec_ecdh, .sign = ec_sign,            \
                   .verify = ec_verify, .check = ec_check},                                  \
    }

const fc_impl fc_mbedtls_secp192r1 = MBED_CURVE(FC_SECP192R1);
const fc_impl fc_mbedtls_secp224r1 = MBED_CURVE(FC_SECP224R1);
const fc_impl fc_mbedtls_secp256r1 = MBED_CURVE(FC_SECP256R1);
const fc_impl fc_mbedtls_secp384r1 = MBED_CURVE(FC_SECP384R1);
const fc_impl fc_mbedtls_secp521r1 = MBED_CURVE(FC_SECP521R1);
const fc_impl fc_mbedtls_secp192k1 = MBED_CURVE(FC_SECP192K1);
const fc_impl fc_mbedtls_secp224k1 = MBED_CURVE(FC_SECP224K1);
const fc_impl fc_mbedtls_secp256k1 = MBED_CURVE(FC_SECP256K1);
const fc_impl fc_mbedtls_bp256r1 = MBED_CURVE(FC_BRAINPOOLP256R1);
const fc_impl fc_mbedtls_bp384r1 = MBED_CURVE(FC_BRAINPOOLP384R1);
const fc_impl fc_mbedtls_bp512r1 = MBED_CURVE(FC_BRAINPOOLP512R1);
#endif /* MBEDTLS_ECDSA_C */
#else
typedef int fc_mbedtls_ec_unused; /* ISO C: no empty translation unit */
#endif /* FC_MBED_HAVE_EC */
