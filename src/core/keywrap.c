/* The key wrap modes over AES: KW (RFC 3394; NIST SP 800-38F 6.2) and KWP, key wrap with
 * padding (RFC 5649; SP 800-38F 6.3). Both are the wrapping function W of SP 800-38F 6.1:
 * six passes over the 64-bit semiblocks R[1..n], each step encrypting A | R[i] and folding the
 * step number t into the new A. KW starts A at A6A6A6A6A6A6A6A6; KWP at A65959A6 and the key's
 * length in 32 bits, over the key zero-padded to 8 bytes, and a padded key of 8 bytes is one
 * block encryption of A | key instead. Unwrapping runs W backwards with the inverse cipher
 * and checks A.
 *
 * Both run in the caller's out: wrap builds A | key there and transforms it in place; unwrap
 * copies the semiblocks into out (len - 8 bytes) and keeps A on the stack. The integrity
 * check (KW: A equals the constant; KWP: the constant, 8(n - 1) < length <= 8n and zero
 * padding bytes) is computed with masks over all the bytes and decided once, so its time
 * does not depend on which part failed or on the length in A. On failure out is wiped.
 * The working block is wiped before every return.
 */
#include "core.h"

static const uint8_t kw_iv[8] = {0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6};
static const uint8_t kwp_iv[4] = {0xa6, 0x59, 0x59, 0xa6};

/* a ^= t as a 64-bit big-endian integer */
static void xor_step(uint8_t a[8], uint64_t t)
{
    int i;
    for (i = 7; i >= 0; i--, t >>= 8)
        a[i] ^= (uint8_t)t;
}

/* W: A at out[0..8), the n semiblocks after it, wrapped in place */
static fc_status wrap_steps(const fc_impl *block, void *state, uint8_t *out, size_t n)
{
    uint8_t b[16];
    uint64_t t = 0;
    size_t i;
    unsigned j;
    fc_status st = FC_OK;
    memcpy(b, out, 8);
    for (j = 0; j < 6 && st == FC_OK; j++)
        for (i = 1; i <= n && st == FC_OK; i++) {
            memcpy(b + 8, out + 8 * i, 8);
            st = fc_core_block_encrypt(block, state, b, b, 1);
            xor_step(b, ++t);
            memcpy(out + 8 * i, b + 8, 8);
        }
    memcpy(out, b, 8);
    fc_zeroize(b, sizeof(b));
    return st;
}

/* W^-1: a is A, r the n semiblocks, both unwrapped in place */
static fc_status unwrap_steps(const fc_impl *block, void *state, uint8_t a[8], uint8_t *r,
                              size_t n)
{
    uint8_t b[16];
    uint64_t t = 6 * (uint64_t)n;
    size_t i;
    unsigned j;
    fc_status st = FC_OK;
    memcpy(b, a, 8);
    for (j = 0; j < 6 && st == FC_OK; j++)
        for (i = n; i >= 1 && st == FC_OK; i--) {
            xor_step(b, t--);
            memcpy(b + 8, r + 8 * (i - 1), 8);
            st = fc_core_block_decrypt(block, state, b, b, 1);
            memcpy(r + 8 * (i - 1), b + 8, 8);
        }
    memcpy(a, b, 8);
    fc_zeroize(b, sizeof(b));
    return st;
}

fc_status fc_core_kw_wrap(const fc_impl *block, void *state, unsigned mode, uint8_t *out,
                          const uint8_t *in, size_t len)
{
    size_t padded = len;
    if (mode == FC_MODE_KWP ? len < 1 : len < 16 || len % 8 != 0)
        return FC_ERR_LENGTH; /* the front end checked; the steps never run short */
    if (mode == FC_MODE_KWP) {
        padded = (len + 7) & ~(size_t)7;
        memcpy(out, kwp_iv, 4);
        out[4] = (uint8_t)(len >> 24), out[5] = (uint8_t)(len >> 16);
        out[6] = (uint8_t)(len >> 8), out[7] = (uint8_t)len;
        memset(out + 8 + len, 0, padded - len);
    } else {
        memcpy(out, kw_iv, 8);
    }
    memcpy(out + 8, in, len);
    if (padded == 8) /* KWP's one semiblock: a single block encryption */
        return fc_core_block_encrypt(block, state, out, out, 1);
    return wrap_steps(block, state, out, padded / 8);
}

/* 1 when a < b, for values below 2^63, without a branch */
static uint32_t less(uint64_t a, uint64_t b)
{
    return (uint32_t)((a - b) >> 63);
}

fc_status fc_core_kw_unwrap(const fc_impl *block, void *state, unsigned mode, uint8_t *out,
                            size_t *key_len, const uint8_t *in, size_t len)
{
    uint8_t a[16];
    size_t padded = len - 8, k;
    uint64_t mli;
    uint32_t ok, bad = 0;
    fc_status st;
    if (len < (mode == FC_MODE_KWP ? 16u : 24u) || len % 8 != 0)
        return FC_ERR_LENGTH; /* the front end checked; the steps never run short */
    if (mode == FC_MODE_KWP && len == 16) { /* one semiblock: a single block decryption */
        st = fc_core_block_decrypt(block, state, a, in, 1);
        memcpy(out, a + 8, 8);
    } else {
        memcpy(a, in, 8);
        memcpy(out, in + 8, padded);
        st = unwrap_steps(block, state, a, out, padded / 8);
    }
    if (mode == FC_MODE_KWP) {
        mli = (uint64_t)a[4] << 24 | (uint64_t)a[5] << 16 | (uint64_t)a[6] << 8 | a[7];
        ok = (uint32_t)fc_ct_equal(a, kwp_iv, 4);
        ok &= less(padded - 8, mli) & (1u - less(padded, mli)); /* 8(n-1) < mli <= 8n */
        for (k = padded - 8; k < padded; k++) { /* the padding: bytes from mli on are zero */
            uint64_t m = mli;
#if defined(__GNUC__)
            __asm__("" : "+r"(m)); /* opaque, so the compiler cannot index out by mli */
#endif
            bad |= out[k] & (0u - (1u - less(k, m)));
        }
        ok &= (bad - 1u) >> 31;
    } else {
        mli = padded;
        ok = (uint32_t)fc_ct_equal(a, kw_iv, 8);
    }
    FC_DECLASSIFY(&ok, sizeof(ok)); /* the verdict is public */
    if (st == FC_OK && !ok)
        st = FC_ERR_VERIFY;
    if (st == FC_OK) {
        FC_DECLASSIFY(&mli, sizeof(mli)); /* verified: the key's length is the caller's output */
        *key_len = (size_t)mli;
    }
    else
        fc_zeroize(out, padded);
    fc_zeroize(a, sizeof(a));
    return st;
}
