/* Bluetooth Low Energy pairing crypto: the Security Manager's cryptographic toolbox (Bluetooth
 * Core Specification v5.x, Vol 3, Part H, section 2.2) and P-256 for LE Secure Connections.
 *
 * Every function runs over the provider chain (NULL: the default one) through the public front
 * ends: AES-CMAC (mac.h) for f4, f5, f6, g2, h6 and h7, the raw AES block (cipher.h) for ah,
 * c1 and s1, and secp256r1 (ec.h) for the key pair and the DHKey.
 *
 * Byte order: every value is MSB first, exactly as the specification writes the functions and
 * prints its sample data (Appendix D): u[0] is the most significant octet of U, a1[0] the
 * address type octet of A1, and so on. Over the air the SMP PDUs carry these values
 * little-endian (least significant octet first): turn them around with fc_ble_reverse on the
 * way in and out. Public keys are X || Y (64 bytes, each coordinate MSB first), not SEC1.
 *
 * Addresses: a1 / a2 (f5, f6) are 7 octets: the address type (0x00 public, 0x01 random) then
 * the 6-octet device address, MSB first. c1's ia / ra are the 6-octet addresses, iat / rat
 * their types (0 or 1).
 *
 * Errors: a NULL pointer is FC_ERR_NULL; whatever a front end reports (FC_ERR_UNSUPPORTED, a
 * provider failure) is returned as it is. On any error nothing is written to the outputs.
 * fc_ble_dhkey returns FC_ERR_POINT for a peer key that is not a point of P-256 (checked
 * before any secret meets it) and FC_ERR_KEY for the specification's debug public key unless
 * FC_BLE_ALLOW_DEBUG_KEY is given.
 *
 * Constant time: the f/g/h functions are AES-CMAC over fixed-length messages and the legacy
 * ones AES over fixed blocks, with no branch or index on the data; the key pair and the DHKey
 * are fc_ec_keypair and fc_ecdh (constant time in the private key). The peer key checks look
 * at public data only. Temporaries holding W, the DHKey, T or keys are wiped before return.
 */
#ifndef FIELDCRYPT_BLE_H
#define FIELDCRYPT_BLE_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/* fc_ble_dhkey flags */
#define FC_BLE_ALLOW_DEBUG_KEY 0x1u /* accept the debug public key as the peer's (debug mode) */

/* DEBUG ONLY: the Secure Connections debug key pair (Vol 3, Part H, 2.3.5.6.1). Its private key
 * is public: a link paired with it is not secret (an air sniffer in debug mode decrypts it).
 * Never use it in a product; fc_ble_dhkey refuses the public half as a peer's key unless told. */
extern const uint8_t fc_ble_debug_private[32];
extern const uint8_t fc_ble_debug_public[64]; /* X || Y */

/* out[i] = in[len - 1 - i]: between the specification's MSB-first values and the PDUs'
 * little-endian fields. out may be the same buffer as in (reversed in place) but must not
 * otherwise overlap it. A NULL out or in: nothing happens. */
void fc_ble_reverse(uint8_t *out, const uint8_t *in, size_t len);

/* f4 (2.2.6), the confirm value: AES-CMAC_X(U || V || Z). U, V: public key X coordinates,
 * X: a nonce, Z: 0, or 0x80 | ri's bit in passkey entry. */
fc_status fc_ble_f4(const fc_provider *provider, uint8_t out[16], const uint8_t u[32],
                    const uint8_t v[32], const uint8_t x[16], uint8_t z);

/* f5 (2.2.7), MacKey and LTK from the DHKey W: T = AES-CMAC_SALT(W), then
 * AES-CMAC_T(counter || "btle" || N1 || N2 || A1 || A2 || 256) for counter 0 (MacKey) and 1
 * (LTK). */
fc_status fc_ble_f5(const fc_provider *provider, uint8_t mackey[16], uint8_t ltk[16],
                    const uint8_t w[32], const uint8_t n1[16], const uint8_t n2[16],
                    const uint8_t a1[7], const uint8_t a2[7]);

/* f6 (2.2.8), the DHKey check value: AES-CMAC_W(N1 || N2 || R || IOcap || A1 || A2). W: MacKey;
 * iocap: AuthReq, OOB data flag, IO capability (in that order, the first the most
 * significant). */
fc_status fc_ble_f6(const fc_provider *provider, uint8_t out[16], const uint8_t w[16],
                    const uint8_t n1[16], const uint8_t n2[16], const uint8_t r[16],
                    const uint8_t iocap[3], const uint8_t a1[7], const uint8_t a2[7]);

/* g2 (2.2.9), the numeric comparison value: *value = (AES-CMAC_X(U || V || Y) mod 2^32) mod
 * 10^6, the six digits both users compare. */
fc_status fc_ble_g2(const fc_provider *provider, uint32_t *value, const uint8_t u[32],
                    const uint8_t v[32], const uint8_t x[16], const uint8_t y[16]);

/* h6 (2.2.10), link key conversion: AES-CMAC_W(keyID), keyID 4 octets ("lebr" = 6c656272). */
fc_status fc_ble_h6(const fc_provider *provider, uint8_t out[16], const uint8_t w[16],
                    const uint8_t keyid[4]);

/* h7 (2.2.11), link key conversion with a salt (CT2): AES-CMAC_SALT(W). */
fc_status fc_ble_h7(const fc_provider *provider, uint8_t out[16], const uint8_t salt[16],
                    const uint8_t w[16]);

/* ah (2.2.2), the random address hash: e(IRK, 0^104 || r) mod 2^24. A resolvable private
 * address is hash || prand over the air; resolving one compares ah(IRK, prand) with the hash
 * (fc_ct_equal). */
fc_status fc_ble_ah(const fc_provider *provider, uint8_t out[3], const uint8_t irk[16],
                    const uint8_t r[3]);

/* LEGACY pairing (LE legacy, before Secure Connections: its TK is guessable, for old peers
 * only). c1 (2.2.3), the confirm value: e(k, e(k, r XOR p1) XOR p2) with
 * p1 = pres || preq || rat' || iat', p2 = 0^32 || ia || ra; iat and rat must be 0 or 1
 * (FC_ERR_ARGUMENT otherwise). */
fc_status fc_ble_c1(const fc_provider *provider, uint8_t out[16], const uint8_t k[16],
                    const uint8_t r[16], const uint8_t preq[7], const uint8_t pres[7],
                    uint8_t iat, uint8_t rat, const uint8_t ia[6], const uint8_t ra[6]);
/* LEGACY: s1 (2.2.4), the STK: e(k, r1' || r2'), r1' and r2' the low 64 bits of r1 and r2. */
fc_status fc_ble_s1(const fc_provider *provider, uint8_t out[16], const uint8_t k[16],
                    const uint8_t r1[16], const uint8_t r2[16]);

/* A fresh P-256 key pair from rng (NULL: the default source): priv (32 bytes) and
 * pub = X || Y (64 bytes). */
fc_status fc_ble_keypair(const fc_provider *provider, const fc_rng *rng, uint8_t priv[32],
                         uint8_t pub[64]);

/* DHKey = x(priv * peer) (32 bytes). The peer key (X || Y) is validated first (coordinates
 * < p, on the curve, so never the point at infinity): FC_ERR_POINT otherwise, which stops the
 * invalid-curve attack on pairing (CVE-2018-5383: a peer key whose Y was zeroed). The debug
 * public key as the peer's is FC_ERR_KEY unless flags has FC_BLE_ALLOW_DEBUG_KEY. priv must
 * be in [1, n - 1] (FC_ERR_KEY otherwise). */
fc_status fc_ble_dhkey(const fc_provider *provider, uint8_t dhkey[32], const uint8_t priv[32],
                       const uint8_t peer[64], unsigned flags);

#ifdef __cplusplus
}
#endif
#endif
