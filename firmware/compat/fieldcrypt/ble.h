/* STAND-IN until include/fieldcrypt/ble.h exists in the library: the BLE Secure Connections
 * toolbox functions the firmware's pairing uses, with the library's announced names and
 * argument order (values MSB first). python/fieldcrypt/firmware.py puts this directory on the
 * include path AFTER the library's (-idirafter) and compiles ble_compat.c only when the
 * library has no ble.h, so the library's own header and code win as soon as they exist. */
#ifndef FW_COMPAT_BLE_H
#define FW_COMPAT_BLE_H

#include <stddef.h>
#include <stdint.h>

#include <fieldcrypt/provider.h>
#include <fieldcrypt/rng.h>
#include <fieldcrypt/status.h>

extern const uint8_t fc_ble_debug_public[64];

fc_status fc_ble_f4(const fc_provider *p, uint8_t out[16], const uint8_t u[32],
                    const uint8_t v[32], const uint8_t x[16], uint8_t z);
fc_status fc_ble_f5(const fc_provider *p, uint8_t mackey[16], uint8_t ltk[16],
                    const uint8_t w[32], const uint8_t n1[16], const uint8_t n2[16],
                    const uint8_t a1[7], const uint8_t a2[7]);
fc_status fc_ble_f6(const fc_provider *p, uint8_t out[16], const uint8_t w[16],
                    const uint8_t n1[16], const uint8_t n2[16], const uint8_t r[16],
                    const uint8_t iocap[3], const uint8_t a1[7], const uint8_t a2[7]);
fc_status fc_ble_g2(const fc_provider *p, uint32_t *value, const uint8_t u[32],
                    const uint8_t v[32], const uint8_t x[16], const uint8_t y[16]);
fc_status fc_ble_keypair(const fc_provider *p, const fc_rng *rng, uint8_t priv[32],
                         uint8_t pub[64]);

#endif
