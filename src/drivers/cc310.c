/* AES and SHA-256 on the Arm CryptoCell-310 of the nRF52840 (CRYPTOCELL at 0x5002A000, ENABLE
 * at 0x500: nRF52840 Product Specification, CRYPTOCELL chapter; the CC310 register bank at
 * 0x5002B000). Register offsets and their use follow Trusted Firmware-M's BSD-3-Clause
 * low-level cc3xx driver (platform/ext/target/arm/drivers/cc3xx/low_level_driver:
 * include/cc3xx_reg_defs.h, src/cc3xx_aes.c, cc3xx_hash.c, cc3xx_dma.c, and the engine values
 * of include/cc3xx_engine_state.h); this file is written from them, not copied.
 *
 * One call: ENABLE, the engine's clock and the DMA clock on, CRYPTO_CTL selects the engine,
 * the engine's registers are loaded, then each transfer writes the source and destination
 * addresses and the byte count (SRC_LLI_WORD1 starts it) and polls HOST_RGF_IRR for
 * MEM_TO_DIN (and DOUT_TO_MEM when there is output), as the TF-M driver does on the CC310.
 * At the end the key (or chaining value) registers are overwritten with zeros, the engine is
 * deselected, the clocks stopped and the CRYPTOCELL disabled, on every path.
 *
 * AES: the block family (FC_AES) in ECB, so the core's modes (GCM, CCM, CMAC, key wrapping,
 * CTR_DRBG, CTR32) run over it, whole runs of blocks per DMA transfer; and the engine's own
 * CBC and CTR (FC_AES_CBC, FC_AES_CTR: a call's blocks in one transfer, the chaining value
 * or counter kept in the context between calls). The nRF52840's CC310 does AES-128 only;
 * AES-192 and AES-256 are probed at detection (FIPS 197 C.2, C.3) and served only where the
 * engine passes them, declined to soft elsewhere.
 * SHA-256: the hash family; the engine compresses whole 64-byte blocks from a chaining value
 * the driver loads and saves (so contexts interleave), and the driver pads (FIPS 180-4 5.1.1).
 *
 * Detection: the first call runs FIPS 197 C.1 and SHA-256("abc") on the engine; no answer
 * within FC_CC310_POLL_LIMIT polls (nothing there: the pages read as zero), an AHB error or a
 * wrong answer, and every later call is declined. A transfer that times out later fails its
 * call with FC_ERR_PROVIDER and the driver declines from then on.
 *
 * Constant time: the engines take the same time for every key and block (hardware); the
 * driver copies fixed lengths, and its branches and indexes depend on lengths, addresses and
 * the peripheral's status only, never on key or data.
 *
 * Secrets: keys live in the caller's context between calls; the key registers hold a key only
 * during one call. The bounce buffer (for data outside the DMA's reach, flash) is this file's
 * static RAM, wiped before each call returns. */
#include <string.h>

#include "fieldcrypt/ct.h"
#include "fieldcrypt/driver.h"
#include "fieldcrypt/drivers/cc310.h"

/* Polls of HOST_RGF_IRR before a transfer counts as lost. A transfer is at most
 * CHUNK_BYTES (64 AES blocks, 16 SHA-256 blocks): a few thousand CC310 cycles at most, and a
 * poll takes at least 4 core cycles, so 20000 polls are well over ten times what a working
 * engine needs and bound the wait for an absent one to about 2 ms at 64 MHz. */
#ifndef FC_CC310_POLL_LIMIT
#define FC_CC310_POLL_LIMIT 20000u
#endif

/* The memory the CC310's DMA reaches: the nRF52840's data RAM (256 KiB). Data elsewhere
 * (constants in flash) goes through the bounce buffer. */
#ifndef FC_CC310_RAM_START
#define FC_CC310_RAM_START 0x20000000u
#endif
#ifndef FC_CC310_RAM_END
#define FC_CC310_RAM_END 0x20040000u
#endif

#define CRYPTOCELL_ENABLE (*(volatile uint32_t *)0x5002A500u)
#define CC_REG(off) (*(volatile uint32_t *)(0x5002B000u + (off)))
#define CC_AES_KEY_0(i) CC_REG(0x400u + 4u * (i))
#define CC_AES_REMAINING_BYTES CC_REG(0x4BCu)
#define CC_AES_CONTROL CC_REG(0x4C0u)
#define CC_HASH_H(i) CC_REG(0x640u + 4u * (i))
#define CC_AUTO_HW_PADDING CC_REG(0x684u)
#define CC_HASH_SEL_AES_MAC CC_REG(0x6A4u)
#define CC_HASH_CONTROL CC_REG(0x7C0u)
#define CC_HASH_PAD_EN CC_REG(0x7C4u)
#define CC_HASH_CUR_LEN_0 CC_REG(0x7CCu)
#define CC_HASH_CUR_LEN_1 CC_REG(0x7D0u)
#define CC_AES_CLK_ENABLE CC_REG(0x810u)
#define CC_HASH_CLK_ENABLE CC_REG(0x818u)
#define CC_DMA_CLK_ENABLE CC_REG(0x820u)
#define CC_CRYPTO_CTL CC_REG(0x900u)
#define CC_HASH_BUSY CC_REG(0x91Cu)
#define CC_HOST_RGF_IRR CC_REG(0xA00u)
#define CC_HOST_RGF_IMR CC_REG(0xA04u)
#define CC_HOST_RGF_ICR CC_REG(0xA08u)
#define CC_SRC_LLI_WORD0 CC_REG(0xC28u)
#define CC_SRC_LLI_WORD1 CC_REG(0xC2Cu)
#define CC_DST_LLI_WORD0 CC_REG(0xD28u)
#define CC_DST_LLI_WORD1 CC_REG(0xD2Cu)

#define IRR_MEM_TO_DIN (1u << 6)
#define IRR_DOUT_TO_MEM (1u << 7)
#define IRR_AHB_ERR (1u << 8)
#define IRR_ALL 0xFF0u

#define ENGINE_BYPASS 0u
#define ENGINE_AES 1u
#define ENGINE_HASH 7u
#define AES_MODE_ECB 0u
#define AES_MODE_CBC 1u
#define AES_MODE_CTR 2u
#define HASH_ALG_SHA256 2u

#define CHUNK_BYTES 1024u /* bytes per DMA transfer (the poll limit assumes no more) */
#define BOUNCE_BYTES 64u  /* one SHA-256 block, four AES blocks */

typedef struct {
    uint32_t key[8];     /* the key as the registers take it: little-endian words */
    uint32_t size_field; /* AES_CONTROL bits 12-13: 0, 1, 2 for AES-128, -192, -256 */
} cc_aes_state;

typedef struct {
    cc_aes_state aes;
    uint32_t control;  /* AES_CONTROL: the mode and, for CBC, the direction */
    uint8_t chain[16]; /* the IV (CBC) or counter block (CTR) for the next call */
} cc_aes_mode_state;

typedef struct {
    uint32_t h[8];    /* the chaining value between calls */
    uint64_t total;   /* message bytes so far */
    uint8_t tail[64]; /* bytes short of a block */
    uint32_t tail_len;
} cc_sha256_state;

FC_STATE_FITS(cc_aes_state, FC_BLOCK_STATE_SIZE);
FC_STATE_FITS(cc_aes_mode_state, FC_BLOCK_STATE_SIZE);
FC_STATE_FITS(cc_sha256_state, FC_HASH_STATE_SIZE);

enum { CC_UNKNOWN, CC_READY, CC_ABSENT };

static uint8_t bounce[BOUNCE_BYTES] __attribute__((aligned(4)));
static volatile uint8_t engine_busy;
static uint8_t cc_detected = CC_UNKNOWN;
static uint8_t aes_sizes; /* bit n: AES_CONTROL key size field n passed its known answer */

/* The engine for one call, or 0 when another call holds it. PRIMASK around the test and set,
 * so an interrupt cannot take it in between. */
static int claim(void)
{
    uint32_t primask;
    int got;
    __asm__ volatile("mrs %0, primask\n\tcpsid i" : "=r"(primask)::"memory");
    got = !engine_busy;
    engine_busy = 1;
    __asm__ volatile("msr primask, %0" ::"r"(primask) : "memory");
    return got;
}

static void release(void)
{
    fc_zeroize(bounce, sizeof(bounce));
    __asm__ volatile("dmb" ::: "memory");
    engine_busy = 0;
}

static int dma_reaches(const void *p, size_t len)
{
    uintptr_t a = (uintptr_t)p;
    return a >= FC_CC310_RAM_START && a <= FC_CC310_RAM_END && len <= FC_CC310_RAM_END - a;
}

static uint32_t load_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* Power, the engine's clock and the DMA clock on, the engine selected, interrupts masked (the
 * driver polls the raw status). */
static void engine_on(volatile uint32_t *clock, uint32_t engine)
{
    CRYPTOCELL_ENABLE = 1u;
    *clock = 1u;
    CC_DMA_CLK_ENABLE = 1u;
    CC_CRYPTO_CTL = engine;
    CC_HOST_RGF_IMR = IRR_ALL;
    CC_HOST_RGF_ICR = IRR_ALL;
}

/* Back to bypass, clocks off, powered down: a transfer still running (after a timeout) is
 * dropped, so nothing lands in a buffer after its wipe. */
static void engine_off(volatile uint32_t *clock)
{
    CC_CRYPTO_CTL = ENGINE_BYPASS;
    *clock = 0u;
    CC_DMA_CLK_ENABLE = 0u;
    __asm__ volatile("dsb" ::: "memory");
    CRYPTOCELL_ENABLE = 0u;
}

/* One DMA transfer of len bytes from src through the selected engine, to dst (NULL: the
 * engine keeps its output, as the hash does). FC_OK, or FC_ERR_PROVIDER on an AHB error or
 * when the transfer does not end within the poll limit (then *timed_out is set). */
static fc_status transfer(uint8_t *dst, const uint8_t *src, uint32_t len, int *timed_out)
{
    uint32_t want = dst != NULL ? IRR_MEM_TO_DIN | IRR_DOUT_TO_MEM : IRR_MEM_TO_DIN;
    uint32_t polls, irr;
    CC_HOST_RGF_ICR = IRR_ALL;
    CC_DST_LLI_WORD0 = (uint32_t)(uintptr_t)dst;
    CC_DST_LLI_WORD1 = dst != NULL ? len : 0u;
    CC_SRC_LLI_WORD0 = (uint32_t)(uintptr_t)src;
    __asm__ volatile("dmb" ::: "memory"); /* the input in RAM before the start */
    CC_SRC_LLI_WORD1 = len;               /* starts the transfer */
    for (polls = 0; polls < FC_CC310_POLL_LIMIT; polls++) {
        irr = CC_HOST_RGF_IRR;
        if ((irr & IRR_AHB_ERR) != 0) {
            CC_HOST_RGF_ICR = IRR_ALL;
            return FC_ERR_PROVIDER;
        }
        if ((irr & want) == want) {
            CC_HOST_RGF_ICR = want;
            __asm__ volatile("dmb" ::: "memory"); /* the output is read after the status */
            return FC_OK;
        }
    }
    *timed_out = 1;
    return FC_ERR_PROVIDER;
}

/* ---- AES: len bytes (whole blocks) of in to out under AES_CONTROL value control; chain is
 * NULL (ECB) or the 16-byte IV (CBC) or counter block (CTR), loaded into the engine and read
 * back after, so the next call continues it. The engine is held by the caller. */
static fc_status aes_run(const cc_aes_state *st, uint32_t control, uint8_t *chain, uint8_t *out,
                         const uint8_t *in, size_t len, int *timed_out)
{
    uint32_t chain_reg = (control >> 2 & 7u) == AES_MODE_CTR ? 0x460u : 0x440u; /* CTR_0 : IV_0 */
    size_t n, i;
    fc_status st_ = FC_OK;
    engine_on(&CC_AES_CLK_ENABLE, ENGINE_AES);
    CC_AES_REMAINING_BYTES = 0u;
    CC_AES_CONTROL = control | st->size_field << 12;
    for (i = 0; i < 4u + 2u * st->size_field; i++)
        CC_AES_KEY_0(i) = st->key[i];
    for (i = 0; chain != NULL && i < 4; i++)
        CC_REG(chain_reg + 4u * i) = load_le32(chain + 4 * i);
    while (len > 0 && st_ == FC_OK) {
        if (dma_reaches(in, len) && dma_reaches(out, len)) {
            n = len < CHUNK_BYTES ? len : CHUNK_BYTES;
            st_ = transfer(out, in, (uint32_t)n, timed_out);
        } else {
            n = len < BOUNCE_BYTES ? len : BOUNCE_BYTES;
            memcpy(bounce, in, n);
            st_ = transfer(bounce, bounce, (uint32_t)n, timed_out);
            if (st_ == FC_OK)
                memcpy(out, bounce, n);
        }
        in += n;
        out += n;
        len -= n;
    }
    for (i = 0; chain != NULL && i < 4; i++) {
        uint32_t w = CC_REG(chain_reg + 4u * i);
        chain[4 * i] = (uint8_t)w;
        chain[4 * i + 1] = (uint8_t)(w >> 8);
        chain[4 * i + 2] = (uint8_t)(w >> 16);
        chain[4 * i + 3] = (uint8_t)(w >> 24);
        CC_REG(chain_reg + 4u * i) = 0u;
    }
    for (i = 0; i < 8; i++)
        CC_AES_KEY_0(i) = 0u; /* no key left in the engine */
    CC_AES_CONTROL = 0u;
    engine_off(&CC_AES_CLK_ENABLE);
    return st_;
}

static fc_status aes_blocks(const cc_aes_state *st, unsigned decrypt, uint8_t *out,
                            const uint8_t *in, size_t blocks, int *timed_out)
{
    return aes_run(st, (decrypt ? 1u : 0u) | AES_MODE_ECB << 2, NULL, out, in, 16 * blocks,
                   timed_out);
}

/* ---- SHA-256: blocks 64-byte blocks of data into h; the engine is held by the caller */
static fc_status sha256_blocks(uint32_t h[8], const uint8_t *data, size_t blocks,
                               int *timed_out)
{
    size_t len = 64 * blocks, n;
    uint32_t polls;
    fc_status st = FC_OK;
    int i;
    engine_on(&CC_HASH_CLK_ENABLE, ENGINE_HASH);
    CC_HASH_SEL_AES_MAC = 0u;
    CC_HASH_CONTROL = HASH_ALG_SHA256;
    CC_HASH_PAD_EN = 1u;
    CC_AUTO_HW_PADDING = 0u; /* whole blocks only: the driver pads */
    CC_HASH_CUR_LEN_0 = 0u;
    CC_HASH_CUR_LEN_1 = 0u;
    for (i = 7; i >= 0; i--) /* last word first, as TF-M loads them */
        CC_HASH_H(i) = h[i];
    while (len > 0 && st == FC_OK) {
        if (dma_reaches(data, len)) {
            n = len < CHUNK_BYTES ? len : CHUNK_BYTES;
            st = transfer(NULL, data, (uint32_t)n, timed_out);
        } else {
            n = BOUNCE_BYTES;
            memcpy(bounce, data, n);
            st = transfer(NULL, bounce, (uint32_t)n, timed_out);
        }
        data += n;
        len -= n;
    }
    for (polls = 0; st == FC_OK && CC_HASH_BUSY != 0; polls++) {
        if (polls >= FC_CC310_POLL_LIMIT) {
            *timed_out = 1;
            st = FC_ERR_PROVIDER;
        }
    }
    for (i = 0; i < 8; i++) {
        if (st == FC_OK)
            h[i] = CC_HASH_H(i);
        CC_HASH_H(i) = 0u; /* nothing of the message left in the engine */
    }
    CC_HASH_CONTROL = 0u;
    engine_off(&CC_HASH_CLK_ENABLE);
    return st;
}

/* ---- detection */
static const uint32_t sha256_iv[8] = {0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
                                      0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u};

static void aes_key_load(cc_aes_state *st, const uint8_t *key, size_t key_len)
{
    size_t i;
    for (i = 0; i < key_len / 4; i++)
        st->key[i] = load_le32(key + 4 * i);
    st->size_field = (uint32_t)(key_len - 16) / 8;
}

/* FIPS 197 Appendix C.1-C.3: the key 000102..1f cut to 16, 24, 32 bytes, the plaintext
 * 00112233..ff, and the three ciphertexts */
static const uint8_t kat_key[32] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f};
static const uint8_t kat_plain[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                      0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
static const uint8_t kat_cipher[3][16] = {
    {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30, 0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a},
    {0xdd, 0xa9, 0x7c, 0xa4, 0x86, 0x4c, 0xdf, 0xe0, 0x6e, 0xaf, 0x70, 0xa0, 0xec, 0x0d, 0x71, 0x91},
    {0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf, 0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89}};
/* FIPS 180-4 / NIST CSVS example SHA256.pdf: SHA-256("abc") */
static const uint32_t kat_abc_digest[8] = {0xba7816bfu, 0x8f01cfeau, 0x414140deu, 0x5dae2223u,
                                           0xb00361a3u, 0x96177a9cu, 0xb410ff61u, 0xf20015adu};

/* 1 when the engine gives C.1-C.3's ciphertext for the key size field (0, 1, 2); the known
 * answers are not inlined, so their buffers never stack on each other in fc_cc310_ready */
__attribute__((noinline)) static int aes_kat(uint32_t size_field, int *timed_out)
{
    cc_aes_state st;
    uint8_t out[16];
    int ok;
    memset(out, 0, sizeof(out));
    aes_key_load(&st, kat_key, 16 + 8 * size_field);
    ok = aes_blocks(&st, 0, out, kat_plain, 1, timed_out) == FC_OK &&
         fc_ct_equal(out, kat_cipher[size_field], 16);
    return ok;
}

__attribute__((noinline)) static int sha256_kat(int *timed_out)
{
    uint8_t block[64];
    uint32_t h[8];
    memcpy(h, sha256_iv, sizeof(h));
    memset(block, 0, sizeof(block));
    block[0] = 'a';
    block[1] = 'b';
    block[2] = 'c';
    block[3] = 0x80;
    block[63] = 24; /* the length in bits */
    return sha256_blocks(h, block, 1, timed_out) == FC_OK &&
           fc_ct_equal(h, kat_abc_digest, sizeof(h));
}

int fc_cc310_ready(void)
{
    int timed_out = 0, ok;
    if (cc_detected != CC_UNKNOWN)
        return cc_detected == CC_READY;
    if (!claim())
        return 0; /* held: ask again on the next call */
    ok = aes_kat(0, &timed_out) && sha256_kat(&timed_out);
    aes_sizes = ok ? 1u : 0u;
    /* AES-192/256: optional in a CC310 configuration (the nRF52840's has neither) */
    if (ok && aes_kat(1, &timed_out))
        aes_sizes |= 2u;
    if (ok && aes_kat(2, &timed_out))
        aes_sizes |= 4u;
    release();
    cc_detected = ok && !timed_out ? CC_READY : CC_ABSENT;
    return cc_detected == CC_READY;
}

int fc_cc310_aes_key_ok(size_t key_len)
{
    return (key_len == 16 || key_len == 24 || key_len == 32) && fc_cc310_ready() &&
           (aes_sizes >> ((key_len - 16) / 8) & 1u) != 0;
}

/* ---- the block family */
static fc_status cc_aes_init(const fc_impl *impl, void *state, unsigned dir, const uint8_t *key,
                             size_t key_len)
{
    (void)impl;
    (void)dir; /* the engine does both directions */
    if (!fc_cc310_aes_key_ok(key_len) || engine_busy)
        return FC_ERR_UNSUPPORTED; /* a size the engine lacks, no engine, busy: soft */
    aes_key_load((cc_aes_state *)state, key, key_len);
    return FC_OK;
}

static fc_status cc_aes_run(void *state, unsigned decrypt, uint8_t *out, const uint8_t *in,
                            size_t blocks)
{
    int timed_out = 0;
    fc_status st;
    if (!claim())
        return FC_ERR_PROVIDER; /* another call holds the engine: a bound context fails */
    st = aes_blocks((const cc_aes_state *)state, decrypt, out, in, blocks, &timed_out);
    release();
    if (timed_out)
        cc_detected = CC_ABSENT; /* an engine that stopped answering: soft from now on */
    return st;
}

static fc_status cc_aes_encrypt(const fc_impl *impl, void *state, uint8_t *out,
                                const uint8_t *in, size_t blocks)
{
    (void)impl;
    return cc_aes_run(state, 0, out, in, blocks);
}

static fc_status cc_aes_decrypt(const fc_impl *impl, void *state, uint8_t *out,
                                const uint8_t *in, size_t blocks)
{
    (void)impl;
    return cc_aes_run(state, 1, out, in, blocks);
}

/* ---- the cipher family: CBC and CTR (the whole 128-bit counter block, SP 800-38A) run in
 * the engine, a call's blocks in one transfer instead of the core's block or four at a time */
static fc_status cc_mode_init(const fc_impl *impl, void *state, unsigned dir, const uint8_t *key,
                              size_t key_len, const uint8_t *iv)
{
    cc_aes_mode_state *s = (cc_aes_mode_state *)state;
    if (!fc_cc310_aes_key_ok(key_len) || engine_busy)
        return FC_ERR_UNSUPPORTED;
    aes_key_load(&s->aes, key, key_len);
    s->control = impl->alg == FC_AES_CTR ? AES_MODE_CTR << 2
                                         : AES_MODE_CBC << 2 | (dir == FC_DECRYPT ? 1u : 0u);
    memcpy(s->chain, iv, 16);
    return FC_OK;
}

static fc_status cc_mode_crypt(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                               size_t len)
{
    cc_aes_mode_state *s = (cc_aes_mode_state *)state;
    int timed_out = 0;
    fc_status st;
    (void)impl;
    if (!claim())
        return FC_ERR_PROVIDER;
    st = aes_run(&s->aes, s->control, s->chain, out, in, len, &timed_out);
    release();
    if (timed_out)
        cc_detected = CC_ABSENT;
    return st;
}

static fc_status cc_mode_set_iv(const fc_impl *impl, void *state, const uint8_t *iv)
{
    (void)impl;
    memcpy(((cc_aes_mode_state *)state)->chain, iv, 16);
    return FC_OK;
}

/* ---- the hash family */
static fc_status cc_sha256_init(const fc_impl *impl, void *state)
{
    cc_sha256_state *s = (cc_sha256_state *)state;
    (void)impl;
    if (!fc_cc310_ready() || engine_busy)
        return FC_ERR_UNSUPPORTED;
    memcpy(s->h, sha256_iv, sizeof(s->h));
    return FC_OK;
}

/* blocks whole blocks of data through the engine into s->h */
static fc_status cc_sha256_compress(cc_sha256_state *s, const uint8_t *data, size_t blocks)
{
    int timed_out = 0;
    fc_status st;
    if (!claim())
        return FC_ERR_PROVIDER;
    st = sha256_blocks(s->h, data, blocks, &timed_out);
    release();
    if (timed_out)
        cc_detected = CC_ABSENT;
    return st;
}

static fc_status cc_sha256_update(const fc_impl *impl, void *state, const uint8_t *data,
                                  size_t len)
{
    cc_sha256_state *s = (cc_sha256_state *)state;
    size_t n;
    fc_status st = FC_OK;
    (void)impl;
    s->total += len;
    if (s->tail_len > 0) {
        n = 64 - s->tail_len < len ? 64 - s->tail_len : len;
        memcpy(s->tail + s->tail_len, data, n);
        s->tail_len += (uint32_t)n;
        data += n;
        len -= n;
        if (s->tail_len < 64)
            return FC_OK;
        st = cc_sha256_compress(s, s->tail, 1);
        s->tail_len = 0;
    }
    if (st == FC_OK && len >= 64) {
        st = cc_sha256_compress(s, data, len / 64);
        data += len & ~(size_t)63;
        len &= 63;
    }
    if (st == FC_OK && len > 0) {
        memcpy(s->tail, data, len);
        s->tail_len = (uint32_t)len;
    }
    return st;
}

static fc_status cc_sha256_final(const fc_impl *impl, void *state, uint8_t *digest)
{
    cc_sha256_state *s = (cc_sha256_state *)state;
    uint64_t bits = s->total * 8;
    fc_status st = FC_OK;
    int i;
    (void)impl;
    s->tail[s->tail_len] = 0x80;
    memset(s->tail + s->tail_len + 1, 0, 63 - s->tail_len);
    if (s->tail_len >= 56) { /* no room for the length: one more block */
        st = cc_sha256_compress(s, s->tail, 1);
        memset(s->tail, 0, 64);
    }
    for (i = 0; i < 8; i++)
        s->tail[56 + i] = (uint8_t)(bits >> (56 - 8 * i));
    if (st == FC_OK)
        st = cc_sha256_compress(s, s->tail, 1);
    for (i = 0; st == FC_OK && i < 8; i++)
        store_be32(digest + 4 * i, s->h[i]);
    return st;
}

static const fc_impl cc310_aes = {
    .alg = FC_AES,
    .flags = FC_IMPL_HARDWARE | FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(cc_aes_state),
    .ops.block = {.init = cc_aes_init, .encrypt = cc_aes_encrypt, .decrypt = cc_aes_decrypt},
};

static const fc_impl cc310_sha256 = {
    .alg = FC_SHA256,
    .flags = FC_IMPL_HARDWARE | FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(cc_sha256_state),
    .ops.hash = {.init = cc_sha256_init, .update = cc_sha256_update, .final = cc_sha256_final},
};

static const fc_impl cc310_aes_cbc = {
    .alg = FC_AES_CBC,
    .flags = FC_IMPL_HARDWARE | FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(cc_aes_mode_state),
    .ops.cipher = {.init = cc_mode_init, .crypt = cc_mode_crypt, .set_iv = cc_mode_set_iv},
};

static const fc_impl cc310_aes_ctr = {
    .alg = FC_AES_CTR,
    .flags = FC_IMPL_HARDWARE | FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(cc_aes_mode_state),
    .ops.cipher = {.init = cc_mode_init, .crypt = cc_mode_crypt, .set_iv = cc_mode_set_iv},
};

static const fc_impl *const cc310_impls[] = {&cc310_aes, &cc310_aes_cbc, &cc310_aes_ctr,
                                             &cc310_sha256};

const fc_provider fc_provider_cc310 = {
    .name = "cc310",
    .description = "nRF52840 CryptoCell-310: AES-128 blocks, CBC, CTR (192/256 where the engine "
                   "has them), SHA-256",
    .impls = cc310_impls,
    .impl_count = sizeof(cc310_impls) / sizeof(cc310_impls[0]),
    .next = &fc_provider_soft,
};
