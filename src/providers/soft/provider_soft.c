/* The "soft" provider: fieldcrypt's own constant-time C, present in every build. An algorithm
 * whose FC_WITH_ switch is 0 (config.h) is left out, and the linker drops its code. HMAC,
 * HKDF, XSalsa20 and HSalsa20 come from the core's modes over these (algorithms.def). */
#include "soft.h"

static const fc_impl *const impls[] = {
#if FC_WITH_SHA224
    &fc_soft_sha224,
#endif
#if FC_WITH_SHA256
    &fc_soft_sha256,
#endif
#if FC_WITH_SHA384
    &fc_soft_sha384,
#endif
#if FC_WITH_SHA512
    &fc_soft_sha512,
#endif
#if FC_WITH_SHA1
    &fc_soft_sha1,
#endif
#if FC_WITH_MD5
    &fc_soft_md5,
#endif
#if FC_WITH_SM3
    &fc_soft_sm3,
#endif
#if FC_WITH_SALSA20
    &fc_soft_salsa20,
#endif
#if FC_WITH_AES
    &fc_soft_aes,
#endif
#if FC_WITH_CHACHA20
    &fc_soft_chacha20,
    &fc_soft_poly1305,
#endif
#if FC_WITH_X25519
    &fc_soft_x25519,
    &fc_soft_elligator2_curve25519,
#endif
#if FC_SOFT_ED25519
    &fc_soft_ed25519,
    &fc_soft_ed25519ctx,
    &fc_soft_ed25519ph,
#endif
#if FC_WITH_X19119
    &fc_soft_x19119,
    &fc_soft_elligator2_curve19119,
#endif
#if FC_WITH_EC
    &fc_soft_secp256r1,
#if FC_WITH_EC_ALL_CURVES
    &fc_soft_secp192r1,
    &fc_soft_secp224r1,
    &fc_soft_secp384r1,
    &fc_soft_secp521r1,
    &fc_soft_secp192k1,
    &fc_soft_secp224k1,
    &fc_soft_secp256k1,
    &fc_soft_brainpoolp256r1,
    &fc_soft_brainpoolp384r1,
    &fc_soft_brainpoolp512r1,
#endif
#endif
#if FC_WITH_X448
    &fc_soft_x448,
#endif
#if FC_WITH_RSA
    &fc_soft_rsa,
#endif
#if FC_WITH_DES
    &fc_soft_des,
    &fc_soft_tdes,
#endif
};

const fc_provider fc_provider_soft = {
    .name = "soft",
#if FC_FE25519_64
    .description = "fieldcrypt portable C (X25519: 64-bit limbs)",
#else
    .description = "fieldcrypt portable C (X25519: 16x16-bit products, Cortex-M0 friendly)",
#endif
    .impls = impls,
    .impl_count = sizeof(impls) / sizeof(impls[0]),
    .next = NULL,
};
