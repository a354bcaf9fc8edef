/* Build-time settings of the device firmware. Each can be overridden with -D; the numbers are
 * the ones firmware/README.md documents and tests/python/test_firmware.py checks.
 *
 * This header is also the library's configuration (FC_CONFIG_FILE, include/fieldcrypt/
 * config.h): python/fieldcrypt/firmware.py builds libfieldcrypt.a and compiles the firmware
 * with it, so both see the same algorithm switches and context sizes. */
#ifndef FW_CONFIG_H
#define FW_CONFIG_H

/* 1: the CPace work runs through the slice engine (fc_login_step), FW_SLICE_BUDGET work units
 * (modelled cycles) at a time with a yield point between slices; 0: fc_login_input does the
 * whole step at once. */
#ifndef FW_SLICED
#define FW_SLICED 1
#endif
#ifndef FW_SLICE_BUDGET
#define FW_SLICE_BUDGET 28000u
#endif
/* Rest between two slices, milliseconds: what the energy buffer needs to recharge. 0 in the
 * QEMU demo (energy is modelled by `fieldcrypt device measure`, not waited for). */
#ifndef FW_SLICE_REST_MS
#define FW_SLICE_REST_MS 0u
#endif

/* The handheld's next frame is due within this time after the device's last one; else the
 * session is cancelled and wiped (a disconnect mid-login). */
#ifndef FW_SESSION_TIMEOUT_MS
#define FW_SESSION_TIMEOUT_MS 3000u
#endif
/* A frame whose bytes stop arriving for this long is dropped (truncated). */
#ifndef FW_PARTIAL_TIMEOUT_MS
#define FW_PARTIAL_TIMEOUT_MS 250u
#endif
/* After a framing error every byte is dropped until the line has been quiet this long. */
#ifndef FW_RESYNC_QUIET_MS
#define FW_RESYNC_QUIET_MS 100u
#endif

/* Back-off: after the FW_FREE_FAILURES-th failed login in a row the device refuses logins for
 * FW_BACKOFF_BASE_MS, after each further failure for twice as long as the last time, at most
 * FW_BACKOFF_CAP_MS (2 s, 4 s, ... 1024 s: at the cap about 84 guesses a day). A successful
 * login clears the count. */
#ifndef FW_FREE_FAILURES
#define FW_FREE_FAILURES 3u
#endif
#ifndef FW_BACKOFF_BASE_MS
#define FW_BACKOFF_BASE_MS 2000u
#endif
#ifndef FW_BACKOFF_CAP_MS
#define FW_BACKOFF_CAP_MS 1024000u
#endif

/* Device log over semihosting. Without a debugger attached a semihosting call is a HardFault
 * on a Cortex-M, so it is off unless asked for; the QEMU and Unicorn builds of
 * python/fieldcrypt/firmware.py set FW_LOG 1. */
#ifndef FW_LOG
#define FW_LOG 0
#endif

/* 1 (micro:bit only): the nRF51 ECB peripheral's driver (include/fieldcrypt/drivers/nrf51_ecb.h)
 * is the library's default provider, ahead of soft (FC_DRIVER_PROVIDER), and soft keeps AES
 * for what the driver declines (decryption, AES-192/256, no peripheral); the device logs at
 * boot which implementation AES-128 got. Under QEMU, whose micro:bit has no ECB (the region
 * reads as zero), that is soft. The login itself uses no AES. As a library setting it must
 * reach the library's build too: python/fieldcrypt/firmware.py builds a library of its own
 * for a variant with FC_ settings. */
#ifndef FC_WITH_NRF51_ECB
#define FC_WITH_NRF51_ECB 0
#endif
#if FC_WITH_NRF51_ECB
#define FC_DRIVER_PROVIDER fc_provider_nrf51_ecb
#ifndef FC_WITH_AES
#define FC_WITH_AES 1
#endif
#endif

/* The two BLE-era services next to the login (firmware/pairing.c, firmware/update.c): LE Secure
 * Connections pairing (P-256, AES-CMAC) and the signed firmware update (MCUboot images signed
 * with ECDSA P-256 or Ed25519). 0 leaves a service out of the image (its frames are then
 * answered with FC_ERR_UNSUPPORTED). */
#ifndef FW_WITH_PAIRING
#define FW_WITH_PAIRING 1
#endif
#ifndef FW_WITH_UPDATE
#define FW_WITH_UPDATE 1
#endif

/* The running firmware's version (`fieldcrypt device build --version 1.2.3+4`): an update to a
 * lower version is refused (downgrade protection; MCUboot's image version is major.minor.
 * revision+build, compared in that order). */
#ifndef FW_VERSION_MAJOR
#define FW_VERSION_MAJOR 1
#endif
#ifndef FW_VERSION_MINOR
#define FW_VERSION_MINOR 0
#endif
#ifndef FW_VERSION_REVISION
#define FW_VERSION_REVISION 0
#endif
#ifndef FW_VERSION_BUILD
#define FW_VERSION_BUILD 0
#endif

/* Flash layout of the micro:bit's 256 KiB (nRF51 erase pages of 1 KiB), also in device.ld:
 *   0x00000 .. 0x1F000  primary slot: the running application (124 KiB)
 *   0x1F000 .. 0x3E000  secondary slot: where an update is written (124 KiB); its last page
 *                       holds the MCUboot trailer, so an image may use 123 KiB
 *   0x3E000 .. 0x3FC00  free (7 KiB; a swap-with-scratch bootloader would want it)
 *   0x3FC00 .. 0x40000  the record page: provisioning record, update key (provision.h)
 * There is no bootloader in this demo: the firmware IS the application; a bootloader (MCUboot)
 * at 0x0 would take the primary slot's first pages and swap a pending secondary slot in at the
 * next reset. */
#define FW_FLASH_PAGE 1024u
#define FW_SLOT0_ADDR 0x00000000u
#define FW_SLOT_SIZE 0x1F000u
#define FW_SLOT1_ADDR (FW_SLOT0_ADDR + FW_SLOT_SIZE)
#define FW_TRAILER_PAGE (FW_SLOT1_ADDR + FW_SLOT_SIZE - FW_FLASH_PAGE)
#define FW_IMAGE_MAX (FW_SLOT_SIZE - FW_FLASH_PAGE)
/* How the firmware reads its flash: at the address itself on the device. A host build of the
 * services (tests/fuzz/fuzz_firmware.c) names an array of the flash's size in FW_HOST_FLASH,
 * which the addresses then index. */
#if defined(FW_HOST_FLASH)
#include <stdint.h>
extern uint8_t FW_HOST_FLASH[];
#define FW_FLASH_PTR(addr) ((const uint8_t *)FW_HOST_FLASH + (addr))
#else
#define FW_FLASH_PTR(addr) ((const uint8_t *)(addr))
#endif

/* Pairing: the device's identity address (type 0 = public || 6 bytes, MSB first) and IO
 * capability octets (AuthReq: bonding, MITM, SC = 0x0D; no OOB; DisplayYesNo = 0x01), and how
 * long the handheld may take between two pairing frames (the user compares six digits). */
#ifndef FW_BLE_ADDR
#define FW_BLE_ADDR {0x00, 0xc0, 0xff, 0xee, 0x00, 0x00, 0x42}
#endif
#define FW_BLE_IOCAP {0x0d, 0x00, 0x01}
#ifndef FW_PAIR_TIMEOUT_MS
#define FW_PAIR_TIMEOUT_MS 30000u
#endif
/* An update whose next chunk does not come within this time is abandoned (the slot stays
 * unmarked). */
#ifndef FW_UPDATE_TIMEOUT_MS
#define FW_UPDATE_TIMEOUT_MS 5000u
#endif

/* The library's soft provider holds only what the device uses: the CPace login on Curve25519
 * (X25519, its Elligator2 map, SHA-512 with HMAC and HKDF, the slice engine) and SHA-256 (the
 * provisioning record's check value, the session key's fingerprint, the MPS2 demo's random
 * source). Everything else is switched off, so the linker drops it: the Weierstrass curves,
 * Ed25519, X448, RSA, and the symmetric algorithms no part of the login needs (Salsa20 serves
 * only the 2017 login profile, which the device does not offer). */
#if FW_WITH_PAIRING || FW_WITH_UPDATE
/* pairing: P-256 (ECDH, key pair) and AES-CMAC (f4, f5, f6, g2); update: ECDSA P-256 and
 * Ed25519 verification, SHA-256. Only secp256r1 of the Weierstrass curves. */
#ifndef FC_WITH_EC
#define FC_WITH_EC 1
#endif
#ifndef FC_WITH_EC_ALL_CURVES
#define FC_WITH_EC_ALL_CURVES 0
#endif
#ifndef FC_WITH_ED25519
#define FC_WITH_ED25519 FW_WITH_UPDATE
#endif
#ifndef FC_WITH_AES
#define FC_WITH_AES 1
#endif
#endif
#ifndef FC_WITH_EC
#define FC_WITH_EC 0
#endif
#ifndef FC_WITH_ED25519
#define FC_WITH_ED25519 0
#endif
#ifndef FC_WITH_X448
#define FC_WITH_X448 0
#endif
#ifndef FC_WITH_RSA
#define FC_WITH_RSA 0
#endif
#ifndef FC_WITH_SHA224
#define FC_WITH_SHA224 0
#endif
#ifndef FC_WITH_SHA384
#define FC_WITH_SHA384 0
#endif
#ifndef FC_WITH_SHA1
#define FC_WITH_SHA1 0
#endif
#ifndef FC_WITH_MD5
#define FC_WITH_MD5 0
#endif
#ifndef FC_WITH_SM3
#define FC_WITH_SM3 0
#endif
#ifndef FC_WITH_AES
#define FC_WITH_AES 0
#endif
#ifndef FC_WITH_DES
#define FC_WITH_DES 0
#endif
#ifndef FC_WITH_CHACHA20
#define FC_WITH_CHACHA20 0
#endif
#ifndef FC_WITH_SALSA20
#define FC_WITH_SALSA20 0
#endif

#endif
