/* The CryptoCell-310 driver (src/drivers/cc310.c) on the Unicorn runner, through the chain
 * "cc310 -> soft" (tests/python/test_cc310_driver.py runs it on the Cortex-M4 with the CC310
 * model on, off, faulty, and with AES-192/256 present or not): the known answers of the C tests
 * for the raw block (ECB, both directions, the three key sizes), CTR, CBC, GCM, CCM and CMAC,
 * and SHA-256 ("abc", the two-block message, 1,000 bytes, streamed at several splits) and
 * HMAC-SHA-256 over it. One line per check: "ok hw|soft SOURCE" (hw: the context's block
 * cipher or hash is the CryptoCell's) or "FAIL status N SOURCE"; then the cycle regions
 * (3 -> 4: 16 AES-128 blocks on the cc310 chain, 5 -> 6: the same on soft; 7 -> 8 and 9 -> 10:
 * 256 bytes of AES-128-CTR; 11 -> 12 and 13 -> 14: 16 SHA-256 blocks, the update of 1,024
 * bytes) and "OK" or "FAILED". Exit 0 when every check passed. */
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "fieldcrypt/driver.h"
#include "fieldcrypt/drivers/cc310.h"
#include "fieldcrypt/fieldcrypt.h"

int main(void);

#define P fc_provider_cc310
#include "driver_checks.h"

/* ---- SHA-256: FIPS 180-2 Appendix B.1 ("abc"), B.2 (the two-block message); NIST's SHA-2
 * additional examples (SHA2_Additional.pdf) #5, 1,000 bytes of 0x41; fed whole and split */
typedef struct {
    const char *source, *msg;
    size_t repeat;
    const char *digest;
} hash_vector;

static const hash_vector hash_vectors[] = {
    {"FIPS 180-2 B.1 SHA-256 abc", "abc", 1,
     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {"FIPS 180-2 B.2 SHA-256 two-block message",
     "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    {"SHA-2 additional #5 SHA-256 1000 x 0x41", "A", 1000,
     "c2e686823489ced2017f6059b8b239318b6364f6dcd835d0a519105a1eadd6e4"},
};

static uint8_t hash_buf[1024];

static void hash_check(const hash_vector *v, size_t split, const char *source)
{
    uint8_t digest[32], out[32];
    size_t mlen = strlen(v->msg), len = mlen * v->repeat, i;
    const struct fc_impl *impl = NULL;
    fc_hash_ctx ctx;
    fc_status st;
    for (i = 0; i < v->repeat; i++)
        memcpy(hash_buf + i * mlen, v->msg, mlen);
    unhex(digest, v->digest);
    memset(&ctx, 0, sizeof(ctx));
    memset(out, 0, sizeof(out));
    if (split > len)
        split = len;
    st = fc_hash_init(&ctx, &P, FC_SHA256);
    if (st == FC_OK) {
        impl = ctx.impl;
        st = fc_hash_update(&ctx, hash_buf, split);
        if (st == FC_OK)
            st = fc_hash_update(&ctx, hash_buf + split, len - split);
        if (st == FC_OK)
            st = fc_hash_final(&ctx, out, sizeof(out));
    }
    fc_hash_wipe(&ctx);
    report(source, st, impl, memcmp(out, digest, 32) == 0);
}

/* ---- CTR across the counter's wrap (ff..fe: the whole 128-bit block carries, SP 800-38A B.1)
 * and in place, against soft's answer for the same key, counter and 80 bytes */
static fc_status ctr_once(const fc_provider *p, uint8_t *buf, const struct fc_impl **impl)
{
    uint8_t key[16], iv[16];
    size_t n = 0, tail = 0;
    fc_cipher_ctx ctx;
    fc_status st;
    memset(key, 0x3c, sizeof(key));
    memset(iv, 0xff, sizeof(iv));
    iv[15] = 0xfe;
    memset(&ctx, 0, sizeof(ctx));
    st = fc_cipher_init(&ctx, p, FC_AES_CTR, FC_ENCRYPT, key, 16, iv, 16);
    if (st == FC_OK) {
        *impl = ctx.impl;
        st = fc_cipher_update(&ctx, buf, &n, buf, 17);
        if (st == FC_OK)
            st = fc_cipher_update(&ctx, buf + n, &tail, buf + 17, 80 - 17);
    }
    fc_cipher_wipe(&ctx);
    return st;
}

static void ctr_wrap_check(void)
{
    uint8_t a[80], b[80];
    const struct fc_impl *impl = NULL, *soft_impl = NULL;
    fc_status st;
    size_t i;
    for (i = 0; i < sizeof(a); i++)
        a[i] = b[i] = (uint8_t)(7 * i);
    st = ctr_once(&P, a, &impl);
    if (st == FC_OK)
        st = ctr_once(&fc_provider_soft, b, &soft_impl);
    report("CTR across the 128-bit counter wrap, in place", st, impl, memcmp(a, b, 80) == 0);
}

/* ---- the contexts' state areas (the key as the engine takes it, the chaining value) are zero
 * after fc_block_wipe, fc_cipher_wipe and fc_hash_final */
static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    size_t i;
    for (i = 0; i < n; i++)
        acc |= p[i];
    return acc == 0;
}

static void wipe_check(void)
{
    uint8_t key[16], iv[16], buf[32], out[32];
    const struct fc_impl *impl = NULL;
    fc_block_ctx block;
    fc_cipher_ctx cbc;
    fc_hash_ctx hash;
    size_t n = 0;
    fc_status st;
    int zero = 1;
    memset(key, 0xa5, sizeof(key));
    memset(iv, 0x5a, sizeof(iv));
    memset(buf, 0x11, sizeof(buf));
    memset(&block, 0, sizeof(block));
    memset(&cbc, 0, sizeof(cbc));
    memset(&hash, 0, sizeof(hash));
    st = fc_block_init(&block, &P, FC_AES, FC_ENCRYPT, key, 16);
    if (st == FC_OK) {
        impl = block.impl;
        st = fc_block_encrypt(&block, out, buf, 32);
    }
    fc_block_wipe(&block);
    zero &= all_zero(block.state.bytes, sizeof(block.state.bytes));
    if (st == FC_OK)
        st = fc_cipher_init(&cbc, &P, FC_AES_CBC, FC_ENCRYPT, key, 16, iv, 16);
    if (st == FC_OK)
        st = fc_cipher_update(&cbc, out, &n, buf, 32);
    fc_cipher_wipe(&cbc);
    zero &= all_zero(cbc.state.bytes, sizeof(cbc.state.bytes));
    if (st == FC_OK)
        st = fc_hash_init(&hash, &P, FC_SHA256);
    if (st == FC_OK)
        st = fc_hash_update(&hash, buf, 32);
    if (st == FC_OK)
        st = fc_hash_final(&hash, out, 32);
    zero &= all_zero(hash.state.bytes, sizeof(hash.state.bytes));
    fc_hash_wipe(&hash);
    report("state areas zero after wipe and final", st, impl, zero);
}

/* ---- HMAC-SHA-256 over the chain's SHA-256: RFC 4231 4.3, Test Case 2 */
static void hmac_check(void)
{
    static const char key[] = "Jefe", msg[] = "what do ya want for nothing?";
    uint8_t tag[32], out[32];
    fc_status st;
    unhex(tag, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    memset(out, 0, sizeof(out));
    st = fc_mac(&P, FC_HMAC_SHA256, out, sizeof(out), (const uint8_t *)key, 4,
                (const uint8_t *)msg, strlen(msg));
    if (st == FC_OK && memcmp(out, tag, 32) == 0) {
        board_puts("ok any RFC 4231 Test Case 2 HMAC-SHA-256\n");
    } else {
        failures++;
        board_puts("FAIL status ");
        board_putu((uint32_t)-(int32_t)st);
        board_puts(" RFC 4231 Test Case 2 HMAC-SHA-256\n");
    }
}

/* ---- cycles: 16 SHA-256 blocks (the update of 1,024 bytes) on a started context */
static void hash_timing(const fc_provider *p, uint32_t mark)
{
    uint8_t out[32];
    fc_hash_ctx ctx;
    memset(hash_buf, 0x61, sizeof(hash_buf));
    memset(&ctx, 0, sizeof(ctx));
    if (fc_hash_init(&ctx, p, FC_SHA256) != FC_OK)
        failures++;
    bench_mark(mark);
    if (fc_hash_update(&ctx, hash_buf, sizeof(hash_buf)) != FC_OK)
        failures++;
    bench_mark(mark + 1);
    if (fc_hash_final(&ctx, out, sizeof(out)) != FC_OK)
        failures++;
    fc_hash_wipe(&ctx);
}

int main(void)
{
    size_t i;
    bench_mark(1);
    bench_mark(2);
    board_puts(fc_cc310_ready() ? "cc310: ready\n" : "cc310: absent\n");

    for (i = 0; i < sizeof(block_vectors) / sizeof(block_vectors[0]); i++)
        block_check(&block_vectors[i], FC_ENCRYPT, FC_ENCRYPT, block_vectors[i].source);
    /* decryption: the engine does both directions */
    block_check(&block_vectors[0], FC_DECRYPT, FC_DECRYPT, "FIPS 197 C.1 decrypt");
    block_check(&block_vectors[1], FC_ENCRYPT | FC_DECRYPT, FC_DECRYPT,
                "SP 800-38A F.1.2 decrypt (context for both directions)");

    aes_mode_checks();

    for (i = 0; i < sizeof(hash_vectors) / sizeof(hash_vectors[0]); i++)
        hash_check(&hash_vectors[i], 0, hash_vectors[i].source);
    /* streamed: a partial block first, exactly one block, one over, a long run */
    hash_check(&hash_vectors[2], 1, "SHA-2 additional #5 split at 1");
    hash_check(&hash_vectors[2], 63, "SHA-2 additional #5 split at 63");
    hash_check(&hash_vectors[2], 64, "SHA-2 additional #5 split at 64");
    hash_check(&hash_vectors[2], 65, "SHA-2 additional #5 split at 65");
    hash_check(&hash_vectors[2], 999, "SHA-2 additional #5 split at 999");
    hash_check(&hash_vectors[1], 55, "FIPS 180-2 B.2 split at 55");
    hmac_check();
    ctr_wrap_check();
    wipe_check();

    aes_timing(&P, 3);             /* regions 3 -> 4 (16 blocks), 7 -> 8 (CTR) */
    aes_timing(&fc_provider_soft, 5); /* regions 5 -> 6, 9 -> 10 */
    hash_timing(&P, 11);               /* regions 11 -> 12 */
    hash_timing(&fc_provider_soft, 13); /* regions 13 -> 14 */

    board_puts(failures == 0 ? "OK\n" : "FAILED\n");
    board_exit(failures == 0 ? 0 : 1);
}
