/* Hash front end: argument and lifecycle checks, the chain walk at init, then the bound
 * implementation. */
#include "core.h"

/* Binds ctx to the first implementation of alg on the chain that accepts init. */
static fc_status bind(fc_hash_ctx *ctx, const fc_provider *provider, fc_alg alg)
{
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st;
    for (p = fc_core_provider(provider); p != NULL; p = p->next) {
        impl = fc_core_own(p, alg);
        if (impl == NULL)
            continue;
        if (!fc_core_state_fits(impl, sizeof(ctx->state)))
            return FC_ERR_PROVIDER;
        ctx->impl = impl;
        st = impl->ops.hash.init(impl, ctx->state.bytes);
        if (st != FC_ERR_UNSUPPORTED)
            return st;
        fc_zeroize(&ctx->state, sizeof(ctx->state)); /* declined: the next one starts clean */
    }
    return FC_ERR_UNSUPPORTED;
}

fc_status fc_hash_init(fc_hash_ctx *ctx, const fc_provider *provider, fc_alg alg)
{
    fc_status st;
    if (ctx == NULL)
        return FC_ERR_NULL;
    if (fc_core_alg_of(alg, FC_FAMILY_HASH) == NULL)
        return FC_ERR_ARGUMENT;
    /* Re-initialising a live context would leak a provider's outside state. */
    if (ctx->magic == FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    fc_zeroize(ctx, sizeof(*ctx));
    ctx->alg = (uint32_t)alg;
    st = bind(ctx, provider, alg);
    if (st != FC_OK) {
        fc_zeroize(ctx, sizeof(*ctx));
        return st;
    }
    ctx->magic = FC_MAGIC_ACTIVE;
    return FC_OK;
}

fc_status fc_hash_update(fc_hash_ctx *ctx, const uint8_t *data, size_t len)
{
    fc_status st;
    if (ctx == NULL || (data == NULL && len > 0))
        return FC_ERR_NULL;
    if (ctx->magic != FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    if (len == 0)
        return FC_OK;
    st = fc_core_bound(ctx->impl->ops.hash.update(ctx->impl, ctx->state.bytes, data, len));
    if (st != FC_OK)
        fc_hash_wipe(ctx);
    return st;
}

fc_status fc_hash_final(fc_hash_ctx *ctx, uint8_t *out, size_t out_len)
{
    uint8_t digest[FC_HASH_MAX_LEN];
    size_t dlen;
    fc_status st;
    if (ctx == NULL || out == NULL)
        return FC_ERR_NULL;
    if (ctx->magic != FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    dlen = fc_core_alg((fc_alg)ctx->alg)->out;
    if (out_len < dlen)
        return FC_ERR_LENGTH; /* the context stays usable: the caller may retry */
    st = fc_core_bound(ctx->impl->ops.hash.final(ctx->impl, ctx->state.bytes, digest));
    if (st == FC_OK)
        memcpy(out, digest, dlen);
    fc_zeroize(digest, sizeof(digest));
    if (ctx->impl->ops.hash.release != NULL)
        ctx->impl->ops.hash.release(ctx->impl, ctx->state.bytes);
    fc_zeroize(&ctx->state, sizeof(ctx->state));
    ctx->magic = FC_MAGIC_DONE;
    return st;
}

void fc_hash_wipe(fc_hash_ctx *ctx)
{
    if (ctx == NULL)
        return;
    if (ctx->magic == FC_MAGIC_ACTIVE && ctx->impl != NULL && ctx->impl->ops.hash.release != NULL)
        ctx->impl->ops.hash.release(ctx->impl, ctx->state.bytes);
    fc_zeroize(ctx, sizeof(*ctx));
}

fc_status fc_hash(const fc_provider *provider, fc_alg alg, uint8_t *out, size_t out_len,
                  const uint8_t *data, size_t len)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_HASH);
    fc_hash_ctx ctx;
    fc_status st;
    if (out == NULL || (data == NULL && len > 0))
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    if (out_len < e->out)
        return FC_ERR_LENGTH;
    ctx.magic = 0;
    st = fc_hash_init(&ctx, provider, alg);
    if (st == FC_OK)
        st = fc_hash_update(&ctx, data, len);
    if (st == FC_OK)
        return fc_hash_final(&ctx, out, out_len);
    fc_hash_wipe(&ctx);
    return st;
}
