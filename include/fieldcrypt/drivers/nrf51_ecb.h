/* The nRF51 ECB peripheral (AES-128 encryption, base 0x4000E000) as a provider: "nrf51-ecb",
 * whose declines go to soft. It serves FC_AES with a 16-byte key for encryption only, and so
 * the core's CTR, CCM, GCM, CMAC, key wrapping and CTR_DRBG over AES-128; decryption and
 * AES-192/256 are declined (soft does them). Built into the freestanding ARM library only
 * (src/drivers/nrf51_ecb.c). Make it the build's default with
 * `#define FC_DRIVER_PROVIDER fc_provider_nrf51_ecb` in the configuration file, or pass it to
 * a call.
 *
 * Detection: the first call runs FIPS 197 C.1 on the peripheral; when it does not finish
 * within FC_NRF51_ECB_POLL_LIMIT polls (nothing there: QEMU's micro:bit reads the region as
 * zero), raises ERRORECB or gives a wrong block, every later call is declined.
 *
 * Not reentrant: the peripheral reads its 48-byte block (key, cleartext, ciphertext) from the
 * driver's own static RAM buffer. A context started while another call holds it (an interrupt
 * handler encrypting during the main loop's call) is declined to soft; a block operation on a
 * bound context that finds it held fails with FC_ERR_PROVIDER (bound contexts never decline). */
#ifndef FIELDCRYPT_DRIVERS_NRF51_ECB_H
#define FIELDCRYPT_DRIVERS_NRF51_ECB_H

#include "../provider.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The provider: FC_AES on the peripheral (AES-128 encryption), everything else to soft. */
extern const fc_provider fc_provider_nrf51_ecb;

/* 1 when the peripheral passed its known-answer block (run at the first call of either this
 * or the provider), 0 when the driver declines everything. */
int fc_nrf51_ecb_ready(void);

#ifdef __cplusplus
}
#endif
#endif
