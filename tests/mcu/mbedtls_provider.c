/* The "mbedtls" provider as the default provider of a device build (FC_PROVIDER_MBEDTLS=ON
 * over the fetched mbedTLS 3.6 sources, config/mbedtls/fc_mbedtls_device.h: no heap), on the
 * Unicorn runner (tests/python/test_mbedtls_device.py). Every call passes provider NULL, so
 * it runs on the build's default provider. First the AES known answers every driver image runs
 * (driver_checks.h: the raw block, CTR, CBC, GCM, CCM, CMAC; "ok soft SOURCE" as no mbedTLS
 * code is a peripheral's), then the hashes, ChaCha20, Poly1305 and ChaCha20-Poly1305, then one
 * line per algorithm saying whose descriptor a context of it is bound to: "impl ALG mbedtls"
 * or "impl ALG soft" ("FAIL ..." otherwise). Then the cycles regions 3 -> 4 (16 AES-128
 * blocks) and 7 -> 8 (256 bytes of AES-128-CTR) on the default chain, and "OK" or "FAILED".
 * Built with FC_MBEDTLS_ARENA (mbedTLS's heap over an arena, which main gives it first), it
 * also runs X25519 (RFC 7748 5.2) and P-256 (a public key and an ECDH secret against soft's)
 * on mbedTLS, with a fixed test randomness source for the scalar multiplications' and RSA's
 * blinding, and RSA-2048: a PKCS#1 v1.5 signature verified (regions 11 -> 12) and made
 * (13 -> 14) on mbedTLS's descriptor (rsa_checks). That image needs 32 KiB of RAM (the
 * fc_rsa_work, 13 KB, and the arena are static). Exit 0 when every check passed. */
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "fieldcrypt/ct.h"
#include "fieldcrypt/driver.h"
#include "fieldcrypt/fieldcrypt.h"
#include "fieldcrypt/ec.h"
#include "fieldcrypt/rng.h"
#include "fieldcrypt/xdh.h"

int main(void);

#define P (*fc_provider_default())
#include "driver_checks.h"

#if defined(FC_MBEDTLS_ARENA)
#include <mbedtls/memory_buffer_alloc.h>

#include "fieldcrypt/rsa.h"
#include "rsa_padding_vectors.h"

/* the most in use: RSA-2048 signing, 8,960 bytes (the smallest arena that works); P-256 and
 * X25519 under 4 KiB */
static unsigned char arena[9 * 1024];

/* a test's randomness: a counter's bytes (blinding only; never for keys) */
static int test_fill(void *user, uint8_t *out, size_t len)
{
    static uint8_t next = 1;
    (void)user;
    while (len--)
        *out++ = next++;
    return 0;
}
static const fc_rng test_rng = {test_fill, NULL};
#endif

/* 1 when impl is one of the default provider's own descriptors */
static int own(const struct fc_impl *impl)
{
    const fc_provider *p = fc_provider_default();
    size_t i;
    for (i = 0; i < p->impl_count; i++)
        if (p->impls[i] == impl)
            return 1;
    return 0;
}

/* ---- hashes: FIPS 180-2 A.1, B.1, C.1 and FIPS 180-4's SHA-224/384 examples ("abc"); RFC 1321
 * A.5 (MD5) */
typedef struct {
    fc_alg alg;
    const char *source, *digest;
} hash_vector;

static const hash_vector hash_vectors[] = {
    {FC_SHA1, "FIPS 180-2 A.1 SHA-1(abc)", "a9993e364706816aba3e25717850c26c9cd0d89d"},
    {FC_SHA224, "FIPS 180-4 SHA-224(abc)",
     "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
    {FC_SHA256, "FIPS 180-2 B.1 SHA-256(abc)",
     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {FC_SHA384, "FIPS 180-4 SHA-384(abc)",
     "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
     "8086072ba1e7cc2358baeca134c825a7"},
    {FC_SHA512, "FIPS 180-2 C.1 SHA-512(abc)",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
    {FC_MD5, "RFC 1321 A.5 MD5(abc)", "900150983cd24fb0d6963f7d28e17f72"},
};

static void hash_check(const hash_vector *v)
{
    uint8_t want[64], got[64];
    size_t n = unhex(want, v->digest);
    const struct fc_impl *impl = NULL;
    fc_hash_ctx ctx;
    fc_status st;
    memset(&ctx, 0, sizeof(ctx));
    st = fc_hash_init(&ctx, NULL, v->alg);
    if (st == FC_OK) {
        impl = ctx.impl;
        st = fc_hash_update(&ctx, (const uint8_t *)"a", 1);
        if (st == FC_OK)
            st = fc_hash_update(&ctx, (const uint8_t *)"bc", 2);
        if (st == FC_OK)
            st = fc_hash_final(&ctx, got, n);
    }
    report(v->source, st, impl, memcmp(got, want, n) == 0);
}

/* ---- RFC 8439 2.4.2 (ChaCha20), 2.5.2 (Poly1305), 2.8.2 (ChaCha20-Poly1305) */
/* "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the
 * future, sunscreen would be it." (114 bytes) */
#define SUNSCREEN \
    "4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a2049" \
    "66204920636f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f7220746865206675" \
    "747572652c2073756e73637265656e20776f756c642062652069742e"


static void chacha_checks(void)
{
    static uint8_t key[32], nonce[12], plain[114], out[114], want[114], aad[12], tag[16],
        got_tag[16];
    const struct fc_impl *impl = NULL;
    size_t len = unhex_cap(plain, sizeof(plain), SUNSCREEN), i;
    fc_stream_ctx sc;
    fc_mac_ctx mc;
    fc_status st;
    /* 2.4.2: key 00..1f, nonce 00 00 00 00 00 00 00 4a 00 00 00 00, counter 1 */
    for (i = 0; i < 32; i++)
        key[i] = (uint8_t)i;
    memset(nonce, 0, sizeof(nonce));
    nonce[7] = 0x4a;
    unhex_cap(want, sizeof(want),
               "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
               "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
               "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
               "5af90bbf74a35be6b40b8eedf2785e42874d");
    memset(&sc, 0, sizeof(sc));
    st = fc_stream_init(&sc, NULL, FC_CHACHA20, key, 32, nonce, 12, 1);
    if (st == FC_OK) {
        impl = sc.impl;
        st = fc_stream_xor(&sc, out, plain, 50);
        if (st == FC_OK)
            st = fc_stream_xor(&sc, out + 50, plain + 50, len - 50);
    }
    fc_stream_wipe(&sc);
    report("RFC 8439 2.4.2 ChaCha20", st, impl, memcmp(out, want, len) == 0);

    /* 2.5.2 */
    unhex(key, "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
    unhex(tag, "a8061dc1305136c6c22b8baf0c0127a9");
    memset(&mc, 0, sizeof(mc));
    impl = NULL;
    st = fc_mac_init(&mc, NULL, FC_POLY1305, key, 32);
    if (st == FC_OK) {
        impl = mc.impl;
        st = fc_mac_update(&mc, (const uint8_t *)"Cryptographic Forum Research Group", 34);
        if (st == FC_OK)
            st = fc_mac_final(&mc, got_tag, 16);
    }
    fc_mac_wipe(&mc);
    report("RFC 8439 2.5.2 Poly1305", st, impl, memcmp(got_tag, tag, 16) == 0);

    /* 2.8.2: key 80..9f, nonce 07 00 00 00 40..47, aad 50 51 52 53 c0..c7 */
    for (i = 0; i < 32; i++)
        key[i] = (uint8_t)(0x80 + i);
    unhex(nonce, "070000004041424344454647");
    unhex(aad, "50515253c0c1c2c3c4c5c6c7");
    unhex_cap(want, sizeof(want),
               "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
               "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
               "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
               "3ff4def08e4b7a9de576d26586cec64b6116");
    unhex(tag, "1ae10b594f09e26a7e902ecbd0600691");
    impl = NULL;
    {
        fc_aead_ctx ac;
        int same = 0;
        memset(&ac, 0, sizeof(ac));
        st = fc_aead_init(&ac, NULL, FC_CHACHA20_POLY1305, key, 32);
        if (st == FC_OK) {
            impl = ac.impl;
            st = fc_aead_seal(&ac, out, got_tag, 16, nonce, 12, aad, 12, plain, len);
            same = memcmp(out, want, len) == 0 && memcmp(got_tag, tag, 16) == 0;
        }
        if (st == FC_OK && same) {
            st = fc_aead_open(&ac, out, nonce, 12, aad, 12, want, len, tag, 16);
            same = memcmp(out, plain, len) == 0;
        }
        if (st == FC_OK && same) {
            tag[15] ^= 1; /* a changed tag: FC_ERR_VERIFY, nothing released */
            same = fc_aead_open(&ac, out, nonce, 12, aad, 12, want, len, tag, 16) ==
                       FC_ERR_VERIFY &&
                   out[0] == 0 && out[len - 1] == 0;
        }
        fc_aead_wipe(&ac);
        report("RFC 8439 2.8.2 ChaCha20-Poly1305", st, impl, same);
    }
}

/* ---- whose descriptor each algorithm's context is bound to */
static void impl_line(const char *name, fc_status st, const struct fc_impl *impl)
{
    if (st != FC_OK || impl == NULL) {
        failures++;
        board_puts("FAIL status ");
        board_putu((uint32_t)-(int32_t)st);
        board_puts(" impl ");
    } else {
        board_puts("impl ");
    }
    board_puts(name);
    board_puts(impl != NULL && own(impl) ? " mbedtls\n" : " soft\n");
}

static void impl_checks(void)
{
    static const uint8_t key[32] = {1, 2, 3};
    static const struct {
        fc_alg alg;
        const char *name;
    } hashes[] = {{FC_SHA1, "sha1"},     {FC_SHA224, "sha224"}, {FC_SHA256, "sha256"},
                  {FC_SHA384, "sha384"}, {FC_SHA512, "sha512"}, {FC_MD5, "md5"},
                  {FC_SM3, "sm3"}},
      macs[] = {{FC_HMAC_SHA256, "hmac-sha256"}, {FC_AES_CMAC, "aes-cmac"},
                {FC_POLY1305, "poly1305"}},
      aeads[] = {{FC_AES_GCM, "aes-gcm"},
                 {FC_AES_CCM, "aes-ccm"},
                 {FC_CHACHA20_POLY1305, "chacha20-poly1305"}};
    size_t i;
    for (i = 0; i < sizeof(hashes) / sizeof(hashes[0]); i++) {
        fc_hash_ctx c;
        fc_status st;
        memset(&c, 0, sizeof(c));
        st = fc_hash_init(&c, NULL, hashes[i].alg);
        impl_line(hashes[i].name, st, c.impl);
        fc_hash_wipe(&c);
    }
    for (i = 0; i < sizeof(macs) / sizeof(macs[0]); i++) {
        fc_mac_ctx c;
        fc_status st;
        memset(&c, 0, sizeof(c));
        st = fc_mac_init(&c, NULL, macs[i].alg, key, macs[i].alg == FC_AES_CMAC ? 16 : 32);
        impl_line(macs[i].name, st, c.impl);
        fc_mac_wipe(&c);
    }
    for (i = 0; i < sizeof(aeads) / sizeof(aeads[0]); i++) {
        fc_aead_ctx c;
        fc_status st;
        memset(&c, 0, sizeof(c));
        st = fc_aead_init(&c, NULL, aeads[i].alg, key, 32);
        impl_line(aeads[i].name, st, c.impl);
        fc_aead_wipe(&c);
    }
    {
        fc_block_ctx c;
        fc_status st;
        memset(&c, 0, sizeof(c));
        st = fc_block_init(&c, NULL, FC_AES, FC_ENCRYPT, key, 16);
        impl_line("aes", st, c.impl);
        fc_block_wipe(&c);
    }
    {
        static const uint8_t nonce[12];
        fc_stream_ctx c;
        fc_status st;
        memset(&c, 0, sizeof(c));
        st = fc_stream_init(&c, NULL, FC_CHACHA20, key, 32, nonce, 12, 0);
        impl_line("chacha20", st, c.impl);
        fc_stream_wipe(&c);
    }
}

#if defined(FC_MBEDTLS_ARENA)
/* report() reads only the descriptor's flags: any of the default provider's does */
static void curve_checks(void)
{
    /* RFC 7748 5.2, the first X25519 vector */
    uint8_t scalar[32], u[32], want[32], out[32];
    uint8_t priv[32], pub[65], pub_soft[65], peer_priv[32], peer[65], s1[32], s2[32];
    fc_status st;
    unhex(scalar, "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
    unhex(u, "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c");
    unhex(want, "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
    st = fc_xdh(NULL, FC_X25519, out, scalar, u);
    report("RFC 7748 5.2 X25519", st, fc_provider_default()->impls[0],
           memcmp(out, want, 32) == 0);
    /* P-256: keys from fixed bytes, the public key and ECDH as soft's */
    memset(priv, 0x11, sizeof(priv));
    memset(peer_priv, 0x22, sizeof(peer_priv));
    st = fc_ec_public_key(NULL, FC_SECP256R1, pub, priv);
    if (st == FC_OK)
        st = fc_ec_public_key(&fc_provider_soft, FC_SECP256R1, pub_soft, priv);
    report("P-256 public key as soft's", st, fc_provider_default()->impls[0],
           memcmp(pub, pub_soft, 65) == 0);
    st = fc_ec_public_key(&fc_provider_soft, FC_SECP256R1, peer, peer_priv);
    if (st == FC_OK)
        st = fc_ecdh(NULL, FC_SECP256R1, s1, priv, peer, 65);
    if (st == FC_OK)
        st = fc_ecdh(&fc_provider_soft, FC_SECP256R1, s2, peer_priv, pub_soft, 65);
    report("P-256 ECDH as soft's", st, fc_provider_default()->impls[0], memcmp(s1, s2, 32) == 0);
    board_puts(fc_provider_implements(NULL, FC_X25519, NULL) ? "impl x25519 mbedtls\n"
                                                             : "impl x25519 soft\n");
    board_puts(fc_provider_implements(NULL, FC_SECP256R1, NULL) ? "impl secp256r1 mbedtls\n"
                                                                : "impl secp256r1 soft\n");
}
#endif

#if defined(FC_MBEDTLS_ARENA)
/* ---- RSA-2048 on mbedTLS: key 0 and "pkcs1 2048 FC_SHA256" of tests/c/rsa_padding_vectors.h
 * (pyca/cryptography over OpenSSL). The signature verified (the public operation, regions
 * 11 -> 12) and made again (the private operation, 13 -> 14), both with provider NULL. Then
 * the same signing in an arena too small for mbedTLS's numbers: FC_ERR_PROVIDER, so the chain
 * ran mbedTLS's descriptor and did not fall back to soft (which needs no arena). */
static fc_rsa_work rsa_work;

static void rsa_checks(void)
{
    static uint8_t n[256], e[4], p[128], q[128], dp[128], dq[128], qinv[128], msg[128],
        sig[256], out[256];
    const rsa_padding_key *kv = &rsa_padding_keys[0];
    const rsa_padding_vector *v = &rsa_padding_vectors[2];
    fc_rsa_private_key key;
    size_t mlen, olen = sizeof(out);
    fc_status st;
    memset(&key, 0, sizeof(key));
    key.pub.n = n, key.pub.n_len = unhex_cap(n, sizeof(n), kv->n);
    key.pub.e = e, key.pub.e_len = unhex_cap(e, sizeof(e), kv->e);
    key.p = p, key.p_len = unhex_cap(p, sizeof(p), kv->p);
    key.q = q, key.q_len = unhex_cap(q, sizeof(q), kv->q);
    key.dp = dp, key.dp_len = unhex_cap(dp, sizeof(dp), kv->dp);
    key.dq = dq, key.dq_len = unhex_cap(dq, sizeof(dq), kv->dq);
    key.qinv = qinv, key.qinv_len = unhex_cap(qinv, sizeof(qinv), kv->qinv);
    mlen = unhex_cap(msg, sizeof(msg), v->msg);
    unhex_cap(sig, sizeof(sig), v->out);
    if (kv->bits != 2048 || v->key != 0 || v->hash != FC_SHA256 || v->kind != RSA_PKCS1) {
        failures++;
        board_puts("FAIL rsa_padding_vectors.h: not the vector named\n");
    }

    bench_mark(11);
    st = fc_rsa_verify_pkcs1v15(NULL, FC_SHA256, &rsa_work, &key.pub, msg, mlen, sig, 256);
    bench_mark(12);
    report("RSA-2048 PKCS#1 v1.5 SHA-256 verify", st, fc_provider_default()->impls[0], 1);
    sig[100] ^= 1;
    st = fc_rsa_verify_pkcs1v15(NULL, FC_SHA256, &rsa_work, &key.pub, msg, mlen, sig, 256);
    report("RSA-2048 changed signature refused", st == FC_ERR_VERIFY ? FC_OK : st,
           fc_provider_default()->impls[0], 1);
    sig[100] ^= 1;

    bench_mark(13);
    st = fc_rsa_sign_pkcs1v15(NULL, FC_SHA256, &test_rng, &rsa_work, out, &olen, &key, msg,
                              mlen);
    bench_mark(14);
    report("RSA-2048 PKCS#1 v1.5 SHA-256 sign", st, fc_provider_default()->impls[0],
           olen == 256 && memcmp(out, sig, 256) == 0);

    mbedtls_memory_buffer_alloc_init(arena, 1024);
    st = fc_rsa_sign_pkcs1v15(NULL, FC_SHA256, &test_rng, &rsa_work, out, &olen, &key, msg,
                              mlen);
    mbedtls_memory_buffer_alloc_init(arena, sizeof(arena));
    report("RSA-2048 sign in a 1 KiB arena: FC_ERR_PROVIDER", st == FC_ERR_PROVIDER ? FC_OK : st,
           fc_provider_default()->impls[0], 1);
    board_puts(fc_provider_implements(NULL, FC_RSA, NULL) ? "impl rsa mbedtls\n"
                                                          : "impl rsa soft\n");
    fc_zeroize(p, sizeof(p));
    fc_zeroize(q, sizeof(q));
    fc_zeroize(dp, sizeof(dp));
    fc_zeroize(dq, sizeof(dq));
    fc_zeroize(qinv, sizeof(qinv));
}

#if defined(FC_TEST_RSA_GENERATE)
/* a stand-in for a TRNG for key generation (xorshift32, as tests/mcu/rsa_bench.c has it): the
 * same key, at the same cost, on every run */
static int gen_fill(void *user, uint8_t *out, size_t len)
{
    static uint32_t x = 0x2545f491u;
    (void)user;
    while (len--) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        *out++ = (uint8_t)x;
    }
    return 0;
}

/* ---- RSA-2048 key generation on mbedTLS (slow: test_mbedtls_device.py runs it with
 * FC_SLOW_TESTS=1), region 15 -> 16, the new key then signing and verifying; then a 256-byte
 * arena fails it at once (FC_ERR_PROVIDER: the chain ran mbedTLS's generation, not soft's) */
static void rsa_generate_check(void)
{
    static uint8_t der[FC_RSA_PRIVATE_DER_SIZE(2048)], sig[256];
    static const uint8_t msg[] = {'a', 'b', 'c'};
    const fc_rng gen_rng = {gen_fill, NULL};
    size_t dlen = sizeof(der), slen = sizeof(sig);
    fc_rsa_private_key key;
    fc_status st;
    bench_mark(15);
    st = fc_rsa_generate(NULL, &gen_rng, &rsa_work, der, &dlen, 2048, 65537);
    bench_mark(16);
    if (st == FC_OK)
        st = fc_rsa_private_from_der(&key, der, dlen);
    if (st == FC_OK)
        st = fc_rsa_sign_pkcs1v15(NULL, FC_SHA256, &test_rng, &rsa_work, sig, &slen, &key, msg,
                                  sizeof(msg));
    if (st == FC_OK)
        st = fc_rsa_verify_pkcs1v15(NULL, FC_SHA256, &rsa_work, &key.pub, msg, sizeof(msg), sig,
                                    slen);
    report("RSA-2048 key generation: the new key signs and verifies", st,
           fc_provider_default()->impls[0], 1);
    fc_zeroize(der, sizeof(der));
    dlen = sizeof(der);
    mbedtls_memory_buffer_alloc_init(arena, 256);
    st = fc_rsa_generate(NULL, &gen_rng, &rsa_work, der, &dlen, 2048, 65537);
    mbedtls_memory_buffer_alloc_init(arena, sizeof(arena));
    report("RSA-2048 generation in a 256-byte arena: FC_ERR_PROVIDER",
           st == FC_ERR_PROVIDER ? FC_OK : st, fc_provider_default()->impls[0], 1);
}
#endif
#endif

int main(void)
{
    size_t i;
#if defined(FC_MBEDTLS_ARENA)
    mbedtls_memory_buffer_alloc_init(arena, sizeof(arena));
    fc_rng_install(&test_rng);
#endif
    bench_mark(1);
    bench_mark(2);
    board_puts("default provider: ");
    board_puts(fc_provider_name(NULL));
    board_puts("\n");

    for (i = 0; i < sizeof(block_vectors) / sizeof(block_vectors[0]); i++)
        block_check(&block_vectors[i], FC_ENCRYPT, FC_ENCRYPT, block_vectors[i].source);
    block_check(&block_vectors[0], FC_DECRYPT, FC_DECRYPT, "FIPS 197 C.1 decrypt");
    aes_mode_checks();
    for (i = 0; i < sizeof(hash_vectors) / sizeof(hash_vectors[0]); i++)
        hash_check(&hash_vectors[i]);
    chacha_checks();
    impl_checks();
#if defined(FC_MBEDTLS_ARENA)
    curve_checks();
    rsa_checks();
#endif
#if defined(FC_TEST_RSA_GENERATE)
    rsa_generate_check();
#endif

    aes_timing(&P, 3); /* regions 3 -> 4 (16 blocks), 7 -> 8 (CTR) */

    board_puts(failures == 0 ? "OK\n" : "FAILED\n");
    board_exit(failures == 0 ? 0 : 1);
}
