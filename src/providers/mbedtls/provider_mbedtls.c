/* The "mbedtls" provider: a thin adapter to Arm's mbedTLS (2.28, as Debian 12 ships it, or
 * 3.6). On the host it is, like "openssl" and "sodium", an independent implementation to check
 * "soft" against and to compare speed with; the registry lists it after sodium and before
 * soft. In a device build (FC_PROVIDER_MBEDTLS, config/mbedtls/fc_mbedtls_device.h) it is the
 * default provider over the mbedTLS sources compiled into the image. Its chain is
 * mbedtls -> soft: soft runs what mbedTLS lacks or this provider leaves out (SM3, DES and 3DES,
 * Salsa20 and its X and H variants, X19119, the Elligator2 maps, Ed25519, ...) and what
 * it declines.
 *
 * State: every mbedTLS context this provider keeps lies in the fieldcrypt context's state
 * area (FC_STATE_FITS); a context too large for its area is not offered (SHA-384/512: 216
 * bytes against the hash area's 208; see below). HMAC, CMAC, the curves and RSA use mbedTLS
 * objects that mbedTLS puts on its own heap (mbedtls_md, mbedtls_cipher, bignums): the state
 * holds mbedTLS's handle and release frees it; a device build without a heap for mbedTLS
 * (FC_MBEDTLS_NO_HEAP) leaves them out, and soft or the core's modes over this provider's
 * hashes and AES run them.
 *
 * This file has the hashes and the RNG callback; the other families are in mbedtls_mac.c,
 * mbedtls_cipher.c, mbedtls_aead.c, mbedtls_stream.c, mbedtls_ec.c and mbedtls_rsa.c.
 * Constant time as mbedTLS's code is: its SHA-2, SHA-1 and MD5 have no data-dependent branch
 * or index. */
#include <string.h>

#include "mbedtls.h"

#include "fieldcrypt/rng.h"
#include <mbedtls/md5.h>
#include <mbedtls/sha1.h>
#include <mbedtls/sha256.h>
#include <mbedtls/sha512.h>

/* which hashes this mbedTLS build has (3.x splits SHA-224 and SHA-384 off) */
#if defined(MBEDTLS_SHA256_C)
#define HAVE_SHA256 1
#else
#define HAVE_SHA256 0
#endif
#if (MBEDTLS_VERSION_NUMBER < 0x03000000 && HAVE_SHA256) || defined(MBEDTLS_SHA224_C)
#define HAVE_SHA224 1
#else
#define HAVE_SHA224 0
#endif
/* mbedtls_sha512_context is 216 bytes (two 64-bit counts, eight 64-bit words, a 128-byte
 * block, a flag): above the default hash area of 208, so only a build that raises
 * FC_HASH_STATE_SIZE (the device configuration does) gets SHA-384/512 here */
#if defined(MBEDTLS_SHA512_C) && FC_HASH_STATE_SIZE >= 216
#define HAVE_SHA512 1
#else
#define HAVE_SHA512 0
#endif
#if HAVE_SHA512 && (MBEDTLS_VERSION_NUMBER < 0x03000000 || defined(MBEDTLS_SHA384_C))
#define HAVE_SHA384 1
#else
#define HAVE_SHA384 0
#endif
#if defined(MBEDTLS_SHA1_C)
#define HAVE_SHA1 1
#else
#define HAVE_SHA1 0
#endif
#if defined(MBEDTLS_MD5_C)
#define HAVE_MD5 1
#else
#define HAVE_MD5 0
#endif

#if defined(FC_MBEDTLS_ARENA) && defined(MBEDTLS_MEMORY_BUFFER_ALLOC_C)
/* The device configuration's allocator before the application's
 * mbedtls_memory_buffer_alloc_init: none (config/mbedtls/fc_mbedtls_device.h) */
void *fc_mbedtls_no_calloc(size_t n, size_t size)
{
    (void)n;
    (void)size;
    return NULL;
}

void fc_mbedtls_no_free(void *p)
{
    (void)p;
}
#endif

int fc_mbedtls_rng(void *user, unsigned char *out, size_t len)
{
    (void)user;
    /* any non-zero value is a failure to mbedTLS */
    return fc_random_bytes(NULL, out, len) == FC_OK ? 0 : -1;
}

/* ---- the hashes (streaming, mbedTLS's contexts in the hash area) ---- */

#if HAVE_SHA256
FC_STATE_FITS(mbedtls_sha256_context, FC_HASH_STATE_SIZE);
#endif
#if HAVE_SHA512
FC_STATE_FITS(mbedtls_sha512_context, FC_HASH_STATE_SIZE);
#endif
#if HAVE_SHA1
FC_STATE_FITS(mbedtls_sha1_context, FC_HASH_STATE_SIZE);
#endif
#if HAVE_MD5
FC_STATE_FITS(mbedtls_md5_context, FC_HASH_STATE_SIZE);
#endif

static fc_status hash_init(const fc_impl *impl, void *state)
{
    int r = -1;
    switch (impl->alg) {
#if HAVE_SHA256
    case FC_SHA224:
    case FC_SHA256:
        mbedtls_sha256_init(state);
        r = FC_MBED_SHA256_STARTS(state, impl->alg == FC_SHA224);
        break;
#endif
#if HAVE_SHA512
    case FC_SHA384:
    case FC_SHA512:
        mbedtls_sha512_init(state);
        r = FC_MBED_SHA512_STARTS(state, impl->alg == FC_SHA384);
        break;
#endif
#if HAVE_SHA1
    case FC_SHA1:
        mbedtls_sha1_init(state);
        r = FC_MBED_SHA1_STARTS(state);
        break;
#endif
#if HAVE_MD5
    case FC_MD5:
        mbedtls_md5_init(state);
        r = FC_MBED_MD5_STARTS(state);
        break;
#endif
    default:
        return FC_ERR_UNSUPPORTED;
    }
    return r == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status hash_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    int r = -1;
    if (len == 0)
        return FC_OK; /* data may be NULL */
    switch (impl->alg) {
#if HAVE_SHA256
    case FC_SHA224:
    case FC_SHA256:
        r = FC_MBED_SHA256_UPDATE(state, data, len);
        break;
#endif
#if HAVE_SHA512
    case FC_SHA384:
    case FC_SHA512:
        r = FC_MBED_SHA512_UPDATE(state, data, len);
        break;
#endif
#if HAVE_SHA1
    case FC_SHA1:
        r = FC_MBED_SHA1_UPDATE(state, data, len);
        break;
#endif
#if HAVE_MD5
    case FC_MD5:
        r = FC_MBED_MD5_UPDATE(state, data, len);
        break;
#endif
    default:
        break;
    }
    return r == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status hash_final(const fc_impl *impl, void *state, uint8_t *digest)
{
    int r = -1;
    /* each *_free zeroizes its context; the core wipes the area as well */
    switch (impl->alg) {
#if HAVE_SHA256
    case FC_SHA224:
    case FC_SHA256:
        r = FC_MBED_SHA256_FINISH(state, digest);
        mbedtls_sha256_free(state);
        break;
#endif
#if HAVE_SHA512
    case FC_SHA384:
    case FC_SHA512:
        r = FC_MBED_SHA512_FINISH(state, digest);
        mbedtls_sha512_free(state);
        break;
#endif
#if HAVE_SHA1
    case FC_SHA1:
        r = FC_MBED_SHA1_FINISH(state, digest);
        mbedtls_sha1_free(state);
        break;
#endif
#if HAVE_MD5
    case FC_MD5:
        r = FC_MBED_MD5_FINISH(state, digest);
        mbedtls_md5_free(state);
        break;
#endif
    default:
        break;
    }
    return r == 0 ? FC_OK : FC_ERR_PROVIDER;
}

#define MBED_HASH(id, ctx_type)                                                              \
    {                                                                                        \
        .alg = id, .flags = FC_IMPL_CONSTANT_TIME, .state_size = sizeof(ctx_type),           \
        .ops.hash = {.init = hash_init, .update = hash_update, .final = hash_final},        \
    }

#if HAVE_SHA224
static const fc_impl mbed_sha224 = MBED_HASH(FC_SHA224, mbedtls_sha256_context);
#endif
#if HAVE_SHA256
static const fc_impl mbed_sha256 = MBED_HASH(FC_SHA256, mbedtls_sha256_context);
#endif
#if HAVE_SHA384
static const fc_impl mbed_sha384 = MBED_HASH(FC_SHA384, mbedtls_sha512_context);
#endif
#if HAVE_SHA512
static const fc_impl mbed_sha512 = MBED_HASH(FC_SHA512, mbedtls_sha512_context);
#endif
#if HAVE_SHA1
static const fc_impl mbed_sha1 = MBED_HASH(FC_SHA1, mbedtls_sha1_context);
#endif
#if HAVE_MD5
static const fc_impl mbed_md5 = MBED_HASH(FC_MD5, mbedtls_md5_context);
#endif

static const fc_impl *const impls[] = {
#if HAVE_SHA224
    &mbed_sha224,
#endif
#if HAVE_SHA256
    &mbed_sha256,
#endif
#if HAVE_SHA384
    &mbed_sha384,
#endif
#if HAVE_SHA512
    &mbed_sha512,
#endif
#if HAVE_SHA1
    &mbed_sha1,
#endif
#if HAVE_MD5
    &mbed_md5,
#endif
#if FC_MBED_HAVE_HMAC /* HKDF and HMAC-DRBG: the core's modes over them */
    &fc_mbedtls_hmac_sha224, &fc_mbedtls_hmac_sha256, &fc_mbedtls_hmac_sha384,
    &fc_mbedtls_hmac_sha512, &fc_mbedtls_hmac_sha1, &fc_mbedtls_hmac_md5,
#endif
#if FC_MBED_HAVE_CMAC
    &fc_mbedtls_cmac,
#endif
#if defined(MBEDTLS_POLY1305_C)
    &fc_mbedtls_poly1305,
#endif
#if defined(MBEDTLS_AES_C) /* ECB, CBC, CTR, CTR_DRBG, key wrap: the core's modes over it */
    &fc_mbedtls_aes,
#endif
#if defined(MBEDTLS_GCM_C)
    &fc_mbedtls_aes_gcm,
#endif
#if defined(MBEDTLS_CCM_C)
    &fc_mbedtls_aes_ccm,
#endif
#if defined(MBEDTLS_CHACHA20_C)
    &fc_mbedtls_chacha20,
#endif
#if defined(MBEDTLS_CHACHAPOLY_C)
    &fc_mbedtls_chacha20_poly1305,
#endif
#if FC_MBED_HAVE_EC && defined(MBEDTLS_ECP_DP_CURVE25519_ENABLED)
    &fc_mbedtls_x25519,
#endif
#if FC_MBED_HAVE_EC && defined(MBEDTLS_ECP_DP_CURVE448_ENABLED)
    &fc_mbedtls_x448,
#endif
#if FC_MBED_HAVE_EC && defined(MBEDTLS_ECDSA_C)
#if defined(MBEDTLS_ECP_DP_SECP192R1_ENABLED)
    &fc_mbedtls_secp192r1,
#endif
#if defined(MBEDTLS_ECP_DP_SECP224R1_ENABLED)
    &fc_mbedtls_secp224r1,
#endif
#if defined(MBEDTLS_ECP_DP_SECP256R1_ENABLED)
    &fc_mbedtls_secp256r1,
#endif
#if defined(MBEDTLS_ECP_DP_SECP384R1_ENABLED)
    &fc_mbedtls_secp384r1,
#endif
#if defined(MBEDTLS_ECP_DP_SECP521R1_ENABLED)
    &fc_mbedtls_secp521r1,
#endif
#if defined(MBEDTLS_ECP_DP_SECP192K1_ENABLED)
    &fc_mbedtls_secp192k1,
#endif
#if defined(MBEDTLS_ECP_DP_SECP224K1_ENABLED)
    &fc_mbedtls_secp224k1,
#endif
#if defined(MBEDTLS_ECP_DP_SECP256K1_ENABLED)
    &fc_mbedtls_secp256k1,
#endif
#if defined(MBEDTLS_ECP_DP_BP256R1_ENABLED)
    &fc_mbedtls_bp256r1,
#endif
#if defined(MBEDTLS_ECP_DP_BP384R1_ENABLED)
    &fc_mbedtls_bp384r1,
#endif
#if defined(MBEDTLS_ECP_DP_BP512R1_ENABLED)
    &fc_mbedtls_bp512r1,
#endif
#endif
#if FC_MBED_HAVE_RSA
    &fc_mbedtls_rsa,
#endif
};

const fc_provider fc_provider_mbedtls = {
    .name = "mbedtls",
    .description = "Arm mbedTLS; what it lacks or declines runs on soft",
    .impls = impls,
    .impl_count = sizeof(impls) / sizeof(impls[0]),
    .next = &fc_provider_soft,
};
