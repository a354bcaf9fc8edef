#include "provision.h"

#include <string.h>

#include <fieldcrypt/ct.h>
#include <fieldcrypt/hash.h>
#include <fieldcrypt/login.h>

typedef char fw_record_size_check[sizeof(fw_record) == FW_RECORD_LEN ? 1 : -1];

/* Erased flash in the image as built; the provisioning step replaces the section. */
__attribute__((section(".fc_provision"), used))
const uint8_t fw_provision_page[FW_RECORD_LEN] = {[0 ... FW_RECORD_LEN - 1] = 0xff};

const fw_record *fw_record_get(void)
{
    const uint8_t *p = fw_provision_page;
    const fw_record *r;
    uint8_t digest[FC_SHA256_LEN];
    int ok;
    /* the bytes change after the build: hide the blank initialiser from the optimiser */
    __asm__("" : "+r"(p));
    r = (const fw_record *)(const void *)p;
    if (memcmp(r->magic, "FCP1", 4) != 0 || r->version != 1 || r->suite != FC_LOGIN_SUITE_CPACE ||
        r->id_len < 1 || r->id_len > FC_LOGIN_MAX_ID)
        return NULL;
    if (fc_hash(NULL, FC_SHA256, digest, FC_SHA256_LEN, p, FW_RECORD_CHECKED) != FC_OK)
        return NULL;
    ok = fc_ct_equal(digest, r->check, sizeof r->check);
    fc_zeroize(digest, sizeof digest); /* a hash over the credential: no copy left behind */
    return ok ? r : NULL;
}

typedef char fw_update_key_size_check[sizeof(fw_update_key) == FW_UPDATE_KEY_LEN ? 1 : -1];

/* Erased in the image as built; `fieldcrypt device build --update-key` replaces the section. */
__attribute__((section(".fc_update_key"), used))
const uint8_t fw_update_key_page[FW_UPDATE_KEY_LEN] = {[0 ... FW_UPDATE_KEY_LEN - 1] = 0xff};

const fw_update_key *fw_update_key_get(void)
{
    const uint8_t *p = fw_update_key_page;
    const fw_update_key *k;
    uint8_t digest[FC_SHA256_LEN];
    __asm__("" : "+r"(p)); /* written after the build, as the record */
    k = (const fw_update_key *)(const void *)p;
    if (memcmp(k->magic, "FCK1", 4) != 0 || k->version != 1 ||
        (k->alg != FW_UPDATE_KEY_ALG_P256 && k->alg != FW_UPDATE_KEY_ALG_ED25519) ||
        k->key_len < 1 || k->key_len > sizeof k->key)
        return NULL;
    if (fc_hash(NULL, FC_SHA256, digest, FC_SHA256_LEN, p, FW_RECORD_CHECKED) != FC_OK)
        return NULL;
    return memcmp(digest, k->check, sizeof k->check) == 0 ? k : NULL; /* public data */
}
