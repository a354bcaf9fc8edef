/* The provisioning record: what makes one device out of the generic image.
 *
 * It sits at the start of the last 1 KiB flash page (an nRF51 erase page), FW_RECORD_ADDR,
 * outside the application's flash, so the image is built once and each device gets its record
 * written afterwards (`fieldcrypt device build --password-file F --id NAME` patches the ELF
 * section .fc_provision; on a board the page is written through the debugger or the NVMC).
 * All fields are bytes, so the layout does not depend on the compiler:
 *
 *   offset size
 *     0     4   magic "FCP1"
 *     4     1   record version, 1
 *     5     1   login suite, 1 = cpace
 *     6     1   device id length, 1..32
 *     7     1   0
 *     8    32   device id, zero-padded
 *    40    32   credential: PRS = HKDF-SHA-512(password, "fieldcrypt login PRS v1", device
 *               id) (fc_login_credential); the password itself never reaches the device
 *    72    32   seed of the MPS2 demo random source (unused on the nRF51, which has a TRNG)
 *   104     8   0
 *   112    16   check: SHA-256(bytes 0..111), first 16 bytes
 *
 * The check value catches an erased, half-written or corrupted page; it is not a signature:
 * whoever can write the flash can write a consistent record. A device without a valid record
 * refuses every login. */
#ifndef FW_PROVISION_H
#define FW_PROVISION_H

#include <stdint.h>

#define FW_RECORD_LEN 128
#define FW_RECORD_CHECKED 112

typedef struct fw_record {
    uint8_t magic[4];
    uint8_t version, suite, id_len, zero;
    uint8_t id[32];
    uint8_t credential[32];
    uint8_t seed[32];
    uint8_t reserved[8];
    uint8_t check[16];
} fw_record;

/* The record if it is valid, else NULL. */
const fw_record *fw_record_get(void);

/* The update key: the public key whose signatures the firmware update accepts (update.c), at
 * FW_UPDATE_KEY_ADDR = 0x3FC80 in the record page, section .fc_update_key, written like the
 * record (`fieldcrypt device build --update-key PUB.pem`). A public key, so no secret; the
 * check value again only catches an erased or damaged page:
 *
 *   offset size
 *     0     4   magic "FCK1"
 *     4     1   version, 1
 *     5     1   algorithm: 1 = ECDSA P-256, 2 = Ed25519
 *     6     1   length of the key, 1..96
 *     7     1   0
 *     8    96   the key as imgtool exports it (`imgtool getpub -e pem`): a DER
 *               SubjectPublicKeyInfo (91 bytes for P-256, 44 for Ed25519), zero-padded; its
 *               SHA-256 is the KEYHASH TLV imgtool puts in every image it signs
 *   104    8   0
 *   112   16   check: SHA-256(bytes 0..111), first 16 bytes
 */
#define FW_UPDATE_KEY_LEN 128
#define FW_UPDATE_KEY_ALG_P256 1
#define FW_UPDATE_KEY_ALG_ED25519 2

typedef struct fw_update_key {
    uint8_t magic[4];
    uint8_t version, alg, key_len, zero;
    uint8_t key[96];
    uint8_t reserved[8];
    uint8_t check[16];
} fw_update_key;

/* The update key if the block is valid, else NULL. */
const fw_update_key *fw_update_key_get(void);

#endif
