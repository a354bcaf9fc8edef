/* The peer comparison's image: the same operations on the same inputs for one library
 * (peer_<library>.c), each between two bench_mark() calls as in bench/bench_main.c, so the
 * runner (python/fieldcrypt/peerbench.py over mcubench.run_bench) reads them alike. Each
 * answer is compared after its region with bench/kat.h's known answer (the bench image's, from
 * independent references; 2 KiB outputs by their first 16 bytes and an FNV-1a of the whole):
 * a wrong answer prints "WRONG <name>" and the operation is reported, not timed; an absent one
 * prints "absent <name>". A P-256 signature (random nonces: no fixed answer) must verify under
 * the same library; one that does not is wrong.
 *
 * Operations 9 to 11 and 21 are AES-128 in CTR, GCM, CCM and CBC over 2 KiB, 25 to 28 the same
 * with AES-256, 29 the primitives of a CPace login (peer.h). Operations 13 to 20 are seed 003's AES set, for AES-128 then AES-256 (AES_SET): set the
 * encryption key, encrypt 32 bytes (ECB, two blocks), set the decryption key, decrypt them
 * back, each timed on its own. Before them, untimed, a key is set once each way: a library that builds
 * its tables on first use (mbedTLS without MBEDTLS_AES_ROM_TABLES) does that once at boot,
 * and the seed's figures are of a running system. */
#include <string.h>

#include "board.h"
#include "kat.h"
#include "peer.h"

#define MSG_LEN 2048u

static uint8_t msg[MSG_LEN];
static uint8_t out[MSG_LEN];
static uint8_t tag[64];

/* SHA-256 of msg[0..32) (hashlib): the digest bench_main.c's P-256 signature is over. */
static const uint8_t DIGEST32[32] = {
    0x8c, 0x73, 0x1c, 0x19, 0x9b, 0x13, 0x0c, 0xb0, 0x96, 0xca, 0xe9, 0x12, 0x9d, 0xe0, 0x68, 0x0c,
    0x61, 0xe6, 0x06, 0x06, 0xed, 0x5c, 0x3b, 0xa7, 0x2e, 0xba, 0xc5, 0x8a, 0xd6, 0xaf, 0x6d, 0xf3};

/* PEER_OPS: a bit per operation number to run (peerbench.py --ops); all by default
 * (peer.h). */
#define RUN(k) ((PEER_OPS >> (k)) & 1u)

/* RSA-2048 (operations 23 and 24): the key and known answer of tests/c/rsa_vectors.h, only
 * in an image that runs them (the vectors' hex is some 10 KB of flash) */
#if PEER_WITH_RSA
#include "rsa_vectors.h"

static uint8_t rsa_bytes[7][256], rsa_m[256], rsa_c[256];

static size_t unhex(uint8_t *dst, const char *hex)
{
    size_t n = 0;
    for (; hex[0] && hex[1]; hex += 2) {
        unsigned v = 0, i;
        for (i = 0; i < 2; i++) {
            char ch = hex[i];
            v = v * 16u + (unsigned)(ch <= '9' ? ch - '0' : ch - 'a' + 10);
        }
        dst[n++] = (uint8_t)v;
    }
    return n;
}

/* The first 2048-bit vector: the key loaded into the library (*status: the load's), m and
 * c = m^e mod n; returns the modulus length. */
static size_t rsa_setup(int *status)
{
    const rsa_vector *v = &rsa_vectors[0];
    peer_rsa_key key;
    size_t k;

    while (v->bits != 2048u)
        v++;
    key.n_len = unhex(rsa_bytes[0], v->n);
    key.e_len = unhex(rsa_bytes[1], v->e);
    key.p_len = unhex(rsa_bytes[2], v->p);
    key.q_len = unhex(rsa_bytes[3], v->q);
    key.dp_len = unhex(rsa_bytes[4], v->dp);
    key.dq_len = unhex(rsa_bytes[5], v->dq);
    key.qinv_len = unhex(rsa_bytes[6], v->qinv);
    key.n = rsa_bytes[0], key.e = rsa_bytes[1], key.p = rsa_bytes[2], key.q = rsa_bytes[3];
    key.dp = rsa_bytes[4], key.dq = rsa_bytes[5], key.qinv = rsa_bytes[6];
    k = unhex(rsa_m, v->m);
    (void)unhex(rsa_c, v->c);
    *status = peer_rsa_load(&key);
    return k;
}
#endif

#define BEGIN(k) bench_mark(2u * (k) + 1u)
#define END(k) bench_mark(2u * (k) + 2u)

static uint32_t fnv1a(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    while (n--) {
        h ^= *p++;
        h *= 16777619u;
    }
    return h;
}

static int same_2k(const uint8_t *p, const uint8_t head[16], uint32_t fnv)
{
    return memcmp(p, head, 16) == 0 && fnv1a(p, MSG_LEN) == fnv;
}

/* r: the library's status; ok: its answer is the known one. */
static void outcome(uint32_t k, const char *name, uint32_t bytes, int r, int ok)
{
    if (r == PEER_ABSENT) {
        board_puts("absent ");
        board_puts(name);
    } else if (r != PEER_OK || !ok) {
        board_puts("WRONG ");
        board_puts(name);
    } else {
        board_puts("op ");
        board_putu(k);
        board_puts(" ");
        board_puts(name);
        board_puts(" ");
        board_putu(bytes);
    }
    board_puts("\n");
}

/* Seed 003's four steps for one key size, operations k to k + 3 (literal numbers: an image
 * without them must not link their code, the per-operation flash counts it): set the
 * encryption key, encrypt 32 bytes (the known ciphertext), set the decryption key, decrypt
 * them back (the plaintext). A step run alone still gets its key schedule, untimed. */
#define AES_SET(k, prefix, key_len, ecb32)                                                       \
    do {                                                                                       \
        if (RUN(k)) {                                                                          \
            BEGIN(k);                                                                          \
            r = peer_aes_set_encrypt_key(KAT_AES_KEY, key_len);                                \
            END(k);                                                                            \
            outcome(k, prefix "_set_enc_key", 0, r, 1);                                        \
        }                                                                                      \
        if (RUN((k) + 1)) {                                                                    \
            if (!RUN(k))                                                                       \
                (void)peer_aes_set_encrypt_key(KAT_AES_KEY, key_len);                          \
            BEGIN((k) + 1);                                                                    \
            r = peer_aes_encrypt(out, msg, 32);                                                \
            END((k) + 1);                                                                      \
            outcome((k) + 1, prefix "_encrypt_32", 32, r, memcmp(out, ecb32, 32) == 0);        \
        }                                                                                      \
        if (RUN((k) + 2)) {                                                                    \
            BEGIN((k) + 2);                                                                    \
            r = peer_aes_set_decrypt_key(KAT_AES_KEY, key_len);                                \
            END((k) + 2);                                                                      \
            outcome((k) + 2, prefix "_set_dec_key", 0, r, 1);                                  \
        }                                                                                      \
        if (RUN((k) + 3)) {                                                                    \
            if (!RUN((k) + 2))                                                                 \
                (void)peer_aes_set_decrypt_key(KAT_AES_KEY, key_len);                          \
            BEGIN((k) + 3);                                                                    \
            r = peer_aes_decrypt(tag, ecb32, 32);                                              \
            END((k) + 3);                                                                      \
            outcome((k) + 3, prefix "_decrypt_32", 32, r, memcmp(tag, msg, 32) == 0);          \
        }                                                                                      \
    } while (0)

/* CTR, GCM and CCM over 2 KiB (operations kctr, kgcm, kccm) and CBC (kcbc) with the first
 * key_len bytes of the key; K names the known answers (AES128 or AES256) */
#define AES_MODES(kctr, kgcm, kccm, prefix, key_len, K)                                         \
    do {                                                                                       \
        if (RUN(kctr)) {                                                                       \
            BEGIN(kctr);                                                                       \
            r = peer_aes_ctr(out, KAT_AES_KEY, key_len, KAT_AES_IV, msg, MSG_LEN);             \
            END(kctr);                                                                         \
            outcome(kctr, prefix "_ctr_2k", MSG_LEN, r,                                        \
                    same_2k(out, KAT_##K##_CTR_2K_HEAD, KAT_##K##_CTR_2K_FNV));                \
        }                                                                                      \
        if (RUN(kgcm)) {                                                                       \
            BEGIN(kgcm);                                                                       \
            r = peer_aes_gcm(out, tag, KAT_AES_KEY, key_len, KAT_AES_IV, msg, MSG_LEN);        \
            END(kgcm);                                                                         \
            outcome(kgcm, prefix "_gcm_2k", MSG_LEN, r,                                        \
                    same_2k(out, KAT_##K##_GCM_2K_HEAD, KAT_##K##_GCM_2K_FNV) &&               \
                        memcmp(tag, KAT_##K##_GCM_2K_TAG, 16) == 0);                           \
        }                                                                                      \
        if (RUN(kccm)) {                                                                       \
            BEGIN(kccm);                                                                       \
            r = peer_aes_ccm(out, tag, KAT_AES_KEY, key_len, KAT_AES_IV, msg, MSG_LEN);        \
            END(kccm);                                                                         \
            outcome(kccm, prefix "_ccm_2k", MSG_LEN, r,                                        \
                    same_2k(out, KAT_##K##_CCM_2K_HEAD, KAT_##K##_CCM_2K_FNV) &&               \
                        memcmp(tag, KAT_##K##_CCM_2K_TAG, 16) == 0);                           \
        }                                                                                      \
    } while (0)

#define AES_CBC(kcbc, prefix, key_len, K)                                                       \
    do {                                                                                       \
        if (RUN(kcbc)) {                                                                       \
            BEGIN(kcbc);                                                                       \
            r = peer_aes_cbc(out, KAT_AES_KEY, key_len, KAT_AES_IV, msg, MSG_LEN);             \
            END(kcbc);                                                                         \
            outcome(kcbc, prefix "_cbc_2k", MSG_LEN, r,                                        \
                    same_2k(out, KAT_##K##_CBC_2K_HEAD, KAT_##K##_CBC_2K_FNV));                \
        }                                                                                      \
    } while (0)

int main(void)
{
    uint8_t sig[64];
    uint32_t i;
    int r;

    for (i = 0; i < MSG_LEN; i++)
        msg[i] = (uint8_t)(i * 7u + 1u);   /* bench_main.c's message, as kat.h expects */
    bench_mark(1);
    bench_mark(2);
    if (peer_setup() != PEER_OK) {
        board_puts("setup failed\n");
        board_exit(1);
    }

    if (RUN(1)) {
        BEGIN(1);
        r = peer_x25519(out, KAT_X25519_K, KAT_X25519_U);
        END(1);
        outcome(1, "x25519", 0, r, memcmp(out, KAT_X25519_OUT, 32) == 0);
    }

    if (RUN(2)) {
        BEGIN(2);
        r = peer_ed25519_sign(out, KAT_ED25519_SEED, KAT_ED25519_PUB, msg, 64);
        END(2);
        outcome(2, "ed25519_sign", 64, r, memcmp(out, KAT_ED25519_SIG, 64) == 0);
    }

    if (RUN(3)) {
        BEGIN(3);
        r = peer_ed25519_verify(KAT_ED25519_PUB, msg, 64, KAT_ED25519_SIG);
        END(3);
        outcome(3, "ed25519_verify", 64, r, 1);
    }

    if (RUN(4)) {
        BEGIN(4);
        r = peer_p256_ecdh(out, KAT_SECP256R1_D, KAT_SECP256R1_PEER);
        END(4);
        outcome(4, "p256_ecdh", 0, r, memcmp(out, KAT_SECP256R1_SHARED, 32) == 0);
    }

    if (RUN(5)) {
        BEGIN(5);
        r = peer_p256_sign(sig, KAT_SECP256R1_D, DIGEST32);
        END(5);
        outcome(5, "p256_sign", 32, r,
                r == PEER_OK && peer_p256_verify(KAT_SECP256R1_PUB, DIGEST32, sig) == PEER_OK);
    }

    if (RUN(6)) {
        BEGIN(6);
        r = peer_p256_verify(KAT_SECP256R1_PUB, DIGEST32, KAT_SECP256R1_SIG);
        END(6);
        outcome(6, "p256_verify", 32, r, 1);
    }

    if (RUN(7)) {
        BEGIN(7);
        r = peer_sha256(out, msg, MSG_LEN);
        END(7);
        outcome(7, "sha256_2k", MSG_LEN, r, memcmp(out, KAT_SHA256_2K, 32) == 0);
    }

    if (RUN(8)) {
        BEGIN(8);
        r = peer_sha512(out, msg, MSG_LEN);
        END(8);
        outcome(8, "sha512_2k", MSG_LEN, r, memcmp(out, KAT_SHA512_2K, 64) == 0);
    }

    AES_MODES(9, 10, 11, "aes128", 16, AES128);

    if (RUN(12)) {
        BEGIN(12);
        r = peer_chacha20_poly1305(out, tag, KAT_CHACHA_KEY, KAT_CHACHA_NONCE, msg, MSG_LEN);
        END(12);
        outcome(12, "chacha20_poly1305_2k", MSG_LEN, r,
                same_2k(out, KAT_CHAPOLY_2K_HEAD, KAT_CHAPOLY_2K_FNV) &&
                    memcmp(tag, KAT_CHAPOLY_2K_TAG, 16) == 0);
    }

    if (RUN(13) || RUN(14) || RUN(15) || RUN(16) || RUN(17) || RUN(18) || RUN(19) || RUN(20)) {
        (void)peer_aes_set_encrypt_key(KAT_AES_KEY, 16);
        (void)peer_aes_set_decrypt_key(KAT_AES_KEY, 16);
    }
    AES_SET(13, "aes128", 16, KAT_AES128_ECB32);
    AES_SET(17, "aes256", 32, KAT_AES256_ECB32);

    AES_CBC(21, "aes128", 16, AES128);

    if (RUN(22)) {
        BEGIN(22);
        r = peer_p256_public(out, KAT_SECP256R1_D);
        END(22);
        outcome(22, "p256_keygen", 0, r, memcmp(out, KAT_SECP256R1_PUB, 65) == 0);
    }

#if PEER_WITH_RSA
    {
        int loaded;
        size_t k = rsa_setup(&loaded);   /* untimed: a library's key import and derivations */
        if (RUN(23)) {
            BEGIN(23);
            r = loaded == PEER_OK ? peer_rsa_public(out, rsa_m, k) : loaded;
            END(23);
            outcome(23, "rsa2048_public", 0, r, memcmp(out, rsa_c, k) == 0);
        }
        if (RUN(24)) {
            BEGIN(24);
            r = loaded == PEER_OK ? peer_rsa_private(out, rsa_c, k) : loaded;
            END(24);
            outcome(24, "rsa2048_private", 0, r, memcmp(out, rsa_m, k) == 0);
        }
    }
#endif

    AES_MODES(25, 26, 27, "aes256", 32, AES256);
    AES_CBC(28, "aes256", 32, AES256);

    if (RUN(29)) {
        BEGIN(29);
        r = peer_cpace(tag, sig, KAT_PEER_CPACE_GEN, sizeof KAT_PEER_CPACE_GEN, KAT_PEER_CPACE_Y,
                       KAT_PEER_CPACE_X);
        END(29);
        outcome(29, "cpace_x25519", 0, r,
                memcmp(tag, KAT_PEER_CPACE_ISK, 64) == 0 &&
                    memcmp(sig, KAT_PEER_CPACE_SHARE, 32) == 0);
    }

    board_puts("PEER DONE\n");
    board_exit(0);
}
