/* AEAD front end (aead.h): argument, length and lifecycle checks; the chain walk at init (a
 * provider's own AEAD, else the core's mode over the provider's own base: GCM over its AES,
 * which gcm.c keys with its hash key; CCM over its AES keyed for encryption; ChaCha20-
 * Poly1305 over its ChaCha20, the key kept in the state and Poly1305 found from the same
 * provider on); then seal and open on the bound implementation.
 *
 * Output discipline: a refused call (NULL, state, length) writes nothing; a seal that fails
 * wipes out and tag, an open that fails wipes out, so unauthenticated plaintext never
 * reaches the caller. The context stays keyed after FC_ERR_VERIFY (a forged packet must not
 * end a link); a fault of the implementation (any other failure of a bound call) wipes it.
 */
#include "core.h"

/* len <= max, for limits above what a 32-bit size_t holds */
static int at_most(uint64_t len, uint64_t max)
{
    return len <= max;
}

/* The lengths aead.h gives, by the algorithm's mode (whoever implements it). */
static fc_status check_lengths(const fc_alg_entry *e, size_t tag_len, size_t nonce_len,
                               size_t aad_len, size_t len)
{
    const uint64_t bits_max = ((uint64_t)1 << 61) - 1; /* 2^64 - 1 bits, in bytes */
    size_t q = 15 - nonce_len;
    switch (e->mode) {
    case FC_MODE_GCM: /* SP 800-38D 5.2.1.1 and 5.2.1.2 */
        if (nonce_len < 1 || !at_most(nonce_len, bits_max) || !at_most(aad_len, bits_max) ||
            !at_most(len, ((uint64_t)1 << 36) - 32))
            return FC_ERR_LENGTH;
        if (tag_len != 4 && tag_len != 8 && (tag_len < 12 || tag_len > 16))
            return FC_ERR_LENGTH;
        return FC_OK;
    case FC_MODE_CCM: /* SP 800-38C A.1: the length fits its q-byte field */
        if (nonce_len < 7 || nonce_len > 13 || tag_len < 4 || tag_len > 16 || tag_len % 2 != 0)
            return FC_ERR_LENGTH;
        if (q < 8 && ((uint64_t)len >> (8 * q)) != 0)
            return FC_ERR_LENGTH;
        return FC_OK;
    default: /* ChaCha20-Poly1305: the 32-bit block counter, block 0 for Poly1305's key */
        if (nonce_len != e->nonce || tag_len != 16 || !at_most(len, ((uint64_t)1 << 38) - 64))
            return FC_ERR_LENGTH;
        return FC_OK;
    }
}

/* ctx keyed on provider p, or FC_ERR_UNSUPPORTED (p has neither the AEAD nor its base, or
 * declined) */
static fc_status init_on(fc_aead_ctx *ctx, const fc_provider *p, fc_alg alg,
                         const fc_alg_entry *e, const uint8_t *key, size_t key_len)
{
    const fc_impl *impl = fc_core_own(p, alg);
    if (impl != NULL) {
        if (!fc_core_state_fits(impl, sizeof(ctx->state)))
            return FC_ERR_PROVIDER;
        ctx->impl = impl;
        ctx->mode = FC_MODE_NONE;
        return impl->ops.aead.init(impl, ctx->state.bytes, key, key_len);
    }
    ctx->mode = e->mode;
    switch (e->mode) {
    case FC_MODE_GCM:
        if ((impl = fc_core_own(p, (fc_alg)e->base)) == NULL)
            return FC_ERR_UNSUPPORTED;
        ctx->impl = impl;
        return fc_core_gcm_init(impl, ctx->state.bytes, key, key_len);
    case FC_MODE_CCM:
        return fc_core_block_init_on(&ctx->impl, ctx->state.bytes, sizeof(ctx->state), p,
                                     (fc_alg)e->base, FC_ENCRYPT, key, key_len);
    case FC_MODE_CHAPOLY:
        /* XChaCha20-Poly1305 also needs the provider's HChaCha20 */
        if ((impl = fc_core_own(p, (fc_alg)e->base)) == NULL ||
            (e->nonce == 24 && impl->ops.stream.subkey == NULL))
            return FC_ERR_UNSUPPORTED;
        ctx->impl = impl;
        ctx->provider = p;
        memcpy(ctx->state.bytes, key, 32); /* each message keys its own ChaCha20 */
        return FC_OK;
    default:
        return FC_ERR_UNSUPPORTED;
    }
}

fc_status fc_aead_init(fc_aead_ctx *ctx, const fc_provider *provider, fc_alg alg,
                       const uint8_t *key, size_t key_len)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_AEAD);
    const fc_provider *p;
    fc_status st = FC_ERR_UNSUPPORTED;
    if (ctx == NULL || key == NULL)
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    if (!fc_core_key_len_ok(alg, key_len))
        return FC_ERR_LENGTH;
    if (ctx->magic == FC_MAGIC_ACTIVE)
        return FC_ERR_STATE; /* wipe it first */
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next) {
        fc_zeroize(ctx, sizeof(*ctx)); /* an implementation gets a zeroed state */
        st = init_on(ctx, p, alg, e, key, key_len);
    }
    if (st != FC_OK) {
        fc_zeroize(ctx, sizeof(*ctx));
        return st;
    }
    ctx->alg = (uint16_t)alg;
    ctx->magic = FC_MAGIC_ACTIVE;
    return FC_OK;
}

static void release(fc_aead_ctx *ctx)
{
    if (ctx->mode == FC_MODE_GCM || ctx->mode == FC_MODE_CCM)
        fc_core_block_release(ctx->impl, ctx->state.bytes);
    else if (ctx->mode == FC_MODE_NONE && ctx->impl->ops.aead.release != NULL)
        ctx->impl->ops.aead.release(ctx->impl, ctx->state.bytes);
}

void fc_aead_wipe(fc_aead_ctx *ctx)
{
    if (ctx == NULL)
        return;
    if (ctx->magic == FC_MAGIC_ACTIVE && ctx->impl != NULL)
        release(ctx);
    fc_zeroize(ctx, sizeof(*ctx));
}

/* CHAPOLY keys ChaCha20 (and HChaCha20) per message, so a driver may decline there, after
 * fc_aead_init chose it: the message then goes down the chain to the next provider with the
 * cipher, as a decline at init would have sent it. The mode declines only before it writes
 * out, so in-place calls are safe to retry. expect NULL: seal; else open with tag expect. */
static fc_status chapoly_on_chain(const fc_aead_ctx *ctx, uint8_t *out, uint8_t *tag,
                                  size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                  const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                  size_t len, const uint8_t *expect)
{
    const fc_alg_entry *e = fc_core_alg((fc_alg)ctx->alg);
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st = FC_ERR_UNSUPPORTED;
    for (p = ctx->provider; p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next) {
        impl = p == ctx->provider ? ctx->impl : fc_core_own(p, (fc_alg)e->base);
        if (impl == NULL || (e->nonce == 24 && impl->ops.stream.subkey == NULL))
            continue;
        st = expect == NULL
                 ? fc_core_chapoly_seal(impl, p, ctx->state.bytes, out, tag, tag_len, nonce,
                                        nonce_len, aad, aad_len, in, len)
                 : fc_core_chapoly_open(impl, p, ctx->state.bytes, out, nonce, nonce_len, aad,
                                        aad_len, in, len, expect, tag_len);
    }
    return st;
}

/* The checks seal and open share: FC_OK when the call may run. */
static fc_status check_call(const fc_aead_ctx *ctx, const uint8_t *out, const uint8_t *nonce,
                            const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                            const uint8_t *tag, size_t tag_len, size_t nonce_len)
{
    if (ctx == NULL || tag == NULL || nonce == NULL || (aad == NULL && aad_len > 0) ||
        ((in == NULL || out == NULL) && len > 0))
        return FC_ERR_NULL;
    if (ctx->magic != FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    return check_lengths(fc_core_alg((fc_alg)ctx->alg), tag_len, nonce_len, aad_len, len);
}

fc_status fc_aead_seal(fc_aead_ctx *ctx, uint8_t *out, uint8_t *tag, size_t tag_len,
                       const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                       size_t aad_len, const uint8_t *in, size_t len)
{
    fc_status st = check_call(ctx, out, nonce, aad, aad_len, in, len, tag, tag_len, nonce_len);
    if (st != FC_OK)
        return st;
    switch (ctx->mode) {
    case FC_MODE_GCM:
        st = fc_core_gcm_seal(ctx->impl, ctx->state.bytes, out, tag, tag_len, nonce,
                              nonce_len, aad, aad_len, in, len);
        break;
    case FC_MODE_CCM:
        st = fc_core_ccm_seal(ctx->impl, ctx->state.bytes, out, tag, tag_len, nonce,
                              nonce_len, aad, aad_len, in, len);
        break;
    case FC_MODE_CHAPOLY:
        st = chapoly_on_chain(ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, len,
                              NULL);
        break;
    default:
        st = ctx->impl->ops.aead.seal(ctx->impl, ctx->state.bytes, out, tag, tag_len, nonce,
                                      nonce_len, aad, aad_len, in, len);
        break;
    }
    st = fc_core_bound(st);
    if (st != FC_OK) {
        if (len > 0)
            fc_zeroize(out, len);
        fc_zeroize(tag, tag_len);
        fc_aead_wipe(ctx); /* a fault: the implementation's state is not to be trusted */
    }
    return st;
}

fc_status fc_aead_open(fc_aead_ctx *ctx, uint8_t *out, const uint8_t *nonce, size_t nonce_len,
                       const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                       const uint8_t *tag, size_t tag_len)
{
    fc_status st = check_call(ctx, out, nonce, aad, aad_len, in, len, tag, tag_len, nonce_len);
    if (st != FC_OK)
        return st;
    switch (ctx->mode) {
    case FC_MODE_GCM:
        st = fc_core_gcm_open(ctx->impl, ctx->state.bytes, out, nonce, nonce_len, aad,
                              aad_len, in, len, tag, tag_len);
        break;
    case FC_MODE_CCM:
        st = fc_core_ccm_open(ctx->impl, ctx->state.bytes, out, nonce, nonce_len, aad,
                              aad_len, in, len, tag, tag_len);
        break;
    case FC_MODE_CHAPOLY:
        st = chapoly_on_chain(ctx, out, NULL, tag_len, nonce, nonce_len, aad, aad_len, in,
                              len, tag);
        break;
    default:
        st = ctx->impl->ops.aead.open(ctx->impl, ctx->state.bytes, out, nonce, nonce_len, aad,
                                      aad_len, in, len, tag, tag_len);
        break;
    }
    st = fc_core_bound(st);
    if (st != FC_OK && len > 0)
        fc_zeroize(out, len); /* whatever was decrypted before the tag was known */
    if (st != FC_OK && st != FC_ERR_VERIFY)
        fc_aead_wipe(ctx); /* a fault, not a forgery */
    return st;
}

/* The checks of a one-shot call, before any key schedule is made. */
static fc_status check_oneshot(fc_alg alg, const uint8_t *out, const uint8_t *tag,
                               size_t tag_len, const uint8_t *key, size_t key_len,
                               const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                               size_t aad_len, const uint8_t *in, size_t len)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_AEAD);
    if (tag == NULL || key == NULL || nonce == NULL || (aad == NULL && aad_len > 0) ||
        ((in == NULL || out == NULL) && len > 0))
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    if (!fc_core_key_len_ok(alg, key_len))
        return FC_ERR_LENGTH;
    return check_lengths(e, tag_len, nonce_len, aad_len, len);
}

fc_status fc_aead_encrypt(const fc_provider *provider, fc_alg alg, uint8_t *out, uint8_t *tag,
                          size_t tag_len, const uint8_t *key, size_t key_len,
                          const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                          size_t aad_len, const uint8_t *in, size_t len)
{
    fc_aead_ctx ctx;
    fc_status st = check_oneshot(alg, out, tag, tag_len, key, key_len, nonce, nonce_len, aad,
                                 aad_len, in, len);
    if (st != FC_OK)
        return st;
    ctx.magic = 0;
    st = fc_aead_init(&ctx, provider, alg, key, key_len);
    if (st == FC_OK)
        st = fc_aead_seal(&ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, len);
    fc_aead_wipe(&ctx);
    return st;
}

fc_status fc_aead_decrypt(const fc_provider *provider, fc_alg alg, uint8_t *out,
                          const uint8_t *key, size_t key_len, const uint8_t *nonce,
                          size_t nonce_len, const uint8_t *aad, size_t aad_len,
                          const uint8_t *in, size_t len, const uint8_t *tag, size_t tag_len)
{
    fc_aead_ctx ctx;
    fc_status st = check_oneshot(alg, out, tag, tag_len, key, key_len, nonce, nonce_len, aad,
                                 aad_len, in, len);
    if (st != FC_OK)
        return st;
    ctx.magic = 0;
    st = fc_aead_init(&ctx, provider, alg, key, key_len);
    if (st == FC_OK)
        st = fc_aead_open(&ctx, out, nonce, nonce_len, aad, aad_len, in, len, tag, tag_len);
    fc_aead_wipe(&ctx);
    return st;
}
