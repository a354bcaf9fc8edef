/* HMAC_DRBG (SP 800-90A Rev. 1, 10.1.2) over the MAC family: every HMAC goes through the public
 * fc_mac API on the context's provider chain, so a provider's own HMAC, or the core's HMAC mode
 * over its hash, runs it. The state is K (the HMAC key, outlen bytes) and V (outlen bytes) of
 * fc_drbg_ctx; outlen is the HMAC's tag length (32 for SHA-256, 64 for SHA-512).
 *
 * Constant time: HMAC as fieldcrypt computes it; the only branches are on lengths and
 * statuses, never on K, V or the inputs' bytes. */
#include "core.h"

/* tag = HMAC(K, pieces...): one MAC context on the stack, wiped on every path. tag may be K or
 * V: the key is taken at init and the inputs before final writes the tag. */
static fc_status hmac(const fc_drbg_ctx *ctx, uint8_t *tag, const fc_core_bytes *in,
                      size_t count)
{
    const fc_alg_entry *e = fc_core_alg((fc_alg)ctx->alg);
    fc_mac_ctx mac;
    fc_status st;
    size_t i;
    mac.magic = 0;
    st = fc_mac_init(&mac, ctx->provider, (fc_alg)e->base, ctx->key, e->out);
    for (i = 0; i < count && st == FC_OK; i++)
        st = fc_mac_update(&mac, in[i].bytes, in[i].len);
    if (st == FC_OK)
        st = fc_mac_final(&mac, tag, e->out);
    fc_mac_wipe(&mac);
    return st;
}

/* HMAC_DRBG_Update (10.1.2.2) with provided_data the concatenation of at most three pieces:
 * K = HMAC(K, V || 0x00 || data), V = HMAC(K, V), and, when data is not empty, the same again
 * with 0x01. */
static fc_status update(fc_drbg_ctx *ctx, const fc_core_bytes *data, size_t count)
{
    static const uint8_t separator[2] = {0x00, 0x01};
    size_t outlen = fc_core_alg((fc_alg)ctx->alg)->out, total = 0, i;
    fc_core_bytes in[2 + 3];
    fc_status st = FC_OK;
    unsigned round;
    if (count > 3)
        return FC_ERR_ARGUMENT;
    in[0].bytes = ctx->v;
    in[0].len = outlen;
    for (i = 0; i < count; i++) {
        in[2 + i] = data[i];
        total += data[i].len;
    }
    for (round = 0; round < 2 && st == FC_OK; round++) {
        in[1].bytes = &separator[round];
        in[1].len = 1;
        st = hmac(ctx, ctx->key, in, 2 + count);
        if (st == FC_OK)
            st = hmac(ctx, ctx->v, in, 1);
        if (total == 0)
            break;
    }
    return st;
}

fc_status fc_core_hmac_drbg_seed(fc_drbg_ctx *ctx, int reseed, const fc_core_bytes *in,
                                 size_t count)
{
    if (!reseed) { /* 10.1.2.3: K = 0x00 00 ... 00, V = 0x01 01 ... 01 */
        size_t outlen = fc_core_alg((fc_alg)ctx->alg)->out;
        memset(ctx->key, 0x00, outlen);
        memset(ctx->v, 0x01, outlen);
    }
    return update(ctx, in, count); /* 10.1.2.3 / 10.1.2.4 */
}

/* 10.1.2.5; the front end has reseeded first if the counter or prediction resistance asked. */
fc_status fc_core_hmac_drbg_generate(fc_drbg_ctx *ctx, uint8_t *out, size_t len,
                                     const uint8_t *addl, size_t addl_len)
{
    size_t outlen = fc_core_alg((fc_alg)ctx->alg)->out;
    fc_core_bytes a;
    fc_status st = FC_OK;
    a.bytes = addl;
    a.len = addl_len;
    if (addl_len > 0)
        st = update(ctx, &a, 1);
    while (len > 0 && st == FC_OK) {
        size_t n = len < outlen ? len : outlen;
        fc_core_bytes v;
        v.bytes = ctx->v;
        v.len = outlen;
        st = hmac(ctx, ctx->v, &v, 1);
        if (st == FC_OK)
            memcpy(out, ctx->v, n);
        out += n;
        len -= n;
    }
    if (st == FC_OK)
        st = update(ctx, &a, 1); /* with an empty addl: the first round only */
    return st;
}
