/* The Kinetis mmCAU driver (src/drivers/kinetis_mmcau.c) on the Unicorn runner, through the
 * chain "kinetis-mmcau -> soft" (tests/python/test_mmcau_driver.py runs it on the Cortex-M0+ and
 * Cortex-M4 models with the mmCAU model on, off and wrong): the AES known answers of the C tests
 * for the raw block (ECB, both directions, AES-128/192/256), CTR, CBC, GCM, CCM and CMAC; SHA-1,
 * SHA-224 and SHA-256 known answers, HMAC over them; the same through unaligned buffers; DES
 * and 3DES known answers both ways, and weak keys refused ("ok refused SOURCE"). One line per check: "ok hw|soft SOURCE" (hw: the context's implementation is
 * the unit's) or "FAIL status N SOURCE"; "digest ALG LEN HEX" lines for the Python test to check
 * against hashlib; then the cycles regions (3 -> 4: 16 AES-128 blocks on the chain, 5 -> 6: the
 * same on soft; 7 -> 8 and 9 -> 10: 256 bytes of AES-128-CTR; 11 -> 12 and 13 -> 14: SHA-256 of
 * 16 blocks, 1024 bytes; 15 -> 16 and 17 -> 18: 16 DES blocks, 19 -> 20 and 21 -> 22: 16 3DES
 * blocks) and "OK" or "FAILED". Exit 0 when every check passed. */
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "fieldcrypt/driver.h"
#include "fieldcrypt/drivers/kinetis_mmcau.h"
#include "fieldcrypt/fieldcrypt.h"

int main(void);

#define P fc_provider_kinetis_mmcau
#include "driver_checks.h"

/* ---- hashes. FIPS 180-4 examples (NIST CSRC "Examples with Intermediate Values": SHA1.pdf,
 * SHA224.pdf, SHA256.pdf): "abc" and the 448-bit two-block message */
typedef struct {
    fc_alg alg;
    const char *source, *msg, *digest;
} hash_vector;

#define TWO_BLOCK "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"

static const hash_vector hash_vectors[] = {
    {FC_SHA256, "FIPS 180-4 SHA-256 abc", "abc",
     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {FC_SHA256, "FIPS 180-4 SHA-256 two-block", TWO_BLOCK,
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    {FC_SHA224, "FIPS 180-4 SHA-224 abc", "abc",
     "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
    {FC_SHA1, "FIPS 180-4 SHA-1 abc", "abc", "a9993e364706816aba3e25717850c26c9cd0d89d"},
    {FC_SHA1, "FIPS 180-4 SHA-1 two-block", TWO_BLOCK,
     "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
};

/* fc_hash over len bytes at msg, streamed in pieces of step bytes (0: one update) */
static fc_status hash_run(fc_alg alg, uint8_t *out, const uint8_t *msg, size_t len, size_t step,
                          const struct fc_impl **impl)
{
    fc_hash_ctx ctx;
    fc_status st;
    size_t off = 0, n;
    memset(&ctx, 0, sizeof(ctx));
    st = fc_hash_init(&ctx, &P, alg);
    if (st != FC_OK)
        return st;
    *impl = ctx.impl;
    do {
        n = step == 0 || len - off < step ? len - off : step;
        st = fc_hash_update(&ctx, msg + off, n);
        off += n;
    } while (st == FC_OK && off < len);
    if (st == FC_OK)
        st = fc_hash_final(&ctx, out, 64);
    fc_hash_wipe(&ctx);
    return st;
}

static void hash_check(const hash_vector *v)
{
    static const size_t steps[] = {0, 1, 7, 63, 64};
    uint8_t digest[64], out[64];
    size_t dlen = unhex(digest, v->digest), i, len = strlen(v->msg);
    const struct fc_impl *impl = NULL;
    fc_status st = FC_OK;
    int same = 1;
    for (i = 0; i < sizeof(steps) / sizeof(steps[0]) && st == FC_OK; i++) {
        memset(out, 0, sizeof(out));
        st = hash_run(v->alg, out, (const uint8_t *)v->msg, len, steps[i], &impl);
        same = same && memcmp(out, digest, dlen) == 0;
    }
    report(v->source, st, impl, same);
}

static void put_hex(const uint8_t *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    char two[3] = {0, 0, 0};
    size_t i;
    for (i = 0; i < n; i++) {
        two[0] = digits[p[i] >> 4];
        two[1] = digits[p[i] & 15];
        board_puts(two);
    }
}

/* a 1000-byte message, bytes i * 7 + 3: its digests are printed for the Python test (hashlib),
 * then hashed again from an odd address in odd pieces, which must give the same bytes */
static uint8_t long_msg[1000 + 4];

static void long_hash_check(fc_alg alg, const char *name, size_t dlen)
{
    uint8_t a[64], b[64];
    const struct fc_impl *impl = NULL;
    fc_status st;
    size_t i;
    for (i = 0; i < 1000; i++)
        long_msg[i] = (uint8_t)(i * 7u + 3u);
    st = hash_run(alg, a, long_msg, 1000, 0, &impl);
    board_puts("digest ");
    board_puts(name);
    board_puts(" 1000 ");
    put_hex(a, dlen);
    board_puts("\n");
    memmove(long_msg + 3, long_msg, 1000);
    if (st == FC_OK)
        st = hash_run(alg, b, long_msg + 3, 1000, 77, &impl);
    report(alg == FC_SHA1 ? "SHA-1 1000 bytes, unaligned" : "SHA-256 1000 bytes, unaligned", st,
           impl, memcmp(a, b, dlen) == 0);
}

/* ---- HMAC (the core's mode over the unit's hash): RFC 4231 4.2 and 4.3 (HMAC-SHA-256 Test
 * Cases 1 and 2), RFC 2202 3 (HMAC-SHA-1 Test Case 2) */
typedef struct {
    fc_alg alg;
    const char *source, *key, *msg, *tag;
} hmac_vector;

static const hmac_vector hmac_vectors[] = {
    {FC_HMAC_SHA256, "RFC 4231 Test Case 1", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "Hi There",
     "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},
    {FC_HMAC_SHA256, "RFC 4231 Test Case 2", "4a656665", "what do ya want for nothing?",
     "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"},
    {FC_HMAC_SHA1, "RFC 2202 HMAC-SHA-1 Test Case 2", "4a656665", "what do ya want for nothing?",
     "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"},
};

static void hmac_check(const hmac_vector *v)
{
    uint8_t key[MAX], tag[MAX], out[32];
    size_t klen = unhex(key, v->key), tlen = unhex(tag, v->tag);
    const struct fc_impl *impl = NULL;
    fc_mac_ctx ctx;
    fc_status st;
    memset(&ctx, 0, sizeof(ctx));
    memset(out, 0, sizeof(out));
    st = fc_mac_init(&ctx, &P, v->alg, key, klen);
    if (st == FC_OK) {
        impl = ctx.impl; /* HMAC: the hash under the core's mode */
        st = fc_mac_update(&ctx, (const uint8_t *)v->msg, strlen(v->msg));
        if (st == FC_OK)
            st = fc_mac_final(&ctx, out, tlen);
    }
    fc_mac_wipe(&ctx);
    report(v->source, st, impl, memcmp(out, tag, tlen) == 0);
}

/* ---- unaligned AES: F.1.5 (AES-256) and F.1.1 through buffers at odd addresses, in place */
static void unaligned_block_check(const block_vector *v, const char *source)
{
    static uint8_t buf[MAX + 8];
    uint8_t key_buf[40], plain[MAX], cipher[MAX];
    size_t klen = unhex(key_buf + 1, v->key), len = unhex(plain, v->plain);
    const struct fc_impl *impl = NULL;
    fc_block_ctx ctx;
    fc_status st;
    int same = 0;
    unhex(cipher, v->cipher);
    memset(&ctx, 0, sizeof(ctx));
    st = fc_block_init(&ctx, &P, FC_AES, FC_ENCRYPT | FC_DECRYPT, key_buf + 1, klen);
    if (st == FC_OK) {
        impl = ctx.impl;
        memcpy(buf + 1, plain, len);
        st = fc_block_encrypt(&ctx, buf + 1, buf + 1, len);
        same = memcmp(buf + 1, cipher, len) == 0;
        if (st == FC_OK) {
            memmove(buf + 3, buf + 1, len);
            st = fc_block_decrypt(&ctx, buf + 2, buf + 3, len);
            same = same && memcmp(buf + 2, plain, len) == 0;
        }
    }
    fc_block_wipe(&ctx);
    report(source, st, impl, same);
}

/* ---- DES and 3DES, the known answers of tests/c/test_legacy.c (sources there and here):
 * FIPS 81 Appendix B, Table B1 (ECB); NIST SP 800-17 Appendix A (variable key, substitution
 * table: one entry each); SP 800-67 Rev. 1 Appendix B (3-key); NIST CAVP TECBMMT2.rsp
 * [DECRYPT] COUNT = 0 (2-key, a 16-byte bundle). Both directions each. */
typedef struct {
    fc_alg alg;
    const char *source, *decrypt_source, *key, *plain, *cipher;
} des_vector;

static const des_vector des_vectors[] = {
    {FC_DES, "FIPS 81 B1 DES-ECB",
     "FIPS 81 B1 DES-ECB decrypt", "0123456789abcdef",
     "4e6f77206973207468652074696d6520666f7220616c6c20",
     "3fa40e8a984d48156a271787ab8883f9893d51ec4b563b53"},
    {FC_DES, "SP 800-17 A variable key 8001010101010101",
     "SP 800-17 A variable key 8001010101010101 decrypt", "8001010101010101", "0000000000000000",
     "95a8d72813daa94d"},
    {FC_DES, "SP 800-17 A substitution table 7ca110454a1a6e57",
     "SP 800-17 A substitution table 7ca110454a1a6e57 decrypt", "7ca110454a1a6e57",
     "01a1d6d039776742", "690f5b0d9a26939b"},
    {FC_TDES, "SP 800-67 B 3DES-ECB (3-key)",
     "SP 800-67 B 3DES-ECB (3-key) decrypt", "0123456789abcdef23456789abcdef01456789abcdef0123",
     "54686520717566636b2062726f776e20666f78206a756d70",
     "a826fd8ce53b855fcce21c8112256fe668d5c05dd9b6b900"},
    {FC_TDES, "CAVP TECBMMT2 COUNT 0 (2-key)",
     "CAVP TECBMMT2 COUNT 0 (2-key) decrypt", "151f10383d6d199b4a763bd54a46a445",
     "d8da89298878ed7d", "89321ba75ba545db"},
};

static void des_check(const des_vector *v, unsigned dir, const char *source)
{
    uint8_t key[24], plain[24], cipher[24], out[24];
    size_t klen = unhex(key, v->key), len = unhex(plain, v->plain);
    const struct fc_impl *impl = NULL;
    fc_block_ctx ctx;
    fc_status st;
    unhex(cipher, v->cipher);
    memset(&ctx, 0, sizeof(ctx));
    memset(out, 0, sizeof(out));
    st = fc_block_init(&ctx, &P, v->alg, dir, key, klen);
    if (st == FC_OK) {
        impl = ctx.impl;
        st = dir == FC_ENCRYPT ? fc_block_encrypt(&ctx, out, plain, len)
                               : fc_block_decrypt(&ctx, out, cipher, len);
    }
    fc_block_wipe(&ctx);
    report(source, st, impl, memcmp(out, dir == FC_ENCRYPT ? cipher : plain, len) == 0);
}

/* keys soft refuses (FIPS 74 3.6 weak and semi-weak DES keys, 3DES with K1 = K2 or K2 = K3):
 * the chain must refuse them with FC_ERR_WEAK_KEY, unit or not. "ok refused SOURCE" */
static void des_refused_check(fc_alg alg, const char *key_hex, const char *source)
{
    uint8_t key[24];
    size_t klen = unhex(key, key_hex);
    fc_block_ctx ctx;
    fc_status st;
    memset(&ctx, 0, sizeof(ctx));
    st = fc_block_init(&ctx, &P, alg, FC_ENCRYPT, key, klen);
    fc_block_wipe(&ctx);
    if (st == FC_ERR_WEAK_KEY) {
        board_puts("ok refused ");
    } else {
        failures++;
        board_puts("FAIL status ");
        board_putu((uint32_t)-(int32_t)st);
        board_puts(" ");
    }
    board_puts(source);
    board_puts("\n");
}

/* ---- cycles: 16 AES blocks and 256 bytes of CTR (aes_timing), then SHA-256 of 16 blocks */
static void timing(const fc_provider *p, uint32_t mark, uint32_t hash_mark)
{
    static uint8_t buf[1024];
    uint8_t digest[32];
    fc_hash_ctx hash;
    aes_timing(p, mark);
    memset(&hash, 0, sizeof(hash));
    if (fc_hash_init(&hash, p, FC_SHA256) != FC_OK)
        failures++;
    bench_mark(hash_mark);
    if (fc_hash_update(&hash, buf, sizeof(buf)) != FC_OK)
        failures++;
    bench_mark(hash_mark + 1);
    if (fc_hash_final(&hash, digest, sizeof(digest)) != FC_OK)
        failures++;
}

/* cycles: 16 DES blocks and 16 3DES blocks on contexts keyed beforehand */
static void des_timing(const fc_provider *p, uint32_t mark)
{
    static uint8_t buf[128];
    uint8_t key[24];
    fc_block_ctx ctx;
    unhex(key, "0123456789abcdef23456789abcdef01456789abcdef0123");
    memset(&ctx, 0, sizeof(ctx));
    if (fc_block_init(&ctx, p, FC_DES, FC_ENCRYPT, key, 8) != FC_OK)
        failures++;
    bench_mark(mark);
    if (fc_block_encrypt(&ctx, buf, buf, 128) != FC_OK)
        failures++;
    bench_mark(mark + 1);
    fc_block_wipe(&ctx);
    if (fc_block_init(&ctx, p, FC_TDES, FC_ENCRYPT, key, 24) != FC_OK)
        failures++;
    bench_mark(mark + 4);
    if (fc_block_encrypt(&ctx, buf, buf, 128) != FC_OK)
        failures++;
    bench_mark(mark + 5);
    fc_block_wipe(&ctx);
}

/* the decryption of each block vector: FIPS 197 gives it with the encryption (C.1-C.3), SP
 * 800-38A as its own example (F.1.2, F.1.4, F.1.6) */
static const char *const decrypt_sources[] = {
    "FIPS 197 C.1 decrypt", "SP 800-38A F.1.2", "FIPS 197 C.2 decrypt",
    "FIPS 197 C.3 decrypt", "SP 800-38A F.1.4", "SP 800-38A F.1.6"};

int main(void)
{
    size_t i;
    bench_mark(1);
    bench_mark(2);
    board_puts(fc_kinetis_mmcau_ready() ? "mmcau: kinetis-mmcau\n" : "mmcau: soft\n");

    for (i = 0; i < sizeof(block_vectors) / sizeof(block_vectors[0]); i++) {
        block_check(&block_vectors[i], FC_ENCRYPT, FC_ENCRYPT, block_vectors[i].source);
        block_check(&block_vectors[i], FC_DECRYPT, FC_DECRYPT, decrypt_sources[i]);
    }
    unaligned_block_check(&block_vectors[1], "SP 800-38A F.1.1/F.1.2, unaligned");
    unaligned_block_check(&block_vectors[5], "SP 800-38A F.1.5/F.1.6, unaligned");

    aes_mode_checks();
    for (i = 0; i < sizeof(hash_vectors) / sizeof(hash_vectors[0]); i++)
        hash_check(&hash_vectors[i]);
    for (i = 0; i < sizeof(hmac_vectors) / sizeof(hmac_vectors[0]); i++)
        hmac_check(&hmac_vectors[i]);
    long_hash_check(FC_SHA256, "sha256", 32);
    long_hash_check(FC_SHA1, "sha1", 20);
    for (i = 0; i < sizeof(des_vectors) / sizeof(des_vectors[0]); i++) {
        des_check(&des_vectors[i], FC_ENCRYPT, des_vectors[i].source);
        des_check(&des_vectors[i], FC_DECRYPT, des_vectors[i].decrypt_source);
    }
    des_refused_check(FC_DES, "fefefefefefefefe", "FIPS 74 weak key fefefefefefefefe");
    des_refused_check(FC_DES, "1fe01fe00ef10ef1", "FIPS 74 semi-weak key 1fe01fe00ef10ef1");
    des_refused_check(FC_TDES, "0123456789abcdef0123456789abcdef", "3DES K1 = K2");
    des_timing(&P, 15);                /* regions 15 -> 16, 19 -> 20 */
    des_timing(&fc_provider_soft, 17); /* regions 17 -> 18, 21 -> 22 */

    timing(&P, 3, 11);                 /* regions 3 -> 4, 7 -> 8, 11 -> 12 */
    timing(&fc_provider_soft, 5, 13); /* regions 5 -> 6, 9 -> 10, 13 -> 14 */

    board_puts(failures == 0 ? "OK\n" : "FAILED\n");
    board_exit(failures == 0 ? 0 : 1);
}
