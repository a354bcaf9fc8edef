/* The "wolfssl" provider's RSA (driver.h fc_rsa_ops): the raw operations (wc_RsaFunction with
 * RSA_PUBLIC_ENCRYPT and RSA_PRIVATE_DECRYPT, no padding, so that the core's padding runs
 * over them) on an RsaKey whose numbers are read straight from the key's parts
 * (wc_RsaPublicKeyDecodeRaw for n and e, mp_read_unsigned_bin for the rest), and key
 * generation (wc_MakeRsaKey, the parts exported). The RsaKey (8.5 KiB on a 64-bit host: eight
 * mp_ints of 1 KiB, each with room for a product of two 4096-bit numbers) and three mp_ints of
 * ours lie in the provider's work area, not on the stack; they are freed and wiped before
 * return.
 *
 * wolfCrypt's private operation runs by the CRT and checks neither the parts nor its result:
 * a wrong dP, dQ or qInv gives a wrong answer. So the parts are checked here first, as rsa.h
 * asks (p q = n, e dP = 1 mod p - 1, e dQ = 1 mod q - 1, q qInv = 1 mod p: FC_ERR_KEY
 * otherwise), and d, when the key has none, is computed as e^-1 mod lcm(p - 1, q - 1) (the CRT
 * does not use it; a wolfCrypt built with RSA_LOW_MEM exponentiates with d alone).
 *
 * Randomness: the private operation blinds with the caller's rng as rsa.h says (c r^e mod n
 * in, the result times r^-1 mod n out; r from k + 8 bytes of rng reduced mod n, and r^-1
 * computed as (r u)^-1 u with a second draw u, so that the inversion's running time depends
 * on a random number only), on top of wolfCrypt's own base blinding (WC_RSA_BLINDING), which
 * insists on a WC_RNG: one of wolfCrypt's own seeding per call. A failing rng is
 * FC_ERR_RNG_FAILED. The result is checked with e before out is written. Key generation
 * draws from wolfCrypt's DRBG (wc_MakeRsaKey takes nothing else), instantiated with its own
 * seeding and 32 bytes of rng as its nonce: rng counts, and a failing source, or one stuck at
 * zero, is FC_ERR_RNG_FAILED before any work, as with soft. A modulus beyond wolfCrypt's
 * RSA_MAX_SIZE (4096 bits on Debian, 2048 on a device) is declined: soft runs it.
 *
 * On a device (FC_WOLFSSL_RSA, config/wolfssl/user_settings.h) wolfCrypt has neither ASN.1 nor
 * key generation: n and e are read with mp_read_unsigned_bin, d is left out (the CRT does not
 * use it) and generate is soft's. Its 2048-bit private operation is SP's constant-time CRT,
 * which does not blind: ours does.
 *
 * Constant time as far as wolfCrypt is: no branch or index of this file depends on secret
 * data (the checks' verdicts, is the key consistent, are public by design). The private
 * exponentiations (and r^e) are wolfCrypt's sp_exptmod, not its _nct variant: with
 * TFM_TIMING_RESISTANT, set by Debian's build, its time does not follow the exponent's bits
 * (measured on the host: exponents of weight 2 and of all ones alike), and WC_RSA_BLINDING
 * adds wolfCrypt's base blinding to ours. The checks and the blinding run on wolfCrypt's
 * general sp_int arithmetic (SP math all: sp_mul, sp_mulmod, sp_gcd, sp_invmod), whose time
 * follows the operands' lengths and, in division and inversion, their values: the arithmetic
 * wolfCrypt's own CRT recombination runs on p and qInv. */
#include <limits.h>
#include <string.h>

#include "wolfssl.h"

#ifdef FC_WOLF_RSA
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/rsa.h>
#include <wolfssl/wolfcrypt/wolfmath.h>

#include "fieldcrypt/rsa.h"
#include "../rsa_modulus.h"

/* A private operation's numbers in the provider's work area. */
typedef struct {
    RsaKey key;
    mp_int t, a, b; /* the checks', the blinding's and the result check's temporaries */
} wolf_rsa_work;

_Static_assert(FC_WOLF_ALIGNED_SIZE(wolf_rsa_work) <= FC_RSA_PROVIDER_WORK_SIZE,
               "wolfCrypt's RsaKey and our mp_ints exceed the provider's RSA work: see "
               "FC_RSA_WORK_SIZE in config.h");
_Static_assert(FC_WOLF_ALIGNED_SIZE(RsaKey) <= FC_RSA_GENERATE_WORK_SIZE,
               "wolfCrypt's RsaKey exceeds generate's RSA work: see FC_RSA_WORK_SIZE");

/* d for a key without one: wolfCrypt's mp_gcd comes with its key generation (WOLFSSL_KEY_GEN,
 * Debian's); a build without it (our device's) runs the private operation by the CRT, which
 * does not use d. */
#if defined(WOLFSSL_KEY_GEN)
#define WOLF_RSA_MAKE_D 1
#elif defined(RSA_LOW_MEM)
#error "wolfCrypt's RSA_LOW_MEM exponentiates with d: build it with WOLFSSL_KEY_GEN (mp_gcd)"
#else
#define WOLF_RSA_MAKE_D 0
#endif

/* The moduli wolfCrypt's numbers hold: larger ones are declined. */
#define WOLF_RSA_MAX_BYTES (RSA_MAX_SIZE / 8)

/* A public integer without its leading zero bytes. */
static const uint8_t *strip(const uint8_t *v, size_t *len)
{
    while (*len > 0 && v[0] == 0)
        v++, (*len)--;
    return v;
}

/* key <- n and e: 1, or 0 when wolfCrypt refuses them */
static int read_public(RsaKey *key, const fc_rsa_public_key *pub)
{
    size_t n_len = pub->n_len, e_len = pub->e_len;
    const uint8_t *n = strip(pub->n, &n_len), *e = strip(pub->e, &e_len);
#ifdef NO_ASN
    /* a wolfCrypt without ASN.1 (our device build) lacks wc_RsaPublicKeyDecodeRaw: what it
     * does, the numbers read into the key wc_InitRsaKey set up */
    key->type = RSA_PUBLIC;
    return mp_read_unsigned_bin(&key->n, n, (word32)n_len) == MP_OKAY &&
           mp_read_unsigned_bin(&key->e, e, (word32)e_len) == MP_OKAY;
#else
    return wc_RsaPublicKeyDecodeRaw(n, (word32)n_len, e, (word32)e_len, key) == 0;
#endif
}

/* m <- a secret part: 0 when it has more than k significant bytes (then it is none of this
 * key's, whose parts are all below n). The bytes before its last k are checked without a
 * branch on their values, and no leading zero is skipped. */
static int read_part(mp_int *m, const uint8_t *v, size_t len, size_t k)
{
    size_t skip = len > k ? len - k : 0;
    return fc_ct_is_zero(v, skip) &&
           mp_read_unsigned_bin(m, v + skip, (word32)(len - skip)) == MP_OKAY;
}

static void work_end(wolf_rsa_work *w)
{
    mp_forcezero(&w->t);
    mp_forcezero(&w->a);
    mp_forcezero(&w->b);
    wc_FreeRsaKey(&w->key);
    fc_zeroize(w, sizeof(*w));
}

static fc_status wolf_rsa_public_op(const fc_impl *impl, void *work, uint8_t *out,
                                    const fc_rsa_public_key *key, const uint8_t *in)
{
    RsaKey *rk = fc_wolf_aligned(work);
    size_t k = fc_rsa_modulus_len(key);
    word32 out_len = (word32)k;
    fc_status st = FC_ERR_PROVIDER;
    (void)impl;
    if (k > WOLF_RSA_MAX_BYTES)
        return FC_ERR_UNSUPPORTED;
    if (wc_InitRsaKey(rk, NULL) == 0) {
        if (read_public(rk, key) &&
            wc_RsaFunction(in, (word32)k, out, &out_len, RSA_PUBLIC_ENCRYPT, rk, NULL) == 0 &&
            out_len == k)
            st = FC_OK;
        wc_FreeRsaKey(rk);
    }
    fc_zeroize(rk, sizeof(*rk));
    if (st != FC_OK)
        fc_zeroize(out, k);
    return st;
}

/* w->key <- the private key (d when it has one). FC_ERR_KEY for a part longer than n. */
static fc_status read_private(wolf_rsa_work *w, const fc_rsa_private_key *key, size_t k)
{
    RsaKey *rk = &w->key;
    if (mp_init_multi(&w->t, &w->a, &w->b, NULL, NULL, NULL) != MP_OKAY ||
        !read_public(rk, &key->pub))
        return FC_ERR_PROVIDER;
    rk->type = RSA_PRIVATE;
    if (!read_part(&rk->p, key->p, key->p_len, k) || !read_part(&rk->q, key->q, key->q_len, k) ||
        !read_part(&rk->dP, key->dp, key->dp_len, k) ||
        !read_part(&rk->dQ, key->dq, key->dq_len, k) ||
        !read_part(&rk->u, key->qinv, key->qinv_len, k) ||
        (key->d_len > 0 && !read_part(&rk->d, key->d, key->d_len, k)))
        return FC_ERR_KEY;
    return FC_OK;
}

/* 1 when x y mod m is 1 (t: a temporary). */
static int inverse_pair(const mp_int *x, const mp_int *y, const mp_int *m, mp_int *t)
{
    return mp_mulmod(x, y, m, t) == MP_OKAY && mp_isone(t);
}

/* Checks that the CRT parts agree with n and e, and sets d = e^-1 mod lcm(p - 1, q - 1) when
 * need_d. FC_ERR_KEY for parts that disagree. */
static fc_status check_parts(wolf_rsa_work *w, int need_d)
{
    RsaKey *rk = &w->key;
    /* p - 1 and q - 1 serve as moduli */
    if (mp_cmp_d(&rk->p, 1) != MP_GT || mp_cmp_d(&rk->q, 1) != MP_GT)
        return FC_ERR_KEY;
    if (mp_mul(&rk->p, &rk->q, &w->t) != MP_OKAY || mp_sub_d(&rk->p, 1, &w->a) != MP_OKAY ||
        mp_sub_d(&rk->q, 1, &w->b) != MP_OKAY)
        return FC_ERR_PROVIDER;
    if (mp_cmp(&w->t, &rk->n) != MP_EQ || !inverse_pair(&rk->e, &rk->dP, &w->a, &w->t) ||
        !inverse_pair(&rk->e, &rk->dQ, &w->b, &w->t) ||
        !inverse_pair(&rk->q, &rk->u, &rk->p, &w->t))
        return FC_ERR_KEY;
    if (!need_d)
        return FC_OK;
#if WOLF_RSA_MAKE_D
    /* e is invertible mod p - 1 and mod q - 1 (checked above), so mod their lcm */
    if (mp_gcd(&w->a, &w->b, &w->t) != MP_OKAY || mp_mul(&w->a, &w->b, &rk->d) != MP_OKAY ||
        mp_div(&rk->d, &w->t, &w->a, NULL) != MP_OKAY ||
        mp_invmod(&rk->e, &w->a, &rk->d) != MP_OKAY)
        return FC_ERR_PROVIDER;
#endif
    return FC_OK;
}

/* m <- k + 8 bytes of rng (at random after its reduction mod n: statistically close). */
static fc_status draw(mp_int *m, size_t k, const fc_rng *rng)
{
    uint8_t random[WOLF_RSA_MAX_BYTES + 8];
    fc_status st = FC_ERR_RNG_FAILED;
    if (rng->fill(rng->user, random, k + 8) == 0)
        st = mp_read_unsigned_bin(m, random, (word32)(k + 8)) == MP_OKAY ? FC_OK
                                                                          : FC_ERR_PROVIDER;
    fc_zeroize(random, sizeof(random));
    return st;
}

/* The blinding of one private operation: w->a = r^-1 mod n, w->b = r^e mod n. */
static fc_status blinding_make(wolf_rsa_work *w, size_t k, const fc_rng *rng)
{
    const mp_int *n = &w->key.n;
    fc_status st = draw(&w->t, k, rng);
    if (st == FC_OK)
        st = draw(&w->a, k, rng); /* u, the inversion's mask */
    if (st != FC_OK)
        return st;
    /* an r or an r u without an inverse would factor n: with a real key, never */
    if (mp_mod(&w->t, n, &w->t) != MP_OKAY || mp_iszero(&w->t) ||
        mp_mod(&w->a, n, &w->a) != MP_OKAY || mp_exptmod(&w->t, &w->key.e, n, &w->b) != MP_OKAY ||
        mp_mulmod(&w->t, &w->a, n, &w->t) != MP_OKAY || mp_invmod(&w->t, n, &w->t) != MP_OKAY ||
        mp_mulmod(&w->t, &w->a, n, &w->a) != MP_OKAY)
        return FC_ERR_PROVIDER;
    return FC_OK;
}

/* dst = src f mod n, k bytes each (dst == src allowed). */
static int mul_mod_bytes(wolf_rsa_work *w, uint8_t *dst, const uint8_t *src, size_t k,
                         const mp_int *f)
{
    return mp_read_unsigned_bin(&w->t, src, (word32)k) == MP_OKAY &&
           mp_mulmod(&w->t, f, &w->key.n, &w->t) == MP_OKAY &&
           mp_to_unsigned_bin_len(&w->t, dst, (int)k) == MP_OKAY;
}

/* 1 when out^e mod n = in (k bytes each): public data once it holds. */
static int result_checks(wolf_rsa_work *w, const uint8_t *out, const uint8_t *in, size_t k)
{
    return mp_read_unsigned_bin(&w->t, out, (word32)k) == MP_OKAY &&
           mp_read_unsigned_bin(&w->a, in, (word32)k) == MP_OKAY &&
           mp_exptmod_nct(&w->t, &w->key.e, &w->key.n, &w->b) == MP_OKAY &&
           mp_cmp(&w->b, &w->a) == MP_EQ;
}

static fc_status wolf_rsa_private_op(const fc_impl *impl, void *work, uint8_t *out,
                                     const fc_rsa_private_key *key, const uint8_t *in,
                                     const fc_rng *rng)
{
    wolf_rsa_work *w = fc_wolf_aligned(work);
    size_t k = fc_rsa_modulus_len(&key->pub);
    uint8_t blinded[WOLF_RSA_MAX_BYTES];
    word32 out_len = (word32)k;
    WC_RNG wrng;
    int have_wrng = 0;
    fc_status st = FC_ERR_PROVIDER;
    (void)impl;
    if (k > WOLF_RSA_MAX_BYTES)
        return FC_ERR_UNSUPPORTED;
    memset(w, 0, sizeof(*w));
    if (wc_InitRsaKey(&w->key, NULL) == 0)
        st = read_private(w, key, k);
    if (st == FC_OK)
        st = check_parts(w, WOLF_RSA_MAKE_D && key->d_len == 0);
    if (st == FC_OK)
        st = blinding_make(w, k, rng);
    if (st == FC_OK) {
        st = FC_ERR_PROVIDER;
        have_wrng = wc_InitRng(&wrng) == 0;
        if (have_wrng && mul_mod_bytes(w, blinded, in, k, &w->b) &&
            wc_RsaFunction(blinded, (word32)k, out, &out_len, RSA_PRIVATE_DECRYPT, &w->key,
                           &wrng) == 0 &&
            out_len == k && mul_mod_bytes(w, out, out, k, &w->a) &&
            result_checks(w, out, in, k))
            st = FC_OK;
    }
    if (st != FC_OK)
        fc_zeroize(out, k);
    if (have_wrng)
        wc_FreeRng(&wrng);
    fc_zeroize(blinded, sizeof(blinded));
    work_end(w);
    return st;
}

#ifdef WOLFSSL_KEY_GEN
/* parts <- the generated key: n (k), d (k), p, q, dP, dQ, qInv (k / 2 each), p > q. n, p, q,
 * dP and dQ go out first; their mp_ints then hold the arithmetic of d and qInv. */
static fc_status export_parts(RsaKey *rk, uint8_t *parts, size_t k)
{
    size_t h = k / 2;
    uint8_t *n = parts, *d = parts + k, *p = d + k, *q = p + h, *dp = q + h, *dq = dp + h;
    uint8_t *qinv = dq + h;
    if (mp_cmp(&rk->p, &rk->q) == MP_LT) { /* the primes' order is public: p > q, driver.h */
        mp_exch(&rk->p, &rk->q);
        mp_exch(&rk->dP, &rk->dQ);
    }
    if (mp_to_unsigned_bin_len(&rk->n, n, (int)k) != MP_OKAY ||
        mp_to_unsigned_bin_len(&rk->p, p, (int)h) != MP_OKAY ||
        mp_to_unsigned_bin_len(&rk->q, q, (int)h) != MP_OKAY ||
        mp_to_unsigned_bin_len(&rk->dP, dp, (int)h) != MP_OKAY ||
        mp_to_unsigned_bin_len(&rk->dQ, dq, (int)h) != MP_OKAY)
        return FC_ERR_PROVIDER;
    /* d = e^-1 mod lcm(p - 1, q - 1) (FIPS 186-5 A.1.1) and qInv = q^-1 mod p for this order,
     * whatever wolfCrypt's version chose */
    if (mp_sub_d(&rk->p, 1, &rk->dP) != MP_OKAY || mp_sub_d(&rk->q, 1, &rk->dQ) != MP_OKAY ||
        mp_gcd(&rk->dP, &rk->dQ, &rk->u) != MP_OKAY ||
        mp_mul(&rk->dP, &rk->dQ, &rk->n) != MP_OKAY ||
        mp_div(&rk->n, &rk->u, &rk->dP, NULL) != MP_OKAY ||
        mp_invmod(&rk->e, &rk->dP, &rk->d) != MP_OKAY ||
        mp_invmod(&rk->q, &rk->p, &rk->u) != MP_OKAY ||
        mp_to_unsigned_bin_len(&rk->d, d, (int)k) != MP_OKAY ||
        mp_to_unsigned_bin_len(&rk->u, qinv, (int)h) != MP_OKAY)
        return FC_ERR_PROVIDER;
    return FC_OK;
}

/* wolfCrypt's DRBG with 32 bytes of rng as its nonce (its entropy is wolfCrypt's seeding). */
static fc_status drbg_init(WC_RNG *wrng, const fc_rng *rng)
{
    uint8_t nonce[32];
    fc_status st = FC_ERR_RNG_FAILED;
    if (rng->fill(rng->user, nonce, sizeof(nonce)) == 0 && !fc_ct_is_zero(nonce, sizeof(nonce)))
        st = wc_InitRngNonce(wrng, nonce, sizeof(nonce)) == 0 ? FC_OK : FC_ERR_PROVIDER;
    fc_zeroize(nonce, sizeof(nonce));
    return st;
}

static fc_status wolf_rsa_generate(const fc_impl *impl, void *work, const fc_rng *rng,
                                   uint8_t *parts, unsigned bits, uint32_t e)
{
    RsaKey *rk = fc_wolf_aligned(work);
    size_t k = bits / 8;
    WC_RNG wrng;
    fc_status st;
    (void)impl;
#if LONG_MAX < 4294967295
    if ((unsigned long)e > (unsigned long)LONG_MAX) /* wc_MakeRsaKey takes a long */
        return FC_ERR_UNSUPPORTED;
#endif
    if (k > WOLF_RSA_MAX_BYTES)
        return FC_ERR_UNSUPPORTED;
    st = drbg_init(&wrng, rng);
    if (st == FC_OK) {
        st = FC_ERR_PROVIDER;
        if (wc_InitRsaKey(rk, NULL) == 0) {
            if (wc_MakeRsaKey(rk, (int)bits, (long)e, &wrng) == 0 &&
                mp_count_bits(&rk->n) == (int)bits)
                st = export_parts(rk, parts, k);
            wc_FreeRsaKey(rk);
        }
        wc_FreeRng(&wrng);
    }
    fc_zeroize(rk, sizeof(*rk));
    if (st != FC_OK)
        fc_zeroize(parts, FC_RSA_PARTS_SIZE(k));
    return st;
}
#endif

const fc_impl fc_wolf_rsa = {
    .alg = FC_RSA,
    .flags = FC_IMPL_CONSTANT_TIME,
    .ops.rsa = {.public_op = wolf_rsa_public_op,
                .private_op = wolf_rsa_private_op,
#ifdef WOLFSSL_KEY_GEN
                .generate = wolf_rsa_generate
#endif
    },
};
#endif /* FC_WOLF_RSA */
