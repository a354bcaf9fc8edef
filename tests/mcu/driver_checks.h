/* The AES known answers every accelerator driver's test image runs (tests/mcu/ecb_driver.c, cc310_driver.c, mmcau_driver.c),
 * through the chain of the provider P, which the including file defines first: the raw block
 * (FIPS 197 C, SP 800-38A), the modes over it (CTR, CBC), GCM, CCM and CMAC. One line per check:
 * "ok hw|soft SOURCE" (hw: the context's block cipher is the driver's) or "FAIL status N SOURCE";
 * failures counts the failed ones. Static functions: one image includes it once. */
#ifndef FC_TEST_DRIVER_CHECKS_H
#define FC_TEST_DRIVER_CHECKS_H

#include <stdint.h>
#include <string.h>

#include "board.h"
#include "unhex.h"
#include "fieldcrypt/driver.h"
#include "fieldcrypt/fieldcrypt.h"

#define MAX 96

static unsigned failures;

static size_t unhex(uint8_t *out, const char *hex)
{
    return unhex_cap(out, MAX, hex);
}

static void report(const char *source, fc_status st, const struct fc_impl *impl, int same)
{
    if (st == FC_OK && same) {
        board_puts((impl->flags & FC_IMPL_HARDWARE) ? "ok hw " : "ok soft ");
    } else {
        failures++;
        board_puts("FAIL status ");
        board_putu((uint32_t)-(int32_t)st);
        board_puts(" ");
    }
    board_puts(source);
    board_puts("\n");
}

/* ---- the raw block cipher. FIPS 197 Appendix C.1-C.3; SP 800-38A F.1.1, F.1.3, F.1.5 */
typedef struct {
    const char *source, *key, *plain, *cipher;
} block_vector;

#define F1_PLAIN                                                                              \
    "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"                         \
    "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710"

static const block_vector block_vectors[] = {
    {"FIPS 197 C.1", "000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
     "69c4e0d86a7b0430d8cdb78070b4c55a"},
    {"SP 800-38A F.1.1", "2b7e151628aed2a6abf7158809cf4f3c", F1_PLAIN,
     "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"
     "43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4"},
    {"FIPS 197 C.2", "000102030405060708090a0b0c0d0e0f1011121314151617",
     "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191"},
    {"FIPS 197 C.3", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089"},
    {"SP 800-38A F.1.3", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b", F1_PLAIN,
     "bd334f1d6e45f25ff712a214571fa5cc974104846d0ad3ad7734ecb3ecee4eef"
     "ef7afd2270e2e60adce0ba2face6444e9a4b41ba738d6c72fb16691603c18e0e"},
    {"SP 800-38A F.1.5", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
     F1_PLAIN,
     "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870"
     "b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7"},
};

static void block_check(const block_vector *v, unsigned dirs, unsigned dir, const char *source)
{
    uint8_t key[MAX], plain[MAX], cipher[MAX], out[MAX];
    size_t klen = unhex(key, v->key), len = unhex(plain, v->plain);
    const struct fc_impl *impl = NULL;
    fc_block_ctx ctx;
    fc_status st;
    unhex(cipher, v->cipher);
    memset(&ctx, 0, sizeof(ctx));
    memset(out, 0, sizeof(out));
    st = fc_block_init(&ctx, &P, FC_AES, dirs, key, klen);
    if (st == FC_OK) {
        impl = ctx.impl;
        st = dir == FC_ENCRYPT ? fc_block_encrypt(&ctx, out, plain, len)
                               : fc_block_decrypt(&ctx, out, cipher, len);
    }
    fc_block_wipe(&ctx);
    report(source, st, impl, memcmp(out, dir == FC_ENCRYPT ? cipher : plain, len) == 0);
}

/* ---- CTR and CBC: SP 800-38A F.5.1/F.5.2 (CTR-AES128), F.2.1/F.2.2 (CBC-AES128) */
static void mode_check(fc_alg alg, unsigned dir, const char *iv_hex, const char *cipher_hex,
                       const char *source)
{
    uint8_t key[MAX], iv[MAX], plain[MAX], cipher[MAX], out[MAX];
    size_t klen = unhex(key, "2b7e151628aed2a6abf7158809cf4f3c"), ivlen = unhex(iv, iv_hex);
    size_t len = unhex(plain, F1_PLAIN), n = 0, tail = 0;
    const struct fc_impl *impl = NULL;
    fc_cipher_ctx ctx;
    fc_status st;
    unhex(cipher, cipher_hex);
    memset(&ctx, 0, sizeof(ctx));
    memset(out, 0, sizeof(out));
    st = fc_cipher_init(&ctx, &P, alg, dir, key, klen, iv, ivlen);
    if (st == FC_OK) {
        impl = ctx.impl;
        /* 23 then the rest: a partial block buffered across the calls */
        st = fc_cipher_update(&ctx, out, &n, dir == FC_ENCRYPT ? plain : cipher, 23);
        if (st == FC_OK)
            st = fc_cipher_update(&ctx, out + n, &tail, (dir == FC_ENCRYPT ? plain : cipher) + 23,
                                  len - 23);
        n += tail;
        if (st == FC_OK)
            st = fc_cipher_final(&ctx, out + n, &tail);
        n += tail;
    }
    fc_cipher_wipe(&ctx);
    report(source, st, impl, n == len && memcmp(out, dir == FC_ENCRYPT ? cipher : plain, len) == 0);
}

/* ---- AEAD. GCM: McGrew and Viega, "The Galois/Counter Mode of Operation (GCM)", revised,
 * Appendix B, test cases 1-6 (AES-128), 8 (AES-192), 14 (AES-256). CCM: SP 800-38C Appendix C
 * Examples 1-3; RFC 3610 Packet Vectors #1-#3; Bluetooth Core Specification Vol 6 Part C 1 (LE
 * encryption sample data), as tests/c/test_aead.c has them. */
typedef struct {
    fc_alg alg;
    const char *source, *key, *nonce, *aad, *plain, *cipher, *tag;
} aead_vector;

#define Z16 "00000000000000000000000000000000"
#define Z12 "000000000000000000000000"
#define K1 "feffe9928665731c6d6a8f9467308308"
#define IV12 "cafebabefacedbaddecaf888"
#define IV8 "cafebabefacedbad"
#define IV60                                                                                 \
    "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728"                         \
    "c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b"
#define AAD "feedfacedeadbeeffeedfacedeadbeefabaddad2"
#define P60                                                                                  \
    "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"                         \
    "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
#define P64 P60 "1aafd255"
#define C128                                                                                 \
    "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"                         \
    "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091"

static const aead_vector aead_vectors[] = {
    {FC_AES_GCM, "GCM Test Case 1", Z16, Z12, "", "", "", "58e2fccefa7e3061367f1d57a4e7455a"},
    {FC_AES_GCM, "GCM Test Case 2", Z16, Z12, "", Z16, "0388dace60b6a392f328c2b971b2fe78",
     "ab6e47d42cec13bdf53a67b21257bddf"},
    {FC_AES_GCM, "GCM Test Case 3", K1, IV12, "", P64, C128 "473f5985",
     "4d5c2af327cd64a62cf35abd2ba6fab4"},
    {FC_AES_GCM, "GCM Test Case 4", K1, IV12, AAD, P60, C128,
     "5bc94fbc3221a5db94fae95ae7121a47"},
    {FC_AES_GCM, "GCM Test Case 5", K1, IV8, AAD, P60,
     "61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c7423"
     "73806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598",
     "3612d2e79e3b0785561be14aaca2fccb"},
    {FC_AES_GCM, "GCM Test Case 6", K1, IV60, AAD, P60,
     "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca7"
     "01e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5",
     "619cc5aefffe0bfa462af43c1699d050"},
    {FC_AES_GCM, "GCM Test Case 8 (AES-192)", Z16 "0000000000000000", Z12, "", Z16,
     "98e7247c07f0fe411c267e4384b0f600", "2ff58d80033927ab8ef4d4587514f0fb"},
    {FC_AES_GCM, "GCM Test Case 14 (AES-256)", Z16 Z16, Z12, "", Z16,
     "cea7403d4d606b6e074ec5d3baf39d18", "d0d1c8a799996bf0265b98b5d48ab919"},
    {FC_AES_CCM, "SP 800-38C C.1 Example 1", "404142434445464748494a4b4c4d4e4f",
     "10111213141516", "0001020304050607", "20212223", "7162015b", "4dac255d"},
    {FC_AES_CCM, "SP 800-38C C.2 Example 2", "404142434445464748494a4b4c4d4e4f",
     "1011121314151617", "000102030405060708090a0b0c0d0e0f",
     "202122232425262728292a2b2c2d2e2f", "d2a1f0e051ea5f62081a7792073d593d", "1fc64fbfaccd"},
    {FC_AES_CCM, "SP 800-38C C.3 Example 3", "404142434445464748494a4b4c4d4e4f",
     "101112131415161718191a1b", "000102030405060708090a0b0c0d0e0f10111213",
     "202122232425262728292a2b2c2d2e2f3031323334353637",
     "e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5", "484392fbc1b09951"},
    {FC_AES_CCM, "RFC 3610 Packet Vector #1", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
     "00000003020100a0a1a2a3a4a5", "0001020304050607",
     "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e",
     "588c979a61c663d2f066d0c2c0f989806d5f6b61dac384", "17e8d12cfdf926e0"},
    {FC_AES_CCM, "RFC 3610 Packet Vector #2", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
     "00000004030201a0a1a2a3a4a5", "0001020304050607",
     "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "72c91a36e135f8cf291ca894085c87e3cc15c439c9e43a3b", "a091d56e10400916"},
    {FC_AES_CCM, "RFC 3610 Packet Vector #3", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
     "00000005040302a0a1a2a3a4a5", "0001020304050607",
     "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20",
     "51b1e5f44a197d1da46b0f8e2d282ae871e838bb64da859657", "4adaa76fbd9fb0c5"},
    {FC_AES_CCM, "Bluetooth LE sample: LL_START_ENC_RSP1", "99ad1b5226a37e3e058e3b8e27c2c666",
     "000000008024abdcbabebaafde", "03", "06", "9f", "cda7f448"},
    {FC_AES_CCM, "Bluetooth LE sample: LL_START_ENC_RSP2", "99ad1b5226a37e3e058e3b8e27c2c666",
     "000000000024abdcbabebaafde", "03", "06", "a3", "4c13a415"},
    {FC_AES_CCM, "Bluetooth LE sample: data packet 1", "99ad1b5226a37e3e058e3b8e27c2c666",
     "010000008024abdcbabebaafde", "02",
     "1700636465666768696a6b6c6d6e6f707131323334353637383930",
     "7a70d66415226df26b17839a060405596bd6564f796b5b9ce6ff32", "f75a6d33"},
    {FC_AES_CCM, "Bluetooth LE sample: data packet 2", "99ad1b5226a37e3e058e3b8e27c2c666",
     "010000000024abdcbabebaafde", "02",
     "170037363534333231304142434445464748494a4b4c4d4e4f5051",
     "f38881e7bd94c9c369b9a66846dd4786aa8c39ce540d0dae3adcdf", "89b96088"},
};

static void aead_check(const aead_vector *v)
{
    uint8_t key[MAX], nonce[MAX], aad[MAX], plain[MAX], cipher[MAX], tag[MAX], out[MAX],
        got_tag[16];
    size_t klen = unhex(key, v->key), nlen = unhex(nonce, v->nonce), alen = unhex(aad, v->aad);
    size_t len = unhex(plain, v->plain), tlen = unhex(tag, v->tag);
    const struct fc_impl *impl = NULL;
    fc_aead_ctx ctx;
    fc_status st;
    int same = 0;
    unhex(cipher, v->cipher);
    memset(&ctx, 0, sizeof(ctx));
    memset(out, 0, sizeof(out));
    st = fc_aead_init(&ctx, &P, v->alg, key, klen);
    if (st == FC_OK) {
        impl = ctx.impl;
        st = fc_aead_seal(&ctx, out, got_tag, tlen, nonce, nlen, aad, alen, plain, len);
        same = memcmp(out, cipher, len) == 0 && memcmp(got_tag, tag, tlen) == 0;
    }
    if (st == FC_OK && same) {
        memset(out, 0, sizeof(out));
        st = fc_aead_open(&ctx, out, nonce, nlen, aad, alen, cipher, len, tag, tlen);
        same = memcmp(out, plain, len) == 0;
    }
    fc_aead_wipe(&ctx);
    report(v->source, st, impl, same);
}

/* ---- CMAC: RFC 4493 4, Examples 1-4 (AES-128); SP 800-38B D.2 Example 6 (AES-192), D.3
 * Example 10 (AES-256) */
typedef struct {
    const char *source, *key;
    size_t len;
    const char *tag;
} cmac_vector;

static const cmac_vector cmac_vectors[] = {
    {"RFC 4493 Example 1", "2b7e151628aed2a6abf7158809cf4f3c", 0,
     "bb1d6929e95937287fa37d129b756746"},
    {"RFC 4493 Example 2", "2b7e151628aed2a6abf7158809cf4f3c", 16,
     "070a16b46b4d4144f79bdd9dd04a287c"},
    {"RFC 4493 Example 3", "2b7e151628aed2a6abf7158809cf4f3c", 40,
     "dfa66747de9ae63030ca32611497c827"},
    {"RFC 4493 Example 4", "2b7e151628aed2a6abf7158809cf4f3c", 64,
     "51f0bebf7e3b9d92fc49741779363cfe"},
    {"SP 800-38B D.2 Example 6 (AES-192)", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
     16, "9e99a7bf31e710900662f65e617c5184"},
    {"SP 800-38B D.3 Example 10 (AES-256)",
     "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", 16,
     "28a7023f452e8f82bd4bf28d8c37c35c"},
};

static void cmac_check(const cmac_vector *v)
{
    uint8_t key[MAX], msg[MAX], tag[MAX], out[16];
    size_t klen = unhex(key, v->key);
    const struct fc_impl *impl = NULL;
    fc_mac_ctx ctx;
    fc_status st;
    unhex(msg, F1_PLAIN);
    unhex(tag, v->tag);
    memset(&ctx, 0, sizeof(ctx));
    memset(out, 0, sizeof(out));
    st = fc_mac_init(&ctx, &P, FC_AES_CMAC, key, klen);
    if (st == FC_OK) {
        impl = ctx.impl;
        st = fc_mac_update(&ctx, msg, v->len);
        if (st == FC_OK)
            st = fc_mac_final(&ctx, out, sizeof(out));
    }
    fc_mac_wipe(&ctx);
    report(v->source, st, impl, memcmp(out, tag, 16) == 0);
}

/* ---- the modes over the block: SP 800-38A CTR and CBC both ways, then GCM, CCM, CMAC */
static void aes_mode_checks(void)
{
    size_t i;
    mode_check(FC_AES_CTR, FC_ENCRYPT, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
               "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
               "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee",
               "SP 800-38A F.5.1 CTR-AES128.Encrypt");
    mode_check(FC_AES_CTR, FC_DECRYPT, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
               "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
               "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee",
               "SP 800-38A F.5.2 CTR-AES128.Decrypt");
    mode_check(FC_AES_CBC, FC_ENCRYPT, "000102030405060708090a0b0c0d0e0f",
               "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
               "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7",
               "SP 800-38A F.2.1 CBC-AES128.Encrypt");
    mode_check(FC_AES_CBC, FC_DECRYPT, "000102030405060708090a0b0c0d0e0f",
               "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
               "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7",
               "SP 800-38A F.2.2 CBC-AES128.Decrypt");

    for (i = 0; i < sizeof(aead_vectors) / sizeof(aead_vectors[0]); i++)
        aead_check(&aead_vectors[i]);
    for (i = 0; i < sizeof(cmac_vectors) / sizeof(cmac_vectors[0]); i++)
        cmac_check(&cmac_vectors[i]);
}

/* ---- cycles: 16 blocks, and 256 bytes of CTR, on a context keyed beforehand */
static void aes_timing(const fc_provider *p, uint32_t mark)
{
    static uint8_t buf[256];
    uint8_t key[16], iv[16];
    fc_block_ctx block;
    fc_cipher_ctx ctr;
    size_t n = 0;
    memset(key, 0x2b, sizeof(key));
    memset(iv, 0xf0, sizeof(iv));
    memset(&block, 0, sizeof(block));
    memset(&ctr, 0, sizeof(ctr));
    if (fc_block_init(&block, p, FC_AES, FC_ENCRYPT, key, 16) != FC_OK)
        failures++;
    bench_mark(mark);
    if (fc_block_encrypt(&block, buf, buf, 256) != FC_OK)
        failures++;
    bench_mark(mark + 1);
    fc_block_wipe(&block);
    if (fc_cipher_init(&ctr, p, FC_AES_CTR, FC_ENCRYPT, key, 16, iv, 16) != FC_OK)
        failures++;
    bench_mark(mark + 4);
    if (fc_cipher_update(&ctr, buf, &n, buf, 256) != FC_OK || n != 256)
        failures++;
    bench_mark(mark + 5);
    fc_cipher_wipe(&ctr);
}

#endif
