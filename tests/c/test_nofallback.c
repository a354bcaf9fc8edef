/* A "no fallback" build (PSA's "fallback": false): the library built with FC_WITH_SHA224 0 and
 * FC_WITH_SHA256 0 and a driver registered by FC_DRIVER_PROVIDER, as firmware with a SHA-256
 * accelerator would be. The driver (this file, over OpenSSL's SHA-256 standing in for the
 * peripheral) is the default provider; when it declines, nothing takes the call; the soft
 * SHA-256 code is not in the image. Linked against the fieldcrypt_nofallback library variant
 * (tests/c/CMakeLists.txt). */
#include <string.h>

#include <openssl/evp.h>

#include "fieldcrypt/fieldcrypt.h"
#include "fieldcrypt/driver.h"
#include "testutil.h"

static int busy;

typedef struct {
    EVP_MD_CTX *md;
} drv_state;

static fc_status drv_init(const fc_impl *impl, void *state)
{
    drv_state *s = (drv_state *)state;
    (void)impl;
    if (busy)
        return FC_ERR_UNSUPPORTED;
    s->md = EVP_MD_CTX_new();
    if (s->md == NULL || EVP_DigestInit_ex2(s->md, EVP_sha256(), NULL) != 1) {
        EVP_MD_CTX_free(s->md);
        return FC_ERR_PROVIDER;
    }
    return FC_OK;
}

static fc_status drv_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    (void)impl;
    return EVP_DigestUpdate(((drv_state *)state)->md, data, len) == 1 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status drv_final(const fc_impl *impl, void *state, uint8_t *digest)
{
    (void)impl;
    return EVP_DigestFinal_ex(((drv_state *)state)->md, digest, NULL) == 1 ? FC_OK
                                                                           : FC_ERR_PROVIDER;
}

static void drv_release(const fc_impl *impl, void *state)
{
    (void)impl;
    EVP_MD_CTX_free(((drv_state *)state)->md);
}

FC_STATE_FITS(drv_state, FC_HASH_STATE_SIZE);

static const fc_impl drv_sha256 = {
    .alg = FC_SHA256,
    .flags = FC_IMPL_HARDWARE,
    .state_size = sizeof(drv_state),
    .ops.hash = {.init = drv_init, .update = drv_update, .final = drv_final,
                 .release = drv_release},
};
static const fc_impl *const drv_impls[] = {&drv_sha256};

/* the name FC_DRIVER_PROVIDER gives (tests/c/CMakeLists.txt) */
const fc_provider fc_nofallback_driver = {
    .name = "sha256-accelerator",
    .description = "a SHA-256 peripheral (OpenSSL standing in), no software fallback",
    .impls = drv_impls,
    .impl_count = 1,
    .next = &fc_provider_soft,
};

/* Present only if the soft SHA-2/256 code was linked in: it must not be. */
extern const fc_impl fc_soft_sha224 __attribute__((weak));
extern const fc_impl fc_soft_sha256 __attribute__((weak));

int main(void)
{
    /* FIPS 180-2 appendix B.1: SHA-256("abc") */
    static const char abc_hex[] =
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    uint8_t out[64];

    CHECK(fc_provider_default() == &fc_nofallback_driver &&
              fc_provider_at(0) == &fc_nofallback_driver && fc_provider_count() == 2,
          "FC_DRIVER_PROVIDER: the driver is first in the registry and the default");
    CHECK(!fc_provider_implements(&fc_provider_soft, FC_SHA256, NULL) &&
              &fc_soft_sha256 == NULL && &fc_soft_sha224 == NULL,
          "soft has no SHA-224/256: its code is not in the build");

    busy = 0;
    CHECK(fc_hash(NULL, FC_SHA256, out, sizeof(out), (const uint8_t *)"abc", 3) == FC_OK &&
              tu_hex_eq(out, 32, abc_hex),
          "the driver hashes");
    CHECK(fc_mac(NULL, FC_HMAC_SHA256, out, sizeof(out), out, 32, out, 32) == FC_OK,
          "HMAC-SHA-256: the core's HMAC over the driver's SHA-256");

    busy = 1;
    CHECK(fc_hash(NULL, FC_SHA256, out, sizeof(out), (const uint8_t *)"abc", 3) ==
              FC_ERR_UNSUPPORTED,
          "declined with no fallback: FC_ERR_UNSUPPORTED");
    CHECK(fc_mac(NULL, FC_HMAC_SHA256, out, sizeof(out), out, 32, out, 32) == FC_ERR_UNSUPPORTED,
          "and so for the HMAC over it");
    CHECK(fc_hash(NULL, FC_SHA512, out, sizeof(out), (const uint8_t *)"abc", 3) == FC_OK,
          "algorithms the driver lacks still run on soft");
    return tu_finish("test_nofallback");
}
