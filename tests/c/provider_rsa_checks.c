/* pc_check_rsa (provider_checks.h): RSA on a provider's own descriptor, its fc_rsa_ops called
 * directly with the keys of rsa_vectors.h; the generated keys' relations checked with soft's
 * limb helpers (providers/soft/bn.h) and a slow remainder and gcd of the test's own. */
#include "provider_checks.h"

#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/rsa.h"
#include "providers/soft/bn.h"
#include "rsa_vectors.h"
#include "testutil.h"

/* The descriptor of alg among p's own, or NULL. */
static const fc_impl *own_impl(const fc_provider *p, fc_alg alg)
{
    size_t i;
    for (i = 0; i < p->impl_count; i++)
        if (p->impls[i]->alg == alg)
            return p->impls[i];
    return NULL;
}

static int rsa_random_fill(void *user, uint8_t *out, size_t len)
{
    (void)user;
    tu_fill_random(out, len);
    return 0;
}

static int rsa_failing_fill(void *user, uint8_t *out, size_t len)
{
    (void)user, (void)out, (void)len;
    return 1;
}

static const fc_rng rsa_rng = {rsa_random_fill, NULL};
static const fc_rng rsa_bad_rng = {rsa_failing_fill, NULL};
static fc_rsa_work rsa_work; /* 12 KiB and more: not on the stack */

/* A vector's key, its m and c = m^e mod n (buffers from tu_unhex). */
typedef struct {
    fc_rsa_private_key key;
    uint8_t *bufs[9];
    size_t k;
} rsa_loaded;

static void rsa_load(rsa_loaded *lk, const rsa_vector *v)
{
    const char *hex[9] = {v->n, v->e, v->p, v->q, v->dp, v->dq, v->qinv, v->m, v->c};
    size_t lens[9], i;
    for (i = 0; i < 9; i++)
        lk->bufs[i] = tu_unhex(hex[i], &lens[i]);
    memset(&lk->key, 0, sizeof(lk->key));
    lk->key.pub.n = lk->bufs[0], lk->key.pub.n_len = lens[0];
    lk->key.pub.e = lk->bufs[1], lk->key.pub.e_len = lens[1];
    lk->key.p = lk->bufs[2], lk->key.p_len = lens[2];
    lk->key.q = lk->bufs[3], lk->key.q_len = lens[3];
    lk->key.dp = lk->bufs[4], lk->key.dp_len = lens[4];
    lk->key.dq = lk->bufs[5], lk->key.dq_len = lens[5];
    lk->key.qinv = lk->bufs[6], lk->key.qinv_len = lens[6];
    lk->k = lens[7];
}

static void rsa_unload(rsa_loaded *lk)
{
    size_t i;
    for (i = 0; i < 9; i++)
        free(lk->bufs[i]);
}

/* The operations on impl with the provider's part of rsa_work, zeroed before; *wiped is
 * cleared when the operation leaves anything there. */
static fc_status rsa_public(const fc_impl *impl, uint8_t *out, const fc_rsa_public_key *key,
                            const uint8_t *in, int *wiped)
{
    fc_status st;
    memset(&rsa_work, 0, sizeof(rsa_work));
    st = impl->ops.rsa.public_op(impl, FC_RSA_PROVIDER_WORK(&rsa_work), out, key, in);
    *wiped &= tu_all_zero(FC_RSA_PROVIDER_WORK(&rsa_work), FC_RSA_PROVIDER_WORK_SIZE);
    return st;
}

static fc_status rsa_private(const fc_impl *impl, uint8_t *out, const fc_rsa_private_key *key,
                             const uint8_t *in, const fc_rng *rng, int *wiped)
{
    fc_status st;
    memset(&rsa_work, 0, sizeof(rsa_work));
    st = impl->ops.rsa.private_op(impl, FC_RSA_PROVIDER_WORK(&rsa_work), out, key, in, rng);
    *wiped &= tu_all_zero(FC_RSA_PROVIDER_WORK(&rsa_work), FC_RSA_PROVIDER_WORK_SIZE);
    return st;
}

/* Big numbers for the generated key's checks, on soft's limb helpers (providers/soft/bn.h):
 * 32-bit limbs, least significant first; the slow remainder and gcd below are the test's. */
#define RSA_LIMBS (4096 / 32)

/* r (n limbs) = a (an limbs) mod m (n limbs, m not zero), one bit of a at a time. */
static void rsa_mod(uint32_t *r, const uint32_t *a, unsigned an, const uint32_t *m, unsigned n)
{
    unsigned i, j;
    memset(r, 0, n * sizeof(*r));
    for (i = an * 32; i-- > 0;) {
        uint32_t carry = (a[i / 32] >> (i % 32)) & 1u;
        for (j = 0; j < n; j++) { /* r = 2 r + the bit, carry out of the top */
            uint32_t top = r[j] >> 31;
            r[j] = (r[j] << 1) | carry;
            carry = top;
        }
        if (carry || !fc_bn_less(r, m, n)) /* 2 r + bit < 2 m: one subtraction (mod 2^32n) */
            fc_bn_sub(r, r, m, n);
    }
}

/* 1 when a (an limbs) mod m (n limbs) is 1. */
static int rsa_mod_is_one(const uint32_t *a, unsigned an, const uint32_t *m, unsigned n)
{
    uint32_t r[RSA_LIMBS], one[RSA_LIMBS] = {1};
    rsa_mod(r, a, an, m, n);
    return fc_bn_equal(r, one, n) != 0;
}

/* g = gcd(a, b), n limbs each (Euclid). */
static void rsa_gcd(uint32_t *g, const uint32_t *a, const uint32_t *b, unsigned n)
{
    uint32_t x[RSA_LIMBS], y[RSA_LIMBS], r[RSA_LIMBS];
    memcpy(x, a, n * sizeof(*x));
    memcpy(y, b, n * sizeof(*y));
    while (!fc_bn_is_zero(y, n)) {
        rsa_mod(r, x, n, y, n);
        memcpy(x, y, n * sizeof(*x));
        memcpy(y, r, n * sizeof(*y));
    }
    memcpy(g, x, n * sizeof(*g));
}

/* driver.h's relations for parts of a 2048-bit key with e = 65537. */
static int rsa_parts_hold(const uint8_t *parts)
{
    enum { K = 256, H = 128, N = K / 4, HL = H / 4 };
    uint32_t n[N], d[N], p[HL], q[HL], dp[HL], dq[HL], qinv[HL], p1[HL], q1[HL], one[HL] = {1};
    uint32_t e[1] = {65537}, t[RSA_LIMBS], g[HL], dg[N + HL], phi[N + HL];
    const uint8_t *at = parts + 2 * K;
    int ok = (parts[0] & 0x80) && memcmp(at, at + H, H) > 0; /* 2048 bits, p > q */
    fc_bn_from_bytes(n, N, parts, K);
    fc_bn_from_bytes(d, N, parts + K, K);
    fc_bn_from_bytes(p, HL, at, H);
    fc_bn_from_bytes(q, HL, at + H, H);
    fc_bn_from_bytes(dp, HL, at + 2 * H, H);
    fc_bn_from_bytes(dq, HL, at + 3 * H, H);
    fc_bn_from_bytes(qinv, HL, at + 4 * H, H);
    fc_bn_sub(p1, p, one, HL);
    fc_bn_sub(q1, q, one, HL);
    fc_bn_mul(t, p, HL, q, HL);
    ok = ok && fc_bn_equal(t, n, N);
    fc_bn_mul(t, e, 1, dp, HL);
    ok = ok && rsa_mod_is_one(t, HL + 1, p1, HL);
    fc_bn_mul(t, e, 1, dq, HL);
    ok = ok && rsa_mod_is_one(t, HL + 1, q1, HL);
    fc_bn_mul(t, q, HL, qinv, HL);
    ok = ok && rsa_mod_is_one(t, N, p, HL);
    /* e d = 1 mod p - 1 and mod q - 1, so mod their lcm; and d < lcm: d gcd < (p - 1)(q - 1) */
    fc_bn_mul(t, e, 1, d, N);
    ok = ok && rsa_mod_is_one(t, N + 1, p1, HL) && rsa_mod_is_one(t, N + 1, q1, HL);
    rsa_gcd(g, p1, q1, HL);
    fc_bn_mul(dg, d, N, g, HL);
    memset(phi, 0, sizeof(phi));
    fc_bn_mul(phi, p1, HL, q1, HL);
    return ok && fc_bn_less(dg, phi, N + HL);
}

/* The generated 2048-bit key's parts as a key (pointers into parts). */
static void rsa_parts_key(fc_rsa_private_key *key, const uint8_t *parts)
{
    static const uint8_t e[3] = {1, 0, 1};
    const size_t k = 256, h = 128;
    memset(key, 0, sizeof(*key));
    key->pub.n = parts, key->pub.n_len = k;
    key->pub.e = e, key->pub.e_len = 3;
    key->d = parts + k, key->d_len = k;
    key->p = parts + 2 * k, key->q = key->p + h;
    key->dp = key->q + h, key->dq = key->dp + h, key->qinv = key->dq + h;
    key->p_len = key->q_len = key->dp_len = key->dq_len = key->qinv_len = h;
}

static void rsa_check_generate(const fc_provider *p, const fc_impl *impl)
{
    static uint8_t parts[FC_RSA_PARTS_SIZE(256)];
    uint8_t x[256], y[256], back[256];
    fc_rsa_private_key key;
    fc_status st;
    int wiped = 1;
    memset(&rsa_work, 0, sizeof(rsa_work));
    st = impl->ops.rsa.generate(impl, FC_RSA_PROVIDER_WORK(&rsa_work), &rsa_rng,
                                FC_RSA_PARTS(&rsa_work), 2048, 65537);
    memcpy(parts, FC_RSA_PARTS(&rsa_work), sizeof(parts));
    CHECK(st == FC_OK && rsa_parts_hold(parts) &&
              tu_all_zero(FC_RSA_PROVIDER_WORK(&rsa_work), FC_RSA_GENERATE_WORK_SIZE),
          "RSA generate on %s: 2048-bit parts as driver.h says, its own work wiped (%d)",
          p->name, (int)st);
    rsa_parts_key(&key, parts);
    tu_fill_random(x, sizeof(x));
    x[0] &= 0x7f; /* below n, whose top bit is set */
    CHECK(st == FC_OK && rsa_private(impl, y, &key, x, &rsa_rng, &wiped) == FC_OK &&
              rsa_public(impl, back, &key.pub, y, &wiped) == FC_OK &&
              memcmp(back, x, sizeof(x)) == 0,
          "RSA generate on %s: the key round-trips a private and a public operation", p->name);
    fc_zeroize(parts, sizeof(parts));
}

void pc_check_rsa(const fc_provider *p)
{
    const fc_impl *impl = own_impl(p, FC_RSA);
    uint8_t out[FC_RSA_MAX_BYTES], back[FC_RSA_MAX_BYTES], in[FC_RSA_MAX_BYTES];
    uint8_t copy[FC_RSA_MAX_BYTES];
    const char *answers = NULL, *identity = NULL, *faults = NULL, *rng_fails = NULL;
    int wiped = 1;
    size_t v;
    CHECK(impl != NULL && impl->ops.rsa.public_op != NULL && impl->ops.rsa.private_op != NULL,
          "%s has its own RSA", p->name);
    if (impl == NULL || impl->ops.rsa.public_op == NULL || impl->ops.rsa.private_op == NULL)
        return;
    for (v = 0; v < PC_COUNT(rsa_vectors); v++) {
        const rsa_vector *vec = &rsa_vectors[v];
        rsa_loaded lk;
        size_t k, t, which;
        if (vec->bits > 4096 || vec->bits > FC_RSA_MAX_BITS)
            continue;
        rsa_load(&lk, vec);
        k = lk.k;
        /* the known answers: m^e = c, c^d = m */
        memset(out, 0xA5, k);
        memset(back, 0xA5, k);
        if (answers == NULL &&
            (rsa_public(impl, out, &lk.key.pub, lk.bufs[7], &wiped) != FC_OK ||
             memcmp(out, lk.bufs[8], k) != 0 ||
             rsa_private(impl, back, &lk.key, lk.bufs[8], &rsa_rng, &wiped) != FC_OK ||
             memcmp(back, lk.bufs[7], k) != 0))
            answers = vec->name;
        /* (x^d)^e = x for random x < n, 0, 1 and n - 1 */
        for (t = 0; t < 6 && identity == NULL; t++) {
            tu_fill_random(in, k);
            in[0] = (uint8_t)(lk.key.pub.n[0] - 1 - (in[0] % lk.key.pub.n[0]));
            if (t == 3 || t == 4) {
                memset(in, 0, k);
                in[k - 1] = (uint8_t)(t - 3);
            } else if (t == 5) {
                memcpy(in, lk.key.pub.n, k);
                in[k - 1] -= 1; /* n is odd */
            }
            if (rsa_private(impl, out, &lk.key, in, &rsa_rng, &wiped) != FC_OK ||
                rsa_public(impl, back, &lk.key.pub, out, &wiped) != FC_OK ||
                memcmp(back, in, k) != 0)
                identity = vec->name;
        }
        /* one bit of dP, dQ or qInv flipped: refused, never a wrong answer */
        for (which = 0; which < 3; which++) {
            fc_rsa_private_key bad = lk.key;
            const uint8_t **field = which == 0 ? &bad.dp : which == 1 ? &bad.dq : &bad.qinv;
            size_t len = which == 0 ? bad.dp_len : which == 1 ? bad.dq_len : bad.qinv_len;
            fc_status st;
            memcpy(copy, *field, len);
            copy[len / 2] ^= 0x10;
            *field = copy;
            memset(out, 0xA5, k);
            st = rsa_private(impl, out, &bad, lk.bufs[8], &rsa_rng, &wiped);
            if ((st != FC_ERR_KEY && st != FC_ERR_PROVIDER) || !tu_all_zero(out, k))
                faults = faults != NULL ? faults : vec->name;
        }
        /* a failing rng */
        memset(out, 0xA5, k);
        if (rsa_private(impl, out, &lk.key, lk.bufs[8], &rsa_bad_rng, &wiped) !=
                FC_ERR_RNG_FAILED ||
            !tu_all_zero(out, k))
            rng_fails = rng_fails != NULL ? rng_fails : vec->name;
        rsa_unload(&lk);
    }
    CHECK(answers == NULL, "RSA on %s: public and private known answers (%s)", p->name,
          answers != NULL ? answers : "");
    CHECK(identity == NULL, "RSA on %s: private then public is the identity (%s)", p->name,
          identity != NULL ? identity : "");
    CHECK(faults == NULL,
          "RSA on %s: a flipped bit of dP, dQ or qInv refused with out zeroed (%s)", p->name,
          faults != NULL ? faults : "");
    CHECK(rng_fails == NULL, "RSA on %s: a failing rng is FC_ERR_RNG_FAILED, out zeroed (%s)",
          p->name, rng_fails != NULL ? rng_fails : "");
    CHECK(wiped, "RSA on %s: the provider's work area zero after every operation", p->name);
    if (impl->ops.rsa.generate != NULL)
        rsa_check_generate(p, impl);
}
