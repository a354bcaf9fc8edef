/* The Weierstrass field moduli with code of their own (ECW_FAST_*, ecw_fast.c and
 * p256_field.c) against the any-modulus Montgomery loops of ecw_field.c: each fast modulus is
 * copied with fast = ECW_FAST_NONE, and ecw_mul (a square when a == b), ecw_add and ecw_sub
 * of the two must give the same words, fully reduced, on edge values (0, 1, 2, p - 1, p - 2,
 * words of all ones or zeros, values just below p and just below 2^(32 limbs) for the a < R
 * that ecw_to_mont passes) in every pair, and on thousands of random and near-p values each,
 * with the result written over a, over b and elsewhere. A chain of operations then runs on
 * both copies and must stay equal, and to_mont / from_mont must round-trip. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/config.h"
#include "providers/soft/ecw.h"
#include "testutil.h"

#if FC_WITH_EC

static uint64_t rng_state = 0x243F6A8885A308D3ull;  /* the digits of pi, any seed would do */
static uint32_t rnd32(void)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 32);
}

#define EDGES 16
#define ROUNDS 3000

typedef struct {
    const char *name;
    const ecw_mod *fast;
    ecw_mod slow;
    unsigned n;
    size_t bytes;
} field_t;

/* m - k for a small k, the borrow carried through the words. */
static void minus_small(uint32_t *r, const uint32_t *m, unsigned n, uint32_t k)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        uint32_t w = m[i];
        r[i] = w - k;
        k = w < k;
    }
}

/* Values below m: random, just below m (m's top words, random low ones: the carries of a
 * reduction near p) or with random words of all ones or zeros; below_r: any value of the
 * limbs. */
static void random_value(const field_t *f, uint32_t *x, int below_r)
{
    unsigned i, kind = rnd32() & 3u;
    do {
        for (i = 0; i < f->n; i++)
            x[i] = rnd32();
        if (kind == 1) {  /* m minus a random half-width number: m's top words */
            uint32_t borrow = 1;  /* m - 1 - (the low half of x) */
            for (i = 0; i < f->n; i++) {
                uint32_t y = i < f->n / 2 ? x[i] : 0, w = f->fast->m[i];
                uint64_t d = (uint64_t)w - y - borrow;
                x[i] = (uint32_t)d;
                borrow = (uint32_t)(d >> 63);
            }
        } else if (kind == 2) {  /* random words of all ones or zeros */
            for (i = 0; i < f->n; i++)
                x[i] = (rnd32() & 1u) ? 0xFFFFFFFFu : (rnd32() & 1u) ? 0 : x[i];
        }
        if (!below_r && (f->fast->bits & 31u) != 0)
            x[f->n - 1] &= (1u << (f->fast->bits & 31u)) - 1u;
    } while (!below_r && !ecw_less(x, f->fast->m, f->n));
}

/* The edge values below m; returns how many. */
static unsigned edge_values(const field_t *f, uint32_t edge[EDGES][ECW_MAX_LIMBS])
{
    unsigned i, count = 0, k;
    const uint32_t *m = f->fast->m;
    memset(edge, 0, EDGES * sizeof(edge[0]));
    edge[count++][0] = 0;
    edge[count++][0] = 1;
    edge[count++][0] = 2;
    minus_small(edge[count++], m, f->n, 1);
    minus_small(edge[count++], m, f->n, 2);
    minus_small(edge[count++], m, f->n, 3);
    for (k = 1; k < f->n; k++) {  /* 2^(32 k) - 1 and 2^(32 k) */
        if (count + 2 > EDGES - 4)
            break;
        if (k % 3 != 1 && k + 1 != f->n)
            continue;
        for (i = 0; i < k; i++)
            edge[count][i] = 0xFFFFFFFFu;
        count++;
        edge[count++][k] = 1;
    }
    for (i = 0; i < f->n; i++) {
        edge[count][i] = (i & 1) ? 0xFFFFFFFFu : 0;  /* alternate words */
        edge[count + 1][i] = m[i] & 0x7FFFFFFFu;
        edge[count + 2][i] = m[i] ^ 0x1u;           /* m - 1 or m + 1 word by word */
    }
    count += 2;
    if (ecw_less(edge[count], m, f->n))
        count++;
    /* the top word alone, one below m's */
    memset(edge[count], 0, sizeof(edge[count]));
    edge[count][f->n - 1] = m[f->n - 1] - 1u;
    count++;
    for (i = 0; i < count; i++)
        CHECK(ecw_less(edge[i], m, f->n), "%s: edge value %u below p", f->name, i);
    return count;
}

/* One operation (0 mul, 1 square, 2 add, 3 sub, 4 mul of a < R by b) on both copies, with r
 * over a (where 0), over b (1) or apart (2); 1 when both agree and are below m. */
static int same(const field_t *f, unsigned op, unsigned where, const uint32_t *a,
                const uint32_t *b)
{
    uint32_t x1[ECW_MAX_LIMBS], y1[ECW_MAX_LIMBS], r1[ECW_MAX_LIMBS];
    uint32_t x2[ECW_MAX_LIMBS], y2[ECW_MAX_LIMBS], r2[ECW_MAX_LIMBS];
    uint32_t *out1 = where == 0 ? x1 : where == 1 ? y1 : r1;
    uint32_t *out2 = where == 0 ? x2 : where == 1 ? y2 : r2;
    memcpy(x1, a, f->bytes);
    memcpy(x2, a, f->bytes);
    memcpy(y1, b, f->bytes);
    memcpy(y2, b, f->bytes);
    switch (op) {
    case 0:
    case 4:
        ecw_mul(f->fast, out1, x1, y1);
        ecw_mul(&f->slow, out2, x2, y2);
        break;
    case 1:
        if (where == 1)
            out1 = x1, out2 = x2;
        ecw_mul(f->fast, out1, x1, x1);
        ecw_mul(&f->slow, out2, x2, x2);
        break;
    case 2:
        ecw_add(f->fast, out1, x1, y1);
        ecw_add(&f->slow, out2, x2, y2);
        break;
    default:
        ecw_sub(f->fast, out1, x1, y1);
        ecw_sub(&f->slow, out2, x2, y2);
        break;
    }
    return memcmp(out1, out2, f->bytes) == 0 && ecw_less(out1, f->fast->m, f->n);
}

static void check_field(const char *name, const ecw_mod *fast)
{
    field_t f;
    uint32_t edge[EDGES][ECW_MAX_LIMBS], a[ECW_MAX_LIMBS], b[ECW_MAX_LIMBS];
    uint32_t c1[ECW_MAX_LIMBS], c2[ECW_MAX_LIMBS], t[ECW_MAX_LIMBS];
    unsigned count, i, j, op, round, bad[5] = { 0, 0, 0, 0, 0 }, runs = 0;

    f.name = name;
    f.fast = fast;
    f.slow = *fast;
    f.slow.fast = ECW_FAST_NONE;
    f.n = fast->limbs;
    f.bytes = f.n * sizeof(uint32_t);
    CHECK(fast->fast != ECW_FAST_NONE, "%s: p has code of its own", name);

    count = edge_values(&f, edge);
    for (i = 0; i < count; i++)
        for (j = 0; j < count; j++)
            for (op = 0; op < 4; op++) {
                bad[op] += !same(&f, op, (i + j + op) % 3u, edge[i], edge[j]);
                runs++;
            }
    /* a < R: all ones, R - 1 - small, m + small, and the edges */
    for (i = 0; i < count; i++) {
        memset(a, 0xFF, f.bytes);
        bad[4] += !same(&f, 4, i % 3u, a, edge[i]);
        a[0] = 0xFFFFFFF0u;
        bad[4] += !same(&f, 4, 2, a, edge[i]);
        memcpy(a, fast->m, f.bytes);
        a[0] += 5u;  /* near m: m + 5, or below m where the low word wraps */
        bad[4] += !same(&f, 4, 0, a, edge[i]);
        bad[4] += !same(&f, 4, 1, a, fast->rr);  /* to_mont */
        runs += 4;
    }
    for (round = 0; round < ROUNDS; round++) {
        random_value(&f, a, 0);
        random_value(&f, b, 0);
        for (op = 0; op < 4; op++)
            bad[op] += !same(&f, op, round % 3u, a, b);
        random_value(&f, a, 1);
        bad[4] += !same(&f, 4, round % 3u, a, b);
        runs += 5;
    }
    for (op = 0; op < 5; op++)
        CHECK(bad[op] == 0, "%s: operation %u differs from the generic loops %u times", name,
              op, bad[op]);

    /* a chain: c = c^2 b + c - b, both copies, then from_mont(to_mont(x)) = x */
    random_value(&f, c1, 0);
    memcpy(c2, c1, f.bytes);
    random_value(&f, b, 0);
    for (round = 0; round < 500; round++) {
        ecw_mul(fast, t, c1, c1);
        ecw_mul(fast, t, t, b);
        ecw_add(fast, t, t, c1);
        ecw_sub(fast, c1, t, b);
        ecw_mul(&f.slow, t, c2, c2);
        ecw_mul(&f.slow, t, t, b);
        ecw_add(&f.slow, t, t, c2);
        ecw_sub(&f.slow, c2, t, b);
    }
    CHECK(memcmp(c1, c2, f.bytes) == 0, "%s: 500 rounds of a chain agree", name);
    ecw_to_mont(fast, t, c1);
    ecw_from_mont(fast, t, t);
    CHECK(memcmp(t, c1, f.bytes) == 0, "%s: from_mont(to_mont(x)) = x", name);
    /* inversion by Fermat through the fast code: x x^-1 = 1 (R in Montgomery form) */
    ecw_inv(fast, t, c1);
    ecw_mul(fast, t, t, c1);
    ecw_one(&f.slow, c2);
    CHECK(memcmp(t, c2, f.bytes) == 0, "%s: x x^-1 = 1", name);
    CHECK(runs > 4 * ROUNDS, "%s: %u comparisons", name, runs);
}

int main(void)
{
#if FC_WITH_EC_ALL_CURVES
    check_field("secp192r1", &fc_ecw_secp192r1.p);
    check_field("secp224r1", &fc_ecw_secp224r1.p);
    check_field("secp384r1", &fc_ecw_secp384r1.p);
    check_field("secp521r1", &fc_ecw_secp521r1.p);
    check_field("secp192k1", &fc_ecw_secp192k1.p);
    check_field("secp224k1", &fc_ecw_secp224k1.p);
    check_field("secp256k1", &fc_ecw_secp256k1.p);
    /* the brainpool primes stay generic */
    CHECK(fc_ecw_bpp256r1.p.fast == ECW_FAST_NONE, "brainpoolP256r1 is generic");
    CHECK(fc_ecw_bpp512r1.p.fast == ECW_FAST_NONE, "brainpoolP512r1 is generic");
#endif
    check_field("secp256r1", &fc_ecw_secp256r1.p);
    return tu_finish("test_ecw_fast");
}

#else

int main(void)
{
    return tu_finish("test_ecw_fast");
}

#endif
