/* AEAD (aead.h) over the core's GCM and CCM modes, and the front end's dispatch to the
 * ChaCha20-Poly1305 mode (whose own tests are test_chacha.c). Known answers through every
 * provider: McGrew and Viega's GCM test cases 1-18; SP 800-38C examples 1-4, RFC 3610 packet
 * vectors #1-#3 and the Bluetooth LE sample packets for CCM; RFC 8439 2.8.2. Sealing and
 * opening in place and one-shot; tampered tag, AAD, ciphertext and nonce refused with out
 * wiped (the context still usable); every bad input of aead.h with its status and outputs
 * untouched; the context zero after wipe; a provider's own AEAD and a faulty AES behind the
 * front end; random inputs against OpenSSL's EVP when the build has it. */
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "fieldcrypt/driver.h"
#include "fieldcrypt/fieldcrypt.h"
#include "providers/soft/soft.h"
#include "test_driver.h"
#include "testutil.h"

#if FC_WITH_OPENSSL
#include <openssl/evp.h>
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

static uint32_t prng_state = 0x6A09E667u;

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

typedef struct {
    const char *source;
    const char *key, *nonce, *aad, *plain, *cipher, *tag; /* aad NULL: SP 800-38C's pattern */
} aead_vector;

/* McGrew and Viega, "The Galois/Counter Mode of Operation (GCM)", revised, Appendix B: test
 * cases 1-6 AES-128, 7-12 AES-192, 13-18 AES-256; 5, 11, 17 with an 8-byte IV, 6, 12, 18 with
 * a 60-byte IV */
#define Z16 "00000000000000000000000000000000"
#define Z12 "000000000000000000000000"
#define K0_192 Z16 "0000000000000000"
#define K0_256 Z16 Z16
#define K1 "feffe9928665731c6d6a8f9467308308"
#define K1_192 K1 "feffe9928665731c"
#define K1_256 K1 K1
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

static const aead_vector gcm_vectors[] = {
    {"Test Case 1", Z16, Z12, "", "",
     "",
     "58e2fccefa7e3061367f1d57a4e7455a"},
    {"Test Case 2", Z16, Z12, "", Z16,
     "0388dace60b6a392f328c2b971b2fe78",
     "ab6e47d42cec13bdf53a67b21257bddf"},
    {"Test Case 3", K1, IV12, "", P64,
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
     "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
     "4d5c2af327cd64a62cf35abd2ba6fab4"},
    {"Test Case 4", K1, IV12, AAD, P60,
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
     "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
     "5bc94fbc3221a5db94fae95ae7121a47"},
    {"Test Case 5", K1, IV8, AAD, P60,
     "61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c7423"
     "73806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598",
     "3612d2e79e3b0785561be14aaca2fccb"},
    {"Test Case 6", K1, IV60, AAD, P60,
     "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca7"
     "01e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5",
     "619cc5aefffe0bfa462af43c1699d050"},
    {"Test Case 7", K0_192, Z12, "", "",
     "",
     "cd33b28ac773f74ba00ed1f312572435"},
    {"Test Case 8", K0_192, Z12, "", Z16,
     "98e7247c07f0fe411c267e4384b0f600",
     "2ff58d80033927ab8ef4d4587514f0fb"},
    {"Test Case 9", K1_192, IV12, "", P64,
     "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c"
     "7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710acade256",
     "9924a7c8587336bfb118024db8674a14"},
    {"Test Case 10", K1_192, IV12, AAD, P60,
     "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c"
     "7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710",
     "2519498e80f1478f37ba55bd6d27618c"},
    {"Test Case 11", K1_192, IV8, AAD, P60,
     "0f10f599ae14a154ed24b36e25324db8c566632ef2bbb34f8347280fc4507057"
     "fddc29df9a471f75c66541d4d4dad1c9e93a19a58e8b473fa0f062f7",
     "65dcc57fcf623a24094fcca40d3533f8"},
    {"Test Case 12", K1_192, IV60, AAD, P60,
     "d27e88681ce3243c4830165a8fdcf9ff1de9a1d8e6b447ef6ef7b79828666e45"
     "81e79012af34ddd9e2f037589b292db3e67c036745fa22e7e9b7373b",
     "dcf566ff291c25bbb8568fc3d376a6d9"},
    {"Test Case 13", K0_256, Z12, "", "",
     "",
     "530f8afbc74536b9a963b4f1c4cb738b"},
    {"Test Case 14", K0_256, Z12, "", Z16,
     "cea7403d4d606b6e074ec5d3baf39d18",
     "d0d1c8a799996bf0265b98b5d48ab919"},
    {"Test Case 15", K1_256, IV12, "", P64,
     "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
     "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad",
     "b094dac5d93471bdec1a502270e3cc6c"},
    {"Test Case 16", K1_256, IV12, AAD, P60,
     "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
     "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
     "76fc6ece0f4e1768cddf8853bb2d551b"},
    {"Test Case 17", K1_256, IV8, AAD, P60,
     "c3762df1ca787d32ae47c13bf19844cbaf1ae14d0b976afac52ff7d79bba9de0"
     "feb582d33934a4f0954cc2363bc73f7862ac430e64abe499f47c9b1f",
     "3a337dbf46a792c45e454913fe2ea8f2"},
    {"Test Case 18", K1_256, IV60, AAD, P60,
     "5a8def2f0c9e53f1f75d7853659e2a20eeb2b22aafde6419a058ab4f6f746bf4"
     "0fc0c3b780f244452da3ebf1c5d82cdea2418997200ef82e44ae7e3f",
     "a44a8266ee1c8eb0c8b5d4cf5ae9f19a"},
};

/* CCM: NIST SP 800-38C Appendix C, Examples 1-4 (Example 4's AAD: 65536 bytes 00 01 .. ff
 * repeated); RFC 3610 8, Packet Vectors #1-#3 (the 8-byte header is the AAD); Bluetooth Core
 * Specification Vol 6 Part C 1 (LE encryption sample data): the session key of the sample, the
 * nonce the packet counter (39 bits, least significant byte first, the direction bit on top of
 * the fifth byte) then IVm || IVs, the AAD the header's first byte masked with 0xe3, a 4-byte
 * MIC; the LL_START_ENC_RSP of each side and the two data packets that follow */
static const aead_vector ccm_vectors[] = {
    {"SP 800-38C C.1 Example 1", "404142434445464748494a4b4c4d4e4f", "10111213141516",
     "0001020304050607", "20212223", "7162015b", "4dac255d"},
    {"SP 800-38C C.2 Example 2", "404142434445464748494a4b4c4d4e4f", "1011121314151617",
     "000102030405060708090a0b0c0d0e0f", "202122232425262728292a2b2c2d2e2f",
     "d2a1f0e051ea5f62081a7792073d593d", "1fc64fbfaccd"},
    {"SP 800-38C C.3 Example 3", "404142434445464748494a4b4c4d4e4f", "101112131415161718191a1b",
     "000102030405060708090a0b0c0d0e0f10111213",
     "202122232425262728292a2b2c2d2e2f3031323334353637",
     "e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5", "484392fbc1b09951"},
    {"SP 800-38C C.4 Example 4", "404142434445464748494a4b4c4d4e4f",
     "101112131415161718191a1b1c", NULL,
     "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f",
     "69915dad1e84c6376a68c2967e4dab615ae0fd1faec44cc484828529463ccf72",
     "b4ac6bec93e8598e7f0dadbcea5b"},
    {"RFC 3610 Packet Vector #1", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
     "00000003020100a0a1a2a3a4a5", "0001020304050607",
     "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e",
     "588c979a61c663d2f066d0c2c0f989806d5f6b61dac384", "17e8d12cfdf926e0"},
    {"RFC 3610 Packet Vector #2", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
     "00000004030201a0a1a2a3a4a5", "0001020304050607",
     "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "72c91a36e135f8cf291ca894085c87e3cc15c439c9e43a3b", "a091d56e10400916"},
    {"RFC 3610 Packet Vector #3", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
     "00000005040302a0a1a2a3a4a5", "0001020304050607",
     "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20",
     "51b1e5f44a197d1da46b0f8e2d282ae871e838bb64da859657", "4adaa76fbd9fb0c5"},
    {"Bluetooth LE sample: LL_START_ENC_RSP1 (central, counter 0)",
     "99ad1b5226a37e3e058e3b8e27c2c666", "000000008024abdcbabebaafde", "03", "06", "9f",
     "cda7f448"},
    {"Bluetooth LE sample: LL_START_ENC_RSP2 (peripheral, counter 0)",
     "99ad1b5226a37e3e058e3b8e27c2c666", "000000000024abdcbabebaafde", "03", "06", "a3",
     "4c13a415"},
    {"Bluetooth LE sample: data packet 1 (central, counter 1)",
     "99ad1b5226a37e3e058e3b8e27c2c666", "010000008024abdcbabebaafde", "02",
     "1700636465666768696a6b6c6d6e6f707131323334353637383930",
     "7a70d66415226df26b17839a060405596bd6564f796b5b9ce6ff32", "f75a6d33"},
    {"Bluetooth LE sample: data packet 2 (peripheral, counter 1)",
     "99ad1b5226a37e3e058e3b8e27c2c666", "010000000024abdcbabebaafde", "02",
     "170037363534333231304142434445464748494a4b4c4d4e4f5051",
     "f38881e7bd94c9c369b9a66846dd4786aa8c39ce540d0dae3adcdf", "89b96088"},
};

typedef struct {
    uint8_t *key, *nonce, *aad, *plain, *cipher, *tag;
    size_t key_len, nonce_len, aad_len, len, tag_len;
} decoded;

static void decode(decoded *d, const aead_vector *v)
{
    size_t n, i;
    d->key = tu_unhex(v->key, &d->key_len);
    d->nonce = tu_unhex(v->nonce, &d->nonce_len);
    if (v->aad != NULL) {
        d->aad = tu_unhex(v->aad, &d->aad_len);
    } else { /* SP 800-38C Example 4 */
        d->aad_len = 65536;
        d->aad = malloc(d->aad_len);
        for (i = 0; i < d->aad_len; i++)
            d->aad[i] = (uint8_t)i;
    }
    d->plain = tu_unhex(v->plain, &d->len);
    d->cipher = tu_unhex(v->cipher, &n);
    d->tag = tu_unhex(v->tag, &d->tag_len);
}

static void release_decoded(decoded *d)
{
    free(d->key), free(d->nonce), free(d->aad), free(d->plain), free(d->cipher), free(d->tag);
}

/* open fails with FC_ERR_VERIFY and leaves out[0..len) zero (and the rest untouched) */
static int refused(fc_aead_ctx *ctx, const decoded *d, const uint8_t *nonce,
                   const uint8_t *aad, const uint8_t *in, const uint8_t *tag)
{
    uint8_t out[128];
    memset(out, SENTINEL, sizeof(out));
    return fc_aead_open(ctx, out, nonce, d->nonce_len, aad, d->aad_len, in, d->len, tag,
                        d->tag_len) == FC_ERR_VERIFY &&
           all_are(out, d->len, 0) && all_are(out + d->len, sizeof(out) - d->len, SENTINEL);
}

static void check_vector(const fc_provider *p, fc_alg alg, const aead_vector *v)
{
    decoded d;
    fc_aead_ctx ctx;
    uint8_t out[128], tag[24], buf[128], *bad;
    size_t i;
    int ok;
    decode(&d, v);
    memset(&ctx, 0, sizeof(ctx));
    if (fc_aead_init(&ctx, p, alg, d.key, d.key_len) != FC_OK) {
        CHECK(0, "%s: %s init", p->name, v->source);
        release_decoded(&d);
        return;
    }
    memset(out, SENTINEL, sizeof(out));
    memset(tag, SENTINEL, sizeof(tag));
    CHECK(fc_aead_seal(&ctx, out, tag, d.tag_len, d.nonce, d.nonce_len, d.aad, d.aad_len,
                       d.plain, d.len) == FC_OK && memcmp(out, d.cipher, d.len) == 0 &&
              memcmp(tag, d.tag, d.tag_len) == 0 &&
              all_are(out + d.len, sizeof(out) - d.len, SENTINEL) &&
              all_are(tag + d.tag_len, sizeof(tag) - d.tag_len, SENTINEL),
          "%s: %s seal", p->name, v->source);
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_aead_open(&ctx, out, d.nonce, d.nonce_len, d.aad, d.aad_len, d.cipher, d.len,
                       d.tag, d.tag_len) == FC_OK && memcmp(out, d.plain, d.len) == 0 &&
              all_are(out + d.len, sizeof(out) - d.len, SENTINEL),
          "%s: %s open", p->name, v->source);

    /* in place */
    memcpy(buf, d.plain, d.len);
    CHECK(fc_aead_seal(&ctx, buf, tag, d.tag_len, d.nonce, d.nonce_len, d.aad, d.aad_len, buf,
                       d.len) == FC_OK && memcmp(buf, d.cipher, d.len) == 0 &&
              memcmp(tag, d.tag, d.tag_len) == 0, "%s: %s seal in place", p->name, v->source);
    CHECK(fc_aead_open(&ctx, buf, d.nonce, d.nonce_len, d.aad, d.aad_len, buf, d.len, d.tag,
                       d.tag_len) == FC_OK && memcmp(buf, d.plain, d.len) == 0,
          "%s: %s open in place", p->name, v->source);

    /* tampered: tag, AAD, ciphertext, nonce; each refused with out wiped */
    ok = 1;
    for (i = 0; i < d.tag_len; i++) {
        d.tag[i] ^= 0x80;
        ok &= refused(&ctx, &d, d.nonce, d.aad, d.cipher, d.tag);
        d.tag[i] ^= 0x80;
    }
    CHECK(ok, "%s: %s every tag byte", p->name, v->source);
    ok = 1;
    for (i = 0; i < d.len; i++) {
        d.cipher[i] ^= 0x01;
        ok &= refused(&ctx, &d, d.nonce, d.aad, d.cipher, d.tag);
        d.cipher[i] ^= 0x01;
    }
    CHECK(ok, "%s: %s every ciphertext byte", p->name, v->source);
    ok = 1;
    for (i = 0; i < d.aad_len && i < 64; i++) {
        d.aad[i] ^= 0x10;
        ok &= refused(&ctx, &d, d.nonce, d.aad, d.cipher, d.tag);
        d.aad[i] ^= 0x10;
    }
    CHECK(ok, "%s: %s every AAD byte", p->name, v->source);
    ok = 1;
    for (i = 0; i < d.nonce_len; i++) {
        d.nonce[i] ^= 0x04;
        ok &= refused(&ctx, &d, d.nonce, d.aad, d.cipher, d.tag);
        d.nonce[i] ^= 0x04;
    }
    CHECK(ok, "%s: %s every nonce byte", p->name, v->source);
    if (d.aad_len > 0) { /* AAD one byte shorter */
        memset(out, SENTINEL, sizeof(out));
        CHECK(fc_aead_open(&ctx, out, d.nonce, d.nonce_len, d.aad, d.aad_len - 1, d.cipher,
                           d.len, d.tag, d.tag_len) == FC_ERR_VERIFY && all_are(out, d.len, 0),
              "%s: %s shorter AAD", p->name, v->source);
    }
    /* in place: the ciphertext's buffer ends up zero */
    memcpy(buf, d.cipher, d.len);
    bad = d.tag;
    bad[0] ^= 1;
    CHECK(fc_aead_open(&ctx, buf, d.nonce, d.nonce_len, d.aad, d.aad_len, buf, d.len, bad,
                       d.tag_len) == FC_ERR_VERIFY && all_are(buf, d.len, 0),
          "%s: %s refused in place", p->name, v->source);
    bad[0] ^= 1;
    /* the context survives the forgeries */
    memset(out, SENTINEL, sizeof(out));
    CHECK(ctx.magic == FC_MAGIC_ACTIVE &&
              fc_aead_open(&ctx, out, d.nonce, d.nonce_len, d.aad, d.aad_len, d.cipher, d.len,
                           d.tag, d.tag_len) == FC_OK && memcmp(out, d.plain, d.len) == 0,
          "%s: %s opens after the forgeries", p->name, v->source);

    /* GCM's shorter tags are prefixes of the full one */
    if (alg == FC_AES_GCM && d.tag_len == 16) {
        static const size_t tag_lens[] = {4, 8, 12, 13, 14, 15};
        ok = 1;
        for (i = 0; i < sizeof(tag_lens) / sizeof(tag_lens[0]); i++) {
            memset(tag, SENTINEL, sizeof(tag));
            ok &= fc_aead_seal(&ctx, out, tag, tag_lens[i], d.nonce, d.nonce_len, d.aad,
                               d.aad_len, d.plain, d.len) == FC_OK &&
                  memcmp(tag, d.tag, tag_lens[i]) == 0 &&
                  all_are(tag + tag_lens[i], sizeof(tag) - tag_lens[i], SENTINEL) &&
                  fc_aead_open(&ctx, out, d.nonce, d.nonce_len, d.aad, d.aad_len, d.cipher,
                               d.len, d.tag, tag_lens[i]) == FC_OK;
        }
        CHECK(ok, "%s: %s truncated tags", p->name, v->source);
    }
    fc_aead_wipe(&ctx);
    CHECK(fc_ct_is_zero(&ctx, sizeof(ctx)), "%s: %s context zero after wipe", p->name,
          v->source);

    /* one-shot */
    memset(out, SENTINEL, sizeof(out));
    memset(tag, SENTINEL, sizeof(tag));
    CHECK(fc_aead_encrypt(p, alg, out, tag, d.tag_len, d.key, d.key_len, d.nonce, d.nonce_len,
                          d.aad, d.aad_len, d.plain, d.len) == FC_OK &&
              memcmp(out, d.cipher, d.len) == 0 && memcmp(tag, d.tag, d.tag_len) == 0,
          "%s: %s one-shot encrypt", p->name, v->source);
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_aead_decrypt(p, alg, out, d.key, d.key_len, d.nonce, d.nonce_len, d.aad,
                          d.aad_len, d.cipher, d.len, d.tag, d.tag_len) == FC_OK &&
              memcmp(out, d.plain, d.len) == 0, "%s: %s one-shot decrypt", p->name, v->source);
    d.tag[d.tag_len - 1] ^= 0x40;
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_aead_decrypt(p, alg, out, d.key, d.key_len, d.nonce, d.nonce_len, d.aad,
                          d.aad_len, d.cipher, d.len, d.tag, d.tag_len) == FC_ERR_VERIFY &&
              all_are(out, d.len, 0), "%s: %s one-shot refuses", p->name, v->source);
    release_decoded(&d);
}

/* RFC 8439 2.8.2: the front end's dispatch to the CHAPOLY mode */
static const aead_vector chapoly_vectors[] = {
    {"RFC 8439 2.8.2", "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
     "070000004041424344454647", "50515253c0c1c2c3c4c5c6c7",
     "4c616469657320616e642047656e746c656d656e206f662074686520636c6173"
     "73206f66202739393a204966204920636f756c64206f6666657220796f75206f"
     "6e6c79206f6e652074697020666f7220746865206675747572652c2073756e73"
     "637265656e20776f756c642062652069742e",
     "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
     "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
     "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
     "3ff4def08e4b7a9de576d26586cec64b6116",
     "1ae10b594f09e26a7e902ecbd0600691"},
};

/* ---- bad inputs ---- */

/* a call refused with its status, out and tag untouched */
#define REFUSED(call, status, what)                                                          \
    do {                                                                                     \
        memset(out, SENTINEL, sizeof(out));                                                  \
        memset(tag, SENTINEL, sizeof(tag));                                                  \
        CHECK((call) == (status) && all_are(out, sizeof(out), SENTINEL) &&                   \
                  all_are(tag, sizeof(tag), SENTINEL),                                       \
              "%s %s: %s", p->name, name, what);                                             \
    } while (0)

static void test_misuse(const fc_provider *p, fc_alg alg)
{
    const char *name = fc_alg_name(alg);
    int gcm = alg == FC_AES_GCM, ccm = alg == FC_AES_CCM;
    uint8_t key[33], nonce[64], aad[8], in[64], out[64], tag[20];
    size_t n12 = gcm ? 12 : ccm ? 13 : alg == FC_CHACHA20_POLY1305 ? 12 : 24;
    size_t t16 = 16, k24 = gcm || ccm ? 24 : 32, i;
    fc_aead_ctx ctx;
    memset(key, 0x3c, sizeof(key));
    memset(nonce, 0x5a, sizeof(nonce));
    memset(aad, 0x11, sizeof(aad));
    memset(in, 0x22, sizeof(in));

    /* init */
    memset(&ctx, 0, sizeof(ctx));
    REFUSED(fc_aead_init(NULL, p, alg, key, 16), FC_ERR_NULL, "init NULL ctx");
    REFUSED(fc_aead_init(&ctx, p, alg, NULL, 16), FC_ERR_NULL, "init NULL key");
    REFUSED(fc_aead_init(&ctx, p, FC_AES, key, 16), FC_ERR_ARGUMENT, "init not an AEAD");
    REFUSED(fc_aead_init(&ctx, p, FC_ALG_COUNT, key, 16), FC_ERR_ARGUMENT, "init no alg");
    REFUSED(fc_aead_init(&ctx, p, alg, key, 15), FC_ERR_LENGTH, "init key 15");
    REFUSED(fc_aead_init(&ctx, p, alg, key, 0), FC_ERR_LENGTH, "init key 0");
    REFUSED(fc_aead_init(&ctx, p, alg, key, 33), FC_ERR_LENGTH, "init key 33");
    CHECK(fc_ct_is_zero(&ctx, sizeof(ctx)), "%s %s: refused inits leave ctx", p->name, name);

    /* lifecycle */
    REFUSED(fc_aead_seal(&ctx, out, tag, t16, nonce, n12, aad, 8, in, 16), FC_ERR_STATE,
            "seal before init");
    REFUSED(fc_aead_open(&ctx, out, nonce, n12, aad, 8, in, 16, tag, t16), FC_ERR_STATE,
            "open before init");
    if (!gcm && !ccm)
        REFUSED(fc_aead_init(&ctx, p, alg, key, 16), FC_ERR_LENGTH, "init key 16");
    CHECK(fc_aead_init(&ctx, p, alg, key, k24) == FC_OK, "%s %s: init", p->name, name);
    REFUSED(fc_aead_init(&ctx, p, alg, key, k24), FC_ERR_STATE, "init twice");

    /* NULLs (a zero length may come with NULL) */
    REFUSED(fc_aead_seal(NULL, out, tag, t16, nonce, n12, aad, 8, in, 16), FC_ERR_NULL,
            "seal NULL ctx");
    REFUSED(fc_aead_seal(&ctx, NULL, tag, t16, nonce, n12, aad, 8, in, 16), FC_ERR_NULL,
            "seal NULL out");
    REFUSED(fc_aead_seal(&ctx, out, NULL, t16, nonce, n12, aad, 8, in, 16), FC_ERR_NULL,
            "seal NULL tag");
    REFUSED(fc_aead_seal(&ctx, out, tag, t16, NULL, n12, aad, 8, in, 16), FC_ERR_NULL,
            "seal NULL nonce");
    REFUSED(fc_aead_seal(&ctx, out, tag, t16, nonce, n12, NULL, 8, in, 16), FC_ERR_NULL,
            "seal NULL aad");
    REFUSED(fc_aead_seal(&ctx, out, tag, t16, nonce, n12, aad, 8, NULL, 16), FC_ERR_NULL,
            "seal NULL in");
    REFUSED(fc_aead_open(&ctx, NULL, nonce, n12, aad, 8, in, 16, tag, t16), FC_ERR_NULL,
            "open NULL out");
    REFUSED(fc_aead_open(&ctx, out, nonce, n12, aad, 8, in, 16, NULL, t16), FC_ERR_NULL,
            "open NULL tag");
    REFUSED(fc_aead_open(&ctx, out, NULL, n12, aad, 8, in, 16, tag, t16), FC_ERR_NULL,
            "open NULL nonce");
    REFUSED(fc_aead_open(&ctx, out, nonce, n12, NULL, 1, in, 16, tag, t16), FC_ERR_NULL,
            "open NULL aad");
    REFUSED(fc_aead_open(&ctx, out, nonce, n12, aad, 8, NULL, 16, tag, t16), FC_ERR_NULL,
            "open NULL in");
    memset(tag, 0, sizeof(tag));
    CHECK(fc_aead_seal(&ctx, NULL, tag, t16, nonce, n12, NULL, 0, NULL, 0) == FC_OK,
          "%s %s: empty message and AAD as NULL", p->name, name);
    CHECK(fc_aead_open(&ctx, NULL, nonce, n12, NULL, 0, NULL, 0, tag, t16) == FC_OK,
          "%s %s: open the empty message", p->name, name);

    /* nonce and tag lengths */
    for (i = 0; i <= 25; i++) {
        int nonce_ok = gcm ? i >= 1 : ccm ? i >= 7 && i <= 13 : i == n12;
        int tag_ok = gcm   ? i == 4 || i == 8 || (i >= 12 && i <= 16)
                     : ccm ? i >= 4 && i <= 16 && i % 2 == 0
                           : i == 16;
        fc_status st;
        memset(out, SENTINEL, sizeof(out));
        memset(tag, SENTINEL, sizeof(tag));
        st = fc_aead_seal(&ctx, out, tag, t16, nonce, i, aad, 8, in, 16);
        CHECK(nonce_ok ? st == FC_OK
                       : st == FC_ERR_LENGTH && all_are(out, sizeof(out), SENTINEL) &&
                             all_are(tag, sizeof(tag), SENTINEL),
              "%s %s: nonce of %zu bytes", p->name, name, i);
        memset(out, SENTINEL, sizeof(out));
        memset(tag, SENTINEL, sizeof(tag));
        st = fc_aead_seal(&ctx, out, tag, i, nonce, n12, aad, 8, in, 16);
        CHECK(tag_ok ? st == FC_OK && all_are(tag + i, sizeof(tag) - i, SENTINEL)
                     : st == FC_ERR_LENGTH && all_are(out, sizeof(out), SENTINEL) &&
                           all_are(tag, sizeof(tag), SENTINEL),
              "%s %s: tag of %zu bytes", p->name, name, i);
        if (!tag_ok) {
            memset(out, SENTINEL, sizeof(out));
            CHECK(fc_aead_open(&ctx, out, nonce, n12, aad, 8, in, 16, tag, i) ==
                      FC_ERR_LENGTH && all_are(out, sizeof(out), SENTINEL),
                  "%s %s: open with a tag of %zu bytes", p->name, name, i);
        }
        if (!nonce_ok) {
            memset(out, SENTINEL, sizeof(out));
            CHECK(fc_aead_open(&ctx, out, nonce, i, aad, 8, in, 16, tag, t16) ==
                      FC_ERR_LENGTH && all_are(out, sizeof(out), SENTINEL),
                  "%s %s: open with a nonce of %zu bytes", p->name, name, i);
        }
    }

    /* message lengths: CCM's q-byte length field, GCM's 2^36 - 32 bytes, ChaCha20's
     * 2^38 - 64 */
    if (ccm) {
        size_t big = 65536;
        uint8_t *m = calloc(1, big + 1);
        REFUSED(fc_aead_seal(&ctx, m, tag, 4, nonce, 13, aad, 8, m, big), FC_ERR_LENGTH,
                "65536 bytes with a 13-byte nonce (q = 2)");
        REFUSED(fc_aead_open(&ctx, m, nonce, 13, aad, 8, m, big, tag, 4), FC_ERR_LENGTH,
                "open 65536 bytes with a 13-byte nonce");
        CHECK(all_are(m, big, 0), "%s %s: the long message untouched", p->name, name);
        CHECK(fc_aead_seal(&ctx, m, tag, 4, nonce, 13, aad, 8, m, big - 1) == FC_OK &&
                  fc_aead_open(&ctx, m, nonce, 13, aad, 8, m, big - 1, tag, 4) == FC_OK &&
                  all_are(m, big - 1, 0), "%s %s: 65535 bytes fit q = 2", p->name, name);
        CHECK(fc_aead_seal(&ctx, m, tag, 4, nonce, 12, aad, 8, m, big) == FC_OK &&
                  fc_aead_open(&ctx, m, nonce, 12, aad, 8, m, big, tag, 4) == FC_OK &&
                  all_are(m, big, 0), "%s %s: 65536 bytes fit q = 3", p->name, name);
        free(m);
    } else if (sizeof(size_t) > 4) { /* refused before a byte is read */
        size_t huge = (size_t)((((uint64_t)1 << (gcm ? 36 : 38)) - (gcm ? 31 : 63)) & (size_t)-1);
        REFUSED(fc_aead_seal(&ctx, out, tag, t16, nonce, n12, aad, 8, in, huge), FC_ERR_LENGTH,
                "one byte over the limit");
        REFUSED(fc_aead_open(&ctx, out, nonce, n12, aad, 8, in, huge, tag, t16), FC_ERR_LENGTH,
                "open one byte over the limit");
    }
    CHECK(ctx.magic == FC_MAGIC_ACTIVE, "%s %s: refusals keep the context", p->name, name);
    fc_aead_wipe(&ctx);
    CHECK(fc_ct_is_zero(&ctx, sizeof(ctx)), "%s %s: context zero after wipe", p->name, name);
    REFUSED(fc_aead_seal(&ctx, out, tag, t16, nonce, n12, aad, 8, in, 16), FC_ERR_STATE,
            "seal after wipe");
    fc_aead_wipe(NULL);

    /* one-shot refusals */
    REFUSED(fc_aead_encrypt(p, alg, out, tag, t16, key, 17, nonce, n12, aad, 8, in, 16),
            FC_ERR_LENGTH, "one-shot key 17");
    REFUSED(fc_aead_encrypt(p, alg, out, tag, 3, key, 16, nonce, n12, aad, 8, in, 16),
            FC_ERR_LENGTH, "one-shot tag 3");
    REFUSED(fc_aead_encrypt(p, alg, out, tag, t16, key, 16, nonce, 0, aad, 8, in, 16),
            FC_ERR_LENGTH, "one-shot nonce 0");
    REFUSED(fc_aead_encrypt(p, alg, out, tag, t16, NULL, 16, nonce, n12, aad, 8, in, 16),
            FC_ERR_NULL, "one-shot NULL key");
    REFUSED(fc_aead_decrypt(p, alg, out, key, 16, nonce, n12, aad, 8, in, 16, NULL, t16),
            FC_ERR_NULL, "one-shot NULL tag");
    REFUSED(fc_aead_decrypt(p, FC_SHA256, out, key, 16, nonce, n12, aad, 8, in, 16, tag, t16),
            FC_ERR_ARGUMENT, "one-shot not an AEAD");
}

/* ChaCha20-Poly1305's lengths are checked before anything is keyed */
static void test_chapoly_lengths(void)
{
    const fc_provider *p = NULL;
    const char *name = "chacha20-poly1305";
    uint8_t key[32], nonce[24], out[32], tag[20], in[16];
    memset(key, 1, sizeof(key));
    memset(nonce, 2, sizeof(nonce));
    memset(in, 3, sizeof(in));
    REFUSED(fc_aead_encrypt(p, FC_CHACHA20_POLY1305, out, tag, 16, key, 16, nonce, 12, NULL, 0,
                            in, 16), FC_ERR_LENGTH, "key 16");
    REFUSED(fc_aead_encrypt(p, FC_CHACHA20_POLY1305, out, tag, 16, key, 32, nonce, 24, NULL, 0,
                            in, 16), FC_ERR_LENGTH, "nonce 24");
    REFUSED(fc_aead_encrypt(p, FC_CHACHA20_POLY1305, out, tag, 12, key, 32, nonce, 12, NULL, 0,
                            in, 16), FC_ERR_LENGTH, "tag 12");
    REFUSED(fc_aead_encrypt(p, FC_XCHACHA20_POLY1305, out, tag, 16, key, 32, nonce, 12, NULL,
                            0, in, 16), FC_ERR_LENGTH, "xchacha nonce 12");
    REFUSED(fc_aead_decrypt(p, FC_XCHACHA20_POLY1305, out, key, 32, nonce, 8, NULL, 0, in, 16,
                            tag, 16), FC_ERR_LENGTH, "xchacha open nonce 8");
}

/* ---- a provider's own AEAD, and a faulty AES ---- */

static unsigned own_inits, own_releases;
static int own_decline, own_fail_seal, own_scribble_open;

static fc_status own_init(const fc_impl *impl, void *state, const uint8_t *key, size_t key_len)
{
    (void)impl;
    own_inits++;
    if (own_decline)
        return FC_ERR_UNSUPPORTED;
    return fc_core_gcm_init(&fc_soft_aes, state, key, key_len);
}

static fc_status own_seal(const fc_impl *impl, void *state, uint8_t *out, uint8_t *tag,
                          size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len)
{
    (void)impl;
    if (own_fail_seal) { /* writes, then declines a bound call: a fault */
        memset(out, 0x77, len);
        memset(tag, 0x77, tag_len);
        return FC_ERR_UNSUPPORTED;
    }
    return fc_core_gcm_seal(&fc_soft_aes, state, out, tag, tag_len, nonce, nonce_len, aad,
                            aad_len, in, len);
}

static fc_status own_open(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *nonce,
                          size_t nonce_len, const uint8_t *aad, size_t aad_len,
                          const uint8_t *in, size_t len, const uint8_t *tag, size_t tag_len)
{
    (void)impl;
    if (own_scribble_open) { /* decrypts before it knows: the front end must wipe */
        memset(out, 0x66, len);
        return FC_ERR_VERIFY;
    }
    return fc_core_gcm_open(&fc_soft_aes, state, out, nonce, nonce_len, aad, aad_len, in, len,
                            tag, tag_len);
}

static void own_release(const fc_impl *impl, void *state)
{
    (void)impl, (void)state;
    own_releases++;
}

static const fc_impl own_gcm = {
    .alg = FC_AES_GCM,
    .flags = FC_IMPL_HARDWARE,
    .state_size = FC_AEAD_STATE_SIZE,
    .ops.aead = {.init = own_init, .seal = own_seal, .open = own_open, .release = own_release},
};
static const fc_impl own_gcm_too_big = {
    .alg = FC_AES_GCM,
    .state_size = FC_AEAD_STATE_SIZE + 8,
    .ops.aead = {.init = own_init, .seal = own_seal, .open = own_open},
};
static const fc_impl *const own_impls[] = {&own_gcm};
static const fc_impl *const big_impls[] = {&own_gcm_too_big};

static void test_own_aead(void)
{
    const fc_provider own = {"ownaead", "its own GCM", own_impls, 1, &fc_provider_soft};
    const fc_provider big = {"bigaead", "a GCM state too big", big_impls, 1, &fc_provider_soft};
    const aead_vector *v = &gcm_vectors[3];
    fc_aead_ctx ctx;
    decoded d;
    uint8_t out[64], tag[16];
    decode(&d, v);
    memset(&ctx, 0, sizeof(ctx));
    own_inits = own_releases = 0;
    own_decline = 1;
    CHECK(fc_aead_init(&ctx, &own, FC_AES_GCM, d.key, d.key_len) == FC_OK && own_inits == 1 &&
              ctx.impl == &fc_soft_aes && ctx.mode == FC_MODE_GCM,
          "own AEAD declines: the GCM mode over soft's AES");
    fc_aead_wipe(&ctx);
    CHECK(own_releases == 0, "a declined own AEAD is not released");
    own_decline = 0;
    CHECK(fc_aead_init(&ctx, &own, FC_AES_GCM, d.key, d.key_len) == FC_OK &&
              ctx.impl == &own_gcm && ctx.mode == FC_MODE_NONE, "own AEAD bound");
    CHECK(fc_aead_seal(&ctx, out, tag, 16, d.nonce, d.nonce_len, d.aad, d.aad_len, d.plain,
                       d.len) == FC_OK && memcmp(out, d.cipher, d.len) == 0 &&
              memcmp(tag, d.tag, 16) == 0, "own AEAD seals");
    own_scribble_open = 1;
    CHECK(fc_aead_open(&ctx, out, d.nonce, d.nonce_len, d.aad, d.aad_len, d.cipher, d.len,
                       d.tag, 16) == FC_ERR_VERIFY && all_are(out, d.len, 0) &&
              ctx.magic == FC_MAGIC_ACTIVE, "own AEAD's failed open: out wiped, context kept");
    own_scribble_open = 0;
    own_fail_seal = 1;
    CHECK(fc_aead_seal(&ctx, out, tag, 16, d.nonce, d.nonce_len, d.aad, d.aad_len, d.plain,
                       d.len) == FC_ERR_PROVIDER && all_are(out, d.len, 0) &&
              all_are(tag, 16, 0) && own_releases == 1 && fc_ct_is_zero(&ctx, sizeof(ctx)),
          "own AEAD declines a bound seal: a fault, outputs and context wiped, released");
    own_fail_seal = 0;
    CHECK(fc_aead_seal(&ctx, out, tag, 16, d.nonce, d.nonce_len, d.aad, d.aad_len, d.plain,
                       d.len) == FC_ERR_STATE, "no seal after the fault");
    CHECK(fc_aead_init(&ctx, &big, FC_AES_GCM, d.key, d.key_len) == FC_ERR_PROVIDER &&
              fc_ct_is_zero(&ctx, sizeof(ctx)), "an own AEAD state too big: FC_ERR_PROVIDER");
    release_decoded(&d);
}

/* soft's AES, failing the n-th encryption after arming */
static int fault_countdown = -1;
static fc_status fault_status = FC_ERR_PROVIDER;

static fc_status fault_check(void)
{
    if (fault_countdown < 0)
        return FC_OK;
    return fault_countdown-- == 0 ? fault_status : FC_OK;
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

static const fc_impl faulty_aes = {
    .alg = FC_AES,
    .flags = FC_IMPL_HARDWARE,
    .state_size = 256,
    .ops.block = {.init = faulty_init, .encrypt = faulty_encrypt},
};
static const fc_impl big_aes = {
    .alg = FC_AES,
    .state_size = 260, /* over GCM's 256 and CCM's 288 ... */
    .ops.block = {.init = faulty_init, .encrypt = faulty_encrypt},
};
static const fc_impl *const faulty_impls[] = {&faulty_aes};
static const fc_impl *const big_aes_impls[] = {&big_aes};

/* every block cipher call of a seal and an open failing in turn */
static void test_faults(fc_alg alg)
{
    const fc_provider faulty = {"faultyaes", "AES that fails on demand", faulty_impls, 1, NULL};
    const char *name = fc_alg_name(alg);
    uint8_t key[16], nonce[13], msg[100], out[100], tag[16], ct[100], ctag[16];
    fc_aead_ctx ctx;
    fc_status st;
    int k, seal_ok = 1, open_ok = 1;
    memset(key, 7, sizeof(key));
    memset(nonce, 8, sizeof(nonce));
    random_bytes(msg, sizeof(msg));
    memset(&ctx, 0, sizeof(ctx));
    if (fc_aead_init(&ctx, &faulty, alg, key, 16) != FC_OK ||
        fc_aead_seal(&ctx, ct, ctag, 16, nonce, 13, msg, 20, msg, sizeof(msg)) != FC_OK) {
        CHECK(0, "%s over the faulty AES", name);
        return;
    }
    fault_status = FC_ERR_UNSUPPORTED; /* a bound call declining: taken as a fault */
    for (k = 0;; k++) {
        if (ctx.magic != FC_MAGIC_ACTIVE)
            CHECK(fc_aead_init(&ctx, &faulty, alg, key, 16) == FC_OK, "%s re-init", name);
        fault_countdown = k;
        memset(out, SENTINEL, sizeof(out));
        memset(tag, SENTINEL, sizeof(tag));
        st = fc_aead_seal(&ctx, out, tag, 16, nonce, 13, msg, 20, msg, sizeof(msg));
        if (fault_countdown >= 0) { /* not reached: the seal is done */
            seal_ok &= st == FC_OK && memcmp(out, ct, sizeof(ct)) == 0;
            break;
        }
        seal_ok &= st == FC_ERR_PROVIDER && all_are(out, sizeof(out), 0) &&
                   all_are(tag, sizeof(tag), 0) && fc_ct_is_zero(&ctx, sizeof(ctx));
    }
    CHECK(seal_ok && k >= 2, "%s: a fault at each of %d block calls of seal", name, k);
    for (k = 0;; k++) {
        if (ctx.magic != FC_MAGIC_ACTIVE)
            CHECK(fc_aead_init(&ctx, &faulty, alg, key, 16) == FC_OK, "%s re-init", name);
        fault_countdown = k;
        memset(out, SENTINEL, sizeof(out));
        st = fc_aead_open(&ctx, out, nonce, 13, msg, 20, ct, sizeof(ct), ctag, 16);
        if (fault_countdown >= 0) {
            open_ok &= st == FC_OK && memcmp(out, msg, sizeof(msg)) == 0;
            break;
        }
        open_ok &= st == FC_ERR_PROVIDER && all_are(out, sizeof(out), 0) &&
                   fc_ct_is_zero(&ctx, sizeof(ctx));
    }
    CHECK(open_ok && k >= 2, "%s: a fault at each of %d block calls of open", name, k);
    fault_countdown = -1;
    fc_aead_wipe(&ctx);
    fault_status = FC_ERR_PROVIDER;
    if (alg == FC_AES_GCM) { /* the hash key's encryption at init */
        fault_countdown = 0;
        CHECK(fc_aead_init(&ctx, &faulty, alg, key, 16) == FC_ERR_PROVIDER &&
                  fc_ct_is_zero(&ctx, sizeof(ctx)), "GCM init: a fault computing H");
        fault_countdown = -1;
    }
}

static void test_state_too_big(void)
{
    const fc_provider big = {"bigaes", "AES with a state too big", big_aes_impls, 1, NULL};
    uint8_t key[16] = {0};
    fc_aead_ctx ctx;
    memset(&ctx, 0, sizeof(ctx));
    CHECK(fc_aead_init(&ctx, &big, FC_AES_GCM, key, 16) == FC_ERR_PROVIDER &&
              fc_ct_is_zero(&ctx, sizeof(ctx)), "GCM over an AES state above 256 bytes");
    CHECK(fc_aead_init(&ctx, &big, FC_AES_CCM, key, 16) == FC_OK, "CCM takes it (288 bytes)");
    fc_aead_wipe(&ctx);
}

/* ---- random inputs against OpenSSL ---- */

#if FC_WITH_OPENSSL
static const EVP_CIPHER *evp_aead(fc_alg alg, size_t key_len)
{
    if (alg == FC_AES_GCM)
        return key_len == 16 ? EVP_aes_128_gcm() : key_len == 24 ? EVP_aes_192_gcm()
                                                                 : EVP_aes_256_gcm();
    return key_len == 16 ? EVP_aes_128_ccm() : key_len == 24 ? EVP_aes_192_ccm()
                                                             : EVP_aes_256_ccm();
}

/* OpenSSL's seal of the same inputs */
static int ossl_seal(fc_alg alg, uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *key,
                     size_t key_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                     size_t aad_len, const uint8_t *in, size_t len)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    uint8_t dummy[1] = {0};
    int n = 0, ok;
    ok = EVP_EncryptInit_ex(c, evp_aead(alg, key_len), NULL, NULL, NULL) == 1 &&
         EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN, (int)nonce_len, NULL) == 1 &&
         (alg == FC_AES_GCM ||
          EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, (int)tag_len, NULL) == 1) &&
         EVP_EncryptInit_ex(c, NULL, NULL, key, nonce) == 1 &&
         (alg == FC_AES_GCM || EVP_EncryptUpdate(c, NULL, &n, NULL, (int)len) == 1) &&
         (aad_len == 0 || EVP_EncryptUpdate(c, NULL, &n, aad, (int)aad_len) == 1) &&
         EVP_EncryptUpdate(c, len > 0 ? out : dummy, &n, len > 0 ? in : dummy, (int)len) == 1 &&
         EVP_EncryptFinal_ex(c, dummy, &n) == 1 &&
         EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, (int)tag_len, tag) == 1;
    EVP_CIPHER_CTX_free(c);
    return ok;
}

static void random_against_openssl(const fc_provider *p, fc_alg alg)
{
    static const size_t gcm_tags[] = {4, 8, 12, 13, 14, 15, 16};
    static const size_t key_lens[] = {16, 24, 32};
    uint8_t key[32], nonce[64], aad[300], msg[200], out[200], back[200], tag[16], want[16];
    uint8_t ossl[200];
    size_t i, key_len, nonce_len, aad_len, len, tag_len;
    int same = 1, opened = 1, forged = 1;
    fc_aead_ctx ctx;
    for (i = 0; i < 300; i++) {
        key_len = key_lens[prng() % 3];
        random_bytes(key, key_len);
        if (alg == FC_AES_GCM) {
            nonce_len = prng() % 4 == 0 ? 12 : 1 + prng() % sizeof(nonce);
            tag_len = gcm_tags[prng() % 7];
        } else {
            nonce_len = 7 + prng() % 7;
            tag_len = 4 + 2 * (prng() % 7);
        }
        random_bytes(nonce, nonce_len);
        aad_len = prng() % 4 == 0 ? 0 : prng() % sizeof(aad);
        random_bytes(aad, aad_len);
        len = prng() % sizeof(msg);
        random_bytes(msg, len);
        memset(&ctx, 0, sizeof(ctx));
        same &= ossl_seal(alg, ossl, want, tag_len, key, key_len, nonce, nonce_len, aad,
                          aad_len, msg, len) &&
                fc_aead_init(&ctx, p, alg, key, key_len) == FC_OK &&
                fc_aead_seal(&ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, msg,
                             len) == FC_OK &&
                memcmp(out, ossl, len) == 0 && memcmp(tag, want, tag_len) == 0;
        opened &= fc_aead_open(&ctx, back, nonce, nonce_len, aad, aad_len, out, len, tag,
                               tag_len) == FC_OK && memcmp(back, msg, len) == 0;
        tag[prng() % tag_len] ^= (uint8_t)(1u << (prng() % 8));
        forged &= fc_aead_open(&ctx, back, nonce, nonce_len, aad, aad_len, out, len, tag,
                               tag_len) == FC_ERR_VERIFY && all_are(back, len, 0);
        fc_aead_wipe(&ctx);
    }
    CHECK(same, "%s: 300 random %s seals as OpenSSL's", p->name, fc_alg_name(alg));
    CHECK(opened, "%s: 300 random %s opens", p->name, fc_alg_name(alg));
    CHECK(forged, "%s: 300 random %s forgeries refused", p->name, fc_alg_name(alg));
}

/* CCM's 6-byte AAD length prefix, from 2^16 - 2^8 bytes on */
static void ccm_long_aad(const fc_provider *p)
{
    static const size_t lens[] = {0xfeff, 0xff00, 0xff01, 0x10000};
    uint8_t key[16], nonce[12], msg[40], out[40], tag[16], want[16], ossl[40];
    uint8_t *aad = malloc(0x10000);
    size_t i;
    memset(key, 0x42, sizeof(key));
    memset(nonce, 0x24, sizeof(nonce));
    memset(msg, 0x99, sizeof(msg));
    random_bytes(aad, 0x10000);
    for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++)
        CHECK(ossl_seal(FC_AES_CCM, ossl, want, 16, key, 16, nonce, 12, aad, lens[i], msg, 40) &&
                  fc_aead_encrypt(p, FC_AES_CCM, out, tag, 16, key, 16, nonce, 12, aad,
                                  lens[i], msg, 40) == FC_OK &&
                  memcmp(out, ossl, 40) == 0 && memcmp(tag, want, 16) == 0,
              "%s: CCM with %zu bytes of AAD as OpenSSL", p->name, lens[i]);
    free(aad);
}
#endif

int main(void)
{
    size_t i, j;
    test_driver_reset(50, 0xAEAD);
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        if (fc_provider_supports(p, FC_AES_GCM)) {
            for (j = 0; j < sizeof(gcm_vectors) / sizeof(gcm_vectors[0]); j++)
                check_vector(p, FC_AES_GCM, &gcm_vectors[j]);
            test_misuse(p, FC_AES_GCM);
#if FC_WITH_OPENSSL
            random_against_openssl(p, FC_AES_GCM);
#endif
        }
        if (fc_provider_supports(p, FC_AES_CCM)) {
            for (j = 0; j < sizeof(ccm_vectors) / sizeof(ccm_vectors[0]); j++)
                check_vector(p, FC_AES_CCM, &ccm_vectors[j]);
            test_misuse(p, FC_AES_CCM);
#if FC_WITH_OPENSSL
            random_against_openssl(p, FC_AES_CCM);
            ccm_long_aad(p);
#endif
        }
    }
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        if (fc_provider_supports(p, FC_CHACHA20_POLY1305)) {
            check_vector(p, FC_CHACHA20_POLY1305, &chapoly_vectors[0]);
            test_misuse(p, FC_CHACHA20_POLY1305);
            test_misuse(p, FC_XCHACHA20_POLY1305);
        }
    }
    test_chapoly_lengths();
    test_own_aead();
    test_faults(FC_AES_GCM);
    test_faults(FC_AES_CCM);
    test_state_too_big();
    return tu_finish("test_aead");
}
