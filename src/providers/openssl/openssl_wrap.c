/* The "openssl" provider's key wrap: AES-KW (RFC 3394) and AES-KWP (RFC 5649) through EVP's
 * "AES-<bits>-WRAP" and "AES-<bits>-WRAP-PAD" (their default integrity values are the RFCs').
 * A wrap is one EVP_CipherUpdate over the whole input; OpenSSL's unwrap checks the integrity
 * value (and KWP's length and padding) with CRYPTO_memcmp and fails without output, which is
 * FC_ERR_VERIFY here. Unwrapping goes through a heap buffer of OpenSSL's (see ossl_unwrap).
 * EVP lengths are int: a longer input is declined and soft wraps it.
 * Constant time as far as OpenSSL's AES and key wrap are. */
#include <limits.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "openssl.h"

static const char *wrap_name(uint16_t alg, size_t kek_len)
{
    if (alg == FC_AES_KWP)
        return kek_len == 16 ? "AES-128-WRAP-PAD"
               : kek_len == 24 ? "AES-192-WRAP-PAD"
                               : "AES-256-WRAP-PAD";
    return kek_len == 16 ? "AES-128-WRAP" : kek_len == 24 ? "AES-192-WRAP" : "AES-256-WRAP";
}

/* One wrap (enc 1) or unwrap (enc 0) into out: FC_OK with *out_len bytes written,
 * FC_ERR_VERIFY when an unwrap fails its checks, FC_ERR_PROVIDER when OpenSSL cannot start. */
static fc_status wrap_run(uint16_t alg, int enc, uint8_t *out, size_t *out_len,
                          const uint8_t *kek, size_t kek_len, const uint8_t *in, size_t len)
{
    EVP_CIPHER *cipher = EVP_CIPHER_fetch(NULL, wrap_name(alg, kek_len), NULL);
    EVP_CIPHER_CTX *c = cipher != NULL ? EVP_CIPHER_CTX_new() : NULL;
    fc_status st = FC_ERR_PROVIDER;
    int n = 0;
    if (c != NULL) {
        EVP_CIPHER_CTX_set_flags(c, EVP_CIPHER_CTX_FLAG_WRAP_ALLOW);
        if (EVP_CipherInit_ex2(c, cipher, kek, NULL, enc, NULL) == 1) {
            /* the update does all of it (the final adds nothing); its failure is the check's */
            if (EVP_CipherUpdate(c, out, &n, in, (int)len) == 1 && n >= 0) {
                *out_len = (size_t)n;
                st = FC_OK;
            } else {
                st = enc ? FC_ERR_PROVIDER : FC_ERR_VERIFY;
            }
        }
    }
    EVP_CIPHER_CTX_free(c);
    EVP_CIPHER_free(cipher);
    return st;
}

static fc_status ossl_wrap(const fc_impl *impl, uint8_t *out, const uint8_t *kek,
                           size_t kek_len, const uint8_t *in, size_t len)
{
    size_t n = 0;
    fc_status st;
    if (len > INT_MAX - 16)
        return FC_ERR_UNSUPPORTED; /* beyond EVP's int: soft wraps it */
    st = wrap_run(impl->alg, 1, out, &n, kek, kek_len, in, len);
    /* KW adds 8 bytes, KWP pads to 8 and adds 8 (wrap.h) */
    if (st == FC_OK && n != (impl->alg == FC_AES_KWP ? ((len + 7) & ~(size_t)7) + 8 : len + 8))
        st = FC_ERR_PROVIDER;
    return st;
}

static fc_status ossl_unwrap(const fc_impl *impl, uint8_t *out, size_t *out_len,
                             const uint8_t *kek, size_t kek_len, const uint8_t *in, size_t len)
{
    size_t n = 0;
    fc_status st;
    uint8_t *tmp;
    if (len > INT_MAX)
        return FC_ERR_UNSUPPORTED;
    /* OpenSSL's unwrap takes room for len bytes: a failed KWP unwrap clears that many
     * (CRYPTO_128_unwrap_pad), 8 more than out has. So it unwraps into a buffer of its own. */
    if ((tmp = OPENSSL_malloc(len)) == NULL)
        return FC_ERR_PROVIDER;
    st = wrap_run(impl->alg, 0, tmp, &n, kek, kek_len, in, len);
    if (st == FC_OK && n > len - 8)
        st = FC_ERR_PROVIDER;
    if (st == FC_OK) {
        memcpy(out, tmp, n);
        *out_len = n;
    }
    OPENSSL_clear_free(tmp, len); /* the unwrapped key */
    return st;
}

const fc_impl fc_ossl_aes_kw = {
    .alg = FC_AES_KW,
    .flags = FC_IMPL_CONSTANT_TIME,
    .ops.wrap = {.wrap = ossl_wrap, .unwrap = ossl_unwrap},
};

const fc_impl fc_ossl_aes_kwp = {
    .alg = FC_AES_KWP,
    .flags = FC_IMPL_CONSTANT_TIME,
    .ops.wrap = {.wrap = ossl_wrap, .unwrap = ossl_unwrap},
};
