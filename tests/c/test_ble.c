/* The Bluetooth LE pairing toolbox (ble.h): the specification's sample data through every
 * provider, the refusals (NULLs, invalid and debug peer keys, legacy bit arguments) with
 * nothing written, and a Numeric Comparison pairing between two simulated devices.
 *
 * Sample data: Bluetooth Core Specification v5.x, Vol 3, Part H, Appendix D (D.2 f4, D.3 f5,
 * D.4 f6, D.5 g2, D.6 h6, D.7 ah, D.8 h7, D.9 / D.10 LTK to link key with and without CT2),
 * 2.2.3 / 2.2.4 (the c1 and s1 examples) and Vol 2, Part G, 7.1.2 (P-256 data sets 1 and 2;
 * set 1's private key A is the debug key of Vol 3 Part H 2.3.5.6.1). All MSB first, as printed
 * there. */
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"

#define SENTINEL 0xA5

/* hex (spaces ignored) into exactly n bytes */
static void unhex(uint8_t *out, size_t n, const char *hex)
{
    size_t got = 0;
    int hi = -1;
    for (; *hex != '\0'; hex++) {
        int v;
        char c = *hex;
        if (c == ' ')
            continue;
        v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (v < 0 || got >= n) {
            CHECK(0, "bad test hex %s", hex);
            return;
        }
        if (hi < 0) {
            hi = v;
        } else {
            out[got++] = (uint8_t)(hi << 4 | v);
            hi = -1;
        }
    }
    CHECK(got == n && hi < 0, "test hex of %zu bytes, wanted %zu", got, n);
}

static int untouched(const uint8_t *buf, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        if (buf[i] != SENTINEL)
            return 0;
    return 1;
}

/* Vol 2 Part G 7.1.2.1 (P-256 data set 1) */
static const char *const ds1_priv_a =
    "3f49f6d4 a3c55f38 74c9b3e3 d2103f50 4aff607b eb40b799 5899b8a6 cd3c1abd";
static const char *const ds1_priv_b =
    "55188b3d 32f6bb9a 900afcfb eed4e72a 59cb9ac2 f19d7cfb 6b4fdd49 f47fc5fd";
static const char *const ds1_pub_a =
    "20b003d2 f297be2c 5e2c83a7 e9f9a5b9 eff49111 acf4fddb cc030148 0e359de6"
    "dc809c49 652aeb6d 63329abf 5a52155c 766345c2 8fed3024 741c8ed0 1589d28b";
static const char *const ds1_pub_b =
    "1ea1f0f0 1faf1d96 09592284 f19e4c00 47b58afd 8615a69f 559077b2 2faaa190"
    "4c55f33e 429dad37 7356703a 9ab85160 472d1130 e28e3676 5f89aff9 15b1214a";
static const char *const ds1_dhkey =
    "ec0234a3 57c8ad05 341010a6 0a397d9b 99796b13 b4f866f1 868d34f3 73bfa698";
/* Vol 2 Part G 7.1.2.2 (P-256 data set 2) */
static const char *const ds2_priv_a =
    "06a51669 3c9aa31a 6084545d 0c5db641 b48572b9 7203ddff b7ac73f7 d0457663";
static const char *const ds2_priv_b =
    "529aa067 0d72cd64 97502ed4 73502b03 7e8803b5 c60829a5 a3caa219 505530ba";
static const char *const ds2_pub_a =
    "2c31a47b 5779809e f44cb5ea af5c3e43 d5f8faad 4a8794cb 987e9b03 745c78dd"
    "91951218 3898dfbe cd52e240 8e43871f d0211091 17bd3ed4 eaf84377 43715d4f";
static const char *const ds2_pub_b =
    "f465e43f f23d3f1b 9dc7dfc0 4da87581 84dbc966 204796ec cf0d6cf5 e16500cc"
    "0201d048 bcbbd899 eeefc424 164e33c2 01c2b010 ca6b4d43 a8a155ca d8ecb279";
static const char *const ds2_dhkey =
    "ab85843a 2f6d883f 62e5684b 38e30733 5fe6e194 5ecd1960 4105c6f2 3221eb69";

/* Appendix D's common inputs: U = PKax, V = PKbx (V is printed as set 1's private key B),
 * the nonces, the addresses and W */
static const char *const d_u =
    "20b003d2 f297be2c 5e2c83a7 e9f9a5b9 eff49111 acf4fddb cc030148 0e359de6";
static const char *const d_v =
    "55188b3d 32f6bb9a 900afcfb eed4e72a 59cb9ac2 f19d7cfb 6b4fdd49 f47fc5fd";
static const char *const d_n1 = "d5cb8454 d177733e ffffb2ec 712baeab";
static const char *const d_n2 = "a6e8e7cc 25a75f6e 216583f7 ff3dc4cf";
static const char *const d_a1 = "00561237 37bfce";
static const char *const d_a2 = "00a71370 2dcfc1";
static const char *const d_w16 = "ec0234a3 57c8ad05 341010a6 0a397d9b";

static size_t skipped;

/* 1 when st says the provider's chain lacks what the call needs (counted, then skipped) */
static int unsupported(fc_status st)
{
    if (st == FC_ERR_UNSUPPORTED) {
        skipped++;
        return 1;
    }
    return 0;
}

static void test_toolbox(const fc_provider *p)
{
    uint8_t u[32], v[32], x[16], y[16], w[32], n1[16], n2[16], a1[7], a2[7], r[16], io[3];
    uint8_t out[16], out2[16], want[16], keyid[4], salt[16], ilk[16], ah[3], k[16];
    uint8_t preq[7], pres[7], ia[6], ra[6], r2[16];
    uint32_t value = 0;
    fc_status st;
    const char *name = p->name;

    unhex(u, 32, d_u);
    unhex(v, 32, d_v);
    unhex(x, 16, d_n1);
    unhex(y, 16, d_n2);

    /* D.2 f4 */
    st = fc_ble_f4(p, out, u, v, x, 0);
    if (!unsupported(st)) {
        unhex(want, 16, "f2c916f1 07a9bd1c f1eda1be a974872d");
        CHECK(st == FC_OK && memcmp(out, want, 16) == 0, "%s f4 D.2 (%d)", name, st);
    }

    /* D.3 f5 */
    unhex(w, 32, ds1_dhkey);
    unhex(n1, 16, d_n1);
    unhex(n2, 16, d_n2);
    unhex(a1, 7, d_a1);
    unhex(a2, 7, d_a2);
    st = fc_ble_f5(p, out, out2, w, n1, n2, a1, a2);
    if (!unsupported(st)) {
        unhex(want, 16, "2965f176 a1084a02 fd3f6a20 ce636e20");
        CHECK(st == FC_OK && memcmp(out, want, 16) == 0, "%s f5 D.3 MacKey (%d)", name, st);
        unhex(want, 16, "69867911 69d7cd23 980522b5 94750a38");
        CHECK(st == FC_OK && memcmp(out2, want, 16) == 0, "%s f5 D.3 LTK", name);
    }

    /* D.4 f6, W = D.3's MacKey */
    unhex(k, 16, "2965f176 a1084a02 fd3f6a20 ce636e20");
    unhex(r, 16, "12a3343b b453bb54 08da42d2 0c2d0fc8");
    unhex(io, 3, "010102");
    st = fc_ble_f6(p, out, k, n1, n2, r, io, a1, a2);
    if (!unsupported(st)) {
        unhex(want, 16, "e3c47398 9cd0e8c5 d26c0b09 da958f61");
        CHECK(st == FC_OK && memcmp(out, want, 16) == 0, "%s f6 D.4 (%d)", name, st);
    }

    /* D.5 g2: 2f9ed5ba, 798938554 mod 10^6 */
    st = fc_ble_g2(p, &value, u, v, x, y);
    if (!unsupported(st))
        CHECK(st == FC_OK && value == 938554u, "%s g2 D.5 (%d: %lu)", name, st,
              (unsigned long)value);

    /* D.6 h6, keyID "lebr" */
    unhex(k, 16, d_w16);
    unhex(keyid, 4, "6c656272");
    st = fc_ble_h6(p, out, k, keyid);
    if (!unsupported(st)) {
        unhex(want, 16, "2d9ae102 e76dc91c e8d3a9e2 80b16399");
        CHECK(st == FC_OK && memcmp(out, want, 16) == 0, "%s h6 D.6 (%d)", name, st);
    }

    /* D.8 h7, SALT "tmp1" */
    unhex(salt, 16, "00000000 00000000 00000000 746d7031");
    st = fc_ble_h7(p, out, salt, k);
    if (!unsupported(st)) {
        unhex(want, 16, "fb173597 c6a3c0ec d2998c2a 75a57011");
        CHECK(st == FC_OK && memcmp(out, want, 16) == 0, "%s h7 D.8 (%d)", name, st);
    }

    /* D.9: LTK to link key with CT2 = 1: ILK = h7("tmp1", LTK), link key = h6(ILK, "lebr") */
    unhex(k, 16, "368df9bc e3264b58 bd066c33 334fbf64");
    st = fc_ble_h7(p, ilk, salt, k);
    if (st == FC_OK)
        st = fc_ble_h6(p, out, ilk, keyid);
    if (!unsupported(st)) {
        unhex(want, 16, "287ad379 dca40253 0a39f1f4 3047b835");
        CHECK(st == FC_OK && memcmp(out, want, 16) == 0, "%s D.9 (%d)", name, st);
    }
    /* D.10: the same with CT2 = 0: ILK = h6(LTK, "tmp1") */
    st = fc_ble_h6(p, ilk, k, salt + 12);
    if (st == FC_OK)
        st = fc_ble_h6(p, out, ilk, keyid);
    if (!unsupported(st)) {
        unhex(want, 16, "bc1ca4ef 633fc1bd 0d8230af ee388fb0");
        CHECK(st == FC_OK && memcmp(out, want, 16) == 0, "%s D.10 (%d)", name, st);
    }

    /* D.7 ah: IRK, prand 708194 -> 0dfbaa */
    unhex(k, 16, d_w16);
    unhex(r, 3, "708194");
    st = fc_ble_ah(p, ah, k, r);
    if (!unsupported(st)) {
        unhex(want, 3, "0dfbaa");
        CHECK(st == FC_OK && memcmp(ah, want, 3) == 0, "%s ah D.7 (%d)", name, st);
    }

    /* 2.2.3 c1 example: k = 0, iat = 1, rat = 0 */
    memset(k, 0, 16);
    unhex(r, 16, "5783D521 56AD6F0E 6388274E C6702EE0");
    unhex(preq, 7, "07071000000101");
    unhex(pres, 7, "05000800000302");
    unhex(ia, 6, "A1A2A3A4A5A6");
    unhex(ra, 6, "B1B2B3B4B5B6");
    st = fc_ble_c1(p, out, k, r, preq, pres, 1, 0, ia, ra);
    if (!unsupported(st)) {
        unhex(want, 16, "1e1e3fef 878988ea d2a74dc5 bef13b86");
        CHECK(st == FC_OK && memcmp(out, want, 16) == 0, "%s c1 2.2.3 (%d)", name, st);
    }

    /* 2.2.4 s1 example: k = 0 */
    unhex(r, 16, "000F0E0D 0C0B0A09 11223344 55667788");
    unhex(r2, 16, "01020304 05060708 99AABBCC DDEEFF00");
    st = fc_ble_s1(p, out, k, r, r2);
    if (!unsupported(st)) {
        unhex(want, 16, "9a1fe1f0 e8b0f49b 5b4216ae 796da062");
        CHECK(st == FC_OK && memcmp(out, want, 16) == 0, "%s s1 2.2.4 (%d)", name, st);
    }

    /* outputs over their own inputs: the result is the same */
    unhex(x, 16, d_n1);
    memcpy(out, x, 16);
    st = fc_ble_f4(p, out, u, v, out, 0);
    if (!unsupported(st)) {
        unhex(want, 16, "f2c916f1 07a9bd1c f1eda1be a974872d");
        CHECK(st == FC_OK && memcmp(out, want, 16) == 0, "%s f4 in place", name);
    }
}

/* set 1 and set 2 both ways; the debug key needs the flag */
static void test_dhkey_samples(const fc_provider *p)
{
    static const char *const sets[2] = {"set 1", "set 2"};
    const char *priv_a[2] = {ds1_priv_a, ds2_priv_a}, *priv_b[2] = {ds1_priv_b, ds2_priv_b};
    const char *pub_a[2] = {ds1_pub_a, ds2_pub_a}, *pub_b[2] = {ds1_pub_b, ds2_pub_b};
    const char *dh[2] = {ds1_dhkey, ds2_dhkey};
    uint8_t pa[32], pb[32], qa[64], qb[64], want[32], out[32], pub[65];
    size_t i;
    fc_status st;
    if (!fc_provider_supports(p, FC_SECP256R1)) {
        skipped++;
        return;
    }
    for (i = 0; i < 2; i++) {
        unhex(pa, 32, priv_a[i]);
        unhex(pb, 32, priv_b[i]);
        unhex(qa, 64, pub_a[i]);
        unhex(qb, 64, pub_b[i]);
        unhex(want, 32, dh[i]);
        /* the public keys are the private keys' */
        CHECK(fc_ec_public_key(p, FC_SECP256R1, pub, pa) == FC_OK && pub[0] == 4 &&
                  memcmp(pub + 1, qa, 64) == 0, "%s %s public A", p->name, sets[i]);
        CHECK(fc_ec_public_key(p, FC_SECP256R1, pub, pb) == FC_OK &&
                  memcmp(pub + 1, qb, 64) == 0, "%s %s public B", p->name, sets[i]);
        st = fc_ble_dhkey(p, out, pa, qb, 0);
        CHECK(st == FC_OK && memcmp(out, want, 32) == 0, "%s %s DHKey A (%d)", p->name,
              sets[i], st);
        /* set 1's A is the debug key: B must be told to accept it */
        memset(out, SENTINEL, sizeof(out));
        st = fc_ble_dhkey(p, out, pb, qa, 0);
        if (i == 0)
            CHECK(st == FC_ERR_KEY && untouched(out, 32), "%s debug peer refused (%d)", p->name,
                  st);
        else
            CHECK(st == FC_OK && memcmp(out, want, 32) == 0, "%s ds2 DHKey B (%d)", p->name, st);
        st = fc_ble_dhkey(p, out, pb, qa, FC_BLE_ALLOW_DEBUG_KEY);
        CHECK(st == FC_OK && memcmp(out, want, 32) == 0, "%s %s DHKey B, flag (%d)", p->name,
              sets[i], st);
    }
    /* the header's constants are the debug pair of 2.3.5.6.1 (= set 1's A) */
    unhex(pa, 32, ds1_priv_a);
    unhex(qa, 64, ds1_pub_a);
    CHECK(memcmp(fc_ble_debug_private, pa, 32) == 0 && memcmp(fc_ble_debug_public, qa, 64) == 0,
          "debug constants");
}

/* P-256's p, MSB first */
static const char *const p256_p =
    "ffffffff 00000001 00000000 00000000 00000000 ffffffff ffffffff ffffffff";

static void test_invalid_peers(const fc_provider *p)
{
    uint8_t priv[32], good[64], bad[64], out[32];
    size_t i;
    fc_status st;
    if (!fc_provider_supports(p, FC_SECP256R1)) {
        skipped++;
        return;
    }
    unhex(priv, 32, ds2_priv_a);
    unhex(good, 64, ds2_pub_b);
    for (i = 0; i < 7; i++) {
        memcpy(bad, good, 64);
        switch (i) {
        case 0: /* CVE-2018-5383's fixed coordinate: Y set to 0 */
            memset(bad + 32, 0, 32);
            break;
        case 1: /* off the curve: Y's last bit flipped */
            bad[63] ^= 1;
            break;
        case 2: /* X = p */
            unhex(bad, 32, p256_p);
            break;
        case 3: /* Y = p, which is 0 mod p: the fixed coordinate again, written >= p */
            unhex(bad + 32, 32, p256_p);
            break;
        case 4: /* (0, 0): where the point at infinity is sometimes encoded */
            memset(bad, 0, 64);
            break;
        case 5: /* all ones: both coordinates >= p */
            memset(bad, 0xff, 64);
            break;
        default: /* the debug key with Y zeroed: invalid even with the flag */
            memcpy(bad, fc_ble_debug_public, 32);
            memset(bad + 32, 0, 32);
            break;
        }
        memset(out, SENTINEL, sizeof(out));
        st = fc_ble_dhkey(p, out, priv, bad, 0);
        CHECK(st == FC_ERR_POINT && untouched(out, 32), "%s invalid peer %zu: %d", p->name, i,
              st);
        st = fc_ble_dhkey(p, out, priv, bad, FC_BLE_ALLOW_DEBUG_KEY);
        CHECK(st == FC_ERR_POINT && untouched(out, 32), "%s invalid peer %zu, flag: %d",
              p->name, i, st);
    }
    /* Y = p - Y (the negated point) is valid: the check is not a mere "Y changed" test */
    {
        uint8_t neg[64];
        unsigned borrow = 0;
        uint8_t pp[32];
        int j;
        unhex(pp, 32, p256_p);
        memcpy(neg, good, 32);
        for (j = 31; j >= 0; j--) {
            unsigned d = (unsigned)pp[j] - good[32 + j] - borrow;
            neg[32 + j] = (uint8_t)d;
            borrow = (d >> 8) & 1;
        }
        CHECK(fc_ble_dhkey(p, out, priv, neg, 0) == FC_OK, "%s negated peer accepted", p->name);
    }
    /* private keys 0 and n are refused */
    memset(out, SENTINEL, sizeof(out));
    memset(priv, 0, 32);
    CHECK(fc_ble_dhkey(p, out, priv, good, 0) == FC_ERR_KEY && untouched(out, 32),
          "%s private 0", p->name);
    unhex(priv, 32, "ffffffff 00000000 ffffffff ffffffff bce6faad a7179e84 f3b9cac2 fc632551");
    CHECK(fc_ble_dhkey(p, out, priv, good, 0) == FC_ERR_KEY && untouched(out, 32),
          "%s private n", p->name);
}

static void test_nulls(const fc_provider *p)
{
    uint8_t in[64], out[16], out2[16], dh[32], priv[32], pub[64];
    uint32_t value = 0x5a5a5a5au;
    memset(in, 0x11, sizeof(in));
    memset(out, SENTINEL, sizeof(out));
    memset(out2, SENTINEL, sizeof(out2));
    memset(dh, SENTINEL, sizeof(dh));
    memset(priv, SENTINEL, sizeof(priv));
    memset(pub, SENTINEL, sizeof(pub));
    CHECK(fc_ble_f4(p, NULL, in, in, in, 0) == FC_ERR_NULL &&
              fc_ble_f4(p, out, NULL, in, in, 0) == FC_ERR_NULL &&
              fc_ble_f4(p, out, in, NULL, in, 0) == FC_ERR_NULL &&
              fc_ble_f4(p, out, in, in, NULL, 0) == FC_ERR_NULL, "f4 NULL");
    CHECK(fc_ble_f5(p, NULL, out2, in, in, in, in, in) == FC_ERR_NULL &&
              fc_ble_f5(p, out, NULL, in, in, in, in, in) == FC_ERR_NULL &&
              fc_ble_f5(p, out, out2, NULL, in, in, in, in) == FC_ERR_NULL &&
              fc_ble_f5(p, out, out2, in, NULL, in, in, in) == FC_ERR_NULL &&
              fc_ble_f5(p, out, out2, in, in, NULL, in, in) == FC_ERR_NULL &&
              fc_ble_f5(p, out, out2, in, in, in, NULL, in) == FC_ERR_NULL &&
              fc_ble_f5(p, out, out2, in, in, in, in, NULL) == FC_ERR_NULL, "f5 NULL");
    CHECK(fc_ble_f6(p, NULL, in, in, in, in, in, in, in) == FC_ERR_NULL &&
              fc_ble_f6(p, out, NULL, in, in, in, in, in, in) == FC_ERR_NULL &&
              fc_ble_f6(p, out, in, NULL, in, in, in, in, in) == FC_ERR_NULL &&
              fc_ble_f6(p, out, in, in, NULL, in, in, in, in) == FC_ERR_NULL &&
              fc_ble_f6(p, out, in, in, in, NULL, in, in, in) == FC_ERR_NULL &&
              fc_ble_f6(p, out, in, in, in, in, NULL, in, in) == FC_ERR_NULL &&
              fc_ble_f6(p, out, in, in, in, in, in, NULL, in) == FC_ERR_NULL &&
              fc_ble_f6(p, out, in, in, in, in, in, in, NULL) == FC_ERR_NULL, "f6 NULL");
    CHECK(fc_ble_g2(p, NULL, in, in, in, in) == FC_ERR_NULL &&
              fc_ble_g2(p, &value, NULL, in, in, in) == FC_ERR_NULL &&
              fc_ble_g2(p, &value, in, NULL, in, in) == FC_ERR_NULL &&
              fc_ble_g2(p, &value, in, in, NULL, in) == FC_ERR_NULL &&
              fc_ble_g2(p, &value, in, in, in, NULL) == FC_ERR_NULL && value == 0x5a5a5a5au,
          "g2 NULL");
    CHECK(fc_ble_h6(p, NULL, in, in) == FC_ERR_NULL && fc_ble_h6(p, out, NULL, in) == FC_ERR_NULL &&
              fc_ble_h6(p, out, in, NULL) == FC_ERR_NULL, "h6 NULL");
    CHECK(fc_ble_h7(p, NULL, in, in) == FC_ERR_NULL && fc_ble_h7(p, out, NULL, in) == FC_ERR_NULL &&
              fc_ble_h7(p, out, in, NULL) == FC_ERR_NULL, "h7 NULL");
    CHECK(fc_ble_ah(p, NULL, in, in) == FC_ERR_NULL && fc_ble_ah(p, out, NULL, in) == FC_ERR_NULL &&
              fc_ble_ah(p, out, in, NULL) == FC_ERR_NULL, "ah NULL");
    CHECK(fc_ble_c1(p, NULL, in, in, in, in, 0, 0, in, in) == FC_ERR_NULL &&
              fc_ble_c1(p, out, NULL, in, in, in, 0, 0, in, in) == FC_ERR_NULL &&
              fc_ble_c1(p, out, in, NULL, in, in, 0, 0, in, in) == FC_ERR_NULL &&
              fc_ble_c1(p, out, in, in, NULL, in, 0, 0, in, in) == FC_ERR_NULL &&
              fc_ble_c1(p, out, in, in, in, NULL, 0, 0, in, in) == FC_ERR_NULL &&
              fc_ble_c1(p, out, in, in, in, in, 0, 0, NULL, in) == FC_ERR_NULL &&
              fc_ble_c1(p, out, in, in, in, in, 0, 0, in, NULL) == FC_ERR_NULL, "c1 NULL");
    /* iat and rat are single bits */
    CHECK(fc_ble_c1(p, out, in, in, in, in, 2, 0, in, in) == FC_ERR_ARGUMENT &&
              fc_ble_c1(p, out, in, in, in, in, 0, 0xff, in, in) == FC_ERR_ARGUMENT,
          "c1 iat / rat");
    CHECK(fc_ble_s1(p, NULL, in, in, in) == FC_ERR_NULL &&
              fc_ble_s1(p, out, NULL, in, in) == FC_ERR_NULL &&
              fc_ble_s1(p, out, in, NULL, in) == FC_ERR_NULL &&
              fc_ble_s1(p, out, in, in, NULL) == FC_ERR_NULL, "s1 NULL");
    CHECK(fc_ble_keypair(p, NULL, NULL, pub) == FC_ERR_NULL &&
              fc_ble_keypair(p, NULL, priv, NULL) == FC_ERR_NULL, "keypair NULL");
    CHECK(fc_ble_dhkey(p, NULL, in, in, 0) == FC_ERR_NULL &&
              fc_ble_dhkey(p, dh, NULL, in, 0) == FC_ERR_NULL &&
              fc_ble_dhkey(p, dh, in, NULL, 0) == FC_ERR_NULL, "dhkey NULL");
    CHECK(untouched(out, 16) && untouched(out2, 16) && untouched(dh, 32) &&
              untouched(priv, 32) && untouched(pub, 64), "%s: refused calls wrote",
          p != NULL ? p->name : "default chain");
}

/* a failing randomness source: the key pair is not written */
static int failing_fill(void *user, uint8_t *out, size_t len)
{
    (void)user;
    (void)out;
    (void)len;
    return -1;
}

static void test_keypair(const fc_provider *p)
{
    uint8_t priv[32], pub[64], want_priv[32], want_pub[64], dh1[32], dh2[32], priv2[32],
        pub2[64];
    tu_fixed_bytes fixed;
    fc_rng rng, bad = {failing_fill, NULL};
    fc_status st;
    if (!fc_provider_supports(p, FC_SECP256R1)) {
        skipped++;
        return;
    }
    /* a fixed source giving set 2's private key A gives set 2's public key A */
    unhex(want_priv, 32, ds2_priv_a);
    unhex(want_pub, 64, ds2_pub_a);
    fixed.bytes = want_priv;
    fixed.len = 32;
    rng.fill = tu_fixed_fill;
    rng.user = &fixed;
    st = fc_ble_keypair(p, &rng, priv, pub);
    CHECK(st == FC_OK && memcmp(priv, want_priv, 32) == 0 && memcmp(pub, want_pub, 64) == 0,
          "%s keypair from set 2's A (%d)", p->name, st);
    memset(priv, SENTINEL, sizeof(priv));
    memset(pub, SENTINEL, sizeof(pub));
    st = fc_ble_keypair(p, &bad, priv, pub);
    CHECK(st == FC_ERR_RNG_FAILED && untouched(priv, 32) && untouched(pub, 64),
          "%s keypair, failing rng (%d)", p->name, st);
    /* two fresh pairs agree on their DHKey */
    CHECK(fc_ble_keypair(p, NULL, priv, pub) == FC_OK &&
              fc_ble_keypair(p, NULL, priv2, pub2) == FC_OK && memcmp(priv, priv2, 32) != 0,
          "%s fresh pairs", p->name);
    CHECK(fc_ble_dhkey(p, dh1, priv, pub2, 0) == FC_OK &&
              fc_ble_dhkey(p, dh2, priv2, pub, 0) == FC_OK && memcmp(dh1, dh2, 32) == 0,
          "%s fresh DHKey", p->name);
}

static void test_reverse(void)
{
    static const uint8_t in[7] = {1, 2, 3, 4, 5, 6, 7};
    uint8_t out[7], buf[6] = {1, 2, 3, 4, 5, 6};
    static const uint8_t rev7[7] = {7, 6, 5, 4, 3, 2, 1}, rev6[6] = {6, 5, 4, 3, 2, 1};
    fc_ble_reverse(out, in, 7);
    CHECK(memcmp(out, rev7, 7) == 0, "reverse odd");
    fc_ble_reverse(buf, buf, 6);
    CHECK(memcmp(buf, rev6, 6) == 0, "reverse in place");
    memcpy(out, in, 7);
    fc_ble_reverse(out, out, 7);
    CHECK(memcmp(out, rev7, 7) == 0, "reverse odd in place");
    fc_ble_reverse(out, in, 0);
    fc_ble_reverse(NULL, in, 7); /* no effect, no crash */
    CHECK(memcmp(out, rev7, 7) == 0, "reverse of nothing");
}

/* One side of a pairing: its keys, nonce, address and IO capabilities. */
typedef struct {
    uint8_t priv[32], pub[64], nonce[16], addr[7], iocap[3];
    uint8_t dhkey[32], mackey[16], ltk[16];
    uint32_t shown;
} side;

/* Numeric Comparison (Vol 3 Part H 2.3.5.6.2 and 2.3.5.6.5): A initiates, B responds. tamper:
 * 0 none, 1 Cb changed in flight, 2 Nb changed in flight, 3 Eb changed in flight. Returns 1
 * when the run completes with equal LTKs, 0 when a check stops it. */
static int numeric_comparison(const fc_provider *p, int tamper)
{
    side a, b;
    uint8_t cb[16], cb_check[16], nb_seen[16], ea[16], eb[16], check[16], zero[16];
    uint32_t va = 0, vb = 0;
    int ok = 1;
    memset(&a, 0, sizeof(a));
    memset(&b, 0, sizeof(b));
    memset(zero, 0, sizeof(zero)); /* ra = rb = 0 in Numeric Comparison */
    unhex(a.addr, 7, "01c01122334455"); /* random static */
    unhex(b.addr, 7, "00a1b2c3d4e5f6"); /* public */
    unhex(a.iocap, 3, "0d0001");        /* AuthReq (bonding, MITM, SC), no OOB, DisplayYesNo */
    unhex(b.iocap, 3, "0d0004");        /* KeyboardDisplay */

    /* public key exchange and DHKey */
    CHECK(fc_ble_keypair(p, NULL, a.priv, a.pub) == FC_OK &&
              fc_ble_keypair(p, NULL, b.priv, b.pub) == FC_OK, "%s NC keys", p->name);
    CHECK(fc_ble_dhkey(p, a.dhkey, a.priv, b.pub, 0) == FC_OK &&
              fc_ble_dhkey(p, b.dhkey, b.priv, a.pub, 0) == FC_OK &&
              memcmp(a.dhkey, b.dhkey, 32) == 0, "%s NC DHKey", p->name);

    /* authentication stage 1: B commits to Nb, A reveals Na, B reveals Nb */
    CHECK(fc_random_bytes(NULL, a.nonce, 16) == FC_OK &&
              fc_random_bytes(NULL, b.nonce, 16) == FC_OK, "%s NC nonces", p->name);
    CHECK(fc_ble_f4(p, cb, b.pub, a.pub, b.nonce, 0) == FC_OK, "%s NC Cb", p->name);
    if (tamper == 1)
        cb[5] ^= 0x20;
    memcpy(nb_seen, b.nonce, 16);
    if (tamper == 2)
        nb_seen[0] ^= 1;
    CHECK(fc_ble_f4(p, cb_check, b.pub, a.pub, nb_seen, 0) == FC_OK, "%s NC Cb check",
          p->name);
    if (!fc_ct_equal(cb, cb_check, 16))
        return 0; /* A aborts: Confirm Value Failed */
    CHECK(fc_ble_g2(p, &va, a.pub, b.pub, a.nonce, nb_seen) == FC_OK &&
              fc_ble_g2(p, &vb, a.pub, b.pub, a.nonce, b.nonce) == FC_OK, "%s NC g2", p->name);
    CHECK(va == vb && va < 1000000u, "%s NC values %lu %lu", p->name, (unsigned long)va,
          (unsigned long)vb);
    a.shown = va;
    b.shown = vb;
    ok &= a.shown == b.shown; /* both users press yes */

    /* authentication stage 2: keys and DHKey checks */
    CHECK(fc_ble_f5(p, a.mackey, a.ltk, a.dhkey, a.nonce, nb_seen, a.addr, b.addr) == FC_OK &&
              fc_ble_f5(p, b.mackey, b.ltk, b.dhkey, a.nonce, b.nonce, a.addr, b.addr) == FC_OK,
          "%s NC f5", p->name);
    CHECK(fc_ble_f6(p, ea, a.mackey, a.nonce, nb_seen, zero, a.iocap, a.addr, b.addr) == FC_OK,
          "%s NC Ea", p->name);
    CHECK(fc_ble_f6(p, check, b.mackey, a.nonce, b.nonce, zero, a.iocap, a.addr, b.addr) ==
              FC_OK, "%s NC Ea check", p->name);
    ok &= fc_ct_equal(ea, check, 16); /* B checks Ea */
    CHECK(fc_ble_f6(p, eb, b.mackey, b.nonce, a.nonce, zero, b.iocap, b.addr, a.addr) == FC_OK,
          "%s NC Eb", p->name);
    if (tamper == 3)
        eb[15] ^= 0x80;
    CHECK(fc_ble_f6(p, check, a.mackey, nb_seen, a.nonce, zero, b.iocap, b.addr, a.addr) ==
              FC_OK, "%s NC Eb check", p->name);
    ok &= fc_ct_equal(eb, check, 16); /* A checks Eb */
    ok &= memcmp(a.ltk, b.ltk, 16) == 0 && memcmp(a.mackey, b.mackey, 16) == 0 &&
          memcmp(a.ltk, a.mackey, 16) != 0;
    fc_zeroize(&a, sizeof(a));
    fc_zeroize(&b, sizeof(b));
    return ok;
}

static void test_numeric_comparison(const fc_provider *p)
{
    if (!fc_provider_supports(p, FC_SECP256R1) || !fc_provider_supports(p, FC_AES_CMAC)) {
        skipped++;
        return;
    }
    CHECK(numeric_comparison(p, 0) == 1, "%s Numeric Comparison run", p->name);
    CHECK(numeric_comparison(p, 1) == 0, "%s tampered Cb undetected", p->name);
    CHECK(numeric_comparison(p, 2) == 0, "%s tampered Nb undetected", p->name);
    CHECK(numeric_comparison(p, 3) == 0, "%s tampered Eb undetected", p->name);
}

/* Stack residue (the method of test_zeroize.c, on the soft provider: fieldcrypt's own code):
 * after each call, the stack its callees used holds no 12-byte piece of the keys, W, T, the
 * DHKey or the results. Sanitizers change the stack layout: the check is left out there. */
#if defined(__SANITIZE_ADDRESS__)
#define BLE_NO_STACK_CHECK 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define BLE_NO_STACK_CHECK 1
#endif
#endif

#ifndef BLE_NO_STACK_CHECK
#define REGION 16384
#define WINDOW 12
#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

static uintptr_t region_top;
static uint8_t snapshot[REGION];

static NOINLINE void paint(void)
{
    volatile uint8_t area[REGION];
    size_t i;
    for (i = 0; i < REGION; i++)
        area[i] = SENTINEL;
    region_top = (uintptr_t)(area + REGION);
}

static NOINLINE int region_holds(const uint8_t *secret, size_t len)
{
    const volatile uint8_t *base = (const volatile uint8_t *)(region_top - REGION);
    size_t i, j;
    for (i = 0; i < REGION; i++)
        snapshot[i] = base[i];
    for (j = 0; j + WINDOW <= len; j++)
        for (i = 0; i + WINDOW <= REGION; i++)
            if (memcmp(snapshot + i, secret + j, WINDOW) == 0)
                return 1;
    return 0;
}

static NOINLINE void test_stack_residue(void)
{
    static const uint8_t salt[16] = {0x6c, 0x88, 0x83, 0x91, 0xaa, 0xf5, 0xa5, 0x38,
                                     0x60, 0x37, 0x0b, 0xdb, 0x5a, 0x60, 0x83, 0xbe};
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t w[32], n1[16], n2[16], a1[7], a2[7], t[16], mackey[16], ltk[16], out[16];
    uint8_t priv[32], pub[64], peer[64], dhkey[32], k[16], r[16];
    uint8_t ah[3];
    unhex(w, 32, ds1_dhkey);
    unhex(n1, 16, d_n1);
    unhex(n2, 16, d_n2);
    unhex(a1, 7, d_a1);
    unhex(a2, 7, d_a2);
    CHECK(fc_mac(soft, FC_AES_CMAC, t, 16, salt, 16, w, 32) == FC_OK, "T");
    paint();
    CHECK(fc_ble_f5(soft, mackey, ltk, w, n1, n2, a1, a2) == FC_OK, "f5");
    CHECK(!region_holds(w, 32), "f5: W left on the stack");
    CHECK(!region_holds(t, 16), "f5: T left on the stack");
    CHECK(!region_holds(mackey, 16), "f5: MacKey left");
    CHECK(!region_holds(ltk, 16), "f5: LTK left");
    paint();
    CHECK(fc_ble_f6(soft, out, mackey, n1, n2, n1, (const uint8_t *)"\x01\x01\x02", a1, a2) ==
              FC_OK, "f6");
    CHECK(!region_holds(mackey, 16) && !region_holds(out, 16), "f6: MacKey or Ea left");
    paint();
    CHECK(fc_ble_h7(soft, out, salt, ltk) == FC_OK, "h7");
    CHECK(!region_holds(ltk, 16) && !region_holds(out, 16), "h7: W or result left");
    paint();
    CHECK(fc_ble_h6(soft, out, ltk, (const uint8_t *)"lebr") == FC_OK, "h6");
    CHECK(!region_holds(ltk, 16) && !region_holds(out, 16), "h6: W or result left");
    memset(k, 0x3c, 16);
    unhex(r, 16, "5783D521 56AD6F0E 6388274E C6702EE0");
    paint();
    CHECK(fc_ble_c1(soft, out, k, r, a1, a2, 1, 0, a1 + 1, a2 + 1) == FC_OK, "c1");
    CHECK(!region_holds(k, 16), "c1: TK left");
    CHECK(!region_holds(out, 16), "c1: confirm left");
    paint();
    CHECK(fc_ble_s1(soft, out, k, n1, n2) == FC_OK, "s1");
    CHECK(!region_holds(k, 16), "s1: TK left");
    CHECK(!region_holds(out, 16), "s1: STK left");
    paint();
    CHECK(fc_ble_ah(soft, ah, k, r) == FC_OK, "ah");
    CHECK(!region_holds(k, 16), "ah: IRK left");
    paint();
    CHECK(fc_ble_keypair(soft, NULL, priv, pub) == FC_OK, "keypair");
    CHECK(!region_holds(priv, 32), "keypair: private key left on the stack");
    unhex(peer, 64, ds1_pub_b);
    paint();
    CHECK(fc_ble_dhkey(soft, dhkey, priv, peer, 0) == FC_OK, "dhkey");
    CHECK(!region_holds(priv, 32), "dhkey: private key left on the stack");
    CHECK(!region_holds(dhkey, 32), "dhkey: DHKey left on the stack");
}
#endif

int main(void)
{
    size_t i;
    test_reverse();
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        test_toolbox(p);
        test_dhkey_samples(p);
        test_invalid_peers(p);
        test_nulls(p);
        test_keypair(p);
        test_numeric_comparison(p);
    }
    /* the default chain (NULL provider) too */
    test_nulls(NULL);
    {
        uint8_t u[32], v[32], x[16], out[16], want[16];
        unhex(u, 32, d_u);
        unhex(v, 32, d_v);
        unhex(x, 16, d_n1);
        unhex(want, 16, "f2c916f1 07a9bd1c f1eda1be a974872d");
        CHECK(fc_ble_f4(NULL, out, u, v, x, 0) == FC_OK && memcmp(out, want, 16) == 0,
              "default chain f4");
    }
#ifndef BLE_NO_STACK_CHECK
    test_stack_residue();
#endif
    printf("ble: %zu provider calls skipped (unsupported)\n", skipped);
    return tu_finish("ble");
}
