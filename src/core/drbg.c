/* DRBG front end (drbg.h): argument, length and lifecycle checks; the entropy source, resolved
 * once at init and never the DRBG itself; the reseed counter and prediction resistance
 * (SP 800-90A Rev. 1, 9.1 to 9.3); then the mechanism: HMAC_DRBG (hmac_drbg.c) or CTR_DRBG
 * (ctr_drbg.c). A failing source or mechanism wipes the context: it must be instantiated
 * again. Entropy drawn here is wiped from the stack on every path. */
#include "core.h"

#define MAX_SEED 48        /* the most a (re)seed draws: CTR_DRBG AES-256 without df */
#define SOURCE_DEPTH 8     /* DRBGs drawing from DRBGs that init follows looking for itself */

static int drbg_fill(void *user, uint8_t *out, size_t len);

static int no_df(unsigned flags)
{
    return (flags & FC_DRBG_NO_DF) != 0;
}

/* Bytes of entropy a (re)seed draws: the security strength; without df, the whole seed
 * (key and block). */
static size_t entropy_need(const fc_alg_entry *e, unsigned flags)
{
    return no_df(flags) ? (size_t)e->key + 16u : e->key;
}

/* The longest personalization or additional input: without df, the seed length (10.2.1). */
static size_t input_max(const fc_alg_entry *e, unsigned flags)
{
    return no_df(flags) ? entropy_need(e, flags) : FC_DRBG_MAX_INPUT;
}

static int entropy_len_ok(const fc_alg_entry *e, unsigned flags, size_t len)
{
    if (no_df(flags))
        return len == entropy_need(e, flags);
    return len >= e->key && len <= FC_DRBG_MAX_INPUT;
}

/* 1 if drawing from src would come back to ctx, directly or through DRBGs drawing from DRBGs
 * (a chain longer than SOURCE_DEPTH is taken for a cycle). */
static int draws_from_itself(const fc_rng *src, const fc_drbg_ctx *ctx)
{
    unsigned depth;
    for (depth = 0; src != NULL && src->fill == drbg_fill; depth++) {
        const fc_drbg_ctx *d = (const fc_drbg_ctx *)src->user;
        if (d == ctx || depth == SOURCE_DEPTH)
            return 1;
        if (d == NULL || d->magic != FC_MAGIC_ACTIVE)
            return 0;
        src = d->source;
    }
    return 0;
}

static fc_status mechanism_seed(fc_drbg_ctx *ctx, int reseed, const fc_core_bytes *in,
                                size_t count)
{
    if (fc_core_alg((fc_alg)ctx->alg)->mode == FC_MODE_HMAC_DRBG)
        return fc_core_hmac_drbg_seed(ctx, reseed, in, count);
    return fc_core_ctr_drbg_seed(ctx, reseed, in, count);
}

static fc_status mechanism_generate(fc_drbg_ctx *ctx, uint8_t *out, size_t len,
                                    const uint8_t *addl, size_t addl_len)
{
    if (fc_core_alg((fc_alg)ctx->alg)->mode == FC_MODE_HMAC_DRBG)
        return fc_core_hmac_drbg_generate(ctx, out, len, addl, addl_len);
    return fc_core_ctr_drbg_generate(ctx, out, len, addl, addl_len);
}

/* 1 if alg (its entry e, NULL if not a DRBG) takes these flags. */
static int flags_ok(const fc_alg_entry *e, unsigned flags)
{
    return e != NULL && (flags & ~(FC_DRBG_PREDICTION_RESISTANCE | FC_DRBG_NO_DF)) == 0 &&
           (!no_df(flags) || e->mode == FC_MODE_CTR_DRBG);
}

/* 9.1 once every argument is checked: a fresh state seeded with entropy, nonce and
 * personalization (in[3]). */
static fc_status instantiate(fc_drbg_ctx *ctx, const fc_provider *provider, fc_alg alg,
                             const fc_rng *source, unsigned flags, const fc_core_bytes *in)
{
    fc_status st;
    fc_zeroize(ctx, sizeof(*ctx));
    ctx->provider = fc_core_provider(provider);
    ctx->source = source;
    ctx->alg = (uint16_t)alg;
    ctx->flags = (uint16_t)flags;
    ctx->reseed_interval = FC_DRBG_RESEED_INTERVAL;
    st = mechanism_seed(ctx, 0, in, 3);
    if (st != FC_OK) {
        fc_zeroize(ctx, sizeof(*ctx));
        return st;
    }
    ctx->reseed_counter = 0;
    ctx->magic = FC_MAGIC_ACTIVE;
    return FC_OK;
}

fc_status fc_drbg_init(fc_drbg_ctx *ctx, const fc_provider *provider, fc_alg alg,
                       const fc_rng *source, unsigned flags, const uint8_t *pers,
                       size_t pers_len)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_DRBG);
    uint8_t material[MAX_SEED + 16]; /* entropy, then the nonce */
    fc_core_bytes in[3];
    size_t entropy_len, nonce_len;
    fc_status st;
    if (ctx == NULL || (pers == NULL && pers_len > 0))
        return FC_ERR_NULL;
    if (!flags_ok(e, flags))
        return FC_ERR_ARGUMENT;
    if (pers_len > input_max(e, flags))
        return FC_ERR_LENGTH;
    if (ctx->magic == FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    if (source == NULL)
        source = fc_core_rng_default(); /* the default now, kept for every reseed */
    if (source == NULL)
        return FC_ERR_NO_RNG;
    if (draws_from_itself(source, ctx))
        return FC_ERR_ARGUMENT;
    entropy_len = entropy_need(e, flags);
    nonce_len = no_df(flags) ? 0 : e->nonce;
    /* two draws, entropy input then nonce, as SP 800-90A names them */
    st = fc_random_bytes(source, material, entropy_len);
    if (st == FC_OK)
        st = fc_random_bytes(source, material + entropy_len, nonce_len);
    if (st == FC_OK) {
        in[0].bytes = material;
        in[0].len = entropy_len;
        in[1].bytes = material + entropy_len;
        in[1].len = nonce_len;
        in[2].bytes = pers;
        in[2].len = pers_len;
        st = instantiate(ctx, provider, alg, source, flags, in);
    } else {
        fc_zeroize(ctx, sizeof(*ctx));
    }
    fc_zeroize(material, sizeof material);
    return st;
}

fc_status fc_drbg_init_seeded(fc_drbg_ctx *ctx, const fc_provider *provider, fc_alg alg,
                              const fc_rng *source, unsigned flags, const uint8_t *entropy,
                              size_t entropy_len, const uint8_t *nonce, size_t nonce_len,
                              const uint8_t *pers, size_t pers_len)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_DRBG);
    fc_core_bytes in[3];
    if (ctx == NULL || entropy == NULL || (nonce == NULL && nonce_len > 0) ||
        (pers == NULL && pers_len > 0))
        return FC_ERR_NULL;
    /* prediction resistance needs a source to reseed from before each generate */
    if (!flags_ok(e, flags) || ((flags & FC_DRBG_PREDICTION_RESISTANCE) && source == NULL) ||
        draws_from_itself(source, ctx))
        return FC_ERR_ARGUMENT;
    if (pers_len > input_max(e, flags) || !entropy_len_ok(e, flags, entropy_len) ||
        nonce_len > (no_df(flags) ? 0u : FC_DRBG_MAX_INPUT))
        return FC_ERR_LENGTH;
    if (ctx->magic == FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    in[0].bytes = entropy;
    in[0].len = entropy_len;
    in[1].bytes = nonce;
    in[1].len = nonce_len;
    in[2].bytes = pers;
    in[2].len = pers_len;
    return instantiate(ctx, provider, alg, source, flags, in);
}

/* 9.2 with the entropy given; a failure wipes the context. */
static fc_status reseed_with(fc_drbg_ctx *ctx, const uint8_t *entropy, size_t entropy_len,
                             const uint8_t *addl, size_t addl_len)
{
    fc_core_bytes in[2];
    fc_status st;
    in[0].bytes = entropy;
    in[0].len = entropy_len;
    in[1].bytes = addl;
    in[1].len = addl_len;
    st = mechanism_seed(ctx, 1, in, 2);
    if (st == FC_OK)
        ctx->reseed_counter = 0;
    else
        fc_drbg_wipe(ctx);
    return st;
}

/* 9.2 with entropy drawn from the context's source (not NULL); a failure wipes the context. */
static fc_status reseed_from_source(fc_drbg_ctx *ctx, const uint8_t *addl, size_t addl_len)
{
    const fc_alg_entry *e = fc_core_alg((fc_alg)ctx->alg);
    size_t n = entropy_need(e, ctx->flags);
    uint8_t entropy[MAX_SEED];
    fc_status st = fc_random_bytes(ctx->source, entropy, n);
    if (st == FC_OK)
        st = reseed_with(ctx, entropy, n, addl, addl_len);
    else
        fc_drbg_wipe(ctx);
    fc_zeroize(entropy, sizeof entropy);
    return st;
}

fc_status fc_drbg_reseed(fc_drbg_ctx *ctx, const uint8_t *entropy, size_t entropy_len,
                         const uint8_t *addl, size_t addl_len)
{
    const fc_alg_entry *e;
    if (ctx == NULL || (entropy == NULL && entropy_len > 0) || (addl == NULL && addl_len > 0))
        return FC_ERR_NULL;
    if (ctx->magic != FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    e = fc_core_alg((fc_alg)ctx->alg);
    if (addl_len > input_max(e, ctx->flags) ||
        (entropy != NULL && !entropy_len_ok(e, ctx->flags, entropy_len)))
        return FC_ERR_LENGTH;
    if (entropy != NULL)
        return reseed_with(ctx, entropy, entropy_len, addl, addl_len);
    if (ctx->source == NULL)
        return FC_ERR_NO_RNG;
    return reseed_from_source(ctx, addl, addl_len);
}

fc_status fc_drbg_generate(fc_drbg_ctx *ctx, uint8_t *out, size_t len, const uint8_t *addl,
                           size_t addl_len)
{
    fc_status st;
    if (ctx == NULL || (out == NULL && len > 0) || (addl == NULL && addl_len > 0))
        return FC_ERR_NULL;
    if (ctx->magic != FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    if (len > FC_DRBG_MAX_REQUEST ||
        addl_len > input_max(fc_core_alg((fc_alg)ctx->alg), ctx->flags))
        return FC_ERR_LENGTH;
    /* 9.3.1 steps 7 and 9: a reseed takes the additional input, the generate then none */
    if ((ctx->flags & FC_DRBG_PREDICTION_RESISTANCE) ||
        ctx->reseed_counter >= ctx->reseed_interval) {
        if (ctx->source == NULL)
            return FC_ERR_RESEED;
        st = reseed_from_source(ctx, addl, addl_len);
        if (st != FC_OK)
            return st;
        addl = NULL;
        addl_len = 0;
    }
    st = mechanism_generate(ctx, out, len, addl, addl_len);
    if (st != FC_OK) {
        if (len > 0)
            fc_zeroize(out, len);
        fc_drbg_wipe(ctx);
        return st;
    }
    ctx->reseed_counter++;
    return FC_OK;
}

fc_status fc_drbg_set_reseed_interval(fc_drbg_ctx *ctx, uint32_t interval)
{
    if (ctx == NULL)
        return FC_ERR_NULL;
    if (interval == 0)
        return FC_ERR_ARGUMENT;
    if (ctx->magic != FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    ctx->reseed_interval = interval;
    return FC_OK;
}

void fc_drbg_wipe(fc_drbg_ctx *ctx)
{
    if (ctx != NULL)
        fc_zeroize(ctx, sizeof(*ctx));
}

/* fc_drbg_rng's fill: generate in requests of at most FC_DRBG_MAX_REQUEST bytes
 * (fc_random_bytes wipes the whole output if one fails). */
static int drbg_fill(void *user, uint8_t *out, size_t len)
{
    fc_drbg_ctx *ctx = (fc_drbg_ctx *)user;
    while (len > 0) {
        size_t n = len < FC_DRBG_MAX_REQUEST ? len : FC_DRBG_MAX_REQUEST;
        if (fc_drbg_generate(ctx, out, n, NULL, 0) != FC_OK)
            return -1;
        out += n;
        len -= n;
    }
    return 0;
}

void fc_drbg_rng(fc_drbg_ctx *ctx, fc_rng *rng)
{
    if (rng == NULL)
        return;
    rng->fill = drbg_fill;
    rng->user = ctx;
}
