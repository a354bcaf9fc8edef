/* The "wolfssl" provider: a thin adapter to wolfCrypt, wolfSSL's crypto library. On a host it
 * links Debian's libwolfssl (5.5; the code also builds against 5.9); on a device CMake
 * compiles the wolfCrypt files it needs from a fetched wolfSSL tree (FC_WOLFSSL_SOURCE) with
 * config/wolfssl/user_settings.h. Like "openssl" and "sodium" it checks soft against an
 * independent implementation; its chain is wolfssl -> soft, and soft runs what wolfCrypt lacks
 * (SM3, Salsa20, Curve19119, the Elligator2 maps, secp224k1, ECDSA signing with the core's
 * nonce, RSA moduli over wolfCrypt's RSA_MAX_SIZE, ...) and what this provider declines.
 *
 * No heap of ours: every wolfCrypt object either lies in the context's state area or RSA's
 * work area (checked at compile time) or, where wolfCrypt's struct is larger than the area
 * (its Aes of about 1 KiB with the GCM table, Hmac, Cmac, SHA-384/512 over the hash area), on
 * the stack of a one-shot call, keyed there and wiped before return. So:
 *   - SHA-1, SHA-224, SHA-256 and MD5 stream here (wc_Sha* in the hash area); SHA-384 and
 *     SHA-512 (wc_Sha512 is 248 bytes on a 64-bit host, the area 208) are soft's;
 *   - HMAC is the core's HMAC mode over these hashes (wolfCrypt's Hmac, 896 bytes on the host,
 *     does not fit the MAC area), so HMAC-SHA-1/224/256/MD5 and HMAC-DRBG-SHA256 run on
 *     wolfCrypt's compression functions;
 *   - HKDF (one-shot) is wolfCrypt's wc_HKDF_Extract / wc_HKDF_Expand for every hash it has;
 *   - X25519 (wc_curve25519_generic, RFC 7748 little-endian bytes) and X448 (curve448 keys
 *     imported little-endian, EC448_LITTLE_ENDIAN).
 * The other families are in wolfssl_cipher.c (AES, DES, 3DES), wolfssl_aead.c (GCM, CCM,
 * ChaCha20-Poly1305), wolfssl_mac.c (Poly1305), wolfssl_stream.c (ChaCha20, HChaCha20),
 * wolfssl_ec.c (the NIST, Koblitz and Brainpool curves), wolfssl_eddsa.c (Ed25519 and its
 * ctx and ph variants) and wolfssl_rsa.c (RSA's raw operations and key generation, where the
 * build has RSA: on a device only with FC_WOLFSSL_RSA, without key generation). On a device
 * (config/wolfssl/user_settings.h) the curves are P-256 alone, on wolfCrypt's SP code, and
 * wolfCrypt's random generator is fieldcrypt's default source (fc_wolf_random_block below).
 * Constant time as wolfCrypt's code is: its SHA-2, Curve25519/448 ladders, (with
 * ECC_TIMING_RESISTANT, set by Debian and by our user_settings.h) its ECC and (with
 * TFM_TIMING_RESISTANT, Debian's; SP's code on a device) its RSA exponentiation. */
#include <string.h>

#include "wolfssl.h"

#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/curve448.h>
#include <wolfssl/wolfcrypt/hmac.h>
#include <wolfssl/wolfcrypt/md5.h>
#include <wolfssl/wolfcrypt/sha.h>
#include <wolfssl/wolfcrypt/sha256.h>

#include "fieldcrypt/rng.h"

#ifdef CUSTOM_RAND_GENERATE_BLOCK
/* wolfCrypt's random generator where our user_settings.h names this function (a device):
 * fieldcrypt's default source, the one the application installed with fc_rng_install. 0, or
 * wolfCrypt's RNG_FAILURE_E without a source or when it fails (out wiped then). */
int fc_wolf_random_block(unsigned char *out, unsigned int len)
{
    return fc_random_bytes(NULL, out, len) == FC_OK ? 0 : RNG_FAILURE_E;
}
#endif

/* ---- hashes (wc_Sha, wc_Sha224, wc_Sha256, wc_Md5 in the hash area) ---- */

#ifndef NO_SHA256
_Static_assert(FC_WOLF_ALIGNED_SIZE(wc_Sha256) <= FC_HASH_STATE_SIZE, "see config.h");
#endif
#ifdef WOLFSSL_SHA224
_Static_assert(FC_WOLF_ALIGNED_SIZE(wc_Sha224) <= FC_HASH_STATE_SIZE, "see config.h");
#endif
#ifndef NO_SHA
_Static_assert(FC_WOLF_ALIGNED_SIZE(wc_Sha) <= FC_HASH_STATE_SIZE, "see config.h");
#endif
#ifndef NO_MD5
_Static_assert(FC_WOLF_ALIGNED_SIZE(wc_Md5) <= FC_HASH_STATE_SIZE, "see config.h");
#endif

static fc_status hash_init(const fc_impl *impl, void *area)
{
    void *state = fc_wolf_aligned(area);
    int ret;
    switch (impl->alg) {
#ifndef NO_SHA256
    case FC_SHA256: ret = wc_InitSha256_ex(state, NULL, INVALID_DEVID); break;
#endif
#ifdef WOLFSSL_SHA224
    case FC_SHA224: ret = wc_InitSha224_ex(state, NULL, INVALID_DEVID); break;
#endif
#ifndef NO_SHA
    case FC_SHA1: ret = wc_InitSha_ex(state, NULL, INVALID_DEVID); break;
#endif
#ifndef NO_MD5
    case FC_MD5: ret = wc_InitMd5_ex(state, NULL, INVALID_DEVID); break;
#endif
    default: return FC_ERR_UNSUPPORTED;
    }
    return fc_wolf_status(ret);
}

static fc_status hash_update(const fc_impl *impl, void *area, const uint8_t *data, size_t len)
{
    void *state = fc_wolf_aligned(area);
    int ret = 0;
    while (len > 0 && ret == 0) { /* wolfCrypt takes word32 lengths */
        word32 chunk = len > 0x40000000u ? 0x40000000u : (word32)len;
        switch (impl->alg) {
#ifndef NO_SHA256
        case FC_SHA256: ret = wc_Sha256Update(state, data, chunk); break;
#endif
#ifdef WOLFSSL_SHA224
        case FC_SHA224: ret = wc_Sha224Update(state, data, chunk); break;
#endif
#ifndef NO_SHA
        case FC_SHA1: ret = wc_ShaUpdate(state, data, chunk); break;
#endif
#ifndef NO_MD5
        case FC_MD5: ret = wc_Md5Update(state, data, chunk); break;
#endif
        default: return FC_ERR_PROVIDER;
        }
        data += chunk, len -= chunk;
    }
    return fc_wolf_status(ret);
}

static fc_status hash_final(const fc_impl *impl, void *area, uint8_t *digest)
{
    void *state = fc_wolf_aligned(area);
    int ret;
    switch (impl->alg) {
#ifndef NO_SHA256
    case FC_SHA256: ret = wc_Sha256Final(state, digest); break;
#endif
#ifdef WOLFSSL_SHA224
    case FC_SHA224: ret = wc_Sha224Final(state, digest); break;
#endif
#ifndef NO_SHA
    case FC_SHA1: ret = wc_ShaFinal(state, digest); break;
#endif
#ifndef NO_MD5
    case FC_MD5: ret = wc_Md5Final(state, digest); break;
#endif
    default: return FC_ERR_PROVIDER;
    }
    return fc_wolf_status(ret);
}

/* wolfCrypt's Free releases what a build with a small-stack cache or a crypto callback holds
 * outside the struct; the core wipes the struct itself */
static void hash_release(const fc_impl *impl, void *area)
{
    void *state = fc_wolf_aligned(area);
    switch (impl->alg) {
#ifndef NO_SHA256
    case FC_SHA256: wc_Sha256Free(state); break;
#endif
#ifdef WOLFSSL_SHA224
    case FC_SHA224: wc_Sha224Free(state); break;
#endif
#ifndef NO_SHA
    case FC_SHA1: wc_ShaFree(state); break;
#endif
#ifndef NO_MD5
    case FC_MD5: wc_Md5Free(state); break;
#endif
    default: break;
    }
}

#define WOLF_HASH(id, type)                                                                  \
    {                                                                                        \
        .alg = id, .flags = FC_IMPL_CONSTANT_TIME,                                           \
        .state_size = FC_WOLF_ALIGNED_SIZE(type),                                            \
        .ops.hash = {.init = hash_init, .update = hash_update, .final = hash_final,          \
                     .release = hash_release},                                               \
    }

#ifndef NO_SHA256
static const fc_impl wolf_sha256 = WOLF_HASH(FC_SHA256, wc_Sha256);
#endif
#ifdef WOLFSSL_SHA224
static const fc_impl wolf_sha224 = WOLF_HASH(FC_SHA224, wc_Sha224);
#endif
#ifndef NO_SHA
static const fc_impl wolf_sha1 = WOLF_HASH(FC_SHA1, wc_Sha);
#endif
#ifndef NO_MD5
static const fc_impl wolf_md5 = WOLF_HASH(FC_MD5, wc_Md5);
#endif

/* ---- HKDF (RFC 5869; wc_HKDF_Extract / wc_HKDF_Expand, their Hmac on the stack) ---- */

#ifdef HAVE_HKDF
static int hkdf_type(uint16_t alg)
{
    switch (alg) {
    case FC_HKDF_SHA256: return WC_SHA256;
#ifdef WOLFSSL_SHA224
    case FC_HKDF_SHA224: return WC_SHA224;
#endif
#ifdef WOLFSSL_SHA384
    case FC_HKDF_SHA384: return WC_SHA384;
#endif
#ifdef WOLFSSL_SHA512
    case FC_HKDF_SHA512: return WC_SHA512;
#endif
#ifndef NO_SHA
    case FC_HKDF_SHA1: return WC_SHA;
#endif
#ifndef NO_MD5
    case FC_HKDF_MD5: return WC_MD5;
#endif
    default: return -1;
    }
}

static fc_status hkdf_extract(const fc_impl *impl, uint8_t *prk, const uint8_t *salt,
                              size_t salt_len, const uint8_t *ikm, size_t ikm_len)
{
    static const uint8_t empty[1];
    int type = hkdf_type(impl->alg);
    if (type < 0 || salt_len > FC_WOLF_MAX_LEN || ikm_len > FC_WOLF_MAX_LEN)
        return FC_ERR_UNSUPPORTED;
    /* an empty salt is HashLen zero bytes (RFC 5869 2.2): the same HMAC key as no bytes */
    return fc_wolf_status(wc_HKDF_Extract(type, salt_len > 0 ? salt : empty, (word32)salt_len,
                                          ikm_len > 0 ? ikm : empty, (word32)ikm_len, prk));
}

static fc_status hkdf_expand(const fc_impl *impl, uint8_t *okm, size_t okm_len,
                             const uint8_t *prk, size_t prk_len, const uint8_t *info,
                             size_t info_len)
{
    static const uint8_t empty[1];
    int type = hkdf_type(impl->alg);
    if (type < 0 || prk_len > FC_WOLF_MAX_LEN || info_len > FC_WOLF_MAX_LEN)
        return FC_ERR_UNSUPPORTED;
    return fc_wolf_status(wc_HKDF_Expand(type, prk, (word32)prk_len,
                                         info_len > 0 ? info : empty, (word32)info_len, okm,
                                         (word32)okm_len));
}

#define WOLF_HKDF(id)                                                                        \
    {                                                                                        \
        .alg = id, .flags = FC_IMPL_CONSTANT_TIME,                                           \
        .ops.kdf = {.extract = hkdf_extract, .expand = hkdf_expand},                         \
    }

static const fc_impl wolf_hkdf_sha256 = WOLF_HKDF(FC_HKDF_SHA256);
#ifdef WOLFSSL_SHA224
static const fc_impl wolf_hkdf_sha224 = WOLF_HKDF(FC_HKDF_SHA224);
#endif
#ifdef WOLFSSL_SHA384
static const fc_impl wolf_hkdf_sha384 = WOLF_HKDF(FC_HKDF_SHA384);
#endif
#ifdef WOLFSSL_SHA512
static const fc_impl wolf_hkdf_sha512 = WOLF_HKDF(FC_HKDF_SHA512);
#endif
#ifndef NO_SHA
static const fc_impl wolf_hkdf_sha1 = WOLF_HKDF(FC_HKDF_SHA1);
#endif
#ifndef NO_MD5
static const fc_impl wolf_hkdf_md5 = WOLF_HKDF(FC_HKDF_MD5);
#endif
#endif /* HAVE_HKDF */

/* ---- X25519 and X448 (RFC 7748; the byte strings little-endian as the RFC writes them) ---- */

#ifdef HAVE_CURVE25519
/* RFC 7748 5's clamping, on a copy: wolfCrypt refuses an unclamped scalar rather than
 * clamping it, and the RFC's function clamps */
static void clamp25519(uint8_t k[32], const uint8_t *scalar)
{
    memcpy(k, scalar, 32);
    k[0] &= 248, k[31] &= 127, k[31] |= 64;
}

/* wc_curve25519_generic is the bare ladder (no check of u): u's bit 255 is ignored and a u
 * >= p taken mod p (RFC 7748 5), a u of small order gives the all-zero result that the core
 * refuses with FC_ERR_ZERO_SHARED, as soft does */
static fc_status x25519(const fc_impl *impl, uint8_t *out, const uint8_t *scalar,
                        const uint8_t *u)
{
    uint8_t k[32];
    int ret;
    (void)impl;
    clamp25519(k, scalar);
    ret = wc_curve25519_generic(32, out, 32, k, 32, u);
    fc_zeroize(k, sizeof(k));
    return fc_wolf_status(ret);
}

static fc_status x25519_base(const fc_impl *impl, uint8_t *out, const uint8_t *scalar)
{
    uint8_t k[32];
    int ret;
    (void)impl;
    clamp25519(k, scalar);
    ret = wc_curve25519_make_pub(32, out, 32, k);
    fc_zeroize(k, sizeof(k));
    return fc_wolf_status(ret);
}

static const fc_impl wolf_x25519 = {
    .alg = FC_X25519,
    .flags = FC_IMPL_CONSTANT_TIME,
    .ops.xdh = {.scalarmult = x25519, .scalarmult_base = x25519_base},
};
#endif

#ifdef HAVE_CURVE448
/* RFC 7748 5's clamping for X448, on a copy, as clamp25519 */
static void clamp448(uint8_t k[56], const uint8_t *scalar)
{
    memcpy(k, scalar, 56);
    k[0] &= 252, k[55] |= 128;
}

/* wolfCrypt has no bare X448 ladder in its API: the scalar and u go into curve448 keys
 * (little-endian import) and wc_curve448_shared_secret_ex runs the ladder. It refuses an
 * all-zero result itself (ECC_BAD_ARG_E): that is soft's FC_ERR_ZERO_SHARED. */
static fc_status x448(const fc_impl *impl, uint8_t *out, const uint8_t *scalar,
                      const uint8_t *u)
{
    curve448_key priv, peer;
    uint8_t k[56];
    word32 len = 56;
    int ret;
    (void)impl;
    clamp448(k, scalar);
    ret = wc_curve448_init(&priv);
    if (ret == 0)
        ret = wc_curve448_init(&peer);
    if (ret == 0)
        ret = wc_curve448_import_private_ex(k, 56, &priv, EC448_LITTLE_ENDIAN);
    if (ret == 0)
        ret = wc_curve448_import_public_ex(u, 56, &peer, EC448_LITTLE_ENDIAN);
    if (ret == 0) {
        ret = wc_curve448_shared_secret_ex(&priv, &peer, out, &len, EC448_LITTLE_ENDIAN);
        if (ret == ECC_BAD_ARG_E)
            ret = 1; /* the all-zero result */
    }
    wc_curve448_free(&priv);
    wc_curve448_free(&peer);
    fc_zeroize(&priv, sizeof(priv));
    fc_zeroize(k, sizeof(k));
    if (ret == 1)
        return FC_ERR_ZERO_SHARED;
    return ret == 0 && len == 56 ? FC_OK : fc_wolf_status(ret != 0 ? ret : -1);
}

static fc_status x448_base(const fc_impl *impl, uint8_t *out, const uint8_t *scalar)
{
    uint8_t k[56];
    int ret;
    (void)impl;
    clamp448(k, scalar);
    ret = wc_curve448_make_pub(56, out, 56, k);
    fc_zeroize(k, sizeof(k));
    return fc_wolf_status(ret);
}

static const fc_impl wolf_x448 = {
    .alg = FC_X448,
    .flags = FC_IMPL_CONSTANT_TIME,
    .ops.xdh = {.scalarmult = x448, .scalarmult_base = x448_base},
};
#endif

static const fc_impl *const impls[] = {
#ifndef NO_SHA256
    &wolf_sha256,
#endif
#ifdef WOLFSSL_SHA224
    &wolf_sha224,
#endif
#ifndef NO_SHA
    &wolf_sha1,
#endif
#ifndef NO_MD5
    &wolf_md5,
#endif
#ifdef HAVE_HKDF
    &wolf_hkdf_sha256,
#ifdef WOLFSSL_SHA224
    &wolf_hkdf_sha224,
#endif
#ifdef WOLFSSL_SHA384
    &wolf_hkdf_sha384,
#endif
#ifdef WOLFSSL_SHA512
    &wolf_hkdf_sha512,
#endif
#ifndef NO_SHA
    &wolf_hkdf_sha1,
#endif
#ifndef NO_MD5
    &wolf_hkdf_md5,
#endif
#endif
#ifdef HAVE_CURVE25519
    &wolf_x25519,
#endif
#ifdef HAVE_CURVE448
    &wolf_x448,
#endif
    &fc_wolf_aes, /* CBC, CTR, CMAC, KW, CTR_DRBG: the core's modes over it */
#ifndef NO_DES3
    &fc_wolf_des, &fc_wolf_tdes,
#endif
#ifdef HAVE_AESGCM
    &fc_wolf_aes_gcm,
#endif
#ifdef HAVE_AESCCM
    &fc_wolf_aes_ccm,
#endif
#if defined(HAVE_CHACHA) && defined(HAVE_POLY1305)
    &fc_wolf_chacha20_poly1305, /* XChaCha20-Poly1305: the core's mode over the two below */
#endif
#ifdef HAVE_POLY1305
    &fc_wolf_poly1305,
#endif
#ifdef HAVE_CHACHA
    &fc_wolf_chacha20,
#endif
#ifdef HAVE_ECC
    &fc_wolf_secp192r1, &fc_wolf_secp224r1, &fc_wolf_secp256r1, &fc_wolf_secp384r1,
    &fc_wolf_secp521r1, &fc_wolf_secp192k1, &fc_wolf_secp256k1, &fc_wolf_brainpoolp256r1,
    &fc_wolf_brainpoolp384r1, &fc_wolf_brainpoolp512r1,
#endif
#ifdef HAVE_ED25519
    &fc_wolf_ed25519, &fc_wolf_ed25519ctx, &fc_wolf_ed25519ph,
#endif
#ifdef FC_WOLF_RSA
    &fc_wolf_rsa,
#endif
};

const fc_provider fc_provider_wolfssl = {
    .name = "wolfssl",
    .description = "wolfSSL's wolfCrypt; what it lacks or declines runs on soft",
    .impls = impls,
    .impl_count = sizeof(impls) / sizeof(impls[0]),
    .next = &fc_provider_soft,
};
