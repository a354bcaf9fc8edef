/* The HMAC mode (RFC 2104, FIPS 198-1), written once over the hash family's operations: what
 * a provider without a MAC of its own runs fc_mac with. The state area holds two hash states
 * of the bound hash implementation: inner keyed with K ^ ipad, outer with K ^ opad; update
 * feeds inner; final closes inner and feeds that digest to outer.
 * Branches depend on the hash's lengths and on statuses only, never on key or data bytes. */
#include "core.h"

_Static_assert(FC_MAC_STATE_SIZE >= 2 * FC_HASH_STATE_SIZE,
               "the HMAC mode keeps two hash states in a MAC state area");
_Static_assert(FC_HASH_STATE_SIZE % 8 == 0, "the outer state must stay 8-byte aligned");

static uint8_t *inner(void *state)
{
    return (uint8_t *)state;
}

static uint8_t *outer(void *state)
{
    return (uint8_t *)state + FC_HASH_STATE_SIZE;
}

static void drop(const fc_impl *hash, uint8_t *st)
{
    if (hash->ops.hash.release != NULL)
        hash->ops.hash.release(hash, st);
    fc_zeroize(st, FC_HASH_STATE_SIZE);
}

/* k = H(key) zero-padded, for a key longer than a block; inner is scratch until keyed. */
static fc_status digest_key(const fc_impl *hash, uint8_t *scratch, uint8_t *k,
                            const uint8_t *key, size_t key_len)
{
    fc_status st = hash->ops.hash.init(hash, scratch);
    if (st != FC_OK) { /* declined or failed: nothing was bound, nothing to release */
        fc_zeroize(scratch, FC_HASH_STATE_SIZE);
        return st;
    }
    st = fc_core_bound(hash->ops.hash.update(hash, scratch, key, key_len));
    if (st == FC_OK)
        st = fc_core_bound(hash->ops.hash.final(hash, scratch, k));
    drop(hash, scratch);
    return st;
}

fc_status fc_core_hmac_init(const fc_impl *hash, void *state, const uint8_t *key,
                            size_t key_len)
{
    /* K0 ^ ipad for inner, then ^ (ipad ^ opad) turns it into K0 ^ opad for outer */
    static const uint8_t pads[2] = {0x36, 0x36 ^ 0x5c};
    const fc_alg_entry *e = fc_core_alg((fc_alg)hash->alg);
    uint8_t k[FC_HASH_MAX_BLOCK];
    size_t bl = e->block < sizeof k ? e->block : sizeof k; /* every hash's block fits */
    fc_status st = FC_OK;
    unsigned h;
    size_t i;

    /* K0: the key zero-padded to a block, or its digest zero-padded if it is longer */
    memset(k, 0, sizeof k);
    if (key_len > bl)
        st = digest_key(hash, inner(state), k, key, key_len);
    else if (key_len != 0)
        memcpy(k, key, key_len); /* key may be NULL when key_len is 0 */
    for (h = 0; h < 2 && st == FC_OK; h++) {
        uint8_t *half = h == 0 ? inner(state) : outer(state);
        for (i = 0; i < bl; i++)
            k[i] ^= pads[h];
        st = hash->ops.hash.init(hash, half);
        if (st == FC_OK) {
            st = fc_core_bound(hash->ops.hash.update(hash, half, k, bl));
            if (st != FC_OK)
                drop(hash, half);
        }
        if (st != FC_OK && h == 1)
            drop(hash, inner(state)); /* declined or failed: nothing stays bound */
    }
    fc_zeroize(k, sizeof k);
    return st;
}

fc_status fc_core_hmac_update(const fc_impl *hash, void *state, const uint8_t *data,
                              size_t len)
{
    return fc_core_bound(hash->ops.hash.update(hash, inner(state), data, len));
}

fc_status fc_core_hmac_final(const fc_impl *hash, void *state, uint8_t *tag)
{
    uint8_t d[FC_HASH_MAX_LEN];
    fc_status st = fc_core_bound(hash->ops.hash.final(hash, inner(state), d));
    if (st == FC_OK)
        st = fc_core_bound(
            hash->ops.hash.update(hash, outer(state), d, fc_core_alg((fc_alg)hash->alg)->out));
    if (st == FC_OK)
        st = fc_core_bound(hash->ops.hash.final(hash, outer(state), tag));
    fc_zeroize(d, sizeof d);
    return st;
}

void fc_core_hmac_release(const fc_impl *hash, void *state)
{
    drop(hash, inner(state));
    drop(hash, outer(state));
}
