/* AES-128 encryption on the nRF51 ECB peripheral (nRF51 Series Reference Manual v3.0, chapter
 * "ECB - AES electronic codebook mode encryption"; registers as in Nordic's nrf51.h). The
 * peripheral reads a 48-byte block from RAM at ECBDATAPTR (16-byte key, 16-byte cleartext)
 * and writes the 16-byte ciphertext after them; ENDECB says it is done, ERRORECB that it was
 * stopped (STOPECB, or the radio's CCM/AAR took the AES core). It only encrypts, AES-128 only:
 * the rest is declined to the next provider (soft).
 *
 * Constant time: the peripheral takes the same time for every key and block (7.2 us at
 * 16 MHz, nRF51822 Product Specification v3.1); the driver copies fixed lengths and branches
 * on the peripheral's events and its own flags only, never on key or data.
 *
 * Secrets: the DMA block is this file's static buffer (the peripheral needs it in RAM at a
 * known place); it holds the key and the data only during one call and is wiped before the
 * call returns, on every path. The key between calls lives in the caller's context (state).
 */
#include <string.h>

#include "fieldcrypt/ct.h"
#include "fieldcrypt/driver.h"
#include "fieldcrypt/drivers/nrf51_ecb.h"

/* Polls of EVENTS_ENDECB before a block counts as lost: a block takes about 115 cycles at
 * 16 MHz, a poll at least 4, so 1000 polls are ten times more than a working peripheral
 * needs, and bound the wait for an absent one to well under a millisecond. */
#ifndef FC_NRF51_ECB_POLL_LIMIT
#define FC_NRF51_ECB_POLL_LIMIT 1000u
#endif

#define ECB_BASE 0x4000E000u
#define ECB_REG(off) (*(volatile uint32_t *)(ECB_BASE + (off)))
#define ECB_TASKS_STARTECB ECB_REG(0x000)
#define ECB_TASKS_STOPECB ECB_REG(0x004)
#define ECB_EVENTS_ENDECB ECB_REG(0x100)
#define ECB_EVENTS_ERRORECB ECB_REG(0x104)
#define ECB_INTENCLR ECB_REG(0x308)
#define ECB_ECBDATAPTR ECB_REG(0x504)

typedef struct {
    uint8_t key[16];
    uint8_t cleartext[16];
    uint8_t ciphertext[16];
} ecb_block;

typedef struct {
    uint8_t key[16];
} ecb_state;

FC_STATE_FITS(ecb_state, FC_BLOCK_STATE_SIZE);

enum { ECB_UNKNOWN, ECB_READY, ECB_ABSENT };

/* the peripheral's block: word-aligned (EasyDMA) and in RAM */
static ecb_block dma_block __attribute__((aligned(4)));
static volatile uint8_t dma_busy;
static uint8_t ecb_detected = ECB_UNKNOWN;

/* The buffer for one call, or 0 when another call holds it. PRIMASK around the test and set,
 * so an interrupt cannot take it in between (ARMv6-M has no exclusive loads). */
static int claim(void)
{
    uint32_t primask;
    int got;
    __asm__ volatile("mrs %0, primask\n\tcpsid i" : "=r"(primask)::"memory");
    got = !dma_busy;
    dma_busy = 1;
    __asm__ volatile("msr primask, %0" ::"r"(primask) : "memory");
    return got;
}

static void release(void)
{
    fc_zeroize(&dma_block, sizeof(dma_block));
    __asm__ volatile("dmb" ::: "memory");
    dma_busy = 0;
}

/* One block of dma_block on the peripheral: FC_OK, or FC_ERR_PROVIDER (ERRORECB, or no end
 * within the poll limit). */
static fc_status run_block(int *timed_out)
{
    uint32_t polls;
    ECB_EVENTS_ENDECB = 0;
    ECB_EVENTS_ERRORECB = 0;
    ECB_ECBDATAPTR = (uint32_t)(uintptr_t)&dma_block;
    __asm__ volatile("dmb" ::: "memory"); /* key and cleartext in RAM before the start */
    ECB_TASKS_STARTECB = 1;
    for (polls = 0; polls < FC_NRF51_ECB_POLL_LIMIT; polls++) {
        if (ECB_EVENTS_ERRORECB != 0) {
            ECB_EVENTS_ERRORECB = 0;
            return FC_ERR_PROVIDER;
        }
        if (ECB_EVENTS_ENDECB != 0) {
            ECB_EVENTS_ENDECB = 0;
            __asm__ volatile("dmb" ::: "memory"); /* the ciphertext is read after the event */
            return FC_OK;
        }
    }
    /* stop it, so that a late end cannot write into the buffer after its wipe */
    ECB_TASKS_STOPECB = 1;
    ECB_EVENTS_ERRORECB = 0;
    *timed_out = 1;
    return FC_ERR_PROVIDER;
}

/* blocks blocks of in through the peripheral under key; the buffer is held by the caller */
static fc_status encrypt_blocks(uint8_t *out, const uint8_t *in, size_t blocks,
                                const uint8_t key[16], int *timed_out)
{
    fc_status st = FC_OK;
    size_t i;
    memcpy(dma_block.key, key, 16);
    for (i = 0; i < blocks && st == FC_OK; i++) {
        memcpy(dma_block.cleartext, in + 16 * i, 16);
        st = run_block(timed_out);
        if (st == FC_OK)
            memcpy(out + 16 * i, dma_block.ciphertext, 16);
    }
    return st;
}

/* FIPS 197 Appendix C.1 (AES-128) */
static const uint8_t kat_key[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                    0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
static const uint8_t kat_plain[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                      0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
static const uint8_t kat_cipher[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                       0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};

int fc_nrf51_ecb_ready(void)
{
    uint8_t out[16];
    int timed_out = 0;
    fc_status st;
    if (ecb_detected != ECB_UNKNOWN)
        return ecb_detected == ECB_READY;
    if (!claim())
        return 0; /* held: ask again on the next call */
    ECB_INTENCLR = 3u; /* ENDECB and ERRORECB: polled, never an interrupt */
    memset(out, 0, sizeof(out));
    st = encrypt_blocks(out, kat_plain, 1, kat_key, &timed_out);
    release();
    ecb_detected = st == FC_OK && fc_ct_equal(out, kat_cipher, 16) ? ECB_READY : ECB_ABSENT;
    return ecb_detected == ECB_READY;
}

static fc_status ecb_init(const fc_impl *impl, void *state, unsigned dir, const uint8_t *key,
                          size_t key_len)
{
    (void)impl;
    if (key_len != 16 || (dir & FC_DECRYPT) != 0 || !fc_nrf51_ecb_ready() || dma_busy)
        return FC_ERR_UNSUPPORTED; /* AES-192/256, decryption, no peripheral, busy: soft */
    memcpy(((ecb_state *)state)->key, key, 16);
    return FC_OK;
}

static fc_status ecb_encrypt(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                             size_t blocks)
{
    int timed_out = 0;
    fc_status st;
    (void)impl;
    if (!claim())
        return FC_ERR_PROVIDER; /* another call holds the peripheral: a bound context fails */
    st = encrypt_blocks(out, in, blocks, ((const ecb_state *)state)->key, &timed_out);
    release();
    if (timed_out)
        ecb_detected = ECB_ABSENT; /* a peripheral that stopped answering: soft from now on */
    return st;
}

/* never reached: init declines every context keyed for decryption */
static fc_status ecb_decrypt(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                             size_t blocks)
{
    (void)impl;
    (void)state;
    (void)out;
    (void)in;
    (void)blocks;
    return FC_ERR_PROVIDER;
}

static const fc_impl nrf51_ecb_aes = {
    .alg = FC_AES,
    .flags = FC_IMPL_HARDWARE | FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(ecb_state),
    .ops.block = {.init = ecb_init, .encrypt = ecb_encrypt, .decrypt = ecb_decrypt},
};

static const fc_impl *const nrf51_ecb_impls[] = {&nrf51_ecb_aes};

const fc_provider fc_provider_nrf51_ecb = {
    .name = "nrf51-ecb",
    .description = "nRF51 ECB peripheral: AES-128 encryption (decryption, AES-192/256: next)",
    .impls = nrf51_ecb_impls,
    .impl_count = 1,
    .next = &fc_provider_soft,
};
