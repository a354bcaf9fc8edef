/* Salsa20 through the stream front end, on every provider of the build that has it: the
 * keystream XOR split at every offset and with the buffers at every alignment (fc_stream_xor
 * takes whole words where out, in and the buffered keystream are all 4-aligned, bytes
 * otherwise), in place, the 64-bit block counter carried across 2^32, and HSalsa20's known
 * answers (the chain of "Cryptography in NaCl" (Bernstein, 2009), section 7: firstkey and
 * secondkey), which run the same block function as the stream. The stream's own known answers
 * (eSTREAM) are in test_vectors.c. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"

#define LEN 200

static const uint8_t key[32] = {
    0x80, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f};
static const uint8_t nonce[8] = {0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7};

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = p;
    size_t i;
    for (i = 0; i < n; i++)
        if (b[i] != 0)
            return 0;
    return 1;
}

/* out = in ^ keystream from block 0, in two calls split at cut. */
static fc_status split_xor(const fc_provider *p, uint8_t *out, const uint8_t *in, size_t len,
                           size_t cut)
{
    fc_stream_ctx ctx;
    fc_status st;
    memset(&ctx, 0, sizeof(ctx));
    st = fc_stream_init(&ctx, p, FC_SALSA20, key, 32, nonce, 8, 0);
    if (st == FC_OK)
        st = fc_stream_xor(&ctx, out, in, cut);
    if (st == FC_OK)
        st = fc_stream_xor(&ctx, out + cut, in + cut, len - cut);
    fc_stream_wipe(&ctx);
    CHECK(all_zero(&ctx, sizeof(ctx)), "%s: stream context wiped", p->name);
    return st;
}

static void test_splits_and_alignments(const fc_provider *p)
{
    /* unions: word-aligned buffers, used from offsets 0..3 */
    union {
        uint32_t w[LEN / 4 + 2];
        uint8_t b[LEN + 8];
    } in, out, want, tmp;
    size_t i, cut, oi, oo;
    int ok = 1;

    for (i = 0; i < sizeof(in.b); i++)
        in.b[i] = (uint8_t)(i * 37 + 11);
    CHECK(fc_stream(p, FC_SALSA20, want.b, in.b, LEN, key, 32, nonce, 8) == FC_OK,
          "%s: one-shot", p->name);
    for (cut = 0; cut <= LEN; cut++) {
        memset(out.b, 0, sizeof(out.b));
        ok &= split_xor(p, out.b, in.b, LEN, cut) == FC_OK &&
              memcmp(out.b, want.b, LEN) == 0;
    }
    CHECK(ok, "%s: split at every offset", p->name);

    ok = 1;
    for (oi = 0; oi < 4; oi++)
        for (oo = 0; oo < 4; oo++)
            for (cut = 0; cut <= LEN; cut += 13) {
                memcpy(tmp.b + oi, in.b, LEN);
                memset(out.b, 0, sizeof(out.b));
                ok &= split_xor(p, out.b + oo, tmp.b + oi, LEN, cut) == FC_OK &&
                      memcmp(out.b + oo, want.b, LEN) == 0;
            }
    CHECK(ok, "%s: every alignment of in and out", p->name);

    ok = 1;
    for (oi = 0; oi < 4; oi++) {
        memcpy(tmp.b + oi, in.b, LEN);
        ok &= split_xor(p, tmp.b + oi, tmp.b + oi, LEN, 67) == FC_OK &&
              memcmp(tmp.b + oi, want.b, LEN) == 0;
    }
    CHECK(ok, "%s: in place", p->name);
}

/* Blocks 2^32 - 1 and 2^32 from one context equal the same blocks from contexts started at
 * each: the counter's low word carries into the high one. */
static void test_counter_carry(const fc_provider *p)
{
    uint8_t zeros[128] = {0}, two[128], a[64], b[64];
    fc_stream_ctx ctx;
    int ok;
    memset(&ctx, 0, sizeof(ctx));
    ok = fc_stream_init(&ctx, p, FC_SALSA20, key, 32, nonce, 8, 0xffffffffu) == FC_OK &&
         fc_stream_xor(&ctx, two, zeros, 128) == FC_OK;
    fc_stream_wipe(&ctx);
    ok = ok && fc_stream_init(&ctx, p, FC_SALSA20, key, 32, nonce, 8, 0xffffffffu) == FC_OK &&
         fc_stream_xor(&ctx, a, zeros, 64) == FC_OK;
    fc_stream_wipe(&ctx);
    ok = ok && fc_stream_init(&ctx, p, FC_SALSA20, key, 32, nonce, 8, 0x100000000u) == FC_OK &&
         fc_stream_xor(&ctx, b, zeros, 64) == FC_OK;
    fc_stream_wipe(&ctx);
    if (!ok) {
        /* a provider may cap the counter (e.g. at 2^32 blocks): then it must refuse cleanly */
        CHECK(all_zero(&ctx, sizeof(ctx)), "%s: counter refused, context wiped", p->name);
        return;
    }
    CHECK(memcmp(two, a, 64) == 0 && memcmp(two + 64, b, 64) == 0 && memcmp(a, b, 64) != 0,
          "%s: counter carry into word 9", p->name);
}

static void test_hsalsa20(const fc_provider *p)
{
    /* "Cryptography in NaCl", section 7: firstkey = HSalsa20(shared secret, 0^16), then
     * secondkey = HSalsa20(firstkey, the nonce's first 16 bytes). */
    static const char shared[] =
        "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";
    static const char firstkey[] =
        "1b27556473e985d462cd51197a9a46c76009549eac6474f206c4ee0844f68389";
    static const char nonce16[] = "69696ee955b62b73cd62bda875fc73d6";
    static const char secondkey[] =
        "dc908dda0b9344a953629b733820778880f3ceb421bb61b91cbd4c3e66256ce4";
    uint8_t zero16[16] = {0}, k1[32], k2[32];
    size_t n;
    uint8_t *k = tu_unhex(shared, &n), *in = tu_unhex(nonce16, &n);
    fc_status st = fc_stream_subkey(p, FC_HSALSA20, k1, k, zero16);
    if (st == FC_ERR_UNSUPPORTED) {
        free(k);
        free(in);
        return;
    }
    CHECK(st == FC_OK && tu_hex_eq(k1, 32, firstkey), "%s: HSalsa20 firstkey", p->name);
    CHECK(fc_stream_subkey(p, FC_HSALSA20, k2, k1, in) == FC_OK && tu_hex_eq(k2, 32, secondkey),
          "%s: HSalsa20 secondkey", p->name);
    free(k);
    free(in);
}

int main(void)
{
    size_t i;
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        if (!fc_provider_supports(p, FC_SALSA20)) {
            uint8_t b[4] = {0};
            CHECK(fc_stream(p, FC_SALSA20, b, b, 4, key, 32, nonce, 8) == FC_ERR_UNSUPPORTED,
                  "%s: no salsa20", p->name);
            continue;
        }
        test_splits_and_alignments(p);
        test_counter_carry(p);
        test_hsalsa20(p);
    }
    return tu_finish("test_salsa20");
}
