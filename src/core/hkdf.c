/* The HKDF mode (RFC 5869), written once over the MAC family: what a provider without a KDF
 * of its own runs fc_kdf with, over its MAC (its own HMAC, or the core's HMAC over its hash).
 * The front end (kdf.c) has checked lengths, pointers and overlaps. A decline of the MAC at
 * any block declines the whole call (the front end wipes okm and asks the next provider).
 * Branches depend on lengths and statuses only. */
#include "core.h"

/* One HMAC over up to three pieces and an optional counter byte. */
static fc_status mac3(const fc_provider *p, fc_alg mac_alg, uint8_t *out, const uint8_t *key,
                      size_t key_len, const uint8_t *a, size_t alen, const uint8_t *b,
                      size_t blen, const uint8_t *ctr)
{
    fc_mac_ctx c;
    fc_status st;
    c.magic = 0;
    st = fc_core_mac_init_on(&c, p, mac_alg, key, key_len);
    if (st == FC_OK)
        st = fc_mac_update(&c, a, alen);
    if (st == FC_OK)
        st = fc_mac_update(&c, b, blen);
    if (st == FC_OK && ctr != NULL)
        st = fc_mac_update(&c, ctr, 1);
    if (st == FC_OK)
        return fc_mac_final(&c, out, FC_MAC_MAX_LEN);
    fc_mac_wipe(&c);
    return st;
}

/* PRK = HMAC(salt, IKM). RFC 5869 makes an empty salt HashLen zero bytes; HMAC zero-pads
 * every key shorter than a block, so an empty key gives the same K0 and needs no special case. */
fc_status fc_core_hkdf_extract(const fc_provider *p, fc_alg mac_alg, uint8_t *prk,
                               const uint8_t *salt, size_t salt_len, const uint8_t *ikm,
                               size_t ikm_len)
{
    return mac3(p, mac_alg, prk, salt, salt_len, ikm, ikm_len, NULL, 0, NULL);
}

/* T(i) = HMAC(PRK, T(i-1) | info | i), T(0) empty; OKM = first okm_len bytes of T(1) | T(2) ...
 * The MAC is keyed again for every block instead of copying a keyed context: one context on
 * the stack rather than two, at the cost of two extra compressions per block after the first. */
fc_status fc_core_hkdf_expand(const fc_provider *p, fc_alg mac_alg, uint8_t *okm,
                              size_t okm_len, const uint8_t *prk, size_t prk_len,
                              const uint8_t *info, size_t info_len)
{
    uint8_t t[FC_MAC_MAX_LEN];
    size_t dl = fc_core_alg(mac_alg)->out, done = 0, n;
    uint8_t ctr = 1;
    fc_status st = FC_OK;

    while (done < okm_len && st == FC_OK) {
        st = mac3(p, mac_alg, t, prk, prk_len, t, done != 0 ? dl : 0, info, info_len, &ctr);
        n = okm_len - done < dl ? okm_len - done : dl;
        if (st == FC_OK)
            memcpy(okm + done, t, n);
        done += n;
        ctr++; /* at most 255 blocks, checked by the front end */
    }
    fc_zeroize(t, sizeof t);
    return st;
}
