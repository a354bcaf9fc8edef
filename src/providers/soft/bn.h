/* Constant-time multi-precision arithmetic on 32-bit limbs (least significant limb first), for
 * RSA. Every size comes from the caller (limb counts, which are public), every buffer too (no
 * allocation, no globals). Time depends on the sizes and the window only, never on the values;
 * bn.c says how.
 *
 * Montgomery form: x~ = x R mod m with R = 2^(32 n) for a modulus m of n limbs.
 */
#ifndef FC_BN_H
#define FC_BN_H

#include <stddef.h>
#include <stdint.h>

/* Montgomery context of an odd modulus m of n limbs (m[n - 1] != 0). m and rr are the
 * caller's: m is read, rr (n limbs) receives R^2 mod m. */
typedef struct fc_bn_mont {
    const uint32_t *m;
    uint32_t *rr;
    uint32_t m0inv; /* -m^-1 mod 2^32 */
    unsigned n;
} fc_bn_mont;

/* Scratch of fc_bn_mont_mul, fc_bn_mont_sqr and fc_bn_mont_init, in limbs (a product needs
 * n + 2, a square the whole 2n-word square and a carry). */
#define FC_BN_MUL_SCRATCH(n) (2u * (n) + 2u)
/* Scratch of fc_bn_mont_exp for a window of w bits (1..6): the 2^w-entry table, the
 * accumulator, the entry read from the table and the product's scratch. */
#define FC_BN_EXP_SCRATCH(n, w) (((1u << (w)) + 2u) * (n) + FC_BN_MUL_SCRATCH(n))
/* Scratch of fc_bn_mont_exp_public. */
#define FC_BN_EXP_PUBLIC_SCRATCH(n) ((n) + FC_BN_MUL_SCRATCH(n))
/* Scratch of fc_bn_mod (a second context's worth: a's halves in Montgomery form). */
#define FC_BN_MOD_SCRATCH(n) (2u * (n) + FC_BN_MUL_SCRATCH(n))
/* Scratch of fc_bn_mod_inverse. */
#define FC_BN_INV_SCRATCH(n) (3u * (n))

/* All ones if a == 0 / a == b / a < b (n limbs), else zero. */
uint32_t fc_bn_is_zero(const uint32_t *a, unsigned n);
uint32_t fc_bn_equal(const uint32_t *a, const uint32_t *b, unsigned n);
uint32_t fc_bn_less(const uint32_t *a, const uint32_t *b, unsigned n);
/* r = mask ? a : r (mask all ones or zero). */
void fc_bn_cmov(uint32_t *r, const uint32_t *a, unsigned n, uint32_t mask);
/* r = a + b, returns the carry (0 or 1); r = a - b, returns the borrow. r may alias a or b. */
uint32_t fc_bn_add(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n);
uint32_t fc_bn_sub(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n);
/* r (an + bn limbs) = a (an limbs) * b (bn limbs). r must not alias a or b. */
void fc_bn_mul(uint32_t *r, const uint32_t *a, unsigned an, const uint32_t *b, unsigned bn);

/* r (n limbs) = the big-endian bytes in[0..len). Returns 0, or -1 when the value needs more
 * than n limbs (r is then the low n limbs). Which bytes are zero is not revealed, only the
 * verdict. */
int fc_bn_from_bytes(uint32_t *r, unsigned n, const uint8_t *in, size_t len);
/* out[0..len) = a (n limbs) big-endian, zero-padded on the left or cut to its low len bytes. */
void fc_bn_to_bytes(uint8_t *out, size_t len, const uint32_t *a, unsigned n);

/* Sets ctx up for the odd modulus m of n limbs, m[n - 1] != 0 (the caller checks both; a
 * secret modulus's parity and length are public). rr: n limbs; scratch: FC_BN_MUL_SCRATCH(n). */
void fc_bn_mont_init(fc_bn_mont *ctx, const uint32_t *m, unsigned n, uint32_t *rr,
                     uint32_t *scratch);

/* fc_bn_mont_init in pieces, for a caller that spreads it over several slices: setup (the
 * context, rr = 2^(32 (n - 1))), then *doublings calls of fc_bn_mont_double(ctx, rr, tmp)
 * (tmp: n limbs) and *squarings Montgomery squares of rr. */
void fc_bn_mont_setup(fc_bn_mont *ctx, const uint32_t *m, unsigned n, uint32_t *rr,
                      unsigned *doublings, unsigned *squarings);
/* x = 2 x mod m for x < m. tmp: n limbs. */
void fc_bn_mont_double(const fc_bn_mont *ctx, uint32_t *x, uint32_t *tmp);
/* r = a b / R mod m for a < R and b < m (or a < m and b < R); r < m. r may alias a or b.
 * scratch: FC_BN_MUL_SCRATCH(n). */
void fc_bn_mont_mul(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *a, const uint32_t *b,
                    uint32_t *scratch);
/* r = a^2 / R mod m for a < m (product scanning: the cross products once, doubled, then a
 * separate reduction; about 3/4 of a product's word products). r may alias a.
 * scratch: FC_BN_MUL_SCRATCH(n). */
void fc_bn_mont_sqr(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *a, uint32_t *scratch);
/* The pieces of fc_bn_mont_mul, for a caller that spreads one product over several slices:
 * t (n + 2 limbs) zeroed, one row per limb b[i] (i = 0 .. n-1 in order), then the final
 * reduction into r. */
void fc_bn_mont_row(const fc_bn_mont *ctx, uint32_t *t, const uint32_t *a, uint32_t bi);
void fc_bn_mont_final(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *t);
/* Into and out of Montgomery form: r = a R mod m (a < R), r = a / R mod m. */
void fc_bn_to_mont(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *a, uint32_t *scratch);
void fc_bn_from_mont(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *a, uint32_t *scratch);

/* r = base^exp mod m, base < R, exp secret (exp_limbs limbs, all of whose bits are read: a
 * shorter exponent is zero-padded by the caller to a public length), fixed window of window
 * bits (1..6). r (n limbs) must not alias scratch; may alias base.
 * scratch: FC_BN_EXP_SCRATCH(n, window). */
void fc_bn_mont_exp(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *base,
                    const uint32_t *exp, unsigned exp_limbs, unsigned window, uint32_t *scratch);
/* r = base^exp mod m for a public exponent (its bits steer the flow: left-to-right
 * square-and-multiply from its top set bit; e = 65537 is 16 squares and one product). exp == 0
 * gives 1. base < R; r may alias base. scratch: FC_BN_EXP_PUBLIC_SCRATCH(n). */
void fc_bn_mont_exp_public(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *base,
                           const uint32_t *exp, unsigned exp_limbs, uint32_t *scratch);

/* r (n limbs) = a mod m for a of a_limbs <= 2 n limbs. r must not alias a.
 * scratch: FC_BN_MOD_SCRATCH(n). */
void fc_bn_mod(const fc_bn_mont *ctx, uint32_t *r, const uint32_t *a, unsigned a_limbs,
               uint32_t *scratch);

/* r = a^-1 mod m for a < m, m odd (n limbs, any odd m: not only primes). Returns all ones
 * when a is invertible, zero otherwise (then r is garbage). r must not alias a.
 * scratch: FC_BN_INV_SCRATCH(n). */
uint32_t fc_bn_mod_inverse(uint32_t *r, const uint32_t *a, const uint32_t *m, unsigned n,
                           uint32_t *scratch);

/* The inverse in pieces, for a caller that spreads its rounds over several slices: begin (v is
 * r above), FC_BN_INV_ROUNDS(n) rounds in all over any number of fc_bn_inv_rounds calls, then
 * end, which gives the verdict and wipes the scratch. */
#define FC_BN_INV_ROUNDS(n) (64u * (n))
void fc_bn_inv_begin(uint32_t *v, const uint32_t *a, const uint32_t *m, unsigned n,
                     uint32_t *scratch);
void fc_bn_inv_rounds(uint32_t *v, const uint32_t *m, unsigned n, uint32_t *scratch,
                      unsigned rounds);
uint32_t fc_bn_inv_end(unsigned n, uint32_t *scratch);

#endif
