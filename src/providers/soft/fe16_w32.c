/* fc_fe16_mul, _sqr, _add, _sub, _mul_small and _cswap over 32-bit words, for n = 16 limbs
 * (p = 2^255 - 19) and n = 12 (p = 2^191 - 19): the C of every target with a 32x32->64-bit
 * multiplier (RV32 MUL + MULHU, the Cortex-M4's UMULL, the host), where fe16.c's 16x16->32
 * products would take four times as many multiplications. ARMv6-M has no such instruction
 * (gcc would call __aeabi_lmul), so there fe16_armv6m.c or fe16.c's 16-bit C serves (fe16.h).
 *
 * A word-aligned array of n 16-bit limbs holds the same bytes as n/2 little-endian 32-bit
 * words on a little-endian target. The words are read and written with memcpy (no access to
 * the uint16_t objects through a uint32_t lvalue): on word-aligned operands, which the address
 * alone decides, through __builtin_assume_aligned, so that gcc makes each a single load or
 * store; other operands are first copied to word-aligned locals. On a big-endian target the
 * words are formed from the limbs instead (FE_WORD_FROM_LIMBS).
 *
 * The results keep fe16.h's contract: n carried limbs (any value below 2^(16n), congruent to
 * the result). As in fe16.c, each reduction handles the top word first: its bits from 31 up
 * are worth 2^(32W-1) = 19 (mod p) each and start the carry into word 0, so the carry that
 * reaches the top word at the end is small and nothing leaves it.
 *
 * Products are formed by product scanning: column k of a * b, the sum of a[i] * b[k - i], in a
 * three-word accumulator (up to 8 products of 64 bits). The loops have constant bounds and are
 * unrolled (FE_UNROLL), so every word index is a constant and the words stay in registers.
 * FC_FE16_W32_SMALL=1 (config) keeps the loops rolled: about a third of the flash, slower.
 *
 * Constant time: no branch or memory index depends on a limb (the loops and the alignment test
 * depend on n and on addresses only); carries are formed with comparisons that compile to
 * SLTU / flag arithmetic, not branches; cswap masks with the bit. The 32x32->64 products are
 * fixed-time on the targets this serves (RV32 MUL/MULHU, Cortex-M4 UMULL, x86-64 / AArch64).
 */
#include "fe16.h"

#if FC_FE16_NEEDED && FC_FE16_W32

#include <stdint.h>
#include <string.h>

#ifndef FC_FE16_W32_SMALL
#define FC_FE16_W32_SMALL 0
#endif

/* The loops below run over word indices with constant bounds; unrolled, the indices become
 * constants and gcc keeps the words in registers (-Os does not unroll by itself). */
#define FE_PRAGMA(x) _Pragma(#x)
#if !FC_FE16_W32_SMALL && defined(__GNUC__) && !defined(__clang__)
#define FE_UNROLL FE_PRAGMA(GCC unroll 16)
#elif !FC_FE16_W32_SMALL && defined(__clang__)
#define FE_UNROLL FE_PRAGMA(clang loop unroll(full))
#else
#define FE_UNROLL
#endif

#if defined(__GNUC__) || defined(__clang__)
#define FE_ALIGNED(p) __builtin_assume_aligned((p), 4)
#define FE_INLINE static inline __attribute__((always_inline))
/* the library is built -ffreestanding, which keeps gcc from expanding a plain memcpy */
#define FE_MEMCPY __builtin_memcpy
#else
#define FE_ALIGNED(p) (p)
#define FE_INLINE static inline
#define FE_MEMCPY memcpy
#endif

#if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define FE_WORD_FROM_LIMBS 1
#else
#define FE_WORD_FROM_LIMBS 0
#endif

#define FE_MAX_WORDS (FC_FE16_MAX_LIMBS / 2)
/* 2^(32W) mod p and 2^(32W-1) mod p for p = 2^(32W-1) - 19 */
#define FE_FOLD 38u
#define FE_FOLD_HALF 19u

/* word i of a word-aligned limb array (two limbs, the low one first) */
FE_INLINE uint32_t fe_ld(const fc_fe16_limb *a, unsigned i)
{
#if FE_WORD_FROM_LIMBS
    return (uint32_t)a[2 * i] | (uint32_t)a[2 * i + 1] << 16;
#else
    uint32_t w;
    FE_MEMCPY(&w, (const uint8_t *)FE_ALIGNED(a) + 4 * i, 4);
    return w;
#endif
}

FE_INLINE void fe_st(fc_fe16_limb *r, unsigned i, uint32_t w)
{
#if FE_WORD_FROM_LIMBS
    r[2 * i] = (fc_fe16_limb)w;
    r[2 * i + 1] = (fc_fe16_limb)(w >> 16);
#else
    FE_MEMCPY((uint8_t *)FE_ALIGNED(r) + 4 * i, &w, 4);
#endif
}

static int fe_word_aligned(const void *p)
{
    return ((uintptr_t)p & 3u) == 0;
}

/* A word-aligned home for an operand that is not. */
typedef union {
    uint32_t align;
    fc_fe16_limb v[FC_FE16_MAX_LIMBS];
} fe_words;

/* (c2:c1:c0) += x * y */
#define FE_MULACC(c0, c1, c2, x, y)                                                           \
    do {                                                                                      \
        uint64_t p_ = (uint64_t)(x) * (y);                                                    \
        uint32_t lo_ = (uint32_t)p_, hi_ = (uint32_t)(p_ >> 32);                              \
        c0 += lo_;                                                                            \
        hi_ += c0 < lo_; /* hi_ <= 2^32 - 2: no overflow */                                   \
        c1 += hi_;                                                                            \
        c2 += c1 < hi_;                                                                       \
    } while (0)

/* r = w mod p for the 2W product words w (word W + i has weight 38 * 2^(32 i)). The top first:
 * t = w[W-1] + 38 w[2W-1] < 39 * 2^32; its bits from 31 up give the starting carry (< 19 * 78),
 * each w[i] + 38 w[W+i] + carry is then below 40 * 2^32 and the carry below 40; the top keeps
 * 31 bits plus the last carry. */
FE_INLINE void fe_reduce(uint32_t *r, const uint32_t *w, unsigned W)
{
    uint64_t top = w[W - 1] + (uint64_t)FE_FOLD * w[2 * W - 1], t;
    uint32_t c = FE_FOLD_HALF * (uint32_t)(top >> 31);
    unsigned i;
    FE_UNROLL
    for (i = 0; i < W - 1; i++) {
        t = (uint64_t)w[i] + (uint64_t)FE_FOLD * w[W + i] + c;
        r[i] = (uint32_t)t;
        c = (uint32_t)(t >> 32);
    }
    r[W - 1] = ((uint32_t)top & 0x7fffffffu) + c;
}

/* w = a * b (2W words) */
FE_INLINE void fe_product(uint32_t *w, const uint32_t *a, const uint32_t *b, unsigned W)
{
    uint32_t c0 = 0, c1 = 0, c2 = 0;
    unsigned k, i, first, last;
    FE_UNROLL
    for (k = 0; k < 2 * W - 1; k++) {
        first = k < W ? 0 : k - W + 1;
        last = k < W ? k : W - 1;
        FE_UNROLL
        for (i = first; i <= last; i++)
            FE_MULACC(c0, c1, c2, a[i], b[k - i]);
        w[k] = c0;
        c0 = c1;
        c1 = c2;
        c2 = 0;
    }
    w[2 * W - 1] = c0;
}

/* w = a^2 (2W words): column k holds the cross products a[i] a[k-i], i < k - i, once, doubled,
 * plus the square a[k/2]^2 for even k and the carry in from column k-1. The doubled cross sum
 * is below 2^67 and the column below 2^68: the accumulator's top word holds it. */
FE_INLINE void fe_square(uint32_t *w, const uint32_t *a, unsigned W)
{
    uint32_t c0 = 0, c1 = 0, c2 = 0, x0, x1, x2;
    unsigned k, i, first;
    FE_UNROLL
    for (k = 0; k < 2 * W - 1; k++) {
        x0 = x1 = x2 = 0;
        first = k < W ? 0 : k - W + 1;
        FE_UNROLL
        for (i = first; 2 * i < k; i++)
            FE_MULACC(x0, x1, x2, a[i], a[k - i]);
        /* (x2:x1:x0) doubled, added to the carry in */
        x2 = x2 << 1 | x1 >> 31;
        x1 = x1 << 1 | x0 >> 31;
        x0 <<= 1;
        c0 += x0;
        x0 = c0 < x0; /* the carry out of word 0 */
        c1 += x0;
        c2 += c1 < x0;
        c1 += x1;
        c2 += x2 + (c1 < x1);
        if ((k & 1u) == 0) /* k is public: the loop index */
            FE_MULACC(c0, c1, c2, a[k / 2], a[k / 2]);
        w[k] = c0;
        c0 = c1;
        c1 = c2;
        c2 = 0;
    }
    w[2 * W - 1] = c0;
}

FE_INLINE void fe_load(uint32_t *x, const fc_fe16_limb *a, unsigned W)
{
    unsigned i;
    FE_UNROLL
    for (i = 0; i < W; i++)
        x[i] = fe_ld(a, i);
}

FE_INLINE void fe_store(fc_fe16_limb *r, const uint32_t *x, unsigned W)
{
    unsigned i;
    FE_UNROLL
    for (i = 0; i < W; i++)
        fe_st(r, i, x[i]);
}

/* The word-level functions, one per word count (the constant W unrolls them). r may alias a
 * or b: every input word is read before the first output word is written. Operands are
 * word-aligned (the entry points see to it). */
#define FE_DEFINE_WORD_FUNCTIONS(W)                                                           \
    static void fe_mul_w##W(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b)   \
    {                                                                                         \
        uint32_t x[W], y[W], w[2 * W];                                                        \
        fe_load(x, a, W);                                                                     \
        fe_load(y, b, W);                                                                     \
        fe_product(w, x, y, W);                                                               \
        fe_reduce(x, w, W);                                                                   \
        fe_store(r, x, W);                                                                    \
    }                                                                                         \
    static void fe_sqr_w##W(fc_fe16_limb *r, const fc_fe16_limb *a)                           \
    {                                                                                         \
        uint32_t x[W], w[2 * W];                                                              \
        fe_load(x, a, W);                                                                     \
        fe_square(w, x, W);                                                                   \
        fe_reduce(x, w, W);                                                                   \
        fe_store(r, x, W);                                                                    \
    }

FE_DEFINE_WORD_FUNCTIONS(8)
FE_DEFINE_WORD_FUNCTIONS(6)

/* Operands at 2 mod 4 are copied to word-aligned locals and the result copied back: rare
 * (the field types and the job registers are word-aligned in practice), correct always. */
static const fc_fe16_limb *fe_in(fe_words *t, const fc_fe16_limb *a, unsigned n)
{
    if (fe_word_aligned(a))
        return a;
    memcpy(t->v, a, 2 * n);
    return t->v;
}

static fc_fe16_limb *fe_out(fe_words *t, fc_fe16_limb *r)
{
    return fe_word_aligned(r) ? r : t->v;
}

static void fe_done(fc_fe16_limb *r, const fc_fe16_limb *out, unsigned n)
{
    if (out != r)
        memcpy(r, out, 2 * n);
}

void fc_fe16_mul(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    fe_words ta, tb, tr;
    fc_fe16_limb *out = fe_out(&tr, r);
    a = fe_in(&ta, a, n);
    b = fe_in(&tb, b, n);
    if (n == 16)
        fe_mul_w8(out, a, b);
    else
        fe_mul_w6(out, a, b);
    fe_done(r, out, n);
}

void fc_fe16_sqr(fc_fe16_limb *r, const fc_fe16_limb *a, unsigned n)
{
    fe_words ta, tr;
    fc_fe16_limb *out = fe_out(&tr, r);
    a = fe_in(&ta, a, n);
    if (n == 16)
        fe_sqr_w8(out, a);
    else
        fe_sqr_w6(out, a);
    fe_done(r, out, n);
}

/* add, sub and mul_small: one rolled loop over the words serves both n. */

/* r = a + b: the top word's sum (< 2^33) first, its bits from 31 up worth 19 each. Carries
 * stay at most 2. */
void fc_fe16_add(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    fe_words ta, tb, tr;
    fc_fe16_limb *out = fe_out(&tr, r);
    unsigned W = n / 2, i;
    uint64_t top, t;
    uint32_t c;
    a = fe_in(&ta, a, n);
    b = fe_in(&tb, b, n);
    top = (uint64_t)fe_ld(a, W - 1) + fe_ld(b, W - 1);
    c = FE_FOLD_HALF * (uint32_t)(top >> 31);
    for (i = 0; i < W - 1; i++) {
        t = (uint64_t)fe_ld(a, i) + fe_ld(b, i) + c;
        fe_st(out, i, (uint32_t)t);
        c = (uint32_t)(t >> 32);
    }
    fe_st(out, W - 1, ((uint32_t)top & 0x7fffffffu) + c);
    fe_done(r, out, n);
}

/* r = a + 4p - b. 4p = 2^(32W+1) - 76 is, word by word, 2^33 - 2 in every word and 74 less
 * in word 0, so each word a[i] + 2^33 - 2 - b[i] is non-negative (< 2^34) and the 74 comes
 * off the starting carry (mod 2^64: word 0 absorbs it). The carries stay below 5. */
void fc_fe16_sub(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    const uint64_t four_p_word = ((uint64_t)1 << 33) - 2;
    fe_words ta, tb, tr;
    fc_fe16_limb *out = fe_out(&tr, r);
    unsigned W = n / 2, i;
    uint64_t top, t, c;
    a = fe_in(&ta, a, n);
    b = fe_in(&tb, b, n);
    top = fe_ld(a, W - 1) + four_p_word - fe_ld(b, W - 1);
    c = FE_FOLD_HALF * (top >> 31) - 74u;
    for (i = 0; i < W - 1; i++) {
        t = fe_ld(a, i) + four_p_word - fe_ld(b, i) + c;
        fe_st(out, i, (uint32_t)t);
        c = t >> 32;
    }
    fe_st(out, W - 1, ((uint32_t)top & 0x7fffffffu) + (uint32_t)c);
    fe_done(r, out, n);
}

/* r = a * c, c < 2^19: word i gets the low word of a[i] c plus in = the high word of
 * a[i-1] c (< 2^19); word 0 gets 38 times that of a[W-1] (< 2^25) and 19 times the bits from
 * 31 up of the top word, formed first: top = low(a[W-1] c) + high(a[W-2] c) < 2^33. The carries
 * are at most 1 after word 0, the top keeps 31 bits plus the last. */
void fc_fe16_mul_small(fc_fe16_limb *r, const fc_fe16_limb *a, uint32_t c, unsigned n)
{
    fe_words ta, tr;
    fc_fe16_limb *out = fe_out(&tr, r);
    unsigned W = n / 2, i;
    uint64_t p, t, top;
    uint32_t in, cy;
    a = fe_in(&ta, a, n);
    p = (uint64_t)fe_ld(a, W - 1) * c;
    top = (uint32_t)p + (((uint64_t)fe_ld(a, W - 2) * c) >> 32);
    in = FE_FOLD * (uint32_t)(p >> 32);
    cy = FE_FOLD_HALF * (uint32_t)(top >> 31);
    for (i = 0; i < W - 1; i++) {
        p = (uint64_t)fe_ld(a, i) * c; /* read before word i of r is written: r may be a */
        t = (uint64_t)(uint32_t)p + in + cy;
        fe_st(out, i, (uint32_t)t);
        cy = (uint32_t)(t >> 32);
        in = (uint32_t)(p >> 32);
    }
    fe_st(out, W - 1, ((uint32_t)top & 0x7fffffffu) + cy);
    fe_done(r, out, n);
}

void fc_fe16_cswap(fc_fe16_limb *a, fc_fe16_limb *b, uint32_t bit, unsigned n)
{
    fe_words ta, tb;
    fc_fe16_limb *x = fe_out(&ta, a), *y = fe_out(&tb, b);
    uint32_t mask = 0u - bit, t, u, v;
    unsigned i;
    if (x != a)
        memcpy(x, a, 2 * n);
    if (y != b)
        memcpy(y, b, 2 * n);
    for (i = 0; i < n / 2; i++) {
        u = fe_ld(x, i);
        v = fe_ld(y, i);
        t = mask & (u ^ v);
        fe_st(x, i, u ^ t);
        fe_st(y, i, v ^ t);
    }
    fe_done(a, x, n);
    fe_done(b, y, n);
}

#endif /* FC_FE16_NEEDED && FC_FE16_W32 */
