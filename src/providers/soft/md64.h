/* What the hashes with 64-byte blocks and 32-bit chaining words share (SHA-1, MD5, SM3):
 * buffering input into whole blocks, and the Merkle-Damgard padding (0x80, zeros, the 64-bit
 * message length in bits, big-endian except for MD5) that ends the message. md64.c. */
#ifndef FC_SOFT_MD64_H
#define FC_SOFT_MD64_H
#include <stddef.h>
#include <stdint.h>

typedef void (*md64_compress_fn)(uint32_t *h, const uint8_t block[64]);

typedef struct md64 {
    uint64_t total;                    /* bytes hashed so far */
    uint32_t buf_len;                  /* bytes in buf */
    uint8_t buf[64];
} md64;

/* Whole blocks go to compress straight from data; the rest waits in m->buf. */
void md64_update(md64 *m, uint32_t *h, md64_compress_fn compress, const uint8_t *data,
                 size_t len);
/* Pads and compresses the last block(s). */
void md64_finish(md64 *m, uint32_t *h, md64_compress_fn compress, int little_endian_length);

#endif
