/* Key wrap: AES-KW (RFC 3394, SP 800-38F) and AES-KWP (RFC 5649, key wrap with padding).
 *
 * fc_wrap: KW wraps 16 bytes or more in multiples of 8, KWP 1 byte or more; the output is
 * fc_wrap_len(alg, len) bytes (KW: len + 8; KWP: len rounded up to 8, plus 8). fc_unwrap
 * checks the integrity value (and KWP's length and zero padding) and releases the key only
 * when all of it holds: FC_ERR_VERIFY otherwise, with out[0..len - 8) wiped (the unwrapping
 * runs in out). *out_len is the room in out on entry (at least len - 8), the key's length on
 * FC_OK. KEKs: 16, 24 or 32 bytes. out must not overlap in.
 * Constant time in the key and the data; the checks compare without branching on secret bytes.
 */
#ifndef FIELDCRYPT_WRAP_H
#define FIELDCRYPT_WRAP_H
#include <stddef.h>
#include <stdint.h>
#include "config.h"
#include "status.h"
#include "algorithms.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Bytes fc_wrap writes for a key of len bytes (0 when alg is not a key wrap). */
size_t fc_wrap_len(fc_alg alg, size_t len);
fc_status fc_wrap(const fc_provider *provider, fc_alg alg, uint8_t *out, size_t *out_len,
                  const uint8_t *kek, size_t kek_len, const uint8_t *in, size_t len);
fc_status fc_unwrap(const fc_provider *provider, fc_alg alg, uint8_t *out, size_t *out_len,
                    const uint8_t *kek, size_t kek_len, const uint8_t *in, size_t len);

#ifdef __cplusplus
}
#endif
#endif
