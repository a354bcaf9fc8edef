/* HKDF (RFC 5869) over the soft HMAC, called directly rather than through the core.
 *
 * The core has checked algorithms, lengths (okm_len <= 255 * HashLen, prk_len >= HashLen) and
 * pointers. Branches depend on alg and lengths only.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "providers/soft/soft.h"

#if FC_WITH_SHA224 || FC_WITH_SHA256 || FC_WITH_SHA384 || FC_WITH_SHA512

static void hmac_keyed(fc_hmac_ctx *c, fc_hash_alg alg, const uint8_t *key, size_t key_len)
{
    c->vt = &fc_soft_hmac_vt;
    c->magic = 0; /* never seen by the core */
    c->alg = (uint32_t)alg;
    (void)fc_soft_hmac_vt.init(c, key, key_len);
}

/* PRK = HMAC(salt, IKM). RFC 5869 makes an empty salt HashLen zero bytes; HMAC zero-pads
 * every key shorter than a block, so an empty key gives the same K0 and needs no special case. */
static fc_status hkdf_extract(fc_hash_alg alg, const uint8_t *salt, size_t salt_len,
                              const uint8_t *ikm, size_t ikm_len, uint8_t *prk)
{
    fc_hmac_ctx c;

    hmac_keyed(&c, alg, salt, salt_len);
    (void)fc_soft_hmac_vt.update(&c, ikm, ikm_len);
    (void)fc_soft_hmac_vt.final(&c, prk);
    fc_zeroize(&c, sizeof c);
    return FC_OK;
}

/* T(i) = HMAC(PRK, T(i-1) | info | i), T(0) empty; OKM = first okm_len bytes of T(1) | T(2) ...
 * The HMAC is rekeyed for every block instead of copying a keyed context: one fc_hmac_ctx on
 * the stack rather than two, at the cost of two extra compressions per block after the first. */
static fc_status hkdf_expand(fc_hash_alg alg, const uint8_t *prk, size_t prk_len,
                             const uint8_t *info, size_t info_len, uint8_t *okm, size_t okm_len)
{
    fc_hmac_ctx c;
    uint8_t t[FC_HASH_MAX_LEN];
    size_t dl = fc_hash_digest_len((fc_hash_alg)alg), done = 0, n;
    uint8_t ctr = 1;

    while (done < okm_len) {
        hmac_keyed(&c, alg, prk, prk_len);
        if (done != 0)
            (void)fc_soft_hmac_vt.update(&c, t, dl);
        (void)fc_soft_hmac_vt.update(&c, info, info_len);
        (void)fc_soft_hmac_vt.update(&c, &ctr, 1);
        (void)fc_soft_hmac_vt.final(&c, t);
        n = okm_len - done < dl ? okm_len - done : dl;
        memcpy(okm + done, t, n);
        done += n;
        ctr++; /* at most 255 blocks, checked by the core */
    }
    fc_zeroize(t, sizeof t);
    fc_zeroize(&c, sizeof c);
    return FC_OK;
}

const fc_hkdf_vt fc_soft_hkdf_vt = { hkdf_extract, hkdf_expand };

#endif /* any SHA-2 enabled */
