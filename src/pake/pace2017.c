/* The 2017 PACE profile (see pace2017.h): compatibility only; prefer CPace.
 * Constant time: K_pi only keys Salsa20, s and t only enter SHA-512 and Elligator2, scalars only
 * X25519, tags are compared with fc_ct_equal; branches depend on public values and state. */
#include <string.h>

#include "core/core.h"
#include "fieldcrypt/pace2017.h"

#define MAGIC 0x50414345u /* "PACE" */

enum { ST_DEVICE_SENT_M1 = 1, ST_DEVICE_SENT_M3, ST_HANDHELD_SENT_M2, ST_DONE, ST_FAILED };
enum { ROLE_DEVICE = 1, ROLE_HANDHELD = 2 };

fc_status fc_pace2017_derive_kpi(const fc_provider *provider, uint8_t kpi[FC_PACE2017_KPI_LEN],
                                 const uint8_t *password, size_t password_len,
                                 const uint8_t *device_id, size_t device_id_len)
{
    static const char salt[] = "fieldcrypt PACE2017 K_pi v1";
    if (kpi == NULL)
        return FC_ERR_NULL;
    return fc_kdf(provider, FC_HKDF_SHA512, kpi, FC_PACE2017_KPI_LEN, (const uint8_t *)salt,
                  sizeof(salt) - 1, password, password_len, device_id, device_id_len);
}

static void fail(fc_pace2017_ctx *ctx)
{
    fc_zeroize(ctx, sizeof(*ctx));
    ctx->magic = MAGIC;
    ctx->state = ST_FAILED;
}

void fc_pace2017_wipe(fc_pace2017_ctx *ctx)
{
    if (ctx != NULL)
        fc_zeroize(ctx, sizeof(*ctx));
}

static int can_start(const fc_pace2017_ctx *ctx)
{
    return ctx->magic != MAGIC || ctx->state == ST_FAILED;
}

/* s XOR Salsa20/20(K_pi, n)[0..15], in place: encrypts on the device, decrypts on the handheld */
static fc_status mask_s(const fc_pace2017_ctx *ctx, const uint8_t n[8], uint8_t s[16])
{
    return fc_stream(ctx->provider, FC_SALSA20, s, s, 16, ctx->kpi, 32, n, 8);
}

/* G = Elligator2(SHA-512(s || t)[0..31]); the map clears bit 255 as it decodes */
static fc_status generator(const fc_pace2017_ctx *ctx, const uint8_t t[16], uint8_t g[32])
{
    uint8_t st_[32], h[64];
    fc_status st;
    memcpy(st_, ctx->s, 16);
    memcpy(st_ + 16, t, 16);
    st = fc_hash(ctx->provider, FC_SHA512, h, sizeof(h), st_, sizeof(st_));
    if (st == FC_OK)
        st = fc_map(ctx->provider, FC_ELLIGATOR2_CURVE25519, g, h);
    fc_zeroize(st_, sizeof(st_));
    fc_zeroize(h, sizeof(h));
    return st;
}

/* K = X25519(own scalar, peer share), abort on zero; K_H = SHA-512(K): key, T_A, T_B.
 * Writes the tag this side sends into own_tag and keeps the key and the expected peer tag. */
static fc_status derive(fc_pace2017_ctx *ctx, const uint8_t peer_share[32], uint8_t own_tag[16])
{
    uint8_t k[32], kh[64];
    fc_status st;
    if (fc_core_same_u(peer_share, ctx->share, 32))
        return FC_ERR_PROTOCOL; /* our own share reflected back */
    st = fc_xdh(ctx->provider, FC_X25519, k, ctx->scalar, peer_share);
    if (st == FC_OK)
        st = fc_hash(ctx->provider, FC_SHA512, kh, sizeof(kh), k, sizeof(k));
    if (st == FC_OK) {
        int device = ctx->role == ROLE_DEVICE;
        memcpy(ctx->key, kh, 32);
        memcpy(own_tag, kh + (device ? 32 : 48), 16);
        memcpy(ctx->expect_tag, kh + (device ? 48 : 32), 16);
    }
    fc_zeroize(k, sizeof(k));
    fc_zeroize(kh, sizeof(kh));
    fc_zeroize(ctx->scalar, sizeof(ctx->scalar));
    fc_zeroize(ctx->s, sizeof(ctx->s));
    return st;
}

fc_status fc_pace2017_device_start(fc_pace2017_ctx *ctx, const fc_provider *provider,
                                   const fc_rng *rng, uint8_t *msg1, size_t msg1_len,
                                   const uint8_t kpi[FC_PACE2017_KPI_LEN])
{
    uint8_t m[FC_PACE2017_MSG1_LEN];
    fc_status st;
    if (ctx == NULL || kpi == NULL || msg1 == NULL)
        return FC_ERR_NULL;
    if (msg1_len < FC_PACE2017_MSG1_LEN)
        return FC_ERR_LENGTH;
    if (!can_start(ctx))
        return FC_ERR_STATE;
    fc_zeroize(ctx, sizeof(*ctx));
    ctx->provider = provider;
    ctx->role = ROLE_DEVICE;
    memcpy(ctx->kpi, kpi, 32);
    /* randomness, in this order: s, n, y_A */
    st = fc_random_bytes(rng, ctx->s, 16);
    if (st == FC_OK)
        st = fc_random_bytes(rng, m, 8);
    if (st == FC_OK)
        st = fc_random_bytes(rng, ctx->scalar, 32);
    if (st == FC_OK) {
        memcpy(m + 8, ctx->s, 16);
        st = mask_s(ctx, m, m + 8);
    }
    fc_zeroize(ctx->kpi, sizeof(ctx->kpi)); /* K_pi only masks s: not needed any more */
    if (st != FC_OK) {
        fc_zeroize(m, sizeof(m));
        fc_zeroize(ctx, sizeof(*ctx));
        return st;
    }
    memcpy(msg1, m, sizeof(m));
    ctx->magic = MAGIC;
    ctx->state = ST_DEVICE_SENT_M1;
    return FC_OK;
}

fc_status fc_pace2017_handheld_start(fc_pace2017_ctx *ctx, const fc_provider *provider,
                                     const fc_rng *rng, uint8_t *msg2, size_t msg2_len,
                                     const uint8_t kpi[FC_PACE2017_KPI_LEN], const uint8_t *msg1,
                                     size_t msg1_len)
{
    uint8_t t[16], g[32];
    fc_status st;
    if (ctx == NULL || kpi == NULL || msg1 == NULL || msg2 == NULL)
        return FC_ERR_NULL;
    if (msg1_len != FC_PACE2017_MSG1_LEN || msg2_len < FC_PACE2017_MSG2_LEN)
        return FC_ERR_LENGTH;
    if (!can_start(ctx))
        return FC_ERR_STATE;
    fc_zeroize(ctx, sizeof(*ctx));
    ctx->provider = provider;
    ctx->role = ROLE_HANDHELD;
    memcpy(ctx->kpi, kpi, 32);
    memcpy(ctx->s, msg1 + 8, 16);
    st = mask_s(ctx, msg1, ctx->s);
    fc_zeroize(ctx->kpi, sizeof(ctx->kpi)); /* K_pi only unmasks s: not needed any more */
    /* randomness, in this order: t, y_B */
    if (st == FC_OK)
        st = fc_random_bytes(rng, t, 16);
    if (st == FC_OK)
        st = fc_random_bytes(rng, ctx->scalar, 32);
    if (st == FC_OK)
        st = generator(ctx, t, g);
    if (st == FC_OK)
        st = fc_xdh(ctx->provider, FC_X25519, ctx->share, ctx->scalar, g);
    FC_DECLASSIFY(ctx->share, sizeof(ctx->share)); /* Y_B is sent */
    fc_zeroize(g, sizeof(g));
    if (st != FC_OK) {
        fc_zeroize(t, sizeof(t));
        fc_zeroize(ctx, sizeof(*ctx));
        return st;
    }
    memcpy(msg2, t, 16);
    memcpy(msg2 + 16, ctx->share, 32);
    ctx->magic = MAGIC;
    ctx->state = ST_HANDHELD_SENT_M2;
    return FC_OK;
}

fc_status fc_pace2017_device_respond(fc_pace2017_ctx *ctx, uint8_t *msg3, size_t msg3_len,
                                     const uint8_t *msg2, size_t msg2_len)
{
    uint8_t g[32], tag[16];
    fc_status st;
    if (ctx == NULL || msg2 == NULL || msg3 == NULL)
        return FC_ERR_NULL;
    if (ctx->magic != MAGIC || ctx->state != ST_DEVICE_SENT_M1)
        return FC_ERR_STATE;
    if (msg2_len != FC_PACE2017_MSG2_LEN || msg3_len < FC_PACE2017_MSG3_LEN)
        return FC_ERR_LENGTH;
    st = generator(ctx, msg2, g);
    if (st == FC_OK)
        st = fc_xdh(ctx->provider, FC_X25519, ctx->share, ctx->scalar, g);
    FC_DECLASSIFY(ctx->share, sizeof(ctx->share)); /* Y_A is sent */
    if (st == FC_OK)
        st = derive(ctx, msg2 + 16, tag);
    fc_zeroize(g, sizeof(g));
    if (st != FC_OK) {
        fail(ctx);
        return st;
    }
    memcpy(msg3, ctx->share, 32);
    memcpy(msg3 + 32, tag, 16);
    ctx->state = ST_DEVICE_SENT_M3;
    return FC_OK;
}

fc_status fc_pace2017_handheld_finish(fc_pace2017_ctx *ctx, uint8_t *msg4, size_t msg4_len,
                                      const uint8_t *msg3, size_t msg3_len)
{
    uint8_t tag[16];
    fc_status st;
    if (ctx == NULL || msg3 == NULL || msg4 == NULL)
        return FC_ERR_NULL;
    if (ctx->magic != MAGIC || ctx->state != ST_HANDHELD_SENT_M2)
        return FC_ERR_STATE;
    if (msg3_len != FC_PACE2017_MSG3_LEN || msg4_len < FC_PACE2017_MSG4_LEN)
        return FC_ERR_LENGTH;
    st = derive(ctx, msg3, tag);
    if (st == FC_OK && !fc_ct_equal(msg3 + 32, ctx->expect_tag, 16))
        st = FC_ERR_VERIFY;
    if (st != FC_OK) {
        fc_zeroize(tag, sizeof(tag));
        fail(ctx);
        return st;
    }
    memcpy(msg4, tag, 16);
    fc_zeroize(tag, sizeof(tag));
    ctx->state = ST_DONE;
    return FC_OK;
}

fc_status fc_pace2017_device_finish(fc_pace2017_ctx *ctx, const uint8_t *msg4, size_t msg4_len)
{
    if (ctx == NULL || msg4 == NULL)
        return FC_ERR_NULL;
    if (ctx->magic != MAGIC || ctx->state != ST_DEVICE_SENT_M3)
        return FC_ERR_STATE;
    if (msg4_len != FC_PACE2017_MSG4_LEN)
        return FC_ERR_LENGTH;
    if (!fc_ct_equal(msg4, ctx->expect_tag, 16)) {
        fail(ctx);
        return FC_ERR_VERIFY;
    }
    ctx->state = ST_DONE;
    return FC_OK;
}

fc_status fc_pace2017_session_key(fc_pace2017_ctx *ctx, uint8_t *key, size_t key_len)
{
    if (ctx == NULL || key == NULL)
        return FC_ERR_NULL;
    if (ctx->magic != MAGIC || ctx->state != ST_DONE)
        return FC_ERR_STATE;
    if (key_len < FC_PACE2017_KEY_LEN)
        return FC_ERR_LENGTH;
    memcpy(key, ctx->key, FC_PACE2017_KEY_LEN);
    return FC_OK;
}
