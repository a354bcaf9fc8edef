/* The CCM mode (NIST SP 800-38C, RFC 3610): a CBC-MAC over the formatted nonce and lengths
 * (B0), the AAD with its length prefix (2, 6 or 10 bytes), and the plaintext, each zero-padded
 * to whole blocks; the plaintext in counter mode from counter 1; the MAC masked with the
 * keystream of counter 0. Nonce 7 to 13 bytes, so the counter and the message length have
 * q = 15 - nonce_len bytes; tags 4, 6, ..., 16 bytes. Bluetooth LE's link layer is CCM with a
 * 13-byte nonce and a 4-byte MIC (Core Specification Vol 6 Part E).
 *
 * State: the block cipher keyed for encryption (the front end keys it). Each block of the
 * message costs one block cipher call of two blocks: the CBC-MAC block and the counter block
 * together (the bitsliced AES computes two blocks at once). Opening runs the MAC one block
 * behind, since it needs the plaintext that the counter block of the same call reveals.
 *
 * Opening: the MAC is over the plaintext, so the plaintext is written to out as it is
 * decrypted and exists there only until the tag is checked (in constant time, fc_ct_equal):
 * on a mismatch out is wiped before FC_ERR_VERIFY returns (and the front end wipes it again).
 * Constant time: branches depend on lengths only. The chaining value, keystream and tag
 * mask are wiped before every return.
 */
#include "core.h"

/* value into q bytes, big-endian */
static void put_be(uint8_t *b, size_t q, uint64_t value)
{
    while (q-- > 0) {
        b[q] = (uint8_t)value;
        value >>= 8;
    }
}

/* What one message needs; wiped as a whole at the end. */
typedef struct {
    uint8_t x[32];    /* [0..16): the CBC-MAC chaining value; [16..32): a counter block, then
                       * its keystream */
    uint8_t s0[16];   /* E_K(counter block 0): the tag mask */
    uint8_t used;     /* AAD bytes in the block being absorbed */
} ccm_run;

/* MAC input bytes XORed into the chaining value, a block cipher call per full block */
static fc_status mac_absorb(const fc_impl *block, void *state, ccm_run *r, const uint8_t *data,
                            size_t len)
{
    fc_status st = FC_OK;
    size_t i;
    for (i = 0; i < len && st == FC_OK; i++) {
        r->x[r->used++] ^= data[i];
        if (r->used == 16) {
            st = fc_core_block_encrypt(block, state, r->x, r->x, 1);
            r->used = 0;
        }
    }
    return st;
}

/* The whole of CCM but the tag's use: encrypts or decrypts in into out and leaves the masked
 * MAC, all 16 bytes, in mac. */
static fc_status ccm_run_message(const fc_impl *block, void *state, int decrypt, uint8_t *out,
                                 uint8_t mac[16], size_t tag_len, const uint8_t *nonce,
                                 size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                 const uint8_t *in, size_t len)
{
    ccm_run r;
    uint8_t prefix[10];
    size_t q = 15 - nonce_len, prefix_len = 0, off, i, n;
    uint64_t counter;
    int pending = 0;
    fc_status st;
    if (nonce_len < 7 || nonce_len > 13 || tag_len < 4 || tag_len > 16 || tag_len % 2 != 0 ||
        (q < 8 && ((uint64_t)len >> (8 * q)) != 0))
        return FC_ERR_LENGTH; /* the front end checked; a mode never runs off its fields */
    memset(&r, 0, sizeof(r));
    /* B0 = flags | nonce | message length; counter block 0 = q - 1 | nonce | 0 */
    r.x[0] = (uint8_t)((aad_len > 0 ? 0x40 : 0) | ((tag_len - 2) / 2) << 3 | (q - 1));
    memcpy(r.x + 1, nonce, nonce_len);
    put_be(r.x + 16 - q, q, (uint64_t)len);
    r.x[16] = (uint8_t)(q - 1);
    memcpy(r.x + 17, nonce, nonce_len);
    st = fc_core_block_encrypt(block, state, r.x, r.x, 2);
    memcpy(r.s0, r.x + 16, 16);

    /* the AAD after its length: 2 bytes below 2^16 - 2^8, else ff fe and 4, or ff ff and 8 */
    if (aad_len > 0) {
        uint64_t a = (uint64_t)aad_len;
        if (a < 0xff00u) {
            put_be(prefix, 2, a);
            prefix_len = 2;
        } else if (a <= 0xffffffffu) {
            prefix[0] = 0xff, prefix[1] = 0xfe;
            put_be(prefix + 2, 4, a);
            prefix_len = 6;
        } else {
            prefix[0] = 0xff, prefix[1] = 0xff;
            put_be(prefix + 2, 8, a);
            prefix_len = 10;
        }
        if (st == FC_OK)
            st = mac_absorb(block, state, &r, prefix, prefix_len);
        if (st == FC_OK)
            st = mac_absorb(block, state, &r, aad, aad_len);
        if (st == FC_OK && r.used != 0) /* the zero padding: nothing to XOR */
            st = fc_core_block_encrypt(block, state, r.x, r.x, 1);
    }

    /* the message: sealing MACs block i with counter block i in one call; opening MACs block
     * i - 1 with counter block i, since block i is known only after that call */
    for (off = 0, counter = 1; off < len && st == FC_OK; off += n, counter++) {
        n = len - off < 16 ? len - off : 16;
        r.x[16] = (uint8_t)(q - 1);
        memcpy(r.x + 17, nonce, nonce_len);
        put_be(r.x + 32 - q, q, counter);
        if (!decrypt)
            for (i = 0; i < n; i++)
                r.x[i] ^= in[off + i];
        if (!decrypt || pending)
            st = fc_core_block_encrypt(block, state, r.x, r.x, 2);
        else
            st = fc_core_block_encrypt(block, state, r.x + 16, r.x + 16, 1);
        for (i = 0; i < n && st == FC_OK; i++) {
            uint8_t o = (uint8_t)(in[off + i] ^ r.x[16 + i]);
            out[off + i] = o;
            if (decrypt)
                r.x[i] ^= o; /* the plaintext */
        }
        pending = decrypt;
    }
    if (st == FC_OK && pending)
        st = fc_core_block_encrypt(block, state, r.x, r.x, 1);
    if (st == FC_OK)
        for (i = 0; i < 16; i++)
            mac[i] = (uint8_t)(r.x[i] ^ r.s0[i]);
    fc_zeroize(&r, sizeof(r));
    return st;
}

fc_status fc_core_ccm_seal(const fc_impl *block, void *state, uint8_t *out, uint8_t *tag,
                           size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len)
{
    uint8_t mac[16];
    fc_status st = ccm_run_message(block, state, 0, out, mac, tag_len, nonce, nonce_len, aad,
                                   aad_len, in, len);
    if (st == FC_OK)
        memcpy(tag, mac, tag_len);
    fc_zeroize(mac, sizeof(mac));
    return st;
}

fc_status fc_core_ccm_open(const fc_impl *block, void *state, uint8_t *out,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                           size_t aad_len, const uint8_t *in, size_t len, const uint8_t *tag,
                           size_t tag_len)
{
    uint8_t mac[16];
    fc_status st = ccm_run_message(block, state, 1, out, mac, tag_len, nonce, nonce_len, aad,
                                   aad_len, in, len);
    if (st == FC_OK && !fc_ct_equal(mac, tag, tag_len))
        st = FC_ERR_VERIFY;
    if (st != FC_OK && len > 0)
        fc_zeroize(out, len); /* the unauthenticated plaintext, or a partial one */
    fc_zeroize(mac, sizeof(mac));
    return st;
}
