/* The "sodium" provider's descriptors, by file, and its one-time library start. */
#ifndef FC_PROVIDER_SODIUM_H
#define FC_PROVIDER_SODIUM_H
#include "fieldcrypt/driver.h"
#include "fieldcrypt/ct.h"

/* sodium_init() before the first call into libsodium (idempotent and thread-safe there):
 * 1 when libsodium is usable, else the caller returns FC_ERR_PROVIDER */
int fc_sodium_ready(void);

/* sodium_aead.c */
extern const fc_impl fc_sodium_chacha20_poly1305, fc_sodium_xchacha20_poly1305,
    fc_sodium_aes_gcm;
/* sodium_mac.c */
extern const fc_impl fc_sodium_hmac_sha256, fc_sodium_hmac_sha512, fc_sodium_poly1305;
/* sodium_stream.c */
extern const fc_impl fc_sodium_chacha20, fc_sodium_salsa20;
/* sodium_eddsa.c */
extern const fc_impl fc_sodium_ed25519;

#endif
