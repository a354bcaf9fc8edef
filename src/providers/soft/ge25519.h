/* The Ed25519 group: the twisted Edwards curve -x^2 + y^2 = 1 + d x^2 y^2 over GF(2^255 - 19),
 * d = -121665/121666 (RFC 8032 5.1), over the field arithmetic of fe25519.h (internal header,
 * ge25519.c).
 *
 * Points are in extended coordinates (X : Y : Z : T), x = X/Z, y = Y/Z, x y = T/Z
 * (Hisil, Wong, Carter, Dawson, "Twisted Edwards curves revisited", 2008). Encodings are RFC
 * 8032 5.1.2's: y little-endian with the parity of x in bit 255.
 *
 * Constant time: fc_ge25519_base_tobytes only (the signing scalars); decoding, the small-order
 * test and the double multiplication of verification run in variable time on public data.
 */
#ifndef FC_GE25519_H
#define FC_GE25519_H

#include <stdint.h>

#include "fe25519.h"

#if FC_WITH_X25519

typedef struct fc_ge25519 {
    fc_fe25519 X, Y, Z, T;
} fc_ge25519;

/* out = the encoding of [a]B for a 32-byte little-endian a < 2^255 (a clamped secret scalar or
 * a reduced nonce). Constant time. */
void fc_ge25519_base_tobytes(uint8_t out[32], const uint8_t a[32]);

/* Decodes s (RFC 8032 5.1.3) into r: 0 on success; -1 when y >= p, when x = 0 comes with the
 * sign bit set, or when no point has that y. Variable time. */
int fc_ge25519_frombytes(fc_ge25519 *r, const uint8_t s[32]);
/* The encoding of p. */
void fc_ge25519_tobytes(uint8_t out[32], const fc_ge25519 *p);
/* 1 when [8]p is the neutral element (p is one of the eight points of small order). */
int fc_ge25519_is_small_order(const fc_ge25519 *p);
/* r = [s]B - [k]A, for public s and k below 2^253 (sliding windows, variable time); r may be
 * A. */
void fc_ge25519_double_scalarmult_vartime(fc_ge25519 *r, const uint8_t k[32],
                                          const fc_ge25519 *A, const uint8_t s[32]);

/* ---- The parts of the above, for the soft provider's Ed25519 jobs (ed25519_job.c), which run
 * them in units of a few field operations; the functions above call the same parts. ---- */

/* An affine point as (y + x, y - x, 2 d x y): a mixed addition costs 7 multiplications. */
typedef struct fc_ge25519_niels {
    fc_fe25519 yplusx, yminusx, xy2d;
} fc_ge25519_niels;

/* An extended point as (Y + X, Y - X, Z, 2 d T): what the full addition takes. */
typedef struct fc_ge25519_cached {
    fc_fe25519 yplusx, yminusx, z, t2d;
} fc_ge25519_cached;

/* Decoding's temporaries between its parts. */
typedef struct fc_ge25519_decode {
    fc_fe25519 u, v, v3, t;
} fc_ge25519_decode;

/* fc_ge25519_frombytes is parts 0 and 1, w->t = fc_fe25519_pow22523(w->t), parts 2 and 3; a
 * part returns -1 when s is refused (then stop). */
int fc_ge25519_decode_part(fc_ge25519 *r, const uint8_t s[32], fc_ge25519_decode *w,
                           unsigned part);
/* fc_ge25519_tobytes with 1 / p->Z computed by the caller. */
void fc_ge25519_tobytes_inverse(uint8_t out[32], const fc_ge25519 *p, const fc_fe25519 *zi);
/* 1 when p is the neutral element (fc_ge25519_is_small_order: after three doublings). */
int fc_ge25519_is_neutral(const fc_ge25519 *p);
void fc_ge25519_identity(fc_ge25519 *r);
/* r = 2p: dbl_begin (four squarings; r may be p; (E, -H, -F, G) in r's (X, Y, Z, T)) then
 * dbl_end (three multiplications, four with with_t; with_t == 0 leaves T meaningless, for a
 * doubling another doubling follows). */
void fc_ge25519_dbl_begin(fc_ge25519 *r, const fc_ge25519 *p);
void fc_ge25519_dbl_end(fc_ge25519 *r, unsigned with_t);
/* r = p + q (p - q when neg, public): a begin (four multiplications) then fc_ge25519_add_end
 * (four); r may be p. */
void fc_ge25519_add_cached_begin(fc_ge25519 *r, const fc_ge25519 *p,
                                 const fc_ge25519_cached *q, unsigned neg);
void fc_ge25519_madd_begin(fc_ge25519 *r, const fc_ge25519 *p, const fc_ge25519_niels *q,
                           unsigned neg);
void fc_ge25519_add_end(fc_ge25519 *r);
void fc_ge25519_to_cached(fc_ge25519_cached *r, const fc_ge25519 *p);
/* The first half (then fc_ge25519_add_end) of the fixed-base comb's addition of a's signed
 * digit i (fc_ge25519_base_tobytes: for m = 7 .. 0, four doublings but for m = 7, the last
 * with T, then the digits i = m, m + 8, .., m + 56 added). The digits' carry chain runs from
 * nibble from, *carry coming in (0 at nibble 0) and going out. Constant time. */
void fc_ge25519_base_add_begin(fc_ge25519 *acc, const uint8_t a[32], unsigned from, unsigned i,
                               uint32_t *carry);
/* r = [2 i + 1]B, i = 0..7, from verification's flash table */
void fc_ge25519_odd_base(fc_ge25519_niels *r, unsigned i);
/* Verification's sliding windows: the highest set bit i <= from of s and the lowest set bit
 * j >= i - width + 1; *digit = bits j..i (odd), *pos = j, or *pos = -1 when none is left. */
void fc_ge25519_next_window(const uint8_t s[32], int from, int width, int *pos,
                            unsigned *digit);

#endif /* FC_WITH_X25519 */
#endif
