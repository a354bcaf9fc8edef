/* Stream cipher front end: length checks, the chain walk at init, keystream buffering over the
 * bound implementation's block function. Also the two small modes over a stream cipher with a
 * subkey function: XNONCE (XSalsa20 = Salsa20 keyed with HSalsa20(key, nonce[0..16]) and
 * nonce[16..24]; XChaCha20 likewise, with 4 zero bytes before ChaCha20's 8) and SUBKEY
 * (HSalsa20, HChaCha20 themselves). */
#include "core.h"

/* Word access to byte buffers that are 4-aligned: through a type that may alias them. */
#if defined(__GNUC__) || defined(__clang__)
#define STREAM_WORDS 1
#define STREAM_NOINLINE __attribute__((noinline))
typedef uint32_t __attribute__((may_alias)) stream_word;
#else
#define STREAM_WORDS 0
#define STREAM_NOINLINE
#endif

/* out = in ^ ks for n bytes of the buffered keystream: four words at a time where out, in and
 * ks are all 4-aligned (the keystream buffer is, from its start), bytes otherwise and for the
 * tail. Per byte the word path is some 4 times cheaper on the Cortex-M0+. */
/* (on its own, the loops get registers enough on the Cortex-M0) */
STREAM_NOINLINE static void xor_keystream(uint8_t *out, const uint8_t *in, const uint8_t *ks,
                                          size_t n)
{
#if STREAM_WORDS
    if ((((uintptr_t)out | (uintptr_t)in | (uintptr_t)ks) & 3u) == 0) {
        stream_word *o = (stream_word *)(void *)out;
        const stream_word *x = (const stream_word *)(const void *)in;
        const stream_word *k = (const stream_word *)(const void *)ks;
        const stream_word *end = x + (n / 16) * 4;
        while (x != end) {
            o[0] = x[0] ^ k[0];
            o[1] = x[1] ^ k[1];
            o[2] = x[2] ^ k[2];
            o[3] = x[3] ^ k[3];
            o += 4, x += 4, k += 4;
        }
        out = (uint8_t *)(void *)o, in = (const uint8_t *)(const void *)x;
        ks = (const uint8_t *)(const void *)k;
        n %= 16;
    }
#endif
    while (n--)
        *out++ = (uint8_t)(*in++ ^ *ks++);
}

/* nonce lengths alg takes: its list length, and the original ChaCha20's 8 bytes */
static int nonce_len_ok(fc_alg alg, const fc_alg_entry *e, size_t nonce_len)
{
    return nonce_len == e->nonce || (alg == FC_CHACHA20 && nonce_len == 8);
}

/* ctx on provider p: its own implementation, or the XNONCE mode over its base (the base keyed
 * with the subkey of the key and the nonce's first 16 bytes, and the rest of the nonce) */
static fc_status init_on(fc_stream_ctx *ctx, const fc_provider *p, fc_alg alg,
                         const fc_alg_entry *e, const uint8_t *key, size_t key_len,
                         const uint8_t *nonce, size_t nonce_len, uint64_t counter)
{
    const fc_impl *impl = fc_core_own(p, alg);
    uint8_t subkey[32], base_nonce[12];
    fc_status st = FC_OK;
    int xnonce = impl == NULL && e->mode == FC_MODE_XNONCE;
    if (xnonce && (impl = fc_core_own(p, (fc_alg)e->base)) != NULL &&
        impl->ops.stream.subkey == NULL)
        impl = NULL;
    if (impl == NULL)
        return FC_ERR_UNSUPPORTED;
    if (!fc_core_state_fits(impl, sizeof(ctx->state)))
        return FC_ERR_PROVIDER;
    ctx->impl = impl;
    if (xnonce) {
        /* the base's nonce: the last 8 bytes, after 4 zero bytes when it takes 12 (XChaCha20) */
        nonce_len = fc_core_alg((fc_alg)e->base)->nonce;
        memset(base_nonce, 0, sizeof(base_nonce));
        memcpy(base_nonce + nonce_len - 8, nonce + 16, 8);
        st = impl->ops.stream.subkey(impl, subkey, key, nonce);
        key = subkey, key_len = sizeof(subkey), nonce = base_nonce;
    }
    if (st == FC_OK)
        st = impl->ops.stream.init(impl, ctx->state.bytes, key, key_len, nonce, nonce_len,
                                   counter);
    fc_zeroize(subkey, sizeof(subkey));
    fc_zeroize(base_nonce, sizeof(base_nonce));
    return st;
}

fc_status fc_stream_init(fc_stream_ctx *ctx, const fc_provider *provider, fc_alg alg,
                         const uint8_t *key, size_t key_len, const uint8_t *nonce,
                         size_t nonce_len, uint64_t counter)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_STREAM);
    const fc_provider *p;
    fc_status st = FC_ERR_UNSUPPORTED;
    if (ctx == NULL || key == NULL || nonce == NULL)
        return FC_ERR_NULL;
    if (e == NULL || e->mode == FC_MODE_SUBKEY)
        return FC_ERR_ARGUMENT; /* HSalsa20 is no stream: fc_stream_subkey */
    if (!fc_core_key_len_ok(alg, key_len) || !nonce_len_ok(alg, e, nonce_len))
        return FC_ERR_LENGTH;
    if (ctx->magic == FC_MAGIC_ACTIVE)
        return FC_ERR_STATE; /* re-keying a live stream would repeat keystream: wipe it first */
    fc_zeroize(ctx, sizeof(*ctx));
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next) {
        st = init_on(ctx, p, alg, e, key, key_len, nonce, nonce_len, counter);
        if (st != FC_OK)
            fc_zeroize(ctx, sizeof(*ctx));
    }
    if (st != FC_OK)
        return st;
    ctx->alg = (uint32_t)alg;
    ctx->used = e->block; /* no keystream buffered yet */
    ctx->magic = FC_MAGIC_ACTIVE;
    return FC_OK;
}

fc_status fc_stream_xor(fc_stream_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    size_t i, n, block;
    fc_status st;
    if (ctx == NULL || ((in == NULL || out == NULL) && len > 0))
        return FC_ERR_NULL;
    if (ctx->magic != FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    block = fc_core_alg((fc_alg)ctx->alg)->block;
    for (i = 0; i < len; i += n) {
        if (ctx->used == block) {
            st = fc_core_bound(
                ctx->impl->ops.stream.block(ctx->impl, ctx->state.bytes, ctx->keystream));
            if (st != FC_OK) {
                fc_zeroize(out, len); /* no partial output */
                fc_stream_wipe(ctx);
                return st;
            }
            ctx->used = 0;
        }
        n = block - ctx->used; /* what is left of the buffered block, at most the rest of in */
        if (n > len - i)
            n = len - i;
        xor_keystream(out + i, in + i, ctx->keystream + ctx->used, n);
        ctx->used += (uint32_t)n;
    }
    return FC_OK;
}

void fc_stream_wipe(fc_stream_ctx *ctx)
{
    if (ctx == NULL)
        return;
    if (ctx->magic == FC_MAGIC_ACTIVE && ctx->impl != NULL &&
        ctx->impl->ops.stream.release != NULL)
        ctx->impl->ops.stream.release(ctx->impl, ctx->state.bytes);
    fc_zeroize(ctx, sizeof(*ctx));
}

fc_status fc_stream(const fc_provider *provider, fc_alg alg, uint8_t *out, const uint8_t *in,
                    size_t len, const uint8_t *key, size_t key_len, const uint8_t *nonce,
                    size_t nonce_len)
{
    fc_stream_ctx ctx;
    fc_status st;
    if ((in == NULL || out == NULL) && len > 0)
        return FC_ERR_NULL;
    ctx.magic = 0;
    st = fc_stream_init(&ctx, provider, alg, key, key_len, nonce, nonce_len, 0);
    if (st == FC_OK)
        st = fc_stream_xor(&ctx, out, in, len);
    fc_stream_wipe(&ctx);
    return st;
}

fc_status fc_stream_subkey(const fc_provider *provider, fc_alg alg, uint8_t out[32],
                           const uint8_t key[32], const uint8_t in[16])
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_STREAM);
    const fc_provider *p;
    const fc_impl *impl;
    uint8_t tmp[32];
    fc_status st = FC_ERR_UNSUPPORTED;
    if (out == NULL || key == NULL || in == NULL)
        return FC_ERR_NULL;
    if (e == NULL || e->mode != FC_MODE_SUBKEY)
        return FC_ERR_ARGUMENT;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next) {
        impl = fc_core_own(p, alg); /* a provider's own HSalsa20, else its Salsa20's core */
        if (impl == NULL)
            impl = fc_core_own(p, (fc_alg)e->base);
        if (impl != NULL && impl->ops.stream.subkey != NULL)
            st = impl->ops.stream.subkey(impl, tmp, key, in);
    }
    if (st == FC_OK)
        memcpy(out, tmp, sizeof(tmp));
    fc_zeroize(tmp, sizeof(tmp));
    return st;
}
