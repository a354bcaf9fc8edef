/* The "wolfssl" provider's descriptors, by file, and what its files share. wolfSSL's own
 * configuration comes first, before any wolfCrypt header: <wolfssl/options.h> of the installed
 * library on a host (Debian's libwolfssl-dev), or our user_settings.h on a device
 * (WOLFSSL_USER_SETTINGS, config/wolfssl/user_settings.h) where CMake compiles the wolfCrypt
 * sources with it (FC_PROVIDER_WOLFSSL, FC_WOLFSSL_SOURCE). */
#ifndef FC_PROVIDER_WOLFSSL_H
#define FC_PROVIDER_WOLFSSL_H

#ifdef WOLFSSL_USER_SETTINGS
#include <wolfssl/wolfcrypt/settings.h>
#else
#include <wolfssl/options.h>
#endif
#include <wolfssl/wolfcrypt/settings.h>
#include <wolfssl/version.h>
#include <wolfssl/wolfcrypt/error-crypt.h>

#include "fieldcrypt/driver.h"
#include "fieldcrypt/ct.h"

/* wolfCrypt's lengths are word32: longer inputs go elsewhere (soft) */
#define FC_WOLF_MAX_LEN 0xffffffffu

/* the fc status of a wolfCrypt return code that is not an authentication verdict:
 * 0 -> FC_OK, a bad argument -> FC_ERR_ARGUMENT, anything else -> FC_ERR_PROVIDER */
static inline fc_status fc_wolf_status(int ret)
{
    if (ret == 0)
        return FC_OK;
    return ret == BAD_FUNC_ARG ? FC_ERR_ARGUMENT : FC_ERR_PROVIDER;
}

/* wolfCrypt's structs may ask for 16-byte alignment (ALIGN16 buffers for its SIMD code: the
 * host's wc_Sha256); the core's state areas are 8-byte aligned. So a struct lies at the first
 * 16-byte boundary of the area, and its descriptor asks for FC_WOLF_ALIGNED_SIZE of it. The
 * place is a function of the context's address: the core never moves a bound state. */
#define FC_WOLF_ALIGNED_SIZE(type) (sizeof(type) + 8)
static inline void *fc_wolf_aligned(void *state)
{
    return (void *)(((uintptr_t)state + 15) & ~(uintptr_t)15);
}

/* wolfssl_cipher.c */
extern const fc_impl fc_wolf_aes, fc_wolf_des, fc_wolf_tdes;
/* wolfssl_aead.c */
extern const fc_impl fc_wolf_aes_gcm, fc_wolf_aes_ccm, fc_wolf_chacha20_poly1305;
/* wolfssl_mac.c */
extern const fc_impl fc_wolf_poly1305;
/* wolfssl_stream.c */
extern const fc_impl fc_wolf_chacha20;
/* wolfssl_ec.c */
extern const fc_impl fc_wolf_secp192r1, fc_wolf_secp224r1, fc_wolf_secp256r1, fc_wolf_secp384r1,
    fc_wolf_secp521r1, fc_wolf_secp192k1, fc_wolf_secp256k1, fc_wolf_brainpoolp256r1,
    fc_wolf_brainpoolp384r1, fc_wolf_brainpoolp512r1;
/* wolfssl_eddsa.c */
extern const fc_impl fc_wolf_ed25519, fc_wolf_ed25519ctx, fc_wolf_ed25519ph;
/* wolfssl_rsa.c: where wolfCrypt has RSA and exports its big-number functions (the key
 * checks run on them) */
#if !defined(NO_RSA) && defined(WOLFSSL_PUBLIC_MP)
#define FC_WOLF_RSA 1
extern const fc_impl fc_wolf_rsa;
#endif

#endif
