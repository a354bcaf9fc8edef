/* The unauthenticated modes and their front end (cipher.h): ECB, CBC, CBC with PKCS#7
 * padding and the two counter modes (SP 800-38A), over a provider's block cipher, or a
 * provider's own mode (fc_cipher_ops).
 *
 * The front end buffers partial blocks, so the mode code sees whole blocks only. Output lags
 * input by the bytes buffered; when something is buffered, blocks go through ctx->buf one at
 * a time, so every input byte is read before the output overwrites it and in-place calls
 * stay correct. Padding decryption holds the last block back until final.
 *
 * Constant time: the modes only XOR and copy; the padding check reads every byte of the last
 * block and decides with masks, and only its verdict (the status) is public. The counter
 * block of the counter modes is public (SP 800-38A: unique, not secret), so its increment
 * stops at the first byte that does not carry. */
#include "core.h"

#define CHUNK_BLOCKS 4 /* blocks per call into the cipher: the bitsliced AES runs two at once */

static int is_counter(unsigned mode)
{
    return mode == FC_MODE_CTR || mode == FC_MODE_CTR32;
}

/* counter block + 1: the whole block big-endian (CTR), or its last 4 bytes (CTR32) */
static void counter_next(uint8_t *ctr, size_t block, unsigned mode)
{
    size_t i, stop = mode == FC_MODE_CTR32 ? block - 4 : 0;
    for (i = block; i > stop; i--)
        if (++ctr[i - 1] != 0)
            break;
}

/* Word access to byte buffers that are 4-aligned (the modes' block lengths are multiples
 * of 4): through a type that may alias them. */
#if defined(__GNUC__) || defined(__clang__)
#define CIPHER_WORDS 1
typedef uint32_t __attribute__((may_alias)) cipher_word;

static int words_aligned(const void *a, const void *b, const void *c)
{
    return (((uintptr_t)a | (uintptr_t)b | (uintptr_t)c) & 3u) == 0;
}
#else
#define CIPHER_WORDS 0
#endif

static void xor_into(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t len)
{
    size_t i;
#if CIPHER_WORDS
    if (words_aligned(out, a, b) && len % 8 == 0) {
        cipher_word *o = (cipher_word *)(void *)out;
        const cipher_word *x = (const cipher_word *)(const void *)a;
        const cipher_word *y = (const cipher_word *)(const void *)b;
        for (i = 0; i + 2 <= len / 4; i += 2) { /* len / 4 is even: whole 8-byte blocks */
            o[i] = x[i] ^ y[i];
            o[i + 1] = x[i + 1] ^ y[i + 1];
        }
        return;
    }
#endif
    for (i = 0; i < len; i++)
        out[i] = (uint8_t)(a[i] ^ b[i]);
}

/* one block of b bytes (8 or 16) */
static void copy_block(uint8_t *out, const uint8_t *in, size_t b)
{
    size_t i;
#if CIPHER_WORDS
    if (words_aligned(out, in, out)) {
        cipher_word *o = (cipher_word *)(void *)out;
        const cipher_word *x = (const cipher_word *)(const void *)in;
        o[0] = x[0];
        o[1] = x[1];
        if (b == 16) {
            o[2] = x[2];
            o[3] = x[3];
        }
        return;
    }
#endif
    for (i = 0; i < b; i++)
        out[i] = in[i];
}

/* keystream of nblocks (at most CHUNK_BLOCKS) counter blocks into ks; advances the counter */
static fc_status keystream(fc_cipher_ctx *ctx, uint8_t *ks, size_t nblocks)
{
    size_t i, b = ctx->block;
    for (i = 0; i < nblocks; i++) {
        copy_block(ks + i * b, ctx->iv, b);
        counter_next(ctx->iv, b, ctx->mode);
    }
    return fc_core_block_encrypt(ctx->impl, ctx->state.bytes, ks, ks, nblocks);
}

/* nblocks whole blocks in -> out through the bound mode (out == in allowed) */
static fc_status run_blocks(fc_cipher_ctx *ctx, uint8_t *out, const uint8_t *in,
                            size_t nblocks)
{
    union {
        uint32_t align;
        uint8_t bytes[CHUNK_BLOCKS * FC_BLOCK_MAX_LEN];
    } tmp_area;
    uint8_t *tmp = tmp_area.bytes;
    size_t b = ctx->block, n, i;
    fc_status st = FC_OK;
    if (ctx->mode == FC_MODE_NONE)
        return fc_core_bound(
            ctx->impl->ops.cipher.crypt(ctx->impl, ctx->state.bytes, out, in, nblocks * b));
    if (ctx->mode == FC_MODE_ECB)
        return ctx->dir == FC_ENCRYPT
                   ? fc_core_block_encrypt(ctx->impl, ctx->state.bytes, out, in, nblocks)
                   : fc_core_block_decrypt(ctx->impl, ctx->state.bytes, out, in, nblocks);
    for (; nblocks > 0 && st == FC_OK; nblocks -= n, in += n * b, out += n * b) {
        n = nblocks < CHUNK_BLOCKS ? nblocks : CHUNK_BLOCKS;
        if (is_counter(ctx->mode)) {
            st = keystream(ctx, tmp, n);
            xor_into(out, in, tmp, n * b);
        } else if (ctx->dir == FC_ENCRYPT) { /* CBC encryption: one block after the other */
            n = 1;
            xor_into(tmp, in, ctx->iv, b);
            st = fc_core_block_encrypt(ctx->impl, ctx->state.bytes, out, tmp, 1);
            memcpy(ctx->iv, out, b);
        } else { /* CBC decryption: keep the ciphertext, out may overwrite it */
            memcpy(tmp, in, n * b);
            st = fc_core_block_decrypt(ctx->impl, ctx->state.bytes, out, tmp, n);
            xor_into(out, out, ctx->iv, b);
            for (i = 1; i < n; i++)
                xor_into(out + i * b, out + i * b, tmp + (i - 1) * b, b);
            memcpy(ctx->iv, tmp + (n - 1) * b, b);
        }
    }
    fc_zeroize(tmp, sizeof(tmp_area));
    return st;
}

/* ctx on provider p: its own mode for the (unpadded) algorithm, or the core's mode over its
 * block cipher, keyed for the one direction the mode needs */
static fc_status init_on(fc_cipher_ctx *ctx, const fc_provider *p, fc_alg alg, unsigned dir,
                         const uint8_t *key, size_t key_len, const uint8_t *iv)
{
    const fc_alg_entry *e = fc_core_alg(alg);
    const fc_impl *impl = fc_core_own(p, alg);
    unsigned block_dir;
    if (impl != NULL) {
        if (!fc_core_state_fits(impl, sizeof(ctx->state)))
            return FC_ERR_PROVIDER;
        ctx->impl = impl;
        ctx->mode = FC_MODE_NONE;
        return impl->ops.cipher.init(impl, ctx->state.bytes, dir, key, key_len, iv);
    }
    ctx->mode = e->mode;
    block_dir = is_counter(e->mode) ? FC_ENCRYPT : dir;
    return fc_core_block_init_on(&ctx->impl, ctx->state.bytes, sizeof(ctx->state), p,
                                 (fc_alg)e->base, block_dir, key, key_len);
}

fc_status fc_cipher_init(fc_cipher_ctx *ctx, const fc_provider *provider, fc_alg alg,
                         unsigned dir, const uint8_t *key, size_t key_len, const uint8_t *iv,
                         size_t iv_len)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_CIPHER);
    const fc_provider *p;
    fc_alg unpadded = alg;
    fc_alg root;
    fc_status st = FC_ERR_UNSUPPORTED;
    if (ctx == NULL || key == NULL || (iv == NULL && iv_len > 0))
        return FC_ERR_NULL;
    if (e == NULL || (dir != FC_ENCRYPT && dir != FC_DECRYPT))
        return FC_ERR_ARGUMENT;
    if (!fc_core_key_len_ok(alg, key_len) || iv_len != e->nonce)
        return FC_ERR_LENGTH;
    if (ctx->magic == FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    root = fc_core_cipher_root(alg);
    if ((root == FC_DES || root == FC_TDES) && !fc_core_des_key_ok(key, key_len))
        return FC_ERR_WEAK_KEY; /* also for a provider's own DES modes */
    if (e->mode == FC_MODE_CBC_PAD)
        unpadded = (fc_alg)e->base; /* the core pads over the provider's CBC */
    fc_zeroize(ctx, sizeof(*ctx));
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next) {
        st = init_on(ctx, p, unpadded, dir, key, key_len, iv);
        if (st != FC_OK)
            fc_zeroize(ctx, sizeof(*ctx));
    }
    if (st != FC_OK)
        return st;
    ctx->alg = (uint16_t)alg;
    ctx->dir = (uint8_t)dir;
    ctx->padding = e->mode == FC_MODE_CBC_PAD;
    ctx->block = e->block;
    if (iv_len > 0)
        memcpy(ctx->iv, iv, iv_len);
    ctx->magic = FC_MAGIC_ACTIVE;
    return FC_OK;
}

fc_status fc_cipher_set_iv(fc_cipher_ctx *ctx, const uint8_t *iv, size_t iv_len)
{
    fc_status st = FC_OK;
    if (ctx == NULL || iv == NULL)
        return FC_ERR_NULL;
    if (ctx->magic != FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    if (iv_len != fc_core_alg((fc_alg)ctx->alg)->nonce || iv_len == 0)
        return iv_len == 0 ? FC_ERR_ARGUMENT : FC_ERR_LENGTH; /* ECB has no IV */
    if (ctx->mode == FC_MODE_NONE)
        st = fc_core_bound(ctx->impl->ops.cipher.set_iv(ctx->impl, ctx->state.bytes, iv));
    if (st != FC_OK) {
        fc_cipher_wipe(ctx);
        return st;
    }
    memcpy(ctx->iv, iv, iv_len);
    fc_zeroize(ctx->buf, sizeof(ctx->buf));
    ctx->used = 0;
    return FC_OK;
}

/* counter modes: XOR with the keystream, buffered across calls (buf holds the current
 * keystream block, used its bytes still unused, at its end) */
static fc_status counter_update(fc_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    static const uint8_t zero[FC_BLOCK_MAX_LEN];
    size_t b = ctx->block, take, whole;
    fc_status st = FC_OK;
    while (len > 0 && st == FC_OK) {
        if (ctx->used > 0) {
            take = len < ctx->used ? len : ctx->used;
            xor_into(out, in, ctx->buf + (b - ctx->used), take);
            ctx->used = (uint8_t)(ctx->used - take);
        } else if (len >= b) {
            whole = len / b;
            take = whole * b;
            st = run_blocks(ctx, out, in, whole);
        } else { /* a partial block: keep the rest of its keystream */
            st = run_blocks(ctx, ctx->buf, zero, 1);
            ctx->used = (uint8_t)b;
            continue;
        }
        out += take, in += take, len -= take;
    }
    return st;
}

static int counter_alg(const fc_cipher_ctx *ctx)
{
    return is_counter(fc_core_alg((fc_alg)ctx->alg)->mode);
}

/* ECB and CBC: whole blocks out, the rest buffered (see the top of the file for in place) */
static fc_status block_update(fc_cipher_ctx *ctx, uint8_t *out, size_t *done,
                              const uint8_t *in, size_t len)
{
    uint8_t tmp[FC_BLOCK_MAX_LEN];
    size_t b = ctx->block, take, whole;
    /* padding decryption keeps the last whole block for final */
    int hold = ctx->padding && ctx->dir == FC_DECRYPT;
    fc_status st = FC_OK;
    while (st == FC_OK && len > 0) {
        if (ctx->used == 0 && len > (hold ? b : b - 1)) {
            /* nothing buffered: whole blocks straight from in to out */
            whole = len / b;
            if (hold && whole * b == len)
                whole--;
            take = whole * b;
            st = run_blocks(ctx, out, in, whole);
            out += take, *done += take;
        } else if (ctx->used == b) {
            /* the held block, and more input: read the next block before writing it */
            st = run_blocks(ctx, tmp, ctx->buf, 1);
            take = len < b ? len : b;
            memcpy(ctx->buf, in, take);
            ctx->used = (uint8_t)take;
            memcpy(out, tmp, b);
            out += b, *done += b;
        } else {
            take = b - ctx->used < len ? b - ctx->used : len;
            memcpy(ctx->buf + ctx->used, in, take);
            ctx->used = (uint8_t)(ctx->used + take);
            if (ctx->used == b && !hold) {
                st = run_blocks(ctx, out, ctx->buf, 1);
                out += b, *done += b;
                ctx->used = 0;
            }
        }
        in += take, len -= take;
    }
    fc_zeroize(tmp, sizeof(tmp));
    return st;
}

fc_status fc_cipher_update(fc_cipher_ctx *ctx, uint8_t *out, size_t *out_len,
                           const uint8_t *in, size_t len)
{
    size_t done = 0;
    fc_status st;
    if (ctx == NULL || out_len == NULL || ((in == NULL || out == NULL) && len > 0))
        return FC_ERR_NULL;
    if (ctx->magic != FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    if (counter_alg(ctx)) {
        st = counter_update(ctx, out, in, len);
        done = len;
    } else {
        st = block_update(ctx, out, &done, in, len);
    }
    if (st != FC_OK) {
        fc_zeroize(out, done);
        fc_cipher_wipe(ctx);
        return st;
    }
    *out_len = done;
    return FC_OK;
}

/* PKCS#7: 1 to b bytes of value n. Returns the message bytes of the last block, or -1. The
 * verdict and the length come from masks over every byte. */
static int unpad(const uint8_t *blk, size_t b)
{
    unsigned n = blk[b - 1], bad, i, diff = 0, in_pad;
    bad = ((n - 1u) >> 8) | ((unsigned)(b - n) >> 8); /* n = 0 or n > b: top bits set */
    for (i = 0; i < b; i++) {
        in_pad = ((unsigned)(b - 1 - i) - n) >> 8 & 1u; /* 1 when b - 1 - i < n */
        diff |= (0u - in_pad) & (blk[i] ^ n);
    }
    bad = (bad & 1u) | (((diff + 0xffu) >> 8) & 1u);
    FC_DECLASSIFY(&bad, sizeof(bad));
    if (bad)
        return -1;
    FC_DECLASSIFY(&n, sizeof(n)); /* accepted: the message's length is the caller's output */
    return (int)(b - n);
}

fc_status fc_cipher_final(fc_cipher_ctx *ctx, uint8_t *out, size_t *out_len)
{
    uint8_t blk[FC_BLOCK_MAX_LEN];
    size_t b, n = 0;
    int keep;
    fc_status st = FC_OK;
    if (ctx == NULL || out == NULL || out_len == NULL)
        return FC_ERR_NULL;
    if (ctx->magic != FC_MAGIC_ACTIVE)
        return FC_ERR_STATE;
    b = ctx->block;
    if (counter_alg(ctx)) {
        n = 0; /* a counter mode has written everything */
    } else if (!ctx->padding) {
        if (ctx->used != 0)
            st = FC_ERR_LENGTH; /* not a whole number of blocks */
    } else if (ctx->dir == FC_ENCRYPT) {
        memcpy(blk, ctx->buf, ctx->used);
        memset(blk + ctx->used, (int)(b - ctx->used), b - ctx->used);
        st = run_blocks(ctx, blk, blk, 1);
        n = b;
    } else if (ctx->used != b) {
        st = FC_ERR_LENGTH; /* ciphertext is not whole blocks */
    } else {
        st = run_blocks(ctx, blk, ctx->buf, 1);
        keep = st == FC_OK ? unpad(blk, b) : 0;
        if (keep < 0)
            st = FC_ERR_PADDING;
        else
            n = (size_t)keep;
    }
    if (st == FC_OK) {
        memcpy(out, blk, n);
        *out_len = n;
    }
    fc_zeroize(blk, sizeof(blk));
    fc_cipher_wipe(ctx);
    ctx->magic = FC_MAGIC_DONE;
    return st;
}

void fc_cipher_wipe(fc_cipher_ctx *ctx)
{
    if (ctx == NULL)
        return;
    if (ctx->magic == FC_MAGIC_ACTIVE && ctx->impl != NULL) {
        if (ctx->mode == FC_MODE_NONE) {
            if (ctx->impl->ops.cipher.release != NULL)
                ctx->impl->ops.cipher.release(ctx->impl, ctx->state.bytes);
        } else {
            fc_core_block_release(ctx->impl, ctx->state.bytes);
        }
    }
    fc_zeroize(ctx, sizeof(*ctx));
}

fc_status fc_cipher(const fc_provider *provider, fc_alg alg, unsigned dir, uint8_t *out,
                    size_t *out_len, const uint8_t *key, size_t key_len, const uint8_t *iv,
                    size_t iv_len, const uint8_t *in, size_t len)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_CIPHER);
    fc_cipher_ctx ctx;
    size_t room, n1 = 0, n2 = 0, need;
    fc_status st;
    if (out == NULL || out_len == NULL || (in == NULL && len > 0))
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    room = *out_len;
    need = e->mode == FC_MODE_CBC_PAD && dir == FC_ENCRYPT ? len - len % e->block + e->block
                                                            : len;
    if (room < need)
        return FC_ERR_LENGTH;
    ctx.magic = 0;
    st = fc_cipher_init(&ctx, provider, alg, dir, key, key_len, iv, iv_len);
    if (st != FC_OK)
        return st;
    st = fc_cipher_update(&ctx, out, &n1, in, len);
    if (st == FC_OK)
        st = fc_cipher_final(&ctx, out + n1, &n2);
    fc_cipher_wipe(&ctx);
    if (st != FC_OK) {
        fc_zeroize(out, need); /* no partial output */
        return st;
    }
    *out_len = n1 + n2;
    return FC_OK;
}
