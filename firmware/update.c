/* Signed firmware update: an MCUboot image (header, body, TLVs, as `imgtool sign` writes it)
 * arrives in chunks over the UART and goes into the secondary slot through the flash
 * controller; once complete it is checked in slices (fc_mcuboot_start / fc_mcuboot_step:
 * header, TLV area, SHA-256, the KEYHASH of the device's update key, the signature, the
 * version against the running one, the size against the slot), and only after a good check is
 * the MCUboot trailer written that marks the slot pending. There is no bootloader in this
 * demo: the firmware is the application, and a pending slot only says what MCUboot would swap
 * in at the next reset (the device logs it at boot).
 *
 *   H -> D  BEGIN  length      the slot's trailer page is erased first: any earlier mark is
 *                              gone before a byte of the new image is written
 *   D -> H  ACK    0
 *   H -> D  DATA   offset || bytes  (in order; each page erased as the image reaches it)
 *   D -> H  ACK    next offset
 *   H -> D  END                the check runs in slices of FW_SLICE_BUDGET
 *   D -> H  DONE   version     or ERROR with the check's status; the slot is then not marked
 *
 * A reset or power loss at any point leaves the trailer erased, so the slot is not marked and
 * the running image stays. Everything here is public (the image, the public key): no secret,
 * nothing to wipe but the job. */
#include "service.h"

#include <string.h>

#include <fieldcrypt/ct.h>
#include <fieldcrypt/ec.h>
#include <fieldcrypt/hash.h>
#include <fieldcrypt/mcuboot.h>

#include "board.h"
#include "config.h"
#include "frames.h"
#include "log.h"
#include "provision.h"

#if FW_WITH_UPDATE

static struct {
    uint8_t active;   /* BEGIN accepted, chunks arriving */
    uint8_t checking; /* all received: the check's slices run */
    uint32_t total, received, erased_to, due;
    fc_mcuboot_key key;
    fc_mcuboot_policy policy;
    fc_mcuboot_job job;
} u;

/* The MCUboot trailer at the end of the secondary slot, for MCUboot's default BOOT_MAX_ALIGN
 * of 8 (the nRF51 writes words): what boot_set_pending writes (magic, swap type TEST). */
#define TRAILER_ALIGN 8u
#define TRAILER_LEN 48u /* fc_mcuboot_trailer_size(8): 4 * 8 + 16 */
#define TRAILER_ADDR (FW_SLOT1_ADDR + FW_SLOT_SIZE - TRAILER_LEN)

static void abandon(void)
{
    fc_mcuboot_wipe(&u.job); /* ends its hash context; the data is public */
    memset(&u, 0, sizeof u);
}

static void refuse(fc_status st, const char *why)
{
    fw_log("update refused: %s (%s); slot not marked", why, fc_status_str(st));
    fw_send_error(FW_SVC_UPDATE, st);
    abandon();
}

/* What a status of the image check means here (mcuboot.h lists them). */
static const char *why(fc_status st)
{
    switch (st) {
    case FC_ERR_DOWNGRADE: return "downgrade: the image's version is below the running one";
    case FC_ERR_LENGTH: return "the image does not fit the slot, or is truncated";
    case FC_ERR_ENCODING: return "malformed image (header or TLV area)";
    case FC_ERR_UNSUPPORTED: return "an image feature this device does not take";
    case FC_ERR_VERIFY: return "hash, key or signature check failed";
    default: return "image check";
    }
}

static void ack(uint32_t next)
{
    uint8_t b[4];
    fw_put32(b, next);
    fw_send_frame(FW_SVC_UPDATE, FW_UPD_ACK, b, 4);
}

/* FC_MCUBOOT_TRAILER_NONE, _PENDING, ... as the slot's trailer says; -1 when it is neither
 * erased nor a trailer MCUboot would write (MCUboot reads that as "bad magic": no swap). QEMU's
 * micro:bit flash starts as zeros, not erased, until the first update erases the page. */
static int slot_state(void)
{
    unsigned state = 0;
    if (fc_mcuboot_trailer_read(&state, FW_FLASH_PTR(TRAILER_ADDR), TRAILER_LEN,
                                TRAILER_ALIGN, 0xff) != FC_OK)
        return -1;
    return (int)state;
}

void update_init(void)
{
    memset(&u, 0, sizeof u);
    fw_log("firmware version %u.%u.%u+%u; update slot at 0x%x, %u KiB: %s",
           (unsigned)FW_VERSION_MAJOR, (unsigned)FW_VERSION_MINOR, (unsigned)FW_VERSION_REVISION,
           (unsigned)FW_VERSION_BUILD, (unsigned)FW_SLOT1_ADDR, (unsigned)(FW_SLOT_SIZE / 1024),
           slot_state() == FC_MCUBOOT_TRAILER_PENDING
               ? "image pending (no bootloader here to swap it in)"
               : "not marked");
}

/* The provisioned key as the check takes it: the DER SubjectPublicKeyInfo imgtool exports (its
 * SHA-256 is the image's KEYHASH). */
static fc_status key_for_check(const fw_update_key *k, fc_mcuboot_key *key)
{
    key->alg = k->alg == FW_UPDATE_KEY_ALG_P256 ? FC_SECP256R1 : FC_ED25519;
    key->pub = k->key;
    key->pub_len = k->key_len;
    return FC_OK;
}

static void on_begin(const uint8_t *in, size_t n)
{
    const fw_update_key *k = fw_update_key_get();
    fc_status st;
    if (u.active)
        abandon(); /* a new BEGIN replaces a transfer the handheld gave up */
    if (n != 4) {
        refuse(FC_ERR_LENGTH, "BEGIN of the wrong length");
        return;
    }
    if (k == NULL) {
        refuse(FC_ERR_STATE, "no update key provisioned");
        return;
    }
    u.total = fw_get32(in);
    if (u.total == 0 || u.total > FW_IMAGE_MAX) {
        refuse(FC_ERR_LENGTH, "the image is larger than the slot");
        return;
    }
    st = key_for_check(k, &u.key);
    if (st != FC_OK) {
        refuse(st, "the provisioned update key");
        return;
    }
    /* first unmark: from here until a good check the slot holds no pending image */
    if (board_flash_erase(FW_TRAILER_PAGE) != 0) {
        refuse(FC_ERR_STATE, "flash erase");
        return;
    }
    u.active = 1;
    u.erased_to = FW_SLOT1_ADDR;
    fw_log("update: receiving %u bytes into the secondary slot", (unsigned)u.total);
    ack(0);
}

static void on_data(const uint8_t *in, size_t n)
{
    uint8_t chunk[FW_UPD_CHUNK];
    uint32_t off, len, addr, padded;
    if (!u.active || u.checking) {
        refuse(FC_ERR_STATE, "DATA outside a transfer");
        return;
    }
    if (n < 5 || n > 4 + FW_UPD_CHUNK) {
        refuse(FC_ERR_LENGTH, "DATA of the wrong length");
        return;
    }
    off = fw_get32(in);
    len = (uint32_t)n - 4;
    if (off != u.received || off % 4 != 0) {
        refuse(FC_ERR_STATE, "DATA out of order");
        return;
    }
    if (len > u.total - u.received) {
        refuse(FC_ERR_LENGTH, "more data than BEGIN announced");
        return;
    }
    addr = FW_SLOT1_ADDR + off;
    while (u.erased_to < addr + len) {
        if (board_flash_erase(u.erased_to) != 0) {
            refuse(FC_ERR_STATE, "flash erase");
            return;
        }
        u.erased_to += FW_FLASH_PAGE;
    }
    padded = (len + 3u) & ~3u; /* the last chunk: padded with erased bytes */
    memset(chunk, 0xff, sizeof chunk);
    memcpy(chunk, in + 4, len);
    if (board_flash_write(addr, chunk, padded) != 0) {
        refuse(FC_ERR_STATE, "flash write");
        return;
    }
    u.received += len;
    ack(u.received);
}

static void on_end(void)
{
    fc_status st;
    if (!u.active || u.checking || u.received != u.total) {
        refuse(FC_ERR_STATE, "END before the whole image");
        return;
    }
    u.policy.min_version.major = FW_VERSION_MAJOR;
    u.policy.min_version.minor = FW_VERSION_MINOR;
    u.policy.min_version.revision = FW_VERSION_REVISION;
    u.policy.min_version.build = FW_VERSION_BUILD;
    u.policy.flags = 0; /* MCUboot's default: the build number does not count */
    u.policy.slot_size = FW_IMAGE_MAX;
    st = fc_mcuboot_start(&u.job, NULL, &u.key, &u.policy, FW_FLASH_PTR(FW_SLOT1_ADDR),
                          u.total);
    if (st != FC_OK) {
        refuse(st, why(st));
        return;
    }
    u.checking = 1;
    fw_log("update: %u bytes written; checking the image in slices", (unsigned)u.total);
}

static void checked(void)
{
    fc_mcuboot_info info;
    uint8_t done[8], trailer[TRAILER_LEN];
    fc_status st = fc_mcuboot_result(&u.job, &info);
    if (st == FC_OK && fc_mcuboot_trailer_size(TRAILER_ALIGN) != TRAILER_LEN)
        st = FC_ERR_LENGTH;
    if (st == FC_OK)
        st = fc_mcuboot_trailer(trailer, sizeof trailer, FC_MCUBOOT_TRAILER_PENDING,
                                TRAILER_ALIGN, 0xff);
    /* the trailer page was erased at BEGIN: written once, here, after the good check */
    if (st == FC_OK && board_flash_write(TRAILER_ADDR, trailer, sizeof trailer) != 0)
        st = FC_ERR_STATE;
    if (st == FC_OK && slot_state() != FC_MCUBOOT_TRAILER_PENDING)
        st = FC_ERR_STATE;
    if (st != FC_OK) {
        refuse(st, "marking the slot");
        return;
    }
    done[0] = info.version.major;
    done[1] = info.version.minor;
    done[2] = (uint8_t)(info.version.revision >> 8);
    done[3] = (uint8_t)info.version.revision;
    fw_put32(done + 4, info.version.build);
    fw_log("update ok: image %u.%u.%u+%u (%u bytes) verified; secondary slot marked pending",
           (unsigned)info.version.major, (unsigned)info.version.minor,
           (unsigned)info.version.revision, (unsigned)info.version.build,
           (unsigned)info.total_size);
    fw_send_frame(FW_SVC_UPDATE, FW_UPD_DONE, done, sizeof done);
    abandon();
}

void update_frame(uint8_t type, const uint8_t *in, size_t n, uint32_t now)
{
    u.due = now + FW_UPDATE_TIMEOUT_MS;
    if (type == FW_FRAME_ERROR) {
        if (u.active)
            fw_log("update abandoned by the handheld; slot not marked");
        abandon();
        return;
    }
    if (u.checking) {
        refuse(FC_ERR_STATE, "a frame during the check");
        return;
    }
    if (type == FW_UPD_BEGIN)
        on_begin(in, n);
    else if (type == FW_UPD_DATA)
        on_data(in, n);
    else if (type == FW_UPD_END && n == 0)
        on_end();
    else
        refuse(FC_ERR_STATE, "unknown or misplaced frame");
    u.due = now + FW_UPDATE_TIMEOUT_MS;
}

void update_poll(uint32_t now)
{
    if (u.checking) {
        fc_status st;
        bench_mark(MARK_UPDATE_CHECK);
        st = fc_mcuboot_step(&u.job, FW_SLICE_BUDGET);
        bench_mark(MARK_UPDATE_CHECK + 1);
        if (st == FC_OK)
            checked();
        else if (st != FC_PENDING)
            refuse(st, why(st));
    } else if (u.active && (int32_t)(now - u.due) >= 0) {
        fw_log("update timeout: the handheld went quiet; slot not marked");
        fw_send_error(FW_SVC_UPDATE, FC_ERR_STATE);
        abandon();
    }
}

int update_busy(void)
{
    return u.checking;
}

int update_deadline(uint32_t *t)
{
    *t = u.due;
    return u.active && !u.checking;
}

#endif
