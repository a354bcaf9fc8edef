/* RSA key generation for the soft provider (driver.h fc_rsa_ops.generate), FIPS 186-5 A.1.3
 * (random probable primes) with these choices:
 *
 * - Candidates: bits/2 random bits with the top two set (so that p q has exactly bits bits)
 *   and the low two set: p = 3 mod 4. Then (p - 1) / 2 is odd, Miller-Rabin's p - 1 = 2^a m
 *   has a = 1 for every candidate (no secret loop count or shift), and lcm(p - 1, q - 1) is
 *   2 X Y with X = (p - 1) / 2, Y = (q - 1) / 2 once gcd(X, Y) = 1, which is checked (a q that
 *   fails it is drawn again): no bignum division is needed for d. The restriction costs one
 *   bit of each prime's entropy.
 * - Trial division by the odd primes below 2000, then Miller-Rabin with random bases in
 *   [2, 2^(bits/2 - 2)) (below every candidate), as many rounds as FIPS 186-5 Table B.1 asks
 *   for p and q at the error probability that matches the key's security strength (2^-112
 *   for 2048-bit keys: 5 rounds; 2^-128 for 3072: 4; 2^-144 for 4096: 4; 4 for larger
 *   primes, whose error is smaller still). Keys of 2048 bits and up only, also in builds
 *   with FC_RSA_LEGACY_BITS (which is for old keys, not new ones).
 * - |p - q| > 2^(bits/2 - 100) and gcd(e, p - 1) = gcd(e, q - 1) = 1 (FIPS 186-5 A.1.3).
 * - The private values by inversion modulo the small public e: for an even m with
 *   gcd(e, m) = 1 and u = m^-1 mod e, e^-1 mod m = (1 + m (e - u)) / e (the numerator is a
 *   multiple of e, divided exactly word by word). d = e^-1 mod lcm(p - 1, q - 1),
 *   dP = e^-1 mod (p - 1), dQ = e^-1 mod (q - 1); qInv = q^-1 mod p by bn.c.
 * - At most 5 (bits / 2) candidates per prime (FIPS 186-5 A.1.3 step 4.7 and 5.8) and 64
 *   q for one p; an rng that never gives a usable prime (a stuck source) ends in
 *   FC_ERR_RNG_FAILED.
 *
 * Constant time: the accepted primes are secret, the rejected candidates are not. Every
 * computation on a candidate runs in time that depends on the sizes only (residues modulo the
 * small primes by multiplication with a reciprocal, the Miller-Rabin powers by bn.c's
 * fixed-window exponentiation, the inverses by bn.c's constant-time inversion and the
 * word-serial reductions below); only the verdicts that reject a candidate are made public
 * (FC_DECLASSIFY). The accepted key's values never steer a branch or an address.
 *
 * Cost: about 2 x 55 Miller-Rabin powers of bits/2 bits for a key (the candidates that pass
 * trial division, most rejected by their first round, and the rounds of the two primes): 66
 * private operations' time on average on the host for 2048 bits, with a wide spread
 * (docs/rsa.md).
 */
#include <string.h>

#include "core/core.h"
#include "mul32.h"
#include "rsa_soft.h"
#include "soft.h"

#define KG_HALF FC_RSA_MAX_HALF
#define KG_LIMBS FC_RSA_MAX_LIMBS
#define KG_WINDOW 4
#define KG_TRIAL_BOUND 2000u

#define KG_SCRATCH                                                                            \
    FC_RSA_MAX2(FC_BN_EXP_SCRATCH(KG_HALF, KG_WINDOW), FC_BN_INV_SCRATCH(KG_HALF))

typedef struct kg_work {
    fc_bn_mont mont;
    uint32_t p[KG_HALF], q[KG_HALF], w[KG_HALF], rr[KG_HALF];
    union {
        struct { /* Miller-Rabin */
            uint32_t exp[KG_HALF], base[KG_HALF], z[KG_HALF], minus_one[KG_HALF];
        } mr;
        struct { /* the private values */
            uint32_t m[KG_LIMBS + 1], t[KG_LIMBS + 2], out[KG_LIMBS + 2];
        } inv;
    } u;
    uint32_t scratch[KG_SCRATCH];
} kg_work;

_Static_assert(sizeof(kg_work) <= FC_RSA_GENERATE_WORK_SIZE,
               "the soft key generation's work larger than FC_RSA_GENERATE_WORK_SIZE: raise "
               "FC_RSA_WORK_SIZE (config.h)");

/* Miller-Rabin rounds for a prime of half_bits >= 1024 bits (FIPS 186-5 Table B.1, the
 * column of the key's security strength). */
static unsigned kg_rounds(unsigned half_bits)
{
    return half_bits >= 1536 ? 4 : 5;
}

/* a (n limbs) mod the odd word s, for s < 2^16, with inv = floor((2^32 - 1) / s): 16 bits at
 * a time; the quotient from the reciprocal is short by at most one, so one masked
 * subtraction finishes each step. */
static uint32_t kg_mod_small(const uint32_t *a, unsigned n, uint32_t s, uint32_t inv)
{
    uint32_t r = 0, x, q, t;
    int half;
    unsigned i = n;
    while (i-- > 0) {
        for (half = 1; half >= 0; half--) {
            x = (r << 16) | ((a[i] >> (16 * half)) & 0xffffu);
            q = (uint32_t)(fc_soft_mul32(x, inv) >> 32);
            r = x - q * s; /* < 2 s */
            t = r - s;
            r ^= (r ^ t) & (0u - (1u ^ (t >> 31)));
        }
    }
    return r;
}

/* a (n limbs) mod e for a 32-bit odd e, a bit at a time with a masked subtraction. */
static uint32_t kg_mod_word(const uint32_t *a, unsigned n, uint32_t e)
{
    uint64_t r = 0, t;
    unsigned i = n;
    int bit;
    while (i-- > 0) {
        for (bit = 31; bit >= 0; bit--) {
            r = (r << 1) | ((a[i] >> bit) & 1u);
            t = r - e;
            r ^= (r ^ t) & (0u - (uint64_t)(1u ^ (uint32_t)(t >> 63)));
        }
    }
    return (uint32_t)r;
}

static int kg_is_small_prime(uint32_t s)
{
    uint32_t d;
    for (d = 3; d * d <= s; d += 2)
        if (s % d == 0)
            return 0;
    return 1;
}

/* All ones when w (half limbs) has no odd prime factor below KG_TRIAL_BOUND. */
static uint32_t kg_trial_division(const uint32_t *w, unsigned half)
{
    uint32_t s, ok = 0xffffffffu, r;
    for (s = 3; s < KG_TRIAL_BOUND; s += 2) {
        if (!kg_is_small_prime(s)) /* s is public */
            continue;
        r = kg_mod_small(w, half, s, 0xffffffffu / s);
        ok &= 0u - ((r | (0u - r)) >> 31); /* r != 0 */
    }
    return ok;
}

/* One Miller-Rabin round on work->w (= 3 mod 4, so w - 1 = 2 m with m odd): b^m = +-1. The
 * Montgomery context, exp = m and minus_one = w - 1 are set. All ones when w passes. */
static fc_status kg_mr_round(kg_work *work, unsigned half, const fc_rng *rng, uint32_t *pass)
{
    uint32_t *b = work->u.mr.base, small;
    do {
        if (rng->fill(rng->user, (uint8_t *)b, half * sizeof(uint32_t)) != 0)
            return FC_ERR_RNG_FAILED;
        b[half - 1] &= 0x3fffffffu; /* below 2^(bits/2 - 2) < w */
        small = fc_bn_is_zero(b + 1, half - 1) & (0u - (uint32_t)(b[0] < 2));
        FC_DECLASSIFY(&small, sizeof(small)); /* a base of 0 or 1 is drawn again */
    } while (small);
    fc_bn_mont_exp(&work->mont, work->u.mr.z, b, work->u.mr.exp, half, KG_WINDOW, work->scratch);
    *pass = fc_bn_equal(work->u.mr.z, work->u.mr.minus_one, half);
    memset(b, 0, half * sizeof(uint32_t));
    b[0] = 1;
    *pass |= fc_bn_equal(work->u.mr.z, b, half);
    return FC_OK;
}

/* A probable prime into out (half limbs), = 3 mod 4, top two bits set, gcd(e, out - 1) = 1. */
static fc_status kg_prime(kg_work *work, uint32_t *out, unsigned half, const fc_rng *rng,
                          uint32_t e)
{
    unsigned tries, round, rounds = kg_rounds(32 * half);
    uint32_t *w = work->w, good, e_limb[1], residue[1], inv[1];
    fc_status st;
    for (tries = 0; tries < 5u * 32u * half; tries++) {
        if (rng->fill(rng->user, (uint8_t *)w, half * sizeof(uint32_t)) != 0)
            return FC_ERR_RNG_FAILED;
        w[half - 1] |= 0xc0000000u;
        w[0] |= 3u;
        good = kg_trial_division(w, half);
        /* gcd(e, w - 1) = 1: (w - 1) mod e invertible modulo e */
        e_limb[0] = e;
        w[0] -= 1u;
        residue[0] = kg_mod_word(w, half, e);
        w[0] += 1u;
        good &= fc_bn_mod_inverse(inv, residue, e_limb, 1, work->scratch);
        FC_DECLASSIFY(&good, sizeof(good)); /* a rejected candidate is public */
        if (!good)
            continue;
        fc_bn_mont_init(&work->mont, w, half, work->rr, work->scratch);
        memcpy(work->u.mr.minus_one, w, half * sizeof(uint32_t));
        work->u.mr.minus_one[0] -= 1u; /* w odd: no borrow */
        memcpy(work->u.mr.exp, w, half * sizeof(uint32_t));
        for (round = 0; round + 1 < half; round++) /* m = (w - 1) / 2 = w >> 1 */
            work->u.mr.exp[round] = (w[round] >> 1) | (w[round + 1] << 31);
        work->u.mr.exp[half - 1] = w[half - 1] >> 1;
        for (round = 0; round < rounds && good; round++) {
            st = kg_mr_round(work, half, rng, &good);
            if (st != FC_OK)
                return st;
            FC_DECLASSIFY(&good, sizeof(good)); /* a composite is refused openly */
        }
        if (good) {
            memcpy(out, w, half * sizeof(uint32_t));
            return FC_OK;
        }
    }
    return FC_ERR_RNG_FAILED;
}

/* out (n + 1 limbs) = e^-1 mod m for an m of n limbs (even allowed) with gcd(e, m) = 1:
 * (1 + m (e - u)) / e with u = m^-1 mod e. Returns all ones when gcd(e, m) = 1. Uses
 * work->u.inv.t (n + 2 limbs). */
static uint32_t kg_inverse_of_e(kg_work *work, uint32_t *out, const uint32_t *m, unsigned n,
                                uint32_t e)
{
    uint32_t *t = work->u.inv.t, e_limb[1], residue[1], u[1], ok, carry, einv, c, q;
    uint64_t prod;
    unsigned i;
    e_limb[0] = e;
    residue[0] = kg_mod_word(m, n, e);
    ok = fc_bn_mod_inverse(u, residue, e_limb, 1, work->scratch);
    /* t = m (e - u) + 1 */
    carry = 1;
    for (i = 0; i < n; i++) {
        prod = fc_soft_mul32(m[i], e - u[0]) + carry;
        t[i] = (uint32_t)prod;
        carry = (uint32_t)(prod >> 32);
    }
    t[n] = carry;
    /* exact division by e (odd): each quotient word from the low word times e^-1 mod 2^32 */
    einv = e; /* Newton: each step doubles the correct low bits (3 -> 6 -> 12 -> 24 -> 48) */
    for (i = 0; i < 4; i++)
        einv *= 2u - e * einv;
    c = 0;
    for (i = 0; i <= n; i++) {
        uint32_t a = t[i] - c, borrow = ((~t[i] & c) | (~(t[i] ^ c) & a)) >> 31;
        q = a * einv;
        out[i] = q;
        /* e q = a + 2^32 h: the next word owes h plus the borrow */
        c = (uint32_t)(fc_soft_mul32(q, e) >> 32) + borrow;
    }
    fc_zeroize(u, sizeof(u));
    fc_zeroize(residue, sizeof(residue));
    return ok;
}

fc_status fc_rsa_soft_generate(void *area, size_t area_size, const fc_rng *rng, uint8_t *parts,
                               unsigned bits, uint32_t e)
{
    kg_work *work = (kg_work *)area;
    unsigned limbs = bits / 32, half = limbs / 2, i, attempt;
    size_t k = bits / 8;
    uint32_t ok, *x = work->u.inv.m, *t = work->u.inv.t, *out = work->u.inv.out;
    fc_status st;
    if (area_size < sizeof(kg_work))
        return FC_ERR_PROVIDER;
    if (bits % 64 != 0 || bits < 2048u || bits > FC_RSA_MAX_BITS || e < 3 || (e & 1u) == 0)
        return FC_ERR_ARGUMENT;
    st = kg_prime(work, work->p, half, rng, e);
    for (attempt = 0; st == FC_OK; attempt++) {
        uint32_t far, coprime, swap;
        unsigned lo = (32 * half - 100) / 32, sh = (32 * half - 100) % 32;
        st = kg_prime(work, work->q, half, rng, e);
        if (st != FC_OK)
            break;
        /* p > q (a swap by mask), then |p - q| > 2^(bits/2 - 100): some bit of p - q at or
         * above bits/2 - 100 */
        swap = fc_bn_less(work->p, work->q, half);
        memcpy(work->w, work->p, half * sizeof(uint32_t));
        fc_bn_cmov(work->p, work->q, half, swap);
        fc_bn_cmov(work->q, work->w, half, swap);
        (void)fc_bn_sub(work->w, work->p, work->q, half);
        work->w[lo] >>= sh;
        far = ~fc_bn_is_zero(work->w + lo, half - lo);
        /* gcd((p - 1) / 2, (q - 1) / 2) = 1: both odd, X > Y; Y is invertible modulo X
         * (X odd, its top word non-zero) */
        for (i = 0; i + 1 < half; i++) {
            x[i] = (work->p[i] >> 1) | (work->p[i + 1] << 31);
            t[i] = (work->q[i] >> 1) | (work->q[i + 1] << 31);
        }
        x[half - 1] = work->p[half - 1] >> 1;
        t[half - 1] = work->q[half - 1] >> 1;
        coprime = fc_bn_mod_inverse(out, t, x, half, work->scratch);
        ok = far & coprime;
        FC_DECLASSIFY(&ok, sizeof(ok)); /* a refused q is drawn again */
        if (ok)
            break;
        if (attempt == 63) /* about 0.2^64 for a working source: a stuck one */
            st = FC_ERR_RNG_FAILED;
    }
    if (st != FC_OK)
        goto done;

    /* n = p q; d = e^-1 mod lcm(p - 1, q - 1) = e^-1 mod 2 X Y */
    fc_bn_mul(t, work->p, half, work->q, half);
    fc_bn_to_bytes(parts, k, t, limbs);
    for (i = 0; i + 1 < half; i++) {
        work->w[i] = (work->q[i] >> 1) | (work->q[i + 1] << 31);
        x[i] = (work->p[i] >> 1) | (work->p[i + 1] << 31);
    }
    work->w[half - 1] = work->q[half - 1] >> 1;
    x[half - 1] = work->p[half - 1] >> 1;
    fc_bn_mul(out, x, half, work->w, half); /* X Y */
    memcpy(x, out, limbs * sizeof(uint32_t));
    (void)fc_bn_add(x, x, out, limbs); /* 2 X Y < n: no carry */
    ok = kg_inverse_of_e(work, out, x, limbs, e);
    fc_bn_to_bytes(parts + k, k, out, limbs);
    /* dP, dQ: p - 1 and q - 1 (odd primes: no borrow) */
    memcpy(x, work->p, half * sizeof(uint32_t));
    x[0] -= 1u;
    ok &= kg_inverse_of_e(work, out, x, half, e);
    fc_bn_to_bytes(parts + 2 * k + k, k / 2, out, half);
    memcpy(x, work->q, half * sizeof(uint32_t));
    x[0] -= 1u;
    ok &= kg_inverse_of_e(work, out, x, half, e);
    fc_bn_to_bytes(parts + 2 * k + 3 * (k / 2), k / 2, out, half);
    /* qInv = q^-1 mod p (q < p) */
    ok &= fc_bn_mod_inverse(out, work->q, work->p, half, work->scratch);
    fc_bn_to_bytes(parts + 2 * k + 4 * (k / 2), k / 2, out, half);
    fc_bn_to_bytes(parts + 2 * k, k / 2, work->p, half);
    fc_bn_to_bytes(parts + 2 * k + k / 2, k / 2, work->q, half);
    FC_DECLASSIFY(&ok, sizeof(ok)); /* always all ones for primes made as above */
    if (!ok) {
        fc_zeroize(parts, FC_RSA_PARTS_SIZE(k));
        st = FC_ERR_PROVIDER;
    }
done:
    fc_zeroize(work, sizeof(*work));
    return st;
}
