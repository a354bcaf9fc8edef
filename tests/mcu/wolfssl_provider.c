/* The "wolfssl" provider built from wolfSSL's sources for a device (FC_PROVIDER_WOLFSSL,
 * config/wolfssl/user_settings.h), run on the MCU model by tests/python/test_wolfssl_mcu.py:
 * known answers through the default provider (provider NULL), which this build makes
 * "wolfssl". One line per check: "ok wolfssl SOURCE" when the call ran on wolfCrypt, "ok soft
 * SOURCE" when its chain passed it on, or "FAIL status N SOURCE". Which ran: a streaming
 * context's descriptor is one of wolfssl's; a one-shot call of an algorithm the default
 * provider implements itself; for the curve and RSA, whose descriptors decline at run time
 * what wolfCrypt's build lacks, the call again through the default provider without its
 * fallback (wolf_only), outside the measured region: the same answer, or for a verification a
 * forged signature refused, can only come from wolfCrypt. Bench marks around each group or
 * operation give the cycles and the stack of each: 3 -> 4 hashes and MACs, 5 -> 6 AES and the
 * AEADs, 7 -> 8 X25519, 9 -> 10 Ed25519, 11 -> 12 HKDF, 13 -> 14 a P-256 public key, 15 -> 16
 * P-256 ECDH, 17 -> 18 P-256 ECDSA verification; where the default provider has RSA
 * (FC_WOLFSSL_RSA), 19 -> 20 RSA-2048 PKCS#1 v1.5 verification, 21 -> 22 an RSA-2048 private
 * operation and 23 -> 24 its public operation. No randomness source is installed until the
 * check of wolfCrypt's generator (it fails without one, then draws from the installed source)
 * and the RSA checks (their blinding): the others need none. Then "OK" or "FAILED", and exit 0
 * when every check passed. The RSA work area (fc_rsa_work, about 13 KB) is static: the image
 * links with a larger RAM. */
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "unhex.h"
#include "fieldcrypt/driver.h"
#include "fieldcrypt/fieldcrypt.h"
#include "fieldcrypt/ec.h"
#include "fieldcrypt/eddsa.h"
#include "fieldcrypt/kdf.h"
#include "fieldcrypt/rng.h"
#include "fieldcrypt/rsa.h"
#include "fieldcrypt/xdh.h"
#include "rsa_vectors.h"

int main(void);

#define MAX 128

static unsigned failures;
static const fc_provider *def;
/* the default provider without its fallback: a call that succeeds on it ran on wolfCrypt */
static fc_provider wolf_only;
static fc_rsa_work work;

/* wolfCrypt's random generator (provider_wolfssl.c, user_settings.h) */
int fc_wolf_random_block(unsigned char *out, unsigned int len);

/* a test's randomness source, installed as the default: xorshift32, a stand-in for a TRNG,
 * never for keys */
static uint32_t rng_state = 0x2545f491u;
static int test_fill(void *user, uint8_t *out, size_t len)
{
    (void)user;
    while (len--) {
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 17;
        rng_state ^= rng_state << 5;
        *out++ = (uint8_t)rng_state;
    }
    return 0;
}
static const fc_rng test_rng = {test_fill, NULL};

static size_t unhex(uint8_t *out, const char *hex)
{
    return unhex_cap(out, MAX, hex);
}

static int own(const fc_impl *impl)
{
    size_t i;
    for (i = 0; i < def->impl_count; i++)
        if (def->impls[i] == impl)
            return 1;
    return 0;
}

static void report(const char *source, fc_status st, int same, int wolf)
{
    if (st == FC_OK && same) {
        board_puts(wolf ? "ok wolfssl " : "ok soft ");
    } else {
        failures++;
        board_puts("FAIL status ");
        board_putu((uint32_t)-(int32_t)st);
        board_puts(" ");
    }
    board_puts(source);
    board_puts("\n");
}

static void hash_check(fc_alg alg, const char *msg, const char *want, const char *source)
{
    uint8_t out[64], exp[64];
    size_t n = unhex(exp, want);
    fc_hash_ctx ctx;
    fc_status st;
    int wolf;
    memset(&ctx, 0, sizeof(ctx));
    st = fc_hash_init(&ctx, NULL, alg);
    wolf = st == FC_OK && own(ctx.impl);
    if (st == FC_OK)
        st = fc_hash_update(&ctx, (const uint8_t *)msg, strlen(msg));
    if (st == FC_OK)
        st = fc_hash_final(&ctx, out, n);
    report(source, st, memcmp(out, exp, n) == 0, wolf);
}

static void mac_check(fc_alg alg, const char *key_hex, const char *msg, const char *want,
                      const char *source)
{
    uint8_t key[MAX], out[64], exp[64];
    size_t kl = unhex(key, key_hex), n = unhex(exp, want);
    fc_mac_ctx ctx;
    fc_status st;
    int wolf;
    memset(&ctx, 0, sizeof(ctx));
    st = fc_mac_init(&ctx, NULL, alg, key, kl);
    wolf = st == FC_OK && (own(ctx.impl) || fc_provider_implements(def, alg, NULL));
    if (st == FC_OK)
        st = fc_mac_update(&ctx, (const uint8_t *)msg, strlen(msg));
    if (st == FC_OK)
        st = fc_mac_final(&ctx, out, n);
    report(source, st, memcmp(out, exp, n) == 0, wolf);
}

static void aes_check(const char *key_hex, const char *pt_hex, const char *ct_hex,
                      const char *source)
{
    uint8_t key[32], pt[16], ct[16], out[16];
    size_t kl = unhex(key, key_hex);
    fc_block_ctx ctx;
    fc_status st;
    int wolf;
    unhex(pt, pt_hex);
    unhex(ct, ct_hex);
    memset(&ctx, 0, sizeof(ctx));
    st = fc_block_init(&ctx, NULL, FC_AES, FC_ENCRYPT | FC_DECRYPT, key, kl);
    wolf = st == FC_OK && own(ctx.impl);
    if (st == FC_OK)
        st = fc_block_encrypt(&ctx, out, pt, 16);
    if (st == FC_OK && memcmp(out, ct, 16) == 0)
        st = fc_block_decrypt(&ctx, out, out, 16);
    fc_block_wipe(&ctx);
    report(source, st, memcmp(out, pt, 16) == 0, wolf);
}

static void aead_check(fc_alg alg, const char *key_hex, const char *nonce_hex,
                       const char *aad_hex, const char *pt_hex, const char *ct_hex,
                       const char *tag_hex, const char *source)
{
    uint8_t key[32], nonce[16], aad[MAX], pt[MAX], ct[MAX], tag[16], out[MAX], got_tag[16];
    size_t kl = unhex(key, key_hex), nl = unhex(nonce, nonce_hex), al = unhex(aad, aad_hex);
    size_t pl = unhex(pt, pt_hex), tl = unhex(tag, tag_hex);
    fc_aead_ctx ctx;
    fc_status st;
    int wolf, same = 0;
    unhex(ct, ct_hex);
    memset(&ctx, 0, sizeof(ctx));
    st = fc_aead_init(&ctx, NULL, alg, key, kl);
    wolf = st == FC_OK && own(ctx.impl);
    if (st == FC_OK)
        st = fc_aead_seal(&ctx, out, got_tag, tl, nonce, nl, aad, al, pt, pl);
    if (st == FC_OK && memcmp(out, ct, pl) == 0 && memcmp(got_tag, tag, tl) == 0) {
        st = fc_aead_open(&ctx, out, nonce, nl, aad, al, ct, pl, tag, tl);
        same = st == FC_OK && memcmp(out, pt, pl) == 0;
        tag[0] ^= 1; /* a forged tag: FC_ERR_VERIFY */
        if (same && fc_aead_open(&ctx, out, nonce, nl, aad, al, ct, pl, tag, tl) != FC_ERR_VERIFY)
            same = 0;
    }
    fc_aead_wipe(&ctx);
    report(source, st, same, wolf);
}

/* ---- P-256: RFC 5903 8.1 (256-bit random ECP group), RFC 6979 A.2.5 ---- */

static const char rfc5903_i[] =
    "c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433";
static const char rfc5903_gi[] =
    "04dad0b65394221cf9b051e1feca5787d098dfe637fc90b9ef945d0c3772581180"
    "5271a0461cdb8252d61f1c456fa3e59ab1f45b33accf5f58389e0577b8990bb3";
static const char rfc5903_gr[] =
    "04d12dfb5289c8d4f81208b70270398c342296970a0bccb74c736fc7554494bf63"
    "56fbf3ca366cc23e8157854c13c58d6aac23f046ada30f8353e74f33039872ab";
static const char rfc5903_girx[] =
    "d6840f6b42f6edafd13116e0e12565202fef8e9ece7dce03812464d04b9442de";
static const char rfc6979_u[] =
    "0460fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
    "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299";
static const char rfc6979_sig[] = /* SHA-256, message "sample" */
    "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
    "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8";

static fc_status p256_public(const fc_provider *p, int *same)
{
    uint8_t priv[32], want[65], got[65];
    fc_status st;
    unhex(priv, rfc5903_i);
    unhex(want, rfc5903_gi);
    st = fc_ec_public_key(p, FC_SECP256R1, got, priv);
    *same = st == FC_OK && memcmp(got, want, 65) == 0;
    return st;
}

static fc_status p256_ecdh(const fc_provider *p, int *same)
{
    uint8_t priv[32], peer[65], want[32], got[32];
    fc_status st;
    unhex(priv, rfc5903_i);
    unhex(peer, rfc5903_gr);
    unhex(want, rfc5903_girx);
    st = fc_ecdh(p, FC_SECP256R1, got, priv, peer, 65);
    *same = st == FC_OK && memcmp(got, want, 32) == 0;
    return st;
}

/* forge: the signature with its last bit flipped, which must not verify */
static fc_status p256_verify(const fc_provider *p, int forge)
{
    uint8_t pub[65], sig[64];
    unhex(pub, rfc6979_u);
    unhex(sig, rfc6979_sig);
    sig[63] ^= (uint8_t)(forge != 0);
    return fc_ecdsa_verify(p, FC_SECP256R1, FC_SHA256, pub, 65, (const uint8_t *)"sample", 6,
                           sig, 64, 0);
}

/* ---- RSA-2048 ---- */

/* NIST CAVS 11.0 SigVer15_186-3.rsp (tests/vectors/cavp_rsa), [mod = 2048], the first SHA-256
 * signature with Result = P */
static const char sigver_n[] =
    "c47abacc2a84d56f3614d92fd62ed36ddde459664b9301dcd1d61781cfcc026bcb2399bee7e75681a80b7bf5"
    "00e2d08ceae1c42ec0b707927f2b2fe92ae852087d25f1d260cc74905ee5f9b254ed05494a9fe06732c36809"
    "92dd6f0dc634568d11542a705f83ae96d2a49763d5fbb24398edf3702bc94bc168190166492b8671de874bb9"
    "cecb058c6c8344aa8c93754d6effcd44a41ed7de0a9dcd9144437f212b18881d042d331a4618a9e630ef9bb6"
    "6305e4fdf8f0391b3b2313fe549f0189ff968b92f33c266a4bc2cffc897d1937eeb9e406f5d0eaa7a14782e7"
    "6af3fce98f54ed237b4a04a4159a5f6250a296a902880204e61d891c4da29f2d65f34cbb";
static const char sigver_e[] = "49d2a1";
static const char sigver_msg[] =
    "95123c8d1b236540b86976a11cea31f8bd4e6c54c235147d20ce722b03a6ad756fbd918c27df8ea9ce310444"
    "4c0bbe877305bc02e35535a02a58dcda306e632ad30b3dc3ce0ba97fdf46ec192965dd9cd7f4a71b02b8cba3"
    "d442646eeec4af590824ca98d74fbca934d0b6867aa1991f3040b707e806de6e66b5934f05509bea";
static const char sigver_s[] =
    "51265d96f11ab338762891cb29bf3f1d2b3305107063f5f3245af376dfcc7027d39365de70a31db05e9e10eb"
    "6148cb7f6425f0c93c4fb0e2291adbd22c77656afc196858a11e1c670d9eeb592613e69eb4f3aa501730743a"
    "c4464486c7ae68fd509e896f63884e9424f69c1c5397959f1e52a368667a598a1fc90125273d9341295d2f8e"
    "1cc4969bf228c860e07a3546be2eeda1cde48ee94d062801fe666e4a7ae8cb9cd79262c017b081af874ff004"
    "53ca43e34efdb43fffb0bb42a4e2d32a5e5cc9e8546a221fe930250e5f5333e0efe58ffebf19369a3b8ae5a6"
    "7f6a048bc9ef915bda25160729b508667ada84a0c27e7e26cf2abca413e5e4693f4a9405";

static fc_status rsa_verify(const fc_provider *p, int forge)
{
    uint8_t n[256], e[3], msg[128], sig[256];
    fc_rsa_public_key key;
    key.n = n, key.n_len = unhex_cap(n, sizeof(n), sigver_n);
    key.e = e, key.e_len = unhex_cap(e, sizeof(e), sigver_e);
    unhex_cap(msg, sizeof(msg), sigver_msg);
    unhex_cap(sig, sizeof(sig), sigver_s);
    sig[255] ^= (uint8_t)(forge != 0);
    return fc_rsa_verify_pkcs1v15(p, FC_SHA256, &work, &key, msg, sizeof(msg), sig, sizeof(sig));
}

/* tests/c/rsa_vectors.h's first key ("rsa2048 e=65537"), its m and c = m^e mod n */
static uint8_t rsa_parts[7][256], rsa_m[256], rsa_c[256];
static fc_rsa_private_key rsa_key;

static void rsa_key_load(void)
{
    const rsa_vector *v = &rsa_vectors[0];
    const char *hex[7] = {v->n, v->e, v->p, v->q, v->dp, v->dq, v->qinv};
    size_t len[7], i;
    for (i = 0; i < 7; i++)
        len[i] = unhex_cap(rsa_parts[i], sizeof(rsa_parts[i]), hex[i]);
    memset(&rsa_key, 0, sizeof(rsa_key));
    rsa_key.pub.n = rsa_parts[0], rsa_key.pub.n_len = len[0];
    rsa_key.pub.e = rsa_parts[1], rsa_key.pub.e_len = len[1];
    rsa_key.p = rsa_parts[2], rsa_key.p_len = len[2];
    rsa_key.q = rsa_parts[3], rsa_key.q_len = len[3];
    rsa_key.dp = rsa_parts[4], rsa_key.dp_len = len[4];
    rsa_key.dq = rsa_parts[5], rsa_key.dq_len = len[5];
    rsa_key.qinv = rsa_parts[6], rsa_key.qinv_len = len[6];
    unhex_cap(rsa_m, sizeof(rsa_m), v->m);
    unhex_cap(rsa_c, sizeof(rsa_c), v->c);
}

/* the private operation: c^d = m */
static fc_status rsa_private(const fc_provider *p, int *same)
{
    uint8_t out[256];
    fc_status st = fc_rsa_private_raw(p, NULL, &work, out, &rsa_key, rsa_c, 256);
    *same = st == FC_OK && memcmp(out, rsa_m, 256) == 0;
    return st;
}

/* and back: m^e = c */
static fc_status rsa_public(const fc_provider *p, int *same)
{
    uint8_t out[256];
    fc_status st = fc_rsa_public_raw(p, &work, out, &rsa_key.pub, rsa_m, 256);
    *same = st == FC_OK && memcmp(out, rsa_c, 256) == 0;
    return st;
}

/* a known answer through the default provider in region mark -> mark + 1, then through
 * wolf_only: "ok wolfssl" when wolfCrypt's descriptor gives the same answer by itself */
static void one_shot(const char *source, fc_status (*check)(const fc_provider *, int *),
                     uint32_t mark)
{
    fc_status st;
    int same, wolf_same;
    bench_mark(mark);
    st = check(NULL, &same);
    bench_mark(mark + 1);
    report(source, st, same, check(&wolf_only, &wolf_same) == FC_OK && wolf_same);
}

/* the same for a verification: the genuine signature passes through the default provider (in
 * the region), and a forged one is FC_ERR_VERIFY through wolf_only, which no provider but
 * wolfssl can answer */
static void verify_check(const char *source, fc_status (*verify)(const fc_provider *, int),
                         uint32_t mark)
{
    fc_status st, forged;
    bench_mark(mark);
    st = verify(NULL, 0);
    bench_mark(mark + 1);
    forged = verify(&wolf_only, 1);
    report(source, st, forged == FC_ERR_VERIFY || forged == FC_ERR_UNSUPPORTED,
           forged == FC_ERR_VERIFY);
}

/* wolfCrypt's generator is the default source: it fails without one and gives the installed
 * source's bytes */
static void random_check(void)
{
    uint8_t got[16], want[16];
    uint32_t saved;
    int same = fc_wolf_random_block(got, sizeof(got)) != 0;
    fc_rng_install(&test_rng);
    saved = rng_state;
    test_fill(NULL, want, sizeof(want));
    rng_state = saved;
    same = same && fc_wolf_random_block(got, sizeof(got)) == 0 &&
           memcmp(got, want, sizeof(got)) == 0;
    report("wolfCrypt's RNG is the installed source", FC_OK, same, 1);
}

int main(void)
{
    uint8_t a[MAX], b[MAX], c[MAX], out[MAX], exp[MAX];
    size_t la, lb, lc, n;
    fc_status st;
    def = fc_provider_default();
    wolf_only = *def;
    wolf_only.next = NULL;
    bench_mark(1);
    bench_mark(2);
    board_puts("default: ");
    board_puts(fc_provider_name(def));
    board_puts("\n");

    bench_mark(3);
    /* FIPS 180-2 B.1, change notice 1 (SHA-224), C.1 (SHA-512): "abc" */
    hash_check(FC_SHA256, "abc",
               "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
               "FIPS 180-2 B.1 SHA-256");
    hash_check(FC_SHA224, "abc", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
               "FIPS 180-2 SHA-224");
    hash_check(FC_SHA512, "abc",
               "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
               "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
               "FIPS 180-2 C.1 SHA-512");
    /* RFC 4231 4.3 (test case 2): HMAC-SHA-256, key "Jefe" */
    mac_check(FC_HMAC_SHA256, "4a656665", "what do ya want for nothing?",
              "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
              "RFC 4231 test case 2 HMAC-SHA-256");
    /* RFC 8439 2.5.2 */
    mac_check(FC_POLY1305, "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b",
              "Cryptographic Forum Research Group", "a8061dc1305136c6c22b8baf0c0127a9",
              "RFC 8439 2.5.2 Poly1305");
    bench_mark(4);

    bench_mark(5);
    /* FIPS 197 C.1 and C.3 */
    aes_check("000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
              "69c4e0d86a7b0430d8cdb78070b4c55a", "FIPS 197 C.1");
    aes_check("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
              "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089",
              "FIPS 197 C.3");
    /* McGrew-Viega GCM test case 4 (AES-128, 60 bytes, 20 of AAD) */
    aead_check(FC_AES_GCM, "feffe9928665731c6d6a8f9467308308", "cafebabefacedbaddecaf888",
               "feedfacedeadbeeffeedfacedeadbeefabaddad2",
               "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95"
               "956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
               "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b2"
               "5466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
               "5bc94fbc3221a5db94fae95ae7121a47", "GCM Test Case 4");
    /* SP 800-38C C.1 Example 1 */
    aead_check(FC_AES_CCM, "404142434445464748494a4b4c4d4e4f", "10111213141516",
               "0001020304050607", "20212223", "7162015b", "4dac255d", "SP 800-38C C.1");
    /* RFC 8439 2.8.2 */
    aead_check(FC_CHACHA20_POLY1305,
               "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
               "070000004041424344454647", "50515253c0c1c2c3c4c5c6c7",
               "4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f6620"
               "2739393a204966204920636f756c64206f6666657220796f75206f6e6c79206f6e652074"
               "697020666f7220746865206675747572652c2073756e73637265656e20776f756c642062"
               "652069742e",
               "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8c"
               "a9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c98"
               "03aee328091b58fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586"
               "cec64b6116",
               "1ae10b594f09e26a7e902ecbd0600691", "RFC 8439 2.8.2");
    bench_mark(6);

    bench_mark(7);
    /* RFC 7748 5.2, X25519 #1 */
    unhex(a, "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
    unhex(b, "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c");
    unhex(exp, "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
    st = fc_xdh(NULL, FC_X25519, out, a, b);
    report("RFC 7748 5.2 X25519", st, memcmp(out, exp, 32) == 0,
           fc_provider_implements(def, FC_X25519, NULL));
    bench_mark(8);

    bench_mark(9);
    /* RFC 8032 7.1 TEST 2 (one-byte message) */
    unhex(a, "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb");
    unhex(b, "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c");
    n = unhex(exp, "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
                   "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00");
    c[0] = 0x72;
    st = fc_eddsa_public_key(NULL, FC_ED25519, out, a);
    if (st == FC_OK && memcmp(out, b, 32) == 0)
        st = fc_eddsa_sign(NULL, FC_ED25519, out, a, b, NULL, 0, c, 1);
    if (st == FC_OK && memcmp(out, exp, n) == 0)
        st = fc_eddsa_verify(NULL, FC_ED25519, b, NULL, 0, c, 1, exp);
    report("RFC 8032 7.1 TEST 2 Ed25519", st, memcmp(out, exp, n) == 0,
           fc_provider_implements(def, FC_ED25519, NULL));
    bench_mark(10);

    bench_mark(11);
    /* RFC 5869 A.1 */
    la = unhex(a, "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b");
    lb = unhex(b, "000102030405060708090a0b0c");
    lc = unhex(c, "f0f1f2f3f4f5f6f7f8f9");
    n = unhex(exp, "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5"
                   "b887185865");
    st = fc_kdf(NULL, FC_HKDF_SHA256, out, n, b, lb, a, la, c, lc);
    report("RFC 5869 A.1 HKDF-SHA256", st, memcmp(out, exp, n) == 0,
           fc_provider_implements(def, FC_HKDF_SHA256, NULL));
    bench_mark(12);

    one_shot("RFC 5903 8.1 P-256 public key", p256_public, 13);
    one_shot("RFC 5903 8.1 P-256 ECDH", p256_ecdh, 15);
    verify_check("RFC 6979 A.2.5 P-256 ECDSA verify", p256_verify, 17);

    random_check();

    /* RSA where wolfCrypt has it (soft's otherwise: tests/mcu/rsa_bench.c times that) */
    if (fc_provider_implements(def, FC_RSA, NULL)) {
        rsa_key_load();
        verify_check("CAVS SigVer15 RSA-2048 SHA-256 verify", rsa_verify, 19);
        one_shot("rsa_vectors.h RSA-2048 private", rsa_private, 21);
        one_shot("rsa_vectors.h RSA-2048 public", rsa_public, 23);
    }

    board_puts(failures == 0 ? "OK\n" : "FAILED\n");
    board_exit(failures == 0 ? 0 : 1);
}
