/* The benchmark image of one MCU target (built by python/fieldcrypt/mcubench.py against that
 * target's freestanding libfieldcrypt.a, run by python/fieldcrypt/mcusim.py).
 *
 * Every operation runs between two bench_mark() calls (region 2k+1 -> 2k+2 for operation k;
 * region 1 -> 2 is empty: the marker overhead) and its result is then compared with the known
 * answer of kat.h (generated on the host by bench/gen_kat.py from independent references and the
 * host build). A wrong result prints "FAIL <name>" and makes the image exit non-zero through
 * semihosting, so a broken build fails instead of being timed. Before each operation the image
 * prints "op <k> <name> <bytes>" (outside the region) so the runner knows what it measured.
 *
 * A protocol run per side (CPace initiator / responder, 2017 PACE device / handheld) is one
 * region id entered several times, once per step of that side; the runner sums them. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "providers/soft/fe25519.h"
#include "providers/soft/fe19119.h"

#include "board.h"
#include "kat.h"

#define MSG_LEN 2048u

static uint8_t msg[MSG_LEN];
static uint8_t out[MSG_LEN];
static int failures;

/* ---- markers and checks ---- */

static void op_begin(uint32_t k, const char *name, uint32_t bytes)
{
    board_puts("op ");
    board_putu(k);
    board_puts(" ");
    board_puts(name);
    board_puts(" ");
    board_putu(bytes);
    board_puts("\n");
}

#define BEGIN(k) bench_mark(2u * (k) + 1u)
#define END(k) bench_mark(2u * (k) + 2u)

static void check(const char *name, int ok)
{
    if (!ok) {
        board_puts("FAIL ");
        board_puts(name);
        board_puts("\n");
        failures++;
    }
}

static int same(const uint8_t *a, const uint8_t *b, size_t n)
{
    return memcmp(a, b, n) == 0;
}

static uint32_t fnv1a(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    while (n--) {
        h ^= *p++;
        h *= 16777619u;
    }
    return h;
}

/* ---- the fixed randomness of the protocol runs: an LCG per side (bench/gen_kat.py has the
 * same), never for real use ---- */

static int lcg_fill(void *user, uint8_t *dst, size_t len)
{
    uint32_t *s = (uint32_t *)user;
    size_t i;
    for (i = 0; i < len; i++) {
        *s = *s * 1103515245u + 12345u;
        dst[i] = (uint8_t)(*s >> 24);
    }
    return 0;
}

/* ---- field arithmetic through the soft provider's internal API ---- */

static void bench_fe25519(void)
{
    fc_fe25519 a, b, r;
    uint8_t enc[32];
    fc_fe25519_frombytes(&a, KAT_FE25519_A);
    fc_fe25519_frombytes(&b, KAT_FE25519_B);

    op_begin(OP_FE25519_MUL, "fe25519_mul", 0);
    BEGIN(OP_FE25519_MUL);
    fc_fe25519_mul(&r, &a, &b);
    END(OP_FE25519_MUL);
    fc_fe25519_tobytes(enc, &r);
    check("fe25519_mul", same(enc, KAT_FE25519_MUL, 32));

    op_begin(OP_FE25519_SQR, "fe25519_sqr", 0);
    BEGIN(OP_FE25519_SQR);
    fc_fe25519_sqr(&r, &a);
    END(OP_FE25519_SQR);
    fc_fe25519_tobytes(enc, &r);
    check("fe25519_sqr", same(enc, KAT_FE25519_SQR, 32));

    op_begin(OP_FE25519_ADD, "fe25519_add", 0);
    BEGIN(OP_FE25519_ADD);
    fc_fe25519_add(&r, &a, &b);
    END(OP_FE25519_ADD);
    fc_fe25519_tobytes(enc, &r);
    check("fe25519_add", same(enc, KAT_FE25519_ADD, 32));

    op_begin(OP_FE25519_INV, "fe25519_invert", 0);
    BEGIN(OP_FE25519_INV);
    fc_fe25519_invert(&r, &a);
    END(OP_FE25519_INV);
    fc_fe25519_tobytes(enc, &r);
    check("fe25519_invert", same(enc, KAT_FE25519_INV, 32));
}

static void bench_fe19119(void)
{
    fc_fe19119 a, b, r;
    uint8_t enc[24];
    fc_fe19119_frombytes(&a, KAT_FE19119_A);
    fc_fe19119_frombytes(&b, KAT_FE19119_B);

    op_begin(OP_FE19119_MUL, "fe19119_mul", 0);
    BEGIN(OP_FE19119_MUL);
    fc_fe19119_mul(&r, &a, &b);
    END(OP_FE19119_MUL);
    fc_fe19119_tobytes(enc, &r);
    check("fe19119_mul", same(enc, KAT_FE19119_MUL, 24));

    op_begin(OP_FE19119_SQR, "fe19119_sqr", 0);
    BEGIN(OP_FE19119_SQR);
    fc_fe19119_sqr(&r, &a);
    END(OP_FE19119_SQR);
    fc_fe19119_tobytes(enc, &r);
    check("fe19119_sqr", same(enc, KAT_FE19119_SQR, 24));

    op_begin(OP_FE19119_ADD, "fe19119_add", 0);
    BEGIN(OP_FE19119_ADD);
    fc_fe19119_add(&r, &a, &b);
    END(OP_FE19119_ADD);
    fc_fe19119_tobytes(enc, &r);
    check("fe19119_add", same(enc, KAT_FE19119_ADD, 24));

    op_begin(OP_FE19119_INV, "fe19119_invert", 0);
    BEGIN(OP_FE19119_INV);
    fc_fe19119_invert(&r, &a);
    END(OP_FE19119_INV);
    fc_fe19119_tobytes(enc, &r);
    check("fe19119_invert", same(enc, KAT_FE19119_INV, 24));
}

/* ---- public-key operations through the public API (default provider = soft) ---- */

static void bench_curves(void)
{
    uint8_t r32[32], r24[24];
    fc_status st;

    op_begin(OP_X25519, "x25519", 0);
    BEGIN(OP_X25519);
    st = fc_xdh(NULL, FC_X25519, r32, KAT_X25519_K, KAT_X25519_U);
    END(OP_X25519);
    check("x25519", st == FC_OK && same(r32, KAT_X25519_OUT, 32));

    op_begin(OP_X25519_BASE, "x25519_base", 0);
    BEGIN(OP_X25519_BASE);
    st = fc_xdh_base(NULL, FC_X25519, r32, KAT_X25519_K);
    END(OP_X25519_BASE);
    check("x25519_base", st == FC_OK && same(r32, KAT_X25519_BASE_OUT, 32));

    op_begin(OP_X19119, "x19119", 0);
    BEGIN(OP_X19119);
    st = fc_xdh(NULL, FC_X19119, r24, KAT_X19119_K, KAT_X19119_U);
    END(OP_X19119);
    check("x19119", st == FC_OK && same(r24, KAT_X19119_OUT, 24));

    op_begin(OP_X19119_BASE, "x19119_base", 0);
    BEGIN(OP_X19119_BASE);
    st = fc_xdh_base(NULL, FC_X19119, r24, KAT_X19119_K);
    END(OP_X19119_BASE);
    check("x19119_base", st == FC_OK && same(r24, KAT_X19119_BASE_OUT, 24));

    op_begin(OP_ELL25519, "elligator2_25519", 0);
    BEGIN(OP_ELL25519);
    st = fc_map(NULL, FC_ELLIGATOR2_CURVE25519, r32, KAT_ELL25519_R);
    END(OP_ELL25519);
    check("elligator2_25519", st == FC_OK && same(r32, KAT_ELL25519_OUT, 32));

    op_begin(OP_ELL19119, "elligator2_19119", 0);
    BEGIN(OP_ELL19119);
    st = fc_map(NULL, FC_ELLIGATOR2_CURVE19119, r24, KAT_ELL19119_R);
    END(OP_ELL19119);
    check("elligator2_19119", st == FC_OK && same(r24, KAT_ELL19119_OUT, 24));
}

/* ---- hashes, MAC, stream cipher ---- */

static void bench_symmetric(void)
{
    uint8_t d[64];
    fc_status st;

    op_begin(OP_SHA512_10, "sha512_10", 10);
    BEGIN(OP_SHA512_10);
    st = fc_hash(NULL, FC_SHA512, d, FC_SHA512_LEN, msg, 10);
    END(OP_SHA512_10);
    check("sha512_10", st == FC_OK && same(d, KAT_SHA512_10, 64));

    op_begin(OP_SHA512_2K, "sha512_2k", MSG_LEN);
    BEGIN(OP_SHA512_2K);
    st = fc_hash(NULL, FC_SHA512, d, FC_SHA512_LEN, msg, MSG_LEN);
    END(OP_SHA512_2K);
    check("sha512_2k", st == FC_OK && same(d, KAT_SHA512_2K, 64));

    op_begin(OP_SHA256_2K, "sha256_2k", MSG_LEN);
    BEGIN(OP_SHA256_2K);
    st = fc_hash(NULL, FC_SHA256, d, FC_SHA256_LEN, msg, MSG_LEN);
    END(OP_SHA256_2K);
    check("sha256_2k", st == FC_OK && same(d, KAT_SHA256_2K, 32));

    op_begin(OP_SALSA20_2K, "salsa20_2k", MSG_LEN);
    BEGIN(OP_SALSA20_2K);
    st = fc_stream(NULL, FC_SALSA20, out, msg, MSG_LEN, KAT_SALSA_KEY, 32, KAT_SALSA_NONCE, 8);
    END(OP_SALSA20_2K);
    check("salsa20_2k", st == FC_OK && same(out, KAT_SALSA20_2K_HEAD, 16) &&
                            fnv1a(out, MSG_LEN) == KAT_SALSA20_2K_FNV);

    op_begin(OP_HMAC512, "hmac_sha512_64", 64);
    BEGIN(OP_HMAC512);
    st = fc_mac(NULL, FC_HMAC_SHA512, d, FC_SHA512_LEN, KAT_HMAC_KEY, 32, msg, 64);
    END(OP_HMAC512);
    check("hmac_sha512_64", st == FC_OK && same(d, KAT_HMAC512, 64));
}

/* ---- the symmetric algorithms: block ciphers, modes, AEAD, MACs, legacy hashes, DRBGs ----
 *
 * Key setup and per-block costs are timed apart (setkey regions hold fc_block_init or
 * fc_cipher_init only). AEAD regions hold one fc_aead_seal under a key set up before (a
 * session key: the per-message cost); the BLE PDU is 27 bytes with a 13-byte nonce, a 4-byte
 * MIC and 1 byte of aad (Bluetooth Core 6.0 Vol 6 Part E). The CMAC, Poly1305 and hash regions
 * are one-shot calls (CMAC's includes the AES key setup and its subkeys); a DRBG region is one
 * 64-byte generate of a DRBG instantiated before. Outputs of 2 KiB are checked by their first
 * 16 bytes and an FNV-1a hash of the whole. */

static union {
    fc_block_ctx block;
    fc_cipher_ctx cipher;
    fc_aead_ctx aead;
    fc_drbg_ctx drbg;
} sym;

static int same_2k(const uint8_t *p, const uint8_t head[16], uint32_t fnv)
{
    return same(p, head, 16) && fnv1a(p, MSG_LEN) == fnv;
}

struct aes_ops {
    uint32_t setkey_enc, setkey_dec, enc_block, dec_block;        /* block cipher */
    uint32_t cbc_setkey, cbc_enc32, cbc_setdeckey, cbc_dec32;     /* the uTasker set */
    const char *names[8];
    const uint8_t *ecb_out, *cbc_out;                             /* msg[0..16), msg[0..32) */
};

static void bench_aes_size(const struct aes_ops *o, size_t key_len)
{
    uint8_t blk[16], c32[32], p32[32];
    size_t n = 0, m = 0;
    fc_status st, st2 = FC_OK;

    op_begin(o->setkey_enc, o->names[0], 0);
    BEGIN(o->setkey_enc);
    st = fc_block_init(&sym.block, NULL, FC_AES, FC_ENCRYPT, KAT_AES_KEY, key_len);
    END(o->setkey_enc);
    check(o->names[0], st == FC_OK);
    op_begin(o->enc_block, o->names[2], 16);
    BEGIN(o->enc_block);
    st = fc_block_encrypt(&sym.block, blk, msg, 16);
    END(o->enc_block);
    check(o->names[2], st == FC_OK && same(blk, o->ecb_out, 16));
    fc_block_wipe(&sym.block);

    op_begin(o->setkey_dec, o->names[1], 0);
    BEGIN(o->setkey_dec);
    st = fc_block_init(&sym.block, NULL, FC_AES, FC_DECRYPT, KAT_AES_KEY, key_len);
    END(o->setkey_dec);
    check(o->names[1], st == FC_OK);
    op_begin(o->dec_block, o->names[3], 16);
    BEGIN(o->dec_block);
    st = fc_block_decrypt(&sym.block, blk, o->ecb_out, 16);
    END(o->dec_block);
    check(o->names[3], st == FC_OK && same(blk, msg, 16));
    fc_block_wipe(&sym.block);

    op_begin(o->cbc_setkey, o->names[4], 0);
    BEGIN(o->cbc_setkey);
    st = fc_cipher_init(&sym.cipher, NULL, FC_AES_CBC, FC_ENCRYPT, KAT_AES_KEY, key_len,
                        KAT_AES_IV, 16);
    END(o->cbc_setkey);
    check(o->names[4], st == FC_OK);
    op_begin(o->cbc_enc32, o->names[5], 32);
    BEGIN(o->cbc_enc32);
    st = fc_cipher_update(&sym.cipher, c32, &n, msg, 32);
    END(o->cbc_enc32);
    if (st == FC_OK)
        st2 = fc_cipher_final(&sym.cipher, blk, &m);
    check(o->names[5], st == FC_OK && st2 == FC_OK && n == 32 && m == 0 &&
                           same(c32, o->cbc_out, 32));
    fc_cipher_wipe(&sym.cipher);

    op_begin(o->cbc_setdeckey, o->names[6], 0);
    BEGIN(o->cbc_setdeckey);
    st = fc_cipher_init(&sym.cipher, NULL, FC_AES_CBC, FC_DECRYPT, KAT_AES_KEY, key_len,
                        KAT_AES_IV, 16);
    END(o->cbc_setdeckey);
    check(o->names[6], st == FC_OK);
    op_begin(o->cbc_dec32, o->names[7], 32);
    n = m = 0;
    BEGIN(o->cbc_dec32);
    st = fc_cipher_update(&sym.cipher, p32, &n, o->cbc_out, 32);
    END(o->cbc_dec32);
    if (st == FC_OK) /* no padding: final has nothing left to write */
        st2 = fc_cipher_final(&sym.cipher, p32 + n, &m);
    check(o->names[7], st == FC_OK && st2 == FC_OK && n + m == 32 && same(p32, msg, 32));
    fc_cipher_wipe(&sym.cipher);
}

static void bench_aes(void)
{
    static const struct aes_ops a128 = {
        OP_AES128_SETKEY_ENC, OP_AES128_SETKEY_DEC, OP_AES128_ENC_BLOCK, OP_AES128_DEC_BLOCK,
        OP_AES128_CBC_SETKEY, OP_AES128_CBC_ENC32, OP_AES128_CBC_SETDECKEY, OP_AES128_CBC_DEC32,
        {"aes128_setkey_enc", "aes128_setkey_dec", "aes128_enc_block", "aes128_dec_block",
         "aes128_cbc_setkey", "aes128_cbc_enc32", "aes128_cbc_setdeckey", "aes128_cbc_dec32"},
        KAT_AES128_ECB, KAT_AES128_CBC};
    static const struct aes_ops a192 = {
        OP_AES192_SETKEY_ENC, OP_AES192_SETKEY_DEC, OP_AES192_ENC_BLOCK, OP_AES192_DEC_BLOCK,
        OP_AES192_CBC_SETKEY, OP_AES192_CBC_ENC32, OP_AES192_CBC_SETDECKEY, OP_AES192_CBC_DEC32,
        {"aes192_setkey_enc", "aes192_setkey_dec", "aes192_enc_block", "aes192_dec_block",
         "aes192_cbc_setkey", "aes192_cbc_enc32", "aes192_cbc_setdeckey", "aes192_cbc_dec32"},
        KAT_AES192_ECB, KAT_AES192_CBC};
    static const struct aes_ops a256 = {
        OP_AES256_SETKEY_ENC, OP_AES256_SETKEY_DEC, OP_AES256_ENC_BLOCK, OP_AES256_DEC_BLOCK,
        OP_AES256_CBC_SETKEY, OP_AES256_CBC_ENC32, OP_AES256_CBC_SETDECKEY, OP_AES256_CBC_DEC32,
        {"aes256_setkey_enc", "aes256_setkey_dec", "aes256_enc_block", "aes256_dec_block",
         "aes256_cbc_setkey", "aes256_cbc_enc32", "aes256_cbc_setdeckey", "aes256_cbc_dec32"},
        KAT_AES256_ECB, KAT_AES256_CBC};
    size_t n = 0, m = 0;
    fc_status st;

    bench_aes_size(&a128, 16);
    bench_aes_size(&a192, 24);
    bench_aes_size(&a256, 32);

    op_begin(OP_AES128_CTR_2K, "aes128_ctr_2k", MSG_LEN);
    st = fc_cipher_init(&sym.cipher, NULL, FC_AES_CTR, FC_ENCRYPT, KAT_AES_KEY, 16, KAT_AES_IV, 16);
    BEGIN(OP_AES128_CTR_2K);
    if (st == FC_OK)
        st = fc_cipher_update(&sym.cipher, out, &n, msg, MSG_LEN);
    END(OP_AES128_CTR_2K);
    if (st == FC_OK)
        st = fc_cipher_final(&sym.cipher, out + n, &m);
    check("aes128_ctr_2k", st == FC_OK && n + m == MSG_LEN &&
                               same_2k(out, KAT_AES128_CTR_2K_HEAD, KAT_AES128_CTR_2K_FNV));
    fc_cipher_wipe(&sym.cipher);
}

static void bench_aead_one(uint32_t k, const char *name, fc_alg alg, const uint8_t *key,
                           size_t key_len, const uint8_t *nonce, size_t nonce_len,
                           size_t aad_len, size_t len, size_t tag_len, const uint8_t *want_head,
                           uint32_t want_fnv, const uint8_t *want_tag)
{
    uint8_t tag[16];
    fc_status st;
    op_begin(k, name, (uint32_t)len);
    st = fc_aead_init(&sym.aead, NULL, alg, key, key_len);
    BEGIN(k);
    if (st == FC_OK)
        st = fc_aead_seal(&sym.aead, out, tag, tag_len, nonce, nonce_len, msg + len, aad_len,
                          msg, len);
    END(k);
    fc_aead_wipe(&sym.aead);
    check(name, st == FC_OK && same(tag, want_tag, tag_len) &&
                    (len == MSG_LEN ? same_2k(out, want_head, want_fnv)
                                    : same(out, want_head, len)));
}

static void bench_modes(void)
{
    uint8_t d[32];
    fc_status st;
    bench_aead_one(OP_AES128_GCM_2K, "aes128_gcm_2k", FC_AES_GCM, KAT_AES_KEY, 16, KAT_AES_IV,
                   12, 0, MSG_LEN, 16, KAT_AES128_GCM_2K_HEAD, KAT_AES128_GCM_2K_FNV,
                   KAT_AES128_GCM_2K_TAG);
    bench_aead_one(OP_AES128_CCM_2K, "aes128_ccm_2k", FC_AES_CCM, KAT_AES_KEY, 16, KAT_AES_IV,
                   13, 0, MSG_LEN, 16, KAT_AES128_CCM_2K_HEAD, KAT_AES128_CCM_2K_FNV,
                   KAT_AES128_CCM_2K_TAG);
    bench_aead_one(OP_AES128_GCM_BLE, "aes128_gcm_ble27", FC_AES_GCM, KAT_AES_KEY, 16,
                   KAT_AES_IV, 13, 1, 27, 4, KAT_AES128_GCM_BLE, 0, KAT_AES128_GCM_BLE_TAG);
    bench_aead_one(OP_AES128_CCM_BLE, "aes128_ccm_ble27", FC_AES_CCM, KAT_AES_KEY, 16,
                   KAT_AES_IV, 13, 1, 27, 4, KAT_AES128_CCM_BLE, 0, KAT_AES128_CCM_BLE_TAG);
    bench_aead_one(OP_CHAPOLY_2K, "chacha20_poly1305_2k", FC_CHACHA20_POLY1305, KAT_CHACHA_KEY,
                   32, KAT_CHACHA_NONCE, 12, 0, MSG_LEN, 16, KAT_CHAPOLY_2K_HEAD,
                   KAT_CHAPOLY_2K_FNV, KAT_CHAPOLY_2K_TAG);
    op_begin(OP_AES_CMAC_64, "aes128_cmac_64", 64);
    BEGIN(OP_AES_CMAC_64);
    st = fc_mac(NULL, FC_AES_CMAC, d, 16, KAT_AES_KEY, 16, msg, 64);
    END(OP_AES_CMAC_64);
    check("aes128_cmac_64", st == FC_OK && same(d, KAT_AES_CMAC_64, 16));
    op_begin(OP_CHACHA20_2K, "chacha20_2k", MSG_LEN);
    BEGIN(OP_CHACHA20_2K);
    st = fc_stream(NULL, FC_CHACHA20, out, msg, MSG_LEN, KAT_CHACHA_KEY, 32, KAT_CHACHA_NONCE, 12);
    END(OP_CHACHA20_2K);
    check("chacha20_2k", st == FC_OK && same_2k(out, KAT_CHACHA20_2K_HEAD, KAT_CHACHA20_2K_FNV));

    op_begin(OP_POLY1305_2K, "poly1305_2k", MSG_LEN);
    BEGIN(OP_POLY1305_2K);
    st = fc_mac(NULL, FC_POLY1305, d, 16, KAT_CHACHA_KEY, 32, msg, MSG_LEN);
    END(OP_POLY1305_2K);
    check("poly1305_2k", st == FC_OK && same(d, KAT_POLY1305_2K, 16));
    op_begin(OP_SHA1_2K, "sha1_2k", MSG_LEN);
    BEGIN(OP_SHA1_2K);
    st = fc_hash(NULL, FC_SHA1, d, 20, msg, MSG_LEN);
    END(OP_SHA1_2K);
    check("sha1_2k", st == FC_OK && same(d, KAT_SHA1_2K, 20));

    op_begin(OP_MD5_2K, "md5_2k", MSG_LEN);
    BEGIN(OP_MD5_2K);
    st = fc_hash(NULL, FC_MD5, d, 16, msg, MSG_LEN);
    END(OP_MD5_2K);
    check("md5_2k", st == FC_OK && same(d, KAT_MD5_2K, 16));

    op_begin(OP_SM3_2K, "sm3_2k", MSG_LEN);
    BEGIN(OP_SM3_2K);
    st = fc_hash(NULL, FC_SM3, d, 32, msg, MSG_LEN);
    END(OP_SM3_2K);
    check("sm3_2k", st == FC_OK && same(d, KAT_SM3_2K, 32));

    {
        size_t n = 0, m = 0;
        op_begin(OP_DES_ECB_2K, "des_ecb_2k", MSG_LEN);
        st = fc_cipher_init(&sym.cipher, NULL, FC_DES_ECB, FC_ENCRYPT, KAT_DES_KEY, 8, NULL, 0);
        BEGIN(OP_DES_ECB_2K);
        if (st == FC_OK)
            st = fc_cipher_update(&sym.cipher, out, &n, msg, MSG_LEN);
        END(OP_DES_ECB_2K);
        if (st == FC_OK)
            st = fc_cipher_final(&sym.cipher, out + n, &m);
        fc_cipher_wipe(&sym.cipher);
        check("des_ecb_2k", st == FC_OK && n + m == MSG_LEN &&
                                same_2k(out, KAT_DES_ECB_2K_HEAD, KAT_DES_ECB_2K_FNV));

        n = m = 0;
        op_begin(OP_TDES_ECB_2K, "tdes_ecb_2k", MSG_LEN);
        st = fc_cipher_init(&sym.cipher, NULL, FC_TDES_ECB, FC_ENCRYPT, KAT_TDES_KEY, 24, NULL, 0);
        BEGIN(OP_TDES_ECB_2K);
        if (st == FC_OK)
            st = fc_cipher_update(&sym.cipher, out, &n, msg, MSG_LEN);
        END(OP_TDES_ECB_2K);
        if (st == FC_OK)
            st = fc_cipher_final(&sym.cipher, out + n, &m);
        fc_cipher_wipe(&sym.cipher);
        check("tdes_ecb_2k", st == FC_OK && n + m == MSG_LEN &&
                                 same_2k(out, KAT_TDES_ECB_2K_HEAD, KAT_TDES_ECB_2K_FNV));
    }
    {
        uint8_t r[64];
        op_begin(OP_CTR_DRBG_64, "ctr_drbg_aes256_64", 64);
        st = fc_drbg_init_seeded(&sym.drbg, NULL, FC_CTR_DRBG_AES256, NULL, 0, KAT_DRBG_ENTROPY,
                                 32, KAT_DRBG_NONCE, 16, NULL, 0);
        BEGIN(OP_CTR_DRBG_64);
        if (st == FC_OK)
            st = fc_drbg_generate(&sym.drbg, r, 64, NULL, 0);
        END(OP_CTR_DRBG_64);
        fc_drbg_wipe(&sym.drbg);
        check("ctr_drbg_aes256_64", st == FC_OK && same(r, KAT_CTR_DRBG_64, 64));

        op_begin(OP_HMAC_DRBG_64, "hmac_drbg_sha256_64", 64);
        st = fc_drbg_init_seeded(&sym.drbg, NULL, FC_HMAC_DRBG_SHA256, NULL, 0, KAT_DRBG_ENTROPY,
                                 32, KAT_DRBG_NONCE, 16, NULL, 0);
        BEGIN(OP_HMAC_DRBG_64);
        if (st == FC_OK)
            st = fc_drbg_generate(&sym.drbg, r, 64, NULL, 0);
        END(OP_HMAC_DRBG_64);
        fc_drbg_wipe(&sym.drbg);
        check("hmac_drbg_sha256_64", st == FC_OK && same(r, KAT_HMAC_DRBG_64, 64));
    }
    (void)d;
    (void)st;
}

/* ---- elliptic curves ----
 *
 * One call of the public API per region, default provider (soft). Weierstrass curves: the
 * public key of a fixed private key (fc_ec_public_key), ECDH with a fixed peer's uncompressed
 * point (fc_ecdh, the point's validation included), a deterministic ECDSA signature (RFC 6979)
 * of msg[0..32) with the curve's hash (hashing included), and the verification of that
 * signature under the uncompressed public key. Public keys and ECDH secrets are checked against
 * gen_kat.py's independent references. RFC 6979 signatures have no independent source on the
 * host (OpenSSL 3.0 cannot make them): the image checks that its signature equals the one of
 * the host build of fieldcrypt (gen_kat.py, fieldcrypt.ecdsa_sign) and that fc_ecdsa_verify
 * accepts it (the verify region: that signature, byte for byte), and gen_kat.py checks that it
 * verifies under OpenSSL or its pure-Python reference. P-256 is in every image; the other ten
 * curves only in the one built with FC_BENCH_ALL_CURVES (`fieldcrypt bench --all-curves`):
 * they take minutes of emulation. Ed25519: public key, signature of msg[0..64) with the stored
 * public key passed in (a device keeps it), verification. X448: the variable-base and the
 * base-point multiplications. */

struct ec_case {
    fc_alg curve, hash;
    size_t key_len, out_len; /* private key K bytes, field L bytes */
    uint32_t k[4];           /* public key, ECDH, sign, verify */
    const char *names[4];
    const uint8_t *d, *pub, *peer, *shared, *sig;
};

#define EC_CASE(C, NAME, HASH)                                                                 \
    {FC_##C, FC_##HASH, sizeof KAT_##C##_D, sizeof KAT_##C##_SHARED,                           \
     {OP_##C##_PUBKEY, OP_##C##_ECDH, OP_##C##_SIGN, OP_##C##_VERIFY},                         \
     {NAME "_public_key", NAME "_ecdh", NAME "_ecdsa_sign", NAME "_ecdsa_verify"},             \
     KAT_##C##_D, KAT_##C##_PUB, KAT_##C##_PEER, KAT_##C##_SHARED, KAT_##C##_SIG}

static const struct ec_case ec_cases[] = {
    EC_CASE(SECP256R1, "secp256r1", SHA256),
#ifdef FC_BENCH_ALL_CURVES
    EC_CASE(SECP192R1, "secp192r1", SHA256),
    EC_CASE(SECP224R1, "secp224r1", SHA256),
    EC_CASE(SECP384R1, "secp384r1", SHA384),
    EC_CASE(SECP521R1, "secp521r1", SHA512),
    EC_CASE(SECP192K1, "secp192k1", SHA256),
    EC_CASE(SECP224K1, "secp224k1", SHA256),
    EC_CASE(SECP256K1, "secp256k1", SHA256),
    EC_CASE(BRAINPOOLP256R1, "brainpoolP256r1", SHA256),
    EC_CASE(BRAINPOOLP384R1, "brainpoolP384r1", SHA384),
    EC_CASE(BRAINPOOLP512R1, "brainpoolP512r1", SHA512),
#endif
};

static void bench_weierstrass(const struct ec_case *c)
{
    uint8_t pub[FC_EC_POINT_MAX_LEN], shared[FC_EC_MAX_LEN], sig[FC_ECDSA_MAX_LEN];
    size_t point_len = 1 + 2 * c->out_len, sig_len = sizeof(sig);
    fc_status st;

    op_begin(c->k[0], c->names[0], 0);
    BEGIN(c->k[0]);
    st = fc_ec_public_key(NULL, c->curve, pub, c->d);
    END(c->k[0]);
    check(c->names[0], st == FC_OK && same(pub, c->pub, point_len));

    op_begin(c->k[1], c->names[1], 0);
    BEGIN(c->k[1]);
    st = fc_ecdh(NULL, c->curve, shared, c->d, c->peer, point_len);
    END(c->k[1]);
    check(c->names[1], st == FC_OK && same(shared, c->shared, c->out_len));

    op_begin(c->k[2], c->names[2], 32);
    BEGIN(c->k[2]);
    st = fc_ecdsa_sign(NULL, c->curve, c->hash, NULL, sig, &sig_len, c->d, msg, 32, 0);
    END(c->k[2]);
    check(c->names[2], st == FC_OK && sig_len == 2 * c->key_len && same(sig, c->sig, sig_len));

    op_begin(c->k[3], c->names[3], 32);
    BEGIN(c->k[3]);
    st = fc_ecdsa_verify(NULL, c->curve, c->hash, c->pub, point_len, msg, 32, sig,
                         2 * c->key_len, 0);
    END(c->k[3]);
    check(c->names[3], st == FC_OK);
}

static void bench_ec(void)
{
    uint8_t pub[32], sig[64], r56[56];
    size_t i;
    fc_status st;

    for (i = 0; i < sizeof(ec_cases) / sizeof(ec_cases[0]); i++)
        bench_weierstrass(&ec_cases[i]);

    op_begin(OP_ED25519_PUBKEY, "ed25519_public_key", 0);
    BEGIN(OP_ED25519_PUBKEY);
    st = fc_eddsa_public_key(NULL, FC_ED25519, pub, KAT_ED25519_SEED);
    END(OP_ED25519_PUBKEY);
    check("ed25519_public_key", st == FC_OK && same(pub, KAT_ED25519_PUB, 32));

    op_begin(OP_ED25519_SIGN, "ed25519_sign", 64);
    BEGIN(OP_ED25519_SIGN);
    st = fc_eddsa_sign(NULL, FC_ED25519, sig, KAT_ED25519_SEED, KAT_ED25519_PUB, NULL, 0, msg, 64);
    END(OP_ED25519_SIGN);
    check("ed25519_sign", st == FC_OK && same(sig, KAT_ED25519_SIG, 64));

    op_begin(OP_ED25519_VERIFY, "ed25519_verify", 64);
    BEGIN(OP_ED25519_VERIFY);
    st = fc_eddsa_verify(NULL, FC_ED25519, KAT_ED25519_PUB, NULL, 0, msg, 64, KAT_ED25519_SIG);
    END(OP_ED25519_VERIFY);
    check("ed25519_verify", st == FC_OK);

    op_begin(OP_X448, "x448", 0);
    BEGIN(OP_X448);
    st = fc_xdh(NULL, FC_X448, r56, KAT_X448_K, KAT_X448_U);
    END(OP_X448);
    check("x448", st == FC_OK && same(r56, KAT_X448_OUT, 56));

    op_begin(OP_X448_BASE, "x448_base", 0);
    BEGIN(OP_X448_BASE);
    st = fc_xdh_base(NULL, FC_X448, r56, KAT_X448_K);
    END(OP_X448_BASE);
    check("x448_base", st == FC_OK && same(r56, KAT_X448_BASE_OUT, 56));
}

/* ---- protocol runs, one region per side ---- */

static fc_cpace_ctx cpace_i, cpace_r;

static void bench_cpace(void)
{
    static const uint8_t prs[] = KAT_CPACE_PRS, ci[] = KAT_CPACE_CI, sid[] = KAT_CPACE_SID;
    static const uint8_t ad_i[] = KAT_CPACE_AD_I, ad_r[] = KAT_CPACE_AD_R;
    uint32_t seed_i = KAT_CPACE_SEED_I, seed_r = KAT_CPACE_SEED_R;
    fc_rng rng_i = {lcg_fill, &seed_i}, rng_r = {lcg_fill, &seed_r};
    fc_cpace_params p_i = {FC_CPACE_X25519_SHA512, FC_CPACE_INITIATOR, prs, sizeof prs, ci,
                           sizeof ci, sid, sizeof sid, ad_i, sizeof ad_i, 1, NULL};
    fc_cpace_params p_r = p_i;
    uint8_t y_i[32], y_r[32], t_i[64], t_r[64], isk_i[64], isk_r[64];
    int ok = 1;
    p_r.role = FC_CPACE_RESPONDER;
    p_r.ad = ad_r;
    p_r.ad_len = sizeof ad_r;

    op_begin(OP_CPACE_I, "cpace_initiator", 0);
    op_begin(OP_CPACE_R, "cpace_responder", 0);
    BEGIN(OP_CPACE_I);
    ok &= fc_cpace_start(&cpace_i, &p_i, &rng_i, y_i, 32) == FC_OK;
    END(OP_CPACE_I);
    BEGIN(OP_CPACE_R);
    ok &= fc_cpace_start(&cpace_r, &p_r, &rng_r, y_r, 32) == FC_OK;
    END(OP_CPACE_R);
    BEGIN(OP_CPACE_I);
    ok &= fc_cpace_receive(&cpace_i, y_r, 32, ad_r, sizeof ad_r) == FC_OK;
    ok &= fc_cpace_tag(&cpace_i, t_i, 64) == FC_OK;
    END(OP_CPACE_I);
    BEGIN(OP_CPACE_R);
    ok &= fc_cpace_receive(&cpace_r, y_i, 32, ad_i, sizeof ad_i) == FC_OK;
    ok &= fc_cpace_tag(&cpace_r, t_r, 64) == FC_OK;
    ok &= fc_cpace_verify(&cpace_r, t_i, 64) == FC_OK;
    END(OP_CPACE_R);
    BEGIN(OP_CPACE_I);
    ok &= fc_cpace_verify(&cpace_i, t_r, 64) == FC_OK;
    END(OP_CPACE_I);
    ok &= fc_cpace_isk(&cpace_i, isk_i, 64) == FC_OK;
    ok &= fc_cpace_isk(&cpace_r, isk_r, 64) == FC_OK;
    check("cpace_initiator", ok && same(y_i, KAT_CPACE_Y_I, 32) && same(isk_i, KAT_CPACE_ISK, 64));
    check("cpace_responder", ok && same(y_r, KAT_CPACE_Y_R, 32) && same(isk_r, KAT_CPACE_ISK, 64));
    fc_cpace_wipe(&cpace_i);
    fc_cpace_wipe(&cpace_r);
}

static fc_pace2017_ctx pace_d, pace_h;

static void bench_pace2017(void)
{
    uint32_t seed_d = KAT_PACE_SEED_D, seed_h = KAT_PACE_SEED_H;
    fc_rng rng_d = {lcg_fill, &seed_d}, rng_h = {lcg_fill, &seed_h};
    uint8_t m1[24], m2[48], m3[48], m4[16], key_d[32], key_h[32];
    int ok = 1;

    op_begin(OP_PACE_D, "pace2017_device", 0);
    op_begin(OP_PACE_H, "pace2017_handheld", 0);
    BEGIN(OP_PACE_D);
    ok &= fc_pace2017_device_start(&pace_d, NULL, &rng_d, m1, 24, KAT_PACE_KPI) == FC_OK;
    END(OP_PACE_D);
    BEGIN(OP_PACE_H);
    ok &= fc_pace2017_handheld_start(&pace_h, NULL, &rng_h, m2, 48, KAT_PACE_KPI, m1, 24) == FC_OK;
    END(OP_PACE_H);
    BEGIN(OP_PACE_D);
    ok &= fc_pace2017_device_respond(&pace_d, m3, 48, m2, 48) == FC_OK;
    END(OP_PACE_D);
    BEGIN(OP_PACE_H);
    ok &= fc_pace2017_handheld_finish(&pace_h, m4, 16, m3, 48) == FC_OK;
    END(OP_PACE_H);
    BEGIN(OP_PACE_D);
    ok &= fc_pace2017_device_finish(&pace_d, m4, 16) == FC_OK;
    END(OP_PACE_D);
    ok &= fc_pace2017_session_key(&pace_d, key_d, 32) == FC_OK;
    ok &= fc_pace2017_session_key(&pace_h, key_h, 32) == FC_OK;
    check("pace2017_device", ok && same(m3, KAT_PACE_M3, 48) && same(key_d, KAT_PACE_KEY, 32));
    check("pace2017_handheld", ok && same(m2, KAT_PACE_M2, 48) && same(key_h, KAT_PACE_KEY, 32));
    fc_pace2017_wipe(&pace_d);
    fc_pace2017_wipe(&pace_h);
}

/* ---- the slice engine ---- */

/* The budget of every slice below, in engine work units (modelled cycles of this target): a
 * slice then stays under 30,000 cycles with the step's own overhead. */
#ifndef ENGINE_BUDGET
#define ENGINE_BUDGET 28000u
#endif

static fc_job job;

/* Runs a started job, one region entry per step: the runner gets every slice's cycles and
 * stack. */
static fc_status run_sliced(uint32_t k)
{
    fc_status st;
    do {
        BEGIN(k);
        st = fc_job_step(&job, ENGINE_BUDGET);
        END(k);
    } while (st == FC_PENDING);
    return st;
}

#if FC_WITH_CURVE_JOBS
/* The X448 and Ed25519 jobs on bench_ec's inputs: the results checked against the same known
 * answers as the synchronous calls. */
static void bench_curve_jobs(void)
{
    uint8_t r56[56], r64[64];
    fc_status st;

    op_begin(OP_JOB_X448, "slices:x448", 0);
    st = fc_job_xdh(&job, NULL, FC_X448, r56, KAT_X448_K, KAT_X448_U);
    if (st == FC_OK)
        st = run_sliced(OP_JOB_X448);
    check("slices:x448", st == FC_OK && same(r56, KAT_X448_OUT, 56));

    op_begin(OP_JOB_ED25519_SIGN, "slices:ed25519_sign", 64);
    st = fc_job_eddsa_sign(&job, NULL, FC_ED25519, r64, KAT_ED25519_SEED, KAT_ED25519_PUB, NULL,
                           0, msg, 64);
    if (st == FC_OK)
        st = run_sliced(OP_JOB_ED25519_SIGN);
    check("slices:ed25519_sign", st == FC_OK && same(r64, KAT_ED25519_SIG, 64));

    op_begin(OP_JOB_ED25519_VERIFY, "slices:ed25519_verify", 64);
    st = fc_job_eddsa_verify(&job, NULL, FC_ED25519, KAT_ED25519_PUB, NULL, 0, msg, 64,
                             KAT_ED25519_SIG);
    if (st == FC_OK)
        st = run_sliced(OP_JOB_ED25519_VERIFY);
    check("slices:ed25519_verify", st == FC_OK);
}
#endif

static void bench_jobs(void)
{
    uint8_t r32[32], r64[64];
    fc_status st;

    op_begin(OP_JOB_X25519, "slices:x25519", 0);
    st = fc_job_xdh(&job, NULL, FC_X25519, r32, KAT_X25519_K, KAT_X25519_U);
    if (st == FC_OK)
        st = run_sliced(OP_JOB_X25519);
    check("slices:x25519", st == FC_OK && same(r32, KAT_X25519_OUT, 32));

    op_begin(OP_JOB_ELL25519, "slices:elligator2_25519", 0);
    st = fc_job_map(&job, NULL, FC_ELLIGATOR2_CURVE25519, r32, KAT_ELL25519_R);
    if (st == FC_OK)
        st = run_sliced(OP_JOB_ELL25519);
    check("slices:elligator2_25519", st == FC_OK && same(r32, KAT_ELL25519_OUT, 32));

    op_begin(OP_JOB_SHA512_2K, "slices:sha512_2k", MSG_LEN);
    st = fc_job_hash(&job, NULL, FC_SHA512, r64, msg, MSG_LEN);
    if (st == FC_OK)
        st = run_sliced(OP_JOB_SHA512_2K);
    check("slices:sha512_2k", st == FC_OK && same(r64, KAT_SHA512_2K, 64));

#if FC_WITH_CURVE_JOBS
    op_begin(OP_JOB_SECP256R1_ECDH, "slices:secp256r1_ecdh", 0);
    st = fc_job_ecdh(&job, NULL, FC_SECP256R1, r32, KAT_SECP256R1_D, KAT_SECP256R1_PEER,
                     sizeof KAT_SECP256R1_PEER);
    if (st == FC_OK)
        st = run_sliced(OP_JOB_SECP256R1_ECDH);
    check("slices:secp256r1_ecdh", st == FC_OK && same(r32, KAT_SECP256R1_SHARED, 32));

    /* the digest of the synchronous region's message, outside the measured steps */
    op_begin(OP_JOB_SECP256R1_VERIFY, "slices:secp256r1_ecdsa_verify", 32);
    st = fc_hash(NULL, FC_SHA256, r32, 32, msg, 32);
    if (st == FC_OK)
        st = fc_job_ecdsa_verify_digest(&job, NULL, FC_SECP256R1, KAT_SECP256R1_PUB,
                                        sizeof KAT_SECP256R1_PUB, r32, 32, KAT_SECP256R1_SIG,
                                        sizeof KAT_SECP256R1_SIG, 0);
    if (st == FC_OK)
        st = run_sliced(OP_JOB_SECP256R1_VERIFY);
    check("slices:secp256r1_ecdsa_verify", st == FC_OK);

    op_begin(OP_JOB_SECP256R1_SIGN, "slices:secp256r1_ecdsa_sign", 32);
    st = fc_hash(NULL, FC_SHA256, r32, 32, msg, 32);
    if (st == FC_OK)
        st = fc_job_ecdsa_sign_digest(&job, NULL, FC_SECP256R1, FC_SHA256, NULL, r64,
                                      KAT_SECP256R1_D, r32, 32, 0);
    if (st == FC_OK)
        st = run_sliced(OP_JOB_SECP256R1_SIGN);
    check("slices:secp256r1_ecdsa_sign", st == FC_OK && same(r64, KAT_SECP256R1_SIG, 64));
    bench_curve_jobs();
#endif
}

/* A whole CPace login of an in-image handheld (not measured) to a device, once with the
 * synchronous device (region LOGIN_DEV: its two fc_login_input calls) and once with the sliced
 * one (LOGIN_DEV_SLICED: its two quick fc_login_input calls and every fc_login_step). Same
 * randomness for both devices: same frames, same key. */
static fc_login login_hh, login_dev;
static uint8_t frame_a[FC_LOGIN_MAX_FRAME], frame_b[FC_LOGIN_MAX_FRAME];

static int login_once(unsigned suite, int sliced, uint8_t key[32],
                      uint8_t finish[FC_LOGIN_MAX_FRAME], size_t *finish_len)
{
    static const uint8_t pw[] = KAT_LOGIN_PASSWORD;
    uint32_t seed_d = KAT_LOGIN_SEED_D, seed_h = KAT_LOGIN_SEED_H;
    fc_rng rng_d = {lcg_fill, &seed_d}, rng_h = {lcg_fill, &seed_h};
    int pace = suite == FC_LOGIN_SUITE_PACE2017;
    uint32_t k = pace ? (sliced ? OP_LOGIN_PACE_DEV_SLICED : OP_LOGIN_PACE_DEV)
                      : (sliced ? OP_LOGIN_DEV_SLICED : OP_LOGIN_DEV);
    /* a sliced device's fc_login_input calls get a region of their own */
    uint32_t k_in = !sliced ? k : pace ? OP_LOGIN_PACE_DEV_SLICED_IN : OP_LOGIN_DEV_SLICED_IN;
    uint8_t cred[FC_LOGIN_CRED_LEN], id[FC_LOGIN_MAX_ID];
    fc_login_config c;
    size_t alen, blen = 0, idlen;
    int turn, ok = 1;
    fc_status st;

    memset(&c, 0, sizeof(c));
    ok &= fc_login_credential(NULL, suite, cred, sizeof(cred), pw, sizeof(pw) - 1,
                              (const uint8_t *)KAT_LOGIN_DEVICE_ID,
                              sizeof(KAT_LOGIN_DEVICE_ID) - 1) == FC_OK;
    c.role = FC_LOGIN_DEVICE;
    c.suite = suite;
    c.secret = cred;
    c.secret_len = sizeof(cred);
    c.id = (const uint8_t *)KAT_LOGIN_DEVICE_ID;
    c.id_len = sizeof(KAT_LOGIN_DEVICE_ID) - 1;
    c.sliced = sliced;
    ok &= fc_login_init(&login_dev, &c) == FC_OK;
    c.role = FC_LOGIN_HANDHELD;
    c.secret = pw;
    c.secret_len = sizeof(pw) - 1;
    c.id = (const uint8_t *)KAT_LOGIN_HANDHELD_ID;
    c.id_len = sizeof(KAT_LOGIN_HANDHELD_ID) - 1;
    c.sliced = 0;
    ok &= fc_login_init(&login_hh, &c) == FC_OK;
    ok &= fc_login_start(&login_hh, &rng_h, frame_a, sizeof(frame_a), &alen) == FC_OK;
    for (turn = 0; ok && alen > 0 && turn < 6; turn++) {
        if ((turn & 1) == 0) { /* to the device */
            BEGIN(k_in);
            st = fc_login_input(&login_dev, &rng_d, frame_b, sizeof(frame_b), &blen, frame_a, alen);
            END(k_in);
            while (st == FC_PENDING) {
                BEGIN(k);
                st = fc_login_step(&login_dev, ENGINE_BUDGET, frame_b, sizeof(frame_b), &blen);
                END(k);
            }
            if (st == FC_OK && fc_login_done(&login_dev)) { /* the last answer */
                memcpy(finish, frame_b, blen);
                *finish_len = blen;
            }
        } else {
            st = fc_login_input(&login_hh, &rng_h, frame_b, sizeof(frame_b), &blen, frame_a, alen);
        }
        ok &= st == FC_OK;
        memcpy(frame_a, frame_b, blen);
        alen = blen;
    }
    ok &= fc_login_done(&login_dev) && fc_login_done(&login_hh);
    ok &= fc_login_result(&login_dev, id, sizeof(id), &idlen, key, 32) == FC_OK;
    fc_login_wipe(&login_dev);
    fc_login_wipe(&login_hh);
    return ok;
}

static void bench_login_suite(unsigned suite, uint32_t k_sync, uint32_t k_sliced,
                              uint32_t k_sliced_in, const char *name_sync,
                              const char *name_sliced, const char *name_sliced_in)
{
    uint8_t key_sync[32], key_sliced[32], fin_sync[FC_LOGIN_MAX_FRAME], fin_sliced[FC_LOGIN_MAX_FRAME];
    size_t fs = 0, fl = 1;
    int ok;
    op_begin(k_sync, name_sync, 0);
    op_begin(k_sliced, name_sliced, 0);
    op_begin(k_sliced_in, name_sliced_in, 0);
    ok = login_once(suite, 0, key_sync, fin_sync, &fs);
    check(name_sync, ok);
    ok = login_once(suite, 1, key_sliced, fin_sliced, &fl);
    check(name_sliced, ok && fs == fl && same(fin_sync, fin_sliced, fs) &&
                           same(key_sync, key_sliced, 32));
}

static void bench_login(void)
{
    bench_login_suite(FC_LOGIN_SUITE_CPACE, OP_LOGIN_DEV, OP_LOGIN_DEV_SLICED,
                      OP_LOGIN_DEV_SLICED_IN, "login_device", "slices:login_device",
                      "inputs:login_device");
    bench_login_suite(FC_LOGIN_SUITE_PACE2017, OP_LOGIN_PACE_DEV, OP_LOGIN_PACE_DEV_SLICED,
                      OP_LOGIN_PACE_DEV_SLICED_IN, "login_pace2017_device",
                      "slices:login_pace2017_device", "inputs:login_pace2017_device");
}

/* FC_BENCH_SYMMETRIC_ONLY: the symmetric operations alone, for the accelerator comparison
 * (accelbench.py), whose library has a driver ahead of soft */
#ifdef FC_BENCH_SYMMETRIC_ONLY
#define BENCH_ALL 0
#else
#define BENCH_ALL 1
#endif

int main(void)
{
    uint32_t i;
    for (i = 0; i < MSG_LEN; i++)
        msg[i] = (uint8_t)(i * 7u + 1u);

    bench_mark(1); /* empty region: the marker overhead, subtracted by the runner */
    bench_mark(2);

    if (BENCH_ALL) {
        bench_fe25519();
        bench_fe19119();
        bench_curves();
    }
    bench_symmetric();
    bench_aes();
    bench_modes();
    if (BENCH_ALL) {
        bench_cpace();
        bench_pace2017();
        bench_jobs();
        bench_login();
        bench_ec();
    }
    board_puts("job_state ");
    board_putu((uint32_t)sizeof(fc_job));
    board_puts("\nlogin_state ");
    board_putu((uint32_t)sizeof(fc_login));
    board_puts("\nengine_max_unit ");
    board_putu(fc_job_max_unit_cost());
    board_puts("\n");

    board_puts(failures ? "KAT FAIL\n" : "KAT OK\n");
    return failures;
}
