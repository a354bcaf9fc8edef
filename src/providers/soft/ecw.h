/* Short-Weierstrass curves for the soft provider (internal): the curve tables, Montgomery
 * arithmetic modulo any odd number of up to ECW_MAX_LIMBS 32-bit limbs, and projective points
 * with the complete formulas of Renes, Costello and Batina 2016.
 *
 * Field elements and scalars are little-endian arrays of 32-bit limbs; a modulus says how many
 * limbs of an array are used (the rest is ignored). Elements modulo p are kept in Montgomery
 * form (a * R mod p, R = 2^(32 * limbs)) and fully reduced (< p) after every operation.
 * Everything here runs in time that depends on the curve only, except where a comment says
 * "variable time" (public data only: verification, decompression).
 */
#ifndef FC_SOFT_ECW_H
#define FC_SOFT_ECW_H

#include <stddef.h>
#include <stdint.h>

#include "fieldcrypt/config.h"
#include "fieldcrypt/status.h"

/* The widest modulus of the build: secp521r1 (17 limbs) with every curve, P-256 (8) without.
 * Every element is this wide. So that a build with all curves does not spend secp521r1's stack
 * on P-256, p256_point.c compiles ecw_point.c and ec_soft.c a second time with 8 limbs
 * (ECW_P256_COPY, the functions renamed there), and that copy serves secp256r1. */
#ifndef ECW_MAX_LIMBS
#if FC_WITH_EC_ALL_CURVES
#define ECW_MAX_LIMBS 17
#else
#define ECW_MAX_LIMBS 8
#endif
#endif
/* 1 when P-256 has the 8-limb copy of p256_point.c (only a build with all curves needs it). */
#define ECW_P256_SPLIT FC_WITH_EC_ALL_CURVES

/* Bits per digit of the signed fixed window of the constant-time scalar multiplication: the
 * table of a variable point holds 2^(ECW_WINDOW - 1) points on the stack (4 with 3 bits: 384
 * bytes for P-256). */
#ifndef ECW_WINDOW
#define ECW_WINDOW 3
#endif
#define ECW_TABLE_SIZE (1u << (ECW_WINDOW - 1))

typedef uint32_t ecw_fe[ECW_MAX_LIMBS];

/* An odd modulus and its Montgomery constants. */
typedef struct ecw_mod {
    const uint32_t *m;   /* the modulus, limbs words */
    const uint32_t *rr;  /* R^2 mod m */
    uint32_t m0inv;      /* -m^-1 mod 2^32 */
    uint8_t limbs;
    uint16_t bits;       /* bit length of m */
    uint8_t fast;        /* ECW_FAST_*: the modulus's own code, if it has one */
} ecw_mod;

/* Moduli with code of their own, which ecw_mul, ecw_add and ecw_sub call instead of the
 * any-modulus loops (the same Montgomery form and the same results). */
#define ECW_FAST_NONE 0
#define ECW_FAST_P256 1   /* the P-256 prime: p256_field.c */
/* ecw_fast.c (ecw_mul only; builds with all curves): the NIST primes, reduced by their
 * sparse words, and the secp*k1 primes 2^n - 2^32 - c0, reduced by the small c0 */
#define ECW_FAST_P192 2
#define ECW_FAST_P224 3
#define ECW_FAST_P384 4
#define ECW_FAST_P521 5
#define ECW_FAST_K1 6     /* secp192k1, secp224k1, secp256k1: c0 = 2^32 - (the low word) */

/* Which formulas of Renes-Costello-Batina the curve takes. */
#define ECW_A_MINUS3 0   /* Algorithms 4 and 6: the NIST curves */
#define ECW_A_ZERO 1     /* Algorithms 7 and 9: the secp*k1 curves */
#define ECW_A_GENERIC 2  /* Algorithms 1 and 3: the brainpool curves */

/* A curve: its parameters as the documents give them (not in Montgomery form). */
typedef struct ecw_curve {
    uint16_t alg;             /* fc_alg */
    uint8_t field_bytes;      /* L */
    uint8_t order_bytes;      /* K */
    uint8_t a_type;           /* ECW_A_* */
    ecw_mod p, n;
    const uint32_t *a;        /* ECW_A_GENERIC only */
    const uint32_t *b, *gx, *gy;
    /* NULL, or the fixed-base comb table of G (ecw_comb_mul): ECW_COMBS combs of ECW_COMB_TEETH
     * teeth, each 2^teeth - 1 affine points of 2 limbs words (x, y in Montgomery form) */
    const uint32_t *comb;
} ecw_curve;

#define ECW_COMBS 2
#define ECW_COMB_TEETH 4
#define ECW_COMB_ENTRIES ((1u << ECW_COMB_TEETH) - 1u)

/* ecw_curves.c */
extern const ecw_curve fc_ecw_secp192r1, fc_ecw_secp224r1, fc_ecw_secp256r1, fc_ecw_secp384r1,
    fc_ecw_secp521r1, fc_ecw_secp192k1, fc_ecw_secp224k1, fc_ecw_secp256k1, fc_ecw_bpp256r1,
    fc_ecw_bpp384r1, fc_ecw_bpp512r1;
/* p256_comb.c */
extern const uint32_t fc_ecw_p256_comb[ECW_COMBS][ECW_COMB_ENTRIES][16];

/* ecw_field.c: r, a, b have m->limbs limbs; r may alias a or b. Inputs are < m. */
void ecw_add(const ecw_mod *m, uint32_t *r, const uint32_t *a, const uint32_t *b);
void ecw_sub(const ecw_mod *m, uint32_t *r, const uint32_t *a, const uint32_t *b);
void ecw_neg(const ecw_mod *m, uint32_t *r, const uint32_t *a);
/* r = a * b / R mod m. a may be any value < R when b < m (to_mont of an unreduced number). */
void ecw_mul(const ecw_mod *m, uint32_t *r, const uint32_t *a, const uint32_t *b);
void ecw_to_mont(const ecw_mod *m, uint32_t *r, const uint32_t *a);   /* a < R: r = a R mod m */
void ecw_from_mont(const ecw_mod *m, uint32_t *r, const uint32_t *a); /* r = a / R mod m */
void ecw_one(const ecw_mod *m, uint32_t *r);                          /* R mod m */
/* r = a^e (Montgomery form in and out; r must not be a); e has e_limbs limbs and is public:
 * the sequence of squarings and multiplications follows its bits. */
void ecw_pow(const ecw_mod *m, uint32_t *r, const uint32_t *a, const uint32_t *e,
             unsigned e_limbs);
/* r = a^-1 (Montgomery form; 0 gives 0; r must not be a): a^(m - 2), m prime. Constant
 * time: the exponent is fixed. */
void ecw_inv(const ecw_mod *m, uint32_t *r, const uint32_t *a);

/* r = a square root of a (Montgomery form), or 0 when a is not a square. Variable time. */
int ecw_sqrt(const ecw_mod *m, uint32_t *r, const uint32_t *a);
/* Masks (all ones / zero) of a == 0 and a == b, and the borrow of a - b (1 when a < b). */
uint32_t ecw_is_zero(const uint32_t *a, unsigned limbs);
uint32_t ecw_equal(const uint32_t *a, const uint32_t *b, unsigned limbs);
uint32_t ecw_less(const uint32_t *a, const uint32_t *b, unsigned limbs);
/* r = mask ? a : r, word by word with the mask (all ones or zero). */
void ecw_cmov(uint32_t *r, const uint32_t *a, unsigned words, uint32_t mask);
/* Big-endian bytes to limbs (zero-extended; len <= 4 * limbs) and back (the low len bytes). */
void ecw_from_bytes(uint32_t *r, unsigned limbs, const uint8_t *in, size_t len);
void ecw_to_bytes(uint8_t *out, size_t len, const uint32_t *a);

/* ecw_fast.c: ecw_mul for the moduli of ECW_FAST_P192 .. ECW_FAST_K1 (the same contract). */
void ecw_fast_mul(const ecw_mod *m, uint32_t *r, const uint32_t *a, const uint32_t *b);

/* ecw_point.c */
typedef struct ecw_point {
    ecw_fe x, y, z;  /* projective (X : Y : Z), Montgomery form; (0 : 1 : 0) is infinity */
} ecw_point;

/* The curve with its constants in Montgomery form, made once per operation. */
typedef struct ecw_ctx {
    const ecw_curve *c;
    ecw_fe b;   /* ECW_A_MINUS3: b; otherwise 3b (the formulas' b3) */
#if FC_WITH_EC_ALL_CURVES
    ecw_fe a;   /* ECW_A_GENERIC: a (no curve of a P-256-only build needs it) */
#endif
} ecw_ctx;

/* The temporaries of one addition or doubling (secret-derived: the caller wipes them). */
typedef struct ecw_scratch {
    ecw_fe t[6];
} ecw_scratch;

void ecw_ctx_init(ecw_ctx *ctx, const ecw_curve *c);
/* r = p + q and r = 2p, complete (any inputs, infinity included). r may be p, not q. */
void ecw_point_add(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *r, const ecw_point *p,
                   const ecw_point *q);
void ecw_point_double(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *r, const ecw_point *p);
/* The same formulas in two halves, for the sliced jobs (p256_job.c): the first reads p and q
 * for the last time, and the second finishes r from what the first left in s and r (so a job
 * may keep them between its units). add = add_first + add_second, double likewise. */
void ecw_point_add_first(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *r, const ecw_point *p,
                         const ecw_point *q);
void ecw_point_add_second(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *r);
void ecw_point_double_first(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *r,
                            const ecw_point *p);
void ecw_point_double_second(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *r);
/* The base point, and a point from affine big-endian X || Y (L bytes each): FC_ERR_POINT when
 * a coordinate is >= p or the point is not on the curve. */
void ecw_point_base(const ecw_ctx *ctx, ecw_point *r);
fc_status ecw_point_load(const ecw_ctx *ctx, ecw_point *r, const uint8_t *xy);
/* r = x^3 + a x + b (Montgomery form in and out). */
void ecw_curve_rhs(const ecw_ctx *ctx, uint32_t *r, const uint32_t *x);
/* Affine x (and y if y_out is not NULL), big-endian L bytes each; FC_ERR_POINT for infinity
 * (whether the result is infinity is the only thing that leaks). Constant time otherwise. */
fc_status ecw_point_store(const ecw_ctx *ctx, uint8_t *x_out, uint8_t *y_out,
                          const ecw_point *p);

/* Everything secret of a scalar multiplication. The point to multiply goes into table[0]
 * (verification: G there, Q in table[1]), the result comes out in acc; the caller wipes it. */
typedef struct ecw_mul_state {
    ecw_point table[ECW_TABLE_SIZE];  /* 1P .. 2^(w-1) P */
    ecw_point acc, pick;
    ecw_scratch s;
} ecw_mul_state;

/* acc = k table[0], k big-endian of the curve's K bytes (any value < 2^(bits of n)).
 * Constant time: signed fixed window, the table read whole with masks. */
void ecw_scalar_mul(const ecw_ctx *ctx, ecw_mul_state *st, const uint8_t *k);
/* Its windows, top first: ECW_WINDOWS(c) of them. ecw_scalar_pick sets pick = d_i table[0]
 * for window i, the digit read from k at public positions, the table scanned whole with masks
 * (a step of ecw_scalar_mul, for the sliced jobs). */
#define ECW_WINDOWS(c) ((c)->n.bits / ECW_WINDOW + 1u)
void ecw_scalar_pick(const ecw_ctx *ctx, ecw_mul_state *st, const uint8_t *k, unsigned i);
/* r = a^-1 as ecw_inv does, by the binary extended Euclidean algorithm: variable time, for
 * public values only (verification). r must not be a; tmp's three coordinates are work space
 * (so that the caller's unused state serves, not more stack). */
void ecw_inv_vartime(const ecw_mod *m, uint32_t *r, const uint32_t *a, uint32_t *u,
                     uint32_t *v, uint32_t *x2);
/* The same in steps, for a sliced job: begin, then step until it returns 1 (each step one
 * halving or one subtraction of two pairs of elements), then end; r, u, v, x2 are the state
 * in between. */
void ecw_inv_vartime_begin(const ecw_mod *m, uint32_t *r, const uint32_t *a, uint32_t *u,
                           uint32_t *v, uint32_t *x2);
int ecw_inv_vartime_step(const ecw_mod *m, uint32_t *r, uint32_t *u, uint32_t *v, uint32_t *x2);
void ecw_inv_vartime_end(const ecw_mod *m, uint32_t *r, uint32_t *u, uint32_t *v,
                         const uint32_t *x2);

/* acc = k G with the curve's comb table (c->comb not NULL), k as for ecw_scalar_mul. Constant
 * time: every column reads the same bit positions of k and scans each comb's whole table with
 * masks; adding the point at infinity (a column of zeros) runs the same complete formulas. */
void ecw_comb_mul(const ecw_ctx *ctx, ecw_mul_state *st, const uint8_t *k);
/* Its columns, top first: ECW_COMB_COLUMNS(c) of them, each a doubling (not the top one) and
 * an addition per comb. ecw_comb_column sets r = comb t's entry for column col of k (a step of
 * ecw_comb_mul, for the sliced jobs; st->table[0].z must hold R mod p, the affine Z). */
#define ECW_COMB_COLUMNS(c) \
    (((c)->n.bits + ECW_COMBS * ECW_COMB_TEETH - 1u) / (ECW_COMBS * ECW_COMB_TEETH))
void ecw_comb_column(const ecw_ctx *ctx, ecw_mul_state *st, const uint8_t *k, unsigned col,
                     unsigned t, ecw_point *r);
/* acc = k G: ecw_comb_mul where the curve has a table, else ecw_scalar_mul from G. */
void ecw_base_mul(const ecw_ctx *ctx, ecw_mul_state *st, const uint8_t *k);

/* Doubling runs on the a = -3 curves (ecw_point.c): p from projective to Jacobian
 * coordinates (infinity kept valid), p = 2p in Jacobian coordinates, and back. */
void ecw_jacobian_from_projective(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *p);
void ecw_jacobian_double(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *p);
void ecw_jacobian_to_projective(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *p);

/* acc = u1 G + u2 table[1] (u1, u2 as limbs modulo n). Variable time: public inputs only. */
void ecw_double_mul(const ecw_ctx *ctx, ecw_mul_state *st, const uint32_t *u1,
                    const uint32_t *u2);

#endif
