/* The "wolfssl" provider's Ed25519, Ed25519ctx and Ed25519ph (RFC 8032 5.1): wolfCrypt's
 * wc_ed25519_sign_msg / wc_ed25519ctx_sign_msg / wc_ed25519ph_sign_hash and their verify
 * counterparts (Ed25519ph gets the message's SHA-512 from the core, as driver.h says). The
 * conversion to X25519 is the next provider's (to_x25519 NULL).
 *
 * Signing imports the seed and the public key the core passes (wc_ed25519_import_private_key),
 * which wolfCrypt uses as A in RFC 8032 5.1.6's hash as soft does: the same signature for the
 * same inputs. A wolfCrypt that refuses the pair is declined to soft. The ed25519_key on the
 * stack holds the seed: it is freed and wiped on the way out.
 *
 * Verification follows eddsa.h's strict rules. wolfCrypt checks S < L and the cofactorless
 * equation by comparing R with the encoding of [S]B - [k]A, but how it treats non-canonical
 * or small-order A and R depends on its version and build; so, as the openssl and sodium
 * providers do, this file refuses first on the public bytes what eddsa.h refuses
 * (ed25519_strict.h): S >= L, A or R with y >= p or of small order. A public key that does not
 * decode is FC_ERR_VERIFY. Constant time in the seed as wolfCrypt's Ed25519 signing is;
 * verification handles public data. */
#include <string.h>

#include "wolfssl.h"

#include <wolfssl/wolfcrypt/ed25519.h>

#include "../ed25519_strict.h"

#ifdef HAVE_ED25519
static const uint8_t empty[1];

static fc_status eddsa_public_key(const fc_impl *impl, uint8_t *pub, const uint8_t *seed)
{
    ed25519_key key;
    int ret;
    (void)impl;
    ret = wc_ed25519_init(&key);
    if (ret == 0)
        ret = wc_ed25519_import_private_only(seed, 32, &key);
    if (ret == 0)
        ret = wc_ed25519_make_public(&key, pub, 32);
    wc_ed25519_free(&key);
    fc_zeroize(&key, sizeof(key));
    return ret == 0 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status eddsa_sign(const fc_impl *impl, uint8_t *sig, const uint8_t *seed,
                            const uint8_t *pub, const uint8_t *context, size_t context_len,
                            const uint8_t *msg, size_t msg_len)
{
    ed25519_key key;
    word32 len = 64;
    const uint8_t *m = msg_len > 0 ? msg : empty, *c = context_len > 0 ? context : empty;
    int ret;
    if (msg_len > FC_WOLF_MAX_LEN)
        return FC_ERR_UNSUPPORTED;
    if (wc_ed25519_init(&key) != 0)
        return FC_ERR_PROVIDER;
    if (wc_ed25519_import_private_key(seed, 32, pub, 32, &key) != 0) {
        wc_ed25519_free(&key);
        fc_zeroize(&key, sizeof(key));
        return FC_ERR_UNSUPPORTED; /* a pair this wolfCrypt refuses: soft signs */
    }
    if (impl->alg == FC_ED25519CTX)
        ret = wc_ed25519ctx_sign_msg(m, (word32)msg_len, sig, &len, &key, c, (byte)context_len);
    else if (impl->alg == FC_ED25519PH)
        ret = wc_ed25519ph_sign_hash(m, (word32)msg_len, sig, &len, &key, c, (byte)context_len);
    else
        ret = wc_ed25519_sign_msg(m, (word32)msg_len, sig, &len, &key);
    wc_ed25519_free(&key);
    fc_zeroize(&key, sizeof(key));
    return ret == 0 && len == 64 ? FC_OK : FC_ERR_PROVIDER;
}

static fc_status eddsa_verify(const fc_impl *impl, const uint8_t *pub, const uint8_t *context,
                              size_t context_len, const uint8_t *msg, size_t msg_len,
                              const uint8_t *sig)
{
    ed25519_key key;
    const uint8_t *m = msg_len > 0 ? msg : empty, *c = context_len > 0 ? context : empty;
    int ret, res = 0;
    if (msg_len > FC_WOLF_MAX_LEN)
        return FC_ERR_UNSUPPORTED;
    /* eddsa.h's refusals, on public bytes: S < L, A and R canonical and not of small order */
    if (!ed25519_strict_ok(pub, sig))
        return FC_ERR_VERIFY;
    if (wc_ed25519_init(&key) != 0)
        return FC_ERR_PROVIDER;
    ret = wc_ed25519_import_public(pub, 32, &key);
    if (ret == 0) {
        if (impl->alg == FC_ED25519CTX)
            ret = wc_ed25519ctx_verify_msg(sig, 64, m, (word32)msg_len, &res, &key, c,
                                           (byte)context_len);
        else if (impl->alg == FC_ED25519PH)
            ret = wc_ed25519ph_verify_hash(sig, 64, m, (word32)msg_len, &res, &key, c,
                                           (byte)context_len);
        else
            ret = wc_ed25519_verify_msg(sig, 64, m, (word32)msg_len, &res, &key);
    }
    wc_ed25519_free(&key);
    /* every failure on these public inputs, a key that does not decode included, refuses */
    return ret == 0 && res == 1 ? FC_OK : FC_ERR_VERIFY;
}

#define WOLF_EDDSA(id)                                                                       \
    {                                                                                        \
        .alg = id, .flags = FC_IMPL_CONSTANT_TIME,                                           \
        .ops.eddsa = {.public_key = eddsa_public_key, .sign = eddsa_sign,                    \
                      .verify = eddsa_verify, .to_x25519 = NULL},                            \
    }

const fc_impl fc_wolf_ed25519 = WOLF_EDDSA(FC_ED25519);
const fc_impl fc_wolf_ed25519ctx = WOLF_EDDSA(FC_ED25519CTX);
const fc_impl fc_wolf_ed25519ph = WOLF_EDDSA(FC_ED25519PH);
#endif
