/* CPace: every value of the draft-21 CPACE-X25519-SHA512 vectors, the key-confirmation example,
 * the 12 low-order points, and the state machine's refusals. Runs on every provider whose chain
 * has SHA-512, HMAC-SHA-512 and X25519 with Elligator2 (on a host build "openssl" too: soft
 * runs the map behind it). */
#include <stdlib.h>
#include <string.h>

#include "../../src/pake/cpace_internal.h"
#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"
#include "vectors.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void test_string_utils(void)
{
    uint8_t buf[512];
    size_t i, n;
    for (i = 0; i < COUNT(cpace_prepend_len); i++) {
        fc_sink s;
        uint8_t *in = tu_unhex(cpace_prepend_len[i].input, &n);
        fc_sink_buffer(&s, buf, sizeof(buf));
        fc_cpace_put_lv(&s, in, n);
        CHECK(s.status == FC_OK && tu_hex_eq(buf, s.len, cpace_prepend_len[i].output), "prepend_len %zu", i);
        free(in);
    }
    for (i = 0; i < COUNT(cpace_lv_cat); i++) {
        fc_sink s;
        int k;
        fc_sink_buffer(&s, buf, sizeof(buf));
        for (k = 0; k < cpace_lv_cat[i].n; k++) {
            uint8_t *in = tu_unhex(cpace_lv_cat[i].inputs[k], &n);
            fc_cpace_put_lv(&s, in, n);
            free(in);
        }
        CHECK(tu_hex_eq(buf, s.len, cpace_lv_cat[i].output), "lv_cat %zu", i);
    }
    for (i = 0; i < COUNT(cpace_lex); i++) {
        size_t na, nb;
        uint8_t *a = tu_unhex(cpace_lex[i].a, &na), *b = tu_unhex(cpace_lex[i].b, &nb);
        CHECK(fc_cpace_lex_larger(a, na, b, nb) == cpace_lex[i].larger, "lex %zu", i);
        free(a);
        free(b);
    }
    for (i = 0; i < COUNT(cpace_ocat); i++) {
        fc_sink s;
        size_t na, nb;
        uint8_t *a = tu_unhex(cpace_ocat[i].a, &na), *b = tu_unhex(cpace_ocat[i].b, &nb);
        fc_sink_buffer(&s, buf, sizeof(buf));
        fc_cpace_put_ocat(&s, a, na, b, nb);
        CHECK(tu_hex_eq(buf, s.len, cpace_ocat[i].output), "o_cat %zu", i);
        free(a);
        free(b);
    }
    for (i = 0; i < COUNT(cpace_transcripts); i++) {
        const cpace_tr_vec *v = &cpace_transcripts[i];
        fc_sink s;
        size_t l1, l2, l3, l4;
        uint8_t *ya = tu_unhex(v->ya, &l1), *ada = tu_unhex(v->ada, &l2);
        uint8_t *yb = tu_unhex(v->yb, &l3), *adb = tu_unhex(v->adb, &l4);
        fc_sink_buffer(&s, buf, sizeof(buf));
        fc_cpace_put_transcript(&s, v->symmetric, ya, l1, ada, l2, yb, l3, adb, l4);
        CHECK(tu_hex_eq(buf, s.len, v->output), "transcript %zu", i);
        free(ya);
        free(ada);
        free(yb);
        free(adb);
    }
    {   /* a buffer sink that is too small reports it and writes nothing past its end */
        uint8_t small[3] = {0};
        fc_sink s;
        fc_sink_buffer(&s, small, 2);
        fc_cpace_put_lv(&s, (const uint8_t *)"abc", 3);
        CHECK(s.status == FC_ERR_LENGTH && small[2] == 0, "sink overflow");
    }
    {   /* a window sink: fc_sink_keeps says which pieces it keeps, those it does not may come
         * without data; a kept piece without data is an error */
        uint8_t win[4] = {0};
        fc_sink s;
        fc_sink_window(&s, win, 4, 6);
        CHECK(fc_sink_keeps(&s, 6) == 0 && fc_sink_keeps(&s, 7) == 1, "window keeps, before");
        fc_sink_put(&s, NULL, 5);
        fc_sink_put(&s, (const uint8_t *)"abcd", 4);   /* message bytes 5..8: b, c, d kept */
        CHECK(fc_sink_keeps(&s, 100) == 1, "window keeps, inside");
        fc_sink_put(&s, (const uint8_t *)"e", 1);
        CHECK(fc_sink_keeps(&s, 100) == 0, "window keeps, after");
        fc_sink_put(&s, NULL, 100);
        CHECK(s.status == FC_OK && s.total == 110 && memcmp(win, "bcde", 4) == 0, "window put");
        fc_sink_window(&s, win, 4, 0);
        fc_sink_put(&s, NULL, 1);
        CHECK(s.status == FC_ERR_NULL, "window put, kept bytes without data");
        fc_sink_buffer(&s, win, 4);
        CHECK(fc_sink_keeps(&s, 1) == 1, "buffer keeps");
        fc_sink_put(&s, NULL, 1);
        CHECK(s.status == FC_ERR_NULL && s.len == 0, "buffer put without data");
    }
}

static void load_inputs(tu_cpace_inputs *in)
{
    const cpace_protocol_vec *v = &cpace_protocol;
    tu_cpace_load(in, v->prs, v->ci, v->sid, v->ada, v->adb, v->ya, v->yb);
}

static fc_cpace_params params_for(const tu_cpace_inputs *in, const fc_provider *p,
                                  fc_cpace_role role, int side_b, int confirm)
{
    return tu_cpace_params(in, FC_CPACE_X25519_SHA512, p, role, side_b, confirm);
}

static void test_generator(const fc_provider *p)
{
    const cpace_protocol_vec *v = &cpace_protocol;
    tu_cpace_inputs in;
    load_inputs(&in);
    tu_check_cpace_generator(p, FC_CPACE_X25519_SHA512, "CPace255", &in, v->generator_string,
                             v->hash_generator_string, v->g, 32);
    tu_cpace_free(&in);
}

/* One full exchange; checks every value the draft gives for the mode. */
static void test_protocol(const fc_provider *p, int symmetric, int confirm)
{
    const cpace_protocol_vec *v = &cpace_protocol;
    tu_cpace_inputs in;
    fc_cpace_ctx a, b;
    fc_cpace_params pa, pb;
    uint8_t Ya[32], Yb[32], k[32], isk_a[64], isk_b[64], sid_a[64], ta[64], tb[64], buf[512];
    tu_fixed_bytes fa, fb;
    fc_rng ra = {tu_fixed_fill, &fa}, rb = {tu_fixed_fill, &fb};
    fc_hash_ctx h;
    fc_sink s;
    load_inputs(&in);
    fa.bytes = in.ya, fa.len = in.ya_len;
    fb.bytes = in.yb, fb.len = in.yb_len;
    pa = params_for(&in, p, symmetric ? FC_CPACE_SYMMETRIC : FC_CPACE_INITIATOR, 0, confirm);
    pb = params_for(&in, p, symmetric ? FC_CPACE_SYMMETRIC : FC_CPACE_RESPONDER, 1, confirm);
    memset(&a, 0, sizeof(a));
    memset(&b, 0, sizeof(b));

    CHECK(fc_cpace_start(&a, &pa, &ra, Ya, sizeof(Ya)) == FC_OK && tu_hex_eq(Ya, 32, v->Ya), "%s Ya", p->name);
    CHECK(fc_cpace_start(&b, &pb, &rb, Yb, sizeof(Yb)) == FC_OK && tu_hex_eq(Yb, 32, v->Yb), "%s Yb", p->name);
    CHECK(fc_xdh(p, FC_X25519, k, in.ya, Yb) == FC_OK && tu_hex_eq(k, 32, v->K), "%s K", p->name);

    /* the ISK hash input, built by the same string code the protocol uses */
    fc_sink_buffer(&s, buf, sizeof(buf));
    fc_cpace_put_lv(&s, (const uint8_t *)"CPace255_ISK", 12);
    fc_cpace_put_lv(&s, in.sid, in.sid_len);
    fc_cpace_put_lv(&s, k, 32);
    {
        size_t start = s.len;
        fc_cpace_put_transcript(&s, symmetric, Ya, 32, in.ada, in.ada_len, Yb, 32, in.adb, in.adb_len);
        CHECK(tu_hex_eq(buf + start, s.len - start, symmetric ? v->transcript_oc : v->transcript_ir),
              "%s transcript", p->name);
    }
    CHECK(tu_hex_eq(buf, s.len, symmetric ? v->isk_input_oc : v->isk_input_ir), "%s isk input", p->name);
    (void)h;

    CHECK(fc_cpace_receive(&a, Yb, 32, in.adb, in.adb_len) == FC_OK, "%s receive A", p->name);
    CHECK(fc_cpace_receive(&b, Ya, 32, in.ada, in.ada_len) == FC_OK, "%s receive B", p->name);
    if (confirm) {
        CHECK(fc_cpace_isk(&a, isk_a, 64) == FC_ERR_STATE, "%s ISK before verify", p->name);
        CHECK(fc_cpace_tag(&a, ta, 64) == FC_OK && fc_cpace_tag(&b, tb, 64) == FC_OK, "%s tags", p->name);
        CHECK(tu_hex_eq(ta, 64, symmetric ? v->ta_oc : v->ta_ir), "%s Ta", p->name);
        CHECK(tu_hex_eq(tb, 64, symmetric ? v->tb_oc : v->tb_ir), "%s Tb", p->name);
        CHECK(fc_cpace_verify(&a, tb, 64) == FC_OK && fc_cpace_verify(&b, ta, 64) == FC_OK,
              "%s verify", p->name);
    }
    CHECK(fc_cpace_isk(&a, isk_a, 64) == FC_OK && fc_cpace_isk(&b, isk_b, 64) == FC_OK, "%s isk", p->name);
    CHECK(tu_hex_eq(isk_a, 64, symmetric ? v->isk_oc : v->isk_ir), "%s ISK A", p->name);
    CHECK(memcmp(isk_a, isk_b, 64) == 0, "%s ISK A == B", p->name);
    CHECK(fc_cpace_sid_output(&a, sid_a, 64) == FC_OK &&
          tu_hex_eq(sid_a, 64, symmetric ? v->sid_output_oc : v->sid_output_ir), "%s sid_output", p->name);
    fc_cpace_wipe(&a);
    fc_cpace_wipe(&b);
    CHECK(fc_ct_is_zero(&a, sizeof(a)), "fc_cpace_wipe clears the context");
    tu_cpace_free(&in);
}

static void test_low_order(const fc_provider *p)
{
    size_t i, n;
    uint8_t *s = tu_unhex(cpace_low_order_scalar, &n);
    tu_cpace_inputs in;
    load_inputs(&in);
    for (i = 0; i < COUNT(cpace_low_order); i++) {
        const cpace_low_order_vec *v = &cpace_low_order[i];
        uint8_t *u = tu_unhex(v->u, &n), q[32], Y[32];
        fc_cpace_ctx ctx;
        fc_cpace_params prm = params_for(&in, p, FC_CPACE_INITIATOR, 0, 0);
        fc_status st = fc_xdh(p, FC_X25519, q, s, u), rs;
        CHECK(v->must_abort ? st == FC_ERR_ZERO_SHARED : (st == FC_OK && tu_hex_eq(q, 32, v->q)),
              "%s low-order %zu", p->name, i);
        /* the same point as the peer's share */
        memset(&ctx, 0, sizeof(ctx));
        CHECK(fc_cpace_start(&ctx, &prm, NULL, Y, 32) == FC_OK, "start");
        rs = fc_cpace_receive(&ctx, u, 32, in.adb, in.adb_len);
        CHECK(v->must_abort ? rs == FC_ERR_ZERO_SHARED : rs == FC_OK, "%s receive low-order %zu", p->name, i);
        if (v->must_abort) {
            uint8_t isk[64];
            CHECK(fc_cpace_isk(&ctx, isk, 64) == FC_ERR_STATE, "no ISK after abort");
            CHECK(fc_ct_is_zero(ctx.scalar, sizeof(ctx.scalar)) && fc_ct_is_zero(ctx.isk, 64), "wiped");
        }
        fc_cpace_wipe(&ctx);
        free(u);
    }
    free(s);
    tu_cpace_free(&in);
}

static void test_refusals(const fc_provider *p)
{
    tu_cpace_inputs in;
    fc_cpace_ctx a, b;
    fc_cpace_params pa, pb;
    uint8_t Ya[32], Yb[32], t[64], isk[64], big[100];
    load_inputs(&in);
    pa = params_for(&in, p, FC_CPACE_INITIATOR, 0, 1);
    pb = params_for(&in, p, FC_CPACE_RESPONDER, 1, 1);
    memset(&a, 0, sizeof(a));
    memset(&b, 0, sizeof(b));

    CHECK(fc_cpace_receive(&a, Yb, 32, NULL, 0) == FC_ERR_STATE, "receive before start");
    CHECK(fc_cpace_start(&a, &pa, NULL, Ya, 31) == FC_ERR_LENGTH, "short share buffer");
    CHECK(fc_cpace_start(NULL, &pa, NULL, Ya, 32) == FC_ERR_NULL, "NULL ctx");
    pa.suite = (fc_cpace_suite)99;
    CHECK(fc_cpace_start(&a, &pa, NULL, Ya, 32) == FC_ERR_ARGUMENT, "bad suite");
    pa.suite = FC_CPACE_X25519_SHA512;
    pa.sid_len = FC_CPACE_MAX_SID + 1;
    pa.sid = big;
    CHECK(fc_cpace_start(&a, &pa, NULL, Ya, 32) == FC_ERR_LENGTH, "sid too long");
    pa = params_for(&in, p, FC_CPACE_INITIATOR, 0, 1);
    {
        fc_rng none = {NULL, NULL};
        CHECK(fc_cpace_start(&a, &pa, &none, Ya, 32) == FC_ERR_NO_RNG, "no rng");
        CHECK(fc_ct_is_zero(&a, sizeof(a)), "nothing left after failed start");
    }
    CHECK(fc_cpace_start(&a, &pa, NULL, Ya, 32) == FC_OK, "start A");
    CHECK(fc_cpace_start(&a, &pa, NULL, Ya, 32) == FC_ERR_STATE, "start twice");
    CHECK(fc_cpace_start(&b, &pb, NULL, Yb, 32) == FC_OK, "start B");
    CHECK(fc_cpace_tag(&a, t, 64) == FC_ERR_STATE, "tag before receive");
    CHECK(fc_cpace_isk(&a, isk, 64) == FC_ERR_STATE, "isk before receive");
    CHECK(fc_cpace_receive(&a, Yb, 31, NULL, 0) == FC_ERR_LENGTH, "short peer share");
    CHECK(fc_cpace_receive(&a, Yb, 33, NULL, 0) == FC_ERR_LENGTH, "long peer share");
    CHECK(fc_cpace_receive(&a, NULL, 32, NULL, 0) == FC_ERR_NULL, "NULL peer share");
    CHECK(fc_cpace_receive(&a, Yb, 32, in.adb, in.adb_len) == FC_OK, "receive after refusals");
    CHECK(fc_cpace_receive(&a, Yb, 32, in.adb, in.adb_len) == FC_ERR_STATE, "receive twice");
    CHECK(fc_cpace_receive(&b, Ya, 32, in.ada, in.ada_len) == FC_OK, "receive B");
    CHECK(fc_cpace_verify(&a, t, 63) == FC_ERR_LENGTH, "short tag");
    /* B reflects A's own tag: refused, and A's session is over */
    CHECK(fc_cpace_tag(&a, t, 64) == FC_OK, "own tag");
    CHECK(fc_cpace_verify(&a, t, 64) == FC_ERR_VERIFY, "reflected tag");
    CHECK(fc_cpace_isk(&a, isk, 64) == FC_ERR_STATE && fc_cpace_tag(&a, t, 64) == FC_ERR_STATE,
          "nothing after failed verify");
    CHECK(fc_ct_is_zero(a.isk, 64) && fc_ct_is_zero(a.peer_tag, 64), "failed verify wipes");
    fc_cpace_wipe(&b);

    /* a reflected share */
    memset(&a, 0, sizeof(a));
    CHECK(fc_cpace_start(&a, &pa, NULL, Ya, 32) == FC_OK, "restart");
    CHECK(fc_cpace_receive(&a, Ya, 32, in.ada, in.ada_len) == FC_ERR_PROTOCOL, "reflected share");
    {   /* the same point in other encodings: bit 255 set, and u + p (Ya is below 2^255 - 19,
         * so u + p may not fit 255 bits; add p only where it does) */
        uint8_t other[32];
        unsigned carry = 0, k;
        memcpy(other, Ya, 32);
        other[31] ^= 0x80;
        CHECK(fc_cpace_start(&a, &pa, NULL, Ya, 32) == FC_OK, "restart");
        memcpy(other, Ya, 32);
        other[31] |= 0x80;
        CHECK(fc_cpace_receive(&a, other, 32, in.ada, in.ada_len) == FC_ERR_PROTOCOL,
              "reflected share with bit 255 set");
        CHECK(fc_cpace_start(&a, &pa, NULL, Ya, 32) == FC_OK, "restart");
        for (k = 0; k < 32; k++) { /* other = Ya + p, p = 2^255 - 19 */
            unsigned pk = k == 0 ? 0xed : k == 31 ? 0x7f : 0xff;
            unsigned v = Ya[k] + pk + carry;
            other[k] = (uint8_t)v;
            carry = v >> 8;
        }
        if (carry == 0 && (other[31] & 0x80) == 0) {
            CHECK(fc_cpace_receive(&a, other, 32, in.ada, in.ada_len) == FC_ERR_PROTOCOL,
                  "reflected share as u + p");
        } else {
            fc_cpace_wipe(&a);
            memset(&a, 0, sizeof(a));
        }
    }
    CHECK(fc_cpace_isk(&a, isk, 64) == FC_ERR_STATE, "no key after reflection");

    /* wrong password: both sides derive, neither verifies, no key */
    {
        fc_cpace_params wrong = params_for(&in, p, FC_CPACE_RESPONDER, 1, 1);
        uint8_t ta[64], tb[64];
        wrong.prs = (const uint8_t *)"Passwort";
        CHECK(fc_cpace_start(&a, &pa, NULL, Ya, 32) == FC_OK, "start after failure");
        memset(&b, 0, sizeof(b));
        CHECK(fc_cpace_start(&b, &wrong, NULL, Yb, 32) == FC_OK, "start wrong pw");
        CHECK(fc_cpace_receive(&a, Yb, 32, in.adb, in.adb_len) == FC_OK, "receive wrong A");
        CHECK(fc_cpace_receive(&b, Ya, 32, in.ada, in.ada_len) == FC_OK, "receive wrong B");
        CHECK(fc_cpace_tag(&a, ta, 64) == FC_OK && fc_cpace_tag(&b, tb, 64) == FC_OK, "tags");
        CHECK(fc_cpace_verify(&a, tb, 64) == FC_ERR_VERIFY, "A rejects");
        CHECK(fc_cpace_verify(&b, ta, 64) == FC_ERR_VERIFY, "B rejects");
        CHECK(fc_cpace_isk(&a, isk, 64) == FC_ERR_STATE && fc_cpace_isk(&b, isk, 64) == FC_ERR_STATE,
              "no key on wrong password");
    }
    fc_cpace_wipe(&a);
    fc_cpace_wipe(&b);
    tu_cpace_free(&in);
}

int main(void)
{
    size_t i;
    test_string_utils();
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        if (!fc_provider_supports(p, FC_ELLIGATOR2_CURVE25519) ||
            !fc_provider_supports(p, FC_HMAC_SHA512))
            continue;
        test_generator(p);
        test_protocol(p, 0, 0);
        test_protocol(p, 1, 0);
        test_protocol(p, 0, 1);
        test_protocol(p, 1, 1);
        test_low_order(p);
        test_refusals(p);
    }
    return tu_finish("test_cpace");
}
