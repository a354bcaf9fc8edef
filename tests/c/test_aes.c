/* AES (the raw block cipher, fc_block_*): known answers for the three key sizes in both
 * directions through every provider, many blocks at once against one at a time, soft against
 * OpenSSL on random keys and blocks, bad inputs, and the state wiped. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/driver.h"
#include "fieldcrypt/fieldcrypt.h"
#include "providers/soft/soft.h"
#include "testutil.h"

#define SENTINEL 0xA5

typedef struct {
    const char *source, *key, *plain, *cipher; /* plain and cipher: whole blocks */
} aes_vector;

static const aes_vector vectors[] = {
    /* FIPS 197 Appendix C.1, C.2, C.3 */
    {"FIPS 197 C.1", "000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
     "69c4e0d86a7b0430d8cdb78070b4c55a"},
    {"FIPS 197 C.2", "000102030405060708090a0b0c0d0e0f1011121314151617",
     "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191"},
    {"FIPS 197 C.3", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089"},
    /* SP 800-38A F.1.1/F.1.2 ECB-AES128, F.1.3/F.1.4 ECB-AES192, F.1.5/F.1.6 ECB-AES256 */
    {"SP 800-38A F.1.1", "2b7e151628aed2a6abf7158809cf4f3c",
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
     "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"
     "43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4"},
    {"SP 800-38A F.1.3", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
     "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "bd334f1d6e45f25ff712a214571fa5cc974104846d0ad3ad7734ecb3ecee4eef"
     "ef7afd2270e2e60adce0ba2face6444e9a4b41ba738d6c72fb16691603c18e0e"},
    {"SP 800-38A F.1.5", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
     "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
     "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870"
     "b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7"},
};

static uint32_t prng_state = 0x2545F491u;

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

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    size_t i;
    for (i = 0; i < n; i++)
        if (b[i] != 0)
            return 0;
    return 1;
}

static int untouched(const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != SENTINEL)
            return 0;
    return 1;
}

/* Encrypts (dir FC_ENCRYPT) or decrypts len bytes with a context keyed for dirs. */
static fc_status one_shot(const fc_provider *p, unsigned dirs, unsigned dir, uint8_t *out,
                          const uint8_t *key, size_t key_len, const uint8_t *in, size_t len)
{
    fc_block_ctx ctx;
    fc_status st;
    memset(&ctx, 0, sizeof(ctx));
    st = fc_block_init(&ctx, p, FC_AES, dirs, key, key_len);
    if (st != FC_OK)
        return st;
    st = dir == FC_ENCRYPT ? fc_block_encrypt(&ctx, out, in, len)
                           : fc_block_decrypt(&ctx, out, in, len);
    fc_block_wipe(&ctx);
    return st;
}

static void test_known_answers(void)
{
    size_t i, v;
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        if (!fc_provider_supports(p, FC_AES))
            continue;
        for (v = 0; v < sizeof(vectors) / sizeof(vectors[0]); v++) {
            const aes_vector *t = &vectors[v];
            size_t klen, plen, clen, off;
            uint8_t *key = tu_unhex(t->key, &klen), *pt = tu_unhex(t->plain, &plen);
            uint8_t *ct = tu_unhex(t->cipher, &clen), buf[64];
            fc_block_ctx ctx;
            unsigned dirs;
            for (dirs = 1; dirs <= 3; dirs++) {
                if (dirs & FC_ENCRYPT) {
                    CHECK(one_shot(p, dirs, FC_ENCRYPT, buf, key, klen, pt, plen) == FC_OK &&
                              memcmp(buf, ct, clen) == 0,
                          "%s encrypt (%s, dir %u)", t->source, p->name, dirs);
                }
                if (dirs & FC_DECRYPT) {
                    CHECK(one_shot(p, dirs, FC_DECRYPT, buf, key, klen, ct, clen) == FC_OK &&
                              memcmp(buf, pt, plen) == 0,
                          "%s decrypt (%s, dir %u)", t->source, p->name, dirs);
                }
            }
            /* in place, a block at a time, on one context */
            memset(&ctx, 0, sizeof(ctx));
            CHECK(fc_block_init(&ctx, p, FC_AES, FC_ENCRYPT | FC_DECRYPT, key, klen) == FC_OK,
                  "%s init (%s)", t->source, p->name);
            memcpy(buf, pt, plen);
            for (off = 0; off < plen; off += 16)
                CHECK(fc_block_encrypt(&ctx, buf + off, buf + off, 16) == FC_OK, "encrypt");
            CHECK(memcmp(buf, ct, clen) == 0, "%s in place encrypt (%s)", t->source, p->name);
            for (off = 0; off < clen; off += 16)
                CHECK(fc_block_decrypt(&ctx, buf + off, buf + off, 16) == FC_OK, "decrypt");
            CHECK(memcmp(buf, pt, plen) == 0, "%s in place decrypt (%s)", t->source, p->name);
            fc_block_wipe(&ctx);
            CHECK(all_zero(&ctx, sizeof(ctx)), "%s context zero after wipe (%s)", t->source,
                  p->name);
            free(key);
            free(pt);
            free(ct);
        }
    }
}

/* n blocks in one call equal n calls of one block, n = 1..9, both directions, in place too. */
static void test_many_blocks(void)
{
    static const size_t key_lens[3] = {16, 24, 32};
    size_t i, k, n, b;
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        if (!fc_provider_supports(p, FC_AES))
            continue;
        for (k = 0; k < 3; k++) {
            uint8_t key[32], in[9 * 16], whole[9 * 16], single[9 * 16], back[9 * 16];
            fc_block_ctx ctx;
            random_bytes(key, sizeof(key));
            memset(&ctx, 0, sizeof(ctx));
            CHECK(fc_block_init(&ctx, p, FC_AES, FC_ENCRYPT | FC_DECRYPT, key, key_lens[k]) ==
                      FC_OK, "init");
            for (n = 1; n <= 9; n++) {
                int ok = 1;
                random_bytes(in, 16 * n);
                ok &= fc_block_encrypt(&ctx, whole, in, 16 * n) == FC_OK;
                for (b = 0; b < n; b++)
                    ok &= fc_block_encrypt(&ctx, single + 16 * b, in + 16 * b, 16) == FC_OK;
                ok &= memcmp(whole, single, 16 * n) == 0;
                ok &= fc_block_decrypt(&ctx, back, whole, 16 * n) == FC_OK &&
                      memcmp(back, in, 16 * n) == 0;
                for (b = 0; b < n; b++)
                    ok &= fc_block_decrypt(&ctx, back + 16 * b, whole + 16 * b, 16) == FC_OK;
                ok &= memcmp(back, in, 16 * n) == 0;
                /* in place, all at once */
                memcpy(back, in, 16 * n);
                ok &= fc_block_encrypt(&ctx, back, back, 16 * n) == FC_OK &&
                      memcmp(back, whole, 16 * n) == 0;
                ok &= fc_block_decrypt(&ctx, back, back, 16 * n) == FC_OK &&
                      memcmp(back, in, 16 * n) == 0;
                CHECK(ok, "%zu blocks at once, AES-%zu (%s)", n, 8 * key_lens[k], p->name);
            }
            /* zero blocks: nothing to do, nothing written */
            memset(back, SENTINEL, sizeof(back));
            CHECK(fc_block_encrypt(&ctx, back, in, 0) == FC_OK && untouched(back, sizeof(back)),
                  "zero length");
            fc_block_wipe(&ctx);
        }
    }
}

/* soft against OpenSSL's own AES (the "openssl" provider itself, not soft behind it). */
static void test_against_openssl(void)
{
    const fc_provider *soft = fc_provider_find("soft"), *ossl = fc_provider_find("openssl");
    int i, mismatches = 0;
    if (ossl == NULL || !fc_provider_implements(ossl, FC_AES, NULL)) {
        printf("test_aes: no OpenSSL AES in this build, random comparison skipped\n");
        return;
    }
    for (i = 0; i < 1000; i++) {
        static const size_t key_lens[3] = {16, 24, 32};
        size_t klen = key_lens[i % 3], len = 16 * (1 + prng() % 5);
        uint8_t key[32], in[80], a[80], b[80];
        random_bytes(key, klen);
        random_bytes(in, len);
        if (one_shot(soft, FC_ENCRYPT, FC_ENCRYPT, a, key, klen, in, len) != FC_OK ||
            one_shot(ossl, FC_ENCRYPT, FC_ENCRYPT, b, key, klen, in, len) != FC_OK ||
            memcmp(a, b, len) != 0)
            mismatches++;
        if (one_shot(soft, FC_DECRYPT, FC_DECRYPT, a, key, klen, in, len) != FC_OK ||
            one_shot(ossl, FC_DECRYPT, FC_DECRYPT, b, key, klen, in, len) != FC_OK ||
            memcmp(a, b, len) != 0)
            mismatches++;
    }
    CHECK(mismatches == 0, "%d of 2000 soft/OpenSSL AES results differ", mismatches);
}

static void test_bad_inputs(void)
{
    static const size_t bad_key_lens[4] = {0, 15, 17, 33};
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t key[33], in[48], out[48];
    fc_block_ctx ctx;
    size_t i;

    memset(key, 7, sizeof(key));
    memset(in, 1, sizeof(in));
    for (i = 0; i < 4; i++) {
        memset(&ctx, 0, sizeof(ctx));
        CHECK(fc_block_init(&ctx, soft, FC_AES, FC_ENCRYPT, key, bad_key_lens[i]) ==
                  FC_ERR_LENGTH, "key length %zu", bad_key_lens[i]);
        CHECK(all_zero(&ctx, sizeof(ctx)), "key length %zu: context untouched", bad_key_lens[i]);
    }
    memset(&ctx, 0, sizeof(ctx));
    CHECK(fc_block_init(NULL, soft, FC_AES, FC_ENCRYPT, key, 16) == FC_ERR_NULL, "NULL ctx");
    CHECK(fc_block_init(&ctx, soft, FC_AES, FC_ENCRYPT, NULL, 16) == FC_ERR_NULL, "NULL key");
    CHECK(fc_block_init(&ctx, soft, FC_AES, 0, key, 16) == FC_ERR_ARGUMENT, "no direction");
    CHECK(fc_block_init(&ctx, soft, FC_AES, 4, key, 16) == FC_ERR_ARGUMENT, "bad direction");
    CHECK(fc_block_init(&ctx, soft, FC_SHA256, FC_ENCRYPT, key, 16) == FC_ERR_ARGUMENT,
          "not a block cipher");
    /* not initialised */
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_block_encrypt(&ctx, out, in, 16) == FC_ERR_STATE && untouched(out, sizeof(out)),
          "encrypt before init");

    /* keyed for decryption only: encryption refused, and the other way round */
    CHECK(fc_block_init(&ctx, soft, FC_AES, FC_DECRYPT, key, 16) == FC_OK, "decrypt-only init");
    CHECK(fc_block_init(&ctx, soft, FC_AES, FC_DECRYPT, key, 16) == FC_ERR_STATE,
          "init on an active context");
    CHECK(fc_block_encrypt(&ctx, out, in, 16) == FC_ERR_STATE && untouched(out, sizeof(out)),
          "encrypt on a decrypt-only context");
    CHECK(fc_block_decrypt(&ctx, out, in, 16) == FC_OK, "decrypt on a decrypt-only context");
    fc_block_wipe(&ctx);
    CHECK(fc_block_init(&ctx, soft, FC_AES, FC_ENCRYPT, key, 32) == FC_OK, "encrypt-only init");
    memset(out, SENTINEL, sizeof(out));
    CHECK(fc_block_decrypt(&ctx, out, in, 16) == FC_ERR_STATE && untouched(out, sizeof(out)),
          "decrypt on an encrypt-only context");

    /* lengths that are not whole blocks */
    for (i = 1; i < sizeof(in); i++) {
        if (i % 16 == 0)
            continue;
        CHECK(fc_block_encrypt(&ctx, out, in, i) == FC_ERR_LENGTH &&
                  untouched(out, sizeof(out)), "length %zu", i);
    }
    /* NULL buffers */
    CHECK(fc_block_encrypt(NULL, out, in, 16) == FC_ERR_NULL, "NULL ctx encrypt");
    CHECK(fc_block_encrypt(&ctx, NULL, in, 16) == FC_ERR_NULL, "NULL out");
    CHECK(fc_block_encrypt(&ctx, out, NULL, 16) == FC_ERR_NULL && untouched(out, sizeof(out)),
          "NULL in");
    CHECK(fc_block_decrypt(&ctx, NULL, in, 16) == FC_ERR_NULL, "NULL out (decrypt)");
    CHECK(fc_block_encrypt(&ctx, NULL, NULL, 0) == FC_OK, "NULL buffers with no blocks");

    /* the schedule lives in the context and is gone after the wipe */
    CHECK(!all_zero(ctx.state.bytes, sizeof(ctx.state.bytes)), "state holds the schedule");
    fc_block_wipe(&ctx);
    CHECK(all_zero(&ctx, sizeof(ctx)), "context zero after wipe");
    CHECK(fc_block_encrypt(&ctx, out, in, 16) == FC_ERR_STATE && untouched(out, sizeof(out)),
          "encrypt after wipe");
    fc_block_wipe(NULL);
}

/* The descriptor: constant time, a state that fits the AEAD's 256-byte AES area. */
static void test_descriptor(void)
{
    unsigned flags = 0;
    CHECK(fc_soft_aes.alg == FC_AES && (fc_soft_aes.flags & FC_IMPL_CONSTANT_TIME) != 0,
          "descriptor");
    CHECK(fc_soft_aes.state_size > 0 && fc_soft_aes.state_size <= 256, "state %u bytes",
          (unsigned)fc_soft_aes.state_size);
    CHECK(fc_provider_implements(fc_provider_find("soft"), FC_AES, &flags) &&
              (flags & FC_IMPL_CONSTANT_TIME) != 0, "soft implements AES");
}

int main(void)
{
    test_descriptor();
    test_known_answers();
    test_many_blocks();
    test_against_openssl();
    test_bad_inputs();
    return tu_finish("test_aes");
}
