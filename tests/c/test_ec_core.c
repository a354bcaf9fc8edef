/* The EC front end (ec.h): the strict DER reader and writer, SubjectPublicKeyInfo, argument
 * checks that leave outputs untouched, and P-256 through every provider of the build: RFC 6979
 * A.2.5's key and signatures, ECDH both ways, SEC1 compression, refusal of bad points and keys.
 * The vector suites (CAVP, Wycheproof) run from the Python tests. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"

/* RFC 6979 A.2.5 (P-256) */
#define P256_D "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"
#define P256_Q "0460fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6" \
               "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299"
/* SHA-256, "sample" and "test" */
#define P256_SIG_SAMPLE "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716" \
                        "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8"
#define P256_SIG_TEST "f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367" \
                      "019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083"
/* SHA-512, "sample" */
#define P256_SIG512 "8496a60b5e9b47c825488827e0495b0e3fa109ec4568fd3f8d1097678eb97f00" \
                    "2362ab1adbe2b8adf9cb9edab740ea6049c028114f2460f96554f61fae3302fe"

static int all(const uint8_t *p, size_t n, uint8_t v)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != v)
            return 0;
    return 1;
}

static void test_der(void)
{
    uint8_t raw[64], back[64], der[80];
    size_t len, i;
    uint8_t *bad;
    size_t bad_len;
    /* rejected encodings of a P-256 signature; each with the reason */
    static const char *const rejects[] = {
        "300602010102010100",          /* a byte after the SEQUENCE */
        "3106020101020101",            /* not a SEQUENCE */
        "308106020101020101",          /* long-form length below 128 */
        "3007020101020101",            /* SEQUENCE longer than its content */
        "3005020101020101",            /* SEQUENCE shorter than its content */
        "3006020180020101",            /* negative r */
        "300702020001020101",          /* r with a needless leading zero */
        "3005020002020101",            /* empty INTEGER */
        "3009020101020101020101",      /* a third INTEGER */
        "3006030101020101",            /* r not an INTEGER */
        "30260221010000000000000000000000000000000000000000000000000000000000000000020101",
                                       /* r of 33 bytes */
        "30",                          /* truncated */
        "",                            /* empty */
    };
    memset(raw, 0, sizeof(raw));
    raw[0] = 0x80; /* r with its top bit set: DER adds a zero byte */
    raw[63] = 1;   /* s = 1: DER drops 31 zero bytes */
    len = sizeof(der);
    CHECK(fc_ecdsa_sig_to_der(FC_SECP256R1, der, &len, raw) == FC_OK && len == 2 + 35 + 3,
          "to DER");
    CHECK(fc_ecdsa_sig_from_der(FC_SECP256R1, back, der, len) == FC_OK &&
              memcmp(back, raw, 64) == 0, "DER round trip");
    len = 10;
    CHECK(fc_ecdsa_sig_to_der(FC_SECP256R1, der, &len, raw) == FC_ERR_LENGTH && len == 10,
          "to DER without room");
    for (i = 0; i < sizeof(rejects) / sizeof(rejects[0]); i++) {
        bad = tu_unhex(rejects[i], &bad_len);
        memset(back, 0xaa, sizeof(back));
        CHECK(fc_ecdsa_sig_from_der(FC_SECP256R1, back, bad, bad_len) == FC_ERR_ENCODING &&
                  all(back, sizeof(back), 0xaa), "DER reject %u", (unsigned)i);
        free(bad);
    }
    CHECK(fc_ecdsa_sig_from_der(FC_SHA256, back, der, 8) == FC_ERR_ARGUMENT, "not a curve");
    CHECK(fc_ecdsa_sig_from_der(FC_SECP256R1, NULL, der, 8) == FC_ERR_NULL, "NULL");
    /* P-521: SEQUENCE length in long form, 66-byte halves */
    memset(raw, 0, sizeof(raw));
    {
        uint8_t r521[132], b521[132], d521[FC_ECDSA_DER_MAX_LEN];
        memset(r521, 0, sizeof(r521));
        r521[0] = 0x01;
        memset(r521 + 1, 0xff, 65);
        r521[66] = 0x01;
        memset(r521 + 67, 0x80, 65);
        len = sizeof(d521);
        CHECK(fc_ecdsa_sig_to_der(FC_SECP521R1, d521, &len, r521) == FC_OK && d521[1] == 0x81 &&
                  fc_ecdsa_sig_from_der(FC_SECP521R1, b521, d521, len) == FC_OK &&
                  memcmp(b521, r521, 132) == 0, "P-521 DER round trip");
    }
}

static void test_spki(void)
{
    /* RFC 5480: SEQUENCE { SEQUENCE { id-ecPublicKey, prime256v1 }, BIT STRING point } */
    uint8_t point[80];
    uint8_t *der;
    size_t der_len, len;
    fc_alg curve = FC_ALG_NONE;
    der = tu_unhex("3059301306072a8648ce3d020106082a8648ce3d03010703420004"
                   "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
                   "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299",
                   &der_len);
    len = sizeof(point);
    CHECK(fc_ec_spki_parse(&curve, point, &len, der, der_len) == FC_OK &&
              curve == FC_SECP256R1 && len == 65 && tu_hex_eq(point, len, P256_Q), "SPKI");
    len = 64;
    CHECK(fc_ec_spki_parse(&curve, point, &len, der, der_len) == FC_ERR_LENGTH, "SPKI room");
    CHECK(fc_ec_spki_parse(&curve, point, &len, der, der_len - 1) == FC_ERR_ENCODING,
          "SPKI truncated");
    der[25] = 0x01; /* unused bits in the BIT STRING */
    len = sizeof(point);
    CHECK(fc_ec_spki_parse(&curve, point, &len, der, der_len) == FC_ERR_ENCODING, "SPKI bits");
    der[25] = 0x00;
    der[16] ^= 0x01; /* namedCurve OID of no curve of the list */
    CHECK(fc_ec_spki_parse(&curve, point, &len, der, der_len) == FC_ERR_UNSUPPORTED,
          "SPKI unknown curve");
    der[16] ^= 0x01;
    der[8] ^= 0x01; /* not id-ecPublicKey */
    CHECK(fc_ec_spki_parse(&curve, point, &len, der, der_len) == FC_ERR_UNSUPPORTED,
          "SPKI other key type");
    free(der);
}

/* P-256 through provider p; skipped where p does not have it */
static void test_p256(const fc_provider *p)
{
    const char *name = p->name;
    uint8_t *d, *q, *msg;
    uint8_t pub[65], pub2[65], comp[33], sig[80], shared[32], shared2[32], priv2[32], buf[80];
    size_t d_len, q_len, msg_len, len;
    fc_status st;
    if (!fc_provider_supports(p, FC_SECP256R1))
        return;
    d = tu_unhex(P256_D, &d_len);
    q = tu_unhex(P256_Q, &q_len);
    msg = tu_unhex("73616d706c65", &msg_len); /* "sample" */
    CHECK(fc_ec_public_key(p, FC_SECP256R1, pub, d) == FC_OK && tu_hex_eq(pub, 65, P256_Q),
          "%s: public key", name);
    len = sizeof(sig);
    st = fc_ecdsa_sign(p, FC_SECP256R1, FC_SHA256, NULL, sig, &len, d, msg, msg_len, 0);
    CHECK(st == FC_OK && len == 64 && tu_hex_eq(sig, 64, P256_SIG_SAMPLE), "%s: sign %d", name,
          st);
    len = sizeof(sig);
    st = fc_ecdsa_sign(p, FC_SECP256R1, FC_SHA256, NULL, sig, &len, d,
                       (const uint8_t *)"test", 4, 0);
    CHECK(st == FC_OK && tu_hex_eq(sig, 64, P256_SIG_TEST), "%s: sign test", name);
    len = sizeof(sig);
    st = fc_ecdsa_sign(p, FC_SECP256R1, FC_SHA512, NULL, sig, &len, d, msg, msg_len, 0);
    CHECK(st == FC_OK && tu_hex_eq(sig, 64, P256_SIG512), "%s: sign sha512", name);
    CHECK(fc_ecdsa_verify(p, FC_SECP256R1, FC_SHA512, q, q_len, msg, msg_len, sig, 64, 0) ==
              FC_OK, "%s: verify", name);
    sig[10] ^= 1;
    CHECK(fc_ecdsa_verify(p, FC_SECP256R1, FC_SHA512, q, q_len, msg, msg_len, sig, 64, 0) ==
              FC_ERR_VERIFY, "%s: verify refuses", name);
    CHECK(fc_ecdsa_verify(p, FC_SECP256R1, FC_SHA512, q, q_len, msg, msg_len, sig, 63, 0) ==
              FC_ERR_ENCODING, "%s: verify length", name);
    /* DER and room */
    len = sizeof(sig);
    CHECK(fc_ecdsa_sign(p, FC_SECP256R1, FC_SHA256, NULL, sig, &len, d, msg, msg_len,
                        FC_ECDSA_DER) == FC_OK && len == 72 &&
              fc_ecdsa_verify(p, FC_SECP256R1, FC_SHA256, q, q_len, msg, msg_len, sig, len,
                              FC_ECDSA_DER) == FC_OK, "%s: DER sign", name);
    memset(buf, 0xaa, sizeof(buf));
    len = 63;
    CHECK(fc_ecdsa_sign(p, FC_SECP256R1, FC_SHA256, NULL, buf, &len, d, msg, msg_len, 0) ==
              FC_ERR_LENGTH && len == 63 && all(buf, sizeof(buf), 0xaa), "%s: no room", name);
    len = 71;
    CHECK(fc_ecdsa_sign(p, FC_SECP256R1, FC_SHA256, NULL, buf, &len, d, msg, msg_len,
                        FC_ECDSA_DER) == FC_ERR_LENGTH && all(buf, sizeof(buf), 0xaa),
          "%s: no room for DER", name);
    /* r and s out of range */
    memset(buf, 0, 64);
    CHECK(fc_ecdsa_verify(p, FC_SECP256R1, FC_SHA256, q, q_len, msg, msg_len, buf, 64, 0) ==
              FC_ERR_VERIFY, "%s: r = s = 0", name);
    memset(buf, 0xff, 64);
    CHECK(fc_ecdsa_verify(p, FC_SECP256R1, FC_SHA256, q, q_len, msg, msg_len, buf, 64, 0) ==
              FC_ERR_VERIFY, "%s: r, s >= n", name);
    /* ECDH both ways, compressed and not */
    memset(priv2, 0x42, sizeof(priv2));
    CHECK(fc_ec_public_key(p, FC_SECP256R1, pub2, priv2) == FC_OK, "%s: second key", name);
    CHECK(fc_ecdh(p, FC_SECP256R1, shared, d, pub2, 65) == FC_OK &&
              fc_ec_compress(p, FC_SECP256R1, comp, q, q_len) == FC_OK &&
              fc_ecdh(p, FC_SECP256R1, shared2, priv2, comp, 33) == FC_OK &&
              memcmp(shared, shared2, 32) == 0, "%s: ECDH", name);
    CHECK(fc_ec_decompress(p, FC_SECP256R1, pub, comp, 33) == FC_OK &&
              memcmp(pub, q, 65) == 0, "%s: decompress", name);
    /* bad keys and points change nothing */
    memset(buf, 0xaa, sizeof(buf));
    memset(priv2, 0, sizeof(priv2));
    CHECK(fc_ecdh(p, FC_SECP256R1, buf, priv2, q, q_len) == FC_ERR_KEY &&
              all(buf, 32, 0xaa), "%s: zero key", name);
    memcpy(pub2, q, 65);
    pub2[64] ^= 1;
    CHECK(fc_ecdh(p, FC_SECP256R1, buf, d, pub2, 65) == FC_ERR_POINT && all(buf, 32, 0xaa),
          "%s: off-curve point", name);
    CHECK(fc_ec_check_public(p, FC_SECP256R1, pub2, 65) == FC_ERR_POINT, "%s: check", name);
    CHECK(fc_ec_check_public(p, FC_SECP256R1, q, q_len) == FC_OK, "%s: check good", name);
    pub2[0] = 0x00;
    CHECK(fc_ecdh(p, FC_SECP256R1, buf, d, pub2, 1) == FC_ERR_ENCODING, "%s: infinity", name);
    CHECK(fc_ecdh(p, FC_SECP256R1, buf, d, q, 64) == FC_ERR_ENCODING, "%s: length", name);
    memset(pub2, 0xff, 65);
    pub2[0] = 0x04;
    CHECK(fc_ecdh(p, FC_SECP256R1, buf, d, pub2, 65) == FC_ERR_POINT, "%s: x >= p", name);
    memset(comp + 1, 0, 32);
    comp[32] = 5; /* x = 5: 125 - 15 + b is not a square mod p */
    st = fc_ecdh(p, FC_SECP256R1, buf, d, comp, 33);
    CHECK(st == FC_ERR_POINT || st == FC_OK, "%s: compressed x", name);
    CHECK(all(buf, 32, 0xaa) || st == FC_OK, "%s: nothing written", name);
    free(d);
    free(q);
    free(msg);
}

static void test_arguments(void)
{
    uint8_t b[200];
    size_t len = sizeof(b);
    memset(b, 1, sizeof(b));
    CHECK(fc_ec_public_key(NULL, FC_SHA256, b, b) == FC_ERR_ARGUMENT, "not a curve");
    CHECK(fc_ec_public_key(NULL, FC_SECP256R1, NULL, b) == FC_ERR_NULL, "NULL pub");
    CHECK(fc_ecdh(NULL, FC_SECP256R1, b, b, NULL, 65) == FC_ERR_NULL, "NULL peer");
    CHECK(fc_ecdsa_sign(NULL, FC_SECP256R1, FC_HMAC_SHA256, NULL, b, &len, b, b, 3, 0) ==
              FC_ERR_ARGUMENT, "not a hash");
    CHECK(fc_ecdsa_sign(NULL, FC_SECP256R1, FC_SHA256, NULL, b, &len, b, b, 3, 0x80) ==
              FC_ERR_ARGUMENT, "unknown flag");
    CHECK(fc_ecdsa_sign_digest(NULL, FC_SECP256R1, FC_SHA256, NULL, b, &len, b, b, 31, 0) ==
              FC_ERR_LENGTH, "digest length");
    CHECK(fc_ecdsa_verify_digest(NULL, FC_SECP256R1, b, 65, b, 32, b, 64, FC_ECDSA_HEDGED) ==
              FC_ERR_ARGUMENT, "hedged verify");
}

int main(void)
{
    size_t i;
    test_der();
    test_spki();
    test_arguments();
    for (i = 0; i < tu_provider_count(); i++)
        test_p256(tu_provider_at(i));
    return tu_finish("test_ec_core");
}
