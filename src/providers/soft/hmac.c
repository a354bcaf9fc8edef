/* HMAC (RFC 2104, FIPS 198-1) over the soft SHA-2 functions, one table for all four hashes.
 *
 * init keys two hash states, inner with K ^ ipad and outer with K ^ opad; update feeds inner;
 * final closes inner and feeds that digest to outer. Branches depend on ctx->alg and lengths
 * only, never on key or data bytes.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "providers/soft/soft.h"

#define FC_HMAC_HAVE_256 (FC_WITH_SHA224 || FC_WITH_SHA256)
#define FC_HMAC_HAVE_512 (FC_WITH_SHA384 || FC_WITH_SHA512)

#if FC_HMAC_HAVE_256 || FC_HMAC_HAVE_512

static int is_512(uint32_t alg)
{
    return alg == FC_SHA384 || alg == FC_SHA512;
}

static size_t block_len(uint32_t alg)
{
    return is_512(alg) ? 128 : 64;
}

/* Thin dispatch to the SHA-256 or SHA-512 family; the core only hands us enabled algs. */
static void h_start(fc_hash_state *s, uint32_t alg)
{
#if FC_HMAC_HAVE_512
    if (is_512(alg)) {
        fc_soft_sha512_start(&s->sha512, alg == FC_SHA384);
        return;
    }
#endif
#if FC_HMAC_HAVE_256
    fc_soft_sha256_start(&s->sha256, alg == FC_SHA224);
#endif
}

static void h_absorb(fc_hash_state *s, uint32_t alg, const uint8_t *data, size_t len)
{
    (void)alg; /* unused when only the SHA-256 family is built */
#if FC_HMAC_HAVE_512
    if (is_512(alg)) {
        fc_soft_sha512_absorb(&s->sha512, data, len);
        return;
    }
#endif
#if FC_HMAC_HAVE_256
    fc_soft_sha256_absorb(&s->sha256, data, len);
#endif
}

/* Writes the digest length and wipes *s. */
static void h_finish(fc_hash_state *s, uint32_t alg, uint8_t *out)
{
#if FC_HMAC_HAVE_512
    if (is_512(alg)) {
        fc_soft_sha512_finish(&s->sha512, out, fc_hash_digest_len((fc_hash_alg)alg));
        return;
    }
#endif
#if FC_HMAC_HAVE_256
    fc_soft_sha256_finish(&s->sha256, out, fc_hash_digest_len((fc_hash_alg)alg));
#endif
}

static fc_status hmac_init(fc_hmac_ctx *ctx, const uint8_t *key, size_t key_len)
{
    uint8_t k[FC_HASH_MAX_BLOCK];
    uint32_t alg = ctx->alg;
    size_t bl = block_len(alg), i;

    /* K0: the key zero-padded to a block, or its digest zero-padded if it is longer. */
    memset(k, 0, sizeof k);
    if (key_len > bl) {
        h_start(&ctx->inner, alg); /* inner is free until keyed below; finish wipes it */
        h_absorb(&ctx->inner, alg, key, key_len);
        h_finish(&ctx->inner, alg, k);
    } else if (key_len != 0) {
        memcpy(k, key, key_len); /* key may be NULL when key_len is 0 */
    }

    for (i = 0; i < bl; i++)
        k[i] ^= 0x36;
    h_start(&ctx->inner, alg);
    h_absorb(&ctx->inner, alg, k, bl);

    for (i = 0; i < bl; i++)
        k[i] ^= 0x36 ^ 0x5c; /* ipad -> opad in place */
    h_start(&ctx->outer, alg);
    h_absorb(&ctx->outer, alg, k, bl);

    fc_zeroize(k, sizeof k);
    return FC_OK;
}

static fc_status hmac_update(fc_hmac_ctx *ctx, const uint8_t *data, size_t len)
{
    h_absorb(&ctx->inner, ctx->alg, data, len);
    return FC_OK;
}

static fc_status hmac_final(fc_hmac_ctx *ctx, uint8_t *out)
{
    uint8_t d[FC_HASH_MAX_LEN];
    uint32_t alg = ctx->alg;

    h_finish(&ctx->inner, alg, d); /* wipes inner */
    h_absorb(&ctx->outer, alg, d, fc_hash_digest_len((fc_hash_alg)alg));
    h_finish(&ctx->outer, alg, out); /* wipes outer */
    fc_zeroize(d, sizeof d);
    return FC_OK;
}

const fc_hmac_vt fc_soft_hmac_vt = { hmac_init, hmac_update, hmac_final, NULL };

#endif /* any SHA-2 enabled */
