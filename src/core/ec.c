/* The EC front end (ec.h): SEC1 points, key pairs and ECDH over the EC family's operations.
 * The core checks what needs no curve arithmetic (encodings, X and Y < p, private keys in
 * [1, n - 1]); the provider checks the curve equation of the points it is given, and
 * decompresses.
 *
 * Constant time: private keys are compared with n by fc_core_be_less, which runs over every
 * byte; only the verdict is declassified (a key out of range is refused, and a refused key
 * generation candidate is drawn again: the verdict is public, the key never leaves). */
#include "core.h"

unsigned fc_core_be_less(const uint8_t *a, const uint8_t *b, size_t len)
{
    unsigned borrow = 0;
    while (len-- > 0)
        borrow = (((unsigned)a[len] - b[len] - borrow) >> 8) & 1u;
    return borrow;
}

int fc_core_ec_private_ok(const fc_core_curve *c, const uint8_t *priv, size_t k)
{
    int ok = (int)(fc_core_be_less(priv, c->n, k) & (unsigned)!fc_ct_is_zero(priv, k));
    FC_DECLASSIFY(&ok, sizeof(ok));
    return ok;
}
#define private_ok fc_core_ec_private_ok

/* xy = the point with x and y's parity, on the first provider of the chain that decompresses
 * (public data only) */
static fc_status decompress(const fc_provider *provider, fc_alg curve, uint8_t *xy,
                            const uint8_t *x, unsigned y_odd)
{
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st = FC_ERR_UNSUPPORTED;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        if ((impl = fc_core_own(p, curve)) != NULL && impl->ops.ec.decompress != NULL)
            st = impl->ops.ec.decompress(impl, xy, x, y_odd);
    return st;
}

fc_status fc_core_ec_encoding(const fc_core_curve *c, uint8_t *xy, uint8_t *form,
                              const uint8_t *point, size_t point_len)
{
    size_t l = fc_core_alg((fc_alg)c->alg)->out;
    if (point_len == 1 + 2 * l && point[0] == 0x04) {
        if (!fc_core_be_less(point + 1, c->p, l) || !fc_core_be_less(point + 1 + l, c->p, l))
            return FC_ERR_POINT;
        memcpy(xy, point + 1, 2 * l);
    } else if (point_len == 1 + l && (point[0] == 0x02 || point[0] == 0x03)) {
        if (!fc_core_be_less(point + 1, c->p, l))
            return FC_ERR_POINT;
        memcpy(xy, point + 1, l);
    } else {
        return FC_ERR_ENCODING;
    }
    *form = point[0];
    return FC_OK;
}

fc_status fc_core_ec_point(const fc_provider *provider, const fc_core_curve *c, uint8_t *xy,
                           const uint8_t *point, size_t point_len, int check_curve)
{
    size_t l = fc_core_alg((fc_alg)c->alg)->out;
    uint8_t check[2 * FC_EC_MAX_LEN];
    uint8_t form;
    fc_status st = fc_core_ec_encoding(c, xy, &form, point, point_len);
    if (st != FC_OK)
        return st;
    if (form != 0x04) /* compressed: on the curve by construction */
        return decompress(provider, (fc_alg)c->alg, xy, point + 1, form & 1u);
    if (check_curve) {
        const fc_provider *p;
        const fc_impl *impl;
        st = FC_ERR_UNSUPPORTED;
        for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
            if ((impl = fc_core_own(p, (fc_alg)c->alg)) != NULL && impl->ops.ec.check != NULL)
                st = impl->ops.ec.check(impl, xy);
        if (st != FC_ERR_UNSUPPORTED)
            return st;
        /* no provider checks: on the curve exactly when X's square root with Y's parity is Y */
        st = decompress(provider, (fc_alg)c->alg, check, xy, xy[2 * l - 1] & 1u);
        if (st != FC_OK)
            return st;
        if (memcmp(check + l, xy + l, l) != 0)
            return FC_ERR_POINT;
    }
    return FC_OK;
}

/* out = tmp on FC_OK (out untouched otherwise: a refused point or key changes nothing); tmp and
 * the stack the provider used are wiped. */
static fc_status finish(fc_status st, uint8_t *out, uint8_t *tmp, size_t len)
{
    if (st == FC_OK)
        memcpy(out, tmp, len);
    fc_zeroize(tmp, len);
    fc_core_burn_stack(); /* last, as in fc_core_curve_finish */
    return st;
}

/* The curve of an EC algorithm id, NULL for anything else. */
static const fc_core_curve *curve_of(fc_alg curve)
{
    return fc_core_alg_of(curve, FC_FAMILY_EC) != NULL ? fc_core_curve_of(curve) : NULL;
}

fc_status fc_ec_public_key(const fc_provider *provider, fc_alg curve, uint8_t *pub,
                           const uint8_t *priv)
{
    const fc_core_curve *c = curve_of(curve);
    uint8_t tmp[1 + 2 * FC_EC_MAX_LEN];
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st = FC_ERR_UNSUPPORTED;
    size_t l;
    if (pub == NULL || priv == NULL)
        return FC_ERR_NULL;
    if (c == NULL)
        return FC_ERR_ARGUMENT;
    if (!private_ok(c, priv, fc_core_alg(curve)->key))
        return FC_ERR_KEY;
    l = fc_core_alg(curve)->out;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        if ((impl = fc_core_own(p, curve)) != NULL)
            st = impl->ops.ec.public_key(impl, tmp + 1, priv);
    tmp[0] = 0x04;
    return finish(st, pub, tmp, 1 + 2 * l);
}

fc_status fc_ec_keypair(const fc_provider *provider, fc_alg curve, const fc_rng *rng,
                        uint8_t *priv, uint8_t *pub)
{
    const fc_core_curve *c = curve_of(curve);
    uint8_t sk[FC_EC_MAX_LEN];
    fc_status st = FC_ERR_PROVIDER;
    unsigned tries;
    size_t k;
    if (priv == NULL || pub == NULL)
        return FC_ERR_NULL;
    if (c == NULL)
        return FC_ERR_ARGUMENT;
    if (!fc_provider_supports(provider, curve))
        return FC_ERR_UNSUPPORTED;
    k = fc_core_alg(curve)->key;
    /* FIPS 186-5 A.2.2: candidates of n's bit length until one is in [1, n - 1]; each is
     * refused with probability below 1/2 (n > 2^(nbits - 1)), so 64 refusals in a row mean
     * a broken source */
    for (tries = 0; tries < 64; tries++) {
        st = fc_random_bytes(rng, sk, k);
        if (st != FC_OK)
            break;
        sk[0] &= (uint8_t)(0xffu >> (8 * k - c->nbits));
        if (private_ok(c, sk, k)) {
            st = fc_ec_public_key(provider, curve, pub, sk);
            break;
        }
        st = FC_ERR_RNG_FAILED;
    }
    if (st == FC_OK)
        memcpy(priv, sk, k);
    fc_zeroize(sk, sizeof(sk));
    return st;
}

/* A validated point (check_public, compress, decompress) in the form asked: uncompressed
 * (out NULL: none) or compressed. */
static fc_status reencode(const fc_provider *provider, fc_alg curve, uint8_t *out,
                          int compressed, const uint8_t *point, size_t point_len)
{
    const fc_core_curve *c = curve_of(curve);
    uint8_t xy[2 * FC_EC_MAX_LEN];
    fc_status st;
    size_t l;
    if (point == NULL)
        return FC_ERR_NULL;
    if (c == NULL)
        return FC_ERR_ARGUMENT;
    st = fc_core_ec_point(provider, c, xy, point, point_len, 1);
    if (st != FC_OK || out == NULL)
        return st;
    l = fc_core_alg(curve)->out;
    out[0] = compressed ? (uint8_t)(0x02 | (xy[2 * l - 1] & 1u)) : 0x04;
    memcpy(out + 1, xy, compressed ? l : 2 * l);
    return FC_OK;
}

fc_status fc_ec_check_public(const fc_provider *provider, fc_alg curve, const uint8_t *point,
                             size_t point_len)
{
    return reencode(provider, curve, NULL, 0, point, point_len);
}

fc_status fc_ec_compress(const fc_provider *provider, fc_alg curve, uint8_t *out,
                         const uint8_t *point, size_t point_len)
{
    return out == NULL ? FC_ERR_NULL : reencode(provider, curve, out, 1, point, point_len);
}

fc_status fc_ec_decompress(const fc_provider *provider, fc_alg curve, uint8_t *out,
                           const uint8_t *point, size_t point_len)
{
    return out == NULL ? FC_ERR_NULL : reencode(provider, curve, out, 0, point, point_len);
}

fc_status fc_ecdh(const fc_provider *provider, fc_alg curve, uint8_t *shared,
                  const uint8_t *priv, const uint8_t *peer, size_t peer_len)
{
    const fc_core_curve *c = curve_of(curve);
    uint8_t xy[2 * FC_EC_MAX_LEN], tmp[FC_EC_MAX_LEN];
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st;
    if (shared == NULL || priv == NULL || peer == NULL)
        return FC_ERR_NULL;
    if (c == NULL)
        return FC_ERR_ARGUMENT;
    if (!private_ok(c, priv, fc_core_alg(curve)->key))
        return FC_ERR_KEY;
    /* the curve equation of an uncompressed point is the provider's to check (driver.h): it
     * has the arithmetic at hand, and a compressed point is on the curve by construction */
    st = fc_core_ec_point(provider, c, xy, peer, peer_len, 0);
    if (st != FC_OK)
        return st;
    st = FC_ERR_UNSUPPORTED;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        if ((impl = fc_core_own(p, curve)) != NULL)
            st = impl->ops.ec.ecdh(impl, tmp, priv, xy);
    return finish(st, shared, tmp, fc_core_alg(curve)->out);
}

fc_status fc_job_ecdh(fc_job *job, const fc_provider *provider, fc_alg curve, uint8_t *shared,
                      const uint8_t *priv, const uint8_t *peer, size_t peer_len)
{
    const fc_core_curve *c = curve_of(curve);
    uint8_t xy[2 * FC_EC_MAX_LEN];
    fc_job_input in;
    fc_status st;
    if (job == NULL || shared == NULL || priv == NULL || peer == NULL)
        return FC_ERR_NULL;
    if (c == NULL)
        return FC_ERR_ARGUMENT;
    if (fc_job_running(job))
        return FC_ERR_STATE;
    if (!private_ok(c, priv, fc_core_alg(curve)->key))
        return FC_ERR_KEY;
    memset(&in, 0, sizeof(in));
    st = fc_core_ec_encoding(c, xy, &in.point_form, peer, peer_len);
    if (st != FC_OK)
        return st;
    in.op = FC_JOB_OP_ECDH;
    in.out = shared;
    in.data = priv;
    in.point = xy; /* public: copied by start, no wipe needed */
    return fc_core_job_start(job, provider, curve, FC_FAMILY_EC, &in);
}
