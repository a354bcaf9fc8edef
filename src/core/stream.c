/* Salsa20 / XSalsa20 front end: keystream buffering over the provider's block function. */
#include "core.h"

static const fc_salsa20_vt *salsa20_vt(const fc_provider *provider)
{
    return fc_core_provider(provider)->salsa20;
}

fc_status fc_salsa20_init(fc_salsa20_ctx *ctx, const fc_provider *provider, const uint8_t *key,
                          size_t key_len, const uint8_t nonce[8], uint64_t counter)
{
    const fc_salsa20_vt *vt;
    if (ctx == NULL || key == NULL || nonce == NULL)
        return FC_ERR_NULL;
    if (key_len != 16 && key_len != 32)
        return FC_ERR_LENGTH;
    vt = salsa20_vt(provider);
    if (vt == NULL)
        return FC_ERR_UNSUPPORTED;
    if (ctx->magic == FC_MAGIC_ACTIVE)
        return FC_ERR_STATE; /* re-keying a live stream would repeat keystream: wipe it first */
    fc_zeroize(ctx, sizeof(*ctx));
    ctx->vt = vt;
    vt->setup(ctx, key, key_len, nonce, counter);
    ctx->used = 64; /* no keystream buffered yet */
    ctx->magic = FC_MAGIC_ACTIVE;
    return FC_OK;
}

fc_status fc_xsalsa20_init(fc_salsa20_ctx *ctx, const fc_provider *provider, const uint8_t key[32],
                           const uint8_t nonce[24])
{
    const fc_salsa20_vt *vt;
    uint8_t subkey[32];
    fc_status st;
    if (ctx == NULL || key == NULL || nonce == NULL)
        return FC_ERR_NULL;
    vt = salsa20_vt(provider);
    if (vt == NULL)
        return FC_ERR_UNSUPPORTED;
    if (ctx->magic == FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    vt->hsalsa20(subkey, key, nonce);
    st = fc_salsa20_init(ctx, provider, subkey, sizeof(subkey), nonce + 16, 0);
    fc_zeroize(subkey, sizeof(subkey));
    return st;
}

fc_status fc_salsa20_xor(fc_salsa20_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len)
{
    size_t i;
    if (ctx == NULL || ((in == NULL || out == NULL) && len > 0))
        return FC_ERR_NULL;
    if (ctx->magic != FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    for (i = 0; i < len; i++) {
        if (ctx->used == 64) {
            ctx->vt->block(ctx, ctx->keystream);
            ctx->used = 0;
        }
        out[i] = (uint8_t)(in[i] ^ ctx->keystream[ctx->used++]);
    }
    return FC_OK;
}

void fc_salsa20_wipe(fc_salsa20_ctx *ctx)
{
    if (ctx != NULL)
        fc_zeroize(ctx, sizeof(*ctx));
}

fc_status fc_salsa20(const fc_provider *provider, const uint8_t *key, size_t key_len,
                     const uint8_t nonce[8], const uint8_t *in, uint8_t *out, size_t len)
{
    fc_salsa20_ctx ctx;
    fc_status st;
    if ((in == NULL || out == NULL) && len > 0)
        return FC_ERR_NULL;
    ctx.magic = 0;
    st = fc_salsa20_init(&ctx, provider, key, key_len, nonce, 0);
    if (st == FC_OK)
        st = fc_salsa20_xor(&ctx, in, out, len);
    fc_salsa20_wipe(&ctx);
    return st;
}

fc_status fc_xsalsa20(const fc_provider *provider, const uint8_t key[32], const uint8_t nonce[24],
                      const uint8_t *in, uint8_t *out, size_t len)
{
    fc_salsa20_ctx ctx;
    fc_status st;
    if ((in == NULL || out == NULL) && len > 0)
        return FC_ERR_NULL;
    ctx.magic = 0;
    st = fc_xsalsa20_init(&ctx, provider, key, nonce);
    if (st == FC_OK)
        st = fc_salsa20_xor(&ctx, in, out, len);
    fc_salsa20_wipe(&ctx);
    return st;
}

fc_status fc_hsalsa20(const fc_provider *provider, uint8_t out[32], const uint8_t key[32],
                      const uint8_t in[16])
{
    const fc_salsa20_vt *vt;
    if (out == NULL || key == NULL || in == NULL)
        return FC_ERR_NULL;
    vt = salsa20_vt(provider);
    if (vt == NULL)
        return FC_ERR_UNSUPPORTED;
    vt->hsalsa20(out, key, in);
    return FC_OK;
}
