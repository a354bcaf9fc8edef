/* FUZZING ONLY: a cheap stand-in for the X25519 and X19119 scalar multiplication, compiled
 * into a separate library for the login harness (CMake FC_FUZZ_CHEAP_CURVES, only with
 * FC_FUZZ=ON; tests/fuzz/README.md). Under ASan and UBSan a ladder costs milliseconds, so a
 * harness that runs whole logins spends nearly all its time in curve arithmetic; with this
 * stand-in it spends it in the protocol code, which is what that harness is for. The real
 * curve code keeps its own harness (fuzz_curves).
 *
 * out = clamp(k) * u mod p, one field multiplication instead of a ladder. It keeps what the
 * protocols rely on: the same input handling (the scalar clamped, bit 8 len - 1 of u ignored,
 * u >= p accepted), a canonical output of the same length, and commutativity
 * (k1 * (k2 * g) = k2 * (k1 * g)), so two honest sides agree on the shared secret and a wrong
 * password still gives different secrets. u = 0, 1 and p - 1 (mod p), the low-order points
 * a fuzzer finds first, give the all-zero result as the real ladder does (the order-8 points
 * are not modelled). It is not a one-way function (k = out / u): never for real use, so this
 * file refuses to compile outside a fuzzing build.
 *
 * The Elligator2 maps cost an exponentiation each, as much as the rest of a login under the
 * sanitizers once the ladder is gone, so they get a stand-in too: u = r^2 + J mod p (J the
 * curve's Montgomery A), with the map's input handling (bit 8 len - 1 of r ignored) and a
 * canonical output; different passwords still give different generators. */
#ifndef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
#error "FC_FUZZ_CHEAP_CURVES replaces X25519/X19119 by an insecure stand-in: fuzzing builds only"
#endif

#include <string.h>

#include "fieldcrypt/ct.h"
#include "fe16.h"
#include "soft.h"

void fc_soft_cheap_xdh(uint8_t *out, const uint8_t *scalar, const uint8_t *u, unsigned limbs)
{
    fc_fe16_limb k[16], x[16], t[16], one[16];
    uint8_t kb[32], low[32];
    size_t len = 2u * limbs;
    memcpy(kb, scalar, len);
    kb[0] &= 248;
    kb[len - 1] &= 127;
    kb[len - 1] |= 64;
    fc_fe16_frombytes(k, kb, limbs);
    fc_fe16_frombytes(x, u, limbs);
    /* u * (u - 1) * (u + 1) = 0 exactly for u in {0, 1, -1} */
    fc_fe16_set_u32(one, 1, limbs);
    fc_fe16_sub(t, x, one, limbs);
    fc_fe16_mul(t, t, x, limbs);
    fc_fe16_add(one, x, one, limbs);
    fc_fe16_mul(t, t, one, limbs);
    fc_fe16_tobytes(low, t, limbs);
    fc_fe16_mul(x, x, k, limbs);
    fc_fe16_tobytes(out, x, limbs);
    if (fc_ct_is_zero(low, len))
        memset(out, 0, len);
    fc_zeroize(kb, sizeof(kb));
    fc_zeroize(k, sizeof(k));
}

void fc_soft_cheap_map(uint8_t *u, const uint8_t *r, unsigned limbs)
{
    fc_fe16_limb t[16], j[16];
    fc_fe16_frombytes(t, r, limbs);
    fc_fe16_sqr(t, t, limbs);
    fc_fe16_set_u32(j, limbs == 16 ? 486662u : 529418u, limbs);
    fc_fe16_add(t, t, j, limbs);
    fc_fe16_tobytes(u, t, limbs);
}
