/* The eleven curves' parameters: SEC 2 version 2.0 ("Recommended Elliptic Curve Domain
 * Parameters", Certicom Research, 2010) for the secp curves and RFC 5639 ("ECC Brainpool
 * Standard Curves and Curve Generation") for the brainpool curves. Each table names its
 * section. The numbers are written as the documents print them, most significant 32-bit word
 * first (ECW_BEn reverses them into the little-endian limbs the arithmetic uses).
 *
 * Derived values, below each curve's parameters: R^2 mod p and R^2 mod n with R = 2^(32 limbs)
 * (Python: pow(2, 64 * limbs, m)) and -m^-1 mod 2^32 (-pow(m, -1, 2**32) % 2**32); the tests
 * recompute them (tests/c/test_ec_soft.c).
 */
#include "fieldcrypt/config.h"

#if FC_WITH_EC

#include <stddef.h>

#include "fieldcrypt/algorithms.h"
#include "ecw.h"

#define ECW_BE6(w5, w4, w3, w2, w1, w0) \
    w0, w1, w2, w3, w4, w5
#define ECW_BE7(w6, w5, w4, w3, w2, w1, w0) \
    w0, w1, w2, w3, w4, w5, w6
#define ECW_BE8(w7, w6, w5, w4, w3, w2, w1, w0) \
    w0, w1, w2, w3, w4, w5, w6, w7
#define ECW_BE12(w11, w10, w9, w8, w7, w6, w5, w4, w3, w2, w1, w0) \
    w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11
#define ECW_BE16(w15, w14, w13, w12, w11, w10, w9, w8, w7, w6, w5, w4, w3, w2, w1, w0) \
    w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15
#define ECW_BE17(w16, w15, w14, w13, w12, w11, w10, w9, w8, w7, w6, w5, w4, w3, w2, w1, w0) \
    w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15, w16

#if FC_WITH_EC_ALL_CURVES
/* secp192r1: SEC 2 v2, 2.2.2 */
static const uint32_t secp192r1_p[6] = { ECW_BE6(
    0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFF) };
static const uint32_t secp192r1_b[6] = { ECW_BE6(
    0x64210519, 0xE59C80E7, 0x0FA7E9AB, 0x72243049, 0xFEB8DEEC, 0xC146B9B1) };
static const uint32_t secp192r1_gx[6] = { ECW_BE6(
    0x188DA80E, 0xB03090F6, 0x7CBF20EB, 0x43A18800, 0xF4FF0AFD, 0x82FF1012) };
static const uint32_t secp192r1_gy[6] = { ECW_BE6(
    0x07192B95, 0xFFC8DA78, 0x631011ED, 0x6B24CDD5, 0x73F977A1, 0x1E794811) };
static const uint32_t secp192r1_n[6] = { ECW_BE6(
    0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0x99DEF836, 0x146BC9B1, 0xB4D22831) };
/* derived: R^2 mod p and R^2 mod n, R = 2^(32 * limbs) */
static const uint32_t secp192r1_p_rr[6] = { ECW_BE6(
    0x00000000, 0x00000001, 0x00000000, 0x00000002, 0x00000000, 0x00000001) };
static const uint32_t secp192r1_n_rr[6] = { ECW_BE6(
    0x28BE5677, 0xEA0581A2, 0x4696EA5B, 0xBB3A6BEE, 0xCE66BACC, 0xDEB35961) };
const ecw_curve fc_ecw_secp192r1 = {
    FC_SECP192R1, 24, 24, ECW_A_MINUS3,
    { secp192r1_p, secp192r1_p_rr, 0x00000001u, 6, 192, ECW_FAST_P192 },
    { secp192r1_n, secp192r1_n_rr, 0x0DDBCF2Fu, 6, 192, ECW_FAST_NONE },
    NULL, secp192r1_b, secp192r1_gx, secp192r1_gy, NULL,
};
#endif

#if FC_WITH_EC_ALL_CURVES
/* secp224r1: SEC 2 v2, 2.3.2 */
static const uint32_t secp224r1_p[7] = { ECW_BE7(
    0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0x00000000, 0x00000000,
    0x00000001) };
static const uint32_t secp224r1_b[7] = { ECW_BE7(
    0xB4050A85, 0x0C04B3AB, 0xF5413256, 0x5044B0B7, 0xD7BFD8BA, 0x270B3943,
    0x2355FFB4) };
static const uint32_t secp224r1_gx[7] = { ECW_BE7(
    0xB70E0CBD, 0x6BB4BF7F, 0x321390B9, 0x4A03C1D3, 0x56C21122, 0x343280D6,
    0x115C1D21) };
static const uint32_t secp224r1_gy[7] = { ECW_BE7(
    0xBD376388, 0xB5F723FB, 0x4C22DFE6, 0xCD4375A0, 0x5A074764, 0x44D58199,
    0x85007E34) };
static const uint32_t secp224r1_n[7] = { ECW_BE7(
    0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFF16A2, 0xE0B8F03E, 0x13DD2945,
    0x5C5C2A3D) };
/* derived: R^2 mod p and R^2 mod n, R = 2^(32 * limbs) */
static const uint32_t secp224r1_p_rr[7] = { ECW_BE7(
    0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFE, 0x00000000, 0x00000000,
    0x00000001) };
static const uint32_t secp224r1_n_rr[7] = { ECW_BE7(
    0xD4BAA4CF, 0x1822BC47, 0xB1E97961, 0x6AD09D91, 0x97A54552, 0x6BDAAE6C,
    0x3AD01289) };
const ecw_curve fc_ecw_secp224r1 = {
    FC_SECP224R1, 28, 28, ECW_A_MINUS3,
    { secp224r1_p, secp224r1_p_rr, 0xFFFFFFFFu, 7, 224, ECW_FAST_P224 },
    { secp224r1_n, secp224r1_n_rr, 0x6A1FC2EBu, 7, 224, ECW_FAST_NONE },
    NULL, secp224r1_b, secp224r1_gx, secp224r1_gy, NULL,
};
#endif

/* secp256r1: SEC 2 v2, 2.4.2 */
static const uint32_t secp256r1_p[8] = { ECW_BE8(
    0xFFFFFFFF, 0x00000001, 0x00000000, 0x00000000, 0x00000000, 0xFFFFFFFF,
    0xFFFFFFFF, 0xFFFFFFFF) };
static const uint32_t secp256r1_b[8] = { ECW_BE8(
    0x5AC635D8, 0xAA3A93E7, 0xB3EBBD55, 0x769886BC, 0x651D06B0, 0xCC53B0F6,
    0x3BCE3C3E, 0x27D2604B) };
static const uint32_t secp256r1_gx[8] = { ECW_BE8(
    0x6B17D1F2, 0xE12C4247, 0xF8BCE6E5, 0x63A440F2, 0x77037D81, 0x2DEB33A0,
    0xF4A13945, 0xD898C296) };
static const uint32_t secp256r1_gy[8] = { ECW_BE8(
    0x4FE342E2, 0xFE1A7F9B, 0x8EE7EB4A, 0x7C0F9E16, 0x2BCE3357, 0x6B315ECE,
    0xCBB64068, 0x37BF51F5) };
static const uint32_t secp256r1_n[8] = { ECW_BE8(
    0xFFFFFFFF, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, 0xBCE6FAAD, 0xA7179E84,
    0xF3B9CAC2, 0xFC632551) };
/* derived: R^2 mod p and R^2 mod n, R = 2^(32 * limbs) */
static const uint32_t secp256r1_p_rr[8] = { ECW_BE8(
    0x00000004, 0xFFFFFFFD, 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFB, 0xFFFFFFFF,
    0x00000000, 0x00000003) };
static const uint32_t secp256r1_n_rr[8] = { ECW_BE8(
    0x66E12D94, 0xF3D95620, 0x2845B239, 0x2B6BEC59, 0x4699799C, 0x49BD6FA6,
    0x83244C95, 0xBE79EEA2) };
const ecw_curve fc_ecw_secp256r1 = {
    FC_SECP256R1, 32, 32, ECW_A_MINUS3,
    { secp256r1_p, secp256r1_p_rr, 0x00000001u, 8, 256, ECW_FAST_P256 },
    { secp256r1_n, secp256r1_n_rr, 0xEE00BC4Fu, 8, 256, ECW_FAST_NONE },
    NULL, secp256r1_b, secp256r1_gx, secp256r1_gy, &fc_ecw_p256_comb[0][0][0],
};

#if FC_WITH_EC_ALL_CURVES
/* secp384r1: SEC 2 v2, 2.5.1 */
static const uint32_t secp384r1_p[12] = { ECW_BE12(
    0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF,
    0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFF, 0x00000000, 0x00000000, 0xFFFFFFFF) };
static const uint32_t secp384r1_b[12] = { ECW_BE12(
    0xB3312FA7, 0xE23EE7E4, 0x988E056B, 0xE3F82D19, 0x181D9C6E, 0xFE814112,
    0x0314088F, 0x5013875A, 0xC656398D, 0x8A2ED19D, 0x2A85C8ED, 0xD3EC2AEF) };
static const uint32_t secp384r1_gx[12] = { ECW_BE12(
    0xAA87CA22, 0xBE8B0537, 0x8EB1C71E, 0xF320AD74, 0x6E1D3B62, 0x8BA79B98,
    0x59F741E0, 0x82542A38, 0x5502F25D, 0xBF55296C, 0x3A545E38, 0x72760AB7) };
static const uint32_t secp384r1_gy[12] = { ECW_BE12(
    0x3617DE4A, 0x96262C6F, 0x5D9E98BF, 0x9292DC29, 0xF8F41DBD, 0x289A147C,
    0xE9DA3113, 0xB5F0B8C0, 0x0A60B1CE, 0x1D7E819D, 0x7A431D7C, 0x90EA0E5F) };
static const uint32_t secp384r1_n[12] = { ECW_BE12(
    0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF,
    0xC7634D81, 0xF4372DDF, 0x581A0DB2, 0x48B0A77A, 0xECEC196A, 0xCCC52973) };
/* derived: R^2 mod p and R^2 mod n, R = 2^(32 * limbs) */
static const uint32_t secp384r1_p_rr[12] = { ECW_BE12(
    0x00000000, 0x00000000, 0x00000000, 0x00000001, 0x00000002, 0x00000000,
    0xFFFFFFFE, 0x00000000, 0x00000002, 0x00000000, 0xFFFFFFFE, 0x00000001) };
static const uint32_t secp384r1_n_rr[12] = { ECW_BE12(
    0x0C84EE01, 0x2B39BF21, 0x3FB05B7A, 0x28266895, 0xD40D4917, 0x4AAB1CC5,
    0xBC3E483A, 0xFCB82947, 0xFF3D81E5, 0xDF1AA419, 0x2D319B24, 0x19B409A9) };
const ecw_curve fc_ecw_secp384r1 = {
    FC_SECP384R1, 48, 48, ECW_A_MINUS3,
    { secp384r1_p, secp384r1_p_rr, 0x00000001u, 12, 384, ECW_FAST_P384 },
    { secp384r1_n, secp384r1_n_rr, 0xE88FDC45u, 12, 384, ECW_FAST_NONE },
    NULL, secp384r1_b, secp384r1_gx, secp384r1_gy, NULL,
};
#endif

#if FC_WITH_EC_ALL_CURVES
/* secp521r1: SEC 2 v2, 2.6.1 */
static const uint32_t secp521r1_p[17] = { ECW_BE17(
    0x000001FF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF,
    0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF,
    0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF) };
static const uint32_t secp521r1_b[17] = { ECW_BE17(
    0x00000051, 0x953EB961, 0x8E1C9A1F, 0x929A21A0, 0xB68540EE, 0xA2DA725B,
    0x99B315F3, 0xB8B48991, 0x8EF109E1, 0x56193951, 0xEC7E937B, 0x1652C0BD,
    0x3BB1BF07, 0x3573DF88, 0x3D2C34F1, 0xEF451FD4, 0x6B503F00) };
static const uint32_t secp521r1_gx[17] = { ECW_BE17(
    0x000000C6, 0x858E06B7, 0x0404E9CD, 0x9E3ECB66, 0x2395B442, 0x9C648139,
    0x053FB521, 0xF828AF60, 0x6B4D3DBA, 0xA14B5E77, 0xEFE75928, 0xFE1DC127,
    0xA2FFA8DE, 0x3348B3C1, 0x856A429B, 0xF97E7E31, 0xC2E5BD66) };
static const uint32_t secp521r1_gy[17] = { ECW_BE17(
    0x00000118, 0x39296A78, 0x9A3BC004, 0x5C8A5FB4, 0x2C7D1BD9, 0x98F54449,
    0x579B4468, 0x17AFBD17, 0x273E662C, 0x97EE7299, 0x5EF42640, 0xC550B901,
    0x3FAD0761, 0x353C7086, 0xA272C240, 0x88BE9476, 0x9FD16650) };
static const uint32_t secp521r1_n[17] = { ECW_BE17(
    0x000001FF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF,
    0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFA, 0x51868783, 0xBF2F966B, 0x7FCC0148,
    0xF709A5D0, 0x3BB5C9B8, 0x899C47AE, 0xBB6FB71E, 0x91386409) };
/* derived: R^2 mod p and R^2 mod n, R = 2^(32 * limbs) */
static const uint32_t secp521r1_p_rr[17] = { ECW_BE17(
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00004000, 0x00000000) };
static const uint32_t secp521r1_n_rr[17] = { ECW_BE17(
    0x0000019A, 0x5B5A3AFE, 0x8C44383D, 0x2D8E03D1, 0x492D0D45, 0x5BCC6D61,
    0xA8E567BC, 0xCFF3D142, 0xB7756E3A, 0x4FB35B72, 0xD3402705, 0x5D4DD6D3,
    0x0791D9DC, 0x18354A56, 0x4374A642, 0x1163115A, 0x61C64CA7) };
const ecw_curve fc_ecw_secp521r1 = {
    FC_SECP521R1, 66, 66, ECW_A_MINUS3,
    { secp521r1_p, secp521r1_p_rr, 0x00000001u, 17, 521, ECW_FAST_P521 },
    { secp521r1_n, secp521r1_n_rr, 0x79A995C7u, 17, 521, ECW_FAST_NONE },
    NULL, secp521r1_b, secp521r1_gx, secp521r1_gy, NULL,
};
#endif

#if FC_WITH_EC_ALL_CURVES
/* secp192k1: SEC 2 v2, 2.2.1 */
static const uint32_t secp192k1_p[6] = { ECW_BE6(
    0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFEE37) };
static const uint32_t secp192k1_b[6] = { ECW_BE6(
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000003) };
static const uint32_t secp192k1_gx[6] = { ECW_BE6(
    0xDB4FF10E, 0xC057E9AE, 0x26B07D02, 0x80B7F434, 0x1DA5D1B1, 0xEAE06C7D) };
static const uint32_t secp192k1_gy[6] = { ECW_BE6(
    0x9B2F2F6D, 0x9C5628A7, 0x844163D0, 0x15BE8634, 0x4082AA88, 0xD95E2F9D) };
static const uint32_t secp192k1_n[6] = { ECW_BE6(
    0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFE, 0x26F2FC17, 0x0F69466A, 0x74DEFD8D) };
/* derived: R^2 mod p and R^2 mod n, R = 2^(32 * limbs) */
static const uint32_t secp192k1_p_rr[6] = { ECW_BE6(
    0x00000000, 0x00000000, 0x00000000, 0x00000001, 0x00002392, 0x013C4FD1) };
static const uint32_t secp192k1_n_rr[6] = { ECW_BE6(
    0x6A21191C, 0x2EC4B2B1, 0xF0F4F172, 0x195E97E2, 0x461C1989, 0x250F0702) };
const ecw_curve fc_ecw_secp192k1 = {
    FC_SECP192K1, 24, 24, ECW_A_ZERO,
    { secp192k1_p, secp192k1_p_rr, 0x7446D879u, 6, 192, ECW_FAST_K1 },
    { secp192k1_n, secp192k1_n_rr, 0x560472BBu, 6, 192, ECW_FAST_NONE },
    NULL, secp192k1_b, secp192k1_gx, secp192k1_gy, NULL,
};
#endif

#if FC_WITH_EC_ALL_CURVES
/* secp224k1: SEC 2 v2, 2.3.1 */
static const uint32_t secp224k1_p[7] = { ECW_BE7(
    0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFE,
    0xFFFFE56D) };
static const uint32_t secp224k1_b[7] = { ECW_BE7(
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000005) };
static const uint32_t secp224k1_gx[7] = { ECW_BE7(
    0xA1455B33, 0x4DF099DF, 0x30FC28A1, 0x69A467E9, 0xE47075A9, 0x0F7E650E,
    0xB6B7A45C) };
static const uint32_t secp224k1_gy[7] = { ECW_BE7(
    0x7E089FED, 0x7FBA3442, 0x82CAFBD6, 0xF7E319F7, 0xC0B0BD59, 0xE2CA4BDB,
    0x556D61A5) };
static const uint32_t secp224k1_n[8] = { ECW_BE8(
    0x00000001, 0x00000000, 0x00000000, 0x00000000, 0x0001DCE8, 0xD2EC6184,
    0xCAF0A971, 0x769FB1F7) };
/* derived: R^2 mod p and R^2 mod n, R = 2^(32 * limbs) */
static const uint32_t secp224k1_p_rr[7] = { ECW_BE7(
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000001, 0x00003526,
    0x02C23069) };
static const uint32_t secp224k1_n_rr[8] = { ECW_BE8(
    0x00000000, 0x993FF72B, 0xB882BD88, 0xBBFF32E4, 0x8BE03208, 0x16F60AF5,
    0x34CE24FB, 0xEC9FEAA0) };
const ecw_curve fc_ecw_secp224k1 = {
    FC_SECP224K1, 28, 29, ECW_A_ZERO,
    { secp224k1_p, secp224k1_p_rr, 0x198D139Bu, 7, 224, ECW_FAST_K1 },
    { secp224k1_n, secp224k1_n_rr, 0x44C1A039u, 8, 225, ECW_FAST_NONE },
    NULL, secp224k1_b, secp224k1_gx, secp224k1_gy, NULL,
};
#endif

#if FC_WITH_EC_ALL_CURVES
/* secp256k1: SEC 2 v2, 2.4.1 */
static const uint32_t secp256k1_p[8] = { ECW_BE8(
    0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF,
    0xFFFFFFFE, 0xFFFFFC2F) };
static const uint32_t secp256k1_b[8] = { ECW_BE8(
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000007) };
static const uint32_t secp256k1_gx[8] = { ECW_BE8(
    0x79BE667E, 0xF9DCBBAC, 0x55A06295, 0xCE870B07, 0x029BFCDB, 0x2DCE28D9,
    0x59F2815B, 0x16F81798) };
static const uint32_t secp256k1_gy[8] = { ECW_BE8(
    0x483ADA77, 0x26A3C465, 0x5DA4FBFC, 0x0E1108A8, 0xFD17B448, 0xA6855419,
    0x9C47D08F, 0xFB10D4B8) };
static const uint32_t secp256k1_n[8] = { ECW_BE8(
    0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFE, 0xBAAEDCE6, 0xAF48A03B,
    0xBFD25E8C, 0xD0364141) };
/* derived: R^2 mod p and R^2 mod n, R = 2^(32 * limbs) */
static const uint32_t secp256k1_p_rr[8] = { ECW_BE8(
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000001,
    0x000007A2, 0x000E90A1) };
static const uint32_t secp256k1_n_rr[8] = { ECW_BE8(
    0x9D671CD5, 0x81C69BC5, 0xE697F5E4, 0x5BCD07C6, 0x741496C2, 0x0E7CF878,
    0x896CF214, 0x67D7D140) };
const ecw_curve fc_ecw_secp256k1 = {
    FC_SECP256K1, 32, 32, ECW_A_ZERO,
    { secp256k1_p, secp256k1_p_rr, 0xD2253531u, 8, 256, ECW_FAST_K1 },
    { secp256k1_n, secp256k1_n_rr, 0x5588B13Fu, 8, 256, ECW_FAST_NONE },
    NULL, secp256k1_b, secp256k1_gx, secp256k1_gy, NULL,
};
#endif

#if FC_WITH_EC_ALL_CURVES
/* brainpoolP256r1: RFC 5639, 3.4 */
static const uint32_t bpp256r1_p[8] = { ECW_BE8(
    0xA9FB57DB, 0xA1EEA9BC, 0x3E660A90, 0x9D838D72, 0x6E3BF623, 0xD5262028,
    0x2013481D, 0x1F6E5377) };
static const uint32_t bpp256r1_a[8] = { ECW_BE8(
    0x7D5A0975, 0xFC2C3057, 0xEEF67530, 0x417AFFE7, 0xFB8055C1, 0x26DC5C6C,
    0xE94A4B44, 0xF330B5D9) };
static const uint32_t bpp256r1_b[8] = { ECW_BE8(
    0x26DC5C6C, 0xE94A4B44, 0xF330B5D9, 0xBBD77CBF, 0x95841629, 0x5CF7E1CE,
    0x6BCCDC18, 0xFF8C07B6) };
static const uint32_t bpp256r1_gx[8] = { ECW_BE8(
    0x8BD2AEB9, 0xCB7E57CB, 0x2C4B482F, 0xFC81B7AF, 0xB9DE27E1, 0xE3BD23C2,
    0x3A4453BD, 0x9ACE3262) };
static const uint32_t bpp256r1_gy[8] = { ECW_BE8(
    0x547EF835, 0xC3DAC4FD, 0x97F8461A, 0x14611DC9, 0xC2774513, 0x2DED8E54,
    0x5C1D54C7, 0x2F046997) };
static const uint32_t bpp256r1_n[8] = { ECW_BE8(
    0xA9FB57DB, 0xA1EEA9BC, 0x3E660A90, 0x9D838D71, 0x8C397AA3, 0xB561A6F7,
    0x901E0E82, 0x974856A7) };
/* derived: R^2 mod p and R^2 mod n, R = 2^(32 * limbs) */
static const uint32_t bpp256r1_p_rr[8] = { ECW_BE8(
    0x4717AA21, 0xE5957FA8, 0xA1ECDACD, 0x6B1AC807, 0x5CCE4C26, 0x614D4F4D,
    0x8CFEDF7B, 0xA6465B6C) };
static const uint32_t bpp256r1_n_rr[8] = { ECW_BE8(
    0x0B25F1B9, 0xC3236762, 0x9B7F25E7, 0x6C815CB0, 0xF35D176A, 0x1134E4A0,
    0xE1D8D8DE, 0x3312FCA6) };
const ecw_curve fc_ecw_bpp256r1 = {
    FC_BRAINPOOLP256R1, 32, 32, ECW_A_GENERIC,
    { bpp256r1_p, bpp256r1_p_rr, 0xCEFD89B9u, 8, 256, ECW_FAST_NONE },
    { bpp256r1_n, bpp256r1_n_rr, 0xCBB40EE9u, 8, 256, ECW_FAST_NONE },
    bpp256r1_a, bpp256r1_b, bpp256r1_gx, bpp256r1_gy, NULL,
};
#endif

#if FC_WITH_EC_ALL_CURVES
/* brainpoolP384r1: RFC 5639, 3.6 */
static const uint32_t bpp384r1_p[12] = { ECW_BE12(
    0x8CB91E82, 0xA3386D28, 0x0F5D6F7E, 0x50E641DF, 0x152F7109, 0xED5456B4,
    0x12B1DA19, 0x7FB71123, 0xACD3A729, 0x901D1A71, 0x87470013, 0x3107EC53) };
static const uint32_t bpp384r1_a[12] = { ECW_BE12(
    0x7BC382C6, 0x3D8C150C, 0x3C72080A, 0xCE05AFA0, 0xC2BEA28E, 0x4FB22787,
    0x139165EF, 0xBA91F90F, 0x8AA5814A, 0x503AD4EB, 0x04A8C7DD, 0x22CE2826) };
static const uint32_t bpp384r1_b[12] = { ECW_BE12(
    0x04A8C7DD, 0x22CE2826, 0x8B39B554, 0x16F0447C, 0x2FB77DE1, 0x07DCD2A6,
    0x2E880EA5, 0x3EEB62D5, 0x7CB43902, 0x95DBC994, 0x3AB78696, 0xFA504C11) };
static const uint32_t bpp384r1_gx[12] = { ECW_BE12(
    0x1D1C64F0, 0x68CF45FF, 0xA2A63A81, 0xB7C13F6B, 0x8847A3E7, 0x7EF14FE3,
    0xDB7FCAFE, 0x0CBD10E8, 0xE826E034, 0x36D646AA, 0xEF87B2E2, 0x47D4AF1E) };
static const uint32_t bpp384r1_gy[12] = { ECW_BE12(
    0x8ABE1D75, 0x20F9C2A4, 0x5CB1EB8E, 0x95CFD552, 0x62B70B29, 0xFEEC5864,
    0xE19C054F, 0xF9912928, 0x0E464621, 0x77918111, 0x42820341, 0x263C5315) };
static const uint32_t bpp384r1_n[12] = { ECW_BE12(
    0x8CB91E82, 0xA3386D28, 0x0F5D6F7E, 0x50E641DF, 0x152F7109, 0xED5456B3,
    0x1F166E6C, 0xAC0425A7, 0xCF3AB6AF, 0x6B7FC310, 0x3B883202, 0xE9046565) };
/* derived: R^2 mod p and R^2 mod n, R = 2^(32 * limbs) */
static const uint32_t bpp384r1_p_rr[12] = { ECW_BE12(
    0x36BF6883, 0x178DF842, 0xD5C6EF3B, 0xA57E052C, 0x62140191, 0x9918D5AF,
    0x8E28F99C, 0xC9940899, 0x53528334, 0x3D7FD965, 0x087CEFFF, 0x40B64BDE) };
static const uint32_t bpp384r1_n_rr[12] = { ECW_BE12(
    0x0CE8941A, 0x614E97C2, 0x8F886DC9, 0x65165FDB, 0x574A74CB, 0x52D748FF,
    0x2A927E3B, 0x9802688A, 0x37264E20, 0x2F2B6B6E, 0xAC4ED3A2, 0xDE771C8E) };
const ecw_curve fc_ecw_bpp384r1 = {
    FC_BRAINPOOLP384R1, 48, 48, ECW_A_GENERIC,
    { bpp384r1_p, bpp384r1_p_rr, 0xEA9EC825u, 12, 384, ECW_FAST_NONE },
    { bpp384r1_n, bpp384r1_n_rr, 0x5CB5BB93u, 12, 384, ECW_FAST_NONE },
    bpp384r1_a, bpp384r1_b, bpp384r1_gx, bpp384r1_gy, NULL,
};
#endif

#if FC_WITH_EC_ALL_CURVES
/* brainpoolP512r1: RFC 5639, 3.7 */
static const uint32_t bpp512r1_p[16] = { ECW_BE16(
    0xAADD9DB8, 0xDBE9C48B, 0x3FD4E6AE, 0x33C9FC07, 0xCB308DB3, 0xB3C9D20E,
    0xD6639CCA, 0x70330871, 0x7D4D9B00, 0x9BC66842, 0xAECDA12A, 0xE6A380E6,
    0x2881FF2F, 0x2D82C685, 0x28AA6056, 0x583A48F3) };
static const uint32_t bpp512r1_a[16] = { ECW_BE16(
    0x7830A331, 0x8B603B89, 0xE2327145, 0xAC234CC5, 0x94CBDD8D, 0x3DF91610,
    0xA83441CA, 0xEA9863BC, 0x2DED5D5A, 0xA8253AA1, 0x0A2EF1C9, 0x8B9AC8B5,
    0x7F1117A7, 0x2BF2C7B9, 0xE7C1AC4D, 0x77FC94CA) };
static const uint32_t bpp512r1_b[16] = { ECW_BE16(
    0x3DF91610, 0xA83441CA, 0xEA9863BC, 0x2DED5D5A, 0xA8253AA1, 0x0A2EF1C9,
    0x8B9AC8B5, 0x7F1117A7, 0x2BF2C7B9, 0xE7C1AC4D, 0x77FC94CA, 0xDC083E67,
    0x984050B7, 0x5EBAE5DD, 0x2809BD63, 0x8016F723) };
static const uint32_t bpp512r1_gx[16] = { ECW_BE16(
    0x81AEE4BD, 0xD82ED964, 0x5A21322E, 0x9C4C6A93, 0x85ED9F70, 0xB5D916C1,
    0xB43B62EE, 0xF4D0098E, 0xFF3B1F78, 0xE2D0D48D, 0x50D1687B, 0x93B97D5F,
    0x7C6D5047, 0x406A5E68, 0x8B352209, 0xBCB9F822) };
static const uint32_t bpp512r1_gy[16] = { ECW_BE16(
    0x7DDE385D, 0x566332EC, 0xC0EABFA9, 0xCF7822FD, 0xF209F700, 0x24A57B1A,
    0xA000C55B, 0x881F8111, 0xB2DCDE49, 0x4A5F485E, 0x5BCA4BD8, 0x8A2763AE,
    0xD1CA2B2F, 0xA8F05406, 0x78CD1E0F, 0x3AD80892) };
static const uint32_t bpp512r1_n[16] = { ECW_BE16(
    0xAADD9DB8, 0xDBE9C48B, 0x3FD4E6AE, 0x33C9FC07, 0xCB308DB3, 0xB3C9D20E,
    0xD6639CCA, 0x70330870, 0x553E5C41, 0x4CA92619, 0x41866119, 0x7FAC1047,
    0x1DB1D381, 0x085DDADD, 0xB5879682, 0x9CA90069) };
/* derived: R^2 mod p and R^2 mod n, R = 2^(32 * limbs) */
static const uint32_t bpp512r1_p_rr[16] = { ECW_BE16(
    0x3C4C9D05, 0xA9FF6450, 0x202E1940, 0x2056EECC, 0xA16DAA5F, 0xD42BFF83,
    0x19486FD8, 0xD5898057, 0xE0C19A77, 0x83514A25, 0x53B7F9BC, 0x905AFFD3,
    0x793FB130, 0x27157905, 0x49AD144A, 0x6158F205) };
static const uint32_t bpp512r1_n_rr[16] = { ECW_BE16(
    0xA794586A, 0x718407B0, 0x95DF1B4C, 0x194B2E56, 0x723C37A2, 0x2F16BBDF,
    0xD7F9CC26, 0x3B790DE3, 0xA6F230C7, 0x2F0207E8, 0x3EC64BD0, 0x33B7627F,
    0x0886B758, 0x95283DDD, 0xD2A3681E, 0xCDA81671) };
const ecw_curve fc_ecw_bpp512r1 = {
    FC_BRAINPOOLP512R1, 64, 64, ECW_A_GENERIC,
    { bpp512r1_p, bpp512r1_p_rr, 0x7D89EFC5u, 16, 512, ECW_FAST_NONE },
    { bpp512r1_n, bpp512r1_n_rr, 0x0F1B7027u, 16, 512, ECW_FAST_NONE },
    bpp512r1_a, bpp512r1_b, bpp512r1_gx, bpp512r1_gy, NULL,
};
#endif

#endif

