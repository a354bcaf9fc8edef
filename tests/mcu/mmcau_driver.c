/* The Kinetis mmCAU driver (src/drivers/kinetis_mmcau.c) on the Unicorn runner, through the
 * chain "kinetis-mmcau -> soft" (tests/python/test_mmcau_driver.py runs it on the Cortex-M0+ and
 * Cortex-M4 models with the mmCAU model on, off and wrong): the AES known answers of the C tests
 * for the raw block (ECB, both directions, AES-128/192/256), CTR, CBC, GCM, CCM and CMAC; SHA-1,
 * SHA-224 and SHA-256 known answers, HMAC over them; the same through unaligned buffers; DES (which the driver
 * leaves to soft). One line per check: "ok hw|soft SOURCE" (hw: the context's implementation is
 * the unit's) or "FAIL status N SOURCE"; "digest ALG LEN HEX" lines for the Python test to check
 * against hashlib; then the cycles regions (3 -> 4: 16 AES-128 blocks on the chain, 5 -> 6: the
 * same on soft; 7 -> 8 and 9 -> 10: 256 bytes of AES-128-CTR; 11 -> 12 and 13 -> 14: SHA-256 of
 * 16 blocks, 1024 bytes) and "OK" or "FAILED". Exit 0 when every check passed. */
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "fieldcrypt/driver.h"
#include "fieldcrypt/drivers/kinetis_mmcau.h"
#include "fieldcrypt/fieldcrypt.h"

int main(void);

#define P fc_provider_kinetis_mmcau
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

/* ---- DES, which the driver leaves to soft: FIPS 81 Appendix B, Table B1 (ECB) */
static void des_check(void)
{
    uint8_t key[8], plain[24], cipher[24], out[24];
    const struct fc_impl *impl = NULL;
    fc_block_ctx ctx;
    fc_status st;
    unhex(key, "0123456789abcdef");
    unhex(plain, "4e6f77206973207468652074696d6520666f7220616c6c20");
    unhex(cipher, "3fa40e8a984d48156a271787ab8883f9893d51ec4b563b53");
    memset(&ctx, 0, sizeof(ctx));
    memset(out, 0, sizeof(out));
    st = fc_block_init(&ctx, &P, FC_DES, FC_ENCRYPT, key, 8);
    if (st == FC_OK) {
        impl = ctx.impl;
        st = fc_block_encrypt(&ctx, out, plain, 24);
    }
    fc_block_wipe(&ctx);
    report("FIPS 81 B1 DES-ECB", st, impl, memcmp(out, cipher, 24) == 0);
}

/* ---- cycles: 16 blocks, 256 bytes of CTR, on a context keyed beforehand; SHA-256 of 16
 * blocks */
static void timing(const fc_provider *p, uint32_t mark, uint32_t hash_mark)
{
    static uint8_t buf[1024];
    uint8_t key[16], iv[16], digest[32];
    fc_block_ctx block;
    fc_cipher_ctx ctr;
    fc_hash_ctx hash;
    size_t n = 0;
    memset(key, 0x2b, sizeof(key));
    memset(iv, 0xf0, sizeof(iv));
    memset(&block, 0, sizeof(block));
    memset(&ctr, 0, sizeof(ctr));
    memset(&hash, 0, sizeof(hash));
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
    if (fc_hash_init(&hash, p, FC_SHA256) != FC_OK)
        failures++;
    bench_mark(hash_mark);
    if (fc_hash_update(&hash, buf, sizeof(buf)) != FC_OK)
        failures++;
    bench_mark(hash_mark + 1);
    if (fc_hash_final(&hash, digest, sizeof(digest)) != FC_OK)
        failures++;
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

    mode_check(FC_AES_CTR, FC_ENCRYPT, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
               "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
               "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee",
               "SP 800-38A F.5.1 CTR-AES128.Encrypt");
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
        hash_check(&hash_vectors[i]);
    for (i = 0; i < sizeof(hmac_vectors) / sizeof(hmac_vectors[0]); i++)
        hmac_check(&hmac_vectors[i]);
    long_hash_check(FC_SHA256, "sha256", 32);
    long_hash_check(FC_SHA1, "sha1", 20);
    des_check();

    timing(&P, 3, 11);                 /* regions 3 -> 4, 7 -> 8, 11 -> 12 */
    timing(&fc_provider_soft, 5, 13); /* regions 5 -> 6, 9 -> 10, 13 -> 14 */

    board_puts(failures == 0 ? "OK\n" : "FAILED\n");
    board_exit(failures == 0 ? 0 : 1);
}
