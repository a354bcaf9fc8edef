/* The block cipher modes that are not AEADs: CMAC (through the MAC front end) and the key
 * wraps KW and KWP (wrap.h). Known answers through every provider, CMAC streamed split at every
 * offset, verification, bad inputs with their statuses and untouched or wiped outputs, the
 * state wiped after final, a provider's own key wrap that declines, and random inputs
 * against OpenSSL's EVP when the build has it. */
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "fieldcrypt/driver.h"
#include "fieldcrypt/fieldcrypt.h"
#include "providers/soft/soft.h"
#include "test_driver.h"
#include "testutil.h"

#if FC_WITH_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#endif

#define SENTINEL 0xA5

static int all_are(const uint8_t *p, size_t n, uint8_t v)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != v)
            return 0;
    return 1;
}

static uint32_t prng_state = 0x9E3779B9u;

static uint32_t prng(void)
{
    /* xorshift32: test data only */
    prng_state ^= prng_state << 13;
    prng_state ^= prng_state >> 17;
    prng_state ^= prng_state << 5;
    return prng_state;
}

static void random_bytes(uint8_t *p, size_t n)
{
    while (n--)
        *p++ = (uint8_t)prng();
}

/* ---- CMAC ---- */

/* SP 800-38B Appendix D and RFC 4493 4: the same message, its first 0, 16, 40 or 64 bytes */
static const char cmac_message[] =
    "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";

typedef struct {
    const char *source, *key;
    size_t len;
    const char *tag;
} cmac_vector;

#define K128 "2b7e151628aed2a6abf7158809cf4f3c"
#define K192 "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b"
#define K256 "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"

static const cmac_vector cmac_vectors[] = {
    /* RFC 4493 4, Examples 1-4 (= SP 800-38B D.1, Examples 1-4): AES-128 */
    {"RFC 4493 Example 1", K128, 0, "bb1d6929e95937287fa37d129b756746"},
    {"RFC 4493 Example 2", K128, 16, "070a16b46b4d4144f79bdd9dd04a287c"},
    {"RFC 4493 Example 3", K128, 40, "dfa66747de9ae63030ca32611497c827"},
    {"RFC 4493 Example 4", K128, 64, "51f0bebf7e3b9d92fc49741779363cfe"},
    /* SP 800-38B D.2, Examples 5-8: AES-192 */
    {"SP 800-38B D.2 Example 5", K192, 0, "d17ddf46adaacde531cac483de7a9367"},
    {"SP 800-38B D.2 Example 6", K192, 16, "9e99a7bf31e710900662f65e617c5184"},
    {"SP 800-38B D.2 Example 7", K192, 40, "8a1de5be2eb31aad089a82e6ee908b0e"},
    {"SP 800-38B D.2 Example 8", K192, 64, "a1d5df0eed790f794d77589659f39a11"},
    /* SP 800-38B D.3, Examples 9-12: AES-256 */
    {"SP 800-38B D.3 Example 9", K256, 0, "028962f61b7bf89efc6b551f4667d983"},
    {"SP 800-38B D.3 Example 10", K256, 16, "28a7023f452e8f82bd4bf28d8c37c35c"},
    {"SP 800-38B D.3 Example 11", K256, 40, "aaf3d8f1de5640c232f5b169b9c911e6"},
    {"SP 800-38B D.3 Example 12", K256, 64, "e1992190549f6ed5696a2c056c315410"},
};

#define CMAC_COUNT (sizeof(cmac_vectors) / sizeof(cmac_vectors[0]))

/* the tag of msg[0..len) fed as the pieces [0, a), [a, b), [b, len) */
static fc_status cmac_split(const fc_provider *p, uint8_t tag[16], const uint8_t *key,
                            size_t key_len, const uint8_t *msg, size_t len, size_t a, size_t b)
{
    fc_mac_ctx ctx;
    fc_status st;
    ctx.magic = 0;
    st = fc_mac_init(&ctx, p, FC_AES_CMAC, key, key_len);
    if (st == FC_OK)
        st = fc_mac_update(&ctx, msg, a);
    if (st == FC_OK)
        st = fc_mac_update(&ctx, msg + a, b - a);
    if (st == FC_OK)
        st = fc_mac_update(&ctx, msg + b, len - b);
    if (st == FC_OK)
        return fc_mac_final(&ctx, tag, 16);
    fc_mac_wipe(&ctx);
    return st;
}

static void test_cmac_vectors(const fc_provider *p)
{
    size_t i, key_len, msg_len, want_len, a, b;
    uint8_t *msg = tu_unhex(cmac_message, &msg_len);
    for (i = 0; i < CMAC_COUNT; i++) {
        const cmac_vector *v = &cmac_vectors[i];
        uint8_t *key = tu_unhex(v->key, &key_len), *want = tu_unhex(v->tag, &want_len);
        uint8_t tag[FC_MAC_MAX_LEN];
        int split_ok = 1, triple_ok = 1;
        memset(tag, SENTINEL, sizeof(tag));
        CHECK(fc_mac(p, FC_AES_CMAC, tag, sizeof(tag), key, key_len, msg, v->len) == FC_OK &&
                  memcmp(tag, want, 16) == 0 && all_are(tag + 16, sizeof(tag) - 16, SENTINEL),
              "%s: %s", p->name, v->source);
        /* streamed: two pieces split at every offset, and three pieces at every pair */
        for (a = 0; a <= v->len; a++) {
            split_ok &= cmac_split(p, tag, key, key_len, msg, v->len, a, a) == FC_OK &&
                        memcmp(tag, want, 16) == 0;
            for (b = a; b <= v->len && v->len <= 40; b++)
                triple_ok &= cmac_split(p, tag, key, key_len, msg, v->len, a, b) == FC_OK &&
                             memcmp(tag, want, 16) == 0;
        }
        CHECK(split_ok, "%s: %s split at every offset", p->name, v->source);
        CHECK(triple_ok, "%s: %s in three pieces", p->name, v->source);
        /* verify: the tag, a prefix of it, a changed tag */
        CHECK(fc_mac_verify(p, FC_AES_CMAC, want, 16, key, key_len, msg, v->len) == FC_OK,
              "%s: %s verify", p->name, v->source);
        CHECK(fc_mac_verify(p, FC_AES_CMAC, want, 8, key, key_len, msg, v->len) == FC_OK,
              "%s: %s verify truncated", p->name, v->source);
        want[15] ^= 0x01;
        CHECK(fc_mac_verify(p, FC_AES_CMAC, want, 16, key, key_len, msg, v->len) ==
                  FC_ERR_VERIFY, "%s: %s verify rejects", p->name, v->source);
        free(key);
        free(want);
    }
    free(msg);
}

/* CMAC over random messages of every length up to 64, split at every offset, against the
 * one-shot of the same provider */
static void test_cmac_streaming(const fc_provider *p)
{
    uint8_t key[32], msg[64], whole[16], tag[16];
    size_t len, a;
    int ok = 1;
    random_bytes(key, sizeof(key));
    random_bytes(msg, sizeof(msg));
    for (len = 0; len <= sizeof(msg); len++) {
        ok &= fc_mac(p, FC_AES_CMAC, whole, 16, key, 16 + 8 * (len % 3), msg, len) == FC_OK;
        for (a = 0; a <= len; a++)
            ok &= cmac_split(p, tag, key, 16 + 8 * (len % 3), msg, len, a, a) == FC_OK &&
                  memcmp(tag, whole, 16) == 0;
    }
    CHECK(ok, "%s: CMAC split at every offset, lengths 0..64", p->name);
}

static void test_cmac_misuse(const fc_provider *p)
{
    static const size_t bad_keys[] = {0, 1, 15, 17, 23, 25, 31, 33, 64};
    uint8_t key[64], tag[FC_MAC_MAX_LEN], msg[20];
    fc_mac_ctx ctx;
    size_t i;
    memset(key, 0x11, sizeof(key));
    memset(msg, 0x22, sizeof(msg));
    for (i = 0; i < sizeof(bad_keys) / sizeof(bad_keys[0]); i++) {
        memset(&ctx, 0, sizeof(ctx));
        memset(tag, SENTINEL, sizeof(tag));
        CHECK(fc_mac_init(&ctx, p, FC_AES_CMAC, key, bad_keys[i]) == FC_ERR_LENGTH &&
                  ctx.magic == 0, "%s: CMAC key of %zu bytes", p->name, bad_keys[i]);
        CHECK(fc_mac(p, FC_AES_CMAC, tag, sizeof(tag), key, bad_keys[i], msg, 20) ==
                  FC_ERR_LENGTH && all_are(tag, sizeof(tag), SENTINEL),
              "%s: CMAC one-shot key of %zu bytes", p->name, bad_keys[i]);
        CHECK(fc_mac_verify(p, FC_AES_CMAC, tag, 16, key, bad_keys[i], msg, 20) ==
                  FC_ERR_LENGTH, "%s: CMAC verify key of %zu bytes", p->name, bad_keys[i]);
    }
    CHECK(fc_mac_init(&ctx, p, FC_AES_CMAC, NULL, 16) == FC_ERR_NULL, "%s: NULL key", p->name);
    CHECK(fc_mac(p, FC_AES_CMAC, tag, 15, key, 16, msg, 20) == FC_ERR_LENGTH &&
              all_are(tag, sizeof(tag), SENTINEL), "%s: CMAC out too short", p->name);
    CHECK(fc_mac_verify(p, FC_AES_CMAC, tag, 0, key, 16, msg, 20) == FC_ERR_LENGTH &&
              fc_mac_verify(p, FC_AES_CMAC, tag, 17, key, 16, msg, 20) == FC_ERR_LENGTH,
          "%s: CMAC verify tag lengths", p->name);

    /* lifecycle, and the state zero after final and after wipe */
    memset(&ctx, 0, sizeof(ctx));
    CHECK(fc_mac_update(&ctx, msg, 20) == FC_ERR_STATE, "%s: update before init", p->name);
    CHECK(fc_mac_init(&ctx, p, FC_AES_CMAC, key, 32) == FC_OK, "%s: init", p->name);
    CHECK(fc_mac_init(&ctx, p, FC_AES_CMAC, key, 32) == FC_ERR_STATE, "%s: init twice", p->name);
    CHECK(fc_mac_update(&ctx, msg, 20) == FC_OK, "%s: update", p->name);
    CHECK(fc_mac_final(&ctx, tag, 15) == FC_ERR_LENGTH && fc_mac_update(&ctx, msg, 1) == FC_OK,
          "%s: final with short out leaves the context", p->name);
    CHECK(fc_mac_final(&ctx, tag, 16) == FC_OK, "%s: final", p->name);
    CHECK(fc_ct_is_zero(ctx.state.bytes, sizeof(ctx.state)), "%s: CMAC state zero after final",
          p->name);
    CHECK(fc_mac_update(&ctx, msg, 1) == FC_ERR_STATE && fc_mac_final(&ctx, tag, 16) ==
              FC_ERR_STATE, "%s: use after final", p->name);
    memset(&ctx, 0, sizeof(ctx));
    CHECK(fc_mac_init(&ctx, p, FC_AES_CMAC, key, 24) == FC_OK, "%s: init again", p->name);
    fc_mac_wipe(&ctx);
    CHECK(fc_ct_is_zero(&ctx, sizeof(ctx)), "%s: CMAC context zero after wipe", p->name);
}

/* ---- key wrap ---- */

typedef struct {
    const char *source;
    fc_alg alg;
    const char *kek, *key, *wrapped;
} wrap_vector;

static const wrap_vector wrap_vectors[] = {
    /* RFC 3394 4.1 - 4.6 */
    {"RFC 3394 4.1", FC_AES_KW, "000102030405060708090a0b0c0d0e0f",
     "00112233445566778899aabbccddeeff", "1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5"},
    {"RFC 3394 4.2", FC_AES_KW, "000102030405060708090a0b0c0d0e0f1011121314151617",
     "00112233445566778899aabbccddeeff", "96778b25ae6ca435f92b5b97c050aed2468ab8a17ad84e5d"},
    {"RFC 3394 4.3", FC_AES_KW,
     "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "00112233445566778899aabbccddeeff", "64e8c3f9ce0f5ba263e9777905818a2a93c8191e7d6e8ae7"},
    {"RFC 3394 4.4", FC_AES_KW, "000102030405060708090a0b0c0d0e0f1011121314151617",
     "00112233445566778899aabbccddeeff0001020304050607",
     "031d33264e15d33268f24ec260743edce1c6c7ddee725a936ba814915c6762d2"},
    {"RFC 3394 4.5", FC_AES_KW,
     "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "00112233445566778899aabbccddeeff0001020304050607",
     "a8f9bc1612c68b3ff6e6f4fbe30e71e4769c8b80a32cb8958cd5d17d6b254da1"},
    {"RFC 3394 4.6", FC_AES_KW,
     "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "00112233445566778899aabbccddeeff000102030405060708090a0b0c0d0e0f",
     "28c9f404c4b810f4cbccb35cfb87f8263f5786e2d80ed326cbc7f0e71a99f43bfb988b9b7a02dd21"},
    /* RFC 5649 6: 20 bytes (the wrapping function) and 7 bytes (one block) */
    {"RFC 5649 6 (20 bytes)", FC_AES_KWP, "5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8",
     "c37b7e6492584340bed12207808941155068f738",
     "138bdeaa9b8fa7fc61f97742e72248ee5ae6ae5360d1ae6a5f54f373fa543b6a"},
    {"RFC 5649 6 (7 bytes)", FC_AES_KWP, "5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8",
     "466f7250617369", "afbeb0f07dfbf5419200f2ccb50bb24f"},
};

#define WRAP_COUNT (sizeof(wrap_vectors) / sizeof(wrap_vectors[0]))

static void test_wrap_vectors(const fc_provider *p)
{
    size_t i, j;
    for (i = 0; i < WRAP_COUNT; i++) {
        const wrap_vector *v = &wrap_vectors[i];
        size_t kek_len, key_len, wrapped_len, n;
        uint8_t *kek = tu_unhex(v->kek, &kek_len), *key = tu_unhex(v->key, &key_len);
        uint8_t *wrapped = tu_unhex(v->wrapped, &wrapped_len);
        uint8_t out[64];
        int flips_ok = 1;
        if (!fc_provider_supports(p, v->alg))
            goto next;
        CHECK(fc_wrap_len(v->alg, key_len) == wrapped_len, "%s wrap_len", v->source);
        memset(out, SENTINEL, sizeof(out));
        n = sizeof(out);
        CHECK(fc_wrap(p, v->alg, out, &n, kek, kek_len, key, key_len) == FC_OK &&
                  n == wrapped_len && memcmp(out, wrapped, n) == 0 &&
                  all_are(out + n, sizeof(out) - n, SENTINEL),
              "%s: %s wrap", p->name, v->source);
        memset(out, SENTINEL, sizeof(out));
        n = wrapped_len - 8; /* exactly the room unwrap needs */
        CHECK(fc_unwrap(p, v->alg, out, &n, kek, kek_len, wrapped, wrapped_len) == FC_OK &&
                  n == key_len && memcmp(out, key, n) == 0 &&
                  all_are(out + wrapped_len - 8, sizeof(out) - (wrapped_len - 8), SENTINEL),
              "%s: %s unwrap", p->name, v->source);
        /* any changed byte: FC_ERR_VERIFY, out[0..len-8) zero, *out_len untouched */
        for (j = 0; j < wrapped_len; j++) {
            wrapped[j] ^= (uint8_t)(1u << (j % 8));
            memset(out, SENTINEL, sizeof(out));
            n = 99;
            flips_ok &= fc_unwrap(p, v->alg, out, &n, kek, kek_len, wrapped, wrapped_len) ==
                            FC_ERR_VERIFY && n == 99 && all_are(out, wrapped_len - 8, 0) &&
                        all_are(out + wrapped_len - 8, sizeof(out) - (wrapped_len - 8), SENTINEL);
            wrapped[j] ^= (uint8_t)(1u << (j % 8));
        }
        CHECK(flips_ok, "%s: %s every byte changed fails and wipes", p->name, v->source);
        kek[0] ^= 1;
        n = sizeof(out);
        CHECK(fc_unwrap(p, v->alg, out, &n, kek, kek_len, wrapped, wrapped_len) ==
                  FC_ERR_VERIFY && n == sizeof(out) && all_are(out, wrapped_len - 8, 0),
              "%s: %s wrong KEK", p->name, v->source);
    next:
        free(kek);
        free(key);
        free(wrapped);
    }
}

/* KWP's checks on the length field and the padding, one block at a time: A65959A6 | MLI |
 * the padded key encrypted directly is what KWP makes of a key of up to 8 bytes */
static void test_kwp_checks(const fc_provider *p)
{
    static const uint8_t kek[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    static const struct {
        uint32_t mli;
        uint8_t pad_byte; /* written at offset 5 of the key block */
        fc_status want;
    } cases[] = {
        {5, 0, FC_OK},         {6, 0, FC_OK},         {8, 0, FC_OK},
        {5, 1, FC_ERR_VERIFY}, {4, 0, FC_ERR_VERIFY}, {0, 0, FC_ERR_VERIFY},
        {9, 0, FC_ERR_VERIFY}, {16, 0, FC_ERR_VERIFY}, {0xffffffffu, 0, FC_ERR_VERIFY},
    };
    fc_block_ctx b;
    uint8_t blk[16], out[8];
    size_t i, n;
    memset(&b, 0, sizeof(b));
    if (fc_block_init(&b, p, FC_AES, FC_ENCRYPT, kek, sizeof(kek)) != FC_OK) {
        CHECK(0, "%s: AES for the KWP checks", p->name);
        return;
    }
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        blk[0] = 0xa6, blk[1] = 0x59, blk[2] = 0x59, blk[3] = 0xa6;
        blk[4] = (uint8_t)(cases[i].mli >> 24), blk[5] = (uint8_t)(cases[i].mli >> 16);
        blk[6] = (uint8_t)(cases[i].mli >> 8), blk[7] = (uint8_t)cases[i].mli;
        memcpy(blk + 8, "\x41\x42\x43\x44\x45\0\0\0", 8);
        blk[8 + 5] = cases[i].pad_byte;
        fc_block_encrypt(&b, blk, blk, 16);
        n = sizeof(out);
        memset(out, SENTINEL, sizeof(out));
        CHECK(fc_unwrap(p, FC_AES_KWP, out, &n, kek, sizeof(kek), blk, 16) == cases[i].want &&
                  (cases[i].want == FC_OK ? n == cases[i].mli : n == sizeof(out) &&
                                                                    all_are(out, 8, 0)),
              "%s: KWP length %u, padding byte %u", p->name, (unsigned)cases[i].mli,
              cases[i].pad_byte);
    }
    /* the KW constant is not KWP's */
    memset(blk, 0xa6, 8);
    memset(blk + 8, 0x33, 8);
    fc_block_encrypt(&b, blk, blk, 16);
    n = sizeof(out);
    CHECK(fc_unwrap(p, FC_AES_KWP, out, &n, kek, sizeof(kek), blk, 16) == FC_ERR_VERIFY,
          "%s: KWP refuses KW's constant", p->name);
    fc_block_wipe(&b);
}

static void test_wrap_misuse(const fc_provider *p)
{
    uint8_t kek[32], key[40], out[64];
    size_t n;
    memset(kek, 0x21, sizeof(kek));
    memset(key, 0x43, sizeof(key));
#define WRAP_REFUSED(call, status, what)                                                     \
    do {                                                                                     \
        memset(out, SENTINEL, sizeof(out));                                                  \
        n = 77;                                                                              \
        CHECK((call) == (status) && n == 77 && all_are(out, sizeof(out), SENTINEL), "%s: %s", \
              p->name, what);                                                                \
    } while (0)
    WRAP_REFUSED(fc_wrap(p, FC_AES_KW, out, &n, kek, 16, key, 8), FC_ERR_LENGTH, "KW wrap 8");
    WRAP_REFUSED(fc_wrap(p, FC_AES_KW, out, &n, kek, 16, key, 0), FC_ERR_LENGTH, "KW wrap 0");
    WRAP_REFUSED(fc_wrap(p, FC_AES_KW, out, &n, kek, 16, key, 17), FC_ERR_LENGTH, "KW wrap 17");
    WRAP_REFUSED(fc_wrap(p, FC_AES_KW, out, &n, kek, 16, key, 15), FC_ERR_LENGTH, "KW wrap 15");
    WRAP_REFUSED(fc_wrap(p, FC_AES_KWP, out, &n, kek, 16, key, 0), FC_ERR_LENGTH, "KWP wrap 0");
    WRAP_REFUSED(fc_wrap(p, FC_AES_KW, out, &n, kek, 15, key, 16), FC_ERR_LENGTH, "KEK 15");
    WRAP_REFUSED(fc_wrap(p, FC_AES_KWP, out, &n, kek, 33, key, 16), FC_ERR_LENGTH, "KEK 33");
    WRAP_REFUSED(fc_unwrap(p, FC_AES_KW, out, &n, kek, 0, key, 24), FC_ERR_LENGTH, "KEK 0");
    WRAP_REFUSED(fc_wrap(p, FC_AES_KW, NULL, &n, kek, 16, key, 16), FC_ERR_NULL, "NULL out");
    WRAP_REFUSED(fc_wrap(p, FC_AES_KW, out, NULL, kek, 16, key, 16), FC_ERR_NULL, "NULL len");
    WRAP_REFUSED(fc_wrap(p, FC_AES_KW, out, &n, NULL, 16, key, 16), FC_ERR_NULL, "NULL kek");
    WRAP_REFUSED(fc_wrap(p, FC_AES_KW, out, &n, kek, 16, NULL, 16), FC_ERR_NULL, "NULL in");
    WRAP_REFUSED(fc_unwrap(p, FC_AES_KWP, out, &n, kek, 16, NULL, 16), FC_ERR_NULL,
                 "unwrap NULL in");
    WRAP_REFUSED(fc_wrap(p, FC_AES_GCM, out, &n, kek, 16, key, 16), FC_ERR_ARGUMENT,
                 "not a key wrap");
    WRAP_REFUSED(fc_unwrap(p, FC_ALG_NONE, out, &n, kek, 16, key, 24), FC_ERR_ARGUMENT,
                 "no algorithm");
    WRAP_REFUSED(fc_unwrap(p, FC_AES_KW, out, &n, kek, 16, key, 16), FC_ERR_LENGTH,
                 "KW unwrap 16");
    WRAP_REFUSED(fc_unwrap(p, FC_AES_KW, out, &n, kek, 16, key, 25), FC_ERR_LENGTH,
                 "KW unwrap 25");
    WRAP_REFUSED(fc_unwrap(p, FC_AES_KWP, out, &n, kek, 16, key, 8), FC_ERR_LENGTH,
                 "KWP unwrap 8");
    WRAP_REFUSED(fc_unwrap(p, FC_AES_KWP, out, &n, kek, 16, key, 20), FC_ERR_LENGTH,
                 "KWP unwrap 20");
#undef WRAP_REFUSED
    /* room: wrap needs fc_wrap_len bytes, unwrap len - 8 */
    memset(out, SENTINEL, sizeof(out));
    n = 23;
    CHECK(fc_wrap(p, FC_AES_KW, out, &n, kek, 16, key, 16) == FC_ERR_LENGTH && n == 23 &&
              all_are(out, sizeof(out), SENTINEL), "%s: KW wrap room", p->name);
    n = 15;
    CHECK(fc_wrap(p, FC_AES_KWP, out, &n, kek, 16, key, 1) == FC_ERR_LENGTH && n == 15 &&
              all_are(out, sizeof(out), SENTINEL), "%s: KWP wrap room", p->name);
    n = 15;
    CHECK(fc_unwrap(p, FC_AES_KW, out, &n, kek, 16, key, 24) == FC_ERR_LENGTH && n == 15 &&
              all_are(out, sizeof(out), SENTINEL), "%s: unwrap room", p->name);

    CHECK(fc_wrap_len(FC_AES_KW, 16) == 24 && fc_wrap_len(FC_AES_KWP, 1) == 16 &&
              fc_wrap_len(FC_AES_KWP, 8) == 16 && fc_wrap_len(FC_AES_KWP, 9) == 24 &&
              fc_wrap_len(FC_AES_GCM, 16) == 0 && fc_wrap_len(FC_AES_KW, (size_t)-1) == 0,
          "fc_wrap_len");
}

/* ---- a provider with its own key wrap, which declines every call ---- */

static unsigned own_wrap_calls;

static fc_status declining_wrap(const fc_impl *impl, uint8_t *out, const uint8_t *kek,
                                size_t kek_len, const uint8_t *in, size_t len)
{
    (void)impl, (void)out, (void)kek, (void)kek_len, (void)in, (void)len;
    own_wrap_calls++;
    return FC_ERR_UNSUPPORTED;
}

static fc_status failing_unwrap(const fc_impl *impl, uint8_t *out, size_t *out_len,
                                const uint8_t *kek, size_t kek_len, const uint8_t *in,
                                size_t len)
{
    (void)impl, (void)out_len, (void)kek, (void)kek_len, (void)in;
    own_wrap_calls++;
    memset(out, 0x5a, len - 8); /* writes, then fails: the front end wipes */
    return FC_ERR_PROVIDER;
}

static const fc_impl own_kw = {
    .alg = FC_AES_KW,
    .flags = FC_IMPL_HARDWARE,
    .ops.wrap = {.wrap = declining_wrap, .unwrap = failing_unwrap},
};
static const fc_impl *const own_kw_impls[] = {&own_kw};

static void test_own_wrap(void)
{
    const fc_provider prov = {"ownwrap", "a key wrap that declines", own_kw_impls, 1,
                              &fc_provider_soft};
    const wrap_vector *v = &wrap_vectors[0];
    size_t kek_len, key_len, wrapped_len, n;
    uint8_t *kek = tu_unhex(v->kek, &kek_len), *key = tu_unhex(v->key, &key_len);
    uint8_t *wrapped = tu_unhex(v->wrapped, &wrapped_len);
    uint8_t out[32];
    if (!fc_provider_supports(&fc_provider_soft, FC_AES_KW))
        goto done;
    own_wrap_calls = 0;
    n = sizeof(out);
    CHECK(fc_wrap(&prov, FC_AES_KW, out, &n, kek, kek_len, key, key_len) == FC_OK &&
              own_wrap_calls == 1 && n == wrapped_len && memcmp(out, wrapped, n) == 0,
          "own key wrap declines: soft wraps");
    memset(out, SENTINEL, sizeof(out));
    n = sizeof(out);
    CHECK(fc_unwrap(&prov, FC_AES_KW, out, &n, kek, kek_len, wrapped, wrapped_len) ==
              FC_ERR_PROVIDER && own_wrap_calls == 2 && n == sizeof(out) &&
              all_are(out, wrapped_len - 8, 0), "own key wrap fails: no retry, out wiped");
done:
    free(kek);
    free(key);
    free(wrapped);
}

/* ---- soft's AES failing the n-th block call after arming ---- */

static int fault_countdown = -1;

static fc_status fault_check(void)
{
    if (fault_countdown < 0)
        return FC_OK;
    return fault_countdown-- == 0 ? FC_ERR_UNSUPPORTED : FC_OK; /* a bound call declining */
}

static fc_status faulty_init(const fc_impl *impl, void *state, unsigned dir, const uint8_t *key,
                             size_t key_len)
{
    (void)impl;
    return fc_soft_aes.ops.block.init(&fc_soft_aes, state, dir, key, key_len);
}

static fc_status faulty_encrypt(const fc_impl *impl, void *state, uint8_t *out,
                                const uint8_t *in, size_t blocks)
{
    fc_status st = fault_check();
    (void)impl;
    return st != FC_OK ? st : fc_soft_aes.ops.block.encrypt(&fc_soft_aes, state, out, in, blocks);
}

static fc_status faulty_decrypt(const fc_impl *impl, void *state, uint8_t *out,
                                const uint8_t *in, size_t blocks)
{
    fc_status st = fault_check();
    (void)impl;
    return st != FC_OK ? st : fc_soft_aes.ops.block.decrypt(&fc_soft_aes, state, out, in, blocks);
}

static const fc_impl faulty_aes = {
    .alg = FC_AES,
    .flags = FC_IMPL_HARDWARE,
    .state_size = 256,
    .ops.block = {.init = faulty_init, .encrypt = faulty_encrypt, .decrypt = faulty_decrypt},
};
static const fc_impl *const faulty_impls[] = {&faulty_aes};

/* every block cipher call of CMAC and of a key wrap failing in turn: FC_ERR_PROVIDER, outputs
 * wiped (wrap) or untouched (MAC), the MAC context wiped */
static void test_faults(void)
{
    const fc_provider faulty = {"faultyaes", "AES that fails on demand", faulty_impls, 1, NULL};
    uint8_t key[32], msg[70], tag[16], want[16], out[80], wrapped[48];
    fc_mac_ctx ctx;
    size_t n, wrapped_len = sizeof(wrapped);
    fc_status st;
    int k, mac_ok = 1, wrap_ok = 1, unwrap_ok = 1;
    random_bytes(key, sizeof(key));
    random_bytes(msg, sizeof(msg));
    if (fc_mac(&faulty, FC_AES_CMAC, want, 16, key, 16, msg, sizeof(msg)) != FC_OK ||
        fc_wrap(&faulty, FC_AES_KW, wrapped, &wrapped_len, key, 16, msg, 40) != FC_OK) {
        CHECK(0, "the faulty AES");
        return;
    }
    for (k = 0;; k++) {
        memset(&ctx, 0, sizeof(ctx));
        memset(tag, SENTINEL, sizeof(tag));
        fault_countdown = k;
        st = fc_mac_init(&ctx, &faulty, FC_AES_CMAC, key, 16);
        if (st == FC_OK)
            st = fc_mac_update(&ctx, msg, sizeof(msg));
        if (st == FC_OK)
            st = fc_mac_final(&ctx, tag, sizeof(tag));
        if (fault_countdown >= 0) {
            mac_ok &= st == FC_OK && memcmp(tag, want, 16) == 0;
            break;
        }
        mac_ok &= st == FC_ERR_PROVIDER && all_are(tag, sizeof(tag), SENTINEL) &&
                  fc_ct_is_zero(ctx.state.bytes, sizeof(ctx.state)) &&
                  ctx.magic != FC_MAGIC_ACTIVE;
    }
    CHECK(mac_ok && k == 6, "CMAC: a fault at each of its %d block calls", k);
    for (k = 0;; k++) {
        memset(out, SENTINEL, sizeof(out));
        n = sizeof(out);
        fault_countdown = k;
        st = fc_wrap(&faulty, FC_AES_KW, out, &n, key, 16, msg, 40);
        if (fault_countdown >= 0) {
            wrap_ok &= st == FC_OK && n == wrapped_len && memcmp(out, wrapped, n) == 0;
            break;
        }
        wrap_ok &= st == FC_ERR_PROVIDER && n == sizeof(out) && all_are(out, 48, 0) &&
                   all_are(out + 48, sizeof(out) - 48, SENTINEL);
    }
    CHECK(wrap_ok && k == 30, "KW wrap: a fault at each of its %d block calls", k);
    for (k = 0;; k++) {
        memset(out, SENTINEL, sizeof(out));
        n = sizeof(out);
        fault_countdown = k;
        st = fc_unwrap(&faulty, FC_AES_KW, out, &n, key, 16, wrapped, wrapped_len);
        if (fault_countdown >= 0) {
            unwrap_ok &= st == FC_OK && n == 40 && memcmp(out, msg, 40) == 0;
            break;
        }
        unwrap_ok &= st == FC_ERR_PROVIDER && n == sizeof(out) && all_are(out, 40, 0) &&
                     all_are(out + 40, sizeof(out) - 40, SENTINEL);
    }
    CHECK(unwrap_ok && k == 30, "KW unwrap: a fault at each of its %d block calls", k);
    fault_countdown = -1;
}

/* ---- random inputs against OpenSSL ---- */

#if FC_WITH_OPENSSL
static const char *cbc_name(size_t key_len)
{
    return key_len == 16 ? "AES-128-CBC" : key_len == 24 ? "AES-192-CBC" : "AES-256-CBC";
}

static int ossl_cmac(uint8_t tag[16], const uint8_t *key, size_t key_len, const uint8_t *msg,
                     size_t len)
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
    EVP_MAC_CTX *c = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM params[2];
    size_t out_len = 0;
    int ok;
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER,
                                                 (char *)cbc_name(key_len), 0);
    params[1] = OSSL_PARAM_construct_end();
    ok = c != NULL && EVP_MAC_init(c, key, key_len, params) == 1 &&
         EVP_MAC_update(c, msg, len) == 1 && EVP_MAC_final(c, tag, &out_len, 16) == 1 &&
         out_len == 16;
    EVP_MAC_CTX_free(c);
    EVP_MAC_free(mac);
    return ok;
}

static const EVP_CIPHER *wrap_cipher(fc_alg alg, size_t kek_len)
{
    if (alg == FC_AES_KW)
        return kek_len == 16 ? EVP_aes_128_wrap() : kek_len == 24 ? EVP_aes_192_wrap()
                                                                  : EVP_aes_256_wrap();
    return kek_len == 16 ? EVP_aes_128_wrap_pad() : kek_len == 24 ? EVP_aes_192_wrap_pad()
                                                                  : EVP_aes_256_wrap_pad();
}

static int ossl_wrap(fc_alg alg, uint8_t *out, int *out_len, const uint8_t *kek,
                     size_t kek_len, const uint8_t *in, size_t len)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int n = 0, m = 0, ok;
    EVP_CIPHER_CTX_set_flags(c, EVP_CIPHER_CTX_FLAG_WRAP_ALLOW);
    ok = EVP_EncryptInit_ex(c, wrap_cipher(alg, kek_len), NULL, kek, NULL) == 1 &&
         EVP_EncryptUpdate(c, out, &n, in, (int)len) == 1 &&
         EVP_EncryptFinal_ex(c, out + n, &m) == 1;
    *out_len = n + m;
    EVP_CIPHER_CTX_free(c);
    return ok;
}

static void test_against_openssl(const fc_provider *p)
{
    static const size_t kek_lens[3] = {16, 24, 32};
    uint8_t key[32], msg[200], tag[16], want[16], wrapped[80], back[80], ossl[96];
    size_t i, len, kek_len, n;
    int ossl_len, cmac_ok = 1, kw_ok = 1, kwp_ok = 1;
    for (i = 0; i < 300; i++) {
        kek_len = kek_lens[prng() % 3];
        random_bytes(key, sizeof(key));
        len = prng() % sizeof(msg);
        random_bytes(msg, len);
        cmac_ok &= ossl_cmac(want, key, kek_len, msg, len) &&
                   fc_mac(p, FC_AES_CMAC, tag, 16, key, kek_len, msg, len) == FC_OK &&
                   memcmp(tag, want, 16) == 0;
        /* KW: 16 to 64 bytes in steps of 8; KWP: 1 to 64 */
        len = 16 + 8 * (prng() % 7);
        n = sizeof(wrapped);
        kw_ok &= ossl_wrap(FC_AES_KW, ossl, &ossl_len, key, kek_len, msg, len) &&
                 fc_wrap(p, FC_AES_KW, wrapped, &n, key, kek_len, msg, len) == FC_OK &&
                 n == (size_t)ossl_len && memcmp(wrapped, ossl, n) == 0;
        n = sizeof(back);
        kw_ok &= fc_unwrap(p, FC_AES_KW, back, &n, key, kek_len, wrapped, len + 8) == FC_OK &&
                 n == len && memcmp(back, msg, len) == 0;
        len = 1 + prng() % 64;
        n = sizeof(wrapped);
        kwp_ok &= ossl_wrap(FC_AES_KWP, ossl, &ossl_len, key, kek_len, msg, len) &&
                  fc_wrap(p, FC_AES_KWP, wrapped, &n, key, kek_len, msg, len) == FC_OK &&
                  n == (size_t)ossl_len && memcmp(wrapped, ossl, n) == 0;
        n = sizeof(back);
        kwp_ok &= fc_unwrap(p, FC_AES_KWP, back, &n, key, kek_len, wrapped,
                            (size_t)ossl_len) == FC_OK && n == len &&
                  memcmp(back, msg, len) == 0;
    }
    CHECK(cmac_ok, "%s: 300 random CMAC tags as OpenSSL's", p->name);
    CHECK(kw_ok, "%s: 300 random KW wraps as OpenSSL's, and back", p->name);
    CHECK(kwp_ok, "%s: 300 random KWP wraps as OpenSSL's, and back", p->name);
}
#endif

int main(void)
{
    size_t i;
    test_driver_reset(50, 0xB10C);
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        if (fc_provider_supports(p, FC_AES_CMAC)) {
            test_cmac_vectors(p);
            test_cmac_streaming(p);
            test_cmac_misuse(p);
        }
        if (fc_provider_supports(p, FC_AES_KW)) {
            test_wrap_vectors(p);
            test_kwp_checks(p);
            test_wrap_misuse(p);
        }
#if FC_WITH_OPENSSL
        if (fc_provider_supports(p, FC_AES_CMAC))
            test_against_openssl(p);
#endif
    }
    test_own_wrap();
    test_faults();
    return tu_finish("test_blockmodes");
}
