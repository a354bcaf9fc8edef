/* HMAC front end: argument and lifecycle checks, then the provider's table. */
#include "core.h"

fc_status fc_hmac_init(fc_hmac_ctx *ctx, fc_hash_alg alg, const fc_provider *provider,
                       const uint8_t *key, size_t key_len)
{
    const fc_hmac_vt *vt;
    fc_status st;
    if (ctx == NULL || (key == NULL && key_len > 0))
        return FC_ERR_NULL;
    if (!fc_core_hash_alg_valid(alg))
        return FC_ERR_ARGUMENT;
    vt = fc_core_provider(provider)->hmac[alg];
    if (vt == NULL)
        return FC_ERR_UNSUPPORTED;
    if (ctx->magic == FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    fc_zeroize(ctx, sizeof(*ctx));
    ctx->vt = vt;
    ctx->alg = (uint32_t)alg;
    st = vt->init(ctx, key, key_len);
    if (st != FC_OK) {
        fc_zeroize(ctx, sizeof(*ctx));
        return st;
    }
    ctx->magic = FC_MAGIC_ACTIVE;
    return FC_OK;
}

fc_status fc_hmac_update(fc_hmac_ctx *ctx, const uint8_t *data, size_t len)
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
        fc_hmac_abort(ctx);
    return st;
}

fc_status fc_hmac_final(fc_hmac_ctx *ctx, uint8_t *out, size_t out_len)
{
    uint8_t tag[FC_HASH_MAX_LEN];
    size_t dlen;
    fc_status st;
    if (ctx == NULL || out == NULL)
        return FC_ERR_NULL;
    if (ctx->magic != FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    dlen = fc_hash_digest_len((fc_hash_alg)ctx->alg);
    if (out_len < dlen)
        return FC_ERR_LENGTH;
    st = ctx->vt->final(ctx, tag);
    if (st == FC_OK)
        memcpy(out, tag, dlen);
    fc_zeroize(tag, sizeof(tag));
    if (ctx->vt->release != NULL)
        ctx->vt->release(ctx);
    fc_zeroize(&ctx->inner, sizeof(ctx->inner));
    fc_zeroize(&ctx->outer, sizeof(ctx->outer));
    ctx->magic = FC_MAGIC_DONE;
    return st;
}

void fc_hmac_abort(fc_hmac_ctx *ctx)
{
    if (ctx == NULL)
        return;
    if (ctx->magic == FC_MAGIC_ACTIVE && ctx->vt != NULL && ctx->vt->release != NULL)
        ctx->vt->release(ctx);
    fc_zeroize(ctx, sizeof(*ctx));
}

fc_status fc_hmac(fc_hash_alg alg, const fc_provider *provider, const uint8_t *key, size_t key_len,
                  const uint8_t *data, size_t len, uint8_t *out, size_t out_len)
{
    fc_hmac_ctx ctx;
    fc_status st;
    if (out == NULL || (data == NULL && len > 0) || (key == NULL && key_len > 0))
        return FC_ERR_NULL;
    if (!fc_core_hash_alg_valid(alg))
        return FC_ERR_ARGUMENT;
    if (out_len < fc_hash_digest_len(alg))
        return FC_ERR_LENGTH;
    ctx.magic = 0;
    st = fc_hmac_init(&ctx, alg, provider, key, key_len);
    if (st == FC_OK)
        st = fc_hmac_update(&ctx, data, len);
    if (st == FC_OK)
        return fc_hmac_final(&ctx, out, out_len);
    fc_hmac_abort(&ctx);
    return st;
}

fc_status fc_hmac_verify(fc_hash_alg alg, const fc_provider *provider, const uint8_t *key,
                         size_t key_len, const uint8_t *data, size_t len, const uint8_t *tag,
                         size_t tag_len)
{
    uint8_t expect[FC_HASH_MAX_LEN];
    fc_status st;
    if (tag == NULL)
        return FC_ERR_NULL;
    if (!fc_core_hash_alg_valid(alg))
        return FC_ERR_ARGUMENT;
    if (tag_len == 0 || tag_len > fc_hash_digest_len(alg))
        return FC_ERR_LENGTH;
    st = fc_hmac(alg, provider, key, key_len, data, len, expect, sizeof(expect));
    if (st == FC_OK && !fc_ct_equal(expect, tag, tag_len))
        st = FC_ERR_VERIFY;
    fc_zeroize(expect, sizeof(expect));
    return st;
}

fc_status fc_hmac_sha256(uint8_t out[FC_SHA256_LEN], const uint8_t *key, size_t key_len,
                         const uint8_t *data, size_t len)
{
    return fc_hmac(FC_SHA256, NULL, key, key_len, data, len, out, FC_SHA256_LEN);
}

fc_status fc_hmac_sha512(uint8_t out[FC_SHA512_LEN], const uint8_t *key, size_t key_len,
                         const uint8_t *data, size_t len)
{
    return fc_hmac(FC_SHA512, NULL, key, key_len, data, len, out, FC_SHA512_LEN);
}
