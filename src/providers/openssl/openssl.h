/* The "openssl" provider's descriptors, by file. */
#ifndef FC_PROVIDER_OPENSSL_H
#define FC_PROVIDER_OPENSSL_H
#include "fieldcrypt/driver.h"
#include "fieldcrypt/ct.h"

/* openssl_cipher.c */
extern const fc_impl fc_ossl_aes, fc_ossl_des, fc_ossl_tdes;

#endif
