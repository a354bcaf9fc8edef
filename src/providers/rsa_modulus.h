/* k, the modulus's bytes without leading zeros, for the providers' RSA operations
 * (driver.h fc_rsa_ops: in and out are k bytes; the core has checked the key). */
#ifndef FC_PROVIDERS_RSA_MODULUS_H
#define FC_PROVIDERS_RSA_MODULUS_H

#include <stddef.h>

#include "fieldcrypt/rsa.h"

static inline size_t fc_rsa_modulus_len(const fc_rsa_public_key *key)
{
    size_t i = 0;
    while (i < key->n_len && key->n[i] == 0) /* n is public */
        i++;
    return key->n_len - i;
}

#endif
