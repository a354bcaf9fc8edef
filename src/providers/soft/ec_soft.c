/* The soft provider's short-Weierstrass curves (driver.h, fc_ec_ops; ec.h): public keys, ECDH,
 * the ECDSA signing and verification primitives and point decompression on the eleven curves,
 * over ecw_point.c and ecw_field.c.
 *
 * Constant time: public_key, ecdh and sign run the constant-time scalar multiplication
 * (ecw_point.c) and do their arithmetic modulo n in Montgomery form with masks (the inverse of
 * k by Fermat, a fixed exponent). What they branch on is public: the curve, whether the peer's
 * point is valid, and the verdicts r = 0 and s = 0 (probability about 1/n; the core then draws
 * another k). verify and decompress handle public data only and may take variable time. Every
 * secret temporary sits in one work area per call, wiped before returning; the field code's
 * own temporaries (p256_field.c leaves its products on the stack) are zeroed once per call by
 * ec_soft_burn_stack, at the depth where they were.
 *
 * With every curve built, p256_point.c compiles this file again for secp256r1 alone with
 * 8-limb elements (ECW_P256_COPY), and this copy leaves secp256r1 out.
 */
#include "fieldcrypt/config.h"

#if FC_WITH_EC

#include <string.h>

#include "fieldcrypt/ct.h"
#include "core/core.h"
#include "ecw.h"
#include "soft.h"

static const ecw_curve *ec_soft_curve(const fc_impl *impl)
{
    switch (impl->alg) {
#if !ECW_P256_SPLIT || defined(ECW_P256_COPY)
    case FC_SECP256R1: return &fc_ecw_secp256r1;
#endif
#if FC_WITH_EC_ALL_CURVES && !defined(ECW_P256_COPY)
    case FC_SECP192R1: return &fc_ecw_secp192r1;
    case FC_SECP224R1: return &fc_ecw_secp224r1;
    case FC_SECP384R1: return &fc_ecw_secp384r1;
    case FC_SECP521R1: return &fc_ecw_secp521r1;
    case FC_SECP192K1: return &fc_ecw_secp192k1;
    case FC_SECP224K1: return &fc_ecw_secp224k1;
    case FC_SECP256K1: return &fc_ecw_secp256k1;
    case FC_BRAINPOOLP256R1: return &fc_ecw_bpp256r1;
    case FC_BRAINPOOLP384R1: return &fc_ecw_bpp384r1;
    case FC_BRAINPOOLP512R1: return &fc_ecw_bpp512r1;
#endif
    default: return NULL;
    }
}

/* Zeroes EC_SOFT_BURN_BYTES of stack below the caller's frame, where the scalar
 * multiplication's callees kept their temporaries (the deepest chain, scalar multiplication ->
 * point addition -> field multiplication, takes 416 bytes on the Cortex-M0+ at -Os for P-256,
 * whose Karatsuba product has a 140-byte work area; a best effort elsewhere). */
#define EC_SOFT_BURN_BYTES 432
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static void ec_soft_burn_stack(void)
{
    uint8_t area[EC_SOFT_BURN_BYTES];
    fc_zeroize(area, sizeof(area));
}

/* One call's working memory. The scalar multiplication's state is dead once its result is
 * stored, so the arithmetic modulo n reuses its space. */
typedef struct ec_soft_work {
    ecw_ctx ctx;
    uint8_t x[FC_EC_MAX_LEN];  /* x of the result, big-endian */
    union {
        ecw_mul_state st;
        struct {
            ecw_fe d, e, k, r, s;
        } n;
    } u;
} ec_soft_work;

static fc_status ec_soft_public_key(const fc_impl *impl, uint8_t *pub, const uint8_t *priv)
{
    const ecw_curve *c = ec_soft_curve(impl);
    ec_soft_work w;
    fc_status st;

    if (c == NULL)
        return FC_ERR_UNSUPPORTED;
    ecw_ctx_init(&w.ctx, c);
    ecw_base_mul(&w.ctx, &w.u.st, priv);
    st = ecw_point_store(&w.ctx, pub, pub + c->field_bytes, &w.u.st.acc);
    fc_zeroize(&w, sizeof(w));
    ec_soft_burn_stack();
    return st == FC_OK ? FC_OK : FC_ERR_KEY;  /* infinity: priv = 0 mod n */
}

static fc_status ec_soft_ecdh(const fc_impl *impl, uint8_t *shared, const uint8_t *priv,
                              const uint8_t *peer)
{
    const ecw_curve *c = ec_soft_curve(impl);
    ec_soft_work w;
    fc_status st;

    if (c == NULL)
        return FC_ERR_UNSUPPORTED;
    ecw_ctx_init(&w.ctx, c);
    st = ecw_point_load(&w.ctx, &w.u.st.table[0], peer);
    if (st == FC_OK) {
        ecw_scalar_mul(&w.ctx, &w.u.st, priv);
        st = ecw_point_store(&w.ctx, shared, NULL, &w.u.st.acc);
    }
    fc_zeroize(&w, sizeof(w));
    ec_soft_burn_stack();
    return st;
}

/* a (limbs of n) = a mod n for a < 2n: subtract n unless that borrows, with a mask. */
static void ec_soft_reduce_once(const ecw_mod *n, uint32_t *a, uint32_t *tmp)
{
    uint32_t borrow = 0;
    unsigned i;
    for (i = 0; i < n->limbs; i++) {
        uint64_t d = (uint64_t)a[i] - n->m[i] - borrow;
        tmp[i] = (uint32_t)d;
        borrow = (uint32_t)(d >> 63);
    }
    ecw_cmov(a, tmp, n->limbs, borrow - 1u);
}

/* The work area is the caller's, so that the stack this function's callees use starts right
 * below the caller's frame, where ec_soft_sign burns it. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static fc_status ec_soft_sign_work(const fc_impl *impl, ec_soft_work *wp, uint8_t *sig,
                                   const uint8_t *priv, const uint8_t *e, const uint8_t *k)
{
    const ecw_curve *c = ec_soft_curve(impl);
    const ecw_mod *n;
    fc_status st;
    int zero;

    if (c == NULL)
        return FC_ERR_UNSUPPORTED;
    n = &c->n;
    ecw_ctx_init(&wp->ctx, c);
    ecw_base_mul(&wp->ctx, &wp->u.st, k);
    st = ecw_point_store(&wp->ctx, wp->x, NULL, &wp->u.st.acc);
    fc_zeroize(&wp->u, sizeof(wp->u));
    if (st != FC_OK) {  /* k = 0 mod n: the core's range check rules it out */
        fc_zeroize(wp, sizeof(*wp));
        return FC_ERR_ARGUMENT;
    }
    /* r = x mod n: x < p < 2n (Hasse), so one subtraction at most */
    ecw_from_bytes(wp->u.n.r, n->limbs, wp->x, c->field_bytes);
    ec_soft_reduce_once(n, wp->u.n.r, wp->u.n.s);
    zero = ecw_is_zero(wp->u.n.r, n->limbs) != 0;
    FC_DECLASSIFY(&zero, sizeof(zero));  /* r is public */
    if (zero) {
        fc_zeroize(wp, sizeof(*wp));
        return FC_ERR_ARGUMENT;
    }

    /* s = k^-1 (e + r d) mod n, in Montgomery form; to_mont reduces e (any K-byte value) */
    ecw_from_bytes(wp->u.n.d, n->limbs, priv, c->order_bytes);
    ecw_from_bytes(wp->u.n.e, n->limbs, e, c->order_bytes);
    ecw_to_mont(n, wp->u.n.d, wp->u.n.d);
    ecw_to_mont(n, wp->u.n.e, wp->u.n.e);
    ecw_to_mont(n, wp->u.n.s, wp->u.n.r);
    ecw_mul(n, wp->u.n.s, wp->u.n.s, wp->u.n.d);  /* r d */
    ecw_add(n, wp->u.n.s, wp->u.n.s, wp->u.n.e);  /* e + r d */
    ecw_from_bytes(wp->u.n.k, n->limbs, k, c->order_bytes);
    ecw_to_mont(n, wp->u.n.d, wp->u.n.k);  /* d is done with: k R there */
    ecw_inv(n, wp->u.n.k, wp->u.n.d);  /* k^-1 R */
    ecw_mul(n, wp->u.n.s, wp->u.n.s, wp->u.n.k);
    ecw_from_mont(n, wp->u.n.s, wp->u.n.s);
    zero = ecw_is_zero(wp->u.n.s, n->limbs) != 0;
    FC_DECLASSIFY(&zero, sizeof(zero));  /* s is public */
    if (zero) {
        st = FC_ERR_ARGUMENT;
    } else {
        ecw_to_bytes(sig, c->order_bytes, wp->u.n.r);
        ecw_to_bytes(sig + c->order_bytes, c->order_bytes, wp->u.n.s);
    }
    fc_zeroize(wp, sizeof(*wp));
    return st;
}

static fc_status ec_soft_sign(const fc_impl *impl, uint8_t *sig, const uint8_t *priv,
                              const uint8_t *e, const uint8_t *k)
{
    ec_soft_work w;
    fc_status st = ec_soft_sign_work(impl, &w, sig, priv, e, k);
    ec_soft_burn_stack();
    return st;
}

/* Variable time: everything here is public. */
/* 1 when the affine x of pt, reduced mod n, is r (n's limbs), without inverting Z: x mod n
 * = r means x = r or x = r + n (x < p), and x = X / Z, so X == x Z for one of them below p.
 * The point at infinity matches nothing. x and t are work space. Variable time (public). */
static int ec_soft_x_is(const ecw_ctx *ctx, const ecw_point *pt, const uint32_t *r,
                        uint32_t *x, uint32_t *t)
{
    const ecw_mod *fp = &ctx->c->p, *n = &ctx->c->n;
    unsigned i, pass;
    uint32_t carry = 0;
    if (ecw_is_zero(pt->z, fp->limbs))
        return 0;
    memset(x, 0, sizeof(ecw_fe));
    memcpy(x, r, 4u * n->limbs);
    for (pass = 0; pass < 2; pass++) {
        if (pass == 1) { /* x = r + n */
            for (i = 0; i < n->limbs; i++) {
                uint64_t v = (uint64_t)x[i] + n->m[i] + carry;
                x[i] = (uint32_t)v;
                carry = (uint32_t)(v >> 32);
            }
            if (carry != 0)
                return 0; /* r + n >= 2^(32 limbs) > p */
        }
        for (i = fp->limbs; i < n->limbs; i++)
            if (x[i] != 0)
                return 0; /* x >= p, and r + n more so */
        if (!ecw_less(x, fp->m, fp->limbs))
            return 0;
        ecw_to_mont(fp, t, x);
        ecw_mul(fp, t, t, pt->z);
        if (ecw_equal(t, pt->x, fp->limbs))
            return 1;
    }
    return 0;
}

static fc_status ec_soft_verify(const fc_impl *impl, const uint8_t *pub, const uint8_t *e,
                                const uint8_t *sig)
{
    const ecw_curve *c = ec_soft_curve(impl);
    const ecw_mod *n;
    ec_soft_work w;
    ecw_fe u1, u2, r;
    fc_status st;
    unsigned K;

    if (c == NULL)
        return FC_ERR_UNSUPPORTED;
    n = &c->n;
    K = c->order_bytes;
    ecw_ctx_init(&w.ctx, c);
    st = ecw_point_load(&w.ctx, &w.u.st.table[1], pub);
    if (st != FC_OK)
        return st;
    /* r and s in [1, n - 1] (the core checks too); s in u2 for now */
    ecw_from_bytes(r, n->limbs, sig, K);
    ecw_from_bytes(u2, n->limbs, sig + K, K);
    if (ecw_is_zero(r, n->limbs) || ecw_is_zero(u2, n->limbs) || !ecw_less(r, n->m, n->limbs) ||
        !ecw_less(u2, n->m, n->limbs))
        return FC_ERR_VERIFY;
    /* u1 = e / s, u2 = r / s mod n */
    ecw_to_mont(n, u1, u2);
    /* (1/s) R; acc is free until ecw_double_mul */
    ecw_inv_vartime(n, u2, u1, w.u.st.acc.x, w.u.st.acc.y, w.u.st.acc.z);
    ecw_from_bytes(u1, n->limbs, e, K);
    ecw_to_mont(n, u1, u1);
    ecw_mul(n, u1, u1, u2);              /* (e/s) R */
    ecw_from_mont(n, u1, u1);
    ecw_mul(n, u2, r, u2);               /* r/s: r is not in Montgomery form */
    ecw_double_mul(&w.ctx, &w.u.st, u1, u2);
    return ec_soft_x_is(&w.ctx, &w.u.st.acc, r, u1, u2) ? FC_OK : FC_ERR_VERIFY;
}

/* SEC1 2.3.4: y from x and the parity of y. Variable time (public data). */
static fc_status ec_soft_decompress(const fc_impl *impl, uint8_t *pub, const uint8_t *x,
                                    unsigned y_odd)
{
    const ecw_curve *c = ec_soft_curve(impl);
    const ecw_mod *fp;
    struct {
        ecw_ctx ctx;
        ecw_point pt;
    } w;
    unsigned L;

    if (c == NULL)
        return FC_ERR_UNSUPPORTED;
    fp = &c->p;
    L = c->field_bytes;
    ecw_ctx_init(&w.ctx, c);
    ecw_from_bytes(w.pt.x, fp->limbs, x, L);
    if (!ecw_less(w.pt.x, fp->m, fp->limbs))
        return FC_ERR_POINT;
    ecw_to_mont(fp, w.pt.x, w.pt.x);
    ecw_curve_rhs(&w.ctx, w.pt.z, w.pt.x);
    if (!ecw_sqrt(fp, w.pt.y, w.pt.z))
        return FC_ERR_POINT;
    ecw_from_mont(fp, w.pt.y, w.pt.y);
    if ((w.pt.y[0] & 1u) != (y_odd & 1u)) {
        if (ecw_is_zero(w.pt.y, fp->limbs))
            return FC_ERR_POINT;  /* y = 0 has no odd twin */
        ecw_neg(fp, w.pt.y, w.pt.y);
    }
    memcpy(pub, x, L);
    ecw_to_bytes(pub + L, L, w.pt.y);
    return FC_OK;
}

/* The curve equation of X || Y (public data). */
static fc_status ec_soft_check(const fc_impl *impl, const uint8_t *pub)
{
    const ecw_curve *c = ec_soft_curve(impl);
    struct {
        ecw_ctx ctx;
        ecw_point pt;
    } w;
    if (c == NULL)
        return FC_ERR_UNSUPPORTED;
    ecw_ctx_init(&w.ctx, c);
    return ecw_point_load(&w.ctx, &w.pt, pub);
}

#define EC_SOFT_OPS                                                                         \
    .ops.ec = {.public_key = ec_soft_public_key, .ecdh = ec_soft_ecdh, .sign = ec_soft_sign, \
               .verify = ec_soft_verify, .decompress = ec_soft_decompress,                   \
               .check = ec_soft_check}

#if !ECW_P256_SPLIT || defined(ECW_P256_COPY)
#if FC_WITH_CURVE_JOBS /* ECDH and ECDSA sliced (p256_job.c) */
#include "p256_job.h"
const fc_impl fc_soft_secp256r1 = {.alg = FC_SECP256R1,
                                   .flags = FC_IMPL_CONSTANT_TIME | FC_IMPL_SLICEABLE,
                                   .job_state_size = sizeof(p256_job),
                                   .job = {fc_soft_p256_job_start, fc_soft_p256_job_run},
                                   EC_SOFT_OPS};
#else
const fc_impl fc_soft_secp256r1 = {.alg = FC_SECP256R1, .flags = FC_IMPL_CONSTANT_TIME, EC_SOFT_OPS};
#endif
#endif
#if FC_WITH_EC_ALL_CURVES && !defined(ECW_P256_COPY)
const fc_impl fc_soft_secp192r1 = {.alg = FC_SECP192R1, .flags = FC_IMPL_CONSTANT_TIME, EC_SOFT_OPS};
const fc_impl fc_soft_secp224r1 = {.alg = FC_SECP224R1, .flags = FC_IMPL_CONSTANT_TIME, EC_SOFT_OPS};
const fc_impl fc_soft_secp384r1 = {.alg = FC_SECP384R1, .flags = FC_IMPL_CONSTANT_TIME, EC_SOFT_OPS};
const fc_impl fc_soft_secp521r1 = {.alg = FC_SECP521R1, .flags = FC_IMPL_CONSTANT_TIME, EC_SOFT_OPS};
const fc_impl fc_soft_secp192k1 = {.alg = FC_SECP192K1, .flags = FC_IMPL_CONSTANT_TIME, EC_SOFT_OPS};
const fc_impl fc_soft_secp224k1 = {.alg = FC_SECP224K1, .flags = FC_IMPL_CONSTANT_TIME, EC_SOFT_OPS};
const fc_impl fc_soft_secp256k1 = {.alg = FC_SECP256K1, .flags = FC_IMPL_CONSTANT_TIME, EC_SOFT_OPS};
const fc_impl fc_soft_brainpoolp256r1 = {.alg = FC_BRAINPOOLP256R1,
                                         .flags = FC_IMPL_CONSTANT_TIME, EC_SOFT_OPS};
const fc_impl fc_soft_brainpoolp384r1 = {.alg = FC_BRAINPOOLP384R1,
                                         .flags = FC_IMPL_CONSTANT_TIME, EC_SOFT_OPS};
const fc_impl fc_soft_brainpoolp512r1 = {.alg = FC_BRAINPOOLP512R1,
                                         .flags = FC_IMPL_CONSTANT_TIME, EC_SOFT_OPS};
#endif

#endif /* FC_WITH_EC */
