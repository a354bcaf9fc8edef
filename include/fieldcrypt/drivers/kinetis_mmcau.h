/* The Kinetis mmCAU (memory-mapped cryptographic acceleration unit of the Kinetis K and KL8x
 * parts: 0xE0081000 on the Cortex-M4 K parts, 0xF0005000 on the Cortex-M0+ KL8x parts) as a
 * provider: "kinetis-mmcau", whose declines go to soft. It serves FC_AES with 16-, 24- and
 * 32-byte keys in both directions (and so every core mode over AES: ECB, CBC, CTR, GCM, CCM,
 * CMAC, key wrapping, CTR_DRBG) and the hashes FC_SHA1, FC_SHA224 and FC_SHA256 (the whole
 * hash: the driver pads; the unit does the compressions), and FC_DES and FC_TDES (8-byte; 16-
 * and 24-byte EDE bundles) with the unit's DESK/DESR; keys soft refuses (weak and semi-weak
 * DES keys, 3DES with K1 = K2 or K2 = K3) and wrong key lengths are declined, so soft answers
 * them with its own status. Built into the freestanding ARM library only
 * (src/drivers/kinetis_mmcau.c). Make it the build's default with
 * `#define FC_DRIVER_PROVIDER fc_provider_kinetis_mmcau` in the configuration file, or pass
 * it to a call.
 *
 * Detection: the first call runs FIPS 197 C.1 on the unit; a wrong block (nothing there reads
 * as zero) declines every later call. SHA-224/256 also need CASR's version 2 (the first mmCAU
 * has no SHA-256 functions).
 *
 * Any alignment: the driver moves data between memory and the unit's registers a byte at a
 * time through word locals, so unaligned buffers are served, never declined.
 *
 * Not reentrant: the unit's registers are shared. A context started while another call holds
 * the unit (an interrupt handler during the main loop's call) is declined to soft; a block or
 * hash update on a bound context that finds it held fails with FC_ERR_PROVIDER. */
#ifndef FIELDCRYPT_DRIVERS_KINETIS_MMCAU_H
#define FIELDCRYPT_DRIVERS_KINETIS_MMCAU_H

#include "../provider.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The provider: AES and SHA-1/224/256 on the unit, everything else to soft. */
extern const fc_provider fc_provider_kinetis_mmcau;

/* 1 when the unit passed its known-answer block (run at the first call of either this or
 * the provider), 0 when the driver declines everything. */
int fc_kinetis_mmcau_ready(void);

#ifdef __cplusplus
}
#endif
#endif
