/* The image of the constant-time check on the target's instructions (python/fieldcrypt/
 * cttrace.py, tests/python/test_ct_trace.py). The runner writes a secret into ct_secret and a
 * selection of operations into ct_ops before the image starts, then records the executed
 * addresses and the memory addresses read and written inside each operation's region. Two
 * runs with different secrets must record the same sequences. The last two operations leak on
 * purpose (a branch and a table index on a secret bit), so the check proves that it sees them.
 * The secrets are fixed up only where an operation needs it (a P-256 key below n), with the
 * same instructions for every secret. */
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "fieldcrypt/fieldcrypt.h"

int main(void);

/* Written by the runner (the initialisers only give them a place in .data). */
volatile uint8_t ct_secret[96] = {1};
volatile uint32_t ct_ops = 0xffffffffu;

/* Region ids (odd: the region opens, id + 1 closes it); python/fieldcrypt/cttrace.py has the
 * same list. */
enum {
    CT_X25519 = 3,
    CT_X25519_BASE = 5,
    CT_X19119 = 7,
    CT_ELLIGATOR2_25519 = 9,
    CT_ELLIGATOR2_19119 = 11,
    CT_SALSA20 = 13,
    CT_SHA512 = 15,
    CT_LOGIN_SLICED = 17,
    CT_P256_ECDH = 19,
    CT_P256_SIGN = 21,
    CT_ED25519_SIGN = 23,
    CT_AES128_CTR = 25,
    CT_CHACHA20_POLY1305 = 27,
    CT_HMAC_SHA256 = 29,
    CT_PLANTED_BRANCH = 31,
    CT_PLANTED_INDEX = 33,
};

static uint8_t s[96];
static int failed;

static int selected(unsigned id)
{
    return (ct_ops >> (id / 2u)) & 1u;
}

static void expect(int ok)
{
    failed |= !ok;
}

static const uint8_t fixed32[32] = {
    9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};

static void curve25519_ops(void)
{
    uint8_t out[32];
#if FC_WITH_X25519
    if (selected(CT_X25519)) {
        bench_mark(CT_X25519);
        expect(fc_xdh(NULL, FC_X25519, out, s, fixed32) == FC_OK);
        bench_mark(CT_X25519 + 1);
    }
    if (selected(CT_X25519_BASE)) {
        bench_mark(CT_X25519_BASE);
        expect(fc_xdh_base(NULL, FC_X25519, out, s) == FC_OK);
        bench_mark(CT_X25519_BASE + 1);
    }
#endif
#if FC_WITH_X19119
    if (selected(CT_X19119)) {
        bench_mark(CT_X19119);
        expect(fc_xdh(NULL, FC_X19119, out, s, fixed32) == FC_OK);
        bench_mark(CT_X19119 + 1);
    }
#endif
#if FC_WITH_X25519 /* the Elligator2 maps come with the Montgomery curves */
    if (selected(CT_ELLIGATOR2_25519)) {
        bench_mark(CT_ELLIGATOR2_25519);
        expect(fc_map(NULL, FC_ELLIGATOR2_CURVE25519, out, s) == FC_OK);
        bench_mark(CT_ELLIGATOR2_25519 + 1);
    }
#if FC_WITH_X19119
    if (selected(CT_ELLIGATOR2_19119)) {
        bench_mark(CT_ELLIGATOR2_19119);
        expect(fc_map(NULL, FC_ELLIGATOR2_CURVE19119, out, s) == FC_OK);
        bench_mark(CT_ELLIGATOR2_19119 + 1);
    }
#endif
#endif
    (void)out;
}

static void symmetric_ops(void)
{
    uint8_t out[96], tag[16];
    size_t out_len = sizeof(out);
    (void)out_len;
    (void)tag;
#if FC_WITH_SALSA20
    if (selected(CT_SALSA20)) {
        bench_mark(CT_SALSA20);
        expect(fc_stream(NULL, FC_SALSA20, out, s + 32, 64, s, 32, fixed32, 8) == FC_OK);
        bench_mark(CT_SALSA20 + 1);
    }
#endif
#if FC_WITH_SHA512
    if (selected(CT_SHA512)) {
        bench_mark(CT_SHA512);
        expect(fc_hash(NULL, FC_SHA512, out, 64, s, sizeof(s)) == FC_OK);
        bench_mark(CT_SHA512 + 1);
    }
#endif
#if FC_WITH_AES
    if (selected(CT_AES128_CTR)) {
        bench_mark(CT_AES128_CTR);
        expect(fc_cipher(NULL, FC_AES_CTR, FC_ENCRYPT, out, &out_len, s, 16, fixed32, 16,
                         s + 16, 64) == FC_OK);
        bench_mark(CT_AES128_CTR + 1);
    }
#endif
#if FC_WITH_CHACHA20
    if (selected(CT_CHACHA20_POLY1305)) {
        bench_mark(CT_CHACHA20_POLY1305);
        expect(fc_aead_encrypt(NULL, FC_CHACHA20_POLY1305, out, tag, 16, s, 32, fixed32, 12,
                               fixed32, 13, s + 32, 64) == FC_OK);
        bench_mark(CT_CHACHA20_POLY1305 + 1);
    }
#endif
#if FC_WITH_SHA256
    if (selected(CT_HMAC_SHA256)) {
        bench_mark(CT_HMAC_SHA256);
        expect(fc_mac(NULL, FC_HMAC_SHA256, out, 32, s, 32, s + 32, 64) == FC_OK);
        bench_mark(CT_HMAC_SHA256 + 1);
    }
#endif
}

static void signature_ops(void)
{
#if FC_WITH_EC
    if (selected(CT_P256_ECDH) || selected(CT_P256_SIGN)) {
        static const uint8_t digest[32] = {0x5a};
        uint8_t priv[32], peer[65], out[64];
        size_t len = sizeof(out);
        memcpy(priv, s, 32);
        priv[0] &= 0x7f; /* below n */
        priv[31] |= 1;   /* not zero */
        memset(peer, 0, sizeof(peer));
        peer[31] = 7;
        expect(fc_ec_public_key(NULL, FC_SECP256R1, peer, peer) == FC_OK); /* public: 7 G */
        if (selected(CT_P256_ECDH)) {
            bench_mark(CT_P256_ECDH);
            expect(fc_ecdh(NULL, FC_SECP256R1, out, priv, peer, 65) == FC_OK);
            bench_mark(CT_P256_ECDH + 1);
        }
        if (selected(CT_P256_SIGN)) {
            bench_mark(CT_P256_SIGN);
            expect(fc_ecdsa_sign_digest(NULL, FC_SECP256R1, FC_SHA256, NULL, out, &len, priv,
                                        digest, 32, 0) == FC_OK);
            bench_mark(CT_P256_SIGN + 1);
        }
    }
#endif
#if FC_WITH_ED25519
    if (selected(CT_ED25519_SIGN)) {
        uint8_t sig[64];
        bench_mark(CT_ED25519_SIGN);
        expect(fc_eddsa_sign(NULL, FC_ED25519, sig, s, NULL, NULL, 0, fixed32, 32) == FC_OK);
        bench_mark(CT_ED25519_SIGN + 1);
    }
#endif
}

#if FC_WITH_ENGINE && FC_WITH_X25519 && FC_WITH_SHA512
static int lcg_fill(void *user, uint8_t *dst, size_t len)
{
    uint32_t *st = (uint32_t *)user;
    size_t i;
    for (i = 0; i < len; i++) {
        *st = *st * 1103515245u + 12345u;
        dst[i] = (uint8_t)(*st >> 24);
    }
    return 0;
}

/* A CPace login whose password is the secret: the handheld runs outside the region, the
 * sliced device's inputs and steps inside it. */
static void login_op(void)
{
    static fc_login hh, dev;
    static uint8_t fa[FC_LOGIN_MAX_FRAME], fb[FC_LOGIN_MAX_FRAME];
    static const uint8_t id_d[] = "meter-0042", id_h[] = "handheld-7";
    uint8_t cred[FC_LOGIN_CRED_LEN], key[32], id[FC_LOGIN_MAX_ID];
    uint32_t seed_d = 5, seed_h = 6;
    fc_rng rng_d = {lcg_fill, &seed_d}, rng_h = {lcg_fill, &seed_h};
    fc_login_config c;
    size_t alen = 0, blen = 0, idlen;
    fc_status st = FC_OK;
    int turn;
    if (!selected(CT_LOGIN_SLICED))
        return;
    memset(&c, 0, sizeof(c));
    expect(fc_login_credential(NULL, FC_LOGIN_SUITE_CPACE, cred, sizeof(cred), s, 24, id_d,
                               sizeof(id_d) - 1) == FC_OK);
    c.role = FC_LOGIN_DEVICE;
    c.suite = FC_LOGIN_SUITE_CPACE;
    c.secret = cred;
    c.secret_len = sizeof(cred);
    c.id = id_d;
    c.id_len = sizeof(id_d) - 1;
    c.sliced = 1;
    expect(fc_login_init(&dev, &c) == FC_OK);
    c.role = FC_LOGIN_HANDHELD;
    c.secret = s;
    c.secret_len = 24;
    c.id = id_h;
    c.id_len = sizeof(id_h) - 1;
    c.sliced = 0;
    expect(fc_login_init(&hh, &c) == FC_OK);
    expect(fc_login_start(&hh, &rng_h, fa, sizeof(fa), &alen) == FC_OK);
    for (turn = 0; st == FC_OK && alen > 0 && turn < 6; turn++) {
        if ((turn & 1) == 0) {
            bench_mark(CT_LOGIN_SLICED);
            st = fc_login_input(&dev, &rng_d, fb, sizeof(fb), &blen, fa, alen);
            while (st == FC_PENDING)
                st = fc_login_step(&dev, 28000, fb, sizeof(fb), &blen);
            bench_mark(CT_LOGIN_SLICED + 1);
        } else {
            st = fc_login_input(&hh, &rng_h, fb, sizeof(fb), &blen, fa, alen);
        }
        memcpy(fa, fb, blen);
        alen = blen;
    }
    expect(st == FC_OK && fc_login_done(&dev) && fc_login_done(&hh));
    expect(fc_login_result(&dev, id, sizeof(id), &idlen, key, 32) == FC_OK);
    fc_login_wipe(&dev);
    fc_login_wipe(&hh);
}
#else
static void login_op(void)
{
}
#endif

/* The planted leaks: a branch on a secret bit, and a table read at a secret index. */
static volatile uint32_t sink;

__attribute__((noinline)) static void planted_branch(const uint8_t *k)
{
    uint32_t acc = 0;
    unsigned i;
    for (i = 0; i < 16; i++)
        if (k[i] & 1u)
            acc = acc * 3u + k[i];
    sink = acc;
}

__attribute__((noinline)) static void planted_index(const uint8_t *k)
{
    static volatile uint8_t table[256]; /* volatile: every read stays a read */
    uint32_t acc = 0;
    unsigned i;
    for (i = 0; i < 16; i++)
        acc += table[k[i]];
    sink = acc;
}

int main(void)
{
    unsigned i;
    for (i = 0; i < sizeof(s); i++)
        s[i] = ct_secret[i];
    bench_mark(1);
    bench_mark(2);
    curve25519_ops();
    symmetric_ops();
    signature_ops();
    login_op();
    if (selected(CT_PLANTED_BRANCH)) {
        bench_mark(CT_PLANTED_BRANCH);
        planted_branch(s);
        bench_mark(CT_PLANTED_BRANCH + 1);
    }
    if (selected(CT_PLANTED_INDEX)) {
        bench_mark(CT_PLANTED_INDEX);
        planted_index(s);
        bench_mark(CT_PLANTED_INDEX + 1);
    }
    board_puts(failed ? "FAIL\n" : "OK\n");
    board_exit(failed);
}
