/* Checks shared by the third-party provider tests: see provider_checks.h. */
#include "provider_checks.h"

#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/eddsa.h"
#include "fieldcrypt/kdf.h"
#include "fieldcrypt/xdh.h"
#include "testutil.h"

/* A published known answer: what the inputs mean depends on the algorithm's family (hash:
 * msg; MAC: key, msg; X25519/X448: key = scalar, msg = u; HKDF: key = IKM, salt, info;
 * HChaCha20: key, msg = the 16-byte input; AES: key, msg = plaintext). Hex throughout. */
typedef struct {
    fc_alg alg;
    const char *name; /* with its source, printed on failure */
    const char *key_hex, *msg_hex, *salt_hex, *info_hex, *out_hex;
} pc_vector;

/* One known answer per algorithm, each from its publication. */
static const pc_vector vectors[] = {
    /* FIPS 180-2 Appendix A.1: SHA-1("abc") */
    {FC_SHA1, "FIPS 180-2 A.1 SHA-1(abc)", NULL, "616263", NULL, NULL,
     "a9993e364706816aba3e25717850c26c9cd0d89d"},
    /* FIPS 180-2 change notice 1 (and the FIPS 180-4 examples): SHA-224("abc") */
    {FC_SHA224, "FIPS 180-2 CN1 SHA-224(abc)", NULL, "616263", NULL, NULL,
     "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
    /* FIPS 180-2 Appendix B.1: SHA-256("abc") */
    {FC_SHA256, "FIPS 180-2 B.1 SHA-256(abc)", NULL, "616263", NULL, NULL,
     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    /* FIPS 180-2 Appendix C.1: SHA-512("abc") */
    {FC_SHA512, "FIPS 180-2 C.1 SHA-512(abc)", NULL, "616263", NULL, NULL,
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
    /* RFC 1321 A.5: MD5("abc") */
    {FC_MD5, "RFC 1321 A.5 MD5(abc)", NULL, "616263", NULL, NULL,
     "900150983cd24fb0d6963f7d28e17f72"},
    /* RFC 4231 4.3 (test case 2): key "Jefe", "what do ya want for nothing?" */
    {FC_HMAC_SHA256, "RFC 4231 test case 2 HMAC-SHA-256", "4a656665",
     "7768617420646f2079612077616e7420666f72206e6f7468696e673f", NULL, NULL,
     "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"},
    /* RFC 8439 2.5.2: Poly1305 of "Cryptographic Forum Research Group" */
    {FC_POLY1305, "RFC 8439 2.5.2 Poly1305",
     "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b",
     "43727970746f6772617068696320466f72756d2052657365617263682047726f7570", NULL, NULL,
     "a8061dc1305136c6c22b8baf0c0127a9"},
    /* RFC 4493 4, Example 2: AES-CMAC of 16 bytes */
    {FC_AES_CMAC, "RFC 4493 example 2 AES-CMAC", "2b7e151628aed2a6abf7158809cf4f3c",
     "6bc1bee22e409f96e93d7e117393172a", NULL, NULL, "070a16b46b4d4144f79bdd9dd04a287c"},
    /* FIPS 197 Appendix C.1: AES-128 (run by the caller) */
    {FC_AES, "FIPS 197 C.1 AES-128", "000102030405060708090a0b0c0d0e0f",
     "00112233445566778899aabbccddeeff", NULL, NULL, "69c4e0d86a7b0430d8cdb78070b4c55a"},
    /* RFC 7748 5.2, the first X25519 vector */
    {FC_X25519, "RFC 7748 5.2 X25519 #1",
     "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
     "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c", NULL, NULL,
     "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
    /* RFC 7748 5.2, the first X448 vector */
    {FC_X448, "RFC 7748 5.2 X448 #1",
     "3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff44943eb"
     "a368f54b29259a4f1c600ad3",
     "06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031ddbdc38c19c6da2583fa5429"
     "db94ada18aa7a7fb4ef8a086",
     NULL, NULL,
     "ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaadeb445fc66a01b0779d9822"
     "3961111e21766282f73dd96b6f"},
    /* RFC 5869 A.1: HKDF-SHA256, 42 bytes */
    {FC_HKDF_SHA256, "RFC 5869 A.1 HKDF-SHA256", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
     NULL, "000102030405060708090a0b0c", "f0f1f2f3f4f5f6f7f8f9",
     "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"},
    /* draft-irtf-cfrg-xchacha-03 2.2.1: HChaCha20 */
    {FC_HCHACHA20, "draft-irtf-cfrg-xchacha-03 2.2.1 HChaCha20",
     "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "000000090000004a0000000031415927", NULL, NULL,
     "82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc"},
};

static const pc_vector *find_vector(fc_alg alg)
{
    size_t i;
    for (i = 0; i < PC_COUNT(vectors); i++)
        if (vectors[i].alg == alg)
            return &vectors[i];
    return NULL;
}

/* 1 when impl is one of p's own descriptors (not the core's modes, not the next provider's) */
static int owns(const fc_provider *p, const fc_impl *impl)
{
    size_t i;
    for (i = 0; i < p->impl_count; i++)
        if (p->impls[i] == impl)
            return 1;
    return 0;
}

/* the vector's answer from p, through the family's one-shot call */
static int vector_holds(const fc_provider *p, const pc_vector *v)
{
    uint8_t out[64], *key, *msg, *salt, *info;
    size_t key_len = 0, msg_len = 0, salt_len = 0, info_len = 0, out_len = strlen(v->out_hex) / 2;
    fc_alg_info alg_info;
    int ok = 0;
    key = tu_unhex(v->key_hex ? v->key_hex : "", &key_len);
    msg = tu_unhex(v->msg_hex ? v->msg_hex : "", &msg_len);
    salt = tu_unhex(v->salt_hex ? v->salt_hex : "", &salt_len);
    info = tu_unhex(v->info_hex ? v->info_hex : "", &info_len);
    if (out_len <= sizeof(out) && fc_alg_get(v->alg, &alg_info) == FC_OK) {
        switch (alg_info.family) {
        case FC_FAMILY_HASH:
            ok = fc_hash(p, v->alg, out, out_len, msg, msg_len) == FC_OK;
            break;
        case FC_FAMILY_MAC:
            ok = fc_mac(p, v->alg, out, out_len, key, key_len, msg, msg_len) == FC_OK;
            break;
        case FC_FAMILY_XDH:
            ok = fc_xdh(p, v->alg, out, key, msg) == FC_OK;
            break;
        case FC_FAMILY_KDF:
            ok = fc_kdf(p, v->alg, out, out_len, salt, salt_len, key, key_len, info,
                        info_len) == FC_OK;
            break;
        case FC_FAMILY_STREAM: /* the subkey functions (HChaCha20, HSalsa20) */
            ok = alg_info.mode == FC_MODE_SUBKEY &&
                 fc_stream_subkey(p, v->alg, out, key, msg) == FC_OK;
            break;
        default:
            break;
        }
    }
    ok = ok && tu_hex_eq(out, out_len, v->out_hex);
    free(key);
    free(msg);
    free(salt);
    free(info);
    return ok;
}

void pc_check_vectors(const fc_provider *p, const fc_alg *algs, size_t n_algs)
{
    size_t i;
    for (i = 0; i < n_algs; i++) {
        const pc_vector *v = find_vector(algs[i]);
        CHECK(v != NULL && vector_holds(p, v), "%s on %s",
              v != NULL ? v->name : "a vector missing from the table", p->name);
    }
}

void pc_check_aes_fips197(const fc_provider *p, unsigned dir, int expect_own, int check_wiped)
{
    const pc_vector *v = find_vector(FC_AES);
    uint8_t out[16], *key, *pt, *ct;
    size_t key_len, pt_len, ct_len;
    int ok;
    fc_block_ctx ctx;
    key = tu_unhex(v->key_hex, &key_len);
    pt = tu_unhex(v->msg_hex, &pt_len);
    ct = tu_unhex(v->out_hex, &ct_len);
    memset(&ctx, 0, sizeof(ctx));
    ok = fc_block_init(&ctx, p, FC_AES, dir, key, key_len) == FC_OK &&
         owns(p, ctx.impl) == expect_own;
    if (ok && (dir & FC_ENCRYPT))
        ok = fc_block_encrypt(&ctx, out, pt, 16) == FC_OK && memcmp(out, ct, 16) == 0;
    if (ok && (dir & FC_DECRYPT))
        ok = fc_block_decrypt(&ctx, out, ct, 16) == FC_OK && memcmp(out, pt, 16) == 0;
    CHECK(ok, "%s on %s, keyed for direction(s) %u, %s own AES", v->name, p->name, dir,
          expect_own ? "its" : "not its");
    fc_block_wipe(&ctx);
    if (check_wiped)
        CHECK(tu_all_zero(&ctx, sizeof(ctx)), "AES context on %s wiped (the key it kept too)",
              p->name);
    free(key);
    free(pt);
    free(ct);
}

/* the provider's index in the registry, or 0 when the build has none of that name */
static size_t registry_index(const char *name)
{
    size_t i;
    for (i = 0; i < fc_provider_count(); i++)
        if (strcmp(fc_provider_at(i)->name, name) == 0)
            return i;
    return 0;
}

void pc_check_registry(const char *name, const char *listed_before, const fc_alg *mine,
                       size_t n_mine, const fc_alg *soft_only, size_t n_soft_only)
{
    const fc_provider *p = fc_provider_find(name), *soft = fc_provider_find("soft");
    int have_before = fc_provider_find(listed_before) != NULL;
    size_t at = registry_index(name), i;
    CHECK(at < registry_index("soft") && (!have_before || registry_index(listed_before) < at),
          "the registry lists %s, %s, soft in that order", listed_before, name);
    CHECK(fc_provider_next(p) == soft, "%s's chain goes on to soft", name);
    for (i = 0; i < n_mine; i++)
        CHECK(fc_provider_implements(p, mine[i], NULL), "%s implements alg %d", name, mine[i]);
    for (i = 0; i < n_soft_only; i++)
        CHECK(!fc_provider_implements(p, soft_only[i], NULL) &&
                  fc_provider_supports(p, soft_only[i]),
              "alg %d runs on soft behind %s", soft_only[i], name);
}

static size_t output_length(fc_alg alg)
{
    fc_alg_info info;
    return fc_alg_get(alg, &info) == FC_OK ? info.out_len : 0;
}

void pc_check_hash_split(const fc_provider *p, fc_alg alg)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t msg[130], want[64], got[64];
    size_t n = output_length(alg), len, cut;
    tu_fill_random(msg, sizeof(msg));
    for (len = 0; len <= sizeof(msg); len++) {
        int ok = n > 0 && fc_hash(soft, alg, want, n, msg, len) == FC_OK, own_ok = 1, wiped = 1;
        for (cut = 0; cut <= len; cut++) {
            fc_hash_ctx ctx;
            memset(&ctx, 0, sizeof(ctx));
            ok &= fc_hash_init(&ctx, p, alg) == FC_OK;
            own_ok &= owns(p, ctx.impl);
            ok &= fc_hash_update(&ctx, msg, cut) == FC_OK &&
                  fc_hash_update(&ctx, msg + cut, len - cut) == FC_OK &&
                  fc_hash_final(&ctx, got, n) == FC_OK && memcmp(got, want, n) == 0;
            wiped &= tu_all_zero(&ctx.state, sizeof(ctx.state));
        }
        CHECK(ok && own_ok && wiped, "hash %d of %zu bytes on %s split anywhere", alg, len,
              p->name);
    }
}

void pc_check_mac_split(const fc_provider *p, fc_alg alg, size_t key_len, size_t len_step)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t msg[130], key[131], want[64], got[64];
    size_t n = output_length(alg), len, cut;
    tu_fill_random(msg, sizeof(msg));
    tu_fill_random(key, sizeof(key));
    for (len = 0; len <= sizeof(msg); len += len_step) {
        int ok = n > 0 && key_len <= sizeof(key) &&
                 fc_mac(soft, alg, want, n, key, key_len, msg, len) == FC_OK,
            own_ok = 1, wiped = 1;
        for (cut = 0; cut <= len; cut++) {
            fc_mac_ctx ctx;
            memset(&ctx, 0, sizeof(ctx));
            ok &= fc_mac_init(&ctx, p, alg, key_len ? key : NULL, key_len) == FC_OK;
            own_ok &= owns(p, ctx.impl);
            ok &= fc_mac_update(&ctx, msg, cut) == FC_OK &&
                  fc_mac_update(&ctx, msg + cut, len - cut) == FC_OK &&
                  fc_mac_final(&ctx, got, n) == FC_OK && memcmp(got, want, n) == 0;
            wiped &= tu_all_zero(&ctx.state, sizeof(ctx.state));
        }
        CHECK(ok && own_ok && wiped, "MAC %d on %s, %zu-byte key, %zu bytes split anywhere",
              alg, p->name, key_len, len);
    }
}

void pc_check_stream_split(const fc_provider *p, fc_alg alg, size_t key_len, size_t nonce_len,
                           uint64_t counter, int expect_own)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t key[32], nonce[24], in[200], want[200], got[200];
    size_t len, cut;
    int ok = key_len <= sizeof(key) && nonce_len <= sizeof(nonce), own_ok = 1, wiped = 1;
    tu_fill_random(key, sizeof(key));
    tu_fill_random(nonce, sizeof(nonce));
    tu_fill_random(in, sizeof(in));
    for (len = 0; ok && len <= sizeof(in); len += 7) {
        fc_stream_ctx ref;
        memset(&ref, 0, sizeof(ref));
        ok &= fc_stream_init(&ref, soft, alg, key, key_len, nonce, nonce_len, counter) ==
                  FC_OK &&
              fc_stream_xor(&ref, want, in, len) == FC_OK;
        fc_stream_wipe(&ref);
        for (cut = 0; cut <= len; cut++) {
            fc_stream_ctx ctx;
            memset(&ctx, 0, sizeof(ctx));
            ok &= fc_stream_init(&ctx, p, alg, key, key_len, nonce, nonce_len, counter) == FC_OK;
            own_ok &= expect_own < 0 || owns(p, ctx.impl) == expect_own;
            ok &= fc_stream_xor(&ctx, got, in, cut) == FC_OK &&
                  fc_stream_xor(&ctx, got + cut, in + cut, len - cut) == FC_OK &&
                  memcmp(got, want, len) == 0;
            fc_stream_wipe(&ctx);
            wiped &= tu_all_zero(&ctx, sizeof(ctx));
        }
    }
    CHECK(ok && own_ok && wiped,
          "stream %d on %s, %zu-byte key, %zu-byte nonce, counter %llu: as soft's split anywhere",
          alg, p->name, key_len, nonce_len, (unsigned long long)counter);
}

void pc_check_subkey_as_soft(const fc_provider *p, fc_alg alg)
{
    uint8_t key[32], in[16], got[32], want[32];
    tu_fill_random(key, sizeof(key));
    tu_fill_random(in, sizeof(in));
    CHECK(fc_stream_subkey(p, alg, got, key, in) == FC_OK &&
              fc_stream_subkey(fc_provider_find("soft"), alg, want, key, in) == FC_OK &&
              memcmp(got, want, 32) == 0,
          "subkey function %d on %s as soft's", alg, p->name);
}

void pc_check_chacha20_end(const fc_provider *p, size_t nonce_len)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint64_t last = nonce_len == 12 ? 0xffffffffull : ~0ull;
    uint8_t key[32] = {1}, nonce[12] = {2}, in[65] = {0}, a[65], b[65];
    fc_stream_ctx x, y;
    memset(&x, 0, sizeof(x));
    memset(&y, 0, sizeof(y));
    a[64] = 0xA5; /* must come back zeroed */
    CHECK(fc_stream_init(&x, p, FC_CHACHA20, key, 32, nonce, nonce_len, last) == FC_OK &&
              fc_stream_init(&y, soft, FC_CHACHA20, key, 32, nonce, nonce_len, last) == FC_OK &&
              fc_stream_xor(&x, a, in, 64) == FC_OK && fc_stream_xor(&y, b, in, 64) == FC_OK &&
              memcmp(a, b, 64) == 0,
          "ChaCha20 on %s, %zu-byte nonce: the counter's last block as soft's", p->name,
          nonce_len);
    CHECK(fc_stream_xor(&x, a + 64, in, 1) == FC_ERR_LENGTH && a[64] == 0 &&
              fc_stream_xor(&y, b + 64, in, 1) == FC_ERR_LENGTH && tu_all_zero(&x, sizeof(x)),
          "ChaCha20 on %s, %zu-byte nonce: past the last block, FC_ERR_LENGTH as soft, out "
          "zeroed and the context wiped",
          p->name, nonce_len);
    fc_stream_wipe(&x);
    fc_stream_wipe(&y);
}

void pc_check_chacha20_counter_too_large(const fc_provider *p)
{
    uint8_t key[32] = {1}, nonce[12] = {2};
    fc_stream_ctx x;
    memset(&x, 0, sizeof(x));
    CHECK(fc_stream_init(&x, p, FC_CHACHA20, key, 32, nonce, 12, 0x100000000ull) ==
              FC_ERR_LENGTH,
          "ChaCha20 on %s, a 12-byte nonce with a counter over 32 bits: FC_ERR_LENGTH",
          p->name);
}

void pc_check_aead_as_soft(const fc_provider *p, fc_alg alg, size_t key_len, size_t nonce_len,
                           size_t tag_len, int expect_own)
{
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t key[32], nonce[60], aad[40], in[80], ct[80], tag[16], got[80], gtag[16];
    size_t len, aad_len;
    int ok = key_len <= sizeof(key) && nonce_len <= sizeof(nonce) && tag_len <= sizeof(tag);
    fc_aead_ctx ctx;
    tu_fill_random(key, sizeof(key));
    tu_fill_random(nonce, sizeof(nonce));
    tu_fill_random(aad, sizeof(aad));
    tu_fill_random(in, sizeof(in));
    memset(&ctx, 0, sizeof(ctx));
    ok &= fc_aead_init(&ctx, p, alg, key, key_len) == FC_OK;
    ok &= expect_own < 0 || owns(p, ctx.impl) == expect_own;
    for (len = 0; ok && len <= sizeof(in); len += 9) {
        for (aad_len = 0; aad_len <= sizeof(aad); aad_len += 13) {
            ok &= fc_aead_encrypt(soft, alg, ct, tag, tag_len, key, key_len, nonce, nonce_len,
                                  aad, aad_len, in, len) == FC_OK;
            memcpy(got, in, len); /* in place */
            ok &= fc_aead_seal(&ctx, got, gtag, tag_len, nonce, nonce_len, aad, aad_len, got,
                               len) == FC_OK &&
                  memcmp(got, ct, len) == 0 && memcmp(gtag, tag, tag_len) == 0;
            ok &= fc_aead_open(&ctx, got, nonce, nonce_len, aad, aad_len, got, len, tag,
                               tag_len) == FC_OK &&
                  memcmp(got, in, len) == 0;
            tag[0] ^= 1;
            ok &= fc_aead_open(&ctx, got, nonce, nonce_len, aad, aad_len, ct, len, tag,
                               tag_len) == FC_ERR_VERIFY &&
                  tu_all_zero(got, len);
            tag[0] ^= 1;
            if (len > 0) {
                ct[len - 1] ^= 0x80;
                ok &= fc_aead_open(&ctx, got, nonce, nonce_len, aad, aad_len, ct, len, tag,
                                   tag_len) == FC_ERR_VERIFY &&
                      tu_all_zero(got, len);
                ct[len - 1] ^= 0x80;
            }
        }
    }
    fc_aead_wipe(&ctx);
    CHECK(ok && tu_all_zero(&ctx, sizeof(ctx)),
          "AEAD %d on %s, %zu-byte key, %zu-byte nonce, %zu-byte tag: as soft's, tampered tags "
          "and data refused, context wiped",
          alg, p->name, key_len, nonce_len, tag_len);
}

void pc_check_xdh_zero_results(const fc_provider *p, fc_alg alg)
{
    size_t n = output_length(alg);
    uint8_t scalar[56], u[56], out[56];
    tu_fill_random(scalar, sizeof(scalar));
    memset(u, 0, sizeof(u));
    memset(out, 0xA5, sizeof(out));
    CHECK(n > 0 && fc_xdh(p, alg, out, scalar, u) == FC_ERR_ZERO_SHARED && tu_all_zero(out, n),
          "xDH %d on %s with u = 0: FC_ERR_ZERO_SHARED, out zeroed", alg, p->name);
    u[0] = 1;
    CHECK(fc_xdh(p, alg, out, scalar, u) == FC_ERR_ZERO_SHARED,
          "xDH %d on %s with u = 1 (order 1): FC_ERR_ZERO_SHARED", alg, p->name);
}

void pc_check_ed25519_strict(const fc_provider *p, const uint8_t pub[32], const uint8_t *msg,
                             size_t msg_len, const uint8_t sig[64])
{
    /* L, little-endian (RFC 8032 5.1) */
    static const uint8_t order[32] = {
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9,
        0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10};
    const fc_provider *soft = fc_provider_find("soft");
    uint8_t bad[64], ident[32] = {1};
    unsigned carry, i;
    /* S + L: the same equation, but S not canonical */
    memcpy(bad, sig, 64);
    for (i = 0, carry = 0; i < 32; i++) {
        carry += (unsigned)bad[32 + i] + order[i];
        bad[32 + i] = (uint8_t)carry;
        carry >>= 8;
    }
    CHECK(fc_eddsa_verify(p, FC_ED25519, pub, NULL, 0, msg, msg_len, sig) == FC_OK &&
              fc_eddsa_verify(p, FC_ED25519, pub, NULL, 0, msg, msg_len, bad) == FC_ERR_VERIFY &&
              fc_eddsa_verify(soft, FC_ED25519, pub, NULL, 0, msg, msg_len, bad) ==
                  FC_ERR_VERIFY,
          "Ed25519 S + L refused by %s and soft", p->name);
    /* the neutral element as key and R with S = 0 satisfies the equation: refused */
    memset(bad, 0, sizeof(bad));
    bad[0] = 1;
    CHECK(fc_eddsa_verify(p, FC_ED25519, ident, NULL, 0, msg, 3, bad) == FC_ERR_VERIFY &&
              fc_eddsa_verify(soft, FC_ED25519, ident, NULL, 0, msg, 3, bad) == FC_ERR_VERIFY,
          "Ed25519 small-order key and R refused by %s and soft", p->name);
}
