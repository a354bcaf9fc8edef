/* MAC front end: argument and lifecycle checks, the chain walk at init, then the bound
 * implementation: a provider's own MAC, the core's HMAC over the provider's hash, or the
 * core's CMAC over the provider's block cipher. */
#include "core.h"

fc_status fc_core_mac_init_on(fc_mac_ctx *ctx, const fc_provider *p, fc_alg alg,
                              const uint8_t *key, size_t key_len)
{
    const fc_alg_entry *e = fc_core_alg(alg);
    const fc_impl *impl = fc_core_own(p, alg);
    fc_status st;
    fc_zeroize(ctx, sizeof(*ctx)); /* an implementation gets a zeroed state */
    if (impl != NULL) {
        if (!fc_core_state_fits(impl, sizeof(ctx->state)))
            return FC_ERR_PROVIDER;
        ctx->impl = impl;
        ctx->mode = FC_MODE_NONE;
        st = impl->ops.mac.init(impl, ctx->state.bytes, key, key_len);
    } else if (e->mode == FC_MODE_HMAC && (impl = fc_core_own(p, (fc_alg)e->base)) != NULL) {
        if (!fc_core_state_fits(impl, FC_HASH_STATE_SIZE))
            return FC_ERR_PROVIDER;
        ctx->impl = impl;
        ctx->mode = FC_MODE_HMAC;
        st = fc_core_hmac_init(impl, ctx->state.bytes, key, key_len);
    } else if (e->mode == FC_MODE_CMAC) {
        /* keys the provider's own block cipher at the start of the state (may decline) */
        st = fc_core_cmac_init(&impl, ctx->state.bytes, p, (fc_alg)e->base, key, key_len);
        ctx->impl = impl;
        ctx->mode = FC_MODE_CMAC;
    } else {
        return FC_ERR_UNSUPPORTED;
    }
    if (st == FC_OK) {
        ctx->alg = (uint16_t)alg;
        ctx->magic = FC_MAGIC_ACTIVE;
    } else {
        fc_zeroize(ctx, sizeof(*ctx));
    }
    return st;
}

fc_status fc_mac_init(fc_mac_ctx *ctx, const fc_provider *provider, fc_alg alg,
                      const uint8_t *key, size_t key_len)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_MAC);
    const fc_provider *p;
    fc_status st = FC_ERR_UNSUPPORTED;
    if (ctx == NULL || (key == NULL && key_len > 0))
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    if (e->mode != FC_MODE_HMAC && !fc_core_key_len_ok(alg, key_len))
        return FC_ERR_LENGTH; /* HMAC takes any key; CMAC its cipher's, Poly1305 32 bytes */
    if (ctx->magic == FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        st = fc_core_mac_init_on(ctx, p, alg, key, key_len);
    return st;
}

fc_status fc_mac_update(fc_mac_ctx *ctx, const uint8_t *data, size_t len)
{
    fc_status st;
    if (ctx == NULL || (data == NULL && len > 0))
        return FC_ERR_NULL;
    if (ctx->magic != FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    if (len == 0)
        return FC_OK;
    if (ctx->mode == FC_MODE_HMAC)
        st = fc_core_hmac_update(ctx->impl, ctx->state.bytes, data, len);
    else if (ctx->mode == FC_MODE_CMAC)
        st = fc_core_cmac_update(ctx->impl, ctx->state.bytes, data, len);
    else
        st = fc_core_bound(ctx->impl->ops.mac.update(ctx->impl, ctx->state.bytes, data, len));
    if (st != FC_OK)
        fc_mac_wipe(ctx);
    return st;
}

static void release(fc_mac_ctx *ctx)
{
    if (ctx->mode == FC_MODE_HMAC)
        fc_core_hmac_release(ctx->impl, ctx->state.bytes);
    else if (ctx->mode == FC_MODE_CMAC)
        fc_core_block_release(ctx->impl, ctx->state.bytes);
    else if (ctx->impl->ops.mac.release != NULL)
        ctx->impl->ops.mac.release(ctx->impl, ctx->state.bytes);
}

fc_status fc_mac_final(fc_mac_ctx *ctx, uint8_t *out, size_t out_len)
{
    uint8_t tag[FC_MAC_MAX_LEN];
    size_t tlen;
    fc_status st;
    if (ctx == NULL || out == NULL)
        return FC_ERR_NULL;
    if (ctx->magic != FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    tlen = fc_core_alg((fc_alg)ctx->alg)->out;
    if (out_len < tlen)
        return FC_ERR_LENGTH;
    if (ctx->mode == FC_MODE_HMAC)
        st = fc_core_hmac_final(ctx->impl, ctx->state.bytes, tag);
    else if (ctx->mode == FC_MODE_CMAC)
        st = fc_core_cmac_final(ctx->impl, ctx->state.bytes, tag);
    else
        st = fc_core_bound(ctx->impl->ops.mac.final(ctx->impl, ctx->state.bytes, tag));
    if (st == FC_OK)
        memcpy(out, tag, tlen);
    fc_zeroize(tag, sizeof(tag));
    release(ctx);
    fc_zeroize(&ctx->state, sizeof(ctx->state));
    ctx->magic = FC_MAGIC_DONE;
    return st;
}

void fc_mac_wipe(fc_mac_ctx *ctx)
{
    if (ctx == NULL)
        return;
    if (ctx->magic == FC_MAGIC_ACTIVE && ctx->impl != NULL)
        release(ctx);
    fc_zeroize(ctx, sizeof(*ctx));
}

fc_status fc_mac(const fc_provider *provider, fc_alg alg, uint8_t *out, size_t out_len,
                 const uint8_t *key, size_t key_len, const uint8_t *data, size_t len)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_MAC);
    fc_mac_ctx ctx;
    fc_status st;
    if (out == NULL || (data == NULL && len > 0) || (key == NULL && key_len > 0))
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    if (out_len < e->out)
        return FC_ERR_LENGTH;
    ctx.magic = 0;
    st = fc_mac_init(&ctx, provider, alg, key, key_len);
    if (st == FC_OK)
        st = fc_mac_update(&ctx, data, len);
    if (st == FC_OK)
        return fc_mac_final(&ctx, out, out_len);
    fc_mac_wipe(&ctx);
    return st;
}

fc_status fc_mac_verify(const fc_provider *provider, fc_alg alg, const uint8_t *tag,
                        size_t tag_len, const uint8_t *key, size_t key_len, const uint8_t *data,
                        size_t len)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_MAC);
    uint8_t expect[FC_MAC_MAX_LEN];
    fc_status st;
    if (tag == NULL || (data == NULL && len > 0) || (key == NULL && key_len > 0))
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    if (tag_len == 0 || tag_len > e->out)
        return FC_ERR_LENGTH;
    st = fc_mac(provider, alg, expect, sizeof(expect), key, key_len, data, len);
    if (st == FC_OK && !fc_ct_equal(expect, tag, tag_len))
        st = FC_ERR_VERIFY;
    fc_zeroize(expect, sizeof(expect));
    return st;
}
