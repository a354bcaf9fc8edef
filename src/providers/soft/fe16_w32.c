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
 * FC_FE16_W32_SMALL=1 (config) keeps the loops rolled and one copy of each for both word
 * counts: on RV32 at -Os 1.9 KiB instead of 7.3 KiB, X25519 in 5.8 M modelled cycles instead
 * of 1.9 M (fe16.c's 16-bit C, which this replaces there: 1.4 KiB, 11.3 M).
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

/* The bodies of the operations: inlined into one function per word count, whose constant W
 * unrolls them; with FC_FE16_W32_SMALL one shared copy for both word counts instead. */
#if FC_FE16_W32_SMALL
#define FE_BODY static
#else
#define FE_BODY FE_INLINE
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
FE_BODY void fe_reduce(uint32_t *r, const uint32_t *w, unsigned W)
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
FE_BODY void fe_product(uint32_t *w, const uint32_t *a, const uint32_t *b, unsigned W)
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
FE_BODY void fe_square(uint32_t *w, const uint32_t *a, unsigned W)
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

FE_BODY void fe_load(uint32_t *x, const fc_fe16_limb *a, unsigned W)
{
    unsigned i;
    FE_UNROLL
    for (i = 0; i < W; i++)
        x[i] = fe_ld(a, i);
}

FE_BODY void fe_store(fc_fe16_limb *r, const uint32_t *x, unsigned W)
{
    unsigned i;
    FE_UNROLL
    for (i = 0; i < W; i++)
        fe_st(r, i, x[i]);
}

/* r = a + b: the top word's sum (< 2^33) first, its bits from 31 up worth 19 each. Carries
 * stay at most 2. */
FE_BODY void fe_add(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned W)
{
    uint64_t top = (uint64_t)fe_ld(a, W - 1) + fe_ld(b, W - 1), t;
    uint32_t c = FE_FOLD_HALF * (uint32_t)(top >> 31);
    unsigned i;
    FE_UNROLL
    for (i = 0; i < W - 1; i++) {
        t = (uint64_t)fe_ld(a, i) + fe_ld(b, i) + c;
        fe_st(r, i, (uint32_t)t);
        c = (uint32_t)(t >> 32);
    }
    fe_st(r, W - 1, ((uint32_t)top & 0x7fffffffu) + c);
}

/* r = a + 4p - b. 4p = 2^(32W+1) - 76 is, word by word, 2^33 - 2 in every word but word 0,
 * which has 2^33 - 76; each word a[i] + 4p's word - b[i] is then non-negative, below 2^34, and
 * the carries stay below 5. */
FE_BODY void fe_sub(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned W)
{
    const uint64_t four_p = ((uint64_t)1 << 33) - 2;
    uint64_t top = fe_ld(a, W - 1) + four_p - fe_ld(b, W - 1), t;
    uint32_t c = FE_FOLD_HALF * (uint32_t)(top >> 31);
    unsigned i;
    FE_UNROLL
    for (i = 0; i < W - 1; i++) {
        t = fe_ld(a, i) + (i == 0 ? four_p - 74u : four_p) - fe_ld(b, i) + c;
        fe_st(r, i, (uint32_t)t);
        c = (uint32_t)(t >> 32);
    }
    fe_st(r, W - 1, ((uint32_t)top & 0x7fffffffu) + c);
}

/* r = a * c, c < 2^19: word i gets the low word of a[i] c plus in = the high word of
 * a[i-1] c (< 2^19); word 0 gets 38 times that of a[W-1] (< 2^25) and 19 times the bits from
 * 31 up of the top word, formed first: top = low(a[W-1] c) + high(a[W-2] c) < 2^33. The carries
 * are at most 1 after word 0, the top keeps 31 bits plus the last. */
FE_BODY void fe_mul_small(fc_fe16_limb *r, const fc_fe16_limb *a, uint32_t c, unsigned W)
{
    uint64_t p = (uint64_t)fe_ld(a, W - 1) * c, t;
    uint64_t top = (uint32_t)p + (((uint64_t)fe_ld(a, W - 2) * c) >> 32);
    uint32_t in = FE_FOLD * (uint32_t)(p >> 32), cy = FE_FOLD_HALF * (uint32_t)(top >> 31);
    unsigned i;
    FE_UNROLL
    for (i = 0; i < W - 1; i++) {
        p = (uint64_t)fe_ld(a, i) * c; /* read before word i of r is written: r may be a */
        t = (uint64_t)(uint32_t)p + in + cy;
        fe_st(r, i, (uint32_t)t);
        cy = (uint32_t)(t >> 32);
        in = (uint32_t)(p >> 32);
    }
    fe_st(r, W - 1, ((uint32_t)top & 0x7fffffffu) + cy);
}

FE_BODY void fe_cswap(fc_fe16_limb *a, fc_fe16_limb *b, uint32_t mask, unsigned W)
{
    uint32_t t, u, v;
    unsigned i;
    FE_UNROLL
    for (i = 0; i < W; i++) {
        u = fe_ld(a, i);
        v = fe_ld(b, i);
        t = mask & (u ^ v);
        fe_st(a, i, u ^ t);
        fe_st(b, i, v ^ t);
    }
}

/* The functions on word-aligned operands, for W = 8 and 6 words: the constant W unrolls them.
 * r may alias a or b: every input word is read before its output word is written (mul and sqr
 * read all of them first). */
#define FE_DEFINE_WORD_FUNCTIONS(W)                                                           \
    static void fe_mul_w##W(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b)   \
    {                                                                                         \
        uint32_t x[FE_MAX_WORDS], y[FE_MAX_WORDS], w[2 * FE_MAX_WORDS];                       \
        fe_load(x, a, W);                                                                     \
        fe_load(y, b, W);                                                                     \
        fe_product(w, x, y, W);                                                               \
        fe_reduce(x, w, W);                                                                   \
        fe_store(r, x, W);                                                                    \
    }                                                                                         \
    static void fe_sqr_w##W(fc_fe16_limb *r, const fc_fe16_limb *a)                           \
    {                                                                                         \
        uint32_t x[FE_MAX_WORDS], w[2 * FE_MAX_WORDS];                                        \
        fe_load(x, a, W);                                                                     \
        fe_square(w, x, W);                                                                   \
        fe_reduce(x, w, W);                                                                   \
        fe_store(r, x, W);                                                                    \
    }                                                                                         \
    static void fe_add_w##W(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b)   \
    {                                                                                         \
        fe_add(r, a, b, W);                                                                   \
    }                                                                                         \
    static void fe_sub_w##W(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b)   \
    {                                                                                         \
        fe_sub(r, a, b, W);                                                                   \
    }                                                                                         \
    static void fe_mul_small_w##W(fc_fe16_limb *r, const fc_fe16_limb *a, uint32_t c)         \
    {                                                                                         \
        fe_mul_small(r, a, c, W);                                                             \
    }                                                                                         \
    static void fe_cswap_w##W(fc_fe16_limb *a, fc_fe16_limb *b, uint32_t mask)                \
    {                                                                                         \
        fe_cswap(a, b, mask, W);                                                              \
    }

FE_DEFINE_WORD_FUNCTIONS(8)
FE_DEFINE_WORD_FUNCTIONS(6)

/* The entry points take the word path when every operand is word-aligned (the address alone
 * decides; the field types and the job registers are, in practice). Others are copied to
 * word-aligned locals first and the result copied back: correct always, just slower. */
static int fe_all_aligned(const void *r, const void *a, const void *b)
{
    return (((uintptr_t)r | (uintptr_t)a | (uintptr_t)b) & 3u) == 0;
}

enum fe_op { FE_MUL, FE_SQR, FE_ADD, FE_SUB, FE_MUL_SMALL };

/* r = op(a, b) (c for mul_small) on word-aligned operands */
static void fe_words_op(enum fe_op op, fc_fe16_limb *r, const fc_fe16_limb *a,
                        const fc_fe16_limb *b, uint32_t c, unsigned n)
{
    switch (op) {
    case FE_MUL: n == 16 ? fe_mul_w8(r, a, b) : fe_mul_w6(r, a, b); break;
    case FE_SQR: n == 16 ? fe_sqr_w8(r, a) : fe_sqr_w6(r, a); break;
    case FE_ADD: n == 16 ? fe_add_w8(r, a, b) : fe_add_w6(r, a, b); break;
    case FE_SUB: n == 16 ? fe_sub_w8(r, a, b) : fe_sub_w6(r, a, b); break;
    default: n == 16 ? fe_mul_small_w8(r, a, c) : fe_mul_small_w6(r, a, c); break;
    }
}

/* The same for operands anywhere: through word-aligned copies. */
static void fe_copied_op(enum fe_op op, fc_fe16_limb *r, const fc_fe16_limb *a,
                         const fc_fe16_limb *b, uint32_t c, unsigned n)
{
    fe_words ta, tb, tr;
    memcpy(ta.v, a, 2 * n);
    memcpy(tb.v, b, 2 * n);
    fe_words_op(op, tr.v, ta.v, tb.v, c, n);
    memcpy(r, tr.v, 2 * n);
}

void fc_fe16_mul(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    if (!fe_all_aligned(r, a, b))
        fe_copied_op(FE_MUL, r, a, b, 0, n);
    else if (n == 16)
        fe_mul_w8(r, a, b);
    else
        fe_mul_w6(r, a, b);
}

void fc_fe16_sqr(fc_fe16_limb *r, const fc_fe16_limb *a, unsigned n)
{
    if (!fe_all_aligned(r, a, a))
        fe_copied_op(FE_SQR, r, a, a, 0, n);
    else if (n == 16)
        fe_sqr_w8(r, a);
    else
        fe_sqr_w6(r, a);
}

void fc_fe16_add(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    if (!fe_all_aligned(r, a, b))
        fe_copied_op(FE_ADD, r, a, b, 0, n);
    else if (n == 16)
        fe_add_w8(r, a, b);
    else
        fe_add_w6(r, a, b);
}

void fc_fe16_sub(fc_fe16_limb *r, const fc_fe16_limb *a, const fc_fe16_limb *b, unsigned n)
{
    if (!fe_all_aligned(r, a, b))
        fe_copied_op(FE_SUB, r, a, b, 0, n);
    else if (n == 16)
        fe_sub_w8(r, a, b);
    else
        fe_sub_w6(r, a, b);
}

void fc_fe16_mul_small(fc_fe16_limb *r, const fc_fe16_limb *a, uint32_t c, unsigned n)
{
    if (!fe_all_aligned(r, a, a))
        fe_copied_op(FE_MUL_SMALL, r, a, a, c, n);
    else if (n == 16)
        fe_mul_small_w8(r, a, c);
    else
        fe_mul_small_w6(r, a, c);
}

void fc_fe16_cswap(fc_fe16_limb *a, fc_fe16_limb *b, uint32_t bit, unsigned n)
{
    fe_words ta, tb;
    fc_fe16_limb *x = a, *y = b;
    uint32_t mask = 0u - bit;
    if (!fe_all_aligned(a, b, b)) {
        x = memcpy(ta.v, a, 2 * n);
        y = memcpy(tb.v, b, 2 * n);
    }
    if (n == 16)
        fe_cswap_w8(x, y, mask);
    else
        fe_cswap_w6(x, y, mask);
    if (x != a) {
        memcpy(a, x, 2 * n);
        memcpy(b, y, 2 * n);
    }
}

#endif /* FC_FE16_NEEDED && FC_FE16_W32 */
