/* The "openssl" provider's AEADs, CMAC and Poly1305, ChaCha20 (and HChaCha20 from it), key
 * wrap, Weierstrass curves, Ed25519 and X448 (src/providers/openssl/). Known answers through
 * the openssl provider's own implementations (checked with fc_provider_implements), and
 * against soft where both have the algorithm: GCM over every nonce length up to past
 * OpenSSL's 128 bytes (which soft runs), CCM over every nonce and tag length (BLE's 13-byte
 * nonce and 4-byte MIC), KWP with exactly the room unwrap needs, ChaCha20 at the ends of both
 * counters. The EC, EdDSA and X448 operations are called directly on the descriptors: published
 * vectors, off-curve points (FC_ERR_POINT), eddsa.h's strict refusals (including a signature
 * OpenSSL alone accepts), the declined operations, and ECDSA verification on secp521r1 and
 * secp224k1 (whose order lengths are not whole bytes) of signatures OpenSSL made over the
 * full digest. Skipped when the build has no OpenSSL. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/driver.h"
#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"

#if FC_WITH_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>

#include "fieldcrypt/ec.h"
#include "fieldcrypt/eddsa.h"

#define SENTINEL 0xA5

static const fc_provider *ossl, *soft;

static int all_are(const void *area, size_t n, uint8_t v)
{
    const uint8_t *p = area;
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != v)
            return 0;
    return 1;
}

static uint32_t prng_state = 0x3C6EF372u;

static void random_bytes(uint8_t *p, size_t n)
{
    while (n--) { /* xorshift32: test data only */
        prng_state ^= prng_state << 13;
        prng_state ^= prng_state >> 17;
        prng_state ^= prng_state << 5;
        *p++ = (uint8_t)prng_state;
    }
}

/* hex into buf; returns the byte count */
static size_t hex(uint8_t *buf, const char *h)
{
    size_t n = 0;
    unsigned v;
    for (; h[0] != 0 && h[1] != 0; h += 2) {
        sscanf(h, "%2x", &v);
        buf[n++] = (uint8_t)v;
    }
    return n;
}

/* the openssl provider's own descriptor of alg, or NULL */
static const fc_impl *own(fc_alg alg)
{
    size_t i;
    for (i = 0; i < ossl->impl_count; i++)
        if (ossl->impls[i]->alg == (uint16_t)alg)
            return ossl->impls[i];
    return NULL;
}

/* ---- 1. AEAD ---- */

typedef struct {
    const char *source;
    fc_alg alg;
    const char *key, *nonce, *aad, *plain, *cipher, *tag;
} aead_vector;

static const aead_vector aead_vectors[] = {
    {"McGrew-Viega GCM test case 4", FC_AES_GCM, "feffe9928665731c6d6a8f9467308308",
     "cafebabefacedbaddecaf888", "feedfacedeadbeeffeedfacedeadbeefabaddad2",
     "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e24"
     "49a6b525b16aedf5aa0de657ba637b39",
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5a"
     "ac84aa051ba30b396a0aac973d58e091",
     "5bc94fbc3221a5db94fae95ae7121a47"},
    {"McGrew-Viega GCM test case 6 (60-byte IV)", FC_AES_GCM,
     "feffe9928665731c6d6a8f9467308308",
     "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728c3c0c95156809539fcf0e242"
     "9a6b525416aedbf5a0de6a57a637b39b",
     "feedfacedeadbeeffeedfacedeadbeefabaddad2",
     "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e24"
     "49a6b525b16aedf5aa0de657ba637b39",
     "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca701e4a9a4fba43c90ccdcb281"
     "d48c7c6fd62875d2aca417034c34aee5",
     "619cc5aefffe0bfa462af43c1699d050"},
    {"RFC 3610 packet vector #1", FC_AES_CCM, "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
     "00000003020100a0a1a2a3a4a5", "0001020304050607",
     "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e",
     "588c979a61c663d2f066d0c2c0f989806d5f6b61dac384", "17e8d12cfdf926e0"},
    {"RFC 8439 2.8.2", FC_CHACHA20_POLY1305,
     "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
     "070000004041424344454647", "50515253c0c1c2c3c4c5c6c7",
     "4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a204966"
     "204920636f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f722074686520667574"
     "7572652c2073756e73637265656e20776f756c642062652069742e",
     "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69"
     "da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675"
     "945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116",
     "1ae10b594f09e26a7e902ecbd0600691"},
};

static void test_aead_vectors(void)
{
    uint8_t key[32], nonce[64], aad[32], plain[128], cipher[128], tag[16], out[128], t[16];
    size_t i, kl, nl, al, pl, tl;
    for (i = 0; i < sizeof(aead_vectors) / sizeof(aead_vectors[0]); i++) {
        const aead_vector *v = &aead_vectors[i];
        kl = hex(key, v->key), nl = hex(nonce, v->nonce), al = hex(aad, v->aad);
        pl = hex(plain, v->plain), hex(cipher, v->cipher), tl = hex(tag, v->tag);
        CHECK(fc_provider_implements(ossl, v->alg, NULL) == 1 && own(v->alg) != NULL,
              "%s: OpenSSL's own", v->source);
        CHECK(fc_aead_encrypt(ossl, v->alg, out, t, tl, key, kl, nonce, nl, aad, al, plain,
                              pl) == FC_OK &&
                  memcmp(out, cipher, pl) == 0 && memcmp(t, tag, tl) == 0,
              "%s seal", v->source);
        memset(out, SENTINEL, sizeof(out));
        CHECK(fc_aead_decrypt(ossl, v->alg, out, key, kl, nonce, nl, aad, al, cipher, pl, tag,
                              tl) == FC_OK &&
                  memcmp(out, plain, pl) == 0 && all_are(out + pl, sizeof(out) - pl, SENTINEL),
              "%s open", v->source);
        tag[tl - 1] ^= 0x80;
        memset(out, SENTINEL, sizeof(out));
        CHECK(fc_aead_decrypt(ossl, v->alg, out, key, kl, nonce, nl, aad, al, cipher, pl, tag,
                              tl) == FC_ERR_VERIFY &&
                  all_are(out, pl, 0),
              "%s forged tag refused, nothing released", v->source);
    }
}

/* seal on openssl and soft, open each other's; a flipped tag bit refused */
static int aead_same(fc_alg alg, size_t key_len, size_t nonce_len, size_t tag_len,
                     size_t aad_len, size_t len)
{
    uint8_t key[32], nonce[256], aad[64], in[80], c1[80], c2[80], t1[16], t2[16], out[80];
    fc_aead_ctx ctx;
    int ok;
    random_bytes(key, sizeof(key)), random_bytes(nonce, sizeof(nonce));
    random_bytes(aad, sizeof(aad)), random_bytes(in, sizeof(in));
    memset(&ctx, 0, sizeof(ctx));
    ok = fc_aead_init(&ctx, ossl, alg, key, key_len) == FC_OK &&
         fc_aead_seal(&ctx, c1, t1, tag_len, nonce, nonce_len, aad, aad_len, in, len) == FC_OK &&
         fc_aead_encrypt(soft, alg, c2, t2, tag_len, key, key_len, nonce, nonce_len, aad,
                         aad_len, in, len) == FC_OK &&
         memcmp(c1, c2, len) == 0 && memcmp(t1, t2, tag_len) == 0 &&
         fc_aead_open(&ctx, out, nonce, nonce_len, aad, aad_len, c2, len, t2, tag_len) ==
             FC_OK &&
         memcmp(out, in, len) == 0;
    t2[tag_len - 1] ^= 1;
    memset(out, SENTINEL, sizeof(out));
    ok = ok &&
         fc_aead_open(&ctx, out, nonce, nonce_len, aad, aad_len, c2, len, t2, tag_len) ==
             FC_ERR_VERIFY &&
         all_are(out, len, 0) && all_are(out + len, sizeof(out) - len, SENTINEL);
    /* the context survives the forgery (aead.h) */
    t2[tag_len - 1] ^= 1;
    ok = ok && fc_aead_open(&ctx, out, nonce, nonce_len, aad, aad_len, c2, len, t2, tag_len) ==
                   FC_OK;
    fc_aead_wipe(&ctx);
    return ok && all_are(&ctx, sizeof(ctx), 0);
}

static void test_aead_against_soft(void)
{
    static const size_t gcm_tags[] = {4, 8, 12, 13, 14, 15, 16};
    static const size_t lens[] = {0, 1, 15, 16, 17, 64, 80};
    size_t n, t, l, k;
    int ok = 1;
    if (!fc_provider_implements(soft, FC_AES_GCM, NULL))
        return;
    /* GCM: every nonce length to past OpenSSL's 128 bytes (soft runs those) */
    for (n = 1; n <= 140; n++)
        ok &= aead_same(FC_AES_GCM, 16 + 8 * (n % 3), n, gcm_tags[n % 7], n % 40, lens[n % 7]);
    for (n = 200; n <= 256; n += 56)
        ok &= aead_same(FC_AES_GCM, 32, n, 16, 20, 33);
    for (t = 0; t < 7; t++)
        for (l = 0; l < 7; l++)
            ok &= aead_same(FC_AES_GCM, 24, 12, gcm_tags[t], l * 3, lens[l]);
    CHECK(ok, "AES-GCM on OpenSSL as on soft: nonces 1..140, 200, 256, every tag length");
    ok = 1;
    /* CCM: every nonce length 7..13 and every tag length, message and AAD lengths */
    for (n = 7; n <= 13; n++)
        for (t = 4; t <= 16; t += 2)
            for (l = 0; l < 7; l++)
                ok &= aead_same(FC_AES_CCM, 16 + 8 * (l % 3), n, t, (l * 7) % 40, lens[l]);
    CHECK(ok, "AES-CCM on OpenSSL as on soft: nonces 7..13, tags 4..16, BLE's 13 and 4");
    ok = 1;
    for (l = 0; l < 7; l++)
        for (k = 0; k < 3; k++) {
            ok &= aead_same(FC_CHACHA20_POLY1305, 32, 12, 16, k * 13, lens[l]);
            ok &= aead_same(FC_XCHACHA20_POLY1305, 32, 24, 16, k * 13, lens[l]);
        }
    CHECK(ok, "(X)ChaCha20-Poly1305 on OpenSSL as on soft");
    CHECK(own(FC_XCHACHA20_POLY1305) == NULL &&
              fc_provider_implements(ossl, FC_XCHACHA20_POLY1305, NULL) == 1,
          "XChaCha20-Poly1305: the core's mode over OpenSSL's ChaCha20 and Poly1305");
}

/* ---- 2. MAC ---- */

static void test_mac(void)
{
    uint8_t key[32], msg[64], tag[16], want[16];
    size_t kl, ml;
    CHECK(own(FC_AES_CMAC) != NULL && own(FC_POLY1305) != NULL, "CMAC, Poly1305: OpenSSL's");
    /* SP 800-38B D.1 (RFC 4493 4): AES-128, the empty message and one block */
    kl = hex(key, "2b7e151628aed2a6abf7158809cf4f3c");
    hex(want, "bb1d6929e95937287fa37d129b756746");
    CHECK(fc_mac(ossl, FC_AES_CMAC, tag, 16, key, kl, NULL, 0) == FC_OK &&
              memcmp(tag, want, 16) == 0,
          "SP 800-38B D.1 example 1");
    ml = hex(msg, "6bc1bee22e409f96e93d7e117393172a");
    hex(want, "070a16b46b4d4144f79bdd9dd04a287c");
    CHECK(fc_mac(ossl, FC_AES_CMAC, tag, 16, key, kl, msg, ml) == FC_OK &&
              memcmp(tag, want, 16) == 0,
          "SP 800-38B D.1 example 2");
    /* RFC 8439 2.5.2 */
    kl = hex(key, "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
    memcpy(msg, "Cryptographic Forum Research Group", 34);
    hex(want, "a8061dc1305136c6c22b8baf0c0127a9");
    CHECK(fc_mac(ossl, FC_POLY1305, tag, 16, key, kl, msg, 34) == FC_OK &&
              memcmp(tag, want, 16) == 0,
          "RFC 8439 2.5.2 Poly1305");
}

/* ---- 3. STREAM ---- */

static void test_stream(void)
{
    const fc_impl *c = own(FC_CHACHA20);
    fc_stream_ctx ctx;
    union {
        uint64_t align;
        uint8_t bytes[FC_STREAM_STATE_SIZE];
    } st;
    uint8_t key[32], nonce[16], zeros[200], a[200], b[200], want[64];
    size_t i;
    CHECK(c != NULL && c->ops.stream.subkey != NULL, "ChaCha20 and its subkey: OpenSSL's");
    if (c == NULL)
        return;
    /* RFC 8439 2.3.2: the block for counter 1 */
    hex(key, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    hex(nonce, "000000090000004a00000000");
    hex(want, "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
              "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e");
    memset(zeros, 0, sizeof(zeros));
    memset(&ctx, 0, sizeof(ctx));
    CHECK(fc_stream_init(&ctx, ossl, FC_CHACHA20, key, 32, nonce, 12, 1) == FC_OK &&
              fc_stream_xor(&ctx, a, zeros, 64) == FC_OK && memcmp(a, want, 64) == 0,
          "RFC 8439 2.3.2 through OpenSSL's ChaCha20");
    fc_stream_wipe(&ctx);
    CHECK(all_are(&ctx, sizeof(ctx), 0), "stream context zero after wipe");
    /* draft-irtf-cfrg-xchacha-03 2.2.1: HChaCha20 */
    hex(nonce, "000000090000004a0000000031415927");
    hex(want, "82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc");
    CHECK(c->ops.stream.subkey(c, a, key, nonce) == FC_OK && memcmp(a, want, 32) == 0 &&
              fc_stream_subkey(ossl, FC_HCHACHA20, b, key, nonce) == FC_OK &&
              memcmp(b, want, 32) == 0,
          "draft-irtf-cfrg-xchacha-03 2.2.1 HChaCha20 from OpenSSL's keystream");

    /* the 32-bit counter's last block, then FC_ERR_LENGTH */
    memset(&st, 0, sizeof(st));
    CHECK(c->ops.stream.init(c, st.bytes, key, 32, nonce, 12, 0x100000000ull) == FC_ERR_LENGTH,
          "12-byte nonce: counter over 32 bits refused");
    CHECK(c->ops.stream.init(c, st.bytes, key, 32, nonce, 12, 0xffffffffu) == FC_OK &&
              c->ops.stream.block(c, st.bytes, a) == FC_OK &&
              c->ops.stream.block(c, st.bytes, b) == FC_ERR_LENGTH,
          "12-byte nonce: the block after counter 2^32 - 1 refused");
    c->ops.stream.release(c, st.bytes);
    /* the 8-byte nonce: OpenSSL carries word 12 into word 13, the original 64-bit counter */
    memset(&st, 0, sizeof(st));
    CHECK(c->ops.stream.init(c, st.bytes, key, 32, nonce, 8, 0xffffffffffffffffull) == FC_OK &&
              c->ops.stream.block(c, st.bytes, a) == FC_OK &&
              c->ops.stream.block(c, st.bytes, b) == FC_ERR_LENGTH,
          "8-byte nonce: the block after counter 2^64 - 1 refused");
    c->ops.stream.release(c, st.bytes);
    if (fc_provider_implements(soft, FC_CHACHA20, NULL)) {
        static const uint64_t counters[] = {0, 1, 0xfffffffeu, 0xffffffffu, 0xffffffffu,
                                            0x1ffffffffull};
        int ok = 1;
        for (i = 0; i < sizeof(counters) / sizeof(counters[0]); i++) {
            /* the 12-byte nonce up to its counter's end, the 8-byte one across 2^32 */
            size_t nl = counters[i] > 0xffffffffu || i % 2 ? 8 : 12;
            size_t len = nl == 12 && counters[i] >= 0xfffffffeu
                             ? (size_t)(0x100000000ull - counters[i]) * 64
                             : sizeof(a);
            random_bytes(key, 32), random_bytes(nonce, 12);
            memset(&ctx, 0, sizeof(ctx));
            ok &= fc_stream_init(&ctx, ossl, FC_CHACHA20, key, 32, nonce, nl, counters[i]) ==
                      FC_OK &&
                  fc_stream_xor(&ctx, a, zeros, len) == FC_OK;
            fc_stream_wipe(&ctx);
            ok &= fc_stream_init(&ctx, soft, FC_CHACHA20, key, 32, nonce, nl, counters[i]) ==
                      FC_OK &&
                  fc_stream_xor(&ctx, b, zeros, len) == FC_OK;
            fc_stream_wipe(&ctx);
            ok &= memcmp(a, b, len) == 0;
        }
        /* XChaCha20 over OpenSSL's ChaCha20 and HChaCha20 */
        random_bytes(key, 32), random_bytes(a, 24);
        ok &= fc_stream(ossl, FC_XCHACHA20, b, zeros, 150, key, 32, a, 24) == FC_OK &&
              fc_stream(soft, FC_XCHACHA20, a + 24, zeros, 150, key, 32, a, 24) == FC_OK &&
              memcmp(b, a + 24, 150) == 0;
        CHECK(ok, "ChaCha20 (both nonces, across 2^32) and XChaCha20 as soft's");
    }
}

/* ---- 4. WRAP ---- */

static void test_wrap(void)
{
    uint8_t kek[32], key[64], want[72], out[80], back[80];
    size_t kl, l, wl, n, j;
    int ok = 1;
    CHECK(own(FC_AES_KW) != NULL && own(FC_AES_KWP) != NULL, "KW, KWP: OpenSSL's");
    /* RFC 3394 4.1 */
    kl = hex(kek, "000102030405060708090a0b0c0d0e0f");
    l = hex(key, "00112233445566778899aabbccddeeff");
    wl = hex(want, "1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5");
    n = sizeof(out);
    CHECK(fc_wrap(ossl, FC_AES_KW, out, &n, kek, kl, key, l) == FC_OK && n == wl &&
              memcmp(out, want, wl) == 0,
          "RFC 3394 4.1 wrap");
    n = wl - 8;
    CHECK(fc_unwrap(ossl, FC_AES_KW, back, &n, kek, kl, want, wl) == FC_OK && n == l &&
              memcmp(back, key, l) == 0,
          "RFC 3394 4.1 unwrap");
    /* RFC 5649 6, both examples */
    kl = hex(kek, "5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8");
    l = hex(key, "c37b7e6492584340bed12207808941155068f738");
    wl = hex(want, "138bdeaa9b8fa7fc61f97742e72248ee5ae6ae5360d1ae6a5f54f373fa543b6a");
    n = sizeof(out);
    CHECK(fc_wrap(ossl, FC_AES_KWP, out, &n, kek, kl, key, l) == FC_OK && n == wl &&
              memcmp(out, want, wl) == 0,
          "RFC 5649 6 (20 bytes) wrap");
    l = hex(key, "466f7250617369");
    wl = hex(want, "afbeb0f07dfbf5419200f2ccb50bb24f");
    n = sizeof(out);
    CHECK(fc_wrap(ossl, FC_AES_KWP, out, &n, kek, kl, key, l) == FC_OK && n == wl &&
              memcmp(out, want, wl) == 0,
          "RFC 5649 6 (7 bytes) wrap");
    /* unwrap with exactly len - 8 bytes of room: a refused KWP must not write past them
     * (OpenSSL's own unwrap clears len bytes on failure) */
    for (j = 0; j < wl; j++) {
        want[j] ^= 0x10;
        memset(back, SENTINEL, sizeof(back));
        n = wl - 8;
        ok &= fc_unwrap(ossl, FC_AES_KWP, back, &n, kek, kl, want, wl) == FC_ERR_VERIFY &&
              n == wl - 8 && all_are(back, wl - 8, 0) &&
              all_are(back + wl - 8, sizeof(back) - (wl - 8), SENTINEL);
        want[j] ^= 0x10;
    }
    CHECK(ok, "KWP: every changed byte refused, nothing past the room written");
    if (!fc_provider_implements(soft, FC_AES_KWP, NULL))
        return;
    ok = 1;
    for (l = 1; l <= 64; l++) { /* every KWP length to 64 bytes, KW from 16 */
        fc_alg alg = l % 8 == 0 && l >= 16 && l % 16 == 0 ? FC_AES_KW : FC_AES_KWP;
        size_t n2 = sizeof(back);
        random_bytes(kek, 32), random_bytes(key, l);
        n = sizeof(out);
        ok &= fc_wrap(ossl, alg, out, &n, kek, 16 + 8 * (l % 3), key, l) == FC_OK &&
              fc_wrap(soft, alg, back, &n2, kek, 16 + 8 * (l % 3), key, l) == FC_OK &&
              n == n2 && memcmp(out, back, n) == 0;
        n2 = n - 8;
        memset(back, SENTINEL, sizeof(back));
        ok &= fc_unwrap(ossl, alg, back, &n2, kek, 16 + 8 * (l % 3), out, n) == FC_OK &&
              n2 == l && memcmp(back, key, l) == 0 &&
              all_are(back + n - 8, sizeof(back) - (n - 8), SENTINEL);
    }
    CHECK(ok, "KW and KWP on OpenSSL as on soft, 1..64 bytes");
}

/* ---- 5. EC ---- */

typedef struct {
    const char *source;
    fc_alg curve;
    const char *da, *qa, *db, *z; /* qa: X || Y of da, or NULL */
} ecdh_vector;

static const ecdh_vector ecdh_vectors[] = {
    {"RFC 7027 A.1", FC_BRAINPOOLP256R1,
     "81db1ee100150ff2ea338d708271be38300cb54241d79950f77b063039804f1d",
     "44106e913f92bc02a1705d9953a8414db95e1aaa49e81d9e85f929a8e3100be5"
     "8ab4846f11caccb73ce49cbdd120f5a900a69fd32c272223f789ef10eb089bdc",
     "55e40bc41e37e3e2ad25c3c6654511ffa8474a91a0032087593852d3e7d76bd3",
     "89afc39d41d3b327814b80940b042590f96556ec91e6ae7939bce31f3a18bf2b"},
    {"RFC 7027 A.2", FC_BRAINPOOLP384R1,
     "1e20f5e048a5886f1f157c74e91bde2b98c8b52d58e5003d57053fc4b0bd65d6f15eb5d1ee1610df87079514"
     "3627d042",
     "68b665dd91c195800650cdd363c625f4e742e8134667b767b1b476793588f885ab698c852d4a6e77a252d638"
     "0fcaf068"
     "55bc91a39c9ec01dee36017b7d673a931236d2f1f5c83942d049e3fa20607493e0d038ff2fd30c2ab67d15c8"
     "5f7faa59",
     "032640bc6003c59260f7250c3db58ce647f98e1260acce4acda3dd869f74e01f8ba5e0324309db6a9831497a"
     "bac96670",
     "0bd9d3a7ea0b3d519d09d8e48d0785fb744a6b355e6304bc51c229fbbce239bbadf6403715c35d4fb2a5444f"
     "575d4f42"},
    {"RFC 7027 A.3", FC_BRAINPOOLP512R1,
     "16302ff0dbbb5a8d733dab7141c1b45acbc8715939677f6a56850a38bd87bd59b09e80279609ff333eb9d4c0"
     "61231fb26f92eeb04982a5f1d1764cad57665422",
     NULL,
     "230e18e1bcc88a362fa54e4ea3902009292f7f8033624fd471b5d8ace49d12cfabbc19963dab8e2f1eba00bf"
     "fb29e4d72d13f2224562f405cb80503666b25429",
     "a7927098655f1f9976fa50a9d566865dc530331846381c87256baf3226244b76d36403c024d7bbf0aa0803ea"
     "ff405d3d24f11a9b5c0bef679fe1454b21c4cd1f"},
};

static void test_ecdh_vectors(void)
{
    uint8_t da[FC_EC_MAX_LEN], db[FC_EC_MAX_LEN], qa[2 * FC_EC_MAX_LEN], qb[2 * FC_EC_MAX_LEN],
        want[3 * FC_EC_MAX_LEN], z1[FC_EC_MAX_LEN], z2[FC_EC_MAX_LEN]; /* want: z, then qa */
    size_t i, l;
    for (i = 0; i < sizeof(ecdh_vectors) / sizeof(ecdh_vectors[0]); i++) {
        const ecdh_vector *v = &ecdh_vectors[i];
        const fc_impl *c = own(v->curve);
        if (c == NULL) {
            CHECK(0, "%s: no OpenSSL curve", v->source);
            continue;
        }
        hex(da, v->da), hex(db, v->db), l = hex(want, v->z);
        CHECK(c->ops.ec.public_key(c, qa, da) == FC_OK &&
                  c->ops.ec.public_key(c, qb, db) == FC_OK,
              "%s public keys", v->source);
        if (v->qa != NULL)
            CHECK(hex(want + l, v->qa) == 2 * l && memcmp(qa, want + l, 2 * l) == 0,
                  "%s dA's public key", v->source);
        CHECK(c->ops.ec.ecdh(c, z1, da, qb) == FC_OK && memcmp(z1, want, l) == 0 &&
                  c->ops.ec.ecdh(c, z2, db, qa) == FC_OK && memcmp(z2, want, l) == 0,
              "%s shared x both ways", v->source);
        /* a point off the curve: FC_ERR_POINT, nothing written */
        qb[2 * l - 1] ^= 1;
        memset(z1, SENTINEL, sizeof(z1));
        CHECK(c->ops.ec.ecdh(c, z1, da, qb) == FC_ERR_POINT &&
                  all_are(z1, sizeof(z1), SENTINEL),
              "%s off-curve peer refused", v->source);
    }
}

/* RFC 6979 A.2.5: the P-256 key pair and its SHA-256 signatures of "sample" and "test" */
static void test_p256(void)
{
    const fc_impl *c = own(FC_SECP256R1);
    uint8_t x[32], q[64], want[64], e[32], sig[64], p2[64];
    hex(x, "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721");
    hex(want, "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
              "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299");
    if (c == NULL) {
        CHECK(0, "no OpenSSL P-256");
        return;
    }
    CHECK(c->ops.ec.public_key(c, q, x) == FC_OK && memcmp(q, want, 64) == 0,
          "RFC 6979 A.2.5 public key");
    /* the digest integer of SHA-256 on P-256 is the whole digest (FIPS 186-5 6.4.1) */
    CHECK(fc_hash(soft, FC_SHA256, e, 32, (const uint8_t *)"sample", 6) == FC_OK, "sha256");
    hex(sig, "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
             "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8");
    CHECK(c->ops.ec.verify(c, want, e, sig) == FC_OK, "RFC 6979 A.2.5 SHA-256 \"sample\"");
    sig[63] ^= 1;
    CHECK(c->ops.ec.verify(c, want, e, sig) == FC_ERR_VERIFY, "changed s refused");
    sig[63] ^= 1;
    e[0] ^= 1;
    CHECK(c->ops.ec.verify(c, want, e, sig) == FC_ERR_VERIFY, "changed digest refused");
    CHECK(fc_hash(soft, FC_SHA256, e, 32, (const uint8_t *)"test", 4) == FC_OK, "sha256");
    /* (r has its top bit set: its DER INTEGER takes a leading zero byte) */
    hex(sig, "f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367"
             "019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083");
    CHECK(c->ops.ec.verify(c, want, e, sig) == FC_OK, "RFC 6979 A.2.5 SHA-256 \"test\"");
    memcpy(p2, want, 64);
    p2[63] ^= 1;
    CHECK(c->ops.ec.verify(c, p2, e, sig) == FC_ERR_POINT, "off-curve public key");
    /* decompression gives back Y from X and its parity; an x with no root is refused */
    memset(p2, SENTINEL, sizeof(p2));
    CHECK(c->ops.ec.decompress(c, p2, want, want[63] & 1) == FC_OK &&
              memcmp(p2, want, 64) == 0,
          "decompress RFC 6979's public key");
    CHECK(c->ops.ec.decompress(c, p2, want, (want[63] & 1) ^ 1) == FC_OK &&
              memcmp(p2, want, 32) == 0 && memcmp(p2 + 32, want + 32, 32) != 0,
          "decompress with the other parity: -Y");
    {
        int found = 0;
        uint8_t xx[32] = {0};
        for (xx[31] = 1; xx[31] < 40 && !found; xx[31]++) {
            memset(p2, SENTINEL, sizeof(p2));
            found = c->ops.ec.decompress(c, p2, xx, 0) == FC_ERR_POINT &&
                    all_are(p2, sizeof(p2), SENTINEL);
        }
        CHECK(found, "an x without a square root: FC_ERR_POINT, nothing written");
    }
    memset(sig, SENTINEL, sizeof(sig));
    CHECK(c->ops.ec.sign(c, sig, x, e, x) == FC_ERR_UNSUPPORTED &&
              all_are(sig, sizeof(sig), SENTINEL),
          "sign declined (OpenSSL takes no caller's k)");
}

/* OpenSSL's EC key of curve from raw private key bytes (for the cross-check signatures) */
static EVP_PKEY *openssl_key(const char *group, const uint8_t *priv, size_t k)
{
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    BIGNUM *d = BN_bin2bn(priv, (int)k, NULL);
    OSSL_PARAM *params;
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    EVP_PKEY *key = NULL;
    OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, group, 0);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, d);
    params = OSSL_PARAM_BLD_to_param(bld);
    if (EVP_PKEY_fromdata_init(pc) != 1 ||
        EVP_PKEY_fromdata(pc, &key, EVP_PKEY_KEYPAIR, params) != 1)
        key = NULL;
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    BN_free(d);
    EVP_PKEY_CTX_free(pc);
    return key;
}

/* raw r || s (k bytes each) of an X9.62 DER signature */
static int der_to_raw(uint8_t *raw, const uint8_t *der, size_t k)
{
    size_t pos = der[1] == 0x81 ? 3 : 2, i;
    for (i = 0; i < 2; i++) {
        size_t n = der[pos + 1];
        const uint8_t *v = der + pos + 2;
        if (n > 0 && v[0] == 0)
            v++, n--;
        if (n > k)
            return 0;
        memset(raw + i * k, 0, k - n);
        memcpy(raw + i * k + k - n, v, n);
        pos += 2 + der[pos + 1];
    }
    return 1;
}

/* Curves whose n is not a whole number of bytes: OpenSSL signs the full digest (its
 * truncation is FIPS 186-5's), the test truncates it to e itself, and the descriptor must
 * verify e. secp521r1 with SHA-512 (e is the digest: 512 < 521 bits), secp224k1 with SHA-256
 * (e = the digest's leftmost 225 bits). */
static void test_odd_orders(void)
{
    static const struct {
        fc_alg curve;
        const char *group;
        fc_alg hash;
        size_t k, hlen, nbits;
    } cases[] = {{FC_SECP521R1, "secp521r1", FC_SHA512, 66, 64, 521},
                 {FC_SECP224K1, "secp224k1", FC_SHA256, 29, 32, 225},
                 {FC_SECP256K1, "secp256k1", FC_SHA256, 32, 32, 256},
                 {FC_SECP192R1, "prime192v1", FC_SHA256, 24, 32, 192}};
    size_t i, j, round;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const fc_impl *c = own(cases[i].curve);
        int ok = 1;
        for (round = 0; round < 8 && c != NULL; round++) {
            uint8_t priv[66], pub[132], msg[16], h[64], e[66], der[150], sig[132];
            size_t der_len = sizeof(der), k = cases[i].k, shift;
            EVP_PKEY *key;
            EVP_PKEY_CTX *sc;
            random_bytes(priv, k);
            priv[0] = 1; /* < n on every curve here */
            random_bytes(msg, sizeof(msg));
            fc_hash(soft, cases[i].hash, h, cases[i].hlen, msg, sizeof(msg));
            key = openssl_key(cases[i].group, priv, k);
            sc = key != NULL ? EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL) : NULL;
            ok &= sc != NULL && EVP_PKEY_sign_init(sc) == 1 &&
                  EVP_PKEY_sign(sc, der, &der_len, h, cases[i].hlen) == 1 &&
                  der_to_raw(sig, der, k);
            EVP_PKEY_CTX_free(sc);
            EVP_PKEY_free(key);
            /* e: the leftmost min(N, 8 hlen) bits of h, as a k-byte integer */
            memset(e, 0, sizeof(e));
            if (8 * cases[i].hlen <= cases[i].nbits) {
                memcpy(e + k - cases[i].hlen, h, cases[i].hlen);
            } else {
                /* h >> (8 hlen - N), the low k bytes */
                shift = 8 * cases[i].hlen - cases[i].nbits;
                {
                    /* big-endian right shift of h by s bits, keeping the low k bytes */
                    size_t s = shift, hl = cases[i].hlen;
                    uint8_t tmp[64];
                    memset(tmp, 0, sizeof(tmp));
                    for (j = 0; j < hl; j++) {
                        size_t dst = j + s / 8;
                        if (dst < hl)
                            tmp[dst] |= (uint8_t)(h[j] >> (s % 8));
                        if (s % 8 && dst + 1 < hl)
                            tmp[dst + 1] |= (uint8_t)(h[j] << (8 - s % 8));
                    }
                    memcpy(e, tmp + hl - k, k);
                }
            }
            ok &= c->ops.ec.public_key(c, pub, priv) == FC_OK &&
                  c->ops.ec.verify(c, pub, e, sig) == FC_OK;
            e[k - 1] ^= 1; /* the lowest bit of e counts */
            ok &= c->ops.ec.verify(c, pub, e, sig) == FC_ERR_VERIFY;
        }
        CHECK(c != NULL && ok, "%s: OpenSSL's signatures of the full digest verify from e",
              cases[i].group);
    }
}

/* every curve: keys, ECDH both ways, decompression round trip */
static void test_all_curves(void)
{
    static const fc_alg curves[] = {FC_SECP192R1, FC_SECP224R1, FC_SECP256R1,
                                    FC_SECP384R1, FC_SECP521R1, FC_SECP192K1,
                                    FC_SECP224K1, FC_SECP256K1, FC_BRAINPOOLP256R1,
                                    FC_BRAINPOOLP384R1, FC_BRAINPOOLP512R1};
    size_t i;
    for (i = 0; i < sizeof(curves) / sizeof(curves[0]); i++) {
        const fc_impl *c = own(curves[i]);
        fc_alg_info info;
        uint8_t a[66], b[66], qa[132], qb[132], z1[66], z2[66], d[132];
        size_t l, k;
        if (c == NULL || fc_alg_get(curves[i], &info) != FC_OK) {
            CHECK(0, "%s: not OpenSSL's", fc_alg_name(curves[i]));
            continue;
        }
        l = info.out_len, k = info.key_len;
        random_bytes(a, k), random_bytes(b, k);
        a[0] = b[0] = 0; /* below n */
        a[1] |= 1, b[1] |= 1;
        CHECK(c->ops.ec.public_key(c, qa, a) == FC_OK && c->ops.ec.public_key(c, qb, b) == FC_OK &&
                  c->ops.ec.ecdh(c, z1, a, qb) == FC_OK && c->ops.ec.ecdh(c, z2, b, qa) == FC_OK &&
                  memcmp(z1, z2, l) == 0 &&
                  c->ops.ec.decompress(c, d, qa, qa[2 * l - 1] & 1) == FC_OK &&
                  memcmp(d, qa, 2 * l) == 0,
              "%s: keys, ECDH both ways, decompression", fc_alg_name(curves[i]));
    }
}

/* ---- 6. EDDSA ---- */

typedef struct {
    const char *source, *seed, *pub, *msg, *sig;
} ed_vector;

static const ed_vector ed_vectors[] = {
    {"RFC 8032 7.1 TEST 1", "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e3970"
     "1cf9b46bd25bf5f0595bbe24655141438e7a100b"},
    {"RFC 8032 7.1 TEST 2", "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613"
     "d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
    {"RFC 8032 7.1 TEST 3", "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760"
     "984dc6594a7c15e9716ed28dc027beceea1ec40a"},
};

/* OpenSSL's own verdict, without this provider's extra checks */
static int openssl_ed25519_accepts(const uint8_t *pub, const uint8_t *msg, size_t len,
                                   const uint8_t *sig)
{
    EVP_PKEY *key = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pub, 32);
    EVP_MD_CTX *mc = EVP_MD_CTX_new();
    int r = key != NULL && mc != NULL &&
            EVP_DigestVerifyInit_ex(mc, NULL, NULL, NULL, NULL, key, NULL) == 1 &&
            EVP_DigestVerify(mc, sig, 64, msg, len) == 1;
    EVP_MD_CTX_free(mc);
    EVP_PKEY_free(key);
    return r;
}

static void test_ed25519(void)
{
    const fc_impl *c = own(FC_ED25519);
    uint8_t seed[32], pub[32], msg[8], sig[64], out[64], p2[32];
    size_t i, ml;
    CHECK(c != NULL && c->ops.eddsa.to_x25519 == NULL, "Ed25519: OpenSSL's, no conversion");
    CHECK(own(FC_ED25519CTX) == NULL && own(FC_ED25519PH) == NULL,
          "Ed25519ctx, Ed25519ph: not in OpenSSL 3.0, left to the chain");
    if (c == NULL)
        return;
    for (i = 0; i < sizeof(ed_vectors) / sizeof(ed_vectors[0]); i++) {
        const ed_vector *v = &ed_vectors[i];
        hex(seed, v->seed), hex(pub, v->pub), ml = hex(msg, v->msg), hex(sig, v->sig);
        CHECK(c->ops.eddsa.public_key(c, out, seed) == FC_OK && memcmp(out, pub, 32) == 0,
              "%s public key", v->source);
        CHECK(c->ops.eddsa.sign(c, out, seed, pub, NULL, 0, msg, ml) == FC_OK &&
                  memcmp(out, sig, 64) == 0,
              "%s sign", v->source);
        CHECK(c->ops.eddsa.verify(c, pub, NULL, 0, msg, ml, sig) == FC_OK, "%s verify",
              v->source);
        sig[5] ^= 4;
        CHECK(c->ops.eddsa.verify(c, pub, NULL, 0, msg, ml, sig) == FC_ERR_VERIFY,
              "%s changed R refused", v->source);
    }
    /* eddsa.h's refusals; TEST 1 as the base */
    hex(pub, ed_vectors[0].pub), hex(sig, ed_vectors[0].sig);
    {
        /* S + L: the same point, a non-canonical S */
        static const uint8_t order[32] = {
            0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
            0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10};
        unsigned carry = 0;
        memcpy(out, sig, 64);
        for (i = 0; i < 32; i++) {
            carry += (unsigned)out[32 + i] + order[i];
            out[32 + i] = (uint8_t)carry;
            carry >>= 8;
        }
        CHECK(c->ops.eddsa.verify(c, pub, NULL, 0, msg, 0, out) == FC_ERR_VERIFY,
              "S + L refused");
    }
    /* the neutral element as public key, R = B, S = 1: [1]B = B + [k]O holds, and OpenSSL
     * alone accepts it; eddsa.h refuses a small-order key */
    memset(p2, 0, 32), p2[0] = 1;
    memset(out, 0x66, 32), out[0] = 0x58; /* B: y = 4/5 */
    memset(out + 32, 0, 32), out[32] = 1;
    CHECK(openssl_ed25519_accepts(p2, msg, 0, out), "OpenSSL alone accepts the neutral key");
    CHECK(c->ops.eddsa.verify(c, p2, NULL, 0, msg, 0, out) == FC_ERR_VERIFY,
          "small-order public key refused");
    /* the same with the sign bit set on the neutral element (x = 0, non-canonical) */
    p2[31] = 0x80;
    CHECK(c->ops.eddsa.verify(c, p2, NULL, 0, msg, 0, out) == FC_ERR_VERIFY,
          "x = 0 with the sign bit refused");
    /* y = p + 1 encodes the neutral element non-canonically */
    memset(p2, 0xff, 32), p2[0] = 0xee, p2[31] = 0x7f;
    CHECK(c->ops.eddsa.verify(c, p2, NULL, 0, msg, 0, out) == FC_ERR_VERIFY,
          "public key with y >= p refused");
    /* R of small order (the order-4 point y = 0) */
    memcpy(out, sig, 64);
    memset(out, 0, 32);
    CHECK(c->ops.eddsa.verify(c, pub, NULL, 0, msg, 0, out) == FC_ERR_VERIFY,
          "small-order R refused");
    /* a public key that does not decode */
    memset(p2, 0, 32), p2[0] = 2;
    {
        int found = 0;
        for (; p2[0] < 60 && !found; p2[0]++)
            found = c->ops.eddsa.verify(c, p2, NULL, 0, msg, 0, sig) == FC_ERR_VERIFY;
        CHECK(found, "an undecodable key: FC_ERR_VERIFY");
    }
    memset(out, SENTINEL, sizeof(out));
    hex(seed, ed_vectors[0].seed);
    CHECK(c->ops.eddsa.sign(c, out, seed, pub, (const uint8_t *)"x", 1, msg, 0) ==
                  FC_ERR_UNSUPPORTED &&
              all_are(out, sizeof(out), SENTINEL),
          "a context declined, nothing written");
}

/* ---- 7. X448 ---- */

static void test_x448(void)
{
    const fc_impl *c = own(FC_X448);
    uint8_t k[56], u[56], want[56], out[56], a[56], b[56], pa[56], pb[56];
    CHECK(c != NULL, "X448: OpenSSL's");
    if (c == NULL)
        return;
    /* RFC 7748 5.2, both vectors */
    hex(k, "3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff449"
           "43eba368f54b29259a4f1c600ad3");
    hex(u, "06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031ddbdc38c19c6da2583fa"
           "5429db94ada18aa7a7fb4ef8a086");
    hex(want, "ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaadeb445fc66a01b0779d"
              "98223961111e21766282f73dd96b6f");
    CHECK(c->ops.xdh.scalarmult(c, out, k, u) == FC_OK && memcmp(out, want, 56) == 0 &&
              fc_xdh(ossl, FC_X448, a, k, u) == FC_OK && memcmp(a, want, 56) == 0,
          "RFC 7748 5.2 X448 #1");
    hex(k, "203d494428b8399352665ddca42f9de8fef600908e0d461cb021f8c538345dd77c3e4806e25f46d3315c"
           "44e0a5b4371282dd2c8d5be3095f");
    hex(u, "0fbcc2f993cd56d3305b0b7d9e55d4c1a8fb5dbb52f8e9a1e9b6201b165d015894e56c4d3570bee52fe2"
           "05e28a78b91cdfbde71ce8d157db");
    hex(want, "884a02576239ff7a2f2f63b2db6a9ff37047ac13568e1e30fe63c4a7ad1b3ee3a5700df34321d62077"
              "e63633c575c1c954514e99da7c179d");
    CHECK(c->ops.xdh.scalarmult(c, out, k, u) == FC_OK && memcmp(out, want, 56) == 0,
          "RFC 7748 5.2 X448 #2");
    /* RFC 7748 6.2 */
    hex(a, "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006"
           "382a6f127ab1d9ac2d8c0a598726b");
    hex(b, "1c306a7ac2a0e2e0990b294470cba339e6453772b075811d8fad0d1d6927c120bb5ee8972b0d3e21374"
           "c9c921b09d1b0366f10b65173992d");
    hex(pa, "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c"
            "5b12da88120d53177f80e532c41fa0");
    hex(pb, "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706"
            "dcb57aec3dae07bdc1c67bf33609");
    hex(want, "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936"
              "521c24403085d59a449a5037514a879d");
    CHECK(c->ops.xdh.scalarmult_base(c, out, a) == FC_OK && memcmp(out, pa, 56) == 0 &&
              fc_xdh_base(ossl, FC_X448, out, b) == FC_OK && memcmp(out, pb, 56) == 0,
          "RFC 7748 6.2 public keys");
    CHECK(c->ops.xdh.scalarmult(c, out, a, pb) == FC_OK && memcmp(out, want, 56) == 0 &&
              fc_xdh(ossl, FC_X448, out, b, pa) == FC_OK && memcmp(out, want, 56) == 0,
          "RFC 7748 6.2 shared secret both ways");
    memset(u, 0, sizeof(u));
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_xdh(ossl, FC_X448, out, a, u) == FC_ERR_ZERO_SHARED && all_are(out, 56, 0),
          "X448 with u = 0: FC_ERR_ZERO_SHARED, out zeroed");
}

int main(void)
{
    ossl = fc_provider_find("openssl");
    soft = fc_provider_find("soft");
    if (ossl == NULL) {
        printf("test_openssl_more: no OpenSSL provider in this build, skipped\n");
        return 0;
    }
    test_aead_vectors();
    test_aead_against_soft();
    test_mac();
    test_stream();
    test_wrap();
    test_ecdh_vectors();
    test_p256();
    test_odd_orders();
    test_all_curves();
    test_ed25519();
    test_x448();
    return tu_finish("test_openssl_more");
}

#else /* no OpenSSL in this build */

int main(void)
{
    printf("test_openssl_more: no OpenSSL provider in this build, skipped\n");
    return 0;
}

#endif
