/* libFuzzer: the provider chain's fallback. "fuzzdrv", a driver chained to soft, implements
 * SHA-256, SHA-512, AES (block), ChaCha20 and Salsa20 (stream, with their subkey functions)
 * and Poly1305 (MAC) on soft's descriptors, and declines entry-point calls (init, one-shot,
 * subkey) by a bit pattern from the input, as a busy peripheral would: the call then goes to
 * soft. Whatever the pattern, every operation must give the same status and the same bytes
 * through fuzzdrv as through soft alone: hashes (one-shot and streamed with a split point),
 * HMAC-SHA-256 and HKDF-SHA-256 (the core's modes over the driver's hash), AES-CTR, AES-CBC
 * with padding (both directions), AES-CMAC, AES-GCM, AES-CCM, AES-KW, ChaCha20-Poly1305,
 * XChaCha20-Poly1305 (seal, and open of the sealed message and of a changed one), XSalsa20,
 * HSalsa20. Bound calls (update, block, final) always run: a driver that accepted a context
 * keeps it.
 *
 * Input: 8 bytes of pattern (bit i: decline the i-th entry-point call, cycling), a selector
 * byte (which operations), a 32-byte key, a 24-byte nonce, then the message. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "fieldcrypt/driver.h"
#include "providers/soft/soft.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t pattern[8];
static unsigned calls;

/* FC_ERR_UNSUPPORTED (declined: the next provider serves the call) or FC_OK */
static fc_status busy(void)
{
    unsigned i = calls++ % 64u;
    return (pattern[i / 8] >> (i % 8)) & 1u ? FC_ERR_UNSUPPORTED : FC_OK;
}

/* ---- hash ---- */
static const fc_impl *soft_hash(const fc_impl *impl)
{
    return impl->alg == FC_SHA256 ? &fc_soft_sha256 : &fc_soft_sha512;
}
static fc_status h_init(const fc_impl *impl, void *state)
{
    fc_status st = busy();
    return st == FC_OK ? soft_hash(impl)->ops.hash.init(soft_hash(impl), state) : st;
}
static fc_status h_update(const fc_impl *impl, void *state, const uint8_t *d, size_t len)
{
    return soft_hash(impl)->ops.hash.update(soft_hash(impl), state, d, len);
}
static fc_status h_final(const fc_impl *impl, void *state, uint8_t *digest)
{
    return soft_hash(impl)->ops.hash.final(soft_hash(impl), state, digest);
}
static fc_impl drv_sha256 = {
    .alg = FC_SHA256, .flags = FC_IMPL_CONSTANT_TIME | FC_IMPL_HARDWARE,
    .state_size = FC_HASH_STATE_SIZE,
    .ops.hash = {.init = h_init, .update = h_update, .final = h_final}};
static fc_impl drv_sha512 = {
    .alg = FC_SHA512, .flags = FC_IMPL_CONSTANT_TIME | FC_IMPL_HARDWARE,
    .state_size = FC_HASH_STATE_SIZE,
    .ops.hash = {.init = h_init, .update = h_update, .final = h_final}};

/* ---- block: AES ---- */
static fc_status b_init(const fc_impl *impl, void *state, unsigned dir, const uint8_t *key,
                        size_t key_len)
{
    fc_status st = busy();
    (void)impl;
    return st == FC_OK ? fc_soft_aes.ops.block.init(&fc_soft_aes, state, dir, key, key_len) : st;
}
static fc_status b_enc(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                       size_t blocks)
{
    (void)impl;
    return fc_soft_aes.ops.block.encrypt(&fc_soft_aes, state, out, in, blocks);
}
static fc_status b_dec(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                       size_t blocks)
{
    (void)impl;
    return fc_soft_aes.ops.block.decrypt(&fc_soft_aes, state, out, in, blocks);
}
static void b_release(const fc_impl *impl, void *state)
{
    (void)impl;
    if (fc_soft_aes.ops.block.release != NULL)
        fc_soft_aes.ops.block.release(&fc_soft_aes, state);
}
static fc_impl drv_aes = {
    .alg = FC_AES, .flags = FC_IMPL_CONSTANT_TIME | FC_IMPL_HARDWARE,
    .state_size = FC_BLOCK_STATE_SIZE,
    .ops.block = {.init = b_init, .encrypt = b_enc, .decrypt = b_dec, .release = b_release}};

/* ---- stream: ChaCha20, Salsa20 ---- */
static const fc_impl *soft_stream(const fc_impl *impl)
{
    return impl->alg == FC_CHACHA20 ? &fc_soft_chacha20 : &fc_soft_salsa20;
}
static fc_status s_init(const fc_impl *impl, void *state, const uint8_t *key, size_t key_len,
                        const uint8_t *nonce, size_t nonce_len, uint64_t counter)
{
    fc_status st = busy();
    return st == FC_OK ? soft_stream(impl)->ops.stream.init(soft_stream(impl), state, key,
                                                            key_len, nonce, nonce_len, counter)
                       : st;
}
static fc_status s_block(const fc_impl *impl, void *state, uint8_t *ks)
{
    return soft_stream(impl)->ops.stream.block(soft_stream(impl), state, ks);
}
static fc_status s_subkey(const fc_impl *impl, uint8_t out[32], const uint8_t key[32],
                          const uint8_t in[16])
{
    fc_status st = busy();
    return st == FC_OK ? soft_stream(impl)->ops.stream.subkey(soft_stream(impl), out, key, in)
                       : st;
}
static fc_impl drv_chacha20 = {
    .alg = FC_CHACHA20, .flags = FC_IMPL_CONSTANT_TIME | FC_IMPL_HARDWARE,
    .state_size = FC_STREAM_STATE_SIZE,
    .ops.stream = {.init = s_init, .block = s_block, .subkey = s_subkey}};
static fc_impl drv_salsa20 = {
    .alg = FC_SALSA20, .flags = FC_IMPL_CONSTANT_TIME | FC_IMPL_HARDWARE,
    .state_size = FC_STREAM_STATE_SIZE,
    .ops.stream = {.init = s_init, .block = s_block, .subkey = s_subkey}};

/* ---- MAC: Poly1305 ---- */
static fc_status m_init(const fc_impl *impl, void *state, const uint8_t *key, size_t key_len)
{
    fc_status st = busy();
    (void)impl;
    return st == FC_OK ? fc_soft_poly1305.ops.mac.init(&fc_soft_poly1305, state, key, key_len)
                       : st;
}
static fc_status m_update(const fc_impl *impl, void *state, const uint8_t *d, size_t len)
{
    (void)impl;
    return fc_soft_poly1305.ops.mac.update(&fc_soft_poly1305, state, d, len);
}
static fc_status m_final(const fc_impl *impl, void *state, uint8_t *tag)
{
    (void)impl;
    return fc_soft_poly1305.ops.mac.final(&fc_soft_poly1305, state, tag);
}
static fc_impl drv_poly1305 = {
    .alg = FC_POLY1305, .flags = FC_IMPL_CONSTANT_TIME | FC_IMPL_HARDWARE,
    .state_size = FC_MAC_STATE_SIZE,
    .ops.mac = {.init = m_init, .update = m_update, .final = m_final}};

static const fc_impl *const drv_impls[] = {&drv_sha256, &drv_sha512, &drv_aes, &drv_chacha20,
                                           &drv_salsa20, &drv_poly1305};
static const fc_provider fuzz_driver = {
    .name = "fuzzdrv",
    .description = "fuzz driver: declines entry points by a pattern from the input",
    .impls = drv_impls,
    .impl_count = sizeof(drv_impls) / sizeof(drv_impls[0]),
    .next = &fc_provider_soft,
};

/* ---- the operations, each run on both chains ---- */

typedef struct {
    const uint8_t *key, *nonce, *msg;
    size_t msg_len;
    unsigned split;
} op_input;

#define OUT_MAX 1200

/* one result: status and bytes */
typedef struct {
    fc_status st;
    size_t len;
    uint8_t bytes[OUT_MAX];
} result;

static void same(const result *a, const result *b)
{
    if (a->st != b->st || a->len != b->len || memcmp(a->bytes, b->bytes, a->len) != 0)
        abort(); /* a declined call changed the result */
}

static void op_hash(const fc_provider *p, const op_input *in, fc_alg alg, result *r)
{
    fc_hash_ctx ctx;
    size_t n = alg == FC_SHA256 ? 32 : 64, cut = in->split % (in->msg_len + 1);
    r->len = 2 * n;
    r->st = fc_hash(p, alg, r->bytes, n, in->msg, in->msg_len);
    if (r->st != FC_OK)
        return;
    memset(&ctx, 0, sizeof(ctx));
    r->st = fc_hash_init(&ctx, p, alg);
    if (r->st == FC_OK)
        r->st = fc_hash_update(&ctx, in->msg, cut);
    if (r->st == FC_OK)
        r->st = fc_hash_update(&ctx, in->msg + cut, in->msg_len - cut);
    if (r->st == FC_OK)
        r->st = fc_hash_final(&ctx, r->bytes + n, n);
}

static void op_hmac_hkdf(const fc_provider *p, const op_input *in, result *r)
{
    r->len = 32 + 80;
    r->st = fc_mac(p, FC_HMAC_SHA256, r->bytes, 32, in->key, in->split % 33, in->msg,
                   in->msg_len);
    if (r->st == FC_OK)
        r->st = fc_kdf(p, FC_HKDF_SHA256, r->bytes + 32, 80, in->nonce, 24, in->msg,
                       in->msg_len, in->key, 8);
}

static void op_cipher(const fc_provider *p, const op_input *in, fc_alg alg, unsigned dir,
                      result *r)
{
    size_t key_len = 16u + 8u * (in->split % 3u), n = in->msg_len + 16;
    size_t iv_len = alg == FC_AES_ECB ? 0 : 16;
    r->st = fc_cipher(p, alg, dir, r->bytes, &n, in->key, key_len, iv_len ? in->nonce : NULL,
                      iv_len, in->msg, in->msg_len);
    r->len = r->st == FC_OK ? n : 0;
}

static void op_cmac(const fc_provider *p, const op_input *in, result *r)
{
    r->len = 16;
    r->st = fc_mac(p, FC_AES_CMAC, r->bytes, 16, in->key, 16u + 16u * (in->split & 1u),
                   in->msg, in->msg_len);
}

static void op_aead(const fc_provider *p, const op_input *in, fc_alg alg, result *r)
{
    size_t nonce_len = alg == FC_XCHACHA20_POLY1305 ? 24 : alg == FC_AES_CCM ? 7u + in->split % 7u : 12;
    size_t key_len = alg == FC_AES_GCM || alg == FC_AES_CCM ? 16u + 16u * (in->split & 1u) : 32;
    size_t aad_len = in->split % (in->msg_len + 1), len = in->msg_len - aad_len;
    uint8_t *ct = r->bytes, *tag = r->bytes + len, *pt = tag + 16;
    r->len = 2 * len + 16 + 1;
    r->st = fc_aead_encrypt(p, alg, ct, tag, 16, in->key, key_len, in->nonce, nonce_len, in->msg,
                            aad_len, in->msg + aad_len, len);
    if (r->st != FC_OK)
        return;
    r->st = fc_aead_decrypt(p, alg, pt, in->key, key_len, in->nonce, nonce_len, in->msg,
                            aad_len, ct, len, tag, 16);
    if (r->st != FC_OK || memcmp(pt, in->msg + aad_len, len) != 0)
        abort(); /* what it sealed must open */
    tag[in->split % 16] ^= 1; /* a changed tag must fail, on both chains alike */
    pt[len] = (uint8_t)fc_aead_decrypt(p, alg, pt, in->key, key_len, in->nonce, nonce_len,
                                       in->msg, aad_len, ct, len, tag, 16);
}

static void op_wrap(const fc_provider *p, const op_input *in, result *r)
{
    size_t len = in->msg_len & ~(size_t)7, n = len + 8, m = len;
    if (len > 512)
        len = 512, n = len + 8, m = len;
    r->len = len + 8 + len;
    r->st = fc_wrap(p, FC_AES_KW, r->bytes, &n, in->key, 16, in->msg, len);
    if (r->st == FC_OK)
        r->st = fc_unwrap(p, FC_AES_KW, r->bytes + len + 8, &m, in->key, 16, r->bytes, n);
    if (r->st == FC_OK && (m != len || memcmp(r->bytes + len + 8, in->msg, len) != 0))
        abort(); /* what it wrapped must unwrap */
}

static void op_salsa(const fc_provider *p, const op_input *in, result *r)
{
    r->len = in->msg_len + 32;
    r->st = fc_stream(p, FC_XSALSA20, r->bytes, in->msg, in->msg_len, in->key, 32, in->nonce, 24);
    if (r->st == FC_OK)
        r->st = fc_stream_subkey(p, FC_HSALSA20, r->bytes + in->msg_len, in->key, in->nonce);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static result a, b; /* static: large */
    unsigned sel, i;
    op_input in;
    if (size < 8 + 1 + 32 + 24 + 2)
        return 0;
    /* soft's state sizes (the modes' contexts hold the block state and their own data) */
    drv_sha256.state_size = fc_soft_sha256.state_size;
    drv_sha512.state_size = fc_soft_sha512.state_size;
    drv_aes.state_size = fc_soft_aes.state_size;
    drv_chacha20.state_size = fc_soft_chacha20.state_size;
    drv_salsa20.state_size = fc_soft_salsa20.state_size;
    drv_poly1305.state_size = fc_soft_poly1305.state_size;
    memcpy(pattern, data, 8);
    sel = data[8];
    in.key = data + 9;
    in.nonce = data + 41;
    in.split = data[65];
    in.msg = data + 66;
    in.msg_len = size - 66;
    if (in.msg_len > 512)
        in.msg_len = 512;
    for (i = 0; i < 14; i++) {
        const fc_provider *chain[2] = {&fuzz_driver, &fc_provider_soft};
        result *res[2] = {&a, &b};
        unsigned c;
        if (i >= 8 && !((sel >> (i - 8)) & 1u))
            continue; /* the first eight always, the rest by the selector's bits */
        for (c = 0; c < 2; c++) {
            const fc_provider *p = chain[c];
            result *r = res[c];
            memset(r, 0, sizeof(*r));
            calls = 0;
            switch (i) {
            case 0: op_hash(p, &in, FC_SHA256, r); break;
            case 1: op_hash(p, &in, FC_SHA512, r); break;
            case 2: op_hmac_hkdf(p, &in, r); break;
            case 3: op_cipher(p, &in, FC_AES_CTR, FC_ENCRYPT, r); break;
            case 4: op_cipher(p, &in, FC_AES_CBC_PKCS7, FC_ENCRYPT, r); break;
            case 5: op_cipher(p, &in, FC_AES_CBC_PKCS7, FC_DECRYPT, r); break;
            case 6: op_aead(p, &in, FC_CHACHA20_POLY1305, r); break;
            case 7: op_aead(p, &in, FC_AES_GCM, r); break;
            case 8: op_aead(p, &in, FC_AES_CCM, r); break;
            case 9: op_aead(p, &in, FC_XCHACHA20_POLY1305, r); break;
            case 10: op_cmac(p, &in, r); break;
            case 11: op_wrap(p, &in, r); break;
            case 12: op_salsa(p, &in, r); break;
            default: op_cipher(p, &in, FC_AES_ECB, FC_DECRYPT, r); break;
            }
        }
        same(&a, &b);
    }
    return 0;
}
