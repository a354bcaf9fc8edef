/* Verification of signed firmware images in MCUboot's format, as MCUboot's `imgtool sign`
 * (2.1.0) writes them, and the image trailer that tells MCUboot to swap one in
 * (src/update/mcuboot.c; docs/update.md describes the format and the order of the checks).
 *
 * ---- The image (little-endian) ----
 *   header (hdr_size bytes, at least 32):
 *     0 magic 0x96f3b83d   4 load_addr   8 hdr_size (u16)   10 protect_tlv_size (u16)
 *    12 img_size           16 flags      20 version: major (u8), minor (u8), revision (u16),
 *                                           build (u32)      28 reserved
 *   body: img_size bytes from hdr_size
 *   protected TLV area (only when protect_tlv_size != 0): info (magic 0x6908, u16 total
 *     length = protect_tlv_size, info included), then TLVs (u16 type, u16 length, value)
 *   TLV area: info (magic 0x6907, u16 total length, info included), then TLVs
 * SHA-256 covers header, body and the protected area; the TLV area holds that digest (type
 * 0x10), KEYHASH (0x01: SHA-256 of the signing key's SubjectPublicKeyInfo DER, as imgtool
 * hashes it) or PUBKEY (0x02: that DER itself), then the signature: ECDSASIG (0x22, an ECDSA
 * P-256 DER signature of the digest: imgtool signs header || body || protected area with
 * ECDSA-SHA256, which is the same) or ED25519 (0x24: Ed25519 of the 32-byte digest: imgtool
 * 2.1.0 signs the digest, not the image). The only protected TLV taken is SEC_CNT (0x50, 4
 * bytes: reported in info); any other (dependencies, boot record, vendor TLVs) is refused,
 * since nothing here would check what it asks. Images with the encrypted flags are refused.
 *
 * ---- Statuses (in the order the checks run; nothing else is written on an error) ----
 *   FC_ERR_NULL        a required pointer is NULL
 *   FC_ERR_ARGUMENT    the key's alg is not FC_SECP256R1 or FC_ED25519; or the policy
 *                      refuses the image's load address (FC_MCUBOOT_CHECK_LOAD_ADDR)
 *   FC_ERR_DOWNGRADE   the policy refuses the image's version: below min_version, without
 *                      FC_MCUBOOT_ALLOW_DOWNGRADE (checked after the slot size)
 *   FC_ERR_LENGTH      the key's length; the slot is shorter than the header, or than the
 *                      image its header and TLV infos describe (truncated); the image (header
 *                      + body + both TLV areas) is larger than policy->slot_size
 *   FC_ERR_ENCODING    bad header magic, hdr_size below 32; a TLV info with the wrong magic
 *                      or a total length that lies (below 4, not protect_tlv_size, entries
 *                      that do not end exactly at its end); a SHA256, KEYHASH, SEC_CNT or
 *                      Ed25519 TLV of the wrong length, a second SHA256 TLV; a P-256 key that
 *                      is not an uncompressed SEC1 point or its SubjectPublicKeyInfo
 *   FC_ERR_UNSUPPORTED an encrypted image; a protected TLV other than SEC_CNT
 *   FC_ERR_VERIFY      no SHA256 TLV; no KEYHASH or PUBKEY of the given key (the image is
 *                      signed by another key, or by none); no signature TLV of the key's type
 *                      after it; the digest of the image is not the SHA256 TLV's (a changed
 *                      header, body or protected TLV); the signature does not verify
 *   FC_ERR_POINT       (at the end) a P-256 key that is not a point of the curve, as
 *                      fc_ecdsa_verify_digest says (an Ed25519 key that does not decode:
 *                      FC_ERR_VERIFY, as fc_eddsa_verify)
 *   (and what the hash and signature calls return: FC_ERR_UNSUPPORTED with no provider)
 * Every length is checked against the slot before the bytes are read (size_t arithmetic,
 * no sum that can wrap). The image is public: parsing branches on it freely; the digest
 * comparison is fc_ct_equal all the same.
 *
 * ---- Sliced ----
 * fc_mcuboot_start parses the header and the TLVs (their errors come back at once) and
 * copies what the job needs; fc_mcuboot_step(job, budget) then hashes the key and the image
 * (SHA-256 blocks through the hash API, as many as the budget pays for, at least one) and
 * verifies the signature through the engine's curve jobs (fc_job_ecdsa_verify_digest,
 * fc_job_eddsa_verify), one engine step of at most budget per call; FC_PENDING until done,
 * then FC_OK or the failure (and the job is finished: stepping it again is FC_ERR_STATE).
 * fc_mcuboot_result copies out the info of a job that ended with FC_OK. The slot memory must
 * stay valid and unchanged until the job ends (it is read during the steps). The job holds
 * a hash context: end a job you abandon with fc_mcuboot_wipe. The synchronous check and the
 * job compute the same verdict for any budgets.
 *
 * ---- Trailer ----
 * MCUboot decides to swap by the trailer at the end of the secondary slot (from the end:
 * the 16-byte magic in a field of max_align-rounded length, then image_ok, copy_done,
 * swap_info and swap_size, max_align bytes each). boot_set_pending writes the magic,
 * swap_info (swap type TEST 2, or PERM 3 with image_ok 0x01 for a permanent update);
 * boot_set_confirmed writes image_ok 0x01 in the primary slot. fc_mcuboot_trailer builds
 * those last fc_mcuboot_trailer_size(max_align) bytes (erased bytes where nothing is
 * written), to be written at slot end - that size after a good check; fc_mcuboot_trailer_read
 * tells what a slot's trailer says.
 */
#ifndef FIELDCRYPT_MCUBOOT_H
#define FIELDCRYPT_MCUBOOT_H

#include <stddef.h>
#include <stdint.h>

#include "status.h"
#include "algorithms.h"
#include "hash.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The header's magic, its fixed fields' length (hdr_size may be larger), the digest's. */
#define FC_MCUBOOT_IMAGE_MAGIC 0x96f3b83du
#define FC_MCUBOOT_HEADER_LEN 32u
#define FC_MCUBOOT_DIGEST_LEN 32u

/* header flags (imgtool's IMAGE_F) */
#define FC_MCUBOOT_F_PIC 0x1u
#define FC_MCUBOOT_F_ENCRYPTED_AES128 0x4u
#define FC_MCUBOOT_F_ENCRYPTED_AES256 0x8u
#define FC_MCUBOOT_F_NON_BOOTABLE 0x10u
#define FC_MCUBOOT_F_RAM_LOAD 0x20u
#define FC_MCUBOOT_F_ROM_FIXED 0x100u

/* The verifying key. alg FC_SECP256R1: pub is the uncompressed SEC1 point (65 bytes,
 * 04 || X || Y) or its SubjectPublicKeyInfo DER (91 bytes); FC_ED25519: the 32-byte key or
 * its SubjectPublicKeyInfo DER (44 bytes). The simplest to embed is the DER: `imgtool getpub
 * -k key.pem` prints it as the C array MCUboot itself compiles in, to paste as is. The
 * KEYHASH TLV is checked against the DER either way. */
typedef struct fc_mcuboot_key {
    fc_alg alg;
    const uint8_t *pub;
    size_t pub_len;
} fc_mcuboot_key;

/* An image's version: major.minor.revision+build (imgtool --version 1.2.3+4). */
typedef struct fc_mcuboot_version {
    uint8_t major;
    uint8_t minor;
    uint16_t revision;
    uint32_t build;
} fc_mcuboot_version;

/* policy flags */
#define FC_MCUBOOT_ALLOW_DOWNGRADE 0x1u  /* take a version below min_version */
#define FC_MCUBOOT_CHECK_LOAD_ADDR 0x2u  /* the header's load_addr must be load_addr */
#define FC_MCUBOOT_CMP_BUILD 0x4u        /* compare the build number too (MCUboot's
                                          * MCUBOOT_VERSION_CMP_USE_BUILD_NUMBER) */

/* What the device accepts. NULL policy: any version, slot_size = slot_len, any address. */
typedef struct fc_mcuboot_policy {
    fc_mcuboot_version min_version; /* major.minor.revision (and build with CMP_BUILD) */
    unsigned flags;
    size_t slot_size;               /* header + body + TLVs must fit; 0: slot_len */
    uint32_t load_addr;             /* with FC_MCUBOOT_CHECK_LOAD_ADDR */
} fc_mcuboot_policy;

/* What a good check tells. */
typedef struct fc_mcuboot_info {
    fc_mcuboot_version version;
    uint32_t load_addr;
    uint32_t flags;
    uint32_t hdr_size;
    uint32_t img_size;          /* the body */
    uint32_t protect_tlv_size;
    size_t total_size;          /* header + body + both TLV areas: what the image occupies */
    uint32_t security_counter;  /* the SEC_CNT TLV's value, if has_security_counter */
    int has_security_counter;
    uint8_t digest[FC_MCUBOOT_DIGEST_LEN]; /* SHA-256 of header, body and protected area */
} fc_mcuboot_info;

/* The whole check in one call (synchronous hash and signature calls on provider's chain).
 * FC_OK: *info filled; an error: *info zeroed. */
fc_status fc_mcuboot_check(const fc_provider *provider, fc_mcuboot_info *info,
                           const fc_mcuboot_key *key, const fc_mcuboot_policy *policy,
                           const uint8_t *slot, size_t slot_len);

/* The caller allocates it (static or on a stack that lives as long as the job); private. */
typedef struct fc_mcuboot_job {
    fc_job job;                   /* the running curve job */
    fc_hash_ctx hash;             /* the running SHA-256 */
    const fc_provider *provider;
    const uint8_t *slot;
    size_t hashed;                /* bytes of the image hashed so far */
    size_t covered;               /* what SHA-256 covers: header, body, protected area */
    size_t tlv_off, tlv_end;      /* the TLV area */
    size_t sig_off, sig_len;      /* the signature TLV's value in the slot */
    fc_mcuboot_info info;
    fc_alg alg;
    uint32_t magic;
    uint8_t phase;
    uint8_t spki_len;
    uint8_t spki[91];             /* the key's SubjectPublicKeyInfo DER */
    uint8_t keyhash[FC_MCUBOOT_DIGEST_LEN]; /* the image's KEYHASH (or PUBKEY's hash) */
    uint8_t expected[FC_MCUBOOT_DIGEST_LEN]; /* the image's SHA256 TLV */
    uint8_t scratch[FC_MCUBOOT_DIGEST_LEN];
    fc_status status;             /* the end status, once done */
} fc_mcuboot_job;

/* Parses the image and starts the job. The same errors as fc_mcuboot_check's parsing come
 * back here, with the job left not running; a running job: FC_ERR_STATE (wipe it first). */
fc_status fc_mcuboot_start(fc_mcuboot_job *job, const fc_provider *provider,
                           const fc_mcuboot_key *key, const fc_mcuboot_policy *policy,
                           const uint8_t *slot, size_t slot_len);
/* Runs work worth at most budget (engine.h's units; at least one unit). FC_PENDING, FC_OK or
 * the check's failure; a job not running: FC_ERR_STATE; budget 0: FC_ERR_ARGUMENT. */
fc_status fc_mcuboot_step(fc_mcuboot_job *job, uint32_t budget);
/* The info of a job that ended with FC_OK; otherwise FC_ERR_STATE and *info zeroed. */
fc_status fc_mcuboot_result(const fc_mcuboot_job *job, fc_mcuboot_info *info);
/* Ends the job (releasing its hash context) and zeroes it. NULL is ignored. */
void fc_mcuboot_wipe(fc_mcuboot_job *job);

/* ---- Trailer ---- */
#define FC_MCUBOOT_TRAILER_PENDING 1   /* secondary slot: swap once, revert unless confirmed */
#define FC_MCUBOOT_TRAILER_PERMANENT 2 /* secondary slot: swap for good */
#define FC_MCUBOOT_TRAILER_CONFIRMED 3 /* primary slot: the running image is confirmed */
#define FC_MCUBOOT_TRAILER_NONE 0      /* (read) the magic is erased: nothing asked */

/* Bytes of the trailer fields these helpers cover: 4 * max_align + 16 rounded up to
 * max_align; 0 when max_align is not 1, 2, 4, 8, 16 or 32 (MCUboot's BOOT_MAX_ALIGN: 8). */
size_t fc_mcuboot_trailer_size(size_t max_align);
/* out (exactly fc_mcuboot_trailer_size(max_align) bytes: FC_ERR_LENGTH otherwise) = the
 * slot's last bytes for state (PENDING, PERMANENT, CONFIRMED; else FC_ERR_ARGUMENT), every
 * byte not written by MCUboot's own calls left erased (flash's erased value, 0xff). */
fc_status fc_mcuboot_trailer(uint8_t *out, size_t out_len, unsigned state, size_t max_align,
                             uint8_t erased);
/* *state = what a slot's last fc_mcuboot_trailer_size(max_align) bytes say: NONE (magic
 * erased), PENDING, PERMANENT or CONFIRMED (magic good; image_ok 0x01 and swap_info not PERM
 * is CONFIRMED). A magic that is neither good nor erased, or a field that is none of these
 * values: FC_ERR_ENCODING. */
fc_status fc_mcuboot_trailer_read(unsigned *state, const uint8_t *tail, size_t tail_len,
                                  size_t max_align, uint8_t erased);

#ifdef __cplusplus
}
#endif
#endif
