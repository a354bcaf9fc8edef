/* The nRF52840's Arm CryptoCell-310 (CRYPTOCELL at 0x5002A000, its register bank at
 * 0x5002B000) as a provider: "cc310", whose declines go to soft. It serves FC_AES (ECB blocks
 * in both directions: so the core's GCM, CCM, CMAC, key wrapping and CTR_DRBG run over it),
 * FC_AES_CBC and FC_AES_CTR in the engine's own modes, for the key sizes the engine passed at
 * detection - AES-128 on the nRF52840, whose CC310 has no AES-192/256 - and FC_SHA256 (so
 * HMAC-SHA-256 and HKDF-SHA-256 run over it).
 * Built into the freestanding Arm library only (src/drivers/cc310.c). Make it the build's
 * default with `#define FC_DRIVER_PROVIDER fc_provider_cc310` in the configuration file, or
 * pass it to a call.
 *
 * Detection: the first call runs FIPS 197 C.1 and SHA-256("abc") on the engine (and C.2, C.3
 * to learn whether it has AES-192/256); when they do not finish within FC_CC310_POLL_LIMIT
 * polls (nothing there: the pages read as zero), end with an AHB error or give a wrong
 * answer, every later call is declined. A transfer that times out later fails its call with
 * FC_ERR_PROVIDER, and every call after it is declined.
 *
 * Not reentrant: one call at a time holds the engine (and the driver's small static bounce
 * buffer for data outside RAM). A context started while another call holds it is declined to
 * soft; an operation on a bound context that finds it held fails with FC_ERR_PROVIDER. */
#ifndef FIELDCRYPT_DRIVERS_CC310_H
#define FIELDCRYPT_DRIVERS_CC310_H

#include <stddef.h>

#include "../provider.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The provider: FC_AES, FC_AES_CBC, FC_AES_CTR and FC_SHA256 on the CryptoCell, everything
 * else to soft. */
extern const fc_provider fc_provider_cc310;

/* 1 when the engine passed its known answers (run at the first call of either this or the
 * provider), 0 when the driver declines everything. */
int fc_cc310_ready(void);

/* 1 when the engine serves AES with a key of key_len bytes (16, 24 or 32). */
int fc_cc310_aes_key_ok(size_t key_len);

#ifdef __cplusplus
}
#endif
#endif
