/* Block ciphers and their unauthenticated modes: AES-128/192/256 (FIPS 197), DES and 3DES
 * (legacy, SP 800-67), in ECB, CBC, CBC with PKCS#7 padding, and counter mode (SP 800-38A).
 *
 * fc_block_*: the raw cipher, one key schedule, whole blocks. dir says which directions the
 * context is keyed for (FC_ENCRYPT, FC_DECRYPT or both), as a cover API's "set encryption
 * key" and "set decryption key" do.
 *
 * fc_cipher_*: a mode over a cipher, streaming. FC_AES_ECB, FC_DES_ECB, FC_TDES_ECB take no
 * IV; FC_AES_CBC, FC_DES_CBC, FC_TDES_CBC and FC_AES_CBC_PKCS7 take an IV of one block;
 * FC_AES_CTR and FC_AES_CTR32 take the first counter block (16 bytes: the whole block counts
 * as a big-endian integer for FC_AES_CTR, only its last 4 bytes, wrapping, for FC_AES_CTR32,
 * as GCM's inc32). fc_cipher_update takes any lengths and writes output as blocks complete;
 * ECB and CBC without padding must end on a block boundary (fc_cipher_final: FC_ERR_LENGTH
 * otherwise). The CBC chain continues across calls; fc_cipher_set_iv primes a new IV (and
 * restarts a counter) without re-keying. With PKCS#7 padding, encryption's final writes the
 * padded last block (1 to 16 bytes of padding, always), and decryption holds back the last
 * block until final, which checks and removes the padding in constant time and returns
 * FC_ERR_PADDING, having written nothing of that block, when it is wrong.
 *
 * Output lengths: update writes at most len + one block (fc_cipher_update's *out_len says how
 * much), final at most one block. out may be the same buffer as in (in place) but must not
 * otherwise overlap.
 *
 * Keys: AES takes 16, 24 or 32 bytes; DES 8 (weak and semi-weak keys refused with
 * FC_ERR_WEAK_KEY, parity bits ignored); 3DES 24 (K1 K2 K3) or 16 (K1 K2 K1), refused when
 * K1 = K2 or K2 = K3 (that is single DES). DES and 3DES are legacy: for old protocols only.
 *
 * Constant time (fieldcrypt's own): no table indexed by key or data (AES bitsliced, DES with
 * its S-boxes computed), padding checked without a data-dependent branch. ECB leaks equal
 * blocks, and neither CBC nor CTR authenticates: prefer an AEAD (aead.h) for new designs.
 */
#ifndef FIELDCRYPT_CIPHER_H
#define FIELDCRYPT_CIPHER_H
#include <stddef.h>
#include <stdint.h>
#include "config.h"
#include "status.h"
#include "algorithms.h"
#ifdef __cplusplus
extern "C" {
#endif

#define FC_ENCRYPT 0x1u
#define FC_DECRYPT 0x2u
#define FC_BLOCK_MAX_LEN 16      /* the largest block of any cipher (AES), bytes */

struct fc_impl;

/* The caller allocates it; its fields are private. */
typedef struct fc_block_ctx {
    const struct fc_impl *impl;
    uint32_t magic;
    uint16_t alg;                      /* fc_alg */
    uint8_t dir;                       /* FC_ENCRYPT | FC_DECRYPT */
    uint8_t pad;
    union {
        uint64_t align;
        void *align_ptr;
        uint8_t bytes[FC_BLOCK_STATE_SIZE];
    } state;
} fc_block_ctx;

/* The raw block cipher (FC_AES, FC_DES, FC_TDES), for the directions in dir (FC_ENCRYPT,
 * FC_DECRYPT or both): keys ctx on the first provider of the chain that accepts it; a weak
 * DES key is FC_ERR_WEAK_KEY. Then fc_block_encrypt / fc_block_decrypt, and fc_block_wipe. */
fc_status fc_block_init(fc_block_ctx *ctx, const fc_provider *provider, fc_alg alg,
                        unsigned dir, const uint8_t *key, size_t key_len);
/* len: a multiple of the block (FC_ERR_LENGTH otherwise, nothing written). */
fc_status fc_block_encrypt(fc_block_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len);
fc_status fc_block_decrypt(fc_block_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len);
void fc_block_wipe(fc_block_ctx *ctx);

/* The caller allocates it; its fields are private. */
typedef struct fc_cipher_ctx {
    const struct fc_impl *impl;        /* a provider's own mode, or the cipher under the core's */
    uint32_t magic;
    uint16_t alg;                      /* fc_alg */
    uint8_t mode;                      /* FC_MODE_NONE (the provider's own) or the core's mode */
    uint8_t dir;                       /* FC_ENCRYPT or FC_DECRYPT */
    uint8_t padding;                   /* 1: PKCS#7 */
    uint8_t used;                      /* bytes in buf */
    uint8_t block;                     /* block bytes */
    uint8_t reserved;
    uint8_t iv[FC_BLOCK_MAX_LEN];      /* the core's mode: chaining value or counter block */
    uint8_t buf[FC_BLOCK_MAX_LEN];     /* partial input, held-back block, or CTR keystream */
    union {
        uint64_t align;
        void *align_ptr;
        uint8_t bytes[FC_BLOCK_STATE_SIZE];
    } state;
} fc_cipher_ctx;

/* iv: the algorithm's nonce bytes (fc_alg_get), NULL with iv_len 0 for ECB. dir: FC_ENCRYPT
 * or FC_DECRYPT (counter mode: either, the same operation). */
fc_status fc_cipher_init(fc_cipher_ctx *ctx, const fc_provider *provider, fc_alg alg,
                         unsigned dir, const uint8_t *key, size_t key_len, const uint8_t *iv,
                         size_t iv_len);
/* Prime a new IV or counter block; input buffered but not yet processed is dropped. */
fc_status fc_cipher_set_iv(fc_cipher_ctx *ctx, const uint8_t *iv, size_t iv_len);
/* out has room for len + one block; *out_len gets the bytes written. */
fc_status fc_cipher_update(fc_cipher_ctx *ctx, uint8_t *out, size_t *out_len,
                           const uint8_t *in, size_t len);
/* Ends the message (out: room for one block, *out_len gets 0 to 16 bytes) and wipes the
 * context. */
fc_status fc_cipher_final(fc_cipher_ctx *ctx, uint8_t *out, size_t *out_len);
void fc_cipher_wipe(fc_cipher_ctx *ctx);

/* One-shot: *out_len is the room in out on entry (len, or len + one block with padding when
 * encrypting), the bytes written on FC_OK. */
fc_status fc_cipher(const fc_provider *provider, fc_alg alg, unsigned dir, uint8_t *out,
                    size_t *out_len, const uint8_t *key, size_t key_len, const uint8_t *iv,
                    size_t iv_len, const uint8_t *in, size_t len);

#ifdef __cplusplus
}
#endif
#endif
