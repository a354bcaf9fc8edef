/* SHA-2 front end: argument and lifecycle checks, then the provider's table. */
#include "core.h"

static const uint8_t digest_lens[FC_HASH_ALG_COUNT] = {28, 32, 48, 64};
static const uint8_t block_lens[FC_HASH_ALG_COUNT] = {64, 64, 128, 128};

size_t fc_hash_digest_len(fc_hash_alg alg)
{
    return fc_core_hash_alg_valid(alg) ? digest_lens[alg] : 0;
}

size_t fc_hash_block_len(fc_hash_alg alg)
{
    return fc_core_hash_alg_valid(alg) ? block_lens[alg] : 0;
}

fc_status fc_hash_init(fc_hash_ctx *ctx, fc_hash_alg alg, const fc_provider *provider)
{
    const fc_hash_vt *vt;
    fc_status st;
    if (ctx == NULL)
        return FC_ERR_NULL;
    if (!fc_core_hash_alg_valid(alg))
        return FC_ERR_ARGUMENT;
    vt = fc_core_provider(provider)->hash[alg];
    if (vt == NULL)
        return FC_ERR_UNSUPPORTED;
    /* Re-initialising a live context would leak a provider's outside state. */
    if (ctx->magic == FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    fc_zeroize(ctx, sizeof(*ctx));
    ctx->vt = vt;
    ctx->alg = (uint32_t)alg;
    st = vt->init(ctx);
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
    st = ctx->vt->update(ctx, data, len);
    if (st != FC_OK)
        fc_hash_abort(ctx);
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
    dlen = digest_lens[ctx->alg];
    if (out_len < dlen)
        return FC_ERR_LENGTH; /* the context stays usable: the caller may retry */
    st = ctx->vt->final(ctx, digest);
    if (st == FC_OK)
        memcpy(out, digest, dlen);
    fc_zeroize(digest, sizeof(digest));
    if (ctx->vt->release != NULL)
        ctx->vt->release(ctx);
    fc_zeroize(&ctx->st, sizeof(ctx->st));
    ctx->magic = FC_MAGIC_DONE;
    return st;
}

void fc_hash_abort(fc_hash_ctx *ctx)
{
    if (ctx == NULL)
        return;
    if (ctx->magic == FC_MAGIC_ACTIVE && ctx->vt != NULL && ctx->vt->release != NULL)
        ctx->vt->release(ctx);
    fc_zeroize(ctx, sizeof(*ctx));
}

fc_status fc_hash(fc_hash_alg alg, const fc_provider *provider, const uint8_t *data, size_t len,
                  uint8_t *out, size_t out_len)
{
    fc_hash_ctx ctx;
    fc_status st;
    if (out == NULL || (data == NULL && len > 0))
        return FC_ERR_NULL;
    if (!fc_core_hash_alg_valid(alg))
        return FC_ERR_ARGUMENT;
    if (out_len < digest_lens[alg])
        return FC_ERR_LENGTH;
    ctx.magic = 0;
    st = fc_hash_init(&ctx, alg, provider);
    if (st == FC_OK)
        st = fc_hash_update(&ctx, data, len);
    if (st == FC_OK)
        return fc_hash_final(&ctx, out, out_len);
    fc_hash_abort(&ctx);
    return st;
}

fc_status fc_sha224(uint8_t out[FC_SHA224_LEN], const uint8_t *data, size_t len)
{
    return fc_hash(FC_SHA224, NULL, data, len, out, FC_SHA224_LEN);
}

fc_status fc_sha256(uint8_t out[FC_SHA256_LEN], const uint8_t *data, size_t len)
{
    return fc_hash(FC_SHA256, NULL, data, len, out, FC_SHA256_LEN);
}

fc_status fc_sha384(uint8_t out[FC_SHA384_LEN], const uint8_t *data, size_t len)
{
    return fc_hash(FC_SHA384, NULL, data, len, out, FC_SHA384_LEN);
}

fc_status fc_sha512(uint8_t out[FC_SHA512_LEN], const uint8_t *data, size_t len)
{
    return fc_hash(FC_SHA512, NULL, data, len, out, FC_SHA512_LEN);
}
