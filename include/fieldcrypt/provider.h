/* Providers: interchangeable implementations behind the one API.
 *
 * A provider is a table of per-algorithm implementation tables ("vt"s). An entry left NULL
 * means the provider lacks that algorithm; the API then returns FC_ERR_UNSUPPORTED.
 * The public functions (hash.h, mac.h, ...) check arguments, lengths and context lifecycle
 * before they call a provider, and wipe outputs when a provider fails, so a provider's entries
 * do only the computation and may assume valid arguments.
 *
 * Choosing one: pass NULL for the compile-time default (FC_DEFAULT_PROVIDER in config.h), or a
 * pointer from fc_provider_find("openssl") at run time. Firmware normally builds only "soft",
 * so the linker drops everything else.
 */
#ifndef FIELDCRYPT_PROVIDER_H
#define FIELDCRYPT_PROVIDER_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "hash.h"
#include "mac.h"
#include "stream.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fc_hash_vt {
    fc_status (*init)(fc_hash_ctx *ctx);              /* ctx->alg is set */
    fc_status (*update)(fc_hash_ctx *ctx, const uint8_t *data, size_t len);
    fc_status (*final)(fc_hash_ctx *ctx, uint8_t *out); /* writes the digest length */
    void (*release)(fc_hash_ctx *ctx);                /* free outside state; NULL if none */
} fc_hash_vt;

typedef struct fc_hmac_vt {
    fc_status (*init)(fc_hmac_ctx *ctx, const uint8_t *key, size_t key_len);
    fc_status (*update)(fc_hmac_ctx *ctx, const uint8_t *data, size_t len);
    fc_status (*final)(fc_hmac_ctx *ctx, uint8_t *out);
    void (*release)(fc_hmac_ctx *ctx);
} fc_hmac_vt;

typedef struct fc_hkdf_vt {
    fc_status (*extract)(fc_hash_alg alg, const uint8_t *salt, size_t salt_len, const uint8_t *ikm,
                         size_t ikm_len, uint8_t *prk);
    fc_status (*expand)(fc_hash_alg alg, const uint8_t *prk, size_t prk_len, const uint8_t *info,
                        size_t info_len, uint8_t *okm, size_t okm_len);
} fc_hkdf_vt;

typedef struct fc_salsa20_vt {
    /* Sets ctx->input from key (16 or 32 bytes), nonce and counter. */
    void (*setup)(fc_salsa20_ctx *ctx, const uint8_t *key, size_t key_len, const uint8_t nonce[8],
                  uint64_t counter);
    /* Writes the 64-byte keystream block for ctx->input and advances the counter. */
    void (*block)(fc_salsa20_ctx *ctx, uint8_t out[64]);
    void (*hsalsa20)(uint8_t out[32], const uint8_t key[32], const uint8_t in[16]);
} fc_salsa20_vt;

/* Montgomery-curve Diffie-Hellman (u-coordinate only) and the Elligator2 map onto the same
 * curve. One table type for each such curve; byte strings have that curve's length: 32 for
 * X25519 (fc_provider.x25519), 24 for X19119 (fc_provider.x19119). */
typedef struct fc_xdh_vt {
    /* out = X(scalar, u) with the curve's clamping; the caller checks for an all-zero result. */
    fc_status (*scalarmult)(uint8_t *out, const uint8_t *scalar, const uint8_t *u);
    /* out = X(scalar, base point: 9 for X25519, 11 for X19119); NULL: the core calls
     * scalarmult with the base point. */
    fc_status (*scalarmult_base)(uint8_t *out, const uint8_t *scalar);
    /* u = map_to_curve_elligator2(r) on the curve; NULL if not provided. */
    fc_status (*elligator2)(uint8_t *u, const uint8_t *r);
} fc_xdh_vt;

/* The table's first name, from when X25519 was the only curve. */
typedef fc_xdh_vt fc_x25519_vt;

struct fc_provider {
    const char *name;
    const char *description;
    const fc_hash_vt *hash[FC_HASH_ALG_COUNT];   /* indexed by fc_hash_alg */
    const fc_hmac_vt *hmac[FC_HASH_ALG_COUNT];
    const fc_hkdf_vt *hkdf;                      /* for every alg that hmac[] has */
    const fc_salsa20_vt *salsa20;
    const fc_x25519_vt *x25519;
    const fc_xdh_vt *x19119;                     /* Curve19119 (xdh.h), 24-byte strings */
};

/* NULL: default provider. Never returns NULL when the build has at least one provider. */
const fc_provider *fc_provider_default(void);
/* Provider by name, or NULL when this build has none of that name. */
const fc_provider *fc_provider_find(const char *name);
/* Providers of this build, i = 0 .. fc_provider_count()-1; NULL past the end. */
size_t fc_provider_count(void);
const fc_provider *fc_provider_at(size_t i);

/* Algorithm names for fc_provider_supports(): "sha224" "sha256" "sha384" "sha512"
 * "hmac-sha224" .. "hmac-sha512" "hkdf-sha224" .. "hkdf-sha512" "salsa20" "hsalsa20"
 * "xsalsa20" "x25519" "elligator2-curve25519" "x19119" "elligator2-curve19119". Returns 1 or 0. */
int fc_provider_supports(const fc_provider *provider, const char *alg);

/* Name and one-line description; provider NULL means the default. */
const char *fc_provider_name(const fc_provider *provider);
const char *fc_provider_description(const fc_provider *provider);

/* sizeof the type of that name: "fc_hash_ctx", "fc_hmac_ctx", "fc_salsa20_ctx", "fc_cpace_ctx",
 * "fc_cpace_params", "fc_pace2017_ctx", "fc_login", "fc_login_reasm"; 0 for other names. For language bindings that allocate
 * contexts without seeing the C headers. */
size_t fc_context_size(const char *type_name);

#ifdef __cplusplus
}
#endif
#endif
