/* Ed25519, Ed25519ctx and Ed25519ph (eddsa.h): RFC 8032's vectors through every provider of the
 * build, the verification rules (canonical S, A and R; small-order A and R refused), the
 * conversions to X25519, bad arguments and random round trips. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "providers/soft/soft.h" /* FC_SOFT_ED25519 */
#include "testutil.h"

typedef struct {
    const char *name;
    fc_alg alg;
    const char *seed, *pub, *ctx, *msg, *sig;
} ed_vector;

static const ed_vector rfc8032[] = {
    /* RFC 8032 7.1 */
    {"RFC 8032 7.1 TEST 1", FC_ED25519,
     "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"},
    {"RFC 8032 7.1 TEST 2", FC_ED25519,
     "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
    {"RFC 8032 7.1 TEST 3", FC_ED25519,
     "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"},
    {"RFC 8032 7.1 TEST 1024", FC_ED25519,
     "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
     "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e", "",
     "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98fa6e264bf09efe12ee50f8f54e9f77b1e355f6c50544e23fb1433ddf73be84d879de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc1a858efcb8550ee3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4feba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbefefd75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed185ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2d17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f27088d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b0707e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128bab27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51addd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2af58429ec96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb751fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c4b4c4525004aa06eeff8ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34dff7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08d78ff4ef5d63653a65040cf9bfd4aca7984a74d37145986780fc0b16ac451649de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e488acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a32ef5b52a1ecc820e308aa342721aac0943bf6686b64b2579376504ccc493d97e6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5fb93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b50d334ba77c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380db2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0",
     "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03"},
    {"RFC 8032 7.1 TEST SHA(abc)", FC_ED25519,
     "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf", "",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
     "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"},
    /* RFC 8032 7.2 */
    {"RFC 8032 7.2 foo", FC_ED25519CTX,
     "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
     "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292", "666f6f",
     "f726936d19c800494e3fdaff20b276a8",
     "55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a8b36950b95130022907a7fb7c4e9b2d5f6cca685a587b4b21f4b888e4e7edb0d"},
    {"RFC 8032 7.2 bar", FC_ED25519CTX,
     "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
     "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292", "626172",
     "f726936d19c800494e3fdaff20b276a8",
     "fc60d5872fc46b3aa69f8b5b4351d5808f92bcc044606db097abab6dbcb1aee3216c48e8b3b66431b5b186d1d28f8ee15a5ca2df6668346291c2043d4eb3e90d"},
    {"RFC 8032 7.2 foo2", FC_ED25519CTX,
     "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
     "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292", "666f6f",
     "508e9e6882b979fea900f62adceaca35",
     "8b70c1cc8310e1de20ac53ce28ae6e7207f33c3295e03bb5c0732a1d20dc64908922a8b052cf99b7c4fe107a5abb5b2c4085ae75890d02df26269d8945f84b0b"},
    {"RFC 8032 7.2 foo3", FC_ED25519CTX,
     "ab9c2853ce297ddab85c993b3ae14bcad39b2c682beabc27d6d4eb20711d6560",
     "0f1d1274943b91415889152e893d80e93275a1fc0b65fd71b4b0dda10ad7d772", "666f6f",
     "f726936d19c800494e3fdaff20b276a8",
     "21655b5f1aa965996b3f97b3c849eafba922a0a62992f73b3d1b73106a84ad85e9b86a7b6005ea868337ff2d20a7f5fbd4cd10b0be49a68da2b2e0dc0ad8960f"},
    /* RFC 8032 7.3 */
    {"RFC 8032 7.3 TEST abc", FC_ED25519PH,
     "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf", "", "616263",
     "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae4131f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406"},
};
#define N_RFC8032 (sizeof(rfc8032) / sizeof(rfc8032[0]))

/* The eight points of order dividing 8, canonically encoded (orders 1, 8, 4, 8, 2, 8, 4, 8),
 * each with a signature of "small-order key" that the cofactorless equation [S]B = R + [k]A
 * accepts: R = [r]B and S = r, with r the first that makes k a multiple of A's order.
 * Computed from RFC 8032 5.1's group law; the eight encodings are those listed by Bernstein et
 * al. and libsodium's blocklist. */
static const char *const small_order[8][2] = {
    {"0100000000000000000000000000000000000000000000000000000000000000",
     "58666666666666666666666666666666666666666666666666666666666666660100000000000000000000000000000000000000000000000000000000000000"},
    {"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
     "d4b4f5784868c3020403246717ec169ff79e26608ea126a1ab69ee77d1b167120300000000000000000000000000000000000000000000000000000000000000"},
    {"0000000000000000000000000000000000000000000000000000000000000000",
     "58666666666666666666666666666666666666666666666666666666666666660100000000000000000000000000000000000000000000000000000000000000"},
    {"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
     "c0f1225584444ec730446e231390781ffdd2f256e9fcbeb2f40dddc2c2233d7f0900000000000000000000000000000000000000000000000000000000000000"},
    {"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
     "c9a3f86aae465f0e56513864510f3997561fa2c9e85ea21dc2292309f3cd60220200000000000000000000000000000000000000000000000000000000000000"},
    {"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
     "b862409fb5c4c4123df2abf7462b88f041ad36dd6864ce872fd5472be363c5b10700000000000000000000000000000000000000000000000000000000000000"},
    {"0000000000000000000000000000000000000000000000000000000000000080",
     "2f1132ca61ab38dff00f2fea3228f24c6c71d58085b80e47e19515cb27e8d0470400000000000000000000000000000000000000000000000000000000000000"},
    {"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
     "f47e49f9d07ad2c1606b4d94067c41f9777d4ffda709b71da1d88628fce34d850600000000000000000000000000000000000000000000000000000000000000"},
};
static const char small_msg[] = "small-order key";

/* R = the neutral element and S = k a for RFC 8032 TEST 1's key (a from its seed): the
 * cofactorless equation holds, only the small-order rule refuses it. Computed as above. */
static const char neutral_r_sig[] =
    "0100000000000000000000000000000000000000000000000000000000000000"
    "992969ebc221ba91f8180ec03fae91f7a4ca9188305d2ec917fee4834eaaf403";

/* Encodings that must not decode: y >= p (y + p for a point's y: 3 and 4, on the curve; 0 and
 * 1, of small order), x = 0 with the sign bit set (y = 1 and y = -1), and y = 2 (no point). */
static const char *const bad_points[] = {
    "f0ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "f1ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "0100000000000000000000000000000000000000000000000000000000000080",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "0200000000000000000000000000000000000000000000000000000000000000",
};
/* the canonical encodings of the first two: these decode */
static const char *const good_small_y[] = {
    "0300000000000000000000000000000000000000000000000000000000000000",
    "0400000000000000000000000000000000000000000000000000000000000080",
};

/* L, little-endian */
static const uint8_t order_l[32] = {
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10};

static void unhex_fixed(uint8_t *out, size_t len, const char *hex)
{
    size_t n;
    uint8_t *b = tu_unhex(hex, &n);
    if (n != len) {
        fprintf(stderr, "vector length %zu, expected %zu\n", n, len);
        exit(2);
    }
    memcpy(out, b, len);
    free(b);
}

/* status st is a decline: the provider chain has no such algorithm */
static int declined(fc_status st)
{
    return st == FC_ERR_UNSUPPORTED;
}

static void run_rfc8032(const fc_provider *p)
{
    size_t i;
    for (i = 0; i < N_RFC8032; i++) {
        const ed_vector *v = &rfc8032[i];
        uint8_t seed[32], pub[32], got_pub[32], sig[64], want[64];
        uint8_t *msg, *ctx;
        size_t msg_len, ctx_len;
        fc_status st;
        if (!fc_provider_supports(p, v->alg))
            continue;
        unhex_fixed(seed, 32, v->seed);
        unhex_fixed(pub, 32, v->pub);
        unhex_fixed(want, 64, v->sig);
        msg = tu_unhex(v->msg, &msg_len);
        ctx = tu_unhex(v->ctx, &ctx_len);

        st = fc_eddsa_public_key(p, v->alg, got_pub, seed);
        if (!declined(st))
            CHECK(st == FC_OK && memcmp(got_pub, pub, 32) == 0, "%s on %s: public key (%d)",
                  v->name, p->name, st);
        st = fc_eddsa_sign(p, v->alg, sig, seed, NULL, ctx, ctx_len, msg, msg_len);
        if (!declined(st))
            CHECK(st == FC_OK && memcmp(sig, want, 64) == 0, "%s on %s: sign (%d)", v->name,
                  p->name, st);
        st = fc_eddsa_sign(p, v->alg, sig, seed, pub, ctx, ctx_len, msg, msg_len);
        if (!declined(st))
            CHECK(st == FC_OK && memcmp(sig, want, 64) == 0, "%s on %s: sign with pub (%d)",
                  v->name, p->name, st);
        st = fc_eddsa_verify(p, v->alg, pub, ctx, ctx_len, msg, msg_len, want);
        if (!declined(st))
            CHECK(st == FC_OK, "%s on %s: verify (%d)", v->name, p->name, st);

        /* every bit of the signature, and a changed message, context, key or variant */
        {
            size_t bit;
            for (bit = 0; bit < 512; bit += 7) {
                memcpy(sig, want, 64);
                sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
                st = fc_eddsa_verify(p, v->alg, pub, ctx, ctx_len, msg, msg_len, sig);
                if (!declined(st))
                    CHECK(st == FC_ERR_VERIFY, "%s on %s: flipped bit %zu (%d)", v->name,
                          p->name, bit, st);
            }
        }
        if (msg_len > 0) {
            msg[msg_len - 1] ^= 0x01;
            st = fc_eddsa_verify(p, v->alg, pub, ctx, ctx_len, msg, msg_len, want);
            if (!declined(st))
                CHECK(st == FC_ERR_VERIFY, "%s on %s: changed message (%d)", v->name, p->name,
                      st);
            msg[msg_len - 1] ^= 0x01;
            st = fc_eddsa_verify(p, v->alg, pub, ctx, ctx_len, msg, msg_len - 1, want);
            if (!declined(st))
                CHECK(st == FC_ERR_VERIFY, "%s on %s: shortened message (%d)", v->name,
                      p->name, st);
        }
        if (ctx_len > 0) {
            ctx[0] ^= 0x20;
            st = fc_eddsa_verify(p, v->alg, pub, ctx, ctx_len, msg, msg_len, want);
            if (!declined(st))
                CHECK(st == FC_ERR_VERIFY, "%s on %s: changed context (%d)", v->name, p->name,
                      st);
            ctx[0] ^= 0x20;
        }
        pub[0] ^= 0x04;
        st = fc_eddsa_verify(p, v->alg, pub, ctx, ctx_len, msg, msg_len, want);
        if (!declined(st))
            CHECK(st == FC_ERR_VERIFY, "%s on %s: other key (%d)", v->name, p->name, st);
        pub[0] ^= 0x04;
        /* the variants' domain separation: the signature is the variant's only */
        if (v->alg != FC_ED25519CTX) {
            fc_alg other = v->alg == FC_ED25519 ? FC_ED25519PH : FC_ED25519;
            st = fc_eddsa_verify(p, other, pub, NULL, 0, msg, msg_len, want);
            if (!declined(st))
                CHECK(st == FC_ERR_VERIFY, "%s on %s: as the other variant (%d)", v->name,
                      p->name, st);
        }
        free(msg);
        free(ctx);
    }
}

/* S + L: the same point [S]B, refused because S is not below L (RFC 8032 7.1 TEST 1) */
static void run_rules(const fc_provider *p)
{
    const ed_vector *v = &rfc8032[0];
    uint8_t pub[32], sig[64], key[32];
    const uint8_t *msg = (const uint8_t *)small_msg;
    size_t msg_len = sizeof(small_msg) - 1;
    unsigned carry = 0, i;
    fc_status st;
    if (!fc_provider_supports(p, FC_ED25519))
        return;
    unhex_fixed(pub, 32, v->pub);
    unhex_fixed(sig, 64, v->sig);
    for (i = 0; i < 32; i++) {
        unsigned t = sig[32 + i] + order_l[i] + carry;
        sig[32 + i] = (uint8_t)t;
        carry = t >> 8;
    }
    CHECK(carry == 0, "S + L fits");
    st = fc_eddsa_verify(p, FC_ED25519, pub, NULL, 0, NULL, 0, sig);
    if (!declined(st))
        CHECK(st == FC_ERR_VERIFY, "S + L on %s (%d)", p->name, st);
    /* S = L exactly, and S = 2^256 - 1 */
    memcpy(sig + 32, order_l, 32);
    st = fc_eddsa_verify(p, FC_ED25519, pub, NULL, 0, NULL, 0, sig);
    if (!declined(st))
        CHECK(st == FC_ERR_VERIFY, "S = L on %s (%d)", p->name, st);
    memset(sig + 32, 0xff, 32);
    st = fc_eddsa_verify(p, FC_ED25519, pub, NULL, 0, NULL, 0, sig);
    if (!declined(st))
        CHECK(st == FC_ERR_VERIFY, "S = 2^256 - 1 on %s (%d)", p->name, st);

    /* small-order A: each signature passes the bare equation */
    for (i = 0; i < 8; i++) {
        unhex_fixed(key, 32, small_order[i][0]);
        unhex_fixed(sig, 64, small_order[i][1]);
        st = fc_eddsa_verify(p, FC_ED25519, key, NULL, 0, msg, msg_len, sig);
        if (!declined(st))
            CHECK(st == FC_ERR_VERIFY, "small-order A #%u on %s (%d)", i, p->name, st);
    }
    /* small-order R, with TEST 1's key: the neutral R passes the bare equation */
    unhex_fixed(sig, 64, neutral_r_sig);
    st = fc_eddsa_verify(p, FC_ED25519, pub, NULL, 0, msg, msg_len, sig);
    if (!declined(st))
        CHECK(st == FC_ERR_VERIFY, "neutral R on %s (%d)", p->name, st);
    for (i = 0; i < 8; i++) {
        unhex_fixed(sig, 32, small_order[i][0]);
        st = fc_eddsa_verify(p, FC_ED25519, pub, NULL, 0, msg, msg_len, sig);
        if (!declined(st))
            CHECK(st == FC_ERR_VERIFY, "small-order R #%u on %s (%d)", i, p->name, st);
    }
    /* non-canonical and undecodable A and R */
    unhex_fixed(sig, 64, v->sig);
    for (i = 0; i < sizeof(bad_points) / sizeof(bad_points[0]); i++) {
        uint8_t bad[32], r_bad[64];
        unhex_fixed(bad, 32, bad_points[i]);
        st = fc_eddsa_verify(p, FC_ED25519, bad, NULL, 0, NULL, 0, sig);
        if (!declined(st))
            CHECK(st == FC_ERR_VERIFY, "bad A #%u on %s (%d)", i, p->name, st);
        memcpy(r_bad, sig, 64);
        memcpy(r_bad, bad, 32);
        st = fc_eddsa_verify(p, FC_ED25519, pub, NULL, 0, NULL, 0, r_bad);
        if (!declined(st))
            CHECK(st == FC_ERR_VERIFY, "bad R #%u on %s (%d)", i, p->name, st);
    }
}

static int fixed_rng_fill(void *user, uint8_t *out, size_t len)
{
    return tu_fixed_fill(user, out, len);
}

static void run_conversion(const fc_provider *p)
{
    size_t i;
    uint8_t x_sec[32], x_pub[32], x_base[32], h[64], bad[32];
    fc_status st;
    if (!fc_provider_supports(p, FC_ED25519) || !fc_provider_supports(p, FC_X25519))
        return;
    for (i = 0; i < N_RFC8032; i++) {
        uint8_t seed[32], pub[32];
        if (i > 0 && strcmp(rfc8032[i].seed, rfc8032[i - 1].seed) == 0)
            continue;
        unhex_fixed(seed, 32, rfc8032[i].seed);
        unhex_fixed(pub, 32, rfc8032[i].pub);
        st = fc_ed25519_to_x25519_secret(p, x_sec, seed);
        CHECK(st == FC_OK, "%s on %s: secret (%d)", rfc8032[i].name, p->name, st);
        /* RFC 8032 5.1.5: the first half of SHA-512(seed) */
        CHECK(fc_hash(p, FC_SHA512, h, 64, seed, 32) == FC_OK && memcmp(h, x_sec, 32) == 0,
              "%s on %s: secret is SHA-512(seed)[0..32)", rfc8032[i].name, p->name);
        st = fc_ed25519_to_x25519_public(p, x_pub, pub);
        if (declined(st))
            continue;
        CHECK(st == FC_OK, "%s on %s: public (%d)", rfc8032[i].name, p->name, st);
        /* RFC 7748 4.1: u = (1 + y) / (1 - y) is the same point's Montgomery u, so X25519's
         * base multiplication by the converted secret lands on it */
        st = fc_xdh_base(p, FC_X25519, x_base, x_sec);
        CHECK(st == FC_OK && memcmp(x_base, x_pub, 32) == 0, "%s on %s: X25519(secret) = u",
              rfc8032[i].name, p->name);
    }
    for (i = 0; i < 8; i++) {
        unhex_fixed(bad, 32, small_order[i][0]);
        memset(x_pub, 0xa5, 32);
        st = fc_ed25519_to_x25519_public(p, x_pub, bad);
        if (!declined(st))
            CHECK(st == FC_ERR_POINT && x_pub[0] == 0xa5 && x_pub[31] == 0xa5,
                  "small-order #%zu to X25519 on %s (%d)", i, p->name, st);
    }
    for (i = 0; i < sizeof(bad_points) / sizeof(bad_points[0]); i++) {
        unhex_fixed(bad, 32, bad_points[i]);
        st = fc_ed25519_to_x25519_public(p, x_pub, bad);
        if (!declined(st))
            CHECK(st == FC_ERR_POINT, "bad point #%zu to X25519 on %s (%d)", i, p->name, st);
    }
    for (i = 0; i < 2; i++) { /* the same points as bad_points[0..1], canonical: accepted */
        unhex_fixed(bad, 32, good_small_y[i]);
        st = fc_ed25519_to_x25519_public(p, x_pub, bad);
        if (!declined(st))
            CHECK(st == FC_OK, "canonical small y #%zu to X25519 on %s (%d)", i, p->name, st);
    }
}

/* A small deterministic generator (xorshift32) for the round trips. */
static uint32_t rng_state = 0x9e3779b9u;
static uint32_t next_u32(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}
static void fill(uint8_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        b[i] = (uint8_t)next_u32();
}

static void run_round_trips(const fc_provider *p, unsigned count)
{
    static const fc_alg algs[3] = {FC_ED25519, FC_ED25519CTX, FC_ED25519PH};
    unsigned n;
    for (n = 0; n < count; n++) {
        fc_alg alg = algs[n % 3];
        uint8_t seed[32], pub[32], pub2[32], sig[64], sig2[64], msg[300], ctx[255];
        size_t msg_len = next_u32() % sizeof(msg), ctx_len = 0;
        tu_fixed_bytes fixed;
        fc_rng rng;
        fc_status st;
        if (!fc_provider_supports(p, alg))
            continue;
        fill(seed, 32);
        fill(msg, msg_len);
        if (alg == FC_ED25519CTX)
            ctx_len = 1 + next_u32() % 255;
        else if (alg == FC_ED25519PH)
            ctx_len = next_u32() % 256;
        fill(ctx, ctx_len);
        /* a key pair from a fixed source is that seed and its key */
        fixed.bytes = seed;
        fixed.len = 32;
        rng.fill = fixed_rng_fill;
        rng.user = &fixed;
        st = fc_eddsa_keypair(p, alg, &rng, seed, pub);
        if (declined(st))
            continue;
        CHECK(st == FC_OK, "keypair on %s (%d)", p->name, st);
        st = fc_eddsa_public_key(p, alg, pub2, seed);
        if (!declined(st))
            CHECK(st == FC_OK && memcmp(pub, pub2, 32) == 0, "keypair's key on %s", p->name);
        st = fc_eddsa_sign(p, alg, sig, seed, NULL, ctx, ctx_len, msg, msg_len);
        if (declined(st))
            continue;
        CHECK(st == FC_OK, "round trip %u on %s: sign (%d)", n, p->name, st);
        st = fc_eddsa_sign(p, alg, sig2, seed, pub, ctx, ctx_len, msg, msg_len);
        if (!declined(st))
            CHECK(st == FC_OK && memcmp(sig, sig2, 64) == 0, "round trip %u on %s: with pub",
                  n, p->name);
        st = fc_eddsa_verify(p, alg, pub, ctx, ctx_len, msg, msg_len, sig);
        if (!declined(st))
            CHECK(st == FC_OK, "round trip %u on %s: verify (%d)", n, p->name, st);
        sig[next_u32() % 64] ^= (uint8_t)(1u << (next_u32() % 8));
        st = fc_eddsa_verify(p, alg, pub, ctx, ctx_len, msg, msg_len, sig);
        if (!declined(st))
            CHECK(st == FC_ERR_VERIFY, "round trip %u on %s: bad signature (%d)", n, p->name,
                  st);
        if (msg_len > 0) {
            msg[next_u32() % msg_len] ^= 0x80;
            st = fc_eddsa_verify(p, alg, pub, ctx, ctx_len, msg, msg_len, sig2);
            if (!declined(st))
                CHECK(st == FC_ERR_VERIFY, "round trip %u on %s: bad message (%d)", n,
                      p->name, st);
        }
    }
}

/* Bad arguments: a clear status and the outputs untouched. */
static void run_bad_args(const fc_provider *p)
{
    uint8_t seed[32] = {1}, pub[32], sig[64], out[64], ctx[256] = {0}, msg[4] = {0};
    uint8_t x[32];
    fc_rng rng;
    tu_fixed_bytes fixed;
    fc_status st;
    int ok;
    size_t k;
    if (!fc_provider_supports(p, FC_ED25519))
        return;
    memset(out, 0x5a, sizeof(out));
    st = fc_eddsa_public_key(p, FC_ED25519, pub, seed);
    if (declined(st))
        return;
    st = fc_eddsa_sign(p, FC_ED25519, sig, seed, pub, NULL, 0, msg, sizeof(msg));
    if (declined(st))
        return;
    {
        /* public key */
        CHECK(fc_eddsa_public_key(p, FC_ED25519, NULL, seed) == FC_ERR_NULL, "pk: NULL pub");
        CHECK(fc_eddsa_public_key(p, FC_ED25519, out, NULL) == FC_ERR_NULL, "pk: NULL seed");
        CHECK(fc_eddsa_public_key(p, FC_X25519, out, seed) == FC_ERR_ARGUMENT, "pk: X25519");
        CHECK(fc_eddsa_public_key(p, (fc_alg)9999, out, seed) == FC_ERR_ARGUMENT, "pk: 9999");
        for (ok = 1, k = 0; k < 64; k++)
            ok &= out[k] == 0x5a;
        CHECK(ok, "pk: output untouched");

        /* sign */
        CHECK(fc_eddsa_sign(p, FC_ED25519, NULL, seed, pub, NULL, 0, msg, 4) == FC_ERR_NULL,
              "sign: NULL sig");
        CHECK(fc_eddsa_sign(p, FC_ED25519, out, NULL, pub, NULL, 0, msg, 4) == FC_ERR_NULL,
              "sign: NULL seed");
        CHECK(fc_eddsa_sign(p, FC_ED25519, out, seed, pub, NULL, 0, NULL, 4) == FC_ERR_NULL,
              "sign: NULL msg");
        CHECK(fc_eddsa_sign(p, FC_ED25519CTX, out, seed, pub, NULL, 3, msg, 4) == FC_ERR_NULL,
              "sign: NULL context");
        CHECK(fc_eddsa_sign(p, FC_ED25519, out, seed, pub, ctx, 1, msg, 4) == FC_ERR_LENGTH,
              "sign: Ed25519 with a context");
        CHECK(fc_eddsa_sign(p, FC_ED25519CTX, out, seed, pub, ctx, 0, msg, 4) == FC_ERR_LENGTH,
              "sign: Ed25519ctx, empty context");
        CHECK(fc_eddsa_sign(p, FC_ED25519CTX, out, seed, pub, NULL, 0, msg, 4) == FC_ERR_LENGTH,
              "sign: Ed25519ctx, no context");
        CHECK(fc_eddsa_sign(p, FC_ED25519CTX, out, seed, pub, ctx, 256, msg, 4) ==
                  FC_ERR_LENGTH,
              "sign: Ed25519ctx, 256-byte context");
        CHECK(fc_eddsa_sign(p, FC_ED25519PH, out, seed, pub, ctx, 256, msg, 4) == FC_ERR_LENGTH,
              "sign: Ed25519ph, 256-byte context");
        CHECK(fc_eddsa_sign(p, FC_X25519, out, seed, pub, NULL, 0, msg, 4) == FC_ERR_ARGUMENT,
              "sign: X25519");
        for (ok = 1, k = 0; k < 64; k++)
            ok &= out[k] == 0x5a;
        CHECK(ok, "sign: output untouched");

        /* verify: statuses only */
        CHECK(fc_eddsa_verify(p, FC_ED25519, NULL, NULL, 0, msg, 4, sig) == FC_ERR_NULL,
              "verify: NULL pub");
        CHECK(fc_eddsa_verify(p, FC_ED25519, pub, NULL, 0, msg, 4, NULL) == FC_ERR_NULL,
              "verify: NULL sig");
        CHECK(fc_eddsa_verify(p, FC_ED25519, pub, NULL, 0, NULL, 4, sig) == FC_ERR_NULL,
              "verify: NULL msg");
        CHECK(fc_eddsa_verify(p, FC_ED25519PH, pub, NULL, 1, msg, 4, sig) == FC_ERR_NULL,
              "verify: NULL context");
        CHECK(fc_eddsa_verify(p, FC_ED25519, pub, ctx, 1, msg, 4, sig) == FC_ERR_LENGTH,
              "verify: Ed25519 with a context");
        CHECK(fc_eddsa_verify(p, FC_ED25519CTX, pub, ctx, 0, msg, 4, sig) == FC_ERR_LENGTH,
              "verify: Ed25519ctx, empty context");
        CHECK(fc_eddsa_verify(p, FC_ED25519CTX, pub, ctx, 256, msg, 4, sig) == FC_ERR_LENGTH,
              "verify: Ed25519ctx, 256-byte context");
        CHECK(fc_eddsa_verify(p, FC_ED25519PH, pub, ctx, 256, msg, 4, sig) == FC_ERR_LENGTH,
              "verify: Ed25519ph, 256-byte context");
        CHECK(fc_eddsa_verify(p, FC_SHA512, pub, NULL, 0, msg, 4, sig) == FC_ERR_ARGUMENT,
              "verify: SHA-512");
        CHECK(fc_eddsa_verify(p, FC_ED25519, pub, NULL, 0, msg, 4, sig) == FC_OK,
              "verify: the good one still passes");
        /* the context boundaries that are allowed */
        st = fc_eddsa_sign(p, FC_ED25519CTX, out, seed, NULL, ctx, 255, msg, 4);
        CHECK(declined(st) || st == FC_OK, "sign: Ed25519ctx, 255-byte context (%d)", st);
        if (st == FC_OK)
            CHECK(fc_eddsa_verify(p, FC_ED25519CTX, pub, ctx, 255, msg, 4, out) == FC_OK,
                  "verify: Ed25519ctx, 255-byte context");
        st = fc_eddsa_sign(p, FC_ED25519PH, out, seed, NULL, NULL, 0, NULL, 0);
        CHECK(declined(st) || st == FC_OK, "sign: Ed25519ph, empty everything (%d)", st);
        if (st == FC_OK)
            CHECK(fc_eddsa_verify(p, FC_ED25519PH, pub, NULL, 0, NULL, 0, out) == FC_OK,
                  "verify: Ed25519ph, empty everything");

        /* key pair */
        memset(out, 0x5a, sizeof(out));
        memset(x, 0x5a, sizeof(x));
        CHECK(fc_eddsa_keypair(p, FC_ED25519, NULL, NULL, out) == FC_ERR_NULL, "kp: NULL seed");
        CHECK(fc_eddsa_keypair(p, FC_ED25519, NULL, x, NULL) == FC_ERR_NULL, "kp: NULL pub");
        CHECK(fc_eddsa_keypair(p, FC_X448, NULL, x, out) == FC_ERR_ARGUMENT, "kp: X448");
        fixed.bytes = seed;
        fixed.len = 16; /* too short: the source fails */
        rng.fill = fixed_rng_fill;
        rng.user = &fixed;
        CHECK(fc_eddsa_keypair(p, FC_ED25519, &rng, x, out) == FC_ERR_RNG_FAILED,
              "kp: failing source");
        for (ok = 1, k = 0; k < 32; k++)
            ok &= out[k] == 0x5a && x[k] == 0x5a;
        CHECK(ok, "kp: outputs untouched");

        /* conversions */
        CHECK(fc_ed25519_to_x25519_public(p, NULL, pub) == FC_ERR_NULL, "cv: NULL out");
        CHECK(fc_ed25519_to_x25519_public(p, x, NULL) == FC_ERR_NULL, "cv: NULL pub");
        CHECK(fc_ed25519_to_x25519_secret(p, NULL, seed) == FC_ERR_NULL, "cv: NULL secret");
        CHECK(fc_ed25519_to_x25519_secret(p, x, NULL) == FC_ERR_NULL, "cv: NULL seed");
        for (ok = 1, k = 0; k < 32; k++)
            ok &= x[k] == 0x5a;
        CHECK(ok, "cv: output untouched");
    }
}

#if FC_SOFT_ED25519
int main(void)
{
    size_t i;
    unsigned ran = 0;
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        if (!fc_provider_supports(p, FC_ED25519))
            continue;
        ran++;
        run_rfc8032(p);
        run_rules(p);
        run_conversion(p);
        run_bad_args(p);
        run_round_trips(p, 30);
    }
    CHECK(ran > 0, "some provider has ed25519");
    return tu_finish("test_ed25519");
}
#else
/* A build without soft's Ed25519 (FC_WITH_ED25519 0, or no SHA-512 or Curve25519 field):
 * the front end says so. */
int main(void)
{
    uint8_t seed[32] = {0}, pub[32], sig[64];
    (void)run_rfc8032;
    (void)run_rules;
    (void)run_conversion;
    (void)run_bad_args;
    (void)run_round_trips;
    CHECK(fc_eddsa_public_key(fc_provider_find("soft"), FC_ED25519, pub, seed) ==
              FC_ERR_UNSUPPORTED, "public key unsupported");
    CHECK(fc_eddsa_sign(fc_provider_find("soft"), FC_ED25519, sig, seed, NULL, NULL, 0, NULL,
                        0) == FC_ERR_UNSUPPORTED, "sign unsupported");
    CHECK(!fc_provider_supports(fc_provider_find("soft"), FC_ED25519), "not supported");
    return tu_finish("test_ed25519 (no soft Ed25519)");
}
#endif
