/* The CMAC mode (NIST SP 800-38B, RFC 4493) over a 16-byte block cipher keyed for
 * encryption: a CBC-MAC whose last block is masked with the subkey K1 when it is whole, or
 * padded with 10* and masked with K2 = 2 K1 when it is not (K1 = 2 E_K(0^128), doubling in
 * GF(2^128) with the reduction constant 0x87).
 *
 * State (a MAC state area): the block cipher's state in its first FC_BLOCK_STATE_SIZE bytes,
 * then K1, the chaining value and a count. Input bytes are XORed into the chaining value as
 * they come; a full block is encrypted only when more input follows, since the last block
 * is treated differently. So the mode needs no buffer of its own; K2 is derived at final.
 *
 * Constant time: the subkey doubling uses a mask, not a branch; branches depend on lengths
 * only. The front end wipes the state after final and on every failure; the subkey K2 and
 * E_K(0) are wiped here.
 */
#include "core.h"

typedef struct {
    uint8_t k1[16];   /* the subkey for a whole last block */
    uint8_t x[16];    /* chaining value, the pending block's bytes XORed in */
    uint8_t used;     /* bytes of the pending block: 0 to 16 */
} cmac_state;

_Static_assert(FC_MAC_STATE_SIZE >= FC_BLOCK_STATE_SIZE + 48,
               "the CMAC mode keeps a block cipher's state and its own 48 bytes in a MAC area");
_Static_assert(sizeof(cmac_state) <= 48, "CMAC's part of the MAC state area");
_Static_assert(FC_BLOCK_STATE_SIZE % 8 == 0, "CMAC's part stays aligned");

static cmac_state *cmac_of(void *state)
{
    return (cmac_state *)(void *)((uint8_t *)state + FC_BLOCK_STATE_SIZE);
}

/* out = 2 * in in GF(2^128) (SP 800-38B 6.1): shift left, 0x87 in when the top bit fell out */
static void dbl(uint8_t out[16], const uint8_t in[16])
{
    uint8_t carry = (uint8_t)(0u - (in[0] >> 7)); /* 0xff when the top bit is set */
    unsigned i;
    for (i = 0; i < 15; i++)
        out[i] = (uint8_t)(in[i] << 1 | in[i + 1] >> 7);
    out[15] = (uint8_t)((in[15] << 1) ^ (carry & 0x87));
}

fc_status fc_core_cmac_init(const fc_impl **block, void *state, const fc_provider *p,
                            fc_alg base, const uint8_t *key, size_t key_len)
{
    cmac_state *c = cmac_of(state);
    uint8_t l[16];
    fc_status st;
    if (fc_core_alg(base) == NULL || fc_core_alg(base)->block != 16)
        return FC_ERR_UNSUPPORTED; /* the subkey constant is the one for 128-bit blocks */
    st = fc_core_block_init_on(block, state, FC_BLOCK_STATE_SIZE, p, base, FC_ENCRYPT, key,
                               key_len);
    if (st != FC_OK)
        return st;
    memset(l, 0, sizeof(l));
    st = fc_core_block_encrypt(*block, state, l, l, 1);
    if (st == FC_OK) {
        dbl(c->k1, l);
        memset(c->x, 0, sizeof(c->x));
        c->used = 0;
    } else {
        fc_core_block_release(*block, state); /* the front end never sees it bound */
    }
    fc_zeroize(l, sizeof(l));
    return st;
}

fc_status fc_core_cmac_update(const fc_impl *block, void *state, const uint8_t *data,
                              size_t len)
{
    cmac_state *c = cmac_of(state);
    fc_status st;
    size_t i, n;
    while (len > 0) {
        if (c->used == 16) { /* more input follows: the pending block is not the last */
            st = fc_core_block_encrypt(block, state, c->x, c->x, 1);
            if (st != FC_OK)
                return st;
            c->used = 0;
        }
        n = 16u - c->used < len ? 16u - c->used : len;
        for (i = 0; i < n; i++)
            c->x[c->used + i] ^= data[i];
        c->used = (uint8_t)(c->used + n);
        data += n, len -= n;
    }
    return FC_OK;
}

fc_status fc_core_cmac_final(const fc_impl *block, void *state, uint8_t *tag)
{
    cmac_state *c = cmac_of(state);
    uint8_t k2[16];
    const uint8_t *k = c->k1;
    unsigned i;
    if (c->used < 16) { /* a partial (or empty) last block: 10* padding and K2 */
        c->x[c->used] ^= 0x80;
        dbl(k2, c->k1);
        k = k2;
    }
    for (i = 0; i < 16; i++)
        c->x[i] ^= k[i];
    fc_zeroize(k2, sizeof(k2));
    return fc_core_block_encrypt(block, state, tag, c->x, 1);
}
