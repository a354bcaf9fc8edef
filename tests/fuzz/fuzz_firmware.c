/* libFuzzer: the device firmware's UART receive path on the host: firmware/service.c (frame
 * reassembly, resynchronisation, the login's session and back-off), pairing.c and update.c
 * (the update receiver writing into the secondary slot), compiled unchanged over a board of
 * this file: an in-memory flash of the micro:bit's layout, a clock the input drives, a
 * deterministic random source, and a UART that swallows the device's answers.
 *
 * Input: byte 0 is a pause period k, byte 1 a pause length; the rest is the byte stream from
 * the handheld, fed one byte a millisecond, with a pause of byte 1 x 10 ms after every k-th
 * byte (k = 0: none); the device polls until its work is done after every byte, as main.c
 * does. At the end the line stays quiet for twenty minutes of polls.
 *
 * What must hold: no crash, overread or undefined behaviour (ASan, UBSan); the firmware erases
 * and programs only whole words of the secondary slot, only bits from 1 to 0 (the flash model
 * aborts otherwise); a device left alone past every timeout has no work pending. The device's
 * record (id "fuzz-device", a fixed credential) and update key (Ed25519, seed 00 01 .. 1f, the
 * key fuzz_mcuboot's seed image is signed with) are valid, so frames reach every service. The
 * login runs on the cheap curve stand-in (tests/fuzz/README.md); pairing's P-256 is real. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"

#include "board.h"
#include "config.h"
#include "provision.h"
#include "service.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* the micro:bit's 256 KiB of flash (config.h's addresses index it: FW_FLASH_PTR) */
uint8_t fw_fuzz_flash[0x40000];

static uint32_t now_ms;
static uint64_t rng_state;

/* ---- the board ---- */

void board_init(void)
{
}

const char *board_name(void)
{
    return "fuzz";
}

int board_random_is_secure(void)
{
    return 0;
}

int board_uart_getc(void)
{
    return -1;
}

/* FW_FUZZ_TRACE=1 in the environment: the device's bytes in hex on stderr, to read what an
 * input does (run the harness on that one input) */
static int trace = -1;

void board_uart_write(const uint8_t *p, size_t n)
{
    volatile uint8_t sink = 0;
    size_t i;
    for (i = 0; i < n; i++) /* every byte the device sends is read: ASan checks the bounds */
        sink ^= p[i];
    (void)sink;
    if (trace < 0)
        trace = getenv("FW_FUZZ_TRACE") != NULL;
    for (i = 0; trace && i < n; i++)
        fprintf(stderr, "%02x%s", p[i], i + 1 == n ? "\n" : "");
}

uint32_t board_ms(void)
{
    return now_ms;
}

void board_sleep(uint32_t ms)
{
    now_ms += ms;
}

int board_random(void *user, uint8_t *out, size_t len)
{
    size_t i;
    (void)user;
    for (i = 0; i < len; i++) { /* splitmix64: reproducible per input */
        uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        out[i] = (uint8_t)(z ^ (z >> 31));
    }
    return 0;
}

void board_reset(void)
{
    abort();
}

static int in_slot1(uint32_t addr, size_t n)
{
    return addr >= FW_SLOT1_ADDR && addr <= FW_SLOT1_ADDR + FW_SLOT_SIZE &&
           n <= FW_SLOT1_ADDR + FW_SLOT_SIZE - addr;
}

int board_flash_erase(uint32_t addr)
{
    if (addr % FW_FLASH_PAGE != 0 || !in_slot1(addr, FW_FLASH_PAGE))
        abort(); /* the firmware erases whole pages of the secondary slot only */
    memset(fw_fuzz_flash + addr, 0xff, FW_FLASH_PAGE);
    return 0;
}

int board_flash_write(uint32_t addr, const uint8_t *p, size_t n)
{
    size_t i;
    if (addr % 4 != 0 || n % 4 != 0 || !in_slot1(addr, n))
        abort(); /* words of the secondary slot only */
    for (i = 0; i < n; i++) {
        if ((p[i] & ~fw_fuzz_flash[addr + i] & 0xff) != 0)
            abort(); /* programming turns bits from 1 to 0 only: the page was not erased */
        fw_fuzz_flash[addr + i] &= p[i];
    }
    return 0;
}

/* ---- the provisioning: a valid record and update key ---- */

static fw_record record;
static fw_update_key update_key;

const fw_record *fw_record_get(void)
{
    return &record;
}

const fw_update_key *fw_update_key_get(void)
{
    return &update_key;
}

static void provision(void)
{
    static const uint8_t spki_ed25519[12] = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03,
                                             0x2b, 0x65, 0x70, 0x03, 0x21, 0x00};
    uint8_t seed[32], pub[32], digest[FC_SHA256_LEN];
    size_t i;
    memcpy(record.magic, "FCP1", 4);
    record.version = 1;
    record.suite = 1;
    record.id_len = 11;
    memcpy(record.id, "fuzz-device", 11);
    for (i = 0; i < 32; i++) {
        record.credential[i] = (uint8_t)(0xc0 + i);
        seed[i] = (uint8_t)i;
    }
    fc_hash(NULL, FC_SHA256, digest, FC_SHA256_LEN, (const uint8_t *)&record, FW_RECORD_CHECKED);
    memcpy(record.check, digest, sizeof record.check);
    if (fc_eddsa_public_key(NULL, FC_ED25519, pub, seed) != FC_OK)
        abort();
    memcpy(update_key.magic, "FCK1", 4);
    update_key.version = 1;
    update_key.alg = FW_UPDATE_KEY_ALG_ED25519;
    update_key.key_len = 44;
    memcpy(update_key.key, spki_ed25519, sizeof spki_ed25519);
    memcpy(update_key.key + sizeof spki_ed25519, pub, sizeof pub);
    fc_hash(NULL, FC_SHA256, digest, FC_SHA256_LEN, (const uint8_t *)&update_key,
            FW_RECORD_CHECKED);
    memcpy(update_key.check, digest, sizeof update_key.check);
}

/* ---- the main loop of main.c, driven by the input ---- */

static void run_until_idle(void)
{
    unsigned i;
    for (i = 0; i < 100000 && svc_busy(); i++)
        svc_poll(now_ms);
    if (svc_busy())
        abort(); /* work that never ends */
    svc_poll(now_ms);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const fc_rng rng = {board_random, NULL};
    static int once;
    size_t i, period, pause;
    if (!once) {
        fc_rng_install(&rng);
        provision();
        once = 1;
    }
    if (size < 2)
        return 0;
    period = data[0];
    pause = 10u * data[1];
    now_ms = 1000;
    rng_state = 0x5eed;
    memset(fw_fuzz_flash, 0, sizeof fw_fuzz_flash); /* the micro:bit's flash starts as zeros */
    svc_init(&record);
    for (i = 2; i < size; i++) {
        svc_rx(data[i], now_ms);
        now_ms += 1;
        run_until_idle();
        if (period != 0 && (i - 1) % period == 0) {
            now_ms += (uint32_t)pause;
            run_until_idle();
        }
    }
    /* twenty minutes of quiet, a poll every 10 s: every session, transfer and back-off ends */
    for (i = 0; i < 120; i++) {
        now_ms += 10000;
        run_until_idle();
    }
    if (svc_busy())
        abort();
    return 0;
}
