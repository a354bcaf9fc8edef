/* The HMAC mode (RFC 2104, FIPS 198-1), written once over the hash family's operations: what
 * a provider without a MAC of its own runs fc_mac with. The state area holds two hash states
 * of the bound hash implementation: inner keyed with K ^ ipad, outer with K ^ opad; update
 * feeds inner; final closes inner and feeds that digest to outer.
 * Branches depend on the hash's lengths and on statuses only, never on key or data bytes. */
#include "core.h"

_Static_assert(FC_MAC_STATE_SIZE >= 2 * FC_HASH_STATE_SIZE,
               "the HMAC mode keeps two hash states in a MAC state area");

static uint8_t *inner(void *state)
{
    return (uint8_t *)state;
}

static uint8_t *outer(void *state)
{
    return (uint8_t *)state + FC_HASH_STATE_SIZE;
}

/* One hash state initialised; a decline or failure leaves it wiped. */
static fc_status start(const fc_impl *hash, uint8_t *st)
{
    fc_status s = hash->ops.hash.init(hash, st);
    if (s != FC_OK)
        fc_zeroize(st, FC_HASH_STATE_SIZE);
    return s;
}

static void drop(const fc_impl *hash, uint8_t *st)
{
    if (hash->ops.hash.release != NULL)
        hash->ops.hash.release(hash, st);
    fc_zeroize(st, FC_HASH_STATE_SIZE);
}

/* K0 ^ pad into a hash state, K0 the key zero-padded to a block (k holds it). */
static fc_status keyed(const fc_impl *hash, uint8_t *st, uint8_t *k, size_t bl, uint8_t pad)
{
    size_t i;
    fc_status s = start(hash, st);
    for (i = 0; i < bl; i++)
        k[i] ^= pad;
    if (s == FC_OK)
        s = hash->ops.hash.update(hash, st, k, bl);
    for (i = 0; i < bl; i++)
        k[i] ^= pad;
    return s;
}

fc_status fc_core_hmac_init(const fc_impl *hash, void *state, const uint8_t *key,
                            size_t key_len)
{
    const fc_alg_entry *e = fc_core_alg((fc_alg)hash->alg);
    uint8_t k[FC_HASH_MAX_BLOCK];
    size_t bl = e->block < sizeof k ? e->block : sizeof k; /* every hash's block fits */
    fc_status st = FC_OK;

    /* K0: the key zero-padded to a block, or its digest zero-padded if it is longer; inner
     * is free until keyed below */
    memset(k, 0, sizeof k);
    if (key_len > bl) {
        st = start(hash, inner(state));
        if (st == FC_OK)
            st = hash->ops.hash.update(hash, inner(state), key, key_len);
        if (st == FC_OK)
            st = hash->ops.hash.final(hash, inner(state), k);
        if (st != FC_ERR_UNSUPPORTED)
            drop(hash, inner(state));
    } else if (key_len != 0) {
        memcpy(k, key, key_len); /* key may be NULL when key_len is 0 */
    }
    if (st == FC_OK)
        st = keyed(hash, inner(state), k, bl, 0x36);
    if (st == FC_OK) {
        st = keyed(hash, outer(state), k, bl, 0x5c);
        if (st != FC_OK)
            drop(hash, inner(state)); /* declined or failed: nothing stays bound */
    }
    fc_zeroize(k, sizeof k);
    return st;
}

fc_status fc_core_hmac_update(const fc_impl *hash, void *state, const uint8_t *data,
                              size_t len)
{
    return hash->ops.hash.update(hash, inner(state), data, len);
}

fc_status fc_core_hmac_final(const fc_impl *hash, void *state, uint8_t *tag)
{
    uint8_t d[FC_HASH_MAX_LEN];
    fc_status st = hash->ops.hash.final(hash, inner(state), d);
    if (st == FC_OK)
        st = hash->ops.hash.update(hash, outer(state), d, fc_core_alg((fc_alg)hash->alg)->out);
    if (st == FC_OK)
        st = hash->ops.hash.final(hash, outer(state), tag);
    fc_zeroize(d, sizeof d);
    return st;
}

void fc_core_hmac_release(const fc_impl *hash, void *state)
{
    drop(hash, inner(state));
    drop(hash, outer(state));
}
