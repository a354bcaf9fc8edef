/* Ed25519, Ed25519ctx and Ed25519ph (eddsa.h): RFC 8032's vectors through every provider of the
 * build, the verification rules (canonical S, A and R; small-order A and R refused), the
 * conversions to X25519, bad arguments and random round trips. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "providers/soft/soft.h" /* FC_SOFT_ED25519 */
#include "testutil.h"

#include "ed25519_vectors.h"

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
