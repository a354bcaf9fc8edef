/* The legacy and regional primitives: SHA-1, MD5, SM3 (and HMAC/HKDF over them), DES and
 * 3DES. Known answers from their standards through every provider that has the algorithm,
 * streaming split at every offset, bad inputs, weak keys, wiped states, and (with OpenSSL in
 * the build) a random cross-check against libcrypto. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/driver.h"
#include "fieldcrypt/fieldcrypt.h"
#include "providers/soft/soft.h"
#include "testutil.h"

#if FC_WITH_OPENSSL
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/provider.h>
#endif

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define SENTINEL 0xA5

static uint32_t rng_state = 0x2545f491u;
static uint32_t rnd(void)
{
    /* xorshift32: reproducible test inputs */
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

static void rnd_bytes(uint8_t *p, size_t n)
{
    while (n--)
        *p++ = (uint8_t)rnd();
}

static int untouched(const uint8_t *buf, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        if (buf[i] != SENTINEL)
            return 0;
    return 1;
}

static size_t digest_len(fc_alg alg)
{
    fc_alg_info info;
    return fc_alg_get(alg, &info) == FC_OK ? info.out_len : 0;
}

/* ---- hashes ---------------------------------------------------------------------------- */

typedef struct { const char *msg; const char *md; } text_kat;

/* FIPS 180-2 Appendix A.1 and A.2 (the SHA-1 examples FIPS 180-4 refers to) */
static const text_kat sha1_kats[] = {
    {"abc", "a9993e364706816aba3e25717850c26c9cd0d89d"},
    {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
};
/* FIPS 180-2 Appendix A.3: one million 'a' */
static const char sha1_million_a[] = "34aa973cd4c4daa4f61eeb2bdbad27316534016f";

/* RFC 1321 A.5, the test suite */
static const text_kat md5_kats[] = {
    {"", "d41d8cd98f00b204e9800998ecf8427e"},
    {"a", "0cc175b9c0f1b6a831c399e269772661"},
    {"abc", "900150983cd24fb0d6963f7d28e17f72"},
    {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
    {"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
    {"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
     "d174ab98d277d9f5a5611c2c9f419d9f"},
    {"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
     "57edf4a22be3c955ac49da2e2107b67a"},
};

/* GB/T 32905-2016 Appendix A.1 ("abc") and A.2 ("abcd" x 16) */
static const text_kat sm3_kats[] = {
    {"abc", "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0"},
    {"abcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcd",
     "debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732"},
};

/* One known answer through p: one shot, then split into two updates at every offset and
 * byte by byte; the context's state is zero after each final. */
static void check_hash(const fc_provider *p, fc_alg alg, const uint8_t *msg, size_t len,
                       const char *md_hex, const char *what)
{
    uint8_t out[FC_HASH_MAX_LEN];
    size_t dlen = digest_len(alg), cut, i;
    fc_hash_ctx ctx;
    int ok = 1;

    CHECK(fc_hash(p, alg, out, sizeof out, msg, len) == FC_OK && tu_hex_eq(out, dlen, md_hex),
          "%s %s one-shot", p->name, what);
    for (cut = 0; cut <= len; cut++) {
        memset(&ctx, 0, sizeof ctx);
        memset(out, 0, sizeof out);
        ok &= fc_hash_init(&ctx, p, alg) == FC_OK;
        ok &= fc_hash_update(&ctx, msg, cut) == FC_OK;
        ok &= fc_hash_update(&ctx, msg + cut, len - cut) == FC_OK;
        ok &= fc_hash_final(&ctx, out, sizeof out) == FC_OK && tu_hex_eq(out, dlen, md_hex);
        ok &= fc_ct_is_zero(ctx.state.bytes, sizeof ctx.state.bytes);
    }
    CHECK(ok, "%s %s split at every offset", p->name, what);
    memset(&ctx, 0, sizeof ctx);
    ok = fc_hash_init(&ctx, p, alg) == FC_OK;
    for (i = 0; i < len; i++)
        ok &= fc_hash_update(&ctx, msg + i, 1) == FC_OK;
    ok &= fc_hash_final(&ctx, out, sizeof out) == FC_OK && tu_hex_eq(out, dlen, md_hex);
    CHECK(ok, "%s %s byte by byte", p->name, what);
}

static void check_text_kats(const fc_provider *p, fc_alg alg, const text_kat *k, size_t n)
{
    size_t i;
    char what[64];
    if (!fc_provider_supports(p, alg))
        return;
    for (i = 0; i < n; i++) {
        snprintf(what, sizeof what, "%s #%zu", fc_alg_name(alg), i);
        check_hash(p, alg, (const uint8_t *)k[i].msg, strlen(k[i].msg), k[i].md, what);
    }
}

static void test_sha1_million(const fc_provider *p)
{
    uint8_t chunk[1000], out[20];
    fc_hash_ctx ctx;
    int i, ok;
    if (!fc_provider_supports(p, FC_SHA1))
        return;
    memset(chunk, 'a', sizeof chunk);
    memset(&ctx, 0, sizeof ctx);
    ok = fc_hash_init(&ctx, p, FC_SHA1) == FC_OK;
    for (i = 0; i < 1000; i++)
        ok &= fc_hash_update(&ctx, chunk, sizeof chunk) == FC_OK;
    ok &= fc_hash_final(&ctx, out, sizeof out) == FC_OK && tu_hex_eq(out, 20, sha1_million_a);
    CHECK(ok, "%s sha1 one million 'a'", p->name);
}

/* ---- HMAC and HKDF ------------------------------------------------------------------- */

typedef struct { const char *key, *data, *tag; } mac_kat;

/* RFC 2202 section 3 (HMAC-MD5) test cases 1 to 7; hex */
static const mac_kat hmac_md5_kats[] = {
    {"0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265", "9294727a3638bb1c13f48ef8158bfc9d"},
    {"4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
     "750c783e6ab0b503eaa86e310a5db738"},
    {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
     "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
     "56be34521d144c88dbb8c733f0e8b3f6"},
    {"0102030405060708090a0b0c0d0e0f10111213141516171819",
     "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd",
     "697eaf0aca3a3aea3a75164746ffaa79"},
    {"0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c", "546573742057697468205472756e636174696f6e",
     "56461ef2342edc00f9bab995690efd4c"},
    {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
     "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d20"
     "48617368204b6579204669727374",
     "6b1ab7fe4bd7bf8f0b62e6ce61b9d0cd"},
    {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
     "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b657920616e"
     "64204c6172676572205468616e204f6e6520426c6f636b2d53697a652044617461",
     "6f630fad67cda0ee1fb1f562db3aa53e"},
};

/* RFC 2202 section 3 (HMAC-SHA-1) test cases 1 to 7; hex */
static const mac_kat hmac_sha1_kats[] = {
    {"0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265",
     "b617318655057264e28bc0b6fb378c8ef146be00"},
    {"4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
     "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"},
    {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
     "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
     "125d7342b9ac11cd91a39af48aa17b4f63f175d3"},
    {"0102030405060708090a0b0c0d0e0f10111213141516171819",
     "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd",
     "4c9007f4026250c6bc8414f9bf50c86c2d7235da"},
    {"0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c", "546573742057697468205472756e636174696f6e",
     "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04"},
    {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
     "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d20"
     "48617368204b6579204669727374",
     "aa4ae5e15272d00e95705637ce8a3b55ed402112"},
    {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
     "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b657920616e"
     "64204c6172676572205468616e204f6e6520426c6f636b2d53697a652044617461",
     "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"},
};

/* GM/T 0042-2015 Appendix D.3 (HMAC-SM3): a 37-byte key 01..25, 50 bytes of 0xcd */
static const mac_kat hmac_sm3_kats[] = {
    {"0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425",
     "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd",
     "220bf579ded555393f0159f66c99877822a3ecf610d1552154b41d44b94db3ae"},
};

static void check_mac_kats(const fc_provider *p, fc_alg alg, const mac_kat *k, size_t n)
{
    size_t i, cut;
    if (!fc_provider_supports(p, alg))
        return;
    for (i = 0; i < n; i++) {
        size_t klen, dlen, tlen;
        uint8_t *key = tu_unhex(k[i].key, &klen), *data = tu_unhex(k[i].data, &dlen);
        uint8_t *tag = tu_unhex(k[i].tag, &tlen), out[64];
        fc_mac_ctx ctx;
        int ok = 1;
        CHECK(fc_mac(p, alg, out, sizeof out, key, klen, data, dlen) == FC_OK &&
                  memcmp(out, tag, tlen) == 0, "%s %s #%zu", p->name, fc_alg_name(alg), i + 1);
        CHECK(fc_mac_verify(p, alg, tag, tlen, key, klen, data, dlen) == FC_OK,
              "%s %s #%zu verify", p->name, fc_alg_name(alg), i + 1);
        for (cut = 0; cut <= dlen; cut++) {
            memset(&ctx, 0, sizeof ctx);
            ok &= fc_mac_init(&ctx, p, alg, key, klen) == FC_OK;
            ok &= fc_mac_update(&ctx, data, cut) == FC_OK;
            ok &= fc_mac_update(&ctx, data + cut, dlen - cut) == FC_OK;
            ok &= fc_mac_final(&ctx, out, sizeof out) == FC_OK && memcmp(out, tag, tlen) == 0;
            ok &= fc_ct_is_zero(ctx.state.bytes, sizeof ctx.state.bytes);
        }
        CHECK(ok, "%s %s #%zu split at every offset", p->name, fc_alg_name(alg), i + 1);
        free(key);
        free(data);
        free(tag);
    }
}

/* RFC 5869 A.4 to A.7 (HKDF-SHA-1); salt NULL: not provided (A.7) */
static const struct {
    const char *ikm, *salt, *info, *prk, *okm;
} hkdf_sha1_kats[] = {
    {"0b0b0b0b0b0b0b0b0b0b0b", "000102030405060708090a0b0c", "f0f1f2f3f4f5f6f7f8f9",
     "9b6c18c432a7bf8f0e71c8eb88f4b30baa2ba243",
     "085a01ea1b10f36933068b56efa5ad81a4f14b822f5b091568a9cdd4f155fda2c22e422478d305f3f896"},
    {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
     "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
     "404142434445464748494a4b4c4d4e4f",
     "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
     "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
     "a0a1a2a3a4a5a6a7a8a9aaabacadaeaf",
     "b0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecf"
     "d0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeef"
     "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
     "8adae09a2a307059478d309b26c4115a224cfaf6",
     "0bd770a74d1160f7c9f12cd5912a06ebff6adcae899d92191fe4305673ba2ffe"
     "8fa3f1a4e5ad79f3f334b3b202b2173c486ea37ce3d397ed034c7f9dfeb15c5e"
     "927336d0441f4c4300e2cff0d0900b52d3b4"},
    {"0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "", "",
     "da8c8a73c7fa77288ec6f5e7c297786aa0d32d01",
     "0ac1af7002b3d761d1e55298da9d0506b9ae52057220a306e07b6b87e8df21d0ea00033de03984d34918"},
    {"0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c", NULL, "",
     "2adccada18779e7c2077ad2eb19d3f3e731385dd",
     "2c91117204d745f3500d636a62f64f0ab3bae548aa53d423b0d1f27ebba6f5e5673a081d70cce7acfc48"},
};

static void check_hkdf_sha1(const fc_provider *p)
{
    size_t i;
    if (!fc_provider_supports(p, FC_HKDF_SHA1))
        return;
    for (i = 0; i < COUNT(hkdf_sha1_kats); i++) {
        size_t ilen, slen = 0, nlen, plen, olen;
        uint8_t *ikm = tu_unhex(hkdf_sha1_kats[i].ikm, &ilen);
        uint8_t *salt = hkdf_sha1_kats[i].salt ? tu_unhex(hkdf_sha1_kats[i].salt, &slen) : NULL;
        uint8_t *info = tu_unhex(hkdf_sha1_kats[i].info, &nlen);
        uint8_t *prk = tu_unhex(hkdf_sha1_kats[i].prk, &plen);
        uint8_t *okm = tu_unhex(hkdf_sha1_kats[i].okm, &olen);
        uint8_t got_prk[20], got[128];
        CHECK(fc_kdf_extract(p, FC_HKDF_SHA1, got_prk, sizeof got_prk, salt, slen, ikm, ilen) ==
                  FC_OK && memcmp(got_prk, prk, plen) == 0,
              "%s hkdf-sha1 RFC 5869 A.%zu extract", p->name, i + 4);
        CHECK(fc_kdf_expand(p, FC_HKDF_SHA1, got, olen, prk, plen, info, nlen) == FC_OK &&
                  memcmp(got, okm, olen) == 0,
              "%s hkdf-sha1 RFC 5869 A.%zu expand", p->name, i + 4);
        memset(got, 0, sizeof got);
        CHECK(fc_kdf(p, FC_HKDF_SHA1, got, olen, salt, slen, ikm, ilen, info, nlen) == FC_OK &&
                  memcmp(got, okm, olen) == 0,
              "%s hkdf-sha1 RFC 5869 A.%zu", p->name, i + 4);
        free(ikm);
        free(salt);
        free(info);
        free(prk);
        free(okm);
    }
}

/* HKDF over MD5 and SM3 come from the same mode: one round trip each against HMAC by hand
 * (RFC 5869 2.2, 2.3: PRK = HMAC(salt, IKM), T(1) = HMAC(PRK, info | 0x01), ...). */
static void check_hkdf_by_hand(const fc_provider *p, fc_alg hkdf, fc_alg hmac)
{
    /* okm: 96 bytes, a whole number of 16- or 32-byte blocks */
    uint8_t ikm[22], salt[13], info[10], prk[32], t[32 + 10 + 1], okm[96], got[96];
    size_t hl = digest_len(hmac), done, tl;
    int ok;
    if (!fc_provider_supports(p, hkdf) || !fc_provider_supports(p, hmac))
        return;
    rnd_bytes(ikm, sizeof ikm);
    rnd_bytes(salt, sizeof salt);
    rnd_bytes(info, sizeof info);
    ok = fc_mac(p, hmac, prk, sizeof prk, salt, sizeof salt, ikm, sizeof ikm) == FC_OK;
    for (done = 0; done < sizeof okm; done += hl) {
        tl = 0;
        if (done > 0) {
            memcpy(t, okm + done - hl, hl); /* T(n - 1) */
            tl = hl;
        }
        memcpy(t + tl, info, sizeof info);
        tl += sizeof info;
        t[tl++] = (uint8_t)(done / hl + 1);
        ok &= fc_mac(p, hmac, okm + done, hl, prk, hl, t, tl) == FC_OK;
    }
    ok &= fc_kdf(p, hkdf, got, sizeof got, salt, sizeof salt, ikm, sizeof ikm, info,
                 sizeof info) == FC_OK && memcmp(got, okm, sizeof okm) == 0;
    CHECK(ok, "%s %s against HMAC by hand", p->name, fc_alg_name(hkdf));
}

/* ---- DES and 3DES --------------------------------------------------------------------- */

typedef struct { const char *key, *pt, *ct; } block_kat;

static const block_kat des_kats[] = {
    /* FIPS 81 Appendix B, Table B1 (ECB): "Now is the time for all " */
    {"0123456789abcdef", "4e6f77206973207468652074696d6520666f7220616c6c20",
     "3fa40e8a984d48156a271787ab8883f9893d51ec4b563b53"},
    /* NIST SP 800-17 Appendix A, variable key known answer test (first entries) */
    {"8001010101010101", "0000000000000000", "95a8d72813daa94d"},
    {"4001010101010101", "0000000000000000", "0eec1487dd8c26d5"},
    {"2001010101010101", "0000000000000000", "7ad16ffb79c45926"},
    {"1001010101010101", "0000000000000000", "d3746294ca6a6cf3"},
    {"0801010101010101", "0000000000000000", "809f5f873c1fd761"},
    {"0401010101010101", "0000000000000000", "c02faffec989d1fc"},
    {"0201010101010101", "0000000000000000", "4615aa1d33e72f10"},
    {"0180010101010101", "0000000000000000", "2055123350c00858"},
    {"0140010101010101", "0000000000000000", "df3b99d6577397c8"},
    /* NIST SP 800-17 Appendix A, permutation operation known answer test (first entries) */
    {"1046913489980131", "0000000000000000", "88d55e54f54c97b4"},
    {"1007103489988020", "0000000000000000", "0c0cc00c83ea48fd"},
    {"10071034c8980120", "0000000000000000", "83bc8ef3a6570183"},
    {"1046103489988020", "0000000000000000", "df725dcad94ea2e9"},
    {"1086911519190101", "0000000000000000", "e652b53b550be8b0"},
    {"1086911519580101", "0000000000000000", "af527120c485cbb0"},
    {"5107b01519580101", "0000000000000000", "0f04ce393db926d5"},
    {"1007b01519190101", "0000000000000000", "c9f00ffc74079067"},
    /* NIST SP 800-17 Appendix A, substitution table known answer test (all 19) */
    {"7ca110454a1a6e57", "01a1d6d039776742", "690f5b0d9a26939b"},
    {"0131d9619dc1376e", "5cd54ca83def57da", "7a389d10354bd271"},
    {"07a1133e4a0b2686", "0248d43806f67172", "868ebb51cab4599a"},
    {"3849674c2602319e", "51454b582ddf440a", "7178876e01f19b2a"},
    {"04b915ba43feb5b6", "42fd443059577fa2", "af37fb421f8c4095"},
    {"0113b970fd34f2ce", "059b5e0851cf143a", "86a560f10ec6d85b"},
    {"0170f175468fb5e6", "0756d8e0774761d2", "0cd3da020021dc09"},
    {"43297fad38e373fe", "762514b829bf486a", "ea676b2cb7db2b7a"},
    {"07a7137045da2a16", "3bdd119049372802", "dfd64a815caf1a0f"},
    {"04689104c2fd3b2f", "26955f6835af609a", "5c513c9c4886c088"},
    {"37d06bb516cb7546", "164d5e404f275232", "0a2aeeae3ff4ab77"},
    {"1f08260d1ac2465e", "6b056e18759f5cca", "ef1bf03e5dfa575a"},
    {"584023641aba6176", "004bd6ef09176062", "88bf0db6d70dee56"},
    {"025816164629b007", "480d39006ee762f2", "a1f9915541020b56"},
    {"49793ebc79b3258f", "437540c8698f3cfa", "6fbf1cafcffd0556"},
    {"4fb05e1515ab73a7", "072d43a077075292", "2f22e49bab7ca1ac"},
    {"49e95d6d4ca229bf", "02fe55778117f12a", "5a6b612cc26cce4a"},
    {"018310dc409b26d6", "1d9d5c5018f728c2", "5f4c038ed12b2e41"},
    {"1c587f1c13924fef", "305532286d6f295a", "63fac0d034d9f793"},
};

static const block_kat tdes_kats[] = {
    /* SP 800-67 Rev. 1 Appendix B (3-key): "The qufck brown fox jump" (sic) */
    {"0123456789abcdef23456789abcdef01456789abcdef0123",
     "54686520717566636b2062726f776e20666f78206a756d70",
     "a826fd8ce53b855fcce21c8112256fe668d5c05dd9b6b900"},
    /* NIST CAVP TECBMMT2.rsp (2-key), [DECRYPT] COUNT = 0 */
    {"151f10383d6d199b4a763bd54a46a445", "d8da89298878ed7d", "89321ba75ba545db"},
};

/* A known answer through p: both directions, all blocks in one call and block by block, in
 * place and not; a context keyed for one direction refuses the other. */
static void check_block_kat(const fc_provider *p, fc_alg alg, const block_kat *k, size_t idx)
{
    size_t klen, plen, clen, off;
    uint8_t *key = tu_unhex(k->key, &klen), *pt = tu_unhex(k->pt, &plen);
    uint8_t *ct = tu_unhex(k->ct, &clen), buf[64];
    fc_block_ctx ctx;
    int ok;

    memset(&ctx, 0, sizeof ctx);
    ok = fc_block_init(&ctx, p, alg, FC_ENCRYPT | FC_DECRYPT, key, klen) == FC_OK;
    ok &= fc_block_encrypt(&ctx, buf, pt, plen) == FC_OK && memcmp(buf, ct, clen) == 0;
    ok &= fc_block_decrypt(&ctx, buf, buf, clen) == FC_OK && memcmp(buf, pt, plen) == 0;
    memcpy(buf, pt, plen);
    for (off = 0; off < plen; off += 8)
        ok &= fc_block_encrypt(&ctx, buf + off, buf + off, 8) == FC_OK;
    ok &= memcmp(buf, ct, clen) == 0;
    fc_block_wipe(&ctx);
    ok &= fc_ct_is_zero(&ctx, sizeof ctx);
    CHECK(ok, "%s %s known answer %zu", p->name, fc_alg_name(alg), idx);

    memset(&ctx, 0, sizeof ctx);
    memset(buf, SENTINEL, sizeof buf);
    ok = fc_block_init(&ctx, p, alg, FC_DECRYPT, key, klen) == FC_OK;
    ok &= fc_block_decrypt(&ctx, buf, ct, clen) == FC_OK && memcmp(buf, pt, plen) == 0;
    memset(buf, SENTINEL, sizeof buf);
    ok &= fc_block_encrypt(&ctx, buf, pt, plen) == FC_ERR_STATE && untouched(buf, sizeof buf);
    fc_block_wipe(&ctx);
    CHECK(ok, "%s %s known answer %zu, decryption-only context", p->name, fc_alg_name(alg), idx);
    free(key);
    free(pt);
    free(ct);
}

/* FIPS 74 3.6 (also SP 800-67): the four weak keys, then the six semi-weak pairs */
static const char *const weak_keys[16] = {
    "0101010101010101", "fefefefefefefefe", "e0e0e0e0f1f1f1f1", "1f1f1f1f0e0e0e0e",
    "01fe01fe01fe01fe", "fe01fe01fe01fe01", "1fe01fe00ef10ef1", "e01fe01ff10ef10e",
    "01e001e001f101f1", "e001e001f101f101", "1ffe1ffe0efe0efe", "fe1ffe1ffe0efe0e",
    "011f011f010e010e", "1f011f010e010e01", "e0fee0fef1fef1fe", "fee0fee0fef1fef1",
};

/* init refused with FC_ERR_WEAK_KEY; nothing of the key left in the context, which stays
 * unusable */
static int refused(const fc_provider *p, fc_alg alg, const uint8_t *key, size_t klen)
{
    fc_block_ctx ctx;
    uint8_t out[8], in[8] = {0};
    int ok;
    memset(&ctx, 0, sizeof ctx);
    memset(out, SENTINEL, sizeof out);
    ok = fc_block_init(&ctx, p, alg, FC_ENCRYPT | FC_DECRYPT, key, klen) == FC_ERR_WEAK_KEY;
    ok &= fc_ct_is_zero(&ctx, sizeof ctx);
    ok &= fc_block_encrypt(&ctx, out, in, 8) == FC_ERR_STATE && untouched(out, sizeof out);
    return ok;
}

static int accepted(const fc_provider *p, fc_alg alg, const uint8_t *key, size_t klen)
{
    fc_block_ctx ctx;
    int ok;
    memset(&ctx, 0, sizeof ctx);
    ok = fc_block_init(&ctx, p, alg, FC_ENCRYPT, key, klen) == FC_OK;
    fc_block_wipe(&ctx);
    return ok;
}

static void test_des_keys(const fc_provider *p)
{
    uint8_t key[24], k3[24];
    size_t i, len, b;
    int ok = 1;
    if (!fc_provider_supports(p, FC_DES))
        return;
    for (i = 0; i < COUNT(weak_keys); i++) {
        uint8_t *k = tu_unhex(weak_keys[i], &len);
        CHECK(refused(p, FC_DES, k, 8), "%s weak key %s refused", p->name, weak_keys[i]);
        /* parity bits play no part: the key with every parity bit flipped is the same key */
        for (b = 0; b < 8; b++)
            key[b] = (uint8_t)(k[b] ^ 1u);
        CHECK(refused(p, FC_DES, key, 8), "%s weak key %s, parity flipped", p->name,
              weak_keys[i]);
        /* one key bit away is an ordinary key */
        memcpy(key, k, 8);
        key[i & 7] ^= 0x10;
        ok &= accepted(p, FC_DES, key, 8);
        free(k);
    }
    CHECK(ok, "%s keys next to the weak ones accepted", p->name);
    CHECK(refused(p, FC_DES, (const uint8_t *)"\0\0\0\0\0\0\0\0", 8),
          "%s all-zero key (weak, parity ignored)", p->name);

    /* 3DES: K1 = K2 or K2 = K3 is single DES */
    if (!fc_provider_supports(p, FC_TDES))
        return;
    rnd_bytes(key, 24);
    memcpy(k3, key, 24);
    memcpy(k3 + 8, k3, 8); /* K1 = K2 */
    CHECK(refused(p, FC_TDES, k3, 24), "%s 3DES K1 = K2", p->name);
    CHECK(refused(p, FC_TDES, k3, 16), "%s 2-key 3DES K1 = K2", p->name);
    memcpy(k3, key, 24);
    memcpy(k3 + 16, k3 + 8, 8); /* K2 = K3 */
    CHECK(refused(p, FC_TDES, k3, 24), "%s 3DES K2 = K3", p->name);
    memcpy(k3, key, 24);
    memcpy(k3 + 8, k3, 8);
    k3[8] ^= 1; /* K1 = K2 but for a parity bit */
    k3[15] ^= 1;
    CHECK(refused(p, FC_TDES, k3, 24), "%s 3DES K1 = K2 but for parity", p->name);
    memcpy(k3, key, 24);
    memcpy(k3 + 16, k3, 8); /* K1 = K3: 2-key 3DES written out, fine */
    CHECK(accepted(p, FC_TDES, k3, 24) && accepted(p, FC_TDES, key, 24) &&
              accepted(p, FC_TDES, key, 16), "%s 3DES K1 = K3 and distinct keys accepted",
          p->name);
}

static void test_block_misuse(const fc_provider *p)
{
    static const size_t bad_des[] = {0, 7, 9, 16, 24}, bad_tdes[] = {0, 8, 15, 17, 23, 25, 32};
    uint8_t key[32], out[24], in[24];
    fc_block_ctx ctx;
    size_t i;
    if (!fc_provider_supports(p, FC_DES))
        return;
    rnd_bytes(key, sizeof key);
    memset(in, 0, sizeof in);
    for (i = 0; i < COUNT(bad_des); i++) {
        memset(&ctx, 0, sizeof ctx);
        CHECK(fc_block_init(&ctx, p, FC_DES, FC_ENCRYPT, key, bad_des[i]) == FC_ERR_LENGTH &&
                  fc_ct_is_zero(&ctx, sizeof ctx), "%s DES key of %zu bytes", p->name,
              bad_des[i]);
    }
    for (i = 0; i < COUNT(bad_tdes); i++) {
        memset(&ctx, 0, sizeof ctx);
        CHECK(fc_block_init(&ctx, p, FC_TDES, FC_ENCRYPT, key, bad_tdes[i]) == FC_ERR_LENGTH &&
                  fc_ct_is_zero(&ctx, sizeof ctx), "%s 3DES key of %zu bytes", p->name,
              bad_tdes[i]);
    }
    memset(&ctx, 0, sizeof ctx);
    CHECK(fc_block_init(&ctx, p, FC_DES, FC_ENCRYPT, NULL, 8) == FC_ERR_NULL, "%s NULL key",
          p->name);
    CHECK(fc_block_init(&ctx, p, FC_DES, 0, key, 8) == FC_ERR_ARGUMENT &&
              fc_block_init(&ctx, p, FC_DES, 4, key, 8) == FC_ERR_ARGUMENT, "%s bad dir",
          p->name);
    if (fc_block_init(&ctx, p, FC_DES, FC_ENCRYPT | FC_DECRYPT, key, 8) != FC_OK) {
        CHECK(0, "%s DES init", p->name);
        return;
    }
    memset(out, SENTINEL, sizeof out);
    CHECK(fc_block_encrypt(&ctx, out, in, 12) == FC_ERR_LENGTH && untouched(out, sizeof out),
          "%s DES partial block", p->name);
    CHECK(fc_block_decrypt(&ctx, out, in, 7) == FC_ERR_LENGTH && untouched(out, sizeof out),
          "%s DES partial block (decrypt)", p->name);
    CHECK(fc_block_encrypt(&ctx, NULL, in, 8) == FC_ERR_NULL &&
              fc_block_encrypt(&ctx, out, NULL, 8) == FC_ERR_NULL, "%s DES NULL buffers",
          p->name);
    CHECK(fc_block_encrypt(&ctx, out, in, 0) == FC_OK && untouched(out, sizeof out),
          "%s DES empty", p->name);
    CHECK(fc_block_init(&ctx, p, FC_DES, FC_ENCRYPT, key, 8) == FC_ERR_STATE,
          "%s DES init of a live context", p->name);
    fc_block_wipe(&ctx);
    CHECK(fc_ct_is_zero(&ctx, sizeof ctx), "%s DES context zero after wipe", p->name);
    CHECK(fc_block_encrypt(&ctx, out, in, 8) == FC_ERR_STATE && untouched(out, sizeof out),
          "%s DES after wipe", p->name);
}

static void test_hash_misuse(const fc_provider *p)
{
    static const fc_alg algs[] = {FC_SHA1, FC_MD5, FC_SM3};
    uint8_t out[32];
    fc_hash_ctx ctx;
    size_t i, d;
    for (i = 0; i < COUNT(algs); i++) {
        if (!fc_provider_supports(p, algs[i]))
            continue;
        d = digest_len(algs[i]);
        memset(&ctx, 0, sizeof ctx);
        memset(out, SENTINEL, sizeof out);
        CHECK(fc_hash(p, algs[i], out, d - 1, (const uint8_t *)"abc", 3) == FC_ERR_LENGTH &&
                  untouched(out, sizeof out), "%s %s short output", p->name,
              fc_alg_name(algs[i]));
        CHECK(fc_hash_init(&ctx, p, algs[i]) == FC_OK &&
                  fc_hash_update(&ctx, (const uint8_t *)"abc", 3) == FC_OK &&
                  fc_hash_update(&ctx, NULL, 1) == FC_ERR_NULL &&
                  fc_hash_final(&ctx, out, d - 1) == FC_ERR_LENGTH && untouched(out, sizeof out),
              "%s %s bad update and short final", p->name, fc_alg_name(algs[i]));
        CHECK(fc_hash_final(&ctx, out, d) == FC_OK && untouched(out + d, sizeof out - d) &&
                  fc_ct_is_zero(ctx.state.bytes, sizeof ctx.state.bytes),
              "%s %s final after a refused one", p->name, fc_alg_name(algs[i]));
        memset(out, SENTINEL, sizeof out);
        CHECK(fc_hash_update(&ctx, (const uint8_t *)"a", 1) == FC_ERR_STATE &&
                  fc_hash_final(&ctx, out, sizeof out) == FC_ERR_STATE &&
                  untouched(out, sizeof out), "%s %s use after final", p->name,
              fc_alg_name(algs[i]));
        memset(&ctx, 0, sizeof ctx);
        CHECK(fc_hash_init(&ctx, p, algs[i]) == FC_OK &&
                  fc_hash_update(&ctx, (const uint8_t *)"abc", 3) == FC_OK, "%s %s init",
              p->name, fc_alg_name(algs[i]));
        fc_hash_wipe(&ctx);
        CHECK(fc_ct_is_zero(&ctx, sizeof ctx), "%s %s wiped", p->name, fc_alg_name(algs[i]));
    }
}

/* The soft implementations themselves wipe their state at final (the front end wipes it
 * too, so this asks the implementations directly). The DES schedule has no final: the front
 * end's wipe is checked above. */
static void test_soft_states(void)
{
    static const fc_impl *const hashes[] = {
#if FC_WITH_SHA1
        &fc_soft_sha1,
#endif
#if FC_WITH_MD5
        &fc_soft_md5,
#endif
#if FC_WITH_SM3
        &fc_soft_sm3,
#endif
        NULL};
    union {
        uint64_t align;
        uint8_t bytes[FC_HASH_STATE_SIZE];
    } area;
    union {
        uint64_t align;
        uint8_t bytes[FC_BLOCK_STATE_SIZE];
    } block;
    uint8_t out[32], msg[100];
    size_t i;
    rnd_bytes(msg, sizeof msg);
    for (i = 0; hashes[i] != NULL; i++) {
        const fc_impl *h = hashes[i];
        CHECK(h->state_size <= 112, "%s state of %u bytes fits the smallest area (112)",
              fc_alg_name((fc_alg)h->alg), h->state_size);
        memset(&area, 0, sizeof area);
        CHECK(h->ops.hash.init(h, area.bytes) == FC_OK &&
                  h->ops.hash.update(h, area.bytes, msg, sizeof msg) == FC_OK &&
                  !fc_ct_is_zero(area.bytes, h->state_size) &&
                  h->ops.hash.final(h, area.bytes, out) == FC_OK &&
                  fc_ct_is_zero(area.bytes, sizeof area.bytes),
              "%s wipes its state at final", fc_alg_name((fc_alg)h->alg));
        CHECK((h->flags & FC_IMPL_CONSTANT_TIME) != 0, "%s constant time",
              fc_alg_name((fc_alg)h->alg));
    }
#if FC_WITH_DES
    CHECK(fc_soft_tdes.state_size <= FC_BLOCK_STATE_SIZE && fc_soft_tdes.state_size == 384 &&
              fc_soft_des.state_size == 128, "DES/3DES state sizes %u, %u",
          fc_soft_des.state_size, fc_soft_tdes.state_size);
    /* a refused key leaves the state as it found it */
    memset(&block, 0, sizeof block);
    CHECK(fc_soft_des.ops.block.init(&fc_soft_des, block.bytes, FC_ENCRYPT,
                                     (const uint8_t *)"\x01\x01\x01\x01\x01\x01\x01\x01",
                                     8) == FC_ERR_WEAK_KEY &&
              fc_ct_is_zero(block.bytes, sizeof block.bytes), "soft DES weak key: state untouched");
#else
    (void)block;
#endif
}

/* ---- cross-check against OpenSSL ------------------------------------------------------ */

#if FC_WITH_OPENSSL
#define RANDOM_INPUTS 500

static void cross_hash(const fc_provider *p, fc_alg alg, const char *md_name, fc_alg hmac)
{
    EVP_MD *md = EVP_MD_fetch(NULL, md_name, NULL);
    uint8_t msg[300], key[100], mine[64], theirs[64];
    unsigned tlen;
    size_t d = digest_len(alg);
    int i, ok = 1, mac_ok = 1;
    if (md == NULL) {
        printf("note: OpenSSL has no %s: cross-check skipped\n", md_name);
        return;
    }
    for (i = 0; i < RANDOM_INPUTS; i++) {
        size_t len = rnd() % sizeof msg, klen = rnd() % sizeof key, cut = len ? rnd() % len : 0;
        fc_hash_ctx ctx;
        rnd_bytes(msg, len);
        rnd_bytes(key, klen);
        ok &= EVP_Digest(msg, len, theirs, &tlen, md, NULL) == 1 && tlen == d;
        /* streamed in two random pieces */
        memset(&ctx, 0, sizeof ctx);
        ok &= fc_hash_init(&ctx, p, alg) == FC_OK && fc_hash_update(&ctx, msg, cut) == FC_OK &&
              fc_hash_update(&ctx, msg + cut, len - cut) == FC_OK &&
              fc_hash_final(&ctx, mine, sizeof mine) == FC_OK && memcmp(mine, theirs, d) == 0;
        if (fc_provider_supports(p, hmac)) {
            ok &= HMAC(md, key, (int)klen, msg, len, theirs, &tlen) != NULL && tlen == d;
            mac_ok &= fc_mac(p, hmac, mine, sizeof mine, key, klen, msg, len) == FC_OK &&
                      memcmp(mine, theirs, d) == 0;
        }
    }
    CHECK(ok, "%s %s against OpenSSL on %d random inputs", p->name, md_name, RANDOM_INPUTS);
    CHECK(mac_ok, "%s %s against OpenSSL's HMAC on %d random inputs", p->name,
          fc_alg_name(hmac), RANDOM_INPUTS);
    EVP_MD_free(md);
}

/* one ECB call of OpenSSL's, padding off */
static int ossl_ecb(EVP_CIPHER *c, int enc, uint8_t *out, const uint8_t *key,
                    const uint8_t *in, int len)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int n = 0, m = 0, ok;
    ok = ctx != NULL && EVP_CipherInit_ex2(ctx, c, key, NULL, enc, NULL) == 1 &&
         EVP_CIPHER_CTX_set_padding(ctx, 0) == 1 && EVP_CipherUpdate(ctx, out, &n, in, len) == 1 &&
         EVP_CipherFinal_ex(ctx, out + n, &m) == 1 && n + m == len;
    EVP_CIPHER_CTX_free(ctx);
    return ok;
}

static void cross_block(const fc_provider *p, fc_alg alg, size_t klen, const char *name)
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, NULL);
    uint8_t key[24], in[32], mine[32], theirs[32];
    int i, ok = 1;
    if (c == NULL) {
        printf("note: OpenSSL has no %s (legacy provider?): cross-check skipped\n", name);
        return;
    }
    for (i = 0; i < RANDOM_INPUTS; i++) {
        size_t len = 8 * (1 + rnd() % 4);
        fc_block_ctx ctx;
        rnd_bytes(key, sizeof key);
        rnd_bytes(in, len);
        memset(&ctx, 0, sizeof ctx);
        ok &= fc_block_init(&ctx, p, alg, FC_ENCRYPT | FC_DECRYPT, key, klen) == FC_OK;
        ok &= ossl_ecb(c, 1, theirs, key, in, (int)len);
        ok &= fc_block_encrypt(&ctx, mine, in, len) == FC_OK && memcmp(mine, theirs, len) == 0;
        ok &= ossl_ecb(c, 0, theirs, key, in, (int)len);
        ok &= fc_block_decrypt(&ctx, mine, in, len) == FC_OK && memcmp(mine, theirs, len) == 0;
        fc_block_wipe(&ctx);
    }
    CHECK(ok, "%s %s against OpenSSL's %s on %d random inputs", p->name, fc_alg_name(alg), name,
          RANDOM_INPUTS);
    EVP_CIPHER_free(c);
}

/* The weak-key list means what FIPS 74 says: OpenSSL's DES with a weak key is an
 * involution, and each semi-weak key's encryption is undone by its partner's. */
static void cross_weak_keys(void)
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, "DES-ECB", NULL);
    uint8_t x[8], y[8], z[8];
    size_t i, len;
    int ok = 1;
    if (c == NULL)
        return;
    for (i = 0; i < COUNT(weak_keys); i++) {
        uint8_t *k = tu_unhex(weak_keys[i], &len);
        uint8_t *k2 = tu_unhex(weak_keys[i < 4 ? i : (i ^ 1u)], &len);
        rnd_bytes(x, sizeof x);
        ok &= ossl_ecb(c, 1, y, k, x, 8) && ossl_ecb(c, 1, z, k2, y, 8) && memcmp(z, x, 8) == 0;
        free(k);
        free(k2);
    }
    CHECK(ok, "weak keys are involutions, semi-weak pairs undo each other (OpenSSL)");
    EVP_CIPHER_free(c);
}
#endif

int main(void)
{
    size_t i, j;
#if FC_WITH_OPENSSL
    /* single DES lives in OpenSSL 3's legacy provider */
    OSSL_PROVIDER *legacy = OSSL_PROVIDER_load(NULL, "legacy");
    OSSL_PROVIDER *deflt = OSSL_PROVIDER_load(NULL, "default");
#endif
    test_soft_states();
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        check_text_kats(p, FC_SHA1, sha1_kats, COUNT(sha1_kats));
        check_text_kats(p, FC_MD5, md5_kats, COUNT(md5_kats));
        check_text_kats(p, FC_SM3, sm3_kats, COUNT(sm3_kats));
        test_sha1_million(p);
        check_mac_kats(p, FC_HMAC_MD5, hmac_md5_kats, COUNT(hmac_md5_kats));
        check_mac_kats(p, FC_HMAC_SHA1, hmac_sha1_kats, COUNT(hmac_sha1_kats));
        check_mac_kats(p, FC_HMAC_SM3, hmac_sm3_kats, COUNT(hmac_sm3_kats));
        check_hkdf_sha1(p);
        check_hkdf_by_hand(p, FC_HKDF_MD5, FC_HMAC_MD5);
        check_hkdf_by_hand(p, FC_HKDF_SM3, FC_HMAC_SM3);
        test_hash_misuse(p);
        if (fc_provider_supports(p, FC_DES))
            for (j = 0; j < COUNT(des_kats); j++)
                check_block_kat(p, FC_DES, &des_kats[j], j);
        if (fc_provider_supports(p, FC_TDES))
            for (j = 0; j < COUNT(tdes_kats); j++)
                check_block_kat(p, FC_TDES, &tdes_kats[j], j);
        test_des_keys(p);
        test_block_misuse(p);
#if FC_WITH_OPENSSL
        if (fc_provider_supports(p, FC_SHA1))
            cross_hash(p, FC_SHA1, "SHA1", FC_HMAC_SHA1);
        if (fc_provider_supports(p, FC_MD5))
            cross_hash(p, FC_MD5, "MD5", FC_HMAC_MD5);
        if (fc_provider_supports(p, FC_SM3))
            cross_hash(p, FC_SM3, "SM3", FC_HMAC_SM3);
        if (fc_provider_supports(p, FC_DES))
            cross_block(p, FC_DES, 8, "DES-ECB");
        if (fc_provider_supports(p, FC_TDES)) {
            cross_block(p, FC_TDES, 24, "DES-EDE3-ECB");
            cross_block(p, FC_TDES, 16, "DES-EDE-ECB");
        }
#endif
    }
#if FC_WITH_OPENSSL
    cross_weak_keys();
    if (legacy != NULL)
        OSSL_PROVIDER_unload(legacy);
    if (deflt != NULL)
        OSSL_PROVIDER_unload(deflt);
#endif
    return tu_finish("test_legacy");
}
