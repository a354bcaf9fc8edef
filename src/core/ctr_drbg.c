/* CTR_DRBG (SP 800-90A Rev. 1, 10.2.1) over AES-128 or AES-256 through the block cipher family
 * (cipher.h) on the context's provider chain, with or without the derivation function
 * Block_Cipher_df (10.3.2). The state is Key (keylen bytes) and V (one block) of fc_drbg_ctx;
 * the counter is the whole 128-bit V (ctr_len = blocklen, as the CAVP vectors use).
 *
 * One block cipher context on the stack, keyed again whenever Key changes and wiped on every
 * path. Counter blocks go to the cipher in batches: Update's two or three in one call,
 * generate's whole output blocks in one call (written into the output and encrypted in place),
 * and the derivation function's two or three BCC chains side by side, one call per block of
 * input.
 *
 * Constant time: AES as fieldcrypt computes it; V is incremented with a carry through every
 * byte; the only branches are on lengths and statuses. */
#include "core.h"

#define BLOCK 16
#define MAX_SEEDLEN (32 + BLOCK)

static size_t key_len(const fc_drbg_ctx *ctx)
{
    return fc_core_alg((fc_alg)ctx->alg)->key;
}

/* V = V + 1 mod 2^128 */
static void increment(uint8_t v[BLOCK])
{
    unsigned carry = 1;
    int i;
    for (i = BLOCK - 1; i >= 0; i--) {
        carry += v[i];
        v[i] = (uint8_t)carry;
        carry >>= 8;
    }
}

/* bc keyed for encryption with key (the DRBG's key length); the previous schedule wiped first */
static fc_status rekey(fc_block_ctx *bc, const fc_drbg_ctx *ctx, const uint8_t *key)
{
    fc_block_wipe(bc);
    return fc_block_init(bc, ctx->provider, FC_AES, FC_ENCRYPT, key, key_len(ctx));
}

/* CTR_DRBG_Update (10.2.1.2) with bc keyed with the current Key; provided is seedlen bytes,
 * or NULL for zeros. bc is stale afterwards (Key has changed). */
static fc_status update(fc_block_ctx *bc, fc_drbg_ctx *ctx, const uint8_t *provided)
{
    uint8_t temp[MAX_SEEDLEN];
    size_t kl = key_len(ctx), seedlen = kl + BLOCK, i;
    fc_status st;
    for (i = 0; i < seedlen; i += BLOCK) {
        increment(ctx->v);
        memcpy(temp + i, ctx->v, BLOCK);
    }
    st = fc_block_encrypt(bc, temp, temp, seedlen);
    if (st == FC_OK) {
        for (i = 0; provided != NULL && i < seedlen; i++)
            temp[i] ^= provided[i];
        memcpy(ctx->key, temp, kl);
        memcpy(ctx->v, temp + kl, BLOCK);
    }
    fc_zeroize(temp, sizeof temp);
    return st;
}

/* Block_Cipher_df's BCC (10.3.3) over S for every chain at once: chain i starts as
 * E(K, IV_i) and takes each block of S as chain = E(K, chain ^ block). */
typedef struct bcc_chains {
    fc_block_ctx *bc;
    uint8_t chains[MAX_SEEDLEN]; /* one block per chain */
    uint8_t block[BLOCK];        /* S, a block at a time */
    size_t count, used;          /* chains; bytes in block */
    fc_status st;
} bcc_chains;

static void bcc_absorb(bcc_chains *b, const uint8_t *data, size_t len)
{
    while (len > 0) {
        size_t take = BLOCK - b->used < len ? BLOCK - b->used : len, c, j;
        memcpy(b->block + b->used, data, take);
        b->used += take;
        data += take;
        len -= take;
        if (b->used < BLOCK)
            break;
        for (c = 0; c < b->count; c++)
            for (j = 0; j < BLOCK; j++)
                b->chains[BLOCK * c + j] ^= b->block[j];
        if (b->st == FC_OK)
            b->st = fc_block_encrypt(b->bc, b->chains, b->chains, BLOCK * b->count);
        b->used = 0;
    }
}

static void put32(uint8_t *p, size_t x)
{
    p[0] = (uint8_t)(x >> 24);
    p[1] = (uint8_t)(x >> 16);
    p[2] = (uint8_t)(x >> 8);
    p[3] = (uint8_t)x;
}

/* Block_Cipher_df (10.3.2): seedlen bytes into out from the concatenation of the pieces. */
static fc_status block_cipher_df(fc_block_ctx *bc, const fc_drbg_ctx *ctx, uint8_t *out,
                                 const fc_core_bytes *in, size_t count)
{
    static const uint8_t df_key[32] = {
        0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a,
        0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15,
        0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f};
    static const uint8_t end[BLOCK] = {0x80}; /* S's end marker, then its zero padding */
    size_t kl = key_len(ctx), seedlen = kl + BLOCK, total = 0, i;
    const uint8_t *x;
    uint8_t lengths[8];
    bcc_chains b;
    fc_status st;
    memset(&b, 0, sizeof b);
    b.bc = bc;
    b.count = seedlen / BLOCK;
    for (i = 0; i < count; i++)
        total += in[i].len;
    /* IV_i: i as a 32-bit big-endian integer, zero-padded to a block; BCC's first step */
    for (i = 0; i < b.count; i++)
        b.chains[BLOCK * i + 3] = (uint8_t)i;
    b.st = rekey(bc, ctx, df_key);
    if (b.st == FC_OK)
        b.st = fc_block_encrypt(bc, b.chains, b.chains, seedlen);
    /* S = L || N || input_string || 0x80 || 0^k, to a whole number of blocks */
    put32(lengths, total);
    put32(lengths + 4, seedlen);
    bcc_absorb(&b, lengths, sizeof lengths);
    for (i = 0; i < count; i++)
        bcc_absorb(&b, in[i].bytes, in[i].len);
    bcc_absorb(&b, end, 1);
    if (b.used > 0)
        bcc_absorb(&b, end + 1, BLOCK - b.used);
    /* K = the chains' leftmost keylen bytes, X the next block; out = E(K, X), E(K, E(K, X)) ... */
    if (b.st == FC_OK)
        b.st = rekey(bc, ctx, b.chains);
    x = b.chains + kl;
    for (i = 0; i < seedlen && b.st == FC_OK; i += BLOCK) {
        b.st = fc_block_encrypt(bc, out + i, x, BLOCK);
        x = out + i;
    }
    st = b.st;
    fc_zeroize(&b, sizeof b);
    return st;
}

fc_status fc_core_ctr_drbg_seed(fc_drbg_ctx *ctx, int reseed, const fc_core_bytes *in,
                                size_t count)
{
    uint8_t seed[MAX_SEEDLEN];
    size_t kl = key_len(ctx), seedlen = kl + BLOCK, i, j;
    fc_block_ctx bc;
    fc_status st = FC_OK;
    memset(&bc, 0, sizeof bc);
    if (!reseed) { /* 10.2.1.3: Key = 0, V = 0 */
        memset(ctx->key, 0, kl);
        memset(ctx->v, 0, BLOCK);
    }
    if (ctx->flags & FC_DRBG_NO_DF) {
        /* 10.2.1.3.1, 10.2.1.4.1: entropy (seedlen bytes) XOR the personalization or additional
         * input zero-padded to seedlen; no nonce (the front end checked every length) */
        memset(seed, 0, sizeof seed);
        for (i = 0; i < count; i++)
            for (j = 0; j < in[i].len && j < seedlen; j++)
                seed[j] ^= in[i].bytes[j];
    } else { /* 10.2.1.3.2, 10.2.1.4.2 */
        st = block_cipher_df(&bc, ctx, seed, in, count);
    }
    if (st == FC_OK)
        st = rekey(&bc, ctx, ctx->key);
    if (st == FC_OK)
        st = update(&bc, ctx, seed);
    fc_block_wipe(&bc);
    fc_zeroize(seed, sizeof seed);
    return st;
}

/* 10.2.1.5.1 (no df) and 10.2.1.5.2; the front end has reseeded first if the counter or
 * prediction resistance asked. */
fc_status fc_core_ctr_drbg_generate(fc_drbg_ctx *ctx, uint8_t *out, size_t len,
                                    const uint8_t *addl, size_t addl_len)
{
    uint8_t extra[MAX_SEEDLEN]; /* additional input derived or zero-padded to seedlen */
    uint8_t last[BLOCK];
    size_t whole = len - len % BLOCK, i;
    fc_block_ctx bc;
    fc_status st = FC_OK;
    memset(&bc, 0, sizeof bc);
    memset(extra, 0, sizeof extra);
    if (addl_len > 0) {
        if (ctx->flags & FC_DRBG_NO_DF) {
            memcpy(extra, addl, addl_len); /* at most seedlen bytes (the front end checked) */
        } else {
            fc_core_bytes a;
            a.bytes = addl;
            a.len = addl_len;
            st = block_cipher_df(&bc, ctx, extra, &a, 1);
        }
        if (st == FC_OK)
            st = rekey(&bc, ctx, ctx->key);
        if (st == FC_OK)
            st = update(&bc, ctx, extra);
    }
    if (st == FC_OK)
        st = rekey(&bc, ctx, ctx->key);
    if (st == FC_OK && whole > 0) {
        for (i = 0; i < whole; i += BLOCK) {
            increment(ctx->v);
            memcpy(out + i, ctx->v, BLOCK);
        }
        st = fc_block_encrypt(&bc, out, out, whole);
    }
    if (st == FC_OK && whole < len) {
        increment(ctx->v);
        st = fc_block_encrypt(&bc, last, ctx->v, BLOCK);
        if (st == FC_OK)
            memcpy(out + whole, last, len - whole);
    }
    if (st == FC_OK)
        st = update(&bc, ctx, extra); /* zeros without additional input */
    fc_block_wipe(&bc);
    fc_zeroize(extra, sizeof extra);
    fc_zeroize(last, sizeof last);
    return st;
}
