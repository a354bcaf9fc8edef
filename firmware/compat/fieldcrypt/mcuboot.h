/* STAND-IN until include/fieldcrypt/mcuboot.h exists in the library: the sliced check of an
 * MCUboot image the firmware's update uses, with the library's announced names
 * (fc_mcuboot_key, fc_mcuboot_policy, fc_mcuboot_job, fc_mcuboot_start / _step / _result).
 * Compiled only when the library has no mcuboot.h (python/fieldcrypt/firmware.py). */
#ifndef FW_COMPAT_MCUBOOT_H
#define FW_COMPAT_MCUBOOT_H

#include <stddef.h>
#include <stdint.h>

#include <fieldcrypt/algorithms.h>
#include <fieldcrypt/engine.h>
#include <fieldcrypt/hash.h>
#include <fieldcrypt/provider.h>
#include <fieldcrypt/status.h>

typedef struct fc_mcuboot_version {
    uint8_t major, minor;
    uint16_t revision;
    uint32_t build;
} fc_mcuboot_version;

/* alg FC_SECP256R1 or FC_ED25519; pub the DER SubjectPublicKeyInfo imgtool exports */
typedef struct fc_mcuboot_key {
    fc_alg alg;
    const uint8_t *pub;
    size_t pub_len;
} fc_mcuboot_key;

typedef struct fc_mcuboot_policy {
    fc_mcuboot_version min_version; /* lower versions: FC_ERR_ARGUMENT (downgrade) */
    size_t slot_size;               /* header + body + TLVs must fit: else FC_ERR_LENGTH */
} fc_mcuboot_policy;

typedef struct fc_mcuboot_info {
    fc_mcuboot_version version;
    uint32_t image_size; /* header + body + TLVs */
    uint8_t digest[32];
} fc_mcuboot_info;

typedef struct fc_mcuboot_job {
    uint8_t stage;
    fc_alg alg;
    const uint8_t *slot;
    size_t hashed, hash_len;
    const uint8_t *sig;
    size_t sig_len;
    uint8_t pub[65];
    fc_mcuboot_info info;
    uint8_t expect[32];
    fc_hash_ctx hash;
    fc_job job;
} fc_mcuboot_job;

fc_status fc_mcuboot_start(fc_mcuboot_job *job, const fc_provider *provider,
                           const fc_mcuboot_key *key, const fc_mcuboot_policy *policy,
                           const uint8_t *slot, size_t slot_len);
fc_status fc_mcuboot_step(fc_mcuboot_job *job, uint32_t budget);
fc_status fc_mcuboot_result(const fc_mcuboot_job *job, fc_mcuboot_info *info);

#endif
