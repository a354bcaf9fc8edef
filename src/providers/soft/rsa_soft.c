/* Raw RSA over bn.c (rsa_soft.h).
 *
 * Constant time: the sizes (modulus, primes, exponent e) are public and steer the loops; the
 * secret values go through bn.c's constant-time code only. The CRT exponents dP and dQ are
 * read at the primes' full length, whatever their own. The verdicts made public by design
 * (the key's consistency p q = n, whether the blinding factor is invertible, whether the
 * result passes the check with e) are declassified for the constant-flow test.
 *
 * The private operation (RFC 8017 5.1.2 with base blinding):
 *   r uniform mod n (n + 64 random bits reduced), c' = c r^e mod n,
 *   m1 = c'^dP r^-1 mod p, m2 = c'^dQ r^-1 mod q (c'^d = m r: the exponents never see c
 *   itself; r is inverted modulo p and q, cheaper than modulo n),
 *   h = qInv (m1 - m2) mod p, m = m2 + h q,
 *   then m^e mod n must equal c, or nothing is released: a fault in one CRT half would
 *   otherwise give out a value from which gcd(m^e - c, n) factors n (Boneh, DeMillo, Lipton).
 */
#include <string.h>

#include "fieldcrypt/ct.h"
#include "core/core.h"
#include "rsa_soft.h"

/* Skips leading zero bytes of a public integer. */
static const uint8_t *rsa_strip(const uint8_t *p, size_t *len)
{
    while (*len > 0 && p[0] == 0) {
        p++;
        (*len)--;
    }
    return p;
}

size_t fc_rsa_soft_public_check(fc_rsa_soft_work *work, const fc_rsa_soft_public *key)
{
    size_t n_len = key->n_len, e_len = key->e_len;
    const uint8_t *n = rsa_strip(key->n, &n_len), *e = rsa_strip(key->e, &e_len);
    unsigned limbs = (unsigned)(n_len / 4);

    /* whole 64-bit words, so that each prime has half of n's 32-bit words */
    if (n_len % 8 != 0 || n_len < (FC_RSA_LEGACY_BITS ? 128u : 256u) || n_len > FC_RSA_MAX_BITS / 8)
        return 0;
    if ((n[n_len - 1] & 1u) == 0 || e_len == 0 || e_len > n_len || (e[e_len - 1] & 1u) == 0 ||
        (e_len == 1 && e[0] < 3))
        return 0;
    (void)fc_bn_from_bytes(work->n, limbs, n, n_len);
    (void)fc_bn_from_bytes(work->e, limbs, e, e_len);
    if (!fc_bn_less(work->e, work->n, limbs))
        return 0;
    fc_bn_mont_init(&work->mont_n, work->n, limbs, work->n_rr, work->scratch);
    return n_len;
}

/* Reads the input (below n) into work->in. */
static fc_status rsa_read_input(fc_rsa_soft_work *work, unsigned limbs, const uint8_t *in,
                                size_t in_len)
{
    uint32_t below;
    if (in_len > (size_t)limbs * 4u)
        return FC_ERR_LENGTH;
    (void)fc_bn_from_bytes(work->in, limbs, in, in_len);
    below = fc_bn_less(work->in, work->n, limbs);
    FC_DECLASSIFY(&below, sizeof(below)); /* a valid input is public knowledge */
    return below ? FC_OK : FC_ERR_ARGUMENT;
}

fc_status fc_rsa_soft_public_op(fc_rsa_soft_work *work, uint8_t *out, size_t out_len,
                                const fc_rsa_soft_public *key, const uint8_t *in, size_t in_len)
{
    size_t k;
    unsigned limbs;
    fc_status st;
    if (work == NULL || out == NULL || key == NULL || key->n == NULL || key->e == NULL ||
        (in == NULL && in_len > 0))
        return FC_ERR_NULL;
    k = fc_rsa_soft_public_check(work, key);
    if (k == 0) {
        st = FC_ERR_KEY;
        goto done;
    }
    limbs = (unsigned)(k / 4);
    if (out_len != k) {
        st = FC_ERR_LENGTH;
        goto done;
    }
    st = rsa_read_input(work, limbs, in, in_len);
    if (st != FC_OK)
        goto done;
    fc_bn_mont_exp_public(&work->mont_n, work->x, work->in, work->e, limbs, work->scratch);
    fc_bn_to_bytes(out, k, work->x, limbs);
done:
    fc_zeroize(work, sizeof(*work));
    return st;
}

/* A prime of the key into its half (half limbs, odd, top word non-zero) and its Montgomery
 * context. The prime's length is public (it is the modulus's half); its value is not. */
static int rsa_load_prime(fc_rsa_soft_work *work, fc_bn_mont *ctx, uint32_t *prime, uint32_t *rr,
                          unsigned half, const uint8_t *bytes, size_t len)
{
    uint32_t bad = (uint32_t)fc_bn_from_bytes(prime, half, bytes, len); /* too long */
    bad |= fc_bn_is_zero(prime + half - 1, 1);                           /* too short */
    bad |= (prime[0] & 1u) - 1u;                                         /* even */
    FC_DECLASSIFY(&bad, sizeof(bad)); /* a malformed key is refused openly */
    if (bad)
        return -1;
    fc_bn_mont_init(ctx, prime, half, rr, work->scratch);
    return 0;
}

/* A CRT value (dP, dQ, qInv) into half limbs; -1 when it does not fit. */
static int rsa_load_crt(uint32_t *r, unsigned half, const uint8_t *bytes, size_t len)
{
    int bad = fc_bn_from_bytes(r, half, bytes, len);
    FC_DECLASSIFY(&bad, sizeof(bad));
    return bad;
}

static fc_status rsa_load_private(fc_rsa_soft_work *work, const fc_rsa_soft_private *key,
                                  unsigned half)
{
    uint32_t same;
    if (rsa_load_prime(work, &work->mont_p, work->p, work->p_rr, half, key->p, key->p_len) ||
        rsa_load_prime(work, &work->mont_q, work->q, work->q_rr, half, key->q, key->q_len) ||
        rsa_load_crt(work->dp, half, key->dp, key->dp_len) ||
        rsa_load_crt(work->dq, half, key->dq, key->dq_len) ||
        rsa_load_crt(work->qinv, half, key->qinv, key->qinv_len))
        return FC_ERR_KEY;
    fc_bn_mul(work->x, work->p, half, work->q, half);
    same = fc_bn_equal(work->x, work->n, 2 * half);
    FC_DECLASSIFY(&same, sizeof(same)); /* n is public: whether p q is n says nothing more */
    return same ? FC_OK : FC_ERR_KEY;
}

/* work->blind = r, uniform mod n from n + 2 random words; work->y = r^e mod n; the unblinding
 * factors r^-1 mod p and r^-1 mod q in the two halves of work->unblind (inverting modulo
 * each prime costs half of inverting modulo n: a quarter each). */
static fc_status rsa_make_blinding(fc_rsa_soft_work *work, unsigned limbs, const fc_rng *rng)
{
    uint32_t *random = work->scratch, invertible;
    unsigned half = limbs / 2;
    if (rng->fill(rng->user, (uint8_t *)random, (limbs + 2) * sizeof(uint32_t)) != 0)
        return FC_ERR_RNG_FAILED;
    fc_bn_mod(&work->mont_n, work->blind, random, limbs + 2, random + limbs + 2);
    fc_zeroize(random, (limbs + 2) * sizeof(uint32_t));
    fc_bn_mod(&work->mont_p, work->mp, work->blind, limbs, work->scratch);
    invertible = fc_bn_mod_inverse(work->unblind, work->mp, work->p, half, work->scratch);
    fc_bn_mod(&work->mont_q, work->mq, work->blind, limbs, work->scratch);
    invertible &= fc_bn_mod_inverse(work->unblind + half, work->mq, work->q, half, work->scratch);
    /* an r sharing a factor with n (probability about 2^-1023) is refused; that tells nothing
     * an attacker could not compute */
    FC_DECLASSIFY(&invertible, sizeof(invertible));
    if (!invertible)
        return FC_ERR_RNG_FAILED;
    fc_bn_mont_exp_public(&work->mont_n, work->y, work->blind, work->e, limbs, work->scratch);
    return FC_OK;
}

/* m1 - m2 mod p, times qInv, times q, plus m2 (Garner): work->x (limbs) = the CRT result. */
static void rsa_crt_combine(fc_rsa_soft_work *work, unsigned half)
{
    uint32_t *m2_mod_p = work->blind; /* free by now */
    uint32_t borrow;
    fc_bn_mod(&work->mont_p, m2_mod_p, work->mq, half, work->scratch);
    borrow = fc_bn_sub(work->mp, work->mp, m2_mod_p, half);
    (void)fc_bn_add(work->y, work->mp, work->p, half);
    fc_bn_cmov(work->mp, work->y, half, 0u - borrow);
    /* (m1 - m2) qInv / R, then times R^2 / R: (m1 - m2) qInv mod p */
    fc_bn_mont_mul(&work->mont_p, work->mp, work->mp, work->qinv, work->scratch);
    fc_bn_to_mont(&work->mont_p, work->mp, work->mp, work->scratch);
    fc_bn_mul(work->x, work->mp, half, work->q, half);
    memset(work->y, 0, sizeof(work->y));
    memcpy(work->y, work->mq, half * sizeof(uint32_t));
    (void)fc_bn_add(work->x, work->x, work->y, 2 * half); /* < p q: no carry out */
}

fc_status fc_rsa_soft_private_op(fc_rsa_soft_work *work, uint8_t *out, size_t out_len,
                                 const fc_rsa_soft_private *key, const uint8_t *in,
                                 size_t in_len, const fc_rng *rng)
{
    size_t k;
    unsigned limbs, half;
    uint32_t good;
    fc_status st;
    if (work == NULL || out == NULL || key == NULL || key->pub.n == NULL ||
        key->pub.e == NULL || key->p == NULL || key->q == NULL || key->dp == NULL ||
        key->dq == NULL || key->qinv == NULL || (in == NULL && in_len > 0))
        return FC_ERR_NULL;
    if (rng == NULL || rng->fill == NULL)
        return FC_ERR_NO_RNG;
    k = fc_rsa_soft_public_check(work, &key->pub);
    if (k == 0) {
        st = FC_ERR_KEY;
        goto done;
    }
    limbs = (unsigned)(k / 4);
    half = limbs / 2;
    if (out_len != k) {
        st = FC_ERR_LENGTH;
        goto done;
    }
    st = rsa_read_input(work, limbs, in, in_len);
    if (st == FC_OK)
        st = rsa_load_private(work, key, half);
    if (st == FC_OK)
        st = rsa_make_blinding(work, limbs, rng);
    if (st != FC_OK)
        goto done;

    /* c' = c r^e mod n */
    fc_bn_to_mont(&work->mont_n, work->x, work->in, work->scratch);
    fc_bn_mont_mul(&work->mont_n, work->x, work->x, work->y, work->scratch);
    /* the two halves */
    fc_bn_mod(&work->mont_p, work->mp, work->x, limbs, work->scratch);
    fc_bn_mont_exp(&work->mont_p, work->mp, work->mp, work->dp, half, FC_RSA_WINDOW,
                   work->scratch);
    fc_bn_mod(&work->mont_q, work->mq, work->x, limbs, work->scratch);
    fc_bn_mont_exp(&work->mont_q, work->mq, work->mq, work->dq, half, FC_RSA_WINDOW,
                   work->scratch);
    /* unblind each half: m r r^-1 (a product over R, then times R^2 over R) */
    fc_bn_mont_mul(&work->mont_p, work->mp, work->mp, work->unblind, work->scratch);
    fc_bn_to_mont(&work->mont_p, work->mp, work->mp, work->scratch);
    fc_bn_mont_mul(&work->mont_q, work->mq, work->mq, work->unblind + half, work->scratch);
    fc_bn_to_mont(&work->mont_q, work->mq, work->mq, work->scratch);
    rsa_crt_combine(work, half);
    /* the check: m^e == c */
    fc_bn_mont_exp_public(&work->mont_n, work->y, work->x, work->e, limbs, work->scratch);
    good = fc_bn_equal(work->y, work->in, limbs);
    FC_DECLASSIFY(&good, sizeof(good)); /* a refused result is public: nothing is released */
    if (!good) {
        st = FC_ERR_PROVIDER;
        goto done;
    }
    fc_bn_to_bytes(out, k, work->x, limbs);
done:
    if (st != FC_OK)
        memset(out, 0, out_len);
    fc_zeroize(work, sizeof(*work));
    return st;
}
