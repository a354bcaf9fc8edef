/* Algorithm ids, families and lengths, all generated from algorithms.def.
 *
 * Every function of a family takes an fc_alg of that family (fc_hash takes FC_SHA256, fc_mac
 * FC_HMAC_SHA256, fc_kdf FC_HKDF_SHA256, ...); an id of another family is FC_ERR_ARGUMENT.
 * Ids follow the list's order and may change between versions: bindings and files name an
 * algorithm by its name ("sha256", "hmac-sha256", ...), fc_alg_find turns it into the id.
 */
#ifndef FIELDCRYPT_ALGORITHMS_H
#define FIELDCRYPT_ALGORITHMS_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An algorithm id: one enumerator per line of algorithms.def (FC_SHA256, FC_AES_GCM, ...;
 * the list: algorithms.md), FC_ALG_NONE (0, no algorithm) and FC_ALG_COUNT (one past the
 * last). */
typedef enum fc_alg {
    FC_ALG_NONE = 0,
#define FC_ALG(id, name, family, mode, base, out, key, nonce, block) id,
#include "algorithms.def"
    FC_ALG_COUNT
} fc_alg;

/* A family of operations (FC_FAMILY_HASH, FC_FAMILY_MAC, ...: the FC_FAMILY lines of
 * algorithms.def); each has its front end and its operation table in driver.h. */
typedef enum fc_family {
    FC_FAMILY_NONE = 0,
#define FC_FAMILY(family) FC_FAMILY_##family,
#include "algorithms.def"
    FC_FAMILY_COUNT
} fc_family;

/* A construction the core builds over a base algorithm (FC_MODE_HMAC, FC_MODE_GCM, ...: the
 * FC_MODE lines of algorithms.def); FC_MODE_NONE for an algorithm implemented directly. */
typedef enum fc_mode {
    FC_MODE_NONE = 0,
#define FC_MODE(mode) FC_MODE_##mode,
#include "algorithms.def"
    FC_MODE_COUNT
} fc_mode;

/* An algorithm's line of algorithms.def. */
typedef struct fc_alg_info {
    const char *name;
    fc_family family;
    fc_mode mode;        /* the core's construction over base, FC_MODE_NONE if none */
    fc_alg base;
    size_t out_len;      /* digest, tag, PRK, shared secret / public key, subkey, map output */
    size_t key_len;      /* key or scalar */
    size_t nonce_len;
    size_t block_len;    /* hash input block, or keystream block */
} fc_alg_info;

/* FC_OK and *info filled, or FC_ERR_ARGUMENT for an id not in the list. */
fc_status fc_alg_get(fc_alg alg, fc_alg_info *info);
/* The id of a name ("hmac-sha256"), FC_ALG_NONE if no algorithm has it. */
fc_alg fc_alg_find(const char *name);
/* The name of an id, NULL if none has it. */
const char *fc_alg_name(fc_alg alg);
/* The list's names of a family ("HASH") and a mode ("HMAC"), NULL for other values. */
const char *fc_family_name(fc_family family);
const char *fc_mode_name(fc_mode mode);

#ifdef __cplusplus
}
#endif
#endif
