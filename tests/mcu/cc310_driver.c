/* The CryptoCell-310 driver (src/drivers/cc310.c) on the Unicorn runner, through the chain
 * "cc310 -> soft" (tests/python/test_cc310_driver.py runs it on the Cortex-M4 with the CC310
 * model on, off, faulty, and with AES-192/256 present or not): the known answers of the C tests
 * for the raw block (ECB, both directions, the three key sizes), CTR, CBC, GCM, CCM and CMAC,
 * and SHA-256 ("abc", the two-block message, 1,000 bytes, streamed at several splits) and
 * HMAC-SHA-256 over it. One line per check: "ok hw|soft SOURCE" (hw: the context's block
 * cipher or hash is the CryptoCell's) or "FAIL status N SOURCE"; then the cycle regions
 * (3 -> 4: 16 AES-128 blocks on the cc310 chain, 5 -> 6: the same on soft; 7 -> 8 and 9 -> 10:
 * 256 bytes of AES-128-CTR; 11 -> 12 and 13 -> 14: 16 SHA-256 blocks, the update of 1,024
 * bytes) and "OK" or "FAILED". Exit 0 when every check passed. */
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "fieldcrypt/driver.h"
#include "fieldcrypt/drivers/cc310.h"
#include "fieldcrypt/fieldcrypt.h"

int main(void);

#define P fc_provider_cc310
#define MAX 96

static unsigned failures;

static size_t unhex(uint8_t *out, const char *hex)
{
    size_t n = 0;
    while (hex[0] && hex[1] && n < MAX) {
        unsigned v = 0, i;
        for (i = 0; i < 2; i++) {
            char c = hex[i];
            v = v * 16u + (unsigned)(c <= '9' ? c - '0' : c - 'a' + 10);
        }
        out[n++] = (uint8_t)v;
        hex += 2;
    }
    return n;
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

/* ---- SHA-256: FIPS 180-2 Appendix B.1 ("abc"), B.2 (the two-block message); NIST's SHA-2
 * additional examples (SHA2_Additional.pdf) #5, 1,000 bytes of 0x41; fed whole and split */
typedef struct {
    const char *source, *msg;
    size_t repeat;
    const char *digest;
} hash_vector;

static const hash_vector hash_vectors[] = {
    {"FIPS 180-2 B.1 SHA-256 abc", "abc", 1,
     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {"FIPS 180-2 B.2 SHA-256 two-block message",
     "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    {"SHA-2 additional #5 SHA-256 1000 x 0x41", "A", 1000,
     "c2e686823489ced2017f6059b8b239318b6364f6dcd835d0a519105a1eadd6e4"},
};

static uint8_t hash_buf[1024];

static void hash_check(const hash_vector *v, size_t split, const char *source)
{
    uint8_t digest[32], out[32];
    size_t mlen = strlen(v->msg), len = mlen * v->repeat, i;
    const struct fc_impl *impl = NULL;
    fc_hash_ctx ctx;
    fc_status st;
    for (i = 0; i < v->repeat; i++)
        memcpy(hash_buf + i * mlen, v->msg, mlen);
    unhex(digest, v->digest);
    memset(&ctx, 0, sizeof(ctx));
    memset(out, 0, sizeof(out));
    if (split > len)
        split = len;
    st = fc_hash_init(&ctx, &P, FC_SHA256);
    if (st == FC_OK) {
        impl = ctx.impl;
        st = fc_hash_update(&ctx, hash_buf, split);
        if (st == FC_OK)
            st = fc_hash_update(&ctx, hash_buf + split, len - split);
        if (st == FC_OK)
            st = fc_hash_final(&ctx, out, sizeof(out));
    }
    fc_hash_wipe(&ctx);
    report(source, st, impl, memcmp(out, digest, 32) == 0);
}

/* ---- CTR across the counter's wrap (ff..fe: the whole 128-bit block carries, SP 800-38A B.1)
 * and in place, against soft's answer for the same key, counter and 80 bytes */
static fc_status ctr_once(const fc_provider *p, uint8_t *buf, const struct fc_impl **impl)
{
    uint8_t key[16], iv[16];
    size_t n = 0, tail = 0;
    fc_cipher_ctx ctx;
    fc_status st;
    memset(key, 0x3c, sizeof(key));
    memset(iv, 0xff, sizeof(iv));
    iv[15] = 0xfe;
    memset(&ctx, 0, sizeof(ctx));
    st = fc_cipher_init(&ctx, p, FC_AES_CTR, FC_ENCRYPT, key, 16, iv, 16);
    if (st == FC_OK) {
        *impl = ctx.impl;
        st = fc_cipher_update(&ctx, buf, &n, buf, 17);
        if (st == FC_OK)
            st = fc_cipher_update(&ctx, buf + n, &tail, buf + 17, 80 - 17);
    }
    fc_cipher_wipe(&ctx);
    return st;
}

static void ctr_wrap_check(void)
{
    uint8_t a[80], b[80];
    const struct fc_impl *impl = NULL, *soft_impl = NULL;
    fc_status st;
    size_t i;
    for (i = 0; i < sizeof(a); i++)
        a[i] = b[i] = (uint8_t)(7 * i);
    st = ctr_once(&P, a, &impl);
    if (st == FC_OK)
        st = ctr_once(&fc_provider_soft, b, &soft_impl);
    report("CTR across the 128-bit counter wrap, in place", st, impl, memcmp(a, b, 80) == 0);
}

/* ---- the contexts' state areas (the key as the engine takes it, the chaining value) are zero
 * after fc_block_wipe, fc_cipher_wipe and fc_hash_final */
static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    size_t i;
    for (i = 0; i < n; i++)
        acc |= p[i];
    return acc == 0;
}

static void wipe_check(void)
{
    uint8_t key[16], iv[16], buf[32], out[32];
    const struct fc_impl *impl = NULL;
    fc_block_ctx block;
    fc_cipher_ctx cbc;
    fc_hash_ctx hash;
    size_t n = 0;
    fc_status st;
    int zero = 1;
    memset(key, 0xa5, sizeof(key));
    memset(iv, 0x5a, sizeof(iv));
    memset(buf, 0x11, sizeof(buf));
    memset(&block, 0, sizeof(block));
    memset(&cbc, 0, sizeof(cbc));
    memset(&hash, 0, sizeof(hash));
    st = fc_block_init(&block, &P, FC_AES, FC_ENCRYPT, key, 16);
    if (st == FC_OK) {
        impl = block.impl;
        st = fc_block_encrypt(&block, out, buf, 32);
    }
    fc_block_wipe(&block);
    zero &= all_zero(block.state.bytes, sizeof(block.state.bytes));
    if (st == FC_OK)
        st = fc_cipher_init(&cbc, &P, FC_AES_CBC, FC_ENCRYPT, key, 16, iv, 16);
    if (st == FC_OK)
        st = fc_cipher_update(&cbc, out, &n, buf, 32);
    fc_cipher_wipe(&cbc);
    zero &= all_zero(cbc.state.bytes, sizeof(cbc.state.bytes));
    if (st == FC_OK)
        st = fc_hash_init(&hash, &P, FC_SHA256);
    if (st == FC_OK)
        st = fc_hash_update(&hash, buf, 32);
    if (st == FC_OK)
        st = fc_hash_final(&hash, out, 32);
    zero &= all_zero(hash.state.bytes, sizeof(hash.state.bytes));
    fc_hash_wipe(&hash);
    report("state areas zero after wipe and final", st, impl, zero);
}

/* ---- HMAC-SHA-256 over the chain's SHA-256: RFC 4231 4.3, Test Case 2 */
static void hmac_check(void)
{
    static const char key[] = "Jefe", msg[] = "what do ya want for nothing?";
    uint8_t tag[32], out[32];
    fc_status st;
    unhex(tag, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    memset(out, 0, sizeof(out));
    st = fc_mac(&P, FC_HMAC_SHA256, out, sizeof(out), (const uint8_t *)key, 4,
                (const uint8_t *)msg, strlen(msg));
    if (st == FC_OK && memcmp(out, tag, 32) == 0) {
        board_puts("ok any RFC 4231 Test Case 2 HMAC-SHA-256\n");
    } else {
        failures++;
        board_puts("FAIL status ");
        board_putu((uint32_t)-(int32_t)st);
        board_puts(" RFC 4231 Test Case 2 HMAC-SHA-256\n");
    }
}

/* ---- cycles: 16 blocks, and 256 bytes of CTR, on a context keyed beforehand */
static void timing(const fc_provider *p, uint32_t mark)
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

/* ---- cycles: 16 SHA-256 blocks (the update of 1,024 bytes) on a started context */
static void hash_timing(const fc_provider *p, uint32_t mark)
{
    uint8_t out[32];
    fc_hash_ctx ctx;
    memset(hash_buf, 0x61, sizeof(hash_buf));
    memset(&ctx, 0, sizeof(ctx));
    if (fc_hash_init(&ctx, p, FC_SHA256) != FC_OK)
        failures++;
    bench_mark(mark);
    if (fc_hash_update(&ctx, hash_buf, sizeof(hash_buf)) != FC_OK)
        failures++;
    bench_mark(mark + 1);
    if (fc_hash_final(&ctx, out, sizeof(out)) != FC_OK)
        failures++;
    fc_hash_wipe(&ctx);
}

int main(void)
{
    size_t i;
    bench_mark(1);
    bench_mark(2);
    board_puts(fc_cc310_ready() ? "cc310: ready\n" : "cc310: absent\n");

    for (i = 0; i < sizeof(block_vectors) / sizeof(block_vectors[0]); i++)
        block_check(&block_vectors[i], FC_ENCRYPT, FC_ENCRYPT, block_vectors[i].source);
    /* decryption: the engine does both directions */
    block_check(&block_vectors[0], FC_DECRYPT, FC_DECRYPT, "FIPS 197 C.1 decrypt");
    block_check(&block_vectors[1], FC_ENCRYPT | FC_DECRYPT, FC_DECRYPT,
                "SP 800-38A F.1.2 decrypt (context for both directions)");

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

    for (i = 0; i < sizeof(hash_vectors) / sizeof(hash_vectors[0]); i++)
        hash_check(&hash_vectors[i], 0, hash_vectors[i].source);
    /* streamed: a partial block first, exactly one block, one over, a long run */
    hash_check(&hash_vectors[2], 1, "SHA-2 additional #5 split at 1");
    hash_check(&hash_vectors[2], 63, "SHA-2 additional #5 split at 63");
    hash_check(&hash_vectors[2], 64, "SHA-2 additional #5 split at 64");
    hash_check(&hash_vectors[2], 65, "SHA-2 additional #5 split at 65");
    hash_check(&hash_vectors[2], 999, "SHA-2 additional #5 split at 999");
    hash_check(&hash_vectors[1], 55, "FIPS 180-2 B.2 split at 55");
    hmac_check();
    ctr_wrap_check();
    wipe_check();

    timing(&P, 3);             /* regions 3 -> 4 (16 blocks), 7 -> 8 (CTR) */
    timing(&fc_provider_soft, 5); /* regions 5 -> 6, 9 -> 10 */
    hash_timing(&P, 11);               /* regions 11 -> 12 */
    hash_timing(&fc_provider_soft, 13); /* regions 13 -> 14 */

    board_puts(failures == 0 ? "OK\n" : "FAILED\n");
    board_exit(failures == 0 ? 0 : 1);
}
