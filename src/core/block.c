/* Block cipher front end: argument and lifecycle checks, the chain walk at init, whole blocks
 * through the bound implementation. Also the key-length rule every family shares, the DES
 * key check (every provider refuses the same keys), and the block cipher as the modes of the
 * other front ends use it. */
#include "core.h"

fc_alg fc_core_cipher_root(fc_alg alg)
{
    const fc_alg_entry *e = fc_core_alg(alg);
    while (e != NULL && e->family != FC_FAMILY_BLOCK && e->mode != FC_MODE_NONE &&
           e->family != FC_FAMILY_DRBG) {
        alg = (fc_alg)e->base;
        e = fc_core_alg(alg);
    }
    return e != NULL && e->family == FC_FAMILY_BLOCK ? alg : FC_ALG_NONE;
}

int fc_core_key_len_ok(fc_alg alg, size_t key_len)
{
    const fc_alg_entry *e = fc_core_alg(alg);
    switch (fc_core_cipher_root(alg)) {
    case FC_AES:
        return key_len == 16 || key_len == 24 || key_len == 32;
    case FC_TDES:
        return key_len == 16 || key_len == 24;
    default:
        break;
    }
    if (alg == FC_SALSA20 && key_len == 16)
        return 1;
    return e != NULL && key_len == e->key;
}

/* The weak and semi-weak DES keys (SP 800-67 Rev. 2, 3.3.2), parity bits cleared. */
static const uint8_t des_weak[16][8] = {
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00}, {0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe},
    {0xe0, 0xe0, 0xe0, 0xe0, 0xf0, 0xf0, 0xf0, 0xf0}, {0x1e, 0x1e, 0x1e, 0x1e, 0x0e, 0x0e, 0x0e, 0x0e},
    {0x00, 0xfe, 0x00, 0xfe, 0x00, 0xfe, 0x00, 0xfe}, {0xfe, 0x00, 0xfe, 0x00, 0xfe, 0x00, 0xfe, 0x00},
    {0x1e, 0xe0, 0x1e, 0xe0, 0x0e, 0xf0, 0x0e, 0xf0}, {0xe0, 0x1e, 0xe0, 0x1e, 0xf0, 0x0e, 0xf0, 0x0e},
    {0x00, 0xe0, 0x00, 0xe0, 0x00, 0xf0, 0x00, 0xf0}, {0xe0, 0x00, 0xe0, 0x00, 0xf0, 0x00, 0xf0, 0x00},
    {0x1e, 0xfe, 0x1e, 0xfe, 0x0e, 0xfe, 0x0e, 0xfe}, {0xfe, 0x1e, 0xfe, 0x1e, 0xfe, 0x0e, 0xfe, 0x0e},
    {0x00, 0x1e, 0x00, 0x1e, 0x00, 0x0e, 0x00, 0x0e}, {0x1e, 0x00, 0x1e, 0x00, 0x0e, 0x00, 0x0e, 0x00},
    {0xe0, 0xfe, 0xe0, 0xfe, 0xf0, 0xfe, 0xf0, 0xfe}, {0xfe, 0xe0, 0xfe, 0xe0, 0xfe, 0xf0, 0xfe, 0xf0},
};

/* 1 if the DES keys of a DES or 3DES key are fit to use: none weak or semi-weak, and no 3DES
 * key that is single DES (K1 = K2, or K2 = K3). Every key part is compared with every table
 * entry, without a branch on key bytes: only the verdict is public. */
int fc_core_des_key_ok(const uint8_t *key, size_t key_len)
{
    uint8_t k[3][8];
    unsigned bad = 0, i, j, parts = key_len == 8 ? 1u : 3u;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 8; j++)
            k[i][j] = (uint8_t)(key[(8 * i + j) % key_len] & 0xfe); /* 16 bytes: K3 = K1 */
    for (i = 0; i < parts; i++)
        for (j = 0; j < 16; j++)
            bad |= (unsigned)fc_ct_equal(k[i], des_weak[j], 8);
    if (parts == 3)
        bad |= (unsigned)fc_ct_equal(k[0], k[1], 8) | (unsigned)fc_ct_equal(k[1], k[2], 8);
    fc_zeroize(k, sizeof(k));
    FC_DECLASSIFY(&bad, sizeof(bad));
    return bad == 0;
}

fc_status fc_core_block_init_on(const fc_impl **impl, void *state, size_t area,
                                const fc_provider *p, fc_alg base, unsigned dir,
                                const uint8_t *key, size_t key_len)
{
    const fc_impl *b = fc_core_own(p, base);
    fc_status st;
    if (b == NULL)
        return FC_ERR_UNSUPPORTED;
    if (!fc_core_state_fits(b, area))
        return FC_ERR_PROVIDER;
    if ((base == FC_DES || base == FC_TDES) && !fc_core_des_key_ok(key, key_len))
        return FC_ERR_WEAK_KEY; /* whichever provider: the same keys are refused */
    memset(state, 0, area);
    st = b->ops.block.init(b, state, dir, key, key_len);
    if (st == FC_OK)
        *impl = b;
    else
        fc_zeroize(state, area);
    return st;
}

fc_status fc_core_block_encrypt(const fc_impl *impl, void *state, uint8_t *out,
                                const uint8_t *in, size_t blocks)
{
    return fc_core_bound(impl->ops.block.encrypt(impl, state, out, in, blocks));
}

fc_status fc_core_block_decrypt(const fc_impl *impl, void *state, uint8_t *out,
                                const uint8_t *in, size_t blocks)
{
    return fc_core_bound(impl->ops.block.decrypt(impl, state, out, in, blocks));
}

void fc_core_block_release(const fc_impl *impl, void *state)
{
    if (impl->ops.block.release != NULL)
        impl->ops.block.release(impl, state);
}

fc_status fc_block_init(fc_block_ctx *ctx, const fc_provider *provider, fc_alg alg,
                        unsigned dir, const uint8_t *key, size_t key_len)
{
    const fc_provider *p;
    const fc_impl *impl = NULL;
    fc_status st = FC_ERR_UNSUPPORTED;
    if (ctx == NULL || key == NULL)
        return FC_ERR_NULL;
    if (fc_core_alg_of(alg, FC_FAMILY_BLOCK) == NULL || dir == 0 ||
        (dir & ~(FC_ENCRYPT | FC_DECRYPT)) != 0)
        return FC_ERR_ARGUMENT;
    if (!fc_core_key_len_ok(alg, key_len))
        return FC_ERR_LENGTH;
    if (ctx->magic == FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    fc_zeroize(ctx, sizeof(*ctx));
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        st = fc_core_block_init_on(&impl, ctx->state.bytes, sizeof(ctx->state), p, alg, dir,
                                   key, key_len);
    if (st != FC_OK)
        return st;
    ctx->impl = impl;
    ctx->alg = (uint16_t)alg;
    ctx->dir = (uint8_t)dir;
    ctx->magic = FC_MAGIC_ACTIVE;
    return FC_OK;
}

static fc_status crypt(fc_block_ctx *ctx, unsigned dir, uint8_t *out, const uint8_t *in,
                       size_t len)
{
    size_t block;
    fc_status st;
    if (ctx == NULL || ((in == NULL || out == NULL) && len > 0))
        return FC_ERR_NULL;
    if (ctx->magic != FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    if ((ctx->dir & dir) == 0)
        return FC_ERR_STATE; /* keyed for the other direction */
    block = fc_core_alg((fc_alg)ctx->alg)->block;
    if (len % block != 0)
        return FC_ERR_LENGTH;
    if (len == 0)
        return FC_OK;
    if (dir == FC_ENCRYPT)
        st = fc_core_block_encrypt(ctx->impl, ctx->state.bytes, out, in, len / block);
    else
        st = fc_core_block_decrypt(ctx->impl, ctx->state.bytes, out, in, len / block);
    if (st != FC_OK) {
        fc_zeroize(out, len);
        fc_block_wipe(ctx);
    }
    return st;
}

fc_status fc_block_encrypt(fc_block_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    return crypt(ctx, FC_ENCRYPT, out, in, len);
}

fc_status fc_block_decrypt(fc_block_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    return crypt(ctx, FC_DECRYPT, out, in, len);
}

void fc_block_wipe(fc_block_ctx *ctx)
{
    if (ctx == NULL)
        return;
    if (ctx->magic == FC_MAGIC_ACTIVE && ctx->impl != NULL)
        fc_core_block_release(ctx->impl, ctx->state.bytes);
    fc_zeroize(ctx, sizeof(*ctx));
}
