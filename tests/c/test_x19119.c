/* Curve19119: every vector of tests/vectors/x19119 (fieldcrypt's own, from the plain-Python
 * reference) through every provider whose chain has X19119; group checks with the soft provider's
 * unclamped ladder (q times the base point, 8q times mapped points); the CPace-X19119-SHA512
 * vector end to end through fc_cpace_*, low-order shares and the API's refusals. */
#include <stdlib.h>
#include <string.h>

#include "../../src/pake/cpace_internal.h"
#include "../../src/providers/soft/x19119_internal.h"
#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"
#include "vectors.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

#if FC_WITH_X19119

/* hex of exactly 24 bytes into out */
static void unhex24(uint8_t out[24], const char *hex)
{
    size_t n;
    uint8_t *b = tu_unhex(hex, &n);
    if (n != 24) {
        fprintf(stderr, "vector is not 24 bytes: %s\n", hex);
        exit(2);
    }
    memcpy(out, b, 24);
    free(b);
}

static void run_ladder(const fc_provider *p)
{
    size_t i;
    for (i = 0; i < COUNT(x19119_vectors); i++) {
        const x19119_vec *v = &x19119_vectors[i];
        uint8_t k[24], u[24], want[24], out[24];
        fc_status st;
        int ok;
        unhex24(k, v->scalar);
        unhex24(u, v->u);
        unhex24(want, v->output);
        memset(out, 0xa5, sizeof(out));
        st = fc_xdh(p, FC_X19119, out, k, u);
        if (fc_ct_is_zero(want, 24))
            ok = st == FC_ERR_ZERO_SHARED && fc_ct_is_zero(out, 24);
        else
            ok = st == FC_OK && memcmp(out, want, 24) == 0;
        CHECK(ok, "%s x19119 vector %zu (%s): %s", p->name, i, v->comment, fc_status_str(st));
    }
}

static void run_iterated(const fc_provider *p)
{
    size_t i;
    for (i = 0; i < COUNT(x19119_iterated); i++) {
        const x25519_iter_vec *v = &x19119_iterated[i];
        uint8_t k[24] = {11}, u[24] = {11}, r[24];
        unsigned long j;
        int ok = 1;
        for (j = 0; j < v->iterations && ok; j++) {
            ok = fc_xdh(p, FC_X19119, r, k, u) == FC_OK;
            memcpy(u, k, 24);
            memcpy(k, r, 24);
        }
        CHECK(ok && tu_hex_eq(k, 24, v->k), "%s x19119 after %lu iterations", p->name, v->iterations);
    }
}

static void run_base(const fc_provider *p)
{
    static const uint8_t eleven[24] = {11};
    size_t i;
    for (i = 0; i < COUNT(x19119_base_vectors); i++) {
        uint8_t k[24], pub[24], pub2[24];
        unhex24(k, x19119_base_vectors[i].scalar);
        CHECK(fc_xdh_base(p, FC_X19119, pub, k) == FC_OK &&
                  tu_hex_eq(pub, 24, x19119_base_vectors[i].pub), "%s x19119 base %zu", p->name, i);
        CHECK(fc_xdh(p, FC_X19119, pub2, k, eleven) == FC_OK && memcmp(pub, pub2, 24) == 0,
              "%s x19119 base %zu through fc_xdh(u = 11)", p->name, i);
    }
}

static void run_elligator2(const fc_provider *p)
{
    size_t i;
    for (i = 0; i < COUNT(x19119_elligator2); i++) {
        uint8_t r[24], out[24];
        unhex24(r, x19119_elligator2[i].r);
        CHECK(fc_map(p, FC_ELLIGATOR2_CURVE19119, out, r) == FC_OK &&
                  tu_hex_eq(out, 24, x19119_elligator2[i].u),
              "%s elligator2-curve19119 vector %zu", p->name, i);
    }
}

/* The prime order q = 2^188 + 6805822842506810719592233527 of the base point, little-endian. */
static const uint8_t order_q[24] = {0x37, 0xba, 0x4f, 0x27, 0x90, 0xda, 0xe2, 0x91,
                                    0x0b, 0xa5, 0xfd, 0x15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10};

/* x += c (c small), little-endian, wrapping mod 2^192 */
static void add_small(uint8_t x[24], int c)
{
    int i, t = c;
    for (i = 0; i < 24; i++) {
        t += x[i];
        x[i] = (uint8_t)t;
        t = t < 0 ? -1 : t >> 8;
    }
}

/* Group structure through fc_soft_x19119_raw (no clamping, all 192 bits). */
static void test_group(void)
{
    static const uint8_t eleven[24] = {11};
    uint8_t k[24], out[24], r[24], m[24], q8[24];
    size_t i;

    CHECK(fc_soft_x19119_raw(out, order_q, eleven) == 1 && fc_ct_is_zero(out, 24),
          "q * base point is the neutral element");
    memcpy(k, order_q, 24);
    add_small(k, -1);
    CHECK(fc_soft_x19119_raw(out, k, eleven) == 0 && memcmp(out, eleven, 24) == 0,
          "(q - 1) * base point = -base point, u = 11");
    add_small(k, 2);
    CHECK(fc_soft_x19119_raw(out, k, eleven) == 0 && memcmp(out, eleven, 24) == 0,
          "(q + 1) * base point = base point");
    memset(k, 0, 24);
    k[0] = 1;
    CHECK(fc_soft_x19119_raw(out, k, eleven) == 0 && memcmp(out, eleven, 24) == 0, "1 * base point");
    /* the raw ladder on a clamped scalar is fc_xdh(FC_X19119) */
    unhex24(k, x19119_vectors[0].scalar);
    unhex24(r, x19119_vectors[0].u);
    k[0] &= 248;
    k[23] = (uint8_t)((k[23] & 127) | 64);
    CHECK(fc_soft_x19119_raw(out, k, r) == 0 && tu_hex_eq(out, 24, x19119_vectors[0].output),
          "raw ladder on the clamped scalar");

    /* 8q kills every point of the curve: mapped points are on the curve (never the twist) */
    for (i = 0; i < 24; i++) /* q8 = 8 q = q << 3 (q < 2^189) */
        q8[i] = (uint8_t)((order_q[i] << 3) | (i > 0 ? order_q[i - 1] >> 5 : 0));
    for (i = 0; i < COUNT(x19119_elligator2); i++) {
        unhex24(r, x19119_elligator2[i].r);
        CHECK(fc_map(NULL, FC_ELLIGATOR2_CURVE19119, m, r) == FC_OK, "map %zu", i);
        CHECK(fc_soft_x19119_raw(out, q8, m) == 1, "8q * mapped point %zu is the neutral element", i);
        memset(k, 0, 24);
        k[0] = 8;
        /* not of small order (the chance of a mapped point of order <= 8 is negligible) */
        CHECK(fc_soft_x19119_raw(out, k, m) == 0 && !fc_ct_is_zero(out, 24), "8 * mapped %zu", i);
    }
}

static void test_api(const fc_provider *p)
{
    uint8_t k[24] = {1}, u[24] = {9}, out[24], ref[24];
    const fc_provider *soft = fc_provider_find("soft"), *ossl = fc_provider_find("openssl");
    CHECK(fc_xdh(p, FC_X19119, NULL, k, u) == FC_ERR_NULL &&
          fc_xdh(p, FC_X19119, out, NULL, u) == FC_ERR_NULL &&
          fc_xdh(p, FC_X19119, out, k, NULL) == FC_ERR_NULL, "NULL x19119");
    CHECK(fc_xdh_base(p, FC_X19119, NULL, k) == FC_ERR_NULL &&
          fc_xdh_base(p, FC_X19119, out, NULL) == FC_ERR_NULL, "NULL x19119 base");
    CHECK(fc_map(p, FC_ELLIGATOR2_CURVE19119, NULL, k) == FC_ERR_NULL &&
          fc_map(p, FC_ELLIGATOR2_CURVE19119, out, NULL) == FC_ERR_NULL, "NULL elligator2");
    CHECK(fc_xdh(p, FC_ELLIGATOR2_CURVE19119, out, k, u) == FC_ERR_ARGUMENT &&
          fc_map(p, FC_X19119, out, k) == FC_ERR_ARGUMENT, "ids of the other family");
    if (ossl != NULL) {
        /* OpenSSL has no Curve19119 of its own; the chain behind it (soft) runs it */
        CHECK(!fc_provider_implements(ossl, FC_X19119, NULL) &&
              !fc_provider_implements(ossl, FC_ELLIGATOR2_CURVE19119, NULL),
              "openssl itself has no Curve19119");
        CHECK(fc_provider_supports(ossl, FC_X19119) &&
              fc_provider_supports(ossl, FC_ELLIGATOR2_CURVE19119), "its chain has");
        CHECK(fc_xdh(ossl, FC_X19119, out, k, u) == FC_OK &&
              fc_xdh(soft, FC_X19119, ref, k, u) == FC_OK && memcmp(out, ref, 24) == 0 &&
              fc_xdh_base(ossl, FC_X19119, out, k) == FC_OK &&
              fc_xdh_base(soft, FC_X19119, ref, k) == FC_OK && memcmp(out, ref, 24) == 0 &&
              fc_map(ossl, FC_ELLIGATOR2_CURVE19119, out, k) == FC_OK &&
              fc_map(soft, FC_ELLIGATOR2_CURVE19119, ref, k) == FC_OK && memcmp(out, ref, 24) == 0,
              "x19119 on the openssl chain runs soft's");
    }
    CHECK(fc_provider_implements(soft, FC_X19119, NULL) &&
          fc_provider_implements(soft, FC_ELLIGATOR2_CURVE19119, NULL), "soft has it");
    CHECK(fc_cpace_share_len(FC_CPACE_X19119_SHA512) == 24, "share length");
}

/* ---- CPace-X19119-SHA512 ---- */

static void load(tu_cpace_inputs *in)
{
    const cpace19119_vec *v = &cpace19119_protocol;
    tu_cpace_load(in, v->prs, v->ci, v->sid, v->ada, v->adb, v->ya, v->yb);
}

static fc_cpace_params params(const tu_cpace_inputs *in, const fc_provider *p, fc_cpace_role role,
                              int side_b, int confirm)
{
    return tu_cpace_params(in, FC_CPACE_X19119_SHA512, p, role, side_b, confirm);
}

static void test_cpace_generator(const fc_provider *p)
{
    const cpace19119_vec *v = &cpace19119_protocol;
    tu_cpace_inputs in;
    uint8_t g[24];
    load(&in);
    tu_check_cpace_generator(p, FC_CPACE_X19119_SHA512, "CPace19119", &in, v->generator_string,
                             v->hash_generator_string, v->g, 24);
    CHECK(fc_cpace_generator(p, FC_CPACE_X19119_SHA512, g, 23, in.prs, in.prs_len, in.ci, in.ci_len,
                             in.sid, in.sid_len) == FC_ERR_LENGTH, "%s g buffer too short",
          p->name);
    tu_cpace_free(&in);
}

/* One exchange with the vector's scalars; every value of the vector for the mode. */
static void test_cpace_protocol(const fc_provider *p, int symmetric, int confirm)
{
    const cpace19119_vec *v = &cpace19119_protocol;
    tu_cpace_inputs in;
    fc_cpace_ctx a, b;
    fc_cpace_params pa, pb;
    uint8_t Ya[24], Yb[24], k[24], isk_a[64], isk_b[64], sid_a[64], ta[64], tb[64], buf[256];
    tu_fixed_bytes fa, fb;
    fc_rng ra = {tu_fixed_fill, &fa}, rb = {tu_fixed_fill, &fb};
    fc_sink s;
    fc_sink_buffer(&s, buf, sizeof(buf));
    load(&in);
    fa.bytes = in.ya, fa.len = in.ya_len;
    fb.bytes = in.yb, fb.len = in.yb_len;
    pa = params(&in, p, symmetric ? FC_CPACE_SYMMETRIC : FC_CPACE_INITIATOR, 0, confirm);
    pb = params(&in, p, symmetric ? FC_CPACE_SYMMETRIC : FC_CPACE_RESPONDER, 1, confirm);
    memset(&a, 0, sizeof(a));
    memset(&b, 0, sizeof(b));

    CHECK(fc_cpace_start(&a, &pa, &ra, Ya, sizeof(Ya)) == FC_OK && tu_hex_eq(Ya, 24, v->Ya), "%s Ya", p->name);
    CHECK(fc_cpace_start(&b, &pb, &rb, Yb, sizeof(Yb)) == FC_OK && tu_hex_eq(Yb, 24, v->Yb), "%s Yb", p->name);
    CHECK(fc_xdh(p, FC_X19119, k, in.ya, Yb) == FC_OK && tu_hex_eq(k, 24, v->K), "%s K", p->name);
    fc_cpace_put_transcript(&s, symmetric, Ya, 24, in.ada, in.ada_len, Yb, 24, in.adb, in.adb_len);
    CHECK(tu_hex_eq(buf, s.len, symmetric ? v->transcript_oc : v->transcript_ir), "%s transcript", p->name);

    CHECK(fc_cpace_receive(&a, Yb, 32, in.adb, in.adb_len) == FC_ERR_LENGTH, "%s 32-byte share", p->name);
    CHECK(fc_cpace_receive(&a, Yb, 24, in.adb, in.adb_len) == FC_OK, "%s receive A", p->name);
    CHECK(fc_cpace_receive(&b, Ya, 24, in.ada, in.ada_len) == FC_OK, "%s receive B", p->name);
    if (confirm) {
        CHECK(fc_cpace_tag(&a, ta, 64) == FC_OK && fc_cpace_tag(&b, tb, 64) == FC_OK, "%s tags", p->name);
        CHECK(tu_hex_eq(ta, 64, symmetric ? v->ta_oc : v->ta_ir), "%s Ta", p->name);
        CHECK(tu_hex_eq(tb, 64, symmetric ? v->tb_oc : v->tb_ir), "%s Tb", p->name);
        CHECK(fc_cpace_verify(&a, tb, 64) == FC_OK && fc_cpace_verify(&b, ta, 64) == FC_OK,
              "%s verify", p->name);
    }
    CHECK(fc_cpace_isk(&a, isk_a, 64) == FC_OK && fc_cpace_isk(&b, isk_b, 64) == FC_OK, "%s isk", p->name);
    CHECK(tu_hex_eq(isk_a, 64, symmetric ? v->isk_oc : v->isk_ir), "%s ISK", p->name);
    CHECK(memcmp(isk_a, isk_b, 64) == 0, "%s ISK A == B", p->name);
    CHECK(fc_cpace_sid_output(&a, sid_a, 64) == FC_OK &&
          tu_hex_eq(sid_a, 64, symmetric ? v->sid_output_oc : v->sid_output_ir), "%s sid_output", p->name);
    fc_cpace_wipe(&a);
    fc_cpace_wipe(&b);
    tu_cpace_free(&in);
}

/* A peer share of low order (u = 0, u = 1, and their non-canonical forms) ends the session. */
static void test_cpace_low_order(const fc_provider *p)
{
    static const uint8_t zero[24] = {0}, one[24] = {1};
    /* p = 2^191 - 19 and p + 1, which decode to 0 and 1 */
    static const uint8_t p0[24] = {0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                   0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
    static const uint8_t p1[24] = {0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                   0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
    const uint8_t *shares[4] = {zero, one, p0, p1};
    tu_cpace_inputs in;
    size_t i;
    load(&in);
    for (i = 0; i < 4; i++) {
        fc_cpace_ctx ctx;
        fc_cpace_params prm = params(&in, p, FC_CPACE_INITIATOR, 0, 1);
        uint8_t Y[24], isk[64];
        memset(&ctx, 0, sizeof(ctx));
        CHECK(fc_cpace_start(&ctx, &prm, NULL, Y, sizeof(Y)) == FC_OK, "%s start", p->name);
        CHECK(fc_cpace_receive(&ctx, shares[i], 24, in.adb, in.adb_len) == FC_ERR_ZERO_SHARED,
              "%s low-order share %zu aborts", p->name, i);
        CHECK(fc_cpace_isk(&ctx, isk, 64) == FC_ERR_STATE, "%s no ISK after abort", p->name);
        CHECK(fc_ct_is_zero(ctx.scalar, sizeof(ctx.scalar)) && fc_ct_is_zero(ctx.isk, 64),
              "%s wiped after abort", p->name);
        fc_cpace_wipe(&ctx);
    }
    tu_cpace_free(&in);
}

/* Wrong password: both sides finish the exchange, neither verifies, no key. */
static void test_cpace_wrong_password(const fc_provider *p)
{
    tu_cpace_inputs in;
    fc_cpace_ctx a, b;
    fc_cpace_params pa, pb;
    uint8_t Ya[24], Yb[24], ta[64], tb[64], isk[64];
    load(&in);
    pa = params(&in, p, FC_CPACE_INITIATOR, 0, 1);
    pb = params(&in, p, FC_CPACE_RESPONDER, 1, 1);
    pb.prs = (const uint8_t *)"Passwort";
    memset(&a, 0, sizeof(a));
    memset(&b, 0, sizeof(b));
    CHECK(fc_cpace_start(&a, &pa, NULL, Ya, 24) == FC_OK && fc_cpace_start(&b, &pb, NULL, Yb, 24) == FC_OK,
          "%s start", p->name);
    CHECK(fc_cpace_receive(&a, Yb, 24, in.adb, in.adb_len) == FC_OK &&
          fc_cpace_receive(&b, Ya, 24, in.ada, in.ada_len) == FC_OK, "%s receive", p->name);
    CHECK(fc_cpace_tag(&a, ta, 64) == FC_OK && fc_cpace_tag(&b, tb, 64) == FC_OK, "%s tags", p->name);
    CHECK(fc_cpace_verify(&a, tb, 64) == FC_ERR_VERIFY && fc_cpace_verify(&b, ta, 64) == FC_ERR_VERIFY,
          "%s both reject", p->name);
    CHECK(fc_cpace_isk(&a, isk, 64) == FC_ERR_STATE && fc_cpace_isk(&b, isk, 64) == FC_ERR_STATE,
          "%s no key", p->name);
    fc_cpace_wipe(&a);
    fc_cpace_wipe(&b);
    tu_cpace_free(&in);
}

int main(void)
{
    size_t i;
    unsigned ran = 0;
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        test_api(p);
        if (!fc_provider_supports(p, FC_X19119))
            continue;
        ran++;
        run_ladder(p);
        run_iterated(p);
        run_base(p);
        if (!fc_provider_supports(p, FC_ELLIGATOR2_CURVE19119))
            continue;
        run_elligator2(p);
        if (!fc_provider_supports(p, FC_HMAC_SHA512))
            continue;
        test_cpace_generator(p);
        test_cpace_protocol(p, 0, 0);
        test_cpace_protocol(p, 1, 0);
        test_cpace_protocol(p, 0, 1);
        test_cpace_protocol(p, 1, 1);
        test_cpace_low_order(p);
        test_cpace_wrong_password(p);
    }
    CHECK(ran > 0, "some provider has x19119");
    test_group();
    return tu_finish("test_x19119");
}

#else /* !FC_WITH_X19119 */

/* Built without Curve19119: everything refuses it. */
int main(void)
{
    uint8_t b[24] = {1}, out[24];
    CHECK(fc_xdh(NULL, FC_X19119, out, b, b) == FC_ERR_UNSUPPORTED, "x19119 unsupported");
    CHECK(fc_map(NULL, FC_ELLIGATOR2_CURVE19119, out, b) == FC_ERR_UNSUPPORTED, "map unsupported");
    CHECK(!fc_provider_supports(fc_provider_default(), FC_X19119), "not supported");
    CHECK(fc_cpace_share_len(FC_CPACE_X19119_SHA512) == 0, "no CPace suite");
    return tu_finish("test_x19119 (FC_WITH_X19119 0)");
}

#endif
