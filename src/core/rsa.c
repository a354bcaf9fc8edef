/* RSA front end (RFC 8017): the key checks of rsa.h, the chain walks to the providers' raw
 * operations, and the output discipline (nothing written and *len unchanged on failure, the
 * caller's fc_rsa_work wiped on every exit).
 *
 * fc_rsa_work: the core's two k-byte buffers (FC_RSA_CORE_WORK_SIZE, driver.h) hold the
 * operation's input and output, then the provider's area follows.
 *
 * Constant time: the keys' public parts (n, e, the lengths) steer the flow; inputs are
 * compared with n by fc_core_be_less, which reads every byte.
 */
#include "core.h"

_Static_assert(FC_RSA_CORE_WORK_SIZE % 8 == 0, "the provider's part of fc_rsa_work is aligned");
_Static_assert(FC_RSA_GENERATE_WORK_SIZE > 0, "FC_RSA_WORK_SIZE too small: see config.h");

#if FC_RSA_LEGACY_BITS
#define RSA_MIN_BITS 1024u
#else
#define RSA_MIN_BITS 2048u
#endif

/* The core's two buffers in a work area. */
#define RSA_BUF_IN(work) ((uint8_t *)(work))
#define RSA_BUF_OUT(work) ((uint8_t *)(work) + FC_RSA_MAX_BYTES)

/* Skips the leading zero bytes of a public integer. */
static const uint8_t *rsa_strip(const uint8_t *p, size_t *len)
{
    while (*len > 0 && p[0] == 0) {
        p++;
        (*len)--;
    }
    return p;
}

/* k, the modulus's bytes without leading zeros, when key is one rsa.h takes (n odd,
 * RSA_MIN_BITS <= bits(n) <= FC_RSA_MAX_BITS, 3 <= e < n, e odd); 0 otherwise. */
size_t fc_core_rsa_public_check(const fc_rsa_public_key *key)
{
    size_t k = key->n_len, e_len = key->e_len, bits;
    const uint8_t *n = rsa_strip(key->n, &k), *e = rsa_strip(key->e, &e_len);
    unsigned top;
    if (k == 0 || e_len == 0)
        return 0;
    for (top = n[0], bits = 8 * (k - 1); top != 0; top >>= 1)
        bits++;
    if (bits < RSA_MIN_BITS || bits > FC_RSA_MAX_BITS || (n[k - 1] & 1u) == 0)
        return 0;
    if ((e[e_len - 1] & 1u) == 0 || (e_len == 1 && e[0] < 3) || e_len > k ||
        (e_len == k && !fc_core_be_less(e, n, k)))
        return 0;
    return k;
}

/* The public key's pointers: FC_ERR_NULL for a missing one. */
static fc_status rsa_public_pointers(const fc_rsa_public_key *key)
{
    if (key == NULL || key->n == NULL || key->e == NULL)
        return FC_ERR_NULL;
    return FC_OK;
}

/* A private key's pointers (d is optional): FC_ERR_NULL for a missing one. */
static fc_status rsa_private_pointers(const fc_rsa_private_key *key)
{
    if (key == NULL || rsa_public_pointers(&key->pub) != FC_OK || key->p == NULL ||
        key->q == NULL || key->dp == NULL || key->dq == NULL || key->qinv == NULL ||
        (key->d == NULL && key->d_len > 0))
        return FC_ERR_NULL;
    return FC_OK;
}

/* k of the private key's public part, 0 when refused; the CRT values must be present (the
 * provider checks that they agree). */
size_t fc_core_rsa_private_check(const fc_rsa_private_key *key)
{
    if (key->p_len == 0 || key->q_len == 0 || key->dp_len == 0 || key->dq_len == 0 ||
        key->qinv_len == 0)
        return 0;
    return fc_core_rsa_public_check(&key->pub);
}

/* 1 when in (k bytes) < n: a public verdict on public data. */
static int rsa_below_n(const fc_rsa_public_key *key, size_t k, const uint8_t *in)
{
    return (int)fc_core_be_less(in, key->n + (key->n_len - k), k);
}

/* The randomness source of a private operation, NULL when there is none. */
static const fc_rng *rsa_rng(const fc_rng *rng)
{
    return rng != NULL ? rng : fc_core_rng_default();
}

/* RSA_BUF_OUT(work) = in^e mod n (in: k bytes < n) on the first provider that does it. */
static fc_status rsa_public_op(const fc_provider *provider, fc_rsa_work *work,
                               const fc_rsa_public_key *key, const uint8_t *in)
{
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st = FC_ERR_UNSUPPORTED;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        if ((impl = fc_core_own(p, FC_RSA)) != NULL && impl->ops.rsa.public_op != NULL)
            st = impl->ops.rsa.public_op(impl, FC_RSA_PROVIDER_WORK(work), RSA_BUF_OUT(work),
                                         key, in);
    return st;
}

/* RSA_BUF_OUT(work) = in^d mod n (in: k bytes < n); rng is not NULL. */
static fc_status rsa_private_op(const fc_provider *provider, const fc_rng *rng,
                                fc_rsa_work *work, const fc_rsa_private_key *key,
                                const uint8_t *in)
{
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st = FC_ERR_UNSUPPORTED;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        if ((impl = fc_core_own(p, FC_RSA)) != NULL && impl->ops.rsa.private_op != NULL)
            st = impl->ops.rsa.private_op(impl, FC_RSA_PROVIDER_WORK(work), RSA_BUF_OUT(work),
                                          key, in, rng);
    return st;
}

/* Wipes the work area and returns st. */
static fc_status rsa_done(fc_rsa_work *work, fc_status st)
{
    fc_zeroize(work, sizeof(*work));
    return st;
}

fc_status fc_rsa_public_raw(const fc_provider *provider, fc_rsa_work *work, uint8_t *out,
                            const fc_rsa_public_key *key, const uint8_t *in, size_t in_len)
{
    size_t k;
    fc_status st;
    if (work == NULL || out == NULL || in == NULL || rsa_public_pointers(key) != FC_OK)
        return FC_ERR_NULL;
    k = fc_core_rsa_public_check(key);
    if (k == 0)
        return rsa_done(work, FC_ERR_KEY);
    if (in_len != k)
        return rsa_done(work, FC_ERR_LENGTH);
    if (!rsa_below_n(key, k, in))
        return rsa_done(work, FC_ERR_ARGUMENT);
    memcpy(RSA_BUF_IN(work), in, k);
    st = rsa_public_op(provider, work, key, RSA_BUF_IN(work));
    if (st == FC_OK)
        memcpy(out, RSA_BUF_OUT(work), k);
    return rsa_done(work, st);
}

fc_status fc_rsa_private_raw(const fc_provider *provider, const fc_rng *rng, fc_rsa_work *work,
                             uint8_t *out, const fc_rsa_private_key *key, const uint8_t *in,
                             size_t in_len)
{
    size_t k;
    fc_status st;
    if (work == NULL || out == NULL || in == NULL || rsa_private_pointers(key) != FC_OK)
        return FC_ERR_NULL;
    k = fc_core_rsa_private_check(key);
    if (k == 0)
        return rsa_done(work, FC_ERR_KEY);
    if (in_len != k)
        return rsa_done(work, FC_ERR_LENGTH);
    if (!rsa_below_n(&key->pub, k, in))
        return rsa_done(work, FC_ERR_ARGUMENT);
    if ((rng = rsa_rng(rng)) == NULL)
        return rsa_done(work, FC_ERR_NO_RNG);
    memcpy(RSA_BUF_IN(work), in, k);
    st = rsa_private_op(provider, rng, work, key, RSA_BUF_IN(work));
    if (st == FC_OK)
        memcpy(out, RSA_BUF_OUT(work), k);
    return rsa_done(work, st);
}
