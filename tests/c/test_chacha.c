/* ChaCha20 (RFC 8439, and the original with an 8-byte nonce), XChaCha20 and HChaCha20
 * (draft-irtf-cfrg-xchacha-03), Poly1305, and the core's ChaCha20-Poly1305 and
 * XChaCha20-Poly1305 mode (src/core/chapoly.c, called directly here).
 *
 * The published vectors run through every provider of the build, and through a provider of
 * soft's ChaCha20 with Poly1305 in its other radix (poly1305.c has 2^26 limbs on a host and 2^13
 * on the Cortex-M0: this test builds the 2^13 code a second time, under another name, so both
 * are checked). Also: streaming split at every offset, the end of the block counter, forgeries
 * refused with nothing written, a ChaCha20 driver that declines or fails half-way, wiped
 * states, bad lengths, and (with OpenSSL) 500 random inputs against OpenSSL's ChaCha20,
 * Poly1305 and ChaCha20-Poly1305. */
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "providers/soft/soft.h"
#include "test_driver.h"
#include "testutil.h"

#if FC_WITH_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#endif

/* poly1305.c again, with 2^13 limbs, as test_poly1305_limb13 */
extern const fc_impl test_poly1305_limb13;
#undef POLY1305_LIMB13
#define POLY1305_LIMB13 1
#define fc_soft_poly1305 test_poly1305_limb13
#include "providers/soft/poly1305.c"
#undef fc_soft_poly1305

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define SENTINEL 0xA5

typedef struct { const char *key, *nonce; uint32_t counter; const char *in, *out; } stream_vec;
typedef struct { const char *key, *msg, *tag; } mac_vec;
typedef struct { const char *key, *nonce, *aad, *pt, *ct, *tag; } aead_vec;

static const char IETF_TEXT[] =
    "416e79207375626d697373696f6e20746f20746865204945544620696e74656e646564206279207468652043"
    "6f6e7472696275746f7220666f72207075626c69636174696f6e20617320616c6c206f722070617274206f66"
    "20616e204945544620496e7465726e65742d4472616674206f722052464320616e6420616e79207374617465"
    "6d656e74206d6164652077697468696e2074686520636f6e74657874206f6620616e20494554462061637469"
    "7669747920697320636f6e7369646572656420616e20224945544620436f6e747269627574696f6e222e2053"
    "7563682073746174656d656e747320696e636c756465206f72616c2073746174656d656e747320696e204945"
    "54462073657373696f6e732c2061732077656c6c206173207772697474656e20616e6420656c656374726f6e"
    "696320636f6d6d756e69636174696f6e73206d61646520617420616e792074696d65206f7220706c6163652c"
    "207768696368206172652061646472657373656420746f";
static const char JABBERWOCKY[] =
    "2754776173206272696c6c69672c20616e642074686520736c6974687920746f7665730a4469642067797265"
    "20616e642067696d626c6520696e2074686520776162653a0a416c6c206d696d737920776572652074686520"
    "626f726f676f7665732c0a416e6420746865206d6f6d65207261746873206f757467726162652e";
static const stream_vec rfc8439_stream[] = {
    /* RFC 8439 A.1 #1 (block function: keystream) */
    {"0000000000000000000000000000000000000000000000000000000000000000",
        "000000000000000000000000", 0, NULL,
        "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03f"
        "b8d84a376a43b8f41518a11cc387b669b2ee6586"},
    /* RFC 8439 A.1 #2 (block function: keystream) */
    {"0000000000000000000000000000000000000000000000000000000000000000",
        "000000000000000000000000", 1, NULL,
        "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed29b721769ce64e43d57133b0"
        "74d839d531ed1f28510afb45ace10a1f4b794d6f"},
    /* RFC 8439 A.1 #3 (block function: keystream) */
    {"0000000000000000000000000000000000000000000000000000000000000001",
        "000000000000000000000000", 1, NULL,
        "3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a8eca00bbb4a73bdad192b5c4"
        "2f73f2fd4e273644c8b36125a64addeb006c13a0"},
    /* RFC 8439 A.1 #4 (block function: keystream) */
    {"00ff000000000000000000000000000000000000000000000000000000000000",
        "000000000000000000000000", 2, NULL,
        "72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca13b25aa26cb4a648cb9b9d1b"
        "e65b2c0924a66c54d545ec1b7374f4872e99f096"},
    /* RFC 8439 A.1 #5 (block function: keystream) */
    {"0000000000000000000000000000000000000000000000000000000000000000",
        "000000000000000000000002", 0, NULL,
        "c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c78a970e0e955c14f3a88e741b"
        "97c286f75f8fc299e8148362fa198a39531bed6d"},
    /* RFC 8439 A.2 #1 (encryption) */
    {"0000000000000000000000000000000000000000000000000000000000000000",
        "000000000000000000000000", 0,
        "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "0000000000000000000000000000000000000000",
        "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03f"
        "b8d84a376a43b8f41518a11cc387b669b2ee6586"},
    /* RFC 8439 A.2 #2 (encryption) */
    {"0000000000000000000000000000000000000000000000000000000000000001",
        "000000000000000000000002", 1,
        IETF_TEXT,
        "a3fbf07df3fa2fde4f376ca23e82737041605d9f4f4f57bd8cff2c1d4b7955ec2a97948bd3722915c8f3d337"
        "f7d370050e9e96d647b7c39f56e031ca5eb6250d4042e02785ececfa4b4bb5e8ead0440e20b6e8db09d881a7"
        "c6132f420e52795042bdfa7773d8a9051447b3291ce1411c680465552aa6c405b7764d5e87bea85ad00f8449"
        "ed8f72d0d662ab052691ca66424bc86d2df80ea41f43abf937d3259dc4b2d0dfb48a6c9139ddd7f76966e928"
        "e635553ba76c5c879d7b35d49eb2e62b0871cdac638939e25e8a1e0ef9d5280fa8ca328b351c3c765989cbcf"
        "3daa8b6ccc3aaf9f3979c92b3720fc88dc95ed84a1be059c6499b9fda236e7e818b04b0bc39c1e876b193bfe"
        "5569753f88128cc08aaa9b63d1a16f80ef2554d7189c411f5869ca52c5b83fa36ff216b9c1d30062bebcfd2d"
        "c5bce0911934fda79a86f6e698ced759c3ff9b6477338f3da4f9cd8514ea9982ccafb341b2384dd902f3d1ab"
        "7ac61dd29c6f21ba5b862f3730e37cfdc4fd806c22f221"},
    /* RFC 8439 A.2 #3 (encryption) */
    {"1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
        "000000000000000000000002", 42,
        JABBERWOCKY,
        "62e6347f95ed87a45ffae7426f27a1df5fb69110044c0d73118effa95b01e5cf166d3df2d721caf9b21e5fb1"
        "4c616871fd84c54f9d65b283196c7fe4f60553ebf39c6402c42234e32a356b3e764312a61a5532055716ead6"
        "962568f87d3f3f7704c6a8d1bcd1bf4d50d6154b6da731b187b58dfd728afa36757a797ac188d1"},
    /* RFC 8439 A.4 #1 (Poly1305 key generation: the first 32 bytes of block 0) */
    {"0000000000000000000000000000000000000000000000000000000000000000",
        "000000000000000000000000", 0, NULL,
        "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"},
    /* RFC 8439 A.4 #2 (Poly1305 key generation: the first 32 bytes of block 0) */
    {"0000000000000000000000000000000000000000000000000000000000000001",
        "000000000000000000000002", 0, NULL,
        "ecfa254f845f647473d3cb140da9e87606cb33066c447b87bc2666dde3fbb739"},
    /* RFC 8439 A.4 #3 (Poly1305 key generation: the first 32 bytes of block 0) */
    {"1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
        "000000000000000000000002", 0, NULL,
        "965e3bc6f9ec7ed9560808f4d229f94b137ff275ca9b3fcbdd59deaad23310ae"},
};
static const mac_vec rfc8439_poly1305[] = {
    /* RFC 8439 A.3 #1 */
    {"0000000000000000000000000000000000000000000000000000000000000000",
        "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "0000000000000000000000000000000000000000",
        "00000000000000000000000000000000"},
    /* RFC 8439 A.3 #2 */
    {"0000000000000000000000000000000036e5f6b5c5e06070f0efca96227a863e",
        IETF_TEXT,
        "36e5f6b5c5e06070f0efca96227a863e"},
    /* RFC 8439 A.3 #3 */
    {"36e5f6b5c5e06070f0efca96227a863e00000000000000000000000000000000",
        IETF_TEXT,
        "f3477e7cd95417af89a6b8794c310cf0"},
    /* RFC 8439 A.3 #4 */
    {"1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
        JABBERWOCKY,
        "4541669a7eaaee61e708dc7cbcc5eb62"},
    /* RFC 8439 A.3 #5 */
    {"0200000000000000000000000000000000000000000000000000000000000000",
        "ffffffffffffffffffffffffffffffff",
        "03000000000000000000000000000000"},
    /* RFC 8439 A.3 #6 */
    {"02000000000000000000000000000000ffffffffffffffffffffffffffffffff",
        "02000000000000000000000000000000",
        "03000000000000000000000000000000"},
    /* RFC 8439 A.3 #7 */
    {"0100000000000000000000000000000000000000000000000000000000000000",
        "fffffffffffffffffffffffffffffffff0ffffffffffffffffffffffffffffff110000000000000000000000"
        "00000000",
        "05000000000000000000000000000000"},
    /* RFC 8439 A.3 #8 */
    {"0100000000000000000000000000000000000000000000000000000000000000",
        "fffffffffffffffffffffffffffffffffbfefefefefefefefefefefefefefefe010101010101010101010101"
        "01010101",
        "00000000000000000000000000000000"},
    /* RFC 8439 A.3 #9 */
    {"0200000000000000000000000000000000000000000000000000000000000000",
        "fdffffffffffffffffffffffffffffff",
        "faffffffffffffffffffffffffffffff"},
    /* RFC 8439 A.3 #10 */
    {"0100000000000000040000000000000000000000000000000000000000000000",
        "e33594d7505e43b900000000000000003394d7505e4379cd0100000000000000000000000000000000000000"
        "0000000001000000000000000000000000000000",
        "14000000000000005500000000000000"},
    /* RFC 8439 A.3 #11 */
    {"0100000000000000040000000000000000000000000000000000000000000000",
        "e33594d7505e43b900000000000000003394d7505e4379cd0100000000000000000000000000000000000000"
        "00000000",
        "13000000000000000000000000000000"},
};
static const aead_vec rfc8439_aead[] = {
    /* RFC 8439 2.8.2 */
    {"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
        "070000004041424344454647", "50515253c0c1c2c3c4c5c6c7",
        "4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a204966"
        "204920636f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f72207468652066757475"
        "72652c2073756e73637265656e20776f756c642062652069742e",
        "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69"
        "da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad67594"
        "5585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116",
        "1ae10b594f09e26a7e902ecbd0600691"},
    /* RFC 8439 A.5 */
    {"1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
        "000000000102030405060708", "f33388860000000000004e91",
        "496e7465726e65742d4472616674732061726520647261667420646f63756d656e74732076616c696420666f"
        "722061206d6178696d756d206f6620736978206d6f6e74687320616e64206d61792062652075706461746564"
        "2c207265706c616365642c206f72206f62736f6c65746564206279206f7468657220646f63756d656e747320"
        "617420616e792074696d652e20497420697320696e617070726f70726961746520746f2075736520496e7465"
        "726e65742d447261667473206173207265666572656e6365206d6174657269616c206f7220746f2063697465"
        "207468656d206f74686572207468616e206173202fe2809c776f726b20696e2070726f67726573732e2fe280"
        "9d",
        "64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb24c6cfc18755d43eea09ee94e"
        "382d26b0bdb7b73c321b0100d4f03b7f355894cf332f830e710b97ce98c8a84abd0b948114ad176e008d33bd"
        "60f982b1ff37c8559797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c867e4b9166c76"
        "7b804d46a59b5216cde7a4e99040c5a40433225ee282a1b0a06c523eaf4534d7f83fa1155b0047718cbc546a"
        "0d072b04b3564eea1b422273f548271a0bb2316053fa76991955ebd63159434ecebb4e466dae5a1073a67276"
        "27097a1049e617d91d361094fa68f0ff77987130305beaba2eda04df997b714d6c6f2c29a6ad5cb4022b0270"
        "9b",
        "eead9d67890cbb22392336fea1851f38"},
};

/* draft-irtf-cfrg-xchacha-03 A.3.2: XChaCha20, the same plaintext from block counter 0
 * (A.3.2.1) and from 1 (A.3.2.2) */
static const char XCHACHA_KEY[] =
    "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f";
static const char XCHACHA_NONCE[] = "404142434445464748494a4b4c4d4e4f5051525354555658";
static const char XCHACHA_PT[] =
    "5468652064686f6c65202870726f6e6f756e6365642022646f6c65222920697320616c736f206b6e6f776e20"
    "61732074686520417369617469632077696c6420646f672c2072656420646f672c20616e642077686973746c"
    "696e6720646f672e2049742069732061626f7574207468652073697a65206f662061204765726d616e207368"
    "65706865726420627574206c6f6f6b73206d6f7265206c696b652061206c6f6e672d6c656767656420666f78"
    "2e205468697320686967686c7920656c757369766520616e6420736b696c6c6564206a756d70657220697320"
    "636c6173736966696564207769746820776f6c7665732c20636f796f7465732c206a61636b616c732c20616e"
    "6420666f78657320696e20746865207461786f6e6f6d69632066616d696c792043616e696461652e";
static const char XCHACHA_CT0[] =
    "4559abba4e48c16102e8bb2c05e6947f50a786de162f9b0b7e592a9b53d0d4e98d8d6410d540a1a6375b26d8"
    "0dace4fab52384c731acbf16a5923c0c48d3575d4d0d2c673b666faa731061277701093a6bf7a158a8864292"
    "a41c48e3a9b4c0daece0f8d98d0d7e05b37a307bbb66333164ec9e1b24ea0d6c3ffddcec4f68e7443056193a"
    "03c810e11344ca06d8ed8a2bfb1e8d48cfa6bc0eb4e2464b748142407c9f431aee769960e15ba8b96890466e"
    "f2457599852385c661f752ce20f9da0c09ab6b19df74e76a95967446f8d0fd415e7bee2a12a114c20eb5292a"
    "e7a349ae577820d5520a1f3fb62a17ce6a7e68fa7c79111d8860920bc048ef43fe84486ccb87c25f0ae045f0"
    "cce1e7989a9aa220a28bdd4827e751a24a6d5c62d790a66393b93111c1a55dd7421a10184974c7c5";
static const char XCHACHA_CT1[] =
    "7d0a2e6b7f7c65a236542630294e063b7ab9b555a5d5149aa21e4ae1e4fbce87ecc8e08a8b5e350abe622b2f"
    "fa617b202cfad72032a3037e76ffdcdc4376ee053a190d7e46ca1de04144850381b9cb29f051915386b8a710"
    "b8ac4d027b8b050f7cba5854e028d564e453b8a968824173fc16488b8970cac828f11ae53cabd20112f87107"
    "df24ee6183d2274fe4c8b1485534ef2c5fbc1ec24bfc3663efaa08bc047d29d25043532db8391a8a3d776bf4"
    "372a6955827ccb0cdd4af403a7ce4c63d595c75a43e045f0cce1f29c8b93bd65afc5974922f214a40b7c402c"
    "db91ae73c0b63615cdad0480680f16515a7ace9d39236464328a37743ffc28f4ddb324f4d0f5bbdc270c65b1"
    "749a6efff1fbaa09536175ccd29fb9e6057b307320d316838a9c71f70b5b5907a66f7ea49aadc409";
/* draft-irtf-cfrg-xchacha-03 A.3.1: AEAD_XCHACHA20_POLY1305 */
static const aead_vec xchacha_aead = {
    "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
    "404142434445464748494a4b4c4d4e4f5051525354555657", "50515253c0c1c2c3c4c5c6c7",
    "4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a204966"
    "204920636f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f72207468652066757475"
    "72652c2073756e73637265656e20776f756c642062652069742e",
    "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb731c7f1b0b4aa6440bf3a82f"
    "4eda7e39ae64c6708c54c216cb96b72e1213b4522f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f"
    "76b2383565d3fff921f9664c97637da9768812f615c68b13b52e",
    "c0875924c1c7987947deafd8780acf49"};

/* draft-irtf-cfrg-xchacha-03 2.2.1: HChaCha20 */
static const char HCHACHA_KEY[] =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
static const char HCHACHA_IN[] = "000000090000004a0000000031415927";
static const char HCHACHA_OUT[] =
    "82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc";

/* The original ChaCha20, 8-byte nonce and 64-bit counter: draft-strombergson-chacha-test-
 * vectors-00, TC8 "Random key and IV", 256-bit key, 20 rounds (keystream blocks 0 and 1). */
static const char TC8_KEY[] = "c46ec1b18ce8a878725a37e780dfb7351f68ed2e194c79fbc6aebee1a667975d";
static const char TC8_NONCE[] = "1ada31d5cf688221";
static const char TC8_KEYSTREAM[] =
    "f63a89b75c2271f9368816542ba52f06ed49241792302b00b5e8f80ae9a473afc25b218f519af0fdd406362e"
    "8d69de7f54c604a6e00f353f110f771bdca8ab92e5fbc34e60a1d9a9db17345b0a402736853bf910b060bdf1"
    "f897b6290f01d138ae2c4c90225ba9ea14d518f55929dea098ca7a6ccfe61227053c84e49a4a3332";

/* soft's ChaCha20 with the 2^13-limb Poly1305: the core's mode and the MAC front end over it */
static const fc_impl *const limb13_impls[] = {&fc_soft_chacha20, &test_poly1305_limb13};
static const fc_provider limb13_provider = {
    .name = "soft-limb13",
    .description = "soft's ChaCha20, Poly1305 in 2^13-bit limbs",
    .impls = limb13_impls,
    .impl_count = 2,
    .next = NULL,
};

static size_t provider_count(void)
{
    return tu_provider_count() + 1;
}

static const fc_provider *provider_at(size_t i)
{
    return i < tu_provider_count() ? tu_provider_at(i) : &limb13_provider;
}

/* hex decoding into a buffer freed by unhex_free */
typedef struct { uint8_t *p; size_t n; } bytes;

static bytes unhex(const char *hex)
{
    bytes b;
    b.p = tu_unhex(hex == NULL ? "" : hex, &b.n);
    return b;
}

static int all_are(const uint8_t *p, size_t n, uint8_t v)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != v)
            return 0;
    return 1;
}

static uint64_t prng_state = 0x9e3779b97f4a7c15u;
static uint32_t prng(void)
{
    prng_state ^= prng_state << 13;
    prng_state ^= prng_state >> 7;
    prng_state ^= prng_state << 17;
    return (uint32_t)(prng_state >> 16);
}

static void prng_fill(uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = (uint8_t)prng();
}

/* The first ChaCha20 implementation of p's chain: what the AEAD front end hands the mode. */
static const fc_impl *chacha_of(const fc_provider *p)
{
    const fc_impl *impl;
    for (; p != NULL; p = p->next)
        if ((impl = fc_core_own(p, FC_CHACHA20)) != NULL)
            return impl;
    return NULL;
}

/* len bytes of alg's stream through one context, in pieces: cut[0..ncut) are the offsets
 * where one fc_stream_xor call ends and the next begins. */
static fc_status stream_pieces(const fc_provider *p, fc_alg alg, uint8_t *out, const uint8_t *in,
                               size_t len, const uint8_t *key, const uint8_t *nonce,
                               size_t nonce_len, uint64_t counter, const size_t *cut,
                               size_t ncut)
{
    fc_stream_ctx ctx;
    fc_status st;
    size_t i, at = 0;
    memset(&ctx, 0, sizeof(ctx));
    st = fc_stream_init(&ctx, p, alg, key, 32, nonce, nonce_len, counter);
    for (i = 0; i <= ncut && st == FC_OK; i++) {
        size_t end = i < ncut ? cut[i] : len;
        st = fc_stream_xor(&ctx, out + at, in + at, end - at);
        at = end;
    }
    fc_stream_wipe(&ctx);
    CHECK(all_are((const uint8_t *)&ctx, sizeof(ctx), 0), "%s: stream context wiped", p->name);
    return st;
}

/* ---- ChaCha20: RFC 8439 A.1, A.2, A.4; the original 8-byte nonce ---- */

static void test_chacha20_vectors(const fc_provider *p)
{
    size_t i, s;
    if (!fc_provider_supports(p, FC_CHACHA20)) {
        uint8_t k[32] = {0}, n[12] = {0}, b[4] = {0};
        CHECK(fc_stream(p, FC_CHACHA20, b, b, 4, k, 32, n, 12) == FC_ERR_UNSUPPORTED,
              "%s: no chacha20", p->name);
        return;
    }
    for (i = 0; i < COUNT(rfc8439_stream); i++) {
        const stream_vec *v = &rfc8439_stream[i];
        bytes key = unhex(v->key), nonce = unhex(v->nonce), want = unhex(v->out);
        bytes in = unhex(v->in);
        uint8_t *out = malloc(want.n), *zeros = calloc(1, want.n);
        const uint8_t *src = v->in != NULL ? in.p : zeros;
        int ok = stream_pieces(p, FC_CHACHA20, out, src, want.n, key.p, nonce.p, nonce.n,
                               v->counter, NULL, 0) == FC_OK &&
                 memcmp(out, want.p, want.n) == 0;
        CHECK(ok, "%s: RFC 8439 chacha20 vector %zu", p->name, i);
        /* split in two at every offset, and in three around each block boundary */
        for (s = 0; s <= want.n; s++) {
            size_t cut3[2];
            memset(out, 0, want.n);
            ok = stream_pieces(p, FC_CHACHA20, out, src, want.n, key.p, nonce.p, nonce.n,
                               v->counter, &s, 1) == FC_OK &&
                 memcmp(out, want.p, want.n) == 0;
            CHECK(ok, "%s: chacha20 vector %zu split at %zu", p->name, i, s);
            cut3[0] = s / 2, cut3[1] = s;
            ok = stream_pieces(p, FC_CHACHA20, out, src, want.n, key.p, nonce.p, nonce.n,
                               v->counter, cut3, 2) == FC_OK &&
                 memcmp(out, want.p, want.n) == 0;
            CHECK(ok, "%s: chacha20 vector %zu split at %zu and %zu", p->name, i, s / 2, s);
        }
        /* in place */
        memcpy(out, src, want.n);
        CHECK(stream_pieces(p, FC_CHACHA20, out, out, want.n, key.p, nonce.p, nonce.n,
                            v->counter, NULL, 0) == FC_OK && memcmp(out, want.p, want.n) == 0,
              "%s: chacha20 vector %zu in place", p->name, i);
        free(key.p), free(nonce.p), free(want.p), free(in.p), free(out), free(zeros);
    }
    {
        bytes key = unhex(TC8_KEY), nonce = unhex(TC8_NONCE), want = unhex(TC8_KEYSTREAM);
        uint8_t zeros[128] = {0}, out[128];
        size_t cut = 70;
        CHECK(want.n == 128 &&
                  stream_pieces(p, FC_CHACHA20, out, zeros, 128, key.p, nonce.p, 8, 0, &cut, 1) ==
                      FC_OK &&
                  memcmp(out, want.p, 128) == 0, "%s: original chacha20 (8-byte nonce) TC8",
              p->name);
        /* block 1 on its own: the initial counter goes to words 12..13 */
        CHECK(stream_pieces(p, FC_CHACHA20, out, zeros, 64, key.p, nonce.p, 8, 1, NULL, 0) ==
                  FC_OK && memcmp(out, want.p + 64, 64) == 0, "%s: TC8 from counter 1", p->name);
        free(key.p), free(nonce.p), free(want.p);
    }
}

/* ---- XChaCha20 and HChaCha20 (draft-irtf-cfrg-xchacha-03) ---- */

static void test_xchacha20_vectors(const fc_provider *p)
{
    bytes key, nonce, pt, ct0, ct1, in, want;
    uint8_t sub[32], out[304];
    size_t cut = 100;
    if (fc_provider_supports(p, FC_HCHACHA20)) {
        key = unhex(HCHACHA_KEY), in = unhex(HCHACHA_IN), want = unhex(HCHACHA_OUT);
        CHECK(fc_stream_subkey(p, FC_HCHACHA20, sub, key.p, in.p) == FC_OK &&
                  memcmp(sub, want.p, 32) == 0, "%s: hchacha20 (xchacha-03 2.2.1)", p->name);
        free(key.p), free(in.p), free(want.p);
    }
    if (!fc_provider_supports(p, FC_XCHACHA20))
        return;
    key = unhex(XCHACHA_KEY), nonce = unhex(XCHACHA_NONCE), pt = unhex(XCHACHA_PT);
    ct0 = unhex(XCHACHA_CT0), ct1 = unhex(XCHACHA_CT1);
    CHECK(pt.n == 304 && nonce.n == 24 &&
              stream_pieces(p, FC_XCHACHA20, out, pt.p, 304, key.p, nonce.p, 24, 0, &cut, 1) ==
                  FC_OK && memcmp(out, ct0.p, 304) == 0, "%s: xchacha20 A.3.2.1", p->name);
    CHECK(stream_pieces(p, FC_XCHACHA20, out, pt.p, 304, key.p, nonce.p, 24, 1, NULL, 0) ==
              FC_OK && memcmp(out, ct1.p, 304) == 0, "%s: xchacha20 A.3.2.2", p->name);
    free(key.p), free(nonce.p), free(pt.p), free(ct0.p), free(ct1.p);
}

/* ---- the end of the block counter ---- */

static void test_counter_end(const fc_provider *p)
{
    uint8_t key[32], nonce[12], zeros[130] = {0}, out[130], next[64];
    fc_stream_ctx ctx;
    if (!fc_provider_supports(p, FC_CHACHA20))
        return;
    prng_fill(key, sizeof(key));
    prng_fill(nonce, sizeof(nonce));
    /* 12-byte nonce: block 2^32 - 1 is the last; the next call is refused, nothing written */
    memset(&ctx, 0, sizeof(ctx));
    CHECK(fc_stream_init(&ctx, p, FC_CHACHA20, key, 32, nonce, 12, 0xffffffffu) == FC_OK &&
              fc_stream_xor(&ctx, out, zeros, 64) == FC_OK, "%s: last block", p->name);
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_stream_xor(&ctx, out, zeros, 1) == FC_ERR_LENGTH && out[0] == 0 &&
              all_are(out + 1, sizeof(out) - 1, SENTINEL),
          "%s: the block after 2^32 - 1 refused, no keystream out", p->name);
    CHECK(fc_stream_xor(&ctx, out, zeros, 1) == FC_ERR_STATE, "%s: the stream has ended",
          p->name);
    fc_stream_wipe(&ctx);
    memset(out, SENTINEL, sizeof(out));
    CHECK(stream_pieces(p, FC_CHACHA20, out, zeros, 65, key, nonce, 12, 0xffffffffu, NULL, 0) ==
              FC_ERR_LENGTH && all_are(out, 65, 0), "%s: 65 bytes from the last block", p->name);
    CHECK(stream_pieces(p, FC_CHACHA20, out, zeros, 1, key, nonce, 12, 0x100000000u, NULL, 0) ==
              FC_ERR_LENGTH, "%s: a 12-byte nonce's counter is 32 bits", p->name);
    /* 8-byte nonce: the counter carries into word 13 ... */
    CHECK(stream_pieces(p, FC_CHACHA20, out, zeros, 128, key, nonce, 8, 0xffffffffu, NULL, 0) ==
              FC_OK &&
              stream_pieces(p, FC_CHACHA20, next, zeros, 64, key, nonce, 8, 0x100000000u, NULL,
                            0) == FC_OK && memcmp(out + 64, next, 64) == 0,
          "%s: 64-bit counter carries", p->name);
    /* ... and ends after 2^64 - 1 */
    memset(out, SENTINEL, sizeof(out));
    CHECK(stream_pieces(p, FC_CHACHA20, out, zeros, 64, key, nonce, 8, UINT64_MAX, NULL, 0) ==
              FC_OK && !all_are(out, 64, SENTINEL) &&
              stream_pieces(p, FC_CHACHA20, out, zeros, 65, key, nonce, 8, UINT64_MAX, NULL, 0) ==
                  FC_ERR_LENGTH, "%s: block 2^64 - 1 is the last", p->name);
}

/* The block function itself: a refused block writes nothing; the state holds no constants. */
static void test_chacha20_impl(void)
{
    const fc_stream_ops *ops = &fc_soft_chacha20.ops.stream;
    union { uint64_t a; uint8_t b[FC_STREAM_STATE_SIZE]; } st;
    uint8_t key[32] = {1}, nonce[12] = {2}, ks[64];
    CHECK(fc_soft_chacha20.state_size <= FC_STREAM_STATE_SIZE, "chacha20 state fits");
    memset(&st, 0, sizeof(st));
    CHECK(ops->init(&fc_soft_chacha20, st.b, key, 32, nonce, 12, 0xffffffffu) == FC_OK &&
              ops->block(&fc_soft_chacha20, st.b, ks) == FC_OK, "impl: last block");
    memset(ks, SENTINEL, sizeof(ks));
    CHECK(ops->block(&fc_soft_chacha20, st.b, ks) == FC_ERR_LENGTH && all_are(ks, 64, SENTINEL),
          "impl: refused block writes nothing");
    CHECK(ops->block(&fc_soft_chacha20, st.b, ks) == FC_ERR_LENGTH, "impl: stays refused");
    CHECK(ops->init(&fc_soft_chacha20, st.b, key, 16, nonce, 12, 0) == FC_ERR_LENGTH &&
              ops->init(&fc_soft_chacha20, st.b, key, 32, nonce, 24, 0) == FC_ERR_LENGTH,
          "impl: bad lengths");
}

/* ---- Poly1305: RFC 8439 A.3 ---- */

static fc_status mac_pieces(const fc_provider *p, uint8_t tag[16], const uint8_t *key,
                            const uint8_t *msg, size_t len, const size_t *cut, size_t ncut)
{
    fc_mac_ctx ctx;
    fc_status st;
    size_t i, at = 0;
    memset(&ctx, 0, sizeof(ctx));
    st = fc_mac_init(&ctx, p, FC_POLY1305, key, 32);
    for (i = 0; i <= ncut && st == FC_OK; i++) {
        size_t end = i < ncut ? cut[i] : len;
        st = fc_mac_update(&ctx, msg + at, end - at);
        at = end;
    }
    if (st == FC_OK) {
        st = fc_mac_final(&ctx, tag, 16);
        CHECK(all_are(ctx.state.bytes, sizeof(ctx.state.bytes), 0), "%s: mac state wiped",
              p->name);
    }
    fc_mac_wipe(&ctx);
    return st;
}

static void test_poly1305_vectors(const fc_provider *p)
{
    size_t i, s, t;
    if (!fc_provider_supports(p, FC_POLY1305))
        return;
    for (i = 0; i < COUNT(rfc8439_poly1305); i++) {
        const mac_vec *v = &rfc8439_poly1305[i];
        bytes key = unhex(v->key), msg = unhex(v->msg), want = unhex(v->tag);
        uint8_t tag[16];
        int ok = fc_mac(p, FC_POLY1305, tag, sizeof(tag), key.p, 32, msg.p, msg.n) == FC_OK &&
                 memcmp(tag, want.p, 16) == 0;
        CHECK(ok, "%s: RFC 8439 A.3 #%zu", p->name, i + 1);
        CHECK(fc_mac_verify(p, FC_POLY1305, want.p, 16, key.p, 32, msg.p, msg.n) == FC_OK,
              "%s: A.3 #%zu verifies", p->name, i + 1);
        want.p[15] ^= 0x80;
        CHECK(fc_mac_verify(p, FC_POLY1305, want.p, 16, key.p, 32, msg.p, msg.n) ==
                  FC_ERR_VERIFY, "%s: A.3 #%zu with a flipped tag bit", p->name, i + 1);
        want.p[15] ^= 0x80;
        for (s = 0; s <= msg.n; s++) {
            size_t cut3[2];
            ok = mac_pieces(p, tag, key.p, msg.p, msg.n, &s, 1) == FC_OK &&
                 memcmp(tag, want.p, 16) == 0;
            CHECK(ok, "%s: A.3 #%zu split at %zu", p->name, i + 1, s);
            cut3[0] = s / 3, cut3[1] = s;
            ok = mac_pieces(p, tag, key.p, msg.p, msg.n, cut3, 2) == FC_OK &&
                 memcmp(tag, want.p, 16) == 0;
            CHECK(ok, "%s: A.3 #%zu split at %zu and %zu", p->name, i + 1, s / 3, s);
        }
        if (msg.n <= 128) {
            /* a byte at a time */
            size_t cuts[128];
            for (t = 0; t < msg.n; t++)
                cuts[t] = t;
            CHECK(mac_pieces(p, tag, key.p, msg.p, msg.n, cuts, msg.n) == FC_OK &&
                      memcmp(tag, want.p, 16) == 0, "%s: A.3 #%zu bytewise", p->name, i + 1);
        }
        free(key.p), free(msg.p), free(want.p);
    }
}

/* Poly1305's own operations: its state ends zeroed, a wrong key length is refused, and both
 * radixes agree on long random messages with extreme bytes. */
static void test_poly1305_impl(void)
{
    const fc_impl *impls[2] = {&fc_soft_poly1305, &test_poly1305_limb13};
    union { uint64_t a; uint8_t b[FC_MAC_STATE_SIZE]; } st;
    uint8_t key[32], msg[1000], tag[2][16];
    size_t i, r, len;
    for (i = 0; i < 2; i++) {
        CHECK(impls[i]->state_size <= FC_MAC_STATE_SIZE, "poly1305 state %zu fits", i);
        memset(&st, 0, sizeof(st));
        CHECK(impls[i]->ops.mac.init(impls[i], st.b, key, 16) == FC_ERR_LENGTH,
              "poly1305 %zu: 16-byte key", i);
    }
    for (r = 0; r < 200; r++) {
        prng_fill(key, sizeof(key));
        prng_fill(msg, sizeof(msg));
        len = prng() % sizeof(msg);
        if (r % 4 == 1)
            memset(msg, 0xff, len); /* all-ones limbs: the largest sums */
        if (r % 4 == 2)
            memset(key, 0xff, 32);  /* the largest r (after clamping) and s */
        for (i = 0; i < 2; i++) {
            memset(&st, 0, sizeof(st));
            CHECK(impls[i]->ops.mac.init(impls[i], st.b, key, 32) == FC_OK &&
                      impls[i]->ops.mac.update(impls[i], st.b, msg, len) == FC_OK &&
                      impls[i]->ops.mac.final(impls[i], st.b, tag[i]) == FC_OK &&
                      all_are(st.b, impls[i]->state_size, 0), "poly1305 %zu run %zu", i, r);
        }
        CHECK(memcmp(tag[0], tag[1], 16) == 0, "both radixes agree, run %zu", r);
    }
}

/* ---- the CHAPOLY mode: RFC 8439 2.8.2, A.5; xchacha-03 A.3.1 ---- */

static void check_aead_vector(const fc_provider *p, const fc_impl *chacha, const aead_vec *v,
                              const char *what)
{
    bytes key = unhex(v->key), nonce = unhex(v->nonce), aad = unhex(v->aad), pt = unhex(v->pt);
    bytes ct = unhex(v->ct), want = unhex(v->tag);
    uint8_t *out = malloc(pt.n + 1), tag[16];
    fc_status st;
    size_t which;
    st = fc_core_chapoly_seal(chacha, p, key.p, out, tag, 16, nonce.p, nonce.n, aad.p, aad.n,
                              pt.p, pt.n);
    CHECK(st == FC_OK && memcmp(out, ct.p, ct.n) == 0 && memcmp(tag, want.p, 16) == 0,
          "%s: %s seal: %s", p->name, what, fc_status_str(st));
    memset(out, 0, pt.n);
    st = fc_core_chapoly_open(chacha, p, key.p, out, nonce.p, nonce.n, aad.p, aad.n, ct.p, ct.n,
                              want.p, 16);
    CHECK(st == FC_OK && memcmp(out, pt.p, pt.n) == 0, "%s: %s open: %s", p->name, what,
          fc_status_str(st));
    /* in place, both ways */
    memcpy(out, pt.p, pt.n);
    CHECK(fc_core_chapoly_seal(chacha, p, key.p, out, tag, 16, nonce.p, nonce.n, aad.p, aad.n,
                               out, pt.n) == FC_OK &&
              memcmp(out, ct.p, ct.n) == 0 && memcmp(tag, want.p, 16) == 0,
          "%s: %s seal in place", p->name, what);
    CHECK(fc_core_chapoly_open(chacha, p, key.p, out, nonce.p, nonce.n, aad.p, aad.n, out, ct.n,
                               tag, 16) == FC_OK && memcmp(out, pt.p, pt.n) == 0,
          "%s: %s open in place", p->name, what);
    /* a flipped bit in the tag, the ciphertext, the aad or the nonce: refused, out untouched */
    for (which = 0; which < 4; which++) {
        uint8_t *flip = which == 0 ? want.p : which == 1 ? ct.p : which == 2 ? aad.p : nonce.p;
        size_t n = which == 0 ? 16 : which == 1 ? ct.n : which == 2 ? aad.n : nonce.n;
        size_t bit = prng() % (8 * n);
        flip[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        memset(out, SENTINEL, pt.n + 1);
        st = fc_core_chapoly_open(chacha, p, key.p, out, nonce.p, nonce.n, aad.p, aad.n, ct.p,
                                  ct.n, want.p, 16);
        CHECK(st == FC_ERR_VERIFY && all_are(out, pt.n + 1, SENTINEL),
              "%s: %s forgery %zu (bit %zu) refused, nothing written: %s", p->name, what, which,
              bit, fc_status_str(st));
        flip[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
    /* in place too: the ciphertext stays */
    memcpy(out, ct.p, ct.n);
    want.p[0] ^= 1;
    CHECK(fc_core_chapoly_open(chacha, p, key.p, out, nonce.p, nonce.n, aad.p, aad.n, out, ct.n,
                               want.p, 16) == FC_ERR_VERIFY && memcmp(out, ct.p, ct.n) == 0,
          "%s: %s in-place forgery leaves the ciphertext", p->name, what);
    want.p[0] ^= 1;
    /* lengths the front end would refuse */
    memset(out, SENTINEL, pt.n + 1);
    memset(tag, SENTINEL, sizeof(tag));
    CHECK(fc_core_chapoly_seal(chacha, p, key.p, out, tag, 15, nonce.p, nonce.n, aad.p, aad.n,
                               pt.p, pt.n) == FC_ERR_LENGTH &&
              fc_core_chapoly_seal(chacha, p, key.p, out, tag, 16, nonce.p, 16, aad.p, aad.n,
                                   pt.p, pt.n) == FC_ERR_LENGTH &&
              fc_core_chapoly_open(chacha, p, key.p, out, nonce.p, nonce.n, aad.p, aad.n, ct.p,
                                   ct.n, want.p, 12) == FC_ERR_LENGTH &&
              all_are(out, pt.n + 1, SENTINEL) && all_are(tag, 16, SENTINEL),
          "%s: %s bad lengths, nothing written", p->name, what);
    free(key.p), free(nonce.p), free(aad.p), free(pt.p), free(ct.p), free(want.p), free(out);
}

static void test_chapoly_vectors(const fc_provider *p)
{
    const fc_impl *chacha = chacha_of(p);
    uint8_t key[32] = {3}, nonce[24] = {4}, tag[16], one = 0x5a, out[1];
    if (chacha == NULL || !fc_provider_supports(p, FC_POLY1305))
        return;
    check_aead_vector(p, chacha, &rfc8439_aead[0], "RFC 8439 2.8.2");
    check_aead_vector(p, chacha, &rfc8439_aead[1], "RFC 8439 A.5");
    check_aead_vector(p, chacha, &xchacha_aead, "xchacha-03 A.3.1");
    /* empty message and aad: the tag covers the lengths only; NULL pointers are fine then */
    CHECK(fc_core_chapoly_seal(chacha, p, key, NULL, tag, 16, nonce, 12, NULL, 0, NULL, 0) ==
              FC_OK &&
              fc_core_chapoly_open(chacha, p, key, NULL, nonce, 12, NULL, 0, NULL, 0, tag, 16) ==
                  FC_OK, "%s: empty message", p->name);
    CHECK(fc_core_chapoly_seal(chacha, p, key, out, tag, 16, nonce, 24, NULL, 0, &one, 1) ==
              FC_OK &&
              fc_core_chapoly_open(chacha, p, key, out, nonce, 24, NULL, 0, out, 1, tag, 16) ==
                  FC_OK && out[0] == one, "%s: one byte, 24-byte nonce", p->name);
}

/* A ChaCha20 driver that declines, or fails at its third block, and counts its releases. */
static int fake_mode, fake_blocks, fake_releases;

static fc_status fake_init(const fc_impl *impl, void *state, const uint8_t *key, size_t key_len,
                           const uint8_t *nonce, size_t nonce_len, uint64_t counter)
{
    (void)impl;
    if (fake_mode == 1)
        return FC_ERR_UNSUPPORTED;
    fake_blocks = 0;
    return fc_soft_chacha20.ops.stream.init(&fc_soft_chacha20, state, key, key_len, nonce,
                                            nonce_len, counter);
}

static fc_status fake_block(const fc_impl *impl, void *state, uint8_t *keystream)
{
    (void)impl;
    if (fake_mode == 2 && ++fake_blocks == 3)
        return FC_ERR_PROVIDER;
    return fc_soft_chacha20.ops.stream.block(&fc_soft_chacha20, state, keystream);
}

static fc_status fake_subkey(const fc_impl *impl, uint8_t out[32], const uint8_t key[32],
                             const uint8_t in[16])
{
    (void)impl;
    return fake_mode == 3 ? FC_ERR_UNSUPPORTED
                          : fc_soft_chacha20.ops.stream.subkey(&fc_soft_chacha20, out, key, in);
}

static void fake_release(const fc_impl *impl, void *state)
{
    (void)impl, (void)state;
    fake_releases++;
}

static const fc_impl fake_chacha = {
    .alg = FC_CHACHA20,
    .state_size = FC_STREAM_STATE_SIZE,
    .ops.stream = {.init = fake_init, .block = fake_block, .subkey = fake_subkey,
                   .release = fake_release},
};

static void test_chapoly_driver(void)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t key[32] = {7}, nonce[24] = {8}, msg[200], buf[200], tag[16], good[16];
    fc_status st;
    prng_fill(msg, sizeof(msg));
    /* a decline before anything is written: out (the plaintext, in place) stays for the next
     * provider, no release (init never succeeded) */
    for (fake_mode = 1; fake_mode <= 3; fake_mode += 2) {
        fake_releases = 0;
        memcpy(buf, msg, sizeof(buf));
        memset(tag, SENTINEL, sizeof(tag));
        st = fc_core_chapoly_seal(&fake_chacha, soft, key, buf, tag, 16, nonce,
                                  fake_mode == 3 ? 24 : 12, NULL, 0, buf, sizeof(buf));
        CHECK(st == FC_ERR_UNSUPPORTED && memcmp(buf, msg, sizeof(buf)) == 0 &&
                  all_are(tag, 16, SENTINEL) && fake_releases == 0,
              "declined %s: plaintext kept, no release: %s",
              fake_mode == 1 ? "init" : "subkey", fc_status_str(st));
    }
    /* a fault at the third block (the second of the message): no ciphertext, no tag, released */
    fake_mode = 2, fake_releases = 0;
    memset(tag, SENTINEL, sizeof(tag));
    st = fc_core_chapoly_seal(&fake_chacha, soft, key, buf, tag, 16, nonce, 12, NULL, 0, msg,
                              sizeof(msg));
    CHECK(st == FC_ERR_PROVIDER && all_are(buf, sizeof(buf), 0) && all_are(tag, 16, SENTINEL) &&
              fake_releases == 1, "seal fault: out wiped, tag untouched, released once: %s",
          fc_status_str(st));
    /* open: the tag matches, then decryption fails half-way: out wiped */
    fake_mode = 0, fake_releases = 0;
    CHECK(fc_core_chapoly_seal(&fake_chacha, soft, key, buf, good, 16, nonce, 12, NULL, 0, msg,
                               sizeof(msg)) == FC_OK && fake_releases == 1, "seal, released");
    fake_mode = 2;
    {
        uint8_t out[200];
        memset(out, SENTINEL, sizeof(out));
        st = fc_core_chapoly_open(&fake_chacha, soft, key, out, nonce, 12, NULL, 0, buf,
                                  sizeof(buf), good, 16);
        CHECK(st == FC_ERR_PROVIDER && all_are(out, sizeof(out), 0) && fake_releases == 2,
              "open fault: out wiped: %s", fc_status_str(st));
    }
    fake_mode = 0;
}

/* ---- bad inputs through the public API ---- */

static void test_bad_inputs(const fc_provider *p)
{
    uint8_t key[32] = {0}, nonce[24] = {0}, buf[16], sub[32];
    fc_mac_ctx mac;
    if (!fc_provider_supports(p, FC_CHACHA20) || !fc_provider_supports(p, FC_POLY1305))
        return;
    memset(buf, SENTINEL, sizeof(buf));
    CHECK(fc_stream(p, FC_CHACHA20, buf, buf, 8, key, 16, nonce, 12) == FC_ERR_LENGTH &&
              fc_stream(p, FC_CHACHA20, buf, buf, 8, key, 32, nonce, 16) == FC_ERR_LENGTH &&
              fc_stream(p, FC_CHACHA20, buf, buf, 8, key, 32, nonce, 24) == FC_ERR_LENGTH &&
              fc_stream(p, FC_XCHACHA20, buf, buf, 8, key, 32, nonce, 12) == FC_ERR_LENGTH &&
              fc_stream(p, FC_XCHACHA20, buf, buf, 8, key, 32, nonce, 8) == FC_ERR_LENGTH,
          "%s: chacha20 lengths", p->name);
    CHECK(fc_stream(p, FC_HCHACHA20, buf, buf, 8, key, 32, nonce, 16) == FC_ERR_ARGUMENT &&
              fc_stream_subkey(p, FC_CHACHA20, sub, key, nonce) == FC_ERR_ARGUMENT &&
              fc_stream_subkey(p, FC_HCHACHA20, NULL, key, nonce) == FC_ERR_NULL,
          "%s: hchacha20 is a subkey function", p->name);
    CHECK(all_are(buf, sizeof(buf), SENTINEL), "%s: nothing written", p->name);
    memset(&mac, 0, sizeof(mac));
    CHECK(fc_mac_init(&mac, p, FC_POLY1305, key, 16) == FC_ERR_LENGTH &&
              fc_mac_update(&mac, key, 1) == FC_ERR_STATE, "%s: poly1305 16-byte key", p->name);
    CHECK(fc_mac(p, FC_POLY1305, buf, 15, key, 32, key, 3) == FC_ERR_LENGTH &&
              fc_mac(p, FC_POLY1305, buf, 16, key, 33, key, 3) == FC_ERR_LENGTH &&
              all_are(buf, sizeof(buf), SENTINEL), "%s: poly1305 lengths", p->name);
    CHECK(fc_mac_final(&mac, buf, 16) == FC_ERR_STATE, "%s: final before init", p->name);
}

/* ---- against OpenSSL: 500 random inputs ---- */

#if FC_WITH_OPENSSL
/* OpenSSL's ChaCha20 takes a 16-byte IV: the counter's four (RFC 8439) or eight (the
 * original) little-endian bytes, then the nonce. */
static int ossl_chacha20(uint8_t *out, const uint8_t *in, size_t len, const uint8_t key[32],
                         const uint8_t *nonce, size_t nonce_len, uint64_t counter)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    uint8_t iv[16];
    int n = 0, ok;
    size_t i;
    for (i = 0; i < 16 - nonce_len; i++)
        iv[i] = (uint8_t)(counter >> (8 * i));
    memcpy(iv + 16 - nonce_len, nonce, nonce_len);
    ok = c != NULL && EVP_EncryptInit_ex(c, EVP_chacha20(), NULL, key, iv) == 1 &&
         EVP_EncryptUpdate(c, out, &n, in, (int)len) == 1 && (size_t)n == len;
    EVP_CIPHER_CTX_free(c);
    return ok;
}

static int ossl_poly1305(uint8_t tag[16], const uint8_t key[32], const uint8_t *msg, size_t len)
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
    EVP_MAC_CTX *c = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    size_t n = 0;
    int ok = c != NULL && EVP_MAC_init(c, key, 32, NULL) == 1 &&
             EVP_MAC_update(c, msg, len) == 1 && EVP_MAC_final(c, tag, &n, 16) == 1 && n == 16;
    EVP_MAC_CTX_free(c);
    EVP_MAC_free(mac);
    return ok;
}

static int ossl_chapoly_seal(uint8_t *out, uint8_t tag[16], const uint8_t key[32],
                             const uint8_t nonce[12], const uint8_t *aad, size_t aad_len,
                             const uint8_t *in, size_t len)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int n = 0, ok;
    ok = c != NULL && EVP_EncryptInit_ex(c, EVP_chacha20_poly1305(), NULL, key, nonce) == 1 &&
         EVP_EncryptUpdate(c, NULL, &n, aad, (int)aad_len) == 1 &&
         EVP_EncryptUpdate(c, out, &n, in, (int)len) == 1 &&
         EVP_EncryptFinal_ex(c, out + n, &n) == 1 &&
         EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, 16, tag) == 1;
    EVP_CIPHER_CTX_free(c);
    return ok;
}

static void test_openssl_random(void)
{
    static uint8_t msg[600], a[600], b[600], sealed[600], aad[80];
    uint8_t key[32], nonce[12], ta[16], tb[16], tag[16];
    size_t r, i, len, aad_len, failures[4] = {0, 0, 0, 0}, runs = 0;
    for (r = 0; r < 500; r++) {
        uint64_t counter;
        size_t nonce_len = r % 5 == 4 ? 8 : 12;
        prng_fill(key, sizeof(key));
        prng_fill(nonce, sizeof(nonce));
        prng_fill(msg, sizeof(msg));
        prng_fill(aad, sizeof(aad));
        len = prng() % sizeof(msg);
        aad_len = prng() % sizeof(aad);
        counter = prng();
        if (nonce_len == 8)
            counter = ((uint64_t)prng() << 32) | (r % 2 ? 0xfffffffeu : counter);
        else if (counter > 0xffffffffu - 16)
            counter -= 16; /* the message stays within the 32-bit counter */
        if (!ossl_chacha20(a, msg, len, key, nonce, nonce_len, counter) ||
            !ossl_poly1305(ta, key, msg, len) ||
            !ossl_chapoly_seal(sealed, tag, key, nonce, aad, aad_len, msg, len)) {
            CHECK(0, "openssl run %zu", r);
            continue;
        }
        for (i = 0; i < provider_count(); i++) {
            const fc_provider *p = provider_at(i);
            const fc_impl *chacha = chacha_of(p);
            runs++;
            if (fc_provider_supports(p, FC_CHACHA20) &&
                (stream_pieces(p, FC_CHACHA20, b, msg, len, key, nonce, nonce_len, counter, NULL,
                               0) != FC_OK || memcmp(a, b, len) != 0))
                failures[0]++;
            if (fc_provider_supports(p, FC_POLY1305) &&
                (fc_mac(p, FC_POLY1305, tb, 16, key, 32, msg, len) != FC_OK ||
                 memcmp(ta, tb, 16) != 0))
                failures[1]++;
            if (chacha == NULL || !fc_provider_supports(p, FC_POLY1305))
                continue;
            if (fc_core_chapoly_seal(chacha, p, key, b, tb, 16, nonce, 12, aad, aad_len, msg,
                                     len) != FC_OK ||
                memcmp(sealed, b, len) != 0 || memcmp(tag, tb, 16) != 0)
                failures[2]++;
            /* and OpenSSL's ciphertext opens here */
            if (fc_core_chapoly_open(chacha, p, key, b, nonce, 12, aad, aad_len, sealed, len, tag,
                                     16) != FC_OK || memcmp(b, msg, len) != 0)
                failures[3]++;
        }
    }
    CHECK(failures[0] == 0, "chacha20 against openssl: %zu of %zu differ", failures[0], runs);
    CHECK(failures[1] == 0, "poly1305 against openssl: %zu of %zu differ", failures[1], runs);
    CHECK(failures[2] == 0, "chacha20-poly1305 seal against openssl: %zu of %zu differ",
          failures[2], runs);
    CHECK(failures[3] == 0, "openssl's chacha20-poly1305 does not open: %zu of %zu",
          failures[3], runs);
}
#endif

int main(void)
{
    size_t i;
    test_chacha20_impl();
    test_poly1305_impl();
    test_chapoly_driver();
    for (i = 0; i < provider_count(); i++) {
        const fc_provider *p = provider_at(i);
        test_chacha20_vectors(p);
        test_xchacha20_vectors(p);
        test_counter_end(p);
        test_poly1305_vectors(p);
        test_chapoly_vectors(p);
        test_bad_inputs(p);
    }
#if FC_WITH_OPENSSL
    test_openssl_random();
#endif
    return tu_finish("test_chacha");
}
