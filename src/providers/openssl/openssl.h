/* The "openssl" provider's descriptors, by file. */
#ifndef FC_PROVIDER_OPENSSL_H
#define FC_PROVIDER_OPENSSL_H
#include "fieldcrypt/driver.h"
#include "fieldcrypt/ct.h"

/* openssl_cipher.c */
extern const fc_impl fc_ossl_aes, fc_ossl_des, fc_ossl_tdes;
/* openssl_aead.c */
extern const fc_impl fc_ossl_aes_gcm, fc_ossl_aes_ccm, fc_ossl_chacha20_poly1305;
/* openssl_mac.c */
extern const fc_impl fc_ossl_aes_cmac, fc_ossl_poly1305;
/* openssl_stream.c */
extern const fc_impl fc_ossl_chacha20;
/* openssl_wrap.c */
extern const fc_impl fc_ossl_aes_kw, fc_ossl_aes_kwp;
/* openssl_ec.c */
extern const fc_impl fc_ossl_secp192r1, fc_ossl_secp224r1, fc_ossl_secp256r1, fc_ossl_secp384r1,
    fc_ossl_secp521r1, fc_ossl_secp192k1, fc_ossl_secp224k1, fc_ossl_secp256k1,
    fc_ossl_brainpoolp256r1, fc_ossl_brainpoolp384r1, fc_ossl_brainpoolp512r1;
/* openssl_eddsa.c */
extern const fc_impl fc_ossl_ed25519;
/* openssl_rsa.c */
extern const fc_impl fc_ossl_rsa;

#endif
