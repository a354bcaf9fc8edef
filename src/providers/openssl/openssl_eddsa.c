/* The "openssl" provider's Ed25519 (RFC 8032 5.1) through EVP_PKEY_ED25519. OpenSSL 3.0 has no
 * Ed25519ctx or Ed25519ph (its "instance" parameter came in 3.2), so only FC_ED25519 is here
 * and the chain gives the variants to soft; the conversion to X25519 (to_x25519 NULL) too.
 *
 * Signing builds the key from the seed and the public key the core passes (both raw), as
 * RFC 8032 5.1.6 uses them: the same signature as soft's for the same inputs.
 *
 * Verification follows eddsa.h's strict rules, which OpenSSL's own check does not all apply
 * (it decodes A without refusing y >= p or small order, and does not look at R's encoding
 * beyond comparing it). So before OpenSSL sees the signature, this file refuses, on the public
 * bytes alone: S >= L; a public key or R whose y (bit 255 cleared) is >= p; a public key or R
 * whose y is that of a point of order dividing 8 (y = 0, 1, p - 1 and the two of order 8:
 * the eight small-order points, and x = 0 with the sign bit set, which only y = 1 and p - 1
 * have). OpenSSL then checks the cofactorless equation by comparing R with the encoding of
 * [S]B - [k]A, as eddsa.h says; a public key that does not decode fails there. Both providers
 * give the same verdict on every input.
 * Constant time in the seed as OpenSSL's Ed25519 is; verification handles public data. */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "openssl.h"
#include "../ed25519_strict.h"

static fc_status eddsa_public_key(const fc_impl *impl, uint8_t *pub, const uint8_t *seed)
{
    EVP_PKEY *key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
    size_t len = 32;
    int ok = key != NULL && EVP_PKEY_get_raw_public_key(key, pub, &len) == 1 && len == 32;
    (void)impl;
    EVP_PKEY_free(key);
    return ok ? FC_OK : FC_ERR_PROVIDER;
}

/* the Ed25519 key of seed and pub, both as given */
static EVP_PKEY *key_pair(const uint8_t *seed, const uint8_t *pub)
{
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(NULL, "ED25519", NULL);
    EVP_PKEY *key = NULL;
    OSSL_PARAM params[3];
    params[0] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, (void *)seed, 32);
    params[1] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)pub, 32);
    params[2] = OSSL_PARAM_construct_end();
    if (pc == NULL || EVP_PKEY_fromdata_init(pc) != 1 ||
        EVP_PKEY_fromdata(pc, &key, EVP_PKEY_KEYPAIR, params) != 1) {
        EVP_PKEY_free(key);
        key = NULL;
    }
    EVP_PKEY_CTX_free(pc);
    return key;
}

static fc_status eddsa_sign(const fc_impl *impl, uint8_t *sig, const uint8_t *seed,
                            const uint8_t *pub, const uint8_t *context, size_t context_len,
                            const uint8_t *msg, size_t msg_len)
{
    static const uint8_t empty[1];
    EVP_PKEY *key;
    EVP_MD_CTX *mc;
    size_t len = 64;
    int ok;
    (void)context;
    if (impl->alg != FC_ED25519 || context_len != 0)
        return FC_ERR_UNSUPPORTED;
    key = key_pair(seed, pub);
    mc = key != NULL ? EVP_MD_CTX_new() : NULL;
    ok = mc != NULL && EVP_DigestSignInit_ex(mc, NULL, NULL, NULL, NULL, key, NULL) == 1 &&
         EVP_DigestSign(mc, sig, &len, msg_len > 0 ? msg : empty, msg_len) == 1 && len == 64;
    EVP_MD_CTX_free(mc);
    EVP_PKEY_free(key); /* OpenSSL wipes the seed it held */
    ERR_clear_error();
    return ok ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status eddsa_verify(const fc_impl *impl, const uint8_t *pub, const uint8_t *context,
                              size_t context_len, const uint8_t *msg, size_t msg_len,
                              const uint8_t *sig)
{
    static const uint8_t empty[1];
    EVP_PKEY *key;
    EVP_MD_CTX *mc;
    int r;
    (void)context;
    if (impl->alg != FC_ED25519 || context_len != 0)
        return FC_ERR_UNSUPPORTED;
    /* eddsa.h's refusals, on public bytes: S < L, A and R canonical and not of small order */
    if (!ed25519_strict_ok(pub, sig))
        return FC_ERR_VERIFY;
    if ((key = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pub, 32)) == NULL)
        return FC_ERR_PROVIDER;
    mc = EVP_MD_CTX_new();
    r = mc != NULL && EVP_DigestVerifyInit_ex(mc, NULL, NULL, NULL, NULL, key, NULL) == 1
            ? EVP_DigestVerify(mc, sig, 64, msg_len > 0 ? msg : empty, msg_len)
            : -2;
    EVP_MD_CTX_free(mc);
    EVP_PKEY_free(key);
    ERR_clear_error();
    /* 1: valid; 0 or another failure of the check itself (A does not decode): invalid */
    return r == 1 ? FC_OK : r == -2 ? FC_ERR_PROVIDER : FC_ERR_VERIFY;
}

const fc_impl fc_ossl_ed25519 = {
    .alg = FC_ED25519,
    .flags = FC_IMPL_CONSTANT_TIME,
    .ops.eddsa = {.public_key = eddsa_public_key, .sign = eddsa_sign, .verify = eddsa_verify,
                  .to_x25519 = NULL},
};
