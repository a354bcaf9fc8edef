/* Authenticated encryption with associated data: AES-GCM (SP 800-38D), AES-CCM (SP 800-38C,
 * with Bluetooth LE's 13-byte nonce and 4-byte MIC), ChaCha20-Poly1305 (RFC 8439) and
 * XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha).
 *
 * A context is keyed once (fc_aead_init: one AES key schedule for a whole BLE link) and then
 * seals and opens any number of messages, each with its own nonce. One-shot: fc_aead_encrypt
 * and fc_aead_decrypt key, run and wipe.
 *
 * Lengths: AES keys 16, 24 or 32 bytes, ChaCha20 keys 32. Nonces: GCM any length from 1 byte
 * (12 is the fast and recommended one), CCM 7 to 13 bytes (the message length must then fit
 * in 15 - nonce_len bytes), ChaCha20-Poly1305 12, XChaCha20-Poly1305 24. Tags: GCM 4, 8 or
 * 12 to 16 bytes (SP 800-38D 5.2.1.2), CCM 4, 6, 8, 10, 12, 14 or 16, ChaCha20-Poly1305 16.
 * Messages: GCM at most 2^36 - 32 bytes (2^32 - 2 blocks), ChaCha20-Poly1305 at most
 * 2^38 - 64 (the 32-bit block counter). A length out of range: FC_ERR_LENGTH, nothing written.
 *
 * Opening: the plaintext is written to out only when the tag verified. On FC_ERR_VERIFY every
 * byte of out[0..len) has been wiped (an implementation may decrypt into out before the tag is
 * known: the core zeroes it before returning), so no unauthenticated plaintext is ever
 * released. out may be the same buffer as in (in place) but must not otherwise overlap; a
 * failed in-place open leaves zeros where the ciphertext was. The context stays keyed after
 * FC_ERR_VERIFY (and after a refused call: NULL, length), so a forged packet does not end a
 * link: the next message opens as usual. Any other failure of seal or open is a fault of the
 * implementation: out (and seal's tag) are wiped and so is the context; init it again.
 *
 * A nonce must never repeat under one key: these functions cannot detect that (for random
 * nonces prefer XChaCha20-Poly1305, whose 24 bytes make collisions negligible).
 * Constant time (fieldcrypt's own): GHASH multiplies without tables, Poly1305 in 26-bit limbs (13-bit on the Cortex-M0, whose multiply is 32x32->32)
 * without data-dependent branches, tags compared in constant time.
 */
#ifndef FIELDCRYPT_AEAD_H
#define FIELDCRYPT_AEAD_H
#include <stddef.h>
#include <stdint.h>
#include "config.h"
#include "status.h"
#include "algorithms.h"
#ifdef __cplusplus
extern "C" {
#endif

#define FC_AEAD_MAX_TAG 16       /* the longest tag of any AEAD, bytes */

struct fc_impl;

/* The caller allocates it; its fields are private. */
typedef struct fc_aead_ctx {
    const struct fc_impl *impl;        /* a provider's own AEAD, or the base under the core's */
    const fc_provider *provider;       /* where the core's ChaCha20-Poly1305 finds Poly1305 */
    uint32_t magic;
    uint16_t alg;                      /* fc_alg */
    uint8_t mode;                      /* FC_MODE_NONE (the provider's own) or the core's mode */
    uint8_t pad;
    union {
        uint64_t align;
        void *align_ptr;
        uint8_t bytes[FC_AEAD_STATE_SIZE];
    } state;
} fc_aead_ctx;

/* Keys ctx (zeroed, or wiped) for alg, an AEAD of the list, on the first provider of the
 * chain that accepts it; the context then seals and opens until fc_aead_wipe. */
fc_status fc_aead_init(fc_aead_ctx *ctx, const fc_provider *provider, fc_alg alg,
                       const uint8_t *key, size_t key_len);
/* out gets len bytes of ciphertext, tag tag_len bytes. */
fc_status fc_aead_seal(fc_aead_ctx *ctx, uint8_t *out, uint8_t *tag, size_t tag_len,
                       const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                       size_t aad_len, const uint8_t *in, size_t len);
/* out gets len bytes of plaintext when the tag verified; FC_ERR_VERIFY and out wiped else. */
fc_status fc_aead_open(fc_aead_ctx *ctx, uint8_t *out, const uint8_t *nonce, size_t nonce_len,
                       const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                       const uint8_t *tag, size_t tag_len);
void fc_aead_wipe(fc_aead_ctx *ctx);

/* One-shot seal: keys a context, seals one message (out: len bytes of ciphertext, tag:
 * tag_len bytes) and wipes the context. */
fc_status fc_aead_encrypt(const fc_provider *provider, fc_alg alg, uint8_t *out, uint8_t *tag,
                          size_t tag_len, const uint8_t *key, size_t key_len,
                          const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                          size_t aad_len, const uint8_t *in, size_t len);
/* One-shot open: out gets len bytes of plaintext when the tag verified; FC_ERR_VERIFY
 * with out wiped when it did not. */
fc_status fc_aead_decrypt(const fc_provider *provider, fc_alg alg, uint8_t *out,
                          const uint8_t *key, size_t key_len, const uint8_t *nonce,
                          size_t nonce_len, const uint8_t *aad, size_t aad_len,
                          const uint8_t *in, size_t len, const uint8_t *tag, size_t tag_len);

#ifdef __cplusplus
}
#endif
#endif
