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

/* The library's soft provider holds only what the device uses: the CPace login on Curve25519
 * (X25519, its Elligator2 map, SHA-512 with HMAC and HKDF, the slice engine) and SHA-256 (the
 * provisioning record's check value, the session key's fingerprint, the MPS2 demo's random
 * source). Everything else is switched off, so the linker drops it: the Weierstrass curves,
 * Ed25519, X448, and the symmetric algorithms no part of the login needs (Salsa20 serves only
 * the 2017 login profile, which the device does not offer). */
#ifndef FC_WITH_EC
#define FC_WITH_EC 0
#endif
#ifndef FC_WITH_ED25519
#define FC_WITH_ED25519 0
#endif
#ifndef FC_WITH_X448
#define FC_WITH_X448 0
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
