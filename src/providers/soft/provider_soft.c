/* The "soft" provider table: fieldcrypt's own constant-time C, present in every build. */
#include "soft.h"

const fc_provider fc_provider_soft = {
    "soft",
#if FC_FE25519_64
    "fieldcrypt portable C (X25519: 64-bit limbs)",
#else
    "fieldcrypt portable C (X25519: 16x16-bit products, Cortex-M0 friendly)",
#endif
    {
#if FC_WITH_SHA224
        &fc_soft_sha224_vt,
#else
        NULL,
#endif
#if FC_WITH_SHA256
        &fc_soft_sha256_vt,
#else
        NULL,
#endif
#if FC_WITH_SHA384
        &fc_soft_sha384_vt,
#else
        NULL,
#endif
#if FC_WITH_SHA512
        &fc_soft_sha512_vt,
#else
        NULL,
#endif
    },
    {
        FC_WITH_SHA224 ? &fc_soft_hmac_vt : NULL,
        FC_WITH_SHA256 ? &fc_soft_hmac_vt : NULL,
        FC_WITH_SHA384 ? &fc_soft_hmac_vt : NULL,
        FC_WITH_SHA512 ? &fc_soft_hmac_vt : NULL,
    },
    &fc_soft_hkdf_vt,
#if FC_WITH_SALSA20
    &fc_soft_salsa20_vt,
#else
    NULL,
#endif
#if FC_WITH_X25519
    &fc_soft_x25519_vt,
#else
    NULL,
#endif
#if FC_WITH_X19119
    &fc_soft_x19119_vt,
#else
    NULL,
#endif
};
