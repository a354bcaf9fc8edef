/* Points of the short-Weierstrass curves (ecw.h): the complete addition and doubling formulas
 * of Renes, Costello and Batina, "Complete addition formulas for prime order elliptic curves"
 * (EUROCRYPT 2016, eprint 2015/1060): Algorithms 1 and 3 (any a), 4 and 6 (a = -3), 7 and 9
 * (a = 0), in projective coordinates; the constant-time scalar multiplication; the
 * double-scalar multiplication of verification.
 *
 * On the a = -3 curves the doublings between two additions run in Jacobian coordinates
 * (cheaper, and without exceptional case on prime-order curves: ecw_jacobian_double); every
 * addition stays complete.
 *
 * Constant time: the formulas are complete (no exceptional case: P + P, P + (-P), P + O and O
 * + O all go through the same steps), so the scalar multiplication never branches on a
 * point. Its digits are read from the scalar at public positions; each digit selects a table
 * entry by a masked scan of every entry and a masked negation, so neither a branch nor an
 * address depends on the scalar. Which formulas run depends on the curve only. Converting to
 * affine coordinates inverts Z by Fermat (a fixed exponent); whether the result is the point at
 * infinity is the one verdict that leaves, and only invalid keys reach it. The double-scalar
 * multiplication of verification branches on its public scalars (a sliding window over Q's odd
 * multiples, and G's comb read directly where the curve has one).
 */
#include "fieldcrypt/config.h"

#if FC_WITH_EC

#include <string.h>

#include "fieldcrypt/ct.h"
#include "core/core.h"
#include "ecw.h"

_Static_assert(ECW_TABLE_SIZE >= 3, "ecw_double_mul keeps G, Q and G + Q in the table");

#define MUL(r, a, b) ecw_mul(fp, (r), (a), (b))
#define ADD(r, a, b) ecw_add(fp, (r), (a), (b))
#define SUB(r, a, b) ecw_sub(fp, (r), (a), (b))

/* All ones when x == 0. */
static uint32_t ecw_word_is_zero(uint32_t x)
{
    return 0u - (((x | (0u - x)) >> 31) ^ 1u);
}

void ecw_ctx_init(ecw_ctx *ctx, const ecw_curve *c)
{
    const ecw_mod *fp = &c->p;
    memset(ctx, 0, sizeof(*ctx));
    ctx->c = c;
    ecw_to_mont(fp, ctx->b, c->b);
    if (c->a_type != ECW_A_MINUS3) {  /* the formulas take b3 = 3b */
        ecw_fe b1;
        memcpy(b1, ctx->b, sizeof(b1));
        ADD(ctx->b, b1, b1);
        ADD(ctx->b, ctx->b, b1);
    }
#if FC_WITH_EC_ALL_CURVES
    if (c->a_type == ECW_A_GENERIC)
        ecw_to_mont(fp, ctx->a, c->a);
#endif
}

/* The formulas in two halves (ecw.h): the first reads p and q for the last time and leaves
 * everything the second needs in s and r, so that a sliced job can run them apart. */
void ecw_point_add_first(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *r, const ecw_point *p,
                         const ecw_point *q)
{
    const ecw_mod *fp = &ctx->c->p;
    uint32_t *t0 = s->t[0], *t1 = s->t[1], *t2 = s->t[2], *t3 = s->t[3], *t4 = s->t[4];
    uint32_t *t5 = s->t[5], *X3 = r->x, *Y3 = r->y, *Z3 = r->z;

    if (ctx->c->a_type == ECW_A_MINUS3) {
        /* Algorithm 4; its steps 9 to 12 use t5 where the paper has X3, so that X3 = X1 is
         * written only when X1 is read for the last time */
        MUL(t0, p->x, q->x); MUL(t1, p->y, q->y); MUL(t2, p->z, q->z);
        ADD(t3, p->x, p->y); ADD(t4, q->x, q->y); MUL(t3, t3, t4);
        ADD(t4, t0, t1); SUB(t3, t3, t4); ADD(t4, p->y, p->z);
        ADD(t5, q->y, q->z); MUL(t4, t4, t5); ADD(t5, t1, t2);
        SUB(t4, t4, t5); ADD(X3, p->x, p->z); ADD(Y3, q->x, q->z);
        MUL(X3, X3, Y3); ADD(Y3, t0, t2); SUB(Y3, X3, Y3);
        MUL(Z3, ctx->b, t2);
    } else if (ctx->c->a_type == ECW_A_ZERO) {
        /* Algorithm 7, with t5 for X3 in steps 9 to 12 as above */
        MUL(t0, p->x, q->x); MUL(t1, p->y, q->y); MUL(t2, p->z, q->z);
        ADD(t3, p->x, p->y); ADD(t4, q->x, q->y); MUL(t3, t3, t4);
        ADD(t4, t0, t1); SUB(t3, t3, t4); ADD(t4, p->y, p->z);
        ADD(t5, q->y, q->z); MUL(t4, t4, t5); ADD(t5, t1, t2);
        SUB(t4, t4, t5); ADD(X3, p->x, p->z); ADD(Y3, q->x, q->z);
        MUL(X3, X3, Y3); ADD(Y3, t0, t2); SUB(Y3, X3, Y3);
    } else {
#if FC_WITH_EC_ALL_CURVES
        /* Algorithm 1 (X1, Y1, Z1 are read for the last time before X3, Y3, Z3 are written) */
        MUL(t0, p->x, q->x); MUL(t1, p->y, q->y); MUL(t2, p->z, q->z);
        ADD(t3, p->x, p->y); ADD(t4, q->x, q->y); MUL(t3, t3, t4);
        ADD(t4, t0, t1); SUB(t3, t3, t4); ADD(t4, p->x, p->z);
        ADD(t5, q->x, q->z); MUL(t4, t4, t5); ADD(t5, t0, t2);
        SUB(t4, t4, t5); ADD(t5, p->y, p->z); ADD(X3, q->y, q->z);
        MUL(t5, t5, X3); ADD(X3, t1, t2); SUB(t5, t5, X3);
        MUL(Z3, ctx->a, t4); MUL(X3, ctx->b, t2); ADD(Z3, X3, Z3);
#endif
    }
}

/* The second half: reads s and r only. */
void ecw_point_add_second(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *r)
{
    const ecw_mod *fp = &ctx->c->p;
    uint32_t *t0 = s->t[0], *t1 = s->t[1], *t2 = s->t[2], *t3 = s->t[3], *t4 = s->t[4];
    uint32_t *X3 = r->x, *Y3 = r->y, *Z3 = r->z;
#if FC_WITH_EC_ALL_CURVES
    uint32_t *t5 = s->t[5];
#endif

    if (ctx->c->a_type == ECW_A_MINUS3) {
        SUB(X3, Y3, Z3); ADD(Z3, X3, X3);
        ADD(X3, X3, Z3); SUB(Z3, t1, X3); ADD(X3, t1, X3);
        MUL(Y3, ctx->b, Y3); ADD(t1, t2, t2); ADD(t2, t1, t2);
        SUB(Y3, Y3, t2); SUB(Y3, Y3, t0); ADD(t1, Y3, Y3);
        ADD(Y3, t1, Y3); ADD(t1, t0, t0); ADD(t0, t1, t0);
        SUB(t0, t0, t2); MUL(t1, t4, Y3); MUL(t2, t0, Y3);
        MUL(Y3, X3, Z3); ADD(Y3, Y3, t2); MUL(X3, t3, X3);
        SUB(X3, X3, t1); MUL(Z3, t4, Z3); MUL(t1, t3, t0);
        ADD(Z3, Z3, t1);
    } else if (ctx->c->a_type == ECW_A_ZERO) {
        ADD(X3, t0, t0); ADD(t0, X3, t0); MUL(t2, ctx->b, t2);
        ADD(Z3, t1, t2); SUB(t1, t1, t2); MUL(Y3, ctx->b, Y3);
        MUL(X3, t4, Y3); MUL(t2, t3, t1); SUB(X3, t2, X3);
        MUL(Y3, Y3, t0); MUL(t1, t1, Z3); ADD(Y3, t1, Y3);
        MUL(t0, t0, t3); MUL(Z3, Z3, t4); ADD(Z3, Z3, t0);
    } else {
#if FC_WITH_EC_ALL_CURVES
        SUB(X3, t1, Z3); ADD(Z3, t1, Z3); MUL(Y3, X3, Z3);
        ADD(t1, t0, t0); ADD(t1, t1, t0); MUL(t2, ctx->a, t2);
        MUL(t4, ctx->b, t4); ADD(t1, t1, t2); SUB(t2, t0, t2);
        MUL(t2, ctx->a, t2); ADD(t4, t4, t2); MUL(t0, t1, t4);
        ADD(Y3, Y3, t0); MUL(t0, t5, t4); MUL(X3, t3, X3);
        SUB(X3, X3, t0); MUL(t0, t3, t1); MUL(Z3, t5, Z3);
        ADD(Z3, Z3, t0);
#endif
    }
}

void ecw_point_add(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *r, const ecw_point *p,
                   const ecw_point *q)
{
    ecw_point_add_first(ctx, s, r, p, q);
    ecw_point_add_second(ctx, s, r);
}

void ecw_point_double_first(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *r,
                            const ecw_point *p)
{
    const ecw_mod *fp = &ctx->c->p;
    uint32_t *t0 = s->t[0], *t1 = s->t[1], *t2 = s->t[2], *t3 = s->t[3], *t4 = s->t[4];
    uint32_t *X3 = r->x, *Y3 = r->y, *Z3 = r->z;

    /* Every input product is taken before the first output is written (t4 = YZ up front, or
     * t1, t2, t3 for Algorithm 9), so r may be p. */
    if (ctx->c->a_type == ECW_A_MINUS3) {
        /* Algorithm 6 */
        MUL(t4, p->y, p->z);
        MUL(t0, p->x, p->x); MUL(t1, p->y, p->y); MUL(t2, p->z, p->z);
        MUL(t3, p->x, p->y); ADD(t3, t3, t3); MUL(Z3, p->x, p->z);
        ADD(Z3, Z3, Z3); MUL(Y3, ctx->b, t2);
    } else if (ctx->c->a_type == ECW_A_ZERO) {
        /* Algorithm 9 */
        MUL(t0, p->y, p->y); MUL(t1, p->y, p->z); MUL(t2, p->z, p->z);
        MUL(t3, p->x, p->y);  /* step 15, taken first */
        ADD(Z3, t0, t0); ADD(Z3, Z3, Z3); ADD(Z3, Z3, Z3);
        MUL(t2, ctx->b, t2); MUL(X3, t2, Z3);
    } else {
#if FC_WITH_EC_ALL_CURVES
        /* Algorithm 3 */
        MUL(t4, p->y, p->z);
        MUL(t0, p->x, p->x); MUL(t1, p->y, p->y); MUL(t2, p->z, p->z);
        MUL(t3, p->x, p->y); ADD(t3, t3, t3); MUL(Z3, p->x, p->z);
        ADD(Z3, Z3, Z3); MUL(X3, ctx->a, Z3);
#endif
    }
}

/* The second half: reads s and r only. */
void ecw_point_double_second(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *r)
{
    const ecw_mod *fp = &ctx->c->p;
    uint32_t *t0 = s->t[0], *t1 = s->t[1], *t2 = s->t[2], *t3 = s->t[3], *t4 = s->t[4];
    uint32_t *X3 = r->x, *Y3 = r->y, *Z3 = r->z;

    if (ctx->c->a_type == ECW_A_MINUS3) {
        SUB(Y3, Y3, Z3);
        ADD(X3, Y3, Y3); ADD(Y3, X3, Y3); SUB(X3, t1, Y3);
        ADD(Y3, t1, Y3); MUL(Y3, X3, Y3); MUL(X3, X3, t3);
        ADD(t3, t2, t2); ADD(t2, t2, t3); MUL(Z3, ctx->b, Z3);
        SUB(Z3, Z3, t2); SUB(Z3, Z3, t0); ADD(t3, Z3, Z3);
        ADD(Z3, Z3, t3); ADD(t3, t0, t0); ADD(t0, t3, t0);
        SUB(t0, t0, t2); MUL(t0, t0, Z3); ADD(Y3, Y3, t0);
        ADD(t0, t4, t4); MUL(Z3, t0, Z3);
        SUB(X3, X3, Z3); MUL(Z3, t0, t1); ADD(Z3, Z3, Z3);
        ADD(Z3, Z3, Z3);
    } else if (ctx->c->a_type == ECW_A_ZERO) {
        ADD(Y3, t0, t2);
        MUL(Z3, t1, Z3); ADD(t1, t2, t2); ADD(t2, t1, t2);
        SUB(t0, t0, t2); MUL(Y3, t0, Y3); ADD(Y3, X3, Y3);
        MUL(X3, t0, t3); ADD(X3, X3, X3);
    } else {
#if FC_WITH_EC_ALL_CURVES
        MUL(Y3, ctx->b, t2);
        ADD(Y3, X3, Y3); SUB(X3, t1, Y3); ADD(Y3, t1, Y3);
        MUL(Y3, X3, Y3); MUL(X3, t3, X3); MUL(Z3, ctx->b, Z3);
        MUL(t2, ctx->a, t2); SUB(t3, t0, t2); MUL(t3, ctx->a, t3);
        ADD(t3, t3, Z3); ADD(Z3, t0, t0); ADD(t0, Z3, t0);
        ADD(t0, t0, t2); MUL(t0, t0, t3); ADD(Y3, Y3, t0);
        ADD(t2, t4, t4); MUL(t0, t2, t3);
        SUB(X3, X3, t0); MUL(Z3, t2, t1); ADD(Z3, Z3, Z3);
        ADD(Z3, Z3, Z3);
#endif
    }
}

void ecw_point_double(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *r, const ecw_point *p)
{
    ecw_point_double_first(ctx, s, r, p);
    ecw_point_double_second(ctx, s, r);
}

void ecw_point_base(const ecw_ctx *ctx, ecw_point *r)
{
    const ecw_mod *fp = &ctx->c->p;
    memset(r, 0, sizeof(*r));
    ecw_to_mont(fp, r->x, ctx->c->gx);
    ecw_to_mont(fp, r->y, ctx->c->gy);
    ecw_one(fp, r->z);
}

void ecw_curve_rhs(const ecw_ctx *ctx, uint32_t *r, const uint32_t *x)
{
    const ecw_mod *fp = &ctx->c->p;
    ecw_fe t;
    MUL(t, x, x);
    MUL(r, t, x);
    if (ctx->c->a_type == ECW_A_MINUS3) {
        SUB(r, r, x);
        SUB(r, r, x);
        SUB(r, r, x);
    }
#if FC_WITH_EC_ALL_CURVES
    if (ctx->c->a_type == ECW_A_GENERIC) {
        MUL(t, ctx->a, x);
        ADD(r, r, t);
    }
#endif
    ecw_to_mont(fp, t, ctx->c->b);
    ADD(r, r, t);
}

fc_status ecw_point_load(const ecw_ctx *ctx, ecw_point *r, const uint8_t *xy)
{
    const ecw_mod *fp = &ctx->c->p;
    unsigned n = fp->limbs, len = ctx->c->field_bytes;
    ecw_fe y2;
    uint32_t ok;

    memset(r, 0, sizeof(*r));
    ecw_from_bytes(r->x, n, xy, len);
    ecw_from_bytes(r->y, n, xy + len, len);
    ok = 0u - (ecw_less(r->x, fp->m, n) & ecw_less(r->y, fp->m, n));
    ecw_to_mont(fp, r->x, r->x);
    ecw_to_mont(fp, r->y, r->y);
    ecw_one(fp, r->z);
    ecw_curve_rhs(ctx, y2, r->x);
    MUL(r->z, r->y, r->y);
    ok &= ecw_equal(r->z, y2, n);
    ecw_one(fp, r->z);
    return ok ? FC_OK : FC_ERR_POINT;  /* public: the point is the caller's input */
}

fc_status ecw_point_store(const ecw_ctx *ctx, uint8_t *x_out, uint8_t *y_out,
                          const ecw_point *p)
{
    const ecw_mod *fp = &ctx->c->p;
    unsigned len = ctx->c->field_bytes;
    ecw_fe zinv, t;
    int infinity = ecw_is_zero(p->z, fp->limbs) != 0;

    FC_DECLASSIFY(&infinity, sizeof(infinity));  /* only an invalid scalar gives infinity */
    if (infinity)
        return FC_ERR_POINT;
    ecw_inv(fp, zinv, p->z);
    MUL(t, p->x, zinv);
    ecw_from_mont(fp, t, t);
    ecw_to_bytes(x_out, len, t);
    if (y_out != NULL) {
        MUL(t, p->y, zinv);
        ecw_from_mont(fp, t, t);
        ecw_to_bytes(y_out, len, t);
    }
    fc_zeroize(zinv, sizeof(zinv));
    fc_zeroize(t, sizeof(t));
    return FC_OK;
}

/* count <= 8 bits of the big-endian scalar k (len bytes) from bit pos up; bits below 0 or
 * above the scalar read as 0. The positions are public. */
/* Runs of doublings on the a = -3 curves go through Jacobian coordinates (X/Z^2, Y/Z^3):
 * "dbl-2001-b" of the Explicit-Formulas Database takes 3M + 5S against the complete
 * doubling's 10M + 3S, and two conversions (2M + 1S each) bring the point back for the complete
 * addition. The doubling has no exceptional case on these curves: a point of order 2 would need
 * Y = 0, and their order is prime; the point at infinity (Z = 0, Y != 0) doubles to Z = 0. The
 * conversion from projective sends infinity (0 : Y : 0) to (0 : 0 : 0), which doubles to itself
 * and would not convert back: Y is set to one there (a masked move), so the run keeps a valid
 * infinity. Constant time: fixed sequences of field operations and a mask. */
void ecw_jacobian_from_projective(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *p)
{
    const ecw_mod *fp = &ctx->c->p;
    uint32_t *t0 = s->t[0];
    MUL(t0, p->z, p->z);
    MUL(p->x, p->x, p->z);
    MUL(p->y, p->y, t0);
    ecw_one(fp, t0);
    ecw_cmov(p->y, t0, fp->limbs, ecw_is_zero(p->z, fp->limbs));
}

void ecw_jacobian_to_projective(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *p)
{
    const ecw_mod *fp = &ctx->c->p;
    uint32_t *t0 = s->t[0];
    MUL(t0, p->z, p->z);
    MUL(p->x, p->x, p->z);
    MUL(p->z, p->z, t0);
}

/* p = 2p in Jacobian coordinates, a = -3. */
void ecw_jacobian_double(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *p)
{
    const ecw_mod *fp = &ctx->c->p;
    uint32_t *t0 = s->t[0], *t1 = s->t[1], *t2 = s->t[2], *t3 = s->t[3], *t4 = s->t[4],
             *t5 = s->t[5];
    MUL(t0, p->z, p->z);                      /* delta = Z^2 */
    MUL(t1, p->y, p->y);                      /* gamma = Y^2 */
    MUL(t2, p->x, t1);                        /* beta = X gamma */
    SUB(t3, p->x, t0);
    ADD(t4, p->x, t0);
    MUL(t3, t3, t4);
    ADD(t4, t3, t3);
    ADD(t3, t3, t4);                          /* alpha = 3 (X - delta)(X + delta) */
    ADD(t4, p->y, p->z);
    MUL(t4, t4, t4);
    SUB(t4, t4, t1);
    SUB(p->z, t4, t0);                        /* Z3 = (Y + Z)^2 - gamma - delta */
    ADD(t2, t2, t2);
    ADD(t2, t2, t2);                          /* 4 beta */
    ADD(t5, t2, t2);
    MUL(t0, t3, t3);
    SUB(p->x, t0, t5);                        /* X3 = alpha^2 - 8 beta */
    SUB(t2, t2, p->x);
    MUL(t2, t3, t2);
    MUL(t1, t1, t1);
    ADD(t1, t1, t1);
    ADD(t1, t1, t1);
    ADD(t1, t1, t1);                          /* 8 gamma^2 */
    SUB(p->y, t2, t1);                        /* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
}

/* p = 2^count p: complete doublings, or a Jacobian run on the a = -3 curves. */
static void ecw_point_double_run(const ecw_ctx *ctx, ecw_scratch *s, ecw_point *p,
                                 unsigned count)
{
    unsigned i;
    if (ctx->c->a_type != ECW_A_MINUS3) {
        for (i = 0; i < count; i++)
            ecw_point_double(ctx, s, p, p);
        return;
    }
    ecw_jacobian_from_projective(ctx, s, p);
    for (i = 0; i < count; i++)
        ecw_jacobian_double(ctx, s, p);
    ecw_jacobian_to_projective(ctx, s, p);
}

static uint32_t ecw_scalar_bits(const uint8_t *k, unsigned len, int pos, unsigned count)
{
    uint32_t v = 0;
    unsigned i;
    for (i = 0; i < count; i++) {
        int bit = pos + (int)i;
        if (bit >= 0 && (unsigned)bit < 8u * len)
            v |= (uint32_t)((k[len - 1u - ((unsigned)bit >> 3)] >> (bit & 7)) & 1u) << i;
    }
    return v;
}

/* Signed fixed window (Booth recoding): the scalar is the sum over windows i of
 * d_i 2^(w i), d_i = b[wi + w - 2 .. wi] + b[wi - 1] - 2^(w - 1) b[wi + w - 1], so
 * |d_i| <= 2^(w - 1) and d_i comes from the w + 1 bits at wi - 1 alone. With
 * bits / w + 1 windows the top one's sign bit is above the scalar: every digit is in range. */
void ecw_scalar_pick(const ecw_ctx *ctx, ecw_mul_state *st, const uint8_t *k, unsigned i)
{
    const ecw_mod *fp = &ctx->c->p;
    unsigned n = fp->limbs, len = ctx->c->order_bytes, j;
    uint32_t chunk = ecw_scalar_bits(k, len, (int)(ECW_WINDOW * i) - 1, ECW_WINDOW + 1);
    uint32_t neg = 0u - (chunk >> ECW_WINDOW);            /* sign: all ones if d < 0 */
    uint32_t half = (chunk + 1u) >> 1;                    /* d + 2^w when d < 0 */
    uint32_t digit = (half & ~neg) | (((1u << ECW_WINDOW) - half) & neg);  /* |d| */

    /* pick = |d| p: start from infinity (0 : 1 : 0), any nonzero Y will do */
    memset(&st->pick, 0, sizeof(st->pick));
    st->pick.y[0] = 1;
    for (j = 0; j < ECW_TABLE_SIZE; j++) {
        uint32_t hit = ecw_word_is_zero(digit ^ (j + 1u));
        ecw_cmov(st->pick.x, st->table[j].x, n, hit);
        ecw_cmov(st->pick.y, st->table[j].y, n, hit);
        ecw_cmov(st->pick.z, st->table[j].z, n, hit);
    }
    ecw_neg(fp, st->s.t[0], st->pick.y);
    ecw_cmov(st->pick.y, st->s.t[0], n, neg);
}

void ecw_scalar_mul(const ecw_ctx *ctx, ecw_mul_state *st, const uint8_t *k)
{
    unsigned windows = ECW_WINDOWS(ctx->c), i, j;

    /* table[j] = (j + 1) table[0] */
    ecw_point_double(ctx, &st->s, &st->table[1], &st->table[0]);
    for (j = 2; j < ECW_TABLE_SIZE; j++)
        ecw_point_add(ctx, &st->s, &st->table[j], &st->table[j - 1], &st->table[0]);

    for (i = windows; i-- > 0;) {
        ecw_scalar_pick(ctx, st, k, i);
        if (i == windows - 1u) {
            memcpy(&st->acc, &st->pick, sizeof(st->acc));
        } else {
            ecw_point_double_run(ctx, &st->s, &st->acc, ECW_WINDOW);
            ecw_point_add(ctx, &st->s, &st->acc, &st->acc, &st->pick);
        }
    }
}

/* pick = entry idx of comb t (idx = 0: infinity), scanning every entry with masks. */
static void ecw_comb_pick(const ecw_ctx *ctx, ecw_point *pick, const uint32_t *one, unsigned t,
                          uint32_t idx, int public_scalar)
{
    unsigned n = ctx->c->p.limbs, j;
    const uint32_t *entry = ctx->c->comb + t * ECW_COMB_ENTRIES * 2u * n;
    memset(pick, 0, sizeof(*pick));
    pick->y[0] = 1;  /* (0 : 1 : 0) */
    if (public_scalar) { /* verification: read the one entry */
        if (idx != 0) {
            entry += (idx - 1u) * 2u * n;
            memcpy(pick->x, entry, 4u * n);
            memcpy(pick->y, entry + n, 4u * n);
            memcpy(pick->z, one, 4u * n);
        }
        return;
    }
    for (j = 1; j <= ECW_COMB_ENTRIES; j++, entry += 2u * n) {
        uint32_t hit = ecw_word_is_zero(idx ^ j);
        ecw_cmov(pick->x, entry, n, hit);
        ecw_cmov(pick->y, entry + n, n, hit);
        ecw_cmov(pick->z, one, n, hit);
    }
}

/* Lim-Lee comb: with d = ceil(bits / (ECW_COMBS * ECW_COMB_TEETH)), tooth i of comb t reads bit
 * c + d (ECW_COMB_TEETH t + i) of k at column c; the columns go from d - 1 down to 0, one
 * doubling and one addition per comb each. st->table[0] holds R mod p (the Z of the table's
 * affine points). */
/* The entry index of comb t for column col of k: the teeth's bits, at public positions. */
static uint32_t ecw_comb_index(const ecw_curve *c, const uint8_t *k, unsigned col, unsigned t)
{
    unsigned len = c->order_bytes, d = ECW_COMB_COLUMNS(c), i;
    uint32_t idx = 0;
    for (i = 0; i < ECW_COMB_TEETH; i++)
        idx |= ecw_scalar_bits(k, len, (int)(col + d * (ECW_COMB_TEETH * t + i)), 1) << i;
    return idx;
}

void ecw_comb_column(const ecw_ctx *ctx, ecw_mul_state *st, const uint8_t *k, unsigned col,
                     unsigned t, ecw_point *r)
{
    ecw_comb_pick(ctx, r, st->table[0].z, t, ecw_comb_index(ctx->c, k, col, t), 0);
}

/* k G; a public k (verification) reads each entry directly and skips the empty ones. */
static void ecw_comb_mul_any(const ecw_ctx *ctx, ecw_mul_state *st, const uint8_t *k,
                             int public_scalar)
{
    const ecw_curve *c = ctx->c;
    unsigned d = ECW_COMB_COLUMNS(c), col, t;

    ecw_one(&c->p, st->table[0].z);
    for (col = d; col-- > 0;) {
        if (col != d - 1u)
            ecw_point_double(ctx, &st->s, &st->acc, &st->acc);
        for (t = 0; t < ECW_COMBS; t++) {
            uint32_t idx = ecw_comb_index(c, k, col, t);
            if (col == d - 1u && t == 0) {
                ecw_comb_pick(ctx, &st->acc, st->table[0].z, t, idx, public_scalar);
            } else if (!public_scalar || idx != 0) { /* a public zero adds nothing */
                ecw_comb_pick(ctx, &st->pick, st->table[0].z, t, idx, public_scalar);
                ecw_point_add(ctx, &st->s, &st->acc, &st->acc, &st->pick);
            }
        }
    }
}

void ecw_comb_mul(const ecw_ctx *ctx, ecw_mul_state *st, const uint8_t *k)
{
    ecw_comb_mul_any(ctx, st, k, 0);
}

void ecw_base_mul(const ecw_ctx *ctx, ecw_mul_state *st, const uint8_t *k)
{
    if (ctx->c->comb != NULL) {
        ecw_comb_mul(ctx, st, k);
    } else {
        ecw_point_base(ctx, &st->table[0]);
        ecw_scalar_mul(ctx, st, k);
    }
}

/* Variable time (verification's public values): Shamir's simultaneous binary method over G, Q
 * and G + Q. */
static unsigned ecw_limb_bit(const uint32_t *u, unsigned i)
{
    return (u[i >> 5] >> (i & 31)) & 1u;
}

/* acc = u2 Q (Q in table[1]) by a sliding window over the odd multiples Q, 3Q, .., 7Q in the
 * table, its doublings in runs (variable time: public data only). */
static void ecw_window_mul_vartime(const ecw_ctx *ctx, ecw_mul_state *st, const uint32_t *u2)
{
    unsigned j, b, pending = 0, started = 0;
    int i = (int)ctx->c->n.bits - 1;

    memcpy(&st->table[0], &st->table[1], sizeof(st->table[0]));
    ecw_point_double(ctx, &st->s, &st->pick, &st->table[0]);
    for (j = 1; j < ECW_TABLE_SIZE; j++)
        ecw_point_add(ctx, &st->s, &st->table[j], &st->table[j - 1], &st->pick);
    memset(&st->acc, 0, sizeof(st->acc));
    st->acc.y[0] = 1;
    while (i >= 0) {
        uint32_t value = 0;
        if (!ecw_limb_bit(u2, (unsigned)i)) {
            pending += started;
            i--;
            continue;
        }
        /* the widest window [i, j] of at most ECW_WINDOW bits ending in a one: odd value */
        j = i >= ECW_WINDOW - 1 ? (unsigned)i - (ECW_WINDOW - 1u) : 0u;
        while (!ecw_limb_bit(u2, j))
            j++;
        for (b = (unsigned)i + 1u; b-- > j;)
            value = 2u * value + ecw_limb_bit(u2, b);
        if (started) {
            ecw_point_double_run(ctx, &st->s, &st->acc, pending + (unsigned)i - j + 1u);
            ecw_point_add(ctx, &st->s, &st->acc, &st->acc, &st->table[value >> 1]);
        } else {
            memcpy(&st->acc, &st->table[value >> 1], sizeof(st->acc));
            started = 1;
        }
        pending = 0;
        i = (int)j - 1;
    }
    if (pending > 0)
        ecw_point_double_run(ctx, &st->s, &st->acc, pending);
}

void ecw_double_mul(const ecw_ctx *ctx, ecw_mul_state *st, const uint32_t *u1,
                    const uint32_t *u2)
{
    unsigned i = ctx->c->n.bits, started = 0;

    if (ctx->c->comb != NULL) {
        /* u2 Q by a window, u1 G by the comb of G, then their sum */
        uint8_t k1[4 * ECW_MAX_LIMBS];
        ecw_window_mul_vartime(ctx, st, u2);
        memcpy(&st->table[1], &st->acc, sizeof(st->acc));
        ecw_to_bytes(k1, ctx->c->order_bytes, u1);
        ecw_comb_mul_any(ctx, st, k1, 1);
        ecw_point_add(ctx, &st->s, &st->acc, &st->acc, &st->table[1]);
        return;
    }
    /* Shamir's trick, a bit of both at a time */
    ecw_point_base(ctx, &st->table[0]);
    ecw_point_add(ctx, &st->s, &st->table[2], &st->table[0], &st->table[1]);
    memset(&st->acc, 0, sizeof(st->acc));
    st->acc.y[0] = 1;
    while (i-- > 0) {
        unsigned sel = ecw_limb_bit(u1, i) | (ecw_limb_bit(u2, i) << 1);
        if (started)
            ecw_point_double(ctx, &st->s, &st->acc, &st->acc);
        if (sel != 0) {
            ecw_point_add(ctx, &st->s, &st->acc, &st->acc, &st->table[sel - 1u]);
            started = 1;
        }
    }
}

#endif
